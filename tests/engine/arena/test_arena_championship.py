"""The championship: scoring rules, and faulty outside players forfeit without stopping it."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.arena.championship import draw_points, play_game, run_championship, schedule
from engine.arena.players import ExternalPlayer, RandomPlayer, make_player
from engine.arena.processes import CRASH, GARBAGE, ILLEGAL, TIMEOUT
from engine.games.ultimate import ULTIMATE
from tests.realtime import Stopwatch

BIN = Path(sys.executable).parent
PY = sys.executable

SCRIPTS = {
    "crash": "import sys\nsys.exit(3)\n",
    "hang": "import time\ntime.sleep(60)\nprint(55)\n",
    "garbage": "print('I think 5 5 is nice')\n",
    # plays 11 on an empty board, then the last move's cell (always occupied: illegal)
    "illegal": "import sys\nfen = sys.argv[1]\nlast = fen.split()[1]\nprint('11' if last == '00' else last)\n",
}


def script(tmp_path: Path, name: str) -> ExternalPlayer:
    path = tmp_path / f"{name}.py"
    path.write_text(SCRIPTS[name])
    return ExternalPlayer([PY, "-S", str(path)], name=name)


def test_schedule_has_every_pair_twice_with_colours_swapped() -> None:
    games = schedule(3, 1)
    assert len(games) == 6
    assert sorted((a, b) for _, a, b in games) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]


def test_wins_losses_and_draws_score_like_the_course() -> None:
    # a draw: 1 + sub-boards won for each side
    x_subs = [0b000000111, 0, 0b000000111, 0b101011010, 0b010110101, 0b101011010, 0b010110101, 0, 0b101011010]
    o_subs = [0b000111000, 0b000000111, 0b000111000, 0b010100101, 0b101001010, 0b010100101, 0b101001010,
              0b000000111, 0b010100101]
    state = ULTIMATE.from_masks(x_subs, o_subs, 0, 0)
    assert draw_points(state) == (1 + 2, 1 + 2)
    game = play_game(RandomPlayer(1), RandomPlayer(2, name="random2"), 5.0)
    assert game.reason in ("line", "draw")
    if game.winner == "x":
        assert game.points == (10, 1)
    elif game.winner == "o":
        assert game.points == (1, 10)
    else:
        assert game.points == draw_points(ULTIMATE.parse_fen(game.fens[-1]))
    assert len(game.fens) == len(game.moves) + 1


def test_crashing_illegal_and_garbage_players_forfeit_and_the_championship_goes_on(tmp_path: Path) -> None:
    players = [RandomPlayer(0), script(tmp_path, "crash"), script(tmp_path, "illegal"), script(tmp_path, "garbage")]
    records = tmp_path / "records"
    records.mkdir()
    champ = run_championship(players, limit=20.0, record_dir=records,
                             write=lambda path, text: path.write_text(text))
    assert len(champ.games) == 12
    faults = {CRASH: "crash", ILLEGAL: "illegal", GARBAGE: "garbage"}
    for game in champ.games:
        assert game.reason in faults, game.detail  # every game here ends by someone's fault
        loser = game.o if game.winner == "x" else game.x
        assert faults[game.reason] == loser
        assert game.points == ((10, 0) if game.winner == "x" else (0, 10))
    table = champ.standings
    assert table["random"].points == 60 and table["random"].wins == 6
    # a faulty player only scores when its opponent faults first: crash and garbage each once (as o
    # against the other), illegal four times (it plays 11 on the empty board, then cheats)
    assert (table["crash"].points, table["garbage"].points, table["illegal"].points) == (10, 10, 40)
    assert table["crash"].forfeits == table["garbage"].forfeits == 5 and table["illegal"].forfeits == 2
    assert len(list(records.iterdir())) == 12
    text = (records / sorted(p.name for p in records.iterdir())[0]).read_text()
    assert text.startswith("# x: ") and "999999999 00 x" in text


@pytest.mark.slow
@pytest.mark.realtime
def test_hanging_player_is_killed_at_the_limit(tmp_path: Path) -> None:
    with Stopwatch() as watch:
        champ = run_championship([script(tmp_path, "hang"), RandomPlayer(0)], limit=0.5)
    assert watch.wall < watch.limit(10), watch
    assert [g.reason for g in champ.games] == [TIMEOUT, TIMEOUT]
    assert champ.standings["hang"].points == 0 and champ.standings["random"].points == 20
    leftovers = subprocess.run(["pgrep", "-f", str(tmp_path / "hang.py")], capture_output=True, text=True)
    assert leftovers.stdout == ""


def test_slow_builtin_forfeits_on_time() -> None:
    class Sleeper(RandomPlayer):
        def choose(self, state: int, seconds: float) -> int:
            time.sleep(seconds + 0.05)
            return super().choose(state, seconds)

    game = play_game(Sleeper(0, name="sleepy"), RandomPlayer(1), 0.1)
    assert game.reason == TIMEOUT and game.winner == "o" and game.points == (0, 10)


@pytest.mark.parametrize("spec, kind", [("random", "RandomPlayer"), ("greedy", "GreedyPlayer"),
                                        ("seed:3", "SeedPlayer"), ("bot", "BotPlayer"), ("bot:0.5", "BotPlayer"),
                                        ("sm-bot", "ExternalPlayer"), ("cmd:python3 x.py", "ExternalPlayer")])
def test_player_names(spec: str, kind: str) -> None:
    assert type(make_player(spec)).__name__ == kind


@pytest.mark.parametrize("spec", ["seed:0", "seed:x", "bot:0", "random:3", "cmd:"])
def test_bad_player_names_are_rejected(spec: str) -> None:
    with pytest.raises(ValueError):
        make_player(spec)


def test_arena_command_writes_table_and_records(tmp_path: Path) -> None:
    out = tmp_path / "games"
    result = subprocess.run([str(BIN / "treeviz"), "arena", "random", "greedy", "seed:2", "--limit", "2",
                             "--openings", "2", "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert "points" in lines[0] and len(lines) == 2 + 3
    assert [p.name for p in out.iterdir()] == ["games.jsonl"]
    records = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert records[0]["championship"]["players"] == ["random", "greedy", "seed:2"]
    assert sorted(r["game"] for r in records[1:]) == [1, 2, 3, 4, 5, 6]
    for record in records[1:]:
        state = ULTIMATE.parse_fen(record["opening"])
        assert ULTIMATE.empty_count(state) == 81 - 2
        for move in record["moves"]:
            state = ULTIMATE.play_checked(state, int(move))
        assert ULTIMATE.is_over(state)
        assert len(record["seconds"]) == len(record["moves"])


def test_arena_command_rejects_bad_players(tmp_path: Path) -> None:
    result = subprocess.run([str(BIN / "treeviz"), "arena", "random", "seed:0", "-o", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and "seed:0" in result.stderr


def test_console_scripts_are_found_beside_the_interpreter() -> None:
    player = make_player("sm-bot")
    assert Path(player.command[0]).name == "sm-bot" and Path(player.command[0]).exists()  # type: ignore[attr-defined]
    assert make_player("no-such-bot-xyz").command == ["no-such-bot-xyz"]  # type: ignore[attr-defined]
