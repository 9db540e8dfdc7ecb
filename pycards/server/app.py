"""The ASGI application: HTTP routes, the WebSocket route, the page, and :func:`serve`.

Routes (formats in docs/server.md):

* ``GET /``: the page to play a seat in a browser (``/static/app.js``, ``/static/style.css``);
* ``GET /api/games``: the games served, the players they allow, the options a client may set,
  and the server's turn time (``turn_seconds``, ``null`` for no timer);
* ``GET /api/tables``: the open tables and the finished ones, with their results (newest
  first), except those made unlisted (``"listed": false``: reached by their id, the invite,
  alone); ``POST /api/tables``: make a table;
* ``GET /api/tables/{id}``: one table's public facts;
* ``POST /api/tables/{id}/join``: take a seat, and get its token (a join with a ``key`` of the
  client's own can be sent again, its reply lost, for the same seat and a new token);
* ``WS /api/tables/{id}/ws``: a seat's or a spectator's connection.

Every refusal is JSON, ``{"error": {"code": ..., "message": ...}}`` with a 4xx
status (5xx when the server cannot save, or a bug: the message then says only
"internal error"; the details go to the server's log). Request bodies are JSON
objects of at most ``message_bytes`` (64 KiB), sent as ``application/json``.
"""

from __future__ import annotations

import asyncio
import contextlib
import http
import importlib.resources
import logging
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Optional, Union, cast

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from pycards.games.engine.document import shown
from pycards.server.connection import Connection
from pycards.server.errors import ServerConfigError, WireError
from pycards.server.lobby import Limits, Lobby
from pycards.server.messages import read_create, read_join
from pycards.server.tables import TABLE_ID
from pycards.server.wire import JSON, parse

__all__ = ["LISTED_TABLES", "create_app", "guarded_protocol", "serve", "server_options"]

log = logging.getLogger("pycards.server")

LISTED_TABLES = 100
"""``GET /api/tables`` lists at most this many open tables, and as many finished ones."""
_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"default-src 'self'; connect-src 'self'; frame-ancestors 'none'"),
    (b"cache-control", b"no-store"),
]


class _SecurityHeaders:
    """Adds headers to every HTTP response: no sniffing, no framing, only this origin's
    scripts and connections (the page loads nothing from anywhere else)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [*message.get("headers", []), *_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


def _error(error: WireError) -> JSONResponse:
    return JSONResponse({"error": {"code": error.code, "message": error.message}}, status_code=error.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such route, a wrong method) as JSON; never their detail."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    try:
        phrase = http.HTTPStatus(status).phrase.lower()
    except ValueError:
        phrase = "error"
    code = {404: "not_found", 405: "method_not_allowed"}.get(status, "http_error")
    return JSONResponse({"error": {"code": code, "message": phrase}}, status_code=status)


async def _internal_error(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": {"code": "internal", "message": "internal error"}}, status_code=500)


async def _body(request: Request, limit: int) -> Any:
    """The JSON body of ``request``: ``application/json`` of at most ``limit`` bytes."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise WireError("bad_content_type", "send the body as application/json", 415)
    length = request.headers.get("content-length", "")
    if length.isascii() and length.isdigit() and (len(length) > 12 or int(length) > limit):
        raise WireError("too_large", f"the body is larger than the limit of {limit} bytes", 413)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise WireError("too_large", f"the body is larger than the limit of {limit} bytes", 413)
        chunks.append(chunk)
    return parse(b"".join(chunks), limit)


def _table_id(request: Union[Request, WebSocket]) -> str:
    table_id = request.path_params.get("table", "")
    if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
        raise WireError("no_table", "no such table", 404)
    return table_id


def _page() -> str:
    return importlib.resources.files("pycards.server").joinpath("static", "index.html").read_text("utf-8")


def _data_path(data_dir: object) -> Path:
    """The data directory as a path: a non-empty ``str`` or a ``Path`` without a NUL, else
    ServerConfigError (an empty name would quietly mean the current directory). A str
    subclass is read as its characters (its own methods never run)."""
    if type(data_dir) is not str and issubclass(type(data_dir), str):
        data_dir = str.__str__(cast(str, data_dir))
    if not isinstance(data_dir, (str, Path)):
        raise ServerConfigError(f"the data directory must be a path (a str or a Path), not {shown(data_dir)}")
    path = Path(data_dir)
    text = str(path) if isinstance(data_dir, Path) else data_dir
    if not text:
        raise ServerConfigError("the data directory must be named, not ''")
    if "\x00" in text:
        raise ServerConfigError(f"the data directory must not hold a NUL character, not {shown(text)}")
    return path


def create_app(data_dir: Union[str, Path], *, seed: Optional[int] = None, max_tables: int = 1000,
               max_deals: int = 100, max_watchers: int = 32, message_bytes: int = 64 * 1024,
               hello_seconds: float = 10.0, max_counters: int = 100_000, max_limit: int = 1000,
               max_decisions: int = 1000, turn_seconds: Optional[float] = None,
               fsync: bool = True) -> Starlette:  # fmt: skip
    """The game server over the tables kept in ``data_dir`` (made if missing; every table found
    there is resumed). ``seed``: the operator's seed, from which every table's seed is derived,
    for reproducible runs (whoever knows it can predict every deal; ``None``: each table's seed
    is drawn with :mod:`secrets`). The limits are :class:`~pycards.server.lobby.Limits`
    (``turn_seconds``: the turn timer, ``None`` for none); ``fsync`` flushes every save to the
    disk. A bad value raises ServerConfigError naming it.
    """
    limits = Limits(max_tables, max_deals, max_watchers, message_bytes, hello_seconds, max_counters, max_limit,
                    max_decisions, turn_seconds)  # fmt: skip
    if type(fsync) is not bool:
        raise ServerConfigError(f"fsync must be True or False, not {shown(fsync)}")
    lobby = Lobby(_data_path(data_dir), limits, seed=seed, fsync=fsync)
    page = _page()

    async def index(request: Request) -> Response:
        return HTMLResponse(page)

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)  # the page has no icon: say so, rather than 404

    async def games(request: Request) -> Response:
        return JSONResponse({"games": lobby.games(), "turn_seconds": limits.turn_seconds})

    async def tables(request: Request) -> Response:
        try:
            if request.method in ("GET", "HEAD"):  # HEAD: Starlette adds it to a GET route; it is never a create
                newest = sorted((t for t in lobby.tables.values() if t.listed), key=lambda t: -t.number)
                listed = [t for t in newest if t.game.to_act is not None][:LISTED_TABLES]
                done = [t for t in newest if t.game.to_act is None][:LISTED_TABLES]
                summaries: list[JSON] = [t.summary() for t in listed]
                finished: list[JSON] = [t.summary() for t in done]
                return JSONResponse({"tables": summaries, "finished": finished})
            table = await lobby.create(read_create(await _body(request, limits.message_bytes)))
            return JSONResponse(table.summary(), status_code=201)
        except WireError as error:
            return _error(error)

    async def table(request: Request) -> Response:
        try:
            return JSONResponse(lobby.get(_table_id(request)).summary())
        except WireError as error:
            return _error(error)

    async def join(request: Request) -> Response:
        try:
            found = lobby.get(_table_id(request))
            wanted = read_join(await _body(request, limits.message_bytes))
            seat, token = await lobby.join(found, wanted.seat, wanted.key)
            return JSONResponse({"table": found.id, "seat": seat, "token": token})
        except WireError as error:
            return _error(error)

    async def socket(websocket: WebSocket) -> None:
        table_id = websocket.path_params.get("table", "")
        await Connection(websocket, lobby, table_id if isinstance(table_id, str) else "").run()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby.start()
        try:
            yield
        finally:
            await lobby.stop()

    static = StaticFiles(packages=[("pycards.server", "static")])
    app = Starlette(
        routes=[
            Route("/", index),
            Route("/favicon.ico", no_icon),
            Mount("/static", static, name="static"),
            Route("/api/games", games),
            Route("/api/tables", tables, methods=["GET", "POST"]),
            Route("/api/tables/{table}", table),
            Route("/api/tables/{table}/join", join, methods=["POST"]),
            WebSocketRoute("/api/tables/{table}/ws", socket),
        ],
        exception_handlers={HTTPException: _http_error, Exception: _internal_error},
        lifespan=lifespan,
    )
    app.add_middleware(_SecurityHeaders)
    app.state.lobby = lobby
    return app


def _check_host(host: object, port: object, log_level: object) -> None:
    """ServerConfigError unless ``host`` names an address this machine can resolve, ``port`` is a
    port (0 to 65535) and ``log_level`` one of uvicorn's names or a :mod:`logging` level from 0 to
    50 (so the operator reads why, rather than uvicorn's log line and an exit status of 3)."""
    if type(port) is not int or not 0 <= port <= 65535:
        raise ServerConfigError(f"the port must be a whole number from 0 to 65535, not {shown(port)}")
    from uvicorn.config import LOG_LEVELS

    if type(log_level) is str:
        known = log_level in LOG_LEVELS
    else:
        known = type(log_level) is int and 0 <= log_level <= 50
    if not known:
        raise ServerConfigError(f"the log level must be one of {', '.join(LOG_LEVELS)} (or a level from 0 "
                                f"to 50), not {shown(log_level)}")  # fmt: skip
    if not isinstance(host, str) or not host:
        raise ServerConfigError(f"the host must be a name or an address, not {shown(host)}")
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, ValueError) as error:  # ValueError: a NUL; UnicodeError: a name IDNA refuses
        raise ServerConfigError(f"cannot use the host {shown(host)}: {error}") from None


HEAD_SECONDS = 10.0
"""How long a new TCP connection (or a kept-alive one between requests) may take to send a whole
request head before the server closes it; uvicorn alone never times out a silent connection."""
KEEP_ALIVE_SECONDS = 5.0
"""How long a kept-alive HTTP connection may stay idle after a response (uvicorn's own timer)."""
FD_RESERVE = 64
"""Open files kept back from ``max_connections`` for the server's own use (table files, logs)."""
DEFAULT_MAX_CONNECTIONS = 4096
"""The most connections by default, if the process may open that many files (and the reserve)."""
HEAD_BYTES = 16 * 1024
"""The largest request head (the request line and the headers) the server reads."""
ACCEPT_IN_FLIGHT = 4
"""asyncio accepts up to ``backlog`` connections each loop turn, and a connection closed for being
one too many gives its file back only some turns later: this many batches may be open above the cap."""


def _open_files() -> Optional[int]:
    """The most files this process may open (its soft ``RLIMIT_NOFILE``), or ``None`` if unknown."""
    try:
        import resource
    except ImportError:  # not on this platform
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY or soft <= 0 else int(soft)


def _backlog(files: Optional[int]) -> int:
    """The listen backlog, which is also how many connections asyncio accepts in one loop turn:
    small enough that a burst cannot open more files than ``files`` allows before the cap acts."""
    return 128 if files is None else max(8, min(128, files // 4))


def _room(files: Optional[int]) -> Optional[int]:
    """How many connections fit in ``files`` open files, less the reserve and a burst's accepts."""
    if files is None:
        return None
    return max(files - FD_RESERVE - ACCEPT_IN_FLIGHT * _backlog(files), files // 4, 1)


def _connection_cap(max_connections: object) -> int:
    """``max_connections`` checked against what the process may open (ServerConfigError naming it
    otherwise), or by default the smaller of :data:`DEFAULT_MAX_CONNECTIONS` and what the
    open-file limit has room for (:func:`_room`): past the limit, ``accept`` fails and asyncio
    logs an error for each failure."""
    files = _open_files()
    room = _room(files)
    if max_connections is None:
        return DEFAULT_MAX_CONNECTIONS if room is None else min(DEFAULT_MAX_CONNECTIONS, room)
    if type(max_connections) is not int or not 1 <= max_connections <= 10**6:
        raise ServerConfigError(f"max_connections must be a whole number from 1 to {10**6}, "
                                f"not {shown(max_connections)}")  # fmt: skip
    if files is not None and room is not None and max_connections > room:
        raise ServerConfigError(f"max_connections {max_connections} is more than this process has room for: "
                                f"{room} (ulimit -n {files}, less {files - room} for the server's files and "
                                "connections being accepted)")  # fmt: skip
    return max_connections


def _seconds(value: object, name: str) -> float:
    """``value`` as a number of seconds above 0 and at most an hour; ServerConfigError otherwise."""
    if type(value) not in (int, float) or not 0 < cast(float, value) <= 3600:
        raise ServerConfigError(f"{name} must be more than 0 and at most 3600 seconds, not {shown(value)}")
    return float(cast(float, value))


def guarded_protocol(head_seconds: float = HEAD_SECONDS, max_connections: int = DEFAULT_MAX_CONNECTIONS) -> Any:
    """uvicorn's h11 HTTP protocol, with what uvicorn lacks against silent strangers: a connection
    must send a whole request head within ``head_seconds`` of opening (and of each response it
    keeps alive after), or it is closed; and at most ``max_connections`` connections (HTTP and
    WebSocket) are open at once: one more closes the oldest that has not yet sent a request
    head, or, if every one has, the new one. So silent sockets cost a slot for ``head_seconds``
    at most, and a client that speaks at once gets in even while they arrive."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    waiting: dict[Any, None] = {}  # the connections yet to send a request head, oldest first

    class GuardedProtocol(H11Protocol):
        _head_timer: Optional[asyncio.TimerHandle] = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if len(self.connections) > max_connections:
                oldest = next(iter(waiting), None)
                if oldest is None:  # every slot serves a client that spoke: refuse this one
                    self.transport.close()
                    return
                oldest.drop()
            self._await_head()

        def _await_head(self) -> None:
            """Start the clock for the next request head."""
            self._stop_waiting()
            waiting[self] = None
            self._head_timer = self.loop.call_later(head_seconds, self._head_due, self.cycle)

        def _awaiting_head(self, cycle: object) -> bool:
            """Whether this connection is still waiting for the head after the request ``cycle``."""
            transport = self.transport
            return (self.cycle is cycle and not transport.is_closing() and transport.get_protocol() is self
                    and self.conn.their_state is h11.IDLE)  # fmt: skip

        def _head_due(self, cycle: object) -> None:
            self._head_timer = None
            if self._awaiting_head(cycle):
                self.drop()
            else:
                self._stop_waiting()

        def _stop_waiting(self) -> None:
            waiting.pop(self, None)
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def drop(self) -> None:
            """Close this connection: it never sent a request head in time (or a newer one needs its slot)."""
            self._stop_waiting()
            if not self.transport.is_closing():
                self.transport.close()

        def handle_events(self) -> None:
            super().handle_events()
            if self in waiting and not self._awaiting_head(self.cycle):  # a head came, or an upgrade
                self._stop_waiting()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self.transport.get_protocol() is self:
                self._await_head()

        def connection_lost(self, exc: Optional[Exception]) -> None:
            self._stop_waiting()
            super().connection_lost(exc)

    return GuardedProtocol


def server_options(*, log_level: Union[str, int] = "info", message_bytes: int = 64 * 1024,
                   head_seconds: float = HEAD_SECONDS, keep_alive_seconds: float = KEEP_ALIVE_SECONDS,
                   max_connections: Optional[int] = None) -> dict[str, Any]:  # fmt: skip
    """The keywords of ``uvicorn.run`` (or ``uvicorn.Config``) :func:`serve` uses: each WebSocket
    message limited to ``message_bytes``, request heads to :data:`HEAD_BYTES`, the connection
    limits of :func:`guarded_protocol` (``max_connections`` ``None``: :func:`_connection_cap`'s
    default) and ``keep_alive_seconds`` for an idle kept-alive connection. A bad value raises
    ServerConfigError naming it."""
    head = _seconds(head_seconds, "head_seconds")
    keep_alive = _seconds(keep_alive_seconds, "keep_alive_seconds")
    cap = _connection_cap(max_connections)
    return {"ws_max_size": message_bytes, "log_level": log_level, "lifespan": "on",
            "http": guarded_protocol(head, cap), "timeout_keep_alive": keep_alive,
            "h11_max_incomplete_event_size": HEAD_BYTES, "backlog": _backlog(_open_files())}  # fmt: skip


def serve(data_dir: Union[str, Path], host: str = "127.0.0.1", port: int = 8000, *,
          log_level: str = "info", head_seconds: float = HEAD_SECONDS,
          keep_alive_seconds: float = KEEP_ALIVE_SECONDS, max_connections: Optional[int] = None,
          **options: Any) -> None:  # fmt: skip
    """Run :func:`create_app` (``options`` are its keywords) with uvicorn on ``host``:``port``
    until interrupted, with :func:`server_options`: a request head within ``head_seconds``,
    ``keep_alive_seconds`` idle after a response, at most ``max_connections`` connections at
    once, each WebSocket message limited to ``message_bytes`` by uvicorn too."""
    from pycards.server import require

    require()  # uvicorn serves WebSockets only with a WebSocket library installed
    import uvicorn

    _check_host(host, port, log_level)
    limit = int(options.get("message_bytes", 64 * 1024))
    settings = server_options(log_level=log_level, message_bytes=limit, head_seconds=head_seconds,
                              keep_alive_seconds=keep_alive_seconds, max_connections=max_connections)  # fmt: skip
    app = create_app(data_dir, **options)
    uvicorn.run(app, host=host, port=port, **settings)
