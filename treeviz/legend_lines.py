"""The key of figures with MCTS or DAG panels: lines of words, each led by a coloured mark.

Their keys say more than a minimax figure's (visits, means, UCB, merged nodes,
canonical boards), so instead of one long row of swatches they are written as
left-aligned lines of about :data:`LINE_CHARACTERS` characters; a small figure
is then not as wide as its legend.
"""

from __future__ import annotations

import networkx as nx

from treeviz import labels
from treeviz.labels import HIDDEN_COLOUR, PRUNED_COLOUR, PV_COLOUR, SIDE_BORDER, escape

LINE_CHARACTERS = 80
"""About how many characters of the key go on one line."""
SQUARE = "\u25a0"
LINE = "\u2501\u2501"
GAP = "\u2003\u2003"
"""Between two entries on a line: two em spaces."""


def legend_lines(trees: list[nx.DiGraph], scale: float = 1.0) -> str:
    """The key as an HTML-like label table: one cell, left-aligned lines."""
    from treeviz.dag_dot import legend_words as dag_words
    from treeviz.mcts_dot import legend_words as mcts_words

    mcts = [G for G in trees if G.graph.get("algorithm") == "mcts"]
    searched = [G for G in trees if G.graph.get("algorithm") != "mcts"]
    points = round(11 * scale)
    entries: list[tuple[str, str, str]] = [
        (SQUARE, SIDE_BORDER["x"], "x to move"),
        (SQUARE, SIDE_BORDER["o"], "o to move"),
    ]
    if searched and mcts:
        entries.append((LINE, PV_COLOUR, "principal variation (best play); MCTS: most-visited line"))
    elif mcts:
        entries.append((LINE, PV_COLOUR, "most-visited line (the search's answer)"))
    else:
        entries.append((LINE, PV_COLOUR, "principal variation (best play)"))
    entries.append(("", "", "values from x's point of view"))
    if any(G.graph.get("algorithm") == "alphabeta" for G in trees):
        entries.append((f"{labels.BETA}-cut", PRUNED_COLOUR, "(dashed, grey): move pruned by alpha-beta"))
        if not any(G.graph.get("merge") for G in searched):
            entries.append(("", "", f"#n [{labels.ALPHA}, {labels.BETA}]: visit order, window at entry"))
    if mcts:
        entries += [("", "", words) for words in mcts_words(mcts)]
    entries += [("", "", words) for words in dag_words(trees)]
    if any(G.graph.get("hidden") for G in trees):
        entries.append((labels.ELLIPSIS, HIDDEN_COLOUR, "nodes left out (--max-nodes)"))

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
