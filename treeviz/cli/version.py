"""``--version`` on every command: the same line as ``treeviz --version`` (``treeviz, version 0.1.0``)."""

from __future__ import annotations

from typing import Any

import click


def version_line() -> str:
    """``treeviz, version X``: the installed package's version, as click's ``version_option`` prints it."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"treeviz, version {version('treeviz')}"
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "treeviz, version unknown (not installed)"


def _print_version(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    if not value or ctx.resilient_parsing:
        return
    click.echo(version_line())
    ctx.exit()


def version_option() -> click.Option:
    """The ``--version`` flag: prints :func:`version_line` and exits 0, before anything else is parsed."""
    return click.Option(["--version"], is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
                        help="Show the version and exit.")
