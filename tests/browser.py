"""Headless Chromium for the page's tests, sample screenshots and benchmark (Selenium 4).

Uses the system's Chromium and chromedriver (Debian ``chromium`` and ``chromium-driver``),
never a downloaded browser, with background networking off and a throw-away profile.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMEDRIVER_CANDIDATES = ("/usr/bin/chromedriver",)


def _first(paths: tuple[str, ...], name: str) -> str | None:
    for path in paths:
        if Path(path).exists():
            return path
    return shutil.which(name)


def browser_missing() -> str | None:
    """Why the browser cannot run here (None when it can): the reason a test gives when it skips."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if _first(CHROMIUM_CANDIDATES, "chromium") is None:
        return "chromium is not installed (Debian package chromium)"
    if _first(CHROMEDRIVER_CANDIDATES, "chromedriver") is None:
        return "chromedriver is not installed (Debian package chromium-driver)"
    return None


@contextmanager
def headless_chromium(width: int = 1400, height: int = 900) -> Iterator[Any]:
    """A Selenium WebDriver on headless Chromium with a fresh profile, quit on exit."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    reason = browser_missing()
    if reason:
        raise RuntimeError(reason)
    profile = tempfile.mkdtemp(prefix="treeviz-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = _first(CHROMIUM_CANDIDATES, "chromium") or "chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--hide-scrollbars", f"--window-size={width},{height}",
                 # the same pixels on every run (screenshots are checked in): grey-scale text, no hinting
                 "--disable-lcd-text", "--font-render-hinting=none", "--force-color-profile=srgb",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    service = Service(executable_path=_first(CHROMEDRIVER_CANDIDATES, "chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    try:
        driver.set_window_size(width, height)
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def open_page(driver: Any, path: str | Path, timeout: float = 30.0) -> dict[str, float]:
    """Load a page file and wait until its script says it is ready; returns the page's timings (ms)."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(Path(path).resolve().as_uri())
    WebDriverWait(driver, timeout).until(
        lambda d: d.execute_script("return document.body && document.body.dataset.ready === '1'"))
    return driver.execute_script("return window.treeviz.timings")
