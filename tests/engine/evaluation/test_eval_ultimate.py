"""The ultimate evaluation: tables agree with a direct count, colour symmetry, the course's mscore."""

from __future__ import annotations

import random

import pytest

from engine.evaluation.ultimate import (
    CONTEMPT,
    DEFAULT_WEIGHTS,
    WIN,
    _mscore,
    evaluate,
    judges,
    make_evaluate,
    scoring,
    seed_evaluate,
)
from engine.games.ultimate import ULTIMATE
from tests.ultimate_positions import random_positions

W = DEFAULT_WEIGHTS.with_(relevance=0)
"""The fixed place multipliers (the evaluation without relevance weighting)."""
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
PLACE = [W.place_corner, W.place_side, W.place_corner, W.place_side, W.place_centre, W.place_side,
         W.place_corner, W.place_side, W.place_corner]
CELL = [W.corner, W.side, W.corner, W.side, W.centre, W.side, W.corner, W.side, W.corner]


def slow_bounded(state: int, v: int) -> int:
    """``v`` held to the draw's value (10 per sub-board won more) on the side of a player that cannot win."""
    big = ULTIMATE.big_board(state)
    can = {me: any(not {other, "-"} & {big[i] for i in line} for line in LINES)
           for me, other in (("x", "o"), ("o", "x"))}
    draw = 10 * (big.count("x") - big.count("o"))
    if not can["x"] and not can["o"]:
        return draw
    if not can["x"]:
        return min(v, draw)
    if not can["o"]:
        return max(v, draw)
    return v


def slow_win_now(state: int) -> int | None:
    """The exact score (x's view) of the quickest win when the side to move wins with its next move, found by
    playing every legal move; None when it cannot."""
    for move in ULTIMATE.legal_moves(state):
        child = ULTIMATE.play(state, move)
        if ULTIMATE.outcome(child) in (1, -1):
            return scoring(ULTIMATE.outcome(child), child, ULTIMATE)
    return None


def slow_evaluate(state: int) -> int:
    """The evaluation written out cell by cell from the public accessors (no tables)."""
    win = slow_win_now(state)
    return win if win is not None else slow_bounded(state, slow_unbounded(state))


def slow_unbounded(state: int) -> int:
    """:func:`slow_evaluate` before the bound for a side that cannot win."""
    big = ULTIMATE.big_board(state)
    v = 0
    for sub in range(1, 10):
        if big[sub - 1] != ".":
            continue
        cells = [ULTIMATE.cell(state, sub, c) for c in range(1, 10)]
        score = 0
        for me, sign in (("x", 1), ("o", -1)):
            other = "o" if me == "x" else "x"
            for line in LINES:
                marks = [cells[i] for i in line]
                if other in marks:
                    continue
                n = marks.count(me)
                score += sign * (W.two if n == 2 else W.one if n == 1 else 0)
            score += sign * sum(CELL[i] for i in range(9) if cells[i] == me)
        v += int(score * PLACE[sub - 1] / 10)
    for me, sign in (("x", 1), ("o", -1)):
        v += sign * sum(W.won * PLACE[s] // 10 for s in range(9) if big[s] == me)
        blockers = {"o", "-"} if me == "x" else {"x", "-"}
        for line in LINES:
            marks = [big[i] for i in line]
            if blockers & set(marks):
                continue
            n = marks.count(me)
            v += sign * (W.big_two if n == 2 else W.big_one if n == 1 else 0)
    v += slow_chance(state, W)
    mover = "xo"[ULTIMATE.to_move(state)]
    sign = 1 if mover == "x" else -1
    forced = ULTIMATE.forced_sub(state)
    if forced is None:
        v += sign * W.free_move
    else:
        cells = [ULTIMATE.cell(state, forced, c) for c in range(1, 10)]
        other = "o" if mover == "x" else "x"
        if any([cells[i] for i in line].count(mover) == 2 and other not in [cells[i] for i in line]
               for line in LINES):
            v += sign * W.threat
    return v


def slow_chance(state: int, w) -> int:
    """The big-board chance term written out: per line, the product of each side's chances (0..20) of
    winning its three sub-boards, times ``w.chance`` / 20**3, truncated toward zero."""
    big = ULTIMATE.big_board(state)
    chances = {"x": [], "o": []}
    for sub in range(1, 10):
        cells = [ULTIMATE.cell(state, sub, c) for c in range(1, 10)]
        for me, other in (("x", "o"), ("o", "x")):
            if big[sub - 1] == me:
                chances[me].append(20)
                continue
            free = [[cells[i] for i in line] for line in LINES if other not in [cells[i] for i in line]]
            if big[sub - 1] != "." or not free:
                chances[me].append(0)
                continue
            twos = sum(1 for marks in free if marks.count(me) == 2)
            ones = sum(1 for marks in free if marks.count(me) == 1)
            chances[me].append(min(18, w.chance_base + w.chance_two * twos + w.chance_one * ones))
    total = sum(chances["x"][a] * chances["x"][b] * chances["x"][c] - chances["o"][a] * chances["o"][b]
                * chances["o"][c] for a, b, c in LINES)
    return int(total * w.chance / 20 ** 3)


def slow_relevance_evaluate(state: int, weights) -> int:
    """The relevance-weighted evaluation written out: each side's sub-board potential times its open big lines."""
    w = weights
    big = ULTIMATE.big_board(state)
    total = 0
    for sub in range(1, 10):
        if big[sub - 1] != ".":
            continue
        cells = [ULTIMATE.cell(state, sub, c) for c in range(1, 10)]
        for me, sign in (("x", 1), ("o", -1)):
            other = "o" if me == "x" else "x"
            part = sum(w.two if [cells[i] for i in line].count(me) == 2 else w.one
                       if [cells[i] for i in line].count(me) == 1 else 0
                       for line in LINES if other not in [cells[i] for i in line])
            part += sum((w.centre, w.corner, w.side)[0 if i == 4 else 1 if i in (0, 2, 6, 8) else 2]
                        for i in range(9) if cells[i] == me)
            open_big = sum(1 for line in LINES if sub - 1 in line and not {other, "-"} & {big[i] for i in line})
            total += sign * part * open_big
    v = int(total * w.relevance / 10)
    plain = slow_unbounded(state)  # the big-board and tempo terms are the same in both modes
    cells_part = 0
    for sub in range(1, 10):
        if big[sub - 1] != ".":
            continue
        cells = [ULTIMATE.cell(state, sub, c) for c in range(1, 10)]
        score = 0
        for me, sign in (("x", 1), ("o", -1)):
            other = "o" if me == "x" else "x"
            for line in LINES:
                marks = [cells[i] for i in line]
                if other in marks:
                    continue
                n = marks.count(me)
                score += sign * (W.two if n == 2 else W.one if n == 1 else 0)
            score += sign * sum(CELL[i] for i in range(9) if cells[i] == me)
        cells_part += int(score * PLACE[sub - 1] / 10)
    win = slow_win_now(state)
    return win if win is not None else slow_bounded(state, v + plain - cells_part)


def test_relevance_weighting_agrees_with_a_direct_count() -> None:
    assert DEFAULT_WEIGHTS.relevance and DEFAULT_WEIGHTS.chance  # the bot's evaluation is this one
    for state in random_states(120, 21):
        assert evaluate(state) == slow_relevance_evaluate(state, DEFAULT_WEIGHTS), ULTIMATE.fen(state)


def random_states(count: int, seed: int) -> list[int]:
    """Unfinished positions 0-70 random moves in."""
    return random_positions(count, seed, plies=(0, 71))


def mirror(state: int) -> int:
    """The same position with x and o swapped (not always reachable, fine for an evaluation)."""
    x_subs = [ULTIMATE.sub_masks(state, s)[1] for s in range(1, 10)]
    o_subs = [ULTIMATE.sub_masks(state, s)[0] for s in range(1, 10)]
    return ULTIMATE.from_masks(x_subs, o_subs, ULTIMATE.last_move(state) or 0, 1 - ULTIMATE.to_move(state))


@pytest.mark.parametrize("seed", range(4))
def test_tables_agree_with_a_direct_count(seed: int) -> None:
    ev = make_evaluate(W)
    for state in random_states(60, seed):
        assert ev(state) == slow_evaluate(state), ULTIMATE.fen(state)


def test_start_position_favours_nobody_but_the_free_move() -> None:
    assert evaluate(ULTIMATE.initial()) == W.free_move


@pytest.mark.parametrize("weights", [W, DEFAULT_WEIGHTS])
def test_swapping_colours_negates_the_value(weights) -> None:
    ev = make_evaluate(weights)
    for state in random_states(100, 9):
        assert ev(mirror(state)) == -ev(state)


def test_won_games_score_beyond_every_heuristic_and_prefer_early_wins() -> None:
    states = [s for s in random_states(300, 3) if slow_win_now(s) is None]  # (a win in one scores that win)
    assert len(states) > 250 and max(abs(evaluate(s)) for s in states) < WIN // 10
    early = ULTIMATE.from_masks([0b111, 0b111, 0b111] + [0] * 6, [0b11000, 0b11000, 0b11000] + [0] * 6, 13, 1)
    late = ULTIMATE.from_masks([0b111, 0b111, 0b111, 0b100] + [0] * 5,
                               [0b11000, 0b11000, 0b11000, 0b1] + [0] * 5, 13, 1)
    assert scoring(1, early, ULTIMATE) > scoring(1, late, ULTIMATE) > WIN
    assert scoring(-1, early, ULTIMATE) == -scoring(1, early, ULTIMATE)
    assert scoring(0, early, ULTIMATE) == 10 * (3 - 0)  # a draw: the championship's tie-break


X_SUB, O_SUB = (0b111, 0b11000), (0b11000, 0b111)
DRAWN_SUB = (0b110001101, 0b001110010)
"""Sub-boards won by x, won by o, and full without a line: (x mask, o mask)."""


def big_position(big: str) -> int:
    """A position whose big board reads ``big`` (x, o, - drawn, . empty), o to move anywhere."""
    subs = [{"x": X_SUB, "o": O_SUB, "-": DRAWN_SUB, ".": (0, 0)}[mark] for mark in big]
    return ULTIMATE.from_masks([x for x, _ in subs], [o for _, o in subs], 0, 1)


def test_a_dead_draw_is_worth_the_tie_break() -> None:
    state = big_position("xoxxoo--.")  # every big line holds both sides' or a drawn sub-board
    assert ULTIMATE.big_board(state) == "xoxxoo--." and not ULTIMATE.is_over(state)
    assert evaluate(state) == make_evaluate(W)(state) == 10 * (3 - 3)
    state = big_position("xoxxoo-..")
    assert evaluate(state) == slow_relevance_evaluate(state, DEFAULT_WEIGHTS)
    assert make_evaluate(W)(state) == slow_evaluate(state)


def test_a_side_that_cannot_win_is_held_to_the_draw() -> None:
    state = big_position("xoxxoo.x.")  # o has no free line; x still has the bottom row
    assert evaluate(state) == slow_relevance_evaluate(state, DEFAULT_WEIGHTS) >= 10 * (4 - 3)
    assert make_evaluate(W)(state) == slow_evaluate(state) >= 10 * (4 - 3)
    assert evaluate(mirror(state)) == -evaluate(state)
    late = [st for st in random_states(150, 31) if "." in ULTIMATE.big_board(st)]
    for st in late:
        assert evaluate(st) == slow_relevance_evaluate(st, DEFAULT_WEIGHTS)
        assert make_evaluate(W)(st) == slow_evaluate(st)


def test_a_win_in_one_is_scored_as_that_win() -> None:
    # x has won sub-boards 1 and 2 and holds cells 1 and 2 of sub-board 3: the top big line is one move away
    x_subs = [0b111, 0b111, 0b11] + [0] * 6
    o_subs = [0b11000, 0b11000, 0b11000, 0b1] + [0] * 5

    def after_o_played(cell: int) -> int:
        """x to move after o's last move in sub-board 5, which sends x to sub-board ``cell``."""
        return ULTIMATE.from_masks(x_subs, o_subs[:4] + [1 << (cell - 1)] + [0] * 4, 50 + cell, 0)

    sent_to_3 = after_o_played(3)
    assert ULTIMATE.forced_sub(sent_to_3) == 3 and not ULTIMATE.is_over(sent_to_3)
    stones = 16
    assert evaluate(sent_to_3) == make_evaluate(W)(sent_to_3) == WIN + 81 - (stones + 1) == slow_win_now(sent_to_3)
    assert evaluate(mirror(sent_to_3)) == -evaluate(sent_to_3)
    free = after_o_played(1)  # sent to a won sub-board: x may play anywhere, sub-board 3 too
    assert ULTIMATE.forced_sub(free) is None and evaluate(free) == slow_win_now(free) == WIN + 81 - (stones + 1)
    sent_to_6 = after_o_played(6)  # sent elsewhere: no win in one, a heuristic value
    assert slow_win_now(sent_to_6) is None and abs(evaluate(sent_to_6)) < WIN
    o_to_move = ULTIMATE.from_masks(x_subs, o_subs, 32, 1)  # o, on a free move, has no big line to complete
    assert ULTIMATE.forced_sub(o_to_move) is None and abs(evaluate(o_to_move)) < WIN


def test_wins_in_one_are_found_exactly_in_random_games() -> None:
    rng = random.Random(11)
    ev, plain = evaluate, make_evaluate(W)
    found = 0
    for _ in range(60):
        state = ULTIMATE.initial()
        while not ULTIMATE.is_over(state):
            win = slow_win_now(state)
            if win is not None:
                found += 1
                assert ev(state) == plain(state) == win
            else:
                assert abs(ev(state)) < WIN and abs(plain(state)) < WIN
            state = ULTIMATE.play(state, rng.choice(ULTIMATE.legal_moves(state)))
    assert found > 50  # free moves and forced sub-boards alike


def test_a_threat_weight_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="threat weight"):
        make_evaluate(DEFAULT_WEIGHTS.with_(threat=0))


def test_course_mscore_values() -> None:
    assert _mscore(0, 0) == 0
    # the centre alone: 4 lines with one stone (+8 each), middle of 4 lines (+3 each) and the centre bonus (+7 x4)
    assert _mscore(1 << 4, 0) == 4 * 8 + 4 * 3 + 4 * 7
    assert _mscore(0, 1 << 4) == -(4 * 8 + 4 * 3 + 4 * 3)
    # a corner alone: 3 lines with one stone, never a line's middle
    assert _mscore(1, 0) == 3 * 8
    # two corners on the top row: the row is a two (+20), each corner's column and diagonal a one (+8 x4)
    assert _mscore(0b101, 0) == 20 + 4 * 8
    assert _mscore(0b111, 0) == 100 and _mscore(0, 0b111) == -100


def test_seed_evaluation_reads_for_the_side_to_move() -> None:
    state = ULTIMATE.play(ULTIMATE.initial(), 55)  # x in the centre of the centre, o to move
    assert seed_evaluate(state) > 0
    assert seed_evaluate(ULTIMATE.initial()) == 0


def test_contempt_moves_only_draws_against_the_bots_side() -> None:
    dead = big_position("xoxxoo--.")
    live = random_states(80, 5)
    as_x, as_o = judges(0), judges(1)
    assert as_x[0](dead) == evaluate(dead) - CONTEMPT and as_o[0](dead) == evaluate(dead) + CONTEMPT
    for s in live:
        big = ULTIMATE.big_board(s)
        both_can_win = all(any(not {other, "-"} & {big[i] for i in line} for line in LINES) for other in "xo")
        if both_can_win:
            assert as_x[0](s) == as_o[0](s) == evaluate(s)
    drawn = ULTIMATE.from_masks([DRAWN_SUB[0]] * 9, [DRAWN_SUB[1]] * 9, 11, 0)
    assert ULTIMATE.outcome(drawn) == 0
    assert as_x[1](0, drawn, ULTIMATE) == scoring(0, drawn, ULTIMATE) - CONTEMPT == -CONTEMPT
    assert as_o[1](1, drawn, ULTIMATE) == scoring(1, drawn, ULTIMATE)
