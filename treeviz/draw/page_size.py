"""``--size`` and ``--dpi``: the size a figure is scaled to, as a report asks for it (``16cm``, ``6in``,
``800px``, ``16cmx20cm``).

Sizes are kept in points (1/72 in). Pixels count at the PNG's resolution, so
``--size 800px`` gives a PNG exactly 800 pixels wide (at 96 dpi unless ``--dpi``
says otherwise); in SVG and PDF a pixel is the CSS pixel, 1/96 in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import ParameterError

POINTS_PER = {"cm": 72 / 2.54, "mm": 72 / 25.4, "in": 72.0, "pt": 1.0}
"""Points in one unit; pixels depend on the resolution."""
DEFAULT_DPI = 150
"""Resolution of a PNG given a ``--size`` in cm, mm, in or pt (print quality)."""
SCREEN_DPI = 96
"""Resolution of a PNG without ``--size`` or sized in px: one CSS pixel per pixel."""
LEGIBLE_BOX = (1600, 1000)
"""Pixels a PNG without ``--size`` or ``--dpi`` is enlarged towards, when smaller (a slide's size): a small tree's
text would otherwise be a few pixels high (the classic textbook tree: leaf digits 8 px at 96 dpi)."""
MAX_ENLARGE = 3.5
"""At most this many times the screen's resolution (the classic tree: 3.5x, 1,494 px wide, its leaf digits 23 px
high)."""
PAD_INCHES = 0.2
"""White margin around every figure (the DOT's ``pad``; a page's zoom counts it)."""
MIN_POINTS = 36.0
"""Half an inch: no figure is made smaller (its heading alone would not fit)."""
MAX_POINTS = 14400.0
"""200 inches, PDF's page limit."""

_BY = re.compile(r"(?<=[a-z])\s*x\s*(?=[\d.])")
_LENGTH = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(cm|mm|in|pt|px)\s*$")


class SizeError(ParameterError):
    """A ``size`` or ``dpi`` that cannot be used (the message names the parameter and its value)."""


@dataclass(frozen=True)
class PageSize:
    """The figure's target: width (and optionally height) in points, and the width as written."""

    width: float
    height: float | None
    amount: float
    """The width in the user's unit (16.0 for ``16cm``)."""
    unit: str
    dpi: int
    """Pixels per inch of a PNG at this size."""


def _length(text: str, whole: str, dpi: int) -> tuple[float, float, str]:
    match = _LENGTH.match(text)
    if not match:
        raise SizeError("{size:quoted}: expected a width like 16cm, 160mm, 6in, 450pt or 800px, optionally with a "
                        "height (16cmx20cm)", size=whole)
    amount = float(match.group(1))
    unit = match.group(2)
    points = amount * (72.0 / dpi if unit == "px" else POINTS_PER[unit])
    if points <= 0:
        raise SizeError("{size:quoted}: the size must be more than 0", size=whole)
    if points < MIN_POINTS:
        raise SizeError("{size:quoted}: too small for a figure (at least 0.5 in, 1.27 cm)", size=whole)
    if points > MAX_POINTS:
        raise SizeError("{size:quoted}: larger than 200 in (508 cm), the largest PDF page", size=whole)
    return points, amount, unit


def legible_dpi(width: float, height: float) -> int:
    """The resolution of a PNG without ``--size`` or ``--dpi`` of a figure ``width`` x ``height`` points: the screen's,
    raised for a small figure until it fills :data:`LEGIBLE_BOX` (at most :data:`MAX_ENLARGE` times), so that a small
    tree reads without asking for a size."""
    pixels_w, pixels_h = width * SCREEN_DPI / 72, height * SCREEN_DPI / 72
    if pixels_w <= 0 or pixels_h <= 0:
        return SCREEN_DPI
    factor = min(MAX_ENLARGE, LEGIBLE_BOX[0] / pixels_w, LEGIBLE_BOX[1] / pixels_h)
    return max(SCREEN_DPI, int(SCREEN_DPI * factor))


def parse_size(text: str, dpi: int | None = None) -> PageSize:
    """Read ``WIDTH`` or ``WIDTHxHEIGHT`` (each a number and one of cm, mm, in, pt, px).

    :raises SizeError: anything else, a zero or negative size, or a size no page can have.
    """
    check_dpi(dpi)
    # The x between width and height follows a unit and comes before a number (px has an x of its own).
    width_text, _, height_text = _BY.sub("\0", text.lower(), count=1).partition("\0")
    px = "px" in text.lower()
    resolution = dpi or (SCREEN_DPI if px else DEFAULT_DPI)
    width, amount, unit = _length(width_text, text, resolution)
    height = _length(height_text, text, resolution)[0] if height_text else None
    return PageSize(width=width, height=height, amount=amount, unit=unit, dpi=resolution)


def check_dpi(dpi: int | None) -> None:
    """:raises SizeError: a resolution outside 10-2400 dpi."""
    if dpi is not None and not 10 <= dpi <= 2400:
        raise SizeError("{dpi}: expected a resolution from 10 to 2400 pixels per inch", dpi=dpi)


NATURAL_LIMIT = 2000 / 25.4 * 72
"""Two metres in points: a figure wider (or taller) than this at its natural size fits no page or screen."""
A4_HEIGHT = 29.7 * POINTS_PER["cm"]
"""The height of an A4 page in points: what a figure scaled to a page width should not exceed."""
BOX_HEIGHT_CM = 25.0
"""The height the note suggests for a box on an A4 page (its height less margins)."""


def _spoken(points: float) -> str:
    """A figure's side for people: ``22.1 m``, ``44.6 cm``."""
    metres = points / 72 * 0.0254
    return f"{metres:.1f} m" if metres >= 1 else f"{metres * 100:.1f} cm"


def page_notes(width: float, height: float, size: PageSize | None) -> list[str]:
    """Notes for a figure ``width`` x ``height`` points large that no page holds, each naming the option that
    fits it: wider or taller than 2 m at its natural size (``--size``), or, scaled to a page width, taller than
    an A4 page (``--size WIDTHxHEIGHT``)."""
    if size is None:
        if max(width, height) > NATURAL_LIMIT:
            return [f"the figure is {_spoken(width)} wide and {_spoken(height)} tall at its natural size, bigger "
                    "than any page: --size 16cm (or any page width) scales it to fit"]
        return []
    if size.height is None and height > A4_HEIGHT + 0.5:
        unit = size.unit
        per = 72.0 / size.dpi if unit == "px" else POINTS_PER[unit]
        box = BOX_HEIGHT_CM * POINTS_PER["cm"] / per
        return [f"the figure is {_spoken(height)} tall at {size.amount:g}{unit} wide, taller than an A4 page: "
                f"--size {size.amount:g}{unit}x{box:.4g}{unit} fits it in a box that size"]
    return []
