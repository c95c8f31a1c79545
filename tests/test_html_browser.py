"""The interactive page in a real browser (headless Chromium driven by Selenium).

Expected node sets, texts and replay steps are worked out here from the networkx tree,
independently of the page's JavaScript.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import networkx as nx
import pytest

from treeviz.html_browser import browser_missing, headless_chromium, open_page
from treeviz.tree import comparison, search_tree

pytestmark = pytest.mark.browser

REASON = browser_missing()
if REASON:
    pytest.skip(f"browser tests need headless Chromium: {REASON}", allow_module_level=True)

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

POSITION = "x21o11xo o"


def fmt(v: float) -> str:
    """How the page writes a value (x's view)."""
    if v == math.inf:
        return "+∞"
    if v == -math.inf:
        return "−∞"
    if v == 0:
        return "0"
    return ("+" if v > 0 else "−") + str(abs(int(v)))


@pytest.fixture(scope="module")
def driver():
    with headless_chromium(1400, 900) as d:
        yield d


@pytest.fixture(scope="module")
def alphabeta(tmp_path_factory) -> tuple[nx.DiGraph, Path]:
    tree = search_tree(POSITION, algorithm="alphabeta")
    path = tmp_path_factory.mktemp("html") / "alphabeta.html"
    path.write_text(tree.html(), encoding="utf-8")
    return tree.graph, path


def visible(driver, viewer: int = 0) -> set[int]:
    nodes = driver.find_elements(By.CSS_SELECTOR, f"section.viewer:nth-of-type({viewer + 1}) g.node")
    return {int(n.get_attribute("data-id")) for n in nodes}


def node(driver, node_id: int, viewer: int = 0):
    return driver.find_element(By.CSS_SELECTOR, f'section.viewer:nth-of-type({viewer + 1}) g.node[data-id="{node_id}"]')


def button(driver, css: str, viewer: int = 0):
    return driver.find_element(By.CSS_SELECTOR, f"section.viewer:nth-of-type({viewer + 1}) {css}")


def text_of(driver, css: str, viewer: int = 0) -> str:
    return button(driver, css, viewer).text


def stubs_of(G: nx.DiGraph, n: int) -> set[int]:
    return {c for c in G.succ[n] if G.nodes[c]["pruned"]}


def subtree_size(G: nx.DiGraph, n: int) -> int:
    return 1 + sum(1 for d in nx.descendants(G, n) if not G.nodes[d]["pruned"])


def test_page_opens_collapsed_to_the_principal_variation(driver, alphabeta) -> None:
    G, path = alphabeta
    open_page(driver, path)
    principal = [n for n, a in G.nodes(data=True) if a["best"]]
    expected = {0} | {c for n in [0, *principal] for c in G.succ[n]}
    assert visible(driver) == expected
    root = node(driver, 0).text
    assert fmt(G.graph["value"]) in root and "o to move" in root and "#0" in root
    assert f"{G.graph['nodes']:,} nodes" in text_of(driver, "h2")
    assert "α −∞ β +∞" in root  # alpha-beta nodes show their window


def test_click_expands_with_pruned_stubs_and_collapses(driver, alphabeta) -> None:
    G, path = alphabeta
    open_page(driver, path)
    before = visible(driver)
    target = next(c for c in sorted(G.succ[0]) if G.nodes[c]["cut"] and not set(G.succ[c]) & before)
    node(driver, target).click()
    assert visible(driver) == before | set(G.succ[target])
    assert driver.execute_script("return window.treeviz.lastActionMs") < 100
    a = G.nodes[target]
    name = "β-cut" if a["cut"] == "beta" else "α-cut"
    relation = "≥" if a["cut"] == "beta" else "≤"
    for stub in stubs_of(G, target):
        text = node(driver, stub).text
        assert name in text
        assert f"{fmt(G.nodes[stub]['parent_value'])} {relation} {fmt(G.nodes[stub]['parent_bound'])}" in text
    assert name in node(driver, target).text
    node(driver, target).click()
    assert visible(driver) == before


def test_hover_shows_the_moves_from_the_root(driver, alphabeta) -> None:
    G, path = alphabeta
    open_page(driver, path)
    deepest = max((n for n in visible(driver) if n < G.graph["nodes"]), key=lambda n: G.nodes[n]["depth"])
    ActionChains(driver).move_to_element(node(driver, deepest)).perform()
    labels = [G.edges[u, v]["label"] for u, v in zip(nx.shortest_path(G, 0, deepest),
                                                    nx.shortest_path(G, 0, deepest)[1:], strict=False)]
    info = text_of(driver, ".info")
    assert info.startswith("Moves: " + " ".join(labels))
    assert G.nodes[deepest]["fen"] in info


def _zoom_transform(driver) -> tuple[float, float, float]:
    text = button(driver, "g.zoom").get_attribute("transform")
    match = re.fullmatch(r"translate\(([-\d.e]+),([-\d.e]+)\) scale\(([-\d.e]+)\)", text)
    assert match, text
    return float(match[1]), float(match[2]), float(match[3])


def test_drag_pans_and_wheel_zooms(driver, alphabeta) -> None:
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin

    G, path = alphabeta
    open_page(driver, path)
    x0, y0, k0 = _zoom_transform(driver)
    stage = button(driver, ".stage svg")
    ActionChains(driver).move_to_element_with_offset(stage, 0, 250).click_and_hold() \
        .move_by_offset(60, 20).move_by_offset(60, 20).release().perform()
    x1, y1, k1 = _zoom_transform(driver)
    assert (round(x1 - x0), round(y1 - y0), k1) == (120, 40, k0)
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(stage), 0, -400).perform()
    assert _zoom_transform(driver)[2] > k1


def test_replay_steps_through_visit_order_forwards_and_backwards(driver, alphabeta) -> None:
    G, path = alphabeta
    n = G.graph["nodes"]
    open_page(driver, path)
    button(driver, "button.first").click()
    assert visible(driver) == {0}
    assert text_of(driver, ".status").startswith("Before the search")
    assert node(driver, 0).text.startswith("…")  # no value before the root returns
    button(driver, "button.forward").click()
    assert text_of(driver, ".status").startswith("Enter #0")
    button(driver, "button.forward").click()
    assert visible(driver) == {0, 1}
    assert text_of(driver, ".status").startswith("Enter #1 (moves 2)")

    # The first cut-off in visit order: the node returns at event 2i - depth + 2 size - 1.
    cut = min(k for k, a in G.nodes(data=True) if a["cut"])
    a = G.nodes[cut]
    leave = 2 * cut - a["depth"] + 2 * subtree_size(G, cut) - 1
    button(driver, "button.next-cut").click()
    assert text_of(driver, ".stepno") == f"{leave + 1} / {2 * n}"
    status = text_of(driver, ".status")
    name = "β-cut" if a["cut"] == "beta" else "α-cut"
    assert status.startswith(f"Return from #{cut}")
    assert f"{name}: {fmt(a['cut_value'])}" in status and f"{a['pruned_children']} move" in status
    shown = visible(driver)
    assert stubs_of(G, cut) <= shown  # the pruned moves appear with the cut
    assert cut + subtree_size(G, cut) not in shown  # nothing entered after it yet
    assert node(driver, cut).text.startswith(("≥ ", "≤ ") if a["bound"] != "exact" else fmt(a["value"]))
    assert "flash" in node(driver, cut).get_attribute("class")
    # The parent's window is the one its child was entered with (alpha/beta as they change).
    parent = next(iter(G.pred[cut]))
    window = node(driver, parent).find_element(By.CSS_SELECTOR, "text.win").text
    assert " ".join(window.split()) == f"α {fmt(a['alpha'])} β {fmt(a['beta'])}"

    button(driver, "button.back").click()
    last_child = max(d for d in nx.descendants(G, cut) if not G.nodes[d]["pruned"])
    deepest_return = max((d for d in nx.descendants(G, cut) if not G.nodes[d]["pruned"]
                          and 2 * d - G.nodes[d]["depth"] + 2 * subtree_size(G, d) - 1 == leave - 1), default=None)
    assert deepest_return is not None
    assert text_of(driver, ".status").startswith(f"Return from #{deepest_return}")
    assert not stubs_of(G, cut) & visible(driver)
    assert node(driver, cut).text.startswith("…")
    assert last_child in visible(driver)
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert stubs_of(G, cut) <= visible(driver)
    button(driver, "button.last").click()
    assert text_of(driver, ".status").startswith(f"Search finished: {n} nodes entered")


def test_search_by_fen_reveals_the_position(driver, alphabeta) -> None:
    G, path = alphabeta
    open_page(driver, path)
    target = max(k for k, a in G.nodes(data=True) if not a["pruned"] and a["depth"] == 4)
    fen = G.nodes[target]["fen"]
    assert target not in visible(driver)
    board, side = fen.split(" ")
    split_runs = re.sub(r"[2-9]", lambda m: "1" * int(m.group()), board) + " " + side  # same position
    box = button(driver, ".search input")
    box.send_keys(split_runs)
    box.send_keys(Keys.ENTER)
    matches = sum(1 for _, a in G.nodes(data=True) if a["fen"] == fen)
    assert text_of(driver, ".search .found") == f"1 of {matches}"
    first = min(k for k, a in G.nodes(data=True) if a["fen"] == fen)
    assert "selected" in node(driver, first).get_attribute("class")
    box.clear()
    box.send_keys("xxx6 o")
    box.send_keys(Keys.ENTER)
    assert text_of(driver, ".search .found") == "not in this tree"


def test_comparison_page_shows_both_searches_with_their_counts(driver, tmp_path) -> None:
    tree = comparison(POSITION)
    path = tmp_path / "compare.html"
    path.write_text(tree.html(), encoding="utf-8")
    open_page(driver, path)
    headings = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "section.viewer h2")]
    assert headings == [f"minimax · {tree.graph.graph['nodes']:,} nodes",
                        f"alpha-beta · {tree.compare.graph['nodes']:,} nodes"]
    small, big = tree.compare.graph["nodes"], tree.graph.graph["nodes"]
    assert f"{small} of {big} nodes ({100 * small / big:.1f} %)" in driver.find_element(By.ID, "summary").text
    assert 0 in visible(driver, 0) and 0 in visible(driver, 1)


def test_ultimate_tree_shows_nine_by_nine_boards(driver, tmp_path) -> None:
    tree = search_tree("999999999 00 x", algorithm="alphabeta", depth=1)
    path = tmp_path / "ultimate.html"
    path.write_text(tree.html(), encoding="utf-8")
    open_page(driver, path)
    assert visible(driver) == set(tree.graph.nodes)  # the root and its 81 moves
    child = node(driver, 45)
    assert "ultimate" in child.get_attribute("class")
    # 8 minor + 2 major lines per direction: a 9x9 grid; one x stone after the first move.
    assert len(child.find_elements(By.CSS_SELECTOR, "path.grid")) == 2
    assert len(child.find_elements(By.CSS_SELECTOR, "path.stones-x")) == 1


@pytest.mark.slow
def test_full_tree_page_is_small_opens_and_expands_fast(driver, tmp_path) -> None:
    tree = search_tree("9 x")
    page = tree.html()
    assert len(page.encode()) < 30e6
    path = tmp_path / "full.html"
    path.write_text(page, encoding="utf-8")
    timings = open_page(driver, path)
    assert timings["ready"] < 5000
    assert len(visible(driver)) < 100  # lazily drawn: 549,946 nodes in the data, a few dozen in the DOM
    collapsed = max(c for c in tree.graph.succ[0])
    node(driver, collapsed).click()
    assert set(tree.graph.succ[collapsed]) <= visible(driver)
    assert driver.execute_script("return window.treeviz.lastActionMs") < 100


def test_three_hundred_node_tree_opens_within_a_second(driver, tmp_path) -> None:
    tree = search_tree("999999999 00 x", algorithm="alphabeta", depth=2)
    assert 250 <= tree.graph.graph["nodes"] <= 400
    path = tmp_path / "ultimate2.html"
    path.write_text(tree.html(), encoding="utf-8")
    assert open_page(driver, path)["ready"] < 1000
