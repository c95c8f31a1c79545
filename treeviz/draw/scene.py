"""A placed figure: what the compact and dot styles draw, in final coordinates, for every writer.

The figure module lays a tree out once and fills a :class:`Scene`; the SVG,
PDF/PNG (cairo) and TikZ writers only paint it, so the three formats show the
same geometry. Units are points (1/72 in), y grows downwards, (0, 0) is the top
left corner of the page. Items are painted in list order.

Huge trees stay cheap: edges of one look are one :class:`Segments` item (a flat
list of coordinates) and the dot style's nodes one :class:`Marks` item per look,
so the 549,946-node tree is a handful of items holding float lists.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Dash = Literal["dashed", "dotted"] | None


@dataclass(frozen=True, slots=True)
class Stroke:
    """How a line is drawn: colour, width in points, and an optional dash pattern."""

    colour: str
    width: float
    dash: Dash = None


@dataclass(slots=True)
class Segments:
    """Straight lines sharing one stroke: ``coords`` is ``x1, y1, x2, y2`` for each line, flat."""

    stroke: Stroke
    coords: list[float]
    role: str = "edge"
    """What the lines are (``edge``, ``pv``, ``pruned-beta``, ``mark`` ...): the SVG class."""


@dataclass(slots=True)
class Marks:
    """Point-like nodes of one look (the dot style): ``coords`` is ``x, y`` of each centre, flat."""

    shape: Literal["circle", "square"]
    size: float
    """Diameter (circle) or side (square) in points."""
    fill: str
    coords: list[float]
    stroke: Stroke | None = None
    role: str = "node"


@dataclass(frozen=True, slots=True)
class TextLine:
    """One line of text inside a node, its baseline ``dy`` points below the node's centre."""

    text: str
    size: float
    colour: str
    dy: float
    bold: bool = False


ShapeKind = Literal["box", "ellipse", "circle", "triangle-up", "triangle-down"]
"""A node's outline: a circle is an ellipse of equal sides; a triangle fills its box, its apex at the top (up)
or the bottom (down)."""


@dataclass(slots=True)
class Shape:
    """One node: a box, an ellipse, a circle or a triangle centred on (x, y), with its text lines."""

    kind: ShapeKind
    x: float
    y: float
    w: float
    h: float
    fill: str | None
    stroke: Stroke | None
    lines: tuple[TextLine, ...] = ()
    role: str = "node"
    tooltip: str | None = None
    """Shown on hover in SVG (the node's FEN)."""


def triangle(shape: Shape) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """The corners of a triangle-up or triangle-down shape: the apex, then the base's two ends."""
    x, y, w, h = shape.x, shape.y, shape.w, shape.h
    if shape.kind == "triangle-up":
        return (x, y - h / 2), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2)
    return (x, y + h / 2), (x - w / 2, y - h / 2), (x + w / 2, y - h / 2)


def text_centre(shape: Shape) -> float:
    """Where a shape's text block is centred, vertically: its centre, or a triangle's centroid (a sixth of its
    height towards the base)."""
    if shape.kind == "triangle-up":
        return shape.y + shape.h / 6
    if shape.kind == "triangle-down":
        return shape.y - shape.h / 6
    return shape.y


@dataclass(slots=True)
class Text:
    """Free text (headings, legends, edge labels); (x, y) is the baseline point at the ``anchor``."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    bold: bool = False
    anchor: Literal["start", "middle", "end"] = "middle"
    halo: str | None = None
    """Fill a box behind the text with this colour (edge labels sitting on their edge)."""
    role: str = "text"


Item = Segments | Marks | Shape | Text


@dataclass(slots=True)
class Scene:
    """A whole page: its size in points, its items in painting order, and a title for the file's metadata."""

    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    title: str = ""
    background: str = "#ffffff"
    units: tuple[float, str] | None = None
    """The page width as the user asked for it (e.g. ``(16.0, "cm")``), for writers that can say so."""
