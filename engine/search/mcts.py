"""Monte Carlo tree search: UCT (UCB1 selection, uniformly random playouts), optionally an MCTS-solver.

Each iteration selects a path from the root by UCB1, expands one new node (a
legal move not yet tried, chosen at random), plays a uniformly random game from
it to the end and adds the outcome to every node of the path. Works for any
game of :mod:`engine.game`: at a chance node, selection, expansion and playouts
draw the event by the game's probabilities instead. A game may provide ``random_playouts(rng)``, a
function that plays such games fast from a state and returns the outcome (the
state's own for a finished game); ultimate tic-tac-toe does
(:mod:`engine.games.ultimate_playout`), others get :func:`generic_playouts`.

Speed, measured by ``scripts/bench_mcts.py``: the tree lives in flat lists
indexed by node number (no node objects), a node's children in its own short
lists; a new leaf is only an entry in its parent's lists until selection enters
it again; UCB1 reads 1/n, 1/sqrt(n) and c*sqrt(ln N) from tables; nodes with many
children select through a ranking that picks exactly what a full scan picks
(:meth:`_Search._rank`); garbage collection is off during a search (the tree has
no cycles); an observer (:class:`engine.search.observer.MctsObserver`) costs nothing
when absent. Everything random comes from one ``random.Random(seed)``: the same
seed and iteration count give the same tree.

With ``solver=True`` nodes are also *proven* (MCTS-solver with exact draws): a
finished game is proven with its outcome; a node whose mover has a child proven
to be a win for them is proven won; a node whose children are all expanded and
proven takes the best of their values for its mover. Selection never enters a
child proven lost for the mover, ends on a proven node (its value is the
iteration's result), and the answer prefers a proven win and avoids proven losses.
A win is the best outcome the game has (the top of its ``outcome_range``, +1 by
default) and a loss the worst; a chance node is proven when all its events are,
with the expectation of their values.
"""

from __future__ import annotations

import gc
import math
import random
import time
from bisect import bisect_left, bisect_right, insort
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from engine.errors import GameTooLongError, ParameterError
from engine.game import CHANCE, MAX_GAME_LENGTH, SECOND, ChanceGame, Game
from engine.search.deadline import bot_deadline as timed_deadline  # noqa: F401 - the timed players' one rule
from engine.search.observer import MctsObserver

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

Outcome = float
DEFAULT_C = math.sqrt(2)
CLOCK_EVERY = 16
"""Iterations between two looks at the clock in time-limited searches."""
CLEANUP_PER_NODE = 1.5e-6
"""Seconds per expanded node that building the answer and freeing the tree take after a timed search
(measured: 8-20 ms for 13,000 nodes after 0.28 s), kept back from the deadline so that the answer is on time."""
WIDE = 16
"""Nodes with this many children select through a ranking (:meth:`_Search._rank`) rather than a full scan."""
REBASE = 0.005
"""A ranking is rebuilt when the margin it has to allow for (see :meth:`_Search._rank`) exceeds this."""
EPSILON = 1e-9
"""Allowance for rounding when comparing a ranking's keys with exact scores."""


@dataclass(frozen=True)
class MctsResult(Generic[M]):
    """What a Monte Carlo tree search found; values are from the first player's point of view (x's)."""

    best_move: M | None
    """Most-visited root move (ties: higher mean for the side to move, then the game's order); None when the
    game is over or the root is a chance node."""
    iterations: int
    value: float
    """Root mean: total of the playout results over the root's visits."""
    principal_variation: list[M]
    """From the root, the best move, then each node's most-visited child, while there is one."""
    root_visits: int
    seconds: float
    proven: float | None
    """The root's value when the solver proved it, else None."""
    root_stats: list[tuple[M, int, float, float | None]]
    """``(move, visits, total_x, proven value or None)`` per expanded root child, in the game's move order."""
    nodes: int = 0
    """Nodes in the tree, root included."""


def ucb(total_x: float, visits: int, parent_visits: int, c: float, mover_is_x: bool) -> float:
    """UCB1 score of a child as the side choosing it sees it: its mean for that side + c * sqrt(ln N / n).

    An unvisited child scores infinity (it is tried first).
    """
    if visits <= 0:
        return math.inf
    mean = total_x / visits if mover_is_x else -total_x / visits
    return mean + c * math.sqrt(math.log(parent_visits) / visits)


def mcts(game: Game[S, M], state: S, *, iterations: int | None = None, seconds: float | None = None,
         c: float = DEFAULT_C, seed: int | None = None, solver: bool = False,
         observer: MctsObserver | None = None, max_game_length: int = MAX_GAME_LENGTH) -> MctsResult[M]:
    """UCT from ``state`` for ``iterations`` iterations and/or ``seconds`` of wall clock (whichever ends first).

    A time-limited search always completes at least one iteration, and stops early enough that building
    the answer and freeing the tree fit in ``seconds`` too (:data:`CLEANUP_PER_NODE`). On a finished
    game every iteration ends at the root (its outcome is the result) and there
    is no best move. ``c`` is for outcomes from -1 to +1: a game declaring another ``outcome_range``
    gets it scaled by half the range's width (a textbook tree with leaves 2..14: ``6 c``).

    :raises ValueError: also, with the solver, a finished game outside the game's declared ``outcome_range``.
    :raises engine.errors.GameTooLongError: a playout past ``max_game_length`` moves (a game that never ends).

    :raises ValueError: no limit given, iterations not a positive int, seconds not a
        positive number, c negative or not finite, seed not an int.
    """
    _check_arguments(iterations, seconds, c, seed)
    if isinstance(max_game_length, bool) or not isinstance(max_game_length, int) or max_game_length < 1:
        raise ParameterError("{max_game_length} must be a whole number of moves, 1 or more",
                             max_game_length=max_game_length)
    started = time.perf_counter()
    collecting = gc.isenabled()
    gc.disable()  # the tree has no cycles; collections would walk all of it again and again
    try:
        search: _Search[S, M] = _Search(game, state, c, random.Random(seed), solver, observer, max_game_length)
        if seconds is None:
            assert iterations is not None
            search.run(iterations)
        else:
            deadline = started + seconds
            clock = time.perf_counter
            left = iterations
            while left is None or left > 0:
                batch = CLOCK_EVERY if left is None else min(CLOCK_EVERY, left)
                search.run(batch)
                if left is not None:
                    left -= batch
                # stop early enough to build the answer and free the tree before the deadline too
                if (clock() >= deadline - len(search.signs) * CLEANUP_PER_NODE
                        or (solver and search.proof[0] is not None and left is None)):
                    break
        return search.result(time.perf_counter() - started)
    finally:
        if collecting:
            gc.enable()


def _check_arguments(iterations: object, seconds: object, c: object, seed: object) -> None:
    """Raise ValueError naming the first bad search argument."""
    if iterations is None and seconds is None:
        raise ValueError("give a number of iterations or of seconds for the search")
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int):
            raise ValueError(f"iterations must be a whole number, not {iterations!r}")
        if iterations <= 0:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, int | float):
            raise ValueError(f"seconds must be a number, not {seconds!r}")
        if not (math.isfinite(seconds) and seconds > 0):
            raise ValueError(f"seconds must be more than 0, not {seconds}")
    if isinstance(c, bool) or not isinstance(c, int | float):
        raise ValueError(f"the exploration constant c must be a number, not {c!r}")
    if not math.isfinite(c) or c < 0:
        raise ValueError(f"the exploration constant c must be 0 or more, not {c}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"seed must be a whole number, not {seed!r}")


_TABLES: dict[float, tuple[list[float], list[float], list[float]]] = {}


def _tables(c: float) -> tuple[list[float], list[float], list[float]]:
    """The (growing) tables of 1/n, 1/sqrt(n) and c*sqrt(ln n) for exploration constant ``c``."""
    if c not in _TABLES:
        if len(_TABLES) > 8:
            _TABLES.clear()
        _TABLES[c] = ([0.0], [0.0], [0.0])
    return _TABLES[c]


def generic_playouts(game: Game, rng: random.Random,
                     max_game_length: int = MAX_GAME_LENGTH) -> Callable[[Hashable], Outcome]:
    """A function playing uniformly random legal moves from a state to the end, returning the outcome.

    Chance events are drawn by their probabilities (games declaring ``alternating = True`` have none). A playout
    longer than ``max_game_length`` moves raises :class:`engine.errors.GameTooLongError` (a game that never ends).
    """
    legal_moves, play, outcome, rand = game.legal_moves, game.play, game.outcome, rng.random
    plies = range(max_game_length)

    def too_long(start: Hashable, state: Hashable) -> Outcome:
        result = outcome(state)
        if result is None:
            raise GameTooLongError("a random playout", game.fen(start), max_game_length)
        return result

    if not getattr(game, "alternating", False):
        to_move = game.to_move
        chance_outcomes: Callable[[Hashable], Any] | None = getattr(game, "chance_outcomes", None)

        def chance_playout(state: Hashable) -> Outcome:
            start = state
            for _ in plies:
                result = outcome(state)
                if result is not None:
                    return result
                if to_move(state) == CHANCE:
                    assert chance_outcomes is not None, "a game with chance nodes has chance_outcomes"
                    state = play(state, _draw(chance_outcomes(state), rand()))
                else:
                    moves = legal_moves(state)
                    state = play(state, moves[int(rand() * len(moves))])
            return too_long(start, state)

        return chance_playout

    def playout(state: Hashable) -> Outcome:
        start = state
        for _ in plies:
            result = outcome(state)
            if result is not None:
                return result
            moves = legal_moves(state)
            state = play(state, moves[int(rand() * len(moves))])
        return too_long(start, state)

    return playout


def _draw(events: Any, r: float) -> Hashable:
    """The event that ``r`` (uniform in [0, 1)) picks from ``(event, probability)`` pairs."""
    total = 0.0
    last = None
    for event, probability in events:
        total += probability
        last = event
        if r < total:
            return event
    return last  # rounding left r above the sum


class _Search(Generic[S, M]):
    """The tree in parallel lists indexed by node number (0 is the root).

    A node lists its children in its own lists (``kid_moves``, ``kids``, ``visits``,
    ``totals``), so selection walks two short lists with ``zip``; a child's total
    is from the view of the side choosing it (the node's mover), so UCB1 needs no
    sign. A new child is only an entry in its parent's lists (``kids`` holds -1)
    until selection enters it again: most leaves never are, and cost no node of
    their own. The root's own visits and total (x's view) are kept apart.
    """

    def __init__(self, game: Game[S, M], state: S, c: float, rng: random.Random, solver: bool,
                 observer: MctsObserver | None, max_game_length: int = MAX_GAME_LENGTH) -> None:
        self.game = game
        self.best_outcome: dict[float, float]
        """A node's sign -> the outcome that is a win for its mover (the solver's proof of a won node)."""
        bounds = getattr(game, "outcome_range", None)
        if bounds is None:  # unknown: a node is proven only with all its children, and c is taken as given
            self.best_outcome = {1.0: math.inf, -1.0: -math.inf}
        else:
            low, high = bounds
            self.best_outcome = {1.0: high, -1.0: low}
            c = c * (high - low) / 2  # exploration on the scale of the game's outcomes (x1 for -1..+1)
        self.bounds = bounds
        self.c = c
        self.rng = rng
        self.solver = solver
        self.observer = observer
        maker = getattr(game, "random_playouts", None)
        self.playout = maker(rng) if maker is not None else generic_playouts(game, rng, max_game_length)
        self.states: list[S] = []
        self.untried: list[list[M]] = []
        """Legal moves not yet tried (empty for a finished game)."""
        self.kid_moves: list[list[M]] = []
        self.kids: list[list[int]] = []
        """``kids[node][j]``: the node number of the j-th child, -1 while it has none (a leaf)."""
        self.visits: list[list[int]] = []
        """``visits[node][j]``: visits of the node's j-th child."""
        self.totals: list[list[float]] = []
        """``totals[node][j]``: sum of the j-th child's results from the view of the node's mover."""
        self.signs: list[float] = []
        """+1.0 when x (the first player) moves at the node, -1.0 when o does, +1.0 at chance nodes."""
        self.events: list[tuple[list[M], list[float], dict[M, int]] | None] = []
        """At a chance node: its events, their cumulative probabilities, and event -> slot in the node's
        lists once expanded; None at other nodes."""
        self.ranking: list[list | None] = []
        """Per node with at least ``WIDE`` children, once selection reaches it: see :meth:`_rank`."""
        self.proof: list[float | None] = []
        """With the solver: the node's proven value (x's view) or None."""
        self.excluded: list[int] = []
        """With the solver: how many of the node's children are proven lost for its mover (never selected)."""
        self.allocate(state)
        self.root_visits = 0
        self.root_total = 0.0
        """x's view."""
        self.inverse, self.inverse_root, self.exploration = _tables(c)
        """``inverse[n] = 1 / n``, ``inverse_root[n] = 1 / sqrt(n)``, ``exploration[N] = c * sqrt(ln N)``:
        UCB1's bonus is ``exploration[N] * inverse_root[n]``, and selection makes no call."""
        self.order: dict[M, int] = {m: i for i, m in enumerate(self.untried[0])}
        """Root moves -> their rank in the game's move order."""

    def allocate(self, state: S) -> int:
        """A node of its own for ``state``; its number."""
        node = len(self.states)
        self.states.append(state)
        self.untried.append(list(self.game.legal_moves(state)))
        self.kid_moves.append([])
        self.kids.append([])
        self.visits.append([])
        self.totals.append([])
        mover = self.game.to_move(state)
        self.signs.append(-1.0 if mover == SECOND else 1.0)
        if mover == CHANCE and self.untried[node]:
            events = cast("ChanceGame[S, M]", self.game).chance_outcomes(state)
            cumulative, total = [], 0.0
            for _, probability in events:
                total += probability
                cumulative.append(total)
            self.events.append(([e for e, _ in events], cumulative, {}))
            never = {e for e, probability in events if probability <= 0}
            if never:  # never drawn, so never waited for by the solver either
                self.untried[node] = [m for m in self.untried[node] if m not in never]
        else:
            self.events.append(None)
        self.ranking.append(None)
        if self.solver:
            result = self.game.outcome(state)
            if result is not None and self.bounds is not None and not self.bounds[0] <= result <= self.bounds[1]:
                raise ValueError(f"{self.game.name} declares its outcomes within {tuple(self.bounds)}, but one is "
                                 f"{result}: the solver's proofs would be wrong")
            self.proof.append(result)
            self.excluded.append(0)
        return node

    def _grow_tables(self, size: int) -> None:
        """Extend the tables to cover visit counts below ``size`` (they are shared by searches with the same c)."""
        have = len(self.inverse)
        if have >= size:
            return
        size = max(size, 2 * have)
        c, log, sqrt = self.c, math.log, math.sqrt
        self.inverse.extend([1.0 / n for n in range(have, size)])
        self.inverse_root.extend([1.0 / sqrt(n) for n in range(have, size)])
        self.exploration.extend([c * sqrt(log(n)) for n in range(have, size)])

    def run(self, count: int) -> None:
        """``count`` iterations."""
        self._grow_tables(self.root_visits + count + 2)
        game, rng, solver, observer, allocate = self.game, self.rng, self.solver, self.observer, self.allocate
        states, untried, kid_moves, kids = self.states, self.untried, self.kid_moves, self.kids
        visits, totals, signs, ranking, proof = self.visits, self.totals, self.signs, self.ranking, self.proof
        excluded, chances = self.excluded, self.events
        inverse, inverse_root, exploration = self.inverse, self.inverse_root, self.exploration
        play, playout, rand = game.play, self.playout, rng.random
        outcome = cast("Callable[[S], Outcome]", game.outcome)  # asked only of finished games
        root_total = self.root_total
        root_visits = self.root_visits
        lowest = -math.inf
        for done in range(count):
            if solver and proof[0] is not None and observer is None:
                # the root is proven: every iteration left would end at once with its value
                left = count - done
                root_visits += left
                root_total += left * proof[0]
                break
            node = 0
            seen = root_visits
            path: list[int] = []
            """The nodes that chose a child, root first; ``slots``: which child."""
            slots: list[int] = []
            expanded = False
            while True:
                if solver and (proven := proof[node]) is not None:
                    result = proven
                    break
                todo = untried[node]
                events = chances[node]
                if events is None:
                    new = bool(todo)
                    if new:
                        move = todo.pop(int(rand() * len(todo)))
                else:  # a chance node: the event drawn by its probability, new or seen before
                    move = events[0][min(bisect_right(events[1], rand() * events[1][-1]), len(events[0]) - 1)]
                    j = events[2].get(move, -1)
                    new = j < 0
                    if new:
                        todo.remove(move)
                        events[2][move] = len(kid_moves[node])
                if new:  # a move never tried: a new leaf, and a random game from it
                    child_state = play(states[node], move)
                    path.append(node)
                    slots.append(len(kid_moves[node]))
                    kid_moves[node].append(move)
                    visits[node].append(0)
                    totals[node].append(0.0)
                    expanded = True
                    if solver:
                        child = allocate(child_state)
                        kids[node].append(child)
                        proven = proof[child]  # the outcome of a finished game, else None
                        result = playout(child_state) if proven is None else proven
                    else:
                        kids[node].append(-1)
                        result = playout(child_state)  # the outcome itself when the game is over
                    break
                counts = visits[node]
                if events is None:
                    if not counts:  # the game is over here
                        result = outcome(states[node])
                        break
                    # every move tried: descend to the child with the best UCB1 score
                    bonus = exploration[seen]
                    if len(counts) < WIDE:
                        if solver and excluded[node]:
                            j = self._select_proving(node, bonus)
                        else:  # a plain scan (a loop costs less than a list and max())
                            best = lowest
                            j = k = 0
                            for w, n in zip(totals[node], counts, strict=False):
                                score = w * inverse[n] + bonus * inverse_root[n]
                                if score > best:
                                    best, j = score, k
                                k += 1
                    else:
                        ranks = ranking[node]
                        if ranks is None or (bonus - ranks[2]) * ranks[3] > REBASE:
                            ranks = ranking[node] = self._rank(node, bonus)
                        # exact UCB1 scores, best first, until no other child can reach the best (see _rank)
                        delta = (bonus - ranks[2]) * ranks[3] + EPSILON
                        tally = totals[node]
                        best = lowest
                        limit = -lowest
                        j = -1
                        for key, k in ranks[0]:
                            if key > limit:
                                break
                            n = counts[k]
                            score = tally[k] * inverse[n] + bonus * inverse_root[n]
                            if score > best:
                                best, j, limit = score, k, delta - score
                            elif score == best and k < j:
                                j = k
                seen = counts[j]
                path.append(node)
                slots.append(j)
                child = kids[node][j]
                if child < 0:  # a leaf entered again: it gets a node of its own
                    child = kids[node][j] = allocate(play(states[node], kid_moves[node][j]))
                node = child
            root_visits += 1
            root_total += result
            for node, j in zip(path, slots, strict=True):
                visits[node][j] += 1
                totals[node][j] += result * signs[node]
                ranks = ranking[node]
                if ranks is not None:  # the child's key in its parent's ranking, at the ranking's bonus
                    ordered, entries = ranks[0], ranks[1]
                    del ordered[bisect_left(ordered, entries[j])]
                    n = visits[node][j]
                    entry = entries[j] = (-(totals[node][j] * inverse[n] + ranks[2] * inverse_root[n]), j)
                    insort(ordered, entry)
            if observer is not None or solver:
                self.root_visits, self.root_total = root_visits, root_total
                newly = self._prove(path, slots) if solver and expanded else ()
                if observer is not None:
                    observer.iteration([kid_moves[k][j] for k, j in zip(path, slots, strict=True)], expanded,
                                       result, newly)
        self.root_visits, self.root_total = root_visits, root_total

    def _rank(self, node: int, bonus: float) -> list:
        """A node's children ranked by UCB1 score at ``bonus``: ``[sorted (-score, j), entries by j, bonus, spread]``.

        A child's score is ``mean + bonus * s`` with ``s = 1 / sqrt(visits)``. Until its
        next visit a child's score at a later bonus ``B`` is its key plus ``(B - bonus) * s``,
        at most ``(B - bonus) * spread`` more (``spread``: the largest ``s`` now; visits only
        lower it); a visited child is re-keyed at once. So walking the ranking best first,
        a child whose key plus that margin is below the best exact score found cannot win,
        nor can any after it: selection computes a few scores instead of all, and picks
        exactly the child a full scan picks (ties to the lowest index included).
        """
        inverse, inverse_root = self.inverse, self.inverse_root
        entries = [(-(w * inverse[n] + bonus * inverse_root[n]), j)
                   for j, (w, n) in enumerate(zip(self.totals[node], self.visits[node], strict=True))]
        ordered = entries
        if self.solver and self.excluded[node]:  # children proven lost for the mover are left out
            lost, proof, kids = self.best_outcome[-self.signs[node]], self.proof, self.kids[node]
            ordered = [e for e in entries if proof[kids[e[1]]] != lost]
        return [sorted(ordered), entries, bonus, inverse_root[min(self.visits[node])]]

    def _select_proving(self, node: int, bonus: float) -> int:
        """UCB1 selection that never enters a child proven lost for the node's mover."""
        lost = self.best_outcome[-self.signs[node]]
        proof, inverse, inverse_root = self.proof, self.inverse, self.inverse_root
        best = -math.inf
        pick = -1
        for j, (k, w, n) in enumerate(zip(self.kids[node], self.totals[node], self.visits[node], strict=True)):
            if proof[k] == lost:
                continue
            score = w * inverse[n] + bonus * inverse_root[n]
            if score > best:
                best, pick = score, j
        return pick

    def _exclude(self, node: int, j: int) -> None:
        """Leave the node's j-th child, proven lost for the node's mover, out of its selection."""
        self.excluded[node] += 1
        ranks = self.ranking[node]
        if ranks is not None:
            ordered, entry = ranks[0], ranks[1][j]
            index = bisect_left(ordered, entry)
            if index < len(ordered) and ordered[index] == entry:
                del ordered[index]

    def _prove(self, path: list[int], slots: list[int]) -> list[tuple[int, float]]:
        """Prove what the new node at the end of the path settles, upwards; ``(index, value)`` per new proof.

        Index ``i`` is the node reached after ``i`` moves of the path (0: the root).
        """
        proof, kids, untried, signs, events = self.proof, self.kids, self.untried, self.signs, self.events
        newly: list[tuple[int, float]] = []
        index = len(path)
        value = proof[kids[path[-1]][slots[-1]]]
        if value is None:
            return newly
        newly.append((index, value))  # a finished game, created now
        while index > 0:
            index -= 1
            node = path[index]
            chance = events[node]
            if chance is not None:  # proven when every event is, with their expectation (in the game's order)
                if untried[node]:
                    break
                values = [proof[kids[node][chance[2][e]]] for e in chance[0] if e in chance[2]]
                if None in values:
                    break
                known = iter(cast("list[float]", values))  # the same nodes' values, none of them None
                probabilities = [b - a for a, b in zip([0.0, *chance[1]], chance[1], strict=False)]
                value = 0.0
                for e, p in zip(chance[0], probabilities, strict=True):
                    if e in chance[2]:
                        value += p * next(known)
            else:
                win = self.best_outcome[signs[node]]
                if value == self.best_outcome[-signs[node]]:  # lost for this node's mover: never select it again
                    self._exclude(node, slots[index])
                if value != win:
                    if untried[node]:
                        break
                    values = [proof[k] for k in kids[node]]
                    if None in values:
                        break
                    proven_values = cast("list[float]", values)
                    value = max(proven_values) if signs[node] == 1 else min(proven_values)
            proof[node] = value
            newly.append((index, value))
        return newly

    # -- the answer -------------------------------------------------------------

    def move_order(self, node: int) -> list[M]:
        """The node's moves in the game's order (ties between children go to the earlier)."""
        return list(self.game.legal_moves(self.states[node]))

    def _best_child(self, node: int, rank: Callable[[M], Any]) -> int | None:
        """Index (in the node's lists) of the child to play: most visits, higher mean for the mover, lowest move.

        With the solver, a child proven won for the mover comes first and one proven lost last.
        """
        kids = self.kids[node]
        if not kids:
            return None
        win, loss = self.best_outcome[self.signs[node]], self.best_outcome[-self.signs[node]]
        visits, totals, moves = self.visits[node], self.totals[node], self.kid_moves[node]

        def key(j: int) -> tuple:
            proven = self.proof[kids[j]] if self.solver else None
            tier = 0 if proven is None else (1 if proven == win else (-1 if proven == loss else 0))
            return (-tier, -visits[j], -totals[j] / visits[j], rank(moves[j]))

        return min(range(len(kids)), key=key)

    def result(self, seconds: float) -> MctsResult[M]:
        """The answer after the iterations run so far."""
        order = self.order
        pv: list[M] = []
        node = 0
        rank: Callable[[M], Any] = order.__getitem__
        while node >= 0 and self.events[node] is None:  # no one chooses at a chance node
            j = self._best_child(node, rank)
            if j is None:
                break
            pv.append(self.kid_moves[node][j])
            node = self.kids[node][j]
            if node >= 0:
                rank = {m: i for i, m in enumerate(self.move_order(node))}.__getitem__
        sign = self.signs[0]
        proof = self.proof if self.solver else None
        stats = sorted(((m, n, w * sign, proof[k] if proof is not None else None)
                        for m, k, n, w in zip(self.kid_moves[0], self.kids[0], self.visits[0], self.totals[0],
                                              strict=True)),
                       key=lambda s: order[s[0]])
        return MctsResult(
            best_move=pv[0] if pv else None,
            iterations=self.root_visits,
            value=self.root_total / self.root_visits if self.root_visits else 0.0,
            principal_variation=pv,
            root_visits=self.root_visits,
            seconds=seconds,
            proven=self.proof[0] if self.solver else None,
            root_stats=stats,
            nodes=1 + sum(len(k) for k in self.kids),
        )

