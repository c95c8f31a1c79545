"""``treeviz sprt``: a paired match through the process interface, stopped by the test, resumable."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


def treeviz(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "treeviz"), *args], capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_a_stronger_served_player_is_found_stronger_and_the_match_resumes(tmp_path: Path) -> None:
    records = tmp_path / "rec"
    args = ("sprt", "proc:greedy", "random", "--seconds", "1", "--elo0", "0", "--elo1", "200", "--model",
            "logistic", "--max-pairs", "12", "--openings", "2", "-o", str(records), "--no-progress")
    result = treeviz(*args)
    assert result.returncode == 0, result.stderr
    assert "H1 accepted: proc:greedy is stronger than random" in result.stdout
    lines = (records / "games.jsonl").read_text().splitlines()
    head = json.loads(lines[0])["championship"]
    assert head["players"] == ["proc:greedy", "random"] and head["rounds"] == 12
    games = [json.loads(line) for line in lines[1:]]
    assert 2 <= len(games) < 24 and len(games) % 2 == 0  # stopped early, on a whole pair
    for first, second in zip(games[::2], games[1::2], strict=True):
        assert first["opening"] == second["opening"] and first["x"] == second["o"]
    pentanomial = next(line for line in result.stdout.splitlines() if line.startswith("pentanomial"))
    counts = json.loads(pentanomial.split(": ", 1)[1])
    assert sum(counts) == len(games) // 2
    again = treeviz(*args, "--resume")
    assert again.returncode == 0, again.stderr
    assert again.stdout == result.stdout  # decided already: only reported
    assert (records / "games.jsonl").read_text().splitlines() == lines
    refused = treeviz(*args)
    assert refused.returncode == 2 and "--resume" in refused.stderr


@pytest.mark.slow
def test_bad_bounds_and_players_are_one_error_line(tmp_path: Path) -> None:
    bounds = treeviz("sprt", "random", "greedy", "--elo0", "5", "--elo1", "5", "-o", str(tmp_path / "r"))
    assert bounds.returncode == 2 and bounds.stderr.strip().splitlines() == [
        "error: elo0 must be below elo1 (elo0=5, elo1=5)"]
    player = treeviz("sprt", "random", "no-such-bot-here", "-o", str(tmp_path / "r"))
    assert player.returncode == 2 and player.stderr.startswith("error: ") and len(player.stderr.splitlines()) == 1
    assert not (tmp_path / "r" / "games.jsonl").exists()
