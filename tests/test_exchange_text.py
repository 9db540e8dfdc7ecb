"""The exchange games read as cards: each game's renderer (``pycards.games.exchange.text``),
no seat reading a card it may not see, the labels in the texts' words, and the games played
in the terminal and through the server's messages."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from test_server_views import check_table, served_session, watchdog  # noqa: F401

from pycards.cards import format as format_cards
from pycards.cards import parse
from pycards.games import GAMES, default_players, load, new_game
from pycards.games.engine.exchange_table import Barter, Buy, Give, Knock, Pass, Stand, Swap, TakeWidow, TurnUp
from pycards.games.exchange import text
from pycards.games.policies import default_policy
from pycards.games.text import observation_lines, record_lines

EXCHANGE_GAMES = sorted(name for name, entry in GAMES.items() if entry.driver.startswith("pycards.games.exchange."))
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "commerce": [{}, {"extended": True, "short_pack": True}],
    "old_commerce": [{}],
    "american_commerce": [{}, {"widow": True}],
    "my_ship_sails": [{}],
    "thirty_one": [{}],
    "whiskey_poker": [{}],
}
"""The options each game's random sessions play under."""


def _named(text: str) -> set[str]:
    return set(CARD.findall(text))


def _names(cards: set[int]) -> set[str]:
    return {format_cards([c]) for c in cards}


def test_every_exchange_game_has_its_renderer_and_variants_here() -> None:
    assert EXCHANGE_GAMES == sorted(VARIANTS)
    for name in EXCHANGE_GAMES:
        assert GAMES[name].text == f"pycards.games.exchange.text:{name.upper()}"
        assert isinstance(load(GAMES[name].text), text.Renderer)


def test_the_module_examples_run() -> None:
    import doctest

    result = doctest.testmod(text, verbose=False)
    assert result.failed == 0 and result.attempted >= 3


def test_labels_in_the_texts_words() -> None:
    """Each action reads as the texts say it; in a record (only the seat known), still words."""
    nine, king = parse("9C KD")
    seen = {"seat": 1, "dealer": 0, "stake": 2, "phase": "exchange", "standers": (), "stop": "at_once"}
    buy = "buy for ready money: throw out 9♣"
    assert text.COMMERCE.label(Buy(nine), seen) == f"{buy}, pay 2 to the dealer, take the top card"
    assert text.COMMERCE.label(Buy(nine), {**seen, "seat": 0}) == f"{buy}, take the top card"  # the dealer
    assert text.COMMERCE.label(Barter(nine), seen) == "barter: offer 9♣ face down to the next player"
    assert text.COMMERCE.label(Give(nine), seen) == "give 9♣ for the card offered, before seeing it"
    assert text.COMMERCE.label(Stand(), seen) == "stand: the hands are shown"
    knock_round = {**seen, "stop": "one_more_round"}
    assert text.THIRTY_ONE.label(Knock(), knock_round) == "knock: the others have one more turn, then the hands are shown"
    two = {**seen, "stop": "two_stands"}
    assert text.OLD_COMMERCE.label(Stand(), two) == "stand (a second stand ends the exchanges)"
    assert text.OLD_COMMERCE.label(Stand(), {**two, "standers": (2,)}).startswith("stand: the others have one more")
    assert text.THIRTY_ONE.label(Swap(nine, king), seen) == "take K♦ from the table for 9♣"
    assert text.AMERICAN_COMMERCE.label(Knock(), {"seat": 0}) == "knock"
    assert text.WHISKEY_POKER.label(TakeWidow(), seen) == "take the widow for your whole hand"
    assert text.WHISKEY_POKER.label(TurnUp(), seen) == "turn the widow face up"
    assert text.OLD_COMMERCE.label(Pass(), seen) == "pass: keep your hand this turn"


def test_a_hand_shown_says_what_it_makes_in_the_game_s_ranking() -> None:
    flush = list(parse("2H 9H KH"))
    assert text.COMMERCE.words(flush, {}) == "flush, point 21"
    assert text.MY_SHIP_SAILS.words(flush, {}).startswith("flush")
    assert text.WHISKEY_POKER.words(list(parse("2H 9H KH KS KC")), {}) == "threes, kings, nine, two"
    assert text.COMMERCE.words([*flush[:2], None], {}) == ""


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_no_seat_reads_a_card_it_may_not_see(name: str) -> None:
    """Random sessions of every variant: each seat's table names every card of its hand and
    only cards it has been shown this deal (its knowledge's ``seen``); its records told as
    text name only cards of its own views."""
    hidden_checked = 0
    for k, options in enumerate(VARIANTS[name]):
        players = default_players(name)
        game = new_game(name, players=players, seed=40 + k, deals=3, **options)
        rng = random.Random(k)
        while not game.is_over:
            for seat in range(players):
                lines = "\n".join(observation_lines(name, game.observation(seat)))
                seen = game.knowledge(seat).seen | set(game.observation(seat)["hand"])
                assert _named(lines) <= _names(seen), (seat, lines)
                assert _named(lines) >= _names(set(game.observation(seat)["hand"]))
                hidden = {c for other, hand in enumerate(game.hands) if other != seat for c in hand} - seen
                hidden_checked += bool(hidden)
            record = game.apply(rng.choice(game.legal_actions()))
            for seat in range(players):
                view = record.view(seat)
                shown = {c for e in view.entries for c in getattr(e, "cards", (getattr(e, "card", None),))
                         if isinstance(c, int)}  # fmt: skip
                told = "\n".join(record_lines(record, seat, game=name))
                assert _named(told) <= _names(shown), (seat, told)
    assert hidden_checked


@pytest.mark.parametrize("name", ["commerce", "whiskey_poker"])
def test_a_terminal_session(name: str) -> None:
    """A session in the terminal, the player answering at random: it runs to its end and says so."""
    from pycards.games.interactive import play_interactive

    rng = random.Random(3)

    def read(prompt: str) -> str:
        match = re.search(r"\(1-([0-9]+)", prompt)
        return str(rng.randint(1, int(match.group(1)))) if match else "1"

    out = io.StringIO()
    policy = default_policy(name)
    assert play_interactive(name, 4, 1, 5, policy, {}, read, out, deals=2) == 0
    assert "the session is over after 2 deals" in out.getvalue()


@pytest.mark.parametrize(("name", "options"), [("american_commerce", {"widow": True}), ("thirty_one", {}),
                                               ("my_ship_sails", {})])  # fmt: skip
def test_a_server_session(name: str, options: dict[str, Any]) -> None:
    """A session through the server's messages: the oracle of tests/test_server_views.py passes
    them (the events, their text, the observation text and the labels: each the seat's own)."""
    document, transcripts = served_session(name, 4, 2, **options)
    assert check_table(document, transcripts) > 0
