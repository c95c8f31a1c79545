"""The learned evaluation: its features, its integers, its file, and the C search and the Python one agreeing."""

from __future__ import annotations

import math
import random
import time
from collections import defaultdict

import pytest

from engine.bot.decision import QUIESCE_PLIES
from engine.bot.iterative import think
from engine.bot.native_search import native_engine
from engine.bot.search import enhanced_alphabeta
from engine.evaluation.ultimate import BIG_LINES, DEFAULT_WEIGHTS, WIN, draw_shift, judges, make_evaluate
from engine.evaluation.ultimate_captures import captures
from engine.evaluation.ultimate_net import (
    BIG_OFFSET,
    DEFAULT_FILE,
    FEATURES,
    FORCED_OFFSET,
    HEADER,
    HIDDEN,
    LINE_CELLS,
    MAX_ACTIVE,
    OUT_SCALE,
    PARAMETERS,
    QA,
    QB,
    SIDE_OFFSET,
    VALUE_LIMIT,
    Net,
    NetFileError,
    features,
    load_net,
    scale_output,
)
from engine.games.ultimate import ULTIMATE
from engine.search.transposition import TranspositionTable
from tests.ultimate_positions import random_positions


def random_net(seed: int, spread: int = 40) -> Net:
    rng = random.Random(seed)
    w1 = [[rng.randint(-spread, spread) for _ in range(HIDDEN)] for _ in range(FEATURES)]
    return Net(w1, [rng.randint(0, 60) for _ in range(HIDDEN)], [rng.randint(-200, 200) for _ in range(HIDDEN)],
               rng.randint(-5000, 5000), note=f"random {seed}")


@pytest.fixture(scope="module")
def net() -> Net:
    return random_net(1)


def test_layout_is_about_35000_parameters_and_the_lines_are_the_c_search_s() -> None:
    assert FEATURES == 9 * 8 * 27 + 8 * 64 + 10 + 2 == 2468
    assert PARAMETERS == 39_521
    assert LINE_CELLS == BIG_LINES


def test_features_of_the_empty_board_by_hand() -> None:
    lit = features(ULTIMATE.initial())
    # every line of every sub-board empty (state 0), every big-board line open (0), a free move, x to move
    expected = [place * 216 + line * 27 for place in range(9) for line in range(8)]
    expected += [BIG_OFFSET + line * 64 for line in range(8)] + [FORCED_OFFSET + 0, SIDE_OFFSET + 0]
    assert lit == expected


def test_features_after_one_move_by_hand() -> None:
    state = ULTIMATE.play(ULTIMATE.initial(), 15)  # x in sub-board 1, cell 5 (the centre): o is sent to 5
    lit = features(state)
    centre_lines = {1, 4, 6, 7}  # row 2, column 2 and both diagonals hold cell 4 (0-based), as their middle
    for line in range(8):
        assert (line * 27 + (3 if line in centre_lines else 0)) in lit  # the middle cell counts 3 (x = 1)
    assert FORCED_OFFSET + 5 in lit and SIDE_OFFSET + 1 in lit
    assert len(lit) == MAX_ACTIVE


def test_features_of_random_positions_are_in_range_and_closed_boards_light_nothing() -> None:
    for state in random_positions(60, seed=4, plies=(10, 60)):
        lit = features(state)
        assert all(0 <= f < FEATURES for f in lit) and len(lit) <= MAX_ACTIVE
        closed = state >> 8 & 0x1FF
        open_subs = 9 - closed.bit_count()
        assert sum(1 for f in lit if f < BIG_OFFSET) == 8 * open_subs
        assert sum(1 for f in lit if BIG_OFFSET <= f < FORCED_OFFSET) == 8


def test_value_by_hand_with_one_lit_unit() -> None:
    w1 = [[0] * HIDDEN for _ in range(FEATURES)]
    w1[SIDE_OFFSET + 0][0] = 100  # x to move lights unit 0 with 100 (below the clip of 127)
    w1[FORCED_OFFSET + 0][0] = 50  # a free move adds 50: 150, clipped to 127
    w2 = [0] * HIDDEN
    w2[0] = QB  # 1.0
    net = Net(w1, [0] * HIDDEN, w2, -QA * QB // 2)  # output bias -0.5
    state = ULTIMATE.initial()
    assert net.accumulate(state)[0] == 150
    assert net.value(state) == (QA * QB - QA * QB // 2) * OUT_SCALE // (QA * QB) == 500
    assert scale_output(-1) == -1  # floor division, as in C
    assert scale_output(10**12) == VALUE_LIMIT and scale_output(-10**12) == -VALUE_LIMIT


def test_file_round_trip_and_its_hash(tmp_path, net: Net) -> None:
    data = net.to_bytes()
    path = tmp_path / "n.bin"
    path.write_bytes(data)
    back = load_net(str(path))
    assert (back.w1, back.b1, back.w2, back.b2, back.note) == (net.w1, net.b1, net.w2, net.b2, net.note)
    assert back.digest() == net.digest() and len(data) == HEADER.size + len(net.note.encode()) + 2 * (
        FEATURES * HIDDEN + 2 * HIDDEN) + 4


@pytest.mark.parametrize("damage", ["missing", "truncated", "header", "version", "hash", "layout", "magic"])
def test_unusable_files_are_refused_naming_the_file(tmp_path, net: Net, damage: str) -> None:
    data = bytearray(net.to_bytes())
    path = tmp_path / "weights.bin"
    if damage == "truncated":
        data = data[:-7]
    elif damage == "header":
        data = data[:10]
    elif damage == "version":
        data[8] = 99
    elif damage == "hash":
        data[-3] ^= 1
    elif damage == "layout":
        data[16] ^= 1  # the hidden units
    elif damage == "magic":
        data[0:6] = b"NOTNET"
    if damage != "missing":
        path.write_bytes(bytes(data))
    with pytest.raises(NetFileError, match=str(path).replace(".", r"\.")) as caught:
        load_net(str(path))
    assert "\n" not in str(caught.value)
    words = {"missing": "cannot read", "truncated": "expected", "header": "cut short", "version": "version 99",
             "hash": "SHA-256", "layout": "hidden units", "magic": "not a treeviz net"}
    assert words[damage] in str(caught.value)


def test_the_committed_weights_load_and_say_how_they_were_made() -> None:
    committed = load_net(DEFAULT_FILE)
    assert committed.note.startswith("made by: scripts/train_eval.py ")
    assert -VALUE_LIMIT <= committed.value(ULTIMATE.initial()) <= VALUE_LIMIT


def test_c_evaluation_equals_python_on_random_games(net: Net) -> None:
    engine = native_engine(DEFAULT_WEIGHTS, net)
    assert engine is not None, "the C search is not built: run scripts/build_native.sh"
    for draw in (0, -100):
        evaluate = make_evaluate(DEFAULT_WEIGHTS, draw, net)
        for state in random_positions(150, seed=7, plies=(0, 70)):
            assert engine.evaluate(state, draw) == evaluate(state), ULTIMATE.fen(state)


def test_the_net_replaces_the_heuristic_only(net: Net) -> None:
    learned, classic = make_evaluate(DEFAULT_WEIGHTS, 0, net), make_evaluate(DEFAULT_WEIGHTS, 0)
    differ = 0
    for state in random_positions(80, seed=8, plies=(0, 70)):
        a, b = learned(state), classic(state)
        if abs(b) >= WIN:  # a win in one move stays exact
            assert a == b
        elif a != b:
            differ += 1
            assert a == net.value(state)
    assert differ > 40


def test_classic_engine_is_unchanged_by_a_learned_one(net: Net) -> None:
    classic = native_engine(DEFAULT_WEIGHTS)
    native_engine(DEFAULT_WEIGHTS, net)
    evaluate = make_evaluate(DEFAULT_WEIGHTS, 0)
    for state in random_positions(20, seed=9):
        assert classic.evaluate(state) == evaluate(state)


@pytest.mark.slow
def test_fixed_depth_search_with_the_net_equals_python_node_for_node(net: Net) -> None:
    engine = native_engine(DEFAULT_WEIGHTS, net)
    for i, state in enumerate(random_positions(12, seed=10)):
        depth = 2 + i % 2
        side = ULTIMATE.to_move(state)
        evaluate, scoring = judges(side, net=net)
        result = enhanced_alphabeta(ULTIMATE, state, depth=depth, evaluate=evaluate, scoring=scoring, pvs=True,
                                    killers=[], history=defaultdict(int), quiesce=captures,
                                    table=TranspositionTable(bits=20), reduce_late=5, quiesce_plies=2)
        value, nodes = engine.search_depth(state, depth, draw_shift(side), engine.table(20), quiesce_plies=2)
        assert (value, nodes) == (result.value, result.nodes), ULTIMATE.fen(state)


@pytest.mark.slow
def test_iterative_deepening_with_the_net_matches_python_move_value_and_nodes(net: Net) -> None:
    engine = native_engine(DEFAULT_WEIGHTS, net)
    for state in random_positions(4, seed=13, plies=(4, 40)):
        side = ULTIMATE.to_move(state)
        evaluate, scoring = judges(side, net=net)
        python = think(ULTIMATE, state, math.inf, evaluate=evaluate, scoring=scoring, win=WIN, max_depth=3,
                       table=TranspositionTable(bits=20), quiesce=captures, quiesce_plies=QUIESCE_PLIES)
        native = engine.think(state, time.monotonic() + 3600, draw_shift(side), engine.table(20), max_depth=3,
                              quiesce_plies=QUIESCE_PLIES)
        assert (native.move, native.value, native.depth, native.nodes) == (
            python.move, python.value, python.depth, python.nodes), ULTIMATE.fen(state)
