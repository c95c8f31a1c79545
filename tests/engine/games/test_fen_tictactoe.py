"""Tic-tac-toe FEN: round trips over every reachable position, and every bad shape refused with its reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import TICTACTOE, FenError
from tests import search_reference as ref

GAME = TICTACTOE
ALL_POSITIONS = ref.reachable("x") + ref.reachable("o")


def test_round_trip_on_every_reachable_position() -> None:
    states = set()
    for position in ALL_POSITIONS:
        fen = ref.to_fen(position)
        state = GAME.parse_fen(fen)
        assert GAME.fen(state) == fen
        assert GAME.cells(state) == position[0]
        assert "xo"[GAME.to_move(state)] == position[1]
        assert GAME.parse_fen(GAME.fen(state)) == state
        states.add(state)
    assert len(states) == len(set(ALL_POSITIONS))


def split_runs(fen: str, cuts: list[int]) -> str:
    """The same position with its empty runs written as several digits (``3`` -> ``12``)."""
    board, side = fen.split(" ")
    out = []
    for i, ch in enumerate(board):
        if ch.isdigit() and int(ch) > 1 and cuts[i % len(cuts)] % int(ch):
            k = cuts[i % len(cuts)] % int(ch)
            out.append(f"{k}{int(ch) - k}")
        else:
            out.append(ch)
    return "".join(out) + " " + side


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(ALL_POSITIONS), st.lists(st.integers(0, 8), min_size=1, max_size=9))
def test_split_runs_read_the_same(position: ref.Position, cuts: list[int]) -> None:
    fen = ref.to_fen(position)
    assert GAME.parse_fen(split_runs(fen, cuts)) == GAME.parse_fen(fen)


def test_course_examples() -> None:
    assert GAME.cells(GAME.parse_fen("1o11o1oxx x")) == ".o..o.oxx"
    assert GAME.to_move(GAME.parse_fen("1o11o1oxx x")) == 0
    assert GAME.cells(GAME.parse_fen("x21o11xo o")) == "x...o..xo"
    assert GAME.to_move(GAME.parse_fen("x21o11xo o")) == 1
    assert GAME.parse_fen("9 x") == GAME.initial()
    assert GAME.fen(GAME.parse_fen("1o11o1oxx x")) == "1o2o1oxx x"


def test_finished_positions_are_valid_single_leaves() -> None:
    for fen in ("xxxoo4 o", "oooxx1x2 x", "xoxxoxoxo o", "xoxoxooxo x"):
        state = GAME.parse_fen(fen)
        assert GAME.outcome(state) is not None
        assert GAME.legal_moves(state) == ()


BAD = [
    # (fen, words the reason must contain)
    ("", "empty"),
    ("   ", "empty"),
    ("9", "missing the side to move"),
    ("9x", "missing the side to move"),
    (" 9 x", "whitespace"),
    ("9 x ", "whitespace"),
    ("9 x\n", "whitespace"),
    ("9  x", "one space"),
    ("9\tx", "one space"),
    ("9 x x", "one space"),
    ("X8 x", "upper-case 'X'"),
    ("xO7 x", "upper-case 'O'"),
    ("9 X", "lower-case"),
    ("9 O", "lower-case"),
    ("9 xo", "side to move"),
    ("9 -", "side to move"),
    ("x.8 o", "unexpected character '.'"),
    ("09 x", "unexpected character '0'"),
    ("x-7 o", "unexpected character '-'"),
    ("\u0669 x", "unexpected character"),
    ("99 x", "more than 9 cells"),
    ("x9 o", "more than 9 cells"),
    ("xoxoxoxoxo x", "more than 9 cells"),
    ("8 x", "fewer than 9 cells"),
    ("x7 o", "fewer than 9 cells"),
    ("1111 x", "fewer than 9 cells"),
    ("xxx6 o", "counts differ by more than one"),
    ("ooo6 x", "counts differ by more than one"),
    ("xxxxx4 o", "counts differ by more than one"),
    ("x8 x", "x is to move but already has more pieces"),
    ("o8 o", "o is to move but already has more pieces"),
    ("xxo6 x", "x is to move but already has more pieces"),
    ("xxxooo3 x", "both players have three in a row"),
    ("xxx3ooo o", "both players have three in a row"),
    ("xxxoo1o2 x", "x is to move but already has three in a row"),
    ("oooxx1x2 o", "o is to move but already has three in a row"),
]


@pytest.mark.parametrize(("fen", "words"), BAD)
def test_bad_fen_is_refused_with_its_reason(fen: str, words: str) -> None:
    with pytest.raises(FenError) as caught:
        GAME.parse_fen(fen)
    assert words in caught.value.reason
    assert caught.value.fen == fen
    assert "\n" not in caught.value.reason


@pytest.mark.parametrize("value", [None, 9, b"9 x"])
def test_non_strings_are_refused(value: object) -> None:
    with pytest.raises(FenError, match="must be a string"):
        GAME.parse_fen(value)  # type: ignore[arg-type]


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="xoXO0123456789. \t\n-", max_size=14))
def test_any_text_is_parsed_or_refused_cleanly(text: str) -> None:
    """Whatever the text, the parser either returns a state whose FEN reads back, or raises FenError."""
    try:
        state = GAME.parse_fen(text)
    except FenError as error:
        assert error.reason and "\n" not in error.reason
        return
    assert GAME.parse_fen(GAME.fen(state)) == state
    board = GAME.cells(state)
    assert abs(board.count("x") - board.count("o")) <= 1
