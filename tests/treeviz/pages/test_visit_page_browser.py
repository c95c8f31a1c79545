"""The interactive page of the searches that revisit positions: the replay steps onto a null window, a re-search
and an MTD(f) pass, each said in the status line, and the pass edges are labelled. Skipped without Chromium."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from tests.browser import browser_missing, headless_chromium, open_page
from treeviz.tree import search_tree

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

from selenium.webdriver.common.by import By  # noqa: E402

TREE = "[[1,2],[5,6],[3,4]]"  # the second move is better than the first: PVS re-searches it


@pytest.fixture(scope="module")
def driver():
    with headless_chromium(1400, 900) as d:
        yield d


def page(tmp_path: Path, algorithm: str) -> tuple[nx.DiGraph, Path]:
    tree = search_tree(tree=TREE, algorithm=algorithm)
    path = tmp_path / f"{algorithm}.html"
    path.write_text(tree.html(), encoding="utf-8")
    return tree.graph, path


def status_at_entry(driver, G: nx.DiGraph, n: int) -> str:
    """The status line at the step that enters node ``n`` (event 2n - depth)."""
    driver.find_element(By.CSS_SELECTOR, "button.first").click()
    for _ in range(2 * n - G.nodes[n]["depth"] + 1):
        driver.find_element(By.CSS_SELECTOR, "button.forward").click()
    return driver.find_element(By.CSS_SELECTOR, ".status").text


@pytest.mark.slow
def test_replay_says_which_visit_is_a_null_window_and_which_a_research(driver, tmp_path) -> None:
    G, path = page(tmp_path, "pvs")
    open_page(driver, path)
    research = next(n for n, d in G.nodes(data=True) if d.get("research"))
    scout = G.nodes[research]["research_of"]  # the null-window visit that failed high
    assert G.nodes[scout].get("null_window")
    text = status_at_entry(driver, G, scout)
    assert text.startswith(f"Enter #{scout}") and "null window" in text
    text = status_at_entry(driver, G, research)
    assert text.startswith(f"Enter #{research}") and f"re-search of #{scout}" in text


@pytest.mark.slow
def test_replay_steps_through_mtdf_passes(driver, tmp_path) -> None:
    G, path = page(tmp_path, "mtdf")
    open_page(driver, path)
    passes = sorted(n for n, d in G.nodes(data=True) if d.get("pass") is not None)
    assert len(passes) == G.graph["passes"] >= 2
    for k, n in enumerate(passes, 1):
        text = status_at_entry(driver, G, n)
        assert f"pass {k}: γ=" in text and "(moves pass-" in text
