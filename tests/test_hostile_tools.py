"""``simulate``, ``play_session``, the estimates and ``play_interactive`` under hostile input.

Every public function of :mod:`pycards.games.simulate` and
:mod:`pycards.games.interactive`, given garbage (objects whose ``__repr__``,
``__eq__``, ``__index__``, ``__iter__`` or ``__getitem__`` raise or lie, int
subclasses, huge ints, NaN, very long strings, mappings and sequences that
never end, executors whose ``map`` misbehaves), raises
:class:`~pycards.errors.GameOptionError` naming the value by
:func:`~pycards._messages.shown` in a short message: never another exception,
never a hang. A policy's own error still goes through unchanged, with or
without an executor. What never ends is bounded here (it fails after many
reads) and every test runs under an alarm, so that a regression fails fast.
"""

from __future__ import annotations

import io
import itertools
import math
import signal
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest
from hostile_values import HUGE, LONG, EqualsAll, EqualsRaises, IndexRaises, Unprintable

from pycards._messages import shown
from pycards.errors import GameOptionError
from pycards.games.interactive import play_interactive
from pycards.games.policies import DrawBelow, first_legal
from pycards.games.simulate import Estimate, play_session, ratio_estimate, session_terms, simulate

MAX_MESSAGE = 500
READS = 100_000
"""How far a bounded endless iterator may be read before it fails the test."""


@pytest.fixture(autouse=True)
def deadline() -> Iterator[None]:
    """Fail a test that runs for more than a minute (a hang) rather than hang CI."""

    def expired(signum: int, frame: Any) -> None:
        raise TimeoutError("the test ran for more than 60 s: a hang")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(60)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


class IntSub(int):
    """An int subclass, which may redefine what comparing it means."""


class EvilStr(str):
    """A str whose repr, strip and comparisons are not a str's."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def strip(self, chars: Any = None) -> str:
        raise RuntimeError("no strip")

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


def endless(item: Callable[[int], Any] = lambda i: i) -> Iterator[Any]:
    """An iterator that would never end: it fails the test after :data:`READS` items."""
    for i in range(READS):
        yield item(i)
    raise AssertionError(f"an endless iterator was read past {READS} items")


class EndlessMapping(Mapping[str, int]):
    """Options "k0", "k1", ... that never end (bounded by :func:`endless`)."""

    def __getitem__(self, key: str) -> int:
        if isinstance(key, str) and key.startswith("k"):
            return 1
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return endless(lambda i: f"k{i}")

    def __len__(self) -> int:
        return 10**30  # a lie: len() of it raises OverflowError


class RaisingMapping(Mapping[str, int]):
    """Options whose reading raises: in ``__getitem__`` or in ``__iter__``."""

    def __init__(self, where: str) -> None:
        self.where = where

    def __getitem__(self, key: str) -> int:
        raise RuntimeError(f"no getitem of {key}")

    def __iter__(self) -> Iterator[str]:
        if self.where == "iter":
            raise RuntimeError("no iter")
        return iter(["max_stake"])

    def __len__(self) -> int:
        return 1


def broken(observation: Any, legal: Any) -> Any:
    """A policy with a bug of its own (module level: a process pool can pickle it)."""
    raise ZeroDivisionError("the caller's own bug")


def label(value: object) -> str:
    """A test id for ``value``: its shown text, cut short, or its type's name (no address in an id)."""
    text = shown(value)
    return type(value).__name__ if text.startswith("<") else text[:20]


def check_named(error: BaseException, value: object) -> None:
    """``error`` is a GameOptionError (a ValueError) whose short message names ``value``."""
    assert isinstance(error, GameOptionError) and isinstance(error, ValueError)
    message = str(error)
    assert shown(value) in message, message
    assert len(message) < MAX_MESSAGE, len(message)


# --------------------------------------------------------------------------------------
# play_interactive
# --------------------------------------------------------------------------------------


def scripted(*answers: str) -> Callable[[str], str]:
    pending = iter(answers)
    return lambda prompt: next(pending, "q")


def interactive(**kwargs: Any) -> int:
    arguments: dict[str, Any] = dict(name="vingt_un", players=3, seat=0, seed=5, policy=first_legal, options={},
                                     read=scripted("q"), out=io.StringIO(), deals=2)  # fmt: skip
    arguments.update(kwargs)
    return play_interactive(**arguments)


@pytest.mark.parametrize("where", ["seat", "policy", "options"])
@pytest.mark.parametrize("value", [Unprintable(), LONG], ids=["evil repr", "long text"])
def test_interactive_arguments_with_a_raising_repr_or_a_long_text_are_named_shortly(where: str, value: object) -> None:
    with pytest.raises(GameOptionError) as raised:
        interactive(**{where: value})
    check_named(raised.value, value)


@pytest.mark.parametrize("players", [None, Unprintable(), EqualsAll(), 3.0, IntSub(3), "3"], ids=label)
def test_interactive_players_that_are_not_an_int_are_named_before_the_seat_is_checked(players: object) -> None:
    with pytest.raises(GameOptionError) as raised:
        interactive(players=players)
    check_named(raised.value, players)


@pytest.mark.parametrize("options", [
    {1: 1}, {None: 1}, {Unprintable(): 1}, {("max_stake",): 2}, {b"max_stake": 2},
], ids=["int key", "none key", "evil key", "tuple key", "bytes key"])  # fmt: skip
def test_interactive_option_names_that_are_not_strs_are_named(options: dict[Any, Any]) -> None:
    with pytest.raises(GameOptionError) as raised:
        interactive(options=options)
    check_named(raised.value, next(iter(options)))


@pytest.mark.parametrize("options", [RaisingMapping("getitem"), RaisingMapping("iter"), EndlessMapping()],
                         ids=["raising getitem", "raising iter", "endless"])  # fmt: skip
def test_interactive_options_that_cannot_be_read_are_named(options: Mapping[str, int]) -> None:
    with pytest.raises(GameOptionError) as raised:
        interactive(options=options)
    check_named(raised.value, options)


def test_interactive_option_names_that_are_str_subclasses_are_read_as_plain_strs() -> None:
    with pytest.raises(GameOptionError, match="'deals' is not a game option here"):
        interactive(options={EvilStr("deals"): 2})
    out = io.StringIO()
    assert interactive(options={EvilStr("max_stake"): 3}, out=out) == 0
    assert "you left after 0 of 2 deals" in out.getvalue()


class NoWrite:
    write = 42


class RaisingAttributes:
    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"no {name}")


@pytest.mark.parametrize(("where", "value"), [
    ("read", 42), ("read", "input"), ("read", Unprintable()), ("out", 42), ("out", NoWrite()),
    ("out", RaisingAttributes()), ("out", LONG),
], ids=["read int", "read text", "read evil", "out int", "out write int", "out raising", "out long"])  # fmt: skip
def test_interactive_read_and_out_are_checked_before_the_game_starts(where: str, value: object) -> None:
    with pytest.raises(GameOptionError) as raised:
        interactive(**{where: value})
    check_named(raised.value, value)
    assert where in str(raised.value)


@pytest.mark.parametrize("answer", [None, 3, b"1", Unprintable(), ["q"]], ids=label)
def test_an_answer_from_read_that_is_not_a_str_is_named(answer: object) -> None:
    with pytest.raises(GameOptionError) as raised:
        interactive(read=lambda prompt: answer)
    check_named(raised.value, answer)


def test_an_answer_that_is_a_str_subclass_is_read_as_its_text() -> None:
    out = io.StringIO()
    assert interactive(read=lambda prompt: EvilStr(" q "), out=out) == 0
    assert "you left after 0 of 2 deals; your result so far: +0" in out.getvalue()


@pytest.mark.parametrize("deals", [1.5, None, HUGE, True, IntSub(2), EqualsAll(), Unprintable(), LONG], ids=label)
def test_interactive_deals_that_are_not_an_int_are_named(deals: object) -> None:
    with pytest.raises(GameOptionError) as raised:
        interactive(deals=deals)
    check_named(raised.value, deals)


# --------------------------------------------------------------------------------------
# simulate: strategies, players, executor, counts
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs", [
    {"strategies": Unprintable(), "players": 3}, {"strategies": LONG, "players": 3},
    {"strategies": [first_legal, Unprintable()]}, {"strategies": [first_legal, LONG]},
    {"strategies": [first_legal] * 3, "players": Unprintable()}, {"strategies": [first_legal] * 3, "players": LONG},
    {"strategies": first_legal, "players": Unprintable()}, {"strategies": first_legal, "players": LONG},
    {"strategies": first_legal, "players": 3, "executor": Unprintable()},
    {"strategies": first_legal, "players": 3, "executor": LONG},
    {"strategies": first_legal, "players": 3, "executor": RaisingAttributes()},
], ids=["evil strategies", "long strategies", "evil policy", "long policy", "evil players", "long players",
        "evil players, one policy", "long players, one policy", "evil executor", "long executor",
        "raising executor"])  # fmt: skip
def test_simulate_arguments_with_a_raising_repr_or_a_long_text_are_named_shortly(kwargs: dict[str, Any]) -> None:
    with pytest.raises(GameOptionError) as raised:
        simulate("vingt_un", deals=10, **kwargs)
    value = kwargs.get("executor", kwargs.get("players", 3))
    value = kwargs["strategies"] if value == 3 else value
    check_named(raised.value, value[-1] if type(value) is list else value)


@pytest.mark.parametrize("players", [EqualsAll(), EqualsRaises(), IntSub(3), 3.0, True], ids=label)
def test_simulate_players_beside_policies_must_be_exactly_their_number(players: object) -> None:
    with pytest.raises(GameOptionError) as raised:
        simulate("vingt_un", [first_legal] * 3, 10, players=players)  # type: ignore[arg-type]
    check_named(raised.value, players)
    assert "3 policies were given" in str(raised.value)


@pytest.mark.parametrize("name", ["deals", "session_deals", "block", "players"])
@pytest.mark.parametrize("value", [IntSub(3), EqualsAll(), EqualsRaises()], ids=["int subclass", "eq true", "eq raise"])
def test_simulate_counts_must_be_exact_ints(name: str, value: object) -> None:
    kwargs: dict[str, Any] = {"deals": 10, "session_deals": 5, "block": 1, "players": 3, name: value}
    with pytest.raises(GameOptionError) as raised:
        simulate("vingt_un", first_legal, **kwargs)
    check_named(raised.value, value)
    assert name in str(raised.value)


class Endless(list):  # type: ignore[type-arg]
    """A sequence of policies that never ends (bounded by :func:`endless`)."""

    def __iter__(self) -> Iterator[Any]:
        return endless(lambda i: first_legal)


class RaisingSequence(list):  # type: ignore[type-arg]
    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("no iter")


@pytest.mark.parametrize("strategies", [Endless(), RaisingSequence([first_legal] * 3), [first_legal] * 13],
                         ids=["endless", "raising iter", "thirteen"])  # fmt: skip
def test_simulate_strategies_that_cannot_be_read_or_are_too_many_are_named(strategies: list[Any]) -> None:
    with pytest.raises(GameOptionError) as raised:
        simulate("vingt_un", strategies, 10)
    check_named(raised.value, strategies)


# --------------------------------------------------------------------------------------
# simulate: executors whose map misbehaves; a policy's own error goes through
# --------------------------------------------------------------------------------------


class EndlessMap:
    """A map giving each task's result, then the last one again without end."""

    def map(self, fn: Any, *iterables: Any) -> Iterator[Any]:
        done = list(map(fn, *iterables))
        return itertools.chain(done, endless(lambda i: done[-1]))


class RaisingIteration:
    """A map whose results fail after the first."""

    def map(self, fn: Any, *iterables: Any) -> Iterator[Any]:
        done = list(map(fn, *iterables))

        def results() -> Iterator[Any]:
            yield done[0]
            raise RuntimeError("the executor lost a worker")

        return results()


class RaisingMap(Unprintable):
    """A map that fails at once, and cannot be shown by its repr."""

    def map(self, fn: Any, *iterables: Any) -> Any:
        raise RuntimeError("cannot schedule new futures after shutdown")


class RaisingIterable:
    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("no iter")


def test_an_executor_whose_map_never_ends_is_named() -> None:
    executor = EndlessMap()
    with pytest.raises(GameOptionError) as raised:
        simulate("vingt_un", first_legal, deals=40, seed=1, players=3, session_deals=10, executor=executor)
    check_named(raised.value, executor)
    assert "more results" in str(raised.value)


@pytest.mark.parametrize("executor", [
    RaisingIteration(), RaisingMap(), type("IterRaises", (), {"map": lambda *a: RaisingIterable()})(),
], ids=["raising iteration", "raising map", "raising iter"])  # fmt: skip
def test_an_executor_s_own_error_goes_through_unchanged(executor: Any) -> None:
    """The executor is the caller's own object, as a policy is: its error is its own to report."""
    with pytest.raises(RuntimeError, match="lost a worker|after shutdown|no iter"):
        simulate("vingt_un", first_legal, deals=40, seed=1, players=3, session_deals=10, executor=executor)


class HugeLength:
    """Results that claim more than they hold: their __len__ is a huge int (or raises)."""

    def __init__(self, done: list[Any], length: Callable[[], int]) -> None:
        self.done, self.length = done, length

    def __iter__(self) -> Iterator[Any]:
        return iter(self.done)

    def __len__(self) -> int:
        return self.length()


class HugeLengthMap:
    def __init__(self, length: Callable[[], int]) -> None:
        self.length = length

    def map(self, fn: Any, *iterables: Any) -> HugeLength:
        return HugeLength(list(map(fn, *iterables)), self.length)


def raising_length() -> int:
    raise RuntimeError("no len")


@pytest.mark.parametrize("length", [lambda: 10**30, raising_length], ids=["huge", "raising"])
def test_an_executor_results_length_is_not_asked(length: Callable[[], int]) -> None:
    """The results are read one by one, at most one past the tasks: a lying __len__ is never called."""
    kwargs: dict[str, Any] = dict(deals=40, seed=1, players=3, session_deals=10)
    assert simulate("vingt_un", first_legal, executor=HugeLengthMap(length), **kwargs) == simulate(
        "vingt_un", first_legal, **kwargs)


class EqRaiseList(list):  # type: ignore[type-arg]
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparison")

    __hash__ = None  # type: ignore[assignment]


class Forged:
    """A map whose results look like the tasks' sessions but hold traps."""

    def __init__(self, forge: Callable[[Any], Any]) -> None:
        self.forge = forge

    def map(self, fn: Any, *iterables: Any) -> list[Any]:
        return [self.forge(result) for result in map(fn, *iterables)]


@pytest.mark.parametrize("forge", [
    lambda r: (EqRaiseList(r[0]), r[1]), lambda r: ([EqualsRaises()] * len(r[0]), r[1]),
    lambda r: (r[0], [s._replace(per_deal=s.per_deal[:, :2]) for s in r[1]]),
    lambda r: (r[0], [s._replace(roles=s.roles + 100) for s in r[1]]),
    lambda r: (r[0], [s._replace(role_names=(Unprintable(),)) for s in r[1]]),
    lambda r: (r[0], [s._replace(per_deal=None) for s in r[1]]),
], ids=["raising eq task", "raising eq items", "seats cut", "roles out of range", "evil role name",
        "no rewards"])  # fmt: skip
def test_an_executor_returning_forged_sessions_is_named(forge: Callable[[Any], Any]) -> None:
    executor = Forged(forge)
    with pytest.raises(GameOptionError) as raised:
        simulate("vingt_un", first_legal, deals=40, seed=1, players=3, session_deals=10, executor=executor)
    check_named(raised.value, executor)


class Eager:
    """A map that runs every task before it returns (a policy's error comes out of map itself)."""

    def map(self, fn: Any, *iterables: Any) -> list[Any]:
        return list(map(fn, *iterables))


@pytest.mark.parametrize("make", [Eager, lambda: ThreadPoolExecutor(2), lambda: ProcessPoolExecutor(2)],
                         ids=["eager", "threads", "processes"])  # fmt: skip
def test_a_policy_s_own_error_in_a_worker_goes_through_unchanged(make: Callable[[], Any]) -> None:
    executor = make()
    try:
        with pytest.raises(ZeroDivisionError, match="the caller's own bug") as raised:
            simulate("vingt_un", [DrawBelow(16), broken, DrawBelow(16)], deals=40, seed=3, session_deals=10,
                     executor=executor)  # fmt: skip
    finally:
        if hasattr(executor, "shutdown"):
            executor.shutdown()
    notes = getattr(raised.value, "__notes__", None)
    assert notes is None or any("the policy of seat 1" in note for note in notes)


# --------------------------------------------------------------------------------------
# play_session, session_terms
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [None, {1: 1}, endless(), [("max_stake", 2)], Unprintable(), LONG,
                                     RaisingMapping("getitem"), EndlessMapping()],
                         ids=["none", "int key", "endless iterator", "pairs", "evil", "long", "raising",
                              "endless mapping"])  # fmt: skip
def test_play_session_options_that_are_not_a_mapping_of_names_are_named(options: object) -> None:
    with pytest.raises(GameOptionError) as raised:
        play_session("vingt_un", [first_legal] * 3, 5, 1, options)  # type: ignore[arg-type]
    check_named(raised.value, 1 if isinstance(options, dict) else options)


@pytest.mark.parametrize("policies", [None, first_legal, [first_legal, None], [first_legal, Unprintable()], LONG,
                                      Endless(), RaisingSequence([first_legal] * 3)],
                         ids=["none", "one policy", "none policy", "evil policy", "long", "endless",
                              "raising iter"])  # fmt: skip
def test_play_session_policies_that_are_not_a_sequence_of_policies_are_named(policies: Any) -> None:
    with pytest.raises(GameOptionError) as raised:
        play_session("vingt_un", policies, 5, 1, {})
    check_named(raised.value, policies[-1] if type(policies) is list else policies)


@pytest.mark.parametrize("deals", [1.5, None, HUGE, 0, -1, True, IntSub(5), EqualsAll(), Unprintable(), LONG], ids=label)
def test_play_session_deals_that_are_not_a_count_are_named(deals: object) -> None:
    with pytest.raises(GameOptionError) as raised:
        play_session("vingt_un", [first_legal] * 3, deals, 1, {})  # type: ignore[arg-type]
    check_named(raised.value, deals)


def test_a_failing_policy_s_note_never_replaces_its_error() -> None:
    """The game's name is shown in the note by shown(): a str subclass whose repr raises cannot
    turn the policy's own error into a RuntimeError."""
    with pytest.raises(ZeroDivisionError, match="the caller's own bug") as raised:
        play_session(EvilStr("vingt_un"), [broken] * 3, 5, 1, {})
    notes = getattr(raised.value, "__notes__", None)
    assert notes is None or any("the policy of seat" in note and "session seed 1" in note for note in notes)


@pytest.mark.parametrize("deals", [1.5, None, HUGE, 0, -3, True, IntSub(5), EqualsAll(), Unprintable(), LONG,
                                   math.nan, np.int64(5)], ids=label)  # fmt: skip
def test_session_terms_refuses_deals_that_are_not_a_count(deals: object) -> None:
    with pytest.raises(GameOptionError) as raised:
        session_terms("vingt_un", deals)  # type: ignore[arg-type]
    check_named(raised.value, deals)


def test_session_terms_of_a_good_count_are_as_before() -> None:
    assert session_terms("vingt_un", 7) == session_terms(EvilStr("vingt_un"), 7) == {"deals": 7, "until": "deals"}
    assert session_terms("vingt_un", 10**6)["deals"] == 10**6


# --------------------------------------------------------------------------------------
# the results: role_series, Estimate.from_series, ratio_estimate
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def result() -> Any:
    return simulate("vingt_un", first_legal, deals=40, seed=1, players=3)


@pytest.mark.parametrize("role", [Unprintable(), EqualsAll(), EqualsRaises(), EvilStr("banker"), LONG, None, 0], ids=label)
def test_role_series_of_what_is_not_a_role_is_named(result: Any, role: object) -> None:
    with pytest.raises(GameOptionError) as raised:
        result.role_series(role)
    check_named(raised.value, role)


def test_role_series_of_a_role_as_a_str_subclass_is_that_role_s(result: Any) -> None:
    sums, counts = result.role_series("dealer")
    for role in (np.str_("dealer"), EvilStr("dealer")):
        other = result.role_series(role)
        assert np.array_equal(other[0], sums) and np.array_equal(other[1], counts)


@pytest.mark.parametrize("values", [
    HUGE, IndexRaises(), object(), Unprintable(), 5, 2.5, None, "12", LONG, b"12", ["1", "2"], [1, HUGE],
    [1.0, math.nan], [math.inf] * 40, iter([1, 2, 3]), endless(), [[1, 2], [3, 4]], np.zeros((2, 40)),
    [1 + 1j], [IndexRaises()], [Unprintable()], {1: 2},
], ids=["huge", "index raises", "object", "evil", "int", "float", "none", "text", "long", "bytes", "texts",
        "huge item", "nan", "inf", "iterator", "endless", "nested", "table", "complex", "index raises item",
        "evil item", "dict"])  # fmt: skip
def test_from_series_refuses_what_is_not_a_series_of_numbers(values: object) -> None:
    with pytest.raises(GameOptionError) as raised:
        Estimate.from_series(values)  # type: ignore[arg-type]
    check_named(raised.value, values)


def test_from_series_of_lists_ranges_and_arrays_is_as_before() -> None:
    values = [3, -1, 4, 1, -5, 9] * 6
    expected = Estimate.from_series(np.array(values, dtype=np.float64))
    for same in (values, tuple(values), np.array(values), np.array(values, dtype=np.int8), [float(v) for v in values],
                 np.array(values, dtype=object)):  # fmt: skip
        assert Estimate.from_series(same) == expected  # type: ignore[arg-type]
    assert Estimate.from_series(range(36)).mean == 17.5
    assert Estimate.from_series([True, False] * 20).mean == 0.5
    empty = Estimate.from_series([])
    assert math.isnan(empty.mean) and math.isnan(empty.low)


@pytest.mark.parametrize(("sums", "counts", "named"), [
    (HUGE, [1], HUGE), ([1], IndexRaises(), None), ([1, 2], [1], "2 and 1"), ([math.nan], [1], None),
], ids=["huge sums", "index raises counts", "lengths differ", "nan"])  # fmt: skip
def test_ratio_estimate_refuses_what_is_not_two_series_of_one_length(sums: Any, counts: Any, named: Any) -> None:
    with pytest.raises(GameOptionError) as raised:
        ratio_estimate(sums, counts)
    assert len(str(raised.value)) < MAX_MESSAGE
    if named is HUGE:
        assert shown(HUGE) in str(raised.value)
    elif isinstance(named, str):
        assert named in str(raised.value)
