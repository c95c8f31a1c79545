"""The packages type-check clean under mypy ([tool.mypy] in pyproject.toml), and every ``type: ignore`` left says
which error it silences and why."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<rest>.*)$")
EXPLAINED = re.compile(r"\[[a-z-]+(, [a-z-]+)*\]  # \S")
"""``# type: ignore[code]  # reason``: the error code (mypy checks it is the right one), then why."""


@pytest.mark.slow
def test_mypy_finds_nothing() -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (the test extra brings it: bash scripts/setup.sh --test)")
    # The packages and the settings come from pyproject.toml; the cache (.mypy_cache) makes later runs fast.
    result = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
                            capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout, result.stdout


def ignores(root: Path) -> list[tuple[str, str]]:
    """``(file:line, comment)`` of every ``type: ignore`` comment in the packages' source."""
    found = []
    for package in ("engine", "treeviz"):
        for path in sorted((root / package).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                match = IGNORE.search(line)
                if match:
                    found.append((f"{path.relative_to(root)}:{number}", match.group("rest")))
    return found


def test_every_type_ignore_names_its_error_and_reason() -> None:
    unexplained = [where for where, rest in ignores(ROOT) if not EXPLAINED.match(rest)]
    assert not unexplained, f"type: ignore without [code]  # reason: {unexplained}"


def test_the_ignore_check_reads_comments_as_written(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "treeviz").mkdir()
    (tmp_path / "engine" / "a.py").write_text(
        "x = f()  # type: ignore[misc]  # f is made at run time\n"
        "y = g()  # type: ignore[misc]\n"
        "z = h()  # type: ignore\n", encoding="utf-8")
    found = ignores(tmp_path)
    assert [where for where, _ in found] == ["engine/a.py:1", "engine/a.py:2", "engine/a.py:3"]
    assert [bool(EXPLAINED.match(rest)) for _, rest in found] == [True, False, False]
