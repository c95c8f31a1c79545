"""The strategic (normal) form of a two-player extensive-form game (:mod:`engine.games.extensive`): each player's
pure strategies (an action at every one of their information sets) and the expected payoffs of every pair.

A pure strategy is written as its actions in the order of the player's sets (``beer,quiche``). A behaviour
strategy of a game of perfect recall plays the pure strategy *s* with probability the product, over the player's
sets, of the probability of *s*'s action there (Kuhn's theorem: the same outcome as the behaviour strategy), which
is how :func:`mixed_strategy` marks an equilibrium found on the tree in the table.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.errors import ExtensiveRequestError
from engine.games.extensive import CHANCE_PLAYER, ExtensiveGame

STRATEGY_LIMIT = 64
"""The most pure strategies a player may have for the strategic form (Kuhn poker's players have exactly 64)."""

Strategy = tuple[int, ...]
"""One action index per information set of the player, in the order of the sets' numbers."""


@dataclass
class StrategicForm:
    """The table: ``payoffs[i][j]`` is the pair of expected payoffs when the first player plays ``rows[i]`` and the
    second ``columns[j]``."""

    players: tuple[str, str]
    rows: list[Strategy]
    columns: list[Strategy]
    row_names: list[str]
    column_names: list[str]
    payoffs: list[list[tuple[Fraction, Fraction]]]


def pure_strategies(game: ExtensiveGame, player: int) -> list[Strategy]:
    """Every pure strategy of ``player`` (1 or 2), in lexicographic order of the actions."""
    sets = game.player_infosets(player)
    return [tuple(s) for s in itertools.product(*(range(len(i.actions)) for i in sets))]


def strategy_name(game: ExtensiveGame, player: int, strategy: Strategy) -> str:
    """``beer,quiche``: the actions at the player's sets, in order (``-`` for a player with no sets)."""
    sets = game.player_infosets(player)
    return ",".join(s.actions[a] for s, a in zip(sets, strategy, strict=True)) or "-"


def strategic_form(game: ExtensiveGame) -> StrategicForm:
    """The strategic form of a two-player game.

    :raises ExtensiveGameError: not two players, or a player with more than :data:`STRATEGY_LIMIT` strategies.
    """
    if len(game.players) != 2:
        raise ExtensiveRequestError(f"{{strategic:name}} draws the table of a two-player game; this one has "
                                    f"{len(game.players)} players", strategic=True)
    counts = []
    for player in (1, 2):
        count = 1
        for infoset in game.player_infosets(player):
            count *= len(infoset.actions)
        if count > STRATEGY_LIMIT:
            raise ExtensiveRequestError(f"{game.player_name(player)} has {count:,} pure strategies, more than the "
                                        f"{STRATEGY_LIMIT} {{strategic:name}} tabulates", strategic=True)
        counts.append(count)
    rows, columns = pure_strategies(game, 1), pure_strategies(game, 2)
    table = [[expected_payoffs(game, {1: r, 2: c}) for c in columns] for r in rows]
    return StrategicForm((game.player_name(1), game.player_name(2)), rows, columns,
                         [strategy_name(game, 1, r) for r in rows], [strategy_name(game, 2, c) for c in columns],
                         [[(v[0], v[1]) for v in row] for row in table])


def expected_payoffs(game: ExtensiveGame, profile: Mapping[int, Strategy]) -> tuple[Fraction, ...]:
    """Every player's expected payoff when each plays the pure strategy ``profile[player]``."""
    index = {player: {s.number: k for k, s in enumerate(game.player_infosets(player))} for player in profile}
    total = [Fraction(0)] * len(game.players)
    stack: list[tuple[int, Fraction]] = [(0, Fraction(1))]
    while stack:
        node_id, p = stack.pop()
        node = game.nodes[node_id]
        infoset = node.infoset
        if infoset is None:
            total = [t + p * v for t, v in zip(total, game.payoffs(node), strict=True)]
        elif infoset.player == CHANCE_PLAYER:
            assert infoset.probabilities is not None
            stack.extend((c, p * q) for c, q in zip(node.children, infoset.probabilities, strict=True) if q)
        else:
            action = profile[infoset.player][index[infoset.player][infoset.number]]
            stack.append((node.children[action], p))
    return tuple(total)


def mixed_strategy(game: ExtensiveGame, player: int, behaviour: Mapping[tuple[int, int], Sequence[Fraction | float]]
                   ) -> list[Fraction | float]:
    """The probability of each of ``player``'s pure strategies (in :func:`pure_strategies` order) in the mixed
    strategy equivalent to the behaviour strategy (Kuhn's theorem)."""
    sets = game.player_infosets(player)
    out: list[Fraction | float] = []
    for strategy in pure_strategies(game, player):
        p: Fraction | float = Fraction(1)
        for s, a in zip(sets, strategy, strict=True):
            p = p * behaviour[(player, s.number)][a]
        out.append(p)
    return out
