"""The tables on disk among strangers (issue 26): no deal dealt twice, damaged files named as such,
every file found counted towards ``--max-tables``, the directory flushed after each rename.

With ``--seed`` a table's seed and its bots' seeds come from the operator's seed and the
table's number; the next number is kept in a durable counter (``DATA/next_table.json``),
written before a table is handed out, so removing the newest table's file (the documented way
to free ``--max-tables``) or damaging it never hands its number, and its cards, out again.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pycards.server import create_app
from pycards.server.errors import ServerConfigError
from pycards.server.lobby import Limits, Lobby
from pycards.server.messages import read_create
from pycards.server.store import COUNTER_FILE, TableStore
from pycards.server.tables import Table

SEED = 20260126
REQUEST = {"game": "vingt_un", "players": 3, "bots": [1], "options": {"deals": 2, "max_stake": 4}}


def _make(data: Path, count: int, **limits: Any) -> list[dict[str, Any]]:
    """``count`` new tables on a server with the operator's seed: each one's file as saved."""
    made = []
    with TestClient(create_app(data, seed=SEED, fsync=False, **limits)) as client:
        for _ in range(count):
            answer = client.post("/api/tables", json=REQUEST)
            assert answer.status_code == 201, answer.text
            made.append(_document(data, answer.json()["table"]))
    return made


def _document(data: Path, table: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((data / "tables" / f"{table}.json").read_text())
    return document


def _deal(document: dict[str, Any]) -> tuple[Any, ...]:
    """What decides a table's cards: its seed, its bots' seeds, the state dealt from them."""
    bots = tuple(seat["bot"]["seed"] for seat in document["seats"] if seat["bot"] is not None)
    return document["state"]["seed"], bots, json.dumps(document["state"]["state"], sort_keys=True)


def _newest(made: list[dict[str, Any]]) -> dict[str, Any]:
    return max(made, key=lambda document: document["number"])


@pytest.mark.parametrize("how", ["removed", "not JSON", "cut short", "not served", "a symlink"])
def test_the_newest_tables_cards_are_never_dealt_again(tmp_path: Path, how: str) -> None:
    made = _make(tmp_path, 3)
    newest = _newest(made)
    path = tmp_path / "tables" / f"{newest['id']}.json"
    text = path.read_text()
    if how == "removed":
        path.unlink()
    elif how == "not JSON":
        path.write_text("{ not json")
    elif how == "cut short":
        path.write_text(text[: len(text) // 2])
    elif how == "not served":  # a table the next server's --max-deals refuses
        path.write_text(text.replace('"deals":2', '"deals":99'))
    else:
        path.unlink()
        path.symlink_to(tmp_path / "elsewhere.json")
    again = _make(tmp_path, 1, max_deals=50)[0]
    assert again["number"] > newest["number"]
    for seed, bots, state in map(_deal, made):
        new_seed, new_bots, new_state = _deal(again)
        assert new_seed != seed and not set(new_bots) & set(bots) and new_state != state


def test_the_same_seed_on_a_fresh_directory_deals_the_same_tables(tmp_path: Path) -> None:
    """What ``--seed`` is for: a run on a fresh directory is dealt as the last one was."""
    first, second = _make(tmp_path / "one", 2), _make(tmp_path / "two", 2)
    assert [_deal(d) for d in first] == [_deal(d) for d in second]
    assert len({_deal(d)[0] for d in first}) == 2


def test_a_directory_without_a_counter_numbers_on_from_every_file_found(tmp_path: Path) -> None:
    """A directory of an older server (no counter): numbered past every table found, loaded or
    not, and the counter written at once, so removing a file later repeats nothing."""
    made = _make(tmp_path, 3)
    (tmp_path / COUNTER_FILE).unlink()
    newest = _newest(made)
    path = tmp_path / "tables" / f"{newest['id']}.json"
    path.write_text(path.read_text().replace('"deals":2', '"deals":99'))  # found, not served
    create_app(tmp_path, seed=SEED, fsync=False, max_deals=50)
    assert json.loads((tmp_path / COUNTER_FILE).read_text()) == {"next_number": newest["number"] + 1}
    path.unlink()
    assert _make(tmp_path, 1)[0]["number"] == newest["number"] + 1


@pytest.mark.parametrize("text", ["{ not json", '{"next_number": -1}', '{"next_number": 1.5}', "[3]"])
def test_a_damaged_counter_stops_a_seeded_server_and_is_named(tmp_path: Path, text: str,
                                                              caplog: pytest.LogCaptureFixture) -> None:  # fmt: skip
    _make(tmp_path, 1)
    (tmp_path / COUNTER_FILE).write_text(text)
    with pytest.raises(ServerConfigError, match="next_table.json.*damaged"):
        create_app(tmp_path, seed=SEED, fsync=False)
    with caplog.at_level(logging.WARNING, "pycards.server"):
        app = create_app(tmp_path, fsync=False)  # seeds drawn at random: numbering is only order
    assert any("next_table.json" in r.getMessage() and "damaged" in r.getMessage() for r in caplog.records)
    assert app.state.lobby._next_number == 1


def test_a_counter_that_cannot_be_saved_hands_no_table_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(tmp_path, seed=SEED, fsync=False)) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]

        def refuse(value: int) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(lobby.store, "write_counter", refuse)
        answer = client.post("/api/tables", json=REQUEST)
        assert answer.status_code == 503 and answer.json()["error"]["code"] == "unavailable"
        assert lobby.tables == {} and not list((tmp_path / "tables").iterdir())


def test_a_damaged_table_file_is_logged_by_name_as_damaged(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    made = _make(tmp_path, 3)
    folder = tmp_path / "tables"
    (folder / f"{made[0]['id']}.json").write_text("{ not json")
    tampered = dict(made[1])
    tampered["seats"] = [{"bot": {"policy": "nobody", "seed": made[1]["seats"][1]["bot"]["seed"]},
                          "token_sha256": None}] * 3  # fmt: skip
    (folder / f"{made[1]['id']}.json").write_text(json.dumps(tampered))
    with caplog.at_level(logging.WARNING, "pycards.server"):
        create_app(tmp_path, seed=SEED, fsync=False)
    lines = [r.getMessage() for r in caplog.records]
    for document in made[:2]:
        named = [line for line in lines if f"{document['id']}.json" in line]
        assert len(named) == 1 and "is damaged" in named[0], lines
        assert str(document["seats"][1]["bot"]["seed"]) not in named[0]  # no seed in the log
        assert str(document["state"]["seed"]) not in named[0]
    assert not any("message" in line for line in lines)


def test_files_that_do_not_load_count_towards_max_tables(tmp_path: Path) -> None:
    made = _make(tmp_path, 3)
    folder = tmp_path / "tables"
    (folder / f"{made[0]['id']}.json").write_text("{ not json")
    (folder / f"{made[1]['id']}.json").unlink()
    (folder / f"{made[1]['id']}.json").symlink_to(folder / f"{made[2]['id']}.json")
    with TestClient(create_app(tmp_path, seed=SEED, fsync=False, max_tables=3)) as client:
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        assert set(lobby.tables) == {made[2]["id"]}
        assert sorted(lobby.skipped) == sorted(d["id"] for d in made[:2])
        answer = client.post("/api/tables", json=REQUEST)
        assert answer.status_code == 503 and answer.json()["error"]["code"] == "too_many_tables"
    (folder / f"{made[0]['id']}.json").unlink()  # the documented way to free a place
    assert len(_make(tmp_path, 1, max_tables=3)) == 1


def test_every_rename_is_followed_by_a_flush_of_its_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    flushed: list[str] = []
    real = os.fsync

    def fsync(descriptor: int) -> None:
        flushed.append("directory" if stat.S_ISDIR(os.fstat(descriptor).st_mode) else "file")
        real(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)
    store = TableStore(tmp_path, fsync=True)
    store.write("0123456789abcdef", "{}")
    assert flushed == ["file", "directory"]
    flushed.clear()
    store.write_counter(7)
    assert flushed == ["file", "directory"] and store.read_counter() == 7
    flushed.clear()
    TableStore(tmp_path, fsync=False).write("0123456789abcdef", "{}")
    assert flushed == []


def test_tables_made_at_once_get_distinct_numbers_all_on_the_counter(tmp_path: Path) -> None:
    """Creates that overlap (each counter write is awaited in a thread) never share a number,
    and the counter on disk ends past every one of them."""
    lobby = Lobby(tmp_path, Limits(max_tables=50), seed=SEED, fsync=False)
    request = read_create(REQUEST)

    async def make() -> list[Table]:
        tables = await asyncio.gather(*(lobby.create(request) for _ in range(20)))
        await lobby.stop()
        return tables

    tables = asyncio.run(make())
    numbers = sorted(table.number for table in tables)
    assert numbers == list(range(20)) and len({table.game.to_dict()["seed"] for table in tables}) == 20
    assert TableStore(tmp_path).read_counter() == 20
