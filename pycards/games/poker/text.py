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

from collections.abc import Mapping
from typing import Any

from pycards.games.text import Renderer, cards_text, deal_heading, dealer_names, known_lines, who

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


TABLE = Renderer(_lines, _names)
"""A poker table, for any poker game."""
ENGLISH_TABLE = Renderer(_english_lines, _names)
"""A poker table in the English laws' words: "two knaves or better to open"."""
