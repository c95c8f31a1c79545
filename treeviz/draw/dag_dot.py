"""DOT statements for merged search graphs (:mod:`treeviz.trees.dag`): one node per position or symmetry class.

Nodes look like the tree's (board, value, side colours, the principal variation in
green) without a last-move tint -- a shared position is reached by several moves --
and with the number of tree nodes folded into them. Every edge is drawn, labelled
with its moves; dashed grey for moves alpha-beta pruned everywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import networkx as nx

from treeviz.draw import labels
from treeviz.draw.dot_parts import (
    best_edge_tail,
    count,
    edge_text,
    hidden_box,
    hidden_style,
    pruned_edge_tail,
    stub_style,
)
from treeviz.draw.labels import Sides, escape, format_number
from treeviz.draw.search_dot import value_words
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.games.adapter import GameAdapter
from treeviz.games.registry import adapter_named
from treeviz.graph_dicts import node_dict, succ_dict

TIMES = "\u00d7"

def interval_text(node: dict[str, Any]) -> str:
    """``v = +1``, ``v ≥ 0``, ``v ≤ 0``, or ``0 ≤ v ≤ +1`` when the merged results proved both sides."""
    if node.get("bound") == "range":
        return f"{format_number(node.get('low'))} {labels.LEQ} v {labels.LEQ} {format_number(node.get('high'))}"
    return labels.value_text(node.get("value"), node.get("bound"))


def dag_node_label(picture: str, node: dict[str, Any], sides: Sides, theme: Theme = DEFAULT) -> str:
    """An entered DAG node: its picture, result or value, and how many tree nodes it stands for."""
    rows = [f"<TR><TD>{picture}</TD></TR>", *labels.value_rows(escape(interval_text(node)), node, sides, theme)]
    merged = int(node.get("merged") or 0)
    if merged > 1:
        rows.append(f'<TR><TD><FONT POINT-SIZE="8" COLOR="{theme.faint_ink}">{TIMES}{merged:,}</FONT></TD></TR>')
    return labels.node_frame(rows, sides.index(node.get("to_move")), bool(node.get("best")), theme)


def hidden_label(positions: int) -> str:
    """The box under a node whose continuations are not drawn (``--max-nodes``)."""
    noun = "position" if positions == 1 else "positions"
    return f"{labels.ELLIPSIS} {positions:,} more {noun} below\\n(use --max-nodes 0)"


def dag_statements(G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT) -> Iterator[str]:
    """DOT statements of one merged graph: nodes in id order (first visit), each followed by its edges."""
    adapter = adapter_named(G.graph.get("game"))
    sides = adapter.sides
    picture_of = adapter.picture_maker(theme)
    stub = stub_style("dashed", theme)
    box_style = hidden_style(theme)
    out: list[str] = []
    node_data, succ = node_dict(G), succ_dict(G)
    for n in sorted(G):
        d = node_data[n]
        name = f"{prefix}{n}"
        if d.get("pruned"):
            out.append(f'{indent}{name} [label="{labels.stub_label(d)}", {stub}, class="pruned"];')
        else:
            # No last move tinted: a shared position is reached by several moves.
            label = dag_node_label(picture_of(d["fen"], None), d, sides, theme)
            cls = "pv" if d.get("best") else "node"
            out.append(f'{indent}{name} [label=<{label}>, tooltip="{escape(d["fen"])}", class="{cls}"];')
        mover = sides.index(d.get("to_move"))
        for v in sorted(succ[n]):
            out.append(f"{indent}{name} -> {prefix}{v}{_edge_tail(succ[n][v], mover, theme, adapter)}")
        if d.get("hidden"):
            out.extend(hidden_box(indent, prefix, n, hidden_label(d["hidden"]), box_style, theme))
    yield "\n".join(out) + "\n"


def _edge_tail(e: dict[str, Any], mover: int, theme: Theme, adapter: GameAdapter) -> str:
    text = edge_text(e, adapter)
    if e.get("pruned"):
        return pruned_edge_tail(text, "dashed", theme)
    if e.get("best"):
        return best_edge_tail(text, theme)
    return f' [label="{text}", color="{theme.edge}", fontcolor="{theme.stone_ink[mover]}"];'


def _search_name(G: nx.DiGraph, name: str) -> str:
    """The search's name as a title gives it: minimax over chance nodes is expectiminimax."""
    return "Expectiminimax" if name == "Minimax" and G.graph.get("chance") else name


def dag_title(G: nx.DiGraph, name: str, merged: str, fen: str | None = None) -> str:
    """``Minimax tree of 9 x, symmetries merged: 765 positions (549,946 tree nodes), value 0 (draw)`` (``name``:
    the search's, ``merged``: how it was folded, in words)."""
    g = G.graph
    name = _search_name(G, name)
    text = (f"{name} tree of {fen or g.get('root_fen', '?')}, {merged}\n"
            f"{count(g.get('nodes', 0), 'position')} ({count(g.get('tree_nodes', 0), 'tree node')})")
    text += f", value {value_words(G, g.get('value'))}"
    if g.get("depth") is not None:
        text += f", depth {g['depth']}"
    if g.get("pruned"):
        text += f", {count(g['pruned'], 'pruned position')}"
    if g.get("hidden"):
        text += f" ({g.get('shown', 0):,} shown, {g['hidden']:,} left out)"
    return text


def dag_cluster_title(G: nx.DiGraph, name: str, merged: str) -> str:
    """``Minimax, symmetries merged: 765 positions (549,946 tree nodes)`` over a comparison panel."""
    g = G.graph
    name = _search_name(G, name)
    text = (f"{name}, {merged}: {count(g.get('nodes', 0), 'position')} "
            f"({count(g.get('tree_nodes', 0), 'tree node')})")
    if g.get("hidden"):
        text += f" ({g['hidden']:,} not drawn)"
    return text
