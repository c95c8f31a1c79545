"""A paired match between two players, played until a sequential probability ratio test decides.

The match is a two-player championship (:class:`engine.arena.championship.Plan`) with one
round per *pair*: each round's random opening is played twice, the first player
at home (x) in the odd-numbered game and away in the even one. So the games, their
records (:mod:`engine.arena.records`, which make a match resumable), the runners
(a local pool, :mod:`engine.arena.ray_backend`) and the player specs are the
championship's own; this module adds the order of play, the pentanomial count of
the finished pairs (:mod:`engine.arena.sprt`) and the stop: after every game the
test looks at the pairs both of whose games are finished, and the match ends when
it says H1 or H0, or when ``max_pairs`` pairs are done (no decision). Games still
being played when the test decides are abandoned (their pairs would not change
the verdict the test has reached; a game that ends on the board counts as it
ended, a forfeit as a loss of the side that forfeited).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from engine.arena.championship import GameResult, GameTask, Plan
from engine.arena.sprt import Estimate, Pentanomial, Sprt, estimate


def match_plan(players: Sequence[str], names: Sequence[str], limit: float, max_pairs: int, openings: int,
               seed: int) -> Plan:
    """The championship plan of a paired match: two players, ``max_pairs`` rounds of two games each."""
    if len(players) != 2 or len(names) != 2:
        raise ValueError("a paired match is between two players")
    if max_pairs < 1:
        raise ValueError(f"a paired match needs at least one pair, not {max_pairs}")
    return Plan(tuple(players), tuple(names), limit, max_pairs, openings, seed)


def game_score(game: GameResult, name: str) -> float:
    """``name``'s score in one game: 1 a win, 1/2 a draw, 0 a loss or a forfeit."""
    if game.winner is None:
        return 0.5
    return 1.0 if (game.x if game.winner == "x" else game.o) == name else 0.0


def pair_points(games: Iterable[GameResult], name: str) -> dict[int, float]:
    """``name``'s points in every round both of whose games are among ``games`` (round -> 0..2)."""
    rounds: dict[int, list[GameResult]] = {}
    for game in games:
        rounds.setdefault(game.round, []).append(game)
    return {r: sum(game_score(g, name) for g in pair) for r, pair in sorted(rounds.items()) if len(pair) == 2}


def pentanomial(games: Iterable[GameResult], name: str) -> Pentanomial:
    """The pentanomial counts of ``name``'s finished pairs."""
    return Pentanomial.from_pair_points(list(pair_points(games, name).values()))


@dataclass(frozen=True)
class MatchState:
    """Where a paired match stands: the finished pairs' counts, the estimate, the LLR and the verdict."""

    penta: Pentanomial
    llr: float
    decision: str | None
    """``"H1"``, ``"H0"`` or None (undecided)."""
    estimate: Estimate | None
    """None before the first finished pair."""


def match_state(games: Iterable[GameResult], name: str, test: Sprt) -> MatchState:
    """The state of the match that ``games`` (of any order) make for the first player ``name``."""
    penta = pentanomial(games, name)
    return MatchState(penta, test.llr(penta), test.decision(penta), estimate(penta) if penta.pairs else None)


def play_until_decided(plan: Plan, test: Sprt, recorded: Sequence[GameResult],
                       play: Callable[[Sequence[GameTask]], Iterator[GameResult]],
                       on_game: Callable[[GameResult, MatchState], None]) -> MatchState:
    """Play ``plan``'s games not in ``recorded`` with ``play`` (a runner's ``play``) until the test decides.

    ``on_game`` is called after each game with the match's new state (the caller records the game
    there). Returns the final state; the games still running when it decides are abandoned.
    """
    games = list(recorded)
    first = plan.names[0]
    state = match_state(games, first, test)
    if state.decision is not None:
        return state
    done = {g.number for g in games}
    tasks = [task for task in plan.tasks() if task.number not in done]
    results = play(tasks)
    try:
        for game in results:
            games.append(game)
            state = match_state(games, first, test)
            on_game(game, state)
            if state.decision is not None:
                break
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    return state
