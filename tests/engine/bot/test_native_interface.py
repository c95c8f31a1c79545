"""The C search's interface is generated from the Python values, and what is generated is current."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.bot import native_interface, native_search
from engine.evaluation import ultimate_weights
from engine.evaluation.ultimate_weights import WIN
from engine.games.tictactoe import LINE_MASKS


def test_the_committed_header_is_the_generated_one() -> None:
    on_disk = Path(native_interface.HEADER).read_text(encoding="utf-8")
    assert on_disk == native_interface.header_text(), (
        "engine/bot/native/ultimate_interface.h is stale: run `python -m engine.bot.native_interface` "
        "(or scripts/build_native.sh) and rebuild the library")


def test_the_loaded_library_was_built_from_this_header_and_these_sources() -> None:
    lib = native_search.library()
    assert lib is not None, native_search.why_python()
    on_disk = Path(native_interface.HEADER).read_text(encoding="utf-8")
    assert lib.ut_abi() == native_interface.abi_of_header(on_disk) == native_interface.abi_identity()


def test_a_changed_python_value_changes_the_header_and_its_identity(monkeypatch: pytest.MonkeyPatch) -> None:
    before = native_interface.header_text()
    monkeypatch.setattr(ultimate_weights, "WIN", WIN + 1)  # where the header reads it
    after = native_interface.header_text()
    assert f"#define WIN {WIN + 1} " in after and f"#define WIN {WIN} " in before
    assert native_interface.abi_of_header(after) != native_interface.abi_of_header(before)


def test_the_header_holds_the_python_lines_and_every_signature() -> None:
    text = native_interface.header_text()
    masks = re.search(r"LINES\[8\] = \{([^}]*)\}", text).group(1)
    assert [int(m, 8) for m in masks.split(",")] == list(LINE_MASKS)
    for name in native_interface.FUNCTIONS:
        assert re.search(rf"^\S.* \*?{name}\(", text, re.M), name


def test_no_hand_kept_constants_are_left_in_the_c_sources() -> None:
    sources = "".join(Path(p).read_text(encoding="utf-8") for p in native_interface.SOURCES)
    for name in ("ABI_VERSION", "#define WIN", "#define DRAW_SUB", "#define REDUCE_LATE", "#define FLAG_",
                 "20160511", "LINES[8] ="):
        assert name not in sources, name


def test_an_edited_c_source_changes_the_identity(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edited = tmp_path / "ultimate_search.c"
    edited.write_text(Path(native_interface.SOURCES[1]).read_text(encoding="utf-8") + "\n/* edited */\n")
    before = native_interface.abi_identity()
    monkeypatch.setattr(native_interface, "SOURCES", (native_interface.SOURCES[0], str(edited)))
    assert native_interface.abi_identity() != before
