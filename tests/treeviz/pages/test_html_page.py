"""The interactive page's data and file, without a browser: compact columns, self-contained HTML."""

from __future__ import annotations

import json
import math
import re

import networkx as nx
import pytest
from click.testing import CliRunner

from treeviz.cli.view import view_command
from treeviz.pages.tree_page import tree_data, tree_page
from treeviz.tree import search_tree

INF = math.inf


def _node(fen: str, depth: int, order: int | None, value: float | None, **extra: object) -> dict[str, object]:
    attrs: dict[str, object] = {
        "fen": fen, "to_move": fen[-1], "depth": depth, "value": value, "bound": "exact" if value is not None else None,
        "order": order, "pruned": order is None, "best": False, "alpha": -INF, "beta": INF, "leaf": None,
        "outcome": None, "cut": None, "cut_value": None, "cut_bound": None, "pruned_children": 0, "hidden": 0,
    }
    attrs.update(extra)
    return attrs


def hand_made_tree() -> nx.DiGraph:
    """An alpha-beta tree written by hand per notes/tree_schema.md: root, two children, a cut and a stub."""
    G = nx.DiGraph(algorithm="alphabeta", game="tictactoe", root_fen="xx1oo4 x", value=1, best_moves=[2],
                   nodes=4, depth=None, scoring="plain", order="ascending", shown=4, hidden=0, max_nodes=0, pruned=1)
    G.add_node(0, **_node("xx1oo4 x", 0, 0, 1, best=True, cut="beta", cut_value=1, cut_bound=INF,
                          bound="lower"))
    G.add_node(1, **_node("xx1oo4 x", 1, 1, -1, alpha=-INF, beta=INF))
    G.add_node(2, **_node("xx1oo4 x", 2, 2, -1, leaf="terminal", outcome="o", alpha=-INF, beta=INF))
    G.add_node(3, **_node("xxxoo4 o", 1, 3, 1, best=True, leaf="terminal", outcome="x", alpha=-1, beta=INF))
    G.add_node(4, **_node("xx1oo1o2 o", 1, None, None, cut_by="beta", parent_value=1, parent_bound=INF))
    G.add_edge(0, 1, move=0, label="1", pruned=False, best=False)
    G.add_edge(1, 2, move=5, label="6", pruned=False, best=False)
    G.add_edge(0, 3, move=2, label="3", pruned=False, best=True)
    G.add_edge(0, 4, move=6, label="7", pruned=True, best=False)
    return G


def test_columns_follow_visit_order_and_intern_fens_and_numbers() -> None:
    data = tree_data(hand_made_tree())
    assert data["n"] == 4
    assert data["depth"] == [0, 1, 2, 1]
    assert data["move"] == [-1, 0, 5, 2]
    assert data["fens"][data["fen"][0]] == "xx1oo4 x"
    assert data["fen"][0] == data["fen"][1] == data["fen"][2]  # one table entry for a repeated FEN
    nums = data["nums"]
    assert [nums[k] for k in data["value"]] == [1, -1, -1, 1]
    assert [nums[k] for k in data["alpha"]] == ["-inf", "-inf", "-inf", -1]
    assert data["beta"] == data["nums"].index("inf")  # a constant column is one number
    assert data["best"] == [0, 3]
    assert data["order"] is None  # ids are visit order: no column needed
    k, cut, value, bound, pruned = data["cuts"]
    assert (k, cut, nums[value], nums[bound], pruned) == (0, 1, 1, "inf", 0)
    stubs = data["stubs"]
    assert stubs["n"] == 1 and stubs["parent"] == [0] and stubs["move"] == [6] and stubs["cut"] == [1]
    assert data["labels"] == {"0": "1", "2": "3", "5": "6", "6": "7"}
    json.dumps(data, allow_nan=False)  # no NaN or Infinity anywhere


def test_nodes_out_of_depth_first_order_are_refused() -> None:
    G = hand_made_tree()
    G.nodes[2]["order"] = 5  # node 2 (below 1) would come after node 3: not a depth-first order
    with pytest.raises(ValueError, match="depth-first"):
        tree_data(G)


def test_page_is_self_contained() -> None:
    page = tree_page(hand_made_tree(), title="a </script> /*DATA*/ title")
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"<script[^>]+src=|<link[^>]+href=|@import|url\(http", page)
    assert page.count("a &lt;/script&gt; /*DATA*/ title") == 2  # <title> and the heading
    assert page.count("</script>") == 3  # data, d3, page script: the title did not close any of them
    assert "d3js.org v7" in page  # the vendored library, inlined
    data = page.split('<script id="treeviz-data" type="application/json">', 1)[1].split("</script>", 1)[0]
    payload = json.loads(data)
    assert payload["title"] == "a </script> /*DATA*/ title"
    assert [t["meta"]["algorithm"] for t in payload["trees"]] == ["alphabeta"]


def test_default_title_names_the_search_and_the_position() -> None:
    assert "<h1>Alpha-beta tree of xx1oo4 x</h1>" in tree_page(hand_made_tree())


def test_comparison_page_carries_both_trees() -> None:
    minimax = search_tree("1o11o1oxx x").graph
    alphabeta = search_tree("1o11o1oxx x", algorithm="alphabeta").graph
    page = tree_page(minimax, compare=alphabeta)
    data = page.split('type="application/json">', 1)[1].split("</script>", 1)[0]
    trees = json.loads(data)["trees"]
    assert [t["meta"]["algorithm"] for t in trees] == ["minimax", "alphabeta"]
    assert [t["n"] for t in trees] == [minimax.graph["nodes"], alphabeta.graph["nodes"]]
    assert trees[1]["stubs"]["n"] == alphabeta.graph["pruned"]


def test_max_nodes_cut_keeps_visit_numbers_and_hidden_counts() -> None:
    G = search_tree("x21o11xo o", algorithm="alphabeta", max_nodes=20).graph
    data = tree_data(G)
    shown = [n for n, a in G.nodes(data=True) if not a["pruned"]]
    assert data["n"] == len(shown) < G.graph["nodes"]
    assert data["order"] == sorted(G.nodes[n]["order"] for n in shown)
    hidden = dict(zip(data["hidden"][::2], data["hidden"][1::2], strict=True))
    assert hidden[0] == G.graph["hidden"]  # the root's subtree misses everything left out
    assert all(hidden[k] <= hidden[0] for k in hidden)


def test_view_writes_the_page_and_prints_its_path(tmp_path) -> None:
    out = tmp_path / "tree.html"
    result = CliRunner().invoke(view_command, ["x21o11xo o", "--algo", "alphabeta", "-o", str(out), "--no-open"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == str(out)
    assert '"algorithm":"alphabeta"' in out.read_text(encoding="utf-8")


def test_view_opens_the_page_in_the_default_browser(tmp_path, monkeypatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr("treeviz.cli.view.webbrowser.open", lambda uri: opened.append(uri) or True)
    out = tmp_path / "tree.html"
    result = CliRunner().invoke(view_command, ["1o11o1oxx x", "--compare", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert opened == [out.resolve().as_uri()]


def test_view_refuses_a_bad_fen_in_one_line(tmp_path) -> None:
    from treeviz.cli.common import run

    with pytest.raises(SystemExit) as stop:
        run(view_command, ["x21o11xo", "--no-open", "-o", str(tmp_path / "t.html")], prog_name="treeviz view")
    assert stop.value.code == 2
    assert not (tmp_path / "t.html").exists()


def test_a_textbook_trees_values_are_written_as_its_figures_write_them() -> None:
    """Unsigned (3, not +3) where the game writes them so (explain mode: the same words as the figures)."""
    textbook = tree_data(search_tree(tree="[[3,12,8],[2,4,6]]", algorithm="alphabeta").graph)
    assert textbook["board"]["signed"] is False
    assert "signed" not in tree_data(search_tree("x21o11xo o", algorithm="alphabeta").graph)["board"]
