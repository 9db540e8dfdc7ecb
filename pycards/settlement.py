"""Settlement: who pays whom, with not one counter created or lost.

docs/rules.md section 5. Every game driver settles through this module, and every
function here checks its own result: the counters paid out always equal the
counters paid in.

* :class:`Ledger` holds the counters of named parties (players, one or more
  pools, a dealer's bank) and applies payments in atomic batches, recording each
  in a journal that replays and round-trips through JSON (or, built with
  ``journal=False``, keeping no journal, for a game that keeps its own history).
  :meth:`Ledger.view` gives a :class:`LedgerView`: every reader, and no way to pay.
* :func:`showdown` divides a pool among the best hands, with side pots for
  players all-in (law 60), foul hands barred (law 64) and ties shared (law 76);
  :func:`pots` and :func:`split` are its building blocks.
* :func:`first_of_best` names the taker of a pool whose ties go by seat (the American
  games' eldest hand).
* :func:`stake_from_each` pays a winner from each other player directly, as in
  old Commerce where there is no pool.
* :class:`Freezeout` keeps the lives of counters games (Whiskey Poker, Commerce
  with a widow, Pool Commerce, Snip-Snap-Snorum): a player out of counters
  stands out, and Pool Commerce's first player out may buy a horse.

Decision for an indivisible remainder (law 76 is silent): it goes one counter
at a time to the tied winners in seat order, starting left of the dealer.

Bad input (an unknown or duplicated seat or party, a count that is negative,
fractional, a bool or more than :data:`MAX_COUNTERS`, a string where a list is
expected, a malformed or tampered ledger document) raises
:class:`~pycards.errors.SettlementError`, a ``ValueError`` whose message names
the offending value with its ``repr``, and changes nothing. An exception raised
by the caller's own objects (an ``__index__``, ``__iter__`` or seat ``__hash__``
that fails) propagates as it is, and also before anything has changed. A
party's name is a ``str``; a ``str`` subclass is taken as its plain string
value, so the ledger never calls its ``__hash__`` or ``__eq__``.

>>> showdown({"ann": 10, "bob": 10, "cy": 10}, {"ann": 7, "bob": 7, "cy": 2}, ["ann", "bob", "cy"], carry=1)
{'ann': 16, 'bob': 15, 'cy': 0}
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Callable, NamedTuple, NoReturn, Optional, TypeVar, cast

from pycards._messages import shown as _repr
from pycards.errors import SettlementError

__all__ = [
    "MAX_COUNTERS",
    "Batch",
    "Freezeout",
    "Ledger",
    "LedgerView",
    "Payment",
    "Pot",
    "SettlementError",
    "first_of_best",
    "pots",
    "showdown",
    "split",
    "stake_from_each",
]

Seat = TypeVar("Seat", bound=Hashable)

MAX_COUNTERS = 2**63 - 1
"""The most counters in one amount or one balance (and the fewest, negated, for a
party on credit): every count then fits a signed 64-bit integer and prints in JSON."""

_WRITING = threading.RLock()
"""Held while a ledger changes, so that threads sharing one never lose a counter. Re-entrant:
the caller's code a batch runs (an amount's ``__index__``) may itself pay into the ledger."""


_new_tuple: Any = tuple.__new__
"""``_new_tuple(Payment, (payer, payee, amount))`` is ``Payment(payer, payee, amount)`` without the
Python-level ``__new__`` of a NamedTuple: for values already checked, on the paths that run most."""


def _count(amount: object, what: str, least: int = 0) -> int:
    """``amount`` as an exact int from ``least`` to MAX_COUNTERS, or SettlementError.

    Python ints and integer scalars (numpy's) are accepted and come out as a
    plain int (so an int subclass's arithmetic is never used); bools, floats and
    anything else are not.
    """
    if type(amount) is not int:
        try:
            if isinstance(amount, bool):
                raise TypeError
            amount = operator.index(amount)  # type: ignore[arg-type]
        except TypeError:
            raise SettlementError(f"{what} must be a whole number of counters, not {_repr(amount)}") from None
    if amount < least:
        if least == 0:
            raise SettlementError(f"{what} cannot be negative: {_repr(amount)}")
        raise SettlementError(f"{what} cannot be less than {least} counters: {_repr(amount)}")
    if amount > MAX_COUNTERS:
        raise SettlementError(f"{what} cannot be more than {MAX_COUNTERS} counters: {_repr(amount)}")
    return amount


def _name(party: object) -> str:
    """``party`` as a plain ``str``, or ``""`` if it is not a string.

    A str subclass is copied to a plain str, so its own ``__hash__`` and
    ``__eq__`` (which might fail, or lie) are never called afterwards.
    """
    if type(party) is str:
        return party
    if issubclass(type(party), str):
        return str.__str__(cast(str, party))
    return ""


def _party(party: object, what: str = "a party") -> str:
    """``party`` as a non-empty plain str, or SettlementError."""
    name = _name(party)
    if not name:
        raise SettlementError(f"{what} is named by a non-empty string, not {_repr(party)}")
    return name


def _party_at(value: object, where: str) -> str:
    """The party name at ``where`` in a ledger document, as a plain str, or SettlementError."""
    name = _name(value)
    if not name:
        raise SettlementError(f"{where} must be a party name (a non-empty string), not {_repr(value)}")
    return name


def _note(note: object) -> str:
    """A batch's note as a plain str, or SettlementError."""
    if not issubclass(type(note), str):
        raise SettlementError(f"a note must be a string, not {_repr(note)}")
    return _name(note)


def _listed(items: object, what: str) -> list[Any]:
    """Any iterable but a string as a list, or SettlementError (a string is not a list of seats)."""
    if isinstance(items, (str, bytes, bytearray)):
        raise SettlementError(f"{what} must be a list, not the string {_repr(items)}")
    try:
        iterator = iter(items)  # type: ignore[call-overload]
    except TypeError:
        raise SettlementError(f"{what} must be a list, not {_repr(items)}") from None
    return list(iterator)


def _seats(seats: object, what: str) -> list[Any]:
    """``seats`` as a list of hashable seats, or SettlementError."""
    listed = _listed(seats, what)
    for seat in listed:
        try:
            hash(seat)
        except TypeError:
            raise SettlementError(f"a seat must be hashable, not {_repr(seat)}") from None
    return listed


def _order(order: object) -> list[Any]:
    """The seat order as a list in which no seat appears twice, or SettlementError."""
    seats = _seats(order, "the seat order")
    seen: set[Any] = set()
    for seat in seats:
        if seat in seen:
            raise SettlementError(f"seat {_repr(seat)} appears twice in the seat order")
        seen.add(seat)
    return seats


def _first(seats: Iterable[object]) -> str:
    """The repr of the seat an error names out of several: the least repr, so the message is stable."""
    return min(map(_repr, seats))


def _stakes(contributions: object) -> dict[Any, int]:
    """Each seat's contribution as a whole number of counters, or SettlementError."""
    if not isinstance(contributions, Mapping):
        raise SettlementError(
            f"the contributions must be a mapping of seat to counters, not {_repr(contributions)}"
        )
    stakes: dict[Any, int] = {}
    for seat, amount in _seats_of(contributions, "contributions"):
        stakes[seat] = _count(amount, f"the contribution of {_repr(seat)}")
    return stakes


def _within_limit(total: int, what: str) -> None:
    """SettlementError unless ``total`` counters (what a pool or a ledger holds) fit the limit."""
    if not -MAX_COUNTERS <= total <= MAX_COUNTERS:
        raise SettlementError(f"{what} add up to {total}, beyond the limit of {MAX_COUNTERS} counters")


def _seats_of(mapping: Mapping[Any, Any], what: str) -> list[tuple[Any, Any]]:
    """The items of a mapping of seats, each seat hashable and once only, or SettlementError."""
    items = list(mapping.items())
    seen: set[Any] = set()
    for seat, _ in items:
        try:
            repeated = seat in seen
        except TypeError:
            raise SettlementError(f"a seat must be hashable, not {_repr(seat)}") from None
        if repeated:
            raise SettlementError(f"seat {_repr(seat)} has two {what}")
        seen.add(seat)
    return items


def _ranks(strengths: object) -> dict[Any, Optional[int]]:
    """Each seat's strength as a plain int, or None for a seat that cannot win, or SettlementError."""
    if not isinstance(strengths, Mapping):
        raise SettlementError(f"the strengths must be a mapping of seat to strength, not {_repr(strengths)}")
    ranks: dict[Any, Optional[int]] = {}
    for seat, strength in _seats_of(strengths, "strengths"):
        if strength is not None:
            try:
                if isinstance(strength, bool):
                    raise TypeError
                strength = operator.index(strength)
            except TypeError:
                raise SettlementError(
                    f"the strength of {_repr(seat)} must be an int or None, not {_repr(strength)}"
                ) from None
        ranks[seat] = strength
    return ranks


# --------------------------------------------------------------------------------------
# Dividing a pool
# --------------------------------------------------------------------------------------


def split(amount: int, winners: Iterable[Seat], order: Sequence[Seat]) -> dict[Seat, int]:
    """Share ``amount`` equally among ``winners`` (law 76).

    The indivisible remainder goes one counter at a time to the winners in
    ``order`` (the seats starting left of the dealer). Every winner must be in
    ``order``, and no seat may appear in it twice; ``order`` may hold seats that
    did not win.

    >>> split(10, ["cy", "ann", "bob"], ["ann", "bob", "cy"])
    {'ann': 4, 'bob': 3, 'cy': 3}
    """
    amount = _count(amount, "an amount to split")
    chosen = set(_seats(winners, "the winners"))
    seats = _order(order)
    if not chosen:
        raise SettlementError("split() needs at least one winner")
    missing = chosen.difference(seats)
    if missing:
        raise SettlementError(f"winner {_first(missing)} is not in the seat order")
    ranked = [seat for seat in seats if seat in chosen]
    share, remainder = divmod(amount, len(ranked))
    return {seat: share + (1 if i < remainder else 0) for i, seat in enumerate(ranked)}


def first_of_best(strengths: Mapping[Seat, Optional[int]], order: Sequence[Seat]) -> Optional[Seat]:
    """The seat that takes a pool whose ties go by seat: the best of ``strengths`` (higher
    is better; None: cannot win), equal best to the first of them in ``order`` ("Ties are
    decided in favour of the eldest hand", seed 004; docs/rules.md 6.4). None if no seat
    may win. Every seat of ``strengths`` must be in ``order``.

    >>> first_of_best({"ann": 5, "bob": 9, "cy": 9}, ["cy", "ann", "bob"])
    'cy'
    >>> first_of_best({"ann": None}, ["ann"]) is None
    True
    """
    ranks = _ranks(strengths)
    seats = _order(order)
    missing = set(ranks).difference(seats)
    if missing:
        raise SettlementError(f"seat {_first(missing)} is not in the seat order")
    return _first_of_best(ranks, seats)


def _first_of_best(ranks: Mapping[Seat, Optional[int]], seats: Sequence[Seat]) -> Optional[Seat]:
    """:func:`first_of_best` of values already checked (a driver's own strengths and seats)."""
    best = max((rank for rank in ranks.values() if rank is not None), default=None)
    if best is None:
        return None
    return next(seat for seat in seats if seat in ranks and ranks[seat] == best)


class Pot(NamedTuple):
    """One pot of a showdown: its counters and the seats that may win it."""

    amount: int
    eligible: frozenset[Any]


def pots(
    contributions: Mapping[Seat, int],
    eligible: Iterable[Seat],
    carry: int = 0,
    blinds: Optional[Mapping[Seat, int]] = None,
) -> list[Pot]:
    """The main pot and the side pots, main pot first.

    Each seat's contribution is cut into layers at every other seat's total; a
    layer may be won by the ``eligible`` seats (those still in, with a fair
    hand) that reached it. So a seat wins from each other seat at most what it
    staked itself (law 60), plus the ``carry`` (counters already in the pool
    from earlier deals, which every eligible seat may win). Counters in a layer
    that no eligible seat reached join the layer below them; adjacent layers
    with the same eligible seats are one pot.

    ``blinds`` maps seats to the part of their contribution that is an ante or a
    straddle (the English draw poker's, a stake to make good): law 60's player
    all in "shall claim from the pool the amount of the ante and straddle or
    straddles (if any), and also a sum equal to his stake from every player", so
    the blinds join the carry, and only the rest of each contribution is cut
    into layers, which a seat reaches up to its whole contribution.

    >>> [(p.amount, sorted(p.eligible)) for p in pots({"a": 5, "b": 20, "c": 20}, ["a", "b", "c"])]
    [(15, ['a', 'b', 'c']), (30, ['b', 'c'])]
    >>> [(p.amount, sorted(p.eligible)) for p in pots({"a": 1, "b": 6, "c": 6}, ["a", "b", "c"],
    ...                                              blinds={"a": 1, "c": 2})]
    [(5, ['a', 'b', 'c']), (8, ['b', 'c'])]
    """
    stakes = _stakes(contributions)
    carry = _count(carry, "the carry")
    _within_limit(carry + sum(stakes.values()), "the carry and the contributions")
    live = set(_seats(eligible, "the eligible seats"))
    unknown = live.difference(stakes)
    if unknown:
        raise SettlementError(f"eligible seat {_first(unknown)} made no contribution")
    if not live:
        raise SettlementError("no seat is eligible to win the pool")
    blind = _blinds(blinds, stakes)

    matched = {seat: amount - blind.get(seat, 0) for seat, amount in stakes.items()}
    levels = sorted({amount for amount in matched.values() if amount > 0}
                    | {stakes[seat] for seat in live if 0 < stakes[seat] < max(matched.values())})  # fmt: skip
    layers: list[tuple[int, frozenset[Any]]] = [(carry + sum(blind.values()), frozenset(live))]
    previous = 0
    for level in levels:
        amount = sum(min(s, level) - min(s, previous) for s in matched.values())
        reached = frozenset(seat for seat in live if stakes[seat] >= level)
        layers.append((amount, reached))
        previous = level

    # Top down: a layer nobody eligible reached falls into the one below it.
    merged: list[tuple[int, frozenset[Any]]] = []
    falling = 0
    for amount, reached in reversed(layers):
        if not reached:
            falling += amount
            continue
        merged.append((amount + falling, reached))
        falling = 0
    merged.reverse()

    result: list[Pot] = []
    for amount, reached in merged:
        if result and result[-1].eligible == reached:
            result[-1] = Pot(result[-1].amount + amount, reached)
        elif amount:
            result.append(Pot(amount, reached))
    if sum(p.amount for p in result) != sum(stakes.values()) + carry:
        raise SettlementError("internal error: the pots do not add up to the contributions")
    return result


def _blinds(blinds: object, stakes: Mapping[Any, int]) -> dict[Any, int]:
    """The ``blinds`` of :func:`pots` checked against the contributions, or SettlementError."""
    if blinds is None:
        return {}
    if not isinstance(blinds, Mapping):
        raise SettlementError(f"the blinds must be a mapping of seat to counters, not {_repr(blinds)}")
    checked: dict[Any, int] = {}
    for seat, amount in _seats_of(blinds, "blinds"):
        if seat not in stakes:
            raise SettlementError(f"seat {_repr(seat)} has a blind but made no contribution")
        checked[seat] = _count(amount, f"the blind of {_repr(seat)}")
        if checked[seat] > stakes[seat]:
            raise SettlementError(f"the blind of {_repr(seat)} ({checked[seat]}) is more than its contribution"
                                  f" ({stakes[seat]})")  # fmt: skip
    return checked


def showdown(
    contributions: Mapping[Seat, int],
    strengths: Mapping[Seat, Optional[int]],
    order: Sequence[Seat],
    carry: int = 0,
    blinds: Optional[Mapping[Seat, int]] = None,
) -> dict[Seat, int]:
    """What each seat takes from the pool at the show.

    ``contributions`` maps every seat to what it put in this game (antes,
    straddles, bets); ``strengths`` maps each seat to its evaluator strength
    (higher is better), or ``None`` for a seat that retired or holds a foul
    hand (law 64: it cannot win); ``order`` is the seat order starting left of
    the dealer, used for indivisible remainders (law 76): it holds every seat of
    ``contributions`` once, and no other seat; ``carry`` is counters already in
    the pool from earlier deals (jack-pots); ``blinds`` the part of each
    contribution that is an ante or straddle, which the best hand takes whole
    (law 60; see :func:`pots`).

    Every pot of :func:`pots` goes to its best eligible hands, shared equally
    with the remainder in seat order. The result has every seat of
    ``contributions`` and always sums to the contributions plus the carry.

    Law 60, three players all-in with different stacks:

    >>> showdown({"a": 5, "b": 10, "c": 20, "d": 20}, {"a": 9, "b": 8, "c": 3, "d": 1},
    ...          ["a", "b", "c", "d"])
    {'a': 20, 'b': 15, 'c': 20, 'd': 0}
    """
    stakes = _stakes(contributions)
    ranks = _ranks(strengths)
    seats = _order(order)
    if set(ranks) != set(stakes):
        raise SettlementError(
            f"seat {_first(set(ranks).symmetric_difference(stakes))} needs both a contribution and a strength"
        )
    missing = set(stakes).difference(seats)
    if missing:
        raise SettlementError(f"seat {_first(missing)} is not in the seat order")
    strangers = set(seats).difference(stakes)
    if strangers:
        raise SettlementError(f"seat {_first(strangers)} of the seat order has no contribution or strength")
    live = [seat for seat, strength in ranks.items() if strength is not None]
    won: dict[Seat, int] = {seat: 0 for seat in stakes}
    for pot in pots(stakes, live, carry, blinds):
        best = max(ranks[seat] for seat in pot.eligible)  # type: ignore[type-var]
        for seat, amount in split(pot.amount, [s for s in pot.eligible if ranks[s] == best], seats).items():
            won[seat] += amount
    if sum(won.values()) != sum(stakes.values()) + _count(carry, "the carry"):
        raise SettlementError("internal error: the showdown does not add up")
    return won


# --------------------------------------------------------------------------------------
# The ledger
# --------------------------------------------------------------------------------------


class Payment(NamedTuple):
    """``amount`` counters from ``payer`` to ``payee``."""

    payer: str
    payee: str
    amount: int


class Batch(NamedTuple):
    """Payments applied together, all or nothing, with a note saying why."""

    payments: tuple[Payment, ...]
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"note": self.note, "payments": [[p.payer, p.payee, p.amount] for p in self.payments]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Batch:
        """A batch from its :meth:`to_dict` form, or SettlementError naming the bad field.

        Only the form is checked here (names are non-empty strings, amounts whole
        numbers of counters); a ledger checks the parties and balances when the
        batch is applied.
        """
        return _batch(data, "batch")


_LEDGER_FIELDS = ("initial", "credit", "journal", "balances", "journal_kept")
_BATCH_FIELDS = ("note", "payments")


def _document(data: object, where: str, fields: tuple[str, ...], required: str) -> Mapping[str, Any]:
    """``data`` as a mapping with no field but ``fields`` and with ``required``, or SettlementError."""
    if not isinstance(data, Mapping):
        raise SettlementError(f"{where} must be a dict (a JSON object), not {_repr(data)}")
    for key in data:
        if type(key) is not str or key not in fields:
            raise SettlementError(f"{where} has an unknown field {_repr(key)}")
    if required not in data:
        raise SettlementError(f"{where} has no {_repr(required)} field")
    return data


def _array(data: object, where: str, what: str) -> list[Any] | tuple[Any, ...]:
    """``data`` if it is a list (or tuple), or SettlementError: a string is not a list."""
    if not isinstance(data, (list, tuple)):
        raise SettlementError(f"{where} must be a list of {what}, not {_repr(data)}")
    return data


def _balances_field(data: object, where: str) -> dict[str, int]:
    """A dict of party to counters (``initial`` or ``balances``), or SettlementError."""
    if not isinstance(data, Mapping):
        raise SettlementError(f"{where} must be a dict of party to counters, not {_repr(data)}")
    result: dict[str, int] = {}
    for party, amount in data.items():
        name = _party(party, f"a party of {where}")
        if name in result:
            raise SettlementError(f"{where} names the party {_repr(name)} twice")
        result[name] = _count(amount, f"{where}[{_repr(name)}]", -MAX_COUNTERS)
    return result


def _credit_field(data: object, initial: Mapping[str, int]) -> list[str]:
    """The parties on credit, each a party of ``initial`` named once, or SettlementError."""
    names: list[str] = []
    for i, party in enumerate(_array(data, "credit", "party names")):
        name = _party_at(party, f"credit[{i}]")
        if name in names:
            raise SettlementError(f"credit[{i}] names {_repr(name)} a second time")
        if name not in initial:
            raise SettlementError(f"credit[{i}] names {_repr(name)}, which is not a party of initial")
        names.append(name)
    for name, amount in initial.items():
        if amount < 0 and name not in names:
            raise SettlementError(f"initial[{_repr(name)}] is below zero ({amount}) but {_repr(name)} has no credit")
    return names


def _batch(data: object, where: str) -> Batch:
    """One journal entry, ``{"note": str, "payments": [[payer, payee, amount], ...]}``, or SettlementError."""
    entry = _document(data, where, _BATCH_FIELDS, "payments")
    note = entry.get("note", "")
    if not issubclass(type(note), str):
        raise SettlementError(f"{where}.note must be a string, not {_repr(note)}")
    rows = _array(entry["payments"], f"{where}.payments", "payments")
    payments = tuple(_payment_row(row, f"{where}.payments[{i}]") for i, row in enumerate(rows))
    return Batch(payments, _name(note))


def _payment_row(row: object, where: str) -> Payment:
    """``[payer, payee, amount]`` as a Payment, or SettlementError."""
    if not isinstance(row, (list, tuple)) or len(row) != 3:
        raise SettlementError(f"{where} must be a [payer, payee, amount] list, not {_repr(row)}")
    return Payment(
        _party_at(row[0], f"{where}[0]"), _party_at(row[1], f"{where}[1]"), _count(row[2], f"{where}[2]")
    )


def _same_balances(stated: Mapping[str, int], replayed: Mapping[str, int], kept: bool = True) -> None:
    """SettlementError unless the stated balances are those the journal replays to.

    With ``kept`` false (a document of a ledger that keeps no journal) the
    balances are those of ``initial`` itself, and the message says so.
    """
    for party in stated:
        if party not in replayed:
            raise SettlementError(f"balances names {_repr(party)}, which is not a party of initial")
    for party, amount in replayed.items():
        if party not in stated:
            raise SettlementError(f"balances has no entry for the party {_repr(party)}")
        if stated[party] != amount:
            if not kept:
                raise SettlementError(
                    f"balances[{_repr(party)}] is {stated[party]} but initial[{_repr(party)}] is {amount}"
                    " (with journal_kept false they are the same)"
                )
            raise SettlementError(
                f"balances[{_repr(party)}] is {stated[party]} but the journal replays to {amount}"
            )


def _json_int(digits: str) -> int:
    """A JSON integer; one longer than any count of counters is refused unread (no slow parse)."""
    if len(digits) > 20:
        raise SettlementError(
            f"the number {_repr(digits)} in the JSON is too large to be a count of counters"
        )
    return int(digits)


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, or SettlementError if a key appears twice (json.loads would keep the last)."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise SettlementError(f"the key {_repr(key)} appears twice in one JSON object")
            seen.add(key)
    return result


class Ledger:
    """Counters held by named parties; payments in atomic batches; a replayable journal.

    ``balances`` gives every party and its counters at the start; the sum over
    all parties never changes afterwards. Parties named in ``credit`` may go
    below zero (a dealer's bank, or players playing on credit); any other
    party that a batch would overdraw makes the whole batch fail. No balance
    goes beyond :data:`MAX_COUNTERS` either way, nor does their sum.

    Every method either does all it says or raises and changes nothing
    (balances, journal, credit, parties). Threads may share a ledger: its
    batches are applied whole, one at a time.

    With ``journal=False`` the ledger keeps no journal: every batch is checked
    and applied exactly as in a ledger that keeps one, and :meth:`apply` still
    returns it, but it is not kept (:attr:`journal` is ``()``), so a copy costs
    O(parties) however long the game has run. A game driver, which keeps its own
    history of records, settles through such a ledger, and hands out only its
    read-only :meth:`view`. The :meth:`to_dict` of such a ledger is a snapshot
    of its balances (see there); :meth:`copy` keeps the mode.

    >>> ledger = Ledger({"ann": 20, "bob": 20, "pool": 0})
    >>> _ = ledger.apply([("ann", "pool", 1), ("bob", "pool", 1)], note="ante")
    >>> _ = ledger.pay("pool", "bob", 2, note="bob wins")
    >>> ledger.balances, ledger.total
    ({'ann': 19, 'bob': 21, 'pool': 0}, 40)
    >>> ledger.pay("ann", "bob", 25)
    Traceback (most recent call last):
    ...
    pycards.errors.SettlementError: 'ann' would be overdrawn: 19 - 25 = -6 (no credit)
    >>> light = Ledger({"ann": 20, "pool": 0}, journal=False)
    >>> light.pay("ann", "pool", 3, note="ante")
    Batch(payments=(Payment(payer='ann', payee='pool', amount=3),), note='ante')
    >>> light.journal, light.keeps_journal, light.to_dict()["initial"], light.to_dict()["journal_kept"]
    ((), False, {'ann': 17, 'pool': 3}, False)
    """

    __slots__ = ("_balances", "_credit", "_initial", "_journal", "_total")

    def __init__(
        self, balances: Mapping[str, int], credit: Iterable[str] = (), *, journal: bool = True
    ) -> None:
        if type(journal) is not bool:
            raise SettlementError(f"journal is True or False, not {_repr(journal)}")
        if not isinstance(balances, Mapping):
            raise SettlementError(
                f"the balances must be a mapping of party to counters, not {_repr(balances)}"
            )
        opening: dict[str, int] = {}
        for party, amount in balances.items():
            name = _party(party)
            if name in opening:
                raise SettlementError(f"party {_repr(name)} is named twice")
            opening[name] = _count(amount, f"the balance of {_repr(name)}", -MAX_COUNTERS)
        names = [_name(party) or party for party in _listed(credit, "credit")]
        unknown = [party for party in names if type(party) is not str or party not in opening]
        if unknown:
            raise SettlementError(f"unknown party {_first(unknown)} given credit")
        self._credit: frozenset[str] = frozenset(names)
        for party, amount in opening.items():
            if amount < 0 and party not in self._credit:
                raise SettlementError(f"{_repr(party)} cannot start below zero ({amount}) without credit")
        self._total = sum(opening.values())
        _within_limit(self._total, "the balances")
        self._balances = opening
        # The opening balances and the batches since: kept only with the journal.
        self._initial: Optional[dict[str, int]] = dict(opening) if journal else None
        self._journal: Optional[list[Batch]] = [] if journal else None

    # Reading -----------------------------------------------------------------------------

    @property
    def parties(self) -> tuple[str, ...]:
        return tuple(self._balances)

    @property
    def balances(self) -> dict[str, int]:
        """A copy of every party's counters."""
        return dict(self._balances)

    def balance(self, party: str) -> int:
        return self._balances[self._known(party)]

    @property
    def total(self) -> int:
        """The counters of all parties together: the same at every moment."""
        return self._total

    @property
    def credit(self) -> frozenset[str]:
        return self._credit

    @property
    def journal(self) -> tuple[Batch, ...]:
        """Every batch applied, oldest first; always ``()`` for a ledger that keeps no journal."""
        journal = self._journal
        return () if journal is None else tuple(journal)

    @property
    def keeps_journal(self) -> bool:
        """Whether applied batches are kept in :attr:`journal` (``journal=True``, the default)."""
        return self._journal is not None

    def view(self) -> LedgerView:
        """A read-only :class:`LedgerView` of this ledger, always showing its balances as they are now.

        Each call gives a new view; all views of one ledger are equal (to each
        other and to the ledger). A game keeps the one it hands out.
        """
        return LedgerView(self)

    def _known(self, party: object) -> str:
        """The plain-str name of a party of this ledger, or SettlementError."""
        name = _name(party)
        if name not in self._balances:
            raise SettlementError(f"unknown party {_repr(party)}")
        return name

    # Paying ------------------------------------------------------------------------------
    #
    # _net reads the caller's objects and makes every payment a Payment of plain str
    # names and a plain int: the caller's code (an __iter__, an __index__, a __repr__
    # for an error) runs there and only there, before the balances are read. It works
    # out the new balance of each party the batch touches (a small dict, whatever the
    # number of parties) and checks them: credit, overdraft, MAX_COUNTERS, and that
    # the batch leaves the sum over those parties as it was (a payment moves counters,
    # never makes them; the parties it does not touch are unchanged). The commit
    # (_commit, or its copy at the end of apply) checks the note, journals the batch
    # and writes the new balances in place with dict.update, which cannot fail
    # half-way: every key is already in the dict and a plain str, every value a plain
    # int. So no code of the caller's can run (or fail, or pay into this ledger)
    # between the check and the change. apply() does all of this for a batch of one
    # well-formed payment in a few comparisons, without the small dict; anything it
    # does not take there goes the whole way, so results and errors are the same.

    def check(self, payments: Iterable[Payment | tuple[str, str, int]]) -> tuple[Payment, ...]:
        """The payments as a valid batch for the current balances, or SettlementError."""
        return self._net(payments)[0]

    def _net(self, payments: Any) -> tuple[tuple[Payment, ...], dict[str, int]]:
        """The payments as a checked batch, and the new balances of the parties it touches; no change.

        A batch of well-formed Payments (plain str parties of this ledger, a
        plain int amount), the common case, is read once: no code of the
        caller's runs for it, so its moves are added up as it is read. Any other
        batch is read again from the start by :meth:`_payment`, where the
        caller's code may run (and may even pay into this ledger), and its moves
        are added up once every payment has been read.
        """
        if type(payments) is not list and type(payments) is not tuple:
            payments = _listed(payments, "the payments")
        balances = self._balances
        most = MAX_COUNTERS
        after: dict[str, int] = {}  # the new balance of each party touched
        was = 0  # what those parties hold now
        for p in payments:
            if type(p) is not Payment:
                break
            payer, payee, amount = p
            if not (type(payer) is str and type(payee) is str and type(amount) is int and 0 <= amount <= most
                    and payer != payee and payer in balances and payee in balances):  # fmt: skip
                break
            if payer in after:
                after[payer] -= amount
            else:
                before = balances[payer]
                was += before
                after[payer] = before - amount
            if payee in after:
                after[payee] += amount
            else:
                before = balances[payee]
                was += before
                after[payee] = before + amount
        else:
            batch: tuple[Payment, ...] = payments if type(payments) is tuple else tuple(payments)
            payments = None
        if payments is not None:  # not all well formed: read them again, one by one
            batch = tuple([self._payment(p) for p in payments])
            after = {}
            for payer, payee, amount in batch:  # the caller's code has all run: the balances are read now
                after[payer] = (after[payer] if payer in after else balances[payer]) - amount
                after[payee] = (after[payee] if payee in after else balances[payee]) + amount
            was = sum([balances[party] for party in after])
        credit = self._credit
        for party, amount in after.items():
            if amount < 0 and (party not in credit or amount < -most) or amount > most:
                self._refuse(after)
        if sum(after.values()) != was:  # cannot happen: a payment moves counters, never makes them
            raise SettlementError("internal error: the batch would change the ledger's total")
        return batch, after

    def _payment(self, p: object) -> Payment:
        """A payment that is not a well-formed Payment, checked and made one, or SettlementError."""
        fields = tuple(p) if isinstance(p, (tuple, list)) else ()
        if len(fields) != 3:
            raise SettlementError(f"a payment is (payer, payee, amount), not {_repr(p)}")
        payer = self._known(fields[0])
        payee = self._known(fields[1])
        if payer == payee:
            raise SettlementError(f"{_repr(payer)} cannot pay itself")
        return Payment(payer, payee, _count(fields[2], f"the amount from {_repr(payer)} to {_repr(payee)}"))

    def _refuse(self, after: Mapping[str, int]) -> NoReturn:
        """SettlementError for the first party, in ledger order, that ``after`` would overdraw or overfill.

        ``after`` holds the new balances of the parties a batch touches.
        """
        for party, before in self._balances.items():
            if party not in after:
                continue
            amount = after[party]
            if amount < 0 and party not in self._credit:
                raise SettlementError(
                    f"{_repr(party)} would be overdrawn: {before} - {before - amount} = {amount} (no credit)"
                )
            if not -MAX_COUNTERS <= amount <= MAX_COUNTERS:
                raise SettlementError(
                    f"{_repr(party)} would hold {amount} counters, beyond the limit of {MAX_COUNTERS} either way"
                )
        raise SettlementError("internal error: a batch was refused for no reason")

    def _commit(self, payments: tuple[Payment, ...], after: dict[str, int], note: object) -> Batch:
        """Journal a checked batch and write the new balances; nothing can fail half-way.

        Everything that can fail comes first (the note, the journal growing);
        then the touched balances are updated in place, which cannot fail.
        """
        text = note if type(note) is str else _note(note)
        batch: Batch = _new_tuple(Batch, (payments, text))
        journal = self._journal
        if journal is not None:
            journal.append(batch)
        self._balances.update(after)
        return batch

    def apply(self, payments: Iterable[Payment | tuple[str, str, int]], note: str = "") -> Batch:
        """Apply payments as one batch: all of them, or (on any error) none.

        Batches from threads sharing a ledger are applied one at a time (:data:`_WRITING`).
        """
        with _WRITING:
            items: Any = payments
            if (type(items) is list or type(items) is tuple) and len(items) == 1 and type(note) is str:
                # One well-formed Payment that overdraws and overfills nobody: what _net and
                # _commit would do, with the same checks, in a few comparisons.
                p = items[0]
                balances = self._balances
                kind = type(p)
                if kind is Payment or kind is tuple and len(p) == 3:
                    payer, payee, amount = p
                    if (type(payer) is str and type(payee) is str and type(amount) is int
                            and 0 <= amount <= MAX_COUNTERS and payer != payee
                            and payer in balances and payee in balances):  # fmt: skip
                        was_payer = balances[payer]
                        was_payee = balances[payee]
                        paid = was_payer - amount
                        got = was_payee + amount
                        if ((paid >= 0 or paid >= -MAX_COUNTERS and payer in self._credit) and got <= MAX_COUNTERS
                                and paid + got == was_payer + was_payee):  # fmt: skip
                            if kind is not Payment:
                                p = _new_tuple(Payment, p)
                            batch: Batch = _new_tuple(Batch, ((p,), note))
                            journal = self._journal
                            if journal is not None:
                                journal.append(batch)
                            balances[payer] = paid  # two existing plain-str keys: cannot fail
                            balances[payee] = got
                            return batch
            checked, after = self._net(payments)
            text = note if type(note) is str else _note(note)  # as _commit does, one call fewer
            batch = _new_tuple(Batch, (checked, text))
            journal = self._journal
            if journal is not None:
                journal.append(batch)
            self._balances.update(after)
            return batch

    def pay(self, payer: str, payee: str, amount: int, note: str = "") -> Batch:
        """One payment as a batch of its own."""
        return self.apply((_new_tuple(Payment, (payer, payee, amount)),), note)

    def collect(self, into: str, amounts: Mapping[str, int], note: str = "") -> Batch:
        """Each party pays its amount into ``into`` (a pool), as one batch (zeros skipped)."""
        return self._apply_nonzero([Payment(party, into, a) for party, a in _amounts(amounts)], note)

    def pay_out(self, source: str, amounts: Mapping[str, int], note: str = "") -> Batch:
        """``source`` (a pool) pays each party its amount, as one batch (zeros skipped)."""
        return self._apply_nonzero([Payment(source, party, a) for party, a in _amounts(amounts)], note)

    def _apply_nonzero(self, payments: list[Payment], note: object) -> Batch:
        with _WRITING:
            checked, after = self._net(payments)
            nonzero = tuple(p for p in checked if p.amount)
            if not nonzero:
                return Batch((), note if type(note) is str else _note(note))
            return self._commit(nonzero, after, note)

    def add_party(self, name: str, credit: bool = False) -> None:
        """A new party with no counters (so the total is unchanged)."""
        party = _party(name)
        if type(credit) is not bool:
            raise SettlementError(f"credit is True or False, not {_repr(credit)}")
        with _WRITING:
            if party in self._balances:
                raise SettlementError(f"party {_repr(party)} already exists")
            self._balances[party] = 0
            if self._initial is not None:
                self._initial[party] = 0
            if credit:
                self._credit = self._credit | {party}

    # Copies and JSON -----------------------------------------------------------------------

    def copy(self) -> Ledger:
        """An independent ledger: the same parties, balances, credit and journal, and the same mode.

        It costs O(parties), and O(batches) more for a ledger that keeps its journal.
        """
        twin = Ledger.__new__(Ledger)
        twin._balances = dict(self._balances)
        twin._credit = self._credit
        twin._initial = None if self._initial is None else dict(self._initial)
        twin._total = self._total
        twin._journal = None if self._journal is None else list(self._journal)
        return twin

    def __copy__(self) -> Ledger:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Ledger:
        return self.copy()  # everything a ledger holds is immutable but the containers copy() copies

    def to_dict(self) -> dict[str, Any]:
        """The opening balances, the credit, the journal and the balances it leads to, as plain data.

        A ledger that keeps no journal has no history to give: its document is a
        snapshot, ``{"initial": <the balances now>, "credit": [...], "journal": [],
        "balances": <the balances now>, "journal_kept": False}``, whose empty
        journal replays ``initial`` to ``balances``. The document of a ledger
        that keeps its journal has no ``journal_kept`` field.
        """
        if self._initial is None or self._journal is None:
            return {
                "initial": dict(self._balances),
                "credit": sorted(self._credit),
                "journal": [],
                "balances": dict(self._balances),
                "journal_kept": False,
            }
        return {
            "initial": dict(self._initial),
            "credit": sorted(self._credit),
            "journal": [b.to_dict() for b in self._journal],
            "balances": dict(self._balances),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ledger:
        """Rebuild a ledger by replaying its journal (every batch is checked again).

        The document is ``{"initial": {party: counters}, "credit": [party],
        "journal": [{"note": str, "payments": [[payer, payee, amount]]}],
        "balances": {party: counters}, "journal_kept": bool}``; only ``initial``
        is required (a document without ``balances`` is one written before they
        were stated). With ``"journal_kept": false`` (the snapshot that
        :meth:`to_dict` gives of a ledger that keeps no journal) the ledger built
        keeps no journal either, the journal must be empty and ``balances``, if
        stated, must equal ``initial``; without the field, or with ``true``, the
        ledger keeps its journal. Anything else (an unknown field, a wrong type
        at any level, a bool or a fraction for a count, anything but a bool for
        ``journal_kept``, a party named twice, a batch that does not replay,
        balances the journal does not replay to) raises SettlementError naming
        the field and the bad value; no ledger is returned.
        """
        fields = _document(data, "the ledger document", _LEDGER_FIELDS, "initial")
        kept = fields.get("journal_kept", True)
        if type(kept) is not bool:
            raise SettlementError(f"journal_kept must be true or false, not {_repr(kept)}")
        initial = _balances_field(fields["initial"], "initial")
        ledger = cls(initial, _credit_field(fields.get("credit", []), initial), journal=kept)
        journal = _array(fields.get("journal", []), "journal", "batches")
        if journal and not kept:
            raise SettlementError(f"journal must be empty when journal_kept is false, not {_repr(journal)}")
        for i, entry in enumerate(journal):
            batch = _batch(entry, f"journal[{i}]")
            try:
                ledger.apply(batch.payments, batch.note)
            except SettlementError as error:
                raise SettlementError(f"journal[{i}] does not replay: {error}") from None
        if "balances" in fields:
            _same_balances(_balances_field(fields["balances"], "balances"), ledger._balances, kept)
        return ledger

    def to_json(self) -> str:
        import json

        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> Ledger:
        """:meth:`from_dict` of JSON text (a str, or UTF-8/16/32 bytes); invalid JSON is a SettlementError.

        A key twice in one object and a number longer than any count are refused
        while parsing (``json.loads`` would keep the last key, and read the number
        slowly).
        """
        import json

        if not isinstance(text, (str, bytes, bytearray)):
            raise SettlementError(f"a ledger's JSON is a str or bytes, not {_repr(text)}")
        try:
            data = json.loads(text, object_pairs_hook=_json_object, parse_int=_json_int)
        except SettlementError:
            raise
        except RecursionError:
            raise SettlementError(f"the JSON {_repr(text)} is nested too deeply for a ledger") from None
        except ValueError as error:  # JSONDecodeError, UnicodeDecodeError
            raise SettlementError(f"the text {_repr(text)} is not valid JSON: {error}") from None
        return cls.from_dict(data)

    def __eq__(self, other: object) -> bool:
        """Ledgers are equal when their :meth:`to_dict` documents are (history and mode included).

        So two ledgers that keep no journal are equal when their parties, credit
        and balances are; a ledger that keeps its journal never equals one that
        keeps none. A :class:`LedgerView` equals the ledger it shows.
        """
        if not isinstance(other, Ledger):
            return NotImplemented
        return self.to_dict() == other.to_dict() and self._balances == other._balances

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if self._journal is None:
            return f"Ledger({self._balances!r}, journal=False)"
        return f"Ledger({self._balances!r})"


class LedgerView:
    """A read-only, live view of a :class:`Ledger`: every reader, and no way to pay.

    A game hands out ``ledger.view()`` (or ``LedgerView(ledger)``, the same)
    rather than its ledger, so that only the game's rules can pay. Every reader
    shows the ledger as it is when it is called: :attr:`parties`,
    :attr:`balances` (a copy), :meth:`balance`, :attr:`total`, :attr:`credit`,
    :attr:`journal`, :attr:`keeps_journal`, :meth:`to_dict` and :meth:`to_json`
    (plain data, new each call). There is no ``apply``, ``pay``, ``collect``,
    ``pay_out``, ``add_party``, ``check`` or ``copy``; a view equals (``==``)
    its ledger, any view of it, and any ledger or view equal to it
    (:meth:`Ledger.__eq__`); setting or deleting any attribute raises
    AttributeError.

    No attribute of a view, public or with a leading underscore, gives the
    ledger back: it sits in a slot whose descriptor is taken out of the class,
    so neither ``view._LedgerView__ledger`` nor ``object.__getattribute__``
    reaches it. Python cannot make it unreachable to deliberate introspection
    (``gc.get_referents(view)``, a ``__class__`` swapped with
    ``object.__setattr__``, or this module's private names), which is not a
    way to pay by mistake. :func:`copy.copy` of a view is the view itself;
    :func:`copy.deepcopy` is a view of the deep copy of its ledger (the same
    copy as the ledger's own, within one ``deepcopy``); a view is not pickled
    (pickle its ledger, or the game that holds it).

    >>> ledger = Ledger({"ann": 5, "pool": 0}, journal=False)
    >>> view = ledger.view()
    >>> _ = ledger.pay("ann", "pool", 2)
    >>> view
    LedgerView({'ann': 3, 'pool': 2}, journal=False)
    >>> view.balance("pool"), view.total, view == ledger
    (2, 5, True)
    >>> view.pay("ann", "pool", 1)
    Traceback (most recent call last):
    ...
    AttributeError: 'LedgerView' object has no attribute 'pay'
    """

    __slots__ = ("__ledger",)  # its descriptor is removed below the class

    def __new__(cls, ledger: Ledger | LedgerView) -> LedgerView:
        if isinstance(ledger, LedgerView):
            ledger = _ledger_of(ledger)
        elif not isinstance(ledger, Ledger):
            raise SettlementError(f"a LedgerView shows a Ledger, not {_repr(ledger)}")
        view = object.__new__(cls)
        _set_ledger(view, ledger)
        return view

    @property
    def parties(self) -> tuple[str, ...]:
        return _ledger_of(self).parties

    @property
    def balances(self) -> dict[str, int]:
        """A copy of every party's counters, as they are now."""
        return _ledger_of(self).balances

    def balance(self, party: str) -> int:
        """A party's counters now, or SettlementError for an unknown party."""
        return _ledger_of(self).balance(party)

    @property
    def total(self) -> int:
        """The counters of all parties together: the same at every moment."""
        return _ledger_of(self).total

    @property
    def credit(self) -> frozenset[str]:
        return _ledger_of(self).credit

    @property
    def journal(self) -> tuple[Batch, ...]:
        """Every batch applied, oldest first; always ``()`` for a ledger that keeps no journal."""
        return _ledger_of(self).journal

    @property
    def keeps_journal(self) -> bool:
        return _ledger_of(self).keeps_journal

    def to_dict(self) -> dict[str, Any]:
        """The ledger's :meth:`Ledger.to_dict` (plain data, new each call)."""
        return _ledger_of(self).to_dict()

    def to_json(self) -> str:
        return _ledger_of(self).to_json()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LedgerView):
            other = _ledger_of(other)
        elif not isinstance(other, Ledger):
            return NotImplemented
        return _ledger_of(self) == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "LedgerView" + repr(_ledger_of(self))[len("Ledger") :]

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a LedgerView is read-only: {name!r} cannot be set")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a LedgerView is read-only: {name!r} cannot be deleted")

    def __copy__(self) -> LedgerView:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> LedgerView:
        import copy

        return LedgerView(copy.deepcopy(_ledger_of(self), memo))

    def __reduce__(self) -> NoReturn:
        raise TypeError("a LedgerView is not pickled: pickle its ledger, or the game that holds it")


# The view's slot, taken out of the class: only these two names reach it.
_VIEW_SLOT: Any = LedgerView.__dict__["_LedgerView__ledger"]
delattr(LedgerView, "_LedgerView__ledger")
_ledger_of: Callable[[LedgerView], Ledger] = _VIEW_SLOT.__get__
_set_ledger: Callable[[LedgerView, Ledger], None] = _VIEW_SLOT.__set__
del _VIEW_SLOT


def _amounts(amounts: object) -> list[tuple[Any, Any]]:
    """The (party, amount) items of a mapping, or SettlementError."""
    if not isinstance(amounts, Mapping):
        raise SettlementError(f"the amounts must be a mapping of party to counters, not {_repr(amounts)}")
    return list(amounts.items())


def stake_from_each(
    winners: Iterable[str], players: Iterable[str], stake: int
) -> list[Payment]:
    """Payments of ``stake`` from every other player to each winner (no pool).

    Old Commerce (seed 001, THE OLD GAME): "the winner receiving instead the
    amount of the stake from each of the other players. In case of absolute
    equality between the two best hands ... each of the winners receives a
    stake from all the other players." Apply them with :meth:`Ledger.apply`.
    A name given twice counts once.

    >>> [(p.payer, p.payee, p.amount) for p in stake_from_each(["ann"], ["ann", "bob", "cy"], 2)]
    [('bob', 'ann', 2), ('cy', 'ann', 2)]
    """
    stake = _count(stake, "a stake")
    chosen = list(dict.fromkeys(_party(w, "a winner") for w in _listed(winners, "the winners")))
    everyone = list(dict.fromkeys(_party(p, "a player") for p in _listed(players, "the players")))
    if not chosen:
        raise SettlementError("stake_from_each() needs at least one winner")
    stranger = set(chosen).difference(everyone)
    if stranger:
        raise SettlementError(f"winner {_first(stranger)} is not among the players")
    return [Payment(p, w, stake) for w in chosen for p in everyone if p not in chosen and stake]


# --------------------------------------------------------------------------------------
# Counters games
# --------------------------------------------------------------------------------------


class Freezeout:
    """Lives of a counters game: each player's counters, and a pool they are paid into.

    The worst hand pays a counter into the pool (Whiskey Poker, Pool Commerce,
    Commerce with a widow); a player with no counters left stands out and is
    dealt no cards; the game ends when one player holds out (Snip-Snap-Snorum:
    "The player who holds out the longest becomes the winner, and secures the
    whole of the pool"). ``out`` lists the players standing out, in the order
    they went out; ``first_out`` is the first player ever to go out (who "pays
    for the whiskey", and the only one who may buy a horse).

    >>> game = Freezeout(["ann", "bob", "cy"], counters=1)
    >>> game.lose("bob"); game.lose("cy")
    >>> game.out, game.winner, game.is_over
    (['bob', 'cy'], 'ann', True)
    """

    def __init__(self, players: Sequence[str], counters: int, pool: str = "pool") -> None:
        counters = _count(counters, "the counters each player starts with")
        if counters == 0:
            raise SettlementError("the counters each player starts with must be at least 1, not 0")
        names = [_party(p, "a player") for p in _listed(players, "the players")]
        if len(set(names)) != len(names) or len(names) < 2:
            raise SettlementError(f"a freeze-out needs two or more different players, not {_repr(players)}")
        pool = _party(pool, "the pool")
        if pool in names:
            raise SettlementError(f"the pool {_repr(pool)} cannot also be a player")
        self.players = tuple(names)
        self.pool = pool
        self.ledger = Ledger({**{p: counters for p in names}, pool: 0})
        self.out: list[str] = []
        self.first_out: str | None = None
        self.horses: dict[str, int] = {}

    @property
    def active(self) -> tuple[str, ...]:
        """Players still holding counters, in seat order."""
        return tuple(p for p in self.players if self.ledger.balance(p) > 0)

    @property
    def is_over(self) -> bool:
        return len(self.active) <= 1

    @property
    def winner(self) -> str | None:
        """The player who held out, once the game is over."""
        return self.active[0] if self.is_over and self.active else None

    def _player(self, player: object) -> str:
        """A player of this game as a plain str, or SettlementError."""
        name = _name(player)
        if name not in self.players:
            raise SettlementError(f"unknown player {_repr(player)}")
        return name

    def lose(self, player: str, counters: int = 1) -> None:
        """``player`` pays counters into the pool (the worst hand of a deal)."""
        name = self._player(player)
        if self.is_over:
            raise SettlementError(f"the game is over: {_repr(self.winner)} has held out")
        if name not in self.active:
            raise SettlementError(f"{_repr(name)} is out of counters and stands out")
        self.ledger.pay(name, self.pool, counters, note=f"{name} loses")
        if self.ledger.balance(name) == 0:
            self.out.append(name)
            if self.first_out is None:
                self.first_out = name

    def buy_horse(self, player: str, money: Ledger, price: int, pool: str = "pool") -> None:
        """Pool Commerce: the first player out buys one counter back from the pool.

        "The player who is first out has the option of buying one counter from
        the pool, which is termed 'buying a horse.' He has to pay for the same
        into the pool such sum as may be agreed upon" (seed 001): ``price`` is
        paid in the ``money`` ledger into its ``pool``; both ledgers change, or
        neither. Both payments are checked before either is applied, and what is
        applied is exactly what was checked.
        """
        if self.is_over:
            raise SettlementError(f"the game is over: {_repr(self.winner)} has held out")
        name = _name(player)
        if not name or self.first_out != name:
            raise SettlementError(
                f"only the first player out may buy a horse; {_repr(player)} is not ({_repr(self.first_out)} is)"
            )
        if self.horses.get(name):
            raise SettlementError(f"{_repr(name)} has already bought a horse")
        if self.ledger.balance(name) != 0:
            raise SettlementError(f"{_repr(name)} still holds counters")
        if self.ledger.balance(self.pool) < 1:
            raise SettlementError("the pool has no counter to sell")
        if not isinstance(money, Ledger) or money is self.ledger:
            raise SettlementError(f"the price is paid in a money Ledger of its own, not {_repr(money)}")
        paid = money.check([Payment(name, pool, price)])
        horse = self.ledger.check([Payment(self.pool, name, 1)])
        money.apply(paid, note=f"{name} buys a horse")
        self.ledger.apply(horse, note=f"{name} buys a horse")
        self.horses[name] = 1
        self.out.remove(name)
