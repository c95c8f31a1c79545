"""Iterative deepening under a hard deadline: the bot's "think for so long" search.

Depth 1, 2, 3, ... with :func:`engine.bot.search.enhanced_alphabeta`, sharing one
transposition table, killer moves and history between iterations, so each
iteration starts with the previous best line. A move is always ready: the
depth-1 iteration runs without a deadline (at most one node per legal move),
and every later iteration that finishes replaces it. When the deadline passes
mid-iteration the search aborts; the aborted iteration's choice is kept only
when the previous best move was searched first and another root move, searched
to the end, proved better than it at the new depth.

Late moves (the sixth and later, after the table move, killers and the best
by history) are searched one ply shallower first; measured against the same
bot without it, 56.6 % of the points over 200 games at 0.15 s and 0.5 s a
move (``scripts/tune_eval.py`` has the record).

When to start another iteration: whenever the deadline has not passed. With a
fixed limit per move, time left unused is lost, and an iteration cut short is
not: its first move (the previous best, searched first) is searched to the new
depth, and another move that beats it there becomes the answer. So the search
always goes on to the deadline. (Until this rule, an iteration started only when
the time left held 30 % of its length predicted from the growth of the last ones;
the odd/even swings of those times made a 6 s search stop after 3 s.)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from time import monotonic

from engine.bot.result import Decision
from engine.bot.search import SearchTimeout, enhanced_alphabeta
from engine.game import Game
from engine.search.minimax import Evaluation
from engine.search.scoring import Scoring
from engine.search.search_result import SearchResult
from engine.search.transposition import TranspositionTable
from engine.search.zobrist import Hashing, hashing_for

MAX_DEPTH = 81
CHECK_EVERY = 64
"""Nodes between two looks at the clock (64 nodes: under a millisecond at the bot's speed)."""
REDUCE_LATE = 5
"""The bot's late-move reductions start at this move of a node (see :func:`think`)."""


def think(
    game: Game[int, int],
    state: int,
    deadline: float,
    *,
    evaluate: Evaluation,
    scoring: Scoring[int],
    win: float,
    max_depth: int = MAX_DEPTH,
    table: TranspositionTable | None = None,
    hashing: Hashing | None = None,
    clock: Callable[[], float] = monotonic,
    on_iteration: Callable[[Decision], None] | None = None,
    reduce_late: int = REDUCE_LATE,
    quiesce: Callable[[int], Sequence[int]] | None = None,
    quiesce_plies: int = 2,
) -> Decision:
    """The best move found for ``state`` by iterative deepening until ``deadline`` (a ``clock()`` time).

    ``win`` is the smallest score of a finished won game (a value beyond it is a
    proven result). ``reduce_late``: from that move on (0: never), a node with three
    plies or more to go searches each move one ply shallower first and again in full
    only when it beats the best so far (late move reductions; depth-limited
    iterations only). ``quiesce``: the game's captures, searched up to ``quiesce_plies`` past each
    iteration's depth (see :func:`engine.bot.search.enhanced_alphabeta`). Raises ``ValueError`` for a finished game
    (no move to choose).
    """
    moves = game.legal_moves(state)
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    start = clock()
    table = table if table is not None else TranspositionTable()
    hashing = hashing if hashing is not None else hashing_for(game)
    killers: list[list[int | None]] = []
    history: defaultdict[int, int] = defaultdict(int)
    empty = game.empty_count(state) if hasattr(game, "empty_count") else max_depth
    nodes = 0
    decision: Decision | None = None

    def search(depth: int, until: float | None) -> SearchResult[int]:
        return enhanced_alphabeta(game, state, depth=depth, evaluate=evaluate, scoring=scoring, table=table,
                                  hashing=hashing, killers=killers, history=history, pvs=True,
                                  deadline=until, clock=clock, check_every=CHECK_EVERY, reduce_late=reduce_late,
                                  quiesce=quiesce, quiesce_plies=quiesce_plies)

    for depth in range(1, max_depth + 1):
        if depth > 1 and clock() >= deadline:
            break
        try:
            result = search(depth, None if depth == 1 else deadline)
        except SearchTimeout as timeout:
            nodes += timeout.nodes
            if (decision is not None and timeout.first_move == decision.move and timeout.best_move is not None
                    and timeout.best_move != decision.move and timeout.value is not None):
                decision.move, decision.value, decision.partial = timeout.best_move, timeout.value, True
                decision.principal_variation = [timeout.best_move]
            break
        nodes += result.nodes
        solved = abs(result.value) >= win or depth >= empty
        decision = Decision(move=result.best_moves[0] if result.best_moves else moves[0], value=result.value,
                            depth=depth, nodes=nodes, seconds=clock() - start, table_hits=table.hits,
                            principal_variation=list(result.principal_variation), solved=solved)
        if on_iteration is not None:
            on_iteration(decision)
        if solved or len(moves) == 1:
            break
    assert decision is not None  # depth 1 has no deadline
    decision.nodes = nodes
    decision.seconds = clock() - start
    decision.table_hits = table.hits
    decision.started = start
    return decision

