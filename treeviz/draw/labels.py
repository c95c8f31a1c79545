"""Node labels for the search-tree figures: Graphviz HTML-like tables, not text blobs.

Each tree node is a small board grid (3x3 for tic-tac-toe, 9x9 with sub-board
borders for ultimate) with its value underneath; colours say whose move it is.
Every function returns the *inside* of an HTML-like label: wrap it as
``label=<...>`` in DOT. Boards are cached by position, since a big tree holds
the same few thousand positions many times.
"""

from __future__ import annotations

from functools import lru_cache
from math import inf, isinf
from typing import Any

from treeviz.draw.themes import DEFAULT, Theme

# -- palette ------------------------------------------------------------------
# x is blue, o is red-orange, everywhere: stones, "to move" fills, results. These are the
# default theme's colours (treeviz.draw.themes), kept as names for the code that uses them.

X_INK = DEFAULT.stone_ink["x"]
O_INK = DEFAULT.stone_ink["o"]
X_FILL = DEFAULT.side_fill["x"]
O_FILL = DEFAULT.side_fill["o"]
X_BORDER = DEFAULT.side_border["x"]
O_BORDER = DEFAULT.side_border["o"]
PV_COLOUR = DEFAULT.pv
"""Principal variation: thick green edges and node borders."""
PRUNED_COLOUR = DEFAULT.pruned
PRUNED_INK = DEFAULT.pruned_ink
PRUNED_FILL = DEFAULT.pruned_fill
HIDDEN_COLOUR = DEFAULT.hidden
HIDDEN_FILL = DEFAULT.hidden_fill
LAST_MOVE_FILL = DEFAULT.last_move_fill
LINE_FILL = DEFAULT.line_fill
"""The three cells of a finished line, in the winner's colour."""
PLAYABLE_COLOUR = DEFAULT.playable
"""Border of the ultimate sub-boards the side to move may play in."""
PLAYABLE_FILL = DEFAULT.playable_fill
DRAW_FILL = DEFAULT.draw_fill
RESULT_INK = DEFAULT.result_ink
SIDE_FILL = DEFAULT.side_fill
SIDE_BORDER = DEFAULT.side_border
STONE_INK = DEFAULT.stone_ink

MINUS = "\u2212"
ALPHA = "\u03b1"
BETA = "\u03b2"
GEQ = "\u2265"
LEQ = "\u2264"
INFINITY = "\u221e"
ELLIPSIS = "\u2026"

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def escape(text: str) -> str:
    """Text made safe inside an HTML-like label."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def format_number(value: float | None, *, signed: bool = True) -> str:
    """A value as people read it: ``+1``, ``0``, ``−1``, ``+∞``, ``2.5`` (a real minus sign)."""
    if value is None:
        return "?"
    if isinf(value):
        return ("+" if value > 0 else MINUS) + INFINITY
    if value == int(value):
        text = str(int(value))
    else:
        text = f"{value:.2f}".rstrip("0")
    if text.startswith("-"):
        return MINUS + text[1:]
    return ("+" + text) if signed and value > 0 else text


def value_text(value: float | None, bound: str | None) -> str:
    """``v = +1``, or ``v ≥ +1`` / ``v ≤ 0`` when the search only proved a bound."""
    relation = {"lower": GEQ, "upper": LEQ}.get(bound or "exact", "=")
    return f"v {relation} {format_number(value)}"


def window_text(alpha: float | None, beta: float | None) -> str:
    """The alpha-beta window at entry, ``[α, β]`` from x's point of view."""
    a = -inf if alpha is None else alpha
    b = inf if beta is None else beta
    return f"[{format_number(a)}, {format_number(b)}]"


def cut_text(cut_by: str, value: float | None, bound: float | None) -> str:
    """Why a move was skipped: ``β-cut: +1 ≥ β=+1`` (x to move) or ``α-cut: −1 ≤ α=−1``."""
    if cut_by == "beta":
        return f"{BETA}-cut: {format_number(value)} {GEQ} {BETA}={format_number(bound)}"
    return f"{ALPHA}-cut: {format_number(value)} {LEQ} {ALPHA}={format_number(bound)}"


def winning_cells(cells: str) -> frozenset[int]:
    """Cells (0-8) of every completed line of a 3x3 board written as 9 ``x``/``o``/``.`` chars."""
    found: set[int] = set()
    for line in _LINES:
        a, b, c = (cells[i] for i in line)
        if a != "." and a == b == c:
            found.update(line)
    return frozenset(found)


def expand_fen_board(board: str) -> str:
    """A FEN board field (``1o11o1oxx``) as cells ``.o..o.oxx``; digits are runs of empty cells."""
    return "".join("." * int(ch) if ch.isdigit() else ch for ch in board)


def _stone_points(cell_size: int) -> int:
    """The largest font that fits a fixed-size cell (Graphviz wants about 1.2 x the point size plus 2)."""
    return max(4, int((cell_size - 2) / 1.25))


# -- tic-tac-toe ----------------------------------------------------------------

BOLD_FACE = "Helvetica-Bold"
"""Stones are bold; a face name (not ``<B>``) because the font must wrap a whole table."""


@lru_cache(maxsize=65536)
def tictactoe_board(cells: str, last: int | None = None, cell_size: int = 16, theme: Theme = DEFAULT) -> str:
    """A 3x3 grid of ``cells`` (9 chars ``x``/``o``/``.``).

    ``last`` (cell 0-8) is tinted yellow, a finished line in the winner's colour.
    Markup is kept lean (cell sizes are minimums, one font for the grid): the
    full 549,946-node tree repeats it half a million times.
    """
    line = winning_cells(cells)
    td = f'<TD WIDTH="{cell_size}" HEIGHT="{cell_size}"'
    rows = []
    for r in range(3):
        tds = []
        for c in range(3):
            i = r * 3 + c
            ch = cells[i]
            fill = theme.line_fill[ch] if i in line else theme.last_move_fill if i == last else None
            bg = f' BGCOLOR="{fill}"' if fill else ""
            text = f'<FONT COLOR="{theme.stone_ink[ch]}">{ch}</FONT>' if ch in theme.stone_ink else ""
            tds.append(f"{td}{bg}>{text}</TD>")
        rows.append("<TR>" + "".join(tds) + "</TR>")
    return (f'<FONT FACE="{BOLD_FACE}" POINT-SIZE="{_stone_points(cell_size)}">'
            '<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" BGCOLOR="white" COLOR="#404040">'
            + "".join(rows) + "</TABLE></FONT>")


# -- ultimate -------------------------------------------------------------------

def ultimate_board_label(
    state: Any,
    *,
    game: Any = None,
    cell_size: int = 12,
    show_playable: bool = True,
    show_last: bool = True,
    theme: Theme = DEFAULT,
) -> str:
    """A 9x9 ultimate board: sub-board borders, won sub-boards marked, playable ones and the last move highlighted.

    Reused by the live-game picture (``g.png``) with a bigger ``cell_size``;
    wrap it as ``label=<...>`` on a ``shape=plain`` node.
    """
    if game is None:
        from engine.games.ultimate import ULTIMATE as game  # noqa: N811 - the game object
    cells = game.cells(state)
    last = game.last_move(state) if show_last else None
    playable = set(game.playable_subs(state)) if show_playable and game.outcome(state) is None else set()
    statuses = tuple(game.sub_status(state, sub) for sub in range(1, 10))
    return _ultimate_board(cells, last, tuple(sorted(playable)), statuses, cell_size, theme)


@lru_cache(maxsize=16384)
def _ultimate_board(cells: str, last: int | None, playable: tuple[int, ...], statuses: tuple[str | None, ...],
                    cell_size: int, theme: Theme = DEFAULT) -> str:
    big = []
    for big_row in range(3):
        subs = []
        for big_col in range(3):
            sub = big_row * 3 + big_col + 1
            subs.append(_sub_board(cells[(sub - 1) * 9:sub * 9], sub, last, sub in playable,
                                   statuses[sub - 1], cell_size, theme))
        big.append("<TR>" + "".join(subs) + "</TR>")
    return ('<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="1" CELLPADDING="0" COLOR="#202020" BGCOLOR="#202020">'
            + "".join(big) + "</TABLE>")


def _sub_board(cells: str, sub: int, last: int | None, playable: bool, status: str | None, cell_size: int,
               theme: Theme = DEFAULT) -> str:
    side = cell_size * 3 + 2
    if status in ("x", "o"):
        # A won sub-board is closed: one big letter in the winner's colour.
        fill = theme.side_fill[status]
        return (f'<TD WIDTH="{side}" HEIGHT="{side}" BGCOLOR="{fill}">'
                f'<FONT POINT-SIZE="{_stone_points(side)}" COLOR="{theme.stone_ink[status]}"><B>{status}</B></FONT>'
                '</TD>')
    background = theme.draw_fill if status == "draw" else theme.playable_fill if playable else "white"
    points = _stone_points(cell_size)
    rows = []
    for r in range(3):
        tds = []
        for c in range(3):
            i = r * 3 + c
            ch = cells[i]
            is_last = last == sub * 10 + i + 1
            bg = f' BGCOLOR="{theme.last_move_fill}"' if is_last else ""
            text = (f'<FONT COLOR="{theme.stone_ink[ch]}" POINT-SIZE="{points}">{ch}</FONT>'
                    if ch in theme.stone_ink else "")
            tds.append(f'<TD WIDTH="{cell_size}" HEIGHT="{cell_size}"{bg}>{text}</TD>')
        rows.append("<TR>" + "".join(tds) + "</TR>")
    # One COLOR per table (Graphviz rejects a duplicate): a playable sub-board's grid is drawn gold.
    border = f' BORDER="2" COLOR="{theme.playable}"' if playable else ' BORDER="0" COLOR="#b0b0b0"'
    inner = (f'<TABLE{border} CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" BGCOLOR="{background}">'
             + "".join(rows) + "</TABLE>")
    return f'<TD BGCOLOR="{background}">{inner}</TD>'


# -- whole nodes ------------------------------------------------------------------

def node_label(board: str, node: dict[str, Any], *, show_window: bool, pv: bool, theme: Theme = DEFAULT) -> str:
    """The label of an entered node: the board, its value (or result), and for alpha-beta the window and visit order.

    ``board`` is the picture's markup (a game adapter's, :mod:`treeviz.games`).
    """
    rows = [f"<TR><TD>{board}</TD></TR>", *value_rows(value_text(node.get("value"), node.get("bound")), node, theme)]
    if show_window:
        order = node.get("order")
        rows.append(f'<TR><TD><FONT POINT-SIZE="8">#{order} {window_text(node.get("alpha"), node.get("beta"))}'
                    f"</FONT></TD></TR>")
    return node_frame(rows, node.get("to_move") or "x", pv, theme)


def result_row(outcome: str, theme: Theme = DEFAULT) -> str:
    """``x wins`` or ``draw`` in the result's colour: the row under a finished game's board."""
    result = "draw" if outcome == "draw" else f"{outcome} wins"
    return f'<TR><TD><FONT COLOR="{theme.result_ink[outcome]}"><B>{result}</B></FONT></TD></TR>'


def value_rows(value: str, node: dict[str, Any], theme: Theme = DEFAULT) -> list[str]:
    """The rows under a board: the result and the value (``value``, markup) of a finished game, else the value in
    bold, marked ``(eval)`` when the evaluation gave it."""
    outcome = node.get("outcome")
    if outcome:
        return [result_row(outcome, theme), f"<TR><TD>{value}</TD></TR>"]
    suffix = ' <FONT POINT-SIZE="8">(eval)</FONT>' if node.get("leaf") == "heuristic" else ""
    return [f"<TR><TD><B>{value}</B>{suffix}</TD></TR>"]


def node_frame(rows: list[str], side: str, pv: bool, theme: Theme = DEFAULT) -> str:
    """A node's rows in its frame: the side's fill and border (round or square corners by theme), thick
    in the principal variation's colour on it."""
    border, colour = ("3", theme.pv) if pv else ("1", theme.side_border[side])
    rounded = ' STYLE="ROUNDED"' if theme.rounded[side] else ""
    return (f'<TABLE BORDER="{border}"{rounded} COLOR="{colour}" BGCOLOR="{theme.side_fill[side]}" '
            f'CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">' + "".join(rows) + "</TABLE>")


def stub_label(node: dict[str, Any]) -> str:
    """A pruned move, for a double-quoted DOT label: the cut that skipped it and the bound reached, on two lines."""
    text = escape(cut_text(node.get("cut_by") or "beta", node.get("parent_value"), node.get("parent_bound")))
    return text.replace(": ", ":\\n", 1)


def mark_label(count: int) -> str:
    """The box standing for the nodes below a node cut off by ``--plies`` (or a cap): ``+1,234 nodes``."""
    return f"+{count:,} node" + ("" if count == 1 else "s")


def hidden_label(count: int) -> str:
    """The box standing for nodes left out by ``--max-nodes``."""
    noun = "node" if count == 1 else "nodes"
    return f"{ELLIPSIS} {count:,} more {noun}\\n(use --max-nodes 0)"
