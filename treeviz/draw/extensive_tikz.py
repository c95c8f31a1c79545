"""An extensive-form game's tree (:mod:`treeviz.trees.extensive`) as TikZ, in the textbook manner of istgame: leaves
evenly spaced, each parent centred over its children, a filled dot per decision node with its player's name
above, an open circle at chance, the action (and probability) beside each branch, the payoff vector under each
leaf, the nodes of one information set joined by a dashed line labelled with the set, the solution's branches
thick (or their probability written)."""

from __future__ import annotations

import networkx as nx

from treeviz.draw.extensive_dot import heading, player_initial
from treeviz.draw.extensive_text import edge_words, player_colour, vector_text
from treeviz.draw.tikz import PREAMBLE

LEAF_GAP = 2.0
"""Centimetres between neighbouring leaves."""
LEVEL_GAP = 1.7
"""Centimetres between levels."""


def layout(G: nx.DiGraph, leaf_gap: float = LEAF_GAP, level_gap: float = LEVEL_GAP) -> dict[int, tuple[float, float]]:
    """Each node's ``(x, y)`` in centimetres: leaves left to right in preorder, a parent over its children's middle."""
    position: dict[int, tuple[float, float]] = {}
    leaves = 0
    order = sorted(G.nodes)
    for n in reversed(order):  # preorder ids: children have larger ids
        children = sorted(G.successors(n), key=lambda c: G.edges[n, c]["index"])
        y = -G.nodes[n]["depth"] * level_gap
        if not children:
            position[n] = (0.0, y)
        else:
            position[n] = ((position[children[0]][0] + position[children[-1]][0]) / 2, y)
    # leaves get their x in preorder; then parents are recomputed bottom-up
    for n in order:
        if G.out_degree(n) == 0:
            position[n] = (leaves * leaf_gap, position[n][1])
            leaves += 1
    for n in reversed(order):
        children = sorted(G.successors(n), key=lambda c: G.edges[n, c]["index"])
        if children:
            position[n] = ((position[children[0]][0] + position[children[-1]][0]) / 2, position[n][1])
    return position


def _tex(text: str) -> str:
    out = text.replace("\\", "\x00")
    for a in "&%$#_{}":
        out = out.replace(a, "\\" + a)
    return out.replace("\x00", r"\textbackslash{}").replace("~", r"\textasciitilde{}").replace("^", r"\^{}")


def _colour(hex_colour: str) -> str:
    """The name :func:`extensive_tikz` defines for a colour (``efg1F5FBF``)."""
    return "efg" + hex_colour[1:].upper()


def extensive_tikz(G: nx.DiGraph, *, title: str | None = None, body_only: bool = False, theme: str = "default",
                   compact: bool = False) -> str:
    """The TikZ picture (a standalone document unless ``body_only``); ``compact`` packs it closer, names each mover
    by its initial and leaves out the solved payoffs at inner nodes (as the compact DOT does)."""
    players: list[str] = G.graph["players"]
    position = layout(G, LEAF_GAP * 0.7, LEVEL_GAP * 0.7) if compact else layout(G)
    colours = sorted({player_colour(players, p, theme) for p in [*players, "chance"]})
    lines = [rf"\providecolor{{{_colour(c)}}}{{HTML}}{{{c[1:].upper()}}}" for c in colours]
    lines.append(r"\begin{tikzpicture}[font=\sffamily\small, every node/.style={inner sep=1.5pt}]")
    head = heading(G, title).split("\n")
    top = max(y for _, y in position.values()) + 1.0
    middle = (min(x for x, _ in position.values()) + max(x for x, _ in position.values())) / 2
    for k, line in enumerate(head):
        lines.append(rf"\node[font=\sffamily\bfseries] at ({middle:.2f},{top + 0.45 * (len(head) - 1 - k):.2f}) "
                     rf"{{{_tex(line)}}};")
    for u, v in sorted(G.edges):
        (x1, y1), (x2, y2) = position[u], position[v]
        text, thick, faint = edge_words(G, u, v)
        style = "line width=1.8pt" if thick else "draw=black!30" if faint else "draw=black!75"
        if not thick and G.edges[u, v].get("best"):
            style, text = "dashed, line width=1pt", f"{text} (tie)"
        side = "left" if x2 < x1 else "right" if x2 > x1 else "right"
        mover = G.nodes[u].get("player", "chance")
        ink = _colour(player_colour(players, mover, theme)) if mover != "chance" else "black!70"
        lines.append(rf"\draw[{style}] ({x1:.2f},{y1:.2f}) -- node[{side}, midway, font=\sffamily\scriptsize, "
                     rf"text={ink}] {{{_tex(text)}}} ({x2:.2f},{y2:.2f});")
    level_sets: dict[float, int] = {}
    for entry in G.graph.get("infosets", []):
        nodes = sorted((n for n in entry["nodes"] if n in position), key=lambda n: position[n][0])
        if len(nodes) < 2:
            continue
        ink = _colour(player_colour(players, entry["player"], theme))
        level = position[nodes[0]][1]
        k = level_sets[level] = level_sets.get(level, -1) + 1
        rise = 0.45 + 0.3 * k  # sets on one level arch at different heights
        for a, b in zip(nodes, nodes[1:], strict=False):
            (x1, y1), (x2, y2) = position[a], position[b]
            lines.append(rf"\draw[dashed, line width=1pt, draw={ink}] ({x1:.2f},{y1:.2f}) .. controls "
                         rf"({x1:.2f},{y1 + rise:.2f}) and ({x2:.2f},{y2 + rise:.2f}) .. ({x2:.2f},{y2:.2f});")
        (x1, y1), (x2, _) = position[nodes[0]], position[nodes[-1]]
        lines.append(rf"\node[font=\sffamily\scriptsize, text={ink}, fill=white, inner sep=1pt] at "
                     rf"({(x1 + x2) / 2:.2f},{y1 + 0.75 * rise:.2f}) "
                     rf"{{{_tex(entry['id'] + (' ' + entry['name'] if entry.get('name') else ''))}}};")
    solved = G.graph.get("algorithm") in ("backward", "nash")
    for n, d in sorted(G.nodes(data=True)):
        x, y = position[n]
        if d["kind"] == "terminal":
            lines.append(rf"\node[below, font=\sffamily\scriptsize] at ({x:.2f},{y:.2f}) "
                         rf"{{{_tex(vector_text(d['payoffs']))}}};")
            continue
        if d["kind"] == "chance":
            lines.append(rf"\draw[fill=white] ({x:.2f},{y:.2f}) circle (4pt);")
            lines.append(rf"\node[above=3pt, font=\sffamily\scriptsize] at ({x:.2f},{y:.2f}) {{chance}};")
        else:
            ink = _colour(player_colour(players, d["player"], theme))
            lines.append(rf"\fill[fill={ink}] ({x:.2f},{y:.2f}) circle (3.5pt);")
            name = player_initial(players, d["player"]) if compact else d["player"]
            lines.append(rf"\node[above left=1pt, text={ink}] at ({x:.2f},{y:.2f}) {{{_tex(name)}}};")
        if solved and not compact:
            lines.append(rf"\node[left=5pt, font=\sffamily\tiny, text=black!70] at ({x:.2f},{y:.2f}) "
                         rf"{{{_tex(vector_text(d['payoffs']))}}};")
    lines.append(r"\end{tikzpicture}")
    body = "\n".join(lines) + "\n"
    if body_only:
        return body
    return "% A treeviz figure: pdflatex this file (needs tikz and preview).\n" + PREAMBLE + "\\begin{document}\n" + \
        body + "\\end{document}\n"
