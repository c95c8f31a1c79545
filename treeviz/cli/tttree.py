"""``tttree FEN``: the minimax or alpha-beta search tree of a position, as DOT, PNG, SVG, PDF, TikZ, JSON or HTML.

Also ``treeviz tree`` (same command) and ``treeviz compare`` (both trees side
by side). With no options: the minimax tree as Graphviz DOT on stdout, as in
the course (``tttree "1o11o1oxx x" > g.dot``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, cast

import click
import networkx as nx

from treeviz.cli.common import fail, output_format, progress_enabled, run, write_output
from treeviz.cli.extensive import EXTENSIVE_ALGORITHMS, is_extensive_request, write_extensive
from treeviz.cli.lesson_options import check_lesson_request, lesson_click_options, lesson_format, no_lesson_options
from treeviz.cli.position_options import horizon_notes, position_options, start_arguments
from treeviz.cli.quiz_options import quiz_html, quiz_option, quiz_request
from treeviz.cli.search_options import (
    ALGO_HELP,
    check_search_options,
    compare_list,
    compare_option,
    order_option,
    search_options,
)
from treeviz.cli.usage import Command, OneOf, OutputFile, Text, WholeNumber, binary_to_terminal
from treeviz.draw.drawing import FIGURE_FORMATS, FigureOptions
from treeviz.draw.graphviz import RenderError
from treeviz.draw.kinds import kind_of
from treeviz.draw.styles import BOARD_LIMIT, COMPACT_LIMIT, STYLES
from treeviz.draw.themes import THEMES
from treeviz.tree import (
    BINARY_FORMATS,
    DEFAULT_C,
    FORMATS,
    LESSON_FORMATS,
    SEARCHES,
    SUFFIXES,
    Tree,
    comparison,
    order_comparison,
    search_tree,
)
from treeviz.trees.budget import DEFAULT_NODE_BUDGET
from treeviz.trees.crop import parse_path

if TYPE_CHECKING:
    from treeviz.draw.dot_parts import Rankdir
    from treeviz.draw.styles import Style
    from treeviz.draw.themes import ThemeName
    from treeviz.tree import Format, Search
    from treeviz.trees.builder import Algorithm, OrderName, ScoringChoice
    from treeviz.trees.dag import Merge

DEFAULT_MAX_NODES = 1000
"""The picture formats' cap when ``--max-nodes`` is not given: about what a figure can still hold."""
UNCAPPED_FORMATS = frozenset({"json", "html"})
"""Data and the interactive page take the whole tree unless ``--max-nodes`` says otherwise."""

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}



def requested_tree(fen: str | None, *, compare: bool | str | None, algo: Search | None, depth: int | None,
                   scoring: ScoringChoice, order: OrderName | Sequence[OrderName], max_nodes: int, title: str | None,
                   path: list[str] | None = None,
                   plies: int | None = None, merge: Merge | None = None, iterations: int | None = None,
                   c: float | None = None, seed: int | None = None, solver: bool = False,
                   node_budget: int = DEFAULT_NODE_BUDGET, start: dict[str, Any] | None = None,
                   max_game_length: int | None = None, table: bool = False, guess: float | None = None,
                   aspiration: float | None = None, show_pruned: bool = False) -> Tree:
    """The tree (or the side-by-side panels) the options ask for; a bad request stops with ``error: ...``.

    ``compare`` is ``--compare``'s value: None, True (minimax and alpha-beta) or a comma-separated list;
    ``order`` one move order or several (``--order best,worst``: one search under each, side by side; the search
    is alpha-beta unless ``algo`` says otherwise); ``start`` says what to search when it is not the FEN ``fen``
    (:func:`position_options.start_arguments`).
    """
    where = start if start is not None else {"position": fen}
    algorithms = compare_list(compare)
    orders = [order] if isinstance(order, str) else list(order)
    if len(orders) > 1 and algorithms is not None:
        fail("--compare draws several searches under one move order, --order with several orders one search under "
             "each: give one of them")
    if len(orders) > 1 and algo == "mcts":
        fail("--order with several orders compares the move orders of minimax or alpha-beta; MCTS has none "
             "(its playouts are random)")
    if len(orders) > 1 and algo == "bot":
        fail("--order with several orders compares the move orders of minimax or alpha-beta; --algo bot orders its "
             "own moves (table move, killers, history)")
    if len(orders) > 1 and max_game_length is not None:
        fail("--max-game-length bounds the random playouts of --algo mcts, which --order with several orders does not "
             "run")
    algo = algo or ("alphabeta" if len(orders) > 1 else "minimax")
    if show_pruned and (len(orders) > 1 or algorithms is not None):
        fail("--show-pruned draws the subtrees one alpha-beta search pruned: leave out --compare and give one --order")
    check_search_options(algorithms or [algo], iterations=iterations, c=c, seed=seed, solver=solver, orders=orders)
    mcts: dict[str, Any] = {"iterations": iterations, "c": DEFAULT_C if c is None else c,
                            "seed": 0 if seed is None else seed, "solver": solver, "node_budget": node_budget,
                            "max_game_length": max_game_length}
    visits: dict[str, Any] = {"table": table, "guess": guess, "aspiration": aspiration}
    if len(orders) > 1 and any(v not in (None, False) for v in visits.values()):
        fail("--tt, --guess and --aspiration apply to one search order; --order with several orders compares "
             "plain searches")
    try:
        if len(orders) > 1:
            assert algo != "mcts" and algo != "bot"  # refused above
            tree = order_comparison(**where, algorithm=cast("Algorithm", algo), orders=orders, depth=depth,
                                    scoring=scoring, max_nodes=max_nodes, title=title, path=path, plies=plies,
                                    seed=mcts["seed"], node_budget=node_budget)
        elif algorithms is not None:
            tree = comparison(**where, algorithms=algorithms, depth=depth, scoring=scoring, order=orders[0],
                              max_nodes=max_nodes, title=title, path=path, plies=plies, merge=merge, **mcts,
                              **visits)
        else:
            tree = search_tree(**where, algorithm=algo, depth=depth, scoring=scoring, order=orders[0],
                               max_nodes=max_nodes, title=title, path=path, plies=plies, merge=merge,
                               show_pruned=show_pruned, **mcts, **visits)
    except ValueError as exc:
        fail(exc)
    for note in horizon_notes(tree):
        click.echo(f"note: {note}", err=True)
    return tree


def figure_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options that shape a figure, shared by ``tttree``, ``treeviz tree/compare`` and ``treeviz solve``."""
    options = [
        click.option("--style", type=OneOf(STYLES), default=None,
                     help=f"board: each node a board; compact: small box (x to move) or ellipse (o to move) with "
                          f"the value; dot: points, for the shape of huge trees; textbook: MAX as upward triangles, "
                          f"MIN downward, chance circles, values inside [default: board up to {BOARD_LIMIT:,} nodes "
                          f"(textbook trees: textbook), compact up to {COMPACT_LIMIT:,}, dot beyond; tex: compact]."),
        click.option("--size", default=None, metavar="WIDTH[xHEIGHT]",
                     help="Scale the figure to this page width, e.g. 16cm, 6in, 800px (or to fit 16cmx20cm); "
                          "PDF and SVG have that size, PNG that size at --dpi."),
        click.option("--dpi", type=WholeNumber(), default=None, metavar="N",
                     help="PNG resolution [default: 150 with --size, else 96 (screen size)]."),
        click.option("--theme", type=OneOf(list(THEMES)), default="default", show_default=True,
                     help="print: black, white and greys only (side to move by shape, best line by weight, "
                          "cuts by dash pattern); colourblind: colours that deuteranopia and protanopia tell "
                          "apart too."),
        click.option("--plies", type=WholeNumber(0), default=None, metavar="N",
                     help="Draw only the first N plies (values stay those of the whole search); each cut subtree "
                          "becomes a '+k nodes' mark."),
        click.option("--path", "moves", default=None, metavar="MOVES",
                     help="Draw the subtree under the position these moves reach, cells as drawn, e.g. 3,4."),
        click.option("--tex-body", is_flag=True,
                     help="With --format tex: only the tikzpicture, for \\input into a paper."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def check_figure_request(fmt: str, output: Path | None, *, fmt_given: bool, style: Style | None, size: str | None,
                         dpi: int | None, theme: ThemeName, rankdir: Rankdir | None, plies: int | None,
                         moves: str | None, tex_body: bool, formats: tuple[str, ...] = FORMATS,
                         explain: bool = False) -> tuple[FigureOptions, list[str] | None]:
    """Every figure option checked before any search: the options object and the parsed path, or ``error:``."""
    if fmt_given and output is not None:
        named = SUFFIXES.get(output.suffix.lower())
        if named is not None and named != fmt and named in formats:
            fail(f"--format {fmt} but the output file {output.name} says {named}: make them agree")
    if plies is not None and plies < 0:
        fail(f"--plies must be 0 or more, not {plies}")
    try:
        options = FigureOptions.from_values(style=style, size=size, dpi=dpi, theme=theme, rankdir=rankdir,
                                            tex_body=tex_body, explain=explain)
        options.check_format(fmt)
        path = parse_path(moves) if moves is not None else None
    except ValueError as exc:
        fail(exc)
    if (plies is not None or path) and fmt not in FIGURE_FORMATS and fmt != "json":  # json: the part kept
        fail(f"--plies and --path shape figures and JSON; {fmt} output holds the whole tree")
    if style is not None and style != "board" and fmt == "dot":
        fail(f"--style {style} cannot be written as dot: the {style} style is laid out by treeviz, not Graphviz; "
             "use png, svg, pdf or tex (or --style board for dot)")
    return options, path

def node_budget_option() -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--node-budget N``: the most nodes a search may enter before the command stops (memory stays bounded)."""
    return click.option(
        "--node-budget", type=WholeNumber(0), default=DEFAULT_NODE_BUDGET, metavar="N",
        help=f"Stop with an error past N searched nodes, before memory runs out (a node costs 1.5-3.2 kB from "
             f"search to output); 0 = no budget [default: {DEFAULT_NODE_BUDGET:,}, room for the whole "
             "549,946-node tic-tac-toe tree]. A depth-limited ultimate search that cannot fit is refused at once.")


def _tree_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options ``tttree``, ``treeviz tree`` and ``treeviz compare`` share."""
    options: list[Callable[[Callable[..., Any]], Callable[..., Any]]] = [
        click.argument("fen", required=False, metavar="[FEN|POSITION]"),
        click.option("--depth", type=WholeNumber(0), default=None, metavar="N",
                     help="Depth limit in plies; leaves at the limit get the heuristic value. "
                          "Required for ultimate positions."),
        click.option("--format", "fmt", type=OneOf(list(dict.fromkeys([*FORMATS, *LESSON_FORMATS, "efg", "csv"]))),
                     default=None,
                     help=f"Output format [default: from the -o suffix ({', '.join(sorted(SUFFIXES))}), else dot]; "
                          "another suffix needs --format."),
        click.option("-o", "--output", type=OutputFile(), default=None,
                     help="Write here instead of stdout: a file is replaced whole at the end (a link's target "
                          "too); a device or pipe (/dev/null, a FIFO) is written into."),
        click.option("--max-nodes", type=WholeNumber(0), default=None, metavar="N",
                     help=f"Draw at most N searched nodes (whole levels from the root, then the best line); "
                          f"0 = no limit [default: {DEFAULT_MAX_NODES} for dot and board figures, none for "
                          "compact and dot figures, json and html]."),
        node_budget_option(),
        click.option("--scoring", type=OneOf(["plain", "quick"]), default="plain", show_default=True,
                     help="plain: +1/0/-1; quick: a win is worth 1 + the empty cells left (faster wins score higher)."),
        order_option(),
        click.option("--rankdir", type=OneOf(["TB", "LR"]), default=None,
                     help="TB: the tree grows downwards; LR: rightwards [default: TB; a compact tree given a --size "
                          "it is too wide for is drawn LR]."),
        click.option("--title", type=Text(), default=None, metavar="TITLE",
                     help="Heading of the figure [default: algorithm, position, counts]."),
        click.option("--explain", is_flag=True,
                     help="Explain the search in the figure: beside each node its visit order #n and every "
                          "alpha-beta window it had, [α, β] at entry then after each child that moved it; on "
                          "each cut the comparison that caused it (α-cut: 2 ≤ α=3). The page always shows "
                          "them."),
        click.option("--show-pruned", is_flag=True,
                     help="Draw each move alpha-beta pruned with the subtree it skipped, greyed, its leaves' values "
                          "shown (never counted as searched; at most 2,000 such nodes, past that a pruned move stays "
                          "a stub). Figures and JSON."),
        *lesson_click_options(),
        click.option("--strategic", is_flag=True,
                     help="Extensive-form games of two players: the strategic form's table, beside the tree (up to "
                          "8 strategies a player), or alone as -o table.csv / --format tex; the equilibrium's "
                          "strategies marked."),
    ]
    command = figure_options(command)  # listed after the options above in --help
    for option in reversed(options):
        command = option(command)
    return command


@click.command(cls=Command, context_settings=CONTEXT)
@click.option("--algo", type=OneOf([*SEARCHES, *EXTENSIVE_ALGORITHMS]), default=None,
              help=ALGO_HELP + " Extensive-form games (--game FILE.efg, OpenSpiel's poker...): backward (backward "
                   "induction) or nash (a Nash equilibrium by Gambit). [default: minimax; alphabeta with several "
                   "--order or with --quiz]")
@compare_option
@quiz_option
@search_options
@position_options
@_tree_options
def tree_command(fen: str | None, algo: Search, compare: str | None, **options: Any) -> None:
    """Write the search tree of FEN (tic-tac-toe "1o11o1oxx x" or ultimate "999999999 00 x"), of a textbook
    tree (--tree "[[3,12,8],[2,4,6],[14,5,2]]") or of any game (--game examples/nim.py:Nim [POSITION]).

    Every node shows its board, whose move it is (colour) and its value from the
    first player's point of view; the best line is bold green; alpha-beta's pruned
    moves are grey dashed stubs naming the cut. MCTS nodes show visits n, mean q and
    UCB, edges as wide as their visits. Textbook trees are drawn as textbooks draw
    them (MAX upward triangles, MIN downward, chance circles). Diagnostics go to
    stderr, the result to stdout or -o.
    """
    if fen is None and compare is not None and " " in compare:
        fen, compare = compare, "minimax,alphabeta"  # "tttree --compare FEN": the flag, then the position
    _write_tree(fen, algo=algo, compare=compare, **options)


@click.command(cls=Command, context_settings=CONTEXT, renamed={"--searches": "--compare"})
@click.option("--compare", "searches", type=Text(), default="minimax,alphabeta", show_default=True, metavar="LIST",
              help="The searches to put side by side: a comma-separated list of minimax, alphabeta, mcts, pvs, mtdf, "
                   "id (as tttree --compare LIST; was --searches).")
@search_options
@position_options
@_tree_options
def compare_command(fen: str | None, searches: str, **options: Any) -> None:
    """Write two or more searches of FEN (or of --tree, or --game's POSITION) side by side (minimax and alpha-beta
    by default), each titled with its node count."""
    _write_tree(fen, algo="minimax", compare=searches, command="treeviz compare", **options)


def _write_tree(fen: str | None, *, algo: Search | None, compare: str | None, depth: int | None, fmt: Format | None,
                output: Path | None, max_nodes: int | None, scoring: ScoringChoice, order: Sequence[OrderName],
                rankdir: Rankdir | None, title: str | None, style: Style | None, size: str | None, dpi: int | None,
                theme: ThemeName,
                plies: int | None, moves: str | None, tex_body: bool, node_budget: int, explain: bool,
                tree_text: str | None,
                tree_file: str | None, root: str | None, game_spec: str | None, command: str = "tttree",
                quiz: str | None = None, strategic: bool = False, **search: Any) -> None:
    if is_extensive_request(game_spec, algo, fmt, strategic):
        others = {"compare": compare, "quiz": quiz, "tree": tree_text or tree_file, "depth": depth is not None,
                  "merge": search.get("merge"), "plies": plies is not None, "path": moves, "explain": explain,
                  "moves": search.get("start_moves"), "position": fen, "max_nodes": max_nodes is not None,
                  "scoring": scoring != "plain",
                  "order": tuple(order) != ("ascending",)}
        write_extensive(game_spec=game_spec, algo=algo, fmt=fmt, output=output, strategic=strategic, title=title,
                        theme=theme, rankdir=rankdir, tex_body=tex_body, size=size, dpi=dpi, others=others,
                        style=style)
        return
    fmt_given = fmt is not None
    fps, max_steps = search.pop("fps", None), search.pop("max_steps", None)
    lesson = lesson_format(fmt, output, comparison=compare is not None or len(order) > 1)
    if lesson is not None and quiz is None:
        check_lesson_request(lesson, output, fmt_given=fmt_given, dpi=dpi, rankdir=rankdir, explain=explain,
                             max_nodes=max_nodes)
        start = start_arguments(fen, tree_text=tree_text, tree_file=tree_file, root=root, game_spec=game_spec,
                                moves=search.pop("start_moves"), command=command)
        _progress("searching")
        tree = requested_tree(fen, compare=compare, algo=algo, depth=depth, scoring=scoring, order=order,
                              max_nodes=0, title=title, node_budget=node_budget, start=start, **search)
        _progress(f"writing the {lesson}")
        try:
            taught = tree.lesson(lesson, style=style, theme=theme, size=size, fps=fps, max_steps=max_steps,
                                 tex_body=tex_body, path=moves, plies=plies)
            _emit(taught, output)
        except (ValueError, ImportError) as exc:
            fail(exc)
        return
    fmt = fmt or cast("Format", output_format(output, SUFFIXES))  # "dot" or one of SUFFIXES' formats
    if quiz is not None and search.get("show_pruned"):
        fail("--show-pruned draws figures; the quiz page greys the pruned subtrees itself: leave it out")
    no_lesson_options(fmt, fps, max_steps)
    if quiz is not None:
        quiz, fen, algo = quiz_request(quiz, fen, fmt=fmt, algo=algo, compare=compare, order=order,
                                       merge=search.get("merge"), max_nodes=max_nodes)
    start = start_arguments(fen, tree_text=tree_text, tree_file=tree_file, root=root, game_spec=game_spec,
                            moves=search.pop("start_moves"), command=command)
    options, path = check_figure_request(fmt, output, fmt_given=fmt_given, style=style, size=size, dpi=dpi,
                                         theme=theme, rankdir=rankdir, plies=plies, moves=moves, tex_body=tex_body,
                                         explain=explain)
    if quiz is not None:
        algorithm = cast("Algorithm", algo)  # quiz_request chose it
        check_search_options([algorithm], iterations=search.get("iterations"), c=search.get("c"),
                             seed=search.get("seed"), solver=search.get("solver", False), orders=list(order))
        _progress("searching")
        _emit([quiz_html(quiz, algorithm, start=start, depth=depth, scoring=scoring, order=order[0],
                         seed=search.get("seed"), title=title, node_budget=node_budget)], output)
        return
    if max_nodes is None:
        # The cap guards Graphviz: DOT and board figures (merged DAGs are always board); the tidy layout takes
        # any tree.
        board = fmt == "dot" or style == "board" or (search.get("merge") is not None and fmt in FIGURE_FORMATS)
        max_nodes = DEFAULT_MAX_NODES if board else 0
    if fmt in BINARY_FORMATS and binary_to_terminal(output):
        if output is None:
            fail(f"{fmt} output is binary: give -o FILE or redirect stdout")
        fail(f"{fmt} output is binary and {str(output)!r} is a terminal: give -o FILE")

    _progress("searching")
    tree = requested_tree(fen, compare=compare, algo=algo, depth=depth, scoring=scoring, order=order,
                          max_nodes=max_nodes, title=title, path=path, plies=plies, node_budget=node_budget,
                          start=start, **search)
    _report_cut(tree, max_nodes)
    left = tree.graphs[0].graph.get("unsearched_left")
    if left:
        click.echo(f"note: --show-pruned: {left:,} pruned move{'s' if left != 1 else ''} hide more than the "
                   f"{UNSEARCHED_BUDGET:,} nodes drawn below pruned moves: drawn as stubs", err=True)

    if fmt not in ("json", "html", "dot"):
        _progress(f"laying out {tree.drawn_nodes:,} nodes")
    try:
        drawing = tree.draw(fmt, style=options.style, size=options.size, dpi=options.dpi, theme=options.theme,
                            rankdir=options.rankdir, tex_body=options.tex_body, explain=options.explain)
        for note in drawing.notes:
            click.echo(f"note: {note}", err=True)
        # DOT, SVG and TikZ stream (the full tree's DOT is half a gigabyte); errors come before the first chunk.
        chunks = drawing.chunks if fmt in ("dot", "svg", "tex") else list(drawing.chunks)
        _emit(chunks, output)
    except (RenderError, ValueError) as exc:
        fail(exc)
    except ImportError:
        if fmt == "html":
            fail("html output needs treeviz.pages.tree_page")
        raise


from treeviz.trees.pruned_subtrees import UNSEARCHED_BUDGET  # noqa: E402  (kept beside its one use)


def _emit(chunks: Iterable[str | bytes], output: Path | None) -> None:
    """Write ``chunks`` to stdout, or to ``output`` through a temporary file renamed at the end."""
    if output is None:
        for chunk in chunks:
            if isinstance(chunk, bytes):
                sys.stdout.buffer.write(chunk)
            else:
                sys.stdout.write(chunk)
        sys.stdout.flush()
        return
    write_output(output, chunks)


def _report_cut(tree: Tree, max_nodes: int) -> None:
    """Say on stderr how much ``--max-nodes`` left out and how to get it."""
    graphs: list[nx.DiGraph] = tree.graphs
    for G in graphs:
        g = G.graph
        hidden = g.get("capped", g.get("hidden", 0))
        if hidden:
            kind = kind_of(G)
            what, noun = kind.what, kind.node_noun
            click.echo(f"note: {kind.algorithm} {what} cut at --max-nodes {max_nodes:,}: {g.get('shown', 0):,} of "
                       f"{g['nodes']:,} {noun} drawn, {hidden:,} left out (use --max-nodes 0 for all of them)",
                       err=True)


def _progress(message: str) -> None:
    if progress_enabled():
        click.echo(f"tttree: {message}\u2026", err=True)


def main() -> NoReturn:
    """Console-script entry point of ``tttree``."""
    run(tree_command, prog_name="tttree")
