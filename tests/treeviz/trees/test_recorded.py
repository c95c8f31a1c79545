"""Graphs made on first use (treeviz/trees/recorded.py): a tree's DOT and JSON are the same bytes whether they are
written from the search's records (the graph never made) or from the networkx graph, and the graph behaves as a
normal one whatever is asked of it first."""

from __future__ import annotations

import networkx as nx
import pytest

from engine.games.tictactoe import TICTACTOE
from engine.games.ultimate import ULTIMATE
from treeviz.draw.dot_writer import compare_dot, to_dot
from treeviz.draw.themes import PRINT
from treeviz.trees.builder import build_tree
from treeviz.trees.json_export import tree_to_json

CASES = [
    (TICTACTOE, "x21o11xo o", {}),
    (TICTACTOE, "x21o11xo o", {"algorithm": "alphabeta"}),
    (TICTACTOE, "1o11o1oxx x", {"algorithm": "alphabeta", "order": "center-first", "scoring": "quick"}),
    # the whole empty board searched (549,946 nodes) before the cap or the path cuts it: seconds a build
    pytest.param(TICTACTOE, "9 x", {"max_nodes": 300}, marks=pytest.mark.slow),
    pytest.param(TICTACTOE, "9 x", {"algorithm": "alphabeta", "max_nodes": 200}, marks=pytest.mark.slow),
    (TICTACTOE, "9 x", {"depth": 3}),
    (TICTACTOE, "x21o11xo o", {"algorithm": "alphabeta", "path": ["3"], "plies": 2}),
    pytest.param(TICTACTOE, "9 x", {"path": ["5", "1"], "plies": 1}, marks=pytest.mark.slow),
    pytest.param(TICTACTOE, "9 x", {"path": ["5"]}, marks=pytest.mark.slow),
    (ULTIMATE, "999999999 00 x", {"depth": 1}),
]


def made(G: nx.DiGraph) -> nx.DiGraph:
    G.make()
    assert G.pending() is None
    return G


@pytest.mark.parametrize(("game", "fen", "options"), CASES)
def test_records_and_graph_write_the_same_dot_and_json(game, fen, options) -> None:
    def build() -> nx.DiGraph:
        return build_tree(game, game.parse_fen(fen), **options)

    reference, other = made(build()), made(build())  # networkx graphs: what the writers read is not changed
    lazy = build()
    assert lazy.pending() is not None
    size = lazy.number_of_nodes()  # counted without making the graph
    assert lazy.pending() is not None
    assert to_dot(lazy) == to_dot(reference)  # each writer on a graph never read before
    assert to_dot(build(), theme=PRINT, rankdir="LR") == to_dot(reference, theme=PRINT, rankdir="LR")
    assert compare_dot(build(), build()) == compare_dot(reference, other)
    assert tree_to_json(build()) == tree_to_json(reference)
    assert len(made(lazy)) == size


def test_the_graph_is_made_by_whatever_reads_it_first() -> None:
    start = TICTACTOE.parse_fen("x21o11xo o")
    reference = made(build_tree(TICTACTOE, start, algorithm="alphabeta"))
    for first in (lambda G: G.nodes[0], lambda G: list(G.edges), lambda G: G.succ[0], lambda G: G.pred[1],
                  lambda G: G.copy(), lambda G: nx.dfs_preorder_nodes(G, 0), lambda G: G.add_edge(0, 10_000)):
        G = build_tree(TICTACTOE, start, algorithm="alphabeta")
        first(G)
        if 10_000 in G:
            G.remove_node(10_000)
        assert nx.utils.graphs_equal(G, reference)
        for u, v in G.edges:
            assert G.pred[v][u] is G.succ[u][v]
