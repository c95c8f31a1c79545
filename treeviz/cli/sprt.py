"""``treeviz sprt``: is one bot stronger than another? A paired match decided by a sequential test.

Each random opening is played twice, each player taking each colour once; the
pairs' results (pentanomial counts) give the Elo difference with its error and
the log-likelihood ratio of "stronger by ELO1" against "stronger by ELO0 at most"
(:mod:`engine.arena.sprt`), and the match stops as soon as the test can say
which (alpha = beta = 0.05 by default), or after ``--max-pairs``. Players, time
control, records, resume, ``--jobs`` and ``--backend ray`` are the arena's.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import click

from engine.arena.championship import GameResult, unique_names
from engine.arena.paired import MatchState, match_plan, match_state, play_until_decided
from engine.arena.records import RECORDS_NAME, read_records
from engine.arena.runner import WorkerLost, cores
from engine.arena.sprt import H0, H1, MODELS, Sprt
from treeviz.cli.arena import BACKENDS, HELP_JOBS, Jobs, Progress, open_records, player_names, runner_for
from treeviz.cli.common import Interrupted, fail, progress_enabled
from treeviz.cli.usage import Command, Folder, Number, OneOf, Seconds, Text, WholeNumber

DEFAULT_MAX_PAIRS = 1000
DEFAULT_OPENING_PLIES = 4


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("first", type=Text(), metavar="PLAYER_A")
@click.argument("second", type=Text(), metavar="PLAYER_B")
@click.option("--elo0", type=Number(about="Elo"), default=0.0, show_default=True, metavar="ELO",
              help="H0: PLAYER_A is stronger by at most this much.")
@click.option("--elo1", type=Number(about="Elo"), default=10.0, show_default=True, metavar="ELO",
              help="H1: PLAYER_A is stronger by at least this much (above --elo0).")
@click.option("--alpha", type=Number(0, about="a probability below 0.5"), default=0.05, show_default=True,
              help="Chance of accepting H1 when H0 holds.")
@click.option("--beta", type=Number(0, about="a probability below 0.5"), default=0.05, show_default=True,
              help="Chance of accepting H0 when H1 holds.")
@click.option("--model", type=OneOf(MODELS), default="normalized", show_default=True,
              help="Units of --elo0/--elo1: normalized Elo (fishtest's and fastchess's default) or logistic Elo.")
@click.option("--seconds", "-t", "limit", type=Seconds(), default=0.1, show_default=True, metavar="SECONDS",
              help="Time per move, in seconds; slower answers forfeit the game.")
@click.option("--max-pairs", type=WholeNumber(1), default=DEFAULT_MAX_PAIRS, show_default=True, metavar="N",
              help="Stop undecided after this many pairs (two games each).")
@click.option("--openings", type=WholeNumber(0, 20), default=DEFAULT_OPENING_PLIES, show_default=True,
              metavar="PLIES", help="Random plies of each pair's opening, 0 to 20.")
@click.option("--seed", type=WholeNumber(), default=0, show_default=True, metavar="N",
              help="Random seed of the openings and of random players.")
@click.option("--records", "-o", type=Folder(), default=Path("sprt-records"), show_default=True,
              help=f"Folder of the records: {RECORDS_NAME}, one line per finished game.")
@click.option("--jobs", "-j", type=Jobs(), help=HELP_JOBS)
@click.option("--backend", type=OneOf(BACKENDS), default="local", show_default=True,
              help="local: this machine (--jobs worker processes); ray: Ray tasks, one CPU each "
                   "(pip install 'treeviz[cluster]').")
@click.option("--address", type=Text(), metavar="HOST:PORT",
              help="A running Ray cluster to play on (with --backend ray); 'auto' finds a local one.")
@click.option("--resume", is_flag=True,
              help="Continue the match recorded in the records folder (same players, time, openings, seed and "
                   "--max-pairs); a match already decided is only reported.")
@click.option("--progress/--no-progress", default=None,
              help="Progress on stderr after each game (default: when stderr is a terminal).")
def sprt_command(first: str, second: str, elo0: float, elo1: float, alpha: float, beta: float, model: str,
                 limit: float, max_pairs: int, openings: int, seed: int, records: Path, jobs: int | None,
                 backend: str, address: str | None, resume: bool, progress: bool | None) -> None:
    """Paired match of PLAYER_A against PLAYER_B until a sequential probability ratio test decides.

    Every opening is played with both colours; the result says whether PLAYER_A is stronger by ELO1 (H1)
    or not stronger than ELO0 (H0), with the Elo difference, its 95 % interval and the pentanomial counts.
    Players are the arena's: sm-bot (a command taking FEN and SECONDS), "python my_bot.py", proc:mcts, ...
    """
    if address is not None and backend != "ray":
        fail("--address is for a Ray cluster: add --backend ray")
    try:
        test = Sprt(elo0, elo1, alpha, beta, model)
    except ValueError as exc:
        fail(exc)
    names = player_names((first, second))
    plan = match_plan((first, second), unique_names(names), limit, max_pairs, openings, seed)
    runner = runner_for(backend, address, jobs)
    show = progress_enabled() if progress is None else progress
    path = records / RECORDS_NAME
    writer, recorded = open_records(path, plan, resume)
    already = read_records(path).in_order() if recorded else []
    if jobs is not None and jobs > cores() and backend == "local":
        click.echo(f"warning: {jobs} games at once on {cores()} cores: games share cores, so players get less "
                   "than the limit's worth of computing", err=True)
    meter = Progress(2 * max_pairs, len(already), show)

    def game_done(game: GameResult, state: MatchState) -> None:
        writer.append(game)
        meter.game_done(game)
        if show:
            click.echo(f"  {describe_progress(state, test)}", err=True)
            sys.stderr.flush()

    try:
        with writer:
            state = play_until_decided(plan, test, already, runner.play, game_done)
    except KeyboardInterrupt:
        done = len(read_records(path).games)
        raise Interrupted(f"{done} games recorded in {path}; the same command with --resume goes on") from None
    except WorkerLost as exc:
        raise click.ClickException(f"{exc}; the finished games are in {path} (--resume goes on)") from None
    except RuntimeError as exc:
        if type(exc).__name__ != "RayUnavailable":
            raise
        fail(exc)
    final = read_records(path)
    for bad in final.bad:
        click.echo(f"warning: {path} {bad}: skipped", err=True)
    state = match_state(final.in_order(), plan.names[0], test)
    click.echo(summary(final.in_order(), plan.names, state, test, limit))
    if show:
        click.echo(f"{len(final.games)} games; records in {path}", err=True)


def _signed(value: float, digits: int = 1) -> str:
    return f"{value:+.{digits}f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def describe_progress(state: MatchState, test: Sprt) -> str:
    """One line: pairs, pentanomial, Elo and the LLR against its bounds."""
    est = state.estimate
    elo = "" if est is None else f"Elo {_signed(est.elo)} +/- {est.elo_error:.1f}, "
    return (f"{state.penta.pairs} pairs {list(state.penta.counts)}: {elo}LLR {state.llr:.2f} "
            f"({test.lower:.2f}, {test.upper:.2f})")


def verdict(state: MatchState, test: Sprt, names: tuple[str, ...] | list[str]) -> str:
    """What the test says, in words."""
    bounds = f"[{test.elo0:g}, {test.elo1:g}] {test.model} Elo"
    if state.decision == H1:
        return f"H1 accepted: {names[0]} is stronger than {names[1]} by {test.elo1:g} {test.model} Elo or more"
    if state.decision == H0:
        return f"H0 accepted: {names[0]} is not stronger than {names[1]} by more than {test.elo0:g} " \
               f"{test.model} Elo"
    return f"no decision yet for {bounds}"


def summary(games: list[GameResult], names: tuple[str, ...] | list[str], state: MatchState, test: Sprt,
            limit: float) -> str:
    """The match's result block for stdout."""
    a, b = names
    wins = sum(1 for g in games if g.winner is not None and (g.x if g.winner == "x" else g.o) == a)
    losses = sum(1 for g in games if g.winner is not None and (g.x if g.winner == "x" else g.o) == b)
    draws = len(games) - wins - losses
    forfeits = {n: sum(1 for g in games if g.forfeited_by == n) for n in names}
    slowest = {n: max([max(g.seconds[0] if g.x == n else g.seconds[1], 0.0) for g in games] or [0.0])
               for n in names}
    penta = state.penta
    lines = [f"{a} vs {b}: {penta.pairs} pairs ({len(games)} games recorded), {limit:g} s a move",
             f"games (of {a}): {wins} won, {draws} drawn, {losses} lost",
             f"pentanomial (pairs scoring 0, 0.5, 1, 1.5, 2): {list(penta.counts)}"]
    est = state.estimate
    if est is not None:
        lines.append(f"score {est.score:.1%}; Elo {_signed(est.elo)} (95 %: {_signed(est.elo_low)} to "
                     f"{_signed(est.elo_high)}); "
                     f"nElo {_signed(est.nelo)} +/- {est.nelo_error:.1f}; LOS {est.los:.1%}")
    lines.append(f"LLR {state.llr:.2f} (bounds {test.lower:.2f}, {test.upper:.2f}; elo0 {test.elo0:g}, "
                 f"elo1 {test.elo1:g}, {test.model}, alpha {test.alpha:g}, beta {test.beta:g})")
    lines.append(verdict(state, test, names))
    lines.append("forfeits: " + ", ".join(f"{n} {forfeits[n]}" for n in names)
                 + "; slowest move: " + ", ".join(f"{n} {slowest[n]:.3f} s" for n in names))
    return "\n".join(lines)
