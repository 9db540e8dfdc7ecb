"""Property tests (Hypothesis) for pycards.settlement (docs/rules.md section 5).

``showdown`` and ``pots`` over random tables: contributions with zeros and
repeats, folded or foul seats (strength ``None``), several all-in players, ties
and a carried pool. They are checked for conservation, law 60 (a seat wins from
each other seat at most what it staked itself, plus the carry), law 64 (a foul
hand wins nothing), law 76 (ties share, remainder in seat order), independence
from the order of the mappings, and against an independent counter-by-counter
reference in exact fractions.

``Ledger`` runs as a state machine against a plain dict model, keeping its
journal or not: valid batches, invalid batches (unknown party, negative,
non-integer, overdraft, paying itself) that must raise and change nothing, new
parties, copies and JSON round trips. ``apply``, ``pay``, ``check``, ``collect``
and ``pay_out`` are also run on random batches against a slow, obviously correct
model (copy every balance, move, then check every party in ledger order), which
their fast paths must agree with exactly: the same batch and balances, or the
same exception with the same message.
"""

from __future__ import annotations

import operator
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from pycards.errors import SettlementError
from pycards.settlement import MAX_COUNTERS, Batch, Ledger, Payment, pots, showdown, split

SOME = settings(max_examples=300, deadline=None)

SEATS = ["a", "b", "c", "d", "e", "f"]


@st.composite
def tables(draw, min_seats=2, max_seats=6):
    """(contributions, strengths, order, carry): at least one seat eligible."""
    n = draw(st.integers(min_seats, max_seats))
    seats = draw(st.permutations(SEATS))[:n]
    # few distinct values, so equal stacks and zeros are common
    stacks = draw(st.lists(st.sampled_from([0, 0, 1, 2, 3, 5, 8, 10, 13, 20]), min_size=n, max_size=n))
    contributions = dict(zip(seats, stacks))
    strengths = {
        seat: draw(st.one_of(st.none(), st.integers(0, 4))) for seat in seats
    }
    if all(v is None for v in strengths.values()):
        strengths[draw(st.sampled_from(seats))] = draw(st.integers(0, 4))
    order = list(draw(st.permutations(seats)))
    carry = draw(st.sampled_from([0, 0, 0, 1, 2, 3, 7]))
    return contributions, strengths, order, carry


def live_of(strengths):
    return [s for s, v in strengths.items() if v is not None]


def top_live(contributions, strengths):
    """M: the most any eligible seat staked."""
    return max(contributions[s] for s in live_of(strengths))


def fall(contributions, strengths):
    """Counters above M: in layers no eligible seat reached."""
    m = top_live(contributions, strengths)
    return sum(max(0, c - m) for c in contributions.values())


def reference(contributions, strengths, carry):
    """Exact shares, counter layer by counter layer, in fractions.

    Level l holds one counter from each seat that staked at least l; it goes to the
    best eligible hands that staked at least l (shared equally). A level no eligible
    seat reached falls to the top level that one did (the level M, or the carry when M
    is 0). The carry goes to the best of all eligible hands.
    """
    live = live_of(strengths)
    share = {s: Fraction(0) for s in contributions}

    def give(amount, eligible):
        best = max(strengths[s] for s in eligible)
        winners = [s for s in eligible if strengths[s] == best]
        for s in winners:
            share[s] += Fraction(amount, len(winners))

    give(carry, live)
    m = top_live(contributions, strengths)
    top = [s for s in live if contributions[s] == m]
    for level in range(1, max(contributions.values()) + 1):
        amount = sum(1 for c in contributions.values() if c >= level)
        eligible = [s for s in live if contributions[s] >= level] or top
        give(amount, eligible)
    return share


def shuffled(mapping, permutation):
    return {key: mapping[key] for key in permutation}


# --------------------------------------------------------------------------------------
# showdown
# --------------------------------------------------------------------------------------


@SOME
@given(tables())
def test_showdown_conserves_counters_and_covers_every_seat(table):
    """docs/rules.md 5: the sum over all parties never changes."""
    contributions, strengths, order, carry = table
    won = showdown(contributions, strengths, order, carry)
    assert set(won) == set(contributions)
    assert all(isinstance(v, int) and v >= 0 for v in won.values())
    assert sum(won.values()) == sum(contributions.values()) + carry


@SOME
@given(tables())
def test_law_64_retired_or_foul_seat_wins_nothing(table):
    """Law 64 (seed 000_090407a6d9d4a9ee.txt): a foul hand cannot win."""
    contributions, strengths, order, carry = table
    won = showdown(contributions, strengths, order, carry)
    for seat, strength in strengths.items():
        if strength is None:
            assert won[seat] == 0


@SOME
@given(tables())
def test_law_60_a_seat_wins_from_each_other_at_most_its_own_stake_plus_the_carry(table):
    """Law 60 (seed 000_090407a6d9d4a9ee.txt): a seat wins at most the carry plus
    min(c_i, c_seat) from every seat i. The one exception is forfeit money above the most
    any eligible seat staked (a foul or retired seat that put in more, law 64): it falls
    to the layer below, which only the seats that staked that most (M) can win."""
    contributions, strengths, order, carry = table
    won = showdown(contributions, strengths, order, carry)
    m = top_live(contributions, strengths)
    for seat, amount in won.items():
        cap = carry + sum(min(c, contributions[seat]) for c in contributions.values())
        if strengths[seat] is not None and contributions[seat] == m:
            cap += fall(contributions, strengths)
        assert amount <= cap


@SOME
@given(tables())
def test_law_60_a_unique_best_hand_wins_exactly_its_stake_from_each_plus_the_carry(table):
    """Law 60 (seed 000_090407a6d9d4a9ee.txt): the best hand "shall claim ... the ante and
    straddle ... and also a sum equal to his stake from every player"; alone at the top,
    it takes exactly that (and the forfeit money above M, if it staked M)."""
    contributions, strengths, order, carry = table
    live = live_of(strengths)
    best = max(strengths[s] for s in live)
    tops = [s for s in live if strengths[s] == best]
    assume(len(tops) == 1)
    (seat,) = tops
    won = showdown(contributions, strengths, order, carry)
    expected = carry + sum(min(c, contributions[seat]) for c in contributions.values())
    if contributions[seat] == top_live(contributions, strengths):
        expected += fall(contributions, strengths)
    assert won[seat] == expected


@SOME
@given(tables())
def test_a_strictly_better_hand_that_staked_as_much_never_receives_less(table):
    """Laws 60 and 76 (seed 000_090407a6d9d4a9ee.txt): if A holds a strictly better hand
    than B (both eligible) and staked at least as much, A is eligible for every pot B is,
    so B wins nothing at all and A at least as much as B."""
    contributions, strengths, order, carry = table
    won = showdown(contributions, strengths, order, carry)
    live = live_of(strengths)
    for a in live:
        for b in live:
            if strengths[a] > strengths[b] and contributions[a] >= contributions[b]:
                assert won[b] == 0
                assert won[a] >= won[b]


@SOME
@given(tables())
def test_law_76_equal_hands_earlier_seat_that_staked_as_much_never_receives_less(table):
    """Law 76 (seed 000_090407a6d9d4a9ee.txt) with docs/rules.md 5: of two equal hands, the one
    earlier from the dealer's left that staked at least as much gets at least as much;
    with equal stakes they differ by at most one counter a pot."""
    contributions, strengths, order, carry = table
    won = showdown(contributions, strengths, order, carry)
    live = live_of(strengths)
    n_pots = len(pots(contributions, live, carry))
    for a in live:
        for b in live:
            if a != b and strengths[a] == strengths[b] and contributions[a] >= contributions[b]:
                if order.index(a) < order.index(b):
                    assert won[a] >= won[b]
                if contributions[a] == contributions[b]:
                    assert abs(won[a] - won[b]) <= n_pots


@SOME
@given(tables())
def test_showdown_agrees_with_counter_by_counter_reference(table):
    """docs/rules.md 5: each seat gets its exact share (in fractions, counter layer by counter
    layer) to within one counter a pot; exactly, when no two eligible hands tie."""
    contributions, strengths, order, carry = table
    won = showdown(contributions, strengths, order, carry)
    exact = reference(contributions, strengths, carry)
    n_pots = len(pots(contributions, live_of(strengths), carry))
    for seat in contributions:
        assert abs(won[seat] - exact[seat]) < max(n_pots, 1)
    values = [v for v in strengths.values() if v is not None]
    if len(set(values)) == len(values):
        assert won == exact


@SOME
@given(tables(), st.data())
def test_showdown_independent_of_the_order_of_the_mappings(table, data):
    """docs/rules.md 5: only ``order`` decides the remainder; the insertion order of the
    contributions and strengths mappings changes nothing. (A seat repeated in ``order``
    is an error: see test_settlement_hostile.py.)"""
    contributions, strengths, order, carry = table
    won = showdown(contributions, strengths, order, carry)
    seats = list(contributions)
    c2 = shuffled(contributions, data.draw(st.permutations(seats)))
    s2 = shuffled(strengths, data.draw(st.permutations(seats)))
    assert showdown(c2, s2, order, carry) == won
    assert showdown(c2, s2, tuple(order), carry) == won
    assert showdown(c2, s2, iter(order), carry) == won
    live = live_of(strengths)
    assert pots(c2, data.draw(st.permutations(live)), carry) == pots(contributions, live, carry)


@SOME
@given(tables())
def test_pots_add_up_and_eligible_sets_are_strictly_nested(table):
    """docs/rules.md 5 / law 60: the pots add up to the contributions and the carry; every pot
    has counters; each side pot's eligible seats are a proper subset of the pot below
    (adjacent layers with the same seats are one pot); only eligible seats appear; a seat
    is eligible for a pot above the carry only if it staked enough to reach it."""
    contributions, strengths, order, carry = table
    live = set(live_of(strengths))
    result = pots(contributions, live, carry)
    assert sum(p.amount for p in result) == sum(contributions.values()) + carry
    assert all(p.amount > 0 and p.eligible for p in result)
    assert all(p.eligible <= live for p in result)
    for lower, upper in zip(result, result[1:]):
        assert upper.eligible < lower.eligible
    # seats eligible for a side pot staked at least as much as those left out of it
    for p in result:
        inside = [contributions[s] for s in p.eligible]
        outside = [contributions[s] for s in live - p.eligible]
        if outside:
            assert min(inside) > max(outside)


@SOME
@given(
    st.integers(0, 200),
    st.lists(st.sampled_from(SEATS), min_size=1, max_size=6),
    st.permutations(SEATS),
)
def test_law_76_split_shares_differ_by_at_most_one_in_seat_order(amount, winners, order):
    """Law 76 (seed 000_090407a6d9d4a9ee.txt), docs/rules.md 5: equal shares; the remainder one
    counter at a time in seat order."""
    result = split(amount, winners, order)
    assert set(result) == set(winners)
    assert sum(result.values()) == amount
    ranked = [s for s in order if s in result]
    values = [result[s] for s in ranked]
    assert values == sorted(values, reverse=True)
    assert values[0] - values[-1] <= 1


# --------------------------------------------------------------------------------------
# Ledger as a state machine
# --------------------------------------------------------------------------------------

NAMES = ["ann", "bob", "cy", "dan", "pool", "bank", "side", "eve"]
NOT_INTS = [1.0, 0.5, -1.5, "1", None, True, False, Fraction(1), Decimal(2), [1]]


class LedgerMachine(RuleBasedStateMachine):
    """A Ledger against a dict of balances, a set of credit parties and a list of batches."""

    @initialize(data=st.data())
    def start(self, data):
        names = data.draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
        credit = set(data.draw(st.lists(st.sampled_from(names), max_size=2, unique=True)))
        balances = {
            name: data.draw(st.integers(-10 if name in credit else 0, 30)) for name in names
        }
        self.keeps = data.draw(st.booleans())
        self.ledger = Ledger(balances, credit=credit, journal=self.keeps)
        self.model = dict(balances)
        self.credit = credit
        self.batches: list[Batch] = []
        self.total = sum(balances.values())
        self.copies: list[tuple[Ledger, dict, int]] = []

    # helpers ------------------------------------------------------------------------------

    def valid_payments(self, data, max_size=5):
        """A batch that overdraws nobody: each payer pays at most what it holds so far."""
        running = dict(self.model)
        payments = []
        for _ in range(data.draw(st.integers(0, max_size))):
            payer, payee = data.draw(st.lists(st.sampled_from(sorted(running)), min_size=2, max_size=2, unique=True))
            most = 40 if payer in self.credit else max(running[payer], 0)
            amount = data.draw(st.integers(0, most))
            running[payer] -= amount
            running[payee] += amount
            payments.append(Payment(payer, payee, amount))
        return payments

    def apply_to_model(self, payments, note):
        for p in payments:
            self.model[p.payer] -= p.amount
            self.model[p.payee] += p.amount
        self.batches.append(Batch(tuple(payments), note))

    def snapshot(self):
        return self.ledger.balances, self.ledger.journal, self.ledger.to_json(), self.ledger.credit

    # rules --------------------------------------------------------------------------------

    @rule(
        data=st.data(),
        note=st.sampled_from(["", "ante", "show", "héllo \"q\""]),
        form=st.sampled_from(["obj", "tuple"]),
    )
    def apply_valid_batch(self, data, note, form):
        payments = self.valid_payments(data)
        given_ = payments if form == "obj" else [(p.payer, p.payee, p.amount) for p in payments]
        batch = self.ledger.apply(given_, note=note)
        assert batch == Batch(tuple(payments), note)
        self.apply_to_model(payments, note)

    @rule(data=st.data())
    def pay_single(self, data):
        (payment,) = self.valid_payments(data, max_size=1) or [None]
        assume(payment is not None)
        self.ledger.pay(payment.payer, payment.payee, payment.amount, note="one")
        self.apply_to_model([payment], "one")

    @rule(data=st.data(), kind=st.sampled_from(["unknown", "negative", "not_int", "overdraft", "itself"]))
    def apply_invalid_batch(self, data, kind):
        payments = self.valid_payments(data, max_size=3)
        parties = sorted(self.model)
        payer, payee = data.draw(st.lists(st.sampled_from(parties), min_size=2, max_size=2, unique=True))
        if kind == "unknown":
            stranger = data.draw(st.sampled_from([n for n in NAMES if n not in self.model] + ["", "ANN", 7, None]))
            bad = Payment(stranger, payee, 1) if data.draw(st.booleans()) else Payment(payer, stranger, 1)
        elif kind == "negative":
            bad = Payment(payer, payee, -data.draw(st.integers(1, 50)))
        elif kind == "not_int":
            bad = Payment(payer, payee, data.draw(st.sampled_from(NOT_INTS)))
        elif kind == "itself":
            bad = Payment(payer, payer, data.draw(st.integers(0, 5)))
        else:
            strict = [p for p in parties if p not in self.credit]
            assume(strict)
            payer = data.draw(st.sampled_from(strict))
            payee = data.draw(st.sampled_from([p for p in parties if p != payer]))
            net = dict(self.model)
            for p in payments:
                net[p.payer] -= p.amount
                net[p.payee] += p.amount
            # more than the payer holds after the rest of the batch: its net goes below 0
            bad = Payment(payer, payee, max(net[payer], 0) + data.draw(st.integers(1, 20)))
        position = data.draw(st.integers(0, len(payments)))
        payments.insert(position, bad)
        before = self.snapshot()
        with pytest.raises(SettlementError) as caught:
            self.ledger.apply(payments, note="bad")
        assert isinstance(caught.value, ValueError)
        assert str(caught.value)
        assert self.snapshot() == before

    @rule(name=st.sampled_from(NAMES + ["", "pool2"]), credit=st.booleans())
    def add_party(self, name, credit):
        if not name or name in self.model:
            before = self.snapshot()
            with pytest.raises(SettlementError):
                self.ledger.add_party(name, credit=credit)
            assert self.snapshot() == before
            return
        self.ledger.add_party(name, credit=credit)
        self.model[name] = 0
        if credit:
            self.credit.add(name)

    @rule(data=st.data())
    def copy_is_independent(self, data):
        twin = self.ledger.copy()
        assert twin == self.ledger
        # changing the twin leaves the ledger alone
        before = self.snapshot()
        payments = self.valid_payments(data)
        twin.apply(payments, note="twin")
        twin.add_party("zz-twin-only")
        assert self.snapshot() == before
        self.copies.append((twin, twin.balances, len(twin.journal)))

    @rule()
    def json_round_trip(self):
        text = self.ledger.to_json()
        twin = Ledger.from_json(text)
        assert twin == self.ledger
        assert twin.balances == self.ledger.balances
        assert twin.journal == self.ledger.journal
        assert twin.credit == self.ledger.credit
        assert twin.total == self.ledger.total
        assert twin.to_json() == text

    @precondition(lambda self: bool(self.ledger.journal))
    @rule()
    def replay_of_the_journal_gives_the_balances(self):
        replayed = Ledger.from_dict(self.ledger.to_dict())
        assert replayed.balances == self.model

    # invariants ---------------------------------------------------------------------------

    @invariant()
    def balances_equal_the_model_and_the_total_is_constant(self):
        assert self.ledger.balances == self.model
        assert self.ledger.total == self.total
        assert sum(self.ledger.balances.values()) == self.total
        assert self.ledger.credit == frozenset(self.credit)
        assert list(self.ledger.journal) == (self.batches if self.keeps else [])
        assert self.ledger.keeps_journal is self.keeps
        for party, amount in self.model.items():
            assert self.ledger.balance(party) == amount
            assert amount >= 0 or party in self.credit

    @invariant()
    def copies_are_not_changed_by_the_ledger(self):
        for twin, balances, length in self.copies:
            assert twin.balances == balances
            assert len(twin.journal) == length
            assert twin.keeps_journal is self.keeps


LedgerMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
test_ledger_state_machine = LedgerMachine.TestCase


# --------------------------------------------------------------------------------------
# Ledger.apply, pay, check, collect and pay_out against a slow, obviously correct model
# --------------------------------------------------------------------------------------
#
# The model reads every payment, copies every balance, moves the counters on the copy,
# and only then looks at every party in ledger order: the way the ledger worked before
# its fast paths (one well-formed payment in apply; a batch of well-formed Payments read
# once, in a small dict of the parties it touches). Both must give the same batch, the
# same balances and journal, or the same exception with the same message, changing nothing.


class Name(str):
    """A party name that is a str subclass: it must be read as its plain value."""


class Whole(int):
    """An int subclass amount: it must come out as a plain int."""


class Boom:
    """An amount whose own __index__ fails: the caller's exception propagates."""

    def __index__(self) -> int:
        raise RuntimeError("boom")

    def __repr__(self) -> str:
        return "Boom()"


MAX = MAX_COUNTERS


def model_party(value, balances):
    name = str.__str__(value) if isinstance(value, str) else None
    if name not in balances:
        raise SettlementError(f"unknown party {value!r}")
    return name


def model_amount(value, what):
    if isinstance(value, bool):
        raise SettlementError(f"{what} must be a whole number of counters, not {value!r}")
    try:
        value = int(operator.index(value))
    except TypeError:
        raise SettlementError(f"{what} must be a whole number of counters, not {value!r}") from None
    if value < 0:
        raise SettlementError(f"{what} cannot be negative: {value!r}")
    if value > MAX:
        raise SettlementError(f"{what} cannot be more than {MAX} counters: {value!r}")
    return value


def model_check(balances, credit, payments):
    """(the checked payments, the balances after them), or the exception the ledger must raise."""
    checked = []
    for p in list(payments):
        if not isinstance(p, (tuple, list)) or len(p) != 3:
            raise SettlementError(f"a payment is (payer, payee, amount), not {p!r}")
        payer = model_party(p[0], balances)
        payee = model_party(p[1], balances)
        if payer == payee:
            raise SettlementError(f"{payer!r} cannot pay itself")
        checked.append(Payment(payer, payee, model_amount(p[2], f"the amount from {payer!r} to {payee!r}")))
    after = dict(balances)
    for payer, payee, amount in checked:
        after[payer] -= amount
        after[payee] += amount
    for party, now in after.items():
        before = balances[party]
        if now < 0 and party not in credit:
            raise SettlementError(
                f"{party!r} would be overdrawn: {before} - {before - now} = {now} (no credit)"
            )
        if not -MAX <= now <= MAX:
            raise SettlementError(
                f"{party!r} would hold {now} counters, beyond the limit of {MAX} either way"
            )
    assert sum(after.values()) == sum(balances.values())
    return tuple(checked), after


def model_note(note):
    if not isinstance(note, str):
        raise SettlementError(f"a note must be a string, not {note!r}")
    return str.__str__(note)


def model_apply(balances, credit, payments, note):
    checked, after = model_check(balances, credit, payments)
    return Batch(checked, model_note(note)), after


def model_apply_nonzero(balances, credit, payments, note):
    checked, after = model_check(balances, credit, payments)
    return Batch(tuple(p for p in checked if p.amount), model_note(note)), after


def outcome(call):
    """What a call gave: ("ok", value), or the type and message of its exception."""
    try:
        return "ok", call()
    except (SettlementError, RuntimeError) as error:
        return type(error), str(error)


def plain(batch) -> bool:
    """Exactly a Batch of Payments of plain strs and plain ints, with a plain str note."""
    return (type(batch) is Batch and type(batch.payments) is tuple and type(batch.note) is str
            and all(type(p) is Payment and type(p.payer) is str and type(p.payee) is str
                    and type(p.amount) is int for p in batch.payments))  # fmt: skip


LIMITS = [MAX, MAX - 1, MAX - 7]


@st.composite
def setups(draw):
    """A ledger's opening balances and credit: small counts (so overdrafts are common), some at the limits."""
    everyone = ["ann", "bob", "cy", "pool", "bank"]
    names = draw(st.lists(st.sampled_from(everyone), min_size=2, max_size=5, unique=True))
    credit = set(draw(st.lists(st.sampled_from(names), max_size=2, unique=True)))
    balances = {}
    for name in names:
        low = -MAX if name in credit else 0
        balances[name] = draw(
            st.one_of(
                st.integers(max(low, -8), 8),
                st.integers(max(low, -8), 8),
                st.integers(max(low, -20), 40),
                st.sampled_from([v for v in LIMITS + [-v for v in LIMITS] if v >= low]),
            )
        )
    assume(-MAX <= sum(balances.values()) <= MAX)  # what a ledger holds fits the limit too
    return balances, credit


AMOUNTS = st.one_of(st.integers(0, 6), st.integers(0, 6), st.integers(0, 40), st.integers(-3, -1),
                    st.sampled_from(LIMITS + [MAX + 1, 2**64]))  # fmt: skip
ODD_AMOUNTS = st.sampled_from([1.0, 0.5, "1", None, True, False, np.int64(3), np.uint8(2), Whole(2), Boom(),
                               np.float64(1.0), Fraction(1), [1]])  # fmt: skip
SHAPES = {"Payment": lambda p: Payment(*p), "tuple": tuple, "list": list}


def payments_of(balances):
    """Mostly payments between known parties, in any of the shapes a payment may take (so a batch
    mixes the fast path's Payments with tuples and lists); some with odd parties, amounts or shapes."""
    known = sorted(balances)
    party = st.sampled_from(known)
    shape = st.sampled_from(["Payment", "Payment", "Payment", "tuple", "list"])
    shaped = st.builds(lambda payer, payee, amount, how: SHAPES[how]((payer, payee, amount)),
                       party, party, AMOUNTS, shape)  # fmt: skip
    strangers = st.sampled_from(["zed", "", "ANN", None, 7, ("ann",)])
    odd_party = st.one_of(st.sampled_from(known).map(Name), strangers)
    any_party = st.one_of(party, party, odd_party)
    odd = st.one_of(
        st.builds(Payment, any_party, any_party, st.one_of(AMOUNTS, ODD_AMOUNTS)),
        st.tuples(any_party, any_party, st.one_of(AMOUNTS, ODD_AMOUNTS)),
        st.sampled_from([None, ("ann", "pool"), ("ann", "pool", 1, 1), "ap1", 5, {"ann": 1}]),
    )
    return st.one_of(shaped, shaped, shaped, shaped, odd)


@st.composite
def batches(draw, balances):
    payment = payments_of(balances)
    payments = draw(st.one_of(st.lists(payment, min_size=1, max_size=1), st.lists(payment, max_size=5)))
    form = draw(st.sampled_from(["list", "list", "tuple", "iterator"]))
    note = draw(st.sampled_from(["", "", "", "ante", Name("show"), None, 5]))
    return payments, form, note


def given_as(payments, form):
    return list(payments) if form == "list" else tuple(payments) if form == "tuple" else iter(list(payments))


@settings(max_examples=400, deadline=None)
@given(st.booleans(), setups(), st.data())
def test_apply_pay_check_collect_and_pay_out_agree_with_the_slow_model(journal, setup, data):
    """Random batches, one after the other on one ledger, in both journal modes: every result is the
    model's (the same Batch, of plain values, the same balances; journaled if the ledger keeps a
    journal), and every error is the model's exception with the model's message, changing nothing."""
    balances, credit = setup
    ledger = Ledger(balances, credit=credit, journal=journal)
    model = dict(balances)
    journal_model: list[Batch] = []
    for _ in range(data.draw(st.integers(1, 6))):
        payments, form, note = data.draw(batches(model))
        how = data.draw(st.sampled_from(["apply", "apply", "apply", "pay", "check", "collect", "pay_out"]))
        if how == "pay":
            p = (payments or [None])[0]
            if not isinstance(p, (tuple, list)) or len(p) != 3:
                continue
            expected = outcome(lambda: model_apply(model, credit, [Payment(*p)], note))
            got = outcome(lambda: ledger.pay(*p, note=note))
        elif how == "check":
            expected = outcome(lambda: model_check(model, credit, given_as(payments, form)))
            got = outcome(lambda: ledger.check(given_as(payments, form)))
        elif how in ("collect", "pay_out"):
            pool = data.draw(st.sampled_from(sorted(model)))
            mapping = {}
            for p in payments:
                if isinstance(p, (tuple, list)) and len(p) == 3 and isinstance(p[0], str):
                    mapping.setdefault(p[0], p[2])
            rows = [(pool, party, a) if how == "pay_out" else (party, pool, a)
                    for party, a in mapping.items()]  # fmt: skip
            expected = outcome(lambda: model_apply_nonzero(model, credit, [Payment(*r) for r in rows], note))
            got = outcome(lambda: getattr(ledger, how)(pool, mapping, note=note))
        else:
            expected = outcome(lambda: model_apply(model, credit, given_as(payments, form), note))
            got = outcome(lambda: ledger.apply(given_as(payments, form), note=note))
        if expected[0] != "ok":
            assert got == expected
            assert ledger.balances == model and list(ledger.journal) == journal_model
            continue
        if how == "check":
            checked, _ = expected[1]
            assert got == ("ok", checked)
            assert all(type(p) is Payment and type(p.amount) is int and type(p.payer) is str for p in got[1])
            assert ledger.balances == model
            continue
        batch, after = expected[1]
        assert got == ("ok", batch) and plain(got[1])
        model = after
        journaled = journal and (batch.payments or how in ("apply", "pay"))  # collect skips an empty batch
        if journaled:
            journal_model.append(batch)
            assert ledger.journal[-1] is got[1]
        assert ledger.balances == model
        assert list(ledger.journal) == journal_model
        assert ledger.total == sum(model.values()) == sum(balances.values())
        assert all(type(v) is int for v in ledger.balances.values())
    assert Ledger.from_json(ledger.to_json()) == ledger


@settings(max_examples=300, deadline=None)
@given(st.booleans(), setups(), st.data())
def test_one_payment_agrees_with_the_slow_model(journal, setup, data):
    """The single-payment path of apply and pay, hit on purpose: one payment between parties of the
    ledger (or not), of any amount, as a Payment, a tuple or a list, on balances near zero and near
    the limits, with and without credit."""
    balances, credit = setup
    ledger = Ledger(balances, credit=credit, journal=journal)
    model = dict(balances)
    for _ in range(data.draw(st.integers(1, 4))):
        party = st.one_of(st.sampled_from(sorted(model)), st.sampled_from(sorted(model)), st.just("zed"))
        p = data.draw(st.tuples(party, party, st.one_of(AMOUNTS, AMOUNTS, ODD_AMOUNTS)))
        shape = data.draw(st.sampled_from(["Payment", "tuple", "list"]))
        note = data.draw(st.sampled_from(["", "one", Name("one")]))
        expected = outcome(lambda: model_apply(model, credit, [SHAPES[shape](p)], note))
        if data.draw(st.booleans()):
            got = outcome(lambda: ledger.apply([SHAPES[shape](p)], note))
        else:
            got = outcome(lambda: ledger.pay(*p, note=note))
        assert got[0] == expected[0]
        if expected[0] == "ok":
            batch, model = expected[1]
            assert got[1] == batch and plain(got[1])
            assert ledger.journal[-1] is got[1] if journal else ledger.journal == ()
        else:
            assert got == expected
        assert ledger.balances == model
