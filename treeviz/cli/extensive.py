"""``tttree --game FILE.efg`` and OpenSpiel's games of imperfect information, chance or n players: the
extensive-form game drawn, solved by backward induction (``--algo backward``) or for a Nash equilibrium
(``--algo nash``, Gambit), its strategic form (``--strategic``), written as ``.efg`` (``--format efg``).

:func:`is_extensive_request` tells ``tttree`` when a request is this command's; :func:`write_extensive` does it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
import networkx as nx

from engine.errors import EfgSyntaxError, ExtensiveGameError, GameError
from engine.games.extensive import ExtensiveGame
from treeviz.cli.common import fail, write_output
from treeviz.cli.usage import binary_to_terminal

EXTENSIVE_ALGORITHMS = ("backward", "nash")
"""The ``--algo`` values that solve extensive-form games."""
EXTENSIVE_STYLES = (None, "textbook", "board", "compact")
"""The ``--style`` values an extensive-form game is drawn in (``board`` is the textbook drawing: no board picture)."""
EXTENSIVE_FORMATS = ("dot", "svg", "png", "pdf", "tex", "json", "html", "efg", "csv")
EXTENSIVE_SUFFIXES = {".dot": "dot", ".gv": "dot", ".svg": "svg", ".png": "png", ".pdf": "pdf", ".tex": "tex",
                      ".json": "json", ".html": "html", ".htm": "html", ".efg": "efg", ".csv": "csv"}


def is_extensive_request(game_spec: str | None, algo: str | None, fmt: str | None, strategic: bool) -> bool:
    """Whether ``tttree``'s options ask for an extensive-form game: a ``.efg`` file, ``--algo backward|nash``,
    ``--format efg``, ``--strategic``, or an OpenSpiel game the minimax searches cannot take (imperfect
    information, more than two players, not zero-sum)."""
    if algo in EXTENSIVE_ALGORITHMS or fmt == "efg" or strategic:
        return True
    if game_spec is None:
        return False
    if game_spec.lower().endswith(".efg"):
        return True
    if game_spec.startswith("openspiel:"):
        try:
            from engine.games.openspiel import check_supported, load_spiel_game

            game = load_spiel_game(game_spec.removeprefix("openspiel:"), spec=game_spec)
            check_supported(game, game_spec)
        except GameError as error:
            reason = getattr(error, "reason", "")
            return "imperfect information" in reason or "players" in reason or "zero-sum" in reason
    return False


def load_extensive(game_spec: str) -> ExtensiveGame:
    """The game a spec names: a ``.efg`` file (``-`` for stdin) or ``openspiel:NAME(...)``; bad input is ``error:``."""
    try:
        if game_spec.startswith("openspiel:"):
            from engine.games.openspiel_extensive import openspiel_extensive

            return openspiel_extensive(game_spec.removeprefix("openspiel:"), spec=game_spec)
        from engine.games.efg import read_efg

        try:
            text = sys.stdin.read() if game_spec == "-" else Path(game_spec).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            fail(f"cannot read {game_spec}: {getattr(error, 'strerror', None) or error}")
        return read_efg(text, source=game_spec)
    except (EfgSyntaxError, ExtensiveGameError, GameError) as error:
        fail(error)


def write_extensive(*, game_spec: str | None, algo: str | None, fmt: str | None, output: Path | None,
                    strategic: bool, title: str | None, theme: str, rankdir: str | None, tex_body: bool,
                    size: str | None, dpi: int | None, others: dict[str, Any], style: str | None = None) -> None:
    """Load, solve, draw and write, as the options say; every mistake is one ``error:`` line and no file.

    ``style``: ``compact`` draws small nodes; ``textbook`` (the default) and ``board`` draw the textbook figure
    (these games have no board picture); ``dot`` is refused."""
    if game_spec is None:
        fail("an extensive-form game is read with --game FILE.efg or --game openspiel:NAME")
    if algo not in (None, *EXTENSIVE_ALGORITHMS):
        fail(f"--algo {algo} searches two-player zero-sum games of perfect information; an extensive-form game is "
             "solved with --algo backward (backward induction) or --algo nash (a Nash equilibrium)")
    given = sorted(name for name, value in others.items() if value)
    if given:
        fail(f"--{given[0].replace('_', '-')} does not apply to extensive-form games")
    if style not in EXTENSIVE_STYLES:
        fail(f"--style {style} is not drawn for extensive-form games (expected one of "
             f"{', '.join(s for s in EXTENSIVE_STYLES if s)})")
    if fmt is None:
        if output is None or not output.suffix:
            fmt = "dot"
        else:
            fmt = EXTENSIVE_SUFFIXES.get(output.suffix.lower())
            if fmt is None:
                fail(f"cannot tell the format from the suffix of {str(output)!r}: use "
                     f"{', '.join(sorted(EXTENSIVE_SUFFIXES))}, or say it with --format")
    if fmt not in EXTENSIVE_FORMATS:
        fail(f"--format {fmt} is not written for extensive-form games (expected one of "
             f"{', '.join(EXTENSIVE_FORMATS)})")
    if fmt == "csv" and not strategic:
        fail("csv output is the strategic form's table: add --strategic")
    if fmt in ("png", "pdf") and binary_to_terminal(output):
        fail(f"{fmt} output is binary: give -o FILE or redirect stdout")
    game = load_extensive(game_spec)
    data = _solve_and_build(game, algo, strategic)
    G, form_rows = data
    note = G.graph.get("imperfect_recall")
    if note and algo is None:
        click.echo(f"note: imperfect recall ({note}): the tree draws, --strategic and --format efg work; "
                   "--algo nash refuses it", err=True)
    try:
        chunks = _render(game, G, form_rows, fmt=fmt, title=title, theme=theme, rankdir=rankdir or "TB",
                         tex_body=tex_body, size=size, dpi=dpi, compact=style == "compact")
    except ValueError as error:
        fail(error)
    if output is None:
        if isinstance(chunks, bytes):
            sys.stdout.buffer.write(chunks)
        else:
            sys.stdout.write(chunks)
        sys.stdout.flush()
    else:
        write_output(output, [chunks])


def _solve_and_build(game: ExtensiveGame, algo: str | None, strategic: bool) -> tuple[nx.DiGraph, Any]:
    from engine.search.strategic import mixed_strategy, strategic_form
    from treeviz.draw.strategic_table import table_rows
    from treeviz.trees.extensive import extensive_tree

    try:
        form = strategic_form(game) if strategic else None
        if algo == "backward":
            from engine.search.backward import backward_induction

            solution = backward_induction(game)
            G = extensive_tree(game, backward=solution)
            rows = None
            if form is not None:
                picked = [tuple(solution.chosen[s.nodes[0]] or 0 for s in game.player_infosets(p)) for p in (1, 2)]
                rows = table_rows(form, [1 if r == picked[0] else 0 for r in form.rows],
                                  [1 if c == picked[1] else 0 for c in form.columns])
        elif algo == "nash":
            from engine.search.nash import nash_equilibrium

            equilibrium = nash_equilibrium(game)
            G = extensive_tree(game, nash=equilibrium)
            rows = None
            if form is not None:
                rows = table_rows(form, mixed_strategy(game, 1, equilibrium.behaviour),
                                  mixed_strategy(game, 2, equilibrium.behaviour))
        else:
            G = extensive_tree(game)
            rows = table_rows(form) if form is not None else None
    except ExtensiveGameError as error:
        fail(error)
    if form is not None:
        G.graph["strategic"] = {"rows": form.row_names, "columns": form.column_names,
                                "payoffs": [[[float(a), float(b)] for a, b in row] for row in form.payoffs]}
    return G, rows


def _render(game: ExtensiveGame, G: nx.DiGraph, form_rows: Any, *, fmt: str, title: str | None, theme: str,
            rankdir: str, tex_body: bool, size: str | None, dpi: int | None, compact: bool = False) -> str | bytes:
    if fmt == "efg":
        from engine.games.efg import write_efg

        return write_efg(game)
    if fmt == "json":
        import json

        return json.dumps(nx.node_link_data(G, edges="edges"), ensure_ascii=False) + "\n"
    from treeviz.draw.strategic_table import SIDE_TABLE_LIMIT, table_csv, table_tex

    caption = f"Strategic form of {G.graph.get('game') or 'the game'}"
    if fmt == "csv":
        rows, marked = form_rows
        return table_csv(rows, marked)
    if fmt == "tex" and form_rows is not None:
        rows, marked = form_rows
        return table_tex(rows, marked, caption)
    from treeviz.draw.extensive_dot import extensive_dot, node_count_check, side_table

    node_count_check(G)
    if fmt == "tex":
        from treeviz.draw.extensive_tikz import extensive_tikz

        return extensive_tikz(G, title=title, body_only=tex_body, theme=theme, compact=compact)
    side = None
    if form_rows is not None:
        rows, marked = form_rows
        if len(rows) - 1 <= SIDE_TABLE_LIMIT and len(rows[0]) - 1 <= SIDE_TABLE_LIMIT:
            side = side_table(rows, marked, caption)
        else:
            click.echo(f"note: the strategic form ({len(rows) - 1} x {len(rows[0]) - 1}) is too large to draw beside "
                       f"the tree (at most {SIDE_TABLE_LIMIT} strategies a player): write it with -o table.csv or "
                       "--format tex", err=True)
    dot = extensive_dot(G, title=title, theme=theme, rankdir=rankdir, side=side, compact=compact)
    if fmt == "dot":
        return dot
    if fmt == "html":
        from treeviz.pages.extensive_page import extensive_page

        return extensive_page(G, dot)
    from treeviz.draw.graphviz import RenderError, render
    from treeviz.draw.page_size import parse_size

    try:
        page = parse_size(size) if size else None
        return render(dot, fmt, size=page, dpi=dpi)
    except RenderError as error:
        raise ValueError(str(error)) from error
