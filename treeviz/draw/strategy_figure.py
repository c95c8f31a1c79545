"""A strategy tree drawn (:mod:`treeviz.trees.strategy` builds it): its heading, legend, DOT and figure.

The strategy's moves are drawn as the bold edges (where a search tree has its
principal variation), every reply of the opponent as a plain edge.
"""

from __future__ import annotations

from collections.abc import Iterator

import networkx as nx

from treeviz.draw import dot_writer, labels
from treeviz.draw.dot_parts import Rankdir
from treeviz.draw.drawing import FigureOptions, Output, draw
from treeviz.draw.figure import Panel
from treeviz.draw.kinds import STRATEGY, strategy_promise
from treeviz.draw.themes import DEFAULT, Theme


def _for_drawing(G: nx.DiGraph) -> nx.DiGraph:
    """A copy whose bold edges are the strategy's moves (the renderer draws ``best`` edges bold)."""
    H = G.copy()
    side = G.graph["strategy_side"]
    for _, _, d in H.edges(data=True):
        d["best"] = d["chosen"]
        if d["chosen"]:
            d["label"] = f"  {side} {d['label']}"
    for _, d in H.nodes(data=True):
        d["best"] = False
    return H


def _legend(trees: list[nx.DiGraph], theme: Theme = DEFAULT) -> str:
    sides = [G.graph["strategy_side"] for G in trees]
    chooser = " / ".join(sides)
    cells = [
        f'<TD BORDER="1" COLOR="{theme.side_border[0]}" BGCOLOR="{theme.side_fill[0]}" WIDTH="18" '
        'HEIGHT="12"> </TD>', _legend_cell("x to move"),
        f'<TD BORDER="1" COLOR="{theme.side_border[1]}" BGCOLOR="{theme.side_fill[1]}" WIDTH="18" '
        'HEIGHT="12"> </TD>', _legend_cell("o to move"),
        f'<TD><FONT COLOR="{theme.pv}"><B>\u2501\u2501\u2501</B></FONT></TD>',
        _legend_cell(f"the strategy's move ({chooser})"),
        "<TD>\u2192</TD>", _legend_cell("every reply of the opponent"),
        _legend_cell("values from x's point of view (+1 x wins, \u22121 o wins, 0 draw)"),
    ]
    return '<TABLE BORDER="0" CELLSPACING="4" CELLPADDING="2"><TR>' + "".join(cells) + "</TR></TABLE>"


def _legend_cell(text: str) -> str:
    return f'<TD ALIGN="LEFT"><FONT POINT-SIZE="11">{labels.escape(text)}</FONT></TD>'


def _heading(title: str, trees: list[nx.DiGraph], subtitle: str = "", theme: Theme = DEFAULT) -> str:
    below = f'<TR><TD><FONT POINT-SIZE="13">{labels.escape(subtitle)}</FONT></TD></TR>' if subtitle else ""
    return ('  label=<<TABLE BORDER="0" CELLSPACING="2" CELLPADDING="2">'
            f'<TR><TD><FONT POINT-SIZE="18"><B>{labels.escape(title)}</B></FONT></TD></TR>{below}'
            f"<TR><TD>{_legend(trees, theme)}</TD></TR></TABLE>>;")


def _replace_heading(dot: str, heading: str) -> str:
    """Swap the renderer's top-level heading line for ours (it is the first ``  label=<`` line)."""
    lines = dot.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("  label=<"):
            lines[i] = heading
            break
    return "\n".join(lines)


def strategy_heading(trees: list[nx.DiGraph], title: str | None = None) -> tuple[str, str]:
    """The figure's heading and the line under it (the start position and the node count of a single tree)."""
    if len(trees) == 1:
        g = trees[0].graph
        heading = title or f"{g['strategy_side']}'s {g['strategy_kind']} strategy: {strategy_promise(trees[0])}"
        nodes = f"{g['nodes']:,} node{'s' if g['nodes'] != 1 else ''}"
        where = f"from {g.get('subtree_fen') or g['root_fen']}"
        if g.get("path"):
            where += f" (after {' '.join(g['path'])} from {g['root_fen']})"
        return heading, f"{where} ({nodes})"
    if len(trees) != 2:
        raise ValueError("a strategy figure draws one tree or two side by side")
    heading = title or f"Drawing strategies of x and o from {trees[0].graph['root_fen']} (a draw with best play)"
    if trees[0].graph.get("path"):
        heading += f", after {' '.join(trees[0].graph['path'])}"
    return heading, ""


def strategy_dot(trees: list[nx.DiGraph], *, title: str | None = None, rankdir: Rankdir = "TB",
                 theme: Theme = DEFAULT) -> str:
    """DOT text of one strategy tree, or of two side by side (a drawn position's two drawing strategies)."""
    shown = [_for_drawing(G) for G in trees]
    heading, subtitle = strategy_heading(trees, title)
    if len(trees) == 1:
        dot = dot_writer.to_dot(shown[0], title=heading, legend=False, rankdir=rankdir, theme=theme)
        return _replace_heading(dot, _heading(heading, trees, subtitle, theme))
    dot = dot_writer.compare_dot(shown[0], shown[1], title=heading, legend=False, rankdir=rankdir, theme=theme)
    return _replace_heading(dot, _heading(heading, trees, theme=theme))


def strategy_figure(trees: list[nx.DiGraph], fmt: str, options: FigureOptions, *,
                    title: str | None = None) -> Output:
    """The strategy tree(s) in any figure format and style (see :func:`treeviz.draw.drawing.draw`)."""
    shown = [_for_drawing(G) for G in trees]
    heading, subtitle = strategy_heading(trees, title)
    if subtitle:
        heading = f"{heading}, {subtitle}"
    panels = [Panel(shown[0])] if len(trees) == 1 else [Panel(H, STRATEGY.cluster_title(H)) for H in shown]
    chooser = " / ".join(G.graph["strategy_side"] for G in trees)

    def board_dot(theme: Theme, direction: Rankdir) -> Iterator[str]:
        yield strategy_dot(trees, title=title, rankdir=direction, theme=theme)

    return draw(panels, fmt, options, heading=heading, board_dot=board_dot,
                pv_words=f"the strategy's move ({chooser})", legend_notes=["other edges: every reply of the opponent"])
