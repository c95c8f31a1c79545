"""Arena players checked before the first game (issue 26 item 5): a player command that does not exist or is not
executable (the README's "python alice.py" ... ./carol, none of which existed, played 2.5 minutes of forfeits), or a
built-in spec that does not parse, is exit 2 with one error line naming the player, before any game is played."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.arena.players import make_player, unrunnable

BIN = Path(sys.executable).parent


def arena(tmp_path: Path, *players: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "treeviz"), "arena", *players, "--seconds", "0.2", "--rounds", "1",
                           "-o", "records"], capture_output=True, text=True, timeout=60, cwd=tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize(("player", "words"), [
    ("python alice.py", "no such file 'alice.py'"),
    ("python -W error bob.py", "no such file 'bob.py'"),
    ("./carol", "no such file './carol'"),
    ("./notexec", "'./notexec' is not executable (chmod +x ./notexec)"),
    ("./folder", "'./folder' is a folder, not a program"),
    ("no-such-program-here --fast", "no program 'no-such-program-here' on PATH"),
    ("serve:no-such-program-here", "no program 'no-such-program-here' on PATH"),
    ("course:x", "expected a whole number of plies, got 'x'"),
    ("bot:abc", "expected a number of seconds, got 'abc'"),
])
def test_a_player_that_cannot_play_stops_the_arena_before_any_game(tmp_path: Path, player: str, words: str) -> None:
    (tmp_path / "notexec").write_text("#!/bin/sh\necho 55\n")
    (tmp_path / "folder").mkdir()
    done = arena(tmp_path, "random", player)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"error: player {player!r}: {words}\n"
    assert not (tmp_path / "records").exists()


def test_programs_that_can_run_pass_the_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "alice.py"
    script.write_text("print(55)\n")
    runnable = tmp_path / "carol"
    runnable.write_text("#!/bin/sh\necho 55\n")
    runnable.chmod(0o755)
    for spec in ("python alice.py", f"{sys.executable} -u {script}", "./carol", str(runnable), "sm-bot",
                 "python -m engine", "serve:sm-bot --serve", "proc:course:3", "random", "course:3", "bot:0.5"):
        assert unrunnable(make_player(spec)) is None, spec
    os.chmod(runnable, 0o644)
    assert unrunnable(make_player("./carol")) == "'./carol' is not executable (chmod +x ./carol)"
