"""Pictures: PNG, SVG and PDF are what they say, PNG's size limit is enforced, Graphviz is found or named."""

from __future__ import annotations

from pathlib import Path

import pytest

import treeviz
from engine.games.tictactoe import TICTACTOE as T
from treeviz.draw import graphviz as render
from treeviz.draw.dot_writer import to_dot
from treeviz.trees.builder import build_tree

MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "pdf": b"%PDF-"}


@pytest.fixture(scope="module")
def seed_dot() -> str:
    return to_dot(build_tree(T, T.parse_fen("1o11o1oxx x"), algorithm="alphabeta"))


@pytest.mark.parametrize("fmt", ["png", "pdf"])
def test_binary_formats_start_with_their_magic_bytes(seed_dot: str, fmt: str) -> None:
    assert render.render(seed_dot, fmt).startswith(MAGIC[fmt])


def test_svg_is_an_svg_document_with_the_tree_in_it(seed_dot: str) -> None:
    svg = render.render(seed_dot, "svg").decode()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and svg.rstrip().endswith("</svg>")
    assert svg.count('class="node pruned"') == 5  # the stubs keep their class for styling
    assert "Alpha&#45;beta tree of" in svg


def test_png_size_matches_the_layout(seed_dot: str) -> None:
    png = render.render(seed_dot, "png")
    width = int.from_bytes(png[16:20], "big")
    height = int.from_bytes(png[20:24], "big")
    expected = render.png_pixels(render.layout_size(seed_dot))
    assert abs(width - expected[0]) <= 2 and abs(height - expected[1]) <= 2


def test_png_wider_than_32767_px_is_refused_with_a_hint() -> None:
    wide = "digraph { node [shape=box, width=2]; " + " ".join(f"n{i};" for i in range(300)) + " }"
    with pytest.raises(render.RenderError, match=r"32,767 px.*fmt='svg'"):  # the library names parameters
        render.render(wide, "png")
    assert render.render(wide, "svg").startswith(b"<?xml")


def test_unknown_format_is_refused(seed_dot: str) -> None:
    with pytest.raises(render.RenderError, match="cannot render format 'gif'"):
        render.render(seed_dot, "gif")


def test_broken_dot_is_a_render_error() -> None:
    with pytest.raises(render.RenderError):
        render.render("digraph { a -> }", "svg")


def test_bundled_graphviz_is_preferred() -> None:
    assert render.engine() == "pygraphviz"


def test_missing_graphviz_is_named_with_how_to_get_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(render.ENGINE_ENV, "dot")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(render.GraphvizNotFound, match="pip install pygraphviz"):
        render.render("digraph { a }", "svg")


def test_dot_on_path_is_the_fallback(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake = tmp_path / "dot"
    fake.write_text('#!/bin/sh\ncat > /dev/null\nprintf "<svg>%s</svg>" "$1"\n')
    fake.chmod(0o755)
    monkeypatch.setenv(render.ENGINE_ENV, "dot")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert render.engine() == str(fake)
    assert render.render("digraph { a }", "svg") == b"<svg>-Tsvg</svg>"


def test_fontconfig_noise_is_not_passed_on(seed_dot: str, capfd: pytest.CaptureFixture[str]) -> None:
    render.render(seed_dot, "png")
    assert "Fontconfig" not in capfd.readouterr().err


def test_python_api_tree_saves_every_format(tmp_path: Path) -> None:
    tree = treeviz.search_tree("1o11o1oxx x", algorithm="alphabeta")
    for suffix, magic in ((".png", MAGIC["png"]), (".pdf", MAGIC["pdf"]), (".svg", b"<?xml"),
                          (".dot", b"digraph"), (".json", b"{")):
        tree.save(tmp_path / f"t{suffix}")
        assert (tmp_path / f"t{suffix}").read_bytes().startswith(magic)


def test_jupyter_shows_small_trees_inline_and_declines_huge_ones() -> None:
    assert "<svg" in (treeviz.search_tree("1o11o1oxx x")._repr_svg_() or "")
    assert treeviz.comparison("x21o11xo o").drawn_nodes == 238 + 101 + 21
    assert treeviz.search_tree("9 x", algorithm="alphabeta")._repr_svg_() is None


def test_ultimate_without_depth_is_refused() -> None:
    with pytest.raises(ValueError, match="needs a depth limit"):
        treeviz.search_tree("999999999 00 x")
