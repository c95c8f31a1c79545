"""Nash equilibria of extensive-form games by Gambit (the optional extra ``gambit``): Kuhn poker's value -1/18,
payoffs equal to pygambit's own, no profitable pure deviation in the strategic form, OpenSpiel's exploitability of
the equilibrium found below 1e-6."""

from __future__ import annotations

import importlib.util
from fractions import Fraction
from pathlib import Path

import pytest

from engine.errors import ExtensiveGameError
from engine.games.efg import read_efg
from engine.games.extensive import ExtensiveGame
from engine.search.strategic import mixed_strategy, strategic_form

pytestmark = pytest.mark.skipif(importlib.util.find_spec("pygambit") is None,
                                reason="pygambit is not installed (pip install 'treeviz[gambit]')")
needs_openspiel = pytest.mark.skipif(importlib.util.find_spec("pyspiel") is None,
                                     reason="OpenSpiel is not installed (pip install 'treeviz[openspiel]')")

SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "extensive"

# Games in the manner of Gambit's examples, written here: Myerson's one-card poker, a game with an outcome on an
# inner node, a Selten horse of three players.
ONE_CARD_POKER = """EFG 2 R "One-card poker (Myerson)" { "Fred" "Alice" }
""
c "" 1 "card" { "red" 1/2 "black" 1/2 } 0
p "" 1 1 "Fred red" { "raise" "fold" } 0
p "" 2 1 "Alice" { "meet" "pass" } 0
t "" 1 "" { 2, -2 }
t "" 2 "" { 1, -1 }
t "" 3 "" { 1, -1 }
p "" 1 2 "Fred black" { "raise" "fold" } 0
p "" 2 1 0
t "" 4 "" { -2, 2 }
t "" 2
t "" 5 "" { -1, 1 }
"""
INNER_OUTCOME = """EFG 2 R "Matching pennies with a fee" { "A" "B" }
""
p "" 1 1 "" { "H" "T" } 1 "fee" { 0, 0 }
p "" 2 1 "B" { "h" "t" } 0
t "" 2 "" { 1, -1 }
t "" 3 "" { -1, 1 }
p "" 2 1 0
t "" 3
t "" 2
"""
HORSE = """EFG 2 R "Selten's horse" { "1" "2" "3" }
""
p "" 1 1 "" { "C" "D" } 0
p "" 2 1 "" { "c" "d" } 0
t "" 1 "" { 1, 1, 1 }
p "" 3 1 "three" { "L" "R" } 0
t "" 2 "" { 4, 4, 0 }
t "" 3 "" { 1, 1, 1 }
p "" 3 1 0
t "" 4 "" { 3, 2, 2 }
t "" 5 "" { 0, 0, 0 }
"""


def _solve(game: ExtensiveGame):  # type: ignore[no-untyped-def]
    from engine.search.nash import nash_equilibrium

    return nash_equilibrium(game)


def test_one_card_poker_is_worth_one_third_to_fred_exactly() -> None:
    solution = _solve(read_efg(ONE_CARD_POKER))
    assert solution.payoffs == (Fraction(1, 3), Fraction(-1, 3))
    assert solution.gambit_payoffs == solution.payoffs


@pytest.mark.parametrize("text", [ONE_CARD_POKER, INNER_OUTCOME], ids=["poker", "inner-outcome"])
def test_equilibrium_payoffs_equal_pygambits_own(text: str, tmp_path: Path) -> None:
    import pygambit

    game = read_efg(text)
    solution = _solve(game)
    path = tmp_path / "game.efg"
    path.write_text(text)
    gambit = pygambit.read_efg(str(path))
    own = pygambit.nash.lcp_solve(gambit, rational=True, use_strategic=False).equilibria[0]
    assert solution.payoffs == tuple(Fraction(str(own.payoff(p))) for p in gambit.players)


@pytest.mark.parametrize("name", ["signalling.efg", "kuhn_poker.efg", "centipede.efg"])
def test_no_player_gains_by_a_pure_deviation(name: str) -> None:
    game = read_efg((SAMPLES / name).read_text())
    solution = _solve(game)
    form = strategic_form(game)
    rows = mixed_strategy(game, 1, solution.behaviour)
    columns = mixed_strategy(game, 2, solution.behaviour)
    against_columns = [sum((q * form.payoffs[i][j][0] for j, q in enumerate(columns)), Fraction(0))
                       for i in range(len(rows))]
    against_rows = [sum((p * form.payoffs[i][j][1] for i, p in enumerate(rows)), Fraction(0))
                    for j in range(len(columns))]
    assert max(against_columns) == solution.payoffs[0]
    assert max(against_rows) == solution.payoffs[1]
    assert sum(rows) == 1 and sum(columns) == 1


def test_kuhn_poker_gives_the_first_player_minus_one_eighteenth() -> None:
    solution = _solve(read_efg((SAMPLES / "kuhn_poker.efg").read_text()))
    assert solution.payoffs == (Fraction(-1, 18), Fraction(1, 18))
    assert solution.reach[0] == 1 and sum(solution.reach[n.id] for n in read_efg(
        (SAMPLES / "kuhn_poker.efg").read_text()).leaves()) == 1


def test_three_players_are_solved_by_logit_with_pygambits_payoffs() -> None:
    solution = _solve(read_efg(HORSE))
    assert solution.solver == "logit_solve"
    assert solution.payoffs == pytest.approx(solution.gambit_payoffs, abs=1e-6)
    assert len(solution.payoffs) == 3


def test_imperfect_recall_is_refused_saying_what_still_works() -> None:
    from engine.search.nash import nash_equilibrium

    game = read_efg("EFG 2 R \"driver\" { \"D\" }\n\"\"\np \"\" 1 1 \"\" { \"exit\" \"on\" } 0\nt \"\" 1 \"\" { 0 }\n"
                    "p \"\" 1 1 0\nt \"\" 2 \"\" { 4 }\nt \"\" 3 \"\" { 1 }\n")
    with pytest.raises(ExtensiveGameError, match="imperfect recall.*drawing the tree, strategic and fmt='efg'"):
        nash_equilibrium(game)


@needs_openspiel
def test_openspiels_exploitability_of_kuhn_pokers_equilibrium_is_below_a_millionth() -> None:
    import pyspiel
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import exploitability

    from engine.games.openspiel_extensive import openspiel_extensive

    game = openspiel_extensive("kuhn_poker")
    solution = _solve(game)
    assert solution.payoffs == (Fraction(-1, 18), Fraction(1, 18))
    spiel = pyspiel.load_game("kuhn_poker")
    policy = policy_lib.TabularPolicy(spiel)
    for (player, _), probabilities in solution.behaviour.items():
        infoset = game.infosets[(player, _)]
        row = policy.state_lookup[infoset.name]
        policy.action_probability_array[row] = [float(p) for p in probabilities]
    assert exploitability.exploitability(spiel, policy) < 1e-6


@needs_openspiel
def test_leduc_poker_is_refused_naming_the_limit() -> None:
    from engine.games.openspiel_extensive import openspiel_extensive
    from engine.search.nash import nash_equilibrium

    game = openspiel_extensive("leduc_poker")
    assert len(game.nodes) == 9457
    with pytest.raises(ExtensiveGameError, match="9,457 nodes, more than the 1,000 that algorithm='nash' solves"):
        nash_equilibrium(game)
