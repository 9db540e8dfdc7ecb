"""Records and observations as text, for a person at the table (``pycards play --interactive``).

Every entry type of a record has its sentence (:func:`entry_text`), written
for the seat reading it: that seat is "you", the others ``p0``, ``p1``...
(or what ``names`` calls them, such as "the dealer (p1)"); a card it may not
see is "a card face down". Cards are written as :func:`pycards.cards.format`
writes them. :func:`observation_lines` shows what a seat may know now: a game
may register its own :class:`Renderer` (its registry entry's ``text``, as
Vingt-un's shows each hand with its total, the stakes, the dealer's hands, the
balances, the pool and the offer in a sale); any other game gets one
``key: value`` line per key, cards written as cards. This module knows no
game: the renderers are the games' own, and build on :func:`who`, :func:`say`,
:func:`hand_suffix`, :func:`deal_heading` and :func:`dealer_names`.

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
from typing import Any, NamedTuple, Optional, cast

from pycards.cards import format as format_cards
from pycards.errors import GameOptionError
from pycards.games import GAMES, canonical_name, load
from pycards.games.engine.actions import Action
from pycards.games.engine.events import STOCK, DealEnded, Dealt, Entry, Gathered, Moved, Note, Record, Reshuffled, Shown
from pycards.settlement import Payment

__all__ = [
    "Names", "Renderer", "action_text", "card_text", "cards_text", "deal_heading", "dealer_names", "entry_text",
    "hand_suffix", "known_lines", "observation_lines", "record_lines", "say", "seat_names", "who",
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


def who(seat: int, viewer: Optional[int], names: Names) -> str:
    """``seat`` as a sentence names it for ``viewer``: "you", its name in ``names``, or ``p2``.

    >>> who(1, 1, None), who(1, 0, {1: "the dealer (p1)"}), who(2, 0, {1: "the dealer (p1)"})
    ('you', 'the dealer (p1)', 'p2')
    """
    if seat == viewer:
        return "you"
    if names and seat in names:
        return names[seat]
    return f"p{seat}"


def _party(party: str, viewer: Optional[int], names: Names) -> str:
    """A ledger party (``p1``, ``pool``) as a sentence names it."""
    match = _SEAT_PARTY.fullmatch(party)
    if match:
        return who(int(match.group(1)), viewer, names)
    return _PARTIES.get(party, party)


def say(subject: str, verb: str) -> str:
    """``subject`` and its ``verb`` (given in the third person: ``gets``, ``turns up``).

    >>> say("p1", "pushes"), say("you", "pushes"), say("you", "turns up")
    ('p1 pushes', 'you push', 'you turn up')
    """
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


def hand_suffix(hand: int) -> str:
    """What follows a seat's name for its hand ``hand`` (counted from 0): nothing for its
    first, `` (hand 2)`` for its second...

    >>> hand_suffix(0), hand_suffix(1)
    ('', ' (hand 2)')
    """
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
        if entry.hand < 0:  # a card turned up to choose the first dealer: no parts yet
            return say(who(entry.seat, seat, None), f"turns up {card_text(entry.card)}")
        holder = who(entry.seat, seat, names)
        if entry.card is None:
            return say(holder, "gets a card face down") + hand_suffix(entry.hand)
        if entry.seen_by is None:
            return say(holder, f"draws {card_text(entry.card)}") + hand_suffix(entry.hand)
        return say(holder, f"gets {card_text(entry.card)} face down") + hand_suffix(entry.hand)
    if kind is Moved:
        assert isinstance(entry, Moved)
        return _moved(entry, seat, names)
    if kind is Shown:
        assert isinstance(entry, Shown)
        to = "" if entry.seen_by is None else " to " + " and ".join(who(s, seat, names) for s in entry.seen_by)
        dealt = " as dealt" if entry.hand < 0 else hand_suffix(entry.hand)
        return say(who(entry.seat, seat, names), f"shows {cards_text(entry.cards)}") + dealt + to
    if kind is Gathered:
        assert isinstance(entry, Gathered)
        if entry.target == STOCK:
            return "the cards are gathered and shuffled"
        return "the cards on the table are gathered with the used ones"
    if kind is Payment:
        assert isinstance(entry, Payment)
        payer, payee = _party(entry.payer, seat, names), _party(entry.payee, seat, names)
        return say(payer, f"pays {payee} {entry.amount}")
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


_WHERE = {"used": "with the used cards", "thrown": "face down on the table", "apart": "apart, under the chips"}
"""Where a card moved to, in words, by the kind of its place (a game's own kinds are named as they are)."""


def _moved(entry: Moved, seat: Optional[int], names: Names) -> str:
    """A card moved from a seat's hand: ``you put 8H with the used cards``, ``p2 puts a card
    face down on the table``, ``p1 moves a card to hand 2``.

    >>> from pycards.games.engine.events import USED, hand_place
    >>> _moved(Moved(25, hand_place(1), USED, (1,)), 1, None), _moved(Moved(None, hand_place(1), USED, (1,)), 0, None)
    ('you put 8D with the used cards', 'p1 puts a card with the used cards')
    """
    source, target = entry.source, entry.target
    card = "a card" if entry.card is None else card_text(entry.card)
    if target.kind == "hand":
        where = f"to hand {target.number + 1}" if target.seat == source.seat else f"to {who(target.seat, seat, names)}"
    else:
        where = _WHERE.get(target.kind, f"to the {target.kind}")
    holder = who(source.seat, seat, names) if source.seat >= 0 else f"the {source.kind}"
    return say(holder, f"puts {card} {where}")


def _deal_ended(entry: DealEnded, seat: Optional[int]) -> str:
    def result(s: int) -> str:
        role = f" ({entry.roles[s]})" if s < len(entry.roles) else ""
        return f"{who(s, seat, None)} {entry.rewards[s]:+d}{role}"

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
        lines.append(f"{who(view.seat, seat, names)}: {action_text(view.action)}")
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
    return [f"{key}: {_value_text(key, value)}" for key, value in observation.items() if key != "knowledge"] + \
        known_lines(observation)


_AWAY = {"used": "among the used cards", "stock": "back in the stock"}


def known_lines(observation: Mapping[str, Any]) -> list[str]:
    """The line saying where the seat knows cards to lie that the table no longer shows it
    (its observation's ``knowledge`` outside the hands: a discard, the used cards it saw, a
    card it passed on), or none.

    >>> known_lines({"seat": 0, "knowledge": {"hand:0:0": (51,), "used": (0, 48)}})
    ['  you know: 2C AC among the used cards']
    >>> known_lines({"seat": 0, "knowledge": {"hand:0:0": (51,)}})
    []
    """
    me = observation.get("seat")
    parts = []
    for key, cards in observation.get("knowledge", {}).items():
        kind, _, rest = key.partition(":")
        if kind == "hand":
            continue
        holder = rest.split(":")[0] if rest else ""
        where = _AWAY.get(kind, kind.replace("_", " "))
        if holder and holder != "-1":
            where = f"{where} of {who(int(holder), me, None)}"
        parts.append(f"{cards_text(cards)} {where}")
    return [f"  you know: {'; '.join(parts)}"] if parts else []


def _no_names(observation: Mapping[str, Any]) -> dict[int, str]:
    return {}


class Renderer(NamedTuple):
    """How a game's observations read (a registry entry's ``text`` names one)."""

    lines: Callable[[Mapping[str, Any]], list[str]]
    """An observation as lines, for the seat it is of."""
    names: Callable[[Mapping[str, Any]], dict[int, str]] = _no_names
    """What to call seats by their part in the deal an observation shows (:data:`Names`)."""


def deal_heading(observation: Mapping[str, Any]) -> str:
    """The start of a table's first line: the deal's number and who deals, for the
    observation's ``seat`` (from its ``deal_number``, ``dealer`` and ``seat``).

    >>> deal_heading({"deal_number": 3, "dealer": 1, "seat": 0})
    'deal 3: p1 deals'
    >>> deal_heading({"deal_number": 1, "dealer": 0, "seat": 0})
    'deal 1: you deal'
    """
    me, dealer = observation["seat"], observation["dealer"]
    return f"deal {observation['deal_number']}: {who(dealer, me, None)} deal{'' if dealer == me else 's'}"


def dealer_names(observation: Mapping[str, Any], not_in: Sequence[str] = ()) -> dict[int, str]:
    """The dealer called so, ``{1: "the dealer (p1)"}``, unless the observation has no dealer
    yet or its ``phase`` is one of ``not_in`` (where nobody holds that part).

    >>> dealer_names({"dealer": 1, "phase": "bet"}), dealer_names({"dealer": 1, "phase": "over"}, ("over",))
    ({1: 'the dealer (p1)'}, {})
    """
    dealer = observation.get("dealer", -1)
    if not isinstance(dealer, int) or dealer < 0 or observation.get("phase") in not_in:
        return {}
    return {dealer: f"the dealer (p{dealer})"}


_GENERIC = Renderer(_generic_lines)
"""Any game without a renderer of its own: one ``key: value`` line per key."""


def _renderer(game_name: object) -> Renderer:
    """The renderer registered for ``game_name`` (any spelling), else :data:`_GENERIC` (a game
    without one, or not registered)."""
    try:
        where = GAMES[canonical_name(game_name)].text
    except GameOptionError:
        return _GENERIC
    return _GENERIC if where is None else cast(Renderer, load(where))


def observation_lines(game_name: str, observation: Mapping[str, Any]) -> list[str]:
    """What an observation shows its seat, as lines: the game's renderer (its registry
    entry's ``text``), or one ``key: value`` line per key (cards, under keys naming cards
    or hands, as cards).

    >>> observation_lines("whist", {"seat": 1, "hand": [51, 50], "trumps": "hearts"})
    ['seat: 1', 'hand: AS AH', 'trumps: hearts']
    """
    return _renderer(game_name).lines(observation)


def seat_names(game_name: str, observation: Mapping[str, Any]) -> dict[int, str]:
    """What to call seats by their part in the deal the observation shows, as the game's
    renderer says (Vingt-un: ``{1: "the dealer (p1)"}`` once the deal is not for sale);
    ``{}`` for a game without one."""
    return _renderer(game_name).names(observation)
