"""``--show-pruned``: the subtrees alpha-beta pruned, added greyed under their stubs, never counted as searched;
held to the textbook tree they come from and to the game's own outcomes, and drawn in every style."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings

import treeviz
from engine.games.textbook import parse_tree
from engine.games.tictactoe import TICTACTOE
from engine.search.minimax import minimax
from tests.engine.search.test_textbook_search import notation, trees
from treeviz.games.start import starting_point
from treeviz.trees.builder import build_tree
from treeviz.trees.pruned_subtrees import UNSEARCHED_BUDGET

BIN = Path(sys.executable).parent
DEEP = "[[3,12,8],[2,[4,7],6],[14,5,2]]"  # C = [2, [4, 7], 6]: a pruned inner node and a pruned leaf


def both(text: str) -> tuple:
    start = starting_point(tree=text)
    plain = build_tree(start.game, start.state, algorithm="alphabeta")
    shown = build_tree(start.game, start.state, algorithm="alphabeta", show_pruned=True)
    return start, plain, shown


def test_the_pruned_subtree_of_c_is_drawn_to_its_leaves_and_never_counted() -> None:
    start, plain, shown = both(DEEP)
    assert shown.graph["nodes"] == plain.graph["nodes"] == 11
    assert shown.graph["pruned"] == plain.graph["pruned"] == 2 and shown.graph["unsearched"] == 2
    added = {n: d for n, d in shown.nodes(data=True) if d.get("unsearched")}
    assert sorted(d["fen"] for d in added.values()) == ["2.2", "2.2.1", "2.2.2", "2.3"]
    assert {d["fen"]: d["value"] for d in added.values()} == {"2.2": None, "2.2.1": 4, "2.2.2": 7, "2.3": 6}
    assert all(d["order"] is None and d["alpha"] is None for d in added.values())
    entered = [n for n, d in shown.nodes(data=True) if not d.get("pruned") and not d.get("unsearched")]
    assert len(entered) == 11


@settings(max_examples=150, deadline=None)
@given(trees())
def test_with_the_pruned_subtrees_every_node_of_the_tree_is_drawn_once(generated: object) -> None:
    text = notation(generated)
    tree = parse_tree(text)
    start, plain, shown = both(text)
    assert shown.graph["nodes"] == plain.graph["nodes"]
    assert shown.number_of_nodes() == len(tree.children)  # entered, stubs and their subtrees: the whole tree
    assert sorted(d["fen"] for _, d in shown.nodes(data=True)) == sorted(tree.fen(k) for k in range(len(tree.children)))
    for _, d in shown.nodes(data=True):
        if d.get("unsearched") and d["value"] is not None:
            assert d["value"] == tree.values[tree.parse_fen(d["fen"])]


def test_a_games_pruned_subtrees_end_in_its_outcomes() -> None:
    start = starting_point("1o11o1oxx x")
    shown = build_tree(start.game, start.state, algorithm="alphabeta", show_pruned=True)
    assert shown.graph["nodes"] == 35 and shown.graph["unsearched"] == 9
    for _, d in shown.nodes(data=True):
        if d.get("unsearched") and d["value"] is not None:
            state = TICTACTOE.parse_fen(d["fen"])
            assert d["value"] == minimax(TICTACTOE, state).value
            assert d["leaf"] == "terminal" and d["outcome"] is not None


def test_a_huge_pruned_subtree_stays_a_stub_within_the_budget() -> None:
    start = starting_point("9 x")
    shown = build_tree(start.game, start.state, algorithm="alphabeta", show_pruned=True, plies=3)
    plain = build_tree(start.game, start.state, algorithm="alphabeta", plies=3)
    assert shown.graph["nodes"] == plain.graph["nodes"] == 18_297
    assert 0 < shown.graph["unsearched"] <= UNSEARCHED_BUDGET
    assert max(d["depth"] for _, d in shown.nodes(data=True) if d.get("unsearched")) <= 3  # the plies drawn


@pytest.mark.parametrize("style", ["textbook", "compact", "dot", "board"])
def test_every_style_draws_the_pruned_leaves_greyed(style: str, tmp_path: Path) -> None:
    tree = treeviz.search_tree(tree=DEEP, algorithm="alphabeta", show_pruned=True)
    svg = tree.export("svg", style=style)
    plain = treeviz.search_tree(tree=DEEP, algorithm="alphabeta").export("svg", style=style)
    if style == "board":  # through Graphviz: greyed frames, the leaves' values written
        assert svg.count('class="node unsearched"') == 4 and "unsearched" not in plain
        assert re.search(r"v = \+?4<", svg) and re.search(r"v = \+?7<", svg)
    elif style == "dot":  # points only: the pruned subtrees' four points, greyed
        grey = re.findall(r'<path class="node-\w+" fill="none" stroke="#6f6f6f"[^>]* d="([^"]*)"', svg)
        assert sum(path.count("M") for path in grey) == 4 and "#6f6f6f" not in plain
    else:
        grey = set(re.findall(r'<text[^>]*fill="#6f6f6f"[^>]*>([^<]*)</text>', svg))
        signed = "+" if style == "compact" else ""  # compact writes +4, as it writes every value
        assert {f"{signed}4", f"{signed}7", f"{signed}6"} <= grey and "grey: pruned subtrees, never searched" in svg
    assert "11 nodes" in svg


def test_tikz_and_textbook_dot_draw_them_too() -> None:
    tree = treeviz.search_tree(tree=DEEP, algorithm="alphabeta", show_pruned=True)
    tex = tree.export("tex")
    assert re.search(r"\{4\}", tex) and re.search(r"\{7\}", tex)
    dot = tree.export("dot")
    assert re.search(r'label="4", fontcolor="#6f6f6f"', dot) and "style=dashed" in dot
    assert json.loads(tree.export("json"))["graph"]["nodes"] == 11


def test_the_command_draws_them_and_refuses_the_page(tmp_path: Path) -> None:
    def tttree(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(BIN / "tttree"), *argv], cwd=tmp_path, capture_output=True, text=True, timeout=120)

    done = tttree("--tree", DEEP, "--algo", "alphabeta", "--show-pruned", "-o", "t.svg")
    assert done.returncode == 0, done.stderr
    assert ">7</text>" in (tmp_path / "t.svg").read_text()
    for argv, words in ((["--algo", "alphabeta", "-o", "t.html"], "--show-pruned draws the pruned subtrees in"),
                        (["-o", "t.png"], "it needs --algo alphabeta"),
                        (["--compare", "-o", "t.png"], "leave out --compare")):
        done = tttree("--tree", DEEP, "--show-pruned", *argv)
        assert done.returncode == 2 and done.stderr.startswith("error: ") and words in done.stderr, done.stderr
        assert "Traceback" not in done.stderr
