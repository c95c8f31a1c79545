"""DOT building blocks every kind of tree writes its statements with: the figure's graph defaults, the boxes
standing for nodes not drawn, pruned moves' stubs, the principal variation's edges, counts in words.

Once here, used by :mod:`treeviz.draw.search_dot`, :mod:`treeviz.draw.mcts_dot` and
:mod:`treeviz.draw.dag_dot` (the kinds' own statements) and by :mod:`treeviz.draw.dot_writer`
(the one writer that puts them in a figure).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, Literal, get_args

from treeviz.draw.labels import escape
from treeviz.draw.page_size import PAD_INCHES
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.games.adapter import GameAdapter

FONT = "Helvetica,Arial,sans-serif"
Rankdir = Literal["TB", "LR"]
RANKDIRS: tuple[Rankdir, ...] = get_args(Rankdir)
"""Which way a tree grows: top to bottom, or left to right."""
CHANCE_WORDS = "chance (probabilities on its branches)"
"""The key's words for a chance node, in every style."""


def graph_attributes(rankdir: Rankdir, theme: Theme = DEFAULT) -> str:
    """The figure's graph, node and edge defaults (three DOT lines)."""
    return (f'  graph [rankdir={rankdir}, ordering=out, nodesep=0.12, ranksep=0.32, fontname="{FONT}", '
            f'fontsize=13, labelloc=t, bgcolor=white, pad={PAD_INCHES}];\n'
            f'  node [shape=plain, fontname="{FONT}", fontsize=10];\n'
            f'  edge [fontname="{FONT}", fontsize=10, arrowsize=0.5, color="{theme.edge}"];')


def hidden_style(theme: Theme) -> str:
    """DOT attributes of a box standing for nodes not drawn."""
    return (f'style="dotted,rounded,filled", fillcolor="{theme.hidden_fill}", color="{theme.hidden}", '
            f'fontcolor="{theme.hidden}", penwidth=1.5, fontsize=9, shape=box, margin="0.04,0.02", width=0, height=0')


def hidden_box(indent: str, prefix: str, node: Hashable, text: str, style: str, theme: Theme) -> tuple[str, str]:
    """The box for the nodes not drawn under ``node`` (``style`` from :func:`hidden_style`), and its dotted edge."""
    return (f'{indent}{prefix}h{node} [label="{text}", {style}, class="hidden"];',
            f'{indent}{prefix}{node} -> {prefix}h{node} [style=dotted, penwidth=1.5, color="{theme.hidden}"];')


def stub_style(dash: str, theme: Theme) -> str:
    """DOT attributes of a pruned move's stub, its border ``dashed`` or ``dotted``."""
    return (f'style="{dash},rounded,filled", fillcolor="{theme.pruned_fill}", color="{theme.pruned}", '
            f'fontcolor="{theme.pruned_ink}", fontsize=10, shape=box, margin="0.06,0.03", width=0, height=0')


def pruned_edge_tail(text: str, dash: str, theme: Theme) -> str:
    """The attributes (and ``;``) of an edge to a pruned move, its label already escaped."""
    return f' [label="{text}", style={dash}, color="{theme.pruned}", fontcolor="{theme.pruned}"];'


def best_edge_tail(text: str, theme: Theme, width: float = 3, arrow: float = 0.7) -> str:
    """The attributes of an edge on the principal variation (bold, thick, in its colour)."""
    return (f' [label=<<B>{text}</B>>, penwidth={width}, color="{theme.pv}", fontcolor="{theme.pv}", '
            f'arrowsize={arrow}];')


def edge_text(e: dict[str, Any], adapter: GameAdapter | None = None) -> str:
    """An edge's label as drawn (its move's name, and below a chance node its probability as ``adapter`` writes
    it), escaped."""
    label = str(e.get("label", e.get("move")))
    probability = e.get("probability")
    return escape(label if probability is None or adapter is None else adapter.edge_text(label, probability))


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 node``, ``2,345 nodes``."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def in_order(ids: Iterable[Any]) -> list[Any]:
    """Node ids ascending (builders number nodes in visit or creation order); as given if not comparable."""
    ids = list(ids)
    try:
        return sorted(ids)  # in order already, as builders make them: one pass
    except TypeError:
        return ids


def sorted_children(children: Any) -> list[Any]:
    """A node's children by id (visit order), or as stored when ids do not compare."""
    try:
        return sorted(children)
    except TypeError:
        return list(children)
