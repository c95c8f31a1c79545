"""The championship results page in a real browser (headless Chromium driven by Selenium).

Expected standings, crosstable, slowest moves and every position of every game are worked
out here with the engine, independently of the page's JavaScript.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from engine.arena.championship import Championship, Plan, play_task
from engine.arena.records import RecordsWriter, read_records
from engine.games.ultimate import ULTIMATE
from tests.browser import browser_missing, headless_chromium
from treeviz.pages.arena_page import crosstable, slowest_moves

pytestmark = pytest.mark.browser

REASON = browser_missing()
if REASON:
    pytest.skip(f"browser tests need headless Chromium: {REASON}", allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# plays 11 on an empty board, then the last move's cell (always occupied): it forfeits every game
ILLEGAL = "import sys\nlast = sys.argv[1].split()[1]\nprint('11' if last == '00' else last)\n"


@pytest.fixture(scope="module")
def championship(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    script = folder / "illegal.py"
    script.write_text(ILLEGAL)
    cheat = f"cmd:{sys.executable} -S {script}"
    players = ("random", "greedy", "seed:2", cheat)
    plan = Plan(players, ("random", "greedy", "seed:2", "cheat"), limit=5.0, rounds=1, openings=2, seed=1)
    path = folder / "games.jsonl"
    with RecordsWriter.create(path, plan) as writer:
        for task in plan.tasks():
            writer.append(play_task(task))
    with open(path, "a") as handle:
        handle.write("a line of garbage\n")
    records = read_records(path)
    page = folder / "standings.html"
    from treeviz.pages.arena_page import write_report

    write_report(records, page)
    return records, page


@pytest.fixture(scope="module")
def driver():
    with headless_chromium(1400, 1000) as d:
        yield d


def load(driver, page: Path) -> None:
    driver.get(page.resolve().as_uri())
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.body && document.body.dataset.ready === '1'"))


@pytest.mark.slow
def test_standings_are_the_championship_s(driver, championship) -> None:
    records, page = championship
    load(driver, page)
    champ = Championship.from_games(records.names(), records.in_order())
    rows = driver.find_elements(By.CSS_SELECTOR, "table.standings tbody tr")
    assert [r.get_attribute("data-player") for r in rows] == [s.name for s in champ.ranking()]
    for row, s in zip(rows, champ.ranking(), strict=True):
        cells = [c.text for c in row.find_elements(By.CSS_SELECTOR, "td, th")]
        assert cells[2:9] == [str(s.points), str(s.games), str(s.wins), str(s.draws), str(s.losses),
                              str(s.forfeits), f"{s.share:.1%}"]
        assert re.fullmatch(r"([+−]\d+|0) ± \d+", cells[9]), cells[9]
    assert champ.standings["cheat"].forfeits == 6
    slow = slowest_moves(records.in_order())
    cheat_row = driver.find_element(By.CSS_SELECTOR, 'tr[data-player="seed:2"] td.slowest')
    assert f"game {slow['seed:2'].game}, move {slow['seed:2'].ply}" in cheat_row.text
    forfeits = driver.find_elements(By.CSS_SELECTOR, ".forfeit-list li")
    assert len(forfeits) == 6 and all("cheat" in li.text and "illegal move" in li.text for li in forfeits)
    # the Elo chart has one row per player, the best first
    chart = driver.find_elements(By.CSS_SELECTOR, ".elo-chart g.elo-row")
    assert len(chart) == 4 and chart[-1].get_attribute("data-player") == "cheat"


def test_skipped_lines_are_named(driver, championship) -> None:
    records, page = championship
    load(driver, page)
    problems = driver.find_element(By.CSS_SELECTOR, "section.problems").text
    assert "line 14: not JSON" in problems and len(records.bad) == 1


@pytest.mark.slow
def test_crosstable_holds_the_points_of_each_pair(driver, championship) -> None:
    records, page = championship
    load(driver, page)
    cross = crosstable(records.names(), records.in_order())
    cells = driver.find_elements(By.CSS_SELECTOR, ".crosstable td.pair")
    assert len(cells) == 12
    for cell in cells:
        a, b = cell.get_attribute("data-a"), cell.get_attribute("data-b")
        pa, pb, _ = cross[(a, b)]
        assert cell.text == f"{pa}–{pb}"
    cells[0].click()
    shown = [r for r in driver.find_elements(By.CSS_SELECTOR, "#game-list tbody tr") if r.is_displayed()]
    a, b = cells[0].get_attribute("data-a"), cells[0].get_attribute("data-b")
    assert len(shown) == 2
    assert {(r.find_elements(By.TAG_NAME, "td")[2].text, r.find_elements(By.TAG_NAME, "td")[3].text)
            for r in shown} == {(a, b), (b, a)}


@pytest.mark.slow
def test_every_game_replays_move_by_move(driver, championship) -> None:
    records, page = championship
    load(driver, page)
    body = driver.find_element(By.TAG_NAME, "body")
    for k, game in enumerate(records.in_order()):
        driver.execute_script(f"window.arena.open({game.number}, 0)")
        fens = game.fens
        if k == 0:  # the first game with the keyboard, the others through the page's own stepping
            seen = []
            for _ in fens:
                seen.append(driver.execute_script("return window.arena.fen()"))
                body.send_keys(Keys.ARROW_RIGHT)
        else:
            seen = driver.execute_script(
                "const out = []; for (let p = 0; p <= arguments[0]; p++) { window.arena.show(p); "
                "out.push(window.arena.fen()); } return out;", len(fens) - 1)
        assert seen == fens, game.number
        state = ULTIMATE.parse_fen(fens[-1])
        stones = driver.find_elements(By.CSS_SELECTOR, "#board text.stone.x, #board text.stone.o")
        assert len(stones) == 81 - ULTIMATE.empty_count(state)
        x_won, o_won, _ = ULTIMATE.board_masks(state)
        letters = driver.execute_script(
            "return [...document.querySelectorAll('#board text.won')].map((t) => t.textContent)")
        assert letters == ["x" if x_won >> k & 1 else "o" if o_won >> k & 1 else "" for k in range(9)]
    # back to the start with Home, the buttons step both ways
    driver.execute_script(f"window.arena.open({records.in_order()[0].number})")
    body.send_keys(Keys.HOME)
    assert driver.execute_script("return window.arena.ply") == 0
    driver.find_element(By.ID, "next").click()
    driver.find_element(By.ID, "next").click()
    driver.find_element(By.ID, "prev").click()
    assert driver.execute_script("return window.arena.ply") == 1


def test_links_and_rows_open_their_game(driver, championship) -> None:
    records, page = championship
    load(driver, page)
    slow = slowest_moves(records.in_order())["seed:2"]
    driver.find_element(By.CSS_SELECTOR, 'tr[data-player="seed:2"] td.slowest a').click()
    assert driver.execute_script("return [window.arena.game, window.arena.ply]") == [slow.game, slow.ply]
    assert "move" in driver.find_element(By.ID, "ply-label").text
    row = driver.find_elements(By.CSS_SELECTOR, "#game-list tbody tr")[4]
    row.click()
    game = records.games[int(row.get_attribute("data-game"))]
    assert driver.execute_script("return window.arena.game") == game.number
    assert driver.execute_script("return window.arena.ply") == len(game.moves)
    assert f"Game {game.number}: {game.x} (x) vs {game.o} (o)" == driver.find_element(By.ID, "game-title").text
    # a game opened at its start shows its first moves, whatever was scrolled to before
    longest = max(records.in_order(), key=lambda g: len(g.moves))
    driver.execute_script(f"window.arena.open({longest.number})")
    driver.execute_script(f"window.arena.open({longest.number}, 0)")
    assert driver.execute_script("return document.getElementById('moves').scrollTop") == 0


def test_page_is_one_offline_file(championship) -> None:
    _, page = championship
    text = page.read_text()
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text)
    assert "<script src" not in text and "<link" not in text
