"""What sm-bot's C search needs of the ultimate evaluation, apart from the evaluation itself: the
:class:`Weights`, a won game's and a drawn game's worth (:data:`WIN`, :data:`DRAW_SUB`), the contempt
(:func:`draw_shift`), a won sub-board's worth by place (:func:`won_by_place`) and the precomputed tables'
file (:func:`load_tables`).

Apart from :mod:`engine.evaluation.ultimate` (which re-exports all of it) so that ``sm-bot``, whose start-up
is paid from the move's budget, reads neither the Python evaluation nor what it imports.
"""

from __future__ import annotations

from os import fstat
from os import path as _path

WIN = 1_000_000
"""A won game is worth ``WIN + empty cells left`` (quicker wins score higher); heuristics stay far below."""
DRAW_SUB = 10
"""A drawn game is worth this much per sub-board x won more than o: the championship pays a draw 1 + sub-boards
won, so a draw with more sub-boards is better; a tenth of a won sub-board's heuristic weight, so any live
advantage still counts for more than a draw."""

CONTEMPT = 100
"""What the bot gives up to avoid a draw (a won sub-board): against the weaker players of a championship a
draw pays far less than a win, so a level position still playing beats a draw; a draw still beats a
clearly lost position. 100 rather than 50 since the search runs in C, with four plies of quiescence, not
two (:data:`engine.bot.decision.QUIESCE_PLIES`: how the pair was chosen and measured)."""


def draw_shift(side: int, contempt: int = CONTEMPT) -> int:
    """What a draw's value moves by (x's view) for a bot playing ``side``: down for x, up for o."""
    return -contempt if side == 0 else contempt


CENTRE_CELL = 4
CORNER_CELLS = (0, 2, 6, 8)
SIDE_CELLS = (1, 3, 5, 7)
CELL_KIND = tuple("centre" if c == CENTRE_CELL else "corner" if c in CORNER_CELLS else "side" for c in range(9))
"""Each of the 9 places (cells of a sub-board, or sub-boards of the big board): centre, corner or side."""


WEIGHT_DEFAULTS = {
    "two": 10,  # a sub-board line with two stones of a player and one empty cell
    "one": 2,  # a sub-board line with one stone and two empty cells
    "centre": 3, "corner": 2, "side": 1,  # cells held inside an open sub-board
    "place_centre": 14, "place_corner": 12, "place_side": 10,  # tenths: a sub-board's score by its place
    "won": 100,  # a won sub-board (times its place multiplier, in tenths)
    "big_two": 150,  # two won sub-boards in a big-board line whose third is still open
    "big_one": 25,  # one won sub-board in a big-board line whose other two are open
    "free_move": 30,  # the side to move may play anywhere
    "threat": 20,  # the side to move can win the sub-board it is sent to right away (at least 1: the tables
    # that hold it also tell where a side can win a sub-board at once, which finds a win of the game in one)
    # relevance, when set: each player's part of a sub-board's score is multiplied by the big-board lines
    # through it still open for that player (times ``relevance``, in tenths) instead of the fixed place
    # multipliers, so sub-boards that can no longer matter on the big board stop counting.
    "relevance": 6,
    # chance, when set: each big-board line adds ``chance`` times the product of x's chances of winning its
    # three sub-boards (each 0..CHANCE_SCALE, a won sub-board the whole scale), less o's product, divided by
    # CHANCE_SCALE cubed -- two won sub-boards and a third x is likely to win weigh more than two won and a
    # third x can hardly take; a line blocked anywhere counts nothing.
    "chance": 6000,
    # A player's chance of winning an open sub-board it still has a line in: chance_base plus chance_two per
    # two-stone line and chance_one per one-stone line, capped below a won board.
    "chance_base": 2, "chance_two": 5, "chance_one": 1,
}
"""Each weight and its default, in the order :class:`Weights` holds them."""


class Weights(tuple):
    """The evaluation's weights (integers; a won sub-board is the unit everything else is measured by):
    ``Weights(two=14)`` is the defaults with one changed, ``w.two`` reads one.

    A tuple of the values in :data:`WEIGHT_DEFAULTS`' order: immutable and hashable (tables and C engines
    are cached by weights), and written by hand rather than a dataclass or a named tuple, because ``sm-bot``
    reads it at start-up and :mod:`collections` alone costs it 3 ms. What each weight means: the comments of
    :data:`WEIGHT_DEFAULTS`.
    """

    __slots__ = ()
    _fields: tuple[str, ...] = tuple(WEIGHT_DEFAULTS)

    def __new__(cls, **weights: int) -> Weights:
        unknown = sorted(set(weights) - set(WEIGHT_DEFAULTS))
        if unknown:
            raise TypeError(f"no such weight: {', '.join(unknown)} (the weights: {', '.join(WEIGHT_DEFAULTS)})")
        return super().__new__(cls, tuple(weights.get(name, value) for name, value in WEIGHT_DEFAULTS.items()))

    def __getnewargs_ex__(self) -> tuple[tuple[()], dict[str, int]]:  # pickled by name (processes, Ray)
        return (), self.as_dict()

    def __repr__(self) -> str:
        return f"Weights({', '.join(f'{name}={value}' for name, value in zip(self._fields, self, strict=True))})"

    def as_dict(self) -> dict[str, int]:
        """The weights by name (for reports and the tuning log)."""
        return dict(zip(self._fields, self, strict=True))

    def with_(self, **changes: int) -> Weights:
        """A copy with some weights changed."""
        return Weights(**{**self.as_dict(), **changes})

    # The weights by name, as read-only attributes (w.two, w.chance, ...): set below the class.
    two: int
    one: int
    centre: int
    corner: int
    side: int
    place_centre: int
    place_corner: int
    place_side: int
    won: int
    big_two: int
    big_one: int
    free_move: int
    threat: int
    relevance: int
    chance: int
    chance_base: int
    chance_two: int
    chance_one: int


def _weight(index: int, name: str) -> property:
    """The read-only attribute of one weight."""

    def read(self: Weights) -> int:
        return int(self[index])

    return property(read, doc=f"The weight {name!r}.")


for _index, _name in enumerate(Weights._fields):
    setattr(Weights, _name, _weight(_index, _name))
del _index, _name

DEFAULT_WEIGHTS = Weights()


def won_by_place(w: Weights) -> list[int]:
    """What a won sub-board is worth on the big board, by sub-board (``won`` times its place, in tenths)."""
    mult = {"centre": w.place_centre, "corner": w.place_corner, "side": w.place_side}
    return [w.won * mult[CELL_KIND[s]] // 10 for s in range(9)]


TABLES_FILE = _path.join(_path.dirname(__file__), "ultimate_eval_tables.bin")
"""The relevance evaluation's tables for the default weights, precomputed by scripts/make_eval_tables.py
(building them takes ~0.1 s, which a 0.1 s move cannot spare; reading them takes half a millisecond)."""
TABLES_MAGIC = b"treeviz ultimate eval tables 3\n"


def weights_line(w: Weights) -> bytes:
    """The weights as one line of ``name=value`` pairs: what a tables file was made for."""
    return (",".join(f"{name}={value}" for name, value in zip(w._fields, w, strict=True)) + "\n").encode("ascii")


TABLE_SIZE = 1 << 18
"""Entries in each of the six tables (a sub-board's 18 bits), a signed byte each."""


def _tables_start(w: Weights, head: bytes, size: int) -> int | None:
    """Where the six tables start in a tables file that begins with ``head`` and holds ``size`` bytes, when it
    was made for weights ``w`` (its magic, weights line and size checked), else None."""
    line = TABLES_MAGIC + weights_line(w)
    return len(line) if head.startswith(line) and size == len(line) + 6 * TABLE_SIZE else None


def tables_offset(w: Weights, path: str = TABLES_FILE) -> int | None:
    """Where the six tables start in the file ``path`` when it holds them for weights ``w`` (its header and
    size checked, the tables not read: the C search maps them), else None."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(TABLES_MAGIC) + len(weights_line(w)))
            size = fstat(handle.fileno()).st_size
    except OSError:
        return None
    return _tables_start(w, head, size)


def load_tables(w: Weights, path: str = TABLES_FILE) -> tuple[memoryview, ...] | None:
    """The six tables read from ``path``, or None when it is missing, damaged or made for other weights.

    They are views of the file's bytes as signed numbers: no copy and no list to build (0.5 ms where
    building the lists takes 100 ms), and indexed as fast as lists (scripts/bench_bot.py speed).
    """
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    start = _tables_start(w, data, len(data))
    if start is None:
        return None
    view = memoryview(data)[start:].cast("b")
    return tuple(view[at:at + TABLE_SIZE] for at in range(0, 6 * TABLE_SIZE, TABLE_SIZE))
