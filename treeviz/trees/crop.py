"""Which nodes of a search tree a figure draws: ``--path`` (a subtree), ``--plies`` (the first plies) and the
``--max-nodes`` cap (whole levels, then the principal variation).

The search is never changed: every value is the full search's. What is cut is
counted, so each drawn node whose subtree lost nodes carries ``hidden`` (entered
nodes below it not drawn) and the figure marks it ``+k nodes``.

Works on the flat preorder arrays the tree builder records (node ``i``'s subtree
is ids ``i .. i + size[i] - 1``), so a subtree of the 549,946-node full tree is
cut before any networkx node is made; :func:`crop_graph` applies the same rules
to a finished graph (strategy trees, hand-made graphs).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from engine.errors import ParameterError
from engine.game import Game
from treeviz.graph_dicts import node_dict, pred_dict, succ_dict


class PathError(ParameterError):
    """A ``path`` that does not lead to a searched position: unknown or illegal move, pruned move, a leaf."""


class CropError(ParameterError):
    """A bad ``plies`` or ``max_nodes`` value."""


@dataclass(frozen=True)
class Selection:
    """The drawn part of a tree: entered nodes and pruned stubs kept, and what was cut below each node."""

    root: int
    """Id of the drawn root (0 unless a path was followed)."""
    kept: Sequence[int]
    """Entered nodes drawn, ascending ids (preorder, so parents come before children)."""
    stubs: list[int]
    """Indexes (into the caller's stub list) of the pruned stubs drawn."""
    hidden: dict[int, int]
    """Per drawn node, the entered nodes of its subtree not drawn (0 when nothing is cut below it)."""
    pv: list[int]
    """Principal variation from the drawn root: ids, the root first."""
    capped: int
    """Nodes the ``max_nodes`` cap left out (beyond what ``plies`` already cut)."""
    cut_by_plies: int
    """Nodes ``plies`` left out."""


def parse_path(text: str) -> list[str]:
    """``"3,4"`` (or ``"3 4"``) as move names ``["3", "4"]``, as the figures write them on the edges.

    :raises PathError: an empty move (``"3,,4"``) or no move at all.
    """
    tokens = re.split(r"\s*,\s*|\s+", text.strip())
    if not tokens or any(not t for t in tokens):
        raise PathError("{path:quoted}: expected moves separated by commas, as written on the edges (e.g. 3,4)",
                        path=text)
    return tokens


Children = Callable[[int], Sequence[tuple[str, int, bool]]]
"""``node -> [(move name, child id, pruned)]`` in drawing order."""


def follow_path(tokens: Sequence[str], root: int, children: Children, where: Callable[[int], str]) -> int:
    """The node the moves ``tokens`` reach from ``root``; ``where(node)`` describes a node (its FEN) in errors.

    :raises PathError: a move that is not among those searched there (illegal, unknown), a pruned move,
        or moves past a leaf.
    """
    node = root
    for k, token in enumerate(tokens):
        done = " ".join(tokens[:k])
        after = f" after {done}" if done else ""
        options = children(node)
        if not options:
            raise PathError(f"{{path}}: the tree has no move{after} ({where(node)}: a finished game or the depth "
                            "limit)", path=",".join(tokens))
        for name, child, pruned in options:
            if name == token:
                if pruned:
                    raise PathError(f"{{path}}: move {token}{after} was pruned by alpha-beta, so it has no subtree "
                                    "to draw", path=",".join(tokens))
                node = child
                break
        else:
            names = ", ".join(name for name, _, _ in options)
            raise PathError(f"{{path}}: {token!r} is not a move in the tree{after} ({where(node)}; moves there: "
                            f"{names})", path=",".join(tokens))
    return node


def principal_variation(values: Sequence[float], size: Sequence[int], root: int = 0) -> list[int]:
    """Ids from ``root`` following, while expanded, the first child whose value equals its parent's."""
    if not values:
        return []
    pv = [root]
    node = root
    while size[node] > 1:
        target = values[node]
        child = node + 1
        end = node + size[node]
        while child < end and values[child] != target:
            child += size[child]
        if child >= end:
            break
        pv.append(child)
        node = child
    return pv


def _levels(per_level: dict[int, int], pv_len: int, max_nodes: int) -> tuple[int, int]:
    """How many whole levels fit in ``max_nodes`` with the rest of the principal variation: ``(last, pv_shown)``."""
    total = 0
    last = -1
    for level in range(max(per_level) + 1):
        total += per_level.get(level, 0)
        extra = max(0, pv_len - 1 - level)
        if total + extra > max_nodes:
            break
        last = level
    if last < 0:
        return -1, min(pv_len, max_nodes)
    return last, pv_len


def select(parent: Sequence[int], ply: Sequence[int], size: Sequence[int], values: Sequence[float],
           stub_parents: Sequence[int], *, root: int = 0, plies: int | None = None,
           max_nodes: int = 0) -> Selection:
    """The nodes to draw of the subtree under ``root``: its first ``plies`` plies (all when None), then at most
    ``max_nodes`` of them (0: no cap) -- whole levels from the root while they fit with the rest of the principal
    variation, then that variation (a prefix of it when even that does not fit). Stubs are kept under kept nodes
    of the full levels.

    :raises CropError: a negative ``plies`` or ``max_nodes``.
    """
    if plies is not None and plies < 0:
        raise CropError("{plies} must be 0 or more", plies=plies)
    if max_nodes < 0:
        raise CropError("{max_nodes} must be 0 (no limit) or more", max_nodes=max_nodes)
    end = root + size[root]
    base = ply[root]
    deepest = plies if plies is not None else None
    pv = principal_variation(values, size, root)
    if deepest is None and max_nodes == 0:  # nothing is cut: the whole subtree, quickly
        stubs = [k for k, p in enumerate(stub_parents) if root <= p < end]
        return Selection(root=root, kept=range(root, end), stubs=stubs, hidden=_Zeros(), pv=pv, capped=0,
                         cut_by_plies=0)
    if deepest is not None:
        pv = pv[:deepest + 1]
    in_plies = [i for i in range(root, end) if deepest is None or ply[i] - base <= deepest]
    last = deepest if deepest is not None else max((ply[i] - base for i in in_plies), default=0)
    pv_shown = len(pv)
    stub_ok = [k for k, p in enumerate(stub_parents)
               if root <= p < end and (deepest is None or ply[p] - base < deepest)]
    if max_nodes > 0:
        per_level: dict[int, int] = {}
        for i in in_plies:
            level = ply[i] - base
            per_level[level] = per_level.get(level, 0) + 1
        for k in stub_ok:
            level = ply[stub_parents[k]] - base + 1
            per_level[level] = per_level.get(level, 0) + 1
        last, pv_shown = _levels(per_level, len(pv), max_nodes)
    shown = {i for i in in_plies if ply[i] - base <= last}
    shown.update(pv[:pv_shown])
    kept = sorted(shown)
    stubs = [k for k in stub_ok if ply[stub_parents[k]] - base < last]
    # Nodes of each kept node's subtree that are drawn, bottom-up (ids are preorder: children after parents).
    shown_size = {i: 1 for i in kept}
    for i in reversed(kept):
        if i != root:
            shown_size[parent[i]] += shown_size[i]
    hidden = {i: size[i] - shown_size[i] for i in kept}
    total_hidden = size[root] - len(kept)
    by_plies = size[root] - len(in_plies)
    return Selection(root=root, kept=kept, stubs=stubs, hidden=hidden, pv=pv[:pv_shown],
                     capped=total_hidden - by_plies, cut_by_plies=by_plies)


class _Zeros(dict[int, int]):
    """Nothing hidden under any node: every look-up is 0."""

    def __missing__(self, key: int) -> int:
        return 0


# -- finished graphs ---------------------------------------------------------------

def graph_root(G: nx.DiGraph) -> Hashable:
    """The node of ``G`` with no parent (the drawn root)."""
    root = G.graph.get("root")
    if root is not None and root in G:
        return root
    for n in G:
        if not pred_dict(G)[n]:
            return n
    raise ValueError("the graph has no root (every node has a parent)")


def _child_order(G: nx.DiGraph, n: Hashable) -> list[Hashable]:
    children = list(succ_dict(G)[n])
    try:
        return sorted(children)
    except TypeError:
        return children


def crop_graph(G: nx.DiGraph, *, path: Sequence[str] | None = None, plies: int | None = None,
               game: Game | None = None) -> nx.DiGraph:
    """``G`` cut as :func:`select` cuts a freshly built tree: the subtree under ``path`` (move names), its first
    ``plies`` plies. Returns ``G`` itself when there is nothing to do, else a new graph (attributes copied,
    ``hidden`` and ``best`` recomputed, graph attributes ``root``, ``path``, ``plies``, ``marked`` ... set as in
    the tree schema).

    :raises PathError: a path that leads nowhere. :raises CropError: a negative ``plies``.
    """
    if not path and plies is None:
        return G
    if plies is not None and plies < 0:
        raise CropError("{plies} must be 0 or more", plies=plies)
    root = graph_root(G)
    # Preorder numbering of the entered nodes; stubs listed apart, as the builder keeps them.
    ids: list[Hashable] = []
    parent: list[int] = []
    ply: list[int] = []
    values: list[Any] = []  # the nodes' "value" attributes
    stubs: list[Hashable] = []
    stub_parents: list[int] = []
    stack: list[tuple[Hashable, int, int]] = [(root, -1, 0)]
    node_data, succ = node_dict(G), succ_dict(G)
    while stack:
        n, p, depth = stack.pop()
        index = len(ids)
        ids.append(n)
        parent.append(p)
        ply.append(depth)
        values.append(node_data[n].get("value"))
        entered = []
        for c in _child_order(G, n):
            if node_data[c].get("pruned"):
                stubs.append(c)
                stub_parents.append(index)
            else:
                entered.append(c)
        stack.extend((c, index, depth + 1) for c in reversed(entered))
    # ``hidden`` is cumulative (entered nodes left out below, by an earlier cut): a node's whole subtree is
    # its drawn part plus that. Selection runs on the drawn structure; the earlier cut is added back after.
    drawn = [1] * len(ids)
    for i in range(len(ids) - 1, 0, -1):
        drawn[parent[i]] += drawn[i]
    earlier = [node_data[n].get("hidden") or 0 for n in ids]
    index_of = {n: i for i, n in enumerate(ids)}

    def children(i: int) -> list[tuple[str, int, bool]]:
        n = ids[i]
        return [(str(succ[n][c].get("label", c)), index_of.get(c, -1), bool(node_data[c].get("pruned")))
                for c in _child_order(G, n)]

    start = 0
    if path:
        start = follow_path(list(path), 0, children, lambda i: str(node_data[ids[i]].get("fen", ids[i])))
    selection = select(parent, ply, drawn, values, stub_parents, root=start, plies=plies)
    kept_ids = [ids[i] for i in selection.kept]
    H: nx.DiGraph = nx.DiGraph()
    H.graph.update(G.graph)
    pv = {ids[i] for i in selection.pv}
    for i in selection.kept:
        n = ids[i]
        d = dict(node_data[n])
        d["hidden"] = selection.hidden[i] + earlier[i]
        d["best"] = n in pv
        H.add_node(n, **d)
    for n in kept_ids[1:]:
        up = ids[parent[index_of[n]]]
        e = dict(succ[up][n])
        e["best"] = n in pv
        H.add_edge(up, n, **e)
    for k in selection.stubs:
        s = stubs[k]
        up = ids[stub_parents[k]]
        H.add_node(s, **node_data[s])
        H.add_edge(up, s, **succ[up][s])
    r = ids[start]
    H.graph.update(_crop_attributes(node_data[r], path or [], plies, drawn[start] + earlier[start], selection,
                                    root=r, shown=len(kept_ids)))
    return H


def _crop_attributes(root_data: dict[str, Any], path: Sequence[str], plies: int | None, subtree_nodes: int,
                     selection: Selection, *, root: Hashable, shown: int) -> dict[str, Any]:
    """The graph attributes that say what a cut drew (see notes/tree_schema.md)."""
    return {
        "root": root,
        "path": list(path),
        "plies": plies,
        "subtree_nodes": subtree_nodes,
        "subtree_value": root_data.get("value"),
        "subtree_fen": root_data.get("fen"),
        "shown": shown,
        "hidden": subtree_nodes - shown,
        "marked": selection.cut_by_plies > 0,
        "capped": selection.capped,
        "pruned": len(selection.stubs),
    }
