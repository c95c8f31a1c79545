"""Compact and dot figures: search trees laid out by the tidy layout and placed on a page as a :class:`Scene`.

One tree (or a few side by side: minimax and alpha-beta, two strategies) is
turned into boxes, ellipses or points, edges, move labels, pruned stubs and
``+k nodes`` marks, laid out in linear time (:mod:`treeviz.draw.tidy_layout`), then
scaled to the page: ``--size`` fixes the width (and maybe the height), the
heading and legend stay at a readable print size whatever the scale. With a
size and no ``--rankdir``, a compact tree too wide to read when drawn
downwards is drawn rightwards instead, its levels spread to fill the width.

Every writer (SVG, PDF/PNG, TikZ) paints the same scene, so all formats show
the same coordinates.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Final, Literal

import networkx as nx

from treeviz.draw.dot_parts import CHANCE_WORDS, Rankdir
from treeviz.draw.explain import EXPLAIN_WORDS, graph_windows, history_lines
from treeviz.draw.kinds import kind_of, node_text, textbook_text
from treeviz.draw.labels import ALPHA, BETA, CHANCE, CHANCE_SIDE, cut_text, format_number
from treeviz.draw.page_size import PageSize
from treeviz.draw.scene import Dash, Item, Marks, Scene, Segments, Shape, ShapeKind, Stroke, Text, TextLine, text_centre
from treeviz.draw.styles import NodeText, node_shape, textbook_shape
from treeviz.draw.technique_marks import MARK_INK, mark_letters
from treeviz.draw.text_metrics import CAP_HEIGHT, text_width
from treeviz.draw.themes import DEFAULT, Theme, greyed
from treeviz.draw.tidy_layout import tidy_layout
from treeviz.games.registry import adapter_named
from treeviz.graph_dicts import node_dict, pred_dict, succ_dict

# -- natural sizes (points, before scaling to the page) ----------------------------------

VALUE_PT = 7.0
"""Value inside a compact node."""
SMALL_PT = 5.0
"""Visit order above the value."""
MOVE_PT = 6.0
"""Moves on the edges, pruned moves, ``+k`` marks."""
CAPTION_PT = 7.0
"""A node's name beside it (textbook style)."""
NOTE_PT = 5.0
"""Explain mode's visit order and windows beside a node."""
LEAF: Final = "leaf"
"""The textbook style's shape of a finished game: no outline, its value alone."""
SIBLING_GAP = {"compact": 2.0, "dot": 0.8, "textbook": 4.0}
COUSIN_GAP = {"compact": 4.0, "dot": 1.6, "textbook": 8.0}
DOT_SIZE = 2.6
"""Diameter of a dot-style node."""
DOT_ASPECT = 2.5
"""A dot-style figure is drawn about this many times wider than tall (its levels spread to get there)."""
LR_STRETCH = 3.0
"""Drawn rightwards to fit a page width, levels may spread up to this many times their least gap."""
MAX_SCALE = 2.0
"""A small tree given a wide page is blown up at most this much, and centred."""
READABLE_SCALE = 0.75
"""Below this scale a downward compact tree is too small to read on the page: try rightwards."""

# -- final sizes (points on the page, whatever the scale) -----------------------------------

MARGIN = 8.0
TITLE_PT = 9.0
LEGEND_PT = 6.5
PANEL_TITLE_PT = 8.0
PANEL_GAP = 18.0
MIN_STROKE = 0.12
"""Lines never thinner than this on the page, so the shape of a huge tree still prints."""
MIN_PV_STROKE = 0.9
MIN_DOT = 0.35


@dataclass
class Panel:
    """One tree of a figure and the title written over it (None: no title)."""

    graph: nx.DiGraph
    title: str | None = None


@dataclass
class Figure:
    """The placed figure and the choices made on the way (for the command to report)."""

    scene: Scene
    rankdir: Rankdir
    scale: float
    """How much the trees were scaled to fit the page (1 without ``--size``)."""


TextOf = Callable[[nx.DiGraph, dict[str, Any]], NodeText]

ENTERED, STUB, MARK, UNSEARCHED = 0, 1, 2, 3
"""Kinds of drawn node: entered by the search, a pruned move's stub, a ``+k`` mark, and (``--show-pruned``) a node
of a pruned subtree the search never entered, drawn greyed (:mod:`treeviz.trees.pruned_subtrees`)."""


class _Tree:
    """One tree's nodes in preorder with their sizes and tidy positions, in natural points, for one
    orientation; (0, 0) is the top left of the tree's box."""

    def __init__(self, G: nx.DiGraph, style: str, rankdir: Rankdir, text_of: TextOf, explain: bool = False) -> None:
        self.G = G
        self.explain = explain
        self.adapter = adapter_named(G.graph.get("game"))
        self.sides = self.adapter.sides
        self.style = style
        textbook = style == "textbook"
        if textbook and text_of is node_text:
            text_of = textbook_text
        self.rankdir = rankdir
        node_data = node_dict(G)
        succ = succ_dict(G)
        root = _root(G)
        kind: list[int] = []
        gid: list[Hashable] = []
        depth: list[int] = []
        parent: list[int] = []
        children: list[list[int]] = []
        count: list[int] = []  # +k of a mark
        # (graph node, parent index, level, +k): a mark (k > 0) stands for the nodes cut off below its parent.
        stack: list[tuple[Hashable, int, int, int]] = [(root, -1, 0, 0)]
        compact = style in ("compact", "textbook")
        while stack:
            n, p, level, k = stack.pop()
            i = len(gid)
            gid.append(n)
            depth.append(level)
            parent.append(p)
            children.append([])
            count.append(k)
            if p >= 0:
                children[p].append(i)
            if k:
                kind.append(MARK)
                continue
            d = node_data[n]
            kind.append(UNSEARCHED if d.get("unsearched") else STUB if d.get("pruned") else ENTERED)
            kids = succ[n]
            order = _sorted(kids) if len(kids) > 1 else list(kids)
            # ``hidden`` counts every node left out below; the mark here is for those not under a drawn child.
            hidden = d.get("hidden") or 0
            if hidden:
                hidden -= sum(node_data[c].get("hidden") or 0 for c in order if not node_data[c].get("pruned"))
                if hidden > 0:
                    stack.append((None, i, level + 1, hidden))
            stack.extend((c, i, level + 1, 0) for c in reversed(order))
        self.kind, self.gid, self.depth, self.parent = kind, gid, depth, parent
        self.children, self.count = children, count
        size = len(gid)
        self.texts: list[NodeText | None] = [None] * size
        self.shapes: list[ShapeKind | Literal["leaf", ""]] = [""] * size
        """Textbook style: each entered node's outline (:func:`textbook_shape`, or :data:`LEAF`)."""
        self.captions: dict[int, str] = {}
        """Textbook style: the names written beside nodes."""
        self.shape_w: list[float] = []
        """Textbook style: each node's outline width (its layout width also holds its name, on both sides)."""
        self.has_chance = False
        self.alphabeta = kind_of(G).cuts
        self.notes: dict[int, list[str]] = {}
        """Explain mode: the lines written beside each entered node (visit order, windows)."""
        if explain and style != "dot":
            self._explain_notes()
        w = [0.0] * size
        h = [0.0] * size
        for i in range(size):
            k = kind[i]
            if k in (ENTERED, UNSEARCHED):
                d = node_data[gid[i]]
                if d.get("to_move") == CHANCE:
                    self.has_chance = True
                if k == UNSEARCHED:  # a leaf's value alone: the search never returned anything there
                    t = NodeText(format_number(d["value"], signed=not textbook) if d.get("value") is not None else "")
                    self.texts[i] = t
                    if textbook:
                        w[i], h[i] = self._textbook_size(i, d, t, bool(succ[gid[i]]))
                        continue
                if textbook:
                    t = text_of(G, d)
                    self.texts[i] = t
                    w[i], h[i] = self._textbook_size(i, d, t, bool(succ[gid[i]]))
                elif compact:
                    t = t if k == UNSEARCHED else text_of(G, d)
                    if explain:  # the visit order is in the notes beside the node
                        t = NodeText(t.main)
                    self.texts[i] = t
                    tw = text_width(t.main, VALUE_PT)
                    if t.small:
                        tw = max(tw, text_width(t.small, SMALL_PT))
                    shape = node_shape(self.sides.index(d.get("to_move")))
                    ellipse = shape == "ellipse"
                    if ellipse:
                        w[i] = max(tw * 1.2 + 4.0, 13.0)
                    else:
                        w[i] = max(tw + 4.0, 11.0)
                    h[i] = 15.0 if t.small else 9.5
                    if ellipse:
                        h[i] += 1.0
                    elif shape == "circle":
                        w[i] = h[i] = max(tw + 5.0, h[i] + 1.0)
                else:
                    w[i] = h[i] = DOT_SIZE
            elif k == STUB:
                if compact:
                    label = self.stub_text(i)
                    w[i] = text_width(label, MOVE_PT) + 1.0
                    h[i] = MOVE_PT + 2.0
                else:
                    w[i] = h[i] = DOT_SIZE * 0.6
            else:
                if compact:
                    w[i] = text_width(self.mark_text(i), MOVE_PT) + 2.0
                    h[i] = MOVE_PT + 2.0
                else:
                    w[i] = text_width(self.mark_text(i), MOVE_PT * 0.6) + 1.0
                    h[i] = MOVE_PT * 0.6 + 1.0
        if textbook:
            self.shape_w += [0.0] * (size - len(self.shape_w))
        else:
            self.shape_w = list(w)
        self.shape_h = list(h)
        """Each node's outline (the layout box ``w`` x ``h`` also holds its name and notes)."""
        for i, lines in self.notes.items():
            note_w = max(text_width(line, NOTE_PT) for line in lines) + 2.0
            caption = self.captions.get(i)
            caption_w = text_width(caption, CAPTION_PT) + 2.0 if caption else 0.0
            w[i] = self.shape_w[i] + 2 * max(note_w, caption_w)
            h[i] = max(h[i], len(lines) * NOTE_PT * 1.25)
        self.w, self.h = w, h
        across = w if rankdir == "TB" else h  # extent along the sibling axis
        self.across = across
        self.offsets = tidy_layout(children, across, gap=SIBLING_GAP[style], cousin_gap=COUSIN_GAP[style])
        self.levels = max(depth) + 1 if depth else 1
        self.breadth = max((self.offsets[i] + across[i] / 2 for i in range(size)), default=0.0)
        along = h if rankdir == "TB" else w
        entered_along = [along[i] for i in range(size) if kind[i] == ENTERED] or [DOT_SIZE]
        self.node_along = max(entered_along)
        if compact:
            label_room = (MOVE_PT + 9.0) if rankdir == "TB" else (self._widest_move() + 12.0)
            self.min_step = self.node_along + label_room
        else:
            self.min_step = 14.0
        self.step = self.min_step

    def _explain_notes(self) -> None:
        """The lines explain mode writes beside each entered node: its visit order and, for alpha-beta, every
        window it had (:mod:`treeviz.draw.explain`); a leaf's single window on one line."""
        histories = graph_windows(self.G) if self.alphabeta else {}
        signed = self.style != "textbook"  # as the style writes values: +3 in compact nodes, 3 in triangles
        node_data, succ = node_dict(self.G), succ_dict(self.G)
        for i, n in enumerate(self.gid):
            if self.kind[i] != ENTERED:
                continue
            order = node_data[n].get("order")
            if self.alphabeta:
                self.notes[i] = history_lines(order, histories[n], signed=signed, per_line=2 if succ[n] else 1)
            elif order is not None:
                self.notes[i] = [f"#{order}"]

    def _textbook_size(self, i: int, d: dict[str, Any], t: NodeText, inner: bool) -> tuple[float, float]:
        """A textbook-style node's layout box: its outline (a triangle holding the value, a circle, or a leaf's
        value alone) widened on both sides by its name, if it has one."""
        tw = text_width(t.main, VALUE_PT, bold=True)  # bold on the principal variation
        if t.small:
            tw = max(tw, text_width(t.small, SMALL_PT))
        side = self.sides.index(d.get("to_move"))
        shape = LEAF if d.get("leaf") == "terminal" and not inner and side != CHANCE_SIDE else textbook_shape(side)
        self.shapes[i] = shape
        if shape == LEAF:
            sw, sh = tw + 3.0, 9.0
        elif shape == "circle":
            sw = sh = max(tw + 5.0, 13.0 if t.small is None else 18.0)
        else:  # the text sits at the centroid, where the triangle is two thirds of its base wide
            sw = max(17.0, 1.6 * (tw + 3.0))
            sh = sw * 0.87 if t.small is None else sw
        while len(self.shape_w) <= i:
            self.shape_w.append(0.0)
        self.shape_w[i] = sw
        caption = self.adapter.caption(str(d.get("fen", "")))
        extra = 0.0
        if caption:
            self.captions[i] = caption
            extra = text_width(caption, CAPTION_PT) + 2.0
        return sw + 2 * extra, sh

    # -- texts ---------------------------------------------------------------------------------

    def move_text(self, i: int) -> str:
        """The text on the edge into node ``i``: its move as the game writes it, and the probability of a chance
        event; nothing in the textbook style for moves named only by their place (a textbook tree's)."""
        p = self.parent[i]
        e = succ_dict(self.G)[self.gid[p]][self.gid[i]]
        probability = e.get("probability")
        if self.style == "textbook" and probability is None and self.adapter.numbered_moves:
            return ""
        return self.adapter.edge_text(str(e.get("label", e.get("move", ""))), probability)

    def stub_text(self, i: int) -> str:
        """A pruned move's text: its move and the cut's letter; in explain mode the first stub of a cut says the
        comparison instead (``α-cut: 2 ≤ α=3``)."""
        d = node_dict(self.G)[self.gid[i]]
        cut = d.get("cut_by") or "beta"
        letter = BETA if cut == "beta" else ALPHA
        if self.explain:
            p = self.parent[i]
            first = next(c for c in self.children[p] if self.kind[c] == STUB)
            if first == i:
                letter = cut_text(cut, d.get("parent_value"), d.get("parent_bound"), signed=self.style != "textbook")
        move = self.move_text(i)
        return f"{move} {letter}" if move else letter

    def mark_text(self, i: int) -> str:
        return f"+{self.count[i]:,}"

    def _widest_move(self) -> float:
        widths = [text_width(self.move_text(i), MOVE_PT) for i in range(1, len(self.gid)) if self.kind[i] == ENTERED]
        return max(widths, default=MOVE_PT)

    # -- geometry --------------------------------------------------------------------------------

    def size(self) -> tuple[float, float]:
        """Width and height of the tree's box at the current level step."""
        along = self.step * (self.levels - 1) + self.node_along
        return (self.breadth, along) if self.rankdir == "TB" else (along, self.breadth)

    def centre(self, i: int) -> tuple[float, float]:
        level = self.node_along / 2 + self.depth[i] * self.step
        if self.rankdir == "TB":
            return self.offsets[i], level
        return level, self.offsets[i]


TreeLayout = _Tree
"""One tree laid out (sizes, tidy positions, texts) in natural points: what the replay's frames paint step by step
(:mod:`treeviz.draw.replay`), positions computed once."""


def _root(G: nx.DiGraph) -> Hashable:
    root = G.graph.get("root")
    if root is not None and root in G:
        return root
    return next(n for n in G if not pred_dict(G)[n])


def _sorted(children: Any) -> list[Any]:
    try:
        return sorted(children)
    except TypeError:
        return list(children)


# -- the figure ------------------------------------------------------------------------------------

def figure_scene(panels: list[Panel], heading: str, *, style: str, theme: Theme = DEFAULT,
                 rankdir: Rankdir | None = None, size: PageSize | None = None, legend: bool = True,
                 text_of: TextOf = node_text, legend_notes: list[str] | None = None,
                 pv_words: str | None = None, explain: bool = False) -> Figure:
    """Lay out the panels' trees in ``style`` (compact or dot) and place them under ``heading`` and the legend.

    ``rankdir`` TB grows trees downwards, LR rightwards; None: downwards, unless a ``size`` is given and a
    compact tree would be too small to read that way while rightwards it is larger. ``explain`` writes beside each
    node its visit order and every window it had, and on each cut the comparison that caused it.
    """
    chosen = rankdir or "TB"
    trees = [_Tree(p.graph, style, chosen, text_of, explain) for p in panels]
    if rankdir is None and size is not None and style == "compact":
        down = _fit(trees, size, panels)
        if down < READABLE_SCALE:
            across = [_Tree(p.graph, style, "LR", text_of, explain) for p in panels]
            right = _fit(across, size, panels)
            if right > down:
                trees, chosen = across, "LR"
    if style == "dot":
        _spread_dot_levels(trees, size)
    scale = _fit(trees, size, panels) if size is not None else 1.0
    scene = _place(trees, panels, heading, style=style, theme=theme, rankdir=chosen, size=size, scale=scale,
                   legend=legend, notes=legend_notes or [], pv_words=pv_words or "principal variation (best play)")
    return Figure(scene=scene, rankdir=chosen, scale=scale)


def _arrangement_extent(trees: list[_Tree], panels: list[Panel]) -> tuple[float, float]:
    """Natural width and height of the trees arranged side by side (TB) or stacked (LR), gaps excluded."""
    sizes = [t.size() for t in trees]
    if trees[0].rankdir == "TB":
        return sum(w for w, _ in sizes), max(h for _, h in sizes)
    return max(w for w, _ in sizes), sum(h for _, h in sizes)


def _fit(trees: list[_Tree], size: PageSize, panels: list[Panel]) -> float:
    """The scale that fits the trees to the page width (and height, if given); for a rightward tree narrower
    than the page, its levels first spread (up to :data:`LR_STRETCH`) so the text is not blown up."""
    gaps = PANEL_GAP * (len(trees) - 1)
    avail_w = size.width - 2 * MARGIN - (gaps if trees[0].rankdir == "TB" else 0)
    if trees[0].rankdir == "LR" and trees[0].style in ("compact", "textbook"):
        for t in trees:
            t.step = t.min_step
            width = t.size()[0]
            if width < avail_w:
                t.step = min(t.min_step * LR_STRETCH,
                             t.min_step + (avail_w - width) / max(1, t.levels - 1))
    w, h = _arrangement_extent(trees, panels)
    scale = min(MAX_SCALE, avail_w / w) if w > 0 else 1.0
    if size.height is not None:
        avail_h = size.height - 2 * MARGIN - _heading_allowance(size.width) - (
            PANEL_TITLE_PT * 2 * len(trees) + (gaps if trees[0].rankdir == "LR" else 0))
        if h > 0 and avail_h > 0:
            scale = min(scale, avail_h / h)
    return scale


def _heading_allowance(width: float) -> float:
    """A guess of the heading's height on a page this wide (title and two legend lines)."""
    return TITLE_PT * 1.4 + LEGEND_PT * 1.5 * (2 if width > 300 else 4) + 6


def _spread_dot_levels(trees: list[_Tree], size: PageSize | None) -> None:
    """Dot style: spread the levels so the figure is about :data:`DOT_ASPECT` times wider than tall (or fills
    the page height given)."""
    for t in trees:
        aspect = DOT_ASPECT
        if size is not None and size.height is not None:
            aspect = max(0.2, size.width / max(1.0, size.height - _heading_allowance(size.width)))
        target = t.breadth / aspect
        if t.levels > 1:
            t.step = max(t.min_step, (target - t.node_along) / (t.levels - 1))


# -- painting ----------------------------------------------------------------------------------------

def _place(trees: list[_Tree], panels: list[Panel], heading: str, *, style: str, theme: Theme, rankdir: Rankdir,
           size: PageSize | None, scale: float, legend: bool, notes: list[str], pv_words: str) -> Scene:
    sizes = [t.size() for t in trees]
    drawn = [(w * scale, h * scale) for w, h in sizes]
    # Side by side, a panel is as wide as its tree or its title, whichever is wider (a narrow tree's title would
    # run over its neighbour's): the tree is centred in it.
    slots = [max(w, _title_width(p.title, w)) for p, (w, _) in zip(panels, drawn, strict=True)]
    if rankdir == "TB":
        content_w = sum(slots) + PANEL_GAP * (len(trees) - 1)
    else:
        content_w = max(w for w, _ in drawn)
    # Without a page size the heading grows with very wide figures (as the board figures' heading does).
    heading_scale = 1.0 if size is not None else max(1.0, min(12.0, content_w / 1500))
    page_w = size.width if size is not None else max(content_w + 2 * MARGIN, 320.0 * heading_scale)
    text_w = page_w - 2 * MARGIN
    items: list[Item] = []
    y = MARGIN
    title_pt = TITLE_PT * heading_scale
    for line in wrap(heading, text_w, title_pt, bold=True):
        y += title_pt
        items.append(Text(page_w / 2, y, line, title_pt, theme.ink, bold=True, role="title"))
        y += title_pt * 0.3
    if legend:
        y = _legend(items, y + 2, page_w, style, theme, trees, heading_scale, notes, pv_words)
    y += 6 * heading_scale

    panel_pt = PANEL_TITLE_PT * heading_scale
    titled = any(p.title for p in panels)
    # Centre the trees on the page when they are narrower than it.
    x = MARGIN + max(0.0, (text_w - content_w) / 2) if rankdir == "TB" else MARGIN
    top = y
    bottom = y
    for tree, panel, (w, h), slot in zip(trees, panels, drawn, slots, strict=True):
        ty = top if rankdir == "TB" else bottom
        tx = x + (slot - w) / 2 if rankdir == "TB" else MARGIN + max(0.0, (text_w - w) / 2)
        if titled:
            lines = wrap(panel.title or "", max(w, 120.0), panel_pt, bold=True)
            for line in lines:
                ty += panel_pt
                items.append(Text(tx + w / 2, ty, line, panel_pt, theme.ink, bold=True, role="panel-title"))
            ty += panel_pt * 0.6
        _paint_tree(items, tree, tx, ty, scale, theme)
        bottom = max(bottom, ty + h)
        if rankdir == "TB":
            x += slot + PANEL_GAP
        else:
            bottom += PANEL_GAP
    if rankdir == "LR":
        bottom -= PANEL_GAP
    page_h = bottom + MARGIN
    if size is not None and size.height is not None:
        page_h = max(page_h, size.height)
    return Scene(width=page_w, height=page_h, items=items, title=heading,
                 units=(size.amount, size.unit) if size is not None else None)


def _title_width(title: str | None, w: float) -> float:
    """How wide a panel's title is drawn over a tree ``w`` wide (at the panel title's size before any heading
    scale; 0 without a title)."""
    if not title:
        return 0.0
    return max(text_width(line, PANEL_TITLE_PT, bold=True) for line in wrap(title, max(w, 120.0), PANEL_TITLE_PT,
                                                                              bold=True))


def wrap(text: str, width: float, points: float, *, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``points``: between phrases (after a comma or a
    colon) where they fit, so that ``5 moves pruned`` stays whole; a phrase wider than a line breaks between its
    words, and a single long word stays whole."""
    phrases: list[list[str]] = [[]]
    for word in text.split(" "):
        phrases[-1].append(word)
        if word.endswith((",", ":")):
            phrases.append([])
    lines: list[str] = []
    line = ""
    for words in phrases:
        if not words:
            continue
        phrase = " ".join(words)
        candidate = f"{line} {phrase}" if line else phrase
        if text_width(candidate, points, bold=bold) <= width:
            line = candidate
            continue
        if line and text_width(phrase, points, bold=bold) <= width:
            lines.append(line)
            line = phrase
            continue
        for word in words:  # a phrase wider than a line: broken between its words
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, points, bold=bold) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
    if line or not lines:
        lines.append(line)
    return lines


def _stroke(theme: Theme, role: str, scale: float, style: str) -> Stroke:
    """The stroke of each kind of line at this scale (dot style keeps hairlines visible)."""
    dot = style == "dot"
    natural = {"edge": 0.3 if dot else 0.6, "pv": 1.2 if dot else 1.6, "pruned-beta": 0.3 if dot else 0.6,
               "pruned-alpha": 0.3 if dot else 0.6, "mark": 0.4 if dot else 0.7}[role]
    width = natural * scale
    floor = MIN_PV_STROKE if role == "pv" else MIN_STROKE
    if dot or width < floor:
        width = max(width, floor)
    colour = {"edge": theme.edge, "pv": theme.pv, "pruned-beta": theme.pruned, "pruned-alpha": theme.pruned,
              "mark": theme.hidden}[role]
    dashes: dict[str, Dash] = {"pruned-beta": theme.cut_dash["beta"], "pruned-alpha": theme.cut_dash["alpha"],
                               "mark": "dotted"}
    return Stroke(colour, round(width, 3), dashes.get(role))


def _paint_tree(items: list[Item], t: _Tree, ox: float, oy: float, s: float, theme: Theme) -> None:
    G = t.G
    node_data = node_dict(G)
    succ = succ_dict(G)
    compact = t.style in ("compact", "textbook")
    tb = t.rankdir == "TB"
    n = len(t.gid)
    cx = [0.0] * n
    cy = [0.0] * n
    for i in range(n):
        a, b = t.centre(i)
        cx[i] = ox + a * s
        cy[i] = oy + b * s
    lines: dict[str, list[float]] = {"edge": [], "pv": [], "pruned-beta": [], "pruned-alpha": [], "mark": []}
    texts: list[Item] = []
    move_pt = MOVE_PT * s
    for i in range(1, n):
        p = t.parent[i]
        k = t.kind[i]
        px, py = cx[p], cy[p]
        if k == ENTERED:
            e = succ[t.gid[p]][t.gid[i]]
            role = "pv" if e.get("best") else "edge"
            if t.shapes[i] == LEAF:  # a value without outline: the edge stops short of it
                end = (cx[i], cy[i] - t.shape_h[i] * s / 2) if tb else (cx[i] - t.shape_w[i] * s / 2, cy[i])
                lines[role] += (px, py, *end)
            else:
                lines[role] += (px, py, cx[i], cy[i])
            if compact:
                label = t.move_text(i)
                if not label:
                    continue
                lw = text_width(label, move_pt)
                if tb:
                    ly = cy[i] - t.shape_h[i] * s / 2 - move_pt * 0.75
                    lx = px + (cx[i] - px) * _fraction(py, cy[i], ly)
                else:
                    lx = cx[i] - t.shape_w[i] * s / 2 - lw / 2 - 3.0 * s
                    ly = py + (cy[i] - py) * _fraction(px, cx[i], lx)
                side = t.sides.index(node_data[t.gid[p]].get("to_move"))
                colour = theme.pv if role == "pv" else theme.stone_ink[side]
                texts.append(Text(lx, ly + move_pt * CAP_HEIGHT / 2, label, move_pt, colour, bold=role == "pv",
                                  halo=theme_background(), role="move"))
        elif k == UNSEARCHED:  # a pruned subtree, drawn whole (--show-pruned): greyed, dashed as its cut
            top = i
            while t.kind[t.parent[top]] == UNSEARCHED:
                top = t.parent[top]
            cut = node_data[t.gid[top]].get("cut_by") or "beta"
            if t.shapes[i] == LEAF:
                end = (cx[i], cy[i] - t.shape_h[i] * s / 2) if tb else (cx[i] - t.shape_w[i] * s / 2, cy[i])
                lines[f"pruned-{cut}"] += (px, py, *end)
            else:
                lines[f"pruned-{cut}"] += (px, py, cx[i], cy[i])
            label = t.stub_text(i) if top == i else (t.move_text(i) if compact else "")
            if compact and label:
                if tb:
                    ly = cy[i] - t.shape_h[i] * s / 2 - move_pt * 0.75
                    lx = px + (cx[i] - px) * _fraction(py, cy[i], ly)
                else:
                    lx = cx[i] - t.shape_w[i] * s / 2 - text_width(label, move_pt) / 2 - 3.0 * s
                    ly = py + (cy[i] - py) * _fraction(px, cx[i], lx)
                texts.append(Text(lx, ly + move_pt * CAP_HEIGHT / 2, label, move_pt, theme.pruned_ink,
                                  halo=theme_background(), role="pruned"))
        elif k == STUB:
            cut = node_data[t.gid[i]].get("cut_by") or "beta"
            if tb:
                ex, ey = cx[i], cy[i] - (t.node_along / 2) * s
                if not compact:
                    ey = py + (cy[i] - py) * 0.5
            else:
                ex, ey = cx[i] - (t.node_along / 2) * s, cy[i]
                if not compact:
                    ex = px + (cx[i] - px) * 0.5
            lines[f"pruned-{cut}"] += (px, py, ex, ey)
            if compact:
                texts.append(_end_label(tb, ex, ey, t.stub_text(i), move_pt, theme.pruned_ink, "pruned", s))
        else:
            mark_pt = move_pt if compact else move_pt * 0.6
            if tb:
                ex, ey = cx[i], cy[i] - mark_pt * 0.9
            else:
                ex, ey = cx[i] - t.w[i] * s / 2, cy[i]
            lines["mark"] += (px, py, ex, ey)
            texts.append(_end_label(tb, ex, ey, t.mark_text(i), mark_pt, theme.hidden, "mark", s))
    for role in ("edge", "pruned-beta", "pruned-alpha", "mark", "pv"):
        if lines[role]:
            items.append(Segments(_stroke(theme, role, s, t.style), lines[role], role=role))
    paint = _paint_textbook_nodes if t.style == "textbook" else _paint_compact_nodes if compact else _paint_dots
    paint(items, t, cx, cy, s, theme)
    if UNSEARCHED in t.kind:
        paint(items, t, cx, cy, s, greyed(theme), UNSEARCHED)
    items.extend(texts)
    note_pt = NOTE_PT * s
    for i, notes in t.notes.items():
        x = cx[i] + t.shape_w[i] * s / 2 + 1.5 * s
        y = cy[i] - len(notes) * note_pt * 1.25 / 2 + note_pt
        for line in notes:
            items.append(Text(x, y, line, note_pt, theme.faint_ink, anchor="start", role="window"))
            y += note_pt * 1.25


def _end_label(downwards: bool, x: float, y: float, text: str, points: float, colour: str, role: str,
               s: float) -> Text:
    """The text at the end of a stub or a mark line: below it (downward trees) or after it (rightward)."""
    if downwards:
        return Text(x, y + points, text, points, colour, role=role)
    return Text(x + s, y + points * CAP_HEIGHT / 2, text, points, colour, anchor="start", role=role)


def theme_background() -> str:
    """The page colour, behind edge labels."""
    return "#ffffff"


def _fraction(a: float, b: float, at: float) -> float:
    return 0.5 if b == a else (at - a) / (b - a)


def _paint_compact_nodes(items: list[Item], t: _Tree, cx: list[float], cy: list[float], s: float,
                         theme: Theme, only: int = ENTERED) -> None:
    node_data = node_dict(t.G)
    thin = max(0.6 * s, MIN_STROKE)
    thick = max(1.5 * s, MIN_PV_STROKE)
    for i in range(len(t.gid)):
        if t.kind[i] != only:
            continue
        d = node_data[t.gid[i]]
        side = t.sides.index(d.get("to_move"))
        text = t.texts[i]
        assert text is not None
        pv = bool(d.get("best"))
        stroke = Stroke(theme.pv, round(thick, 3)) if pv else Stroke(theme.side_border[side], round(thin, 3))
        w, h = t.shape_w[i] * s, t.shape_h[i] * s
        value_pt = VALUE_PT * s
        rows: list[TextLine] = []
        if text.small:
            small_pt = SMALL_PT * s
            rows.append(TextLine(text.small, small_pt, theme.faint_ink, -0.6 * s))
            rows.append(TextLine(text.main, value_pt, theme.ink, value_pt * CAP_HEIGHT + 0.9 * s, bold=pv))
        else:
            rows.append(TextLine(text.main, value_pt, theme.ink, value_pt * CAP_HEIGHT / 2, bold=pv))
        items.append(Shape(node_shape(side), cx[i], cy[i], w, h, theme.side_fill[side], stroke, tuple(rows),
                           role="pv" if pv else f"node-{t.sides.of(side)}", tooltip=d.get("fen")))


def _paint_textbook_nodes(items: list[Item], t: _Tree, cx: list[float], cy: list[float], s: float,
                          theme: Theme, only: int = ENTERED) -> None:
    """Triangles (MAX up, MIN down) and circles (chance) holding their values, leaves as their values alone, and
    the nodes' names beside them."""
    node_data = node_dict(t.G)
    thin = max(0.6 * s, MIN_STROKE)
    thick = max(1.5 * s, MIN_PV_STROKE)
    caption_pt = CAPTION_PT * s
    for i in range(len(t.gid)):
        if t.kind[i] != only:
            continue
        d = node_data[t.gid[i]]
        side = t.sides.index(d.get("to_move"))
        text = t.texts[i]
        assert text is not None
        pv = bool(d.get("best"))
        value_pt = VALUE_PT * s
        shape = t.shapes[i]
        assert shape, "every entered node has its outline (_textbook_size)"
        sw = t.shape_w[i] * s
        if shape == LEAF:
            items.append(Text(cx[i], cy[i] + value_pt * CAP_HEIGHT / 2, text.main, value_pt,
                              theme.pv if pv else theme.ink, bold=pv, role="leaf"))
        else:
            stroke = Stroke(theme.pv, round(thick, 3)) if pv else Stroke(theme.side_border[side], round(thin, 3))
            node = Shape(shape, cx[i], cy[i], sw, t.shape_h[i] * s, theme.side_fill[side], stroke,
                         role="pv" if pv else f"node-{t.sides.of(side)}", tooltip=d.get("fen"))
            shift = text_centre(node) - cy[i]
            rows: list[TextLine] = []
            if text.small:
                small_pt = SMALL_PT * s
                rows.append(TextLine(text.small, small_pt, theme.faint_ink, shift - 0.6 * s))
                rows.append(TextLine(text.main, value_pt, theme.ink, shift + value_pt * CAP_HEIGHT + 0.9 * s,
                                     bold=pv))
            else:
                rows.append(TextLine(text.main, value_pt, theme.ink, shift + value_pt * CAP_HEIGHT / 2, bold=pv))
            node.lines = tuple(rows)
            items.append(node)
        caption = t.captions.get(i)
        if caption:
            items.append(Text(cx[i] - sw / 2 - 1.5 * s, cy[i] + caption_pt * CAP_HEIGHT / 2, caption, caption_pt,
                              theme.ink, anchor="end", role="caption"))


def _dot_fill(theme: Theme, side: int) -> str:
    """A dot-style node's colour: the side's own in the default theme; black, white or grey (chance) in print."""
    if theme.name == "default":
        return theme.stone_ink[side]
    return ("#000000", "#ffffff", "#9a9a9a")[side]


def _paint_dots(items: list[Item], t: _Tree, cx: list[float], cy: list[float], s: float,
                theme: Theme, only: int = ENTERED) -> None:
    node_data = node_dict(t.G)
    groups: dict[tuple[int, bool], list[float]] = {(0, False): [], (1, False): [], (0, True): [], (1, True): []}
    for i in range(len(t.gid)):
        if t.kind[i] != only:
            continue
        d = node_data[t.gid[i]]
        groups.setdefault((t.sides.index(d.get("to_move")), bool(d.get("best"))), []).extend((cx[i], cy[i]))
    size = max(DOT_SIZE * s, MIN_DOT)
    # The bot's search: a ring under each node where one of its techniques acted (treeviz.draw.technique_marks).
    ringed = [c for i in range(len(t.gid)) if t.kind[i] == ENTERED and mark_letters(node_data[t.gid[i]])
              for c in (cx[i], cy[i])]
    if ringed:
        items.append(Marks("circle", round(size * 2.4, 3), MARK_INK if theme.name == "default" else theme.faint_ink,
                           ringed, role="marked"))
    for (side, pv), coords in groups.items():
        if not coords:
            continue
        mark: Literal["square", "circle"] = "square" if side == 0 else "circle"
        fill = theme.pv if pv else _dot_fill(theme, side)
        stroke = Stroke("#000000", round(max(0.25 * s, 0.08), 3)) if theme.name != "default" and side == 1 else None
        small = 0.75 if side == CHANCE_SIDE else 1.0
        items.append(Marks(mark, round(size * (1.6 if pv else small), 3), fill, coords, stroke,
                           role=f"{'pv' if pv else 'node'}-{t.sides.of(side)}"))


# -- legend ---------------------------------------------------------------------------------------

def _legend(items: list[Item], y: float, page_w: float, style: str, theme: Theme, trees: list[_Tree],
            k: float, notes: list[str], pv_words: str) -> float:
    """The key, flowed in lines across the page; returns the y below it."""
    pt = LEGEND_PT * k
    entries: list[tuple[str, str]] = []  # (swatch kind, words)
    first, second = trees[0].sides.names
    entries.append(("side-0", f"{first} to move"))
    entries.append(("side-1", f"{second} to move"))
    if any(t.has_chance for t in trees):
        entries.append(("side-2", CHANCE_WORDS))
    entries.append(("pv", pv_words))
    if style in ("compact", "textbook"):
        entries.append(("", f"values from {first}'s point of view"))
    explained = any(t.explain for t in trees)
    if explained:
        entries.append(("", EXPLAIN_WORDS if any(t.alphabeta for t in trees) else "#n: visit order"))
    if any(t.alphabeta for t in trees):
        if style == "compact" and not explained:
            entries.append(("", "#n: visit order, \u2265/\u2264: bound proved"))
        entries.append(("pruned-beta", f"pruned by alpha-beta ({BETA}-cut)" if theme.cut_dash["beta"] !=
                        theme.cut_dash["alpha"] else f"pruned by alpha-beta ({BETA}/{ALPHA}-cut)"))
        if theme.cut_dash["beta"] != theme.cut_dash["alpha"]:
            entries.append(("pruned-alpha", f"{ALPHA}-cut"))
    if any(UNSEARCHED in t.kind for t in trees):
        entries.append(("", "grey: pruned subtrees, never searched"))
    if any(MARK in t.kind for t in trees):
        entries.append(("mark", "+k: nodes below not drawn"))
    entries.extend(("", note) for note in notes)
    swatch_w = 12 * k
    gap = 11 * k
    to_words = 4.5 * k  # from a sample to its words: clear of them at 150 dpi
    widths = [(swatch_w + to_words if kind else 0) + text_width(words, pt) for kind, words in entries]
    # Flow into lines.
    rows: list[list[int]] = [[]]
    used = 0.0
    for idx, w in enumerate(widths):
        if rows[-1] and used + gap + w > page_w - 2 * MARGIN:
            rows.append([])
            used = 0.0
        used += (gap if rows[-1] else 0) + w
        rows[-1].append(idx)
    for row in rows:
        total = sum(widths[i] for i in row) + gap * (len(row) - 1)
        x = (page_w - total) / 2
        y += pt * 1.45
        for i in row:
            kind, words = entries[i]
            if kind:
                _swatch(items, kind, x, y - pt * CAP_HEIGHT / 2, swatch_w, pt, style, theme, k)
                x += swatch_w + to_words
            items.append(Text(x, y, words, pt, theme.faint_ink, anchor="start", role="legend"))
            x += text_width(words, pt) + gap
    return y + pt * 0.4


def _swatch(items: list[Item], kind: str, x: float, y: float, w: float, pt: float, style: str, theme: Theme,
            k: float) -> None:
    """A small sample of what a legend entry names, centred vertically on ``y``."""
    if kind.startswith("side-"):
        side = int(kind[5:])
        shape: ShapeKind
        if style == "textbook":
            shape = textbook_shape(side)
            across = pt * 1.3 if shape == "circle" else pt * 1.6
            items.append(Shape(shape, x + w / 2, y, across, pt * 1.3, theme.side_fill[side],
                               Stroke(theme.side_border[side], 0.6 * k), role="legend"))
        elif style == "compact":
            shape = node_shape(side)
            across = pt * 1.2 if shape == "circle" else w * 0.8
            items.append(Shape(shape, x + w / 2, y, across, pt * 1.2, theme.side_fill[side],
                               Stroke(theme.side_border[side], 0.6 * k), role="legend"))
        else:
            fill = _dot_fill(theme, side)
            stroke = Stroke("#000000", 0.3 * k) if theme.name != "default" and side == 1 else None
            items.append(Marks("square" if side == 0 else "circle", pt * 0.6, fill, [x + w / 2, y], stroke,
                               role="legend"))
        return
    stroke = _stroke(theme, kind, k, style)
    if kind == "pv":
        stroke = Stroke(theme.pv, 1.6 * k)
    items.append(Segments(stroke, [x, y, _swatch_end(stroke, x, w), y], role="legend"))


def _swatch_end(stroke: Stroke, x: float, w: float) -> float:
    """Where a legend's line sample ends, within ``w`` of ``x`` and clear of its words: on a whole dash (a dash cut
    short reads as a speck against the first letter), and short of the round cap a solid or dotted line has."""
    width = stroke.width
    if stroke.dash == "dashed":
        dash, gap = 4 * width, 2.5 * width  # the writers' pattern (svg_writer, cairo_writer, tikz)
        whole = max(1, int((w + gap) // (dash + gap)))
        return x + whole * dash + (whole - 1) * gap
    if stroke.dash == "dotted":
        step = 2.5 * width
        return x + max(1, int((w - width) // step)) * step
    return x + w - width / 2
