"""``treeviz solve``: the report, the listing, the strategy tree files and the errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


def treeviz(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "treeviz"), *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def test_report_of_a_won_position() -> None:
    result = treeviz("solve", "x21o11xo o")
    assert result.returncode == 0 and result.stderr == ""
    out = result.stdout
    assert "value: -1 (o wins with best play, in 3 plies)" in out
    assert "optimal moves: 3 6" in out
    assert "o's attractor: 40 positions" in out
    assert "o's winning strategy" in out and "strategy tree: 10 nodes" in out


def test_report_of_the_empty_board_shows_both_drawing_strategies() -> None:
    out = treeviz("solve", "9 x").stdout
    assert "value: 0 (draw with best play)" in out
    assert "optimal moves: 1 2 3 4 5 6 7 8 9" in out
    assert "x's drawing strategy" in out and "o's drawing strategy" in out


def test_list_prints_every_attractor_position() -> None:
    out = treeviz("solve", "x21o11xo o", "--list").stdout.splitlines()
    start = out.index("o's attractor (40 positions):")
    listed = [line.strip() for line in out[start + 1:]]
    assert len(listed) == 40 and "x3o2xo o" in listed
    assert "  x3o2xo o -> 3" in out


def test_finished_position_is_reported_not_refused() -> None:
    result = treeviz("solve", "xxxoo4 o")
    assert result.returncode == 0
    assert "the game is over: x wins" in result.stdout


def test_json_strategy_tree_follows_the_tree_schema(tmp_path: Path) -> None:
    result = treeviz("solve", "x21o11xo o", "--format", "json")
    assert result.returncode == 0
    tree = json.loads(result.stdout)
    assert tree["graph"]["algorithm"] == "strategy" and tree["graph"]["strategy_side"] == "o"
    assert tree["graph"]["value"] == -1 and tree["graph"]["nodes"] == len(tree["nodes"]) == 10
    chosen = [e for e in tree["edges"] if e["chosen"]]
    assert len(chosen) == 5 and all(tree["nodes"][e["source"]]["to_move"] == "o" for e in chosen)
    leaves = [n for n in tree["nodes"] if n["leaf"] == "terminal"]
    assert leaves and all(n["outcome"] == "o" for n in leaves)


@pytest.mark.slow
def test_png_and_dot_files_are_written(tmp_path: Path) -> None:
    result = treeviz("solve", "x21o11xo o", "-o", "s.png", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "s.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "strategy tree written to s.png" in result.stdout
    dot = treeviz("solve", "1o11o1oxx x", "--format", "dot").stdout
    assert dot.startswith("digraph") and "Drawing strategies of x and o" in dot


def test_side_that_loses_has_no_strategy_to_draw(tmp_path: Path) -> None:
    result = treeviz("solve", "x21o11xo o", "--side", "x", "-o", "s.svg", cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.startswith("error: ") and "x loses" in result.stderr
    assert not (tmp_path / "s.svg").exists()


@pytest.mark.slow
def test_too_wide_board_png_is_refused_with_advice(tmp_path: Path) -> None:
    result = treeviz("solve", "9 x", "--style", "board", "-o", "s.png", cwd=tmp_path)
    assert result.returncode == 2 and "--format svg" in result.stderr and result.stdout == ""
    assert not (tmp_path / "s.png").exists()


@pytest.mark.slow
def test_big_strategy_trees_are_drawn_compact_by_default_and_say_so(tmp_path: Path) -> None:
    result = treeviz("solve", "9 x", "-o", "s.png", cwd=tmp_path)
    assert result.returncode == 0
    assert "note: 1,902 nodes: drawn in compact style" in result.stderr
    assert (tmp_path / "s.png").read_bytes().startswith(b"\x89PNG")


def test_unknown_suffix_and_bad_fen_are_errors(tmp_path: Path) -> None:
    assert treeviz("solve", "9 x", "-o", "s.txt", cwd=tmp_path).returncode == 2
    result = treeviz("solve", "xo x")
    assert result.returncode == 2 and result.stderr.count("\n") == 1


def test_max_positions_guard_applies_to_solve() -> None:
    result = treeviz("solve", "999999999 00 x", "--position-budget", "500")
    assert result.returncode == 2 and "--position-budget" in result.stderr


def test_unwritable_output_is_bad_input(tmp_path: Path) -> None:
    result = treeviz("solve", "x21o11xo o", "-o", str(tmp_path / "missing" / "s.png"))
    assert result.returncode == 2 and result.stderr.startswith("error: cannot write") and result.stdout == ""
