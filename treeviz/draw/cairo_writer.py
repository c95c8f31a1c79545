"""A :class:`~treeviz.draw.scene.Scene` as PDF or PNG, painted with cairo (pycairo; cairocffi works too).

Why cairo: it is the library Graphviz itself draws PDFs with, its PDF keeps text
as embedded, searchable font subsets (vector at any zoom), and the same
drawing code gives PNG. Measured here (scripts/bench_render.py): pycairo
imports in 5 ms where cairocffi parses cairo's C declarations for 0.3 s (a third
of the 1 s budget of a small figure), and paints the 25,227-node compact tree's
PDF in 2.2-2.6 s against cairocffi's 4.2 s and reportlab's 7.7 s (with Liberation Sans
registered for the symbols; dot style: cairo 1.6 s, reportlab 2.3 s); reportlab has no
PNG. pycairo is built against Debian's ``libcairo2-dev`` (scripts/setup.sh installs it). Fonts: Liberation Sans
(Helvetica's metrics, the widths the layout assumed), through fontconfig.

PDFs are reproducible: the creation date is fixed (``SOURCE_DATE_EPOCH`` when
set, else 2000-01-01), so the same scene gives the same bytes.
"""

from __future__ import annotations

import io
import os
from datetime import UTC, datetime
from typing import Any

from treeviz.draw.scene import Marks, Scene, Segments, Shape, Stroke, Text

FONT = "Liberation Sans"
MAX_PIXELS = 32767
"""cairo cannot make a bitmap wider or taller than this."""


class CairoMissing(RuntimeError):
    """cairocffi or the system's cairo library is not installed."""


def _cairo() -> Any:
    try:
        import cairo  # pycairo: compiled, imports in milliseconds
        return cairo
    except ImportError:
        pass
    try:
        import cairocffi  # same API; parses cairo's C declarations at import (0.3 s)
    except (ImportError, OSError) as exc:  # OSError: the wheel is there but libcairo.so.2 is not
        raise CairoMissing("PDF and PNG of compact and dot figures need cairo: pip install pycairo (or cairocffi), "
                           f"and the system's cairo library (Debian: apt-get install libcairo2) ({exc})") from None
    return cairocffi


def _set_metadata(cairo: Any, surface: Any, key: str, value: str) -> None:
    """PDF metadata through either binding (pycairo: ``PDFMetadata.TITLE``; cairocffi: ``PDF_METADATA_TITLE``)."""
    names = getattr(cairo, "PDFMetadata", None)
    constant = getattr(names, key) if names is not None else getattr(cairo, f"PDF_METADATA_{key}")
    surface.set_metadata(constant, value)


def to_pdf(scene: Scene) -> bytes:
    """The scene as a one-page PDF of exactly the scene's size in points."""
    cairo = _cairo()
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, scene.width, scene.height)
    stamp = datetime.fromtimestamp(int(os.environ.get("SOURCE_DATE_EPOCH", "946684800")), UTC)
    _set_metadata(cairo, surface, "CREATE_DATE", stamp.strftime("%Y-%m-%dT%H:%M:%SZ"))
    if scene.title:
        _set_metadata(cairo, surface, "TITLE", scene.title)
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
    cairo = _cairo()
    width, height = png_pixels(scene, dpi)
    if max(width, height) > MAX_PIXELS:
        raise ValueError(f"the picture would be {width:,} x {height:,} px, more than PNG's {MAX_PIXELS:,} px limit: "
                         "use --format svg or pdf, or a smaller --size or --dpi")
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, max(1, width), max(1, height))
    ctx = cairo.Context(surface)
    ctx.scale(dpi / 72, dpi / 72)
    _paint(cairo, ctx, scene)
    out = io.BytesIO()
    surface.write_to_png(out)
    return out.getvalue()


def _rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    return int(c[0:2], 16) / 255, int(c[2:4], 16) / 255, int(c[4:6], 16) / 255


def _set_stroke(cairo: Any, ctx: Any, stroke: Stroke) -> None:
    ctx.set_source_rgb(*_rgb(stroke.colour))
    w = stroke.width
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


def _paint(cairo: Any, ctx: Any, scene: Scene) -> None:
    ctx.set_source_rgb(*_rgb(scene.background))
    ctx.paint()
    fonts = {False: cairo.ToyFontFace(FONT, cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL),
             True: cairo.ToyFontFace(FONT, cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)}
    for item in scene.items:
        if isinstance(item, Segments):
            _set_stroke(cairo, ctx, item.stroke)
            c = item.coords
            move_to, line_to = ctx.move_to, ctx.line_to
            for k in range(0, len(c), 4):
                move_to(c[k], c[k + 1])
                line_to(c[k + 2], c[k + 3])
                if k % 40000 == 39996:  # long paths stroke in pieces: cairo slows on huge paths
                    ctx.stroke()
            ctx.stroke()
        elif isinstance(item, Marks):
            _marks(cairo, ctx, item)
        elif isinstance(item, Shape):
            _shape(cairo, ctx, item, fonts)
        elif isinstance(item, Text):
            _text(ctx, item, fonts)


def _marks(cairo: Any, ctx: Any, item: Marks) -> None:
    c = item.coords
    layers = [(item.fill, item.size)]
    if item.stroke is not None:
        layers = [(item.stroke.colour, item.size), (item.fill, max(0.0, item.size - 2 * item.stroke.width))]
    for colour, size in layers:
        ctx.set_source_rgb(*_rgb(colour))
        if item.shape == "square":  # cairo draws no cap on a zero-length line: squares are filled rectangles
            half = size / 2
            rectangle = ctx.rectangle
            for k in range(0, len(c), 2):
                rectangle(c[k] - half, c[k + 1] - half, size, size)
                if k % 20000 == 19998:
                    ctx.fill()
            ctx.fill()
            continue
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


def _outline(ctx: Any, item: Shape) -> None:
    if item.kind == "ellipse":
        ctx.save()
        ctx.translate(item.x, item.y)
        ctx.scale(item.w / 2, item.h / 2)
        ctx.new_path()
        ctx.arc(0, 0, 1, 0, 6.283185307179586)
        ctx.restore()
    else:
        ctx.rectangle(item.x - item.w / 2, item.y - item.h / 2, item.w, item.h)


def _shape(cairo: Any, ctx: Any, item: Shape, fonts: dict[bool, Any]) -> None:
    if item.fill:
        _outline(ctx, item)
        ctx.set_source_rgb(*_rgb(item.fill))
        ctx.fill()
    if item.stroke is not None:
        _outline(ctx, item)
        _set_stroke(cairo, ctx, item.stroke)
        ctx.stroke()
    for line in item.lines:
        _show(ctx, fonts[line.bold], line.text, line.size, line.colour, item.x, item.y + line.dy, "middle")


def _text(ctx: Any, item: Text, fonts: dict[bool, Any]) -> None:
    if item.halo:
        ctx.set_font_face(fonts[item.bold])
        ctx.set_font_size(item.size)
        advance = ctx.text_extents(item.text)[4]
        left = item.x - (advance / 2 if item.anchor == "middle" else advance if item.anchor == "end" else 0)
        ctx.rectangle(left - 0.4, item.y - item.size * 0.8, advance + 0.8, item.size * 0.95)
        ctx.set_source_rgb(*_rgb(item.halo))
        ctx.fill()
    _show(ctx, fonts[item.bold], item.text, item.size, item.colour, item.x, item.y, item.anchor)


def _show(ctx: Any, face: Any, text: str, size: float, colour: str, x: float, y: float, anchor: str) -> None:
    ctx.set_font_face(face)
    ctx.set_font_size(size)
    if anchor != "start":
        advance = ctx.text_extents(text)[4]
        x -= advance / 2 if anchor == "middle" else advance
    ctx.set_source_rgb(*_rgb(colour))
    ctx.move_to(x, y)
    ctx.show_text(text)
