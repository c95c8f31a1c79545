"""Typed ultimate moves: 45, e5, the cell alone when forced, and the reasons a move is refused."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMoveError, MoveSyntaxError
from engine.games.ultimate import ULTIMATE as U
from tests.ultimate_positions import board_fen

START = U.initial()
SENT_TO_4 = U.play(START, 14)  # o must play in sub-board 4


@pytest.mark.parametrize(("text", "move"), [("45", 45), ("e5", 55), ("E5", 55), (" i9 ", 99), ("a1", 11)])
def test_two_character_forms_are_read_at_the_start(text: str, move: int) -> None:
    assert U.parse_move(text, START) == move


def test_cell_alone_when_the_sub_board_is_forced() -> None:
    assert U.parse_move("7", SENT_TO_4) == 47
    assert U.parse_move("47", SENT_TO_4) == 47
    assert U.parse_move("d7", SENT_TO_4) == 47


def test_move_name_reads_back() -> None:
    for move in U.legal_moves(SENT_TO_4):
        assert U.parse_move(U.move_name(move), SENT_TO_4) == move


@pytest.mark.parametrize("text", ["", "  ", "4-5", "455", "ee", "5e", "x", "4 5", "é5", "4\u0665"])
def test_text_that_is_no_move_is_a_syntax_error(text: str) -> None:
    with pytest.raises(MoveSyntaxError, match="not a move"):
        U.parse_move(text, START)


def test_cell_alone_with_a_free_choice_asks_for_the_sub_board() -> None:
    with pytest.raises(MoveSyntaxError, match="only when the sub-board is forced"):
        U.parse_move("5", START)


@pytest.mark.parametrize(
    ("text", "state", "reason"),
    [
        ("40", START, "out of range"),
        ("05", START, "out of range"),
        ("j5", START, "out of range: sub-board letters are a-i"),
        ("e0", START, "out of range"),
        ("0", SENT_TO_4, "out of range"),
        ("55", SENT_TO_4, r"wrong sub-board: must play in sub-board 4 \(d\)"),
        ("e5", SENT_TO_4, "must play in sub-board 4"),
        ("14", SENT_TO_4, "must play in sub-board 4"),
    ],
)
def test_illegal_moves_name_the_reason(text: str, state: int, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason):
        U.parse_move(text, state)


def test_occupied_cell() -> None:
    state = U.play(U.play(START, 44), 41)  # x 44, o 41: x sent to 1
    state = U.play(state, 14)  # o sent to 4, where 44 and 41 are taken
    with pytest.raises(IllegalMoveError, match="cell 4 of sub-board 4 is occupied"):
        U.parse_move("4", state)


def test_sub_board_already_won_on_a_free_move() -> None:
    state = U.parse_fen(board_fen({1: "xxx......", 2: "...o.....", 3: "....o....", 5: "o........"}, "51", "x"))
    with pytest.raises(IllegalMoveError, match=r"sub-board 1 \(a\) is already won by x"):
        U.parse_move("a5", state)


def test_sub_board_full_on_a_free_move() -> None:
    state = U.parse_fen(board_fen({1: "....x....", 5: "xoxxoooxx", 9: "........o"}, "15", "o"))
    with pytest.raises(IllegalMoveError, match=r"sub-board 5 \(e\) is full"):
        U.parse_move("e1", state)


def test_game_over() -> None:
    subs = {1: "xxx......", 2: "xxx......", 3: "xxx......",
            4: "oo.......", 5: "oo.......", 6: "oo.......", 7: "o.o......"}
    state = U.parse_fen(board_fen(subs, "33", "o"))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        U.parse_move("45", state)


def test_the_notation_sits_below_the_rules() -> None:
    """engine.games.ultimate imports the notation, never the other way round (no import cycle)."""
    import subprocess
    import sys

    code = "import sys, engine.games.ultimate_notation; print('engine.games.ultimate' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "False", result.stderr
    source = open(sys.modules["engine.games.ultimate_notation"].__file__, encoding="utf-8").read()
    assert "engine.games.ultimate " not in source and "from engine.games.ultimate import" not in source
