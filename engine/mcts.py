"""Monte Carlo tree search: UCT (UCB1 selection, uniformly random playouts), optionally an MCTS-solver.

Each iteration selects a path from the root by UCB1, expands one new node (a
legal move not yet tried, chosen at random), plays a uniformly random game from
it to the end and adds the outcome to every node of the path. Works for any
game of :mod:`engine.game`; a game may provide ``random_playouts(rng)``, a
function that plays such games fast (ultimate tic-tac-toe does).

The tree lives in flat lists indexed by node number (no node objects), and an
observer (:class:`engine.observer.MctsObserver`) costs nothing when absent.
Everything random comes from one ``random.Random(seed)``: the same seed and
iteration count give the same tree.

With ``solver=True`` nodes are also *proven* (MCTS-solver with exact draws): a
finished game is proven with its outcome; a node whose mover has a child proven
to be a win for them is proven won; a node whose children are all expanded and
proven takes the best of their values for its mover. Selection never enters a
child proven lost for the mover, ends on a proven node (its value is the
iteration's result), and the answer prefers a proven win and avoids proven losses.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from engine.observer import MctsObserver

Outcome = int
DEFAULT_C = math.sqrt(2)
CLOCK_EVERY = 16
"""Iterations between two looks at the clock in time-limited searches."""


@dataclass(frozen=True)
class MctsResult:
    """What a Monte Carlo tree search found; values are from x's point of view."""

    best_move: Hashable | None
    """Most-visited root move (ties: higher mean for the side to move, then the lowest move); None when over."""
    iterations: int
    value: float
    """Root mean: total of the playout results over the root's visits."""
    principal_variation: list[Hashable]
    """From the root, the best move, then each node's most-visited child, while there is one."""
    root_visits: int
    seconds: float
    proven: float | None
    """The root's value when the solver proved it, else None."""
    root_stats: list[tuple[Hashable, int, float, float | None]]
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


def mcts(game: Any, state: Hashable, *, iterations: int | None = None, seconds: float | None = None,
         c: float = DEFAULT_C, seed: int | None = None, solver: bool = False,
         observer: MctsObserver | None = None) -> MctsResult:
    """UCT from ``state`` for ``iterations`` iterations and/or ``seconds`` of wall clock (whichever ends first).

    A time-limited search always completes at least one iteration. On a finished
    game every iteration ends at the root (its outcome is the result) and there
    is no best move.

    :raises ValueError: no limit given, iterations not a positive int, seconds not a
        positive number, c negative or not finite, seed not an int.
    """
    _check_arguments(iterations, seconds, c, seed)
    started = time.perf_counter()
    search = _Search(game, state, c, random.Random(seed), solver, observer)
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
            if clock() >= deadline or (solver and search.proof[0] is not None and left is None):
                break
    return search.result(time.perf_counter() - started)


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


def generic_playouts(game: Any, rng: random.Random) -> Callable[[Hashable], Outcome]:
    """A function playing uniformly random legal moves from a state to the end, returning the outcome."""
    legal_moves, play, outcome, rand = game.legal_moves, game.play, game.outcome, rng.random

    def playout(state: Hashable) -> Outcome:
        while True:
            result = outcome(state)
            if result is not None:
                return result
            moves = legal_moves(state)
            state = play(state, moves[int(rand() * len(moves))])

    return playout


class _Search:
    """The tree, in parallel lists indexed by node number (0 is the root)."""

    def __init__(self, game: Any, state: Hashable, c: float, rng: random.Random, solver: bool,
                 observer: MctsObserver | None) -> None:
        self.game = game
        self.c = c
        self.rng = rng
        self.solver = solver
        self.observer = observer
        maker = getattr(game, "random_playouts", None)
        self.playout = maker(rng) if maker is not None else generic_playouts(game, rng)
        root_outcome = game.outcome(state)
        self.states: list[Hashable] = [state]
        self.moves: list[Hashable] = [None]
        self.visits: list[int] = [0]
        self.totals: list[float] = [0]
        """Sum of results from the view of the player who chose the node (the root: x)."""
        self.signs: list[int] = [1]
        """+1 when x chose the node (and for the root), -1 when o did: ``totals * signs`` is x's view."""
        self.x_moves: list[bool] = [game.to_move(state) == 0]
        self.children: list[list[int]] = [[]]
        self.untried: list[list[Hashable] | None] = [None]
        self.terminal: list[Outcome | None] = [root_outcome]
        self.proof: list[float | None] = [root_outcome if solver else None]
        self.order: dict[Hashable, int] = {}
        """Root moves -> their rank in the game's move order."""
        if root_outcome is None:
            self.order = {m: i for i, m in enumerate(game.legal_moves(state))}

    def run(self, count: int) -> None:
        """``count`` iterations."""
        game, rng, c2, solver, observer = self.game, self.rng, self.c * self.c, self.solver, self.observer
        states, moves, visits, totals, signs = self.states, self.moves, self.visits, self.totals, self.signs
        x_moves, children, untried = self.x_moves, self.children, self.untried
        terminal, proof = self.terminal, self.proof
        play, outcome, legal_moves, playout = game.play, game.outcome, game.legal_moves, self.playout
        rand, log, sqrt = rng.random, math.log, math.sqrt
        for _ in range(count):
            node = 0
            path = [0]
            expanded = False
            while True:
                done = terminal[node]
                if done is not None:
                    result = done
                    break
                if solver and proof[node] is not None:
                    result = proof[node]
                    break
                todo = untried[node]
                if todo is None:
                    todo = untried[node] = list(legal_moves(states[node]))
                if todo:
                    j = int(rand() * len(todo))
                    move = todo[j]
                    todo[j] = todo[-1]
                    todo.pop()
                    child_state = play(states[node], move)
                    child = len(states)
                    done = outcome(child_state)
                    states.append(child_state)
                    moves.append(move)
                    visits.append(0)
                    totals.append(0)
                    signs.append(1 if x_moves[node] else -1)
                    x_moves.append(game.to_move(child_state) == 0)
                    children.append([])
                    untried.append(None)
                    terminal.append(done)
                    proof.append(done if solver else None)
                    children[node].append(child)
                    path.append(child)
                    expanded = True
                    result = done if done is not None else playout(child_state)
                    break
                # every move tried: descend to the child with the best UCB1 score
                scale = c2 * log(visits[node])
                lost = -1 if x_moves[node] else 1
                best = -math.inf
                pick = -1
                for k in children[node]:
                    if solver and proof[k] == lost:
                        continue
                    n = visits[k]
                    score = totals[k] / n + sqrt(scale / n)
                    if score > best:
                        best, pick = score, k
                node = pick
                path.append(node)
            for k in path:
                visits[k] += 1
                totals[k] += result * signs[k]
            newly = self._prove(path) if solver and expanded else ()
            if observer is not None:
                observer.iteration([moves[k] for k in path[1:]], expanded, result, newly)

    def _prove(self, path: list[int]) -> list[tuple[int, float]]:
        """Prove what the new node at the end of ``path`` settles, upwards; ``(index, value)`` per new proof."""
        proof, children, untried, x_moves = self.proof, self.children, self.untried, self.x_moves
        newly: list[tuple[int, float]] = []
        index = len(path) - 1
        if proof[path[index]] is None:
            return newly
        newly.append((index, proof[path[index]]))  # a finished game, created now
        while index > 0:
            value = proof[path[index]]
            index -= 1
            node = path[index]
            win = 1 if x_moves[node] else -1
            if value != win:
                if untried[node]:
                    break
                values = [proof[k] for k in children[node]]
                if None in values:
                    break
                value = max(values) if win == 1 else min(values)  # type: ignore[type-var]
            proof[node] = value
            newly.append((index, value))
        return newly

    # -- the answer -------------------------------------------------------------

    def _best_child(self, node: int, rank: Callable[[Hashable], Any]) -> int | None:
        """The child to play from ``node``: most visits, then higher mean for the mover, then lowest move.

        With the solver, a child proven won for the mover comes first and one proven lost last.
        """
        kids = self.children[node]
        if not kids:
            return None
        win = 1 if self.x_moves[node] else -1

        def key(k: int) -> tuple:
            proven = self.proof[k]
            tier = 0 if proven is None else (1 if proven == win else (-1 if proven == -win else 0))
            return (-tier, -self.visits[k], -self.totals[k] / self.visits[k], rank(self.moves[k]))

        return min(kids, key=key)

    def result(self, seconds: float) -> MctsResult:
        """The answer after the iterations run so far."""
        order = self.order
        best = self._best_child(0, lambda m: order[m])
        pv: list[Hashable] = []
        node = best
        while node is not None:
            pv.append(self.moves[node])
            node = self._best_child(node, _plain_rank)
        stats = sorted(((self.moves[k], self.visits[k], self.totals[k] * self.signs[k], self.proof[k])
                        for k in self.children[0]), key=lambda s: order[s[0]])
        root_visits = self.visits[0]
        return MctsResult(
            best_move=self.moves[best] if best is not None else None,
            iterations=root_visits,
            value=self.totals[0] / root_visits if root_visits else 0.0,
            principal_variation=pv,
            root_visits=root_visits,
            seconds=seconds,
            proven=self.proof[0],
            root_stats=stats,
            nodes=len(self.states),
        )


def _plain_rank(move: Hashable) -> Any:
    """Moves below the root are ranked by their own order (ints for our games)."""
    return move
