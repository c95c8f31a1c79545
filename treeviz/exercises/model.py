"""An alpha-beta exercise: the whole tree a student sees, and what the search did on it, node by node.

A worksheet, its answer key and the page's quiz all show the *whole* tree (every move, pruned or not: the
student decides what is pruned) and check the student against one real search. :func:`exercise` records two
searches of the position in the same move order, minimax for the whole tree and its exact values, then the
asked search (alpha-beta, usually) for what it examined: visit order, the value and bound each examined node
returned, its window at entry and after each child, and for each cut the comparison that caused it. Nodes come
in preorder of the whole tree, children in the order searched.

Windows are from the first player's point of view (MAX's), as in the figures: at a MAX node alpha rises as
children return, at a MIN node beta falls; a node cuts when alpha reaches beta (``>=``: a tie cuts too, the
search's fail-soft rule), and the moves left are pruned.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import asdict, dataclass, field
from math import inf, isinf
from typing import Any

from engine.game import CHANCE
from treeviz.draw.explain import cut_words, window_steps
from treeviz.draw.labels import ALPHA, BETA, GEQ, LEQ, format_number
from treeviz.games.adapter import probability_words
from treeviz.games.registry import adapter_for
from treeviz.games.start import Start
from treeviz.trees.budget import DEFAULT_NODE_BUDGET
from treeviz.trees.builder import Algorithm, OrderName, ScoringChoice, TreeBuilder, record_search

SIDE_CHANCE = 2
"""``side`` of a chance node (0: first player, MAX; 1: second, MIN)."""


@dataclass
class ExerciseNode:
    """One node of the whole tree and what the search did there (None where it did not go)."""

    id: int
    parent: int
    """The parent's id, -1 at the root."""
    depth: int
    move: str
    """The move into it as the game writes it ('' at the root)."""
    place: int
    """Its place among its siblings in the search's order, from 1 (0 at the root)."""
    probability: str | None
    """Under a chance node: the branch's probability as written (``1/2``)."""
    fen: str
    """The position as the game writes it (a textbook node's name or path)."""
    caption: str | None
    """A name to write beside it (a textbook tree's ``B``)."""
    side: int
    """Who moves: 0 the first player (MAX), 1 the second (MIN), 2 chance."""
    children: list[int] = field(default_factory=list)
    leaf: bool = False
    """No move below it in the whole tree (a finished game, or the depth limit)."""
    leaf_value: float | None = None
    """A leaf's value, given to the student (first player's view)."""
    leaf_kind: str | None = None
    """``terminal`` or ``heuristic`` (scored by the evaluation at the depth limit)."""
    minimax: float = 0.0
    """The node's exact (expecti)minimax value."""
    examined: bool = False
    """The search entered it."""
    order: int | None = None
    """Visit order (#0 the root)."""
    value: float | None = None
    """What the search returned here: exact, or a bound (``bound``)."""
    bound: str | None = None
    """``exact``, ``lower`` (the true value is at least ``value``) or ``upper`` (at most)."""
    alpha: float | None = None
    """The window at entry."""
    beta: float | None = None
    windows: list[tuple[float, float]] = field(default_factory=list)
    """The window at entry, then after each child that moved it, in order."""
    cut: dict[str, Any] | None = None
    """At a node that stopped early: ``kind`` (``beta`` at a MAX node, ``alpha`` at a MIN node), ``value`` reached,
    ``bound`` (the window side it reached), ``after`` (the id of the child whose return caused it), ``pruned``
    (the ids of the children skipped)."""
    pruned: bool = False
    """A child skipped by its parent's cut: the top of a pruned branch (the edge a student marks)."""
    below_pruned: bool = False
    """Inside a pruned branch, below its top: never reached."""
    reason: str = ""
    """Why the search went here or did not, in words (for the key and the quiz)."""


@dataclass
class Exercise:
    """One exercise: the whole tree with the search on it (:func:`exercise`)."""

    title: str
    """The position as headings name it (a textbook tree's notation, ``tic-tac-toe x21o11xo o``)."""
    game: str
    algorithm: str
    order: str
    players: tuple[str, str]
    """The players' names, first player (MAX) first."""
    nodes: list[ExerciseNode]
    value: float
    """The root's value (exact)."""
    signed: bool
    """Values are written with their sign (``+1``; a textbook tree's ``3`` has none)."""

    @property
    def root(self) -> ExerciseNode:
        return self.nodes[0]

    @property
    def examined(self) -> int:
        """Nodes the search entered."""
        return sum(n.examined for n in self.nodes)

    @property
    def leaves(self) -> list[ExerciseNode]:
        """Every leaf, left to right."""
        return [n for n in self.nodes if n.leaf]

    @property
    def leaves_examined(self) -> int:
        return sum(n.examined for n in self.nodes if n.leaf)

    @property
    def pruned_moves(self) -> list[ExerciseNode]:
        """The tops of the pruned branches, in preorder."""
        return [n for n in self.nodes if n.pruned]

    def number(self, value: float | None) -> str:
        """A value as this exercise writes it."""
        return format_number(value, signed=self.signed)

    def value_text(self, node: ExerciseNode) -> str:
        """What the search proved at ``node``: ``3``, ``≤ 2``, ``≥ 5`` ('' when it did not go there)."""
        if not node.examined:
            return ""
        relation = {"lower": GEQ + " ", "upper": LEQ + " "}.get(node.bound or "exact", "")
        return relation + self.number(node.value)

    def window_text(self, window: tuple[float, float]) -> str:
        """``[3, +∞]``: a window with infinities written out."""
        return f"[{self.number(window[0])}, {self.number(window[1])}]"

    def to_json(self) -> dict[str, Any]:
        """The exercise as plain JSON data (infinities as None), for the page's quiz."""
        def plain(value: Any) -> Any:
            if isinstance(value, float) and isinf(value):
                return None
            if isinstance(value, list | tuple):
                return [plain(v) for v in value]
            if isinstance(value, dict):
                return {k: plain(v) for k, v in value.items()}
            return value
        data = {"title": self.title, "game": self.game, "algorithm": self.algorithm, "order": self.order,
                "players": list(self.players), "value": self.value, "signed": self.signed,
                "nodes": [asdict(n) for n in self.nodes]}
        return plain(data)


def exercise(start: Start, *, algorithm: Algorithm = "alphabeta", depth: int | None = None,
             order: OrderName = "ascending", seed: int | None = 0, scoring: ScoringChoice = "plain",
             node_budget: int = DEFAULT_NODE_BUDGET) -> Exercise:
    """The exercise of searching ``start`` (a game and state, :func:`treeviz.games.start.starting_point`) with
    ``algorithm`` (``alphabeta`` or ``minimax``) in move ``order``, to ``depth`` plies if given.

    :raises ValueError: what :func:`treeviz.trees.builder.record_search` refuses.
    :raises treeviz.trees.budget.NodeBudgetExceeded: the whole tree has more than ``node_budget`` nodes.
    """
    game, state = start.game, start.state
    adapter = adapter_for(game)
    whole, _, _ = record_search(game, state, algorithm="minimax", depth=depth, scoring=scoring, order=order,
                                node_budget=node_budget, seed=seed)
    searched, attrs, _ = record_search(game, state, algorithm=algorithm, depth=depth, scoring=scoring, order=order,
                                       node_budget=node_budget, seed=seed)
    nodes = _whole_tree(whole, adapter)
    _overlay(nodes, whole, searched, algorithm)
    exercise = Exercise(title=start.words, game=str(attrs["game"]), algorithm=algorithm, order=order,
                        players=adapter.sides.names, nodes=nodes, value=nodes[0].minimax,
                        signed=adapter.signed_values)
    for node in nodes:
        node.reason = reason(exercise, node)
    return exercise


def _whole_tree(rec: TreeBuilder, adapter: Any) -> list[ExerciseNode]:
    """The minimax search's record as nodes in preorder (its visit order is a preorder of the whole tree)."""
    game = adapter.game
    nodes: list[ExerciseNode] = []
    for i, (parent, move, state, ply, _, _) in enumerate(rec.entries):
        fen, side_name, _ = adapter.describe(state)
        player = game.to_move(state)
        side = SIDE_CHANCE if player == CHANCE else int(player)
        probability = None
        caption = adapter.caption(fen)
        node = ExerciseNode(id=i, parent=parent, depth=ply, move="" if parent < 0 else adapter.move_name(move),
                            place=0, probability=probability, fen=fen, caption=caption, side=side)
        value, _ = rec.results[i]  # type: ignore[misc]  # all set once the search is over
        node.minimax = value
        kind = rec.leaves.get(i)
        if kind is not None:
            node.leaf = True
            node.leaf_value = value
            node.leaf_kind = kind
        if parent >= 0:
            up = nodes[parent]
            up.children.append(i)
            node.place = len(up.children)
            if up.side == SIDE_CHANCE:
                node.probability = _probability(adapter, rec.entries[parent][2], move)
        nodes.append(node)
    return nodes


def _probability(adapter: Any, state: Hashable, move: Hashable) -> str | None:
    """The probability of the chance branch ``move`` below ``state``, as the game writes it."""
    text_of = getattr(adapter.game, "probability_text", None)
    if text_of is not None:
        return str(text_of(move))
    for m, p in adapter.game.chance_outcomes(state):
        if m == move:
            return probability_words(p)
    return None


def _overlay(nodes: list[ExerciseNode], whole: TreeBuilder, searched: TreeBuilder, algorithm: str) -> None:
    """Mark on the whole tree what ``searched`` did: the nodes it entered, their windows and values, its cuts."""
    child_by_move: dict[tuple[int, Hashable], int] = {}
    for i, (parent, move, *_rest) in enumerate(whole.entries):
        if parent >= 0:
            child_by_move[(parent, move)] = i
    where: list[int] = []  # search id -> whole-tree id
    for k, (parent, move, _state, _ply, alpha, beta) in enumerate(searched.entries):
        i = 0 if parent < 0 else child_by_move[(where[parent], move)]
        where.append(i)
        node = nodes[i]
        node.examined = True
        node.order = k
        node.value, node.bound = searched.results[k]  # type: ignore[misc]  # all set once the search is over
        node.alpha, node.beta = alpha, beta
    for node in nodes:
        if node.examined:
            node.windows = window_history(node, nodes)
    for k, kind, value, bound, skipped in searched.cuts:
        i = where[k]
        node = nodes[i]
        pruned = [child_by_move[(i, m)] for m in skipped]
        examined = [c for c in node.children if nodes[c].examined]
        node.cut = {"kind": kind, "value": value, "bound": bound, "after": examined[-1] if examined else None,
                    "pruned": pruned}
        for c in pruned:
            nodes[c].pruned = True
    for node in nodes:  # preorder: a parent is marked before its children
        if node.parent >= 0 and not node.examined and not node.pruned:
            node.below_pruned = True


def window_history(node: ExerciseNode, nodes: Sequence[ExerciseNode]) -> list[tuple[float, float]]:
    """The window of an examined node at entry, then after each examined child that moved it
    (:func:`treeviz.draw.explain.window_steps`)."""
    alpha = -inf if node.alpha is None else node.alpha
    beta = inf if node.beta is None else node.beta
    children = sorted((nodes[c] for c in node.children if nodes[c].examined), key=lambda n: n.order or 0)
    return window_steps(alpha, beta, node.side, (child.value for child in children))


def cut_text(ex: Exercise, cut: dict[str, Any]) -> str:
    """``β-cut: 5 ≥ β=3`` / ``α-cut: 2 ≤ α=3``: the comparison that stopped a node, as every figure words it."""
    return cut_words(cut["kind"], cut["value"], cut["bound"], signed=ex.signed)


def reason(ex: Exercise, node: ExerciseNode) -> str:
    """Why the search went to ``node`` or not, in words: the window it was reached with, or the cut that
    skipped it (ties included: the search cuts when the value reaches the window's far side)."""
    if node.parent < 0:
        return f"the root: searched with the window {ex.window_text(node.windows[0] if node.windows else (-inf, inf))}"
    parent = ex.nodes[node.parent]
    mover = "chance" if parent.side == SIDE_CHANCE else ex.players[parent.side]
    other = ex.players[1 - parent.side] if parent.side != SIDE_CHANCE else ""
    if node.examined:
        if parent.side == SIDE_CHANCE:
            return "searched: every branch of a chance node is searched, with the full window"
        a = -inf if node.alpha is None else node.alpha
        b = inf if node.beta is None else node.beta
        return (f"searched: when move {node.move or node.place} was reached {ALPHA} = {ex.number(a)} < "
                f"{BETA} = {ex.number(b)}, so the window was still open")
    if node.pruned:
        cut = parent.cut or {}
        after = ex.nodes[cut["after"]] if cut.get("after") is not None else None
        returned = f"after move {after.move or after.place} returned {ex.value_text(after)}, " if after else ""
        tie = " (a tie is enough: the search cuts when the value reaches the bound)" \
            if cut.get("value") == cut.get("bound") else ""
        if cut.get("kind") == "beta":
            why = (f"{mover} can already get {ex.number(cut['value'])} or more here, and {other} has "
                   f"{ex.number(cut['bound'])} elsewhere, so {other} will not let the game come here")
        else:
            why = (f"{mover} can already hold this node to {ex.number(cut['value'])} or less, and {other} has "
                   f"{ex.number(cut['bound'])} elsewhere, so {other} will not let the game come here")
        return f"pruned ({cut_text(ex, cut)}): {returned}{why}{tie}"
    return "not reached: it lies in a pruned branch"


def leaf_values_line(ex: Exercise) -> str:
    """The leaves' values left to right, for a sheet's caption."""
    return " ".join(ex.number(n.leaf_value) for n in ex.leaves)


__all__ = ["Exercise", "ExerciseNode", "SIDE_CHANCE", "cut_text", "exercise", "leaf_values_line", "reason",
           "window_history"]
