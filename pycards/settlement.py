"""Settlement: who pays whom, with not one counter created or lost.

RULES.md section 5. Every game driver settles through this module, and every
function here checks its own result: the counters paid out always equal the
counters paid in.

* :class:`Ledger` holds the counters of named parties (players, one or more
  pools, a dealer's bank) and applies payments in atomic batches, recording each
  in a journal that replays and round-trips through JSON.
* :func:`showdown` divides a pool among the best hands, with side pots for
  players all-in (law 60), foul hands barred (law 64) and ties shared (law 76);
  :func:`pots` and :func:`split` are its building blocks.
* :func:`stake_from_each` pays a winner from each other player directly, as in
  old Commerce where there is no pool.
* :class:`Freezeout` keeps the lives of counters games (Whiskey Poker, Commerce
  with a widow, Pool Commerce, Snip-Snap-Snorum): a player out of counters
  stands out, and Pool Commerce's first player out may buy a horse.

Decision for an indivisible remainder (law 76 is silent): it goes one counter
at a time to the tied winners in seat order, starting left of the dealer.

>>> showdown({"ann": 10, "bob": 10, "cy": 10}, {"ann": 7, "bob": 7, "cy": 2}, ["ann", "bob", "cy"], carry=1)
{'ann': 16, 'bob': 15, 'cy': 0}
"""

from __future__ import annotations

import operator
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Optional, TypeVar

from pycards.errors import SettlementError

__all__ = [
    "Batch",
    "Freezeout",
    "Ledger",
    "Payment",
    "Pot",
    "SettlementError",
    "pots",
    "showdown",
    "split",
    "stake_from_each",
]

Seat = TypeVar("Seat", bound=Hashable)


def _whole(amount: object, what: str) -> int:
    """``amount`` as a whole number of counters, at least 0, or SettlementError.

    Python ints and integer scalars (numpy's) are accepted; bools, floats and
    anything else are not.
    """
    try:
        if isinstance(amount, bool):
            raise TypeError
        amount = operator.index(amount)  # type: ignore[arg-type]
    except TypeError:
        raise SettlementError(f"{what} must be a whole number of counters, not {amount!r}") from None
    if amount < 0:
        raise SettlementError(f"{what} cannot be negative: {amount!r}")
    return amount


# --------------------------------------------------------------------------------------
# Dividing a pool
# --------------------------------------------------------------------------------------


def split(amount: int, winners: Iterable[Seat], order: Sequence[Seat]) -> dict[Seat, int]:
    """Share ``amount`` equally among ``winners`` (law 76).

    The indivisible remainder goes one counter at a time to the winners in
    ``order`` (the seats starting left of the dealer).

    >>> split(10, ["cy", "ann", "bob"], ["ann", "bob", "cy"])
    {'ann': 4, 'bob': 3, 'cy': 3}
    """
    amount = _whole(amount, "an amount to split")
    chosen = set(winners)
    if not chosen:
        raise SettlementError("split() needs at least one winner")
    missing = chosen.difference(order)
    if missing:
        raise SettlementError(f"winner {sorted(map(repr, missing))[0]} is not in the seat order")
    ranked = [seat for seat in dict.fromkeys(order) if seat in chosen]
    share, remainder = divmod(amount, len(ranked))
    return {seat: share + (1 if i < remainder else 0) for i, seat in enumerate(ranked)}


class Pot(NamedTuple):
    """One pot of a showdown: its counters and the seats that may win it."""

    amount: int
    eligible: frozenset[Any]


def pots(
    contributions: Mapping[Seat, int], eligible: Iterable[Seat], carry: int = 0
) -> list[Pot]:
    """The main pot and the side pots, main pot first.

    Each seat's contribution is cut into layers at every other seat's total; a
    layer may be won by the ``eligible`` seats (those still in, with a fair
    hand) that reached it. So a seat wins from each other seat at most what it
    staked itself (law 60), plus the ``carry`` (counters already in the pool
    from earlier deals, which every eligible seat may win). Counters in a layer
    that no eligible seat reached join the layer below them; adjacent layers
    with the same eligible seats are one pot.

    >>> [(p.amount, sorted(p.eligible)) for p in pots({"a": 5, "b": 20, "c": 20}, ["a", "b", "c"])]
    [(15, ['a', 'b', 'c']), (30, ['b', 'c'])]
    """
    stakes = {seat: _whole(amount, f"the contribution of {seat!r}") for seat, amount in contributions.items()}
    carry = _whole(carry, "the carry")
    live = set(eligible)
    unknown = live.difference(stakes)
    if unknown:
        raise SettlementError(f"eligible seat {sorted(map(repr, unknown))[0]} made no contribution")
    if not live:
        raise SettlementError("no seat is eligible to win the pool")

    levels = sorted({amount for amount in stakes.values() if amount > 0})
    layers: list[tuple[int, frozenset[Any]]] = [(carry, frozenset(live))]
    previous = 0
    for level in levels:
        amount = sum(min(s, level) - min(s, previous) for s in stakes.values())
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


def showdown(
    contributions: Mapping[Seat, int],
    strengths: Mapping[Seat, Optional[int]],
    order: Sequence[Seat],
    carry: int = 0,
) -> dict[Seat, int]:
    """What each seat takes from the pool at the show.

    ``contributions`` maps every seat to what it put in this game (antes,
    straddles, bets); ``strengths`` maps each seat to its evaluator strength
    (higher is better), or ``None`` for a seat that retired or holds a foul
    hand (law 64: it cannot win); ``order`` is the seat order starting left of
    the dealer, used for indivisible remainders (law 76); ``carry`` is counters
    already in the pool from earlier deals (jack-pots).

    Every pot of :func:`pots` goes to its best eligible hands, shared equally
    with the remainder in seat order. The result has every seat of
    ``contributions`` and always sums to the contributions plus the carry.

    Law 60, three players all-in with different stacks:

    >>> showdown({"a": 5, "b": 10, "c": 20, "d": 20}, {"a": 9, "b": 8, "c": 3, "d": 1},
    ...          ["a", "b", "c", "d"])
    {'a': 20, 'b': 15, 'c': 20, 'd': 0}
    """
    if set(strengths) != set(contributions):
        extra = set(strengths).symmetric_difference(contributions)
        raise SettlementError(f"seat {sorted(map(repr, extra))[0]} needs both a contribution and a strength")
    missing = set(contributions).difference(order)
    if missing:
        raise SettlementError(f"seat {sorted(map(repr, missing))[0]} is not in the seat order")
    for seat, strength in strengths.items():
        if strength is not None and (isinstance(strength, bool) or not isinstance(strength, int)):
            raise SettlementError(f"the strength of {seat!r} must be an int or None, not {strength!r}")
    live = [seat for seat, strength in strengths.items() if strength is not None]
    won: dict[Seat, int] = {seat: 0 for seat in contributions}
    for pot in pots(contributions, live, carry):
        best = max(strengths[seat] for seat in pot.eligible)  # type: ignore[type-var]
        for seat, amount in split(pot.amount, [s for s in pot.eligible if strengths[s] == best], order).items():
            won[seat] += amount
    if sum(won.values()) != sum(contributions.values()) + carry:
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
        return cls(tuple(Payment(*p) for p in data["payments"]), data.get("note", ""))


class Ledger:
    """Counters held by named parties; payments in atomic batches; a replayable journal.

    ``balances`` gives every party and its counters at the start; the sum over
    all parties never changes afterwards. Parties named in ``credit`` may go
    below zero (a dealer's bank, or players playing on credit); any other
    party that a batch would overdraw makes the whole batch fail.

    >>> ledger = Ledger({"ann": 20, "bob": 20, "pool": 0})
    >>> _ = ledger.apply([("ann", "pool", 1), ("bob", "pool", 1)], note="ante")
    >>> _ = ledger.pay("pool", "bob", 2, note="bob wins")
    >>> ledger.balances, ledger.total
    ({'ann': 19, 'bob': 21, 'pool': 0}, 40)
    >>> ledger.pay("ann", "bob", 25)
    Traceback (most recent call last):
    ...
    pycards.errors.SettlementError: 'ann' would be overdrawn: 19 - 25 = -6 (no credit)
    """

    __slots__ = ("_balances", "_credit", "_initial", "_journal", "_total")

    def __init__(self, balances: Mapping[str, int], credit: Iterable[str] = ()) -> None:
        self._balances: dict[str, int] = {}
        for party, amount in balances.items():
            if not isinstance(party, str) or not party:
                raise SettlementError(f"a party is named by a non-empty string, not {party!r}")
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise SettlementError(f"the balance of {party!r} must be a whole number, not {amount!r}")
            self._balances[party] = amount
        self._credit = frozenset(credit)
        unknown = self._credit.difference(self._balances)
        if unknown:
            raise SettlementError(f"unknown party {sorted(unknown)[0]!r} given credit")
        for party, amount in self._balances.items():
            if amount < 0 and party not in self._credit:
                raise SettlementError(f"{party!r} cannot start below zero ({amount}) without credit")
        self._initial = dict(self._balances)
        self._total = sum(self._balances.values())
        self._journal: list[Batch] = []

    # Reading -----------------------------------------------------------------------------

    @property
    def parties(self) -> tuple[str, ...]:
        return tuple(self._balances)

    @property
    def balances(self) -> dict[str, int]:
        """A copy of every party's counters."""
        return dict(self._balances)

    def balance(self, party: str) -> int:
        self._known(party)
        return self._balances[party]

    @property
    def total(self) -> int:
        """The counters of all parties together: the same at every moment."""
        return self._total

    @property
    def credit(self) -> frozenset[str]:
        return self._credit

    @property
    def journal(self) -> tuple[Batch, ...]:
        """Every batch applied, oldest first."""
        return tuple(self._journal)

    def _known(self, party: object) -> None:
        if not isinstance(party, str) or party not in self._balances:
            raise SettlementError(f"unknown party {party!r}")

    # Paying ------------------------------------------------------------------------------

    def check(self, payments: Iterable[Payment | tuple[str, str, int]]) -> tuple[Payment, ...]:
        """The payments as a valid batch for the current balances, or SettlementError."""
        batch = []
        for p in payments:
            if (type(p) is Payment and type(p.amount) is int and p.amount >= 0
                    and type(p.payer) is str and type(p.payee) is str and p.payer != p.payee
                    and p.payer in self._balances and p.payee in self._balances):  # fmt: skip
                batch.append(p)  # the common case, already well formed
                continue
            if not isinstance(p, Payment):
                try:
                    p = Payment(*p)
                except TypeError:
                    raise SettlementError(f"a payment is (payer, payee, amount), not {p!r}") from None
            self._known(p.payer)
            self._known(p.payee)
            if p.payer == p.payee:
                raise SettlementError(f"{p.payer!r} cannot pay itself")
            amount = _whole(p.amount, f"the amount from {p.payer!r} to {p.payee!r}")
            batch.append(Payment(p.payer, p.payee, amount))
        after = dict(self._balances)
        for p in batch:
            after[p.payer] -= p.amount
            after[p.payee] += p.amount
        for party, amount in after.items():
            if amount < 0 and party not in self._credit:
                raise SettlementError(
                    f"{party!r} would be overdrawn: {self._balances[party]} - "
                    f"{self._balances[party] - amount} = {amount} (no credit)"
                )
        return tuple(batch)

    def apply(self, payments: Iterable[Payment | tuple[str, str, int]], note: str = "") -> Batch:
        """Apply payments as one batch: all of them, or (on any error) none."""
        batch = Batch(self.check(payments), note)
        for p in batch.payments:
            self._balances[p.payer] -= p.amount
            self._balances[p.payee] += p.amount
        if sum(self._balances.values()) != self._total:  # cannot happen: a payment moves, never makes
            raise SettlementError("internal error: the ledger's total changed")
        self._journal.append(batch)
        return batch

    def pay(self, payer: str, payee: str, amount: int, note: str = "") -> Batch:
        """One payment as a batch of its own."""
        return self.apply([Payment(payer, payee, amount)], note)

    def collect(self, into: str, amounts: Mapping[str, int], note: str = "") -> Batch:
        """Each party pays its amount into ``into`` (a pool), as one batch (zeros skipped)."""
        return self._apply_nonzero([Payment(party, into, a) for party, a in amounts.items()], note)

    def pay_out(self, source: str, amounts: Mapping[str, int], note: str = "") -> Batch:
        """``source`` (a pool) pays each party its amount, as one batch (zeros skipped)."""
        return self._apply_nonzero([Payment(source, party, a) for party, a in amounts.items()], note)

    def _apply_nonzero(self, payments: list[Payment], note: str) -> Batch:
        checked = [p for p in self.check(payments) if p.amount]
        return self.apply(checked, note) if checked else Batch((), note)

    def add_party(self, name: str, credit: bool = False) -> None:
        """A new party with no counters (so the total is unchanged)."""
        if not isinstance(name, str) or not name:
            raise SettlementError(f"a party is named by a non-empty string, not {name!r}")
        if name in self._balances:
            raise SettlementError(f"party {name!r} already exists")
        self._balances[name] = 0
        self._initial[name] = 0
        if credit:
            self._credit = self._credit | {name}

    # Copies and JSON -----------------------------------------------------------------------

    def copy(self) -> Ledger:
        twin = Ledger.__new__(Ledger)
        twin._balances = dict(self._balances)
        twin._credit = self._credit
        twin._initial = dict(self._initial)
        twin._total = self._total
        twin._journal = list(self._journal)
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The opening balances, the credit and the journal: everything, as plain data."""
        return {
            "initial": dict(self._initial),
            "credit": sorted(self._credit),
            "journal": [b.to_dict() for b in self._journal],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ledger:
        """Rebuild a ledger by replaying its journal (every batch is checked again)."""
        ledger = cls(data["initial"], data.get("credit", ()))
        for batch in data.get("journal", ()):
            b = Batch.from_dict(batch)
            ledger.apply(b.payments, b.note)
        return ledger

    def to_json(self) -> str:
        import json

        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Ledger:
        import json

        return cls.from_dict(json.loads(text))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ledger):
            return NotImplemented
        return self.to_dict() == other.to_dict() and self._balances == other._balances

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Ledger({self._balances!r})"


def stake_from_each(
    winners: Iterable[str], players: Iterable[str], stake: int
) -> list[Payment]:
    """Payments of ``stake`` from every other player to each winner (no pool).

    Old Commerce (seed 001, THE OLD GAME): "the winner receiving instead the
    amount of the stake from each of the other players. In case of absolute
    equality between the two best hands ... each of the winners receives a
    stake from all the other players." Apply them with :meth:`Ledger.apply`.

    >>> [(p.payer, p.payee, p.amount) for p in stake_from_each(["ann"], ["ann", "bob", "cy"], 2)]
    [('bob', 'ann', 2), ('cy', 'ann', 2)]
    """
    stake = _whole(stake, "a stake")
    chosen = list(dict.fromkeys(winners))
    everyone = list(dict.fromkeys(players))
    stranger = set(chosen).difference(everyone)
    if stranger:
        raise SettlementError(f"winner {sorted(stranger)[0]!r} is not among the players")
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
        counters = _whole(counters, "the counters each player starts with")
        if len(set(players)) != len(players) or len(players) < 2:
            raise SettlementError(f"a freeze-out needs two or more different players, not {players!r}")
        if pool in players:
            raise SettlementError(f"the pool {pool!r} cannot also be a player")
        self.players = tuple(players)
        self.pool = pool
        self.ledger = Ledger({**{p: counters for p in players}, pool: 0})
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

    def lose(self, player: str, counters: int = 1) -> None:
        """``player`` pays counters into the pool (the worst hand of a deal)."""
        if player not in self.players:
            raise SettlementError(f"unknown player {player!r}")
        if self.is_over:
            raise SettlementError(f"the game is over: {self.winner!r} has held out")
        if player not in self.active:
            raise SettlementError(f"{player!r} is out of counters and stands out")
        self.ledger.pay(player, self.pool, counters, note=f"{player} loses")
        if self.ledger.balance(player) == 0:
            self.out.append(player)
            if self.first_out is None:
                self.first_out = player

    def buy_horse(self, player: str, money: Ledger, price: int, pool: str = "pool") -> None:
        """Pool Commerce: the first player out buys one counter back from the pool.

        "The player who is first out has the option of buying one counter from
        the pool, which is termed 'buying a horse.' He has to pay for the same
        into the pool such sum as may be agreed upon" (seed 001): ``price`` is
        paid in the ``money`` ledger into its ``pool``; both ledgers change, or
        neither.
        """
        if self.is_over:
            raise SettlementError(f"the game is over: {self.winner!r} has held out")
        if self.first_out != player:
            raise SettlementError(
                f"only the first player out may buy a horse; {player!r} is not ({self.first_out!r} is)"
            )
        if self.horses.get(player):
            raise SettlementError(f"{player!r} has already bought a horse")
        if self.ledger.balance(player) != 0:
            raise SettlementError(f"{player!r} still holds counters")
        if self.ledger.balance(self.pool) < 1:
            raise SettlementError("the pool has no counter to sell")
        money.check([Payment(player, pool, price)])
        self.ledger.check([Payment(self.pool, player, 1)])
        money.pay(player, pool, price, note=f"{player} buys a horse")
        self.ledger.pay(self.pool, player, 1, note=f"{player} buys a horse")
        self.horses[player] = 1
        self.out.remove(player)
