"""PNGs read at first try: a small tree's default PNG (no ``--size``, no ``--dpi``) is enlarged until its text is
legible, measured on the pixels themselves."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from treeviz.tree import search_tree

Image = pytest.importorskip("PIL.Image", reason="pillow is not installed (the samples extra: pip install '.[samples]')")

CLASSIC = "[[3,12,8],[2,4,6],[14,5,2]]"


def digit_height(png: bytes, svg: str, text: str) -> int:
    """The height in pixels of the ink of ``text`` in the PNG: its place and size read from the SVG of the same
    figure (the same coordinates in points), its pixels counted in a box around it (the lowest run of rows
    holding dark pixels: the digits, without the edge that ends above them)."""
    found = re.search(rf'<text class="leaf" x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>{text}</text>', svg)
    assert found is not None
    x, y, size = (float(v) for v in found.groups())
    width_pt = float(re.search(r'<svg[^>]* viewBox="0 0 ([\d.]+) ', svg).group(1))  # type: ignore[union-attr]
    image = Image.open(io.BytesIO(png)).convert("L")
    k = image.size[0] / width_pt
    columns = range(int((x - 0.35 * size * len(text)) * k), int((x + 0.35 * size * len(text)) * k))
    rows = [any(image.getpixel((c, r)) < 128 for c in columns)
            for r in range(int((y - 1.3 * size) * k), min(image.size[1], int((y + 0.3 * size) * k)))]
    bottom = max(i for i, ink in enumerate(rows) if ink)
    top = bottom
    while top > 0 and rows[top - 1]:
        top -= 1
    return bottom - top + 1


def test_the_classic_trees_default_png_has_leaf_digits_20_px_high(tmp_path: Path) -> None:
    tree = search_tree(tree=CLASSIC, algorithm="alphabeta")
    tree.save(str(tmp_path / "classic.png"))
    tree.save(str(tmp_path / "classic.svg"))
    png, svg = (tmp_path / "classic.png").read_bytes(), (tmp_path / "classic.svg").read_text()
    assert int.from_bytes(png[16:20], "big") >= 1200  # was 427 px
    assert digit_height(png, svg, "14") >= 20  # was 6 px
    assert digit_height(png, svg, "12") >= 20


def test_an_asked_resolution_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "classic.png"
    search_tree(tree=CLASSIC, algorithm="alphabeta").save(str(path), dpi=96)
    assert int.from_bytes(path.read_bytes()[16:20], "big") < 500


def test_a_small_board_tree_is_enlarged_too(tmp_path: Path) -> None:
    small, large = tmp_path / "small.png", tmp_path / "large.png"
    search_tree("xxo1o1o1x x").save(str(small), style="board")
    search_tree("xxo1o1o1x x").save(str(large), style="board", dpi=96)
    assert int.from_bytes(small.read_bytes()[16:20], "big") >= 1.5 * int.from_bytes(large.read_bytes()[16:20], "big")


def legend_gaps(png: bytes, svg: str) -> dict[str, int]:
    """Per line swatch of the legend (principal variation, pruned), the white pixels between its last ink and its
    words' first, counted on the swatch's row (places from the SVG of the same figure)."""
    width_pt = float(re.search(r'<svg[^>]* viewBox="0 0 ([\d.]+) ', svg).group(1))  # type: ignore[union-attr]
    image = Image.open(io.BytesIO(png)).convert("L")
    k = image.size[0] / width_pt
    texts = [(float(x), float(y), words) for x, y, words in re.findall(
        r'<text class="legend" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg)]
    gaps = {}
    for stroke, x1, y, x2 in re.findall(r'<path class="legend"[^>]* stroke-width="([\d.]+)"[^>]*'
                                        r'd="M([\d.]+) ([\d.]+)L([\d.]+) [\d.]+"/>', svg):
        text_x, _, words = min((t for t in texts if t[0] > float(x2) and abs(t[1] - float(y)) < 5),
                               key=lambda t: t[0])
        rows = range(int((float(y) - float(stroke)) * k), int((float(y) + float(stroke)) * k) + 2)
        columns = range(int(float(x1) * k), int((text_x + 4) * k))
        ink = [any(image.getpixel((c, r)) < 235 for r in rows) for c in columns]
        swatch_end = next(i for i in range(int((float(x2) - float(x1)) * k), -1, -1) if ink[i])
        first_word = next(i for i in range(int((text_x - float(x1)) * k) - 1, len(ink)) if ink[i])
        last_swatch = max(i for i in range(swatch_end, first_word) if ink[i] and not ink[i + 1]) \
            if any(ink[swatch_end:first_word]) else swatch_end
        gaps[words] = first_word - last_swatch - 1
    return gaps


@pytest.mark.parametrize("style", ["textbook", "compact"])
def test_a_legend_line_stands_clear_of_its_words_at_150_dpi(tmp_path: Path, style: str) -> None:
    tree = search_tree(tree=CLASSIC, algorithm="alphabeta")
    tree.save(str(tmp_path / "t.png"), size="16cm", style=style, rankdir="TB")
    tree.save(str(tmp_path / "t.svg"), size="16cm", style=style, rankdir="TB")
    gaps = legend_gaps((tmp_path / "t.png").read_bytes(), (tmp_path / "t.svg").read_text())
    assert len(gaps) == 2  # the principal variation's line and the pruned moves' dashes
    assert all(gap >= 8 for gap in gaps.values()), gaps  # 4 pt at 150 dpi
