"""``treeviz perft FEN DEPTH``: the number of move sequences of DEPTH plies, for checking the rules.

The game is told by the FEN's shape: an ultimate FEN has three fields (board,
last move, side to move), a tic-tac-toe FEN two.
"""

from __future__ import annotations

import click

from engine.games.tictactoe import TICTACTOE, TicTacToe
from engine.games.ultimate import ULTIMATE, Ultimate
from engine.search.perft import perft
from treeviz.cli.common import progress_enabled
from treeviz.cli.usage import Command, WholeNumber


def game_for_fen(fen: str) -> TicTacToe | Ultimate:
    """ULTIMATE for a three-field FEN, TICTACTOE otherwise (its parser then says what is wrong)."""
    return ULTIMATE if len(fen.split(" ")) == 3 else TICTACTOE


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"], "ignore_unknown_options": True})
@click.argument("fen")
@click.argument("depth", type=WholeNumber(0))
def perft_command(fen: str, depth: int) -> None:
    """Print the number of move sequences of exactly DEPTH plies from FEN.

    Works for tic-tac-toe ("9 x") and ultimate ("999999999 00 x") FENs. Games
    that end before DEPTH plies add nothing, so the counts fall where games end
    (tic-tac-toe from "9 x": 9, 72, 504, ... 127872 at depth 9, 0 beyond).
    """
    game = game_for_fen(fen)
    state = game.parse_fen(fen)
    if depth < 6 or not progress_enabled():
        click.echo(perft(game, state, depth))
        return
    moves = game.legal_moves(state)
    total = 0
    for done, move in enumerate(moves, 1):
        total += perft(game, game.play(state, move), depth - 1)
        click.echo(f"\rperft {depth}: {done}/{len(moves)} first moves, {total:,} so far", err=True, nl=False)
    click.echo(err=True)
    click.echo(total)
