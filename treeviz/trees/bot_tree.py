"""The tree of the bot's own search (``tttree FEN --algo bot --depth N``): what ``sm-bot`` does, drawn.

:func:`engine.bot.fixed_depth.bot_search` deepens from depth 1 to N as ``sm-bot`` does (table, killers and
history shared by the iterations); the tree drawn is its last iteration, the search that chose the move, with
every technique where it acted (``engine.search.marks``): each entered node gets the boolean flags
``table_move``, ``killer``, ``reduction``, ``research``, ``quiescence`` and ``tt_hit`` (answered from the
table), and the graph counts ``tt_hits``, ``researches``, ``reductions``, ``quiescence_nodes`` and
``killers`` of that iteration, beside ``search_nodes`` and ``table_hits`` of all the iterations (the C search's
counts) and ``iteration_nodes`` (each iteration's nodes).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, cast

import networkx as nx

from engine.bot.fixed_depth import BotSettings, bot_search, bot_settings
from engine.errors import ParameterError
from engine.game import FIRST, SECOND, Game
from engine.search.marks import KILLER, MARKS, QUIESCENCE, REDUCTION, RESEARCH, TABLE_MOVE
from engine.search.observer import TABLE
from treeviz.trees.builder import GcPaused, TreeBuilder, default_evaluation
from treeviz.trees.recorded import recorded_tree

TT_HIT = "tt_hit"
"""The node flag of a node answered from the transposition table (its ``leaf`` is ``table``)."""
FLAGS: tuple[str, ...] = (*MARKS, TT_HIT)
"""The flags every entered node of a bot tree carries."""
COUNTS: dict[str, str] = {TT_HIT: "tt_hits", RESEARCH: "researches", REDUCTION: "reductions",
                          QUIESCENCE: "quiescence_nodes", KILLER: "killers", TABLE_MOVE: "table_moves"}
"""Graph count of each flag: the nodes of the drawn iteration that carry it."""


TURNS = ("{algorithm} runs the bot's negamax, which needs players who take turns with nothing left to chance, "
         "and {position} is not such a game: use alphabeta or minimax")


class TurnsChecked:
    """A game whose players are not declared to alternate (``alternating``), its ``play`` checking that they do:
    the bot's negamax assumes it. Everything else is the game's own."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def play(self, state: Any, move: Any) -> Any:
        """The game's move, refused when the same player (or chance) moves next in an unfinished game.

        :raises ParameterError: the players do not take turns.
        """
        game = self.game
        child = game.play(state, move)
        if game.legal_moves(child) and game.to_move(child) not in {FIRST, SECOND} - {game.to_move(state)}:
            raise ParameterError(TURNS, algorithm="bot", position=game.fen(child))
        return child


class MarkingTreeBuilder(TreeBuilder):
    """A :class:`TreeBuilder` that also records the marks an enhanced search reports (``marks``: node id ->
    the marks, in report order)."""

    def __init__(self, budget: int = 0, algorithm: str = "bot") -> None:
        super().__init__(budget, "alphabeta" if algorithm == "bot" else algorithm)  # type: ignore[arg-type]  # the budget names the searches it knows
        marks: dict[int, list[str]] = {}
        self.marks = marks
        entries = self.entries

        def mark(kind: str) -> None:
            marks.setdefault(len(entries) - 1, []).append(kind)  # the node entered last

        self.mark = mark


def settings_for(game: Game[Any, Any], state: Hashable) -> BotSettings:
    """The bot's settings for ``game`` (its own for ultimate; the game's evaluation otherwise).

    :raises ParameterError: a game without an evaluation, naming the option.
    """
    own = bot_settings(game, state)  # type: ignore[arg-type]  # ultimate's int states
    if own is not None:
        return own
    try:
        evaluate, scoring = default_evaluation(game)
    except ValueError:
        name = str(game.name).replace("{", "{{").replace("}", "}}")
        raise ParameterError("{algorithm} runs the bot's search, which scores the positions at its depth limit with "
                             f"the game's evaluation, and the game {name} has none (no evaluate method): draw "
                             "alphabeta or minimax instead", algorithm="bot") from None
    return BotSettings(evaluate, scoring)


def check_bot_request(*, merge: str | None, order: str, scoring: str) -> None:
    """Refuse what the bot's search does not take: a merge, a move order (it orders its own moves), a scoring
    (it scores with its evaluation).

    :raises ParameterError: naming the parameter.
    """
    if merge is not None:
        raise ParameterError("{merge} folds minimax and alpha-beta trees; it does not apply to {algorithm}",
                             merge=merge, algorithm="bot")
    if order != "ascending":
        raise ParameterError("{order} does not apply to {algorithm}: the bot orders its own moves (table move, "
                             "killers, history)", order=order, algorithm="bot")
    if scoring != "plain":
        raise ParameterError("{scoring} does not apply to {algorithm}: the bot scores finished games its own way",
                             scoring=scoring, algorithm="bot")


def build_bot_tree(game: Game[Any, Any], state: Hashable, *, depth: int | None, max_nodes: int = 0,
                   path: Sequence[str] | None = None, plies: int | None = None, node_budget: int = 0) -> nx.DiGraph:
    """The tree of the bot's search of ``state`` to ``depth`` (see the module's docstring).

    :raises ParameterError: no depth, a game without an evaluation, a finished game.
    :raises treeviz.trees.budget.NodeBudgetExceeded: an iteration enters more than ``node_budget`` nodes.
    """
    if depth is None or depth < 1:
        raise ParameterError("{algorithm} deepens up to a fixed depth as sm-bot does: give {depth:name} N (1 or "
                             "more)", algorithm="bot", depth=depth)
    settings = settings_for(game, state)
    if not game.legal_moves(state):
        raise ParameterError("{algorithm}: the game is over, there is no move to choose", algorithm="bot")
    recorders: list[MarkingTreeBuilder] = []

    def observe(d: int) -> MarkingTreeBuilder:
        recorders.clear()  # only the last iteration is drawn
        recorders.append(MarkingTreeBuilder(node_budget))
        return recorders[0]

    searched: Any = game
    if not getattr(game, "alternating", False):
        if game.to_move(state) not in (FIRST, SECOND):
            raise ParameterError(TURNS, algorithm="bot", position=game.fen(state))
        searched = TurnsChecked(game)
    with GcPaused():
        run = bot_search(searched, cast(int, state), depth, settings, observe=observe)  # the bot's games: int states
    recorder = recorders[0]
    result = run.result
    graph_attrs: dict[str, Any] = {
        "algorithm": "bot",
        "game": game.name,
        "root_fen": game.fen(state),
        "value": result.value,
        "best_moves": [run.move],
        "depth": run.depth,
        "scoring": "heuristic",
        "order": "bot",
        "search_nodes": run.nodes,
        "table_hits": run.table_hits,
        "iteration_nodes": run.iteration_nodes,
    }
    flagged: dict[str, set[int]] = {flag: set() for flag in FLAGS}
    for node, kinds in recorder.marks.items():
        for kind in kinds:
            flagged[kind].add(node)
    flagged[TT_HIT] = {node for node, kind in recorder.leaves.items() if kind == TABLE}
    for flag, name in COUNTS.items():
        graph_attrs[name] = len(flagged[flag])
    G = recorded_tree(recorder, game, max_nodes=max_nodes, graph_attrs=graph_attrs, path=path, plies=plies)
    if G.graph["nodes"] != result.nodes:
        raise AssertionError(f"recorded {G.graph['nodes']} nodes but the search entered {result.nodes}")
    G.make()
    nodes = G.nodes
    for n, d in nodes.items():
        if not d.get("pruned"):
            for flag in FLAGS:
                d[flag] = n in flagged[flag]
    return G
