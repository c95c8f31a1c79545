"""sm-bot's learned evaluation: a small integer net over sub-board line patterns (NNUE-like), and its file.

Design (issue 36). What a strong ultimate position is made of is local patterns and how they
combine on the big board, so the inputs are patterns, not cells (a net over single cells lost
190-300 Elo at equal depth in the one public engine that tried both):

- every line (8) of every *open* sub-board (9 places) by its three cells (empty, x, o: 27
  states): ``9 x 8 x 27 = 1,944`` features, of which at most 72 are on; a closed
  (won or drawn) sub-board's cells no longer matter and light nothing;
- every big-board line (8) by its three sub-boards (open, won by x, won by o, drawn: 64
  states): 512 features, 8 on;
- the sub-board the side to move is sent to (1-9), or 0 for a free move: 10 features, 1 on;
- the side to move: 2 features, 1 on.

Inputs are absolute (x and o, not "mine" and "theirs"), so the value is x's, as the classic
evaluation's, and a move changes only what it touches. The net: one hidden layer of
:data:`HIDDEN` units, the sum of the rows of the lit features plus a bias (int16 weights,
an int32 sum), clipped to ``[0, QA]`` (clipped ReLU), and an output ``b2 + sum(h * w2)`` (int16
``w2``, int32 ``b2``) scaled to the classic evaluation's units: ``floor(out * OUT_SCALE / (QA * QB))``,
held within +-:data:`VALUE_LIMIT` (far below a won game's worth). 2,468 features x 16 + 16 + 16 + 1
= 39,521 parameters. The same integers come out of the C search (engine/bot/native/ultimate_search.c,
``net_value``) and of :meth:`Net.value` here, so the two searches stay equal node for node.

Incremental updates: a move changes one sub-board's lines (4 of 8 at most), perhaps a big-board
line and always the forced sub-board and side; the whole sum is 82 rows of 16 int16 -- some 100
vector additions, a few tens of nanoseconds in C -- so it is computed afresh at every evaluated node,
which keeps the C search free of a per-ply accumulator stack (measured: see the README).

The exact parts of the classic evaluation stay: a certain draw, and a win the side to move can take
with its next move, are scored exactly before the net is asked (:func:`engine.evaluation.ultimate.make_evaluate`).

The weights file (``.bin``): magic ``UTTNET``, format version, the layout (features, hidden, QA, QB,
OUT_SCALE), the payload's length and SHA-256, then a UTF-8 note (how it was made) and the payload
(``w1`` row by row, ``b1``, ``w2`` as little-endian int16, ``b2`` as int32). A file missing, cut short, of
another version or layout, or whose hash does not match, is refused with :class:`NetFileError`
naming the file.
"""

from __future__ import annotations

import struct
from os import path as _path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

MAGIC = b"UTTNET\x00\x00"
VERSION = 1
HIDDEN = 16
QA = 127
"""A hidden unit's clip: 1.0 of the float net."""
QB = 64
"""The output weights' scale: 1.0 of the float net."""
OUT_SCALE = 1000
"""Classic-evaluation units per 1.0 of the float net's output."""
VALUE_LIMIT = 30_000
"""The net's value is held within +-this (a won game is worth a million)."""

LINE_CELLS: tuple[tuple[int, int, int], ...] = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
                                                (0, 4, 8), (2, 4, 6))
"""The 8 lines of a 3x3 board by their cells (0-8, reading order), in the C search's order (``BIG_LINES``)."""
SUB_FEATURES = 9 * 8 * 27
BIG_OFFSET = SUB_FEATURES
BIG_FEATURES = 8 * 64
FORCED_OFFSET = BIG_OFFSET + BIG_FEATURES
SIDE_OFFSET = FORCED_OFFSET + 10
FEATURES = SIDE_OFFSET + 2
MAX_ACTIVE = 9 * 8 + 8 + 1 + 1
PARAMETERS = FEATURES * HIDDEN + HIDDEN + HIDDEN + 1
HEADER = struct.Struct("<8sIIIIIII32s")
"""magic, version, features, hidden, QA, QB, OUT_SCALE, note length, SHA-256 of note + payload."""
DEFAULT_FILE = _path.join(_path.dirname(__file__), "ultimate_net.bin")
"""The committed weights (scripts/train_eval.py made them; the note inside says how)."""

_NINE = 0x1FF
_CHUNK = 0x3FFFF
_CELLS_SHIFT = 36
_SENT_TO = tuple((low >> 1) % 10 for low in range(256))


def _sha256() -> Callable[[bytes], object]:
    """SHA-256 without hashlib: its import loads OpenSSL, 20 ms of ``sm-bot --eval learned``'s budget here; the
    interpreter's own implementation (``_sha2``, ``_sha256`` before Python 3.12) gives the same digests."""
    try:
        from _sha2 import sha256  # type: ignore[import-not-found, unused-ignore]  # CPython's private module, no stub (sm-bot skips hashlib's start-up)
    except ImportError:
        try:
            from _sha256 import sha256  # type: ignore[import-not-found, no-redef, unused-ignore]  # older CPython's name for it
        except ImportError:
            from hashlib import sha256  # type: ignore[assignment, unused-ignore]  # hashlib's, when neither private one exists
    return sha256  # type: ignore[no-any-return, unused-ignore]  # the private modules are untyped


def _digest(data: bytes) -> bytes:
    return _sha256()(data).digest()  # type: ignore[attr-defined, no-any-return, unused-ignore]  # the private modules are untyped


class NetFileError(ValueError):
    """A weights file that cannot be used: missing, cut short, another version or layout, a wrong hash."""


def sub_line_states(xs: int, os_: int) -> list[int]:
    """The 8 lines' states (0-26: cell 0 + 3 cell 1 + 9 cell 2, a cell 0 empty, 1 x, 2 o) of one sub-board."""
    out = []
    for a, b, c in LINE_CELLS:
        out.append(((xs >> a & 1) + 2 * (os_ >> a & 1)) + 3 * ((xs >> b & 1) + 2 * (os_ >> b & 1))
                   + 9 * ((xs >> c & 1) + 2 * (os_ >> c & 1)))
    return out


def features(state: int) -> list[int]:
    """The lit features of an unfinished ultimate state (see the module's docstring), ascending."""
    closed = state >> 8 & _NINE
    xw = state >> 17 & _NINE
    ow = state >> 26 & _NINE
    cells = state >> _CELLS_SHIFT
    out = []
    for place in range(9):
        if closed >> place & 1:
            continue
        chunk = cells >> (18 * place) & _CHUNK
        base = place * 8 * 27
        for line, st in enumerate(sub_line_states(chunk & _NINE, chunk >> 9)):
            out.append(base + line * 27 + st)
    drawn = closed & ~(xw | ow)
    for line, (a, b, c) in enumerate(LINE_CELLS):
        st = 0
        for k, cell in enumerate((a, b, c)):
            kind = 1 if xw >> cell & 1 else 2 if ow >> cell & 1 else 3 if drawn >> cell & 1 else 0
            st += kind * 4 ** k
        out.append(BIG_OFFSET + line * 64 + st)
    sub = _SENT_TO[state & 0xFF]
    forced = sub if sub and not closed >> (sub - 1) & 1 else 0
    out.append(FORCED_OFFSET + forced)
    out.append(SIDE_OFFSET + (state & 1))
    return out


def scale_output(out: int) -> int:
    """The value (classic-evaluation units, x's view) of the output layer's integer sum."""
    value = out * OUT_SCALE // (QA * QB)  # floor, as the C search's floor division
    return max(-VALUE_LIMIT, min(VALUE_LIMIT, value))


class Net:
    """The integer net: ``w1`` (FEATURES rows of HIDDEN int16), ``b1``, ``w2`` (HIDDEN int16 each), ``b2`` (int32)."""

    def __init__(self, w1: list[list[int]], b1: list[int], w2: list[int], b2: int, note: str = "") -> None:
        if len(w1) != FEATURES or any(len(r) != HIDDEN for r in w1) or len(b1) != HIDDEN or len(w2) != HIDDEN:
            raise ValueError(f"a net has {FEATURES} rows of {HIDDEN} weights, {HIDDEN} biases and {HIDDEN} outputs")
        for value in (*(v for r in w1 for v in r), *b1, *w2):
            if not -32768 <= value <= 32767:
                raise ValueError(f"weight {value} does not fit in 16 bits")
        if not -2**31 <= b2 < 2**31:
            raise ValueError(f"output bias {b2} does not fit in 32 bits")
        self._w1: list[list[int]] | None = w1
        self._b1: list[int] | None = b1
        self._w2: list[int] | None = w2
        self.b2 = b2
        self.note = note
        self._payload: bytes | None = None

    def _unpack(self) -> None:
        """The Python lists, from a file's payload (made on first use: the C search needs only the bytes)."""
        assert self._payload is not None
        flat = list(struct.unpack_from(f"<{FEATURES * HIDDEN + 2 * HIDDEN}h", self._payload))
        self._w1 = [flat[r * HIDDEN:(r + 1) * HIDDEN] for r in range(FEATURES)]
        self._b1 = flat[FEATURES * HIDDEN:FEATURES * HIDDEN + HIDDEN]
        self._w2 = flat[FEATURES * HIDDEN + HIDDEN:]

    @property
    def w1(self) -> list[list[int]]:
        """FEATURES rows of HIDDEN first-layer weights."""
        if self._w1 is None:
            self._unpack()
        assert self._w1 is not None
        return self._w1

    @property
    def b1(self) -> list[int]:
        if self._b1 is None:
            self._unpack()
        assert self._b1 is not None
        return self._b1

    @property
    def w2(self) -> list[int]:
        if self._w2 is None:
            self._unpack()
        assert self._w2 is not None
        return self._w2

    def accumulate(self, state: int) -> list[int]:
        """The hidden layer's sums before the clip."""
        acc = list(self.b1)
        for f in features(state):
            row = self.w1[f]
            for j in range(HIDDEN):
                acc[j] += row[j]
        return acc

    def value(self, state: int) -> int:
        """The net's value of an unfinished state, x's view, in the classic evaluation's units."""
        out = self.b2
        for a, w in zip(self.accumulate(state), self.w2, strict=True):
            out += (0 if a < 0 else QA if a > QA else a) * w
        return scale_output(out)

    def payload(self) -> bytes:
        """The weights as the file stores them (little-endian int16: ``w1`` row by row, ``b1``, ``w2``; then ``b2``
        as int32); the C search takes the int16 part as it is."""
        if self._payload is None:
            flat = [v for r in self.w1 for v in r] + self.b1 + self.w2
            self._payload = struct.pack(f"<{len(flat)}hi", *flat, self.b2)
        return self._payload

    def digest(self) -> str:
        """SHA-256 of the note and the payload, as the file's header holds it (hexadecimal)."""
        return _digest(self.note.encode() + self.payload()).hex()

    def to_bytes(self) -> bytes:
        """The whole weights file."""
        note = self.note.encode()
        body = note + self.payload()
        return HEADER.pack(MAGIC, VERSION, FEATURES, HIDDEN, QA, QB, OUT_SCALE, len(note),
                           _digest(body)) + body

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "the weights") -> Net:
        """Read a weights file's bytes. :raises NetFileError: naming ``name``, when they are not a usable net."""
        if len(data) < HEADER.size:
            raise NetFileError(f"{name}: cut short ({len(data)} bytes, the header alone is {HEADER.size})")
        magic, version, features_, hidden, qa, qb, scale, note_length, digest = HEADER.unpack_from(data)
        if magic != MAGIC:
            raise NetFileError(f"{name}: not a treeviz net weights file")
        if version != VERSION:
            raise NetFileError(f"{name}: weights of format version {version}; this treeviz reads version {VERSION}")
        if (features_, hidden, qa, qb, scale) != (FEATURES, HIDDEN, QA, QB, OUT_SCALE):
            raise NetFileError(f"{name}: a net of {features_} features and {hidden} hidden units (QA {qa}, QB {qb}, "
                               f"scale {scale}); this treeviz needs {FEATURES}, {HIDDEN} ({QA}, {QB}, {OUT_SCALE})")
        size = (FEATURES * HIDDEN + 2 * HIDDEN) * 2 + 4
        body = data[HEADER.size:]
        if len(body) != note_length + size:
            raise NetFileError(f"{name}: {len(body)} bytes after the header, {note_length + size} expected "
                               "(cut short or padded)")
        if _digest(body) != digest:
            raise NetFileError(f"{name}: the weights do not match their SHA-256 (damaged)")
        try:
            note = body[:note_length].decode()
        except UnicodeDecodeError:
            raise NetFileError(f"{name}: its note is not UTF-8 (damaged)") from None
        net = cls.__new__(cls)
        net._w1 = net._b1 = net._w2 = None
        net._payload = bytes(body[note_length:])
        (net.b2,) = struct.unpack_from("<i", net._payload, size - 4)
        net.note = note
        return net


def load_net(path: str = DEFAULT_FILE) -> Net:
    """The net in the weights file ``path``. :raises NetFileError: naming the file, when it cannot be used."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise NetFileError(f"{path}: cannot read the weights: {exc.strerror or exc}") from None
    return Net.from_bytes(data, path)
