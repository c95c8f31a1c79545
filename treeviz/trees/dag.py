"""A recorded search tree folded into a DAG: one node per distinct position, or per symmetry class.

A game tree repeats positions: the 549,946 nodes of the empty board's minimax tree
are 5,478 distinct positions (``transpositions``), 765 once the board's 8
symmetries are identified (``symmetry``). :func:`merge_tree` maps every tree node
onto its class and every tree edge onto an edge between classes, keeping every
move: a symmetry class is drawn as its canonical board (:func:`engine.games.symmetry.canonical`)
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

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from math import inf
from typing import Any, Literal, cast, get_args

import networkx as nx

from engine.errors import ParameterError
from engine.game import CHANCE_NAME, ChanceGame, Game
from treeviz.games.registry import adapter_for, adapter_named
from treeviz.graph_dicts import node_dict, pred_dict
from treeviz.trees.builder import GcPaused, TreeBuilder

Merge = Literal["transpositions", "symmetry"]
MERGES: tuple[Merge, ...] = get_args(Merge)
"""How a tree can be folded: identical positions, or positions equal up to a board symmetry."""

TREE_CUT_FIELDS = ("root", "path", "plies", "subtree_nodes", "subtree_value", "subtree_fen", "marked", "capped")
"""Graph fields a tree figure's cut sets (:mod:`treeviz.trees.crop`): about the tree, not its DAG."""

RANGE = "range"
"""The bound of a DAG node whose occurrences proved a lower and an upper bound that do not meet."""


@dataclass
class FlatTree:
    """A search tree as the merge reads it: entered nodes in visit order, then the pruned moves.

    ``key`` identifies a position (its state, or its FEN); ``describe(key)`` gives its FEN,
    side to move and outcome; ``state_of(key)`` its state, for symmetries.
    """

    parent: list[int]
    move: list[Hashable]
    key: list[Hashable]
    depth: list[int]
    order: list[int]
    value: list[float]
    bound: list[str]
    best: set[int]
    leaf: dict[int, str]
    stubs: Sequence[tuple[int, Hashable, Hashable, str | None, float | None, float | None]]
    """(parent, move, key, cut kind, parent value, parent bound) per pruned move."""
    describe: Callable[[Any], tuple[str, str, str | None]]
    """Of a key (a state or a FEN, as ``key`` holds them)."""
    state_of: Callable[[Any], Any]


def merge_tree(G: nx.DiGraph, how: Merge, game: Game | None = None, *, max_nodes: int = 0) -> nx.DiGraph:
    """The DAG of a search tree (a graph from :func:`treeviz.trees.builder.build_tree`, not cut).

    Node ids are ``0, 1, ...`` in the order the search first entered each class (the
    root is 0); positions reached only through pruned moves come last, as pruned
    nodes. Node fields: ``fen`` (the canonical board for ``symmetry``), ``to_move``,
    ``depth``, ``value``, ``bound``, ``low``, ``high``, ``results``, ``order`` (visit
    order of the first occurrence), ``merged`` (tree nodes folded in), ``best``,
    ``outcome``, ``leaf``, ``pruned``, ``hidden``. Edge fields: ``move`` (the lowest),
    ``moves``, ``label``, ``count`` (tree edges folded in), ``pruned`` (no tree edge
    behind it was searched), ``best``, and below a chance node ``probability``.
    ``max_nodes`` (0: all) keeps whole plies from the root, then the rest of the
    principal variation; ``hidden`` counts the positions below a node that are not
    drawn.

    :raises ValueError: an unknown merge, a tree already cut by ``max_nodes``, a game
        without known symmetries, or one whose position texts do not tell its positions apart.
    """
    if how not in MERGES:
        raise ParameterError(f"{{merge}} is not a merge (expected {' or '.join(MERGES)})", merge=how)
    if G.graph.get("hidden"):
        raise ValueError("a tree cut by max_nodes cannot be merged: merge the whole tree, then cut the DAG")
    if game is None:
        game = game_named(G.graph.get("game"))
    with GcPaused():
        return _merge(_flat_from_graph(G, game), how, game, dict(G.graph), max_nodes)


def merge_records(recorder: TreeBuilder, game: Game, how: Merge, *, graph_attrs: dict[str, Any],
                  max_nodes: int = 0) -> nx.DiGraph:
    """The same DAG as :func:`merge_tree`, straight from a search's records
    (:func:`treeviz.trees.builder.record_search`): the tree itself is never made, so the 549,946-node tree of
    the empty board folds in a fraction of the time and memory."""
    if how not in MERGES:
        raise ParameterError(f"{{merge}} is not a merge (expected {' or '.join(MERGES)})", merge=how)
    with GcPaused():
        entries = recorder.entries
        results = recorder.results
        adapter = adapter_for(game)
        describe_state = adapter.describe
        play = game.play
        stubs = [(node, m, play(entries[node][2], m), kind, value, bound)
                 for node, kind, value, bound, skipped in recorder.cuts for m in skipped]
        keys: list[Hashable] = [e[2] for e in entries]
        state_of: Callable[[Hashable], Hashable] = _same
        if not adapter.keys_are_states:  # one key per position: states that differ may be the same position
            key_of = adapter.position_key
            first: dict[Hashable, Hashable] = {}
            states, keys = keys, [key_of(state) for state in keys]
            for key, state in zip(keys, states, strict=True):
                first.setdefault(key, state)
            keyed = []
            for node, m, state, kind, value, bound in stubs:
                key = key_of(state)
                first.setdefault(key, state)
                keyed.append((node, m, key, kind, value, bound))
            stubs = keyed
            state_of = first.__getitem__

        def describe(key: Hashable) -> tuple[str, str, str | None]:
            return describe_state(state_of(key))

        n = len(entries)
        done = cast("list[tuple[float, str]]", results)  # every entered node has its result once the search is over
        flat = FlatTree(
            parent=[e[0] for e in entries], move=[e[1] for e in entries], key=keys,
            depth=[e[3] for e in entries], order=list(range(n)),
            value=[r[0] for r in done], bound=[r[1] for r in done],
            best=set(recorder.principal_variation()), leaf=recorder.leaves, stubs=stubs,
            describe=describe, state_of=state_of,
        )
        graph = dict(graph_attrs)
        graph.update(nodes=n, pruned=len(stubs))
        return _merge(flat, how, game, graph, max_nodes)


def _flat_from_graph(G: nx.DiGraph, game: Game) -> FlatTree:
    node_data = node_dict(G)
    # The builder's ids are the visit order, stubs last; any other numbering is sorted into that order.
    ids = list(node_data)
    if not _ascending_ints(ids):
        ids.sort(key=lambda n: (bool(node_data[n].get("pruned")), node_data[n].get("order") or 0))
    entered = [n for n in ids if not node_data[n].get("pruned")]
    index = {n: k for k, n in enumerate(entered)}
    parent: list[int] = []
    move: list[Hashable] = []
    pred = pred_dict(G)
    for n in entered:
        link = pred[n]
        if link:
            (p, e), = link.items()
            parent.append(index[p])
            move.append(e["move"])
        else:
            parent.append(-1)
            move.append(None)
    seen: dict[str, tuple[str, str, str | None]] = {}
    for d in node_data.values():
        if d["fen"] not in seen:
            seen[d["fen"]] = (d["fen"], d["to_move"], d.get("outcome"))
    stubs = []
    for n in ids[len(entered):]:
        d = node_data[n]
        (p, e), = pred[n].items()
        stubs.append((index[p], e["move"], d["fen"], d.get("cut_by"), d.get("parent_value"), d.get("parent_bound")))
    data = [node_data[n] for n in entered]
    return FlatTree(
        parent=parent, move=move, key=[d["fen"] for d in data], depth=[d["depth"] for d in data],
        order=[d.get("order", k) for k, d in enumerate(data)], value=[d["value"] for d in data],
        bound=[d["bound"] for d in data], best={k for k, d in enumerate(data) if d.get("best")},
        leaf={k: d["leaf"] for k, d in enumerate(data) if d.get("leaf")}, stubs=stubs,
        describe=seen.__getitem__, state_of=game.parse_fen,
    )


def _merge(flat: FlatTree, how: str, game: Game, graph: dict[str, Any], max_nodes: int) -> nx.DiGraph:
    symmetric = how == "symmetry"
    describe, state_of = flat.describe, flat.state_of
    drawn: dict[Hashable, tuple[int, int]] = {}
    """key -> (DAG node, symmetry onto its drawn board)."""
    index: dict[Hashable, int] = {}
    """class -> DAG node."""
    dag_nodes: list[dict[str, Any]] = []
    seen_results: list[set[tuple[float, str]]] = []

    def place(key: Hashable, depth: int, order: int | None, leaf: str | None, pruned: bool) -> tuple[int, int]:
        cls: Hashable
        if symmetric:
            from engine.games.symmetry import canonical

            cls, k = canonical(game, state_of(key))
            drawn_key: Hashable = cls
        else:
            cls, k, drawn_key = key, 0, key
        c = index.get(cls)
        if c is None:
            c = index[cls] = len(dag_nodes)
            fen, side, result = describe(drawn_key) if not symmetric else _describe_state(game, cls)
            dag_nodes.append(_new_node(fen, side, result, depth, order, leaf, pruned))
            seen_results.append(set())
        found = drawn[key] = (c, k)
        return found

    key, value, bound, best = flat.key, flat.value, flat.bound, flat.best
    node_of = [0] * len(key)
    for i, kk in enumerate(key):
        found = drawn.get(kk)
        if found is None:
            found = place(kk, flat.depth[i], flat.order[i], flat.leaf.get(i), False)
        c = node_of[i] = found[0]
        a = dag_nodes[c]
        a["merged"] += 1
        if i in best:
            a["best"] = True
        result = (value[i], bound[i])
        seen = seen_results[c]
        if result not in seen:
            seen.add(result)
            a["results"].append(list(result))
            _narrow(a, *result, how)
    entered = len(dag_nodes)
    for a in dag_nodes:
        _settle(a)
    stub_node = []
    for p, _m, kk, kind, pv, pb in flat.stubs:
        found = drawn.get(kk)
        if found is None:
            found = place(kk, flat.depth[p] + 1, None, None, True)
            a = dag_nodes[found[0]]
            if a["pruned"] and a["cut_by"] is None:  # the first pruned move into it names the cut
                a.update(cut_by=kind, parent_value=pv, parent_bound=pb)
        dag_nodes[found[0]]["merged"] += 1
        stub_node.append(found[0])

    # A tree edge is its parent's position and its move: each such pair is worked out once.
    edges: dict[tuple[int, int], dict[str, Any]] = {}
    by_position_move: dict[tuple[Hashable, Hashable], dict[str, Any]] = {}
    map_move: Callable[[Any, Any, int], Hashable] | None = None  # the symmetric games' moves are ints
    if symmetric:
        from engine.games.symmetry import map_move as map_symmetric

        map_move = map_symmetric

    def edge_of(p: int, m: Hashable, child: int) -> dict[str, Any]:
        pk = key[p]
        edge = by_position_move.get((pk, m))
        if edge is None:
            c, k = drawn[pk]
            drawn_move = map_move(game, m, k) if map_move is not None else m
            edge = edges.get((c, child))
            if edge is None:
                edge = edges[c, child] = {"move": drawn_move, "moves": [], "label": "", "count": 0,
                                          "pruned": True, "best": False}
            if drawn_move not in edge["moves"]:
                edge["moves"].append(drawn_move)
                if dag_nodes[c]["to_move"] == CHANCE_NAME:  # the event's probability, as a tree's edge has it
                    chances = dict(cast(ChanceGame, game).chance_outcomes(state_of(pk)))
                    edge["probability"] = edge.get("probability", 0.0) + chances[m]
            by_position_move[pk, m] = edge
        return edge

    parent, move = flat.parent, flat.move
    for i in range(1, len(key)):
        edge = edge_of(parent[i], move[i], node_of[i])
        edge["count"] += 1
        edge["pruned"] = False
        if i in best:
            edge["best"] = True
    for (p, m, *_), child in zip(flat.stubs, stub_node, strict=True):
        edge_of(p, m, child)["count"] += 1
    move_name = game.move_name
    for edge in edges.values():
        edge["moves"].sort()
        edge["move"] = edge["moves"][0]
        edge["label"] = ",".join(move_name(m) for m in edge["moves"])

    if map_move is not None and graph.get("best_moves"):  # symmetric: moves on the root as drawn (its canonical board)
        k = drawn[key[0]][1]
        graph["best_moves"] = sorted({map_move(game, m, k) for m in graph["best_moves"]})
    tree_nodes, tree_pruned = graph.pop("nodes", len(key)), graph.pop("pruned", 0)
    # The tree's own counts and cut; the DAG's come below, in a fixed order.
    for field in ("shown", "hidden", "max_nodes", *TREE_CUT_FIELDS):
        graph.pop(field, None)
    graph.update(merge=how, tree_nodes=tree_nodes, tree_pruned=tree_pruned, nodes=entered,
                 pruned=len(dag_nodes) - entered, edges=len(edges), max_nodes=max_nodes)
    graph.pop("chance", None)
    if any(d.get("to_move") == CHANCE_NAME for d in dag_nodes):
        graph["chance"] = True  # as every tree with chance nodes says (notes/tree_schema.md)
    shown = _select(dag_nodes, edges, max_nodes) if max_nodes > 0 else None
    D: nx.DiGraph = nx.DiGraph(**graph)
    if shown is None:
        D.add_nodes_from(enumerate(dag_nodes))
        D.add_edges_from((u, v, e) for (u, v), e in edges.items())
    else:
        D.add_nodes_from((c, dag_nodes[c]) for c in range(len(dag_nodes)) if shown[c])
        D.add_edges_from((u, v, e) for (u, v), e in edges.items() if shown[u] and shown[v])
    D.graph["shown"] = sum(1 for c in D if not dag_nodes[c]["pruned"])
    D.graph["hidden"] = entered - D.graph["shown"]
    return D


def _same(state: Hashable) -> Hashable:
    return state


def _describe_state(game: Game, state: Hashable) -> tuple[str, str, str | None]:
    return adapter_for(game).describe(state)


def _ascending_ints(ids: list[Hashable]) -> bool:
    """True for ints in ascending order (a builder's graph)."""
    try:
        return all(type(i) is int for i in ids) and ids == sorted(cast("list[int]", ids))
    except TypeError:
        return False


def _new_node(fen: str, side: str, outcome: str | None, depth: int, order: int | None, leaf: str | None,
              pruned: bool) -> dict[str, Any]:
    """A DAG node for a class, from its first member."""
    if pruned:
        return {"fen": fen, "to_move": side, "depth": depth, "value": None, "bound": None,
                "low": None, "high": None, "results": [], "order": None, "merged": 0, "best": False,
                "outcome": outcome, "leaf": None, "pruned": True, "hidden": 0,
                "cut_by": None, "parent_value": None, "parent_bound": None}
    return {"fen": fen, "to_move": side, "depth": depth, "value": None, "bound": None,
            "low": -inf, "high": inf, "results": [], "order": order, "merged": 0, "best": False,
            "outcome": outcome, "leaf": leaf, "pruned": False, "hidden": 0}


def tree_to_dag_map(G: nx.DiGraph, D: nx.DiGraph, game: Game | None = None) -> dict[Hashable, int]:
    """Which DAG node (of ``merge_tree(G, ...)``) stands for each node of the tree ``G``."""
    if game is None:
        game = game_named(G.graph.get("game"))
    symmetric = D.graph["merge"] == "symmetry"
    cache: dict[str, Hashable] = {}

    def key(fen: str) -> Hashable:
        found = cache.get(fen)
        if found is None:
            if symmetric:
                from engine.games.symmetry import canonical
                found = canonical(game, game.parse_fen(fen))[0]
            else:
                found = fen
            cache[fen] = found
        return found

    by_key = {key(d["fen"]): c for c, d in D.nodes(data=True)}
    return {n: by_key[key(d["fen"])] for n, d in G.nodes(data=True)}


def game_named(name: str | None) -> Any:
    """The engine's game object a tree records by name (:func:`treeviz.games.registry.adapter_named`).

    :raises ValueError: no game of that name is known.
    """
    return adapter_named(name).game


def _narrow(a: dict[str, Any], value: float, bound: str, how: str) -> None:
    """Tighten a DAG node's interval with one occurrence's result (x's view).

    :raises ParameterError: the results contradict each other: the positions merged are not one position (a
        game whose position text leaves out something that counts, as OpenSpiel's Pig leaves out the turn).
    """
    if bound in ("exact", "lower") and value > a["low"]:
        a["low"] = value
    if bound in ("exact", "upper") and value < a["high"]:
        a["high"] = value
    if a["low"] > a["high"]:
        values = " and ".join(format(v, "g") for v, _ in a["results"])
        raise ParameterError(f"{{merge}} cannot fold this game: positions it takes for one ({a['fen']!r} and "
                             f"another) have different values ({values}), so its position key leaves out something "
                             "that counts", merge=how)


def _settle(a: dict[str, Any]) -> None:
    """``value``/``bound`` from the interval: exact when it closed, else the side(s) proved."""
    if a["pruned"]:
        return
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


__all__ = ["MERGES", "RANGE", "FlatTree", "game_named", "merge_records", "merge_tree", "tree_to_dag_map"]
