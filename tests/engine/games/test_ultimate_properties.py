"""Random games checked against an independent, slow rule book written on plain lists (no bitboards).

At every ply: the engine's legal moves are exactly the rule book's, its board,
big board, side to move and FEN agree with the rule book's own, and the FEN
reads back to the same state. Every game ends within 81 plies with the rule
book's result.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import FenError, IllegalMoveError
from engine.games.ultimate import ULTIMATE as U
from engine.search.perft import perft

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class RuleBook:
    """The rules as the SPEC states them, played on nine lists of nine characters."""

    def __init__(self) -> None:
        self.subs = [["."] * 9 for _ in range(9)]
        self.last: tuple[int, int] | None = None  # (sub, cell), 0-based
        self.turn = "x"

    @staticmethod
    def line_of(cells: list[str]) -> str | None:
        for a, b, c in LINES:
            if cells[a] != "." and cells[a] == cells[b] == cells[c]:
                return cells[a]
        return None

    def sub_winner(self, sub: int) -> str | None:
        return self.line_of(self.subs[sub])

    def closed(self, sub: int) -> bool:
        return self.sub_winner(sub) is not None or "." not in self.subs[sub]

    def big_board(self) -> list[str]:
        return [self.sub_winner(s) or ("-" if self.closed(s) else ".") for s in range(9)]

    def winner(self) -> str | None:
        big = [w if w in ("x", "o") else "." for w in self.big_board()]
        return self.line_of(big)

    def legal(self) -> list[int]:
        if self.winner() is not None:
            return []
        if self.last is not None and not self.closed(self.last[1]):
            allowed = [self.last[1]]
        else:
            allowed = [s for s in range(9) if not self.closed(s)]
        return sorted(10 * (s + 1) + c + 1 for s in allowed for c in range(9) if self.subs[s][c] == ".")

    def play(self, move: int) -> None:
        sub, cell = move // 10 - 1, move % 10 - 1
        assert move in self.legal()
        self.subs[sub][cell] = self.turn
        self.last = (sub, cell)
        self.turn = "o" if self.turn == "x" else "x"

    def result(self) -> int | None:
        """+1/-1/0 once the game is over, None before."""
        winner = self.winner()
        if winner is not None:
            return 1 if winner == "x" else -1
        return 0 if not self.legal() else None

    def fen(self) -> str:
        board, run = "", 0
        for ch in "".join("".join(s) for s in self.subs):
            if ch == ".":
                run += 1
                continue
            while run:
                board += str(min(run, 9))
                run -= min(run, 9)
            board += ch
        while run:
            board += str(min(run, 9))
            run -= min(run, 9)
        last = "00" if self.last is None else f"{self.last[0] + 1}{self.last[1] + 1}"
        return f"{board} {last} {self.turn}"


def check_agrees(book: RuleBook, state: int) -> None:
    assert U.legal_moves(state) == tuple(book.legal())
    assert U.cells(state) == "".join("".join(s) for s in book.subs)
    assert U.big_board(state) == "".join(book.big_board())
    assert "xo"[U.to_move(state)] == book.turn
    assert U.fen(state) == book.fen()
    assert U.parse_fen(U.fen(state)) == state
    assert U.outcome(state) == book.result()


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=81, max_size=81))
def test_random_games_follow_the_rule_book_and_end_within_81_plies(choices: list[int]) -> None:
    book, state = RuleBook(), U.initial()
    for ply, choice in enumerate(choices):
        check_agrees(book, state)
        moves = U.legal_moves(state)
        if not moves:
            break
        move = moves[choice % len(moves)]
        book.play(move)  # asserts the rule book allows it
        state = U.play_checked(state, move)
        assert U.empty_count(state) == 80 - ply
    else:
        check_agrees(book, state)
    assert U.legal_moves(state) == ()
    assert U.outcome(state) is not None
    assert U.outcome(state) == book.result()
    winner = U.winner(state)
    assert (winner is None) == (U.outcome(state) == 0)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=10, max_size=40))
def test_perft_matches_the_rule_book_from_random_positions(choices: list[int]) -> None:
    book, state = RuleBook(), U.initial()
    for choice in choices:
        moves = U.legal_moves(state)
        if not moves:
            break
        move = moves[choice % len(moves)]
        book.play(move)
        state = U.play(state, move)

    def book_perft(depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for move in book.legal():
            saved = ([list(s) for s in book.subs], book.last, book.turn)
            book.play(move)
            total += book_perft(depth - 1)
            book.subs, book.last, book.turn = saved
        return total

    assert perft(U, state, 2) == book_perft(2)


def random_position(choices: list[int]) -> int:
    state = U.initial()
    for choice in choices:
        moves = U.legal_moves(state)
        if not moves:
            break
        state = U.play(state, moves[choice % len(moves)])
    return state


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=81))
def test_play_checked_and_typed_moves_accept_exactly_the_legal_moves(choices: list[int]) -> None:
    state = random_position(choices)
    legal = set(U.legal_moves(state))
    for move in range(11, 100):
        if move % 10 == 0:
            continue
        if move in legal:
            assert U.play_checked(state, move) == U.play(state, move)
            assert U.parse_move(U.move_name(move), state) == move
            assert U.parse_move("abcdefghi"[move // 10 - 1] + str(move % 10), state) == move
        else:
            try:
                U.play_checked(state, move)
            except IllegalMoveError as error:
                assert error.reason
            else:
                raise AssertionError(f"illegal move {move} accepted in {U.fen(state)}")


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=60),
       st.integers(min_value=0, max_value=200), st.sampled_from("xo0123456789 XO\t-"))
def test_mangled_fens_are_refused_with_a_reason_or_read_consistently(
    choices: list[int], where: int, replacement: str
) -> None:
    fen = U.fen(random_position(choices))
    where %= len(fen)
    mangled = fen[:where] + replacement + fen[where + 1:]
    try:
        state = U.parse_fen(mangled)
    except FenError as error:
        assert error.reason and error.fen == mangled
    else:
        assert U.parse_fen(U.fen(state)) == state
        assert U.legal_moves(state) == tuple(m for m in U.legal_moves(state) if U.illegal_reason(state, m) is None)
