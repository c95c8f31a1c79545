"""Figure styles: ``board`` (each node a board grid, laid out by Graphviz), ``compact`` (a small box or
ellipse holding the value), ``dot`` (points and edges only, for the shape of huge trees) and ``textbook``
(the convention of textbooks: MAX as upward triangles, MIN as downward ones, chance nodes as circles, the
values inside, leaves as their values), the rule that picks one by size, and what a compact node says.

The text of a compact node is its tree kind's (:meth:`treeviz.draw.kinds.TreeKind.compact_text`), its shape
comes from the side to move (:func:`node_shape`, :func:`textbook_shape`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from engine.errors import ParameterError

Style = Literal["board", "compact", "dot", "textbook"]
STYLES: tuple[Style, ...] = get_args(Style)
"""Every figure style, as ``--style`` names them."""
BOARD_LIMIT = 1_000
"""Largest tree (drawn nodes, pruned stubs included) drawn in board style by default: the old default cap,
and about what Graphviz lays out in a second or two."""
COMPACT_LIMIT = 5_000
"""Largest tree drawn in compact style by default; bigger trees are drawn in dot style."""
BOARD_MAX = 10_000
"""Board style refuses more drawn nodes than this: Graphviz's layout would take minutes or hours."""
TIDY_FORMATS = frozenset({"png", "svg", "pdf", "tex"})
"""What the compact, dot and textbook styles (laid out by treeviz itself) can be written as."""
TEXTBOOK_FORMATS = TIDY_FORMATS | {"dot"}
"""The textbook style is also written as DOT (Graphviz's own triangles and circles, for Graphviz to lay out)."""


class StyleError(ParameterError):
    """A style that cannot draw the tree in the format asked for (the message names the parameters)."""


def auto_style(drawn_nodes: int, preferred: Style | None = None) -> Style:
    """The default style of a figure of ``drawn_nodes`` nodes: board (or the game's ``preferred`` style, e.g.
    textbook for textbook trees), compact, then dot as trees grow."""
    if preferred is not None and drawn_nodes <= COMPACT_LIMIT:
        return preferred
    if drawn_nodes <= BOARD_LIMIT:
        return "board"
    return "compact" if drawn_nodes <= COMPACT_LIMIT else "dot"


def check_style(style: str, fmt: str, drawn_nodes: int, what: str | None = None) -> None:
    """:raises StyleError: a style and a format that do not go together, or a board figure too big to lay out
    (``what``: its drawn nodes in words, as the heading counts them: ``18,297 nodes and 6,930 pruned moves``)."""
    if style not in STYLES:
        raise StyleError(f"{{style:quoted}} is not a style (expected one of {', '.join(STYLES)})", style=style)
    if style == "textbook" and fmt not in TEXTBOOK_FORMATS:
        raise StyleError("{style} cannot be written as {fmt:bare}: use dot, png, svg, pdf or tex", style=style,
                         fmt=fmt)
    if style not in ("board", "textbook") and fmt not in TIDY_FORMATS:
        raise StyleError(f"{{style}} cannot be written as {{fmt:bare}}: the {style} style is laid out by treeviz, "
                         "not Graphviz; use png, svg, pdf or tex (or board style for dot)", style=style, fmt=fmt)
    if style == "board" and fmt == "tex":
        raise StyleError("{style} cannot be written as {fmt:bare}: TikZ pictures come in compact or dot style, or "
                         "include the board figure as a pdf (\\includegraphics)", style=style, fmt=fmt)
    if style == "board" and fmt != "dot" and drawn_nodes > BOARD_MAX:
        raise StyleError(f"{what or f'{drawn_nodes:,} nodes'} are too many for board style (Graphviz would take "
                         f"minutes or hours to lay them out): use {{style:name}} compact or dot, or {{max_nodes:name}} "
                         f"{BOARD_MAX:,} or less", style=style, max_nodes=None)


# -- what a compact node shows -------------------------------------------------------------

@dataclass(frozen=True)
class NodeText:
    """A compact node's text: the ``main`` line (its value) and an optional ``small`` line above it."""

    main: str
    small: str | None = None


def node_shape(side: int) -> Literal["box", "ellipse", "circle"]:
    """``box`` when the first player is to move, ``ellipse`` when the second is, ``circle`` at a chance node
    (side 2): told apart without colour."""
    return "ellipse" if side == 1 else "circle" if side == 2 else "box"


def textbook_shape(side: int) -> Literal["triangle-up", "triangle-down", "circle"]:
    """The textbook convention: ``triangle-up`` for the first player (MAX), ``triangle-down`` for the second
    (MIN), ``circle`` at a chance node (side 2)."""
    return _TEXTBOOK_SHAPES[side]


_TEXTBOOK_SHAPES: tuple[Literal["triangle-up", "triangle-down", "circle"], ...] = ("triangle-up", "triangle-down",
                                                                                    "circle")
