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
    # the same places, up to the rounding of a box's centre (x + w/2) to one decimal
    assert len(in_svg) == 35
    for x, y in in_tex:
        assert min(abs(x - u) + abs(y - v) for u, v in in_svg) <= 0.11, (x, y)


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


def node_boxes(folder: Path, tex: str) -> dict[str, tuple[float, float, float, float]]:
    """Compile ``tex`` with each named node's box written to the log (TikZ's west, south, east and north anchors:
    the node as TeX sized it, in points, y up), and read the boxes back: name -> (left, bottom, right, top)."""
    names = re.findall(r"\((n\d+t?)\) at \(", tex)
    probe = "".join(f"\\pgfpointanchor{{{n}}}{{west}}\\pgfgetlastxy{{\\tvax}}{{\\tvq}}"
                    f"\\pgfpointanchor{{{n}}}{{south}}\\pgfgetlastxy{{\\tvq}}{{\\tvay}}"
                    f"\\pgfpointanchor{{{n}}}{{east}}\\pgfgetlastxy{{\\tvbx}}{{\\tvq}}"
                    f"\\pgfpointanchor{{{n}}}{{north}}\\pgfgetlastxy{{\\tvq}}{{\\tvby}}"
                    f"\\typeout{{TVBOX {n} \\tvax\\space\\tvay\\space\\tvbx\\space\\tvby}}\n" for n in names)
    (folder / "boxes.tex").write_text(tex.replace("\\end{tikzpicture}", probe + "\\end{tikzpicture}", 1))
    pdflatex(folder, "boxes.tex")
    log = (folder / "boxes.log").read_text(errors="replace")
    boxes = {m[0]: tuple(float(v) for v in m[1:])
             for m in re.findall(r"^TVBOX (\S+) ([-\d.]+)pt ([-\d.]+)pt ([-\d.]+)pt ([-\d.]+)pt$", log, re.M)}
    assert set(boxes) == set(names)
    return boxes


def test_tikz_nodes_never_overlap_and_hold_their_text(tmp_path: Path) -> None:
    """Issue 26 item 7: the README's TikZ example, compiled, with every node's box as TeX made it: no two nodes
    touch or overlap (they did: #2/#3, #11/#13, ... where TeX's text came out wider than the layout's), and each
    node's text stays inside its node."""
    done = subprocess.run([str(BIN / "tttree"), G1, "--algo", "alphabeta", "--format", "tex", "-o", "fig.tex"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    boxes = node_boxes(tmp_path, (tmp_path / "fig.tex").read_text())
    shapes = {n: b for n, b in boxes.items() if not n.endswith("t")}
    assert len(shapes) == treeviz.search_tree(G1, algorithm="alphabeta").graph.graph["nodes"]
    # TeX's nodes are the layout's: its size, and half the line width around it (TikZ's outer sep).
    tex = (tmp_path / "fig.tex").read_text()
    for width, height, line, name in re.findall(r"minimum width=([\d.]+)pt, minimum height=([\d.]+)pt, [^(]*"
                                                r"line width=([\d.]+)pt[^(]*\((n\d+)\)", tex):
        left, bottom, right, top = shapes[name]
        assert right - left == pytest.approx(float(width) + float(line), abs=0.05), name
        assert top - bottom == pytest.approx(float(height) + float(line), abs=0.05), name
    ordered = sorted(shapes.items(), key=lambda item: item[1])
    for k, (a, (l1, b1, r1, t1)) in enumerate(ordered):
        for b, (l2, b2, r2, t2) in ordered[k + 1:]:
            apart = r1 < l2 or r2 < l1 or t1 < b2 or t2 < b1
            assert apart, f"nodes {a} and {b} touch or overlap: {shapes[a]} {shapes[b]}"
    for name, (left, bottom, right, top) in boxes.items():
        if name.endswith("t"):
            sl, sb, sr, st = shapes[name[:-1]]
            assert sl - 0.01 <= left and right <= sr + 0.01 and sb - 0.01 <= bottom and top <= st + 0.01, name


def test_the_heading_breaks_between_phrases_not_inside_a_count() -> None:
    """The README example's heading at 12 cm: its lines end at a comma or colon, never inside "5 moves pruned"."""
    from treeviz.draw.drawing import FigureOptions
    from treeviz.draw.figure import Panel, figure_scene

    tree = treeviz.search_tree(G1, algorithm="alphabeta")
    heading = treeviz.tree.dot_writer.tree_title(tree.graph)
    for width in ("6cm", "8cm", "12cm"):
        options = FigureOptions.from_values(size=width)
        scene = figure_scene([Panel(tree.graph)], heading, style="compact", size=options.size).scene
        lines = [item.text for item in scene.items if getattr(item, "role", "") == "title"]
        assert " ".join(lines) == heading
        assert all(line.endswith((",", ":")) for line in lines[:-1]), lines
        assert not any(line.endswith(("moves", "nodes")) or line.startswith("pruned") for line in lines)
