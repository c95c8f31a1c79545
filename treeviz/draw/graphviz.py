"""Running Graphviz: DOT text laid out and drawn as PNG/SVG/PDF bytes.

Kept apart from writing the DOT (:mod:`treeviz.draw.dot_writer`). Layout uses the
Graphviz 14 bundled in the pygraphviz wheel, or a ``dot`` executable on PATH when
pygraphviz is missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Any

from engine.errors import ParameterError
from treeviz.draw.library_stderr import library_stderr, pass_on_warnings
from treeviz.draw.page_size import PAD_INCHES, PageSize

FORMATS = ("png", "svg", "pdf")
"""What :func:`render` produces."""
MAX_PNG_PIXELS = 32767
"""Cairo (hence Graphviz) cannot make a bitmap wider or taller than this."""
PNG_DPI = 96
"""Graphviz's default resolution for bitmaps: 96 pixels per 72 points."""
ENGINE_ENV = "TREEVIZ_GRAPHVIZ"
"""Set to ``dot`` to force the ``dot`` executable, ``pygraphviz`` to forbid the fallback."""


class RenderError(Exception):
    """The picture cannot be made (too big for the format, Graphviz missing or failing)."""


class PictureTooLarge(RenderError, ParameterError):
    """A picture bigger than its format allows (a PNG over 32,767 px): the message names what to change."""


class GraphvizNotFound(RenderError):
    """Neither pygraphviz nor a ``dot`` executable is available."""


def engine() -> str:
    """Which Graphviz draws: ``"pygraphviz"`` (bundled Graphviz 14) or the path of a ``dot`` executable.

    :raises GraphvizNotFound: neither is available.
    """
    choice = os.environ.get(ENGINE_ENV, "")
    if choice != "dot":
        try:
            import pygraphviz  # noqa: F401
            return "pygraphviz"
        except ImportError:
            if choice == "pygraphviz":
                raise GraphvizNotFound("pygraphviz is not installed (pip install pygraphviz)") from None
    dot = shutil.which("dot")
    if dot:
        return dot
    raise GraphvizNotFound("no Graphviz found: install the project's dependencies (pip install pygraphviz) "
                           "or put Graphviz's dot on PATH")


def render(dot_text: str, fmt: str, *, size: PageSize | None = None, dpi: int | None = None,
           free_labels: bool = False) -> bytes:
    """Lay out ``dot_text`` with Graphviz's dot and draw it as ``fmt`` (png, svg or pdf).

    ``size`` scales the drawing to that page width (or to fit width x height, the page being that box):
    the SVG's width and height and the PDF's MediaBox are the page size; a PNG has the page size at
    ``size.dpi``. ``dpi`` alone sets a PNG's resolution (default 96). ``free_labels``: edge labels that
    Graphviz placed on top of each other (or of a node) are moved along their edges to free spots
    (:func:`place_edge_labels`; the crossing edges of merged DAGs need it), with the pygraphviz engine.

    :raises RenderError: unknown format, a PNG larger than 32,767 px, or Graphviz failing.
    """
    if fmt not in FORMATS:
        raise RenderError(f"cannot render format {fmt!r}: expected one of {', '.join(FORMATS)}")
    how = engine()
    if how == "pygraphviz" and free_labels:
        return _render_free_labels(dot_text, fmt, size, dpi)
    if how == "pygraphviz":
        return _render_pygraphviz(dot_text, fmt, size, dpi)
    return _render_executable(how, dot_text, fmt, size, dpi)


def page_attributes(bb_size: tuple[float, float], fmt: str, size: PageSize | None,
                    dpi: int | None) -> dict[str, str]:
    """Graphviz graph attributes that draw a laid-out figure (bounding box ``bb_size`` in points) at ``size``:
    a viewport of the page size in points, zoomed and centred, and no extra PDF margin."""
    attrs: dict[str, str] = {}
    if fmt == "png" and dpi:
        attrs["dpi"] = str(dpi)
    elif fmt == "png" and size is not None:
        attrs["dpi"] = str(size.dpi)
    if size is None:
        return attrs
    pad = 2 * PAD_INCHES * 72
    width, height = bb_size[0] + pad, bb_size[1] + pad
    zoom = size.width / width
    if size.height is not None:
        zoom = min(zoom, size.height / height)
    page_w = size.width
    page_h = size.height if size.height is not None else height * zoom
    # Graphviz measures a viewport in points at 72 dpi; for PNG its dpi scales the whole page.
    attrs.update(margin="0", viewport=f"{page_w:.3f},{page_h:.3f},{zoom:.6f},{bb_size[0] / 2:.3f},{bb_size[1] / 2:.3f}")
    return attrs


def layout_size(dot_text: str) -> tuple[float, float]:
    """Width and height of the laid-out drawing in points (1/72 inch)."""
    how = engine()
    if how == "pygraphviz":
        import pygraphviz
        from pygraphviz import graphviz as gv

        graph = pygraphviz.AGraph(string=dot_text)
        with library_stderr():
            context = gv.gvContextWithBuiltins()
            try:
                if gv.gvLayout(context, graph.handle, b"dot"):
                    raise RenderError("Graphviz could not lay out the graph")
                size = _bb_size(graph.graph_attr.get("bb") or "")
                gv.gvFreeLayout(context, graph.handle)
            finally:
                gv.gvFreeContext(context)
        return size
    plain = _run_dot(how, dot_text, "plain").decode()
    _, scale, width, height = plain.split("\n", 1)[0].split()[:4]
    return float(width) * 72 * float(scale), float(height) * 72 * float(scale)


def png_pixels(size: tuple[float, float], page: PageSize | None = None, dpi: int | None = None) -> tuple[int, int]:
    """Pixel size of a PNG of a drawing ``size`` points large (our figures' padding included), drawn at its
    natural size (96 dpi, or ``dpi``) or scaled to ``page``."""
    pad = 2 * PAD_INCHES * 72
    width, height = size[0] + pad, size[1] + pad
    resolution = dpi or (page.dpi if page is not None else PNG_DPI)
    if page is not None:
        zoom = page.width / width
        if page.height is not None:
            zoom = min(zoom, page.height / height)
        width, height = page.width, page.height if page.height is not None else height * zoom
    return round(width * resolution / 72), round(height * resolution / 72)


def _check_png(size: tuple[float, float], page: PageSize | None = None, dpi: int | None = None) -> None:
    width, height = png_pixels(size, page, dpi)
    if max(width, height) > MAX_PNG_PIXELS:
        raise PictureTooLarge(
            f"the picture would be {width:,} x {height:,} px, more than PNG's {MAX_PNG_PIXELS:,} px limit: "
            "use {fmt} or pdf, {size:name}, or a smaller {max_nodes:name} / {depth:name}", fmt="svg", size=None,
            max_nodes=None, depth=None)


def _bb_size(bb: str) -> tuple[float, float]:
    try:
        x0, y0, x1, y1 = (float(v) for v in bb.replace(",", " ").split())
    except ValueError:
        raise RenderError(f"Graphviz gave no bounding box ({bb!r})") from None
    return x1 - x0, y1 - y0


def _render_pygraphviz(dot_text: str, fmt: str, size: PageSize | None = None, dpi: int | None = None) -> bytes:
    import pygraphviz
    from pygraphviz import graphviz as gv

    try:
        graph = pygraphviz.AGraph(string=dot_text)
    except Exception as exc:  # pygraphviz raises bare DotError/ValueError on bad DOT
        raise RenderError(f"Graphviz cannot read the DOT text: {exc}") from None
    if fmt == "png" and dpi:  # read at layout time
        graph.graph_attr["dpi"] = str(dpi)
    elif fmt == "png" and size is not None:
        graph.graph_attr["dpi"] = str(size.dpi)
    with library_stderr():
        context = gv.gvContextWithBuiltins()
        try:
            if gv.gvLayout(context, graph.handle, b"dot"):
                raise RenderError("Graphviz could not lay out the graph")
            try:
                bb = _bb_size(graph.graph_attr.get("bb") or "")
                attrs = page_attributes(bb, fmt, size, dpi)
                if fmt == "png":
                    _check_png(bb, size, dpi)
                for key, value in attrs.items():
                    graph.graph_attr[key] = value
                err, data = gv.gvRenderData(context, graph.handle, fmt.encode())
            finally:
                gv.gvFreeLayout(context, graph.handle)
        finally:
            gv.gvFreeContext(context)
    if err or not data:
        raise RenderError(f"Graphviz could not draw {fmt}")
    return bytes(data)


def _render_executable(dot: str, dot_text: str, fmt: str, size: PageSize | None = None,
                       dpi: int | None = None) -> bytes:
    if fmt == "png" or size is not None or dpi:
        bb = layout_size(dot_text)
        if fmt == "png":
            _check_png(bb, size, dpi)
        attrs = page_attributes(bb, fmt, size, dpi)
        if attrs:
            extra = ", ".join(f'{k}="{v}"' for k, v in attrs.items())
            dot_text = dot_text.replace("{\n", f"{{\n  graph [{extra}];\n", 1)
    return _run_dot(dot, dot_text, fmt)


def _run_dot(dot: str, dot_text: str, fmt: str) -> bytes:
    done = subprocess.run([dot, f"-T{fmt}"], input=dot_text.encode(), capture_output=True, check=False)
    if done.returncode != 0 or not done.stdout:
        message = " ".join(done.stderr.decode(errors="replace").split())[:300]
        raise RenderError(f"Graphviz dot failed: {message or f'exit status {done.returncode}'}")
    pass_on_warnings(done.stderr)
    return done.stdout


# -- edge labels that do not collide -------------------------------------------------------------

LABEL_POINTS = 10.0
"""The edge labels' font size (the figures' DOT sets it for every edge)."""
LABEL_GAP = 2.0
"""The least room, in points, between a label and another label or a node."""
_FRACTIONS = (0.5, 0.4, 0.6, 0.3, 0.7, 0.35, 0.65, 0.2, 0.8, 0.25, 0.75, 0.15, 0.85, 0.1, 0.9)
"""Where along its edge a label may go, nearest the middle first."""

Box = tuple[float, float, float, float]


def spline_points(pos: str) -> list[tuple[float, float]]:
    """Points along an edge's spline (Graphviz's ``pos``: optional ``s,``/``e,`` ends, then cubic Béziers)."""
    controls = [tuple(float(v) for v in p.split(",")) for p in pos.split() if not p.startswith(("e,", "s,"))]
    points: list[tuple[float, float]] = []
    for k in range(0, len(controls) - 3, 3):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = controls[k:k + 4]
        for step in range(8):
            t = step / 8
            u = 1 - t
            points.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                           u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
    if controls:
        points.append((controls[-1][0], controls[-1][1]))
    return points


def _overlaps(a: Box, b: Box, gap: float) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _free(box: Box, labels: list[Box], nodes: list[Box]) -> bool:
    """Whether a label at ``box`` keeps clear of the other labels (by :data:`LABEL_GAP`) and of every node."""
    return (not any(_overlaps(box, b, LABEL_GAP) for b in labels)
            and not any(_overlaps(box, b, 0.0) for b in nodes))


def place_edge_labels(graph: Any) -> int:
    """Move the edge labels of a laid-out pygraphviz graph (``pos``/``lp`` set by dot) that overlap another label
    or a node to the first free spot along their own edge, beside it, the middle first. Returns how many moved."""
    import re

    from treeviz.draw.text_metrics import text_width

    nodes: list[Box] = []
    for node in graph.nodes():
        x, y = (float(v) for v in node.attr["pos"].split(","))
        w, h = float(node.attr["width"]) * 36, float(node.attr["height"]) * 36
        nodes.append((x - w, y - h, x + w, y + h))
    labels: list[tuple[Any, float, float, list[tuple[float, float]], Box]] = []
    for edge in graph.edges():
        text, lp = edge.attr.get("label") or "", edge.attr.get("lp")
        if not text or not lp:
            continue
        plain = re.sub(r"<[^>]*>", "", text)
        w = text_width(plain, LABEL_POINTS, bold="<B>" in text) + 2.0
        h = LABEL_POINTS + 2.0
        x, y = (float(v) for v in lp.split(","))
        labels.append((edge, w, h, spline_points(edge.attr.get("pos") or ""), (x - w / 2, y - h / 2, x + w / 2,
                                                                                y + h / 2)))
    placed: list[Box] = []
    moved = 0
    for k, (edge, w, h, points, box) in enumerate(labels):
        others = placed + [b for *_, b in labels[k + 1:]]
        if not _free(box, others, nodes) and len(points) > 1:
            for fraction in _FRACTIONS:
                px, py = points[min(len(points) - 1, round(fraction * (len(points) - 1)))]
                found = next((c for c in ((px + 1, py - h / 2, px + 1 + w, py + h / 2),
                                          (px - 1 - w, py - h / 2, px - 1, py + h / 2)) if _free(c, others, nodes)),
                             None)
                if found is not None:
                    box = found
                    edge.attr["lp"] = f"{(box[0] + box[2]) / 2:.2f},{(box[1] + box[3]) / 2:.2f}"
                    moved += 1
                    break
        placed.append(box)
        labels[k] = (edge, w, h, points, box)
    return moved


def _render_free_labels(dot_text: str, fmt: str, size: PageSize | None, dpi: int | None) -> bytes:
    """:func:`render` with the edge labels placed by :func:`place_edge_labels`: dot lays the graph out, the labels
    move, and neato draws it where everything is (``-n2``: positions as given, in points)."""
    import pygraphviz

    try:
        graph = pygraphviz.AGraph(string=dot_text)
    except Exception as exc:  # pygraphviz raises bare DotError/ValueError on bad DOT
        raise RenderError(f"Graphviz cannot read the DOT text: {exc}") from None
    with library_stderr():
        try:
            graph.layout(prog="dot")
            place_edge_labels(graph)
            bb = _bb_size(graph.graph_attr.get("bb") or "")
            if fmt == "png":
                _check_png(bb, size, dpi)
            for key, value in page_attributes(bb, fmt, size, dpi).items():
                graph.graph_attr[key] = value
            data = graph.draw(format=fmt, prog="nop2")
        except RenderError:
            raise
        except Exception as exc:  # pygraphviz's own errors
            raise RenderError(f"Graphviz could not draw {fmt}: {exc}") from None
    if not data:
        raise RenderError(f"Graphviz could not draw {fmt}")
    return bytes(data)
