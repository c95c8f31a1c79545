"""Every Python snippet in README.md runs, as a doctest, so the documented API cannot rot (issue 26, item 6).

Snippets are fenced ``python`` blocks written as interactive sessions (``>>>``); each runs on its own, as a
reader would run it: a fresh interpreter in an empty folder (what it saves lands there). A Python line left
in an indented block, where no test would see it, fails too.
"""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
FENCE = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)
PYTHON_LINE = re.compile(r"^(?: {4}|\t)(?:>>> |import \w|from [\w.]+ import )", re.MULTILINE)


def snippets() -> list[tuple[int, str]]:
    """(line number, source) of each fenced Python block of the README."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in FENCE.finditer(text)]


def test_the_readme_has_python_snippets() -> None:
    assert len(snippets()) >= 4


@pytest.mark.slow
@pytest.mark.parametrize(("line", "source"), snippets(), ids=[f"README.md:{n}" for n, _ in snippets()])
def test_snippet_runs_and_shows_what_it_says(line: int, source: str, tmp_path: Path) -> None:
    # As a reader runs it: a fresh interpreter in an empty folder (and no drawing state left in the suite's).
    test = doctest.DocTestParser().get_doctest(source, {}, f"README.md:{line}", str(README), line - 1)
    assert test.examples, f"README.md:{line}: a Python block without '>>>' examples is never checked"
    snippet = tmp_path / f"README-{line}.txt"
    snippet.write_text(source, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "doctest", "-o", "ELLIPSIS", "-o", "NORMALIZE_WHITESPACE",
                           snippet.name], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, f"README.md:{line}:\n{done.stdout}{done.stderr}"


def test_no_python_hides_in_an_indented_block() -> None:
    text = FENCE.sub("", README.read_text(encoding="utf-8"))
    hidden = PYTHON_LINE.findall(text)
    assert not hidden, f"Python outside a fenced python block (not tested): {hidden}"
