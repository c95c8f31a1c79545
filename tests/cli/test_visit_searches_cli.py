"""tttree --algo pvs|mtdf|id, --tt, --guess, --aspiration, --format csv: the tree of visits in every output, the
comparison table, and the refusals (one ``error:`` line naming the option, exit 2, nothing written)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from treeviz.cli.common import run
from treeviz.cli.tttree import tree_command

G2 = "x21o11xo o"


def tttree(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run tttree in-process the way its console script does; (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as done:
        run(tree_command, list(argv), prog_name="tttree")
    out, err = capfd.readouterr()
    return done.value.code, out, err


def graph_of(capfd: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = tttree(capfd, *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def test_pvs_json_counts_researches_and_flags_null_windows_and_the_research(capfd) -> None:
    data = graph_of(capfd, G2, "--algo", "pvs")
    g = data["graph"]
    assert (g["algorithm"], g["value"], g["researches"]) == ("pvs", -1, 1)
    nodes = {n["id"]: n for n in data["nodes"]}
    scouts = [n for n in nodes.values() if n["null_window"]]
    assert scouts and all(n["beta"] - n["alpha"] == 1 for n in scouts)
    research = [n for n in nodes.values() if n["research"]]
    assert len(research) == 1
    earlier = nodes[research[0]["research_of"]]
    assert earlier["null_window"] and earlier["fen"] == research[0]["fen"]  # the same position, visited twice


def test_mtdf_json_shows_every_pass_with_its_gamma_and_bound(capfd) -> None:
    data = graph_of(capfd, G2, "--algo", "mtdf")
    assert data["graph"]["passes"] == 2 and data["graph"]["value"] == -1 and data["graph"]["tt_hits"] > 0
    passes = sorted((n for n in data["nodes"] if n["pass"] is not None), key=lambda n: n["pass"])
    assert [n["pass"] for n in passes] == [1, 2]
    for n in passes:
        assert n["beta"] - n["alpha"] == 1 and n["beta"] == n["gamma"]
        assert n["fail"] == ("high" if n["value"] >= n["gamma"] else "low")
        assert n["bound"] == ("lower" if n["fail"] == "high" else "upper")
    hits = [n for n in data["nodes"] if n["tt_hit"]]
    assert hits and all(n["leaf"] == "table" and n["tt_from"] < n["id"] for n in hits)
    labels = {e["label"] for e in data["edges"] if e["source"] == 0}
    assert labels == {"pass-1", "pass-2"}


def test_mtdf_guess_sets_the_first_pass(capfd) -> None:
    data = graph_of(capfd, G2, "--algo", "mtdf", "--guess", "1")
    first = min((n for n in data["nodes"] if n["pass"] is not None), key=lambda n: n["pass"])
    assert first["gamma"] == 1 and data["graph"]["guess"] == 1 and data["graph"]["value"] == -1


def test_iterative_deepening_draws_each_iteration_and_the_table_move_first(capfd) -> None:
    data = graph_of(capfd, G2, "--algo", "id", "--tt")
    g = data["graph"]
    roots = sorted((n for n in data["nodes"] if n["iteration"] is not None), key=lambda n: n["id"])
    assert g["iterations"] == len(roots) and [n["iteration_depth"] for n in roots] == list(range(1, len(roots) + 1))
    assert any(n["tt_move"] for n in data["nodes"])
    assert g["value"] == -1


def test_aspiration_windows_that_fail_are_searched_again(capfd) -> None:
    data = graph_of(capfd, G2, "--algo", "id", "--aspiration", "1")
    again = [n for n in data["nodes"] if n["iteration"] is not None and n["research"]]
    assert len(again) == data["graph"]["researches"] >= 1
    assert all(n["fail"] in ("high", "low") and n["alpha"] is None for n in again)  # the full window: null in JSON


def test_table_saves_nodes_on_the_empty_board(capfd) -> None:
    plain = graph_of(capfd, "9 x", "--algo", "alphabeta")["graph"]
    tabled = graph_of(capfd, "9 x", "--algo", "alphabeta", "--tt")["graph"]
    assert plain["nodes"] == 18_297 and tabled["nodes"] < plain["nodes"] and tabled["tt_hits"] > 0
    assert tabled["value"] == plain["value"] == 0


def test_csv_compares_the_searches_one_row_each(capfd, tmp_path: Path) -> None:
    target = tmp_path / "table.csv"
    code, out, err = tttree(capfd, G2, "--compare", "minimax,alphabeta,pvs,mtdf,id", "-o", str(target))
    assert (code, out) == (0, "")
    rows = list(csv.DictReader(io.StringIO(target.read_text())))
    assert list(rows[0]) == ["search", "nodes", "leaves", "value", "best", "researches", "passes", "tt_hits"]
    assert [r["search"] for r in rows] == ["minimax", "alphabeta", "pvs", "mtdf", "id"]
    assert {r["value"] for r in rows} == {"-1"}
    by = {r["search"]: r for r in rows}
    assert by["minimax"]["nodes"] == "238" and by["alphabeta"]["nodes"] == "101"
    assert by["mtdf"]["passes"] == "2" and by["pvs"]["researches"] == "1"
    assert int(by["alphabeta"]["leaves"]) < int(by["minimax"]["leaves"])


@pytest.mark.parametrize("style", ["board", "compact", "textbook", "dot"])
@pytest.mark.parametrize("algo", ["pvs", "mtdf", "id"])
def test_every_style_draws_the_visits(capfd, tmp_path: Path, algo: str, style: str) -> None:
    target = tmp_path / "t.svg"
    argv = ["--tree", "[[2,7],[6,9],[1,8],[5,4]]"] if style == "textbook" else ["1o11o1oxx x"]
    code, out, err = tttree(capfd, *argv, "--algo", algo, "--style", style, "-o", str(target))
    assert code == 0, err
    svg = target.read_text()
    assert svg.startswith("<?xml")
    if style == "board":
        assert {"pvs": "null window", "mtdf": "pass 1: \u03b3=", "id": "iteration 1, depth 1"}[algo] in svg


def test_tikz_and_html_of_a_pvs_tree(capfd, tmp_path: Path) -> None:
    for suffix in ("tex", "html"):
        target = tmp_path / f"t.{suffix}"
        code, _, err = tttree(capfd, "1o11o1oxx x", "--algo", "pvs", "-o", str(target))
        assert code == 0, err
    page = (tmp_path / "t.html").read_text()
    assert '"notes":' in page and "null window" in page


@pytest.mark.parametrize(("argv", "option"), [
    (["--algo", "pvs", "--guess", "1"], "--guess"),
    (["--algo", "alphabeta", "--guess", "0"], "--guess"),
    (["--algo", "alphabeta", "--aspiration", "2"], "--aspiration"),
    (["--algo", "mtdf", "--aspiration", "2"], "--aspiration"),
    (["--tt"], "--tt"),
    (["--algo", "minimax", "--tt"], "--tt"),
    (["--algo", "mcts", "--tt"], "--tt"),
    (["--algo", "id", "--aspiration", "0"], "--aspiration"),
    (["--algo", "pvs", "--merge", "symmetry"], "--merge"),
])
def test_bad_combinations_are_one_error_line_naming_the_option(capfd, tmp_path: Path, argv: list[str],
                                                               option: str) -> None:
    target = tmp_path / "t.png"
    code, out, err = tttree(capfd, G2, *argv, "-o", str(target))
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and option in err
    assert not target.exists() and list(tmp_path.iterdir()) == []
