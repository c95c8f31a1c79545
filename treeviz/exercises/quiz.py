"""The quiz in the interactive page: the whole tree of an exercise, the student's answers checked in the browser.

The page shows every node of the tree (:func:`treeviz.exercises.model.exercise`) with the leaves' values given;
the student types the value the search returns at each inner node (and, at the ``windows`` level, alpha and beta
when it enters the node) and clicks the top edge of each branch alpha-beta prunes. The page's script
(``treeviz/pages/html/quiz.js``) checks every answer against the key this module puts in the page, and explains
each mistake with the words made here (the model's reasons: why a move was searched or pruned, ties included).

The whole key is in the page, since it works offline: the quiz is for practice, not for exams.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import inf
from typing import Any

import networkx as nx

from engine.errors import ParameterError
from engine.game import Game
from treeviz.draw.labels import ALPHA, BETA, GEQ, LEQ
from treeviz.exercises.model import SIDE_CHANCE, Exercise, ExerciseNode, cut_text, exercise
from treeviz.games.start import Start, starting_point
from treeviz.pages.columns import json_number
from treeviz.pages.tree_page import page_html, tree_data
from treeviz.trees.budget import DEFAULT_NODE_BUDGET, NodeBudgetExceeded
from treeviz.trees.builder import Algorithm, OrderName, ScoringChoice, build_tree

QUIZ_LEVELS = ("values", "windows")
"""What the student answers: ``values`` (the values and, for alpha-beta, the pruned branches), ``windows`` (also
alpha and beta at each inner node's entry)."""
QUIZ_ALGORITHMS = ("alphabeta", "minimax")
"""The searches a quiz asks about (minimax: values only, nothing is pruned)."""
QUIZ_MAX_NODES = 2000
"""The most nodes a quiz's tree may have: every one is drawn with its inputs (a page is easy to read up to a few
hundred)."""
INFINITY = "\u221e"


def check_quiz(quiz: str, algorithm: str) -> None:
    """Refuse a quiz level that does not exist, or windows of a search that has none.

    :raises engine.errors.ParameterError: the level is not one of :data:`QUIZ_LEVELS`, the search is not one of
        :data:`QUIZ_ALGORITHMS`, or windows are asked of minimax.
    """
    if quiz not in QUIZ_LEVELS:
        raise ParameterError(f"{{quiz:quoted}} is not a quiz level (expected {' or '.join(QUIZ_LEVELS)})", quiz=quiz)
    if algorithm not in QUIZ_ALGORITHMS:
        raise ParameterError("{quiz:name} asks about the values and cuts of minimax or alpha-beta; {algorithm} "
                             "has neither", quiz=quiz, algorithm=algorithm)
    if quiz == "windows" and algorithm == "minimax":
        raise ParameterError("{quiz} asks for alpha-beta's windows; {algorithm} has none: quiz alpha-beta, or "
                             "ask for values", quiz=quiz, algorithm=algorithm)


def quiz_page(position: str | None = None, *, game: str | Game | None = None, tree: Any = None, root: str = "max",
              moves: str | Sequence[str] | None = None, algorithm: Algorithm = "alphabeta", depth: int | None = None,
              scoring: ScoringChoice = "plain", order: OrderName = "ascending", seed: int | None = 0,
              quiz: str = "values", title: str | None = None, node_budget: int = DEFAULT_NODE_BUDGET) -> str:
    """The self-contained quiz page of searching a position (named as for :func:`treeviz.search_tree`: a FEN,
    ``tree=``, ``game=`` with ``position`` and ``moves``) with ``algorithm`` in move ``order``, at level ``quiz``
    (:data:`QUIZ_LEVELS`).

    :raises ValueError: what :func:`treeviz.search_tree` refuses, a level or search :func:`check_quiz` refuses,
        a tree of more than :data:`QUIZ_MAX_NODES` nodes (each a :class:`engine.errors.ParameterError` naming
        its parameters), or a finished position.
    """
    check_quiz(quiz, algorithm)
    start = starting_point(position, game=game, tree=tree, root=root, moves=moves)
    return start_quiz_page(start, algorithm=algorithm, depth=depth, scoring=scoring, order=order, seed=seed,
                           quiz=quiz, title=title, node_budget=node_budget)


def tree_quiz_page(tree: Any, quiz: str) -> str:
    """The quiz page of a :class:`treeviz.tree.Tree` made by :func:`treeviz.search_tree` (its ``source``): one
    minimax or alpha-beta search of the whole tree (no path, plies, cap or merge).

    :raises ValueError: another kind of tree, or what :func:`quiz_page` refuses.
    """
    source = getattr(tree, "source", None)
    if source is None or len(tree.graphs) > 1:
        raise ParameterError("{quiz:name} is made from one search of a position (search_tree), not from a "
                             "comparison or a graph made otherwise: call quiz_page with the position", quiz=quiz)
    check_quiz(quiz, source["algorithm"])
    if source["merge"] is not None:
        raise ParameterError("{quiz:name} shows the whole tree, not a merged DAG: leave out {merge:name}",
                             quiz=quiz, merge=source["merge"])
    if source["path"] or source["plies"] is not None or source["max_nodes"]:
        raise ParameterError("{quiz:name} shows the whole tree: leave out {path:name}, {plies:name} and "
                             "{max_nodes:name}", quiz=quiz, path=source["path"], plies=source["plies"],
                             max_nodes=source["max_nodes"])
    return start_quiz_page(source["start"], algorithm=source["algorithm"], depth=source["depth"],
                           scoring=source["scoring"], order=source["order"], seed=source["seed"], quiz=quiz,
                           title=tree.title, node_budget=source["node_budget"])


def start_quiz_page(start: Start, *, algorithm: Algorithm = "alphabeta", depth: int | None = None,
                    scoring: ScoringChoice = "plain", order: OrderName = "ascending", seed: int | None = 0,
                    quiz: str = "values", title: str | None = None, node_budget: int = DEFAULT_NODE_BUDGET) -> str:
    """:func:`quiz_page` of a :class:`~treeviz.games.start.Start` already made."""
    check_quiz(quiz, algorithm)
    adapter = start.adapter
    if adapter.needs_depth and depth is None:
        raise ParameterError(f"{adapter.position_noun} needs a depth limit ({{depth:name}} N, e.g. 2): its full tree "
                             "is far too big to search", depth=None)
    budget = QUIZ_MAX_NODES if not node_budget else min(node_budget, QUIZ_MAX_NODES)
    try:
        ex = exercise(start, algorithm=algorithm, depth=depth, order=order, seed=seed, scoring=scoring,
                      node_budget=budget)
        whole = build_tree(start.game, start.state, algorithm="minimax", depth=depth, scoring=scoring, order=order,
                           seed=seed, node_budget=budget)
    except NodeBudgetExceeded as exc:
        if budget < QUIZ_MAX_NODES:
            raise
        raise ParameterError(f"{{quiz:name}} shows the whole tree and this one has more than {QUIZ_MAX_NODES:,} "
                             "nodes: quiz a smaller one (a node inside it, moves played first with {moves:name}, "
                             "or a {depth:name} limit)", quiz=quiz, moves=None, depth=None) from exc
    if ex.root.leaf:
        raise ValueError(f"nothing to ask: {start.words!r} is a leaf (the game is over, or the depth limit is 0)")
    heading = title if title is not None else default_title(ex)
    return page_html(heading, [quiz_data(ex, whole, quiz)])


def default_title(ex: Exercise) -> str:
    """``Alpha-beta quiz: [[3,12,8],[2,4,6],[14,5,2]]``."""
    search = "Alpha-beta" if ex.algorithm == "alphabeta" else "Minimax"
    return f"{search} quiz: {ex.title}"


def quiz_data(ex: Exercise, whole: nx.DiGraph, quiz: str = "values") -> dict[str, Any]:
    """The page data of a quiz viewer: the whole tree's columns (``whole``: the minimax tree of the same position in
    the same move order, whose visit order is the exercise's node order) and the key, node by node.

    :raises ValueError: ``whole`` is not the tree of the exercise (another position, order or depth).
    """
    check_quiz(quiz, ex.algorithm)
    data = tree_data(whole)
    fens = [data["fens"][k] for k in data["fen"]]
    if len(fens) != len(ex.nodes) or any(f != n.fen for f, n in zip(fens, ex.nodes, strict=True)):
        raise ValueError("the tree and the exercise are not of the same search: their nodes differ")
    nodes = ex.nodes
    cuts = {}
    for node in nodes:
        if node.cut is not None:
            cut = node.cut
            cuts[str(node.id)] = {"kind": cut["kind"], "value": json_number(cut["value"]),
                                  "bound": json_number(cut["bound"]), "after": cut["after"],
                                  "pruned": cut["pruned"], "text": cut_text(ex, cut)}
    key = {
        "level": quiz,
        "algorithm": ex.algorithm,
        "signed": ex.signed,
        "players": [player_word(ex, 0), player_word(ex, 1)],
        "side": [n.side for n in nodes],
        "examined": [int(n.examined) for n in nodes],
        "pruned": [n.id for n in nodes if n.pruned],
        "below": [n.id for n in nodes if n.below_pruned],
        "order": [-1 if n.order is None else n.order for n in nodes],
        "value": [None if n.value is None else json_number(n.value) for n in nodes],
        "leafValue": [None if n.leaf_value is None else json_number(n.leaf_value) for n in nodes],
        "leaf": [int(n.leaf) for n in nodes],
        "bound": [n.bound for n in nodes],
        "alpha": [None if n.alpha is None else json_number(n.alpha) for n in nodes],
        "beta": [None if n.beta is None else json_number(n.beta) for n in nodes],
        "windows": [[[json_number(a), json_number(b)] for a, b in n.windows] for n in nodes],
        "cuts": cuts,
        "name": [node_name(ex, n) for n in nodes],
        "branch": [branch_name(ex, n) for n in nodes],
        "answer": [ex.value_text(n) for n in nodes],
        "reason": [n.reason if ex.algorithm == "alphabeta" else "" for n in nodes],  # minimax: no windows, no cuts
        "mark": [mark_reason(ex, n) for n in nodes],
        "valueWhy": [value_reason(ex, n) for n in nodes],
        "windowWhy": [window_reason(ex, n) for n in nodes],
        "rules": quiz_rules(ex, quiz),
        "points": points(ex, quiz),
    }
    return {**data, "kind": "quiz", "quiz": key}


def player_word(ex: Exercise, side: int) -> str:
    """A player as the quiz names them: ``MAX``/``MIN`` for a textbook tree, else the game's name (``x``)."""
    name = ex.players[side]
    return name.upper() if name in ("max", "min") else name


def node_name(ex: Exercise, node: ExerciseNode) -> str:
    """How a correction names a node, as the page shows it: ``the root``, a textbook node's name (``C``), the kind
    of node and the moves on the edges that lead there (``the MIN node after move 2``, ``the leaf after moves 2
    1``: the page draws no paths such as ``2.1``), or a game's position after its moves (``the position after 3
    4``)."""
    if node.parent < 0:
        return "the root"
    if node.caption:
        return node.caption
    if ex.game == "textbook":
        kind = "leaf" if node.leaf else "chance node" if node.side == SIDE_CHANCE else \
            f"{player_word(ex, node.side)} node"
        moves = _path(ex, node)
        return f"the {kind} after move{'s' if ' ' in moves else ''} {moves}"
    return "the position after " + _path(ex, node)


def _path(ex: Exercise, node: ExerciseNode) -> str:
    """The moves from the root to ``node``, as the game writes them."""
    moves = []
    at = node
    while at.parent >= 0:
        moves.append(at.move or str(at.place))
        at = ex.nodes[at.parent]
    return " ".join(reversed(moves))


def branch_name(ex: Exercise, node: ExerciseNode) -> str:
    """How a correction names the branch into ``node``: ``move 3 at the root``, ``move 2 of C``, ``move 4 after
    3 1`` ('' at the root)."""
    if node.parent < 0:
        return ""
    parent = ex.nodes[node.parent]
    if parent.parent < 0:
        return f"{_move_words(node)} at the root"
    if parent.caption or ex.game == "textbook":
        return f"{_move_words(node)} of {node_name(ex, parent)}"
    return f"{_move_words(node)} after {_path(ex, parent)}"


def _move_words(node: ExerciseNode) -> str:
    return f"move {node.move or node.place}"


def _searched(ex: Exercise, node: ExerciseNode) -> list[ExerciseNode]:
    """The children of ``node`` the search entered, in its order."""
    return sorted((ex.nodes[c] for c in node.children if ex.nodes[c].examined), key=lambda n: n.order or 0)


def _pruned_top(ex: Exercise, node: ExerciseNode) -> ExerciseNode | None:
    """The top of the pruned branch ``node`` lies in (itself when it is one), None when it was searched."""
    at: ExerciseNode | None = node
    while at is not None and not at.pruned:
        at = ex.nodes[at.parent] if at.parent >= 0 else None
    return at


def mark_reason(ex: Exercise, node: ExerciseNode) -> str:
    """Why the edge into ``node`` is, or is not, one to mark as pruned: the model's reason, said as the answer to
    "is this branch pruned?" ('' at the root)."""
    if node.parent < 0:
        return ""
    if node.pruned:
        return node.reason
    if node.examined:
        words = node.reason.removeprefix("searched: ")
        return f"not pruned: {words}"
    top = _pruned_top(ex, node)
    if top is None:  # pragma: no cover - a node is examined, pruned or below a pruned one
        return node.reason
    parent = ex.nodes[top.parent]
    return (f"not the top of a pruned branch: it lies inside the branch of {_move_words(top)} at "
            f"{node_name(ex, parent)}, which was pruned ({cut_text(ex, parent.cut or {})}): mark that move")


def value_reason(ex: Exercise, node: ExerciseNode) -> str:
    """Why the search returns what it does at an examined inner node: its children's values combined, and when
    only a bound was proved, the comparison that made it a bound ('' elsewhere)."""
    if not node.examined:
        top = _pruned_top(ex, node)
        where = "this move was pruned" if top is node else "it lies in a pruned branch"
        return f"leave it blank: alpha-beta never reaches this node ({where})"
    if node.leaf:
        return ""
    children = _searched(ex, node)
    number = ex.number
    if node.side == SIDE_CHANCE:
        terms = " + ".join(f"{c.probability} \u00d7 {ex.value_text(c)}" for c in children)
        combined = f"the weighted average of its branches: {terms} = {number(node.value)}"
    else:
        name = "max" if node.side == 0 else "min"
        combined = f"{name}({', '.join(ex.value_text(c) for c in children)}) = {number(node.value)}"
    if ex.algorithm == "minimax":  # minimax has no window: every value is exact
        return combined
    a = -inf if node.alpha is None else node.alpha
    b = inf if node.beta is None else node.beta
    if node.bound in (None, "exact"):
        if node.value is not None and a < node.value < b:
            return f"{combined}, inside the window {_entry_window(ex, node)}: an exact value"
        if node.side == SIDE_CHANCE:
            proved = "every branch was searched with the full window"
        else:
            proved = f"every move was searched, the best exact and the others proved no better for " \
                     f"{player_word(ex, node.side)}"
        return f"{combined}: {proved}, so an exact value, although outside the window {_entry_window(ex, node)}"
    v = number(node.value)
    if node.bound == "upper":
        side, proof = f"{v} {LEQ} {ALPHA} = {number(a)}", f"at most {v} ({LEQ} {v})"
    else:
        side, proof = f"{v} {GEQ} {BETA} = {number(b)}", f"at least {v} ({GEQ} {v})"
    if node.cut is not None:
        left = len(node.cut["pruned"])
        after = ex.nodes[node.cut["after"]]
        stop = (f"and it stopped after {_move_words(after)} ({cut_text(ex, node.cut)}, {left} move"
                f"{'s' if left != 1 else ''} left unsearched)")
    else:  # every move searched, but the best one returned only a bound itself
        best = next((c for c in children if c.value == node.value and c.bound not in (None, "exact")), None)
        given = f"{_move_words(best)} returned only a bound ({ex.value_text(best)}), " if best is not None else ""
        stop = f"and {given}{side}, the window's {'low' if node.bound == 'upper' else 'high'} side at its entry"
    return f"{combined}, {stop}: the search proves only that the value is {proof}"


def _entry_window(ex: Exercise, node: ExerciseNode) -> str:
    a = -inf if node.alpha is None else node.alpha
    b = inf if node.beta is None else node.beta
    return ex.window_text((a, b))


def window_reason(ex: Exercise, node: ExerciseNode) -> str:
    """Where an examined node's window at entry comes from: the root's full window, or its parent's window when
    the search tried this move, with the child whose value set each side ('' for nodes the search did not enter)."""
    if not node.examined:
        return ""
    if node.parent < 0:
        return f"the search starts at the root with the full window {_entry_window(ex, node)}"
    parent = ex.nodes[node.parent]
    if parent.side == SIDE_CHANCE:
        return f"the branches of a chance node are searched with the window {_entry_window(ex, node)}"
    alpha = -inf if parent.alpha is None else parent.alpha
    beta = inf if parent.beta is None else parent.beta
    set_alpha: ExerciseNode | None = None
    set_beta: ExerciseNode | None = None
    for sibling in _searched(ex, parent):
        if sibling is node:
            break
        v = sibling.value
        if v is None:
            continue
        if parent.side == 0 and v > alpha:
            alpha, set_alpha = v, sibling
        elif parent.side == 1 and v < beta:
            beta, set_beta = v, sibling
    name = node_name(ex, parent)
    window = ex.window_text((alpha, beta))
    if set_alpha is None and set_beta is None:
        return (f"it gets the window of {name} when {_move_words(node)} is tried, {window}, the one {name} was "
                "entered with")
    origin = []
    for letter, value, setter in ((ALPHA, alpha, set_alpha), (BETA, beta, set_beta)):
        if setter is not None:
            origin.append(f"{letter} = {ex.number(value)} since {_move_words(setter)} returned "
                          f"{ex.value_text(setter)}")
        else:
            origin.append(f"{letter} = {ex.number(value)} as {name} was entered")
    return f"it gets the window of {name} when {_move_words(node)} is tried, {window}: {', '.join(origin)}"


def quiz_rules(ex: Exercise, quiz: str) -> list[str]:
    """The instructions the page shows, one sentence a line: what to answer, how to write it, the tie rule and
    the scoring."""
    first, second = player_word(ex, 0), player_word(ex, 1)
    rules = [f"Values are from {first}'s point of view ({first} maximises, {second} minimises); the leaves' "
             "values are given."]
    if ex.algorithm == "minimax":
        rules.append("Type the minimax value of every inner node: a number such as 3, -2 or 2.5.")
        rules.append("Check scores one point for each value.")
        return rules
    rules.append(f"Type the value alpha-beta returns at every node it reaches: 3 for an exact value. Where it "
                 f"proves only a bound you may say so: {LEQ}2 (or <=2) for at most 2, {GEQ}5 (or >=5) for at least "
                 f"5. The number must be the one the search returns, and a relation you write must be the right one "
                 f"(none, or =, for an exact value). Leave blank the nodes it never reaches.")
    rules.append("Click the branches alpha-beta prunes: the top edge of each pruned branch (its line or its move "
                 "label); click again to take the mark back. A marked branch is greyed: what lies below it needs "
                 "no answer.")
    if quiz == "windows":
        rules.append(f"Type {ALPHA} and {BETA} as they are when the search enters each inner node, from {first}'s "
                     f"point of view: {ALPHA} is the most {first} is sure of so far, {BETA} the least {second} is "
                     f"sure of. Write {INFINITY} as inf (-inf, +inf); the root's window is given.")
    rules.append(f"Ties: this is fail-soft alpha-beta. A node stops as soon as a child's value reaches the far side "
                 f"of its window, equal being enough (at a {first} node a value {GEQ} {BETA}, at a {second} node a "
                 f"value {LEQ} {ALPHA}); the moves left are pruned and the node returns that value as a bound.")
    asked = "each value" + (f", each {ALPHA} and each {BETA}" if quiz == "windows" else "")
    rules.append(f"Check scores one point for {asked} at a node the search reaches and for each pruned branch "
                 "you mark; a branch marked that is not pruned, or an answer at a node it never reaches, counts as "
                 "a mistake.")
    return rules


def points(ex: Exercise, quiz: str) -> int:
    """The points of an all-correct answer: a value per examined inner node, for alpha-beta a point per pruned
    branch, and at the windows level an alpha and a beta per examined inner node but the root (given)."""
    inner = [n for n in ex.nodes if n.examined and not n.leaf]
    total = len(inner)
    if ex.algorithm == "alphabeta":
        total += len(ex.pruned_moves)
        if quiz == "windows":
            total += 2 * max(len(inner) - 1, 0)
    return total


__all__ = ["QUIZ_ALGORITHMS", "QUIZ_LEVELS", "QUIZ_MAX_NODES", "branch_name", "check_quiz", "default_title",
           "mark_reason", "node_name", "points", "quiz_data", "quiz_page", "quiz_rules", "start_quiz_page",
           "tree_quiz_page", "value_reason", "window_reason"]
