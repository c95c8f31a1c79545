"""``tttree --format trace|beamer|gif|mp4`` (issue 34): the formats from the suffix or the option, and every bad
request one ``error:`` line, exit status 2, nothing written."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import treeviz

BIN = Path(sys.executable).parent
pytestmark = pytest.mark.slow  # the commands run as processes
CLASSIC = "[[3,12,8],[2,4,6],[14,5,2]]"


def run(*argv: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / argv[0]), *argv[1:]], capture_output=True, text=True, timeout=300, cwd=cwd,
                          stdin=subprocess.DEVNULL, env=env)


def refused(done: subprocess.CompletedProcess[str], folder: Path, words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], done.stderr
    assert [p.name for p in folder.iterdir() if p.name != "blocker"] == []


def test_a_csv_file_is_the_trace_and_so_is_format_trace(tmp_path: Path) -> None:
    done = run("tttree", "--tree", CLASSIC, "--algo", "alphabeta", "-o", "t.csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    table = list(csv.reader(io.StringIO((tmp_path / "t.csv").read_text(encoding="utf-8"))))
    expected = [r.cells() for r in treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta").trace()]
    assert table[0] == ["step", "event", "node", "path", "depth", "alpha", "beta", "value", "text"]
    assert table[1:] == expected
    printed = run("tttree", "--tree", CLASSIC, "--algo", "alphabeta", "--format", "trace", cwd=tmp_path)
    assert printed.stdout == (tmp_path / "t.csv").read_text(encoding="utf-8")


def test_slides_are_a_tex_file_with_format_beamer(tmp_path: Path) -> None:
    done = run("tttree", "--tree", CLASSIC, "--algo", "alphabeta", "--format", "beamer", "-o", "s.tex", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "s.tex").read_text(encoding="utf-8")
    assert "\\documentclass[aspectratio=169]{beamer}" in text and "\\only<17>{" in text


def test_a_gif_from_its_suffix(tmp_path: Path) -> None:
    done = run("tttree", "--tree", "[[3,5],[2,9]]", "--algo", "alphabeta", "-o", "a.gif", "--fps", "3",
               "--size", "640x360", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "a.gif").read_bytes()[:6] == b"GIF89a"


@pytest.mark.parametrize("extra", [["--compare"], ["--compare", "minimax,mcts"], ["--order", "best,worst"]])
@pytest.mark.parametrize("output", [["-o", "x.gif"], ["--format", "beamer", "-o", "x.tex"], ["--format", "trace"]])
def test_a_comparison_has_no_trace_or_replay(tmp_path: Path, extra: list[str], output: list[str]) -> None:
    refused(run("tttree", "--tree", CLASSIC, *extra, *output, cwd=tmp_path), tmp_path, "one search step by step")


@pytest.mark.parametrize("fps", ["0", "-2", "fast", "nan"])
def test_a_bad_frame_rate_is_refused(tmp_path: Path, fps: str) -> None:
    refused(run("tttree", "--tree", CLASSIC, "--algo", "alphabeta", "-o", "a.gif", "--fps", fps, cwd=tmp_path),
            tmp_path, "--fps")


def test_a_missing_extra_is_named_and_nothing_written(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    for name in ("imageio_ffmpeg", "PIL"):
        (blocker / name).mkdir(parents=True)
        (blocker / name / "__init__.py").write_text(f"raise ImportError('no {name} here')\n")
    env = dict(os.environ, PYTHONPATH=str(blocker))
    for output in ("a.mp4", "a.gif"):
        done = run("tttree", "--tree", CLASSIC, "--algo", "alphabeta", "-o", output, cwd=tmp_path, env=env)
        refused(done, tmp_path, "treeviz[video]")


def test_an_output_that_cannot_be_written_is_refused(tmp_path: Path) -> None:
    refused(run("tttree", "--tree", CLASSIC, "--algo", "alphabeta", "-o", "nowhere/a.gif", cwd=tmp_path), tmp_path,
            "no such folder")


def test_too_many_steps_for_slides_name_the_count_and_the_options(tmp_path: Path) -> None:
    done = run("tttree", "x21o11xo o", "--algo", "alphabeta", "--max-steps", "100", "--format", "beamer", "-o",
               "s.tex", cwd=tmp_path)
    refused(done, tmp_path, "175 steps")
    for option in ("--path", "--plies", "--depth", "--max-steps"):
        assert option in done.stderr


def test_lesson_options_with_other_formats_are_refused(tmp_path: Path) -> None:
    refused(run("tttree", "--tree", CLASSIC, "-o", "a.png", "--fps", "2", cwd=tmp_path), tmp_path, "--fps")
    refused(run("tttree", "--tree", CLASSIC, "-o", "a.gif", "--dpi", "100", cwd=tmp_path), tmp_path, "--dpi")
    refused(run("tttree", "--tree", CLASSIC, "--format", "gif", "-o", "a.png", cwd=tmp_path), tmp_path,
            "make them agree")


def test_a_csv_names_a_trace_only_for_a_single_search_and_format_wins() -> None:
    from treeviz.cli.lesson_options import lesson_format

    assert lesson_format(None, Path("t.csv"), comparison=False) == "trace"
    assert lesson_format(None, Path("t.csv"), comparison=True) is None  # a comparison's .csv is its table
    assert lesson_format("trace", Path("t.csv"), comparison=True) == "trace"  # refused later: no single search
    assert lesson_format("png", Path("t.csv"), comparison=False) is None
    assert lesson_format(None, Path("a.gif"), comparison=False) == "gif"
    assert lesson_format(None, Path("s.tex"), comparison=False) is None  # a TikZ figure unless --format beamer
    assert lesson_format("beamer", Path("s.tex"), comparison=False) == "beamer"
