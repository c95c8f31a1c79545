"""DOT statements and titles of minimax and alpha-beta trees (:mod:`treeviz.trees.builder`), and of strategy trees,
which share their schema.

Each entered node is its board with its value (alpha-beta: the visit order and the window
at entry); pruned moves are grey stubs naming the cut; the nodes a cut or a cap left out
are one ``+k nodes`` or ``… N more nodes`` box under their parent.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import networkx as nx

from treeviz.draw import labels
from treeviz.draw.dot_parts import (
    best_edge_tail,
    count,
    hidden_box,
    hidden_style,
    in_order,
    pruned_edge_tail,
    sorted_children,
    stub_style,
)
from treeviz.draw.labels import escape, format_number
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.games.registry import adapter_named

_CHUNK_LINES = 16384
"""Statements joined per yielded chunk: big trees stream out without one giant list of lines."""


def search_statements(G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT,
                      show_window: bool = False) -> Iterator[str]:
    """Chunks of statements of one tree: each node, then its edges, in node-id order (= visit order, stubs last).

    Labels are cached by what they show, so the full minimax tree (half a million
    nodes, a few thousand positions) formats each distinct label once; ``show_window``
    (alpha-beta) writes every node's own visit order and window.
    """
    adapter = adapter_named(G.graph.get("game"))
    sides = adapter.sides
    picture_of = adapter.picture_maker(theme)
    stub_styles = {kind: stub_style(dash, theme) for kind, dash in theme.cut_dash.items()}
    hidden = hidden_style(theme)
    marked = G.graph.get("marked")
    ids = in_order(G)
    # networkx's own dicts (documented graph internals): the public views cost a call per lookup.
    node_data = G._node
    pred = G._pred
    succ = G._succ
    tails: dict[tuple, str] = {}
    edge_tails: dict[tuple, str] = {}
    last_moves: dict[Any, Any] = {}
    out: list[str] = []
    hidden_edges: list[str] = []
    for n in ids:
        d = node_data[n]
        name = f"{prefix}{n}"
        if d.get("pruned"):
            out.append(f'{indent}{name} [label="{labels.stub_label(d)}", '
                       f'{stub_styles.get(d.get("cut_by") or "beta", stub_styles["beta"])}, class="pruned"];')
        else:
            pv = bool(d.get("best"))
            fen = d.get("fen", "")
            last = last_moves.pop(n, _UNSEEN)
            if last is _UNSEEN:  # a parent listed after its child (hand-made graphs)
                last = next((e.get("move") for e in pred[n].values()), None)
            if show_window:
                label = labels.node_label(picture_of(fen, last), d, sides, show_window=True, pv=pv, theme=theme)
                out.append(f'{indent}{name} [label=<{label}>, tooltip="{escape(fen)}", '
                           f'class="{"pv" if pv else "node"}"];')
            else:
                key = (fen, last, d.get("value"), d.get("bound"), d.get("leaf"), pv)
                tail = tails.get(key)
                if tail is None:
                    label = labels.node_label(picture_of(fen, last), d, sides, show_window=False, pv=pv,
                                              theme=theme)
                    tail = f' [label=<{label}>, tooltip="{escape(fen)}", class="{"pv" if pv else "node"}"];'
                    tails[key] = tail
                out.append(indent + name + tail)
            children = succ[n]
            if children:
                # The node's edges right after it, children in visit order (ordering=out keeps them so).
                mover = sides.index(d.get("to_move"))
                head = f"{indent}{name} -> {prefix}"
                left_out = d.get("hidden") or 0
                for v in (sorted_children(children) if len(children) > 1 else children):
                    e = children[v]
                    move = e.get("move")
                    last_moves[v] = move
                    key = (e.get("label", move), e.get("pruned", False), e.get("best", False), mover,
                           node_data[v].get("cut_by"))
                    tail = edge_tails.get(key)
                    if tail is None:
                        tail = _edge_tail(*key, theme=theme)
                        edge_tails[key] = tail
                    out.append(f"{head}{v}{tail}")
                    if left_out:
                        left_out -= node_data[v].get("hidden") or 0
            else:
                left_out = d.get("hidden") or 0
            # Only the subtrees of children that are not drawn: deeper cuts get their own boxes.
            if left_out > 0:
                text = labels.mark_label(left_out) if marked else labels.hidden_label(left_out)
                box, edge = hidden_box(indent, prefix, n, text, hidden, theme)
                out.append(box)
                hidden_edges.append(edge)
        if len(out) >= _CHUNK_LINES:
            yield "\n".join(out) + "\n"
            out = []
    out.extend(hidden_edges)
    if out:
        yield "\n".join(out) + "\n"


_UNSEEN = object()


def _edge_tail(label: Any, pruned: Any, best: Any, mover: int, cut_by: str | None = None, *,
               theme: Theme = DEFAULT) -> str:
    text = escape(str(label))
    if pruned:
        return pruned_edge_tail(text, theme.cut_dash.get(cut_by or "beta", "dashed"), theme)
    if best:
        return best_edge_tail(text, theme)
    return f' [label="{text}", fontcolor="{theme.stone_ink[mover]}"];'


def search_title(G: nx.DiGraph, name: str, fen: str | None = None) -> str:
    """``Minimax tree of 1o11o1oxx x: 49 nodes, value 0 (draw)`` and the cut, if any (``name``: the search's).

    A subtree drawn with ``--path`` says the moves from the root and the value of the position they reach.
    """
    g = G.graph
    text = f"{name} tree of {fen or g.get('root_fen', '?')}"
    if g.get("path"):
        moves = " ".join(str(m) for m in g["path"])
        text += (f" after {moves}: subtree of {count(g.get('subtree_nodes', 0), 'node')} "
                 f"(of {g.get('nodes', 0):,}), value there {value_words(G, g.get('subtree_value'))}"
                 f", at the root {format_number(g.get('value'))}")
    else:
        text += f": {count(g.get('nodes', G.number_of_nodes()), 'node')}"
        text += f", value {value_words(G, g.get('value'))}"
    if g.get("depth") is not None:
        text += f", depth {g['depth']}"
    if g.get("pruned"):
        text += f", {count(g['pruned'], 'move')} pruned"
    if g.get("plies") is not None:
        text += f", first {count(g['plies'], 'ply', 'plies')}"
    if g.get("hidden"):
        text += f" ({g.get('shown', 0):,} shown, {g['hidden']:,} left out)"
    return text


def search_cluster_title(G: nx.DiGraph, name: str) -> str:
    """``Minimax: 238 nodes`` -- what a comparison figure puts over the tree."""
    g = G.graph
    text = f"{name}: {count(g.get('nodes', 0), 'node')}"
    if g.get("pruned"):
        text += f", {count(g['pruned'], 'move')} pruned"
    if g.get("hidden"):
        text += f" ({g['hidden']:,} not drawn)"
    return text


def value_words(G: nx.DiGraph, value: float | None) -> str:
    """``+1 (x wins)``: a value of ``G``, and what it means when the scoring is plain win/draw/loss."""
    text = format_number(value)
    if G.graph.get("scoring") in (None, "plain"):
        text += adapter_named(G.graph.get("game")).sides.value_meaning(value)
    return text
