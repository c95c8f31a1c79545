"""The terminal drawings, the live page and the board picture, checked in-process."""

from __future__ import annotations

import io
from pathlib import Path

from engine.games.tictactoe import TICTACTOE
from engine.games.ultimate import ULTIMATE
from tests.play_helpers import free_choice_position_with_closed_subs, replay
from treeviz.play.board_picture import board_dot, write_board_picture
from treeviz.play.live_page import live_page_html
from treeviz.play.session import GameSession, Position, TicTacToeVariant, UltimateVariant
from treeviz.play.terminal_board import big_board_lines, sub_boards_lines, tictactoe_board_lines, where_to_play


def test_tictactoe_board_numbers_free_cells_and_brackets_the_last_move() -> None:
    state = TICTACTOE.parse_fen("x3o4 x")
    assert tictactoe_board_lines(TICTACTOE.cells(state), 4) == [
        " x | 2 | 3 ",
        "---+---+---",
        " 4 |[o]| 6 ",
        "---+---+---",
        " 7 | 8 | 9 ",
    ]


def test_ultimate_sub_boards_after_two_moves() -> None:
    state = replay([45, 53])
    assert sub_boards_lines(ULTIMATE, state) == [
        "+-- 1 a --+-- 2 b --+>> 3 c <<+",
        "| .  .  . | .  .  . | 1  2  3 |",
        "| .  .  . | .  .  . | 4  5  6 |",
        "| .  .  . | .  .  . | 7  8  9 |",
        "+-- 4 d --+-- 5 e --+-- 6 f --+",
        "| .  .  . | .  . [o]| .  .  . |",
        "| .  x  . | .  .  . | .  .  . |",
        "| .  .  . | .  .  . | .  .  . |",
        "+-- 7 g --+-- 8 h --+-- 9 i --+",
        "| .  .  . | .  .  . | .  .  . |",
        "| .  .  . | .  .  . | .  .  . |",
        "| .  .  . | .  .  . | .  .  . |",
        "+---------+---------+---------+",
    ]
    assert where_to_play(ULTIMATE, state) == "must play in sub-board 3 (c)"


def test_big_board_shows_won_and_full_sub_boards() -> None:
    state = free_choice_position_with_closed_subs()
    marks = {"x": "x", "o": "o", "draw": "-", None: "."}
    expected = [marks[ULTIMATE.sub_status(state, sub)] for sub in range(1, 10)]
    lines = big_board_lines(ULTIMATE, state)
    assert lines[1] == "| " + " | ".join(expected[0:3]) + " |"
    assert lines[3] == "| " + " | ".join(expected[3:6]) + " |"
    assert lines[5] == "| " + " | ".join(expected[6:9]) + " |"
    assert "-" in "".join(expected) and ("x" in expected or "o" in expected)
    assert where_to_play(ULTIMATE, state).startswith("free choice")


def test_closed_sub_boards_show_no_free_cells_and_every_open_one_is_marked_on_a_free_choice() -> None:
    state = free_choice_position_with_closed_subs()
    detail = "\n".join(sub_boards_lines(ULTIMATE, state))
    for sub in range(1, 10):
        letter = "abcdefghi"[sub - 1]
        if ULTIMATE.sub_status(state, sub) is None:
            assert f">> {sub} {letter} <<" in detail
        else:
            assert f"-- {sub} {letter} --" in detail


def _session(variant, moves: str) -> tuple[GameSession, list[Position]]:  # noqa: ANN001
    seen: list[Position] = []
    out = io.StringIO()
    session = GameSession(variant=variant, state=variant.game.initial(), players={0: None, 1: None},
                          stdin=io.StringIO(moves), stdout=out, on_position=seen.append)
    session.run()
    return session, seen


def test_listener_gets_every_position_with_the_move_list() -> None:
    _, seen = _session(UltimateVariant(), "55\n5\n")
    assert [p.moves for p in seen] == [(), ("55",)]  # the cell alone "5" is the occupied centre: refused
    assert seen[0].status == "x to move, free choice: any open sub-board (1, 2, 3, 4, 5, 6, 7, 8, 9)."
    assert seen[-1].status == "o to move, must play in sub-board 5 (e)."


def test_live_page_lists_moves_by_side_and_escapes_text() -> None:
    _, seen = _session(TicTacToeVariant(), "5\n1\n9\n")
    html = live_page_html(seen[-1])
    assert '<meta http-equiv="refresh" content="1">' in html
    assert "<tr><td>1.</td><td>5</td><td>1</td></tr>" in html
    assert '<tr class="last"><td>2.</td><td>9</td><td></td></tr>' in html
    assert 'src="g.png?v=3-' in html
    assert "o to move." in html
    no_picture = live_page_html(seen[-1], picture=False)
    assert "<img" not in no_picture and "[x]" in no_picture


def test_board_picture_files(tmp_path: Path) -> None:
    state = replay([45, 53])
    dot = board_dot(ULTIMATE, state, caption='x to move "now"')
    assert 'label="x to move &quot;now&quot;"' in dot
    write_board_picture(tmp_path, ULTIMATE, state, caption="x to move")
    assert (tmp_path / "g.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "g.dot").read_text().startswith("digraph g {")
    write_board_picture(tmp_path, TICTACTOE, TICTACTOE.parse_fen("x3o4 x"), last=4, png=False)
    from treeviz.draw.labels import LAST_MOVE_FILL

    assert (tmp_path / "g.dot").read_text().count(LAST_MOVE_FILL) == 1  # the last move, tinted


def test_a_file_that_cannot_be_written_is_a_warning_and_the_game_goes_on(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    from treeviz.cli.play import LiveFiles

    (tmp_path / "g.dot").mkdir()  # a folder where the picture's DOT should go
    _, seen = _session(UltimateVariant(), "")
    files = LiveFiles(tmp_path, png=False)
    files(seen[-1])
    files(seen[-1])
    err = capsys.readouterr().err
    assert err.count("warning: could not write into") == 1
    assert "the game goes on" in err
