"""Move orders by value and by seed: alpha-beta's work under the best and the worst order, held to Knuth and
Moore's minimum and to the whole tree, with values that never change."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.textbook import parse_tree, random_tree
from engine.games.tictactoe import TicTacToe
from engine.search.alphabeta import alphabeta
from engine.search.minimax import minimax
from engine.search.ordering import SeededOrder, ValueOrder, knuth_moore_minimum, uniform_shape


class Leaves:
    """Counts the leaves a search examines and keeps the states entered, in order."""

    def __init__(self) -> None:
        self.leaves = 0
        self.entered: list[object] = []

    def enter(self, state, move, ply, alpha, beta) -> None:
        self.entered.append(state)

    def leaf(self, kind) -> None:
        self.leaves += 1

    def cutoff(self, kind, value, bound, skipped) -> None:
        pass

    def leave(self, value, bound) -> None:
        pass


def leaves_examined(tree, order) -> tuple[float, int]:
    seen = Leaves()
    value = alphabeta(tree, 0, observer=seen, order=order).value
    return value, seen.leaves


def test_knuth_moore_formula() -> None:
    assert knuth_moore_minimum(3, 2) == 3 + 3 - 1
    assert knuth_moore_minimum(2, 3) == 4 + 2 - 1
    assert knuth_moore_minimum(4, 4) == 16 + 16 - 1
    assert knuth_moore_minimum(5, 1) == 5  # one level: every leaf, whatever the order
    with pytest.raises(ValueError):
        knuth_moore_minimum(0, 2)


@pytest.mark.parametrize("depth,branching", [(1, 4), (2, 2), (2, 3), (2, 5), (3, 2), (3, 3), (3, 4), (4, 2), (4, 3),
                                             (5, 2), (6, 2)])
def test_best_order_meets_the_minimum_and_worst_examines_every_leaf(depth: int, branching: int) -> None:
    """The best order examines exactly Knuth and Moore's minimum; the worst (worst move first at every node)
    examines every leaf of a tree of depth up to 3. Deeper, a window from three or more plies up can still cut
    under any order of the node it reaches (measured: the worst order examines every leaf of 83 % of random
    binary trees of depth 4, 14 % of ternary ones), so there it examines at least as many as the game's order."""
    minimum = knuth_moore_minimum(branching, depth)
    for seed in range(40):
        leaves = branching ** depth
        tree = random_tree(depth, branching, low=0, high=10 * leaves, seed=seed, ties=False)
        assert uniform_shape(tree, 0) == (branching, depth)
        exact = minimax(tree, 0).value
        best_value, best = leaves_examined(tree, ValueOrder(tree, best=True))
        worst_value, worst = leaves_examined(tree, ValueOrder(tree, best=False))
        assert best_value == worst_value == exact
        assert best == minimum, (seed, tree.notation())
        if depth <= 3:
            assert worst == leaves, (seed, tree.notation())
        else:
            assert worst >= leaves_examined(tree, None)[1], (seed, tree.notation())


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 4), st.integers(2, 3), st.integers(0, 10**6), st.integers(0, 5))
def test_with_ties_best_is_at_most_the_minimum_and_no_order_beats_it(depth: int, branching: int, seed: int,
                                                                       high: int) -> None:
    tree = random_tree(depth, branching, low=0, high=high, seed=seed)  # few values: many ties
    exact = minimax(tree, 0).value
    value, best = leaves_examined(tree, ValueOrder(tree, best=True))
    assert value == exact
    assert best <= knuth_moore_minimum(branching, depth)
    for order in (None, ValueOrder(tree, best=False), SeededOrder(tree.fen, seed)):
        other_value, other = leaves_examined(tree, order)
        assert other_value == exact
        assert other >= best


def test_best_order_sorts_by_the_true_value_for_the_mover() -> None:
    tree = parse_tree("[B=[3,12,8], C=[2,4,6], D=[14,5,2]]")
    best, worst = ValueOrder(tree, best=True), ValueOrder(tree, best=False)
    root_moves = tree.legal_moves(0)
    assert [tree.fen(m) for m in best(0, root_moves, 0)] == ["B", "C", "D"]  # 3, then 2 and 2 in their order
    assert [tree.fen(m) for m in worst(0, root_moves, 0)] == ["C", "D", "B"]
    d = tree.parse_fen("D")
    assert [tree.values[m] for m in best(d, tree.legal_moves(d), 1)] == [2, 5, 14]  # MIN: lowest first
    assert [tree.values[m] for m in worst(d, tree.legal_moves(d), 1)] == [14, 5, 2]


def test_chance_nodes_are_valued_by_expectation() -> None:
    tree = parse_tree("[{1/2: [3,12], 1/2: [2,4]}, {1/3: [14,5], 2/3: [6,1]}]")  # 2.5 and 7/3
    order = ValueOrder(tree, best=True)
    first, second = tree.legal_moves(0)
    assert order(0, [second, first], 0) == [first, second]


def test_depth_limited_orders_value_the_frontier_with_the_evaluation() -> None:
    game = TicTacToe()
    state = game.parse_fen("x21o11xo o")

    def evaluate(s) -> float:
        return 0.0

    exact = alphabeta(game, state).value
    for depth in (1, 2, 3):
        plain_value = alphabeta(game, state, depth=depth, evaluate=evaluate).value
        for best in (True, False):
            order = ValueOrder(game, best=best, depth=depth, evaluate=evaluate)
            assert alphabeta(game, state, depth=depth, evaluate=evaluate, order=order).value == plain_value
    assert alphabeta(game, state, order=ValueOrder(game, best=True)).value == exact


def test_tic_tac_toe_best_order_examines_fewer_leaves_than_the_game_order() -> None:
    game = TicTacToe()
    for fen in ("1o11o1oxx x", "x21o11xo o", "x8 o"):
        state = game.parse_fen(fen)
        counts = {}
        for name, order in (("best", ValueOrder(game, best=True)), ("ascending", None),
                            ("worst", ValueOrder(game, best=False))):
            seen = Leaves()
            assert alphabeta(game, state, observer=seen, order=order).value == minimax(game, state).value
            counts[name] = seen.leaves
        assert counts["best"] < counts["ascending"] < counts["worst"], (fen, counts)


def test_a_value_order_stops_at_its_budget() -> None:
    game = TicTacToe()
    order = ValueOrder(game, best=True, budget=100, on_budget=lambda n: RuntimeError(str(n)))
    with pytest.raises(RuntimeError) as stopped:
        alphabeta(game, game.parse_fen("9 x"), order=order)
    assert 100 <= int(str(stopped.value)) <= 100 + 9  # checked on entering a position: at most a line deeper


def test_seeded_order_is_a_function_of_seed_and_position() -> None:
    tree = random_tree(3, 4, seed=5)
    a, b, other = SeededOrder(tree.fen, 7), SeededOrder(tree.fen, 7), SeededOrder(tree.fen, 8)
    moves = tree.legal_moves(0)
    assert a(0, moves) == b(0, moves)
    assert sorted(a(0, moves)) == sorted(moves)
    shuffles = {tuple(SeededOrder(tree.fen, s)(0, moves)) for s in range(30)}
    assert len(shuffles) > 5  # really shuffled
    # The same node gets the same order in minimax and alpha-beta, whatever else each visits first.
    mm, ab = Leaves(), Leaves()
    minimax(tree, 0, observer=mm, order=a)
    alphabeta(tree, 0, observer=ab, order=other)
    alphabeta(tree, 0, observer=ab, order=a)
    assert [s for s in mm.entered if s in set(ab.entered)][:3] == mm.entered[:3]
    assert a(0, moves) != other(0, moves) or a(1, tree.legal_moves(1)) != other(1, tree.legal_moves(1))


def test_uniform_shape() -> None:
    assert uniform_shape(parse_tree("[[3,12,8],[2,4,6],[14,5,2]]"), 0) == (3, 2)
    assert uniform_shape(parse_tree("[[3,12],[2,4,6]]"), 0) is None
    assert uniform_shape(parse_tree("[[3,12],2]"), 0) is None
    assert uniform_shape(parse_tree("[{1/2: 1, 1/2: 2}, [3, 4]]"), 0) is None
    rng = random.Random(1)
    assert uniform_shape(random_tree(3, (2, 3), seed=rng.randint(0, 99)), 0) in (None, (2, 3), (3, 3))
