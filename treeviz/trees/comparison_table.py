"""The comparison table of searches of one position: one row a search, what each entered and found.

``search,nodes,leaves,value,best,researches,passes,tt_hits`` (SPEC §2, ``--format csv``): the nodes the search
entered (every visit of a search that revisits positions), the leaves it scored (finished games and
depth-limited frontier nodes; a table hit is no leaf), its value of the position, the best moves it proved (as
drawn, space-separated), and the counts of the searches that revisit positions (0 for the others).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

import networkx as nx

from treeviz.games.registry import adapter_named

COLUMNS = ("search", "nodes", "leaves", "value", "best", "researches", "passes", "tt_hits")
"""The table's columns, in order."""
SCORED = frozenset({"terminal", "heuristic"})
"""The leaf kinds that are positions scored (a ``table`` leaf was answered from the table)."""


def search_name(G: nx.DiGraph) -> str:
    """The search as a row names it: its ``algorithm``, ``+tt`` when it searched over a table it need not have."""
    g = G.graph
    name = str(g.get("algorithm", "search"))
    return f"{name}+tt" if g.get("tt") and name in ("alphabeta", "pvs", "id") else name


def comparison_rows(graphs: Sequence[nx.DiGraph]) -> list[dict[str, Any]]:
    """One row per graph, by :data:`COLUMNS`."""
    rows = []
    for G in graphs:
        g = G.graph
        game = adapter_named(g.get("game")).game
        leaves = g.get("leaves")
        if leaves is None:
            leaves = sum(1 for _, d in G.nodes(data=True) if d.get("leaf") in SCORED and not d.get("pruned"))
        value = g.get("value")
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        rows.append({
            "search": search_name(G), "nodes": g.get("nodes", 0), "leaves": leaves, "value": value,
            "best": " ".join(game.move_name(m) for m in g.get("best_moves") or []),
            "researches": g.get("researches", 0), "passes": g.get("passes", 0), "tt_hits": g.get("tt_hits", 0),
        })
    return rows


def comparison_csv(graphs: Sequence[nx.DiGraph]) -> str:
    """The table as CSV text with a header line (``\\n`` line ends)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(comparison_rows(graphs))
    return out.getvalue()


__all__ = ["COLUMNS", "comparison_csv", "comparison_rows", "search_name"]
