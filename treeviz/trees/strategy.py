"""A strategy drawn as a tree: one move at the strategy side's nodes, every reply at the others.

From a won position the tree of the winner's strategy is the compact proof that
the win is forced: follow it and every leaf is a win. From a drawn position each
side has a drawing strategy and gets its own tree (every leaf a draw or a win
for that side). The trees are networkx DiGraphs following notes/tree_schema.md,
so :mod:`treeviz.draw.dot_writer` and :mod:`treeviz.trees.json_export` handle them, with extra
attributes:

- graph: ``algorithm="strategy"``, ``strategy_side`` ("x"|"o"), ``strategy_kind``
  ("winning"|"drawing");
- node: ``strategy_move`` (the move the strategy plays there, ``None`` at the
  opponent's nodes and at finished games);
- edge: ``chosen`` (true for strategy moves).

``best`` keeps its schema meaning (principal variation: the strategy move, and at
the opponent's nodes its best resistance); the figure draws the chosen moves in
bold instead, see :func:`treeviz.draw.strategy_figure.strategy_dot`.
"""

from __future__ import annotations

from collections.abc import Hashable
from math import inf

import networkx as nx

from engine.game import PLAYER_NAMES, O, Player, X
from engine.search.solver import Solution

DEFAULT_MAX_NODES = 20_000
"""More nodes than any picture can hold: a guard, not a layout choice."""


class StrategyTreeTooLarge(ValueError):
    """The strategy tree has more nodes than the cap allows."""

    def __init__(self, limit: int, fen: str) -> None:
        super().__init__(f"the strategy tree of {fen!r} has more than {limit:,} nodes")
        self.limit = limit
        self.fen = fen


def strategy_tree(solution: Solution, side: Player | None = None, *, max_nodes: int = DEFAULT_MAX_NODES) -> nx.DiGraph:
    """The tree of ``side``'s strategy from the solution's root (``side`` defaults to the winner).

    The winner's strategy when ``side`` forces a win from the root, else its
    drawing strategy (``side`` must not lose from the root).

    :raises ValueError: no winner to default to, or ``side`` loses from the root.
    :raises StrategyTreeTooLarge: more than ``max_nodes`` nodes (0: no cap).
    """
    game = solution.game
    root = solution.root
    side = solution.winner if side is None else side
    if side is None:
        raise ValueError("the position is a draw: say whose drawing strategy to draw")
    sign = 1 if side == X else -1
    root_value = solution.value
    if root_value * sign < 0:
        raise ValueError(f"{PLAYER_NAMES[side]} loses from {game.fen(root)!r} with best play: "
                         "it has neither a winning nor a drawing strategy")
    kind = "winning" if root_value * sign > 0 else "drawing"
    strategy = solution.winning_strategy(side) if kind == "winning" else solution.drawing_strategy(side)

    G: nx.DiGraph = nx.DiGraph()
    G.graph.update(
        algorithm="strategy", game=game.name, root_fen=game.fen(root), value=root_value,
        best_moves=list(solution.optimal_moves()), depth=None, scoring="plain", order="ascending",
        hidden=0, max_nodes=0, pruned=0, strategy_side=PLAYER_NAMES[side], strategy_kind=kind,
    )
    fen = game.fen
    outcome_of = game.outcome
    results: dict[float, str] = {1: "x", -1: "o", 0: "draw"}

    def add(state: Hashable, depth: int, on_pv: bool) -> int:
        node = G.number_of_nodes()
        if max_nodes and node >= max_nodes:
            raise StrategyTreeTooLarge(max_nodes, fen(root))
        outcome = outcome_of(state)
        mover = game.to_move(state)
        chosen = strategy.get(state) if mover == side else None
        G.add_node(
            node, fen=fen(state), to_move=PLAYER_NAMES[mover], depth=depth, value=solution.value_of(state),
            bound="exact", order=node, pruned=False, best=on_pv, alpha=-inf, beta=inf,
            leaf="terminal" if outcome is not None else None,
            outcome=results[outcome] if outcome is not None else None,
            cut=None, cut_value=None, cut_bound=None, pruned_children=0, hidden=0, strategy_move=chosen,
        )
        if outcome is not None:
            return node
        if mover == side:
            moves = [(chosen, game.play(state, chosen))]
        else:
            moves = list(game.successors(state))
        # Principal variation: the strategy move, and at the opponent's nodes its best resistance.
        best = chosen if mover == side else solution.best_move(state) if on_pv else None
        for move, child in moves:
            child_id = add(child, depth + 1, on_pv and move == best)
            G.add_edge(node, child_id, move=move, label=game.move_name(move), pruned=False,
                       best=on_pv and move == best, chosen=move == chosen)
        return node

    add(root, 0, True)
    G.graph["nodes"] = G.graph["shown"] = G.number_of_nodes()
    return G


def strategy_trees(solution: Solution, *, max_nodes: int = DEFAULT_MAX_NODES) -> list[nx.DiGraph]:
    """What ``solve`` draws: the winner's strategy tree, or from a drawn position both drawing strategies (x, o)."""
    if solution.winner is not None:
        return [strategy_tree(solution, max_nodes=max_nodes)]
    return [strategy_tree(solution, side, max_nodes=max_nodes) for side in (X, O)]
