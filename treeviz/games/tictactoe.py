"""Tic-tac-toe as treeviz draws it: 3x3 boards with the last move tinted and a finished line in the winner's
colour, cells 1-9 on the edges, the centre-first move order, and the evaluation for depth-limited trees."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from engine.game import PLAYER_NAMES
from engine.search.minimax import Evaluation
from engine.search.scoring import Scoring
from treeviz.draw.labels import stone_points
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.games.adapter import GameAdapter, Picture

if TYPE_CHECKING:
    from engine.games.tictactoe import TicTacToe

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
STONES = "xo"
"""The marks of the first and the second player, as cells and FENs write them."""
BOLD_FACE = "Helvetica-Bold"
"""Stones are bold; a face name (not ``<B>``) because the font must wrap a whole table."""
CENTRE_FIRST_RANK = (1, 2, 1, 2, 0, 2, 1, 2, 1)
"""Rank of a cell (0-8) in the centre-first order: centre, then corners, then sides."""
LIVE_CELL_SIZE = 64
"""Cell size of the board of a game being played (``g.png``)."""


def winning_cells(cells: str) -> frozenset[int]:
    """Cells (0-8) of every completed line of a 3x3 board written as 9 ``x``/``o``/``.`` chars."""
    found: set[int] = set()
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            found.update((a, b, c))
    return frozenset(found)


def expand_fen_board(board: str) -> str:
    """A FEN board field (``1o11o1oxx``) as cells ``.o..o.oxx``; digits are runs of empty cells."""
    return "".join("." * int(ch) if ch.isdigit() else ch for ch in board)


@lru_cache(maxsize=65536)
def tictactoe_board(cells: str, last: int | None = None, cell_size: int = 16, theme: Theme = DEFAULT) -> str:
    """A 3x3 grid of ``cells`` (9 chars ``x``/``o``/``.``).

    ``last`` (cell 0-8) is tinted yellow, a finished line in the winner's colour.
    Markup is kept lean (cell sizes are minimums, one font for the grid): the
    full 549,946-node tree repeats it half a million times, and its 16,000 distinct
    boards are put together from cached cells.
    """
    line = winning_cells(cells)
    td = _cells(cell_size, theme)
    rows = []
    for r in (0, 3, 6):
        rows.append("<TR>" + "".join(td[cells[i], 2 if i in line else 1 if i == last else 0]
                                     for i in (r, r + 1, r + 2)) + "</TR>")
    return (f'<FONT FACE="{BOLD_FACE}" POINT-SIZE="{stone_points(cell_size)}">'
            '<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" BGCOLOR="white" COLOR="#404040">'
            + "".join(rows) + "</TABLE></FONT>")


@lru_cache(maxsize=64)
def _cells(cell_size: int, theme: Theme) -> dict[tuple[str, int], str]:
    """Every cell's markup by its mark and its tint (0 none, 1 the last move, 2 a finished line's)."""
    td = f'<TD WIDTH="{cell_size}" HEIGHT="{cell_size}"'
    found = {}
    for ch in ".xo":
        player = STONES.find(ch)
        text = f'<FONT COLOR="{theme.stone_ink[player]}">{ch}</FONT>' if player >= 0 else ""
        for tint in (0, 1, 2):
            fill = (theme.line_fill[player] if player >= 0 else None) if tint == 2 else \
                theme.last_move_fill if tint == 1 else None
            bg = f' BGCOLOR="{fill}"' if fill else ""
            found[ch, tint] = f"{td}{bg}>{text}</TD>"
    return found


class TicTacToeAdapter(GameAdapter):
    """Tic-tac-toe: players x and o, cells 0-8 written 1-9; a FEN of two fields (``1o11o1oxx x``)."""

    game: TicTacToe

    players = PLAYER_NAMES

    keys_are_states = True  # one state per position: DAGs merge by the state, without writing its text

    @property
    def title(self) -> str:
        return "tic-tac-toe"

    def position_words(self, fen: str) -> str:
        """The FEN alone: it says which game it is."""
        return fen

    def recognises(self, position: str) -> bool:
        """Two fields, board and side (the fallback for any FEN: the engine says what is wrong with it)."""
        return True

    def print_picture(self, fen: str) -> str:
        """The board as three rows of ``x``, ``o`` and ``.``."""
        cells = expand_fen_board(fen.split(" ", 1)[0])
        return "\n".join(" ".join(cells[r * 3:r * 3 + 3]) for r in range(3))

    def picture_maker(self, theme: Theme = DEFAULT) -> Picture:
        expand: dict[str, str] = {}

        def board(fen: str, last: Any) -> str:
            cells = expand.get(fen)
            if cells is None:
                cells = expand_fen_board(fen.split(" ", 1)[0])
                expand[fen] = cells
            return tictactoe_board(cells, last, theme=theme)

        return board

    def live_picture(self, state: Hashable, last: Any = None) -> str:
        """The board of a game being played, drawn big (``last``: the cell to tint; states do not record it)."""
        return tictactoe_board(self.game.cells(cast(int, state)), last, LIVE_CELL_SIZE)

    def page_board(self) -> dict[str, Any]:
        return {"kind": "grid", "title": self.title, "players": list(self.sides.names), "size": 3, "block": 3,
                "stones": STONES, "moves": "cell"}

    def evaluation(self) -> tuple[Evaluation, Scoring]:
        from engine.evaluation import tictactoe as tictactoe_eval

        return tictactoe_eval.evaluate, tictactoe_eval.scoring

    def centre_first(self) -> Callable[[Hashable], Any]:
        rank = CENTRE_FIRST_RANK

        def key(m: Any) -> tuple[int, int, int]:
            return rank[m], 0, m

        return key


def adapter() -> TicTacToeAdapter:
    """The tic-tac-toe adapter, over the engine's game."""
    from engine.games.tictactoe import TICTACTOE

    return TicTacToeAdapter(TICTACTOE)
