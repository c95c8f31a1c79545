"""A search told one step at a time: the trace every lesson output shares (the CSV table, the Beamer slides, the
GIF and MP4 frames, and the sentences the interactive page narrates).

A trace is a list of :class:`TraceRow`, read off the search tree's graph (SPEC §2, ``notes/tree_schema.md``), never
by searching again: entered nodes are numbered in visit order (depth-first), so the search's events can be
replayed from the ids, the windows the nodes were entered with, the values they returned and the cuts they made.

Minimax, alpha-beta and expectiminimax (a tree with chance nodes) have four events:

- ``enter``: an inner node is entered (alpha-beta: with its window ``[alpha, beta]``);
- ``leaf``: a leaf (the game is over, or the depth limit is reached) is evaluated;
- ``cut``: a node stops before its last moves: the value that reached the bound, and the moves it prunes;
- ``return``: a node hands its value (or the bound it proved) to its parent.

The searches drawn as their visits (PVS, MTD(f), iterative deepening, alpha-beta over a table) and the bot's search
have the same four events; their sentences say what the graph's node fields mark: a null window ("is C worth more
than 3?"), a re-search and why, an MTD(f) pass and what it proved of the root, an iteration (and its aspiration
window's failure), a table hit and the visit that stored it, the table's move or a killer tried first, a reduction,
a quiescence node.

MCTS has four per iteration: ``select`` (the path UCB1 chooses), ``expand`` (the new node, if any), ``playout``
(the random game's result) and ``backup`` (the result added along the path). Windows (``alpha``, ``beta``) are
MAX's point of view, as in the graph; values are the first player's.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

import networkx as nx

from engine.errors import ParameterError
from treeviz.draw.labels import ALPHA, BETA, GEQ, LEQ, format_number
from treeviz.games.registry import adapter_named
from treeviz.graph_dicts import node_dict, pred_dict, succ_dict

Event = Literal["enter", "leaf", "cut", "return", "select", "expand", "playout", "backup"]
EVENTS: tuple[Event, ...] = get_args(Event)
"""Every event, in a fixed order (the page numbers them so)."""
COLUMNS = ("step", "event", "node", "path", "depth", "alpha", "beta", "value", "text")
"""The trace table's columns, in order (``--format trace``)."""
TRACED = ("minimax", "alphabeta", "mcts", "pvs", "mtdf", "id", "bot")
"""The searches that have a trace (a tree's ``algorithm``)."""
WINDOWED = ("alphabeta", "pvs", "mtdf", "id", "bot")
"""The searches whose nodes are entered with a window ``[alpha, beta]``."""


class TraceError(ParameterError):
    """A trace asked of something that is not one search in visit order (a comparison, a merged DAG, a strategy)."""


@dataclass(frozen=True, slots=True)
class TraceRow:
    """One step of a search: what happened (``event``) at which node, the window then, the value, and the teacher's
    sentence for it."""

    step: int
    """1, 2, ... in the order the search did them."""
    event: Event
    node: Hashable
    """The graph's node id (its visit order for minimax and alpha-beta, its creation order for MCTS)."""
    path: tuple[str, ...]
    """The moves from the drawn root to the node, as drawn on the edges."""
    depth: int
    alpha: float | None
    beta: float | None
    value: float | None
    text: str
    pruned: tuple[Hashable, ...] = ()
    """A ``cut``'s pruned stubs (graph ids)."""
    nodes: tuple[Hashable, ...] = ()
    """MCTS ``select`` and ``backup``: the path's nodes from the root."""
    parent_window: tuple[float, float] | None = None
    """Alpha-beta ``leaf`` and ``return``: the parent's window once the value reached it."""

    def cells(self) -> list[str]:
        """The row as the CSV writes it (:data:`COLUMNS`): infinities as ``inf``/``-inf``, no window empty."""
        return [str(self.step), self.event, str(self.node), ",".join(self.path), str(self.depth),
                _plain(self.alpha), _plain(self.beta), _plain(self.value), self.text]

    def as_dict(self) -> dict[str, Any]:
        """The row's columns (:data:`COLUMNS`) as Python values (the path as a list)."""
        return {"step": self.step, "event": self.event, "node": self.node, "path": list(self.path),
                "depth": self.depth, "alpha": self.alpha, "beta": self.beta, "value": self.value, "text": self.text}


def _plain(v: float | None) -> str:
    if v is None:
        return ""
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return str(int(v)) if v == int(v) else repr(float(v))


def check_traceable(graphs: Sequence[nx.DiGraph]) -> nx.DiGraph:
    """The one graph a trace can follow.

    :raises TraceError: several searches side by side, a merged DAG, a strategy tree, or another kind of graph.
    """
    if len(graphs) != 1:
        raise TraceError("a trace follows one search step by step; {algorithms:name} puts several side by side: "
                         "trace each search on its own", algorithms=None)
    G = graphs[0]
    if G.graph.get("merge"):
        raise TraceError("{merge:name} folds the tree into a DAG, which has no step order: trace the tree itself",
                         merge=G.graph.get("merge"))
    algorithm = G.graph.get("algorithm")
    if algorithm not in TRACED:
        raise TraceError(f"a {algorithm} tree has no search steps to trace (traces follow "
                         f"{', '.join(TRACED)})")
    return G


def search_trace(G: nx.DiGraph) -> list[TraceRow]:
    """The steps of the search ``G`` records, in order (see the module's doc); a tree cut by ``--path``,
    ``--plies`` or ``--max-nodes`` gives the steps of what is drawn.

    :raises TraceError: a graph that is not one minimax, alpha-beta or MCTS search (:func:`check_traceable`).
    """
    check_traceable([G])
    if G.graph.get("algorithm") == "mcts":
        return _mcts_trace(G)
    return _Walk(G).rows


def trace_csv(rows: Iterable[TraceRow]) -> str:
    """The trace as CSV with a header (:data:`COLUMNS`), lines ended by ``\\n``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow(row.cells())
    return out.getvalue()


def _root(G: nx.DiGraph) -> Hashable:
    root = G.graph.get("root")
    if root is not None and root in G:
        return root
    return next(n for n in G if not pred_dict(G)[n])


def _and(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


class _Names:
    """How the sentences name nodes, moves and values in the game's words."""

    def __init__(self, G: nx.DiGraph) -> None:
        self.adapter = adapter_named(G.graph.get("game"))
        self.signed = self.adapter.signed_values
        self.textbook = self.adapter.numbered_moves
        self.nodes = node_dict(G)
        self.root = _root(G)

    def number(self, v: float | None) -> str:
        return format_number(v, signed=self.signed)

    def node(self, n: Hashable, path: Sequence[str]) -> str:
        d = self.nodes[n]
        caption = self.adapter.caption(str(d.get("fen", "")))
        if caption:
            return caption
        if n == self.root or d.get("pass") is not None or d.get("iteration") is not None:
            return "the root"  # MTD(f)'s passes and the iterations search the root again
        if path and self.nodes[self.root].get("search_root"):
            path = path[1:]  # the pass's or iteration's edge is no move
        if self.textbook:
            return f"node {'.'.join(path)}" if d.get("leaf") is None else f"leaf {'.'.join(path)}"
        order = d.get("order")
        return f"#{order}" if order is not None else f"#{n}"  # as compact nodes are labelled

    def side(self, n: Hashable) -> str:
        to_move = self.nodes[n].get("to_move")
        if to_move == "chance":
            return "chance node"
        return f"{str(to_move).upper() if self.textbook else to_move} to move"

    def value(self, v: float | None, bound: str | None) -> str:
        words = self.number(v)
        if bound == "upper":
            return f"at most {words}"
        if bound == "lower":
            return f"at least {words}"
        return words

    def window(self, alpha: float, beta: float) -> str:
        return f"[{self.number(alpha)}, {self.number(beta)}]"

    def leaf_value(self, fen: str) -> float | None:
        """A pruned textbook leaf's value, read from the tree (so that a cut can name its leaves by value)."""
        return textbook_leaf_value(self.adapter, fen) if self.textbook else None


def textbook_leaf_value(adapter: Any, fen: str) -> float | None:
    """The value of a textbook tree's leaf at ``fen`` (the tree's input, known before any search: a pruned leaf's
    too); None when the position is no leaf or not one of the game's."""
    try:
        outcome = adapter.game.outcome(adapter.state_of(fen))
    except Exception:  # a position the game cannot read: no value to give
        return None
    return outcome if isinstance(outcome, int | float) else None


_Frame = tuple[Hashable, tuple[str, ...], list[float] | None, list[Hashable]]
"""A node being searched: its id, its path, its window as it stands, its children still to enter."""


class _Walk:
    """Minimax, alpha-beta and expectiminimax steps, from the graph in visit order; the searches drawn as their
    visits (PVS, MTD(f), iterative deepening, alpha-beta over a table, the bot) add their techniques' sentences
    (:class:`_VisitWords`) to the same four events."""

    def __init__(self, G: nx.DiGraph) -> None:
        self.G = G
        self.names = _Names(G)
        self.alphabeta = G.graph.get("algorithm") in WINDOWED
        self.sides = self.names.adapter.sides
        self.succ = succ_dict(G)
        self.data = node_dict(G)
        self.rows: list[TraceRow] = []
        self.marks = _VisitWords(G, self.names) if _VisitWords.applies(G) else None
        self._visit(self.names.root)

    def _add(self, event: Event, n: Hashable, path: tuple[str, ...], window: tuple[float, float] | None,
             value: float | None, text: str, pruned: tuple[Hashable, ...] = (),
             parent: _Frame | None = None) -> None:
        alpha, beta = window if window is not None else (None, None)
        parent_window = parent[2] if parent is not None else None
        self.rows.append(TraceRow(len(self.rows) + 1, event, n, path, int(self.data[n].get("depth") or 0), alpha,
                                  beta, value, text, pruned, (),
                                  (parent_window[0], parent_window[1]) if parent_window is not None else None))

    def _entry_window(self, d: dict[str, Any]) -> tuple[float, float] | None:
        if not self.alphabeta:
            return None
        a, b = d.get("alpha"), d.get("beta")
        return (-math.inf if a is None else a, math.inf if b is None else b)

    def _visit(self, root: Hashable) -> None:
        # Iterative depth-first walk (a 549,946-node tree is 9 plies deep, but a game of one's own may be deeper).
        names, data, succ = self.names, self.data, self.succ
        # Each frame: node, path, its current window, its children still to enter.
        # Each child's value moves its parent's window as it returns (alpha rises at MAX, beta falls at MIN).
        stack: list[_Frame] = []

        def start(n: Hashable, path: tuple[str, ...]) -> None:
            d = data[n]
            kids = [c for c in succ[n] if not data[c].get("pruned")]
            kids.sort(key=lambda c: (data[c].get("order") is None, data[c].get("order") or 0))
            window = self._entry_window(d)
            name = names.node(n, path)
            if not kids:
                self._leaf(n, path, name, window, stack[-1] if stack else None)
                return
            special = self.marks.enter(n, path, window) if self.marks is not None else None
            if special is not None:
                text = special
            elif window is not None and d.get("to_move") != "chance":
                text = f"Enter {name} ({names.side(n)}) with window {names.window(*window)}"
            else:
                text = f"Enter {name} ({names.side(n)})"
            self._add("enter", n, path, window, None, text)
            stack.append((n, path, list(window) if window is not None else None, list(reversed(kids))))

        start(root, ())
        while stack:
            n, path, window, todo = stack[-1]
            if todo:
                c = todo.pop()
                start(c, (*path, self._label(n, c)))
                continue
            stack.pop()
            self._finish(n, path, window, stack[-1] if stack else None)

    def _label(self, p: Hashable, c: Hashable) -> str:
        e = self.succ[p][c]
        return str(e.get("label", e.get("move", "")))

    def _leaf(self, n: Hashable, path: tuple[str, ...], name: str, window: tuple[float, float] | None,
              parent: _Frame | None) -> None:
        d = self.data[n]
        names = self.names
        v = d.get("value")
        kind = d.get("leaf")
        hidden = d.get("hidden") or 0
        special = self.marks.leaf(n, path, window) if self.marks is not None else None
        if special is not None:
            text = special
        elif kind == "heuristic":
            text = f"{name} is at the depth limit: the evaluation says {names.number(v)}"
        elif kind == "table":
            text = f"{name} is found in the transposition table: {names.value(v, d.get('bound'))}"
        elif hidden:
            text = f"{name} returns {names.value(v, d.get('bound'))} ({hidden:,} nodes below it not drawn)"
        elif d.get("outcome"):
            outcome = d.get("outcome")
            result = "a draw" if outcome == "draw" else f"{outcome} wins"
            text = f"{name} ends the game: {result}, worth {names.number(v)}"
        elif names.textbook:
            text = f"{name} is worth {names.number(v)}"
        else:
            text = f"{name} is a leaf worth {names.number(v)}"
        if parent is not None and self.alphabeta and not (self.marks is not None and self.marks.step(n) is not None):
            p, p_path, p_window, _ = parent
            text += self._parent_words(p, names.node(p, p_path), p_window, v)
        self._add("leaf", n, path, window, v, _capital(text), parent=parent)

    def _finish(self, n: Hashable, path: tuple[str, ...], window: list[float] | None, parent: _Frame | None) -> None:
        d = self.data[n]
        names = self.names
        v, bound = d.get("value"), d.get("bound")
        name = names.node(n, path)
        stubs = tuple(c for c in self.succ[n] if self.data[c].get("pruned"))
        if d.get("cut") and stubs:
            cut_value, cut_bound = d.get("cut_value"), d.get("cut_bound")
            sign = f"{GEQ} {BETA}" if d.get("cut") == "beta" else f"{LEQ} {ALPHA}"
            text = (f"Cut at {name}: {names.number(cut_value)} {sign} = {names.number(cut_bound)}, so its "
                    f"{self._pruned_words(n, stubs)} never searched")
            self._add("cut", n, path, (window[0], window[1]) if window is not None else None, cut_value, text,
                      tuple(sorted(stubs, key=_sortable)))
        value_words = names.value(v, bound)
        if not self.alphabeta or d.get("to_move") == "chance":
            value_words += self._minimax_words(n)  # ", the largest of its moves' values"
        if parent is None:
            text = f"{_capital(name)} returns {value_words}: the value of the search"
        elif self.marks is not None and self.marks.step(n) is not None:
            text = self.marks.step_return(n)
        else:
            p, p_path, p_window, _ = parent
            p_name = names.node(p, p_path)
            comma = "," if value_words != names.value(v, bound) else ""
            text = f"{_capital(name)} returns {value_words}{comma} to {p_name}"
            text += self._parent_words(p, p_name, p_window, v)
        self._add("return", n, path, (window[0], window[1]) if window is not None else None, v, text,
                  parent=parent)

    def _parent_words(self, p: Hashable, p_name: str, p_window: list[float] | None, v: float | None) -> str:
        """How the returned value moves the parent's window, said as the window stands now."""
        pd = self.data[p]
        to_move = pd.get("to_move")
        if to_move == "chance" or p_window is None or v is None:
            return ""
        side = self.sides.index(to_move)
        a, b = p_window
        names = self.names
        if side == 0:
            if v > a:
                p_window[0] = v
                return f": {p_name}'s {ALPHA} rises to {names.number(v)}"
            return f": {p_name} keeps {ALPHA} = {names.number(a)}"
        if v < b:
            p_window[1] = v
            return f": {p_name}'s {BETA} falls to {names.number(v)}"
        return f": {p_name} keeps {BETA} = {names.number(b)}"

    def _minimax_words(self, n: Hashable) -> str:
        to_move = self.data[n].get("to_move")
        if to_move == "chance":
            return ", the expected value of its outcomes"
        kids = [c for c in self.succ[n] if not self.data[c].get("pruned")]
        if len(kids) < 2:
            return ", its only move's value"
        side = self.sides.index(to_move)
        return ", the largest of its moves' values" if side == 0 else ", the smallest of its moves' values"

    def _pruned_words(self, n: Hashable, stubs: tuple[Hashable, ...]) -> str:
        names = self.names
        stubs = tuple(sorted(stubs, key=_sortable))
        values = [names.leaf_value(str(self.data[c].get("fen", ""))) for c in stubs]
        if all(v is not None for v in values):
            words = [names.number(v) for v in values]
            return f"leaf {words[0]} is" if len(words) == 1 else f"leaves {_and(words)} are"
        labels = [self._label(n, c) for c in stubs]
        return f"move {labels[0]} is" if len(labels) == 1 else f"moves {_and(labels)} are"


_INF_WORDS = {"high": "at least", "low": "at most"}


class _VisitWords:
    """The sentences of the searches drawn as their visits (``treeviz.trees.visit_tree``: null windows,
    re-searches, MTD(f)'s passes, iterative deepening's iterations, table hits) and of the bot's search
    (``treeviz.trees.bot_tree``: the table's move, killers, reductions, re-searches, quiescence, table hits), read
    from the node fields those graphs add. Each method gives None where the plain alpha-beta sentence fits."""

    def __init__(self, G: nx.DiGraph, names: _Names) -> None:
        self.names = names
        self.data = node_dict(G)
        self.succ = succ_dict(G)
        self.pred = pred_dict(G)
        self.bot = G.graph.get("algorithm") == "bot"

    @staticmethod
    def applies(G: nx.DiGraph) -> bool:
        """The graph is a tree of visits or the bot's tree."""
        return G.graph.get("algorithm") in ("pvs", "mtdf", "id", "bot") or bool(G.graph.get("tt"))

    def step(self, n: Hashable) -> str | None:
        """``pass`` or ``iteration`` when ``n`` is one of MTD(f)'s passes or one of the iterations."""
        d = self.data[n]
        if d.get("pass") is not None:
            return "pass"
        if d.get("iteration") is not None:
            return "iteration"
        return None

    def _null(self, d: dict[str, Any], window: tuple[float, float] | None) -> bool:
        if d.get("null_window"):
            return True
        # The bot marks no null window: its scouts are the windows one wide.
        return self.bot and window is not None and window[1] - window[0] == 1

    def _techniques(self, d: dict[str, Any], *, quiescence: bool = True) -> str:
        """What brought the search to the node: the table's move, a killer, a reduction, quiescence."""
        words = []
        if d.get("tt_move") or d.get("table_move"):
            words.append("the table's best move, tried first")
        if d.get("killer"):
            words.append("a killer move, tried early as it cut off before at this ply")
        if d.get("reduction"):
            words.append("a late move, searched one ply shallower (reduced)")
        if d.get("quiescence") and quiescence:
            words.append("past the depth limit: the quiescence search follows captures only")
        return f" ({'; '.join(words)})" if words else ""

    def _earlier(self, n: Hashable) -> Hashable | None:
        """The visit a re-search repeats: its ``research_of``, else the last earlier sibling on the same position."""
        d = self.data[n]
        of = d.get("research_of")
        if of is not None and of in self.data:
            return of
        parents = list(self.pred[n])
        if not parents:
            return None
        order = d.get("order") or 0
        same = [c for c in self.succ[parents[0]] if c != n and self.data[c].get("fen") == d.get("fen")
                and (self.data[c].get("order") or 0) < order]
        return max(same, key=lambda c: self.data[c].get("order") or 0) if same else None

    def enter(self, n: Hashable, path: tuple[str, ...], window: tuple[float, float] | None) -> str | None:
        """The ``enter`` sentence, or None for the plain one."""
        d = self.data[n]
        names = self.names
        name = names.node(n, path)
        with_window = f" {names.window(*window)}" if window is not None else ""
        kind = self.step(n)
        if kind == "pass":
            return (f"Pass {d['pass']} with \u03b3 = {names.number(d.get('gamma'))}: enter the root with the null "
                    f"window{with_window}: is it worth more than {names.number(window[0] if window else None)}?")
        if kind == "iteration":
            fail = d.get("fail")
            again = f" again (its aspiration window failed {fail})" if d.get("research") and fail else \
                " again" if d.get("research") else ""
            aspired = window is not None and not math.isinf(window[0] - window[1])
            return (f"Iteration {d['iteration']}: search the root{again} to depth {d.get('iteration_depth')}"
                    f"{' with window' + with_window if aspired else ''}")
        extra = self._techniques(d)
        hit = self._hit_words(d) if d.get("tt_hit") else ""
        if d.get("research"):
            return _capital(f"{self._research_words(n, name)}: searched again with{with_window}{extra}{hit}")
        if self._null(d, window) and window is not None:
            return (f"Enter {name} ({names.side(n)}) with the null window{with_window}: is {name} worth more than "
                    f"{names.number(window[0])}?{extra}{hit}")
        if extra or hit:
            return f"Enter {name} ({names.side(n)}) with window{with_window}{extra}{hit}"
        return None

    def _research_words(self, n: Hashable, name: str) -> str:
        d = self.data[n]
        fail = d.get("fail")
        if isinstance(fail, str) and d.get("research_of") is None:
            return f"the aspiration window missed: {name} failed {fail}"
        earlier = self._earlier(n)
        if earlier is None:
            return f"{name} is searched again"
        e = self.data[earlier]
        v, a, b = e.get("value"), e.get("alpha"), e.get("beta")
        side = "low" if v is not None and a is not None and v <= a else "high"
        if e.get("reduction"):
            return f"{name} beat {ALPHA} in its reduced search (#{e.get('order')})"
        if e.get("null_window") or (self.bot and a is not None and b is not None and b - a == 1):
            return f"{name} failed {side} on its null window (#{e.get('order')})"
        return f"{name} failed {side} (#{e.get('order')})"

    def _hit_words(self, d: dict[str, Any]) -> str:
        bound = d.get("tt_bound") or d.get("bound")
        origin = d.get("tt_from")
        value = self.names.value(d.get("value"), bound if bound in ("lower", "upper") else None)
        return f"; the table says {value}" + (f", from visit #{origin}" if origin is not None else "")

    def leaf(self, n: Hashable, path: tuple[str, ...], window: tuple[float, float] | None) -> str | None:
        """The ``leaf`` sentence, or None for the plain one."""
        d = self.data[n]
        names = self.names
        name = names.node(n, path)
        extra = self._techniques(d)
        if d.get("tt_hit") or d.get("leaf") == "table":
            bound = d.get("tt_bound") or d.get("bound")
            value = names.value(d.get("value"), bound if bound in ("lower", "upper") else None)
            origin = d.get("tt_from")
            return f"{name} is in the table: {value}" + (f", from visit #{origin}" if origin is not None else "") \
                + extra
        if self.step(n) is not None:
            return None
        quiet = bool(d.get("quiescence")) and d.get("leaf") == "heuristic"
        extra = self._techniques(d, quiescence=not quiet)
        research = self._research_words(n, name) + ": searched again; " if d.get("research") else ""
        null = (f" (searched with the null window {names.window(*window)})"
                if self._null(d, window) and window is not None and not research else "")
        if not (extra or research or null or quiet):
            return None
        kind = d.get("leaf")
        v = d.get("value")
        if quiet:
            said = f"{name} ends the quiescence search: the evaluation says {names.number(v)}"
        elif kind == "heuristic":
            said = f"{name} is at the depth limit: the evaluation says {names.number(v)}"
        elif d.get("outcome"):
            outcome = d.get("outcome")
            said = f"{name} ends the game: {'a draw' if outcome == 'draw' else f'{outcome} wins'}, worth " \
                   f"{names.number(v)}"
        else:
            said = f"{name} is worth {names.number(v)}"
        return f"{research}{said}{null}{extra}"

    def step_return(self, n: Hashable) -> str:
        """The ``return`` sentence of a pass or an iteration: what it proved of the root."""
        d = self.data[n]
        names = self.names
        v = d.get("value")
        if self.step(n) == "pass":
            fail = d.get("fail")
            gamma = names.number(d.get("gamma"))
            if fail in _INF_WORDS:
                return (f"Pass {d['pass']} with \u03b3 = {gamma}: the root fails {fail}, so its value is "
                        f"{_INF_WORDS[str(fail)]} {names.number(v)}")
            return f"Pass {d['pass']} with \u03b3 = {gamma}: the root is worth {names.number(v)}"
        words = f"Iteration {d['iteration']} (depth {d.get('iteration_depth')}) returns "
        words += names.value(v, d.get("bound"))
        bound = d.get("bound")
        again = [c for p in self.pred[n] for c in self.succ[p]
                 if self.data[c].get("research") and self.data[c].get("iteration") == d["iteration"] and c != n]
        if again and not d.get("research") and bound in ("lower", "upper"):
            fail = "high" if bound == "lower" else "low"
            return words + f": it failed {fail} on its aspiration window, so the root is searched again"
        later = [c for p in self.pred[n] for c in self.succ[p] if (self.data[c].get("iteration") or 0) > d["iteration"]]
        if not later:
            return words + ": the last iteration, whose value the search returns"
        return words + ": the best move so far goes first in the next iteration"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sortable(n: Hashable) -> tuple[int, str]:
    return (n, "") if isinstance(n, int) else (0, str(n))


def _mcts_trace(G: nx.DiGraph) -> list[TraceRow]:
    """select / expand / playout / backup rows per iteration, from the graph's iteration log."""
    names = _Names(G)
    data = node_dict(G)
    pred = pred_dict(G)
    succ = succ_dict(G)
    g = G.graph
    leaves = list(g.get("iteration_leaf") or [])
    results = list(g.get("iteration_result") or [])
    proofs: dict[int, list[tuple[Hashable, float]]] = {}
    for iteration, node, value in g.get("proofs") or []:
        proofs.setdefault(int(iteration), []).append((node, value))
    visits: dict[Hashable, int] = {}
    totals: dict[Hashable, float] = {}
    paths: dict[Hashable, tuple[Hashable, ...]] = {}
    moves: dict[Hashable, tuple[str, ...]] = {}
    root = names.root
    rows: list[TraceRow] = []

    def chain(n: Hashable) -> tuple[Hashable, ...]:
        found = paths.get(n)
        if found is None:
            ps = pred[n]
            found = (n,) if not ps or n == root else (*chain(next(iter(ps))), n)
            paths[n] = found
            moves[n] = tuple(str(succ[a][b].get("label", succ[a][b].get("move", ""))) for a, b in
                             zip(found, found[1:], strict=False))
        return found

    def add(event: Event, n: Hashable, value: float | None, text: str, nodes: tuple[Hashable, ...] = ()) -> None:
        rows.append(TraceRow(len(rows) + 1, event, n, moves[n], int(data[n].get("depth") or 0), None, None, value,
                             text, (), nodes))

    def stats(n: Hashable) -> str:
        k = visits.get(n, 0)
        q = totals.get(n, 0.0) / k if k else 0.0
        return f"n = {k}, q = {format_number(round(q, 2), signed=names.signed)}"

    for k, (leaf, result) in enumerate(zip(leaves, results, strict=False), start=1):
        if leaf not in data:
            continue
        path = chain(leaf)
        new = leaf if data[leaf].get("iteration") == k and leaf != root else None
        selected = path[:-1] if new is not None else path
        end = selected[-1]
        if len(selected) == 1:
            words = f"Iteration {k}: selection stops at the root"
        else:
            words = (f"Iteration {k}: UCB1 selects {' '.join(moves[end])} down to "
                     f"{names.node(end, moves[end])}")
        add("select", end, None, words, selected)
        if new is not None:
            add("expand", new, None, f"Expand move {moves[new][-1]}: a new node {names.node(new, moves[new])}",
                path)
        outcome = data[leaf].get("outcome")
        if outcome and not new and data[leaf].get("leaf"):
            playout = f"{names.node(leaf, moves[leaf])} is the end of the game: {names.number(result)}"
        else:
            playout = f"A random playout from {names.node(leaf, moves[leaf])} ends {names.number(result)}"
        add("playout", leaf, result, playout)
        for a in path:
            visits[a] = visits.get(a, 0) + 1
            totals[a] = totals.get(a, 0.0) + result
        text = f"Back up {names.number(result)} along {len(path)} node{'s' if len(path) != 1 else ''}: the root " \
               f"now has {stats(root)}"
        proved = proofs.get(k, [])
        if proved:
            text += "; proved: " + ", ".join(f"{names.node(p, moves[p] if chain(p) else ())} = {names.number(v)}"
                                             for p, v in proved if p in data)
        add("backup", leaf, totals[root] / visits[root], text, path)
    return rows


__all__ = ["COLUMNS", "EVENTS", "TRACED", "Event", "TraceError", "TraceRow", "check_traceable", "search_trace",
           "textbook_leaf_value", "trace_csv"]
