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

from collections.abc import Iterator, Sequence

import networkx as nx

from treeviz.draw import labels
from treeviz.draw.dot_parts import CHANCE_WORDS, FONT, Rankdir, graph_attributes
from treeviz.draw.explain import EXPLAIN_WORDS
from treeviz.draw.kinds import TreeKind, kind_of, orders_compared
from treeviz.draw.labels import CHANCE_SIDE, escape
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.games.registry import adapter_named
from treeviz.graph_dicts import node_dict, succ_dict

__all__ = ["FONT", "cluster_title", "compare_dot", "compare_title", "estimated_width", "figure_heading",
           "graph_statements", "heading_scale", "iter_compare_dot", "iter_dot", "iter_panels_dot", "legend_table",
           "panel_name", "panels_dot", "panels_heading", "to_dot", "tree_title"]


# -- DOT ----------------------------------------------------------------------------

def to_dot(G: nx.DiGraph, *, title: str | None = None, legend: bool = True, rankdir: Rankdir = "TB",
           fen: str | None = None, theme: Theme = DEFAULT) -> str:
    """The tree as DOT text: board grids, values, the principal variation in bold green, pruned moves as grey stubs.

    ``title`` replaces the default heading (algorithm, position, node count, value);
    ``fen`` is the position as the user wrote it, for that heading (default: the canonical ``root_fen``).
    ``rankdir`` ``TB`` grows the tree downwards (the textbook look), ``LR`` rightwards.
    ``theme`` picks the colours (:mod:`treeviz.draw.themes`).
    """
    return "".join(iter_dot(G, title=title, legend=legend, rankdir=rankdir, fen=fen, theme=theme))


def iter_dot(G: nx.DiGraph, *, title: str | None = None, legend: bool = True, rankdir: Rankdir = "TB",
             fen: str | None = None, theme: Theme = DEFAULT, explain: bool = False) -> Iterator[str]:
    """:func:`to_dot` in chunks, for writing huge trees without holding the whole text (``explain``: every window
    each node had, :mod:`treeviz.draw.explain`)."""
    kind = kind_of(G)
    heading = title if title is not None else kind.title(G, fen)
    scale = heading_scale(estimated_width(G, rankdir))
    yield (f"digraph tree {{\n{graph_attributes(rankdir, theme)}\n"
           f"  label=<{_heading_table(heading, [G] if legend else [], scale, theme, explain)}>;\n")
    yield from kind.statements(G, prefix="", indent="  ", theme=theme, explain=explain)
    yield "}\n"


def compare_dot(G_minimax: nx.DiGraph, G_alphabeta: nx.DiGraph, *, title: str | None = None,
                legend: bool = True, rankdir: Rankdir = "TB", fen: str | None = None, theme: Theme = DEFAULT) -> str:
    """Both trees in one figure, side by side, each titled with its algorithm and node count."""
    return "".join(iter_panels_dot([G_minimax, G_alphabeta], title=title, legend=legend, rankdir=rankdir, fen=fen,
                                   theme=theme))


def iter_compare_dot(G_minimax: nx.DiGraph, G_alphabeta: nx.DiGraph, *, title: str | None = None,
                     legend: bool = True, rankdir: Rankdir = "TB", fen: str | None = None,
                     theme: Theme = DEFAULT) -> Iterator[str]:
    """:func:`compare_dot` in chunks."""
    return iter_panels_dot([G_minimax, G_alphabeta], title=title, legend=legend, rankdir=rankdir, fen=fen,
                           theme=theme)


def panels_dot(graphs: list[nx.DiGraph], *, title: str | None = None, legend: bool = True, rankdir: Rankdir = "TB",
               fen: str | None = None, theme: Theme = DEFAULT) -> str:
    """Any number of searches of one position in one figure, side by side, each titled with its counts."""
    return "".join(iter_panels_dot(graphs, title=title, legend=legend, rankdir=rankdir, fen=fen, theme=theme))


def iter_panels_dot(graphs: list[nx.DiGraph], *, title: str | None = None, legend: bool = True,
                    rankdir: Rankdir = "TB", fen: str | None = None, theme: Theme = DEFAULT,
                    explain: bool = False) -> Iterator[str]:
    """:func:`panels_dot` in chunks; panels are DOT clusters named after their search, in the order given."""
    kinds = [kind_of(G) for G in graphs]
    heading = figure_heading(graphs, fen or graphs[0].graph.get("root_fen", ""), title, kinds)
    scale = heading_scale(sum(estimated_width(G, rankdir) for G in graphs))
    yield (f"digraph compare {{\n{graph_attributes(rankdir, theme)}\n"
           f"  label=<{_heading_table(heading, list(graphs) if legend else [], scale, theme, explain)}>;\n")
    used: set[str] = set()
    for k, (G, kind) in enumerate(zip(graphs, kinds, strict=True)):
        name = kind.key
        if name in used:
            name = f"{name}_{k}"
        used.add(name)
        prefix = kind.panel_prefix if kind.panel_prefix is not None and name == kind.algorithm else f"p{k}_"
        title_points = round(16 * scale)  # all the same size: the counts are what the reader compares
        yield (f"  subgraph cluster_{name} {{\n"
               f'    label=<<B>{escape(kind.cluster_title(G))}</B>>; labelloc=t; fontsize={title_points}; '
               f'style="rounded"; color="#bbbbbb"; margin=12;\n')
        yield from kind.statements(G, prefix=prefix, indent="    ", theme=theme, explain=explain)
        yield "  }\n"
    yield "}\n"


def figure_heading(graphs: Sequence[nx.DiGraph], fen: str | None, title: str | None = None,
                   kinds: Sequence[TreeKind] | None = None) -> str:
    """The heading of a figure of these graphs: ``title`` when given, a single graph's own title, ``Minimax and
    alpha-beta search trees of FEN`` for the classic pair, else the searches' names (:func:`panels_heading`).
    ``fen``: the position as the user wrote it (None: a single graph's root FEN)."""
    if title is not None:
        return title
    kinds = list(kinds) if kinds is not None else [kind_of(G) for G in graphs]
    if len(graphs) == 1:
        return kinds[0].title(graphs[0], fen)
    fen = fen or ""
    if orders_compared(graphs):
        return orders_heading(graphs, fen, kinds[0])
    if len(graphs) == 2 and all(not k.long_legend for k in kinds):
        return compare_title(fen, graphs[0])
    return panels_heading(graphs, fen)


def orders_heading(graphs: Sequence[nx.DiGraph], fen: str, kind: TreeKind) -> str:
    """``Alpha-beta trees of [[3,12,8],...] under the best and worst move orders`` and, for a uniform tree, a
    second line with the Knuth-Moore minimum: ``fewest leaves any order examines (Knuth-Moore, b = 3, d = 2):
    3^1 + 3^1 - 1 = 5``."""
    orders = [str(G.graph.get("order")) for G in graphs]
    joined = ", ".join(orders[:-1]) + " and " + orders[-1]
    text = f"{kind.name} trees of {fen} under the {joined} move orders"
    minimum = graphs[0].graph.get("knuth_moore")
    if minimum and kind.cuts:
        b, d = minimum["branching"], minimum["depth"]
        text += (f"\nKnuth\u2013Moore minimum for a uniform tree of branching {b} and depth {d}: "
                 f"{b}{_superscript((d + 1) // 2)} + {b}{_superscript(d // 2)} \u2212 1 = {minimum['leaves']:,} "
                 "leaves")
    return text


def _superscript(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"))


def panel_name(G: nx.DiGraph) -> str:
    """The cluster name of a graph's panel: its kind's key (``alphabeta``, ``minimax_symmetry``)."""
    return kind_of(G).key


def panels_heading(graphs: Sequence[nx.DiGraph], fen: str) -> str:
    """``Minimax, alpha-beta and MCTS search trees of x21o11xo o``."""
    kinds = [kind_of(G) for G in graphs]
    names = [k.name for k in kinds]
    names = [names[0]] + [n if n[:2].isupper() else n.lower() for n in names[1:]]  # MCTS, MTD(f) keep theirs
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    noun = "graphs" if any(k.noun == "graphs" for k in kinds) else "trees"
    return f"{joined} search {noun} of {fen}"


def graph_statements(G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT) -> Iterator[str]:
    """DOT statements of one search graph, whatever its kind (:meth:`treeviz.draw.kinds.TreeKind.statements`)."""
    return kind_of(G).statements(G, prefix=prefix, indent=indent, theme=theme)


def tree_title(G: nx.DiGraph, fen: str | None = None) -> str:
    """``Minimax tree of 1o11o1oxx x: 49 nodes, value 0 (draw)``: the heading of a figure of ``G`` alone."""
    return kind_of(G).title(G, fen)


def compare_title(fen: str, G: nx.DiGraph | None = None) -> str:
    """``Minimax and alpha-beta search trees of x21o11xo o`` (and the path of a subtree)."""
    text = f"Minimax and alpha-beta search trees of {fen}"
    if G is not None and G.graph.get("path"):
        text += f" after {' '.join(str(m) for m in G.graph['path'])}"
    return text


def cluster_title(G: nx.DiGraph) -> str:
    """``Minimax: 238 nodes`` -- what a comparison figure puts over each tree."""
    return kind_of(G).cluster_title(G)


NODE_WIDTH_POINTS = 50
"""About how wide a drawn leaf is (board, padding, gap): enough to guess a figure's width before layout."""


def estimated_width(G: nx.DiGraph, rankdir: Rankdir = "TB") -> float:
    """A guess of the laid-out width in points, from the number of leaves (stubs and cut boxes included)."""
    if rankdir != "TB":
        return 0.0
    pending = getattr(G, "pending", None)
    plan = pending() if pending is not None else None
    if plan is not None:  # a graph not made yet: counted from its plan
        return plan.leaves() * NODE_WIDTH_POINTS
    succ = succ_dict(G)
    leaves = len(succ) - sum(map(bool, succ.values()))
    if G.graph.get("hidden") or G.graph.get("marked") or G.graph.get("hidden") is None:
        # Nodes with children and nodes below not drawn: one more box each.
        leaves += sum(1 for n, d in node_dict(G).items() if succ[n] and d.get("hidden"))
    return leaves * NODE_WIDTH_POINTS


def heading_scale(width: float) -> float:
    """How much bigger than normal the heading and legend are drawn, so that a very wide figure shrunk to a
    page still has a readable title, legend and node counts."""
    return max(1.0, min(12.0, width / 1500))


def _heading_table(heading: str, trees: list[nx.DiGraph], scale: float = 1.0, theme: Theme = DEFAULT,
                   explain: bool = False) -> str:
    lines = "<BR/>".join(escape(line) for line in heading.split("\n"))
    rows = [f'<TR><TD><FONT POINT-SIZE="{round(18 * scale)}"><B>{lines}</B></FONT></TD></TR>']
    if trees:
        rows.append(f"<TR><TD>{legend_table(trees, scale, theme, explain)}</TD></TR>")
    return '<TABLE BORDER="0" CELLSPACING="2" CELLPADDING="2">' + "".join(rows) + "</TABLE>"


def legend_table(trees: list[nx.DiGraph], scale: float = 1.0, theme: Theme = DEFAULT, explain: bool = False) -> str:
    """The key to the figure: who moves (colours), the principal variation, and what the figure's extras mean."""
    kinds = [kind_of(G) for G in trees]
    if any(k.long_legend for k in kinds):
        from treeviz.draw.legend_lines import legend_lines  # their keys are longer: lines of words, wrapped
        return legend_lines(trees, scale, theme)
    alphabeta = any(k.cuts for k in kinds)
    players = adapter_named(trees[0].graph.get("game")).sides.names
    hidden = any(G.graph.get("hidden") for G in trees)
    marks = any(G.graph.get("marked") for G in trees)
    small = round(9 * scale)

    def text(words: str) -> str:
        return f'<TD ALIGN="LEFT"><FONT POINT-SIZE="{round(11 * scale)}">{escape(words)}</FONT></TD>'

    def swatch(side: int) -> str:
        rounded = ' STYLE="ROUNDED"' if theme is not DEFAULT and theme.rounded[side] else ""
        return (f'<TD BORDER="{max(1, round(scale))}"{rounded} COLOR="{theme.side_border[side]}" '
                f'BGCOLOR="{theme.side_fill[side]}" WIDTH="{round(18 * scale)}" HEIGHT="{round(12 * scale)}"> </TD>')

    cells = [swatch(0), text(f"{players[0]} to move"), swatch(1), text(f"{players[1]} to move")]
    if any(G.graph.get("chance") for G in trees):
        cells += [swatch(CHANCE_SIDE), text(CHANCE_WORDS)]
    cells += [
        f'<TD><FONT COLOR="{theme.pv}" POINT-SIZE="{round(11 * scale)}"><B>\u2501\u2501\u2501</B></FONT></TD>',
        text("principal variation (best play)"),
        text(f"values from {players[0]}'s point of view"),
    ]
    if alphabeta:
        cuts = ([(labels.BETA, "beta")] if theme.cut_dash["beta"] == theme.cut_dash["alpha"]
                else [(labels.BETA, "beta"), (labels.ALPHA, "alpha")])
        for letter, kind in cuts:
            cells.append(f'<TD BORDER="1" STYLE="{theme.cut_dash[kind]}" COLOR="{theme.pruned}"><FONT '
                         f'COLOR="{theme.pruned}" POINT-SIZE="{small}">{letter}-cut</FONT></TD>')
        cells += [
            text("move pruned by alpha-beta"),
            text(EXPLAIN_WORDS if explain else f"#n [{labels.ALPHA}, {labels.BETA}]: visit order, window at entry"),
        ]
    elif explain:
        cells.append(text("#n: visit order"))
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
