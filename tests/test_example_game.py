"""The worked example, examples/high_card.py, is a whole game: it keeps the driver protocol.

High Card is not in the registry: these tests load it from its file and register it for a
test where a tool needs it (``registered``). What they check is what docs/adding-a-game.md
says a game gets from the shared table: the ledger and the session, illegal actions refused
and changing nothing, snapshots by replay, copies and pickles, honest knowledge and
resampling, the codec, and the turn bound.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import pickle
import random
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pycards import games
from pycards.cards import format as format_cards
from pycards.errors import GameOptionError, IllegalActionError, StateError
from pycards.games import GAMES, GameEntry, new_game
from pycards.games.engine.betting import Check
from pycards.games.engine.chance import check_knowledge
from pycards.games.engine.events import PACK_MADE_UP, DealEnded, Dealt, Shown

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "high_card.py"


def _load() -> Any:
    """The example's module, imported from its file as ``high_card`` (so that pickle finds it)."""
    module = sys.modules.get("high_card")
    if module is None:
        spec = importlib.util.spec_from_file_location("high_card", EXAMPLE)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["high_card"] = module
        spec.loader.exec_module(module)
    return module


high_card = _load()
HighCard, Stay, Fold = high_card.HighCard, high_card.Stay, high_card.Fold

SESSIONS = [
    (2, {"deals": 20}),
    (3, {"deals": 12, "ante": 5, "counters": 20}),
    (5, {"until": "rotations", "rotations": 2}),
    (4, {"until": "freeze_out", "counters": 6, "ante": 2}),
    (8, {"deals": 6, "ante": 3, "counters": 7}),
    (4, {"deals": 10, "max_decisions": 2}),
]


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """High Card in the registry for one test (the loaded drivers restored after it)."""
    monkeypatch.setitem(GAMES, "high_card", GameEntry("high_card:HighCard"))
    monkeypatch.setattr(games, "_LOADED", dict(games._LOADED))


def play(game: Any, rng: random.Random, steps: int = 10**6) -> list[Any]:
    """Random legal actions for at most ``steps`` decisions (or to the end); the actions."""
    done: list[Any] = []
    while not game.is_over and len(done) < steps:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        done.append(action)
    return done


def state(game: Any) -> Any:
    """Everything a driver shows, to compare two games that should be the same."""
    seats = range(game.players)
    return (game.to_act, game.legal_actions(), game.payoffs(), game.rewards(), game.deal_number,
            game.truncated, [game.observation(s) for s in seats], [game.encode(s).tolist() for s in seats],
            [game.knowledge(s).to_dict() for s in seats], game.ledger.balances)  # fmt: skip


def goes_on_alike(first: Any, second: Any, seed: int) -> None:
    """``first`` and ``second`` are the same game: so they stay, the same actions applied to each."""
    assert state(first) == state(second)
    rng = random.Random(seed)
    while not first.is_over:
        action = rng.choice(first.legal_actions())
        assert first.apply(action) == second.apply(action)
        assert state(first) == state(second)
    assert second.is_over


# -- the rules -------------------------------------------------------------------------------------


def test_the_highest_card_takes_the_pool_and_ties_share_it_from_the_dealer_s_left() -> None:
    game = HighCard(players=3, seed=0, dealer=0, top=["KS", "2C", "KH"], ante=5)
    assert [game.observation(s)["hand"] for s in range(3)] == [(46,), (47,), (0,)]  # p1 first: KS, then 2C, KH
    game.apply(Stay())  # p1
    game.apply(Stay())  # p2
    record = game.apply(Stay())  # p0: the show, p1 and p0 tie on kings
    assert [e.seat for e in record.entries if type(e) is Shown] == [1, 2, 0]
    assert game.rewards() == {0: 2, 1: 3, 2: -5}  # 15 shared, the odd counter to p1
    # the session (one deal) is over: its table stays as it ended, dealt by p0
    assert game.dealer == 0 and game.observation(0)["pools_won"] == (1, 1, 0)
    assert [game.observation(s)["hand"] for s in range(3)] == [(46,), (47,), (0,)]


def test_the_last_seat_in_takes_the_pool_unshown() -> None:
    game = HighCard(players=3, seed=0, dealer=0, top=["2S", "AC", "3H"], ante=2)
    game.apply(Fold())  # p1
    record = game.apply(Fold())  # p2: p0 is left in, and never speaks
    assert not any(type(e) is Shown for e in record.entries)
    assert game.rewards() == {0: 4, 1: -2, 2: -2}


def test_a_seat_that_cannot_pay_the_ante_antes_all_it_has_and_one_without_counters_sits_out() -> None:
    game = HighCard(players=3, seed=0, dealer=2, top=["2S", "AC", "3H"], stacks=[1, 5, 5], ante=3, deals=2)
    assert game.observation(0)["pool"] == 7
    game.apply(Stay())  # p0 with the two, all in
    game.apply(Stay())  # p1 with the ace
    game.apply(Stay())  # p2
    assert game.cash(0) == 0 and game.observation(1)["out"] == (0,)
    assert game.roles()[0] == "out" and game.observation(1)["hand"]


def test_bad_options_are_refused_by_name() -> None:
    for bad in ({"ante": 0}, {"ante": 101}, {"until": "never"}, {"max_decisions": True}, {"trumps": 1}):
        with pytest.raises(GameOptionError):
            HighCard(players=3, **bad)
    with pytest.raises(GameOptionError):
        HighCard(players=9)


# -- the protocol ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players, options", SESSIONS)
def test_a_random_session_plays_to_its_end_with_every_counter_kept(players: int, options: dict[str, Any]) -> None:
    for seed in range(6):
        game = HighCard(players=players, seed=seed, **options)
        total = sum(game.ledger.balances.values())
        rng = random.Random(seed)
        while not game.is_over:
            assert sum(game.ledger.balances.values()) == total
            assert len(game.encode(game.to_act)) == game.observation_size() == game.info.observation_size
            game.apply(rng.choice(game.legal_actions()))
        assert sum(game.payoffs().values()) == 0 and game.ledger.balance("pool") == 0
        assert game.zero_sum() and max(map(abs, game.payoffs().values())) <= game.payoff_bound()
        ends = [e for r in game.history() for e in r.entries if type(e) is DealEnded]
        assert len(ends) == game.deal_number and all(sum(e.rewards) == 0 for e in ends)
        assert sum(game.observation(0)["pools_won"]) >= game.deal_number
        holders = sum(game.cash(s) > 0 for s in range(players))
        if options.get("until", "deals") == "deals":  # or fewer, when one seat holds every counter
            assert game.deal_number == options["deals"] or holders == 1
        assert game.legal_actions() == [] and not game.legal_mask().any()


def test_illegal_actions_raise_and_change_nothing() -> None:
    game = HighCard(players=4, seed=5, deals=3)
    play(game, random.Random(1), steps=2)
    before, records = game.to_dict(), game.records
    for bad in (Check(), "Stay", None, Stay, 0):
        assert not game.is_legal(bad)
        with pytest.raises(IllegalActionError):
            game.apply(bad)
    assert game.to_dict() == before and game.records == records
    with pytest.raises(IllegalActionError):
        game.action_from_dict({"type": "Stay", "extra": 1})
    play(game, random.Random(2))
    for action in (Stay(), Fold()):
        with pytest.raises(IllegalActionError):
            game.apply(action)
    with pytest.raises(IllegalActionError):
        game.observation(4)


@pytest.mark.parametrize("players, options", SESSIONS)
def test_snapshots_go_on_identically(players: int, options: dict[str, Any]) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        game = HighCard(players=players, seed=seed, **options)
        while not game.is_over:
            play(game, rng, steps=rng.randrange(1, 2 * players))
            data = game.to_dict()
            goes_on_alike(game.copy(), HighCard.from_dict(data), seed)
            goes_on_alike(game.copy(), HighCard.from_dict(json.loads(json.dumps(data))), seed)
            goes_on_alike(game.copy(), HighCard.from_dict(json.loads(json.dumps(game.to_dict(history=True)))), seed)
        assert HighCard.from_dict(game.to_dict()).is_over


def test_copies_and_pickles_go_on_identically() -> None:
    rng = random.Random(3)
    game = HighCard(players=5, seed=3, deals=8, counters=10, ante=2)
    while not game.is_over:
        play(game, rng, steps=3)
        before = state(game)
        goes_on_alike(game.copy(), pickle.loads(pickle.dumps(game)), 7)
        assert state(game) == before  # the original is untouched by its copy's play
    assert pickle.loads(pickle.dumps(game)).to_dict() == game.to_dict()


def test_a_tampered_snapshot_is_refused() -> None:
    game = HighCard(players=3, seed=1, deals=4)
    play(game, random.Random(1), steps=7)
    data = game.to_dict()
    assert data["deal"]["session"]["deals"] >= 1
    for tamper in ([9, 0, 0], [0, 0, 0], [-1, 1, 3], [0, 0]):
        bad = json.loads(json.dumps(data))
        bad["deal"]["game"]["pools_won"] = tamper
        with pytest.raises(StateError):
            HighCard.from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["state"]["stayed"] = [0, 1, 2]
    with pytest.raises(StateError):
        HighCard.from_dict(bad)


def dealt_to(game: Any, seat: int) -> set[int]:
    """The cards dealt to ``seat`` since the pack was last made up (omniscient)."""
    cards: set[int] = set()
    for record in game.history():
        for entry in record.entries:
            if entry == PACK_MADE_UP:
                cards = set()
            elif type(entry) is Dealt and entry.seat == seat and entry.hand == 0 and entry.card is not None:
                cards.add(entry.card)
    return cards


def test_no_seat_sees_another_s_card_before_the_show() -> None:
    """A resampled copy redeals every card a seat has not seen; the seat's views are the same."""
    redealt = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = HighCard(players=4, seed=seed, deals=4)
        while not game.is_over:
            for seat in range(game.players):
                check_knowledge(game.knowledge(seat), game._card_places())  # it knows only where cards are
                assert game.knowledge(seat).seen == dealt_to(game, seat)  # and has seen its own card alone
                twin = game.resample(seat, rng)
                twin.pack.check_accounts(twin.cards_on_table())  # every card once, in the copy too
                assert twin.observation(seat) == game.observation(seat)
                assert twin.encode(seat).tolist() == game.encode(seat).tolist()
                assert twin.events(seat) == game.events(seat)
                assert twin.knowledge(seat).to_dict() == game.knowledge(seat).to_dict()
                redealt += any(twin.observation(s)["hand"] != game.observation(s)["hand"] for s in range(4))
                with pytest.raises(StateError):
                    twin.to_dict()
            play(game.resample(None, rng), rng)  # a resampled copy plays on to its end
            play(game, rng, steps=1)
    assert redealt > 100


def test_the_codec_agrees_with_the_legal_actions() -> None:
    game = HighCard(players=3, seed=2, deals=5)
    assert game.num_actions == 2 and [game.action_from_index(i) for i in range(2)] == [Stay(), Fold()]
    rng = random.Random(2)
    while not game.is_over:
        mask = game.legal_mask()
        assert np.flatnonzero(mask).tolist() == sorted(game.action_index(a) for a in game.legal_actions())
        game.apply(game.action_from_index(rng.choice(np.flatnonzero(mask).tolist())))
    assert len(game.encode(0)) == game.observation_size()


def test_the_turn_bound_ends_deals_truncated() -> None:
    game = HighCard(players=4, seed=4, deals=6, max_decisions=1)
    assert game.info.max_decisions_per_deal == 1
    truncated = 0
    while not game.is_over:
        deal = game.deal_number
        record = game.apply(Stay())  # one decision: the rest are held to have stayed
        assert game.deal_number == deal + 1 or game.is_over
        (end,) = [e for e in record.entries if type(e) is DealEnded]
        assert end.truncated and game.truncated
        assert len([e for e in record.entries if type(e) is Shown]) == 4
        truncated += 1
    assert truncated == 6
    untouched = HighCard(players=4, seed=4, deals=6, max_decisions=4)
    while not untouched.is_over:
        untouched.apply(Stay())
        assert not untouched.truncated


# -- the tools, through the registry ----------------------------------------------------------------


def test_registered_it_plays_with_the_tools(registered: None) -> None:
    from pycards.games.interactive import play_interactive
    from pycards.games.policies import default_policy
    from pycards.games.simulate import simulate
    from pycards.games.text import observation_lines, record_lines

    game = new_game("high-card", players=3, seed=1, deals=2)
    assert type(game) is HighCard and type(game.new_session(2)) is HighCard
    assert f"hand: {format_cards(game.observation(0)['hand'])}" in observation_lines("high_card", game.observation(0))
    assert "you get" in "\n".join(line for r in game.events(0) for line in record_lines(r, 0))
    result = simulate("high_card", default_policy("high_card", seed=1), deals=60, players=3, seed=1)
    assert result.deals == 60 and sum(result.totals) == 0
    out = io.StringIO()
    assert play_interactive("high_card", 3, 0, 1, default_policy("high_card"), {}, lambda _: "1", out, deals=3) == 0
    assert "the highest card takes the pool" in out.getvalue() or "unshown" in out.getvalue()


# -- the guide ---------------------------------------------------------------------------------------

GUIDE = EXAMPLE.parent.parent / "docs" / "adding-a-game.md"
PARTS = {
    "the options and the two actions": ("HighCardOptions", "Stay", "Fold", "STAY"),
    "the class's declarations": ("class",),
    "the rules": ("_pools", "_open_deal", "_live", "to_act", "legal_actions", "_act", "_truncate", "_step"),
    "the snapshot's own check": ("_check_session",),
    "the bounds": ("_natural_bound", "payoff_bound", "zero_sum"),
    "the views and the codec": ("observation", "observation_size", "encode", "_domains"),
    "where the cards lie": ("_card_places", "_relabel"),
}
"""The rows of the guide's table of the example's parts (by their first words) and what each counts."""


def _spans(source: str) -> dict[str, int]:
    """The lines of each class, method and tuple assignment of the example, by name (decorators
    and docstrings included); ``"class"``: the game class's own lines before its first method."""
    spans: dict[str, int] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            spans[node.name] = node.end_lineno - first + 1  # type: ignore[operator]
            starts = []
            for m in node.body:
                if isinstance(m, ast.FunctionDef):
                    starts.append(min([m.lineno] + [d.lineno for d in m.decorator_list]))
                    spans[m.name] = m.end_lineno - starts[-1] + 1  # type: ignore[operator]
            if node.name == "HighCard":
                own = source.splitlines()[node.lineno - 1:starts[0] - 1]
                spans["class"] = len("\n".join(own).rstrip().splitlines())
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple):
            spans[node.targets[0].elts[0].id] = 1  # type: ignore[attr-defined]
    return spans


def test_the_guide_quotes_the_example_as_it_is_and_counts_its_lines_right(registered: None) -> None:
    import doctest

    guide, source = GUIDE.read_text(encoding="utf-8"), EXAMPLE.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", guide, re.S)
    quotes = [b for b in blocks if not b.startswith(">>>")]
    assert len(quotes) >= 10 and [q for q in quotes if q not in source] == []
    lines, spans = source.splitlines(), _spans(source)
    rows = re.findall(r"^\| ([^|]+?) \| (\d+) \|$", guide, re.M)
    stated = {part: next((int(n) for row, n in rows if row.startswith(part)), None) for part in PARTS}
    assert stated == {part: sum(spans[name] for name in names) for part, names in PARTS.items()}
    blank = sum(not line.strip() for line in lines)
    assert f"**{len(lines)} lines** in all ({blank} of them blank" in guide
    assert f"**{stated['the rules']} lines** are its rules" in guide
    result = doctest.testfile(str(GUIDE), module_relative=False, verbose=False)
    assert result.failed == 0 and result.attempted >= 5
