"""Any game from the command line (issue 22): textbook trees (--tree, --tree-file, --root), games of one's own and
OpenSpiel's (--game with the position in the game's notation, --moves), in every format and through treeviz
tree/compare/view; and every kind of bad input answered with one error line, exit 2, nothing on stdout and no
file left behind."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from treeviz.cli.common import run
from treeviz.cli.main import cli
from treeviz.cli.tttree import tree_command

ROOT = Path(__file__).resolve().parent.parent.parent
BIN = Path(sys.executable).parent
NIM = f"{ROOT / 'examples' / 'nim.py'}:Nim"
CLASSIC = "[[3,12,8],[2,4,6],[14,5,2]]"
CONNECT_FOUR = "openspiel:connect_four(rows=4,columns=4)"

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
    return done.value.code, out, err


def treeviz(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the treeviz umbrella command in-process; (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as done:
        run(cli, list(argv), prog_name="treeviz")
    out, err = capfd.readouterr()
    return done.value.code, out, err


def json_of(capfd: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = tttree(capfd, *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)


# -- textbook trees ----------------------------------------------------------------------------

def test_the_classic_tree_is_worth_3_and_alpha_beta_skips_exactly_two_leaves(capfd) -> None:
    data = json_of(capfd, "--tree", CLASSIC, "--algo", "alphabeta")
    g = data["graph"]
    assert (g["value"], g["nodes"], g["pruned"], g["best_moves"]) == (3, 11, 2, [1])
    nodes = {n["id"]: n for n in data["nodes"]}
    stubs = [n for n in nodes.values() if n["pruned"]]
    assert sorted(n["fen"] for n in stubs) == ["2.2", "2.3"]  # the second MIN node's last two leaves
    assert all(n["cut_by"] == "alpha" and n["parent_value"] == 2 for n in stubs)
    leaves = [n["value"] for n in sorted(nodes.values(), key=lambda n: n["id"]) if n["leaf"] == "terminal"]
    assert leaves == [3, 12, 8, 2, 14, 5, 2]  # left to right, as entered
    assert {n["to_move"] for n in nodes.values() if n["depth"] == 1} == {"min"}
    assert nodes[0]["to_move"] == "max" and nodes[0]["fen"] == "root"
    assert all(n["outcome"] is None for n in nodes.values())  # a leaf is worth its value: nobody "won"


def test_minimax_of_the_classic_tree_enters_all_13_nodes(capfd) -> None:
    g = json_of(capfd, "--tree", CLASSIC)["graph"]
    assert (g["algorithm"], g["value"], g["nodes"], g["pruned"]) == ("minimax", 3, 13, 0)


def test_root_min_makes_the_root_minimise_and_values_stay_maxs(capfd) -> None:
    data = json_of(capfd, "--tree", CLASSIC, "--root", "min")
    assert data["graph"]["value"] == 6  # MIN picks the MAX node worth max(2,4,6)
    assert data["nodes"][0]["to_move"] == "min"


def test_names_are_the_nodes_position_text_and_start_a_search_below_the_root(capfd) -> None:
    tree = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"
    data = json_of(capfd, "--tree", tree)
    assert [n["fen"] for n in data["nodes"] if n["depth"] == 1] == ["B", "C", "D"]
    below = json_of(capfd, "--tree", tree, "D")["graph"]
    assert (below["root_fen"], below["value"], below["nodes"]) == ("D", 2, 4)
    moved = json_of(capfd, "--tree", tree, "--moves", "2")["graph"]
    assert (moved["root_fen"], moved["value"]) == ("C", 2)


def test_a_tree_file_takes_comments_and_json_and_dash_reads_stdin(tmp_path: Path) -> None:
    file = tmp_path / "t.txt"
    file.write_text("# the classic tree\n[[3, 12, 8],   # B\n [2, 4, 6], [14, 5, 2]]\n")
    done = subprocess.run([str(BIN / "tttree"), "--tree-file", str(file), "--format", "json"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["graph"]["value"] == 3
    done = subprocess.run([str(BIN / "tttree"), "--tree-file", "-", "--format", "json"],
                          input=json.dumps([[1, -2.5], [0.5, 7]]), capture_output=True, text=True, timeout=60,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["graph"]["value"] == 0.5


def test_chance_branches_carry_their_probability_and_minimax_is_expectiminimax(capfd) -> None:
    data = json_of(capfd, "--tree", "[{1/2: [3,12], 1/2: [2,4]}, {1/4: 1, 3/4: 9}]")
    assert data["graph"]["value"] == 7.0 and data["graph"]["chance"] is True  # 1/4 + 27/4 beats 3/2 + 2/2
    nodes = {n["id"]: n for n in data["nodes"]}
    below_chance = [e for e in data["edges"] if nodes[e["source"]]["to_move"] == "chance"]
    assert sorted(e["probability"] for e in below_chance) == [0.25, 0.5, 0.5, 0.75]
    assert all("probability" not in e for e in data["edges"] if e not in below_chance)


def test_the_textbook_style_is_the_default_for_textbook_trees_even_as_dot(capfd) -> None:
    code, out, err = tttree(capfd, "--tree", "[B=[3,12,8],C=[2,4,6],D=[14,5,2]]", "--algo", "alphabeta")
    assert code == 0 and err == ""
    assert "shape=triangle" in out and "shape=invtriangle" in out and 'xlabel="B"' in out
    assert "Alpha-beta tree of [B=[3,12,8],C=[2,4,6],D=[14,5,2]]: 11 nodes, value 3, 2 moves pruned" in out


def test_tic_tac_toe_can_be_drawn_in_the_textbook_style(capfd, tmp_path: Path) -> None:
    target = tmp_path / "t.svg"
    code, out, err = tttree(capfd, "1o11o1oxx x", "--style", "textbook", "-o", str(target))
    assert (code, out, err) == (0, "", "")
    svg = target.read_text()
    inner = svg.count('<g class="node-') + svg.count('<g class="pv">')
    assert svg.count('class="leaf"') == 21 and inner == 49 - 21  # finished games as values, the others shapes
    assert svg.count("<polygon") == inner + 2  # every inner node a triangle (and the key's two)


# -- games of one's own and OpenSpiel's --------------------------------------------------------------

def test_a_game_of_ones_own_at_its_start_at_a_position_and_after_moves(capfd) -> None:
    start = json_of(capfd, "--game", NIM, "--algo", "alphabeta")["graph"]
    assert (start["game"], start["root_fen"], start["value"]) == ("nim", "1 2 3 first", -1)  # xor 0: first loses
    there = json_of(capfd, "--game", NIM, "1 2 first", "--moves", "1@2")
    assert there["graph"]["root_fen"] == "1 1 second" and there["graph"]["value"] == 1
    assert {n["to_move"] for n in there["nodes"]} == {"first", "second"}
    assert {n["outcome"] for n in there["nodes"]} - {None} == {"first"}
    assert there["edges"][0]["move"] == [0, 1]  # Nim's moves are (pile, take) pairs


def test_a_dotted_module_and_class_name_a_game_too(capfd, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "examples"))
    assert json_of(capfd, "--game", "nim:Nim", "1 first")["graph"]["value"] == 1


@needs_openspiel
def test_openspiel_moves_by_number_or_name_reach_the_same_position(capfd) -> None:
    by_number = json_of(capfd, "--game", CONNECT_FOUR, "--moves", "3,3,2", "--algo", "alphabeta", "--depth", "2")
    by_name = json_of(capfd, "--game", CONNECT_FOUR, "--moves", "x3,o3,x2", "--algo", "alphabeta", "--depth", "2")
    assert by_number == by_name
    g = by_number["graph"]
    assert g["root_fen"] == "3,3,2" and g["depth"] == 2 and g["scoring"] == "heuristic"
    assert by_number["nodes"][0]["to_move"] == "player 1"


@needs_openspiel
@pytest.mark.parametrize("algo", ["minimax", "alphabeta", "mcts"])
def test_each_openspiel_action_has_the_name_of_the_player_taking_it(capfd, algo: str) -> None:
    """Connect Four's action 3 is x3 for player 0 and o3 for player 1; Pig's action 1 is the decision 'stop' or
    the chance event 'Roll 2'. Edges were named after the first player met taking that action number."""
    limit = ["--iterations", "300"] if algo == "mcts" else ["--depth", "3"]
    expected = {"player 0": "x", "player 1": "o"}
    data = json_of(capfd, "--game", CONNECT_FOUR, "--moves", "3,3,2", "--algo", algo, *limit)
    movers = {n["id"]: n["to_move"] for n in data["nodes"]}
    named = {(movers[e["source"]], e["label"][0]) for e in data["edges"]}
    assert named == set(expected.items()), named
    cut = ["--max-nodes", "40"] if algo == "mcts" else ["--plies", "2"]
    for figure in (["--format", "dot"], ["--format", "dot", *cut], ["--format", "svg", "--style", "compact"]):
        code, out, _ = tttree(capfd, "--game", CONNECT_FOUR, "--moves", "3,3,2", "--algo", algo, *limit, *figure)
        # one name per action number (the bug) would be 4 names, not 8
        assert code == 0 and set(re.findall(r"\b[xo][0-3]\b", out)) == {f"{p}{c}" for p in "xo" for c in range(4)}
    pig = json_of(capfd, "--game", "openspiel:pig(horizon=4,winscore=4,diceoutcomes=2)", "--moves", "0",
                  "--algo", "alphabeta" if algo == "mcts" else algo)
    movers = {n["id"]: n["to_move"] for n in pig["nodes"]}
    names = {(movers[e["source"]] == "chance", e["move"], e["label"]) for e in pig["edges"]}
    assert names == {(True, 0, "Roll 1"), (True, 1, "Roll 2"), (False, 0, "roll"), (False, 1, "stop")}


@needs_openspiel
def test_an_openspiel_name_holding_commas_is_typed_in_quotes(capfd) -> None:
    spec = "openspiel:nim(pile_sizes=1;2)"
    quoted = json_of(capfd, "--game", spec, "--moves", '"pile:2, take:1;"')["graph"]
    numbered = json_of(capfd, "--game", spec, "--moves", "1")["graph"]
    assert quoted["root_fen"] == numbered["root_fen"] == "1"


@needs_openspiel
def test_a_depth_limit_without_evaluation_scores_the_horizon_zero_and_says_so(capfd, tmp_path: Path) -> None:
    target = tmp_path / "c4.svg"
    code, out, err = tttree(capfd, "--game", CONNECT_FOUR, "--algo", "alphabeta", "--depth", "2", "-o", str(target))
    assert code == 0 and out == ""
    assert "has no evaluation function: the positions where the search stops at depth 2 score 0" in err
    assert "depth 2 (no evaluation: 0 there)" in target.read_text()
    code, out, err = tttree(capfd, "--game", CONNECT_FOUR, "--algo", "mcts", "--iterations", "20", "--format", "json")
    assert code == 0 and "evaluation" not in err  # MCTS needs none


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["dot", "png", "svg", "pdf", "tex", "json", "html"])
@pytest.mark.parametrize("what", ["tree", "chance", "nim", "openspiel"])
def test_every_format_of_every_kind_of_game(capfd, tmp_path: Path, fmt: str, what: str) -> None:
    if what == "openspiel" and not HAVE_OPENSPIEL:
        pytest.skip("OpenSpiel is not installed (pip install 'treeviz[openspiel]')")
    args = {"tree": ["--tree", "[B=[3,12,8],C=[2,4,6],D=[14,5,2]]"],
            "chance": ["--tree", "[{1/2: [3,12], 1/2: [2,4]}, [4,6]]"],
            "nim": ["--game", NIM, "1 2 first"],
            "openspiel": ["--game", CONNECT_FOUR, "--moves", "0,1,0,1", "--depth", "2"]}[what]
    target = tmp_path / f"out.{fmt}"
    code, out, err = tttree(capfd, *args, "--algo", "alphabeta", "-o", str(target))
    assert code == 0 and out == "", err
    magic = {"png": b"\x89PNG", "pdf": b"%PDF-", "svg": b"<?xml", "dot": b"digraph", "json": b"{",
             "html": b"<!DOCTYPE html>", "tex": b"%"}[fmt]
    assert target.read_bytes().startswith(magic)


@pytest.mark.slow
def test_mcts_and_merged_dags_and_comparisons_of_any_game(capfd, tmp_path: Path) -> None:
    mcts = json_of(capfd, "--game", NIM, "--algo", "mcts", "--iterations", "100", "--seed", "3")
    assert mcts["graph"]["iterations"] == 100 and mcts["nodes"][0]["visits"] == 100
    dag = json_of(capfd, "--game", NIM, "--merge", "transpositions")
    assert dag["graph"]["tree_nodes"] == 447 and len(dag["nodes"]) == 40  # 40 distinct positions of 1 2 3 first
    chance = json_of(capfd, "--tree", "[{1/2: [3,12], 1/2: [2,4]}, [4,6]]", "--algo", "mcts", "--iterations", "50")
    nodes = {n["id"]: n for n in chance["nodes"]}
    events = [nodes[e["target"]] for e in chance["edges"] if nodes[e["source"]]["to_move"] == "chance"]
    assert events and all(n["ucb"] is None for n in events)  # events are drawn by probability, not chosen
    assert all(n["ucb"] is not None for n in nodes.values() if n["depth"] == 1 and n["visits"])
    both = json_of(capfd, "--tree", CLASSIC, "--compare")
    assert (both["minimax"]["graph"]["nodes"], both["alphabeta"]["graph"]["nodes"]) == (13, 11)
    code, out, err = treeviz(capfd, "compare", "--tree", CLASSIC, "-o", str(tmp_path / "c.png"))
    assert code == 0 and out == "" and (tmp_path / "c.png").stat().st_size > 1000
    code, out, err = treeviz(capfd, "tree", "--game", NIM, "1 2 first", "--format", "json")
    assert code == 0 and json.loads(out)["graph"]["root_fen"] == "1 2 first"
    page = tmp_path / "v.html"
    code, out, err = treeviz(capfd, "view", "--tree", CLASSIC, "--algo", "alphabeta", "--no-open", "-o", str(page))
    assert code == 0 and out.strip() == str(page) and '"kind":"textbook"' in page.read_text()


# -- bad input -----------------------------------------------------------------------------------------

BAD_GAMES = """
class NoPlay:
    def initial(self): return 0
    def to_move(self, s): return 0
    def legal_moves(self, s): return []
    def outcome(self, s): return 0

class Count:
    def initial(self): return 0
    def to_move(self, s): return s % 2
    def legal_moves(self, s): return [1, 2] if s < 3 else []
    def play(self, s, m): return s + m
    def outcome(self, s): return None if s < 3 else 1

class Long:
    def initial(self): return 0
    def to_move(self, s): return s % 2
    def legal_moves(self, s): return [1] if s < 1200 else []
    def play(self, s, m): return s + m
    def outcome(self, s): return None if s < 1200 else 0
"""

BAD_INPUT = [
    (["--tree", "[[3,12,8],[2,4,6]"], "never closed"),
    (["--tree", "[[3,12,8],[2,4,6]]]"], "closes no bracket"),
    (["--tree", "[[3,12,8],[]]"], "empty brackets []"),
    (["--tree", ""], "no tree"),
    (["--tree", "[[3,x,8],[2,4,6]]"], "a leaf that is not a number: 'x'"),
    (["--tree", "[[3,1e400,8],[2,4,6]]"], "a leaf too large for a number: '1e400'"),
    (["--tree", "{1/2: 3, 1/3: 4}"], "sum to 5/6, not 1"),
    (["--tree", "{-1/2: 3, 3/2: 4}"], "a negative probability: '-1/2'"),
    (["--tree", "[1,2]", "--root", "sideways"], "sideways"),
    (["--game", "no/such/game.py:Nim"], "no such file"),
    (["--game", "NIM:Nope"], "has no 'Nope' (its classes: Nim)"),
    (["--game", "GAMES:NoPlay"], "lacks the protocol method play"),
    (["--game", "NIM:Nim", "1 2 x"], "rejects this position"),
    (["--game", "NIM:Nim", "--moves", "1@1,9@9"], "move 2 of the list: not a legal move here"),
    (["--game", "NIM:Nim", "--moves", "1@1,,1@2"], "an empty move in the list"),
    (["--game", "GAMES:Count", "--depth", "1"], "has no evaluate method"),
    (["--tree", "[1,2]", "--depth", "1"], "no evaluation of its inner nodes"),
    (["--game", "GAMES:Count", "--scoring", "quick"], "no empty_count method"),
    (["--tree", "[1,2]", "--order", "center-first"], "center-first order ranks the cells"),
    (["--tree-file", "no/such/tree.txt"], "cannot read --tree-file no/such/tree.txt"),
    (["--tree", "[1,2]", "--tree-file", "t.txt"], "--tree and --tree-file both"),
    (["--tree", "[1,2]", "--game", "NIM:Nim"], "--game and --tree"),
    (["--root", "min"], "--root says who moves at the root of a textbook tree"),
    ([], "missing the position"),
    (["--tree", "[B=[1,2],C=[3,4]]", "E"], "no node of this name"),
]
OPENSPIEL_BAD_INPUT = [
    (["--game", "openspiel:no_such_game"], "OpenSpiel has no game 'no_such_game'"),
    (["--game", "openspiel:connect_four(rows=4,colums=4)"], "connect_four has no parameter 'colums'"),
    (["--game", "openspiel:kuhn_poker", "--algo", "alphabeta"], "--algo alphabeta searches two-player zero-sum"),
    (["--game", "openspiel:matrix_rps"], "move simultaneously"),
    (["--game", CONNECT_FOUR, "--moves", "3,3,3,3,3"], "move 5 of the list: not a legal action here"),
    (["--game", CONNECT_FOUR, "--moves", '"x3,3'], "the quote \" is never closed"),
]


def _bad(capfd, tmp_path: Path, args: list[str]) -> tuple[int, str, str, Path]:
    games = tmp_path / "games.py"
    games.write_text(BAD_GAMES)
    target = tmp_path / "out" / "tree.png"
    target.parent.mkdir()
    args = [a.replace("NIM:", NIM.rsplit(":", 1)[0] + ":").replace("GAMES:", f"{games}:") for a in args]
    code, out, err = tttree(capfd, *args, "-o", str(target))
    return code, out, err, target


@pytest.mark.parametrize(("args", "words"), BAD_INPUT, ids=[" ".join(a) or "nothing" for a, _ in BAD_INPUT])
def test_bad_input_is_one_error_line_with_exit_2_and_nothing_written(capfd, tmp_path: Path, monkeypatch,
                                                                     args: list[str], words: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err, target = _bad(capfd, tmp_path, args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and words in err, err
    assert list(target.parent.iterdir()) == []


@needs_openspiel
@pytest.mark.parametrize(("args", "words"), OPENSPIEL_BAD_INPUT, ids=[" ".join(a) for a, _ in OPENSPIEL_BAD_INPUT])
def test_bad_openspiel_input_is_one_error_line(capfd, tmp_path: Path, args: list[str], words: str) -> None:
    code, out, err, target = _bad(capfd, tmp_path, args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and words in err, err
    assert list(target.parent.iterdir()) == []


def test_without_openspiel_the_error_names_the_extra_to_install(tmp_path: Path) -> None:
    hide = ("import sys; sys.modules['pyspiel'] = None; sys.argv[0] = 'tttree'; "
            "from treeviz.cli.tttree import main; main()")
    target = tmp_path / "c4.png"
    done = subprocess.run([sys.executable, "-c", hide, "--game", CONNECT_FOUR, "-o", str(target)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("error: OpenSpiel is not installed; install it with pip install 'treeviz[openspiel]': "
                           f"'{CONNECT_FOUR}'\n")
    assert not target.exists()


@pytest.mark.parametrize("args", [["--tree", "[" * 1200 + "1" + "]" * 1200], ["--game", "GAMES:Long"]],
                         ids=["a tree nested 1200 deep", "a game of one's own 1200 moves long"])
def test_a_tree_too_deep_to_search_is_one_error_line(capfd, tmp_path: Path, args: list[str]) -> None:
    code, out, err, target = _bad(capfd, tmp_path, args)
    assert code == 2 and out == "", err
    assert err.startswith("error: too deep: ") and "--depth" not in err and err.count("\n") == 1, err
    assert list(target.parent.iterdir()) == []
