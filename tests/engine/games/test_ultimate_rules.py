"""Ultimate tic-tac-toe rules on hand-made positions: routing, free moves, closed sub-boards, game end."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMoveError
from engine.game import DRAW, X_WINS, O, X
from engine.games.ultimate import ULTIMATE as U
from tests.ultimate_positions import board_fen


def moves_in(*subs: int, skip: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Every move of the given sub-boards, ascending, but ``skip``."""
    return tuple(10 * s + c for s in sorted(subs) for c in range(1, 10) if 10 * s + c not in skip)


def test_start_position_x_plays_anywhere() -> None:
    start = U.initial()
    assert U.fen(start) == "999999999 00 x"
    assert U.to_move(start) == X
    assert U.legal_moves(start) == moves_in(*range(1, 10))
    assert U.forced_sub(start) is None
    assert U.playable_subs(start) == tuple(range(1, 10))
    assert U.last_move(start) is None
    assert U.outcome(start) is None
    assert U.big_board(start) == "........."
    assert U.empty_count(start) == 81


def test_move_is_sent_to_the_sub_board_of_the_cell_played() -> None:
    state = U.play(U.initial(), 52)
    assert U.last_move(state) == 52
    assert U.to_move(state) == O
    assert U.forced_sub(state) == 2
    assert U.playable_subs(state) == (2,)
    assert U.legal_moves(state) == moves_in(2)
    assert U.cell(state, 5, 2) == "x"
    assert U.cells(state)[4 * 9 + 1] == "x"


def test_playing_the_centre_of_a_sub_board_sends_back_into_it() -> None:
    state = U.play(U.initial(), 55)
    assert U.legal_moves(state) == moves_in(5, skip=(55,))


def test_seed_opening_sequence_e2_b1_then_a() -> None:
    state = U.play(U.initial(), U.parse_move("e2", U.initial()))
    state = U.play(state, U.parse_move("1", state))
    assert U.last_move(state) == 21
    assert U.forced_sub(state) == 1


def test_sent_to_a_won_sub_board_means_free_choice_among_open_ones() -> None:
    # x won sub-board 1; o's last move 51 sends x there.
    fen = board_fen({1: "xxx......", 2: "...o.....", 3: "....o....", 5: "o........"}, "51", "x")
    state = U.parse_fen(fen)
    assert U.sub_status(state, 1) == "x"
    assert U.forced_sub(state) is None
    assert U.playable_subs(state) == tuple(range(2, 10))
    assert U.legal_moves(state) == moves_in(*range(2, 10), skip=(24, 35, 51))
    with pytest.raises(IllegalMoveError, match="already won by x"):
        U.play_checked(state, 14)


def test_sent_to_a_full_drawn_sub_board_means_free_choice() -> None:
    # Sub-board 5 is full without a line; x's last move 15 sends o there.
    fen = board_fen({1: "....x....", 5: "xoxxoooxx", 9: "........o"}, "15", "o")
    state = U.parse_fen(fen)
    assert U.sub_status(state, 5) == "draw"
    assert U.big_board(state) == "....-...."
    assert U.forced_sub(state) is None
    assert U.legal_moves(state) == moves_in(1, 2, 3, 4, 6, 7, 8, 9, skip=(15, 99))
    with pytest.raises(IllegalMoveError, match="full"):
        U.play_checked(state, 51)


def test_filling_a_sub_board_without_a_line_closes_it_as_a_draw() -> None:
    fen = board_fen({5: "xoxxooox."}, "55", "x")
    state = U.parse_fen(fen)
    assert U.legal_moves(state) == (59,)
    after = U.play(state, 59)
    assert U.sub_status(after, 5) == "draw"
    assert U.big_board(after) == "....-...."
    assert U.forced_sub(after) == 9
    assert U.legal_moves(after) == moves_in(9)
    assert U.outcome(after) is None


def test_completing_a_line_wins_and_closes_the_sub_board() -> None:
    fen = board_fen({2: "xx.......", 4: "..o......", 6: ".o......."}, "62", "x")
    state = U.parse_fen(fen)
    assert U.forced_sub(state) == 2
    after = U.play(state, 23)
    assert U.sub_status(after, 2) == "x"
    assert U.big_board(after) == ".x......."
    # o is sent to sub-board 3; later moves sent to 2 are free.
    assert U.forced_sub(after) == 3
    sent_back = U.play(after, 32)
    assert U.forced_sub(sent_back) is None
    assert 21 not in U.legal_moves(sent_back)
    assert 24 not in U.legal_moves(sent_back)


def _x_about_to_win_top_row() -> int:
    subs = {1: "xxx......", 2: "xxx......", 3: "xx.......",
            4: "oo.......", 5: "oo.......", 6: "oo.......", 7: "o.o......"}
    return U.parse_fen(board_fen(subs, "73", "x"))


def test_big_board_line_ends_the_game_early() -> None:
    state = _x_about_to_win_top_row()
    assert U.forced_sub(state) == 3
    assert U.legal_moves(state) == moves_in(3, skip=(31, 32))
    over = U.play(state, 33)
    assert U.outcome(over) == X_WINS
    assert U.winner(over) == X
    assert U.is_over(over)
    assert U.legal_moves(over) == ()
    assert U.successors(over) == ()
    assert U.playable_subs(over) == ()
    assert U.forced_sub(over) is None
    assert U.empty_count(over) == 81 - 17
    assert U.parse_fen(U.fen(over)) == over
    with pytest.raises(IllegalMoveError, match="game is over"):
        U.play_checked(over, 41)


def test_a_move_that_does_not_win_leaves_the_game_going() -> None:
    state = U.play(_x_about_to_win_top_row(), 34)
    assert U.outcome(state) is None
    assert U.winner(state) is None
    assert U.forced_sub(state) == 4


# Every sub-board closed, no big-board line: x won 1,3,4,8,9, o won 2,6,7, sub-board 5 full.
_DRAWN_SUBS = {1: "xxxoo....", 2: "ooo......", 3: "xxxoo....", 4: "xxxoo....", 5: "xoxxoooxx",
               6: "ooo......", 7: "o...o...o", 8: "xxx......", 9: "..x..x..x"}


def test_game_with_every_sub_board_closed_and_no_line_is_drawn() -> None:
    state = U.parse_fen(board_fen(_DRAWN_SUBS, "99", "o"))
    assert U.big_board(state) == "xoxx-ooxx"
    assert U.outcome(state) == DRAW
    assert U.winner(state) is None
    assert U.legal_moves(state) == ()


def test_last_move_that_closes_every_sub_board_draws() -> None:
    before = {**_DRAWN_SUBS, 9: "..x..x..."}
    state = U.parse_fen(board_fen(before, "79", "x"))
    assert U.forced_sub(state) == 9
    assert U.legal_moves(state) == moves_in(9, skip=(93, 96))
    drawn = U.play_checked(state, 99)
    assert U.outcome(drawn) == DRAW
    assert U.legal_moves(drawn) == ()
    going_on = U.play(state, 91)
    assert U.outcome(going_on) is None
    assert U.forced_sub(going_on) is None  # sent to sub-board 1, won by x
    assert U.legal_moves(going_on) == moves_in(9, skip=(91, 93, 96))


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (21, "wrong sub-board: must play in sub-board 1"),
        (11, "cell 1 of sub-board 1 is occupied"),
        (10, "out of range"),
        (100, "out of range"),
        ("11", "out of range"),
        (True, "out of range"),
    ],
)
def test_play_checked_names_the_reason(move: object, reason: str) -> None:
    state = U.play(U.initial(), 11)
    with pytest.raises(IllegalMoveError, match=reason):
        U.play_checked(state, move)  # type: ignore[arg-type]


def test_successors_pair_each_legal_move_with_its_child() -> None:
    state = U.play(U.play(U.initial(), 55), 51)
    pairs = U.successors(state)
    assert [m for m, _ in pairs] == list(U.legal_moves(state))
    assert all(child == U.play(state, m) for m, child in pairs)


def test_states_are_hashable_values_equal_by_position() -> None:
    a = U.play(U.play(U.initial(), 11), 15)
    b = U.parse_fen(U.fen(a))
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1


def test_move_name_is_two_digits() -> None:
    assert U.move_name(45) == "45"
    assert U.move_name(11) == "11"


def test_sub_masks_and_board_masks_expose_the_bitboards() -> None:
    state = U.parse_fen(board_fen({2: "xx.......", 4: "..o......", 6: ".o......."}, "62", "x"))
    assert U.sub_masks(state, 2) == (0b11, 0)
    assert U.sub_masks(state, 6) == (0, 0b10)
    won = U.play(state, 23)
    assert U.board_masks(won) == (0b10, 0, 0b10)


def test_board_text_draws_nine_by_nine() -> None:
    text = U.board_text(U.play(U.initial(), 13))
    lines = text.splitlines()
    assert len(lines) == 11
    assert lines[0] == ". . x | . . . | . . ."
