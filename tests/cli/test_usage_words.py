"""Usage errors in the user's words, in every command (issue 26, item 4).

Every usage error names the option or argument as the user typed it and what was
expected, on one ``error:`` line with exit status 2 and nothing on stdout; no
click type name (``FLOAT RANGE``, ``INTEGER``, ``x>=0``, ``[SECONDS]``) appears
in a message or in any ``--help``. The lean ``sm-bot FEN SECONDS`` path answers
the same way and still imports no click.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from treeviz.cli.main import COMMANDS

BIN = Path(sys.executable).parent
pytestmark = pytest.mark.slow  # every test runs the commands as processes (about a second each here)
START = "999999999 00 x"
JARGON = re.compile(r"INTEGER|FLOAT|RANGE|\bTEXT\b|\bPATH\b|DIRECTORY|BOOLEAN|\bx[<>]=?|\[SECONDS\]|Invalid value|"
                    r"No such option|Missing argument|Got unexpected")

SCRIPTS = [["tttree"], ["sm-bot"], ["sm-refresh"], ["sm-mcts"], ["treeviz"]]
SUBCOMMANDS = [["treeviz", name] for name in COMMANDS]


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / argv[0]), *argv[1:]], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("command", SCRIPTS + SUBCOMMANDS, ids=" ".join)
def test_help_shows_no_click_type_names(command: list[str]) -> None:
    done = run(*command, "--help")
    assert done.returncode == 0, done.stderr
    assert "Usage:" in done.stdout
    assert not JARGON.findall(done.stdout), JARGON.findall(done.stdout)


BAD: list[tuple[list[str], str]] = [
    # the lean sm-bot path and its full command
    (["sm-bot", "--frob", START, "1"], "unknown option --frob (see sm-bot --help)"),
    (["sm-bot", START, "abc"], "SECONDS must be a number of seconds > 0, got 'abc'"),
    (["sm-bot", START, "-1"], "SECONDS must be a number of seconds > 0, got '-1'"),
    (["sm-bot", START, "nan"], "SECONDS must be a number of seconds > 0, got 'nan'"),
    (["sm-bot", START, "1", "2"], "unexpected extra argument '2' (see sm-bot --help)"),
    (["sm-bot", START, "1", "--seed", "x"], "--seed must be a whole number, got 'x'"),
    (["treeviz", "bot", "--frob", START, "1"], "unknown option --frob (see treeviz bot --help)"),
    (["treeviz", "bot", START, "soon"], "SECONDS must be a number of seconds > 0, got 'soon'"),
    (["sm-mcts", "--frob", START, "1"], "unknown option --frob (see sm-mcts --help)"),
    (["sm-mcts", START, "0"], "SECONDS must be a number of seconds > 0, got '0'"),
    (["treeviz", "mcts", START, "1", "--c", "-1"],
     "--c must be a number >= 0 (the UCB1 exploration constant), got '-1'"),
    # trees
    (["tttree", "9 x", "--depth", "abc"], "--depth must be 0 or more (a whole number), got 'abc'"),
    (["tttree", "9 x", "--depth"], "--depth needs a value: 0 or more (a whole number)"),
    (["tttree", "9 x", "--algo", "negamax"],
     "--algo must be one of minimax, alphabeta, mcts, bot, pvs, mtdf, id, backward, nash, got 'negamax'"),
    (["tttree", "9 x", "--dept", "2"], "unknown option --dept: did you mean --depth?"),
    (["tttree", "9 x", "--max-nodes", "-5"], "--max-nodes must be 0 or more (a whole number), got '-5'"),
    (["treeviz", "compare", "9 x", "--iterations", "0", "--compare", "minimax,mcts"],
     "--iterations must be 1 or more (a whole number), got '0'"),
    (["treeviz", "view", "9 x", "--no-open", "--scoring", "fast"], "--scoring must be one of plain, quick, got 'fast'"),
    (["treeviz", "count", "9 x", "--position-budget", "many"],
     "--position-budget must be 0 or more (a whole number), got 'many'"),
    (["treeviz", "solve", "9 x", "--side", "z"], "--side must be one of x, o, got 'z'"),
    (["treeviz", "perft", "9 x", "-1"], "DEPTH must be 0 or more (a whole number), got '-1'"),
    (["treeviz", "perft", "9 x"], "missing DEPTH, expected 0 or more (a whole number) (see treeviz perft --help)"),
    # games and championships
    (["treeviz", "arena", "random", "greedy", "--seconds", "abc"],
     "--seconds must be a number of seconds > 0, got 'abc'"),
    (["treeviz", "arena", "random", "greedy", "-t", "0"], "-t must be a number of seconds > 0, got '0'"),
    (["treeviz", "arena", "random", "greedy", "--jobs", "0"],
     "--jobs must be a number of games >= 1, or auto (one per core), got '0'"),
    (["treeviz", "arena", "random", "greedy", "--openings", "30"],
     "--openings must be a whole number from 0 to 20, got '30'"),
    (["sm-refresh", "--seconds", "0"], "--seconds must be a number of seconds >= 0.01, got '0'"),
    (["treeviz", "play", "--port", "99999"], "--port must be a whole number from 0 to 65535, got '99999'"),
    (["treeviz", "play", "--human", "z"], "--human must be one of x, o, none, both, got 'z'"),
    (["treeviz", "frob"], "unknown command 'frob': the commands are " + ", ".join(COMMANDS)),
    (["treeviz", "--frob"], "unknown option --frob (see treeviz --help)"),
]


@pytest.mark.parametrize(("argv", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_usage_is_one_line_in_the_users_words(argv: list[str], message: str) -> None:
    done = run(*argv)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.splitlines() == [f"error: {message}"]
    assert not JARGON.findall(done.stderr)


def test_an_old_spelling_is_named_as_typed_after_its_note() -> None:
    done = run("treeviz", "arena", "random", "greedy", "--limit", "abc")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "note: treeviz arena --limit is now --seconds; the old spelling goes in the next release",
        "error: --limit must be a number of seconds > 0, got 'abc'",
    ]


def test_the_plain_sm_bot_call_still_imports_no_click() -> None:
    env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1")
    done = subprocess.run([str(BIN / "sm-bot"), START, "0.2"], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time")}
    assert "engine.games.ultimate" in imported  # the profile is there
    assert not {name for name in imported if name == "click" or name.startswith("click.")}
