"""The bot's search as ``sm-bot`` runs it, stopped at a fixed depth instead of a deadline: what a tree shows.

``sm-bot`` deepens iteratively until its deadline (:func:`engine.bot.iterative.think`, in C:
:meth:`engine.bot.native_search.NativeEngine.think`): depth 1, 2, 3, ... sharing one transposition table, the
killer moves and the history. :func:`bot_search` runs the same iterations up to ``depth`` (none has a
deadline), with the Python twin of the C search, node for node, and lets an observer watch each iteration: the
last one is the search that chose the move. For ultimate tic-tac-toe the settings are the bot's own
(:func:`bot_settings`: its evaluation with contempt for the side to move, late-move reductions, quiescence on
sub-board captures); another game with an evaluation gets the same search without quiescence, and without
the table when it has no Zobrist keys.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import inf

from engine.bot.iterative import REDUCE_LATE
from engine.bot.search import enhanced_alphabeta
from engine.game import Game
from engine.search.minimax import Evaluation
from engine.search.observer import SearchObserver
from engine.search.scoring import Scoring
from engine.search.search_result import SearchResult
from engine.search.transposition import TranspositionTable
from engine.search.zobrist import Hashing, hashing_for

TABLE_BITS = 20
"""Slots (a power of two) of the table of a fixed-depth bot search, in Python and in C alike (the same slots give
the same collisions, so the two searches stay node for node)."""


@dataclass(frozen=True)
class BotSettings:
    """What the bot's search needs of a game: its evaluation and scoring, what a won game is worth at least
    (``win``: a value beyond it is proved), its captures for quiescence (None: no quiescence) and how many plies
    of them."""

    evaluate: Evaluation
    scoring: Scoring[int]
    win: float = inf
    quiesce: Callable[[int], Sequence[int]] | None = None
    quiesce_plies: int = 0


def bot_settings(game: Game[int, int], state: int) -> BotSettings | None:
    """The bot's own settings when ``game`` is ultimate tic-tac-toe (as :func:`engine.bot.decision.search` makes
    them for the side to move in ``state``), else None."""
    if getattr(game, "name", None) != "ultimate":
        return None
    from engine.bot.decision import QUIESCE_PLIES
    from engine.evaluation.ultimate import judges
    from engine.evaluation.ultimate_captures import captures
    from engine.evaluation.ultimate_weights import WIN

    evaluate, scoring = judges(game.to_move(state))
    return BotSettings(evaluate, scoring, WIN, captures, QUIESCE_PLIES)


@dataclass
class BotRun:
    """What :func:`bot_search` found: the last iteration's result (its ``nodes`` that iteration's), the move it
    chose, the depth it reached, the nodes and table hits of all the iterations."""

    result: SearchResult[int]
    move: int
    depth: int
    nodes: int
    table_hits: int
    iteration_nodes: list[int] = field(default_factory=list)


def bot_search(game: Game[int, int], state: int, depth: int, settings: BotSettings, *,
               observe: Callable[[int], SearchObserver | None] | None = None,
               table_bits: int = TABLE_BITS) -> BotRun:
    """Iterative deepening from depth 1 to ``depth`` as ``sm-bot`` does it (it stops early, as the bot does, at a
    proved result, a game searched to its end or a single legal move); ``observe(d)`` gives the observer of
    iteration ``d`` (None: unobserved).

    :raises ValueError: a finished game (no move to choose) or a depth below 1.
    """
    moves = game.legal_moves(state)
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    if depth < 1:
        raise ValueError(f"the bot's search needs a depth of 1 or more, not {depth}")
    try:
        hashing: Hashing | None = hashing_for(game)
    except ValueError:
        hashing = None
    table = TranspositionTable(bits=table_bits) if hashing is not None else None
    killers: list[list[int | None]] = []
    history: defaultdict[int, int] = defaultdict(int)
    empty = game.empty_count(state) if hasattr(game, "empty_count") else depth
    counts: list[int] = []
    run: BotRun | None = None
    for d in range(1, depth + 1):
        result = enhanced_alphabeta(game, state, depth=d, evaluate=settings.evaluate, scoring=settings.scoring,
                                    observer=observe(d) if observe is not None else None, table=table,
                                    hashing=hashing, killers=killers, history=history, pvs=True,
                                    reduce_late=REDUCE_LATE, quiesce=settings.quiesce,
                                    quiesce_plies=settings.quiesce_plies)
        counts.append(result.nodes)
        run = BotRun(result, result.best_moves[0] if result.best_moves else moves[0], d, sum(counts),
                     table.hits if table is not None else 0, list(counts))
        if abs(result.value) >= settings.win or d >= empty or len(moves) == 1:
            break
    assert run is not None  # depth >= 1
    return run
