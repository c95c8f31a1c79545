"""What every command shares: one-line errors with exit status 2, progress on stderr.

SPEC: results on stdout, diagnostics on stderr; exit 0 on success, 2 on bad
usage or bad input (one line ``error: ...``), 1 on an internal failure; never a
traceback.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import NoReturn

import click

from engine.errors import FenError, GameError, IllegalMoveError, MoveSyntaxError, ParameterError
from engine.search.deadline import process_age  # noqa: F401 - re-exported: commands import it from here
from treeviz.cli.usage import ReaderGone, in_cli_words, usage_message
from treeviz.files import OutputPathError

INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""


class InputError(click.ClickException):
    """Bad input the user can fix: reported as ``error: ...`` with exit status 2."""

    exit_code = 2


def fail(message: str | Exception) -> NoReturn:
    """Stop the command with a one-line ``error: message`` and exit status 2; a library error is said in this
    CLI's words (its parameters as options: :func:`treeviz.cli.usage.in_cli_words`)."""
    raise InputError(message if isinstance(message, str) else in_cli_words(message))


class Interrupted(click.Abort):
    """Ctrl-C, with what the command wants said about it (``interrupted: 12 of 40 games recorded ...``)."""

    def __init__(self, detail: str = "") -> None:
        super().__init__(detail)
        self.detail = detail


def write_output(path: str | os.PathLike[str], chunks: Iterable[bytes | str]) -> None:
    """Write a command's output file (see :mod:`treeviz.files`); a path that cannot be written is ``error:``."""
    from treeviz.files import write_chunks_atomically

    try:
        write_chunks_atomically(path, chunks)
    except OutputPathError as exc:
        fail(exc)


def output_format(output: Path | None, suffixes: Mapping[str, str], default: str | None = "dot", *,
                  option: str | None = "--format") -> str:
    """The format ``output``'s suffix names (``default`` for stdout or a name without a suffix, as /dev/null);
    a suffix the command does not know (or none, when there is no ``default``) is ``error:``, not a file in
    some other format."""
    if output is None or (not output.suffix and default is not None):
        return default or "dot"
    fmt = suffixes.get(output.suffix.lower())
    if fmt is None:
        known = ", ".join(sorted(suffixes))
        other = f", or say it with {option}" if option else ""
        fail(f"cannot tell the format from the suffix of {str(output)!r}: use {known}{other}")
    return fmt


PAGE_SUFFIXES = {".html": "html", ".htm": "html"}
"""What an HTML page may be called (or no suffix at all, as /dev/stdout)."""


def run(command: click.Command, argv: list[str] | None = None, prog_name: str | None = None,
        obj: object = None) -> NoReturn:
    """Run a click command the SPEC way: one-line errors, exit codes 0/1/2, no traceback, ``interrupted`` and
    exit 130 on Ctrl-C, one line and exit 1 when memory runs out (``obj``: the context's object, for commands
    that take one)."""
    guard_memory_limit()
    try:
        command.main(args=argv, prog_name=prog_name, standalone_mode=False, obj=obj)
        sys.stdout.flush()  # a reader gone (``| head``) shows here, not in the interpreter's flush at exit
    except MemoryError:
        _out_of_memory()
    except click.exceptions.NoArgsIsHelpError as exc:  # pragma: no cover - click >= 8.2
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc), err=True)
        sys.exit(2)
    except click.UsageError as exc:
        _error(usage_message(exc))
        sys.exit(2)
    except Interrupted as exc:
        _interrupted(exc.detail)
    except click.Abort:
        _interrupted("")
    except click.ClickException as exc:
        _error(exc.format_message())
        sys.exit(exc.exit_code)
    except ParameterError as exc:
        _error(in_cli_words(exc))
        sys.exit(2)
    except (FenError, GameError, IllegalMoveError, MoveSyntaxError, OutputPathError) as exc:
        _error(str(exc))
        sys.exit(2)
    except (BrokenPipeError, ReaderGone):
        _reader_gone()
    except KeyboardInterrupt:
        _interrupted("")
    except OSError as exc:
        if exc.errno not in WRITE_FAILURES:
            _internal_failure(exc)
        # Writing stdout failed (> /dev/full, a full disk): -o FILE says it as OutputPathError does.
        _stdout_to_devnull()
        _error(f"cannot write the output: {(exc.strerror or str(exc)).lower()}")
        sys.exit(2)
    except RecursionError:
        # The searches recurse once a ply: a textbook tree nested a thousand deep, or a game of one's own whose
        # lines run that long, is more than Python's stack allows.
        _error(f"too deep: a line of the tree runs past about {sys.getrecursionlimit():,} moves, more than the "
               "program can follow: give a shallower tree or a position nearer the end")
        sys.exit(2)
    except Exception as exc:  # noqa: BLE001 - the SPEC's "internal failure"
        _internal_failure(exc)
    sys.exit(0)


WRITE_FAILURES = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""What writing the output may meet that is not ours to fix: a full disk or device, a quota, a file too large."""


def _internal_failure(exc: BaseException) -> NoReturn:
    """The SPEC's internal failure: one line naming the exception, exit status 1 (``TREEVIZ_DEBUG=1``: the
    traceback too)."""
    _error(f"internal failure: {type(exc).__name__}: {exc}")
    if os.environ.get("TREEVIZ_DEBUG"):
        raise exc
    sys.exit(1)


def _stdout_to_devnull() -> None:
    """Send what is still buffered for stdout to /dev/null: the interpreter's own flush at exit would meet the
    same failure again and end the process with status 1 or 120."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _reader_gone() -> NoReturn:
    """The reader of our output went away (``| head``, or the reader of ``-o /dev/stdout`` or a FIFO): not our
    failure, exit status 0."""
    _stdout_to_devnull()
    sys.exit(0)


def _interrupted(detail: str) -> NoReturn:
    """Ctrl-C: ``interrupted`` (and what was kept) on stderr, exit status 130."""
    try:
        fresh_line = "\n" if sys.stderr.isatty() else ""  # after the terminal's ^C
        sys.stderr.write(f"{fresh_line}interrupted{': ' + detail if detail else ''}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    sys.exit(INTERRUPTED)


MEMORY_GUARD_SHARE = 0.92
"""Under an address-space limit (``ulimit -v``), the share of it past which a command stops as out of memory."""


def guard_memory_limit() -> None:
    """Under an address-space limit, stop with the one-line out-of-memory error (exit 1) just before the limit.

    Reaching the limit itself is not safe to report: when even a small allocation fails while an exception
    unwinds through a ``with`` block, CPython 3.11 retries it forever (a process spinning at 100 % CPU instead
    of exiting). A daemon thread reads the process's size every 20 ms; without a limit it is not started.
    """
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return
    import threading
    import time

    page = os.sysconf("SC_PAGE_SIZE")
    ceiling = soft * MEMORY_GUARD_SHARE

    def watch() -> None:
        while True:
            time.sleep(0.02)
            try:
                with open("/proc/self/statm", "rb") as statm:
                    size = int(statm.read().split()[0]) * page
            except (OSError, ValueError, IndexError):
                return  # no /proc: MemoryError is still caught, the limit just comes closer
            if size > ceiling:
                _out_of_memory()

    threading.Thread(target=watch, name="memory-guard", daemon=True).start()


def _out_of_memory() -> NoReturn:
    """MemoryError: one line written without allocating much, exit status 1, no temporary file left."""
    from treeviz.files import remove_unfinished

    remove_unfinished()
    try:
        os.write(2, b"error: out of memory: the machine could not hold what this command was building; "
                    b"ask for less (a smaller --depth, or a --node-budget that stops it sooner)\n")
    except OSError:
        pass
    os._exit(1)


def _error(message: str) -> None:
    first = " ".join(message.split())
    click.echo(f"error: {first}", err=True)


def progress_enabled() -> bool:
    """Progress lines go to stderr only when it is a terminal."""
    return sys.stderr.isatty()


def wrap(command: click.Command, prog_name: str) -> Callable[[], NoReturn]:
    """A console-script entry point for ``command``."""

    def entry() -> NoReturn:
        run(command, prog_name=prog_name)

    return entry
