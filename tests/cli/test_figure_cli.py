"""The figure options on the command line: tttree, treeviz tree/compare/solve; bad values refused cleanly."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
G2 = "x21o11xo o"


def run(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / argv[0]), *argv[1:]], cwd=cwd, capture_output=True, text=True, timeout=180)


BAD = [
    (["--size", "0cm", "-o", "t.svg"], "--size '0cm'"),
    (["--size", "abc", "-o", "t.svg"], "--size 'abc'"),
    (["--size", "16cmx", "-o", "t.pdf"], "--size '16cmx'"),
    (["--plies", "-1", "-o", "t.svg"], "--plies must be 0 or more"),
    (["--path", "9,9", "-o", "t.svg"], "'9' is not a move in the tree"),
    (["--path", "1,x", "-o", "t.svg"], "'1' is not a move in the tree"),
    (["--path", "2,x", "-o", "t.svg"], "'x' is not a move in the tree after 2"),
    (["--path", "3,,4", "-o", "t.svg"], "expected moves separated by commas"),
    (["--format", "tex", "-o", "t.png"], "--format tex but the output file t.png says png"),
    (["--style", "compact", "--format", "dot", "-o", "t.dot"], "--style compact cannot be written as dot"),
    (["--style", "dot", "-o", "t.dot"], "--style dot cannot be written as dot"),
    (["--style", "board", "--format", "tex", "-o", "t.tex"], "--style board cannot be written as tex"),
    (["--dpi", "300", "-o", "t.svg"], "--dpi applies to png only"),
    (["--dpi", "0", "-o", "t.png"], "--dpi 0"),
    (["--size", "16cm", "-o", "t.dot"], "--size applies to png, svg, pdf and tex"),
    (["--style", "compact", "-o", "t.json"], "json output holds the whole tree"),
    (["--plies", "2", "-o", "t.html"], "--plies and --path shape figures"),
    (["--tex-body", "-o", "t.pdf"], "--tex-body applies to --format tex only"),
    (["--theme", "neon", "-o", "t.svg"], "--theme must be one of default, print, colourblind, got 'neon'"),
    (["--style", "fancy", "-o", "t.svg"], "--style must be one of board, compact, dot, textbook, got 'fancy'"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("args", "words"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_figure_options_exit_2_with_one_error_line_and_no_file(args: list[str], words: str,
                                                                   tmp_path: Path) -> None:
    done = run("tttree", G2, *args, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_path_through_a_pruned_move_is_refused_by_the_command(tmp_path: Path) -> None:
    # Alpha-beta from x21o11xo o: after 3 and 4, 7 was pruned (alpha cut-off at node #53).
    done = run("tttree", G2, "--algo", "alphabeta", "--path", "3,4,7", "-o", "t.svg", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "" and list(tmp_path.iterdir()) == []
    assert done.stderr.startswith("error: --path 3,4,7: move 7 after 3 4 was pruned by alpha-beta")


@pytest.mark.parametrize("command", [["tttree"], ["treeviz", "tree"], ["treeviz", "compare"]])
def test_every_tree_command_takes_the_figure_options(command: list[str], tmp_path: Path) -> None:
    done = run(*command, G2, "--style", "compact", "--size", "16cm", "--theme", "print", "--plies", "3",
               "--path", "3", "-o", "t.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    pdf = (tmp_path / "t.pdf").read_bytes()
    width = re.search(rb"/MediaBox \[\s*0 0 ([\d.]+)", pdf)
    assert width and float(width.group(1)) == pytest.approx(16 * 72 / 2.54, rel=0.01)


@pytest.mark.slow
def test_solve_takes_the_figure_options(tmp_path: Path) -> None:
    done = run("treeviz", "solve", "9 x", "--side", "o", "--style", "compact", "--plies", "2", "--path", "5",
               "--size", "12cm", "-o", "s.svg", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    svg = (tmp_path / "s.svg").read_text()
    assert 'width="12cm"' in svg and 'class="mark"' in svg and "after 5" in svg
    done = run("treeviz", "solve", G2, "--format", "tex", "-o", "s.tex", cwd=tmp_path)
    assert done.returncode == 0 and "\\begin{tikzpicture}" in (tmp_path / "s.tex").read_text()
    bad = run("treeviz", "solve", G2, "--path", "9", "-o", "t.svg", cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr.startswith("error: --path 9") and not (tmp_path / "t.svg").exists()


@pytest.mark.slow  # 1.3 s: the alpha-beta tree of the empty board through the command
def test_the_style_picked_by_size_is_said_on_stderr(tmp_path: Path) -> None:
    done = run("tttree", "9 x", "--algo", "alphabeta", "-o", "ab.svg", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == ""
    assert done.stderr == ("note: 18,297 nodes and 6,930 pruned moves: drawn in dot style (board style is the "
                           "default up to 1,000 nodes, compact up to 5,000, pruned moves included; choose with "
                           "--style)\n"
                           "note: the figure is 11.9 m wide and 4.9 m tall at its natural size, bigger than any "
                           "page: --size 16cm (or any page width) scales it to fit\n")
    assert (tmp_path / "ab.svg").stat().st_size > 100_000


@pytest.mark.slow  # 1.3 s: the alpha-beta tree of the empty board through the command
def test_stderr_and_the_heading_count_the_same_nodes(tmp_path: Path) -> None:
    """Issue 26 item 7: one truth. The heading counts the nodes alpha-beta entered and the moves it pruned; the
    note on stderr says the same two numbers (it once counted both together, 25,227, as "nodes")."""
    done = run("tttree", "9 x", "--algo", "alphabeta", "-o", "ab.svg", cwd=tmp_path)
    svg = (tmp_path / "ab.svg").read_text()
    heading = " ".join(re.findall(r'class="title"[^>]*>([^<]*)<', svg))
    assert "18,297 nodes" in heading and "6,930 moves pruned" in heading
    assert "18,297 nodes and 6,930 pruned moves" in done.stderr and "25,227" not in done.stderr


def test_small_trees_stay_board_figures_and_say_nothing(tmp_path: Path) -> None:
    done = run("tttree", G2, "-o", "g2.svg", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert "x wins" in (tmp_path / "g2.svg").read_text()  # board nodes name the result of finished games


def test_tex_goes_to_stdout_when_no_file_is_given(tmp_path: Path) -> None:
    done = run("tttree", "1o11o1oxx x", "--format", "tex", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("% A treeviz figure")
    assert done.stdout.rstrip().endswith("\\end{document}")


@pytest.mark.slow  # 2.2 s: three commands, one the depth-3 board figure of the empty board
def test_a_figure_no_page_holds_says_which_size_fits_it(tmp_path: Path) -> None:
    """Issue 26 item 7: a board figure metres wide at its natural size, and a compact one scaled to 16 cm that
    comes out taller than A4, each get a note naming the --size that fits them; a figure that fits says nothing."""
    wide = run("tttree", "9 x", "--depth", "3", "-o", "wide.svg", cwd=tmp_path)
    assert wide.returncode == 0
    assert re.search(r"note: the figure is [\d.]+ m wide .* --size 16cm", wide.stderr), wide.stderr
    tall = run("tttree", G2, "--style", "compact", "--size", "16cm", "-o", "g2.pdf", cwd=tmp_path)
    assert tall.returncode == 0
    assert "note: the figure is 44.6 cm tall at 16cm wide, taller than an A4 page: --size 16cmx25cm" in tall.stderr
    boxed = run("tttree", G2, "--style", "compact", "--size", "16cmx25cm", "-o", "g2box.pdf", cwd=tmp_path)
    assert boxed.returncode == 0 and "taller than" not in boxed.stderr
