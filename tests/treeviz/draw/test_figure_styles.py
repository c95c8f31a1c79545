"""Compact and dot figures, page sizes and themes, through the Python API and the writers."""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import treeviz
from treeviz.draw.drawing import OptionError
from treeviz.draw.page_size import SizeError, parse_size
from treeviz.draw.styles import BOARD_LIMIT, COMPACT_LIMIT, StyleError, auto_style

G1, G2 = "1o11o1oxx x", "x21o11xo o"
SVG = "{http://www.w3.org/2000/svg}"
CM = 72 / 2.54


def svg_root(text: str) -> ET.Element:
    return ET.fromstring(text.encode())


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == name]


def mediabox_width(pdf: bytes) -> float:
    match = re.search(rb"/MediaBox \[\s*([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert match, "no MediaBox"
    return float(match.group(3)) - float(match.group(1))


def png_size(png: bytes) -> tuple[int, int]:
    return struct.unpack(">II", png[16:24])


# -- what the styles draw -----------------------------------------------------------------------

def test_compact_draws_one_shape_per_searched_node_boxes_for_x_ellipses_for_o() -> None:
    tree = treeviz.search_tree(G2, algorithm="alphabeta")
    root = svg_root(tree.export("svg", style="compact"))
    G = tree.graph
    x_nodes = [n for n, d in G.nodes(data=True) if not d["pruned"] and d["to_move"] == "x" and not d["best"]]
    o_nodes = [n for n, d in G.nodes(data=True) if not d["pruned"] and d["to_move"] == "o" and not d["best"]]
    pv = [n for n, d in G.nodes(data=True) if d["best"]]
    assert len(by_class(root, "node-x")) == len(x_nodes)
    assert len(by_class(root, "node-o")) == len(o_nodes)
    assert len(by_class(root, "pv")) >= len(pv)  # the PV nodes (and the PV's edge path)
    assert all(g.find(f"{SVG}rect") is not None for g in by_class(root, "node-x"))
    assert all(g.find(f"{SVG}ellipse") is not None for g in by_class(root, "node-o"))
    # Values with bounds and visit order inside the nodes; moves on the edges; pruned moves as stubs.
    texts = ["".join(t.itertext()) for g in by_class(root, "node-o") for t in g.iter(f"{SVG}text")]
    assert any(t.startswith("\u2264") for t in texts) and any(t.startswith("#") for t in texts)
    stubs = by_class(root, "pruned")
    assert len(stubs) == G.graph["pruned"] == 21
    assert all(re.fullmatch(r"\d [\u03b1\u03b2]", s.text or "") for s in stubs)
    assert len(by_class(root, "move")) == G.graph["nodes"] - 1


def test_minimax_compact_nodes_hold_only_the_value() -> None:
    root = svg_root(treeviz.search_tree(G1).export("svg", style="compact"))
    texts = ["".join(t.itertext()) for cls in ("node-x", "node-o", "pv") for g in by_class(root, cls)
             for t in g.iter(f"{SVG}text")]
    assert texts and set(texts) <= {"+1", "0", "\u22121"}


def test_dot_style_draws_points_and_edges_only() -> None:
    tree = treeviz.search_tree(G2, algorithm="alphabeta")
    root = svg_root(tree.export("svg", style="dot"))
    # Nodes are zero-length strokes, one "M x yh0" per node; no per-node text.
    points = sum(e.get("d", "").count("h0") for e in root.iter(f"{SVG}path")
                 if (e.get("class") or "").startswith(("node-", "pv-")))
    assert points == tree.graph.graph["nodes"]
    assert not by_class(root, "move")  # no labels
    assert not list(root.iter(f"{SVG}g")) and not list(root.iter(f"{SVG}ellipse"))  # no node shapes


def test_plies_marks_count_what_is_not_drawn() -> None:
    tree = treeviz.search_tree(G2, plies=2)
    root = svg_root(tree.export("svg", style="compact"))
    marks = [int(m.text.lstrip("+").replace(",", "")) for m in by_class(root, "mark") if m.text]
    assert len(marks) == 20 and sum(marks) == 238 - 26


def test_compare_figures_come_in_the_new_styles_with_one_title_per_tree() -> None:
    root = svg_root(treeviz.comparison(G2).export("svg", style="compact"))
    titles = [t.text for t in by_class(root, "panel-title")]
    assert titles == ["Minimax: 238 nodes", "Alpha-beta: 101 nodes, 21 moves pruned"]


def test_default_style_is_board_for_small_trees_compact_then_dot_for_bigger_ones() -> None:
    assert auto_style(BOARD_LIMIT) == "board"
    assert auto_style(BOARD_LIMIT + 1) == "compact"
    assert auto_style(COMPACT_LIMIT + 1) == "dot"
    out = treeviz.search_tree(G1).draw("svg")
    assert out.style == "board" and out.notes == []


def test_the_25227_node_alpha_beta_tree_is_drawn_in_dot_style_and_says_so() -> None:
    tree = treeviz.search_tree("9 x", algorithm="alphabeta")
    assert tree.drawn_nodes == 25_227
    out = tree.draw("svg")
    text = "".join(out.chunks)
    assert out.style == "dot" and "18,297 nodes and 6,930 pruned moves: drawn in dot style" in out.notes[0]
    root = svg_root(text)
    points = sum(e.get("d", "").count("h0") for e in root.iter(f"{SVG}path")
                 if (e.get("class") or "").startswith(("node-", "pv-")))
    assert points == 18_297


def test_same_figure_same_bytes() -> None:
    tree = treeviz.search_tree(G2, algorithm="alphabeta")
    for fmt in ("svg", "pdf", "tex", "png"):
        assert tree.export(fmt, style="compact", size="12cm") == tree.export(fmt, style="compact", size="12cm")


# -- sizes -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("style", ["board", "compact", "dot"])
def test_pdf_and_svg_report_the_size_asked_for(style: str) -> None:
    tree = treeviz.search_tree(G2, algorithm="alphabeta")
    pdf = tree.export("pdf", style=style, size="16cm")
    assert mediabox_width(pdf) == pytest.approx(16 * CM, rel=0.01)
    root = svg_root(tree.export("svg", style=style, size="16cm"))
    assert root.get("width") == "16cm"
    view = [float(v) for v in root.get("viewBox", "").split()]
    height = float(root.get("height", "0").removesuffix("cm"))
    assert height == pytest.approx(16 * view[3] / view[2], rel=0.01)  # aspect ratio kept


@pytest.mark.parametrize("style", ["board", "compact"])
def test_png_uses_the_size_at_the_dpi(style: str) -> None:
    tree = treeviz.search_tree(G1)
    assert png_size(tree.export("png", style=style, size="16cm"))[0] == pytest.approx(945, abs=2)  # 150 dpi
    assert png_size(tree.export("png", style=style, size="16cm", dpi=300))[0] == pytest.approx(1890, abs=3)
    assert png_size(tree.export("png", style=style, size="800px"))[0] == pytest.approx(800, abs=2)


def test_width_and_height_make_a_page_of_that_size() -> None:
    pdf = treeviz.search_tree(G2).export("pdf", style="compact", size="16cmx20cm")
    box = re.search(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)", pdf)
    assert box and float(box.group(1)) == pytest.approx(16 * CM, rel=0.01)
    assert float(box.group(2)) == pytest.approx(20 * CM, rel=0.01)


def test_a_wide_compact_tree_given_a_page_width_is_drawn_rightwards_with_readable_text() -> None:
    out = treeviz.search_tree(G2).draw("svg", style="compact", size="16cm")
    assert out.rankdir == "LR" and "left to right" in out.notes[0]
    root = svg_root("".join(out.chunks))
    sizes = {float(t.get("font-size")) for g in by_class(root, "node-x") for t in g.iter(f"{SVG}text")}
    assert min(sizes) >= 6.5  # points on the 16 cm page: readable in print
    forced = treeviz.search_tree(G2).draw("svg", style="compact", size="16cm", rankdir="TB")
    assert forced.rankdir == "TB" and forced.notes == []


def test_text_stays_text_in_pdf_and_svg() -> None:
    tree = treeviz.search_tree(G2, algorithm="alphabeta")
    pdf = tree.export("pdf", style="compact", size="16cm")
    assert b"/FontFile" in pdf or b"/FontFile2" in pdf or b"/FontFile3" in pdf  # embedded vector fonts
    assert b"/Image" not in pdf
    assert "<text" in tree.export("svg", style="compact", size="16cm")


@pytest.mark.parametrize("text", ["0cm", "abc", "16", "-3cm", "16cmx", "x16cm", "1cm", "9999in"])
def test_bad_sizes_are_refused(text: str) -> None:
    with pytest.raises(SizeError):
        parse_size(text)


def test_sizes_in_every_unit() -> None:
    assert parse_size("16cm").width == pytest.approx(453.54, abs=0.01)
    assert parse_size("6in").width == 432
    assert parse_size("160mm").width == pytest.approx(453.54, abs=0.01)
    assert parse_size("800px").width == 600 and parse_size("800px", 150).width == 384
    both = parse_size("16cmx20cm")
    assert (both.width, both.height) == pytest.approx((453.54, 566.93), abs=0.01)


# -- themes ----------------------------------------------------------------------------------------

def colours(text: str) -> set[str]:
    return {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}\b", text)}


def is_grey(colour: str) -> bool:
    return colour[1:3] == colour[3:5] == colour[5:7]


@pytest.mark.parametrize("style", ["board", "compact", "dot"])
def test_print_theme_is_black_white_and_greys_only(style: str) -> None:
    tree = treeviz.search_tree(G2, algorithm="alphabeta")
    svg = tree.export("svg", style=style, theme="print")
    assert all(is_grey(c) for c in colours(svg)), sorted(c for c in colours(svg) if not is_grey(c))
    assert not all(is_grey(c) for c in colours(tree.export("svg", style=style)))


def test_print_theme_keeps_every_distinction_without_colour() -> None:
    tree = treeviz.search_tree(G2, algorithm="alphabeta")
    root = svg_root(tree.export("svg", style="compact", theme="print"))
    # Side to move: box vs ellipse and white vs grey.
    assert {g.find(f"{SVG}rect").get("fill") for g in by_class(root, "node-x")} == {"#ffffff"}
    assert {g.find(f"{SVG}ellipse").get("fill") for g in by_class(root, "node-o")} == {"#d9d9d9"}
    # Principal variation: thicker lines than the other edges.
    widths = {e.get("class"): float(e.get("stroke-width")) for e in root.iter(f"{SVG}path")}
    assert widths["pv"] >= 2 * widths["edge"]
    # Cut type: beta cut-offs dashed, alpha cut-offs dotted.
    beta = [e for e in root.iter(f"{SVG}path") if e.get("class") == "pruned-beta"]
    alpha = [e for e in root.iter(f"{SVG}path") if e.get("class") == "pruned-alpha"]
    assert beta and alpha
    assert beta[0].get("stroke-dasharray") != alpha[0].get("stroke-dasharray")
    assert alpha[0].get("stroke-linecap") == "round" and alpha[0].get("stroke-dasharray").startswith("0 ")


def test_print_theme_board_tells_sides_by_corners_and_cuts_by_dashes() -> None:
    dot = treeviz.search_tree(G2, algorithm="alphabeta").dot(theme=__import__("treeviz.draw.themes").draw.themes.PRINT)
    assert 'STYLE="ROUNDED" COLOR="#000000" BGCOLOR="#d9d9d9"' in dot  # o to move: round corners, grey
    assert 'BORDER="1" COLOR="#000000" BGCOLOR="#ffffff"' in dot  # x to move: square corners, white
    assert 'style="dotted,rounded,filled"' in dot and 'style="dashed,rounded,filled"' in dot


# -- the API keyword arguments -----------------------------------------------------------------------

def test_tree_save_takes_every_figure_option(tmp_path: Path) -> None:
    tree = treeviz.search_tree(G2, algorithm="alphabeta")
    notes = tree.save(tmp_path / "t.pdf", style="compact", size="16cm", theme="print", plies=3, path="3")
    assert notes == [] or all(isinstance(n, str) for n in notes)
    pdf = (tmp_path / "t.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-") and mediabox_width(pdf) == pytest.approx(16 * CM, rel=0.01)
    tree.save(tmp_path / "t.png", dpi=200, style="dot")
    assert (tmp_path / "t.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(("options", "error"), [
    ({"fmt": "dot", "style": "compact"}, StyleError),
    ({"fmt": "tex", "style": "board"}, StyleError),
    ({"fmt": "svg", "dpi": 300}, OptionError),
    ({"fmt": "dot", "size": "16cm"}, OptionError),
    ({"fmt": "json", "style": "compact"}, OptionError),
    ({"fmt": "svg", "style": "fancy"}, StyleError),
    ({"fmt": "svg", "theme": "neon"}, ValueError),
    ({"fmt": "pdf", "tex_body": True}, OptionError),
])
def test_options_that_do_not_fit_are_refused_before_drawing(options: dict, error: type, tmp_path: Path) -> None:
    fmt = options.pop("fmt")
    with pytest.raises(error):
        treeviz.search_tree(G1).save(tmp_path / f"t.{fmt}", fmt, **options)
    assert list(tmp_path.iterdir()) == []
