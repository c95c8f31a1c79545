"""A recorded search's tree as a networkx graph made on first use: :class:`RecordedTree`.

:func:`recorded_tree` works out once what the graph holds (the subtree and plies
kept, the cap, the stubs, the principal variation, one template per position); the
graph's node and edge dicts are made the first time anything looks at them. Its JSON
(:func:`treeviz.trees.json_export.tree_to_json`) is written straight from the
records when the graph has not been made (:meth:`RecordedTree.pending`): the full
549,946-node tree goes to JSON without half a million node dicts held at once.
Either way the nodes and edges are the same dicts in the same order (the tree
schema, notes/tree_schema.md).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from operator import itemgetter
from typing import Any, cast

import networkx as nx

from engine.game import CHANCE_NAME, ChanceGame, Game
from treeviz.games.registry import adapter_for
from treeviz.trees import crop


class TreePlan:
    """What the graph of a recorded tree holds, worked out from the records; :meth:`fill` makes it,
    :meth:`node_dicts` and :meth:`edge_dicts` give its node-link form without making it."""

    def __init__(self, rec: Any, game: Game, max_nodes: int, graph: dict[str, Any],
                 path: Sequence[str] | None = None, plies: int | None = None) -> None:
        entries = rec.entries
        n = len(entries)
        if None in rec.results:
            raise ValueError("the search has not finished: some nodes were never left")
        # Columns of the records, taken in C (these lists are half a million long).
        parent = list(map(itemgetter(0), entries))
        ply = list(map(itemgetter(3), entries))
        values = list(map(itemgetter(0), rec.results))

        size = [1] * n
        for i in range(n - 1, 0, -1):
            size[parent[i]] += size[i]

        # Stubs: one per skipped move, in report order.
        play, fen_of_state = game.play, game.fen
        # A recorder may name moves of its own (the edges of MTD(f)'s passes: treeviz.trees.visit_tree).
        move_name = getattr(rec, "name_move", game.move_name)
        stubs = []  # (parent id, move, state, kind, cut value, cut bound)
        for node, kind, value, bound, skipped in rec.cuts:
            s = entries[node][2]
            for m in skipped:
                stubs.append((node, m, play(s, m), kind, value, bound))

        root = 0
        if path:
            stubs_of: dict[int, list[Any]] = {}
            for st in stubs:
                stubs_of.setdefault(st[0], []).append(st[1])

            def children(i: int) -> list[tuple[str, int, bool]]:
                found = []
                child, end = i + 1, i + size[i]
                while child < end:
                    found.append((move_name(entries[child][1]), child, False))
                    child += size[child]
                found.extend((move_name(m), -1, True) for m in stubs_of.get(i, ()))
                return found

            root = crop.follow_path(list(path), 0, children, lambda i: fen_of_state(entries[i][2]))
        whole = not path and plies is None and max_nodes == 0
        selection = crop.select(parent, ply, size, values, [st[0] for st in stubs], root=root, plies=plies,
                                max_nodes=max_nodes)
        self.stubs = [stubs[k] for k in selection.stubs]
        self.kept: Sequence[int] = range(n) if whole else selection.kept
        self.hidden = None if whole else selection.hidden
        self.pv = selection.pv
        self.root = root
        self.n = n
        self.ply = ply
        self.sizes = size
        """Each entered node's subtree size, itself included: its children are ``i + 1``, then each next one
        a subtree further, while inside ``i + sizes[i]`` (the records are in preorder)."""
        self.rec = rec
        self.complete = not self.stubs and self.hidden is None and root == 0 and len(self.kept) == n
        """Every node entered and drawn, none pruned or left out (a full minimax tree): figures take a faster path."""

        # Per distinct state and move, not per node: the full tree has 549,946 nodes but 5,478 states.
        adapter = adapter_for(game)
        describe = adapter.describe
        states = set(map(itemgetter(2), entries)) if whole else {entries[i][2] for i in self.kept}
        info = {s: describe(s) for s in states.union(st[2] for st in self.stubs)}
        self.chances = {s: dict(cast(ChanceGame, game).chance_outcomes(s))
                        for s, (_, side, _) in info.items() if side == CHANCE_NAME}
        """Each chance node's state: its events' probabilities (edges below it carry theirs)."""
        moves = set(map(itemgetter(1), entries[1:])) if whole else {entries[i][1] for i in self.kept if i != root}
        self.labels: dict[Any, str] = (_EachMoveNamed(move_name) if adapter.names_by_mover else
                                       {m: move_name(m) for m in moves.union(st[1] for st in self.stubs)})
        """Each move's name, ``labels[move]``: worked out once per move, or asked of each move where equal moves
        may have different names (:attr:`treeviz.games.adapter.GameAdapter.names_by_mover`)."""
        # A template per distinct state holds every field in schema order, the state's own filled in: each node
        # is a copy of its state's (a copy of a dict with the same keys is one block copy), then its own fields
        # are set.
        self.templates = {s: {
            "fen": fen, "to_move": side, "depth": 0, "value": None, "bound": None,
            "order": None, "pruned": False, "best": False, "alpha": None, "beta": None,
            "leaf": None, "outcome": result, "cut": None, "cut_value": None, "cut_bound": None,
            "pruned_children": 0, "hidden": 0,
            "cut_by": None, "parent_value": None, "parent_bound": None,
        } for s, (fen, side, result) in info.items()}
        shown = len(self.kept)
        graph.update(
            nodes=n, shown=shown, hidden=size[root] - shown, max_nodes=max_nodes, pruned=len(self.stubs),
            root=root, path=list(path or []), plies=plies, subtree_nodes=size[root], subtree_value=values[root],
            subtree_fen=fen_of_state(entries[root][2]), marked=selection.cut_by_plies > 0,
            capped=selection.capped,
        )
        if self.chances:
            graph["chance"] = True  # minimax is expectiminimax here (only such trees carry the field)
        self.graph = graph

    def size(self) -> int:
        """Nodes the graph holds: entered nodes kept and pruned stubs."""
        return len(self.kept) + len(self.stubs)

    def children(self) -> dict[int, list[int]]:
        """Each drawn node's children, entered ones ascending, then its stubs (ids ``n + k``); nodes without
        children are not keys. Worked out once."""
        found = self.__dict__.get("_children")
        if found is None:
            entries, root, n = self.rec.entries, self.root, self.n
            found = {}
            for i in self.kept:
                if i != root:
                    p = entries[i][0]
                    kids = found.get(p)
                    if kids is None:
                        found[p] = [i]
                    else:
                        kids.append(i)
            for k, stub in enumerate(self.stubs):
                found.setdefault(stub[0], []).append(n + k)
            self.__dict__["_children"] = found
        return found

    def leaves(self) -> int:
        """Nodes of the graph without children (entered leaves and stubs), and one more for each node with
        children that has nodes below it not drawn (its ``+k`` box): the width a figure of it needs."""
        if self.complete:
            return self.sizes.count(1)  # a whole tree: its leaves are the subtrees of one node
        parents = self.children()
        boxes = 0
        if self.hidden is not None:
            boxes = sum(1 for i in parents if self.hidden[i])
        return len(self.kept) - len(parents) + len(self.stubs) + boxes

    def _entered(self) -> Iterator[tuple[int, dict[str, Any], int, Any]]:
        """``(id, attributes, parent, move)`` of each kept entered node, in id order."""
        entries = self.rec.entries
        results = self.rec.results
        leaf_of = self.rec.leaves.get
        templates = self.templates
        hidden = self.hidden
        best = set(self.pv)
        cuts = {node: (kind, value, bound, len(skipped)) for node, kind, value, bound, skipped in self.rec.cuts}
        for i in self.kept:
            p, m, s, depth, a, b = entries[i]
            d = templates[s].copy()
            d["depth"] = depth
            d["value"], d["bound"] = results[i]
            d["order"] = i
            d["alpha"] = a
            d["beta"] = b
            leaf = leaf_of(i)
            if leaf is not None:
                d["leaf"] = leaf
            if i in best:
                d["best"] = True
            cut = cuts.get(i)
            if cut is not None:
                d["cut"], d["cut_value"], d["cut_bound"], d["pruned_children"] = cut
            if hidden is not None:
                d["hidden"] = hidden[i]
            yield i, d, p, m

    def _stub_nodes(self) -> Iterator[tuple[int, dict[str, Any], int, Any]]:
        """``(id, attributes, parent, move)`` of each kept pruned stub, in id order."""
        templates, ply = self.templates, self.ply
        for k, (node, m, s, kind, value, bound) in enumerate(self.stubs):
            d = templates[s].copy()
            d.update(depth=ply[node] + 1, pruned=True, cut_by=kind, parent_value=value, parent_bound=bound)
            yield self.n + k, d, node, m

    def _edge(self, m: Any, pruned: bool, best: bool, parent_state: Any = None) -> dict[str, Any]:
        e = {"move": m, "label": self.labels[m], "pruned": pruned, "best": best}
        if self.chances:
            chance = self.chances.get(parent_state)
            if chance is not None:
                e["probability"] = chance[m]
        return e

    def fill(self, node_data: dict[Any, Any], succ: dict[Any, Any], pred: dict[Any, Any]) -> None:
        """Fill networkx's own dicts of a graph (the same graph as ``add_nodes_from``/``add_edges_from`` would
        make: a test checks it). The loop of :meth:`_entered`, written out: this is the hot path."""
        entries, results, leaf_of, templates, labels = (self.rec.entries, self.rec.results, self.rec.leaves.get,
                                                        self.templates, self.labels)
        root = self.root
        for i in self.kept:
            p, m, s, depth, a, b = entries[i]
            d = templates[s].copy()
            d["depth"] = depth
            d["value"], d["bound"] = results[i]
            d["order"] = i
            d["alpha"] = a
            d["beta"] = b
            leaf = leaf_of(i)
            if leaf is not None:
                d["leaf"] = leaf
            node_data[i] = d
            succ[i] = {}
            if i != root:
                e = {"move": m, "label": labels[m], "pruned": False, "best": False}
                pred[i] = {p: e}
                succ[p][i] = e
            else:
                pred[i] = {}
        for i in self.pv:
            node_data[i]["best"] = True
            for e in pred[i].values():
                e["best"] = True
        for node, kind, value, bound, skipped in self.rec.cuts:
            c = node_data.get(node)
            if c is not None:
                c["cut"], c["cut_value"], c["cut_bound"], c["pruned_children"] = kind, value, bound, len(skipped)
        if self.hidden is not None:
            hidden = self.hidden
            for i in self.kept:
                node_data[i]["hidden"] = hidden[i]
        for sid, d, node, m in self._stub_nodes():
            node_data[sid] = d
            succ[sid] = {}
            e = {"move": m, "label": labels[m], "pruned": True, "best": False}
            pred[sid] = {node: e}
            succ[node][sid] = e
        if self.chances:
            for i in self.kept:
                if i != root:
                    p, m = entries[i][0], entries[i][1]
                    chance = self.chances.get(entries[p][2])
                    if chance is not None:
                        pred[i][p]["probability"] = chance[m]

    def node_dicts(self) -> Iterator[dict[str, Any]]:
        """Each node's node-link dict (its attributes, then ``id``), in the graph's order; fresh dicts."""
        for part in (self._entered(), self._stub_nodes()):
            for i, d, _, _ in part:
                d["id"] = i
                yield d

    def edge_dicts(self) -> Iterator[dict[str, Any]]:
        """Each edge's node-link dict (its attributes, ``source``, ``target``), in the graph's order: by source
        node, each node's entered children first, then its stubs; fresh dicts."""
        entries, root, n = self.rec.entries, self.root, self.n
        kids: dict[int, list[tuple[int, Any, bool | None]]] = {}  # None: a stub
        best = set(self.pv)
        for i in self.kept:
            if i != root:
                p = entries[i][0]
                kids.setdefault(p, []).append((i, entries[i][1], i in best))
        for k, (node, m, *_) in enumerate(self.stubs):
            kids.setdefault(node, []).append((n + k, m, None))
        for u in self.kept:
            for v, m, on_pv in kids.get(u, ()):
                e = self._edge(m, on_pv is None, bool(on_pv), entries[u][2])
                e["source"] = u
                e["target"] = v
                yield e


class RecordedTree(nx.DiGraph):
    """A search tree's DiGraph whose nodes and edges are made the first time anything reads them (its ``graph``
    attributes are there at once). In every other way a normal, mutable networkx graph."""

    def __init__(self, incoming_graph_data: Any = None, **attr: Any) -> None:
        super().__init__(incoming_graph_data, **attr)

    @classmethod
    def of(cls, plan: TreePlan) -> RecordedTree:
        """The graph of ``plan``, not made yet."""
        G = cls(**plan.graph)
        G.__dict__["_plan"] = plan
        return G

    def number_of_nodes(self) -> int:
        """Nodes of the graph (counted from the plan while it is not made)."""
        plan = self.__dict__.get("_plan")
        return plan.size() if plan is not None else len(self.__dict__["_node"])

    def __len__(self) -> int:
        return self.number_of_nodes()

    def pending(self) -> TreePlan | None:
        """The plan of a graph not made yet (None once it is): what its JSON can be written from."""
        return self.__dict__.get("_plan")

    def make(self) -> None:
        """Make the nodes and edges now (nothing if they are made)."""
        plan = self.__dict__.pop("_plan", None)
        if plan is None:
            return
        # Half a million small acyclic dicts: the cyclic collector would rescan them again and again.
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            plan.fill(self.__dict__["_node"], self.__dict__["_succ"], self.__dict__["_pred"])
        finally:
            if was_enabled:
                gc.enable()
        nx._clear_cache(self)

    @staticmethod
    def _made(name: str) -> property:
        """The property for one of networkx's dicts that makes the graph on first use (builds the class's own)."""
        def get(self: RecordedTree) -> Any:
            if "_plan" in self.__dict__:
                self.make()
            return self.__dict__[name]

        inherited = vars(nx.DiGraph).get(name)  # networkx's own setter: keeps _adj and _succ one dict

        def put(self: RecordedTree, value: Any) -> None:
            if inherited is not None:
                inherited.__set__(self, value)
            else:
                self.__dict__[name] = value

        return property(get, put)

    _node = _made("_node")
    _adj = _made("_adj")
    _pred = _made("_pred")
    _succ = _made("_succ")
    del _made


def recorded_tree(rec: Any, game: Game, *, max_nodes: int = 0, graph_attrs: dict[str, Any] | None = None,
                  path: Sequence[str] | None = None, plies: int | None = None) -> RecordedTree:
    """The recorded tree as a graph per the tree schema, made on first use: the subtree ``path`` (move names) leads
    to, its first ``plies`` plies, cut to ``max_nodes`` (0: all); see :func:`treeviz.trees.crop.select`."""
    return RecordedTree.of(TreePlan(rec, game, max_nodes, dict(graph_attrs or {}), path, plies))


class _EachMoveNamed(dict[Any, str]):
    """``names[move]``: the game's name of this very move object, never of another move equal to it (a dict
    keyed by moves would give OpenSpiel's action 3 the first name it met, ``x3`` or ``o3``)."""

    def __init__(self, move_name: Any) -> None:
        super().__init__()
        self.move_name = move_name

    def __getitem__(self, move: Any) -> str:
        return self.move_name(move)
