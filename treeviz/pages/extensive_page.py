"""The interactive page of an extensive-form game: the figure Graphviz draws (:mod:`treeviz.draw.extensive_dot`)
inline, in one self-contained file that works offline. Hovering a node lights up every node of its information
set and the dashed line joining them, and the panel beside says who moves, the set, the node's payoffs and, for
a solution, the probability that play reaches it."""

from __future__ import annotations

import html
import json

import networkx as nx

from treeviz.draw.extensive_dot import heading
from treeviz.draw.extensive_text import number_text, vector_text
from treeviz.draw.graphviz import render

_STYLE = """
body { font-family: Helvetica, Arial, sans-serif; margin: 0; display: flex; height: 100vh; }
#figure { flex: 1; overflow: auto; padding: 8px; }
#panel { width: 300px; border-left: 1px solid #ccc; padding: 12px; font-size: 14px; background: #fafafa; }
#panel h1 { font-size: 16px; margin: 0 0 8px 0; }
g.node.efg { cursor: pointer; }
g.node.lit ellipse, g.node.lit polygon { stroke: #f1c40f; stroke-width: 5px; }
g.edge.infoset.lit path { stroke: #f1c40f; stroke-width: 4px; }
g.node.here ellipse { stroke: #000; stroke-width: 3px; }
"""

_SCRIPT = """
const info = JSON.parse(document.getElementById('efg-data').textContent);
const panel = document.getElementById('details');
function setOf(g) { for (const c of g.classList) if (c.startsWith('is_')) return c; return null; }
document.querySelectorAll('g.node.efg').forEach(g => {
  g.addEventListener('mouseenter', () => {
    const id = g.id.slice(1), set = setOf(g);
    if (set) document.querySelectorAll('.' + set).forEach(e => e.classList.add('lit'));
    g.classList.add('here');
    panel.textContent = info[id] || '';
  });
  g.addEventListener('mouseleave', () => {
    document.querySelectorAll('.lit').forEach(e => e.classList.remove('lit'));
    g.classList.remove('here');
  });
});
window.treeviz = {timings: {}};
document.body.dataset.ready = '1';
"""


def node_details(G: nx.DiGraph, n: int) -> str:
    """What the panel says of node ``n``."""
    d = G.nodes[n]
    lines = [f"node {n}: {d['kind']}"]
    if "player" in d:
        lines.append(f"mover: {d['player']}")
    if "infoset" in d:
        entry = next((e for e in G.graph.get("infosets", []) if e["id"] == d["infoset"]), None)
        size = len(entry["nodes"]) if entry else 1
        lines.append(f"information set {d['infoset']}" + (f" ({d['infoset_name']})" if d.get("infoset_name") else "")
                     + f": {size} node{'s' if size != 1 else ''}")
    if "payoffs" in d:
        lines.append(f"payoffs: {vector_text(d['payoffs'])}")
    if "reach" in d:
        lines.append(f"reached with probability {number_text(d['reach'])}")
    if "on_path" in d:
        lines.append("on the equilibrium path" if d["on_path"] else "off the equilibrium path")
    return "\n".join(lines)


def extensive_page(G: nx.DiGraph, dot: str) -> str:
    """The whole page (HTML text) of the tree ``G`` drawn from ``dot``."""
    svg = render(dot, "svg").decode("utf-8")
    svg = svg[svg.index("<svg"):]
    details = {str(n): node_details(G, n) for n in G.nodes}
    data = json.dumps(details, ensure_ascii=False).replace("</", "<\\/")
    title = html.escape(heading(G).replace("\n", " - "))
    players = ", ".join(html.escape(p) for p in G.graph["players"])
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>"
            f"<style>{_STYLE}</style></head><body><div id=\"figure\">{svg}</div>"
            f"<div id=\"panel\"><h1>{title}</h1><p>Players: {players}</p>"
            "<p>Hover a node: its information set lights up.</p>"
            f"<pre id=\"details\"></pre></div>"
            f"<script type=\"application/json\" id=\"efg-data\">{data}</script>"
            f"<script>{_SCRIPT}</script></body></html>\n")
