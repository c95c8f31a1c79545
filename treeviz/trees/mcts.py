"""Monte Carlo tree search trees as networkx graphs, rebuilt from the search's own events.

:class:`MctsTreeBuilder` is an :class:`engine.search.observer.MctsObserver`: from one event
per iteration (the path of moves, whether its last node is new, the playout's
result, the nodes the solver proved) it rebuilds the whole tree in flat lists --
visits, totals from x's point of view, the iteration that created each node, proven
values -- and keeps the events themselves for the page's replay.
:func:`build_mcts_tree` runs :func:`engine.search.mcts.mcts` with it and checks the rebuilt
root statistics against the engine's own answer.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any, cast

import networkx as nx

from engine.errors import ParameterError
from engine.game import CHANCE, MAX_GAME_LENGTH, ChanceGame, Game
from engine.search.mcts import mcts, ucb
from treeviz.games.registry import adapter_for
from treeviz.graph_dicts import succ_dict


class MctsTreeBuilder:
    """Rebuilds the search tree from per-iteration events, in flat lists indexed by node id.

    Node ids are creation order: the root is 0 and the node created by iteration
    ``t`` (1-based) gets the next id, so a parent's id is always below its children's.
    """

    def __init__(self) -> None:
        self.parent: list[int] = [-1]
        self.move: list[Hashable | None] = [None]
        self.created: list[int] = [0]
        """The iteration (1-based) that created each node; 0 for the root."""
        self.visits: list[int] = [0]
        self.total: list[float] = [0.0]
        """Sum of the playout results through each node, from x's point of view."""
        self.proven: list[float | None] = [None]
        self.children: list[dict[Hashable, int]] = [{}]
        self.leaves: list[int] = []
        """Per iteration: the node where its playout began (the end of its path)."""
        self.results: list[float] = []
        """Per iteration: the playout's result from x's point of view."""
        self.proofs: list[tuple[int, int, float]] = []
        """(iteration, node, value) for every proof the solver reported, in order."""

    def iteration(self, path: Sequence[Hashable], expanded: bool, result: float,
                  proven: Sequence[tuple[int, float]]) -> None:
        """Record one iteration (see :class:`engine.search.observer.MctsObserver`)."""
        children, visits, total = self.children, self.visits, self.total
        node = 0
        ids = [0]
        last = len(path) - 1
        for k, move in enumerate(path):
            child = children[node].get(move)
            if child is None:
                if not (expanded and k == last):
                    raise ValueError(f"iteration {len(self.leaves) + 1} goes through move {move!r}, never created")
                child = len(self.parent)
                self.parent.append(node)
                self.move.append(move)
                self.created.append(len(self.leaves) + 1)
                visits.append(0)
                total.append(0.0)
                self.proven.append(None)
                children.append({})
                children[node][move] = child
            elif expanded and k == last:
                raise ValueError(f"iteration {len(self.leaves) + 1} says it created a node that already exists")
            node = child
            ids.append(node)
        for i in ids:
            visits[i] += 1
            total[i] += result
        iteration = len(self.leaves) + 1
        for index, value in proven:
            self.proven[ids[index]] = value
            self.proofs.append((iteration, ids[index], value))
        self.leaves.append(node)
        self.results.append(result)

    def __len__(self) -> int:
        """Nodes in the tree so far, root included."""
        return len(self.parent)

    def to_graph(self, game: Game, state: Hashable, *, c: float, principal_variation: Sequence[Hashable] = (),
                 max_nodes: int = 0, graph_attrs: dict[str, Any] | None = None) -> nx.DiGraph:
        """The tree as a DiGraph: node ids are creation order; ``max_nodes`` (0: all) keeps the most-visited
        nodes (the principal variation always), which is a subtree since a parent has at least its child's visits."""
        n = len(self.parent)
        parent, moves, visits, total = self.parent, self.move, self.visits, self.total
        states: list[Hashable] = [state]
        play = game.play
        for i in range(1, n):
            states.append(play(states[parent[i]], moves[i]))
        best = [0]
        for move in principal_variation:
            child = self.children[best[-1]].get(move)
            if child is None:
                break
            best.append(child)
        best_set = set(best) if principal_variation else set()

        if max_nodes > 0 and n > max_nodes:
            shown = bytearray(n)
            budget = max_nodes
            for i in best:
                if budget > 0:
                    shown[i] = 1
                    budget -= 1
            for i in sorted(range(n), key=lambda i: (-visits[i], i)):
                if budget <= 0:
                    break
                if not shown[i]:
                    shown[i] = 1
                    budget -= 1
            size = [1] * n
            shown_size = list(shown)
            for i in range(n - 1, 0, -1):
                size[parent[i]] += size[i]
                shown_size[parent[i]] += shown_size[i]
            hidden = [size[i] - shown_size[i] if shown[i] else 0 for i in range(n)]
        else:
            shown = bytearray(b"\x01") * n
            hidden = [0] * n

        to_move, outcome, move_name = game.to_move, game.outcome, game.move_name
        describe = adapter_for(game).describe
        movers = [to_move(s) for s in states]
        x_moves = [m == 0 for m in movers]
        chances = {p: dict(cast(ChanceGame, game).chance_outcomes(states[p]))
                   for p in set(parent[1:]) if movers[p] == CHANCE}
        """The chance nodes' events and probabilities: edges below them carry theirs, and their children no UCB
        (chance events are drawn by probability, not chosen)."""
        depth = [0] * n
        for i in range(1, n):
            depth[i] = depth[parent[i]] + 1
        G: nx.DiGraph = nx.DiGraph(**(graph_attrs or {}))
        for i in range(n):
            if not shown[i]:
                continue
            s = states[i]
            v = visits[i]
            mean = total[i] / v if v else 0.0
            p = parent[i]
            chance = chances.get(p)
            score = (ucb(total[i], v, visits[p], c, x_moves[p]) if p >= 0 and v and visits[p] > 0 and chance is None
                     else None)
            result = outcome(s)
            proven = self.proven[i]
            fen, side, outcome_name = describe(s)
            G.add_node(i, fen=fen, to_move=side, depth=depth[i], visits=v,
                       total=total[i], mean=mean, ucb=score, proven=proven,
                       value=proven if proven is not None else mean, iteration=self.created[i], order=i,
                       best=i in best_set, outcome=outcome_name,
                       leaf="terminal" if result is not None else None, pruned=False, hidden=hidden[i])
            if p >= 0:
                G.add_edge(p, i, move=moves[i], label=move_name(moves[i]), visits=v, best=i in best_set,
                           pruned=False)
                if chance is not None:
                    succ_dict(G)[p][i]["probability"] = chance[moves[i]]
        # The iteration log, for replays: a playout below the cut is counted at its nearest drawn ancestor.
        drawn = list(range(n))
        for i in range(1, n):
            if not shown[i]:
                drawn[i] = drawn[parent[i]]
        G.graph.update(nodes=n, shown=G.number_of_nodes(), hidden=n - G.number_of_nodes(), max_nodes=max_nodes,
                       pruned=0, iteration_leaf=[drawn[i] for i in self.leaves], iteration_result=list(self.results),
                       proofs=[[t, i, v] for t, i, v in self.proofs if shown[i]])
        if CHANCE in movers:
            G.graph["chance"] = True  # as every tree with chance nodes says (notes/tree_schema.md)
        return G


def build_mcts_tree(game: Game, state: Hashable, *, iterations: int, c: float = math.sqrt(2), seed: int | None = 0,
                    solver: bool = False, max_nodes: int = 0, max_game_length: int = MAX_GAME_LENGTH) -> nx.DiGraph:
    """Run UCT for ``iterations`` iterations from ``state`` and return its tree as a DiGraph.

    Graph fields: ``algorithm`` ``"mcts"``, ``game``, ``root_fen``, ``iterations``,
    ``c``, ``seed``, ``solver``, ``value`` (the root's mean, or its proven value),
    ``proven``, ``best_moves`` (the most-visited root move), ``principal_variation``
    (the most-visited chain), ``root_visits``, ``nodes``, ``shown``, ``hidden``, and the
    iteration log ``iteration_leaf`` (the node where each playout began, or its nearest
    drawn ancestor), ``iteration_result`` (x's view) and ``proofs`` (``[iteration, node, value]``);
    node fields ``visits``, ``total``, ``mean``, ``ucb``, ``proven``, ``iteration``
    and the usual ``fen``, ``to_move``, ``depth``, ``value``, ``order``, ``best``.

    :raises ValueError: bad search arguments (from the engine) or a negative cap.
    :raises engine.errors.GameTooLongError: a playout past ``max_game_length`` moves (a game that never ends).
    """
    if max_nodes < 0:
        raise ParameterError("{max_nodes} must be 0 (no limit) or more", max_nodes=max_nodes)
    builder = MctsTreeBuilder()
    result = mcts(game, state, iterations=iterations, c=c, seed=seed, solver=solver, observer=builder,
                  max_game_length=max_game_length)
    _check_against(builder, result)
    graph_attrs = {
        "algorithm": "mcts",
        "game": game.name,
        "root_fen": game.fen(state),
        "iterations": result.iterations,
        "c": c,
        "seed": seed,
        "solver": solver,
        "value": result.proven if result.proven is not None else result.value,
        "mean": result.value,
        "proven": result.proven,
        "best_moves": [] if result.best_move is None else [result.best_move],
        "principal_variation": list(result.principal_variation),
        "root_visits": result.root_visits,
        "depth": None,
        "scoring": "plain",
    }
    return builder.to_graph(game, state, c=c, principal_variation=result.principal_variation, max_nodes=max_nodes,
                            graph_attrs=graph_attrs)


def _check_against(builder: MctsTreeBuilder, result: Any) -> None:
    """The rebuilt tree must agree with what the engine says about its root and its size."""
    if builder.visits[0] != result.root_visits:
        raise AssertionError(f"rebuilt root visits {builder.visits[0]} != engine's {result.root_visits}")
    if result.nodes and len(builder) != result.nodes:
        raise AssertionError(f"rebuilt {len(builder)} nodes but the engine has {result.nodes}")
    for move, visits, total, proven in result.root_stats:
        child = builder.children[0].get(move)
        if child is None or builder.visits[child] != visits or builder.total[child] != total \
                or builder.proven[child] != proven:
            raise AssertionError(f"root move {move!r}: rebuilt statistics differ from the engine's")


__all__ = ["MctsTreeBuilder", "build_mcts_tree"]
