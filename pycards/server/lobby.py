"""Every table of one server: making them, joining seats, carrying out actions, playing the bots.

The :class:`Lobby` is the one place that changes a table, always under the
table's ``asyncio.Lock`` (so a table's changes are serialized; different tables
run concurrently), and always in this order: check, apply to a copy of the
game, **save** the copy, make it the table's game, wake the watchers. The save
writes the table's file before anybody can see the change; if it fails the
table keeps its game as it was and the client is told the server is
unavailable. So ``table.game`` is always a state on disk, and so is every state
a client is shown.

Checks, in order, for an action of a seat: the version it was taken at is the
current one (``game.records``), the session is not over, it is that seat's
turn, the action document is one of the game's actions (``action_from_dict``)
and it is legal now. A refused action changes nothing.

Bots play as soon as it is their turn, in a task of the table's own, one action
at a time, each saved and pushed before the next (the event loop serves the
other tables and the watchers in between), bounded by the most decisions the
session can take. The sessions are finite: a game is served only if its
session is a number of ``deals`` (its ``until`` option, if it has one, is
``"deals"``), at most :attr:`Limits.max_deals`.

With a turn timer (:attr:`Limits.turn_seconds`), a person who has joined a seat
and lets that long pass on their turn has it played by the game's built-in
policy (as a bot of the table would play it), so a silent stranger cannot stall
a table forever. A join may carry a key of the client's own, so that a join
whose reply was lost can be sent again for the same seat (:meth:`Lobby.join`).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Optional

from pycards.errors import IllegalActionError, StateError
from pycards.games import GAMES, canonical_name, game_class
from pycards.games.base import Action, Game, check_seed
from pycards.games.engine.document import shown
from pycards.games.engine.options import Field
from pycards.games.text import action_text
from pycards.server.errors import ServerConfigError, WireError
from pycards.server.messages import ActionMessage, CreateRequest
from pycards.server.store import MAX_FILE_BYTES, MAX_NUMBER, TableFile, TableStore
from pycards.server.tables import (
    CAPPED, JOIN_KEY_SECONDS, JOIN_RETRIES, JoinKey, Seat, Table, check_capped, new_table_id, policy_action,
    served_fields, token_digest, with_caps,
)  # fmt: skip
from pycards.server.wire import JSON, dumps, parse, to_json

__all__ = ["BACKGROUND_REST", "Limits", "Lobby"]

log = logging.getLogger("pycards.server")

RETRY_SECONDS = 1.0
"""After a failed save of a bot's action, the bots try again this much later."""
SAVE_RETRIES = 30
_LONG_NUMBER = re.compile(r"\d{10,}")
"""A run of digits long enough to be a seed: left out of the log lines about table files."""
FALLBACK_PLAYERS = (1, 64)
"""The players a game class allows when it does not say (``MIN_PLAYERS``, ``MAX_PLAYERS``)."""
MAX_TURN_SECONDS = 7 * 24 * 3600.0
"""The longest turn time an operator may set (a week)."""
BACKGROUND_REST = 3
"""Work nobody waits on (a table's bots deciding, a long log going out in pieces) rests this many
times as long as each turn of it took: each takes at most a quarter of the event loop, so the
loop is never full and a person's move at another table waits for one short turn of it at most
(the load test: the median move as quick as on an idle server, the p99 about 2x; resting only as
long again, half the loop each, the median was 1.4-1.9x)."""


@dataclass(frozen=True)
class Limits:
    """What one server allows: ``max_tables`` tables in its data directory (finished ones
    count until their files are removed), sessions of at most ``max_deals`` deals,
    ``max_watchers`` connections per table, ``message_bytes`` per client message or HTTP
    body, ``hello_seconds`` for a new WebSocket to say who it is. What one table may cost:
    at most ``max_counters`` counters a seat, a ``limit`` of at most ``max_limit``, at most
    ``max_decisions`` decisions a deal (every table's ``max_decisions`` option: at the bound the
    deal ends truncated), so its work, its memory and each save are bounded. ``turn_seconds``:
    how long a person who has joined a seat may take on a turn before the game's built-in policy
    plays it for them (``None``, the default: no timer; a free seat nobody has joined is waited
    for either way)."""

    max_tables: int = 1000
    max_deals: int = 100
    max_watchers: int = 32
    message_bytes: int = 64 * 1024
    hello_seconds: float = 10.0
    max_counters: int = 100_000
    max_limit: int = 1000
    max_decisions: int = 1000
    turn_seconds: Optional[float] = None

    def __post_init__(self) -> None:
        for name, low, high in (("max_tables", 1, 10**6), ("max_deals", 1, 10**6), ("max_watchers", 1, 10**4),
                                ("message_bytes", 1024, 16 * 1024 * 1024), ("max_counters", 1, 10**9),
                                ("max_limit", 1, 1000), ("max_decisions", 20, 10**5)):  # fmt: skip
            value = getattr(self, name)
            if type(value) is not int or not low <= value <= high:
                raise ServerConfigError(f"{name} must be a whole number from {low} to {high}, "
                                        f"not {shown(value)}")  # fmt: skip
        seconds = self.hello_seconds
        if type(seconds) not in (int, float) or not 0 < seconds <= 3600:
            raise ServerConfigError(f"hello_seconds must be from 0 to 3600 seconds, not {shown(seconds)}")
        turn = self.turn_seconds
        if turn is not None and (type(turn) not in (int, float) or not 0 < turn <= MAX_TURN_SECONDS):
            raise ServerConfigError(f"turn_seconds must be None (no timer) or more than 0 and at most "
                                    f"{MAX_TURN_SECONDS:.0f} seconds, not {shown(turn)}")  # fmt: skip


def _mixed(*parts: object) -> int:
    """A 64-bit seed from the operator's seed and a table's number (and a seat's)."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


def _bounds(cls: type[Game]) -> tuple[int, int]:
    low = getattr(cls, "MIN_PLAYERS", FALLBACK_PLAYERS[0])
    high = getattr(cls, "MAX_PLAYERS", FALLBACK_PLAYERS[1])
    return (int(low), int(high)) if type(low) is int and type(high) is int else FALLBACK_PLAYERS


class Lobby:
    """The tables kept in ``data_dir`` (loaded now; files that cannot be loaded are logged and
    left alone, their ids in :attr:`skipped`, and count towards ``max_tables``). ``seed``: the
    operator's seed, from which each table's seed is derived with the table's number, which the
    durable counter of the store never hands out twice (``None``: each table's seed is drawn
    with :mod:`secrets`)."""

    def __init__(self, data_dir: Path, limits: Limits = Limits(), seed: Optional[int] = None,
                 fsync: bool = True) -> None:  # fmt: skip
        if seed is not None:
            check_seed(seed, "the operator's seed (or None)", ServerConfigError)
        self.limits = limits
        self.seed = seed
        self.store = TableStore(data_dir, fsync)
        self.tables: dict[str, Table] = {}
        self.skipped: list[str] = []
        self._creating = 0
        self._stopping = False
        numbers: list[int] = []
        for found in self.store.read_all():
            self._load(found, numbers)
        self._next_number = self._first_number(numbers)
        """The number the next table gets (every number below it has been handed out)."""
        self._numbered = self._next_number
        """The counter on disk: every number below it is known to be handed out."""
        self._numbering = asyncio.Lock()
        self._turn_tasks: set[asyncio.Task[None]] = set()
        """The tasks playing turns whose time ran out."""

    def _load(self, found: TableFile, numbers: list[int]) -> None:
        """Load one table file into :attr:`tables`, or log why not (naming the file) and list
        it in :attr:`skipped`; ``numbers`` gains the number of every table whose file holds a
        readable one, loaded or not."""
        if found.text is None:
            self._skip(found, "is damaged" if found.damaged else "cannot be read", found.problem)
            return
        try:
            data = parse(found.text, MAX_FILE_BYTES)
        except WireError:
            self._skip(found, "is damaged", "not valid JSON")
            return
        number = data.get("number") if isinstance(data, dict) else None
        if type(number) is int and 0 <= number < MAX_NUMBER:
            numbers.append(number)
        try:
            table = Table.from_document(data, found.table_id)
        except Exception as error:  # StateError mostly: one bad file never stops the server
            self._skip(found, "is damaged", str(error))
            return
        try:
            self._check_served(table)
        except StateError as error:
            self._skip(found, "is not one this server serves", str(error))
            return
        self.tables[found.table_id] = table

    def _skip(self, found: TableFile, what: str, reason: str) -> None:
        """Log that ``found`` is not loaded and why (long numbers, which may be seeds, left out),
        and list it in :attr:`skipped`: it counts towards ``max_tables`` until it is removed."""
        reason = _LONG_NUMBER.sub("<number>", reason)
        log.warning("table file %s %s (%s): not loaded, left for the operator", found.path, what, reason)
        self.skipped.append(found.table_id)

    def _first_number(self, numbers: list[int]) -> int:
        """The next table's number: past the durable counter and past every number found in a
        table file (the counter of an older server's directory is missing: it is written now,
        so that removing a file later repeats nothing). A damaged counter stops a server with
        an operator's seed (a ServerConfigError naming it: the seeds of a removed table could
        be dealt again); without one, numbers only order the tables, and it is logged."""
        where = shown(str(self.store.counter))
        try:
            kept = self.store.read_counter()
        except ValueError as error:
            if self.seed is not None:
                raise ServerConfigError(f"the table counter {where} is damaged ({error}); with --seed a "
                                        "table's seeds come from its number, so the server will not guess it: "
                                        "restore the file, or remove it to number on from the tables found "
                                        "(a table removed since could then be dealt again)") from None  # fmt: skip
            log.warning("the table counter %s is damaged (%s): numbering on from the tables found",
                        self.store.counter, error)  # fmt: skip
            kept = None
        except OSError as error:
            raise ServerConfigError(f"cannot read the table counter {where}: {error.strerror}") from None
        first = max(1 + max(numbers, default=-1), 0 if kept is None else kept)
        if first >= MAX_NUMBER:
            raise ServerConfigError(f"the table numbers of {where} are used up")
        if kept != first:
            try:
                self.store.write_counter(first)
            except OSError as error:
                raise ServerConfigError(f"cannot write the table counter {where}: {error.strerror}") from None
        return first

    async def _record_number(self, number: int) -> None:
        """Put the counter on disk past ``number`` (flushed) before the table numbered so is
        handed out, so that number, and the seeds made from it, are never handed out again
        whatever happens to the table's file; a WireError ``unavailable`` if the disk refuses.
        One write at a time, always of the newest next number, so the counter only grows."""
        async with self._numbering:
            if self._numbered > number:
                return  # a write made meanwhile covers it
            value = self._next_number
            try:
                await asyncio.to_thread(self.store.write_counter, value)
            except OSError as error:
                log.error("the table counter %s could not be saved: %s", self.store.counter, error)
                raise WireError("unavailable", "the server could not save the table; try again", 503) from None
            self._numbered = value

    def _check_served(self, table: Table) -> None:
        """A table read from its file must be one this server could have made: a person's seat
        at least, a session of a number of deals, no more deals than ``--max-deals``
        (StateError otherwise)."""
        if all(seat.is_bot for seat in table.seats):
            raise StateError("every seat is a bot's: a table is for people")
        options = table.game.options
        until, deals = getattr(options, "until", "deals"), getattr(options, "deals", None)
        if until != "deals" or type(deals) is not int:
            raise StateError(f"its session is not a number of deals (until {shown(until)})")
        if deals > self.limits.max_deals:
            raise StateError(f"its {deals} deals are more than this server's --max-deals {self.limits.max_deals}")

    # -- the games served -------------------------------------------------------------------

    def _caps(self) -> dict[str, int]:
        """The server's cap on each option of :data:`~pycards.server.tables.CAPPED`."""
        return {option: getattr(self.limits, limit) for option, limit in CAPPED.items()}

    def _served_fields(self, cls: type[Game]) -> Optional[dict[str, Field]]:
        """The options a client may set for game ``cls`` (``until`` is the server's), within
        the server's caps (:func:`~pycards.server.tables.served_fields`), or ``None`` if its
        sessions are not a number of deals (then it is not served)."""
        fields = {f.name: f for f in cls.Options.describe()}
        if "deals" not in fields or fields["deals"].kind != "int":
            return None
        if "until" in fields and "deals" not in fields["until"].choices:
            return None
        fields.pop("until", None)
        return served_fields(fields, self._caps())

    def games(self) -> list[JSON]:
        """Each game served: its name, the players it allows, the options a client may set."""
        served: list[JSON] = []
        for name in GAMES:
            cls = game_class(name)
            fields = self._served_fields(cls)
            if fields is None:
                continue
            low, high = _bounds(cls)
            served.append({"name": name, "min_players": low, "max_players": high,
                           "options": [to_json(f) for f in fields.values()]})  # fmt: skip
        return served

    def _new_game(self, request: CreateRequest, number: int) -> Game:
        try:
            name = canonical_name(request.game)
        except ValueError:
            raise WireError("unknown_game", f"unknown game {shown(request.game)}; the games are "
                            f"{', '.join(GAMES)}") from None  # fmt: skip
        cls = game_class(name)
        fields = self._served_fields(cls)
        if fields is None:
            raise WireError("unknown_game", f"this server does not serve {name}")
        low, high = _bounds(cls)
        if not low <= request.players <= high:
            raise WireError("bad_players", f"{name} needs {low} to {high} players, not {request.players}")
        if len(request.bots) >= request.players:
            raise WireError("bad_bots", "bots may play every seat but one: a table is for people")
        for seat in request.bots:
            if seat >= request.players:
                raise WireError("bad_bots", f"a bot's seat is from 0 to {request.players - 1}, not {seat}")
        options: dict[str, Any] = {}
        for key, value in request.options.items():
            if key == "until" and value != "deals":
                raise WireError("bad_options", "this server plays sessions of a number of deals: until "
                                f"must be 'deals', not {shown(value)}")  # fmt: skip
            if key not in fields and key != "until":
                raise WireError("bad_options", f"unknown {name} option {shown(key)}; the options are "
                                f"{', '.join(fields)}")  # fmt: skip
            options[key] = value
        check_capped(options, fields, self._caps())  # the counters, limit, deals, decisions a table may cost
        options = with_caps(options, fields)
        if "until" in {f.name for f in cls.Options.describe()}:
            options["until"] = "deals"
        seed = secrets.randbits(64) if self.seed is None else _mixed(self.seed, number)
        try:
            return cls(players=request.players, seed=seed, **options)
        except ValueError as error:  # GameOptionError: names the option and the client's value
            text = str(error)
            raise WireError("bad_options", text if str(seed) not in text else "bad options") from None
        except TypeError:
            raise WireError("bad_options", f"bad options for {name}") from None

    # -- tables ----------------------------------------------------------------------------

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise WireError("no_table", "no such table", 404)
        return table

    async def create(self, request: CreateRequest) -> Table:
        """A new table for ``request``, saved; its bots start at once."""
        if len(self.tables) + len(self.skipped) + self._creating >= self.limits.max_tables:
            limit = self.limits.max_tables
            raise WireError("too_many_tables", f"this server holds at most {limit} tables", 503)
        number = self._next_number
        game = self._new_game(request, number)
        self._next_number += 1
        table_id = new_table_id()
        while table_id in self.tables or table_id in self.skipped:  # never over a file that failed to load
            table_id = new_table_id()
        seats = [Seat() for _ in range(game.players)]
        for seat in request.bots:
            bot = secrets.randbits(64) if self.seed is None else _mixed(self.seed, number, "bot", seat)
            seats[seat].bot_seed = bot
            seats[seat].bot_plays = request.bots_play
        table = Table(table_id, game, seats, number, time.time(), listed=request.listed)
        self._creating += 1
        try:
            await self._record_number(number)  # before the table can be seen, so its seeds never repeat
            await self._save(table)
        finally:
            self._creating -= 1
        self.tables[table_id] = table
        self.kick_bots(table)
        return table

    async def join(self, table: Table, seat: Optional[int], key: Optional[str] = None) -> tuple[int, str]:
        """Take ``seat`` (``None``: the first free one) at ``table``: the seat and its token.
        With ``key`` (the client's secret): if a join with that key took a seat here less than
        :data:`~pycards.server.tables.JOIN_KEY_SECONDS` ago and has retries left, that seat
        again with a new token (the old one stops working; a different ``seat`` asked for is a
        WireError ``key_used``); else a join as without one, whose seat keeps the key's SHA-256
        for later retries."""
        async with table.lock:
            now = time.time()
            table.forget_join_keys(now)
            digest = None if key is None else token_digest(key)
            again = None if digest is None else table.rejoin(digest, now)
            if again is not None and seat is not None and seat != again:
                raise WireError("key_used", f"this key took seat {again}, not seat {seat}: a retry asks for the "
                                "same seat (or send a new key)", 409)  # fmt: skip
            chosen = table.choose_seat(seat) if again is None else again
            place = table.seats[chosen]
            before = place.token_sha256, place.join_key
            token = secrets.token_urlsafe(32)
            place.token_sha256 = token_digest(token)
            if digest is not None:
                held = place.join_key
                place.join_key = JoinKey(digest, now + JOIN_KEY_SECONDS, JOIN_RETRIES) if again is None \
                    else replace(held, retries=held.retries - 1) if held is not None else None
            try:
                await self._save(table)
            except WireError:
                place.token_sha256, place.join_key = before
                raise
            if table.turn_timer is None:  # the seat may be the one to act; a running clock runs on
                self._arm_turn(table)
        return chosen, token

    # -- actions ---------------------------------------------------------------------------

    async def act(self, table: Table, seat: int, message: ActionMessage) -> None:
        """Carry out ``seat``'s action at ``table``, or raise a WireError and change nothing."""
        async with table.lock:
            game = table.game
            if message.version != game.records:
                raise WireError("stale_version", f"version {message.version} is not the current version "
                                f"{game.records}")  # fmt: skip
            if game.to_act is None:
                raise WireError("session_over", "the session is over")
            if game.to_act != seat:
                raise WireError("not_your_turn", f"it is seat {game.to_act}'s turn, not seat {seat}'s")
            try:
                action = type(game).action_from_dict(message.action)
            except (ValueError, TypeError) as error:
                text = str(error) if isinstance(error, IllegalActionError) else "not an action of this game"
                raise WireError("bad_action", text) from None
            if not game.is_legal(action):
                raise WireError("illegal_action", f"{action_text(action)} is not legal now")
            await self._commit(table, action)
        self.kick_bots(table)

    async def _commit(self, table: Table, action: Action) -> None:
        """Apply a legal action to a copy of the game, save the copy, and only then make it the
        table's game and wake the watchers: ``table.game`` is always a state on disk, and a
        failed save leaves it as it was."""
        game = table.game.copy()
        try:
            game.apply(action)
        except IllegalActionError:
            raise WireError("illegal_action", f"{action_text(action)} is not legal now") from None
        await self._save(table, game)
        table.game = game
        table.notify()
        self._arm_turn(table)

    async def _save(self, table: Table, game: Optional[Game] = None) -> None:
        """Write the table's file, with ``game`` for its game if given (in a worker thread: the
        event loop goes on meanwhile); a WireError ``unavailable`` if the disk refuses.

        ``game`` is a copy of the table's game that nobody else holds until the save is done (an
        action's, under the table's lock: the seats cannot change meanwhile either), so the
        document is made in the worker thread too, off the event loop: late in a long deal it is
        the costliest part of a move. The table's own game, which the watchers read on the
        event loop, is made into its document here."""
        text = dumps(table.document()) if game is None else None

        def write() -> None:
            self.store.write(table.id, text if text is not None else dumps(table.document(game)))

        try:
            await asyncio.to_thread(write)
        except OSError as error:
            log.error("table %s could not be saved: %s", table.id, error)
            raise WireError("unavailable", "the server could not save the table; try again", 503) from None

    # -- bots --------------------------------------------------------------------------------

    def kick_bots(self, table: Table) -> None:
        """Start the table's bot task if a bot is to act and none is running."""
        if self._stopping or not table.bot_to_act():
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.create_task(self._play_bots(table), name=f"bots of table {table.id}")

    async def _play_bots(self, table: Table) -> None:
        """Play the bots' turns, one saved action at a time, while a bot is to act. At most the
        decisions the session can take (a deal's at most ``max_decisions``, the server's cap,
        even for a table whose file holds no such bound), so a task never runs unbounded."""
        game = table.game
        deals = int(getattr(game.options, "deals", 1))
        per_deal = min(game.info.max_decisions_per_deal, self.limits.max_decisions)
        bound = per_deal * (deals + 1) + SAVE_RETRIES
        for _ in range(bound):
            started = time.perf_counter()
            async with table.lock:
                if not table.bot_to_act():
                    return  # no await after this check: a kick that follows starts a new task
                try:
                    await self._commit(table, table.bot_action())
                except WireError:
                    failed = True
                else:
                    failed = False
            await asyncio.sleep(RETRY_SECONDS if failed else self._bot_pause(time.perf_counter() - started))
        log.error("the bots of table %s stopped after %d decisions", table.id, bound)

    BOT_PAUSE_SECONDS = 0.002
    """The least pause between two decisions of a table's bots."""

    @classmethod
    def _bot_pause(cls, spent: float) -> float:
        """The pause after a bot's decision that took ``spent`` seconds (its work, its save and
        the other tables' turns meanwhile): :data:`BACKGROUND_REST` times as long, and at least
        :attr:`BOT_PAUSE_SECONDS`. So a table's bots take at most a quarter of the event loop,
        less the busier it is, and a table of bots raising for a whole deal never holds up the
        others; a person never notices a bot taking a few milliseconds."""
        return max(cls.BOT_PAUSE_SECONDS, BACKGROUND_REST * spent)

    # -- the turn timer -------------------------------------------------------------------

    def _arm_turn(self, table: Table) -> None:
        """Start the table's turn clock afresh if there is a timer and a person who has joined
        is to act (and stop the old one either way): when it runs out with the table still at
        this version, :meth:`_play_timed_out` plays the turn."""
        if table.turn_timer is not None:
            table.turn_timer.cancel()
            table.turn_timer = None
        seconds = self.limits.turn_seconds
        if seconds is None or self._stopping or table.person_to_act() is None:
            return
        version = table.game.records
        table.turn_timer = asyncio.get_running_loop().call_later(seconds, self._turn_due, table, version)

    def _turn_due(self, table: Table, version: int) -> None:
        """The turn clock ran out: play the turn in a task of its own (kept for :meth:`stop`)."""
        table.turn_timer = None
        if self._stopping:
            return
        task = asyncio.create_task(self._play_timed_out(table, version), name=f"turn timer of table {table.id}")
        self._turn_tasks.add(task)
        task.add_done_callback(self._turn_tasks.discard)

    async def _play_timed_out(self, table: Table, version: int) -> None:
        """Play the turn of the person to act with the game's built-in policy, unless the table
        has moved past ``version`` meanwhile (they acted: their action started a new clock). A
        failed save starts the clock again."""
        async with table.lock:
            seat = table.person_to_act()
            if seat is None or table.game.records != version:
                return
            seed = secrets.randbits(64) if self.seed is None else _mixed(self.seed, table.number, "turn", version)
            try:
                await self._commit(table, policy_action(table.game, seed))
            except WireError:
                self._arm_turn(table)
                return
        log.info("table %s: seat %d let its turn time run out; the game's policy played the turn", table.id, seat)
        self.kick_bots(table)

    def start(self) -> None:
        """Start the bots of every table where a bot is to act, and the turn clock of every table
        where a person is (after a restart: each has the whole turn time again)."""
        self._stopping = False
        for table in self.tables.values():
            self.kick_bots(table)
            self._arm_turn(table)

    async def stop(self) -> None:
        """Stop every bot task and turn clock (each task stops between two actions, or in a save,
        which completes)."""
        self._stopping = True
        for table in self.tables.values():
            self._arm_turn(table)  # stopping: only stops the clock
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None and not t.bot_task.done()]
        tasks += [task for task in self._turn_tasks if not task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
