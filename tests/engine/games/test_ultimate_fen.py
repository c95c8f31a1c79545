"""Ultimate FEN: canonical output, round trips, and every reason a FEN is refused."""

from __future__ import annotations

import pytest

from engine.errors import FenError
from engine.game import O
from engine.games.ultimate import ULTIMATE as U
from tests.ultimate_positions import board_fen

START = "999999999 00 x"


def test_start_position_round_trips() -> None:
    assert U.parse_fen(START) == U.initial()
    assert U.fen(U.initial()) == START


def test_runs_cross_sub_boards_and_are_merged_canonically() -> None:
    state = U.play(U.play(U.initial(), 19), 91)
    assert U.fen(state) == "8x9999999o8 91 x"
    assert U.parse_fen("8x999999111111111o11111111 91 x") == state
    assert U.fen(U.parse_fen("8x999999111111111o11111111 91 x")) == "8x9999999o8 91 x"


def test_fen_reads_sub_board_major_order() -> None:
    state = U.parse_fen("9x99999998 21 o")
    assert U.cell(state, 2, 1) == "x"
    assert U.last_move(state) == 21
    assert U.to_move(state) == O


def test_finished_positions_are_valid() -> None:
    subs = {1: "xxx......", 2: "xxx......", 3: "xxx......",
            4: "oo.......", 5: "oo.......", 6: "oo.......", 7: "o.o......"}
    fen = board_fen(subs, "33", "o")
    assert U.fen(U.parse_fen(fen)) == fen
    assert U.outcome(U.parse_fen(fen)) == 1


SYNTAX = [
    (START + " ", "leading or trailing whitespace"),
    (" " + START, "leading or trailing whitespace"),
    ("999999999  00 x", "single spaces (found several)"),
    ("999999999\t00 x", "tab or newline"),
    ("999999999 00\nx", "tab or newline"),
    ("999999999 00", "3 fields"),
    ("999999999 00 x x", "3 fields"),
    ("", "empty FEN"),
    ("X99999998 11 o", "upper-case 'X'"),
    ("9O9999998 21 x", "upper-case 'O'"),
    ("0999999999 00 x", "digit 0"),
    ("99999999a 00 x", "unexpected character 'a'"),
    ("99999999- 00 x", "unexpected character '-'"),
    ("99999999 00 x", "describes 72 cells, expected 81"),
    ("9999999999 00 x", "describes 90 cells, expected 81"),
    ("x999999999 11 o", "describes 82 cells, expected 81"),
    ("999999999 0 x", "two digits"),
    ("999999999 000 x", "two digits"),
    ("999999999 ab x", "two digits"),
    ("999999999 4x x", "two digits"),
    ("x99999998 10 o", "numbered 1-9"),
    ("x99999998 01 o", "numbered 1-9"),
    ("999999999 00 X", "upper-case side to move 'X'"),
    ("999999999 00 z", "side to move must be 'x' or 'o'"),
    ("999999999 00 xo", "side to move must be 'x' or 'o'"),
]


@pytest.mark.parametrize(("fen", "reason"), SYNTAX)
def test_malformed_fen_is_refused_with_the_reason(fen: str, reason: str) -> None:
    with pytest.raises(FenError) as caught:
        U.parse_fen(fen)
    assert reason in caught.value.reason
    assert caught.value.fen == fen


def test_non_string_is_refused() -> None:
    with pytest.raises(FenError, match="must be a string"):
        U.parse_fen(None)  # type: ignore[arg-type]


TOP_ROW_X = {1: "xxx......", 2: "xxx......", 3: "xxx......"}
SEMANTIC = [
    ("x999999998 00 x", "x moves first and is to move"),
    ("xx999999997 12 o", "x needs exactly one stone more"),
    ("o999999998 11 o", "x needs exactly one stone more"),
    ("xo999999997 12 o", "x needs exactly one stone more"),
    ("999999999 45 x", "last move 45 given on an empty board"),
    ("999999999 00 o", "x needs exactly one stone more"),
    ("x999999998 00 o", "last move 00 (none) but the board has stones"),
    ("x999999998 12 o", "last move 12 is on an empty cell"),
    (board_fen({1: "x.......o"}, "11", "x"), "last move 11 is on a stone of x, the side to move"),
    (board_fen({1: "xxxooo..."}, "14", "x"), "sub-board 1 has a line for both x and o"),
    # o's last move 14 went into sub-board 1, which x had already won.
    (board_fen({1: "xxxo.....", 2: "o........", 3: "o........"}, "14", "x"),
     "last move 14 was played into sub-board 1, already won by x before it"),
    # x's last move 15 added to a sub-board x had already won.
    (board_fen({1: "xxx.x....", 2: "o........", 3: "o........", 4: "o........"}, "15", "o"),
     "already won by x before it"),
    (board_fen({1: "xxx...xxx", 2: "o..o.....", 3: "o..o.....", 4: "o..o.....", 5: "....x...."}, "55", "o"),
     "sub-board 1 has lines of x that no single move completed"),
    (board_fen({**TOP_ROW_X, 4: "ooo......", 5: "ooo......", 6: "ooo......", 7: "x........"}, "71", "o"),
     "both x and o have three sub-boards in a line"),
    # x already owned the top row when o moved.
    (board_fen({**TOP_ROW_X, 4: "oo.......", 5: "oo.......", 6: "oo.......", 7: "oo.o....."}, "74", "x"),
     "already over before the last move 74 (x already had three sub-boards in a line)"),
    # x's last move 49 won sub-board 4 after the top row had already ended the game.
    (board_fen({**TOP_ROW_X, 4: "..x..x..x", 5: "oo.......", 6: "oo.......", 7: "oo.......",
                8: "oo.......", 9: "oo.o....."}, "49", "o"),
     "already over before the last move 49"),
]


@pytest.mark.parametrize(("fen", "reason"), SEMANTIC)
def test_unreachable_position_is_refused_with_the_reason(fen: str, reason: str) -> None:
    with pytest.raises(FenError) as caught:
        U.parse_fen(fen)
    assert reason in caught.value.reason
    assert caught.value.fen == fen


def test_the_move_that_wins_the_game_is_accepted_as_last_move() -> None:
    fen = board_fen({**TOP_ROW_X, 4: "oo.......", 5: "oo.......", 6: "oo.......", 7: "o.o......"}, "33", "o")
    assert U.outcome(U.parse_fen(fen)) == 1


def test_the_move_that_wins_a_sub_board_is_accepted_as_last_move() -> None:
    fen = board_fen({1: "xx..x...x", 2: "o........", 3: "o........", 4: "o........"}, "19", "o")
    assert U.sub_status(U.parse_fen(fen), 1) == "x"
