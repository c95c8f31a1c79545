"""Boards drawn as plain text for the terminal: the 3x3 board and the ultimate board.

Pure functions from a state to lines of ASCII (no colours, no cursor tricks), so
the same drawing works in any terminal, in a pipe, in a test and in the live
page. Every rule question (who won a sub-board, where the side to move must
play) is asked of the game object; nothing here knows the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.games.ultimate import Ultimate

SUB_LETTERS = "abcdefghi"
"""Sub-board ``n`` (1-9) is also written with the letter ``SUB_LETTERS[n - 1]``."""

BIG_BOARD_MARKS = {"x": "x", "o": "o", "draw": "-", None: "."}
"""How the big board shows a sub-board: won by x or o, full with no line, still open."""


def _cell_text(stone: str, number: int, *, last: bool, show_number: bool, closed: bool) -> str:
    """A cell as three characters: ``[x]`` for the last move, `` 5 `` for a cell one may type."""
    if stone in ("x", "o"):
        return f"[{stone}]" if last else f" {stone} "
    if closed:
        return "   "
    return f" {number} " if show_number else " . "


# -- tic-tac-toe --------------------------------------------------------------------------

def tictactoe_board_lines(cells: str, last: int | None = None, *, numbers: bool = True) -> list[str]:
    """The 3x3 board from its 9 cells (``x``/``o``/``.``, reading order).

    ``last`` (0-8) is drawn ``[x]``; empty cells show the number (1-9) a player
    types to play there, or ``.`` when ``numbers`` is false.
    """
    rows = []
    for r in range(3):
        row = [
            _cell_text(cells[i], i + 1, last=i == last, show_number=numbers, closed=False)
            for i in range(r * 3, r * 3 + 3)
        ]
        rows.append("|".join(row))
    return [rows[0], "---+---+---", rows[1], "---+---+---", rows[2]]


# -- ultimate ------------------------------------------------------------------------------

def sub_board_name(sub: int) -> str:
    """``5 (e)``: a sub-board by number and letter, the two ways moves may name it."""
    return f"{sub} ({SUB_LETTERS[sub - 1]})"


def big_board_lines(game: Ultimate, state: Any) -> list[str]:
    """The big board: who won which sub-board (``x``, ``o``, ``-`` full with no line, ``.`` open)."""
    marks = [BIG_BOARD_MARKS[game.sub_status(state, sub)] for sub in range(1, 10)]
    border = "+---+---+---+"
    lines = [border]
    for r in range(3):
        lines.append("| " + " | ".join(marks[r * 3:r * 3 + 3]) + " |")
        lines.append(border)
    return lines


def _band_border(band: int, playable: set[int]) -> str:
    """The border line above a band of three sub-boards, naming them: ``+-- 1 a --+>> 2 b <<+``."""
    parts = []
    for sub in range(band * 3 + 1, band * 3 + 4):
        letter = SUB_LETTERS[sub - 1]
        parts.append(f">> {sub} {letter} <<" if sub in playable else f"-- {sub} {letter} --")
    return "+" + "+".join(parts) + "+"


def sub_boards_lines(game: Ultimate, state: Any) -> list[str]:
    """The nine sub-boards in detail, each border naming its sub-board.

    The sub-boards the side to move may play in are marked ``>> n <<`` and show
    their free cells' numbers; closed sub-boards (won or full) show no free
    cells; the last move is drawn ``[x]``.
    """
    cells = game.cells(state)
    last = game.last_move(state)
    over = game.outcome(state) is not None
    playable = set() if over else set(game.playable_subs(state))
    closed = {sub for sub in range(1, 10) if game.sub_status(state, sub) is not None}
    lines = []
    for band in range(3):
        lines.append(_band_border(band, playable))
        for row in range(3):
            pieces = []
            for sub in range(band * 3 + 1, band * 3 + 4):
                texts = []
                for col in range(3):
                    cell = row * 3 + col + 1
                    texts.append(_cell_text(
                        cells[(sub - 1) * 9 + cell - 1], cell,
                        last=last == sub * 10 + cell, show_number=sub in playable, closed=sub in closed,
                    ))
                pieces.append("".join(texts))
            lines.append("|" + "|".join(pieces) + "|")
    lines.append("+" + "+".join(["-" * 9] * 3) + "+")
    return lines


def ultimate_board_lines(game: Ultimate, state: Any) -> list[str]:
    """The nine sub-boards in detail with the big board beside them, for an 80-column terminal."""
    detail = sub_boards_lines(game, state)
    side = ["big board", *big_board_lines(game, state), "", "x/o: won", "-: full, no line", ".: open"]
    width = len(detail[0])
    out = []
    for i, line in enumerate(detail):
        extra = side[i] if i < len(side) else ""
        out.append(f"{line:<{width}}    {extra}".rstrip())
    return out


def where_to_play(game: Ultimate, state: Any) -> str:
    """Where the side to move must play, in words (``sub-board 5 (e)`` or a free choice)."""
    forced = game.forced_sub(state)
    if forced is not None:
        return f"must play in sub-board {sub_board_name(forced)}"
    subs = game.playable_subs(state)
    return "free choice: any open sub-board (" + ", ".join(str(s) for s in subs) + ")"
