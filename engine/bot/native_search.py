"""The bot's search run by the compiled twin of the Python one (engine/bot/native/ultimate_search.c), via ctypes.

The C search plays by the same rules with the same evaluation, move order and
iteration rule as :func:`engine.bot.iterative.think` over :func:`engine.bot.search.enhanced_alphabeta`,
about thirty times faster (``scripts/bench_bot.py speed``: 6.7 million nodes a second against
220,000), so at a fixed time a move it sees three or four plies deeper. The library is built by
``scripts/build_native.sh`` (``scripts/setup.sh`` runs it); when it is missing, stale (another ABI) or
``TREEVIZ_PURE_PYTHON`` is set, :func:`native_engine` gives None and the bot
searches in Python, as before.
"""

from __future__ import annotations

import ctypes
import os
import time
from os import path as _path

from engine.bot.iterative import Decision
from engine.evaluation.ultimate import Weights, load_tables, relevance_tables, won_by_place

LIBRARY = _path.join(_path.dirname(__file__), "native", "ultimate_search.so")
"""Where scripts/build_native.sh puts the compiled search."""
ABI_VERSION = 3
"""Must equal the library's ``ABI_VERSION``: a library built from older sources is not used."""
FLAG_NO_TABLE = 1
FLAG_NO_REDUCTIONS = 2
FLAG_NO_QUIESCENCE = 4
LOW_MASK = (1 << 36) - 1
NODES_PER_SECOND = 2_500_000
"""What sizes the C search's one-move table (:func:`engine.bot.decision.native_table_bits`): 2**17 slots for 0.1 s,
2**21 for 1 s. The search runs at 5-8 million nodes a second (scripts/bench_bot.py speed), but it stores
only interior nodes, and these sizes are the ones its time-use and match figures were measured with."""

_Chunks = ctypes.c_uint32 * 9
_lib: ctypes.CDLL | None | bool = False


def library() -> ctypes.CDLL | None:
    """The loaded library, or None (missing, another ABI, or the pure-Python search asked for)."""
    global _lib
    if _lib is False:
        _lib = None
        if not os.environ.get("TREEVIZ_PURE_PYTHON") and _path.exists(LIBRARY):
            try:
                lib = ctypes.CDLL(LIBRARY)
            except OSError:
                lib = None
            if lib is not None and lib.ut_abi() == ABI_VERSION:
                _declare(lib)
                _lib = lib
    return _lib  # type: ignore[return-value]


def _declare(lib: ctypes.CDLL) -> None:
    p, u64, i32, i64 = ctypes.c_void_p, ctypes.c_uint64, ctypes.c_int, ctypes.POINTER(ctypes.c_int64)
    chunks, out32 = ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_int32)
    lib.ut_table_new.restype = p
    lib.ut_table_new.argtypes = [i32]
    lib.ut_table_free.argtypes = [p]
    lib.ut_eval_new.restype = p
    lib.ut_eval_new.argtypes = [ctypes.c_char_p, ctypes.c_int64, out32]
    lib.ut_eval_free.argtypes = [p]
    lib.ut_evaluate.argtypes = [p, u64, chunks, i32]
    lib.ut_legal_moves.argtypes = [u64, chunks, ctypes.c_char_p]
    lib.ut_search_depth.argtypes = [p, p, u64, chunks, i32, i32, i32, i32, i64]
    lib.ut_think.argtypes = [p, p, u64, chunks, i32, ctypes.c_double, i32, i32, i32, out32, i64, out32]


def _chunks(state: int) -> ctypes.Array[ctypes.c_uint32]:
    c = state >> 36
    return _Chunks(c & 0x3FFFF, c >> 18 & 0x3FFFF, c >> 36 & 0x3FFFF, c >> 54 & 0x3FFFF, c >> 72 & 0x3FFFF,
                   c >> 90 & 0x3FFFF, c >> 108 & 0x3FFFF, c >> 126 & 0x3FFFF, c >> 144 & 0x3FFFF)


class NativeTable:
    """A transposition table of the C search (``2**bits`` slots of 16 bytes), freed with the object."""

    def __init__(self, lib: ctypes.CDLL, bits: int) -> None:
        self._lib = lib
        self.bits = bits
        self.handle = lib.ut_table_new(bits)
        if not self.handle:
            raise MemoryError(f"no memory for a table of 2**{bits} slots")

    def __del__(self) -> None:
        if getattr(self, "handle", None):
            self._lib.ut_table_free(self.handle)
            self.handle = None


class NativeEngine:
    """The C search with one set of evaluation weights (tables copied into the library once)."""

    def __init__(self, lib: ctypes.CDLL, w: Weights, tables: bytes, offset: int = 0) -> None:
        self.lib = lib
        params = [w.free_move, w.relevance, w.chance, w.big_two, w.big_one, *won_by_place(w)]
        self.handle = lib.ut_eval_new(tables, offset, (ctypes.c_int32 * len(params))(*params))
        if not self.handle:
            raise MemoryError("no memory for the evaluation's tables")

    def __del__(self) -> None:
        if getattr(self, "handle", None):
            self.lib.ut_eval_free(self.handle)
            self.handle = None

    def table(self, bits: int) -> NativeTable:
        """A new, empty transposition table."""
        return NativeTable(self.lib, bits)

    def evaluate(self, state: int, draw: int = 0) -> int:
        """The evaluation of an unfinished state (x's view), as :func:`engine.evaluation.ultimate.make_evaluate`."""
        return self.lib.ut_evaluate(self.handle, state & LOW_MASK, _chunks(state), draw)

    def legal_moves(self, state: int) -> tuple[int, ...]:
        """The legal moves, ascending (the C rules, for the tests)."""
        out = ctypes.create_string_buffer(81)
        n = self.lib.ut_legal_moves(state & LOW_MASK, _chunks(state), out)
        return tuple(out.raw[:n])

    def search_depth(self, state: int, depth: int, draw: int = 0, table: NativeTable | None = None,
                     flags: int = 0, quiesce_plies: int = 2) -> tuple[int, int]:
        """One fixed-depth search (no deadline): value (x's view) and nodes. For the tests."""
        nodes = ctypes.c_int64()
        value = self.lib.ut_search_depth(table.handle if table is not None else None, self.handle,
                                         state & LOW_MASK, _chunks(state), draw, depth, flags, quiesce_plies,
                                         ctypes.byref(nodes))
        return value, nodes.value

    def think(self, state: int, deadline: float, draw: int, table: NativeTable, max_depth: int = 81,
              flags: int = 0, quiesce_plies: int = 2) -> Decision:
        """Iterative deepening until ``deadline`` (monotonic time), as :func:`engine.bot.iterative.think` (captures
        searched up to ``quiesce_plies`` past each iteration's depth).

        :raises ValueError: a finished game (no move to choose).
        """
        out = (ctypes.c_int32 * 7)()
        counts = (ctypes.c_int64 * 3)()
        pv = (ctypes.c_int32 * 81)()
        if self.lib.ut_think(table.handle, self.handle, state & LOW_MASK, _chunks(state), draw, deadline,
                             max_depth, flags, quiesce_plies, out, counts, pv) != 0:
            raise ValueError("the game is over: there is no move to choose")
        move, value, depth, partial, solved, stopped_early, length = out
        started = counts[2] / 1e6
        return Decision(move=move, value=value, depth=depth, nodes=counts[0], seconds=time.monotonic() - started,
                        table_hits=counts[1], principal_variation=list(pv[:length]), solved=bool(solved),
                        partial=bool(partial), started=started, stopped_early=bool(stopped_early), engine="C")


_engines: dict[Weights, NativeEngine | None] = {}


def native_engine(w: Weights) -> NativeEngine | None:
    """The C search for weights ``w``, or None when the library is not there or the weights do not fit it
    (no relevance term, or table values beyond a signed byte)."""
    if w in _engines:
        return _engines[w]
    engine = None
    lib = library()
    if lib is not None and w.relevance and w.threat >= 1:
        loaded = load_tables(w)
        if loaded is not None:  # views of the file's bytes: the library copies the six tables from there
            tables: bytes = loaded[0].obj  # type: ignore[attr-defined]
            offset = len(tables) - (6 << 18)
        else:
            offset = 0
            from array import array

            try:
                tables = b"".join(array("b", t).tobytes() for t in relevance_tables(w))
            except OverflowError:
                tables = b""
        if len(tables) - offset == 6 << 18:
            engine = NativeEngine(lib, w, tables, offset)
    _engines[w] = engine
    return engine
