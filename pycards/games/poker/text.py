"""The poker table as text: :data:`TABLE` for every poker game, :data:`ENGLISH_TABLE` in
the English laws' words ("two knaves"), registered for English Draw Poker and
Progressive Poker.

They read the observation of :meth:`pycards.games.poker.table.PokerTable.observation`,
which every poker game gives: the deal and its phase (a jack-pot's opening pair, a
Progressive table, a fattened pot, straddles), every seat's cards as the reader may
see them (``??`` face down), its stake, counters and flags, the players at other
tables, the pool, what the reader owes and the limit. The dealer is called so until
the session is over.

>>> from pycards.games import new_game
>>> game = new_game("draw_poker", players=3, seed=2)
>>> while game.phase == "straddle":  # nobody straddles
...     _ = game.apply(game.legal_actions()[-1])
>>> print("\\n".join(ENGLISH_TABLE.lines(game.observation(1))))
deal 1: p2 deals; a betting round
  p0: ?? ?? ?? ?? ??  [stake 1, counters 99, in, ante]
  you: 6H 6C 3C 5C AD  [stake 0, counters 100, in, to act]
  the dealer (p2): ?? ?? ?? ?? ??  [stake 0, counters 100, in]
  the pool 1; you owe 1 to make good; the limit 10
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Optional

from pycards.games.engine.actions import Action
from pycards.games.text import (
    CardPick,
    ChoiceGroup,
    Renderer,
    card_symbols,
    cards_text,
    deal_heading,
    dealer_names,
    generic_label,
    known_lines,
    who,
)

__all__ = ["ENGLISH_TABLE", "TABLE"]

_PHASES = {
    "straddle": "the straddles", "bet": "a betting round", "draw": "the draw", "show": "the show",
    "over": "the session is over",
}  # fmt: skip
_OPENING_RANKS = {"J": 9, "Q": 10, "K": 11, "A": 12}


def _no_cards(observation: Mapping[str, Any], seat: int) -> str:
    if seat in observation["live"] and observation["phase"] != "over":
        return "not dealt yet"
    return "no cards"


def _cards(observation: Mapping[str, Any], seat: int) -> str:
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


def _seat(observation: Mapping[str, Any], seat: int, names: Mapping[int, str]) -> str:
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
    holder = who(seat, me, names)
    if seat == observation["dealer"] and seat == me:
        holder += " (the dealer)"
    return f"  {holder}: {_cards(observation, seat)}  [{', '.join(flags)}]"


def _lines(observation: Mapping[str, Any], knave: bool = False) -> list[str]:
    """A poker table (any poker game): the deal, every seat's cards as the reader may see
    them (``??`` face down), stakes, counters, who is in; the pool and what is owed."""
    from pycards.cards import rank_name

    names = _names(observation)
    head = deal_heading(observation) + f"; {_PHASES.get(observation['phase'], observation['phase'])}"
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
            lines.append(_seat(observation, seat, names))
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
    return lines + known_lines(observation)


def _english_lines(observation: Mapping[str, Any]) -> list[str]:
    """The poker table, its jack-pots opened by "two knaves or better"."""
    return _lines(observation, knave=True)


def _names(observation: Mapping[str, Any]) -> dict[int, str]:
    return dealer_names(observation, not_in=("over",))


# --------------------------------------------------------------------------------------
# the actions, the draw and the show in words
# --------------------------------------------------------------------------------------


def _places(mask: int) -> list[int]:
    return [i for i in range(5) if mask >> i & 1]


def _plural(number: int, what: str = "card") -> str:
    return f"{number} {what}{'' if number == 1 else 's'}"


def label(action: Action, observation: Mapping[str, Any]) -> str:
    """A poker action as a player reads it, given his observation (its ``owed``, ``hand``
    and ``balances``; in a record, without them).

    >>> from pycards.games.engine.betting import Call, Raise
    >>> from pycards.games.poker.table import Demand, Discard
    >>> label(Raise(2), {"owed": 2}), label(Call(), {"owed": 2, "seat": 0, "balances": (9,)}), label(Raise(2), {})
    ('raise 2 (4 to put in)', 'call 2', 'raise 2')
    >>> label(Discard(0b10010), {"hand": (0, 14, 20, 44, 51)}), label(Discard(3), {}), label(Discard(0), {})
    ('discard 5♥ A♠ and draw 2', 'discard 2 cards and draw 2', 'stand pat')
    >>> label(Demand(1, 3), {})
    'demand 3 cards for 1 thrown (a deliberate foul hand, law 45)'
    """
    kind = type(action).__name__
    owed = observation.get("owed")
    if kind == "Fold":
        return "fold (throw the hand in)" if owed else "fold"
    if kind == "Check":
        return "check (stay in, staking nothing more)"
    if kind == "Call":
        me, balances = observation.get("seat"), observation.get("balances")
        if isinstance(owed, int) and owed:
            if isinstance(me, int) and balances and 0 <= me < len(balances) and balances[me] < owed:
                return f"call with all you hold, {balances[me]} (you are all in)"
            return f"call {owed}"
        return "call"
    if kind == "Raise":
        by = getattr(action, "by")
        if isinstance(owed, int) and owed:
            return f"raise {by} ({by + owed} to put in)"
        return f"bet {by}" if owed == 0 else f"raise {by}"
    if kind == "Discard":
        mask = getattr(action, "cards")
        if not mask:
            return "stand pat"
        places, hand = _places(mask), observation.get("hand")
        if hand and all(p < len(hand) for p in places):
            return f"discard {card_symbols([hand[p] for p in places])} and draw {len(places)}"
        return f"discard {_plural(len(places))} and draw {len(places)}"
    if kind == "Demand":
        count, discards = getattr(action, "count"), getattr(action, "discards")
        return f"demand {_plural(count)} for {discards} thrown (a deliberate foul hand, law 45)"
    if kind == "Straddle":
        return "straddle (one more ante on the last)" if getattr(action, "straddle") else "do not straddle"
    if kind == "Show":
        return "show your hand"
    if kind == "Conceal":
        return "throw it in unshown (and ante for every other player for another jack)"
    return generic_label(action, observation)


def pick(observation: Mapping[str, Any], legal: Sequence[Action]) -> Optional[CardPick]:
    """The draw's discards as one choice of the cards to throw (``None`` outside the draw).

    >>> from pycards.games.poker.table import Discard
    >>> chosen = pick({"hand": (0, 14, 20, 44, 51)}, [Discard(0), Discard(0b10010)])
    >>> chosen.cards, chosen.by_positions[frozenset({1, 4})]
    ((0, 14, 20, 44, 51), Discard(cards=18))
    """
    hand = tuple(observation.get("hand", ()))
    by_positions = {frozenset(_places(a.cards)): a for a in legal  # type: ignore[attr-defined]
                    if type(a).__name__ == "Discard" and all(p < len(hand) for p in _places(a.cards))}  # type: ignore[attr-defined]  # fmt: skip
    if not by_positions:
        return None
    return CardPick(hand, "the cards to throw", by_positions)


def groups(observation: Mapping[str, Any], legal: Sequence[Action]) -> list[ChoiceGroup]:
    """Law 45's demands of a wrong number of cards, as one choice."""
    demands: dict[tuple[int, ...], Action] = {
        (getattr(a, "discards"), getattr(a, "count")): a for a in legal if type(a).__name__ == "Demand"
    }
    if not demands:
        return []
    return [ChoiceGroup("demand a different number of cards than you throw — a deliberate foul hand, law 45",
                        "how many cards you throw and how many you ask for (such as 2 3)", demands)]  # fmt: skip


def words(cards: Sequence[Optional[int]], observation: Mapping[str, Any]) -> str:
    """What a poker hand shown makes, by the rules of the reader's game (its ``profile``).

    >>> words((4, 5, 24, 25, 44), {"profile": "english"})
    'two pairs, eights and threes, king'
    >>> words((4, 5, 24), {})
    ''
    """
    from pycards.poker import describe

    if len(cards) != 5 or any(c is None for c in cards):
        return ""
    profile = observation.get("profile", "english")
    return describe([c for c in cards if c is not None], profile if isinstance(profile, str) else "english")


TABLE = Renderer(_lines, _names, label, pick, words, groups)
"""A poker table, for any poker game."""
ENGLISH_TABLE = Renderer(_english_lines, _names, label, pick, words, groups)
"""A poker table in the English laws' words: "two knaves or better to open"."""
