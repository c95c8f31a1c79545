"""``sm-bot --serve``: many moves from one process, over a line protocol on stdin and stdout.

Each line ``FEN SECONDS`` is answered with one line: the move (``45``), or
``error: ...`` for a line that is not a position to play (a bad FEN, a finished
game, a bad budget, a garbled line), after which the loop goes on. ``isready``
is answered ``readyok`` once the tables are loaded, so a caller can wait for it
before starting a move's clock; ``quit`` or the end of input ends the loop. The
budget of a move counts from the moment its line was read. Our bot keeps its
transposition table from move to move, as in-process players do.
"""

from __future__ import annotations

import math
import sys
import time
from typing import TextIO

from engine.arena.players import BotPlayer, Player, choose_within
from engine.errors import FenError
from engine.games.ultimate import ULTIMATE


def serve_loop(source: TextIO, sink: TextIO, player: Player | None = None) -> None:
    """Answer the lines of ``source`` on ``sink`` until ``quit`` or the end of input (our bot by default)."""
    bot = player if player is not None else BotPlayer()
    if player is None:
        from engine.bot.native_search import native_engine, why_python
        from engine.evaluation.ultimate import DEFAULT_WEIGHTS, judges

        if native_engine(DEFAULT_WEIGHTS) is None:  # the evaluation tables, loaded before any clock starts
            judges(0), judges(1)
            why = why_python()
            if why:
                sys.stderr.write(f"note: {why}\n")
                sys.stderr.flush()
    for line in source:
        read_at = time.monotonic()
        text = line.strip()
        if not text:
            continue
        if text == "quit":
            return
        if text == "isready":
            answer = "readyok"
        else:
            answer = _move_for(bot, text, read_at)
        sink.write(answer + "\n")
        sink.flush()


def _move_for(player: Player, text: str, read_at: float) -> str:
    """The answer to one ``FEN SECONDS`` line: the move, or an ``error:`` line."""
    fen, _, budget = text.rpartition(" ")
    try:
        seconds = float(budget)
    except ValueError:
        return f"error: expected 'FEN SECONDS', the budget {budget!r} is not a number"
    if not fen or not math.isfinite(seconds) or not 0 < seconds <= 86400:
        return "error: expected 'FEN SECONDS' with SECONDS a positive number of seconds (at most 86400)"
    try:
        state = ULTIMATE.parse_fen(fen.strip())
    except FenError as exc:
        return f"error: {' '.join(str(exc).split())}"
    if ULTIMATE.is_over(state):
        from engine.bot.decision import finished_message

        return f"error: {finished_message(state, fen.strip())}"
    return ULTIMATE.move_name(choose_within(player, state, seconds, read_at))
