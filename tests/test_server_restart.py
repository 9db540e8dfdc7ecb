"""Restart: tables played partway on one uvicorn server resume exactly on a new server started on
the same data directory, and are played to the end there.

The first server's tables are compared with the second's on load (the same
``to_dict()``, seats and bots), the seats reconnect with their tokens and the
``since`` of the last update they saw (or an older one: the update then starts
at the first record kept, the snapshot's), and every message of both servers is
judged by the oracle of ``test_server_views``.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

import httpx
from test_server_views import LiveServer, TestClient, Transcript, check_table, watchdog  # noqa: F401
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from pycards.server import create_app

TABLES = 8
SECONDS = 60


@dataclass
class Spec:
    table: str
    bots: list[int]
    tokens: dict[int, str]
    stop_at: int
    transcripts: dict[Optional[int], Transcript] = field(default_factory=dict)
    seen: dict[Optional[int], int] = field(default_factory=dict)
    """The version of the last update each client received."""


async def _client(url: str, spec: Spec, seat: Optional[int], since: Optional[int], rng: random.Random,
                  stop_at: Optional[int]) -> None:  # fmt: skip
    """A seat acting at random (or a spectator) from ``since``; a seat stops (and closes) at the
    first update of version ``stop_at`` or later; a spectator stays until the server closes."""
    transcript = spec.transcripts.setdefault(seat, Transcript(seat))
    received = transcript.connect(since)
    async with connect(url, open_timeout=10, close_timeout=5, max_size=2**22) as ws:
        hello: dict[str, Any] = {"seat": seat}
        if seat is not None:
            hello["token"] = spec.tokens[seat]
        if since is not None:
            hello["since"] = since
        await ws.send(json.dumps(hello))
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), SECONDS)
            except ConnectionClosed:
                assert seat is None, "a seat's connection was closed under it"
                return
            assert isinstance(raw, str)
            message = json.loads(raw)
            received.append((raw, message))
            assert message["type"] == "update", message
            spec.seen[seat] = message["version"]
            stopping = message["over"] or (stop_at is not None and message["version"] >= stop_at)
            if seat is not None and stopping:
                return
            if message["legal_actions"]:
                action = rng.choice(message["legal_actions"])
                await ws.send(json.dumps({"version": message["version"], "action": action}))


def _summary(http: httpx.Client, table: str) -> dict[str, Any]:
    data: dict[str, Any] = http.get(f"/api/tables/{table}").json()
    return data


def _wait_for_people(http: httpx.Client, specs: list[Spec]) -> None:
    """Until no bot is to act anywhere and every spectator has seen the last version."""
    deadline = time.monotonic() + SECONDS
    for spec in specs:
        while True:
            summary = _summary(http, spec.table)
            idle = summary["over"] or summary["to_act"] not in spec.bots
            if idle and spec.seen.get(None) == summary["version"]:
                break
            assert time.monotonic() < deadline, f"table {spec.table} did not settle"
            time.sleep(0.05)


def test_every_table_resumes_exactly_after_a_restart_and_plays_to_the_end(tmp_path: Path) -> None:
    first_app = create_app(tmp_path)
    specs: list[Spec] = []
    with LiveServer(first_app) as server:
        with httpx.Client(base_url=server.http, timeout=10) as http:
            for number in range(TABLES):
                rng = random.Random(number)
                players = rng.randint(2, 4)
                bots = [s for s in range(1, players) if number % 2 and rng.random() < 0.5]
                made = http.post("/api/tables", json={"game": "vingt_un", "players": players, "bots": bots,
                                                      "options": {"deals": 3, "max_stake": 4}})  # fmt: skip
                assert made.status_code == 201, made.text
                table = made.json()["table"]
                tokens = {s: http.post(f"/api/tables/{table}/join", json={"seat": s}).json()["token"]
                          for s in range(players) if s not in bots}  # fmt: skip
                specs.append(Spec(table, bots, tokens, stop_at=rng.randint(3, 14)))

            async def first_half() -> None:
                urls = {s.table: f"{server.ws}/api/tables/{s.table}/ws" for s in specs}
                spectators = [asyncio.create_task(_client(urls[s.table], s, None, 0, random.Random(), None))
                              for s in specs]  # fmt: skip
                seats = [_client(urls[s.table], s, seat, 0, random.Random(seat), s.stop_at)
                         for s in specs for seat in s.tokens]  # fmt: skip
                await asyncio.wait_for(asyncio.gather(*seats), SECONDS)
                await asyncio.to_thread(_wait_for_people, http, specs)
                await asyncio.to_thread(server.stop)  # with the spectators still connected
                await asyncio.wait_for(asyncio.gather(*spectators), SECONDS)

            asyncio.run(first_half())
    before = {s.table: first_app.state.lobby.tables[s.table] for s in specs}
    for table_id, table in before.items():  # saved after every action: the file is the state
        saved = json.loads((tmp_path / "tables" / f"{table_id}.json").read_text())
        assert saved == table.document()

    second_app = create_app(tmp_path)
    lobby = second_app.state.lobby
    assert set(lobby.tables) == set(before) and lobby.skipped == []
    for table_id, old in before.items():
        new = lobby.tables[table_id]
        assert new.game.to_dict() == old.game.to_dict()
        assert new.seats == old.seats and new.number == old.number
        assert new.first_record == new.game.records == old.game.records
        assert new.game.events(None, new.first_record) == []

    clamped = checked = resumed = 0
    with LiveServer(second_app) as server:

        async def second_half() -> None:
            spectators, seats = [], []
            for number, spec in enumerate(specs):
                url = f"{server.ws}/api/tables/{spec.table}/ws"
                watcher = _client(url, spec, None, spec.seen[None], random.Random(), None)
                spectators.append(asyncio.create_task(watcher))
                for seat in spec.tokens:  # a seat of every other table asks for the whole log again
                    since = 0 if seat == min(spec.tokens) and number % 2 == 0 else spec.seen[seat]
                    seats.append(_client(url, spec, seat, since, random.Random(50 + seat), None))
            await asyncio.wait_for(asyncio.gather(*seats), SECONDS)
            with httpx.Client(base_url=server.http, timeout=10) as http:
                await asyncio.to_thread(_wait_for_people, http, specs)
            await asyncio.to_thread(server.stop)
            await asyncio.wait_for(asyncio.gather(*spectators), SECONDS)

        asyncio.run(second_half())
    for spec in specs:
        first = lobby.tables[spec.table].first_record
        document = json.loads((tmp_path / "tables" / f"{spec.table}.json").read_text())
        game = lobby.tables[spec.table].game
        assert game.is_over and document["state"] == game.to_dict()
        checked += check_table(document, list(spec.transcripts.values()), list(spec.tokens.values()),
                               first_records=(0, first))  # fmt: skip
        resumed += first > 1 and not before[spec.table].game.is_over
        for transcript in spec.transcripts.values():
            since, received = transcript.connections[-1]
            if since is not None and since < first:
                assert received[0][1]["since"] == first  # from the first record kept
                clamped += 1
    print(f"\n{TABLES} tables, {resumed} resumed mid-session, {checked} updates checked, {clamped} "
          "reconnections from before the snapshot")  # fmt: skip
    assert clamped >= TABLES // 2 and resumed >= TABLES // 2


def test_a_bot_whose_turn_it_is_in_a_saved_table_plays_when_the_server_starts(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, fsync=False)) as client:
        table = client.post("/api/tables", json={"game": "vingt_un", "players": 2}).json()
    path = tmp_path / "tables" / f"{table['table']}.json"
    document = json.loads(path.read_text())
    to_act = table["to_act"]
    document["seats"][to_act] = {"bot": {"policy": "random_legal", "seed": 5}, "token_sha256": None}
    path.write_text(json.dumps(document))  # as the operator (or a crash between two saves) left it
    with TestClient(create_app(tmp_path, fsync=False)) as client:
        deadline = time.monotonic() + 10
        while True:
            summary = client.get(f"/api/tables/{table['table']}").json()
            if summary["over"] or summary["to_act"] != to_act:
                break
            assert time.monotonic() < deadline, "the bot did not play"
            time.sleep(0.02)
    assert summary["version"] > table["version"]


def test_files_that_cannot_be_loaded_are_left_out_and_the_rest_served(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, fsync=False)) as client:
        made = [client.post("/api/tables", json={"game": "vingt_un", "players": 2}).json()["table"]
                for _ in range(3)]  # fmt: skip
    folder = tmp_path / "tables"
    tampered = json.loads((folder / f"{made[1]}.json").read_text())
    tampered["state"]["deal"]["balances"]["p0"] += 1  # a counter made from nothing
    (folder / f"{made[1]}.json").write_text(json.dumps(tampered))
    (folder / f"{made[2]}.json").write_text("{ not json")
    (folder / f".{made[0]}.json.tmp").write_text("half a write")
    (folder / "notes.txt").write_text("not a table")
    with TestClient(create_app(tmp_path, fsync=False)) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        assert set(lobby.tables) == {made[0]} and sorted(lobby.skipped) == sorted(made[1:])
        assert client.get(f"/api/tables/{made[0]}").status_code == 200
        assert client.get(f"/api/tables/{made[1]}").status_code == 404
    assert not (folder / f".{made[0]}.json.tmp").exists()
    assert (folder / f"{made[2]}.json").read_text() == "{ not json"  # left for the operator


def _tamper(folder: Path, table: str, change) -> None:
    path = folder / f"{table}.json"
    document = json.loads(path.read_text())
    text = change(document)
    path.write_text(json.dumps(document) if text is None else text)


HOSTILE_FILES = {
    "created NaN": lambda d: json.dumps(d).replace(f'"created": {json.dumps(d["created"])}', '"created": NaN'),
    "a 4300-digit number": lambda d: json.dumps(d).replace(f'"number": {d["number"]}', '"number": ' + "9" * 4300),
    "a key twice": lambda d: json.dumps(d)[:-1] + ', "number": 7}',
    "an unknown key": lambda d: d.update(extra=1),
    "every seat a bot": lambda d: d.update(seats=[{"bot": {"policy": "random_legal", "seed": 1}, "token_sha256": None}
                                                  for _ in d["seats"]]),
    "more deals than --max-deals": lambda d: d["state"]["options"].update(deals=10**6),
    "a session that is not a number of deals": lambda d: d["state"]["options"].update(until="freeze_out"),
    "a bot seed of 4300 digits": lambda d: json.dumps(d).replace(f'"seed": {d["seats"][1]["bot"]["seed"]}',
                                                                  '"seed": ' + "9" * 4300),
}


def test_hostile_table_files_are_refused_at_start_and_the_rest_served(tmp_path: Path) -> None:
    """A table file edited to break the server's own rules, or to hold what it cannot write
    back (NaN, a number too long to print), is refused at start and logged; the other tables
    are served. Each of these used to load, and some then made every save (and every new
    table) fail with 500."""
    names = list(HOSTILE_FILES)
    with TestClient(create_app(tmp_path, fsync=False)) as client:
        made = [client.post("/api/tables", json={"game": "vingt_un", "players": 2, "bots": [1]}).json()["table"]
                for _ in range(len(names) + 1)]  # fmt: skip
    folder = tmp_path / "tables"
    for table, name in zip(made[1:], names):
        _tamper(folder, table, HOSTILE_FILES[name])
    with TestClient(create_app(tmp_path, fsync=False)) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        assert set(lobby.tables) == {made[0]}, [n for t, n in zip(made[1:], names) if t in lobby.tables]
        assert client.post("/api/tables", json={"game": "vingt_un", "players": 2}).status_code == 201


def test_special_files_in_the_data_directory_never_stop_the_start(tmp_path: Path) -> None:
    """A FIFO (which would block an open) or a link to /dev/zero (which never ends) where a
    table file should be is refused without reading it, and the server starts."""
    import os
    import threading

    with TestClient(create_app(tmp_path, fsync=False)) as client:
        made = [client.post("/api/tables", json={"game": "vingt_un", "players": 2}).json()["table"]
                for _ in range(3)]  # fmt: skip
    folder = tmp_path / "tables"
    (folder / f"{made[1]}.json").unlink()
    os.mkfifo(folder / f"{made[1]}.json")
    (folder / f"{made[2]}.json").unlink()
    (folder / f"{made[2]}.json").symlink_to("/dev/zero")
    started: list[Any] = []
    thread = threading.Thread(target=lambda: started.append(create_app(tmp_path, fsync=False)), daemon=True)
    thread.start()
    thread.join(timeout=20)
    assert started, "the server did not start"
    with TestClient(started[0]) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        assert set(lobby.tables) == {made[0]}  # the two are logged by the store, unread
        assert client.get(f"/api/tables/{made[0]}").status_code == 200


def test_table_files_are_readable_by_their_owner_only_even_in_an_open_directory(tmp_path: Path) -> None:
    import stat

    data = tmp_path / "data"
    (data / "tables").mkdir(parents=True)
    data.chmod(0o755)
    (data / "tables").chmod(0o755)
    with TestClient(create_app(data, fsync=False)) as client:
        table = client.post("/api/tables", json={"game": "vingt_un", "players": 2}).json()["table"]
    assert stat.S_IMODE((data / "tables" / f"{table}.json").stat().st_mode) == 0o600


def test_head_of_the_tables_route_never_creates_a_table(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, fsync=False)) as client:
        answer = client.request("HEAD", "/api/tables", json={"game": "vingt_un", "players": 2})
        assert answer.status_code == 200 and answer.content == b""
        assert client.get("/api/tables").json() == {"tables": [], "finished": []}
        assert not list((tmp_path / "tables").iterdir())
