"""The README's set-up for the samples (issue 31): ``scripts/setup.sh`` without ``--test`` installs the
``openspiel`` extra, so that ``scripts/make_samples.py`` renders the OpenSpiel samples too, and the README says
what the samples command does without it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_samples_setup_installs_openspiel() -> None:
    setup = (ROOT / "scripts" / "setup.sh").read_text()
    plain = re.search(r'^extras="([^"]*)"$', setup, re.MULTILINE)
    assert plain is not None and "openspiel" in plain.group(1).split(","), "setup.sh without --test: no openspiel"
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert re.search(r"^openspiel = \[", pyproject, re.MULTILINE)


def test_the_readme_says_the_samples_skip_openspiel_without_it() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## On a fresh machine"):readme.index("Run the whole test-suite")]
    assert "openspiel" in section and "skips the two OpenSpiel samples" in section
    assert "connect_four" in section
