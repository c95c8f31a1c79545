"""OpenSpiel's games as extensive-form games (:mod:`engine.games.extensive`): imperfect information, chance and
any number of players, their whole tree walked once and held.

An OpenSpiel state where player *k* moves becomes a decision node of player *k + 1* (Gambit numbers players from
1) in the information set of its ``information_state_string`` (numbered per player in the order the walk meets
them, the string kept as the set's name); a chance state a chance node with OpenSpiel's probabilities (as exact
fractions: ``0.333...`` is 1/3); a terminal state a leaf whose payoff vector is OpenSpiel's ``returns()``.
Actions are named as OpenSpiel names them. A game whose tree has more than ``max_nodes`` nodes is refused
before it fills memory (:data:`OPENSPIEL_NODE_LIMIT` by default).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.errors import ExtensiveGameError, UnsupportedGameError
from engine.games.extensive import CHANCE_PLAYER, ExtensiveGame, GameBuilder
from engine.games.openspiel import load_spiel_game

OPENSPIEL_NODE_LIMIT = 100_000
"""The most nodes an OpenSpiel game's tree may have to be held whole (kuhn_poker has 58, leduc_poker 9,457)."""


def _exact(value: float) -> Fraction:
    return Fraction(value).limit_denominator(1_000_000)


def openspiel_extensive(text: str, *, spec: str | None = None, max_nodes: int = OPENSPIEL_NODE_LIMIT) -> ExtensiveGame:
    """The extensive form of the OpenSpiel game ``NAME(param=value,...)``.

    :raises UnsupportedGameError: simultaneous moves, or chance events without listed probabilities.
    :raises ExtensiveGameError: more than ``max_nodes`` nodes (the message names the limit).
    """
    spec = spec if spec is not None else f"openspiel:{text}"
    game = load_spiel_game(text, spec=spec)
    kind = game.get_type()
    if kind.dynamics != type(kind).Dynamics.SEQUENTIAL:
        raise UnsupportedGameError("the players of this game move simultaneously; an extensive form has one mover "
                                   "at a time", spec)
    if kind.chance_mode == type(kind).ChanceMode.SAMPLED_STOCHASTIC:
        raise UnsupportedGameError("this game's chance events are sampled, without listed probabilities", spec)
    players = [f"player {k}" for k in range(game.num_players())]
    builder = GameBuilder(str(game).removesuffix("()"), players)
    numbers: list[dict[str, int]] = [{} for _ in players]
    outcomes = chance_sets = 0
    stack: list[Any] = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if len(builder.game.nodes) >= max_nodes:
            raise ExtensiveGameError(f"{spec} has more than {max_nodes:,} nodes, the most an extensive-form tree may "
                                     "have here (it is held whole); choose smaller parameters")
        if state.is_terminal():
            outcomes += 1
            payoffs = [_exact(r) for r in state.returns()]
            builder.terminal(outcome=builder.outcome(outcomes, "", payoffs))
            continue
        actions = state.legal_actions()
        if state.is_chance_node():
            events = state.chance_outcomes()
            names = [state.action_to_string(a) for a, _ in events]
            probabilities = [_exact(p) for _, p in events]
            chance_sets += 1
            infoset = builder.infoset(CHANCE_PLAYER, chance_sets, "", names, probabilities)
            builder.chance(infoset)
            stack.extend(state.child(a) for a, _ in reversed(events))
            continue
        mover = state.current_player()
        name = state.information_state_string(mover)
        number = numbers[mover].setdefault(name, len(numbers[mover]) + 1)
        infoset = builder.infoset(mover + 1, number, name, [state.action_to_string(mover, a) for a in actions])
        builder.decision(mover + 1, infoset)
        stack.extend(state.child(a) for a in reversed(actions))
    return builder.finish()

