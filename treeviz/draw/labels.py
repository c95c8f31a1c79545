"""Node labels for the search-tree figures: Graphviz HTML-like tables, not text blobs.

Each tree node is its position's picture (a game adapter's, :mod:`treeviz.games`)
with its value underneath; colours say whose move it is. Every function returns
the *inside* of an HTML-like label: wrap it as ``label=<...>`` in DOT.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import inf, isinf
from typing import Any, overload

from treeviz.draw.technique_marks import MARK_INK, mark_words
from treeviz.draw.themes import DEFAULT, Theme

# -- palette ------------------------------------------------------------------
# The default theme's colours (treeviz.draw.themes), kept as names for the code that uses them.

PV_COLOUR = DEFAULT.pv
"""Principal variation: thick green edges and node borders."""
PRUNED_COLOUR = DEFAULT.pruned
PRUNED_INK = DEFAULT.pruned_ink
PRUNED_FILL = DEFAULT.pruned_fill
HIDDEN_COLOUR = DEFAULT.hidden
HIDDEN_FILL = DEFAULT.hidden_fill
LAST_MOVE_FILL = DEFAULT.last_move_fill
PLAYABLE_COLOUR = DEFAULT.playable
"""Border of the parts of a board the side to move may play in."""
PLAYABLE_FILL = DEFAULT.playable_fill
DRAW_FILL = DEFAULT.draw_fill

MINUS = "\u2212"
ALPHA = "\u03b1"
BETA = "\u03b2"
GEQ = "\u2265"
LEQ = "\u2264"
INFINITY = "\u221e"
ELLIPSIS = "\u2026"
DRAW = "draw"
"""A finished game's ``outcome`` when nobody won (otherwise the winner's name)."""
CHANCE = "chance"
"""``to_move`` at a chance node (a random event comes next)."""
CHANCE_SIDE = 2
""":meth:`Sides.index` of a chance node: where the themes keep its colours."""


@dataclass(frozen=True)
class Sides:
    """The two players as a game names them, first player first (``("x", "o")``, ``("MAX", "MIN")``): nodes'
    ``to_move`` and ``outcome`` are these names, and a theme's per-side colours go by their index."""

    names: tuple[str, str]

    def index(self, name: str | None) -> int:
        """0 for the first player (and a missing name), 1 for the second, 2 at a chance node (``chance``): the
        index of the theme's per-side colours."""
        return 1 if name == self.names[1] else CHANCE_SIDE if name == CHANCE else 0

    def of(self, player: int) -> str:
        """The name of player 0 or 1 (``chance`` at a chance node: player -1, or its colours' index 2)."""
        return self.names[player] if player in (0, 1) else CHANCE

    @overload
    def outcome(self, value: float) -> str: ...

    @overload
    def outcome(self, value: None) -> None: ...

    def outcome(self, value: float | None) -> str | None:
        """The ``outcome`` of a finished game worth ``value`` (first player's view): the winner's name or
        ``draw``; None while the game goes on."""
        if value is None:
            return None
        return self.names[0] if value > 0 else self.names[1] if value < 0 else DRAW

    def result(self, outcome: str) -> tuple[str, int]:
        """``("x wins", 0)``, ``("draw", 2)``: a finished game's words and its index in ``Theme.result_ink``."""
        if outcome == DRAW:
            return DRAW, 2
        return f"{outcome} wins", self.index(outcome)

    def value_meaning(self, value: float | None) -> str:
        """`` (x wins)``, `` (draw)`` for a plain +1/0/-1 value, else nothing."""
        if value is None or value != int(value) or int(value) not in (1, 0, -1):
            return ""
        return f" ({self.result(self.outcome(value))[0]})"


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
    """The alpha-beta window at entry, ``[α, β]`` from the first player's point of view."""
    a = -inf if alpha is None else alpha
    b = inf if beta is None else beta
    return f"[{format_number(a)}, {format_number(b)}]"


def cut_text(cut_by: str, value: float | None, bound: float | None, *, signed: bool = True) -> str:
    """Why a move was skipped: ``β-cut: +1 ≥ β=+1`` (first player to move) or ``α-cut: −1 ≤ α=−1`` (``signed``
    False: ``α-cut: 2 ≤ α=3``, as textbook trees write values). Every output words cuts this way."""
    v, b = format_number(value, signed=signed), format_number(bound, signed=signed)
    if cut_by == "beta":
        return f"{BETA}-cut: {v} {GEQ} {BETA}={b}"
    return f"{ALPHA}-cut: {v} {LEQ} {ALPHA}={b}"


def stone_points(cell_size: int) -> int:
    """The largest font that fits a fixed-size cell (Graphviz wants about 1.2 x the point size plus 2)."""
    return max(4, int((cell_size - 2) / 1.25))


# -- whole nodes ------------------------------------------------------------------

def node_label(picture: str, node: dict[str, Any], sides: Sides, *, show_window: bool, pv: bool,
               theme: Theme = DEFAULT, history: list[str] | None = None) -> str:
    """The label of an entered node: its picture (a game adapter's markup, :mod:`treeviz.games`), its value (or
    result), and for alpha-beta the visit order and window; ``history`` (explain mode,
    :func:`treeviz.draw.explain.history_lines`) replaces that window by the lines of every window it had."""
    rows = [f"<TR><TD>{picture}</TD></TR>",
            *value_rows(value_text(node.get("value"), node.get("bound")), node, sides, theme)]
    if history:
        rows.extend(f'<TR><TD><FONT POINT-SIZE="8">{escape(line)}</FONT></TD></TR>' for line in history)
    elif show_window:
        order = node.get("order")
        rows.append(f'<TR><TD><FONT POINT-SIZE="8">#{order} {window_text(node.get("alpha"), node.get("beta"))}'
                    f"</FONT></TD></TR>")
    marks = mark_words(node)  # the bot's techniques that acted here (treeviz.draw.technique_marks)
    if marks:
        ink = MARK_INK if theme.name == "default" else theme.ink
        rows.append(f'<TR><TD><FONT POINT-SIZE="8" COLOR="{ink}"><B>{escape(marks)}</B></FONT></TD></TR>')
    note = node.get("note")
    if note:  # what a visit of a search that revisits positions was for (treeviz.trees.visit_tree)
        rows.append(f'<TR><TD><FONT POINT-SIZE="8"><I>{escape(note)}</I></FONT></TD></TR>')
    return node_frame(rows, sides.index(node.get("to_move")), pv, theme)


def result_row(outcome: str, sides: Sides, theme: Theme = DEFAULT) -> str:
    """``x wins`` or ``draw`` in the result's colour: the row under a finished game's picture."""
    words, ink = sides.result(outcome)
    return f'<TR><TD><FONT COLOR="{theme.result_ink[ink]}"><B>{words}</B></FONT></TD></TR>'


def value_rows(value: str, node: dict[str, Any], sides: Sides, theme: Theme = DEFAULT) -> list[str]:
    """The rows under a picture: the result and the value (``value``, markup) of a finished game, else the value
    in bold, marked ``(eval)`` when the evaluation gave it."""
    outcome = node.get("outcome")
    if outcome:
        return [result_row(outcome, sides, theme), f"<TR><TD>{value}</TD></TR>"]
    suffix = ' <FONT POINT-SIZE="8">(eval)</FONT>' if node.get("leaf") == "heuristic" else ""
    return [f"<TR><TD><B>{value}</B>{suffix}</TD></TR>"]


def node_frame(rows: list[str], side: int, pv: bool, theme: Theme = DEFAULT) -> str:
    """A node's rows in its frame: the fill and border of the player to move (``side``: 0 or 1; round or
    square corners by theme), thick in the principal variation's colour on it."""
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
