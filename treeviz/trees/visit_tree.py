"""The trees of the searches that visit positions several times -- principal variation search, MTD(f), iterative
deepening, alpha-beta over a transposition table -- as the tree of their visits.

A :class:`VisitRecorder` is the tree builder (:class:`treeviz.trees.builder.TreeBuilder`) that also hears each
node's marks (:class:`engine.search.observer.VisitObserver`): every visit becomes its own node, so a re-searched
position appears twice (the null-window visit, then the re-search), MTD(f)'s passes and the iterations of iterative
deepening are subtrees under one node standing for the whole search (their edges are labelled ``pass 1``,
``depth 2`` ...), and a table hit is a leaf that says which visit the table's entry came from. The graph is the
tree schema's (``notes/tree_schema.md``) with these node fields added: ``null_window``, ``research`` (and
``research_of``: the visit it repeats, or ``fail``: the side an aspiration window missed), ``pass`` and ``gamma``,
``fail`` (``high``/``low``, of a pass or an aspiration window), ``iteration`` and ``iteration_depth``, ``tt_hit``
with ``tt_bound`` and ``tt_from``, ``tt_move``, ``search_root``, and ``note``: the words the figures write for them.
The graph counts ``researches``, ``passes``, ``iterations`` and ``tt_hits``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Literal, cast, get_args

import networkx as nx

from engine.errors import ParameterError
from engine.game import Game
from engine.search.iterative_deepening import iterative_deepening
from engine.search.mtdf import mtdf
from engine.search.observer import (
    ITERATION,
    NULL_WINDOW,
    PASS,
    RESEARCH,
    SEARCH_ROOT,
    TT_HIT,
    TT_MOVE,
)
from engine.search.pvs import pvs
from engine.search.table_alphabeta import table_alphabeta
from engine.search.visit_search import VisitResult
from treeviz.games.registry import adapter_for
from treeviz.trees.budget import check_foreseen_size
from treeviz.trees.builder import (
    ORDERS,
    SCORING_NAMES,
    GcPaused,
    OrderName,
    ScoringChoice,
    TreeBuilder,
    default_evaluation,
)
from treeviz.trees.recorded import recorded_tree

VisitAlgorithm = Literal["pvs", "mtdf", "id", "alphabeta"]
VISIT_ALGORITHMS: tuple[VisitAlgorithm, ...] = get_args(VisitAlgorithm)
"""The searches drawn as trees of visits (``alphabeta`` only with a table)."""
TABLE_SEARCHES = ("alphabeta", "pvs", "id")
"""The searches a transposition table is optional for (MTD(f) always has one)."""

VISIT_FIELDS: dict[str, Any] = {
    "null_window": False, "research": False, "research_of": None, "pass": None, "gamma": None, "fail": None,
    "iteration": None, "iteration_depth": None, "tt_hit": False, "tt_bound": None, "tt_from": None,
    "tt_move": False, "search_root": False, "note": None,
}
"""The node fields a tree of visits adds to the schema's, with their values on a node that has none of its marks."""
COUNTS = ("researches", "passes", "iterations", "tt_hits")
"""The graph counts of a tree of visits."""


class VisitRecorder(TreeBuilder):
    """A :class:`TreeBuilder` that also records each node's marks, and names the edges of passes and
    iterations (their moves are ``-1, -2, ...``: no game move, as the page and the JSON see them)."""

    def __init__(self, budget: int = 0, algorithm: str = "pvs", game: Game | None = None) -> None:
        super().__init__(budget, algorithm)  # type: ignore[arg-type]  # the budget message names any search
        self.marks: dict[int, dict[str, object]] = {}
        """Each marked node's marks and their details, by node id."""
        self.step_labels: dict[int, str] = {}
        """The label of each pass's or iteration's edge, by its move (-1, -2, ...)."""
        self._move_name = game.move_name if game is not None else str

    def mark(self, mark: str, detail: object = None) -> None:
        """The node just entered carries ``mark`` (see :class:`engine.search.observer.VisitObserver`)."""
        node = len(self.entries) - 1
        self.marks.setdefault(node, {})[mark] = detail
        if mark in (PASS, ITERATION):
            k, value = cast("tuple[int, float]", detail)  # (number, gamma or depth)
            step = -1 - len(self.step_labels)
            parent, _, state, ply, alpha, beta = self.entries[node]
            self.entries[node] = (parent, step, state, ply, alpha, beta)
            self.step_labels[step] = f"pass-{k}" if mark == PASS else f"depth-{value}"
        elif mark == RESEARCH and ITERATION in self.marks[node]:
            again = cast(int, self.entries[node][1])
            self.step_labels[again] += "-again"

    def name_move(self, move: Hashable) -> str:
        """How an edge is labelled: a pass's or iteration's own words, else the game's move name."""
        if move.__class__ is int and move in self.step_labels:
            return self.step_labels[move]
        return self._move_name(move)


def _fmt(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, (int, float)):
        return ("+" if value > 0 else "") + (f"{value:g}" if isinstance(value, float) else str(value))
    return str(value)


RELATION = {"lower": "\u2265", "upper": "\u2264", "exact": "="}


def _fields(marks: dict[str, object], d: dict[str, Any]) -> dict[str, Any]:
    """The visit fields of a node with these marks (``d``: its schema fields: value, bound, order)."""
    out: dict[str, Any] = {}
    words: list[str] = []
    if SEARCH_ROOT in marks:
        out["search_root"] = True
    if PASS in marks:
        k, gamma = cast("tuple[int, float]", marks[PASS])
        fail = "high" if d["value"] >= gamma else "low"
        out.update({"pass": k, "gamma": gamma, "fail": fail})
        words.append(f"pass {k}: \u03b3={_fmt(gamma)}, fails {fail}")
    if ITERATION in marks:
        k, depth = cast("tuple[int, int]", marks[ITERATION])
        out.update({"iteration": k, "iteration_depth": depth})
        words.append(f"iteration {k}, depth {depth}")
    if RESEARCH in marks:
        detail = marks[RESEARCH]
        out["research"] = True
        if isinstance(detail, str):
            out["fail"] = detail
            words.append(f"re-search: failed {detail}")
        else:
            out["research_of"] = detail
            words.append(f"re-search of #{detail}")
    elif NULL_WINDOW in marks:
        out["null_window"] = True
        if PASS not in marks:
            words.append("null window")
    if TT_HIT in marks:
        value, bound, origin = cast("tuple[float, str, int]", marks[TT_HIT])
        out.update({"tt_hit": True, "tt_bound": bound, "tt_from": origin})
        words.append(f"table {RELATION.get(str(bound), '')}{_fmt(value)} from #{origin}")
    if TT_MOVE in marks:
        out["tt_move"] = True
        words.append("table move first")
    if words:
        out["note"] = "; ".join(words)
    return out


def build_visit_tree(game: Game, state: Hashable, *, algorithm: VisitAlgorithm, depth: int | None = None,
                     scoring: ScoringChoice = "plain", order: OrderName = "ascending", max_nodes: int = 0,
                     path: Sequence[str] | None = None, plies: int | None = None, node_budget: int = 0,
                     seed: int | None = 0, table: bool = False, guess: float | None = None,
                     aspiration: float | None = None) -> nx.DiGraph:
    """The tree of visits of ``algorithm`` (``pvs``, ``mtdf``, ``id``, or ``alphabeta`` with ``table``) searching
    ``state``, as a DiGraph of the tree schema with the visit fields (see the module docstring); the other options
    as :func:`treeviz.trees.builder.build_tree`. ``guess``: MTD(f)'s first guess (default: the evaluation of
    ``state`` in a depth-limited search, else 0); ``aspiration``: the half-width of iterative deepening's windows.

    :raises ValueError: an unknown search, order or scoring, a bad depth, cap, guess or window; an option the search
        does not take.
    :raises treeviz.trees.budget.NodeBudgetExceeded: the search needs more than ``node_budget`` nodes.
    """
    if algorithm not in VISIT_ALGORITHMS:
        raise ParameterError(f"{{algorithm}} is not a search drawn as its visits (expected one of "
                             f"{', '.join(VISIT_ALGORITHMS)})", algorithm=algorithm)
    if algorithm == "alphabeta" and not table:
        raise ParameterError("{algorithm} without a table is drawn by build_tree", algorithm=algorithm)
    if table and algorithm not in TABLE_SEARCHES:
        raise ParameterError("{table} applies to alphabeta, pvs and id (MTD(f) always has one)", table=table)
    if guess is not None and algorithm != "mtdf":
        raise ParameterError("{guess} is MTD(f)'s first guess: it applies to {algorithm:name} mtdf only",
                             guess=guess, algorithm=algorithm)
    if aspiration is not None and algorithm != "id":
        raise ParameterError("{aspiration} windows iterative deepening: it applies to {algorithm:name} id only",
                             aspiration=aspiration, algorithm=algorithm)
    if order not in ORDERS:
        raise ParameterError(f"{{order}} is not a move order (expected one of {', '.join(ORDERS)})", order=order)
    if scoring not in SCORING_NAMES:
        raise ParameterError(f"{{scoring}} is not a scoring (expected one of {', '.join(SCORING_NAMES)})",
                             scoring=scoring)
    if depth is not None and depth < 0:
        raise ParameterError("{depth} must be 0 or more", depth=depth)
    if max_nodes < 0:
        raise ParameterError("{max_nodes} must be 0 (no limit) or more", max_nodes=max_nodes)
    if node_budget < 0:
        raise ParameterError("{node_budget} must be 0 (no budget) or more", node_budget=node_budget)
    if aspiration is not None and not aspiration > 0:
        raise ParameterError("{aspiration} must be more than 0", aspiration=aspiration)
    adapter = adapter_for(game)
    check_foreseen_size(game, state, depth, "alphabeta", node_budget, steady_branching=adapter.steady_branching)

    from engine.search.scoring import SCORINGS

    evaluate = None
    score: Any
    found = adapter.evaluation()
    if scoring == "heuristic" or depth is not None:
        if found is None:
            raise ValueError(adapter.evaluation_refusal())
        evaluate, default_scoring = default_evaluation(game)
        if scoring == "plain":
            scoring = "heuristic"
        score = default_scoring if scoring == "heuristic" else SCORINGS[scoring]
    else:
        score = SCORINGS[scoring]
    if guess is None and algorithm == "mtdf":
        guess = evaluate(state) if evaluate is not None else 0
    key: Callable[[Any], Hashable] | None = None if adapter.keys_are_states else adapter.position_key

    recorder = VisitRecorder(node_budget, algorithm, game)
    order_fn = ORDERS[order](game, depth=depth, evaluate=evaluate, scoring=score, seed=seed, node_budget=node_budget)
    common: dict[str, Any] = {"depth": depth, "evaluate": evaluate, "scoring": score, "observer": recorder,
                              "order": order_fn, "key": key}
    result: VisitResult
    with GcPaused():
        if algorithm == "pvs":
            result = pvs(game, state, table=table, **common)
        elif algorithm == "alphabeta":
            result = table_alphabeta(game, state, **common)
        elif algorithm == "mtdf":
            result = mtdf(game, state, guess=guess or 0, **common)
        else:
            if evaluate is None and found is not None:
                common["evaluate"] = found[0]  # the iterations before the last are cut by their depth
            result = iterative_deepening(game, state, table=table, aspiration=aspiration, **common)

    graph_attrs: dict[str, Any] = {
        "algorithm": algorithm,
        "game": game.name,
        "root_fen": game.fen(state),
        "value": result.value,
        "best_moves": list(result.best_moves),
        "depth": depth,
        "scoring": scoring,
        "order": order,
        "tt": table or algorithm == "mtdf",
        **{name: getattr(result, name) for name in COUNTS},
    }
    if algorithm == "mtdf":
        graph_attrs["guess"] = guess
    if algorithm == "id":
        graph_attrs["aspiration"] = aspiration
    G = recorded_tree(recorder, game, max_nodes=max_nodes, graph_attrs=graph_attrs, path=path, plies=plies)
    if G.graph["nodes"] != result.nodes:
        raise AssertionError(f"recorded {G.graph['nodes']} nodes but the search entered {result.nodes}")
    G.make()
    nodes = G.nodes
    marks = recorder.marks
    for n in list(nodes):
        d = nodes[n]
        d.update(VISIT_FIELDS)
        if not d.get("pruned"):
            own = marks.get(d["order"])
            if own:
                d.update(_fields(own, d))
    root = G.graph.get("root", 0)
    if root in nodes and nodes[root].get("search_root"):
        _last_search_is_best(G, root)
    return G


def _last_search_is_best(G: nx.DiGraph, root: int) -> None:
    """Draw the principal variation through the last pass or iteration (the one whose value the search returns), not
    the first whose value happens to be the same."""
    for _, d in G.nodes(data=True):
        d["best"] = False
    for _, _, e in G.edges(data=True):
        e["best"] = False
    n = root
    kids = [c for c in G.succ[n] if not G.nodes[c].get("pruned")]
    G.nodes[n]["best"] = True
    if not kids:
        return
    nxt: int | None = max(kids)
    while nxt is not None:
        G.nodes[nxt]["best"] = True
        G.edges[n, nxt]["best"] = True
        n, value = nxt, G.nodes[nxt]["value"]
        nxt = next((c for c in sorted(G.succ[n]) if not G.nodes[c].get("pruned") and G.nodes[c]["value"] == value),
                   None)


__all__ = ["COUNTS", "TABLE_SEARCHES", "VISIT_ALGORITHMS", "VISIT_FIELDS", "VisitAlgorithm", "VisitRecorder",
           "build_visit_tree"]
