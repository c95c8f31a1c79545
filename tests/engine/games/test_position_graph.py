"""The numbered positions the unobserved textbook searches walk (engine/games/position_graph.py)."""

from __future__ import annotations

from engine.games.position_graph import PositionGraph
from engine.games.tictactoe import TicTacToe


def test_the_empty_board_reaches_every_tic_tac_toe_position_once() -> None:
    game = TicTacToe()
    graph = game.position_graph
    root = graph.number(game.initial())
    assert len(graph) == 5478 and root == 5477  # post-order: the root is numbered last
    assert graph.number(game.initial()) == root  # numbered once


def test_children_come_before_their_parent_in_move_order_with_outcomes_from_both_views() -> None:
    game = TicTacToe()
    graph = game.position_graph
    state = game.parse_fen("xx1oo4 o")  # o to move: o wins at cell 5
    n = graph.number(state)
    kids = graph.children[n]
    assert all(k < n for k in kids)
    assert [graph.number(child) for _, child in game.successors(state)] == list(kids)
    won = graph.number(game.play(state, 5))
    assert graph.children[won] == () and graph.outcome[won] == -1
    assert graph.mover_outcome[won] == -1  # x would move there, and lost
    x_won = graph.number(game.play(game.parse_fen("xx1oo4 x"), 2))  # o would move there, and lost
    assert graph.outcome[x_won] == 1 and graph.mover_outcome[x_won] == -1
    assert graph.outcome[n] is None and graph.mover_outcome[n] is None


def test_a_graph_of_any_game_numbers_what_its_successors_reach() -> None:
    tree = {"r": [("a", "a"), ("b", "b")], "a": [], "b": [("c", "a")]}
    graph = PositionGraph(lambda s: tree[s], lambda s: {"a": 1}.get(s), lambda s: 0)
    assert graph.number("r") == 2 and graph.children == [(), (0,), (0, 1)]
    assert graph.outcome == [1, None, None]
