"""``treeviz count FEN``: how many finished games below a position x wins, o wins, and draw.

Every continuation counts (both sides may play any legal move, as the course's
``get_proba`` does), each position is visited once. ``--json`` prints exactly
``{"x": …, "o": …, "draw": …}`` (SPEC §2).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from engine.game import PLAYER_NAMES
from engine.search.counting import PositionLimitError, count_outcomes
from treeviz.cli.common import fail, progress_enabled
from treeviz.cli.usage import Command, WholeNumber, typed_option

if TYPE_CHECKING:
    from engine.games.tictactoe import TicTacToe
    from engine.games.ultimate import Ultimate

DEFAULT_MAX_POSITIONS = 1_000_000
"""Distinct positions a walk may visit before it gives up (tic-tac-toe never needs more than 5,478;
an ultimate position a dozen moves from the end needs a few hundred thousand, about 300,000 a second)."""


def position_from_fen(fen: str) -> tuple[TicTacToe | Ultimate, int]:
    """The game a FEN is written for and its state: ultimate FENs have three fields, tic-tac-toe two.

    :raises engine.errors.FenError: the FEN is malformed or describes an unreachable position.
    """
    game: TicTacToe | Ultimate
    if len(fen.split(" ")) == 3:
        from engine.games.ultimate import ULTIMATE

        game = ULTIMATE
    else:
        from engine.games.tictactoe import TICTACTOE

        game = TICTACTOE
    return game, game.parse_fen(fen)


RENAMED = {"--max-positions": "--position-budget"}
"""Old spellings of count's and solve's options (one release with a note): a budget stops with an error,
a --max-... cap cuts what is drawn."""


def max_positions_option(function: Any) -> Any:
    """The ``--position-budget`` guard shared by ``count`` and ``solve`` (``--max-positions`` before)."""
    return click.option(
        "--position-budget", "max_positions", type=WholeNumber(0), default=DEFAULT_MAX_POSITIONS, show_default=True,
        metavar="N", help="Give up (exit 2) past this many distinct positions; 0 for no limit. "
                          "Only ultimate positions far from the end come near it (was --max-positions).")(function)


def progress_reporter(verb: str) -> Callable[[int], None] | None:
    """A ``progress(visited)`` callback writing ``counting: 150,000 positions…`` on stderr, only on a terminal."""
    if not progress_enabled():
        return None

    def report(visited: int) -> None:
        click.echo(f"\r{verb}: {visited:,} positions\u2026", err=True, nl=False)

    return report


def end_progress(report: Callable[[int], None] | None) -> None:
    """Finish the progress line, if one was written."""
    if report is not None:
        click.echo("\r\033[K", err=True, nl=False)


def limit_message(exc: PositionLimitError) -> str:
    """The one-line error naming the guard."""
    option = typed_option("--position-budget")
    return (f"more than {exc.limit:,} positions to visit from {exc.fen!r} (the {option} guard): "
            f"raise {option}, 0 for no limit, or give a position nearer the end")


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"]}, renamed=RENAMED)
@click.argument("fen")
@click.option("--json", "as_json", is_flag=True, help='Print exactly {"x": …, "o": …, "draw": …}.')
@max_positions_option
def count_command(fen: str, as_json: bool, max_positions: int) -> None:
    """Count the finished games below FEN won by x, won by o, and drawn.

    Both sides may play any legal move (nobody plays well): this is the course's
    get_proba, with draws. Works for tic-tac-toe ("9 x": 131,184 / 77,904 /
    46,080) and for ultimate positions near the end of the game.
    """
    game, state = position_from_fen(fen)
    report = progress_reporter("counting")
    started = time.perf_counter()
    try:
        result = count_outcomes(game, state, max_positions=max_positions or None, progress=report)
    except PositionLimitError as exc:
        end_progress(report)
        fail(limit_message(exc))
    end_progress(report)
    elapsed = time.perf_counter() - started
    counts = result.counts
    if as_json:
        click.echo(json.dumps(counts.as_dict()))
        return
    shares = counts.percentages()
    mover = PLAYER_NAMES[game.to_move(state)]
    width = len(f"{counts.total:,}")
    lines = [
        f"position: {game.fen(state)} ({mover} to move)",
        f"finished games: {counts.total:,}",
        f"  x wins  {counts.x:>{width},}  {shares['x']:6.2f} %",
        f"  o wins  {counts.o:>{width},}  {shares['o']:6.2f} %",
        f"  draws   {counts.draw:>{width},}  {shares['draw']:6.2f} %",
        f"positions visited: {result.positions:,}",
    ]
    click.echo("\n".join(lines))
    if progress_enabled():
        click.echo(f"counted in {elapsed * 1000:.1f} ms", err=True)
