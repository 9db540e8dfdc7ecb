"""Hypothesis strategies of hostile input for the fuzz suite (tests/test_fuzz.py).

Everything the strategies draw is a plain, printable *spec* (a small frozen
dataclass or a plain value) that ``build()`` turns into the object handed to
pycards, inside the forked child and fresh for every call: generators are
consumed, arrays may be read-only, and a shrunk failing example prints as
something a person can paste into a REPL.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from hypothesis import strategies as st

# --- card ids -------------------------------------------------------------------------------

HUGE_INTS = (
    2**31 - 1, 2**31, -(2**31) - 1, 2**32, 2**32 + 1,
    2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**64 + 3,
    -(2**63), -(2**63) - 1, -(2**64), 10**30, -(10**30), 2**200,
)  # fmt: skip
"""Ints past the C int, long, and 64-bit unsigned ranges, both signs."""

INT_DTYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
BIG_ENDIAN_DTYPES = (">i2", ">u2", ">i4", ">u4", ">i8", ">u8")
OTHER_DTYPES = ("bool", "float32", "float64", "complex128", "object", "<U3")

CARD_STRINGS = (
    "AH", "KH", "QH", "JH", "10H", "10h", "th", "TH", "9♦", "2♣", "as", " AS ", "ah",
    "1H", "11H", "AX", "ZZ", "A", "H", "10", "", " ", "\x00", "A\x00H", "AH AH", "AH,KH",
    "\u0410H", "ＡＨ", "10Ｈ", "🂡", "AH\n", "a" * 5000,
)  # fmt: skip
"""Card strings, near misses and junk (NUL bytes, lookalike letters, very long)."""

FLOATS = (3.0, 3.7, 0.0, -0.0, 51.0, 52.0, -1.0, math.nan, math.inf, -math.inf, 1e300)


class IntSub(int):
    """An int subclass: a valid id in an object that is not an exact int."""

    def __repr__(self) -> str:
        return f"IntSub({int(self)})"


class Indexable:
    """An object with ``__index__`` (as numpy scalars have), but not an int."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"Indexable({self.value})"


@st.composite
def numpy_int_scalars(draw: st.DrawFn) -> Any:
    """A numpy integer scalar of any dtype: a valid id, or an edge value of the dtype."""
    dtype = draw(st.sampled_from(INT_DTYPES))
    info = np.iinfo(dtype)
    value = draw(
        st.one_of(
            st.integers(0, 51),
            st.sampled_from([info.min, info.max, 52, -1 if info.min < 0 else 0, info.max // 2]),
            st.integers(int(info.min), int(info.max)),
        )
    )
    return np.dtype(dtype).type(value)


valid_ids = st.integers(0, 51)

hostile_ids = st.one_of(
    st.integers(-300, -1),
    st.integers(52, 300),
    st.sampled_from(HUGE_INTS),
    numpy_int_scalars(),
    st.booleans(),
    st.sampled_from([np.True_, np.False_]),
    st.sampled_from(FLOATS),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(CARD_STRINGS),
    st.text(max_size=6),
    st.none(),
    st.binary(max_size=4),
    st.lists(valid_ids, max_size=3),
    st.tuples(valid_ids),
    valid_ids.map(IntSub),
    st.one_of(valid_ids, st.sampled_from(HUGE_INTS)).map(Indexable),
    st.just(object()),
    st.just({}),
    st.just(np.array(5)),
    st.just(np.array([5, 6])),
    st.just(1 + 2j),
)
"""Anything but a plain valid id."""

card_like = st.one_of(
    valid_ids, valid_ids, valid_ids, valid_ids,  # weighted: most items are valid
    valid_ids.map(lambda c: ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"][c >> 2] + "CDHS"[c & 3]),
    hostile_ids,
)
"""One item of a hand: mostly valid ids and card strings, often something hostile."""


# --- hands ----------------------------------------------------------------------------------

HAND_KINDS = ("list", "tuple", "generator", "ndarray", "set", "dict_keys", "dict", "text", "range")


@dataclass(frozen=True)
class HandSpec:
    """A hand to build: ``kind`` of container around ``items`` (or ``value`` verbatim)."""

    kind: str
    items: tuple = ()
    value: Any = None
    dtype: str = ""

    def build(self) -> Any:
        items = list(self.items)
        if self.kind == "list":
            return items
        if self.kind == "tuple":
            return tuple(items)
        if self.kind == "generator":
            return (x for x in items)
        if self.kind == "ndarray":
            return np.array(items, dtype=self.dtype or None)
        if self.kind == "set":
            return set(items)
        if self.kind == "dict":
            return dict.fromkeys(items)
        if self.kind == "dict_keys":
            return dict.fromkeys(items).keys()
        if self.kind == "text":
            return self.value
        if self.kind == "range":
            return range(*self.items)
        if self.kind == "value":
            return self.value
        raise AssertionError(f"unknown hand kind {self.kind!r}")

    def __repr__(self) -> str:
        if self.kind in ("text", "value"):
            return f"HandSpec({self.kind}: {self.value!r})"
        extra = f", dtype={self.dtype}" if self.dtype else ""
        return f"HandSpec({self.kind}{extra}: {list(self.items)!r})"


def _hashable(x: Any) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


def _text_of(ids: list[int], sep: str, lower: bool) -> str:
    words = [
        ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"][c >> 2] + "CDHS"[c & 3]
        for c in ids
    ]
    text = sep.join(words)
    return text.lower() if lower else text


@st.composite
def text_hands(draw: st.DrawFn, size: int | None = None) -> str:
    """A hand as text: real cards (joined by spaces or commas), junk, or huge text."""
    n = size if size is not None else draw(st.integers(0, 20))
    ids = draw(st.lists(valid_ids, min_size=n, max_size=n, unique=draw(st.booleans()) or n > 20))
    choice = draw(st.integers(0, 9))
    if choice <= 5:
        return _text_of(ids, draw(st.sampled_from([" ", ",", ", ", "  ", "\t", "\n", " ,"])),
                        draw(st.booleans()))
    if choice == 6:
        return draw(st.sampled_from([
            "AH KH QH JH 10H", "AH KH QH JH 10H 9H", "AH KH QH JH", "AH AH KH QH JH",
            "AH KH QH JH 1X", "", " ", ",,,", "\x00", "AH\x00KH QH JH 10H", "AH KH QH JH 10H\x00",
            "AH KH QH JH 10H " * 10_000, "2C " * 100_000, "x" * 1_000_000, "🂡 🂮 🂭 🂫 🂪",
            "10C 10D 10H 10S JC JD JH JS QC QD", "AH;KH;QH;JH;10H",
        ]))
    return draw(st.text(max_size=40))


def _length(draw: st.DrawFn, k: int | None) -> int:
    if k is not None and draw(st.integers(0, 2)):
        return k  # two times in three: the evaluator's own hand size (the fast path)
    return draw(st.one_of(st.integers(0, 8), st.integers(0, 60)))


@st.composite
def hands(draw: st.DrawFn, k: int | None = None, hostile: bool = True) -> HandSpec:
    """A hand spec: containers of ids and strings of length 0..60, text, or a non-hand.

    ``k`` is the evaluator's hand size, drawn more often than other lengths.
    """
    kind = draw(st.sampled_from(HAND_KINDS + ("value",) if hostile else ("list", "tuple", "text")))
    if kind == "text":
        return HandSpec("text", value=draw(text_hands(k if k is not None and draw(st.booleans()) else None)))
    if kind == "value":
        return HandSpec("value", value=draw(st.one_of(
            st.none(), st.integers(), st.sampled_from(HUGE_INTS), st.sampled_from(FLOATS),
            st.binary(max_size=20), st.just(b"AH KH QH JH 10H"), st.just(bytearray(b"AH KH QH")),
            st.just(object()), st.just(np.array(7)), st.just(np.array([[0, 4, 8, 12, 17]])),
            st.just(np.zeros((2, 3, 5), dtype=np.int64)), st.just(np.array(["AH", "KH", "QH"])),
            st.just(memoryview(b"\x00\x04\x08\x0c\x11")), st.just(iter([])), st.just(True),
        )))
    n = _length(draw, k)
    if kind == "range":
        start = draw(st.integers(-5, 51))
        step = draw(st.sampled_from([1, 2, 4, 13, -1]))
        return HandSpec("range", items=(start, start + step * n, step))
    if kind == "ndarray":
        dtype = draw(st.sampled_from(INT_DTYPES + BIG_ENDIAN_DTYPES + ("float64", "bool", "object", "<U3")))
        if dtype in ("object",):
            items = tuple(draw(st.lists(card_like, min_size=n, max_size=n)))
        elif dtype == "<U3":
            items = tuple(draw(st.lists(st.sampled_from(CARD_STRINGS[:12]), min_size=n, max_size=n)))
        elif dtype == "bool":
            items = tuple(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
        elif dtype == "float64":
            items = tuple(draw(st.lists(st.sampled_from(FLOATS + (0.0, 4.0, 8.0)), min_size=n, max_size=n)))
        else:
            info = np.iinfo(dtype)
            items = tuple(draw(st.lists(
                st.one_of(valid_ids, valid_ids, st.sampled_from([int(info.min), int(info.max), 52])),
                min_size=n, max_size=n)))
        return HandSpec("ndarray", items=items, dtype=dtype)
    element = card_like if hostile else valid_ids
    shape = draw(st.integers(0, 7))
    if shape == 0:
        # a plain valid hand of distinct ids, of any size up to the whole pack
        n = draw(st.one_of(st.just(n), st.integers(0, 52), st.sampled_from([16, 17, 52])))
        items = draw(st.lists(valid_ids, min_size=min(n, 52), max_size=min(n, 52), unique=True))
    elif shape <= 2:
        # a plain valid hand of distinct ids with one hostile item at some position
        items = draw(st.lists(valid_ids, min_size=n, max_size=n, unique=n <= 52))
        if items:
            items[draw(st.integers(0, len(items) - 1))] = draw(hostile_ids if hostile else valid_ids)
    else:
        items = draw(st.lists(element, min_size=n, max_size=n))
    if kind in ("set", "dict", "dict_keys"):
        items = [x for x in items if _hashable(x)]
    return HandSpec(kind, items=tuple(items))


def valid_hands(k_min: int, k_max: int | None = None) -> st.SearchStrategy[list[int]]:
    """Lists of distinct valid ids."""
    return st.lists(valid_ids, min_size=k_min, max_size=k_min if k_max is None else k_max, unique=True)


# --- rules and other arguments -------------------------------------------------------------

def rules_args(profiles: tuple[str, ...]) -> st.SearchStrategy[Any]:
    """Rules arguments: valid names, case variants, wrong names and non-strings."""
    return st.one_of(
        st.sampled_from(profiles),
        st.sampled_from(profiles).map(str.upper),
        st.sampled_from(profiles).map(str.title),
        st.sampled_from(profiles).map(lambda p: f" {p}"),
        st.sampled_from(profiles).map(lambda p: p.encode()),
        st.sampled_from(profiles).map(lambda p: [p]),
        st.sampled_from(["", "englishh", "poker", "brag", "commerce", "default", "\x00", "english\x00"]),
        st.text(max_size=12),
        st.none(),
        st.integers(-3, 10),
        st.sampled_from(HUGE_INTS),
        st.sampled_from(FLOATS),
        st.just(object()),
        st.just({}),
    )


anything = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from(HUGE_INTS), st.sampled_from(FLOATS),
    st.text(max_size=10), st.binary(max_size=5), st.sampled_from(CARD_STRINGS), numpy_int_scalars(),
    st.lists(st.integers(-2, 60), max_size=6), st.just(object()), st.just({}), st.just(np.array([1, 2])),
)
"""Any argument at all (for scalar parameters: counts, stakes, seeds, flags)."""


# --- batches --------------------------------------------------------------------------------

LAYOUTS = (
    "C", "F", "rows_strided", "cols_strided", "cols_reversed", "rows_reversed", "both_reversed",
    "transposed", "readonly", "unaligned", "broadcast_rows", "broadcast_cols", "list", "tuple_rows",
)  # fmt: skip


@dataclass(frozen=True)
class BatchSpec:
    """A batch to build: ``values`` (rows of Python ints) in ``dtype`` and ``layout``.

    ``shape`` overrides the 2-D shape of ``values`` (1-D and 3-D batches are the
    flattened values reshaped); ``value`` is a non-array object passed as is.
    """

    values: tuple = ()
    cols: int = 0
    dtype: str = "int64"
    layout: str = "C"
    shape: tuple | None = None
    value: Any = None
    verbatim: bool = False

    def intended(self) -> np.ndarray:
        """The 2-D array the built object must read as: the values cast into the dtype.

        Integers out of an integer dtype's range wrap around, as C casts do (so
        -1 in ``uint8`` is 255); other dtypes get the values wrapped into int64.
        """
        n, k = len(self.values), self.cols
        dtype = np.dtype(self.dtype)
        target = dtype if dtype.kind in "iu" else np.dtype(np.int64)
        info = np.iinfo(target)
        low, span = int(info.min), int(info.max) - int(info.min) + 1
        wrapped = [[(int(v) - low) % span + low for v in row] for row in self.values]
        raw = np.array(wrapped, dtype=target.newbyteorder("=")).reshape(n, k)
        return raw.astype(dtype)

    def build(self) -> Any:
        if self.verbatim:
            return self.value
        a = self.intended()
        if self.shape is not None:
            a = a.reshape(self.shape)
        layout = self.layout
        if a.ndim != 2 and layout not in ("C", "F", "readonly", "list"):
            layout = "C"
        if layout == "C":
            return np.ascontiguousarray(a)
        if layout == "F":
            return np.asfortranarray(a)
        if layout == "list":
            return a.tolist()
        if layout == "tuple_rows":
            return tuple(tuple(row) for row in a.tolist())
        if layout == "readonly":
            b = a.copy()
            b.setflags(write=False)
            return b
        n, k = a.shape
        if layout == "rows_strided":
            b = np.empty((2 * n, k), dtype=a.dtype)
            b[::2] = a
            b[1::2] = _junk(b[1::2].shape, a.dtype)
            return b[::2]
        if layout == "cols_strided":
            b = np.empty((n, 2 * k), dtype=a.dtype)
            b[:, ::2] = a
            b[:, 1::2] = _junk(b[:, 1::2].shape, a.dtype)
            return b[:, ::2]
        if layout == "cols_reversed":
            return a[:, ::-1].copy()[:, ::-1]
        if layout == "rows_reversed":
            return a[::-1].copy()[::-1]
        if layout == "both_reversed":
            return a[::-1, ::-1].copy()[::-1, ::-1]
        if layout == "transposed":
            return a.T.copy().T
        if layout == "unaligned":
            if a.dtype.kind == "O":
                return a
            size = a.size * a.dtype.itemsize
            buffer = bytearray(size + 1)
            b = np.frombuffer(buffer, dtype=a.dtype, count=a.size, offset=1).reshape(a.shape)
            b[...] = a
            return b
        if layout == "broadcast_rows":  # row stride 0: every row is row 0
            return np.broadcast_to(a[:1], a.shape) if n else a
        if layout == "broadcast_cols":  # column stride 0: every column is column 0
            return np.broadcast_to(a[:, :1], a.shape) if k else a
        raise AssertionError(f"unknown layout {layout!r}")

    def __repr__(self) -> str:
        if self.verbatim:
            return f"BatchSpec(value={self.value!r})"
        shape = f", shape={self.shape}" if self.shape is not None else ""
        return f"BatchSpec(dtype={self.dtype!r}, layout={self.layout!r}{shape}, values={[list(r) for r in self.values]!r})"


def _junk(shape: tuple, dtype: np.dtype) -> np.ndarray:
    """Values between the rows or columns of a strided view: all bits set."""
    if dtype.kind in "iu":
        return np.full(shape, -1 if dtype.kind == "i" else np.iinfo(dtype).max, dtype=dtype)
    if dtype.kind == "O":
        return np.full(shape, None, dtype=dtype)
    return np.zeros(shape, dtype=dtype)


@st.composite
def batch_entries(draw: st.DrawFn, k: int) -> list[int]:
    """One row of ``k`` entries: usually a valid hand, sometimes with bad entries."""
    row = draw(st.lists(valid_ids, min_size=min(k, 52), max_size=min(k, 52), unique=True))
    row += draw(st.lists(valid_ids, min_size=k - len(row), max_size=k - len(row)))
    if row and draw(st.integers(0, 3)) == 0:
        for _ in range(draw(st.integers(1, 2))):
            j = draw(st.integers(0, k - 1))
            row[j] = draw(st.one_of(
                st.integers(-130, -1), st.integers(52, 300), st.sampled_from(row),
                st.sampled_from([2**15 - 1, 2**16 - 1, 2**31 - 1, 2**32 - 1, 2**63 - 1, 2**64 - 1,
                                 -(2**63), 64, 63, 128, 255, 256, 52 + 256, 52 + 65536]),
            ))
    return row


_NOT_ARRAYS = st.one_of(
    st.none(), st.integers(), st.text(max_size=20),
    st.sampled_from([
        "AH KH QH JH 10H", [[0, 4, 8, 12, 17], [1, 5, 9]], [[None] * 5], [["AH"] * 5],
        [[2**64, 1, 2, 3, 4]], [[-1, 2**63, 1, 2, 3]], [], [[]], {0: 1}, object(), np.array(3),
        np.zeros((2, 5), dtype=[("a", "u1")]), np.datetime64(1, "s"),
        np.zeros((2, 3), dtype="m8[s]"), np.zeros((3, 5), dtype="V2"),
    ]),
    st.builds(lambda: iter([[0, 4, 8, 12, 17]])),
    st.builds(lambda: memoryview(np.zeros((2, 5), dtype=np.uint8))),
    st.builds(lambda: memoryview(np.zeros((2, 3), dtype=">u4"))),
)
"""Batches that are not arrays of ids: None, text, ragged or object lists, odd numpy types."""


@st.composite
def batches(draw: st.DrawFn, k: int | None, hostile: bool = True) -> BatchSpec:
    """Batches of hands for ``evaluate_many`` (``k`` columns) or ``totals_many`` (k=None).

    Mostly well-shaped integer arrays of every dtype and layout; also wrong
    column counts, 1-D and 3-D shapes, non-integer dtypes and non-arrays.
    """
    if hostile and draw(st.integers(0, 11)) == 0:
        return BatchSpec(verbatim=True, value=draw(_NOT_ARRAYS))
    dtype = draw(st.sampled_from(
        INT_DTYPES * 3 + BIG_ENDIAN_DTYPES + (OTHER_DTYPES if hostile else ())
    ))
    if k is None:
        cols = draw(st.one_of(st.integers(0, 8), st.integers(0, 20), st.sampled_from([16, 17, 18])))
    elif hostile and draw(st.integers(0, 7)) == 0:
        cols = draw(st.integers(0, 8))
    else:
        cols = k
    rows = draw(st.one_of(st.integers(0, 6), st.integers(0, 40)))
    if k is None:
        values = [draw(padded_row(cols)) for _ in range(rows)]
    else:
        values = [draw(batch_entries(cols)) for _ in range(rows)]
    layout = draw(st.sampled_from(LAYOUTS))
    shape = None
    if hostile and draw(st.integers(0, 9)) == 0:
        size = rows * cols
        shape = draw(st.sampled_from([(size,), (1, rows, cols), (rows, 1, cols), (rows, cols, 1)]))
    return BatchSpec(values=tuple(tuple(r) for r in values), cols=cols, dtype=dtype, layout=layout,
                     shape=shape)


PAD_MARK = "pad"


@st.composite
def padded_row(draw: st.DrawFn, cols: int) -> list[Any]:
    """A row for totals_many: cards then pads (``PAD_MARK``, replaced by the pad), sometimes bad."""
    n = draw(st.one_of(st.integers(0, min(cols, 6)), st.integers(0, min(cols, 18)), st.just(min(cols, 17))))
    row: list[Any] = draw(st.lists(valid_ids, min_size=n, max_size=n, unique=True))
    row += [PAD_MARK] * (cols - n)
    if row and draw(st.integers(0, 3)) == 0:
        j = draw(st.integers(0, cols - 1))
        row[j] = draw(st.one_of(
            st.integers(-130, -2), st.integers(52, 300), valid_ids, st.just(PAD_MARK),
            st.sampled_from([2**16 - 1, 2**32 - 1, 2**63 - 1, 2**64 - 1, -(2**63), 63, 64, 255]),
        ))
    return row
