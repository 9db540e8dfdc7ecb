"""The oracle the server tests judge every message by, the helpers they share, and proof the
oracle catches leaks.

:func:`check_table` replays a table from its saved file (its seed and options:
the omniscient side) and the actions its messages report, and checks every
update a client received at each version against that seat's view of the
replayed game, twice over:

* against the protocol's views: the events equal ``game.events(seat, since)``
  (as :mod:`pycards.server.wire` writes them), the observation equals
  ``observation(seat)``, the legal actions are sent only on the seat's turn;
* independently of ``Record.view``: every ``Dealt`` or ``Moved`` entry of the full record
  whose card that seat may not see (``seen_by``) is sent with its card null and
  its line of text names no card; no other entry's line names a card that entry
  does not hold; no card lying face down in another seat's hand now (read from
  the omniscient ``hands``) appears in the observation or its text.

Every message (errors too) is also searched for a ``seed`` key, the seed's
digits, and every seat's token. The tests at the bottom plant leaks in
messages and check the oracle fails on each.

:class:`LiveServer` runs an app with uvicorn on a free loopback port in a
thread; :func:`receive` reads a TestClient WebSocket with a timeout; the
``watchdog`` fixture ends the process (with every thread's traceback) if a
server test hangs.
"""

from __future__ import annotations

import copy
import faulthandler
import json
import re
import socket
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Optional

import pytest

from pycards.cards import format as format_cards
from pycards.games import game_class, new_game
from pycards.games.engine.events import Dealt, Moved, Shown
from pycards.games.text import observation_lines
from pycards.server.choices import choices
from pycards.server.wire import record_json, to_json

with warnings.catch_warnings():  # starlette's notice about httpx, not about this project
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

__all__ = ["LiveServer", "TestClient", "Transcript", "check_table", "receive", "watchdog"]

TEST_SECONDS = 150
"""A server test that runs longer than this has hung: the watchdog ends the run."""
SEED = 0x5EED_C0FFEE_1234
"""The seed of the oracle's own tables: long, so its digits cannot appear by chance."""
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([CDHS])(?![0-9A-Za-z])")


@pytest.fixture(autouse=True)
def watchdog() -> Iterator[None]:
    """Every server test is bounded: after TEST_SECONDS the process dumps every thread's
    stack and exits (a hang fails the run instead of stalling it)."""
    faulthandler.dump_traceback_later(TEST_SECONDS, exit=True)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def receive(ws: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The next JSON message of a TestClient WebSocket, or an AssertionError after ``timeout``."""
    import anyio

    async def next_message() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    try:
        message = ws.portal.call(next_message)
    except TimeoutError:
        raise AssertionError(f"no message within {timeout} s") from None
    if message["type"] == "websocket.close":
        from starlette.websockets import WebSocketDisconnect

        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason", ""))
    data: dict[str, Any] = json.loads(message["text"])
    return data


class LiveServer:
    """``app`` served by uvicorn on 127.0.0.1 (a free port), in a thread, for a ``with`` block."""

    def __init__(self, app: Any, message_bytes: int = 64 * 1024) -> None:
        import uvicorn

        # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say they are TCP
        # (without it every small response waits out a delayed ACK, 40 ms)
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        config = uvicorn.Config(app, log_level="warning", ws_max_size=message_bytes, lifespan="on",
                                timeout_graceful_shutdown=5)  # fmt: skip
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            assert self.thread.is_alive(), "uvicorn stopped while starting"
            assert time.monotonic() < deadline, "uvicorn did not start within 15 s"
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)
        assert not self.thread.is_alive(), "uvicorn did not stop within 20 s"
        self.socket.close()

    def __exit__(self, *exc: object) -> None:
        if self.thread.is_alive():
            self.stop()


# --------------------------------------------------------------------------------------
# the oracle
# --------------------------------------------------------------------------------------


@dataclass
class Transcript:
    """Everything one client (a seat, or ``None``: a spectator) received: per connection, the
    ``since`` its hello asked for, then each message's raw text and parsed value."""

    seat: Optional[int]
    connections: list[tuple[Optional[int], list[tuple[str, dict[str, Any]]]]] = field(default_factory=list)

    def connect(self, since: Optional[int]) -> list[tuple[str, dict[str, Any]]]:
        received: list[tuple[str, dict[str, Any]]] = []
        self.connections.append((since, received))
        return received

    def messages(self) -> Iterator[tuple[str, dict[str, Any]]]:
        for _, received in self.connections:
            yield from received


def _walk(value: Any) -> Iterator[tuple[Optional[str], Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield None, item
            yield from _walk(item)


def check_secrets(raw: str, message: dict[str, Any], seed: int, tokens: Sequence[str]) -> None:
    """No ``seed`` key (nor a state document's ``state``/``history``), no seed digits, no token."""
    keys = {key for key, _ in _walk(message) if key is not None}
    assert not keys & {"seed", "state", "history", "token", "token_sha256"}, f"a secret key in {raw[:200]}"
    assert str(seed) not in raw, "the seed's digits are in a message"
    for token in tokens:
        assert token not in raw, "a seat's token is in a message"


def _card_names(text: str) -> set[str]:
    return {rank + suit for rank, suit in CARD_TOKEN.findall(text)}


def _name(card: int) -> str:
    return format_cards([card])


def _check_event(event: dict[str, Any], full: Any, seat: Optional[int]) -> None:
    """One event against its full record, without Record.view: hidden cards null, and no line
    of its text names a card but those its entries show that seat (the text may put several
    entries in one line, or one in several, so the lines are judged together)."""
    entries, lines = event["entries"], event["text"]
    assert len(entries) == len(full.entries)
    shown_to_seat: set[str] = set()
    hidden: set[str] = set()
    for sent, entry in zip(entries, full.entries):
        if type(entry) in (Dealt, Moved):
            if entry.seen_by is not None and seat not in entry.seen_by:
                assert sent["card"] is None, f"seat {seat} was sent a hidden card: {sent}"
                hidden.add(_name(entry.card))
            else:
                assert sent["card"] == entry.card
                shown_to_seat.add(_name(entry.card))
        elif type(entry) is Shown:
            if entry.seen_by is not None and seat not in entry.seen_by:  # a private show
                assert sent["cards"] == [None] * len(entry.cards), sent
                hidden.update(_name(c) for c in entry.cards)
            else:
                assert sent["cards"] == list(entry.cards)
                shown_to_seat.update(_name(c) for c in entry.cards)
    named = set().union(*(_card_names(line) for line in lines)) if lines else set()
    assert named <= shown_to_seat, f"seat {seat}'s log names cards its entries do not show it: {lines!r}"
    assert not named & (hidden - shown_to_seat), f"seat {seat}'s log names a hidden card: {lines!r}"


def _hidden_now(game: Any, seat: int) -> set[int]:
    """Cards face down in another seat's hand now, not shown (Vingt-un's omniscient hands; for
    the other games the check of each event's entries stands alone)."""
    hidden: set[int] = set()
    if game.name != "vingt_un":
        return hidden
    for row, hands in enumerate(game.hands):
        if row == seat:
            continue
        for hand in hands:
            if hand.shown or hand.collected:  # a thrown-up hand's cards may be dealt again
                continue
            hidden.update(hand.cards[i] for i in hand.down if i < len(hand.cards))
    return hidden


def _observed_cards(observation: dict[str, Any]) -> set[int]:
    cards: set[int] = set()
    hands = [h for row in observation.get("hands", {}).values() for h in row]
    hands += observation.get("dealer_hands", [])
    for hand in hands:
        cards.update(c for c in hand["cards"] if c is not None)
    return cards


def _check_update(game: Any, full: list[Any], seat: Optional[int], message: dict[str, Any]) -> None:
    since, version = message["since"], message["version"]
    assert version == game.records
    mine = None if seat is None else game.observation(seat)  # the records told in the game's words
    expected = [record_json(r, seat, since + i, game.name, mine) for i, r in enumerate(game.events(seat, since))]
    assert message["events"] == expected, f"seat {seat}'s events at version {version} differ from its view"
    for event in message["events"]:
        _check_event(event, full[event["index"]], seat)
    assert message["to_act"] == game.to_act
    assert message["over"] is (game.to_act is None)
    assert message["payoffs"] == to_json(game.payoffs())
    if seat is None:
        assert message["observation"] is None and message["observation_text"] is None
        assert message["legal_actions"] == [] and message["action_labels"] == []
        assert message["pick"] is None and message["groups"] == []
        return
    observation = game.observation(seat)
    assert message["observation"] == to_json(observation)
    assert message["observation_text"] == observation_lines(game.name, observation)
    legal = [a.to_dict() for a in game.legal_actions()] if game.to_act == seat else []
    assert message["legal_actions"] == legal
    # the labels, the pick and the groups: the seat's own observation's, and only on its turn
    if game.to_act == seat:
        expected_choices = choices(game.name, observation, game.legal_actions())
    else:
        expected_choices = {"action_labels": [], "pick": None, "groups": []}
    assert {key: message[key] for key in expected_choices} == expected_choices
    if message["pick"] is not None and "hand" in observation:  # the seat's own cards, in hand order
        assert message["pick"]["cards"] == list(observation["hand"])
    hidden = _hidden_now(game, seat)
    assert not _observed_cards(message["observation"]) & hidden, f"seat {seat} observes a hidden card"
    assert not _card_names("\n".join(message["observation_text"])) & {_name(c) for c in hidden}


def check_table(document: dict[str, Any], transcripts: Sequence[Transcript], tokens: Sequence[str] = (),
                first_records: Sequence[int] = (0,)) -> int:  # fmt: skip
    """Check every message of ``transcripts`` (one table's clients) against the replay of the
    table's saved ``document``; the number of updates checked. ``first_records``: the first
    record kept by each server that served them (a restart starts at its snapshot)."""
    state = document["state"]
    seed = state["seed"]
    cls = game_class(document["game"])
    game = new_game(document["game"], players=state["players"], seed=seed, **state["options"])
    actions: dict[int, tuple[int, dict[str, Any]]] = {}
    updates: dict[int, list[tuple[Optional[int], dict[str, Any]]]] = {}
    for transcript in transcripts:
        for since, received in transcript.connections:
            previous: Optional[int] = None
            for raw, message in received:
                check_secrets(raw, message, seed, tokens)
                if message["type"] != "update":
                    assert message["type"] == "error"
                    assert set(message) <= {"type", "code", "message", "version"}
                    continue
                if previous is None:  # the first update starts where the hello asked, or where kept
                    asked = 0 if since is None else since
                    kept = asked < message["since"] and message["since"] in first_records
                    assert message["since"] == asked or kept, message["since"]
                else:
                    assert message["since"] == previous
                previous = message["version"]
                updates.setdefault(message["version"], []).append((transcript.seat, message))
                for event in message["events"]:
                    if event["index"] > 0:
                        known = actions.setdefault(event["index"], (event["seat"], event["action"]))
                        assert known == (event["seat"], event["action"])
    final = state["first_record"]
    assert max(updates) == final, f"the clients saw version {max(updates)}; the table is at {final}"
    full = [next(iter(game.history()))]
    checked = 0
    for version in range(1, final + 1):
        for seat, message in updates.get(version, ()):
            _check_update(game, full, seat, message)
            checked += 1
        if version < final:
            seat, action = actions[version]
            assert game.to_act == seat
            full.append(game.apply(cls.action_from_dict(action)))
    assert game.to_dict() == state, "the replay does not reach the saved state"
    return checked


# --------------------------------------------------------------------------------------
# the oracle catches leaks
# --------------------------------------------------------------------------------------


def served_session(name: str, players: int, deals: int, **options: Any) -> tuple[dict[str, Any], list[Transcript]]:
    """A table of ``name`` played in-process by random seats: its document and every seat's
    (and a spectator's) transcript of the server's messages."""
    from pycards.games.policies import RandomLegal
    from pycards.server.messages import update_message
    from pycards.server.tables import Seat, Table
    from pycards.server.wire import dumps

    game = new_game(name, players=players, seed=SEED, deals=deals, **options)
    table = Table("0123456789abcdef", game, [Seat() for _ in range(players)], 0, 0.0)
    transcripts = [Transcript(seat) for seat in [*range(players), None]]
    logs = [t.connect(0) for t in transcripts]
    sent = [0] * len(transcripts)
    policy = RandomLegal(players)
    while True:
        for i, transcript in enumerate(transcripts):
            message = update_message(table.id, game, transcript.seat, sent[i])
            sent[i] = game.records
            logs[i].append((dumps(message), message))
        if game.is_over:
            break
        game.apply(policy(game.observation(game.to_act), game.legal_actions()))
    return table.document(), transcripts


def _played_table() -> tuple[dict[str, Any], list[Transcript]]:
    """A table of three seats played in-process: its document and every seat's transcript."""
    return served_session("vingt_un", 3, 2)


def _with(transcripts: list[Transcript], index: int, change: Any) -> list[Transcript]:
    """A copy of the transcripts with ``change(message)`` applied to one message of seat 1."""
    twin = copy.deepcopy(transcripts)
    raw, message = twin[1].connections[0][1][index]
    change(message)
    twin[1].connections[0][1][index] = (json.dumps(message), message)
    return twin


def test_the_oracle_passes_honest_messages() -> None:
    document, transcripts = _played_table()
    assert check_table(document, transcripts) > 20


def _first_hidden(transcripts: list[Transcript]) -> tuple[int, int, int]:
    """(message, event, entry) of the first Dealt entry seat 1 sees as null."""
    for m, (_, message) in enumerate(transcripts[1].connections[0][1]):
        for e, event in enumerate(message["events"]):
            for n, entry in enumerate(event["entries"]):
                if entry["type"] == "Dealt" and entry["card"] is None:
                    return m, e, n
    raise AssertionError("no hidden card")


def test_the_oracle_catches_a_hidden_card_in_an_event() -> None:
    document, transcripts = _played_table()
    m, e, n = _first_hidden(transcripts)

    def leak(message: dict[str, Any]) -> None:
        message["events"][e]["entries"][n]["card"] = 0

    with pytest.raises(AssertionError):
        check_table(document, _with(transcripts, m, leak))


def test_the_oracle_catches_a_hidden_card_named_in_the_log() -> None:
    document, transcripts = _played_table()
    m, e, n = _first_hidden(transcripts)

    def leak(message: dict[str, Any]) -> None:
        lines = message["events"][e]["text"]
        lines[-1] = lines[-1] + " (it was the QS)"

    with pytest.raises(AssertionError):
        check_table(document, _with(transcripts, m, leak))


def test_the_oracle_catches_a_hidden_card_in_an_observation() -> None:
    document, transcripts = _played_table()
    game = new_game("vingt_un", players=3, seed=SEED, deals=2)
    secret = sorted(_hidden_now(game, 1))[0]

    def leak(message: dict[str, Any]) -> None:
        row = next(s for s in message["observation"]["hands"] if s != "1")
        message["observation"]["hands"][row][0]["cards"][0] = secret

    with pytest.raises(AssertionError):
        check_table(document, _with(transcripts, 0, leak))


def test_the_oracle_catches_the_seed_and_tokens() -> None:
    document, transcripts = _played_table()
    seed = document["state"]["seed"]
    with pytest.raises(AssertionError):
        check_table(document, _with(transcripts, 0, lambda m: m.update(seed=seed)))
    with pytest.raises(AssertionError):
        check_table(document, _with(transcripts, 0, lambda m: m.update(note=f"dealt from {seed}")))
    with pytest.raises(AssertionError):
        check_table(document, transcripts, tokens=[transcripts[1].connections[0][1][0][0][10:30]])


def test_the_oracle_catches_legal_actions_off_turn_and_a_wrong_version() -> None:
    document, transcripts = _played_table()
    off_turn = next(i for i, (_, m) in enumerate(transcripts[1].connections[0][1]) if m["to_act"] != 1)
    with pytest.raises(AssertionError):
        draw = [{"type": "Draw"}]
        check_table(document, _with(transcripts, off_turn, lambda m: m.update(legal_actions=draw)))
    with pytest.raises(AssertionError):
        check_table(document, _with(transcripts, 2, lambda m: m.update(since=m["since"] - 1)))

