"""Issue 22 item 4: nothing in treeviz that builds, draws, pages or quizzes trees names tic-tac-toe or ultimate:
node pictures, move names, players and position keys come from each game's adapter (treeviz/games/). Read in the code
itself: imports, names and string literals (docstrings and comments may give them as examples); the page's
scripts and styles too, but the championship page's, which is ultimate's own."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
GAME_WORDS = re.compile(r"tic.?tac.?toe|ultimate", re.IGNORECASE)
FOLDERS = ("trees", "draw", "pages", "exercises")
DRAWING = [ROOT / "treeviz" / "tree.py", ROOT / "treeviz" / "files.py",
           *(path for folder in FOLDERS for path in sorted((ROOT / "treeviz" / folder).rglob("*.py")))]
ASSETS = [path for path in sorted((ROOT / "treeviz" / "pages" / "html").iterdir())
          if path.suffix in (".js", ".css", ".html") and not path.name.startswith("arena.")]


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that stand alone as statements: docstrings, attribute docstrings."""
    return {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def game_names_in(source: str) -> list[str]:
    """Where ``source`` names a game in code: ``line: what``."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            words = [node.value]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.alias):
            words = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            words = [node.module or ""]
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            words = [node.name]
        found += [f"{getattr(node, 'lineno', '?')}: {w!r}" for w in words if GAME_WORDS.search(w)]
    return found


def test_the_check_sees_a_game_named_in_code() -> None:
    assert game_names_in('"""About tic-tac-toe."""\nfrom engine.games.tictactoe import TICTACTOE\n'
                         'x = "ultimate"\n') == ["2: 'engine.games.tictactoe'", "2: 'TICTACTOE'", "3: 'ultimate'"]


@pytest.mark.parametrize("path", DRAWING, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_drawing_names_no_game(path: Path) -> None:
    assert game_names_in(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", ASSETS, ids=lambda p: p.name)
def test_the_page_assets_name_no_game(path: Path) -> None:
    assert [line for line in path.read_text(encoding="utf-8").splitlines() if GAME_WORDS.search(line)] == []
