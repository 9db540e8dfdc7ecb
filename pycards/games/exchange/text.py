"""The exchange games' tables as text: one :class:`~pycards.games.text.Renderer` per game.

They read the observation of :class:`~pycards.games.engine.exchange_table.ExchangeTable`
(the hand, the cards face up or shown, the widow as far as it lies face up, the stock, the
pool, a barter waiting, who stood, knocked or passed, whose turn) and a game's own keys
(``stake``, ``ranking``, ``lives``...), shown as they are. Each seat's cards are written as
the reader may see them: his own hand with what it makes; another's ``??`` face down, the
cards he knows to be there (taken from a widow face up) spelled. The actions read in the
texts' words: "buy for ready money", "barter", "give ... before seeing the card offered",
"take ... from the widow", "knock".

>>> from pycards.games import new_game
>>> game = new_game("commerce", players=3, seed=0, dealer=0, top="9D 4C AS 9S KH 7D 2C QD 3H")
>>> print("\\n".join(COMMERCE.lines(game.observation(1))))
deal 1: p0 deals; the exchanges
  you: 9D 9S 2C  (pair of nines, two)  [counters 99, eldest hand, to act]
  p2: ?? ?? ??  [counters 99]
  the dealer (p0): ?? ?? ??  [counters 98]
  the pool 4; the stock 43 cards; stake 1; ranking english
>>> [COMMERCE.label(action, game.observation(1)) for action in game.legal_actions()[:3]]
['stand: the hands are shown', 'buy for ready money: throw out 9♦, pay 1 to the dealer, take the top card', \
'buy for ready money: throw out 9♠, pay 1 to the dealer, take the top card']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Optional

from pycards.games.engine.actions import Action
from pycards.games.text import Renderer, card_symbols, cards_text, deal_heading, dealer_names, generic_label, who

__all__ = ["AMERICAN_COMMERCE", "COMMERCE", "MY_SHIP_SAILS", "OLD_COMMERCE", "THIRTY_ONE", "WHISKEY_POKER"]

_ENGINE_KEYS = frozenset({
    "seat", "deal_number", "phase", "to_act", "dealer", "balances", "out", "knowledge", "hand", "up", "shown",
    "cards", "widow", "widow_cards", "stock", "pool", "offer", "turn", "standers", "passed", "last_turns", "offerer",
    "turn_count", "widow_up", "stop",
})  # fmt: skip
"""The keys every exchange game's observation has; a game's others are shown as they are."""


class _Words(NamedTuple):
    """How one game of the family reads."""

    stand: str
    """What a stand is called: "stand", "knock"."""
    widow: str
    """What the widow is called: "the widow", "the table"."""
    describe: Callable[[Sequence[int], Mapping[str, Any]], str]
    """What a hand makes, in words, under the reader's observation."""
    stood: str = "stood"
    """How a seat that stood is marked."""


def _commerce_words(default: str) -> Callable[[Sequence[int], Mapping[str, Any]], str]:
    def describe(cards: Sequence[int], observation: Mapping[str, Any]) -> str:
        from pycards.commerce import PROFILES, describe

        ranking = observation.get("ranking", default)
        return describe(list(cards), ranking if ranking in PROFILES else default)

    return describe


def _poker_words(cards: Sequence[int], observation: Mapping[str, Any]) -> str:
    from pycards.poker import describe

    profile = observation.get("profile", "american")
    return describe(list(cards), profile if isinstance(profile, str) else "american")


def _hand_words(cards: Sequence[Optional[int]], observation: Mapping[str, Any], words: _Words) -> str:
    """What ``cards`` make when all are known and make a whole hand; "" otherwise."""
    known = [c for c in cards if c is not None]
    if not known or len(known) != len(cards) or len(known) not in (3, 5):
        return ""
    try:
        return words.describe(known, observation)
    except ValueError:  # not a hand of the game's (a record's odd show)
        return ""


# --------------------------------------------------------------------------------------
# the table
# --------------------------------------------------------------------------------------


def _eldest(observation: Mapping[str, Any]) -> Optional[int]:
    seats, dealer, out = len(observation["balances"]), observation["dealer"], set(observation.get("out", ()))
    return next((s for k in range(1, seats + 1) if (s := (dealer + k) % seats) not in out), None)


def _cards(observation: Mapping[str, Any], seat: int, words: _Words) -> str:
    """What the reader may see of ``seat``'s cards, and what they make when he sees them all."""
    me = observation["seat"]
    count = observation["cards"][seat] if seat < len(observation["cards"]) else 0
    if seat == me:
        cards: list[Optional[int]] = list(observation["hand"])
        if not cards and count:  # cards he holds but has not looked at (American Commerce's dealer)
            return cards_text([None] * count) + "  (not looked at)"
    else:
        shown = tuple(observation.get("shown", {}).get(seat, ()))
        known = list(shown) or list(observation.get("up", {}).get(seat, ()))
        cards = known + [None] * max(count - len(known), 0)
    if not cards:
        return "no cards"
    said = _hand_words(cards, observation, words)
    notes = [said] if said else []
    if seat != me and seat in observation.get("shown", {}):
        notes.insert(0, "shown")
    return cards_text(cards) + (f"  ({'; '.join(notes)})" if notes else "")


def _flags(observation: Mapping[str, Any], seat: int, words: _Words) -> list[str]:
    flags = [f"counters {observation['balances'][seat]}"]
    if seat in observation.get("out", ()):
        return [*flags, "out of this deal"]
    if seat in observation.get("standers", ()):
        flags.append(words.stood)
    if seat in observation.get("passed", ()):
        flags.append("passed")
    if observation["phase"] != "over" and seat == _eldest(observation):
        flags.append("eldest hand")
    if seat in observation.get("last_turns", ()):
        flags.append("one more turn")
    if observation.get("to_act") == seat:
        offer = observation.get("offer")
        flags.append("to answer a barter" if offer and offer[1] == seat else "to act")
    return flags


def _widow_text(observation: Mapping[str, Any], words: _Words) -> str:
    count = observation.get("widow_cards", 0)
    if not count:
        return ""
    up = observation.get("widow", ())
    if up:
        return f"{words.widow} {cards_text(up)}"
    return f"{words.widow} {count} cards face down"


def _footer(observation: Mapping[str, Any], words: _Words) -> str:
    parts = []
    if "pool" in observation and (observation["pool"] or "stake" in observation):
        parts.append(f"the pool {observation['pool']}")
    widow = _widow_text(observation, words)
    if widow:
        parts.append(widow)
    parts.append(f"the stock {observation.get('stock', 0)} cards")
    offer = observation.get("offer")
    if offer:
        parts.append(f"{who(offer[0], observation['seat'], None)} offers {who(offer[1], observation['seat'], None)}"
                     " a card face down")  # fmt: skip
    me = observation["seat"]
    for key, value in observation.items():
        if key not in _ENGINE_KEYS:
            said = _extra(key, value, me, observation)
            if said:
                parts.append(said)
    return "  " + "; ".join(parts)


_FLAGS = {"markers": "played for markers", "turn_up_on_knock": "a knock turns the widow up",
          "horse_bought": "the horse is bought", "first_say": "the dealer's first say"}  # fmt: skip
"""A game's own flags, in words when true (nothing when false)."""
_SEATS = {"whiskey": "pays for the whiskey", "first_out": "was the first out"}
"""A game's own seats, in words when named (nothing when None)."""


def _extra(key: str, value: Any, me: int, observation: Mapping[str, Any]) -> str:
    """A key of the game's own, in words ("" to say nothing: a flag false, a seat not named,
    the middle of a game not played for markers)."""
    if key in _FLAGS:
        return _FLAGS[key] if value is True else ""
    if key in _SEATS:
        return f"{who(value, me, None)} {_SEATS[key]}" if isinstance(value, int) else ""
    if key == "middle":
        return f"the middle {value}" if observation.get("markers") else ""
    if key == "profile":
        return f"poker ranking {value}"
    if key == "lives" and isinstance(value, (list, tuple)):
        return "counters (lives) " + ", ".join(f"{who(s, me, None)} {n}" for s, n in enumerate(value))
    if isinstance(value, (list, tuple)):
        value = "(" + ", ".join(str(v) for v in value) + ")"
    return f"{key.replace('_', ' ')} {value}"


_PHASES = {"exchange": "the exchanges", "over": "the session is over"}


def _lines(observation: Mapping[str, Any], words: _Words) -> list[str]:
    """An exchange game's table: the deal and its phase, every seat's cards as the reader
    may see them, counters, who stood or passed, whose turn; the pool, the widow, the stock,
    a barter waiting and the game's own keys."""
    from pycards.games.text import known_lines

    names = _names(observation)
    phase = observation["phase"]
    lines = [deal_heading(observation) + f"; {_PHASES.get(phase, phase)}"]
    seats = len(observation["balances"])
    me = observation["seat"]
    for seat in [(observation["dealer"] + k) % seats for k in range(1, seats + 1)]:
        holder = who(seat, me, names)
        if seat == observation["dealer"] and seat == me:
            holder += " (the dealer)"
        lines.append(f"  {holder}: {_cards(observation, seat, words)}  [{', '.join(_flags(observation, seat, words))}]")
    lines.append(_footer(observation, words))
    return lines + known_lines(observation)


def _names(observation: Mapping[str, Any]) -> dict[int, str]:
    return dealer_names(observation, not_in=("over",))


# --------------------------------------------------------------------------------------
# the actions in words
# --------------------------------------------------------------------------------------


def _card(card: object) -> str:
    return card_symbols([card]) if isinstance(card, int) and 0 <= card < 52 else str(card)


def label(action: Action, observation: Mapping[str, Any], words: _Words) -> str:
    """An exchange action as a player reads it, given his observation (in a record, only his
    seat: then in the fewest words)."""
    kind = type(action).__name__
    me = observation.get("seat")
    card = getattr(action, "card", None)
    if kind in ("Stand", "Knock"):
        return _stand_label(observation, words)
    if kind == "Pass":
        return "pass: keep your hand this turn"
    if kind == "Buy":
        price = observation.get("stake", 1)
        pay = "" if me == observation.get("dealer") or "stake" not in observation else f", pay {price} to the dealer"
        return f"buy for ready money: throw out {_card(card)}{pay}, take the top card"
    if kind == "Barter":
        return f"barter: offer {_card(card)} face down to the next player"
    if kind == "Give":
        return f"give {_card(card)} for the card offered, before seeing it"
    if kind == "Swap":
        return f"take {_card(getattr(action, 'take'))} from {words.widow} for {_card(card)}"
    if kind == "TakeWidow":
        return f"take {words.widow} for your whole hand"
    if kind == "TurnUp":
        return f"turn {words.widow} face up"
    return generic_label(action, observation)


def _stand_label(observation: Mapping[str, Any], words: _Words) -> str:
    """A stand (a knock) and what follows it by the game's stop rule (``stop``)."""
    stop, stood = observation.get("stop"), len(observation.get("standers", ()))
    if stop == "at_once":
        return f"{words.stand}: the hands are shown"
    if stop == "one_more_round":
        return f"{words.stand}: the others have one more turn, then the hands are shown"
    if stop == "two_stands":
        if stood == 1:
            return f"{words.stand}: the others have one more exchange, then the hands are shown"
        return f"{words.stand} (a second stand ends the exchanges)"
    if stop == "all_stand":
        return f"{words.stand}: trade no more"
    return words.stand


def _renderer(words: _Words) -> Renderer:
    def lines(observation: Mapping[str, Any]) -> list[str]:
        return _lines(observation, words)

    def game_label(action: Action, observation: Mapping[str, Any]) -> str:
        return label(action, observation, words)

    def game_words(cards: Sequence[Optional[int]], observation: Mapping[str, Any]) -> str:
        return _hand_words(cards, observation, words)

    return Renderer(lines, _names, game_label, None, game_words)


COMMERCE = _renderer(_Words("stand", "the widow", _commerce_words("english")))
"""English Commerce, the modern game (``commerce``)."""
OLD_COMMERCE = _renderer(_Words("stand", "the widow", _commerce_words("english")))
"""The old game of Commerce and Pool Commerce (``old_commerce``)."""
AMERICAN_COMMERCE = _renderer(_Words("knock", "the widow", _commerce_words("american"), "knocked"))
"""American Commerce, with or without a widow (``american_commerce``)."""
MY_SHIP_SAILS = _renderer(_Words("stand", "the widow", _commerce_words("ship")))
"""My Ship Sails (``my_ship_sails``)."""
THIRTY_ONE = _renderer(_Words("knock", "the table", _commerce_words("thirty_one"), "knocked"))
"""Thirty-one (``thirty_one``): the three cards face up on the table."""
WHISKEY_POKER = _renderer(_Words("knock", "the widow", _poker_words, "knocked"))
"""Whiskey Poker (``whiskey_poker``): five-card poker hands."""
