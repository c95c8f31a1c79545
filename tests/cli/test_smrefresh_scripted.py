"""sm-refresh driven through stdin: whole games, every bad-input answer, clean stops, the files it keeps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.games.ultimate import ULTIMATE
from tests.play_helpers import free_choice_position_with_closed_subs, random_ultimate_game, replay, run_script

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def typed(*moves: object) -> str:
    return "".join(f"{m}\n" for m in moves)


def test_full_game_to_a_win_is_announced_with_final_big_board(tmp_path: Path) -> None:
    moves = random_ultimate_game(1)
    result = run_script("sm-refresh", "--human", "both", "--no-png", "-o", str(tmp_path),
                        stdin=typed(*moves))
    assert result.returncode == 0, result.stderr
    final = replay(moves)
    assert "Game over: x wins." in result.stdout
    end = result.stdout[result.stdout.index("Game over: x wins."):]
    assert "Final big board:" in end
    big = ULTIMATE.big_board(final)
    marks = {"x": "x", "o": "o", "-": "-", ".": "."}
    rows = [" | ".join(marks[c] for c in big[r * 3:r * 3 + 3]) for r in range(3)]
    for row in rows:
        assert f"| {row} |" in end
    assert f"Final position: {ULTIMATE.fen(final)}" in end
    assert result.stderr == ""


def test_full_game_to_a_draw(tmp_path: Path) -> None:
    moves = random_ultimate_game(0)
    result = run_script("sm-refresh", "--human", "both", "--no-png", "-o", str(tmp_path), stdin=typed(*moves))
    assert result.returncode == 0, result.stderr
    assert "Game over: Draw." in result.stdout
    assert f"Final position: {ULTIMATE.fen(replay(moves))}" in result.stdout


def test_moves_in_every_notation_are_accepted(tmp_path: Path) -> None:
    # 45 (digits), e3 (letter + cell: sub-board 5), 7 (cell alone: forced into sub-board 3)
    result = run_script("sm-refresh", "--human", "both", "--no-png", "-o", str(tmp_path),
                        stdin=typed("45", "e3", "7"))
    assert "FEN: " + ULTIMATE.fen(replay([45, 53, 37])) in result.stdout


def _answers(stdout: str) -> list[str]:
    return re.findall(r"^'.*?': (.*) Try again\.$", stdout, flags=re.MULTILINE)


def test_every_bad_input_is_answered_precisely_and_the_game_goes_on(tmp_path: Path) -> None:
    state = free_choice_position_with_closed_subs()
    statuses = {sub: ULTIMATE.sub_status(state, sub) for sub in range(1, 10)}
    won = next(sub for sub, s in statuses.items() if s in ("x", "o"))
    full = next(sub for sub, s in statuses.items() if s == "draw")
    occupied = next((sub, cell) for sub in range(1, 10) if statuses[sub] is None
                    for cell in range(1, 10) if ULTIMATE.cell(state, sub, cell) != ".")
    legal = ULTIMATE.legal_moves(state)[0]
    stdin = typed("hello", "", "5", "40", "j5", f"{won}1", f"{full}1", f"{occupied[0]}{occupied[1]}", legal)
    result = run_script("sm-refresh", "--human", "both", "--no-png", "-o", str(tmp_path),
                        "--fen", ULTIMATE.fen(state), stdin=stdin)
    assert result.returncode == 0, result.stderr
    answers = _answers(result.stdout)
    stone = ULTIMATE.cell(state, *occupied)
    assert answers == [
        "not a move: write <sub-board><cell> like 45 or e5, or the cell alone when the sub-board is forced.",
        "a cell alone is accepted only when the sub-board is forced; any open sub-board may be chosen here, "
        "so write both, like 45 or e5.",
        "out of range: sub-board and cell are numbered 1-9.",
        "out of range: sub-board letters are a-i, not 'j'.",
        f"sub-board {won} ({'abcdefghi'[won - 1]}) is already won by {statuses[won]}.",
        f"sub-board {full} ({'abcdefghi'[full - 1]}) is full.",
        f"cell {occupied[1]} of sub-board {occupied[0]} is occupied by {stone}.",
    ]
    after = ULTIMATE.play(state, legal)
    assert f"FEN: {ULTIMATE.fen(after)}" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_wrong_sub_board_names_the_one_to_play(tmp_path: Path) -> None:
    result = run_script("sm-refresh", "--human", "both", "--no-png", "-o", str(tmp_path), stdin=typed("55", "11"))
    assert _answers(result.stdout) == ["wrong sub-board: must play in sub-board 5 (e)."]


def test_screen_shows_last_move_turn_and_where_to_play(tmp_path: Path) -> None:
    result = run_script("sm-refresh", "--human", "both", "--no-png", "-o", str(tmp_path), stdin=typed("45"))
    screen = result.stdout.split("x (you) played 45.")[0].rsplit("ultimate tic-tac-toe --", 1)[1]
    assert "[x]" in screen  # the last move marked
    assert ">> 5 e <<" in screen  # the forced sub-board marked
    after = result.stdout.split("x (you) played 45.")[1]
    assert "o to move, must play in sub-board 5 (e)." in after
    assert "big board" in screen


def test_end_of_input_stops_cleanly_and_the_fen_resumes_the_game(tmp_path: Path) -> None:
    first = run_script("sm-refresh", "--human", "both", "--no-png", "-o", str(tmp_path), stdin=typed("45", "53"))
    assert first.returncode == 0
    fen = re.search(r"^FEN: (.*)$", first.stdout, flags=re.MULTILINE)[1]
    assert fen == ULTIMATE.fen(replay([45, 53]))
    assert f"sm-refresh --fen '{fen}'" in first.stdout
    second = run_script("sm-refresh", "--human", "both", "--no-png", "-o", str(tmp_path), "--fen", fen,
                        stdin=typed("7"))
    assert "Last move: 53 by o." in second.stdout
    assert re.search(r"^FEN: (.*)$", second.stdout, flags=re.MULTILINE)[1] == ULTIMATE.fen(replay([45, 53, 37]))


def test_quit_stops_like_end_of_input(tmp_path: Path) -> None:
    result = run_script("sm-refresh", "--human", "both", "--no-png", "-o", str(tmp_path), stdin=typed("55", "quit"))
    assert result.returncode == 0
    assert "Game stopped after 1 move." in result.stdout
    assert f"FEN: {ULTIMATE.fen(replay([55]))}" in result.stdout


def test_computer_against_itself_plays_to_the_end(tmp_path: Path) -> None:
    result = run_script("sm-refresh", "--human", "none", "--player", "random", "--seed", "7", "--no-png",
                        "-o", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "Game over: " in result.stdout
    final_fen = re.search(r"^Final position: (.*)$", result.stdout, flags=re.MULTILINE)[1]
    assert ULTIMATE.outcome(ULTIMATE.parse_fen(final_fen)) is not None


def test_files_follow_the_game(tmp_path: Path) -> None:
    result = run_script("sm-refresh", "--human", "x", "--player", "random", "--seed", "1", "-o", str(tmp_path),
                        stdin=typed("55"))
    assert result.returncode == 0, result.stderr
    fen = re.search(r"^FEN: (.*)$", result.stdout, flags=re.MULTILINE)[1]
    state = ULTIMATE.parse_fen(fen)
    assert (tmp_path / "g.png").read_bytes().startswith(PNG_SIGNATURE)
    dot = (tmp_path / "g.dot").read_text()
    assert dot.startswith("digraph") and "label=<" in dot
    page = (tmp_path / "refresh.html").read_text()
    assert '<meta http-equiv="refresh"' in page
    assert 'src="g.png?v=2-' in page
    assert "<td>55</td>" in page and f"<td>{ULTIMATE.move_name(ULTIMATE.last_move(state))}</td>" in page
    assert fen in page
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.dot", "g.png", "refresh.html"]


def test_no_png_keeps_dot_and_a_text_page(tmp_path: Path) -> None:
    result = run_script("sm-refresh", "--human", "both", "--no-png", "-o", str(tmp_path), stdin=typed("55"))
    assert result.returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.dot", "refresh.html"]
    page = (tmp_path / "refresh.html").read_text()
    assert '<pre id="board">' in page and "[x]" in page


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fen", "999999999 00 y"], "error: side to move"),
        (["--fen", "x99999999 00 x"], "error: "),
        (["--player", "random", "--depth", "3"], "error: --depth applies to bot and course, not to --player random"),
        (["--player", "strategy"], "error: --player strategy is not available for ultimate: choose one of bot"),
        (["--player", "greedy", "--depth", "2"], "error: --depth applies to bot and course"),
        (["--seconds", "0"], "error: --seconds must be a number of seconds >= 0.01, got '0'"),
    ],
)
def test_bad_options_are_one_line_errors(tmp_path: Path, args: list[str], message: str) -> None:
    result = run_script("sm-refresh", "-o", str(tmp_path), *args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message)


@pytest.mark.parametrize("ai", [["--depth", "2"], ["--seconds", "0.2"], ["--player", "course", "--depth", "2"],
                                ["--player", "greedy"]])
def test_each_ultimate_opponent_answers_with_a_legal_move(tmp_path: Path, ai: list[str]) -> None:
    result = run_script("sm-refresh", *ai, "--no-png", "-o", str(tmp_path), stdin=typed("55", "quit"))
    assert result.returncode == 0, result.stderr
    reply = re.search(r"^o \(.*?\) played (\d\d)", result.stdout, flags=re.MULTILINE)
    assert reply is not None, result.stdout
    fen = re.search(r"^FEN: (.*)$", result.stdout, flags=re.MULTILINE)[1]
    assert fen == ULTIMATE.fen(replay([55, int(reply[1])]))


def test_spaces_inside_a_move_and_undecodable_bytes_are_handled(tmp_path: Path) -> None:
    import subprocess

    from tests.play_helpers import BIN

    result = subprocess.run([str(BIN / "sm-refresh"), "--human", "both", "--no-png", "-o", str(tmp_path)],
                            input=b"4 5\n\xff\xfe\n", capture_output=True, timeout=60)
    out = result.stdout.decode("utf-8", "replace")
    assert result.returncode == 0
    assert "x (you) played 45." in out
    assert "not a move" in out
    assert b"Traceback" not in result.stderr
