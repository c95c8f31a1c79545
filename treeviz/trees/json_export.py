"""Search trees as strict JSON: networkx node-link data with unbounded windows written as null.

The text reads back (``json.loads``) as ``networkx.node_link_data(G, edges="edges")``
with every infinite float replaced by ``None`` (JSON has no Infinity); keys come in
the order networkx gives them and separators are compact, so the same graph always
gives the same bytes. It is produced in chunks so the full 549,946-node tree is
never copied whole.
"""

from __future__ import annotations

import gc
import json
from itertools import islice
from math import inf
from typing import Any

import networkx as nx

_CHUNK = 8192
"""Nodes (or edges) encoded per ``json.dumps`` call: few calls, small temporary copies."""

_encode = json.JSONEncoder(allow_nan=False, separators=(",", ":")).encode


def _finite(value: Any) -> Any:
    """``value`` with infinite floats (at any depth of lists and dicts) replaced by None."""
    if value.__class__ is float:
        return None if value in (inf, -inf) else value
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


_WINDOW_KEYS = ("alpha", "beta")
"""Where search trees keep their infinities (the unbounded window sides): checked first, by name."""


def _encode_items(items: list[dict[str, Any]]) -> str:
    """The JSON array body (no brackets) of attribute dicts, infinite floats written as null."""
    for d in items:
        for k in _WINDOW_KEYS:
            v = d.get(k)
            if v == inf or v == -inf:
                d[k] = None
    try:
        return _encode(items)[1:-1]
    except ValueError:  # an infinity under another key (the strict encoder found it), or a NaN
        return _encode(_finite(items))[1:-1]


def tree_to_json(G: nx.DiGraph) -> str:
    """``networkx.node_link_data(G, edges="edges")`` as strict JSON (no NaN/Infinity), deterministic.

    :raises ValueError: an attribute holds NaN, which has no JSON meaning.
    """
    if G.is_multigraph():  # not a search tree: the plain, general way (edge keys included)
        return _encode(_finite(nx.node_link_data(G, edges="edges")))
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        parts: list[str] = []
        node_iter = iter(G.nodes(data=True))
        while chunk := [{**d, "id": n} for n, d in islice(node_iter, _CHUNK)]:
            parts.append(_encode_items(chunk))
        nodes_text = ",".join(parts)
        parts = []
        edge_iter = iter(G.edges(data=True))
        while chunk := [{**d, "source": u, "target": v} for u, v, d in islice(edge_iter, _CHUNK)]:
            parts.append(_encode_items(chunk))
        edges_text = ",".join(parts)
        del parts, chunk
        head = _encode({
            "directed": G.is_directed(),
            "multigraph": G.is_multigraph(),
            "graph": _finite(dict(G.graph)),
        })[:-1]
        return f'{head},"nodes":[{nodes_text}],"edges":[{edges_text}]}}'
    finally:
        if was_enabled:
            gc.enable()
