"""Served players (``serve:COMMAND``, ``proc:SPEC``): one process answers every move, and faults still forfeit."""

from __future__ import annotations

import gc
import json
import pickle
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.arena.championship import play_game
from engine.arena.players import RandomPlayer, make_player
from engine.arena.processes import CRASH, GARBAGE, TIMEOUT, PlayerFault
from engine.arena.served_player import ServedPlayer
from engine.games.ultimate import ULTIMATE
from tests.realtime import Stopwatch

BIN = Path(sys.executable).parent
PY = sys.executable
FAKE = str(Path(__file__).with_name("fake_served_bot.py"))
SLACK = 0.5
"""Seconds a timeout may take beyond its limit (killing and reaping the process group)."""


def fake(mode: str, log: Path | None = None) -> ServedPlayer:
    """A served player backed by the fake server in ``mode`` (answers logged by pid to ``log``)."""
    return ServedPlayer([PY, FAKE, mode, *([str(log)] if log else [])], name=f"fake-{mode}")


def alive_in_group(pgid: int) -> list[int]:
    """Processes (not zombies) in process group ``pgid``, read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[2]) == pgid:
            found.append(int(entry.name))
    return found


def gone(pgid: int, within: float = 2.0) -> bool:
    """Whether the process group empties within ``within`` seconds (plus what the machine held things up)."""
    with Stopwatch() as watch:
        while alive_in_group(pgid):
            watch.read()
            if watch.wall > watch.limit(within):
                return False
            time.sleep(0.02)
    return True


def test_one_process_answers_legal_moves_move_after_move(tmp_path: Path) -> None:
    log = tmp_path / "answers"
    player = fake("good", log)
    state = ULTIMATE.initial()
    try:
        for _ in range(6):
            move = player.choose(state, 2.0)
            assert ULTIMATE.illegal_reason(state, move) is None
            state = ULTIMATE.play(state, move)
        pid = player.pid
        assert pid is not None
    finally:
        player.close()
    assert log.read_text().split() == [str(pid)] * 6
    assert gone(pid)


@pytest.mark.slow
@pytest.mark.realtime
def test_timeout_kills_the_process_group_and_the_next_move_starts_a_new_process(tmp_path: Path) -> None:
    log = tmp_path / "answers"
    player = fake("slow-once", log)
    state = ULTIMATE.initial()
    try:
        player.prepare()
        first = player.pid
        assert first is not None
        with Stopwatch() as watch, pytest.raises(PlayerFault) as fault:
            player.choose(state, 0.5)
        assert watch.wall < watch.limit(0.5 + SLACK), watch
        assert fault.value.kind == TIMEOUT
        assert player.pid is None
        assert gone(first, within=0.5)  # the server and the child it started
        move = player.choose(state, 2.0)
        assert ULTIMATE.illegal_reason(state, move) is None
        assert player.pid not in (None, first)
        assert log.read_text().split() == [str(player.pid)]
    finally:
        player.close()


@pytest.mark.slow
@pytest.mark.realtime
def test_slow_start_is_not_counted_in_the_first_move() -> None:
    player = fake("slow-start")
    try:
        began = time.monotonic()
        move = player.choose(ULTIMATE.initial(), 0.5)  # the 1 s start-up comes before the clock
        assert time.monotonic() - began >= 1.0
        assert ULTIMATE.illegal_reason(ULTIMATE.initial(), move) is None
    finally:
        player.close()


@pytest.mark.slow
@pytest.mark.realtime
def test_arena_games_start_served_players_before_the_clock() -> None:
    player = fake("slow-start")
    try:
        game = play_game(player, RandomPlayer(0), 0.9)  # its 1 s start-up would forfeit the first move if counted
    finally:
        player.close()
    assert game.reason in ("line", "draw"), game.detail


def test_crash_is_reported_with_the_exit_status() -> None:
    player = fake("crash")
    with pytest.raises(PlayerFault) as fault:
        player.choose(ULTIMATE.initial(), 2.0)
    assert fault.value.kind == CRASH and "exit status 3" in fault.value.detail
    assert player.pid is None
    player.close()


@pytest.mark.parametrize("mode, shown", [("garbage", "I think 5 5 is nice"), ("error", "error: not a FEN I like")])
def test_garbage_and_error_lines_forfeit_with_the_text_shown(mode: str, shown: str) -> None:
    player = fake(mode)
    try:
        with pytest.raises(PlayerFault) as fault:
            player.choose(ULTIMATE.initial(), 2.0)
    finally:
        player.close()
    assert fault.value.kind == GARBAGE and shown in fault.value.detail


def test_an_error_line_keeps_the_process_in_step(tmp_path: Path) -> None:
    log = tmp_path / "answers"
    player = fake("good", log)
    try:
        state = ULTIMATE.parse_fen("999999999 00 x")
        player.choose(state, 2.0)
        pid = player.pid
        over = ULTIMATE.from_masks([0b111, 0b111, 0b111, 0, 0, 0, 0, 0, 0], [0] * 9, 0, 0)
        with pytest.raises(PlayerFault):
            player.choose(over, 2.0)  # no legal move in a finished game: the fake answers error:
        assert player.pid == pid
        assert ULTIMATE.illegal_reason(state, player.choose(state, 2.0)) is None
        assert player.pid == pid
    finally:
        player.close()


def test_an_answer_in_pieces_is_read_whole() -> None:
    player = fake("split")
    try:
        state = ULTIMATE.initial()
        assert player.choose(state, 2.0) == ULTIMATE.legal_moves(state)[0]
    finally:
        player.close()


def test_a_process_that_ends_between_moves_crashes_then_a_new_one_serves() -> None:
    player = fake("once")
    state = ULTIMATE.initial()
    try:
        state = ULTIMATE.play(state, player.choose(state, 2.0))
        time.sleep(0.2)
        with pytest.raises(PlayerFault) as fault:
            player.choose(state, 2.0)
        assert fault.value.kind == CRASH and "exit status 0" in fault.value.detail
        assert ULTIMATE.illegal_reason(state, player.choose(state, 2.0)) is None
    finally:
        player.close()


def test_close_leaves_no_process_and_can_be_repeated() -> None:
    player = fake("good")
    player.choose(ULTIMATE.initial(), 2.0)
    pid = player.pid
    assert pid is not None and alive_in_group(pid)
    player.close()
    player.close()
    assert player.pid is None and gone(pid)


def test_a_dropped_player_ends_its_process() -> None:
    player = fake("good")
    player.prepare()
    pid = player.pid
    assert pid is not None
    del player
    gc.collect()
    assert gone(pid)


def test_a_pickled_player_carries_no_process() -> None:
    player = fake("good")
    try:
        player.prepare()
        copy = pickle.loads(pickle.dumps(player))
        assert copy.pid is None and copy.command == player.command and copy.name == player.name
        assert ULTIMATE.illegal_reason(ULTIMATE.initial(), copy.choose(ULTIMATE.initial(), 2.0)) is None
        assert copy.pid != player.pid
        copy.close()
    finally:
        player.close()


def test_a_command_that_does_not_exist_crashes() -> None:
    player = ServedPlayer(["/no/such/served-bot"])
    with pytest.raises(PlayerFault) as fault:
        player.choose(ULTIMATE.initial(), 1.0)
    assert fault.value.kind == CRASH


@pytest.mark.parametrize("spec", ["proc:seed:4", "proc:seed", "proc:bot", "proc:bot:0.3", "proc:mcts",
                                  "proc:mcts:0.5", "proc:random", "proc:greedy"])
def test_proc_specs_serve_a_builtin_through_sm_bot(spec: str) -> None:
    player = make_player(spec, seed=7)
    assert isinstance(player, ServedPlayer) and player.name == spec and player.pid is None
    builtin = spec.removeprefix("proc:")
    assert player.command[1:] == ["--serve", "--player", builtin, "--seed", "7"]
    assert Path(player.command[0]).name == "sm-bot" and Path(player.command[0]).exists()
    assert make_player(spec).command[1:] == ["--serve", "--player", builtin]  # type: ignore[attr-defined]


def test_serve_specs_split_the_command_like_a_shell() -> None:
    player = make_player(f"serve:{PY} '{FAKE}' good")
    assert isinstance(player, ServedPlayer)
    assert player.command == [PY, FAKE, "good"] and player.name == f"serve:{PY} '{FAKE}' good"


@pytest.mark.parametrize("spec", ["proc:foo", "proc:", "proc:seed:13", "proc:seed:x", "proc:bot:-1",
                                  "proc:mcts:inf", "proc:random:3", "proc:proc:bot", "proc:sm-bot", "serve:",
                                  "serve:   ", "serve:'unclosed"])
def test_bad_served_specs_are_rejected(spec: str) -> None:
    with pytest.raises(ValueError, match="player"):
        make_player(spec)


def test_arena_plays_a_served_command(tmp_path: Path) -> None:
    out = tmp_path / "games"
    log = tmp_path / "answers"
    spec = f"serve:{PY} {FAKE} good {log}"
    result = subprocess.run([str(BIN / "treeviz"), "arena", spec, "random", "--rounds", "1", "--limit", "2",
                             "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert records[0]["championship"]["players"] == [spec, "random"]
    games = records[1:]
    assert sorted(r["game"] for r in games) == [1, 2]
    for record in games:
        assert record["reason"] in ("line", "draw"), record
    pids = log.read_text().split()
    assert 1 <= len(set(pids)) <= 2 < len(pids)  # a process per game (players are made afresh), many moves each
    assert all(gone(int(pid)) for pid in set(pids))
