"""Edge labels of merged DAGs do not collide (issue 26 item 7): Graphviz puts the labels of crossing edges on top
of each other ("47", "46", "69" in the samples); the renderer moves such labels along their own edges. Checked on
what Graphviz itself reports of the final drawing (its json output: each label's text, position and width)."""

from __future__ import annotations

import json

import pygraphviz
import pytest

import treeviz
from treeviz.draw.graphviz import place_edge_labels, render, spline_points

GAP = 1.0
"""Room, in points, that two labels keep between them at least."""


def label_boxes(graph: pygraphviz.AGraph) -> list[tuple[float, float, float, float, str, tuple[str, str]]]:
    """Each edge label's box as Graphviz draws it (left, bottom, right, top), its text and its edge."""
    data = json.loads(graph.draw(format="json", prog="nop2").decode())
    names = {o["_gvid"]: o["name"] for o in data.get("objects", [])}
    boxes = []
    for e in data.get("edges", []):
        size = 10.0
        for op in e.get("_ldraw_", []):
            if op["op"] == "F":
                size = op["size"]
            elif op["op"] == "T":
                (x, y), w = op["pt"], op["width"]
                left = x - w / 2 if op["align"] == "c" else x if op["align"] == "l" else x - w
                boxes.append((left, y - size * 0.25, left + w, y + size * 0.75, op["text"],
                              (names[e["tail"]], names[e["head"]])))
    return boxes


def laid_out(tree: treeviz.Tree, free: bool) -> pygraphviz.AGraph:
    graph = pygraphviz.AGraph(string=tree.dot())
    graph.layout(prog="dot")
    if free:
        place_edge_labels(graph)
    return graph


def collisions(boxes: list) -> list[tuple[str, str]]:
    return [(a[4], b[4]) for k, a in enumerate(boxes) for b in boxes[k + 1:]
            if a[0] < b[2] + GAP and b[0] < a[2] + GAP and a[1] < b[3] + GAP and b[1] < a[3] + GAP]


@pytest.mark.parametrize(("fen", "merge"), [("xox1o2x1 o", "transpositions"), ("xox1o2x1 o", "symmetry"),
                                            ("1o11o1oxx x", "transpositions")])
def test_dag_edge_labels_do_not_collide_and_stay_by_their_edges(fen: str, merge: str) -> None:
    tree = treeviz.search_tree(fen, merge=merge)
    graph = laid_out(tree, free=True)
    boxes = label_boxes(graph)
    assert len(boxes) == graph.number_of_edges()
    assert collisions(boxes) == []
    for left, bottom, right, top, _, (u, v) in boxes:  # beside its own edge: a point of it within reach
        points = spline_points(graph.get_edge(u, v).attr["pos"])
        near = min(max(left - x, x - right, 0) + max(bottom - y, y - top, 0) for x, y in points)
        assert near <= 6.0, (u, v)


def test_the_sample_dag_had_colliding_labels_before() -> None:
    """The check sees what it checks: Graphviz's own placement of the sample's labels collides."""
    assert collisions(label_boxes(laid_out(treeviz.search_tree("xox1o2x1 o", merge="transpositions"), False)))


def test_dag_figures_are_drawn_with_their_labels_placed() -> None:
    tree = treeviz.search_tree("xox1o2x1 o", merge="transpositions")
    svg = tree.export("svg")
    assert svg.count('class="edge"') == len(list(tree.graph.edges))
    assert svg == render(tree.dot(), "svg", free_labels=True).decode()
    assert svg != render(tree.dot(), "svg").decode()  # Graphviz's own placement is not what is drawn
