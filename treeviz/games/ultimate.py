"""Ultimate tic-tac-toe as treeviz draws it: 9x9 boards with the sub-boards' borders, won sub-boards closed
with the winner's letter, the sub-boards the side to move may play in framed, the last move tinted; moves
written ``<sub><cell>`` (``55``); the bot's evaluation for depth-limited trees (the whole tree is far too big)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.game import PLAYER_NAMES
from engine.search.minimax import Evaluation
from engine.search.scoring import Scoring
from treeviz.draw.labels import stone_points
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.games.adapter import GameAdapter, Picture

if TYPE_CHECKING:
    from engine.games.ultimate import Ultimate
from treeviz.games.tictactoe import CENTRE_FIRST_RANK, STONES

LIVE_CELL_SIZE = 30
"""Cell size of the board of a game being played (``g.png``)."""
LIVE_STONE_POINTS = 22
"""Point size of the stones of the live board: fits a 30-point cell."""


def ultimate_board_label(
    state: Any,
    *,
    game: Ultimate | None = None,
    cell_size: int = 12,
    show_playable: bool = True,
    show_last: bool = True,
    theme: Theme = DEFAULT,
) -> str:
    """A 9x9 ultimate board: sub-board borders, won sub-boards marked, playable ones and the last move highlighted.

    Reused by the live-game picture (``g.png``) with a bigger ``cell_size``;
    wrap it as ``label=<...>`` on a ``shape=plain`` node.
    """
    if game is None:
        from engine.games.ultimate import ULTIMATE

        game = ULTIMATE
    cells = game.cells(state)
    last = game.last_move(state) if show_last else None
    playable = set(game.playable_subs(state)) if show_playable and game.outcome(state) is None else set()
    statuses = tuple(game.sub_status(state, sub) for sub in range(1, 10))
    return _ultimate_board(cells, last, tuple(sorted(playable)), statuses, cell_size, theme)


@lru_cache(maxsize=16384)
def _ultimate_board(cells: str, last: int | None, playable: tuple[int, ...], statuses: tuple[str | None, ...],
                    cell_size: int, theme: Theme = DEFAULT) -> str:
    big = []
    for big_row in range(3):
        subs = []
        for big_col in range(3):
            sub = big_row * 3 + big_col + 1
            subs.append(_sub_board(cells[(sub - 1) * 9:sub * 9], sub, last, sub in playable,
                                   statuses[sub - 1], cell_size, theme))
        big.append("<TR>" + "".join(subs) + "</TR>")
    return ('<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="1" CELLPADDING="0" COLOR="#202020" BGCOLOR="#202020">'
            + "".join(big) + "</TABLE>")


def _sub_board(cells: str, sub: int, last: int | None, playable: bool, status: str | None, cell_size: int,
               theme: Theme = DEFAULT) -> str:
    side = cell_size * 3 + 2
    winner = STONES.find(status) if status else -1
    if winner >= 0:
        # A won sub-board is closed: one big letter in the winner's colour.
        fill = theme.side_fill[winner]
        return (f'<TD WIDTH="{side}" HEIGHT="{side}" BGCOLOR="{fill}">'
                f'<FONT POINT-SIZE="{stone_points(side)}" COLOR="{theme.stone_ink[winner]}"><B>{status}</B></FONT>'
                '</TD>')
    background = theme.draw_fill if status == "draw" else theme.playable_fill if playable else "white"
    points = stone_points(cell_size)
    rows = []
    for r in range(3):
        tds = []
        for c in range(3):
            i = r * 3 + c
            ch = cells[i]
            player = STONES.find(ch)
            is_last = last == sub * 10 + i + 1
            bg = f' BGCOLOR="{theme.last_move_fill}"' if is_last else ""
            text = (f'<FONT COLOR="{theme.stone_ink[player]}" POINT-SIZE="{points}">{ch}</FONT>'
                    if player >= 0 else "")
            tds.append(f'<TD WIDTH="{cell_size}" HEIGHT="{cell_size}"{bg}>{text}</TD>')
        rows.append("<TR>" + "".join(tds) + "</TR>")
    # One COLOR per table (Graphviz rejects a duplicate): a playable sub-board's grid is drawn gold.
    border = f' BORDER="2" COLOR="{theme.playable}"' if playable else ' BORDER="0" COLOR="#b0b0b0"'
    inner = (f'<TABLE{border} CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" BGCOLOR="{background}">'
             + "".join(rows) + "</TABLE>")
    return f'<TD BGCOLOR="{background}">{inner}</TD>'


class UltimateAdapter(GameAdapter):
    """Ultimate tic-tac-toe: players x and o; a FEN of three fields (board, last move, side: ``999999999 00 x``)."""

    game: Ultimate

    players = PLAYER_NAMES
    needs_depth = True
    steady_branching = True
    position_noun = "an ultimate position"

    keys_are_states = True  # one state per position: DAGs merge by the state, without writing its text

    @property
    def title(self) -> str:
        return "ultimate tic-tac-toe"

    def position_words(self, fen: str) -> str:
        """The FEN alone: it says which game it is."""
        return fen

    def recognises(self, position: str) -> bool:
        """Three space-separated fields."""
        return len(position.split(" ")) == 3

    def picture_maker(self, theme: Theme = DEFAULT) -> Picture:
        """Boards from the FEN, which carries the last move (part of the position: it says where to play)."""
        game = self.game

        def board(fen: str, last: Any) -> str:
            return ultimate_board_label(game.parse_fen(fen), game=game, theme=theme)

        return board

    def live_picture(self, state: Hashable, last: Any = None) -> str:
        """The board of a game being played, drawn big."""
        # The stones' font for the whole grid (an inner font set by the label itself takes precedence).
        board = ultimate_board_label(state, game=self.game, cell_size=LIVE_CELL_SIZE)
        return f'<FONT FACE="Helvetica-Bold" POINT-SIZE="{LIVE_STONE_POINTS}">{board}</FONT>'

    def page_board(self) -> dict[str, Any]:
        return {"kind": "grid", "title": self.title, "players": list(self.sides.names), "size": 9, "block": 3,
                "stones": STONES, "moves": "sub-cell"}

    def evaluation(self) -> tuple[Evaluation, Scoring]:
        from engine.evaluation import ultimate as ultimate_eval

        return ultimate_eval.evaluate, ultimate_eval.scoring

    def centre_first(self) -> Callable[[Hashable], Any]:
        """By the cell inside its sub-board, then by the sub-board."""
        rank = CENTRE_FIRST_RANK

        def key(m: Any) -> tuple[int, int, int]:
            return rank[m % 10 - 1], rank[m // 10 - 1], m

        return key


def adapter() -> UltimateAdapter:
    """The ultimate adapter, over the engine's game."""
    from engine.games.ultimate import ULTIMATE

    return UltimateAdapter(ULTIMATE)
