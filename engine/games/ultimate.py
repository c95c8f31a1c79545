"""Ultimate (super) tic-tac-toe: packed-int states, the rules, and FEN.

Sub-boards ``1``-``9`` and their cells ``1``-``9`` are numbered in reading order;
a move is the int ``10 * sub + cell`` (``45``: sub-board 4, cell 5).

A state is one immutable ``int`` (bit 0 is the least significant):

- bit 0: set when o is to move;
- bits 1-7: the last move ``10 * sub + cell``, 0 when there is none;
- bits 8-16: *closed* sub-boards (won or full), bit ``sub - 1``;
- bits 17-25: sub-boards won by x; bits 26-34: sub-boards won by o;
- bit 35: the game is over (a big-board line, or every sub-board closed);
- from bit 36, 18 bits per sub-board: ``CELLS_SHIFT + 18 * (sub - 1)`` holds x's
  9-bit cell mask (bit ``cell - 1``), the next 9 bits o's mask.

So :meth:`Ultimate.play` is a handful of shifts and table lookups, and
:meth:`Ultimate.legal_moves` one lookup when the sub-board is forced (a loop over
the open sub-boards for a free move). Nothing is cached: ultimate has far too
many states for that. :meth:`Ultimate.successors` is computed eagerly on each call.
"""

from __future__ import annotations

import marshal
from os import path as _path

from engine.errors import FenError, IllegalMoveError
from engine.games.ultimate_notation import LETTERS, parse_move
from engine.games.ultimate_state import (
    ALL_MOVES,
    CELLS_SHIFT,
    CHUNK,
    CLOSED_SHIFT,
    LAST_SHIFT,
    LOW_BITS,
    NINE,
    O_WON_SHIFT,
    OVER_BIT,
    SENT_TO,
    SIDE_BIT,
    SUB_SHIFT,
    SUBS,
    X_WON_SHIFT,
    Move,
    SubBoard,
)
from engine.sides import DRAW, O_WINS, PLAYER_NAMES, X_WINS, O, Outcome, Player, X

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: sm-bot need not import random nor collections
    from collections.abc import Callable
    from random import Random


def _by_move(value: Callable[[int, int], int]) -> tuple[int, ...]:
    return tuple(value(m // 10, m % 10) if m // 10 and m % 10 else 0 for m in range(100))  # 0 for non-moves


MOVE_SHIFT: tuple[int, ...] = _by_move(lambda s, c: SUB_SHIFT[s])
"""``MOVE_SHIFT[move]``: ``SUB_SHIFT`` of the move's sub-board."""
X_STONE: tuple[int, ...] = _by_move(lambda s, c: 1 << (SUB_SHIFT[s] + c - 1))
"""``X_STONE[move]``: the state bit of an x stone on that cell."""
O_STONE: tuple[int, ...] = _by_move(lambda s, c: 1 << (SUB_SHIFT[s] + 9 + c - 1))
X_WIN_SUB: tuple[int, ...] = _by_move(lambda s, c: (1 << (s - 1)) * (1 << CLOSED_SHIFT | 1 << X_WON_SHIFT))
"""Bits to set when x wins the move's sub-board (closed + won by x)."""
O_WIN_SUB: tuple[int, ...] = _by_move(lambda s, c: (1 << (s - 1)) * (1 << CLOSED_SHIFT | 1 << O_WON_SHIFT))
CLOSE_SUB: tuple[int, ...] = _by_move(lambda s, c: 1 << (s - 1 + CLOSED_SHIFT))
AFTER_X: tuple[int, ...] = tuple(m << LAST_SHIFT | SIDE_BIT for m in range(100))
"""Low bits after x plays ``move``: last move set, o to move."""
AFTER_O: tuple[int, ...] = tuple(m << LAST_SHIFT for m in range(100))


def computed_tables() -> dict[str, tuple]:
    """The sub-boards' lines (tic-tac-toe's ``HAS_LINE``: read here rather than imported with the rest of
    tic-tac-toe) and :data:`WON_BY_ONE_MOVE`, computed: a millisecond of every start of ``sm-bot``, which
    :data:`TABLES_FILE` holds ready-made (scripts/make_tables.py, checked by the tests)."""
    from engine.games.tictactoe import HAS_LINE

    return {
        "HAS_LINE": HAS_LINE,
        "WON_BY_ONE_MOVE": tuple(
            HAS_LINE[m] and any(m >> b & 1 and not HAS_LINE[m & ~(1 << b)] for b in range(9)) for m in range(512)
        ),
    }


TABLES_FILE = _path.join(_path.dirname(__file__), "ultimate_tables.bin")
""":func:`computed_tables` in :mod:`marshal` form (a quarter of the time to read as to compute)."""
_TABLES_MAGIC = b"treeviz ultimate tables 2\n"


def tables_file_bytes() -> bytes:
    """The contents of :data:`TABLES_FILE`."""
    return _TABLES_MAGIC + marshal.dumps(computed_tables())


def _tables() -> dict[str, tuple]:
    """The tables from :data:`TABLES_FILE`, or computed when it is missing or unreadable (another Python)."""
    try:
        with open(TABLES_FILE, "rb") as handle:
            data = handle.read()
        if data.startswith(_TABLES_MAGIC):
            tables = marshal.loads(data[len(_TABLES_MAGIC):])
            if isinstance(tables, dict) and tables.keys() == {"HAS_LINE", "WON_BY_ONE_MOVE"}:
                return tables
    except (OSError, ValueError, EOFError, TypeError):
        pass
    return computed_tables()


_TABLES = _tables()
HAS_LINE: tuple[bool, ...] = _TABLES["HAS_LINE"]
"""``HAS_LINE[mask]``: the 9-bit mask of a sub-board's cells (or of the big board's sub-boards) holds a line."""
WON_BY_ONE_MOVE: tuple[bool, ...] = _TABLES["WON_BY_ONE_MOVE"]
"""True when the mask has a line and one of its stones, taken away, leaves none (one move completed it)."""
del _TABLES


class _SubMoves(dict):
    """A sub-board's occupied cells (9-bit mask) -> the moves on its free cells, ascending, made on first use
    (at most 512 per sub-board): building or reading all 4,608 tuples at import costs ``sm-bot``'s start-up a
    millisecond (most of it the memory's first touch), and looking one up here is as quick."""

    def __init__(self, sub: SubBoard) -> None:
        super().__init__()
        self.first = 10 * sub + 1

    def __missing__(self, occupied: int) -> tuple[Move, ...]:
        moves = tuple(self.first + c for c in range(9) if not occupied >> c & 1)
        self[occupied] = moves
        return moves


class _OpenSubs(dict):
    """The closed sub-boards (9-bit mask) -> the others, ascending, made on first use (as :class:`_SubMoves`)."""

    def __missing__(self, closed: int) -> tuple[SubBoard, ...]:
        subs = tuple(s for s in SUBS if not closed >> (s - 1) & 1)
        self[closed] = subs
        return subs


SUB_MOVES: tuple[_SubMoves, ...] = tuple(_SubMoves(sub) for sub in range(10))
"""``SUB_MOVES[sub][occupied]``: the moves on the free cells of a sub-board, ascending (``sub`` 1-9)."""
OPEN_SUBS: _OpenSubs = _OpenSubs()
"""``OPEN_SUBS[closed]``: the sub-boards not in the closed mask, ascending."""


class _ChunkText(dict):
    """A sub-board's 18 bits (x mask, o mask << 9) -> its 9 cells as ``x``/``o``/``.``, filled on first use
    (at most 3^9 entries): FENs of big trees (an MCTS tree's 10,000 nodes) are written five times faster."""

    def __missing__(self, chunk: int) -> str:
        text = "".join("x" if chunk >> c & 1 else "o" if chunk >> (c + 9) & 1 else "." for c in range(9))
        self[chunk] = text
        return text


_CHUNK_TEXT = _ChunkText()

_BOARD_CHARS = frozenset("xo123456789")
_DIGITS_1_9 = frozenset("123456789")


def _well_formed(fen: str) -> bool:
    """``fen`` reads ``[xo1-9]+ (00|[1-9][1-9]) [xo]`` (checked by hand: no regular expression for sm-bot to
    import at start-up)."""
    parts = fen.split(" ")
    if len(parts) != 3:
        return False
    board, last, side = parts
    return (bool(board) and _BOARD_CHARS.issuperset(board) and side in ("x", "o")
            and (last == "00" or len(last) == 2 and _DIGITS_1_9.issuperset(last)))


class Ultimate:
    """Ultimate tic-tac-toe behind the :class:`engine.game.Game` protocol (x always moves first)."""

    name = "ultimate"
    player_names = PLAYER_NAMES
    alternating = True
    """x and o take turns and nothing is left to chance: searches need not ask who moves at each node."""
    outcome_range = (-1, 1)

    # -- construction -------------------------------------------------------

    def initial(self) -> int:
        """The empty board, x to move anywhere."""
        return 0

    @staticmethod
    def from_masks(x_subs: list[int], o_subs: list[int], last_move: Move, to_move: Player) -> int:
        """Pack 9-bit cell masks per sub-board (index 0 = sub 1) into a state; no validity check.

        Closed/won sub-boards and the game-over bit are derived from the cells.
        """
        state = last_move << LAST_SHIFT | (SIDE_BIT if to_move == O else 0)
        closed = x_won = o_won = 0
        for i in range(9):
            x, o = x_subs[i], o_subs[i]
            state |= (x | o << 9) << SUB_SHIFT[i + 1]
            if HAS_LINE[x]:
                x_won |= 1 << i
            elif HAS_LINE[o]:
                o_won |= 1 << i
            if HAS_LINE[x] or HAS_LINE[o] or x | o == NINE:
                closed |= 1 << i
        state |= closed << CLOSED_SHIFT | x_won << X_WON_SHIFT | o_won << O_WON_SHIFT
        if HAS_LINE[x_won] or HAS_LINE[o_won] or closed == NINE:
            state |= OVER_BIT
        return state

    def parse_fen(self, fen: str) -> int:
        """Read an ultimate FEN (``999999999 00 x``), checking that legal play can reach it.

        Refused, each with its own reason: stone counts that do not fit x moving
        first and the side to move; a last move on an empty cell or on a stone of
        the side to move; a last move on an empty board, and ``00`` on a board
        with stones (only the start has no last move); a sub-board with a line for
        both players, or with lines no single move completed; a last move into a
        sub-board won before it; a game over before the last move; both players
        owning a big-board line.

        :raises FenError: malformed text (with what is wrong), or an unreachable position
            (with the rule it breaks).
        """
        if not isinstance(fen, str) or not _well_formed(fen):
            raise FenError(_syntax_reason(fen), str(fen))
        board, last_text, side = fen.split(" ")
        x_subs, o_subs = [0] * 9, [0] * 9
        index = 0
        for ch in board:
            if ch == "x" or ch == "o":
                if index < 81:
                    (x_subs if ch == "x" else o_subs)[index // 9] |= 1 << index % 9
                index += 1
            else:
                index += int(ch)
        if index != 81:
            raise FenError(f"board part describes {index} cells, expected 81", fen)
        _check_reachable(x_subs, o_subs, int(last_text), X if side == "x" else O, fen)
        return self.from_masks(x_subs, o_subs, int(last_text), X if side == "x" else O)

    def fen(self, state: int) -> str:
        """The canonical FEN: empty runs merged (across sub-boards), written as 9s then the rest."""
        out: list[str] = []
        run = 0
        for ch in self.cells(state):
            if ch == ".":
                run += 1
                continue
            out.append("9" * (run // 9) + (str(run % 9) if run % 9 else ""))
            run = 0
            out.append(ch)
        out.append("9" * (run // 9) + (str(run % 9) if run % 9 else ""))
        last = state >> LAST_SHIFT & 127
        return f"{''.join(out)} {last:02d} {'o' if state & SIDE_BIT else 'x'}"

    # -- rules --------------------------------------------------------------

    def to_move(self, state: int) -> Player:
        """The side to move (the side that would move, once the game is over)."""
        return state & SIDE_BIT

    def legal_moves(self, state: int) -> tuple[Move, ...]:
        """The legal moves, ascending; empty once the game is over.

        In the sub-board the last move sends to, or anywhere open when there is no
        last move or that sub-board is closed (won or full).
        """
        if state & OVER_BIT:
            return ()
        sub = SENT_TO[state & LOW_BITS]
        closed = state >> CLOSED_SHIFT
        if sub and not closed >> (sub - 1) & 1:
            chunk = state >> SUB_SHIFT[sub]
            return SUB_MOVES[sub][(chunk | chunk >> 9) & NINE]
        moves: list[Move] = []
        for sub in OPEN_SUBS[closed & NINE]:
            chunk = state >> SUB_SHIFT[sub]
            moves += SUB_MOVES[sub][(chunk | chunk >> 9) & NINE]
        return tuple(moves)

    def play(self, state: int, move: Move) -> int:
        """The state after the side to move plays ``move`` (assumed legal: see :meth:`play_checked`)."""
        shift = MOVE_SHIFT[move]
        if state & SIDE_BIT:
            state |= O_STONE[move]
            chunk = state >> shift
            if HAS_LINE[chunk >> 9 & NINE]:
                state |= O_WIN_SUB[move]
                if HAS_LINE[state >> O_WON_SHIFT & NINE] or state >> CLOSED_SHIFT & NINE == NINE:
                    state |= OVER_BIT
            elif (chunk | chunk >> 9) & NINE == NINE:
                state |= CLOSE_SUB[move]
                if state >> CLOSED_SHIFT & NINE == NINE:
                    state |= OVER_BIT
            return (state ^ (state & LOW_BITS)) | AFTER_O[move]
        state |= X_STONE[move]
        chunk = state >> shift
        if HAS_LINE[chunk & NINE]:
            state |= X_WIN_SUB[move]
            if HAS_LINE[state >> X_WON_SHIFT & NINE] or state >> CLOSED_SHIFT & NINE == NINE:
                state |= OVER_BIT
        elif (chunk | chunk >> 9) & NINE == NINE:
            state |= CLOSE_SUB[move]
            if state >> CLOSED_SHIFT & NINE == NINE:
                state |= OVER_BIT
        return (state ^ (state & LOW_BITS)) | AFTER_X[move]

    def illegal_reason(self, state: int, move: object) -> str | None:
        """Why ``move`` is not legal in ``state`` (``None`` when it is)."""
        if isinstance(move, bool) or not isinstance(move, int) or move not in ALL_MOVES:
            return "move out of range: sub-board and cell are both 1-9 (11-99, no zero digit)"
        if state & OVER_BIT:
            return "the game is over"
        sub, cell = divmod(move, 10)
        forced = self.forced_sub(state)
        if forced is not None and sub != forced:
            return f"wrong sub-board: must play in sub-board {forced} ({LETTERS[forced - 1]})"
        status = self.sub_status(state, sub)
        if status in ("x", "o"):
            return f"sub-board {sub} ({LETTERS[sub - 1]}) is already won by {status}"
        if status == "draw":
            return f"sub-board {sub} ({LETTERS[sub - 1]}) is full"
        if self.cell(state, sub, cell) != ".":
            return f"cell {cell} of sub-board {sub} is occupied"
        return None

    def play_checked(self, state: int, move: Move) -> int:
        """:meth:`play` after checking the move.

        :raises IllegalMoveError: with the precise reason (occupied cell, wrong sub-board, ...).
        """
        reason = self.illegal_reason(state, move)
        if reason is not None:
            raise IllegalMoveError(reason, move, self.fen(state))
        return self.play(state, move)

    def successors(self, state: int) -> tuple[tuple[Move, int], ...]:
        """``(move, child)`` for every legal move, ascending; computed on each call, not cached."""
        play = self.play
        return tuple((m, play(state, m)) for m in self.legal_moves(state))

    def outcome(self, state: int) -> Outcome | None:
        """+1 x won, -1 o won, 0 drawn (every sub-board closed, no big-board line), None while playing."""
        if not state & OVER_BIT:
            return None
        if HAS_LINE[state >> X_WON_SHIFT & NINE]:
            return X_WINS
        if HAS_LINE[state >> O_WON_SHIFT & NINE]:
            return O_WINS
        return DRAW

    def random_playouts(self, rng: Random) -> Callable[[int], Outcome]:
        """A fast function playing uniformly random games to the end (for Monte Carlo tree search)."""
        from engine.games.ultimate_playout import random_playouts

        return random_playouts(rng)

    def winner(self, state: int) -> Player | None:
        """The player with three won sub-boards in a line, if any."""
        if HAS_LINE[state >> X_WON_SHIFT & NINE]:
            return X
        if HAS_LINE[state >> O_WON_SHIFT & NINE]:
            return O
        return None

    def is_over(self, state: int) -> bool:
        """True once the game is finished (won or drawn)."""
        return bool(state & OVER_BIT)

    def empty_count(self, state: int) -> int:
        """Number of empty cells on the whole board (closed sub-boards included)."""
        return 81 - (state >> CELLS_SHIFT).bit_count()

    def move_name(self, move: Move) -> str:
        """Two digits ``<sub><cell>``: ``45``."""
        return f"{move:02d}"

    def parse_move(self, text: str, state: int) -> Move:
        """Read a typed move: ``45``, ``e5``, or the cell alone when the sub-board is forced.

        :raises MoveSyntaxError: the text spells no move.
        :raises IllegalMoveError: a move that is not legal here, with the reason.
        """
        return parse_move(text, state, self)

    # -- accessors for drawing and interfaces ---------------------------------

    def sub_masks(self, state: int, sub: SubBoard) -> tuple[int, int]:
        """x's and o's 9-bit cell masks of sub-board ``sub`` (bit ``cell - 1``)."""
        chunk = state >> SUB_SHIFT[sub]
        return chunk & NINE, chunk >> 9 & NINE

    def board_masks(self, state: int) -> tuple[int, int, int]:
        """The big board as 9-bit masks (bit ``sub - 1``): won by x, won by o, closed (won or full)."""
        return state >> X_WON_SHIFT & NINE, state >> O_WON_SHIFT & NINE, state >> CLOSED_SHIFT & NINE

    def cells(self, state: int) -> str:
        """The 81 cells as ``x``/``o``/``.``, sub-board-major (sub-board 1 cells 1-9, then 2, ...)."""
        text = _CHUNK_TEXT
        return "".join([text[state >> shift & CHUNK] for shift in SUB_SHIFT[1:]])

    def cell(self, state: int, sub: SubBoard, cell: int) -> str:
        """``x``, ``o`` or ``.`` for one cell (both numbered 1-9)."""
        chunk = state >> SUB_SHIFT[sub]
        if chunk >> (cell - 1) & 1:
            return "x"
        if chunk >> (cell + 8) & 1:
            return "o"
        return "."

    def sub_status(self, state: int, sub: SubBoard) -> str | None:
        """``'x'``/``'o'`` won, ``'draw'`` full without a line, ``None`` still open."""
        bit = 1 << (sub - 1)
        if state >> X_WON_SHIFT & bit:
            return "x"
        if state >> O_WON_SHIFT & bit:
            return "o"
        if state >> CLOSED_SHIFT & bit:
            return "draw"
        return None

    def big_board(self, state: int) -> str:
        """9 characters, one per sub-board: ``x``/``o`` won, ``-`` drawn, ``.`` open."""
        marks = {"x": "x", "o": "o", "draw": "-", None: "."}
        return "".join(marks[self.sub_status(state, s)] for s in SUBS)

    def last_move(self, state: int) -> Move | None:
        """The move that led here, ``None`` at the start."""
        return (state >> LAST_SHIFT & 127) or None

    def forced_sub(self, state: int) -> SubBoard | None:
        """The sub-board the side to move must play in; ``None`` for a free choice or a finished game."""
        if state & OVER_BIT:
            return None
        sub = SENT_TO[state & LOW_BITS]
        if sub and not state >> (CLOSED_SHIFT + sub - 1) & 1:
            return sub
        return None

    def playable_subs(self, state: int) -> tuple[SubBoard, ...]:
        """The sub-boards the side to move may play in, ascending (empty once the game is over)."""
        if state & OVER_BIT:
            return ()
        forced = self.forced_sub(state)
        if forced is not None:
            return (forced,)
        return OPEN_SUBS[state >> CLOSED_SHIFT & NINE]

    def board_text(self, state: int) -> str:
        """The 9x9 board as text, sub-boards separated by bars and rules (for terminals and tests)."""
        c = self.cells(state)
        rows = []
        for big_row in range(3):
            for small_row in range(3):
                parts = []
                for big_col in range(3):
                    sub = big_row * 3 + big_col
                    start = sub * 9 + small_row * 3
                    parts.append(" ".join(c[start:start + 3]))
                rows.append(" | ".join(parts))
            if big_row < 2:
                rows.append("------+-------+------")
        return "\n".join(rows)


def _check_reachable(x_subs: list[int], o_subs: list[int], last: Move, to_move: Player, fen: str) -> None:
    """Raise :class:`FenError` naming the first rule of legal play the position breaks."""
    nx = sum(m.bit_count() for m in x_subs)
    no = sum(m.bit_count() for m in o_subs)
    side = "x" if to_move == X else "o"
    if to_move == X and nx != no:
        raise FenError(f"x moves first and is to move, so both sides need as many stones (x has {nx}, o has {no})", fen)
    if to_move == O and nx != no + 1:
        raise FenError(f"x moves first and o is to move, so x needs exactly one stone more (x has {nx}, o has {no})",
                       fen)
    if nx + no == 0:
        if last:
            raise FenError(f"last move {last:02d} given on an empty board (write 00)", fen)
        return
    if not last:
        raise FenError("last move 00 (none) but the board has stones: give the last move", fen)
    sub, cell = divmod(last, 10)
    i, bit = sub - 1, 1 << (cell - 1)
    mover = O if to_move == X else X
    mover_subs, other_subs = (x_subs, o_subs) if mover == X else (o_subs, x_subs)
    if not (x_subs[i] | o_subs[i]) & bit:
        raise FenError(f"last move {last:02d} is on an empty cell", fen)
    if not mover_subs[i] & bit:
        raise FenError(f"last move {last:02d} is on a stone of {side}, the side to move (it must be the other's)",
                       fen)
    for s in range(9):
        if HAS_LINE[x_subs[s]] and HAS_LINE[o_subs[s]]:
            raise FenError(f"sub-board {s + 1} has a line for both x and o", fen)
    if HAS_LINE[mover_subs[i] & ~bit] or HAS_LINE[other_subs[i]]:
        owner = "xo"[mover] if HAS_LINE[mover_subs[i] & ~bit] else "xo"[1 - mover]
        raise FenError(f"last move {last:02d} was played into sub-board {sub}, already won by {owner} before it", fen)
    for s in range(9):
        for name, masks in (("x", x_subs), ("o", o_subs)):
            if HAS_LINE[masks[s]] and not WON_BY_ONE_MOVE[masks[s]]:
                raise FenError(f"sub-board {s + 1} has lines of {name} that no single move completed "
                               "(a won sub-board is closed)", fen)
    x_won = sum(1 << s for s in range(9) if HAS_LINE[x_subs[s]])
    o_won = sum(1 << s for s in range(9) if HAS_LINE[o_subs[s]])
    if HAS_LINE[x_won] and HAS_LINE[o_won]:
        raise FenError("both x and o have three sub-boards in a line", fen)
    before = (x_won, o_won)
    if HAS_LINE[mover_subs[i]]:  # the last move won its sub-board: take that away
        before = (x_won & ~(1 << i), o_won) if mover == X else (x_won, o_won & ~(1 << i))
    for name, won in zip("xo", before, strict=True):
        if HAS_LINE[won]:
            raise FenError(f"the game was already over before the last move {last:02d} "
                           f"({name} already had three sub-boards in a line)", fen)


def _syntax_reason(fen: object) -> str:
    """What is malformed in a FEN that failed the pattern."""
    import re

    if not isinstance(fen, str):
        return "FEN must be a string"
    if fen != fen.strip():
        return "leading or trailing whitespace in FEN"
    if re.search(r"\s", fen.replace(" ", "")):
        return "FEN fields must be separated by single spaces (found a tab or newline)"
    if "  " in fen:
        return "FEN fields must be separated by single spaces (found several)"
    parts = fen.split(" ")
    if len(parts) != 3:
        return (f"ultimate FEN has 3 fields (board, last move, side to move), found {len(parts)}"
                if fen else "empty FEN")
    board, last, side = parts
    for ch in board:
        if ch in "XO":
            return f"upper-case {ch!r} in board part (use lower-case x and o)"
        if ch == "0":
            return "digit 0 in board part (empty runs are written 1-9)"
        if ch not in "xo123456789":
            return f"unexpected character {ch!r} in board part (expected x, o or a digit 1-9)"
    if not (len(last) == 2 and last.isascii() and last.isdigit()):
        return f"last move must be two digits <sub-board><cell> (or 00), not {last!r}"
    if not re.fullmatch(r"00|[1-9][1-9]", last):
        return f"last move {last!r}: sub-board and cell are numbered 1-9 (00 means no last move)"
    if side in ("X", "O"):
        return f"upper-case side to move {side!r} (use x or o)"
    return f"side to move must be 'x' or 'o', not {side!r}"


ULTIMATE = Ultimate()
"""The shared instance."""
