"""A search replayed as frames: the tree laid out once, then one :class:`~treeviz.draw.scene.Scene` before the search
and one after each step of its trace (:mod:`treeviz.draw.trace`), the same for the Beamer slides, the GIF and the MP4.

Every frame has the same page (a 16:9 slide, 160 mm x 90 mm) and the same node positions: the layout is the
finished tree's (:class:`treeviz.draw.figure.TreeLayout`, the compact or textbook style's tidy layout, with room
beside each node for its window), computed once, so nothing moves between steps. What changes is paint: nodes not
yet reached are pale outlines, the current node is ringed in orange and the path down to it drawn thick, open nodes
show their window ``#n [α, β]`` beside them, values appear as nodes return, pruned moves grey out (dashed) when
their cut happens, and the step's sentence is written under the tree. The last frame draws the best line.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field

import networkx as nx

from treeviz.draw.figure import (
    CAPTION_PT,
    ENTERED,
    LEAF,
    MOVE_PT,
    NOTE_PT,
    SMALL_PT,
    STUB,
    VALUE_PT,
    TreeLayout,
    wrap,
)
from treeviz.draw.kinds import node_text
from treeviz.draw.labels import ALPHA, BETA, GEQ, LEQ, format_number
from treeviz.draw.mcts_dot import mean_text
from treeviz.draw.scene import Item, Scene, Segments, Shape, Stroke, Text, TextLine, text_centre
from treeviz.draw.styles import node_shape
from treeviz.draw.text_metrics import CAP_HEIGHT, text_width
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.draw.trace import TraceRow, textbook_leaf_value
from treeviz.graph_dicts import node_dict, succ_dict

FRAME_WIDTH = 453.54
"""A frame's width in points: a 16:9 Beamer slide (160 mm)."""
FRAME_HEIGHT = 255.12
"""A frame's height in points (90 mm)."""
MARGIN = 9.0
TITLE_PT = 9.0
SENTENCE_PT = 9.0
SENTENCE_LINES = 3
MAX_SCALE = 3.0
"""A small tree is blown up at most this much to fill the slide."""
CURRENT = "#e07b00"
"""The current node's ring and the path down to it."""
UNSEEN = "#c4c4c4"
"""Outlines and edges of what the search has not reached yet."""
UNSEEN_INK = "#8a8a8a"
MIN_NOTE_PT = 4.5
"""Compact trees: the windows beside open nodes are never smaller than this (13 px in a 1280-pixel frame)."""


@dataclass
class _State:
    """What the search has done after some steps."""

    entered: set[Hashable] = field(default_factory=set)
    returned: set[Hashable] = field(default_factory=set)
    open: list[Hashable] = field(default_factory=list)
    """Nodes entered and not yet returned, from the root down."""
    windows: dict[Hashable, tuple[float, float]] = field(default_factory=dict)
    cut: set[Hashable] = field(default_factory=set)
    """Pruned stubs whose cut has happened."""
    current: Hashable | None = None
    path: tuple[Hashable, ...] = ()
    """MCTS: the iteration's path from the root."""
    visits: dict[Hashable, int] = field(default_factory=dict)
    totals: dict[Hashable, float] = field(default_factory=dict)
    done: bool = False


class Replay:
    """The frames of one search's replay: ``len(rows) + 1`` scenes of one size, one layout.

    ``style`` is ``textbook`` or ``compact``; ``title`` heads every frame.
    """

    def __init__(self, G: nx.DiGraph, rows: list[TraceRow], *, style: str, title: str,
                 theme: Theme = DEFAULT, width: float = FRAME_WIDTH, height: float = FRAME_HEIGHT) -> None:
        self.G = G
        self.rows = rows
        self.style = style
        self.title = title
        self.theme = theme
        self.width = width
        self.height = height
        self.mcts = G.graph.get("algorithm") == "mcts"
        self.alphabeta = G.graph.get("algorithm") == "alphabeta"
        self.data = node_dict(G)
        self.succ = succ_dict(G)
        # One layout for every frame. Textbook trees keep explain mode's room beside each node for its visit order
        # and window; compact nodes hold their visit order, and the few open nodes' windows are written over
        # their neighbours (on a white ground), so that a game's wide tree stays as large as it can.
        self.t = TreeLayout(G, style, "TB", node_text, explain=style == "textbook" and not self.mcts)
        self.index = {n: i for i, n in enumerate(self.t.gid) if n is not None}
        self.signed = self.t.adapter.signed_values
        self._place()

    def __len__(self) -> int:
        return len(self.rows) + 1

    # -- geometry, once ----------------------------------------------------------------------------------

    def _place(self) -> None:
        t = self.t
        top = MARGIN + TITLE_PT * 1.6
        bottom = self.height - MARGIN - SENTENCE_PT * 1.25 * SENTENCE_LINES - 4.0
        box_w = self.width - 2 * MARGIN
        box_h = bottom - top - MOVE_PT  # room for the stubs' labels under the last level
        w, h = t.size()
        s = min(MAX_SCALE, box_w / w if w > 0 else MAX_SCALE, box_h / h if h > 0 else MAX_SCALE)
        if t.levels > 1:  # spread the levels to use the slide's height
            t.step = max(t.min_step, min(t.min_step * 4.0, (box_h / s - t.node_along) / (t.levels - 1)))
        w, h = t.size()
        self.s = s
        ox = MARGIN + (box_w - w * s) / 2
        oy = top + max(0.0, (box_h - h * s) / 2)
        n = len(t.gid)
        self.cx = [0.0] * n
        self.cy = [0.0] * n
        for i in range(n):
            a, b = t.centre(i)
            self.cx[i] = ox + a * s
            self.cy[i] = oy + b * s
        self.sentence_top = bottom + 4.0

    # -- frames -------------------------------------------------------------------------------------------

    def scenes(self) -> Iterator[Scene]:
        """Every frame in order: the tree before the search, then one after each row."""
        state = _State()
        if self.mcts:
            root = self.t.gid[0]
            state.entered.add(root)
        yield self._scene(state, 0, None)
        for k, row in enumerate(self.rows, start=1):
            self._apply(state, row)
            state.done = k == len(self.rows)
            yield self._scene(state, k, row)

    def _apply(self, state: _State, row: TraceRow) -> None:
        n = row.node
        state.current = n
        event = row.event
        if event == "enter":
            state.entered.add(n)
            state.open.append(n)
            if row.alpha is not None and row.beta is not None:
                state.windows[n] = (row.alpha, row.beta)
        elif event in ("leaf", "return"):
            state.entered.add(n)
            state.returned.add(n)
            if state.open and state.open[-1] == n:
                state.open.pop()
            state.windows.pop(n, None)
            if row.parent_window is not None and state.open:
                state.windows[state.open[-1]] = row.parent_window
        elif event == "cut":
            state.cut.update(row.pruned)
            if row.alpha is not None and row.beta is not None:
                state.windows[n] = (row.alpha, row.beta)
        elif event == "select":
            state.path = row.nodes
        elif event == "expand":
            state.entered.add(n)
            state.path = row.nodes
        elif event == "backup":
            for a in row.nodes:
                state.visits[a] = state.visits.get(a, 0) + 1
                state.totals[a] = state.totals.get(a, 0.0) + (self._result(row) or 0.0)
            state.path = row.nodes

    def _result(self, row: TraceRow) -> float | None:
        """The playout result a backup row adds (the row before it, the playout, holds it)."""
        k = row.step - 2
        return self.rows[k].value if 0 <= k < len(self.rows) and self.rows[k].event == "playout" else None

    def _number(self, v: float | None) -> str:
        return format_number(v, signed=self.signed)

    def _value_words(self, n: Hashable) -> str:
        d = self.data[n]
        relation = {"lower": GEQ, "upper": LEQ}.get(d.get("bound") or "exact", "")
        return relation + self._number(d.get("value"))

    def _scene(self, state: _State, k: int, row: TraceRow | None) -> Scene:
        t, s, theme = self.t, self.s, self.theme
        cx, cy = self.cx, self.cy
        items: list[Item] = []
        title_w = self.width - 2 * MARGIN - text_width(f"step {len(self.rows):,} of {len(self.rows):,}", TITLE_PT)
        items.append(Text(MARGIN, MARGIN + TITLE_PT, wrap(self.title, title_w - 8, TITLE_PT, bold=True)[0],
                          TITLE_PT, theme.ink, bold=True, anchor="start", role="title"))
        items.append(Text(self.width - MARGIN, MARGIN + TITLE_PT, f"step {k:,} of {len(self.rows):,}", TITLE_PT,
                          theme.faint_ink, anchor="end", role="step"))
        on_path = set(state.open)
        if state.current is not None:
            on_path.add(state.current)
        if self.mcts:
            on_path = set(state.path)
        # Edges, by look: unseen, searched, on the current path, pruned, best line.
        looks: dict[str, tuple[Stroke, list[float]]] = {
            "unseen": (Stroke(UNSEEN, round(max(0.5 * s, 0.3), 3)), []),
            "edge": (Stroke(theme.edge, round(max(0.6 * s, 0.4), 3)), []),
            "pruned": (Stroke(theme.pruned, round(max(0.6 * s, 0.4), 3), "dashed"), []),
            "pv": (Stroke(theme.pv, round(max(1.6 * s, 1.0), 3)), []),
            "path": (Stroke(CURRENT, round(max(1.6 * s, 1.0), 3)), []),
        }
        texts: list[Item] = []
        move_pt = MOVE_PT * s
        for i in range(1, len(t.gid)):
            p = t.parent[i]
            kind = t.kind[i]
            n = t.gid[i]
            if kind == ENTERED:
                if self.mcts and n not in state.entered:
                    continue
                if state.done and self.succ[t.gid[p]][n].get("best"):
                    look = "pv"
                elif n in on_path and t.gid[p] in on_path:
                    look = "path"
                elif n in state.entered:
                    look = "edge"
                else:
                    look = "unseen"
                end = (cx[i], cy[i] - t.shape_h[i] * s / 2) if t.shapes[i] == LEAF else (cx[i], cy[i])
                looks[look][1].extend((cx[p], cy[p], *end))
                label = t.move_text(i)
                if label:
                    ly = cy[i] - t.shape_h[i] * s / 2 - move_pt * 0.75
                    lx = cx[p] + (cx[i] - cx[p]) * (0.5 if cy[i] == cy[p] else (ly - cy[p]) / (cy[i] - cy[p]))
                    colour = UNSEEN_INK if look == "unseen" else theme.pv if look == "pv" else theme.faint_ink
                    texts.append(Text(lx, ly + move_pt * CAP_HEIGHT / 2, label, move_pt, colour, halo="#ffffff",
                                      role="move"))
            elif kind == STUB:
                cut = n in state.cut
                colour = theme.pruned_ink if cut else UNSEEN_INK
                value = self._pruned_leaf(i)
                if value is not None:  # a textbook leaf never searched: drawn as the leaf it is, its value given
                    value_pt = VALUE_PT * s
                    looks["pruned" if cut else "unseen"][1].extend((cx[p], cy[p], cx[i], cy[i] - value_pt * 0.6))
                    texts.append(Text(cx[i], cy[i] + value_pt * CAP_HEIGHT / 2, value, value_pt, colour,
                                      role="pruned" if cut else "unseen"))
                    continue
                ex, ey = cx[i], cy[i] - (t.node_along / 2) * s
                looks["pruned" if cut else "unseen"][1].extend((cx[p], cy[p], ex, ey))
                texts.append(Text(ex, ey + move_pt, self._stub_words(i, cut), move_pt, colour,
                                  role="pruned" if cut else "unseen"))
        for look in ("unseen", "pruned", "edge", "pv", "path"):
            stroke, coords = looks[look]
            if coords:
                items.append(Segments(stroke, coords, role=look))
        notes: list[Item] = []
        for i in range(len(t.gid)):
            if t.kind[i] == ENTERED:
                self._node(items, notes, state, i)
        items.extend(texts)
        items.extend(notes)  # the windows over everything, so that no neighbour hides them
        sentence = row.text if row is not None else self._opening()
        y = self.sentence_top
        for line in wrap(sentence, self.width - 2 * MARGIN, SENTENCE_PT)[:SENTENCE_LINES]:
            y += SENTENCE_PT * 1.2
            items.append(Text(self.width / 2, y, line, SENTENCE_PT, theme.ink, role="sentence"))
        return Scene(width=self.width, height=self.height, items=items, title=f"{self.title}: step {k}")

    def _opening(self) -> str:
        if self.mcts:
            return "Before the search: the tree is its root alone; each iteration selects, expands, plays out " \
                   "and backs up"
        return "Before the search: no value is known yet but the leaves'" if self.t.adapter.numbered_moves else \
            "Before the search: each step enters a node, evaluates a leaf, cuts, or returns a value"

    def _pruned_leaf(self, i: int) -> str | None:
        """A pruned textbook leaf's value as written (None for other stubs)."""
        t = self.t
        if self.style != "textbook" or not t.adapter.numbered_moves:
            return None
        value = textbook_leaf_value(t.adapter, str(self.data[t.gid[i]].get("fen", "")))
        return None if value is None else format_number(value, signed=False)

    def _stub_words(self, i: int, cut: bool) -> str:
        """A pruned move's label: its move (a textbook leaf: its value), and once cut, the cut's letter (the first
        stub of a cut: its comparison)."""
        t = self.t
        n = t.gid[i]
        d = self.data[n]
        move = t.move_text(i)
        if not move and t.adapter.numbered_moves:
            value = textbook_leaf_value(t.adapter, str(d.get("fen", "")))
            move = format_number(value, signed=False) if value is not None else ""
        if not cut:
            return move or "?"
        letter = BETA if (d.get("cut_by") or "beta") == "beta" else ALPHA
        return f"{move} {letter}" if move else letter

    def _node(self, items: list[Item], notes: list[Item], state: _State, i: int) -> None:
        t, s, theme = self.t, self.s, self.theme
        n = t.gid[i]
        d = self.data[n]
        side = t.sides.index(d.get("to_move"))
        x, y = self.cx[i], self.cy[i]
        if self.mcts and n not in state.entered:
            return
        seen = n in state.entered
        current = n == state.current
        returned = n in state.returned or (state.done and not self.mcts)
        pv = state.done and bool(d.get("best"))
        value_pt = VALUE_PT * s
        w, h = t.shape_w[i] * s, t.shape_h[i] * s
        if current:
            ring = Stroke(CURRENT, round(max(1.8 * s, 1.2), 3))
        elif pv:
            ring = Stroke(theme.pv, round(max(1.5 * s, 0.9), 3))
        elif seen:
            ring = Stroke(theme.side_border[side], round(max(0.6 * s, 0.4), 3))
        else:
            ring = Stroke(UNSEEN, round(max(0.6 * s, 0.4), 3))
        fill = theme.side_fill[side] if seen else "#ffffff"
        main, small = "", None
        compact = self.style != "textbook"
        if compact and not self.mcts and seen:
            order = d.get("order")
            small = f"#{order}" if order is not None and t.alphabeta else None
        if self.mcts:
            k = state.visits.get(n, 0)
            main = f"n {k:,}"
            small = f"q {mean_text(state.totals.get(n, 0.0) / k)}" if k else "q ?"
        elif returned:
            main = self._value_words(n)
        shape_kind = t.shapes[i] if self.style == "textbook" else node_shape(side)
        if shape_kind == LEAF:
            # A textbook leaf: its value is given before the search; it darkens once evaluated.
            colour = CURRENT if current else theme.pv if pv else theme.ink if seen else UNSEEN_INK
            items.append(Text(x, y + value_pt * CAP_HEIGHT / 2, self._value_words(n), value_pt, colour,
                              bold=current or pv, role="leaf"))
        else:
            assert shape_kind, "every entered node has its outline"
            node = Shape(shape_kind, x, y, w, h, fill, ring, role="current" if current else "node")
            shift = text_centre(node) - y
            rows: list[TextLine] = []
            if small is not None and not main and compact and not self.mcts:
                rows.append(TextLine(small, SMALL_PT * s, theme.faint_ink, shift - 0.6 * s))
            elif small is not None:
                rows.append(TextLine(small, SMALL_PT * s, theme.faint_ink, shift - 0.6 * s))
                rows.append(TextLine(main, value_pt, theme.ink, shift + value_pt * CAP_HEIGHT + 0.9 * s, bold=pv))
            elif main:
                rows.append(TextLine(main, value_pt, theme.ink, shift + value_pt * CAP_HEIGHT / 2, bold=pv))
            node.lines = tuple(rows)
            items.append(node)
        caption = t.captions.get(i)
        if caption:
            caption_pt = CAPTION_PT * s
            items.append(Text(x - t.shape_w[i] * s / 2 - 1.5 * s, y + caption_pt * CAP_HEIGHT / 2, caption,
                              caption_pt, theme.ink if seen else UNSEEN_INK, anchor="end", role="caption"))
        note = self._note(state, n, with_order=not compact)
        if note:
            # Textbook: in the room explain mode made for two windows; compact: on a white ground, readable.
            note_pt = NOTE_PT * s * 1.6 if not compact else max(NOTE_PT * s * 1.3, MIN_NOTE_PT)
            notes.append(Text(x + t.shape_w[i] * s / 2 + 1.5 * s, y + note_pt * CAP_HEIGHT / 2, note, note_pt,
                              CURRENT if current else theme.faint_ink, anchor="start",
                              halo="#ffffff" if compact else None, role="window"))

    def _note(self, state: _State, n: Hashable, *, with_order: bool) -> str:
        """Beside a node: its visit order once entered (``with_order``), and its window while it is open."""
        if self.mcts or n not in state.entered:
            return ""
        order = self.data[n].get("order")
        words = f"#{order}" if order is not None and with_order else ""
        window = state.windows.get(n)
        if window is not None and (n in state.open or n == state.current) and n not in state.returned:
            words += f" [{self._number(window[0])}, {self._number(window[1])}]"
        return words.strip()


__all__ = ["FRAME_HEIGHT", "FRAME_WIDTH", "Replay"]
