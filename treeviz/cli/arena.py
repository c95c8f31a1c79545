"""``treeviz arena``: run the course's ultimate tic-tac-toe championship between bots.

Players are built-ins (``random``, ``greedy``, ``course:N``, ``bot``, ``bot:S``,
``mcts``, ``mcts:S``), served players (``proc:SPEC``, ``serve:COMMAND``: one process
answers all of a game's moves) or commands speaking the ``sm-bot`` interface
(``sm-bot``, ``"python my_bot.py"``, ``cmd:...``). Games are played one at a time, N at once in worker processes
(``--jobs``) or as Ray tasks (``--backend ray``); each is appended to
``games.jsonl`` in the records folder as it ends, so an interrupted championship
loses no finished game and ``--resume`` plays only the rest. The standings go to
stdout, progress to stderr, the results page to ``--report``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from engine.arena.championship import DEFAULT_LIMIT, Championship, GameResult, Plan, close_player, unique_names
from engine.arena.players import make_player, unrunnable
from engine.arena.records import (
    RECORDS_NAME,
    Records,
    RecordsWriter,
    identity_mismatch,
    read_records,
)
from engine.arena.runner import Runner, WorkerLost, cores, local_runner
from treeviz.cli.common import PAGE_SUFFIXES, Interrupted, fail, output_format, progress_enabled
from treeviz.cli.usage import (
    Command,
    Folder,
    OneOf,
    OutputFile,
    Seconds,
    Text,
    WholeNumber,
    note_old_player_spelling,
)

BACKENDS = ("local", "ray")


class Jobs(click.ParamType):
    """A number of games at once: a positive integer, or ``auto`` for one per core."""

    name = "N|auto"

    def describe(self) -> str:
        """``a number of games >= 1, or auto``."""
        return "a number of games >= 1, or auto (one per core)"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            number = value
        elif str(value).strip().lower() == "auto":
            return cores()
        else:
            try:
                number = int(str(value))
            except ValueError:
                self.fail(f"must be {self.describe()}, got {value!r}", param, ctx)
        if number < 1:
            self.fail(f"must be {self.describe()}, got {value!r}", param, ctx)
        return number


HELP_JOBS = ("Games played at once (default 1; with --backend ray, one per CPU of the Ray instance), each "
             "by its own worker process (auto: one per core). Every move's "
             "limit is timed per game on the wall clock; with more games than cores, games share cores, "
             "so built-ins search less in their time and slow players may forfeit on time.")


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"]},
               renamed={"--limit": "--seconds"})
@click.argument("players", nargs=-1, required=True, type=Text(), metavar="PLAYERS...")
@click.option("--seconds", "-t", "limit", type=Seconds(), default=DEFAULT_LIMIT, metavar="SECONDS",
              show_default=True, help="Time per move, in seconds; slower answers forfeit the game (was --limit).")
@click.option("--rounds", "-r", type=WholeNumber(1), default=1, show_default=True, metavar="N",
              help="How many times every pair meets twice (x at home, o away); at least 1.")
@click.option("--openings", type=WholeNumber(0, 20), default=0, show_default=True, metavar="PLIES",
              help="Random plies before each round (the same for both games of a round), 0 to 20.")
@click.option("--seed", type=WholeNumber(), default=0, show_default=True, metavar="N",
              help="Random seed of the openings and of random players.")
@click.option("--records", "-o", type=Folder(), default=Path("arena-records"),
              show_default=True, help=f"Folder of the records: {RECORDS_NAME}, one line per finished game.")
@click.option("--jobs", "-j", type=Jobs(), help=HELP_JOBS)
@click.option("--backend", type=OneOf(BACKENDS), default="local", show_default=True,
              help="local: this machine (--jobs worker processes); ray: Ray tasks, one CPU each, on a local "
                   "Ray instance or the cluster at --address (pip install 'treeviz[cluster]').")
@click.option("--address", type=Text(), metavar="HOST:PORT",
              help="A running Ray cluster to play on (with --backend ray); 'auto' finds a local one.")
@click.option("--resume", is_flag=True,
              help="Continue the championship recorded in the records folder: play only the games not yet "
                   "recorded (same players, limit, rounds, openings and seed needed).")
@click.option("--report", type=OutputFile(), metavar="PAGE.html",
              help="Also write the results page (standings, crosstable, Elo, every game to replay).")
@click.option("--progress/--no-progress", default=None,
              help="Progress on stderr: games done / total and time left (default: when stderr is a terminal).")
def arena_command(players: tuple[str, ...], limit: float, rounds: int, openings: int, seed: int, records: Path,
                  jobs: int | None, backend: str, address: str | None, resume: bool, report: Path | None,
                  progress: bool | None) -> None:
    """Championship between PLAYERS: every pair plays twice, 10 points a win, 1 a loss, 1 + sub-boards won a draw.

    A timeout, illegal move, crash or garbage answer scores 0 and gives the opponent 10.
    PLAYERS: random, greedy, course:N (the course's fixed-depth bot; seed:N before), bot or bot:SECONDS (ours),
    mcts or mcts:SECONDS (Monte Carlo tree search); proc:SPEC (one of those served by one sm-bot --serve process
    for the whole game, e.g. proc:course:4); serve:COMMAND (any command speaking the sm-bot --serve
    protocol, started once per game);
    or any command taking FEN and SECONDS as its last arguments and printing the move (e.g. sm-bot).
    Games are fixed by --seed: for deterministic players any --jobs or --backend gives the same games.
    Interrupted (Ctrl-C, a crash)? Run the same command with --resume.
    """
    if address is not None and backend != "ray":
        fail("--address is for a Ray cluster: add --backend ray")
    if len(players) < 2:
        fail("a championship needs at least two players")
    if report is not None:
        output_format(report, PAGE_SUFFIXES, default="html", option=None)
    names = player_names(players)
    plan = Plan(tuple(players), tuple(unique_names(names)), limit, rounds, openings, seed)
    runner = runner_for(backend, address, jobs)
    show = progress_enabled() if progress is None else progress
    path = records / RECORDS_NAME
    writer, recorded = _open_records(path, plan, resume)
    tasks = [task for task in plan.tasks() if task.number not in recorded]
    total = len(plan.tasks())
    if jobs is not None and jobs > cores() and backend == "local":
        click.echo(f"warning: {jobs} games at once on {cores()} cores: games share cores, so players get less "
                   "than the limit's worth of computing", err=True)
    meter = Progress(total, len(recorded), show)
    try:
        with writer:
            for game in runner.play(tasks):
                writer.append(game)
                meter.game_done(game)
    except KeyboardInterrupt:
        done = len(read_records(path).games)
        raise Interrupted(f"{done} of {total} games recorded in {path}; the same command with --resume plays "
                          "the rest") from None
    except WorkerLost as exc:
        raise click.ClickException(f"{exc}; the finished games are in {path} (--resume plays the rest)") from None
    except RuntimeError as exc:
        if type(exc).__name__ != "RayUnavailable":
            raise
        fail(exc)
    final = read_records(path)
    for bad in final.bad:
        click.echo(f"warning: {path} {bad}: skipped", err=True)
    champ = Championship.from_games(final.names(), final.in_order())
    click.echo(champ.table())
    if report is not None:
        from treeviz.pages.arena_page import write_report

        write_report(final, report)
        if show:
            click.echo(f"results page: {report}", err=True)
    if show:
        click.echo(f"{len(final.games)} games; records in {path}", err=True)


def player_names(specs: Sequence[str]) -> list[str]:
    """The players' names, each player made only to check its spelling and that it runs (games make their own);
    a player that cannot be made or run is ``error:``."""
    names = []
    for spec in specs:
        try:
            player = make_player(spec)
        except ValueError as exc:
            fail(exc)
        problem = unrunnable(player)
        close_player(player)
        if problem is not None:
            fail(f"player {spec!r}: {problem}")
        note_old_player_spelling(spec)
        names.append(player.name)
    return names


def runner_for(backend: str, address: str | None, jobs: int | None) -> Runner:
    """The runner the options ask for (checked before anything is played)."""
    if backend == "ray":
        from engine.arena.ray_backend import RayMissing, RayRunner, RayUnavailable

        try:
            return RayRunner(address, jobs)
        except (RayMissing, RayUnavailable) as exc:
            fail(exc)
    return local_runner(jobs or 1, on_restart=lambda message: click.echo(f"warning: {message}", err=True))


def _open_records(path: Path, plan: Plan, resume: bool) -> tuple[RecordsWriter, set[int]]:
    """The writer for this championship's records and the numbers of the games already recorded.

    A new championship refuses a folder that already holds one (so nothing is overwritten);
    ``--resume`` needs the same settings as the records' and starts after their last good game.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create the records folder {str(path.parent)!r}: {exc.strerror or exc}")
    existing: Records | None = None
    if path.exists():
        try:
            existing = read_records(path)
        except OSError as exc:
            fail(f"cannot read {str(path)!r}: {exc.strerror or exc}")
        if existing.identity is None and not existing.games and not existing.bad:
            existing = None  # an empty file
    if existing is None:
        try:
            return RecordsWriter.create(path, plan), set()
        except OSError as exc:
            fail(f"cannot write {str(path)!r}: {exc.strerror or exc}")
    if not resume:
        fail(f"{path} already holds a championship ({len(existing.games)} games recorded): --resume continues "
             "it, another --records folder starts a new one")
    if existing.identity is None:
        first = existing.bad[0] if existing.bad else "no championship header"
        fail(f"--resume: {path} {first}: cannot tell which championship it records")
    mismatch = identity_mismatch(existing.identity, plan)
    if mismatch:
        fail(f"--resume: {path} records another championship: {mismatch}")
    for bad in existing.bad:
        click.echo(f"warning: {path} {bad}: skipped (that game is played again)", err=True)
    return RecordsWriter.reopen(existing), set(existing.games)


class Progress:
    """Games done / total and the estimated time left, on stderr, after each game (when asked)."""

    def __init__(self, total: int, already: int, show: bool) -> None:
        self.total = total
        self.done = already
        self.already = already
        self.show = show
        self.began = time.monotonic()

    def game_done(self, game: GameResult) -> None:
        self.done += 1
        if not self.show:
            return
        played = self.done - self.already
        elapsed = time.monotonic() - self.began
        left = elapsed / played * (self.total - self.done)
        click.echo(f"[{self.done}/{self.total}, {_clock(left)} left] game {game.number}: {game.x} (x) vs "
                   f"{game.o} (o): {game.detail}; points {game.points[0]}-{game.points[1]}", err=True)
        sys.stderr.flush()


open_records = _open_records
"""The records of a match or championship, for ``treeviz sprt`` (same rules, same messages)."""
"""The runner the options ask for, for ``treeviz sprt``."""


def _clock(seconds: float) -> str:
    """``1:02:03`` or ``2:03``."""
    s = round(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
