"""``--serve PORT``: the game folder served on localhost, for a browser on the same machine.

Python's own ``http.server`` in a daemon thread, bound to 127.0.0.1 only, quiet
(no request log in the game's terminal) and telling browsers not to cache, so
the live page and its picture are always the newest.
"""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HOST = "127.0.0.1"


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without logging each request and without browser caching."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


class LiveServer:
    """A running server for one folder; :meth:`stop` shuts it down."""

    def __init__(self, folder: str | Path, port: int) -> None:
        """Bind ``port`` on 127.0.0.1 (0 picks a free port) and start serving ``folder``.

        :raises OSError: the port cannot be bound (in use, or not allowed).
        """
        handler = functools.partial(_QuietHandler, directory=str(folder))
        self._server = ThreadingHTTPServer((HOST, port), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="treeviz-live-server", daemon=True)
        self._thread.start()

    @property
    def port(self) -> int:
        """The port actually bound."""
        return int(self._server.server_address[1])

    def url(self, page: str = "") -> str:
        """``http://127.0.0.1:PORT/page``."""
        return f"http://{HOST}:{self.port}/{page}"

    def stop(self) -> None:
        """Stop serving and release the port."""
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
