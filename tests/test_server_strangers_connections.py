"""Connections among strangers: silent sockets are timed out, a flood of them never locks a
client out, seated players always get in past a table full of spectators (issue 26).

Each test runs a real uvicorn server on 127.0.0.1 (in a thread, or ``pycards serve`` in a
child process under a small open-file limit) with short limits, so each takes a second or two.
"""

from __future__ import annotations

import asyncio
import json
import resource
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional

import httpx
import pytest
from test_server_cli import start_server
from test_server_views import watchdog  # noqa: F401

from pycards.server import ServerConfigError, create_app
from pycards.server.app import server_options
from pycards.server.connection import SEAT_CONNECTIONS
from pycards.server.messages import RECORDS_PER_MESSAGE

GRACE = 3.0
"""How long past a timeout the server may take to act on it (2 busy cores)."""


class Served:
    """``app`` on 127.0.0.1 (a free port) by uvicorn with :func:`server_options`, in a thread."""

    def __init__(self, app: Any, **options: Any) -> None:
        import uvicorn

        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        config = uvicorn.Config(app, timeout_graceful_shutdown=2, **server_options(log_level="warning", **options))
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Served:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.socket.close()


def _silent(port: int, count: int) -> list[socket.socket]:
    """``count`` TCP connections to ``port`` that never send a byte."""
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sockets.append(sock)
    return sockets


def _closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes ``sock`` within ``within`` seconds (it never sent anything)."""
    sock.settimeout(within)
    try:
        return sock.recv(1024) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        return False


@pytest.fixture
def closing() -> Iterator[list[socket.socket]]:
    """A list of sockets closed after the test."""
    sockets: list[socket.socket] = []
    yield sockets
    for sock in sockets:
        sock.close()


# --------------------------------------------------------------------------------------
# idle connections
# --------------------------------------------------------------------------------------


def test_silent_and_trickling_connections_are_closed_after_head_seconds(
        tmp_path: Path, closing: list[socket.socket]) -> None:  # fmt: skip
    """uvicorn starts no timer before a first request: a socket that says nothing, or trickles a
    request head a byte at a time, used to be kept open forever."""
    with Served(create_app(tmp_path, fsync=False), head_seconds=0.5) as server:
        closing += _silent(server.port, 20)
        trickle = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        closing.append(trickle)
        started = time.monotonic()
        trickled_closed = False
        for byte in b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 60:
            try:
                trickle.send(bytes([byte]))
            except OSError:
                trickled_closed = True
                break
            time.sleep(0.05)
        assert trickled_closed or _closed_by_server(trickle, GRACE), "a trickled head was kept open"
        assert time.monotonic() - started < 0.5 + GRACE
        assert all(_closed_by_server(sock, GRACE) for sock in closing[:20]), "a silent socket was kept open"
        reply = httpx.get(server.http + "/api/games", timeout=5)
        assert reply.status_code == 200


def test_a_kept_alive_connection_that_goes_on_serving_is_never_cut(tmp_path: Path) -> None:
    """The head clock runs only while a connection waits for a request head: a client sending
    request after request on one connection, for longer than head_seconds, is served throughout."""
    with Served(create_app(tmp_path, fsync=False), head_seconds=0.5, keep_alive_seconds=5) as server:
        with httpx.Client(base_url=server.http, timeout=5) as client:
            deadline = time.monotonic() + 1.5
            while time.monotonic() < deadline:
                assert client.get("/api/tables").status_code == 200
                time.sleep(0.2)
            assert client.get("/api/games").status_code == 200


def test_a_flood_of_silent_connections_never_locks_a_client_out(tmp_path: Path,
                                                               closing: list[socket.socket]) -> None:  # fmt: skip
    """Past max_connections a new connection closes the oldest one yet to send a request head:
    silent sockets, however many, cannot keep a client that speaks at once from being served,
    even with a head timeout far longer than the test."""
    app = create_app(tmp_path, fsync=False)
    with Served(app, head_seconds=60, max_connections=16) as server:
        closing += _silent(server.port, 40)
        started = time.monotonic()
        reply = httpx.get(server.http + "/api/games", timeout=5)
        assert reply.status_code == 200 and time.monotonic() - started < GRACE
        assert sum(_closed_by_server(sock, 0.2) for sock in closing[:20]) == 20, "the oldest silent ones stay"
        table = httpx.post(server.http + "/api/tables", json={"game": "vingt_un", "players": 2, "bots": [1]},
                           timeout=5).json()  # fmt: skip
        joined = httpx.post(f"{server.http}/api/tables/{table['table']}/join", json={}, timeout=5).json()
        hello = {"seat": joined["seat"], "token": joined["token"], "since": 0}
        assert _ws_first_message(server.port, table["table"], hello)["type"] == "update"


def _ws_first_message(port: int, table: str, hello: dict[str, Any]) -> dict[str, Any]:
    """The first message a WebSocket client gets at ``table`` after saying ``hello``."""
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{port}/api/tables/{table}/ws", open_timeout=5, close_timeout=2) as ws:
        ws.send(json.dumps(hello))
        message: dict[str, Any] = json.loads(ws.recv(timeout=5))
        return message


def _serve_with_few_files(data: Path, files: int, *flags: str) -> tuple[subprocess.Popen[str], int]:
    """``pycards serve`` in a child process that may open at most ``files`` files (``ulimit -n``)."""
    process, base = start_server(data, *flags, files=files)
    return process, int(base.rsplit(":", 1)[1])


def test_pycards_serve_under_ulimit_256_serves_a_client_past_300_silent_sockets(
        tmp_path: Path, closing: list[socket.socket]) -> None:  # fmt: skip
    """The issue's attack: with ``ulimit -n 256``, 300 idle connections used to exhaust the
    server's files (every client locked out, asyncio logging a traceback per failed accept).
    The default connection cap keeps the server within its files, so a client gets in at once,
    and ``--head-seconds`` closes the silent ones."""
    process, port = _serve_with_few_files(tmp_path / "data", 256, "--head-seconds", "2")
    try:
        closing += _silent(port, 300)
        started = time.monotonic()
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5).status_code == 200
        assert time.monotonic() - started < GRACE
        assert all(_closed_by_server(sock, 2 + GRACE) for sock in closing), "a silent socket was kept open"
    finally:
        process.send_signal(signal.SIGINT)
        output = process.communicate(timeout=20)[0]
    assert process.returncode == 0, output
    assert "Traceback" not in output and "Too many open files" not in output, output[-2000:]


@pytest.mark.parametrize(("options", "words"), [
    ({"head_seconds": 0}, "head_seconds"),
    ({"head_seconds": float("nan")}, "head_seconds"),
    ({"keep_alive_seconds": True}, "keep_alive_seconds"),
    ({"keep_alive_seconds": 7200}, "keep_alive_seconds"),
    ({"max_connections": 0}, "max_connections"),
    ({"max_connections": "9"}, "max_connections"),
    ({"max_connections": 10**6}, "max_connections"),
])  # fmt: skip
def test_bad_connection_limits_are_refused_naming_the_value(options: dict[str, Any], words: str) -> None:
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if options.get("max_connections") == 10**6 and (soft == resource.RLIM_INFINITY or soft > 10**6 + 64):
        pytest.skip("this process may open a million files")
    with pytest.raises(ServerConfigError, match=words):
        server_options(**options)


# --------------------------------------------------------------------------------------
# seats for players
# --------------------------------------------------------------------------------------


def _table_of_two(base: str) -> tuple[str, list[str]]:
    """A new Vingt-un table of two people, both seats joined: its id and the seats' tokens."""
    table = httpx.post(base + "/api/tables", json={"game": "vingt_un", "players": 2}, timeout=5).json()["table"]
    tokens = [httpx.post(f"{base}/api/tables/{table}/join", json={"seat": s}, timeout=5).json()["token"]
              for s in range(2)]  # fmt: skip
    return table, tokens


async def _opened(url: str, hello: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """A WebSocket to ``url`` that said ``hello``, and the first message it got."""
    from websockets.asyncio.client import connect

    ws = await connect(url, open_timeout=5, close_timeout=2, max_size=2**22)
    await ws.send(json.dumps(hello))
    return ws, json.loads(await asyncio.wait_for(ws.recv(), 5))


async def _last_message_and_close(ws: Any) -> tuple[dict[str, Any], Optional[int]]:
    """The last message ``ws`` gets before the server closes it, and the close code."""
    from websockets.exceptions import ConnectionClosed

    last: dict[str, Any] = {}
    try:
        while True:
            last = json.loads(await asyncio.wait_for(ws.recv(), 5))
    except ConnectionClosed:
        return last, ws.close_code


def test_thirty_two_spectators_never_lock_the_seated_players_out(tmp_path: Path) -> None:
    """The default 32 spectators fill the spectators' places (the 33rd is refused), and both
    seated players still get in: they used to be refused ``too_many_connections``."""
    with Served(create_app(tmp_path, fsync=False)) as server:
        table, tokens = _table_of_two(server.http)
        url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws"

        async def scenario() -> None:
            opened = [await _opened(url, {"seat": None, "since": 0}) for _ in range(32)]
            try:
                assert all(first["type"] == "update" for _, first in opened)
                extra, refusal = await _opened(url, {"seat": None})
                assert refusal["type"] == "error" and refusal["code"] == "too_many_connections"
                await extra.close()
                for seat in range(2):
                    ws, first = await _opened(url, {"seat": seat, "token": tokens[seat], "since": 0})
                    opened.append((ws, first))
                    assert first["type"] == "update" and first["seat"] == seat
                wrong, refused = await _opened(url, {"seat": 0, "token": tokens[1]})  # a seat needs its token
                assert refused["code"] == "unauthorized"
                await wrong.close()
            finally:
                await asyncio.gather(*(ws.close() for ws, _ in opened))

        asyncio.run(scenario())


def test_a_seat_holds_a_few_connections_and_a_newer_one_replaces_the_oldest(tmp_path: Path) -> None:
    """A seat's connections are bounded apart from the spectators': past SEAT_CONNECTIONS, the
    newest (its token checked) gets in and the seat's oldest is told ``replaced`` and closed;
    the other connections of the seat stay."""
    with Served(create_app(tmp_path, fsync=False, max_watchers=1)) as server:
        table, tokens = _table_of_two(server.http)
        url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws"
        hello = {"seat": 0, "token": tokens[0]}

        async def scenario() -> None:
            opened = [await _opened(url, hello) for _ in range(SEAT_CONNECTIONS)]
            try:
                newest, first = await _opened(url, hello)
                opened.append((newest, first))
                assert first["type"] == "update"
                last, code = await _last_message_and_close(opened[0][0])
                assert last["type"] == "error" and last["code"] == "replaced" and code == 1008
                for ws, _ in opened[1:]:
                    await asyncio.wait_for(await ws.ping(), 5)  # still open: it answers a ping
                spectator, update = await _opened(url, {"seat": None})  # the seat's five never counted
                opened.append((spectator, update))
                assert update["type"] == "update"
            finally:
                await asyncio.gather(*(ws.close() for ws, _ in opened))

        asyncio.run(scenario())


# --------------------------------------------------------------------------------------
# reconnects in pieces
# --------------------------------------------------------------------------------------


def _long_game(players: int) -> Any:
    """A Vingt-un session of 100 deals played to the end at random: about 900 records."""
    import random

    from pycards.games import new_game

    game = new_game("vingt_un", players=players, seed=8_765_432_109_876_543, deals=100)
    rng = random.Random(7)
    while game.to_act is not None:
        game.apply(rng.choice(game.legal_actions()))
    return game


async def _whole_log(url: str, hello: dict[str, Any]) -> list[str]:
    """Every message a client that says ``hello`` gets, up to and with its first update."""
    from websockets.asyncio.client import connect

    raws: list[str] = []
    async with connect(url, open_timeout=5, close_timeout=2, max_size=2**22) as ws:
        await ws.send(json.dumps(hello))
        while True:
            raw = await asyncio.wait_for(ws.recv(), 10)
            assert isinstance(raw, str)
            raws.append(raw)
            if json.loads(raw)["type"] != "records":
                return raws


def test_a_reconnect_from_the_start_of_a_long_table_comes_in_bounded_pieces(tmp_path: Path) -> None:
    """A spectator or a seat asking for the whole log of a 900-record table used to get it in
    one message of about 290 KB, built in one go on the event loop: it now gets pieces of at
    most RECORDS_PER_MESSAGE records, then the update, which together hold exactly the records
    (the seat's own view of each) the one message held."""
    from pycards.server.messages import update_message

    app = create_app(tmp_path, fsync=False)
    with Served(app) as server:
        made = httpx.post(server.http + "/api/tables", json={"game": "vingt_un", "players": 4}, timeout=5).json()
        token = httpx.post(f"{server.http}/api/tables/{made['table']}/join", json={"seat": 2}, timeout=5).json()
        table = app.state.lobby.tables[made["table"]]
        table.game = _long_game(4)  # as if played here: every record kept, from 0
        url = f"ws://127.0.0.1:{server.port}/api/tables/{table.id}/ws"
        for seat, hello in ((None, {"seat": None, "since": 0}), (2, {"seat": 2, "token": token["token"], "since": 0})):
            raws = asyncio.run(_whole_log(url, hello))
            messages = [json.loads(raw) for raw in raws]
            whole = update_message(table.id, table.game, seat, 0)
            assert len(whole["events"]) > 3 * RECORDS_PER_MESSAGE
            assert len(messages) >= 4 and messages[-1]["type"] == "update"
            assert messages[0]["since"] == 0 and messages[-1]["version"] == table.game.records
            for before, after in zip(messages, messages[1:]):  # contiguous: each starts where the last ended
                assert after["since"] == before["until"]
            for message, raw in zip(messages, raws):
                assert len(message["events"]) <= RECORDS_PER_MESSAGE and len(raw) < 160_000
                assert message["seat"] == seat
            events = [event for message in messages for event in message["events"]]
            assert events == json.loads(json.dumps(whole["events"]))
            assert {k: v for k, v in messages[-1].items() if k not in ("since", "events")} == \
                json.loads(json.dumps({k: v for k, v in whole.items() if k not in ("since", "events")}))
        seed = str(table.game.to_dict()["seed"])
        assert all(seed not in raw and token["token"] not in raw for raw in raws)


def test_a_short_log_still_comes_in_one_update(tmp_path: Path) -> None:
    """At most RECORDS_PER_MESSAGE records to send: one update, as before (no pieces)."""
    with Served(create_app(tmp_path, fsync=False)) as server:
        table, tokens = _table_of_two(server.http)
        url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws"
        raws = asyncio.run(_whole_log(url, {"seat": 0, "token": tokens[0], "since": 0}))
        assert len(raws) == 1 and json.loads(raws[0])["type"] == "update"


def test_the_pieces_hold_still_while_the_table_moves_on() -> None:
    """The pieces are built across awaits, while the lobby copies the table's game for its next
    action (a copy reorders the original's stored records): they are still exactly the records
    asked for, none skipped, none twice."""
    import random

    from pycards.games import new_game
    from pycards.server.messages import backlog_messages, update_message

    game = new_game("vingt_un", players=4, seed=8_765_432_109_876_543, deals=100)
    rng = random.Random(7)
    while game.to_act is not None and game.records < 300:
        game.apply(rng.choice(game.legal_actions()))
    game = game.copy()  # as the lobby does: the first 300 records stored apart, the rest after
    while game.to_act is not None:
        game.apply(rng.choice(game.legal_actions()))
    whole = update_message("t", game, 1, 0)["events"]
    pieces = backlog_messages("t", game, 1, 0)
    got: list[Any] = list(next(pieces)["events"])  # type: ignore[arg-type]
    game.copy()  # the next action's copy, between two pieces
    got += [event for piece in pieces for event in piece["events"]]  # type: ignore[union-attr]
    assert len(got) == game.records - RECORDS_PER_MESSAGE and got == whole[: len(got)]
