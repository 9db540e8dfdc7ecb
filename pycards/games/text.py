"""Records and observations as text, for a person at the table (``pycards play --interactive``).

Every entry type of a record has its sentence (:func:`entry_text`), written
for the seat reading it: that seat is "you", the others ``p0``, ``p1``...
(or what ``names`` calls them, such as "the dealer (p1)"); a card it may not
see is "a card face down". Cards are written as :func:`pycards.cards.format`
writes them. :func:`observation_lines` shows what a seat may know now: a game
may register its own :class:`Renderer` (its registry entry's ``text``, as
Vingt-un's shows each hand with its total, the stakes, the dealer's hands, the
balances, the pool and the offer in a sale); any other game gets one
``key: value`` line per key, cards written as cards. The renderer also labels
the game's actions as a person reads them (:func:`action_label`: "raise 2 (3 to
put in)", "discard 5♥ K♠ and draw 2", "stake 3"; a game without labels gets
its action's class in words and values, :func:`generic_label`), offers a choice
of cards standing for many actions (:func:`card_pick`: the draw's discards, a
:class:`CardPick`), groups actions offered as one choice (:func:`choice_groups`:
law 45's demand) and says what a hand shown makes (its ``words``: "two pairs,
eights and threes"). :func:`record_lines` tells a record as a person would.
This module knows no game: the renderers are the games' own, and build on
:func:`who`, :func:`say`, :func:`hand_suffix`, :func:`deal_heading` and
:func:`dealer_names`.

>>> from pycards.games.engine.events import DealEnded, Dealt, Note, Record
>>> from pycards.settlement import Payment
>>> ended = DealEnded(2, (2, -2, 0), False, ("player", "dealer", "player"))
>>> record = Record(2, None, (Dealt(2, 0, None, (2,)), Dealt(0, 0, 51, (0,)), Note("a natural"),
...                           Payment("p1", "p0", 2), ended))
>>> print("\\n".join(record_lines(record, 0, names={1: "the dealer (p1)"})))
p2 gets a card face down
you get AS face down
a natural: the dealer (p1) pays you 2
deal 3 over: you +2 (player); p1 -2 (dealer), p2 +0 (player)
"""

from __future__ import annotations

import functools
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
    "CardPick", "ChoiceGroup", "Names", "Renderer", "action_label", "action_labels", "action_text", "card_pick", "card_symbols",
    "card_text", "cards_text", "choice_groups", "deal_heading", "dealer_names", "entry_text", "generic_label",
    "hand_suffix", "known_lines", "note_text", "observation_lines", "record_lines", "say", "seat_names", "who",
]  # fmt: skip

Names = Optional[Mapping[int, str]]
"""What to call some seats (``{1: "the dealer (p1)"}``); the others are ``p0``, ``p1``...
and the reader's own seat is always "you"."""

_SEAT_PARTY = re.compile(r"p([0-9]+)")
def _is_pool(party: str) -> bool:
    """Whether a ledger party is a pool: ``pool``, or a game's pool named ``<what> pool``."""
    return party == "pool" or party.endswith(" pool")


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


_SUIT_SIGNS = ("\u2663", "\u2666", "\u2665", "\u2660")
"""Clubs, diamonds, hearts, spades as their signs: ♣ ♦ ♥ ♠."""


def card_symbols(cards: Sequence[Optional[int]]) -> str:
    """Cards as a person writes them, the suit by its sign (``??`` where face down), as the
    action labels name them.

    >>> card_symbols((51, 34, None, 0))
    'A♠ 10♥ ?? 2♣'
    """
    from pycards.cards import RANK_SYMBOLS

    return " ".join("??" if c is None else RANK_SYMBOLS[c >> 2] + _SUIT_SIGNS[c & 3] for c in cards)


_WORDS = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def generic_label(action: Action, observation: Mapping[str, Any]) -> str:
    """An action as a person reads it when its game says nothing of it: its class in words
    and its fields' values (never ``=``).

    >>> from pycards.games.vingt_un import DRAW, SellDeal, Stake
    >>> generic_label(Stake(2), {}), generic_label(DRAW, {}), generic_label(SellDeal(2, 3), {})
    ('stake 2', 'draw', 'sell deal: buyer 2, price 3')
    """
    fields = action.to_dict()
    words = _WORDS.sub(" ", str(fields.pop("type"))).lower()
    values = [("yes" if v else "no") if isinstance(v, bool) else str(v) for v in fields.values()]
    if len(values) == 1:
        return f"{words} {values[0]}"
    return words + (": " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in zip(fields, values)) if values else "")


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
    return f"the {party}" if _is_pool(party) else party  # "the pool", "the first pool"; a banker, a table


_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def say(subject: str, verb: str) -> str:
    """``subject`` and its ``verb`` (given in the third person: ``gets``, ``turns up``).

    >>> say("p1", "pushes"), say("you", "pushes"), say("you", "turns up"), say("you", "has none")
    ('p1 pushes', 'you push', 'you turn up', 'you have none')
    """
    if subject != "you":
        return f"{subject} {verb}"
    first, _, rest = verb.partition(" ")
    if first in _IRREGULAR:
        first = _IRREGULAR[first]
    elif first.endswith("ies"):
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


_WHERE = {"used": "with the used cards", "thrown": "face down on the table", "apart": "apart, under the chips",
          "stock": "at the bottom of the stock", "offered": "face down, offering it in barter",
          "discards": "face down on the table", "widow": "in the widow"}  # fmt: skip
"""Where a card moved to, in words, by the kind of its place (a game's own kinds are named as they are)."""


def _moved(entry: Moved, seat: Optional[int], names: Names) -> str:
    """A card moved from a seat's hand: ``you put 8H with the used cards``, ``p2 puts a card
    face down on the table``, ``p1 moves a card to hand 2``.

    >>> from pycards.games.engine.events import USED, hand_place
    >>> _moved(Moved(25, hand_place(1), USED, (1,)), 1, None), _moved(Moved(None, hand_place(1), USED, (1,)), 0, None)
    ('you put 8D with the used cards', 'p1 puts a card with the used cards')

    A card from a place of the table (no seat's): dealt there from the stock, turned up
    where it lies, or taken into a hand.

    >>> from pycards.games.engine.events import STOCK, Place
    >>> widow = Place("widow")
    >>> _moved(Moved(None, STOCK, widow, ()), 0, None), _moved(Moved(25, widow, widow, None), 0, None)
    ('a card is dealt in the widow', '8D is turned face up in the widow')
    >>> _moved(Moved(25, widow, hand_place(1), None), 1, None)
    'you take 8D from the widow'
    """
    source, target = entry.source, entry.target
    card = "a card" if entry.card is None else card_text(entry.card)
    if source.seat < 0:
        place = _WHERE.get(target.kind, f"to the {target.kind}")
        if source == target:
            return f"{card} is turned face up {place}"
        if source.kind == "stock":
            return f"{card} is dealt {place}"
        if target.kind == "hand":
            return say(who(target.seat, seat, names), f"takes {card} from the {source.kind}")
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


def record_lines(record: Record, seat: Optional[int], names: Names = None, next_names: Names = None, *,
                 game: Optional[str] = None, observation: Optional[Mapping[str, Any]] = None) -> list[str]:
    """A record as ``seat`` sees it, told as a person would: the action (as the game's
    renderer labels it, given ``game``), then what followed.

    The record is first masked (:meth:`Record.view`), so a card ``seat`` may not see
    is never written, whatever record is given. ``names`` says what to call seats
    (see :data:`Names`); ``next_names`` does so after a ``DealEnded`` entry, for
    the next deal (``names`` when not given). The entries are told together where a
    person would: the cards dealt at once, one line a hand ("p1 gets 5 cards face
    down"); the cards turned up to choose the first dealer, in the line naming him; a
    stake with what it put in the pool; a payment with its reason; a hand shown with
    what it makes (the game's renderer's ``words``, given ``observation``, the reader's,
    for the rules in force); a pool divided with who takes what, and why. A seat is
    named in the game's notes as everywhere: the reader is "you".

    >>> from pycards.games.engine.events import Dealt, Note, Record
    >>> from pycards.settlement import Payment
    >>> record = Record(None, None, (Note("the first knave falls to p0, who deals"), Dealt(0, -1, 37, None),
    ...                              Dealt(1, -1, 38, None), Note("p1 antes"), Payment("p1", "pool", 1),
    ...                              Dealt(1, 0, 20, (1,)), Dealt(0, 0, 3, (0,)), Dealt(1, 0, 21, (1,)),
    ...                              Dealt(0, 0, 40, (0,))))
    >>> print("\\n".join(record_lines(record, 0)))
    the first knave (JD) falls to you: you deal
    p1 antes: 1 into the pool
    p1 gets 2 cards face down
    you get 2S QC face down
    """
    renderer = _GENERIC if game is None else _renderer(game)
    view = record.view(seat)
    entries = list(view.entries)
    shown_words: dict[int, str] = {}
    lines: list[str] = []
    current = names
    start = 0
    if view.seat is not None and view.action is not None:
        line = f"{who(view.seat, seat, names)}: {_label(renderer, view.action, seat)}"
        stake = _stake_of(entries, 0, view.seat)
        if stake is not None:
            line += f" — {stake.amount} into {_party(stake.payee, seat, names)}"
            start = 2
        lines.append(line)
    turned = [e for e in entries if type(e) is Dealt and e.hand < 0]
    told_turned = any(type(e) is Note and _FALLS.match(e.text) for e in entries)
    index = start
    while index < len(entries):
        entry = entries[index]
        kind = type(entry)
        if kind is Dealt and entry.hand < 0:  # type: ignore[union-attr]
            run = _run(entries, index, lambda e: type(e) is Dealt and e.hand < 0)
            if not told_turned:
                cards = [e.card for e in entries[index:run] if isinstance(e, Dealt)]
                lines.append(f"cards are turned up to choose the dealer: {cards_text(cards)}")
            index = run
            continue
        if kind is Dealt:
            run = _run(entries, index, lambda e: type(e) is Dealt and e.hand >= 0)
            lines += _dealt_lines(entries[index:run], seat, current)  # type: ignore[arg-type]
            index = run
            continue
        if kind is Moved:
            run = _run(entries, index, lambda e: type(e) is Moved)
            lines += _moved_lines(entries[index:run], seat, current)  # type: ignore[arg-type]
            index = run
            continue
        if kind is Shown:
            assert isinstance(entry, Shown)
            words = renderer.words(entry.cards, observation or {})
            if words:
                shown_words[entry.seat] = words
            lines.append(entry_text(entry, seat, current) + (f": {words}" if words else ""))
        elif kind is Note:
            assert isinstance(entry, Note)
            run = _run(entries, index + 1, lambda e: type(e) is Payment)
            payments = cast("list[Payment]", entries[index + 1:run])
            lines += _note_line(entry.text, payments, seat, current, turned, shown_words).split("\n")
            index = run
            continue
        else:
            lines.append(entry_text(entry, seat, current))
            if kind is DealEnded and next_names is not None:
                current = next_names
        index += 1
    return lines


def _label(renderer: Renderer, action: Action, seat: Optional[int]) -> str:
    """An action of a record, labelled for ``seat`` without the actor's observation."""
    try:
        return renderer.label(action, {"seat": seat})
    except (KeyError, TypeError, IndexError, ValueError):  # a label that needs more: as any game's
        return generic_label(action, {})


def _run(entries: Sequence[Entry], start: int, alike: Callable[[Any], bool]) -> int:
    """Where the run of entries from ``start`` that are ``alike`` ends."""
    end = start
    while end < len(entries) and alike(entries[end]):
        end += 1
    return end


_SEAT_NOTE = re.compile(r"p([0-9]+) (.*)", re.DOTALL)
_SEAT_WORD = re.compile(r"\bp([0-9]+)('s)?\b")
_FALLS = re.compile(r"the first (.+?) falls to p([0-9]+), who deals")
_POOL_DIVIDED = "the pool is divided"
_AND_VERB = re.compile(r"\band (?:asks|is|passes|pays|retires|stands|takes)\b")


def _stake_of(entries: Sequence[Entry], index: int, actor: int) -> Optional[Payment]:
    """The actor's stake, if ``entries[index:]`` opens with it: a note naming him ("p1
    raises") and his one payment into a pool."""
    if index + 1 >= len(entries):
        return None
    note, payment = entries[index], entries[index + 1]
    if type(note) is not Note or type(payment) is not Payment:
        return None
    assert isinstance(note, Note) and isinstance(payment, Payment)
    match = _SEAT_NOTE.fullmatch(note.text)
    if not match or int(match.group(1)) != actor or payment.payer != f"p{actor}" or not _is_pool(payment.payee):
        return None
    if index + 2 < len(entries) and type(entries[index + 2]) is Payment:
        return None
    return payment


def note_text(text: str, seat: Optional[int], names: Names = None) -> str:
    """A game's note with every seat in it (``p0``) named for ``seat``: "you" (a sentence
    opening on a seat takes its verb: "you ante"), "your"...

    >>> note_text("p0 antes (law 20)", 0), note_text("p1's natural", 1), note_text("a cut between p0, p2", 2)
    ('you ante (law 20)', 'your natural', 'a cut between p0, you')
    >>> note_text("p1 antes for every player and passes the buck", 1)
    'you ante for every player and pass the buck'
    """
    match = _SEAT_NOTE.fullmatch(text)
    if match:
        rest = _SEAT_WORD.sub(lambda m: _named(m, seat, names), match.group(2))
        subject = who(int(match.group(1)), seat, names)
        if subject == "you":  # "antes ... and passes the buck": each verb of the sentence
            rest = _AND_VERB.sub(lambda m: say("you", m.group(0)[4:]).replace("you ", "and ", 1), rest)
        return say(subject, rest)
    return _SEAT_WORD.sub(lambda m: _named(m, seat, names), text)


def _named(match: re.Match[str], seat: Optional[int], names: Names) -> str:
    number = int(match.group(1))
    if match.group(2):
        return "your" if number == seat else who(number, seat, names) + "'s"
    return who(number, seat, names)


def _note_line(text: str, payments: Sequence[Payment], seat: Optional[int], names: Names,
               turned: Sequence[Dealt], words: Mapping[int, str]) -> str:  # fmt: skip
    """A note with the payments that follow it, as one line."""
    falls = _FALLS.fullmatch(text)
    if falls and not payments:
        dealer = int(falls.group(2))
        cards = [e.card for e in turned if e.seat == dealer and e.card is not None]
        card = f" ({card_text(cards[-1])})" if cards else ""
        holder = who(dealer, seat, None)
        if holder == "you":
            return f"the first {falls.group(1)}{card} falls to you: you deal"
        return f"the first {falls.group(1)}{card} falls to {holder}, who deals"
    said = note_text(text, seat, names)
    if not payments:
        return f"-- {said}"
    payers, payees = {p.payer for p in payments}, {p.payee for p in payments}
    if len(payers) == 1 and _is_pool(next(iter(payers))):
        return _pool_line(text, said, payments, seat, names, words)
    if len(payers) == 1 and len(payees) == 1 and _is_pool(next(iter(payees))) and _SEAT_NOTE.fullmatch(text):
        return f"{said}: {sum(p.amount for p in payments)} into {_party(next(iter(payees)), seat, names)}"
    if len(payments) == 1:
        return f"{said}: {entry_text(payments[0], seat, names)}"
    return "\n".join([f"-- {said}"] + [entry_text(p, seat, names) for p in payments])


def _pool_line(text: str, said: str, payments: Sequence[Payment], seat: Optional[int], names: Names,
               words: Mapping[int, str]) -> str:  # fmt: skip
    """Payments out of the pool: who takes what, with what hand, and why."""
    def takes(payment: Payment, what: str) -> str:
        match = _SEAT_PARTY.fullmatch(payment.payee)
        hand = words.get(int(match.group(1))) if match else None
        return say(_party(payment.payee, seat, names), f"takes {what}") + (f" with {hand}" if hand else "")

    if len(payments) == 1:
        payment = payments[0]
        if text == _POOL_DIVIDED:
            return takes(payment, f"{_party(payment.payer, seat, names)} ({payment.amount})")
        leading = _SEAT_NOTE.fullmatch(text)
        if leading and payment.payee == f"p{leading.group(1)}":  # "p2 takes the pool unshown"
            return f"{said} ({payment.amount})"
        return f"{said}: {takes(payment, str(payment.amount))}"
    head = said if text != _POOL_DIVIDED else "the pool is divided"
    line = f"{head}: " + ", ".join(takes(p, str(p.amount)) for p in payments)
    hands = [words.get(int(m.group(1))) if (m := _SEAT_PARTY.fullmatch(p.payee)) else None for p in payments]
    if text == _POOL_DIVIDED and all(hands):
        if len(set(hands)) == 1:
            line += "; equal hands share it (law 76)"
            if len({p.amount for p in payments}) > 1:
                line += ", the odd counter to the first from the dealer's left"
        else:
            line += ("; side pots: a player all in wins from each other only as much as he staked, the rest going "
                     "to the next best hand (law 60)")  # fmt: skip
    return line


def _count(number: int) -> str:
    return "a card" if number == 1 else f"{number} cards"


def _dealt_lines(run: Sequence[Dealt], seat: Optional[int], names: Names) -> list[str]:
    """Cards dealt at once: one line for each hand they went to, in the order dealt."""
    if len(run) == 1:
        return [entry_text(run[0], seat, names)]
    hands: dict[tuple[int, int], list[Dealt]] = {}
    for entry in run:
        hands.setdefault((entry.seat, entry.hand), []).append(entry)
    lines = []
    for (holder_seat, hand), dealt in hands.items():
        holder = who(holder_seat, seat, names)
        if len(dealt) == 1:
            lines.append(entry_text(dealt[0], seat, names))
            continue
        hidden = sum(e.card is None for e in dealt)
        known = [e.card for e in dealt if e.card is not None and e.seen_by is not None]
        up = [e.card for e in dealt if e.card is not None and e.seen_by is None]
        parts = []
        if known:
            parts.append(f"{cards_text(known)} face down")
        if hidden:
            parts.append(f"{_count(hidden)} face down")
        if up:
            parts.append(f"{cards_text(up)} face up")
        lines.append(say(holder, "gets " + " and ".join(parts)) + hand_suffix(hand))
    return lines


def _moved_lines(run: Sequence[Moved], seat: Optional[int], names: Names) -> list[str]:
    """Cards moved at once: one line for each hand and place they went between."""
    if len(run) == 1:
        return [_moved(run[0], seat, names)]
    moves: dict[tuple[Any, Any], list[Moved]] = {}
    for entry in run:
        moves.setdefault((entry.source, entry.target), []).append(entry)
    lines = []
    for moved in moves.values():
        line = _moved(moved[0], seat, names)
        if len(moved) > 1:
            known = [e.card for e in moved if e.card is not None]
            hidden = len(moved) - len(known)
            cards = " and ".join(([cards_text(known)] if known else []) + ([_count(hidden)] if hidden else []))
            first = "a card" if moved[0].card is None else card_text(moved[0].card)
            line = line.replace(f" {first} ", f" {cards} ", 1)
        lines.append(line)
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


def _no_words(cards: Sequence[Optional[int]], observation: Mapping[str, Any]) -> str:
    return ""


def _no_groups(observation: Mapping[str, Any], legal: Sequence[Action]) -> list[ChoiceGroup]:
    return []


class CardPick(NamedTuple):
    """A choice of some of the seat's cards that stands for many legal actions (the draw:
    which cards to throw), as :func:`card_pick` gives it."""

    cards: tuple[int, ...]
    """The seat's cards to choose among, in the order of its hand."""
    prompt: str
    """What is chosen, in words: "the cards to throw"."""
    by_positions: Mapping[frozenset[int], Action]
    """Each set of places in ``cards`` (from 0) that may be chosen, to the legal action it
    means; the empty set (if there) chooses none: stand pat."""


class ChoiceGroup(NamedTuple):
    """Many legal actions offered as one choice, which then asks for numbers (law 45's
    demand of a wrong number of cards: how many thrown, how many asked for), as
    :func:`choice_groups` gives it."""

    label: str
    """The choice, explained: "demand a different number of cards — a deliberate foul hand (law 45)"."""
    ask: str
    """The question that follows, saying what numbers to give and in what order."""
    by_numbers: Mapping[tuple[int, ...], Action]
    """Each answer allowed, its numbers in order, to the legal action it means."""


class Renderer(NamedTuple):
    """How a game's observations, actions and shows read (a registry entry's ``text`` names
    one). Only ``lines`` is needed: each other part has a default."""

    lines: Callable[[Mapping[str, Any]], list[str]]
    """An observation as lines, for the seat it is of."""
    names: Callable[[Mapping[str, Any]], dict[int, str]] = _no_names
    """What to call seats by their part in the deal an observation shows (:data:`Names`)."""
    label: Callable[[Action, Mapping[str, Any]], str] = generic_label
    """An action as a person reads it, given the acting seat's observation (in a record,
    only ``{"seat": reader}``: a label must do without the other keys)."""
    pick: Optional[Callable[[Mapping[str, Any], Sequence[Action]], Optional[CardPick]]] = None
    """The legal actions that choose some of the seat's cards, as one :class:`CardPick`
    (``None``, or a ``None`` answer: there is none)."""
    words: Callable[[Sequence[Optional[int]], Mapping[str, Any]], str] = _no_words
    """What cards shown make, in words ("two pairs, eights and threes"; "19"), given the
    reader's observation (for the rules in force); "" to say nothing."""
    groups: Callable[[Mapping[str, Any], Sequence[Action]], list[ChoiceGroup]] = _no_groups
    """The legal actions offered together as one choice each (:class:`ChoiceGroup`)."""


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
    return _GENERIC if where is None else _loaded(where)


@functools.lru_cache(maxsize=None)
def _loaded(where: str) -> Renderer:
    """The renderer ``where`` names (a registry entry's ``text``), imported once: a seat to act
    at a table with a high limit has a thousand actions to label."""
    return cast(Renderer, load(where))


def observation_lines(game_name: str, observation: Mapping[str, Any]) -> list[str]:
    """What an observation shows its seat, as lines: the game's renderer (its registry
    entry's ``text``), or one ``key: value`` line per key (cards, under keys naming cards
    or hands, as cards).

    >>> observation_lines("whist", {"seat": 1, "hand": [51, 50], "trumps": "hearts"})
    ['seat: 1', 'hand: AS AH', 'trumps: hearts']
    """
    return _renderer(game_name).lines(observation)


def action_label(game_name: str, action: Action, observation: Mapping[str, Any]) -> str:
    """``action`` as a person reads it, for the seat whose ``observation`` is given (the one
    to act): "raise 2 (3 to put in)", "discard 5♥ K♠ and draw 2", "stake 3". The game's
    renderer says it; a game without one, or an action it does not know, reads as its class
    in words and its values (:func:`generic_label`), never as code.

    >>> from pycards.games.vingt_un import Stake
    >>> action_label("vingt_un", Stake(3), {"seat": 0}), action_label("whist", Stake(3), {})
    ('stake 3', 'stake 3')
    """
    return _renderer(game_name).label(action, observation)


def action_labels(game_name: str, actions: Sequence[Action], observation: Mapping[str, Any]) -> list[str]:
    """:func:`action_label` of each of ``actions``, in order, the renderer looked up once (a
    seat to act at a table with a high limit has a thousand actions to label).

    >>> from pycards.games.vingt_un import Stake
    >>> action_labels("vingt_un", [Stake(1), Stake(2)], {"seat": 0})
    ['stake 1', 'stake 2']
    """
    label = _renderer(game_name).label
    return [label(action, observation) for action in actions]


def card_pick(game_name: str, observation: Mapping[str, Any], legal: Sequence[Action]) -> Optional[CardPick]:
    """The legal actions that choose some of the seat's cards (which to throw in the draw),
    as one :class:`CardPick`; ``None`` if there are none, or the game has no picks."""
    pick = _renderer(game_name).pick
    return None if pick is None else pick(observation, legal)


def choice_groups(game_name: str, observation: Mapping[str, Any], legal: Sequence[Action]) -> list[ChoiceGroup]:
    """The legal actions a person is offered together as one choice each, which then asks
    for numbers (:class:`ChoiceGroup`); none for most games."""
    return _renderer(game_name).groups(observation, legal)


def seat_names(game_name: str, observation: Mapping[str, Any]) -> dict[int, str]:
    """What to call seats by their part in the deal the observation shows, as the game's
    renderer says (Vingt-un: ``{1: "the dealer (p1)"}`` once the deal is not for sale);
    ``{}`` for a game without one."""
    return _renderer(game_name).names(observation)
