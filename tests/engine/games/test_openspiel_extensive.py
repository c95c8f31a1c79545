"""OpenSpiel's games as extensive-form trees: Kuhn poker's 58 nodes and 12 information sets, exact chance
probabilities, n players, the size limit."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from engine.errors import ExtensiveGameError, UnsupportedGameError
from engine.games.efg import read_efg, write_efg

pytestmark = pytest.mark.skipif(importlib.util.find_spec("pyspiel") is None,
                                reason="OpenSpiel is not installed (pip install 'treeviz[openspiel]')")


def test_kuhn_poker_has_58_nodes_12_information_sets_and_exact_deals() -> None:
    from engine.games.openspiel_extensive import openspiel_extensive

    game = openspiel_extensive("kuhn_poker")
    assert len(game.nodes) == 58
    player_sets = [s for s in game.infosets.values() if s.player != 0]
    assert len(player_sets) == 12 and all(len(s.nodes) == 2 for s in player_sets)
    assert game.root.infoset is not None and game.root.infoset.probabilities == (Fraction(1, 3),) * 3
    assert game.players == ("player 0", "player 1") and game.imperfect_recall() is None
    assert {s.name for s in player_sets} >= {"0", "1p", "2pb"}
    assert len(read_efg(write_efg(game)).nodes) == 58


def test_three_player_kuhn_poker_and_a_small_liars_dice() -> None:
    from engine.games.openspiel_extensive import openspiel_extensive

    three = openspiel_extensive("kuhn_poker(players=3)")
    assert len(three.players) == 3 and len(three.nodes) == 617
    assert all(len(three.payoffs(leaf)) == 3 and sum(three.payoffs(leaf)) == 0 for leaf in three.leaves())
    dice = openspiel_extensive("liars_dice(numdice=1,dice_sides=3)")
    assert len(dice.nodes) == 1147


def test_a_tree_past_the_limit_is_refused_naming_it() -> None:
    from engine.games.openspiel_extensive import openspiel_extensive

    with pytest.raises(ExtensiveGameError, match="openspiel:leduc_poker has more than 5,000 nodes"):
        openspiel_extensive("leduc_poker", max_nodes=5000)


def test_simultaneous_moves_are_refused() -> None:
    from engine.games.openspiel_extensive import openspiel_extensive

    with pytest.raises(UnsupportedGameError, match="simultaneously"):
        openspiel_extensive("matrix_rps")
