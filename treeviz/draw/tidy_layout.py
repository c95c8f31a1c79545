"""A linear-time tidy tree layout (Reingold-Tilford as improved by Buchheim, Jünger and Leipert, 2002).

Every node sits on the line of its depth; siblings keep their order; a parent is
centred over its first and last child; subtrees are pushed apart just enough that
no two nodes of a level come closer than ``gap`` (with their widths), and the
space a push opens is shared out evenly among the subtrees in between. Contours
are followed through threads, so the whole layout takes O(n) time: the 549,946
nodes of the full tree of the empty board in a few seconds of pure Python.

Why our own: python-igraph's ``layout_reingold_tilford`` (C) took 2.8 s on the
25,227-node alpha-beta tree of the empty board and did not finish the full tree
in 10 minutes here (``scripts/bench_render.py`` compares the two on 1,000- and
5,000-node trees), and it treats all nodes as points, where our stubs, values and
"+k nodes" marks have widths.

Works on plain arrays (children lists by node index) so callers can feed any tree.
"""

from __future__ import annotations

from collections.abc import Sequence


def tidy_layout(children: Sequence[Sequence[int]], widths: Sequence[float], *, root: int = 0, gap: float = 4.0,
                cousin_gap: float | None = None, offsets: Sequence[float] | None = None) -> list[float]:
    """Positions along the sibling axis (x when the tree grows downwards) of the nodes reachable from ``root``.

    ``children[v]`` lists v's children in drawing order; ``widths[v]`` is the node's extent along the sibling
    axis; neighbours on a level are at least ``gap`` apart, or ``cousin_gap`` (default ``gap``) when they have
    different parents. ``offsets[v]``, if given, puts the middle of v's extent that far after its position (a
    node with a note on one side: parents are centred over their children's positions, not their extents).
    Returns node positions (centres without offsets), the leftmost node edge at 0; unreachable nodes get 0.
    """
    n = len(children)
    if cousin_gap is None:
        cousin_gap = gap
    parent = [-1] * n
    number = [0] * n
    order: list[int] = []  # preorder
    stack = [root]
    while stack:
        v = stack.pop()
        order.append(v)
        kids = children[v]
        for k, w in enumerate(kids):
            parent[w] = v
            number[w] = k
        stack.extend(reversed(kids))

    prelim = [0.0] * n
    mod = [0.0] * n
    change = [0.0] * n
    shift = [0.0] * n
    middle = [0.0] * n
    thread = [-1] * n
    ancestor = list(range(n))

    def next_left(v: int) -> int:
        kids = children[v]
        return kids[0] if kids else thread[v]

    def next_right(v: int) -> int:
        kids = children[v]
        return kids[-1] if kids else thread[v]

    shift_of = offsets if offsets is not None else [0.0] * n

    def distance(a: int, b: int) -> float:
        return (widths[a] + widths[b]) * 0.5 + shift_of[a] - shift_of[b] + (gap if parent[a] == parent[b]
                                                                             else cousin_gap)

    for v in reversed(order):  # children before parents
        kids = children[v]
        if not kids:
            continue
        default_ancestor = kids[0]
        for k, w in enumerate(kids):
            if k:
                left = kids[k - 1]
                prelim[w] = prelim[left] + distance(left, w)
                if children[w]:
                    mod[w] = prelim[w] - middle[w]
            else:
                prelim[w] = middle[w] if children[w] else 0.0
            if not k:
                continue
            # Apportion: push w's subtree right of everything left of it, level by level along the contours.
            vip = vop = w
            vim = kids[k - 1]
            vom = kids[0]
            sip = mod[vip]
            sop = mod[vop]
            sim = mod[vim]
            som = mod[vom]
            right_of_vim = next_right(vim)
            left_of_vip = next_left(vip)
            while right_of_vim >= 0 and left_of_vip >= 0:
                vim = right_of_vim
                vip = left_of_vip
                vom = next_left(vom)
                vop = next_right(vop)
                ancestor[vop] = w
                push = (prelim[vim] + sim) - (prelim[vip] + sip) + distance(vim, vip)
                if push > 0:
                    a = ancestor[vim]
                    if parent[a] != v:
                        a = default_ancestor
                    subtrees = number[w] - number[a]
                    change[w] -= push / subtrees
                    shift[w] += push
                    change[a] += push / subtrees
                    prelim[w] += push
                    mod[w] += push
                    sip += push
                    sop += push
                sim += mod[vim]
                sip += mod[vip]
                som += mod[vom]
                sop += mod[vop]
                right_of_vim = next_right(vim)
                left_of_vip = next_left(vip)
            if right_of_vim >= 0 and next_right(vop) < 0:
                thread[vop] = right_of_vim
                mod[vop] += sim - sop
            if left_of_vip >= 0 and next_left(vom) < 0:
                thread[vom] = left_of_vip
                mod[vom] += sip - som
                default_ancestor = w
        # Execute the shifts recorded for the children, right to left.
        total_shift = 0.0
        total_change = 0.0
        for w in reversed(kids):
            prelim[w] += total_shift
            mod[w] += total_shift
            total_change += change[w]
            total_shift += shift[w] + total_change
        middle[v] = (prelim[kids[0]] + prelim[kids[-1]]) * 0.5
    prelim[root] = middle[root] if children[root] else 0.0

    x = [0.0] * n
    walk = [(root, 0.0)]
    while walk:
        v, m = walk.pop()
        x[v] = prelim[v] + m
        kids = children[v]
        if kids:
            below = m + mod[v]
            walk.extend((w, below) for w in kids)
    left_edge = min(x[v] + shift_of[v] - widths[v] * 0.5 for v in order)
    for v in order:
        x[v] -= left_edge
    return x
