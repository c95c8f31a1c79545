"""Explain mode in the interactive page (issue 23 item 4, in headless Chromium): every alpha-beta node's window
history and every cut's comparison, in the figures' words (treeviz.draw.explain, treeviz.draw.labels.cut_text),
held to the exercise model's key (itself held to a plain alpha-beta)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser import browser_missing, headless_chromium, open_page
from treeviz.draw.explain import cut_words, window_words
from treeviz.exercises.model import exercise
from treeviz.games.start import starting_point
from treeviz.tree import search_tree

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REASON = browser_missing()
if REASON:
    pytest.skip(f"browser tests need headless Chromium: {REASON}", allow_module_level=True)

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"


@pytest.fixture(scope="module")
def driver():
    with headless_chromium(1400, 900) as d:
        yield d


def opened(driver, tmp_path: Path, *, tree: str | None = None, fen: str | None = None):
    """The alpha-beta page of a position, every node open; the exercise of the same search (the key)."""
    path = tmp_path / "page.html"
    searched = search_tree(fen, tree=tree, algorithm="alphabeta")
    path.write_text(searched.html(), encoding="utf-8")
    open_page(driver, path)
    driver.find_element(By.XPATH, "//button[normalize-space()='Expand all']").click()
    return searched.graph, exercise(starting_point(fen, tree=tree))


def info_of(driver, node_id: int) -> str:
    """The info box of a node, as hovering it shows it (what the node's mouseenter handler does)."""
    return driver.execute_script(
        "const v = window.treeviz.viewers[0]; v.hovered = arguments[0]; v.showInfo();"
        "return Array.from(v.info.children).map((row) => row.textContent).join('\\n');", node_id)


def test_hovering_shows_the_history(driver, tmp_path: Path) -> None:
    """The hover itself, with the mouse, on one node (the others are read as the handler reads them)."""
    opened(driver, tmp_path, tree=CLASSIC)
    d = driver.find_element(By.CSS_SELECTOR, 'g.node[data-id="7"] rect.card')
    ActionChains(driver).move_to_element(d).perform()
    assert "window at entry [3, +\u221e] \u2192 [3, 14] after 1 (14) \u2192 [3, 5] after 2 (5) \u2192 [3, 2] after 3 " \
        "(2)" in driver.find_element(By.CSS_SELECTOR, ".info").text


@pytest.mark.parametrize(("tree", "fen"), [(CLASSIC, None), (None, "x21o11xo o")], ids=["textbook", "tic-tac-toe"])
def test_every_nodes_window_history_and_every_cut_in_the_figures_words(driver, tmp_path: Path, tree, fen) -> None:
    G, ex = opened(driver, tmp_path, tree=tree, fen=fen)
    by_order = {n.order: n for n in ex.nodes if n.examined}
    for node_id, attrs in G.nodes(data=True):
        if attrs["pruned"] or not G.succ[node_id]:
            continue
        key = by_order[attrs["order"]]
        info = info_of(driver, node_id)
        [line] = [row for row in info.splitlines() if row.startswith("window at entry ")]
        windows = re.findall(r"\[[^\]]*\]", line)
        assert windows == [window_words(w, signed=ex.signed) for w in key.windows], (node_id, line)
        if key.cut is not None:
            words = cut_words(key.cut["kind"], key.cut["value"], key.cut["bound"], signed=ex.signed)
            assert f"{words}, {len(key.cut['pruned'])} move" in info
    for node_id, attrs in G.nodes(data=True):
        if attrs["pruned"]:
            stub = driver.find_element(By.CSS_SELECTOR, f'g.node[data-id="{node_id}"]')
            name, test = (t.get_attribute("textContent") for t in stub.find_elements(By.TAG_NAME, "text"))
            words = cut_words(attrs["cut_by"], attrs["parent_value"], attrs["parent_bound"], signed=ex.signed)
            assert f"{name.removeprefix('✂ ')}: {test}" == words


def test_the_replay_says_how_each_return_moves_the_window_and_what_each_cut_compared(driver, tmp_path: Path) -> None:
    G, ex = opened(driver, tmp_path, tree=CLASSIC)
    driver.find_element(By.CSS_SELECTOR, "button.first").click()
    statuses = []
    for _ in range(2 * G.graph["nodes"]):
        driver.find_element(By.CSS_SELECTOR, "button.forward").click()
        statuses.append(driver.find_element(By.CSS_SELECTOR, ".status").text)
    returns = [s for s in statuses if s.startswith("Return from")]
    # B returns 3: the root's alpha rises to 3; C cuts on its first leaf; D's leaves lower its beta one by one.
    assert "Return from #1 (moves 1): 3 \u00b7 window of #0 now [3, +\u221e]" in returns
    assert any(s.startswith("Return from #5 (moves 2): \u2264 2") and "\u03b1-cut: 2 \u2264 \u03b1=3, 2 moves pruned"
               in s for s in returns)
    assert [s.split("now ")[1] for s in returns if "window of #7" in s] == ["[3, 14]", "[3, 5]", "[3, 2]"]
