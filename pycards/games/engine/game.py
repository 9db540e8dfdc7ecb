"""The driver protocol, version 2: what every game offers (docs/protocol.md).

A driver is a state machine a program steps through one decision at a time,
over a *session* of *deals* (docs/rules.md section 6.1):

* **Whose move.** ``game.to_act`` is the seat to decide (``None`` once the
  session is over) and ``game.legal_actions()`` every action it may take, as
  immutable values. ``game.apply(action)`` carries one out, deals what chance
  brings, settles what is due and returns the :class:`Record` of it. An action
  that is not legal now raises :class:`IllegalActionError` (a ``ValueError``)
  and changes nothing. Legality is decided by the action's exact class and the
  exact types and values of its fields, never by its own ``__eq__``.
* **Views.** ``observation(seat)`` is what that seat may know now;
  ``events(seat, since=k)`` its view of every record from index ``k``
  (``record.view(seat)``). Only the omniscient side (a server, the tests) reads
  the full records, ``to_dict()`` or the hands.
* **Deals and sessions.** ``deal_number`` counts the deals begun; a
  :class:`~pycards.games.engine.events.DealEnded` entry closes each deal;
  ``rewards()`` is each seat's result in the last completed deal and
  ``payoffs()`` in the session. ``truncated`` says whether the last deal was cut
  short by the bound on decisions per deal.
* **Codec.** ``num_actions``, ``action_index(a)``, ``action_from_index(i)``,
  ``legal_mask()`` and ``encode(seat)`` give integer actions and a fixed-length
  observation vector for learning loops.
* **State.** ``copy()`` costs O(state); ``to_dict()`` is a snapshot whose size
  does not grow with the session (``history=True`` adds the actions, to replay);
  ``from_dict()`` checks everything and raises :class:`StateError` naming the
  first problem; ``copy.copy``, ``copy.deepcopy`` and pickle use these paths.
  The snapshot holds the seed, which decides every future card: it is for the
  server side, never for a client.
* **Threads.** One game belongs to one thread at a time (or is used under a
  lock); a game entered from two threads at once raises
  :class:`ConcurrentUseError` in one of them, or (if the calls interleave
  between the checks) raises another error or gives a wrong result, but
  never crashes.

:class:`Action`, :func:`action_key` and :class:`GameInfo` are the engine's
(:mod:`pycards.games.engine.actions`, which the engine's modules import instead
of this one); :mod:`pycards.games.base` re-exports this module's names, the same objects.
"""

from __future__ import annotations

import math
import random
import threading
from collections import Counter, OrderedDict
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import fields
from typing import TYPE_CHECKING, Any, ClassVar, Optional, TypeVar, cast

from pycards.errors import GameOptionError, IllegalActionError, StateError
from pycards.games.engine.actions import Action, GameInfo, action_key
from pycards.games.engine.codec import Codec, Domains
from pycards.games.engine.document import plain_object, shown
from pycards.games.engine.chance import KnowledgeError, check_knowledge, relabelling
from pycards.games.engine.events import Place, Record, makes_up_pack, relabelled
from pycards.games.engine.knowledge import Knowledge, Sight, place_key
from pycards.games.engine.options import Options
from pycards.games.engine.options import Options as OptionsBase

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pycards.games.engine.pack import Pack
    from pycards.settlement import LedgerView

__all__ = [
    "MAX_SEED_BITS", "OVER", "Action", "ConcurrentUseError", "Game", "GameInfo", "IllegalActionError", "Options",
    "Record", "StateError", "action_key", "check_seed",
]  # fmt: skip


MAX_SEED_BITS = 256
"""The largest seed, in bits (either sign): every seed a game takes survives its snapshot."""


def check_seed(seed: object, what: str = "the seed", error: type[ValueError] = GameOptionError) -> int:
    """``seed`` if it is an int of at most :data:`MAX_SEED_BITS` bits, else ``error`` naming it
    (``what``: the seed, as the message calls it). Every seed pycards takes is checked here."""
    if type(seed) is not int or seed.bit_length() > MAX_SEED_BITS:
        raise error(f"{what} must be an int of at most {MAX_SEED_BITS} bits, not {shown(seed)}")
    return seed


def _chance(rng: object) -> random.Random:
    """``rng`` if it is a ``random.Random``, else one seeded by the int ``rng`` (GameOptionError
    naming anything else)."""
    if isinstance(rng, random.Random):
        return rng
    if type(rng) is not int:
        raise GameOptionError(f"rng must be a random.Random or an int seed, not {shown(rng)}")
    return random.Random(check_seed(rng, "rng"))


class ConcurrentUseError(RuntimeError):
    """A game was entered from a second thread while a first was still in ``apply``."""


CODECS_KEPT = 64
"""The most codecs kept for reuse across games (the most recently used): each is made from an
action domain, and a server or a sweep over many options may meet many."""
_CODECS: OrderedDict[tuple[Any, ...], Codec] = OrderedDict()
_CODECS_LOCK = threading.Lock()


def _codec_of(domains: Domains) -> Codec:
    """The codec of ``domains``: one kept from an earlier game with the same domains (each
    action class and its fields' values decide it), or a new one, kept among the
    :data:`CODECS_KEPT` most recently used."""
    key = tuple((kind, tuple((name, values if isinstance(values, range) else tuple(values))
                             for name, values in fields.items())) for kind, fields in domains)  # fmt: skip
    with _CODECS_LOCK:
        codec = _CODECS.get(key)
        if codec is not None:
            _CODECS.move_to_end(key)
            return codec
    codec = Codec([(kind, dict(fields)) for kind, fields in key])
    with _CODECS_LOCK:
        _CODECS[key] = codec
        while len(_CODECS) > CODECS_KEPT:
            _CODECS.popitem(last=False)
    return codec


OVER = "over"
"""The phase of every game whose session has ended."""
RESAMPLE_TRIES = 1000
"""The most draws :meth:`Game.resample` makes for a renaming that fits what the seats were told
(:meth:`Game._fits`); past them it keeps the last (a search then treats it as possible)."""

_G = TypeVar("_G", bound="Game")


class Game(ABC):
    """Base of the game drivers (the module docstring gives the protocol)."""

    name: ClassVar[str]
    Options: ClassVar[type[Options]]
    actions: ClassVar[tuple[type[Action], ...]]
    """The game's action classes, in codec order."""
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    """The fewest and most seats the game allows (``info`` says so for given options)."""
    _action_set: ClassVar[frozenset[type]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._action_set = frozenset(getattr(cls, "actions", ()))

    players: int
    options: OptionsBase
    _busy: bool
    _records: Any  # a History

    @abstractmethod
    def __init__(self, players: int = 4, seed: int = 0, **options: Any) -> None:
        """A new session for ``players`` seats, its chance seeded by ``seed``, on ``options``."""

    def new_session(self: _G, seed: int) -> _G:
        """A new session at this table, its chance seeded by ``seed``: the game ``new_game``
        makes from this one's players, options and set-up arguments (``dealer``, ``top``...;
        a game restored from a snapshot has none). A game may make it faster, checking only
        the seed and sharing what the players and options alone decide: a simulator or an
        environment starting session after session calls this.
        """
        check_seed(seed)
        start = getattr(self, "_start_args", {})
        return type(self)(self.players, seed, **start, **self.options.to_dict())

    # -- the session ------------------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> Optional[int]: ...

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    _session: Any  # an engine.seats.Session: the deals completed, and how the session ends
    _pack: Pack  # the stock and the used cards
    _phase: str  # the phase of play, OVER once the session has ended
    _last_truncated: bool = False

    @property
    def deal_number(self) -> int:
        """Deals begun so far (the one in play is ``deal_number - 1``)."""
        return self._session.deals + (self._phase != OVER)  # type: ignore[no-any-return]

    @property
    def truncated(self) -> bool:
        """Whether the last completed deal was cut short by the bound on decisions."""
        return self._last_truncated

    phase = property(lambda self: self._phase, doc="The phase of play (the game's docs list them).")

    @abstractmethod
    def legal_actions(self) -> list[Action]: ...

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` may be applied now (exact class, types and values)."""
        try:
            key = action_key(action)
        except IllegalActionError:
            return False
        return self.to_act is not None and self._legal(key)

    def _legal(self, key: tuple[Any, ...]) -> bool:
        """Whether the action of ``key`` is legal now (a game may do this faster)."""
        return any(a.key() == key for a in self.legal_actions())

    def apply(self, action: Action) -> Record:
        """Carry out ``action`` for ``to_act``; its record (see the module docstring)."""
        if self._busy:
            raise ConcurrentUseError(f"this {self.name} game is in use by another thread")
        self._busy = True
        try:
            key = action_key(action)
            seat = self.to_act
            if seat is None:
                raise IllegalActionError(f"the session is over: {shown(action)} cannot be applied")
            if key[0] not in self._action_set or not self._legal(key):
                raise IllegalActionError(f"{shown(action)} is not legal now ({self._where()})")
            record = self._apply(action, seat)
            self._records.append(record)
            return record
        finally:
            self._busy = False

    def _where(self) -> str:
        return f"seat {self.to_act} to act"

    @abstractmethod
    def _apply(self, action: Action, seat: int) -> Record:
        """Carry out a legal action of ``seat`` (``to_act``); the record of it."""

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]: ...

    def _check_seat(self, seat: object, spectator: bool = False) -> Optional[int]:
        if spectator and seat is None:
            return None
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalActionError(f"no seat {shown(seat)} at this table of {self.players}")
        return seat

    @property
    def records(self) -> int:
        """The index the next record will have (the records made so far, counting
        those before a snapshot this game was restored from)."""
        return self._first_record + len(self._records)

    _first_record = 0
    """Records made before the snapshot this game was restored from (not kept)."""

    def events(self, seat: Optional[int], since: Optional[int] = None) -> list[Record]:
        """``seat``'s view of every record from index ``since`` (``None``: a spectator's);
        by default from the first record kept (0, or the snapshot a game was restored from)."""
        viewer = self._check_seat(seat, spectator=True)
        return [r.view(viewer) for r in self._records.since(self._kept_from(since))]

    def history(self, since: Optional[int] = None) -> Iterator[Record]:
        """The full records kept from index ``since`` (omniscient: not for a seat's eyes); by
        default from the first record kept. Starting late costs no walk through the earlier ones."""
        kept: Iterator[Record] = self._records.since(self._kept_from(since))
        return kept

    def _kept_from(self, since: Optional[int]) -> int:
        """Where record ``since`` (``None``: the first kept) lies among the records kept;
        IllegalActionError for an index outside them."""
        first = self._first_record
        if since is None:
            return 0
        if type(since) is not int or not first <= since <= self.records:
            raise IllegalActionError(
                f"since must be a record index from {first} to {self.records}, not {shown(since)}"
            )
        return since - first

    # -- knowledge and honest chance ---------------------------------------------------------

    _known_before: Optional[list[Knowledge]] = None
    """What each seat, then a spectator, knew at the snapshot this game was restored from."""
    _resampled = False
    """Whether this game is a copy whose hidden cards were dealt again (:meth:`resample`)."""

    _known: Optional[Sight] = None
    """What every seat and a spectator knew when last asked (worked out afresh if None)."""
    _known_count = 0
    """The records ``_known`` has learnt from."""
    _known_owned = False
    """Whether no copy of this game shares ``_known`` (so it may learn in place)."""

    def knowledge(self, seat: Optional[int]) -> Knowledge:
        """Where ``seat`` (``None``: a spectator) knows each card to lie, derived from its own
        views of the records since the pack was last made up (docs/protocol.md, "Knowledge"):
        its own cards, the cards turned up or shown, the cards it moved itself."""
        viewer = self._check_seat(seat, spectator=True)
        sight = self._known_now()
        return Knowledge.of(viewer, sight.places(viewer), sight.seen(viewer))

    def _known_view(self, seat: Optional[int]) -> dict[str, tuple[int, ...]]:
        """``seat``'s knowledge as its observation shows it (``Knowledge.view``): a new dict."""
        return dict(self._known_now().view(seat))

    def _known_now(self) -> Sight:
        """What every viewer knows now, learnt from the records since last asked, or from the
        pack's records (and what the snapshot restored said was known before them) if never."""
        sight, records = self._known, self._records
        count = len(records)
        if sight is None:
            since = records.since_pack()
            before = self._known_before
            if before is None or since and makes_up_pack(since[0]):
                sight = Sight(self.players)
            else:
                sight = Sight.of(before)
            for record in since:
                sight.learn(record)
            self._known, self._known_owned = sight, True
        elif self._known_count != count:
            if not self._known_owned:
                sight = self._known = sight.copy()
                self._known_owned = True
            if count - self._known_count == 1:  # the usual case: one decision since last asked
                sight.learn(records.last())
            else:
                for record in records.since(self._known_count):
                    sight.learn(record)
        self._known_count = count
        return sight

    def _forget_known(self) -> None:
        """The records were replaced (not added to): every seat's knowledge is worked out afresh."""
        self._known = None

    def _share_known(self, twin: Game) -> None:
        """``twin``, a copy of this game, shares what every viewer knows; neither learns in place."""
        self._known_owned = twin._known_owned = False

    def _knowledge_from(self, records: list[Record], viewer: Optional[int]) -> Knowledge:
        """What ``viewer`` knows from ``records``, the records since the pack was made up (and,
        if they do not begin with its making up, what it knew at the snapshot restored)."""
        before = self._known_before
        if before is None or records and makes_up_pack(records[0]):
            known = Knowledge(viewer)
        else:
            known = before[self.players if viewer is None else viewer].copy()
        return known.learn_all(r.view(viewer) for r in records)

    def resample(self: _G, seat: Optional[int], rng: random.Random | int) -> _G:
        """A copy of this game in which every card ``seat`` (``None``: a spectator) has not been
        shown is dealt again at random, in the game and in its records alike
        (:mod:`~pycards.games.engine.chance`), the stock shuffled and every later shuffle keyed
        afresh: what a search client plays out from ``seat``'s information (ISMCTS), knowing
        neither the others' hidden cards nor the coming ones. The seat sees no difference.
        ``rng`` is a ``random.Random`` or an int seed. The copy plays on like any game, but has
        no snapshot (``to_dict`` raises StateError): its cards are no deal its seed makes."""
        viewer = self._check_seat(seat, spectator=True)
        return self._redealt(self._known_now().seen(viewer), self._records.since_pack(), _chance(rng))

    def reshuffled(self: _G, rng: random.Random | int) -> _G:
        """A copy in which only the cards no seat has been shown (the stock, the used cards
        nobody saw) are dealt again, the stock shuffled and every later shuffle keyed afresh:
        the same position, every hand as it is, but no knowledge of the coming cards. Like
        :meth:`resample`'s, the copy has no snapshot."""
        chance = _chance(rng)
        sight = self._known_now()
        seen = set().union(*(sight.seen(seat) for seat in range(self.players)))
        return self._redealt(seen, self._records.since_pack(), chance)

    def _redealt(self: _G, seen: set[int], since: list[Record], chance: random.Random) -> _G:
        """A copy with every card not ``seen`` named anew, in its state and in ``since`` (the
        records since the pack was made up), its stock shuffled and its key fresh."""
        cards = [card for where in self._card_places().values() for card in where]
        for _ in range(RESAMPLE_TRIES):
            names = relabelling(seen, cards, chance)
            if self._fits(names):
                break
        twin = cast(_G, self.copy())
        twin._relabel(names)
        records = self._records
        fresh = [relabelled(r, names, after_pack=k == 0 and makes_up_pack(r)) for k, r in enumerate(since)]
        twin._records = records.replaced_from(len(records) - len(since), fresh)
        chance.shuffle(twin._pack.stock)
        twin._pack.key = chance.getrandbits(64)
        twin._forget_known()
        twin._resampled = True
        return twin

    def _fits(self, names: Mapping[int, int]) -> bool:
        """Whether the cards named anew by ``names`` fit what every seat has been told of them
        beyond seeing them (American Brag's exchanges: which of two hands was the better); a
        resampled copy is drawn again, up to :data:`RESAMPLE_TRIES` times, until they do."""
        return True

    def _card_places(self) -> dict[Place, list[int]]:
        """Every card of the game by where it lies, in its order there (omniscient)."""
        raise NotImplementedError(f"{self.name} does not say where its cards lie")

    def _relabel(self, names: Mapping[int, int]) -> None:
        """Name every card of the game's state anew by ``names`` (a card not in it keeps its
        name), and bring up to date what the game derives from its cards."""
        raise NotImplementedError(f"{self.name} cannot name its cards anew")

    def _check_snapshot(self) -> None:
        """StateError for a copy made by :meth:`resample` or :meth:`reshuffled`: no snapshot."""
        if self._resampled:
            raise StateError("a copy made by resample() or reshuffled() deals no cards its seed makes: "
                             "it has no snapshot")

    def _seen_now(self, seat: Optional[int]) -> Knowledge:
        """What ``seat`` sees of the cards now (its own, those face up or shown): the least a
        snapshot's knowledge must hold."""
        raise NotImplementedError(f"{self.name} does not say what a seat sees of its cards")

    def _restore_knowledge(self, items: object, path: str) -> None:
        """Take each seat's knowledge, then a spectator's, from a snapshot: checked, every card
        it places must lie there, and it must hold all the seat sees now (StateError naming the
        first problem). What a seat saw of the cards gone to the used ones cannot be proven."""
        if type(items) is not list or len(items) != self.players + 1:
            raise StateError(f"{path} must be a list of {self.players + 1} (each seat, then a spectator), "
                             f"not {shown(items)}")  # fmt: skip
        places = self._card_places()
        known = []
        for i, item in enumerate(items):
            seat = i if i < self.players else None
            knowledge = Knowledge.from_dict(item, seat, self.players, f"{path}[{i}]")
            try:
                check_knowledge(knowledge, places)
            except KnowledgeError as error:
                raise StateError(f"{path}[{i}]: {error}") from None
            for card, seen in self._seen_now(seat).places.items():
                for place in Counter(seen) - Counter(knowledge.places.get(card, ())):
                    raise StateError(f"{path}[{i}].places[{place_key(place)!r}] must hold card {card}, which the "
                                     "seat sees there now")  # fmt: skip
            known.append(knowledge)
        self._known_before = known

    @abstractmethod
    def rewards(self) -> dict[int, int]:
        """Each seat's result in the last completed deal (zeros before the first ends)."""

    @abstractmethod
    def payoffs(self) -> dict[int, int]:
        """Each seat's result in the session so far."""

    _ledger: Any  # a Ledger, written by the game's rules only
    _ledger_view: Optional[LedgerView] = None
    _viewed: Any = None

    @property
    def ledger(self) -> LedgerView:
        """A read-only view of the counters (the game's rules are the only writer); one
        view is kept while the ledger is the same object."""
        view = self._ledger_view
        if view is None or self._viewed is not self._ledger:
            view = self._ledger_view = self._ledger.view()
            self._viewed = self._ledger
        return view

    def _replay(self, items: list[Any], where: str) -> None:
        """Apply the action documents ``items`` in turn; StateError naming the first that
        is not an action or not legal (``where``: the list's path in the document)."""
        for i, item in enumerate(items):
            try:
                self.apply(self.action_from_dict(item))
            except ValueError as error:
                raise StateError(f"{where}[{i}]: {error}") from None

    # -- metadata and the codec --------------------------------------------------------------

    @property
    @abstractmethod
    def info(self) -> GameInfo: ...

    @abstractmethod
    def payoff_bound(self) -> float:
        """The most one seat can win or lose in the session, from the options alone: a safe
        bound counting every payment the rules allow (``math.inf`` when the session's length
        is not bounded, as in a freeze-out). OpenSpiel's utility range, for one."""

    def zero_sum(self) -> bool:
        """Whether every session of these terms ends with payoffs that sum to zero: counters
        only move between the ledger's parties, so they do when no party but the seats can
        hold counters at a session's end. By default, when the ledger holds the seats alone; a
        game whose other parties (pools) are always emptied by the session's end says so."""
        return len(self._ledger.parties) == self.players

    def max_deals(self) -> float:
        """The most deals a session of these terms can hold: its ``deals`` when it ends after
        them (a game whose sessions play on says so), else ``math.inf`` (rotations and
        freeze-outs have no bound on their deals). Times ``info.max_decisions_per_deal``, it
        bounds an episode's length (OpenSpiel's ``max_game_length``)."""
        options: Any = self.options
        return float(options.deals) if getattr(options, "until", None) == "deals" else math.inf

    @abstractmethod
    def _domains(self) -> Domains:
        """The action domains for this game's options and players (codec order)."""

    @property
    def codec(self) -> Codec:
        """The codec of this game's action domains: made once for each distinct set of domains
        (options that do not change the actions, as the counters, share one) and kept among
        the :data:`CODECS_KEPT` most recently used; a game keeps its own."""
        codec = self.__dict__.get("_codec")
        if codec is None:
            codec = self._codec = _codec_of(self._domains())
        return codec

    @property
    def num_actions(self) -> int:
        return self.codec.size

    def action_index(self, action: Action) -> int:
        return self.codec.index(action)

    def action_from_index(self, index: int) -> Action:
        return self.codec.action(index)

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """A bool array over every action id: true where the action is legal now."""
        return self.codec.mask(self.legal_actions())

    @abstractmethod
    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s observation as a fixed-length vector (layout in docs/protocol.md)."""

    # -- copies and documents ---------------------------------------------------------------

    @abstractmethod
    def copy(self) -> Game: ...

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self).from_dict, (self.to_dict(),))

    @abstractmethod
    def to_dict(self, history: bool = False) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game: ...

    @classmethod
    def action_from_dict(cls, data: object) -> Action:
        """An action from its ``to_dict()`` form; IllegalActionError naming what is wrong."""
        data = plain_object(data, "an action document", IllegalActionError)
        kinds = {kind.__name__: kind for kind in cls.actions}
        name = data.get("type")
        kind = kinds.get(name) if type(name) is str else None
        if kind is None:
            raise IllegalActionError(f"unknown {cls.name} action {shown(name)}")
        names = [f.name for f in fields(kind)]
        extra = [k for k in data if k != "type" and k not in names]
        if extra or any(n not in data for n in names):
            raise IllegalActionError(f"a {kind.__name__} has the fields {names}, not {shown(sorted(data))}")
        action = kind(**{n: data[n] for n in names})
        action_key(action)  # exact field types
        return action

