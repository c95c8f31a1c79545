"""The interactive page of any game in a real browser (headless Chromium): textbook trees as triangles and circles,
a game of one's own as its pictures, chance nodes named, moves of any kind, the replay to the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import browser_missing, headless_chromium, open_page
from treeviz.tree import search_tree

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REASON = browser_missing()
if REASON:
    pytest.skip(f"browser tests need headless Chromium: {REASON}", allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent.parent.parent
NIM = str(ROOT / "examples" / "nim.py") + ":Nim"


@pytest.fixture(scope="module")
def driver():
    with headless_chromium(1400, 900) as d:
        yield d


def show(driver, tree, path: Path) -> None:
    """Write the tree's page, open it and expand every node."""
    path.write_text(tree.html(), encoding="utf-8")
    open_page(driver, path)
    driver.find_element(By.XPATH, "//button[normalize-space()='Expand all']").click()


def texts(driver, selector: str) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, selector)]


def test_a_textbook_tree_shows_its_shapes_names_and_probabilities(driver, tmp_path: Path) -> None:
    tree = search_tree(tree="[B={1/2: [3,12], 1/2: [2,4]}, C=[4,6]]", algorithm="alphabeta")
    show(driver, tree, tmp_path / "t.html")
    entered = tree.graph.graph["nodes"]
    assert len(driver.find_elements(By.CSS_SELECTOR, "g.node:not(.stub)")) == entered
    assert len(driver.find_elements(By.CSS_SELECTOR, "path.tbshape.x")) == 1  # the MAX root, an upward triangle
    assert len(driver.find_elements(By.CSS_SELECTOR, "circle.tbshape.c")) == 1  # the chance node
    assert len(driver.find_elements(By.CSS_SELECTOR, "rect.tbshape.leaf")) == 6
    assert sorted(texts(driver, "text.tbname")) == ["B", "C"]
    assert texts(driver, ".mvlabel text").count("1/2") == 2
    assert "chance node" in texts(driver, "text.side")
    assert driver.find_element(By.CSS_SELECTOR, "h1").text.startswith("Alpha-beta tree of [B={1/2:[3,12]")


def test_a_game_of_ones_own_shows_its_pictures_and_players(driver, tmp_path: Path) -> None:
    tree = search_tree(game=NIM, position="1 2 first", algorithm="alphabeta")
    show(driver, tree, tmp_path / "nim.html")
    pictures = driver.find_elements(By.CSS_SELECTOR, "text.picture")
    assert len(pictures) == len(driver.find_elements(By.CSS_SELECTOR, "g.node:not(.stub)"))
    lines = [t.get_attribute("textContent") for t in pictures[0].find_elements(By.TAG_NAME, "tspan")]
    assert lines == ["1: |", "2: ||"]  # the game's picture, a line per tspan
    sides = " ".join(texts(driver, "text.side"))
    assert "first to move" in sides and "second to move" in sides and "first wins" in sides
    assert set(texts(driver, ".mvlabel text")) == {"1@1", "1@2", "2@2"}
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []
