"""PVS, MTD(f), iterative deepening and alpha-beta over a table held to minimax: on random textbook trees (uneven,
ties, decimals), on every reachable tic-tac-toe position, on an OpenSpiel game; PVS enters the Knuth-Moore minimal
tree in best order without a re-search; MTD(f) from the true value takes two passes."""

from __future__ import annotations

from collections.abc import Callable
from math import inf
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import TICTACTOE
from engine.games.loading import load_game
from engine.games.textbook import parse_tree
from engine.search.alphabeta import alphabeta
from engine.search.iterative_deepening import iterative_deepening
from engine.search.minimax import minimax
from engine.search.mtdf import mtdf
from engine.search.observer import NULL_WINDOW, PASS, RESEARCH, TT_HIT
from engine.search.ordering import ValueOrder, knuth_moore_minimum
from engine.search.pvs import pvs
from engine.search.table_alphabeta import table_alphabeta
from tests import search_reference as ref
from tests.engine.search.test_textbook_search import notation, trees

SEARCHES: dict[str, Callable[..., Any]] = {
    "pvs": pvs,
    "pvs_tt": lambda game, state, **kw: pvs(game, state, table=True, **kw),
    "alphabeta_tt": table_alphabeta,
    "mtdf": mtdf,
    "id": iterative_deepening,
    "id_tt_aspiration": lambda game, state, **kw: iterative_deepening(game, state, table=True, aspiration=1, **kw),
}


class Marks:
    """Counts the marks a search reports, and checks every node it enters is left."""

    def __init__(self) -> None:
        self.marks: dict[str, int] = {}
        self.depth = 0
        self.entered = 0
        self.windows: list[tuple[float, float, tuple[str, ...]]] = []

    def enter(self, state: object, move: object, ply: int, alpha: float, beta: float) -> None:
        self.depth += 1
        self.entered += 1
        self.windows.append((alpha, beta, ()))

    def mark(self, mark: str, detail: object = None) -> None:
        self.marks[mark] = self.marks.get(mark, 0) + 1
        a, b, marks = self.windows[-1]
        self.windows[-1] = (a, b, (*marks, mark))

    def leaf(self, kind: str) -> None:
        pass

    def cutoff(self, kind: str, value: float, bound: float, skipped: object) -> None:
        pass

    def leave(self, value: float, bound: str) -> None:
        self.depth -= 1


@settings(max_examples=150, deadline=None)
@given(tree=trees(chance=False), root=st.sampled_from(["max", "min"]))
def test_every_search_returns_the_minimax_value_of_random_textbook_trees(tree: object, root: str) -> None:
    game = parse_tree(notation(tree), root=root)
    expected = minimax(game, 0).value
    for name, search in SEARCHES.items():
        seen = Marks()
        result = search(game, 0, observer=seen)
        assert result.value == pytest.approx(expected), (name, notation(tree))
        assert seen.depth == 0 and seen.entered == result.nodes, name


@settings(max_examples=60, deadline=None)
@given(tree=trees(chance=True))
def test_every_search_returns_the_expectiminimax_value_of_trees_with_chance_nodes(tree: object) -> None:
    game = parse_tree(notation(tree))
    expected = minimax(game, 0).value
    for name, search in SEARCHES.items():
        assert search(game, 0).value == pytest.approx(expected), (name, notation(tree))


@pytest.mark.slow
def test_every_search_returns_the_value_of_every_reachable_tictactoe_position() -> None:
    positions = ref.reachable("x")
    assert len(positions) == 5478
    for position in positions:
        state = TICTACTOE.parse_fen(ref.to_fen(position))
        expected = ref.value(position)
        for name in ("pvs", "alphabeta_tt", "mtdf", "id"):
            result = SEARCHES[name](TICTACTOE, state)
            assert result.value == expected, (name, ref.to_fen(position))
            if result.best_moves:  # the move it proved best is optimal
                child = TICTACTOE.play(state, result.best_moves[0])
                assert minimax(TICTACTOE, child).value == expected, (name, ref.to_fen(position))


@pytest.mark.slow
def test_pvs_fast_path_enters_what_the_observed_search_enters_on_every_tictactoe_position() -> None:
    for position in ref.reachable("o"):
        state = TICTACTOE.parse_fen(ref.to_fen(position))
        fast = pvs(TICTACTOE, state)
        seen = Marks()
        observed = pvs(TICTACTOE, state, observer=seen)
        assert (fast.value, fast.best_moves, fast.nodes, fast.leaves, fast.researches) == \
            (observed.value, observed.best_moves, observed.nodes, observed.leaves, observed.researches), position
        assert seen.entered == fast.nodes


def test_the_empty_board_needs_fewer_nodes_with_a_table() -> None:
    start = TICTACTOE.initial()
    plain = alphabeta(TICTACTOE, start)
    tabled = table_alphabeta(TICTACTOE, start)
    assert plain.nodes == 18_297
    assert tabled.value == plain.value == 0 and tabled.nodes < plain.nodes and tabled.tt_hits > 0


def test_alphabeta_over_a_table_enters_what_alphabeta_enters_where_no_position_repeats() -> None:
    game = parse_tree("[[3,12,8],[2,4,6],[14,5,2]]")  # a tree: no transposition
    assert table_alphabeta(game, 0).nodes == alphabeta(game, 0).nodes == 11
    assert table_alphabeta(game, 0).tt_hits == 0


def uniform(branching: int, depth: int, seed: int) -> str:
    """A uniform textbook tree with distinct integer leaves shuffled by ``seed``."""
    import random

    rng = random.Random(seed)
    leaves = list(range(branching ** depth))
    rng.shuffle(leaves)
    it = iter(leaves)

    def node(level: int) -> str:
        if level == 0:
            return str(next(it))
        return "[" + ",".join(node(level - 1) for _ in range(branching)) + "]"

    return node(depth)


@pytest.mark.parametrize(("branching", "depth"), [(2, 3), (3, 3), (2, 4), (3, 4), (4, 3), (2, 6), (5, 2)])
@pytest.mark.parametrize("seed", [1, 2])
def test_pvs_in_best_order_enters_the_knuth_moore_minimal_tree_without_a_research(branching: int, depth: int,
                                                                                  seed: int) -> None:
    game = parse_tree(uniform(branching, depth, seed))
    seen = Marks()
    result = pvs(game, 0, observer=seen, order=ValueOrder(game, best=True))
    assert result.value == minimax(game, 0).value
    assert result.leaves == knuth_moore_minimum(branching, depth)
    assert result.researches == 0 and RESEARCH not in seen.marks


def test_pvs_draws_null_windows_and_researches_them_when_a_later_move_is_better() -> None:
    game = parse_tree("[[1,2],[5,6],[3,4]]")  # the second move is better: its null window fails high
    seen = Marks()
    result = pvs(game, 0, observer=seen)
    assert result.value == 5 and result.researches == 1
    scouts = [(a, b) for a, b, marks in seen.windows if NULL_WINDOW in marks]
    assert scouts and all(b - a == 1 for a, b in scouts)
    assert seen.marks[RESEARCH] == 1


@pytest.mark.parametrize("fen", ["9 x", "x21o11xo o", "1o11o1oxx x", "xo1x1o3 x"])
def test_mtdf_from_the_true_value_takes_two_passes(fen: str) -> None:
    state = TICTACTOE.parse_fen(fen)
    value = minimax(TICTACTOE, state).value
    seen = Marks()
    result = mtdf(TICTACTOE, state, guess=value, observer=seen)
    assert result.value == value and result.passes == 2 == seen.marks[PASS]
    assert mtdf(TICTACTOE, state, guess=value + 3).value == value


@settings(max_examples=60, deadline=None)
@given(tree=trees(chance=False), guess=st.integers(-8, 8))
def test_mtdf_finds_the_value_from_any_guess(tree: object, guess: int) -> None:
    game = parse_tree(notation(tree))
    assert mtdf(game, 0, guess=guess).value == pytest.approx(minimax(game, 0).value)


def test_mtdf_later_passes_are_answered_from_the_table() -> None:
    seen = Marks()
    mtdf(TICTACTOE, TICTACTOE.initial(), guess=0, observer=seen)
    assert seen.marks[TT_HIT] > 0


def test_iterative_deepening_to_a_depth_gives_alphabetas_value_at_that_depth() -> None:
    game = TICTACTOE
    from engine.evaluation import tictactoe as evaluation

    state = game.parse_fen("x21o11xo o")
    for depth in range(0, 5):
        expected = alphabeta(game, state, depth=depth, evaluate=evaluation.evaluate).value
        for table in (False, True):
            result = iterative_deepening(game, state, depth=depth, evaluate=evaluation.evaluate, table=table)
            assert result.value == expected and result.iterations == max(depth, 1)


def test_aspiration_windows_that_miss_search_again() -> None:
    game = parse_tree("[[[1,2],[3,4]],[[50,60],[70,80]]]")  # depth 1 says 0 (no evaluation), depth 3 says 60
    seen = Marks()
    result = iterative_deepening(game, 0, aspiration=1, observer=seen)
    assert result.value == 60 and result.researches >= 1 and seen.marks[RESEARCH] == result.researches


OPENSPIEL = "openspiel:tic_tac_toe"


def test_every_search_returns_the_minimax_value_of_an_openspiel_game() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install 'treeviz[openspiel]')")
    game = load_game(OPENSPIEL)

    state = game.initial()
    for moves in ([4, 0, 8], [0, 4], [4, 0, 8, 2]):
        s = state
        for m in moves:
            s = game.play(s, m)
        expected = minimax(game, s).value
        for name, search in SEARCHES.items():
            assert search(game, s, key=game.fen).value == expected, (name, moves)


def test_the_searches_refuse_what_they_cannot_do() -> None:
    with pytest.raises(ValueError, match="finite"):
        mtdf(TICTACTOE, TICTACTOE.initial(), guess=inf)
    with pytest.raises(ValueError, match="half-width"):
        iterative_deepening(TICTACTOE, TICTACTOE.initial(), aspiration=0)
    with pytest.raises(ValueError, match="evaluation"):
        pvs(TICTACTOE, TICTACTOE.initial(), depth=2)
