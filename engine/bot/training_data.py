"""Positions for training the learned evaluation, labelled by the bot's own deeper search.

A game starts from a random opening (2 to 8 random plies, :func:`engine.arena.championship.random_opening`'s
rule: no ply that ends the game) and goes on with the bot's fixed-depth choice, a random
legal move instead one time in ten, so the positions vary around what the bot itself
meets. Every unfinished position is labelled by the C search (classic evaluation,
no contempt) to ``depth`` plies with its quiescence: the value, from x's point of
view, is what the net learns to predict at depth 0; the game's final result is kept
beside it (x's view: 1, 0, -1) for training that blends in results.

A game depends on its seed alone (a fresh transposition table for every search,
no deadline), so any worker, in any order, writes the same lines: the data are
reproducible from the seed and the game count whatever ``jobs`` is.

The file is text, one position a line: the state as hexadecimal, the label, the
result. Written to a temporary file beside the target and renamed at the end.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from multiprocessing import get_context

from engine.bot.native_search import native_engine
from engine.evaluation.training_lines import line, parse_line  # noqa: F401 - the file's format, re-exported
from engine.evaluation.ultimate_weights import DEFAULT_WEIGHTS
from engine.games.ultimate import ULTIMATE

RANDOM_MOVE_SHARE = 0.1
"""Share of moves played at random instead of the search's choice."""
OPENING_PLIES = (2, 8)
"""Random plies before the bot plays, at least and at most."""
TABLE_BITS = 16
FAR = 1e9
"""Seconds: the label searches have no deadline (only their depth)."""


class NoNativeSearch(RuntimeError):
    """The C search is not built: labels would take thirty times longer in Python."""


def _opening(rng: random.Random) -> int:
    state = ULTIMATE.initial()
    for _ in range(rng.randint(*OPENING_PLIES)):
        moves = [m for m in ULTIMATE.legal_moves(state) if not ULTIMATE.is_over(ULTIMATE.play(state, m))]
        if not moves:
            break
        state = ULTIMATE.play(state, rng.choice(moves))
    return state


def game_positions(seed: int, game: int, depth: int) -> list[tuple[int, int, int]]:
    """Every unfinished position of game ``game`` of ``seed``, with its label and the game's result (x's view).

    :raises NoNativeSearch: the C search is not there.
    """
    engine = native_engine(DEFAULT_WEIGHTS)
    if engine is None:
        raise NoNativeSearch("the training data need the bot's C search (scripts/build_native.sh builds it)")
    rng = random.Random(f"train:{seed}:{game}")
    state = _opening(rng)
    labelled: list[tuple[int, int]] = []
    while not ULTIMATE.is_over(state):
        decision = engine.think(state, time.monotonic() + FAR, 0, engine.table(TABLE_BITS), max_depth=depth,
                                quiesce_plies=4)
        labelled.append((state, int(decision.value)))
        if rng.random() < RANDOM_MOVE_SHARE:
            move = rng.choice(ULTIMATE.legal_moves(state))
        else:
            move = decision.move
        state = ULTIMATE.play(state, move)
    result = ULTIMATE.outcome(state) or 0
    return [(s, v, result) for s, v in labelled]


def _task(args: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    return game_positions(*args)


def generate(seed: int, games: int, depth: int, jobs: int,
             progress: Callable[[int, int], None] | None = None) -> Iterator[list[tuple[int, int, int]]]:
    """Each game's positions in game order, played by ``jobs`` worker processes (1: in this process)."""
    tasks = [(seed, g, depth) for g in range(games)]
    if jobs == 1:
        for done, task in enumerate(tasks, 1):
            yield _task(task)
            if progress is not None:
                progress(done, games)
        return
    with get_context("fork").Pool(jobs) as pool:
        for done, positions in enumerate(pool.imap(_task, tasks), 1):
            yield positions
            if progress is not None:
                progress(done, games)
