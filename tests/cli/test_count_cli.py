"""``treeviz count``: the SPEC's JSON object, the text report, the guard and the errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BIN = Path(sys.executable).parent
ULTIMATE_ENDGAME = "oxxoox1x1oxo1ox1xx2oooxxxxxoox3xxoox1xooxxxo1x2ooxo5xxxox2ooxoo1oooxooxo 11 x"


def treeviz(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "treeviz"), *args], capture_output=True, text=True, timeout=120)


def test_json_from_the_empty_board_is_exactly_the_three_counts() -> None:
    result = treeviz("count", "9 x", "--json")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == '{"x": 131184, "o": 77904, "draw": 46080}\n'
    assert list(json.loads(result.stdout)) == ["x", "o", "draw"]


def test_text_report_gives_counts_and_percentages() -> None:
    result = treeviz("count", "9 x")
    assert result.returncode == 0
    assert "131,184" in result.stdout and "77,904" in result.stdout and "46,080" in result.stdout
    assert "51.41 %" in result.stdout and "30.53 %" in result.stdout and "18.06 %" in result.stdout
    assert "finished games: 255,168" in result.stdout


def test_split_runs_and_o_first_positions_are_read() -> None:
    result = treeviz("count", "x21o11xo o", "--json")
    assert json.loads(result.stdout) == {"x": 16, "o": 50, "draw": 36}


def test_ultimate_endgame_is_counted() -> None:
    result = treeviz("count", ULTIMATE_ENDGAME, "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"x": 2486, "o": 1598, "draw": 4632}


def test_max_positions_guard_exits_2_and_names_itself() -> None:
    result = treeviz("count", "999999999 00 x", "--position-budget", "1000")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and "--position-budget" in result.stderr
    assert result.stderr.count("\n") == 1


def test_bad_fen_is_one_line_error_exit_2() -> None:
    for fen in ("9 y", "xxx6 x", "10 x", "999999999 00"):
        result = treeviz("count", fen)
        assert result.returncode == 2, fen
        assert result.stdout == "" and result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, fen
