"""Benchmark of the interactive page: file size, time to open in headless Chromium, time to expand.

    .venv/bin/python scripts/bench_html.py [--repeat 3]

For each tree: the page's size, the Python time to build the tree and the page, the
time the page needs to be ready after navigation starts (performance.now() when its
script is done: JSON parse, model build, first layout and drawing; "painted" after the
first frame), how long "Expand all" takes (up to 2,000 nodes drawn), and how long a
click on a collapsed node and a replay step take to answer (the page's own
performance.now() around the handler, which includes layout and DOM update).
Budgets from issue 6: full "9 x" tree opens < 5 s, expanding < 100 ms, a 300-node tree
opens < 1 s, page of the full tree < 30 MB.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the browser driver lives with the tests

from tests.browser import browser_missing, headless_chromium, open_page  # noqa: E402
from treeviz.tree import comparison, search_tree  # noqa: E402

CASES = [
    ("9 x minimax (full tree)", lambda: search_tree("9 x")),
    ("9 x alpha-beta", lambda: search_tree("9 x", algorithm="alphabeta")),
    ("9 x compare", lambda: comparison("9 x")),
    ("ultimate depth 2 alpha-beta", lambda: search_tree("999999999 00 x", algorithm="alphabeta", depth=2)),
    ("x21o11xo o alpha-beta", lambda: search_tree("x21o11xo o", algorithm="alphabeta")),
    ("9 x MCTS 10,000 iterations", lambda: search_tree("9 x", algorithm="mcts", iterations=10_000)),
    ("ultimate MCTS 10,000 iterations", lambda: search_tree("999999999 00 x", algorithm="mcts", iterations=10_000)),
    ("9 x minimax, symmetry DAG", lambda: search_tree("9 x", merge="symmetry")),
    ("9 x minimax, transposition DAG", lambda: search_tree("9 x", merge="transpositions")),
    ("x21o11xo o minimax, alpha-beta, MCTS",
     lambda: comparison("x21o11xo o", algorithms=["minimax", "alphabeta", "mcts"], iterations=200)),
]


def _expand_times(driver, rounds: int) -> list[float]:
    """Click collapsed nodes (each a node with children, drawn but not open) and read the page's answer time."""
    times = []
    for _ in range(rounds):
        target = driver.execute_script("""
            const v = window.treeviz.viewers[0], t = v.t;
            for (const d of v.laidOut) {
              const i = d.data;
              if (i < t.n && !v.isOpen(i) && t.children(i).length) { v.centerOn(i); return i; }
            }
            return -1;""")
        if target < 0:
            break
        driver.find_element(By.CSS_SELECTOR, f'section.viewer g.node[data-id="{target}"]').click()
        times.append(driver.execute_script("return window.treeviz.lastActionMs"))
    return times


def _step_times(driver, rounds: int) -> list[float]:
    times = []
    first = driver.find_element(By.CSS_SELECTOR, "section.viewer button.first")
    if not first.is_displayed():  # a merged DAG has no replay
        return times
    first.click()
    forward = driver.find_element(By.CSS_SELECTOR, "section.viewer button.forward")
    for _ in range(rounds):
        forward.click()
        times.append(driver.execute_script("return window.treeviz.lastActionMs"))
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="page loads per tree (the median is shown)")
    args = parser.parse_args()
    reason = browser_missing()
    if reason:
        print(f"error: {reason}", file=sys.stderr)
        return 2
    rows = []
    with tempfile.TemporaryDirectory() as tmp, headless_chromium(1400, 900) as driver:
        for name, make in CASES:
            t0 = time.perf_counter()
            tree = make()
            t1 = time.perf_counter()
            page = tree.html()
            t2 = time.perf_counter()
            path = Path(tmp) / "page.html"
            path.write_text(page, encoding="utf-8")
            nodes = tree.graph.number_of_nodes() + (tree.compare.number_of_nodes() if tree.compare else 0)
            ready, painted, wall, parse = [], [], [], []
            for _ in range(args.repeat):
                start = time.perf_counter()
                timings = open_page(driver, path)
                wall.append((time.perf_counter() - start) * 1000)
                ready.append(timings["ready"])
                parse.append(timings["parseMs"] + timings["buildMs"])
                painted.append(WebDriverWait(driver, 10).until(
                    lambda d: d.execute_script("return window.treeviz.timings.painted")))
            driver.find_element(By.CSS_SELECTOR, "section.viewer button.expand-all").click()
            expand_all = driver.execute_script("return window.treeviz.lastActionMs")
            shown_all = len(driver.find_elements(By.CSS_SELECTOR, "section.viewer:nth-of-type(1) g.node"))
            open_page(driver, path)
            expand = _expand_times(driver, 10)
            step = _step_times(driver, 20)
            rows.append((name, nodes, len(page.encode()) / 1e6, t1 - t0, t2 - t1, statistics.median(ready),
                         statistics.median(painted), statistics.median(wall), statistics.median(parse),
                         statistics.median(expand) if expand else float("nan"), max(expand, default=float("nan")),
                         statistics.median(step) if step else float("nan"), expand_all, shown_all))
    header = ("tree", "nodes", "MB", "search s", "page s", "ready ms", "painted ms", "load ms", "parse+model ms",
              "expand ms (median)", "expand ms (max)", "step ms", "expand all ms (nodes)")
    print(" | ".join(header))
    for r in rows:
        print(f"{r[0]} | {r[1]:,} | {r[2]:.1f} | {r[3]:.2f} | {r[4]:.2f} | {r[5]:.0f} | {r[6]:.0f} | {r[7]:.0f} | "
              f"{r[8]:.0f} | {r[9]:.1f} | {r[10]:.1f} | {r[11]:.1f} | {r[12]:.0f} ({r[13]:,})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
