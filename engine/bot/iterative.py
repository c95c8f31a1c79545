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

When to start another iteration: from the growth of iteration times. Each
iteration takes about ``growth`` times as long as the one before (measured: the
larger of the last two ratios, at least :data:`MIN_GROWTH`); the next starts
only when the time left holds :data:`USEFUL_SHARE` of its predicted length --
enough to search the previous best move to the new depth and try the others,
which is when an iteration cut short can still change the move. With a fixed
per-move limit time left unused is lost, so otherwise the search goes on to the
deadline.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from time import monotonic

from engine.bot.search import SearchTimeout, enhanced_alphabeta
from engine.game import Game
from engine.search.minimax import Evaluation
from engine.search.scoring import Scoring
from engine.search.search_result import SearchResult
from engine.search.transposition import TranspositionTable
from engine.search.zobrist import Hashing, hashing_for

MAX_DEPTH = 81
MIN_GROWTH = 1.5
"""The smallest growth from one iteration's time to the next's assumed (early iterations are noisy)."""
MAX_GROWTH = 10.0
"""The largest growth assumed (a ratio of two tiny early times can be anything)."""
USEFUL_SHARE = 0.3
"""Share of the next iteration's predicted time that must be left to start it (see the module's notes)."""
CHECK_EVERY = 64
"""Nodes between two looks at the clock (64 nodes: under a millisecond at the bot's speed)."""
REDUCE_LATE = 5
"""The bot's late-move reductions start at this move of a node (see :func:`think`)."""


class Decision:
    """The move a timed search chose and how it got there (for reports on stderr).

    ``value`` is x's point of view; ``depth`` the deepest iteration finished; ``solved``: the value is
    exact (a forced result found, or every line searched to the end); ``partial``: the move came from an
    iteration cut short by the deadline; ``started``: when the search began (``clock()`` time: a
    process's start-up is this less its launch); ``stopped_early``: an iteration was not started for lack
    of time before the deadline (see the module's notes); ``engine``: which search ran, ``Python`` or ``C``
    (:mod:`engine.bot.native_search`). A plain class, so that ``sm-bot`` need not
    import :mod:`dataclasses`.
    """

    def __init__(self, move: int, value: float, depth: int, nodes: int, seconds: float, table_hits: int,
                 principal_variation: list[int] | None = None, solved: bool = False,
                 partial: bool = False, started: float = 0.0, stopped_early: bool = False,
                 engine: str = "Python") -> None:
        self.move = move
        self.value = value
        self.depth = depth
        self.nodes = nodes
        self.seconds = seconds
        self.table_hits = table_hits
        self.principal_variation = [] if principal_variation is None else principal_variation
        self.solved = solved
        self.partial = partial
        self.started = started
        self.stopped_early = stopped_early
        self.engine = engine

    def __repr__(self) -> str:
        return f"Decision({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"

    @property
    def nodes_per_second(self) -> float:
        """Search speed."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


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
    durations: list[float] = []
    stopped_early = False

    def search(depth: int, until: float | None) -> SearchResult[int]:
        return enhanced_alphabeta(game, state, depth=depth, evaluate=evaluate, scoring=scoring, table=table,
                                  hashing=hashing, killers=killers, history=history, pvs=True,
                                  deadline=until, clock=clock, check_every=CHECK_EVERY, reduce_late=reduce_late,
                                  quiesce=quiesce, quiesce_plies=quiesce_plies)

    for depth in range(1, max_depth + 1):
        began = clock()
        if depth > 1 and began + USEFUL_SHARE * next_duration(durations) > deadline:
            stopped_early = True
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
        durations.append(clock() - began)
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
    decision.stopped_early = stopped_early
    return decision


def next_duration(durations: list[float]) -> float:
    """The predicted time of the next iteration from the times of the finished ones (oldest first)."""
    if not durations:
        return 0.0
    last = durations[-3:]
    ratios = [b / a for a, b in zip(last, last[1:], strict=False) if a > 0]
    return durations[-1] * min(MAX_GROWTH, max([MIN_GROWTH, *ratios]))
