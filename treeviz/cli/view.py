"""``treeviz view FEN``: write the interactive page of a search tree and open it in the browser.

The page is the same as ``tttree FEN --format html`` writes; by default it goes to a
file in the temporary directory named after the position, and its path is printed
on stdout.
"""

from __future__ import annotations

import re
import tempfile
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click

from treeviz.cli.common import PAGE_SUFFIXES, output_format, progress_enabled, write_output
from treeviz.cli.position_options import position_options, start_arguments
from treeviz.cli.quiz_options import quiz_html, quiz_option, quiz_request
from treeviz.cli.search_options import ALGO_HELP, compare_option, order_option, search_options
from treeviz.cli.tttree import node_budget_option
from treeviz.cli.usage import Command, OneOf, OutputFile, Text, WholeNumber
from treeviz.tree import SEARCHES

if TYPE_CHECKING:
    from treeviz.tree import Search
    from treeviz.trees.builder import Algorithm, OrderName, ScoringChoice

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def default_path(fen: str, algo: str, compare: bool | str | None, merge: str | None = None) -> Path:
    """Where the page goes when no ``-o`` is given: the temp directory, named after the position."""
    slug = re.sub(r"[^0-9a-z]+", "_", fen.lower()).strip("_")[:80].strip("_") or "tree"
    kind = "compare" if compare else algo
    if merge:
        kind += f"_{merge}"
    return Path(tempfile.gettempdir()) / "treeviz-pages" / f"{kind}_{slug}.html"


@click.command(cls=Command, context_settings=CONTEXT)
@click.argument("fen", required=False, metavar="[FEN|POSITION]")
@click.option("--algo", type=OneOf(list(SEARCHES)), default=None,
              help=ALGO_HELP + " [default: minimax; alphabeta with several --order or with --quiz]")
@compare_option
@quiz_option
@search_options
@position_options
@click.option("--depth", type=WholeNumber(0), default=None, metavar="N",
              help="Depth limit in plies (leaves there get the heuristic value). Required for ultimate positions.")
@click.option("--max-nodes", type=WholeNumber(0), default=0, show_default=True, metavar="N",
              help="Keep at most N searched nodes in the page (whole levels, then the best line); 0 = all.")
@node_budget_option()
@click.option("--scoring", type=OneOf(["plain", "quick"]), default="plain", show_default=True,
              help="plain: +1/0/-1; quick: faster wins score higher.")
@order_option()
@click.option("--title", type=Text(), default=None, metavar="TITLE", help="Heading of the page.")
@click.option("-o", "--output", type=OutputFile(), default=None,
              help="Write the page here [default: a file in the temporary directory].")
@click.option("--open/--no-open", "open_page", default=True, show_default=True,
              help="Open the page in the default browser.")
def view_command(fen: str | None, algo: Search | None, compare: str | None, depth: int | None, max_nodes: int,
                 node_budget: int, scoring: ScoringChoice, order: tuple[OrderName, ...], title: str | None,
                 output: Path | None, open_page: bool, quiz: str | None,
                 tree_text: str | None, tree_file: str | None, root: str | None, game_spec: str | None,
                 start_moves: str | None, **search: Any) -> None:
    """Write the interactive page of the search tree of FEN (or of --tree, or of --game's POSITION), print its
    path and open it in the browser.

    Click nodes to expand them, hover for the moves from the root, replay the
    search step by step (MCTS: iteration by iteration); the page works offline.
    """
    from treeviz.cli.search_options import check_search_options
    from treeviz.cli.tttree import requested_tree

    if quiz is not None:
        quiz, fen, algo = quiz_request(quiz, fen, fmt="html", algo=algo, compare=compare, order=order,
                                       merge=search.get("merge"), max_nodes=max_nodes)
        check_search_options([algo], iterations=search.get("iterations"), c=search.get("c"), seed=search.get("seed"),
                             solver=search.get("solver", False), orders=list(order))
    start = start_arguments(fen, tree_text=tree_text, tree_file=tree_file, root=root, game_spec=game_spec,
                            moves=start_moves, command="treeviz view")
    named = fen or game_spec or tree_text or tree_file or "tree"
    kind: str = algo or ("alphabeta" if len(order) > 1 else "minimax")
    if len(order) > 1:
        kind += "_" + "_".join(order)
    if quiz is not None:
        kind = f"quiz_{quiz}_{kind}"
    path = output if output is not None else default_path(named, kind, compare, search.get("merge"))
    if output is None:
        path.parent.mkdir(parents=True, exist_ok=True)
    else:
        output_format(output, PAGE_SUFFIXES, default="html", option=None)
    if progress_enabled():
        click.echo("treeviz view: searching\u2026", err=True)
    if quiz is not None:
        algorithm = cast("Algorithm", algo)  # quiz_request chose it
        page = quiz_html(quiz, algorithm, start=start, depth=depth, scoring=scoring, order=order[0],
                         seed=search.get("seed"), title=title, node_budget=node_budget)
    else:
        tree = requested_tree(fen, compare=compare, algo=algo, depth=depth, scoring=scoring, order=order,
                              max_nodes=max_nodes, title=title, node_budget=node_budget, start=start, **search)
        page = tree.html()
    write_output(path, [page])
    click.echo(str(path))
    if open_page:
        _open(path)


def _open(path: Path) -> Any:
    """Open the page with the default browser; say so on stderr when there is none."""
    try:
        opened = webbrowser.open(path.resolve().as_uri())
    except webbrowser.Error:
        opened = False
    if not opened:
        click.echo(f"note: no browser could be started; open {path} yourself", err=True)
    return opened
