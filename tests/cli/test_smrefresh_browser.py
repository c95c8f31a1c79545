"""refresh.html in a real browser (headless Chromium): opened while a game runs, it shows the newer position later."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.games.ultimate import ULTIMATE
from tests.play_helpers import BIN

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None or CHROMEDRIVER is None,
                       reason="headless Chromium not found (Debian packages chromium and chromium-driver)"),
]

CHROMIUM_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--window-size=1100,900")


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'chromium-profile'}")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


class RunningGame:
    """sm-refresh running with moves written to its stdin one at a time (the person at the keyboard)."""

    def __init__(self, folder: Path, *extra: str) -> None:
        self.folder = folder
        self.log = folder.parent / "game-output.txt"
        self._out = self.log.open("w")
        self.proc = subprocess.Popen(
            [str(BIN / "sm-refresh"), "--player", "random", "--seed", "3", "-o", str(folder), *extra],
            stdin=subprocess.PIPE, stdout=self._out, stderr=subprocess.STDOUT, text=True)

    def play(self, move: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(move + "\n")
        self.proc.stdin.flush()

    def output(self) -> str:
        return self.log.read_text()

    def stop(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        self._out.close()


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Callable[..., RunningGame]]:
    games: list[RunningGame] = []

    def start(*extra: str) -> RunningGame:
        running = RunningGame(tmp_path / "live", *extra)
        games.append(running)
        return running

    yield start
    for running in games:
        running.stop()


def wait_until(condition: Callable[[], Any], what: str, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = condition()
        except Exception:  # noqa: BLE001 - the page may be mid-reload
            value = None
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def page_view(driver: Any) -> dict[str, Any]:
    """What the page shows: move count, move list text, FEN, image address and its loaded width."""
    return driver.execute_script("""
        const moves = document.getElementById('moves');
        const board = document.getElementById('board');
        return {count: Number(moves.dataset.count || 0), moves: moves.innerText,
                fen: document.getElementById('fen').innerText,
                src: board.getAttribute('src'), width: board.naturalWidth, complete: board.complete};
    """)


def next_move_for_page(view: dict[str, Any]) -> str:
    state = ULTIMATE.parse_fen(view["fen"])
    return ULTIMATE.move_name(ULTIMATE.legal_moves(state)[0])


@pytest.mark.slow
def test_page_opened_from_the_folder_follows_the_game(browser: Any, game: Callable[..., RunningGame],
                                                      tmp_path: Path) -> None:
    running = game()
    page = tmp_path / "live" / "refresh.html"
    running.play("55")
    wait_until(lambda: 'data-count="2"' in page.read_text(), "the page after the computer's reply")
    browser.get(page.as_uri())
    before = wait_until(lambda: (v := page_view(browser))["count"] == 2 and v["complete"] and v["width"] > 0 and v,
                        "the page with two moves and its picture")
    shot_before = browser.get_screenshot_as_png()
    (tmp_path / "before.png").write_bytes(shot_before)
    assert "55" in before["moves"]

    running.play(next_move_for_page(before))
    after = wait_until(lambda: (v := page_view(browser))["count"] == 4 and v["complete"] and v["width"] > 0 and v,
                       "the browser to reload and show four moves")
    shot_after = browser.get_screenshot_as_png()
    (tmp_path / "after.png").write_bytes(shot_after)
    assert after["src"] != before["src"]  # a new picture address: no stale cached image
    assert after["fen"] != before["fen"]
    assert ULTIMATE.fen(ULTIMATE.parse_fen(after["fen"])) == after["fen"]
    assert before["moves"].splitlines()[1:] != after["moves"].splitlines()[1:]
    assert shot_after != shot_before
    assert "Traceback" not in running.output()


@pytest.mark.slow
def test_page_served_on_localhost_follows_the_game(browser: Any, game: Callable[..., RunningGame]) -> None:
    running = game("--port", "0")
    url = wait_until(lambda: re.search(r"Live page: (http://127\.0\.0\.1:\d+/refresh\.html)", running.output()),
                     "the server address")[1]
    browser.get(url)
    before = wait_until(lambda: (v := page_view(browser)) and v, "the served page")
    assert before["count"] == 0
    running.play("e5")
    after = wait_until(lambda: (v := page_view(browser))["count"] == 2 and v["complete"] and v["width"] > 0 and v,
                       "the served page to show two moves")
    assert after["moves"].splitlines()[1].split()[1] == "55"
