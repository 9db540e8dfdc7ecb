"""The server's messages: what clients send, read strictly, and what the server sends back.

Every document a client sends is a JSON object with exactly the fields listed
for it (an unknown field is refused, not ignored: a client that sends
``"seed"`` or ``"seat"`` where it has no place learns so at once):

* creating a table (HTTP): :class:`CreateRequest`;
* joining a seat (HTTP): :class:`JoinRequest`;
* the first WebSocket message, saying who is connecting: :class:`Hello`;
* every later WebSocket message of a seat, an action: :class:`ActionMessage`.

:func:`update_message` is what the server pushes to a seat or a spectator
after every change: only that seat's view (``game.events(seat, since)``, its
observation, its legal actions when it is to act) and public facts (whose turn,
the version, the payoffs); a long log goes first in pieces of at most
:data:`RECORDS_PER_MESSAGE` records (:func:`backlog_messages`). :func:`error_message` is a refusal. The formats are
written out in docs/server.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Optional

from pycards.games.base import Game
from pycards.games.engine.document import shown
from pycards.games.text import observation_lines
from pycards.server.choices import choices
from pycards.server.errors import WireError
from pycards.server.tables import BOTS_PLAY, JOIN_KEY
from pycards.server.wire import JSON, record_json, to_json

__all__ = [
    "ActionMessage", "CreateRequest", "Hello", "JoinRequest", "RECORDS_PER_MESSAGE", "TOKEN_CHARS",
    "backlog_messages", "error_message",
    "read_action", "read_create", "read_hello", "read_join", "update_message",
]  # fmt: skip

TOKEN_CHARS = 128
"""The longest token a client may send (the server's are 43 characters)."""
RECORDS_PER_MESSAGE = 16
"""The most records one message holds: a longer log is sent in pieces (:func:`backlog_messages`)."""
MAX_BOTS_LISTED = 64


def _fields(data: object, what: str, required: Sequence[str],
            optional: Sequence[str] = ()) -> Mapping[str, Any]:  # fmt: skip
    """``data`` if it is an object with every ``required`` field and no field but those
    and the ``optional`` ones; a WireError ``bad_message`` naming the problem otherwise."""
    allowed = [*required, *optional]
    if not isinstance(data, dict):
        raise WireError("bad_message", f"{what} is a JSON object with the fields {', '.join(allowed)}, "
                        f"not {type(data).__name__ if data is not None else 'null'}")  # fmt: skip
    for key in data:
        if key not in allowed:
            raise WireError("bad_message", f"unknown field {shown(key)} in {what}; the fields are "
                            f"{', '.join(allowed)}")  # fmt: skip
    for key in required:
        if key not in data:
            raise WireError("bad_message", f"{what} needs the field {key!r}")
    return data


def _whole(value: object, what: str, low: int = 0) -> int:
    """An exact JSON whole number (never a bool, a float or a string of digits) of at least ``low``."""
    if type(value) is not int or value < low:
        raise WireError("bad_message", f"{what} must be a whole number of at least {low}, not {shown(value)}")
    return value


@dataclass(frozen=True)
class CreateRequest:
    """``{"game": name, "players": n, "options": {...}, "bots": [seat, ...], "bots_play":
    "policy", "listed": true}``: a new table of ``game`` for ``players`` seats on the game's
    ``options`` (the server checks them against the game's own rules), with a server-side bot
    at each seat of ``bots``, playing the game's built-in policy (``"policy"``, the default) or
    at random (``"random"``). ``listed`` false: ``/api/tables`` never lists it, and only those
    given its id (the invite) find it. There is no seed: the server chooses it."""

    game: str
    players: int
    options: Mapping[str, Any]
    bots: tuple[int, ...]
    bots_play: str = "policy"
    listed: bool = True


def read_create(data: object) -> CreateRequest:
    fields = _fields(data, "a table request", ("game", "players"), ("options", "bots", "bots_play", "listed"))
    game = fields["game"]
    if type(game) is not str:
        raise WireError("bad_message", f"game must be a game's name, not {shown(game)}")
    players = _whole(fields["players"], "players", 1)
    options = fields.get("options", {})
    if not isinstance(options, dict):
        raise WireError("bad_message", f"options must be an object of names and values, not {shown(options)}")
    bots = fields.get("bots", [])
    if not isinstance(bots, list) or len(bots) > MAX_BOTS_LISTED:
        raise WireError("bad_message", f"bots must be a list of seats, not {shown(bots)}")
    seats = tuple(_whole(seat, "a bot's seat") for seat in bots)
    if len(set(seats)) != len(seats):
        raise WireError("bad_message", f"bots names a seat twice: {shown(list(seats))}")
    plays = fields.get("bots_play", "policy")
    if type(plays) is not str or plays not in BOTS_PLAY:
        raise WireError("bad_message", f"bots_play must be {' or '.join(map(repr, BOTS_PLAY))}, not {shown(plays)}")
    listed = fields.get("listed", True)
    if type(listed) is not bool:
        raise WireError("bad_message", f"listed must be true or false, not {shown(listed)}")
    return CreateRequest(game, players, options, seats, plays, listed)


@dataclass(frozen=True)
class JoinRequest:
    """``{"seat": n, "key": "..."}``: take seat ``n``; ``{}`` or ``{"seat": null}``: the first
    free seat. ``key`` (optional): a secret of the client's own (22 to 128 URL-safe characters,
    :data:`~pycards.server.tables.JOIN_KEY`), so that the same request sent again, its reply
    lost, gets the same seat and a new token for it."""

    seat: Optional[int]
    key: Optional[str] = None


def read_join(data: object) -> JoinRequest:
    fields = _fields(data, "a join request", (), ("seat", "key"))
    seat, key = fields.get("seat"), fields.get("key")
    if key is not None and (type(key) is not str or not JOIN_KEY.fullmatch(key)):
        raise WireError("bad_message", "key must be 22 to 128 characters of A-Z, a-z, 0-9, _ and - "
                        "(a secret of the client's own, like a token)")  # fmt: skip
    return JoinRequest(None if seat is None else _whole(seat, "seat"), key)


@dataclass(frozen=True)
class Hello:
    """The first WebSocket message: ``{"seat": n, "token": "...", "since": k}`` to play
    seat ``n`` (the token its join gave), ``{"seat": null, "since": k}`` to watch.
    ``since`` (optional) is the first record the client still needs: the version of the
    last update it received, or 0 for the whole log."""

    seat: Optional[int]
    token: Optional[str]
    since: Optional[int]


def read_hello(data: object) -> Hello:
    fields = _fields(data, "the first message", ("seat",), ("token", "since"))
    seat, token, since = fields["seat"], fields.get("token"), fields.get("since")
    if seat is not None:
        seat = _whole(seat, "seat")
        if type(token) is not str or not 0 < len(token) <= TOKEN_CHARS:
            raise WireError("bad_message", "a seat's first message needs its token (from joining the seat)")
    elif token is not None:
        raise WireError("bad_message", "a spectator (seat null) has no token")
    return Hello(seat, token, None if since is None else _whole(since, "since"))


@dataclass(frozen=True)
class ActionMessage:
    """``{"version": v, "action": {"type": "Stake", "amount": 2}}``: the seat's action, taken
    at version ``v`` (the version of the update it answers: any other is stale)."""

    version: int
    action: Mapping[str, Any]


def read_action(data: object) -> ActionMessage:
    fields = _fields(data, "an action message", ("version", "action"))
    version = _whole(fields["version"], "version")
    action = fields["action"]
    if not isinstance(action, dict):
        raise WireError("bad_message", f"action must be an action object such as {{\"type\": \"Draw\"}}, "
                        f"not {shown(action)}")  # fmt: skip
    return ActionMessage(version, action)


def update_message(table: str, game: Game, seat: Optional[int], since: int) -> dict[str, JSON]:
    """What ``seat`` (``None``: a spectator) is sent about ``game`` at table ``table``: its
    view of every record from index ``since`` (from the first record the game keeps to
    ``game.records``),
    its observation and, when it is to act, its legal actions (with a label each and the pick
    of cards, :mod:`pycards.server.choices`, from that seat's observation); whose turn it is, the version
    (``game.records``, the index of the next record), whether the session is over, the payoffs."""
    events = game.events(seat, since)
    to_act = game.to_act
    observation = None if seat is None else game.observation(seat)
    message: dict[str, JSON] = {
        "type": "update",
        "table": table,
        "game": game.name,
        "seat": seat,
        "version": game.records,
        "since": since,
        "to_act": to_act,
        "over": to_act is None,
        "events": [record_json(record, seat, since + i, game.name, observation) for i, record in enumerate(events)],
        "observation": None,
        "observation_text": None,
        "legal_actions": [],
        "action_labels": [],
        "pick": None,
        "groups": [],
        "payoffs": to_json(game.payoffs()),
    }
    if observation is not None:
        message["observation"] = to_json(observation)
        message["observation_text"] = list(observation_lines(game.name, observation))
        if to_act == seat:
            legal = game.legal_actions()
            message["legal_actions"] = [to_json(action) for action in legal]
            message.update(choices(game.name, observation, legal))
    return message


def backlog_messages(table: str, game: Game, seat: Optional[int], since: int) -> Iterator[dict[str, JSON]]:
    """A long log in pieces: when more than :data:`RECORDS_PER_MESSAGE` records follow ``since``,
    ``seat``'s view (``None``: a spectator's) of all but the last of them, as ``"records"``
    messages of at most that many records each, ``{"type": "records", "table": ..., "game": ...,
    "seat": ..., "since": i, "until": j, "events": [...]}`` (the records from index ``i`` to
    ``j - 1``), each built only when the next is asked for; the update that follows starts at the
    last piece's ``until``. So no message, and no stretch of work between two sends, grows with
    the log: a reconnect with ``since`` 0 at a long table costs what any other does, a piece at a
    time."""
    stop = game.records - RECORDS_PER_MESSAGE
    if since >= stop:
        return
    game = game.copy()  # its own list of records: a copy made of the original meanwhile reorders that one
    kept = game.history(since)
    observation = None if seat is None else game.observation(seat)
    for start in range(since, stop, RECORDS_PER_MESSAGE):
        until = min(start + RECORDS_PER_MESSAGE, stop)
        events: list[JSON] = [record_json(record, seat, index, game.name, observation)  # views each record
                              for index, record in zip(range(start, until), kept)]  # fmt: skip
        yield {"type": "records", "table": table, "game": game.name, "seat": seat, "since": start,
               "until": until, "events": events}  # fmt: skip


def error_message(error: WireError, version: Optional[int] = None) -> dict[str, JSON]:
    """A refusal: ``{"type": "error", "code": ..., "message": ..., "version": v}`` (the
    table's current version, when there is a table)."""
    message: dict[str, JSON] = {"type": "error", "code": error.code, "message": error.message}
    if version is not None:
        message["version"] = version
    return message
