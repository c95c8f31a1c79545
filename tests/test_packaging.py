"""`pip install treeviz` gives what the README measures: the sdist and the wheel built from this tree carry
the C search, the wheel installs into a fresh virtual environment from wheels alone (no index, no compiler
at install, no pycairo), and there the bot searches in C and tttree writes every format in every style. Built
without a compiler (``CC=false``), the package still installs, and sm-bot searches in Python and says why,
once.

The runtime dependencies' wheels come from ``.venv/wheelhouse``, which ``scripts/setup.sh --test`` fills.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
WHEELHOUSE = Path(sys.prefix) / "wheelhouse"
OPENING = "999999999 00 x"


def run(argv: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=600, **kwargs)


def build(source: Path, outdir: Path, *what: str, env: dict[str, str] | None = None) -> None:
    done = run([sys.executable, "-m", "build", "--no-isolation", *what, "--outdir", outdir, source],
               env={**os.environ, **(env or {})})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def fresh_venv(folder: Path, wheel: Path) -> Path:
    """A new virtual environment with ``wheel`` installed from wheels alone; its bin folder."""
    assert WHEELHOUSE.is_dir(), f"{WHEELHOUSE} is missing: scripts/setup.sh --test fills it"
    done = run([sys.executable, "-m", "venv", "--without-pip", folder])
    assert done.returncode == 0, done.stderr
    done = run([sys.executable, "-m", "pip", "--python", folder / "bin" / "python", "install", "-q", "--no-index",
                "--find-links", WHEELHOUSE, wheel])
    assert done.returncode == 0, done.stderr[-3000:]
    return folder / "bin"


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist, and the wheel built from it (python -m build's way), of this tree."""
    out = tmp_path_factory.mktemp("dist")
    build(ROOT, out)
    return out


def test_the_sdist_carries_the_c_search_and_the_wheel_the_compiled_library(dist: Path) -> None:
    (sdist,) = dist.glob("treeviz-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for source in ("setup.py", "engine/bot/native/ultimate_search.c", "engine/bot/native/ultimate_rules.h",
                   "engine/bot/native/ultimate_interface.h"):
        assert source in names, source
    (wheel,) = dist.glob("treeviz-*.whl")
    assert "py3-none-any" not in wheel.name  # a compiled part: the wheel is for this platform
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert any(re.fullmatch(r"engine/bot/native/ultimate_search\..*\.so", n) for n in names), sorted(names)
    assert "engine/bot/native/ultimate_interface.h" in names


def test_the_installed_wheel_searches_in_c_and_draws_pdf_without_pycairo(dist: Path, tmp_path: Path) -> None:
    (wheel,) = dist.glob("treeviz-*.whl")
    bin_ = fresh_venv(tmp_path / "venv", wheel)
    probe = run([bin_ / "python", "-c", "import importlib.util as u; print(u.find_spec('cairo') is None)"])
    assert probe.stdout.strip() == "True"  # the PDF below goes through the bundled cairo
    bot = run([bin_ / "sm-bot", OPENING, "1"], cwd=tmp_path)
    assert bot.returncode == 0, bot.stderr
    assert re.fullmatch(r"[1-9][1-9]\n", bot.stdout)
    assert "search in C" in bot.stderr and "note:" not in bot.stderr
    figure = run([bin_ / "tttree", "x21o11xo o", "--style", "compact", "-o", "g.pdf"], cwd=tmp_path)
    assert figure.returncode == 0, figure.stderr
    assert "Fontconfig" not in figure.stderr
    pdf = tmp_path / "g.pdf"
    assert pdf.read_bytes().startswith(b"%PDF-")
    pdfinfo = shutil.which("pdfinfo")
    assert pdfinfo, "pdfinfo is missing: scripts/setup.sh --test installs it (poppler-utils)"
    assert re.search(r"^Pages:\s+1$", run([pdfinfo, pdf]).stdout, re.M)
    magic = {"png": b"\x89PNG", "pdf": b"%PDF-", "svg": b"<?xml"}
    for style in ("board", "compact", "dot", "textbook"):  # every format in every style, from wheels alone
        for fmt in ("png", "pdf", "svg"):
            done = run([bin_ / "tttree", "x21o11xo o", "--style", style, "-o", f"{style}.{fmt}"], cwd=tmp_path)
            assert done.returncode == 0, (style, fmt, done.stderr)
            assert (tmp_path / f"{style}.{fmt}").read_bytes().startswith(magic[fmt]), (style, fmt)
    for fmt, start in (("dot", "digraph"), ("json", "{")):
        done = run([bin_ / "tttree", "x21o11xo o", "--format", fmt], cwd=tmp_path)
        assert done.returncode == 0 and done.stdout.startswith(start), (fmt, done.stderr)


def test_without_a_compiler_it_installs_and_the_bot_says_it_searches_in_python(dist: Path, tmp_path: Path) -> None:
    (sdist,) = dist.glob("treeviz-*.tar.gz")
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "src", filter="data")
    (source,) = (tmp_path / "src").iterdir()
    build(source, tmp_path / "dist", "--wheel", env={"CC": "false"})
    (wheel,) = (tmp_path / "dist").glob("treeviz-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert not [n for n in archive.namelist() if n.endswith(".so")]
    bin_ = fresh_venv(tmp_path / "venv", wheel)
    bot = run([bin_ / "sm-bot", OPENING, "0.3"], cwd=tmp_path)
    assert bot.returncode == 0, bot.stderr
    assert re.fullmatch(r"[1-9][1-9]\n", bot.stdout)
    notes = [line for line in bot.stderr.splitlines() if line.startswith("note: ")]
    assert len(notes) == 1 and "not built" in notes[0] and "searching in Python" in notes[0], bot.stderr
    assert "search in Python" in bot.stderr
