"""Bounded work per table (issue 26): options within the server's caps, a cap on the decisions
of a deal even when bots alone are left to act, saves that do not grow with the deal.

The runaway table of the issue, shortened: Draw Poker for 8, counters at the cap, limit 1000,
seven bots that raise by one counter whenever they can (the cheapest raise: the most decisions
a deal can take), and a person who folds. Without a cap its first deal would take about a
million decisions; with one it ends truncated at the cap.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pycards.games import game_class
from pycards.games.base import Action, Game
from pycards.games.engine.events import DealEnded
from pycards.server import create_app
from pycards.server.errors import ServerConfigError
from pycards.server.lobby import BACKGROUND_REST, SAVE_RETRIES, Limits, Lobby
from pycards.server.messages import ActionMessage, CreateRequest
from pycards.server.tables import Seat, Table

SCENARIO_SECONDS = 20.0
"""The shortened runaway must end within this (without a cap it would not)."""
CAP = 40
RUNAWAY = {"counters": 100_000, "limit": 1000}


def _raising(game: Game) -> Action:
    """A bot that raises by one whenever it may, else calls or checks (never folds)."""
    legal = game.legal_actions()
    for kind in ("Raise", "Call", "Check"):
        for action in legal:
            if type(action).__name__ == kind:
                return action
    return next((a for a in legal if type(a).__name__ != "Fold"), legal[0])


def _folding(game: Game) -> Action:
    """The person: folds when it may, else declines (a straddle) or takes the first action."""
    legal = game.legal_actions()
    for action in legal:
        if type(action).__name__ == "Fold" or action == legal[-1] and type(action).__name__ == "Straddle":
            return action
    return legal[0]


def _deals(game: Game) -> list[tuple[int, bool]]:
    """Each completed deal's decisions and whether it was truncated, from the game's records."""
    deals, count = [], 0
    for record in game.history():
        count += record.action is not None  # the first record deals: no decision
        for entry in record.entries:
            if isinstance(entry, DealEnded):
                deals.append((count, entry.truncated))
                count = 0
    return deals


async def _runaway(tmp_path: Path, limits: Limits, deals: int) -> tuple[Table, list[int]]:
    """Play the runaway table to the end: the table, and the size in bytes of every save."""
    lobby = Lobby(tmp_path, limits, seed=26, fsync=False)
    sizes: list[int] = []
    write = lobby.store.write

    def counted(table_id: str, text: str) -> None:
        sizes.append(len(text.encode()))
        write(table_id, text)

    lobby.store.write = counted  # type: ignore[method-assign]
    request = CreateRequest("draw_poker", 8, {**RUNAWAY, "deals": deals}, tuple(range(1, 8)))
    table = await lobby.create(request)
    await lobby.join(table, 0)
    try:
        while True:
            while table.bot_task is not None and not table.bot_task.done():
                await asyncio.sleep(0.005)
            game = table.game
            if game.to_act is None:
                return table, sizes
            assert game.to_act == 0, "the bots stopped on a bot's turn"
            action = _folding(game)
            await lobby.act(table, 0, ActionMessage(game.records, action.to_dict()))
    finally:
        await lobby.stop()


def _play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, limits: Limits, deals: int) -> tuple[Table, list[int]]:
    monkeypatch.setattr(Table, "bot_action", lambda self: _raising(self.game))
    return asyncio.run(asyncio.wait_for(_runaway(tmp_path, limits, deals), SCENARIO_SECONDS))


# -- options within the server's caps -------------------------------------------------------------


@pytest.mark.parametrize("keywords, named", [
    ({"max_counters": 0}, "max_counters"), ({"max_counters": 10**10}, "max_counters"),
    ({"max_counters": True}, "max_counters"), ({"max_limit": 1001}, "max_limit"),
    ({"max_limit": "10"}, "max_limit"), ({"max_decisions": 19}, "max_decisions"),
    ({"max_decisions": 10**6}, "max_decisions"), ({"max_decisions": 50.0}, "max_decisions"),
])  # fmt: skip
def test_the_caps_are_checked_when_the_server_starts(keywords: dict[str, Any], named: str) -> None:
    with pytest.raises(ServerConfigError, match=named):
        Limits(**keywords)


def test_games_shows_each_option_within_the_servers_caps(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, fsync=False)) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    for game in games.values():
        options = {o["name"]: o for o in game["options"]}
        assert options["max_decisions"]["low"] >= 1 and options["max_decisions"]["high"] <= 1000
        assert options["max_decisions"]["default"] == options["max_decisions"]["high"], game["name"]
        assert options["counters"]["high"] <= 100_000 and options["deals"]["high"] <= 100
    draw = {o["name"]: o for o in games["draw_poker"]["options"]}
    assert (draw["counters"]["default"], draw["limit"]["high"], draw["max_decisions"]["default"]) == (100, 1000, 1000)


def test_a_table_over_a_cap_is_refused_naming_the_option(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "http", fsync=False)) as client:
        body = {"game": "draw_poker", "players": 8, "options": {"counters": 10**9, "limit": 1000},
                "bots": list(range(1, 8))}  # fmt: skip
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_options"
        assert "counters" in refused.json()["error"]["message"] and "100000" in refused.json()["error"]["message"]
        assert client.get("/api/tables").json()["tables"] == []
    limits = Limits(max_counters=500, max_limit=20, max_decisions=60, max_deals=3)
    lobby = Lobby(tmp_path / "lobby", limits, fsync=False)
    over = [({"counters": 501}, "counters"), ({"limit": 21}, "limit"), ({"deals": 4}, "deals"),
            ({"max_decisions": 61}, "max_decisions"), ({"max_decisions": 0}, "max_decisions")]  # fmt: skip
    for options, named in over:
        with pytest.raises(ValueError, match=f"this server allows {named} from .* not {list(options.values())[0]}"):
            asyncio.run(lobby.create(CreateRequest("draw_poker", 3, options, (1,))))
    assert lobby.tables == {} and list((tmp_path / "lobby" / "tables").glob("*.json")) == []
    made = asyncio.run(lobby.create(CreateRequest("draw_poker", 3, {"counters": 500, "limit": 20, "deals": 3,
                                                                    "max_decisions": 60}, (1,))))  # fmt: skip
    assert made.game.options.counters == 500  # type: ignore[attr-defined]


# -- a cap on the decisions of a deal -------------------------------------------------------------


def test_every_table_the_server_makes_bounds_its_deals(tmp_path: Path) -> None:
    lobby = Lobby(tmp_path, Limits(max_decisions=300), fsync=False)
    for name, players in [("draw_poker", 2), ("vingt_un", 3), ("commerce", 3), ("brag", 3)]:
        table = asyncio.run(lobby.create(CreateRequest(name, players, {}, ())))
        assert table.game.options.max_decisions == 300, name  # type: ignore[attr-defined]
        options = table.summary()["options"]
        assert isinstance(options, dict) and options["max_decisions"] == 300
        assert table.game.info.max_decisions_per_deal <= 300
    lower = asyncio.run(lobby.create(CreateRequest("draw_poker", 2, {"max_decisions": 25}, ())))
    assert lower.game.options.max_decisions == 25  # type: ignore[attr-defined]


def test_bots_left_alone_in_a_deal_stop_at_the_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table, _ = _play(tmp_path, monkeypatch, Limits(max_decisions=CAP), deals=2)
    deals = _deals(table.game)
    assert len(deals) >= 2 and all(decisions <= CAP for decisions, _ in deals), deals
    assert all(truncated for _, truncated in deals), deals  # the raising bots never stop by themselves


def test_bots_of_a_table_without_a_bound_stop_within_the_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table whose game has no turn bound (a file from before the caps) runs its bots for at
    most the cap's decisions a deal, then they stop (logged) rather than run on for ever."""
    monkeypatch.setattr(Table, "bot_action", lambda self: _raising(self.game))
    limits = Limits(max_decisions=20)

    async def run() -> Table:
        lobby = Lobby(tmp_path, limits, fsync=False)
        game = game_class("draw_poker")(players=3, seed=5, deals=1, **RUNAWAY)
        seats = [Seat(), Seat(bot_seed=1), Seat(bot_seed=2)]
        game.apply(_folding(game) if game.to_act == 0 else _raising(game))
        while game.to_act == 0:
            game.apply(_folding(game))
        table = Table("00000000000000aa", game, seats, 0, 0.0)
        lobby.tables[table.id] = table
        lobby.kick_bots(table)
        assert table.bot_task is not None
        await asyncio.wait_for(table.bot_task, SCENARIO_SECONDS)
        return table

    table = asyncio.run(run())
    assert table.game.to_act is not None and table.game.records <= 1 + 20 * 2 + SAVE_RETRIES + 5


# -- saves that do not grow with the deal -----------------------------------------------------------


def test_a_save_holds_one_deal_at_most(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table, sizes = _play(tmp_path, monkeypatch, Limits(max_decisions=CAP), deals=3)
    assert table.game.records >= 3 * CAP - 10  # three deals of the cap's decisions, about
    one_deal = 4000 + 60 * CAP
    """Bytes: the snapshot's deal part, seats and summary (about 2 KB), and each action."""
    assert max(sizes) <= one_deal, (max(sizes), one_deal)
    saved = json.loads((tmp_path / "tables" / f"{table.id}.json").read_text())
    assert len(saved["state"]["actions"]) <= CAP
    first, last = sizes[: len(sizes) // 3], sizes[-(len(sizes) // 3):]
    assert max(last) <= max(first) + 500, (max(first), max(last))  # no growth from deal to deal


def test_bots_rest_three_times_as_long_as_they_worked() -> None:
    """A table's bots take at most a quarter of the event loop (and pause 2 ms at least): with
    the long logs' quarter, the loop is never full, and a person's move at another table waits
    for one short turn of background work at most (the load test measures it)."""
    assert BACKGROUND_REST == 3
    assert Lobby._bot_pause(0.004) == pytest.approx(0.012)
    assert Lobby._bot_pause(0.0001) == Lobby.BOT_PAUSE_SECONDS == 0.002
