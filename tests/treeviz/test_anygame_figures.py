"""Any game's trees drawn (issue 22): the textbook style in the tidy figures and as DOT, chance nodes in every
style, a game's own pictures and names, the page's data for games without a grid, and the Python API
(``treeviz.search_tree(tree=..., game=...)``)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pygraphviz
import pytest

import treeviz
from engine.errors import ParameterError
from engine.games.textbook import parse_tree
from treeviz.cli.usage import in_cli_words
from treeviz.draw.drawing import FigureOptions, resolve_style
from treeviz.draw.figure import Panel, figure_scene
from treeviz.draw.scene import Shape, Text
from treeviz.draw.styles import COMPACT_LIMIT
from treeviz.draw.text_metrics import CAP_HEIGHT
from treeviz.games.registry import adapter_for
from treeviz.pages.tree_page import page_data, tree_data

ROOT = Path(__file__).resolve().parent.parent.parent
NIM = str(ROOT / "examples" / "nim.py") + ":Nim"
CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"
CHANCE = "[B={1/2: [3,12], 1/2: [2,4]}, C={1/3: [14,5], 2/3: [6,1]}]"


def scene_of(tree: treeviz.Tree, style: str = "textbook"):
    return figure_scene([Panel(tree.graph)], "heading", style=style).scene


def shapes(scene, role_prefix: str = "") -> list[Shape]:
    return [i for i in scene.items if isinstance(i, Shape) and i.role != "legend" and i.role.startswith(role_prefix)]


def texts(scene, role: str) -> list[str]:
    return [i.text for i in scene.items if isinstance(i, Text) and i.role == role]


def test_the_api_takes_a_tree_a_game_spec_or_a_game_object() -> None:
    by_text = treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta")
    by_lists = treeviz.search_tree(tree=[[3, 12, 8], [2, 4, 6], [14, 5, 2]], algorithm="alphabeta")
    by_object = treeviz.search_tree(game=parse_tree(CLASSIC), algorithm="alphabeta")
    for tree in (by_text, by_lists, by_object):
        assert (tree.graph.graph["value"], tree.graph.graph["nodes"], tree.graph.graph["pruned"]) == (3, 11, 2)
    assert by_text.position == "[B=[3,12,8],C=[2,4,6],D=[14,5,2]]"  # the notation as typed names it
    nim = treeviz.search_tree(game=NIM, position="1 2 first", moves=["1@2"])
    assert nim.position == "nim 1 1 second" and nim.graph.graph["value"] == 1
    both = treeviz.comparison(tree=CLASSIC)
    assert [G.graph["nodes"] for G in both.graphs] == [13, 11]


@pytest.mark.parametrize(("call", "python", "cli"), [
    (dict(tree="[1,2]", game=NIM), "tree and game both say what to search", "--tree and --game both"),
    (dict(position="9 x", root="min"), "root='min' says who moves at the root of a textbook tree",
     "--root min says who moves"),
    (dict(tree="[1,2]", root="sideways"), "root='sideways': the root is max or min", "--root 'sideways'"),
    (dict(), "nothing to search", "a textbook --tree or a --game"),
])
def test_what_to_search_is_refused_in_the_callers_words(call: dict, python: str, cli: str) -> None:
    with pytest.raises(ParameterError) as caught:
        treeviz.search_tree(**call)
    assert python in str(caught.value) and cli in in_cli_words(caught.value)


def test_the_textbook_style_draws_max_up_min_down_chance_circles_and_leaves_as_values() -> None:
    scene = scene_of(treeviz.search_tree(tree=CHANCE))
    kinds = sorted(s.kind for s in shapes(scene))
    assert kinds == ["circle"] * 2 + ["triangle-down"] * 4 + ["triangle-up"]
    assert texts(scene, "leaf") == ["3", "12", "2", "4", "14", "5", "6", "1"]
    assert sorted(texts(scene, "caption")) == ["B", "C"]  # the names, beside their nodes
    assert sorted(texts(scene, "move")) == ["1/2", "1/2", "1/3", "2/3"]  # probabilities only: no 1, 2, 3
    root = next(s for s in shapes(scene) if s.kind == "triangle-up")
    assert [line.text for line in root.lines] == ["2.5"]  # the value inside, as textbooks write it (no +)
    assert "chance (probabilities on its branches)" in texts(scene, "legend")


def test_a_triangles_value_sits_at_its_centroid() -> None:
    scene = scene_of(treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta"))
    for shape in shapes(scene):
        (line,) = shape.lines
        middle_of_text = shape.y + line.dy - line.size * CAP_HEIGHT / 2
        towards_base = 1 if shape.kind == "triangle-up" else -1
        assert middle_of_text == pytest.approx(shape.y + towards_base * shape.h / 6)  # a sixth towards the base
    # C cut (<= 2); D = [14, 5, 2] searched whole: exactly 2, as AIMA draws it
    assert [s.lines[0].text for s in shapes(scene, "node-min")] == ["\u22642", "2"]


def test_pruned_moves_of_a_textbook_tree_show_their_cut_letter_alone() -> None:
    scene = scene_of(treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta"))
    assert texts(scene, "pruned") == ["\u03b1", "\u03b1"]
    game_scene = scene_of(treeviz.search_tree("x21o11xo o", algorithm="alphabeta"))
    assert all(re.fullmatch(r"\d [\u03b1\u03b2]", t) for t in texts(game_scene, "pruned"))  # a game's: its move too


def test_chance_nodes_are_circles_in_the_compact_style_and_grey_in_the_dot_style() -> None:
    tree = treeviz.search_tree(tree=CHANCE)
    compact = scene_of(tree, "compact")
    assert [s.kind for s in shapes(compact)].count("circle") == 2  # one on the principal variation
    dots = scene_of(tree, "dot")
    chance = [i for i in dots.items if getattr(i, "role", "").endswith("-chance")]
    assert sum(len(i.coords) // 2 for i in chance) == 2 and {i.shape for i in chance} == {"circle"}


def test_textbook_trees_get_the_textbook_style_by_default_while_small_enough() -> None:
    options = FigureOptions()
    assert resolve_style(options, "png", 13, preferred="textbook") == ("textbook", [])
    assert resolve_style(options, "dot", 13, preferred="textbook") == ("textbook", [])
    assert resolve_style(options, "tex", 13, preferred="textbook") == ("textbook", [])
    assert resolve_style(options, "svg", COMPACT_LIMIT + 1, preferred="textbook")[0] == "dot"
    assert resolve_style(options, "png", 13)[0] == "board"  # other games: as before


def test_the_textbook_dot_is_graphviz_s_triangles_and_circles() -> None:
    tree = treeviz.search_tree(tree=CHANCE)
    dot = tree.export("dot")
    graph = pygraphviz.AGraph(string=dot)
    shapes_by_node = {n: graph.get_node(n).attr["shape"] for n in graph.nodes()}
    assert sorted(shapes_by_node.values()).count("circle") == 2
    assert list(shapes_by_node.values()).count("invtriangle") == 4 and "triangle" in shapes_by_node.values()
    assert list(shapes_by_node.values()).count("plaintext") == 8
    assert sorted(graph.get_edge(*e).attr["label"] for e in graph.edges() if graph.get_edge(*e).attr["label"]) == \
        ["1/2", "1/2", "1/3", "2/3"]
    assert "Expectiminimax tree of" in dot
    board = pygraphviz.AGraph(string=treeviz.search_tree(tree=CHANCE).export("dot", style="board"))
    assert "Expectiminimax tree of" in board.graph_attr["label"]
    edge_labels = [board.get_edge(*e).attr["label"] for e in board.edges()]
    assert sorted(x for x in edge_labels if re.fullmatch(r"\d+/\d+", x)) == ["1/2", "1/2", "1/3", "2/3"]


def test_any_tree_can_be_drawn_in_the_textbook_style_in_every_tidy_format() -> None:
    tree = treeviz.search_tree("1o11o1oxx x", algorithm="alphabeta")
    for fmt in ("svg", "tex", "pdf", "png"):
        assert tree.export(fmt, style="textbook")
    svg = tree.export("svg", style="textbook")
    assert "<polygon" in svg and 'class="move"' in svg  # a game's moves stay on the edges


def test_a_games_own_picture_is_its_nodes_picture() -> None:
    tree = treeviz.search_tree(game=NIM, position="1 2 first")
    graph = pygraphviz.AGraph(string=tree.export("dot"))
    root = graph.get_node("0").attr["label"]
    assert "1: |<BR/>2: ||" in root and "1 2 first" not in root  # Nim's picture(), not its position text


def test_tic_tac_toe_json_has_no_new_fields() -> None:
    data = json.loads(treeviz.search_tree("x21o11xo o", algorithm="alphabeta").json())
    assert "chance" not in data["graph"]
    assert all("probability" not in e for e in data["edges"])
    assert set(data["edges"][0]) == {"move", "label", "pruned", "best", "source", "target"}


def test_the_page_data_of_a_game_without_grid_says_who_moves_and_shows_its_pictures() -> None:
    tree = treeviz.search_tree(game=NIM, position="1 2 first", algorithm="alphabeta")
    data = tree_data(tree.graph)
    assert data["board"]["kind"] == "text" and data["board"]["players"] == ["first", "second"]
    assert data["pictures"][data["fen"][0]] == "1: |\n2: ||"
    sides = data["side"]
    assert sides[0] == 0 and 1 in sides  # first, then second, by node
    assert set(data["labels"].values()) == {"1@1", "1@2", "2@2"}  # (pile, take) moves numbered for the page
    mcts = page_data(treeviz.search_tree(game=NIM, algorithm="mcts", iterations=30).graph)
    assert mcts["kind"] == "mcts" and "side" in mcts and isinstance(mcts["meta"]["best_moves"][0], int)
    textbook = tree_data(treeviz.search_tree(tree=CHANCE).graph)
    assert textbook["board"]["kind"] == "textbook" and 2 in textbook["side"]
    assert sorted(textbook["labels"].values()).count("1/2") == 2
    grid = tree_data(treeviz.search_tree("1o11o1oxx x").graph)
    assert "side" not in grid and "pictures" not in grid  # tic-tac-toe's page data as before


def test_the_adapters_follow_the_game_kind() -> None:
    assert type(adapter_for(parse_tree("[1,2]"))).__name__ == "TextbookAdapter"
    assert adapter_for(parse_tree("[1,2]")).sides.names == ("max", "min")


@pytest.mark.slow
def test_the_textbook_tikz_compiles_with_its_names_values_and_cuts(tmp_path: Path) -> None:
    pdflatex = shutil.which("pdflatex")
    assert pdflatex, "pdflatex is missing: scripts/setup.sh --test installs it (texlive-latex-base)"
    tree = treeviz.search_tree(tree=CLASSIC, algorithm="alphabeta")
    tree.save(tmp_path / "t.tex", size="12cm")
    tex = (tmp_path / "t.tex").read_text()
    assert tex.count("-- cycle;") == 4 + 2  # four triangles, exactly the layout's, and the key's two
    done = subprocess.run([pdflatex, "-interaction=nonstopmode", "-halt-on-error", "t.tex"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout[-2000:]
    text = subprocess.run(["pdftotext", str(tmp_path / "t.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    for word in ("B", "C", "D", "12", "14", "\u03b1", "\u22642"):
        assert word in text
