"""A game's SVG pictures in board figures (issue 22 item 2): placed in SVG figures, one nested ``<svg>`` per node
inside the node's box, with ids of its own and its stylesheet kept to itself; the positions' text in PNG and PDF
(with a note), and in DOT; a picture that is not SVG refused with one error line."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import treeviz
from treeviz.cli.common import run
from treeviz.cli.tttree import tree_command
from treeviz.draw.svg_pictures import MAX_SIDE, PictureError, PictureSheet

SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

PILE = '''
class Pile:
    """One pile of counters, drawn as circles: take one or two, who takes the last one wins."""

    name = "pile"
    player_names = ("left", "right")

    def initial(self):
        return (3, 0)

    def to_move(self, state):
        return state[1]

    def legal_moves(self, state):
        return [take for take in (1, 2) if take <= state[0]]

    def play(self, state, move):
        return (state[0] - move, 1 - state[1])

    def outcome(self, state):
        return None if state[0] else 1 if state[1] == 1 else -1

    def fen(self, state):
        return f"{state[0]} {self.player_names[state[1]]}"

    def parse_fen(self, text):
        size, player = text.split()
        return (int(size), self.player_names.index(player))

    def picture(self, state):
        uses = "".join(f'<use xlink:href="#counter" x="{12 + 24 * k}" y="12"/>' for k in range(state[0]))
        return (
            '<?xml version="1.0" encoding="UTF-8"?>\\n'
            '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{24 * max(state[0], 1)}" height="24">'
            '<!-- the counters --><defs><radialGradient id="shade"><stop offset="0" stop-color="gold"/>'
            '<stop offset="1" stop-color="darkorange"/></radialGradient>'
            '<circle id="counter" r="10" fill="url(#shade)"/></defs>'
            '<style>circle { stroke: #333333; } #counter { stroke-width: 1.5; }</style>'
            f'<script>alert("no")</script>{uses}</svg>')
'''


@pytest.fixture(scope="module")
def pile_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("games") / "pile.py"
    path.write_text(PILE)
    return path


@pytest.fixture(scope="module")
def pile_game(pile_file: Path) -> Any:
    from engine.games.loading import load_game

    return load_game(f"{pile_file}:Pile")


def tttree(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run tttree in-process the way its console script does; (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as done:
        run(tree_command, list(argv), prog_name="tttree")
    out, err = capfd.readouterr()
    return done.value.code, out, err


def box_of(numbers: str) -> tuple[float, float, float, float]:
    values = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", numbers)]
    xs, ys = values[0::2], values[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def placed_pictures(svg: str) -> list[tuple[str, ET.Element, tuple[float, float, float, float]]]:
    """Each drawn position of a Graphviz SVG figure: its text (the node's tooltip), the pictures in its node (each a
    nested <svg>) and the box of its node's frame; asserts one picture per node."""
    root = ET.fromstring(svg)
    found = []
    for node in root.iter(f"{SVG}g"):
        kinds = (node.get("class") or "").split()
        if "node" not in kinds or "pruned" in kinds or "hidden" in kinds:
            continue  # a pruned move's stub, a box of nodes left out: no position drawn
        title = node.find(f".//{SVG}a").get("{http://www.w3.org/1999/xlink}title")
        nested = list(node.iter(f"{SVG}svg"))
        assert len(nested) == 1, title
        frame = next(e for e in node.iter() if e.tag in (f"{SVG}path", f"{SVG}polygon"))
        found.append((title, nested[0], box_of(frame.get("d") or frame.get("points") or "")))
    return found


def test_an_svg_figure_holds_each_nodes_picture_inside_its_box(pile_game: Any) -> None:
    tree = treeviz.search_tree(game=pile_game, algorithm="alphabeta")
    svg = tree.export("svg", style="board")
    placed = placed_pictures(svg)  # the figure is XML: it parses
    entered = [d["fen"] for _, d in tree.graph.nodes(data=True) if not d.get("pruned")]
    assert sorted(fen for fen, _, _ in placed) == sorted(entered)
    for fen, picture, (left, top, right, bottom) in placed:
        x, y = float(picture.get("x")), float(picture.get("y"))
        width, height = float(picture.get("width")), float(picture.get("height"))
        assert left < x and x + width < right and top < y and y + height < bottom, fen
        counters = int(fen.split()[0])
        assert len(picture.findall(f"{SVG}use")) == counters  # this node's position, no other's
        assert (width, height) == (18 * max(counters, 1), 18)  # 24 px a counter, in points
        assert picture.get("viewBox") == f"0 0 {24 * max(counters, 1)} 24"


def test_each_copy_of_a_picture_has_ids_of_its_own_that_its_references_follow(pile_game: Any) -> None:
    svg = treeviz.search_tree(game=pile_game).export("svg", style="board")
    root = ET.fromstring(svg)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    pictures = [picture for _, picture, _ in placed_pictures(svg)]
    assert len(pictures) > 1
    for picture in pictures:
        own = {e.get("id") for e in picture.iter() if e.get("id")}
        assert len(own) == 3  # the picture, its gradient, its counter
        for use in picture.iter(f"{SVG}use"):
            assert use.get(XLINK_HREF)[1:] in own
        counter = next(c for c in picture.iter(f"{SVG}circle"))
        assert re.fullmatch(r"url\(#(.+)\)", counter.get("fill")).group(1) in own
        style = picture.find(f"{SVG}style").text
        scope = f"#{picture.get('id')} "
        assert style.count(scope) == 2 and f"{scope}#{counter.get('id')} " in style  # its rules reach it alone


def test_an_svg_figure_holds_no_declaration_doctype_comment_or_script_of_a_picture(pile_game: Any) -> None:
    svg = treeviz.search_tree(game=pile_game).export("svg", style="board")
    assert svg.count("<?xml") == 1 and svg.count("<!DOCTYPE") == 1  # Graphviz's own
    assert "the counters" not in svg and "<script" not in svg and "alert" not in svg


@pytest.mark.parametrize("option", [["--compare"], ["--merge", "transpositions"], ["--algo", "mcts",
                                                                                     "--iterations", "40"]])
def test_comparisons_dags_and_mcts_trees_hold_the_pictures_too(capfd, tmp_path: Path, pile_file: Path,
                                                                option: list[str]) -> None:
    target = tmp_path / "t.svg"
    code, out, err = tttree(capfd, "--game", f"{pile_file}:Pile", *option, "-o", str(target))
    assert code == 0 and err == "", err
    placed = placed_pictures(target.read_text())
    assert len(placed) >= 6 and all(len(p.findall(f"{SVG}use")) == int(fen.split()[0]) for fen, p, _ in placed)


@pytest.mark.parametrize("fmt", ["png", "pdf"])
def test_png_and_pdf_figures_show_the_positions_text_and_say_so_once(capfd, tmp_path: Path, pile_file: Path,
                                                                       fmt: str) -> None:
    target = tmp_path / f"t.{fmt}"
    code, out, err = tttree(capfd, "--game", f"{pile_file}:Pile", "--compare", "-o", str(target))
    assert code == 0 and out == ""
    notes = err.splitlines()
    assert len(notes) == 1 and notes[0].startswith("note: ") and f"a {fmt} figure cannot hold" in notes[0]
    assert "write svg (or the html page)" in notes[0]
    assert target.read_bytes().startswith({"png": b"\x89PNG", "pdf": b"%PDF-"}[fmt])


def test_dot_shows_the_positions_text_as_graphviz_can_draw_it(pile_game: Any) -> None:
    dot = treeviz.search_tree(game=pile_game).export("dot")
    assert "treeviz_picture" not in dot and '<FONT FACE="Courier">3 left</FONT>' in dot


def test_the_compact_style_draws_no_pictures(pile_game: Any) -> None:
    svg = treeviz.search_tree(game=pile_game).export("svg", style="compact")
    assert "<use" not in svg and "radialGradient" not in svg


def test_jupyter_shows_the_pictures(pile_game: Any) -> None:
    svg = treeviz.search_tree(game=pile_game)._repr_svg_()
    assert svg is not None and len(placed_pictures(svg)) == 7


@pytest.mark.parametrize(("picture", "words"), [
    ('<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"></svg>', "is not well-formed XML, which SVG must be: "
                                                                     "mismatched tag"),
    ('<svg width="10" height="10"', "is not well-formed XML"),
    ("<?xml version='1.0'?><html><body/></html>", "is not SVG: its root element is <html>, not <svg>"),
])
def test_a_picture_that_is_not_svg_is_one_error_line_and_no_file(capfd, tmp_path: Path, picture: str,
                                                                   words: str) -> None:
    game = tmp_path / "broken.py"
    game.write_text(PILE.replace("def picture(self, state):", f"def picture(self, state):\n        return {picture!r}"
                                                               "\n\n    def unused(self, state):"))
    target = tmp_path / "t.svg"
    code, out, err = tttree(capfd, "--game", f"{game}:Pile", "-o", str(target))
    assert code == 2 and out == ""
    assert err.startswith("error: the game pile's picture of '3 left' ") and err.count("\n") == 1, err
    assert words in err, err
    assert list(tmp_path.iterdir()) == [game]


@pytest.mark.parametrize(("attributes", "size"), [
    ('width="120" height="60"', (90, 45)),  # pixels, as SVG's unitless lengths are
    ('width="2in" height="1cm"', (144, 29)),
    ('viewBox="0 0 200 100"', (72, 36)),  # no size: an inch wide
    ('width="100" viewBox="0,0,200,100"', (75, 38)),  # the other side by the viewBox
    ("", (72, 72)),
    ('width="50%" height="auto"', (72, 72)),
    ('width="3000" height="1500"', (MAX_SIDE, MAX_SIDE / 2)),  # scaled down to three inches
])
def test_a_pictures_cell_has_the_size_its_svg_gives(attributes: str, size: tuple[float, float]) -> None:
    cell = PictureSheet(placed=True).placeholder(f'<svg xmlns="http://www.w3.org/2000/svg" {attributes}/>', "it")
    width, height = (int(v) for v in re.search(r'WIDTH="(\d+)" HEIGHT="(\d+)"', cell).groups())
    assert (width, height) == size


FIGURE = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><g class="node">'
          '<g id="a_treeviz_picture_0"><a xlink:title="treeviz_picture_0">'
          '<polygon fill="white" stroke="none" points="10,-50 10,-10 50,-10 50,-50 10,-50"/></a></g></g></svg>')
"""What Graphviz writes of one node holding a picture's placeholder cell."""


def nested_alone(picture: str) -> ET.Element:
    sheet = PictureSheet(placed=True)
    sheet.placeholder(picture, "it")
    nested = ET.fromstring(sheet.put_in(FIGURE)).find(f"{SVG}g/{SVG}svg")
    assert nested is not None
    return nested


def test_a_picture_without_namespace_or_size_is_nested_as_svg() -> None:
    nested = nested_alone("<svg><rect width='5' height='5'/></svg>")
    assert nested.find(f"{SVG}rect") is not None
    assert [nested.get(k) for k in ("x", "y", "width", "height", "viewBox")] == ["10.00", "-50.00", "40.00", "40.00",
                                                                                "0 0 96 96"]


def test_a_pictures_stylesheet_applies_inside_it_only() -> None:
    nested = nested_alone('<svg xmlns="http://www.w3.org/2000/svg" id="board" viewBox="0 0 10 10"><style>'
                          "@import url(x.css); /* a comment { } */ @media print { rect { fill: black } } "
                          "#board .x, svg > rect, :root { fill: red } @font-face { font-family: f }"
                          '</style><rect class="x" width="5" height="5"/></svg>')
    assert nested.get("id") == "pic1-board"
    style = nested.find(f"{SVG}style").text
    assert style.splitlines() == ["@import url(x.css);", "@media print {#pic1-board rect { fill: black }}",
                                  "#pic1-board .x, #pic1-board > rect, #pic1-board { fill: red }",
                                  "@font-face {font-family: f}"]


def test_the_error_of_a_broken_picture_names_it() -> None:
    with pytest.raises(PictureError, match="^the picture is not well-formed XML"):
        PictureSheet(placed=True).placeholder("<svg>", "the picture")
