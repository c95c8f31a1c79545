"""The championship's JSON-lines records: whole lines, bad lines named and skipped, nothing else lost."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.arena.championship import Plan, play_task
from engine.arena.records import (
    RecordsWriter,
    game_from_line,
    game_line,
    identity_mismatch,
    read_records,
)

PLAN = Plan(("random", "greedy", "seed:1"), ("random", "greedy", "seed:1"), limit=2.0, rounds=1, openings=2, seed=7)


@pytest.fixture(scope="module")
def games():
    return [play_task(task) for task in PLAN.tasks()]


def write_all(path: Path, games) -> None:
    with RecordsWriter.create(path, PLAN) as writer:
        for game in games:
            writer.append(game)


def test_a_game_survives_its_line(games) -> None:
    for game in games:
        back = game_from_line(json.loads(json.dumps(game_line(game))))
        assert (back.number, back.x, back.o, back.winner, back.reason, back.points, back.moves) == \
               (game.number, game.x, game.o, game.winner, game.reason, game.points, game.moves)
        assert back.fens == game.fens and back.opening == PLAN.tasks()[0].opening
        assert back.times == pytest.approx(game.times, abs=1e-4)


def test_every_line_is_whole_json_header_first(tmp_path: Path, games) -> None:
    path = tmp_path / "games.jsonl"
    write_all(path, games)
    data = path.read_bytes()
    assert data.endswith(b"\n")
    lines = [json.loads(line) for line in data.decode().splitlines()]
    assert lines[0]["championship"]["players"] == ["random", "greedy", "seed:1"]
    assert lines[0]["championship"]["games"] == 6
    assert [line["game"] for line in lines[1:]] == [1, 2, 3, 4, 5, 6]
    records = read_records(path)
    assert records.bad == [] and sorted(records.games) == [1, 2, 3, 4, 5, 6]
    assert identity_mismatch(records.identity, PLAN) is None


def test_a_line_cut_short_is_named_skipped_and_the_next_game_starts_clean(tmp_path: Path, games) -> None:
    path = tmp_path / "games.jsonl"
    write_all(path, games[:4])
    data = path.read_bytes()
    path.write_bytes(data[:-40])  # what a kill inside the last write can leave
    records = read_records(path)
    assert sorted(records.games) == [1, 2, 3]
    assert len(records.bad) == 1 and records.bad[0].number == 5 and "cut short" in records.bad[0].reason
    assert not records.ends_cleanly
    with RecordsWriter.reopen(records) as writer:
        writer.append(games[3])
        writer.append(games[4])
    again = read_records(path)
    assert sorted(again.games) == [1, 2, 3, 4, 5]
    assert [b.number for b in again.bad] == [5]  # the old half line stays, named, on a line of its own


def test_garbage_and_wrong_games_are_named_and_skipped(tmp_path: Path, games) -> None:
    path = tmp_path / "games.jsonl"
    write_all(path, games[:3])
    lines = path.read_text().splitlines()
    illegal = game_line(games[3])
    illegal["moves"][1] = illegal["moves"][0]  # the same cell twice
    wrong_points = game_line(games[4])
    wrong_points["points"] = [10, 10]
    stranger = game_line(games[5])
    stranger["x"] = "someone else"
    lines[2:2] = ["this is not json", json.dumps(illegal), json.dumps(wrong_points), json.dumps(stranger),
                  lines[1]]
    path.write_text("\n".join(lines) + "\n")
    records = read_records(path)
    assert sorted(records.games) == [1, 2, 3]
    reasons = {b.number: b.reason for b in records.bad}
    assert set(reasons) == {3, 4, 5, 6, 7}
    assert "not JSON" in reasons[3]
    assert "move 2" in reasons[4]
    assert "points" in reasons[5]
    assert "not in this championship" in reasons[6]
    assert "game 1 again (first on line 2)" in reasons[7]


def test_other_settings_are_told_apart() -> None:
    identity = PLAN.identity()
    assert identity_mismatch(identity, PLAN) is None
    for other, word in [(Plan(("random", "greedy"), ("random", "greedy"), 2.0, 1, 2, 7), "players"),
                        (Plan(PLAN.players, PLAN.names, 3.0, 1, 2, 7), "limit"),
                        (Plan(PLAN.players, PLAN.names, 2.0, 2, 2, 7), "rounds"),
                        (Plan(PLAN.players, PLAN.names, 2.0, 1, 3, 7), "openings"),
                        (Plan(PLAN.players, PLAN.names, 2.0, 1, 2, 8), "seed")]:
        mismatch = identity_mismatch(identity, other)
        assert mismatch is not None and mismatch.startswith(word)


def test_a_short_write_is_undone(tmp_path: Path, games, monkeypatch) -> None:
    path = tmp_path / "games.jsonl"
    write_all(path, games[:2])
    size = path.stat().st_size
    real_write = os.write

    def half(fd: int, data: bytes) -> int:
        return real_write(fd, data[: len(data) // 2])

    records = read_records(path)
    with RecordsWriter.reopen(records) as writer:
        monkeypatch.setattr(os, "write", half)
        with pytest.raises(OSError, match="disk full"):
            writer.append(games[2])
        monkeypatch.setattr(os, "write", real_write)
    assert path.stat().st_size == size
    assert read_records(path).bad == []


def test_the_same_plan_gives_the_same_games_whoever_plays_them_first() -> None:
    tasks = PLAN.tasks()
    forward = {t.number: play_task(t) for t in tasks}
    backward = {t.number: play_task(t) for t in reversed(tasks)}
    for n in forward:
        assert forward[n].moves == backward[n].moves and forward[n].points == backward[n].points
    # each round's two games share an opening; the rounds' openings come from the seed
    assert len({t.opening for t in tasks}) == 1 and tasks[0].opening != "999999999 00 x"
