"""Regenerate samples/html/: interactive pages and screenshots of their three main states.

    .venv/bin/python scripts/make_html_samples.py [--out samples/html]

Screenshots come from headless Chromium (Selenium): the full tree of the empty board
collapsed to its principal variation, an alpha-beta tree expanded with its pruned
stubs, and the alpha-beta replay stopped mid-way just after a cut-off; the quiz
on the classic textbook tree, checked with one mistake; and the classic tree's replay
walked by keyboard, the focus on an item of the tree list (issue 34).
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the browser driver lives with the tests (tests/browser.py)

from tests.browser import browser_missing, headless_chromium, open_page  # noqa: E402
from treeviz.exercises.model import exercise  # noqa: E402
from treeviz.exercises.quiz import quiz_page  # noqa: E402
from treeviz.files import write_atomically  # noqa: E402
from treeviz.games.start import starting_point  # noqa: E402
from treeviz.tree import comparison, search_tree  # noqa: E402


def _click(driver, viewer: int, css: str) -> None:
    driver.find_elements(By.CSS_SELECTOR, f"section.viewer:nth-of-type({viewer + 1}) {css}")[0].click()


def _settle(driver) -> None:
    """No focus ring or hover left by the clicks, so every run takes the same picture."""
    driver.execute_script("document.activeElement && document.activeElement.blur();")
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.TAG_NAME, "body"), 0, 0).perform()
    time.sleep(0.3)


SAME_PICTURE = 8
"""Largest per-channel difference of two pixels still taken as the same colour: Chromium's antialiasing of
rounded button borders varies by a few levels from run to run."""
STRAY_PIXELS = 1 / 10_000
"""Share of pixels that may differ by more and still be the same picture: from run to run Chromium draws a few
antialiased pixels of curved edges differently (7 pixels of alphabeta_replay_midway.png, up to 37 levels, in one
of three runs here), while any real change (a label, a node, a colour) moves hundreds of pixels."""


def same_picture(old_png: bytes, new_png: bytes) -> bool:
    """Whether two screenshots show the same picture, antialiasing noise aside."""
    from PIL import Image, ImageChops

    with Image.open(io.BytesIO(old_png)) as old, Image.open(io.BytesIO(new_png)) as new:
        if old.size != new.size:
            return False
        diff = ImageChops.difference(old.convert("RGB"), new.convert("RGB")).convert("L")
        # Per pixel, the largest channel difference would be exact; the grey level (a weighted mean) is within a
        # factor of 3 of it, so threshold it at a third.
        strays = sum(diff.histogram()[SAME_PICTURE // 3 + 1:])
        return strays <= STRAY_PIXELS * old.size[0] * old.size[1]


def _save_shot(driver, path: Path) -> None:
    """Write a screenshot, unless the file already holds the same picture (so reruns change no byte)."""
    png = driver.get_screenshot_as_png()
    if path.exists() and same_picture(path.read_bytes(), png):
        print(f"kept {path} (same picture)")
        return
    write_atomically(path, png)
    print(f"wrote {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "samples" / "html")
    args = parser.parse_args()
    reason = browser_missing()
    if reason:
        print(f"error: {reason}", file=sys.stderr)
        return 2
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)

    # Pages small enough to keep in the repository; the full tree's page (9 MB) only goes to a temp dir.
    pages = {
        "alphabeta_x21o11xo_o.html": search_tree("x21o11xo o", algorithm="alphabeta").html(),
        "compare_1o11o1oxx_x.html": comparison("1o11o1oxx x").html(),
    }
    # Nine plies into a game (55 51 15 59 95 53 35 57 75), o to move into sub-board 5.
    pages["ultimate_depth3.html"] = search_tree("4x98x94o1o1x1o1o94x98x4 75 o", algorithm="alphabeta",
                                                depth=3).html()
    for name, page in pages.items():
        write_atomically(out / name, page)
        print(f"wrote {out / name} ({len(page.encode()) / 1e3:.0f} kB)")

    with tempfile.TemporaryDirectory() as tmp, headless_chromium(1600, 1000) as driver:
        full = Path(tmp) / "full.html"
        full.write_text(search_tree("9 x").html(), encoding="utf-8")

        open_page(driver, full)
        _settle(driver)
        _save_shot(driver, out / "collapsed_full_tree.png")

        open_page(driver, out / "alphabeta_x21o11xo_o.html")
        # Open the first root move (a refuted one, with cuts below) and its replies.
        for node_id in (80, 81, 82, 86):
            driver.find_element(By.CSS_SELECTOR, f'g.node[data-id="{node_id}"]').click()
        _click(driver, 0, "button.fit")
        _settle(driver)
        _save_shot(driver, out / "alphabeta_expanded_with_stubs.png")

        open_page(driver, out / "alphabeta_x21o11xo_o.html")
        _click(driver, 0, "button.first")
        for _ in range(5):  # inside the second root move, just after the cut at its second reply
            _click(driver, 0, "button.next-cut")
        # Show the cut-off flash as its first frame, held still, so every run takes the same picture.
        driver.execute_script(
            "const s = document.createElement('style');"
            "s.textContent = '.node.flash .card { animation: none !important; fill: #ffb3b8;"
            " stroke: var(--cut); stroke-width: 5px; }';"
            "document.head.appendChild(s);")
        _settle(driver)
        _save_shot(driver, out / "alphabeta_replay_midway.png")

        open_page(driver, out / "ultimate_depth3.html")
        _settle(driver)
        _save_shot(driver, out / "ultimate_depth3.png")

        search_graph_pages(driver, out)
        quiz_pages(driver, out)
        keyboard_page(driver, out)
        visit_pages(driver, out)
    return 0


def keyboard_page(driver, out: Path) -> None:
    """Issue 34's page by keyboard: the classic tree's replay at C's cut (the narration says why), the tree list
    opened by Tab with the focus on B's item, B selected in the picture."""
    page = out / "keyboard_classic_tree.html"
    write_atomically(page, search_tree(tree=CLASSIC, algorithm="alphabeta").html())
    print(f"wrote {page} ({page.stat().st_size / 1e3:.0f} kB)")
    open_page(driver, page)
    body = driver.find_element(By.TAG_NAME, "body")
    ActionChains(driver).move_to_element_with_offset(body, 0, 0).send_keys(Keys.HOME).perform()
    ActionChains(driver).send_keys(*[Keys.ARROW_RIGHT] * 13).perform()
    for _ in range(20):  # Tab from the page's start to the tree list
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script("return document.activeElement.getAttribute('role')") == "treeitem":
            break
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    driver.execute_script(
        "const s = document.createElement('style');"
        "s.textContent = '.node.flash .card { animation: none !important; fill: #ffb3b8;"
        " stroke: var(--cut); stroke-width: 5px; }';"
        "document.head.appendChild(s);")
    time.sleep(0.3)
    _save_shot(driver, out / "keyboard_treeitem_focus.png")


def visit_pages(driver, out: Path) -> None:
    """Issue 33's page: principal variation search, its replay stopped as it enters a re-search (the status line
    says of which null-window visit)."""
    page = out / "pvs_xox1o2x1_o.html"
    tree = search_tree("xox1o2x1 o", algorithm="pvs")
    write_atomically(page, tree.html())
    print(f"wrote {page} ({page.stat().st_size / 1e3:.0f} kB)")
    G = tree.graph
    research = min(n for n, d in G.nodes(data=True) if d.get("research"))
    step = 2 * research - G.nodes[research]["depth"] + 1  # just after entering it
    open_page(driver, page)
    _click(driver, 0, "button.expand-all")
    driver.execute_script(
        f"const s = document.querySelector('section.viewer .slider'); s.value = {step};"
        " s.dispatchEvent(new Event('input'));")
    _click(driver, 0, "button.fit")
    _settle(driver)
    _save_shot(driver, out / "pvs_replay_research.png")


CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"


def quiz_pages(driver, out: Path) -> None:
    """Issue 23's quiz: the classic textbook tree at the windows level, answered right but for B's value (12 for
    3), then checked: the score, B's correction and why, the pruned branches confirmed."""
    page = out / "quiz_classic_tree.html"
    write_atomically(page, quiz_page(tree=CLASSIC, quiz="windows"))
    print(f"wrote {page} ({page.stat().st_size / 1e3:.0f} kB)")
    ex = exercise(starting_point(tree=CLASSIC))
    open_page(driver, page)

    def answer(node: int, kind: str, text: str) -> None:
        box = driver.find_element(By.CSS_SELECTOR, f'input[data-node="{node}"][data-kind="{kind}"]')
        box.click()
        box.send_keys(text)

    for node in ex.nodes:
        if node.examined and not node.leaf:
            answer(node.id, "value", "12" if node.caption == "B" else ex.value_text(node).replace(" ", ""))
            if node.parent >= 0:
                answer(node.id, "alpha", ex.number(node.alpha).replace("\u221e", "inf"))
                answer(node.id, "beta", ex.number(node.beta).replace("\u221e", "inf"))
    for node in ex.pruned_moves:
        driver.find_element(By.CSS_SELECTOR, f'g.mvlabel[data-edge="{node.id}"]').click()
    driver.find_element(By.CSS_SELECTOR, "button.check").click()
    _settle(driver)
    # The pointer on B, the node with the mistake: the info box says why the search went there and what it found.
    b = next(n for n in ex.nodes if n.caption == "B")
    shape = driver.find_element(By.CSS_SELECTOR, f'g.node[data-id="{b.id}"] path')
    ActionChains(driver).move_to_element(shape).perform()
    time.sleep(0.3)
    _save_shot(driver, out / "quiz_classic_checked.png")


def search_graph_pages(driver, out: Path) -> None:
    """Issue 11's pages: an MCTS replay stopped at an iteration, a symmetry DAG opened whole, three searches."""
    pages = {
        "mcts_x21o11xo_o.html": search_tree("x21o11xo o", algorithm="mcts", iterations=200).html(),
        "dag_symmetry_xox1o2x1_o.html": search_tree("xox1o2x1 o", merge="symmetry").html(),
        "compare3_1o11o1oxx_x.html": comparison("1o11o1oxx x", algorithms=["minimax", "alphabeta", "mcts"],
                                                iterations=100).html(),
    }
    for name, page in pages.items():
        write_atomically(out / name, page)
        print(f"wrote {out / name} ({len(page.encode()) / 1e3:.0f} kB)")

    open_page(driver, out / "mcts_x21o11xo_o.html")
    driver.execute_script(  # iteration 37: a selection three moves deep, a new node, the result on its way up
        "const s = document.querySelector('section.viewer .slider'); s.value = 37; s.dispatchEvent(new Event('input'));"
        "const st = document.createElement('style'); st.textContent = '.link.backprop { animation: none !important; }';"
        "document.head.appendChild(st);")
    _click(driver, 0, "button.fit")
    _settle(driver)
    _save_shot(driver, out / "mcts_replay_iteration37.png")

    open_page(driver, out / "dag_symmetry_xox1o2x1_o.html")
    _click(driver, 0, "button.expand-all")
    _settle(driver)
    _save_shot(driver, out / "dag_symmetry_expanded.png")

    open_page(driver, out / "compare3_1o11o1oxx_x.html")
    _settle(driver)
    _save_shot(driver, out / "compare3_1o11o1oxx_x.png")


if __name__ == "__main__":
    raise SystemExit(main())
