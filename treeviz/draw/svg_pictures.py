"""A game's SVG pictures in board figures written as SVG.

Graphviz cannot load an SVG image into a label, so a board figure drawn as SVG
leaves in the DOT a blank cell of each picture's size (:meth:`PictureSheet.placeholder`),
lets Graphviz lay the figure out, and then puts each picture into its cell as a
nested ``<svg>`` (:meth:`PictureSheet.put_in`). Each copy's ids get a prefix of
its own and its stylesheet is scoped to it, so that pictures neither clash with
each other nor restyle the figure. PNG and PDF have no SVG rasteriser here:
their nodes show the position's text, and the sheet remembers it for a note
(:attr:`PictureSheet.stood_in`).

The sheet of the figure being drawn is found through :func:`active_sheet`
(a context variable set by :func:`collecting`), so that the many writers of
board DOT need not pass it along.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("xlink", XLINK_NS)  # the prefix every SVG writes (else ElementTree invents ns0)

PX = 0.75
"""Points in a CSS pixel: an SVG's unitless lengths are pixels, a Graphviz figure's units points."""
DEFAULT_SIDE = 72.0
"""The larger side, in points, of a picture that gives no width or height (one inch)."""
MAX_SIDE = 216.0
"""The larger side, in points, a picture is scaled down to when it is bigger (three inches)."""
_UNITS = {"": PX, "px": PX, "pt": 1.0, "pc": 12.0, "in": 72.0, "cm": 72 / 2.54, "mm": 72 / 25.4,
          "q": 18 / 25.4, "em": 12.0, "ex": 6.0}
"""Points per unit of an SVG length (``em`` as 16 px, ``ex`` half of it)."""
_MARK = "treeviz_picture_"
"""The placeholder cells' ID: Graphviz writes each as ``<g id="a_treeviz_picture_K">`` around its background
(no hyphen: Graphviz would write it ``&#45;``)."""
_TOKEN = "\x01"
"""Stands for each copy's id prefix in a picture's serialised text: a character no XML document can hold, so it
cannot clash with the picture's own text."""
_PLACE = re.compile(rf'<g id="a_{_MARK}(\d+)"[^>]*>\s*<a\b[^>]*>\s*(<polygon\b[^>]*?\bpoints="([^"]*)"[^>]*/>)'
                    r"\s*</a>\s*</g>")
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([a-zA-Z]*)\s*")
_URL = re.compile(r"""url\(\s*(['"]?)#([^)'"\s]+)\1\s*\)""")
_CSS_ID = re.compile(r"#([A-Za-z_][\w-]*)")

_SHEET: ContextVar[PictureSheet | None] = ContextVar("treeviz_svg_pictures", default=None)


class PictureError(ValueError):
    """A game's SVG picture that cannot go into a figure: not well-formed XML, or its root is not ``<svg>``."""


@dataclass(frozen=True)
class _Picture:
    """One SVG picture ready to place: its size in points, its viewBox, and its text with :data:`_TOKEN` where
    each copy's id prefix goes."""

    width: float
    height: float
    view_box: str
    text: str

    def nested(self, prefix: str, x: float, y: float, width: float, height: float) -> str:
        """The picture as a nested ``<svg>`` filling the box at ``x, y`` (figure units), its ids prefixed."""
        place = f' x="{x:.2f}" y="{y:.2f}" width="{width:.2f}" height="{height:.2f}" viewBox="{self.view_box}"'
        return "<svg" + place + self.text[len("<svg"):].replace(_TOKEN, prefix)


class PictureSheet:
    """The SVG pictures of one figure being drawn: ``placed`` (SVG output) puts them in, else the positions' text
    stands in for them."""

    def __init__(self, placed: bool) -> None:
        self.placed = placed
        """Whether SVG pictures go into the figure (SVG output) or the position's text stands in (PNG, PDF)."""
        self.stood_in = False
        """A position's text stood in for an SVG picture (the figure's notes say so)."""
        self._pictures: list[_Picture] = []
        self._by_text: dict[str, int] = {}

    def placeholder(self, svg: str, what: str) -> str:
        """Graphviz HTML-like markup of a blank cell of the picture's size, which :meth:`put_in` fills with the
        picture (``what`` names the picture in errors: ``the game nim's picture of '1 2 first'``).

        :raises PictureError: the picture is not well-formed XML or not SVG.
        """
        k = self._by_text.get(svg)
        if k is None:
            k = self._by_text[svg] = len(self._pictures)
            self._pictures.append(_prepared(svg, what))
        picture = self._pictures[k]
        width, height = max(1, math.ceil(picture.width)), max(1, math.ceil(picture.height))
        cell = f'ID="{_MARK}{k}" TOOLTIP="{_MARK}{k}" FIXEDSIZE="TRUE" WIDTH="{width}" HEIGHT="{height}"'
        return ('<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="0" CELLPADDING="0" COLOR="#404040">'
                f'<TR><TD {cell} BGCOLOR="white"></TD></TR></TABLE>')

    def put_in(self, svg: str) -> str:
        """The SVG Graphviz wrote with each placeholder cell holding its picture (nested ``<svg>``, ids prefixed
        ``pic1-``, ``pic2-``... one prefix per copy)."""
        if not self._pictures:
            return svg
        copies = 0

        def place(match: re.Match[str]) -> str:
            nonlocal copies
            copies += 1
            xs, ys = zip(*((float(v) for v in p.split(",")) for p in match.group(3).split()), strict=True)
            x, y = min(xs), min(ys)
            nested = self._pictures[int(match.group(1))].nested(f"pic{copies}-", x, y, max(xs) - x, max(ys) - y)
            return f"{match.group(2)}\n{nested}"

        return _PLACE.sub(place, svg)

    def stand_in_note(self, fmt: str) -> str:
        """The note of a figure whose SVG pictures gave way to the positions' text."""
        return (f"the game draws its positions in SVG, which a {fmt} figure cannot hold (no SVG rasteriser): its "
                "nodes show the positions' text; write svg (or the html page) to see the pictures")


@contextmanager
def collecting(fmt: str) -> Iterator[PictureSheet]:
    """The sheet of SVG pictures of a figure in ``fmt`` drawn within the block (:func:`active_sheet` finds it)."""
    sheet = PictureSheet(placed=fmt == "svg")
    token = _SHEET.set(sheet)
    try:
        yield sheet
    finally:
        _SHEET.reset(token)


def active_sheet() -> PictureSheet | None:
    """The sheet of the figure being drawn (:func:`collecting`), None outside one: DOT output, whose pictures are
    the positions' text as Graphviz can draw them."""
    return _SHEET.get()


def _prepared(svg: str, what: str) -> _Picture:
    """A picture read, checked and made safe to nest: no XML declaration, doctype, comments or scripts; every id
    and reference to it prefixed with :data:`_TOKEN`; its stylesheets scoped to its own root."""
    try:
        root = ET.fromstring(svg.strip())
    except ET.ParseError as exc:
        raise PictureError(f"{what} is not well-formed XML, which SVG must be: {exc}") from None
    namespace, _, local = root.tag[1:].rpartition("}") if root.tag.startswith("{") else ("", "", root.tag)
    if local != "svg" or namespace not in ("", SVG_NS):
        raise PictureError(f"{what} is not SVG: its root element is <{local}>, not <svg>")
    width, height, view_box = _size(root)
    for parent in list(root.iter()):
        for child in list(parent):
            if isinstance(child.tag, str) and child.tag.rpartition("}")[2] == "script":
                parent.remove(child)
    ids = {name for name in (e.get("id") for e in root.iter()) if name}
    scope = next(name for name in ("picture", *(f"picture-{k}" for k in range(len(ids) + 1))) if name not in ids)
    _rename_ids(root, ids, scope)
    for name in ("x", "y", "width", "height", "viewBox"):
        root.attrib.pop(name, None)
    svg_tag = f"{{{SVG_NS}}}"
    for element in root.iter():  # SVG's elements unprefixed (the figure's namespace), others as they come
        if isinstance(element.tag, str) and element.tag.startswith(svg_tag):
            element.tag = element.tag[len(svg_tag):]
    text = ET.tostring(root, encoding="unicode")
    return _Picture(width, height, view_box, f'<svg xmlns="{SVG_NS}"{text[len("<svg"):]}')


def _size(root: ET.Element) -> tuple[float, float, str]:
    """The picture's width and height in points (from its width, height and viewBox; :data:`DEFAULT_SIDE` when
    it gives none; at most :data:`MAX_SIDE`) and the viewBox its drawing fills."""
    width, height = _length(root.get("width")), _length(root.get("height"))
    box = _view_box(root.get("viewBox"))
    aspect = box[3] / box[2] if box is not None else 1.0  # height over width
    if width is not None and height is not None:
        pass
    elif width is not None:
        height = width * aspect
    elif height is not None:
        width = height / aspect
    else:
        width, height = (DEFAULT_SIDE, DEFAULT_SIDE * aspect) if aspect <= 1 else (DEFAULT_SIDE / aspect,
                                                                                 DEFAULT_SIDE)
    view_box = " ".join(f"{v:g}" for v in box) if box is not None else f"0 0 {width / PX:g} {height / PX:g}"
    scale = min(1.0, MAX_SIDE / max(width, height))
    return width * scale, height * scale, view_box


def _length(text: str | None) -> float | None:
    """An SVG length in points (None: absent, a percentage, or not a positive length)."""
    match = _LENGTH.fullmatch(text or "")
    if match is None or match.group(2).lower() not in _UNITS:
        return None
    points = float(match.group(1)) * _UNITS[match.group(2).lower()]
    return points if 0 < points < math.inf else None


def _view_box(text: str | None) -> tuple[float, float, float, float] | None:
    """A viewBox's four numbers (None: absent, or not four numbers with a positive width and height)."""
    try:
        x, y, w, h = (float(v) for v in (text or "").replace(",", " ").split())
    except ValueError:
        return None
    return (x, y, w, h) if 0 < w < math.inf and 0 < h < math.inf and math.isfinite(x + y) else None


def _rename_ids(root: ET.Element, ids: set[str], scope: str) -> None:
    """Prefix every id (the root's: ``scope`` when it has none) and every reference to one (``url(#id)``,
    ``href="#id"``, a CSS selector's ``#id``) with :data:`_TOKEN`; scope each stylesheet's rules to the root."""

    def url(match: re.Match[str]) -> str:
        return f"url(#{_TOKEN}{match.group(2)})" if match.group(2) in ids else match.group(0)

    def css_id(match: re.Match[str]) -> str:
        return f"#{_TOKEN}{match.group(1)}" if match.group(1) in ids else match.group(0)

    own = f"#{_TOKEN}{root.get('id') or scope}"
    for element in root.iter():
        for name, value in element.attrib.items():
            if name == "id":
                element.set(name, _TOKEN + value)
            elif name in ("href", f"{{{XLINK_NS}}}href") and value.startswith("#") and value[1:] in ids:
                element.set(name, f"#{_TOKEN}{value[1:]}")
            elif "url(" in value:
                element.set(name, _URL.sub(url, value))
        if isinstance(element.tag, str) and element.tag.rpartition("}")[2] == "style" and element.text:
            element.text = _scoped_css(element.text, own, lambda selector: _CSS_ID.sub(css_id, selector),
                                       lambda body: _URL.sub(url, body))
    if root.get("id") is None:
        root.set("id", _TOKEN + scope)


def _scoped_css(css: str, scope: str, selector_ids: Callable[[str], str], body_urls: Callable[[str], str]) -> str:
    """A stylesheet whose rules apply inside ``scope`` only (each selector prefixed with it, the rules of
    ``@media`` and ``@supports`` too; other at-rules kept as they are), its selectors' ids and its declarations'
    ``url(#id)`` renamed by ``selector_ids`` and ``body_urls``."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out: list[str] = []
    at = 0
    while True:
        start = css.find("{", at)
        if start < 0:
            out.append(css[at:])
            return "".join(out)
        end, depth = start + 1, 1
        while end < len(css) and depth:
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        head, body = css[at:start], css[start + 1:end - 1]
        statements = head.rfind(";") + 1  # @import ...; @charset ...; before the rule
        out.append(head[:statements].strip() + "\n" if statements else "")
        prelude = head[statements:].strip()
        if prelude.startswith("@"):
            if prelude.lower().startswith(("@media", "@supports")):
                body = _scoped_css(body, scope, selector_ids, body_urls)
            out.append(f"{prelude} {{{body.strip()}}}\n")
        else:
            selectors = ", ".join(_scoped_selector(selector_ids(s.strip()), scope) for s in prelude.split(",")
                                  if s.strip())
            out.append(f"{selectors} {{{body_urls(body)}}}\n")
        at = end


def _scoped_selector(selector: str, scope: str) -> str:
    """``selector`` applying inside ``scope`` only: below it (``#scope rect``), or at it when it names the root
    (its id, ``svg`` or ``:root`` first: ``#scope .x``)."""
    root = re.match(rf"(?:{re.escape(scope)}|svg|:root)(?![\w-])", selector)
    return f"{scope} {selector}" if root is None else scope + selector[root.end():]
