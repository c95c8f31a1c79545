"""cairo through ctypes: the cairo library inside the pygraphviz wheel (or the system's ``libcairo.so.2``).

Why: pycairo publishes no Linux wheels, so ``pip install`` of it needs a compiler and Debian's
``libcairo2-dev``. The pygraphviz wheel, a dependency already, carries the cairo 1.15 that its Graphviz
draws PDF and PNG with; calling that library through ctypes gives the compact and dot figures PDF and
PNG with nothing to compile, and the same pictures (the same painting code paints the same library:
PNGs come out byte for byte as through pycairo). Measured on the 25,227-node alpha-beta tree of the
empty board (scripts/bench_render.py): the compact PDF paints in ~1.5 s against pycairo's ~1.2 s (ctypes
costs about a microsecond more a call), so pycairo stays the faster path when installed; the other way
without pycairo, the placed scene as pinned DOT drawn by that Graphviz (``neato -n2``), took 27 s.

Only what :mod:`treeviz.draw.cairo_writer` paints with, under pycairo's names, so one painting code serves both.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import importlib.util
import io
from functools import partial
from os import path as _path
from typing import Any

FORMAT_RGB24 = 1
LINE_CAP_BUTT = 0
LINE_CAP_ROUND = 1
FONT_SLANT_NORMAL = 0
FONT_WEIGHT_NORMAL = 0
FONT_WEIGHT_BOLD = 1


class PDFMetadata:
    """Keys of :meth:`PDFSurface.set_metadata` (cairo's ``cairo_pdf_metadata_t``)."""

    TITLE = 0
    CREATE_DATE = 5


class Error(RuntimeError):
    """cairo reported a failure (its own words), or the library cannot be used."""


_D, _I, _P = ctypes.c_double, ctypes.c_int, ctypes.c_void_p
_WRITE = ctypes.CFUNCTYPE(_I, _P, ctypes.POINTER(ctypes.c_char), ctypes.c_uint)
_POINT2 = ("move_to", "line_to", "rel_line_to", "translate", "scale")
_PLAIN = ("stroke", "fill", "fill_preserve", "paint", "save", "restore", "new_path", "close_path")
_BOUND = (*_POINT2, *_PLAIN, "rectangle", "arc", "set_source_rgb", "set_line_width", "set_line_cap",
          "set_font_size")
"""Context methods that are the C function with the context bound (no Python frame per call)."""


class _TextExtents(ctypes.Structure):
    _fields_ = [(name, _D) for name in ("x_bearing", "y_bearing", "width", "height", "x_advance", "y_advance")]


def library_path() -> str | None:
    """The cairo library to use: the one the pygraphviz wheel bundles, else the system's, else None."""
    spec = importlib.util.find_spec("pygraphviz")
    if spec is not None and spec.origin:
        site = _path.dirname(_path.dirname(spec.origin))
        for pattern in ("pygraphviz.libs/libcairo-*.so*", "pygraphviz/.dylibs/libcairo*.dylib"):
            found = sorted(glob.glob(_path.join(site, pattern)))
            if found:
                return found[0]
    return ctypes.util.find_library("cairo")


_lib: Any = None
"""The loaded library (a ``ctypes.CDLL``), once :func:`load` found one."""


def load() -> None:
    """Find, load and declare the library (once); the classes below work after it.

    :raises OSError: no cairo library, one that cannot be loaded, or one without a function used here
        (PDF metadata came with cairo 1.15.4).
    """
    global _lib
    if _lib is None:
        where = library_path()
        if where is None:
            raise OSError("no cairo library found (neither in the pygraphviz wheel nor on the system)")
        lib = ctypes.CDLL(where)
        try:
            _declare(lib)
        except AttributeError as exc:  # a symbol missing: not a cairo we can use
            raise OSError(f"{where} is not a usable cairo library ({exc})") from None
        _lib = lib


def version() -> str:
    """The loaded cairo's version (``1.15.12``)."""
    load()
    return _lib.cairo_version_string().decode()


def _declare(lib: ctypes.CDLL) -> None:
    def declare(name: str, args: list[Any], result: Any = None) -> None:
        function = getattr(lib, name)
        function.argtypes = args
        function.restype = result

    declare("cairo_version", [], _I)
    declare("cairo_version_string", [], ctypes.c_char_p)
    declare("cairo_status_to_string", [_I], ctypes.c_char_p)
    declare("cairo_pdf_surface_create_for_stream", [_WRITE, _P, _D, _D], _P)
    declare("cairo_pdf_surface_set_metadata", [_P, _I, ctypes.c_char_p])
    declare("cairo_image_surface_create", [_I, _I, _I], _P)
    declare("cairo_surface_write_to_png_stream", [_P, _WRITE, _P], _I)
    declare("cairo_surface_flush", [_P])
    declare("cairo_image_surface_get_data", [_P], _P)
    declare("cairo_image_surface_get_stride", [_P], _I)
    declare("cairo_image_surface_get_height", [_P], _I)
    declare("cairo_surface_finish", [_P])
    declare("cairo_surface_status", [_P], _I)
    declare("cairo_surface_destroy", [_P])
    declare("cairo_create", [_P], _P)
    declare("cairo_status", [_P], _I)
    declare("cairo_destroy", [_P])
    for name in _POINT2:
        declare(f"cairo_{name}", [_P, _D, _D])
    for name in _PLAIN:
        declare(f"cairo_{name}", [_P])
    declare("cairo_rectangle", [_P, _D, _D, _D, _D])
    declare("cairo_arc", [_P, _D, _D, _D, _D, _D])
    declare("cairo_set_source_rgb", [_P, _D, _D, _D])
    declare("cairo_set_line_width", [_P, _D])
    declare("cairo_set_line_cap", [_P, _I])
    declare("cairo_set_dash", [_P, ctypes.POINTER(_D), _I, _D])
    declare("cairo_toy_font_face_create", [ctypes.c_char_p, _I, _I], _P)
    declare("cairo_font_face_destroy", [_P])
    declare("cairo_set_font_face", [_P, _P])
    declare("cairo_set_font_size", [_P, _D])
    declare("cairo_text_extents", [_P, ctypes.c_char_p, ctypes.POINTER(_TextExtents)])
    declare("cairo_show_text", [_P, ctypes.c_char_p])


def _check(status: int) -> None:
    if status:
        raise Error(f"cairo: {_lib.cairo_status_to_string(status).decode()}")


class _Surface:
    """A cairo surface; what it writes goes to a Python file object through a callback kept alive here."""

    handle: int | None = None

    def _writer(self, out: io.RawIOBase | io.BufferedIOBase) -> Any:
        def write(_closure: Any, data: Any, length: int) -> int:
            out.write(ctypes.string_at(data, length))
            return 0  # CAIRO_STATUS_SUCCESS

        self._callback = _WRITE(write)
        return self._callback

    def finish(self) -> None:
        """Write out whatever is pending (a PDF's trailer) and close the surface."""
        _lib.cairo_surface_finish(self.handle)
        _check(_lib.cairo_surface_status(self.handle))

    def __del__(self) -> None:
        if self.handle:
            _lib.cairo_surface_destroy(self.handle)
            self.handle = None


class PDFSurface(_Surface):
    """A one-page PDF of ``width`` x ``height`` points written to ``out``."""

    def __init__(self, out: Any, width: float, height: float) -> None:
        self.handle = _lib.cairo_pdf_surface_create_for_stream(self._writer(out), None, width, height)
        _check(_lib.cairo_surface_status(self.handle))

    def set_metadata(self, key: int, value: str) -> None:
        """One entry of the document information (:class:`PDFMetadata`)."""
        _lib.cairo_pdf_surface_set_metadata(self.handle, key, value.encode())


class ImageSurface(_Surface):
    """A bitmap of ``width`` x ``height`` pixels."""

    def __init__(self, fmt: int, width: int, height: int) -> None:
        self.handle = _lib.cairo_image_surface_create(fmt, width, height)
        _check(_lib.cairo_surface_status(self.handle))

    def write_to_png(self, out: Any) -> None:
        """The bitmap as PNG, written to ``out``."""
        _check(_lib.cairo_surface_write_to_png_stream(self.handle, self._writer(out), None))

    def flush(self) -> None:
        """Finish the drawing pending on the bitmap, so that :meth:`get_data` sees it."""
        _lib.cairo_surface_flush(self.handle)

    def get_stride(self) -> int:
        """Bytes a row of the bitmap takes."""
        return int(_lib.cairo_image_surface_get_stride(self.handle))

    def get_data(self) -> bytes:
        """A copy of the bitmap's bytes (rows of :meth:`get_stride` bytes; FORMAT_RGB24: B, G, R, unused)."""
        size = self.get_stride() * int(_lib.cairo_image_surface_get_height(self.handle))
        return ctypes.string_at(_lib.cairo_image_surface_get_data(self.handle), size)


class ToyFontFace:
    """A font by family name, slant and weight (fontconfig finds it)."""

    def __init__(self, family: str, slant: int, weight: int) -> None:
        self.handle = _lib.cairo_toy_font_face_create(family.encode(), slant, weight)

    def __del__(self) -> None:
        if getattr(self, "handle", None):
            _lib.cairo_font_face_destroy(self.handle)
            self.handle = None


class Context:
    """Drawing on a surface, with pycairo's method names; the surface lives at least as long."""

    def __init__(self, surface: _Surface) -> None:
        lib = _lib
        self._surface = surface
        self.handle = lib.cairo_create(surface.handle)
        _check(lib.cairo_status(self.handle))
        for name in _BOUND:
            setattr(self, name, partial(getattr(lib, f"cairo_{name}"), self.handle))
        self._extents = _TextExtents()

    def set_dash(self, dashes: list[float], offset: float = 0.0) -> None:
        """Dash lengths in user units (an empty list: solid)."""
        _lib.cairo_set_dash(self.handle, (_D * len(dashes))(*dashes), len(dashes), offset)

    def set_font_face(self, face: ToyFontFace) -> None:
        """The font for :meth:`show_text` and :meth:`text_extents`."""
        _lib.cairo_set_font_face(self.handle, face.handle)

    def text_extents(self, text: str) -> tuple[float, float, float, float, float, float]:
        """x/y bearing, width, height, x/y advance of ``text`` in the current font (pycairo's order)."""
        e = self._extents
        _lib.cairo_text_extents(self.handle, text.encode(), ctypes.byref(e))
        return e.x_bearing, e.y_bearing, e.width, e.height, e.x_advance, e.y_advance

    def show_text(self, text: str) -> None:
        """``text`` from the current point, which moves past it."""
        _lib.cairo_show_text(self.handle, text.encode())

    def status(self) -> None:
        """:raises Error: when cairo met a failure while drawing (it stops drawing at the first)."""
        _check(_lib.cairo_status(self.handle))

    def __del__(self) -> None:
        if getattr(self, "handle", None):
            _lib.cairo_destroy(self.handle)
            self.handle = None
