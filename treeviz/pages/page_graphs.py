"""The interactive page's data for MCTS trees and merged DAGs, in the page's column-wise form.

Like :func:`treeviz.pages.tree_page.tree_data` for minimax and alpha-beta trees: one small
integer per node and attribute, FENs and numbers interned in tables. An MCTS tree
travels with its iteration log (the node where each playout began, the result, the
solver's proofs) so the page can replay the search iteration by iteration; a DAG
travels with its explicit edge list, since a node may have several parents.
"""

from __future__ import annotations

from typing import Any

import networkx as nx

from treeviz.games.registry import adapter_named
from treeviz.graph_dicts import node_dict, pred_dict
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

DAG_BOUNDS = (*BOUNDS, "range")
LOG_FIELDS = ("iteration_leaf", "iteration_result", "proofs")
"""MCTS graph fields sent as columns of their own, not in the page's meta data."""


def _meta(G: nx.DiGraph, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    return {key: plain(val) for key, val in G.graph.items() if key not in skip}


def _small(value: float) -> int | float:
    """A playout result as the page stores it: an int when it is one."""
    return int(value) if float(value).is_integer() else value


def mcts_data(G: nx.DiGraph) -> dict[str, Any]:
    """The page's form of an MCTS tree (:func:`treeviz.trees.mcts.build_mcts_tree`): nodes in creation order.

    :raises ValueError: the graph is empty or a node's parent was created after it.
    """
    ids = sorted(G)
    if not ids:
        raise ValueError("the tree has no node")
    index = {node: k for k, node in enumerate(ids)}
    fens = Interner()
    fen_index = fens.index
    adapter = adapter_named(G.graph.get("game"))
    outcome_codes = codes(outcomes(adapter.sides.names))
    labels: dict[int, str] = {}
    move_code = move_coder(e.get("move", -1) for _, _, e in G.edges(data=True))
    parent: list[int] = []
    move: list[int] = []
    fen: list[int] = []
    created: list[int] = []
    outcome: list[int] = []
    best: list[int] = []
    hidden: list[int] = []
    for k, node in enumerate(ids):
        a = node_dict(G)[node]
        preds = pred_dict(G)[node]
        if preds:
            (p, e), = preds.items()
            if index[p] >= k:
                raise ValueError(f"node {node!r} comes before its parent {p!r}")
            parent.append(index[p])
            m = move_code(e["move"])
            move.append(m)
            if m not in labels:
                labels[m] = adapter.edge_text(str(e.get("label", e["move"])), e.get("probability"))
        else:
            if k:
                raise ValueError(f"node {node!r} has no parent but is not the root")
            parent.append(-1)
            move.append(-1)
        f = a["fen"]
        i = fen_index.get(f)
        fen.append(fens.add(f) if i is None else i)
        created.append(int(a.get("iteration") or 0))
        outcome.append(code(outcome_codes, a.get("outcome"), "outcome"))
        if a.get("best"):
            best.append(k)
        if a.get("hidden"):
            hidden += [k, int(a["hidden"])]
    g = G.graph
    leaf = [index[node] for node in g.get("iteration_leaf", [])]
    proofs: list[Any] = []
    for t, node, value in g.get("proofs", []):
        if node in index:
            proofs += [int(t), index[node], _small(value)]
    meta = _meta(G, LOG_FIELDS)
    if g.get("best_moves"):
        meta["best_moves"] = [move_code(m) for m in g["best_moves"]]
    return {
        "kind": "mcts",
        "meta": meta,
        "board": adapter.page_board(),
        "n": len(ids),
        "fens": fens.values,
        "labels": {str(m): label for m, label in sorted(labels.items())},
        "parent": parent,
        "move": move,
        "fen": fen,
        "created": created,
        "outcome": column(outcome),
        "best": best,
        "hidden": hidden,
        "leaf": leaf,
        "result": [_small(r) for r in g.get("iteration_result", [])],
        "proofs": proofs,
        **position_columns(adapter, fens.values, [node_dict(G)[node].get("to_move") for node in ids]),
    }


def dag_data(G: nx.DiGraph) -> dict[str, Any]:
    """The page's form of a merged DAG (:func:`treeviz.trees.dag.merge_tree`): entered nodes by first visit, pruned
    positions last, and every edge.

    :raises ValueError: the graph is empty, or its pruned nodes do not come after the entered ones.
    """
    ids = sorted(G)
    if not ids:
        raise ValueError("the graph has no node")
    entered = [n for n in ids if not node_dict(G)[n].get("pruned")]
    stubs = [n for n in ids if node_dict(G)[n].get("pruned")]
    order = entered + stubs
    index = {node: k for k, node in enumerate(order)}
    fens = Interner()
    nums = Interner(json_number)
    fen_index, num_index = fens.index, nums.index
    adapter = adapter_named(G.graph.get("game"))
    bounds, leaves, cuts = codes(DAG_BOUNDS), codes(LEAVES), codes(CUTS)
    outcome_codes = codes(outcomes(adapter.sides.names))

    def number(v: Any) -> int:
        k = num_index.get(v)
        return nums.add(v) if k is None else k

    fen: list[int] = []
    depth: list[int] = []
    value: list[int] = []
    bound: list[int] = []
    low: list[int] = []
    high: list[int] = []
    leaf: list[int] = []
    outcome: list[int] = []
    merged: list[int] = []
    best: list[int] = []
    hidden: list[int] = []
    results: list[int] = []
    stub_cut: list[int] = []
    stub_value: list[int] = []
    stub_bound: list[int] = []
    for k, node in enumerate(order):
        a = node_dict(G)[node]
        f = a["fen"]
        i = fen_index.get(f)
        fen.append(fens.add(f) if i is None else i)
        depth.append(int(a.get("depth", 0)))
        outcome.append(code(outcome_codes, a.get("outcome"), "outcome"))
        merged.append(int(a.get("merged") or 1))
        if a.get("best"):
            best.append(k)
        if a.get("hidden"):
            hidden += [k, int(a["hidden"])]
        if a.get("pruned"):
            stub_cut.append(code(cuts, a.get("cut_by"), "cut"))
            stub_value.append(number(a.get("parent_value")))
            stub_bound.append(number(a.get("parent_bound")))
            continue
        value.append(number(a.get("value")))
        bound.append(code(bounds, a.get("bound"), "bound"))
        low.append(number(a.get("low")))
        high.append(number(a.get("high")))
        leaf.append(code(leaves, a.get("leaf"), "leaf kind"))
        found = a.get("results") or []
        if len(found) > 1:
            results.append(k)
            results.append(len(found))
            for v, b in found:
                results += [number(v), code(bounds, b, "bound")]
    labels = Interner()
    label_index = labels.index
    src: list[int] = []
    dst: list[int] = []
    label: list[int] = []
    flags: list[int] = []
    for u, v, e in sorted(G.edges(data=True), key=lambda t: (index[t[0]], t[2].get("move", 0), index[t[1]])):
        src.append(index[u])
        dst.append(index[v])
        text = str(e.get("label", e.get("move")))
        j = label_index.get(text)
        label.append(labels.add(text) if j is None else j)
        flags.append((1 if e.get("pruned") else 0) | (2 if e.get("best") else 0))
    return {
        "kind": "dag",
        "meta": _meta(G),
        "board": adapter.page_board(),
        "n": len(entered),
        "N": len(order),
        "fens": fens.values,
        "nums": nums.values,
        "fen": fen,
        "depth": depth,
        "value": column(value),
        "bound": column(bound),
        "low": column(low),
        "high": column(high),
        "leaf": column(leaf),
        "outcome": column(outcome),
        "merged": merged,
        "best": best,
        "hidden": hidden,
        "results": results,
        "stubs": {"cut": stub_cut, "value": stub_value, "bound": stub_bound},
        "edges": {"src": src, "dst": dst, "label": label, "flags": flags, "labels": labels.values},
        **position_columns(adapter, fens.values, [node_dict(G)[node].get("to_move") for node in order]),
    }

