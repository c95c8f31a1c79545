"""UCT's bookkeeping, rebuilt from the observer's events alone: visits, totals, proofs, determinism, bad input."""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence

import pytest

from engine import TICTACTOE
from engine.games.ultimate import ULTIMATE
from engine.search import mcts as mcts_module
from engine.search.mcts import MctsResult, mcts, ucb
from tests.realtime import Stopwatch


class Rebuild:
    """The tree as the events describe it: path tuple -> [visits, total_x, created at, proven]."""

    def __init__(self) -> None:
        self.nodes: dict[tuple[Hashable, ...], list] = {(): [0, 0.0, 0, None]}
        self.kids: dict[tuple[Hashable, ...], list[tuple]] = {(): []}
        self.count = 0
        self.events: list[tuple] = []

    def iteration(self, path: Sequence[Hashable], expanded: bool, result: float,
                  proven: Sequence[tuple[int, float]]) -> None:
        self.count += 1
        path = tuple(path)
        self.events.append((path, expanded, result, tuple(proven)))
        assert result in (-1, 0, 1)
        if expanded:
            assert path and path not in self.nodes, "an expanded node is new"
            assert path[:-1] in self.nodes, "a new node hangs below a known one"
            self.nodes[path] = [0, 0.0, self.count, None]
            self.kids[path] = []
            self.kids[path[:-1]].append(path)
        else:
            assert path in self.nodes, "a path that expanded nothing ends on a known node"
        for depth in range(len(path) + 1):
            node = self.nodes[path[:depth]]
            node[0] += 1
            node[1] += result
        for index, value in proven:
            assert 0 <= index <= len(path)
            node = self.nodes[path[:index]]
            assert node[3] is None, "a node is proven once"
            node[3] = value

    def children(self, path: tuple) -> list[tuple]:
        return self.kids[path]


def searched(game, fen: str, **options) -> tuple[MctsResult, Rebuild]:
    seen = Rebuild()
    return mcts(game, game.parse_fen(fen), observer=seen, **options), seen


CASES = [
    (TICTACTOE, "x21o11xo o", 500, False),
    (TICTACTOE, "9 x", 3000, False),
    (TICTACTOE, "9 x", 3000, True),
    (TICTACTOE, "1o11o1oxx x", 300, True),
    (ULTIMATE, "999999999 00 x", 1500, False),
    (ULTIMATE, "999999999 00 x", 800, True),
]


@pytest.mark.parametrize(("game", "fen", "iterations", "solver"), CASES)
def test_tree_bookkeeping(game, fen: str, iterations: int, solver: bool) -> None:
    result, seen = searched(game, fen, iterations=iterations, seed=7, solver=solver)
    assert seen.count == iterations == result.iterations == result.root_visits
    assert seen.nodes[()][0] == iterations
    assert len(seen.nodes) == result.nodes
    assert result.value == pytest.approx(seen.nodes[()][1] / iterations)
    for path, (visits, total, _, proven) in seen.nodes.items():
        assert visits >= 1
        assert -1 <= total / visits <= 1
        kids = seen.children(path)
        assert visits >= sum(seen.nodes[k][0] for k in kids)
        if not solver:
            assert proven is None
    stats = {(m,): (v, t, p) for m, v, t, p in result.root_stats}
    assert stats == {k: (seen.nodes[k][0], seen.nodes[k][1], seen.nodes[k][3]) for k in seen.children(())}
    assert [m for m, *_ in result.root_stats] == sorted(m for m, *_ in result.root_stats)
    assert result.proven == seen.nodes[()][3]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "fen", "iterations", "solver"), CASES)
def test_same_seed_same_search(game, fen: str, iterations: int, solver: bool) -> None:
    a, seen_a = searched(game, fen, iterations=iterations, seed=11, solver=solver)
    b, seen_b = searched(game, fen, iterations=iterations, seed=11, solver=solver)
    assert seen_a.events == seen_b.events
    assert (a.best_move, a.value, a.principal_variation, a.root_stats) == \
        (b.best_move, b.value, b.principal_variation, b.root_stats)
    plain = mcts(game, game.parse_fen(fen), iterations=iterations, seed=11, solver=solver)
    assert (plain.best_move, plain.value, plain.root_stats) == (a.best_move, a.value, a.root_stats)
    other, seen_c = searched(game, fen, iterations=iterations, seed=12, solver=solver)
    assert seen_c.events != seen_a.events


def test_best_move_is_the_most_visited_and_the_line_follows_visits() -> None:
    result, seen = searched(ULTIMATE, "999999999 00 x", iterations=2000, seed=3)
    kids = seen.children(())
    most = max(seen.nodes[k][0] for k in kids)
    assert seen.nodes[(result.best_move,)][0] == most
    path: tuple = ()
    for move in result.principal_variation:
        kids = seen.children(path)
        assert seen.nodes[path + (move,)][0] == max(seen.nodes[k][0] for k in kids)
        path += (move,)
    assert not seen.children(path)
    assert result.principal_variation[0] == result.best_move


def test_ucb_is_the_textbook_formula() -> None:
    assert ucb(3, 4, 10, 1.5, True) == pytest.approx(0.75 + 1.5 * math.sqrt(math.log(10) / 4))
    assert ucb(3, 4, 10, 1.5, False) == pytest.approx(-0.75 + 1.5 * math.sqrt(math.log(10) / 4))
    assert ucb(0, 0, 10, 1.0, True) == math.inf


def test_selection_follows_ucb() -> None:
    """Once every root move is tried, each iteration enters the root child with the highest UCB1 score."""
    state = TICTACTOE.parse_fen("x21o11xo o")
    seen = Rebuild()
    c = 0.7
    n_moves = len(TICTACTOE.legal_moves(state))
    checked = 0

    class Checker(Rebuild):
        def iteration(self, path, expanded, result, proven) -> None:
            kids = self.children(())
            if len(kids) == n_moves:
                n = self.nodes[()][0]
                scores = {k[0]: ucb(self.nodes[k][1], self.nodes[k][0], n, c, False) for k in kids}
                assert scores[path[0]] == max(scores.values())
                nonlocal checked
                checked += 1
            super().iteration(path, expanded, result, proven)

    seen = Checker()
    mcts(TICTACTOE, state, iterations=400, c=c, seed=5, observer=seen)
    assert checked > 300


def test_finished_game_has_no_move() -> None:
    result, seen = searched(TICTACTOE, "xxx1oo1o1 o", iterations=5)
    assert result.best_move is None and result.value == 1 and result.principal_variation == []
    assert seen.events == [((), False, 1, ())] * 5


def test_solver_proves_the_course_position() -> None:
    result, seen = searched(TICTACTOE, "x21o11xo o", iterations=2000, seed=1, solver=True)
    assert result.proven == -1
    assert result.best_move in (2, 5)
    proven = {m: p for m, _, _, p in result.root_stats}
    assert all(p == -1 for m, p in proven.items() if m in (2, 5) and p is not None)
    # once the root is proven, each iteration stops there with its value
    assert seen.events[-1] == ((), False, -1, ())


@pytest.mark.realtime
def test_time_limit() -> None:
    with Stopwatch() as watch:
        result = mcts(ULTIMATE, ULTIMATE.initial(), seconds=0.2, seed=1)
    assert result.iterations >= 1 and result.root_visits == result.iterations
    # the search stops early enough to answer within the 0.2 s
    assert 0.1 <= result.seconds <= watch.limit(0.2 + 0.2), watch
    both = mcts(ULTIMATE, ULTIMATE.initial(), seconds=30, iterations=50, seed=1)
    assert both.iterations == 50


@pytest.mark.parametrize(("options", "message"), [
    ({}, "iterations or of seconds"),
    ({"iterations": 0}, "at least 1"),
    ({"iterations": -3}, "at least 1"),
    ({"iterations": 2.5}, "whole number"),
    ({"iterations": "10"}, "whole number"),
    ({"iterations": True}, "whole number"),
    ({"seconds": 0}, "more than 0"),
    ({"seconds": -1.0}, "more than 0"),
    ({"seconds": math.nan}, "more than 0"),
    ({"seconds": "1"}, "must be a number"),
    ({"iterations": 10, "c": -1}, "0 or more"),
    ({"iterations": 10, "c": math.inf}, "0 or more"),
    ({"iterations": 10, "c": "x"}, "must be a number"),
    ({"iterations": 10, "seed": 1.5}, "seed must be a whole number"),
])
def test_bad_arguments(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        mcts(TICTACTOE, TICTACTOE.initial(), **options)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "fen", "iterations", "c"), [
    (ULTIMATE, "999999999 00 x", 3000, math.sqrt(2)),   # 81 root moves: the root selects through its ranking
    (ULTIMATE, "999999999 00 x", 2000, 0.0),            # ties everywhere: means only
    (ULTIMATE, "999999999 00 x", 2000, 5.0),
    (TICTACTOE, "9 x", 3000, math.sqrt(2)),
])
def test_ranked_selection_is_a_full_scan(monkeypatch, game, fen: str, iterations: int, c: float) -> None:
    """Wide nodes select through a ranking; a full UCB1 scan at every node gives the same search, event for event."""
    ranked, seen_ranked = searched(game, fen, iterations=iterations, seed=4, c=c)
    monkeypatch.setattr(mcts_module, "WIDE", 10 ** 9)
    scanned, seen_scanned = searched(game, fen, iterations=iterations, seed=4, c=c)
    monkeypatch.setattr(mcts_module, "WIDE", 2)
    narrow, seen_narrow = searched(game, fen, iterations=iterations, seed=4, c=c)
    assert seen_ranked.events == seen_scanned.events == seen_narrow.events
    assert ranked.root_stats == scanned.root_stats == narrow.root_stats


@pytest.mark.realtime
def test_solver_stops_a_timed_search_once_the_root_is_proven() -> None:
    state = TICTACTOE.parse_fen("x21o11xo o")
    with Stopwatch() as watch:
        result = mcts(TICTACTOE, state, seconds=5.0, seed=1, solver=True)
    assert result.proven == -1 and result.seconds < watch.limit(1.0), watch


def late_positions(count: int, seed: int) -> list[int]:
    """Unfinished ultimate positions 30-60 plies into random games (proofs happen there)."""
    rng = random.Random(seed)
    found: list[int] = []
    while len(found) < count:
        state = ULTIMATE.initial()
        for _ in range(rng.randint(30, 60)):
            if ULTIMATE.is_over(state):
                break
            state = ULTIMATE.play(state, rng.choice(ULTIMATE.legal_moves(state)))
        if not ULTIMATE.is_over(state):
            found.append(state)
    return found


@pytest.mark.slow
def test_solver_selection_is_the_same_with_rankings_and_full_scans(monkeypatch) -> None:
    """With the solver, wide nodes leave children proven lost out of their ranking: a full scan skipping
    them picks the same children."""
    proofs = 0
    for state in late_positions(6, seed=2):
        fen = ULTIMATE.fen(state)
        monkeypatch.setattr(mcts_module, "WIDE", 16)
        _, ranked = searched(ULTIMATE, fen, iterations=3000, seed=3, solver=True)
        monkeypatch.setattr(mcts_module, "WIDE", 10 ** 9)
        _, scanned = searched(ULTIMATE, fen, iterations=3000, seed=3, solver=True)
        assert ranked.events == scanned.events
        proofs += sum(len(e[3]) for e in ranked.events)
    assert proofs > 50


def test_children_proven_lost_leave_the_ranking() -> None:
    """Internal check of the solver's bookkeeping at a wide node (the start of ultimate: 81 root moves)."""
    search = mcts_module._Search(ULTIMATE, ULTIMATE.initial(), math.sqrt(2), random.Random(1), True, None)
    search.run(400)
    ranks = search.ranking[0]
    assert ranks is not None
    best = ranks[0][0][1]
    search.proof[search.kids[0][best]] = -search.signs[0]  # pretend: lost for x
    search._exclude(0, best)
    assert best not in [k for _, k in ranks[0]] and search.excluded[0] == 1
    search.run(200)
    assert best not in [k for _, k in search.ranking[0][0]]  # rebuilt rankings leave it out too
    rebuilt = search._rank(0, search.exploration[search.root_visits])
    assert best not in [k for _, k in rebuilt[0]] and len(rebuilt[0]) == 80
