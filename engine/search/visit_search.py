"""The node search behind the searches real engines run: fail-soft alpha-beta, optionally principal variation
search, optionally over a transposition table, every visit reported.

:class:`NodeSearch` searches a position in a window and reports each node it enters to a
:class:`engine.search.observer.VisitObserver` -- the window it was entered with, and its marks:
a null-window search (``null_window``), a re-search (``research``), a table hit (``tt_hit``,
the bound used and the node that stored it), the table's move tried first (``tt_move``).
A search that visits a position several times (a principal variation search's re-search,
MTD(f)'s passes, iterative deepening's iterations) reports every visit as its own node, so
the tree drawn is the tree of visits, the work done. The public searches are thin layers on
it: :func:`engine.search.pvs.pvs`, :func:`engine.search.mtdf.mtdf`,
:func:`engine.search.iterative_deepening.iterative_deepening` and
:func:`engine.search.table_alphabeta.table_alphabeta`.

A node's reported bound is what its children's returned values prove, as :mod:`engine.search.alphabeta` has it
(a table hit keeps the bound the table stored); the search itself -- its table entries, its best move -- goes by the
window, so the visits are those of the textbook algorithm.

Values and windows are the first player's (x's, MAX's) view, as :mod:`engine.search.alphabeta`
has them; a chance node is worth the expectation of its children searched with the full window.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from math import inf
from typing import Any, cast

from engine.game import CHANCE, FIRST, ChanceGame, Game
from engine.search.bound_table import BoundTable
from engine.search.minimax import Evaluation
from engine.search.observer import (
    ALPHA_CUT,
    BETA_CUT,
    EXACT,
    HEURISTIC,
    LOWER,
    NULL_WINDOW,
    RESEARCH,
    SEARCH_ROOT,
    TABLE,
    TERMINAL,
    TT_HIT,
    TT_MOVE,
    UPPER,
    SearchObserver,
    active,
)
from engine.search.ordering import with_ply
from engine.search.scoring import Scoring, plain
from engine.search.search_result import SearchResult

FULL_DRAFT = 1 << 30
"""The draft of a search to the end of the game (deeper than any depth limit)."""

Marks = tuple[tuple[str, object], ...]


class VisitResult(SearchResult[Any]):
    """A :class:`SearchResult` with the counts of the searches that revisit nodes: ``leaves`` (positions scored:
    finished games and depth-limited frontier nodes), ``researches``, ``passes``, ``iterations`` and ``tt_hits``."""

    __slots__ = ("leaves", "researches", "passes", "iterations", "tt_hits")

    def __init__(self, value: float, best_moves: list[Any], nodes: int, depth: int | None = None, *,
                 leaves: int = 0, researches: int = 0, passes: int = 0, iterations: int = 0,
                 tt_hits: int = 0) -> None:
        super().__init__(value, best_moves, nodes, depth, principal_variation=best_moves[:1])
        self.leaves = leaves
        self.researches = researches
        self.passes = passes
        self.iterations = iterations
        self.tt_hits = tt_hits

    def counts(self) -> dict[str, int]:
        """The counts by the names the tree's graph gives them."""
        return {"leaves": self.leaves, "researches": self.researches, "passes": self.passes,
                "iterations": self.iterations, "tt_hits": self.tt_hits}


def _key_of_state(state: Hashable) -> Hashable:
    return state


class NodeSearch:
    """Fail-soft alpha-beta (``pvs``: principal variation search) of one game, each node reported to ``observer``.

    ``table``: the transposition table it stores every inner node's result in (None: none); ``use_hits``: a node
    whose entry is deep enough and proves a value outside its window (or an exact one) is answered from it;
    ``table_moves``: the move the table kept is searched first. ``key(state)`` keys the table (default: the state).
    Counts add up over every search made with it (:attr:`nodes`, :attr:`leaves`, :attr:`researches`,
    :attr:`tt_hits`); :attr:`frontier` counts the depth-limited leaves (and table hits standing for some).
    """

    def __init__(self, game: Game, *, evaluate: Evaluation | None = None, scoring: Scoring = plain,
                 observer: SearchObserver | None = None, order: Callable[..., Sequence[Any]] | None = None,
                 key: Callable[[Any], Hashable] | None = None, table: BoundTable | None = None,
                 use_hits: bool = False, table_moves: bool = False, pvs: bool = False) -> None:
        self.game = game
        self.evaluate = evaluate
        self.scoring = scoring
        self.obs: Any = active(observer)
        if self.obs is not None and not hasattr(self.obs, "mark"):
            raise TypeError("this search reports marks: its observer needs a mark(mark, detail) method")
        self.reorder = with_ply(order)
        self.key = key or _key_of_state
        self.table = table
        self.use_hits = use_hits and table is not None
        self.table_moves = table_moves and table is not None
        self.pvs = pvs
        self.nodes = 0
        self.leaves = 0
        self.researches = 0
        self.tt_hits = 0
        self.frontier = 0
        self.limit = -1
        self.offset = 0
        self.root_best: list[Any] = []
        self.root_move: Any = None
        """The root's best move in the last root search, whatever its bound (None: the root was a table hit)."""

    # -- a whole search made of several root searches ------------------------------------------------------------

    def enter_search(self, state: Hashable, name: str) -> None:
        """Report the node standing for a whole search of ``state`` made of several root searches (MTD(f)'s
        passes, iterative deepening's iterations); the root searches that follow are its children."""
        self.nodes += 1
        if self.obs is not None:
            self.obs.enter(state, None, 0, -inf, inf)
            self.obs.mark(SEARCH_ROOT, name)

    def leave_search(self, value: float, bound: str = EXACT) -> None:
        """Report the end of the whole search begun by :meth:`enter_search`."""
        if self.obs is not None:
            self.obs.leave(value, bound)

    # -- one root search -----------------------------------------------------------------------------------------

    def search(self, state: Hashable, alpha: float = -inf, beta: float = inf, *, depth: int | None = None,
               below: bool = False, marks: Marks = ()) -> float:
        """The value of ``state`` in the window (``alpha``, ``beta``), searched ``depth`` plies (None: to the end);
        ``below``: its root is reported one level under the node of :meth:`enter_search`, with ``marks``.
        :attr:`root_best` holds the root move that gave the value (empty when the value is a bound or the root
        was answered from the table)."""
        if depth is not None and depth >= 0 and self.evaluate is None:
            raise ValueError("a depth limit needs an evaluation function for the frontier")
        self.limit = -1 if depth is None else depth
        self.offset = 1 if below else 0
        self.root_best = []
        self.root_move = None
        node, done = self._node_search()
        try:
            return node(state, None, 0, alpha, beta, marks)
        finally:
            done()
            node = None  # type: ignore[assignment]  # it refers to itself through its closure: free it now

    def _node_search(self) -> tuple[Callable[[Any, Any, int, float, float, Marks], float], Callable[[], None]]:
        """The recursive search of one root search, as a closure over everything it reads and counts (no attribute
        look-ups on the hot path), and the function that adds its counts to this object's when it is done."""
        game = self.game
        legal_moves, play, outcome, to_move = game.legal_moves, game.play, game.outcome, game.to_move
        evaluate, scoring, is_plain = self.evaluate, self.scoring, self.scoring is plain
        obs = self.obs
        limit, offset = self.limit, self.offset
        table = self.table
        get_entry = table.entries.get if table is not None else None
        store = table.store if table is not None else None
        key_of = self.key
        use_hits, table_moves, pvs = self.use_hits, self.table_moves, self.pvs
        reorder = self.reorder
        me = self
        nodes, leaves, frontier_count, tt_hits, researches = (self.nodes, self.leaves, self.frontier, self.tt_hits,
                                                              self.researches)
        null_marks: Marks = ((NULL_WINDOW, None),)
        first_table_move: Marks = ((TT_MOVE, None),)
        returned = EXACT  # the bound (x's view) of the value the last node() returned, when observed

        def done() -> None:
            me.nodes, me.leaves, me.frontier, me.tt_hits, me.researches = (nodes, leaves, frontier_count, tt_hits,
                                                                           researches)

        def node(s: Any, move: Any, ply: int, alpha: float, beta: float, marks: Marks) -> float:
            nonlocal nodes, leaves, frontier_count, tt_hits, researches, returned
            visit = nodes
            nodes = visit + 1
            if obs is not None:
                obs.enter(s, move, ply + offset, alpha, beta)
                for mark, detail in marks:
                    obs.mark(mark, detail)
            if ply == limit or not (moves := legal_moves(s)):
                result = outcome(s)
                if result is None:  # the depth limit, in an unfinished game
                    frontier_count += 1
                    value, kind = evaluate(s), HEURISTIC  # type: ignore[misc]  # search() checked it is there
                else:
                    value, kind = (result if is_plain else scoring(result, s, game)), TERMINAL
                leaves += 1
                if obs is not None:
                    obs.leaf(kind)
                    obs.leave(value, EXACT)
                    returned = EXACT
                return value
            mover = to_move(s)
            if mover == CHANCE:
                total = 0.0
                for m, p in cast("ChanceGame", game).chance_outcomes(s):
                    total += p * node(play(s, m), m, ply + 1, -inf, inf, ())
                if obs is not None:
                    obs.leave(total, EXACT)
                    returned = EXACT
                return total
            draft = limit - ply if limit >= 0 else FULL_DRAFT
            table_move = None
            key = None
            if get_entry is not None:
                key = key_of(s)
                entry = get_entry(key)
                if entry is not None:
                    if use_hits and entry[0] >= draft:
                        lower, upper = entry[1], entry[2]
                        hit: tuple[float, str] | None = None
                        if lower == upper:
                            hit = (lower, EXACT)
                        elif lower >= beta:
                            hit = (lower, LOWER)
                        elif upper <= alpha:
                            hit = (upper, UPPER)
                        if hit is not None:
                            tt_hits += 1
                            if entry[0] < FULL_DRAFT:
                                frontier_count += 1  # it stands for a depth-limited search
                            if obs is not None:
                                obs.mark(TT_HIT, (hit[0], hit[1], entry[4]))
                                obs.leaf(TABLE)
                                obs.leave(hit[0], hit[1])
                                returned = hit[1]  # the bound the table stored
                            return hit[0]
                    if table_moves:
                        table_move = entry[3]
            if reorder is not None:
                moves = reorder(s, moves, ply)
            first_marks: Marks = ()
            if table_move is not None and table_move in moves:
                if moves[0] != table_move:
                    moves = [table_move, *(m for m in moves if m != table_move)]
                first_marks = first_table_move
            color = 1 if mover == FIRST else -1
            a, b = (alpha, beta) if color == 1 else (-beta, -alpha)  # the mover's window
            a0 = a
            best = -inf
            best_move = None
            frontier = frontier_count
            # What the children's returned values prove (only when observed), as alphabeta has it: the node is worth
            # at least `low` and at most `high` in the mover's view; a move not searched proves no high end.
            low = high = -inf
            mover_lower = LOWER if color == 1 else UPPER
            mover_upper = UPPER if color == 1 else LOWER
            for i, m in enumerate(moves):
                child = play(s, m)
                if pvs and i:
                    # A null window: only "is this move better than the best so far?"
                    scout = nodes
                    if color == 1:
                        value = node(child, m, ply + 1, a, a + 1, null_marks)
                    else:
                        value = -node(child, m, ply + 1, -a - 1, -a, null_marks)
                    if a + 1 <= value < b:  # better, by how much the null window cannot tell: search it again
                        researches += 1
                        again: Marks = ((RESEARCH, scout),)
                        value = node(child, m, ply + 1, a, b, again) if color == 1 else \
                            -node(child, m, ply + 1, -b, -a, again)
                elif color == 1:
                    value = node(child, m, ply + 1, a, b, first_marks if i == 0 else ())
                else:
                    value = -node(child, m, ply + 1, -b, -a, first_marks if i == 0 else ())
                if obs is not None:  # `returned` is the bound of the last visit, the one whose value is kept
                    if returned != mover_upper and value > low:
                        low = value
                    high = max(high, value) if returned != mover_lower else inf
                if value > best:
                    best = value
                    best_move = m
                    if value > a:
                        a = value
                        if a >= b:
                            if obs is not None and i + 1 < len(moves):
                                obs.cutoff(BETA_CUT if color == 1 else ALPHA_CUT, color * best, color * b,
                                           moves[i + 1:])
                                high = inf
                            break
            if best >= b:
                bound = LOWER if color == 1 else UPPER
            elif best <= a0:
                bound = UPPER if color == 1 else LOWER
            else:
                bound = EXACT
            if ply == 0:
                me.root_move = best_move
                if bound == EXACT:
                    me.root_best = [best_move]
            value = color * best
            if store is not None:
                # A subtree that met no depth-limited leaf proved the game's own value: good at any depth.
                store(key, draft if frontier_count > frontier else FULL_DRAFT, value, bound, best_move, visit)
            if obs is not None:
                # The search (its table, its best move) goes by the window; the figure by what the children proved.
                if low == best == high:
                    shown = EXACT
                elif low == best:
                    shown = mover_lower
                elif high == best:
                    shown = mover_upper
                else:  # not reached by a fail-soft search (a test holds it); the window's bound as a fallback
                    shown = bound
                obs.leave(value, shown)
                returned = shown
            return value

        return node, done

    def result(self, value: float, best_moves: list[Any], depth: int | None, *, passes: int = 0,
               iterations: int = 0) -> VisitResult:
        """The answer of the searches made so far, with their counts."""
        return VisitResult(value, best_moves, self.nodes, depth, leaves=self.leaves, researches=self.researches,
                           passes=passes, iterations=iterations, tt_hits=self.tt_hits)


__all__ = ["FULL_DRAFT", "NodeSearch", "VisitResult"]
