"""The click side of ``sm-bot`` and ``treeviz bot``: help, budgets checked, ``--player`` and ``--serve``.

``sm-bot FEN SECONDS`` itself is answered by the lean entry point
(:mod:`treeviz.cli.smbot`) without coming here; this module takes every other
call, so messages and exit codes stay those of a click command.
"""

from __future__ import annotations

import math
import sys
import time
from typing import TYPE_CHECKING

import click

from engine.bot.decision import EVALUATIONS, chosen_net, finished_message, report, search
from engine.games.ultimate import ULTIMATE
from engine.search.deadline import ONE_SHOT_MARGIN
from treeviz.cli.common import fail, run
from treeviz.cli.usage import Command, OneOf, Seconds, Text, WholeNumber, note_old_player_spelling

if TYPE_CHECKING:
    from engine.arena.players import Player
    from engine.evaluation.ultimate_net import Net

DEFAULT_SECONDS = 6.0
"""The championship's limit per move."""

_SECONDS = Seconds()
_HELP_PLAYER = ("Play as this built-in instead of our bot: random, greedy, course:N, bot, bot:S, mcts, mcts:S "
                "(so any of them can be run as a process, e.g. by the arena).")


def _answer(fen: str, seconds: float, started: float, player: str | None, seed: int | None,
            evaluation: str = "classic", weights: str | None = None) -> None:
    """One move for ``fen``: the move on stdout, a report on stderr."""
    if not math.isfinite(seconds):
        fail(f"SECONDS must be a positive number of seconds, not {seconds:g}")
    if weights is not None and evaluation == "classic":
        fail("--weights is the learned evaluation's: add --eval learned")
    net = _net(evaluation, weights) if player is None else None
    state = ULTIMATE.parse_fen(fen)
    if ULTIMATE.is_over(state):
        fail(finished_message(state, fen))
    if player is None:
        decision = search(state, seconds - ONE_SHOT_MARGIN, started, net=net)
        move, text = decision.move, report(decision, state)
    else:
        from engine.arena.players import choose_within

        chosen = _make(player, seed)
        move = choose_within(chosen, state, seconds, started)
        text = f"move {ULTIMATE.move_name(move)} by {chosen.name}"
    sys.stdout.write(f"{ULTIMATE.move_name(move)}\n")
    sys.stdout.flush()
    click.echo(f"{text}; answered {time.monotonic() - started:.3f} s after launch", err=True)


def _net(evaluation: str, weights: str | None) -> Net | None:
    """The learned evaluation's net, or None for the classic one (``learned-or-classic``, with a note, when the
    weights file cannot be used; ``learned``: such a file is bad input)."""
    try:
        net, note = chosen_net(evaluation, weights)
    except ValueError as exc:  # the weights file cannot be used
        fail(exc)
    if note:
        click.echo(f"note: {note}", err=True)
    return net


def _make(spec: str, seed: int | None) -> Player:
    """The built-in player ``spec`` (a bad spec is bad input)."""
    from engine.arena.players import make_player

    try:
        player = make_player(spec, seed=seed)
    except ValueError as exc:
        fail(exc)
    note_old_player_spelling(spec)
    return player


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"], "ignore_unknown_options": True},
               usage="FEN SECONDS | --serve [--player SPEC]")
@click.argument("fen", required=False)
@click.argument("seconds", type=_SECONDS, required=False)
@click.option("--serve", is_flag=True,
              help="Stay up and answer many moves: read 'FEN SECONDS' lines on stdin, write a move line each "
                   "(or an 'error: ...' line, and go on); 'isready' is answered 'readyok'; 'quit' or the end "
                   "of input ends. Tables are loaded once and kept between moves.")
@click.option("--player", type=Text(), metavar="SPEC", help=_HELP_PLAYER)
@click.option("--seed", type=WholeNumber(), metavar="N", help="Random seed of a random, greedy or mcts --player.")
@click.option("--eval", "evaluation", type=OneOf(EVALUATIONS), default="classic", show_default=True,
              help="The evaluation: classic (hand-made), learned (the net; a weights file that cannot be used is "
                   "an error) or learned-or-classic (the classic one, with a note, when the net's file is unusable).")
@click.option("--weights", type=Text(), metavar="FILE", help="The learned evaluation's weights file (default: the "
              "package's engine/evaluation/ultimate_net.bin).")
@click.pass_obj
def smbot_command(started: float, fen: str | None, seconds: float | None, serve: bool, player: str | None,
                  seed: int | None, evaluation: str, weights: str | None) -> None:
    """Print the best move for the ultimate position FEN, found within SECONDS (start-up included).

    The move goes to stdout as <sub-board><cell> (45); search details go to stderr.
    """
    if serve:
        if fen is not None:
            fail("--serve reads positions from stdin: give no FEN or SECONDS")
        from treeviz.cli.serve import serve_loop

        chosen = _make(player, seed) if player is not None else None
        if chosen is None and evaluation != "classic":  # our bot with the learned evaluation
            from engine.arena.players import BotPlayer
            from engine.bot.native_search import native_engine
            from engine.evaluation.ultimate_weights import DEFAULT_WEIGHTS

            net = _net(evaluation, weights)
            if net is not None:
                native_engine(DEFAULT_WEIGHTS, net)  # its tables and weights loaded before any clock starts
            chosen = BotPlayer(net=net)
        serve_loop(sys.stdin, sys.stdout, chosen)
        return
    if fen is None:
        raise click.UsageError("missing FEN and SECONDS (or --serve): sm-bot FEN SECONDS")
    if seconds is None:
        raise click.UsageError("missing SECONDS after the FEN: sm-bot FEN SECONDS")
    _answer(fen, seconds, started, player, seed, evaluation, weights)


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"], "ignore_unknown_options": True},
               usage="FEN SECONDS (SECONDS may be left out: 6)")
@click.argument("fen")
@click.argument("seconds", type=_SECONDS, default=DEFAULT_SECONDS)
def bot_command(fen: str, seconds: float) -> None:
    """Best ultimate move for FEN within SECONDS (6 by default, the championship's limit); same as sm-bot."""
    from engine.search.deadline import process_start

    _answer(fen, seconds, process_start(), None, None)


def smbot_main(started: float) -> int:
    """Run ``sm-bot`` through click (every call but the plain ``FEN SECONDS``): the exit status."""
    try:
        run(smbot_command, prog_name="sm-bot", obj=started)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
