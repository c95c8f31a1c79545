"""Search trees as strict JSON: networkx node-link data with unbounded windows written as null.

The text reads back (``json.loads``) as ``networkx.node_link_data(G, edges="edges")``
with every infinite float replaced by ``None`` (JSON has no Infinity); keys come in
the order networkx gives them and separators are compact, so the same graph always
gives the same bytes. It is produced in chunks so the full 549,946-node tree is
never copied whole.

Trees whose scoring makes every value an integer (``plain``, ``quick``) are encoded
by orjson when it is installed, about ten times faster than the standard library and
byte for byte the same for such trees (orjson writes infinities as null, and integers
alike; its floats can be written differently, which is why other trees, and any text
that is not ASCII, go through :mod:`json`).
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from itertools import islice
from math import inf
from types import ModuleType
from typing import Any

import networkx as nx


def _orjson() -> ModuleType | None:
    """orjson (a dependency), or None where it cannot be imported: then the standard library does it all."""
    try:
        import orjson
    except ImportError:
        return None
    return orjson


orjson = _orjson()

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


INTEGER_SCORINGS = frozenset({"plain", "quick"})
"""Scorings under which every value of a tree is an integer (or an unbounded window side)."""


def tree_to_json(G: nx.DiGraph) -> str:
    """``networkx.node_link_data(G, edges="edges")`` as strict JSON (no NaN/Infinity), deterministic.

    :raises ValueError: an attribute holds NaN, which has no JSON meaning.
    """
    if G.is_multigraph():  # not a search tree: the plain, general way (edge keys included)
        return _encode(_finite(nx.node_link_data(G, edges="edges")))
    if G.graph.get("scoring") in INTEGER_SCORINGS:
        fast = _orjson_text(G)
        if fast is not None:
            return fast
    nodes, edges = _node_link_dicts(G)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        parts: list[str] = []
        while chunk := list(islice(nodes, _CHUNK)):
            parts.append(_encode_items(chunk))
        nodes_text = ",".join(parts)
        parts = []
        while chunk := list(islice(edges, _CHUNK)):
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


def _node_link_dicts(G: nx.DiGraph) -> tuple[Iterator[dict[str, Any]], Iterator[dict[str, Any]]]:
    """Fresh node-link dicts of ``G``'s nodes (attributes, then ``id``) and edges (attributes, ``source``,
    ``target``), in networkx's order; from the records of a tree whose graph was never made."""
    pending = getattr(G, "pending", None)
    plan = pending() if pending is not None else None
    if plan is not None:
        return plan.node_dicts(), plan.edge_dicts()
    return ({**d, "id": n} for n, d in G.nodes(data=True)), \
        ({**d, "source": u, "target": v} for u, v, d in G.edges(data=True))


def _orjson_text(G: nx.DiGraph) -> str | None:
    """:func:`tree_to_json`'s text through orjson, or None when it cannot be the same bytes (no orjson, text that
    is not ASCII, a value orjson refuses)."""
    if orjson is None:
        return None
    dumps = orjson.dumps
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        parts: list[bytes] = []
        nodes, edges = _node_link_dicts(G)
        while chunk := list(islice(nodes, _CHUNK)):
            parts.append(dumps(chunk)[1:-1])
        nodes_text = b",".join(parts)
        parts = []
        while chunk := list(islice(edges, _CHUNK)):
            parts.append(dumps(chunk)[1:-1])
        edges_text = b",".join(parts)
        del parts, chunk
        head = dumps({"directed": True, "multigraph": False, "graph": dict(G.graph)})[:-1]
    except (TypeError, orjson.JSONEncodeError):
        return None
    finally:
        if was_enabled:
            gc.enable()
    text = b"".join((head, b',"nodes":[', nodes_text, b'],"edges":[', edges_text, b"]}"))
    return text.decode("ascii") if text.isascii() else None
