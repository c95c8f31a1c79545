"""``--show-pruned``: the subtrees alpha-beta skipped, added under its pruned moves, greyed, never counted.

Many textbooks draw a pruned branch whole, its leaves' values in grey, so that a reader sees what the search
did not need to look at. Below each pruned move's stub this adds the subtree the search skipped, searched
here with plain minimax to the same depth limit and scored the same way (a textbook tree's leaves are their
values; a game's finished positions their outcome; positions at the depth limit the evaluation). The nodes
added carry ``unsearched: true`` (the stub itself too), no visit order, no window, and a value only at their
leaves; the graph's ``nodes`` (nodes the search entered) and ``pruned`` (pruned moves) do not change, and
``unsearched`` counts the nodes added, stubs excluded.

A game's pruned subtree can be far bigger than the tree the search entered (a pruned move of the empty
tic-tac-toe board hides up to 59,704 positions), so the nodes added are limited to :data:`UNSEARCHED_BUDGET`
in all: a pruned move whose subtree does not fit in what is left stays a stub, and ``unsearched_left`` counts
those moves. ``--plies`` limits the subtrees to the plies drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import networkx as nx

from engine.game import Game
from engine.search.minimax import Evaluation, minimax
from engine.search.scoring import Scoring
from treeviz.games.registry import adapter_for
from treeviz.trees.budget import NodeBudgetExceeded

UNSEARCHED_BUDGET = 2000
"""The most nodes ``--show-pruned`` adds to one tree (stubs excluded): a figure's worth."""


def add_pruned_subtrees(G: nx.DiGraph, game: Game, recorder: Any, *, depth: int | None,
                        evaluate: Evaluation | None, scoring: Scoring, observer: Callable[[int], Any],
                        budget: int = UNSEARCHED_BUDGET) -> int:
    """Add below each pruned stub of ``G`` (a tree :func:`treeviz.trees.builder.build_tree` made from
    ``recorder``'s records) the subtree the search skipped; returns the nodes added.

    Each subtree is searched with minimax from the stub's position, to what is left of ``depth`` (None: to the
    end of the game) and of the drawn plies, scored with ``evaluate`` and ``scoring`` as the search was, and
    recorded by ``observer(budget)`` (the builder's :class:`~treeviz.trees.builder.TreeBuilder`, which stops past
    its budget of nodes).
    """
    entries = recorder.entries
    adapter = adapter_for(game)
    plies = G.graph.get("plies")
    root = G.graph.get("root", 0)
    deepest = None if plies is None else G.nodes[root]["depth"] + plies
    stubs = sorted(n for n, d in G.nodes(data=True) if d.get("pruned"))
    next_id = max(G.nodes) + 1
    added = left = 0
    for stub in stubs:
        (parent,) = G.pred[stub]
        move = G.edges[parent, stub]["move"]
        state = game.play(entries[parent][2], move)
        ply = G.nodes[stub]["depth"]
        search_left = None if depth is None else depth - ply
        drawn_left = None if deepest is None else deepest - ply
        cut = drawn_left is not None and (search_left is None or drawn_left < search_left)  # the plies drawn stop it
        limit = drawn_left if cut else search_left
        G.nodes[stub]["unsearched"] = True
        if limit is not None and limit <= 0:
            if not cut:
                _score_stub(G.nodes[stub], game, state, evaluate, scoring, limit_reached=True)
            continue
        seen = observer(budget - added + 1)
        try:  # past the plies drawn nothing is scored: a value of 0 there only lets minimax finish
            minimax(game, state, depth=limit, evaluate=_unscored if cut else evaluate, scoring=scoring, observer=seen)
        except NodeBudgetExceeded:
            left += 1
            continue
        added += _graft(G, stub, seen, adapter, next_id, frontier=limit if cut else None)
        next_id += len(seen.entries) - 1
    G.graph["unsearched"] = added
    G.graph["unsearched_left"] = left
    return added


def _score_stub(d: dict[str, Any], game: Game, state: Hashable, evaluate: Evaluation | None, scoring: Scoring,
                *, limit_reached: bool) -> None:
    """A stub at the depth limit (or the last ply drawn) is a leaf of its own: its value, as the search scores
    such a node."""
    result = game.outcome(state)
    if result is not None:
        d["value"], d["leaf"] = scoring(result, state, game), "terminal"
    elif evaluate is not None and limit_reached:
        d["value"], d["leaf"] = evaluate(state), "heuristic"
    if d.get("value") is not None:
        d["bound"] = "exact"


def _unscored(state: Hashable) -> float:
    """The stand-in evaluation past the plies drawn (those nodes are not drawn, their values never shown)."""
    return 0.0


def _graft(G: nx.DiGraph, stub: Hashable, seen: Any, adapter: Any, first_id: int, *, frontier: int | None) -> int:
    """Put the recorded subtree under ``stub`` (its record 0 is the stub's own position); returns nodes added.
    Nodes ``frontier`` plies below the stub, where the plies drawn end, get no value (they were not scored)."""
    entries, results, leaves = seen.entries, seen.results, seen.leaves
    stub_data = G.nodes[stub]
    base = stub_data["depth"]
    if len(entries) == 1:  # the stub's position is itself a leaf
        value = results[0][0]
        stub_data.update(value=value, bound="exact", leaf=leaves.get(0))
        return 0
    ids = [stub] + [first_id + k for k in range(len(entries) - 1)]
    move_name = adapter.game.move_name
    for k in range(1, len(entries)):
        parent, move, state, ply, _, _ = entries[k]
        fen, side, outcome = adapter.describe(state)
        leaf = leaves.get(k)
        if frontier is not None and ply == frontier and leaf == "heuristic":
            leaf = None
        G.add_node(ids[k], fen=fen, to_move=side, depth=base + ply, value=results[k][0] if leaf else None,
                   bound="exact" if leaf else None, order=None, pruned=False, best=False, alpha=None, beta=None,
                   leaf=leaf, outcome=outcome, cut=None, cut_value=None, cut_bound=None, pruned_children=0,
                   hidden=0, cut_by=None, parent_value=None, parent_bound=None, unsearched=True)
        edge: dict[str, Any] = {"move": move, "label": move_name(move), "pruned": False, "best": False}
        probabilities = _chances(adapter.game, entries[parent][2])
        if probabilities is not None:
            edge["probability"] = probabilities.get(move)
        G.add_edge(ids[parent], ids[k], **edge)
    return len(entries) - 1


def _chances(game: Game, state: Hashable) -> dict[Hashable, float] | None:
    """The probabilities of a chance node's events (None at a player's node)."""
    from engine.game import CHANCE

    if game.to_move(state) != CHANCE:
        return None
    return dict(game.chance_outcomes(state))  # type: ignore[attr-defined]  # a chance game, checked by the caller


__all__ = ["UNSEARCHED_BUDGET", "add_pruned_subtrees"]
