"""Vingt-un's table as text (:data:`RENDERER`, registered for ``vingt_un``).

It reads the observation of :meth:`pycards.games.vingt_un.VingtUn.observation`:
each hand with its total (:func:`pycards.vingtun.pack_total`, the game's own
count; "showing" while a card is face down), its stake and flags, the dealer's
hands, the balances, the pool, the offer in a sale and who is out. Seats are
called by their part once the deal is not for sale: "the dealer (p1)".

>>> from pycards.games import new_game
>>> game = new_game("vingt_un", players=3, seed=5)
>>> print("\\n".join(RENDERER.lines(game.observation(0))))
deal 1: p1 deals; the stakes
  p2: ??  [stake 0]
  you: 9H  (9)  [stake 0]
  the dealer (p1): ??
  counters: you 100; p1 100, p2 100
  stock 49 cards, used 0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Optional

from pycards.games.engine.actions import Action
from pycards.games.text import (
    Renderer,
    cards_text,
    deal_heading,
    dealer_names,
    generic_label,
    hand_suffix,
    known_lines,
    say,
    who,
)

__all__ = ["RENDERER"]

_PHASES = {
    "sell": "the deal may be sold", "buy": "the deal is offered for sale", "stake": "the stakes",
    "double": "the dealer may call double", "draw": "the players play their hands",
    "dealer": "the dealer plays", "over": "the session is over",
}  # fmt: skip
_FOR_SALE = ("sell", "buy")
"""The phases in which nobody deals yet: the deal may change hands."""


def _total_text(cards: Sequence[Optional[int]]) -> str:
    from pycards.vingtun import pack_total

    seen = [c for c in cards if c is not None]
    if not seen:
        return ""
    total = pack_total(seen)
    over = ", over-drawn" if total > 21 else ""
    return f"  ({total}{over})" if len(seen) == len(cards) else f"  ({total} showing)"


def _hand(holder: str, index: int, hand: Any, stake: bool = True) -> str:
    label = f"{holder}{hand_suffix(index)}"
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


def _names(observation: Mapping[str, Any]) -> dict[int, str]:
    return dealer_names(observation, not_in=_FOR_SALE)


def _lines(observation: Mapping[str, Any]) -> list[str]:
    """A Vingt-un table: the deal, every hand with its total, the balances, the offer."""
    me = observation["seat"]
    dealer = observation["dealer"]
    names = _names(observation)
    head = deal_heading(observation) + f"; {_PHASES.get(observation['phase'], observation['phase'])}"
    if observation["double"] and observation["phase"] in ("draw", "dealer"):
        head += "; double called"
    lines = [head]
    for seat, hands in observation["hands"].items():
        for index, hand in enumerate(hands):
            lines.append(_hand(who(seat, me, names), index, hand))
    for index, hand in enumerate(observation["dealer_hands"]):
        lines.append(_hand(who(dealer, me, names) + (" (the dealer)" if dealer == me else ""),
                           index, hand, stake=False))  # fmt: skip
    balances = observation["balances"]
    others = ", ".join(f"p{s} {b}" for s, b in enumerate(balances) if s != me)
    lines.append(f"  counters: you {balances[me]}" + (f"; {others}" if others else "")
                 + (f"; the pool {observation['pool']}" if observation.get("pool") else ""))  # fmt: skip
    if observation.get("offer"):
        seller, buyer, price = observation["offer"]
        lines.append(f"  {say(who(seller, me, None), 'offers')} the deal to {who(buyer, me, None)} "
                     f"for {price}")  # fmt: skip
    if observation.get("out"):
        lines.append("  out: " + ", ".join(who(s, me, None) for s in observation["out"]))
    lines.append(f"  stock {observation['stock']} cards, used {observation['used']}")
    lines += known_lines(observation)
    if observation.get("truncated"):
        lines.append("  the last deal was cut short by the bound on decisions")
    return lines


def _label(action: Action, observation: Mapping[str, Any]) -> str:
    """A Vingt-un action as a player reads it, given his observation (in a record, without
    it: the price of a sale is then not said).

    >>> from pycards.games.vingt_un import ACCEPT, CONTENT, DRAW, Divide, Double, SellDeal, Stake
    >>> [_label(a, {"seat": 0}) for a in (Stake(3), DRAW, CONTENT, Double(True), Divide(2), SellDeal(2, 5))]
    ['stake 3', 'draw a card', 'stand (content)', 'call double', 'divide the pair (stake 2)', 'offer the deal to p2 for 5']
    >>> _label(ACCEPT, {"seat": 2, "offer": (0, 2, 5)})
    'buy the deal for 5'
    """
    kind = type(action).__name__
    me = observation.get("seat")
    if kind == "Stake":
        return f"stake {getattr(action, 'amount')}"
    if kind == "Draw":
        return "draw a card"
    if kind == "Content":
        return "stand (content)"
    if kind == "Double":
        return "call double" if getattr(action, "call") else "do not call double"
    if kind == "Divide":
        stake = getattr(action, "stake")
        return f"divide the pair (stake {stake})" if stake else "divide the pair"
    if kind == "SellDeal":
        return f"offer the deal to {who(getattr(action, 'buyer'), me, None)} for {getattr(action, 'price')}"
    if kind == "KeepDeal":
        return "keep the deal"
    offer = observation.get("offer")
    price = f" for {offer[2]}" if isinstance(offer, (tuple, list)) and len(offer) == 3 else ""
    if kind == "AcceptSale":
        return f"buy the deal{price}"
    if kind == "DeclineSale":
        return f"do not buy the deal{price}"
    return generic_label(action, observation)


def _words(cards: Sequence[Optional[int]], observation: Mapping[str, Any]) -> str:
    """A hand shown, by its total (the game's own count): "19", "over-drawn, 24".

    >>> _words((48, 44), {}), _words((32, 36, 16), {}), _words((20, None), {})
    ('21', 'over-drawn, 26', '')
    """
    from pycards.vingtun import pack_total

    if not cards or any(c is None for c in cards):
        return ""
    total = pack_total([c for c in cards if c is not None])
    return f"over-drawn, {total}" if total > 21 else str(total)


RENDERER = Renderer(_lines, _names, _label, None, _words)
"""Vingt-un's observations as lines, and the dealer called so once the deal is not for sale."""
