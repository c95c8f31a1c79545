"""Measure how wide pdflatex sets each character a worksheet writes, and write treeviz/exercises/tex_metrics.py.

Worksheets are laid out before pdflatex runs and never shrink their text, so the layout needs the widths pdflatex
will use: Computer Modern Sans (regular and bold, fix-cm's design sizes) for letters and digits, the math fonts
for the symbols the TikZ writer sets in math (- >= <= alpha beta infinity). Each character is measured at every
size from 4.5 to 14 points; the table keeps its widest, in em, so that the layout errs on the roomy side whatever
the scale. Run it again if the worksheets' preamble or sizes change (needs pdflatex):

    .venv/bin/python scripts/measure_tex_text.py
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from treeviz.draw.tikz import tex_escape  # noqa: E402

CHARS = "".join(chr(c) for c in range(33, 127)) + "\u2212\u2265\u2264\u03b1\u03b2\u221e\u2026"
SIZES = [4.5 + 0.5 * k for k in range(20)]
OUT = ROOT / "treeviz" / "exercises" / "tex_metrics.py"


def measure() -> dict[tuple[str, bool], float]:
    """(character, bold) -> widest width in em over :data:`SIZES` (the space as ``' '``)."""
    lines = ["\\documentclass{article}", "\\usepackage{fix-cm}", "\\begin{document}",
             "\\newcommand\\w[2]{\\sbox0{#2}\\typeout{W #1 \\the\\wd0}}"]
    for size in SIZES:
        for bold in (False, True):
            font = f"\\sffamily\\fontsize{{{size:g}}}{{{size * 1.2:g}}}\\selectfont" + ("\\bfseries" if bold else "")
            for k, ch in enumerate(CHARS):
                lines.append(f"\\w{{{size:g} {int(bold)} {k}}}{{{font} {tex_escape(ch)}}}")
            lines.append(f"\\w{{{size:g} {int(bold)} xx}}{{{font} xx}}")
            lines.append(f"\\w{{{size:g} {int(bold)} x x}}{{{font} x x}}")
    lines.append("\\end{document}")
    with tempfile.TemporaryDirectory() as work:
        (Path(work) / "m.tex").write_text("\n".join(lines), encoding="utf-8")
        subprocess.run([shutil.which("pdflatex") or "pdflatex", "-interaction=batchmode", "m.tex"], cwd=work,
                       check=True, capture_output=True)
        log = (Path(work) / "m.log").read_text(encoding="latin-1")
    widest: dict[tuple[str, bool], float] = {}
    pairs: dict[tuple[float, bool], dict[str, float]] = {}
    for size, bold, what, points in re.findall(r"^W (\S+) (\d) (.+?) ([\d.]+)pt$", log, re.MULTILINE):
        key = (float(size), bold == "1")
        em = float(points) / float(size)
        if what in ("xx", "x x"):
            pairs.setdefault(key, {})[what] = em
            continue
        ch = (CHARS[int(what)], key[1])
        widest[ch] = max(widest.get(ch, 0.0), em)
    for (_, bold), both in pairs.items():
        space = (" ", bold)
        widest[space] = max(widest.get(space, 0.0), both["x x"] - both["xx"])
    return widest


HEADER = '''\
"""How wide pdflatex sets the characters of a worksheet, in 1/1000 em: Computer Modern Sans (fix-cm's
design sizes) for letters and digits, the math fonts for the symbols written in math. Each is the widest over the
sizes 4.5-14 pt, so widths err on the roomy side. Measured by scripts/measure_tex_text.py (which wrote this file).
"""

from __future__ import annotations

'''
FUNCTION = '''\
UNKNOWN = 1000
"""A character not measured: as wide as an em."""


def tex_text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width in points pdflatex gives ``text`` in ``size``-point sans serif (at most: kerning and ligatures
    only narrow it)."""
    table = BOLD if bold else REGULAR
    return sum(table.get(ch, UNKNOWN) for ch in text) * size / 1000
'''


def table(name: str, widths: dict[tuple[str, bool], float], bold: bool) -> str:
    """``NAME = {...}`` wrapped to lines of at most 116 characters."""
    entries = [f"{ch!r}: {round(widths[(ch, bold)] * 1000)}," for ch in " " + CHARS]
    lines = [f"{name} = {{"]
    line = "   "
    for entry in entries:
        if len(line) + 1 + len(entry) > 116:
            lines.append(line)
            line = "   "
        line += " " + entry
    lines += [line, "}"]
    return "\n".join(lines) + "\n"


def main() -> None:
    widths = measure()
    OUT.write_text(HEADER + table("REGULAR", widths, False) + table("BOLD", widths, True) + FUNCTION,
                   encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
