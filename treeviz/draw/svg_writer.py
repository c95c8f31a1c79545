"""A :class:`~treeviz.draw.scene.Scene` as SVG text, streamed in chunks (the full 549,946-node tree is tens of MB).

Text stays text (selectable, searchable, vector at any zoom). The root element
carries the page size as asked (``width="16cm"``) over a viewBox in points, so a
report or browser shows the figure at that size. Lines of one look are one
``<path>`` (split every few thousand lines), point nodes are zero-length strokes
with round or square caps: a few bytes per node.
"""

from __future__ import annotations

from collections.abc import Iterator

from treeviz.draw.scene import Marks, Scene, Segments, Shape, Stroke, Text, triangle
from treeviz.draw.text_metrics import text_width

FONT_FAMILY = "Helvetica, Arial, 'Liberation Sans', sans-serif"
_BOLD = ' font-weight="bold"'
_CHUNK = 4096
"""Lines or points per ``<path>`` element and per yielded chunk."""


def escape(text: str) -> str:
    """Text made safe inside SVG elements and attribute values."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _n(v: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _dash(stroke: Stroke) -> str:
    w = stroke.width
    if stroke.dash == "dashed":
        return f' stroke-dasharray="{_n(4 * w)} {_n(2.5 * w)}"'
    if stroke.dash == "dotted":
        return f' stroke-dasharray="0 {_n(2.5 * w)}"'
    return ""


def _stroke_attrs(stroke: Stroke | None) -> str:
    if stroke is None:
        return ' stroke="none"'
    cap = "butt" if stroke.dash == "dashed" else "round"  # dots are zero-length dashes with round caps
    return f' stroke="{stroke.colour}" stroke-width="{_n(stroke.width)}" stroke-linecap="{cap}"{_dash(stroke)}'


def _size(amount: float, unit: str) -> str:
    return f"{amount:g}{unit}"


def iter_svg(scene: Scene) -> Iterator[str]:
    """The SVG document of ``scene``, in chunks."""
    if scene.units is not None:
        amount, unit = scene.units
        width = _size(amount, unit)
        height = _size(amount * scene.height / scene.width, unit)
    else:
        width, height = f"{_n(scene.width)}pt", f"{_n(scene.height)}pt"
    yield ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {_n(scene.width)} {_n(scene.height)}" font-family="{FONT_FAMILY}">\n'
           f"<title>{escape(scene.title)}</title>\n"
           f'<rect width="{_n(scene.width)}" height="{_n(scene.height)}" fill="{scene.background}"/>\n')
    out: list[str] = []
    for item in scene.items:
        if isinstance(item, Segments):
            yield from _segments(item)
        elif isinstance(item, Marks):
            yield from _marks(item)
        elif isinstance(item, Shape):
            out.append(_shape(item))
        elif isinstance(item, Text):
            out.append(_text(item))
        if len(out) >= _CHUNK:
            yield "".join(out)
            out = []
    out.append("</svg>\n")
    yield "".join(out)


def to_svg(scene: Scene) -> str:
    """:func:`iter_svg` joined."""
    return "".join(iter_svg(scene))


def _segments(item: Segments) -> Iterator[str]:
    head = f'<path class="{item.role}" fill="none"{_stroke_attrs(item.stroke)} d="'
    c = item.coords
    step = 4 * _CHUNK
    for start in range(0, len(c), step):
        part = c[start:start + step]
        d = "".join(f"M{a:.1f} {b:.1f}L{x:.1f} {y:.1f}" for a, b, x, y in zip(part[0::4], part[1::4], part[2::4],
                                                                           part[3::4], strict=True))
        yield f'{head}{d}"/>\n'


def _marks(item: Marks) -> Iterator[str]:
    cap = "round" if item.shape == "circle" else "square"
    c = item.coords
    step = 2 * _CHUNK
    layers = [(item.fill, item.size)]
    if item.stroke is not None:
        # A ring: the outline colour under a smaller dot of the fill.
        layers = [(item.stroke.colour, item.size), (item.fill, max(0.0, item.size - 2 * item.stroke.width))]
    for colour, size in layers:
        # Squares are drawn with square caps: a zero-length line of width s is an s x s square.
        for start in range(0, len(c), step):
            part = c[start:start + step]
            d = "".join(f"M{x:.1f} {y:.1f}h0" for x, y in zip(part[0::2], part[1::2], strict=True))
            yield (f'<path class="{item.role}" fill="none" stroke="{colour}" stroke-width="{_n(size)}" '
                   f'stroke-linecap="{cap}" d="{d}"/>\n')


def _shape(item: Shape) -> str:
    attrs = f' fill="{item.fill or "none"}"{_stroke_attrs(item.stroke)}'
    if item.kind in ("ellipse", "circle"):
        outline = (f'<ellipse cx="{_n(item.x)}" cy="{_n(item.y)}" rx="{_n(item.w / 2)}" ry="{_n(item.h / 2)}"'
                   f"{attrs}/>")
    elif item.kind in ("triangle-up", "triangle-down"):
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in triangle(item))
        outline = f'<polygon points="{points}"{attrs} stroke-linejoin="round"/>'
    else:
        outline = (f'<rect x="{_n(item.x - item.w / 2)}" y="{_n(item.y - item.h / 2)}" width="{_n(item.w)}" '
                   f'height="{_n(item.h)}"{attrs}/>')
    texts = "".join(
        f'<text x="{_n(item.x)}" y="{_n(item.y + line.dy)}" font-size="{_n(line.size)}" text-anchor="middle" '
        f'fill="{line.colour}"{_BOLD if line.bold else ""}>{escape(line.text)}</text>'
        for line in item.lines)
    tip = f"<title>{escape(item.tooltip)}</title>" if item.tooltip else ""
    return f'<g class="{item.role}">{tip}{outline}{texts}</g>\n'


def _text(item: Text) -> str:
    halo = ""
    if item.halo:
        w = text_width(item.text, item.size, bold=item.bold)
        left = item.x - (w / 2 if item.anchor == "middle" else w if item.anchor == "end" else 0)
        halo = (f'<rect x="{_n(left - 0.4)}" y="{_n(item.y - item.size * 0.8)}" width="{_n(w + 0.8)}" '
                f'height="{_n(item.size * 0.95)}" fill="{item.halo}"/>')
    weight = ' font-weight="bold"' if item.bold else ""
    return (f'{halo}<text class="{item.role}" x="{_n(item.x)}" y="{_n(item.y)}" font-size="{_n(item.size)}" '
            f'text-anchor="{item.anchor}" fill="{item.colour}"{weight}>{escape(item.text)}</text>\n')
