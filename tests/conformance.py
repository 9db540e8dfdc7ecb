"""The driver protocol's conformance checks, for any game (docs/protocol.md, ``pycards.games.base``).

Every check takes any :class:`~pycards.games.base.Game` and reads only the public
protocol, plus the omniscient ``history()`` and ``to_dict()``; each raises
``AssertionError`` saying what went wrong. No check names a game or imports one:
tests/test_conformance.py runs them over every game of the registry, so a new game
gets all of them by registering in ``GAMES``. The poker and Vingt-un rule tests
use some of them too (tests/poker_checks.py, tests/test_poker_protocol.py,
tests/test_vingt_un_protocol.py).

* :class:`Reader` reads every record once, the full record and every seat's (and a
  spectator's) view of it, and checks as it reads: each view is the record with
  exactly the cards outside the viewer's audience masked (``None``); every card is
  one of ``info.pack``'s ids; payments move a positive whole amount between two
  parties; each ``DealEnded`` names the next deal, its rewards are the deal's
  payments, its decisions stay within ``info.max_decisions_per_deal``, and it is
  ``truncated`` only under a ``max_decisions`` bound it reached. :meth:`Reader.check`
  then holds the game to what the records say (:func:`check_ledger`, the results,
  ``deal_number``).
* :func:`check_ledger`: the ledger's total never changes, no party without credit
  goes below zero, each seat's payoff is the payments it made and received (rebuilt
  from the records), the ``DealEnded`` rewards add up to the payoffs, ``zero_sum()``
  sessions end at zero, ``payoff_bound()`` bounds every payoff, ``max_deals()`` the
  deals.
* :func:`check_turn`: ``to_act`` is ``None`` exactly when the session is over and
  nothing is legal; legal actions are distinct immutable values of the game's own
  classes that survive their dict form.
* :func:`check_codec`: ``legal_mask``, ``action_index``, ``action_from_index``,
  ``is_legal``, ``num_actions`` and ``encode`` agree with ``legal_actions()`` and
  ``info``.
* :func:`bad_actions`, :func:`check_refused`, :func:`check_queries_refused`: anything
  not legal now (wrong values, wrong field types, look-alike classes, non-actions,
  other games' actions, actions legal at another moment) raises
  ``IllegalActionError`` and changes nothing; so do queries with a bad seat, record
  index, action id or action.
* :func:`check_no_leak`: ``resample(seat)`` deals again every card the seat has not
  seen, and the seat sees no difference (observation, encoding, events, knowledge,
  its legal actions); ``reshuffled()`` deals again only what nobody saw, and no seat
  sees a difference. A card an observation, an encoding or an event shows a seat
  without its events having shown it to the seat is a card resampling renames.
* :func:`followers_of`, :func:`check_same`, :func:`check_isolated`: every way of
  copying a game goes on exactly like it, and a copy's actions never touch the
  original.
* :func:`check_read_only`: what a game hands out is a copy or read-only.
* :func:`hostile_documents`, :func:`check_hostile`, :func:`check_hostile_or_sound`:
  tampered ``to_dict()`` documents raise ``StateError`` (or, for the lenient check,
  load a game that passes the checks above), never another exception.
* :func:`random_terms`, :func:`choose`: random valid terms from ``Options.describe()``
  and a legal action chosen kind by kind, for the random sessions.

One convention beyond docs/protocol.md is assumed and checked: a seat's party in the
ledger is named ``p{seat}`` (:func:`party`). A party with credit that is not a seat
(a banker giving fresh stakes) is a lender: what it pays a seat is no winning of the
seat's (:func:`lenders`).
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import math
import pickle
import random
import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, Optional

import numpy as np

from hostile_values import HUGE, EqualsAll, EqualsRaises, IndexRaises, Unprintable
from pycards.errors import GameOptionError, IllegalActionError, StateError
from pycards.games import GAMES, game_class
from pycards.games.base import Action, Game
from pycards.games.engine.document import shown
from pycards.games.engine.knowledge import Knowledge
from pycards.games.engine.events import DealEnded, Dealt, Gathered, Moved, Note, Place, Record, Reshuffled, Shown
from pycards.settlement import Payment

__all__ = [
    "Reader", "Terms", "bad_actions", "bad_for_index", "bound_of", "check_codec", "check_codec_numbering",
    "check_hostile", "check_hostile_or_sound", "check_isolated", "check_ledger", "check_no_leak",
    "check_observations", "check_queries_refused", "check_read_only", "check_refused", "check_same",
    "check_sees_the_same", "check_sound", "check_turn", "choose", "codec_actions", "differences", "draw_option",
    "followers_of", "hostile_changes", "hostile_documents", "image", "key_or_none", "lenders", "lookalike",
    "non_actions", "numbers_blanked", "party", "random_terms", "restored", "retyped", "sample", "start",
    "wrong_values",
]  # fmt: skip

CARD_ENTRIES = (Dealt, Moved, Shown)
"""The record entries that carry cards and an audience (``seen_by``)."""


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


def party(seat: int) -> str:
    """Seat ``seat``'s party in the ledger (the one naming convention the checks assume)."""
    return f"p{seat}"


def lenders(game: Game) -> frozenset[str]:
    """The ledger's parties with credit that are no seat's (a banker giving fresh stakes):
    what they pay a seat is lent, not won."""
    seats = {party(s) for s in range(game.players)}
    return frozenset(p for p in game.ledger.credit if p not in seats)


def bound_of(game: Game) -> int:
    """The game's bound on decisions per deal, its ``max_decisions`` option (0: none, or the
    game has no such option)."""
    return getattr(game.options, "max_decisions", 0) or 0


_CODECS: dict[tuple[Any, ...], list[Action]] = {}


def codec_actions(game: Game) -> list[Action]:
    """Every action of the game's codec, in id order (kept per class, players and options)."""
    key = (type(game), game.players, game.options)
    found = _CODECS.get(key)
    if found is None:
        found = _CODECS[key] = [game.action_from_index(i) for i in range(game.num_actions)]
    return found


# --------------------------------------------------------------------------------------
# Random terms and random play
# --------------------------------------------------------------------------------------


class Terms(NamedTuple):
    """What ``new_game`` takes beside the name: players, seed, options and set-up arguments."""

    players: int
    seed: int
    options: dict[str, Any]
    setup: dict[str, Any]

    def describe(self) -> str:
        return f"players={self.players}, seed={self.seed}, options={self.options}, setup={self.setup}"


def _small_int(rng: random.Random, low: int, high: int) -> int:
    """A whole number in ``low..high``, mostly near ``low`` (short sessions, small counters),
    often up to a hundred more on a log scale, now and then anywhere on a log scale or the
    top (a session of a thousand deals whose deals take no decision is played out in one
    ``apply``: large values are kept rare)."""
    roll = rng.random()
    if roll < 0.55:
        return min(high, low + rng.choice((0, 0, 1, 1, 2, 3)))
    top = min(high, low + 100) if roll < 0.9 else high
    if roll < 0.97 and top > low:
        return low + min(top - low, int(math.exp(rng.uniform(0, math.log(top - low + 1)))) - 1)
    return top


def draw_option(field: Any, rng: random.Random) -> Any:
    """A random valid value of one option, as ``Options.describe()`` describes it."""
    if field.optional and field.kind != "choice" and rng.random() < 0.25:
        return None
    if field.kind == "int":
        return _small_int(rng, field.low, field.high)
    if field.kind == "bool":
        return rng.random() < 0.5
    return rng.choice(field.choices)


def _players(cls: type[Game], rng: random.Random) -> int:
    low, high = cls.MIN_PLAYERS, cls.MAX_PLAYERS
    if rng.random() < 0.95:
        return rng.randint(low, min(high, low + 4))
    return rng.randint(low, high)


def _setup(cls: type[Game], players: int, rng: random.Random) -> dict[str, Any]:
    """Set-up arguments of the constructor the protocol documents, when it takes them: the
    first dealer (``dealer``), now and then."""
    parameters = inspect.signature(cls.__init__).parameters
    if "dealer" in parameters and rng.random() < 0.3:
        return {"dealer": rng.randrange(players)}
    return {}


def random_terms(name: str, rng: random.Random) -> Terms:
    """Random valid terms of game ``name``: players mostly few, every option drawn from
    ``Options.describe()`` (left at its default now and then), ``max_decisions`` set to a
    small bound a third of the time when the options have it. The options' own rules
    between fields are met by drawing again: the options a ``GameOptionError`` names (or
    the players, when it names none) drawn afresh, then set to their defaults."""
    cls = game_class(name)
    fields = cls.Options.describe()
    players = _players(cls, rng)
    options = {f.name: draw_option(f, rng) for f in fields if rng.random() < 0.8}
    if "max_decisions" in {f.name for f in fields} and rng.random() < 0.35:
        options["max_decisions"] = rng.randint(1, players + 8)
    seed = rng.choice([rng.randrange(2**32), rng.randrange(-(2**255), 2**255)])
    for attempt in range(60):
        setup = _setup(cls, players, rng)
        try:
            cls(players, seed, **setup, **options)
        except GameOptionError as error:
            named = [f for f in fields if re.search(rf"\b{f.name}\b", str(error)) and f.name in options]
            if not named:
                players = _players(cls, rng) if attempt < 30 else min(max(4, cls.MIN_PLAYERS), cls.MAX_PLAYERS)
            for f in named:
                if attempt < 30:
                    options[f.name] = draw_option(f, rng)
                else:
                    del options[f.name]
            continue
        return Terms(players, seed, options, setup)
    raise AssertionError(f"{name}: no valid terms drawn in 60 attempts: players {players}, options {options}")


def start(name: str, terms: Terms) -> Game:
    """A new session of game ``name`` on ``terms``."""
    return game_class(name)(terms.players, terms.seed, **terms.setup, **terms.options)


def choose(rng: random.Random, legal: list[Action]) -> Action:
    """A legal action: a kind of action (its class) uniformly, then one of that kind, so that
    a kind with few values (a fold) comes as often as one with many (a raise)."""
    by_kind: dict[type, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(type(action), []).append(action)
    kind = rng.choice(list(by_kind))
    return rng.choice(by_kind[kind])


# --------------------------------------------------------------------------------------
# The records: read once, every view checked, the ledger rebuilt
# --------------------------------------------------------------------------------------


def _masked_like(entry: Any, seen: Any, visible: bool) -> bool:
    """Whether ``seen`` is ``entry`` as a viewer sees it: the same entry if ``visible``, else
    its card (or each card of a ``Shown``) ``None`` and everything else the same."""
    if visible:
        return seen == entry and type(seen) is type(entry)
    if type(seen) is not type(entry):
        return False
    if type(entry) is Shown:
        return seen == entry._replace(cards=(None,) * len(entry.cards))
    return seen == entry._replace(card=None)


class Reader:
    """Reads every record of a game once, the full record and every seat's and a spectator's
    view of it, checking each as it reads (see the module docstring), and keeps what the
    records say: each seat's payoff rebuilt from the payments, the ``DealEnded`` rewards
    added up, the payments of the deal in play, the deals ended (and those cut short), the
    decisions of the deal in play.

    A game read from its first record (a new session) is known whole; a game restored from
    a snapshot is read from there on, its payoffs then counted from what they were."""

    def __init__(self, game: Game) -> None:
        self.players = game.players
        self.viewers: list[Optional[int]] = [None, *range(game.players)]
        kept = len(list(game.history()))
        self.whole = game.records == kept
        """Whether the records from the session's start are all read (a new session)."""
        self.read = 0 if self.whole else game.records
        self.pack = frozenset(game.info.pack)
        self.parties = set(game.ledger.parties)
        self.lenders = lenders(game)
        self.total = game.ledger.total
        self.bound = bound_of(game)
        self.info_bound = game.info.max_decisions_per_deal
        self.payoff_bound, self.max_deals, self.zero_sum = game.payoff_bound(), game.max_deals(), game.zero_sum()
        self.seats_only = set(game.ledger.parties) == {party(s) for s in range(game.players)}
        zeros = [0] * game.players
        self.payoffs = zeros.copy() if self.whole else [game.payoffs()[s] for s in range(game.players)]
        """Each seat's payoff as the payments read say (from the snapshot's, for a restored game)."""
        self.rewards = zeros.copy()
        """The ``DealEnded`` rewards read, added up."""
        self.moving = zeros.copy()
        """Each seat's payments in the deal in play (known only from a deal's start on)."""
        self.deal_known = self.whole
        self.last: Optional[DealEnded] = None
        self.before = (game.rewards(), game.truncated)
        """The results as they were when reading began (a restored game's last deal's)."""
        self.next_deal = 0 if self.whole else game.deal_number - (not game.is_over)
        self.decisions = 0
        """The decisions of the deal in play so far."""
        self.deal_number = game.deal_number
        self.truncations = 0
        self.catch_up(game)
        if self.whole:
            first = next(game.history(), None)
            assert first is not None and first.seat is None and first.action is None, (
                f"a new session's first record is the session's own (seat and action None), not {first}")

    # -- reading ---------------------------------------------------------------------------

    def catch_up(self, game: Game) -> None:
        """Read the records made since the last call, checking every view against them."""
        kept = list(game.history())
        first = game.records - len(kept)
        full = kept[self.read - first:]
        assert list(game.history(self.read)) == full, "the history from a record is not the history's tail"
        views = {v: game.events(v, since=self.read) for v in self.viewers}
        for viewer, seen in views.items():
            assert len(seen) == len(full), f"{viewer}'s events hold {len(seen)} records, the history {len(full)}"
        assert game.events(None, since=game.records) == [], "events after the last record"
        for i, record in enumerate(full):
            self.read_record(game, record, {v: views[v][i] for v in self.viewers})
        self.read = game.records

    def read_record(self, game: Game, record: Record, views: dict[Optional[int], Record]) -> None:
        """Check one record and its views, and take what it tells."""
        assert (record.seat is None) == (record.action is None), f"a record of seat {record.seat}: {record.action}"
        if record.action is not None:
            assert type(record.seat) is int and 0 <= record.seat < self.players, record.seat
            assert type(record.action) in game.actions, record.action
            self.decisions += 1
        for viewer, view in views.items():
            self._check_view(record, view, viewer)
        for entry in record.entries:
            kind = type(entry)
            if kind in CARD_ENTRIES:
                self._check_cards(entry)
            elif kind is Payment:
                self._payment(entry)
            elif kind is DealEnded:
                self._deal_ended(entry, game)
            elif kind is Reshuffled:
                assert type(entry.cards) is int and entry.cards >= 1, entry
            elif kind is Gathered:
                assert type(entry.target) is Place, entry
            elif kind is Note:
                assert type(entry.text) is str and entry.text, entry
            else:
                raise AssertionError(f"an entry of no known kind: {entry!r}")

    def _check_view(self, record: Record, view: Record, viewer: Optional[int]) -> None:
        """``view`` is ``record`` as ``viewer`` may see it: every card outside its audience masked,
        nothing else changed; it is ``record.view(viewer)``."""
        assert view == record.view(viewer), f"{viewer}'s event is not record.view({viewer})"
        assert view.seat == record.seat and view.action == record.action, (viewer, view, record)
        assert len(view.entries) == len(record.entries), (viewer, view, record)
        for entry, seen in zip(record.entries, view.entries):
            if type(entry) in CARD_ENTRIES:
                visible = entry.seen_by is None or viewer in entry.seen_by
                assert _masked_like(entry, seen, visible), f"{viewer} sees {seen} of {entry}"
            else:
                assert seen == entry and type(seen) is type(entry), (viewer, seen, entry)

    def _check_cards(self, entry: Any) -> None:
        """A card entry names cards of the game's pack and an audience of seats."""
        cards = entry.cards if type(entry) is Shown else (entry.card,)
        for card in cards:
            assert type(card) is int and card in self.pack, f"{entry}: no card of the pack ({shown(card)})"
        audience = entry.seen_by
        assert audience is None or (type(audience) is tuple and len(set(audience)) == len(audience)
                                    and all(type(s) is int and 0 <= s < self.players for s in audience)), entry

    def _payment(self, entry: Payment) -> None:
        payer, payee, amount = entry.payer, entry.payee, entry.amount
        assert type(amount) is int and amount > 0 and payer != payee, entry
        assert payer in self.parties and payee in self.parties, f"{entry}: a party the ledger does not hold"
        if payer in self.lenders or payee in self.lenders:
            return  # lent (a fresh stake) or paid back: no seat's winning
        for name, sign in ((payer, -1), (payee, 1)):
            seat = self._seat_of(name)
            if seat is not None:
                self.payoffs[seat] += sign * amount
                self.moving[seat] += sign * amount

    def _seat_of(self, name: str) -> Optional[int]:
        match = re.fullmatch(r"p(\d+)", name)
        seat = int(match.group(1)) if match else None
        return seat if seat is not None and seat < self.players else None

    def _deal_ended(self, entry: DealEnded, game: Game) -> None:
        rewards = list(entry.rewards)
        assert entry.deal == self.next_deal, f"{entry}: the deal ending is deal {self.next_deal}"
        assert len(rewards) == self.players and all(type(r) is int for r in rewards), entry
        assert type(entry.truncated) is bool and len(entry.roles) == self.players, entry
        assert all(type(role) is str and role for role in entry.roles), entry
        if self.seats_only:
            assert sum(rewards) == 0, f"{entry}: only the seats hold counters, yet its rewards add up to {sum(rewards)}"
        if entry.truncated:
            assert self.bound, f"{entry}: a deal is truncated only under a bound on decisions (max_decisions)"
            self.truncations += 1
        if self.deal_known:
            assert rewards == self.moving, f"deal {entry.deal}: rewards {rewards}, its payments {self.moving}"
            assert self.decisions <= self.info_bound, (
                f"deal {entry.deal} took {self.decisions} decisions, info.max_decisions_per_deal is {self.info_bound}")
            if entry.truncated:
                assert self.decisions >= self.bound, (
                    f"deal {entry.deal} was cut short after {self.decisions} decisions, max_decisions {self.bound}")
        self.rewards = [a + b for a, b in zip(self.rewards, rewards)]
        self.moving = [0] * self.players
        self.decisions = 0
        self.deal_known = True
        self.next_deal += 1
        self.last = entry

    # -- comparing with the game -----------------------------------------------------------

    def check(self, game: Game) -> None:
        """Catch up with the records, then hold the game to them: :func:`check_ledger`, the
        results of the last deal, ``deal_number``."""
        self.catch_up(game)
        check_ledger(game, self)
        rewards = game.rewards()
        assert sorted(rewards) == list(range(game.players)) and all(type(v) is int for v in rewards.values())
        if self.last is not None:
            assert [rewards[s] for s in range(game.players)] == list(self.last.rewards), (rewards, self.last)
            assert game.truncated is self.last.truncated, (game.truncated, self.last)
        elif self.whole:
            assert set(rewards.values()) <= {0} and game.truncated is False, "results before any deal ended"
        else:
            assert (rewards, game.truncated) == self.before, "the results changed with no deal ended"
        assert type(game.deal_number) is int and game.deal_number >= self.deal_number, "deal_number went down"
        self.deal_number = game.deal_number
        assert game.deal_number == self.next_deal + (not game.is_over), (
            f"deal_number {game.deal_number}, deals ended {self.next_deal}, over {game.is_over}")
        assert game.deal_number <= self.max_deals, (game.deal_number, self.max_deals)
        assert (game.payoff_bound(), game.max_deals(), game.zero_sum()) == (
            self.payoff_bound, self.max_deals, self.zero_sum), "payoff_bound, max_deals or zero_sum changed"
        if game.truncated:
            assert self.bound, "truncated with no bound on decisions"


# --------------------------------------------------------------------------------------
# Counters, turns, the codec
# --------------------------------------------------------------------------------------


def check_ledger(game: Game, reader: Reader) -> None:
    """The ledger's total never changes and its balances are whole numbers, none below zero
    but a party's with credit; each seat's payoff is what the payments the records hold
    (but a lender's) gave it, and the ``DealEnded`` rewards plus the deal in play's payments
    add up to it; once the session is over the deal in play has paid nothing, and a
    ``zero_sum()`` session's payoffs add up to zero (the seats alone holding counters: at
    every moment); ``payoff_bound()`` bounds every payoff."""
    ledger = game.ledger
    balances = ledger.balances
    assert ledger.total == reader.total == sum(balances.values()), (balances, reader.total)
    assert set(balances) == reader.parties, f"the ledger's parties changed: {sorted(balances)}"
    for name in (party(s) for s in range(game.players)):
        assert name in balances, f"the ledger has no party {name} (a seat's party is named p<seat>)"
    credit = ledger.credit
    for name, value in balances.items():
        assert type(value) is int, (name, value)
        assert value >= 0 or name in credit, f"{name} holds {value}, without credit"
    payoffs = game.payoffs()
    assert sorted(payoffs) == list(range(game.players)) and all(type(v) is int for v in payoffs.values()), payoffs
    mine = [payoffs[s] for s in range(game.players)]
    assert mine == reader.payoffs, f"payoffs {mine}, the records' payments say {reader.payoffs}"
    if reader.whole:
        added = [a + b for a, b in zip(reader.rewards, reader.moving)]
        assert added == mine, f"the deals' rewards {reader.rewards} and this deal's payments {reader.moving}: {mine}"
    if reader.seats_only:
        assert sum(mine) == 0, f"the seats alone hold counters, yet the payoffs add up to {sum(mine)}"
    if game.is_over:
        assert reader.moving == [0] * game.players, f"payments after the last deal ended: {reader.moving}"
        if reader.zero_sum:
            assert sum(mine) == 0, f"a zero-sum session ended with payoffs {mine}"
    assert max(abs(v) for v in mine) <= reader.payoff_bound, (mine, reader.payoff_bound)


def check_turn(game: Game) -> None:
    """``to_act`` is ``None`` exactly when the session is over (then nothing is legal and the
    phase is ``"over"``); otherwise it is a seat with at least one legal action, all of them
    distinct immutable values of the game's own classes that survive their dict form."""
    legal = game.legal_actions()
    assert game.is_over == (game.to_act is None), (game.is_over, game.to_act)
    if game.is_over:
        assert legal == [], legal
        assert game.phase == "over", game.phase
        assert not game.is_legal(None)  # type: ignore[arg-type]
        return
    assert type(game.to_act) is int and 0 <= game.to_act < game.players, game.to_act
    assert legal, "a seat is to act with no legal action"
    assert game.phase != "over"
    assert len({a.key() for a in legal}) == len(legal) == len(set(legal)), "legal actions repeat"
    assert game.deal_number >= 1
    for action in sample(legal):
        assert type(action) in game.actions, action
        with_hash = hash(action)
        again = type(game).action_from_dict(json.loads(json.dumps(action.to_dict())))
        assert again == action and again.key() == action.key() and hash(again) == with_hash, (again, action)
        name = next((f.name for f in dataclasses.fields(action)), "extra")
        try:
            setattr(action, name, 0)
        except (AttributeError, TypeError):  # frozen (a slotted frozen dataclass's own check may raise TypeError)
            pass
        else:
            raise AssertionError(f"{shown(action)} can be changed")


def check_codec(game: Game) -> None:
    """The codec agrees with ``legal_actions()``: ``legal_mask()`` is true exactly at their
    ``action_index``; ``action_from_index(action_index(a)) == a``; ``is_legal(a)`` holds for
    each; ``num_actions == info.num_actions``; ``encode(seat)`` is a float32 vector of
    ``info.observation_size`` finite values, a new array each call (writing it changes no
    later encoding); ``info`` names the game and its players' range holds the table."""
    legal = game.legal_actions()
    mask = game.legal_mask()
    info = game.info
    assert info.num_actions == game.num_actions and info.name == game.name, (info, game.num_actions)
    assert info.min_players <= game.players <= info.max_players, (info, game.players)
    assert type(info.observation_size) is int and info.observation_size > 0, info
    assert type(mask) is np.ndarray and mask.dtype == np.bool_ and mask.shape == (game.num_actions,)
    ids = [game.action_index(a) for a in legal]
    assert len(set(ids)) == len(ids)
    assert set(np.flatnonzero(mask).tolist()) == set(ids), "legal_mask() and legal_actions() differ"
    for action, index in sample(list(zip(legal, ids))):
        assert type(index) is int and 0 <= index < game.num_actions, index
        again = game.action_from_index(index)
        assert type(again) is type(action) and again == action and again.key() == action.key()
        assert game.is_legal(action), action
    mask[:] = True
    assert (game.legal_mask() == np.isin(np.arange(game.num_actions), ids)).all(), "the mask is the game's own"
    for seat in range(game.players):
        vector = game.encode(seat)
        assert type(vector) is np.ndarray and vector.dtype == np.float32, type(vector)
        assert vector.shape == (info.observation_size,), (vector.shape, info.observation_size)
        assert np.isfinite(vector).all(), f"seat {seat}'s encoding holds {vector[~np.isfinite(vector)]}"
        first = vector.copy()
        vector[:] = -7.0
        assert (game.encode(seat) == first).all(), "writing an encoding changed a later one"


def check_observations(game: Game) -> None:
    """Every seat's observation is a dict of plain data (JSON values, tuples and named
    tuples), a fresh one each call, equal to the last; its ``knowledge`` is what the seat
    learns from its own views of the records since the pack was made up, read afresh (the
    game keeps it up to date record by record)."""
    for seat in range(game.players):
        seen = game.observation(seat)
        assert type(seen) is dict and all(type(k) is str for k in seen), type(seen)
        json.dumps(seen, default=list)
        again = game.observation(seat)
        assert again == seen and again is not seen, f"seat {seat}'s observation"
        if game._known_before is None:  # a restored game began with what its document said
            fresh = Knowledge(seat).learn_all(game.events(seat)[-len(game._records.since_pack()):])
            assert seen["knowledge"] == fresh.view(), (f"seat {seat}'s knowledge", seen["knowledge"], fresh.view())


def check_codec_numbering(game: Game) -> None:
    """Every id is an action of the game's classes whose id it is (the whole codec, or a
    sample of a large one)."""
    actions = codec_actions(game)
    assert len(actions) == game.num_actions
    for index in sample(list(range(len(actions))), 200):
        action = actions[index]
        assert type(action) in game.actions, action
        assert game.action_index(action) == index, (index, action)


# --------------------------------------------------------------------------------------
# Views: what resampling the unseen cards must not change
# --------------------------------------------------------------------------------------


def check_sees_the_same(game: Game, twin: Game, seat: Optional[int], how: str) -> None:
    """``seat`` (``None``: a spectator) sees no difference between ``game`` and ``twin``: its
    observation, encoding, events, knowledge, whose turn it is, and its legal actions when it
    is to act."""
    assert twin.to_act == game.to_act and twin.deal_number == game.deal_number, how
    assert twin.records == game.records, how
    mine, theirs = game.events(seat), twin.events(seat)
    if mine != theirs:
        where = next(i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b)
        raise AssertionError(f"{how}: seat {seat}'s events differ at record {where}: {mine[where]} / {theirs[where]}")
    assert game.knowledge(seat).to_dict() == twin.knowledge(seat).to_dict(), (
        f"{how}: seat {seat}'s knowledge", game.knowledge(seat).to_dict(), twin.knowledge(seat).to_dict())
    if seat is None:
        return
    seen, twin_seen = game.observation(seat), twin.observation(seat)
    assert seen == twin_seen and repr(seen) == repr(twin_seen), (
        f"{how}: seat {seat}'s observation", differences(seen, twin_seen))
    mine_vector, theirs_vector = game.encode(seat), twin.encode(seat)
    assert np.array_equal(mine_vector, theirs_vector), (
        f"{how}: seat {seat}'s encoding differs at {np.flatnonzero(mine_vector != theirs_vector).tolist()}")
    if game.to_act == seat:
        assert twin.legal_actions() == game.legal_actions(), f"{how}: seat {seat}'s legal actions"
        assert np.array_equal(twin.legal_mask(), game.legal_mask()), f"{how}: seat {seat}'s legal mask"


def check_no_leak(game: Game, rng: random.Random, seats: Optional[list[Optional[int]]] = None) -> None:
    """Honest views: for each of ``seats`` (by default every seat and a spectator),
    ``resample(seat)`` deals again every card the seat has not been shown, and the seat sees
    no difference (:func:`check_sees_the_same`); ``reshuffled()`` deals again only the cards
    no seat was shown, and no seat sees a difference. Neither copy has a snapshot, and each
    plays on."""
    viewers = [None, *range(game.players)] if seats is None else seats
    before = image(game)
    for seat in viewers:
        twin = game.resample(seat, rng)
        assert type(twin) is type(game) and twin is not game
        check_sees_the_same(game, twin, seat, f"resample({seat})")
        _no_snapshot(twin, f"resample({seat})")
        _plays_on(twin, rng)
    twin = game.reshuffled(rng)
    for seat in viewers:
        check_sees_the_same(game, twin, seat, "reshuffled()")
    _no_snapshot(twin, "reshuffled()")
    _plays_on(twin, rng)
    assert image(game) == before, "resampling changed the game"


def _no_snapshot(twin: Game, how: str) -> None:
    try:
        twin.to_dict()
    except StateError:
        return
    raise AssertionError(f"a copy made by {how} has a snapshot")


def _plays_on(game: Game, rng: random.Random, moves: int = 3) -> None:
    """A few legal actions, each carried out."""
    for _ in range(moves):
        if game.is_over:
            return
        game.apply(choose(rng, game.legal_actions()))
        check_turn(game)


# --------------------------------------------------------------------------------------
# Illegal actions and bad queries
# --------------------------------------------------------------------------------------

_LOOKALIKES: dict[tuple[type, str], type] = {}


def lookalike(cls: type, kind: str = "subclass") -> type:
    """A class that looks like the action class ``cls`` but is not it, so never legal:
    ``"subclass"``, a subclass with the same fields; ``"sibling"``, another action class of
    the same name and fields; ``"liar"``, a subclass equal to everything."""
    found = _LOOKALIKES.get((cls, kind))
    if found is not None:
        return found
    if kind == "sibling":
        found = dataclasses.make_dataclass(cls.__name__, [(f.name, f.type) for f in dataclasses.fields(cls)],
                                           bases=(Action,), frozen=True, slots=True)  # fmt: skip
        found.__module__ = cls.__module__
    else:
        space: dict[str, Any] = {}
        if kind == "liar":
            space = {"__eq__": lambda self, other: True, "__hash__": lambda self: hash(cls.__name__)}
        found = dataclasses.dataclass(frozen=True, slots=True, eq=kind != "liar")(type(cls.__name__, (cls,), space))
    _LOOKALIKES[(cls, kind)] = found
    return found


def _copy_as(action: Action, cls: type) -> Action:
    return cls(**{f.name: getattr(action, f.name) for f in dataclasses.fields(action)})


def retyped(action: Action) -> list[Action]:
    """``action`` with each field holding a value of another type equal to it or standing for
    it (1.0, True, a NumPy scalar or its text for 1; 1, NumPy's bool or its text for True;
    ``None``)."""
    found: list[Action] = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if type(value) is bool:
            others: list[Any] = [int(value), np.bool_(value), str(value)]
        elif type(value) is int:
            others = [float(value), np.int64(value), str(value)] + ([bool(value)] if value in (0, 1) else [])
        elif type(value) is str:
            others = [value.encode(), np.str_(value)]
        else:
            others = []
        others.append(None)
        found.extend(dataclasses.replace(action, **{field.name: other}) for other in others)
    return found


def wrong_values(game: Game) -> list[Action]:
    """Actions of the game's classes whose values are outside every domain of its codec: for
    each class and each whole-number field, one less than the least value, one more than the
    most, -1, and huge ones either side; for a text field, texts it never takes."""
    found: list[Action] = []
    by_kind: dict[type, list[Action]] = {}
    for action in codec_actions(game):
        by_kind.setdefault(type(action), []).append(action)
    known = {a.key() for a in codec_actions(game)}
    for kind, actions in by_kind.items():
        for field in dataclasses.fields(kind):
            values = [getattr(a, field.name) for a in actions]
            if all(type(v) is int for v in values):
                others: list[Any] = [min(values) - 1, max(values) + 1, -1, 2**70, -(10**5000)]
            elif all(type(v) is str for v in values):
                others = ["", "no such value", values[0].upper() + "!"]
            else:
                continue
            for other in others:
                wrong = dataclasses.replace(actions[0], **{field.name: other})
                if wrong.key() not in known:
                    found.append(wrong)
    return found


_FOREIGN: dict[type, list[Action]] = {}


def _foreign_actions(game: Game) -> list[Action]:
    """A few actions of every other registered game (kept per class)."""
    found = _FOREIGN.get(type(game))
    if found is None:
        found = _FOREIGN[type(game)] = []
        for name in sorted(GAMES):
            cls = game_class(name)
            if cls is not type(game):
                found += sample(codec_actions(cls(cls.MIN_PLAYERS, 0)), 8)
    return found


def non_actions(game: Game) -> list[object]:
    """Things that are not actions: None, numbers, a class name, a class, an action's dict
    and tuple forms, a list holding an action, a plain object, hostile values (equal to
    everything, whose ``==`` or ``repr`` raises, a huge int)."""
    example = codec_actions(game)[0]
    return [None, 3, 2.5, True, type(example).__name__, type(example), example.to_dict(),
            (type(example).__name__, *dataclasses.astuple(example)), [example], object(), Action,
            EqualsAll(), EqualsRaises(), Unprintable(), HUGE]  # fmt: skip


def bad_for_index(game: Game) -> list[object]:
    """Things ``action_index`` must refuse: wrong values, wrong field types, look-alike
    classes, non-actions."""
    pool: list[object] = [*wrong_values(game), *non_actions(game)]
    for action in sample(codec_actions(game), 12):
        pool += retyped(action)
        pool += [_copy_as(action, lookalike(type(action), kind)) for kind in ("subclass", "sibling", "liar")]
    return pool


def bad_actions(game: Game) -> list[object]:
    """Things to apply that are not legal now: actions of wrong values, of wrong field types
    (each legal action's fields retyped), look-alike classes of the legal ones (a subclass,
    a sibling of the same name, a subclass equal to everything), non-actions, other games'
    actions, and the actions of the codec not legal now (legal at another moment: a sample,
    and the last 80 ids); after the session is over, every one of them."""
    pool: list[object] = [*wrong_values(game), *non_actions(game), *_foreign_actions(game)]
    codec = codec_actions(game)
    step = max(1, len(codec) // 60)
    pool += codec[::step] + codec[-80:]
    for action in game.legal_actions()[:40]:
        pool += retyped(action)
        pool += [_copy_as(action, lookalike(type(action), kind)) for kind in ("subclass", "sibling", "liar")]
    legal = {a.key() for a in game.legal_actions()}
    return [a for a in pool if key_or_none(a) not in legal or type(a) not in game.actions]


def _views(game: Game) -> list[Any]:
    """Every seat's observation, encoding and view of the last record kept."""
    last = max(game.records - 1, _first_kept(game))
    return [(game.observation(s), game.encode(s).tobytes(), game.events(s, since=last))
            for s in range(game.players)]  # fmt: skip


def check_refused(game: Game, *actions: object) -> None:
    """Applying each of ``actions`` (none legal now) raises IllegalActionError (a ValueError
    with a message) and leaves the game as it was: its document, its records, its legal
    actions, every seat's views."""
    before, records, seen = image(game), game.records, _views(game)
    legal = game.legal_actions()
    for action in actions:
        assert not game.is_legal(action), f"is_legal({shown(action)})"
        try:
            game.apply(action)  # type: ignore[arg-type]
        except IllegalActionError as error:
            assert isinstance(error, ValueError) and str(error), f"refusing {shown(action)}: no message"
        else:
            raise AssertionError(f"{shown(action)} was applied, though not legal")
        assert image(game) == before, f"refusing {shown(action)} changed the game"
        assert game.records == records and game.legal_actions() == legal, f"refusing {shown(action)} changed the game"
    assert _views(game) == seen, "refusing an action changed a seat's views"


def _refuses(call: Callable[[], Any], what: str) -> None:
    try:
        call()
    except IllegalActionError as error:
        assert isinstance(error, ValueError) and str(error), what
    else:
        raise AssertionError(f"{what} did not raise IllegalActionError")


def check_queries_refused(game: Game) -> None:
    """Queries out of range raise IllegalActionError (a ValueError): a seat that is not one
    (observation, encode, events, knowledge, resample: -1, ``players``, a bool, a float, a
    text; ``None`` where no spectator is meant), a record index out of range or not a whole
    number, an action id out of range or not a whole number, the index of something that is
    not an action of the game; ``resample`` refuses an rng that is none."""
    players = game.players
    seats: list[object] = [-1, players, True, False, 1.0, 0.0, "0", 2**70, HUGE, EqualsAll(), IndexRaises(),
                           Unprintable()]  # fmt: skip
    for seat in (*seats, None):
        for query in (game.observation, game.encode):
            _refuses(lambda: query(seat), f"{query.__name__}({shown(seat)})")  # type: ignore[arg-type]
    for seat in seats:
        _refuses(lambda: game.knowledge(seat), f"knowledge({shown(seat)})")  # type: ignore[arg-type]
        _refuses(lambda: game.resample(seat, 0), f"resample({shown(seat)}, 0)")  # type: ignore[arg-type]
        _refuses(lambda: game.events(seat), f"events({shown(seat)})")  # type: ignore[arg-type]
    first = _first_kept(game)
    for since in (first - 1, game.records + 1, 1.0, True, "0", -(10**400), EqualsAll(), IndexRaises()):
        _refuses(lambda: game.events(0, since=since), f"events(0, since={shown(since)})")  # type: ignore[arg-type]
        _refuses(lambda: game.history(since), f"history({shown(since)})")  # type: ignore[arg-type]
    for rng in (1.5, "7", None, [1], 2**300):
        try:
            game.resample(0, rng)  # type: ignore[arg-type]
        except ValueError:
            pass
        else:
            raise AssertionError(f"resample(0, {shown(rng)}) did not raise")
    for index in (-1, game.num_actions, 1.0, True, None, "0", 10**400, np.float64(0), IndexRaises(), EqualsAll()):
        _refuses(lambda: game.action_from_index(index), f"action_from_index({shown(index)})")  # type: ignore[arg-type]
    for action in bad_for_index(game):
        _refuses(lambda: game.action_index(action), f"action_index({shown(action)})")  # type: ignore[arg-type]


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
        assert follower is not game, how
    return found


def _first_kept(game: Game) -> int:
    """The index of the first record the game keeps (0, or the snapshot it was restored from)."""
    return game.records - len(list(game.history()))


def check_same(game: Game, follower: Game, how: str, since: Optional[int] = None) -> None:
    """``follower`` is in the same state as ``game``: the same document (with the history, when
    both keep it), turn, legal actions and mask, counts, results and ledger, every seat's
    observation and encoding, and the same events for every seat and a spectator from record
    ``since`` (by default from the first both keep); by default (a copy just taken, or a
    session's end), every seat's and a spectator's knowledge too (later, the same events keep
    it the same)."""
    mine, theirs = game.to_dict(), follower.to_dict()
    assert json.dumps(mine, sort_keys=True) == json.dumps(theirs, sort_keys=True), (how, differences(mine, theirs))
    if _first_kept(game) == _first_kept(follower) == 0:  # both keep the session's every action
        mine, theirs = game.to_dict(history=True), follower.to_dict(history=True)
        assert mine == theirs, (f"{how}: the history", differences(mine, theirs))
    assert follower.to_act == game.to_act and follower.deal_number == game.deal_number, how
    assert follower.is_over == game.is_over and follower.phase == game.phase, how
    assert follower.records == game.records and follower.truncated == game.truncated, how
    assert follower.legal_actions() == game.legal_actions(), how
    assert np.array_equal(follower.legal_mask(), game.legal_mask()), how
    assert follower.rewards() == game.rewards() and follower.payoffs() == game.payoffs(), how
    assert follower.ledger.balances == game.ledger.balances, how
    for seat in range(game.players):
        mine_seen, theirs_seen = game.observation(seat), follower.observation(seat)
        assert theirs_seen == mine_seen, (f"{how}: seat {seat}'s observation", differences(mine_seen, theirs_seen))
        assert np.array_equal(follower.encode(seat), game.encode(seat)), f"{how}: seat {seat}'s encoding"
    if since is None:
        since = max(_first_kept(game), _first_kept(follower))
        for seat in (None, *range(game.players)):
            assert follower.knowledge(seat).to_dict() == game.knowledge(seat).to_dict(), f"{how}: {seat}'s knowledge"
    for seat in (None, *range(game.players)):
        assert follower.events(seat, since=since) == game.events(seat, since=since), f"{how}: {seat}'s events"


def check_isolated(game: Game, rng: random.Random, moves: int = 4) -> None:
    """A copy's actions never touch the original: each way of copying a game, played on a
    few moves, leaves the original's document, records and views as they were."""
    before, records, seen = image(game), game.records, _views(game)
    for how, follower in followers_of(game):
        _plays_on(follower, rng, moves)
        assert image(game) == before and game.records == records, f"playing on a copy ({how}) changed the original"
    assert _views(game) == seen, "playing on a copy changed the original's views"


# --------------------------------------------------------------------------------------
# What a game hands out is a copy or read-only
# --------------------------------------------------------------------------------------

PROTOCOL_PROPERTIES = ("to_act", "is_over", "deal_number", "truncated", "phase", "ledger", "info", "records",
                       "num_actions", "codec")  # fmt: skip


def vandalize(value: Any) -> None:
    """Change every mutable part of ``value`` in place (lists, dicts, sets, arrays), the
    innermost first."""
    if isinstance(value, dict):
        for item in list(value.values()):
            vandalize(item)
        value.clear()
        value["vandal"] = None
    elif isinstance(value, (list, tuple)):
        for item in value:
            vandalize(item)
        if isinstance(value, list):
            value.clear()
            value.append("vandal")
    elif isinstance(value, set):
        value.clear()
    elif isinstance(value, np.ndarray) and value.flags.writeable:
        value.fill(-3)


def check_read_only(game: Game) -> None:
    """The protocol's properties cannot be set; the ledger view cannot pay nor be changed, and
    the balances it gives are a copy; changing what the game hands out (legal actions,
    observations, encodings, events, knowledge, documents, results) changes nothing of it."""
    for name in PROTOCOL_PROPERTIES:
        try:
            setattr(game, name, getattr(game, name))
        except AttributeError:
            pass
        else:
            raise AssertionError(f"the property {name} can be set")
    ledger = game.ledger
    assert not hasattr(ledger, "pay") and not hasattr(ledger, "apply"), "the ledger view can pay"
    for name in ("balances", "total"):
        try:
            setattr(ledger, name, {})
        except AttributeError:
            pass
        else:
            raise AssertionError(f"the ledger view's {name} can be set")
    before, seen = image(game), _views(game)
    knowledge = [game.knowledge(s).to_dict() for s in (None, *range(game.players))]
    results = (game.rewards(), game.payoffs(), game.legal_actions())
    handed = [ledger.balances, game.legal_actions(), game.to_dict(), game.to_dict(history=True), game.rewards(),
              game.payoffs(), *[game.observation(s) for s in range(game.players)],
              *[game.encode(s) for s in range(game.players)], *[game.events(s) for s in (None, *range(game.players))],
              *[game.knowledge(s).to_dict() for s in (None, *range(game.players))], game.legal_mask()]  # fmt: skip
    for value in handed:
        vandalize(value)
    assert image(game) == before, "changing what the game handed out changed the game"
    assert _views(game) == seen, "changing what the game handed out changed a seat's views"
    assert [game.knowledge(s).to_dict() for s in (None, *range(game.players))] == knowledge
    assert (game.rewards(), game.payoffs(), game.legal_actions()) == results


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


def _clone(doc: dict) -> dict:
    """A deep copy of a JSON document (faster than ``copy.deepcopy``)."""
    return json.loads(json.dumps(doc))


def _with(doc: dict, path: tuple, change: Callable[[Any, Any], None]) -> Callable[[], dict]:
    """What makes a deep copy of ``doc`` with ``change(parent, key)`` done at ``path``."""

    def make() -> dict:
        twin = _clone(doc)
        change(_at(twin, path[:-1]), path[-1])
        return twin

    return make


def _top(doc: dict, key: str, value: Any) -> Callable[[], dict]:
    """What makes a deep copy of ``doc`` with its top field ``key`` set to ``value``."""
    return lambda: {**_clone(doc), key: value}


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
        equal = [float(value)] + ([bool(value)] if value in (0, 1) else [])
        return [str(value), None, [value], {"value": value}], equal
    if type(value) is str:
        return [None, 0, [value], value.encode()], []
    if value is None:
        return [0, False, "None", []], []
    if type(value) is list:
        return ([None, {}, 0] if value else [None, {}, 0, "[]"]), []
    if type(value) is dict:
        return [None, [], list(value.items()), 0], []
    return [None], []


def _is_action_list(value: Any) -> bool:
    return type(value) is list and bool(value) and all(type(v) is dict and "type" in v for v in value)


def _action_changes(item: dict, others: list[Any]) -> list[Any]:
    """Action documents to put in ``item``'s place: ``others``, and ``item`` with an unknown
    type, an unknown field, its fields left out, as a list, its whole numbers made huge."""
    found = list(others) + [{"type": "Nothing"}, {**item, "intruder": 0}, [item["type"], *list(item.values())[1:]]]
    if len(item) > 1:
        found.append({"type": item["type"]})
    for key, value in item.items():
        if type(value) is int:
            found.append({**item, key: 10**6})
    return [other for other in found if other != item]


def hostile_documents(doc: dict, equal_values: bool = False, near: Callable[[tuple], bool] = lambda path: True,
                      actions: Optional[list[Any]] = None, signed: Callable[[tuple], bool] = lambda path: False,
                      ) -> Iterator[tuple[str, dict]]:  # fmt: skip
    """The documents of :func:`hostile_changes`, each named."""
    for name, make in hostile_changes(doc, equal_values, near, actions, signed):
        yield name, make()


def hostile_changes(doc: dict, equal_values: bool = False, near: Callable[[tuple], bool] = lambda path: True,
                    actions: Optional[list[Any]] = None, signed: Callable[[tuple], bool] = lambda path: False,
                    ) -> Iterator[tuple[str, Callable[[], dict]]]:  # fmt: skip
    """Tampered versions of a valid document ``doc`` (from ``to_dict``, as JSON values),
    each named. By default: every field missing; every field of another type unequal to
    its value (a string of digits, ``None``, a list...); every whole number made huge, or
    -1 but at a path ``signed`` accepts (a number that may be negative), and those at a path
    ``near`` accepts one more or less; an unknown field added
    to every object; every list cut short, given one more item, or its last item made a
    copy of its first (a card twice); in every object of whole numbers (the balances) a
    counter moved between two of its fields, or one more; every action of a list of
    actions changed for each of ``actions`` (action documents; by default none but those
    made from the action itself: an unknown type or field, its fields left out, a list, a
    huge number) or left out; the seed changed, the state the same; the game and the
    version changed. With ``equal_values``: only every field given a value of another type
    that ``==`` its own (``1.0`` or ``True`` for ``1``, ``1`` for ``True``), which JSON
    keeps apart. Each comes named, with what makes it (documents are made on demand: a
    caller may try a sample)."""
    for path, value in _paths(doc):
        if not path:
            continue
        where = ".".join(map(str, path))
        unequal, equal = _retype(value)
        if equal_values:
            for other in equal:
                yield f"{where} = {shown(other)}", _with(doc, path, _set(other))
            continue
        parent = _at(doc, path[:-1])
        if isinstance(parent, dict) and path != ("history",):
            yield f"{where} missing", _with(doc, path, _delete)
        for other in unequal:
            yield f"{where} = {other!r:.40}", _with(doc, path, _set(other))
        if type(value) is int:
            others = [10**5000, -(10**400), 2**63, 2**256 + 1]
            if not signed(path):
                others.append(-1)
            if near(path):
                others += [value + 1, value - 1]
            for other in others:
                if other != value:
                    text = other if abs(other) < 2**300 else "a huge int"
                    yield f"{where} = {text}", _with(doc, path, _set(other))
        if isinstance(value, dict):
            yield f"{where} with an unknown field", _with(doc, path, lambda p, k: p[k].__setitem__("intruder", 0))
            yield from _counters_moved(doc, path, value, where)
        if isinstance(value, list) and value:
            yield f"{where} cut short", _with(doc, path, lambda p, k: p[k].pop())
            yield f"{where} with one more", _with(doc, path, lambda p, k: p[k].append(p[k][-1]))
            if len(value) > 1 and all(type(v) is int for v in value) and value[-1] != value[0]:
                yield f"{where} with its first item twice", _with(doc, path, lambda p, k: p[k].__setitem__(-1, p[k][0]))
        if _is_action_list(value):
            for i, item in enumerate(value):
                for other in _action_changes(item, actions or []):
                    yield f"{where}[{i}] = {other}", _with(doc, (*path, i), _set(other))
                yield f"{where}[{i}] left out", _with(doc, (*path, i), _delete)
    if equal_values:
        return
    yield "an unknown top field", _top(doc, "intruder", {})
    if type(doc.get("seed")) is int:
        for seed in (doc["seed"] + 1, doc["seed"] ^ (1 << 40), -doc["seed"] - 1):
            yield f"seed = {seed}", _top(doc, "seed", seed)
    for other in sorted(GAMES):
        if other != doc.get("game"):
            yield f"game = {shown(other)}", _top(doc, "game", other)
    if type(doc.get("version")) is int:
        for version in (doc["version"] - 1, doc["version"] + 1, str(doc["version"]), True, None):
            yield f"version = {version!r}", _top(doc, "version", version)


def _counters_moved(doc: dict, path: tuple, value: dict, where: str) -> Iterator[tuple[str, Callable[[], dict]]]:
    """In an object of two or more whole numbers (the balances): a counter moved between each
    two neighbouring fields (the last to the first too), and one counter more in the first."""
    names = list(value)
    if len(names) < 2 or not all(type(v) is int for v in value.values()):
        return

    def moved(a: str, b: str, amount: int = 1) -> Callable[[], dict]:
        def make() -> dict:
            twin = _clone(doc)
            _at(twin, path)[a] -= amount
            if b:
                _at(twin, path)[b] += amount
            return twin

        return make

    for a, b in zip(names, names[1:] + names[:1]):
        if value[a] > 0:
            yield f"{where}: one counter moved from {a} to {b}", moved(a, b)
    yield f"{where}: a counter more", moved(names[0], "", -1)


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


def check_hostile_or_sound(cls: type[Game], name: str, doc: dict, rng: random.Random) -> list[str]:
    """``cls.from_dict(doc)`` of the tampered ``doc``: raises StateError (a ValueError) whose
    message names the document's field (it begins ``document``), or loads a game that is
    sound: it is the state its own document says, and plays on a few moves with every check
    (:func:`check_sound`). Never another exception. The failures found, described."""
    try:
        game = cls.from_dict(doc)
    except StateError as error:
        if not isinstance(error, ValueError) or not str(error).startswith("document"):
            return [f"{name}: StateError not naming a field: {error}"]
        return []
    except Exception as error:  # noqa: BLE001
        return [f"{name}: {type(error).__name__} (not StateError): {error!s:.200}"]
    try:
        check_sound(game, rng)
    except Exception as error:  # noqa: BLE001  # an AssertionError, or a driver's own
        return [f"{name}: accepted, but the game is not sound: {type(error).__name__}: {error!s:.300}"]
    return []


def check_sound(game: Game, rng: random.Random, moves: int = 6) -> None:
    """A game (just loaded) is consistent: its document loads again as itself, and a few moves
    on it pass every step's checks (the records read, the ledger, the turn, the codec)."""
    again = restored(game)
    check_same(game, again, "from_dict(to_dict()) of a loaded document")
    reader = Reader(game)
    for _ in range(moves + 1):
        reader.check(game)
        check_turn(game)
        check_codec(game)
        if game.is_over:
            return
        game.apply(choose(rng, game.legal_actions()))
