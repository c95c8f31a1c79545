"""Search trees (networkx graphs, see notes/tree_schema.md) as DOT text, for Graphviz to lay out.

:func:`to_dot` / :func:`compare_dot` / :func:`panels_dot` turn trees into DOT text
(deterministic: same tree, same bytes); running Graphviz on it is
:mod:`treeviz.draw.graphviz`'s job. DOT is built as plain text rather than through the
``graphviz`` package: the package quotes every attribute through regexes and
ran at ~25,000 nodes/s here, plain formatting with cached boards at several
hundred thousand (``scripts/bench_render.py``), which the 549,946-node full
tree needs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import networkx as nx

from treeviz.draw import labels
from treeviz.draw.labels import escape, format_number
from treeviz.draw.page_size import PAD_INCHES
from treeviz.draw.themes import DEFAULT, Theme

FONT = "Helvetica,Arial,sans-serif"

ALGORITHM_NAMES = {"minimax": "Minimax", "alphabeta": "Alpha-beta", "mcts": "MCTS"}


# -- DOT ----------------------------------------------------------------------------

def to_dot(G: nx.DiGraph, *, title: str | None = None, legend: bool = True, rankdir: str = "TB",
           fen: str | None = None, theme: Theme = DEFAULT) -> str:
    """The tree as DOT text: board grids, values, the principal variation in bold green, pruned moves as grey stubs.

    ``title`` replaces the default heading (algorithm, position, node count, value);
    ``fen`` is the position as the user wrote it, for that heading (default: the canonical ``root_fen``).
    ``rankdir`` ``TB`` grows the tree downwards (the textbook look), ``LR`` rightwards.
    ``theme`` picks the colours (:mod:`treeviz.draw.themes`).
    """
    return "".join(iter_dot(G, title=title, legend=legend, rankdir=rankdir, fen=fen, theme=theme))


def iter_dot(G: nx.DiGraph, *, title: str | None = None, legend: bool = True, rankdir: str = "TB",
             fen: str | None = None, theme: Theme = DEFAULT) -> Iterator[str]:
    """:func:`to_dot` in chunks, for writing huge trees without holding the whole text."""
    heading = title if title is not None else tree_title(G, fen)
    scale = heading_scale(estimated_width(G, rankdir))
    yield (f"digraph tree {{\n{_graph_attributes(rankdir, theme)}\n"
           f"  label=<{_heading_table(heading, [G] if legend else [], scale, theme)}>;\n")
    yield from graph_statements(G, prefix="", indent="  ", theme=theme)
    yield "}\n"


def compare_dot(G_minimax: nx.DiGraph, G_alphabeta: nx.DiGraph, *, title: str | None = None,
                legend: bool = True, rankdir: str = "TB", fen: str | None = None, theme: Theme = DEFAULT) -> str:
    """Both trees in one figure, side by side, each titled with its algorithm and node count."""
    return "".join(iter_panels_dot([G_minimax, G_alphabeta], title=title, legend=legend, rankdir=rankdir, fen=fen,
                                   theme=theme))


def iter_compare_dot(G_minimax: nx.DiGraph, G_alphabeta: nx.DiGraph, *, title: str | None = None,
                     legend: bool = True, rankdir: str = "TB", fen: str | None = None,
                     theme: Theme = DEFAULT) -> Iterator[str]:
    """:func:`compare_dot` in chunks."""
    return iter_panels_dot([G_minimax, G_alphabeta], title=title, legend=legend, rankdir=rankdir, fen=fen,
                           theme=theme)


def panels_dot(graphs: list[nx.DiGraph], *, title: str | None = None, legend: bool = True, rankdir: str = "TB",
               fen: str | None = None, theme: Theme = DEFAULT) -> str:
    """Any number of searches of one position in one figure, side by side, each titled with its counts."""
    return "".join(iter_panels_dot(graphs, title=title, legend=legend, rankdir=rankdir, fen=fen, theme=theme))


def iter_panels_dot(graphs: list[nx.DiGraph], *, title: str | None = None, legend: bool = True,
                    rankdir: str = "TB", fen: str | None = None, theme: Theme = DEFAULT) -> Iterator[str]:
    """:func:`panels_dot` in chunks; panels are DOT clusters named after their search, in the order given."""
    fen = fen or graphs[0].graph.get("root_fen", "")
    if title is not None:
        heading = title
    elif all(G.graph.get("algorithm") != "mcts" and not G.graph.get("merge") for G in graphs) and len(graphs) == 2:
        heading = compare_title(fen, graphs[0])
    else:
        heading = panels_heading(graphs, fen)
    scale = heading_scale(sum(estimated_width(G, rankdir) for G in graphs))
    yield (f"digraph compare {{\n{_graph_attributes(rankdir, theme)}\n"
           f"  label=<{_heading_table(heading, list(graphs) if legend else [], scale, theme)}>;\n")
    used: set[str] = set()
    for k, G in enumerate(graphs):
        name = panel_name(G)
        if name in used:
            name = f"{name}_{k}"
        used.add(name)
        prefix = _PANEL_PREFIX.get(name, f"p{k}_")
        title_points = round(16 * scale)  # all the same size: the counts are what the reader compares
        yield (f"  subgraph cluster_{name} {{\n"
               f'    label=<<B>{escape(cluster_title(G))}</B>>; labelloc=t; fontsize={title_points}; '
               f'style="rounded"; color="#bbbbbb"; margin=12;\n')
        yield from graph_statements(G, prefix=prefix, indent="    ", theme=theme)
        yield "  }\n"
    yield "}\n"


_PANEL_PREFIX = {"minimax": "m", "alphabeta": "a", "mcts": "u"}
"""Node-name prefixes of the panels (``m12``: node 12 of the minimax panel), kept from the two-tree figure."""


def panel_name(G: nx.DiGraph) -> str:
    """The cluster name of a graph's panel: its algorithm, and its merge if any (``minimax_symmetry``)."""
    name = str(G.graph.get("algorithm", "search"))
    return f"{name}_{G.graph['merge']}" if G.graph.get("merge") else name


def panels_heading(graphs: list[nx.DiGraph], fen: str) -> str:
    """``Minimax, alpha-beta and MCTS search trees of x21o11xo o``."""
    names = [ALGORITHM_NAMES.get(G.graph.get("algorithm", ""), str(G.graph.get("algorithm", "search")))
             for G in graphs]
    names = [names[0]] + [n if n.isupper() else n.lower() for n in names[1:]]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    kind = "graphs" if any(G.graph.get("merge") for G in graphs) else "trees"
    return f"{joined} search {kind} of {fen}"


def graph_statements(G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT) -> Iterator[str]:
    """DOT statements of one search graph: a minimax/alpha-beta tree, an MCTS tree, or a merged DAG."""
    if G.graph.get("merge"):
        from treeviz.draw.dag_dot import dag_statements
        return dag_statements(G, prefix=prefix, indent=indent, theme=theme)
    if G.graph.get("algorithm") == "mcts":
        from treeviz.draw.mcts_dot import mcts_statements
        return mcts_statements(G, prefix=prefix, indent=indent, theme=theme)
    return _tree_statements(G, prefix=prefix, indent=indent, theme=theme)


def tree_title(G: nx.DiGraph, fen: str | None = None) -> str:
    """``Minimax tree of 1o11o1oxx x: 49 nodes, value 0 (draw)`` and the cut, if any.

    A subtree drawn with ``--path`` says the moves from the root and the value of the position they reach.
    """
    g = G.graph
    name = ALGORITHM_NAMES.get(g.get("algorithm", ""), str(g.get("algorithm", "search")))
    if g.get("merge"):
        from treeviz.draw.dag_dot import dag_title
        return dag_title(G, name, fen)
    if g.get("algorithm") == "mcts":
        from treeviz.draw.mcts_dot import mcts_title
        return mcts_title(G, fen)
    text = f"{name} tree of {fen or g.get('root_fen', '?')}"
    if g.get("path"):
        moves = " ".join(str(m) for m in g["path"])
        text += (f" after {moves}: subtree of {_count(g.get('subtree_nodes', 0), 'node')} "
                 f"(of {g.get('nodes', 0):,}), value there {_value_words(g.get('subtree_value'), g.get('scoring'))}"
                 f", at the root {format_number(g.get('value'))}")
    else:
        text += f": {_count(g.get('nodes', G.number_of_nodes()), 'node')}"
        text += f", value {_value_words(g.get('value'), g.get('scoring'))}"
    if g.get("depth") is not None:
        text += f", depth {g['depth']}"
    if g.get("pruned"):
        text += f", {_count(g['pruned'], 'move')} pruned"
    if g.get("plies") is not None:
        text += f", first {_count(g['plies'], 'ply', 'plies')}"
    if g.get("hidden"):
        text += f" ({g.get('shown', 0):,} shown, {g['hidden']:,} left out)"
    return text


def compare_title(fen: str, G: nx.DiGraph | None = None) -> str:
    """``Minimax and alpha-beta search trees of x21o11xo o`` (and the path of a subtree)."""
    text = f"Minimax and alpha-beta search trees of {fen}"
    if G is not None and G.graph.get("path"):
        text += f" after {' '.join(str(m) for m in G.graph['path'])}"
    return text


def cluster_title(G: nx.DiGraph) -> str:
    """``Minimax: 238 nodes`` -- what a comparison figure puts over each tree."""
    g = G.graph
    name = ALGORITHM_NAMES.get(g.get("algorithm", ""), str(g.get("algorithm", "search")))
    if g.get("merge"):
        from treeviz.draw.dag_dot import dag_cluster_title
        return dag_cluster_title(G, name)
    if g.get("algorithm") == "mcts":
        from treeviz.draw.mcts_dot import mcts_cluster_title
        return mcts_cluster_title(G)
    text = f"{name}: {_count(g.get('nodes', 0), 'node')}"
    if g.get("pruned"):
        text += f", {_count(g['pruned'], 'move')} pruned"
    if g.get("hidden"):
        text += f" ({g['hidden']:,} not drawn)"
    return text


def _count(n: int, noun: str, plural: str | None = None) -> str:
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def _value_words(value: float | None, scoring: str | None) -> str:
    text = format_number(value)
    if scoring in (None, "plain") and value is not None:
        text += {1: " (x wins)", -1: " (o wins)", 0: " (draw)"}.get(int(value) if value == int(value) else 2, "")
    return text


def _graph_attributes(rankdir: str, theme: Theme = DEFAULT) -> str:
    return (f'  graph [rankdir={rankdir}, ordering=out, nodesep=0.12, ranksep=0.32, fontname="{FONT}", '
            f'fontsize=13, labelloc=t, bgcolor=white, pad={PAD_INCHES}];\n'
            f'  node [shape=plain, fontname="{FONT}", fontsize=10];\n'
            f'  edge [fontname="{FONT}", fontsize=10, arrowsize=0.5, color="{theme.edge}"];')


NODE_WIDTH_POINTS = 50
"""About how wide a drawn leaf is (board, padding, gap): enough to guess a figure's width before layout."""


def estimated_width(G: nx.DiGraph, rankdir: str = "TB") -> float:
    """A guess of the laid-out width in points, from the number of leaves (stubs and cut boxes included)."""
    if rankdir != "TB":
        return 0.0
    succ = G._succ
    leaves = sum(1 for n, d in G._node.items() if not succ[n] or d.get("hidden"))
    return leaves * NODE_WIDTH_POINTS


def heading_scale(width: float) -> float:
    """How much bigger than normal the heading and legend are drawn, so that a very wide figure shrunk to a
    page still has a readable title, legend and node counts."""
    return max(1.0, min(12.0, width / 1500))


def _heading_table(heading: str, trees: list[nx.DiGraph], scale: float = 1.0, theme: Theme = DEFAULT) -> str:
    lines = "<BR/>".join(escape(line) for line in heading.split("\n"))
    rows = [f'<TR><TD><FONT POINT-SIZE="{round(18 * scale)}"><B>{lines}</B></FONT></TD></TR>']
    if trees:
        rows.append(f"<TR><TD>{legend_table(trees, scale, theme)}</TD></TR>")
    return '<TABLE BORDER="0" CELLSPACING="2" CELLPADDING="2">' + "".join(rows) + "</TABLE>"


def legend_table(trees: list[nx.DiGraph], scale: float = 1.0, theme: Theme = DEFAULT) -> str:
    """The key to the figure: who moves (colours), the principal variation, and what the figure's extras mean."""
    if any(G.graph.get("algorithm") == "mcts" or G.graph.get("merge") for G in trees):
        from treeviz.draw.legend_lines import legend_lines  # their keys are longer: lines of words, wrapped
        return legend_lines(trees, scale, theme)
    alphabeta = any(G.graph.get("algorithm") == "alphabeta" for G in trees)
    hidden = any(G.graph.get("hidden") for G in trees)
    marks = any(G.graph.get("marked") for G in trees)
    small = round(9 * scale)

    def text(words: str) -> str:
        return f'<TD ALIGN="LEFT"><FONT POINT-SIZE="{round(11 * scale)}">{escape(words)}</FONT></TD>'

    def swatch(side: str) -> str:
        rounded = ' STYLE="ROUNDED"' if theme is not DEFAULT and theme.rounded[side] else ""
        return (f'<TD BORDER="{max(1, round(scale))}"{rounded} COLOR="{theme.side_border[side]}" '
                f'BGCOLOR="{theme.side_fill[side]}" WIDTH="{round(18 * scale)}" HEIGHT="{round(12 * scale)}"> </TD>')

    cells = [
        swatch("x"), text("x to move"),
        swatch("o"), text("o to move"),
        f'<TD><FONT COLOR="{theme.pv}" POINT-SIZE="{round(11 * scale)}"><B>\u2501\u2501\u2501</B></FONT></TD>',
        text("principal variation (best play)"),
        text("values from x's point of view"),
    ]
    if alphabeta:
        cuts = ([(labels.BETA, "beta")] if theme.cut_dash["beta"] == theme.cut_dash["alpha"]
                else [(labels.BETA, "beta"), (labels.ALPHA, "alpha")])
        for letter, kind in cuts:
            cells.append(f'<TD BORDER="1" STYLE="{theme.cut_dash[kind]}" COLOR="{theme.pruned}"><FONT '
                         f'COLOR="{theme.pruned}" POINT-SIZE="{small}">{letter}-cut</FONT></TD>')
        cells += [
            text("move pruned by alpha-beta"),
            text(f"#n [{labels.ALPHA}, {labels.BETA}]: visit order, window at entry"),
        ]
    if hidden or marks:
        what = ("nodes left out (--max-nodes)" if not marks else "nodes not drawn (--plies)" if not hidden
                else "nodes not drawn (--plies, --max-nodes)")
        cells += [
            f'<TD BORDER="1" STYLE="dotted" COLOR="{theme.hidden}" BGCOLOR="{theme.hidden_fill}">'
            f'<FONT POINT-SIZE="{small}">{labels.ELLIPSIS}</FONT></TD>',
            text(what),
        ]
    return (f'<TABLE BORDER="0" CELLSPACING="{round(4 * scale)}" CELLPADDING="2"><TR>' + "".join(cells)
            + "</TR></TABLE>")


_CHUNK_LINES = 16384
"""Statements joined per yielded chunk: big trees stream out without one giant list of lines."""


def _tree_statements(G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT) -> Iterator[str]:
    """Chunks of statements of one tree: each node, then its edges, in node-id order (= visit order, stubs last).

    Labels are cached by what they show, so the full minimax tree (half a million
    nodes, a few thousand positions) formats each distinct label once.
    """
    game = G.graph.get("game", "tictactoe")
    show_window = G.graph.get("algorithm") == "alphabeta"
    board_of = _tictactoe_board_maker(theme) if game == "tictactoe" else _ultimate_board_maker(theme)
    stub_styles = {kind: (f'style="{dash},rounded,filled", fillcolor="{theme.pruned_fill}", color="{theme.pruned}", '
                          f'fontcolor="{theme.pruned_ink}", fontsize=10, shape=box, margin="0.06,0.03", width=0, '
                          'height=0') for kind, dash in theme.cut_dash.items()}
    hidden_style = (f'style="dotted,rounded,filled", fillcolor="{theme.hidden_fill}", color="{theme.hidden}", '
                    f'fontcolor="{theme.hidden}", penwidth=1.5, fontsize=9, shape=box, margin="0.04,0.02", '
                    f'width=0, height=0')
    marked = G.graph.get("marked")
    ids = _in_order(G)
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
                label = labels.node_label(board_of(fen, last), d, show_window=True, pv=pv, theme=theme)
                out.append(f'{indent}{name} [label=<{label}>, tooltip="{escape(fen)}", '
                           f'class="{"pv" if pv else "node"}"];')
            else:
                key = (fen, last, d.get("value"), d.get("bound"), d.get("leaf"), pv)
                tail = tails.get(key)
                if tail is None:
                    label = labels.node_label(board_of(fen, last), d, show_window=False, pv=pv, theme=theme)
                    tail = f' [label=<{label}>, tooltip="{escape(fen)}", class="{"pv" if pv else "node"}"];'
                    tails[key] = tail
                out.append(indent + name + tail)
            children = succ[n]
            if children:
                # The node's edges right after it, children in visit order (ordering=out keeps them so).
                mover = d.get("to_move", "x")
                head = f"{indent}{name} -> {prefix}"
                hidden = d.get("hidden") or 0
                for v in (_sorted(children) if len(children) > 1 else children):
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
                    if hidden:
                        hidden -= node_data[v].get("hidden") or 0
            else:
                hidden = d.get("hidden") or 0
            # Only the subtrees of children that are not drawn: deeper cuts get their own boxes.
            if hidden > 0:
                text = labels.mark_label(hidden) if marked else labels.hidden_label(hidden)
                out.append(f'{indent}{prefix}h{n} [label="{text}", {hidden_style}, class="hidden"];')
                hidden_edges.append(f'{indent}{name} -> {prefix}h{n} [style=dotted, penwidth=1.5, '
                                    f'color="{theme.hidden}"];')
        if len(out) >= _CHUNK_LINES:
            yield "\n".join(out) + "\n"
            out = []
    out.extend(hidden_edges)
    if out:
        yield "\n".join(out) + "\n"


_UNSEEN = object()


def _edge_tail(label: Any, pruned: Any, best: Any, mover: str, cut_by: str | None = None, *,
               theme: Theme = DEFAULT) -> str:
    text = escape(str(label))
    if pruned:
        dash = theme.cut_dash.get(cut_by or "beta", "dashed")
        return f' [label="{text}", style={dash}, color="{theme.pruned}", fontcolor="{theme.pruned}"];'
    if best:
        return (f' [label=<<B>{text}</B>>, penwidth=3, color="{theme.pv}", fontcolor="{theme.pv}", '
                f'arrowsize=0.7];')
    return f' [label="{text}", fontcolor="{theme.stone_ink.get(mover, "black")}"];'


def _in_order(G: nx.DiGraph) -> list[Any]:
    """Node ids ascending (the builder's ids are visit order, stubs last); as inserted if not comparable."""
    ids = list(G)
    if any(a > b for a, b in zip(ids, ids[1:], strict=False)) if _comparable(ids) else False:
        ids.sort()
    return ids


def _comparable(ids: list[Any]) -> bool:
    try:
        sorted(ids[:2])
        return all(type(i) is type(ids[0]) for i in ids)
    except TypeError:
        return False


def _sorted(children: Any) -> list[Any]:
    try:
        return sorted(children)
    except TypeError:
        return list(children)


def _tictactoe_board_maker(theme: Theme = DEFAULT):
    expand: dict[str, str] = {}

    def board(fen: str, last: Any) -> str:
        cells = expand.get(fen)
        if cells is None:
            cells = labels.expand_fen_board(fen.split(" ", 1)[0])
            expand[fen] = cells
        return labels.tictactoe_board(cells, last, theme=theme)

    return board


def _ultimate_board_maker(theme: Theme = DEFAULT):
    from engine.games.ultimate import ULTIMATE

    def board(fen: str, last: Any) -> str:
        return labels.ultimate_board_label(ULTIMATE.parse_fen(fen), game=ULTIMATE, theme=theme)

    return board
