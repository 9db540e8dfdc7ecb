"""A table: one game, its seats (people with secret tokens, or server-side bots), its file form.

A :class:`Table` holds a driver (any registered game), one :class:`Seat` per
place and what the server needs to serve it: an ``asyncio.Lock`` that
serializes everything that changes the table, the connections watching it, and
the task playing its bots. It does no I/O itself (:mod:`pycards.server.lobby`
saves it and runs it).

A person's seat is claimed by joining: the server makes a random token, gives
it to that client once and keeps only its SHA-256, so neither the table file
nor the memory holds a token that could be replayed. A join may carry a key of
the client's own (:data:`JOIN_KEY`, a secret like a token): the seat keeps the
key's SHA-256 (:class:`JoinKey`) for :data:`JOIN_KEY_SECONDS` and
:data:`JOIN_RETRIES` retries, and a join with the same key in that time gets
the same seat again, with a new token (the old one, lost with its reply, stops
working): a join whose reply is lost can be retried without losing the seat,
and only by the one who chose the key. A bot's seat plays the
game's built-in policy (:func:`~pycards.games.policies.default_policy`: the one
the command line seats; ``"policy"``) or, if the table's maker chose so,
:class:`~pycards.games.policies.RandomLegal` (``"random"``). Either way its
choice for each decision is a function of the bot's secret seed, the decision's
record index and the seat's observation, so a bot plays the same after a
restart as it would have without one.

:meth:`Table.document` is the table as the server saves it (the game's
``to_dict()``, which holds the seed, the seats, the bots' seeds): it never goes
to a client. :meth:`Table.summary` is the public part.

What a table may cost is bounded by the server's caps on a few options
(:data:`CAPPED`, :func:`served_fields`, :func:`check_capped`): the counters,
the limit, the deals of a session and the decisions of a deal. Every table the
server makes has ``max_decisions`` set (the game's turn bound: at that many
decisions a deal ends truncated, the seats still to decide held to stand), so
no deal runs on unbounded, even with bots alone left in it; and since a save
holds the game's snapshot (the deal's state and its actions, never the
session's records), no save grows past one deal of that many decisions.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import math
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Optional, Protocol

from pycards.errors import StateError
from pycards.games import game_class
from pycards.games.base import Action, Game
from pycards.games.engine.document import shown
from pycards.games.engine.options import Field
from pycards.games.policies import Policy, RandomLegal, default_policy, for_session, policy_options
from pycards.server.errors import WireError
from pycards.server.wire import JSON, to_json

__all__ = [
    "BOTS_PLAY", "CAPPED", "FORMAT", "JOIN_KEY", "JOIN_KEY_SECONDS", "JOIN_RETRIES", "TABLE_ID", "JoinKey", "Seat",
    "Table", "Watcher", "check_capped", "new_table_id", "policy_action", "served_fields", "token_digest",
    "with_caps",
]  # fmt: skip

FORMAT = "pycards.server.table"
FORMAT_VERSION = 1
TABLE_ID = re.compile(r"[0-9a-f]{16}")
"""A table's id: 16 lower-case hex digits (64 random bits), safe in a path and a file name."""
_DIGEST = re.compile(r"[0-9a-f]{64}")
JOIN_KEY = re.compile(r"[A-Za-z0-9_-]{22,128}")
"""A join's key, chosen by the client: 22 to 128 URL-safe characters (22 random ones hold
132 bits, as many as the server's tokens hold 256): a secret, like a token."""
JOIN_KEY_SECONDS = 600.0
"""How long after a join a retry with its key gets the seat again (then the key is forgotten)."""
JOIN_RETRIES = 5
"""How many retries one join's key is good for."""
BOTS_PLAY = {"policy": "game_policy", "random": "random_legal"}
"""How a table's bots may play (the wire's ``bots_play``), and each one's name in a table file:
the game's built-in policy, or a uniformly random legal action."""
_BOT_POLICIES = {stored: played for played, stored in BOTS_PLAY.items()}


CAPPED = {"counters": "max_counters", "limit": "max_limit", "deals": "max_deals", "max_decisions": "max_decisions"}
"""The options the server caps, in every game that has one of the name (each a whole number),
and the name of each one's cap among the server's limits
(:class:`~pycards.server.lobby.Limits`)."""
NO_BOUND = "max_decisions"
"""The option whose 0 means "no bound": the server serves it from 1 to its cap, the cap by default."""


def served_fields(fields: Mapping[str, Field], caps: Mapping[str, int]) -> dict[str, Field]:
    """``fields`` (a game's options) as the server serves them under ``caps`` (a cap for each
    option named in :data:`CAPPED`): a capped option's highest value, and its default, at most
    its cap; :data:`NO_BOUND` from 1 (0 would be no bound), its default the cap. What
    ``/api/games`` shows, and what :func:`check_capped` holds a new table to."""
    served = dict(fields)
    for name, field in fields.items():
        cap = caps.get(name)
        if cap is None or field.kind != "int":
            continue
        high = cap if field.high is None else min(int(field.high), cap)
        low = field.low
        if name == NO_BOUND:
            low, default = max(1, int(low or 0)), high
        else:
            default = field.default if type(field.default) is not int else min(field.default, high)
        served[name] = field._replace(default=default, low=low, high=high)
    return served


def check_capped(options: Mapping[str, Any], fields: Mapping[str, Field], caps: Mapping[str, int]) -> None:
    """A WireError ``bad_options`` naming the option, unless each capped option given in
    ``options`` (a whole number: any other value is left to the game's own checks) is within
    its served range (``fields`` from :func:`served_fields`)."""
    for name in caps:
        value, field = options.get(name), fields.get(name)
        if field is None or type(value) is not int:
            continue
        low, high = field.low, field.high
        if (low is not None and value < low) or (high is not None and value > high):
            raise WireError("bad_options", f"this server allows {name} from {low} to {high}, not {shown(value)}")


def with_caps(options: Mapping[str, Any], fields: Mapping[str, Field]) -> dict[str, Any]:
    """``options`` with :data:`NO_BOUND` set to its served default (the server's cap) where the
    game has it and the client left it out: every table the server makes bounds its deals."""
    given = dict(options)
    field = fields.get(NO_BOUND)
    if field is not None and NO_BOUND not in given:
        given[NO_BOUND] = field.default
    return given


def new_table_id() -> str:
    return secrets.token_hex(8)


def token_digest(token: str) -> str:
    """The SHA-256 of a seat's token, in hex: all the server keeps of it."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Watcher(Protocol):
    """A connection following a table: woken after every change, it sends its own update."""

    def wake(self) -> None: ...


@dataclass
class JoinKey:
    """What a seat keeps of the key of the join that took it: the key's SHA-256, the time
    (``time.time()``) until which a retry may use it, and the retries left."""

    sha256: str
    until: float
    retries: int

    def to_dict(self) -> dict[str, Any]:
        return {"key_sha256": self.sha256, "until": self.until, "retries": self.retries}


@dataclass
class Seat:
    """One place at a table: a bot (``bot_seed`` set; ``bot_plays`` a key of
    :data:`BOTS_PLAY`) or a person's seat, ``token_sha256`` set once somebody has joined it
    (``join_key``: what it keeps of that join's key, while a retry may use it)."""

    bot_seed: Optional[int] = None
    token_sha256: Optional[str] = None
    bot_plays: str = "policy"
    join_key: Optional[JoinKey] = None

    @property
    def is_bot(self) -> bool:
        return self.bot_seed is not None

    @property
    def taken(self) -> bool:
        return self.is_bot or self.token_sha256 is not None

    def to_dict(self) -> dict[str, Any]:
        bot = None if self.bot_seed is None else {"policy": BOTS_PLAY[self.bot_plays], "seed": self.bot_seed}
        found: dict[str, Any] = {"bot": bot, "token_sha256": self.token_sha256}
        if self.join_key is not None:
            found["join"] = self.join_key.to_dict()
        return found


class Table:
    """Game ``game`` at table ``table_id`` (the ``number``-th table the data directory has
    held), with ``seats``. ``first_record`` is the first record the game keeps: 0 for a new
    game, the snapshot's record count for one restored from its file."""

    def __init__(self, table_id: str, game: Game, seats: list[Seat], number: int, created: float,
                 first_record: int = 0, listed: bool = True) -> None:  # fmt: skip
        if len(seats) != game.players:
            raise ValueError(f"a table of {game.players} players has {game.players} seats, not {len(seats)}")
        self.id = table_id
        self.game = game
        self.seats = seats
        self.number = number
        self.created = created
        self.first_record = first_record
        self.listed = listed
        """Whether ``/api/tables`` lists the table (else only its id, the invite, reaches it)."""
        self.lock = asyncio.Lock()
        """Held by every change (an action, a join): a table's changes are serialized."""
        self.watchers: set[Watcher] = set()
        self.bot_task: Optional[asyncio.Task[None]] = None
        self.turn_timer: Optional[asyncio.TimerHandle] = None
        """Due when the person to act has had the server's turn time (set by the lobby)."""

    # -- seats ----------------------------------------------------------------------------

    def is_bot(self, seat: Optional[int]) -> bool:
        return seat is not None and self.seats[seat].is_bot

    def bot_to_act(self) -> bool:
        return self.is_bot(self.game.to_act)

    def bot_action(self) -> Action:
        """The action of the bot to act, from its own observation: the game's built-in policy
        (with its default options, and the bot's seed where the policy takes one) or
        RandomLegal, each made afresh for the decision from the bot's seed and the record
        index (:func:`~pycards.games.policies.for_session`), so it plays the same whatever
        the process, and across a restart."""
        game = self.game
        seat = game.to_act
        assert seat is not None
        place = self.seats[seat]
        seed = place.bot_seed
        assert seed is not None
        return policy_action(game, seed, place.bot_plays)

    @property
    def bots_play(self) -> Optional[str]:
        """How the table's bots play (a key of :data:`BOTS_PLAY`), ``None`` without bots."""
        return next((seat.bot_plays for seat in self.seats if seat.is_bot), None)

    def choose_seat(self, seat: Optional[int]) -> int:
        """The seat a join takes: ``seat`` if it is free, else the first free one; a
        WireError if there is none (or ``seat`` is not a free person's seat)."""
        players = self.game.players
        if seat is None:
            free = [s for s, place in enumerate(self.seats) if not place.taken]
            if not free:
                raise WireError("seat_taken", "every seat at this table is taken", 409)
            return free[0]
        if not 0 <= seat < players:
            raise WireError("bad_seat", f"this table has seats 0 to {players - 1}, not {shown(seat)}")
        if self.seats[seat].is_bot:
            raise WireError("seat_taken", f"seat {seat} is played by a bot", 409)
        if self.seats[seat].taken:
            raise WireError("seat_taken", f"seat {seat} is taken", 409)
        return seat

    def person_to_act(self) -> Optional[int]:
        """The seat to act if a person has joined it (whose turn a turn timer may play), else ``None``."""
        seat = self.game.to_act
        if seat is None or self.seats[seat].is_bot or self.seats[seat].token_sha256 is None:
            return None
        return seat

    def rejoin(self, key_sha256: str, now: float) -> Optional[int]:
        """The seat whose join's key has the digest ``key_sha256`` and may still be retried at
        ``now`` (compared in constant time), else ``None``."""
        found = None
        for index, seat in enumerate(self.seats):
            held = seat.join_key
            if held is not None and hmac.compare_digest(held.sha256, key_sha256) and now <= held.until \
                    and held.retries > 0:
                found = index
        return found

    def forget_join_keys(self, now: float) -> None:
        """Drop every join key whose time or retries are up: the files keep none longer."""
        for seat in self.seats:
            held = seat.join_key
            if held is not None and (now > held.until or held.retries <= 0):
                seat.join_key = None

    def check_token(self, seat: int, token: str) -> bool:
        """Whether ``token`` is the one given for ``seat`` (compared in constant time)."""
        if not 0 <= seat < len(self.seats):
            return False
        digest = self.seats[seat].token_sha256
        return digest is not None and hmac.compare_digest(digest, token_digest(token))

    def notify(self) -> None:
        """Wake every connection watching the table: the state has changed."""
        for watcher in list(self.watchers):
            watcher.wake()

    # -- what clients may know --------------------------------------------------------------

    def summary(self) -> dict[str, JSON]:
        """The table's public facts: game, terms, seats (bot, taken), version, turn, results."""
        game = self.game
        return {
            "table": self.id,
            "game": game.name,
            "players": game.players,
            "options": to_json(game.options.to_dict()),
            "seats": [{"seat": s, "kind": "bot" if place.is_bot else "person", "taken": place.taken}
                      for s, place in enumerate(self.seats)],  # fmt: skip
            "bots_play": self.bots_play,
            "listed": self.listed,
            "version": game.records,
            "to_act": game.to_act,
            "over": game.to_act is None,
            "deal_number": game.deal_number,
            "payoffs": to_json(game.payoffs()),
        }

    # -- the file form (server-side only) ------------------------------------------------------

    def document(self, game: Optional[Game] = None) -> dict[str, Any]:
        """The table as its file holds it (with ``game`` for its game, if given): the game's
        snapshot (with its seed), the seats (token digests, bot seeds). For the server's disk,
        never for a client."""
        game = self.game if game is None else game
        document = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "id": self.id,
            "number": self.number,
            "created": self.created,
            "game": game.name,
            "seats": [seat.to_dict() for seat in self.seats],
            "state": game.to_dict(),
        }
        if not self.listed:
            document["listed"] = False  # only then: a listed table's file is as it always was
        return document

    @classmethod
    def from_document(cls, data: object, expected_id: str) -> Table:
        """A table from :meth:`document`, checked; StateError naming the first problem."""
        if not isinstance(data, Mapping):
            raise StateError(f"a table file holds an object, not {shown(data)}")
        if not _DOCUMENT_KEYS <= set(data) <= _DOCUMENT_KEYS | {"listed"}:
            odd = sorted(set(map(str, data)).symmetric_difference(_DOCUMENT_KEYS) - {"listed"})
            raise StateError(f"a table file holds exactly the keys {sorted(_DOCUMENT_KEYS)} (and listed), "
                             f"not with {odd}")  # fmt: skip
        listed = data.get("listed", True)
        if type(listed) is not bool:
            raise StateError(f"listed must be true or false, not {shown(listed)}")
        if data.get("format") != FORMAT or data.get("format_version") != FORMAT_VERSION:
            raise StateError(f"not a table file of format {FORMAT} {FORMAT_VERSION}: "
                             f"{shown(data.get('format'))} {shown(data.get('format_version'))}")  # fmt: skip
        table_id = data.get("id")
        if table_id != expected_id or not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
            raise StateError(f"id {shown(table_id)} does not match the file name {expected_id!r}")
        number, created = data.get("number"), data.get("created")
        if type(number) is not int or not 0 <= number < 2**63:
            raise StateError(f"number must be a whole number from 0 to 2**63 - 1, not {shown(number)}")
        if not isinstance(created, (int, float)) or type(created) is bool or not math.isfinite(created) or created < 0:
            raise StateError(f"created must be a time, not {shown(created)}")
        name = data.get("game")
        if not isinstance(name, str):
            raise StateError(f"game must be a game's name, not {shown(name)}")
        game = game_class(name).from_dict(data.get("state"))  # type: ignore[arg-type]
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or len(raw_seats) != game.players:
            raise StateError(f"seats must list the {game.players} seats, not {shown(raw_seats)}")
        seats = [_seat(raw, i) for i, raw in enumerate(raw_seats)]
        when = float(created)
        return cls(table_id, game, seats, number, when, first_record=game.records, listed=listed)


_DOCUMENT_KEYS = frozenset({"format", "format_version", "id", "number", "created", "game", "seats", "state"})
"""The keys of :meth:`Table.document`, all of them and no others."""


def policy_action(game: Game, seed: int, plays: str = "policy") -> Action:
    """The action the game's built-in policy (``plays`` ``"policy"``: with its default options,
    and ``seed`` where the policy takes one) or RandomLegal (``"random"``) chooses for the seat
    to act, from that seat's own observation, made afresh for the decision from ``seed`` and
    the record index (:func:`~pycards.games.policies.for_session`)."""
    seat = game.to_act
    assert seat is not None
    policy: Policy
    if plays == "random":
        policy = RandomLegal(seed)
    else:
        takes_seed = any(option.name == "seed" for option in policy_options(game.name))
        policy = default_policy(game.name, **({"seed": seed} if takes_seed else {}))
    return for_session(policy, game.records)(game.observation(seat), game.legal_actions())


def _join_key(raw: object, index: int) -> JoinKey:
    """A seat's ``join`` from its file form, checked; StateError naming the problem."""
    if not isinstance(raw, Mapping) or set(raw) != {"key_sha256", "until", "retries"}:
        raise StateError(f"seats[{index}].join must be an object with key_sha256, until and retries, not {shown(raw)}")
    digest, until, retries = raw["key_sha256"], raw["until"], raw["retries"]
    if not isinstance(digest, str) or not _DIGEST.fullmatch(digest):
        raise StateError(f"seats[{index}].join.key_sha256 must be a SHA-256 in hex, not {shown(digest)}")
    if not isinstance(until, (int, float)) or type(until) is bool or not math.isfinite(until) or until < 0:
        raise StateError(f"seats[{index}].join.until must be a time, not {shown(until)}")
    if type(retries) is not int or not 0 <= retries <= JOIN_RETRIES:
        raise StateError(f"seats[{index}].join.retries must be from 0 to {JOIN_RETRIES}, not {shown(retries)}")
    return JoinKey(digest, float(until), retries)


def _seat(raw: object, index: int) -> Seat:
    if not isinstance(raw, Mapping) or not {"bot", "token_sha256"} <= set(raw) <= {"bot", "token_sha256", "join"}:
        raise StateError(f"seats[{index}] must be an object with bot and token_sha256 (and join), not {shown(raw)}")
    bot, digest = raw["bot"], raw["token_sha256"]
    seed, plays = None, "policy"
    if bot is not None:
        well_formed = isinstance(bot, Mapping) and set(bot) == {"policy", "seed"}
        stored = bot.get("policy") if well_formed else None
        if not (type(stored) is str and stored in _BOT_POLICIES) or type(bot.get("seed")) is not int \
                or not 0 <= bot["seed"] < 2**64:
            names = " or ".join(map(repr, _BOT_POLICIES))
            raise StateError(f"seats[{index}].bot must be {{policy: {names}, seed: int}}, not {shown(bot)}")
        seed, plays = bot["seed"], _BOT_POLICIES[stored]
    if digest is not None and (not isinstance(digest, str) or not _DIGEST.fullmatch(digest)):
        raise StateError(f"seats[{index}].token_sha256 must be a SHA-256 in hex, not {shown(digest)}")
    if seed is not None and digest is not None:
        raise StateError(f"seats[{index}] is a bot and a person's seat at once")
    join = None if raw.get("join") is None else _join_key(raw["join"], index)
    if join is not None and digest is None:
        raise StateError(f"seats[{index}] keeps a join's key but nobody has joined it")
    return Seat(seed, digest, plays, join)
