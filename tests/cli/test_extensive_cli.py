"""Extensive-form games from the command line (issue 35): tttree --game FILE.efg or an OpenSpiel game of imperfect
information, drawn in every format, solved by --algo backward, --strategic tables, --format efg; every kind of bad
input one error line, exit 2, nothing on stdout and no file."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
from pathlib import Path

import pytest

from engine.games.efg import read_efg, write_efg
from treeviz.cli.common import run
from treeviz.cli.tttree import tree_command

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = ROOT / "samples" / "extensive"
SIGNALLING = str(SAMPLES / "signalling.efg")
ENTRY = str(SAMPLES / "entry3.efg")
CENTIPEDE = str(SAMPLES / "centipede.efg")

try:
    import pyspiel  # noqa: F401 - only to know whether it is there
except ImportError:
    HAVE_OPENSPIEL = False
else:
    HAVE_OPENSPIEL = True
needs_openspiel = pytest.mark.skipif(not HAVE_OPENSPIEL,
                                     reason="OpenSpiel is not installed (pip install 'treeviz[openspiel]')")


def tttree(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run tttree in-process the way its console script does; (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as done:
        run(tree_command, list(argv), prog_name="tttree")
    out, err = capfd.readouterr()
    return int(done.value.code or 0), out, err


def test_an_efg_file_becomes_a_graph_with_players_sets_probabilities_and_payoffs(
        capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = tttree(capfd, "--game", SIGNALLING, "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    g = data["graph"]
    assert g["players"] == ["Sender", "Receiver"] and g["algorithm"] == "extensive"
    nodes = {n["id"]: n for n in data["nodes"]}
    assert nodes[0]["kind"] == "chance" and nodes[1]["player"] == "Sender"
    assert nodes[2]["infoset"] == "2:1" and nodes[2]["infoset_name"] == "after beer"
    assert nodes[3]["payoffs"] == [1, 0]
    edges = {(e["source"], e["target"]): e for e in data["edges"]}
    assert edges[(0, 1)]["probability"] == 0.9 and edges[(0, 1)]["action"] == "strong"
    assert {"id": "2:1", "player": "Receiver", "name": "after beer", "nodes": [2, 9]} in g["infosets"]


def test_backward_induction_marks_every_best_edge_and_the_graph_payoffs(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = tttree(capfd, "--game", ENTRY, "--algo", "backward", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["graph"]["payoffs"] == [1, 1, 2]
    assert all("payoffs" in n and len(n["payoffs"]) == 3 for n in data["nodes"])
    ties = [e for e in data["edges"] if e.get("best") and not e.get("chosen")]
    assert len(ties) == 2  # low demand: A and B each indifferent


@pytest.mark.parametrize("suffix", ["svg", "png", "pdf", "dot", "tex", "html"])
def test_every_figure_format_is_written(capfd: pytest.CaptureFixture[str], tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"g.{suffix}"
    code, _, err = tttree(capfd, "--game", SIGNALLING, "-o", str(out))
    assert code == 0, err
    data = out.read_bytes()
    assert data
    if suffix == "svg":
        text = data.decode()
        assert "stroke-dasharray" in text  # the dashed line of an information set
        assert 'class="node efg is_2_1"' in text
    if suffix == "tex":
        assert b"dashed" in data and b"\\begin{tikzpicture}" in data
    if suffix == "html":
        assert b"mouseenter" in data and b"is_2_1" in data


def test_format_efg_writes_the_game_back(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "again.efg"
    code, _, err = tttree(capfd, "--game", SIGNALLING, "-o", str(out))
    assert code == 0, err
    original = read_efg(Path(SIGNALLING).read_text())
    assert write_efg(read_efg(out.read_text())) == write_efg(original)


def test_strategic_form_as_csv_marks_the_backward_induction_profile(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = tttree(capfd, "--game", CENTIPEDE, "--algo", "backward", "--strategic", "--format", "csv")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:2] == ["Ann \\ Bob", "take,take *"]
    assert rows[1][:3] == ["take,take *", "4, 1 *", "4, 1"]
    assert len(rows) == 5 and all(len(r) == 5 for r in rows)  # Ann and Bob have 4 strategies each


@needs_openspiel
def test_kuhn_poker_draws_with_its_twelve_information_sets(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = tttree(capfd, "--game", "openspiel:kuhn_poker", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert len(data["nodes"]) == 58 and len(data["graph"]["infosets"]) == 12
    code, _, err = tttree(capfd, "--game", "openspiel:kuhn_poker", "-o", str(tmp_path / "k.svg"))
    assert code == 0, err


@needs_openspiel
def test_an_openspiel_game_past_the_size_limit_is_refused(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = tttree(capfd, "--game", "openspiel:leduc_poker", "-o", str(tmp_path / "l.svg"))
    assert code == 2 and not out
    assert err.count("\n") == 1 and "9,457 nodes, more than the 2,000 a figure" in err
    assert not list(tmp_path.iterdir())


BAD = "EFG 2 R \"t\" {{ \"A\" \"B\" }}\n\"\"\n{body}"


@pytest.mark.parametrize(("body", "argv", "words"), [
    ("c \"\" 1 \"\" { \"a\" 1/2 \"b\" 1/3 } 0\nt \"\" 0\nt \"\" 0\n", [], "line 3: chance probabilities sum to 5/6"),
    ("p \"\" 1 1 \"\" { \"a\" \"b\" } 0\np \"\" 2 1 \"\" { \"x\" } 0\nt \"\" 0\np \"\" 2 1 \"\" { \"x\" \"y\" } 0\n"
     "t \"\" 0\nt \"\" 0\n", [], "line 6: player 2's information set 1 is given 2 actions, not the 1"),
    ("t \"\" 1 \"\" { 1 2 3 }\n", [], "line 3: outcome 1 has 3 payoffs for 2 players"),
    ("p \"\" 1 1 \"\" { \"a\" \"b\" } 0\nt \"\" 1 \"\" { 1 2 }\nq\n", [], "line 5: expected a node"),
    ("p \"\" 1 1 \"\" { \"a\" \"b\" } 0\np \"\" 2 1 \"\" { \"x\" } 0\nt \"\" 1 \"\" { 1 2 }\np \"\" 2 1 0\n"
     "t \"\" 1\n", ["--algo", "backward"], "backward induction needs perfect information"),
    ("p \"\" 1 1 \"\" { \"a\" \"b\" } 0\np \"\" 1 1 0\nt \"\" 1 \"\" { 1 2 }\nt \"\" 1\nt \"\" 1\n",
     ["--algo", "nash"], "imperfect recall: A's information set 1 is reached twice on one play"),
    ("t \"\" 1 \"\" { 1 2 }\n", ["--algo", "minimax"], "--algo minimax searches two-player zero-sum games"),
])
def test_bad_input_is_one_error_line_exit_2_and_no_file(capfd: pytest.CaptureFixture[str], tmp_path: Path,
                                                         body: str, argv: list[str], words: str) -> None:
    game = tmp_path / "bad.efg"
    game.write_text(BAD.format(body=body))
    out_file = tmp_path / "out.svg"
    code, out, err = tttree(capfd, "--game", str(game), *argv, "-o", str(out_file))
    assert code == 2, err
    assert not out and err.startswith("error: ") and err.count("\n") == 1, err
    assert words in err, err
    assert not out_file.exists()


def test_strategic_form_of_three_players_is_refused(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = tttree(capfd, "--game", ENTRY, "--strategic", "--format", "csv")
    assert code == 2 and "two-player game; this one has 3 players" in err


def _binary_game(players: int, depth: int) -> str:
    """A perfect-information game where players take turns choosing left or right, ``depth`` moves deep."""
    names = " ".join('"P' + str(k) + '"' for k in range(players))
    lines = [f"EFG 2 R \"big\" {{ {names} }}", "\"\""]
    counter = [0, 0]

    def node(level: int) -> None:
        if level == depth:
            counter[1] += 1
            payoffs = " ".join(str(counter[1] % 5) for _ in range(players))
            lines.append(f"t \"\" {counter[1]} \"\" {{ {payoffs} }}")
            return
        counter[0] += 1
        lines.append(f"p \"\" {level % players + 1} {counter[0]} \"\" {{ \"l\" \"r\" }} 0")
        node(level + 1)
        node(level + 1)

    node(0)
    return "\n".join(lines) + "\n"


def test_a_game_too_large_to_solve_or_draw_names_the_limit(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = tmp_path / "big.efg"
    game.write_text(_binary_game(3, 11))  # 4,095 nodes
    code, out, err = tttree(capfd, "--game", str(game), "--algo", "nash", "-o", str(tmp_path / "n.json"))
    assert code == 2 and not out
    assert "4,095 nodes, more than the 300 that --algo nash solves with three or more players" in err
    code, out, err = tttree(capfd, "--game", str(game), "--algo", "backward", "-o", str(tmp_path / "b.svg"))
    assert code == 2 and "more than the 2,000 a figure of an extensive-form game holds" in err
    code, out, err = tttree(capfd, "--game", str(game), "--algo", "backward", "-o", str(tmp_path / "b.json"))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json", "big.efg"]


@needs_openspiel
@pytest.mark.skipif(importlib.util.find_spec("pygambit") is None,
                    reason="pygambit is not installed (pip install 'treeviz[gambit]')")
def test_kuhn_poker_by_nash_puts_the_equilibrium_on_every_branch(capfd: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    code, out, err = tttree(capfd, "--game", "openspiel:kuhn_poker", "--algo", "nash", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["graph"]["payoffs"] == pytest.approx([-1 / 18, 1 / 18])
    assert all("probability" in e for e in data["edges"])
    assert all(len(n["payoffs"]) == 2 and 0 <= n["reach"] <= 1 for n in data["nodes"])
    code, _, err = tttree(capfd, "--game", "openspiel:kuhn_poker", "--algo", "nash", "-o", str(tmp_path / "k.svg"))
    assert code == 0, err
    assert "[2/3]" in (tmp_path / "k.svg").read_text() or "[1/3]" in (tmp_path / "k.svg").read_text()
