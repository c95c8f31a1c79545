"""Our ultimate bot's decision for one move: its evaluation and contempt, iterative deepening, its deadline.

:func:`search` is what ``sm-bot`` runs (one-shot and served) and what the
in-process ``bot`` player runs, so all three play alike; :func:`report` is the
one-line account of a decision written on stderr. The search runs in C
(:mod:`engine.bot.native_search`: the same search, node for node, about thirty times
faster) when the library is built, else in Python, whose modules are imported only then.
"""

from __future__ import annotations

import sys

from engine.bot.native_search import NODES_PER_SECOND as NATIVE_NODES_PER_SECOND
from engine.bot.native_search import NativeTable, native_engine
from engine.evaluation.ultimate_weights import CONTEMPT, DEFAULT_WEIGHTS, WIN, Weights, draw_shift
from engine.games.ultimate import ULTIMATE
from engine.search.deadline import bot_deadline

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the Python search is imported when it runs (sm-bot searches in C)
    from engine.bot.result import Decision
    from engine.evaluation.ultimate_net import Net
    from engine.search.transposition import TranspositionTable


EVALUATIONS = ("classic", "learned", "learned-or-classic")
"""``--eval``: the hand-made evaluation, the learned net (a weights file that cannot be used is an error), or the
net when its file can be used and the classic evaluation (with a note) when not."""


def chosen_net(evaluation: str, weights: str | None = None) -> tuple[Net | None, str | None]:
    """The net an ``--eval`` choice asks for (None: the classic evaluation) and a note to show (or None).

    :raises engine.evaluation.ultimate_net.NetFileError: ``learned`` and a weights file that cannot be used.
    """
    if evaluation == "classic":
        return None, None
    from engine.evaluation.ultimate_net import DEFAULT_FILE, NetFileError, load_net

    try:
        return load_net(weights or DEFAULT_FILE), None
    except NetFileError as exc:
        if evaluation == "learned":
            raise
        return None, f"{' '.join(str(exc).split())}; the classic evaluation plays"


def search(state: int, seconds: float, started: float, *, table: TranspositionTable | None = None,
           weights: Weights = DEFAULT_WEIGHTS, contempt: int = CONTEMPT, hold: list[object] | None = None,
           net: Net | None = None) -> Decision:
    """The bot's move in ``state`` for a budget of ``seconds`` that began at ``started`` (monotonic time).

    ``table`` is kept between moves by a caller that plays on (values depend on the side the bot
    plays: clear it when that changes). Without one, the move's own table is freed on return (5-7 ms for the
    64 MB of a long move, more for the Python search's), unless ``hold`` is given: the table is appended to it,
    and the caller frees it when it likes (a one-shot sm-bot never does: it exits first). ``net``: the learned
    evaluation (:mod:`engine.evaluation.ultimate_net`) instead of the classic one.
    """
    side = ULTIMATE.to_move(state)
    native = native_engine(weights, net)
    if native is not None:
        draw = draw_shift(side, contempt)  # as judges(): draws worth less to the bot
        if table is None:
            ntable = native.table(native_table_bits(seconds))
            if hold is not None:
                hold.append(ntable)
        else:
            if not isinstance(table.native, NativeTable):  # None until the first move searched in C
                table.native = native.table(PERSISTENT_NATIVE_BITS)
            ntable = table.native
        return native.think(state, bot_deadline(seconds, started), draw, ntable,
                            quiesce_plies=QUIESCE_PLIES, interruptible=_in_main_thread())
    from engine.bot.iterative import think
    from engine.evaluation.ultimate import judges
    from engine.evaluation.ultimate_captures import captures
    from engine.search.deadline import no_collections
    from engine.search.transposition import TranspositionTable

    evaluate, scoring = judges(side, weights, contempt, net)  # draws worth less to the bot
    if table is None:
        table = TranspositionTable(bits=table_bits(seconds))
        if hold is not None:
            hold.append(table)
    with no_collections():
        return think(ULTIMATE, state, bot_deadline(seconds, started), evaluate=evaluate, scoring=scoring, win=WIN,
                     table=table, quiesce=captures, quiesce_plies=QUIESCE_PLIES)  # captures past the horizon


def _in_main_thread() -> bool:
    """Whether this is the main thread, where Ctrl-C arrives (a process that never imported threading has no
    other; asking costs no import)."""
    threading = sys.modules.get("threading")
    return threading is None or threading.current_thread() is threading.main_thread()


QUIESCE_PLIES = 4
"""Plies of sub-board captures searched past each iteration's depth. Four, not two, with contempt 100, not
50: chosen at 1 s a move against UCT on 40 games (86.6 % of the points against 83.3 % on the same openings);
85.4 % over 120 games in all, against 83.8 % over 80 before (README)."""
NODES_PER_SECOND = 150_000
"""About the Python search's speed here (scripts/bench_bot.py speed): what sizes a one-move table."""


def table_bits(seconds: float) -> int:
    """Slots (as a power of two) for a table that one move of ``seconds`` fills about halfway: 2**16 for
    0.1 s, 2**20 from 3 s on. A 2**20-slot table takes 4 ms to allocate, a twentieth of a 0.1 s move."""
    slots = 2 * NODES_PER_SECOND * max(seconds, 0.0)
    bits = 16
    while bits < 20 and (1 << bits) < slots:
        bits += 1
    return bits


PERSISTENT_NATIVE_BITS = 22
"""Slots (a power of two, 16 bytes each: 64 MB) of the C search's table kept from move to move."""


def native_table_bits(seconds: float) -> int:
    """Slots (as a power of two) for the C search's one-move table: a slot for every two nodes of the move at
    :data:`engine.bot.native_search.NODES_PER_SECOND`, 2**16 to 2**22 (64 MB, allocated lazily: untouched pages
    cost nothing)."""
    slots = NATIVE_NODES_PER_SECOND * max(seconds, 0.0) / 2
    bits = 16
    while bits < PERSISTENT_NATIVE_BITS and (1 << bits) < slots:
        bits += 1
    return bits


def finished_message(state: int, fen: str) -> str:
    """Why a finished game has no move (the bad-input message)."""
    outcome = ULTIMATE.outcome(state)
    assert outcome is not None, "a finished game"
    result = {1: "x won", -1: "o won", 0: "drawn"}[outcome]
    return f"the game is over ({result}): there is no move to play: {fen!r}"


def report(decision: Decision, state: int) -> str:
    """The one-line search report: move, depth, nodes, speed, table hits, score, principal variation."""
    value = decision.value
    if abs(value) >= WIN:
        winner = "x" if value > 0 else "o"
        plies = 81 - int(abs(value) - WIN) - (81 - ULTIMATE.empty_count(state))
        score = f"{winner} wins in {plies} plies"
    else:
        score = f"{value:+g} (x's view)"
    pv = " ".join(ULTIMATE.move_name(m) for m in decision.principal_variation)
    return (f"move {ULTIMATE.move_name(decision.move)}: depth {decision.depth}"
            f"{' (+partial)' if decision.partial else ''}{' (solved)' if decision.solved else ''}, "
            f"nodes {decision.nodes}, {decision.nodes_per_second:,.0f} nodes/s, table hits {decision.table_hits}, "
            f"score {score}, {decision.seconds:.3f} s search in {decision.engine}, pv {pv}")
