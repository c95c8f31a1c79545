"""The textbook style as DOT, for Graphviz to lay out: MAX nodes as upward triangles, MIN nodes as downward ones,
chance nodes as circles, each holding its value; leaves as their values alone; names beside the nodes,
probabilities on chance branches, pruned moves as short dashed stubs, the principal variation bold.

The same convention as the textbook style of the tidy figures (:mod:`treeviz.draw.figure`), in Graphviz's own
shapes, so that ``--format dot`` of a textbook tree gives a figure to edit or lay out with Graphviz.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import networkx as nx

from treeviz.draw.dot_parts import FONT, hidden_box, hidden_style, in_order, sorted_children
from treeviz.draw.explain import EXPLAIN_WORDS, graph_windows, history_lines
from treeviz.draw.figure import Panel
from treeviz.draw.kinds import kind_of, textbook_text
from treeviz.draw.labels import ALPHA, BETA, cut_text, escape, hidden_label, mark_label
from treeviz.draw.styles import NodeText, textbook_shape
from treeviz.draw.themes import DEFAULT, Theme, greyed
from treeviz.games.adapter import GameAdapter
from treeviz.games.registry import adapter_named
from treeviz.graph_dicts import node_dict, succ_dict

SHAPES = {"triangle-up": "triangle", "triangle-down": "invtriangle", "circle": "circle"}
"""Graphviz's names of the textbook shapes."""
SYMBOLS = {"triangle-up": "\u25b3", "triangle-down": "\u25bd", "circle": "\u25cb"}
"""The shapes as characters, for the key."""


def iter_textbook_dot(panels: Sequence[Panel], heading: str, *, theme: Theme = DEFAULT, rankdir: str = "TB",
                      pv_words: str | None = None, explain: bool = False) -> Iterator[str]:
    """DOT text of the panels' trees in the textbook style, under ``heading`` and a one-line key; several panels
    are clusters side by side, each under its title. ``explain`` writes beside each node its visit order and
    every window it had, and on the first stub of each cut its comparison."""
    graphs = [p.graph for p in panels]
    yield (f"digraph textbook {{\n"
           f'  graph [rankdir={rankdir}, ordering=out, nodesep=0.25, ranksep=0.45, fontname="{FONT}", '
           f'fontsize=14, labelloc=t, bgcolor=white, pad=0.2, forcelabels=true];\n'
           f'  node [fontname="{FONT}", fontsize=12, penwidth=1.2, margin=0];\n'
           f'  edge [fontname="{FONT}", fontsize=10, arrowhead=none, color="{theme.edge}"];\n'
           f"  label=<{_heading(heading, graphs, theme, pv_words, explain)}>;\n")
    for k, panel in enumerate(panels):
        if len(panels) > 1:
            yield (f"  subgraph cluster_{k} {{\n"
                   f'    label=<<B>{escape(panel.title or "")}</B>>; labelloc=t; fontsize=12; style="rounded"; '
                   f'color="#bbbbbb";\n')
            yield from textbook_statements(panel.graph, prefix=f"p{k}_", indent="    ", theme=theme, explain=explain)
            yield "  }\n"
        else:
            yield from textbook_statements(panel.graph, prefix="", indent="  ", theme=theme, explain=explain)
    yield "}\n"


def _heading(heading: str, graphs: Sequence[nx.DiGraph], theme: Theme, pv_words: str | None,
             explain: bool = False) -> str:
    """The heading and the key: the shapes of the players (and chance), the bold line, the pruned moves."""
    sides = adapter_named(graphs[0].graph.get("game")).sides
    chance = any(d.get("to_move") == "chance" for G in graphs for d in node_dict(G).values())
    words = [f"{SYMBOLS['triangle-up']} {sides.names[0]} to move", f"{SYMBOLS['triangle-down']} {sides.names[1]} "
             "to move"]
    if chance:
        words.append(f"{SYMBOLS['circle']} chance, probabilities on its branches")
    words.append(f"bold: {pv_words or 'principal variation (best play)'}")
    words.append(f"values from {sides.names[0]}'s point of view")
    if any(kind_of(G).cuts for G in graphs):
        words.append(f"dashed: pruned by alpha-beta ({BETA}/{ALPHA}-cut)")
        if explain:
            words.append(EXPLAIN_WORDS)
    lines = "<BR/>".join(escape(line) for line in heading.split("\n"))
    return (f'<TABLE BORDER="0" CELLSPACING="2"><TR><TD><FONT POINT-SIZE="16"><B>{lines}</B></FONT></TD></TR>'
            f'<TR><TD><FONT POINT-SIZE="10" COLOR="{theme.faint_ink}">{escape("   ".join(words))}</FONT></TD></TR>'
            "</TABLE>")


def textbook_statements(G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT,
                        explain: bool = False) -> Iterator[str]:
    """Chunks of DOT statements of one tree in the textbook style: each node, then its edges, in id order."""
    adapter = adapter_named(G.graph.get("game"))
    windows = graph_windows(G) if explain and kind_of(G).cuts else {}
    first_stubs = {min(c for c in succ_dict(G)[n] if node_dict(G)[c].get("pruned")) for n in node_dict(G)
                   if any(node_dict(G)[c].get("pruned") for c in succ_dict(G)[n])} if explain else set()
    sides = adapter.sides
    node_data, succ = node_dict(G), succ_dict(G)
    marked = G.graph.get("marked")
    out: list[str] = []
    boxes: list[str] = []
    hidden = hidden_style(theme)
    for n in in_order(G):
        d = node_data[n]
        name = f"{indent}{prefix}{n}"
        if d.get("pruned") and not d.get("unsearched"):
            cut = d.get("cut_by") or "beta"
            letter = BETA if cut == "beta" else ALPHA
            if n in first_stubs:
                letter = escape(cut_text(cut, d.get("parent_value"), d.get("parent_bound"), signed=False))
            out.append(f'{name} [shape=plaintext, width=0, height=0, margin=0.03, label="{letter}", fontsize=10, '
                       f'fontcolor="{theme.pruned_ink}", class="pruned"];\n')
            continue
        notes = None
        if explain:
            notes = (history_lines(d.get("order"), windows[n], signed=False) if windows
                     else [f"#{d.get('order')}"])
        look = greyed(theme) if d.get("unsearched") else theme  # a pruned subtree drawn whole (--show-pruned)
        out.append(name + _node_attributes(G, d, sides.index(d.get("to_move")), bool(succ[n]), adapter, look,
                                           notes))
        left_out = d.get("hidden") or 0
        for v in sorted_children(succ[n]):
            edge = _edge_attributes(succ[n][v], node_data[v], adapter, theme)
            out.append(f"{indent}{prefix}{n} -> {prefix}{v}{edge}\n")
            left_out -= node_data[v].get("hidden") or 0
        if left_out > 0:
            text = mark_label(left_out) if marked else hidden_label(left_out)
            box, line = hidden_box(indent, prefix, n, text, hidden, theme)
            out.append(box + "\n")
            boxes.append(line + "\n")
    yield "".join(out) + "".join(boxes)


def _node_attributes(G: nx.DiGraph, d: dict[str, Any], side: int, inner: bool, adapter: GameAdapter, theme: Theme,
                     notes: list[str] | None = None) -> str:
    """A node's DOT attributes: its shape and value (a leaf: the value alone), its name and explain mode's
    ``notes`` as an outside label."""
    text = NodeText("") if d.get("unsearched") and d.get("value") is None else textbook_text(G, d)
    pv = bool(d.get("best"))
    value = escape(text.main) if text.small is None else f"{escape(text.small)}\\n{escape(text.main)}"
    caption = adapter.caption(str(d.get("fen", "")))
    outside = ([caption] if caption else []) + (notes or [])
    joined = "\\n".join(escape(line) for line in outside)
    xlabel = f', xlabel="{joined}"' if outside else ""
    tip = f', tooltip="{escape(str(d.get("fen", "")))}"'
    if d.get("leaf") == "terminal" and not inner and side != 2:
        colour = f', fontcolor="{theme.pv}"' if pv else f', fontcolor="{theme.ink}"' if d.get("unsearched") else ""
        weight = ' fontname="Helvetica-Bold",' if pv else ""
        return (f' [shape=plaintext, width=0, height=0, margin=0.03,{weight} label="{value}"{colour}{xlabel}{tip}, '
                'class="leaf"];\n')
    shape = textbook_shape(side)
    border = f'color="{theme.pv}", penwidth=3' if pv else f'color="{theme.side_border[side]}"'
    size = "width=0.5, height=0.5" if shape == "circle" else "width=0.62, height=0.5"
    return (f' [shape={SHAPES[shape]}, {size}, style=filled, fillcolor="{theme.side_fill[side]}", {border}, '
            f'label="{value}"{xlabel}{tip}, class="{"pv" if pv else "node"}"];\n')


def _edge_attributes(e: dict[str, Any], child: dict[str, Any], adapter: GameAdapter, theme: Theme) -> str:
    """An edge's DOT attributes: its probability (chance) or move (unless the game numbers its moves), bold on the
    principal variation, dashed to a pruned move."""
    probability = e.get("probability")
    label = "" if probability is None and adapter.numbered_moves else adapter.edge_text(
        str(e.get("label", e.get("move", ""))), probability)
    if e.get("pruned") and child.get("unsearched"):  # the pruned move's cut letter on its edge (--show-pruned)
        label = (label + " " if label else "") + (BETA if child.get("cut_by") == "beta" else ALPHA)
    text = f'label="{escape(label)}", ' if label else ""
    if e.get("pruned") or child.get("unsearched"):
        dash = theme.cut_dash.get(child.get("cut_by") or "beta", "dashed")
        return f' [{text}style={dash}, color="{theme.pruned}", fontcolor="{theme.pruned_ink}"];'
    if e.get("best"):
        return f' [{text}penwidth=3, color="{theme.pv}", fontcolor="{theme.pv}"];'
    return f" [{text}fontcolor=\"{theme.faint_ink}\"];" if text else ";"


__all__ = ["SHAPES", "iter_textbook_dot", "textbook_statements"]
