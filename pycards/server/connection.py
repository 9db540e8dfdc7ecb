"""One WebSocket: a seat or a spectator following one table.

The client's first message (:class:`~pycards.server.messages.Hello`) says who
it is: a seat with the token its join gave, or a spectator. A wrong seat, a
wrong token or a malformed first message is answered with an error and the
connection closed (code 1008); so is silence for ``hello_seconds``.

Then the server sends an update at once (the seat's view of the records from
``since``), and another after every change at the table; the client sends
actions. Two tasks share the socket: this one reads the client's messages and
hands them to the :class:`~pycards.server.lobby.Lobby`; a sender task writes
everything the client is sent, in order, from a queue. Being woken queues one
update however many changes come before it is sent: an update holds every
record since the last one sent, so a slow client gets fewer, larger updates
and never a stale view. A refused message gets an error and the connection
stays open, except for a message over the size limit (closed, 1009) and a
client that lets too many replies pile up unread (closed, 1008).

A log longer than :data:`~pycards.server.messages.RECORDS_PER_MESSAGE` records
(a reconnect with ``since`` 0 at a long table) goes out in ``"records"`` pieces
of at most that many before the update, one built and sent at a time.

A table takes at most ``max_watchers`` spectators (one more is refused,
``too_many_connections``); seated players never count against them, so
strangers cannot lock the players out. Each seat holds at most
:data:`SEAT_CONNECTIONS` connections: a newer one (its token checked) replaces
the seat's oldest, which is told ``replaced`` and closed (1008).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
import weakref
from typing import Optional, Union

from starlette.websockets import WebSocket, WebSocketState

from pycards.games.base import Game
from pycards.server.errors import WireError
from pycards.server.lobby import BACKGROUND_REST, Lobby
from pycards.server.messages import (
    RECORDS_PER_MESSAGE, Hello, backlog_messages, error_message, read_action, read_hello, update_message,
)  # fmt: skip
from pycards.server.tables import Table
from pycards.server.wire import JSON, dumps, parse, record_json

__all__ = ["Connection", "MAX_QUEUED", "SEAT_CONNECTIONS"]

log = logging.getLogger("pycards.server")

MAX_QUEUED = 64
"""Replies waiting to be sent to one client: more, and the client is not reading (closed)."""
CLOSE_SECONDS = 5.0
"""How long the last replies before a close may take to go out."""
SEAT_CONNECTIONS = 4
"""Connections one seat may hold at once (tabs, devices): one more replaces the seat's oldest."""
POLICY_VIOLATION, TOO_BIG, INTERNAL = 1008, 1009, 1011
_OPENED = itertools.count()
VIEWS_PER_TURN = 16
"""Records a connection views (as JSON text) before it lets the event loop run the others."""
SHARED_RECORDS = 50_000
"""Spectator records kept as text for reuse, over all tables (about 220 bytes each): past it the
tables least recently read are dropped (and viewed again if a spectator asks)."""


class _SharedLog:
    """The spectators' view of one table's records, each as JSON text, viewed once and reused by
    every spectator (a spectator's view is the same for all of them, and a record never
    changes): 32 strangers asking for a long log cost what one does."""

    def __init__(self, first: int) -> None:
        self.first = first
        self.texts: list[str] = []

    @property
    def until(self) -> int:
        return self.first + len(self.texts)

    def extend(self, game: Game, until: int) -> None:
        """View the records from :attr:`until` up to ``until`` of ``game`` (a state of this
        table that is never changed in place)."""
        start = self.until
        kept = game.history(start)  # the records from start on, without a walk past the earlier ones
        self.texts += [dumps(record_json(record, None, index, game.name, None))
                       for index, record in zip(range(start, until), kept)]  # fmt: skip


_lanes: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()


def _lane() -> asyncio.Lock:
    """The event loop's one lane for long logs: every connection sends its pieces of a long log
    through it, one piece at a time (first come, first served), and holds it
    :data:`~pycards.server.lobby.BACKGROUND_REST` times as long after each, so however
    many clients ask for long logs at once, the loop spends at most one piece's work in a turn
    and a quarter of its time on them: the tables' moves go on meanwhile."""
    loop = asyncio.get_running_loop()
    lane = _lanes.get(loop)
    if lane is None:
        lane = _lanes[loop] = asyncio.Lock()
    return lane


_updates: dict[tuple[str, int], dict[int, str]] = {}
"""The spectators' updates of each table's current version, by the record they start at."""
SHARED_UPDATES = 8
"""Spectators' updates kept a table (those of its current version only)."""


def _update_text(table: Table, game: Game, seat: Optional[int], since: int) -> str:
    """The text of ``seat``'s update of ``game`` from record ``since``; a spectator's is made
    once for all the table's spectators at the same place (after each change every spectator
    that keeps up is sent the same one: a table watched by many costs one update a change,
    not one a watcher)."""
    if seat is not None:
        return dumps(update_message(table.id, game, seat, since))
    made = _updates.get((table.id, game.records))
    if made is None:
        for key in [k for k in _updates if k[0] == table.id]:
            del _updates[key]
        made = _updates[(table.id, game.records)] = {}
    text = made.get(since)
    if text is None:
        text = dumps(update_message(table.id, game, None, since))
        if len(made) < SHARED_UPDATES:
            made[since] = text
    return text


_shared: dict[str, _SharedLog] = {}
"""The spectators' logs kept, by table id, least recently read first (bounded by SHARED_RECORDS)."""


def _shared_log(table: Table, first: int) -> _SharedLog:
    """The kept spectators' log of ``table`` (starting at record ``first``), now the most
    recently read; the least recently read ones are dropped past :data:`SHARED_RECORDS`."""
    kept = _shared.pop(table.id, None)
    if kept is None or kept.first != first:
        kept = _SharedLog(first)
    _shared[table.id] = kept
    total = sum(len(log.texts) for log in _shared.values())
    for table_id in list(_shared):
        if total <= SHARED_RECORDS or table_id == table.id:
            break
        total -= len(_shared.pop(table_id).texts)
    return kept


class _Update:
    """The queue item that means: send an update of the table as it stands."""


class _Close:
    def __init__(self, code: int) -> None:
        self.code = code


_UPDATE = _Update()
Item = Union[_Update, _Close, dict[str, JSON]]


class Connection:
    """The WebSocket ``socket`` to table ``table_id`` of ``lobby``; :meth:`run` serves it to the end."""

    def __init__(self, socket: WebSocket, lobby: Lobby, table_id: str) -> None:
        self.socket = socket
        self.lobby = lobby
        self.table_id = table_id
        self.table: Optional[Table] = None
        self.seat: Optional[int] = None
        self.sent = 0
        """The index of the first record not yet sent to this client."""
        self.queue: asyncio.Queue[Item] = asyncio.Queue()
        self.update_queued = False
        self.closing = False
        self.opened = next(_OPENED)
        """The order connections were opened in (the lowest of a seat's is replaced first)."""

    # -- the watcher side: woken by the lobby ---------------------------------------------------

    def wake(self) -> None:
        if not self.update_queued:
            self.update_queued = True
            self._put(_UPDATE)

    def _put(self, item: Item) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            item = _Close(POLICY_VIOLATION)
        if isinstance(item, _Close):
            self.closing = True  # nothing is queued after a close
        self.queue.put_nowait(item)

    def _refuse(self, error: WireError) -> None:
        version = self.table.game.records if self.table is not None else None
        self._put(error_message(error, version))

    # -- serving ---------------------------------------------------------------------------------

    async def run(self) -> None:
        await self.socket.accept()
        try:
            table, hello = await self._hello()
            self._admit(table, hello)
        except WireError as error:
            await self._send_now(error_message(error))
            await self._close(TOO_BIG if error.code == "too_large" else POLICY_VIOLATION)
            return
        except Exception:  # a bug: logged here, never shown to the client
            log.exception("table %s: a connection could not be opened", self.table_id)
            await self._send_now(error_message(WireError("internal", "internal error", 500)))
            await self._close(INTERNAL)
            return
        assert self.table is not None
        sender = asyncio.create_task(self._send_loop())
        try:
            self.wake()
            await self._receive_loop()
        finally:
            self.table.watchers.discard(self)
            if self.closing:  # a close is queued behind the last replies: let them go out first
                await asyncio.wait({sender}, timeout=CLOSE_SECONDS)
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)
            await self._close(1000)

    async def _hello(self) -> tuple[Table, Hello]:
        table = self.lobby.get(self.table_id)
        try:
            message = await asyncio.wait_for(self.socket.receive(), self.lobby.limits.hello_seconds)
        except asyncio.TimeoutError:
            example = '{"seat": 0, "token": "...", "since": 0} or {"seat": null}'
            raise WireError("bad_hello", f"no first message: say who you are, as in {example}") from None
        hello = read_hello(self._parse(message))
        return table, hello

    def _admit(self, table: Table, hello: Hello) -> None:
        """Check the seat's token and the ``since`` index; start watching the table."""
        if hello.seat is not None:
            assert hello.token is not None
            if not table.check_token(hello.seat, hello.token):
                raise WireError("unauthorized", "wrong seat or token", 403)
        records = table.game.records
        since = table.first_record if hello.since is None else hello.since
        if since > records:
            raise WireError("bad_since", f"since must be a record index up to the current version {records}, "
                            f"not {since}")  # fmt: skip
        # Records before the table's snapshot are not kept after a restart: the update then
        # starts at the first one kept, and says so in its "since".
        self.sent = max(since, table.first_record)
        self._take_place(table, hello.seat)
        self.table, self.seat = table, hello.seat

    def _take_place(self, table: Table, seat: Optional[int]) -> None:
        """Start watching ``table`` as ``seat``. Spectators are capped at ``max_watchers`` a table
        (``too_many_connections``); seated players never count against them, so a table full of
        strangers cannot lock its players out. A seat's own connections are capped apart, at
        :data:`SEAT_CONNECTIONS`: one more (its token checked) replaces the seat's oldest, so
        whoever holds the token always gets in."""
        here = [w for w in table.watchers if isinstance(w, Connection) and w.seat == seat]
        if seat is None:
            if len(here) >= self.lobby.limits.max_watchers:
                raise WireError("too_many_connections", f"a table takes at most {self.lobby.limits.max_watchers} "
                                "spectators", 503)  # fmt: skip
        elif len(here) >= SEAT_CONNECTIONS:
            min(here, key=lambda c: c.opened).replace()
        self.seat = seat  # counted as this seat's from now on
        table.watchers.add(self)

    def replace(self) -> None:
        """Close this seat's connection: a newer one of the same seat took its place."""
        if self.table is not None:
            self.table.watchers.discard(self)
        self._put(error_message(WireError("replaced", "a newer connection of this seat took its place")))
        self._put(_Close(POLICY_VIOLATION))

    def _parse(self, message: object) -> object:
        """The JSON value of a received WebSocket message (text frames only)."""
        assert isinstance(message, dict)
        if message.get("type") == "websocket.disconnect":
            raise WireError("bad_hello", "the client left")
        text = message.get("text")
        if not isinstance(text, str):
            data = message.get("bytes")
            if isinstance(data, bytes) and len(data) > self.lobby.limits.message_bytes:
                parse(data, self.lobby.limits.message_bytes)  # too_large
            raise WireError("bad_message", "send each message as JSON in a text frame")
        return parse(text, self.lobby.limits.message_bytes)

    async def _receive_loop(self) -> None:
        assert self.table is not None
        while not self.closing:
            message = await self.socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            try:
                data = self._parse(message)
                if self.seat is None:
                    raise WireError("spectator", "a spectator cannot act; join a seat to play")
                await self.lobby.act(self.table, self.seat, read_action(data))
            except WireError as error:
                self._refuse(error)
                if error.code == "too_large":
                    self._put(_Close(TOO_BIG))
            except Exception:  # a bug: logged here, never shown to the client
                log.exception("table %s: a message could not be handled", self.table_id)
                self._refuse(WireError("internal", "internal error", 500))

    async def _send_loop(self) -> None:
        table = self.table
        assert table is not None
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, _Close):
                    await self._close(item.code)
                    return
                if isinstance(item, _Update):
                    self.update_queued = False
                    game = table.game  # always a saved state (the lobby swaps it in once saved)
                    await self._send_backlog(game)
                    text = _update_text(table, game, self.seat, self.sent)
                    self.sent = game.records
                    await self.socket.send_text(text)
                    continue
                await self.socket.send_text(dumps(item))
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the client left (or a bug, logged): the connection ends
            if self.socket.application_state == WebSocketState.CONNECTED and not _is_disconnect(error):
                log.exception("table %s: an update could not be sent", self.table_id)
            await self._close(INTERNAL)

    async def _send_backlog(self, game: Game) -> None:
        """Send the records the next update would hold in pieces before it: a spectator's from
        the log the table's spectators share (:meth:`_send_shared`), a seat's built for it."""
        if self.seat is None:
            await self._send_shared(game)
        else:
            await self._send_seat_backlog(game)

    async def _send_shared(self, game: Game) -> None:
        """Send a spectator the records of ``game`` from :attr:`sent` but the last
        :data:`VIEWS_PER_TURN` (the update that follows holds those) as ``"records"`` pieces
        of at most :data:`~pycards.server.messages.RECORDS_PER_MESSAGE`, each joined from the texts the table's spectators share;
        records no spectator has had yet are viewed :data:`VIEWS_PER_TURN` at a time, the
        event loop let to run the other tables in between. So a spectator asking for the whole
        log again and again costs the server little more than the bytes it is sent."""
        assert self.table is not None
        stop = game.records - VIEWS_PER_TURN  # the update holds the last few: no lane for a short log
        if self.sent >= stop:
            return
        first = self.table.first_record
        while self.sent < stop:
            async with _lane():
                started = time.perf_counter()
                shared = _shared_log(self.table, first)
                if shared.until < min(stop, self.sent + RECORDS_PER_MESSAGE):
                    shared.extend(game, min(stop, shared.until + VIEWS_PER_TURN))
                else:
                    until = min(stop, self.sent + RECORDS_PER_MESSAGE)
                    texts = shared.texts[self.sent - shared.first:until - shared.first]
                    head = dumps({"type": "records", "table": self.table_id, "game": game.name, "seat": None,
                                  "since": self.sent, "until": until, "events": []})  # fmt: skip
                    assert head.endswith("[]}")
                    await self.socket.send_text(head[:-2] + ",".join(texts) + "]}")
                    self.sent = until
                await asyncio.sleep(BACKGROUND_REST * (time.perf_counter() - started))  # the rest: the loop's

    async def _send_seat_backlog(self, game: Game) -> None:
        """Send the records the next update would hold beyond
        :data:`~pycards.server.messages.RECORDS_PER_MESSAGE`, a piece at a time, each built
        just before it is sent and the event loop let to run the other tables in between (the
        game is never changed in place: the lobby swaps in a new one, so this one holds still)."""
        if game.records - self.sent <= RECORDS_PER_MESSAGE:
            return  # the update holds them all: no lane for a short log
        assert self.table is not None
        pieces = backlog_messages(self.table_id, game, self.seat, self.sent)
        while True:
            async with _lane():
                started = time.perf_counter()
                piece = next(pieces, None)
                if piece is None:
                    return
                await self.socket.send_text(dumps(piece))
                until = piece["until"]
                assert isinstance(until, int)
                self.sent = until
                await asyncio.sleep(BACKGROUND_REST * (time.perf_counter() - started))

    async def _send_now(self, message: dict[str, JSON]) -> None:
        try:
            await self.socket.send_text(dumps(message))
        except Exception:  # the client has gone
            pass

    async def _close(self, code: int) -> None:
        if self.socket.application_state != WebSocketState.DISCONNECTED:
            try:
                await self.socket.close(code)
            except Exception:  # already closed by the client
                pass


def _is_disconnect(error: Exception) -> bool:
    name = type(error).__name__
    return "Disconnect" in name or "Closed" in name or isinstance(error, (OSError, RuntimeError))
