"""The README's *Figures for reports* commands make figures that a report's page holds: run as a reader types
them, each PDF, PNG and SVG among the first ones fits an A4 page (21 x 29.7 cm) at the width asked for."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BIN = Path(sys.executable).parent
A4_HEIGHT_PT = 29.7 / 2.54 * 72


def report_commands() -> list[str]:
    """The commands of the section's first block that write a PDF at a --size (report figures)."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Figures for reports"):]
    block = re.search(r"\n\n((?: {4}\S.*\n)+)", section)
    assert block is not None
    commands = [line.strip().split("  #")[0].strip() for line in block.group(1).splitlines()]
    return [c for c in commands if c.endswith(".pdf") and "--size" in c]


def test_the_first_report_figure_fits_an_a4_page(tmp_path: Path) -> None:
    first = report_commands()[0]
    argv = shlex.split(first)
    done = subprocess.run([str(BIN / argv[0]), *argv[1:]], cwd=tmp_path, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert "taller than an A4 page" not in done.stderr
    pdf = (tmp_path / argv[-1]).read_bytes()
    box = re.search(rb"/MediaBox\s*\[\s*([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s*\]", pdf)
    assert box is not None
    height = float(box.group(4)) - float(box.group(2))
    assert height <= A4_HEIGHT_PT, f"{first}: {height / 72 * 2.54:.1f} cm tall"


@pytest.mark.slow
def test_every_report_figure_with_a_width_fits_an_a4_page(tmp_path: Path) -> None:
    for command in report_commands():
        argv = shlex.split(command)
        done = subprocess.run([str(BIN / argv[0]), *argv[1:]], cwd=tmp_path, capture_output=True, text=True,
                              timeout=180)
        assert done.returncode == 0, done.stderr
        assert "taller than an A4 page" not in done.stderr, command
