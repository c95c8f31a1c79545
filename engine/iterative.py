"""Iterative deepening under a hard deadline: the bot's "think for so long" search.

Depth 1, 2, 3, ... with :func:`engine.alphabeta.alphabeta`, sharing one
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

Time share: no new iteration starts once half of the time to the deadline is
spent (the next one would take several times longer than all the previous ones
together, and rarely finish).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from time import monotonic
from typing import Any

from engine.alphabeta import SearchTimeout, alphabeta
from engine.minimax import Evaluation
from engine.scoring import Scoring
from engine.transposition import TranspositionTable
from engine.zobrist import Hashing, hashing_for

MAX_DEPTH = 81


@dataclass
class Decision:
    """The move a timed search chose and how it got there (for reports on stderr)."""

    move: Hashable
    value: float
    """x's point of view."""
    depth: int
    """Deepest iteration finished."""
    nodes: int
    seconds: float
    table_hits: int
    principal_variation: list[Hashable] = field(default_factory=list)
    solved: bool = False
    """The value is exact: a forced result found, or every line searched to the end."""
    partial: bool = False
    """The move came from an iteration cut short by the deadline."""

    @property
    def nodes_per_second(self) -> float:
        """Search speed."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


def think(
    game: Any,
    state: Hashable,
    deadline: float,
    *,
    evaluate: Evaluation,
    scoring: Scoring,
    win: float,
    max_depth: int = MAX_DEPTH,
    table: TranspositionTable | None = None,
    hashing: Hashing | None = None,
    clock: Callable[[], float] = monotonic,
    soft_share: float = 0.5,
    on_iteration: Callable[[Decision], None] | None = None,
    reduce_late: int = 5,
) -> Decision:
    """The best move found for ``state`` by iterative deepening until ``deadline`` (a ``clock()`` time).

    ``win`` is the smallest score of a finished won game (a value beyond it is a
    proven result). ``reduce_late``: from that move on (0: never), a node with three
    plies or more to go searches each move one ply shallower first and again in full
    only when it beats the best so far (late move reductions; depth-limited
    iterations only). Raises ``ValueError`` for a finished game (no move to choose).
    """
    moves = game.legal_moves(state)
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    start = clock()
    table = table if table is not None else TranspositionTable()
    hashing = hashing if hashing is not None else hashing_for(game)
    killers: list[list[Hashable]] = []
    history: defaultdict[Hashable, int] = defaultdict(int)
    soft = start + soft_share * max(0.0, deadline - start)
    empty = game.empty_count(state) if hasattr(game, "empty_count") else max_depth
    nodes = 0
    decision: Decision | None = None

    def search(depth: int, until: float | None) -> Any:
        return alphabeta(game, state, depth=depth, evaluate=evaluate, scoring=scoring, table=table,
                         hashing=hashing, killers=killers, history=history, pvs=True,
                         deadline=until, clock=clock, check_every=512, reduce_late=reduce_late)

    for depth in range(1, max_depth + 1):
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
        if solved or len(moves) == 1 or clock() >= soft:
            break
    assert decision is not None  # depth 1 has no deadline
    decision.nodes = nodes
    decision.seconds = clock() - start
    decision.table_hits = table.hits
    return decision
