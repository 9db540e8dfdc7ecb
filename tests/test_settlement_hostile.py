"""Hostile input for pycards.settlement: no crash, no silent wrong answer.

Every public function and method is given what an attacker (or a tired caller)
would give it: a seat twice in the seat order, a string where a list belongs,
bools, floats, NaN, huge and negative counts, unhashable seats, objects whose
own ``__hash__``, ``__eq__``, ``__index__`` or ``__repr__`` fail, and ledger
documents and JSON texts that are malformed, truncated or tampered with. The
answer is always a :class:`SettlementError` (a ``ValueError``) whose message
names the offending value, and nothing changes; an exception raised by the
caller's own object propagates as it is, and also changes nothing.
"""

from __future__ import annotations

import copy
import json
import math
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_settlement import raises_exactly

from pycards.errors import SettlementError
from pycards.settlement import (
    MAX_COUNTERS,
    Batch,
    Freezeout,
    Ledger,
    Payment,
    pots,
    showdown,
    split,
    stake_from_each,
)

FAST = settings(max_examples=200, deadline=None)


def snapshot(ledger: Ledger):
    return (ledger.balances, ledger.journal, ledger.to_json(), ledger.total, ledger.credit,
            ledger.parties, ledger.to_dict()["initial"])  # fmt: skip


@contextmanager
def unchanged(*ledgers: Ledger):
    """The ledgers hold the same balances, journal, credit, parties and JSON form afterwards."""
    before = [snapshot(ledger) for ledger in ledgers]
    try:
        yield
    finally:
        assert [snapshot(ledger) for ledger in ledgers] == before


def conserved(ledger: Ledger) -> None:
    """No counter created or lost: the balances add up to the total, and the journal replays to them."""
    assert sum(ledger.balances.values()) == ledger.total
    assert Ledger.from_dict(ledger.to_dict()).balances == ledger.balances


def table_ledger() -> Ledger:
    """A ledger with some history: two players, a pool and a bank on credit."""
    ledger = Ledger({"ann": 10, "bob": 5, "pool": 0, "bank": 0}, credit=["bank"])
    ledger.apply([("ann", "pool", 2), ("bob", "pool", 2)], note="ante")
    ledger.pay("pool", "ann", 4, note="ann wins")
    ledger.pay("bank", "bob", 3, note="loan")
    return ledger


class Flaky(str):
    """A party name whose ``__hash__`` and ``__eq__`` work ``calls`` times, then raise.

    ``calls`` is None until armed, so the name can first be put in a dict.
    """

    calls: int | None = None

    def _spend(self) -> None:
        if self.calls is not None:
            if self.calls <= 0:
                raise RuntimeError("the name's own __hash__ or __eq__ failed")
            self.calls -= 1

    def __hash__(self) -> int:
        self._spend()
        return str.__hash__(self)

    def __eq__(self, other: object) -> bool:
        self._spend()
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        self._spend()
        return str.__ne__(self, other)


def flaky(name: str, calls: int) -> Flaky:
    party = Flaky(name)
    party.calls = calls
    return party


class Boom:
    """An amount whose ``__index__`` raises: the caller's own failure."""

    def __index__(self) -> int:
        raise RuntimeError("boom")


class BadRepr:
    """A value whose ``__repr__`` raises."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class Sticky(int):
    """An int whose subtraction does nothing: stored as is, it would make counters."""

    def __sub__(self, other: object) -> int:
        return int(self)

    def __add__(self, other: object) -> int:
        return int(self)


# --------------------------------------------------------------------------------------
# 1. The seat order of showdown and split
# --------------------------------------------------------------------------------------


def test_showdown_refuses_a_seat_twice_in_the_order():
    """The issue's example: seat 0 twice in the order used to give a result."""
    with raises_exactly("seat 0 appears twice in the seat order"):
        showdown({0: 10, 1: 20, 2: 20}, {0: 1, 1: 2, 2: None}, [1, 2, 0, 0])


def test_split_refuses_a_seat_twice_in_the_order():
    """The remainder goes in seat order: a seat cannot sit twice."""
    with raises_exactly("seat 'b' appears twice in the seat order"):
        split(7, ["a", "b"], ["b", "a", "b"])
    with raises_exactly("seat True appears twice in the seat order"):  # 1 == True: one seat
        split(7, [1], [1, True])


def test_showdown_refuses_a_seat_of_the_order_with_no_contribution():
    """A stranger in the order is a mistake of the caller, not a seat to ignore."""
    with raises_exactly("seat 'zed' of the seat order has no contribution or strength"):
        showdown({"a": 1, "b": 1}, {"a": 1, "b": 2}, ["a", "zed", "b"])


def test_split_accepts_seats_in_the_order_that_did_not_win():
    """split()'s order is the whole table: seats that did not win may be in it."""
    assert split(5, ["b"], ["a", "b", "c"]) == {"b": 5}


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: showdown({"a": 1}, {"a": 1}, "a"), "the seat order must be a list, not the string 'a'"),
        (lambda: showdown({"a": 1}, {"a": 1}, None), "the seat order must be a list, not None"),
        (lambda: showdown({"a": 1}, {"a": 1}, [["a"]]), "a seat must be hashable, not ['a']"),
        (lambda: split(4, "ab", ["a", "b"]), "the winners must be a list, not the string 'ab'"),
        (lambda: split(4, [{"a"}], ["a"]), "a seat must be hashable, not {'a'}"),
        (lambda: split(4, 7, ["a"]), "the winners must be a list, not 7"),
        (lambda: pots({"a": 1}, "a"), "the eligible seats must be a list, not the string 'a'"),
        (lambda: pots([("a", 1)], ["a"]), "the contributions must be a mapping of seat to counters, not [('a', 1)]"),
        (lambda: showdown({"a": 1}, [("a", 1)], ["a"]),
         "the strengths must be a mapping of seat to strength, not [('a', 1)]"),
        (lambda: showdown({"a": 1}, {"a": "9"}, ["a"]), "the strength of 'a' must be an int or None, not '9'"),
        (lambda: showdown({"a": 1}, {"a": 1.0}, ["a"]), "the strength of 'a' must be an int or None, not 1.0"),
        (lambda: showdown({"a": MAX_COUNTERS + 1}, {"a": 1}, ["a"]),
         f"the contribution of 'a' cannot be more than {MAX_COUNTERS} counters: {MAX_COUNTERS + 1}"),
        (lambda: showdown({"a": 1}, {"a": 1}, ["a"], carry=True),
         "the carry must be a whole number of counters, not True"),
        (lambda: pots({"a": 1}, ["a"], blinds=[("a", 1)]),
         "the blinds must be a mapping of seat to counters, not [('a', 1)]"),
        (lambda: pots({"a": 1}, ["a"], blinds={"b": 1}), "seat 'b' has a blind but made no contribution"),
        (lambda: pots({"a": 1}, ["a"], blinds={"a": 2}), "the blind of 'a' (2) is more than its contribution (1)"),
        (lambda: showdown({"a": 1}, {"a": 1}, ["a"], blinds={"a": -1}),
         "the blind of 'a' cannot be negative: -1"),
        (lambda: showdown({"a": 1}, {"a": 1}, ["a"], blinds={"a": 0.5}),
         "the blind of 'a' must be a whole number of counters, not 0.5"),
        (lambda: split(10**5000, ["a"], ["a"]),
         f"an amount to split cannot be more than {MAX_COUNTERS} counters: <int of 16610 bits>"),
    ],
)
def test_showdown_split_and_pots_refuse_malformed_arguments_with_a_settlement_error(call, message):
    """Strings for lists, unhashable seats, non-mappings and bad counts: a SettlementError naming
    the value (they used to be TypeError, AttributeError, or silently read as characters)."""
    with raises_exactly(message):
        call()


def test_showdown_reads_an_order_given_as_an_iterator_once():
    """A one-shot iterator for the order is read once (it used to be exhausted by the first pot)."""
    contributions = {"a": 5, "b": 10, "c": 10}
    strengths = {"a": 3, "b": 2, "c": 2}
    assert showdown(contributions, strengths, iter(["a", "b", "c"])) == {"a": 15, "b": 5, "c": 5}


def test_showdown_accepts_numpy_integer_strengths_and_contributions():
    """Strengths straight from evaluate_many (numpy int32) are ints, as counts are."""
    won = showdown({"a": np.int64(3), "b": 3}, {"a": np.int32(7), "b": np.int32(7)}, ["b", "a"], carry=np.uint8(1))
    assert won == {"a": 3, "b": 4}
    assert all(type(v) is int for v in won.values())


def test_showdown_result_has_plain_int_counts_for_an_int_subclass():
    """An int subclass's own arithmetic is never used: contributions come out as plain ints."""
    won = showdown({"a": Sticky(4), "b": Sticky(4)}, {"a": 2, "b": 1}, ["a", "b"])
    assert won == {"a": 8, "b": 0}


@FAST
@given(
    st.lists(st.sampled_from(["a", "b", "c", "d", "zed", 0, None, ("t",)]), max_size=7),
    st.integers(0, 5),
)
def test_showdown_with_any_order_is_a_result_or_a_settlement_error(order, carry):
    """Any seat order: a conserving result when it names each seat exactly once, else SettlementError."""
    contributions = {"a": 3, "b": 5, "c": 5, "d": 0}
    strengths = {"a": 4, "b": 2, "c": 2, "d": None}
    try:
        won = showdown(contributions, strengths, order, carry)
    except SettlementError:
        assert sorted(map(repr, order)) != sorted(map(repr, contributions))
        return
    assert sorted(order) == sorted(contributions)
    assert sum(won.values()) == sum(contributions.values()) + carry


# --------------------------------------------------------------------------------------
# 2. Ledger.from_dict and Ledger.from_json
# --------------------------------------------------------------------------------------


def entry(doc, *path):
    """The part of a document at ``path``."""
    for key in path:
        doc = doc[key]
    return doc


def put(*path_and_value):
    """A mutation: set the value at a path (the last argument is the value)."""
    *path, value = path_and_value

    def mutate(doc):
        entry(doc, *path[:-1])[path[-1]] = value
        return doc

    return mutate


def drop(*path):
    def mutate(doc):
        del entry(doc, *path[:-1])[path[-1]]
        return doc

    return mutate


def whole(value):
    return lambda doc: value


MALFORMED = [
    (whole({}), "the ledger document has no 'initial' field"),
    (whole([]), "the ledger document must be a dict (a JSON object), not []"),
    (whole(None), "the ledger document must be a dict (a JSON object), not None"),
    (whole("initial"), "the ledger document must be a dict (a JSON object), not 'initial'"),
    (put("jornal", []), "the ledger document has an unknown field 'jornal'"),
    (put(1, []), "the ledger document has an unknown field 1"),
    (put("initial", [["ann", 10]]), "initial must be a dict of party to counters, not [['ann', 10]]"),
    (put("initial", None), "initial must be a dict of party to counters, not None"),
    (put("initial", "ann"), "initial must be a dict of party to counters, not 'ann'"),
    (put("initial", 7, 1), "a party of initial is named by a non-empty string, not 7"),
    (put("initial", "", 1), "a party of initial is named by a non-empty string, not ''"),
    (put("initial", ("ann",), 1), "a party of initial is named by a non-empty string, not ('ann',)"),
    (put("initial", "ann", "10"), "initial['ann'] must be a whole number of counters, not '10'"),
    (put("initial", "ann", 10.0), "initial['ann'] must be a whole number of counters, not 10.0"),
    (put("initial", "ann", 10.5), "initial['ann'] must be a whole number of counters, not 10.5"),
    (put("initial", "ann", True), "initial['ann'] must be a whole number of counters, not True"),
    (put("initial", "ann", None), "initial['ann'] must be a whole number of counters, not None"),
    (put("initial", "ann", [10]), "initial['ann'] must be a whole number of counters, not [10]"),
    (put("initial", "ann", math.nan), "initial['ann'] must be a whole number of counters, not nan"),
    (put("initial", "ann", math.inf), "initial['ann'] must be a whole number of counters, not inf"),
    (put("initial", "ann", 2**63),
     f"initial['ann'] cannot be more than {MAX_COUNTERS} counters: 9223372036854775808"),
    (put("initial", "bank", -(2**63)),
     f"initial['bank'] cannot be less than {-MAX_COUNTERS} counters: -9223372036854775808"),
    (put("initial", "ann", -1), "initial['ann'] is below zero (-1) but 'ann' has no credit"),
    (put("credit", "bank"), "credit must be a list of party names, not 'bank'"),
    (put("credit", None), "credit must be a list of party names, not None"),
    (put("credit", {"bank": True}), "credit must be a list of party names, not {'bank': True}"),
    (put("credit", [5]), "credit[0] must be a party name (a non-empty string), not 5"),
    (put("credit", [["bank"]]), "credit[0] must be a party name (a non-empty string), not ['bank']"),
    (put("credit", ["bank", "bank"]), "credit[1] names 'bank' a second time"),
    (put("credit", ["zed"]), "credit[0] names 'zed', which is not a party of initial"),
    (put("journal", {}), "journal must be a list of batches, not {}"),
    (put("journal", "ab"), "journal must be a list of batches, not 'ab'"),
    (put("journal", 0, 5), "journal[0] must be a dict (a JSON object), not 5"),
    (put("journal", 0, [["ann", "pool", 2]]),
     "journal[0] must be a dict (a JSON object), not [['ann', 'pool', 2]]"),
    (put("journal", 0, {}), "journal[0] has no 'payments' field"),
    (drop("journal", 1, "payments"), "journal[1] has no 'payments' field"),
    (put("journal", 0, "why", "?"), "journal[0] has an unknown field 'why'"),
    (put("journal", 0, "note", 5), "journal[0].note must be a string, not 5"),
    (put("journal", 0, "note", None), "journal[0].note must be a string, not None"),
    (put("journal", 0, "payments", "ab"), "journal[0].payments must be a list of payments, not 'ab'"),
    (put("journal", 0, "payments", {"ann": 2}), "journal[0].payments must be a list of payments, not {'ann': 2}"),
    (put("journal", 0, "payments", 0, ["ann", "pool"]),
     "journal[0].payments[0] must be a [payer, payee, amount] list, not ['ann', 'pool']"),
    (put("journal", 0, "payments", 0, ["ann", "pool", 2, 2]),
     "journal[0].payments[0] must be a [payer, payee, amount] list, not ['ann', 'pool', 2, 2]"),
    (put("journal", 0, "payments", 0, "ap2"),
     "journal[0].payments[0] must be a [payer, payee, amount] list, not 'ap2'"),
    (put("journal", 0, "payments", 0, {"ann", "pool", 2}),
     "journal[0].payments[0] must be a [payer, payee, amount] list, not " + repr({"ann", "pool", 2})),
    (put("journal", 0, "payments", 0, 0, None),
     "journal[0].payments[0][0] must be a party name (a non-empty string), not None"),
    (put("journal", 0, "payments", 0, 1, ["pool"]),
     "journal[0].payments[0][1] must be a party name (a non-empty string), not ['pool']"),
    (put("journal", 0, "payments", 0, 2, 2.0), "journal[0].payments[0][2] must be a whole number of counters, not 2.0"),
    (put("journal", 0, "payments", 0, 2, True), "journal[0].payments[0][2] must be a whole number of counters, not True"),
    (put("journal", 0, "payments", 0, 2, "2"), "journal[0].payments[0][2] must be a whole number of counters, not '2'"),
    (put("journal", 0, "payments", 0, 2, -2), "journal[0].payments[0][2] cannot be negative: -2"),
    (put("journal", 0, "payments", 0, 2, 2**64),
     f"journal[0].payments[0][2] cannot be more than {MAX_COUNTERS} counters: 18446744073709551616"),
    (put("journal", 0, "payments", 0, 0, "zed"), "journal[0] does not replay: unknown party 'zed'"),
    (put("journal", 0, "payments", 0, 1, "ann"), "journal[0] does not replay: 'ann' cannot pay itself"),
    (put("journal", 0, "payments", 0, 2, 11),
     "journal[0] does not replay: 'ann' would be overdrawn: 10 - 11 = -1 (no credit)"),
    # tampered, but still a journal that replays: the stated balances give it away
    (put("journal", 0, "payments", 0, 2, 3), "balances['ann'] is 12 but the journal replays to 11"),
    (put("journal", 2, "payments", 0, 2, 30), "balances['bob'] is 6 but the journal replays to 33"),
    (drop("journal", 2), "balances['bob'] is 6 but the journal replays to 3"),
    (put("initial", "ann", 11), "balances['ann'] is 12 but the journal replays to 13"),
    (put("balances", "pool", 1), "balances['pool'] is 1 but the journal replays to 0"),
    (drop("balances", "pool"), "balances has no entry for the party 'pool'"),
    (put("balances", "zed", 0), "balances names 'zed', which is not a party of initial"),
    (put("balances", "ann", 12.0), "balances['ann'] must be a whole number of counters, not 12.0"),
    (put("balances", ["ann", 12]), "balances must be a dict of party to counters, not ['ann', 12]"),
]


def test_from_dict_keeps_reading_a_document_without_stated_balances():
    """A document written before to_dict() stated the balances still replays."""
    ledger = table_ledger()
    doc = ledger.to_dict()
    del doc["balances"]
    assert Ledger.from_dict(doc) == ledger
    assert Ledger.from_dict({"initial": {"ann": 1}}) == Ledger({"ann": 1})


def test_to_dict_states_the_balances_the_journal_replays_to():
    """The stated balances are what makes a tampered but replayable journal detectable."""
    ledger = table_ledger()
    assert ledger.to_dict()["balances"] == ledger.balances == {"ann": 12, "bob": 6, "pool": 0, "bank": -3}


def test_from_dict_of_a_str_credit_is_not_read_as_its_characters():
    """credit "ab" used to give credit to parties 'a' and 'b'."""
    doc = {"initial": {"a": -1, "b": 0, "ab": 0}, "credit": "ab"}
    with raises_exactly("credit must be a list of party names, not 'ab'"):
        Ledger.from_dict(doc)


def test_from_dict_accepts_tuples_and_str_subclasses_and_gives_plain_values():
    """Python data that is not JSON but means the same (tuples, a str subclass) is read as JSON is."""

    class Name(str):
        pass

    doc = {"initial": {Name("ann"): 3, "pool": 0}, "credit": (), "journal": ({"payments": ((Name("ann"), "pool", 1),)},)}
    ledger = Ledger.from_dict(doc)
    assert ledger.balances == {"ann": 2, "pool": 1}
    assert all(type(p) is str for p in ledger.parties)
    assert ledger.journal == (Batch((Payment("ann", "pool", 1),), ""),)


def test_batch_from_dict_refuses_malformed_batches_with_a_settlement_error():
    """Batch.from_dict used to raise KeyError and TypeError."""
    with raises_exactly("batch has no 'payments' field"):
        Batch.from_dict({"note": "x"})
    with raises_exactly("batch.payments[0] must be a [payer, payee, amount] list, not ['ann', 'pool']"):
        Batch.from_dict({"payments": [["ann", "pool"]]})
    with raises_exactly("batch must be a dict (a JSON object), not None"):
        Batch.from_dict(None)


TEXTS = [
    ("", "the text '' is not valid JSON: Expecting value: line 1 column 1 (char 0)"),
    ("not json", "the text 'not json' is not valid JSON: Expecting value: line 1 column 1 (char 0)"),
    ('{"initial": {"ann": 1}', """the text '{"initial": {"ann": 1}' is not valid JSON: """
     "Expecting ',' delimiter: line 1 column 23 (char 22)"),
    (b"\xff\xfe\xfa", "the text b'\\xff\\xfe\\xfa' is not valid JSON: "
     "'utf-16-le' codec can't decode byte 0xfa in position 2: truncated data"),
    (None, "a ledger's JSON is a str or bytes, not None"),
    (5, "a ledger's JSON is a str or bytes, not 5"),
    ({"initial": {}}, "a ledger's JSON is a str or bytes, not {'initial': {}}"),
    ("[]", "the ledger document must be a dict (a JSON object), not []"),
    ("null", "the ledger document must be a dict (a JSON object), not None"),
    ('{"initial": {"ann": 1, "ann": 50}}', "the key 'ann' appears twice in one JSON object"),
    ('{"initial": {"ann": 1}, "initial": {"ann": 50}}', "the key 'initial' appears twice in one JSON object"),
    ('{"initial": {"ann": NaN}}', "initial['ann'] must be a whole number of counters, not nan"),
    ('{"initial": {"ann": -Infinity}}', "initial['ann'] must be a whole number of counters, not -inf"),
    ('{"initial": {"ann": 1e400}}', "initial['ann'] must be a whole number of counters, not inf"),
    ('{"initial": {"ann": 1e2}}', "initial['ann'] must be a whole number of counters, not 100.0"),
    ('{"initial": {"ann": 12345678901234567890123}}',
     "the number '12345678901234567890123' in the JSON is too large to be a count of counters"),
    ('{"initial": {"ann": ' + "9" * 5000 + "}}",
     "the number '" + "9" * 76 + "... in the JSON is too large to be a count of counters"),
    ('{"initial": {"ann": true}}', "initial['ann'] must be a whole number of counters, not True"),
]


@pytest.mark.parametrize(("text", "message"), TEXTS, ids=[repr(t)[:40] for t, _ in TEXTS])
def test_from_json_refuses_invalid_truncated_or_hostile_text_with_a_settlement_error(text, message):
    """Invalid JSON used to be a JSONDecodeError; a key twice was silently the last one; a huge
    number was a ValueError of Python's digit limit."""
    with raises_exactly(message):
        Ledger.from_json(text)


def test_from_json_refuses_deeply_nested_text_with_a_settlement_error():
    """A deeply nested text used to be a RecursionError."""
    with pytest.raises(SettlementError, match="nested too deeply"):
        Ledger.from_json("[" * 200_000)


def test_from_json_reads_utf8_bytes():
    ledger = table_ledger()
    assert Ledger.from_json(ledger.to_json().encode()) == ledger
    assert Ledger.from_json(bytearray(ledger.to_json().encode("utf-16"))) == ledger


@pytest.mark.parametrize("cut", [1, 2, 10, 30, 60, -30, -2, -1])
def test_from_json_of_truncated_text_is_a_settlement_error(cut):
    text = table_ledger().to_json()
    with pytest.raises(SettlementError):
        Ledger.from_json(text[:cut])


GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=2**62, max_value=2**70),
    st.integers(max_value=-1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
    st.sampled_from(["ann", "bob", "pool", "bank", "", "zed"]),
    st.lists(st.integers(0, 3), max_size=3),
    st.lists(st.sampled_from(["ann", "pool", 1, 2]), min_size=3, max_size=3),
    st.dictionaries(st.sampled_from(["ann", "note", "payments", 1]), st.integers(0, 3), max_size=2),
    st.tuples(st.integers(0, 3)),
    st.just(b"ann"),
)
BASES = [table_ledger().to_dict(), Ledger({"ann": 0}).to_dict(), Ledger({"a": 3, "b": -2}, credit=["b"]).to_dict()]


def paths(doc, prefix=()):
    """Every path into a document: to each value, and (as ("key", ...)) to each dict key."""
    yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield (*prefix, ("key", key))
            yield from paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from paths(value, (*prefix, i))


def mutated(doc, path, garbage):
    """``doc`` with the value (or the dict key) at ``path`` replaced by ``garbage``."""
    if not path:
        return garbage
    doc = copy.deepcopy(doc)
    *parent, last = path
    container = entry(doc, *parent)
    if isinstance(last, tuple):
        key = last[1]
        try:
            container[garbage] = container.pop(key)
        except TypeError:  # an unhashable key: delete instead
            pass
    else:
        container[last] = garbage
    return doc


def normal_form(doc):
    """What to_dict() gives back for a document from_dict accepts: defaults filled, credit sorted."""
    form = {"initial": doc["initial"], "credit": sorted(doc.get("credit", [])),
            "journal": [{"note": b.get("note", ""), "payments": [list(p) for p in b["payments"]]}
                        for b in doc.get("journal", [])]}  # fmt: skip
    if "balances" in doc:
        form["balances"] = doc["balances"]
    return form


@settings(max_examples=400, deadline=None)
def read_garbled(base: dict, data: st.DataObject, garbage: object) -> tuple[dict, Ledger | None]:
    """``base`` with one value or key (drawn from ``data``) replaced by ``garbage``, and the
    ledger read from it, or ``None`` when reading raised a SettlementError with a message."""
    doc = mutated(base, data.draw(st.sampled_from(list(paths(base)))), garbage)
    try:
        return doc, Ledger.from_dict(doc)
    except SettlementError as error:
        assert str(error)
        return doc, None


@given(st.sampled_from(BASES), st.data(), GARBAGE)
def test_from_dict_fuzz_one_field_garbage_is_a_settlement_error_or_the_same_ledger(base, data, garbage):
    """A valid to_dict() document with one value or key replaced by garbage: SettlementError, or a
    ledger whose to_dict() is exactly that document (never another exception, never a misreading)."""
    doc, ledger = read_garbled(base, data, garbage)
    if ledger is None:
        return
    got = ledger.to_dict()
    expected = normal_form(doc)
    if "balances" not in expected:
        expected["balances"] = got["balances"]
    assert got == expected
    assert all(type(v) is int for v in got["initial"].values())
    conserved(ledger)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(BASES), st.data())
def test_from_json_fuzz_cut_or_changed_text_is_a_settlement_error_or_a_ledger(base, data):
    """JSON text cut short or with one character changed: SettlementError or a ledger, nothing else."""
    text = json.dumps(base)
    at = data.draw(st.integers(0, len(text)))
    if data.draw(st.booleans()):
        text = text[:at]
    else:
        text = text[:at] + data.draw(st.sampled_from(list('0123456789-.e"[]{},: xaNI\\'))) + text[at + 1 :]
    try:
        ledger = Ledger.from_json(text)
    except SettlementError:
        return
    conserved(ledger)


# --------------------------------------------------------------------------------------
# 2b. The document of a ledger that keeps no journal
# --------------------------------------------------------------------------------------


def light_ledger() -> Ledger:
    """table_ledger()'s history in a ledger that keeps no journal: balances ann 12, bob 6, bank -3."""
    ledger = Ledger({"ann": 10, "bob": 5, "pool": 0, "bank": 0}, credit=["bank"], journal=False)
    ledger.apply([("ann", "pool", 2), ("bob", "pool", 2)], note="ante")
    ledger.pay("pool", "ann", 4, note="ann wins")
    ledger.pay("bank", "bob", 3, note="loan")
    return ledger


LIGHT_MALFORMED = [
    (put("journal_kept", 0), "journal_kept must be true or false, not 0"),
    (put("journal_kept", 1), "journal_kept must be true or false, not 1"),
    (put("journal_kept", "false"), "journal_kept must be true or false, not 'false'"),
    (put("journal_kept", None), "journal_kept must be true or false, not None"),
    (put("journal_kept", []), "journal_kept must be true or false, not []"),
    (put("journal_kept", np.False_), f"journal_kept must be true or false, not {np.False_!r}"),
    (put("journal_kep", False), "the ledger document has an unknown field 'journal_kep'"),
    (put("journal", [{"note": "", "payments": [["ann", "pool", 1]]}]),
     "journal must be empty when journal_kept is false, not "
     "[{'note': '', 'payments': [['ann', 'pool', 1]]}]"),
    (put("journal", [{}]), "journal must be empty when journal_kept is false, not [{}]"),
    (put("journal", "ab"), "journal must be a list of batches, not 'ab'"),
    (put("journal", {}), "journal must be a list of batches, not {}"),
    (put("balances", "ann", 11),
     "balances['ann'] is 11 but initial['ann'] is 12 (with journal_kept false they are the same)"),
    (put("initial", "bank", -4),
     "balances['bank'] is -3 but initial['bank'] is -4 (with journal_kept false they are the same)"),
    (put("balances", "ann", 12.0), "balances['ann'] must be a whole number of counters, not 12.0"),
    (put("balances", "ann", True), "balances['ann'] must be a whole number of counters, not True"),
    (drop("balances", "pool"), "balances has no entry for the party 'pool'"),
    (put("balances", "zed", 0), "balances names 'zed', which is not a party of initial"),
    (put("balances", None), "balances must be a dict of party to counters, not None"),
    (put("initial", "bob", -1), "initial['bob'] is below zero (-1) but 'bob' has no credit"),
    (put("initial", "ann", "12"), "initial['ann'] must be a whole number of counters, not '12'"),
    (put("initial", "ann", 2**63),
     f"initial['ann'] cannot be more than {MAX_COUNTERS} counters: 9223372036854775808"),
    (put("initial", "", 0), "a party of initial is named by a non-empty string, not ''"),
    (put("credit", []), "initial['bank'] is below zero (-3) but 'bank' has no credit"),
    (put("credit", ["bank", "bank"]), "credit[1] names 'bank' a second time"),
    (put("credit", ["zed"]), "credit[0] names 'zed', which is not a party of initial"),
    (drop("initial"), "the ledger document has no 'initial' field"),
]


@pytest.mark.parametrize(
    ("kind", "mutate", "message"),
    [("journal", *case) for case in MALFORMED] + [("no journal", *case) for case in LIGHT_MALFORMED],
)
def test_from_dict_refuses_a_malformed_or_tampered_document_naming_the_field_and_value(kind, mutate, message):
    """Every malformed or tampered document is a SettlementError naming its field path and the bad
    value (it used to be KeyError, TypeError, AttributeError, or a ledger silently misread); a
    snapshot document (``journal_kept`` false) is checked as strictly as a journal: every field,
    the empty journal, and the stated balances against ``initial``."""
    doc = mutate((table_ledger if kind == "journal" else light_ledger)().to_dict())
    with raises_exactly(message):
        Ledger.from_dict(doc)


def test_from_dict_of_a_document_without_a_journal_round_trips_and_keeps_no_journal():
    ledger = light_ledger()
    doc = ledger.to_dict()
    now = {"ann": 12, "bob": 6, "pool": 0, "bank": -3}
    assert doc == {"initial": now, "credit": ["bank"], "journal": [], "balances": now, "journal_kept": False}
    twin = Ledger.from_dict(doc)
    assert twin == ledger and not twin.keeps_journal and twin.to_dict() == doc
    conserved(twin)
    del doc["balances"]  # only initial is required
    assert Ledger.from_dict(doc) == ledger
    del doc["journal"]
    assert Ledger.from_dict(doc) == ledger
    # the same document with journal_kept true: a ledger that keeps its journal from these balances on
    kept = Ledger.from_dict({**ledger.to_dict(), "journal_kept": True})
    assert kept.keeps_journal and kept.journal == () and kept.balances == ledger.balances
    assert kept != ledger


LIGHT_TEXTS = [
    ('{"initial": {"ann": 1}, "journal_kept": 0}', "journal_kept must be true or false, not 0"),
    ('{"initial": {"ann": 1}, "journal_kept": "false"}', "journal_kept must be true or false, not 'false'"),
    ('{"initial": {"ann": 1}, "journal_kept": null}', "journal_kept must be true or false, not None"),
    ('{"initial": {"ann": 1}, "journal_kept": false, "journal_kept": true}',
     "the key 'journal_kept' appears twice in one JSON object"),
    ('{"initial": {"ann": 1}, "journal_kept": false, "balances": {"ann": 2}}',
     "balances['ann'] is 2 but initial['ann'] is 1 (with journal_kept false they are the same)"),
    ('{"initial": {"ann": 1, "pool": 0}, "journal_kept": false, "journal": [{"payments": []}]}',
     "journal must be empty when journal_kept is false, not [{'payments': []}]"),
]


@pytest.mark.parametrize(("text", "message"), LIGHT_TEXTS)
def test_from_json_refuses_a_tampered_text_of_a_ledger_without_a_journal(text, message):
    with raises_exactly(message):
        Ledger.from_json(text)


LIGHT_BASES = [light_ledger().to_dict(), Ledger({"ann": 0}, journal=False).to_dict()]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(LIGHT_BASES), st.data(), GARBAGE)
def test_from_dict_fuzz_of_a_document_without_a_journal_is_an_error_or_that_ledger(base, data, garbage):
    """One value or key of a snapshot document replaced by garbage: SettlementError, or a ledger
    whose to_dict() is exactly what the document says (never another exception, never a misreading)."""
    doc, ledger = read_garbled(base, data, garbage)
    if ledger is None:
        return
    got = ledger.to_dict()
    if doc.get("journal_kept", True) is False:
        assert not ledger.keeps_journal
        assert got == {"initial": doc["initial"], "credit": sorted(doc.get("credit", [])), "journal": [],
                       "balances": doc["initial"], "journal_kept": False}  # fmt: skip
        assert doc.get("journal", []) == [] and doc.get("balances", doc["initial"]) == doc["initial"]
    else:
        assert ledger.keeps_journal
        expected = normal_form({k: v for k, v in doc.items() if k != "journal_kept"})
        expected.setdefault("balances", got["balances"])
        assert got == expected
    assert all(type(v) is int for v in got["initial"].values())
    conserved(ledger)


# --------------------------------------------------------------------------------------
# 3. All or nothing, even when the caller's own objects fail mid-way
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("calls", range(12))
def test_apply_is_all_or_nothing_when_a_party_names_own_hash_or_eq_fails_mid_way(calls):
    """A party name (a str subclass) whose __hash__/__eq__ fails on its n-th use. The ledger used
    to call them while changing the balances: the first payment applied, the second not, nothing
    journaled. Now a name is taken as its plain string value and they are never called."""
    ledger = table_ledger()
    before = ledger.balances
    ledger.apply([("ann", "pool", 1), (flaky("bob", calls), "pool", 1)], note="ante")
    assert ledger.balances == {**before, "ann": before["ann"] - 1, "bob": before["bob"] - 1, "pool": 2}
    assert ledger.journal[-1] == Batch((Payment("ann", "pool", 1), Payment("bob", "pool", 1)), "ante")
    assert all(type(p.payer) is str and type(p.payee) is str for p in ledger.journal[-1].payments)
    conserved(ledger)


@pytest.mark.parametrize("calls", range(8))
def test_every_ledger_method_ignores_a_party_names_own_hash_and_eq(calls):
    """The same for pay, collect, pay_out, check, balance and add_party (add_party used to add the
    party to the balances and then fail before the opening balances: a half-added party)."""
    ledger = table_ledger()
    bob, ann = Flaky("bob"), Flaky("ann")
    into_pool, out_of_pool = {bob: 1}, {ann: 2}
    bob.calls = ann.calls = calls  # armed once in the dicts
    ledger.pay(flaky("ann", calls), flaky("pool", calls), 1)
    ledger.collect(flaky("pool", calls), into_pool)
    ledger.pay_out(flaky("pool", calls), out_of_pool)
    assert ledger.check([(flaky("ann", calls), "bob", 1)]) == (Payment("ann", "bob", 1),)
    assert ledger.balance(flaky("ann", calls)) == 13
    ledger.add_party(flaky("side", calls), credit=True)
    assert ledger.parties == ("ann", "bob", "pool", "bank", "side")
    assert "side" in ledger.credit and ledger.to_dict()["initial"]["side"] == 0
    assert all(type(p) is str for p in ledger.parties)
    conserved(ledger)


def test_a_balance_given_as_an_int_subclass_is_kept_as_a_plain_int():
    """An int subclass balance used its own arithmetic: its __sub__ doing nothing made counters,
    and the total check then fired after the balances had changed (changed, not journaled)."""
    ledger = Ledger({"ann": Sticky(5), "pool": 0})
    ledger.pay("ann", "pool", 2)
    assert ledger.balances == {"ann": 3, "pool": 2}
    assert type(ledger.balance("ann")) is int
    conserved(ledger)


def test_an_exception_from_the_callers_own_object_propagates_and_changes_nothing():
    """An amount whose __index__ raises, a payment list whose iteration raises, amounts whose
    items() raise: the caller's own exception propagates (it is not a SettlementError), and the
    ledger is exactly as it was, for every method that pays."""

    def payments_then_boom():
        yield ("ann", "pool", 1)
        raise RuntimeError("boom")

    class BadAmounts(dict):
        def items(self):
            raise RuntimeError("boom")

    ledger = table_ledger()
    game = Freezeout(["ann", "bob", "cy"], 1)
    game.lose("ann")
    calls = [
        lambda: ledger.apply([("ann", "pool", 1), ("bob", "pool", Boom())]),
        lambda: ledger.apply(payments_then_boom()),
        lambda: ledger.check([("bob", "pool", Boom())]),
        lambda: ledger.pay("ann", "pool", Boom()),
        lambda: ledger.collect("pool", {"ann": 1, "bob": Boom()}),
        lambda: ledger.collect("pool", BadAmounts(ann=1)),
        lambda: ledger.pay_out("pool", {"ann": Boom()}),
        lambda: game.buy_horse("ann", ledger, Boom()),
    ]
    for call in calls:
        with unchanged(ledger, game.ledger), pytest.raises(RuntimeError, match="^boom$"):
            call()
    assert game.horses == {} and game.out == ["ann"]


def test_a_payment_list_that_pays_into_the_ledger_while_read_keeps_both_batches():
    """Re-entrance: the payments are all read before the balances are, so a batch applied while
    they are being read (by the caller's own generator) is neither lost nor counted twice."""
    ledger = Ledger({"ann": 10, "bob": 10, "pool": 0})

    def payments():
        ledger.pay("bob", "pool", 3, note="inner")
        yield ("ann", "pool", 2)

    ledger.apply(payments(), note="outer")
    assert ledger.balances == {"ann": 8, "bob": 7, "pool": 5}
    assert [b.note for b in ledger.journal] == ["inner", "outer"]
    conserved(ledger)


def test_freezeout_buy_horse_applies_exactly_what_it_checked():
    """buy_horse checks both payments, then applies the checked ones: a price whose __index__
    answers differently the second time cannot pay one ledger and not the other."""

    class Fickle:
        def __init__(self):
            self.seen = 0

        def __index__(self):
            self.seen += 1
            return 2 if self.seen == 1 else 999

    game = Freezeout(["ann", "bob", "cy"], counters=1)
    money = Ledger({"ann": 5, "bob": 5, "cy": 5, "pool": 0})
    game.lose("ann")
    game.buy_horse("ann", money, Fickle())
    assert money.balances == {"ann": 3, "bob": 5, "cy": 5, "pool": 2}
    assert game.ledger.balance("ann") == 1


# --------------------------------------------------------------------------------------
# 4. Hostile input to every public function and method
# --------------------------------------------------------------------------------------

LONG = "x" * 1000


HOSTILE_CALLS = [
        (lambda L: L.apply(None), "the payments must be a list, not None"),
        (lambda L: L.apply(5), "the payments must be a list, not 5"),
        (lambda L: L.apply("ann"), "the payments must be a list, not the string 'ann'"),
        (lambda L: L.apply([None]), "a payment is (payer, payee, amount), not None"),
        (lambda L: L.apply(["ap1"]), "a payment is (payer, payee, amount), not 'ap1'"),
        (lambda L: L.apply([("ann", "pool")]), "a payment is (payer, payee, amount), not ('ann', 'pool')"),
        (lambda L: L.apply([{"ann", "pool", 1}]),
         "a payment is (payer, payee, amount), not " + repr({"ann", "pool", 1})),
        (lambda L: L.apply([{"payer": "ann", "payee": "pool", "amount": 1}]),
         "a payment is (payer, payee, amount), not {'payer': 'ann', 'payee': 'pool', 'amount': 1}"),
        (lambda L: L.apply([("ann", "pool", 1)], note=None), "a note must be a string, not None"),
        (lambda L: L.apply([("ann", "pool", 1)], note=object), "a note must be a string, not <class 'object'>"),
        (lambda L: L.collect("pool", {"ann": 0}, note=3), "a note must be a string, not 3"),
        (lambda L: L.apply([(["ann"], "pool", 1)]), "unknown party ['ann']"),
        (lambda L: L.apply([("ann", "pool", MAX_COUNTERS + 1)]),
         f"the amount from 'ann' to 'pool' cannot be more than {MAX_COUNTERS} counters: {MAX_COUNTERS + 1}"),
        (lambda L: L.apply([("ann", "pool", 10**5000)]),
         f"the amount from 'ann' to 'pool' cannot be more than {MAX_COUNTERS} counters: <int of 16610 bits>"),
        (lambda L: L.apply([("ann", "pool", np.float64(1))]),
         "the amount from 'ann' to 'pool' must be a whole number of counters, not np.float64(1.0)"),
        (lambda L: L.apply([("ann", "pool", np.True_)]),
         "the amount from 'ann' to 'pool' must be a whole number of counters, not np.True_"),
        (lambda L: L.apply([("ann", "pool", -0.0)]),
         "the amount from 'ann' to 'pool' must be a whole number of counters, not -0.0"),
        (lambda L: L.apply([("bank", "pool", MAX_COUNTERS)]),
         f"'bank' would hold {-MAX_COUNTERS - 3} counters, beyond the limit of {MAX_COUNTERS} either way"),
        (lambda L: L.apply([("bank", "ann", MAX_COUNTERS - 5)]),
         f"'ann' would hold {MAX_COUNTERS + 7} counters, beyond the limit of {MAX_COUNTERS} either way"),
        (lambda L: L.pay(BadRepr(), "pool", 1), "unknown party <"),
        (lambda L: L.pay(LONG, "pool", 1), "unknown party '" + "x" * 76 + "..."),
        (lambda L: L.collect("pool", [("ann", 1)]),
         "the amounts must be a mapping of party to counters, not [('ann', 1)]"),
        (lambda L: L.pay_out("pool", None), "the amounts must be a mapping of party to counters, not None"),
        (lambda L: L.balance(None), "unknown party None"),
        (lambda L: L.add_party("side", credit="yes"), "credit is True or False, not 'yes'"),
        (lambda L: L.add_party("side", credit=1), "credit is True or False, not 1"),
        (lambda L: L.add_party(b"side"), "a party is named by a non-empty string, not b'side'"),
]


@pytest.mark.parametrize(("call", "message"), HOSTILE_CALLS)
def test_every_ledger_method_refuses_hostile_input_naming_it_and_changes_nothing(call, message):
    """Each used to be a TypeError or AttributeError, a crash while formatting the message (a huge
    int, a failing __repr__), or (a set as a payment, a None note, a truthy credit) accepted."""
    ledger = table_ledger()
    with unchanged(ledger), pytest.raises(SettlementError) as caught:
        call(ledger)
    assert isinstance(caught.value, ValueError)
    text = str(caught.value)
    assert text == message if not message.endswith(("<", "...")) else text.startswith(message)
    assert len(text) < 300


@pytest.mark.parametrize(("call", "message"), HOSTILE_CALLS)
def test_a_ledger_without_a_journal_refuses_hostile_input_the_same_way(call, message):
    """The same hostile calls on the same balances, in a ledger that keeps no journal: the same
    error, and nothing changed."""
    ledger = light_ledger()
    with unchanged(ledger), pytest.raises(SettlementError) as caught:
        call(ledger)
    text = str(caught.value)
    assert text == message if not message.endswith(("<", "...")) else text.startswith(message)


@pytest.mark.parametrize("calls", range(8))
def test_a_ledger_without_a_journal_ignores_a_party_names_own_hash_and_eq(calls):
    """The single-payment fast path and the batch path both take a str subclass as its plain value."""
    ledger = light_ledger()
    ledger.pay(flaky("ann", calls), flaky("pool", calls), 1)
    ledger.apply([Payment(flaky("bob", calls), "pool", 1), Payment("ann", flaky("bob", calls), 2)])
    ledger.apply([(flaky("pool", calls), "ann", 1)])
    assert ledger.balances == {"ann": 10, "bob": 7, "pool": 1, "bank": -3}
    assert all(type(p) is str for p in ledger.parties)
    conserved(ledger)


def test_a_ledger_without_a_journal_propagates_the_callers_own_exception_and_changes_nothing():
    def payments_then_boom():
        yield ("ann", "pool", 1)
        raise RuntimeError("boom")

    ledger = light_ledger()
    calls = [
        lambda: ledger.apply([("ann", "pool", 1), ("bob", "pool", Boom())]),
        lambda: ledger.apply([Payment("ann", "pool", 1), Payment("bob", "pool", Boom())]),
        lambda: ledger.apply([Payment("bob", "pool", Boom())]),
        lambda: ledger.apply(payments_then_boom()),
        lambda: ledger.pay("ann", "pool", Boom()),
        lambda: ledger.collect("pool", {"ann": 1, "bob": Boom()}),
    ]
    for call in calls:
        with unchanged(ledger), pytest.raises(RuntimeError, match="^boom$"):
            call()


def test_a_payment_whose_index_pays_into_the_ledger_is_read_before_the_balances():
    """Re-entrance from an amount's own __index__, in a batch that starts well formed (the fast
    loop has already added up its first payment when it meets the second): the moves are added up
    again from the balances as they are once every payment is read, so no counter is lost."""
    for keeps in (True, False):
        ledger = Ledger({"ann": 10, "bob": 10, "pool": 0}, journal=keeps)

        class Sly:
            def __index__(self) -> int:
                ledger.pay("ann", "pool", 5, note="inner")
                return 1

        ledger.apply([Payment("ann", "pool", 2), Payment("bob", "pool", Sly())], note="outer")
        assert ledger.balances == {"ann": 3, "bob": 9, "pool": 8}
        assert [b.note for b in ledger.journal] == (["inner", "outer"] if keeps else [])
        conserved(ledger)


def test_a_batch_of_a_single_payment_instead_of_a_list_is_refused():
    """apply(Payment(...)) iterates the payment's fields: a clear error, not a misreading."""
    ledger = table_ledger()
    with unchanged(ledger), raises_exactly("a payment is (payer, payee, amount), not 'ann'"):
        ledger.apply(Payment("ann", "pool", 1))


@pytest.mark.parametrize(
    ("balances", "credit", "message"),
    [
        ([("ann", 1)], (), "the balances must be a mapping of party to counters, not [('ann', 1)]"),
        (None, (), "the balances must be a mapping of party to counters, not None"),
        ({"b": -1, "a": 0, "n": 0, "k": 0}, "bank", "credit must be a list, not the string 'bank'"),
        ({"ann": 1}, [5, "x"], "unknown party 'x' given credit"),
        ({"ann": 1}, [["ann"]], "unknown party ['ann'] given credit"),
        ({"ann": 1}, None, "credit must be a list, not None"),
        ({"ann": 2**63}, (), f"the balance of 'ann' cannot be more than {MAX_COUNTERS} counters: 9223372036854775808"),
        ({"ann": np.int64(3)}, ["ann", "ann"], None),
    ],
)
def test_ledger_constructor_refuses_hostile_balances_and_credit(balances, credit, message):
    """A list for the balances was an AttributeError; a string credit was read as its characters
    (so parties 'b', 'a', 'n', 'k' got credit); mixed credit names were a TypeError of sorted()."""
    if message is None:
        ledger = Ledger(balances, credit=credit)
        assert ledger.balances == {"ann": 3} and type(ledger.balance("ann")) is int
        assert ledger.credit == frozenset({"ann"})
        return
    with raises_exactly(message):
        Ledger(balances, credit=credit)


def test_ledger_constructor_refuses_two_names_for_one_party():
    """Two keys that are one name as strings (a str subclass with its own hash) are one party twice."""

    class Other(str):
        def __hash__(self) -> int:
            return 7

    with raises_exactly("party 'ann' is named twice"):
        Ledger({"ann": 1, Other("ann"): 2})


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: stake_from_each("ab", "abc", 1), "the winners must be a list, not the string 'ab'"),
        (lambda: stake_from_each(["a"], "abc", 1), "the players must be a list, not the string 'abc'"),
        (lambda: stake_from_each([], ["ann", "bob"], 1), "stake_from_each() needs at least one winner"),
        (lambda: stake_from_each([["ann"]], ["ann"], 1), "a winner is named by a non-empty string, not ['ann']"),
        (lambda: stake_from_each(["ann"], ["ann", 3], 1), "a player is named by a non-empty string, not 3"),
        (lambda: stake_from_each(["ann"], None, 1), "the players must be a list, not None"),
        (lambda: stake_from_each(["ann"], ["ann", "bob"], 2**63),
         f"a stake cannot be more than {MAX_COUNTERS} counters: 9223372036854775808"),
        (lambda: Freezeout("abc", 1), "the players must be a list, not the string 'abc'"),
        (lambda: Freezeout(["ann", "bob"], 0), "the counters each player starts with must be at least 1, not 0"),
        (lambda: Freezeout(["ann", None], 1), "a player is named by a non-empty string, not None"),
        (lambda: Freezeout([["ann"], ["bob"]], 1), "a player is named by a non-empty string, not ['ann']"),
        (lambda: Freezeout(["ann", "bob"], 1, pool=None), "the pool is named by a non-empty string, not None"),
        (lambda: Freezeout(["ann", "bob"], True), "the counters each player starts with must be a whole number "
         "of counters, not True"),
        (lambda: Freezeout(["ann", "bob"], 3).lose(["ann"]), "unknown player ['ann']"),
        (lambda: Freezeout(["ann", "bob"], 3).lose("ann", 1.0),
         "the amount from 'ann' to 'pool' must be a whole number of counters, not 1.0"),
    ],
)
def test_stake_from_each_and_freezeout_refuse_hostile_input(call, message):
    """A string of players was read as its characters ("ab" two winners, "abc" three players);
    no winner silently gave no payments; unhashable names were a TypeError."""
    with raises_exactly(message):
        call()


def test_freezeout_buy_horse_refuses_a_money_ledger_that_is_not_one():
    """A money that is not a Ledger was an AttributeError; the game's own counters ledger as the
    money would have paid the price in counters."""
    game = Freezeout(["ann", "bob", "cy"], counters=1)
    game.lose("ann")
    for money in (None, {"ann": 5}, game.ledger):
        with unchanged(game.ledger), pytest.raises(SettlementError, match="a money Ledger of its own"):
            game.buy_horse("ann", money, 1)
    assert game.horses == {}


def test_freezeout_lose_records_the_plain_name():
    """A str-subclass player is recorded by its plain name (out, first_out and the journal)."""
    game = Freezeout(["ann", "bob"], counters=1)
    game.lose(flaky("ann", 10**6))
    assert game.out == ["ann"] and type(game.out[0]) is str and type(game.first_out) is str


@FAST
@given(st.lists(st.tuples(GARBAGE, GARBAGE, GARBAGE) | GARBAGE, max_size=4), GARBAGE)
def test_apply_of_garbage_is_a_settlement_error_that_changes_nothing_or_a_conserving_batch(payments, note):
    """Any garbage as payments and note: a SettlementError and nothing changed, or a batch that
    moves counters without making any, journaled exactly."""
    ledger = table_ledger()
    before = snapshot(ledger)
    try:
        batch = ledger.apply(payments, note=note)
    except SettlementError as error:
        assert str(error)
        assert snapshot(ledger) == before
        return
    assert ledger.journal[-1] is batch and type(batch.note) is str
    assert all(type(p.amount) is int and type(p.payer) is str for p in batch.payments)
    conserved(ledger)


# -- what a hostile-input audit found ---------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda: pots({"a": MAX_COUNTERS, "b": MAX_COUNTERS}, ["a", "b"]),
    lambda: pots({"a": MAX_COUNTERS - 5}, ["a"], carry=6),
    lambda: showdown({"a": MAX_COUNTERS, "b": MAX_COUNTERS}, {"a": 1, "b": 2}, ["a", "b"]),
    lambda: Ledger({"a": MAX_COUNTERS, "b": MAX_COUNTERS}),
    lambda: Ledger({"a": -MAX_COUNTERS, "b": -MAX_COUNTERS}, credit=["a", "b"]),
], ids=["pots", "pots-carry", "showdown", "ledger", "ledger-credit"])  # fmt: skip
def test_what_a_pool_or_a_ledger_holds_fits_the_limit(call):
    with pytest.raises(SettlementError, match="beyond the limit"):
        call()


def test_a_ledger_shared_by_threads_loses_no_counter():
    import sys
    import threading

    ledger = Ledger({**{f"p{i}": 10**6 for i in range(8)}, "pool": 0})
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        def pay(seat: int) -> None:
            for _ in range(5000):
                ledger.pay(f"p{seat}", "pool", 1)
                ledger.collect("pool", {f"p{seat}": 1})

        threads = [threading.Thread(target=pay, args=(seat,)) for seat in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert ledger.balances["pool"] == 8 * 10_000
    assert sum(ledger.balances.values()) == ledger.total == 8 * 10**6
    assert Ledger.from_dict(ledger.to_dict()) == ledger
