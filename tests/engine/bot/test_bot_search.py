"""The bot's search: the enhanced alpha-beta and iterative deepening agree with the plain searches."""

from __future__ import annotations

import random
from collections import defaultdict
from math import inf

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bot.iterative import think
from engine.bot.search import SearchTimeout, enhanced_alphabeta
from engine.evaluation import tictactoe as tictactoe_eval
from engine.evaluation.ultimate import WIN, evaluate, scoring
from engine.games.tictactoe import TICTACTOE
from engine.games.ultimate import ULTIMATE
from engine.search.alphabeta import alphabeta
from engine.search.minimax import minimax
from engine.search.observer import TABLE, TERMINAL
from engine.search.scoring import quick
from engine.search.transposition import TranspositionTable
from engine.search.zobrist import hashing_for, ultimate_key

TTT_FENS = ["9 x", "9 o", "1o11o1oxx x", "x21o11xo o", "x8 o", "4x4 o", "xo7 x", "x3o4 x"]


def enhanced(game, state, **kwargs):
    """Alpha-beta with every enhancement on and a fresh (small) table."""
    table = TranspositionTable(bits=14)
    return enhanced_alphabeta(game, state, table=table, killers=[], history=defaultdict(int), pvs=True, **kwargs), table


def random_ultimate(rng: random.Random, plies: int) -> int:
    state = ULTIMATE.initial()
    for _ in range(plies):
        moves = ULTIMATE.legal_moves(state)
        if not moves:
            break
        state = ULTIMATE.play(state, rng.choice(moves))
    return state


def test_plain_alphabeta_keeps_its_textbook_node_count() -> None:
    assert alphabeta(TICTACTOE, TICTACTOE.parse_fen("9 x")).nodes == 18_297


@pytest.mark.slow
@pytest.mark.parametrize("fen", TTT_FENS)
@pytest.mark.parametrize("scoring_fn", [None, quick])
def test_table_search_matches_minimax_on_tictactoe(fen: str, scoring_fn) -> None:
    state = TICTACTOE.parse_fen(fen)
    kwargs = {} if scoring_fn is None else {"scoring": scoring_fn}
    exact = minimax(TICTACTOE, state, **kwargs)
    result, table = enhanced(TICTACTOE, state, **kwargs)
    assert result.value == exact.value
    assert set(result.best_moves) <= set(exact.best_moves) and result.best_moves


@pytest.mark.slow
def test_table_search_matches_minimax_on_every_tictactoe_position() -> None:
    """Every position reachable from the empty board (either side first): same value as minimax."""
    seen = set()
    frontier = [TICTACTOE.initial(0), TICTACTOE.initial(1)]
    while frontier:
        s = frontier.pop()
        if s in seen:
            continue
        seen.add(s)
        frontier.extend(child for _, child in TICTACTOE.successors(s))
    for s in sorted(seen)[::7]:
        assert enhanced(TICTACTOE, s)[0].value == minimax(TICTACTOE, s).value


def test_table_cuts_are_reported_as_table_leaves() -> None:
    events: list[tuple] = []

    class Recorder:
        def enter(self, state, move, ply, alpha, beta):
            events.append(("enter", ply))

        def leaf(self, kind):
            events.append(("leaf", kind))

        def cutoff(self, kind, value, bound, skipped):
            events.append(("cut", kind))

        def leave(self, value, bound):
            events.append(("leave", bound))

    state = TICTACTOE.parse_fen("9 x")
    table = TranspositionTable()
    result = enhanced_alphabeta(TICTACTOE, state, observer=Recorder(), table=table)
    assert result.value == 0
    kinds = [e[1] for e in events if e[0] == "leaf"]
    assert TABLE in kinds and TERMINAL in kinds
    assert kinds.count(TABLE) == table.hits
    assert sum(e[0] == "enter" for e in events) == sum(e[0] == "leave" for e in events) == result.nodes
    # the table saves most of the textbook tree
    assert result.nodes < 18_297 // 2


@pytest.mark.slow
def test_iterative_deepening_solves_tictactoe() -> None:
    for fen in TTT_FENS:
        state = TICTACTOE.parse_fen(fen)
        exact = minimax(TICTACTOE, state, scoring=tictactoe_eval.scoring)
        decision = think(TICTACTOE, state, float("inf"), evaluate=tictactoe_eval.evaluate,
                         scoring=tictactoe_eval.scoring, win=tictactoe_eval.WIN_VALUE)
        assert decision.solved
        assert decision.value == exact.value, fen
        assert decision.move in exact.best_moves


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_table_search_matches_plain_alphabeta_on_ultimate(seed: int, depth: int) -> None:
    state = random_ultimate(random.Random(seed), 12 + 5 * seed)
    if ULTIMATE.is_over(state):
        pytest.skip("random game ended early")
    plain = alphabeta(ULTIMATE, state, depth=depth, evaluate=evaluate, scoring=scoring)
    result, _ = enhanced(ULTIMATE, state, depth=depth, evaluate=evaluate, scoring=scoring)
    assert result.value == plain.value
    if depth <= 2:
        exact = minimax(ULTIMATE, state, depth=depth, evaluate=evaluate, scoring=scoring)
        assert result.value == exact.value
        assert result.best_moves[0] in exact.best_moves


def test_iterative_deepening_value_matches_fixed_depth_search() -> None:
    state = random_ultimate(random.Random(42), 20)
    decision = think(ULTIMATE, state, float("inf"), evaluate=evaluate, scoring=scoring, win=WIN, max_depth=4,
                     reduce_late=0)
    assert decision.depth == 4
    assert decision.value == alphabeta(ULTIMATE, state, depth=4, evaluate=evaluate, scoring=scoring).value


@pytest.mark.slow
def test_late_move_reductions_search_fewer_nodes() -> None:
    rng = random.Random(5)
    states = [random_ultimate(rng, rng.randint(10, 30)) for _ in range(12)]
    states = [s for s in states if not ULTIMATE.is_over(s)]
    full = reduced = 0
    for state in states:
        kw = dict(evaluate=evaluate, scoring=scoring, win=WIN, max_depth=6)
        plain = think(ULTIMATE, state, inf, reduce_late=0, **kw)
        late = think(ULTIMATE, state, inf, reduce_late=3, **kw)
        assert late.move in ULTIMATE.legal_moves(state) and late.depth == 6
        full += plain.nodes
        reduced += late.nodes
    assert reduced < 0.8 * full


def test_late_move_reductions_still_see_a_win_in_one() -> None:
    rng = random.Random(11)
    found = 0
    while found < 25:
        state = random_ultimate(rng, rng.randint(15, 60))
        if ULTIMATE.is_over(state):
            continue
        wins = [m for m in ULTIMATE.legal_moves(state) if ULTIMATE.is_over(ULTIMATE.play(state, m))
                and ULTIMATE.outcome(ULTIMATE.play(state, m)) == (1 if ULTIMATE.to_move(state) == 0 else -1)]
        if not wins:
            continue
        found += 1
        decision = think(ULTIMATE, state, inf, evaluate=evaluate, scoring=scoring, win=WIN, max_depth=5,
                         reduce_late=1)
        assert decision.move in wins
        assert abs(decision.value) >= WIN


def test_quickest_win_is_preferred() -> None:
    # x has won sub-boards 1 and 2 and can take sub-board 3 (cells 1,2 held) at once: win now, not later.
    x_subs = [0b000000111, 0b000000111, 0b000000011] + [0] * 6
    o_subs = [0b000011000, 0b000011000, 0b000011000, 0b000000001, 0b000000001] + [0] * 4
    state = ULTIMATE.from_masks(x_subs, o_subs, 51, 0)
    assert 33 in ULTIMATE.legal_moves(state)
    decision = think(ULTIMATE, state, float("inf"), evaluate=evaluate, scoring=scoring, win=WIN, max_depth=5)
    assert decision.move == 33
    assert decision.value == WIN + ULTIMATE.empty_count(ULTIMATE.play(state, 33))


def test_incremental_keys_match_keys_from_scratch() -> None:
    rng = random.Random(7)
    keys = hashing_for(ULTIMATE).keys
    state = ULTIMATE.initial()
    key = ultimate_key(state)
    previous = None
    while not ULTIMATE.is_over(state):
        move = rng.choice(ULTIMATE.legal_moves(state))
        key = keys.child(key, ULTIMATE.to_move(state), previous, move)
        state, previous = ULTIMATE.play(state, move), move
        assert key == ultimate_key(state)


def test_deadline_in_the_past_aborts_with_timeout() -> None:
    with pytest.raises(SearchTimeout):
        enhanced_alphabeta(ULTIMATE, ULTIMATE.initial(), depth=3, evaluate=evaluate, deadline=-inf)


def test_timed_search_answers_from_finished_iterations() -> None:
    ticks = iter(range(10**9))

    def clock() -> float:  # a fake clock: one tick per reading, so the deadline falls mid-search
        return float(next(ticks))

    state = random_ultimate(random.Random(3), 15)
    decision = think(ULTIMATE, state, 40.0, evaluate=evaluate, scoring=scoring, win=WIN, clock=clock)
    assert decision.move in ULTIMATE.legal_moves(state)
    assert decision.depth >= 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=80), min_size=0, max_size=70), st.floats(0.001, 0.05))
def test_bot_returns_a_legal_move_from_random_positions(choices: list[int], seconds: float) -> None:
    from time import monotonic

    state = ULTIMATE.initial()
    for c in choices:
        moves = ULTIMATE.legal_moves(state)
        if not moves or ULTIMATE.is_over(ULTIMATE.play(state, moves[c % len(moves)])):
            break
        state = ULTIMATE.play(state, moves[c % len(moves)])
    decision = think(ULTIMATE, state, monotonic() + seconds, evaluate=evaluate, scoring=scoring, win=WIN)
    assert decision.move in ULTIMATE.legal_moves(state)


class SteppedClock:
    """A clock that advances ``step`` per node searched (read through alphabeta's clock checks), so
    iterations take times that grow like real ones, independent of the machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_iterations_go_on_until_the_deadline() -> None:
    # With a fixed budget per move, time left unused is lost: the search starts another iteration whenever the
    # deadline has not passed, however little is left, and an iteration cut short answers from the finished ones.
    state = random_ultimate(random.Random(7), 20)
    started: list[float] = []
    clock = SteppedClock()

    def record(decision) -> None:
        started.append(clock.now)

    decision = think(ULTIMATE, state, 10**9, evaluate=evaluate, scoring=scoring, win=WIN, clock=clock,
                     max_depth=4, on_iteration=record)
    assert decision.depth == 4
    fourth = started[3] - started[2]
    for share in (0.05, 0.5):  # of the fourth iteration's length left when the third ends
        deadline = started[2] + share * fourth
        timed = SteppedClock()
        decision = think(ULTIMATE, state, deadline, evaluate=evaluate, scoring=scoring, win=WIN, clock=timed,
                         max_depth=4)
        assert decision.depth == 3
        assert deadline <= timed.now < started[3]  # it searched on to the deadline, and stopped there


@pytest.mark.parametrize("seconds", [0.02, 0.06])
def test_a_timed_search_answers_only_once_its_deadline_has_passed(seconds: float) -> None:
    # Unless it solved the position: nothing else ends a timed search (the C search holds to the same rule:
    # tests/engine/bot/test_native_search.py).
    from time import monotonic

    for plies in range(10, 34, 4):
        state = random_ultimate(random.Random(29 + plies), plies)
        if len(ULTIMATE.legal_moves(state)) < 2:  # nothing to choose: answered at once
            continue
        deadline = monotonic() + seconds
        decision = think(ULTIMATE, state, deadline, evaluate=evaluate, scoring=scoring, win=WIN)
        assert decision.solved or monotonic() >= deadline, decision


def test_the_bot_deadline_keeps_a_margin_from_the_budget() -> None:
    from engine.search.deadline import BOT_MARGIN, BOT_SHARE, bot_deadline
    from engine.search.margin import Load

    quiet = Load(0.0, 0.0, 2)  # on a busy machine more is kept back (tests/engine/search/test_margin.py)
    for seconds in (0.1, 0.3, 1.0, 6.0):
        left = seconds - (bot_deadline(seconds, 100.0, quiet) - 100.0)
        assert BOT_MARGIN <= left <= BOT_MARGIN + (1 - BOT_SHARE) * seconds + 1e-9
        assert BOT_MARGIN <= seconds - (bot_deadline(seconds, 100.0) - 100.0)  # whatever the machine does now
    assert bot_deadline(0.001, 5.0) == 5.0


@pytest.mark.parametrize("stop", ["finished", "timed out"])
def test_a_search_leaves_nothing_holding_its_table(stop: str) -> None:
    # the bot searches with the cyclic collector off and freezes what is alive afterwards
    # (engine.search.deadline.no_collections): a search that left its table in a reference cycle would keep it
    # forever, one table per cleared table (a new game, a new side) in a serving bot
    import gc
    import sys

    from engine.search.deadline import no_collections

    table = TranspositionTable(bits=12)
    slots = table.slots
    state = random_ultimate(random.Random(5), 12)
    kwargs = {"depth": 3, "evaluate": evaluate, "scoring": scoring, "table": table, "killers": [],
              "history": defaultdict(int), "pvs": True}
    ticks = iter(range(10**9))
    with no_collections():
        if stop == "finished":
            enhanced_alphabeta(ULTIMATE, state, **kwargs)
        else:
            with pytest.raises(SearchTimeout):
                enhanced_alphabeta(ULTIMATE, state, deadline=30.0, clock=lambda: float(next(ticks)), check_every=1,
                                   **kwargs)
    table.clear()
    assert gc.isenabled()
    assert sys.getrefcount(slots) == 2  # this test's name and getrefcount's argument: nothing else


def test_captures_are_the_moves_that_win_a_sub_board() -> None:
    from engine.evaluation.ultimate_captures import captures

    rng = random.Random(21)
    seen = 0
    for _ in range(40):
        state = ULTIMATE.initial()
        while not ULTIMATE.is_over(state):
            mover = ULTIMATE.to_move(state)
            won_before = ULTIMATE.board_masks(state)[mover]
            expected = [m for m in ULTIMATE.legal_moves(state)
                        if ULTIMATE.board_masks(ULTIMATE.play(state, m))[mover] != won_before]
            assert captures(state) == expected
            seen += bool(expected)
            state = ULTIMATE.play(state, rng.choice(ULTIMATE.legal_moves(state)))
        assert captures(state) == []
    assert seen > 200


def quiet_reference(state: int, depth: int, color: int, plies: int) -> float:
    """Negamax to ``depth``, then the captures searched on up to ``plies`` more (standing on the evaluation
    allowed), without any pruning: what alpha-beta with ``quiesce`` must return."""
    from engine.evaluation.ultimate_captures import captures

    result = ULTIMATE.outcome(state)
    if result is not None:
        return color * scoring(result, state, ULTIMATE)
    if depth:
        return max(-quiet_reference(ULTIMATE.play(state, m), depth - 1, -color, plies)
                   for m in ULTIMATE.legal_moves(state))
    best = color * evaluate(state)
    if plies:
        for m in captures(state):
            best = max(best, -quiet_reference(ULTIMATE.play(state, m), 0, -color, plies - 1))
    return best


@pytest.mark.parametrize("seed", range(6))
def test_quiescence_values_match_an_unpruned_search(seed: int) -> None:
    from engine.evaluation.ultimate_captures import captures

    rng = random.Random(seed)
    state = random_ultimate(rng, rng.randint(20, 45))
    if ULTIMATE.is_over(state):
        state = random_ultimate(rng, 20)
    color = 1 if ULTIMATE.to_move(state) == 0 else -1
    for depth, plies in ((1, 2), (2, 2), (2, 0), (3, 1)):
        expected = color * quiet_reference(state, depth, color, plies)
        plain = enhanced_alphabeta(ULTIMATE, state, depth=depth, evaluate=evaluate, scoring=scoring, quiesce=captures,
                                   quiesce_plies=plies)
        assert plain.value == expected
        result, _ = enhanced(ULTIMATE, state, depth=depth, evaluate=evaluate, scoring=scoring, quiesce=captures,
                             quiesce_plies=plies)
        assert result.value == expected
    no_plies = enhanced_alphabeta(ULTIMATE, state, depth=2, evaluate=evaluate, scoring=scoring, quiesce=captures,
                                  quiesce_plies=0)
    assert no_plies.value == alphabeta(ULTIMATE, state, depth=2, evaluate=evaluate, scoring=scoring).value


def test_quiescence_needs_a_depth_limit() -> None:
    # (an observer is welcome: it sees the quiescence nodes, tests/engine/bot/test_fixed_depth.py)
    from engine.evaluation.ultimate_captures import captures

    with pytest.raises(ValueError, match="quiescence"):
        enhanced_alphabeta(ULTIMATE, ULTIMATE.initial(), evaluate=evaluate, quiesce=captures)


def test_quiescence_reads_the_clock_too() -> None:
    # a timed search reads its clock every ``check_every`` nodes, quiescence nodes included, or a burst of
    # captures past the horizon could run past the deadline (late answers measured at 0.1 s a move)
    from engine.evaluation.ultimate_captures import captures

    reads = 0

    def clock() -> float:
        nonlocal reads
        reads += 1
        return 0.0

    rng = random.Random(8)
    for _ in range(20):
        state = random_ultimate(rng, 30)
        if ULTIMATE.is_over(state):
            continue
        reads = 0
        result = enhanced_alphabeta(ULTIMATE, state, depth=2, evaluate=evaluate, scoring=scoring, quiesce=captures,
                                    deadline=1.0, clock=clock, check_every=1)
        plain = alphabeta(ULTIMATE, state, depth=2, evaluate=evaluate, scoring=scoring)
        if result.nodes > plain.nodes:  # some captures were searched past the horizon
            assert reads == 1 + result.nodes  # the first reading, then one per node
            return
    raise AssertionError("no position with captures past the horizon")
