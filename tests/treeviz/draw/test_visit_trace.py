"""The trace of the searches drawn as their visits (PVS, MTD(f), iterative deepening, alpha-beta over a table) and
of the bot's search (issue 34, item 1 for the new searches): the same four events as alpha-beta, every entered node
entered or evaluated once in visit order, and the technique's sentence where the graph carries its flag."""

from __future__ import annotations

import io

import pytest

import treeviz
from treeviz.draw.trace import search_trace
from treeviz.graph_dicts import node_dict

G2 = "x21o11xo o"
ULTIMATE = "4o2oo2xx8o1oxo1x1x2o2o6x1x2ox1x1x1x2oo4x4oo1x1ox4x1 59 o"
CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"

SEARCHES = {
    "pvs": {"position": G2, "algorithm": "pvs"},
    "mtdf": {"position": G2, "algorithm": "mtdf"},
    "id": {"position": G2, "algorithm": "id"},
    "alphabeta-tt": {"position": G2, "algorithm": "alphabeta", "table": True},
    "bot": {"position": ULTIMATE, "algorithm": "bot", "depth": 2},
}


@pytest.fixture(scope="module", params=sorted(SEARCHES))
def searched(request: pytest.FixtureRequest) -> tuple[str, treeviz.Tree]:
    return request.param, treeviz.search_tree(**SEARCHES[request.param])


def test_enter_and_leaf_rows_are_the_entered_nodes_in_visit_order(searched) -> None:
    _, tree = searched
    G = tree.graph
    rows = search_trace(G)
    data = node_dict(G)
    entered = sorted(n for n, d in data.items() if not d.get("pruned"))
    assert [r.node for r in rows if r.event in ("enter", "leaf")] == entered
    assert {r.event for r in rows} <= {"enter", "leaf", "cut", "return"}
    returns = [r.node for r in rows if r.event == "return"]
    assert sorted(returns) == sorted(n for n in entered if any(not data[c].get("pruned") for c in G.successors(n)))
    cut_stubs = sorted(s for r in rows if r.event == "cut" for s in r.pruned)
    assert cut_stubs == sorted(n for n, d in data.items() if d.get("pruned"))
    assert [r.step for r in rows] == list(range(1, len(rows) + 1))


def test_each_flag_has_its_sentence_at_its_node(searched) -> None:
    name, tree = searched
    G = tree.graph
    rows = search_trace(G)
    data = node_dict(G)
    first = {}
    for r in rows:
        first.setdefault(r.node, r)
    flagged = 0
    for n, d in data.items():
        if d.get("pruned"):
            continue
        text = first[n].text
        if d.get("research"):
            assert "searched again" in text, text
            flagged += 1
        if d.get("pass") is not None:
            assert text.startswith(f"Pass {d['pass']} with \u03b3 = "), text
            last = [r for r in rows if r.node == n][-1]
            assert last.event == "return" and f"fails {d['fail']}" in last.text
            flagged += 1
        if d.get("iteration") is not None:
            assert text.startswith(f"Iteration {d['iteration']}: search the root"), text
            flagged += 1
        if d.get("tt_hit"):
            assert "in the table" in text or "the table says" in text, text
            if d.get("tt_from") is not None:
                assert f"from visit #{d['tt_from']}" in text
            flagged += 1
        if d.get("null_window") and not d.get("pass") and not d.get("tt_hit"):
            assert "null window" in text, text
        if d.get("quiescence"):
            assert "quiescence" in text, text
            flagged += 1
    assert flagged, f"{name}: the example has none of its search's techniques"


def test_pvs_research_is_said_as_the_teacher_would_on_the_classic_tree_and_g2() -> None:
    rows = search_trace(treeviz.search_tree(tree=CLASSIC, algorithm="pvs").graph)
    texts = [r.text for r in rows]
    assert "Enter C (MIN to move) with the null window [3, 4]: is C worth more than 3?" in texts
    g2 = search_trace(treeviz.search_tree(position=G2, algorithm="pvs").graph)
    again = [r.text for r in g2 if "searched again" in r.text]
    assert len(again) == 1 and "failed low on its null window" in again[0]


def test_mtdf_passes_on_the_classic_tree() -> None:
    rows = search_trace(treeviz.search_tree(tree=CLASSIC, algorithm="mtdf").graph)
    texts = [r.text for r in rows]
    assert "Pass 1 with \u03b3 = 0: the root fails high, so its value is at least 3" in texts
    assert "Pass 2 with \u03b3 = 4: the root fails low, so its value is at most 3" in texts


def test_the_gif_has_one_frame_more_than_the_trace_has_rows(tmp_path) -> None:
    Image = pytest.importorskip("PIL.Image", reason="the GIF needs Pillow (the lesson extra)")
    tree = treeviz.search_tree(tree=CLASSIC, algorithm="mtdf")
    rows = tree.trace()
    from treeviz.cli.common import run
    from treeviz.cli.tttree import tree_command

    target = tmp_path / "mtdf.gif"
    with pytest.raises(SystemExit) as done:
        run(tree_command, ["--tree", CLASSIC, "--algo", "mtdf", "--format", "gif", "-o", str(target)],
            prog_name="tttree")
    assert done.value.code == 0
    with Image.open(io.BytesIO(target.read_bytes())) as im:
        assert im.n_frames == len(rows) + 1


def test_an_aspiration_window_that_fails_is_said_and_its_iteration_searched_again() -> None:
    G = treeviz.search_tree(position=G2, algorithm="id", aspiration=0.5).graph
    rows = search_trace(G)
    data = node_dict(G)
    redone = [n for n, d in data.items() if d.get("research") and d.get("iteration") is not None]
    assert redone
    for n in redone:
        d = data[n]
        enter = next(r for r in rows if r.node == n)
        assert enter.text.startswith(f"Iteration {d['iteration']}: search the root again (its aspiration window "
                                     f"failed {d['fail']})")
        first = next(r for r in rows if r.event == "return" and data[r.node].get("iteration") == d["iteration"])
        assert f"failed {d['fail']} on its aspiration window" in first.text
