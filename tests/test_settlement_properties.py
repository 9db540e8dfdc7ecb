"""Property tests (Hypothesis) for pycards.settlement (docs/rules.md section 5).

``showdown`` and ``pots`` over random tables: contributions with zeros and
repeats, folded or foul seats (strength ``None``), several all-in players, ties
and a carried pool. They are checked for conservation, law 60 (a seat wins from
each other seat at most what it staked itself, plus the carry), law 64 (a foul
hand wins nothing), law 76 (ties share, remainder in seat order), independence
from the order of the mappings, and against an independent counter-by-counter
reference in exact fractions.

``Ledger`` runs as a state machine against a plain dict model: valid batches,
invalid batches (unknown party, negative, non-integer, overdraft, paying itself)
that must raise and change nothing, new parties, copies and JSON round trips.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from pycards.errors import SettlementError
from pycards.settlement import Batch, Ledger, Payment, pots, showdown, split

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
        self.ledger = Ledger(balances, credit=credit)
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
        assert list(self.ledger.journal) == self.batches
        for party, amount in self.model.items():
            assert self.ledger.balance(party) == amount
            assert amount >= 0 or party in self.credit

    @invariant()
    def copies_are_not_changed_by_the_ledger(self):
        for twin, balances, length in self.copies:
            assert twin.balances == balances
            assert len(twin.journal) == length


LedgerMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
test_ledger_state_machine = LedgerMachine.TestCase
