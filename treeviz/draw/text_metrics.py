"""How wide text is, without asking a font library: the figures are laid out before any writer runs.

Advance widths in 1/1000 em of Liberation Sans (metric-compatible with Helvetica and
Arial, the fonts the SVG asks for and the PDF writer uses), read once from
``LiberationSans-Regular.ttf`` and ``-Bold.ttf`` with Pillow. Characters not listed
count as wide as an ``M``-ish 0.75 em, so unknown text errs on the roomy side.
Deterministic: the same text is the same width on every machine.
"""

from __future__ import annotations

_CHARS = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~−≥≤αβ∞…×→·'
_REGULAR = (
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
    500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
    556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
    278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 584, 549, 549, 578, 575, 713, 1000, 584, 1000,
    278,
)
_BOLD = (
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
    556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
    556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
    333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 584, 549, 549, 615, 610, 713, 1000, 584, 1000,
    278,
)
_UNKNOWN = 750
_WIDTHS = {False: dict(zip(_CHARS, _REGULAR, strict=True)), True: dict(zip(_CHARS, _BOLD, strict=True))}


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """Width in points of ``text`` set in ``size``-point sans-serif (Helvetica metrics)."""
    table = _WIDTHS[bold]
    return sum(table.get(ch, _UNKNOWN) for ch in text) * size / 1000


ASCENT = 0.905
"""Height above the baseline of the tallest glyphs, in em (Liberation Sans)."""
DESCENT = 0.212
"""Depth below the baseline, in em."""
CAP_HEIGHT = 0.716
"""Height of capitals and digits, in em: what centres a short label visually."""
