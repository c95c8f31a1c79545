"""What a figure draws and where: the tidy layout's promises, and the --plies / --path / --max-nodes cuts."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import TICTACTOE
from engine.search.solver import solve
from treeviz.draw.tidy_layout import tidy_layout
from treeviz.trees.builder import build_tree
from treeviz.trees.crop import CropError, PathError, crop_graph, parse_path
from treeviz.trees.strategy import strategy_tree

G2 = "x21o11xo o"


# -- tidy layout ------------------------------------------------------------------------------

@st.composite
def trees(draw: st.DrawFn) -> tuple[list[list[int]], list[float]]:
    """A random ordered tree in preorder (children lists) and node widths."""
    n = draw(st.integers(1, 120))
    children: list[list[int]] = [[] for _ in range(n)]
    # Preorder: node v's parent is on the path from the root to v - 1.
    path = [0]
    for v in range(1, n):
        up = draw(st.integers(0, len(path) - 1))
        if up:
            del path[len(path) - up:]
        children[path[-1]].append(v)
        path.append(v)
    widths = draw(st.lists(st.sampled_from([1.0, 4.0, 10.0, 25.0]), min_size=n, max_size=n))
    return children, widths


def levels(children: list[list[int]]) -> list[list[int]]:
    """Nodes of each depth, left to right."""
    rows: list[list[int]] = []
    stack = [(0, 0)]
    while stack:
        v, d = stack.pop()
        if d == len(rows):
            rows.append([])
        rows[d].append(v)
        stack.extend((w, d + 1) for w in reversed(children[v]))
    return rows


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(trees(), st.sampled_from([0.5, 3.0]), st.sampled_from([0.0, 5.0]))
def test_tidy_layout_keeps_order_and_gaps_and_centres_parents(tree: tuple, gap: float, extra: float) -> None:
    children, widths = tree
    x = tidy_layout(children, widths, gap=gap, cousin_gap=gap + extra)
    parent = {w: v for v, kids in enumerate(children) for w in kids}
    for row in levels(children):
        for a, b in zip(row, row[1:], strict=False):
            need = (widths[a] + widths[b]) / 2 + (gap if parent.get(a) == parent.get(b) else gap + extra)
            assert x[b] - x[a] >= need - 1e-6
    for v, kids in enumerate(children):
        if kids:
            assert x[v] == pytest.approx((x[kids[0]] + x[kids[-1]]) / 2)
    assert min(x[v] - widths[v] / 2 for v in range(len(children))) == pytest.approx(0.0)



@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(trees(), st.lists(st.sampled_from([0.0, 3.0, 12.0]), min_size=120, max_size=120))
def test_tidy_layout_with_offsets_keeps_extents_apart_and_centres_parents_on_positions(tree: tuple,
                                                                                        shifts: list) -> None:
    """A node whose extent lies partly to one side (a note beside it): extents keep their gaps, parents sit over
    their children's positions."""
    children, widths = tree
    offsets = shifts[:len(children)]
    x = tidy_layout(children, widths, gap=2.0, offsets=offsets)
    for row in levels(children):
        for a, b in zip(row, row[1:], strict=False):
            assert (x[b] + offsets[b] - widths[b] / 2) - (x[a] + offsets[a] + widths[a] / 2) >= 2.0 - 1e-6
    for v, kids in enumerate(children):
        if kids:
            assert x[v] == pytest.approx((x[kids[0]] + x[kids[-1]]) / 2)
    assert min(x[v] + offsets[v] - widths[v] / 2 for v in range(len(children))) == pytest.approx(0.0)

def test_tidy_layout_of_a_full_binary_tree_is_symmetric() -> None:
    children = [[1, 2], [3, 4], [5, 6], [], [], [], []]
    x = tidy_layout(children, [2.0] * 7, gap=1.0)
    assert x[3:] == pytest.approx([1, 4, 7, 10])
    assert x[:3] == pytest.approx([5.5, 2.5, 8.5])


def test_tidy_layout_places_a_small_subtree_between_big_ones_evenly() -> None:
    # Root with three children: two deep fans and a leaf between them; the leaf sits halfway.
    children = [[1, 5, 6], [2, 3, 4], [], [], [], [], [7, 8, 9], [], [], []]
    x = tidy_layout(children, [1.0] * 10, gap=1.0)
    assert x[5] == pytest.approx((x[1] + x[6]) / 2)


# -- cuts ---------------------------------------------------------------------------------------

def entered(G: nx.DiGraph) -> list[int]:
    return [n for n, d in G.nodes(data=True) if not d["pruned"]]


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
@pytest.mark.parametrize("plies", [0, 1, 2, 4])
def test_plies_draws_the_first_plies_and_counts_the_rest_in_marks(algorithm: str, plies: int) -> None:
    full = build_tree(TICTACTOE, TICTACTOE.parse_fen(G2), algorithm=algorithm)
    cut = build_tree(TICTACTOE, TICTACTOE.parse_fen(G2), algorithm=algorithm, plies=plies)
    assert {n for n in entered(cut)} == {n for n in entered(full) if full.nodes[n]["depth"] <= plies}
    assert all(d["depth"] <= plies for _, d in cut.nodes(data=True))
    for n in entered(cut):  # values of the whole search
        assert cut.nodes[n]["value"] == full.nodes[n]["value"]
        assert cut.nodes[n]["bound"] == full.nodes[n]["bound"]
        below = len(nx.descendants(full, n) - {m for m in full if full.nodes[m]["pruned"]})
        drawn = len(nx.descendants(cut, n) - {m for m in cut if cut.nodes[m]["pruned"]})
        assert cut.nodes[n]["hidden"] == below - drawn
    g = cut.graph
    assert g["shown"] + g["hidden"] == g["nodes"] == full.graph["nodes"]
    assert g["marked"] == (g["hidden"] > 0) and g["plies"] == plies and g["capped"] == 0


def test_path_draws_the_subtree_of_the_position_the_moves_reach() -> None:
    full = build_tree(TICTACTOE, TICTACTOE.parse_fen(G2))
    sub = build_tree(TICTACTOE, TICTACTOE.parse_fen(G2), path=["3", "4"])
    state = TICTACTOE.play(TICTACTOE.play(TICTACTOE.parse_fen(G2), 2), 3)
    root = sub.graph["root"]
    assert sub.nodes[root]["fen"] == TICTACTOE.fen(state) == sub.graph["subtree_fen"]
    assert set(sub) == {root} | nx.descendants(full, root)
    assert sub.in_degree(root) == 0 and nx.is_arborescence(sub)
    assert sub.graph["path"] == ["3", "4"] and sub.graph["subtree_value"] == full.nodes[root]["value"]
    assert sub.graph["value"] == full.graph["value"]  # the root's value, not the subtree's
    # The best line is drawn from the subtree's root.
    assert sub.nodes[root]["best"]
    best = [n for n, d in sub.nodes(data=True) if d["best"]]
    assert nx.is_directed_acyclic_graph(sub.subgraph(best)) and len(best) == nx.dag_longest_path_length(
        sub.subgraph(best)) + 1


@pytest.mark.slow
def test_path_then_plies_then_cap_compose() -> None:
    sub = build_tree(TICTACTOE, TICTACTOE.parse_fen("9 x"), path=["5"], plies=3, max_nodes=60)
    root = sub.graph["root"]
    base = sub.nodes[root]["depth"]
    assert all(d["depth"] - base <= 3 for _, d in sub.nodes(data=True))
    assert len(entered(sub)) <= 60 and sub.graph["capped"] > 0


@pytest.mark.parametrize(("path", "words"), [
    (["9"], "'9' is not a move in the tree"),           # cell 9 holds an o
    (["1", "x"], "'1' is not a move in the tree"),      # cell 1 holds an x
    (["2", "4", "6", "7", "1"], "the tree has no move after 2 4 6 7"),  # past the end of the game
])
def test_a_path_that_leads_nowhere_is_refused(path: list[str], words: str) -> None:
    with pytest.raises(PathError, match=words):
        build_tree(TICTACTOE, TICTACTOE.parse_fen(G2), path=path)


def test_a_path_through_a_pruned_move_is_refused() -> None:
    G = build_tree(TICTACTOE, TICTACTOE.parse_fen(G2), algorithm="alphabeta")
    stub = next(n for n, d in G.nodes(data=True) if d["pruned"])
    parent = next(iter(G.pred[stub]))
    moves = nx.shortest_path(G, 0, parent)
    names = [G.edges[a, b]["label"] for a, b in zip(moves, moves[1:], strict=False)] + [G.edges[parent, stub]["label"]]
    with pytest.raises(PathError, match="was pruned by alpha-beta"):
        build_tree(TICTACTOE, TICTACTOE.parse_fen(G2), algorithm="alphabeta", path=names)


@pytest.mark.parametrize("text", ["", "3,,4", ","])
def test_path_text_must_name_moves(text: str) -> None:
    with pytest.raises(PathError):
        parse_path(text)


def test_path_text_takes_commas_or_spaces() -> None:
    assert parse_path("3,4") == parse_path("3 4") == parse_path(" 3, 4 ") == ["3", "4"]


def test_negative_plies_are_refused() -> None:
    with pytest.raises(CropError):
        build_tree(TICTACTOE, TICTACTOE.parse_fen(G2), plies=-1)


def test_crop_graph_cuts_a_strategy_tree_as_the_builder_cuts_a_search() -> None:
    solution = solve(TICTACTOE, TICTACTOE.parse_fen("9 x"))
    G = strategy_tree(solution, 0)
    cut = crop_graph(G, plies=2)
    assert all(d["depth"] <= 2 for _, d in cut.nodes(data=True))
    assert cut.number_of_nodes() + cut.graph["hidden"] == G.number_of_nodes()
    leaves = [n for n in cut if cut.out_degree(n) == 0]
    assert sum(cut.nodes[n]["hidden"] for n in leaves) == cut.graph["hidden"]
    sub = crop_graph(G, path=["1", "5"])
    assert sub.nodes[sub.graph["root"]]["fen"] == TICTACTOE.fen(TICTACTOE.play(TICTACTOE.play(
        TICTACTOE.initial(), 0), 4))
    with pytest.raises(PathError, match="'2' is not a move in the tree"):
        crop_graph(G, path=["2"])  # the strategy plays 1 from the empty board
