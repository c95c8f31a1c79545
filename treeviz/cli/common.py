"""What every command shares: one-line errors with exit status 2, progress on stderr.

SPEC: results on stdout, diagnostics on stderr; exit 0 on success, 2 on bad
usage or bad input (one line ``error: ...``), 1 on an internal failure; never a
traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn

import click

from engine.errors import FenError, IllegalMoveError, MoveSyntaxError
from engine.search.deadline import process_age  # noqa: F401 - re-exported: commands import it from here


class InputError(click.ClickException):
    """Bad input the user can fix: reported as ``error: ...`` with exit status 2."""

    exit_code = 2


def fail(message: str) -> NoReturn:
    """Stop the command with a one-line ``error: message`` and exit status 2."""
    raise InputError(message)


def run(command: click.Command, argv: list[str] | None = None, prog_name: str | None = None,
        obj: object = None) -> NoReturn:
    """Run a click command the SPEC way: one-line errors, exit codes 0/1/2, no traceback (``obj``: the
    context's object, for commands that take one)."""
    try:
        command.main(args=argv, prog_name=prog_name, standalone_mode=False, obj=obj)
    except click.exceptions.NoArgsIsHelpError as exc:  # pragma: no cover - click >= 8.2
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc), err=True)
        sys.exit(2)
    except click.UsageError as exc:
        _error(exc.format_message())
        sys.exit(2)
    except click.Abort:
        sys.exit(130)
    except click.ClickException as exc:
        _error(exc.format_message())
        sys.exit(exc.exit_code)
    except (FenError, IllegalMoveError, MoveSyntaxError) as exc:
        _error(str(exc))
        sys.exit(2)
    except BrokenPipeError:
        # The reader went away (``| head``): not our failure.
        sys.stderr.close()
        sys.exit(0)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001 - the SPEC's "internal failure"
        _error(f"internal failure: {type(exc).__name__}: {exc}")
        if os.environ.get("TREEVIZ_DEBUG"):
            raise
        sys.exit(1)
    sys.exit(0)


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
