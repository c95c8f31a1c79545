"""`treeviz arena` at scale: parallel games, kills at random moments, --resume, Ctrl-C, bad input.

The players are deterministic (random and greedy are seeded per game, course:N searches a
fixed depth), so every run of the same championship must give the same games.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.arena.championship import Championship, GameResult, Plan, play_task
from engine.arena.records import game_line, read_records

BIN = Path(sys.executable).parent
PLAYERS = ["random", "greedy", "course:3", "course:4"]
SETTINGS = ["--seconds", "5", "--openings", "2", "--seed", "3", "--rounds", "6"]
"""72 games, about 2.5 s in all with one job: long enough to be killed in the middle of, twice (with 2
rounds, 1.2 s on a fast machine, the championship could end before a second kill)."""
GAMES = list(range(1, 73))
QUICK = ["random", "greedy", "course:1"]
HAVE_RAY = importlib.util.find_spec("ray") is not None
NEEDS_RAY = pytest.mark.skipif(not HAVE_RAY, reason="needs Ray, the optional extra treeviz[cluster] "
                                                    "(scripts/setup.sh --test installs it)")


def arena(*args: str, timeout: float = 120, **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "treeviz"), "arena", *args], capture_output=True, text=True,
                          timeout=timeout, **kwargs)


def start(*args: str) -> subprocess.Popen[str]:
    # Ctrl-C's default action, whatever this test run inherited: a shell starting a command in the
    # background (``cmd &``) ignores SIGINT for it, and Python then installs no KeyboardInterrupt
    return subprocess.Popen([str(BIN / "treeviz"), "arena", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def game_lines(folder: Path) -> list[dict]:
    lines = (folder / "games.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines[1:]]


def essence(line: dict) -> tuple:
    return line["x"], line["o"], line["opening"], line["moves"], line["result"], line["reason"], line["points"]


@pytest.fixture(scope="module")
def straight() -> list[GameResult]:
    """The championship played straight through, in this process."""
    plan = Plan(tuple(PLAYERS), tuple(PLAYERS), limit=5.0, rounds=6, openings=2, seed=3)
    return [play_task(task) for task in plan.tasks()]


@pytest.fixture(scope="module")
def expected(straight) -> dict[int, tuple]:
    """What must be recorded of each game (all but the times)."""
    return {game.number: essence(game_line(game)) for game in straight}


def standings(stdout: str) -> list[tuple[str, str]]:
    """(player, points) rows of the printed table."""
    return [(row.split()[1], row.split()[2]) for row in stdout.strip().splitlines()[2:]]


@pytest.mark.slow
def test_two_jobs_give_the_same_games_as_one(tmp_path: Path) -> None:
    one = arena(*QUICK, "--seconds", "2", "--openings", "3", "--rounds", "2", "-o", str(tmp_path / "one"))
    two = arena(*QUICK, "--seconds", "2", "--openings", "3", "--rounds", "2", "-o", str(tmp_path / "two"),
                "--jobs", "2")
    auto = arena(*QUICK, "--seconds", "2", "--openings", "3", "--rounds", "2", "-o", str(tmp_path / "auto"),
                 "--jobs", "auto")
    for result in (one, two, auto):
        assert result.returncode == 0, result.stderr
    assert standings(one.stdout) == standings(two.stdout) == standings(auto.stdout)
    by_number = [{line["game"]: essence(line) for line in game_lines(tmp_path / name)}
                 for name in ("one", "two", "auto")]
    assert by_number[0] == by_number[1] == by_number[2]
    assert sorted(by_number[0]) == list(range(1, 13))


@pytest.mark.slow
def test_kills_at_random_moments_then_resume_record_every_game_once(tmp_path: Path, expected) -> None:
    rng = random.Random(13)
    folder = tmp_path / "records"
    args = [*PLAYERS, *SETTINGS, "-o", str(folder)]
    kills = 0
    for attempt in range(8):
        proc = start(*args, "--jobs", str(1 + attempt % 2), *(["--resume"] if attempt else []))
        try:
            proc.wait(timeout=rng.uniform(0.3, 1.0))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the arena and its workers, as a crash or `kill -9` would
            proc.wait()
            kills += 1
            continue
        assert proc.returncode == 0, proc.stderr.read()
        break
    assert kills >= 2, "the championship finished before it could be killed twice"
    final = arena(*args, "--resume")
    assert final.returncode == 0, final.stderr
    lines = game_lines(folder)
    assert sorted(line["game"] for line in lines) == GAMES  # every game exactly once
    assert {line["game"]: essence(line) for line in lines} == expected
    assert (folder / "games.jsonl").read_bytes().endswith(b"\n")


@pytest.mark.slow
def test_a_kill_inside_a_write_loses_only_that_game(tmp_path: Path, expected) -> None:
    folder = tmp_path / "records"
    args = [*PLAYERS, *SETTINGS, "-o", str(folder)]
    proc = start(*args, "--jobs", "2")
    deadline = time.monotonic() + 60
    path = folder / "games.jsonl"
    while time.monotonic() < deadline and (not path.exists() or path.read_text().count("\n") < 5):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    # What SIGKILL inside write() can leave: the last line cut short.
    data = path.read_bytes()
    start_of_last = data[:-1].rfind(b"\n") + 1
    lost = json.loads(data[start_of_last:])["game"]
    path.write_bytes(data[:start_of_last + (len(data) - start_of_last) // 2])
    line_number = data[:start_of_last].count(b"\n") + 1
    page = tmp_path / "page.html"
    report = subprocess.run([str(BIN / "treeviz"), "report", str(folder), "-o", str(page)],
                            capture_output=True, text=True, timeout=60)
    assert report.returncode == 0, report.stderr
    assert f"line {line_number}: cut short" in report.stderr
    assert f"line {line_number}: cut short" in page.read_text()
    resumed = arena(*args, "--resume", "--jobs", "2")
    assert resumed.returncode == 0, resumed.stderr
    assert f"line {line_number}: cut short" in resumed.stderr
    records = read_records(path)
    assert [b.number for b in records.bad] == [line_number]  # named, kept apart, and nothing else lost
    assert sorted(records.games) == GAMES
    assert {n: essence(game_line(g)) for n, g in records.games.items()} == expected
    assert lost in records.games


@pytest.mark.slow
def test_ctrl_c_stops_cleanly_and_resume_finishes(tmp_path: Path, expected) -> None:
    folder = tmp_path / "records"
    args = [*PLAYERS, *SETTINGS, "-o", str(folder)]
    proc = start(*args, "--jobs", "2")
    path = folder / "games.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not path.exists() or path.read_text().count("\n") < 4):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C in a terminal reaches the whole process group
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert "interrupted:" in err and "--resume" in err and "Traceback" not in err
    assert path.read_bytes().endswith(b"\n")
    done = game_lines(folder)
    assert 3 <= len(done) < len(GAMES)
    resumed = arena(*args, "--resume", "--jobs", "2")
    assert resumed.returncode == 0, resumed.stderr
    lines = game_lines(folder)
    assert sorted(line["game"] for line in lines) == GAMES
    assert {line["game"]: essence(line) for line in lines} == expected


@pytest.mark.slow
def test_a_killed_worker_costs_only_a_replay(tmp_path: Path, expected) -> None:
    folder = tmp_path / "records"
    proc = start(*PLAYERS, *SETTINGS, "-o", str(folder), "--jobs", "2")
    path = folder / "games.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not path.exists() or path.read_text().count("\n") < 3):
        time.sleep(0.02)
    workers = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert workers, "no worker processes"
    os.kill(int(workers[0]), signal.SIGKILL)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert "a game worker died" in err
    lines = game_lines(folder)
    assert sorted(line["game"] for line in lines) == GAMES
    assert {line["game"]: essence(line) for line in lines} == expected


@pytest.mark.slow
def test_resumed_standings_equal_the_uninterrupted_ones(tmp_path: Path, straight) -> None:
    folder = tmp_path / "records"
    first = arena(*PLAYERS, *SETTINGS, "-o", str(folder), "--jobs", "2")
    assert first.returncode == 0
    path = folder / "games.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:21]) + "\n")  # as if stopped after 20 games
    again = arena(*PLAYERS, *SETTINGS, "-o", str(folder), "--resume")
    assert again.returncode == 0, again.stderr
    champ = Championship.from_games(PLAYERS, straight)
    assert standings(again.stdout) == standings(first.stdout) == [(s.name, str(s.points)) for s in champ.ranking()]


@pytest.mark.parametrize("args, words", [
    (["--jobs", "0"], "--jobs"),
    (["--jobs", "x"], "--jobs"),
    (["--jobs", "-2"], "--jobs"),
    (["--backend", "foo"], "--backend"),
    (["--address", "127.0.0.1:6379"], "--address"),
    (["--address", "auto", "--backend", "local"], "--address"),
    pytest.param(["--backend", "ray", "--address", "127.0.0.1:1"], "cannot reach the Ray cluster at 127.0.0.1:1",
                 marks=NEEDS_RAY),
    pytest.param(["--backend", "ray", "--address", "nowhere"], "HOST:PORT", marks=NEEDS_RAY),
])
@pytest.mark.slow
def test_bad_options_are_one_error_line(tmp_path: Path, args: list[str], words: str) -> None:
    result = arena(*QUICK, "-o", str(tmp_path / "r"), *args)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1 and words in result.stderr
    assert not (tmp_path / "r").exists()


@pytest.mark.skipif(HAVE_RAY, reason="Ray is installed here, so its absence cannot be shown")
def test_ray_backend_without_ray_says_how_to_install_it(tmp_path: Path) -> None:
    result = arena(*QUICK, "-o", str(tmp_path / "r"), "--backend", "ray")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert "pip install 'treeviz[cluster]'" in result.stderr
    assert not (tmp_path / "r").exists()


@pytest.mark.slow
@pytest.mark.parametrize("change, words", [
    (["random", "greedy", "course:2", "--seconds", "2"], "players"),
    (["random", "greedy", "course:1", "--seconds", "3"], "limit"),
    (["random", "greedy", "course:1", "--seconds", "2", "--rounds", "2"], "rounds"),
    (["random", "greedy", "course:1", "--seconds", "2", "--openings", "1"], "openings"),
    (["random", "greedy", "course:1", "--seconds", "2", "--seed", "9"], "seed"),
])
def test_resume_with_other_settings_is_refused(tmp_path: Path, change: list[str], words: str) -> None:
    folder = tmp_path / "r"
    first = arena(*QUICK, "--seconds", "2", "-o", str(folder))
    assert first.returncode == 0
    before = (folder / "games.jsonl").read_bytes()
    result = arena(*change, "-o", str(folder), "--resume")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: --resume") and result.stderr.count("\n") == 1
    assert words in result.stderr
    assert (folder / "games.jsonl").read_bytes() == before


@pytest.mark.slow
def test_a_new_championship_never_overwrites_records(tmp_path: Path) -> None:
    folder = tmp_path / "r"
    assert arena(*QUICK, "--seconds", "2", "-o", str(folder)).returncode == 0
    before = (folder / "games.jsonl").read_bytes()
    again = arena(*QUICK, "--seconds", "2", "-o", str(folder))
    assert again.returncode == 2 and "--resume" in again.stderr and again.stderr.count("\n") == 1
    assert (folder / "games.jsonl").read_bytes() == before
    resumed = arena(*QUICK, "--seconds", "2", "-o", str(folder), "--resume")
    assert resumed.returncode == 0 and (folder / "games.jsonl").read_bytes() == before


def test_resume_of_unreadable_records_names_the_line(tmp_path: Path) -> None:
    folder = tmp_path / "r"
    folder.mkdir()
    (folder / "games.jsonl").write_text("garbage\n")
    result = arena(*QUICK, "-o", str(folder), "--resume")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "line 1" in result.stderr and result.stderr.startswith("error: --resume")


@pytest.mark.slow
def test_progress_shows_games_done_and_time_left(tmp_path: Path) -> None:
    result = arena(*QUICK, "--seconds", "2", "-o", str(tmp_path / "r"), "--progress")
    assert result.returncode == 0
    lines = [line for line in result.stderr.splitlines() if line.startswith("[")]
    assert len(lines) == 6 and lines[-1].startswith("[6/6, 0:00 left]") and lines[0].startswith("[1/6, ")
    quiet = arena(*QUICK, "--seconds", "2", "-o", str(tmp_path / "q"))
    assert quiet.stderr == ""  # not a terminal: no progress


def test_report_option_and_report_command_write_the_page(tmp_path: Path) -> None:
    folder = tmp_path / "r"
    page = tmp_path / "standings.html"
    result = arena(*QUICK, "--seconds", "2", "-o", str(folder), "--report", str(page))
    assert result.returncode == 0 and page.exists()
    text = page.read_text()
    assert "Crosstable" in text and "Elo" in text and text.count('"n":') == 6
    again = subprocess.run([str(BIN / "treeviz"), "report", str(folder / "games.jsonl")], capture_output=True,
                           text=True, timeout=60)
    assert again.returncode == 0
    assert standings(again.stdout) == standings(result.stdout)
    assert (folder / "standings.html").read_text() == text


@pytest.mark.parametrize("make, words", [
    (lambda p: None, "no such file or folder"),
    (lambda p: p.mkdir(), "holds no games.jsonl"),
    (lambda p: (p.mkdir(), (p / "games.jsonl").write_text("nothing here\n")), "holds no championship records"),
])
def test_report_of_nothing_is_one_error_line(tmp_path: Path, make, words: str) -> None:
    target = tmp_path / "records"
    make(target)
    result = subprocess.run([str(BIN / "treeviz"), "report", str(target)], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1 and words in result.stderr
