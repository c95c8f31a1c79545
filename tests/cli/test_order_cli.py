"""``--order``: the value orders (best, worst), the seeded random order, and several orders side by side with the
leaves each examines and the Knuth-Moore minimum on the figure."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pygraphviz
import pytest

from treeviz.cli.common import run
from treeviz.cli.tttree import tree_command

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"


def tttree(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        run(tree_command, list(argv), prog_name="tttree")
    out, err = capfd.readouterr()
    return done.value.code, out, err


def test_best_and_worst_side_by_side_with_leaves_and_the_minimum(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = tttree(capfd, "--tree", CLASSIC, "--order", "best,worst", "--format", "dot")
    assert (code, err) == (0, "")
    graph = pygraphviz.AGraph(string=out)
    heading = graph.graph_attr["label"]
    assert "Alpha-beta trees of [B=[3,12,8],C=[2,4,6],D=[14,5,2]] under the best and worst move orders" in heading
    assert "Knuth\u2013Moore minimum for a uniform tree of branching 3 and depth 2: 3\u00b9 + 3\u00b9 \u2212 1 = 5 " \
           "leaves" in heading
    titles = [sub.graph_attr["label"] for sub in graph.subgraphs()]
    assert any("Alpha-beta, best order: 9 nodes, 5 leaves examined, 4 moves pruned" in t for t in titles), titles
    assert any("Alpha-beta, worst order: 13 nodes, 9 leaves examined" in t for t in titles), titles


def test_order_comparison_json_is_keyed_by_order(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = tttree(capfd, "--tree", CLASSIC, "--order", "best,worst,ascending", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["best", "worst", "ascending"]
    assert [data[k]["graph"]["leaves"] for k in data] == [5, 9, 7]
    assert {data[k]["graph"]["value"] for k in data} == {3}
    assert data["best"]["graph"]["knuth_moore"] == {"branching": 3, "depth": 2, "leaves": 5}
    worst_leaves = [n["fen"] for n in data["worst"]["nodes"] if n["leaf"] and not n["pruned"]]
    assert len(worst_leaves) == 9


def test_non_uniform_trees_have_no_minimum_and_minimax_is_allowed(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = tttree(capfd, "--tree", "[[3,12],[2,4,6],7]", "--order", "best,worst", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert "knuth_moore" not in data["best"]["graph"]
    code, out, _ = tttree(capfd, "--tree", CLASSIC, "--order", "best,worst", "--algo", "minimax", "--format", "json")
    data = json.loads(out)
    assert [data[k]["graph"]["nodes"] for k in data] == [13, 13]  # minimax enters every node whatever the order


def test_random_order_follows_the_seed(capfd: pytest.CaptureFixture[str]) -> None:
    def leaves_in_order(seed: str) -> list[str]:
        code, out, err = tttree(capfd, "--tree", CLASSIC, "--order", "random", "--seed", seed, "--format", "json")
        assert (code, err) == (0, "")
        nodes = [n for n in json.loads(out)["nodes"] if n["leaf"]]
        return [n["fen"] for n in sorted(nodes, key=lambda n: n["order"])]
    assert leaves_in_order("3") == leaves_in_order("3")
    assert len({tuple(leaves_in_order(str(s))) for s in range(6)}) > 1


def test_tic_tac_toe_best_order_board_figure(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "orders.svg"
    code, out, err = tttree(capfd, "1o11o1oxx x", "--order", "best,worst", "-o", str(target))
    assert (code, out) == (0, "")
    svg = html.unescape(target.read_text())
    assert "Alpha-beta, best order: 17 nodes, 7 leaves examined, 8 moves pruned" in svg
    assert "Alpha-beta, worst order: 45 nodes" in svg
    assert "Knuth" not in svg  # tic-tac-toe's trees are not uniform


@pytest.mark.parametrize("argv,words", [
    (["--tree", CLASSIC, "--order", "best", "--algo", "mcts"], "--order best orders the moves of minimax"),
    (["--tree", CLASSIC, "--order", "best,worst", "--algo", "mcts"], "MCTS has none"),
    (["--tree", CLASSIC, "--order", "best,best"], "--order must name each once, got best twice"),
    (["--tree", CLASSIC, "--order", "best,"], "--order must not have an empty name"),
    (["--tree", CLASSIC, "--order", "best,sideways"], "--order must be one or more of"),
    (["--tree", CLASSIC, "--order", "best,worst", "--compare"], "give one of them"),
    (["--tree", CLASSIC, "--seed", "3"], "--seed is an MCTS option"),
])
def test_bad_orders_are_one_error_line(capfd: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str],
                                       words: str) -> None:
    target = tmp_path / "t.svg"
    code, out, err = tttree(capfd, *argv, "-o", str(target))
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], err
    assert not target.exists()
