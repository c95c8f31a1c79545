"""Regenerate samples/arena/: a small class championship, its results page and a screenshot of it.

    .venv/bin/python scripts/make_arena_samples.py [--out samples/arena]

Six deterministic players (seeded random and greedy, the course's bot at depths 1-4), one
round from 4-ply random openings: 30 games, a few seconds. The games are the same on every
run; the move times are not, so when the games played now equal the recorded ones the
records (and so the page and its screenshot) are kept as they are, and a rerun changes no
byte. The screenshot comes from headless Chromium and is rewritten only when the picture
changed (compared by content, as scripts/make_html_samples.py does).
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.arena.championship import Plan, play_task  # noqa: E402
from engine.arena.records import RecordsWriter, game_line, read_records  # noqa: E402
from tests.browser import browser_missing, headless_chromium  # noqa: E402
from treeviz.files import write_atomically  # noqa: E402
from treeviz.pages.arena_page import report_html  # noqa: E402

PLAYERS = ("random", "greedy", "course:1", "course:2", "course:3", "course:4")
PLAN = Plan(PLAYERS, PLAYERS, limit=6.0, rounds=1, openings=4, seed=2)
"""`treeviz arena random greedy course:1 course:2 course:3 course:4 --openings 4 --seed 2 --jobs 2 --report ...`"""
SAME_PICTURE = 8
"""Largest per-channel difference of two screenshots still taken as the same picture."""
GAME_SHOWN = 30
"""The game the screenshot replays (stopped at move 40): course:4 (x) against course:3."""


def essence(line: dict) -> tuple:
    return tuple(line[k] for k in ("game", "x", "o", "opening", "moves", "result", "reason", "points"))


def records(out: Path) -> Path:
    """The sample's records: played now, kept as they were when the games are the same."""
    path = out / "games.jsonl"
    games = [play_task(task) for task in PLAN.tasks()]
    if path.exists():
        old = read_records(path)
        if not old.bad and old.identity is not None and sorted(old.games) == [g.number for g in games] and all(
                essence(game_line(old.games[g.number])) == essence(game_line(g)) for g in games):
            print(f"kept {path} (the same games)")
            return path
    tmp = out / ".games.jsonl.new"
    tmp.unlink(missing_ok=True)
    with RecordsWriter.create(tmp, PLAN) as writer:
        for game in games:
            writer.append(game)
    tmp.replace(path)
    print(f"wrote {path}")
    return path


def screenshot(page: Path, shot: Path) -> None:
    from PIL import Image, ImageChops
    from selenium.webdriver.support.ui import WebDriverWait

    with headless_chromium(1400, 1060) as driver:
        driver.get(page.resolve().as_uri())
        WebDriverWait(driver, 30).until(
            lambda d: d.execute_script("return document.body && document.body.dataset.ready === '1'"))
        driver.execute_script(f"window.arena.open({GAME_SHOWN}, 40); document.activeElement.blur();")
        time.sleep(0.3)
        png = driver.get_screenshot_as_png()
    if shot.exists():
        with Image.open(shot) as old, Image.open(io.BytesIO(png)) as new:
            if old.size == new.size:
                diff = ImageChops.difference(old.convert("RGB"), new.convert("RGB"))
                if max(high for _, high in diff.getextrema()) <= SAME_PICTURE:
                    print(f"kept {shot} (same picture)")
                    return
    write_atomically(shot, png)
    print(f"wrote {shot}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "samples" / "arena")
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    path = records(out)
    page = out / "standings.html"
    write_atomically(page, report_html(read_records(path), title="Class championship (sample)"))
    print(f"wrote {page}")
    reason = browser_missing()
    if reason:
        print(f"error: no screenshot: {reason}", file=sys.stderr)
        return 2
    screenshot(page, out / "standings.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
