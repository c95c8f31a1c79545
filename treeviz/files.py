"""Writing output files atomically: a temporary file beside the target, renamed over it at the end.

Readers (a browser reloading a page, a LaTeX run, another process) never see half
a file, and a failure leaves the old file (or nothing) behind. Library code and
the CLI both write through here.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path


def write_atomically(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename, so no reader sees half a file."""
    write_chunks_atomically(path, [data])


def write_chunks_atomically(path: str | os.PathLike[str], chunks: Iterable[bytes | str]) -> None:
    """Write ``chunks`` one after the other to ``path`` atomically: a huge figure streams out without
    being held whole in memory. An exception while producing the chunks leaves no file behind."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            for chunk in chunks:
                handle.write(chunk.encode() if isinstance(chunk, str) else chunk)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
