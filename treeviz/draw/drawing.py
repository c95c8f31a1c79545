"""From trees and figure options to the bytes of a figure: the one place that picks the style, checks
that style and format go together, and sends the work to Graphviz (board) or to the tidy layout and our
writers (compact, dot).

Used by :class:`treeviz.tree.Tree` (``tttree``, ``treeviz tree/compare``, the
Python API) and by ``treeviz solve`` for strategy trees. Output is a lazy
sequence of chunks, so huge SVG and TikZ files stream to disk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from engine.errors import ParameterError
from treeviz.draw.dot_parts import RANKDIRS, Rankdir, count
from treeviz.draw.figure import Panel, figure_scene
from treeviz.draw.kinds import kind_of
from treeviz.draw.page_size import SCREEN_DPI, PageSize, check_dpi, legible_dpi, page_notes, parse_size
from treeviz.draw.styles import COMPACT_LIMIT, STYLES, Style, StyleError, auto_style, check_style
from treeviz.draw.themes import DEFAULT, Theme, ThemeName, theme_named
from treeviz.draw.tikz import MAX_TEX_NODES
from treeviz.games.registry import adapter_named

FigureFormat = Literal["dot", "png", "svg", "pdf", "tex"]
FIGURE_FORMATS: tuple[FigureFormat, ...] = get_args(FigureFormat)
"""Formats that are figures (the others, json and html, carry the whole tree as data)."""
SIZED_FORMATS = frozenset({"png", "svg", "pdf", "tex"})
"""Formats ``--size`` applies to (DOT is Graphviz's input, not a page)."""


class OptionError(ParameterError):
    """Figure options that do not fit together or with the format (the message names the parameters)."""


@dataclass(frozen=True)
class FigureOptions:
    """How to draw: style (None: by size), page size, PNG resolution, theme, direction, TikZ body only."""

    style: Style | None = None
    size: PageSize | None = None
    dpi: int | None = None
    theme: Theme = DEFAULT
    rankdir: Rankdir | None = None
    tex_body: bool = False
    explain: bool = False
    """Write each node's visit order and every window it had, and each cut's comparison."""

    @classmethod
    def from_values(cls, *, style: Style | None = None, size: str | PageSize | None = None, dpi: int | None = None,
                    theme: ThemeName | Theme = "default", rankdir: Rankdir | None = None,
                    tex_body: bool = False, explain: bool = False) -> FigureOptions:
        """Options as a user writes them (``size="16cm"``, ``theme="print"``), checked.

        :raises ValueError: an unknown style, theme or direction, a size or resolution that cannot be used.
        """
        if style is not None and style not in STYLES:
            raise StyleError(f"{{style:quoted}} is not a style (expected one of {', '.join(STYLES)})", style=style)
        if rankdir is not None and rankdir not in RANKDIRS:
            raise OptionError("{rankdir:quoted} is not a direction (expected TB or LR)", rankdir=rankdir)
        check_dpi(dpi)
        page = parse_size(size, dpi) if isinstance(size, str) else size
        return cls(style=style, size=page, dpi=dpi, theme=theme_named(theme) if isinstance(theme, str) else theme,
                   rankdir=rankdir, tex_body=tex_body, explain=explain)

    def check_format(self, fmt: str) -> None:
        """:raises OptionError: an option that means nothing in ``fmt`` (``--size`` for DOT, ``--dpi`` for SVG...)."""
        if fmt not in FIGURE_FORMATS:
            if self.style or self.size or self.dpi or self.theme is not DEFAULT or self.tex_body:
                raise OptionError("{style:name}, {size:name}, {dpi:name}, {theme:name} and {tex_body:name} shape "
                                  "figures; {fmt} output holds the whole tree as data", style=None, size=None,
                                  dpi=None, theme=None, tex_body=None, fmt=fmt)
            if self.explain and fmt != "html":
                raise OptionError("{explain:name} writes the windows and cuts into figures (and the page shows them "
                                  "always); {fmt} output holds them as data", explain=None, fmt=fmt)
            return
        if self.size is not None and fmt not in SIZED_FORMATS:
            raise OptionError("{size:name} applies to png, svg, pdf and tex, not {fmt} (Graphviz's input)",
                              size=None, fmt=fmt)
        if self.dpi is not None and fmt != "png":
            raise OptionError("{dpi:name} applies to png only ({fmt} is vector: it scales without pixels)",
                              dpi=None, fmt=fmt)
        if self.tex_body and fmt != "tex":
            raise OptionError("{tex_body:name} applies to {fmt} only", tex_body=None, fmt="tex")


@dataclass
class Output:
    """A figure ready to write: its chunks (produced lazily) and what was chosen on the way, for stderr."""

    chunks: Iterable[str | bytes]
    notes: list[str] = field(default_factory=list)
    style: Style = "board"
    rankdir: Rankdir = "TB"


def drawn_words(panels: list[Panel]) -> str:
    """What a figure draws, counted as its headings count it: ``18,297 nodes and 6,930 pruned moves`` (entered
    nodes, and beside them the moves alpha-beta pruned, drawn as stubs); a DAG's are positions."""
    kinds = [kind_of(p.graph) for p in panels]
    drawn = sum(p.graph.number_of_nodes() for p in panels)
    stubs = sum(int(p.graph.graph.get("pruned") or 0) for p in panels)
    noun = kinds[0].node_noun[:-1] if kinds else "node"
    words = count(drawn - stubs, noun)
    if stubs:
        words += f" and {count(stubs, 'pruned position' if noun == 'position' else 'pruned move')}"
    return words


def resolve_style(options: FigureOptions, fmt: str, drawn_nodes: int,
                  what: str | None = None, preferred: Style | None = None) -> tuple[Style, list[str]]:
    """The style to draw with and, when it was picked by size, a note saying so (``what``: the drawn nodes in
    words, :func:`drawn_words`; the styles' limits count stubs too; ``preferred``: the game's own default style,
    textbook for textbook trees, while the tree is small enough for it).

    :raises StyleError: a style and a format that do not go together, or a board figure too big.
    """
    notes: list[str] = []
    style = options.style
    if style is None:
        if fmt == "dot":
            style = preferred or "board"
        elif fmt == "tex":
            style = (preferred or "compact") if drawn_nodes <= COMPACT_LIMIT else "dot"
        else:
            style = auto_style(drawn_nodes, preferred)
        if style not in ("board", preferred) and fmt != "tex":
            notes.append(f"{what or f'{drawn_nodes:,} nodes'}: drawn in {style} style (board style is the default "
                         "up to 1,000 nodes, compact up to 5,000, pruned moves included; choose with --style)")
    check_style(style, fmt, drawn_nodes, what)
    return style, notes


def draw(panels: list[Panel], fmt: str, options: FigureOptions, *, heading: str,
         board_dot: Callable[[Theme, Rankdir], Iterator[str]], legend_notes: list[str] | None = None,
         pv_words: str | None = None) -> Output:
    """The figure of ``panels`` in ``fmt``: board style through ``board_dot(theme, rankdir)`` (DOT chunks) and
    Graphviz, compact and dot styles through the tidy layout and our writers.

    :raises ValueError: options that do not fit (:class:`OptionError`, :class:`StyleError`).
    :raises treeviz.draw.graphviz.RenderError: Graphviz failing, a PNG over 32,767 px.
    """
    options.check_format(fmt)
    drawn = sum(p.graph.number_of_nodes() for p in panels)
    preferred = adapter_named(panels[0].graph.graph.get("game")).default_style if all(
        kind_of(p.graph).tidy for p in panels) else None
    style, notes = resolve_style(options, fmt, drawn, drawn_words(panels), preferred)
    if style == "textbook" and fmt == "dot":
        from treeviz.draw.textbook_dot import iter_textbook_dot

        return Output(iter_textbook_dot(panels, heading, theme=options.theme, rankdir=options.rankdir or "TB",
                                        pv_words=pv_words, explain=options.explain), notes, style,
                      options.rankdir or "TB")
    if style == "board":
        free = any(kind_of(p.graph).crossing_edges for p in panels)
        return _board(fmt, options, board_dot, notes, free_labels=free)
    if fmt == "tex" and drawn > MAX_TEX_NODES:
        raise StyleError(f"{drawn_words(panels)} are too many for one TikZ picture (TeX runs out of memory past about "
                         f"{MAX_TEX_NODES:,}): write {{fmt}} and \\includegraphics it, or draw less ({{plies:name}}, "
                         "{path:name})", fmt="pdf", plies=None, path=None)
    size = options.size

    def scene_at(page: PageSize | None) -> Any:
        return figure_scene(panels, heading, style=style, theme=options.theme, rankdir=options.rankdir,
                            size=page, legend_notes=legend_notes, pv_words=pv_words, explain=options.explain)

    figure = scene_at(size)
    page = page_notes(figure.scene.width, figure.scene.height, size)
    dpi = options.dpi or (size.dpi if size is not None else SCREEN_DPI)
    if fmt == "png" and size is None:
        from treeviz.draw.cairo_writer import MAX_PIXELS

        if figure.scene.width * dpi / 72 > MAX_PIXELS:
            pixels = MAX_PIXELS - 100
            figure = scene_at(PageSize(width=pixels * 72 / dpi, height=None, amount=pixels, unit="px", dpi=dpi))
            notes.append(f"scaled to {pixels:,} px wide, about PNG's limit (svg or pdf keep every detail)")
        elif options.dpi is None:  # a small tree is enlarged until it reads (towards a slide's size)
            dpi = legible_dpi(figure.scene.width, figure.scene.height)
    if figure.rankdir != (options.rankdir or "TB"):
        notes.append("drawn left to right (it fits the page width with larger text that way; --rankdir TB for "
                     "top to bottom)")
    notes.extend(page)
    return Output(_tidy_chunks(figure.scene, fmt, options, dpi), notes, style, figure.rankdir)


def _board(fmt: str, options: FigureOptions, board_dot: Callable[[Theme, Rankdir], Iterator[str]],
           notes: list[str], *, free_labels: bool = False) -> Output:
    rankdir = options.rankdir or "TB"
    if fmt == "dot":
        return Output(board_dot(options.theme, rankdir), notes, "board", rankdir)
    from treeviz.draw.graphviz import render
    from treeviz.draw.svg_pictures import collecting

    with collecting(fmt) as pictures:  # a game's SVG pictures: placed in SVG, the positions' text elsewhere
        dot_text = "".join(board_dot(options.theme, rankdir))
    # Drawn now, not when written: the notes say how big the picture came out.
    data = render(dot_text, fmt, size=options.size, dpi=options.dpi, free_labels=free_labels)
    measured = _measure(data, fmt, options)
    if fmt == "png" and options.size is None and options.dpi is None and measured is not None:
        legible = legible_dpi(*measured)  # a small tree is enlarged until it reads (towards a slide's size)
        if legible > SCREEN_DPI:
            data = render(dot_text, fmt, size=None, dpi=legible, free_labels=free_labels)
    if measured is not None:
        notes.extend(page_notes(*measured, options.size))
    if pictures.stood_in:
        notes.append(pictures.stand_in_note(fmt))
    if fmt == "svg":
        text = pictures.put_in(data.decode())
        return Output([_svg_page_units(text, options.size) if options.size is not None else text], notes, "board",
                      rankdir)
    return Output([data], notes, "board", rankdir)


def _measure(data: bytes, fmt: str, options: FigureOptions) -> tuple[float, float] | None:
    """Width and height in points of a picture Graphviz drew (None if it cannot be read)."""
    import re

    if fmt == "svg":
        match = re.search(rb'<svg width="([\d.]+)pt" height="([\d.]+)pt"', data)
        return (float(match.group(1)), float(match.group(2))) if match else None
    if fmt == "pdf":
        match = re.search(rb"/MediaBox\s*\[\s*([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s*\]", data)
        if not match:
            return None
        x0, y0, x1, y1 = (float(v) for v in match.groups())
        return x1 - x0, y1 - y0
    if fmt == "png" and data[12:16] == b"IHDR":
        dpi = options.dpi or (options.size.dpi if options.size is not None else SCREEN_DPI)
        return (int.from_bytes(data[16:20], "big") * 72 / dpi, int.from_bytes(data[20:24], "big") * 72 / dpi)
    return None


def _svg_page_units(svg: str, size: PageSize) -> str:
    """Graphviz writes the page in points; say it in the unit asked for (``16cm``), same size."""
    import re

    match = re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg)
    if not match:
        return svg
    width, height = float(match.group(1)), float(match.group(2))
    amount = size.amount
    new = f'<svg width="{amount:g}{size.unit}" height="{amount * height / width:.4g}{size.unit}"'
    return svg[:match.start()] + new + svg[match.end():]


def _tidy_chunks(scene: Any, fmt: str, options: FigureOptions, dpi: int) -> Iterator[str | bytes]:
    if fmt == "svg":
        from treeviz.draw.svg_writer import iter_svg

        yield from iter_svg(scene)
    elif fmt == "tex":
        from treeviz.draw.tikz import iter_tikz

        yield from iter_tikz(scene, body_only=options.tex_body)
    elif fmt == "pdf":
        from treeviz.draw.cairo_writer import to_pdf

        yield to_pdf(scene)
    elif fmt == "png":
        from treeviz.draw.cairo_writer import to_png

        try:
            yield to_png(scene, dpi)
        except ValueError as exc:
            from treeviz.draw.graphviz import RenderError

            raise RenderError(str(exc)) from None
    else:
        raise StyleError(f"the compact and dot styles cannot be written as {fmt}")
