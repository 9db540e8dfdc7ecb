"""Seats for players among strangers (issue 26): a turn timer, tables by invite, joins retried.

* A person who joins a seat and goes silent no longer stalls the table: with a turn timer
  (``turn_seconds``, ``--turn-seconds``) the game's built-in policy plays each turn they let
  run out, and the session ends; a free seat nobody joined is still waited for.
* A table made with ``"listed": false`` is in neither list of ``/api/tables``; its id (the
  invite) reaches it, to look at, join and watch, across a restart too.
* A join that carries a key of the client's own can be sent again (its reply lost) for the same
  seat and a new token; the key is kept only as a SHA-256, for a bounded time and number of
  retries, and a stranger without it gets no seat of anyone's.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional

import pytest
from test_server_views import TestClient, receive, watchdog  # noqa: F401

import pycards.server
from pycards.cli import main
from pycards.server import create_app
from pycards.server.errors import ServerConfigError
from pycards.server.lobby import Limits, Lobby
from pycards.server.messages import CreateRequest
from pycards.server.tables import JOIN_KEY_SECONDS, JOIN_RETRIES

SEED = 26
VINGT_UN = {"game": "vingt_un", "players": 3, "options": {"deals": 2, "max_stake": 5}}
TURN = 0.05
"""The short turn time of the tests, in seconds."""
SESSION_SECONDS = 10.0
"""A two-deal session whose person never acts must end within this with the timer."""


def _key() -> str:
    return secrets.token_urlsafe(24)


def _document(data_dir: Path, table: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((data_dir / "tables" / f"{table}.json").read_text())
    return found


@pytest.fixture
def client(tmp_path: Path, watchdog: None) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path, fsync=False, seed=SEED)) as test_client:
        yield test_client


def _create(client: TestClient, **changes: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={**VINGT_UN, **changes})
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def _join(client: TestClient, table: str, seat: Optional[int] = None, key: Optional[str] = None) -> Any:
    body: dict[str, Any] = {} if seat is None else {"seat": seat}
    if key is not None:
        body["key"] = key
    return client.post(f"/api/tables/{table}/join", json=body)


# -- the turn timer ------------------------------------------------------------------------------


async def _silent_stranger(data_dir: Path, turn: Optional[float], join: bool) -> tuple[int, int, bool]:
    """A Vingt-un table of two bots and a seat 0 that is joined (``join``) and never acts, or
    left free, with the turn timer ``turn``: the version when seat 0 is first to act, the
    version after waiting, and whether the session ended."""
    lobby = Lobby(data_dir, Limits(turn_seconds=turn), seed=SEED, fsync=False)
    lobby.start()
    try:
        table = await lobby.create(CreateRequest("vingt_un", 3, {"deals": 2, "max_stake": 5}, (1, 2)))
        if join:
            await lobby.join(table, 0)
        while table.game.to_act != 0:  # the bots play up to seat 0's first turn
            await asyncio.sleep(0.005)
        first = table.game.records
        waited = 0.0
        while table.game.to_act is not None and waited < (SESSION_SECONDS if turn and join else 10 * TURN):
            await asyncio.sleep(TURN)
            waited += TURN
        return first, table.game.records, table.game.to_act is None
    finally:
        await lobby.stop()


def test_a_silent_stranger_has_each_turn_played_when_its_time_runs_out(tmp_path: Path, watchdog: None) -> None:
    first, last, over = asyncio.run(_silent_stranger(tmp_path, TURN, join=True))
    assert over and last > first, "the timer played the silent seat's turns to the session's end"


def test_without_a_timer_or_a_joined_person_the_table_waits(tmp_path: Path, watchdog: None) -> None:
    first, last, over = asyncio.run(_silent_stranger(tmp_path / "none", None, join=True))
    assert (last, over) == (first, False), "no timer: the table waits for its player"
    first, last, over = asyncio.run(_silent_stranger(tmp_path / "free", TURN, join=False))
    assert (last, over) == (first, False), "a free seat nobody joined is waited for, not played"


def test_a_turn_taken_in_time_is_the_players_own(tmp_path: Path, watchdog: None) -> None:
    with TestClient(create_app(tmp_path / "slow", fsync=False, seed=SEED, turn_seconds=30)) as slow:
        table = _create(slow, bots=[1, 2])
        joined = _join(slow, table["table"], 0).json()
        with slow.websocket_connect(f"/api/tables/{table['table']}/ws") as ws:
            ws.send_json({"seat": 0, "token": joined["token"]})
            update = receive(ws)
            while update.get("to_act") != 0:
                update = receive(ws)
            action = update["legal_actions"][0]
            ws.send_json({"version": update["version"], "action": action})
            after = receive(ws)
            while after["version"] == update["version"]:
                after = receive(ws)
        assert after["version"] > update["version"], "the seat's own action was taken, not the timer's"


def test_the_timer_is_a_keyword_of_create_app_and_restarts_with_the_server(tmp_path: Path, watchdog: None) -> None:
    with TestClient(create_app(tmp_path, fsync=False, seed=SEED)) as untimed:
        table = _create(untimed, bots=[1, 2])["table"]
        assert _join(untimed, table, 0).status_code == 200
        assert untimed.get("/api/games").json()["turn_seconds"] is None
        summary = untimed.get(f"/api/tables/{table}").json()
        while summary["to_act"] != 0:
            summary = untimed.get(f"/api/tables/{table}").json()
    with TestClient(create_app(tmp_path, fsync=False, seed=SEED, turn_seconds=TURN)) as timed:
        assert timed.get("/api/games").json()["turn_seconds"] == TURN
        for _ in range(int(SESSION_SECONDS / TURN)):
            again = timed.get(f"/api/tables/{table}").json()
            if again["over"]:
                break
            timed.portal.call(asyncio.sleep, TURN)  # type: ignore[union-attr]
        assert again["over"] and again["version"] > summary["version"], "the restarted server timed the turn"


@pytest.mark.parametrize("bad", [0, -1, float("nan"), float("inf"), True, "30", 10**9])
def test_a_bad_turn_time_is_refused_naming_it(tmp_path: Path, bad: object) -> None:
    with pytest.raises(ServerConfigError, match="turn_seconds"):
        create_app(tmp_path, turn_seconds=bad)  # type: ignore[arg-type]


def test_pycards_serve_takes_turn_seconds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []
    monkeypatch.setattr(pycards.server, "serve", lambda *args, **keywords: seen.append(keywords))
    assert main(["serve", "--data", str(tmp_path), "--turn-seconds", "90"]) == 0
    assert main(["serve", "--data", str(tmp_path)]) == 0
    assert [k["turn_seconds"] for k in seen] == [90, None], "0, the default, is no timer"
    assert main(["serve", "--data", str(tmp_path), "--turn-seconds", "-5"]) == 2 and len(seen) == 2


# -- invite rather than list ---------------------------------------------------------------------


def test_an_unlisted_table_is_reached_by_its_id_alone(tmp_path: Path, watchdog: None) -> None:
    with TestClient(create_app(tmp_path, fsync=False, seed=SEED)) as client:
        hidden = _create(client, listed=False, bots=[2])
        shown = _create(client)
        assert hidden["listed"] is False and shown["listed"] is True
        listing = client.get("/api/tables").json()
        ids = [t["table"] for t in listing["tables"] + listing["finished"]]
        assert shown["table"] in ids and hidden["table"] not in ids
        assert client.get(f"/api/tables/{hidden['table']}").json()["table"] == hidden["table"]
        joined = _join(client, hidden["table"]).json()
        assert (joined["table"], joined["seat"]) == (hidden["table"], 0)
        with client.websocket_connect(f"/api/tables/{hidden['table']}/ws") as ws:
            ws.send_json({"seat": None})
            assert receive(ws)["type"] == "update"
        assert _document(tmp_path, hidden["table"])["listed"] is False
        assert "listed" not in _document(tmp_path, shown["table"]), "a listed table's file is as before"
    with TestClient(create_app(tmp_path, fsync=False, seed=SEED)) as again:
        listing = again.get("/api/tables").json()
        assert hidden["table"] not in [t["table"] for t in listing["tables"] + listing["finished"]]
        assert again.get(f"/api/tables/{hidden['table']}").json()["listed"] is False


@pytest.mark.parametrize("bad", ["no", 0, None, [], {}])
def test_listed_must_be_true_or_false(client: TestClient, bad: object) -> None:
    refused = client.post("/api/tables", json={**VINGT_UN, "listed": bad})
    assert refused.status_code == 400 and "listed" in refused.json()["error"]["message"]
    assert client.get("/api/tables").json()["tables"] == []


# -- a join retried ------------------------------------------------------------------------------


def _hello(client: TestClient, table: str, seat: int, token: str) -> dict[str, Any]:
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"seat": seat, "token": token})
        return receive(ws)


def test_a_join_retried_with_its_key_gets_the_same_seat_and_a_new_token(client: TestClient, tmp_path: Path) -> None:
    table = _create(client)["table"]
    key = _key()
    first = _join(client, table, key=key).json()  # its reply "lost"
    again = _join(client, table, key=key)
    assert again.status_code == 200, again.text
    retried = again.json()
    assert retried["seat"] == first["seat"] and retried["token"] != first["token"]
    assert _hello(client, table, retried["seat"], retried["token"])["type"] == "update"
    assert _hello(client, table, first["seat"], first["token"])["code"] == "unauthorized", "the lost token is void"
    other = _join(client, table, key=_key()).json()
    assert other["seat"] != first["seat"], "another key is another join"
    stranger = _join(client, table, first["seat"])
    assert stranger.status_code == 409 and stranger.json()["error"]["code"] == "seat_taken"
    wrong = _join(client, table, other["seat"], key=key)
    assert wrong.status_code == 409 and wrong.json()["error"]["code"] == "key_used"
    text = (tmp_path / "tables" / f"{table}.json").read_text()
    assert key not in text and hashlib.sha256(key.encode()).hexdigest() in text, "only the key's SHA-256 is kept"


def test_a_key_is_good_for_a_bounded_number_of_retries(client: TestClient) -> None:
    table = _create(client, players=2)["table"]
    key = _key()
    seat = _join(client, table, key=key).json()["seat"]
    for _ in range(JOIN_RETRIES):
        assert _join(client, table, key=key).json()["seat"] == seat
    spent = _join(client, table, key=key).json()
    assert spent["seat"] != seat, "past its retries the key is a new join"


def test_a_key_is_forgotten_after_its_time(client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _create(client, players=2)["table"]
    key = _key()
    seat = _join(client, table, key=key).json()["seat"]
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + JOIN_KEY_SECONDS + 1)  # the lobby's clock: time.time
    late = _join(client, table, key=key).json()
    assert late["seat"] != seat, "after its time the key is a new join"
    seats = _document(tmp_path, table)["seats"]
    assert [s.get("join") is not None for s in seats] == [s == late["seat"] for s in range(2)], "the old key is gone"


def test_a_retry_survives_a_restart(tmp_path: Path, watchdog: None) -> None:
    key = _key()
    with TestClient(create_app(tmp_path, fsync=False, seed=SEED)) as client:
        table = _create(client)["table"]
        seat = _join(client, table, 1, key=key).json()["seat"]
    with TestClient(create_app(tmp_path, fsync=False, seed=SEED)) as again:
        assert _join(again, table, key=key).json()["seat"] == seat == 1


@pytest.mark.parametrize("bad", ["short", "x" * 129, "has space in it but long enough", 12345, ["k"]])
def test_a_bad_key_is_refused_without_echoing_it(client: TestClient, bad: object) -> None:
    table = _create(client)["table"]
    refused = client.post(f"/api/tables/{table}/join", json={"key": bad})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_message"
    assert "key" in refused.json()["error"]["message"] and str(bad) not in refused.text
    assert not any(s["taken"] for s in client.get(f"/api/tables/{table}").json()["seats"])
