"""TikZ figures really compile: pdflatex (Debian's texlive, installed by scripts/setup.sh) and poppler's
pdfinfo/pdftotext check the page count and the values in the PDF. No skipping: set-up installs them."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import treeviz

BIN = Path(sys.executable).parent
G1, G2 = "1o11o1oxx x", "x21o11xo o"


def tool(name: str) -> str:
    path = shutil.which(name)
    assert path, f"{name} is missing: scripts/setup.sh --test installs it (texlive-latex-base, poppler-utils)"
    return path


def pdflatex(folder: Path, name: str) -> Path:
    done = subprocess.run([tool("pdflatex"), "-interaction=nonstopmode", "-halt-on-error", name], cwd=folder,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout[-3000:]
    return folder / (Path(name).stem + ".pdf")


def pages(pdf: Path) -> int:
    info = subprocess.run([tool("pdfinfo"), str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def text_of(pdf: Path) -> str:
    return subprocess.run([tool("pdftotext"), str(pdf), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.slow
def test_tex_output_compiles_to_one_page_holding_the_values(tmp_path: Path) -> None:
    done = subprocess.run([str(BIN / "tttree"), G2, "--algo", "alphabeta", "--format", "tex", "-o", "g2.tex"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout == "", done.stderr
    tex = (tmp_path / "g2.tex").read_text()
    assert "\\begin{tikzpicture}" in tex and "\\documentclass" in tex
    tree = treeviz.search_tree(G2, algorithm="alphabeta")
    # One \node per drawn (entered) node, placed at the coordinates of the figure's layout.
    shapes = [line for line in tex.splitlines() if line.startswith("\\node[") and "minimum width" in line
              and "(legend" not in line]
    assert len(shapes) == tree.graph.graph["nodes"]
    pdf = pdflatex(tmp_path, "g2.tex")
    assert pages(pdf) == 1
    text = text_of(pdf)
    assert "Alpha-beta tree of x21o11xo o" in text
    assert "#100" in text and "#0" in text  # visit order of the first and last nodes
    values = re.findall(r"[\u2265\u2264]?[\u2212+]?\d", text)
    assert "\u2212" + "1" in text and "\u2265" in text and "\u2264" in text and values
    assert "\u03b2" in text  # the pruned stubs' cut letter


def test_tex_coordinates_are_the_svg_coordinates(tmp_path: Path) -> None:
    tree = treeviz.search_tree(G1, algorithm="alphabeta")
    tex = tree.export("tex", style="compact", size="12cm")
    svg = tree.export("svg", style="compact", size="12cm")
    in_tex = {(round(float(x), 1), round(float(y), 1))
              for x, y in re.findall(r"^\\node\[(?:rectangle|ellipse),.*\] \(n\d+\) at \(([\d.]+),([\d.]+)\)", tex,
                                     re.M)}
    in_svg = {(round(float(x) + float(w) / 2, 1), round(float(y) + float(h) / 2, 1))
              for x, y, w, h in re.findall(r'<g class="(?:node-x|pv)">(?:<title>[^<]*</title>)?<rect x="([\d.]+)" '
                                           r'y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', svg)}
    in_svg |= {(round(float(x), 1), round(float(y), 1))
               for x, y in re.findall(r'<g class="(?:node-o|pv)">(?:<title>[^<]*</title>)?<ellipse cx="([\d.]+)" '
                                      r'cy="([\d.]+)"', svg)}
    assert len(in_tex) == tree.graph.graph["nodes"] == 35
    assert in_tex == in_svg


@pytest.mark.slow
def test_tex_body_is_the_picture_alone_and_inputs_into_a_document(tmp_path: Path) -> None:
    done = subprocess.run([str(BIN / "tttree"), G1, "--format", "tex", "--tex-body", "--style", "dot",
                           "--theme", "print", "-o", "fig.tex"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    body = (tmp_path / "fig.tex").read_text()
    assert "\\documentclass" not in body and "\\begin{document}" not in body
    assert body.count("\\begin{tikzpicture}") == 1
    (tmp_path / "paper.tex").write_text(
        "\\documentclass{article}\n\\usepackage{fix-cm}\n\\usepackage{tikz}\n\\usetikzlibrary{shapes.geometric}\n"
        "\\begin{document}\nA figure:\n\n\\input{fig.tex}\n\nThe end.\n\\end{document}\n")
    pdf = pdflatex(tmp_path, "paper.tex")
    assert pages(pdf) >= 1
    text = text_of(pdf)
    assert "A figure:" in text and "The end." in text and "Minimax tree of 1o11o1oxx x" in text


@pytest.mark.slow
def test_compact_tex_of_a_comparison_at_a_page_width_compiles(tmp_path: Path) -> None:
    (tmp_path / "cmp.tex").write_text(treeviz.comparison(G1).export("tex", size="16cm"))
    pdf = pdflatex(tmp_path, "cmp.tex")
    info = subprocess.run([tool("pdfinfo"), str(pdf)], capture_output=True, text=True, check=True).stdout
    width = float(re.search(r"Page size:\s+([\d.]+) x", info).group(1))
    assert width == pytest.approx(16 * 72 / 2.54, rel=0.01)
    text = text_of(pdf)
    assert "Minimax: 49 nodes" in text and "Alpha-beta: 35 nodes, 5 moves pruned" in text
