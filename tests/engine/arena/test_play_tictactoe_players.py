"""The 3x3 computer opponents: legal moves, wins taken, threats blocked, the strategy unbeatable."""

from __future__ import annotations

import pytest

from engine import course_grid
from engine.arena.tictactoe_players import AI_NAMES, tictactoe_player
from engine.game import O, X
from engine.games.tictactoe import TICTACTOE


def reachable_positions() -> list[int]:
    """Every unfinished position reachable from the empty board, x first."""
    seen: set[int] = set()
    todo = [TICTACTOE.initial()]
    while todo:
        state = todo.pop()
        if state in seen or TICTACTOE.outcome(state) is not None:
            continue
        seen.add(state)
        todo.extend(child for _, child in TICTACTOE.successors(state))
    return sorted(seen)


POSITIONS = reachable_positions()
LATE_POSITIONS = [s for s in POSITIONS if TICTACTOE.empty_count(s) <= 6]


def test_there_are_4520_unfinished_reachable_positions() -> None:
    assert len(POSITIONS) == 4520


@pytest.mark.parametrize("ai", ["strategy", "dfs", "bfs", "random"])
def test_every_answer_is_a_free_cell(ai: str) -> None:
    choose = tictactoe_player(ai, seed=1)
    for state in POSITIONS:
        assert choose(state).move in TICTACTOE.legal_moves(state), TICTACTOE.fen(state)


@pytest.mark.parametrize(("ai", "depth"), [("minimax", None), ("alphabeta", None), ("minimax", 2),
                                           ("alphabeta", 3)])
def test_searching_opponents_answer_a_free_cell(ai: str, depth: int | None) -> None:
    choose = tictactoe_player(ai, depth=depth)
    for state in LATE_POSITIONS:
        assert choose(state).move in TICTACTOE.legal_moves(state), TICTACTOE.fen(state)


@pytest.mark.parametrize(("ai", "depth"), [("minimax", None), ("alphabeta", None), ("strategy", None),
                                           ("minimax", 2), ("alphabeta", 2), ("bfs", None)])
def test_an_immediate_win_is_taken(ai: str, depth: int | None) -> None:
    choose = tictactoe_player(ai, depth=depth)
    # x: 1 2 . / o o . / . . .  -> x plays 3 (cell 2); o to move variant: o plays 6 (cell 5)
    assert choose(TICTACTOE.parse_fen("xx1oo4 x")).move == 2
    assert choose(TICTACTOE.parse_fen("xx1oo2x1 o")).move == 5


@pytest.mark.parametrize(("ai", "depth"), [("minimax", None), ("alphabeta", None), ("strategy", None),
                                           ("minimax", 2), ("alphabeta", 2)])
def test_a_threat_is_blocked(ai: str, depth: int | None) -> None:
    choose = tictactoe_player(ai, depth=depth)
    # x threatens 1-2-3 (x on 1, 2; o on 5): o must take 3
    assert choose(TICTACTOE.parse_fen("xx2o4 o")).move == 2


def _worst_result_for(side: int, state: int, choose) -> int:  # noqa: ANN001 - a test helper
    """The worst outcome (from ``side``'s view) when ``side`` follows ``choose`` and the other side tries everything."""
    outcome = TICTACTOE.outcome(state)
    if outcome is not None:
        return outcome if side == X else -outcome
    if TICTACTOE.to_move(state) == side:
        return _worst_result_for(side, TICTACTOE.play(state, choose(state).move), choose)
    return min(_worst_result_for(side, child, choose) for _, child in TICTACTOE.successors(state))


def test_strategy_never_loses_from_the_empty_board_on_either_side() -> None:
    choose = tictactoe_player("strategy")
    assert _worst_result_for(X, TICTACTOE.initial(), choose) == 0
    assert _worst_result_for(O, TICTACTOE.initial(), choose) == 0


def test_strategy_wins_the_course_position_against_every_defence() -> None:
    # seed 003's game: x in the top-left corner, o beside it, x to move: x forces a win
    choose = tictactoe_player("strategy")
    assert _worst_result_for(X, TICTACTOE.parse_fen("xo7 x"), choose) == 1


def _course_grid(state: int) -> list[list[int]]:
    cells = TICTACTOE.cells(state)
    return [[".xo".index(cells[3 * line + col]) for col in range(3)] for line in range(3)]


@pytest.mark.parametrize("name", ["dfs_play", "bfs_play"])
def test_dfs_and_bfs_play_what_the_course_functions_answer(name: str) -> None:
    choose = tictactoe_player(name[:3])
    function = getattr(course_grid, name)
    for state in POSITIONS:
        found = function(_course_grid(state), TICTACTOE.to_move(state) + 1)
        expected = TICTACTOE.legal_moves(state)[0] if found is None else found[0] * 3 + found[1]
        assert choose(state).move == expected, TICTACTOE.fen(state)


def test_depth_limited_minimax_is_the_course_min_max_play() -> None:
    choose = tictactoe_player("minimax", depth=3)
    for state in LATE_POSITIONS:
        line, col = course_grid.min_max_play(_course_grid(state), TICTACTOE.to_move(state) + 1, 3)
        assert choose(state).move == line * 3 + col


def test_random_is_repeatable_with_a_seed() -> None:
    first = [tictactoe_player("random", seed=9)(s).move for s in POSITIONS[:200]]
    again = [tictactoe_player("random", seed=9)(s).move for s in POSITIONS[:200]]
    assert first == again


@pytest.mark.parametrize(("ai", "depth", "message"), [("chess", None, "unknown tic-tac-toe algorithm"),
                                                       ("minimax", 0, "depth must be at least 1")])
def test_bad_requests_are_value_errors(ai: str, depth: int | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tictactoe_player(ai, depth=depth)


def test_a_finished_game_has_no_move() -> None:
    for ai in AI_NAMES:
        with pytest.raises(ValueError, match="the game is over"):
            tictactoe_player(ai)(TICTACTOE.parse_fen("xxxoo4 o"))
