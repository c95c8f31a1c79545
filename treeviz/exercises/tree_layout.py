"""Where each node of an exercise's tree goes on a worksheet or its answer key, in natural points (scale 1).

The textbook convention: MAX nodes upward triangles, MIN nodes downward ones, chance nodes circles, leaves their
values alone. Beside each inner node, on its right, are its notes: on the sheet the room to write alpha and beta,
on the key their history and the cut. The tidy layout (:mod:`treeviz.draw.tidy_layout`) keeps those notes clear of
the neighbours and centres each parent's triangle over its children's. Edges leave a node at the bottom of its
shape and reach the next one at the top, so they cross no notes (notes stay within the height of their node).

The sheet and the key are laid out apart: on the sheet every note has the same room (a wider gap after a node
would tell where a cut happens), on the key each node is as wide as what it says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from treeviz.draw.labels import ALPHA, BETA, GEQ
from treeviz.draw.styles import textbook_shape
from treeviz.draw.text_metrics import CAP_HEIGHT
from treeviz.draw.tidy_layout import tidy_layout
from treeviz.exercises.model import Exercise, ExerciseNode, cut_text
from treeviz.exercises.tex_metrics import tex_text_width
from treeviz.games.registry import adapter_named

# -- natural sizes, in points: what a worksheet prints at scale 1 -----------------------------------------------

LEAF_PT = 9.0
"""A leaf's value."""
VALUE_PT = 8.5
"""A value inside a triangle (the key)."""
ORDER_PT = 6.0
"""The visit order ``#n`` (the key)."""
NOTE_PT = 7.0
"""The alpha/beta notes beside a node."""
MOVE_PT = 6.5
"""A move or a probability on an edge."""
CAPTION_PT = 7.0
"""A node's name, left of it."""
NOTE_LEADING = 1.22
"""Line spacing of the notes, in their size."""
TRIANGLE_MIN = 26.0
"""The narrowest triangle: room to write a value by hand."""
WRITE_ROOM = 36.0
"""The sheet's room to write alpha or beta by hand beside a node."""
NOTE_GAP = 3.0
"""Between a shape and its notes."""
SIBLING_GAP = 5.0
COUSIN_GAP = 10.0
EDGE_ROOM = 15.0
"""Height of the band between two levels, where edges (and their moves) run."""
EDGE_ROOM_MOVES = 26.0
"""The same when edges carry moves or probabilities."""


def printed_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width of ``text`` as pdflatex sets it in a worksheet (:mod:`treeviz.exercises.tex_metrics`): worksheets
    never shrink their text to fit, so the layout measures what will be printed."""
    return tex_text_width(text, size, bold=bold)


def note_lines(ex: Exercise, node: ExerciseNode) -> list[str]:
    """The key's notes beside an inner node the search examined: ``α −∞, 3`` and ``β +∞`` (each as it changed, the
    window history), then the cut that stopped it (``α-cut: 2 ≤ α=3``); none for a node never reached."""
    if not node.examined or node.leaf:
        return []
    alphas: list[str] = []
    betas: list[str] = []
    for alpha, beta in node.windows:
        for seen, value in ((alphas, alpha), (betas, beta)):
            text = ex.number(value)
            if not seen or seen[-1] != text:
                seen.append(text)
    lines = [f"{ALPHA} " + ", ".join(alphas), f"{BETA} " + ", ".join(betas)]
    if node.cut is not None:
        lines.append(cut_text(ex, node.cut))
    return lines


def shape_of(node: ExerciseNode) -> Literal["triangle-up", "triangle-down", "circle", "leaf"]:
    """``triangle-up`` (MAX), ``triangle-down`` (MIN), ``circle`` (chance) or ``leaf``."""
    if node.leaf:
        return "leaf"
    return textbook_shape(node.side)


@dataclass
class TreePlan:
    """An exercise's tree placed at scale 1: each node's position (``x`` the centre of its shape, ``y`` the centre
    of its level), the shapes' sizes, and the whole tree's box (``width`` by ``height``, the top left at 0, 0)."""

    ex: Exercise
    kind: str
    """``sheet`` or ``key``."""
    x: list[float]
    y: list[float]
    w: list[float]
    """Each shape's width (a leaf's: its value's)."""
    h: list[float]
    """Each shape's height (a leaf's: its value's and, on the key, its visit order's)."""
    notes: list[list[str]]
    """The key's notes beside each node (none on the sheet)."""
    note_room: float
    """The sheet's room for each alpha and beta note."""
    width: float
    height: float
    moves: bool
    """Edges carry text (moves, probabilities)."""
    captions: dict[int, str] = field(default_factory=dict)

    def top(self, i: int) -> float:
        """Where edges reach node ``i``."""
        return self.y[i] - self.h[i] / 2

    def bottom(self, i: int) -> float:
        """Where edges leave node ``i``."""
        return self.y[i] + self.h[i] / 2

    def edge_text(self, i: int) -> str:
        """The text on the edge into node ``i``: its move (unless moves are only numbered by place, as in textbook
        trees) and its probability under a chance node."""
        node = self.ex.nodes[i]
        move = "" if _numbered(self.ex) else node.move
        if node.probability is not None:
            return f"{move} ({node.probability})" if move else node.probability
        return move


def _numbered(ex: Exercise) -> bool:
    """Whether the game names its moves only by their place (textbook trees): no move text on the edges."""
    try:
        return adapter_named(ex.game).numbered_moves
    except ValueError:
        return False


def leaf_text(ex: Exercise, node: ExerciseNode) -> str:
    """A leaf's value as the sheet gives it."""
    return ex.number(node.leaf_value)


VALUE_INSET = 3.0
"""A value's baseline (MAX) or its top (MIN) this far inside the triangle's base."""
ORDER_GAP = 2.0
"""Between a value and the visit order beside it, inside a triangle."""


def triangle_base(ex: Exercise) -> float:
    """The width of every triangle of ``ex`` (its height is 0.9 of it): enough to write its widest value (``≥``
    and the widest leaf) near the base, where the triangle is widest, and the visit order ``#n`` beside it towards
    the apex. From the shape: at a distance ``d`` from the base a triangle of base ``b`` is ``b - d / 0.9`` wide."""
    widest = max((printed_width(GEQ + " " + leaf_text(ex, v), VALUE_PT, bold=True) for v in ex.nodes if v.leaf),
                 default=0.0)
    order = printed_width(f"#{len(ex.nodes) - 1}", ORDER_PT)
    value_far = VALUE_INSET + VALUE_PT * CAP_HEIGHT  # the value's far edge from the base
    order_far = value_far + ORDER_GAP + ORDER_PT * CAP_HEIGHT
    return max(TRIANGLE_MIN, widest + value_far / 0.9 + 1.0, order + order_far / 0.9 + 1.0)


def plan_tree(ex: Exercise, kind: str) -> TreePlan:
    """Lay out ``ex``'s tree for the ``sheet`` (blank values, room for alpha and beta) or the ``key``."""
    nodes = ex.nodes
    n = len(nodes)
    key = kind == "key"
    base = triangle_base(ex)
    w = [0.0] * n
    h = [0.0] * n
    left = [0.0] * n  # extent left of the node's centre
    right = [0.0] * n  # and right of it
    notes: list[list[str]] = [[] for _ in range(n)]
    captions: dict[int, str] = {}
    sheet_room = printed_width(ALPHA + " ", NOTE_PT) + WRITE_ROOM
    for v in nodes:
        i = v.id
        shape = shape_of(v)
        if shape == "leaf":
            w[i] = printed_width(leaf_text(ex, v), LEAF_PT) + 2.0
            if key and v.examined:  # its visit order below it
                w[i] = max(w[i], printed_width(f"#{v.order}", ORDER_PT) + 1.0)
            h[i] = LEAF_PT * 1.1 + (ORDER_PT * 1.2 if key else 0.0)
        elif shape == "circle":
            w[i] = h[i] = base * 0.85
        else:
            w[i] = base
            h[i] = base * 0.9
        left[i] = right[i] = w[i] / 2
        if shape != "leaf":
            if key:
                notes[i] = note_lines(ex, v)
                room = max((printed_width(line, NOTE_PT, bold=k == 2) for k, line in enumerate(notes[i])),
                           default=0.0)
            else:
                room = sheet_room
            if room:
                right[i] += NOTE_GAP + room
        if v.caption:
            captions[i] = v.caption
            left[i] += printed_width(v.caption, CAPTION_PT) + 2.0
    plan = TreePlan(ex=ex, kind=kind, x=[], y=[0.0] * n, w=w, h=h, notes=notes, note_room=WRITE_ROOM, width=0.0,
                    height=0.0, moves=False, captions=captions)
    for v in nodes[1:]:  # a move's text sits on its edge just above the node, in the node's column
        label = plan.edge_text(v.id)
        if label:
            plan.moves = True
            half = printed_width(label, MOVE_PT) / 2 + 1.0
            left[v.id] = max(left[v.id], half)
            right[v.id] = max(right[v.id], half)
    children = [v.children for v in nodes]
    widths = [left[i] + right[i] for i in range(n)]
    offsets = [(right[i] - left[i]) / 2 for i in range(n)]
    plan.x = x = tidy_layout(children, widths, gap=SIBLING_GAP, cousin_gap=COUSIN_GAP, offsets=offsets)
    level_h = max(h)
    step = level_h + (EDGE_ROOM_MOVES if plan.moves else EDGE_ROOM)
    plan.y = [level_h / 2 + v.depth * step for v in nodes]
    plan.width = max(x[i] + right[i] for i in range(n))
    plan.height = max(plan.y[i] + h[i] / 2 for i in range(n))
    return plan


__all__ = ["ORDER_GAP", "TreePlan", "VALUE_INSET", "leaf_text", "note_lines", "plan_tree", "printed_width",
           "shape_of", "triangle_base"]
