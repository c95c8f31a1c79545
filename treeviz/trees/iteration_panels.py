"""Iterative deepening drawn one panel per iteration: the tree of visits of ``--algo id`` cut into its iterations.

:func:`treeviz.trees.visit_tree.build_visit_tree` makes one tree whose root stands for the whole search and whose
children are the iterations' roots (an iteration whose aspiration window missed has two: the first search, then its
re-search). A figure reads better with the iterations side by side, as a comparison draws its searches: one graph
per iteration, titled ``iteration k (depth d): N nodes``, the move the table kept searched first still marked; an
iteration searched twice keeps both searches in its panel under a node standing for the iteration. The JSON keeps
the single tree (its ``iteration`` fields say which node belongs where).
"""

from __future__ import annotations

from typing import Any

import networkx as nx


def _count(n: int, one: str, many: str) -> str:
    return f"{n:,} {one if n == 1 else many}"


def iteration_panels(G: nx.DiGraph) -> list[nx.DiGraph] | None:
    """One graph per iteration of the iterative deepening tree ``G``, in order (None: ``G`` is not a whole
    iterative deepening search: another search, or cut by ``--path`` to a part of it)."""
    root = G.graph.get("root", 0)
    if G.graph.get("algorithm") != "id" or root not in G or not G.nodes[root].get("search_root"):
        return None
    tops = sorted(c for c in G.succ[root] if G.nodes[c].get("iteration") is not None)
    if not tops:
        return None
    # a node's subtree is a run of visit numbers: an iteration's visits run to the next iteration's root
    total = G.graph.get("subtree_nodes", G.graph.get("nodes", 0))
    ends = {c: (tops[i + 1] if i + 1 < len(tops) else root + total) for i, c in enumerate(tops)}
    groups: dict[int, list[int]] = {}
    for c in tops:
        groups.setdefault(G.nodes[c]["iteration"], []).append(c)
    panels = []
    for k, roots in groups.items():
        keep: set[Any] = set()
        for r in roots:
            keep |= {r} | nx.descendants(G, r)
        if len(roots) > 1:
            keep.add(root)
        P = G.subgraph(keep).copy()
        top = root if len(roots) > 1 else roots[0]
        last = roots[-1]
        entered = sum(ends[r] - r for r in roots)
        depth = G.nodes[last]["iteration_depth"]
        researches = sum(1 for n, d in P.nodes(data=True) if d.get("research") and n != top)
        hits = sum(1 for _, d in P.nodes(data=True) if d.get("tt_hit"))
        hidden = sum(P.nodes[r].get("hidden") or 0 for r in roots)
        if top == root:  # the node standing for the iteration: worth what its last search found
            P.nodes[root].update(value=P.nodes[last]["value"], bound=P.nodes[last]["bound"],
                                 note=f"iteration {k}, depth {depth}", hidden=hidden)
        g = P.graph
        g.update(root=top, nodes=entered, value=P.nodes[last]["value"], iterations=1, researches=researches,
                 tt_hits=hits, subtree_nodes=entered, hidden=hidden, iteration=k, iteration_depth=depth,
                 pruned=sum(1 for _, d in P.nodes(data=True) if d.get("pruned")))
        words = [_count(entered, "node", "nodes")]
        if researches:
            words.append(_count(researches, "re-search", "re-searches"))
        if hits:
            words.append(_count(hits, "table hit", "table hits"))
        g["panel_title"] = f"iteration {k} (depth {depth}): " + ", ".join(words)
        _principal_variation(P, top)
        panels.append(P)
    return panels


def _principal_variation(P: nx.DiGraph, top: int) -> None:
    """Mark the line of equal values down from the panel's root (through its last search when it has two)."""
    for _, d in P.nodes(data=True):
        d["best"] = False
    for _, _, e in P.edges(data=True):
        e["best"] = False
    n: int | None = top
    kids = sorted(c for c in P.succ[top] if not P.nodes[c].get("pruned"))
    if P.nodes[top].get("search_root") and kids:
        P.nodes[top]["best"] = True
        P.edges[top, kids[-1]]["best"] = True
        n = kids[-1]
    while n is not None:
        P.nodes[n]["best"] = True
        value = P.nodes[n]["value"]
        nxt = next((c for c in sorted(P.succ[n]) if not P.nodes[c].get("pruned") and P.nodes[c]["value"] == value),
                   None)
        if nxt is not None:
            P.edges[n, nxt]["best"] = True
        n = nxt


__all__ = ["iteration_panels"]
