"""Checks of the poker drivers' protocol (every game on ``pycards.games.engine.table``).

Shared by tests/test_poker_protocol.py and any later poker test. Every check
takes a game (a :class:`~pycards.games.engine.table.PokerTable`) and reads only
the public protocol (``pycards.games.base``) and the table's omniscient
accessors (``hands``, ``cards_on_table()``, ``pack``, ``ledger``,
``history()``); each raises ``AssertionError`` saying what went wrong.

* :func:`check_ledger`: no counter made or lost, none negative, the pool empty
  once the session is over and the payoffs adding up to zero then.
* :func:`check_pack`: stock + used + the cards on the table is the 52-card pack.
* :func:`check_turn`: ``to_act`` is ``None`` exactly when the session is over.
* :func:`check_codec`: ``legal_mask``, ``action_index``, ``action_from_index``,
  ``is_legal`` and ``encode`` agree with ``legal_actions()``.
* :class:`Witness` and :func:`check_views`: what the records say (read once,
  the full records and every seat's view) agrees with the game: the hands,
  the rewards, the deal count; no seat's events or observation or encoding
  reveals a card it may not see.
* :func:`bad_actions`, :func:`check_refused`, :func:`check_queries_refused`:
  illegal actions and bad queries raise ``IllegalActionError`` and change nothing.
* :func:`followers_of`, :func:`check_same`: every way of copying a game goes on
  exactly like it.
* :func:`hostile_documents`, :func:`check_hostile`: tampered state documents
  raise ``StateError`` naming a field.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, Optional

import numpy as np

from pycards.errors import IllegalActionError, StateError
from pycards.games.base import Action, Game
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.events import DealEnded, Dealt, Note, Record, Reshuffled, Shown
from pycards.games.engine.table import HAND, Demand, Discard
from pycards.settlement import Payment

__all__ = [
    "FULL_PACK", "Witness", "bad_actions", "check_codec", "check_game", "check_hostile", "check_ledger",
    "check_pack", "check_queries_refused", "check_refused", "check_same", "check_turn", "check_views",
    "differences", "followers_of", "hostile_documents", "image", "key_or_none", "lookalike", "numbers_blanked",
    "restored", "retyped", "sample",
]  # fmt: skip

FULL_PACK = Counter(range(52))
"""The 52-card pack, each card once."""
POOL = "pool"


# --------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------


def image(game: Game) -> str:
    """The game's snapshot as canonical JSON text (two games with equal images are equal)."""
    return json.dumps(game.to_dict(), sort_keys=True)


def restored(game: Game, history: bool = False) -> Game:
    """``type(game).from_dict`` of the game's document passed through JSON text."""
    return type(game).from_dict(json.loads(json.dumps(game.to_dict(history=history))))


def key_or_none(action: object) -> Optional[tuple[Any, ...]]:
    """The action's key, or ``None`` for something that is not a well-typed action."""
    try:
        return action.key() if isinstance(action, Action) else None
    except IllegalActionError:
        return None


def seat_of(name: str) -> Optional[int]:
    """The seat of a ledger party ``"p3"``; ``None`` for the pool."""
    return None if name == POOL else int(name[1:])


def bits(mask: int) -> list[int]:
    """The places of a :class:`Discard` mask (bit 0: the first card of the hand)."""
    return [i for i in range(HAND) if mask >> i & 1]


def sample(items: list, most: int = 48) -> list:
    """``items``, or (when there are more than ``most``: a thousand raises) the first and
    last few and some evenly spaced between."""
    if len(items) <= most:
        return items
    step = len(items) // (most // 2)
    return items[: most // 4] + items[most // 4: -(most // 4): step] + items[-(most // 4):]


def numbers_blanked(text: str) -> str:
    """``text`` with every number written as ``0``: the shape of a document, not its counts."""
    return re.sub(r"-?\d+", "0", text)


# --------------------------------------------------------------------------------------
# Counters, cards, turns, the codec
# --------------------------------------------------------------------------------------


def check_ledger(game: Game, start: dict[str, int]) -> None:
    """The ledger holds exactly the counters of ``start`` (its balances when the session
    began) and its total never changes; no balance is negative; the payoffs are each
    seat's counters less what it began with, so they add up to minus the pool; once the
    session is over the pool is empty and the payoffs add up to zero, none beyond
    ``payoff_bound()``."""
    ledger = game.ledger
    balances = ledger.balances
    total = sum(start.values())
    assert ledger.total == total and sum(balances.values()) == total, (balances, total)
    assert set(balances) == set(start) == {*(f"p{s}" for s in range(game.players)), POOL}, balances
    assert all(type(v) is int and v >= 0 for v in balances.values()), balances
    payoffs = game.payoffs()
    assert sorted(payoffs) == list(range(game.players))
    names = [f"p{s}" for s in range(game.players)]
    assert [payoffs[s] for s in range(game.players)] == [balances[n] - start[n] for n in names], (payoffs, start)
    assert sum(payoffs.values()) == -balances[POOL]
    rewards = game.rewards()
    assert sorted(rewards) == list(range(game.players)) and all(type(v) is int for v in rewards.values())
    if game.is_over:
        assert balances[POOL] == 0, f"the session is over with {balances[POOL]} counters in the pool"
        assert sum(payoffs.values()) == 0, payoffs
        assert max(abs(v) for v in payoffs.values()) <= game.payoff_bound()


def check_pack(game: Game) -> None:
    """No card is ever in two places or lost: while the session is not over, the stock,
    the used cards and the cards on the table (hands, thrown-down hands, cards kept
    apart) are exactly the 52-card pack, each card once; the hands are among the cards
    on the table, five cards at most each. Once it is over, no card is on the table."""
    on_table = game.cards_on_table()
    assert sorted(game.info.pack) == list(range(52))
    if game.is_over:
        assert on_table == [] and all(h == [] for h in game.hands), on_table
        return
    pack = game.pack
    counted = Counter(pack.stock) + Counter(pack.used) + Counter(on_table)
    assert counted == FULL_PACK, (
        f"twice: {sorted(c for c, n in counted.items() if n > 1)}, "
        f"missing: {sorted(set(range(52)) - set(counted))}, extra: {sorted(set(counted) - set(range(52)))}"
    )
    held = Counter(c for hand in game.hands for c in hand)
    assert not held - Counter(on_table), "a card in a hand is not on the table"
    for hand in game.hands:
        assert len(hand) <= HAND, hand


def check_turn(game: Game) -> None:
    """``to_act`` is ``None`` exactly when the session is over (then nothing is legal);
    otherwise it is a seat with counters in the deal, with at least one legal action, all
    of them distinct immutable values that survive their dict form."""
    legal = game.legal_actions()
    assert game.is_over == (game.to_act is None)
    if game.is_over:
        assert legal == [], legal
        assert game.phase == "over"
        return
    assert type(game.to_act) is int and 0 <= game.to_act < game.players
    assert legal, "a seat is to act with no legal action"
    assert len({a.key() for a in legal}) == len(legal) == len(set(legal))
    assert game.deal_number >= 1
    for action in sample(legal):
        assert type(action) in game.actions, action
        again = type(game).action_from_dict(json.loads(json.dumps(action.to_dict())))
        assert again == action and again.key() == action.key() and hash(again) == hash(action)


def check_codec(game: Game) -> None:
    """The codec agrees with ``legal_actions()``: ``legal_mask()`` is true exactly at their
    ``action_index``; ``action_from_index(action_index(a)) == a``; ``is_legal(a)`` holds
    for each; ``encode(seat)`` is a float32 vector of ``info.observation_size`` finite
    values, a new array each call (writing it changes no later encoding)."""
    legal = game.legal_actions()
    mask = game.legal_mask()
    info = game.info
    assert info.num_actions == game.num_actions and info.name == game.name
    assert mask.dtype == np.bool_ and mask.shape == (game.num_actions,)
    ids = [game.action_index(a) for a in legal]
    assert len(set(ids)) == len(ids)
    assert set(np.flatnonzero(mask).tolist()) == set(ids)
    for action, index in sample(list(zip(legal, ids))):
        again = game.action_from_index(index)
        assert type(again) is type(action) and again == action and again.key() == action.key()
        assert game.is_legal(action), action
    for seat in range(game.players):
        vector = game.encode(seat)
        assert type(vector) is np.ndarray and vector.dtype == np.float32
        assert vector.shape == (info.observation_size,)
        assert np.isfinite(vector).all()
        first = vector.copy()
        vector[:] = -7.0
        assert (game.encode(seat) == first).all()


# --------------------------------------------------------------------------------------
# What the records say
# --------------------------------------------------------------------------------------


class Witness:
    """Reads every record of a game once, the full record and every seat's (and a
    spectator's) view of it, and keeps what they tell of the deal in play:

    * ``hands``: each seat's hand rebuilt from the records (cards dealt, the places a
      :class:`Discard` throws, a :class:`Fold` or a :class:`Demand` throwing the hand
      down), to compare with the omniscient ``game.hands``;
    * ``revealed[v]``: the cards viewer ``v`` (a seat, or ``None``) was shown in this
      deal, a ``Dealt`` it sees or a ``Shown``; ``hidden[v]`` the cards dealt face down
      to others it did not see and nobody showed since;
    * ``thrown``: the cards of thrown-down hands (folded or foul), ``discards[s]`` each
      seat's discards, until a card comes back into play (law 41's shuffle);
    * the ``DealEnded`` rewards added up, and each seat's payments in the deal in play.

    Reading a record checks it: each view equals the record but for the cards hidden
    from that viewer; a face-down card is never in the view of a seat outside its
    ``seen_by``, nor in the spectator's; the owner of a card sees it; no card is dealt
    that is already in a hand; a ``Shown`` hand is five cards, the seat's hand as held or
    as dealt, never a card thrown down by another seat or now in another seat's hand;
    a deal's rewards are its payments; no deal takes more decisions than
    ``info.max_decisions_per_deal`` (a truncated one exactly ``max_decisions``).
    """

    def __init__(self, game: Game) -> None:
        self.players = game.players
        self.viewers: list[Optional[int]] = [None, *range(game.players)]
        self.read = game.records - len(list(game.history()))
        self.deals = 0
        self.rewards = [0] * self.players
        self.moving = [0] * self.players
        self.actions_in_deal = 0
        self.deal_number = game.deal_number
        self.last_ended: Optional[DealEnded] = None
        self.events: Counter = Counter()
        """What happened, for the test's statistics (``hypothesis.event``)."""
        self.bound = game.info.max_decisions_per_deal
        self.max_decisions = game.options.max_decisions
        self._clear()
        assert self.read == 0, "a witness reads a game from the start of its session"
        first = next(game.history())
        assert first.seat is None and first.action is None and first.entries
        self.catch_up(game)

    def _clear(self) -> None:
        players = self.players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.original: list[list[int]] = [[] for _ in range(players)]
        self.up: list[list[int]] = [[] for _ in range(players)]
        self.shown: dict[int, tuple[int, ...]] = {}
        self.thrown: set[int] = set()
        self.discards: list[set[int]] = [set() for _ in range(players)]
        self.revealed: dict[Optional[int], set[int]] = {v: set() for v in self.viewers}
        self.hidden: dict[Optional[int], set[int]] = {v: set() for v in self.viewers}

    def catch_up(self, game: Game) -> None:
        """Read the records made since the last call."""
        kept = game.records - len(list(game.history()))
        full = list(game.history())[self.read - kept:]
        views = {v: game.events(v, since=self.read) for v in self.viewers}
        assert all(len(views[v]) == len(full) for v in self.viewers)
        assert game.events(0, since=game.records) == []
        for i, record in enumerate(full):
            self.read_record(record, {v: views[v][i] for v in self.viewers})
        self.read = game.records

    def read_record(self, record: Record, views: dict[Optional[int], Record]) -> None:
        """Check one record and its views, and take what it tells."""
        seat, action = record.seat, record.action
        for viewer, view in views.items():
            assert view == record.view(viewer)
            assert view.seat == seat and view.action == action and len(view.entries) == len(record.entries)
            for k, entry in enumerate(record.entries):
                seen = view.entries[k]
                if type(entry) is Dealt:
                    assert type(seen) is Dealt and seen[:2] == entry[:2] and seen.seen_by == entry.seen_by
                    if entry.seen_by is None or viewer in entry.seen_by:
                        assert seen.card == entry.card
                    else:
                        assert seen.card is None, f"{viewer} sees {entry}"
                else:
                    assert seen == entry
        if action is not None:
            assert type(seat) is int and 0 <= seat < self.players
            self.actions_in_deal += 1
            kind = type(action)
            if kind is Discard:
                places = bits(action.cards)
                hand = self.hands[seat]
                assert all(p < len(hand) for p in places), (action, hand)
                thrown = [hand[p] for p in places]
                self.hands[seat] = [c for p, c in enumerate(hand) if p not in places]
                self.up[seat] = [c for c in self.up[seat] if c not in thrown]
                self.discards[seat].update(thrown)
                if thrown:
                    self.events["a discard"] += 1
            elif kind in (Fold, Demand) and self.hands[seat]:
                self.thrown.update(self.hands[seat])
                self.hands[seat] = []
                self.up[seat] = []
                self.events[f"a hand thrown down ({kind.__name__})"] += 1
        for entry in record.entries:
            kind = type(entry)
            if kind is Dealt:
                self._dealt(entry)
            elif kind is Shown:
                self._shown(entry)
            elif kind is Payment:
                assert type(entry.amount) is int and entry.amount > 0 and entry.payer != entry.payee, entry
                for name, sign in ((entry.payer, -1), (entry.payee, 1)):
                    if name != POOL:
                        self.moving[seat_of(name)] += sign * entry.amount
            elif kind is DealEnded:
                self._deal_ended(entry)
            elif kind is Reshuffled:
                assert type(entry.cards) is int and entry.cards >= 1
                self.events["law 41: the discards shuffled"] += 1
            elif kind is Note:
                assert type(entry.text) is str and entry.text
                if "bound on decisions" in entry.text:
                    self.events["a deal cut short"] += 1
                elif "jack-pot" in entry.text:
                    self.events["a jack-pot"] += 1
                elif "runs short" in entry.text:
                    self.events["law 41: the pack runs short"] += 1
            else:
                raise AssertionError(f"an unknown entry {entry!r}")

    def _dealt(self, entry: Dealt) -> None:
        seat, card = entry.seat, entry.card
        assert type(card) is int and 0 <= card < 52 and 0 <= seat < self.players, entry
        assert entry.seen_by is None or seat in entry.seen_by, f"the owner does not see his card: {entry}"
        if entry.hand < 0:  # turned up to choose the first dealer: face up, no hand's
            assert entry.seen_by is None, entry
            return
        assert all(card not in h for h in self.hands), f"{card} dealt while in a hand"
        self.hands[seat].append(card)
        if len(self.original[seat]) < HAND:
            self.original[seat].append(card)
        self.thrown.discard(card)
        for d in self.discards:
            d.discard(card)
        if entry.seen_by is None:
            self.up[seat].append(card)
        for viewer in self.viewers:
            if entry.seen_by is None or viewer in entry.seen_by:
                self.revealed[viewer].add(card)
                self.hidden[viewer].discard(card)
            else:
                self.hidden[viewer].add(card)

    def _shown(self, entry: Shown) -> None:
        seat, cards = entry.seat, tuple(entry.cards)
        assert len(cards) == HAND, f"a hand of {len(cards)} cards shown: {entry}"
        assert len(set(cards)) == len(cards), entry
        held, dealt = tuple(self.hands[seat]), tuple(self.original[seat])
        assert cards == held or cards == dealt, f"{entry}: the hand is {held}, as dealt {dealt}"
        assert not self.thrown.intersection(cards), f"{entry} shows a thrown-down hand's {self.thrown & set(cards)}"
        others = {c for s, h in enumerate(self.hands) if s != seat for c in h}
        assert not others.intersection(cards), f"{entry} shows cards now in another hand: {others & set(cards)}"
        stray = set(cards) - set(held) - self.discards[seat]
        assert not stray, f"{entry} shows {stray}, neither in the hand nor among its own discards"
        if cards != held:
            self.events["a hand shown as dealt (law 33)"] += 1
        self.shown[seat] = cards
        for viewer in self.viewers:
            self.revealed[viewer].update(cards)
            self.hidden[viewer].difference_update(cards)

    def _deal_ended(self, entry: DealEnded) -> None:
        assert entry.deal == self.deals, (entry, self.deals)
        assert len(entry.rewards) == self.players and all(type(r) is int for r in entry.rewards)
        assert list(entry.rewards) == self.moving, f"deal {entry.deal}: rewards {entry.rewards}, paid {self.moving}"
        assert type(entry.truncated) is bool and len(entry.roles) == self.players
        assert self.actions_in_deal <= self.bound, (self.actions_in_deal, self.bound)
        if self.max_decisions:
            assert self.actions_in_deal <= self.max_decisions
        if entry.truncated:
            assert self.max_decisions and self.actions_in_deal == self.max_decisions, (entry, self.actions_in_deal)
            self.events["a truncated deal"] += 1
        self.rewards = [a + b for a, b in zip(self.rewards, entry.rewards)]
        self.moving = [0] * self.players
        self.actions_in_deal = 0
        self.deals += 1
        self.last_ended = entry
        self._clear()

    def check(self, game: Game) -> None:
        """Catch up with the records, then compare what they say with the game."""
        self.catch_up(game)
        over = game.is_over
        assert game.deal_number >= self.deal_number, "deal_number went down"
        self.deal_number = game.deal_number
        assert game.deal_number == self.deals + (not over), (game.deal_number, self.deals, over)
        assert game.hands == self.hands, f"the records say the hands are {self.hands}, not {game.hands}"
        payoffs = [game.payoffs()[s] for s in range(game.players)]
        assert [a + b for a, b in zip(self.rewards, self.moving)] == payoffs, (self.rewards, self.moving, payoffs)
        if self.last_ended is not None:
            assert [game.rewards()[s] for s in range(game.players)] == list(self.last_ended.rewards)
            assert game.truncated == self.last_ended.truncated
        elif self.read and self.deals == 0:
            assert set(game.rewards().values()) == {0} and not game.truncated
        if over:
            assert self.moving == [0] * game.players and self.rewards == payoffs
            self.events["a session played to its end"] += 1


def check_views(game: Game, witness: Witness) -> None:
    """No leaks: each seat's observation shows its own hand as it holds it; every card
    in its ``hand``, ``up`` and ``shown`` was revealed to it by its events (a ``Dealt`` it
    sees, or a ``Shown``), and none dealt face down to another seat and not shown since;
    ``up`` is the cards dealt face up, ``shown`` the hands the records showed; the card
    planes of ``encode(seat)`` (its own hand, then per seat from its own the cards face
    up or shown: pycards.games.engine.table) say the same. The public counts agree
    with the game."""
    witness.check(game)
    players = game.players
    balances = game.ledger.balances
    for seat in range(players):
        obs = game.observation(seat)
        json.dumps(obs, default=list)  # plain data
        assert obs["seat"] == seat and obs["to_act"] == game.to_act and obs["deal_number"] == game.deal_number
        assert list(obs["balances"]) == [balances[f"p{s}"] for s in range(players)]
        assert obs["pool"] == balances[POOL]
        assert list(obs["cards"]) == [len(h) for h in game.hands]
        assert tuple(obs["hand"]) == tuple(game.hands[seat])
        up = {s: tuple(c) for s, c in obs["up"].items()}
        shown = {s: tuple(c) for s, c in obs["shown"].items()}
        assert up == {s: tuple(c) for s, c in enumerate(witness.up) if c}, (up, witness.up)
        assert shown == witness.shown, (shown, witness.shown)
        cards = set(obs["hand"]) | {c for v in up.values() for c in v} | {c for v in shown.values() for c in v}
        assert cards <= witness.revealed[seat], f"seat {seat} is shown {cards - witness.revealed[seat]} unrevealed"
        assert not cards & witness.hidden[seat], f"seat {seat} sees the face-down {cards & witness.hidden[seat]}"
        vector = game.encode(seat)
        own = set(np.flatnonzero(vector[:52]).tolist())
        assert own == set(obs["hand"]), (own, obs["hand"])
        for k in range(players):
            other = (seat + k) % players
            plane = set(np.flatnonzero(vector[52 + 52 * k: 104 + 52 * k]).tolist())
            assert plane == set(shown.get(other) or up.get(other, ())), (seat, other, plane)
            assert not plane & witness.hidden[seat]


# --------------------------------------------------------------------------------------
# Illegal actions and bad queries
# --------------------------------------------------------------------------------------

_LOOKALIKES: dict[type, type] = {}


def lookalike(cls: type) -> type:
    """A subclass of the action class ``cls`` with the same fields: never legal, since
    legality goes by the exact class."""
    found = _LOOKALIKES.get(cls)
    if found is None:
        found = _LOOKALIKES[cls] = dataclasses.dataclass(frozen=True, slots=True)(type(cls.__name__, (cls,), {}))
    return found


def retyped(action: Action) -> list[Action]:
    """``action`` with each field holding a value of another type equal to it (1.0 or
    True for 1, 1 for True, a numpy scalar, its text)."""
    found: list[Action] = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if type(value) is bool:
            others: list[Any] = [int(value), np.bool_(value), str(value)]
        elif type(value) is int:
            others = [float(value), np.int64(value), str(value)] + ([bool(value)] if value in (0, 1) else [])
        else:
            others = []
        found.extend(dataclasses.replace(action, **{field.name: other}) for other in others)
    return found


def bad_actions(game: Game) -> list[object]:
    """Things to apply that are not legal now: actions of wrong values (Raise(0),
    Raise(limit+1), Raise(-1), Discard(32), Discard(-1), Demand(2, 2), Demand(-1, 3)...),
    of wrong field types (Raise(1.0), Raise(True), Discard(np.int64(1)), and each legal
    action with its fields retyped), of the wrong phase (every action of the codec not
    legal now), lookalike subclasses of the legal ones, and non-actions (None, "Fold",
    3, a class, a dict); after the session is over, every one of them."""
    limit = game.options.limit
    from pycards.games.vingt_un import Draw as ForeignDraw
    from pycards.games.vingt_un import Stake as ForeignStake

    pool: list[object] = [
        Raise(0), Raise(-1), Raise(limit + 1), Raise(2**70), Raise(-(10**5000)),
        Discard(32), Discard(-1), Discard(10**30), Demand(2, 2), Demand(-1, 3), Demand(0, 6), Demand(6, 0),
        Demand(1, -1), Raise(1.0), Raise(True), Raise(np.int64(1)), Raise("1"), Raise(None), Discard(np.int64(1)),
        Discard(0.0), Discard(False), Discard(True), Demand(1.0, 2), Demand(True, 2), Demand(np.int64(1), 2),
        Fold(), Check(), Call(), Raise(1), Discard(0), Demand(1, 2), ForeignStake(1), ForeignDraw(),
        None, "Fold", 3, 2.5, Fold, Raise, ("Raise", 1), {"type": "Fold"}, [Fold()],
    ]  # fmt: skip
    codec = [game.action_from_index(i) for i in range(game.num_actions)]
    step = max(1, len(codec) // 60)
    pool.extend(codec[::step])
    pool.extend(codec[-12:])
    for action in game.legal_actions()[:40]:
        pool.extend(retyped(action))
        pool.append(lookalike(type(action))(**{f.name: getattr(action, f.name) for f in dataclasses.fields(action)}))
    legal = {a.key() for a in game.legal_actions()}
    return [a for a in pool if key_or_none(a) not in legal or type(a) not in game.actions]


def _observations(game: Game) -> list[Any]:
    """Every seat's observation, encoding and view of the last record."""
    last = max(game.records - 1, game.records - len(list(game.history())))
    return [(game.observation(s), game.encode(s).tobytes(), game.events(s, since=last))
            for s in range(game.players)]  # fmt: skip


def check_refused(game: Game, action: object) -> None:
    """Applying ``action`` (not legal now) raises IllegalActionError (a ValueError) and
    leaves the game as it was: its document, its records, every seat's view."""
    before, records, seen = image(game), game.records, _observations(game)
    legal = game.legal_actions()
    assert not game.is_legal(action), action
    try:
        game.apply(action)  # type: ignore[arg-type]
    except IllegalActionError as error:
        assert isinstance(error, ValueError) and str(error)
    else:
        raise AssertionError(f"{action!r} was applied, though not legal")
    assert image(game) == before, f"refusing {action!r} changed the game"
    assert game.records == records and game.legal_actions() == legal
    assert _observations(game) == seen


def check_queries_refused(game: Game) -> None:
    """Queries out of range raise IllegalActionError: a seat that is not one (observation,
    encode, events), a record index out of range, an action id out of range or not a
    whole number, the index of something that is not an action of the game."""
    players = game.players
    for seat in (-1, players, True, 0.0, "0", None):
        for query in (game.observation, game.encode):
            try:
                query(seat)  # type: ignore[arg-type]
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{query.__name__}({seat!r}) did not raise")
    for seat, since in ((players, None), (-1, None), (0, -1), (0, game.records + 1), (None, 1.0), (0, True)):
        try:
            game.events(seat, since=since)  # type: ignore[arg-type]
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"events({seat!r}, since={since!r}) did not raise")
    for index in (-1, game.num_actions, 1.0, True, None, "0", 10**400):
        try:
            game.action_from_index(index)  # type: ignore[arg-type]
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"action_from_index({index!r}) did not raise")
    for action in (None, Raise(game.options.limit + 1), Raise(1.0), Discard(32), "Fold"):
        try:
            game.action_index(action)  # type: ignore[arg-type]
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"action_index({action!r}) did not raise")


# --------------------------------------------------------------------------------------
# Copies
# --------------------------------------------------------------------------------------


def followers_of(game: Game) -> list[tuple[str, Game]]:
    """Every way of copying a game: ``copy()``, ``copy.copy``, ``copy.deepcopy``, pickle,
    ``from_dict`` of its JSON document, and (for a game not itself restored from a
    snapshot, which keeps no earlier actions) ``from_dict`` of its document with history."""
    found = [
        ("copy()", game.copy()),
        ("copy.copy", copy.copy(game)),
        ("copy.deepcopy", copy.deepcopy(game)),
        ("pickle", pickle.loads(pickle.dumps(game))),
        ("from_dict", restored(game)),
    ]
    try:
        found.append(("from_dict(history)", restored(game, history=True)))
    except StateError:
        assert game.records > len(list(game.history())), "to_dict(history=True) refused a game with all its records"
    for how, follower in found:
        assert type(follower) is type(game), how
        assert follower is not game
    return found


def differences(mine: Any, theirs: Any, path: str = "") -> list[str]:
    """Where two plain values differ (``path: mine != theirs``), for a message."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        found = []
        for key in sorted(set(mine) | set(theirs), key=repr):
            if key not in mine or key not in theirs:
                found.append(f"{path}.{key}: only on one side")
            else:
                found += differences(mine[key], theirs[key], f"{path}.{key}")
        return found
    return [] if mine == theirs else [f"{path}: {mine!r:.80} != {theirs!r:.80}"]


def check_same(game: Game, follower: Game, how: str, since: Optional[int] = None) -> None:
    """``follower`` is in the same state as ``game``: the same document, turn, legal
    actions, counts, rewards and payoffs, every seat's observation and encoding, and (from
    record ``since``) the same events for every seat and a spectator."""
    mine, theirs = game.to_dict(), follower.to_dict()
    assert json.dumps(mine, sort_keys=True) == json.dumps(theirs, sort_keys=True), (how, differences(mine, theirs))
    assert follower.to_act == game.to_act and follower.deal_number == game.deal_number, how
    assert follower.records == game.records and follower.truncated == game.truncated, how
    assert follower.legal_actions() == game.legal_actions(), how
    assert follower.rewards() == game.rewards() and follower.payoffs() == game.payoffs(), how
    assert follower.ledger.balances == game.ledger.balances, how
    assert follower.hands == game.hands and follower.cards_on_table() == game.cards_on_table(), how
    if not game.is_over:  # the cards to come
        pack, twin = game.pack, follower.pack
        assert (pack.stock, pack.used, pack.shuffles) == (twin.stock, twin.used, twin.shuffles), f"{how}: the pack"
    for seat in range(game.players):
        mine_seen, theirs_seen = game.observation(seat), follower.observation(seat)
        assert theirs_seen == mine_seen, (f"{how}: seat {seat}'s observation", differences(mine_seen, theirs_seen))
        assert (follower.encode(seat) == game.encode(seat)).all(), f"{how}: seat {seat}'s encoding"
    if since is not None:
        for seat in (None, *range(game.players)):
            records = [r.to_dict() for r in game.events(seat, since=since)]
            assert [r.to_dict() for r in follower.events(seat, since=since)] == records, f"{how}: {seat}'s events"


# --------------------------------------------------------------------------------------
# Every check of a step
# --------------------------------------------------------------------------------------


def check_game(game: Game, start: dict[str, int], witness: Optional[Witness] = None, codec: bool = True) -> None:
    """Every step's checks: the ledger (``start``: its balances when the session began),
    the pack, the turn, the codec (``codec``), and the records and views (with a
    ``witness`` that has read the game from its start)."""
    check_ledger(game, start)
    check_pack(game)
    check_turn(game)
    if codec:
        check_codec(game)
    if witness is not None:
        check_views(game, witness)


# --------------------------------------------------------------------------------------
# Hostile documents
# --------------------------------------------------------------------------------------


def _paths(node: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*path, i))


def _at(doc: Any, path: tuple) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _with(doc: dict, path: tuple, change: Callable[[Any, Any], None]) -> dict:
    """A deep copy of ``doc`` with ``change(parent, key)`` done at ``path``."""
    twin = copy.deepcopy(doc)
    change(_at(twin, path[:-1]), path[-1])
    return twin


def _set(value: Any) -> Callable[[Any, Any], None]:
    def change(parent: Any, key: Any) -> None:
        parent[key] = value

    return change


def _delete(parent: Any, key: Any) -> None:
    del parent[key]


def _retype(value: Any) -> tuple[list[Any], list[Any]]:
    """Values of other types than ``value``: (those unequal to it, those equal to it
    under ``==``: 1.0 or True for 1, 1 for True)."""
    if type(value) is bool:
        return [str(value).lower(), None, [value]], [int(value), float(value)]
    if type(value) is int:
        return [str(value), None, [value], {"value": value}], [float(value)] + ([bool(value)] if value in (0, 1) else [])
    if type(value) is str:
        return [None, 0, [value], value.encode()], []
    if value is None:
        return [0, False, "None", []], []
    if type(value) is list:
        return ([None, {}, 0] if value else [None, {}, 0, "[]"]), []
    if type(value) is dict:
        return [None, [], list(value.items()), 0], []
    return [None], []


def _semantic(path: tuple) -> bool:
    """Whether a whole number at ``path`` is one whose every value in range is checked
    against the rest of the document (counters, cards, seats of the state, actions)."""
    return path[:2] in (("deal", "balances"), ("state", "balances"), ("state", "hands"), ("state", "stakes"),
                        ("state", "to_act"), ("state", "live"), ("deal", "carry")) or path[:1] == ("actions",)


def hostile_documents(doc: dict, equal_values: bool = False) -> Iterator[tuple[str, dict]]:
    """Tampered versions of a valid document ``doc`` (from ``to_dict``, as JSON values),
    each named. By default: every field missing; every field of another type unequal to
    its value (a string of digits, ``None``, a list...); every whole number made huge or
    negative, and those of the counters, the cards and the seats of the state one more
    or less; an unknown field added to every object; every list cut short or given one
    more item; the balances changed (the total too, or not); an action changed for
    another or left out; the seed changed, the state the same. With ``equal_values``:
    only every field given a value of another type that ``==`` its own (``1.0`` or
    ``True`` for ``1``, ``1`` for ``True``), which JSON keeps apart."""
    for path, value in _paths(doc):
        if not path:
            continue
        where = ".".join(map(str, path))
        unequal, equal = _retype(value)
        if equal_values:
            for other in equal:
                yield f"{where} = {other!r}", _with(doc, path, _set(other))
            continue
        parent = _at(doc, path[:-1])
        if isinstance(parent, dict) and path != ("history",):
            yield f"{where} missing", _with(doc, path, _delete)
        for other in unequal:
            yield f"{where} = {other!r:.40}", _with(doc, path, _set(other))
        if type(value) is int:
            others = [10**5000, -(10**400), 2**63, 2**256 + 1]
            if path[:2] != ("deal", "rewards"):  # a deal's rewards may be negative
                others.append(-1)
            if _semantic(path):
                others += [value + 1, value - 1]
            for other in others:
                if other != value:
                    shown = other if abs(other) < 2**300 else "a huge int"
                    yield f"{where} = {shown}", _with(doc, path, _set(other))
        if isinstance(value, dict):
            yield f"{where} with an unknown field", _with(doc, path, lambda p, k: p[k].__setitem__("intruder", 0))
        if isinstance(value, list) and value:
            yield f"{where} cut short", _with(doc, path, lambda p, k: p[k].pop())
            yield f"{where} with one more", _with(doc, path, lambda p, k: p[k].append(p[k][-1]))
    if equal_values:
        return
    yield "an unknown top field", {**copy.deepcopy(doc), "intruder": {}}
    balances = doc["deal"]["balances"]
    names = [n for n in balances if n != POOL]
    for a, b in ((names[0], names[1]), (names[1], POOL), (POOL, names[0])):
        if balances[a]:
            twin = copy.deepcopy(doc)
            twin["deal"]["balances"][a] -= 1
            twin["deal"]["balances"][b] += 1
            yield f"deal.balances: one counter moved from {a} to {b}", twin
    twin = copy.deepcopy(doc)
    twin["deal"]["balances"][names[0]] += 1
    yield "deal.balances: a counter more", twin
    twin = copy.deepcopy(doc)
    twin["state"]["balances"][names[0]] += 1
    yield "state.balances: a counter more", twin
    for i, action in enumerate(doc["actions"]):
        for other in ({"type": "Fold"}, {"type": "Call"}, {"type": "Raise", "by": 1}, {"type": "Discard", "cards": 0},
                      {"type": "Discard", "cards": 31}, {"type": "Raise", "by": 10**6}, {"type": "Nothing"},
                      {"type": "Raise", "by": 1, "intruder": 0}, {"type": "Raise"}, ["Raise", 1]):  # fmt: skip
            if other != action:
                twin = copy.deepcopy(doc)
                twin["actions"][i] = other
                yield f"actions[{i}] = {other}", twin
        twin = copy.deepcopy(doc)
        del twin["actions"][i]
        yield f"actions[{i}] left out", twin
    for seed in (doc["seed"] + 1, doc["seed"] ^ (1 << 40), -doc["seed"] - 1):
        yield f"seed = {seed}", {**copy.deepcopy(doc), "seed": seed}


def check_hostile(cls: type[Game], name: str, doc: dict, may_pass: Callable[[str, dict], bool]) -> list[str]:
    """``cls.from_dict(doc)`` of the tampered ``doc``: raises StateError (a ValueError)
    whose message names a field of the document (it begins ``document``), never another
    exception; the failures found, described (a document ``may_pass`` says is still a true
    state of some game may also be taken, if it is then the state it says)."""
    failures = []
    try:
        game = cls.from_dict(doc)
    except StateError as error:
        message = str(error)
        if not isinstance(error, ValueError) or not message.startswith("document"):
            failures.append(f"{name}: StateError not naming a field: {message}")
        return failures
    except Exception as error:  # noqa: BLE001
        return [f"{name}: {type(error).__name__} (not StateError): {error!s:.200}"]
    if not may_pass(name, doc):
        failures.append(f"{name}: accepted")
    else:
        again = json.loads(json.dumps(game.to_dict(history="history" in doc)))
        if again != doc:
            failures.append(f"{name}: accepted, but the game is not the state the document says")
    return failures
