"""Play that reads like cards: every action of every game labelled as a person reads it,
the draw's cards picked by place or by name, law 45's demand one choice, the records told
as a person would ("you", never the reader's own ``p0``; the first-dealer draw one line)."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from pycards.games import GAMES, Action, default_players, new_game
from pycards.games.interactive import play_interactive
from pycards.games.policies import RandomLegal, default_policy
from pycards.games.poker.table import Demand, Discard
from pycards.games.text import CardPick, action_label, action_labels, card_pick, choice_groups, record_lines

_CAMEL = re.compile(r"[a-z][A-Z]|\b[A-Z][a-z]+[A-Z]")
_SIGNS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def _random_session(name: str, seed: int) -> list[tuple[dict[str, Any], list[Action]]]:
    """The observations and legal actions of every decision of a short random session."""
    game = new_game(name, players=default_players(name), seed=seed)
    rng = random.Random(seed)
    decisions: list[tuple[dict[str, Any], list[Action]]] = []
    while not game.is_over and len(decisions) < 1500:
        legal = game.legal_actions()
        assert game.to_act is not None
        observation = game.observation(game.to_act)
        decisions.append((observation, list(legal)))
        game.apply(rng.choice(legal))
    return decisions


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_action_of_every_game_has_a_readable_label(name: str) -> None:
    seen_classes: set[str] = set()
    for seed in range(4):
        for observation, legal in _random_session(name, seed):
            labels = [action_label(name, action, observation) for action in legal]
            assert action_labels(name, legal, observation) == labels  # the update's way: one lookup
            for action, label in zip(legal, labels):
                kind = type(action).__name__
                seen_classes.add(kind)
                assert label and "=" not in label and kind not in label and not _CAMEL.search(label), (action, label)
                assert label == label.strip() and "\n" not in label
            assert len(set(labels)) == len(labels), labels  # each choice said differently
    assert seen_classes, name


def test_every_action_class_is_labelled_without_its_observation() -> None:
    """In a record the label has only the reader's seat: still words, never code."""
    for name in GAMES:
        game = new_game(name, players=default_players(name), seed=1)
        for cls in type(game).actions:
            for observation, legal in _random_session(name, 1):
                found = [a for a in legal if type(a) is cls]
                if found:
                    label = action_label(name, found[-1], {"seat": 0})
                    assert "=" not in label and cls.__name__ not in label, label
                    break


def test_poker_labels() -> None:
    from pycards.games.engine.betting import Call, Check, Fold, Raise
    from pycards.games.poker.draw import Straddle
    from pycards.games.poker.jack_pots import Conceal, Show

    hand = (12, 45, 4, 5, 51)  # 5C KD 3C 3D AS
    obs = {"seat": 0, "owed": 2, "hand": hand, "balances": (50, 50)}
    assert action_label("draw_poker", Raise(2), obs) == "raise 2 (4 to put in)"
    assert action_label("draw_poker", Call(), obs) == "call 2"
    assert action_label("draw_poker", Check(), {**obs, "owed": 0}).startswith("check")
    assert action_label("draw_poker", Fold(), obs).startswith("fold")
    assert action_label("draw_poker", Discard(0b00011), obs) == "discard 5♣ K♦ and draw 2"
    assert action_label("draw_poker", Discard(0), obs) == "stand pat"
    assert action_label("draw_poker", Demand(2, 3), obs) == "demand 3 cards for 2 thrown (a deliberate foul hand, law 45)"
    assert action_label("draw_poker", Straddle(False), obs) == "do not straddle"
    assert action_label("jack_pots", Show(), obs) == "show your hand"
    assert action_label("jack_pots", Conceal(), obs).startswith("throw it in unshown")


def test_the_draw_is_a_card_pick_and_the_demands_one_group() -> None:
    policy = default_policy("draw_poker")
    for seed in range(1, 40):
        game = new_game("draw_poker", players=3, seed=seed)
        while game.to_act is not None and game.phase != "draw":
            game.apply(policy(game.observation(game.to_act), game.legal_actions()))
        if game.phase == "draw":
            break
    assert game.to_act is not None
    observation, legal = game.observation(game.to_act), game.legal_actions()
    pick = card_pick("draw_poker", observation, legal)
    assert isinstance(pick, CardPick)
    assert pick.cards == tuple(observation["hand"]) and pick.prompt == "the cards to throw"
    assert len(pick.by_positions) == 32 and pick.by_positions[frozenset()] == Discard(0)
    assert pick.by_positions[frozenset({1, 4})] == Discard(0b10010)
    groups = choice_groups("draw_poker", observation, legal)
    assert len(groups) == 1 and "law 45" in groups[0].label
    assert set(groups[0].by_numbers.values()) == {a for a in legal if type(a) is Demand}
    assert groups[0].by_numbers[(2, 3)] == Demand(2, 3)
    assert card_pick("vingt_un", new_game("vingt_un", players=3, seed=1).observation(0), []) is None


# --------------------------------------------------------------------------------------
# the terminal
# --------------------------------------------------------------------------------------


def _ascii(symbol: str) -> str:
    """``5♥`` as typed: ``5h``."""
    return symbol[:-1] + _SIGNS[symbol[-1]]


def _until_the_draw(pick: Callable[[str], str], seeds: range = range(1, 40)) -> tuple[str, int]:
    """A Draw Poker deal played to the draw: the second choice until the cards are picked
    (no straddle, the least raise, a call), then ``pick`` answers from the transcript so far."""
    for seed in seeds:
        out = io.StringIO()

        def read(prompt: str) -> str:
            answer = pick(out.getvalue()) if prompt.startswith("the cards to throw") else "2"
            print(prompt + answer, file=out)
            return answer

        play_interactive("draw_poker", 3, 0, seed, default_policy("draw_poker"), {}, read, out, deals=1)
        if "your cards:" in out.getvalue():
            return out.getvalue(), seed
    raise AssertionError("no deal came to the draw")


def _held(transcript: str) -> list[str]:
    line = [x for x in transcript.splitlines() if x.startswith("  your cards:")][-1]
    return re.findall(r"[0-9]+\. (\S+)", line)


def test_discarding_two_cards_by_name() -> None:
    def pick(transcript: str) -> str:
        held = _held(transcript)
        return f"{_ascii(held[1]).upper()} {_ascii(held[4])}"  # any case

    transcript, _ = _until_the_draw(pick)
    held = [_ascii(c).upper() for c in _held(transcript)]
    assert "you: discard 2 cards and draw 2" in transcript
    assert f"you put {held[1]} {held[4]} with the used cards" in transcript
    assert re.search(r"^you get \S+ \S+ face down$", transcript, flags=re.M)
    after = transcript[transcript.index("you: discard"):]
    new_hand = re.search(r"^  you: (.*?)  \[", after, flags=re.M)
    if new_hand:  # a betting round followed: the hand holds neither card thrown
        assert held[1] not in new_hand.group(1).split() and held[4] not in new_hand.group(1).split()


def test_discarding_by_place_by_sign_and_standing_pat() -> None:
    transcript, _ = _until_the_draw(lambda t: "2 5")
    held = [_ascii(c).upper() for c in _held(transcript)]
    assert f"you put {held[1]} {held[4]} with the used cards" in transcript
    transcript, _ = _until_the_draw(lambda t: _held(t)[0])  # 5♥ as shown
    assert f"you put {_ascii(_held(transcript)[0]).upper()} with the used cards" in transcript
    transcript, _ = _until_the_draw(lambda t: "0")
    assert "you: stand pat" in transcript


def test_a_pick_that_is_not_allowed_is_asked_again_with_a_reason() -> None:
    answers = iter(["x", "9", "1 1", "ZZ", "", "0"])
    transcript, _ = _until_the_draw(lambda t: next(answers))
    assert "'x' is neither a place nor a card" in transcript
    assert "there is no place 9" in transcript
    assert "name each card once" in transcript
    assert "you: stand pat" in transcript


def test_the_demand_is_one_explained_choice_that_asks_for_the_numbers() -> None:
    answers = iter(["a", "7 7", "2 3"])
    out = io.StringIO()

    def read(prompt: str) -> str:
        if prompt.startswith("the cards to throw") or prompt.startswith("how many"):
            answer = next(answers)
        else:
            answer = "2"
        print(prompt + answer, file=out)
        return answer

    for seed in range(1, 40):
        out.seek(0)
        out.truncate()
        answers = iter(["a", "7 7", "2 3"])
        play_interactive("draw_poker", 3, 0, seed, default_policy("draw_poker"), {}, read, out, deals=1)
        if "your cards:" in out.getvalue():
            break
    transcript = out.getvalue()
    step = transcript[transcript.index("  your cards:"):]
    step = step[:step.index("\nyou:")]
    demands = [line for line in step.splitlines() if "demand" in line]
    assert demands == ["  a. demand a different number of cards than you throw — a deliberate foul hand, law 45"]
    assert "how many cards you throw and how many you ask for" in transcript
    assert "7 7 is not allowed here" in transcript
    assert "you: demand 3 cards for 2 thrown (a deliberate foul hand, law 45)" in transcript
    assert "you discard 2 and ask for 3: a foul hand" in transcript


def test_the_first_dealer_draw_is_one_line_and_the_player_is_you() -> None:
    for name in sorted(GAMES):
        players = default_players(name)
        for seat in (0, players - 1):
            out = io.StringIO()
            rng = random.Random(seat)

            def read(prompt: str) -> str:
                if prompt.startswith("the cards to throw"):
                    return rng.choice(["0", "1", "2 3", "a"])
                if prompt.startswith("how many"):
                    return rng.choice(["", "1 2"])
                count = int(re.search(r"1-([0-9]+)", prompt).group(1)) if "1-" in prompt else 1  # type: ignore[union-attr]
                return str(rng.randint(1, count))

            play_interactive(name, players, seat, 3, RandomLegal(3), {}, read, out, deals=2)
            text = out.getvalue()
            lines = text.splitlines()
            assert not any("turns up" in line or "turn up" in line for line in lines), name
            falls = [line for line in lines if " falls to " in line]
            assert falls and all(re.fullmatch(r"the first \w+( at table [0-9]+)? \([0-9JQKA]+[CDHS]\) falls to "
                                              r"(p[0-9]+, who deals|you: you deal)", f) for f in falls), falls
            assert not re.search(rf"\bp{seat}\b", text), (name, seat, [x for x in lines if f"p{seat}" in x][:3])
            assert "you" in text
            assert not re.search(r"\w=\w", text) and not _CAMEL.search(text), name


def test_the_show_names_each_hand_and_who_takes_the_pool() -> None:
    for seed in range(1, 60):
        game = new_game("draw_poker", players=3, seed=seed)
        policy = default_policy("draw_poker")
        while game.to_act is not None:
            game.apply(policy(game.observation(game.to_act), game.legal_actions()))
        text = "\n".join(line for record in game.events(0)
                         for line in record_lines(record, 0, game="draw_poker", observation=game.observation(0)))
        if "-- the show" in text:
            shows = re.findall(r"^(?:you|p[0-9]|the dealer \(p[0-9]\)) shows? [0-9JQKACDHS ]+: (.+)$", text, re.M)
            assert shows and all(re.match(r"(no pair|a pair|two pairs|threes|sequence|flush|full|fours|straight)", s)
                                 for s in shows), shows
            assert re.search(r"takes? (the pool \([0-9]+\)|[0-9]+) with ", text)
            return
    raise AssertionError("no session came to a show")


def test_records_without_a_game_read_as_words() -> None:
    game = new_game("draw_poker", players=3, seed=2)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    text = "\n".join(line for record in game.events(1) for line in record_lines(record, 1))
    assert "=" not in text and "Raise" not in text and "p1" not in text
