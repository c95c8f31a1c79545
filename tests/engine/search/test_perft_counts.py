"""Perft: exact move-sequence counts for both games, through the engine and through `treeviz perft`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.games.tictactoe import TICTACTOE
from engine.games.ultimate import ULTIMATE as U
from engine.search.perft import divide, perft
from tests.ultimate_positions import board_fen

TREEVIZ = Path(sys.executable).parent / "treeviz"


@pytest.mark.parametrize(("depth", "count"), [(0, 1), (1, 81), (2, 720), (3, 6_336), (4, 55_080), (5, 473_256)])
def test_ultimate_perft_from_the_start(depth: int, count: int) -> None:
    assert perft(U, U.initial(), depth) == count


@pytest.mark.slow
def test_ultimate_perft_6_from_the_start() -> None:
    # Beyond the figures; the plain-list rule book of test_ultimate_properties
    # gives the same 4,020,960 (a 5 s run, done by hand rather than in CI).
    assert perft(U, U.initial(), 6) == 4_020_960


@pytest.mark.slow
def test_tictactoe_perft_counts_sequences_of_exactly_that_length() -> None:
    # Games ending before the depth add nothing: the full tree has 255,168 games,
    # of which 127,872 last all nine plies.
    expected = [1, 9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872, 0]
    start = TICTACTOE.parse_fen("9 x")
    assert [perft(TICTACTOE, start, d) for d in range(11)] == expected


def test_finished_position_has_one_sequence_of_length_zero_and_none_longer() -> None:
    won = TICTACTOE.parse_fen("xxx1oo3 o")
    assert perft(TICTACTOE, won, 0) == 1
    assert perft(TICTACTOE, won, 1) == 0


def test_free_move_after_being_sent_to_a_won_sub_board() -> None:
    # x won sub-board 1, o (stones 24, 35, 51) sends x there: x may play any of
    # the 69 empty cells of sub-boards 2-9.
    o_stones = {24, 35, 51}
    state = U.parse_fen(board_fen({1: "xxx......", 2: "...o.....", 3: "....o....", 5: "o........"}, "51", "x"))
    assert perft(U, state, 1) == 69
    expected = 0
    for sub in range(2, 10):
        for cell in range(1, 10):
            if 10 * sub + cell in o_stones:
                continue
            if cell == 1:  # sent to the won sub-board: free again, one cell fewer
                expected += 68
            else:
                expected += 9 - sum(1 for m in o_stones if m // 10 == cell) - (sub == cell)
    assert perft(U, state, 2) == expected


def test_full_sub_board_is_skipped() -> None:
    state = U.parse_fen(board_fen({1: "....x....", 5: "xoxxoooxx", 9: "........o"}, "15", "o"))
    assert perft(U, state, 1) == 72 - 2


def test_big_board_win_ends_sequences_early() -> None:
    subs = {1: "xxx......", 2: "xxx......", 3: "xx.......",
            4: "oo.......", 5: "oo.......", 6: "oo.......", 7: "o.o......"}
    state = U.parse_fen(board_fen(subs, "73", "x"))
    # x: 33 wins (no reply), 34-37 send o to sub-boards with 7 free cells, 38-39 to empty ones.
    assert divide(U, state, 2) == {33: 0, 34: 7, 35: 7, 36: 7, 37: 7, 38: 9, 39: 9}
    assert perft(U, state, 2) == 46


def test_negative_depth_is_refused() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        perft(U, U.initial(), -1)


def run_perft(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TREEVIZ), "perft", *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("fen", "depth", "out"), [("999999999 00 x", "3", "6336"), ("9 x", "9", "127872"),
                                                    ("1o11o1oxx x", "2", "12")])
def test_treeviz_perft_prints_one_integer(fen: str, depth: str, out: str) -> None:
    result = run_perft(fen, depth)
    assert result.returncode == 0, result.stderr
    assert result.stdout == out + "\n"
    assert result.stderr == ""


@pytest.mark.parametrize(("args", "message"), [(("999999999 00 X", "2"), "upper-case"),
                                               (("9 x", "-1"), "DEPTH must be 0 or more"),
                                               (("9 x", "two"), "two"),
                                               (("999999999 45 x", "1"), "empty board")])
def test_treeviz_perft_bad_input_is_a_one_line_error(args: tuple[str, str], message: str) -> None:
    result = run_perft(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]
