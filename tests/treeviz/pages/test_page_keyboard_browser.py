"""The interactive page by keyboard and screen reader (issue 34, item 5), in headless Chromium.

The replay's keys (← → Home End Space), the narration line's sentences, the tree given as an ARIA tree list
(its items against the graph's nodes, its states as the replay steps, walked with the arrow keys), every control
reachable by Tab with a visible focus ring. Expected values, steps and words come from the networkx tree.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path

import networkx as nx
import pytest

from tests.browser import browser_missing, headless_chromium, open_page
from treeviz.draw.labels import format_number
from treeviz.pages.tree_page import page_data, page_html
from treeviz.tree import search_tree

pytestmark = pytest.mark.browser

REASON = browser_missing()
if REASON:
    pytest.skip(f"browser tests need headless Chromium: {REASON}", allow_module_level=True)

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"
PREFIX = {"exact": "", "lower": "≥ ", "upper": "≤ "}


@pytest.fixture(scope="module")
def driver():
    with headless_chromium(1400, 900) as d:
        yield d


def _page(tmp_path_factory, name: str, **search) -> tuple[nx.DiGraph, Path]:
    tree = search_tree(**search)
    path = tmp_path_factory.mktemp("keyboard") / f"{name}.html"
    path.write_text(tree.html(), encoding="utf-8")
    return tree.graph, path


@pytest.fixture(scope="module")
def classic(tmp_path_factory) -> tuple[nx.DiGraph, Path]:
    return _page(tmp_path_factory, "classic", tree=CLASSIC, algorithm="alphabeta")


@pytest.fixture(scope="module")
def tictactoe(tmp_path_factory) -> tuple[nx.DiGraph, Path]:
    return _page(tmp_path_factory, "tictactoe", position="x21o11xo o", algorithm="alphabeta")


@pytest.fixture(scope="module")
def chance(tmp_path_factory) -> tuple[nx.DiGraph, Path]:
    return _page(tmp_path_factory, "chance", tree="[{1/2: [3,12], 1/2: [2,4]}, [4,6]]", algorithm="alphabeta")


@pytest.fixture(scope="module")
def mcts(tmp_path_factory) -> tuple[nx.DiGraph, Path]:
    return _page(tmp_path_factory, "mcts", position="x21o11xo o", algorithm="mcts", iterations=60, seed=3)


def page_ids(G: nx.DiGraph) -> dict[int, Hashable]:
    """The page's numbering: entered nodes in visit order, then pruned stubs by id."""
    entered = sorted((n for n, a in G.nodes(data=True) if not a.get("pruned")), key=lambda n: G.nodes[n]["order"])
    stubs = sorted(n for n, a in G.nodes(data=True) if a.get("pruned"))
    return dict(enumerate([*entered, *stubs]))


def subtree_size(G: nx.DiGraph, n: Hashable) -> int:
    return 1 + sum(1 for d in nx.descendants(G, n) if not G.nodes[d]["pruned"])


def return_step(G: nx.DiGraph, n: Hashable) -> int:
    """The replay step that shows node n returning (its leave event, plus one)."""
    a = G.nodes[n]
    return 2 * a["order"] - a["depth"] + 2 * subtree_size(G, n) - 1 + 1


def value_words(G: nx.DiGraph, n: Hashable) -> str:
    a = G.nodes[n]
    signed = G.graph.get("game") != "textbook"
    return PREFIX[a.get("bound") or "exact"] + format_number(a["value"], signed=signed)


def trace_sentences(G: nx.DiGraph) -> dict[int, str]:
    """The sentences the page's data carries for its replay steps (the search's trace, when the page holds one:
    treeviz/pages/page_trace.py), rows of one step joined; empty when it holds none."""
    trace = page_data(G).get("trace")
    out: dict[int, str] = {}
    for s, text in zip(trace["step"], trace["text"], strict=True) if trace else ():
        said = text.strip()
        said = said if said.endswith((".", "!", "?")) else said + "."
        out[s] = f"{out[s]} {said}" if s in out else said
    return out


def says(driver, G: nx.DiGraph, own: str, *, exact: bool = True) -> bool:
    """Whether the narration says the trace's sentences for this step, or where the data has none the page's own
    words ``own`` (exactly, or as the beginning)."""
    said = narration(driver)
    carried = trace_sentences(G).get(step(driver))
    if carried is not None:
        return said == carried
    return said == own if exact else said.startswith(own)


def press(driver, *keys: str) -> None:
    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(key)
    chain.perform()


def narration(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".narration").get_attribute("textContent")


def step(driver) -> int:
    return driver.execute_script("return window.treeviz.viewers[0].step")


def shown_items(driver) -> list[dict]:
    """The tree list's items a reader can reach (inside no closed group), top to bottom."""
    return driver.execute_script("""
        return [...document.querySelectorAll('[role="tree"] [role="treeitem"]')]
          .filter((li) => !li.parentElement.closest('[hidden]'))
          .map((li) => ({node: +li.dataset.node, level: +li.getAttribute('aria-level'), state: li.dataset.state,
                         value: li.dataset.value, expanded: li.getAttribute('aria-expanded'),
                         text: li.querySelector('.row').textContent}));""")


def test_treeitems_match_the_graphs_nodes_at_the_end_of_the_replay(driver, tictactoe) -> None:
    G, path = tictactoe
    open_page(driver, path)
    driver.find_element(By.CSS_SELECTOR, "button.expand-all").click()
    items = shown_items(driver)
    ids = page_ids(G)
    assert len(items) == G.number_of_nodes() == len(ids)
    assert sorted(item["node"] for item in items) == sorted(ids)
    for item in items:
        n = ids[item["node"]]
        a = G.nodes[n]
        assert item["level"] == a["depth"] + 1
        assert (item["expanded"] is not None) == (G.out_degree(n) > 0)
        if a["pruned"]:
            assert item["state"] == "pruned" and item["value"] == ""
            assert f"move {G.edges[next(iter(G.pred[n])), n]['label']}" in item["text"]
        else:
            assert item["state"] == "entered"
            assert item["value"] == value_words(G, n)
            assert f"value {item['value']}" in item["text"]
    # A tree: every item sits in its parent's group.
    parents = driver.execute_script("""
        return [...document.querySelectorAll('[role="tree"] [role="treeitem"]')].map((li) => {
          const up = li.parentElement.closest('[role="treeitem"]');
          return [+li.dataset.node, up ? +up.dataset.node : -1]; });""")
    back = {v: k for k, v in ids.items()}
    for node, parent in parents:
        pred = list(G.pred[ids[node]])
        assert parent == (back[pred[0]] if pred else -1)


def test_arrow_keys_step_the_narration_and_home_end_go_to_the_ends(driver, classic) -> None:
    G, path = classic
    open_page(driver, path)
    assert driver.find_element(By.CSS_SELECTOR, ".narration").get_attribute("aria-live") == "polite"
    assert says(driver, G, f"Search finished: {G.graph['nodes']} nodes entered", exact=False)
    press(driver, Keys.HOME)
    assert step(driver) == 0 and says(driver, G, "Before the search", exact=False)
    press(driver, Keys.ARROW_RIGHT)
    assert says(driver, G, "Enter the root (MAX to move) with window [−∞, +∞].")
    press(driver, Keys.ARROW_RIGHT)
    assert says(driver, G, "Enter B (MIN to move) with window [−∞, +∞].")
    said = [narration(driver)]
    for _ in range(2 * G.graph["nodes"] - 2):
        press(driver, Keys.ARROW_RIGHT)
        said.append(narration(driver))
    assert len(set(said)) == len(said)  # every step says something new
    # C's cut, in the search's numbers: the comparison and the moves it prunes.
    c = next(n for n, a in G.nodes(data=True) if a.get("cut"))
    a = G.nodes[c]
    pruned = sorted(G.edges[c, s]["label"] for s in G.succ[c] if G.nodes[s]["pruned"])
    press(driver, Keys.HOME, *[Keys.ARROW_RIGHT] * return_step(G, c))
    cut_words = narration(driver)
    assert says(driver, G, f"Cut at C: {a['cut_value']} ≤ α = {a['cut_bound']}, so its moves {pruned[0]} and "
                f"{pruned[1]} are never searched. C returns at most {a['cut_value']} to the root: the root keeps "
                f"α = {a['cut_bound']}.")
    press(driver, Keys.ARROW_LEFT)
    assert narration(driver) != cut_words
    press(driver, Keys.END)
    assert step(driver) == 2 * G.graph["nodes"] and says(driver, G, "Search finished", exact=False)


def test_the_list_follows_the_replay(driver, classic) -> None:
    G, path = classic
    open_page(driver, path)
    driver.find_element(By.CSS_SELECTOR, "button.expand-all").click()
    ids = page_ids(G)
    back = {v: k for k, v in ids.items()}
    c = next(n for n, a in G.nodes(data=True) if a.get("cut"))
    stubs = [back[s] for s in G.succ[c] if G.nodes[s]["pruned"]]
    d = max(n for n, a in G.nodes(data=True) if a["depth"] == 1)  # D, searched after C
    before = return_step(G, c) - 1
    press(driver, Keys.HOME, *[Keys.ARROW_RIGHT] * before)
    state = {item["node"]: item for item in shown_items(driver)}
    assert all(state[s]["state"] == "not yet searched" for s in stubs)
    assert state[back[c]]["value"] == "" and state[back[d]]["state"] == "not yet searched"
    press(driver, Keys.ARROW_RIGHT)
    state = {item["node"]: item for item in shown_items(driver)}
    assert all(state[s]["state"] == "pruned" for s in stubs)
    assert state[back[c]]["state"] == "current" and state[back[c]]["value"] == value_words(G, c)
    current = driver.execute_script("return document.querySelector('[role=treeitem][aria-current=step]').id")
    assert driver.find_element(By.ID, current).get_attribute("data-node") == str(back[c])
    assert state[back[d]]["state"] == "not yet searched"


def test_space_plays_and_pauses_but_types_in_a_text_box(driver, classic) -> None:
    _, path = classic
    open_page(driver, path)
    press(driver, Keys.HOME, Keys.SPACE)
    play = driver.find_element(By.CSS_SELECTOR, "button.play")
    assert play.text == "Pause"
    WebDriverWait(driver, 10).until(lambda d: step(d) >= 2)
    press(driver, Keys.SPACE)
    assert play.text == "Play"
    held = step(driver)
    assert driver.execute_script("return window.treeviz.viewers[0].timer") is None
    assert held < 2 * 11 and step(driver) == held
    box = driver.find_element(By.CSS_SELECTOR, "form.search input")
    box.click()
    box.send_keys(" ")
    assert play.text == "Play" and box.get_attribute("value") == " "
    box.send_keys(Keys.ARROW_LEFT, Keys.HOME, Keys.END)
    assert step(driver) == held  # the keys moved the text cursor, not the replay


NAME = """const name = (e) => e.getAttribute('role') === 'treeitem' ? 'treeitem'
  : e.className || e.name || e.id || e.tagName;
"""
"""A control's name in the Tab test: its class (its name, its id), or "treeitem" for the tree list's item."""


def _focus_ring(driver) -> str:
    """The focused element's outline (of its row, for a tree item), or its box-shadow: what shows the focus."""
    return driver.execute_script("""
        let e = document.activeElement;
        if (e.getAttribute('role') === 'treeitem') e = e.querySelector('.row');
        const s = getComputedStyle(e);
        if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) return 'outline';
        return s.boxShadow !== 'none' ? 'shadow' : '';""")


def test_every_control_is_reached_by_tab_with_a_visible_focus(driver, tictactoe) -> None:
    _, path = tictactoe
    open_page(driver, path)
    controls = set(driver.execute_script(NAME + """
        const all = [...document.querySelectorAll('button, input, select, [role="treeitem"][tabindex="0"]')];
        return all.filter((e) => e.offsetParent !== null || e.getAttribute('role') === 'treeitem')
          .map(name);"""))
    assert {"help-toggle", "fen", "pv", "expand-all", "fit", "outline-toggle", "treeitem", "first", "back", "play",
            "forward", "last", "next-cut", "slider", "speed"} <= controls
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    reached: set[str] = set()
    rings: dict[str, str] = {}
    for _ in range(40):
        press(driver, Keys.TAB)
        name = driver.execute_script(NAME + "return name(document.activeElement);")
        reached.add(name)
        rings[name] = _focus_ring(driver)
    assert controls <= reached
    assert all(rings[name] for name in controls), rings
    # The list comes into view with the focus on it.
    driver.execute_script("document.querySelector('[role=treeitem][tabindex=\"0\"]').focus()")
    box = driver.find_element(By.CSS_SELECTOR, "nav.outline").rect
    assert box["width"] > 100 and box["height"] > 20


def test_the_list_is_walked_with_the_arrow_keys_and_the_picture_follows(driver, classic) -> None:
    G, path = classic
    open_page(driver, path)
    driver.execute_script("document.querySelector('[role=treeitem][tabindex=\"0\"]').focus()")
    focused = lambda: int(driver.execute_script("return document.activeElement.dataset.node"))  # noqa: E731
    selected = lambda: driver.execute_script("return window.treeviz.viewers[0].selected")  # noqa: E731
    assert focused() == 0
    press(driver, Keys.ARROW_DOWN)
    assert focused() == 1 and selected() == 1  # B, the first child, selected in the picture too
    assert step(driver) == 2 * G.graph["nodes"]  # the tree's arrows do not step the replay
    press(driver, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN)  # B's three leaves, then C
    c = focused()
    assert c == 5 and driver.execute_script("return document.activeElement.getAttribute('aria-expanded')") == "false"
    shown = lambda: {int(g.get_attribute("data-id")) for g in driver.find_elements(By.CSS_SELECTOR, "g.node")}  # noqa: E731
    assert 6 not in shown()
    press(driver, Keys.ARROW_RIGHT)
    assert driver.execute_script("return document.activeElement.getAttribute('aria-expanded')") == "true"
    assert 6 in shown() and focused() == 5  # opened, in the picture as well
    press(driver, Keys.ARROW_RIGHT)
    assert focused() == 6
    press(driver, Keys.ARROW_LEFT)
    assert focused() == 5
    press(driver, Keys.ARROW_LEFT)
    assert 6 not in shown() and focused() == 5
    press(driver, Keys.END)
    items = shown_items(driver)
    assert focused() == items[-1]["node"]
    press(driver, Keys.HOME)
    assert focused() == 0
    press(driver, Keys.SPACE)  # Space still plays from the list
    assert driver.find_element(By.CSS_SELECTOR, "button.play").text == "Pause"
    press(driver, Keys.SPACE)


def test_expectiminimax_page_narrates_chance_nodes_and_lists_every_node(driver, chance) -> None:
    G, path = chance
    open_page(driver, path)
    driver.find_element(By.CSS_SELECTOR, "button.expand-all").click()
    items = shown_items(driver)
    ids = page_ids(G)
    assert len(items) == G.number_of_nodes()
    for item in items:
        assert item["value"] == value_words(G, ids[item["node"]])
    node = next(n for n, a in G.nodes(data=True) if a.get("to_move") == "chance")
    press(driver, Keys.HOME, *[Keys.ARROW_RIGHT] * return_step(G, node))
    average = format_number(G.nodes[node]["value"], signed=False)
    assert says(driver, G, f"Node 1 returns {average}, the average of its outcomes, to the root", exact=False)
    assert driver.get_log("browser") == []


def test_mcts_page_narrates_iterations_and_lists_its_nodes(driver, mcts) -> None:
    G, path = mcts
    open_page(driver, path)
    press(driver, Keys.HOME)
    assert says(driver, G, "Before the search", exact=False)
    press(driver, Keys.ARROW_RIGHT)
    assert says(driver, G, "Iteration 1:", exact=False)
    first = narration(driver)
    press(driver, Keys.ARROW_RIGHT)
    assert says(driver, G, "Iteration 2:", exact=False) and narration(driver) != first
    press(driver, Keys.END)
    driver.find_element(By.CSS_SELECTOR, "button.expand-all").click()
    items = shown_items(driver)
    assert len(items) == G.number_of_nodes()
    root = next(n for n, d in G.in_degree() if d == 0)
    assert items[0]["text"].startswith(f"the root, o to move, {G.nodes[root]['visits']} visits")
    assert driver.get_log("browser") == []


def test_the_narration_says_the_trace_the_page_data_carries(driver, classic, tmp_path) -> None:
    """The sentences of the search's trace (the CSV's, the slides') placed at replay steps in the page's data are
    what the narration says there; a step with none keeps the page's own words."""
    G, _ = classic
    data = page_data(G)
    data["trace"] = {"events": ["enter", "leaf", "cut", "return"], "event": [0, 3, 2], "node": [0, 1, 5],
                     "step": [1, 9, 9], "text": ["The search starts at the root", "B returns 3.", "A cut!"]}
    path = tmp_path / "traced.html"
    path.write_text(page_html("traced", [data]), encoding="utf-8")
    open_page(driver, path)
    press(driver, Keys.HOME, Keys.ARROW_RIGHT)
    assert narration(driver) == "The search starts at the root."
    press(driver, Keys.ARROW_RIGHT)
    assert narration(driver) == "Enter B (MIN to move) with window [−∞, +∞]."
    press(driver, *[Keys.ARROW_RIGHT] * 7)
    assert step(driver) == 9 and narration(driver) == "B returns 3. A cut!"
