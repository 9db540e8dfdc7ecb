"""Vingt-un hands: totals, naturals, and what each hand wins or pays.

docs/rules.md section 4, from the Vingt-un texts of seeds ``000_090407a6d9d4a9ee.txt``
and ``002_93c3d51ac699f33f.txt``. An ace counts one or eleven at the holder's
option, a court card ten, any other card its pips; the total of a hand is the
best one not over 21, and a hand over 21 has over-drawn (every ace then counts
one). A *natural* is an ace and a ten-count card as the first two cards of an
undivided hand; 21 reached any other way is a *drawn* vingt-un. Decision where
the texts are silent: a hand formed by dividing a pair cannot hold a natural.

>>> total("4H 9C 7D")     # seed 002: "a 4, and then a 9, making 13 ... a 7, making his total 20"
20
>>> is_natural("AS KH"), is_natural("AS KH", divided=True), is_natural("AS 5H 5C")
(True, False, False)
>>> settle(dealer="10S 7D", player="AS KH", stake=3)   # a natural is paid double
6
"""

from __future__ import annotations

from pycards._vingtun import pack_total, total, totals_many
from pycards._integers import integer
from pycards._messages import shown
from pycards.cards import Hand, parse
from pycards.errors import HandSizeError, WrongTypeError
from pycards.settlement import MAX_COUNTERS

__all__ = [
    "DRAWN",
    "NATURAL",
    "OVER_DRAWN",
    "describe",
    "evaluate",
    "is_natural",
    "is_over_drawn",
    "is_soft",
    "pack_total",
    "settle",
    "settle_strengths",
    "total",
    "totals_many",
]

OVER_DRAWN = 0
"""``evaluate`` of an over-drawn hand: below every standing total."""
DRAWN = 21
"""``evaluate`` of a drawn vingt-un (21 not a natural)."""
NATURAL = 22
"""``evaluate`` of a natural: the best hand."""

_ACE = 12


def _ids(hand: Hand) -> tuple[int, ...]:
    """The hand's card ids; a hand holds at least one card (as :func:`total` requires)."""
    ids = parse(hand)
    if not ids:
        raise HandSizeError(f"a Vingt-un hand holds at least one card, got none: {shown(hand)}")
    return ids


def _divided(flag: object, name: str = "divided") -> bool:
    """``flag`` when it is exactly True or False: a truth test would read ``"no"`` as True."""
    if flag is True or flag is False:
        return flag
    raise WrongTypeError(f"{name} must be True or False, not {shown(flag)}")


def is_over_drawn(hand: Hand) -> bool:
    """Whether the hand is over 21 with every ace counted one."""
    return total(hand) > 21


def is_soft(hand: Hand) -> bool:
    """Whether the total counts an ace as eleven (another card cannot over-draw it).

    >>> is_soft("AS 6D"), is_soft("AS 6D 9C"), is_soft("10S 6D")
    (True, False, False)
    """
    ids = _ids(hand)
    hard = sum(1 if c >> 2 == _ACE else min((c >> 2) + 2, 10) for c in ids)
    return any(c >> 2 == _ACE for c in ids) and hard + 10 <= 21


def is_natural(hand: Hand, divided: bool = False) -> bool:
    """Whether the hand is a natural vingt-un: exactly an ace and a ten-count card.

    "If either of the players other than the dealer should receive a natural
    Vingt-un" (seed 002): the first two cards of an undivided hand. A hand made
    by dividing a pair is never a natural (docs/rules.md section 4 decision).
    """
    ids = _ids(hand)
    return not _divided(divided) and len(ids) == 2 and total(ids) == 21


def evaluate(hand: Hand, divided: bool = False) -> int:
    """Strength of a hand: over-drawn (0) < any total < drawn vingt-un (21) < natural (22).

    >>> [evaluate(h) for h in ("10S 9D 5C", "10S 9D", "10S 9D 2C", "AC QH")]
    [0, 19, 21, 22]
    """
    return _strength(_ids(hand), _divided(divided))


def _strength(cards: list[int] | tuple[int, ...], divided: object) -> int:
    """:func:`evaluate` of card ids already checked, from one pack or two (repeats allowed):
    the one place the rule is written, for the evaluator and the Vingt-un driver's hands."""
    t = pack_total(cards)
    if t > 21:
        return OVER_DRAWN
    if t == 21 and len(cards) == 2 and not divided:
        return NATURAL
    return t


def describe(hand: Hand, divided: bool = False) -> str:
    """The hand in words.

    >>> describe("AC QH"), describe("7C 7H 7S"), describe("AS 6D"), describe("10S 9D 5C")
    ('natural vingt-un', 'drawn vingt-un', 'soft 17', 'over-drawn, 24')
    """
    ids = _ids(hand)  # read once: ``hand`` may be an iterator
    strength = _strength(ids, _divided(divided))
    if strength == NATURAL:
        return "natural vingt-un"
    if strength == OVER_DRAWN:
        return f"over-drawn, {total(ids)}"
    if strength == DRAWN:
        return "drawn vingt-un"
    return f"soft {strength}" if is_soft(ids) else str(strength)


def settle(
    dealer: Hand,
    player: Hand,
    stake: int,
    player_divided: bool = False,
    dealer_divided: bool = False,
) -> int:
    """The player's signed result for one hand against the dealer's final hand.

    The settlement table of docs/rules.md section 4 (seeds 000 and 002), for a stake
    ``s`` (pass the doubled stake when the dealer called "double"); rows in
    the order the table applies them:

    ======================  ==========================  ======
    dealer                  player                      result
    ======================  ==========================  ======
    any                     over-drawn (paid at once)   -s
    natural                 natural                     0
    natural                 anything else               -2s
    not natural             natural                     +2s
    over-drawn              drawn vingt-un              +2s
    over-drawn              standing under 21           +s
    drawn vingt-un          drawn vingt-un              -s
    drawn vingt-un          standing under 21           -2s
    standing under 21       drawn vingt-un              +2s
    standing t              standing u                  +s if u > t, else -s
    ======================  ==========================  ======

    >>> settle("10S 8D", "9C 8H 4S", 2), settle("10S 8D", "9C 9H", 2)
    (4, -2)
    """
    dealer_strength = evaluate(dealer, _divided(dealer_divided, "dealer_divided"))
    return settle_strengths(dealer_strength, evaluate(player, _divided(player_divided, "player_divided")), stake)


def settle_strengths(dealer: int, player: int, stake: int) -> int:
    """:func:`settle` for hands already evaluated (``evaluate`` strengths), as drivers hold them.

    >>> settle_strengths(DRAWN, DRAWN, 3), settle_strengths(OVER_DRAWN, 17, 3)
    (-3, 3)
    """
    for name, strength in (("dealer", dealer), ("player", player)):
        if isinstance(strength, bool) or not isinstance(strength, int):
            raise WrongTypeError(f"the {name}'s strength is an int from evaluate(), not {shown(strength)}")
        if not OVER_DRAWN <= strength <= NATURAL:
            raise ValueError(f"the {name}'s strength {shown(strength)} is not an evaluate() strength")
    amount = integer(stake)
    if amount is None:
        raise WrongTypeError(f"a stake is a whole number of counters, not {shown(stake)}")
    stake = amount
    if stake < 0:
        raise ValueError(f"a stake cannot be negative: {shown(stake)}")
    if stake > MAX_COUNTERS // 2:
        raise ValueError(f"a stake is at most {MAX_COUNTERS // 2} counters (twice it may be paid), not {shown(stake)}")
    return _settled(dealer, player, stake)


def _settled(dealer: int, player: int, stake: int) -> int:
    """The settlement table itself, for values already known to be good (the Vingt-un
    driver's own strengths and stakes): :func:`settle_strengths` without its checks.

    >>> _settled(NATURAL, 20, 2)
    -4
    """
    if player == OVER_DRAWN:
        return -stake
    if dealer == NATURAL:
        return 0 if player == NATURAL else -2 * stake
    if player == NATURAL:
        return 2 * stake
    if dealer == OVER_DRAWN:
        return 2 * stake if player == DRAWN else stake
    if dealer == DRAWN:
        return -stake if player == DRAWN else -2 * stake
    if player == DRAWN:
        return 2 * stake
    return stake if player > dealer else -stake
