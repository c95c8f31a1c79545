"""Explain mode (issue 23 item 4): every node's visit order and window history, and every cut's comparison, the
same in the board DOT, the compact and textbook figures (SVG, PDF, PNG) and TikZ."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import treeviz
from treeviz.draw.explain import window_steps, window_words
from treeviz.exercises.model import exercise
from treeviz.games.start import starting_point

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"


def svg_text(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def expected_histories(tree: str | None = None, fen: str | None = None, signed: bool = False) -> set[str]:
    """Each examined node's window history, from the exercise model (held to an independent alpha-beta), its
    values signed (``+3``: board and compact styles) or not (the textbook style)."""
    ex = exercise(starting_point(fen, tree=tree))
    found = set()
    for node in ex.nodes:
        if node.examined:
            words = " \u2192 ".join(window_words(w, signed=signed) for w in node.windows)
            found.add(f"#{node.order} {words}")
    return found


def test_window_steps() -> None:
    inf = float("inf")
    assert window_steps(-inf, inf, 0, [3, 12, 8]) == [(-inf, inf), (3, inf), (12, inf)]
    assert window_steps(3, inf, 1, [2]) == [(3, inf), (3, 2)]
    assert window_steps(3, inf, 1, [14, 5, 2]) == [(3, inf), (3, 14), (3, 5), (3, 2)]
    assert window_steps(-inf, inf, 2, [1, 2]) == [(-inf, inf)]
    assert window_steps(0, 5, 0, [0, None, -1]) == [(0, 5)]  # a tie does not move the window


def test_board_dot_writes_every_window_and_cut() -> None:
    dot = treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta").dot(explain=True)
    text = html.unescape(dot)
    assert "#5 [+3, +\u221e] \u2192 [+3, +2]" in text  # C: entered with alpha 3, beta fell to 2: cut
    assert "#7 [+3, +\u221e] \u2192 [+3, +14]" in text and "\u2192 [+3, +5] \u2192 [+3, +2]" in text  # D: 2 lines
    assert "\u03b1-cut:\\n+2 \u2264 \u03b1=+3" in text
    assert "visit order, the window at entry and after each child that moved it" in text
    plain = treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta").dot()
    assert "\u2192" not in html.unescape(plain)  # without --explain: the entry window only, as before


@pytest.mark.parametrize("style", ["compact", "textbook"])
def test_tidy_figures_write_the_same_histories_as_the_model(style: str) -> None:
    tree = treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta")
    texts = svg_text(tree.export("svg", style=style, explain=True))
    joined = []  # a node's history may take two lines: the second starts with the arrow
    for t in texts:
        if t.startswith("\u2192 ") and joined:
            joined[-1] += " " + t
        else:
            joined.append(t)
    histories = {t for t in joined if t.startswith("#") and not t.startswith("#n")}
    signed = style != "textbook"
    assert histories == expected_histories(CLASSIC, signed=signed)
    assert ("\u03b1-cut: +2 \u2264 \u03b1=+3" if signed else "\u03b1-cut: 2 \u2264 \u03b1=3") in " ".join(texts)
    assert sum("\u03b1-cut:" in t for t in texts) == 1  # the comparison once per cut, the other stub its letter


def test_tic_tac_toe_histories_in_dot_and_compact_agree() -> None:
    tree = treeviz.search_tree("x21o11xo o", algorithm="alphabeta")
    dot = html.unescape(tree.dot(explain=True))
    rows = re.findall(r'<FONT POINT-SIZE="8">([^<]*)</FONT>', dot)
    histories = []
    for row in rows:
        if row.startswith("\u2192 ") and histories:
            histories[-1] += " " + row
        elif row.startswith("#") and not row.startswith("#n"):
            histories.append(row)
    texts = svg_text(tree.export("svg", style="compact", explain=True))
    compact = []
    for t in texts:
        if t.startswith("\u2192 ") and compact:
            compact[-1] += " " + t
        elif t.startswith("#") and not t.startswith("#n"):
            compact.append(t)
    assert sorted(histories) == sorted(compact)
    assert len(histories) == tree.graph.graph["nodes"]


def test_minimax_explains_its_visit_order() -> None:
    texts = svg_text(treeviz.search_tree(tree=CLASSIC).export("svg", style="textbook", explain=True))
    assert sorted(t for t in texts if t.startswith("#") and t != "#n: visit order") == sorted(f"#{k}" for k in
                                                                                             range(13))


def test_explain_is_a_figure_option(tmp_path: Path) -> None:
    tree = treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta")
    with pytest.raises(ValueError, match="explain"):
        tree.export("json", explain=True)
    assert tree.export("html", explain=True).startswith("<!DOCTYPE html>")


@pytest.mark.slow
def test_explained_tikz_compiles_with_the_same_text(tmp_path: Path) -> None:
    pdflatex = shutil.which("pdflatex")
    if pdflatex is None:
        pytest.skip("pdflatex is missing: scripts/setup.sh installs texlive-latex-base")
    tree = treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta")
    (tmp_path / "t.tex").write_text(tree.export("tex", style="textbook", explain=True))
    done = subprocess.run([pdflatex, "-interaction=nonstopmode", "-halt-on-error", "t.tex"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout[-2000:]
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "t.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "#5 [3, +\u221e] \u2192 [3, 2]" in text
    assert "\u03b1-cut: 2 \u2264 \u03b1=3" in text
