"""One layout for the whole replay in the interactive page (issue 34, item 4), in headless Chromium: every node keeps
the place the finished tree gives it at every step (nodes not reached yet drawn faint in place, not laid out
anew as they are entered)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import browser_missing, headless_chromium, open_page
from treeviz.tree import search_tree

pytestmark = pytest.mark.browser

REASON = browser_missing()
if REASON:
    pytest.skip(f"browser tests need headless Chromium: {REASON}", allow_module_level=True)

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"

PLACES = """
    return Object.fromEntries([...document.querySelectorAll('g.node')].map(
      (g) => [g.dataset.id, [g.getAttribute('transform'), g.classList.contains('unseen')]]));"""


@pytest.fixture(scope="module")
def driver():
    with headless_chromium(1400, 900) as d:
        yield d


def _page(tmp_path_factory, name: str, **search) -> Path:
    path = tmp_path_factory.mktemp("layout") / f"{name}.html"
    path.write_text(search_tree(**search).html(), encoding="utf-8")
    return path


def places_at(driver, s: int) -> dict[str, list]:
    driver.execute_script("window.treeviz.viewers[0].setStep(arguments[0])", s)
    return driver.execute_script(PLACES)


@pytest.mark.parametrize("search", [
    {"tree": CLASSIC, "algorithm": "alphabeta"},
    {"position": "x21o11xo o", "algorithm": "alphabeta"},
    {"position": "x21o11xo o", "algorithm": "pvs"},
    {"position": "x21o11xo o", "algorithm": "mcts", "iterations": 30, "seed": 1},
], ids=["classic", "tictactoe", "pvs", "mcts"])
def test_every_node_keeps_its_place_at_every_step(driver, tmp_path_factory, search) -> None:
    path = _page(tmp_path_factory, "-".join(str(v) for v in search.values())[:20].replace("/", "_"), **search)
    open_page(driver, path)
    total = driver.execute_script("return window.treeviz.viewers[0].t.T")
    nodes = driver.execute_script("return window.treeviz.viewers[0].t.N")
    start = places_at(driver, 0)
    assert len(start) == nodes  # the whole tree laid out from the first step
    assert sum(unseen for _, unseen in start.values()) == nodes - 1  # only the root reached before the search
    for s in (1, 2, total // 3, total // 2, total - 1, total):
        now = places_at(driver, s)
        assert {k: v[0] for k, v in now.items()} == {k: v[0] for k, v in start.items()}, f"step {s}"
    middle = places_at(driver, total // 2)
    seen = sum(not unseen for _, unseen in middle.values())
    assert 1 < seen < nodes  # half-way, some nodes reached and some not
    assert not any(unseen for _, unseen in places_at(driver, total).values())
