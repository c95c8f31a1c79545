"""A search tree ready to show: the networkx graph plus every way of writing it out.

``search_tree("1o11o1oxx x")`` builds the minimax tree of a position (either
game, told by the FEN's shape), ``search_tree(tree="[[3,12,8],[2,4,6],[14,5,2]]")``
a textbook tree's, ``search_tree(game="examples/nim.py:Nim")`` any game's;
``comparison(...)`` pairs it with the alpha-beta tree. A :class:`Tree` writes
DOT, PNG/SVG/PDF, TikZ, JSON or the HTML page, and shows itself inline in Jupyter
(``_repr_svg_``).
"""

from __future__ import annotations

import math
import os
from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast, get_args

import networkx as nx

from engine.errors import ParameterError
from engine.game import MAX_GAME_LENGTH, Game
from treeviz.draw import dot_writer
from treeviz.draw.dot_parts import Rankdir
from treeviz.draw.drawing import FIGURE_FORMATS, FigureOptions, OptionError, Output, draw
from treeviz.draw.figure import Panel
from treeviz.draw.graphviz import render
from treeviz.draw.kinds import kind_of, panel_key, pv_words
from treeviz.draw.lessons import LESSON_FORMATS, LESSON_SUFFIXES
from treeviz.draw.page_size import PageSize
from treeviz.draw.styles import BOARD_MAX, Style
from treeviz.draw.themes import DEFAULT, Theme, ThemeName, theme_named
from treeviz.games.registry import adapter_for_position, adapter_named
from treeviz.games.start import Start, starting_point
from treeviz.trees.budget import DEFAULT_NODE_BUDGET, NodeBudgetExceeded
from treeviz.trees.crop import crop_graph, parse_path

if TYPE_CHECKING:  # annotations only: the builders are imported when a tree is searched
    from engine.games.textbook import Root
    from treeviz.draw.trace import TraceRow
    from treeviz.trees.builder import Algorithm, OrderName, ScoringChoice
    from treeviz.trees.dag import Merge

Format = Literal["dot", "png", "svg", "pdf", "tex", "json", "html", "csv"]
FORMATS: tuple[Format, ...] = get_args(Format)
"""Every output format of a tree, as named by ``tttree --format``."""
BINARY_FORMATS = frozenset({"png", "pdf"})
SUFFIXES: dict[str, Format] = {".dot": "dot", ".gv": "dot", ".png": "png", ".svg": "svg", ".pdf": "pdf", ".tex": "tex",
            ".json": "json", ".html": "html", ".htm": "html", ".csv": "csv"}
"""Output file suffixes that say the format when none is given."""
MAX_PICTURE_NODES = BOARD_MAX
"""Past this many drawn nodes (stubs included) board-style pictures are refused: Graphviz's layout alone would take
minutes. The compact and dot styles have no such limit."""
INLINE_LIMIT = 2000
"""Jupyter draws trees of at most this many nodes inline; bigger ones need ``max_nodes``."""


def format_for_file(file: str | os.PathLike[str]) -> Format:
    """The format a file's suffix names (:data:`SUFFIXES`); DOT for a name without a suffix (``/dev/stdout``).

    :raises ValueError: a suffix that names no format, so nothing is written in a format the name denies.
    """
    suffix = Path(file).suffix.lower()
    if not suffix:
        return "dot"
    if suffix not in SUFFIXES:
        raise ValueError(f"file={os.fspath(file)!r}: the suffix {suffix} names no format (expected one of "
                         f"{', '.join(sorted(SUFFIXES))}, or give the format: save(file, 'svg'))")
    return SUFFIXES[suffix]


def game_for_fen(fen: str) -> Game:
    """The game a FEN is written for, as its adapter recognises it
    (:func:`treeviz.games.registry.adapter_for_position`)."""
    return adapter_for_position(fen if isinstance(fen, str) else "").game


class Tree:
    """One search tree, or several searches of one position side by side (``Tree(G1, G2, ...)``), with its outputs."""

    def __init__(self, graph: nx.DiGraph, *others: nx.DiGraph | None, title: str | None = None,
                 position: str | None = None, source: dict[str, Any] | None = None) -> None:
        self.graph = graph
        self.graphs: list[nx.DiGraph] = [graph, *(G for G in others if G is not None)]
        """Every panel, in order: one for a single tree, two or more for a comparison."""
        self.title = title
        self.position = position
        """The FEN as the user wrote it, shown in headings (the graph keeps the canonical one)."""
        self.source = source
        """What :func:`search_tree` searched and how (``start``, ``algorithm``, ``depth``, ...), so that the tree
        can be made into a quiz (:meth:`html`); None for trees made otherwise."""

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

    def dot(self, *, legend: bool = True, rankdir: Rankdir = "TB", theme: Theme = DEFAULT,
            explain: bool = False) -> str:
        """DOT text of the board-style figure (deterministic); ``explain`` writes every window each node had."""
        return "".join(self.iter_dot(legend=legend, rankdir=rankdir, theme=theme, explain=explain))

    def iter_dot(self, *, legend: bool = True, rankdir: Rankdir = "TB", theme: Theme = DEFAULT,
                 explain: bool = False) -> Iterator[str]:
        """:meth:`dot` in chunks, so the full 549,946-node tree streams to a file."""
        if len(self.graphs) > 1:
            return dot_writer.iter_panels_dot(self.graphs, title=self.title, legend=legend, rankdir=rankdir,
                                              fen=self.position, theme=theme, explain=explain)
        return dot_writer.iter_dot(self.graph, title=self.title, legend=legend, rankdir=rankdir, fen=self.position,
                                   theme=theme, explain=explain)

    def json(self) -> str:
        """networkx node-link JSON (SPEC §2); a comparison is ``{"minimax": …, "alphabeta": …, "mcts": …}``,
        one member per search in the order asked for (a comparison of move orders: ``{"best": …, "worst": …}``)."""
        from treeviz.trees.json_export import tree_to_json

        if len(self.graphs) == 1:
            return tree_to_json(self.graph)
        return "{" + ",".join(f'"{panel_key(G, self.graphs)}":{tree_to_json(G)}' for G in self.graphs) + "}"

    def html(self, *, quiz: str | None = None) -> str:
        """The self-contained interactive page; with ``quiz`` (``values`` or ``windows``) the page of a quiz on
        this search instead (:mod:`treeviz.exercises.quiz`): the whole tree, the student's answers checked.

        :raises ImportError: the page module is not installed.
        :raises ValueError: a quiz of a tree that is not one minimax or alpha-beta search made whole by
            :func:`search_tree`, or of an unknown level.
        """
        if quiz is not None:
            from treeviz.exercises.quiz import tree_quiz_page

            return tree_quiz_page(self, quiz)
        from treeviz.pages.tree_page import tree_page

        g = self.graph.graph
        fen = g.get("root_fen", "")
        # A game whose FEN names it (tic-tac-toe, ultimate) keeps the canonical FEN in the page's title; the others
        # are named as the user knows them (a textbook tree's notation, "nim 1 2 3 first").
        named = self.position if adapter_named(g.get("game")).position_words(fen) != fen else None
        return tree_page(self.graph, compare=self.graphs[1:] or None, title=self.title, position=named)

    def draw(self, fmt: Format, *, style: Style | None = None, size: str | PageSize | None = None,
             dpi: int | None = None, theme: ThemeName | Theme = "default", rankdir: Rankdir | None = None,
             plies: int | None = None, path: str | Sequence[str] | None = None,
             tex_body: bool = False, explain: bool = False) -> Output:
        """The tree in ``fmt`` (one of :data:`FORMATS`) as chunks to write, and the notes on what was chosen.

        Figure options (``dot png svg pdf tex``): ``style`` board, compact or dot (None: by size, see
        :mod:`treeviz.draw.styles`); ``size`` ``"16cm"``, ``"6in"``, ``"800px"`` or ``"16cmx20cm"``; ``dpi`` of a PNG;
        ``theme`` default, print or colourblind; ``rankdir`` TB or LR; ``plies`` and ``path`` (``"3,4"``) cut what
        is drawn (see :mod:`treeviz.trees.crop`); ``tex_body`` writes only the ``tikzpicture``; ``explain`` writes
        each node's visit order and every window it had, and each cut's comparison (:mod:`treeviz.draw.explain`).

        :raises ValueError: options that do not fit the format or each other, a bad size, path or plies.
        :raises treeviz.draw.graphviz.RenderError: the picture cannot be made (e.g. a PNG over 32,767 px).
        """
        if fmt not in FORMATS:
            raise ParameterError(f"{{fmt}} is not a format: expected one of {', '.join(FORMATS)}", fmt=fmt)
        options = FigureOptions.from_values(style=style, size=size, dpi=dpi, theme=theme, rankdir=rankdir,
                                            tex_body=tex_body, explain=explain)
        options.check_format(fmt)
        if (plies is not None or path) and fmt not in FIGURE_FORMATS and fmt != "json":  # json: the part kept
            raise OptionError("{plies:name} and {path:name} shape figures and JSON; {fmt} output holds the whole tree",
                              plies=plies, path=path, fmt=fmt)
        tree = self.cropped(path=path, plies=plies)
        if fmt == "json":
            return Output([tree.json()])
        if fmt == "html":
            return Output([tree.html()])
        if fmt == "csv":
            from treeviz.trees.comparison_table import comparison_csv

            return Output([comparison_csv(tree.graphs)])
        if len(tree.graphs) == 1:  # iterative deepening: one panel per iteration
            from treeviz.trees.iteration_panels import iteration_panels

            split = iteration_panels(tree.graph)
            if split is not None:
                heading = tree.title or dot_writer.figure_heading([tree.graph], tree.position)
                tree = Tree(*split, title=heading, position=tree.position)
        graphs = tree.graphs
        kinds = [kind_of(G) for G in graphs]
        panels = [Panel(G, kind.cluster_title(G) if len(graphs) > 1 else None) for G, kind in zip(graphs, kinds,
                                                                                                 strict=True)]
        fen = tree.position or tree.graph.graph.get("root_fen", "")
        heading = dot_writer.figure_heading(graphs, tree.position if len(graphs) == 1 else fen, tree.title, kinds)
        for kind in kinds:
            if not kind.tidy:
                # A DAG's shared nodes need Graphviz's layout: the tidy layout draws trees.
                refusal = kind.tidy_refusal(fmt, options.style)
                if refusal is not None:
                    raise refusal
                options = replace(options, style="board")
        notes = list(dict.fromkeys(note for G, kind in zip(graphs, kinds, strict=True)
                                   for note in kind.compact_notes(G)))

        def board_dot(theme: Theme, direction: Rankdir) -> Iterator[str]:
            return tree.iter_dot(rankdir=direction, theme=theme, explain=explain)

        # MCTS and DAG headings break their line for DOT; the tidy figures wrap to their page instead.
        return draw(panels, fmt, options, heading=heading.replace("\n", ": "), board_dot=board_dot,
                    pv_words=pv_words(kinds), legend_notes=notes or None)

    def trace(self, *, path: str | Sequence[str] | None = None, plies: int | None = None) -> list[TraceRow]:
        """The search step by step (:mod:`treeviz.draw.trace`): rows of ``step, event, node, path, depth, alpha,
        beta, value, text`` (``enter``, ``leaf``, ``cut``, ``return``; MCTS ``select``, ``expand``, ``playout``,
        ``backup``), each with the sentence a teacher would say; ``path`` and ``plies`` keep the steps of a subtree.
        The CSV of ``tttree --format trace`` and the slides' and videos' frames are these rows.

        :raises ValueError: a comparison of several searches, a merged DAG, a strategy tree.
        """
        from treeviz.draw.trace import check_traceable, search_trace

        check_traceable(self.graphs)
        return search_trace(self.cropped(path=path, plies=plies).graph)

    def lesson(self, fmt: str, *, style: Style | None = None, theme: ThemeName | Theme = "default",
               size: str | None = None, fps: float | str | None = None, max_steps: int | None = None,
               tex_body: bool = False, path: str | Sequence[str] | None = None,
               plies: int | None = None) -> Iterator[str | bytes]:
        """The search taught step by step in ``fmt``: ``trace`` (CSV of :meth:`trace`), ``beamer`` (LaTeX slides:
        the unsearched tree, then a slide a step), ``gif`` or ``mp4`` (the same frames, ``fps`` a second, frames
        of ``size`` pixels, 1280x720 by default), as chunks to write; ``style`` textbook or compact, ``max_steps``
        (default 1,000; 0 for none) bounds the slides and videos, ``tex_body`` gives the Beamer frame alone.

        :raises ValueError: a comparison, a merged DAG, options that do not fit the format, too many steps.
        :raises ImportError: Pillow (GIF) or imageio-ffmpeg (MP4) missing: the message names the extra.
        """
        from treeviz.draw.lessons import (
            DEFAULT_FPS,
            DEFAULT_MAX_STEPS,
            DEFAULT_VIDEO_SIZE,
            FRAME_FORMATS,
            VIDEO_FORMATS,
            LessonOptions,
            lesson_chunks,
            lesson_style,
            parse_fps,
            parse_video_size,
        )
        from treeviz.draw.trace import check_traceable

        if fmt not in LESSON_FORMATS:
            raise ParameterError(f"{{fmt}} is not a lesson format: expected one of {', '.join(LESSON_FORMATS)}",
                                 fmt=fmt)
        G = check_traceable(self.graphs)
        if fmt not in FRAME_FORMATS and (style is not None or theme != "default" or max_steps is not None):
            raise OptionError("{style:name}, {theme:name} and {max_steps:name} shape slides and videos; {fmt} is "
                              "their table", style=None, theme=None, max_steps=None, fmt=fmt)
        if fmt not in VIDEO_FORMATS and (fps is not None or size is not None):
            raise OptionError("{fps:name} and {size:name} apply to gif and mp4 (slides are 16:9, a slide a step)",
                              fps=None, size=None)
        if tex_body and fmt != "beamer":
            raise OptionError("{tex_body:name} applies to {fmt} only", tex_body=None, fmt="beamer")
        if fmt in FRAME_FORMATS:
            lesson_style(G, style)
        options = LessonOptions(
            style=style, theme=theme_named(theme) if isinstance(theme, str) else theme,
            size=parse_video_size(size) if size is not None else DEFAULT_VIDEO_SIZE,
            fps=parse_fps(fps) if fps is not None else DEFAULT_FPS,
            max_steps=DEFAULT_MAX_STEPS if max_steps is None else max_steps, tex_body=tex_body)
        tree = self.cropped(path=path, plies=plies)
        heading = dot_writer.figure_heading(tree.graphs, tree.position, tree.title, [kind_of(G)])
        if tree.title is None:  # the search's kind and position; its counts and value would tell the ending
            heading = heading.split("\n")[0].split(": ")[0]
        return iter(lesson_chunks(tree.graphs, fmt, options, heading.replace("\n", ": ")))

    def cropped(self, *, path: str | Sequence[str] | None = None, plies: int | None = None) -> Tree:
        """This tree cut to the subtree ``path`` leads to and its first ``plies`` plies (itself when neither).

        :raises ValueError: a path or plies for an MCTS tree or a merged DAG (they are cut by ``max_nodes``).
        """
        if not path and plies is None:
            return self
        if not all(kind_of(G).croppable for G in self.graphs):
            raise OptionError(CUT_BY_MAX_NODES, path=path, plies=plies, max_nodes=None)
        moves = parse_path(path) if isinstance(path, str) else list(path or [])
        g = self.graph.graph
        game = adapter_named(g["game"]).game if g.get("game") else game_for_fen(g.get("root_fen", ""))
        graphs = [crop_graph(G, path=moves, plies=plies, game=game) for G in self.graphs]
        return Tree(*graphs, title=self.title, position=self.position)

    def export(self, fmt: Format, **options: Any) -> str | bytes:
        """The tree in ``fmt``: text for dot/svg/json/html/tex, bytes for png/pdf; options as :meth:`draw`.

        :raises treeviz.draw.graphviz.RenderError: the picture cannot be made (e.g. a PNG over 32,767 px).
        """
        chunks = list(self.draw(fmt, **options).chunks)
        if fmt in BINARY_FORMATS:
            return b"".join(c if isinstance(c, bytes) else c.encode() for c in chunks)
        return "".join(c if isinstance(c, str) else c.decode() for c in chunks)

    def save(self, file: str | os.PathLike[str], fmt: Format | None = None, /, **options: Any) -> list[str]:
        """Write the tree to ``file``, in ``fmt`` or the format its suffix names (DOT when it has none, as
        ``/dev/stdout``): a regular file atomically, a device or FIFO through (:mod:`treeviz.files`).

        Keyword options are :meth:`draw`'s (``style="compact", size="16cm", theme="print", plies=3,
        path="3,4"`` ...). Returns the notes on what was chosen (the style picked by size, the direction).

        :raises ValueError: a suffix that names no format (``x.jpg``) and no ``fmt``.
        :raises treeviz.files.OutputPathError: ``file`` cannot be written (a folder, no such folder, empty).
        """
        from treeviz.files import check_output_path, write_chunks_atomically

        lesson = LESSON_SUFFIXES.get(Path(file).suffix.lower()) if fmt is None and len(self.graphs) == 1 else fmt
        if lesson in LESSON_FORMATS:
            check_output_path(file)
            write_chunks_atomically(file, self.lesson(lesson, **options))
            return []
        if fmt is None:
            fmt = format_for_file(file)
        check_output_path(file)  # before the drawing, which may take long
        output = self.draw(fmt, **options)
        write_chunks_atomically(file, output.chunks)
        return output.notes

    def _repr_svg_(self) -> str | None:
        """Jupyter's inline picture; None (plain repr) for trees too big to lay out quickly."""
        if self.drawn_nodes > INLINE_LIMIT:
            return None
        from treeviz.draw.svg_pictures import collecting

        with collecting("svg") as pictures:  # a game's SVG pictures in their nodes
            dot = self.dot()
        return pictures.put_in(render(dot, "svg").decode())


Search = Literal["minimax", "alphabeta", "mcts", "bot", "pvs", "mtdf", "id"]
SEARCHES: tuple[Search, ...] = get_args(Search)
"""The searches a tree can be drawn from (``tttree --algo``, ``--compare LIST``)."""
DEFAULT_COMPARE: tuple[Search, ...] = ("minimax", "alphabeta")
"""What ``--compare`` alone compares."""
DEFAULT_ITERATIONS = 1000
"""MCTS iterations when none are asked for."""
DEFAULT_C = math.sqrt(2)
"""UCB1's exploration constant when none is asked for."""
MERGE_NOT_MCTS = "{merge} folds minimax and alpha-beta trees; it does not apply to {algorithm}"
CUT_BY_MAX_NODES = ("{path:name} and {plies:name} cut minimax and alpha-beta trees; MCTS trees and merged DAGs are "
                    "cut by {max_nodes:name}")


def search_tree(
    position: str | None = None,
    *,
    game: str | Game | None = None,
    tree: Any = None,
    root: Root = "max",
    moves: str | Sequence[str] | None = None,
    algorithm: Search = "minimax",
    depth: int | None = None,
    scoring: ScoringChoice = "plain",
    order: OrderName = "ascending",
    max_nodes: int = 0,
    title: str | None = None,
    path: str | Sequence[str] | None = None,
    plies: int | None = None,
    merge: Merge | None = None,
    iterations: int | None = None,
    c: float = DEFAULT_C,
    seed: int | None = 0,
    solver: bool = False,
    node_budget: int = DEFAULT_NODE_BUDGET,
    max_game_length: int | None = None,
    table: bool = False,
    guess: float | None = None,
    aspiration: float | None = None,
    show_pruned: bool = False,
) -> Tree:
    """The search tree of a position, as :class:`Tree`: a FEN (of a game :func:`game_for_fen` recognises), a
    textbook tree (``tree="[[3,12,8],[2,4,6],[14,5,2]]"``, MAX at the root unless ``root="min"``), or any game
    (``game="examples/nim.py:Nim"``, ``game="openspiel:connect_four(rows=4,columns=4)"`` or a game object) at
    ``position`` in its own notation (default: its start); ``moves`` (``"3,3,2"``) are played first (see
    :func:`treeviz.games.start.starting_point`). ``path`` (``"3,4"``) and ``plies`` keep only a subtree and its
    first plies (the search is whole: values are exact).

    ``node_budget`` (0: none) stops a search that would enter more nodes, before memory runs out
    (:mod:`treeviz.trees.budget`); the default admits the whole 549,946-node tic-tac-toe tree.

    ``merge`` (``transpositions`` or ``symmetry``) folds a minimax or alpha-beta tree
    into its DAG (:mod:`treeviz.trees.dag`); ``iterations``, ``c``, ``seed`` and ``solver``
    are for ``algorithm="mcts"`` (:mod:`treeviz.trees.mcts`), and ``max_game_length``, the moves a playout may
    last before the game is taken for one that never ends (default :data:`engine.game.MAX_GAME_LENGTH`).
    ``table`` searches ``alphabeta``, ``pvs`` or ``id`` over a transposition table; ``guess`` is ``mtdf``'s first
    guess, ``aspiration`` the half-width of ``id``'s windows (see :mod:`treeviz.trees.visit_tree`).
    ``show_pruned`` adds the subtrees alpha-beta pruned, greyed and never counted
    (:mod:`treeviz.trees.pruned_subtrees`).

    :raises engine.errors.FenError: a malformed or unreachable position.
    :raises ValueError: a tree, game or move list that cannot be read or played (the engine's errors, all
        ValueErrors), an unknown algorithm, order, scoring or merge, a bad depth or cap,
        a minimax/alpha-beta position of a game too big to search whole without a depth limit,
        a merge of an MCTS
        tree, a depth limit for MCTS, or MCTS options for another search; a path that leads
        nowhere, negative plies, a path or plies with a merge or MCTS. Every such error is an
        :class:`engine.errors.ParameterError` naming the parameters and their values.
    :raises treeviz.trees.budget.NodeBudgetExceeded: the search needs more than ``node_budget`` nodes.
    """
    if algorithm == "mcts" and depth is not None:
        raise ParameterError("{depth} does not apply to {algorithm}: its playouts run to the end of the game",
                             depth=depth, algorithm=algorithm)
    if algorithm == "mcts" and order != "ascending":
        raise ParameterError("{order} orders the moves of minimax and alpha-beta; {algorithm} chooses its own by "
                             "UCB1 and random playouts", order=order, algorithm=algorithm)
    _check_mcts_options([algorithm], iterations, c, seed, solver, max_game_length)
    check_visit_options([algorithm], table, guess, aspiration, merge)
    start = starting_point(position, game=game, tree=tree, root=root, moves=moves)
    if show_pruned and (algorithm != "alphabeta" or merge is not None or table):
        raise ParameterError("{show_pruned} draws the subtrees alpha-beta pruned: it needs {algorithm:name} "
                             "alphabeta, no {merge:name} and no {table:name}", show_pruned=True, algorithm=algorithm,
                             merge=merge, table=table)
    graph = _build(start, algorithm, depth, scoring, order, max_nodes, path, plies, merge,
                   (iterations, c, seed, solver, max_game_length), node_budget, (table, guess, aspiration),
                   show_pruned)
    source = {"start": start, "algorithm": algorithm, "depth": depth, "scoring": scoring, "order": order,
              "seed": seed, "node_budget": node_budget, "max_nodes": max_nodes, "path": path, "plies": plies,
              "merge": merge}
    return Tree(graph, title=title, position=start.words, source=source)


def comparison(
    position: str | None = None,
    *,
    game: str | Game | None = None,
    tree: Any = None,
    root: Root = "max",
    moves: str | Sequence[str] | None = None,
    algorithms: Sequence[Search] = DEFAULT_COMPARE,
    depth: int | None = None,
    scoring: ScoringChoice = "plain",
    order: OrderName = "ascending",
    max_nodes: int = 0,
    title: str | None = None,
    merge: Merge | None = None,
    iterations: int | None = None,
    c: float = DEFAULT_C,
    seed: int | None = 0,
    solver: bool = False,
    path: str | Sequence[str] | None = None,
    plies: int | None = None,
    node_budget: int = DEFAULT_NODE_BUDGET,
    max_game_length: int | None = None,
    table: bool = False,
    guess: float | None = None,
    aspiration: float | None = None,
) -> Tree:
    """Two or more searches of a position drawn side by side, one panel each, in the order given
    (minimax and alpha-beta by default); the position is named as for :func:`search_tree` (a FEN, ``tree=``,
    ``game=`` with ``position`` and ``moves``). ``depth`` applies to minimax and alpha-beta only; the same ``path``
    and ``plies`` cut every panel; ``node_budget`` bounds each search.

    :raises ValueError: fewer than two searches, an unknown or repeated one, or what
        :func:`search_tree` refuses.
    """
    algorithms = list(algorithms)
    _check_panels("algorithms", algorithms, SEARCHES, "a search", "a comparison needs two or more searches")
    _check_mcts_options(algorithms, iterations, c, seed, solver, max_game_length)
    if merge is not None and "mcts" in algorithms:
        raise ParameterError(MERGE_NOT_MCTS, merge=merge, algorithm="mcts")
    check_visit_options(algorithms, table, guess, aspiration, merge)
    start = starting_point(position, game=game, tree=tree, root=root, moves=moves)
    graphs = [_build(start, a, None if a == "mcts" else depth, scoring, order, max_nodes, path, plies, merge,
                     (iterations, c, seed, solver, max_game_length), node_budget,
                     (table and a in TABLE_SEARCHES, guess if a == "mtdf" else None,
                      aspiration if a == "id" else None)) for a in algorithms]
    return Tree(*graphs, title=title, position=start.words)


def _check_panels(key: str, chosen: Sequence[str], allowed: Collection[str], noun: str, too_few: str) -> None:
    """Refuse a side-by-side figure's list of panels (``key``, named as the caller's parameter) that holds an
    unknown word, fewer than two, or one twice."""
    unknown = [c for c in chosen if c not in allowed]
    if unknown:
        raise ParameterError(f"{{{key}}}: {unknown[0]!r} is not {noun} (expected {', '.join(allowed)})",
                             **{key: chosen})
    if len(chosen) < 2:
        raise ParameterError(f"{{{key}}}: {too_few}", **{key: chosen})
    repeated = sorted({c for c in chosen if chosen.count(c) > 1})
    if repeated:
        raise ParameterError(f"{{{key}}} lists {repeated[0]} twice", **{key: chosen})


DEFAULT_ORDERS: tuple[OrderName, ...] = ("best", "worst")
"""What an order comparison compares when no orders are named."""


def order_comparison(
    position: str | None = None,
    *,
    game: str | Game | None = None,
    tree: Any = None,
    root: Root = "max",
    moves: str | Sequence[str] | None = None,
    algorithm: Algorithm = "alphabeta",
    orders: Sequence[OrderName] = DEFAULT_ORDERS,
    depth: int | None = None,
    scoring: ScoringChoice = "plain",
    max_nodes: int = 0,
    title: str | None = None,
    seed: int | None = 0,
    path: str | Sequence[str] | None = None,
    plies: int | None = None,
    node_budget: int = DEFAULT_NODE_BUDGET,
) -> Tree:
    """One search of a position under several move orders, side by side (best and worst first by default),
    each panel titled with its order, its nodes and the leaves it examined; when the tree is uniform (every
    node the same number of moves, every leaf at the same depth) the figure also gives the Knuth-Moore minimum,
    ``b^ceil(d/2) + b^floor(d/2) - 1`` leaves, which the best order reaches. The position is named as for
    :func:`search_tree`; ``seed`` shuffles the ``random`` order.

    :raises ValueError: fewer than two orders, an unknown or repeated one, MCTS (it has no move order), or what
        :func:`search_tree` refuses.
    """
    from engine.search.ordering import knuth_moore_minimum, uniform_shape
    from treeviz.trees.builder import ORDERS, build_tree

    orders = list(orders)
    _check_panels("orders", orders, ORDERS, "a move order", "a comparison of move orders needs two or more")
    if algorithm in VISIT_SEARCHES:
        raise ParameterError("{algorithm}: a comparison of move orders draws one plain search per order; compare "
                             f"the orders of {' or '.join(ALGORITHMS_WITH_ORDERS)}, or draw {{algorithm:bare}} "
                             "under one {order:name}", algorithm=algorithm, order=None)
    if algorithm not in ALGORITHMS_WITH_ORDERS:
        raise ParameterError("{algorithm} has no move order to compare (its playouts are random): compare the "
                             f"orders of {' or '.join(ALGORITHMS_WITH_ORDERS)}", algorithm=algorithm)
    start = starting_point(position, game=game, tree=tree, root=root, moves=moves)
    adapter, g, state = start.adapter, start.game, start.state
    if adapter.needs_depth and depth is None:
        raise ParameterError(f"{adapter.position_noun} needs a depth limit ({{depth:name}} N, e.g. 2): its full tree "
                             "is far too big to search", depth=None)
    cut = parse_path(path) if isinstance(path, str) else path
    graphs = [build_tree(g, state, algorithm=algorithm, depth=depth, scoring=scoring, order=order,
                         max_nodes=max_nodes, path=cut, plies=plies, node_budget=node_budget, seed=seed,
                         count_leaves=True) for order in orders]
    shape = uniform_shape(g, state, depth=depth)
    if shape is not None:
        branching, levels = shape
        minimum = {"branching": branching, "depth": levels, "leaves": knuth_moore_minimum(branching, levels)}
        for G in graphs:
            G.graph["knuth_moore"] = minimum
    return Tree(*graphs, title=title, position=start.words)


ALGORITHMS_WITH_ORDERS = ("minimax", "alphabeta")
"""The searches whose move order can be chosen."""


def _check_mcts_options(algorithms: Sequence[str], iterations: int | None, c: float, seed: int | None,
                        solver: bool, max_game_length: int | None = None) -> None:
    if max_game_length is not None and "mcts" not in algorithms:
        raise ParameterError("{max_game_length} bounds the random playouts of {algorithm}: it applies to MCTS only",
                             max_game_length=max_game_length, algorithm="mcts")
    if iterations is not None and iterations < 1:
        raise ParameterError("{iterations}: MCTS needs at least one iteration", iterations=iterations)
    if not (math.isfinite(c) and c >= 0):
        raise ParameterError("{c}: the exploration constant must be a finite number >= 0", c=c)
    if "mcts" not in algorithms and (iterations is not None or solver):
        given = {"iterations": iterations} if iterations is not None else {"solver": solver}
        name = next(iter(given))
        raise ParameterError(f"{{{name}}} is an MCTS parameter: it applies to {{algorithm}} only", **given,
                             algorithm="mcts")


VISIT_SEARCHES = ("pvs", "mtdf", "id")
"""The searches drawn as the tree of their visits (:mod:`treeviz.trees.visit_tree`), as alpha-beta is with a table."""
TABLE_SEARCHES = ("alphabeta", "pvs", "id")
"""The searches ``table`` (``--tt``) applies to."""


def check_visit_options(algorithms: Sequence[str], table: bool, guess: float | None, aspiration: float | None,
                        merge: Merge | None = None) -> None:
    """Refuse a table, a guess or an aspiration window given to searches that take none (in a comparison: to
    none of its searches), and a merge of a tree of visits.

    :raises engine.errors.ParameterError: naming the parameter.
    """
    if table and not any(a in TABLE_SEARCHES for a in algorithms):
        raise ParameterError(f"{{table}} is a transposition table for {', '.join(TABLE_SEARCHES)} (MTD(f) always "
                             "has one); {algorithm:bare} takes none", table=table, algorithm=",".join(algorithms))
    if guess is not None and "mtdf" not in algorithms:
        raise ParameterError("{guess} is MTD(f)'s first guess: it applies to {algorithm:name} mtdf only, not to "
                             "{algorithm:bare}", guess=guess, algorithm=",".join(algorithms))
    if guess is not None and not math.isfinite(guess):
        raise ParameterError("{guess} must be a finite number", guess=guess)
    if aspiration is not None and "id" not in algorithms:
        raise ParameterError("{aspiration} windows the iterations of iterative deepening: it applies to "
                             "{algorithm:name} id only, not to {algorithm:bare}", aspiration=aspiration,
                             algorithm=",".join(algorithms))
    if aspiration is not None and not (math.isfinite(aspiration) and aspiration > 0):
        raise ParameterError("{aspiration} must be a number more than 0", aspiration=aspiration)
    if merge is not None and (table or any(a in VISIT_SEARCHES for a in algorithms)):
        raise ParameterError("{merge} folds minimax and alpha-beta trees, not the visits of a search that revisits "
                             "positions ({algorithm:bare}{table:bare})", merge=merge,
                             algorithm=",".join(algorithms), table=" with a table" if table else "")


def _build(start: Start, algorithm: Search, depth: int | None, scoring: ScoringChoice, order: OrderName,
           max_nodes: int, path: str | Sequence[str] | None = None, plies: int | None = None,
           merge: Merge | None = None,
           mcts: tuple[int | None, float, int | None, bool, int | None] = (None, DEFAULT_C, 0, False, None),
           node_budget: int = DEFAULT_NODE_BUDGET,
           visits: tuple[bool, float | None, float | None] = (False, None, None),
           show_pruned: bool = False) -> nx.DiGraph:
    from treeviz.trees.builder import build_tree

    moves = parse_path(path) if isinstance(path, str) else path

    if algorithm not in SEARCHES:
        raise ParameterError(f"{{algorithm}} is not a search (expected {', '.join(SEARCHES)})", algorithm=algorithm)
    if merge is not None and algorithm == "mcts":
        raise ParameterError(MERGE_NOT_MCTS, merge=merge, algorithm=algorithm)
    if merge is not None:
        from treeviz.trees.dag import MERGES
        if merge not in MERGES:
            raise ParameterError(f"{{merge}} is not a merge (expected {' or '.join(MERGES)})", merge=merge)
    if (moves or plies is not None) and (merge is not None or algorithm == "mcts"):
        raise ParameterError(CUT_BY_MAX_NODES, path=path, plies=plies, max_nodes=None)
    adapter, game, state = start.adapter, start.game, start.state
    if algorithm == "bot":
        from treeviz.trees.bot_tree import build_bot_tree, check_bot_request

        check_bot_request(merge=merge, order=order, scoring=scoring)
        return build_bot_tree(game, state, depth=depth, max_nodes=max_nodes, path=moves, plies=plies,
                              node_budget=node_budget)
    if algorithm == "mcts":
        from treeviz.trees.mcts import build_mcts_tree

        iterations, c, seed, solver, max_game_length = mcts
        iterations = iterations or DEFAULT_ITERATIONS
        if node_budget and iterations + 1 > node_budget:
            raise NodeBudgetExceeded("{iterations} makes up to one node an iteration, more than {node_budget} "
                                     "allows: ask for fewer, or raise {node_budget:name} (0: no budget)",
                                     nodes=0, budget=node_budget, foreseen=True, iterations=iterations)
        return build_mcts_tree(game, state, iterations=iterations, c=c, seed=seed,
                               solver=solver, max_nodes=max_nodes,
                               max_game_length=max_game_length or MAX_GAME_LENGTH)
    if adapter.needs_depth and depth is None:
        raise ParameterError(f"{adapter.position_noun} needs a depth limit ({{depth:name}} N, e.g. 2): its full tree "
                             "is far too big to search", depth=None)
    table, guess, aspiration = visits
    if algorithm in VISIT_SEARCHES or table:
        from treeviz.trees.visit_tree import build_visit_tree

        return build_visit_tree(game, state, algorithm=algorithm, depth=depth,  # type: ignore[arg-type]  # the visit searches, narrowed above
                                scoring=scoring, order=order, max_nodes=max_nodes, path=moves, plies=plies,
                                node_budget=node_budget, seed=mcts[2], table=table, guess=guess,
                                aspiration=aspiration)
    if merge is None:
        return build_tree(game, state, algorithm=cast("Algorithm", algorithm), depth=depth, scoring=scoring,
                          order=order, max_nodes=max_nodes, path=moves, plies=plies, node_budget=node_budget,
                          seed=mcts[2], show_pruned=show_pruned)
    from treeviz.trees.builder import record_search
    from treeviz.trees.dag import merge_records

    recorder, graph_attrs, _ = record_search(game, state, algorithm=cast("Algorithm", algorithm), depth=depth,
                                             scoring=scoring, order=order, node_budget=node_budget, seed=mcts[2])
    return merge_records(recorder, game, merge, graph_attrs=graph_attrs, max_nodes=max_nodes)
