"""The plain dicts inside a networkx ``DiGraph``, typed, for the loops that walk big trees.

A ``DiGraph`` keeps each node's attributes and its edges in dicts of dicts (``G._node``, ``G._succ``,
``G._pred``); its public views (``G.nodes[n]``, ``G.succ[n]``) wrap every lookup, which costs the tree
builders and writers a good share of their time on trees of 550,000 nodes. They read the dicts
themselves, through here: networkx's type stubs leave these attributes out, so this is the one place
that says what they hold. Read-only use, except where a caller sets an edge's attribute in place.
"""

from __future__ import annotations

from typing import Any

import networkx as nx

NodeDict = dict[Any, dict[str, Any]]
"""Node -> its attribute dict."""
AdjacencyDict = dict[Any, dict[Any, dict[str, Any]]]
"""Node -> neighbour -> the edge's attribute dict."""


def node_dict(G: nx.DiGraph) -> NodeDict:
    """Node -> attributes (``G._node``: what ``G.nodes[n]`` reads)."""
    nodes: NodeDict = G._node  # type: ignore[attr-defined]  # networkx's stubs leave the private dicts out
    return nodes


def succ_dict(G: nx.DiGraph) -> AdjacencyDict:
    """Node -> child -> edge attributes (``G._succ``: what ``G.succ[n]`` reads)."""
    succ: AdjacencyDict = G._succ  # type: ignore[attr-defined]  # networkx's stubs leave the private dicts out
    return succ


def pred_dict(G: nx.DiGraph) -> AdjacencyDict:
    """Node -> parent -> edge attributes (``G._pred``: what ``G.pred[n]`` reads)."""
    pred: AdjacencyDict = G._pred  # type: ignore[attr-defined]  # networkx's stubs leave the private dicts out
    return pred
