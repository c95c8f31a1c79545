"""The trace of a search (:mod:`treeviz.draw.trace`) in the form the interactive page reads, so that the page
narrates its replay with the same sentences as the CSV, the slides and the videos (issue 34).

Each row carries the page's own node index (a search tree's column index in visit order, an MCTS tree's in
creation order) and the replay step that shows it: for a search tree the page's event number plus one (node ``i``
is entered at ``2i - depth(i)`` and returns at ``2i - depth(i) + 2 size(i) - 1``, see ``page.js``; a leaf's row,
a cut and a return are shown when the node returns), for MCTS the iteration.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import networkx as nx

from treeviz.draw.trace import EVENTS, TraceError, search_trace
from treeviz.graph_dicts import node_dict, succ_dict

PAGE_TRACE_LIMIT = 20_000
"""Pages of searches with more steps carry no trace (the page's own words narrate them): the sentences of the
549,946-node tree would make its 9 MB page ten times bigger."""


def page_trace(G: nx.DiGraph, order: Sequence[Hashable]) -> dict[str, Any] | None:
    """The rows of ``G``'s trace as columns (``event`` codes into ``events``, ``node`` indexes into ``order``, the
    page's nodes in its order, ``step`` the replay step that shows the row, ``text``), or None when the search has
    no trace or too long a one."""
    if G.number_of_nodes() > PAGE_TRACE_LIMIT:
        return None
    try:
        rows = search_trace(G)
    except TraceError:
        return None
    if len(rows) > PAGE_TRACE_LIMIT:
        return None
    index = {node: k for k, node in enumerate(order)}
    if any(r.node not in index for r in rows):
        return None
    steps = _mcts_steps(rows) if G.graph.get("algorithm") == "mcts" else _search_steps(G, order, rows, index)
    return {
        "events": list(EVENTS),
        "event": [EVENTS.index(r.event) for r in rows],
        "node": [index[r.node] for r in rows],
        "step": steps,
        "text": [r.text for r in rows],
    }


def _search_steps(G: nx.DiGraph, order: Sequence[Hashable], rows: list[Any], index: dict[Hashable, int]) -> list[int]:
    data, succ = node_dict(G), succ_dict(G)
    entered = [n for n in order if not data[n].get("pruned")]
    size = {n: 1 for n in entered}
    for n in reversed(entered):
        for c in succ[n]:
            if c in size:
                size[n] += size[c]
    root_depth = min((data[n].get("depth") or 0) for n in entered)

    def enter(n: Hashable) -> int:
        return 2 * index[n] - ((data[n].get("depth") or 0) - root_depth)

    return [enter(r.node) + 1 if r.event == "enter" else enter(r.node) + 2 * size[r.node] for r in rows]


def _mcts_steps(rows: list[Any]) -> list[int]:
    steps, iteration = [], 0
    for r in rows:
        iteration += r.event == "select"
        steps.append(iteration)
    return steps


__all__ = ["PAGE_TRACE_LIMIT", "page_trace"]
