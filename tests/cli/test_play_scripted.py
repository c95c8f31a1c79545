"""treeviz play --game ttt driven through stdin: wins, draws, bad input, each computer opponent."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.games.tictactoe import TICTACTOE
from tests.play_helpers import run_script

EVERY_CELL_IN_TURN = "".join(f"{c}\n" for c in range(1, 10)) * 5
"""A player who tries cells 1, 2, 3, ... and takes the first free one (the others are answered as taken)."""


def typed(*moves: object) -> str:
    return "".join(f"{m}\n" for m in moves)


def final_fen(stdout: str) -> str:
    return re.search(r"^(?:Final position|FEN): (.*)$", stdout, flags=re.MULTILINE)[1]


def test_two_people_play_to_a_win(tmp_path: Path) -> None:
    result = run_script("treeviz", "play", "--game", "ttt", "--human", "both", "--no-png", "-o", str(tmp_path),
                        stdin=typed(1, 4, 2, 5, 3))
    assert result.returncode == 0, result.stderr
    assert "Game over: x wins." in result.stdout
    assert final_fen(result.stdout) == "xxxoo4 o"


def test_two_people_play_to_a_draw(tmp_path: Path) -> None:
    result = run_script("treeviz", "play", "--game", "ttt", "--human", "both", "--no-png", "-o", str(tmp_path),
                        stdin=typed(1, 2, 3, 5, 4, 6, 8, 7, 9))
    assert result.returncode == 0, result.stderr
    assert "Game over: Draw." in result.stdout
    assert final_fen(result.stdout) == "xoxxoooxx o"


def test_every_bad_input_is_answered_and_the_game_goes_on(tmp_path: Path) -> None:
    result = run_script("treeviz", "play", "--game", "ttt", "--human", "both", "--no-png", "-o", str(tmp_path),
                        stdin=typed(5, "five", 0, 10, 5, "a1", 1))
    answers = re.findall(r"^'.*?': (.*) Try again\.$", result.stdout, flags=re.MULTILINE)
    assert answers == [
        "not a move: type a cell number 1-9.",
        "cell 0 is out of range: cells are numbered 1-9.",
        "cell 10 is out of range: cells are numbered 1-9.",
        "cell 5 is already taken by x.",
        "not a move: type a cell number 1-9.",
    ]
    assert final_fen(result.stdout) == "o3x4 x"


def test_the_solved_strategy_beats_a_naive_player(tmp_path: Path) -> None:
    # x is the computer playing the solved strategy; the person (o) always takes the lowest free cell.
    result = run_script("treeviz", "play", "--game", "ttt", "--player", "strategy", "--human", "o", "--no-png",
                        "-o", str(tmp_path), stdin=EVERY_CELL_IN_TURN)
    assert result.returncode == 0, result.stderr
    assert "Game over: x wins." in result.stdout
    assert "winning strategy" in result.stdout


@pytest.mark.parametrize("ai", ["minimax", "alphabeta", "strategy"])
def test_perfect_opponents_never_lose_to_the_naive_player(tmp_path: Path, ai: str) -> None:
    result = run_script("treeviz", "play", "--game", "ttt", "--player", ai, "--no-png", "-o", str(tmp_path),
                        stdin=EVERY_CELL_IN_TURN)
    assert result.returncode == 0, result.stderr
    assert "Game over: o wins." in result.stdout


@pytest.mark.parametrize(("ai", "extra"), [("dfs", []), ("bfs", []), ("random", ["--seed", "4"]),
                                            ("minimax", ["--depth", "2"]), ("alphabeta", ["--depth", "3"])])
def test_each_course_opponent_plays_a_legal_game_to_the_end(tmp_path: Path, ai: str, extra: list[str]) -> None:
    result = run_script("treeviz", "play", "--game", "ttt", "--player", ai, *extra, "--no-png", "-o", str(tmp_path),
                        stdin=EVERY_CELL_IN_TURN)
    assert result.returncode == 0, result.stderr
    assert "Game over: " in result.stdout
    state = TICTACTOE.parse_fen(final_fen(result.stdout))
    assert TICTACTOE.outcome(state) is not None


def test_computer_against_itself(tmp_path: Path) -> None:
    result = run_script("treeviz", "play", "--game", "ttt", "--player", "alphabeta", "--human", "none", "--no-png",
                        "-o", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "Game over: Draw." in result.stdout  # perfect play on both sides


def test_end_of_input_prints_the_fen_to_resume(tmp_path: Path) -> None:
    first = run_script("treeviz", "play", "--game", "ttt", "--human", "both", "--no-png", "-o", str(tmp_path),
                       stdin=typed(5, 1))
    assert first.returncode == 0
    assert "Game stopped after 2 moves." in first.stdout
    fen = final_fen(first.stdout)
    assert fen == "o3x4 x"
    assert f"treeviz play --game ttt --fen '{fen}'" in first.stdout
    second = run_script("treeviz", "play", "--game", "ttt", "--human", "both", "--no-png", "-o", str(tmp_path),
                        "--fen", fen, stdin=typed(9))
    assert final_fen(second.stdout) == "o3x3x o"


def test_files_are_written_for_tictactoe_too(tmp_path: Path) -> None:
    run_script("treeviz", "play", "--game", "ttt", "--human", "both", "-o", str(tmp_path), stdin=typed(5))
    assert (tmp_path / "g.png").read_bytes()[:4] == b"\x89PNG"
    assert "<td>5</td>" in (tmp_path / "refresh.html").read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fen", "xxx3ooo x"], "error: both players have three in a row"),
        (["--fen", "9 x", "--player", "dfs", "--depth", "2"], "error: --depth applies to minimax and alphabeta"),
        (["--game", "chess"], "error: "),
        (["--human", "z"], "error: "),
        (["--game", "ultimate", "--player", "dfs"], "error: --player dfs is not available for ultimate"),
    ],
)
def test_bad_options_are_one_line_errors(tmp_path: Path, args: list[str], message: str) -> None:
    result = run_script("treeviz", "play", "-o", str(tmp_path), *args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), result.stderr


def test_help_explains_how_to_type_a_move(tmp_path: Path) -> None:
    result = run_script("treeviz", "play", "--human", "both", "--no-png", "-o", str(tmp_path), stdin=typed("help"))
    assert "Type a move (a free cell, 1-9), 'quit' to stop" in result.stdout
    assert "Try again" not in result.stdout


def test_a_port_in_use_is_a_one_line_error(tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_script("treeviz", "play", "--port", str(port), "-o", str(tmp_path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: cannot serve on 127.0.0.1 port {port}")


def test_an_output_folder_that_cannot_be_made_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    result = run_script("treeviz", "play", "-o", str(tmp_path / "file" / "sub"))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: cannot create the output folder")


@pytest.mark.slow
@pytest.mark.realtime
def test_pause_slows_a_game_between_computers_down(tmp_path: Path) -> None:
    import time

    start = time.monotonic()
    result = run_script("treeviz", "play", "--human", "none", "--player", "random", "--seed", "1", "--pause", "0.15",
                        "--no-png", "-o", str(tmp_path))
    elapsed = time.monotonic() - start
    moves = int(re.findall(r"Moves played: (\d+)\.", result.stdout)[-1])
    assert moves >= 5
    assert elapsed >= 0.15 * (moves - 1)
