"""Printable alpha-beta worksheets and their answer keys: the exercises placed on pages, and the pages as LaTeX.

The sheet shows each exercise's whole tree (:mod:`treeviz.exercises.tree_layout`): leaves with their values, inner
nodes as empty triangles (MAX up, MIN down; chance nodes circles), and beside each inner node the room to write
alpha and beta. Its first page starts with the instructions and the tie rule. The key shows the same trees with
the answers: in each node its visit order and value (``≥ v`` / ``≤ v`` where the search only proved a bound),
beside it alpha and beta as they changed and the comparison of its cut, each pruned edge crossed out and the
branch below it grey.

Pages are laid out here, in print theme (black, white and greys), several exercises on a page when they fit (side
by side, then one row under the other), each numbered; the sheet and the key put the same exercises on the same
pages. Each page is one :class:`~treeviz.draw.scene.Scene`, written as a TikZ picture by
:mod:`treeviz.draw.tikz`; a document is the pages one after the other (``preview`` makes each picture a page of
exactly the paper's size). :func:`worksheet_documents` gives both documents; :mod:`treeviz.exercises.pdflatex`
makes them PDFs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.errors import ParameterError
from treeviz.draw.labels import ALPHA, BETA
from treeviz.draw.scene import Item, Scene, Segments, Shape, Stroke, Text
from treeviz.draw.text_metrics import CAP_HEIGHT
from treeviz.draw.tikz import PREAMBLE, picture_lines, tex_escape
from treeviz.exercises.model import SIDE_CHANCE, Exercise
from treeviz.exercises.pdflatex import REPRODUCIBLE
from treeviz.exercises.tree_layout import (
    CAPTION_PT,
    LEAF_PT,
    MOVE_PT,
    NOTE_GAP,
    NOTE_LEADING,
    NOTE_PT,
    ORDER_GAP,
    ORDER_PT,
    VALUE_INSET,
    VALUE_PT,
    TreePlan,
    leaf_text,
    plan_tree,
    printed_width,
    shape_of,
)
from treeviz.games.registry import adapter_named

TEX_POINTS = 72.27 / 72
"""TeX points in a PostScript point: pages are measured in TeX points, as the TikZ writer draws."""
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (595.2756 * TEX_POINTS, 841.8898 * TEX_POINTS),
    "letter": (612.0 * TEX_POINTS, 792.0 * TEX_POINTS),
}
"""Paper sizes (width, height) in TeX points, portrait."""
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}


@dataclass(frozen=True)
class Paper:
    """A page's size in TeX points, and which way up."""

    name: str
    """``a4`` or ``letter``."""
    width: float
    height: float
    landscape: bool = False

    @property
    def words(self) -> str:
        """``an A4 page``, ``a landscape Letter page``."""
        return f"a landscape {PAPER_NAMES[self.name]} page" if self.landscape else f"a {PAPER_NAMES[self.name]} page"


def paper_named(name: str, *, landscape: bool = False) -> Paper:
    """The paper ``name`` (``a4``, ``letter``), portrait or landscape.

    :raises SheetError: no such paper.
    """
    if name not in PAPERS:
        raise SheetError(f"{{paper:quoted}} is not a paper size (expected one of {', '.join(PAPERS)})", paper=name)
    w, h = PAPERS[name]
    return Paper(name, h, w, True) if landscape else Paper(name, w, h)
MARGIN = 34.0
"""Around the page (12 mm)."""
MIN_SCALE = 0.8
"""The least scale an exercise prints at: below it the notes (6.5 pt at scale 1) are too small to read and the
triangles too small to write in."""
BLOCK_GAP = 16.0
"""Between two rows of exercises."""
SIDE_GAP = 28.0
"""Between two exercises side by side."""
TITLE_PT = 14.0
TEXT_PT = 8.5
"""The instructions."""
HEADING_PT = 10.5
"""``Exercise 3``."""
ABOUT_PT = 8.0
"""What follows it: the position, and on the key the answer in brief."""
PICTURE_PT = 8.5
"""A position's picture (monospace)."""
FOOTER_PT = 7.0
MONO_EM = 0.525
"""Width of a monospace character (Computer Modern Typewriter), in em."""

INK = "#000000"
GREY = "#8c8c8c"
"""The branches the search never reached, on the key."""
FAINT = "#555555"
"""Secondary text: visit orders, footers, the rules to write on."""
RULE = "#a0a0a0"
WHITE = "#ffffff"

SHEET_INSTRUCTIONS = (
    "Search each tree with alpha-beta, from left to right: the player to move is MAX at an upward triangle and MIN at "
    "a downward one{chance}. The leaves give their values (the first player's, MAX's).",
    "Write in each node the search reaches the value it returns: v, or \u2265\u00a0v / \u2264\u00a0v where the "
    "search only proves a bound. Leave blank the nodes it never reaches.",
    "Beside each node write \u03b1 and \u03b2 as they change, starting from the window the node is entered with "
    "(at the root \u03b1\u00a0=\u00a0\u2212\u221e, \u03b2\u00a0=\u00a0+\u221e).",
    "Cross out each edge alpha-beta prunes: the moves it never searches.",
    "Ties: a node stops as soon as its value reaches the bound, \u2265\u00a0\u03b2 at a MAX node, \u2264\u00a0\u03b1 "
    "at a MIN node.",
)
"""The sheet's instructions, one paragraph each."""
CHANCE_WORDS = "; a circle is a chance node, worth the average of its branches weighted by their probabilities"
KEY_LEGEND = (
    "In each node: #n, the order the search entered it (the root #0), and the value it returned (\u2265 v / \u2264 v: "
    "a bound); leaves give #n below their value. Beside each node: \u03b1 and \u03b2 from the window it was "
    "entered with, each as it changed, and the cut that stopped it (\u03b2-cut at MAX: value \u2265 \u03b2; "
    "\u03b1-cut at MIN: value \u2264 \u03b1; a tie is enough).",
    "Each pruned edge is crossed out; the branch below it, never searched, is grey.",
)


class SheetError(ParameterError):
    """Exercises that do not fit the page as asked (the message names the parameters)."""


@dataclass
class Block:
    """One exercise on the pages: its number, its two trees (sheet and key) at their scales, and its box."""

    number: int
    ex: Exercise
    plans: dict[str, TreePlan]
    scales: dict[str, float]
    heading_h: float
    picture: list[str]
    """The position's picture, lines of monospace text (none for a textbook tree)."""
    drop: float = 0.0
    """How far the tree sits below the heading to clear the picture."""
    width: float = 0.0
    height: float = 0.0


@dataclass
class Page:
    """One page of a document: its scene, and TikZ lines drawn over it (monospace pictures)."""

    scene: Scene
    extra: list[str] = field(default_factory=list)


def about_words(ex: Exercise) -> str:
    """What a sheet says after ``Exercise n``: a game's position and who moves; nothing for a textbook tree."""
    adapter = adapter_named(ex.game)
    if adapter.numbered_moves:
        return ""
    mover = ex.players[ex.root.side] if ex.root.side != SIDE_CHANCE else "chance"
    where = ex.title if ex.title.startswith(adapter.name) else f"{adapter.title}: {ex.title}"
    return f"{where}, {mover} to move (MAX: {ex.players[0]})"


def answer_words(ex: Exercise) -> str:
    """The key's answer in brief: the root's value, the leaves examined, the moves pruned."""
    leaves = len(ex.leaves)
    pruned = len(ex.pruned_moves)
    return (f"value {ex.number(ex.value)}; {ex.leaves_examined} of {leaves} lea{'f' if leaves == 1 else 'ves'} "
            f"examined; {pruned} move{'' if pruned == 1 else 's'} pruned")


Run = tuple[str, float, bool]
"""Text of a heading in one size and weight: ``(text, size, bold)``."""
RUN_GAP = 8.0
"""Between two runs of a heading line."""


def _heading_lines(block: Block, kind: str) -> list[list[Run]]:
    """The heading lines of an exercise, each a list of runs: ``Exercise n`` (on the key, the answer in brief after
    it), then a game's position."""
    first: list[Run] = [(f"Exercise {block.number}", HEADING_PT, True)]
    if kind == "key":
        first.append((answer_words(block.ex), ABOUT_PT, False))
    about = about_words(block.ex)
    return [first, [(about, ABOUT_PT, False)]] if about else [first]


def _line_width(runs: list[Run]) -> float:
    return sum(printed_width(t, size, bold=bold) for t, size, bold in runs) + RUN_GAP * (len(runs) - 1)


def _line_height(runs: list[Run]) -> float:
    return max(size for _, size, _ in runs) * 1.35


def make_blocks(exercises: Sequence[Exercise], paper: Paper, *, what: str = "exercise") -> list[Block]:
    """Each exercise laid out, sheet and key, at the largest scale up to 1 that fits the page.

    :raises SheetError: an exercise too wide (or too tall) for the page at :data:`MIN_SCALE`.
    """
    avail_w = paper.width - 2 * MARGIN
    avail_h = paper.height - 2 * MARGIN - _header_height(paper, "sheet") - FOOTER_PT * 2
    blocks = []
    for number, ex in enumerate(exercises, 1):
        plans = {kind: plan_tree(ex, kind) for kind in ("sheet", "key")}
        adapter = adapter_named(ex.game)
        picture_text = adapter.print_picture(ex.root.fen)
        picture = picture_text.split("\n") if picture_text else []
        block = Block(number, ex, plans, {}, 0.0, picture)
        heading_h = max(sum(_line_height(line) for line in _heading_lines(block, kind)) for kind in plans) + 4.0
        block.heading_h = heading_h
        for kind, plan in plans.items():
            scale = min(1.0, avail_w / plan.width, (avail_h - heading_h) / plan.height)
            if scale < MIN_SCALE:
                raise _too_big(number, ex, plan, paper, scale, wide=avail_w / plan.width <= scale + 1e-9,
                               what=what)
            block.scales[kind] = scale
        block.drop = max(_picture_drop(block, kind) for kind in plans)
        block.width = max(max(plan.width * block.scales[k] for k, plan in plans.items()),
                          _picture_width(block),
                          max(_line_width(line) for kind in plans for line in _heading_lines(block, kind)))
        block.width = min(block.width, avail_w)
        block.height = heading_h + block.drop + max(plan.height * block.scales[k] for k, plan in plans.items())
        blocks.append(block)
    return blocks


def _too_big(number: int, ex: Exercise, plan: TreePlan, paper: Paper, scale: float, *, wide: bool,
             what: str) -> SheetError:
    leaves = len(ex.leaves)
    dimension = "wide" if wide else "tall"
    smaller = {"exercise": "fewer leaves: a smaller {depth:name} or {branching:name}",
               "tree": "a smaller tree", "position": "a position nearer the end of the game"}[what]
    return SheetError(f"exercise {number} ({leaves} leaves) is too {dimension} for {paper.words}: it would print at "
                      f"{scale:.0%}, below the {MIN_SCALE:.0%} still legible; ask for {smaller}",
                      depth=None, branching=None, paper=paper.name)


def _picture_width(block: Block) -> float:
    return max((len(line) * MONO_EM * PICTURE_PT for line in block.picture), default=0.0)


def _picture_height(block: Block) -> float:
    return len(block.picture) * PICTURE_PT * 1.15


def _picture_drop(block: Block, kind: str) -> float:
    """How far to lower the tree so that the picture, at the top left under the heading, clears its nodes and
    edges (0 when it already does)."""
    if not block.picture:
        return 0.0
    plan = block.plans[kind]
    s = block.scales[kind]
    pic_w = _picture_width(block) + 6.0
    pic_h = _picture_height(block) + 4.0
    block_w = max(plan.width * s, pic_w)
    left = (block_w - plan.width * s) / 2  # where the tree starts, centred in the block
    ex = plan.ex
    for v in ex.nodes:
        i = v.id
        x = left + plan.x[i] * s
        if plan.top(i) * s < pic_h and x - plan.w[i] * s / 2 - 40.0 * s < pic_w:
            return pic_h
        if v.parent >= 0:
            p = v.parent
            top, bottom = plan.bottom(p) * s, plan.top(i) * s
            if top < pic_h:
                px = left + plan.x[p] * s
                at = min(1.0, (pic_h - top) / max(bottom - top, 1e-9))
                if min(px, px + (x - px) * at) < pic_w:
                    return pic_h
    return 0.0


# -- pages ------------------------------------------------------------------------------------------------------

def _header_height(paper: Paper, kind: str, chance: bool = True) -> float:
    """The height of the first page's header (title, instructions or legend)."""
    text_w = paper.width - 2 * MARGIN
    lines = _header_paragraphs(kind, chance)
    height = TITLE_PT * 1.6
    for paragraph in lines:
        height += len(wrap_words(paragraph, text_w - 12.0, TEXT_PT)) * TEXT_PT * 1.3 + TEXT_PT * 0.35
    return height + 10.0


def wrap_words(text: str, width: float, size: float) -> list[str]:
    """``text`` broken between words into lines no wider than ``width`` at ``size`` points (a longer word stays
    whole; a no-break space joins two words, and is printed as a space)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and printed_width(candidate.replace("\u00a0", " "), size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return [part.replace("\u00a0", " ") for part in (*lines, line)]


def _header_paragraphs(kind: str, chance: bool) -> list[str]:
    if kind == "key":
        return list(KEY_LEGEND)
    return [SHEET_INSTRUCTIONS[0].format(chance=CHANCE_WORDS if chance else ""), *SHEET_INSTRUCTIONS[1:]]


def pack_pages(blocks: list[Block], paper: Paper, per_page: int | None = None) -> list[list[list[Block]]]:
    """The blocks in rows on pages (the first page below its header): side by side while they fit the width, rows
    while they fit the height; ``per_page`` blocks on each page when given.

    :raises SheetError: ``per_page`` exercises do not fit on a page.
    """
    avail_w = paper.width - 2 * MARGIN
    bottom = paper.height - MARGIN - FOOTER_PT * 2
    header = max(_header_height(paper, kind) for kind in ("sheet", "key"))
    pages: list[list[list[Block]]] = []
    queue = list(blocks)
    while queue:
        top = MARGIN + (header if not pages else 0.0)
        rows = _fill(queue, avail_w, bottom - top, per_page)
        taken = sum(len(row) for row in rows)
        if per_page is not None and taken < min(per_page, len(queue)):
            raise _per_page_error(per_page, min(per_page, len(queue)), max(1, taken), paper, first=not pages)
        if not taken:  # one exercise taller than what is left under the header: it starts the next page
            if pages or not blocks:
                raise SheetError("an exercise is taller than a page")  # make_blocks refuses those
            pages.append([])
            continue
        pages.append(rows)
        del queue[:taken]
    return pages


def _per_page_error(per_page: int, asked: int, fit: int, paper: Paper, *, first: bool) -> SheetError:
    where = paper.words.partition(" ")[2] + (" under the instructions" if first else "")
    return SheetError(f"{{per_page}}: {asked} exercises of this size do not fit on one {where} (at most {fit} do"
                      f"{' there' if first else ''}): ask for {{per_page:name}} {fit}, or leave it out to fill "
                      "pages as they come", per_page=per_page)


def _fill(queue: list[Block], width: float, height: float, limit: int | None) -> list[list[Block]]:
    """As many blocks from the front of ``queue`` as fit in ``width`` by ``height`` (at most ``limit``), in rows."""
    rows: list[list[Block]] = []
    used_h = 0.0
    taken = 0
    row: list[Block] = []
    row_w = 0.0
    for block in queue:
        if limit is not None and taken == limit:
            break
        if row and row_w + SIDE_GAP + block.width <= width:
            row_h = max(b.height for b in row)
            grown = max(row_h, block.height)
            if used_h - row_h + grown <= height:
                row.append(block)
                row_w += SIDE_GAP + block.width
                used_h += grown - row_h
                taken += 1
                continue
        gap = BLOCK_GAP if rows or row else 0.0
        if used_h + gap + block.height > height:
            break
        if row:
            rows.append(row)
        row = [block]
        row_w = block.width
        used_h += gap + block.height
        taken += 1
    if row:
        rows.append(row)
    return rows


def paint_pages(pages: list[list[list[Block]]], paper: Paper, kind: str, *, footer: str = "") -> list[Page]:
    """The pages of the sheet or the key."""
    page_w, page_h = paper.width, paper.height
    chance = any(v.side == SIDE_CHANCE for rows in pages for row in rows for b in row for v in b.ex.nodes)
    out = []
    for number, rows in enumerate(pages, 1):
        items: list[Item] = []
        extra: list[str] = []
        y = MARGIN
        if number == 1:
            _paint_header(items, paper, kind, chance)
            y += _header_height(paper, kind, chance)
        for row in rows:
            row_w = sum(b.width for b in row) + SIDE_GAP * (len(row) - 1)
            x = MARGIN + (page_w - 2 * MARGIN - row_w) / 2
            for block in row:
                _paint_block(items, extra, block, kind, x, y)
                x += block.width + SIDE_GAP
            y += max(b.height for b in row) + BLOCK_GAP
        where = f"page {number} of {len(pages)}"
        base = page_h - MARGIN + FOOTER_PT * 0.5
        if footer:  # a command: in typewriter type, where "--" stays two hyphens
            extra.append(f"\\node[anchor=base west, inner sep=0pt, font=\\ttfamily\\fontsize{{{FOOTER_PT:g}}}"
                         f"{{{FOOTER_PT * 1.2:g}}}\\selectfont, text=black!65] at ({MARGIN:g},{base:g}) "
                         f"{{{_mono(footer)}}}; % footer")
        items.append(Text(page_w - MARGIN, base, where, FOOTER_PT, FAINT, anchor="end", role="footer"))
        title = "Alpha-beta worksheet" + (": answer key" if kind == "key" else "")
        out.append(Page(Scene(width=page_w, height=page_h, items=items, title=title), extra))
    return out


def _paint_header(items: list[Item], paper: Paper, kind: str, chance: bool) -> None:
    page_w = paper.width
    text_w = page_w - 2 * MARGIN
    y = MARGIN + TITLE_PT
    title = "Alpha-beta pruning: " + ("answer key" if kind == "key" else "worksheet")
    items.append(Text(MARGIN, y, title, TITLE_PT, INK, bold=True, anchor="start", role="title"))
    if kind == "sheet":
        items.append(Text(page_w - MARGIN - 130.0, y, "Name", TEXT_PT, INK, anchor="end", role="name"))
        items.append(Segments(Stroke(INK, 0.5), [page_w - MARGIN - 127.0, y + 1.0, page_w - MARGIN, y + 1.0],
                              role="rule"))
    y += TITLE_PT * 0.6
    for k, paragraph in enumerate(_header_paragraphs(kind, chance), 1):
        mark = f"{k}." if kind == "sheet" else "\u2022"
        lines = wrap_words(paragraph, text_w - 12.0, TEXT_PT)
        for j, line in enumerate(lines):
            y += TEXT_PT * 1.3
            if j == 0:
                items.append(Text(MARGIN, y, mark, TEXT_PT, INK, anchor="start", role="instructions"))
            items.append(Text(MARGIN + 12.0, y, line, TEXT_PT, INK, anchor="start", role="instructions"))
        y += TEXT_PT * 0.35


def _paint_block(items: list[Item], extra: list[str], block: Block, kind: str, x: float, y: float) -> None:
    """One exercise with its top left at (x, y): heading, picture, tree."""
    base = y
    for line in _heading_lines(block, kind):
        base += _line_height(line) * 0.89
        at = x
        for text, size, bold in line:
            items.append(Text(at, base, text, size, INK if bold else FAINT, bold=bold, anchor="start",
                              role=f"heading-{block.number}"))
            at += printed_width(text, size, bold=bold) + RUN_GAP
        base += _line_height(line) * 0.11
    top = y + block.heading_h
    if block.picture:
        pic_base = top + PICTURE_PT
        for text_line in block.picture:
            extra.append(f"\\node[anchor=base west, inner sep=0pt, font=\\ttfamily\\fontsize{{{PICTURE_PT:g}}}"
                         f"{{{PICTURE_PT * 1.15:g}}}\\selectfont] at ({x:.2f},{pic_base:.2f}) "
                         f"{{{_mono(text_line)}}}; % picture")
            pic_base += PICTURE_PT * 1.15
    plan = block.plans[kind]
    s = block.scales[kind]
    left = x + (block.width - plan.width * s) / 2
    paint_tree(items, plan, left, top + block.drop, s)


def _mono(line: str) -> str:
    """A line of a monospace picture as TeX: spaces kept (each as wide as a letter)."""
    return "\\ ".join(tex_escape(part) for part in line.split(" ")) or "\\ "


# -- a tree -------------------------------------------------------------------------------------------------------

def paint_tree(items: list[Item], plan: TreePlan, ox: float, oy: float, s: float) -> None:
    """Paint an exercise's tree with its top left at (ox, oy), ``s`` times its natural size: the sheet's (blank
    values, room for alpha and beta) or the key's (the answers). Items are tagged by node: ``node-3`` (a shape,
    its text the key's value), ``leaf-3``, ``order-3`` (a leaf's visit order), ``note-3`` (alpha, beta, the cut),
    ``cut-3`` (the mark on the edge into pruned node 3)."""
    ex = plan.ex
    key = plan.kind == "key"
    nodes = ex.nodes

    def at(i: int) -> tuple[float, float]:
        return ox + plan.x[i] * s, oy + plan.y[i] * s

    lines: dict[str, list[float]] = {"edge": [], "grey": []}
    marks: list[tuple[int, list[float]]] = []
    texts: list[Item] = []
    for v in nodes[1:]:
        i, p = v.id, v.parent
        x1, y1 = ox + plan.x[p] * s, oy + plan.bottom(p) * s
        x2, y2 = ox + plan.x[i] * s, oy + plan.top(i) * s
        grey = key and not v.examined
        lines["grey" if grey else "edge"] += (x1, y1, x2, y2)
        if key and v.pruned:
            ends = [(ox + plan.x[c] * s, oy + plan.top(c) * s) for c in nodes[p].children if c != i]
            marks.append((i, _cut_mark(x1, y1, x2, y2, s, ends)))
        label = plan.edge_text(i)
        if label:
            size = MOVE_PT * s
            ly = y2 - size * 0.9  # just above the node, in its column (the layout kept the column that wide)
            lx = x2
            texts.append(Text(lx, ly + size * CAP_HEIGHT / 2, label, size, GREY if grey else INK, halo=WHITE,
                              role=f"move-{i}"))
    width = max(0.7 * s, 0.4)
    if lines["edge"]:
        items.append(Segments(Stroke(INK, round(width, 3)), lines["edge"], role="edge"))
    if lines["grey"]:
        items.append(Segments(Stroke(GREY, round(width, 3), "dashed"), lines["grey"], role="pruned-edge"))
    for i, coords in marks:
        items.append(Segments(Stroke(INK, round(max(1.0 * s, 0.6), 3)), coords, role=f"cut-{i}"))
    for v in nodes:
        i = v.id
        x, y = at(i)
        shape = shape_of(v)
        grey = key and not v.examined
        colour = GREY if grey else INK
        if shape == "leaf":
            size = LEAF_PT * s
            base = oy + plan.top(i) * s + size * CAP_HEIGHT + 1.0 * s
            items.append(Text(x, base, leaf_text(ex, v), size, colour, role=f"leaf-{i}"))
            if key and v.examined:
                small = ORDER_PT * s
                items.append(Text(x, base + small * 1.35, f"#{v.order}", small, FAINT, role=f"order-{i}"))
        else:
            node = Shape(shape, x, y, plan.w[i] * s, plan.h[i] * s, WHITE,
                         Stroke(colour, round(max(0.8 * s, 0.5), 3)), role=f"node-{i}")
            items.append(node)
            if key and v.examined:
                _paint_answer(items, node, f"#{v.order}", ex.value_text(v), i, s)
            _paint_notes(items, plan, i, x + (plan.w[i] / 2 + NOTE_GAP) * s, y, s)
        caption = plan.captions.get(i)
        if caption:
            size = CAPTION_PT * s
            items.append(Text(x - plan.w[i] * s / 2 - 2.0 * s, y + size * CAP_HEIGHT / 2, caption, size, colour,
                              anchor="end", role="caption"))
    items.extend(texts)


def _paint_answer(items: list[Item], node: Shape, order: str, value: str, i: int, s: float) -> None:
    """The key's value of an inner node and its visit order: the value near the triangle's base, where it is
    widest, the order beyond it towards the apex (:func:`treeviz.exercises.tree_layout.triangle_base` sized the
    triangle for both); in a circle, the order above the value."""
    value_pt, order_pt = VALUE_PT * s, ORDER_PT * s
    value_cap, order_cap = value_pt * CAP_HEIGHT, order_pt * CAP_HEIGHT
    top, bottom = node.y - node.h / 2, node.y + node.h / 2
    if node.kind == "triangle-up":
        value_at = bottom - VALUE_INSET * s
        order_at = value_at - value_cap - ORDER_GAP * s
    elif node.kind == "triangle-down":
        value_at = top + VALUE_INSET * s + value_cap
        order_at = value_at + ORDER_GAP * s + order_cap
    else:
        value_at = node.y + value_cap / 2 + 2.0 * s
        order_at = value_at - value_cap - ORDER_GAP * s
    items.append(Text(node.x, value_at, value, value_pt, INK, bold=True, role=f"value-{i}"))
    items.append(Text(node.x, order_at, order, order_pt, FAINT, role=f"order-{i}"))


CUT_AT = 0.55
"""Where a pruned edge's mark crosses it, as a share of the edge from the parent: past the middle, where the edges
of a fan are further apart."""


def _cut_mark(x1: float, y1: float, x2: float, y2: float, s: float,
              siblings: Sequence[tuple[float, float]] = ()) -> list[float]:
    """Two short strokes across the edge (x1, y1)-(x2, y2): the mark of a pruned move. ``siblings``: where the other
    edges from the same parent end; the strokes reach no more than a third of the way to the nearest of them, so
    that the marks of two adjacent pruned edges stand apart."""
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    mx, my = x1 + dx * CUT_AT, y1 + dy * CUT_AT
    room = min((_to_segment(mx, my, x1, y1, ex, ey) for ex, ey in siblings), default=math.inf)
    half = max(1.2 * s, min(3.8 * s, room / 3))
    slant = min(1.2 * s, half / 3)
    out: list[float] = []
    for along in (-1.5 * s, 1.5 * s):
        cx, cy = mx + ux * along, my + uy * along
        # slanted a little, as a hand crosses a line out
        out += (cx - nx * half - ux * slant, cy - ny * half - uy * slant,
                cx + nx * half + ux * slant, cy + ny * half + uy * slant)
    return out


def _to_segment(px: float, py: float, x1: float, y1: float, x2: float, y2: float) -> float:
    """The distance from (px, py) to the segment (x1, y1)-(x2, y2)."""
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / ((dx * dx + dy * dy) or 1.0)))
    return math.hypot(px - x1 - t * dx, py - y1 - t * dy)


def _paint_notes(items: list[Item], plan: TreePlan, i: int, x: float, y: float, s: float) -> None:
    """Beside inner node ``i`` (its notes start at x, centred on y): the sheet's alpha and beta with room to write,
    the key's history and cut."""
    size = NOTE_PT * s
    lead = size * NOTE_LEADING
    if plan.kind == "sheet":
        rows = [ALPHA, BETA]
    else:
        rows = plan.notes[i]
        if not rows:
            return
    first = y - lead * (len(rows) - 1) / 2 + size * CAP_HEIGHT / 2
    for k, row in enumerate(rows):
        base = first + k * lead
        if plan.kind == "sheet":
            items.append(Text(x, base, row, size, INK, anchor="start", role=f"note-{i}"))
            start = x + printed_width(row + " ", size)
            items.append(Segments(Stroke(RULE, round(max(0.45 * s, 0.3), 3)),
                                  [start, base + 0.8 * s, start + plan.note_room * s, base + 0.8 * s], role="rule"))
        else:
            cut = k == 2
            items.append(Text(x, base, row, size, INK, bold=cut, anchor="start", role=f"note-{i}"))


# -- documents ----------------------------------------------------------------------------------------------------



def document(pages: list[Page], *, title: str) -> str:
    """The LaTeX document of ``pages``: pdflatex it (it needs TikZ and preview) for a PDF whose pages have exactly
    the paper's size; reproducible (:data:`treeviz.exercises.pdflatex.REPRODUCIBLE`)."""
    out = [f"% {tex_escape(title)}: made by treeviz exercise; pdflatex this file (needs tikz and preview).\n",
           REPRODUCIBLE, PREAMBLE,
           f"\\pdfinfo{{/Title ({_pdf_string(title)}) /Creator (treeviz exercise)}}\n",
           # Text is never shrunk: the layout measured it as pdflatex sets it (tree_layout.printed_width).
           "\\providecommand\\tvfit[2]{#2}\n",
           "\\providecommand\\tvstack[1]{\\vbox{\\offinterlineskip\\halign{\\hfil##\\hfil\\cr#1\\crcr}}}\n",
           "\\begin{document}\n"]
    for number, page in enumerate(pages, 1):
        lines, colours = picture_lines(page.scene)
        out.append(f"% page {number}\n")
        out.append(colours.definitions())
        out.append("\\begin{tikzpicture}[x=1pt, y=-1pt, font=\\sffamily]\n")
        out.append("\n".join(lines) + "\n")
        if page.extra:
            out.append("\n".join(page.extra) + "\n")
        out.append("\\end{tikzpicture}\n")
    out.append("\\end{document}\n")
    return "".join(out)


def _pdf_string(text: str) -> str:
    """``text`` inside a PDF string: ASCII, parentheses and backslashes escaped."""
    plain = text.encode("ascii", "replace").decode()
    return plain.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").replace("%", "\\%")


@dataclass
class Worksheet:
    """A worksheet's two LaTeX documents and what they hold."""

    sheet: str
    key: str
    pages: int
    exercises: list[Exercise]


def worksheet_documents(exercises: Sequence[Exercise], *, paper: str = "a4", per_page: int | None = None,
                        footer: str = "", what: str = "exercise") -> Worksheet:
    """The sheet and the key of ``exercises`` on ``paper`` (``a4`` or ``letter``), as LaTeX documents; ``per_page``
    exercises on a page (None: as many as fit); ``footer`` at the foot of each page (how the sheet was made);
    ``what`` the exercises are (``exercise``, ``tree``, ``position``: what a message asks to make smaller).

    :raises SheetError: an exercise too big for the page at :data:`MIN_SCALE`, or ``per_page`` exercises that do
        not fit on a page.
    """
    portrait = paper_named(paper)
    try:
        blocks = make_blocks(exercises, portrait, what=what)
        chosen = portrait
    except SheetError:
        chosen = paper_named(paper, landscape=True)
        blocks = make_blocks(exercises, chosen, what=what)
    pages = pack_pages(blocks, chosen, per_page)
    sheet = paint_pages(pages, chosen, "sheet", footer=footer)
    key = paint_pages(pages, chosen, "key", footer=footer)
    return Worksheet(sheet=document(sheet, title="Alpha-beta worksheet"),
                     key=document(key, title="Alpha-beta worksheet: answer key"), pages=len(pages),
                     exercises=list(exercises))


def fits_page(ex: Exercise, paper: str = "a4", *, landscape: bool = False) -> bool:
    """Whether ``ex`` can be printed on ``paper`` (portrait, or ``landscape``) at :data:`MIN_SCALE` or more."""
    try:
        make_blocks([ex], paper_named(paper, landscape=landscape))
    except SheetError:
        return False
    return True


__all__ = ["Block", "MIN_SCALE", "PAPERS", "Page", "Paper", "SheetError", "Worksheet", "about_words", "answer_words",
           "document", "fits_page", "make_blocks", "pack_pages", "paint_pages", "paint_tree", "paper_named",
           "worksheet_documents", "wrap_words"]
