"""An extensive-form game (:mod:`engine.games.extensive`), solved or not, as the networkx tree treeviz draws and
exports: the fields are in ``notes/tree_schema.md`` (section *Extensive-form games*).

Graph: ``algorithm`` (``extensive`` unsolved, ``backward`` or ``nash``), ``game`` (the title), ``players`` (names,
Gambit's order), ``payoffs`` (the root's vector, when solved), ``infosets`` (every player's set: ``id``,
``player``, ``name``, ``nodes``), ``nodes``, ``root`` (0), ``solver`` (Nash: which of Gambit's), ``imperfect_recall``
(the reason, or null). Nodes (ids in preorder, as in the ``.efg`` file): ``kind`` (``decision``, ``chance``,
``terminal``), ``label``, ``depth``, ``player`` (the mover's name; ``chance``), ``infoset`` (``2:1``) and
``infoset_name``, ``payoffs`` (leaves: what each player gets; solved: every node's expected vector), ``on_path``
(backward: reached when everyone follows the chosen actions) or ``reach`` (Nash: the probability play gets there).
Edges: ``action`` and ``label`` (the action's name), ``index``, ``probability`` (chance: the event's; Nash: the
equilibrium's behaviour probability), ``best`` and ``chosen`` (backward induction).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import networkx as nx

from engine.games.extensive import CHANCE_PLAYER, ExtensiveGame

if TYPE_CHECKING:
    from engine.search.backward import BackwardSolution
    from engine.search.nash import NashSolution


def number(value: Fraction | float) -> int | float:
    """An exact number for JSON: an int when whole, else a float."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return float(value)


def vector(values: Sequence[Fraction | float]) -> list[int | float]:
    """A payoff vector for the graph."""
    return [number(v) for v in values]


def extensive_tree(game: ExtensiveGame, *, backward: BackwardSolution | None = None,
                   nash: NashSolution | None = None) -> nx.DiGraph:
    """The tree of ``game`` with the solution given (backward induction's, or a Nash equilibrium's) on it."""
    G: nx.DiGraph = nx.DiGraph()
    algorithm = "backward" if backward is not None else "nash" if nash is not None else "extensive"
    G.graph.update(algorithm=algorithm, game=game.title, comment=game.comment, players=list(game.players),
                   nodes=len(game.nodes), root=0, imperfect_recall=game.imperfect_recall(),
                   infosets=[{"id": s.key, "player": game.player_name(s.player), "name": s.name,
                              "nodes": list(s.nodes)}
                             for s in sorted(game.infosets.values(), key=lambda s: (s.player, s.number))
                             if s.player != CHANCE_PLAYER])
    if backward is not None:
        G.graph["payoffs"] = vector(backward.payoffs)
    if nash is not None:
        G.graph["payoffs"] = vector(nash.values[0])
        G.graph["solver"] = nash.solver
    for node in game.nodes:
        infoset = node.infoset
        data: dict[str, Any] = {"kind": {"p": "decision", "c": "chance", "t": "terminal"}[node.kind],
                                "label": node.label, "depth": node.depth}
        if infoset is not None:
            data["player"] = game.player_name(infoset.player)
            if infoset.player != CHANCE_PLAYER:
                data["infoset"] = infoset.key
                if infoset.name:
                    data["infoset_name"] = infoset.name
        if node.kind == "t":
            data["payoffs"] = vector(game.payoffs(node))
        if backward is not None:
            data["payoffs"] = vector(backward.values[node.id])
            data["on_path"] = backward.on_path[node.id]
        if nash is not None:
            data["payoffs"] = vector(nash.values[node.id])
            data["reach"] = number(nash.reach[node.id])
        G.add_node(node.id, **data)
        if infoset is None:
            continue
        for index, action, child in game.children(node):
            edge: dict[str, Any] = {"action": action, "label": action, "index": index}
            if infoset.probabilities is not None:
                edge["probability"] = number(infoset.probabilities[index])
            elif nash is not None:
                edge["probability"] = number(nash.behaviour[(infoset.player, infoset.number)][index])
            if backward is not None and infoset.player != CHANCE_PLAYER:
                edge["best"] = index in backward.best[node.id]
                edge["chosen"] = index == backward.chosen[node.id]
            G.add_edge(node.id, child.id, **edge)
    return G
