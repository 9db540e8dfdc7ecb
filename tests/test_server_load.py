"""Load: 50 tables played to the end of their sessions at once against a real uvicorn server on
127.0.0.1, every message every client received judged against that seat's view.

Each table has 2 to 5 seats; about a third of the seats after the first are
server-side bots, the others WebSocket clients of this test (the ``websockets``
library) choosing random legal actions, now and then sending an action with a
stale version first (which must be refused, and is counted); every table has a
spectator too. The server is given an operator seed, so a failure replays: the
deals of each table and each client's choices are the same in every run.

When all sessions are over the server is stopped and each table is replayed
from its saved file by the oracle of ``test_server_views``: every update of
every client equals that seat's view at that version, no hidden card is in any
message, nor the seed, nor a token; the replay reaches the saved state, which
is the state the server held.
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
from test_server_views import LiveServer, Transcript, check_table, watchdog  # noqa: F401
from websockets.asyncio.client import connect

from pycards.server import create_app

TABLES = 50
SECONDS = 120
"""All the sessions together must end within this."""
RECEIVE_SECONDS = 30
OPERATOR_SEED = 20_241_201


@dataclass
class Spec:
    table: str
    players: int
    bots: list[int]
    tokens: dict[int, str]
    transcripts: list[Transcript] = field(default_factory=list)
    stale_sent: int = 0
    stale_refused: int = 0


def _terms(rng: random.Random) -> dict[str, Any]:
    players = rng.randint(2, 5)
    bots = [s for s in range(1, players) if rng.random() < 0.35]
    options: dict[str, Any] = {"deals": rng.randint(2, 5), "max_stake": rng.randint(1, 6)}
    if rng.random() < 0.2:
        options.update(selling=True, max_price=rng.randint(0, 3))
    if rng.random() < 0.3:
        options.update(natural_privilege=rng.choice(["stake", "double"]), pool_contribution=1)
    if rng.random() < 0.2:
        options.update(deal_passes="hands", deal_hands=1)
    return {"game": "vingt_un", "players": players, "options": options, "bots": bots}


async def _seat(url: str, spec: Spec, seat: Optional[int], rng: random.Random) -> None:
    """One client to the end of the session: a seat acting at random, or a spectator."""
    transcript = Transcript(seat)
    spec.transcripts.append(transcript)
    received = transcript.connect(0)
    async with connect(url, open_timeout=10, close_timeout=5, max_size=2**22) as ws:
        hello: dict[str, Any] = {"seat": seat, "since": 0}
        if seat is not None:
            hello["token"] = spec.tokens[seat]
        await ws.send(json.dumps(hello))
        while True:
            raw = await asyncio.wait_for(ws.recv(), RECEIVE_SECONDS)
            assert isinstance(raw, str)
            message = json.loads(raw)
            received.append((raw, message))
            if message["type"] == "error":
                assert message["code"] == "stale_version", message
                spec.stale_refused += 1
                continue
            if message["over"]:
                return
            if message["legal_actions"]:
                version = message["version"]
                if rng.random() < 0.08:
                    spec.stale_sent += 1
                    stale = rng.choice([version - 1, version + 1])
                    wrong = {"version": stale, "action": rng.choice(message["legal_actions"])}
                    await ws.send(json.dumps(wrong))
                action = rng.choice(message["legal_actions"])
                await ws.send(json.dumps({"version": version, "action": action}))


async def _play_all(ws: str, specs: list[Spec]) -> None:
    clients = []
    for number, spec in enumerate(specs):
        url = f"{ws}/api/tables/{spec.table}/ws"
        for seat in [*spec.tokens, None]:
            clients.append(_seat(url, spec, seat, random.Random(number * 100 + (seat or 99))))
    await asyncio.wait_for(asyncio.gather(*clients), SECONDS)


def test_fifty_tables_of_random_clients_never_see_a_card_they_may_not(tmp_path: Path) -> None:
    started = time.monotonic()
    app = create_app(tmp_path, seed=OPERATOR_SEED)  # each table's seed derived from it: a rerun replays
    specs: list[Spec] = []
    with LiveServer(app) as server:
        with httpx.Client(base_url=server.http, timeout=10) as http:
            for number in range(TABLES):
                terms = _terms(random.Random(number))
                made = http.post("/api/tables", json=terms)
                assert made.status_code == 201, made.text
                table = made.json()["table"]
                tokens = {}
                for seat in range(terms["players"]):
                    if seat not in terms["bots"]:
                        joined = http.post(f"/api/tables/{table}/join", json={"seat": seat})
                        assert joined.status_code == 200, joined.text
                        tokens[seat] = joined.json()["token"]
                specs.append(Spec(table, terms["players"], terms["bots"], tokens))
        asyncio.run(_play_all(server.ws, specs))
        played = time.monotonic() - started
    lobby = app.state.lobby
    checked = actions = 0
    for spec in specs:
        document = json.loads((tmp_path / "tables" / f"{spec.table}.json").read_text())
        game = lobby.tables[spec.table].game
        assert game.is_over and document["state"] == game.to_dict()
        secrets = [*spec.tokens.values(), str(OPERATOR_SEED)]  # never in a message either
        checked += check_table(document, spec.transcripts, tokens=secrets)
        actions += game.records - 1
        assert spec.stale_refused == spec.stale_sent
    messages = sum(len(received) for s in specs for t in s.transcripts for _, received in t.connections)
    print(f"\n{TABLES} tables, {actions} actions, {messages} messages ({checked} updates checked), "
          f"{sum(s.stale_sent for s in specs)} stale actions refused; played in {played:.1f} s, "
          f"checked in {time.monotonic() - started - played:.1f} s")  # fmt: skip
    assert checked >= actions
