"""The bounds the bot's search reports to an observer hold: a node drawn ``exact`` is worth its minimax value, a lower
or upper bound is a true bound (every enhancement on: table, killers, history, principal variation search), and a
node whose children's values prove it is exact even when its value fell outside its window."""

from __future__ import annotations

from collections import defaultdict

import pytest

from engine.bot.search import enhanced_alphabeta
from engine.games.tictactoe import TICTACTOE
from engine.search.minimax import minimax
from engine.search.observer import EXACT, LOWER, UPPER
from engine.search.transposition import TranspositionTable


class Visits:
    """Per visit: (state, alpha, beta at entry, value and bound returned, whether it was a leaf)."""

    def __init__(self) -> None:
        self.stack: list[list[object]] = []
        self.visits: list[tuple[int, float, float, float, str, bool]] = []

    def enter(self, state: int, move: object, ply: int, alpha: float, beta: float) -> None:
        self.stack.append([state, alpha, beta, False])

    def mark(self, kind: str) -> None:
        pass

    def leaf(self, kind: str) -> None:
        self.stack[-1][3] = True

    def cutoff(self, kind: str, value: float, bound: float, skipped: object) -> None:
        pass

    def leave(self, value: float, bound: str) -> None:
        state, alpha, beta, leaf = self.stack.pop()
        self.visits.append((state, alpha, beta, value, bound, leaf))  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize("fen", ["9 x", "1o11o1oxx x", "x21o11xo o", "x8 o", "xo7 x", "x3o4 x"])
def test_every_bound_the_bot_reports_holds_and_children_prove_exact_values(fen: str) -> None:
    state = TICTACTOE.parse_fen(fen)
    seen = Visits()
    enhanced_alphabeta(TICTACTOE, state, observer=seen, table=TranspositionTable(bits=14), killers=[],
                       history=defaultdict(int), pvs=True)
    true: dict[int, float] = {}
    outside = 0
    for s, alpha, beta, value, bound, leaf in seen.visits:
        if s not in true:
            true[s] = minimax(TICTACTOE, s).value
        where = (TICTACTOE.fen(s), alpha, beta, value, bound)
        if bound == EXACT:
            assert value == true[s], where
            outside += not leaf and not alpha < value < beta
        elif bound == LOWER:
            assert true[s] >= value, where
        else:
            assert bound == UPPER, where
            assert true[s] <= value, where
    if fen == "9 x":
        assert outside > 0  # exact nodes whose window alone would have said a bound
