"""Backward induction on extensive-form games of perfect information: held to a plain recursion on random
n-player trees with chance, and to games whose answer is known."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import ExtensiveGameError
from engine.games.efg import read_efg
from engine.games.extensive import CHANCE_PLAYER, ExtensiveGame, GameBuilder, Node
from engine.search.backward import backward_induction

SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "extensive"


@st.composite
def perfect_information_games(draw: st.DrawFn) -> ExtensiveGame:
    """Random trees: 1-4 players, chance nodes, small integer payoffs (so that ties happen)."""
    players = draw(st.integers(1, 4))
    builder = GameBuilder("random", [f"P{k + 1}" for k in range(players)])
    budget = [draw(st.integers(1, 30))]
    sets = [0]

    def node() -> None:
        budget[0] -= 1
        kind = draw(st.sampled_from("tppc")) if budget[0] > 0 else "t"
        if kind == "t":
            payoffs = [Fraction(draw(st.integers(-3, 3))) for _ in range(players)]
            builder.terminal(outcome=builder.outcome(len(builder.game.outcomes) + 1, "", payoffs))
            return
        width = draw(st.integers(1, 3))
        actions = [f"a{k}" for k in range(width)]
        sets[0] += 1
        if kind == "c":
            weights = [draw(st.integers(1, 4)) for _ in range(width)]
            builder.chance(builder.infoset(CHANCE_PLAYER, sets[0], "", actions,
                                           [Fraction(w, sum(weights)) for w in weights]))
        else:
            player = draw(st.integers(1, players))
            builder.decision(player, builder.infoset(player, sets[0], "", actions))
        for _ in range(width):
            node()

    node()
    return builder.finish()


def plain(game: ExtensiveGame, node: Node) -> tuple[Fraction, ...]:
    """The textbook recursion: a leaf its payoffs, chance the expectation, a mover the first child best for them."""
    if node.infoset is None:
        return game.payoffs(node)
    children = [plain(game, game.nodes[c]) for c in node.children]
    if node.infoset.player == CHANCE_PLAYER:
        assert node.infoset.probabilities is not None
        return tuple(sum((p * v[k] for p, v in zip(node.infoset.probabilities, children, strict=True)), Fraction(0))
                     for k in range(len(game.players)))
    best = children[0]
    for v in children[1:]:
        if v[node.infoset.player - 1] > best[node.infoset.player - 1]:
            best = v
    return best


@settings(max_examples=200, deadline=None)
@given(perfect_information_games())
def test_backward_induction_equals_a_plain_recursion_at_every_node(game: ExtensiveGame) -> None:
    solution = backward_induction(game)
    for node in game.nodes:
        assert solution.values[node.id] == plain(game, node)
    assert solution.payoffs == plain(game, game.root)


@settings(max_examples=200, deadline=None)
@given(perfect_information_games())
def test_every_maximising_action_is_marked_and_the_first_is_chosen(game: ExtensiveGame) -> None:
    solution = backward_induction(game)
    for node in game.nodes:
        if node.infoset is None or node.infoset.player == CHANCE_PLAYER:
            assert solution.best[node.id] == () and solution.chosen[node.id] is None
            continue
        mover = node.infoset.player - 1
        scores = [solution.values[c][mover] for c in node.children]
        assert solution.best[node.id] == tuple(i for i, s in enumerate(scores) if s == max(scores))
        assert solution.chosen[node.id] == solution.best[node.id][0]


@settings(max_examples=100, deadline=None)
@given(perfect_information_games())
def test_the_equilibrium_path_is_what_chosen_play_and_chance_reach(game: ExtensiveGame) -> None:
    solution = backward_induction(game)
    reached = {0}
    for node in game.nodes:
        if node.id not in reached or node.infoset is None:
            continue
        if node.infoset.player == CHANCE_PLAYER:
            reached.update(node.children)
        else:
            chosen = solution.chosen[node.id]
            assert chosen is not None
            reached.add(node.children[chosen])
    assert {n for n, on in enumerate(solution.on_path) if on} == reached


def test_the_centipede_game_is_taken_at_once() -> None:
    game = read_efg((SAMPLES / "centipede.efg").read_text())
    solution = backward_induction(game)
    assert solution.payoffs == (4, 1)
    decisions = [n for n in game.nodes if n.kind == "p"]
    assert all(game.infosets[(n.infoset.player, n.infoset.number)].actions[solution.chosen[n.id] or 0] == "take"
               for n in decisions if n.infoset is not None)


def test_the_three_player_entry_game_with_chance_expects_one_one_two() -> None:
    game = read_efg((SAMPLES / "entry3.efg").read_text())
    solution = backward_induction(game)
    assert solution.payoffs == (1, 1, 2)  # high demand (2, 2, 3), low (0, 0, 1), each with probability 1/2
    low_a = next(n for n in game.nodes if n.infoset is not None and n.infoset.name == "A, low")
    assert solution.best[low_a.id] == (0, 1) and solution.chosen[low_a.id] == 0  # a tie: enter, the first


def test_a_game_of_imperfect_information_is_refused_naming_the_set() -> None:
    game = read_efg((SAMPLES / "signalling.efg").read_text())
    with pytest.raises(ExtensiveGameError, match=r"Receiver's information set 1 \(after beer\) holds 2 nodes"):
        backward_induction(game)
