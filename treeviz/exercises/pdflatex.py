"""LaTeX documents made PDFs by pdflatex, reproducibly: the same source gives the same bytes on every run.

pdflatex runs in a temporary folder under a fixed job name, with ``SOURCE_DATE_EPOCH`` and
``FORCE_SOURCE_DATE`` fixing every date it would write; the documents themselves say ``\\pdfinfoomitdate``
and ``\\pdftrailerid{}`` (:data:`REPRODUCIBLE`), so neither the time nor the folder leaks into the file.
Several documents compile side by side (one pdflatex each).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

JOB = "treeviz"
"""The job name: the PDF's name inside the temporary folder (nothing of the user's file names gets in)."""
SOURCE_DATE = "946684800"
"""2000-01-01, the date pdflatex is told it is (the figures' PDFs use the same)."""
REPRODUCIBLE = "\\pdfinfoomitdate=1\n\\pdftrailerid{}\n\\pdfsuppressptexinfo=-1\n"
"""The first lines of a reproducible document: no dates, no file identifier, no pdfTeX file names."""
TEX_PACKAGES = "texlive-latex-base, texlive-pictures and preview-latex-style"
"""Debian's packages holding what the documents need (pdflatex, TikZ, preview): scripts/setup.sh installs them."""
_MISSING_FILE = re.compile(r"! LaTeX Error: File `([^']+)' not found")
_PACKAGE_OF = {"tikz.sty": "texlive-pictures", "pgf.sty": "texlive-pictures", "preview.sty": "preview-latex-style"}


class LatexError(RuntimeError):
    """pdflatex is missing or failed: the message says what to install, or pdflatex's own error line."""


def pdflatex_path() -> str:
    """Where pdflatex is.

    :raises LatexError: it is not installed (the message names the Debian packages).
    """
    found = shutil.which("pdflatex")
    if found is None:
        raise LatexError(f"pdflatex is missing: install Debian's {TEX_PACKAGES} (scripts/setup.sh does), or write "
                         ".tex files and compile them elsewhere")
    return found


def compile_documents(sources: Sequence[str]) -> list[bytes]:
    """The PDFs of LaTeX ``sources`` (complete documents), compiled side by side.

    :raises LatexError: pdflatex is missing, or failed on one of them (its first error line).
    """
    program = pdflatex_path()
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE, FORCE_SOURCE_DATE="1")
    with tempfile.TemporaryDirectory(prefix="treeviz-tex-") as work:
        runs = []
        for k, source in enumerate(sources):
            folder = Path(work) / str(k)
            folder.mkdir()
            (folder / f"{JOB}.tex").write_text(source, encoding="utf-8")
            runs.append((folder, subprocess.Popen(
                [program, "-interaction=batchmode", "-halt-on-error", "-no-shell-escape", f"-jobname={JOB}",
                 f"{JOB}.tex"], cwd=folder, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL)))
        failures = [(folder, run.wait()) for folder, run in runs]
        out = []
        for folder, code in failures:
            pdf = folder / f"{JOB}.pdf"
            if code != 0 or not pdf.exists():
                raise LatexError(_failure(folder / f"{JOB}.log"))
            out.append(pdf.read_bytes())
        return out


def _failure(log: Path) -> str:
    """pdflatex's failure in one line: a missing package named with the Debian package holding it, else its first
    error line."""
    try:
        text = log.read_text(encoding="latin-1")
    except OSError:
        return "pdflatex failed and wrote no log"
    missing = _MISSING_FILE.search(text)
    if missing is not None:
        name = missing.group(1)
        package = _PACKAGE_OF.get(name)
        where = f"install Debian's {package}" if package else f"install the TeX package holding {name}"
        return f"pdflatex cannot find {name}: {where} (scripts/setup.sh installs {TEX_PACKAGES})"
    for line in text.splitlines():
        if line.startswith("! "):
            return f"pdflatex failed: {line[2:].strip()}"
    return "pdflatex failed (no error line in its log)"


__all__ = ["JOB", "LatexError", "REPRODUCIBLE", "TEX_PACKAGES", "compile_documents", "pdflatex_path"]
