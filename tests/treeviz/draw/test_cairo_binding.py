"""PDF and PNG of the compact and dot figures without pycairo: the ctypes binding over the cairo the
pygraphviz wheel bundles paints what pycairo paints, and its PDFs are one page with their text as text."""

from __future__ import annotations

import importlib.util
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import treeviz
from treeviz.draw import cairo_lib, cairo_writer

BIN = Path(sys.executable).parent
HAVE_PYCAIRO = importlib.util.find_spec("cairo") is not None
FIGURES = [
    ("x21o11xo o", {"algorithm": "alphabeta"}, {"style": "compact", "size": "16cm"}),
    ("x21o11xo o", {"algorithm": "alphabeta"}, {"style": "compact", "theme": "print"}),  # dashes, dots, greys
    ("xo7 x", {"algorithm": "alphabeta"}, {"style": "dot", "size": "12cm"}),  # marks and rings
    ("x21o11xo o", {"algorithm": "alphabeta"}, {"style": "textbook", "size": "16cm"}),  # closed triangles
    # textbook trees: triangles, cut stubs and their letters, a chance node's circle and its probabilities
    (None, {"tree": "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]", "algorithm": "alphabeta"}, {"size": "12cm"}),
    (None, {"tree": "[{1/3: [3, 5], 2/3: [1, 9]}, 4]", "algorithm": "alphabeta"}, {"theme": "print"}),
]


def figure(fen: str | None, search: dict[str, str], options: dict[str, str], fmt: str) -> bytes:
    drawing = treeviz.search_tree(fen, **search).draw(fmt, **options)
    return b"".join(chunk if isinstance(chunk, bytes) else chunk.encode() for chunk in drawing.chunks)


def poppler(name: str, pdf: Path) -> str:
    path = shutil.which(name)
    assert path, f"{name} is missing: scripts/setup.sh --test installs it (poppler-utils)"
    return subprocess.run([path, str(pdf), *(["-"] if name == "pdftotext" else [])], capture_output=True,
                          text=True, check=True).stdout


def test_the_bundled_cairo_is_found_and_loads() -> None:
    where = cairo_lib.library_path()
    assert where is not None and "cairo" in Path(where).name
    assert re.fullmatch(r"1\.\d+\.\d+", cairo_lib.version())


def test_the_binding_has_every_context_method_the_painter_calls() -> None:
    """A method the painter starts calling (as the textbook style's ``close_path``) is bound here too."""
    called = set(re.findall(r"\bctx\.(\w+)\(", Path(cairo_writer.__file__).read_text()))
    cairo_lib.load()
    context = cairo_lib.Context(cairo_lib.ImageSurface(cairo_lib.FORMAT_RGB24, 1, 1))
    assert {"close_path", "show_text", "arc"} <= called
    assert sorted(name for name in called if not hasattr(context, name)) == []


@pytest.mark.skipif(not HAVE_PYCAIRO, reason="pycairo (the optional cairo extra) is not installed: nothing to compare")
@pytest.mark.parametrize(("fen", "search", "options"), FIGURES)
def test_ctypes_binding_paints_the_same_png_as_pycairo(monkeypatch: pytest.MonkeyPatch, fen: str,
                                                        search: dict[str, str], options: dict[str, str]) -> None:
    monkeypatch.setenv(cairo_writer.CHOICE, "pycairo")
    assert cairo_writer.binding().__name__ == "cairo"
    by_pycairo = figure(fen, search, options, "png")
    monkeypatch.setenv(cairo_writer.CHOICE, "ctypes")
    assert cairo_writer.binding() is cairo_lib
    by_ctypes = figure(fen, search, options, "png")
    if by_ctypes != by_pycairo:
        # Above 144 dpi (a small figure's default PNG is drawn larger: page_size.legible_dpi) the two cairos, the
        # system's and the bundled one, anti-alias a few text pixels one grey level apart: the same picture.
        image = pytest.importorskip("PIL.Image", reason="pillow is not installed: the PNGs differ in bytes")
        from PIL import ImageChops

        a, b = (image.open(io.BytesIO(png)).convert("RGB") for png in (by_pycairo, by_ctypes))
        assert a.size == b.size
        assert max(high for _, high in ImageChops.difference(a, b).getextrema()) <= 2


@pytest.mark.parametrize(("fen", "search", "options"), FIGURES)
def test_ctypes_binding_writes_a_one_page_pdf_with_text_and_title(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                   fen: str, search: dict[str, str],
                                                                   options: dict[str, str]) -> None:
    monkeypatch.setenv(cairo_writer.CHOICE, "ctypes")
    pdf = tmp_path / "f.pdf"
    pdf.write_bytes(figure(fen, search, options, "pdf"))
    info = poppler("pdfinfo", pdf)
    assert re.search(r"^Pages:\s+1$", info, re.M)
    title = re.search(r"^Title:\s+(Alpha-beta tree of .+)$", info, re.M)
    position = fen or search["tree"].replace(" ", "")
    assert title and position in title.group(1)
    assert re.search(r"^CreationDate:.*\b2000\b", info, re.M)  # fixed: the same scene gives the same bytes
    text = " ".join(poppler("pdftotext", pdf).split())
    sides = ("x", "o") if fen else ("max", "min")
    assert title.group(1) in text and all(f"{side} to move" in text for side in sides)  # heading and legend: text


def test_ctypes_pdf_is_the_same_bytes_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cairo_writer.CHOICE, "ctypes")
    fen, search, options = FIGURES[0]
    assert figure(fen, search, options, "pdf") == figure(fen, search, options, "pdf")


@pytest.mark.slow
def test_cli_pdf_through_ctypes_says_nothing_on_stderr(tmp_path: Path) -> None:
    """The bundled fontconfig's complaints about the system's config files are not passed on."""
    done = subprocess.run([str(BIN / "tttree"), "x21o11xo o", "--style", "compact", "--size", "16cm", "-o",
                           str(tmp_path / "g2.pdf")], capture_output=True, text=True, timeout=120,
                          env={**os.environ, cairo_writer.CHOICE: "ctypes"})
    assert done.returncode == 0, done.stderr
    assert "Fontconfig" not in done.stderr
    assert (tmp_path / "g2.pdf").read_bytes().startswith(b"%PDF-")


def test_an_unknown_binding_choice_is_one_error_line(tmp_path: Path) -> None:
    done = subprocess.run([str(BIN / "tttree"), "x21o11xo o", "--style", "compact", "-o", str(tmp_path / "g2.pdf")],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, cairo_writer.CHOICE: "cairocffi"})
    assert done.returncode == 1 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert lines[-1].startswith("error: ") and cairo_writer.CHOICE in lines[-1] and "Traceback" not in done.stderr
    assert not (tmp_path / "g2.pdf").exists()

