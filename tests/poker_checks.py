"""Checks of the poker drivers' rules (every game on ``pycards.games.poker.table``).

Shared by tests/test_poker_protocol.py and the law tests. Every check takes a game
(a :class:`~pycards.games.poker.table.PokerTable`) and reads only the public
protocol (``pycards.games.base``) and the table's omniscient accessors (``hands``,
``cards_on_table()``, ``pack``, ``ledger``, ``history()``); each raises
``AssertionError`` saying what went wrong. What every game owes the protocol (the
records' views, the ledger rebuilt from the payments, the turn, the codec, illegal
actions, copies, honest views, hostile documents) is checked once for all games by
tests/conformance.py, which this module uses.

* :func:`check_ledger`: the poker parties (the seats, the pool, Progressive Poker's
  banker, owed exactly the fresh stakes he gave, and its tables' waiting pools) hold
  exactly the counters of the start; the payoffs are each seat's counters less what
  it began with (less the fresh stakes), adding up to minus the pools, which are empty
  once the session is over.
* :func:`check_pack`: stock + used + the cards on the table is the 52-card pack.
* :class:`Witness` and :func:`check_views`: what the records say (read once) agrees
  with the game: the hands, the cards on the table, the ledger, and each game's own
  rules (antes, the dealer, the first say, checks, the jack-pot opener's shows and
  penalties, Stud's up cards, Progressive Poker's tables and bells); each seat's
  observation shows its hand, the cards face up and the hands shown as the records
  say, and its encoding's card planes the same.
* :func:`check_same_table`: a copy is in the same state as the game
  (:func:`conformance.check_same`), its hands, cards on the table and pack too.
* :func:`check_game`, :func:`play_checked`: every step's checks (the law tests play
  a deal with them).
* :func:`semantic`, :func:`signed`, :data:`ACTION_DOCUMENTS`: what the poker documents' strict hostile
  test (tests/test_poker_protocol.py) tampers with beyond
  :func:`conformance.hostile_documents`' defaults.
"""

from __future__ import annotations

import re
from collections import Counter
from types import SimpleNamespace
from typing import Any, Optional

import numpy as np

from conformance import Reader, check_codec, check_same, check_turn
from pycards.games.base import Action, Game
from pycards.games.engine.betting import Check, Fold, Raise
from pycards.games.engine.events import (
    STOCK, USED, DealEnded, Dealt, Gathered, Moved, Note, Record, Reshuffled, Shown, hand_place,
)  # fmt: skip
from pycards.games.poker.table import APART, HAND, THROWN, Demand, Discard
from pycards.poker import opens, showing
from pycards.settlement import Payment

__all__ = [
    "ACTION_DOCUMENTS", "FULL_PACK", "Witness", "check_game", "check_ledger", "check_pack", "check_same_table",
    "check_views", "play_checked", "semantic", "signed",
]  # fmt: skip

FULL_PACK = Counter(range(52))
"""The 52-card pack, each card once."""
POOL = "pool"
BANKER = "banker"
"""Progressive Poker's ledger party that gives the fresh stakes (on credit)."""


# --------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------


def seat_of(name: str) -> Optional[int]:
    """The seat of a ledger party ``"p3"``; ``None`` for the pool, the banker and Progressive
    Poker's tables (``"table 2"``: the pool waiting there for the table's next deal)."""
    return int(name[1:]) if re.fullmatch(r"p\d+", name) else None


def waiting(balances: dict[str, int]) -> list[str]:
    """Progressive Poker's ledger parties ``"table N"``: each table's pool waiting for its next deal."""
    return [name for name in balances if name.startswith("table ")]


def bits(mask: int) -> list[int]:
    """The places of a :class:`Discard` mask (bit 0: the first card of the hand)."""
    return [i for i in range(HAND) if mask >> i & 1]


# --------------------------------------------------------------------------------------
# Counters and cards
# --------------------------------------------------------------------------------------


def check_ledger(game: Game, start: dict[str, int]) -> None:
    """The poker rules of the counters (what every game owes, conformance.check_ledger): the
    ledger holds exactly the counters of ``start`` (its balances when the session began),
    its parties the seats, the pool, and Progressive Poker's banker and each table's waiting
    pool (``"table N"``); the banker, a party of ``start`` with credit, is owed exactly the
    fresh stakes he gave; the payoffs are each seat's counters less what it began with (less
    the banker's fresh stakes), so they add up to minus the pool and the pools waiting at
    the tables; once the session is over the pools are empty."""
    balances = game.ledger.balances
    total = sum(start.values())
    players = game.players
    names = [f"p{s}" for s in range(players)]
    assert sum(balances.values()) == total, (balances, total)
    tables = waiting(start)
    assert set(balances) == set(start) == {*names, POOL, *({BANKER} & set(start)), *tables}, balances
    charges = [0] * players
    if BANKER in start:
        restakes = game.observation(0)["restakes"]
        charges = [game.options.restake * n for n in restakes]
        assert balances[BANKER] == start[BANKER] - sum(charges), (balances[BANKER], restakes)
    payoffs = game.payoffs()
    assert [payoffs[s] for s in range(players)] == [balances[n] - start[n] - c for n, c in zip(names, charges)], (
        payoffs, start, charges)  # fmt: skip
    assert sum(payoffs.values()) == -balances[POOL] - sum(balances[t] for t in tables)
    if game.is_over:
        assert balances[POOL] == 0, f"the session is over with {balances[POOL]} counters in the pool"
        assert not any(balances[t] for t in tables), f"the session is over with pools waiting: {balances}"


def check_pack(game: Game) -> None:
    """No card is ever in two places or lost: while the session is not over, the stock,
    the used cards and the cards on the table (hands, thrown-down hands, cards kept
    apart) are exactly the 52-card pack, each card once; the hands are among the cards
    on the table, five cards at most each; once the session is over too (its last deal's
    table stays as it ended, to be seen)."""
    on_table = game.cards_on_table()
    assert sorted(game.info.pack) == list(range(52))
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


# --------------------------------------------------------------------------------------
# What the records say
# --------------------------------------------------------------------------------------


class Witness:
    """Reads every record of a game once (the full records: what each seat's view of them
    may show is conformance.Reader's to check) and keeps what they tell of the hand in play
    (a deal; in Progressive Poker one table's deal, several of which make a bell, the
    session's deal):

    * ``hands``: each seat's hand rebuilt from the records (cards dealt, the places a
      :class:`Discard` throws, a :class:`Fold`, a :class:`Demand` or the jack-pot
      opener's :class:`Conceal` before the draw throwing the hand down), to compare
      with the omniscient ``game.hands``;
    * ``thrown``: the cards of thrown-down hands (folded or foul), ``discards[s]`` each
      seat's discards, until a card comes back into play (law 41's shuffle); ``apart``
      the jack-pot opener's discard (``jack_pots``: under the chips, never dealt again);
    * the ledger rebuilt from the payments (every party's balance);
    * each game's own: the jack-pot opener, the antes paid "for another jack"
      (``prepaid``) and the fattened deals; the buck and the dealer; Progressive
      Poker's seating, tables, re-stakes and yellow chips.

    Reading a record checks it: the owner of a card sees it; every card is dealt face
    down but Stud Poker's up cards (all but a hand's first); no card is dealt that is
    already in a hand, nor the opener's discard under the chips; a ``Shown`` hand is five
    cards, the seat's hand as held or as dealt, never a card thrown down by another seat
    or now in another seat's hand, never a hand concealed; a card leaves a hand for the
    used cards, the thrown-down hands or apart; a deal ends with one dealer among its
    roles, ``truncated`` as the records' notes say; no hand takes more than
    ``max_decisions`` (a truncated one exactly that many; a bell's count against
    ``info``: its own test in tests/test_poker_protocol.py); and each game's rules
    (:meth:`_check_opening`, :meth:`_hand_over`, :meth:`_moved`, :meth:`_exchange`,
    :meth:`check`).
    """

    def __init__(self, game: Game) -> None:
        self.name = game.name
        self.players = game.players
        options = game.options
        self.ante, self.profile = options.ante, options.profile
        self.jack_pots = game.name == "jack_pots"
        self.progressive = game.name == "progressive_poker"
        self.buck_game = game.name in ("straight_poker", "stud_poker")
        self.stud = game.name == "stud_poker"
        self.by_card = self.stud and options.form == "by_card"
        self.fatten = getattr(options, "fatten", 0)
        self.restake = getattr(options, "restake", 0)
        self.read = game.records - len(list(game.history()))
        assert self.read == 0, "a witness reads a game from the start of its session"
        self.left_table: Optional[SimpleNamespace] = None
        """The last hand's table as it ended (:meth:`seen_table`)."""
        self.reader = Reader(game)
        """What every game's records owe the protocol (their views, the ledger rebuilt from
        the payments, the results), read alongside."""
        self.events: Counter = Counter()
        """What happened, for the test's statistics (``hypothesis.event``)."""
        self.max_decisions = game.options.max_decisions
        self.balances = dict(game.ledger.balances)  # as the session began: undo the first record's payments
        for record in game.history():
            for entry in record.entries:
                if type(entry) is Payment:
                    self.balances[entry.payer] += entry.amount
                    self.balances[entry.payee] -= entry.amount
        self.initial = dict(self.balances)
        """The ledger as the session began, before the first ante (``start`` of :func:`check_ledger`)."""
        self.note = ""
        self.dealer: Optional[int] = None
        """The dealer of the deal in play, as the rules pass the deal (None: not known)."""
        self.buck: Optional[int] = None
        self.prepaid = [0] * self.players
        self.fattening = False
        self.seating: list[list[int]] = []
        self.table = 0
        self.results: list[tuple[dict[int, int], list[int]]] = []
        self.restakes = [0] * self.players
        self.restaked: dict[int, int] = {}
        self.yellow = [0] * self.players
        self.moves: Optional[list[int]] = None
        """The players moving at this bell, table by table (None: no bell rung, or moved)."""
        self.exchanged: set[int] = set()
        self.bell_zero: set[int] = set()
        self.last_truncated = False
        self.bell_truncated = False
        self.rest: list[Any] = []
        """The entries of the record being read after the one being read."""
        self._clear()
        first = next(game.history())
        assert first.seat is None and first.action is None and first.entries
        self.catch_up(game)

    def _clear(self) -> None:
        """A new hand: nothing dealt, shown, thrown or paid in it yet."""
        players = self.players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.original: list[list[int]] = [[] for _ in range(players)]
        self.up: list[list[int]] = [[] for _ in range(players)]
        self.shown: dict[int, tuple[int, ...]] = {}
        self.thrown: set[int] = set()
        self.discards: list[set[int]] = [set() for _ in range(players)]
        self.apart: list[int] = []
        self.dealt_in: list[int] = []
        self.live: list[int] = []
        self.opener: Optional[int] = None
        self.drew = self.raised = self.truncated = False
        self.bet_after_draw = False
        self.fresh = False
        """Whether no betting action has been taken since the last cards were dealt or drawn."""
        self.concealed: set[int] = set()
        self.found_false = False
        self.won: dict[int, int] = {}
        self.call: Optional[list[int]] = None
        self.left = 0
        self.left_of: dict[int, int] = {}
        self.penalties = self.penalties_due = 0
        self.owing: list[tuple[int, int, list[int]]] = []
        """Jack pots: the penalties "for another jack" due, with the players they pay for."""
        self.stakes = [0] * self.players
        self.antes: dict[int, int] = {}
        self.paid_for: set[int] = set()
        self.opening_checked = False
        self.hand_actions = 0
        self.start_balances = dict(self.balances)

    # -- reading ---------------------------------------------------------------------------

    def catch_up(self, game: Game) -> None:
        """Read the records made since the last call."""
        kept = game.records - len(list(game.history()))
        for record in list(game.history())[self.read - kept:]:
            self.read_record(record)
        self.read = game.records

    def read_record(self, record: Record) -> None:
        """Check one record, and take what it tells."""
        seat, action = record.seat, record.action
        entries = list(record.entries)
        if action is not None:
            assert type(seat) is int and 0 <= seat < self.players
            entries = self._action(seat, action, entries)
        for k, entry in enumerate(entries):
            self.rest = entries[k + 1:]
            kind = type(entry)
            if kind is Dealt:
                self._dealt(entry)
            elif kind is Shown:
                self._shown(entry)
            elif kind is Payment:
                self._payment(entry)
            elif kind is DealEnded:
                self._deal_ended(entry)
            elif kind is Reshuffled:
                assert type(entry.cards) is int and entry.cards >= 1
                assert not set(self.apart) & set().union(*self.hands), "the opener's discard was reshuffled"
                self.events["law 41: the discards shuffled"] += 1
            elif kind is Note:
                self._note(entry.text)
            elif kind is Moved:
                assert entry.source == hand_place(entry.source.seat) and entry.target in (USED, THROWN, APART)
                assert entry.seen_by in (None, (entry.source.seat,)), "a card leaves a hand seen by its holder"
            elif kind is Gathered:
                assert entry.target in (STOCK, USED)
            else:
                raise AssertionError(f"an unknown entry {entry!r}")

    def _action(self, seat: int, action: Action, entries: list[Any]) -> list[Any]:
        """Take what ``seat``'s ``action`` does to the hand (before the entries it caused);
        the entries left to read."""
        self.hand_actions += 1
        self._check_opening()
        kind = type(action)
        if kind is Discard:
            self.drew = self.fresh = True
            places = bits(action.cards)
            hand = self.hands[seat]
            assert all(p < len(hand) for p in places), (action, hand)
            thrown = [hand[p] for p in places]
            self.hands[seat] = [c for p, c in enumerate(hand) if p not in places]
            self.up[seat] = [c for c in self.up[seat] if c not in thrown]
            self.discards[seat].update(thrown)
            if self.jack_pots and seat == self.opener:
                self.apart += thrown  # under the chips (law 43)
                if thrown:
                    self.events["the opener's discard under the chips"] += 1
            if thrown:
                self.events["a discard"] += 1
            return entries
        self.fresh = False
        name = kind.__name__
        if kind is Raise:
            self.raised = True
            self.bet_after_draw = self.drew
            if self.opener is None:
                self.opener = seat
        elif kind is Demand:
            self.drew = self.fresh = True
            self._throw_down(seat, "Demand")
        elif kind is Fold:
            if self.jack_pots and seat == self.opener and self.hands[seat]:
                # law 42: he shows his whole hand; law 45: after the draw, his openers (as dealt)
                first = entries[0] if entries else None
                expected = tuple(self.original[seat] if self.drew else self.hands[seat])
                assert type(first) is Shown and first.seat == seat and tuple(first.cards) == expected, (
                    f"the opener p{seat} abandons his hand without showing {expected}: {entries[:2]}")  # fmt: skip
                self._shown(first)
                entries = entries[1:]
                self.events["the opener shows as he abandons his hand"] += 1
            self._throw_down(seat, "Fold")
        elif name == "Conceal":
            assert self.jack_pots
            self._another_jack(seat)
            if not self.drew:  # law 42: the opener abandons his hand unshown
                assert seat == self.opener, f"p{seat} conceals before the draw, the opener is {self.opener}"
                self._throw_down(seat, "Conceal")
            else:  # law 45: at the call, the hand is not shown and cannot win
                assert seat in self.live and seat not in self.concealed
                self.concealed.add(seat)
                self.events["a hand concealed at the call"] += 1
            assert not any(type(e) is Shown and e.seat == seat for e in entries), f"p{seat} conceals, yet shows"
        elif name == "Show":
            assert self.jack_pots and self.drew and seat in self.live
            shows = [e for e in entries if type(e) is Shown and e.seat == seat]
            assert shows, f"p{seat} shows nothing"
            if seat == self.opener:  # his openers, as dealt, then his entire hand
                assert [tuple(e.cards) for e in shows] == [tuple(self.original[seat]), tuple(self.hands[seat])], (
                    shows, self.original[seat], self.hands[seat])  # fmt: skip
            else:
                assert [tuple(e.cards) for e in shows] == [tuple(self.hands[seat])], (shows, self.hands[seat])
        return entries

    def _another_jack(self, seat: int) -> None:
        """``seat`` is to ante for every other player dealt in "for another jack": all he holds
        if less (the payment that follows is checked against it)."""
        others = [s for s in rotation(seat, self.players) if s != seat and s in self.dealt_in]
        due = min(self.ante * len(others), self.balances[f"p{seat}"])
        self.penalties_due += due
        if due:  # (nothing to pay: no payment, no ante paid for anybody)
            self.owing.append((seat, due, others))

    def _qualified(self) -> bool:
        """Whether the jack-pot opener's hand as dealt holds jacks or better (law 44)."""
        return opens(self.original[self.opener], "J", self.profile)

    def _throw_down(self, seat: int, how: str) -> None:
        if seat in self.live:
            self.live.remove(seat)
        if self.hands[seat]:
            self.thrown.update(self.hands[seat])
            self.hands[seat] = []
            self.up[seat] = []
            self.events[f"a hand thrown down ({how})"] += 1

    def _dealt(self, entry: Dealt) -> None:
        seat, card = entry.seat, entry.card
        assert type(card) is int and 0 <= card < 52 and 0 <= seat < self.players, entry
        assert entry.seen_by is None or seat in entry.seen_by, f"the owner does not see his card: {entry}"
        if entry.hand < 0:  # turned up to choose the first dealer (or a cut): face up, no hand's
            assert entry.seen_by is None, entry
            return
        assert entry.hand == 0, entry
        assert all(card not in h for h in self.hands), f"{card} dealt while in a hand"
        assert card not in self.apart, f"{entry} deals a card of the opener's discard, under the chips"
        if self.progressive:
            assert seat in self.seating[self.table], f"{entry}: p{seat} is not at table {self.table}"
        if self.stud:  # the first card face down, the others face up
            assert entry.seen_by == (None if self.hands[seat] else (seat,)), (entry, self.hands[seat])
        else:
            assert entry.seen_by == (seat,), f"{entry}: a card dealt face up"
        if seat not in self.dealt_in:
            assert not self.drew, f"{entry}: a seat dealt into the deal in the draw"
            self.dealt_in.append(seat)
            self.live.append(seat)
        assert seat in self.live, f"{entry}: a card to a seat out of the deal"
        self.hands[seat].append(card)
        assert len(self.hands[seat]) <= HAND, (entry, self.hands[seat])
        if len(self.original[seat]) < HAND:
            self.original[seat].append(card)
        self.thrown.discard(card)
        for d in self.discards:
            d.discard(card)
        if entry.seen_by is None:
            self.up[seat].append(card)
        self.fresh = True

    def _shown(self, entry: Shown) -> None:
        seat, cards = entry.seat, tuple(entry.cards)
        assert entry.hand in (0, -1) and seat in self.dealt_in, entry  # -1: as dealt (law 33)
        assert seat not in self.concealed, f"{entry}: the hand was concealed"
        assert len(cards) == HAND, f"a hand of {len(cards)} cards shown: {entry}"
        assert len(set(cards)) == len(cards), entry
        held, dealt = tuple(self.hands[seat]), tuple(self.original[seat])
        assert cards == held or cards == dealt, f"{entry}: the hand is {held}, as dealt {dealt}"
        assert not self.thrown.intersection(cards), f"{entry} shows a thrown-down hand's {self.thrown & set(cards)}"
        others = {c for s, h in enumerate(self.hands) if s != seat for c in h}
        assert not others.intersection(cards), f"{entry} shows cards now in another hand: {others & set(cards)}"
        stray = set(cards) - set(held) - self.discards[seat]
        assert not stray, f"{entry} shows {stray}, neither in the hand nor among its own discards"
        assert cards == (held if entry.hand == 0 else dealt), f"{entry}: hand 0 is the hand held, -1 the hand as dealt"
        if cards != held:
            self.events["a hand shown as dealt (law 33)" if not self.jack_pots else "openers shown as dealt"] += 1
        before = self.shown.get(seat, ())
        self.shown[seat] = before + tuple(c for c in cards if c not in before)

    def _payment(self, entry: Payment) -> None:
        payer, payee, amount = entry.payer, entry.payee, entry.amount
        note = self.note
        self.balances[payer] -= amount
        self.balances[payee] += amount
        if payee.startswith("table ") or payer.startswith("table "):  # a pool waiting at a table, or played for
            assert self.progressive, entry
            if payer == POOL:
                assert note == f"the pool waits at {payee} for its next deal" and payee == f"table {self.table}", (
                    note, entry, self.table)  # fmt: skip
                assert self.balances[POOL] == 0 and self.balances[payee] == amount, (entry, self.balances)
            else:
                assert payee == POOL and note == f"{payer} plays for the pool its last deal left", (note, entry)
                assert self.balances[payer] == 0 and self.balances[POOL] == amount, (entry, self.balances)
            return
        if payer == BANKER:
            assert self.progressive and note == "a fresh stake from the banker" and amount == self.restake, entry
            seat = seat_of(payee)
            assert seat not in self.restaked and self.start_balances[payee] == 0, entry
            self.restaked[seat] = amount
            return
        if payer == POOL:
            seat = seat_of(payee)
            uncalled = (f"p{seat} takes the pool unshown", f"p{seat} takes the pool uncalled, after showing his cards")
            if note == "the pool is divided" or note in uncalled or note.startswith(
                    "nobody is left to play for the pool"):  # fmt: skip
                self.won[seat] = self.won.get(seat, 0) + amount
                if note.startswith("nobody is left"):  # the call is the one left holding counters, or all
                    assert self.progressive and self.call is not None and seat in self.call, (entry, self.call)
                if self.jack_pots and seat == self.opener:  # he has shown his openers, and they open
                    assert set(self.original[seat]) <= set(self.shown.get(seat, ())), (entry, self.shown)
                    assert self._qualified(), f"{entry}: a false opener takes from the pool (law 44)"
                assert seat not in self.concealed, f"{entry}: a concealed hand wins"
            else:
                assert note == f"p{seat} takes what is left" or note.startswith("nobody holds counters"), (note, entry)
                self.left += amount
                if note == f"p{seat} takes what is left":  # the session's end, after the next dealer is chosen
                    self.left_of[seat] = self.left_of.get(seat, 0) + amount
                # (a pool nobody could win shared by the deal's players is shared before the deal passes)
            return
        assert payee == POOL and seat_of(payer) is not None, entry
        seat = seat_of(payer)
        assert note.startswith(f"p{seat} "), (note, entry)
        what = note[len(f"p{seat} "):]
        if what == "antes for every other player for another jack":
            # those players' antes of the next deal are paid, as many as it covers, from his left
            assert self.owing and self.owing[0][:2] == (seat, amount), (entry, self.owing)
            _, _, others = self.owing.pop(0)
            for other in others[:amount // self.ante]:
                self.prepaid[other] = 1
            self.penalties += amount
        elif what == "pays double the ante as a penalty (law 33)":
            self.penalties += amount
        elif what in ("antes", "fattens the pot (law 40)", "antes for every player and passes the buck"):
            assert not self.hand_actions and seat not in self.antes, (entry, self.antes)
            self.antes[seat] = amount
        elif what in ("raises", "makes good") or what.startswith("straddles to") or what == "antes (law 20)":
            self.stakes[seat] += amount

    def _note(self, text: str) -> None:
        assert type(text) is str and text
        self.note = text
        if self.progressive and (re.match(r"^p\d+ antes \(law 20\)$", text) or re.match(r"^jack-pot \d+: ", text)
                                 or re.match(r"^table \d+ plays for the pool its last deal left$", text)):
            if self.dealt_in or self.hand_actions:  # a table's deal begins: the last one is over
                self._hand_over()
        first_dealer = re.match(r"^(?:the first knave falls to )?p(\d+)(?:, who)? deals$", text)
        if first_dealer and not self.progressive:
            self.dealer = int(first_dealer.group(1))
        if "bound on decisions" in text:
            self.truncated = True
            self.events["a deal cut short"] += 1
        elif "jack-pot" in text:
            self.events["a jack-pot"] += 1
        elif "runs short" in text:
            self.events["law 41: the pack runs short"] += 1
        elif self.jack_pots and text.endswith("opened without jacks or better: a foul hand (law 44)"):
            assert self.opener is not None and text.startswith(f"p{self.opener} ") and not self._qualified(), text
            self.found_false = True
            self.events["a false opener found out"] += 1
            penalty = f"p{self.opener} antes for every other player for another jack"
            if not self.drew and self.truncated and any(type(e) is Note and e.text == penalty for e in self.rest):
                self.drew = True  # cut short as the draw began: every seat stood pat
            if self.drew:  # found out after the draw, he antes for every other player for another jack
                self._another_jack(self.opener)
        elif self.jack_pots and text.endswith("'s ante was paid for him"):
            seat = int(text[1:text.index("'")])
            assert not self.hand_actions and seat not in self.paid_for, text
            self.paid_for.add(seat)
        elif self.progressive and text.startswith("nobody is left to play for the pool"):
            holders = [s for s in self.seating[self.table] if self.balances[f"p{s}"] > 0]
            assert len(holders) < 2, (text, holders)
            self.call = holders or list(self.dealt_in)
        elif self.progressive and text == "the bell":
            self._hand_over()
            self._bell_rung()
        elif self.progressive and text.startswith("table ") and ":" in text:
            table, names = text[len("table "):].split(": ")
            assert int(table) == len(self.seating), text
            self.seating.append([int(n[1:]) for n in names.split(", ")])
        elif self.progressive and re.match(r"^p\d+ moves to table \d+$", text):
            assert self.moves is not None, text
            self.moves.append(int(text.split()[0][1:]))
            assert int(text.split()[-1]) == (len(self.moves) - 2) % len(self.seating), text
            if len(self.moves) == len(self.seating):
                self._moved()
        elif self.progressive and text.endswith(" of the booby table"):
            self._exchange(text)

    # -- the end of a hand, of a bell, of a deal ----------------------------------------------------

    def _check_opening(self) -> None:
        """The stakes a deal opens with (once its cards are dealt): Straight and Stud Poker's
        buck holder antes for every player; in jack pots every player antes (``fatten`` in
        a fattened deal), but those whose ante was paid for them "for another jack"."""
        if self.opening_checked or not self.dealt_in:
            return
        self.opening_checked = True
        start = self.start_balances
        if self.buck_game:
            holder = self.dealer if self.buck is None else self.buck
            if holder is not None:
                holder = next(s for s in (*range(holder, self.players), *range(holder)) if s in self.dealt_in)
                assert list(self.antes) == [holder], (self.antes, holder)
            assert len(self.antes) == 1, self.antes
            (payer, amount), = self.antes.items()
            assert amount == min(self.ante * len(self.dealt_in), start[f"p{payer}"]), (amount, self.dealt_in)
            self.buck = (payer + 1) % self.players
        elif self.jack_pots:
            paid_for = {s for s in self.dealt_in if self.prepaid[s]} if not self.fattening else set()
            assert self.paid_for == paid_for, (self.paid_for, self.prepaid, self.fattening)
            for seat in paid_for:
                self.prepaid[seat] = 0
            assert set(self.antes) == set(self.dealt_in) - paid_for, (self.antes, self.dealt_in, paid_for)
            each = self.fatten if self.fattening else self.ante
            for seat, amount in self.antes.items():
                assert amount == min(each, start[f"p{seat}"]), (seat, amount, each)
            if self.fattening:
                self.events["a fattened deal (law 40)"] += 1

    def _hand_over(self) -> None:
        """A hand is over (a deal; in Progressive Poker one table's deal): check its decisions,
        what it paid and what it carries to the next hand, then clear it."""
        self._check_opening()
        if self.max_decisions:
            assert self.hand_actions <= self.max_decisions, (self.hand_actions, self.max_decisions)
        if self.truncated:
            assert self.max_decisions and self.hand_actions == self.max_decisions, (self.hand_actions,)
        self.last_truncated = self.truncated
        self.bell_truncated = self.bell_truncated or self.truncated  # a bell is cut short if any deal was
        pool = self.balances[POOL]
        won = {s: n for s, n in self.won.items() if n}
        if self.jack_pots:
            assert self.penalties == self.penalties_due, (self.penalties, self.penalties_due)
            assert not self.owing, self.owing
            if self.found_false:
                assert not won.get(self.opener), f"the false opener p{self.opener} won {won}"
            if won:  # the counters paid for another jack stay in the pool for the next deal
                assert pool + self.left == self.penalties, (pool, self.left, self.penalties)
            self.fattening = self.opener is None and not won  # law 40: an unopened pot, dealt again
            self._next_dealer(self.dealer if self.fattening else self._left_holder())
        elif self.buck_game:
            if not self.raised and not self.truncated and len(self.live) > 1 and not self.by_card:
                # all pass: the pool stays (a double pool), the deal passes to the left
                assert not won, won
            if not won:
                following = self._left_holder()
            else:  # the winner deals: the seat gaining most from the pool (equal: from the dealer's left)
                gain = {s: won.get(s, 0) - self.stakes[s] for s in self.dealt_in}
                best = max(gain.values())
                following = next(s for s in self.dealt_in if gain[s] == best)
            self._next_dealer(following)
        elif self.progressive:
            if pool == 0:  # the table's deal is over (a pool it left undecided waits at the table): the next plays
                # the call: those still in at the end (a deal nobody opened has none, its ante all in or not)
                unopened = not won and self.opener is None
                call = self.call if self.call is not None else [] if unopened else list(self.live)
                self.results.append((won, call))
                if self.table == 0:
                    for seat in won:
                        self.yellow[seat] += 1
                self.table += 1
            assert self.table <= len(self.seating)
        else:
            self._next_dealer(self._left_holder())
        self._keep_table()
        self._clear()

    def _keep_table(self) -> None:
        """What the table shows as the hand ends: a session's last deal stays to be seen once
        it is over (Progressive Poker's tables are cleared for the bell)."""
        self.left_table = SimpleNamespace(
            hands=[list(h) for h in self.hands], up=[list(u) for u in self.up], shown=dict(self.shown),
            thrown=set(self.thrown), apart=list(self.apart), opener=self.opener,
        )  # fmt: skip

    def seen_table(self, game: Game) -> Any:
        """The table the records say ``game`` shows: the deal in play's, or once the session is
        over, the last deal's."""
        if game.is_over and not self.progressive and self.left_table is not None:
            return self.left_table
        return self

    def _next_dealer(self, dealer: Optional[int]) -> None:
        self.dealer = dealer

    def _left_holder(self) -> Optional[int]:
        """The deal passes to the left, to the first player holding counters."""
        if self.dealer is None:
            return None
        seats = rotation(self.dealer, self.players)
        return next((s for s in seats if self.balances[f"p{s}"] - self.left_to(s) > 0), seats[0])

    def left_to(self, seat: int) -> int:
        """What ``seat`` took of what was left in the pool at the session's end, as its last
        holder (paid after the next dealer is chosen)."""
        return self.left_of.get(seat, 0)

    def _bell_rung(self) -> None:
        """The bell (Progressive Poker): every table's pool is decided."""
        assert self.table == len(self.seating) == len(self.results), (self.table, self.results)
        self.bell_zero = {s for s in range(self.players) if self.balances[f"p{s}"] == 0}
        self.moves = []

    def _moved(self) -> None:
        """The winners move up a table, each into the seat of the one who moves from the table
        above (a table's winner: the largest share of its pool, equal shares the first in its
        seat order; a table whose pool nobody won: its biggest stack, ties cut); the head
        table's smallest stack not in the call (the winner and his callers keep their seats)
        goes down into the seat of the one going up from the booby table."""
        assert self.moves is not None and len(self.moves) == len(self.seating), self.moves
        count = len(self.seating)
        cash = {s: self.balances[f"p{s}"] for s in range(self.players)}
        for t, (mover, (won, call)) in enumerate(zip(self.moves, self.results)):
            seats = self.seating[t]
            if t == 0:
                staying = [s for s in seats if s not in call] or [s for s in seats if s not in won] or seats
                least = min(cash[s] for s in staying)
                assert mover in staying and cash[mover] == least, (mover, staying, cash, call, won)
            elif won:
                best = max(won.values())
                assert mover == next(s for s in seats if won.get(s) == best), (mover, seats, won)
            else:  # nobody won its pool: its player holding the most counters goes up in the winner's place
                assert mover in seats and cash[mover] == max(cash[s] for s in seats), (mover, seats, cash)
        places = [self.seating[t].index(m) for t, m in enumerate(self.moves)]
        for t, mover in enumerate(self.moves):
            to = (t - 1) % count
            self.seating[to][places[to]] = mover
        self.moves = None

    def _exchange(self, text: str) -> None:
        """A player re-staked at this bell, not at the booby table, exchanges seats with the
        booby table's biggest stack (never another player re-staked at this bell)."""
        assert self.moves is None, f"{text} before every table's winner moved"
        words = text.split()
        seat, other = int(words[0][1:]), int(words[4][1:])
        booby = self.seating[-1]
        assert seat in self.restaked and seat not in booby and other in booby, (text, self.seating)
        others = [s for s in booby if s not in self.restaked]
        assert other in others and self.balances[f"p{other}"] == max(self.balances[f"p{s}"] for s in others), (
            text, {s: self.balances[f"p{s}"] for s in booby})  # fmt: skip
        table = next(t for t, seats in enumerate(self.seating) if seat in seats)
        here, there = self.seating[table].index(seat), booby.index(other)
        self.seating[table][here], booby[there] = other, seat
        self.exchanged.add(seat)

    def _deal_ended(self, entry: DealEnded) -> None:
        if self.progressive:
            assert self.moves is None, f"the bell without every table's winner moving: {self.moves}"
            assert set(self.restaked) == self.bell_zero, (self.restaked, self.bell_zero)
            booby = self.seating[-1]
            if len(self.restaked) <= len(booby):  # every player re-staked now sits at the booby table
                assert set(self.restaked) <= set(booby), (f"re-staked {sorted(self.restaked)}, the booby table "
                                                          f"{booby}, exchanged {sorted(self.exchanged)}")  # fmt: skip
            assert entry.roles == tuple(f"table {next(t for t, ss in enumerate(self.seating) if s in ss)}"
                                        for s in range(self.players)), (entry.roles, self.seating)  # fmt: skip
            for seat in self.restaked:
                self.restakes[seat] += 1
            self.table, self.results, self.restaked, self.exchanged = 0, [], {}, set()
            truncated, self.bell_truncated = self.bell_truncated, False
        else:
            roles = entry.roles
            assert roles.count("dealer") == 1, roles
            dealer = roles.index("dealer")
            if self.dealer is not None:
                assert dealer == self.dealer, f"deal {entry.deal} dealt by p{dealer}, not p{self.dealer}"
            self.dealer = dealer
            self._hand_over()
            truncated = self.last_truncated
        assert entry.truncated == truncated, (entry, truncated)
        if entry.truncated:
            self.events["a truncated deal"] += 1
        self._clear()

    # -- comparing with the game ---------------------------------------------------------------------

    def check(self, game: Game) -> None:
        """Catch up with the records, then compare what they say with the game (and what
        every game's records owe the protocol: conformance.Reader)."""
        self.reader.check(game)
        self.catch_up(game)
        self._check_opening()
        table = self.seen_table(game)
        assert game.hands == table.hands, f"the records say the hands are {table.hands}, not {game.hands}"
        assert game.ledger.balances == self.balances, f"the payments say {self.balances}, not {game.ledger.balances}"
        on_table = Counter(c for h in table.hands for c in h) + Counter(table.thrown) + Counter(table.apart)
        assert Counter(game.cards_on_table()) == on_table, (game.cards_on_table(), table.hands, table.thrown)
        if game.is_over:
            self.events["a session played to its end"] += 1
            return
        obs = game.observation(0)
        if self.dealer is None or self.progressive:
            self.dealer = obs["dealer"]  # the first dealer, or the deal's as the records do not say
        assert obs["dealer"] == self.dealer, f"p{obs['dealer']} deals, not p{self.dealer}"
        self._check_turn(game, obs)
        if self.jack_pots:
            assert obs["opener"] == self.opener and obs["fattening"] == self.fattening, (obs, self.opener)
            assert list(obs["prepaid"]) == self.prepaid, (obs["prepaid"], self.prepaid)
        if self.buck_game and self.buck is not None:
            assert obs["buck"] == self.buck, (obs["buck"], self.buck)
        if self.progressive:
            assert obs["table"] == self.table, (obs["table"], self.table)
            assert [list(t) for t in obs["seating"]] == self.seating, (obs["seating"], self.seating)
            assert list(obs["yellow"]) == self.yellow and list(obs["restakes"]) == self.restakes
            assert all(not h or s in self.seating[self.table] for s, h in enumerate(game.hands))
            assert game.ledger.balances[BANKER] == -self.restake * sum(self.restakes)

    def _check_turn(self, game: Game, obs: dict[str, Any]) -> None:
        """Who says first, and when a seat may pass and keep his hand (:class:`Check`)."""
        legal = game.legal_actions()
        phase = game.phase
        checks = Check() in legal
        if self.jack_pots or self.name == "straight_poker" or (self.stud and not self.by_card):
            # a pass before any bet is made (jack pots: before the draw)
            assert checks == (phase == "bet" and not self.raised and not self.drew), (phase, legal[:3], self.raised)
        elif self.name == "draw_poker" or self.progressive:
            # English: after the draw a player makes good without adding until a bet (laws 53-54)
            assert checks == (phase == "bet" and self.drew and not self.bet_after_draw), (phase, legal[:3])
        else:
            assert not checks, f"{self.name}: Check is legal in the {phase} phase"
        if self.jack_pots:
            seat = game.to_act
            conceal = [a for a in legal if type(a).__name__ == "Conceal"]
            show = [a for a in legal if type(a).__name__ == "Show"]
            if phase == "show":
                assert len(conceal) == len(show) == 1 and len(legal) == 2, legal
            else:
                assert not show
                raised_on = obs["stakes"][seat] < max(obs["stakes"])  # the opener has a raise to meet
                wanted = phase == "bet" and seat == self.opener and not self.drew and raised_on
                assert bool(conceal) == wanted, (legal, self.opener)
        if not self.fresh or phase != "bet" or self.progressive or self.name == "draw_poker":
            return
        # the first say of a round: the best showing (Stud by card), the opener after the
        # draw (jack pots), else the dealer's left; the first of them holding counters
        live = [s for s in rotation(self.dealer, self.players) if s in self.live]
        cash = obs["balances"]
        if self.by_card:  # the best showing of those that may bet (one all in cannot)
            betting = [s for s in live if cash[s] > 0] or live
            first = max(betting, key=lambda s: (showing(self.up[s]), -live.index(s)))
        elif self.jack_pots and self.drew:
            first = self.opener
        else:
            first = (self.dealer + 1) % self.players
        order = [s for s in (*range(first, self.players), *range(first)) if s in self.live and cash[s] > 0]
        assert game.to_act == order[0], f"p{game.to_act} says first, not p{order[0]} ({self.up}, {cash})"
        self.events["a round's first say"] += 1


def rotation(dealer: int, players: int) -> list[int]:
    """Every seat in turn from the dealer's left, ending with him."""
    return [(dealer + k) % players for k in range(1, players + 1)]


def check_views(game: Game, witness: Witness) -> None:
    """The views say what the records say: each seat's observation shows its own hand as
    it holds it, ``up`` the cards dealt face up, ``shown`` the hands the records showed,
    never the jack-pot opener's discard under the chips unless he showed it; the card
    planes of ``encode(seat)`` (its own hand, then per seat from its own the cards face
    up or shown: pycards.games.poker.table) say the same. The public counts agree with
    the game. (That no view shows a card its seat was not shown: conformance.check_no_leak.)"""
    witness.check(game)
    table = witness.seen_table(game)
    players = game.players
    balances = game.ledger.balances
    for seat in range(players):
        obs = game.observation(seat)
        assert obs["seat"] == seat and obs["to_act"] == game.to_act and obs["deal_number"] == game.deal_number
        assert list(obs["balances"]) == [balances[f"p{s}"] for s in range(players)]
        assert obs["pool"] == balances[POOL]
        assert list(obs["cards"]) == [len(h) for h in game.hands]
        assert tuple(obs["hand"]) == tuple(game.hands[seat])
        up = {s: tuple(c) for s, c in obs["up"].items()}
        shown = {s: tuple(c) for s, c in obs["shown"].items()}
        assert up == {s: tuple(c) for s, c in enumerate(table.up) if c}, (up, table.up)
        assert shown == table.shown, (shown, table.shown)
        cards = set(obs["hand"]) | {c for v in up.values() for c in v} | {c for v in shown.values() for c in v}
        assert not cards & set(table.apart) - set(shown.get(table.opener, ())), "the discard under the chips"
        vector = game.encode(seat)
        own = set(np.flatnonzero(vector[:52]).tolist())
        assert own == set(obs["hand"]), (own, obs["hand"])
        for k in range(players):
            other = (seat + k) % players
            plane = set(np.flatnonzero(vector[52 + 52 * k: 104 + 52 * k]).tolist())
            assert plane == set(shown.get(other) or up.get(other, ())), (seat, other, plane)


# --------------------------------------------------------------------------------------
# Copies
# --------------------------------------------------------------------------------------


def check_same_table(game: Game, follower: Game, how: str, since: Optional[int] = None) -> None:
    """``follower`` is in the same state as ``game`` (conformance.check_same), and so are its
    table's hands, cards on the table and, while the session goes on, its pack (the cards to
    come)."""
    check_same(game, follower, how, since)
    assert follower.hands == game.hands and follower.cards_on_table() == game.cards_on_table(), how
    if not game.is_over:
        pack, twin = game.pack, follower.pack
        assert (pack.stock, pack.used, pack.shuffles) == (twin.stock, twin.used, twin.shuffles), f"{how}: the pack"


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


def play_checked(game: Game, witness: Witness, *actions: Action) -> list[Record]:
    """Apply ``actions`` in turn, with every step's checks (:func:`check_game`, the ledger
    from the session's start that ``witness`` read) before each and after the last; their
    records. The law tests play a deal the laws decide with it, so that a rule changed
    for one case is seen to leave the counters, the pack and the records sound."""
    records = []
    for action in actions:
        check_game(game, witness.initial, witness)
        records.append(game.apply(action))
    check_game(game, witness.initial, witness)
    return records


# --------------------------------------------------------------------------------------
# Hostile documents: what the strict test tampers with beyond the defaults
# --------------------------------------------------------------------------------------


def semantic(path: tuple) -> bool:
    """Whether a whole number at ``path`` of a poker document is one whose every value in
    range is checked against the rest of the document (counters, cards, seats of the state,
    actions): conformance.hostile_documents makes it one more and one less (``near``)."""
    return path[:2] in (("deal", "balances"), ("state", "balances"), ("state", "hands"), ("state", "stakes"),
                        ("state", "to_act"), ("state", "live"), ("deal", "carry")) or path[:1] == ("actions",)


def signed(path: tuple) -> bool:
    """Whether a whole number at ``path`` of a poker document may be negative (a deal's
    rewards): conformance.hostile_documents does not try -1 there."""
    return path[:2] == ("deal", "rewards")


ACTION_DOCUMENTS: list[Any] = [
    {"type": "Fold"}, {"type": "Call"}, {"type": "Raise", "by": 1}, {"type": "Discard", "cards": 0},
    {"type": "Discard", "cards": 31}, {"type": "Raise", "by": 10**6}, {"type": "Nothing"},
    {"type": "Raise", "by": 1, "intruder": 0}, {"type": "Raise"}, ["Raise", 1],
]  # fmt: skip
"""Actions to put in the place of each of a poker document's actions
(conformance.hostile_documents' ``actions``)."""
