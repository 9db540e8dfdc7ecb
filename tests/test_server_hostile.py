"""Hostile clients: every malformed, tampered, stale, oversized or unauthorized message is
refused with an error, changes nothing (the game's ``to_dict()`` and ``records`` before and
after are equal), echoes nothing internal, and leaves the server serving.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect
from test_server_views import TestClient, receive, watchdog  # noqa: F401

from pycards.server import create_app
from pycards.server.connection import MAX_QUEUED, Connection, _Close
from pycards.server.errors import WireError
from pycards.server.lobby import Lobby

LIMIT = 64 * 1024
INTERNALS = ("Traceback", 'File "', "pycards/", "site-packages", "Error(", "sha256", "tables/", "__")
"""Words of a traceback, a path or a class's internals: none is ever in an error message."""


class Table:
    """A table of three people at a TestClient, every seat joined."""

    def __init__(self, client: TestClient, tmp_path: Path) -> None:
        self.client = client
        request = {"game": "vingt_un", "players": 3, "options": {"deals": 2}}
        response = client.post("/api/tables", json=request)
        assert response.status_code == 201
        self.id = response.json()["table"]
        self.tokens = [client.post(f"/api/tables/{self.id}/join", json={"seat": s}).json()["token"]
                       for s in range(3)]  # fmt: skip
        self.lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
        self.file = tmp_path / "tables" / f"{self.id}.json"
        self.open: list[Any] = []

    @property
    def game(self) -> Any:
        return self.lobby.tables[self.id].game

    @property
    def secrets(self) -> tuple[str, ...]:
        """The seed's digits and every token: never in a message."""
        return (str(self.game.to_dict()["seed"]), *self.tokens)

    def snapshot(self) -> tuple[Any, int, str]:
        return self.game.to_dict(), self.game.records, self.file.read_text()

    def connect(self, seat: int | None) -> Any:
        context = self.client.websocket_connect(f"/api/tables/{self.id}/ws")
        ws = context.__enter__()
        self.open.append(context)
        hello = {"seat": seat} if seat is None else {"seat": seat, "token": self.tokens[seat]}
        ws.send_text(json.dumps(hello))
        update = receive(ws)
        assert update["type"] == "update"
        return context, ws, update


@pytest.fixture
def table(tmp_path: Path, watchdog: None) -> Iterator[Table]:
    with TestClient(create_app(tmp_path, fsync=False, hello_seconds=0.5)) as client:
        made = Table(client, tmp_path)
        try:
            yield made
        finally:  # a failed test leaves its sockets open: close them, or the client waits for them
            for context in made.open:
                try:
                    context.__exit__(None, None, None)
                except Exception:
                    pass


def _clean(error: dict[str, Any], secrets: tuple[str, ...] = (), sent: str = "") -> None:
    """An error message: its own fields only, short, nothing internal (nor ``secrets``) in it,
    but what the client itself ``sent`` (a message may quote the client's own field)."""
    assert error["type"] == "error" and set(error) <= {"type", "code", "message", "version"}
    assert len(error["message"]) <= 300
    for word in INTERNALS:
        assert word not in error["message"] or word in sent, error
    for secret in secrets:
        assert secret not in error["message"], error


def _action(version: int, action: Any) -> str:
    return json.dumps({"version": version, "action": action})


def hostile_messages(version: int) -> list[tuple[str | bytes, str]]:
    """(message, expected error code) for the seat to act at ``version``, in the stake phase."""
    stake = {"type": "Stake", "amount": 1}
    return [
        ("not json", "bad_json"), ("", "bad_json"), ("{", "bad_json"), ("[" * 60_000, "bad_json"),
        ('{"version": NaN, "action": {"type": "Draw"}}', "bad_json"),
        ('{"version": 1, "version": 1, "action": {}}', "bad_json"),
        ("[]", "bad_message"), ("1", "bad_message"), ("null", "bad_message"), ('"Draw"', "bad_message"),
        ("{}", "bad_message"),
        (json.dumps({"version": version}), "bad_message"),
        (json.dumps({"action": stake}), "bad_message"),
        (json.dumps({"version": version, "action": stake, "seat": 1}), "bad_message"),
        (json.dumps({"version": version, "action": stake, "seed": 1}), "bad_message"),
        (json.dumps({"version": str(version), "action": stake}), "bad_message"),
        (json.dumps({"version": True, "action": stake}), "bad_message"),
        (json.dumps({"version": float(version), "action": stake}), "bad_message"),
        (json.dumps({"version": -1, "action": stake}), "bad_message"),
        ('{"version": 1' + "0" * 5000 + ', "action": {}}', "bad_json"),
        (_action(version, []), "bad_message"), (_action(version, "Stake"), "bad_message"),
        (_action(version, None), "bad_message"),
        (_action(version, {"type": "Stake", "amount": True}), "bad_action"),
        (_action(version, {"type": "Stake", "amount": 1.0}), "bad_action"),
        (_action(version, {"type": "Stake", "amount": "1"}), "bad_action"),
        (_action(version, {"type": "Stake"}), "bad_action"),
        (_action(version, {"type": "Stake", "amount": 1, "seat": 2}), "bad_action"),
        (_action(version, {"type": "stake", "amount": 1}), "bad_action"),
        (_action(version, {"type": "Action"}), "bad_action"),
        (_action(version, {"type": "__class__"}), "bad_action"),
        (_action(version, {"type": ["Stake"], "amount": 1}), "bad_action"),
        (_action(version, {"type": None}), "bad_action"),
        (_action(version, {"amount": 1}), "bad_action"),
        (_action(version, {"type": "Stake", "amount": 10**30}), "illegal_action"),
        (_action(version, {"type": "Stake", "amount": -1}), "illegal_action"),
        (_action(version, {"type": "Stake", "amount": 0}), "illegal_action"),
        (_action(version, {"type": "Content"}), "illegal_action"),
        (_action(version, {"type": "Double", "call": True}), "illegal_action"),
        (_action(version, {"type": "SellDeal", "buyer": 1, "price": 0}), "illegal_action"),
        (_action(version - 1, stake), "stale_version"), (_action(version + 1, stake), "stale_version"),
        (_action(0, stake), "stale_version"),
        (b'{"version": 1, "action": {"type": "Draw"}}', "bad_message"),
    ]


def test_every_hostile_action_message_is_refused_and_changes_nothing(table: Table) -> None:
    seat = table.game.to_act
    context, ws, update = table.connect(seat)
    version = update["version"]
    for message, code in hostile_messages(version):
        before = table.snapshot()
        if isinstance(message, bytes):
            ws.send_bytes(message)
        else:
            ws.send_text(message)
        error = receive(ws)
        assert error["code"] == code, (message[:80], error)
        assert error["version"] == version
        _clean(error, table.secrets, sent=str(message))
        assert table.snapshot() == before, f"{message[:80]!r} changed the table"
    ws.send_text(_action(version, update["legal_actions"][0]))  # the connection still serves
    assert receive(ws)["version"] == version + 1
    context.__exit__(None, None, None)


def test_a_seat_cannot_act_out_of_turn_and_a_spectator_not_at_all(table: Table) -> None:
    to_act = table.game.to_act
    other = (to_act + 1) % 3
    context, ws, update = table.connect(other)
    watcher_context, watcher, seen = table.connect(None)
    stake = {"type": "Stake", "amount": 1}
    for sender, code in ((ws, "not_your_turn"), (watcher, "spectator")):
        before = table.snapshot()
        sender.send_text(_action(update["version"], stake))
        error = receive(sender)
        assert error["code"] == code
        _clean(error, table.secrets)
        assert table.snapshot() == before
    assert update["legal_actions"] == [] and seen["observation"] is None
    context.__exit__(None, None, None)
    watcher_context.__exit__(None, None, None)


def test_an_oversized_message_is_refused_and_the_connection_closed(table: Table) -> None:
    context, ws, update = table.connect(table.game.to_act)
    before = table.snapshot()
    ws.send_text(json.dumps({"version": update["version"], "action": {"type": "Draw", "x": "y" * LIMIT}}))
    error = receive(ws)
    assert error["code"] == "too_large"
    _clean(error)
    with pytest.raises(WebSocketDisconnect) as closed:
        receive(ws)
    assert closed.value.code == 1009
    assert table.snapshot() == before
    context.__exit__(None, None, None)
    _, _, again = table.connect(table.game.to_act)  # the server goes on
    assert again["version"] == update["version"]


def hostile_hellos(table: Table) -> list[tuple[str | bytes, str]]:
    token = table.tokens
    return [
        (json.dumps({"seat": 0, "token": token[1]}), "unauthorized"),  # another seat's token
        (json.dumps({"seat": 1, "token": token[0]}), "unauthorized"),
        (json.dumps({"seat": 0, "token": "x" * 43}), "unauthorized"),
        (json.dumps({"seat": 7, "token": token[0]}), "unauthorized"),
        (json.dumps({"seat": 0}), "bad_message"),
        (json.dumps({"seat": 0, "token": ""}), "bad_message"),
        (json.dumps({"seat": 0, "token": "x" * 5000}), "bad_message"),
        (json.dumps({"seat": 0, "token": 12}), "bad_message"),
        (json.dumps({"seat": None, "token": token[0]}), "bad_message"),
        (json.dumps({"seat": "0", "token": token[0]}), "bad_message"),
        (json.dumps({"seat": True, "token": token[1]}), "bad_message"),
        (json.dumps({"seat": -1, "token": token[0]}), "bad_message"),
        (json.dumps({"seat": 0, "token": token[0], "since": -1}), "bad_message"),
        (json.dumps({"seat": 0, "token": token[0], "since": True}), "bad_message"),
        (json.dumps({"seat": 0, "token": token[0], "since": 10**9}), "bad_since"),
        (json.dumps({"seat": 0, "token": token[0], "admin": True}), "bad_message"),
        (json.dumps({"token": token[0]}), "bad_message"),
        ("[]", "bad_message"), ("hello", "bad_json"), ("{" * 70_000, "too_large"),
        (b'{"seat": null}', "bad_message"),
    ]


def test_every_hostile_first_message_is_refused_and_the_connection_closed(table: Table) -> None:
    for hello, code in hostile_hellos(table):
        before = table.snapshot()
        with table.client.websocket_connect(f"/api/tables/{table.id}/ws") as ws:
            ws.send_bytes(hello) if isinstance(hello, bytes) else ws.send_text(hello)
            error = receive(ws)
            assert error["code"] == code, (hello[:80], error)
            _clean(error, table.secrets, sent=str(hello))
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(ws)
            assert closed.value.code in (1008, 1009)
        assert table.snapshot() == before
        assert table.lobby.tables[table.id].watchers == set()


def test_a_silent_connection_and_an_unknown_table_are_closed(table: Table) -> None:
    with table.client.websocket_connect(f"/api/tables/{table.id}/ws") as ws:
        error = receive(ws)  # no hello within hello_seconds (0.5 s here)
        assert error["code"] == "bad_hello"
        with pytest.raises(WebSocketDisconnect):
            receive(ws)
    for table_id in ("0000000000000000", "x" * 300, "%00", "ABCDEF0123456789"):
        with table.client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
            assert receive(ws)["code"] == "no_table"
            with pytest.raises(WebSocketDisconnect):
                receive(ws)
    for path in ("/api/tables/..%2F..%2Fetc/ws", "/api/tables/../ws", "/ws"):
        with pytest.raises(WebSocketDisconnect):  # no such route: closed before it is accepted
            with table.client.websocket_connect(path):
                pass


def test_a_client_that_never_reads_is_cut_off() -> None:
    """Replies pile up for a client that sends without reading: past MAX_QUEUED it is closed."""

    async def flood() -> None:
        connection = Connection(None, None, "0123456789abcdef")  # type: ignore[arg-type]
        for _ in range(MAX_QUEUED + 10):
            connection._refuse(WireError("stale_version", "stale"))
        items = [connection.queue.get_nowait() for _ in range(connection.queue.qsize())]
        assert len(items) == MAX_QUEUED + 1 and isinstance(items[-1], _Close) and connection.closing

    asyncio.run(flood())


# --------------------------------------------------------------------------------------
# HTTP
# --------------------------------------------------------------------------------------


def hostile_tables() -> list[tuple[Any, int, str]]:
    base = {"game": "vingt_un", "players": 3}
    return [
        ({**base, "game": "whist"}, 400, "unknown_game"), ({**base, "game": 7}, 400, "bad_message"),
        ({**base, "players": 13}, 400, "bad_players"), ({**base, "players": 1}, 400, "bad_players"),
        ({**base, "players": 10**12}, 400, "bad_players"), ({**base, "players": True}, 400, "bad_message"),
        ({**base, "players": "3"}, 400, "bad_message"), ({**base, "players": 3.0}, 400, "bad_message"),
        ({"game": "vingt_un"}, 400, "bad_message"), ({**base, "seed": 1}, 400, "bad_message"),
        ({**base, "options": {"seed": 1}}, 400, "bad_options"),
        ({**base, "options": {"top": ["AS", "KS"]}}, 400, "bad_options"),
        ({**base, "options": {"dealer": 0}}, 400, "bad_options"),
        ({**base, "options": {"until": "freeze_out"}}, 400, "bad_options"),
        ({**base, "options": {"deals": 101}}, 400, "bad_options"),
        ({**base, "options": {"deals": 0}}, 400, "bad_options"),
        ({**base, "options": {"max_stake": 1000}}, 400, "bad_options"),
        ({**base, "options": {"max_stake": True}}, 400, "bad_options"),
        ({**base, "options": {"min_stake": 5, "max_stake": 2}}, 400, "bad_options"),
        ({**base, "options": {"deal_passes": "sometimes"}}, 400, "bad_options"),
        ({**base, "options": {"max_decisions": 2}}, 400, "bad_options"),
        ({**base, "options": ["deals"]}, 400, "bad_message"),
        ({**base, "bots": [0, 1, 2]}, 400, "bad_bots"), ({**base, "bots": [3]}, 400, "bad_bots"),
        ({**base, "bots": [1, 1]}, 400, "bad_message"), ({**base, "bots": [-1]}, 400, "bad_message"),
        ({**base, "bots": 1}, 400, "bad_message"), ({**base, "bots": [True]}, 400, "bad_message"),
        ([], 400, "bad_message"), ("vingt_un", 400, "bad_message"), (None, 400, "bad_message"),
    ]


def _refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code, error
    assert set(response.json()) == {"error"} and len(error["message"]) <= 300
    for word in INTERNALS:
        assert word not in error["message"], error


def test_every_hostile_table_request_is_refused_and_makes_nothing(table: Table, tmp_path: Path) -> None:
    files = sorted((tmp_path / "tables").iterdir())
    count = len(table.lobby.tables)
    post, as_json = table.client.post, {"content-type": "application/json"}
    for body, status, code in hostile_tables():
        _refused(post("/api/tables", content=json.dumps(body).encode(), headers=as_json), status, code)
    _refused(post("/api/tables", content=b"{not json", headers=as_json), 400, "bad_json")
    _refused(post("/api/tables", content=b'{"game": "vingt_un"}'), 415, "bad_content_type")
    _refused(post("/api/tables", content=b'{"game": "vingt_un", "players": 3}',
                  headers={"content-type": "text/plain"}), 415, "bad_content_type")  # fmt: skip
    huge = json.dumps({"game": "vingt_un", "players": 3, "options": {"x": "y" * LIMIT}}).encode()
    _refused(post("/api/tables", content=huge, headers=as_json), 413, "too_large")
    assert sorted((tmp_path / "tables").iterdir()) == files and len(table.lobby.tables) == count


def test_every_hostile_join_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, fsync=False)) as client:
        request = {"game": "vingt_un", "players": 3, "bots": [2]}
        made = client.post("/api/tables", json=request).json()["table"]
        client.post(f"/api/tables/{made}/join", json={"seat": 0})
        before = (tmp_path / "tables" / f"{made}.json").read_text()
        cases = [
            (made, {"seat": 0}, 409, "seat_taken"), (made, {"seat": 2}, 409, "seat_taken"),
            (made, {"seat": 3}, 400, "bad_seat"), (made, {"seat": -1}, 400, "bad_message"),
            (made, {"seat": "1"}, 400, "bad_message"), (made, {"seat": True}, 400, "bad_message"),
            (made, {"seat": 1, "token": "mine"}, 400, "bad_message"), (made, [], 400, "bad_message"),
            ("0000000000000000", {"seat": 1}, 404, "no_table"), ("nope", {"seat": 1}, 404, "no_table"),
            ("..", {"seat": 1}, 404, "not_found"),
        ]
        for table_id, body, status, code in cases:
            _refused(client.post(f"/api/tables/{table_id}/join", json=body), status, code)
        assert (tmp_path / "tables" / f"{made}.json").read_text() == before
        _refused(client.get("/api/tables/0000000000000000"), 404, "no_table")
        _refused(client.get("/api/tables/../../etc/passwd"), 404, "not_found")
        _refused(client.get("/api/nothing"), 404, "not_found")
        _refused(client.delete(f"/api/tables/{made}"), 405, "method_not_allowed")
        _refused(client.get(f"/api/tables/{made}/join"), 405, "method_not_allowed")
        _refused(client.put("/api/tables", json={}), 405, "method_not_allowed")
        assert client.get("/api/games").status_code == 200  # still serving


def test_the_table_limit_is_kept(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, fsync=False, max_tables=2)) as client:
        for _ in range(2):
            assert client.post("/api/tables", json={"game": "vingt_un", "players": 2}).status_code == 201
        _refused(client.post("/api/tables", json={"game": "vingt_un", "players": 2}), 503, "too_many_tables")


def test_a_failed_save_undoes_the_action_and_says_so(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    context, ws, update = table.connect(table.game.to_act)
    before = table.snapshot()

    def full_disk(table_id: str, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(table.lobby.store, "write", full_disk)
    ws.send_text(_action(update["version"], update["legal_actions"][0]))
    error = receive(ws)
    assert error["code"] == "unavailable" and "space" not in error["message"]
    assert table.snapshot() == before
    monkeypatch.undo()
    ws.send_text(_action(update["version"], update["legal_actions"][0]))
    assert receive(ws)["version"] == update["version"] + 1
    context.__exit__(None, None, None)


def test_uvicorn_closes_a_frame_over_the_limit_before_the_app_reads_it(tmp_path: Path) -> None:
    """On a real server the size limit is uvicorn's too (``ws_max_size``): code 1009."""
    import httpx
    from test_server_views import LiveServer
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    app = create_app(tmp_path, fsync=False)
    with LiveServer(app) as server:
        made = httpx.post(server.http + "/api/tables", json={"game": "vingt_un", "players": 2}, timeout=10)
        table = made.json()["table"]

        async def oversized() -> int:
            async with connect(f"{server.ws}/api/tables/{table}/ws", open_timeout=10, max_size=None) as ws:
                await ws.send(json.dumps({"seat": None, "since": 0}))
                await asyncio.wait_for(ws.recv(), 10)  # the update
                await ws.send("x" * (LIMIT + 1))
                try:
                    await asyncio.wait_for(ws.recv(), 10)
                except ConnectionClosed as closed:
                    return closed.rcvd.code if closed.rcvd is not None else -1
                return 0

        assert asyncio.run(oversized()) == 1009
        assert httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()["version"] == 1


def test_random_messages_get_an_answer_and_only_a_legal_action_changes_anything(tmp_path: Path) -> None:
    """Hypothesis: any JSON, any action-shaped object with any field values. Each message gets one
    reply; an error leaves the table as it was; an update means the action was legal."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from pycards.games.vingt_un import VingtUn

    numbers = st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    scalars = st.none() | st.booleans() | numbers | st.text(max_size=20)

    def nested(inner: Any) -> Any:
        return st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)

    values = st.recursive(scalars, nested, max_leaves=12)
    names = st.sampled_from([kind.__name__ for kind in VingtUn.actions] + ["Action", "", "draw"])
    fields = st.dictionaries(st.sampled_from(["amount", "call", "stake", "buyer", "price", "seat", "x"]),
                             scalars, max_size=3)  # fmt: skip
    actions = st.builds(lambda name, extra: {"type": name, **extra}, names, fields)
    messages = st.one_of(
        values.map(json.dumps),
        st.builds(lambda v, a: json.dumps({"version": v, "action": a}), st.integers(-2, 9) | scalars,
                  actions),  # fmt: skip
        st.text(max_size=40),
    )

    with TestClient(create_app(tmp_path, fsync=False)) as client:
        made = Table(client, tmp_path)
        sockets = {seat: made.connect(seat) for seat in range(3)}
        try:

            @settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
            @given(message=messages, seat=st.integers(0, 2))
            def check(message: str, seat: int) -> None:
                if made.game.is_over:
                    return
                _, ws, _ = sockets[seat]
                before = made.snapshot()
                ws.send_text(message)
                reply = receive(ws)
                if reply["type"] == "error":
                    _clean(reply, made.secrets, sent=message)
                    assert made.snapshot() == before
                    return
                # the action was legal: every other seat is sent the same version
                for other, (_, other_ws, _) in sockets.items():
                    if other != seat:
                        assert receive(other_ws)["version"] == reply["version"]

            check()
        finally:
            for context, _, _ in sockets.values():
                context.__exit__(None, None, None)
