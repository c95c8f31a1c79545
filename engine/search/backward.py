"""Backward induction on an extensive-form game of perfect information (:mod:`engine.games.extensive`): any number
of players, chance moves included (a chance node is worth the expectation of its children).

From the leaves up, each node gets the payoff vector of the play that follows it: at a decision node the vector
of a child that maximises the mover's own payoff, at a chance node the probability-weighted mean. Every
maximising child is marked (``best``); when several tie, the one **first in the game's order of actions** is
chosen (``chosen``), which makes the result one subgame-perfect equilibrium in pure strategies. The equilibrium
path is every node that play reaches with positive probability when everyone follows the chosen actions (it
branches at chance nodes).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.errors import ExtensiveRequestError
from engine.games.extensive import CHANCE_PLAYER, ExtensiveGame


@dataclass
class BackwardSolution:
    """What backward induction found, node by node (lists indexed by node id)."""

    values: list[tuple[Fraction, ...]]
    """Each node's payoff vector (one number a player) under the equilibrium from there on."""
    best: list[tuple[int, ...]]
    """At a decision node, the indices of every action that maximises the mover's payoff; empty elsewhere."""
    chosen: list[int | None]
    """At a decision node, the action chosen: the first of ``best``; None elsewhere."""
    on_path: list[bool]
    """The node is reached with positive probability when everyone plays ``chosen``."""

    @property
    def payoffs(self) -> tuple[Fraction, ...]:
        """The root's vector: what each player expects in the equilibrium."""
        return self.values[0]


def check_perfect_information(game: ExtensiveGame, what: str) -> None:
    """Refuse, saying which set, a game where some player's information set holds more than one node.

    :raises ExtensiveGameError: naming the first such set and what to use instead.
    """
    for infoset in game.infosets.values():
        if infoset.player != CHANCE_PLAYER and len(infoset.nodes) > 1:
            where = f"{infoset.number}{' (' + infoset.name + ')' if infoset.name else ''}"
            raise ExtensiveRequestError(
                f"{what} needs perfect information, but {game.player_name(infoset.player)}'s information set "
                f"{where} holds {len(infoset.nodes)} nodes; {{algorithm}} finds an equilibrium of games with "
                "imperfect information", algorithm="nash")


def backward_induction(game: ExtensiveGame) -> BackwardSolution:
    """Solve ``game`` by backward induction (see the module docstring for the tie rule).

    :raises ExtensiveGameError: the game has imperfect information.
    """
    check_perfect_information(game, "backward induction")
    count = len(game.nodes)
    values: list[tuple[Fraction, ...]] = [()] * count
    best: list[tuple[int, ...]] = [()] * count
    chosen: list[int | None] = [None] * count
    for node in reversed(game.nodes):  # preorder reversed: every child before its parent
        infoset = node.infoset
        if infoset is None:
            values[node.id] = game.payoffs(node)
            continue
        children = [values[c] for c in node.children]
        if infoset.player == CHANCE_PLAYER:
            assert infoset.probabilities is not None
            values[node.id] = tuple(sum((p * v[k] for p, v in zip(infoset.probabilities, children, strict=True)),
                                        Fraction(0)) for k in range(len(game.players)))
            continue
        mover = infoset.player - 1
        top = max(v[mover] for v in children)
        best[node.id] = tuple(i for i, v in enumerate(children) if v[mover] == top)
        chosen[node.id] = best[node.id][0]
        values[node.id] = children[best[node.id][0]]
    on_path = [False] * count
    on_path[0] = True
    for node in game.nodes:
        if not on_path[node.id] or node.infoset is None:
            continue
        if node.infoset.player == CHANCE_PLAYER:
            assert node.infoset.probabilities is not None
            for child, p in zip(node.children, node.infoset.probabilities, strict=True):
                on_path[child] = p > 0
        else:
            index = chosen[node.id]
            assert index is not None
            on_path[node.children[index]] = True
    return BackwardSolution(values, best, chosen, on_path)
