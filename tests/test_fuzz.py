"""Fuzzing every compiled entry point and every public evaluator function with hostile input.

Every example runs in a forked child behind ``tests/crash_guard.py``: a
segfault, an abort, a sanitizer report or a hang fails the example (with the
input shown) instead of killing pytest, and Hypothesis shrinks it. The same
suite runs against an AddressSanitizer + UBSan build in CI, where an
out-of-bounds read in an unchecked batch is a failure too.

The contract (see each test):

1. Every public function of :mod:`pycards.poker`, :mod:`pycards.commerce`,
   :mod:`pycards.brag`, :mod:`pycards.vingtun`, and ``pycards.parse``,
   ``card``, ``format``, ``Deck``, on any input, returns or raises a
   ``ValueError`` (pycards' errors; wrong types raise ``WrongTypeError`` /
   ``CardTypeError``, which are also ``TypeError``). Never another exception,
   never a crash, never an exception swallowed as "unraisable".
2. Card ids outside the C long range are ``UnknownCardError`` naming the value;
   the int fast path agrees with parsing text; Vingt-un totals of 1..16 cards
   are right, other sizes ``HandSizeError``.
3. Batches (``evaluate_many``, ``totals_many``) of every dtype, shape and
   layout: checked, the per-row single-hand result or a ``ValueError`` naming
   the first bad row; unchecked, an int32 array of the right shape; ``check``
   only a bool; ``pad`` only an int the dtype can hold (or -1), not a card id.
4. Another thread mutating the input while a function runs: no crash.

``PYCARDS_FUZZ_EXAMPLES`` sets ``max_examples`` of every Hypothesis test
(default 60: CI runs the suite again, with 100, against the sanitizer build, where an
example proves more; derandomized, those are the same examples and 40 more). The
derandomization comes from the profile of ``tests/conftest.py`` (``CI=1``). POSIX only:
the guard forks.
"""

from __future__ import annotations

import dataclasses
import math
import operator
import os
import random
import re
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from crash_guard import SUPPORTED, ChildFailure, crash_guarded, run_guarded

if not SUPPORTED:
    pytest.skip(
        "the fuzz suite runs each example in a forked child (os.fork), which this platform "
        "does not have (POSIX only)",
        allow_module_level=True,
    )

import numpy as np  # noqa: E402
from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import pycards  # noqa: E402
from fuzz_strategies import (  # noqa: E402
    BIG_ENDIAN_DTYPES,
    FLOATS,
    HUGE_INTS,
    INT_DTYPES,
    PAD_MARK,
    BatchSpec,
    HandSpec,
    IntSub,
    anything,
    batches,
    card_like,
    hands,
    rules_args,
    valid_hands,
)
from pycards import brag, commerce, poker, vingtun  # noqa: E402
from pycards.errors import (  # noqa: E402
    CardTypeError,
    HandSizeError,
    RulesError,
    UnknownCardError,
    WrongTypeError,
)


EXAMPLES = max(1, int(os.environ.get("PYCARDS_FUZZ_EXAMPLES", "60")))
"""max_examples of every Hypothesis test here (the sanitizer job runs 100: the test suite's share
stays bounded while the games grow, and the examples that prove most run under the sanitizers)."""

MAX_VINGTUN_CARDS = 52
"""The most cards ``vingtun.total`` accepts: any number of distinct cards of one pack, at
least one (0 cards is HandSizeError); a checked ``totals_many`` rejects a row without a card."""


def fuzz(n: int | None = None, *, share: int = 1, slow_data: bool = False) -> settings:
    """The settings of a fuzz test: the example count, no deadline (a fork per example).

    Everything else (derandomize under CI) comes from the profile conftest.py loads.
    ``share`` divides the count for tests parametrized over many cases that
    exercise one boundary (each profile of ``evaluate``; the rules-only functions).
    ``slow_data`` suppresses ``too_slow`` and ``data_too_large``: those tests draw
    whole batches of arrays (up to 40 rows, 20 columns, each entry a choice), on
    purpose, and one example's generation costs more than Hypothesis likes.
    """
    extra: dict[str, Any] = {}
    if slow_data:
        extra["suppress_health_check"] = [HealthCheck.too_slow, HealthCheck.data_too_large]
    return settings(max_examples=max(1, (n if n is not None else EXAMPLES) // share), deadline=None,
                    **extra)


FAMILIES = {"poker": (poker, 5), "commerce": (commerce, 3), "brag": (brag, 3)}
FAMILY_PROFILES = [(name, profile) for name, (mod, _) in FAMILIES.items() for profile in mod.PROFILES]


# --- helpers (they run in the child) -------------------------------------------------------

def _short(value: Any, limit: int = 400) -> str:
    try:
        text = repr(value)
    except Exception as error:  # noqa: BLE001
        text = f"<unrepresentable: {error!r}>"
    return text if len(text) <= limit else text[: limit // 2] + " ... " + text[-limit // 2 :]


def _name(fn: Callable[..., Any]) -> str:
    module = getattr(fn, "__module__", "") or ""
    return f"{module}.{getattr(fn, '__qualname__', fn)}"


def call(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[bool, Any]:
    """``(True, result)`` or ``(False, the ValueError)``; any other exception fails the check."""
    try:
        return True, fn(*args, **kwargs)
    except ValueError as error:
        return False, error
    except BaseException as error:  # noqa: BLE001
        shown = ", ".join([_short(a) for a in args] + [f"{k}={_short(v)}" for k, v in kwargs.items()])
        raise AssertionError(
            f"{_name(fn)}({shown}) raised {type(error).__module__}.{type(error).__name__}, "
            f"which is not a ValueError: {str(error)[:500]}"
        ) from error


def expect_raises(kind: type | tuple, fn: Callable[..., Any], *args: Any, contains: str | None = None,
                  **kwargs: Any) -> BaseException:
    """``fn(*args)`` must raise ``kind`` (message containing ``contains``)."""
    shown = ", ".join([_short(a, 200) for a in args] + [f"{k}={_short(v, 80)}" for k, v in kwargs.items()])
    try:
        result = fn(*args, **kwargs)
    except BaseException as error:  # noqa: BLE001
        if not isinstance(error, kind):
            raise AssertionError(
                f"{_name(fn)}({shown}) raised {type(error).__name__}: {str(error)[:300]}; "
                f"expected {_kinds(kind)}"
            ) from error
        if contains is not None and contains not in str(error):
            raise AssertionError(
                f"{_name(fn)}({shown}) raised {type(error).__name__} whose message does not "
                f"contain {contains!r}: {str(error)[:500]}"
            ) from error
        return error
    raise AssertionError(f"{_name(fn)}({shown}) returned {_short(result)}; expected {_kinds(kind)}")


def _kinds(kind: type | tuple) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds)


def build(x: Any) -> Any:
    """A spec's object (fresh each time); anything else as it is."""
    if isinstance(x, (HandSpec, BatchSpec, HandList)):
        return x.build()
    return x


@dataclasses.dataclass(frozen=True)
class HandList:
    """Several hands for ``winners``: a list, tuple or generator of hand specs."""

    kind: str
    hands: tuple

    def build(self) -> Any:
        built = [h.build() for h in self.hands]
        if self.kind == "tuple":
            return tuple(built)
        if self.kind == "generator":
            return (h for h in built)
        return built


def hand_lists(k: int | None) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.builds(HandList, st.sampled_from(["list", "tuple", "generator"]),
                  st.lists(hands(k), max_size=4).map(tuple)),
        st.sampled_from([None, 5, "", "AH KH QH JH 10H", b"AH", [[]], [None], object()]),
    )


def reference_total(ids: Any) -> int:
    """Vingt-un total, slowly: aces 1, or one of them 11 where that keeps 21 or under."""
    hard = sum(1 if c >> 2 == 12 else min((c >> 2) + 2, 10) for c in ids)
    has_ace = any(c >> 2 == 12 for c in ids)
    return hard + 10 if has_ace and hard + 10 <= 21 else hard


def valid_rules(rules: Any, profiles: tuple[str, ...]) -> bool:
    return type(rules) is str and rules in profiles


def row_ints(array: np.ndarray, i: int) -> list[int]:
    return [int(v) for v in array[i]]


def row_is_hand(row: list[int], k: int) -> bool:
    return len(row) == k and all(0 <= v < 52 for v in row) and len(set(row)) == k


def names_row(error: BaseException, i: int) -> bool:
    return re.search(rf"\brow {i}\b", str(error)) is not None


# --- the guard itself ----------------------------------------------------------------------

def test_guard_passes_a_passing_check():
    run_guarded(lambda: None)
    run_guarded(lambda x, y=2: x + y, 1, y=3)


def test_guard_fails_on_sigsegv():
    with pytest.raises(AssertionError, match="SIGSEGV") as info:
        run_guarded(lambda: os.kill(os.getpid(), signal.SIGSEGV))
    assert isinstance(info.value, ChildFailure)
    # faulthandler's Python traceback of the crash is quoted from the child's stderr
    assert "Fatal Python error" in str(info.value) or "Segmentation fault" in str(info.value)


def test_guard_fails_on_abort():
    with pytest.raises(AssertionError, match="SIGABRT"):
        run_guarded(os.abort)


def test_guard_propagates_an_exception_message():
    def check():
        raise ValueError("the message from the child 1234")

    with pytest.raises(AssertionError, match="ValueError: the message from the child 1234"):
        run_guarded(check)


def test_guard_propagates_an_assertion():
    def check(x):
        assert x == 2, f"x is {x}, not 2"

    with pytest.raises(AssertionError, match="x is 1, not 2"):
        run_guarded(check, 1)


def test_guard_fails_on_a_sanitizer_exit_status_and_quotes_stderr():
    def check():
        os.write(2, b"==4242==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1\n")
        os._exit(1)

    with pytest.raises(AssertionError, match="status 1") as info:
        run_guarded(check)
    assert "heap-buffer-overflow" in str(info.value)


def test_guard_fails_on_a_sanitizer_report_after_success():
    def check():
        os.write(2, b"src/batch.h:23:12: runtime error: load of misaligned address 0x1 for type\n")

    with pytest.raises(AssertionError, match="sanitizer report"):
        run_guarded(check)


def test_guard_fails_on_an_unraisable_exception():
    class Bad:
        def __del__(self):
            raise RuntimeError("swallowed in __del__")

    def check():
        Bad()

    with pytest.raises(AssertionError, match="swallowed in __del__"):
        run_guarded(check)


def test_guard_fails_on_a_timeout():
    started = time.monotonic()
    with pytest.raises(AssertionError, match="did not finish within 0.5 s"):
        run_guarded(time.sleep, 30, timeout=0.5)
    assert time.monotonic() - started < 10


def test_guard_fails_on_a_silent_exit():
    with pytest.raises(AssertionError, match="status 0 without reporting"):
        run_guarded(os._exit, 0)


def test_guard_lets_hypothesis_shrink_a_crash():
    """A crash for x >= 10 is shrunk to x == 10 (the guard's message shows the call)."""

    @given(st.integers(0, 1000))
    @settings(max_examples=300, deadline=None, database=None)
    @crash_guarded
    def crashes_from_ten(x):
        if x >= 10:
            os.kill(os.getpid(), signal.SIGSEGV)

    with pytest.raises(AssertionError, match="SIGSEGV") as info:
        crashes_from_ten()
    assert "crashes_from_ten(x=10)" in str(info.value)


# --- 1. every single-hand function: a result or a ValueError, never a crash -----------------

@pytest.mark.parametrize(("family", "profile"), FAMILY_PROFILES)
@given(spec=st.one_of(hands(k=5), hands(k=3)))
@fuzz(share=2)
@example(spec=HandSpec("list", items=(2**64, 4, 8, 12, 17)))
@example(spec=HandSpec("tuple", items=(0, 4, 8, 12, -(2**63) - 1)))
@example(spec=HandSpec("list", items=(0, 4, 8)))
@crash_guarded
def test_evaluate_returns_or_value_error(family, profile, spec):
    """``evaluate`` on hostile hands behaves as ``parse(hand, count=k)`` followed by evaluate.

    A result only for what parse accepts, equal to evaluating the parsed ids; an
    error of the same class as parse's otherwise (and a ValueError in any case).
    """
    mod, k = FAMILIES[family]
    ok, got = call(mod.evaluate, build(spec), profile)
    try:
        ids = pycards.parse(build(spec), count=k)
    except BaseException as error:  # noqa: BLE001 - parse's own contract is tested below
        assert not ok, (
            f"{family}.evaluate({spec!r}) returned {got}, but parse rejects the hand "
            f"({type(error).__name__}: {str(error)[:300]})"
        )
        if isinstance(error, ValueError):
            assert type(got) is type(error), (
                f"{family}.evaluate({spec!r}) raised {type(got).__name__} ({got}), parse "
                f"{type(error).__name__} ({error})"
            )
        return
    assert ok, f"{family}.evaluate({spec!r}) raised {type(got).__name__}: {got}; parse gives {ids}"
    expected = mod.evaluate(tuple(int(c) for c in ids), profile)
    assert got == expected, f"{family}.evaluate({spec!r}) == {got}, but of the parsed {ids}: {expected}"
    assert type(got) is int and 1 <= got <= mod.classes(profile)


@pytest.mark.parametrize("family", list(FAMILIES))
@given(data=st.data())
@fuzz()
def test_evaluate_with_hostile_rules(family, data):
    mod, k = FAMILIES[family]
    spec = data.draw(hands(k=k), label="hand")
    rules = data.draw(rules_args(mod.PROFILES), label="rules")
    run_guarded(_check_hostile_rules, family, spec, rules)


def _check_hostile_rules(family, spec, rules):
    mod, k = FAMILIES[family]
    ok, got = call(mod.evaluate, build(spec), rules)
    if not valid_rules(rules, mod.PROFILES):
        assert not ok, f"{family}.evaluate(..., rules={rules!r}) accepted the rules: {got}"
        ok_hand, _ = call(pycards.parse, build(spec), count=k)
        if ok_hand:
            assert isinstance(got, RulesError), f"expected RulesError, got {type(got).__name__}: {got}"


def _function_cases() -> list[Any]:
    """(id, function, strategy of its argument tuple) for every public function."""
    cases = []
    for family, (mod, k) in FAMILIES.items():
        rules = rules_args(mod.PROFILES)
        hand = hands(k=k)
        cases += [
            (f"{family}.category", mod.category, st.tuples(hand, rules)),
            (f"{family}.describe", mod.describe, st.tuples(hand, rules)),
            (f"{family}.compare", mod.compare, st.tuples(hand, hand, rules)),
            (f"{family}.winners", mod.winners, st.tuples(hand_lists(k), rules)),
        ]
    minimum = st.one_of(
        st.sampled_from(["J", "Q", "K", "A", "10", "T", "knaves", "jacks", " q ", "2", "9", "1",
                         "11", "x", "", "JJ"]),
        st.integers(-2, 14), st.sampled_from(HUGE_INTS), anything,
    )
    three = hands(k=3)
    cases += [
        ("poker.opens", poker.opens, st.tuples(hands(k=5), minimum, rules_args(poker.PROFILES))),
        ("poker.jackpot_minimum", poker.jackpot_minimum, st.tuples(st.one_of(st.integers(), anything))),
        ("poker.showing", poker.showing, st.tuples(hands(k=4))),
        ("commerce.american_point", commerce.american_point, st.tuples(three)),
        ("commerce.pips", commerce.pips, st.tuples(hands(k=None))),
        ("brag.upcard", brag.upcard, st.tuples(card_like)),
        ("brag.distance_to_31", brag.distance_to_31, st.tuples(three)),
    ]
    vhand = hands(k=None)
    flag = st.one_of(st.booleans(), anything)
    strength = st.one_of(st.integers(0, 22), st.integers(), anything)
    stake = st.one_of(st.integers(0, 100), st.integers(), anything)
    cases += [
        ("vingtun.describe", vingtun.describe, st.tuples(vhand, flag)),
        ("vingtun.evaluate", vingtun.evaluate, st.tuples(vhand, flag)),
        ("vingtun.is_natural", vingtun.is_natural, st.tuples(vhand, flag)),
        ("vingtun.is_over_drawn", vingtun.is_over_drawn, st.tuples(vhand)),
        ("vingtun.is_soft", vingtun.is_soft, st.tuples(vhand)),
        ("vingtun.settle", vingtun.settle, st.tuples(vhand, vhand, stake, flag, flag)),
        ("vingtun.settle_strengths", vingtun.settle_strengths, st.tuples(strength, strength, stake)),
        ("pycards.card", pycards.card, st.tuples(card_like)),
        ("pycards.format", pycards.format, st.tuples(hands(k=None))),
    ]
    return [pytest.param(fn, strategy, id=name) for name, fn, strategy in cases]


@pytest.mark.parametrize(("fn", "arguments"), _function_cases())
@given(data=st.data())
@fuzz(share=2)  # Python wrappers over the compiled evaluate: half the count of the entry points
def test_public_function_returns_or_value_error(fn, arguments, data):
    args = data.draw(arguments, label="args")
    run_guarded(_check_returns_or_value_error, fn, args)


def _check_returns_or_value_error(fn, args):
    call(fn, *[build(a) for a in args])


@given(spec=hands(k=4))
@fuzz(share=4)
def test_showing_takes_exactly_the_hands_of_one_to_four_cards_parse_takes(spec):
    """poker.showing: a result exactly when ``parse`` reads one to four cards from the input,
    and then the showing of those cards; a ValueError otherwise."""
    run_guarded(_check_showing, spec)


def _check_showing(spec):
    ok, got = call(poker.showing, build(spec))
    parsed, ids = call(pycards.parse, build(spec))
    assert ok == (parsed and 1 <= len(ids) <= 4), f"showing({spec!r}) gave {got!r}"
    if ok:
        assert got == poker.showing(tuple(ids))


RULES_ONLY = [
    pytest.param(fn, mod.PROFILES, id=f"{family}.{fn.__name__}")
    for family, (mod, _) in FAMILIES.items()
    for fn in (mod.classes, mod.category_floors)
] + [pytest.param(brag.braggers, brag.PROFILES, id="brag.braggers")]


@pytest.mark.parametrize(("fn", "profiles"), RULES_ONLY)
@given(data=st.data())
@fuzz(share=4)
def test_rules_only_function_returns_or_value_error(fn, profiles, data):
    rules = data.draw(rules_args(profiles), label="rules")
    run_guarded(_check_rules_only, fn, profiles, rules)


def _check_rules_only(fn, profiles, rules):
    ok, got = call(fn, rules)
    assert ok == valid_rules(rules, profiles), f"{_name(fn)}({rules!r}) gave {got!r}"
    if not ok:
        assert isinstance(got, RulesError), f"{_name(fn)}({rules!r}) raised {type(got).__name__}: {got}"


@given(spec=hands(k=None), count=st.one_of(st.none(), st.integers(-1, 60), anything))
@fuzz()
@crash_guarded
def test_parse_returns_or_value_error(spec, count):
    ok, got = call(pycards.parse, build(spec), count=count)
    if ok:
        assert type(got) is tuple and all(type(c) is int and 0 <= c < 52 for c in got), got
        assert len(set(got)) == len(got), got
        if count is not None:
            assert len(got) == count


@given(spec=hands(k=None))
@fuzz()
@crash_guarded
def test_format_reads_back(spec):
    ok, text = call(pycards.format, build(spec))
    if ok:
        assert tuple(pycards.card(t) for t in text.split()) == tuple(map(pycards.card, build(spec)))


deck_ops = st.lists(
    st.one_of(
        st.tuples(st.just("deal"), st.one_of(st.integers(-3, 60), anything)),
        st.just(("draw",)), st.just(("len",)), st.just(("remaining",)), st.just(("repr",)),
    ),
    max_size=6,
)


@given(seed=st.one_of(st.none(), st.integers(), anything), short=st.one_of(st.booleans(), anything),
       ops=deck_ops)
@fuzz()
@crash_guarded
def test_deck_returns_or_value_error(seed, short, ops):
    ok, deck = call(pycards.Deck, seed, short=short)
    if not ok:
        return
    size = len(deck)
    assert size in (32, 52)
    dealt: list[int] = []
    for op in ops:
        if op[0] == "deal":
            ok, cards = call(deck.deal, op[1])
            if ok:
                dealt += cards
        elif op[0] == "draw":
            ok, c = call(deck.draw)
            if ok:
                dealt.append(c)
        elif op[0] == "len":
            assert len(deck) == size - len(dealt)
        elif op[0] == "remaining":
            assert len(deck.remaining) == size - len(dealt)
        else:
            repr(deck)
    assert len(set(dealt)) == len(dealt) and all(0 <= c < 52 for c in dealt)


@given(spec=hands(k=None))
@fuzz()
@example(spec=HandSpec("text", value="10C 10D 10H 10S JC JD JH JS QC QD"))
@example(spec=HandSpec("list", items=tuple(range(32, 48))))
@example(spec=HandSpec("text", value=""))
@crash_guarded
def test_vingtun_total_returns_or_value_error(spec):
    """``total`` gives the reference total of what parse reads (1..16 cards), else a ValueError."""
    ok, got = call(vingtun.total, build(spec))
    try:
        ids = pycards.parse(build(spec))
    except BaseException as error:  # noqa: BLE001
        assert not ok, f"total({spec!r}) returned {got}, but parse rejects the hand: {error!r}"
        if isinstance(error, ValueError):
            assert type(got) is type(error), f"total raised {type(got).__name__} ({got}), parse {error!r}"
        return
    if not 1 <= len(ids) <= MAX_VINGTUN_CARDS:
        assert not ok and isinstance(got, HandSizeError), (
            f"total of {len(ids)} cards ({spec!r}) gave {got!r}; expected HandSizeError"
        )
        return
    assert ok, f"total({spec!r}) raised {type(got).__name__}: {got}"
    assert got == reference_total(ids), f"total({spec!r}) == {got}; expected {reference_total(ids)}"


def test_table_bytes():
    def check():
        for mod in (poker, commerce, brag):
            size = mod.table_bytes()
            assert type(size) is int and size > 0

    run_guarded(check)


# --- 2. precise contract points --------------------------------------------------------------

OUT_OF_LONG = (2**63, 2**64 - 1, 2**64, 2**64 + 3, -(2**63) - 1, -(2**64), 10**30, -(10**30), 2**200)
OUT_OF_RANGE = OUT_OF_LONG + (2**63 - 1, -(2**63), 2**31, -1, 52, 64, 256)
SINGLE_HAND = {
    "poker.evaluate": (poker.evaluate, (0, 4, 8, 12, 17)),
    "commerce.evaluate": (commerce.evaluate, (0, 5, 10)),
    "brag.evaluate": (brag.evaluate, (0, 5, 10)),
    "vingtun.total": (vingtun.total, (0, 5)),
    "vingtun.total(16 cards)": (vingtun.total, tuple(range(0, 48, 3))),
}


@pytest.mark.parametrize("value", OUT_OF_RANGE, ids=str)
@pytest.mark.parametrize("name", list(SINGLE_HAND))
@crash_guarded
def test_out_of_range_int_id_is_unknown_card_error(name, value):
    """An int id outside 0..51 (past the C long range too) is UnknownCardError naming it, in every position."""
    fn, base = SINGLE_HAND[name]
    for position in range(len(base)):
        hand = list(base)
        hand[position] = value
        for container in (list, tuple):
            expect_raises(UnknownCardError, fn, container(hand), contains=str(value))
        hand[position] = IntSub(value)  # not an exact int: the slow path
        expect_raises(UnknownCardError, fn, hand, contains=str(value))


def test_poker_evaluate_two_to_the_64_is_unknown_card_error():
    """The brief's own example, verbatim."""
    def check():
        expect_raises(UnknownCardError, poker.evaluate, [2**64, 4, 8, 12, 17],
                      contains="18446744073709551616")

    run_guarded(check)


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("name", list(SINGLE_HAND))
@crash_guarded
def test_numpy_scalar_out_of_range_is_unknown_card_error(name, dtype):
    fn, base = SINGLE_HAND[name]
    info = np.iinfo(dtype)
    for value in {int(info.max), int(info.min), 52, -1}:
        if not info.min <= value <= info.max or 0 <= value < 52:
            continue
        hand = [np.dtype(dtype).type(value), *base[1:]]
        expect_raises(UnknownCardError, fn, hand, contains=str(value))


WRONG_TYPE_CARDS = (None, 3.0, 3.7, math.nan, math.inf, b"AH", bytearray(b"AH"), [1], (1,), {}, set(),
                    True, False, np.True_, np.float64(4.0), 1 + 0j, object(), np.array([4]))


@pytest.mark.parametrize("bad", WRONG_TYPE_CARDS, ids=lambda v: type(v).__name__ + ":" + _short(v, 20))
@pytest.mark.parametrize("name", list(SINGLE_HAND) + ["pycards.parse", "pycards.card", "brag.upcard"])
@crash_guarded
def test_wrong_type_card_is_card_type_error(name, bad):
    """A card that is neither a string nor an int id: CardTypeError (a ValueError and a TypeError)."""
    if name == "pycards.card":
        expect_raises(CardTypeError, pycards.card, bad)
        return
    if name == "brag.upcard":
        expect_raises(CardTypeError, brag.upcard, bad)
        return
    fn, base = SINGLE_HAND.get(name, (pycards.parse, (0, 5, 10)))
    for position in (0, len(base) - 1):
        hand = list(base)
        hand[position] = bad
        for container in (list, tuple):
            error = expect_raises(CardTypeError, fn, container(hand))
            assert isinstance(error, ValueError) and isinstance(error, TypeError)


NOT_A_HAND = (None, 5, 3.0, 2**64, object(), True, np.array(7), np.float64(2.0))


@pytest.mark.parametrize("bad", NOT_A_HAND, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("name", list(SINGLE_HAND)[:4] + ["pycards.parse", "pycards.format"])
@crash_guarded
def test_not_a_hand_is_card_type_error(name, bad):
    fn = {"pycards.parse": pycards.parse, "pycards.format": pycards.format}.get(name) or SINGLE_HAND[name][0]
    expect_raises(CardTypeError, fn, bad)


def _representations(ids: list[int], dtype: str) -> dict[str, Any]:
    """The same valid hand in every form a single-hand function reads."""
    text = pycards.format(ids)
    scalar = np.dtype(dtype).type
    ten_as_t = " ".join(w.replace("10", "T") for w in text.split())
    unicode = " ".join(w[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[w[-1]] for w in text.split())
    return {
        "list of ints": list(ids),
        "tuple of ints": tuple(ids),
        f"list of {dtype}": [scalar(c) for c in ids],
        f"tuple of {dtype}": tuple(scalar(c) for c in ids),
        "list of int subclass": [IntSub(c) for c in ids],
        f"ndarray {dtype}": np.array(ids, dtype=dtype),
        "generator": (c for c in ids),
        "list of strings": text.split(),
        "lower-case text": text.lower(),
        "comma text": ",".join(text.split()),
        "T for ten": ten_as_t,
        "suit symbols": unicode,
    }


@pytest.mark.parametrize("family", list(FAMILIES))
@given(data=st.data())
@fuzz()
def test_fast_path_equals_parsed_text(family, data):
    """A valid hand gives one strength in every form, the same as its batch row."""
    mod, k = FAMILIES[family]
    ids = data.draw(valid_hands(k), label="ids")
    profile = data.draw(st.sampled_from(mod.PROFILES), label="rules")
    dtype = data.draw(st.sampled_from(INT_DTYPES + BIG_ENDIAN_DTYPES), label="dtype")
    run_guarded(_check_fast_path, family, ids, profile, dtype)


def _check_fast_path(family, ids, profile, dtype):
    mod, k = FAMILIES[family]
    expected = mod.evaluate(pycards.format(ids), profile)
    assert 1 <= expected <= mod.classes(profile)
    for form, hand in _representations(ids, dtype).items():
        ok, got = call(mod.evaluate, hand, profile)
        assert ok and got == expected, f"{form}: {_short(hand)} gives {got!r}; the text gives {expected}"
    for check in (True, False):
        row = np.array([ids], dtype=dtype)
        got = mod.evaluate_many(row, profile, check).tolist()
        assert got == [expected], f"evaluate_many({row!r}, check={check}) == {got}; expected [{expected}]"


@given(ids=valid_hands(1, MAX_VINGTUN_CARDS), dtype=st.sampled_from(INT_DTYPES + BIG_ENDIAN_DTYPES))
@fuzz()
@example(ids=list(range(32, 48)), dtype="int64")  # the sixteen ten-count cards: 160
@crash_guarded
def test_vingtun_total_of_1_to_16_cards(ids, dtype):
    expected = reference_total(ids)
    for form, hand in _representations(ids, dtype).items():
        ok, got = call(vingtun.total, hand)
        assert ok and got == expected, f"total of {form} {_short(hand)} == {got!r}; expected {expected}"
    for check in (True, False):
        row = np.full((1, MAX_VINGTUN_CARDS + 2), -1, dtype=np.int64)
        row[0, : len(ids)] = ids
        got = vingtun.totals_many(row.astype(dtype), -1, check).tolist()
        assert got == [expected], f"totals_many of {ids} ({dtype}, check={check}) == {got}"


def test_vingtun_ten_high_cards_total_100():
    def check():
        text = "10C 10D 10H 10S JC JD JH JS QC QD"
        assert vingtun.total(text) == 100
        assert vingtun.total(pycards.parse(text)) == 100
        assert vingtun.total(list(pycards.parse(text))) == 100
        assert vingtun.describe(text) == "over-drawn, 100"
        assert vingtun.evaluate(text) == vingtun.OVER_DRAWN
        for _ in range(3):  # the strength objects are cached: use them again
            assert vingtun.total(text) == 100

    run_guarded(check)


@pytest.mark.parametrize("hand", ["", " ", ",", [], (), "empty iterator"], ids=lambda h: _short(h, 30))
@crash_guarded
def test_vingtun_hand_size_errors(hand):
    """A hand holds at least one card: no card, in every form of hand, is HandSizeError."""
    if hand == "empty iterator":
        hand = iter([])
    expect_raises(HandSizeError, vingtun.total, hand)


@pytest.mark.parametrize("hand", [
    list(range(17)), tuple(range(17)), tuple(range(52)), pycards.format(range(17)),
    pycards.format(range(51, 33, -1)), [np.int64(c) for c in range(20)],
], ids=lambda h: _short(h, 30))
@crash_guarded
def test_vingtun_long_hands_are_counted(hand):
    """More cards than the fast path reads (16) are counted on the slow path, up to the whole pack."""
    assert vingtun.total(hand) == reference_total(pycards.parse(hand))


@pytest.mark.parametrize("fn", [vingtun.describe, vingtun.total], ids=lambda f: f.__name__)
@crash_guarded
def test_vingtun_empty_text_is_hand_size_error(fn):
    expect_raises(HandSizeError, fn, "")


@pytest.mark.parametrize("hand", ["AH KS", "AH KS QD JC", [50, 47], [50, 47, 42, 37], "", list(range(10))],
                         ids=_short)
@crash_guarded
def test_brag_distance_to_31_needs_three_cards(hand):
    expect_raises(HandSizeError, brag.distance_to_31, hand)


# --- 3. batches ------------------------------------------------------------------------------

BATCH_FAMILIES = {name: (mod, k) for name, (mod, k) in FAMILIES.items()}


def _asarray_or_error(obj: Any) -> tuple[bool, Any]:
    try:
        return True, np.asarray(obj)
    except BaseException as error:  # noqa: BLE001
        return False, error


@pytest.mark.parametrize("family", list(BATCH_FAMILIES))
@given(data=st.data())
@fuzz(slow_data=True)
def test_evaluate_many_on_hostile_batches(family, data):
    mod, k = BATCH_FAMILIES[family]
    spec = data.draw(batches(k), label="hands")
    rules = data.draw(st.sampled_from(mod.PROFILES), label="rules")
    check = data.draw(st.booleans(), label="check")
    run_guarded(_check_evaluate_many, family, spec, rules, check)


def _check_evaluate_many(family, spec, rules, check):
    mod, k = BATCH_FAMILIES[family]
    ok, got = call(mod.evaluate_many, build(spec), rules, check)
    readable, array = _asarray_or_error(build(spec))
    if not readable:
        assert not ok, f"evaluate_many returned {got!r} for something numpy cannot read ({array!r})"
        return
    if array.dtype.kind not in "iu":
        assert not ok, f"evaluate_many accepted a {array.dtype} batch: {got!r}"
        assert isinstance(got, WrongTypeError), (
            f"a {array.dtype} batch raised {type(got).__name__} ({got}); expected WrongTypeError"
        )
        return
    if array.ndim != 2 or array.shape[1] != k:
        assert not ok, f"evaluate_many accepted shape {array.shape}: {got!r}"
        return
    rows = [row_ints(array, i) for i in range(array.shape[0])]
    expected = [mod.evaluate(tuple(r), rules) if row_is_hand(r, k) else None for r in rows]
    assert_batch_result("evaluate_many", ok, got, rows, expected, check)


def assert_batch_result(name: str, ok: bool, got: Any, rows: list[list[int]],
                        expected: list[int | None], check: bool, context: str = "") -> None:  # fmt: skip
    """A batch call's outcome against the per-row reference (None for a row that is no hand).

    Checked, the first bad row must be refused and named; otherwise the result is an
    int32 array with the reference's value on every good row.
    """
    first_bad = next((i for i, e in enumerate(expected) if e is None), None)
    if check and first_bad is not None:
        assert not ok, f"check=True accepted row {first_bad} {rows[first_bad]}{context}: {got!r}"
        assert names_row(got, first_bad), f"the error does not name row {first_bad}: {got}"
        return
    assert ok, f"{name} raised {type(got).__name__}: {got}"
    assert isinstance(got, np.ndarray) and got.dtype == np.int32 and got.shape == (len(rows),), (
        f"result {got!r} (dtype {getattr(got, 'dtype', None)}, shape {getattr(got, 'shape', None)})"
    )
    for i, e in enumerate(expected):
        if e is not None:
            assert got[i] == e, f"row {i} {rows[i]}{context}: {got[i]}; the reference gives {e} (check={check})"


PAD_EDGES = (-1, -2, 52, 63, 64, 127, 128, 255, 256, 511, 2**15 - 1, 2**15, 2**16 - 1, 2**16,
             2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**63),
             -(2**63) - 1, -128, -129, -32768, -(2**31), 0, 1, 51)
HOSTILE_PADS = (None, 3.7, -1.0, 255.0, math.nan, math.inf, "-1", "x", b"\xff", [-1], True, False,
                np.int64(-1), np.uint8(255), np.int8(-1), np.float64(-1.0), 10**30)


def pad_value(pad: Any, dtype: np.dtype) -> int | None:
    """The value of ``pad`` in ``dtype`` if it is an acceptable pad, else None.

    The contract: an int (numpy integer scalars included, bools not) that the dtype
    holds, or -1 meaning all bits set in an unsigned dtype; never a card id 0..51.
    """
    if isinstance(pad, (bool, np.bool_)):
        return None
    try:
        value = operator.index(pad)
    except TypeError:
        return None
    if 0 <= value < 52:
        return None
    info = np.iinfo(dtype)
    if info.min <= value <= info.max:
        return value
    if value == -1 and dtype.kind == "u":
        return int(info.max)
    return None


def reference_padded_total(row: list[int], pad: int) -> int | None:
    """The total of a padded row; None if the row is not a hand padded with ``pad``."""
    cards = []
    for j, v in enumerate(row):
        if v == pad:
            if any(x != pad for x in row[j:]):
                return None
            break
        cards.append(v)
    if not cards or len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
        return None
    return reference_total(cards)


pads = st.one_of(st.just(-1), st.just(-1), st.sampled_from(PAD_EDGES), st.sampled_from(HOSTILE_PADS),
                 st.integers())


@given(spec=batches(None), pad=pads, check=st.booleans())
@fuzz(slow_data=True)
@example(spec=BatchSpec(values=((PAD_MARK, PAD_MARK),), cols=2, dtype="uint8"), pad=-1, check=True)
@example(spec=BatchSpec(values=((50, 46, PAD_MARK),), cols=3, dtype="uint8"), pad=511, check=False)
@example(spec=BatchSpec(values=((50, 46, PAD_MARK),), cols=3, dtype="uint8", layout="unaligned"),
         pad=-1, check=False)
def test_totals_many_on_hostile_batches(spec, pad, check):
    if not spec.verbatim:  # the pad entries hold the pad (wrapped into the dtype), or -1
        fill = int(pad) if isinstance(pad, (int, np.integer)) and not isinstance(pad, bool) else -1
        values = tuple(tuple(fill if v == PAD_MARK else v for v in row) for row in spec.values)
        spec = dataclasses.replace(spec, values=values)
    run_guarded(_check_totals_many, spec, pad, check)


def _check_totals_many(spec, pad, check):
    ok, got = call(vingtun.totals_many, build(spec), pad, check)
    readable, array = _asarray_or_error(build(spec))
    if not readable:
        assert not ok, f"totals_many returned {got!r} for something numpy cannot read ({array!r})"
        return
    if array.dtype.kind not in "iu":
        assert not ok, f"totals_many accepted a {array.dtype} batch: {got!r}"
        if pad == -1 and type(pad) is int:
            assert isinstance(got, WrongTypeError), (
                f"a {array.dtype} batch raised {type(got).__name__} ({got}); expected WrongTypeError"
            )
        return
    if array.ndim != 2:
        assert not ok, f"totals_many accepted shape {array.shape}: {got!r}"
        return
    value = pad_value(pad, array.dtype)
    if value is None:
        assert not ok, f"totals_many accepted pad {pad!r} for dtype {array.dtype}: {got!r}"
        assert str(pad) in str(got) or repr(pad) in str(got), f"the error does not name pad {pad!r}: {got}"
        return
    rows = [row_ints(array, i) for i in range(array.shape[0])]
    expected = [reference_padded_total(r, value) for r in rows]
    assert_batch_result("totals_many", ok, got, rows, expected, check, f" (pad {pad!r})")


BATCH_FUNCTIONS = {
    "poker.evaluate_many": (lambda h, check: poker.evaluate_many(h, "english", check), [[51, 47, 43, 39, 35]]),
    "commerce.evaluate_many": (lambda h, check: commerce.evaluate_many(h, "english", check), [[51, 50, 49]]),
    "brag.evaluate_many": (lambda h, check: brag.evaluate_many(h, "english", check), [[51, 50, 49]]),
    "vingtun.totals_many": (lambda h, check: vingtun.totals_many(h, -1, check), [[50, 46, -1]]),
}
BAD_CHECKS = (None, 0, 1, 2, "yes", "", 2.0, 0.0, [], [True], np.int64(1), b"1")


@pytest.mark.parametrize("bad", BAD_CHECKS, ids=lambda v: type(v).__name__ + ":" + _short(v, 10))
@pytest.mark.parametrize("name", list(BATCH_FUNCTIONS))
@crash_guarded
def test_check_flag_must_be_a_bool(name, bad):
    """``check=`` takes True or False (numpy's bools too); anything else is WrongTypeError."""
    fn, hands_ = BATCH_FUNCTIONS[name]
    error = expect_raises(WrongTypeError, fn, np.array(hands_), bad)
    assert isinstance(error, TypeError) and isinstance(error, ValueError)


@pytest.mark.parametrize("flag", [True, False], ids=repr)
@pytest.mark.parametrize("name", list(BATCH_FUNCTIONS))
@crash_guarded
def test_check_flag_accepts_bools(name, flag):
    _check_flag_accepted(name, flag)


@pytest.mark.parametrize("flag", [np.True_, np.False_], ids=repr)
@pytest.mark.parametrize("name", list(BATCH_FUNCTIONS))
@crash_guarded
def test_check_flag_refuses_numpy_bools(name, flag):
    """Exactly ``True`` or ``False``, as the issue asks: a numpy bool is no Python bool."""
    fn, hands_ = BATCH_FUNCTIONS[name]
    expect_raises(WrongTypeError, fn, np.array(hands_), flag)


def _check_flag_accepted(name, flag):
    fn, hands_ = BATCH_FUNCTIONS[name]
    assert fn(np.array(hands_), flag).tolist() == fn(np.array(hands_), True).tolist()
    if bool(flag):
        bad = np.array(hands_)
        bad[0, 0] = 99
        expect_raises(ValueError, fn, bad, flag, contains="row 0")


@pytest.mark.parametrize("dtype", INT_DTYPES + BIG_ENDIAN_DTYPES)
@pytest.mark.parametrize("name", list(BATCH_FUNCTIONS))
@crash_guarded
def test_batch_shapes(name, dtype):
    """0 rows give an empty result; wrong column counts, 1-D and 3-D are ValueError."""
    fn, hands_ = BATCH_FUNCTIONS[name]
    k = len(hands_[0])
    for check in (True, False):
        empty = fn(np.zeros((0, k), dtype=dtype), check)
        assert empty.dtype == np.int32 and empty.shape == (0,)
        for shape in [(k,), (1, 1, k), (2, k, 1), ()]:
            expect_raises(ValueError, fn, np.zeros(shape, dtype=dtype), check)
        if name != "vingtun.totals_many":
            for cols in {0, 1, k - 1, k + 1, 7}:
                expect_raises(ValueError, fn, np.zeros((3, cols), dtype=dtype), check)
                expect_raises(ValueError, fn, np.zeros((0, cols), dtype=dtype), check)


@pytest.mark.parametrize("dtype", ["bool", "float16", "float32", "float64", "complex64", "object", "<U3",
                                   "S3", "m8[s]", "M8[s]", "V4"])
@pytest.mark.parametrize("name", list(BATCH_FUNCTIONS))
@crash_guarded
def test_batch_non_integer_dtype_is_wrong_type_error(name, dtype):
    fn, hands_ = BATCH_FUNCTIONS[name]
    a = np.zeros((2, len(hands_[0])), dtype=dtype)
    for check in (True, False):
        error = expect_raises(WrongTypeError, fn, a, check)
        assert isinstance(error, TypeError)


@pytest.mark.parametrize("layout", ["unaligned", "broadcast_rows", "broadcast_cols", "cols_reversed",
                                    "rows_reversed", "F", "readonly", "rows_strided", "cols_strided"])
@pytest.mark.parametrize("dtype", ["int16", "uint16", "int32", "uint32", "int64", "uint64", ">i8", ">u4"])
@pytest.mark.parametrize("family", list(BATCH_FAMILIES))
@crash_guarded
def test_batch_layouts_agree(family, dtype, layout):
    """Every layout (unaligned, zero strides, negative strides ...) gives the C-order result."""
    mod, k = BATCH_FAMILIES[family]
    rng = random.Random(f"{family}{dtype}{layout}")
    values = tuple(tuple(rng.sample(range(52), k)) for _ in range(64))
    spec = BatchSpec(values=values, cols=k, dtype=dtype, layout=layout)
    view = spec.build()
    rows = [[int(v) for v in row] for row in np.asarray(view)]
    expected = [mod.evaluate(tuple(r), "english") if row_is_hand(r, k) else None for r in rows]
    for check in (True, False):
        ok, got = call(mod.evaluate_many, view, "english", check)
        if check and None in expected:  # broadcast_cols: every row repeats one card
            assert not ok and names_row(got, 0), f"{layout}: {got!r}"
            continue
        assert ok, f"{layout} ({dtype}, check={check}) raised {got!r}"
        for i, e in enumerate(expected):
            if e is not None:
                assert got[i] == e, f"{layout} ({dtype}, check={check}) row {i} {rows[i]}: {got[i]}, not {e}"


@pytest.mark.parametrize("dtype", INT_DTYPES + BIG_ENDIAN_DTYPES)
@crash_guarded
def test_totals_many_pad_contract(dtype):
    """Pads that fit the dtype (or -1) are accepted; others, card ids, floats, strings are rejected."""
    dt = np.dtype(dtype)
    for pad in PAD_EDGES + HOSTILE_PADS:
        value = pad_value(pad, dt)
        for check in (True, False):
            if value is None:
                base = np.array([[50, 46, 0]], dtype=dtype)
                error = expect_raises(ValueError, vingtun.totals_many, base, pad, check)
                assert str(pad) in str(error) or repr(pad) in str(error), (
                    f"the error for pad {pad!r} ({dtype}) does not name it: {error}"
                )
                continue
            a = np.array([[50, 46, 0, 0], [50, 46, 44, 0]], dtype=np.int64).astype(dt)
            a[0, 2:] = value
            a[1, 3] = value
            ok, got = call(vingtun.totals_many, a, pad, check)
            assert ok, f"pad {pad!r} ({dtype}, check={check}) was rejected: {got}"
            assert got.tolist() == [21, 21], f"pad {pad!r} ({dtype}): {got.tolist()}"


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int64", "uint64", ">i2"])
@crash_guarded
def test_totals_many_rows_without_a_card(dtype):
    """A row of pads only is not a hand: ValueError naming it when checked."""
    a = np.array([[50, 46, -1], [-1, -1, -1], [-1, -1, -1]], dtype=np.int64).astype(dtype)
    expect_raises(ValueError, vingtun.totals_many, a, -1, True, contains="row 1")
    assert vingtun.totals_many(a, -1, False).shape == (3,)
    no_columns = np.zeros((2, 0), dtype=dtype)
    expect_raises(ValueError, vingtun.totals_many, no_columns, -1, True, contains="row 0")
    assert vingtun.totals_many(no_columns, -1, False).shape == (2,)
    assert vingtun.totals_many(np.zeros((0, 0), dtype=dtype), -1, True).shape == (0,)


# --- 4. the input mutated while a function runs ----------------------------------------------

MUTATION_DTYPES = ("uint8", "int16", "int64", "uint64", ">i4")


def _mutate_array_while_evaluating(name: str, dtype: str, seconds: float) -> None:
    fn, hands_ = BATCH_FUNCTIONS[name]
    k = len(hands_[0]) if name != "vingtun.totals_many" else 6
    rng = np.random.default_rng(1)
    a = np.zeros((4096, k), dtype=dtype)
    a[...] = rng.integers(0, 52, size=a.shape).astype(dtype)
    stop = threading.Event()
    failures: list[BaseException] = []

    def writer() -> None:
        r = np.random.default_rng(2)
        while not stop.is_set():
            a[...] = r.integers(-3, 70, size=a.shape).astype(dtype)
            a[: a.shape[0] // 2] = r.permutation(52)[:k].astype(dtype)
            a[::7, 0] = 255

    def reader(check: bool) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                result = fn(a, check)
            except ValueError:
                continue
            except BaseException as error:  # noqa: BLE001
                failures.append(error)
                return
            if result.shape != (a.shape[0],) or result.dtype != np.int32:
                failures.append(AssertionError(f"result shape {result.shape}, dtype {result.dtype}"))
                return

    race(writer, [lambda: reader(True), lambda: reader(False)], stop, failures, 1e-5,
         f"{name} on an array mutated by another thread")


def race(mutator: Callable[[], None], readers: list[Callable[[], None]], stop: threading.Event,
         failures: list[BaseException], switch: float, what: str) -> None:  # fmt: skip
    """Run ``mutator`` until every reader is done (switching threads every ``switch`` s),
    then raise the first failure a reader recorded."""
    sys.setswitchinterval(switch)
    threads = [threading.Thread(target=mutator)] + [threading.Thread(target=r) for r in readers]
    for t in threads:
        t.start()
    for t in threads[1:]:
        t.join()
    stop.set()
    threads[0].join()
    if failures:
        raise AssertionError(f"{what}: {failures[0]!r}") from failures[0]


@pytest.mark.parametrize("dtype", MUTATION_DTYPES)
@pytest.mark.parametrize("name", list(BATCH_FUNCTIONS))
def test_batch_input_mutated_by_another_thread(name, dtype):
    run_guarded(_mutate_array_while_evaluating, name, dtype, 0.25)


HOSTILE_ITEMS = (2**64, -1, 52, None, "AH", "junk", 3.0, np.int64(7), np.uint64(2**64 - 1), True, [1], IntSub(9))


def _mutate_list_while_evaluating(fn: Callable[..., Any], k: int, seconds: float) -> None:
    hand = list(range(0, 4 * k, 4))
    stop = threading.Event()
    failures: list[BaseException] = []

    def mutator() -> None:
        r = random.Random(3)
        while not stop.is_set():
            op = r.randrange(6)
            try:
                if op == 0:
                    hand.append(r.choice(HOSTILE_ITEMS + tuple(range(52))))
                elif op == 1 and hand:
                    hand.pop()
                elif op == 2 and hand:
                    hand[r.randrange(len(hand))] = r.choice(HOSTILE_ITEMS + tuple(range(52)))
                elif op == 3:
                    hand[:] = r.sample(range(52), k)
                elif op == 4:
                    hand.clear()
                    hand.extend(r.sample(range(52), r.randrange(1, 2 * k + 2)))
                else:
                    hand.insert(0, r.randrange(52))
            except IndexError:  # the hand emptied between the check and the pop
                pass

    def reader() -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                fn(hand)
            except ValueError:
                pass
            except BaseException as error:  # noqa: BLE001
                failures.append(error)
                return

    race(mutator, [reader, reader], stop, failures, 1e-6, f"{_name(fn)} on a list mutated by another thread")


@pytest.mark.parametrize("name", list(SINGLE_HAND)[:4] + ["pycards.parse"])
def test_list_mutated_by_another_thread(name):
    fn, base = SINGLE_HAND.get(name, (pycards.parse, (0, 5, 10)))
    run_guarded(_mutate_list_while_evaluating, fn, len(base), 0.25)


class MutatingIndex:
    """A card whose ``__index__`` rewrites the hand being read (the hand mutated mid-call)."""

    def __init__(self, hand: list, how: str, value: int = 8) -> None:
        self.hand, self.how, self.value = hand, how, value

    def __index__(self) -> int:
        if self.how == "clear":
            self.hand.clear()
        elif self.how == "grow":
            self.hand.extend(range(40, 52))
        elif self.how == "replace":
            self.hand[:] = [2**64, None, "AH"]
        elif self.how == "shrink":
            del self.hand[1:]
        return self.value

    def __repr__(self) -> str:
        return f"MutatingIndex({self.how})"


@pytest.mark.parametrize("how", ["clear", "grow", "replace", "shrink"])
@pytest.mark.parametrize("name", list(SINGLE_HAND) + ["pycards.parse"])
@crash_guarded
def test_hand_mutated_by_its_own_card(name, how):
    fn, base = SINGLE_HAND.get(name, (pycards.parse, (0, 5, 10)))
    for position in range(len(base)):
        hand: list[Any] = list(base)
        hand[position] = MutatingIndex(hand, how, value=base[position])
        call(fn, hand)
        hand = list(base)
        tup = tuple(base[:position]) + (MutatingIndex(hand, how, value=base[position]),) + tuple(base[position + 1 :])
        call(fn, tup)


# --- the compiled pack and the two-pack count ------------------------------------------------
# ``pycards.vingtun.pack_total`` (a hand of one or two packs: ids 0..51, repeats allowed) and the
# pack's ``shuffled`` (src/_pack.pyx): a result or a ValueError naming the value, never a crash.

from pycards.games.engine import pack as engine_pack  # noqa: E402

PIPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1)


def reference_points(ids: list[int]) -> int:
    """The Vingt-un total (docs/rules.md section 4) of card ids 0..51."""
    hard = sum(PIPS[c >> 2] for c in ids)
    ace = any(c >> 2 == 12 for c in ids)
    return hard + 10 if ace and hard <= 11 else hard


card_items = st.one_of(
    st.integers(0, 51), st.integers(0, 51), st.integers(-300, -1), st.integers(52, 400),
    st.sampled_from([-(2**31), 2**31 - 1, -(2**31) + 51, 2**31, 2**63, -(2**63) - 1, 2**64]),
    st.sampled_from(FLOATS), st.none(), st.sampled_from(["AH", "", "7"]), st.booleans(),
    st.integers(0, 51).map(np.int64), st.integers(0, 51).map(IntSub),
)


@given(items=st.lists(card_items, max_size=120))
@fuzz()
@example(items=[-(2**31)])
@example(items=[-1])
@example(items=[3.7])
@example(items=[51] * 104)
@example(items=[51] * 105)
@example(items=[51, 51])
@example(items=[n // 2 for n in range(104)])
@crash_guarded
def test_pack_total_contract(items):
    """A result only for 1 to 104 exact int ids 0..51, each at most twice (two packs), the right
    one; else a ValueError. Under the sanitizer build an out-of-bounds read fails here."""
    valid = (1 <= len(items) <= 104 and all(type(c) is int and 0 <= c < 52 for c in items)
             and all(items.count(c) <= 2 for c in items))  # fmt: skip
    try:
        got = vingtun.pack_total(items)
    except ValueError as error:
        assert not valid, f"pack_total({items!r}) raised {error!r}"
        return
    assert valid, f"pack_total({items!r}) returned {got}"
    assert got == reference_points(items)


@given(items=st.lists(card_items, max_size=60), key=anything, count=anything)
@fuzz(share=2)
@crash_guarded
def test_pack_shuffled_contract(items, key, count):
    """A permutation of the cards, or a ValueError: never a crash, never a card made or lost."""
    try:
        got = engine_pack.shuffled(items, key, count)
    except ValueError:
        return
    assert sorted(got) == sorted(int(c) for c in items)


@given(seed=anything)
@fuzz(share=4)
@crash_guarded
def test_pack_seed_key(seed):
    try:
        key = engine_pack.seed_key(seed)
    except ValueError:
        return
    assert type(key) is int and 0 <= key < 2**64


# --- the compiled knowledge of a table (src/_sight.pyx) ----------------------------------------
# Records come from the games, but the Sight indexes C arrays by their cards, seats and places:
# any record, however made, is learnt or refused with a ValueError, never a crash.

from pycards.games.engine.events import USED, Dealt, Gathered, Moved, Place, Record, Reshuffled, Shown  # noqa: E402
from pycards.games.engine.knowledge import Sight  # noqa: E402

seat_items = st.one_of(st.integers(-2, 5), card_items)
places = st.one_of(st.builds(Place, st.sampled_from(["hand", "used", "stock", "x"]), seat_items, seat_items),
                   st.sampled_from([USED, "used", None, 3, ("hand", 0, 0)]),
                   st.builds(lambda fields: tuple.__new__(Place, fields), st.lists(seat_items, max_size=4)))
audiences = st.one_of(st.none(), st.tuples(seat_items), st.lists(seat_items, max_size=3).map(tuple),
                      st.sampled_from([[0], "0", 0]))  # fmt: skip
entries = st.one_of(
    st.builds(Dealt, seat_items, seat_items, card_items, audiences),
    st.builds(Moved, card_items, places, places, audiences),
    st.builds(Shown, seat_items, seat_items, st.one_of(st.lists(card_items, max_size=4).map(tuple), card_items), audiences),
    st.builds(Gathered, places), st.builds(Reshuffled, card_items),
    st.builds(lambda kind, fields: tuple.__new__(kind, fields), st.sampled_from([Dealt, Moved, Shown, Gathered]),
              st.lists(seat_items, max_size=5)),
    card_items,
)


@given(players=st.integers(1, 6), records=st.lists(st.lists(entries, max_size=6), max_size=6))
@fuzz(share=2)
@crash_guarded
def test_sight_learn_contract(players, records):
    """Each record learnt, or refused with a ValueError; every view then a dict of places whose
    cards are ids 0..63 in order, never a crash."""
    sight = Sight(players)
    for entries_of in records:
        try:
            sight.learn(Record(0, None, tuple(entries_of)))
        except ValueError:
            pass
        for viewer in (*range(players), None):
            for cards in sight.view(viewer).values():
                assert list(cards) == sorted(cards) and all(0 <= c < 64 for c in cards)
    for bad in (None, (0, None, []), [0, None, ()], (0, None)):
        with pytest.raises(ValueError):
            sight.learn(bad)


# --- the exact odds of the draw (pycards.odds) ------------------------------------------------
# It ranks hands with the unchecked batch evaluator, so what it passes on must be checked first.

from pycards import odds  # noqa: E402

odds_hands = st.one_of(st.lists(card_items, max_size=7), st.lists(st.integers(0, 51), min_size=5, max_size=5),
                       st.sampled_from(["AH AS AD AC 2H", "AH AS", "", "XX", "AH AS AD AC AH"]), anything)
odds_dead = st.one_of(st.lists(card_items, max_size=50), st.lists(st.integers(0, 51), max_size=48), anything)
odds_rules = st.one_of(st.sampled_from(["english", "american", "nope", None, 3]), anything)


@given(hand=odds_hands, dead=odds_dead, rules=odds_rules)
@fuzz(share=4)
@crash_guarded
def test_odds_contract(hand, dead, rules):
    """Each function answers (every choice's draws counted in full, the best a legal mask) or
    raises a ValueError: never a crash, never a card drawn twice."""
    for fn in (odds.expected_strengths, odds.best_discard, odds.draw_odds):
        ok, got = call(fn, hand, rules, dead)
        if ok and fn is odds.best_discard:
            assert 0 <= got.discard < 32 and sum(got.categories.values()) == got.draws


# --- every public function is fuzzed ---------------------------------------------------------

FUZZED = {
    "pycards": {"Deck", "card", "format", "parse"},
    "pycards.poker": {"category", "category_floors", "classes", "compare", "describe", "evaluate",
                      "evaluate_many", "jackpot_minimum", "opens", "showing", "table_bytes", "winners"},
    "pycards.commerce": {"american_point", "category", "category_floors", "classes", "compare",
                         "describe", "evaluate", "evaluate_many", "pips", "table_bytes", "winners"},
    "pycards.brag": {"braggers", "category", "category_floors", "classes", "compare", "describe",
                     "distance_to_31", "evaluate", "evaluate_many", "table_bytes", "upcard", "winners"},
    "pycards.vingtun": {"describe", "evaluate", "is_natural", "is_over_drawn", "is_soft", "pack_total",
                        "settle", "settle_strengths", "total", "totals_many"},
    "pycards.odds": {"best_discard", "draw_odds", "expected_strengths"},
}
NOT_FUZZED = {"Category"}  # enums: no input


@pytest.mark.parametrize("module", list(FUZZED))
def test_every_public_function_is_fuzzed(module):
    """A public function added to a module's __all__ fails here until this suite fuzzes it."""
    import importlib

    mod = importlib.import_module(module)
    public = {
        name for name in mod.__all__
        if callable(getattr(mod, name)) and not isinstance(getattr(mod, name), type(sys))
        and (not isinstance(getattr(mod, name), type) or name == "Deck")
    } - NOT_FUZZED
    assert public - FUZZED[module] == set(), f"not fuzzed: {sorted(public - FUZZED[module])}"
    for extension in ("pycards._poker", "pycards._commerce", "pycards._brag", "pycards._vingtun"):
        compiled = importlib.import_module(extension)
        names = {n for n in dir(compiled) if not n.startswith("_") and callable(getattr(compiled, n))
                 and getattr(getattr(compiled, n), "__module__", "") == extension}
        family = "pycards." + extension[len("pycards._"):]
        assert names <= FUZZED[family], f"compiled {extension} functions not fuzzed: {names - FUZZED[family]}"
