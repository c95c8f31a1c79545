"""A search tree ready to show: the networkx graph plus every way of writing it out.

``search_tree("1o11o1oxx x")`` builds the minimax tree of a position (either
game, told by the FEN's shape); ``comparison(...)`` pairs it with the alpha-beta
tree. A :class:`Tree` writes DOT, PNG/SVG/PDF, JSON or the HTML page, and shows
itself inline in Jupyter (``_repr_svg_``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import networkx as nx

import treeviz.render as _render
from treeviz.crop import crop_graph, parse_path
from treeviz.drawing import FIGURE_FORMATS, FigureOptions, OptionError, Output, draw
from treeviz.figure import Panel
from treeviz.page_size import PageSize
from treeviz.styles import BOARD_MAX
from treeviz.themes import DEFAULT, Theme

FORMATS = ("dot", "png", "svg", "pdf", "tex", "json", "html")
"""Every output format of a tree, as named by ``tttree --format``."""
BINARY_FORMATS = frozenset({"png", "pdf"})
SUFFIXES = {".dot": "dot", ".gv": "dot", ".png": "png", ".svg": "svg", ".pdf": "pdf", ".tex": "tex",
            ".json": "json", ".html": "html", ".htm": "html"}
"""Output file suffixes that say the format when none is given."""
MAX_PICTURE_NODES = BOARD_MAX
"""Past this many drawn nodes (stubs included) board-style pictures are refused: Graphviz's layout alone would take
minutes. The compact and dot styles have no such limit."""
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

    def dot(self, *, legend: bool = True, rankdir: str = "TB", theme: Theme = DEFAULT) -> str:
        """DOT text of the board-style figure (deterministic)."""
        return "".join(self.iter_dot(legend=legend, rankdir=rankdir, theme=theme))

    def iter_dot(self, *, legend: bool = True, rankdir: str = "TB", theme: Theme = DEFAULT) -> Iterator[str]:
        """:meth:`dot` in chunks, so the full 549,946-node tree streams to a file."""
        if self.compare is not None:
            return _render.iter_compare_dot(self.graph, self.compare, title=self.title, legend=legend,
                                            rankdir=rankdir, fen=self.position, theme=theme)
        return _render.iter_dot(self.graph, title=self.title, legend=legend, rankdir=rankdir, fen=self.position,
                                theme=theme)

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

    def draw(self, fmt: str, *, style: str | None = None, size: str | PageSize | None = None,
             dpi: int | None = None, theme: str | Theme = "default", rankdir: str | None = None,
             plies: int | None = None, path: str | Sequence[str] | None = None,
             tex_body: bool = False) -> Output:
        """The tree in ``fmt`` (one of :data:`FORMATS`) as chunks to write, and the notes on what was chosen.

        Figure options (``dot png svg pdf tex``): ``style`` board, compact or dot (None: by size, see
        :mod:`treeviz.styles`); ``size`` ``"16cm"``, ``"6in"``, ``"800px"`` or ``"16cmx20cm"``; ``dpi`` of a PNG;
        ``theme`` default or print; ``rankdir`` TB or LR; ``plies`` and ``path`` (``"3,4"``) cut what is drawn
        (see :mod:`treeviz.crop`); ``tex_body`` writes only the ``tikzpicture``.

        :raises ValueError: options that do not fit the format or each other, a bad size, path or plies.
        :raises treeviz.render.RenderError: the picture cannot be made (e.g. a PNG over 32,767 px).
        """
        if fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r}: expected one of {', '.join(FORMATS)}")
        options = FigureOptions.from_values(style=style, size=size, dpi=dpi, theme=theme, rankdir=rankdir,
                                            tex_body=tex_body)
        options.check_format(fmt)
        if (plies is not None or path) and fmt not in FIGURE_FORMATS:
            raise OptionError(f"--plies and --path shape figures; {fmt} output holds the whole tree")
        tree = self.cropped(path=path, plies=plies)
        if fmt == "json":
            return Output([tree.json()])
        if fmt == "html":
            return Output([tree.html()])
        graphs = [tree.graph] + ([tree.compare] if tree.compare is not None else [])
        panels = [Panel(G, _render.cluster_title(G) if tree.compare is not None else None) for G in graphs]
        fen = tree.position or tree.graph.graph.get("root_fen", "")
        if tree.title is not None:
            heading = tree.title
        elif tree.compare is None:
            heading = _render.tree_title(tree.graph, tree.position)
        else:
            heading = _render.compare_title(fen, tree.graph)

        def board_dot(theme: Theme, direction: str) -> Iterator[str]:
            return tree.iter_dot(rankdir=direction, theme=theme)

        return draw(panels, fmt, options, heading=heading, board_dot=board_dot)

    def cropped(self, *, path: str | Sequence[str] | None = None, plies: int | None = None) -> Tree:
        """This tree cut to the subtree ``path`` leads to and its first ``plies`` plies (itself when neither)."""
        if not path and plies is None:
            return self
        moves = parse_path(path) if isinstance(path, str) else list(path or [])
        game = game_for_fen(self.graph.graph.get("root_fen", ""))
        graph = crop_graph(self.graph, path=moves, plies=plies, game=game)
        compare = crop_graph(self.compare, path=moves, plies=plies, game=game) if self.compare is not None else None
        return Tree(graph, compare, title=self.title, position=self.position)

    def export(self, fmt: str, **options: Any) -> str | bytes:
        """The tree in ``fmt``: text for dot/svg/json/html/tex, bytes for png/pdf; options as :meth:`draw`.

        :raises treeviz.render.RenderError: the picture cannot be made (e.g. a PNG over 32,767 px).
        """
        chunks = list(self.draw(fmt, **options).chunks)
        if fmt in BINARY_FORMATS:
            return b"".join(c if isinstance(c, bytes) else c.encode() for c in chunks)
        return "".join(c if isinstance(c, str) else c.decode() for c in chunks)

    def save(self, file: str | os.PathLike[str], fmt: str | None = None, /, **options: Any) -> list[str]:
        """Write the tree to ``file`` atomically, in ``fmt`` or the format its suffix names (DOT otherwise).

        Keyword options are :meth:`draw`'s (``style="compact", size="16cm", theme="print", plies=3,
        path="3,4"`` ...). Returns the notes on what was chosen (the style picked by size, the direction).
        """
        from treeviz.files import write_chunks_atomically

        fmt = fmt or SUFFIXES.get(Path(file).suffix.lower(), "dot")
        output = self.draw(fmt, **options)
        write_chunks_atomically(file, output.chunks)
        return output.notes

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
    path: str | Sequence[str] | None = None,
    plies: int | None = None,
) -> Tree:
    """The search tree of a FEN (tic-tac-toe or ultimate), as :class:`Tree`; ``path`` (``"3,4"``) and ``plies``
    keep only a subtree and its first plies (the search is whole: values are exact).

    :raises engine.errors.FenError: a malformed or unreachable position.
    :raises ValueError: an unknown algorithm, order or scoring, a bad depth or cap,
        or an ultimate position without a depth limit; a path that leads nowhere, negative plies.
    """
    return Tree(_build(position, algorithm, depth, scoring, order, max_nodes, path, plies), title=title,
                position=position)


def comparison(
    position: str,
    *,
    depth: int | None = None,
    scoring: str = "plain",
    order: str = "ascending",
    max_nodes: int = 0,
    title: str | None = None,
    path: str | Sequence[str] | None = None,
    plies: int | None = None,
) -> Tree:
    """The minimax and the alpha-beta trees of a FEN, drawn side by side (the same ``path`` and ``plies`` cut
    in both)."""
    minimax_graph = _build(position, "minimax", depth, scoring, order, max_nodes, path, plies)
    alphabeta_graph = _build(position, "alphabeta", depth, scoring, order, max_nodes, path, plies)
    return Tree(minimax_graph, alphabeta_graph, title=title, position=position)


def _build(position: str, algorithm: str, depth: int | None, scoring: str, order: str,
           max_nodes: int, path: str | Sequence[str] | None = None, plies: int | None = None) -> nx.DiGraph:
    from treeviz.builder import build_tree

    moves = parse_path(path) if isinstance(path, str) else path

    game = game_for_fen(position)
    state = game.parse_fen(position)
    if game.name == "ultimate" and depth is None:
        raise ValueError("an ultimate position needs a depth limit (--depth N, e.g. 2): "
                         "its full tree is far too big to search")
    return build_tree(game, state, algorithm=algorithm, depth=depth, scoring=scoring, order=order,
                      max_nodes=max_nodes, path=moves, plies=plies)
