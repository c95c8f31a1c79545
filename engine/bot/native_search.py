"""The bot's search run by the compiled twin of the Python one (engine/bot/native/ultimate_search.c), via ctypes.

The C search plays by the same rules with the same evaluation, move order and
iteration rule as :func:`engine.bot.iterative.think` over :func:`engine.bot.search.enhanced_alphabeta`,
about thirty times faster (``scripts/bench_bot.py speed``: 6.7 million nodes a second against
220,000), so at a fixed time a move it sees three or four plies deeper. The library is compiled by the
package's build (an optional extension in setup.py: ``pip install``, the wheel, ``scripts/setup.sh``) and
sits beside this module; its signatures and constants come from :mod:`engine.bot.native_interface`. When it
is missing (no compiler at install), cannot be loaded (corrupt, foreign), is stale (built from other sources
than the header beside it says) or ``TREEVIZ_PURE_PYTHON`` is set, :func:`native_engine` gives None, the bot
searches in Python, and :func:`why_python` says why (sm-bot prints it once).
"""

from __future__ import annotations

import ctypes
import os
import time
from os import path as _path

from engine.bot.native_interface import (
    COUNTS,
    DECISION_FIELDS,
    FLAG_INTERRUPTIBLE,
    FLAG_NO_QUIESCENCE,
    FLAG_NO_REDUCTIONS,
    FLAG_NO_TABLE,
    INTERRUPTED,
    MAX_PV,
    abi_of_header,
    declare,
)
from engine.bot.result import Decision
from engine.evaluation.ultimate_weights import TABLES_FILE, Weights, tables_offset, won_by_place

TYPE_CHECKING = False
if TYPE_CHECKING:
    from engine.evaluation.ultimate_net import Net

__all__ = ["FLAG_NO_QUIESCENCE", "FLAG_NO_REDUCTIONS", "FLAG_NO_TABLE", "NativeEngine", "NativeTable", "library",
           "native_engine", "why_python"]

FOLDER = _path.join(_path.dirname(__file__), "native")
NAME = "ultimate_search"
"""The library is ``FOLDER/NAME`` plus the interpreter's extension suffix (setup.py builds it so)."""
HEADER = _path.join(FOLDER, "ultimate_interface.h")
"""The generated header the library was compiled from: its ``UT_ABI`` must be the library's."""
PURE_PYTHON = "TREEVIZ_PURE_PYTHON"
"""Environment variable: set (non-empty) to search in Python although the library is there."""
LOW_MASK = (1 << 36) - 1
NODES_PER_SECOND = 2_500_000
"""What sizes the C search's one-move table (:func:`engine.bot.decision.native_table_bits`): 2**17 slots for 0.1 s,
2**21 for 1 s. The search runs at 5-8 million nodes a second (scripts/bench_bot.py speed), but it stores
only interior nodes, and these sizes are the ones its time-use and match figures were measured with."""


def _extension_suffixes() -> list[str]:
    """importlib.machinery.EXTENSION_SUFFIXES, without importing importlib (a millisecond of sm-bot's start-up)."""
    try:
        from _imp import extension_suffixes
    except ImportError:  # not CPython
        from importlib.machinery import EXTENSION_SUFFIXES

        return list(EXTENSION_SUFFIXES)
    return extension_suffixes()


_Chunks = ctypes.c_uint32 * 9
_lib: ctypes.CDLL | None | bool = False
_why: str | None = None


def library_path() -> str | None:
    """The compiled search beside this module, or None when it was not built."""
    for suffix in _extension_suffixes():
        candidate = _path.join(FOLDER, NAME + suffix)
        if _path.exists(candidate):
            return candidate
    return None


def library() -> ctypes.CDLL | None:
    """The loaded library, or None (pure Python asked for, not built, not loadable, or stale: :func:`why_python`)."""
    global _lib, _why
    if _lib is False:
        _lib, _why = _load()
    return _lib if isinstance(_lib, ctypes.CDLL) else None


def why_python() -> str | None:
    """Why the bot searches in Python although Python was not asked for (one line), or None."""
    library()
    return _why


def _load() -> tuple[ctypes.CDLL | None, str | None]:
    if os.environ.get(PURE_PYTHON):
        return None, None
    where = library_path()
    if where is None:
        return None, ("the C search was not built (no C compiler when treeviz was installed?): searching in "
                      "Python, about thirty times slower")
    try:
        lib = ctypes.CDLL(where)
        declare(lib)
    except (OSError, AttributeError) as exc:  # not a library here, or not ours
        reason = " ".join(str(exc).split()).removeprefix(f"{where}: ")
        return None, f"{where} cannot be used ({reason}): searching in Python"
    try:
        with open(HEADER, encoding="utf-8") as header:
            expected = abi_of_header(header.read())
    except OSError:
        expected = None
    if expected is None or lib.ut_abi() != expected:
        return None, (f"{where} was built from other sources than {HEADER} describes (rebuild it: pip install ., "
                      "or scripts/build_native.sh): searching in Python")
    return lib, None


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
    """The C search with one set of evaluation weights: its six tables mapped from the tables file
    (``path``: the file, ``offset``: where they start in it) or copied into the library (``tables``)."""

    def __init__(self, lib: ctypes.CDLL, w: Weights, tables: bytes = b"", offset: int = 0,
                 path: str | None = None) -> None:
        self.lib = lib
        params = [w.free_move, w.relevance, w.chance, w.big_two, w.big_one, *won_by_place(w)]
        array = (ctypes.c_int32 * len(params))(*params)
        self.mapped = path is not None
        if path is not None:
            self.handle = lib.ut_eval_map(os.fsencode(path), offset, array)
            if not self.handle:
                raise OSError(f"cannot map the evaluation's tables from {path}")
        else:
            self.handle = lib.ut_eval_new(tables, offset, array)
            if not self.handle:
                raise MemoryError("no memory for the evaluation's tables")

    def __del__(self) -> None:
        if getattr(self, "handle", None):
            self.lib.ut_eval_free(self.handle)
            self.handle = None

    def set_net(self, net: Net) -> None:
        """Evaluate with the learned net from now on (a certain draw and a win in one move stay exact)."""
        payload = net.payload()  # int16 w1, b1, w2 (little-endian, as this machine's C reads them), then b2
        count = (len(payload) - 4) // 2
        weights = (ctypes.c_int16 * count).from_buffer_copy(payload, 0)
        if self.lib.ut_eval_set_net(self.handle, weights, net.b2) != 0:
            raise MemoryError("no memory for the net's weights")

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
              flags: int = 0, quiesce_plies: int = 2, interruptible: bool = False) -> Decision:
        """Iterative deepening until ``deadline`` (monotonic time), as :func:`engine.bot.iterative.think` (captures
        searched up to ``quiesce_plies`` past each iteration's depth). ``interruptible`` (from the main thread
        only: Ctrl-C is caught for the call's length) stops the search at Ctrl-C, which Python cannot see while
        C runs, and raises :class:`KeyboardInterrupt` as the Python search would.

        :raises ValueError: a finished game (no move to choose).
        """
        out = (ctypes.c_int32 * DECISION_FIELDS)()
        counts = (ctypes.c_int64 * COUNTS)()
        pv = (ctypes.c_int32 * MAX_PV)()
        if interruptible:
            flags |= FLAG_INTERRUPTIBLE
        result = self.lib.ut_think(table.handle, self.handle, state & LOW_MASK, _chunks(state), draw, deadline,
                                   max_depth, flags, quiesce_plies, out, counts, pv)
        if result == INTERRUPTED:
            raise KeyboardInterrupt
        if result != 0:
            raise ValueError("the game is over: there is no move to choose")
        move, value, depth, partial, solved, length = out
        started = counts[2] / 1e6
        return Decision(move=move, value=value, depth=depth, nodes=counts[0], seconds=time.monotonic() - started,
                        table_hits=counts[1], principal_variation=list(pv[:length]), solved=bool(solved),
                        partial=bool(partial), started=started, engine="C")


_engines: dict[Weights, NativeEngine | None] = {}
_net_engines: dict[tuple[Weights, str], NativeEngine | None] = {}


def native_engine(w: Weights, net: Net | None = None) -> NativeEngine | None:
    """The C search for weights ``w`` (and the learned evaluation ``net``, when given), or None when the library
    is not there or the weights do not fit it (no relevance term, or table values beyond a signed byte)."""
    if net is not None:
        key = (w, net.digest())
        if key not in _net_engines:
            base = native_engine(w)
            engine = None
            if base is not None:
                engine = NativeEngine(base.lib, w, offset=tables_offset(w) or 0, path=TABLES_FILE) \
                    if base.mapped else None
                if engine is None:
                    from array import array

                    from engine.evaluation.ultimate import relevance_tables

                    engine = NativeEngine(base.lib, w, b"".join(array("b", t).tobytes() for t in relevance_tables(w)))
                engine.set_net(net)
            _net_engines[key] = engine
        return _net_engines[key]
    if w in _engines:
        return _engines[w]
    engine = None
    lib = library()
    if lib is not None and w.relevance and w.threat >= 1:
        offset = tables_offset(w)
        if offset is not None:  # the tables file was made for these weights: mapped by the library
            try:
                engine = NativeEngine(lib, w, offset=offset, path=TABLES_FILE)
            except OSError:
                offset = None
        if offset is None:  # computed, then copied into the library
            from array import array

            from engine.evaluation.ultimate import relevance_tables

            try:
                tables = b"".join(array("b", t).tobytes() for t in relevance_tables(w))
            except OverflowError:
                tables = b""
            if len(tables) == 6 << 18:
                engine = NativeEngine(lib, w, tables)
    _engines[w] = engine
    return engine
