"""DOT statements and labels for Monte Carlo tree search trees (:mod:`treeviz.trees.mcts`).

A node shows its board and the search's own numbers: ``n`` visits, ``q`` the mean
playout result from x's point of view, and the UCB1 score its parent's mover gave
it at the end; a node the solver proved says so. Edges are as wide as the square
root of their visits (relative to the root's), so the reader sees where the
search spent its iterations; the most-visited chain -- the search's answer -- is
bold green.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import networkx as nx

from treeviz.draw import labels
from treeviz.draw.dot_parts import best_edge_tail, edge_text, hidden_box, hidden_style
from treeviz.draw.labels import Sides, escape, format_number
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.games.adapter import GameAdapter
from treeviz.games.registry import adapter_named
from treeviz.graph_dicts import node_dict, pred_dict, succ_dict

MIN_WIDTH = 0.8
"""Pen width (points) of an edge with almost no visits."""
MAX_EXTRA_WIDTH = 7.0
"""Added to :data:`MIN_WIDTH` for an edge with all the root's visits."""


def edge_width(visits: int, root_visits: int) -> float:
    """Pen width of an edge: grows with the square root of its share of the root's visits."""
    if root_visits <= 0:
        return MIN_WIDTH
    return round(MIN_WIDTH + MAX_EXTRA_WIDTH * math.sqrt(max(0, visits) / root_visits), 2)


def mean_text(mean: float, *, signed: bool = True) -> str:
    """``+0.24``: two decimals, a real minus sign, whole values without decimals.

    Halves round away from zero on the float's exact value, as JavaScript's ``toFixed`` does,
    so the figure and the page print the same digits (``-20/32`` is ``−0.63`` in both).
    """
    if mean == int(mean):
        return format_number(mean, signed=signed)
    digits = Decimal(abs(mean)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    sign = labels.MINUS if mean < 0 else "+" if signed else ""
    return f"{sign}{digits}"


def proven_text(value: float | None, sides: Sides) -> str:
    """What the solver proved, in words (``x wins``), or an empty string."""
    if value is None:
        return ""
    if value != int(value) or int(value) not in (1, 0, -1):
        return format_number(value)
    return sides.result(sides.outcome(value))[0]


def mcts_node_label(picture: str, node: dict[str, Any], sides: Sides, theme: Theme = DEFAULT) -> str:
    """An MCTS node: its picture, ``n``, ``q``, UCB, and the result or proof."""
    rows = [f"<TR><TD>{picture}</TD></TR>"]
    outcome = node.get("outcome")
    if outcome:
        rows.append(labels.result_row(outcome, sides, theme))
    rows.append(f"<TR><TD><B>n {node.get('visits', 0):,}</B>  q {mean_text(node.get('mean', 0.0))}</TD></TR>")
    score = node.get("ucb")
    if score is not None:
        rows.append(f'<TR><TD><FONT POINT-SIZE="8" COLOR="{theme.faint_ink}">ucb {mean_text(score, signed=False)}'
                    "</FONT></TD></TR>")
    proven = node.get("proven")
    if proven is not None and not outcome:
        ink = theme.result_ink[{1: 0, -1: 1}.get(int(proven), 2)]
        rows.append(f'<TR><TD><FONT POINT-SIZE="8" COLOR="{ink}"><B>proved: {escape(proven_text(proven, sides))}'
                    f"</B></FONT></TD></TR>")
    return labels.node_frame(rows, sides.index(node.get("to_move")), bool(node.get("best")), theme)


def compact_text(node: dict[str, Any]) -> tuple[str, str]:
    """A compact-style MCTS node's two lines: visits (the main one), and the mean from x's point of view."""
    return f"n {node.get('visits', 0):,}", f"q {mean_text(node.get('mean', 0.0))}"


def mcts_statements(G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT) -> Iterator[str]:
    """DOT statements of one MCTS tree: nodes in creation order, each followed by its edges (children by move)."""
    adapter = adapter_named(G.graph.get("game"))
    sides = adapter.sides
    picture_of = adapter.picture_maker(theme)
    node_data, succ, pred = node_dict(G), succ_dict(G), pred_dict(G)
    root_visits = G.graph.get("root_visits") or max((d.get("visits", 0) for d in node_data.values()), default=0)
    box_style = hidden_style(theme)
    out: list[str] = []
    for n in sorted(G):
        d = node_data[n]
        name = f"{prefix}{n}"
        last = next((e.get("move") for e in pred[n].values()), None)
        label = mcts_node_label(picture_of(d["fen"], last), d, sides, theme)
        cls = "pv" if d.get("best") else "node"
        out.append(f'{indent}{name} [label=<{label}>, tooltip="{escape(d["fen"])}", class="{cls}"];')
        mover = sides.index(d.get("to_move"))
        children = succ[n]
        for v in sorted(children, key=lambda v: (children[v].get("move"), v)):
            e = children[v]
            out.append(f"{indent}{name} -> {prefix}{v}{_edge_tail(e, mover, root_visits, theme, adapter)}")
        # Only the subtrees of children not drawn: drawn children show their own cuts.
        hidden = (d.get("hidden") or 0) - sum(node_data[v].get("hidden") or 0 for v in children)
        if hidden > 0:
            out.extend(hidden_box(indent, prefix, n, f"{labels.ELLIPSIS} {hidden:,} more", box_style, theme))
    yield "\n".join(out) + "\n"


def _edge_tail(e: dict[str, Any], mover: int, root_visits: int, theme: Theme, adapter: GameAdapter) -> str:
    text = edge_text(e, adapter)
    width = edge_width(e.get("visits", 0), root_visits)
    arrow = round(0.5 + width / 10, 2)
    if e.get("best"):
        return best_edge_tail(text, theme, width, arrow)
    ink = theme.stone_ink[mover]
    return f' [label="{text}", penwidth={width}, color="{ink}80", fontcolor="{ink}", arrowsize={arrow}];'


def mcts_title(G: nx.DiGraph, fen: str | None = None) -> str:
    """``MCTS tree of x21o11xo o after 200 iterations (c 1.41, seed 0): 112 nodes, best move 3, mean −0.66``."""
    g = G.graph
    text = (f"MCTS tree of {fen or g.get('root_fen', '?')} after {g.get('iterations', 0):,} "
            f"iteration{'' if g.get('iterations') == 1 else 's'} (c {g.get('c', math.sqrt(2)):.2f}, "
            f"seed {g.get('seed')}{', solver' if g.get('solver') else ''})\n{g.get('nodes', 0):,} nodes")
    best = g.get("best_moves") or []
    if best:
        text += f", best move {_move_names(G, best)}"
    text += f", mean {mean_text(g.get('mean', g.get('value', 0.0)))}"
    if g.get("proven") is not None:
        text += f", proved {proven_text(g['proven'], adapter_named(g.get('game')).sides)}"
    if g.get("hidden"):
        text += f" ({g.get('shown', 0):,} most visited shown, {g['hidden']:,} left out)"
    return text


def mcts_cluster_title(G: nx.DiGraph) -> str:
    """``MCTS: 112 nodes, 200 iterations`` over a comparison panel."""
    g = G.graph
    text = f"MCTS: {g.get('nodes', 0):,} nodes, {g.get('iterations', 0):,} iterations"
    if g.get("hidden"):
        text += f" ({g['hidden']:,} not drawn)"
    return text


def _move_names(G: nx.DiGraph, moves: list[Any]) -> str:
    names = {e.get("move"): e.get("label") for _, _, e in G.out_edges(0, data=True)} if 0 in G else {}
    return ", ".join(str(names.get(m, m)) for m in moves)
