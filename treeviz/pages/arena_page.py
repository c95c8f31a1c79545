"""The championship's results page: one self-contained HTML file, offline, made from the records.

Standings (points, wins/draws/losses, forfeits, each player's slowest move, Elo
with its 95 % error bar), the Elo estimates as a chart, the crosstable (points of
each pair), the forfeits, and every game, replayable move by move on a drawn
board of the championship's game. Tables and chart are written here as plain HTML and SVG; the
games travel as JSON and ``treeviz/pages/html/arena.js`` draws the board and steps
through them (display only: the moves were checked when the records were read).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from engine.arena.championship import GAME, Championship, GameResult
from engine.arena.elo import Rating, ratings
from engine.arena.records import Records
from treeviz.files import write_atomically


@dataclass(frozen=True)
class SlowestMove:
    """A player's slowest move: its time, the game and the ply (1 = the game's first move)."""

    seconds: float
    game: int
    ply: int


def elo_scores(games: list[GameResult]) -> list[tuple[str, str, float]]:
    """``(x, o, x's score)``: 1 for x's win, 0.5 for a draw, 0 for o's win (forfeits included)."""
    return [(g.x, g.o, 1.0 if g.winner == "x" else 0.0 if g.winner == "o" else 0.5) for g in games]


def slowest_moves(games: list[GameResult]) -> dict[str, SlowestMove]:
    """Each player's slowest move played (not counting a forfeiting try), first such move on ties."""
    slowest: dict[str, SlowestMove] = {}
    for game in games:
        first = game.first_side
        for ply, spent in enumerate(game.times, 1):
            name = game.x if (first + ply - 1) % 2 == 0 else game.o
            best = slowest.get(name)
            if best is None or spent > best.seconds:
                slowest[name] = SlowestMove(spent, game.number, ply)
    return slowest


def crosstable(names: list[str], games: list[GameResult]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """``(a, b) -> (points a took from b, points b took from a, games)`` for every pair that met."""
    table: dict[tuple[str, str], tuple[int, int, int]] = {}
    for g in games:
        for a, b, pa, pb in ((g.x, g.o, g.points[0], g.points[1]), (g.o, g.x, g.points[1], g.points[0])):
            old = table.get((a, b), (0, 0, 0))
            table[(a, b)] = (old[0] + pa, old[1] + pb, old[2] + 1)
    return table


def duration(seconds: float) -> str:
    """A move's time as people read it: ``<1 ms``, ``126 ms``, ``2.35 s``."""
    if seconds < 0.001:
        return "<1 ms"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def signed(value: float) -> str:
    """An Elo difference with its sign (a real minus sign), rounded: ``+143``, ``−428``, ``0``."""
    rounded = round(value)
    return "0" if rounded == 0 else f"+{rounded}" if rounded > 0 else f"−{-rounded}"


def _asset(name: str) -> str:
    return resources.files("treeviz.pages").joinpath("html", name).read_text(encoding="utf-8")


def _e(value: Any) -> str:
    return html.escape(str(value))


def _settings(identity: dict[str, Any] | None) -> str:
    if identity is None:
        return "settings unknown (the records have no readable header)"
    return (f"{identity['limit']:g} s a move, {identity['rounds']} round{'s' if identity['rounds'] != 1 else ''}, "
            f"{identity['openings']} random opening plies, seed {identity['seed']}")


def _short(name: str, most: int = 20) -> str:
    """A name cut to fit a chart's margin (the full name is in the row's tooltip)."""
    return name if len(name) <= most else name[:most - 1] + "…"


def _elo_chart(rows: list[Rating]) -> str:
    """Horizontal chart: each player's estimate as a dot, its 95 % interval as a bar."""
    if not rows:
        return ""
    width, left, right, row_h, top = 640, 150, 20, 26, 28
    low = min(r.elo - r.error for r in rows)
    high = max(r.elo + r.error for r in rows)
    span = max(high - low, 1.0)
    low, high = low - span * 0.05, high + span * 0.05

    def x(v: float) -> float:
        return left + (v - low) / (high - low) * (width - left - right)

    height = top + row_h * len(rows) + 8
    step = next(s for s in (25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10**9) if (high - low) / s <= 8)
    parts = [f'<svg class="elo-chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
             'role="img" aria-label="Elo estimates with 95% intervals">']
    tick = (int(low // step) + 1) * step
    while tick < high:
        parts.append(f'<line class="grid{" zero" if tick == 0 else ""}" x1="{x(tick):.1f}" x2="{x(tick):.1f}" '
                     f'y1="{top - 6}" y2="{height - 4}"/>'
                     f'<text class="tick" x="{x(tick):.1f}" y="{top - 10}">{signed(tick)}</text>')
        tick += step
    for k, r in enumerate(rows):
        y = top + row_h * k + row_h / 2
        parts.append(f'<g class="elo-row" data-player="{_e(r.name)}">'
                     f'<text class="name" x="{left - 10}" y="{y + 4:.1f}">{_e(_short(r.name))}</text>'
                     f'<line class="interval" x1="{x(r.elo - r.error):.1f}" x2="{x(r.elo + r.error):.1f}" '
                     f'y1="{y:.1f}" y2="{y:.1f}"/>'
                     f'<circle class="estimate" cx="{x(r.elo):.1f}" cy="{y:.1f}" r="5"/>'
                     f'<title>{_e(r.name)}: {signed(r.elo)} ± {r.error:.0f} Elo (95 %)</title></g>')
    parts.append("</svg>")
    return "".join(parts)


def report_html(records: Records, *, title: str | None = None) -> str:
    """The results page of ``records``."""
    games = records.in_order()
    names = records.names()
    champ = Championship.from_games(names, games)
    ranking = champ.ranking()
    elo = {r.name: r for r in ratings(names, elo_scores(games))} if len(names) >= 2 else {}
    slowest = slowest_moves(games)
    cross = crosstable(names, games)
    total = records.identity.get("games") if records.identity else None
    heading = title or "Championship results"
    order = [s.name for s in ranking]

    summary = (f"{len(names)} players, {len(games)}"
               f"{f' of {total}' if isinstance(total, int) else ''} games recorded; {_e(_settings(records.identity))}")

    rows = []
    for rank, s in enumerate(ranking, 1):
        r = elo.get(s.name)
        slow = slowest.get(s.name)
        slow_cell = (f'<a href="#game-{slow.game}" class="game-link" data-game="{slow.game}" data-ply="{slow.ply}">'
                     f'{duration(slow.seconds)}</a> <span class="muted">game {slow.game}, move {slow.ply}</span>'
                     if slow else "–")
        rows.append(f'<tr data-player="{_e(s.name)}"><td class="num">{rank}</td>'
                    f'<th scope="row" title="{_e(s.name)}">{_e(s.name)}</th>'
                    f'<td class="num points">{s.points}</td><td class="num">{s.games}</td>'
                    f'<td class="num">{s.wins}</td><td class="num">{s.draws}</td><td class="num">{s.losses}</td>'
                    f'<td class="num forfeits">{s.forfeits}</td><td class="num">{s.share:.1%}</td>'
                    f'<td class="num elo">{f"{signed(r.elo)} ± {r.error:.0f}" if r else "–"}</td>'
                    f'<td class="slowest">{slow_cell}</td></tr>')
    standings = ('<table class="standings"><thead><tr><th>#</th><th>player</th><th>points</th><th>games</th>'
                 '<th>won</th><th>drawn</th><th>lost</th><th>forfeits</th><th>share</th>'
                 '<th title="maximum likelihood, 95 % interval">Elo ± 95 %</th><th>slowest move</th></tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table>')

    head = "".join(f'<th scope="col" title="{_e(n)}">{k}</th>' for k, n in enumerate(order, 1))
    body = []
    for k, a in enumerate(order, 1):
        cells = []
        for b in order:
            if a == b:
                cells.append('<td class="self"></td>')
                continue
            met = cross.get((a, b))
            if met is None:
                cells.append('<td class="unplayed">·</td>')
                continue
            pa, pb, n = met
            verdict = "ahead" if pa > pb else "behind" if pa < pb else "level"
            cells.append(f'<td class="pair {verdict}" data-a="{_e(a)}" data-b="{_e(b)}" '
                         f'title="{_e(a)} {pa} – {pb} {_e(b)} over {n} game{"s" if n != 1 else ""}">'
                         f'{pa}–{pb}</td>')
        body.append(f'<tr><th scope="row" title="{_e(a)}">{k}. {_e(a)}</th>{"".join(cells)}'
                    f'<td class="num points">{champ.standings[a].points}</td></tr>')
    crosstab = (f'<table class="crosstable"><thead><tr><th></th>{head}<th>points</th></tr></thead>'
                f'<tbody>{"".join(body)}</tbody></table>')

    forfeits = [g for g in games if g.forfeited_by is not None]
    forfeit_rows = "".join(
        f'<li><a href="#game-{g.number}" class="game-link" data-game="{g.number}">game {g.number}</a>: '
        f'<b>{_e(g.forfeited_by)}</b> – {_e(g.reason)}: {_e(g.detail)}'
        f'{f" ({duration(g.forfeit_seconds)})" if g.forfeit_seconds is not None else ""}</li>' for g in forfeits)
    forfeit_html = f"<ul class='forfeit-list'>{forfeit_rows}</ul>" if forfeits else "<p class='muted'>None.</p>"

    problems = ""
    if records.bad:
        items = "".join(f"<li>{_e(b)}: skipped</li>" for b in records.bad)
        problems = (f'<section class="problems"><h2>Lines skipped in {_e(records.path.name)}</h2>'
                    f"<ul>{items}</ul></section>")

    data = {"games": [{"n": g.number, "r": g.round, "x": g.x, "o": g.o, "opening": g.opening,
                       "moves": "".join(GAME.move_name(m) for m in g.moves),
                       "t": [round(t, 4) for t in g.times], "result": g.winner or "draw", "reason": g.reason,
                       "detail": g.detail, "points": list(g.points), "forfeit": g.forfeited_by,
                       "forfeitSeconds": g.forfeit_seconds}
                      for g in games]}
    parts = {
        "<!--TITLE-->": _e(heading),
        "<!--SUMMARY-->": summary,
        "<!--PROBLEMS-->": problems,
        "<!--STANDINGS-->": standings,
        "<!--ELO-->": _elo_chart([elo[n] for n in sorted(elo, key=lambda n: -elo[n].elo)]),
        "<!--CROSSTABLE-->": crosstab,
        "<!--FORFEITS-->": forfeit_html,
        "/*STYLE*/": _asset("arena.css"),
        "/*APP*/": _asset("arena.js"),
        "/*DATA*/": json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        .replace("</", "<\\/").replace("<!--", "<\\!--"),
    }
    page = _asset("arena.html")
    for marker in parts:
        if marker not in page:
            raise RuntimeError(f"arena page template has no {marker} marker")
    # One pass over the template, so nothing inserted (a player's name) is ever read as a marker.
    pattern = re.compile("|".join(re.escape(m) for m in parts))
    return pattern.sub(lambda match: parts[match.group()], page)


def write_report(records: Records, path: Path, *, title: str | None = None) -> None:
    """Write the results page of ``records`` to ``path`` (atomically)."""
    write_atomically(path, report_html(records, title=title))
