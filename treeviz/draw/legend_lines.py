"""The key of figures with MCTS or DAG panels: lines of words, each led by a coloured mark.

Their keys say more than a minimax figure's (visits, means, UCB, merged nodes,
canonical boards), so instead of one long row of swatches they are written as
left-aligned lines of about :data:`LINE_CHARACTERS` characters; a small figure
is then not as wide as its legend.
"""

from __future__ import annotations

import networkx as nx

from treeviz.draw import labels
from treeviz.draw.dot_parts import CHANCE_WORDS
from treeviz.draw.kinds import kind_of, legend_words, pv_words
from treeviz.draw.labels import CHANCE_SIDE, escape
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.games.registry import adapter_named

LINE_CHARACTERS = 80
"""About how many characters of the key go on one line."""
SQUARE = "\u25a0"
WHITE_SQUARE = "\u25a1"
LINE = "\u2501\u2501"
GAP = "\u2003\u2003"
"""Between two entries on a line: two em spaces."""


def legend_lines(trees: list[nx.DiGraph], scale: float = 1.0, theme: Theme = DEFAULT) -> str:
    """The key as an HTML-like label table: one cell, left-aligned lines."""
    kinds = [kind_of(G) for G in trees]
    points = round(11 * scale)
    first, second = adapter_named(trees[0].graph.get("game")).sides.names
    if theme.side_border[0] != theme.side_border[1]:
        entries: list[tuple[str, str, str]] = [
            (SQUARE, theme.side_border[0], f"{first} to move"),
            (SQUARE, theme.side_border[1], f"{second} to move"),
        ]
    else:  # told apart by fill and corners, not colour (the print theme)
        entries = [(WHITE_SQUARE, theme.ink, f"{first} to move (square corners)"),
                   (SQUARE, "#9a9a9a", f"{second} to move (round corners)")]
    if any(G.graph.get("chance") for G in trees):
        entries.append((SQUARE, theme.side_border[CHANCE_SIDE], CHANCE_WORDS) if theme.side_border[0] !=
                       theme.side_border[1] else (WHITE_SQUARE, theme.ink, f"{CHANCE_WORDS[:-1]}, round corners)"))
    entries.append((LINE, theme.pv, pv_words(kinds)))
    entries.append(("", "", f"values from {first}'s point of view"))
    if any(k.cuts for k in kinds):
        entries.append((f"{labels.BETA}-cut", theme.pruned, "(dashed, grey): move pruned by alpha-beta"))
        if any(k.windows for k in kinds):
            entries.append(("", "", f"#n [{labels.ALPHA}, {labels.BETA}]: visit order, window at entry"))
    entries += [("", "", words) for words in legend_words(trees)]
    if any(G.graph.get("hidden") for G in trees):
        entries.append((labels.ELLIPSIS, theme.hidden, "nodes left out (--max-nodes)"))

    lines: list[list[str]] = [[]]
    width = 0
    for mark, colour, words in entries:
        chars = len(mark) + len(words) + 3
        if lines[-1] and width + chars > LINE_CHARACTERS:
            lines.append([])
            width = 0
        text = escape(words)
        if mark:
            text = f'<FONT COLOR="{colour}"><B>{escape(mark)}</B></FONT> {text}'
        lines[-1].append(text)
        width += chars
    body = '<BR ALIGN="LEFT"/>'.join(GAP.join(line) for line in lines)
    return (f'<TABLE BORDER="0" CELLPADDING="2"><TR><TD ALIGN="LEFT" BALIGN="LEFT">'
            f'<FONT POINT-SIZE="{points}">{body}</FONT><BR ALIGN="LEFT"/></TD></TR></TABLE>')
