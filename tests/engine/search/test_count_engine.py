"""Outcome counts (seed 000's get_proba with draws), checked against a naive walk of the whole tree."""

from __future__ import annotations

import pytest

from engine.games.tictactoe import TICTACTOE
from engine.search.counting import OutcomeCounts, PositionLimitError, count_outcomes, count_outcomes_naive
from tests.analysis_oracle import enumerate_positions


@pytest.fixture(scope="module", params=["x", "o"], ids=["x-first", "o-first"])
def oracle(request: pytest.FixtureRequest) -> dict[str, tuple[int, int, int, int]]:
    return enumerate_positions(request.param)


def test_empty_board_counts_are_the_known_figures() -> None:
    result = count_outcomes(TICTACTOE, TICTACTOE.parse_fen("9 x"))
    assert result.counts == OutcomeCounts(x=131_184, o=77_904, draw=46_080)
    assert result.counts.total == 255_168
    assert result.positions == 5_478


def test_o_first_mirrors_x_first() -> None:
    result = count_outcomes(TICTACTOE, TICTACTOE.parse_fen("9 o"))
    assert result.counts == OutcomeCounts(x=77_904, o=131_184, draw=46_080)


@pytest.mark.slow
def test_counts_match_naive_enumeration_on_every_reachable_position(oracle) -> None:
    assert len(oracle) == 5_478
    for fen, (x, o, draw, _) in oracle.items():
        state = TICTACTOE.parse_fen(fen)
        assert count_outcomes(TICTACTOE, state).counts == OutcomeCounts(x, o, draw), fen


def test_memoised_and_naive_walks_agree_from_the_empty_board() -> None:
    state = TICTACTOE.parse_fen("9 x")
    assert count_outcomes_naive(TICTACTOE, state) == count_outcomes(TICTACTOE, state).counts


def test_finished_position_is_a_single_game() -> None:
    won = count_outcomes(TICTACTOE, TICTACTOE.parse_fen("xxxoo4 o"))
    assert won.counts == OutcomeCounts(x=1, o=0, draw=0) and won.positions == 1
    drawn = count_outcomes(TICTACTOE, TICTACTOE.parse_fen("xoxxoxoxo o"))
    assert drawn.counts == OutcomeCounts(x=0, o=0, draw=1)


def test_percentages_sum_to_100() -> None:
    counts = count_outcomes(TICTACTOE, TICTACTOE.parse_fen("9 x")).counts
    shares = counts.percentages()
    assert sum(shares.values()) == pytest.approx(100.0)
    assert shares["x"] == pytest.approx(100 * 131_184 / 255_168)


def test_max_positions_guard_stops_the_walk() -> None:
    state = TICTACTOE.parse_fen("9 x")
    with pytest.raises(PositionLimitError) as caught:
        count_outcomes(TICTACTOE, state, max_positions=5_477)
    assert caught.value.limit == 5_477
    assert count_outcomes(TICTACTOE, state, max_positions=5_478).positions == 5_478


ULTIMATE_ENDGAME = "oxxoox1x1oxo1ox1xx2oooxxxxxoox3xxoox1xooxxxo1x2ooxo5xxxox2ooxoo1oooxooxo 11 x"


def test_ultimate_counts_match_the_naive_walk() -> None:
    from engine.games.ultimate import ULTIMATE

    state = ULTIMATE.parse_fen(ULTIMATE_ENDGAME)
    result = count_outcomes(ULTIMATE, state)
    assert result.counts == count_outcomes_naive(ULTIMATE, state)
    assert result.counts == OutcomeCounts(x=2486, o=1598, draw=4632)
    assert result.positions == 7_646


def test_ultimate_start_trips_the_guard() -> None:
    from engine.games.ultimate import ULTIMATE

    with pytest.raises(PositionLimitError):
        count_outcomes(ULTIMATE, ULTIMATE.initial(), max_positions=10_000)


def test_progress_is_reported_at_regular_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.search.counting

    monkeypatch.setattr(engine.search.counting, "PROGRESS_EVERY", 1000)
    seen: list[int] = []
    result = count_outcomes(TICTACTOE, TICTACTOE.parse_fen("9 x"), progress=seen.append)
    assert seen == [1000, 2000, 3000, 4000, 5000]
    assert result.counts.x == 131_184
