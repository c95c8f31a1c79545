"""The trace of a search (issue 34, item 1): one row a step, read off the tree graph, agreeing with the JSON tree,
with explain mode's windows and with the MCTS tree's statistics."""

from __future__ import annotations

import csv
import io
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import treeviz
from treeviz.draw.explain import graph_windows
from treeviz.draw.trace import COLUMNS, TraceError, search_trace, trace_csv
from treeviz.trees.json_export import tree_to_json

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"


def entered_rows(rows: list) -> list:
    return [r for r in rows if r.event in ("enter", "leaf")]


def test_the_classic_tree_enters_eleven_nodes_and_cuts_once_pruning_two_moves() -> None:
    tree = treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta")
    rows = tree.trace()
    data = json.loads(tree_to_json(tree.graph))
    searched = {n["id"] for n in data["nodes"] if not n["pruned"]}
    stubs = {n["id"] for n in data["nodes"] if n["pruned"]}
    entered = entered_rows(rows)
    assert len(entered) == 11 == data["graph"]["nodes"]
    assert {r.node for r in entered} == searched
    assert [r.node for r in entered] == sorted(searched)  # visit order
    cuts = [r for r in rows if r.event == "cut"]
    assert len(cuts) == 1
    assert set(cuts[0].pruned) == stubs and len(stubs) == 2
    assert cuts[0].text == "Cut at C: 2 \u2264 \u03b1 = 3, so its leaves 4 and 6 are never searched"
    assert rows[-1].event == "return" and rows[-1].node == 0 and rows[-1].value == 3


def test_each_row_is_a_step_of_the_search_in_order() -> None:
    rows = treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta").trace()
    assert [r.step for r in rows] == list(range(1, len(rows) + 1))
    assert [r.event for r in rows] == ["enter", "enter", "leaf", "leaf", "leaf", "return", "enter", "leaf", "cut",
                                       "return", "enter", "leaf", "leaf", "leaf", "return", "return"]
    c = rows[6]
    assert (c.node, c.alpha, c.beta, c.path) == (5, 3, math.inf, ("2",))
    assert rows[5].text == "B returns 3 to the root: the root's \u03b1 rises to 3"
    assert rows[9].text == "C returns at most 2 to the root: the root keeps \u03b1 = 3"


def test_minimax_has_no_windows_and_says_which_child_wins() -> None:
    rows = treeviz.search_tree(tree=CLASSIC, algorithm="minimax").trace()
    assert all(r.alpha is None and r.beta is None for r in rows)
    assert len(entered_rows(rows)) == 13 and not any(r.event == "cut" for r in rows)
    assert rows[-1].text == "The root returns 3, the largest of its moves' values: the value of the search"
    assert rows[5].text == "B returns 3, the smallest of its moves' values, to the root"
    table = list(csv.reader(io.StringIO(trace_csv(rows))))
    assert table[0] == list(COLUMNS)
    assert all(line[5] == "" and line[6] == "" for line in table[1:])


def test_the_csv_holds_the_same_rows_as_the_api() -> None:
    tree = treeviz.search_tree("x21o11xo o", algorithm="alphabeta")
    rows = tree.trace()
    table = list(csv.reader(io.StringIO(trace_csv(rows))))
    assert len(table) == len(rows) + 1
    assert table[1:] == [r.cells() for r in rows]
    assert table[1][5:7] == ["-inf", "inf"]


def test_expectiminimax_says_a_chance_node_returns_its_expected_value() -> None:
    rows = treeviz.search_tree(tree="[{1/2: [3,12], 1/2: [2,4]}, [4,6]]", algorithm="minimax").trace()
    chance = [r for r in rows if r.event == "return" and r.node == 1]
    assert len(chance) == 1 and chance[0].value == 2.5
    assert "expected value" in chance[0].text


@st.composite
def textbook_trees(draw: st.DrawFn, depth: int = 3) -> str:
    if depth == 0 or draw(st.booleans()) and depth < 3:
        return str(draw(st.integers(-9, 9)))
    kids = draw(st.lists(textbook_trees(depth - 1), min_size=1, max_size=3))
    return "[" + ",".join(kids) + "]"


@settings(max_examples=60, deadline=None)
@given(textbook_trees(), st.sampled_from(["minimax", "alphabeta"]))
def test_every_node_is_entered_once_returns_once_and_the_windows_are_explain_modes(text: str, algorithm: str) -> None:
    tree = treeviz.search_tree(tree=text, algorithm=algorithm)
    G = tree.graph
    rows = search_trace(G)
    searched = [n for n, d in G.nodes(data=True) if not d["pruned"]]
    assert sorted(r.node for r in entered_rows(rows)) == sorted(searched)
    inner = {n for n in searched if any(not G.nodes[c]["pruned"] for c in G.successors(n))}
    returns = [r.node for r in rows if r.event == "return"]
    assert sorted(returns) == sorted(inner)
    position = {(r.event, r.node): k for k, r in enumerate(rows)}
    for n in inner:  # a node returns after everything below it, and is entered before
        below = [c for c in G.successors(n) if not G.nodes[c]["pruned"]]
        last = max(position.get(("return", c), position.get(("leaf", c), -1)) for c in below)
        assert position[("enter", n)] < last < position[("return", n)]
    for r in rows:
        if r.event in ("leaf", "return"):
            assert r.value == G.nodes[r.node]["value"]
    if algorithm == "alphabeta":
        windows = graph_windows(G)
        for r in rows:
            if r.event in ("enter", "leaf"):
                assert (r.alpha, r.beta) == (G.nodes[r.node]["alpha"], G.nodes[r.node]["beta"])
            if r.event == "return":
                assert (r.alpha, r.beta) == windows[r.node][-1]
        for r in rows:
            if r.event == "cut":
                stubs = {c for c in G.successors(r.node) if G.nodes[c]["pruned"]}
                assert set(r.pruned) == stubs and stubs
        assert sum(len(r.pruned) for r in rows if r.event == "cut") == G.graph["pruned"]
    else:
        assert not any(r.event == "cut" for r in rows)


def test_mcts_steps_select_expand_play_out_and_back_up_each_iteration() -> None:
    tree = treeviz.search_tree("x21o11xo o", algorithm="mcts", iterations=40)
    G = tree.graph
    rows = tree.trace()
    assert [r.event for r in rows if r.event == "select"] == ["select"] * 40
    assert sum(r.event == "expand" for r in rows) == G.graph["nodes"] - 1
    assert [r.value for r in rows if r.event == "playout"] == G.graph["iteration_result"]
    backups = [r for r in rows if r.event == "backup"]
    assert len(backups) == 40
    assert backups[-1].value == pytest.approx(G.nodes[0]["mean"])
    assert f"n = {G.nodes[0]['visits']}" in backups[-1].text


def test_a_comparison_or_a_dag_has_no_trace() -> None:
    with pytest.raises(TraceError, match="one search step by step"):
        treeviz.comparison(tree=CLASSIC).trace()
    with pytest.raises(TraceError, match="no step order"):
        treeviz.search_tree("xox1o2x1 o", merge="transpositions").trace()


def test_path_keeps_the_steps_of_a_subtree() -> None:
    tree = treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta")
    rows = tree.trace(path="2")
    assert [r.event for r in rows] == ["enter", "leaf", "cut", "return"]
    assert rows[0].text.startswith("Enter C")
