"""The tree commands' lesson outputs: ``--format trace|beamer|gif|mp4`` (or ``-o`` ending ``.csv``, ``.gif``,
``.mp4``), ``--fps`` and ``--max-steps``: which format a request names, and its options checked before any search.

Shared by ``tttree``, ``treeviz tree`` and ``treeviz compare`` (whose comparisons have no trace: refused).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from treeviz.cli.common import fail
from treeviz.cli.usage import Text, WholeNumber, binary_to_terminal
from treeviz.tree import LESSON_FORMATS, LESSON_SUFFIXES, SUFFIXES

BINARY_LESSONS = frozenset({"gif", "mp4"})


def lesson_click_options() -> list[Callable[[Callable[..., Any]], Callable[..., Any]]]:
    """``--fps`` and ``--max-steps``."""
    return [
        click.option("--fps", type=Text(), default=None, metavar="N",
                     help="gif and mp4: frames (steps) a second, above 0 and at most 60 [default: 1.5]."),
        click.option("--max-steps", type=WholeNumber(0), default=None, metavar="N",
                     help="beamer, gif and mp4: refuse a replay of more steps (a slide or frame each); 0 = no "
                          "limit [default: 1,000]. The trace has none."),
    ]


def lesson_format(fmt: str | None, output: Path | None, *, comparison: bool) -> str | None:
    """The lesson format a request names (None: it asks for something else): ``--format`` when given, else the
    ``-o`` suffix (``.csv`` names a trace only for a single search: a comparison's ``.csv`` is its table)."""
    if fmt is not None:
        return fmt if fmt in LESSON_FORMATS else None
    if output is None:
        return None
    found = LESSON_SUFFIXES.get(output.suffix.lower())
    if found == "trace" and comparison:
        return None
    return found


def check_lesson_request(fmt: str, output: Path | None, *, fmt_given: bool, dpi: int | None,
                         rankdir: str | None, explain: bool, max_nodes: int | None) -> None:
    """Options that mean nothing for a lesson format, a suffix that names another, binary to a terminal:
    ``error: ...`` before any search (the library checks the rest: style, size, fps, theme)."""
    if fmt_given and output is not None and output.suffix:
        named = LESSON_SUFFIXES.get(output.suffix.lower()) or SUFFIXES.get(output.suffix.lower())
        fits = named == fmt or (fmt == "beamer" and named == "tex")
        if named is not None and not fits:
            fail(f"--format {fmt} but the output file {output.name} says {named}: make them agree")
    given = [name for name, value in (("--dpi", dpi), ("--rankdir", rankdir), ("--max-nodes", max_nodes))
             if value is not None] + (["--explain"] if explain else [])
    if given:
        fail(f"{given[0]} does not apply to --format {fmt}: the replay draws the whole search, each step explained")
    if fmt in BINARY_LESSONS and binary_to_terminal(output):
        if output is None:
            fail(f"{fmt} output is binary: give -o FILE or redirect stdout")
        fail(f"{fmt} output is binary and {str(output)!r} is a terminal: give -o FILE")


def no_lesson_options(fmt: str, fps: str | None, max_steps: int | None) -> None:
    """``--fps`` or ``--max-steps`` with a format that is not a lesson: ``error: ...``."""
    if fps is not None:
        fail(f"--fps applies to --format gif and mp4, not {fmt}")
    if max_steps is not None:
        fail(f"--max-steps applies to --format beamer, gif and mp4, not {fmt}")
