"""What the C libraries we draw with (Graphviz, cairo, fontconfig) write on stderr: collected, the
fontconfig noise dropped, the rest passed on as the warnings they are.

The pygraphviz wheel bundles a fontconfig older than the system's config files, which says so
("Fontconfig warning: ... unknown element") the first time anything looks a font up: through Graphviz
(:mod:`treeviz.draw.graphviz`) or through cairo (:mod:`treeviz.draw.cairo_lib`). Not the user's business.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

NOISE = (b"Fontconfig warning", b"Fontconfig error")
"""Lines starting so are dropped."""


@contextmanager
def library_stderr() -> Iterator[None]:
    """Collect what C code writes on file descriptor 2 inside the block, then pass it on without the noise."""
    fd = 2  # where a C library writes, whatever Python's sys.stderr is
    sys.stderr.flush()
    try:
        saved = os.dup(fd)
    except OSError:  # no stderr at all
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), fd)
        try:
            yield
        finally:
            os.dup2(saved, fd)
            os.close(saved)
            sink.seek(0)
            pass_on_warnings(sink.read())


def pass_on_warnings(raw: bytes) -> None:
    """Write ``raw`` (a library's stderr) to our stderr, without blank lines and :data:`NOISE`."""
    kept = [line for line in raw.splitlines() if line.strip() and not line.startswith(NOISE)]
    if kept:
        sys.stderr.write(b"\n".join(kept).decode(errors="replace") + "\n")
        sys.stderr.flush()
