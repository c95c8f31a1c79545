"""DOT statements and titles of minimax and alpha-beta trees (:mod:`treeviz.trees.builder`), and of strategy trees,
which share their schema.

Each entered node is its board with its value (alpha-beta: the visit order and the window
at entry); pruned moves are grey stubs naming the cut; the nodes a cut or a cap left out
are one ``+k nodes`` or ``… N more nodes`` box under their parent.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import itemgetter
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
from treeviz.draw.explain import graph_windows, history_lines
from treeviz.draw.labels import escape, format_number
from treeviz.draw.themes import DEFAULT, Theme, greyed
from treeviz.games.registry import adapter_named
from treeviz.graph_dicts import node_dict, pred_dict, succ_dict

_CHUNK_PIECES = 32768
"""Pieces of statements joined per yielded chunk: big trees stream out without one giant list of lines."""


def search_statements(G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT,
                      show_window: bool = False, explain: bool = False) -> Iterator[str]:
    """Chunks of statements of one tree: each node, then its edges, in node-id order (= visit order, stubs last).

    Labels are cached by what they show, so the full minimax tree (half a million
    nodes, a few thousand positions) formats each distinct label once; ``show_window``
    (alpha-beta) writes every node's own visit order and window; ``explain`` every window each node had (at entry
    and after each child that moved it, :mod:`treeviz.draw.explain`), and the visit order of minimax nodes.
    """
    pending = getattr(G, "pending", None)
    plan = (pending() if pending is not None and not show_window and not explain and not G.graph.get("chance")
            else None)
    if plan is not None:  # a graph never made: its statements straight from the search's records
        return _recorded_statements(G, plan, prefix=prefix, indent=indent, theme=theme)
    return _graph_statements(G, prefix=prefix, indent=indent, theme=theme, show_window=show_window or explain,
                             explain=explain)


def _graph_statements(G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme, show_window: bool,
                      explain: bool = False) -> Iterator[str]:
    """:func:`search_statements` from the graph's own dicts."""
    adapter = adapter_named(G.graph.get("game"))
    histories = graph_windows(G) if explain else {}
    sides = adapter.sides
    picture_of = adapter.picture_maker(theme)
    stub_styles = {kind: stub_style(dash, theme) for kind, dash in theme.cut_dash.items()}
    hidden = hidden_style(theme)
    marked = G.graph.get("marked")
    chances = bool(G.graph.get("chance"))  # edges below chance nodes say their probability
    ids = in_order(G)
    # networkx's own dicts (documented graph internals): the public views cost a call per lookup.
    node_data = node_dict(G)
    pred = pred_dict(G)
    succ = succ_dict(G)
    # Labels cached by what they show: per position and last move, with the value they show checked (a miss,
    # rare, goes through the full key); edge attributes per mover and move name.
    by_position: dict[Any, dict[Any, tuple[Any, Any, Any, Any, str]]] = {}
    tails: dict[tuple, str] = {}
    plain_edges: dict[Any, dict[Any, str]] = {}
    edge_tails: dict[tuple, str] = {}
    last_moves: dict[Any, Any] = {}
    out: list[str] = []  # pieces, joined with nothing: a node's long label is copied once, into its chunk
    append = out.append
    hidden_edges: list[str] = []
    for n in ids:
        d = node_data[n]
        try:
            pruned, left_out, mover, fen, value, bound, leaf, best = _NODE_FIELDS(d)
        except KeyError:  # a hand-made node without every field
            pruned, left_out, mover, fen, value, bound, leaf, best = (d.get(k, default)
                                                                      for k, default in _NODE_DEFAULTS)
        name = f"{indent}{prefix}{n}"
        if pruned and not d.get("unsearched"):
            append(f'{name} [label="{labels.stub_label(d)}", '
                   f'{stub_styles.get(d.get("cut_by") or "beta", stub_styles["beta"])}, class="pruned"];\n')
            continue
        if d.get("unsearched"):  # a node of a pruned subtree drawn whole (--show-pruned): greyed, never searched
            append(_unsearched_statements(G, n, name, prefix, indent, theme, adapter, last_moves))
            continue
        last = last_moves.pop(n, _UNSEEN)
        if last is _UNSEEN:  # a parent listed after its child (hand-made graphs)
            last = next((e.get("move") for e in pred[n].values()), None)
        append(name)
        if show_window:
            history = history_lines(d.get("order"), histories[n]) if explain else None  # signed, as "v = +3"
            label = labels.node_label(picture_of(fen, last), d, sides, show_window=True, pv=bool(best), theme=theme,
                                      history=history)
            append(f' [label=<{label}>, tooltip="{escape(fen)}", class="{"pv" if best else "node"}"];\n')
        else:
            at = by_position.get(fen)
            if at is None:
                at = by_position[fen] = {}
            cached = at.get(last)
            if (cached is not None and cached[0] == value and cached[1] == bound and cached[2] == leaf
                    and cached[3] == best):
                append(cached[4])
            else:
                key: tuple[Any, ...] = (fen, last, value, bound, leaf, best)
                tail = tails.get(key)
                if tail is None:
                    label = labels.node_label(picture_of(fen, last), d, sides, show_window=False, pv=bool(best),
                                              theme=theme)
                    tail = f' [label=<{label}>, tooltip="{escape(fen)}", class="{"pv" if best else "node"}"];\n'
                    tails[key] = tail
                at[last] = (value, bound, leaf, best, tail)
                append(tail)
        children = succ[n]
        left_out = left_out or 0
        if children:
            # The node's edges right after it, children in visit order (ordering=out keeps them so).
            head = f"{name} -> {prefix}"
            plain = plain_edges.get(mover)
            if plain is None:
                plain = plain_edges[mover] = {}
            for v in (sorted_children(children) if len(children) > 1 else children):
                e = children[v]
                try:
                    move, label_text, edge_pruned, edge_best = _EDGE_FIELDS(e)
                except KeyError:  # a hand-made edge
                    move = e.get("move")
                    label_text, edge_pruned, edge_best = e.get("label", move), e.get("pruned"), e.get("best")
                if chances and mover == labels.CHANCE:
                    label_text = adapter.edge_text(str(label_text), e.get("probability"))
                last_moves[v] = move
                if edge_pruned or edge_best:
                    key = (label_text, bool(edge_pruned), bool(edge_best), mover,
                           node_data[v].get("cut_by") if edge_pruned else None)
                    tail = edge_tails.get(key)
                    if tail is None:
                        tail = edge_tails[key] = _edge_tail(label_text, edge_pruned, edge_best, sides.index(mover),
                                                            key[4], theme=theme)
                else:
                    tail = plain.get(label_text)
                    if tail is None:
                        tail = plain[label_text] = _edge_tail(label_text, False, False, sides.index(mover),
                                                              theme=theme)
                append(f"{head}{v}{tail}\n")
                if left_out:
                    left_out -= node_data[v].get("hidden") or 0
        # Only the subtrees of children that are not drawn: deeper cuts get their own boxes.
        if left_out > 0:
            text = labels.mark_label(left_out) if marked else labels.hidden_label(left_out)
            box, edge_line = hidden_box(indent, prefix, n, text, hidden, theme)
            append(box + "\n")
            hidden_edges.append(edge_line + "\n")
        if len(out) >= _CHUNK_PIECES:
            yield "".join(out)
            out.clear()
    out.extend(hidden_edges)
    if out:
        yield "".join(out)


def _recorded_statements(G: nx.DiGraph, plan: Any, *, prefix: str, indent: str, theme: Theme) -> Iterator[str]:
    """:func:`search_statements` of a graph not made yet (:class:`treeviz.trees.recorded.TreePlan`): the same
    statements, read from the records instead of half a million node dicts (a test holds the two to the same
    bytes). The loop of :func:`_graph_statements` for nodes without a window, written for the records."""
    adapter = adapter_named(G.graph.get("game"))
    sides = adapter.sides
    picture_of = adapter.picture_maker(theme)
    stub_styles = {kind: stub_style(dash, theme) for kind, dash in theme.cut_dash.items()}
    hidden_box_style = hidden_style(theme)
    marked = G.graph.get("marked")
    entries, results, leaf_of, templates, labels_of = (plan.rec.entries, plan.rec.results, plan.rec.leaves.get,
                                                       plan.templates, plan.labels)
    root, n, stubs = plan.root, plan.n, plan.stubs
    hidden_of = plan.hidden
    if plan.complete:
        yield from _whole_statements(plan, picture_of, sides, prefix=prefix, indent=indent, theme=theme)
        return
    best_set = set(plan.pv)
    kids = plan.children()
    state_info = {s: (t["fen"], t["to_move"]) for s, t in templates.items()}
    by_position: dict[Any, dict[Any, tuple[Any, Any, Any, Any, str]]] = {}
    tails: dict[tuple, str] = {}
    plain_edges: dict[Any, dict[Any, str]] = {}
    edge_tails: dict[tuple, str] = {}
    out: list[str] = []
    append = out.append
    hidden_edges: list[str] = []
    for i in plan.kept:
        _, m, s, _, _, _ = entries[i]
        fen, mover = state_info[s]
        value, bound = results[i]
        leaf = leaf_of(i)
        best = i in best_set
        last = m if i != root else None
        name = f"{indent}{prefix}{i}"
        append(name)
        at = by_position.get(fen)
        if at is None:
            at = by_position[fen] = {}
        cached = at.get(last)
        if cached is not None and cached[0] == value and cached[1] == bound and cached[2] == leaf and cached[3] == best:
            append(cached[4])
        else:
            key: tuple[Any, ...] = (fen, last, value, bound, leaf, best)
            tail = tails.get(key)
            if tail is None:
                d = dict(templates[s], value=value, bound=bound, leaf=leaf, best=best)
                label = labels.node_label(picture_of(fen, last), d, sides, show_window=False, pv=best, theme=theme)
                tail = f' [label=<{label}>, tooltip="{escape(fen)}", class="{"pv" if best else "node"}"];\n'
                tails[key] = tail
            at[last] = (value, bound, leaf, best, tail)
            append(tail)
        left_out = hidden_of[i] if hidden_of is not None else 0
        children = kids.get(i)
        if children:
            head = f"{name} -> {prefix}"
            plain = plain_edges.get(mover)
            if plain is None:
                plain = plain_edges[mover] = {}
            for v in children:
                if v >= n:  # a pruned move
                    _, move, _, kind, _, _ = stubs[v - n]
                    key = (labels_of[move], True, False, mover, kind)
                    tail = edge_tails.get(key)
                    if tail is None:
                        tail = edge_tails[key] = _edge_tail(key[0], True, False, sides.index(mover), kind,
                                                            theme=theme)
                else:
                    move = entries[v][1]
                    if v in best_set:
                        key = (labels_of[move], False, True, mover, None)
                        tail = edge_tails.get(key)
                        if tail is None:
                            tail = edge_tails[key] = _edge_tail(key[0], False, True, sides.index(mover), theme=theme)
                    else:
                        tail = plain.get(move)
                        if tail is None:  # by move here: a move has one name
                            tail = plain[move] = _edge_tail(labels_of[move], False, False, sides.index(mover),
                                                            theme=theme)
                    if left_out:
                        left_out -= hidden_of[v]
                append(f"{head}{v}{tail}\n")
        if left_out > 0:
            text = labels.mark_label(left_out) if marked else labels.hidden_label(left_out)
            box, edge_line = hidden_box(indent, prefix, i, text, hidden_box_style, theme)
            append(box + "\n")
            hidden_edges.append(edge_line + "\n")
        if len(out) >= _CHUNK_PIECES:
            yield "".join(out)
            out.clear()
    for k, (_, _, _, kind, value, bound) in enumerate(stubs):
        d = {"cut_by": kind, "parent_value": value, "parent_bound": bound}
        append(f'{indent}{prefix}{n + k} [label="{labels.stub_label(d)}", '
               f'{stub_styles.get(kind or "beta", stub_styles["beta"])}, class="pruned"];\n')
    out.extend(hidden_edges)
    if out:
        yield "".join(out)


def _whole_statements(plan: Any, picture_of: Any, sides: Any, *, prefix: str, indent: str,
                      theme: Theme) -> Iterator[str]:
    """:func:`_recorded_statements` of a whole tree with nothing pruned or left out (a full minimax tree): the same
    bytes, each node's children found by stepping over subtrees (the records are in preorder) instead of
    grouping half a million nodes by parent first, the records read as columns taken in C, each node's label
    found by its position and last move (checked against what it shows)."""
    entries, results, templates, labels_of, sizes = (plan.rec.entries, plan.rec.results, plan.templates,
                                                     plan.labels, plan.sizes)
    n = plan.n
    moves = list(map(itemgetter(1), entries))
    states = list(map(itemgetter(2), entries))
    values = list(map(itemgetter(0), results))
    bounds = list(map(itemgetter(1), results))
    leaf_col: list[Any] = [None] * n
    for i, kind in plan.rec.leaves.items():
        leaf_col[i] = kind
    best_col = bytearray(n)
    for i in plan.pv:
        best_col[i] = 1
    info = {s: (t["fen"], t["to_move"]) for s, t in templates.items()}
    by_position: dict[Any, dict[Any, tuple[Any, Any, Any, int, str]]] = {s: {} for s in templates}
    plain_edges: dict[Any, dict[Any, str]] = {}
    best_edges: dict[Any, dict[Any, str]] = {}
    out: list[str] = []
    append = out.append
    for i in range(n):
        s = states[i]
        last = moves[i] if i else None
        value = values[i]
        bound = bounds[i]
        leaf = leaf_col[i]
        best = best_col[i]
        at = by_position[s]
        cached = at.get(last)
        if cached is not None and cached[0] == value and cached[1] == bound and cached[2] == leaf \
                and cached[3] == best:
            tail = cached[4]
        else:
            fen = info[s][0]
            d = dict(templates[s], value=value, bound=bound, leaf=leaf, best=best == 1)
            label = labels.node_label(picture_of(fen, last), d, sides, show_window=False, pv=best == 1, theme=theme)
            tail = f' [label=<{label}>, tooltip="{escape(fen)}", class="{"pv" if best else "node"}"];\n'
            at[last] = (value, bound, leaf, best, tail)
        append(f"{indent}{prefix}{i}")
        append(tail)  # the label as it is (a node's long label is copied once, into its chunk)
        child = i + 1
        end = i + sizes[i]
        if child < end:
            mover = info[s][1]
            plain = plain_edges.get(mover)
            if plain is None:
                plain = plain_edges[mover] = {}
                best_edges[mover] = {}
            head = f"{indent}{prefix}{i} -> {prefix}"
            while child < end:
                move = moves[child]
                if best_col[child]:
                    edge = best_edges[mover].get(move)
                    if edge is None:
                        edge = best_edges[mover][move] = _edge_tail(labels_of[move], False, True,
                                                                    sides.index(mover), theme=theme)
                else:
                    edge = plain.get(move)
                    if edge is None:
                        edge = plain[move] = _edge_tail(labels_of[move], False, False, sides.index(mover),
                                                        theme=theme)
                append(f"{head}{child}{edge}\n")
                child += sizes[child]
        if len(out) >= _CHUNK_PIECES:
            yield "".join(out)
            out.clear()
    if out:
        yield "".join(out)


_UNSEEN = object()
_NODE_DEFAULTS = (("pruned", False), ("hidden", 0), ("to_move", None), ("fen", ""), ("value", None),
                  ("bound", None), ("leaf", None), ("best", False))
_NODE_FIELDS = itemgetter(*(k for k, _ in _NODE_DEFAULTS))
"""A node's fields the figure reads, in one call; with its last move, the key of its cached label."""
_EDGE_FIELDS = itemgetter("move", "label", "pruned", "best")


def _edge_tail(label: Any, pruned: Any, best: Any, mover: int, cut_by: str | None = None, *,
               theme: Theme = DEFAULT) -> str:
    text = escape(str(label))
    if pruned:
        return pruned_edge_tail(text, theme.cut_dash.get(cut_by or "beta", "dashed"), theme)
    if best:
        return best_edge_tail(text, theme)
    return f' [label="{text}", fontcolor="{theme.stone_ink[mover]}"];'


def _unsearched_statements(G: nx.DiGraph, n: Any, name: str, prefix: str, indent: str, theme: Theme, adapter: Any,
                           last_moves: dict[Any, Any]) -> str:
    """A node of a pruned subtree (``--show-pruned``) and the dashed edges to its children: its board greyed, its
    value at a leaf, ``not searched`` above; a pruned move's own node also names the cut that skipped it."""
    d, succ = node_dict(G)[n], succ_dict(G)
    look = greyed(theme)
    last = last_moves.pop(n, None)
    if last is None:
        last = next((e.get("move") for e in pred_dict(G)[n].values()), None)
    picture = adapter.picture_maker(look)(d.get("fen", ""), last)
    if d.get("value") is not None:
        rows = labels.value_rows(labels.value_text(d["value"], "exact"), d, adapter.sides, look)
    else:
        rows = ['<TR><TD><FONT POINT-SIZE="8">not searched</FONT></TD></TR>']
    if d.get("pruned"):
        rows.append(f'<TR><TD><FONT POINT-SIZE="8">{labels.stub_label(d).replace(chr(92) + "n", " ")}</FONT></TD></TR>')
    label = labels.node_frame([f"<TR><TD>{picture}</TD></TR>", *rows], adapter.sides.index(d.get("to_move")), False,
                              look)
    out = [f'{name} [label=<{label}>, tooltip="{escape(str(d.get("fen", "")))}", class="unsearched"];\n']
    dash = theme.cut_dash.get(d.get("cut_by") or "beta", "dashed")
    for v in sorted_children(succ[n]):
        e = succ[n][v]
        last_moves[v] = e.get("move")
        text = escape(str(e.get("label", e.get("move", ""))))
        out.append(f"{indent}{prefix}{n} -> {prefix}{v}{pruned_edge_tail(text, dash, theme)}\n")
    return "".join(out)


def search_title(G: nx.DiGraph, name: str, fen: str | None = None) -> str:
    """``Minimax tree of 1o11o1oxx x: 49 nodes, value 0 (draw)`` and the cut, if any (``name``: the search's).

    A subtree drawn with ``--path`` says the moves from the root and the value of the position they reach.
    """
    g = G.graph
    if g.get("chance") and name == "Minimax":
        name = "Expectiminimax"
    text = f"{name} tree of {fen or g.get('root_fen', '?')}"
    if g.get("path"):
        moves = " ".join(str(m) for m in g["path"])
        text += (f" after {moves}: subtree of {count(g.get('subtree_nodes', 0), 'node')} "
                 f"(of {g.get('nodes', 0):,}), value there {value_words(G, g.get('subtree_value'))}"
                 f", at the root {format_number(g.get('value'), signed=signed_values(G))}")
    else:
        text += f": {count(g['nodes'] if 'nodes' in g else G.number_of_nodes(), 'node')}"
        text += f", value {value_words(G, g.get('value'))}"
    if g.get("depth") is not None:
        text += f", depth {g['depth']}" + adapter_named(g.get("game")).horizon_words(g)
    if g.get("pruned"):
        text += f", {count(g['pruned'], 'move')} pruned"
    if g.get("plies") is not None:
        text += f", first {count(g['plies'], 'ply', 'plies')}"
    if g.get("hidden"):
        text += f" ({g.get('shown', 0):,} shown, {g['hidden']:,} left out)"
    return text


def search_cluster_title(G: nx.DiGraph, name: str) -> str:
    """``Minimax: 238 nodes`` -- what a comparison figure puts over the tree; a panel of a comparison of move
    orders (its graph counts its ``leaves``) names its order and the leaves examined:
    ``Alpha-beta, best order: 11 nodes, 5 leaves examined, 4 moves pruned``."""
    g = G.graph
    if g.get("chance") and name == "Minimax":
        name = "Expectiminimax"
    if "leaves" in g:
        name += f", {g.get('order')} order"
    text = f"{name}: {count(g.get('nodes', 0), 'node')}"
    if "leaves" in g:
        text += f", {count(g['leaves'], 'leaf', 'leaves')} examined"
    if g.get("pruned"):
        text += f", {count(g['pruned'], 'move')} pruned"
    if g.get("hidden"):
        text += f" ({g['hidden']:,} not drawn)"
    return text


def signed_values(G: nx.DiGraph) -> bool:
    """Whether ``G``'s game writes its values with their sign (``+1``; a textbook tree's ``3`` has none)."""
    return adapter_named(G.graph.get("game")).signed_values


def value_words(G: nx.DiGraph, value: float | None) -> str:
    """``+1 (x wins)``: a value of ``G``, and what it means when the scoring is plain win/draw/loss."""
    adapter = adapter_named(G.graph.get("game"))
    text = format_number(value, signed=adapter.signed_values)
    if G.graph.get("scoring") in (None, "plain"):
        text += adapter.value_meaning(value)
    return text
