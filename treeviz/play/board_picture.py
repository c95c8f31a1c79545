"""The picture of the position being played: ``g.dot`` and ``g.png``, drawn with Graphviz.

One node whose HTML-like label is the shared board drawing of
:mod:`treeviz.draw.labels` (the same boards as in the tree figures, drawn bigger),
with a caption saying whose turn it is or who won. Files are replaced
atomically so a browser reloading ``refresh.html`` never sees half a picture.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from treeviz.draw.labels import escape, tictactoe_board, ultimate_board_label
from treeviz.files import write_atomically

DOT_NAME = "g.dot"
PNG_NAME = "g.png"

ULTIMATE_CELL_SIZE = 30
TICTACTOE_CELL_SIZE = 64
STONE_POINTS = 22
"""Point size of the ultimate stones: fits a 30-point cell."""


def board_label(game: Any, state: Any, last: Any | None = None) -> str:
    """The board as the inside of an HTML-like label, for either game.

    ``last`` is the last move for tic-tac-toe (its states do not record it);
    ultimate states know their last move.
    """
    if game.name == "ultimate":
        # The stones' font for the whole grid (an inner font set by the label itself takes precedence).
        board = ultimate_board_label(state, game=game, cell_size=ULTIMATE_CELL_SIZE)
        return f'<FONT FACE="Helvetica-Bold" POINT-SIZE="{STONE_POINTS}">{board}</FONT>'

    return tictactoe_board(game.cells(state), last, TICTACTOE_CELL_SIZE)


def board_dot(game: Any, state: Any, *, last: Any | None = None, caption: str = "") -> str:
    """A DOT graph with the board as one node and ``caption`` underneath."""
    label = board_label(game, state, last)
    lines = [
        "digraph g {",
        '  graph [bgcolor="white", pad="0.25", fontname="Helvetica", fontsize="18", labelloc="b", '
        f'label="{_dot_string(caption)}"];',
        '  node [shape="plain", fontname="Helvetica"];',
        f"  board [label=<{label}>];",
        "}",
    ]
    return "\n".join(lines) + "\n"


def write_board_picture(folder: str | Path, game: Any, state: Any, *, last: Any | None = None,
                        caption: str = "", png: bool = True) -> None:
    """Write ``g.dot`` and, unless ``png`` is false, ``g.png`` into ``folder`` (both atomically)."""
    from treeviz.draw.graphviz import render

    folder = Path(folder)
    dot = board_dot(game, state, last=last, caption=caption)
    if png:
        picture = render(dot, "png")
        write_atomically(folder / PNG_NAME, picture)
    write_atomically(folder / DOT_NAME, dot)


def _dot_string(text: str) -> str:
    """Text inside a double-quoted DOT string."""
    return escape(text).replace("\\", "\\\\").replace("\n", "\\n")
