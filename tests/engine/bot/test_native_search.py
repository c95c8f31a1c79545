"""The bot's C search (engine/bot/native/ultimate_search.c) against the Python code it twins.

Rules and evaluation value for value on positions of random games; fixed-depth
searches value for value and node for node (with and without the table, late move
reductions and quiescence); iterative deepening move for move. The package build (setup.py, run
by scripts/setup.sh's pip install) compiles the library: these tests fail, rather than skip, when it is missing.
"""

from __future__ import annotations

import _ctypes
import math
import os
import random
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest

from engine.arena.players import BotPlayer
from engine.bot import native_search
from engine.bot.decision import QUIESCE_PLIES
from engine.bot.decision import search as bot_search
from engine.bot.iterative import think
from engine.bot.native_search import FLAG_NO_QUIESCENCE, FLAG_NO_REDUCTIONS, FLAG_NO_TABLE, native_engine
from engine.bot.search import enhanced_alphabeta
from engine.evaluation.ultimate import CONTEMPT, DEFAULT_WEIGHTS, WIN, draw_shift, judges, make_evaluate, scoring
from engine.evaluation.ultimate_captures import captures
from engine.games.ultimate import ULTIMATE
from engine.search.transposition import TranspositionTable
from tests.realtime import Stopwatch
from tests.ultimate_positions import board_fen, random_positions

SM_BOT = os.path.join(os.path.dirname(sys.executable), "sm-bot")


def draw_for(state: int, contempt: int = CONTEMPT) -> int:
    """The draw's value shift for the bot to move in ``state`` (as engine.bot.decision.search gives it)."""
    return draw_shift(ULTIMATE.to_move(state), contempt)


@pytest.fixture(scope="module")
def engine() -> native_search.NativeEngine:
    built = native_engine(DEFAULT_WEIGHTS)
    assert built is not None, "the C search is not built: run scripts/build_native.sh (setup.sh does)"
    return built


def test_rules_and_evaluation_match_python_on_every_position_of_random_games(engine) -> None:
    rng = random.Random(11)
    checked = 0
    for draw in (0, -50, 300):
        evaluate = make_evaluate(DEFAULT_WEIGHTS, draw)
        for _ in range(40):
            state = ULTIMATE.initial()
            while not ULTIMATE.is_over(state):
                moves = ULTIMATE.legal_moves(state)
                assert engine.legal_moves(state) == moves, ULTIMATE.fen(state)
                assert engine.evaluate(state, draw) == evaluate(state), ULTIMATE.fen(state)
                checked += 1
                state = ULTIMATE.play(state, rng.choice(moves))
            assert engine.legal_moves(state) == ()
    assert checked > 5000


def test_evaluation_of_other_weights_matches_python() -> None:
    weights = DEFAULT_WEIGHTS.with_(two=14, chance=3000, relevance=8, free_move=45)
    other = native_engine(weights)
    assert other is not None
    assert not other.mapped and native_engine(DEFAULT_WEIGHTS).mapped  # only the default's tables are in the file
    evaluate = make_evaluate(weights, 50)
    for state in random_positions(400, seed=3):
        assert other.evaluate(state, 50) == evaluate(state), ULTIMATE.fen(state)


@pytest.mark.parametrize("flags", [FLAG_NO_TABLE | FLAG_NO_REDUCTIONS, FLAG_NO_TABLE | FLAG_NO_REDUCTIONS
                                   | FLAG_NO_QUIESCENCE])
def test_fixed_depth_search_without_table_equals_python_value_and_nodes(engine, flags: int) -> None:
    quiet = flags & FLAG_NO_QUIESCENCE
    for i, state in enumerate(random_positions(25, seed=5)):
        depth = 2 + i % 3
        evaluate, scoring = judges(ULTIMATE.to_move(state))
        result = enhanced_alphabeta(ULTIMATE, state, depth=depth, evaluate=evaluate, scoring=scoring, pvs=True,
                                    killers=[], history=defaultdict(int), quiesce=None if quiet else captures)
        value, nodes = engine.search_depth(state, depth, draw_for(state), None, flags)
        assert (value, nodes) == (result.value, result.nodes), ULTIMATE.fen(state)


@pytest.mark.slow
@pytest.mark.parametrize("plies", [2, 4])
def test_fixed_depth_search_with_every_option_equals_python_value_and_nodes(engine, plies: int) -> None:
    for i, state in enumerate(random_positions(20, seed=9 + plies)):
        depth = 3 + i % 2
        evaluate, scoring = judges(ULTIMATE.to_move(state))
        result = enhanced_alphabeta(ULTIMATE, state, depth=depth, evaluate=evaluate, scoring=scoring, pvs=True,
                                    killers=[], history=defaultdict(int), quiesce=captures,
                                    table=TranspositionTable(bits=22), reduce_late=5, quiesce_plies=plies)
        value, nodes = engine.search_depth(state, depth, draw_for(state), engine.table(22), quiesce_plies=plies)
        assert (value, nodes) == (result.value, result.nodes), ULTIMATE.fen(state)


def _negamax(state: int, depth: int, evaluate) -> int:
    """The plain depth-limited minimax value (x's view), no pruning."""
    if ULTIMATE.is_over(state):
        return scoring(ULTIMATE.outcome(state), state, ULTIMATE)
    if not depth:
        return evaluate(state)
    values = [_negamax(ULTIMATE.play(state, m), depth - 1, evaluate) for m in ULTIMATE.legal_moves(state)]
    return max(values) if ULTIMATE.to_move(state) == 0 else min(values)


def test_alpha_beta_returns_the_minimax_value(engine) -> None:
    """Without table, reductions and quiescence the C search is exact: the depth-limited minimax value. (Its
    null-window re-searches may enter more nodes than the tree has; the node counts are held to Python's.)"""
    evaluate = make_evaluate(DEFAULT_WEIGHTS, 0)
    for state in random_positions(15, seed=21):
        flags = FLAG_NO_TABLE | FLAG_NO_REDUCTIONS | FLAG_NO_QUIESCENCE
        value, nodes = engine.search_depth(state, 3, 0, None, flags)
        assert value == _negamax(state, 3, evaluate), ULTIMATE.fen(state)
        assert nodes >= 1


def test_iterative_deepening_matches_python_think_move_value_and_nodes(engine) -> None:
    for state in random_positions(8, seed=13, plies=(4, 40)):
        evaluate, scoring = judges(ULTIMATE.to_move(state))
        python = think(ULTIMATE, state, math.inf, evaluate=evaluate, scoring=scoring, win=WIN, max_depth=4,
                       table=TranspositionTable(bits=22), quiesce=captures, quiesce_plies=QUIESCE_PLIES)
        native = engine.think(state, time.monotonic() + 3600, draw_for(state), engine.table(22), max_depth=4,
                              quiesce_plies=QUIESCE_PLIES)
        assert (native.move, native.value, native.depth, native.nodes) == (
            python.move, python.value, python.depth, python.nodes), ULTIMATE.fen(state)
        assert native.principal_variation[0] == native.move
        assert native.engine == "C"


@pytest.mark.slow
@pytest.mark.realtime
def test_timed_search_keeps_its_deadline_and_answers_a_legal_move(engine) -> None:
    for state in random_positions(6, seed=17, plies=(2, 30)):
        with Stopwatch() as watch:
            decision = bot_search(state, 0.2, time.monotonic())
        assert decision.engine == "C"
        assert decision.move in ULTIMATE.legal_moves(state)
        assert watch.wall < watch.limit(0.2), watch
        assert decision.depth >= 1 and decision.nodes > 0


@pytest.mark.parametrize("seconds", [0.02, 0.06])
def test_a_timed_search_answers_only_once_its_deadline_has_passed(engine, seconds: float) -> None:
    # The iteration rule of engine.bot.iterative.think: a new iteration whenever the deadline has not passed,
    # so nothing but a solved position (or a single move) ends the search before it.
    for state in random_positions(8, seed=29, plies=(10, 40)):
        if len(ULTIMATE.legal_moves(state)) < 2:
            continue
        deadline = time.monotonic() + seconds
        decision = engine.think(state, deadline, draw_for(state), engine.table(18), quiesce_plies=QUIESCE_PLIES)
        assert decision.solved or time.monotonic() >= deadline, decision


def test_a_one_move_table_is_left_to_the_caller_when_asked() -> None:
    # sm-bot holds its table until the process exits: freed on return, the 64 MB of a long move delayed the answer
    state = random_positions(1, seed=31, plies=(10, 20))[0]
    held: list[object] = []
    decision = bot_search(state, 0.05, time.monotonic(), hold=held)
    assert decision.engine == "C" and len(held) == 1
    assert isinstance(held[0], native_search.NativeTable) and held[0].handle


def test_a_finished_game_has_no_move(engine) -> None:
    state = ULTIMATE.initial()
    rng = random.Random(2)
    while not ULTIMATE.is_over(state):
        state = ULTIMATE.play(state, rng.choice(ULTIMATE.legal_moves(state)))
    with pytest.raises(ValueError, match="game is over"):
        engine.think(state, time.monotonic() + 1, 0, engine.table(16))


def test_a_forced_win_is_found_and_reported_solved(engine) -> None:
    # x has sub-boards 1 and 2 and is sent to sub-board 3, where it completes a line: the game in one move.
    fen = board_fen({1: "xxx......", 2: "xxx.oo.o.", 3: "xx..o.o..", 4: "o........", 5: "o........",
                     7: "..o......"}, "73", "x")
    state = ULTIMATE.parse_fen(fen)
    decision = engine.think(state, time.monotonic() + 5, -50, engine.table(16))
    assert decision.move == 33
    assert decision.solved and decision.value >= WIN


def test_bot_player_keeps_a_c_table_and_drops_it_when_its_side_changes() -> None:
    player = BotPlayer(seconds=0.05)
    first, second = random_positions(2, seed=23, plies=(2, 3))
    x_state = first if ULTIMATE.to_move(first) == 0 else ULTIMATE.play(first, ULTIMATE.legal_moves(first)[0])
    player.choose(x_state, 0.05)
    kept = player.table.native
    assert kept is not None and player.last.engine == "C"
    player.choose(ULTIMATE.play(x_state, ULTIMATE.legal_moves(x_state)[0]), 0.05)  # now o to move
    assert player.table.native is not kept
    del second


def test_sm_bot_says_which_search_ran_and_falls_back_to_python() -> None:
    fen = "999999999 00 x"
    native = subprocess.run([SM_BOT, fen, "0.2"], capture_output=True, text=True, timeout=30)
    assert native.returncode == 0 and "search in C" in native.stderr
    env = dict(os.environ, TREEVIZ_PURE_PYTHON="1")
    python = subprocess.run([SM_BOT, fen, "0.2"], capture_output=True, text=True, timeout=30, env=env)
    assert python.returncode == 0 and "search in Python" in python.stderr
    assert python.stdout.strip() in {ULTIMATE.move_name(m) for m in ULTIMATE.legal_moves(ULTIMATE.initial())}


def test_a_library_of_another_abi_or_not_a_library_is_not_used(tmp_path, monkeypatch) -> None:
    built = native_search.library_path()
    assert built is not None
    name = Path(built).name
    folder = tmp_path / "native"
    folder.mkdir()
    monkeypatch.setattr(native_search, "FOLDER", str(folder))
    monkeypatch.setattr(native_search, "_lib", False)
    assert native_search.library() is None
    assert "not built" in native_search.why_python()  # nothing there: installed without a compiler
    (folder / name).write_bytes(b"not a shared library")
    monkeypatch.setattr(native_search, "_lib", False)
    assert native_search.library() is None
    assert "cannot be used" in native_search.why_python() and name in native_search.why_python()
    foreign = tmp_path / "foreign"  # a real shared library, but not ours (no ut_abi); in a folder of its own, as
    foreign.mkdir()  # the loader keeps it open under its path (and overwriting a loaded file's bytes is SIGBUS)
    shutil.copyfile(_ctypes.__file__, foreign / name)
    monkeypatch.setattr(native_search, "FOLDER", str(foreign))
    monkeypatch.setattr(native_search, "_lib", False)
    assert native_search.library() is None
    assert "cannot be used" in native_search.why_python() and "ut_abi" in native_search.why_python()
    monkeypatch.setattr(native_search, "FOLDER", str(folder))
    shutil.copyfile(built, folder / name)  # the real library, beside a header that describes other sources
    stale = tmp_path / "ultimate_interface.h"
    stale.write_text(Path(native_search.HEADER).read_text().replace("#define UT_ABI ", "#define UT_ABI 1"))
    monkeypatch.setattr(native_search, "HEADER", str(stale))
    monkeypatch.setattr(native_search, "_lib", False)
    assert native_search.library() is None
    assert "other sources" in native_search.why_python()


def test_sm_bot_notes_once_why_it_searches_in_python(tmp_path, monkeypatch, capsys) -> None:
    from treeviz.cli import smbot

    folder = tmp_path / "native"
    folder.mkdir()
    (folder / Path(native_search.library_path()).name).write_bytes(b"\x7fELF but not really")
    monkeypatch.setattr(native_search, "FOLDER", str(folder))
    monkeypatch.setattr(native_search, "_lib", False)
    monkeypatch.setattr(native_search, "_engines", {})
    assert smbot.answer("999999999 00 x", 0.1, time.monotonic()) == 0
    out, err = capsys.readouterr()
    assert int(out) in ULTIMATE.legal_moves(ULTIMATE.initial())
    notes = [line for line in err.splitlines() if line.startswith("note: ")]
    assert len(notes) == 1 and "cannot be used" in notes[0] and "searching in Python" in notes[0]
    assert "search in Python" in err
