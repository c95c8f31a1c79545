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

from tests.browser import browser_missing, headless_chromium, open_page
from tests.realtime import Stopwatch
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
    """The nodes drawn as reached (during a replay, those not reached yet are drawn faint in place: ``unseen``)."""
    nodes = driver.find_elements(By.CSS_SELECTOR, f"section.viewer:nth-of-type({viewer + 1}) g.node:not(.unseen)")
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


@pytest.mark.slow
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


@pytest.mark.realtime
def test_click_expands_with_pruned_stubs_and_collapses(driver, alphabeta) -> None:
    G, path = alphabeta
    open_page(driver, path)
    before = visible(driver)
    target = next(c for c in sorted(G.succ[0]) if G.nodes[c]["cut"] and not set(G.succ[c]) & before)
    with Stopwatch() as watch:
        node(driver, target).click()
    assert visible(driver) == before | set(G.succ[target])
    assert driver.execute_script("return window.treeviz.lastActionMs") < 1000 * watch.limit(0.1), watch
    a = G.nodes[target]
    name = "β-cut" if a["cut"] == "beta" else "α-cut"
    relation = "≥ β=" if a["cut"] == "beta" else "≤ α="  # the figures' words (treeviz.draw.labels.cut_text)
    for stub in stubs_of(G, target):
        text = node(driver, stub).text
        assert name in text
        assert f"{fmt(G.nodes[stub]['parent_value'])} {relation}{fmt(G.nodes[stub]['parent_bound'])}" in text
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_ultimate_tree_shows_nine_by_nine_boards(driver, tmp_path) -> None:
    tree = search_tree("999999999 00 x", algorithm="alphabeta", depth=1)
    path = tmp_path / "ultimate.html"
    path.write_text(tree.html(), encoding="utf-8")
    open_page(driver, path)
    assert visible(driver) == set(tree.graph.nodes)  # the root and its 81 moves
    child = node(driver, 45)
    assert "nested" in child.get_attribute("class")  # a board of boards (9x9 in 3x3 blocks)
    # 8 minor + 2 major lines per direction: a 9x9 grid; one x stone after the first move.
    assert len(child.find_elements(By.CSS_SELECTOR, "path.grid")) == 2
    assert len(child.find_elements(By.CSS_SELECTOR, "path.stones-x")) == 1


@pytest.mark.slow
@pytest.mark.realtime
def test_full_tree_page_is_small_opens_and_expands_fast(driver, tmp_path) -> None:
    tree = search_tree("9 x")
    page = tree.html()
    assert len(page.encode()) < 30e6
    path = tmp_path / "full.html"
    path.write_text(page, encoding="utf-8")
    with Stopwatch() as opening:
        timings = open_page(driver, path)
    assert timings["ready"] < 1000 * opening.limit(5.0), opening
    assert len(visible(driver)) < 100  # lazily drawn: 549,946 nodes in the data, a few dozen in the DOM
    collapsed = max(c for c in tree.graph.succ[0])
    with Stopwatch() as click:
        node(driver, collapsed).click()
    assert set(tree.graph.succ[collapsed]) <= visible(driver)
    assert driver.execute_script("return window.treeviz.lastActionMs") < 1000 * click.limit(0.1), click


@pytest.mark.realtime
def test_three_hundred_node_tree_opens_within_a_second(driver, tmp_path) -> None:
    tree = search_tree("999999999 00 x", algorithm="alphabeta", depth=2)
    assert 250 <= tree.graph.graph["nodes"] <= 400
    path = tmp_path / "ultimate2.html"
    path.write_text(tree.html(), encoding="utf-8")
    with Stopwatch() as watch:
        ready = open_page(driver, path)["ready"]
    assert ready < 1000 * watch.limit(1.0), watch


# -- MCTS: the replay, iteration by iteration ------------------------------------------------

def mcts_state(G: nx.DiGraph, step: int) -> tuple[dict[int, int], dict[int, float]]:
    """Visits and totals after the first ``step`` iterations, from the iteration log and the tree's edges."""
    visits = dict.fromkeys(G, 0)
    totals = dict.fromkeys(G, 0.0)
    for leaf, result in list(zip(G.graph["iteration_leaf"], G.graph["iteration_result"], strict=True))[:step]:
        for a in [leaf, *nx.ancestors(G, leaf)]:
            visits[a] += 1
            totals[a] += result
    return visits, totals


def mean_text(v: float) -> str:
    """As the figures write a mean (treeviz.draw.mcts_dot), which the page must match."""
    from treeviz.draw.mcts_dot import mean_text as figure_text

    return figure_text(v)


def check_mcts_nodes(driver, G: nx.DiGraph, step: int) -> set[int]:
    """Every drawn node exists at this step and shows this step's n and q; returns the drawn set."""
    visits, totals = mcts_state(G, step)
    shown = visible(driver)
    texts = driver.execute_script(
        "const out = {}; for (const g of document.querySelectorAll('section.viewer g.node'))"
        " out[g.dataset.id] = [...g.querySelectorAll('text')].map((t) => t.textContent); return out;")
    for n in shown:
        assert G.nodes[n]["iteration"] <= step
        lines = texts[str(n)]
        assert f"n {visits[n]:,}" in lines
        assert f"q {mean_text(totals[n] / visits[n] if visits[n] else 0.0)}" in lines
    return shown


@pytest.fixture(scope="module")
def mcts_page(tmp_path_factory) -> tuple[nx.DiGraph, Path]:
    tree = search_tree(POSITION, algorithm="mcts", iterations=200)
    path = tmp_path_factory.mktemp("html") / "mcts.html"
    path.write_text(tree.html(), encoding="utf-8")
    return tree.graph, path


@pytest.mark.slow
def test_mcts_page_opens_on_the_most_visited_line_with_the_final_numbers(driver, mcts_page) -> None:
    G, path = mcts_page
    open_page(driver, path)
    best = [n for n, a in G.nodes(data=True) if a["best"]]
    assert visible(driver) == {0} | {c for n in [0, *best] for c in G.succ[n]}
    check_mcts_nodes(driver, G, 200)
    assert text_of(driver, "h2") == f"MCTS · {G.number_of_nodes()} nodes · 200 iterations"
    for n in visible(driver) - {0}:
        assert f"ucb {mean_text(G.nodes[n]['ucb']).lstrip('+')}" in node(driver, n).text
    width = lambda n: float(driver.execute_script(  # noqa: E731
        f"return parseFloat(document.querySelector('path.link:nth-child(1)') && "
        f"[...document.querySelectorAll('path.link')].find(p => p.__data__.target.data === {n}).style.strokeWidth)"))
    children = sorted(G.succ[0], key=lambda c: G.nodes[c]["visits"])
    assert width(children[0]) < width(children[-1])  # edges as wide as their visits
    assert text_of(driver, ".status").startswith("Search finished: 200 iterations")


@pytest.mark.slow
def test_mcts_replay_forwards_and_backwards(driver, mcts_page) -> None:
    G, path = mcts_page
    leaves, results = G.graph["iteration_leaf"], G.graph["iteration_result"]
    open_page(driver, path)
    button(driver, "button.first").click()
    assert visible(driver) == {0}
    assert text_of(driver, ".status").startswith("Before the search")
    assert "n 0" in node(driver, 0).text.split("\n")
    forward = button(driver, "button.forward")
    for step in range(1, 9):
        forward.click()
        leaf = leaves[step - 1]
        status = text_of(driver, ".status")
        assert status.startswith(f"Iteration {step}:")
        words = {1: "x wins (+1)", -1: "o wins (−1)", 0: "draw (0)"}[int(results[step - 1])]
        assert words in status
        moves = [G.edges[u, v]["label"] for u, v in nx.utils.pairwise(nx.shortest_path(G, 0, leaf))]
        assert f"expand {moves[-1]}" in status  # in the first iterations every playout starts at a new node
        shown = check_mcts_nodes(driver, G, step)
        assert leaf in shown
        assert "fresh" in node(driver, leaf).get_attribute("class")
        for a in nx.shortest_path(G, 0, leaf)[:-1]:  # the selected path lights up
            assert "active" in node(driver, a).get_attribute("class")
    # Jump to a later iteration with the slider, then step back: the numbers follow.
    driver.execute_script("const s = document.querySelector('section.viewer .slider'); s.value = 120;"
                          "s.dispatchEvent(new Event('input'));")
    assert text_of(driver, ".stepno") == "120 / 200"
    check_mcts_nodes(driver, G, 120)
    back = button(driver, "button.back")
    for step in (119, 118, 117):
        back.click()
        assert text_of(driver, ".status").startswith(f"Iteration {step}:")
        check_mcts_nodes(driver, G, step)
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    check_mcts_nodes(driver, G, 118)
    button(driver, "button.last").click()
    check_mcts_nodes(driver, G, 200)


# -- merged DAGs ----------------------------------------------------------------------------------

@pytest.mark.slow
def test_dag_page_draws_every_edge_once(driver, tmp_path) -> None:
    tree = search_tree("xox1o2x1 o", merge="symmetry")
    D = tree.graph
    path = tmp_path / "dag.html"
    path.write_text(tree.html(), encoding="utf-8")
    open_page(driver, path)
    assert text_of(driver, "h2") == "minimax, symmetries merged · 18 positions (61 tree nodes)"
    assert not button(driver, ".replay").is_displayed()
    button(driver, "button.expand-all").click()
    assert visible(driver) == set(D)
    tree_edges = driver.execute_script("return document.querySelectorAll('section.viewer g.links path.link').length")
    cross = driver.execute_script("return document.querySelectorAll('section.viewer g.xlinks path.link').length")
    assert tree_edges == D.number_of_nodes() - 1  # one laid-out edge into each node but the root
    assert tree_edges + cross == D.number_of_edges()
    labels = sorted(driver.execute_script(
        "return [...document.querySelectorAll('section.viewer g.mvlabel text')].map((t) => t.textContent)"))
    assert labels == sorted(e["label"] for _, _, e in D.edges(data=True))
    for n, a in D.nodes(data=True):
        text = node(driver, n).text
        assert text.split("\n")[0] == fmt(a["value"]) and f"×{a['merged']}" in text
    # Find by FEN finds the class of a turned board.
    target = next(n for n, a in D.nodes(data=True) if a["best"] and a["depth"] == 1)
    board, side = D.nodes[target]["fen"].split(" ")
    cells = "".join("." * int(ch) if ch.isdigit() else ch for ch in board)
    mirrored = "".join(cells[r * 3:r * 3 + 3][::-1] for r in range(3))
    assert mirrored != cells  # another board of the same class
    box = button(driver, ".search input")
    box.send_keys(mirrored.replace(".", "1") + " " + side)
    box.send_keys(Keys.ENTER)
    assert "selected" in node(driver, target).get_attribute("class")


@pytest.mark.slow
def test_three_way_comparison_page(driver, tmp_path) -> None:
    tree = comparison(POSITION, algorithms=["minimax", "alphabeta", "mcts"], iterations=200)
    path = tmp_path / "compare3.html"
    path.write_text(tree.html(), encoding="utf-8")
    open_page(driver, path)
    headings = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "section.viewer h2")]
    m, a, u = (G.graph["nodes"] for G in tree.graphs)
    assert headings == [f"minimax · {m:,} nodes", f"alpha-beta · {a:,} nodes", f"MCTS · {u:,} nodes · 200 iterations"]
    assert f"minimax {m} nodes, alpha-beta {a} nodes, MCTS {u} nodes" in driver.find_element(By.ID, "summary").text
    assert all(0 in visible(driver, k) for k in range(3))
