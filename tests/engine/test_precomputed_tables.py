"""The tables shipped ready-made in the package equal those the code defines, and are used."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.evaluation import ultimate as ultimate_eval
from engine.evaluation.ultimate import DEFAULT_WEIGHTS
from engine.games import ultimate

ROOT = Path(__file__).resolve().parents[2]


def test_the_evaluation_tables_file_is_up_to_date() -> None:
    with open(ultimate_eval.TABLES_FILE, "rb") as handle:
        assert handle.read() == ultimate_eval.tables_file_bytes(), "run scripts/make_tables.py"


def test_the_move_tables_file_is_up_to_date() -> None:
    with open(ultimate.TABLES_FILE, "rb") as handle:
        assert handle.read() == ultimate.tables_file_bytes(), "run scripts/make_tables.py"


def test_the_loaded_evaluation_tables_are_the_computed_ones() -> None:
    loaded = ultimate_eval.load_tables(DEFAULT_WEIGHTS)
    assert loaded is not None
    computed = ultimate_eval.relevance_tables_computed(DEFAULT_WEIGHTS)
    assert [list(t) for t in loaded] == [list(t) for t in computed]


def test_the_module_tables_are_the_computed_ones() -> None:
    for name, table in ultimate.computed_tables().items():
        assert getattr(ultimate, name) == table, name


def test_other_weights_are_computed_not_read(tmp_path: Path) -> None:
    other = DEFAULT_WEIGHTS.with_(two=11)
    assert ultimate_eval.load_tables(other) is None
    assert ultimate_eval.load_tables(DEFAULT_WEIGHTS, str(tmp_path / "missing.bin")) is None
    damaged = tmp_path / "damaged.bin"
    damaged.write_bytes(ultimate_eval.tables_file_bytes()[:-1])
    assert ultimate_eval.load_tables(DEFAULT_WEIGHTS, str(damaged)) is None
    # what the C search asks before it maps the file: the header and the size, the tables unread
    assert ultimate_eval.tables_offset(other) is None
    assert ultimate_eval.tables_offset(DEFAULT_WEIGHTS, str(damaged)) is None
    assert ultimate_eval.tables_offset(DEFAULT_WEIGHTS, str(tmp_path / "missing.bin")) is None
    offset = ultimate_eval.tables_offset(DEFAULT_WEIGHTS)
    assert offset is not None
    assert Path(ultimate_eval.TABLES_FILE).read_bytes()[offset:] == b"".join(
        bytes(t) for t in ultimate_eval.load_tables(DEFAULT_WEIGHTS))
    assert list(ultimate_eval.relevance_tables(other)[0]) == ultimate_eval.relevance_tables_computed(other)[0]


def test_make_tables_check_passes() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_tables.py"), "--check"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("up to date") == 2


def test_the_package_data_holds_the_tables() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert '"*.bin"' in text
