"""The quiz page's data: the whole tree's columns beside the key, node by node, and the words of every
correction -- held to the exercise model (itself held to a plain alpha-beta in test_model.py)."""

from __future__ import annotations

import json
import random
import re
from math import inf

import pytest

from engine.errors import ParameterError
from tests.treeviz.exercises.test_model import random_nested, text
from treeviz.exercises.model import exercise
from treeviz.exercises.quiz import (
    QUIZ_MAX_NODES,
    mark_reason,
    points,
    quiz_data,
    quiz_page,
    quiz_rules,
    value_reason,
    window_reason,
)
from treeviz.games.start import starting_point
from treeviz.tree import comparison, search_tree
from treeviz.trees.builder import build_tree

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"


def data_of(tree: str | None = None, fen: str | None = None, algorithm: str = "alphabeta", level: str = "values",
            **search: object) -> tuple[object, dict]:
    start = starting_point(fen, tree=tree)
    ex = exercise(start, algorithm=algorithm, **search)  # type: ignore[arg-type]
    whole = build_tree(start.game, start.state, algorithm="minimax", **search)  # type: ignore[arg-type]
    return ex, quiz_data(ex, whole, level)


def page_payload(page: str) -> dict:
    found = re.search(r'<script id="treeviz-data" type="application/json">(.*?)</script>', page, re.S)
    assert found is not None
    return json.loads(found.group(1))


def test_the_classic_trees_key_node_by_node() -> None:
    ex, data = data_of(CLASSIC)
    key = data["quiz"]
    assert data["kind"] == "quiz" and data["n"] == 13 and data["stubs"]["n"] == 0
    assert key["players"] == ["MAX", "MIN"] and key["signed"] is False
    assert key["name"][:2] == ["the root", "B"] and key["name"][7] == "the leaf after moves 2 2"
    assert key["branch"][7] == "move 2 of C" and key["branch"][5] == "move 2 at the root"
    assert key["answer"][0] == "3" and key["answer"][5] == "\u2264 2" and key["answer"][9] == "2"
    assert key["answer"][7] == ""  # pruned: no value
    assert key["pruned"] == [7, 8] and key["below"] == []
    assert key["examined"] == [1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1]
    assert key["cuts"]["5"]["text"] == "\u03b1-cut: 2 \u2264 \u03b1=3" and key["cuts"]["5"]["pruned"] == [7, 8]
    assert key["windows"][9] == [[3, "inf"], [3, 14], [3, 5], [3, 2]]
    assert key["alpha"][5] == 3 and key["beta"][5] == "inf"
    assert key["leafValue"][2] == 3 and key["leafValue"][0] is None
    assert key["points"] == 6  # four values, two pruned branches


def test_the_windows_level_adds_alpha_and_beta_of_every_inner_node_but_the_root() -> None:
    ex, data = data_of(CLASSIC, level="windows")
    assert data["quiz"]["level"] == "windows"
    assert data["quiz"]["points"] == 6 + 2 * 3
    assert any("\u03b1 and \u03b2" in rule and "inf" in rule for rule in data["quiz"]["rules"])


def test_the_tree_columns_are_the_exercises_nodes_in_order() -> None:
    ex, data = data_of(fen="1o11o1oxx x")
    fens = [data["fens"][k] for k in data["fen"]]
    assert fens == [n.fen for n in ex.nodes]
    assert data["depth"] == [n.depth for n in ex.nodes]
    key = data["quiz"]
    assert key["players"] == ["x", "o"] and key["signed"] is True
    assert key["name"][1] == "the position after 1" and key["branch"][3] == "move 4 after 1"
    assert key["answer"][3] == "\u2265 \u22121"
    assert len(key["pruned"]) == 5 and len(key["below"]) == len(ex.nodes) - ex.examined - 5


def test_a_tree_of_another_search_is_refused() -> None:
    start = starting_point(tree=CLASSIC)
    ex = exercise(start)
    other = build_tree(start.game, start.state, algorithm="minimax", order="worst")
    with pytest.raises(ValueError, match="not of the same search"):
        quiz_data(ex, other)


def test_a_minimax_quiz_asks_for_values_only() -> None:
    ex, data = data_of(CLASSIC, algorithm="minimax")
    key = data["quiz"]
    assert key["pruned"] == [] and key["points"] == 4
    assert all(b in ("exact", None) for b in key["bound"])
    rules = " ".join(key["rules"])
    assert "minimax value" in rules and "prune" not in rules
    with pytest.raises(ParameterError, match="quiz='windows' asks for alpha-beta's windows"):
        data_of(CLASSIC, algorithm="minimax", level="windows")


def test_the_rules_state_the_tie_rule_the_bounds_and_the_scoring() -> None:
    ex = exercise(starting_point(tree=CLASSIC))
    rules = quiz_rules(ex, "values")
    text_ = " ".join(rules)
    assert "fail-soft" in text_ and "equal being enough" in text_
    assert "at a MAX node a value \u2265 \u03b2, at a MIN node a value \u2264 \u03b1" in text_
    assert "\u22642 (or <=2)" in text_ and "\u22655 (or >=5)" in text_
    assert "a relation you write must be the right one" in text_
    assert "top edge of each pruned branch" in text_
    assert "counts as a mistake" in text_


def test_a_tie_is_pruned_and_its_correction_says_so() -> None:
    ex, data = data_of("[[3,5],[3,9]]")
    key = data["quiz"]
    assert key["pruned"] == [6]  # ids: root 0, [3,5] 1, its leaves 2 and 3, [3,9] 4, its leaves 5 and 6
    assert "a tie is enough" in key["mark"][6]
    assert key["answer"][4] == "\u2264 3"
    assert key["valueWhy"][4].startswith("min(3) = 3, and it stopped after move 1 (\u03b1-cut: 3 \u2264 \u03b1=3")


def test_the_corrections_of_the_classic_tree() -> None:
    ex = exercise(starting_point(tree=CLASSIC))
    c, d = ex.nodes[5], ex.nodes[9]
    assert value_reason(ex, c) == ("min(2) = 2, and it stopped after move 1 (\u03b1-cut: 2 \u2264 \u03b1=3, 2 moves "
                                   "left unsearched): the search proves only that the value is at most 2 (\u2264 2)")
    assert value_reason(ex, d) == ("min(14, 5, 2) = 2: every move was searched, the best exact and the others proved "
                                   "no better for MIN, so an exact value, although outside the window [3, +\u221e]")
    assert value_reason(ex, ex.root) == "max(3, \u2264 2, 2) = 3, inside the window [\u2212\u221e, +\u221e]: " \
        "an exact value"
    assert value_reason(ex, ex.nodes[7]).startswith("leave it blank")
    assert window_reason(ex, ex.nodes[11]) == ("it gets the window of D when move 2 is tried, [3, 14]: \u03b1 = 3 as D "
                                               "was entered, \u03b2 = 14 since move 1 returned 14")
    assert mark_reason(ex, ex.nodes[11]) == ("not pruned: when move 2 was reached \u03b1 = 3 < \u03b2 = 14, so the "
                                             "window was still open")
    assert mark_reason(ex, ex.nodes[7]).startswith("pruned (\u03b1-cut: 2 \u2264 \u03b1=3): after move 1 returned 2")


@pytest.mark.parametrize("seed", range(60))
def test_the_words_agree_with_the_key_on_random_trees(seed: int) -> None:
    rng = random.Random(seed)
    tree = random_nested(rng, rng.randint(2, 4))
    if not isinstance(tree, list):
        tree = [tree]
    ex = exercise(starting_point(tree=text(tree), root=rng.choice(["max", "min"])))
    for node in ex.nodes:
        why = value_reason(ex, node)
        if node.examined and not node.leaf:
            a = -inf if node.alpha is None else node.alpha
            b = inf if node.beta is None else node.beta
            # The bound's comparison the words state is true of the entry window.
            v = ex.number(node.value)
            if node.bound == "upper":
                assert node.value <= a and why.endswith(f"at most {v} (\u2264 {v})")
            elif node.bound == "lower":
                assert node.value >= b and why.endswith(f"at least {v} (\u2265 {v})")
            elif a < node.value < b:
                assert why.endswith("inside the window " + ex.window_text((a, b)) + ": an exact value")
            else:  # exact outside the window: its children's values prove it
                assert why.endswith("an exact value, although outside the window " + ex.window_text((a, b)))
            if node.parent >= 0:
                assert ex.window_text((a, b)) in window_reason(ex, node)
        elif not node.examined:
            assert why.startswith("leave it blank")
        if node.parent >= 0:
            mark = mark_reason(ex, node)
            expected = "pruned (" if node.pruned else "not pruned: " if node.examined else "not the top"
            assert mark.startswith(expected), mark
    assert points(ex, "values") == sum(1 for n in ex.nodes if n.examined and not n.leaf) + len(ex.pruned_moves)


def test_the_page_is_one_file_with_the_quiz_viewer() -> None:
    page = quiz_page(tree=CLASSIC, quiz="windows")
    payload = page_payload(page)
    assert payload["title"] == "Alpha-beta quiz: [B=[3,12,8],C=[2,4,6],D=[14,5,2]]"
    assert [t["kind"] for t in payload["trees"]] == ["quiz"]
    assert "class QuizViewer" in page and ".quiz-panel" in page
    assert "<script src" not in page and "<link" not in page


def test_a_tree_made_by_search_tree_becomes_its_quiz() -> None:
    tree = search_tree(tree=CLASSIC, algorithm="alphabeta", order="worst", title="Exercise 1")
    payload = page_payload(tree.html(quiz="values"))
    assert payload["title"] == "Exercise 1"
    key = payload["trees"][0]["quiz"]
    assert key["algorithm"] == "alphabeta" and key["pruned"] == []  # the worst order prunes nothing here
    minimax = page_payload(search_tree(tree=CLASSIC).html(quiz="values"))["trees"][0]["quiz"]
    assert minimax["algorithm"] == "minimax"


@pytest.mark.parametrize(("make", "message"), [
    (lambda: comparison(tree=CLASSIC).html(quiz="values"), "not from a comparison"),
    (lambda: search_tree("1o11o1oxx x", merge="symmetry").html(quiz="values"), "not a merged DAG"),
    (lambda: search_tree(tree=CLASSIC, max_nodes=5).html(quiz="values"), "shows the whole tree"),
    (lambda: search_tree("1o11o1oxx x", algorithm="mcts", iterations=10).html(quiz="values"), "algorithm='mcts'"),
    (lambda: search_tree(tree=CLASSIC).html(quiz="hard"), "quiz='hard' is not a quiz level"),
    (lambda: quiz_page("9 x"), f"more than {QUIZ_MAX_NODES:,} nodes"),
    (lambda: quiz_page("xxx1oo1o1 o"), "nothing to ask"),
])
def test_what_cannot_be_quizzed_is_refused(make, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        make()


def test_a_minimax_quiz_explains_without_windows_and_names_nodes_as_drawn() -> None:
    ex, data = data_of("[[3,12,8],[2,4,6],[14,5,2]]", algorithm="minimax")
    key = data["quiz"]
    assert key["valueWhy"][0] == "max(3, 2, 2) = 3" and key["valueWhy"][5] == "min(2, 4, 6) = 2"
    words = " ".join(key["valueWhy"] + key["reason"] + key["name"] + key["branch"])
    assert "window" not in words and "\u03b1" not in words and "bound" not in words
    # the page draws no node paths such as 2.1: nodes are named by the moves on the edges it draws
    assert key["name"][5] == "the MIN node after move 2" and key["name"][7] == "the leaf after moves 2 2"
    assert key["branch"][7] == "move 2 of the MIN node after move 2"
    assert not any(re.search(r"node \d", name) for name in key["name"])
