"""Evaluation of ultimate tic-tac-toe positions, table-driven so search stays fast.

Both levels are scored by their lines, in the spirit of the course's ``mscore``:
inside an open sub-board, lines with two stones of a player and an empty cell,
lines with one stone and two empty cells, and the centre, corner and side cells
a player holds; each sub-board's score is weighted by its place on the big
board (centre, corner, side). On the big board: sub-boards won (weighted by
place), two won sub-boards with the third still winnable, one won with two
open. Then the big board's lines by chances: each side's chance of winning
each sub-board (a won one certain, a lost, full or blocked one nil, an open one
by its two- and one-stone lines), multiplied along each big-board line, so a
line counts by how likely its owner is to complete it and counts nothing once
blocked. Last, the tempo: the side to move gains when it may play anywhere (it
was sent to a closed sub-board) or can win the sub-board it is sent to.

Every per-sub-board term is precomputed over all 3^9 fillings of a sub-board
into a list indexed by the sub-board's 18 state bits (x mask | o mask << 9),
and the big-board term is cached on first use, so an evaluation is nine list
lookups plus a few bit operations. Values are from x's point of view; finished
games are scored by :func:`scoring` far outside the heuristic's range, earlier
wins higher, and a draw by the championship's tie-break (sub-boards won). Once
a side has no big-board line left free of its opponent's and drawn sub-boards,
it cannot win any more: the value is held at or below (for x; above, for o)
what a draw is worth, and once neither side can win it is that draw value, so
the search sees a dead draw coming long before the board is full. And when the
side to move can win the game with its next move (it can win a sub-board that
completes one of its big-board lines: where it is sent, or anywhere on a free
move), the value is that win's exact score: the search's horizon no longer
hides a win (or a loss) one ply beyond it.
:func:`seed_evaluate` and :func:`seed_scoring` are the course's own (for the
seed-style opponent in the arena).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from functools import cache
from itertools import product

from engine.evaluation.ultimate_weights import (  # noqa: F401 -- re-exported: the evaluation's own words
    CELL_KIND,
    CENTRE_CELL,
    CONTEMPT,
    CORNER_CELLS,
    DEFAULT_WEIGHTS,
    DRAW_SUB,
    SIDE_CELLS,
    TABLES_FILE,
    TABLES_MAGIC,
    WEIGHT_DEFAULTS,
    WIN,
    Weights,
    draw_shift,
    load_tables,
    tables_offset,
    weights_line,
    won_by_place,
)
from engine.games.tictactoe import HAS_LINE, LINE_MASKS, completing_cells
from engine.games.ultimate_state import CELLS_SHIFT, CHUNK, NINE, SENT_TO, SUB_STRIDE

TYPE_CHECKING = False
if TYPE_CHECKING:
    from engine.evaluation.ultimate_net import Net

Evaluate = Callable[[int], int]


def _tenths(value: int, tenths: int) -> int:
    """``value * tenths / 10`` rounded toward zero, so x and o are scored alike."""
    return value * tenths // 10 if value >= 0 else -(-value * tenths // 10)


def _line_counts(mine: int, theirs: int) -> tuple[int, int]:
    """Lines of ``mine`` with two stones and one empty cell, and with one stone and two empty cells."""
    twos = ones = 0
    for line in LINE_MASKS:
        if line & theirs:
            continue
        n = (mine & line).bit_count()
        if n == 2:
            twos += 1
        elif n == 1:
            ones += 1
    return twos, ones


def _fillings() -> list[tuple[int, int]]:
    """Every (x mask, o mask) pair of a sub-board with disjoint masks (3^9 of them)."""
    out = []
    for marks in product((0, 1, 2), repeat=9):
        x = o = 0
        for c, mark in enumerate(marks):
            if mark == 1:
                x |= 1 << c
            elif mark == 2:
                o |= 1 << c
        out.append((x, o))
    return out


@cache
def fillings() -> list[tuple[int, int]]:
    """:func:`_fillings`, made once when first needed (the bot loads its tables from a file instead)."""
    return _fillings()


_CELL_SETS = {kind: sum(1 << c for c in range(9) if CELL_KIND[c] == kind) for kind in ("centre", "corner", "side")}


@cache
def _sub_tables(w: Weights) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """Per-filling sub-board scores for the three places, and the threat bonus for x and for o to move."""
    size = 1 << 18
    by_place = {kind: [0] * size for kind in ("centre", "corner", "side")}
    x_threat = [0] * size
    o_threat = [0] * size
    mult = {"centre": w.place_centre, "corner": w.place_corner, "side": w.place_side}
    cells = _CELL_SETS
    for x, o in fillings():
        if HAS_LINE[x] or HAS_LINE[o] or x | o == NINE:
            continue  # closed: scored on the big board
        x2, x1 = _line_counts(x, o)
        o2, o1 = _line_counts(o, x)
        score = (w.two * (x2 - o2) + w.one * (x1 - o1)
                 + w.centre * ((x & cells["centre"]).bit_count() - (o & cells["centre"]).bit_count())
                 + w.corner * ((x & cells["corner"]).bit_count() - (o & cells["corner"]).bit_count())
                 + w.side * ((x & cells["side"]).bit_count() - (o & cells["side"]).bit_count()))
        index = x | o << 9
        for kind, table in by_place.items():
            table[index] = _tenths(score, mult[kind])
        if x2:
            x_threat[index] = w.threat
        if o2:
            o_threat[index] = -w.threat
    return by_place["centre"], by_place["corner"], by_place["side"], x_threat, o_threat


class _BigTable(dict):
    """``(x won | drawn) | (o won | drawn) << 9`` -> big-board score, filled on first use."""

    def __init__(self, w: Weights) -> None:
        super().__init__()
        self.w = w
        self.place = won_by_place(w)

    def __missing__(self, index: int) -> int:
        xb, ob = index & NINE, index >> 9
        drawn = xb & ob
        xw, ow = xb & ~drawn, ob & ~drawn
        w = self.w
        place = self.place
        score = sum(place[s] for s in range(9) if xw >> s & 1) - sum(place[s] for s in range(9) if ow >> s & 1)
        x2, x1 = _line_counts(xw, ob)
        o2, o1 = _line_counts(ow, xb)
        score += w.big_two * (x2 - o2) + w.big_one * (x1 - o1)
        self[index] = score
        return score


@cache
def _player_tables(w: Weights) -> tuple[list[int], list[int]]:
    """Per-filling potential of x and of o in an open sub-board (both positive), for relevance weighting."""
    size = 1 << 18
    xs, os_ = [0] * size, [0] * size
    cells = _CELL_SETS
    for x, o in fillings():
        if HAS_LINE[x] or HAS_LINE[o] or x | o == NINE:
            continue
        index = x | o << 9
        for mine, theirs, table in ((x, o, xs), (o, x, os_)):
            twos, ones = _line_counts(mine, theirs)
            table[index] = (w.two * twos + w.one * ones + w.centre * (mine & cells["centre"]).bit_count()
                            + w.corner * (mine & cells["corner"]).bit_count()
                            + w.side * (mine & cells["side"]).bit_count())
    return xs, os_


CHANCE_SCALE = 20
"""A won sub-board's chance; open sub-boards are capped at ``CHANCE_SCALE - 2``."""


@cache
def _chance_tables(w: Weights) -> tuple[list[int], list[int]]:
    """Per-filling chance (0..CHANCE_SCALE) of x and of o to win a sub-board: the scale for a won one, 0 for a
    lost or full one or one without a line left to that player."""
    size = 1 << 18
    xs, os_ = [0] * size, [0] * size
    for x, o in fillings():
        index = x | o << 9
        if HAS_LINE[x]:
            xs[index] = CHANCE_SCALE
            continue
        if HAS_LINE[o]:
            os_[index] = CHANCE_SCALE
            continue
        if x | o == NINE:
            continue
        for mine, theirs, table in ((x, o, xs), (o, x, os_)):
            if all(line & theirs for line in LINE_MASKS):
                continue
            twos, ones = _line_counts(mine, theirs)
            table[index] = min(CHANCE_SCALE - 2, w.chance_base + w.chance_two * twos + w.chance_one * ones)
    return xs, os_


BIG_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
"""The big board's eight lines as sub-board indices."""


def _chance_term(c: int, cx: list[int], co: list[int], chance: int) -> int:
    """The big-board lines' chance products (see ``Weights.chance``) for the cells part ``c`` of a state;
    the relevance evaluation has this inlined (it is the bot's hot path)."""
    a = [cx[c >> (SUB_STRIDE * i) & CHUNK] for i in range(9)]
    b = [co[c >> (SUB_STRIDE * i) & CHUNK] for i in range(9)]
    t = chance * sum(a[i] * a[j] * a[k] - b[i] * b[j] * b[k] for i, j, k in BIG_LINES)
    cube = CHANCE_SCALE ** 3
    return t // cube if t >= 0 else -(-t // cube)


BIG_LINES_THROUGH = tuple(tuple(line for line in LINE_MASKS if line >> s & 1) for s in range(9))


X_CANNOT_WIN = 1
O_CANNOT_WIN = 2
"""Bits of :func:`who_cannot_win`: no big-board line is free of the other side's and drawn sub-boards."""


def who_cannot_win(index: int) -> int:
    """For ``(x won | drawn) | (o won | drawn) << 9``: X_CANNOT_WIN, O_CANNOT_WIN, both or 0."""
    xb, ob = index & NINE, index >> 9
    return ((X_CANNOT_WIN if all(line & ob for line in LINE_MASKS) else 0)
            | (O_CANNOT_WIN if all(line & xb for line in LINE_MASKS) else 0))


class _OpenLines(dict):
    """``(x won | drawn) | (o won | drawn) << 9`` -> open big lines through each sub-board for x (9 numbers),
    then for o (9 more), then :func:`who_cannot_win`, then the sub-boards that would complete a big-board
    line for x and for o (:func:`engine.games.tictactoe.completing_cells`); filled on first use."""

    def __missing__(self, index: int) -> tuple[int, ...]:
        xb, ob = index & NINE, index >> 9
        lx = tuple(sum(1 for line in BIG_LINES_THROUGH[s] if not line & ob) for s in range(9))
        lo = tuple(sum(1 for line in BIG_LINES_THROUGH[s] if not line & xb) for s in range(9))
        drawn = xb & ob
        entry = lx + lo + (who_cannot_win(index), completing_cells(xb & ~drawn, ob), completing_cells(ob & ~drawn, xb))
        self[index] = entry
        return entry


def drawn_value(xw: int, ow: int, draw: int = 0) -> int:
    """What a drawn game is worth (x's view): the championship's tie-break, ``DRAW_SUB`` a sub-board won."""
    return DRAW_SUB * (xw.bit_count() - ow.bit_count()) + draw


def bounded(v: int, cannot: int, xw: int, ow: int, draw: int = 0) -> int:
    """``v`` kept on the right side of the draw's value for a side that can no longer win the game."""
    d = drawn_value(xw, ow, draw)
    if cannot == X_CANNOT_WIN | O_CANNOT_WIN:
        return d
    return min(v, d) if cannot == X_CANNOT_WIN else max(v, d)


def _tempo(state: int, c: int, closed: int, free: int, x_threat: list[int], o_threat: list[int]) -> int:
    """The side to move's tempo (x's view): ``free`` when it may play anywhere, else the threat bonus of the
    sub-board it is sent to; the relevance evaluation has this inlined (it is the bot's hot path)."""
    sub = SENT_TO[state & 0xFF]
    if not sub or closed >> (sub - 1) & 1:
        return -free if state & 1 else free
    return (o_threat if state & 1 else x_threat)[c >> SUB_STRIDE * (sub - 1) & CHUNK]


def relevance_tables_computed(w: Weights) -> tuple[list[int], ...]:
    """The relevance evaluation's six tables, computed: potentials of x and o, threats of x and o,
    chances of x and o (each indexed by a sub-board's 18 bits)."""
    xs, os_ = _player_tables(w)
    _, _, _, x_threat, o_threat = _sub_tables(w)
    cx, co = _chance_tables(w) if w.chance else ([0] * (1 << 18), [0] * (1 << 18))
    return xs, os_, x_threat, o_threat, cx, co


def tables_file_bytes(w: Weights = DEFAULT_WEIGHTS) -> bytes:
    """The contents of :data:`TABLES_FILE` for weights ``w``: a header line, the weights' line, then the six
    tables as signed bytes, one after the other (1.5 MB; git stores it compressed, ~52 KB)."""
    tables = relevance_tables_computed(w)
    if any(not -128 <= v <= 127 for t in tables for v in t):
        raise ValueError("a table value does not fit in a signed byte: the tables file cannot hold these weights")
    return TABLES_MAGIC + weights_line(w) + b"".join(array("b", t).tobytes() for t in tables)


@cache
def relevance_tables(w: Weights) -> tuple[Sequence[int], ...]:
    """The six tables of :func:`relevance_tables_computed`: from :data:`TABLES_FILE` for the weights it
    was made for, else computed."""
    return load_tables(w) or relevance_tables_computed(w)


def _make_relevance_evaluate(w: Weights, draw: int, net: Net | None = None) -> Evaluate:
    xs, os_, x_threat, o_threat, cx, co = relevance_tables(w)
    big = _BigTable(w)
    open_lines = _OpenLines()
    free = w.free_move
    rel = w.relevance
    chance = w.chance
    cube = CHANCE_SCALE ** 3
    sent_to = SENT_TO
    ch = CHUNK
    shift = (0,) + tuple(SUB_STRIDE * i for i in range(9))
    net_value = None if net is None else net.value

    def evaluate(state: int) -> int:
        """Heuristic value of an unfinished ultimate state, from x's point of view."""
        c = state >> CELLS_SHIFT
        closed = state >> 8 & NINE
        xw = state >> 17 & NINE
        ow = state >> 26 & NINE
        drawn = closed & ~(xw | ow)
        index = (xw | drawn) | (ow | drawn) << 9
        x1, x2, x3, x4, x5, x6, x7, x8, x9, o1, o2, o3, o4, o5, o6, o7, o8, o9, cannot, xc, oc = open_lines[index]
        if cannot == X_CANNOT_WIN | O_CANNOT_WIN:
            return drawn_value(xw, ow, draw)  # a draw whatever is played
        sub = sent_to[state & 0xFF]
        free_move = not sub or closed >> (sub - 1) & 1
        if (xc or oc) and (win := _win_in_one(state, c, sub, free_move, xc, oc, x_threat, o_threat)):
            return win
        if net_value is not None:  # the learned evaluation: the exact draws and wins above stay
            return net_value(state)
        k1, k2, k3, k4 = c & ch, c >> 18 & ch, c >> 36 & ch, c >> 54 & ch
        k5, k6, k7, k8, k9 = c >> 72 & ch, c >> 90 & ch, c >> 108 & ch, c >> 126 & ch, c >> 144 & ch
        v = (xs[k1] * x1 + xs[k2] * x2 + xs[k3] * x3 + xs[k4] * x4 + xs[k5] * x5 + xs[k6] * x6 + xs[k7] * x7
             + xs[k8] * x8 + xs[k9] * x9
             - os_[k1] * o1 - os_[k2] * o2 - os_[k3] * o3 - os_[k4] * o4 - os_[k5] * o5 - os_[k6] * o6
             - os_[k7] * o7 - os_[k8] * o8 - os_[k9] * o9)
        v = _tenths(v, rel)
        if chance:
            a1, a2, a3, a4, a5, a6, a7, a8, a9 = cx[k1], cx[k2], cx[k3], cx[k4], cx[k5], cx[k6], cx[k7], cx[k8], cx[k9]
            b1, b2, b3, b4, b5, b6, b7, b8, b9 = co[k1], co[k2], co[k3], co[k4], co[k5], co[k6], co[k7], co[k8], co[k9]
            t = (a1 * a2 * a3 + a4 * a5 * a6 + a7 * a8 * a9 + a1 * a4 * a7 + a2 * a5 * a8 + a3 * a6 * a9
                 + a1 * a5 * a9 + a3 * a5 * a7
                 - b1 * b2 * b3 - b4 * b5 * b6 - b7 * b8 * b9 - b1 * b4 * b7 - b2 * b5 * b8 - b3 * b6 * b9
                 - b1 * b5 * b9 - b3 * b5 * b7) * chance
            v += t // cube if t >= 0 else -(-t // cube)
        if closed:
            v += big[index]
        if free_move:
            v = v - free if state & 1 else v + free
        elif state & 1:
            v += o_threat[c >> shift[sub] & ch]
        else:
            v += x_threat[c >> shift[sub] & ch]
        return bounded(v, cannot, xw, ow, draw) if cannot else v

    return evaluate


def _win_in_one(state: int, c: int, sub: int, free_move: int, xc: int, oc: int, x_threat: Sequence[int],
                o_threat: Sequence[int]) -> int:
    """The exact score (x's view) of the win when the side to move wins the game with its next move, else 0;
    ``xc``/``oc``: the sub-boards completing a big-board line for x/o."""
    if state & 1:
        return -(WIN + 80 - c.bit_count()) if oc and _wins_now(c, oc, sub, free_move, o_threat) else 0
    return WIN + 80 - c.bit_count() if xc and _wins_now(c, xc, sub, free_move, x_threat) else 0


def _wins_now(c: int, completes: int, sub: int, free_move: int, threats: Sequence[int]) -> bool:
    """Whether the side to move wins the game with its next move: it can win a sub-board (its ``threats``
    table) that completes a big-board line (``completes``), the one it is sent to or, on a free move, any."""
    if not free_move:
        return bool(completes >> (sub - 1) & 1 and threats[c >> SUB_STRIDE * (sub - 1) & CHUNK])
    while completes:
        low = completes & -completes
        if threats[c >> SUB_STRIDE * (low.bit_length() - 1) & CHUNK]:
            return True
        completes ^= low
    return False


def make_evaluate(w: Weights = DEFAULT_WEIGHTS, draw: int = 0, net: Net | None = None) -> Evaluate:
    """An evaluation function (x's point of view) with the given weights; ``draw`` is added to the value of
    a certain draw (x's view: negative when x would rather play on, see :func:`judges`). With a ``net`` (the
    learned evaluation, :mod:`engine.evaluation.ultimate_net`), a certain draw and a win in one move are
    scored as ever and everything else by the net (needs ``w.relevance``, as the C search does).

    :raises ValueError: ``w.threat`` below 1 (see ``WEIGHT_DEFAULTS``).
    """
    if w.threat < 1:
        raise ValueError(f"the threat weight must be at least 1, not {w.threat}")
    if net is not None and not w.relevance:
        raise ValueError("the learned evaluation needs weights with a relevance term (as the C search)")
    if w.relevance:
        return _make_relevance_evaluate(w, draw, net)
    centre, corner, side, x_threat, o_threat = _sub_tables(w)
    chance = w.chance
    cx, co = _chance_tables(w) if chance else ([], [])
    big = _BigTable(w)
    open_lines = _OpenLines()
    free = w.free_move
    ch = CHUNK

    def evaluate(state: int) -> int:
        """Heuristic value of an unfinished ultimate state, from x's point of view."""
        c = state >> CELLS_SHIFT
        v = (centre[c >> 72 & ch]
             + corner[c & ch] + corner[c >> 36 & ch] + corner[c >> 108 & ch] + corner[c >> 144 & ch]
             + side[c >> 18 & ch] + side[c >> 54 & ch] + side[c >> 90 & ch] + side[c >> 126 & ch])
        if chance:
            v += _chance_term(c, cx, co, chance)
        closed = state >> 8 & NINE
        cannot = 0
        if closed:
            xw = state >> 17 & NINE
            ow = state >> 26 & NINE
            drawn = closed & ~(xw | ow)
            index = (xw | drawn) | (ow | drawn) << 9
            v += big[index]
            cannot, xc, oc = open_lines[index][18:]
            sub = SENT_TO[state & 0xFF]
            free_move = not sub or closed >> (sub - 1) & 1
            if (xc or oc) and (win := _win_in_one(state, c, sub, free_move, xc, oc, x_threat, o_threat)):
                return win
        v += _tempo(state, c, closed, free, x_threat, o_threat)
        return bounded(v, cannot, xw, ow, draw) if cannot else v

    return evaluate


evaluate = make_evaluate()
"""The bot's evaluation with the tuned default weights."""


def scoring(outcome: int, state: int, game: object) -> int:
    """Finished games: ``WIN + empty cells`` for the winner (an earlier win is worth more); a draw by the
    championship's tie-break, :func:`drawn_value` (``DRAW_SUB`` per sub-board won more)."""
    if not outcome:
        return drawn_value(state >> 17 & NINE, state >> 26 & NINE)
    return outcome * (WIN + 81 - (state >> CELLS_SHIFT).bit_count())


def make_scoring(draw: int = 0) -> Callable[[int, int, object], int]:
    """:func:`scoring` with ``draw`` (x's view) added to a drawn game's value."""
    if not draw:
        return scoring

    def scoring_with_contempt(outcome: int, state: int, game: object) -> int:
        """Finished games as :func:`scoring`, a draw moved by the contempt."""
        if not outcome:
            return drawn_value(state >> 17 & NINE, state >> 26 & NINE, draw)
        return outcome * (WIN + 81 - (state >> CELLS_SHIFT).bit_count())

    return scoring_with_contempt


@cache
def judges(side: int, w: Weights = DEFAULT_WEIGHTS, contempt: int = CONTEMPT,
           net: Net | None = None) -> tuple[Evaluate, Callable[..., int]]:
    """The evaluation and scoring for a bot playing ``side`` (0 x, 1 o): draws worth ``contempt`` less to it.

    Values stay x's point of view and depend on the position only, so a transposition table stays valid
    as long as the bot plays the same side.
    """
    draw = draw_shift(side, contempt)
    return make_evaluate(w, draw, net), make_scoring(draw)


def seed_scoring(outcome: int, state: int, game: object) -> int:
    """The course bot's scoring of finished games: a win as in :func:`scoring`, a draw 0 (it knows no tie-break)."""
    if not outcome:
        return 0
    return outcome * (WIN + 81 - (state >> CELLS_SHIFT).bit_count())


# -- the course's evaluation (seed 001, ``mscore``), for the seed-style opponent ------------

SEED_SUB_WIN = 100
"""What ``mscore`` gives a won sub-board (the course's ``maxs``)."""
SEED_BIG_FACTOR = 10
"""The big board scored by the same line rules, times this (the course's ``score`` "with similar parameters")."""


def _mscore(mine: int, theirs: int) -> int:
    """The course's line score of one 3x3 board for the side ``mine``.

    Per line: two of mine and an empty cell +20, two of theirs -20; one of mine
    and two empty +8, one of theirs -8; the middle cell of each line +3 mine /
    -3 theirs; the board's centre as a line's middle +7 mine / -3 theirs (the
    course tests the line's middle index against 5, meaning the centre cell).
    """
    if HAS_LINE[mine]:
        return SEED_SUB_WIN
    if HAS_LINE[theirs]:
        return -SEED_SUB_WIN
    s = 0
    for a, b, c in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)):
        line = 1 << a | 1 << b | 1 << c
        m, t = (mine & line).bit_count(), (theirs & line).bit_count()
        if m == 2 and not t:
            s += 20
        elif t == 2 and not m:
            s -= 20
        elif m == 1 and not t:
            s += 8
        elif t == 1 and not m:
            s -= 8
        if mine >> b & 1:
            s += 3 + (7 if b == CENTRE_CELL else 0)
        elif theirs >> b & 1:
            s -= 3 + (3 if b == CENTRE_CELL else 0)
    return s


def _seed_tables() -> tuple[list[int], list[int]]:
    """mscore of every sub-board filling, from x's point of view, with x to move and with o to move."""
    size = 1 << 18
    x_trait = [0] * size
    o_trait = [0] * size
    for x, o in fillings():
        if HAS_LINE[x] and HAS_LINE[o]:
            continue
        index = x | o << 9
        x_trait[index] = _mscore(x, o)
        o_trait[index] = -_mscore(o, x)
    return x_trait, o_trait


_seed: tuple[list[int], list[int]] | None = None


def seed_evaluate(state: int) -> int:
    """The course's evaluation: ``mscore`` of every sub-board plus the big board's, x's point of view.

    ``mscore`` reads the board for the side to move (its centre term is not
    symmetric), so the tables for x to move and o to move differ.
    """
    global _seed
    if _seed is None:
        _seed = _seed_tables()
    table = _seed[state & 1]
    c = state >> CELLS_SHIFT
    v = sum(table[c >> (SUB_STRIDE * i) & CHUNK] for i in range(9))
    xw = state >> 17 & NINE
    ow = state >> 26 & NINE
    closed = state >> 8 & NINE
    drawn = closed & ~(xw | ow)
    big = table[(xw | drawn) | (ow | drawn) << 9] if not drawn else _seed_big(xw, ow, drawn, state & 1)
    return v + SEED_BIG_FACTOR * big


def _seed_big(xw: int, ow: int, drawn: int, o_to_move: int) -> int:
    """Big-board mscore when some sub-boards are drawn (a drawn sub-board blocks both sides' lines)."""
    mine, theirs = (ow, xw) if o_to_move else (xw, ow)
    s = 0
    for a, b, c in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)):
        line = 1 << a | 1 << b | 1 << c
        if line & drawn:
            continue
        m, t = (mine & line).bit_count(), (theirs & line).bit_count()
        if m == 2 and not t:
            s += 20
        elif t == 2 and not m:
            s -= 20
        elif m == 1 and not t:
            s += 8
        elif t == 1 and not m:
            s -= 8
    return -s if o_to_move else s
