"""One vocabulary across every command (issue 25, item 6).

One option for a time budget (``--seconds``, or the SECONDS argument of the bots), one player-spec language
built by one factory (``engine.arena.players.make_player``) wherever an opponent is named, ``seed`` only
ever a random seed (the course's bot is ``course:N``), a budget (error past it) apart from a cap (cut past
it), and old spellings kept for one release with a note on stderr.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.arena.players import DepthBotPlayer, SeedPlayer, TicTacToePlayer, make_player, renamed_spec
from engine.errors import ParameterError
from treeviz.cli.main import COMMANDS

BIN = Path(sys.executable).parent
pytestmark = pytest.mark.slow  # every test runs the commands as processes (about a second each here)
COMMANDS_HELP = [["tttree"], ["sm-bot"], ["sm-refresh"], ["sm-mcts"], *(["treeviz", name] for name in COMMANDS)]


def run(*argv: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / argv[0]), *argv[1:]], capture_output=True, text=True, timeout=120,
                          input=stdin if stdin is not None else "", cwd=cwd)


def options_of(argv: list[str]) -> set[str]:
    """Every option a command's --help lists."""
    text = run(*argv, "--help").stdout
    return set(re.findall(r"^  (?:-\w, )?(--[a-z][a-z-]*)", text, re.MULTILINE))


def test_one_option_for_a_time_budget_and_distinct_names_for_distinct_things() -> None:
    every = {" ".join(argv): options_of(argv) for argv in COMMANDS_HELP}
    assert "--seconds" in every["treeviz arena"] and "--seconds" in every["sm-refresh"]
    assert "--seconds" in every["treeviz play"]
    for name, options in every.items():
        assert not options & {"--limit", "--time", "--ai", "--searches", "--max-positions"}, name
    assert "--port" in every["treeviz play"] and "--serve" not in every["treeviz play"]  # --serve is sm-bot's protocol
    assert "--node-budget" in every["treeviz solve"] and "--max-nodes" not in every["treeviz solve"]
    assert "--position-budget" in every["treeviz count"]
    assert "--compare" in every["treeviz compare"]


def test_seed_is_only_ever_a_random_seed() -> None:
    for argv in COMMANDS_HELP:
        text = run(*argv, "--help").stdout
        for line in re.findall(r"--seed \w+\s+(.*)", text):
            assert "seed" in line.lower() and "random" in line.lower(), (argv, line)
        assert "seed:N" not in text.replace("seed:N before", ""), argv


@pytest.mark.parametrize(("argv", "note"), [
    (["treeviz", "arena", "random", "greedy", "--limit", "0"], "treeviz arena --limit is now --seconds"),
    (["sm-refresh", "--time", "0"], "sm-refresh --time is now --seconds"),
    (["treeviz", "play", "--serve", "70000"], "treeviz play --serve is now --port"),
    (["treeviz", "play", "--ai", "nobody"], "treeviz play --ai is now --player"),
    (["treeviz", "count", "999999999 00 x", "--max-positions", "10"], "treeviz count --max-positions is now "
                                                                       "--position-budget"),
    (["treeviz", "solve", "999999999 00 x", "--max-positions", "10"], "treeviz solve --max-positions is now "
                                                                       "--position-budget"),
    (["treeviz", "compare", "9 x", "--searches", "minimax"], "treeviz compare --searches is now --compare"),
], ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_an_old_option_spelling_still_works_after_a_note(argv: list[str], note: str) -> None:
    done = run(*argv)  # each is refused for its value, after the note: the old spelling was understood
    lines = done.stderr.splitlines()
    assert lines[0] == f"note: {note}; the old spelling goes in the next release", done.stderr
    assert len(lines) == 2 and lines[1].startswith("error: ") and done.returncode == 2, done.stderr


def test_old_spellings_play_a_whole_game(tmp_path: Path) -> None:
    done = run("sm-refresh", "--human", "x", "--ai", "seed", "--depth", "1", "--time", "0.1", "--no-png",
               "-o", str(tmp_path), stdin="55\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "note: --ai seed is now --player course" in done.stderr
    assert "o (course:1) played" in done.stdout


def test_the_old_player_word_seed_is_read_with_a_note(tmp_path: Path) -> None:
    done = run("treeviz", "arena", "seed:1", "random", "--seconds", "1", "-o", str(tmp_path / "records"))
    assert done.returncode == 0, done.stderr
    assert "note: player seed:1 is now course:1; the old spelling goes in the next release" in done.stderr
    assert "seed:1" in done.stdout  # its name as given: a championship recorded with it resumes as it was
    assert renamed_spec("proc:seed:4") == "proc:course:4" and renamed_spec("course:4") is None


@pytest.mark.parametrize("spec", ["course:1", "mcts:0.2", "bot:0.1", "greedy"])
def test_play_takes_the_arenas_players(tmp_path: Path, spec: str) -> None:
    done = run("sm-refresh", "--player", spec, "--no-png", "-o", str(tmp_path), stdin="55\nquit\n")
    assert done.returncode == 0, done.stderr
    assert re.search(rf"o \({re.escape(spec)}[^)]*\) played \d\d", done.stdout), done.stdout[-600:]


def test_one_factory_builds_every_opponent() -> None:
    assert isinstance(make_player("course:2"), SeedPlayer)
    assert isinstance(make_player("bot", depth=3), DepthBotPlayer)
    ttt = make_player("strategy", game="tictactoe")
    assert isinstance(ttt, TicTacToePlayer) and ttt.name == "strategy"
    with pytest.raises(ParameterError, match=r"depth=3 applies to bot and course, not to spec='random'"):
        make_player("random", depth=3)
    with pytest.raises(ParameterError, match=r"spec='chess' is not a tic-tac-toe player"):
        make_player("chess", game="tictactoe")
