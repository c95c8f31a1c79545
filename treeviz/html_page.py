"""The interactive HTML page of a search tree: one self-contained file that works offline.

The tree travels as compact columns (one small-integer array per attribute, FENs and
numbers interned in tables) inside a JSON script element; the page's JavaScript
(``treeviz/html/``) draws only the nodes the reader expands, with d3's tree layout and
zoom (vendored in ``treeviz/vendor/``). Entered nodes are sent in visit order, which is
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

BOUNDS = ("exact", "lower", "upper")
CUTS = ("alpha", "beta")
LEAVES = ("terminal", "heuristic", "table")
OUTCOMES = ("x", "o", "draw")

Column = list[int] | int
"""A column of small integers; a single int stands for a column where every entry is that int."""


class _Interner:
    """Gives each distinct value a small index, in order of first appearance (None is -1)."""

    def __init__(self, convert: Any = None) -> None:
        self.index: dict[Any, int] = {None: -1}
        self.values: list[Any] = []
        self.convert = convert

    def add(self, value: Any) -> int:
        """The index of a value not seen before (``index.get(v)`` answers for the others)."""
        found = self.index[value] = len(self.values)
        self.values.append(self.convert(value) if self.convert else value)
        return found


def _codes(table: tuple[str, ...]) -> dict[str | None, int]:
    """Index of each name in ``table``, and -1 for None."""
    return {None: -1, **{name: k for k, name in enumerate(table)}}


def _code(codes: dict[str | None, int], value: Any, what: str) -> int:
    try:
        return codes[value]
    except (KeyError, TypeError):
        names = ", ".join(str(k) for k in codes if k is not None)
        raise ValueError(f"unexpected {what} {value!r}, expected one of {names}") from None


def _column(values: list[int]) -> Column:
    """The column, or the single value when all entries are equal (saves megabytes on big trees)."""
    if values and all(v == values[0] for v in values):
        return values[0]
    return values


def _number(value: float) -> float | int | str:
    """A JSON-safe number: integers stay integers, infinities become "inf"/"-inf"."""
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        if math.isnan(value):
            raise ValueError("a tree value is NaN")
        if value.is_integer():
            return int(value)
    return value


def _plain(value: Any) -> Any:
    """Graph attributes made JSON-safe (infinities as strings, tuples as lists)."""
    if isinstance(value, float):
        return _number(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return str(value)


def _visit_order(G: nx.DiGraph) -> tuple[list[Hashable], list[Hashable]]:
    """Entered nodes sorted by visit order, and pruned stubs sorted by id."""
    entered: list[tuple[int, Hashable]] = []
    stubs: list[Hashable] = []
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
    entered, stubs = _visit_order(G)
    if not entered:
        raise ValueError("the tree has no entered node")
    index = {node: k for k, node in enumerate(entered)}
    parent_of: dict[Hashable, tuple[Hashable, int]] = {}
    labels: dict[int, str] = {}
    for u, v, edge in G.edges(data=True):
        m = int(edge.get("move", -1))
        parent_of[v] = (u, m)
        if m not in labels:
            labels[m] = str(edge.get("label", m))
    fens = _Interner()
    nums = _Interner(_number)
    fen_index, num_index = fens.index, nums.index
    bounds, cuts_codes, leaves, outcomes = _codes(BOUNDS), _codes(CUTS), _codes(LEAVES), _codes(OUTCOMES)
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
        bound.append(_code(bounds, a.get("bound"), "bound"))
        leaf.append(_code(leaves, a.get("leaf"), "leaf kind"))
        outcome.append(_code(outcomes, a.get("outcome"), "outcome"))
        order.append(o)
        if a.get("best"):
            best.append(k)
        if a.get("hidden"):
            hidden += [k, int(a["hidden"])]
        if a.get("cut"):
            cuts += [k, _code(cuts_codes, a["cut"], "cut"), number(a.get("cut_value")),
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
        stub_cut.append(_code(cuts_codes, a.get("cut_by"), "cut"))
        stub_value.append(number(a.get("parent_value")))
        stub_bound.append(number(a.get("parent_bound")))

    meta = {key: _plain(val) for key, val in G.graph.items()}
    meta.setdefault("nodes", len(entered))
    return {
        "meta": meta,
        "n": len(entered),
        "fens": fens.values,
        "nums": nums.values,
        "labels": {str(m): label for m, label in sorted(labels.items())},
        "depth": depth,
        "move": _column(move) if len(entered) > 1 else move,
        "fen": fen,
        "value": _column(value),
        "bound": _column(bound),
        "alpha": _column(alpha),
        "beta": _column(beta),
        "leaf": _column(leaf),
        "outcome": _column(outcome),
        "order": order if gaps else None,
        "best": best,
        "hidden": hidden,
        "cuts": cuts,
        "stubs": {
            "n": len(stubs),
            "parent": stub_parent,
            "move": stub_move,
            "fen": stub_fen,
            "cut": stub_cut,
            "value": stub_value,
            "bound": stub_bound,
        },
    }


def _asset(*parts: str) -> str:
    return resources.files("treeviz").joinpath(*parts).read_text(encoding="utf-8")


def _script_json(payload: Any) -> str:
    """JSON that can sit inside a <script> element (no "</" to close it early)."""
    text = json.dumps(payload, separators=(",", ":"), allow_nan=False, ensure_ascii=False)
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


ALGORITHM_NAMES = {"minimax": "minimax", "alphabeta": "alpha-beta", "mcts": "MCTS"}


def _default_title(graphs: list[nx.DiGraph]) -> str:
    fen = graphs[0].graph.get("root_fen", "")
    algorithms = [str(g.graph.get("algorithm", "search")) for g in graphs]
    names = [ALGORITHM_NAMES.get(a, a) for a in algorithms]
    first = names[0] if names[0].isupper() else names[0].capitalize()
    kind = "graphs" if any(g.graph.get("merge") for g in graphs) else "trees"
    if len(names) == 1:
        merge = graphs[0].graph.get("merge")
        suffix = {"transpositions": ", transpositions merged", "symmetry": ", symmetries merged"}.get(merge, "")
        return f"{first} tree of {fen}{suffix}"
    return f"{', '.join([first, *names[1:-1]])} and {names[-1]} {kind} of {fen}"


def tree_page(G: nx.DiGraph, *, compare: nx.DiGraph | Sequence[nx.DiGraph] | None = None,
              title: str | None = None) -> str:
    """One self-contained HTML page showing ``G`` (and ``compare``, one graph or several, beside it).

    The page needs no server and no network: d3 and the page's own script and style are
    inlined, the tree is embedded as compact columns.
    """
    if compare is None:
        graphs = [G]
    elif isinstance(compare, nx.DiGraph):
        graphs = [G, compare]
    else:
        graphs = [G, *compare]
    heading = title if title is not None else _default_title(graphs)
    from treeviz.html_graphs import page_data

    payload = {"title": heading, "trees": [page_data(g) for g in graphs]}
    parts = {
        "<!--TITLE-->": html.escape(heading),
        "/*STYLE*/": _asset("html", "page.css"),
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


APP_PARTS = ("mcts.js", "dag.js")
"""Viewers of the other kinds of search graph, inserted into page.js at its ``/*VIEWERS*/`` marker (they extend
its classes inside the same closure)."""


def _app_script() -> str:
    script = _asset("html", "page.js")
    if "/*VIEWERS*/" not in script:
        raise RuntimeError("page.js has no /*VIEWERS*/ marker")
    return script.replace("/*VIEWERS*/", "\n".join(_asset("html", part) for part in APP_PARTS), 1)


_MARKERS = re.compile(r"<!--TITLE-->|/\*(?:STYLE|D3|APP|DATA)\*/")
