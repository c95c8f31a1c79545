"""``--path`` with ``--format json`` (issue 31): the JSON of the subtree under the position the moves reach, the
path fields saying where it is, node for node the subtree of the whole tree's JSON."""

from __future__ import annotations

import json

import pytest

from treeviz.cli.common import run
from treeviz.cli.tttree import tree_command


def tttree_json(capfd: pytest.CaptureFixture[str], *argv: str) -> dict:
    with pytest.raises(SystemExit) as done:
        run(tree_command, [*argv, "--format", "json"], prog_name="tttree")
    out, err = capfd.readouterr()
    assert done.value.code == 0, err
    return json.loads(out)


def subtree(data: dict, labels: list[str]) -> tuple[dict, set[int]]:
    """The node the edge labels lead to from the root, and the ids of it and everything below it."""
    edges: dict[int, list[dict]] = {}
    for e in data["edges"]:
        edges.setdefault(e["source"], []).append(e)
    node = data["graph"]["root"]
    for label in labels:
        node = next(e["target"] for e in edges[node] if e["label"] == label)
    below, todo = set(), [node]
    while todo:
        n = todo.pop()
        below.add(n)
        todo.extend(e["target"] for e in edges.get(n, []))
    return {n["id"]: n for n in data["nodes"]}[node], below


@pytest.mark.parametrize("args", [["x21o11xo o", "--algo", "alphabeta"], ["--tree", "[[3,12,8],[2,4,6],[14,5,2]]"],
                                  ["x21o11xo o"]])
def test_path_with_json_writes_the_subtree(capfd: pytest.CaptureFixture[str], args: list[str]) -> None:
    whole = tttree_json(capfd, *args)
    labels = [e["label"] for e in whole["edges"] if e["source"] == whole["graph"]["root"] and not e["pruned"]][:1]
    start, below = subtree(whole, labels)
    part = tttree_json(capfd, *args, "--path", ",".join(labels))
    g = part["graph"]
    assert g["path"] == labels and g["subtree_fen"] == start["fen"] and g["subtree_value"] == start["value"]
    assert g["nodes"] == whole["graph"]["nodes"]  # the search is the whole one
    fens = sorted(n["fen"] for n in part["nodes"])
    assert fens == sorted({n["id"]: n for n in whole["nodes"]}[i]["fen"] for i in below)
    assert {n["id"]: n for n in part["nodes"]}[g["root"]]["fen"] == start["fen"]


def test_the_python_api_draws_the_json_of_a_path_too() -> None:
    import treeviz

    tree = treeviz.search_tree("x21o11xo o", algorithm="alphabeta")
    cut = json.loads("".join(str(c) for c in tree.draw("json", path="3").chunks))
    assert cut["graph"]["path"] == ["3"] and cut["graph"]["subtree_fen"] == "x1o1o2xo x"
    assert len(cut["nodes"]) < len(json.loads(tree.json())["nodes"])
