"""``treeviz report RECORDS``: the results page of a championship from its records.

RECORDS is a records folder (its ``games.jsonl``) or the file itself, finished or
not. Lines that are cut short or not valid games are named on stderr and on the
page, and skipped; every other game counts.
"""

from __future__ import annotations

from pathlib import Path

import click

from engine.arena.championship import Championship
from engine.arena.records import RECORDS_NAME, read_records, records_path
from treeviz.cli.common import PAGE_SUFFIXES, fail, output_format
from treeviz.cli.usage import Command, OutputFile, Text
from treeviz.pages.arena_page import write_report


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("records_text", type=Text(), metavar="RECORDS")
@click.option("--output", "-o", type=OutputFile(), metavar="PAGE.html",
              help="Where to write the page (default: standings.html beside the records).")
@click.option("--title", type=Text(), metavar="TITLE", help="The page's title.")
def report_command(records_text: str, output: Path | None, title: str | None) -> None:
    """Results page of the championship recorded in RECORDS (a records folder or its games.jsonl).

    The page holds the standings, the crosstable, each player's slowest move and forfeits, Elo
    estimates with 95 % error bars, and every game to replay move by move; it works offline. The
    standings table goes to stdout.
    """
    records = Path(records_text)
    if output is not None:
        output_format(output, PAGE_SUFFIXES, default="html", option=None)
    if not records.exists():
        fail(f"no such file or folder: {str(records)!r}")
    path = records_path(records)
    if not path.is_file():
        fail(f"{str(records)!r} holds no {RECORDS_NAME}: is it a records folder of treeviz arena?")
    try:
        found = read_records(path)
    except OSError as exc:
        fail(f"cannot read {str(path)!r}: {exc.strerror or exc}")
    if found.identity is None and not found.games:
        fail(f"{str(path)!r} holds no championship records")
    for bad in found.bad:
        click.echo(f"warning: {path} {bad}: skipped", err=True)
    page = output if output is not None else path.parent / "standings.html"
    try:
        write_report(found, page, title=title)
    except OSError as exc:
        fail(f"cannot write {str(page)!r}: {exc.strerror or exc}")
    click.echo(Championship.from_games(found.names(), found.in_order()).table())
    click.echo(f"results page: {page}", err=True)
