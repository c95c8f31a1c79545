"""A :class:`~treeviz.draw.scene.Scene` as PDF or PNG, painted with cairo.

Why cairo: it is the library Graphviz itself draws PDFs with, its PDF keeps text
as embedded, searchable font subsets (vector at any zoom), and the same
drawing code gives PNG. Measured here (scripts/bench_render.py): it paints the
25,227-node compact tree's PDF in 1.2-1.5 s where reportlab took 7.7 s (and has no PNG);
cairocffi took 4.2 s, parses cairo's C declarations for 0.3 s at import, and needs
the system's libcairo all the same.

Which binding: pycairo when it is installed (the ``cairo`` extra; it builds against
Debian's ``libcairo2-dev``, having no Linux wheels), the fastest; else
:mod:`treeviz.draw.cairo_lib`, ctypes over the cairo inside the pygraphviz wheel, which
needs nothing compiled and paints the same pictures ~0.3 s slower on that tree.
``TREEVIZ_CAIRO=pycairo`` or ``=ctypes`` forces one. Fonts: Liberation Sans
(Helvetica's metrics, the widths the layout assumed), through fontconfig.

PDFs are reproducible: the creation date is fixed (``SOURCE_DATE_EPOCH`` when
set, else 2000-01-01), so the same scene gives the same bytes.
"""

from __future__ import annotations

import io
import os
from datetime import UTC, datetime
from typing import Any

from treeviz.draw.library_stderr import library_stderr
from treeviz.draw.scene import Marks, Scene, Segments, Shape, Stroke, Text, triangle

FONT = "Liberation Sans"
MAX_PIXELS = 32767
"""cairo cannot make a bitmap wider or taller than this."""
CHOICE = "TREEVIZ_CAIRO"
"""Environment variable: ``pycairo`` or ``ctypes`` to force that binding (default: pycairo when installed)."""


class CairoMissing(RuntimeError):
    """No cairo to paint with: neither pycairo nor a cairo library for the ctypes binding."""


def binding() -> Any:
    """The cairo module to paint with: pycairo, or :mod:`treeviz.draw.cairo_lib` (same names, see the module's doc).

    :raises CairoMissing: the binding asked for (or any) cannot be had.
    """
    choice = os.environ.get(CHOICE, "")
    if choice not in ("", "pycairo", "ctypes"):
        raise CairoMissing(f"{CHOICE}={choice!r}: expected pycairo or ctypes")
    if choice != "ctypes":
        try:
            import cairo  # pycairo: compiled, the fastest
            return cairo
        except ImportError:
            if choice == "pycairo":
                raise CairoMissing(f"{CHOICE}=pycairo, but pycairo is not installed (pip install pycairo)") from None
    from treeviz.draw import cairo_lib

    try:
        cairo_lib.load()
    except OSError as exc:
        raise CairoMissing("PDF and PNG of compact and dot figures need cairo: the pygraphviz wheel brings it "
                           f"(pip install pygraphviz), or install the system's (Debian: libcairo2) ({exc})") from None
    return cairo_lib


def to_pdf(scene: Scene) -> bytes:
    """The scene as a one-page PDF of exactly the scene's size in points."""
    cairo = binding()
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, scene.width, scene.height)
    stamp = datetime.fromtimestamp(int(os.environ.get("SOURCE_DATE_EPOCH", "946684800")), UTC)
    surface.set_metadata(cairo.PDFMetadata.CREATE_DATE, stamp.strftime("%Y-%m-%dT%H:%M:%SZ"))
    if scene.title:
        surface.set_metadata(cairo.PDFMetadata.TITLE, scene.title)
    with library_stderr():  # fonts are looked up while painting: the bundled fontconfig's noise
        _paint(cairo, cairo.Context(surface), scene)
        surface.finish()
    return out.getvalue()


def png_pixels(scene: Scene, dpi: float) -> tuple[int, int]:
    """The PNG's size in pixels at ``dpi``."""
    return round(scene.width * dpi / 72), round(scene.height * dpi / 72)


def to_png(scene: Scene, dpi: float = 96) -> bytes:
    """The scene as a PNG at ``dpi`` pixels per inch (96: one CSS pixel per pixel).

    :raises ValueError: the picture would be more than 32,767 pixels wide or tall.
    """
    cairo = binding()
    width, height = png_pixels(scene, dpi)
    if max(width, height) > MAX_PIXELS:
        from treeviz.draw.graphviz import PictureTooLarge

        raise PictureTooLarge(f"the picture would be {width:,} x {height:,} px, more than PNG's {MAX_PIXELS:,} px "
                              "limit: use {fmt} or pdf, or a smaller {size:name} or {dpi:name}", fmt="svg",
                              size=None, dpi=None)
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, max(1, width), max(1, height))
    ctx = cairo.Context(surface)
    ctx.scale(dpi / 72, dpi / 72)
    with library_stderr():
        _paint(cairo, ctx, scene)
    out = io.BytesIO()
    surface.write_to_png(out)
    return out.getvalue()


def to_pixels(scene: Scene, width: int, height: int) -> bytes:
    """The scene painted on a ``width`` x ``height`` bitmap (scaled to fill it), as raw pixels: 4 bytes each,
    blue, green, red and one unused (ffmpeg's ``bgr0``, Pillow's ``BGRX``), rows without padding. The frames of
    a replay's GIF and MP4, with no PNG between."""
    cairo = binding()
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
    ctx = cairo.Context(surface)
    ctx.scale(width / scene.width, height / scene.height)
    with library_stderr():
        _paint(cairo, ctx, scene)
    surface.flush()
    data = bytes(surface.get_data())
    stride = surface.get_stride()
    if stride == width * 4:
        return data
    return b"".join(data[row * stride:row * stride + width * 4] for row in range(height))


def _rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    return int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255


def _paint(cairo: Any, ctx: Any, scene: Scene) -> None:
    _Painter(cairo, ctx).paint(scene)


class _Painter:
    """Paints scene items on one context, setting line style and font only when they change and measuring
    each distinct text once: a 25,227-node compact tree is ~300,000 cairo calls, and each call costs."""

    def __init__(self, cairo: Any, ctx: Any) -> None:
        self.cairo, self.ctx = cairo, ctx
        self.faces = {bold: cairo.ToyFontFace(FONT, cairo.FONT_SLANT_NORMAL,
                                              cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
                      for bold in (False, True)}
        self.line_style: tuple[float, str | None] | None = None
        self.font: tuple[bool, float] | None = None
        self.colours: dict[str, tuple[float, float, float]] = {}
        self.advances: dict[tuple[str, bool, float], float] = {}

    def paint(self, scene: Scene) -> None:
        """Background, then the items in order."""
        self.ctx.set_source_rgb(*_rgb(scene.background))
        self.ctx.paint()
        for item in scene.items:
            if isinstance(item, Segments):
                self.segments(item)
            elif isinstance(item, Marks):
                self.marks(item)
            elif isinstance(item, Shape):
                self.shape(item)
            elif isinstance(item, Text):
                self.text(item)
        status = getattr(self.ctx, "status", None)  # the ctypes binding reports a failure here; pycairo raised it
        if status is not None:
            status()

    def colour(self, colour: str) -> None:
        rgb = self.colours.get(colour)
        if rgb is None:
            rgb = self.colours[colour] = _rgb(colour)
        self.ctx.set_source_rgb(*rgb)

    def stroke_style(self, stroke: Stroke) -> None:
        self.colour(stroke.colour)
        if self.line_style == (stroke.width, stroke.dash):
            return
        self.line_style = (stroke.width, stroke.dash)
        cairo, ctx, w = self.cairo, self.ctx, stroke.width
        ctx.set_line_width(w)
        if stroke.dash == "dashed":
            ctx.set_dash([4 * w, 2.5 * w])
            ctx.set_line_cap(cairo.LINE_CAP_BUTT)
        elif stroke.dash == "dotted":
            ctx.set_dash([0, 2.5 * w])
            ctx.set_line_cap(cairo.LINE_CAP_ROUND)
        else:
            ctx.set_dash([])
            ctx.set_line_cap(cairo.LINE_CAP_ROUND)

    def segments(self, item: Segments) -> None:
        ctx = self.ctx
        self.stroke_style(item.stroke)
        c = item.coords
        move_to, line_to = ctx.move_to, ctx.line_to
        for k in range(0, len(c), 4):
            move_to(c[k], c[k + 1])
            line_to(c[k + 2], c[k + 3])
            if k % 40000 == 39996:  # long paths stroke in pieces: cairo slows on huge paths
                ctx.stroke()
        ctx.stroke()

    def marks(self, item: Marks) -> None:
        cairo, ctx, c = self.cairo, self.ctx, item.coords
        layers = [(item.fill, item.size)]
        if item.stroke is not None:
            layers = [(item.stroke.colour, item.size), (item.fill, max(0.0, item.size - 2 * item.stroke.width))]
        for colour, size in layers:
            self.colour(colour)
            if item.shape == "square":  # cairo draws no cap on a zero-length line: squares are filled rectangles
                half = size / 2
                rectangle = ctx.rectangle
                for k in range(0, len(c), 2):
                    rectangle(c[k] - half, c[k + 1] - half, size, size)
                    if k % 20000 == 19998:
                        ctx.fill()
                ctx.fill()
                continue
            self.line_style = None
            ctx.set_dash([])
            ctx.set_line_width(size)
            ctx.set_line_cap(cairo.LINE_CAP_ROUND)
            move_to, rel_line_to = ctx.move_to, ctx.rel_line_to
            for k in range(0, len(c), 2):
                move_to(c[k], c[k + 1])
                rel_line_to(0, 0)
                if k % 20000 == 19998:
                    ctx.stroke()
            ctx.stroke()

    def outline(self, item: Shape) -> None:
        ctx = self.ctx
        if item.kind in ("triangle-up", "triangle-down"):
            (ax, ay), (bx, by), (cx, cy) = triangle(item)
            ctx.move_to(ax, ay)
            ctx.line_to(bx, by)
            ctx.line_to(cx, cy)
            ctx.close_path()
        elif item.kind in ("ellipse", "circle"):
            ctx.save()
            ctx.translate(item.x, item.y)
            ctx.scale(item.w / 2, item.h / 2)
            ctx.new_path()
            ctx.arc(0, 0, 1, 0, 6.283185307179586)
            ctx.restore()
        else:
            ctx.rectangle(item.x - item.w / 2, item.y - item.h / 2, item.w, item.h)

    def shape(self, item: Shape) -> None:
        ctx = self.ctx
        if item.fill or item.stroke is not None:
            self.outline(item)  # once: filled with the path kept, then stroked
            if item.fill:
                self.colour(item.fill)
                if item.stroke is None:
                    ctx.fill()
                else:
                    ctx.fill_preserve()
            if item.stroke is not None:
                self.stroke_style(item.stroke)
                ctx.stroke()
        for line in item.lines:
            self.show(line.text, line.bold, line.size, line.colour, item.x, item.y + line.dy, "middle")

    def text(self, item: Text) -> None:
        if item.halo:
            advance = self.advance(item.text, item.bold, item.size)
            left = item.x - (advance / 2 if item.anchor == "middle" else advance if item.anchor == "end" else 0)
            self.ctx.rectangle(left - 0.4, item.y - item.size * 0.8, advance + 0.8, item.size * 0.95)
            self.colour(item.halo)
            self.ctx.fill()
        self.show(item.text, item.bold, item.size, item.colour, item.x, item.y, item.anchor)

    def use_font(self, bold: bool, size: float) -> None:
        if self.font != (bold, size):
            self.font = (bold, size)
            self.ctx.set_font_face(self.faces[bold])
            self.ctx.set_font_size(size)

    def advance(self, text: str, bold: bool, size: float) -> float:
        key = (text, bold, size)
        advance = self.advances.get(key)
        if advance is None:
            self.use_font(bold, size)
            advance = self.advances[key] = self.ctx.text_extents(text)[4]
        return advance

    def show(self, text: str, bold: bool, size: float, colour: str, x: float, y: float, anchor: str) -> None:
        if anchor != "start":
            advance = self.advance(text, bold, size)
            x -= advance / 2 if anchor == "middle" else advance
        self.use_font(bold, size)
        self.colour(colour)
        self.ctx.move_to(x, y)
        self.ctx.show_text(text)
