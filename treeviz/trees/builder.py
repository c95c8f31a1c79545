"""Search trees as networkx graphs: record what a search does, then build the DiGraph.

:class:`TreeBuilder` is a search observer that writes each event into flat lists
(cheap enough to record the whole 549,946-node minimax tree of the empty board);
:meth:`TreeBuilder.to_graph` turns those lists into the DiGraph described in
``notes/tree_schema.md`` in bulk. :func:`build_tree` runs a search and does both,
applying the ``max_nodes`` cap (whole levels, then the principal variation); its graph
is made on first use (:class:`treeviz.trees.recorded.RecordedTree`), so a tree only
written as JSON never holds its half a million node dicts.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Literal, get_args

import networkx as nx

from engine.errors import ParameterError
from engine.game import Game
from engine.games.textbook import TextbookTree
from engine.search.alphabeta import MoveOrder, alphabeta
from engine.search.minimax import Evaluation, minimax
from engine.search.ordering import SeededOrder, ValueOrder
from engine.search.scoring import SCORINGS, Scoring, plain
from engine.search.search_result import SearchResult
from treeviz.games.registry import adapter_for
from treeviz.trees import crop
from treeviz.trees.budget import NodeBudgetExceeded, budget_exceeded, check_foreseen_size, too_deep
from treeviz.trees.recorded import recorded_tree

Algorithm = Literal["minimax", "alphabeta"]
ALGORITHMS: tuple[Algorithm, ...] = get_args(Algorithm)
"""The searches a tree can be drawn from."""

# -- move orders -----------------------------------------------------------
# Each maps a game (and what the search will be: its depth limit, evaluation, scoring, seed and node budget) to
# an ``order`` for the search, None for the game's own order.


def _ascending(game: Game, **search: Any) -> MoveOrder | None:
    """The game's own move order (ascending cells for the games of cells: the textbook order)."""
    return None


def _descending(game: Game, **search: Any) -> MoveOrder | None:
    """The game's order reversed (descending cells for the games of cells)."""
    def order(state: Hashable, moves: Sequence[Hashable]) -> list[Hashable]:
        return list(reversed(moves))
    return order


def _center_first(game: Game, **search: Any) -> MoveOrder | None:
    """Centre first, then corners, then sides, as the game's adapter ranks moves.

    :raises ValueError: a game whose adapter ranks no centre (it is not played on 3x3 cells).
    """
    adapter = adapter_for(game)
    key = adapter.centre_first()
    if key is None:
        raise ValueError(adapter.centre_first_refusal())

    def order(state: Hashable, moves: Sequence[Hashable]) -> list[Hashable]:
        return sorted(moves, key=key)
    return order


def _by_value(best: bool) -> Callable[..., MoveOrder | None]:
    def factory(game: Game, *, depth: int | None = None, evaluate: Evaluation | None = None,
                scoring: Scoring = plain, node_budget: int = 0, **search: Any) -> MoveOrder | None:
        def over_budget(count: int) -> NodeBudgetExceeded:
            return NodeBudgetExceeded(
                f"the {{order}} order needs every position's value, and valuing them passed {count:,} positions, "
                "the most {node_budget} allows: give a smaller {depth:name}, raise {node_budget:name} (0: no "
                "budget) or use another {order:name}", nodes=count, budget=node_budget, depth=None,
                order="best" if best else "worst")
        return ValueOrder(game, best=best, depth=depth, evaluate=evaluate, scoring=scoring, budget=node_budget,
                          on_budget=over_budget)
    factory.__doc__ = f"Each node's {'best' if best else 'worst'} move first, by the children's true values."
    return factory


def _random(game: Game, *, seed: int | None = 0, **search: Any) -> MoveOrder | None:
    """Each node's moves shuffled by the seed and the position, the same in every search of it."""
    return SeededOrder(game.fen, seed)


OrderName = Literal["ascending", "best", "worst", "random", "center-first", "descending"]
ORDERS: dict[OrderName, Callable[..., MoveOrder | None]] = {
    "ascending": _ascending,
    "best": _by_value(True),
    "worst": _by_value(False),
    "random": _random,
    "center-first": _center_first,
    "descending": _descending,
}
"""Move orders by the name the CLI uses; each maps a game to an ``order`` for the search
(None: the search's own ascending order), given the search's ``depth``, ``evaluate``, ``scoring``, ``seed`` and
``node_budget`` as keywords. :data:`ORDER_HELP` says what each does."""

ORDER_HELP: dict[OrderName, str] = {
    "ascending": "the game's own order: by move number, the textbook order (node counts as in the course)",
    "best": "each node's best move first, by the true values below it (the fewest nodes alpha-beta can examine)",
    "worst": "each node's worst move first (the most: every leaf when the leaf values differ)",
    "random": "shuffled by --seed, the same shuffle at a node in every search",
    "center-first": "centre, then corners, then sides (boards within a board: by the cell inside its sub-board)",
    "descending": "the game's order reversed: by move number, highest first",
}
"""One phrase per order, for ``--help`` texts (``name: phrase``)."""

ScoringChoice = Literal["plain", "quick", "heuristic"]
SCORING_NAMES: tuple[ScoringChoice, ...] = (*SCORINGS, "heuristic")
"""``plain`` +1/0/-1, ``quick`` faster wins score higher, ``heuristic`` the game's own
scale for depth-limited trees (finished games far outside the evaluation's range)."""


def default_evaluation(game: Game) -> tuple[Evaluation, Scoring]:
    """The evaluation for depth-limited leaves of ``game`` and the scoring that fits it.

    :raises ValueError: the game has no evaluation to offer.
    """
    adapter = adapter_for(game)
    found = adapter.evaluation()
    if found is not None:
        return found
    raise ValueError(adapter.evaluation_refusal())


# -- the observer ------------------------------------------------------------

class TreeBuilder:
    """A search observer that records the tree in flat lists, one entry per event.

    Entered nodes get ids in visit order (the root is 0). Per node it keeps the
    parent, the move that led there, the state, the ply, the window at entry, the
    value and bound returned, and, sparsely, the leaf kind and the cut-off with
    the moves it skipped. With a ``budget`` (0: none), entering one node more than it
    allows raises :class:`treeviz.trees.budget.NodeBudgetExceeded`, stopping the search.
    """

    def __init__(self, budget: int = 0, algorithm: Algorithm = "minimax") -> None:
        entries: list[tuple[int, Hashable, Hashable, int, float, float]] = []
        results: list[tuple[float, str] | None] = []
        leaves: dict[int, str] = {}
        cuts: list[tuple[int, str, float, float, tuple[Hashable, ...]]] = []
        stack = [-1]
        self.entries = entries
        """(parent, move, state, ply, alpha, beta) per entered node, by id."""
        self.results = results
        """(value, bound) per entered node, by id (None until the node is left)."""
        self.leaves = leaves
        """Leaf kind by node id, for nodes scored without expanding them."""
        self.cuts = cuts
        """(node, kind, value, bound, skipped moves) per cut-off, in report order."""

        append_entry = entries.append
        append_result = results.append
        push = stack.append
        pop = stack.pop

        full = budget if budget > 0 else -1

        # Closures rather than methods: no attribute look-ups on the hot path.
        def enter(state: Hashable, move: Hashable | None, ply: int, alpha: float, beta: float) -> None:
            entered = len(results)
            if entered == full:
                raise budget_exceeded(entered, budget, algorithm)
            push(entered)
            append_entry((stack[-2], move, state, ply, alpha, beta))
            append_result(None)

        def leaf(kind: str) -> None:
            leaves[stack[-1]] = kind

        def cutoff(kind: str, value: float, bound: float, skipped: Sequence[Hashable]) -> None:
            cuts.append((stack[-1], kind, value, bound, tuple(skipped)))

        def leave(value: float, bound: str) -> None:
            results[pop()] = (value, bound)

        self.enter = enter
        self.leaf = leaf
        self.cutoff = cutoff
        self.leave = leave

    def __len__(self) -> int:
        """Number of nodes entered so far."""
        return len(self.entries)

    def __bool__(self) -> bool:
        """Always true: searches test ``if observer:`` before reporting, even before the first node."""
        return True

    def principal_variation(self) -> list[int]:
        """Node ids of the principal variation: from the root, the first child whose value is its parent's."""
        if any(r is None for r in self.results):
            raise ValueError("the search has not finished: some nodes were never left")
        parent = [e[0] for e in self.entries]
        size = [1] * len(parent)
        for i in range(len(parent) - 1, 0, -1):
            size[parent[i]] += size[i]
        return crop.principal_variation([r[0] for r in self.results], size)  # type: ignore[index]  # none is None: checked above

    def to_graph(self, game: Game, *, max_nodes: int = 0, graph_attrs: dict[str, Any] | None = None,
                 path: Sequence[str] | None = None, plies: int | None = None) -> nx.DiGraph:
        """The recorded tree as a DiGraph per the tree schema: the subtree ``path`` (move names) leads to, its
        first ``plies`` plies, cut to ``max_nodes`` (0: all); see :func:`treeviz.trees.crop.select`."""
        G = recorded_tree(self, game, max_nodes=max_nodes, graph_attrs=graph_attrs, path=path, plies=plies)
        with GcPaused():
            G.make()
        return G


class GcPaused:
    """Pause the cyclic garbage collector while millions of small acyclic containers are made.

    The collector would otherwise rescan them again and again (3x slower overall);
    everything built here is freed by reference counting.
    """

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was_enabled:
            gc.enable()


# -- the public entry point ----------------------------------------------------

def build_tree(
    game: Game,
    state: Hashable,
    *,
    algorithm: Algorithm = "minimax",
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    scoring: ScoringChoice = "plain",
    order: OrderName = "ascending",
    max_nodes: int = 0,
    path: Sequence[str] | None = None,
    plies: int | None = None,
    node_budget: int = 0,
    seed: int | None = 0,
    count_leaves: bool = False,
    show_pruned: bool = False,
) -> nx.DiGraph:
    """Search ``state`` with ``algorithm`` and return its tree as a DiGraph (see the tree schema).

    With a depth limit and no ``evaluate``, the game's own evaluation is used and a
    ``plain`` scoring becomes ``heuristic`` (finished games outside the evaluation's
    range). ``max_nodes`` (0: no limit) caps the nodes in the graph, pruned stubs
    included: whole levels from the root while they fit with the rest of the principal
    variation, then that variation to its end (a prefix of it when even that does not
    fit). ``path`` (move names as drawn, e.g. ``["3", "4"]``) keeps only the subtree under the position those
    moves reach, ``plies`` only its first plies; what they cut shows as ``hidden`` counts (see
    :mod:`treeviz.trees.crop`). The search itself always runs to the end, so values are exact, unless it
    enters more than ``node_budget`` nodes (0: no budget; see :mod:`treeviz.trees.budget`). ``order`` names one
    of :data:`ORDERS` (``seed`` shuffles the ``random`` one); ``count_leaves`` adds the graph attribute
    ``leaves``, the leaves the search examined (finished games and frontier nodes scored), which move orders
    change. ``show_pruned`` adds below each pruned move the subtree the search skipped, to its leaves (nodes
    marked ``unsearched``, never counted in ``nodes``; :mod:`treeviz.trees.pruned_subtrees`).

    :raises ValueError: an unknown algorithm, order or scoring, a negative depth or cap.
    :raises treeviz.trees.budget.NodeBudgetExceeded: the search needs more than ``node_budget`` nodes.
    :raises treeviz.trees.crop.PathError: a path that leads to no searched position.
    """
    if max_nodes < 0:
        raise ParameterError("{max_nodes} must be 0 (no limit) or more", max_nodes=max_nodes)
    recorder, graph_attrs, entered = record_search(game, state, algorithm=algorithm, depth=depth, evaluate=evaluate,
                                                   scoring=scoring, order=order, node_budget=node_budget,
                                                   seed=seed)
    if count_leaves:
        graph_attrs["leaves"] = len(recorder.leaves)
    G = recorded_tree(recorder, game, max_nodes=max_nodes, graph_attrs=graph_attrs, path=path, plies=plies)
    if G.graph["nodes"] != entered:
        raise AssertionError(f"recorded {G.graph['nodes']} nodes but the search entered {entered}")
    if show_pruned:
        from treeviz.trees.pruned_subtrees import add_pruned_subtrees

        evaluate, score, _ = resolve_scoring(game, depth, evaluate, scoring)
        add_pruned_subtrees(G, game, recorder, depth=depth, evaluate=evaluate, scoring=score, observer=TreeBuilder)
    return G


def resolve_scoring(game: Game, depth: int | None, evaluate: Evaluation | None,
                    scoring: ScoringChoice) -> tuple[Evaluation | None, Scoring, ScoringChoice]:
    """The evaluation, scoring function and scoring name a search of ``game`` uses: with a depth limit and no
    ``evaluate``, the game's own evaluation, and a ``plain`` scoring becomes ``heuristic``."""
    if scoring == "heuristic" or (depth is not None and evaluate is None):
        default_eval, default_scoring = default_evaluation(game)
        if evaluate is None:
            evaluate = default_eval
        if scoring == "plain":
            scoring = "heuristic"
        return evaluate, default_scoring if scoring == "heuristic" else SCORINGS[scoring], scoring
    return evaluate, SCORINGS[scoring], scoring


def record_search(
    game: Game,
    state: Hashable,
    *,
    algorithm: Algorithm = "minimax",
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    scoring: ScoringChoice = "plain",
    order: OrderName = "ascending",
    node_budget: int = 0,
    seed: int | None = 0,
) -> tuple[TreeBuilder, dict[str, Any], int]:
    """Run the search with a :class:`TreeBuilder` listening, without making the graph.

    Returns the recorder, the graph attributes a tree of it gets, and the number of
    nodes the search says it entered. :func:`build_tree` turns the recorder into the
    tree; :func:`treeviz.trees.dag.merge_records` folds it into a DAG without the tree.

    :raises ValueError: as :func:`build_tree`.
    :raises treeviz.trees.budget.NodeBudgetExceeded: the search needs more than ``node_budget`` nodes (0: no
        budget); a depth-limited search of a game of steady branching (ultimate) that cannot fit is refused
        before it starts.
    """
    if algorithm not in ALGORITHMS:
        raise ParameterError(f"{{algorithm}} is not a search (expected {' or '.join(ALGORITHMS)})",
                             algorithm=algorithm)
    if order not in ORDERS:
        raise ParameterError(f"{{order}} is not a move order (expected one of {', '.join(ORDERS)})", order=order)
    if scoring not in SCORING_NAMES:
        raise ParameterError(f"{{scoring}} is not a scoring (expected one of {', '.join(SCORING_NAMES)})",
                             scoring=scoring)
    if depth is not None and depth < 0:
        raise ParameterError("{depth} must be 0 or more", depth=depth)
    if node_budget < 0:
        raise ParameterError("{node_budget} must be 0 (no budget) or more", node_budget=node_budget)
    if scoring == "quick" and getattr(game, "empty_count", None) is None:
        name = str(game.name).replace("{", "{{").replace("}", "}}")
        raise ParameterError("{scoring} counts the empty cells left when a game ends, and " + name + " has none "
                             "(no empty_count method): use the plain scoring", scoring=scoring)
    check_foreseen_size(game, state, depth, algorithm, node_budget,
                        steady_branching=adapter_for(game).steady_branching)

    evaluate, score, scoring = resolve_scoring(game, depth, evaluate, scoring)

    recorder = TreeBuilder(node_budget, algorithm)
    order_fn = ORDERS[order](game, depth=depth, evaluate=evaluate, scoring=score, seed=seed,
                             node_budget=node_budget)
    search = minimax if algorithm == "minimax" else alphabeta
    try:
        with GcPaused():
            result: SearchResult = search(game, state, depth=depth, evaluate=evaluate, scoring=score,
                                          observer=recorder, order=order_fn)
    except RecursionError:
        recorder = None  # type: ignore[assignment]  # its records go now: the error is all that is left
        raise too_deep(game, depth, textbook=isinstance(game, TextbookTree),
                       evaluated=adapter_for(game).evaluation() is not None) from None

    graph_attrs = {
        "algorithm": algorithm,
        "game": game.name,
        "root_fen": game.fen(state),
        "value": result.value,
        "best_moves": list(result.best_moves),
        "depth": depth,
        "scoring": scoring,
        "order": order,
    }
    return recorder, graph_attrs, result.nodes


__all__ = ["ALGORITHMS", "ORDERS", "ORDER_HELP", "SCORING_NAMES", "Algorithm", "OrderName", "ScoringChoice",
           "TreeBuilder", "build_tree", "default_evaluation", "record_search", "resolve_scoring"]
