"""Colour themes of the tree figures: ``default`` (the first player blue, the second red, the principal
variation green), ``print`` (black, white and greys only) and ``colourblind`` (colours that readers with
deuteranopia or protanopia tell apart too).

A theme is only colours and the line and shape choices that carry a distinction
when colour is gone: in ``print`` the side to move is told by the node's shape
(square corners for the first player, round for the second) and its grey, the
principal variation by thick black lines, pruned moves by grey dashes (beta
cut-offs) or dots (alpha cut-offs). Every style (board, compact, dot) and every
writer reads these. Per-side colours are indexed by the player (0: the first, x;
1: the second, o; 2: chance, the random events of games that have them),
whatever a game calls its players.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal, cast

from engine.errors import ParameterError


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: themes are constants
class Theme:
    """The colours and line styles of one look; per-side tuples are indexed by player: first, second, chance
    (:meth:`treeviz.draw.labels.Sides.index`)."""

    name: str
    stone_ink: tuple[str, str, str]
    """Colour of each player's marks (x and o) and of the edge labels of its moves (chance: of its events)."""
    side_fill: tuple[str, str, str]
    """Fill of a node by the player to move (chance: a chance node's)."""
    side_border: tuple[str, str, str]
    """Border of a node by the player to move (chance: a chance node's)."""
    pv: str
    """Principal variation: thick edges and node borders."""
    pruned: str
    """Lines and borders of pruned moves."""
    pruned_ink: str
    pruned_fill: str
    hidden: str
    """Marks standing for nodes not drawn (``+k nodes``)."""
    hidden_fill: str
    last_move_fill: str
    line_fill: tuple[str, str]
    """The cells of a finished line, by winner."""
    playable: str
    """Border of the parts of a board the side to move may play in (a game's picture may mark them)."""
    playable_fill: str
    draw_fill: str
    result_ink: tuple[str, str, str]
    """Colour of ``x wins`` / ``o wins`` / ``draw``: the first player's win, the second's, a draw."""
    edge: str = "#555555"
    """Ordinary edges."""
    ink: str = "#000000"
    """Text: values, headings."""
    faint_ink: str = "#555555"
    """Secondary text: visit order, legends."""
    rounded: tuple[bool, bool, bool] = (True, True, True)
    """Whether a board node's border has round corners, by the player to move (and at chance nodes)."""
    cut_dash: dict[str, Literal["dashed", "dotted"]] = field(
        default_factory=lambda: {"beta": "dashed", "alpha": "dashed"})
    """Line style of a pruned move's stub by the cut that skipped it (``dashed`` or ``dotted``)."""


DEFAULT = Theme(
    name="default",
    stone_ink=("#1f4e9c", "#c23b22", "#5a5a5a"),
    side_fill=("#dce8fa", "#fbe0d8", "#ececec"),
    side_border=("#5b84c4", "#d9785e", "#808080"),
    pv="#0a7d32",
    pruned="#9a9a9a",
    pruned_ink="#6f6f6f",
    pruned_fill="#f4f4f4",
    hidden="#505050",
    hidden_fill="#fff8dc",
    last_move_fill="#fff1a8",
    line_fill=("#9dbdf0", "#f3a28c"),
    playable="#e0a800",
    playable_fill="#fffbe6",
    draw_fill="#e4e4e4",
    result_ink=("#1f4e9c", "#c23b22", "#555555"),
)
"""The first player (x) blue, the second (o) red-orange everywhere (marks, "to move" fills, results), chance nodes
grey; the best line green."""

PRINT = Theme(
    name="print",
    stone_ink=("#000000", "#000000", "#000000"),
    side_fill=("#ffffff", "#d9d9d9", "#ffffff"),
    side_border=("#000000", "#000000", "#000000"),
    pv="#000000",
    pruned="#808080",
    pruned_ink="#404040",
    pruned_fill="#ffffff",
    hidden="#404040",
    hidden_fill="#ffffff",
    last_move_fill="#e6e6e6",
    line_fill=("#b3b3b3", "#b3b3b3"),
    playable="#000000",
    playable_fill="#f2f2f2",
    draw_fill="#cccccc",
    result_ink=("#000000", "#000000", "#000000"),
    edge="#404040",
    faint_ink="#404040",
    rounded=(False, True, True),
    cut_dash={"beta": "dashed", "alpha": "dotted"},
)
"""Black, white and greys: side to move by shape and grey, the best line by weight, cuts by dash pattern."""

COLOURBLIND = replace(
    DEFAULT,
    name="colourblind",
    stone_ink=("#0072b2", "#d55e00", "#5a5a5a"),
    side_fill=("#c4dcf4", "#fcdcc0", "#efefef"),
    side_border=("#3a8cc4", "#e07b39", "#808080"),
    pv="#e69f00",
    line_fill=("#9cc9ea", "#f5b78a"),
    result_ink=("#0072b2", "#d55e00", "#555555"),
    cut_dash={"beta": "dashed", "alpha": "dotted"},
)
"""Okabe and Ito's colours, told apart with deuteranopia and protanopia too (``scripts/check_colour_blind.py``:
every pair of colours of different meaning at least 10 CIEDE2000 apart): the first player blue, the second
vermilion, the best line orange; cuts by dash pattern as in ``print``."""

ThemeName = Literal["default", "print", "colourblind"]
THEMES: dict[ThemeName, Theme] = {"default": DEFAULT, "print": PRINT, "colourblind": COLOURBLIND}
"""Themes by the name ``--theme`` takes."""


def theme_named(name: str) -> Theme:
    """The theme called ``name``.

    :raises ValueError: no such theme.
    """
    try:
        return THEMES[cast(ThemeName, name)]  # any text: a KeyError says it is none
    except KeyError:
        raise ParameterError(f"{{theme}} is not a theme (expected one of {', '.join(THEMES)})", theme=name) from None


def greyed(theme: Theme) -> Theme:
    """The look of a pruned subtree drawn whole (``--show-pruned``): outlines, marks and text in the pruned moves'
    grey, white fills, nothing on the principal variation."""
    grey, ink = theme.pruned, theme.pruned_ink
    white = "#ffffff"
    return replace(theme, stone_ink=(ink, ink, ink), side_fill=(white, white, white), side_border=(grey, grey, grey),
                   pv=grey, ink=ink, faint_ink=ink, result_ink=(ink, ink, ink), last_move_fill=white,
                   line_fill=(white, white))
