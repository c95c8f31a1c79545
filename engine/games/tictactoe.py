"""Tic-tac-toe on a 3x3 board: bitboard states, rules and FEN.

A state is one ``int``: bits 0-8 are x's cells, bits 9-17 o's cells, bit 18 is
set when o is to move. Cells are numbered 0-8 in reading order. Move generation
and win detection are table lookups over the 512 possible 9-bit masks, and the
successors of a state are computed once and cached (there are only a few
thousand reachable states), so search spends its time searching.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.errors import FenError, IllegalMoveError
from engine.games.position_graph import PositionGraph
from engine.sides import DRAW, O_WINS, PLAYER_NAMES, X_WINS, O, Outcome, Player, X

Cell = int
"""A cell index 0-8, reading order."""
Bitboard = int
"""A 9-bit mask of cells."""

FULL: Bitboard = 0x1FF
O_SHIFT = 9
SIDE_BIT = 1 << 18

LINES: tuple[tuple[Cell, Cell, Cell], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)
LINE_MASKS: tuple[Bitboard, ...] = tuple(sum(1 << c for c in line) for line in LINES)
CELL_BITS: tuple[Bitboard, ...] = tuple(1 << c for c in range(9))

HAS_LINE: tuple[bool, ...] = tuple(any(m & lm == lm for lm in LINE_MASKS) for m in range(512))
"""``HAS_LINE[mask]`` is true when the cells of ``mask`` contain three in a row."""


def completing_cells(mine: Bitboard, theirs: Bitboard) -> Bitboard:
    """The cells (a mask) each of which, taken by ``mine``, completes a line of ``mine`` free of ``theirs``:
    where a player wins at once (a sub-board's cells, or the big board's sub-boards in ultimate)."""
    cells = 0
    for line in LINE_MASKS:
        rest = line & ~mine
        if rest.bit_count() == 1 and not rest & theirs:
            cells |= rest
    return cells


EMPTY_CELLS: tuple[tuple[Cell, ...], ...] = tuple(
    tuple(c for c in range(9) if not occ >> c & 1) for occ in range(512)
)
"""``EMPTY_CELLS[occupied]``: the free cells, ascending."""

_BOARD_CHARS = frozenset("xo123456789")


def _well_formed(fen: str) -> bool:
    """``fen`` reads ``[xo1-9]+ [xo]`` (checked by hand: no regular expression to import)."""
    board, space, side = fen.rpartition(" ")
    return bool(space) and bool(board) and _BOARD_CHARS.issuperset(board) and side in ("x", "o")


def _x(state: int) -> Bitboard:
    return state & FULL


def _o(state: int) -> Bitboard:
    return state >> O_SHIFT & FULL


class _SuccessorTable(dict[int, tuple[tuple[Cell, int], ...]]):
    """state -> ((cell, child), ...), filled on first use."""

    def __missing__(self, state: int) -> tuple[tuple[Cell, int], ...]:
        x, o = state & FULL, state >> O_SHIFT & FULL
        if HAS_LINE[x] or HAS_LINE[o]:
            result: tuple[tuple[Cell, int], ...] = ()
        elif state & SIDE_BIT:
            result = tuple((c, (state | CELL_BITS[c] << O_SHIFT) ^ SIDE_BIT) for c in EMPTY_CELLS[x | o])
        else:
            result = tuple((c, state | CELL_BITS[c] | SIDE_BIT) for c in EMPTY_CELLS[x | o])
        self[state] = result
        return result


class _MovesTable(dict[int, tuple[Cell, ...]]):
    """state -> legal cells (ascending), filled on first use from the successor table."""

    def __init__(self, successors: _SuccessorTable) -> None:
        super().__init__()
        self._successors = successors

    def __missing__(self, state: int) -> tuple[Cell, ...]:
        result = tuple(c for c, _ in self._successors[state])
        self[state] = result
        return result


class _OutcomeTable(dict[int, Outcome | None]):
    """state -> +1/0/-1 for finished games, None otherwise, filled on first use."""

    def __missing__(self, state: int) -> Outcome | None:
        x, o = state & FULL, state >> O_SHIFT & FULL
        if HAS_LINE[x]:
            result: Outcome | None = X_WINS
        elif HAS_LINE[o]:
            result = O_WINS
        elif x | o == FULL:
            result = DRAW
        else:
            result = None
        self[state] = result
        return result


class TicTacToe:
    """The 3x3 game behind the :class:`engine.game.Game` protocol."""

    name = "tictactoe"
    player_names = PLAYER_NAMES
    alternating = True
    """x and o take turns and nothing is left to chance: searches need not ask who moves at each node."""
    outcome_range = (-1, 1)

    successors: Callable[[int], tuple[tuple[Cell, int], ...]]
    """``(cell, child)`` for each free cell, ascending; empty when the game is over."""
    legal_moves: Callable[[int], tuple[Cell, ...]]
    """Free cells, ascending; empty when the game is over."""
    outcome: Callable[[int], Outcome | None]
    """+1/0/-1 for a finished game, None while it goes on."""
    position_graph: PositionGraph
    """Every position numbered (a few thousand): what the unobserved textbook searches walk."""

    def __init__(self) -> None:
        self._successors = _SuccessorTable()
        self._moves = _MovesTable(self._successors)
        self._outcomes = _OutcomeTable()
        # Bound lookups: search code takes these as plain callables.
        self.successors = self._successors.__getitem__
        self.legal_moves = self._moves.__getitem__
        self.outcome = self._outcomes.__getitem__
        self.position_graph = PositionGraph(self.successors, self.outcome, self.to_move)

    # -- construction -------------------------------------------------------

    def initial(self, first: Player = X) -> int:
        """The empty board with ``first`` to move."""
        return SIDE_BIT if first == O else 0

    @staticmethod
    def from_masks(x: Bitboard, o: Bitboard, to_move: Player) -> int:
        """Pack two cell masks and the side to move into a state (not validated)."""
        return x | o << O_SHIFT | (SIDE_BIT if to_move == O else 0)

    def parse_fen(self, fen: str) -> int:
        """Read a tic-tac-toe FEN (``1o11o1oxx x``), checking that the position is reachable.

        :raises FenError: malformed text, or a position legal play cannot reach.
        """
        if not isinstance(fen, str) or not _well_formed(fen):
            raise FenError(_syntax_reason(fen), str(fen))
        cells_text, side = fen.split(" ")
        x = o = 0
        cell = 0
        for ch in cells_text:
            if ch.isdigit():
                cell += int(ch)
            elif cell < 9:
                if ch == "x":
                    x |= 1 << cell
                else:
                    o |= 1 << cell
                cell += 1
            else:
                cell += 1  # a piece past the ninth cell
            if cell > 9:
                break
        if cell != 9:
            raise FenError(f"board part describes {'more' if cell > 9 else 'fewer'} than 9 cells", fen)
        to_move = X if side == "x" else O
        nx, no = x.bit_count(), o.bit_count()
        if abs(nx - no) > 1:
            raise FenError(f"x has {nx} pieces and o has {no}: counts differ by more than one", fen)
        mover, other = (nx, no) if to_move == X else (no, nx)
        if mover > other:
            raise FenError(f"{side} is to move but already has more pieces ({mover} against {other})", fen)
        if HAS_LINE[x] and HAS_LINE[o]:
            raise FenError("both players have three in a row", fen)
        if HAS_LINE[x if to_move == X else o]:
            raise FenError(f"{side} is to move but already has three in a row", fen)
        return self.from_masks(x, o, to_move)

    def fen(self, state: int) -> str:
        """The canonical FEN: runs of empty cells merged into one digit."""
        out: list[str] = []
        run = 0
        x, o = _x(state), _o(state)
        for c in range(9):
            if x >> c & 1 or o >> c & 1:
                if run:
                    out.append(str(run))
                    run = 0
                out.append("x" if x >> c & 1 else "o")
            else:
                run += 1
        if run:
            out.append(str(run))
        return "".join(out) + (" o" if state & SIDE_BIT else " x")

    # -- rules --------------------------------------------------------------

    def to_move(self, state: int) -> Player:
        """The side to move."""
        return O if state & SIDE_BIT else X

    def play(self, state: int, move: Cell) -> int:
        """The state after the side to move takes ``move`` (assumed legal)."""
        if state & SIDE_BIT:
            return (state | CELL_BITS[move] << O_SHIFT) ^ SIDE_BIT
        return state | CELL_BITS[move] | SIDE_BIT

    def play_checked(self, state: int, move: Cell) -> int:
        """:meth:`play` after checking the move; raises :class:`IllegalMoveError`."""
        if not isinstance(move, int) or not 0 <= move < 9:
            raise IllegalMoveError("cell out of range 0-8", move, self.fen(state))
        if self.outcome(state) is not None:
            raise IllegalMoveError("the game is over", move, self.fen(state))
        if (_x(state) | _o(state)) >> move & 1:
            raise IllegalMoveError("cell is occupied", move, self.fen(state))
        return self.play(state, move)

    def winner(self, state: int) -> Player | None:
        """The player with three in a row, if any."""
        if HAS_LINE[_x(state)]:
            return X
        if HAS_LINE[_o(state)]:
            return O
        return None

    def cells(self, state: int) -> str:
        """The 9 cells as a string of ``x``, ``o`` and ``.`` (reading order)."""
        x, o = _x(state), _o(state)
        return "".join("x" if x >> c & 1 else "o" if o >> c & 1 else "." for c in range(9))

    def winning_line(self, state: int) -> tuple[Cell, Cell, Cell] | None:
        """The first completed line, for highlighting."""
        for line, mask in zip(LINES, LINE_MASKS, strict=False):
            if _x(state) & mask == mask or _o(state) & mask == mask:
                return line
        return None

    def empty_count(self, state: int) -> int:
        """Number of free cells."""
        return 9 - (_x(state) | _o(state)).bit_count()

    def move_name(self, move: Cell) -> str:
        """Cells are shown 1-9 to people (0-8 in the API and the JSON)."""
        return str(move + 1)

    def board_text(self, state: int) -> str:
        """The board as three lines of text."""
        c = self.cells(state)
        return "\n".join(" ".join(c[r * 3:r * 3 + 3]) for r in range(3))


def _syntax_reason(fen: object) -> str:
    """Why ``fen`` is not of the shape ``<cells> <side>``, in words."""
    if not isinstance(fen, str):
        return "FEN must be a string"
    if not fen.strip():
        return "empty FEN"
    if fen != fen.strip():
        return "leading or trailing whitespace in FEN"
    if any(ch.isspace() and ch != " " for ch in fen) or "  " in fen:
        return "the board and the side to move must be separated by exactly one space (no tabs, newlines or runs)"
    parts = fen.split(" ")
    if len(parts) == 1:
        return "missing the side to move: expected the board, one space, then x or o"
    if len(parts) != 2:
        return "FEN must be the board and the side to move separated by one space, nothing more"
    board, side = parts
    bad = sorted({ch for ch in board if ch not in "xo123456789"})
    if bad:
        if bad[0] in "XO":
            return f"upper-case {bad[0]!r} in board part (pieces are written x and o)"
        return f"unexpected character {bad[0]!r} in board part (expected x, o or a digit 1-9)"
    if side in ("X", "O"):
        return f"side to move must be lower-case 'x' or 'o', not {side!r}"
    if side not in ("x", "o"):
        return f"side to move must be 'x' or 'o', not {side!r}"
    return "malformed FEN"


TICTACTOE = TicTacToe()
"""The shared instance (its caches are shared too)."""
