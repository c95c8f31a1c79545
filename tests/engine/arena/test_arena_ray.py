"""`treeviz arena --backend ray`: the same games as --jobs 1, on a local Ray instance and on a running
cluster reached by --address. Everything stays on this machine (loopback); no dashboard, no usage stats."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("ray", reason="Ray is the optional extra treeviz[cluster] (scripts/setup.sh --test installs it)")

BIN = Path(sys.executable).parent
PLAYERS = ["random", "greedy", "course:3", "course:4"]
SETTINGS = ["--seconds", "5", "--openings", "3", "--seed", "5"]
QUIET = {"RAY_USAGE_STATS_ENABLED": "0"}

pytestmark = pytest.mark.slow


def arena(folder: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "treeviz"), "arena", *PLAYERS, *SETTINGS, "-o", str(folder), *args],
                          capture_output=True, text=True, timeout=300, env={**os.environ, **QUIET, **(env or {})})


def games(folder: Path) -> dict[int, tuple]:
    lines = [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()[1:]]
    return {line["game"]: (line["x"], line["o"], line["opening"], line["moves"], line["result"], line["points"])
            for line in lines}


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> tuple[dict[int, tuple], str]:
    folder = tmp_path_factory.mktemp("jobs1")
    result = arena(folder)
    assert result.returncode == 0, result.stderr
    return games(folder), result.stdout


def table(stdout: str) -> list[list[str]]:
    """The standings without the timing column."""
    return [row.split()[:-1] for row in stdout.strip().splitlines()]


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (from /proc), so the test only ever touches its own."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
            found += children
            todo += children
    return found


def test_local_ray_instance_plays_the_same_games_even_when_a_worker_dies(tmp_path: Path, reference) -> None:
    expected, stdout = reference
    proc = subprocess.Popen([str(BIN / "treeviz"), "arena", *PLAYERS, *SETTINGS, "-o", str(tmp_path),
                             "--backend", "ray", "--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, **QUIET}, start_new_session=True)
    killed = None
    deadline = time.monotonic() + 240
    while killed is None and proc.poll() is None and time.monotonic() < deadline:
        for pid in descendants(proc.pid):
            try:
                name = Path(f"/proc/{pid}/comm").read_text().strip()
            except OSError:
                continue
            if name.startswith("ray::play_task"):
                os.kill(pid, signal.SIGKILL)  # a worker dies in the middle of a game: Ray plays it again
                killed = pid
                break
        time.sleep(0.01)
    out, err = proc.communicate(timeout=240)
    assert proc.returncode == 0, err
    assert killed is not None, "no game worker seen"
    assert games(tmp_path) == expected and len(expected) == 12
    assert table(out) == table(stdout)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def ray_head(tmp_path_factory):
    """A one-node Ray cluster started with `ray start --head --block` on loopback; stopped by its own
    Ctrl-C handling (which ends every process it started), never by `ray stop` (that would stop other
    people's Ray instances on this machine). Token authentication off: nothing leaves this machine."""
    port = _free_port()
    temp = tmp_path_factory.mktemp("ray")
    env = {**os.environ, **QUIET, "RAY_AUTH_MODE": "disabled"}
    log = open(temp / "head.log", "w")  # noqa: SIM115 - closed below
    head = subprocess.Popen([str(BIN / "ray"), "start", "--head", "--block", "--num-cpus", "2",
                             "--include-dashboard=false", "--disable-usage-stats", "--port", str(port),
                             "--node-ip-address", "127.0.0.1", "--temp-dir", str(temp)],
                            stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        assert head.poll() is None, (temp / "head.log").read_text()
        time.sleep(0.3)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        head.send_signal(signal.SIGINT)
        try:
            head.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
        log.close()


def test_running_cluster_at_address_plays_the_same_games(tmp_path: Path, reference, ray_head: str) -> None:
    expected, stdout = reference
    result = arena(tmp_path, "--backend", "ray", "--address", ray_head, env={"RAY_AUTH_MODE": "disabled"})
    assert result.returncode == 0, result.stderr
    assert games(tmp_path) == expected
    assert table(result.stdout) == table(stdout)
    # a resume over the cluster plays only what is missing
    path = tmp_path / "games.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:7]) + "\n")
    again = arena(tmp_path, "--backend", "ray", "--address", ray_head, "--resume", env={"RAY_AUTH_MODE": "disabled"})
    assert again.returncode == 0, again.stderr
    assert games(tmp_path) == expected
