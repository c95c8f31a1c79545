"""A Nash equilibrium in behaviour strategies of an extensive-form game (:mod:`engine.games.extensive`), computed by
Gambit (``pygambit``, the optional extra ``treeviz[gambit]``).

The game goes to Gambit as the ``.efg`` text :mod:`engine.games.efg` writes, so both sides read one tree in one
order. Two players: Gambit's ``lcp_solve`` on the sequence form (Lemke's algorithm, exact rational arithmetic;
Koller, Megiddo and von Stengel), which finds one equilibrium of any two-player game of perfect recall in time
polynomial in the tree. More players: ``logit_solve`` (it follows the quantal-response branch to its limit, a
Nash equilibrium, in floating point). The profile comes back as each information set's action probabilities;
every node's expected payoffs and the probability that play reaches it are then computed here from the tree.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.errors import ExtensiveGameError, ExtensiveRequestError
from engine.games.efg import write_efg
from engine.games.extensive import CHANCE_PLAYER, ExtensiveGame, GameBuilder

INSTALL_HINT = "pip install 'treeviz[gambit]'"
"""What to run when pygambit is missing."""
NASH_NODE_LIMIT = 1_000
"""The most nodes of a two-player game handed to Gambit's sequence-form solver, exact rational arithmetic: Kuhn
poker (58 nodes) takes 0.1 s, liars_dice(numdice=1,dice_sides=3) (1,147) more than a minute."""
NASH_MANY_PLAYERS_LIMIT = 300
"""The most nodes of a game of three or more players handed to Gambit's logit solver (it is much slower)."""

Number = Fraction | float


class GambitMissingError(ExtensiveGameError):
    """``--algo nash`` asked for, but pygambit is not installed."""


@dataclass
class NashSolution:
    """One equilibrium, node by node (lists indexed by node id)."""

    solver: str
    """Gambit's solver that found it: ``lcp_solve (sequence form)`` or ``logit_solve``."""
    behaviour: dict[tuple[int, int], tuple[Number, ...]]
    """Each player's information set ``(player, number)`` -> the probability of each of its actions."""
    values: list[tuple[Number, ...]]
    """Each node's expected payoff vector when play continues by the equilibrium."""
    reach: list[Number]
    """The probability that play reaches each node."""
    gambit_payoffs: tuple[Number, ...]
    """Gambit's own expected payoffs of the profile (equal to ``values[0]``: a check that both read one game)."""

    @property
    def payoffs(self) -> tuple[Number, ...]:
        """The root's vector."""
        return self.values[0]


def pygambit_module() -> Any:
    """``pygambit``, imported now.

    :raises GambitMissingError: it is not installed (the message says how to install it).
    """
    try:
        import pygambit
    except ImportError as error:
        raise GambitMissingError(f"a Nash equilibrium (algorithm nash) needs Gambit's pygambit, which is not "
                                 f"installed; install it with {INSTALL_HINT}") from error
    return pygambit


def check_solvable(game: ExtensiveGame) -> None:
    """Refuse a game Gambit's solvers cannot take here, saying why and what still works.

    :raises ExtensiveGameError: imperfect recall, or more nodes than the limit for its number of players.
    """
    reason = game.imperfect_recall()
    if reason is not None:
        raise ExtensiveRequestError(f"imperfect recall: {reason}; a Nash equilibrium in behaviour strategies needs "
                                    "perfect recall (drawing the tree, {strategic:name} and {fmt} still work)",
                                    strategic=True, fmt="efg")
    many = len(game.players) > 2
    limit = NASH_MANY_PLAYERS_LIMIT if many else NASH_NODE_LIMIT
    if len(game.nodes) > limit:
        raise ExtensiveRequestError(f"the game has {len(game.nodes):,} nodes, more than the {limit:,} that "
                                    f"{{algorithm}} solves{' with three or more players' if many else ''}",
                                    algorithm="nash")


def with_terminal_outcomes(game: ExtensiveGame) -> ExtensiveGame:
    """The same game with every payoff at the leaves: each leaf's outcome is the sum of the outcomes on its path,
    and no inner node has one (Gambit's LCP solvers have misread outcomes on inner nodes: its issue 654)."""
    builder = GameBuilder(game.title, game.players, game.comment)
    for node in game.nodes:
        infoset = node.infoset
        if infoset is None:
            outcome = builder.outcome(len(builder.game.outcomes) + 1, node.outcome.name if node.outcome else "",
                                      game.payoffs(node))
            builder.terminal(label=node.label, outcome=outcome)
            continue
        copy = builder.infoset(infoset.player, infoset.number, infoset.name, infoset.actions, infoset.probabilities)
        if infoset.player == CHANCE_PLAYER:
            builder.chance(copy, label=node.label)
        else:
            builder.decision(infoset.player, copy, label=node.label)
    return builder.finish()


def load_into_gambit(game: ExtensiveGame) -> Any:
    """The game as a pygambit ``Game``, read from the ``.efg`` text of it (payoffs at the leaves)."""
    gbt = pygambit_module()
    text = write_efg(with_terminal_outcomes(game))
    with tempfile.NamedTemporaryFile("w", suffix=".efg", delete=False, encoding="utf-8") as handle:
        handle.write(text)
        name = handle.name
    try:
        return gbt.read_efg(name)
    finally:
        os.unlink(name)


def _exact(value: Any, rational: bool) -> Number:
    return Fraction(str(value)) if rational else float(value)


def nash_equilibrium(game: ExtensiveGame) -> NashSolution:
    """One Nash equilibrium of ``game`` in behaviour strategies (see the module docstring for the solvers).

    :raises GambitMissingError: pygambit is not installed.
    :raises ExtensiveGameError: imperfect recall, a game too large (the limit named), or Gambit finding none.
    """
    check_solvable(game)
    gbt = pygambit_module()
    g = load_into_gambit(game)
    rational = len(game.players) == 2
    if rational:
        result = gbt.nash.lcp_solve(g, rational=True, use_strategic=False)
        solver = "lcp_solve (sequence form)"
    else:
        result = gbt.nash.logit_solve(g, use_strategic=False)
        solver = "logit_solve"
    if not result.equilibria:
        raise ExtensiveGameError(f"Gambit's {solver} found no equilibrium")
    profile = result.equilibria[0]
    behaviour: dict[tuple[int, int], tuple[Number, ...]] = {}
    stack: list[tuple[Any, int]] = [(g.root, 0)]
    while stack:
        gnode, node_id = stack.pop()
        node = game.nodes[node_id]
        infoset = node.infoset
        if infoset is not None and infoset.player != CHANCE_PLAYER:
            key = (infoset.player, infoset.number)
            if key not in behaviour:
                behaviour[key] = tuple(_exact(profile[action], rational) for action in gnode.infoset.actions)
        stack.extend(reversed(list(zip(gnode.children, node.children, strict=True))))
    values, reach = profile_values(game, behaviour)
    gambit_payoffs = tuple(_exact(profile.payoff(player), rational) for player in g.players)
    return NashSolution(solver, behaviour, values, reach, gambit_payoffs)


def profile_values(game: ExtensiveGame, behaviour: Mapping[tuple[int, int], Sequence[Number]]
                   ) -> tuple[list[tuple[Number, ...]], list[Number]]:
    """Every node's expected payoff vector under the behaviour profile, and the probability play reaches it."""
    count = len(game.nodes)
    values: list[tuple[Number, ...]] = [()] * count
    for node in reversed(game.nodes):
        infoset = node.infoset
        if infoset is None:
            values[node.id] = game.payoffs(node)
            continue
        weights = _weights(infoset.player, infoset.number, infoset.probabilities, behaviour)
        total: list[Number] = [Fraction(0)] * len(game.players)
        for w, child in zip(weights, node.children, strict=True):
            total = [t + w * v for t, v in zip(total, values[child], strict=True)]
        values[node.id] = tuple(total)
    reach: list[Number] = [Fraction(0)] * count
    reach[0] = Fraction(1)
    for node in game.nodes:
        infoset = node.infoset
        if infoset is None:
            continue
        weights = _weights(infoset.player, infoset.number, infoset.probabilities, behaviour)
        for w, child in zip(weights, node.children, strict=True):
            reach[child] = reach[node.id] * w
    return values, reach


def _weights(player: int, number: int, probabilities: Sequence[Fraction] | None,
             behaviour: Mapping[tuple[int, int], Sequence[Number]]) -> Sequence[Number]:
    if probabilities is not None:
        return probabilities
    return behaviour[(player, number)]
