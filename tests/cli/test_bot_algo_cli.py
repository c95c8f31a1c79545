"""``tttree FEN --algo bot --depth N``: the bot's own search drawn, its techniques marked and counted."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from engine.bot.decision import QUIESCE_PLIES
from engine.bot.fixed_depth import TABLE_BITS
from engine.bot.native_search import native_engine
from engine.evaluation.ultimate import CONTEMPT, DEFAULT_WEIGHTS, draw_shift
from engine.games.tictactoe import TICTACTOE
from engine.games.ultimate import ULTIMATE
from treeviz.cli.common import run
from treeviz.cli.tttree import tree_command
from treeviz.trees.builder import build_tree

FEN = "4o2oo2xx8o1oxo1x1x2o2o6x1x2ox1x1x1x2oo4x4oo1x1ox4x1 59 o"
"""A middle game where the bot's depth-3 search uses every technique (the README's and the sample's)."""
FLAGS = ("table_move", "killer", "reduction", "research", "quiescence", "tt_hit")
COUNTS = ("tt_hits", "researches", "reductions", "quiescence_nodes")


def tttree(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run tttree in-process the way its console script does; (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as done:
        run(tree_command, list(argv), prog_name="tttree")
    out, err = capfd.readouterr()
    return done.value.code, out, err


def test_the_tree_is_the_search_sm_bot_runs_to_that_depth(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = tttree(capfd, FEN, "--algo", "bot", "--depth", "3", "--format", "json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    g = data["graph"]
    state = ULTIMATE.parse_fen(FEN)
    engine = native_engine(DEFAULT_WEIGHTS)
    assert engine is not None
    native = engine.think(state, time.monotonic() + 3600, draw_shift(ULTIMATE.to_move(state), CONTEMPT),
                          engine.table(TABLE_BITS), max_depth=3, quiesce_plies=QUIESCE_PLIES)
    assert (g["algorithm"], g["best_moves"], g["value"], g["search_nodes"], g["table_hits"]) == (
        "bot", [native.move], native.value, native.nodes, native.table_hits)
    assert sum(g["iteration_nodes"]) == g["search_nodes"] and g["iteration_nodes"][-1] == g["nodes"]
    entered = [n for n in data["nodes"] if not n.get("pruned")]
    assert len(entered) == g["nodes"]
    for flag, name in zip(("tt_hit", "research", "reduction", "quiescence"), COUNTS, strict=True):
        assert g[name] == sum(1 for n in entered if n[flag]) > 0, name
    assert all(set(FLAGS) <= n.keys() for n in entered)
    assert all(n["leaf"] == "table" for n in entered if n["tt_hit"])
    assert all(n["depth"] > 3 for n in entered if n["quiescence"])


def test_a_re_search_follows_the_search_it_repeats(capfd: pytest.CaptureFixture[str]) -> None:
    data = json.loads(tttree(capfd, FEN, "--algo", "bot", "--depth", "3", "--format", "json")[1])
    parent = {e["target"]: (e["source"], e["move"]) for e in data["edges"]}
    researched = [n["id"] for n in data["nodes"] if n.get("research")]
    assert researched
    for n in researched:
        source, move = parent[n]
        earlier = [k for k, (s, m) in parent.items() if s == source and m == move and k < n]
        assert earlier, f"node {n}: no earlier search of move {move}"


def test_the_same_command_gives_the_same_bytes(capfd: pytest.CaptureFixture[str]) -> None:
    for fmt in ("json", "dot"):
        first = tttree(capfd, FEN, "--algo", "bot", "--depth", "3", "--format", fmt)
        assert first[0] == 0
        assert tttree(capfd, FEN, "--algo", "bot", "--depth", "3", "--format", fmt) == first


def test_the_board_style_names_each_technique_and_the_key_explains_them(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, _ = tttree(capfd, FEN, "--algo", "bot", "--depth", "3", "--plies", "2")
    assert code == 0
    marks = " · ".join(re.findall(r'COLOR="#7b2cbf"><B>([^<]*)</B>', out))
    for words in ("TT move", "re-search", "reduced", "table hit"):
        assert words in marks, words
    assert "re-search: searched again" in out
    assert "Bot search tree of" in out and "re-search" in out


def test_the_compact_figure_is_drawn(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "bot.svg"
    code, _, _ = tttree(capfd, FEN, "--algo", "bot", "--depth", "3", "--style", "compact", "-o", str(target))
    assert code == 0
    svg = target.read_text()
    assert "#73 RH" in svg  # the late move reduced, its reduced search answered from the table
    assert "S: searched again" in svg


@pytest.mark.parametrize(("argv", "words"), [
    (["--tree", "[[1,2],[3]]", "--algo", "bot", "--depth", "2"], "--algo bot runs the bot's search"),
    ([FEN, "--algo", "bot"], "--algo bot deepens up to a fixed depth as sm-bot does: give --depth N"),
    (["x21o11xo o", "--algo", "bot", "--depth", "2", "--order", "best"], "--order best does not apply to --algo bot"),
    (["x21o11xo o", "--algo", "bot", "--depth", "2", "--scoring", "quick"], "--scoring quick does not apply"),
    (["x21o11xo o", "--algo", "bot", "--depth", "2", "--order", "best,worst"], "--algo bot orders its own moves"),
])
def test_bad_requests_are_one_error_line_and_nothing_written(capfd: pytest.CaptureFixture[str], tmp_path: Path,
                                                             argv: list[str], words: str) -> None:
    target = tmp_path / "t.svg"
    code, out, err = tttree(capfd, *argv, "-o", str(target))
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and err.count("\n") == 1 and words in err, err
    assert not target.exists()


def test_tic_tac_toe_gets_the_same_search_with_its_evaluation(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = tttree(capfd, "x21o11xo o", "--algo", "bot", "--depth", "4", "--format", "json")
    assert (code, err) == (0, "")
    g = json.loads(out)["graph"]
    textbook = build_tree(TICTACTOE, TICTACTOE.parse_fen("x21o11xo o"), algorithm="alphabeta", depth=4).graph
    assert g["algorithm"] == "bot" and g["quiescence_nodes"] == 0
    assert (g["value"], g["best_moves"]) == (textbook["value"], textbook["best_moves"]) == (-100, [2])  # o wins


def test_any_game_with_an_evaluation_whose_players_take_turns(capfd: pytest.CaptureFixture[str]) -> None:
    code, out, err = tttree(capfd, "--game", "examples/nim.py:Nim", "1 2 first", "--algo", "bot", "--depth", "2",
                            "--format", "json")
    assert (code, err) == (0, "")
    assert json.loads(out)["graph"]["algorithm"] == "bot"


class TwiceGame:
    """Three plies of one move each; the first player moves twice, then the second: no alternation."""

    name = "twice"

    def initial(self) -> int:
        return 0

    def to_move(self, state: int) -> int:
        return 0 if state < 2 else 1

    def legal_moves(self, state: int) -> tuple[int, ...]:
        return (1,) if state < 3 else ()

    def play(self, state: int, move: int) -> int:
        return state + move

    def outcome(self, state: int) -> float | None:
        return 0 if state == 3 else None

    def evaluate(self, state: int) -> float:
        return 0


def test_a_game_whose_players_do_not_take_turns_is_refused() -> None:
    from engine.errors import ParameterError
    from treeviz.tree import search_tree

    with pytest.raises(ParameterError, match="needs players who take turns"):
        search_tree(game=TwiceGame(), algorithm="bot", depth=3)
