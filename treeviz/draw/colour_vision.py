"""Colour vision deficiencies, simulated: how far apart a theme's colours of different meaning look with normal
vision, deuteranopia and protanopia (the two common red-green deficiencies, about 1 in 12 men between them).

Simulation by Machado, Oliveira and Fernandes (2009), severity 1, in linear RGB; distance by CIEDE2000 (Sharma,
Wu and Dalal 2005). ``scripts/check_colour_blind.py`` reports it for every theme and the interactive page.
"""

from __future__ import annotations

import itertools
import math
import re

from treeviz.draw.themes import Theme

RGB = tuple[float, float, float]
Matrix = tuple[RGB, RGB, RGB]

MACHADO: dict[str, Matrix | None] = {
    "normal": None,
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}
"""Machado et al. (2009) simulation matrices at severity 1.0, for linear RGB; ``normal`` leaves colours alone."""

SAFE_DISTANCE = 10.0
"""Least CIEDE2000 difference between two colours of different meaning in a colour-blind-safe theme: about
the difference between two clearly different shades of one hue (2 is just noticeable side by side, 10 tells
two lines apart at a glance)."""

def hex_rgb(colour: str) -> RGB:
    """``#1f4e9c`` as sRGB components in [0, 1]."""
    text = colour.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    if not re.fullmatch(r"[0-9a-fA-F]{6}", text):
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)


def to_linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(rgb: RGB, vision: str) -> RGB:
    """How an sRGB colour looks with ``vision`` (a key of :data:`MACHADO`), as sRGB."""
    matrix = MACHADO[vision]
    if matrix is None:
        return rgb
    lin = [to_linear(c) for c in rgb]
    out = [sum(m * c for m, c in zip(row, lin, strict=True)) for row in matrix]
    r, g, b = (to_srgb(c) for c in out)
    return (r, g, b)


def lab(rgb: RGB) -> RGB:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (to_linear(c) for c in rgb)
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / 0.95047), f(y / 1.0), f(z / 1.08883)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: RGB, lab2: RGB) -> float:
    """The CIEDE2000 colour difference of two L*a*b* colours (Sharma, Wu and Dalal 2005)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dL = L2 - L1
    dC = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    L_bar = (L1 + L2) / 2
    cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (L_bar - 50) ** 2 / math.sqrt(20 + (L_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dL / s_l) ** 2 + (dC / s_c) ** 2 + (dH / s_h) ** 2 + r_t * (dC / s_c) * (dH / s_h))


def distance(colour1: str, colour2: str, vision: str) -> float:
    """CIEDE2000 difference of two ``#rrggbb`` colours as seen with ``vision``."""
    return ciede2000(lab(simulate(hex_rgb(colour1), vision)), lab(simulate(hex_rgb(colour2), vision)))


def theme_meanings(theme: Theme) -> list[dict[str, str]]:
    """The groups of a figure theme's colours that a reader must tell apart, meaning → colour: the players' ink
    (their marks, their moves' labels, results) beside the principal variation drawn through them; the best
    line's edges beside ordinary and pruned ones; the fills of the nodes by the side to move. Colours of
    different groups are never read against each other (a fill against a line, a mark against an edge)."""
    ink = {"first player (x)": theme.stone_ink[0], "second player (o)": theme.stone_ink[1],
           "chance": theme.stone_ink[2], "principal variation": theme.pv}
    edges = {"principal variation": theme.pv, "pruned move": theme.pruned, "ordinary edge": theme.edge}
    fills = {"x to move": theme.side_fill[0], "o to move": theme.side_fill[1], "chance node": theme.side_fill[2]}
    return [ink, edges, fills]


def closest_pair(group: dict[str, str], vision: str) -> tuple[float, str, str]:
    """The two colours of different meaning in ``group`` that look closest with ``vision``, and their distance."""
    pairs = [(distance(c1, c2, vision), m1, m2) for (m1, c1), (m2, c2) in itertools.combinations(group.items(), 2)
             if c1.lower() != c2.lower() or m1 != m2]
    return min(pairs)



__all__ = ["MACHADO", "SAFE_DISTANCE", "ciede2000", "closest_pair", "distance", "hex_rgb", "lab", "simulate",
           "theme_meanings"]
