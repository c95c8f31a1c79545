"""``treeviz solve FEN``: the game value, the optimal moves, attractors and a strategy, and its tree.

Text on stdout by default. ``--format png|svg|dot|json`` (or an ``-o`` file
suffix) draws the strategy tree instead: the strategy side's chosen move at its
nodes, every reply of the opponent at the others. From a won position that is
the winner's strategy; from a drawn one, both sides' drawing strategies side by
side (``--side`` picks one).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from engine.game import PLAYER_NAMES, Game, O, X
from engine.search.counting import PositionLimitError
from engine.search.solver import Solution, solve
from treeviz.cli.common import fail, output_format, write_output
from treeviz.cli.count import (
    RENAMED,
    end_progress,
    limit_message,
    max_positions_option,
    position_from_fen,
    progress_reporter,
)
from treeviz.cli.tttree import check_figure_request, figure_options
from treeviz.cli.usage import Command, OneOf, OutputFile, WholeNumber, binary_to_terminal, typed_option
from treeviz.draw.drawing import FigureOptions
from treeviz.draw.strategy_figure import strategy_figure
from treeviz.trees.crop import crop_graph
from treeviz.trees.strategy import DEFAULT_MAX_NODES, StrategyTreeTooLarge, strategy_tree

if TYPE_CHECKING:
    from treeviz.draw.dot_parts import Rankdir
    from treeviz.draw.styles import Style
    from treeviz.draw.themes import ThemeName

FORMATS = ("dot", "png", "svg", "pdf", "tex", "json")
SUFFIXES = {".dot": "dot", ".gv": "dot", ".png": "png", ".svg": "svg", ".pdf": "pdf", ".tex": "tex", ".json": "json"}
RESULT_WORDS = {1: "x wins", -1: "o wins", 0: "draw"}
SHOWN_STRATEGY = 12
"""Strategies meeting at most this many positions are printed without --list."""


def _moves(game: Game, moves: list[Any]) -> str:
    return " ".join(game.move_name(m) for m in moves) or "none (the game is over)"


def _count(n: int, noun: str, plural: str | None = None) -> str:
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def _value_line(solution: Solution) -> str:
    value = solution.value
    if solution.game.outcome(solution.root) is not None:
        return f"value: {value:+d} (the game is over: {RESULT_WORDS[value]})" if value else "value: 0 (drawn game)"
    if not value:
        return "value: 0 (draw with best play)"
    plies = _count(solution.plies_to_end(solution.root) or 0, "ply", "plies")
    return f"value: {value:+d} ({RESULT_WORDS[value]} with best play, in {plies})"


def summary(solution: Solution, *, listing: bool) -> list[str]:
    """The text report: value, optimal moves, attractors, strategy (and with ``listing`` every position)."""
    game, root = solution.game, solution.root
    fen = game.fen
    to_move = game.to_move(root)
    value = solution.value
    over = game.outcome(root) is not None
    lines = [f"position: {fen(root)} ({PLAYER_NAMES[to_move]} to move)", _value_line(solution)]
    if not over:
        cells = " (cells 1-9 in reading order)" if game.name == "tictactoe" else " (sub-board and cell)"
        why = "holds the draw" if not value else "fastest win" if solution.winner == to_move else "slowest loss"
        lines += [
            f"optimal moves: {_moves(game, solution.optimal_moves())}{cells}",
            f"strategy move: {game.move_name(solution.best_move(root))} ({why})",
        ]
    lines.append(f"positions reachable: {solution.positions:,}")
    sides = [solution.winner] if solution.winner is not None else [X, O]
    for side in sides:
        name = PLAYER_NAMES[side]
        lines.append(f"{name}'s attractor: {_count(len(solution.attractor(side)), 'position')} "
                     f"from which {name} forces a win")
    if over:
        return lines
    played_by: dict[int, dict[str, Any]] = {}
    for side in sides:
        name = PLAYER_NAMES[side]
        kind = "winning" if solution.winner == side else "drawing"
        strategy = solution.winning_strategy(side) if kind == "winning" else solution.drawing_strategy(side)
        try:
            tree = strategy_tree(solution, side, max_nodes=DEFAULT_MAX_NODES)
            played = {d["fen"]: d["strategy_move"] for _, d in tree.nodes(data=True) if d["strategy_move"] is not None}
            tree_text = (f"; playing it {name} meets {_count(len(played), 'position')} "
                         f"(strategy tree: {_count(tree.number_of_nodes(), 'node')})")
        except StrategyTreeTooLarge:
            played = {}
            tree_text = f"; its tree has more than {DEFAULT_MAX_NODES:,} nodes"
        played_by[side] = played
        lines.append(f"{name}'s {kind} strategy: a move at {_count(len(strategy), 'position')} "
                     f"where {name} is to move{tree_text}")
    for side in sides:
        played = played_by[side]
        if listing or 0 < len(played) <= SHOWN_STRATEGY:
            lines.append(f"{PLAYER_NAMES[side]}'s strategy along its tree (position -> move):")
            lines.extend(f"  {p} -> {game.move_name(m)}" for p, m in sorted(played.items(), key=_by_stones))
    if listing:
        for side in sides:
            name = PLAYER_NAMES[side]
            positions = sorted((fen(s) for s in solution.attractor(side)), key=_by_stones)
            lines.append(f"{name}'s attractor ({_count(len(positions), 'position')}):")
            lines.extend(f"  {p}" for p in positions)
    else:
        lines.append("(--list lists the attractor and the strategy; --format png -o FILE draws the strategy tree)")
    return lines


def _by_stones(item: Any) -> tuple[int, str]:
    text = item[0] if isinstance(item, tuple) else item
    board = text.split(" ")[0]
    return sum(ch in "xo" for ch in board), text


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"]},
               renamed={**RENAMED, "--max-nodes": "--node-budget"})
@click.argument("fen")
@click.option("--list", "listing", is_flag=True, help="List the attractor positions and the strategy's moves.")
@click.option("--side", type=OneOf(["x", "o"]), default=None,
              help="Whose strategy to draw (default: the winner; from a drawn position, both).")
@click.option("--format", "fmt", type=OneOf(FORMATS), default=None,
              help="Draw the strategy tree in this format instead of the text report "
                   "(default: the -o suffix).")
@click.option("-o", "--output", type=OutputFile(), default=None,
              help="Write the strategy tree to this file (the text report still goes to stdout).")
@click.option("--node-budget", "max_nodes", type=WholeNumber(0), default=DEFAULT_MAX_NODES, show_default=True,
              metavar="N",
              help="Stop with an error past this many strategy-tree nodes; 0 for no budget (was --max-nodes).")
@click.option("--rankdir", type=OneOf(["TB", "LR"]), default=None,
              help="TB: the tree grows downwards; LR: rightwards [default: TB, or LR when a compact tree fits "
                   "--size better that way].")
@figure_options
@max_positions_option
def solve_command(fen: str, listing: bool, side: str | None, fmt: str | None, output: Path | None,
                  max_nodes: int, max_positions: int, rankdir: Rankdir | None, style: Style | None,
                  size: str | None, dpi: int | None, theme: ThemeName, plies: int | None, moves: str | None,
                  tex_body: bool) -> None:
    """Solve FEN: its value with best play, the optimal moves, the winner's attractor and strategy.

    The attractor is the set of positions from which the winner forces a win;
    the strategy gives one move at each of them where the winner is to move.
    From a drawn position each side gets a drawing strategy (it never loses).
    With --format or -o, draws the strategy tree: the strategy's move at its
    side's nodes (bold), every reply of the opponent at the others.
    """
    fmt_given = fmt is not None
    if output is not None and fmt is None:
        fmt = output_format(output, SUFFIXES, default=None)
    if fmt is None:
        if style or size or dpi or theme != "default" or plies is not None or moves or tex_body or rankdir:
            fail("--style, --size, --dpi, --theme, --rankdir, --plies, --path and --tex-body shape the strategy "
                 "tree's figure: give --format or -o FILE too")
        options, path = None, None
    else:
        options, path = check_figure_request(fmt, output, fmt_given=fmt_given, style=style,
                                             size=size, dpi=dpi, theme=theme, rankdir=rankdir, plies=plies,
                                             moves=moves, tex_body=tex_body, formats=FORMATS)
    if fmt in ("png", "pdf") and binary_to_terminal(output):
        fail(f"a {fmt.upper()} is binary and would go to a terminal: give -o FILE (or redirect stdout to a file "
             "or a pipe)")
    game, state = position_from_fen(fen)
    report = progress_reporter("solving")
    try:
        solution = solve(game, state, max_positions=max_positions or None, progress=report)
    except PositionLimitError as exc:
        end_progress(report)
        fail(limit_message(exc))
    end_progress(report)
    if fmt is None:
        click.echo("\n".join(summary(solution, listing=listing)))
        return
    data, notes = _figure(solution, side, fmt, max_nodes, options, path, plies)
    for note in notes:
        click.echo(f"note: {note}", err=True)
    if output is None:
        if isinstance(data, bytes):
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        else:
            click.echo(data, nl=not data.endswith("\n"))
        return
    write_output(output, [data])
    click.echo("\n".join(summary(solution, listing=listing)))
    click.echo(f"strategy tree written to {output}")


def _figure(solution: Solution, side: str | None, fmt: str, max_nodes: int, options: FigureOptions | None,
            path: list[str] | None, plies: int | None) -> tuple[str | bytes, list[str]]:
    """The strategy tree (or the two drawing strategies) in ``fmt``, and the notes on what was chosen."""
    from treeviz.draw.graphviz import RenderError
    from treeviz.trees.json_export import tree_to_json

    player = {"x": X, "o": O, None: None}[side]
    try:
        if player is not None:
            trees = [strategy_tree(solution, player, max_nodes=max_nodes)]
        elif solution.winner is not None:
            trees = [strategy_tree(solution, max_nodes=max_nodes)]
        else:
            trees = [strategy_tree(solution, p, max_nodes=max_nodes) for p in (X, O)]
    except StrategyTreeTooLarge as exc:
        option = typed_option("--node-budget")
        fail(f"{exc} (the {option} guard): raise {option}, 0 for no limit, or pick one --side")
    except ValueError as exc:  # the side asked for loses: it has no strategy
        fail(exc)
    if fmt == "json":
        if len(trees) == 1:
            return tree_to_json(trees[0]) + "\n", []
        return f'{{"x":{tree_to_json(trees[0])},"o":{tree_to_json(trees[1])}}}\n', []
    assert options is not None
    try:
        if path or plies is not None:
            trees = [crop_graph(G, path=path, plies=plies) for G in trees]
        drawing = strategy_figure(trees, fmt, options)
        chunks = list(drawing.chunks)
    except RenderError as exc:
        reason = str(exc).split(": use ", 1)[0]
        fail(f"{reason}: use --format svg" + (", or draw one side with --side x|o" if len(trees) > 1 else ""))
    except ValueError as exc:
        fail(exc)
    if fmt in ("png", "pdf"):
        return b"".join(c if isinstance(c, bytes) else c.encode() for c in chunks), drawing.notes
    return "".join(c if isinstance(c, str) else c.decode() for c in chunks), drawing.notes
