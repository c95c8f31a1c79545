"""The tttree command (also ``treeviz tree`` / ``treeviz compare``): outputs, the --max-nodes note, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pexpect
import pygraphviz
import pytest

from treeviz.cli.common import run
from treeviz.cli.tttree import tree_command

BIN = Path(sys.executable).parent


def tttree(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run tttree in-process the way its console script does; (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as done:
        run(tree_command, list(argv), prog_name="tttree")
    out, err = capfd.readouterr()
    return done.value.code, out, err


def test_default_output_is_the_minimax_tree_as_dot_on_stdout() -> None:
    result = subprocess.run([str(BIN / "tttree"), "1o11o1oxx x"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert result.stderr == ""
    assert result.stdout.startswith("digraph tree {")
    graph = pygraphviz.AGraph(string=result.stdout)
    assert "Minimax tree of 1o11o1oxx x: 49 nodes" in graph.graph_attr["label"]  # the FEN as typed
    assert graph.number_of_nodes() == 49


def test_dot_output_is_the_same_bytes_every_run(capfd: pytest.CaptureFixture[str]) -> None:
    first = tttree(capfd, "x21o11xo o", "--algo", "alphabeta")
    second = tttree(capfd, "x21o11xo o", "--algo", "alphabeta")
    assert first[0] == 0 and first == second


@pytest.mark.parametrize(("fmt", "magic"), [("png", b"\x89PNG\r\n\x1a\n"), ("pdf", b"%PDF-"),
                                            ("svg", b"<?xml"), ("dot", b"digraph"), ("json", b"{")])
def test_each_format_written_to_a_file_is_what_it_says(capfd: pytest.CaptureFixture[str], tmp_path: Path,
                                                       fmt: str, magic: bytes) -> None:
    target = tmp_path / f"tree.{fmt}"
    code, out, err = tttree(capfd, "x21o11xo o", "--algo", "alphabeta", "--format", fmt, "-o", str(target))
    assert (code, out, err) == (0, "", "")
    assert target.read_bytes().startswith(magic)
    assert [p.name for p in tmp_path.iterdir()] == [target.name]  # no temporary left behind


def test_format_follows_the_output_suffix(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert tttree(capfd, "1o11o1oxx x", "-o", str(tmp_path / "g.svg"))[0] == 0
    assert b"<svg" in (tmp_path / "g.svg").read_bytes()


def test_png_goes_to_stdout_when_it_is_not_a_terminal() -> None:
    result = subprocess.run([str(BIN / "tttree"), "1o11o1oxx x", "--format", "png"], capture_output=True,
                            timeout=60)
    assert result.returncode == 0 and result.stdout.startswith(b"\x89PNG")


def test_png_to_a_terminal_is_refused() -> None:
    child = pexpect.spawn(str(BIN / "tttree"), ["1o11o1oxx x", "--format", "png"], timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert b"error: png output is binary: give -o FILE or redirect stdout" in child.before


def test_json_output_is_the_node_link_tree(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = tttree(capfd, "1o11o1oxx x", "--algo", "alphabeta", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert data["graph"]["algorithm"] == "alphabeta" and data["graph"]["nodes"] == 35
    assert sum(1 for node in data["nodes"] if node["pruned"]) == 5


def test_compare_json_holds_both_trees(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = tttree(capfd, "x21o11xo o", "--compare", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert data["minimax"]["graph"]["nodes"] == 238 and data["alphabeta"]["graph"]["nodes"] == 101


def test_compare_is_one_figure_with_both_counts(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = tttree(capfd, "x21o11xo o", "--compare")
    assert code == 0
    assert "Minimax: 238 nodes" in out and "Alpha-beta: 101 nodes, 21 moves pruned" in out
    assert out.count("subgraph cluster_") == 2


def test_treeviz_tree_and_compare_subcommands() -> None:
    tree = subprocess.run([str(BIN / "treeviz"), "tree", "1o11o1oxx x", "--algo", "alphabeta"],
                          capture_output=True, text=True, timeout=60)
    assert tree.returncode == 0 and "Alpha-beta tree of" in tree.stdout
    compare = subprocess.run([str(BIN / "treeviz"), "compare", "1o11o1oxx x"], capture_output=True, text=True,
                             timeout=60)
    assert compare.returncode == 0
    assert "Minimax: 49 nodes" in compare.stdout and "Alpha-beta: 35 nodes" in compare.stdout


@pytest.mark.slow
def test_max_nodes_cut_is_said_on_stderr_with_how_to_get_everything(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = tttree(capfd, "9 x", "--max-nodes", "100")
    assert code == 0
    assert err.strip() == ("note: minimax tree cut at --max-nodes 100: 89 of 549,946 nodes drawn, "
                           "549,857 left out (use --max-nodes 0 for all of them)")
    assert 'class="hidden"' in out and "more nodes" in out


def test_pictures_are_capped_at_1000_nodes_by_default(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = tttree(capfd, "9 x", "--algo", "alphabeta")
    assert code == 0
    assert "--max-nodes 1,000" in err and "use --max-nodes 0" in err
    assert out.count('class="node"') + out.count('class="pv"') <= 1000


@pytest.mark.slow
def test_too_wide_png_is_refused_with_the_svg_hint(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = tttree(capfd, "9 x", "--style", "board", "-o", str(tmp_path / "big.png"))
    assert code == 2 and out == ""
    assert "error: the picture would be" in err and "use --format svg or pdf" in err
    assert list(tmp_path.iterdir()) == []


def test_ultimate_tree_with_a_depth(capfd: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("engine.games.ultimate")
    code, out, err = tttree(capfd, "4x998x4o2oxo1oo4x98x8x4 85 o", "--algo", "alphabeta", "--depth", "1")
    if code == 2 and "no evaluation" in err:
        pytest.skip("no ultimate evaluation registered yet")
    assert code == 0, err
    assert pygraphviz.AGraph(string=out).number_of_nodes() == 4


def test_html_page(capfd: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("treeviz.pages.tree_page")
    code, out, _ = tttree(capfd, "1o11o1oxx x", "--format", "html")
    assert code == 0 and "<html" in out.lower()


BAD_FENS = [
    "", " ", "1o11o1oxx", "1o11o1oxx  x", " 1o11o1oxx x", "1o11o1oxx x ", "1o11o1oxx X", "1O11o1oxx x",
    "1o11o1oxxx x", "1o11o1ox x", "9x", "9 z", "0 x", "09 x", "a8 x", "1o11o1oxx\tx", "xxx6 o", "x8 x",
    "xxxooo3 x", "xxx1oo1oo o", "9 x o",
    "999999999 00 X", "999999999 0 x", "99999999 00 x", "999999999 55 x", "999999999 00 x",
]


@pytest.mark.parametrize("fen", BAD_FENS)
def test_bad_fen_is_one_error_line_exit_2_and_nothing_on_stdout(capfd: pytest.CaptureFixture[str],
                                                                fen: str) -> None:
    code, out, err = tttree(capfd, fen)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err


BAD_OPTIONS = [
    ["--algo", "negascout"], ["--format", "jpg"], ["--depth", "-1"], ["--depth", "two"], ["--max-nodes", "-5"],
    ["--order", "sideways"], ["--scoring", "fast"], ["-o", "/no/such/dir/g.png"], ["--no-such-option"],
    ["--rankdir", "BT"],
]


@pytest.mark.parametrize("options", BAD_OPTIONS, ids=lambda o: " ".join(o))
def test_bad_option_is_one_error_line_exit_2(capfd: pytest.CaptureFixture[str], options: list[str]) -> None:
    code, out, err = tttree(capfd, "1o11o1oxx x", *options)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err


def test_missing_fen_is_a_usage_error(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = tttree(capfd)
    assert code == 2 and out == "" and err.startswith("error: ")


def test_ultimate_without_depth_says_so(capfd: pytest.CaptureFixture[str]) -> None:
    code, _, err = tttree(capfd, "999999999 00 x")
    assert code == 2 and "needs a depth limit (--depth N" in err


def test_bad_fen_through_the_console_script_has_no_traceback() -> None:
    result = subprocess.run([str(BIN / "tttree"), "1o11o1oxx"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


def test_picture_of_a_huge_tree_is_refused_before_layout(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = tttree(capfd, "9 x", "--algo", "alphabeta", "--style", "board", "--max-nodes", "0", "-o",
                            str(tmp_path / "t.svg"))
    assert code == 2 and out == ""
    assert "18,297 nodes and 6,930 pruned moves are too many for board style" in err and "--max-nodes 10,000" in err
    assert "use --style compact or dot" in err
    assert list(tmp_path.iterdir()) == []
