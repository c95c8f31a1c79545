"""Iterative deepening drawn one panel per iteration (treeviz.trees.iteration_panels): a panel per iteration, in
order, each holding that iteration's visits and counting them; an aspiration re-search inside its iteration's panel;
the figure titles each panel; JSON keeps the single tree; a comparison keeps id as one panel."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.games.tictactoe import TICTACTOE
from treeviz.cli.common import run
from treeviz.cli.tttree import tree_command
from treeviz.tree import search_tree
from treeviz.trees.iteration_panels import iteration_panels
from treeviz.trees.visit_tree import build_visit_tree

G1 = "1o11o1oxx x"
WIDE = "[[[1,2],[3,4]],[[50,60],[70,80]]]"  # depth 1 says 0, depth 3 says 60: an aspiration window of 1 misses


@pytest.mark.parametrize("table", [False, True])
def test_a_panel_per_iteration_holding_its_visits(table: bool) -> None:
    G = build_visit_tree(TICTACTOE, TICTACTOE.parse_fen(G1), algorithm="id", table=table)
    panels = iteration_panels(G)
    assert panels is not None and len(panels) == G.graph["iterations"] == 4
    assert sum(P.graph["nodes"] for P in panels) == G.graph["nodes"] - 1  # all but the node for the whole search
    for k, P in enumerate(panels, 1):
        root = P.graph["root"]
        assert P.nodes[root]["iteration"] == k == P.graph["iteration"]
        assert P.graph["panel_title"].startswith(f"iteration {k} (depth {k}): {P.graph['nodes']} nodes")
        assert sum(1 for _, d in P.nodes(data=True) if not d["pruned"]) == P.graph["nodes"]
        assert P.nodes[root]["best"]
    assert panels[-1].graph["value"] == G.graph["value"]
    assert sum(P.graph["tt_hits"] for P in panels) == G.graph["tt_hits"]
    later = [d for P in panels[1:] for _, d in P.nodes(data=True)]
    assert any(d["tt_move"] for d in later)  # the table's move, searched first, still marked


def test_an_aspiration_re_search_is_drawn_in_its_iterations_panel() -> None:
    G = search_tree(tree=WIDE, algorithm="id", aspiration=1).graph
    panels = iteration_panels(G)
    assert panels is not None and len(panels) == G.graph["iterations"] == 3
    last = panels[-1]
    root = last.graph["root"]
    searches = sorted(last.succ[root])
    assert len(searches) == 2 and last.nodes[searches[1]]["research"]
    assert last.nodes[root]["value"] == 60 == last.nodes[searches[1]]["value"]
    assert last.graph["researches"] == 1 and "1 re-search" in last.graph["panel_title"]
    assert sum(P.graph["nodes"] for P in panels) == G.graph["nodes"] - 1


def test_other_trees_and_a_part_of_one_are_not_split() -> None:
    assert iteration_panels(search_tree(G1, algorithm="pvs").graph) is None
    assert iteration_panels(search_tree(G1, algorithm="id", path="depth-2").graph) is None


def tttree(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        run(tree_command, list(argv), prog_name="tttree")
    out, err = capfd.readouterr()
    return done.value.code, out, err


@pytest.mark.parametrize("style", ["board", "compact"])
def test_the_figure_draws_the_iterations_side_by_side(capfd, tmp_path: Path, style: str) -> None:
    target = tmp_path / "t.svg"
    code, _, err = tttree(capfd, G1, "--algo", "id", "--style", style, "-o", str(target))
    assert code == 0, err
    svg = target.read_text()
    for k in (1, 2, 3, 4):
        assert f"iteration {k} (depth {k}): " in svg
    code, out, err = tttree(capfd, G1, "--algo", "id", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["graph"]["iterations"] == 4 and data["graph"]["algorithm"] == "id"  # the single tree


def test_a_comparison_keeps_iterative_deepening_as_one_panel(capfd, tmp_path: Path) -> None:
    target = tmp_path / "t.svg"
    code, _, err = tttree(capfd, G1, "--compare", "alphabeta,id", "-o", str(target))
    assert code == 0, err
    svg = target.read_text()
    assert "Iterative deepening" in svg and "iteration 1 (depth 1): " not in svg
