"""Computer opponents for 3x3 tic-tac-toe, one per algorithm of the course, as thin adapters.

Each opponent is a function ``state -> Decision`` built by :func:`tictactoe_player`
from an algorithm name. None of them searches by itself: they call the engine's
searches (:mod:`engine.search.minimax`, :mod:`engine.search.alphabeta`), the solver
(:mod:`engine.search.solver`) and the course functions (:mod:`engine.course_grid`:
``dfs_play``, ``bfs_play``, ``min_max_play``) and turn their answer into a cell.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from engine.games.tictactoe import TICTACTOE

AI_NAMES: tuple[str, ...] = ("minimax", "alphabeta", "strategy", "dfs", "bfs", "random")
"""The algorithms one can play against (``treeviz play --game ttt --ai NAME``)."""

AI_DESCRIPTIONS: dict[str, str] = {
    "minimax": "full minimax (fastest win, slowest loss); with a depth, the course's depth-limited min_max_play "
               "with the open-lines heuristic",
    "alphabeta": "negamax with alpha-beta pruning; with a depth, the open-lines heuristic at the frontier",
    "strategy": "the solved strategy (course 003): a winning move wherever one exists, else a drawing one",
    "dfs": "the course's depth-first dfs_play: the first move with some path to a win",
    "bfs": "the course's breadth-first bfs_play: the move leading to the nearest win",
    "random": "a uniformly random free cell",
}


class Decision(NamedTuple):
    """A chosen cell (0-8) and a short note on how it was found."""

    move: int
    note: str = ""


Opponent = Callable[[int], Decision]
"""``opponent(state) -> Decision`` for a tic-tac-toe state that is not finished."""


def tictactoe_player(ai: str, *, depth: int | None = None, seed: int | None = None) -> Opponent:
    """The opponent playing algorithm ``ai`` (one of :data:`AI_NAMES`).

    ``depth`` limits minimax and alpha-beta (plies, at least 1); ``seed`` makes
    ``random`` repeatable.

    :raises ValueError: an unknown algorithm, or a depth below 1.
    """
    if ai not in AI_NAMES:
        raise ValueError(f"unknown tic-tac-toe algorithm {ai!r}: choose one of {', '.join(AI_NAMES)}")
    if depth is not None and depth < 1:
        raise ValueError(f"depth must be at least 1, not {depth}")
    if ai == "minimax":
        return _minimax_player(depth)
    if ai == "alphabeta":
        return _alphabeta_player(depth)
    if ai == "strategy":
        return _strategy_player()
    if ai == "dfs":
        return _course_search_player("dfs_play")
    if ai == "bfs":
        return _course_search_player("bfs_play")
    return _random_player(random.Random(seed))


def _check_playable(state: int) -> None:
    if TICTACTOE.outcome(state) is not None:
        raise ValueError(f"the game is over: {TICTACTOE.fen(state)!r}")


def _minimax_player(depth: int | None) -> Opponent:
    from engine.search.minimax import minimax
    from engine.search.scoring import quick

    if depth is not None:
        return _course_min_max_player(depth)

    def choose(state: int) -> Decision:
        _check_playable(state)
        result = minimax(TICTACTOE, state, scoring=quick)
        return Decision(result.best_moves[0], f"value {_value_word(result.value)}, {result.nodes:,} nodes")

    return choose


def _alphabeta_player(depth: int | None) -> Opponent:
    from engine.evaluation.tictactoe import evaluate, scoring
    from engine.search.alphabeta import alphabeta
    from engine.search.scoring import quick

    def choose(state: int) -> Decision:
        _check_playable(state)
        if depth is None:
            result = alphabeta(TICTACTOE, state, scoring=quick)
        else:
            result = alphabeta(TICTACTOE, state, depth=depth, evaluate=evaluate, scoring=scoring)
        move = result.best_moves[0] if result.best_moves else TICTACTOE.legal_moves(state)[0]
        if depth is None:
            return Decision(move, f"value {_value_word(result.value)}, {result.nodes:,} nodes")
        return Decision(move, f"depth {depth}, heuristic value {result.value:+g}, {result.nodes:,} nodes")

    return choose


def _strategy_player() -> Opponent:
    from engine.search.solver import Solution, solve

    solutions: list[Solution[int, int]] = []

    def choose(state: int) -> Decision:
        _check_playable(state)
        if not solutions or state not in solutions[0].scores:
            solutions[:] = [solve(TICTACTOE, state)]
        solution = solutions[0]
        move = solution.best_move(state)
        assert move is not None  # _check_playable: the game goes on
        value = solution.value_of(state)
        side = TICTACTOE.to_move(state)
        mine = value if side == 0 else -value
        plan = {1: "winning", 0: "drawing", -1: "losing, delaying"}[mine]
        return Decision(move, f"{plan} strategy")

    return choose


def _course_search_player(function_name: str) -> Opponent:
    from engine import course_grid

    search = getattr(course_grid, function_name)

    def choose(state: int) -> Decision:
        _check_playable(state)
        found = search(_course_grid(state), _course_player(state))
        if found is None:
            move = TICTACTOE.legal_moves(state)[0]
            return Decision(move, f"{function_name} found no winning line: first free cell")
        line, col = found
        return Decision(line * 3 + col, f"{function_name}: a path to a win starts here")

    return choose


def _course_min_max_player(depth: int) -> Opponent:
    from engine import course_grid

    def choose(state: int) -> Decision:
        _check_playable(state)
        found = course_grid.min_max_play(_course_grid(state), _course_player(state), depth)
        if found is None:
            move = TICTACTOE.legal_moves(state)[0]
            return Decision(move, f"min_max_play depth {depth} found nothing: first free cell")
        line, col = found
        return Decision(line * 3 + col, f"min_max_play, depth {depth}, open-lines heuristic")

    return choose


def _random_player(rng: random.Random) -> Opponent:
    def choose(state: int) -> Decision:
        _check_playable(state)
        return Decision(rng.choice(TICTACTOE.legal_moves(state)))

    return choose


def _course_grid(state: int) -> list[list[int]]:
    """The course's integer grid (0 empty, 1 x, 2 o) of a state."""
    marks = {".": 0, "x": 1, "o": 2}
    cells = TICTACTOE.cells(state)
    return [[marks[cells[3 * line + col]] for col in range(3)] for line in range(3)]


def _course_player(state: int) -> int:
    """The course's player number (1 for x, 2 for o) of the side to move."""
    return TICTACTOE.to_move(state) + 1


def _value_word(value: float) -> str:
    if value > 0:
        return "x wins"
    if value < 0:
        return "o wins"
    return "draw"
