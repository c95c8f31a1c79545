"""The bot's alpha-beta: the textbook search (:mod:`engine.search.alphabeta`) with what makes it play fast.

Negamax with fail-soft pruning like the textbook search, for games whose players alternate (tic-tac-toe
and ultimate), plus: a transposition table keyed by Zobrist keys (a deep-enough entry ends a node,
reported to an observer as a ``table`` leaf; its move is tried first), killer moves and a history table
for move ordering, principal-variation (null-window) search, late move reductions, quiescence past the
depth limit, and a deadline checked every ``check_every`` nodes that aborts with :class:`SearchTimeout`.
Iterative deepening around it is in :mod:`engine.bot.iterative`; the C search
(:mod:`engine.bot.native_search`) is held to this one, node for node.

Values inside are the side to move's (negamax); what the observer and the result see is x's, as in
the textbook search.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, Sequence
from math import inf
from time import monotonic
from typing import Any, cast

from engine.game import Game, X
from engine.search.alphabeta import MoveOrder
from engine.search.marks import KILLER, QUIESCENCE, REDUCTION, RESEARCH, TABLE_MOVE
from engine.search.minimax import Evaluation, check_depth
from engine.search.observer import (
    ALPHA_CUT,
    BETA_CUT,
    EXACT,
    HEURISTIC,
    LOWER,
    TABLE,
    TERMINAL,
    UPPER,
    SearchObserver,
    active,
)
from engine.search.scoring import Scoring, plain
from engine.search.search_result import SearchResult
from engine.search.transposition import EXACT as TT_EXACT
from engine.search.transposition import LOWER as TT_LOWER
from engine.search.transposition import UPPER as TT_UPPER
from engine.search.transposition import TranspositionTable
from engine.search.zobrist import Hashing, hashing_for

UNLIMITED_DRAFT = 1 << 20
"""The draft stored for searches without a depth limit (exact whatever the later depth)."""


class SearchTimeout(Exception):  # noqa: N818 - it is the normal way a timed search stops
    """The deadline passed mid-search; carries what the root had proved so far.

    ``best_move``/``value`` (x's view) come from the root moves searched to the end
    before the deadline (None when not even one was).
    """

    def __init__(self, nodes: int, best_move: int | None, value: float | None,
                 first_move: int | None = None) -> None:
        super().__init__("search deadline reached")
        self.nodes = nodes
        self.best_move = best_move
        self.value = value
        self.first_move = first_move
        """The root move searched first (a different ``best_move`` was proved better than it)."""


def enhanced_alphabeta(
    game: Game[int, int],
    state: int,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    scoring: Scoring[int] = plain,
    observer: SearchObserver | None = None,
    alpha: float = -inf,
    beta: float = inf,
    order: MoveOrder[int] | None = None,
    table: TranspositionTable | None = None,
    hashing: Hashing | None = None,
    killers: list[list[int | None]] | None = None,
    history: MutableMapping[int, int] | None = None,
    pvs: bool = False,
    deadline: float | None = None,
    clock: Callable[[], float] = monotonic,
    check_every: int = 1024,
    reduce_late: int = 0,
    quiesce: Callable[[int], Sequence[int]] | None = None,
    quiesce_plies: int = 2,
) -> SearchResult[int]:
    """The bot's alpha-beta value of ``state`` (x's point of view) in the window (alpha, beta).

    Moves are searched in ascending order unless ``order`` reorders them, then
    the table move, killers (``killers``: a list the search fills, one pair per
    ply) and ``history`` (move -> score, a ``defaultdict(int)``) come first.
    ``pvs`` searches all but the first move with a null window (integer values
    only). ``reduce_late`` (with ``pvs`` and a depth limit): the moves from that index on, at nodes three
    plies or more from the limit, are searched one ply shallower first (late move reductions), in full
    only when that beats alpha. ``deadline`` is read from ``clock`` every ``check_every`` nodes (a power of
    two). The result's ``best_moves`` are the root moves the search proved optimal. ``quiesce`` (with a
    depth limit): past the limit, a position where ``quiesce(state)`` lists moves (the
    game's captures) is not scored as it stands but searched on, those moves only, up to
    ``quiesce_plies`` more plies; the side to move may also stand on the evaluation (it need not capture).
    An observer with a ``mark`` method also hears where each technique acts (:mod:`engine.search.marks`); the
    quiescence nodes are reported as nodes too (entered, a ``heuristic`` leaf when the side stands pat).

    :raises ValueError: a depth limit without an evaluation, or a negative depth.
    :raises SearchTimeout: ``clock()`` passed ``deadline``.
    """
    limit = check_depth(depth, evaluate)
    if quiesce is not None and limit < 0:
        raise ValueError("quiescence needs a depth limit")
    legal_moves = game.legal_moves
    play = game.play
    outcome = game.outcome
    obs = active(observer)
    is_plain = scoring is plain
    # Read only where the search gets to them: leaves at the depth limit (which check_depth gave an
    # evaluation) and quiescence (asked for with a quiesce function).
    leaf_value = cast(Evaluation, evaluate)
    captures = cast("Callable[[int], Sequence[int]]", quiesce)
    final = cast("Callable[[int], float]", outcome)  # the outcome of a game known to be over
    count = 0
    settled = 0
    root_best: list[int] = []
    root_value: list[float] = []
    root_first: list[int] = []
    timed = deadline is not None
    due = inf if deadline is None else deadline
    mask = max(1, check_every) - 1
    if timed and clock() >= due:
        raise SearchTimeout(0, None, None)

    # Without a table nothing is keyed, and the empty stand-ins below are never read.
    keyed = table is not None
    tt: list[Any] = table.slots if table is not None else []
    tt_mask = table.mask if table is not None else 0
    step: tuple[list[int], ...] = ([], [])
    last_key: list[int] = []
    root_key = root_last = 0
    if table is not None:
        if hashing is None:
            hashing = hashing_for(game)
        step, last_key = hashing.keys.step, hashing.keys.last
        root_key = hashing.root_key(state)
        root_last = hashing.last_move(state) or 0
    hits = 0
    reorder = keyed or killers is not None or history is not None
    hist_key = history.__getitem__ if history is not None else None
    # What the next node entered is, for an observer that hears marks (engine.search.marks): set by its parent.
    mark = getattr(obs, "mark", None) if obs else None
    pending: list[str] = []
    shift = 0  # plies a reduced search skips, above the node searched: subtracted from the plies reported
    returned = EXACT  # the bound (x's view) of the value the last node reported returned (only when observed)


    def search(s: int, move: int | None, ply: int, a: float, b: float, color: int, k: int) -> float:
        nonlocal count, hits, shift, returned
        count += 1
        if timed and not count & mask and clock() >= due:
            raise SearchTimeout(count, None, None)
        if obs:
            obs.enter(s, move, ply - shift, a if color == 1 else -b, b if color == 1 else -a)
            if pending:
                if mark is not None:
                    for kind in pending:
                        mark(kind)
                pending.clear()
        if ply == limit:  # a game is over exactly when it has no legal move: skip move generation here
            result = outcome(s)
            if result is None:
                if quiesce is not None:
                    return settle(s, a, b, color, quiesce_plies, ply)
                value = leaf_value(s)
                if obs:
                    obs.leaf(HEURISTIC)
                    obs.leave(value, EXACT)
                    returned = EXACT
                return color * value
            value = result if is_plain else scoring(result, s, game)
            if obs:
                obs.leaf(TERMINAL)
                obs.leave(value, EXACT)
                returned = EXACT
            return color * value
        moves = legal_moves(s)
        if not moves:
            value = final(s) if is_plain else scoring(final(s), s, game)
            if obs:
                obs.leaf(TERMINAL)
                obs.leave(value, EXACT)
                returned = EXACT
            return color * value
        a0 = a
        marks_here: dict[int, str] | None = None  # the moves tried first, and why (for an observer's marks)
        if reorder:
            draft = limit - ply if limit >= 0 else UNLIMITED_DRAFT
            tt_move = None
            if keyed:
                entry = tt[k & tt_mask]
                if entry is not None and entry[0] == k:
                    _, e_draft, e_flag, e_value, tt_move = entry
                    if ply and e_draft >= draft and (
                        e_flag == TT_EXACT or (e_value >= b if e_flag == TT_LOWER else e_value <= a)
                    ):
                        hits += 1
                        if obs:
                            obs.leaf(TABLE)
                            if e_flag == TT_EXACT:
                                bound = EXACT
                            else:
                                bound = LOWER if (e_flag == TT_LOWER) == (color == 1) else UPPER
                            obs.leave(color * e_value, bound)
                            returned = bound  # the bound the table stored
                        return e_value
            if order is not None:
                moves = order(s, moves)
            if hist_key is not None and len(moves) > 1:
                moves = sorted(moves, key=hist_key, reverse=True)
            front: list[int] = []
            if tt_move is not None and tt_move in moves:
                front.append(tt_move)
            if killers is not None:
                while len(killers) <= ply:
                    killers.append([None, None])
                for km in killers[ply]:
                    if km is not None and km not in front and km in moves:
                        front.append(km)
            if front:
                moves = front + [m for m in moves if m not in front]
                if mark is not None:
                    marks_here = {m: TABLE_MOVE if m == tt_move else KILLER for m in front}
            child_step = step[0 if color == 1 else 1]
            k_prev = k ^ last_key[root_last if move is None else move] if keyed else 0
        elif order is not None:
            moves = order(s, moves)
        best = -inf
        best_move = None
        n = len(moves)
        # What the children's returned values prove, for the observer only (as engine.search.alphabeta has it): the
        # node is worth at least `low`, at most `high`, in the mover's view; a move not searched proves no high end.
        low = high = -inf
        mover_lower = LOWER if color == 1 else UPPER
        mover_upper = UPPER if color == 1 else LOWER
        for i, m in enumerate(moves):
            ck = k_prev ^ child_step[m] if reorder and keyed else 0
            if marks_here:
                first = marks_here.get(m)
                if first is not None:
                    pending.append(first)
            if pvs and i:
                child = play(s, m)
                if reduce_late and i >= reduce_late and limit - ply >= 3:
                    # a late move, searched one ply shallower first; only a surprise is searched again in full
                    if obs:
                        if mark is not None:
                            pending.append(REDUCTION)
                        shift += 1
                        value = -search(child, m, ply + 2, -a - 1, -a, -color, ck)
                        shift -= 1
                    else:
                        value = -search(child, m, ply + 2, -a - 1, -a, -color, ck)
                    if value > a:
                        if mark is not None:
                            pending.append(RESEARCH)
                        value = -search(child, m, ply + 1, -a - 1, -a, -color, ck)
                else:
                    value = -search(child, m, ply + 1, -a - 1, -a, -color, ck)
                if a < value < b:
                    if mark is not None:
                        pending.append(RESEARCH)
                    value = -search(child, m, ply + 1, -b, -a, -color, ck)
            else:
                value = -search(play(s, m), m, ply + 1, -b, -a, -color, ck)
            if obs:  # `returned` is the bound of the child's last search, the one whose value is kept
                if returned != mover_upper and value > low:
                    low = value
                high = max(high, value) if returned != mover_lower else inf
            if value > best:
                best = value
                best_move = m
                if ply == 0:
                    if not root_best:
                        root_first.append(m)
                    root_best[:] = [m]
                    root_value[:] = [color * value]
                if value > a:
                    a = value
                    if a >= b:
                        if obs and i + 1 < n:
                            high = inf
                            if color == 1:
                                obs.cutoff(BETA_CUT, best, b, moves[i + 1:])
                            else:
                                obs.cutoff(ALPHA_CUT, -best, -b, moves[i + 1:])
                        if reorder:
                            if killers is not None:
                                pair = killers[ply]
                                if pair[0] != m:
                                    pair[1] = pair[0]
                                    pair[0] = m
                            if history is not None:
                                history[m] += draft * draft
                        break
        if keyed:
            flag = TT_LOWER if best >= b else TT_UPPER if best <= a0 else TT_EXACT
            tt[k & tt_mask] = (k, draft, flag, best, best_move)
        if obs:
            returned = _proved(low, high, best, a0, b, color)
            obs.leave(color * best, returned)
        return best

    def settle(s: int, a: float, b: float, color: int, left: int, ply: int) -> float:
        """Quiescence: the evaluation, or better for the side to move, a capture searched on (negamax)."""
        nonlocal settled, returned
        best = color * leaf_value(s)
        if best >= b or not left:
            if obs:
                obs.leaf(HEURISTIC)
                # no plies left: the evaluation is the node's value; else its captures, not searched, might be better
                returned = (LOWER if color == 1 else UPPER) if best >= b and left else EXACT
                obs.leave(color * best, returned)
            return best
        a0 = a
        moves = captures(s)
        low = high = best  # standing on the evaluation is one of the choices, worth exactly it
        mover_lower = LOWER if color == 1 else UPPER
        mover_upper = UPPER if color == 1 else LOWER
        for i, m in enumerate(moves):
            settled += 1  # counted apart, and the clock read every ``check_every`` of them as well
            if timed and not settled & mask and clock() >= due:
                raise SearchTimeout(count + settled, None, None)
            child = play(s, m)
            result = outcome(child)
            if obs:
                lo, hi = -b, -max(a, best)  # the child's window, its mover's view
                if color == 1:
                    obs.enter(child, m, ply + 1 - shift, -hi, -lo)
                else:
                    obs.enter(child, m, ply + 1 - shift, lo, hi)
                if mark is not None:
                    mark(QUIESCENCE)
            if result is None:
                value = -settle(child, -b, -max(a, best), -color, left - 1, ply + 1)
            else:
                value = color * (result if is_plain else scoring(result, child, game))
                if obs:
                    obs.leaf(TERMINAL)
                    obs.leave(color * value, EXACT)
                    returned = EXACT
            if obs:
                if returned != mover_upper and value > low:
                    low = value
                high = max(high, value) if returned != mover_lower else inf
            if value > best:
                best = value
                if best >= b:
                    if obs and i + 1 < len(moves):
                        high = inf
                        if color == 1:
                            obs.cutoff(BETA_CUT, best, b, moves[i + 1:])
                        else:
                            obs.cutoff(ALPHA_CUT, -best, -b, moves[i + 1:])
                    break
        if obs:
            if not moves:
                obs.leaf(HEURISTIC)
            returned = _proved(low, high, best, a0, b, color)
            obs.leave(color * best, returned)
        return best

    color = 1 if game.to_move(state) == X else -1
    a0, b0 = (alpha, beta) if color == 1 else (-beta, -alpha)
    try:
        value = color * search(state, None, 0, a0, b0, color, root_key)
    except SearchTimeout as timeout:
        if table is not None:
            table.hits += hits
        raise SearchTimeout(count + settled, root_best[0] if root_best else None,
                            root_value[0] if root_value else None,
                            root_first[0] if root_first else None) from timeout
    finally:
        # ``search`` refers to itself through its closure: without this the cycle (and the table and
        # everything else it holds) waits for the cyclic collector, which the bot keeps off and then
        # freezes (engine.search.deadline.no_collections), so it would never be freed.
        search = settle = None  # type: ignore[assignment]  # freed (the comment above)
    if table is not None:
        table.hits += hits
    proven = a0 < color * value < b0
    best_moves = root_best if proven else []
    pv = best_moves[:1]
    if table is not None and hashing is not None and pv:  # keyed
        pv = principal_variation(game, state, table, hashing, limit)
    return SearchResult(value=value, best_moves=best_moves, nodes=count + settled, depth=depth,
                        principal_variation=pv)


def _proved(low: float, high: float, best: float, a0: float, b: float, color: int) -> str:
    """The bound (x's view) a node's children proved for its value ``best`` (the mover's view): exact when the node
    is worth at least ``low`` and at most ``high`` and both are ``best``; a bound where only one end is proved; the
    window's bound (``a0``, ``b``) as a fallback, where the children proved neither (a fail-soft search does not
    reach it)."""
    if low == best == high:
        return EXACT
    if low == best:
        return LOWER if color == 1 else UPPER
    if high == best:
        return UPPER if color == 1 else LOWER
    if best >= b:
        return LOWER if color == 1 else UPPER
    return (UPPER if color == 1 else LOWER) if best <= a0 else EXACT


def principal_variation(game: Game[int, int], state: int, table: TranspositionTable, hashing: Hashing,
                        limit: int) -> list[int]:
    """The line of table moves from ``state`` (at most ``limit`` plies when limited), for reports."""
    line: list[int] = []
    key = hashing.root_key(state)
    seen = set()
    previous = hashing.last_move(state)
    while key not in seen and (limit < 0 or len(line) < limit):
        seen.add(key)
        move = table.best_move(key)
        if move is None or move not in game.legal_moves(state):
            break
        line.append(move)
        player = game.to_move(state)
        key = hashing.keys.child(key, player, previous, move)
        state = game.play(state, move)
        previous = move
    return line
