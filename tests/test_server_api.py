"""The game server through Starlette's TestClient: the page, the routes, seats and spectators.

Every test makes its own app on its own data directory. Whole sessions are
played over WebSockets and every message the clients received is judged by
the oracle of ``test_server_views`` (each seat's view of the replayed game).
"""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Optional

import numpy as np
import pytest
from test_server_views import TestClient, Transcript, check_table, receive, watchdog  # noqa: F401

from pycards.games import GAMES
from pycards.server import create_app
from pycards.server.wire import dumps, parse, to_json

VINGT_UN = {"game": "vingt_un", "players": 3, "options": {"deals": 2, "max_stake": 5}}


OPERATOR_SEED = 7
"""The tables' seeds derive from it, so each test plays the same deals every run (with the
default, secret seeds, a short session now and then checked fewer messages than a test asks)."""


@pytest.fixture
def client(tmp_path: Path, watchdog: None) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path, fsync=False, seed=OPERATOR_SEED)) as test_client:
        yield test_client


def _document(tmp_path: Path, table: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((tmp_path / "tables" / f"{table}.json").read_text())
    return data


def _create(client: TestClient, **changes: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={**VINGT_UN, **changes})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def _join(client: TestClient, table: str, seat: Optional[int]) -> dict[str, Any]:
    response = client.post(f"/api/tables/{table}/join", json={} if seat is None else {"seat": seat})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


class Client:
    """A TestClient WebSocket at a table, as a seat (with its token) or a spectator, keeping
    its transcript."""

    def __init__(self, client: TestClient, table: str, seat: Optional[int], token: Optional[str],
                 transcript: Transcript, since: Optional[int] = 0) -> None:  # fmt: skip
        self.seat = seat
        self.transcript = transcript
        self.received = transcript.connect(since)
        self.context = client.websocket_connect(f"/api/tables/{table}/ws")
        self.ws = self.context.__enter__()
        hello: dict[str, Any] = {"seat": seat}
        if token is not None:
            hello["token"] = token
        if since is not None:
            hello["since"] = since
        self.ws.send_text(json.dumps(hello))
        self.last = self.next()

    def next(self) -> dict[str, Any]:
        message = receive(self.ws)
        self.received.append((dumps(message), message))
        return message

    def until_people(self, bots: Sequence[int]) -> dict[str, Any]:
        """Updates until one where a person is to act (or the session is over)."""
        while self.last["to_act"] in bots and not self.last["over"]:
            self.last = self.next()
        return self.last

    def close(self) -> None:
        self.context.__exit__(None, None, None)


def _play(client: TestClient, table: str, tokens: dict[int, str], bots: Sequence[int] = (),
          seed: int = 0) -> tuple[list[Transcript], list[Client]]:  # fmt: skip
    """Play a table to its end: a WebSocket per person's seat (random legal actions) and a
    spectator; the transcripts."""
    rng = random.Random(seed)
    transcripts = [Transcript(seat) for seat in tokens] + [Transcript(None)]
    clients = [Client(client, table, seat, tokens[seat], t) for seat, t in zip(tokens, transcripts)]
    clients.append(Client(client, table, None, None, transcripts[-1]))
    for c in clients:
        c.until_people(bots)
    for _ in range(2000):
        state = clients[0].last
        if state["over"]:
            break
        actor = next(c for c in clients if c.seat == state["to_act"])
        assert actor.last["legal_actions"], "the seat to act was sent no legal actions"
        action = rng.choice(actor.last["legal_actions"])
        actor.ws.send_text(json.dumps({"version": actor.last["version"], "action": action}))
        for c in clients:
            c.last = c.next()
            c.until_people(bots)
    assert all(c.last["over"] for c in clients)
    return transcripts, clients


# --------------------------------------------------------------------------------------
# the page and the routes
# --------------------------------------------------------------------------------------


def test_the_page_and_its_files_are_served_from_this_origin_only(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert 'src="/static/app.js"' in page.text and 'href="/static/style.css"' in page.text
    assert "http://" not in page.text and "https://" not in page.text  # no CDN
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    script = client.get("/static/app.js")
    assert script.status_code == 200 and "WebSocket" in script.text and "innerHTML" not in script.text
    assert client.get("/static/style.css").status_code == 200
    missing = client.get("/static/nothing.js")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"


def test_games_lists_each_game_with_the_options_a_client_may_set(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, max_deals=7, fsync=False)) as client:
        games = client.get("/api/games").json()["games"]
    assert [g["name"] for g in games] == sorted(GAMES)
    [vingt_un] = [g for g in games if g["name"] == "vingt_un"]
    assert (vingt_un["name"], vingt_un["min_players"], vingt_un["max_players"]) == ("vingt_un", 2, 12)
    options = {o["name"]: o for o in vingt_un["options"]}
    assert "until" not in options and options["deals"]["high"] == 7
    assert options["max_stake"] == {"name": "max_stake", "default": 10, "kind": "int", "low": 1, "high": 100,
                                    "choices": [], "optional": False}  # fmt: skip


def test_a_table_is_made_saved_and_summarized_without_its_seed(client: TestClient, tmp_path: Path) -> None:
    table = _create(client, bots=[2])
    assert table["game"] == "vingt_un" and table["players"] == 3 and not table["over"]
    assert [s["kind"] for s in table["seats"]] == ["person", "person", "bot"]
    assert [s["taken"] for s in table["seats"]] == [False, False, True]
    assert table["options"]["deals"] == 2 and table["options"]["until"] == "deals"
    document = _document(tmp_path, table["table"])
    seed = document["state"]["seed"]
    summary = client.get(f"/api/tables/{table['table']}")
    assert summary.json()["table"] == table["table"]
    for text in (json.dumps(table), summary.text, client.get("/api/tables").text):
        assert "seed" not in text and str(seed) not in text
    other = _document(tmp_path, _create(client)["table"])
    assert other["state"]["seed"] != seed  # the server draws each table's seed
    assert seed.bit_length() > 32


def test_the_open_tables_are_listed_newest_first(client: TestClient) -> None:
    first, second = _create(client), _create(client)
    listed = [t["table"] for t in client.get("/api/tables").json()["tables"]]
    assert listed == [second["table"], first["table"]]


def test_joining_gives_each_seat_one_secret_token(client: TestClient, tmp_path: Path) -> None:
    table = _create(client, bots=[1])["table"]
    mine = _join(client, table, 2)
    assert mine["seat"] == 2 and len(mine["token"]) >= 40
    assert client.post(f"/api/tables/{table}/join", json={"seat": 2}).status_code == 409
    bot = client.post(f"/api/tables/{table}/join", json={"seat": 1})
    assert bot.status_code == 409 and bot.json()["error"]["code"] == "seat_taken"
    assert _join(client, table, None)["seat"] == 0  # the first free seat
    full = client.post(f"/api/tables/{table}/join", json={})
    assert full.status_code == 409
    text = (tmp_path / "tables" / f"{table}.json").read_text()
    assert mine["token"] not in text  # the file keeps only the token's SHA-256
    assert client.get(f"/api/tables/{table}").json()["seats"][2]["taken"] is True


def test_a_session_of_two_people_and_a_spectator_shows_each_only_its_view(client: TestClient,
                                                                         tmp_path: Path) -> None:  # fmt: skip
    table = _create(client, players=2)["table"]
    tokens = {seat: _join(client, table, seat)["token"] for seat in (0, 1)}
    transcripts, clients = _play(client, table, tokens, seed=1)
    document = _document(tmp_path, table)
    assert check_table(document, transcripts, tokens=list(tokens.values())) > 20
    final = clients[0].last
    assert final["over"] and final["to_act"] is None and final["legal_actions"] == []
    assert sum(final["payoffs"].values()) == 0
    ended = [e for e in final["events"] for entry in e["entries"] if entry["type"] == "DealEnded"]
    assert ended and any("over:" in line for e in final["events"] for line in e["text"])
    for c in clients:
        c.close()


def test_bots_play_their_seats_at_once_and_the_people_theirs(client: TestClient, tmp_path: Path) -> None:
    table = _create(client, players=4, bots=[1, 3], options={"deals": 3})["table"]
    tokens = {seat: _join(client, table, seat)["token"] for seat in (0, 2)}
    transcripts, clients = _play(client, table, tokens, bots=(1, 3), seed=2)
    document = _document(tmp_path, table)
    assert check_table(document, transcripts, tokens=list(tokens.values())) > 10
    events = [e for t in transcripts for _, m in t.messages() for e in m.get("events", [])]
    acted = {e["seat"] for e in events if e["index"]}
    assert {1, 3} <= acted  # the bots acted
    for c in clients:
        c.close()


def test_a_table_started_on_a_bots_turn_is_played_up_to_a_persons(client: TestClient) -> None:
    for _ in range(8):  # the first to act depends on the dealer the seed draws
        table = _create(client, players=2, bots=[0])
        if table["to_act"] == 1 or table["over"]:
            break
    summary = client.get(f"/api/tables/{table['table']}").json()
    assert summary["to_act"] == 1 and summary["version"] >= 1


def test_a_seat_connected_twice_gets_every_update_on_both(client: TestClient) -> None:
    table = _create(client, players=2)["table"]
    token = _join(client, table, 0)["token"]
    other = _join(client, table, 1)["token"]
    first = Client(client, table, 0, token, Transcript(0))
    second = Client(client, table, 0, token, Transcript(0))
    rival = Client(client, table, 1, other, Transcript(1))
    actor = first if first.last["to_act"] == 0 else rival
    action = actor.last["legal_actions"][0]
    actor.ws.send_text(json.dumps({"version": actor.last["version"], "action": action}))
    for c in (first, second, rival):
        assert c.next()["version"] == actor.last["version"] + 1
        c.close()


def test_since_resumes_the_log_where_a_client_left_it(client: TestClient) -> None:
    table = _create(client, players=2)["table"]
    tokens = {seat: _join(client, table, seat)["token"] for seat in (0, 1)}
    transcripts, clients = _play(client, table, tokens, seed=3)
    version = clients[0].last["version"]
    late = Client(client, table, 0, tokens[0], Transcript(0), since=version - 2)
    assert late.last["since"] == version - 2 and [e["index"] for e in late.last["events"]] == [version - 2,
                                                                                              version - 1]
    whole = Client(client, table, None, None, Transcript(None), since=None)
    assert whole.last["since"] == 0 and len(whole.last["events"]) == version
    for c in [*clients, late, whole]:
        c.close()


def test_an_operator_seed_makes_the_deals_reproducible(tmp_path: Path) -> None:
    deals = []
    for run in ("a", "b"):
        with TestClient(create_app(tmp_path / run, seed=2024, fsync=False)) as client:
            table = _create(client)["table"]
            deals.append(_document(tmp_path / run, table)["state"]["state"]["hands"])
    assert deals[0] == deals[1]


# --------------------------------------------------------------------------------------
# the wire
# --------------------------------------------------------------------------------------


class Colour(enum.Enum):
    RED = "red"


class Pair(NamedTuple):
    cards: tuple[Optional[int], ...]
    weight: float


def test_the_wire_writes_any_games_values_as_plain_json() -> None:
    value = {
        0: [Pair((51, None), 0.5)], "mask": np.array([True, False]), "size": np.int64(7),
        "out": frozenset({3, 1}), "colour": Colour.RED, "ratio": np.float32(0.25), 1: (),
    }
    assert to_json(value) == {"0": [{"cards": [51, None], "weight": 0.5}], "mask": [True, False], "size": 7,
                              "out": [1, 3], "colour": "red", "ratio": 0.25, "1": []}  # fmt: skip
    assert json.loads(dumps(to_json(value))) == to_json(value)
    for bad in (object(), float("nan"), {(1, 2): 3}, {1: "a", "1": "b"}, b"bytes"):
        with pytest.raises(TypeError):
            to_json(bad)


def test_the_wire_reads_only_strict_json() -> None:
    assert parse(b'{"a": [1, 2.5, null]}', 100) == {"a": [1, 2.5, None]}
    for bad in ('{"a": NaN}', '{"a": Infinity}', "[" * 5000, '{"a": 1, "a": 1}', "{", "", b"\xff\xfe",
                "1" * 5000):  # fmt: skip
        with pytest.raises(ValueError) as caught:
            parse(bad, 10_000)
        assert getattr(caught.value, "code") == "bad_json"
    with pytest.raises(ValueError) as caught:
        parse("x" * 101, 100)
    assert getattr(caught.value, "code") == "too_large"


SERVER_MODULES = ("pycards.server", "pycards.server.wire", "pycards.server.messages", "pycards.server.tables",
                  "pycards.server.store", "pycards.server.lobby", "pycards.server.connection",
                  "pycards.server.errors", "pycards.server.app")  # fmt: skip


def test_the_server_modules_docstring_examples_run_and_their_names_exist() -> None:
    import doctest
    import importlib

    for name in SERVER_MODULES:
        module = importlib.import_module(name)
        assert module.__doc__ and all(hasattr(module, n) for n in module.__all__), name
        assert doctest.testmod(module).failed == 0, name


# --------------------------------------------------------------------------------------
# the bots: the game's own policy, or at random
# --------------------------------------------------------------------------------------


def _bot_records(document: dict[str, Any], transcripts: Sequence[Transcript]) -> list[tuple[Any, int, Any, Any]]:
    """Replay the table of ``document`` from its seed with the actions its clients saw: each bot
    decision as (the game before it, the seat, the action the bot took, the record index)."""
    from pycards.games import game_class, new_game

    state = document["state"]
    game = new_game(document["game"], players=state["players"], seed=state["seed"], **state["options"])
    actions = {e["index"]: (e["seat"], e["action"]) for t in transcripts for _, m in t.messages()
               for e in m.get("events", []) if e["index"] > 0}  # fmt: skip
    bots = [s for s, seat in enumerate(document["seats"]) if seat["bot"] is not None]
    decisions = []
    for index in range(1, state["first_record"]):
        seat, action = actions[index]
        taken = game_class(document["game"]).action_from_dict(action)
        if seat in bots:
            decisions.append((game.copy(), seat, taken, game.records))
        game.apply(taken)
    assert game.to_dict() == state
    return decisions


def test_bots_play_the_games_own_policy_unless_the_table_asks_for_random_ones(client: TestClient,
                                                                              tmp_path: Path) -> None:  # fmt: skip
    from pycards.games.poker.table import Demand
    from pycards.games.policies import RandomLegal, default_policy

    for plays in ("policy", "random"):
        request: dict[str, Any] = {"game": "draw_poker", "players": 3, "options": {"deals": 4}, "bots": [1, 2]}
        if plays == "random":
            request["bots_play"] = "random"
        table = _create(client, **request)
        assert table["bots_play"] == plays
        token = _join(client, table["table"], 0)["token"]
        transcripts, clients = _play(client, table["table"], {0: token}, bots=(1, 2), seed=3)
        try:
            document = _document(tmp_path, table["table"])
            stored = {"policy": "game_policy", "random": "random_legal"}[plays]
            assert [s["bot"] and s["bot"]["policy"] for s in document["seats"]] == [None, stored, stored]
            check_table(document, transcripts, tokens=[token])
            decisions = _bot_records(document, transcripts)
            assert len(decisions) > 5
            for game, seat, taken, records in decisions:
                observation, legal = game.observation(seat), game.legal_actions()
                if plays == "policy":  # the registry's policy: never a deliberate foul, never a silly raise
                    assert taken == default_policy("draw_poker")(observation, legal)
                    assert not isinstance(taken, Demand)
                else:
                    seed = document["seats"][seat]["bot"]["seed"]
                    assert taken == RandomLegal(seed).for_session(records)(observation, legal)
            listed = client.get("/api/tables").json()
            finished = [t for t in listed["finished"] if t["table"] == table["table"]]
            assert finished and finished[0]["over"] and finished[0]["payoffs"] == clients[0].last["payoffs"]
            assert all(t["table"] != table["table"] for t in listed["tables"])
        finally:
            for c in clients:
                c.close()


@pytest.mark.parametrize("plays", ["smart", 1, None, ["policy"], "Policy"])
def test_a_table_request_with_an_unknown_way_for_bots_to_play_is_refused_naming_it(client: TestClient,
                                                                                   plays: Any) -> None:  # fmt: skip
    answer = client.post("/api/tables", json={**VINGT_UN, "bots": [1], "bots_play": plays})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "bad_message" and "bots_play" in error["message"]
    assert json.dumps(plays) in error["message"] or repr(plays) in error["message"], error["message"]
