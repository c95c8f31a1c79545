"""The course's grid API (seeds 000 and 004): their asserts verbatim, then cross-checks with the solver."""

from __future__ import annotations

from functools import cache

import pytest

from engine.course_grid import (
    bfs_play,
    check_win,
    dfs_play,
    get_empty_grid,
    get_free_cells,
    get_proba,
    heuristic,
    maxi_min_max,
    min_max_play,
    mini_min_max,
    play,
)
from engine.games.tictactoe import TICTACTOE as T
from engine.search.solver import solve
from tests.analysis_oracle import LINES, enumerate_positions

# -- seed 004, verbatim ----------------------------------------------------------


def test_seed_get_empty_grid() -> None:
    assert(get_empty_grid() == [[0, 0, 0], [0, 0, 0], [0, 0, 0]])


def test_seed_play() -> None:
    assert(play([[0, 0, 0], [0, 0, 0], [0, 0, 0]], 1, 1, 1) == [[0, 0, 0], [0, 1, 0], [0, 0, 0]])
    assert(play([[0, 0, 0], [0, 1, 0], [0, 0, 0]], 1, 2, 2) == [[0, 0, 0], [0, 1, 2], [0, 0, 0]])
    assert(play([[0, 0, 0], [0, 1, 0], [0, 0, 0]], 1, 1, 2) == None)  # noqa: E711
    assert(play([[0, 0, 0], [0, 1, 0], [0, 0, 0]], 1, 3, 1) == None)  # noqa: E711
    assert(play([[0, 0, 0], [0, 1, 0], [0, 0, 0]], -1, 0, 2) == None)  # noqa: E711


def test_seed_get_free_cells() -> None:
    assert(get_free_cells ([[0, 0, 0], [0, 0, 0], [0, 0, 0]]) == [(0, 0), (0, 1), (0, 2), (1, 0),
    (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)])
    assert(get_free_cells ([[1, 2, 0], [1, 0, 2], [0, 2, 1]]) == [(0, 2), (1, 1), (2, 0)])
    assert(get_free_cells ([[1, 2, 2], [1, 1, 2], [2, 2, 1]]) == [])


def test_seed_check_win() -> None:
    assert(check_win ([[0, 0, 0], [0, 0, 0], [0, 0, 0]]) == 0)
    assert(check_win ([[1, 2, 0], [0, 1, 2], [2, 0, 1]]) == 1)
    assert(check_win ([[2, 2, 2], [1, 1, 2], [2, 1, 1]]) == 2)
    assert(check_win ([[2, 1, 2], [1, 1, 2], [2, 1, 1]]) == 1)
    assert(check_win ([[2, 1, 2], [1, 2, 2], [2, 1, 1]]) == 2)


def test_seed_heuristic() -> None:
    assert(heuristic([[0, 0, 0], [0, 1, 0], [0, 0, 0]], 1) == 4)
    assert(heuristic([[2, 0, 0], [0, 1, 0], [0, 0, 0]], 2) == -1)


def test_seed_heuristic_worked_example() -> None:
    # X on (1, 0) and (2, 0), O on (2, 2): x has 2 + 2 + 1 open lines, o 1 + 2 + 1, so 1 for X.
    assert heuristic([[0, 0, 0], [1, 0, 0], [1, 0, 2]], 1) == 1
    assert heuristic([[0, 0, 0], [1, 0, 0], [1, 0, 2]], 2) == -1


# -- seed 000, verbatim ----------------------------------------------------------


def test_seed_get_proba() -> None:
    arr = [
        ['o', 'x', 'o'],
        ['o', 'o', 'x'],
        ['x', 'x', ''],
    ]
    next_player = 'o'
    wins = get_proba(arr, next_player)
    assert wins['o'] == 1
    assert wins['x'] == 0

    arr = [
        ['o', 'x', 'x'],
        ['o', 'o', 'x'],
        ['x', '', ''],
    ]
    next_player = 'o'
    wins = get_proba(arr, next_player)
    assert wins['o'] == 1
    assert wins['x'] == 1


def test_get_proba_counts_draws_on_request() -> None:
    empty = [[""] * 3 for _ in range(3)]
    assert get_proba(empty, "x") == {"x": 131_184, "o": 77_904}
    assert get_proba(empty, "x", draws=True) == {"x": 131_184, "o": 77_904, "draw": 46_080}


def test_get_proba_matches_the_naive_walk() -> None:
    oracle = {**enumerate_positions("x"), **enumerate_positions("o")}
    for fen in ("xo7 x", "x3o4 x", "1o11o1oxx x", "x21o11xo o", "oxo1x4 x"):
        x, o, _, _ = oracle[T.fen(T.parse_fen(fen))]
        cells = T.cells(T.parse_fen(fen)).replace(".", " ")
        board = [["" if c == " " else c for c in cells[r * 3:r * 3 + 3]] for r in range(3)]
        assert get_proba(board, fen[-1]) == {"x": x, "o": o}, fen


@pytest.mark.parametrize("bad", [[["x", "y", ""], [""] * 3, [""] * 3], [[""] * 3, [""] * 3]])
def test_get_proba_rejects_a_bad_board(bad) -> None:
    with pytest.raises(ValueError):
        get_proba(bad, "x")


def test_get_proba_rejects_a_bad_player() -> None:
    with pytest.raises(ValueError):
        get_proba([[""] * 3 for _ in range(3)], "z")


# -- behaviour of the helpers ------------------------------------------------------


def test_play_leaves_its_grid_unchanged() -> None:
    grid = get_empty_grid()
    assert play(grid, 0, 0, 1) == [[1, 0, 0], [0, 0, 0], [0, 0, 0]]
    assert grid == get_empty_grid()


def test_play_rejects_an_unknown_player() -> None:
    assert play(get_empty_grid(), 0, 0, 3) is None


def grids_of_reachable_positions(max_empty: int = 9):
    """(grid, player to move, state) for every unfinished position reachable from the empty board, x first."""
    for fen in enumerate_positions("x"):
        state = T.parse_fen(fen)
        if T.outcome(state) is None and T.empty_count(state) <= max_empty:
            cells = T.cells(state)
            grid = [[{"x": 1, "o": 2, ".": 0}[c] for c in cells[r * 3:r * 3 + 3]] for r in range(3)]
            yield grid, 1 if fen.endswith("x") else 2, state


def reference_dfs(grid: list[list[int]], player: int):
    """The course's dfs_play pseudo-code on plain lists (no engine)."""
    def winner(g):
        flat = [c for row in g for c in row]
        for a, b, c in LINES:
            if flat[a] and flat[a] == flat[b] == flat[c]:
                return flat[a]
        return 0

    def aux(g, p, us):
        w = winner(g)
        if w:
            return w == us
        for i in range(3):
            for j in range(3):
                if g[i][j] == 0:
                    g[i][j] = p
                    found = aux(g, 3 - p, us)
                    g[i][j] = 0
                    if found:
                        return True
        return False

    for i in range(3):
        for j in range(3):
            if grid[i][j] == 0:
                g = [row[:] for row in grid]
                g[i][j] = player
                if aux(g, 3 - player, player):
                    return (i, j)
    return None


@pytest.mark.slow  # 1.5 s here
def test_dfs_play_follows_the_course_pseudo_code_on_every_reachable_position() -> None:
    for grid, player, _ in grids_of_reachable_positions():
        for who in (player, 3 - player):
            assert dfs_play(grid, who) == reference_dfs(grid, who), (grid, who)


def test_dfs_play_is_none_when_no_win_is_left() -> None:
    # x to move; whatever happens, x cannot make a line any more.
    assert dfs_play([[1, 2, 1], [1, 2, 2], [2, 1, 0]], 1) is None


@cache
def plies_to_win(s: int, player: int) -> float:
    """Fewest plies, both sides' moves chosen freely, until ``player`` (1 or 2) has a line."""
    won = T.winner(s)
    if won is not None:
        return 0 if won + 1 == player else float("inf")
    return 1 + min((plies_to_win(c, player) for _, c in T.successors(s)), default=float("inf"))


def test_bfs_play_starts_a_quickest_win() -> None:
    for grid, player, state in grids_of_reachable_positions():
        distances = [(plies_to_win(c, player), divmod(m, 3)) for m, c in T.successors(state)]
        best = min(d for d, _ in distances)
        expected = None if best == float("inf") else next(pos for d, pos in distances if d == best)
        assert bfs_play(grid, player) == expected, grid


def test_bfs_play_takes_an_immediate_win_over_an_earlier_slower_one() -> None:
    # x wins at once on (1, 0); dfs answers (0, 0), the first move after which some game ends in x's line.
    grid = [[0, 0, 0], [0, 1, 1], [2, 2, 0]]
    assert bfs_play(grid, 1) == (1, 0)
    assert dfs_play(grid, 1) == (0, 0)


def test_min_max_play_takes_an_immediate_win() -> None:
    assert min_max_play([[1, 1, 0], [2, 2, 0], [0, 0, 0]], 1, 2) == (0, 2)


def test_min_max_play_blocks_a_threat_at_depth_two() -> None:
    # o threatens (1, 2); x has no immediate win.
    assert min_max_play([[1, 0, 0], [2, 2, 0], [1, 0, 0]], 1, 2) == (1, 2)


def test_min_max_play_opens_in_the_centre() -> None:
    for depth in (1, 2, 3, 4):
        assert min_max_play(get_empty_grid(), 1, depth) == (1, 1)


@pytest.mark.slow
def test_min_max_play_at_full_depth_plays_an_optimal_move() -> None:
    for grid, player, state in grids_of_reachable_positions(max_empty=6):
        line, col = min_max_play(grid, player, 9)
        assert 3 * line + col in solve(T, state).optimal_moves(), grid


def test_min_max_play_needs_a_positive_depth() -> None:
    with pytest.raises(ValueError):
        min_max_play(get_empty_grid(), 1, 0)


def test_min_max_play_on_a_full_grid_is_none() -> None:
    assert min_max_play([[1, 2, 1], [1, 2, 2], [2, 1, 1]], 2, 2) is None


def test_min_max_values_read_from_the_players_side() -> None:
    centre = [[0, 0, 0], [0, 1, 0], [0, 0, 0]]
    assert mini_min_max(centre, 1, 1) == 1  # o's best reply is a corner: 5 open lines for x, 4 for o.
    assert maxi_min_max([[1, 1, 0], [2, 2, 0], [0, 0, 0]], 1, 1) == float("inf")
    assert maxi_min_max([[1, 1, 0], [2, 2, 0], [0, 0, 0]], 2, 1) == float("inf")


def test_min_max_depth_counts_plies() -> None:
    # o to move; x threatens the centre (2-4-6 diagonal). One ply sees only o's own move and the
    # open-lines score; two plies see x's winning reply, so o blocks.
    grid = [[1, 2, 1], [2, 0, 0], [1, 0, 0]]
    assert min_max_play(grid, 2, 1) != (1, 1)
    assert min_max_play(grid, 2, 2) == (1, 1)
