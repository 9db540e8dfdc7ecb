"""Records and observations as text, for a person at the table (``pycards play --interactive``).

Every entry type of a record has its sentence (:func:`entry_text`), written
for the seat reading it: that seat is "you", the others ``p0``, ``p1``...
(or what ``names`` calls them, such as "the dealer (p1)"); a card it may not
see is "a card face down". Cards are written as :func:`pycards.cards.format`
writes them. :func:`observation_lines` shows what a seat may know now: a game
may register its own renderer (Vingt-un's shows each hand with its total, the
stakes, the dealer's hands, the balances, the pool and the offer in a sale);
any other game gets one ``key: value`` line per key, cards written as cards.

>>> from pycards.games.engine.events import DealEnded, Dealt, Note, Record
>>> from pycards.settlement import Payment
>>> ended = DealEnded(2, (2, -2, 0), False, ("player", "dealer", "player"))
>>> record = Record(2, None, (Dealt(2, 0, None, (2,)), Dealt(0, 0, 51, (0,)), Note("a natural"),
...                           Payment("p1", "p0", 2), ended))
>>> print("\\n".join(record_lines(record, 0, names={1: "the dealer (p1)"})))
p2 gets a card face down
you get AS face down
-- a natural
the dealer (p1) pays you 2
deal 3 over: you +2 (player); p1 -2 (dealer), p2 +0 (player)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Optional

from pycards.cards import format as format_cards
from pycards.games.base import Action
from pycards.games.engine.events import DealEnded, Dealt, Entry, Note, Record, Reshuffled, Shown
from pycards.settlement import Payment

__all__ = [
    "action_text", "card_text", "cards_text", "entry_text", "observation_lines", "record_lines",
    "seat_names",
]  # fmt: skip

Names = Optional[Mapping[int, str]]
"""What to call some seats (``{1: "the dealer (p1)"}``); the others are ``p0``, ``p1``...
and the reader's own seat is always "you"."""

_SEAT_PARTY = re.compile(r"p([0-9]+)")
_PARTIES = {"pool": "the pool"}
"""Ledger parties that are not seats, as a sentence names them."""


def card_text(card: Optional[int]) -> str:
    """A card as :func:`pycards.cards.format` writes it; ``??`` for one face down.

    >>> card_text(51), card_text(None)
    ('AS', '??')
    """
    return "??" if card is None else format_cards([card])


def cards_text(cards: Sequence[Optional[int]]) -> str:
    """Cards separated by spaces, ``??`` where face down.

    >>> cards_text((34, None, 0))
    '10H ?? 2C'
    """
    return " ".join(card_text(c) for c in cards)


def action_text(action: Action) -> str:
    """An action as its class and fields: ``Stake amount=2``, ``Draw``.

    >>> from pycards.games.vingt_un import DRAW, Stake
    >>> action_text(Stake(2)), action_text(DRAW)
    ('Stake amount=2', 'Draw')
    """
    fields = action.to_dict()
    kind = str(fields.pop("type"))
    return kind + "".join(f" {k}={v}" for k, v in fields.items())


def _who(seat: int, viewer: Optional[int], names: Names) -> str:
    if seat == viewer:
        return "you"
    if names and seat in names:
        return names[seat]
    return f"p{seat}"


def _party(party: str, viewer: Optional[int], names: Names) -> str:
    """A ledger party (``p1``, ``pool``) as a sentence names it."""
    match = _SEAT_PARTY.fullmatch(party)
    if match:
        return _who(int(match.group(1)), viewer, names)
    return _PARTIES.get(party, party)


def _say(subject: str, verb: str) -> str:
    """``subject`` and its ``verb`` (given in the third person: ``gets``, ``turns up``)."""
    if subject != "you":
        return f"{subject} {verb}"
    first, _, rest = verb.partition(" ")
    if first.endswith("ies"):
        first = first[:-3] + "y"
    elif first.endswith(("shes", "ches", "sses")):
        first = first[:-2]
    elif first.endswith("s"):
        first = first[:-1]
    return f"you {first}{' ' + rest if rest else ''}"


def _hand(hand: int) -> str:
    return f" (hand {hand + 1})" if hand > 0 else ""


def entry_text(entry: Entry, seat: Optional[int], names: Names = None) -> str:
    """One entry of a record as a sentence for ``seat`` (``None``: a spectator).

    >>> from pycards.games.engine.events import Dealt, Shown
    >>> entry_text(Dealt(1, 0, 25, None), 0), entry_text(Dealt(0, 1, 25, (0,)), 0)
    ('p1 draws 8D', 'you get 8D face down (hand 2)')
    >>> entry_text(Shown(1, 0, (51, 44)), 0, {1: "the dealer (p1)"})
    'the dealer (p1) shows AS KC'
    >>> entry_text(Dealt(2, -1, 12, None), 2)
    'you turn up 5C'
    """
    kind = type(entry)
    if kind is Dealt:
        assert isinstance(entry, Dealt)
        who = _who(entry.seat, seat, names)
        if entry.hand < 0:  # a card turned up to choose the first dealer: no parts yet
            return _say(_who(entry.seat, seat, None), f"turns up {card_text(entry.card)}")
        if entry.card is None:
            return _say(who, "gets a card face down") + _hand(entry.hand)
        if entry.seen_by is None:
            return _say(who, f"draws {card_text(entry.card)}") + _hand(entry.hand)
        return _say(who, f"gets {card_text(entry.card)} face down") + _hand(entry.hand)
    if kind is Shown:
        assert isinstance(entry, Shown)
        return _say(_who(entry.seat, seat, names), f"shows {cards_text(entry.cards)}") + _hand(entry.hand)
    if kind is Payment:
        assert isinstance(entry, Payment)
        payer, payee = _party(entry.payer, seat, names), _party(entry.payee, seat, names)
        return _say(payer, f"pays {payee} {entry.amount}")
    if kind is Reshuffled:
        assert isinstance(entry, Reshuffled)
        return f"the used cards are shuffled to continue: {entry.cards} cards in the stock"
    if kind is Note:
        assert isinstance(entry, Note)
        return f"-- {entry.text}"
    if kind is DealEnded:
        assert isinstance(entry, DealEnded)
        return _deal_ended(entry, seat)
    return repr(entry)


def _deal_ended(entry: DealEnded, seat: Optional[int]) -> str:
    def result(s: int) -> str:
        role = f" ({entry.roles[s]})" if s < len(entry.roles) else ""
        return f"{_who(s, seat, None)} {entry.rewards[s]:+d}{role}"

    others = ", ".join(result(s) for s in range(len(entry.rewards)) if s != seat)
    if seat is not None and 0 <= seat < len(entry.rewards):
        text = f"deal {entry.deal + 1} over: {result(seat)}" + (f"; {others}" if others else "")
    else:
        text = f"deal {entry.deal + 1} over: {others}"
    return text + ("; cut short by the bound on decisions" if entry.truncated else "")


def record_lines(record: Record, seat: Optional[int], names: Names = None,
                 next_names: Names = None) -> list[str]:  # fmt: skip
    """A record as ``seat`` sees it, one line for the action and one for each entry.

    The record is first masked (:meth:`Record.view`), so a card ``seat`` may not see
    is never written, whatever record is given. ``names`` says what to call seats
    (see :data:`Names`); ``next_names`` does so after a ``DealEnded`` entry, for
    the next deal (``names`` when not given).
    """
    view = record.view(seat)
    lines = []
    if view.seat is not None and view.action is not None:
        lines.append(f"{_who(view.seat, seat, names)}: {action_text(view.action)}")
    current = names
    for entry in view.entries:
        lines.append(entry_text(entry, seat, current))
        if type(entry) is DealEnded and next_names is not None:
            current = next_names
    return lines


# --------------------------------------------------------------------------------------
# observations
# --------------------------------------------------------------------------------------


def _is_cards(value: object) -> bool:
    return isinstance(value, (list, tuple)) and all(
        c is None or (type(c) is int and 0 <= c < 52) for c in value
    )  # fmt: skip


def _value_text(key: str, value: Any) -> str:
    """A value of an observation: cards (under a key naming cards or hands) as cards."""
    cardish = "card" in key or "hand" in key
    if hasattr(value, "_fields"):  # a named tuple: each field by name
        return ", ".join(f"{k} {_value_text(k, v)}" for k, v in zip(value._fields, value))
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {_value_text(key, v)}" for k, v in value.items())
    if cardish and _is_cards(value) and value:
        return cards_text(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value_text(key, v) for v in value) + "]"
    return str(value)


def _generic_lines(observation: Mapping[str, Any]) -> list[str]:
    return [f"{key}: {_value_text(key, value)}" for key, value in observation.items()]


def _total_text(cards: Sequence[Optional[int]]) -> str:
    from pycards.vingtun import pack_total

    seen = [c for c in cards if c is not None]
    if not seen:
        return ""
    total = pack_total(seen)
    over = ", over-drawn" if total > 21 else ""
    return f"  ({total}{over})" if len(seen) == len(cards) else f"  ({total} showing)"


_VINGT_UN_PHASES = {
    "sell": "the deal may be sold", "buy": "the deal is offered for sale", "stake": "the stakes",
    "double": "the dealer may call double", "draw": "the players play their hands",
    "dealer": "the dealer plays", "over": "the session is over",
}  # fmt: skip


def _vingt_un_hand(who: str, index: int, hand: Any, stake: bool = True) -> str:
    label = f"{who}{_hand(index)}"
    if not hand.cards:
        text = "thrown up"
    else:
        text = cards_text(hand.cards) + _total_text(hand.cards)
    flags = [f"stake {hand.stake}"] if stake else []
    if hand.divided:
        flags.append("divided")
    if hand.done and hand.cards:
        flags.append("finished")
    return f"  {label}: {text}" + (f"  [{', '.join(flags)}]" if flags else "")


def _vingt_un_lines(observation: Mapping[str, Any]) -> list[str]:
    """A Vingt-un table: the deal, every hand with its total, the balances, the offer."""
    me = observation["seat"]
    dealer = observation["dealer"]
    names = seat_names("vingt_un", observation)
    head = f"deal {observation['deal_number']}: {_who(dealer, me, None)} deal{'' if dealer == me else 's'}"
    head += f"; {_VINGT_UN_PHASES.get(observation['phase'], observation['phase'])}"
    if observation["double"] and observation["phase"] in ("draw", "dealer"):
        head += "; double called"
    lines = [head]
    for seat, hands in observation["hands"].items():
        for index, hand in enumerate(hands):
            lines.append(_vingt_un_hand(_who(seat, me, names), index, hand))
    for index, hand in enumerate(observation["dealer_hands"]):
        lines.append(_vingt_un_hand(_who(dealer, me, names) + (" (the dealer)" if dealer == me else ""),
                                    index, hand, stake=False))  # fmt: skip
    balances = observation["balances"]
    others = ", ".join(f"p{s} {b}" for s, b in enumerate(balances) if s != me)
    lines.append(f"  counters: you {balances[me]}" + (f"; {others}" if others else "")
                 + (f"; the pool {observation['pool']}" if observation.get("pool") else ""))  # fmt: skip
    if observation.get("offer"):
        seller, buyer, price = observation["offer"]
        lines.append(f"  {_say(_who(seller, me, None), 'offers')} the deal to {_who(buyer, me, None)} "
                     f"for {price}")  # fmt: skip
    if observation.get("out"):
        lines.append("  out: " + ", ".join(_who(s, me, None) for s in observation["out"]))
    lines.append(f"  stock {observation['stock']} cards, used {observation['used']}")
    if observation.get("truncated"):
        lines.append("  the last deal was cut short by the bound on decisions")
    return lines


def _vingt_un_names(observation: Mapping[str, Any]) -> dict[int, str]:
    dealer = observation.get("dealer", -1)
    if not isinstance(dealer, int) or dealer < 0 or observation.get("phase") in ("sell", "buy"):
        return {}
    return {dealer: f"the dealer (p{dealer})"}


_POKER_PHASES = {
    "straddle": "the straddles", "bet": "a betting round", "draw": "the draw", "show": "the show",
    "over": "the session is over",
}  # fmt: skip
_POKER_GAMES = ("draw_poker", "jack_pots", "straight_poker", "stud_poker", "progressive_poker")
"""The poker games (one renderer for all: the observation of :class:`~pycards.games.engine.table.PokerTable`)."""
_OPENING_RANKS = {"J": 9, "Q": 10, "K": 11, "A": 12}


def _no_cards(observation: Mapping[str, Any], seat: int) -> str:
    if seat in observation["live"] and observation["phase"] != "over":
        return "not dealt yet"
    return "no cards"


def _poker_cards(observation: Mapping[str, Any], seat: int) -> str:
    """What the reader may see of ``seat``'s cards: its own hand; another's cards shown at
    the show, else ``??`` for each face-down card and its face-up cards spelled."""
    if seat == observation["seat"]:
        hand = tuple(observation["hand"])
        faces = set(observation.get("up", {}).get(seat, ()))
        if not hand:
            return _no_cards(observation, seat)
        return cards_text(hand) + (f"  (face up: {cards_text([c for c in hand if c in faces])})" if faces else "")
    shown_cards = observation.get("shown", {}).get(seat)
    if shown_cards:
        return cards_text(shown_cards) + "  (shown)"
    count = observation["cards"][seat]
    up = tuple(observation.get("up", {}).get(seat, ()))
    if not count:
        return _no_cards(observation, seat)
    return cards_text([None] * max(count - len(up), 0) + list(up))


def _poker_seat(observation: Mapping[str, Any], seat: int, names: Mapping[int, str]) -> str:
    me = observation["seat"]
    flags = [f"stake {observation['stakes'][seat]}", f"counters {observation['balances'][seat]}"]
    if seat in observation.get("out", ()):
        flags.append("out of this deal")
    elif seat in observation["live"]:
        flags.append("in")
    else:
        flags.append("passed")
    discarded, drawn = observation["discarded"][seat], observation["drawn"][seat]
    if drawn >= 0:
        flags.append("stood pat" if drawn == 0 else f"drew {drawn}")
    elif discarded >= 0:
        flags.append(f"discarded {discarded}, waits for cards")
    if observation.get("ante_seat") == seat and not observation.get("minimum") and observation["phase"] != "over":
        flags.append("ante")
    if observation.get("opener") == seat:
        flags.append("opened")
    if observation.get("buck") == seat:
        flags.append("holds the buck")
    if observation.get("to_act") == seat:
        flags.append("to act")
    who = _who(seat, me, names)
    if seat == observation["dealer"] and seat == me:
        who += " (the dealer)"
    return f"  {who}: {_poker_cards(observation, seat)}  [{', '.join(flags)}]"


def _poker_lines(observation: Mapping[str, Any], knave: bool = False) -> list[str]:
    """A poker table (any poker game): the deal, every seat's cards as the reader may see
    them (``??`` face down), stakes, counters, who is in; the pool and what is owed."""
    from pycards.cards import rank_name

    me = observation["seat"]
    dealer = observation["dealer"]
    names = _poker_names(observation)
    head = f"deal {observation['deal_number']}: {_who(dealer, me, None)} deal{'' if dealer == me else 's'}"
    head += f"; {_POKER_PHASES.get(observation['phase'], observation['phase'])}"
    minimum = observation.get("minimum")
    if minimum:
        number = observation.get("jackpot")
        pair = rank_name(_OPENING_RANKS.get(minimum, 9), plural=True, knave=knave)
        head += f"; jack-pot{f' {number}' if number else ''}: two {pair} or better to open"
    table, tables = observation.get("table"), len(observation.get("seating", ()))
    if isinstance(table, int):
        head += "; " + ("the head table" if table == 0 else "the booby table" if table == tables - 1
                        else f"table {table + 1} of {tables}")  # fmt: skip
    if observation.get("fattening"):
        head += "; a fattened pot (the last deal was not opened)"
    if observation.get("straddles"):
        head += f"; straddled {observation['straddles']} time{'s' if observation['straddles'] > 1 else ''}"
    lines = [head]
    seats = range(len(observation["stakes"]))
    here = observation["seating"][table] if isinstance(table, int) and 0 <= table < tables else seats
    for seat in seats:
        if seat in here:
            lines.append(_poker_seat(observation, seat, names))
    away = [s for s in seats if s not in here]
    if away:  # Progressive Poker: the players at the other tables
        lines.append("  at the other tables: " + ", ".join(f"p{s} {observation['balances'][s]}" for s in away))
    pool = f"  the pool {observation['pool']}"
    if observation.get("carry"):
        pool += f" ({observation['carry']} carried from earlier deals)"
    if observation["phase"] == "bet":
        owed = observation["owed"]
        pool += f"; you owe {owed} to make good" if owed else "; you owe nothing"
    pool += f"; the limit {observation['limit']}"
    lines.append(pool)
    return lines


def _english_poker_lines(observation: Mapping[str, Any]) -> list[str]:
    """English Draw Poker's table (and Progressive Poker's, whose tables play it): the poker
    table, in the laws' words ("two knaves")."""
    return _poker_lines(observation, knave=True)


def _poker_names(observation: Mapping[str, Any]) -> dict[int, str]:
    dealer = observation.get("dealer", -1)
    if not isinstance(dealer, int) or dealer < 0 or observation.get("phase") == "over":
        return {}
    return {dealer: f"the dealer (p{dealer})"}


_RENDERERS: dict[str, Callable[[Mapping[str, Any]], list[str]]] = {
    "vingt_un": _vingt_un_lines, **{game: _poker_lines for game in _POKER_GAMES},
    "draw_poker": _english_poker_lines, "progressive_poker": _english_poker_lines,
}  # fmt: skip
"""Per game (its registered name): its observations as lines."""
_NAMERS: dict[str, Callable[[Mapping[str, Any]], dict[int, str]]] = {
    "vingt_un": _vingt_un_names, **{game: _poker_names for game in _POKER_GAMES},
}  # fmt: skip
"""Per game: what to call seats by their part, from an observation."""


def observation_lines(game_name: str, observation: Mapping[str, Any]) -> list[str]:
    """What an observation shows its seat, as lines: the game's renderer, or one
    ``key: value`` line per key (cards, under keys naming cards or hands, as cards).

    >>> observation_lines("whist", {"seat": 1, "hand": [51, 50], "trumps": "hearts"})
    ['seat: 1', 'hand: AS AH', 'trumps: hearts']
    """
    renderer = _RENDERERS.get(game_name.replace("-", "_").lower(), _generic_lines)
    return renderer(observation)


def seat_names(game_name: str, observation: Mapping[str, Any]) -> dict[int, str]:
    """What to call seats by their part in the deal the observation shows (Vingt-un:
    ``{1: "the dealer (p1)"}`` once the deal is not for sale); ``{}`` for other games."""
    namer = _NAMERS.get(game_name.replace("-", "_").lower())
    return namer(observation) if namer else {}
