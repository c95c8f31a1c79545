"""What explain mode says about an alpha-beta tree: each node's window in the order the search saw it, and the
comparison behind each cut, in the same words for every output (DOT, compact, textbook, TikZ, the page).

Windows are from the first player's point of view (MAX's), as the search reports them: a node is entered with
``[alpha, beta]``; at a MAX node alpha rises to each child's value that beats it, at a MIN node beta falls; a
chance node searches every child with the full window and moves neither. A node stops when alpha reaches beta
(``>=``: a tie is enough), and the moves left are pruned.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from math import inf
from typing import Any

import networkx as nx

from treeviz.draw.labels import cut_text, format_number
from treeviz.games.registry import adapter_named
from treeviz.graph_dicts import node_dict, succ_dict

ARROW = "\u2192"
EXPLAIN_WORDS = "#n [\u03b1, \u03b2] \u2192 \u2026: visit order, the window at entry and after each child that moved it"
"""Explain mode's words for the windows, in every figure's key."""

Window = tuple[float, float]


def window_steps(alpha: float, beta: float, side: int, child_values: Iterable[float | None]) -> list[Window]:
    """The window at entry, then after each child's value that moved it (``side``: 0 MAX, 1 MIN, 2 chance)."""
    history = [(alpha, beta)]
    if side == 2:
        return history
    for v in child_values:
        if v is None:
            continue
        if side == 0 and v > alpha:
            alpha = v
            history.append((alpha, beta))
        elif side == 1 and v < beta:
            beta = v
            history.append((alpha, beta))
    return history


def graph_windows(G: nx.DiGraph) -> dict[Hashable, list[Window]]:
    """Each entered node's window history (:func:`window_steps`), from the graph's entry windows and the values
    its children returned, in visit order. A node whose children were not all drawn (``--plies``,
    ``--max-nodes``) keeps only its entry window: the rest cannot be told from what the graph holds."""
    sides = adapter_named(G.graph.get("game")).sides
    node_data = node_dict(G)
    succ = succ_dict(G)
    found: dict[Hashable, list[Window]] = {}
    for n, d in node_data.items():
        if d.get("pruned"):
            continue
        alpha = d.get("alpha")
        beta = d.get("beta")
        alpha = -inf if alpha is None else alpha
        beta = inf if beta is None else beta
        if d.get("hidden"):
            found[n] = [(alpha, beta)]
            continue
        children = [node_data[c] for c in succ[n] if not node_data[c].get("pruned")]
        children.sort(key=lambda c: c.get("order") or 0)
        found[n] = window_steps(alpha, beta, sides.index(d.get("to_move")), (c.get("value") for c in children))
    return found


def window_words(window: Window, *, signed: bool = True) -> str:
    """``[3, +∞]``."""
    return f"[{format_number(window[0], signed=signed)}, {format_number(window[1], signed=signed)}]"


def history_lines(order: Any, history: list[Window], *, signed: bool = True, per_line: int = 2) -> list[str]:
    """``#5 [3, +∞] → [3, 2]``: the visit order and the window history, ``per_line`` windows a line (later lines
    start with the arrow)."""
    words = [window_words(w, signed=signed) for w in history]
    lines = []
    for k in range(0, len(words), per_line):
        chunk = f" {ARROW} ".join(words[k:k + per_line])
        lines.append(chunk if k == 0 else f"{ARROW} {chunk}")
    if order is not None:
        lines[0] = f"#{order} {lines[0]}"
    return lines


def cut_words(kind: str, value: float | None, bound: float | None, *, signed: bool = True) -> str:
    """``β-cut: 5 ≥ β=3`` / ``α-cut: 2 ≤ α=3``: the comparison that stopped a node (:func:`labels.cut_text`)."""
    return cut_text(kind, value, bound, signed=signed)


__all__ = ["ARROW", "EXPLAIN_WORDS", "Window", "cut_words", "graph_windows", "history_lines", "window_steps",
           "window_words"]
