"""``refresh.html``: a page that reloads itself to show the game being played, live.

A plain HTML file beside ``g.png``: a ``<meta http-equiv="refresh">`` reloads it
every second, which works when the file is opened straight from the folder
(``file://``, no server, no script) as well as through ``--serve``. The image
address carries the move count as a cache-buster, so the browser shows the
new picture at once. The page is rewritten atomically after every move.
"""

from __future__ import annotations

import html
from pathlib import Path

from engine.game import PLAYER_NAMES
from treeviz.files import write_atomically
from treeviz.play.board_picture import PNG_NAME
from treeviz.play.session import Position

PAGE_NAME = "refresh.html"
REFRESH_SECONDS = 1

_STYLE = """
body { font-family: Helvetica, Arial, sans-serif; margin: 1.5em; color: #222; background: #fafafa; }
h1 { font-size: 1.3em; margin: 0 0 .4em 0; }
#status { font-size: 1.25em; font-weight: bold; margin: .3em 0 .8em 0; }
#status.over { color: #0a7d32; }
main { display: flex; flex-wrap: wrap; gap: 2em; align-items: flex-start; }
img { border: 1px solid #ccc; background: white; max-width: 95vw; }
pre { background: white; border: 1px solid #ccc; padding: .6em; font-size: 14px; }
table.moves { border-collapse: collapse; font-family: Menlo, Consolas, monospace; font-size: 1.05em; }
table.moves td, table.moves th { padding: .15em .8em; text-align: left; }
table.moves th { border-bottom: 1px solid #999; }
table.moves tr.last td { background: #fff1a8; }
.fen { font-family: Menlo, Consolas, monospace; font-size: .9em; color: #555; word-break: break-all; }
footer { margin-top: 1.5em; font-size: .85em; color: #777; }
"""


def live_page_html(position: Position, *, picture: bool = True, refresh_seconds: int = REFRESH_SECONDS) -> str:
    """The page for ``position``: status, the board picture (or the text board), the move list, the FEN."""
    title = position.variant.title
    status_class = ' class="over"' if position.over else ""
    if picture:
        # Cache-buster: a new address for every position.
        version = f"{len(position.moves)}-{abs(hash(position.fen)) % 10**8}"
        board = (f'<img id="board" src="{PNG_NAME}?v={version}" '
                 f'alt="{html.escape(title)} board after {len(position.moves)} moves">')
    else:
        board = f'<pre id="board">{html.escape(position.board_text)}</pre>'
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="{refresh_seconds}">
<title>{html.escape(title)} - {html.escape(_short_status(position))}</title>
<style>{_STYLE}</style>
</head>
<body>
<h1>{html.escape(title)}, live</h1>
<div id="status"{status_class}>{html.escape(position.status)}</div>
<main>
<div>{board}</div>
<div>
{_moves_table(position)}
<p>Position (FEN):<br><span class="fen" id="fen">{html.escape(position.fen)}</span></p>
{_start_text(position)}
</div>
</main>
<footer>This page reloads itself every {refresh_seconds} s while the game goes on.</footer>
</body>
</html>
"""


def write_live_page(folder: str | Path, position: Position, *, picture: bool = True) -> Path:
    """Write ``refresh.html`` into ``folder`` atomically; returns its path."""
    path = Path(folder) / PAGE_NAME
    write_atomically(path, live_page_html(position, picture=picture))
    return path


def _short_status(position: Position) -> str:
    return f"{len(position.moves)} moves" if not position.over else position.status


def _moves_table(position: Position) -> str:
    """Moves in numbered rows, one column per side, the last move highlighted."""
    if not position.moves:
        return '<p id="moves">No move yet.</p>'
    first = position.first_player
    columns = [PLAYER_NAMES[first], PLAYER_NAMES[1 - first]]
    rows = []
    pairs = [position.moves[i:i + 2] for i in range(0, len(position.moves), 2)]
    for number, pair in enumerate(pairs, start=1):
        last = number == len(pairs)
        cells = "".join(f"<td>{html.escape(m)}</td>" for m in pair)
        if len(pair) == 1:
            cells += "<td></td>"
        row_class = ' class="last"' if last else ""
        rows.append(f"<tr{row_class}><td>{number}.</td>{cells}</tr>")
    header = f"<tr><th>#</th><th>{columns[0]}</th><th>{columns[1]}</th></tr>"
    return (f'<table class="moves" id="moves" data-count="{len(position.moves)}">{header}'
            + "".join(rows) + "</table>")


def _start_text(position: Position) -> str:
    if position.start_fen != position.variant.game.fen(position.variant.game.initial()):
        return f'<p>Started from:<br><span class="fen">{html.escape(position.start_fen)}</span></p>'
    return ""
