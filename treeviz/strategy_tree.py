"""A strategy drawn as a tree: one move at the strategy side's nodes, every reply at the others.

From a won position the tree of the winner's strategy is the compact proof that
the win is forced: follow it and every leaf is a win. From a drawn position each
side has a drawing strategy and gets its own tree (every leaf a draw or a win
for that side). The trees are networkx DiGraphs following notes/tree_schema.md,
so :mod:`treeviz.render` and :mod:`treeviz.json_export` handle them, with extra
attributes:

- graph: ``algorithm="strategy"``, ``strategy_side`` ("x"|"o"), ``strategy_kind``
  ("winning"|"drawing");
- node: ``strategy_move`` (the move the strategy plays there, ``None`` at the
  opponent's nodes and at finished games);
- edge: ``chosen`` (true for strategy moves).

``best`` keeps its schema meaning (principal variation: the strategy move, and at
the opponent's nodes its best resistance); the figure draws the chosen moves in
bold instead, see :func:`strategy_dot`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from math import inf

import networkx as nx

from engine.game import PLAYER_NAMES, O, Player, X
from engine.solver import Solution
from treeviz import labels
from treeviz import render as _render
from treeviz.drawing import FigureOptions, Output, draw
from treeviz.figure import Panel
from treeviz.themes import DEFAULT, Theme

DEFAULT_MAX_NODES = 20_000
"""More nodes than any picture can hold: a guard, not a layout choice."""


class StrategyTreeTooLarge(ValueError):
    """The strategy tree has more nodes than the cap allows."""

    def __init__(self, limit: int, fen: str) -> None:
        super().__init__(f"the strategy tree of {fen!r} has more than {limit:,} nodes")
        self.limit = limit
        self.fen = fen


def strategy_tree(solution: Solution, side: Player | None = None, *, max_nodes: int = DEFAULT_MAX_NODES) -> nx.DiGraph:
    """The tree of ``side``'s strategy from the solution's root (``side`` defaults to the winner).

    The winner's strategy when ``side`` forces a win from the root, else its
    drawing strategy (``side`` must not lose from the root).

    :raises ValueError: no winner to default to, or ``side`` loses from the root.
    :raises StrategyTreeTooLarge: more than ``max_nodes`` nodes (0: no cap).
    """
    game = solution.game
    root = solution.root
    side = solution.winner if side is None else side
    if side is None:
        raise ValueError("the position is a draw: say whose drawing strategy to draw")
    sign = 1 if side == X else -1
    root_value = solution.value
    if root_value * sign < 0:
        raise ValueError(f"{PLAYER_NAMES[side]} loses from {game.fen(root)!r} with best play: "
                         "it has neither a winning nor a drawing strategy")
    kind = "winning" if root_value * sign > 0 else "drawing"
    strategy = solution.winning_strategy(side) if kind == "winning" else solution.drawing_strategy(side)

    G = nx.DiGraph()
    G.graph.update(
        algorithm="strategy", game=game.name, root_fen=game.fen(root), value=root_value,
        best_moves=list(solution.optimal_moves()), depth=None, scoring="plain", order="ascending",
        hidden=0, max_nodes=0, pruned=0, strategy_side=PLAYER_NAMES[side], strategy_kind=kind,
    )
    fen = game.fen
    outcome_of = game.outcome
    results = {1: "x", -1: "o", 0: "draw"}

    def add(state: Hashable, depth: int, on_pv: bool) -> int:
        node = G.number_of_nodes()
        if max_nodes and node >= max_nodes:
            raise StrategyTreeTooLarge(max_nodes, fen(root))
        outcome = outcome_of(state)
        mover = game.to_move(state)
        chosen = strategy.get(state) if mover == side else None
        G.add_node(
            node, fen=fen(state), to_move=PLAYER_NAMES[mover], depth=depth, value=solution.value_of(state),
            bound="exact", order=node, pruned=False, best=on_pv, alpha=-inf, beta=inf,
            leaf="terminal" if outcome is not None else None,
            outcome=results[outcome] if outcome is not None else None,
            cut=None, cut_value=None, cut_bound=None, pruned_children=0, hidden=0, strategy_move=chosen,
        )
        if outcome is not None:
            return node
        if mover == side:
            moves = [(chosen, game.play(state, chosen))]
        else:
            moves = list(game.successors(state))
        # Principal variation: the strategy move, and at the opponent's nodes its best resistance.
        best = chosen if mover == side else solution.best_move(state) if on_pv else None
        for move, child in moves:
            child_id = add(child, depth + 1, on_pv and move == best)
            G.add_edge(node, child_id, move=move, label=game.move_name(move), pruned=False,
                       best=on_pv and move == best, chosen=move == chosen)
        return node

    add(root, 0, True)
    G.graph["nodes"] = G.graph["shown"] = G.number_of_nodes()
    return G


def strategy_trees(solution: Solution, *, max_nodes: int = DEFAULT_MAX_NODES) -> list[nx.DiGraph]:
    """What ``solve`` draws: the winner's strategy tree, or from a drawn position both drawing strategies (x, o)."""
    if solution.winner is not None:
        return [strategy_tree(solution, max_nodes=max_nodes)]
    return [strategy_tree(solution, side, max_nodes=max_nodes) for side in (X, O)]


# -- drawing --------------------------------------------------------------------------


def strategy_title(G: nx.DiGraph) -> str:
    """``x's winning strategy from xo7 x: x wins whatever o plays (22 nodes)``: one tree's heading."""
    g = G.graph
    side = g["strategy_side"]
    other = "o" if side == "x" else "x"
    promise = f"{side} wins" if g["strategy_kind"] == "winning" else f"{side} never loses"
    return (f"{side}'s {g['strategy_kind']} strategy from {g['root_fen']}: {promise} whatever {other} plays "
            f"({g['nodes']:,} node{'s' if g['nodes'] != 1 else ''})")


def _side_title(G: nx.DiGraph) -> str:
    """``x never loses whatever o plays (9 nodes)``: one tree's title beside the other (the FEN is in the heading)."""
    g = G.graph
    side = g["strategy_side"]
    other = "o" if side == "x" else "x"
    promise = f"{side} wins" if g["strategy_kind"] == "winning" else f"{side} never loses"
    return f"{side}'s strategy: {promise} whatever {other} plays ({g['nodes']:,} node{'s' if g['nodes'] != 1 else ''})"


def _for_drawing(G: nx.DiGraph) -> nx.DiGraph:
    """A copy whose bold edges are the strategy's moves (the renderer draws ``best`` edges bold)."""
    H = G.copy()
    side = G.graph["strategy_side"]
    for _, _, d in H.edges(data=True):
        d["best"] = d["chosen"]
        if d["chosen"]:
            d["label"] = f"  {side} {d['label']}"
    for _, d in H.nodes(data=True):
        d["best"] = False
    return H


def _legend(trees: list[nx.DiGraph], theme: Theme = DEFAULT) -> str:
    sides = [G.graph["strategy_side"] for G in trees]
    chooser = " / ".join(sides)
    cells = [
        f'<TD BORDER="1" COLOR="{theme.side_border["x"]}" BGCOLOR="{theme.side_fill["x"]}" WIDTH="18" '
        'HEIGHT="12"> </TD>', _legend_cell("x to move"),
        f'<TD BORDER="1" COLOR="{theme.side_border["o"]}" BGCOLOR="{theme.side_fill["o"]}" WIDTH="18" '
        'HEIGHT="12"> </TD>', _legend_cell("o to move"),
        f'<TD><FONT COLOR="{theme.pv}"><B>\u2501\u2501\u2501</B></FONT></TD>',
        _legend_cell(f"the strategy's move ({chooser})"),
        "<TD>\u2192</TD>", _legend_cell("every reply of the opponent"),
        _legend_cell("values from x's point of view (+1 x wins, \u22121 o wins, 0 draw)"),
    ]
    return '<TABLE BORDER="0" CELLSPACING="4" CELLPADDING="2"><TR>' + "".join(cells) + "</TR></TABLE>"


def _legend_cell(text: str) -> str:
    return f'<TD ALIGN="LEFT"><FONT POINT-SIZE="11">{labels.escape(text)}</FONT></TD>'


def _heading(title: str, trees: list[nx.DiGraph], subtitle: str = "", theme: Theme = DEFAULT) -> str:
    below = f'<TR><TD><FONT POINT-SIZE="13">{labels.escape(subtitle)}</FONT></TD></TR>' if subtitle else ""
    return ('  label=<<TABLE BORDER="0" CELLSPACING="2" CELLPADDING="2">'
            f'<TR><TD><FONT POINT-SIZE="18"><B>{labels.escape(title)}</B></FONT></TD></TR>{below}'
            f"<TR><TD>{_legend(trees, theme)}</TD></TR></TABLE>>;")


def _replace_heading(dot: str, heading: str) -> str:
    """Swap the renderer's top-level heading line for ours (it is the first ``  label=<`` line)."""
    lines = dot.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("  label=<"):
            lines[i] = heading
            break
    return "\n".join(lines)


def strategy_heading(trees: list[nx.DiGraph], title: str | None = None) -> tuple[str, str]:
    """The figure's heading and the line under it (the start position and the node count of a single tree)."""
    if len(trees) == 1:
        g = trees[0].graph
        side = g["strategy_side"]
        other = "o" if side == "x" else "x"
        promise = f"{side} wins" if g["strategy_kind"] == "winning" else f"{side} never loses"
        heading = title or f"{side}'s {g['strategy_kind']} strategy: {promise} whatever {other} plays"
        nodes = f"{g['nodes']:,} node{'s' if g['nodes'] != 1 else ''}"
        where = f"from {g.get('subtree_fen') or g['root_fen']}"
        if g.get("path"):
            where += f" (after {' '.join(g['path'])} from {g['root_fen']})"
        return heading, f"{where} ({nodes})"
    if len(trees) != 2:
        raise ValueError("a strategy figure draws one tree or two side by side")
    heading = title or f"Drawing strategies of x and o from {trees[0].graph['root_fen']} (a draw with best play)"
    if trees[0].graph.get("path"):
        heading += f", after {' '.join(trees[0].graph['path'])}"
    return heading, ""


def strategy_dot(trees: list[nx.DiGraph], *, title: str | None = None, rankdir: str = "TB",
                 theme: Theme = DEFAULT) -> str:
    """DOT text of one strategy tree, or of two side by side (a drawn position's two drawing strategies)."""
    shown = [_for_drawing(G) for G in trees]
    heading, subtitle = strategy_heading(trees, title)
    if len(trees) == 1:
        dot = _render.to_dot(shown[0], title=heading, legend=False, rankdir=rankdir, theme=theme)
        return _replace_heading(dot, _heading(heading, trees, subtitle, theme))
    dot = _render.compare_dot(shown[0], shown[1], title=heading, legend=False, rankdir=rankdir, theme=theme)
    for G in trees:
        dot = dot.replace(f"<B>{labels.escape(_render.cluster_title(G))}</B>",
                          f"<B>{labels.escape(_side_title(G))}</B>", 1)
    return _replace_heading(dot, _heading(heading, trees, theme=theme))


def strategy_figure(trees: list[nx.DiGraph], fmt: str, options: FigureOptions, *,
                    title: str | None = None) -> Output:
    """The strategy tree(s) in any figure format and style (see :func:`treeviz.drawing.draw`)."""
    shown = [_for_drawing(G) for G in trees]
    heading, subtitle = strategy_heading(trees, title)
    if subtitle:
        heading = f"{heading}, {subtitle}"
    panels = [Panel(shown[0])] if len(trees) == 1 else [Panel(H, _side_title(G)) for H, G in zip(shown, trees,
                                                                                                  strict=True)]
    chooser = " / ".join(G.graph["strategy_side"] for G in trees)

    def board_dot(theme: Theme, direction: str) -> Iterator[str]:
        yield strategy_dot(trees, title=title, rankdir=direction, theme=theme)

    return draw(panels, fmt, options, heading=heading, board_dot=board_dot,
                pv_words=f"the strategy's move ({chooser})", legend_notes=["other edges: every reply of the opponent"])
