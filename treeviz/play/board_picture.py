"""The picture of the position being played: ``g.dot`` and ``g.png``, drawn with Graphviz.

One node whose HTML-like label is the game adapter's picture (:mod:`treeviz.games`: the same boards as in the
tree figures, drawn bigger),
with a caption saying whose turn it is or who won. Files are replaced
atomically so a browser reloading ``refresh.html`` never sees half a picture.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.game import Game
from treeviz.draw.labels import escape
from treeviz.files import write_atomically
from treeviz.games.registry import adapter_for

DOT_NAME = "g.dot"
PNG_NAME = "g.png"

def board_label(game: Game, state: Any, last: Any | None = None) -> str:
    """The board as the inside of an HTML-like label: the game adapter's picture of a game being played.

    ``last`` is the last move, for games whose states do not record it.
    """
    return adapter_for(game).live_picture(state, last)


def board_dot(game: Game, state: Any, *, last: Any | None = None, caption: str = "") -> str:
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


def write_board_picture(folder: str | Path, game: Game, state: Any, *, last: Any | None = None,
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
