"""An extensive-form game's tree (:mod:`treeviz.trees.extensive`) as Graphviz DOT, drawn as textbooks draw it:
each decision node a circle in its player's colour holding the player's name, chance nodes white circles, the
payoff vector under each leaf; the nodes of one information set on one level joined by a dashed line labelled
with the set and its player; chance probabilities on their branches; the solution on the branches (thick where
the player moves with certainty, the probability in brackets otherwise, grey where never). Graphviz renders it
as SVG, PNG and PDF (:func:`treeviz.draw.graphviz.render`); the page gives every node the class of its set.
"""

from __future__ import annotations

import html

import networkx as nx

from engine.errors import ParameterError
from treeviz.draw.extensive_text import (
    INFOSET_COLOUR,
    ZERO_COLOUR,
    edge_words,
    infoset_words,
    number_text,
    player_colour,
    short_player,
    vector_text,
)

FONT = "Helvetica,Arial,sans-serif"
EXTENSIVE_DRAW_LIMIT = 2_000
"""The most nodes a figure of an extensive-form game holds (Graphviz's layout of the dashed sets slows past it,
and no page would show it); JSON and ``.efg`` take any size."""


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _value(text: str) -> str:
    return text if text.startswith("<") and text.endswith(">") else _quote(text)


def infoset_class(infoset: str) -> str:
    """The CSS class of a set's nodes in the SVG (``is_2_1``), for the page's highlighting."""
    return "is_" + infoset.replace(":", "_")


def heading(G: nx.DiGraph, title: str | None = None) -> str:
    """The figure's title line and what solved it."""
    g = G.graph
    head = title if title is not None else (g.get("game") or "Extensive-form game")
    algorithm = g.get("algorithm")
    if algorithm == "backward":
        head += f"\nbackward induction: payoffs {vector_text(g['payoffs'])}"
    elif algorithm == "nash":
        head += f"\nNash equilibrium ({g.get('solver', 'Gambit')}): payoffs {vector_text(g['payoffs'])}"
    return head


def player_initial(players: list[str], name: str) -> str:
    """What a compact node shows of its mover: the name's first letter, or the player's number where two players'
    names start alike (``Player 1``, ``Player 2``)."""
    initials = [p[:1].upper() for p in players]
    if name not in players:
        return name[:1].upper()
    mine = initials[players.index(name)]
    return mine if mine.isalpha() and initials.count(mine) == 1 else str(players.index(name) + 1)


def extensive_dot(G: nx.DiGraph, *, title: str | None = None, theme: str = "default", rankdir: str = "TB",
                  side: str | None = None, compact: bool = False) -> str:
    """The DOT text of the tree; ``side`` is DOT of more nodes drawn beside it (the strategic form's table).

    ``compact`` draws small nodes (a dot in the player's colour with the player's initial, chance a small open
    circle, payoffs in a small font), for trees too wide for the textbook drawing; the sets, the solution on the
    branches and the tooltips are the same."""
    players: list[str] = G.graph["players"]
    lines = [
        "digraph extensive {",
        f"  graph [rankdir={rankdir}, nodesep={0.12 if compact else 0.25}, ranksep={0.4 if compact else 0.55}, "
        f"fontname=\"{FONT}\", fontsize={12 if compact else 14}, labelloc=t, forcelabels=true, "
        f"label={_quote(heading(G, title))}, bgcolor=white];",
        f"  node [fontname=\"{FONT}\", fontsize={8 if compact else 11}, margin=\"0.04,0.02\"];",
        f"  edge [fontname=\"{FONT}\", fontsize={8 if compact else 10}, arrowhead=none, color=\"#444444\"];",
    ]
    solved = G.graph.get("algorithm") in ("backward", "nash")
    shared = {e["id"]: e for e in G.graph.get("infosets", []) if len(e["nodes"]) > 1}
    for n, d in G.nodes(data=True):
        kind = d["kind"]
        attrs: dict[str, str] = {}
        classes = ["efg"]
        if kind == "terminal":
            attrs.update(shape="plaintext", label=vector_text(d["payoffs"]), height="0.2", fontsize="11")
        elif kind == "chance":
            attrs.update(shape="circle", label="c", style="filled", fillcolor="white", color="#555555",
                         fontcolor="#555555", width="0.3", fixedsize="true")
        else:
            colour = player_colour(players, d["player"], theme)
            name = short_player(players, d["player"])
            attrs.update(shape="circle" if len(name) <= 2 else "ellipse", label=name, style="filled",
                         fillcolor=colour, fontcolor="white", color=colour, height="0.3", width="0.3")
            extra = []
            if d["infoset"] in shared:
                extra.append(infoset_words(G, shared[d["infoset"]], with_player=False))
            if solved:
                extra.append(vector_text(d["payoffs"]))
            if extra:
                small = "<br/>".join(f'<font point-size="9">{html.escape(e)}</font>' for e in extra)
                attrs["label"] = f"<{html.escape(name)}<br/>{small}>"
                attrs["shape"] = "ellipse"
            classes.append(infoset_class(d["infoset"]))
        if solved and kind == "chance":
            attrs.update(shape="ellipse", fixedsize="false", label="c\n" + vector_text(d["payoffs"]), fontsize="9")
        if compact:
            _compact(attrs, players, d, theme)
        tip = [f"node {n}", d.get("player", "end of play")]
        if "infoset" in d:
            tip.append(f"set {d['infoset']}" + (f" {d['infoset_name']}" if d.get("infoset_name") else ""))
        if "payoffs" in d:
            tip.append(f"payoffs {vector_text(d['payoffs'])}")
        if "reach" in d:
            tip.append(f"reached with probability {number_text(d['reach'])}")
        attrs.update(id=f"n{n}", tooltip="; ".join(tip))
        attrs["class"] = " ".join(classes)
        lines.append(f"  n{n} [{', '.join(f'{k}={_value(v)}' for k, v in attrs.items())}];")
    for u, v in G.edges:
        text, thick, faint = edge_words(G, u, v)
        attrs = {"label": text}
        mover = G.nodes[u].get("player", "chance")
        if mover != "chance":
            attrs["fontcolor"] = player_colour(players, mover, theme)
        if thick:
            attrs.update(penwidth="3.2", color="#000000")
        elif G.edges[u, v].get("best"):
            attrs.update(penwidth="2", color="#000000", style="dashed", label=f"{text} (tie)")
        elif faint:
            attrs.update(color=ZERO_COLOUR, fontcolor=ZERO_COLOUR)
        lines.append(f"  n{u} -> n{v} [{', '.join(f'{k}={_quote(t)}' for k, t in attrs.items())}];")
    for entry in G.graph.get("infosets", []):
        nodes = [n for n in entry["nodes"] if n in G]
        if len(nodes) < 2:
            continue
        depths = {G.nodes[n]["depth"] for n in nodes}
        if len(depths) == 1:
            lines.append(f"  {{ rank=same; {' '.join(f'n{n}' for n in nodes)} }}")
        colour = player_colour(players, entry["player"], theme)
        for a, b in zip(nodes, nodes[1:], strict=False):
            ink = colour if colour != "#000000" else INFOSET_COLOUR
            lines.append(f"  n{a} -> n{b} [style=dashed, penwidth=1.6, color={_quote(ink)}, "
                         f"constraint=false, dir=none, tailport=n, headport=n, "
                         f"class={_quote('infoset ' + infoset_class(entry['id']))}];")
    if side:
        lines.append(side)
    lines.append("}")
    return "\n".join(lines) + "\n"


def _compact(attrs: dict[str, str], players: list[str], d: dict[str, object], theme: str) -> None:
    """Turn a node's textbook attributes into the compact style's (in place)."""
    kind = d["kind"]
    if kind == "terminal":
        attrs.update(fontsize="8", height="0.15", margin="0.01,0.01")
    elif kind == "chance":
        attrs.update(shape="circle", label="", style="filled", fillcolor="white", color="#555555", width="0.14",
                     height="0.14", fixedsize="true", penwidth="1.2")
    else:
        colour = player_colour(players, str(d["player"]), theme)
        attrs.update(shape="circle", label=player_initial(players, str(d["player"])), style="filled",
                     fillcolor=colour, color=colour, fontcolor="white", fontsize="8", width="0.2", height="0.2",
                     fixedsize="true", margin="0")


def html_table_label(rows: list[list[str]], marked: set[tuple[int, int]]) -> str:
    """A Graphviz HTML-like label of a table (``rows[0]`` the header), cells in ``marked`` bold on yellow."""
    out = ['<<table border="0" cellborder="1" cellspacing="0" cellpadding="3">']
    for r, row in enumerate(rows):
        cells = []
        for c, cell in enumerate(row):
            text = html.escape(cell)
            if (r, c) in marked:
                cells.append(f'<td bgcolor="#fff2a8"><b>{text}</b></td>')
            elif r == 0 or c == 0:
                cells.append(f'<td bgcolor="#eeeeee">{text}</td>')
            else:
                cells.append(f"<td>{text}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>>")
    return "".join(out)


def side_table(rows: list[list[str]], marked: set[tuple[int, int]], caption: str) -> str:
    """DOT of a table node drawn beside the tree (a component of its own: Graphviz puts it to the right)."""
    label = html_table_label(rows, marked)
    return (f"  subgraph cluster_strategic {{ label={_quote(caption)}; fontsize=12; color=\"#bbbbbb\"; "
            f"strategic [shape=plaintext, label={label}]; }}")


def node_count_check(G: nx.DiGraph) -> None:
    """Refuse a tree too large to draw.

    :raises ValueError: naming the limit and the formats that take it.
    """
    if G.number_of_nodes() > EXTENSIVE_DRAW_LIMIT:
        raise ParameterError(f"the game has {G.number_of_nodes():,} nodes, more than the {EXTENSIVE_DRAW_LIMIT:,} a "
                             "figure of an extensive-form game holds; {fmt} or {efg:bare} writes it whole",
                             fmt="json", efg="efg")

