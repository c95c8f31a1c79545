"""The interactive HTML page of a search tree: one self-contained file that works offline.

The tree travels as compact columns (one small-integer array per attribute, FENs and
numbers interned in tables) inside a JSON script element; the page's JavaScript
(``treeviz/pages/html/``) draws only the nodes the reader expands, with d3's tree layout and
zoom (vendored in ``treeviz/pages/vendor/``). Entered nodes are sent in visit order, which is
depth-first order, so the page can rebuild parents from depths, subtree sizes from
parents and every node's enter and return step for the replay.
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Hashable, Sequence
from importlib import resources
from typing import Any

import networkx as nx

from engine.errors import ParameterError
from treeviz.draw.dot_writer import orders_heading
from treeviz.draw.kinds import kind_of, orders_compared
from treeviz.draw.technique_marks import mark_words
from treeviz.games.registry import adapter_named
from treeviz.pages.columns import (
    BOUNDS,
    CUTS,
    LEAVES,
    Interner,
    code,
    codes,
    column,
    json_number,
    move_coder,
    outcomes,
    plain,
    position_columns,
)
from treeviz.pages.page_graphs import dag_data, mcts_data
from treeviz.pages.page_trace import page_trace


def _visit_order(G: nx.DiGraph) -> tuple[list[Hashable], list[Hashable]]:
    """Entered nodes sorted by visit order, and pruned stubs sorted by id."""
    entered: list[tuple[int, Hashable]] = []
    stubs: list[Any] = []  # node ids, sortable
    for node, attrs in G.nodes(data=True):
        if attrs.get("pruned"):
            stubs.append(node)
        else:
            order = attrs.get("order")
            entered.append((node if order is None else order, node))
    entered.sort(key=lambda pair: pair[0])
    stubs.sort()
    return [node for _, node in entered], stubs


def tree_data(G: nx.DiGraph) -> dict[str, Any]:
    """The compact, JSON-ready form of a search tree that the page reads.

    :raises ValueError: the graph is empty, its entered nodes are not in depth-first
        visit order, or an attribute has a value the schema does not allow.
    """
    if "unsearched" in G.graph:
        raise ParameterError("{show_pruned} draws the pruned subtrees in figures (png, svg, pdf, tex, dot) and JSON; "
                             "the interactive page shows pruned moves as stubs (its quiz greys their subtrees): leave "
                             "it out", show_pruned=True)
    entered, stubs = _visit_order(G)
    if not entered:
        raise ValueError("the tree has no entered node")
    index = {node: k for k, node in enumerate(entered)}
    parent_of: dict[Hashable, tuple[Hashable, int]] = {}
    labels: dict[int, str] = {}
    adapter = adapter_named(G.graph.get("game"))
    edges = list(G.edges(data=True))
    move_code = move_coder(edge.get("move", -1) for _, _, edge in edges)
    for u, v, edge in edges:
        m = move_code(edge.get("move", -1))
        parent_of[v] = (u, m)
        if m not in labels:
            labels[m] = adapter.edge_text(str(edge.get("label", edge.get("move", m))), edge.get("probability"))
    fens = Interner()
    nums = Interner(json_number)
    fen_index, num_index = fens.index, nums.index
    bounds, cuts_codes, leaves = codes(BOUNDS), codes(CUTS), codes(LEAVES)
    outcome_codes = codes(outcomes(adapter.sides.names))
    nodes = G.nodes

    depth: list[int] = []
    move: list[int] = []
    fen: list[int] = []
    value: list[int] = []
    bound: list[int] = []
    alpha: list[int] = []
    beta: list[int] = []
    leaf: list[int] = []
    outcome: list[int] = []
    order: list[int] = []
    best: list[int] = []
    hidden: list[int] = []
    cuts: list[int] = []
    stack: list[int] = []
    gaps = False
    notes: list[Any] = []  # [k, words, ...]: what a visit was for (treeviz.trees.visit_tree)
    steps: list[Any] = []  # [k, label, ...]: a pass's or an iteration's edge, which no game move names

    def number(v: Any) -> int:
        k = num_index.get(v)
        return nums.add(v) if k is None else k

    for k, node in enumerate(entered):
        a = nodes[node]
        d = a.get("depth", 0)
        link = parent_of.get(node)
        if link is None:
            if d != 0 or k != 0:
                raise ValueError(f"node {node!r} has no parent but is not the root")
            m = -1
        else:
            p = index.get(link[0])
            if p is None or d < 1 or d > len(stack) or stack[d - 1] != p:
                raise ValueError(f"node {node!r} is not in depth-first visit order below its parent")
            m = link[1]
        del stack[d:]
        stack.append(k)
        o = a.get("order")
        o = k if o is None else o
        gaps = gaps or o != k
        depth.append(d)
        move.append(m)
        f = a["fen"]
        i = fen_index.get(f)
        fen.append(fens.add(f) if i is None else i)
        value.append(number(a.get("value")))
        alpha.append(number(a.get("alpha", -math.inf)))
        beta.append(number(a.get("beta", math.inf)))
        bound.append(code(bounds, a.get("bound"), "bound"))
        leaf.append(code(leaves, a.get("leaf"), "leaf kind"))
        outcome.append(code(outcome_codes, a.get("outcome"), "outcome"))
        order.append(o)
        if a.get("best"):
            best.append(k)
        if a.get("hidden"):
            hidden += [k, int(a["hidden"])]
        note = a.get("note") or mark_words(a)  # a visit's purpose, or the bot's techniques that acted here
        if note:
            notes += [k, str(note)]
        if link is not None and link[1] < 0 and a.get("search_root") is False:
            steps += [k, str(G.edges[link[0], node].get("label", ""))]
        if a.get("cut"):
            cuts += [k, code(cuts_codes, a["cut"], "cut"), number(a.get("cut_value")),
                     number(a.get("cut_bound")), int(a.get("pruned_children") or 0)]

    stub_parent: list[int] = []
    stub_move: list[int] = []
    stub_fen: list[int] = []
    stub_cut: list[int] = []
    stub_value: list[int] = []
    stub_bound: list[int] = []
    for node in stubs:
        a = nodes[node]
        link = parent_of.get(node)
        if link is None or link[0] not in index:
            raise ValueError(f"pruned stub {node!r} has no entered parent")
        stub_parent.append(index[link[0]])
        stub_move.append(link[1])
        f = a.get("fen")
        i = fen_index.get(f)
        stub_fen.append(fens.add(f) if i is None else i)
        stub_cut.append(code(cuts_codes, a.get("cut_by"), "cut"))
        stub_value.append(number(a.get("parent_value")))
        stub_bound.append(number(a.get("parent_bound")))

    meta = {key: plain(val) for key, val in G.graph.items()}
    meta.setdefault("nodes", len(entered))
    if G.graph.get("best_moves"):
        meta["best_moves"] = [move_code(m) for m in G.graph["best_moves"]]
    positions = position_columns(adapter, fens.values, [nodes[node].get("to_move") for node in (*entered, *stubs)])
    board = adapter.page_board()
    if not adapter.signed_values:
        board["signed"] = False  # values written as the figures write them: a textbook tree's 3, not +3
    return {
        "meta": meta,
        "board": board,
        "n": len(entered),
        "fens": fens.values,
        "nums": nums.values,
        "labels": {str(m): label for m, label in sorted(labels.items())},
        "depth": depth,
        "move": column(move) if len(entered) > 1 else move,
        "fen": fen,
        "value": column(value),
        "bound": column(bound),
        "alpha": column(alpha),
        "beta": column(beta),
        "leaf": column(leaf),
        "outcome": column(outcome),
        "order": order if gaps else None,
        "best": best,
        "hidden": hidden,
        "cuts": cuts,
        **({"notes": notes} if notes else {}),
        **({"steps": steps} if steps else {}),
        "stubs": {
            "n": len(stubs),
            "parent": stub_parent,
            "move": stub_move,
            "fen": stub_fen,
            "cut": stub_cut,
            "value": stub_value,
            "bound": stub_bound,
        },
        **positions,
    }


def page_data(G: nx.DiGraph) -> dict[str, Any]:
    """The page's data for any search graph: a tree, an MCTS tree, or a merged DAG, as its kind's viewer reads it
    (:attr:`treeviz.draw.kinds.TreeKind.page_viewer`)."""
    viewer = kind_of(G).page_viewer
    data = VIEWER_DATA[viewer](G) if viewer in VIEWER_DATA else {"kind": viewer, **tree_data(G)}
    # The search's steps in the words of the trace, the slides and the videos (issue 34), for the replay's narration.
    entered, stubs = _visit_order(G)
    trace = page_trace(G, sorted(G) if viewer == "mcts" else [*entered, *stubs])
    if trace is not None:
        data["trace"] = trace
    return data


VIEWER_DATA = {"mcts": mcts_data, "dag": dag_data}
"""The page data of the viewers with their own form (MCTS trees, DAGs); the ``search`` viewer reads
:func:`tree_data`."""


def _asset(*parts: str) -> str:
    return resources.files("treeviz.pages").joinpath(*parts).read_text(encoding="utf-8")


def _script_json(payload: Any) -> str:
    """JSON that can sit inside a <script> element (no "</" to close it early)."""
    text = json.dumps(payload, separators=(",", ":"), allow_nan=False, ensure_ascii=False)
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def _default_title(graphs: list[nx.DiGraph], position: str | None = None) -> str:
    fen = position if position is not None else graphs[0].graph.get("root_fen", "")
    kinds = [kind_of(g) for g in graphs]
    if orders_compared(graphs):
        return orders_heading(graphs, fen, kinds[0]).split("\n")[0]
    names = [k.prose for k in kinds]
    first = names[0] if names[0].isupper() else names[0].capitalize()
    noun = "graphs" if any(k.noun == "graphs" for k in kinds) else "trees"
    if len(names) == 1:
        return f"{first} tree of {fen}{kinds[0].title_suffix(graphs[0])}"
    return f"{', '.join([first, *names[1:-1]])} and {names[-1]} {noun} of {fen}"


def tree_page(G: nx.DiGraph, *, compare: nx.DiGraph | Sequence[nx.DiGraph] | None = None,
              title: str | None = None, position: str | None = None) -> str:
    """One self-contained HTML page showing ``G`` (and ``compare``, one graph or several, beside it); ``position``
    names the searched position in the default title (default: the graph's ``root_fen``).

    The page needs no server and no network: d3 and the page's own script and style are
    inlined, the tree is embedded as compact columns.
    """
    if compare is None:
        graphs = [G]
    elif isinstance(compare, nx.DiGraph):
        graphs = [G, compare]
    else:
        graphs = [G, *compare]
    heading = title if title is not None else _default_title(graphs, position)
    return page_html(heading, [page_data(g) for g in graphs])


def page_html(heading: str, trees: Sequence[dict[str, Any]]) -> str:
    """The page file around the data of its viewers (``trees``: :func:`page_data` of each graph, or another
    viewer's data such as the quiz's, :mod:`treeviz.exercises.quiz`), titled ``heading``."""
    payload = {"title": heading, "trees": list(trees)}
    parts = {
        "<!--TITLE-->": html.escape(heading),
        "/*STYLE*/": "\n".join(_asset("html", part) for part in STYLE_PARTS),
        "/*D3*/": _asset("vendor", "d3.min.js").replace("</script", "<\\/script"),
        "/*APP*/": _app_script(),
        "/*DATA*/": _script_json(payload),
    }
    template = _asset("html", "page.html")
    missing = [marker for marker in parts if marker not in template]
    if missing:
        raise RuntimeError(f"page template has no {', '.join(missing)} marker")
    # One pass, so that nothing inserted (a title, a FEN) is ever read as a marker.
    return _MARKERS.sub(lambda match: parts[match.group()], template)


STYLE_PARTS = ("page.css", "quiz.css")
"""The page's style sheets, in order."""
APP_PARTS = ("outline.js", "mcts.js", "dag.js", "quiz.js")
"""Viewers of the other kinds of search graph, inserted into page.js at its ``/*VIEWERS*/`` marker (they extend
its classes inside the same closure)."""


def _app_script() -> str:
    script = _asset("html", "page.js")
    if "/*VIEWERS*/" not in script:
        raise RuntimeError("page.js has no /*VIEWERS*/ marker")
    return script.replace("/*VIEWERS*/", "\n".join(_asset("html", part) for part in APP_PARTS), 1)


_MARKERS = re.compile(r"<!--TITLE-->|/\*(?:STYLE|D3|APP|DATA)\*/")
