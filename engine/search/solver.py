"""Solving a position: its game value, the optimal moves, attractors and strategies.

The solver scores every position reachable from the root once (memoised over
positions, like :mod:`engine.search.counting`). A score is from x's point of view and
also says how fast the game ends under best play: a win is ``WIN_SCORE - plies``
(negative for o), a draw is 0. So the side that wins picks the fastest win and
the side that loses the slowest loss, which is how a strategy is chosen.

From the scores follow the course's notions (seed 003):

- the *attractor* of a player: the positions from which that player forces a
  win (finished games they have won included);
- a *winning strategy*: one move for every position of the attractor where the
  winner is to move, each keeping the game inside the attractor;
- a *drawing strategy* of a side from a drawn position: one move for every
  position it may face where it does not lose, so it never loses.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

from engine.game import Game, O, Outcome, Player, X
from engine.search.counting import Checkpoints, Progress

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

WIN_SCORE = 1000
"""Score of a finished game won by x (o: the negative). Above any game's length in plies."""


def _sign(score: int) -> Outcome:
    return (score > 0) - (score < 0)


@dataclass(frozen=True)
class Solution(Generic[S, M]):
    """The scores of every position reachable from ``root`` and what they tell."""

    game: Game[S, M]
    root: S
    scores: Mapping[S, int]
    """Every reachable position's score (x's point of view; see the module docstring)."""

    # -- values ---------------------------------------------------------------

    @property
    def value(self) -> Outcome:
        """The root's game value: +1 x forces a win, -1 o does, 0 both can hold a draw."""
        return _sign(self.scores[self.root])

    @property
    def positions(self) -> int:
        """Distinct positions reachable from the root (the root included)."""
        return len(self.scores)

    def value_of(self, state: S) -> Outcome:
        """Game value of a position reachable from the root."""
        return _sign(self.scores[state])

    def plies_to_end(self, state: S) -> int | None:
        """Plies until the game ends when both sides play the strategy moves; ``None`` for a draw."""
        score = self.scores[state]
        return WIN_SCORE - abs(score) if score else None

    @property
    def winner(self) -> Player | None:
        """The side that forces a win from the root, if any."""
        return {1: X, -1: O}.get(self.value)

    # -- moves ----------------------------------------------------------------

    def optimal_moves(self, state: S | None = None) -> list[M]:
        """Every move that keeps the position's game value (ascending)."""
        state = self.root if state is None else state
        value = self.value_of(state)
        return [m for m, child in self.game.successors(state) if _sign(self.scores[child]) == value]

    def best_move(self, state: S) -> M | None:
        """The strategy move: fastest win, else a draw, else slowest loss; first such move ascending."""
        children = self.game.successors(state)
        if not children:
            return None
        scores = self.scores
        if self.game.to_move(state) == X:
            return max(children, key=lambda mc: scores[mc[1]])[0]
        return min(children, key=lambda mc: scores[mc[1]])[0]

    # -- attractors and strategies --------------------------------------------

    def attractor(self, player: Player) -> frozenset[S]:
        """Reachable positions from which ``player`` forces a win (won finished games included)."""
        target = 1 if player == X else -1
        return frozenset(s for s, score in self.scores.items() if _sign(score) == target)

    def winning_strategy(self, player: Player | None = None) -> dict[S, M]:
        """One winning move for every unfinished attractor position of ``player`` where it is to move.

        ``player`` defaults to the root's winner; empty when that side cannot force a win.
        """
        player = self.winner if player is None else player
        if player is None:
            return {}
        return self._strategy(player, 1)

    def drawing_strategy(self, player: Player) -> dict[S, M]:
        """One move for every reachable position where ``player`` is to move and does not lose.

        Playing it, ``player`` never loses from any position of value ≥ draw for it
        (and wins, fastest, where it can).
        """
        return self._strategy(player, 0)

    def _strategy(self, player: Player, at_least: int) -> dict[S, M]:
        sign = 1 if player == X else -1
        game = self.game
        return {
            s: move
            for s, score in self.scores.items()
            if _sign(score) * sign >= at_least and game.to_move(s) == player
            and (move := self.best_move(s)) is not None  # None exactly where the game is over
        }


def solve(game: Game[S, M], state: S, *, max_positions: int | None = None,
          progress: Progress | None = None) -> Solution[S, M]:
    """Score every position reachable from ``state`` (one visit each).

    ``progress(visited)`` is called every ``engine.search.counting.PROGRESS_EVERY`` positions.

    :raises engine.search.counting.PositionLimitError: more than ``max_positions`` distinct positions
        (``None``: no limit).
    """
    successors = game.successors
    outcome = cast("Callable[[S], int]", game.outcome)  # asked only of finished games; solve() is for +1/0/-1
    to_move = game.to_move
    scores: dict[S, int] = {}
    checks = Checkpoints(max_positions, progress, lambda: game.fen(state))
    stop = checks.next

    def walk(s: S) -> int:
        nonlocal stop
        children = successors(s)
        if not children:
            score = outcome(s) * WIN_SCORE
        else:
            get = scores.get
            values = []
            for _, child in children:
                value = get(child)
                if value is None:
                    value = walk(child)
                values.append(value)
            best = max(values) if to_move(s) == X else min(values)
            score = best - (best > 0) + (best < 0)
        scores[s] = score
        if len(scores) >= stop:
            stop = checks.reached(len(scores))
        return score

    walk(state)
    return Solution(game=game, root=state, scores=scores)
