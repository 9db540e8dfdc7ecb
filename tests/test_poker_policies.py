"""The poker games' built-in policy (:class:`pycards.games.policies.poker.Strength`) and the
poker table as text (``pycards play draw_poker --interactive``).

``Strength`` is seated against random players over many sessions of Draw Poker
(2 to 8 players, under several options) and must answer every decision legally
and as its rules say: open only with openers, never straddle, never demand a
wrong number, discard as its rule for each kind of hand says, fold a hand
without a pair facing a bet. Stacked deals check its single decisions (opening,
raising with threes, calling with a pair, drawing to a pair). The renderer must
never write another seat's face-down card, and the command line must play a
session end to end from piped input.
"""

from __future__ import annotations

import copy
import doctest
import os
import pickle
import random
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal

import numpy as np
import pytest

import pycards
import pycards.games as games
from pycards.cards import format as format_cards
from pycards.cards import parse
from pycards.errors import GameOptionError
from pycards.games import new_game
from pycards.games.base import Action
from pycards.games.poker.draw import DrawPoker, DrawPokerOptions, Straddle
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.poker.table import Demand, Discard
from pycards.games.policies import RandomLegal, default_policy, for_session
from pycards.games.policies import poker as poker_policies
from pycards.games.policies.poker import Strength, _seen_out
from pycards.odds import best_discard
from pycards.games.simulate import simulate
from pycards.games.text import observation_lines, seat_names
from pycards.poker import Category, category, opens

PACKAGE_ENV = {**os.environ, "PYTHONPATH": str(Path(pycards.__file__).resolve().parent.parent)}
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")
POKER_GAMES = ("draw_poker", "jack_pots", "straight_poker", "stud_poker", "progressive_poker")

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"straddles": False},
    {"limit": 2, "ante": 1},
    {"limit": 40, "ante": 5, "counters": 60},
    {"counters": 12},
    {"profile": "american"},
    {"max_decisions": 12},
]  # fmt: skip


def stacked(hands: dict[int, str], players: int = 4, dealer: int = 0, **options: Any) -> Any:
    """A deal with ``hands`` (seat: five cards) dealt: one card at a time from the dealer's left."""
    order = [(dealer + 1 + k) % players for k in range(players)]
    top = [parse(hands[seat])[i] for i in range(5) for seat in order]
    return new_game("draw_poker", players=players, seed=0, dealer=dealer, top=top, **options)


def act(game: Any, policy: Strength) -> tuple[int, Action]:
    """The seat to act and what ``policy`` chooses there, applied."""
    seat = game.to_act
    action = policy(game.observation(seat), game.legal_actions())
    assert game.is_legal(action), (action, game.legal_actions())
    game.apply(action)
    return seat, action


def opening_hands() -> dict[int, str]:
    """Dealer 0 of 4: p1 antes, p2 has the first say."""
    return {2: "JH JS 3C 5D 7H", 3: "9C 9D 9H KS 2D", 0: "5C 5S QH 3D 8D", 1: "2C 4D 6H 8S 10C"}


# --------------------------------------------------------------------------------------
# every decision, legally and by the rules
# --------------------------------------------------------------------------------------


def check_choice(policy: Strength, observation: dict[str, Any], legal: list[Action], action: Action) -> None:
    """``action`` is legal and keeps the policy's rules, checked from the observation alone."""
    assert action in legal, (action, legal)
    assert type(action) is not Demand
    assert action != Straddle(True)
    hand = observation["hand"]
    if type(action) is Discard:  # the exact odds, drawn from the cards the seat does not know are out
        best = best_discard(hand, policy._profile(observation), _seen_out(observation))
        assert action.cards == best.discard, (format_cards(hand), action, best)
        return
    if observation["phase"] != "bet":
        return
    raises = [a.by for a in legal if isinstance(a, Raise)]
    minimum = observation["minimum"] or "J"
    if observation["opener"] is None:  # nobody has opened: open only with openers
        if opens(hand, minimum, policy.profile) and raises:
            assert action == Raise(min(raises)), (format_cards(hand), action)
        elif not opens(hand, minimum, policy.profile):
            assert type(action) is not Raise and type(action) is not Call, (format_cards(hand), action)
        return
    kind = category(hand, policy.profile)
    if observation["owed"] and kind == Category.NO_PAIR:
        assert action == Fold(), (format_cards(hand), action)
    if observation["owed"] and kind == Category.PAIR:
        assert action == Call(), (format_cards(hand), action)
    if type(action) is Raise:
        assert action.by == min(raises)
        assert kind >= Category.THREES or observation["owed"] == 0


@pytest.mark.parametrize("players", range(2, 9))
def test_strength_answers_every_decision_legally(players: int) -> None:
    seen: set[str] = set()
    for i, options in enumerate(OPTION_SETS):
        seed = 100 * players + i
        strength = Strength(options.get("profile", "english"))
        game: Any = new_game("draw_poker", players=players, seed=seed, deals=15, **options)
        others = RandomLegal(seed)
        mixed = i % 2 == 0  # half the sessions against random players, half Strength all round
        while not game.is_over:
            seat = game.to_act
            observation, legal = game.observation(seat), game.legal_actions()
            if mixed and seat % 2:
                game.apply(others(observation, legal))
                continue
            action = strength(observation, legal)
            check_choice(strength, observation, legal, action)
            assert game.is_legal(action)
            seen.add(type(action).__name__)
            game.apply(action)
        assert sum(game.payoffs().values()) + game.ledger.balances["pool"] == 0
    assert {"Straddle", "Fold", "Call", "Raise", "Discard"} <= seen, seen


def test_the_rules_checked_above_can_fail() -> None:
    """The checker of :func:`check_choice` refuses what the rules forbid."""
    game = stacked(opening_hands())
    act(game, Strength())  # no straddle
    observation, legal = game.observation(2), game.legal_actions()
    with pytest.raises(AssertionError):
        check_choice(Strength(), observation, legal, Fold())  # JJ must open
    with pytest.raises(AssertionError):
        check_choice(Strength(), observation, legal, Demand(1, 2))


# --------------------------------------------------------------------------------------
# single decisions, stacked
# --------------------------------------------------------------------------------------


def test_never_straddles_and_opens_with_openers() -> None:
    game = stacked(opening_hands())
    assert game.phase == "straddle" and game.to_act == 2
    assert act(game, Strength()) == (2, Straddle(False))
    assert game.phase == "bet" and game.to_act == 2 and game.observation(2)["opener"] is None
    assert {s: format_cards(h) for s, h in enumerate(game.hands)} == opening_hands()  # as stacked
    raises = [a.by for a in game.legal_actions() if isinstance(a, Raise)]
    assert act(game, Strength()) == (2, Raise(min(raises)))
    assert game.observation(3)["opener"] == 2


def test_does_not_open_without_openers() -> None:
    hands = {**opening_hands(), 2: "10H 10S AC KD QH", 3: "AD KS 8C 4H 2H", 0: "QC JD 9S 7C 3S"}
    game = stacked(hands)
    act(game, Strength())
    assert act(game, Strength()) == (2, Fold())  # tens: no openers, and no check in English poker
    assert act(game, Strength()) == (3, Fold())
    assert act(game, Strength()) == (0, Fold())
    assert act(game, Strength()) == (1, Fold())  # the ante, left alone, could open; no openers (law 29)
    observation = game.observation(0)
    assert observation["deal_number"] == 2 and observation["jackpot"] == 1 and observation["minimum"] == "J"
    assert observation["carry"] == 1


def test_a_jack_pot_needs_its_minimum() -> None:
    legal = [Fold(), Check(), Raise(2), Raise(3)]
    seen = {"phase": "bet", "owed": 0, "opener": None, "minimum": "Q", "hand": parse("JH JS AC KD 2H")}
    assert Strength()(seen, legal) == Check()
    assert Strength()({**seen, "hand": parse("QH QS 2C 3D 5H")}, legal) == Raise(2)
    assert Strength()({**seen, "minimum": None}, legal) == Raise(2)  # an ordinary deal: knaves open


def test_raises_with_threes_calls_with_a_pair_folds_without() -> None:
    game = stacked(opening_hands())
    act(game, Strength())
    act(game, Strength())  # p2 opens with knaves
    raises = [a.by for a in game.legal_actions() if isinstance(a, Raise)]
    assert act(game, Strength()) == (3, Raise(min(raises)))  # nines
    assert act(game, Strength()) == (0, Call())  # fives
    assert act(game, Strength()) == (1, Fold())  # no pair, facing a bet
    assert act(game, Strength()) == (2, Call())  # the opener's knaves make good the raise
    assert game.phase == "draw"


def test_draws_to_a_pair() -> None:
    game = stacked(opening_hands())
    for _ in range(6):  # no straddle; p2 opens, p3 raises, p0 makes good, p1 passes, p2 makes good
        act(game, Strength())
    assert game.phase == "draw" and game.to_act == 2
    hand = game.observation(2)["hand"]
    seat, action = act(game, Strength())
    assert isinstance(action, Discard)
    thrown = [hand[i] for i in range(5) if action.cards >> i & 1]
    assert sorted(thrown) == sorted(parse("3C 5D 7H")), format_cards(thrown)  # the odd cards, exactly
    hand = game.observation(3)["hand"]
    seat, action = act(game, Strength())
    assert seat == 3 and isinstance(action, Discard)
    assert sorted(hand[i] for i in range(5) if action.cards >> i & 1) == sorted(parse("KS 2D"))
    seat, action = act(game, Strength())
    assert seat == 0 and isinstance(action, Discard) and bin(action.cards).count("1") == 3


@pytest.mark.parametrize(
    ("hand", "thrown"),
    [("9H 2C 9S KD 4H", "2C KD 4H"), ("9H 2C 9S 2D 4H", "4H"), ("AH 3C 9S KD 4H", "3C 9S 4H"),
     ("AH 3H 9H KH 4H", ""), ("5C 6D 7H 8S 9C", ""), ("7C 7D 7H 2S 2C", ""), ("7C 7D 7H 7S 2C", "2C"),
     ("AS AH AD 5C 9D", "5C 9D"), ("KC QD 2H KS QC", "2H")],
)  # fmt: skip
def test_the_draw_rule(hand: str, thrown: str) -> None:
    cards = parse(hand)
    legal = [Discard(mask) for mask in range(32)] + [Demand(0, 1), Demand(1, 0)]
    action = Strength()({"phase": "draw", "hand": cards}, legal)
    assert isinstance(action, Discard)
    assert sorted(cards[i] for i in range(5) if action.cards >> i & 1) == sorted(parse(thrown))


def test_the_english_ace_high_run_is_no_sequence() -> None:
    """10-J-Q-K-A is no sequence under the English laws (law 71): no pair, draw three; a
    sequence under the American rules: stand pat."""
    hand = parse("10C JD QH KS AC")
    legal = [Discard(mask) for mask in range(32)]
    assert Strength("english")({"phase": "draw", "hand": hand}, legal) == Discard(0b00111)
    assert Strength("american")({"phase": "draw", "hand": hand}, legal) == Discard(0)


def test_after_the_draw() -> None:
    after = {"phase": "bet", "opener": 1, "minimum": None, "stakes": (2, 2, 2), "limit": 10, "owed": 0}
    no_check = [Fold(), Raise(1), Raise(2)]
    assert Strength()({**after, "hand": parse("9H 9S 2C 4D KH")}, no_check) == Raise(1)  # stays in
    assert Strength()({**after, "hand": parse("9H 8S 2C 4D KH")}, no_check) == Fold()
    assert Strength()({**after, "hand": parse("9H 9S 9C 4D KH")}, no_check) == Raise(1)
    facing = {**after, "owed": 3, "stakes": (2, 5, 2)}
    legal = [Fold(), Call(), Raise(1), Raise(2)]
    assert Strength()({**facing, "hand": parse("9H 9S 2C 4D KH")}, legal) == Call()
    assert Strength()({**facing, "hand": parse("9H 9S 9C 4D KH")}, legal) == Raise(1)
    assert Strength()({**facing, "hand": parse("AH KS 2C 4D 7H")}, legal) == Fold()
    # the cap: a raise over cap * limit (3 * 10) is a call
    capped = {**facing, "stakes": (27, 30, 2)}
    assert Strength()({**capped, "hand": parse("9H 9S 9C 4D KH")}, legal) == Call()
    assert Strength(cap=4)({**capped, "hand": parse("9H 9S 9C 4D KH")}, legal) == Raise(1)


def test_games_without_a_draw() -> None:
    """Straight and Stud Poker: bet with knaves or better, call with any pair, fold a pair
    that a seat still in beats with its face-up cards alone."""
    stud = Strength("no_straight_flush", draws=False)
    base = {"phase": "bet", "seat": 0, "live": (0, 1, 2), "stakes": (1, 1, 1), "limit": 10, "owed": 0,
            "drawn": (-1, -1, -1), "up": {}}  # fmt: skip
    legal = [Fold(), Check(), Raise(1), Raise(2)]
    assert stud({**base, "hand": parse("JH JS 2C 4D 7H")}, legal) == Raise(1)
    assert stud({**base, "hand": parse("5H 5S 2C 4D 7H")}, legal) == Check()
    assert stud({**base, "hand": parse("AH KS 2C 4D 7H")}, legal) == Check()
    assert stud({**base, "hand": parse("JH JS")}, legal) == Raise(1)  # a stud hand being dealt
    assert stud({**base, "hand": parse("JH 10S")}, legal) == Check()
    facing = {**base, "owed": 2, "stakes": (1, 3, 1), "up": {1: parse("3C 3D"), 2: parse("8S")}}
    bet = [Fold(), Call(), Raise(1)]
    assert stud({**facing, "hand": parse("5H 5S 2C")}, bet) == Call()
    assert stud({**facing, "hand": parse("5H 5S 2C")}, bet) == Call()
    higher = {**facing, "up": {1: parse("KC KD 4S"), 2: parse("8S")}}
    assert stud({**higher, "hand": parse("5H 5S 2C 9D")}, bet) == Fold()
    out = {**higher, "live": (0, 2)}  # the kings have passed
    assert stud({**out, "hand": parse("5H 5S 2C 9D")}, bet) == Call()
    assert stud({**higher, "hand": parse("5H 5S 5C 9D")}, bet) == Raise(1)
    # a draw game's policy would wait for an opener here; without a draw Check() is no opening
    assert Strength()({**base, "hand": parse("5H 5S 2C 4D 7H")}, legal) == Check()


@dataclass(frozen=True, slots=True)
class Show(Action):
    pass


@dataclass(frozen=True, slots=True)
class Conceal(Action):
    pass


def test_any_other_decision_is_the_first_legal_action() -> None:
    assert Strength()({"phase": "show", "hand": ()}, [Show(), Conceal()]) == Show()
    assert Strength()({"phase": "show", "hand": ()}, [Conceal(), Show()]) == Conceal()
    assert Strength()({"phase": "straddle", "hand": ()}, [Straddle(True), Straddle(False)]) == Straddle(False)
    assert Strength()({"phase": "straddle", "hand": ()}, [Straddle(True)]) == Straddle(True)


def test_the_modules_examples_run() -> None:
    result = doctest.testmod(poker_policies, verbose=False)
    assert result.failed == 0 and result.attempted >= 8, result


def test_strength_is_a_value() -> None:
    policy = Strength("american", draws=False, cap=2)
    assert repr(policy) == "Strength(profile='american', draws=False, cap=2)"
    assert pickle.loads(pickle.dumps(policy)) == policy == copy.deepcopy(policy)
    assert hash(policy) == hash(Strength("american", False, 2)) and policy != Strength("american")
    assert for_session(policy, 3) is policy
    for kwargs, message in (({"profile": "modern"}, "'modern'"), ({"draws": 1}, "1"), ({"cap": 0}, "0"),
                            ({"cap": True}, "True")):  # fmt: skip
        with pytest.raises(GameOptionError, match=message):
            Strength(**kwargs)


# --------------------------------------------------------------------------------------
# the registry, simulation
# --------------------------------------------------------------------------------------


def test_default_policy_of_the_poker_games(monkeypatch: pytest.MonkeyPatch) -> None:
    assert default_policy("draw_poker") == Strength("english", True, 3)
    assert default_policy("draw-poker", profile="american", cap=5) == Strength("american", True, 5)
    with pytest.raises(GameOptionError, match="'draw_below'"):
        default_policy("draw_poker", draw_below=16)
    for name in POKER_GAMES:
        module, _, attribute = games.GAMES[name].policy.partition(":")  # type: ignore[union-attr]
        assert module == "pycards.games.policies.poker" and callable(getattr(poker_policies, attribute))

    @dataclass(frozen=True)
    class StudOptions(DrawPokerOptions):
        profile: Literal["english", "american", "no_straight_flush"] = "no_straight_flush"

    class Stud(DrawPoker):  # a stand-in for a game to come: no draw, its own profile
        name: ClassVar[str] = "stud_poker"
        Options: ClassVar[Any] = StudOptions
        DRAWS: ClassVar[bool] = False

    monkeypatch.setitem(games.GAMES, "stud_poker", games.GAMES["stud_poker"]._replace(driver="nowhere:Stud"))
    monkeypatch.setitem(games._LOADED, "stud_poker", Stud)
    assert default_policy("stud_poker") == Strength("no_straight_flush", False)
    assert default_policy("stud_poker", profile="american") == Strength("american", False)


def test_the_policies_load_no_game_that_does_not_exist(tmp_path: Path) -> None:
    """The registry names games to come; importing the policies loads none of them."""
    code = ("import sys, pycards.games.policies as p, pycards.games.policies.poker as q; "
            "print(sorted(m for m in sys.modules if m.startswith('pycards.games.')"
            " and m.split('.')[2] in ('jack_pots', 'straight_poker', 'stud_poker', 'progressive_poker')))")  # fmt: skip
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                            env=PACKAGE_ENV)  # fmt: skip
    assert result.returncode == 0 and result.stdout.strip() == "[]", result.stderr


def test_default_policy_through_simulate() -> None:
    """300 deals of eight players, in sessions of 100, through :func:`simulate`."""
    policy = default_policy("draw_poker")
    result = simulate("draw_poker", policy, deals=300, seed=1, players=8, session_deals=100, counters=1000)
    assert result.deals == 300 and result.per_deal.shape == (300, 8) and sum(result.totals) == 0
    assert "dealer" in result.role_names and int(result.sessions[-1]) == 2
    assert result.per_deal.any()  # counters changed hands
    assert result == simulate("draw_poker", policy, deals=300, seed=1, players=8, session_deals=100,
                              counters=1000, block=2)  # fmt: skip


def test_simulate_heads_up() -> None:
    """Heads up, sessions end where the rules end them: early when one player holds every
    counter, later when the last deal leaves its pool unwon (a jack-pot is played for).
    Every session is zero-sum and ``result`` counts the deals actually played."""
    result = simulate("draw_poker", default_policy("draw_poker"), deals=300, seed=0, players=2, session_deals=100,
                      counters=20)  # fmt: skip
    lengths = np.bincount(result.sessions)
    assert result.deals == len(result.per_deal) == int(lengths.sum()) and len(lengths) == 3
    assert lengths.tolist() != [100, 100, 100]  # with 20 counters each, some session ends early
    for session in range(3):
        assert result.per_deal[result.sessions == session].sum() == 0


# --------------------------------------------------------------------------------------
# the table as text
# --------------------------------------------------------------------------------------


def hidden_cards(game: Any, seat: int) -> set[int]:
    """The cards of other seats that ``seat`` may not see (face down, not shown)."""
    observation = game.observation(seat)
    hidden: set[int] = set()
    for other, cards in enumerate(game.hands):
        if other == seat or other in observation["shown"]:
            continue
        hidden |= set(cards) - set(observation["up"].get(other, ()))
    return hidden


def registered(name: str) -> str:
    if name not in games.GAMES:
        pytest.skip(f"{name} is not registered yet")
    return name


@pytest.mark.parametrize("name", POKER_GAMES)
def test_the_table_never_shows_another_seats_face_down_card(name: str) -> None:
    rng = random.Random(5)
    checked = 0
    for players in ((8, 12) if registered(name) == "progressive_poker" else (2, 3, 5, 8)):
        game: Any = new_game(name, players=players, seed=rng.randrange(10**6), deals=4)
        policy = RandomLegal(players)
        while not game.is_over:
            for seat in range(players):
                observation = game.observation(seat)
                text = "\n".join(observation_lines(name, observation))
                named = {parse(token)[0] for token in CARD.findall(text)}
                assert not named & hidden_cards(game, seat), text
                assert set(game.hands[seat]) <= named, text  # its own hand, spelled out
                faces = sum(len(game.hands[o]) - len(observation["up"].get(o, ())) for o in range(players)
                            if o != seat and o not in observation["shown"])  # fmt: skip
                assert text.count("??") == faces, text
                checked += 1
            game.apply(policy(game.observation(game.to_act), game.legal_actions()))
    assert checked > 200


@pytest.mark.parametrize("name", POKER_GAMES)
def test_strength_plays_every_poker_game_legally(name: str) -> None:
    """Each poker game's default policy, at every seat or against random players."""
    policy = default_policy(registered(name))
    assert isinstance(policy, Strength)
    seen: set[str] = set()
    for players in ((8, 12) if name == "progressive_poker" else range(2, 9)):
        for k, options in enumerate([{}, {"form": "one_round"}] if name == "stud_poker" else [{}]):
            seed = 10 * players + k
            game: Any = new_game(name, players=players, seed=seed, deals=12, **options)
            others = RandomLegal(seed)
            while not game.is_over:
                seat = game.to_act
                observation, legal = game.observation(seat), game.legal_actions()
                if seed % 2 and seat % 2:
                    game.apply(others(observation, legal))
                    continue
                action = policy(observation, legal)
                assert action in legal and game.is_legal(action), (action, legal)
                assert type(action) is not Demand and action != Straddle(True)
                if type(action) is Discard:
                    best = best_discard(observation["hand"], policy._profile(observation), _seen_out(observation))
                    assert action.cards == best.discard
                seen.add(type(action).__name__)
                game.apply(action)
            assert sum(game.payoffs().values()) + game.ledger.balances["pool"] == 0
    assert {"Fold", "Raise"} <= seen and (("Discard" in seen) == policy.draws), seen


def test_the_table_text() -> None:
    game = stacked(opening_hands())
    act(game, Strength())
    lines = observation_lines("draw_poker", game.observation(2))
    assert lines[0] == "deal 1: p0 deals; a betting round"
    assert lines[1:] == [
        "  the dealer (p0): ?? ?? ?? ?? ??  [stake 0, counters 100, in]",
        "  p1: ?? ?? ?? ?? ??  [stake 1, counters 99, in, ante]",
        "  you: JH JS 3C 5D 7H  [stake 0, counters 100, in, to act]",
        "  p3: ?? ?? ?? ?? ??  [stake 0, counters 100, in]",
        "  the pool 1; you owe 1 to make good; the limit 10",
    ]
    assert seat_names("draw_poker", game.observation(2)) == {0: "the dealer (p0)"}
    observation = {**game.observation(2), "up": {3: parse("KS 2D"), 2: parse("JH")}, "shown": {1: parse("2C 4D")}}
    text = "\n".join(observation_lines("stud_poker", {**observation, "minimum": None}))
    assert "  p3: ?? ?? ?? KS 2D  [" in text and "  p1: 2C 4D  (shown)" in text
    assert "you: JH JS 3C 5D 7H  (face up: JH)" in text
    jack_pot = observation_lines("draw_poker", {**game.observation(2), "jackpot": 2, "minimum": "Q"})
    assert jack_pot[0] == "deal 1: p0 deals; a betting round; jack-pot 2: two queens or better to open"
    assert "ante" not in jack_pot[2]
    american = observation_lines("jack_pots", {**game.observation(2), "jackpot": 0, "minimum": "J"})
    assert american[0].endswith("; jack-pot: two jacks or better to open")


def test_play_draw_poker_interactive_from_the_command_line(tmp_path: Path) -> None:
    """A person plays seat 0 of three from piped input; every table he is shown hides the
    others' cards (``??``) unless shown, and the session plays to its end."""
    answers = "\n".join(["2", "3", "1", "2", "5"] * 400) + "\n"
    result = subprocess.run(
        [sys.executable, "-m", "pycards", "play", "draw_poker", "--interactive", "--players", "3",
         "--deals", "3", "--seed", "1"],
        input=answers, capture_output=True, text=True, cwd=tmp_path, env=PACKAGE_ENV, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "your choice (1-" in out and "  1. fold" in out and "  your cards:  1. " in out
    assert re.search(r"^deal 1: (?:you deal|p[12] deals); a betting round$", out, re.M), out[:3000]
    assert "deal 3 over: you" in out
    over = re.search(r"the session is over after ([0-9]+) deals; your result: [+-][0-9]+", out)
    assert over and int(over.group(1)) >= 3, out[-2000:]
    tables = 0
    for line in out.splitlines():
        match = re.fullmatch(r"  (p[0-9]|the dealer \(p[0-9]\)): (.*?)  \[.*\]", line)
        if match:
            tables += 1
            cards = match.group(2)
            assert cards.endswith("(shown)") or not CARD.search(cards), line
    assert tables >= 6


def test_the_policy_ranks_hands_by_the_profile_the_observation_names() -> None:
    """The drivers' observations name the game's profile, so a policy made for one profile
    plays another game's by its own rules: 10-J-Q-K-A is a sequence in the American ranking
    (stand pat) and no sequence under the English laws (law 71: keep the two highest)."""
    from pycards.cards import parse

    hand = parse("10H JC QD KS AH")
    legal = [Discard(m) for m in range(32)]
    english = Strength(profile="english")
    assert english({"phase": "draw", "hand": hand, "profile": "american"}, legal) == Discard(0)
    assert english({"phase": "draw", "hand": hand}, legal) == Discard(0b00111)
    game = new_game("draw_poker", players=3, seed=1, profile="american")
    assert game.observation(0)["profile"] == "american"
