"""``treeviz arena``: run the course's ultimate tic-tac-toe championship between bots.

Players are built-ins (``random``, ``greedy``, ``seed:N``, ``bot``, ``bot:S``) or
commands speaking the ``sm-bot`` interface (``sm-bot``, ``"python my_bot.py"``,
``cmd:...``). The standings table goes to stdout, one record file per game to
the records folder, progress to stderr.
"""

from __future__ import annotations

from pathlib import Path

import click

from engine.arena import DEFAULT_LIMIT, run_championship
from engine.players import make_player
from treeviz.cli.common import fail, progress_enabled, write_atomically


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("players", nargs=-1, required=True)
@click.option("--limit", "-t", type=click.FloatRange(min=0, min_open=True), default=DEFAULT_LIMIT,
              show_default=True, help="Seconds per move; slower answers forfeit the game.")
@click.option("--rounds", "-r", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many times every pair meets twice (x at home, o away).")
@click.option("--openings", type=click.IntRange(min=0, max=20), default=0, show_default=True,
              help="Random plies before each round (the same for both games of a round).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for openings and random players.")
@click.option("--records", "-o", type=click.Path(file_okay=False, path_type=Path), default=Path("arena-records"),
              show_default=True, help="Folder for the game records (every FEN of every game).")
@click.option("--progress/--no-progress", default=None,
              help="Progress lines on stderr (default: when stderr is a terminal).")
def arena_command(players: tuple[str, ...], limit: float, rounds: int, openings: int, seed: int,
                  records: Path, progress: bool | None) -> None:
    """Championship between PLAYERS: every pair plays twice, 10 points a win, 1 a loss, 1 + sub-boards won a draw.

    A timeout, illegal move, crash or garbage answer scores 0 and gives the opponent 10.
    PLAYERS: random, greedy, seed:N (the course's fixed-depth bot), bot or bot:SECONDS (ours),
    or any command taking FEN and SECONDS as its last arguments and printing the move (e.g. sm-bot).
    """
    if len(players) < 2:
        fail("a championship needs at least two players")
    try:
        entrants = [make_player(spec, seed=seed + i) for i, spec in enumerate(players)]
    except ValueError as exc:
        fail(str(exc))
    names = [p.name for p in entrants]
    for i, name in enumerate(names):
        if names.index(name) != i:
            entrants[i].name = f"{name}#{names[:i + 1].count(name)}"
    try:
        records.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create the records folder {str(records)!r}: {exc.strerror or exc}")
    show = progress_enabled() if progress is None else progress

    def say(line: str) -> None:
        click.echo(line, err=True)

    champ = run_championship(entrants, limit=limit, rounds=rounds, opening_plies=openings, seed=seed,
                             record_dir=records, write=write_atomically, progress=say if show else None)
    click.echo(champ.table())
    if show:
        say(f"{len(champ.games)} games; records in {records}/")
