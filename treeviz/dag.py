"""A recorded search tree folded into a DAG: one node per distinct position, or per symmetry class.

A game tree repeats positions: the 549,946 nodes of the empty board's minimax tree
are 5,478 distinct positions (``transpositions``), 765 once the board's 8
symmetries are identified (``symmetry``). :func:`merge_tree` maps every tree node
onto its class and every tree edge onto an edge between classes, keeping every
move: a symmetry class is drawn as its canonical board (:func:`engine.symmetry.canonical`)
and each edge lists the moves, written on that canonical board, that lead from one
class to the other (from the empty board: corners ``1,3,7,9``, sides ``2,4,6,8``,
centre ``5``).

Values: minimax gives every occurrence of a position the same exact value, kept
as it is. Alpha-beta may return different bounds for one position entered with
different windows (``≥ 0`` here, ``≤ 0`` there): the DAG node keeps every
distinct result (``results``) and the tightest interval they prove together
(``low``, ``high``; ``bound`` ``exact`` when they meet).
"""

from __future__ import annotations

from collections.abc import Hashable
from math import inf
from typing import Any

import networkx as nx

from treeviz.builder import _GcPaused

MERGES = ("transpositions", "symmetry")
"""How a tree can be folded: identical positions, or positions equal up to a board symmetry."""

RANGE = "range"
"""The bound of a DAG node whose occurrences proved a lower and an upper bound that do not meet."""


def merge_tree(G: nx.DiGraph, how: str, game: Any = None, *, max_nodes: int = 0) -> nx.DiGraph:
    """The DAG of a search tree (a graph from :func:`treeviz.builder.build_tree`, not cut).

    Node ids are ``0, 1, ...`` in the order the search first entered each class (the
    root is 0); positions reached only through pruned moves come last, as pruned
    nodes. Node fields: ``fen`` (the canonical board for ``symmetry``), ``to_move``,
    ``depth``, ``value``, ``bound``, ``low``, ``high``, ``results``, ``order`` (visit
    order of the first occurrence), ``merged`` (tree nodes folded in), ``best``,
    ``outcome``, ``leaf``, ``pruned``, ``hidden``. Edge fields: ``move`` (the lowest),
    ``moves``, ``label``, ``count`` (tree edges folded in), ``pruned`` (no tree edge
    behind it was searched), ``best``. ``max_nodes`` (0: all) keeps whole plies from
    the root, then the rest of the principal variation; ``hidden`` counts the
    positions below a node that are not drawn.

    :raises ValueError: an unknown merge, a tree already cut by ``max_nodes``, or a game
        without known symmetries.
    """
    if how not in MERGES:
        raise ValueError(f"unknown merge {how!r} (expected {' or '.join(MERGES)})")
    with _GcPaused():
        return _merge(G, how, game, max_nodes)


def _merge(G: nx.DiGraph, how: str, game: Any, max_nodes: int) -> nx.DiGraph:
    if G.graph.get("hidden"):
        raise ValueError("a tree cut by max_nodes cannot be merged: merge the whole tree, then cut the DAG")
    if game is None:
        game = game_named(G.graph.get("game", "tictactoe"))
    classes = _Classes(game, how)
    node_data = G._node
    # The builder's ids are the visit order, stubs last; any other numbering is sorted into that order.
    ids = list(node_data)
    if not _ascending_ints(ids):
        ids.sort(key=lambda n: (bool(node_data[n].get("pruned")), node_data[n].get("order") or 0))

    class_of_fen: dict[str, int] = {}
    dag_nodes: list[dict[str, Any]] = []
    seen_results: list[set[tuple[float, str]]] = []
    entered = -1
    for n in ids:
        d = node_data[n]
        fen = d["fen"]
        c = class_of_fen.get(fen)
        pruned = d["pruned"]
        if pruned and entered < 0:
            entered = len(dag_nodes)
        if c is None:
            key, drawn_fen, _ = classes.of(fen)
            c = classes.index.get(key)
            if c is None:
                c = classes.index[key] = len(dag_nodes)
                dag_nodes.append(_new_node(d, drawn_fen, pruned))
                seen_results.append(set())
            class_of_fen[fen] = c
        a = dag_nodes[c]
        a["merged"] += 1
        if pruned:
            continue
        if d["best"]:
            a["best"] = True
        result = (d["value"], d["bound"])
        seen = seen_results[c]
        if result not in seen:
            seen.add(result)
            a["results"].append(list(result))
            _narrow(a, *result)
    if entered < 0:
        entered = len(dag_nodes)
    for a in dag_nodes[:entered]:
        _settle(a)

    # A tree edge is known by its parent's position and its move: each such pair is worked out once.
    edges: dict[tuple[int, int], dict[str, Any]] = {}
    by_position_move: dict[tuple[str, Hashable], dict[str, Any]] = {}
    symmetric = how == "symmetry"
    for u, children in G._succ.items():
        fen = node_data[u]["fen"]
        for v, e in children.items():
            move = e["move"]
            edge = by_position_move.get((fen, move))
            if edge is None:
                key = (class_of_fen[fen], class_of_fen[node_data[v]["fen"]])
                drawn_move = classes.move_on_representative(fen, move) if symmetric else move
                edge = edges.get(key)
                if edge is None:
                    edge = edges[key] = {"move": drawn_move, "moves": [], "label": "", "count": 0,
                                         "pruned": True, "best": False}
                if drawn_move not in edge["moves"]:
                    edge["moves"].append(drawn_move)
                by_position_move[fen, move] = edge
            edge["count"] += 1
            if not e["pruned"]:
                edge["pruned"] = False
            if e["best"]:
                edge["best"] = True
    move_name = game.move_name
    for edge in edges.values():
        edge["moves"].sort()
        edge["move"] = edge["moves"][0]
        edge["label"] = ",".join(move_name(m) for m in edge["moves"])
    graph = dict(G.graph)
    if symmetric and graph.get("best_moves"):  # moves on the root as drawn (its canonical board)
        root_fen = node_data[ids[0]]["fen"]
        graph["best_moves"] = sorted({classes.move_on_representative(root_fen, m) for m in graph["best_moves"]})
    graph.update(merge=how, tree_nodes=G.graph.get("nodes", entered), tree_pruned=G.graph.get("pruned", 0),
                 nodes=entered, pruned=len(dag_nodes) - entered, edges=len(edges), max_nodes=max_nodes)
    shown = _select(dag_nodes, edges, max_nodes) if max_nodes > 0 else None
    D = nx.DiGraph(**graph)
    if shown is None:
        D.add_nodes_from(enumerate(dag_nodes))
        D.add_edges_from((u, v, e) for (u, v), e in edges.items())
    else:
        D.add_nodes_from((c, dag_nodes[c]) for c in range(len(dag_nodes)) if shown[c])
        D.add_edges_from((u, v, e) for (u, v), e in edges.items() if shown[u] and shown[v])
    D.graph["shown"] = sum(1 for c in D if not dag_nodes[c]["pruned"])
    D.graph["hidden"] = entered - D.graph["shown"]
    return D


def _ascending_ints(ids: list[Hashable]) -> bool:
    """True for ints in ascending order (a builder's graph)."""
    try:
        return all(type(i) is int for i in ids) and ids == sorted(ids)  # type: ignore[type-var]
    except TypeError:
        return False


def _new_node(d: dict[str, Any], fen: str, pruned: bool) -> dict[str, Any]:
    """A DAG node for the class first met at tree node attributes ``d``."""
    if pruned:
        return {"fen": fen, "to_move": d["to_move"], "depth": d["depth"], "value": None, "bound": None,
                "low": None, "high": None, "results": [], "order": None, "merged": 0, "best": False,
                "outcome": d.get("outcome"), "leaf": None, "pruned": True, "hidden": 0,
                "cut_by": d.get("cut_by"), "parent_value": d.get("parent_value"),
                "parent_bound": d.get("parent_bound")}
    return {"fen": fen, "to_move": d["to_move"], "depth": d["depth"], "value": None, "bound": None,
            "low": -inf, "high": inf, "results": [], "order": d["order"], "merged": 0, "best": False,
            "outcome": d.get("outcome"), "leaf": d.get("leaf"), "pruned": False, "hidden": 0}


def tree_to_dag_map(G: nx.DiGraph, D: nx.DiGraph, game: Any = None) -> dict[Hashable, int]:
    """Which DAG node (of ``merge_tree(G, ...)``) stands for each node of the tree ``G``."""
    if game is None:
        game = game_named(G.graph.get("game", "tictactoe"))
    classes = _Classes(game, D.graph["merge"])
    by_key = {classes.of(d["fen"])[0]: c for c, d in D.nodes(data=True)}
    return {n: by_key[classes.of(d["fen"])[0]] for n, d in G.nodes(data=True)}


def game_named(name: str) -> Any:
    """The engine's game object called ``name`` (``tictactoe`` or ``ultimate``), as trees record it."""
    if name == "ultimate":
        from engine.ultimate import ULTIMATE
        return ULTIMATE
    if name == "tictactoe":
        from engine.tictactoe import TICTACTOE
        return TICTACTOE
    raise ValueError(f"unknown game {name!r}")


class _Classes:
    """The class of each FEN (its key, the FEN drawn for it, the symmetry onto it), cached per FEN."""

    def __init__(self, game: Any, how: str) -> None:
        self.game = game
        self.how = how
        self.index: dict[Hashable, int] = {}
        self._cache: dict[str, tuple[Hashable, str, int]] = {}

    def of(self, fen: str) -> tuple[Hashable, str, int]:
        found = self._cache.get(fen)
        if found is None:
            if self.how == "transpositions":
                found = (fen, fen, 0)
            else:
                from engine.symmetry import canonical

                representative, k = canonical(self.game, self.game.parse_fen(fen))
                found = (representative, self.game.fen(representative), k)
            self._cache[fen] = found
        return found

    def move_on_representative(self, fen: str, move: Hashable) -> Hashable:
        from engine.symmetry import map_move

        return map_move(self.game, move, self.of(fen)[2])


def _narrow(a: dict[str, Any], value: float, bound: str) -> None:
    """Tighten a DAG node's interval with one occurrence's result (x's view)."""
    if bound in ("exact", "lower") and value > a["low"]:
        a["low"] = value
    if bound in ("exact", "upper") and value < a["high"]:
        a["high"] = value
    if a["low"] > a["high"]:
        raise AssertionError(f"inconsistent results for {a['fen']}: {a['results']}")


def _settle(a: dict[str, Any]) -> None:
    """``value``/``bound`` from the interval: exact when it closed, else the side(s) proved."""
    low, high = a["low"], a["high"]
    if low == high:
        a["value"], a["bound"] = low, "exact"
    elif high == inf:
        a["value"], a["bound"] = low, "lower"
    elif low == -inf:
        a["value"], a["bound"] = high, "upper"
    else:
        a["value"], a["bound"] = low, RANGE
    a["low"] = None if low == -inf else low
    a["high"] = None if high == inf else high


def _select(nodes: list[dict[str, Any]], edges: dict[tuple[int, int], dict[str, Any]], max_nodes: int) -> bytearray:
    """Which DAG nodes a capped picture keeps: whole plies, then the principal variation; sets ``hidden``."""
    per_ply: dict[int, int] = {}
    for a in nodes:
        per_ply[a["depth"]] = per_ply.get(a["depth"], 0) + 1
    pv = sorted((c for c, a in enumerate(nodes) if a["best"]), key=lambda c: nodes[c]["depth"])
    total, last = 0, -1
    for ply in range(max(per_ply) + 1):
        total += per_ply.get(ply, 0)
        extra = sum(1 for c in pv if nodes[c]["depth"] > ply)
        if total + extra > max_nodes:
            break
        last = ply
    shown = bytearray(1 if a["depth"] <= last else 0 for a in nodes)
    budget = max_nodes - sum(shown)
    for c in pv:
        if not shown[c] and budget > 0:
            shown[c] = 1
            budget -= 1
    if not shown[0]:
        shown[0] = 1
    # Positions below each drawn node that are not drawn: reachability as bit sets, deepest first.
    children: list[list[int]] = [[] for _ in nodes]
    for u, v in edges:
        children[u].append(v)
    hidden_mask = sum(1 << c for c, a in enumerate(nodes) if not shown[c] and not a["pruned"])
    reach = [0] * len(nodes)
    for c in sorted(range(len(nodes)), key=lambda c: -nodes[c]["depth"]):
        r = 0 if nodes[c]["pruned"] else 1 << c
        for v in children[c]:
            r |= reach[v]
        reach[c] = r
    for c, a in enumerate(nodes):
        if shown[c]:
            a["hidden"] = (reach[c] & hidden_mask).bit_count()
    return shown


__all__ = ["MERGES", "RANGE", "game_named", "merge_tree", "tree_to_dag_map"]
