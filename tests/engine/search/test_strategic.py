"""The strategic form of two-player extensive-form games: its payoffs, its limits, and Kuhn's theorem (a behaviour
profile and the mixed profile it gives have the same expected payoffs) on random behaviour in Kuhn poker."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import ExtensiveGameError
from engine.games.efg import read_efg
from engine.search.nash import profile_values
from engine.search.strategic import STRATEGY_LIMIT, mixed_strategy, pure_strategies, strategic_form

SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "extensive"
KUHN = read_efg((SAMPLES / "kuhn_poker.efg").read_text())
KUHN_FORM = strategic_form(KUHN)


def test_the_signalling_games_table_holds_the_expected_payoffs() -> None:
    form = strategic_form(read_efg((SAMPLES / "signalling.efg").read_text()))
    assert form.players == ("Sender", "Receiver")
    assert form.row_names == ["beer,beer", "beer,quiche", "quiche,beer", "quiche,quiche"]
    assert form.column_names[1] == "duel,don't"
    # beer whatever the type, the receiver duels after beer: 0.9 * 1 + 0.1 * 0 for the sender, 0.1 for the receiver
    assert form.payoffs[0][0] == (Fraction(9, 10), Fraction(1, 10))
    # strong drinks beer (and is duelled), weak eats quiche (and is not): 0.9 * 1 + 0.1 * 3 for the sender; the
    # receiver duels the strong and spares the weak: 0
    assert form.payoffs[1][1] == (Fraction(12, 10), Fraction(0))


def test_kuhn_pokers_players_have_exactly_the_limit_of_strategies() -> None:
    assert len(pure_strategies(KUHN, 1)) == len(pure_strategies(KUHN, 2)) == STRATEGY_LIMIT == 64
    assert len(KUHN_FORM.payoffs) == 64 and all(len(row) == 64 for row in KUHN_FORM.payoffs)


def test_more_strategies_or_players_are_refused_naming_the_limit() -> None:
    steps = "".join(f"p \"\" 1 {k} \"\" {{ \"a\" \"b\" }} 0\nt \"\" {k} \"\" {{ {k} 0 }}\n" for k in range(1, 8))
    chain = "EFG 2 R \"t\" { \"A\" \"B\" }\n\"\"\n" + steps + "t \"\" 8 \"\" { 8 0 }\n"
    with pytest.raises(ExtensiveGameError, match="A has 128 pure strategies, more than the 64"):
        strategic_form(read_efg(chain))
    with pytest.raises(ExtensiveGameError, match="this one has 3 players"):
        strategic_form(read_efg((SAMPLES / "entry3.efg").read_text()))


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=24, max_size=24))
def test_a_behaviour_profile_and_its_mixed_strategies_expect_the_same_payoffs(weights: list[int]) -> None:
    behaviour = {}
    for k, (player, number) in enumerate(sorted(key for key in KUHN.infosets if key[0] != 0)):
        a, b = weights[2 * k], weights[2 * k + 1]
        a, b = (a, b) if a + b else (1, 1)
        behaviour[(player, number)] = (Fraction(a, a + b), Fraction(b, a + b))
    values, _ = profile_values(KUHN, behaviour)
    form = KUHN_FORM
    rows, columns = mixed_strategy(KUHN, 1, behaviour), mixed_strategy(KUHN, 2, behaviour)
    expected = sum((p * q * form.payoffs[i][j][0] for i, p in enumerate(rows) if p for j, q in enumerate(columns)
                    if q), Fraction(0))
    assert sum(rows) == 1 and sum(columns) == 1
    assert expected == values[0][0]
