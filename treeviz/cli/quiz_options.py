"""``--quiz [LEVEL]`` on the commands that write the interactive page (``tttree``/``treeviz tree --format html``,
``treeviz view``): the page of a quiz on the search instead of the search itself (:mod:`treeviz.exercises.quiz`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import click

from treeviz.cli.common import fail

if TYPE_CHECKING:
    from treeviz.trees.builder import Algorithm, OrderName, ScoringChoice

LEVELS = ("values", "windows")
"""The quiz levels as the option names them: :data:`treeviz.exercises.quiz.QUIZ_LEVELS` (not imported here, so
that the commands start without the quiz's modules; a test holds the two equal)."""
QUIZ_HELP = ("Make the page a quiz on the search: the whole tree, the leaves' values given; the student types the "
             "values, clicks the branches alpha-beta prunes and checks the answers (values, the default: that much; "
             "windows: also alpha and beta at each node's entry). The search is alpha-beta unless --algo minimax "
             "(values only). HTML only, one search, trees of up to 2,000 nodes.")


def quiz_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--quiz [values|windows]`` (alone: values)."""
    return click.option("--quiz", "quiz", is_flag=False, flag_value=LEVELS[0], default=None,
                        metavar="[" + "|".join(LEVELS) + "]", help=QUIZ_HELP)(command)


def quiz_request(quiz: str, fen: str | None, *, fmt: str, algo: str | None, compare: str | None,
                 order: Sequence[str], merge: str | None, max_nodes: int | None) -> tuple[str, str | None, Algorithm]:
    """The quiz's level, position and search, checked before any search: ``(level, fen, algorithm)``; a request
    that cannot be a quiz stops with ``error: ...``.

    ``tttree --quiz FEN`` reads the FEN as the position when none is given (a level has no blank)."""
    from treeviz.exercises.quiz import check_quiz

    if fen is None and quiz not in LEVELS and " " in quiz:
        fen, quiz = quiz, LEVELS[0]
    algorithm = algo or "alphabeta"
    try:
        check_quiz(quiz, algorithm)
    except ValueError as exc:
        fail(exc)
    if fmt != "html":
        fail(f"--quiz makes an interactive page: it needs --format html (or an .html output), not {fmt}")
    if compare is not None:
        fail("--quiz asks about one search: it cannot be used with --compare")
    if len(order) > 1:
        fail("--quiz asks about one search in one move order: give a single --order")
    if merge is not None:
        fail("--quiz shows the whole tree, not a merged DAG: leave out --merge")
    if max_nodes:
        fail("--quiz shows the whole tree: leave out --max-nodes")
    return quiz, fen, cast("Algorithm", algorithm)  # check_quiz refused any other


def quiz_html(quiz: str, algorithm: Algorithm, *, start: dict[str, Any], depth: int | None, scoring: ScoringChoice,
              order: OrderName, seed: int | None, title: str | None, node_budget: int) -> str:
    """The quiz page the options ask for; what the library refuses stops with ``error: ...``."""
    from treeviz.exercises.quiz import quiz_page

    try:
        return quiz_page(**start, algorithm=algorithm, depth=depth, scoring=scoring, order=order,
                         seed=0 if seed is None else seed, quiz=quiz, title=title, node_budget=node_budget)
    except ValueError as exc:
        fail(exc)
