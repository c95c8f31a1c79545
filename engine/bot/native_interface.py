"""What the C search and its Python caller must agree on, written once, here: the constants (taken from the
Python values they mirror), the exported functions' signatures (ctypes declares them from this table), and
the C header generated from both, ``engine/bot/native/ultimate_interface.h``.

Why: the C search is held node for node to the Python one, so a constant changed in Python (the win score,
a draw's tie-break, the reduction threshold, the winning lines, the Zobrist seed, a state's bit layout) must
change in C too. The header is generated from the values instead of being kept by hand, a test checks that
the committed header is current (``python -m engine.bot.native_interface`` rewrites it), and its last line,
``UT_ABI``, is a checksum of everything above it and of the C sources: the library reports the number it
was compiled with, :mod:`engine.bot.native_search` reads the header beside the library, and a library built
from anything else is not loaded. No number is bumped by hand.

Cheap to import (sm-bot loads it at start-up): only ctypes; the Python values are imported, and the header
rendered, by :func:`header_text`.
"""

from __future__ import annotations

import ctypes
from os import path as _path

FOLDER = _path.join(_path.dirname(_path.abspath(__file__)), "native")
HEADER = _path.join(FOLDER, "ultimate_interface.h")
"""The generated header, beside the C sources and the library."""
SOURCES = (_path.join(FOLDER, "ultimate_rules.h"), _path.join(FOLDER, "ultimate_search.c"))
"""Hand-written C, part of the library's identity (``UT_ABI``)."""
ABI_MACRO = "UT_ABI"

FLAG_NO_TABLE = 1
FLAG_NO_REDUCTIONS = 2
FLAG_NO_QUIESCENCE = 4
"""``flags`` of ``ut_search_depth``/``ut_think``: switch a part of the search off (the tests compare parts)."""
FLAG_INTERRUPTIBLE = 8
"""``flags`` of ``ut_think``: stop at Ctrl-C (SIGINT is caught for the call's length and the call returns
:data:`INTERRUPTED`); Python sees no signal while C runs, so a one-shot bot asks for this from its main thread."""
INTERRUPTED = -2
"""What ``ut_think`` returns when Ctrl-C stopped it."""
EVAL_PARAMS = 14
"""``ut_eval_new``'s and ``ut_eval_map``'s ``params``: free_move, relevance, chance, big_two, big_one, the nine
won sub-boards by place."""
DECISION_FIELDS = 6
"""``ut_think``'s ``out``: move, value, depth, partial, solved, principal variation's length."""
COUNTS = 3
"""``ut_think``'s ``counts``: nodes, table hits, search start (microseconds of the monotonic clock)."""
MAX_PV = 81

# C type, ctypes type: the vocabulary of the signatures below.
_TYPES: dict[str, tuple[str, object]] = {
    "void": ("void", None),
    "int": ("int32_t", ctypes.c_int32),
    "uint32": ("uint32_t", ctypes.c_uint32),
    "int64": ("int64_t", ctypes.c_int64),
    "uint64": ("uint64_t", ctypes.c_uint64),
    "double": ("double", ctypes.c_double),
    "handle": ("void *", ctypes.c_void_p),
    "const handle": ("const void *", ctypes.c_void_p),
    "bytes in": ("const int8_t *", ctypes.c_char_p),
    "path": ("const char *", ctypes.c_char_p),
    "bytes out": ("uint8_t *", ctypes.c_char_p),
    "chunks": ("const uint32_t *", ctypes.POINTER(ctypes.c_uint32)),
    "int32 in": ("const int32_t *", ctypes.POINTER(ctypes.c_int32)),
    "int16 in": ("const int16_t *", ctypes.POINTER(ctypes.c_int16)),
    "int32 out": ("int32_t *", ctypes.POINTER(ctypes.c_int32)),
    "int64 out": ("int64_t *", ctypes.POINTER(ctypes.c_int64)),
}

FUNCTIONS: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    "ut_abi": ("uint32", ()),
    "ut_table_new": ("handle", (("int", "bits"),)),
    "ut_table_free": ("void", (("handle", "table"),)),
    "ut_eval_new": ("handle", (("bytes in", "tables"), ("int64", "offset"), ("int32 in", "params"))),
    "ut_eval_map": ("handle", (("path", "path"), ("int64", "offset"), ("int32 in", "params"))),
    "ut_eval_free": ("void", (("handle", "eval"),)),
    "ut_eval_set_net": ("int", (("handle", "eval"), ("int16 in", "weights"), ("int", "b2"))),
    "ut_evaluate": ("int", (("const handle", "eval"), ("uint64", "low"), ("chunks", "chunks"), ("int", "draw"))),
    "ut_legal_moves": ("int", (("uint64", "low"), ("chunks", "chunks"), ("bytes out", "out"))),
    "ut_search_depth": ("int", (("handle", "table"), ("const handle", "eval"), ("uint64", "low"),
                                ("chunks", "chunks"), ("int", "draw"), ("int", "depth"), ("int", "flags"),
                                ("int", "quiesce_plies"), ("int64 out", "nodes"))),
    "ut_think": ("int", (("handle", "table"), ("const handle", "eval"), ("uint64", "low"), ("chunks", "chunks"),
                         ("int", "draw"), ("double", "deadline"), ("int", "max_depth"), ("int", "flags"),
                         ("int", "quiesce_plies"), ("int32 out", "out"), ("int64 out", "counts"),
                         ("int32 out", "pv"))),
}
"""Each exported function: result type and ``(type, name)`` parameters, in :data:`_TYPES`' words."""


def declare(lib: ctypes.CDLL) -> None:
    """Give each function of :data:`FUNCTIONS` its ctypes result and argument types.

    :raises AttributeError: the library lacks one of them.
    """
    for name, (result, params) in FUNCTIONS.items():
        function = getattr(lib, name)
        function.restype = _TYPES[result][1]
        function.argtypes = [_TYPES[kind][1] for kind, _ in params]


def _constants() -> list[tuple[str, int | float, str]]:
    # The Python values the header mirrors, imported here: sm-bot only declares and checks the library.
    from engine.bot.iterative import REDUCE_LATE
    from engine.evaluation import ultimate_net as net
    from engine.evaluation.ultimate import CHANCE_SCALE, O_CANNOT_WIN, X_CANNOT_WIN
    from engine.evaluation.ultimate_weights import DRAW_SUB, WIN
    from engine.games import ultimate_state as layout
    from engine.search import transposition
    from engine.search.zobrist import SEED as ZOBRIST_SEED

    lines: list[tuple[str, int | float, str]] = [
        ("WIN", WIN, "engine.evaluation.ultimate_weights.WIN: a won game's score before the earlier-is-better bonus"),
        ("DRAW_SUB", DRAW_SUB, "engine.evaluation.ultimate_weights.DRAW_SUB: a draw's tie-break per won sub-board"),
        ("CHANCE_SCALE", CHANCE_SCALE, "engine.evaluation.ultimate.CHANCE_SCALE"),
        ("X_CANNOT_WIN", X_CANNOT_WIN, "engine.evaluation.ultimate.X_CANNOT_WIN"),
        ("O_CANNOT_WIN", O_CANNOT_WIN, "engine.evaluation.ultimate.O_CANNOT_WIN"),
        ("TT_EXACT", transposition.EXACT, "engine.search.transposition.EXACT"),
        ("TT_LOWER", transposition.LOWER, "engine.search.transposition.LOWER"),
        ("TT_UPPER", transposition.UPPER, "engine.search.transposition.UPPER"),
        ("REDUCE_LATE", REDUCE_LATE, "engine.bot.iterative.REDUCE_LATE: late-move reductions from this move on"),
        ("ZOBRIST_SEED", ZOBRIST_SEED, "engine.search.zobrist.SEED"),
        ("SIDE_BIT", layout.SIDE_BIT, "engine.games.ultimate_state: the packed state's bits"),
        ("LAST_SHIFT", layout.LAST_SHIFT, ""),
        ("CLOSED_SHIFT", layout.CLOSED_SHIFT, ""),
        ("X_WON_SHIFT", layout.X_WON_SHIFT, ""),
        ("O_WON_SHIFT", layout.O_WON_SHIFT, ""),
        ("OVER_SHIFT", layout.OVER_BIT.bit_length() - 1, ""),
        ("CELLS_SHIFT", layout.CELLS_SHIFT, ""),
        ("SUB_STRIDE", layout.SUB_STRIDE, ""),
        ("NINE", layout.NINE, ""),
        ("CHUNK_MASK", layout.CHUNK, ""),
        ("FLAG_NO_TABLE", FLAG_NO_TABLE, "flags of ut_search_depth and ut_think"),
        ("FLAG_NO_REDUCTIONS", FLAG_NO_REDUCTIONS, ""),
        ("FLAG_NO_QUIESCENCE", FLAG_NO_QUIESCENCE, ""),
        ("FLAG_INTERRUPTIBLE", FLAG_INTERRUPTIBLE, "ut_think: stop at SIGINT (Ctrl-C)"),
        ("INTERRUPTED", INTERRUPTED, "ut_think's result when SIGINT stopped it"),
        ("EVAL_PARAMS", EVAL_PARAMS, "ut_eval_new's and ut_eval_map's params"),
        ("DECISION_FIELDS", DECISION_FIELDS, "ut_think's out"),
        ("COUNTS", COUNTS, "ut_think's counts"),
        ("MAX_PV", MAX_PV, "ut_think's pv"),
        ("NET_HIDDEN", net.HIDDEN, "engine.evaluation.ultimate_net: the learned evaluation's layout"),
        ("NET_FEATURES", net.FEATURES, ""),
        ("NET_BIG_OFFSET", net.BIG_OFFSET, ""),
        ("NET_FORCED_OFFSET", net.FORCED_OFFSET, ""),
        ("NET_SIDE_OFFSET", net.SIDE_OFFSET, ""),
        ("NET_QA", net.QA, ""),
        ("NET_QB", net.QB, ""),
        ("NET_OUT_SCALE", net.OUT_SCALE, ""),
        ("NET_VALUE_LIMIT", net.VALUE_LIMIT, ""),
    ]
    return lines


def _literal(value: int | float) -> str:
    if isinstance(value, float):
        return repr(value)
    return f"{value}ULL" if value > 0x7FFFFFFF else str(value)


def header_body() -> str:
    """The header without its last line (``UT_ABI``): what the checksum covers, with the C sources."""
    from engine.evaluation.ultimate import BIG_LINES
    from engine.games.tictactoe import LINE_MASKS

    out = ["/* Generated by engine/bot/native_interface.py from the Python values: do not edit. Regenerate with",
           " *     python -m engine.bot.native_interface",
           " * (tests/engine/bot/test_native_interface.py fails while this file is stale). */",
           "#ifndef ULTIMATE_INTERFACE_H", "#define ULTIMATE_INTERFACE_H", "", "#include <stdint.h>", ""]
    for name, value, note in _constants():
        out.append(f"#define {name} {_literal(value)}" + (f" /* {note} */" if note else ""))
    out.append("")
    masks = ", ".join(f"0{m:03o}" for m in LINE_MASKS)
    out.append(f"static const uint16_t LINES[{len(LINE_MASKS)}] = {{{masks}}}; /* engine.games.tictactoe.LINE_MASKS */")
    triples = ", ".join("{" + ", ".join(map(str, line)) + "}" for line in BIG_LINES)
    out.append(f"static const int BIG_LINES[{len(BIG_LINES)}][3] = {{{triples}}}; "
               "/* engine.evaluation.ultimate.BIG_LINES */")
    out.append("")
    for name, (result, params) in FUNCTIONS.items():
        c_result = _TYPES[result][0]
        args = ", ".join(f"{_TYPES[kind][0]}{'' if _TYPES[kind][0].endswith('*') else ' '}{arg}"
                         for kind, arg in params) or "void"
        out.append(f"{c_result}{'' if c_result.endswith('*') else ' '}{name}({args});")
    out.append("")
    return "\n".join(out) + "\n"


def abi_identity(body: str | None = None) -> int:
    """The checksum (CRC-32) of the header's body and the hand-written C sources, as ``UT_ABI`` says it."""
    import zlib

    data = (header_body() if body is None else body).encode()
    for source in SOURCES:
        with open(source, "rb") as file:
            data += file.read()
    return zlib.crc32(data)


def header_text() -> str:
    """The whole header as it must be on disk."""
    body = header_body()
    return f"{body}#define {ABI_MACRO} {abi_identity(body)}U\n\n#endif\n"


def abi_of_header(text: str) -> int | None:
    """The ``UT_ABI`` a header says, or None when it says none."""
    marker = f"#define {ABI_MACRO} "
    start = text.rfind(marker)
    if start < 0:
        return None
    word = text[start + len(marker):].split(None, 1)[0].rstrip("U")
    return int(word) if word.isdigit() else None


def main() -> None:
    """Rewrite the header (when it changed) and say where."""
    text = header_text()
    try:
        with open(HEADER, encoding="utf-8") as file:
            current = file.read() == text
    except FileNotFoundError:
        current = False
    if not current:
        with open(HEADER, "w", encoding="utf-8") as file:
            file.write(text)
        print(f"native_interface: wrote {HEADER}")
    else:
        print(f"native_interface: {HEADER} is current")


if __name__ == "__main__":
    main()
