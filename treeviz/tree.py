"""A search tree ready to show: the networkx graph plus every way of writing it out.

``search_tree("1o11o1oxx x")`` builds the minimax tree of a position (either
game, told by the FEN's shape); ``comparison(...)`` pairs it with the alpha-beta
tree. A :class:`Tree` writes DOT, PNG/SVG/PDF, JSON or the HTML page, and shows
itself inline in Jupyter (``_repr_svg_``).
"""

from __future__ import annotations

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
    """One search tree (or a minimax/alpha-beta pair when ``compare`` is given), with its outputs."""

    def __init__(self, graph: nx.DiGraph, compare: nx.DiGraph | None = None, *, title: str | None = None,
                 position: str | None = None) -> None:
        self.graph = graph
        self.compare = compare
        self.title = title
        self.position = position
        """The FEN as the user wrote it, shown in headings (the graph keeps the canonical one)."""

    def __repr__(self) -> str:
        def describe(G: nx.DiGraph) -> str:
            g = G.graph
            return f"{g.get('algorithm')} of {g.get('root_fen')!r}: {g.get('nodes', 0):,} nodes"
        parts = [describe(self.graph)] + ([describe(self.compare)] if self.compare is not None else [])
        return f"Tree({'; '.join(parts)})"

    @property
    def drawn_nodes(self) -> int:
        """Nodes a picture of this tree holds (entered nodes shown, pruned stubs included)."""
        graphs = [self.graph] + ([self.compare] if self.compare is not None else [])
        return sum(G.number_of_nodes() for G in graphs)

    def dot(self, *, legend: bool = True, rankdir: str = "TB") -> str:
        """DOT text of the figure (deterministic)."""
        if self.compare is not None:
            return _render.compare_dot(self.graph, self.compare, title=self.title, legend=legend, rankdir=rankdir,
                                       fen=self.position)
        return _render.to_dot(self.graph, title=self.title, legend=legend, rankdir=rankdir, fen=self.position)

    def iter_dot(self, *, legend: bool = True, rankdir: str = "TB") -> Iterator[str]:
        """:meth:`dot` in chunks, so the full 549,946-node tree streams to a file."""
        if self.compare is not None:
            return _render.iter_compare_dot(self.graph, self.compare, title=self.title, legend=legend,
                                            rankdir=rankdir, fen=self.position)
        return _render.iter_dot(self.graph, title=self.title, legend=legend, rankdir=rankdir, fen=self.position)

    def json(self) -> str:
        """networkx node-link JSON (SPEC §2); a comparison is ``{"minimax": …, "alphabeta": …}``."""
        from treeviz.json_export import tree_to_json

        if self.compare is None:
            return tree_to_json(self.graph)
        return (f'{{"{self.graph.graph["algorithm"]}":{tree_to_json(self.graph)},'
                f'"{self.compare.graph["algorithm"]}":{tree_to_json(self.compare)}}}')

    def html(self) -> str:
        """The self-contained interactive page.

        :raises ImportError: the page module is not installed.
        """
        from treeviz.html_page import tree_page

        return tree_page(self.graph, compare=self.compare, title=self.title)

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
        from treeviz.files import write_atomically

        fmt = fmt or SUFFIXES.get(Path(path).suffix.lower(), "dot")
        write_atomically(path, self.export(fmt))

    def _repr_svg_(self) -> str | None:
        """Jupyter's inline picture; None (plain repr) for trees too big to lay out quickly."""
        if self.drawn_nodes > INLINE_LIMIT:
            return None
        return _render.render(self.dot(), "svg").decode()


def search_tree(
    position: str,
    *,
    algorithm: str = "minimax",
    depth: int | None = None,
    scoring: str = "plain",
    order: str = "ascending",
    max_nodes: int = 0,
    title: str | None = None,
) -> Tree:
    """The search tree of a FEN (tic-tac-toe or ultimate), as :class:`Tree`.

    :raises engine.errors.FenError: a malformed or unreachable position.
    :raises ValueError: an unknown algorithm, order or scoring, a bad depth or cap,
        or an ultimate position without a depth limit.
    """
    return Tree(_build(position, algorithm, depth, scoring, order, max_nodes), title=title, position=position)


def comparison(
    position: str,
    *,
    depth: int | None = None,
    scoring: str = "plain",
    order: str = "ascending",
    max_nodes: int = 0,
    title: str | None = None,
) -> Tree:
    """The minimax and the alpha-beta trees of a FEN, drawn side by side."""
    minimax_graph = _build(position, "minimax", depth, scoring, order, max_nodes)
    alphabeta_graph = _build(position, "alphabeta", depth, scoring, order, max_nodes)
    return Tree(minimax_graph, alphabeta_graph, title=title, position=position)


def _build(position: str, algorithm: str, depth: int | None, scoring: str, order: str,
           max_nodes: int) -> nx.DiGraph:
    from treeviz.builder import build_tree

    game = game_for_fen(position)
    state = game.parse_fen(position)
    if game.name == "ultimate" and depth is None:
        raise ValueError("an ultimate position needs a depth limit (--depth N, e.g. 2): "
                         "its full tree is far too big to search")
    return build_tree(game, state, algorithm=algorithm, depth=depth, scoring=scoring, order=order,
                      max_nodes=max_nodes)
