"""Every Python snippet in README.md runs, as a doctest, so the documented API cannot rot (issue 26, item 6).

Snippets are fenced ``python`` blocks written as interactive sessions (``>>>``); each runs on its own in a
fresh folder (what it saves lands there). A Python line left in an indented block, where no test would see
it, fails too.
"""

from __future__ import annotations

import doctest
import re
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
def test_snippet_runs_and_shows_what_it_says(line: int, source: str, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(source, {}, f"README.md:{line}", str(README), line - 1)
    assert test.examples, f"README.md:{line}: a Python block without '>>>' examples is never checked"
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)


def test_no_python_hides_in_an_indented_block() -> None:
    text = FENCE.sub("", README.read_text(encoding="utf-8"))
    hidden = PYTHON_LINE.findall(text)
    assert not hidden, f"Python outside a fenced python block (not tested): {hidden}"
