"""Strategy trees: one move at the strategy side's nodes, every reply at the others, leaves keep the promise."""

from __future__ import annotations

import networkx as nx
import pytest

from engine.game import O, X
from engine.games.tictactoe import TICTACTOE as T
from engine.search.solver import solve
from treeviz.draw.strategy_figure import strategy_dot
from treeviz.trees.strategy import StrategyTreeTooLarge, strategy_tree, strategy_trees

NODE_FIELDS = {"fen", "to_move", "depth", "value", "bound", "order", "pruned", "best", "alpha", "beta", "leaf",
               "outcome", "cut", "hidden", "strategy_move"}


def check_shape(G: nx.DiGraph, side: str, accept) -> None:
    assert nx.is_tree(G) and G.graph["strategy_side"] == side
    for n, d in G.nodes(data=True):
        assert NODE_FIELDS <= set(d) and d["order"] == n
        state = T.parse_fen(d["fen"])
        out = list(G.out_edges(n, data=True))
        if T.outcome(state) is not None:
            assert not out and accept(d["outcome"])
        elif d["to_move"] == side:
            assert len(out) == 1 and out[0][2]["chosen"] and out[0][2]["move"] == d["strategy_move"]
        else:
            assert sorted(e["move"] for _, _, e in out) == list(T.legal_moves(state))
            assert not any(e["chosen"] for _, _, e in out)
        for _, child, e in out:
            assert G.nodes[child]["fen"] == T.fen(T.play(state, e["move"]))
            assert G.nodes[child]["depth"] == d["depth"] + 1


@pytest.mark.parametrize("fen, side", [("x21o11xo o", "o"), ("xo7 x", "x"), ("x7o x", "x")])
def test_winning_strategy_tree_ends_in_wins_only(fen: str, side: str) -> None:
    G = strategy_tree(solve(T, T.parse_fen(fen)))
    assert G.graph["strategy_kind"] == "winning"
    check_shape(G, side, lambda outcome: outcome == side)


def test_won_position_tree_size() -> None:
    G = strategy_tree(solve(T, T.parse_fen("x21o11xo o")))
    assert G.number_of_nodes() == G.graph["nodes"] == 10
    assert [G.nodes[v]["fen"] for v in G.successors(0)] == ["x1o1o2xo x"]


@pytest.mark.parametrize("fen", ["9 x", "1o11o1oxx x", "x3o4 x"])
def test_drawing_strategies_never_lose(fen: str) -> None:
    solution = solve(T, T.parse_fen(fen))
    x_tree, o_tree = strategy_trees(solution)
    check_shape(x_tree, "x", lambda outcome: outcome != "o")
    check_shape(o_tree, "o", lambda outcome: outcome != "x")
    assert x_tree.graph["strategy_kind"] == o_tree.graph["strategy_kind"] == "drawing"


def test_principal_variation_is_one_path_from_the_root() -> None:
    G = strategy_tree(solve(T, T.parse_fen("xo7 x")))
    on_pv = sorted(n for n, d in G.nodes(data=True) if d["best"])
    assert on_pv[0] == 0
    assert all(sum(G.nodes[c]["best"] for c in G.successors(n)) <= 1 for n in on_pv)
    assert G.nodes[on_pv[-1]]["outcome"] == "x"


def test_losing_side_has_no_tree() -> None:
    solution = solve(T, T.parse_fen("x21o11xo o"))
    with pytest.raises(ValueError, match="x loses"):
        strategy_tree(solution, X)
    with pytest.raises(ValueError, match="draw"):
        strategy_tree(solve(T, T.parse_fen("9 x")))


def test_node_cap() -> None:
    with pytest.raises(StrategyTreeTooLarge):
        strategy_tree(solve(T, T.parse_fen("9 x")), O, max_nodes=100)


def test_dot_titles_each_drawing_strategy() -> None:
    dot = strategy_dot(strategy_trees(solve(T, T.parse_fen("1o11o1oxx x"))))
    assert "Drawing strategies of x and o from 1o2o1oxx x" in dot
    assert "x's strategy: x never loses whatever o plays (9 nodes)" in dot
    assert "o's strategy: o never loses whatever x plays (13 nodes)" in dot
    assert "the strategy's move" in dot
