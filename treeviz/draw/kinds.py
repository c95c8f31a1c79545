"""The kinds of search graph treeviz draws -- minimax and alpha-beta trees, MCTS trees, merged DAGs, strategy
trees -- behind one interface, :class:`TreeKind`, looked up once from a graph with :func:`kind_of`.

A kind says what it writes as DOT statements, its heading and the title over its
panel in a comparison, the words it adds to the figure's key, what a compact node
shows, which viewer of the interactive page shows it, and whether ``--path`` and
``--plies`` can cut it or the tidy layout (compact and dot styles) can draw it.
The writers (:mod:`treeviz.draw.dot_writer`, :mod:`treeviz.draw.figure`), the page
(:mod:`treeviz.pages.tree_page`) and :class:`treeviz.tree.Tree` ask the kind instead
of testing the graph's ``algorithm`` and ``merge`` attributes themselves: this module
is the one place that reads them to tell kinds apart.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from treeviz.draw import dag_dot, mcts_dot, search_dot, technique_marks
from treeviz.draw.dot_parts import count
from treeviz.draw.labels import GEQ, LEQ, format_number
from treeviz.draw.styles import NodeText, StyleError
from treeviz.draw.themes import DEFAULT, Theme
from treeviz.games.registry import adapter_named

PV_WORDS = "principal variation (best play)"
"""What the bold line of a search tree is, in the figure's key."""


@dataclass(frozen=True)
class TreeKind:
    """One kind of search graph and how it is drawn (the base: a minimax tree). Kinds are constants, compared
    by identity; every method takes the graph, since titles and counts are the graph's own."""

    algorithm: str
    """The search behind it, as ``graph["algorithm"]`` and the comparison's JSON keys name it."""
    name: str
    """As a heading writes it: ``Minimax``, ``Alpha-beta``, ``MCTS``."""
    prose: str
    """In a sentence: ``minimax``, ``alpha-beta``, ``MCTS``."""
    panel_prefix: str | None = None
    """Prefix of the node names in a comparison panel (``m12``); None: ``p<k>_``."""
    croppable: bool = True
    """``--path`` and ``--plies`` can cut it (:mod:`treeviz.trees.crop`)."""
    tidy: bool = True
    """The tidy layout (compact and dot styles, TikZ) can draw it: it is a tree."""
    cuts: bool = False
    """It holds the moves alpha-beta pruned (stubs, and their entries in the key)."""
    windows: bool = False
    """Its nodes show their visit order and the window at entry."""
    page_viewer: str = "search"
    """The interactive page's viewer of it (``search``, ``mcts``, ``dag``), which is also the ``kind`` its page
    data carries (:func:`treeviz.pages.tree_page.page_data`)."""
    long_legend: bool = False
    """Its key says more than colours and cuts: written as lines of words (:mod:`treeviz.draw.legend_lines`)."""
    noun: str = "trees"
    """What several panels of it are: ``trees`` or ``graphs``."""
    what: str = "tree"
    """What one is, for messages: ``tree``, ``DAG``."""
    node_noun: str = "nodes"
    """What its nodes are: ``nodes`` or ``positions``."""
    pv_words: str = PV_WORDS
    """Its bold line in the key."""
    pv_short: str | None = None
    """Its bold line in the key beside search trees' (``most-visited line``); None: the same as theirs."""
    crossing_edges: bool = False
    """Its edges cross (a DAG): their labels are placed apart after Graphviz's layout
    (:func:`treeviz.draw.graphviz.place_edge_labels`)."""

    @property
    def key(self) -> str:
        """Its name among the panels of a figure (the DOT cluster's, ``minimax_symmetry``)."""
        return self.algorithm

    def statements(self, G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT,
                   explain: bool = False) -> Iterator[str]:
        """Chunks of DOT statements of the graph's nodes and edges, node names starting with ``prefix``;
        ``explain`` adds each node's visit order and every window it had (:mod:`treeviz.draw.explain`)."""
        return search_dot.search_statements(G, prefix=prefix, indent=indent, theme=theme, show_window=self.windows,
                                            explain=explain)

    def title(self, G: nx.DiGraph, fen: str | None = None) -> str:
        """The figure's heading for this graph alone (``fen``: the position as the user wrote it)."""
        return search_dot.search_title(G, self.name, fen)

    def cluster_title(self, G: nx.DiGraph) -> str:
        """What a comparison writes over this graph's panel: its name and counts."""
        return search_dot.search_cluster_title(G, self.name)

    def legend_words(self, graphs: Sequence[nx.DiGraph]) -> list[str]:
        """What graphs of this kind (and its family, see :meth:`family`) add to a long key."""
        return []

    @property
    def family(self) -> str:
        """Kinds that share their key's words (all DAGs, whatever their search)."""
        return self.algorithm

    def compact_text(self, d: dict[str, Any]) -> NodeText:
        """A compact-style node: the value from x's point of view (``≥``/``≤`` for a proved bound) and, with
        windows, the visit order ``#n`` above it."""
        relation = {"lower": GEQ, "upper": LEQ}.get(d.get("bound") or "exact", "")
        small = f"#{d['order']}" if self.windows and d.get("order") is not None else None
        return NodeText(relation + format_number(d.get("value")), small)

    def textbook_text(self, d: dict[str, Any]) -> NodeText:
        """A textbook-style node: the value as textbooks write it (no ``+``), ``≥``/``≤`` for a proved bound."""
        relation = {"lower": GEQ, "upper": LEQ}.get(d.get("bound") or "exact", "")
        return NodeText(relation + format_number(d.get("value"), signed=False))

    def compact_notes(self, G: nx.DiGraph) -> list[str]:
        """Words a compact or dot figure's key adds for this kind."""
        return []

    def tidy_refusal(self, fmt: str, style: str | None) -> StyleError | None:
        """Why this graph cannot be drawn in ``style`` as ``fmt``, as the error to raise (None: it can); see
        :attr:`tidy`."""
        return None

    def title_suffix(self, G: nx.DiGraph) -> str:
        """What the page's heading adds after ``... tree of FEN`` (``, symmetries merged``)."""
        return ""


@dataclass(frozen=True)
class MctsKind(TreeKind):
    """Trees of Monte Carlo tree search (:mod:`treeviz.trees.mcts`): visits, means and UCB in every node."""

    def statements(self, G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT,
                   explain: bool = False) -> Iterator[str]:
        return mcts_dot.mcts_statements(G, prefix=prefix, indent=indent, theme=theme)

    def title(self, G: nx.DiGraph, fen: str | None = None) -> str:
        return mcts_dot.mcts_title(G, fen)

    def cluster_title(self, G: nx.DiGraph) -> str:
        return mcts_dot.mcts_cluster_title(G)

    def legend_words(self, graphs: Sequence[nx.DiGraph]) -> list[str]:
        return ["MCTS: n visits, q mean result, ucb: UCB1 score at the end", "edge width: visits"]

    def compact_text(self, d: dict[str, Any]) -> NodeText:
        """Visits (the main line) and the mean from x's point of view."""
        return NodeText(*mcts_dot.compact_text(d))

    def textbook_text(self, d: dict[str, Any]) -> NodeText:
        """As in the compact style: visits and the mean."""
        return self.compact_text(d)

    def compact_notes(self, G: nx.DiGraph) -> list[str]:
        return [f"MCTS nodes: visits n, mean q ({adapter_named(G.graph.get('game')).sides.of(0)}'s view)"]


@dataclass(frozen=True)
class BotKind(TreeKind):
    """The bot's own search (:mod:`treeviz.trees.bot_tree`): an alpha-beta tree whose nodes also say which
    technique acted there (table move, killer, reduction, re-search, quiescence, table hit)."""

    def title(self, G: nx.DiGraph, fen: str | None = None) -> str:
        """The search tree's title, then what the techniques did and the nodes of every iteration."""
        return search_dot.search_title(G, self.name, fen) + "\n" + bot_counts(G)

    def cluster_title(self, G: nx.DiGraph) -> str:
        return search_dot.search_cluster_title(G, self.name) + "\n" + bot_counts(G)

    def legend_words(self, graphs: Sequence[nx.DiGraph]) -> list[str]:
        return [technique_marks.key_words(letters=False)]

    def compact_text(self, d: dict[str, Any]) -> NodeText:
        """As alpha-beta's, with the letters of the techniques that acted there after the visit order."""
        text = super().compact_text(d)
        letters = technique_marks.mark_letters(d)
        return NodeText(text.main, f"{text.small} {letters}" if letters else text.small)

    def compact_notes(self, G: nx.DiGraph) -> list[str]:
        return ["techniques: letters after #n (dot style: purple rings) \u2014",
                *technique_marks.key_entries(letters=True)]


def bot_counts(G: nx.DiGraph) -> str:
    """``depth 3 of 3 iterations (11 + 45 + 246 nodes, as sm-bot); 8 re-searches, 2 reductions, ...``."""
    g = G.graph
    sizes = g.get("iteration_nodes") or []
    parts = [count(g.get(name, 0), word, plural) for name, word, plural in (
        ("researches", "re-search", "re-searches"), ("reductions", "reduction", "reductions"),
        ("quiescence_nodes", "quiescence node", "quiescence nodes"), ("tt_hits", "table hit", "table hits"),
        ("killers", "killer move", "killer moves"), ("table_moves", "table move", "table moves"))]
    return (f"last of {count(len(sizes), 'iteration')} as sm-bot deepens ("
            f"{' + '.join(f'{n:,}' for n in sizes)} = {g.get('search_nodes', 0):,} nodes): " + ", ".join(parts))


MERGE_WORDS = {"transpositions": "transpositions merged", "symmetry": "symmetries merged"}
"""How a DAG was folded, in words."""


@dataclass(frozen=True)
class DagKind(TreeKind):
    """A minimax or alpha-beta tree folded into a DAG (:mod:`treeviz.trees.dag`): one node per position or
    symmetry class; Graphviz lays it out (its shared positions are not a tree)."""

    merge: str = "transpositions"

    @property
    def key(self) -> str:
        return f"{self.algorithm}_{self.merge}"

    @property
    def family(self) -> str:
        return "dag"

    def statements(self, G: nx.DiGraph, *, prefix: str, indent: str, theme: Theme = DEFAULT,
                   explain: bool = False) -> Iterator[str]:
        return dag_dot.dag_statements(G, prefix=prefix, indent=indent, theme=theme)

    def title(self, G: nx.DiGraph, fen: str | None = None) -> str:
        return dag_dot.dag_title(G, self.name, MERGE_WORDS[self.merge], fen)

    def cluster_title(self, G: nx.DiGraph) -> str:
        return dag_dot.dag_cluster_title(G, self.name, MERGE_WORDS[self.merge])

    def legend_words(self, graphs: Sequence[nx.DiGraph]) -> list[str]:
        words = ["\u00d7n: n tree nodes merged"]
        if any(isinstance(k := kind_of(G), DagKind) and k.merge == "symmetry" for G in graphs):
            words.append("boards in canonical orientation, moves on them")
        return words

    def tidy_refusal(self, fmt: str, style: str | None) -> StyleError | None:
        if fmt == "tex":
            return StyleError("a merged DAG ({merge:name}) cannot be written as TikZ ({fmt}): it is laid out by "
                              "Graphviz in board style; write it as pdf and include that", merge=None, fmt=fmt)
        if style not in (None, "board"):
            return StyleError("{style} draws trees; a merged DAG ({merge:name}) is drawn in board style (Graphviz "
                              "lays out shared positions): drop {style:name}, or lower {max_nodes:name} to draw "
                              "less", style=style, merge=None, max_nodes=None)
        return None

    def title_suffix(self, G: nx.DiGraph) -> str:
        return f", {MERGE_WORDS[self.merge]}"


@dataclass(frozen=True)
class StrategyKind(TreeKind):
    """A solved position's strategy (:mod:`treeviz.trees.strategy`): a tree of the search schema with one move at
    the strategy side's nodes; its figure's heading and key are :mod:`treeviz.draw.strategy_figure`'s."""

    def title(self, G: nx.DiGraph, fen: str | None = None) -> str:
        """``x's winning strategy from xo7 x: x wins whatever o plays (22 nodes)``."""
        g = G.graph
        return (f"{g['strategy_side']}'s {g['strategy_kind']} strategy from {g['root_fen']}: {strategy_promise(G)} "
                f"({count(g['nodes'], 'node')})")

    def cluster_title(self, G: nx.DiGraph) -> str:
        """``x's strategy: x never loses whatever o plays (9 nodes)`` (the FEN is in the heading)."""
        g = G.graph
        return f"{g['strategy_side']}'s strategy: {strategy_promise(G)} ({count(g['nodes'], 'node')})"


def strategy_promise(G: nx.DiGraph) -> str:
    """``x wins whatever o plays`` / ``o never loses whatever x plays``: what a strategy tree proves."""
    g = G.graph
    side = g["strategy_side"]
    other = "o" if side == "x" else "x"
    promise = f"{side} wins" if g["strategy_kind"] == "winning" else f"{side} never loses"
    return f"{promise} whatever {other} plays"


@dataclass(frozen=True)
class VisitKind(TreeKind):
    """The tree of visits of a search that revisits positions (:mod:`treeviz.trees.visit_tree`): principal variation
    search, MTD(f), iterative deepening, alpha-beta over a table. Drawn as alpha-beta trees are (visit order, window,
    cuts), each node with what its visit was for (``note``: null window, re-search, pass, iteration, table hit), and
    its counts in the titles."""

    def title(self, G: nx.DiGraph, fen: str | None = None) -> str:
        return search_dot.search_title(G, self.name, fen) + visit_counts(G)

    def cluster_title(self, G: nx.DiGraph) -> str:
        if "panel_title" in G.graph:  # one iteration of iterative deepening (treeviz.trees.iteration_panels)
            return str(G.graph["panel_title"])
        return search_dot.search_cluster_title(G, self.name) + visit_counts(G)

    def compact_text(self, d: dict[str, Any]) -> NodeText:
        """The value, and above it ``#n`` with a tag for what the visit was (``nw`` null window, ``re`` re-search,
        ``tt`` table hit, ``p1`` pass 1, ``d2`` iteration to depth 2)."""
        text = super().compact_text(d)
        tags = visit_tags(d)
        return NodeText(text.main, f"{text.small or ''} {tags}".strip() if tags else text.small)

    def textbook_text(self, d: dict[str, Any]) -> NodeText:
        """The textbook value, with the visit's tags (not its order) above it."""
        text = super().textbook_text(d)
        return NodeText(text.main, visit_tags(d) or None)

    def compact_notes(self, G: nx.DiGraph) -> list[str]:
        return ["nw null window, re re-search, tt table hit, p pass, d depth, * table move first"]


def visit_tags(d: dict[str, Any]) -> str:
    """The short tags of a visit's marks, for the compact style."""
    tags = []
    if d.get("pass") is not None:
        tags.append(f"p{d['pass']} \u03b3{format_number(d.get('gamma'), signed=False)}")
    if d.get("iteration") is not None:
        tags.append(f"d{d.get('iteration_depth')}")
    if d.get("research"):
        tags.append("re")
    elif d.get("null_window") and d.get("pass") is None:
        tags.append("nw")
    if d.get("tt_hit"):
        tags.append("tt")
    if d.get("tt_move"):
        tags.append("*")
    return " ".join(tags)


def visit_counts(G: nx.DiGraph) -> str:
    """``, 1 re-search, 12 table hits``: the counts of a tree of visits that are not zero."""
    g = G.graph
    words = [count(g[name], one, many) for name, one, many in (
        ("researches", "re-search", "re-searches"), ("passes", "pass", "passes"),
        ("iterations", "iteration", "iterations"), ("tt_hits", "table hit", "table hits")) if g.get(name)]
    return "".join(f", {w}" for w in words)


MINIMAX = TreeKind("minimax", "Minimax", "minimax", panel_prefix="m")
ALPHABETA = TreeKind("alphabeta", "Alpha-beta", "alpha-beta", panel_prefix="a", cuts=True, windows=True)
MCTS = MctsKind("mcts", "MCTS", "MCTS", panel_prefix="u", croppable=False, page_viewer="mcts", long_legend=True,
                pv_words="most-visited line (the search's answer)", pv_short="most-visited line")
STRATEGY = StrategyKind("strategy", "strategy", "strategy")
BOT = BotKind("bot", "Bot search", "the bot's search", panel_prefix="b", cuts=True, windows=True, long_legend=True)

PVS = VisitKind("pvs", "PVS", "principal variation search", panel_prefix="v", cuts=True, windows=True)
MTDF = VisitKind("mtdf", "MTD(f)", "MTD(f)", panel_prefix="f", cuts=True, windows=True)
ITERATIVE = VisitKind("id", "Iterative deepening", "iterative deepening", panel_prefix="i", cuts=True, windows=True)
ALPHABETA_TT = VisitKind("alphabeta", "Alpha-beta + table", "alpha-beta over a table", panel_prefix="t", cuts=True,
                         windows=True)

KINDS: dict[str | None, TreeKind] = {k.algorithm: k for k in (MINIMAX, ALPHABETA, MCTS, STRATEGY, BOT, PVS,
                                                               MTDF, ITERATIVE)}
"""The kinds by the ``algorithm`` their graphs record (looked up with None for a graph that records none)."""
_DAGS: dict[tuple[str | None, str], DagKind] = {
    (base.algorithm, merge): DagKind(base.algorithm, base.name, base.prose, croppable=False, tidy=False,
                                     cuts=base.cuts, page_viewer="dag", long_legend=True, noun="graphs",
                                     what="DAG", node_noun="positions", crossing_edges=True, merge=merge)
    for base in (MINIMAX, ALPHABETA) for merge in MERGE_WORDS
}


def kind_of(G: nx.DiGraph) -> TreeKind:
    """The kind of a search graph, from what its builder recorded (``algorithm``, ``merge``); a graph made by
    other means draws as a minimax tree."""
    g = G.graph
    algorithm = g.get("algorithm")
    merge = g.get("merge")
    if merge:
        found = _DAGS.get((algorithm, merge))
        if found is not None:
            return found
    if algorithm == "alphabeta" and g.get("tt"):
        return ALPHABETA_TT
    kind = KINDS.get(algorithm)
    if kind is not None:
        return kind
    name = str(algorithm if algorithm is not None else "search")
    return TreeKind(name, name, name)


def node_text(G: nx.DiGraph, d: dict[str, Any]) -> NodeText:
    """What a compact node of ``G`` shows (its kind's :meth:`TreeKind.compact_text`)."""
    return kind_of(G).compact_text(d)


def textbook_text(G: nx.DiGraph, d: dict[str, Any]) -> NodeText:
    """What a textbook-style node of ``G`` shows (its kind's :meth:`TreeKind.textbook_text`)."""
    return kind_of(G).textbook_text(d)


def pv_words(kinds: Sequence[TreeKind]) -> str:
    """The key's words for the bold lines of figures holding these kinds (``principal variation (best play);
    MCTS: most-visited line``)."""
    own = [k for k in kinds if k.pv_short is not None]
    if own and len(own) < len(kinds):
        return PV_WORDS + "".join(f"; {k.name}: {k.pv_short}" for k in dict.fromkeys(own))
    if own:
        return own[0].pv_words
    return PV_WORDS


def legend_words(graphs: Sequence[nx.DiGraph]) -> list[str]:
    """The words every kind of the figure adds to a long key, kind families in order of first appearance."""
    families: dict[str, tuple[TreeKind, list[nx.DiGraph]]] = {}
    for G in graphs:
        kind = kind_of(G)
        families.setdefault(kind.family, (kind, []))[1].append(G)
    return [words for kind, members in families.values() for words in kind.legend_words(members)]


def orders_compared(graphs: Sequence[nx.DiGraph]) -> bool:
    """Whether these panels are one search under several move orders (:func:`treeviz.tree.order_comparison`)."""
    return len(graphs) > 1 and len({G.graph.get("order") for G in graphs}) == len(graphs) and \
        len({kind_of(G) for G in graphs}) == 1


def panel_key(G: nx.DiGraph, graphs: Sequence[nx.DiGraph]) -> str:
    """The name of ``G``'s panel among ``graphs`` (a comparison's JSON member): its search, or its move order
    when the panels compare orders."""
    return str(G.graph.get("order")) if orders_compared(graphs) else kind_of(G).algorithm


def figure_kinds(graphs: Sequence[nx.DiGraph]) -> list[TreeKind]:
    """The kind of each graph, in order."""
    return [kind_of(G) for G in graphs]


__all__ = ["ALPHABETA", "ALPHABETA_TT", "BOT", "ITERATIVE", "KINDS", "MCTS", "MINIMAX", "MTDF", "PVS", "STRATEGY",
           "BotKind", "DagKind", "MctsKind", "StrategyKind", "TreeKind", "VisitKind", "visit_counts", "visit_tags",
           "figure_kinds", "kind_of", "legend_words", "node_text", "orders_compared", "panel_key", "pv_words",
           "strategy_promise", "textbook_text"]
