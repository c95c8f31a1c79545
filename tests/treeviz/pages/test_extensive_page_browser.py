"""The page of an extensive-form game in a real browser: hovering a node lights up every node of its information
set (and the dashed line joining them), and the panel describes the node."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.games.efg import read_efg
from tests.browser import browser_missing, headless_chromium, open_page
from treeviz.draw.extensive_dot import extensive_dot
from treeviz.pages.extensive_page import extensive_page
from treeviz.trees.extensive import extensive_tree

SIGNALLING = Path(__file__).resolve().parents[3] / "samples" / "extensive" / "signalling.efg"
pytestmark = pytest.mark.browser
REASON = browser_missing()
if REASON is not None:
    pytest.skip(f"browser tests need headless Chromium: {REASON}", allow_module_level=True)


def test_hovering_a_node_lights_up_its_information_set(tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    G = extensive_tree(read_efg(SIGNALLING.read_text()))
    page = tmp_path / "game.html"
    page.write_text(extensive_page(G, extensive_dot(G)))
    with headless_chromium(1100, 700) as driver:
        open_page(driver, page)
        ActionChains(driver).move_to_element(driver.find_element("css selector", "g#n2")).perform()
        lit = {e.get_attribute("id") for e in driver.find_elements("css selector", "g.node.lit")}
        assert lit == {"n2", "n9"}  # the receiver's set after beer
        assert driver.find_elements("css selector", "g.edge.infoset.lit")
        assert "information set 2:1 (after beer): 2 nodes" in driver.find_element("id", "details").text
        ActionChains(driver).move_to_element(driver.find_element("css selector", "g#n1")).perform()
        assert {e.get_attribute("id") for e in driver.find_elements("css selector", "g.node.lit")} == {"n1"}
