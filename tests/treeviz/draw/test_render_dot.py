"""DOT of search trees: valid for Graphviz, deterministic, and saying what the tree holds."""

from __future__ import annotations

import re

import pygraphviz
import pytest

from engine.games.tictactoe import TICTACTOE as T
from engine.games.ultimate import ULTIMATE as U
from treeviz.draw import labels
from treeviz.draw.dot_writer import compare_dot, iter_dot, to_dot
from treeviz.games.ultimate import ultimate_board_label
from treeviz.trees.builder import build_tree

SEEDS = ("1o11o1oxx x", "x21o11xo o")


def tree(fen: str, algorithm: str = "minimax", **options: object):
    return build_tree(T, T.parse_fen(fen), algorithm=algorithm, **options)


def statements(dot: str, css: str) -> list[str]:
    """Node statements of one class (node, pv, pruned, hidden)."""
    return [line for line in dot.splitlines() if f'class="{css}"' in line]


@pytest.mark.parametrize("fen", SEEDS)
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_dot_parses_with_graphviz_and_has_every_node_and_edge(fen: str, algorithm: str) -> None:
    G = tree(fen, algorithm)
    graph = pygraphviz.AGraph(string=to_dot(G))
    assert graph.number_of_nodes() == G.number_of_nodes()
    assert graph.number_of_edges() == G.number_of_edges()


def test_comparison_parses_with_both_trees_in_their_own_cluster() -> None:
    Gm, Ga = tree("x21o11xo o"), tree("x21o11xo o", "alphabeta")
    graph = pygraphviz.AGraph(string=compare_dot(Gm, Ga))
    clusters = {sub.name: sub.number_of_nodes() for sub in graph.subgraphs()}
    assert clusters == {"cluster_minimax": Gm.number_of_nodes(), "cluster_alphabeta": Ga.number_of_nodes()}


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_same_tree_gives_the_same_bytes(algorithm: str) -> None:
    first = to_dot(tree("x21o11xo o", algorithm))
    second = to_dot(tree("x21o11xo o", algorithm))
    assert first == second
    assert "".join(iter_dot(tree("x21o11xo o", algorithm))) == first


def test_comparison_is_deterministic() -> None:
    def once() -> str:
        return compare_dot(tree("1o11o1oxx x"), tree("1o11o1oxx x", "alphabeta"))

    assert once() == once()


@pytest.mark.parametrize(("fen", "minimax_nodes", "alphabeta_nodes"), [
    ("1o11o1oxx x", 49, 35),
    ("x21o11xo o", 238, 101),
])
def test_titles_give_the_node_counts_of_the_seed_positions(fen: str, minimax_nodes: int,
                                                           alphabeta_nodes: int) -> None:
    Gm, Ga = tree(fen), tree(fen, "alphabeta")
    assert Gm.graph["nodes"] == minimax_nodes and Ga.graph["nodes"] == alphabeta_nodes
    assert f"Minimax tree of {Gm.graph['root_fen']}: {minimax_nodes} nodes" in to_dot(Gm)
    assert f"Alpha-beta tree of {Ga.graph['root_fen']}: {alphabeta_nodes} nodes" in to_dot(Ga)
    both = compare_dot(Gm, Ga)
    assert f"Minimax: {minimax_nodes} nodes" in both
    assert f"Alpha-beta: {alphabeta_nodes} nodes" in both


@pytest.mark.slow
@pytest.mark.parametrize("fen", [*SEEDS, "9 x"])
def test_one_grey_stub_per_pruned_move(fen: str) -> None:
    G = tree(fen, "alphabeta")
    skipped = sum(d["pruned_children"] for _, d in G.nodes(data=True) if not d["pruned"])
    dot = to_dot(G)
    assert len(statements(dot, "pruned")) == G.graph["pruned"] == skipped > 0
    assert dot.count("style=dashed") == skipped  # one dashed edge into each stub


def test_stub_says_the_cut_and_the_bound() -> None:
    G = tree("1o11o1oxx x", "alphabeta")
    dot = to_dot(G)
    for n, d in G.nodes(data=True):
        if d["pruned"]:
            sign = labels.GEQ if d["cut_by"] == "beta" else labels.LEQ
            greek = labels.BETA if d["cut_by"] == "beta" else labels.ALPHA
            text = (f"{greek}-cut:\\n{labels.format_number(d['parent_value'])} {sign} "
                    f"{greek}={labels.format_number(d['parent_bound'])}")
            assert re.search(rf'^  {n} \[label="{re.escape(text)}"', dot, re.M), text
    # x to move at #3 ([-inf, -1]) reached -1: a beta cut, as the course draws it.
    assert f"{labels.BETA}-cut:\\n{labels.MINUS}1 {labels.GEQ} {labels.BETA}={labels.MINUS}1" in dot


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_principal_variation_is_drawn_bold_green(algorithm: str) -> None:
    G = tree("x21o11xo o", algorithm)
    dot = to_dot(G)
    pv_nodes = [n for n, d in G.nodes(data=True) if d["best"]]
    assert len(statements(dot, "pv")) == len(pv_nodes) > 1
    assert dot.count(f'penwidth=3, color="{labels.PV_COLOUR}"') == len(pv_nodes) - 1


def test_alphabeta_nodes_show_window_and_visit_order_minimax_nodes_do_not() -> None:
    ab = to_dot(tree("1o11o1oxx x", "alphabeta"))
    assert f"#0 [{labels.MINUS}{labels.INFINITY}, +{labels.INFINITY}]" in ab
    assert "#34 " in ab
    assert "#0 [" not in to_dot(tree("1o11o1oxx x"))


def test_values_and_bounds_are_written_with_relations() -> None:
    ab = to_dot(tree("1o11o1oxx x", "alphabeta"))
    assert f"v {labels.LEQ} 0" in ab and f"v {labels.GEQ} {labels.MINUS}1" in ab
    mm = to_dot(tree("1o11o1oxx x"))
    assert "v = +1" in mm and "v = 0" in mm and f"v = {labels.MINUS}1" in mm
    assert "x wins" in mm and "o wins" in mm and "draw" in mm


def test_edges_carry_moves_as_people_number_cells() -> None:
    dot = to_dot(tree("1o11o1oxx x"))
    root_moves = re.findall(r'^  0 -> \d+ \[label=(?:"|<<B>)(\d)', dot, re.M)
    assert root_moves == ["1", "3", "4", "6"]  # free cells 0, 2, 3, 5 in the API


@pytest.mark.slow
def test_max_nodes_cut_is_a_visible_box_counting_what_was_left_out() -> None:
    G = tree("9 x", max_nodes=100)
    dot = to_dot(G)
    boxes = statements(dot, "hidden")
    counts = [int(m.replace(",", "")) for m in re.findall(r"(\d[\d,]*) more nodes?", "\n".join(boxes))]
    assert G.graph["hidden"] > 0
    assert sum(counts) == G.graph["hidden"] == G.graph["nodes"] - G.graph["shown"]
    assert all("use --max-nodes 0" in box for box in boxes)
    assert pygraphviz.AGraph(string=dot).number_of_nodes() == G.number_of_nodes() + len(boxes)


def test_full_tree_has_no_cut_boxes() -> None:
    assert not statements(to_dot(tree("x21o11xo o")), "hidden")


def test_ultimate_nodes_are_nine_by_nine_boards_with_the_playable_sub_board_marked() -> None:
    state = U.parse_fen("999999999 00 x")
    for move in (55, 51, 15, 59, 95, 54, 45, 56, 65, 58, 85):
        state = U.play(state, move)
    G = build_tree(U, state, algorithm="alphabeta", depth=1, evaluate=lambda s: 0.5)
    dot = to_dot(G)
    graph = pygraphviz.AGraph(string=dot)
    assert graph.number_of_nodes() == G.number_of_nodes()
    root = graph.get_node("0").attr["label"]
    assert root.count("<TD WIDTH=") == 81  # every cell of the 9x9 board
    assert labels.PLAYABLE_COLOUR in root  # o must play in sub-board 5
    assert labels.LAST_MOVE_FILL in root  # x's 85
    won = graph.get_node("2").attr["label"]  # after o's 53 o has won sub-board 5
    assert won.count("<TD WIDTH=") == 73  # the won sub-board is one big mark, not nine cells
    assert "(eval)" in won


def test_ultimate_board_label_is_reusable_with_bigger_cells() -> None:
    state = U.play(U.parse_fen("999999999 00 x"), 55)
    label = ultimate_board_label(state, cell_size=30)
    graph = pygraphviz.AGraph(string=f"digraph {{ b [shape=plain, label=<{label}>] }}")
    assert 'WIDTH="30"' in graph.get_node("b").attr["label"]
