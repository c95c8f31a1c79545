"""The node budget of a tree: how many nodes a search may enter before it is stopped, and its size foretold.

A tree costs memory per node (the search's record, then the networkx graph, then the output:
``scripts/bench_memory.py`` measures it), so every tree a command builds has a budget: past it the
search stops with :class:`NodeBudgetExceeded` instead of growing until the machine kills it. Where the
size can be foretold — a depth-limited search of a game whose branching is about the same ply after ply
(its drawing adapter says so) — :func:`check_foreseen_size` refuses at once a search that cannot fit, from the branching
measured on the first plies.
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.errors import ParameterError
from engine.game import Game

DEFAULT_NODE_BUDGET = 1_000_000
"""Nodes a tree command may enter by default. A node costs 1.5-3.2 kB from search to output
(``scripts/bench_memory.py``: the whole tic-tac-toe tree 1.5 kB a node as JSON, 850 MB at its peak, 1.7 kB as
an SVG; an ultimate tree as JSON 3.2 kB, its FENs being long), so a tree at the budget peaks at 1.5-3.2 GB,
while the whole 549,946-node tic-tac-toe tree fits in every format."""
MEASURED_PLIES = 2
"""Plies searched exhaustively to measure the branching (ultimate: 81 + 729 positions from the start)."""


class NodeBudgetExceeded(ParameterError):
    """The search entered more nodes than its budget allows (``nodes`` so far), or would (``foreseen``)."""

    def __init__(self, template: str, *, nodes: int, budget: int, foreseen: bool = False, **parameters: object) -> None:
        super().__init__(template, node_budget=budget, **parameters)
        self.nodes = nodes
        self.budget = budget
        self.foreseen = foreseen


class TreeTooDeep(ParameterError):
    """A line of the tree runs deeper than the search can follow (Python's stack): the message says what works for
    this tree -- a depth limit for a game with an evaluation, a shallower tree or a later position otherwise."""


def too_deep(game: Game, depth: int | None, *, textbook: bool, evaluated: bool) -> TreeTooDeep:
    """The error for a search of ``game`` that went deeper than the stack allows; ``textbook``: a textbook tree (it
    has no depth limit), ``evaluated``: the game has an evaluation (a depth limit works)."""
    import sys

    reach = f"about {sys.getrecursionlimit():,}"
    if textbook:
        return TreeTooDeep(f"too deep: the tree nests more than {reach} levels, more than the search can follow: "
                           "give a shallower tree, or search a subtree (its node's name or path as the position)")
    if evaluated:
        limit = "a smaller {depth:name}" if depth is not None else "a {depth:name} (e.g. 4)"
        return TreeTooDeep(f"too deep: a line of the game runs past {reach} moves, more than the search can follow: "
                           f"search it to {limit}, or from a position nearer the end", depth=depth)
    name = str(game.name).replace("{", "{{").replace("}", "}}")
    return TreeTooDeep(f"too deep: a line of the game runs past {reach} moves, more than the search can follow, and "
                       f"{name} has no evaluate method to stop earlier: search a position nearer the end, use "
                       "{algorithm} (random playouts need no depth limit), or give the game an evaluate method "
                       "so that a depth limit can score where it stops", algorithm="mcts")


def budget_exceeded(nodes: int, budget: int, algorithm: str) -> NodeBudgetExceeded:
    """The error a search stopped at its budget raises, naming the nodes reached."""
    cheaper = ", {algorithm}" if algorithm == "minimax" else ""
    return NodeBudgetExceeded(f"the search entered {nodes:,} nodes, the most {{node_budget}} allows, and stopped "
                              f"there before memory ran out: raise {{node_budget:name}} (0: no budget) or search "
                              f"less (a smaller {{depth:name}}{cheaper})", nodes=nodes, budget=budget, depth=None,
                              algorithm="alphabeta")


def foreseen_nodes(game: Game, state: Hashable, depth: int, algorithm: str, *, cap: int) -> int:
    """About how many nodes a depth-limited ``algorithm`` search of ``state`` enters (counting stops past ``cap``).

    The first :data:`MEASURED_PLIES` plies are counted exactly; each deeper ply multiplies the last one by the
    branching measured on the last ply counted. Minimax enters them all; for alpha-beta this returns the
    minimal tree of that branching (Knuth and Moore: ``b**ceil(d/2) + b**floor(d/2) - 1``), the least any move
    order can enter, so that a refusal is never a guess.
    """
    level = [state]
    counts = [1]
    for _ in range(min(depth, MEASURED_PLIES)):
        level = [child for s in level if game.outcome(s) is None for _, child in game.successors(s)]
        counts.append(len(level))
        if not level:
            return sum(counts)
    if depth <= MEASURED_PLIES:
        return sum(counts)
    branching = max(counts[-1] / counts[-2], 1.0)
    if algorithm == "alphabeta":
        return min(cap + 1, int(branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1))
    total = float(sum(counts))
    width = float(counts[-1])
    for _ in range(MEASURED_PLIES, depth):
        width *= branching
        total += width
        if total > cap:
            return cap + 1
    return int(total)


def check_foreseen_size(game: Game, state: Hashable, depth: int | None, algorithm: str, budget: int, *,
                        steady_branching: bool) -> None:
    """Refuse at once a depth-limited search whose foreseen size is more than twice its budget.

    Only games whose branching the first plies measure well are foreseen (``steady_branching``, as the game's
    adapter says: ultimate); others, as tic-tac-toe whose trees are small and end early, are left to the budget
    during the search.

    :raises NodeBudgetExceeded: the search cannot fit in ``budget`` nodes.
    """
    if not budget or depth is None or depth <= MEASURED_PLIES or not steady_branching:
        return
    cap = 100 * budget
    foreseen = foreseen_nodes(game, state, depth, algorithm, cap=cap)
    if foreseen > 2 * budget:
        shown = f"about {round(foreseen, 2 - len(str(foreseen))):,}" if foreseen <= cap else f"more than {cap:,}"
        cheaper = ", {algorithm}" if algorithm == "minimax" else ""
        raise NodeBudgetExceeded(
            f"{{depth}} would make {shown} nodes (the branching measured on the first {MEASURED_PLIES} plies), far "
            f"more than {{node_budget}} allows: ask for a smaller {{depth:name}}{cheaper}, or raise "
            "{node_budget:name} (0: no budget)", nodes=0, budget=budget, foreseen=True, depth=depth,
            algorithm="alphabeta")
