"""The quiz page in a real browser (headless Chromium): a student types values (and windows), clicks the branches
they think alpha-beta prunes and checks. The right answers come from the exercise model (held to a plain
alpha-beta in tests/treeviz/exercises/test_model.py), never from the page's script."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import browser_missing, headless_chromium, open_page
from treeviz.exercises.model import Exercise, exercise
from treeviz.exercises.quiz import quiz_page
from treeviz.games.start import starting_point

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REASON = browser_missing()
if REASON:
    pytest.skip(f"browser tests need headless Chromium: {REASON}", allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"
TIE = "[[3,5],[3,9]]"


@pytest.fixture(scope="module")
def driver():
    with headless_chromium(1400, 900) as d:
        yield d


def show(driver, tmp_path: Path, *, tree: str | None = None, fen: str | None = None, quiz: str = "values",
         algorithm: str = "alphabeta") -> Exercise:
    """Open the quiz page of a position; returns the exercise it asks about (the key of the test)."""
    path = tmp_path / "quiz.html"
    path.write_text(quiz_page(fen, tree=tree, quiz=quiz, algorithm=algorithm), encoding="utf-8")
    open_page(driver, path)
    return exercise(starting_point(fen, tree=tree), algorithm=algorithm)


def bring(driver, node: int) -> None:
    """Pan the tree so that ``node`` is in the middle of the window, as a student would drag it there."""
    driver.execute_script("window.treeviz.viewers[0].centerOn(arguments[0])", node)


def field(driver, node: int, kind: str = "value"):
    return driver.find_element(By.CSS_SELECTOR, f'input[data-node="{node}"][data-kind="{kind}"]')


def answer(driver, node: int, text: str, kind: str = "value") -> None:
    bring(driver, node)
    box = field(driver, node, kind)
    box.click()
    box.clear()
    box.send_keys(text)


def mark(driver, child: int) -> None:
    """Click the move label of the branch into ``child``."""
    bring(driver, child)
    driver.find_element(By.CSS_SELECTOR, f'g.mvlabel[data-edge="{child}"]').click()


def check(driver) -> tuple[str, list[dict[str, str]]]:
    """Press Check; the score line and the mistakes listed (node, kind, and their texts)."""
    driver.find_element(By.CSS_SELECTOR, "button.check").click()
    score = driver.find_element(By.CSS_SELECTOR, ".quiz-panel .score").text
    mistakes = [{"node": li.get_attribute("data-node"), "kind": li.get_attribute("data-kind"),
                 "where": li.find_element(By.CSS_SELECTOR, ".where").text,
                 "you": li.find_element(By.CSS_SELECTOR, ".you").text,
                 "right": li.find_element(By.CSS_SELECTOR, ".right").text,
                 "why": li.find_element(By.CSS_SELECTOR, ".why").text}
                for li in driver.find_elements(By.CSS_SELECTOR, ".quiz-panel .mistakes li")]
    return score, mistakes


def answer_all(driver, ex: Exercise, *, windows: bool = False, skip: tuple[int, ...] = ()) -> None:
    """Every right answer: the value of each inner node the search reaches (bounds with their relation written
    the ASCII way), its window, and a mark on each pruned branch."""
    for node in ex.nodes:
        if node.id in skip:
            continue
        if node.examined and not node.leaf:
            text = ex.value_text(node).replace("\u2264 ", "<=").replace("\u2265 ", ">=")
            answer(driver, node.id, text)
            if windows and node.parent >= 0:
                for kind, value in (("alpha", node.alpha), ("beta", node.beta)):
                    answer(driver, node.id, ex.number(value).replace("\u221e", "inf"), kind)
    for node in ex.pruned_moves:
        if node.id not in skip:
            mark(driver, node.id)


def no_script_errors(driver) -> bool:
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []


def test_an_all_correct_run_scores_100_percent(driver, tmp_path: Path) -> None:
    ex = show(driver, tmp_path, tree=CLASSIC)
    answer_all(driver, ex)
    score, mistakes = check(driver)
    assert score == "Score: 6 / 6 (100 %) \u00b7 all correct"
    assert mistakes == []
    assert len(driver.find_elements(By.CSS_SELECTOR, "input.qin.ok")) == 4
    assert len(driver.find_elements(By.CSS_SELECTOR, "g.mvlabel.bm-ok")) == 2
    assert no_script_errors(driver)


def test_one_wrong_cut_and_one_wrong_value_are_corrected_with_their_reasons(driver, tmp_path: Path) -> None:
    ex = show(driver, tmp_path, tree=CLASSIC)
    answer_all(driver, ex)
    answer(driver, 1, "12")  # B is 3: min(3, 12, 8)
    mark(driver, 11)  # D's second move is searched: the window [3, 14] is still open
    score, mistakes = check(driver)
    assert score == "Score: 5 / 7 (71.4 %) \u00b7 2 mistakes"
    assert [(m["node"], m["kind"]) for m in mistakes] == [("1", "value"), ("11", "branch")]
    value, cut = mistakes
    assert (value["where"], value["you"], value["right"]) == ("B: value", "12", "3")
    assert value["why"] == "min(3, 12, 8) = 3, inside the window [\u2212\u221e, +\u221e]: an exact value"
    assert (cut["where"], cut["you"], cut["right"]) == ("move 2 of D", "marked pruned", "not pruned")
    assert cut["why"] == "not pruned: when move 2 was reached \u03b1 = 3 < \u03b2 = 14, so the window was still open"
    assert "bad" in field(driver, 1).get_attribute("class")
    assert driver.find_element(By.CSS_SELECTOR, 'g.node[data-id="1"] .qmark').text == "\u2717 3"
    assert "bm-bad" in driver.find_element(By.CSS_SELECTOR, 'g.mvlabel[data-edge="11"]').get_attribute("class")


def test_a_missed_cut_is_explained_by_the_comparison_that_made_it(driver, tmp_path: Path) -> None:
    ex = show(driver, tmp_path, tree=CLASSIC)
    answer_all(driver, ex, skip=(8,))
    score, mistakes = check(driver)
    assert score == "Score: 5 / 6 (83.3 %) \u00b7 1 mistake"
    [missed] = mistakes
    assert (missed["where"], missed["you"], missed["right"]) == ("move 3 of C", "not marked", "pruned")
    assert missed["why"].startswith("pruned (\u03b1-cut: 2 \u2264 \u03b1=3): after move 1 returned 2")


def test_a_windows_level_run(driver, tmp_path: Path) -> None:
    ex = show(driver, tmp_path, tree=CLASSIC, quiz="windows")
    root_window = [field(driver, 0, kind).get_attribute("value") for kind in ("alpha", "beta")]
    assert root_window == ["\u2212\u221e", "+\u221e"]  # given
    answer_all(driver, ex, windows=True)
    score, mistakes = check(driver)
    assert (score, mistakes) == ("Score: 12 / 12 (100 %) \u00b7 all correct", [])
    answer(driver, 9, "-inf", "alpha")  # D is entered with alpha = 3, after B returned 3
    answer(driver, 5, "\u221e", "beta")  # "∞" is +∞: right
    score, mistakes = check(driver)
    assert score == "Score: 11 / 12 (91.7 %) \u00b7 1 mistake"
    [wrong] = mistakes
    assert (wrong["where"], wrong["you"], wrong["right"]) == ("D: \u03b1 at entry", "-inf", "3")
    assert wrong["why"] == ("it gets the window of the root when move 3 is tried, [3, +\u221e]: \u03b1 = 3 since "
                            "move 1 returned 3, \u03b2 = +\u221e as the root was entered")
    assert "\u03b1 3" in driver.find_element(By.CSS_SELECTOR, 'g.node[data-id="9"] .qnote').text


def test_a_tie_cuts_as_the_page_says(driver, tmp_path: Path) -> None:
    ex = show(driver, tmp_path, tree=TIE)
    rules = driver.find_element(By.CSS_SELECTOR, ".quiz-panel .rules").text
    assert "fail-soft" in rules and "equal being enough" in rules
    assert [n.id for n in ex.pruned_moves] == [6]
    answer_all(driver, ex, skip=(6,))
    score, mistakes = check(driver)
    assert score == "Score: 3 / 4 (75 %) \u00b7 1 mistake"
    [missed] = mistakes
    assert missed["why"].startswith("pruned (\u03b1-cut: 3 \u2264 \u03b1=3)") and "a tie is enough" in missed["why"]
    mark(driver, 6)
    assert check(driver) == ("Score: 4 / 4 (100 %) \u00b7 all correct", [])


BOUND_ANSWERS = [
    (5, "2", True), (5, "<=2", True), (5, "\u22642", True), (5, "=< 2", True), (5, ">=2", False), (5, "=2", False),
    (5, "3", False), (0, "3", True), (0, "=3", True), (0, "+3", True), (0, "<=3", False), (0, "three", False),
]


def test_the_rule_for_bounds(driver, tmp_path: Path) -> None:
    """C returns 2 as an upper bound (it cut), the root exactly 3: a number that matches is enough, and a relation
    written must be the right one."""
    show(driver, tmp_path, tree=CLASSIC)
    verdicts = []
    for node, typed, _ in BOUND_ANSWERS:
        answer(driver, node, typed)
        driver.find_element(By.CSS_SELECTOR, "button.check").click()
        verdicts.append("ok" in field(driver, node).get_attribute("class"))
    assert verdicts == [right for _, _, right in BOUND_ANSWERS]
    answer(driver, 5, ">=2")
    _, mistakes = check(driver)
    said = [m["you"] for m in mistakes if m["node"] == "5"]
    assert said == [">=2 (the number is right, but it is only an upper bound, \u2264 2, not a lower bound)"]


@pytest.mark.parametrize(("node", "typed", "note"), [
    (5, "=2", "the number is right, but it is only an upper bound, \u2264 2, not an exact value"),  # C cut: <= 2
    (0, "<=3", "the number is right, but it is an exact value, not an upper bound"),  # the root is 3
    (0, ">=3", "the number is right, but it is an exact value, not a lower bound"),
])
def test_a_wrong_relation_is_told_what_the_value_is(driver, tmp_path: Path, node: int, typed: str,
                                                    note: str) -> None:
    show(driver, tmp_path, tree=CLASSIC)
    answer(driver, node, typed)
    _, mistakes = check(driver)
    said = [m["you"] for m in mistakes if m["node"] == str(node) and m["kind"] == "value"]
    assert said == [f"{typed} ({note})"]


def test_a_game_position_all_correct_then_an_answer_in_a_pruned_node(driver, tmp_path: Path) -> None:
    ex = show(driver, tmp_path, fen="1o11o1oxx x")
    total = sum(1 for n in ex.nodes if n.examined and not n.leaf) + len(ex.pruned_moves)
    answer_all(driver, ex)
    assert check(driver) == (f"Score: {total} / {total} (100 %) \u00b7 all correct", [])
    pruned_inner = next(n for n in ex.pruned_moves if not n.leaf)
    mark(driver, pruned_inner.id)  # unmarked: its value box opens again
    answer(driver, pruned_inner.id, "-1")
    score, mistakes = check(driver)
    assert score == f"Score: {total - 1} / {total + 1} ({round(1000 * (total - 1) / (total + 1)) / 10:g} %) " \
                    "\u00b7 2 mistakes"
    assert [(m["kind"], m["right"]) for m in mistakes] == [("branch", "pruned"), ("value", "blank")]
    assert mistakes[1]["why"] == "leave it blank: alpha-beta never reaches this node (this move was pruned)"
    assert mistakes[1]["where"].startswith("the position after ")
    assert no_script_errors(driver)


def test_a_marked_branch_greys_its_subtree_and_the_answer_can_be_shown(driver, tmp_path: Path) -> None:
    ex = show(driver, tmp_path, fen="1o11o1oxx x")
    top = next(n for n in ex.pruned_moves if not n.leaf)
    below = top.children[0]
    mark(driver, top.id)
    assert field(driver, top.id).get_attribute("disabled") == "true"
    assert "skipped" in driver.find_element(By.CSS_SELECTOR, f'g.node[data-id="{below}"]').get_attribute("class")
    mark(driver, below)  # inside a marked branch: nothing to mark
    assert "bm-mine" not in driver.find_element(By.CSS_SELECTOR, f'g.mvlabel[data-edge="{below}"]').get_attribute(
        "class")
    driver.find_element(By.CSS_SELECTOR, "button.answer").click()
    keys = {n.id: driver.find_element(By.CSS_SELECTOR, f'g.node[data-id="{n.id}"] .qmark').get_attribute("textContent")
            for n in ex.nodes if n.examined and not n.leaf}
    assert keys == {n.id: ex.value_text(n) for n in ex.nodes if n.examined and not n.leaf}
    assert len(driver.find_elements(By.CSS_SELECTOR, "g.mvlabel.bm-key")) == len(ex.pruned_moves)
    driver.find_element(By.CSS_SELECTOR, "button.clear").click()
    assert driver.find_elements(By.CSS_SELECTOR, "g.mvlabel.bm-mine, g.mvlabel.bm-key") == []


def test_answers_survive_closing_and_opening_a_subtree(driver, tmp_path: Path) -> None:
    show(driver, tmp_path, tree=CLASSIC)
    answer(driver, 5, "<=2")
    driver.find_element(By.CSS_SELECTOR, 'g.node[data-id="0"] path.tbshape').click()  # close the root
    assert driver.find_elements(By.CSS_SELECTOR, 'input[data-node="5"]') == []
    driver.find_element(By.CSS_SELECTOR, 'g.node[data-id="0"] path.tbshape').click()
    assert field(driver, 5).get_attribute("value") == "<=2"


def test_a_minimax_quiz_asks_values_only(driver, tmp_path: Path) -> None:
    ex = show(driver, tmp_path, tree=CLASSIC, algorithm="minimax")
    mark(driver, 7)
    assert driver.find_elements(By.CSS_SELECTOR, "g.mvlabel.bm-mine") == []
    for node in ex.nodes:
        if not node.leaf:
            answer(driver, node.id, ex.number(node.minimax))
    assert check(driver) == ("Score: 4 / 4 (100 %) \u00b7 all correct", [])
    assert "minimax quiz" in driver.find_element(By.CSS_SELECTOR, "#summary").text


def test_enter_goes_on_to_the_next_box_in_the_searchs_order(driver, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    show(driver, tmp_path, tree=CLASSIC, quiz="windows")
    answer(driver, 1, "3")
    visited = []
    for _ in range(4):
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        active = driver.switch_to.active_element
        visited.append((active.get_attribute("data-node"), active.get_attribute("data-kind")))
    assert visited == [("1", "alpha"), ("1", "beta"), ("5", "value"), ("5", "alpha")]  # B, then C (leaves: none)


def test_a_chance_nodes_average_in_decimals_or_as_a_fraction(driver, tmp_path: Path) -> None:
    """C = 1/3 × 5 + 2/3 × 1 = 7/3: written 7/3, or rounded to two decimals or more; one decimal is not enough."""
    ex = show(driver, tmp_path, tree="[B={1/2: [3,12], 1/2: [2,4]}, C={1/3: [14,5], 2/3: [6,1]}]")
    c = next(n for n in ex.nodes if n.caption == "C")
    verdicts = {}
    for typed in ("7/3", "2.33", "2.333", "2,33", "2.3", "2.34"):
        answer(driver, c.id, typed)
        driver.find_element(By.CSS_SELECTOR, "button.check").click()
        verdicts[typed] = "ok" in field(driver, c.id).get_attribute("class")
    assert verdicts == {"7/3": True, "2.33": True, "2.333": True, "2,33": True, "2.3": False, "2.34": False}
    answer_all(driver, ex)
    total = sum(1 for n in ex.nodes if n.examined and not n.leaf) + len(ex.pruned_moves)
    assert check(driver) == (f"Score: {total} / {total} (100 %) \u00b7 all correct", [])


THIRTY_THREE = "[[[1,2,3,4],[5,6,7,8],[9,1,2,3]],[[4,5,6,7],[8,9,1,2],[3,4,5,6]]]"  # 33 nodes, 24 leaves

OUT_OF_VIEW = """const v = window.treeviz.viewers[0], s = v.svg.node().getBoundingClientRect(), out = [];
document.querySelectorAll('g.node').forEach((g) => { const r = g.getBoundingClientRect();
  if (r.left < s.left || r.right > s.right || r.top < s.top || r.bottom > s.bottom) out.push(+g.dataset.id); });
return [String(d3.zoomTransform(v.svg.node())), document.querySelectorAll('g.node').length, out];"""

PAN_AWAY = """const v = window.treeviz.viewers[0];
v.svg.call(v.zoom.transform, d3.zoomIdentity.translate(-400, -300).scale(1.1));"""


def test_a_tree_of_a_few_dozen_nodes_opens_whole_on_a_laptop_screen(tmp_path: Path) -> None:
    with headless_chromium(1400, 1000) as laptop:
        show(laptop, tmp_path, tree=THIRTY_THREE)
        transform, drawn, outside = laptop.execute_script(OUT_OF_VIEW)
        assert drawn == 33 and outside == [], transform
        # the boxes stay big enough to type in: the scale is not below the page's readable one
        assert float(transform.split("scale(")[1].rstrip(")")) >= 0.6
        box = field(laptop, 0).rect
        assert box["width"] >= 30 and box["height"] >= 12


@pytest.mark.parametrize(("tree", "fen"), [(THIRTY_THREE, None), (None, "1o11o1oxx x")])
def test_fit_shows_the_whole_tree(tmp_path: Path, tree: str | None, fen: str | None) -> None:
    with headless_chromium(1400, 1000) as laptop:
        show(laptop, tmp_path, tree=tree, fen=fen)
        laptop.execute_script(PAN_AWAY)
        before, drawn, outside = laptop.execute_script(OUT_OF_VIEW)
        assert outside  # panned away: some nodes are out of the window
        laptop.find_element(By.CSS_SELECTOR, "button.fit").click()
        after, drawn, outside = laptop.execute_script(OUT_OF_VIEW)
        assert after != before and outside == [] and drawn > 30
        laptop.execute_script(PAN_AWAY)
        laptop.find_element(By.CSS_SELECTOR, "body").send_keys("f")  # the f key does the same
        assert laptop.execute_script(OUT_OF_VIEW)[0] == after
