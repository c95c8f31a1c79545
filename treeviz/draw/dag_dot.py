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
from treeviz.draw.labels import escape, format_number
from treeviz.draw.themes import DEFAULT, Theme

TIMES = "\u00d7"

MERGE_NAMES = {"transpositions": "transpositions merged", "symmetry": "symmetries merged"}


def board_markup(game: str, fen: str, last: Any = None, theme: Theme = DEFAULT) -> str:
    """The board grid of a FEN for a node label: 3x3 with the ``last`` cell tinted (None: no tint), or
    9x9 for ultimate, whose FEN carries its last move (part of the position: it says where to play)."""
    if game == "ultimate":
        from engine.games.ultimate import ULTIMATE

        return labels.ultimate_board_label(ULTIMATE.parse_fen(fen), game=ULTIMATE, theme=theme)
    return labels.tictactoe_board(labels.expand_fen_board(fen.split(" ", 1)[0]), last, theme=theme)


def interval_text(node: dict[str, Any]) -> str:
    """``v = +1``, ``v ≥ 0``, ``v ≤ 0``, or ``0 ≤ v ≤ +1`` when the merged results proved both sides."""
    if node.get("bound") == "range":
        return f"{format_number(node.get('low'))} {labels.LEQ} v {labels.LEQ} {format_number(node.get('high'))}"
    return labels.value_text(node.get("value"), node.get("bound"))


def dag_node_label(board: str, node: dict[str, Any], theme: Theme = DEFAULT) -> str:
    """An entered DAG node: board, result or value, and how many tree nodes it stands for."""
    side = node.get("to_move") or "x"
    rows = [f"<TR><TD>{board}</TD></TR>"]
    outcome = node.get("outcome")
    value = escape(interval_text(node))
    if outcome:
        result = "draw" if outcome == "draw" else f"{outcome} wins"
        rows.append(f'<TR><TD><FONT COLOR="{theme.result_ink[outcome]}"><B>{result}</B></FONT></TD></TR>')
        rows.append(f"<TR><TD>{value}</TD></TR>")
    else:
        suffix = ' <FONT POINT-SIZE="8">(eval)</FONT>' if node.get("leaf") == "heuristic" else ""
        rows.append(f"<TR><TD><B>{value}</B>{suffix}</TD></TR>")
    merged = int(node.get("merged") or 0)
    if merged > 1:
        rows.append(f'<TR><TD><FONT POINT-SIZE="8" COLOR="{theme.faint_ink}">{TIMES}{merged:,}</FONT></TD></TR>')
    return board_node_table(rows, side, bool(node.get("best")), theme)


def board_node_table(rows: list[str], side: str, pv: bool, theme: Theme) -> str:
    """A node's rows in its frame: the side's fill and border (round or square corners by theme), thick
    in the principal variation's colour on it."""
    border, colour = ("3", theme.pv) if pv else ("1", theme.side_border[side])
    rounded = ' STYLE="ROUNDED"' if theme.rounded[side] else ""
    return (f'<TABLE BORDER="{border}"{rounded} COLOR="{colour}" BGCOLOR="{theme.side_fill[side]}" '
            f'CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">' + "".join(rows) + "</TABLE>")


def hidden_label(count: int) -> str:
    """The box under a node whose continuations are not drawn (``--max-nodes``)."""
    noun = "position" if count == 1 else "positions"
    return f"{labels.ELLIPSIS} {count:,} more {noun} below\\n(use --max-nodes 0)"


def hidden_style(theme: Theme) -> str:
    """DOT attributes of a box standing for nodes not drawn."""
    return (f'style="dotted,rounded,filled", fillcolor="{theme.hidden_fill}", color="{theme.hidden}", '
            f'fontcolor="{theme.hidden}", penwidth=1.5, fontsize=9, shape=box, margin="0.04,0.02", width=0, height=0')


def dag_statements(G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT) -> Iterator[str]:
    """DOT statements of one merged graph: nodes in id order (first visit), each followed by its edges."""
    game = G.graph.get("game", "tictactoe")
    stub_style = (f'style="dashed,rounded,filled", fillcolor="{theme.pruned_fill}", color="{theme.pruned}", '
                  f'fontcolor="{theme.pruned_ink}", fontsize=10, shape=box, margin="0.06,0.03", width=0, height=0')
    hidden = hidden_style(theme)
    out: list[str] = []
    succ = G._succ
    for n in sorted(G):
        d = G._node[n]
        name = f"{prefix}{n}"
        if d.get("pruned"):
            out.append(f'{indent}{name} [label="{labels.stub_label(d)}", {stub_style}, class="pruned"];')
        else:
            label = dag_node_label(board_markup(game, d["fen"], theme=theme), d, theme)
            cls = "pv" if d.get("best") else "node"
            out.append(f'{indent}{name} [label=<{label}>, tooltip="{escape(d["fen"])}", class="{cls}"];')
        mover = d.get("to_move", "x")
        for v in sorted(succ[n]):
            out.append(f"{indent}{name} -> {prefix}{v}{_edge_tail(succ[n][v], mover, theme)}")
        if d.get("hidden"):
            out.append(f'{indent}{prefix}h{n} [label="{hidden_label(d["hidden"])}", {hidden}, class="hidden"];')
            out.append(f'{indent}{name} -> {prefix}h{n} [style=dotted, penwidth=1.5, color="{theme.hidden}"];')
    yield "\n".join(out) + "\n"


def _edge_tail(e: dict[str, Any], mover: str, theme: Theme) -> str:
    text = escape(str(e.get("label", e.get("move"))))
    if e.get("pruned"):
        return f' [label="{text}", style=dashed, color="{theme.pruned}", fontcolor="{theme.pruned}"];'
    if e.get("best"):
        return (f' [label=<<B>{text}</B>>, penwidth=3, color="{theme.pv}", fontcolor="{theme.pv}", '
                f'arrowsize=0.7];')
    return f' [label="{text}", color="{theme.edge}", fontcolor="{theme.stone_ink.get(mover, theme.ink)}"];'


def dag_title(G: nx.DiGraph, name: str, fen: str | None = None) -> str:
    """``Minimax tree of 9 x, symmetries merged: 765 positions (549,946 tree nodes), value 0 (draw)``."""
    g = G.graph
    text = (f"{name} tree of {fen or g.get('root_fen', '?')}, {MERGE_NAMES.get(g['merge'], g['merge'])}\n"
            f"{_count(g.get('nodes', 0), 'position')} ({_count(g.get('tree_nodes', 0), 'tree node')})")
    value = g.get("value")
    text += f", value {format_number(value)}"
    if g.get("scoring") in (None, "plain") and value in (1, 0, -1):
        text += {1: " (x wins)", -1: " (o wins)", 0: " (draw)"}[int(value)]
    if g.get("depth") is not None:
        text += f", depth {g['depth']}"
    if g.get("pruned"):
        text += f", {_count(g['pruned'], 'pruned position')}"
    if g.get("hidden"):
        text += f" ({g.get('shown', 0):,} shown, {g['hidden']:,} left out)"
    return text


def dag_cluster_title(G: nx.DiGraph, name: str) -> str:
    """``Minimax, symmetries merged: 765 positions (549,946 tree nodes)`` over a comparison panel."""
    g = G.graph
    text = (f"{name}, {MERGE_NAMES.get(g['merge'], g['merge'])}: {_count(g.get('nodes', 0), 'position')} "
            f"({_count(g.get('tree_nodes', 0), 'tree node')})")
    if g.get("hidden"):
        text += f" ({g['hidden']:,} not drawn)"
    return text


def legend_words(trees: list[nx.DiGraph]) -> list[str]:
    """What merged panels add to the figure's key."""
    merges = {G.graph.get("merge") for G in trees} - {None}
    words = [f"{TIMES}n: n tree nodes merged"] if merges else []
    if "symmetry" in merges:
        words.append("boards in canonical orientation, moves on them")
    return words


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")
