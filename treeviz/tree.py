"""A search tree ready to show: the networkx graph plus every way of writing it out.

``search_tree("1o11o1oxx x")`` builds the minimax tree of a position (either
game, told by the FEN's shape); ``comparison(...)`` pairs it with the alpha-beta
tree. A :class:`Tree` writes DOT, PNG/SVG/PDF, JSON or the HTML page, and shows
itself inline in Jupyter (``_repr_svg_``).
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx

import treeviz.render as _render

FORMATS = ("dot", "png", "svg", "pdf", "json", "html")
"""Every output format of a tree, as named by ``tttree --format``."""
BINARY_FORMATS = frozenset({"png", "pdf"})
SUFFIXES = {".dot": "dot", ".gv": "dot", ".png": "png", ".svg": "svg", ".pdf": "pdf", ".json": "json",
            ".html": "html", ".htm": "html"}
"""Output file suffixes that say the format when none is given."""
MAX_PICTURE_NODES = 10_000
"""Past this many drawn nodes (stubs included) PNG/SVG/PDF are refused: the layout alone would take minutes."""
INLINE_LIMIT = 2000
"""Jupyter draws trees of at most this many nodes inline; bigger ones need ``max_nodes``."""


def game_for_fen(fen: str) -> Any:
    """The game a FEN is written for: ultimate has three fields (board, last move, side), tic-tac-toe two."""
    if isinstance(fen, str) and len(fen.split(" ")) == 3:
        from engine.ultimate import ULTIMATE
        return ULTIMATE
    from engine.tictactoe import TICTACTOE
    return TICTACTOE


class Tree:
    """One search tree, or several searches of one position side by side (``Tree(G1, G2, ...)``), with its outputs."""

    def __init__(self, graph: nx.DiGraph, *others: nx.DiGraph | None, title: str | None = None,
                 position: str | None = None) -> None:
        self.graph = graph
        self.graphs: list[nx.DiGraph] = [graph, *(G for G in others if G is not None)]
        """Every panel, in order: one for a single tree, two or more for a comparison."""
        self.title = title
        self.position = position
        """The FEN as the user wrote it, shown in headings (the graph keeps the canonical one)."""

    @property
    def compare(self) -> nx.DiGraph | None:
        """The second panel of a comparison (None for a single tree)."""
        return self.graphs[1] if len(self.graphs) > 1 else None

    def __repr__(self) -> str:
        def describe(G: nx.DiGraph) -> str:
            g = G.graph
            return f"{g.get('algorithm')} of {g.get('root_fen')!r}: {g.get('nodes', 0):,} nodes"
        return f"Tree({'; '.join(describe(G) for G in self.graphs)})"

    @property
    def drawn_nodes(self) -> int:
        """Nodes a picture of this tree holds (entered nodes shown, pruned stubs included)."""
        return sum(G.number_of_nodes() for G in self.graphs)

    def dot(self, *, legend: bool = True, rankdir: str = "TB") -> str:
        """DOT text of the figure (deterministic)."""
        if len(self.graphs) > 1:
            return _render.panels_dot(self.graphs, title=self.title, legend=legend, rankdir=rankdir,
                                      fen=self.position)
        return _render.to_dot(self.graph, title=self.title, legend=legend, rankdir=rankdir, fen=self.position)

    def iter_dot(self, *, legend: bool = True, rankdir: str = "TB") -> Iterator[str]:
        """:meth:`dot` in chunks, so the full 549,946-node tree streams to a file."""
        if len(self.graphs) > 1:
            return _render.iter_panels_dot(self.graphs, title=self.title, legend=legend, rankdir=rankdir,
                                           fen=self.position)
        return _render.iter_dot(self.graph, title=self.title, legend=legend, rankdir=rankdir, fen=self.position)

    def json(self) -> str:
        """networkx node-link JSON (SPEC §2); a comparison is ``{"minimax": …, "alphabeta": …, "mcts": …}``,
        one member per search in the order asked for."""
        from treeviz.json_export import tree_to_json

        if len(self.graphs) == 1:
            return tree_to_json(self.graph)
        return "{" + ",".join(f'"{G.graph["algorithm"]}":{tree_to_json(G)}' for G in self.graphs) + "}"

    def html(self) -> str:
        """The self-contained interactive page.

        :raises ImportError: the page module is not installed.
        """
        from treeviz.html_page import tree_page

        return tree_page(self.graph, compare=self.graphs[1:] or None, title=self.title)

    def export(self, fmt: str, *, rankdir: str = "TB") -> str | bytes:
        """The tree in ``fmt`` (one of :data:`FORMATS`): text for dot/svg/json/html, bytes for png/pdf.

        :raises treeviz.render.RenderError: the picture cannot be made (e.g. a PNG over 32,767 px).
        """
        if fmt == "dot":
            return self.dot(rankdir=rankdir)
        if fmt == "json":
            return self.json()
        if fmt == "html":
            return self.html()
        if fmt in _render.FORMATS:
            if self.drawn_nodes > MAX_PICTURE_NODES:
                raise _render.RenderError(
                    f"{self.drawn_nodes:,} nodes are too many for a picture (Graphviz would take minutes or "
                    f"hours to lay them out): use --max-nodes {MAX_PICTURE_NODES:,} or less, or --format dot, "
                    "json or html")
            data = _render.render(self.dot(rankdir=rankdir), fmt)
            return data.decode() if fmt == "svg" else data
        raise ValueError(f"unknown format {fmt!r}: expected one of {', '.join(FORMATS)}")

    def save(self, path: str | os.PathLike[str], fmt: str | None = None) -> None:
        """Write the tree to ``path`` atomically, in ``fmt`` or the format its suffix names (DOT otherwise)."""
        from treeviz.cli.common import write_atomically

        fmt = fmt or SUFFIXES.get(Path(path).suffix.lower(), "dot")
        write_atomically(path, self.export(fmt))

    def _repr_svg_(self) -> str | None:
        """Jupyter's inline picture; None (plain repr) for trees too big to lay out quickly."""
        if self.drawn_nodes > INLINE_LIMIT:
            return None
        return _render.render(self.dot(), "svg").decode()


SEARCHES = ("minimax", "alphabeta", "mcts")
"""The searches a tree can be drawn from (``tttree --algo``, ``--compare LIST``)."""
DEFAULT_COMPARE = ("minimax", "alphabeta")
"""What ``--compare`` alone compares."""
DEFAULT_ITERATIONS = 1000
"""MCTS iterations when none are asked for."""
DEFAULT_C = math.sqrt(2)
"""UCB1's exploration constant when none is asked for."""


def search_tree(
    position: str,
    *,
    algorithm: str = "minimax",
    depth: int | None = None,
    scoring: str = "plain",
    order: str = "ascending",
    max_nodes: int = 0,
    title: str | None = None,
    merge: str | None = None,
    iterations: int | None = None,
    c: float = DEFAULT_C,
    seed: int | None = 0,
    solver: bool = False,
) -> Tree:
    """The search tree of a FEN (tic-tac-toe or ultimate), as :class:`Tree`.

    ``merge`` (``transpositions`` or ``symmetry``) folds a minimax or alpha-beta tree
    into its DAG (:mod:`treeviz.dag`); ``iterations``, ``c``, ``seed`` and ``solver``
    are for ``algorithm="mcts"`` (:mod:`treeviz.mcts_tree`).

    :raises engine.errors.FenError: a malformed or unreachable position.
    :raises ValueError: an unknown algorithm, order, scoring or merge, a bad depth or cap,
        an ultimate minimax/alpha-beta position without a depth limit, a merge of an MCTS
        tree, a depth limit for MCTS, or MCTS options for another search.
    """
    if algorithm == "mcts" and depth is not None:
        raise ValueError("MCTS has no depth limit (its playouts run to the end of the game): drop --depth")
    _check_mcts_options([algorithm], iterations, c, seed, solver)
    graph = _build(position, algorithm, depth, scoring, order, max_nodes, merge, (iterations, c, seed, solver))
    return Tree(graph, title=title, position=position)


def comparison(
    position: str,
    *,
    algorithms: tuple[str, ...] | list[str] = DEFAULT_COMPARE,
    depth: int | None = None,
    scoring: str = "plain",
    order: str = "ascending",
    max_nodes: int = 0,
    title: str | None = None,
    merge: str | None = None,
    iterations: int | None = None,
    c: float = DEFAULT_C,
    seed: int | None = 0,
    solver: bool = False,
) -> Tree:
    """Two or more searches of a FEN drawn side by side, one panel each, in the order given
    (minimax and alpha-beta by default). ``depth`` applies to minimax and alpha-beta only.

    :raises ValueError: fewer than two searches, an unknown or repeated one, or what
        :func:`search_tree` refuses.
    """
    algorithms = list(algorithms)
    unknown = [a for a in algorithms if a not in SEARCHES]
    if unknown:
        raise ValueError(f"unknown search {unknown[0]!r} in the comparison (expected {', '.join(SEARCHES)})")
    if len(algorithms) < 2:
        raise ValueError(f"a comparison needs two or more searches, not {len(algorithms)}")
    repeated = sorted({a for a in algorithms if algorithms.count(a) > 1})
    if repeated:
        raise ValueError(f"{repeated[0]} is listed twice in the comparison")
    _check_mcts_options(algorithms, iterations, c, seed, solver)
    graphs = [_build(position, a, None if a == "mcts" else depth, scoring, order, max_nodes, merge,
                     (iterations, c, seed, solver)) for a in algorithms]
    return Tree(*graphs, title=title, position=position)


def _check_mcts_options(algorithms: list[str], iterations: int | None, c: float, seed: int | None,
                        solver: bool) -> None:
    if iterations is not None and iterations < 1:
        raise ValueError(f"MCTS needs at least one iteration, not {iterations}")
    if not (math.isfinite(c) and c >= 0):
        raise ValueError(f"the exploration constant c must be a finite number >= 0, not {c}")
    if "mcts" not in algorithms and (iterations is not None or solver):
        raise ValueError("--iterations and --solver are options of --algo mcts")


def _build(position: str, algorithm: str, depth: int | None, scoring: str, order: str,
           max_nodes: int, merge: str | None = None,
           mcts: tuple[int | None, float, int | None, bool] = (None, DEFAULT_C, 0, False)) -> nx.DiGraph:
    from treeviz.builder import build_tree

    if algorithm not in SEARCHES:
        raise ValueError(f"unknown algorithm {algorithm!r} (expected {', '.join(SEARCHES)})")
    if merge is not None and algorithm == "mcts":
        raise ValueError("--merge folds minimax and alpha-beta trees; an MCTS tree has no repeated positions to merge")
    if merge is not None:
        from treeviz.dag import MERGES
        if merge not in MERGES:
            raise ValueError(f"unknown merge {merge!r} (expected {' or '.join(MERGES)})")
    game = game_for_fen(position)
    state = game.parse_fen(position)
    if algorithm == "mcts":
        from treeviz.mcts_tree import build_mcts_tree

        iterations, c, seed, solver = mcts
        return build_mcts_tree(game, state, iterations=iterations or DEFAULT_ITERATIONS, c=c, seed=seed,
                               solver=solver, max_nodes=max_nodes)
    if game.name == "ultimate" and depth is None:
        raise ValueError("an ultimate position needs a depth limit (--depth N, e.g. 2): "
                         "its full tree is far too big to search")
    if merge is None:
        return build_tree(game, state, algorithm=algorithm, depth=depth, scoring=scoring, order=order,
                          max_nodes=max_nodes)
    from treeviz.builder import record_search
    from treeviz.dag import merge_records

    recorder, graph_attrs, _ = record_search(game, state, algorithm=algorithm, depth=depth, scoring=scoring,
                                             order=order)
    return merge_records(recorder, game, merge, graph_attrs=graph_attrs, max_nodes=max_nodes)
