"""The page carries the search's trace (issue 34): the same sentences as the CSV, the slides and the videos, each
row placed at the replay step that shows it."""

from __future__ import annotations

import pytest

import treeviz
from treeviz.pages import page_trace as page_trace_module
from treeviz.pages.tree_page import page_data

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"


def test_a_search_page_holds_its_trace_at_the_replay_steps() -> None:
    tree = treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta")
    rows = tree.trace()
    data = page_data(tree.graph)
    trace = data["trace"]
    assert trace["text"] == [r.text for r in rows]
    assert [trace["events"][e] for e in trace["event"]] == [r.event for r in rows]
    steps = 2 * data["n"]  # the page's replay: an enter and a return event per entered node
    assert trace["step"][0] == 1 and trace["step"][-1] == steps
    assert trace["step"] == sorted(trace["step"]) and all(1 <= s <= steps for s in trace["step"])
    cut = trace["event"].index(trace["events"].index("cut"))
    assert trace["step"][cut] == trace["step"][cut + 1]  # C's cut and return: the step where C returns
    assert set(trace["node"]) == set(range(data["n"]))


def test_an_mcts_page_places_its_rows_at_their_iterations() -> None:
    tree = treeviz.search_tree("x21o11xo o", algorithm="mcts", iterations=12)
    trace = page_data(tree.graph)["trace"]
    assert trace["step"][0] == 1 and trace["step"][-1] == 12
    assert trace["text"] == [r.text for r in tree.trace()]


def test_a_long_search_and_a_dag_carry_no_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(page_trace_module, "PAGE_TRACE_LIMIT", 50)
    assert "trace" not in page_data(treeviz.search_tree("x21o11xo o", algorithm="alphabeta").graph)
    monkeypatch.undo()
    assert "trace" not in page_data(treeviz.search_tree("xox1o2x1 o", merge="transpositions").graph)
