"""The poker games' built-in policy: open with openers, draw by the exact odds, bet with threes or better.

:class:`Strength` reads the observation every poker game gives
(:meth:`pycards.games.poker.table.PokerTable.observation`: ``phase``,
``hand``, ``owed``, ``live``, ``up``; ``opener`` and ``minimum`` where the game
has them) and judges hands with the game's own ranking, :mod:`pycards.poker`
under the ``profile`` it is given. It plays every poker game of the package:
English Draw Poker (``draw_poker``) and, as they come, Jack Pots, Straight
Poker, Stud Poker and Progressive Poker, each through a factory of its own
(:func:`default_policy`, :func:`jack_pots_policy`...: the game's own profile and
whether it draws, read from its driver class when the factory is called), which
the game's registry entry names (:data:`pycards.games.GAMES`). It draws by the
exact odds of :func:`pycards.odds.best_discard`.

>>> from pycards.games import new_game
>>> game = new_game("draw_poker", players=4, seed=7, deals=20)
>>> policy = Strength()
>>> while not game.is_over:
...     _ = game.apply(policy(game.observation(game.to_act), game.legal_actions()))
>>> sum(game.payoffs().values()) + game.ledger.balances["pool"], game.deal_number
(0, 20)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Optional

from pycards._messages import shown
from pycards.errors import GameOptionError
from pycards.games.base import Action
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.poker.table import Demand, Discard
from pycards.games.policies import preferred
from pycards.poker import PROFILES, Category, category, opens, showing

__all__ = ["Strength", "default_policy", "jack_pots_policy", "progressive_poker_policy",
           "straight_poker_policy", "stud_poker_policy"]  # fmt: skip

KNAVE = 9
"""The rank index of a knave (jack): a pair of them or better opens, or bets without a draw."""
HAND = 5

_MISSING = object()


def _counts(hand: Sequence[int]) -> list[int]:
    counts = [0] * 13
    for card in hand:
        counts[card >> 2] += 1
    return counts


def _category(hand: Sequence[int], profile: str) -> Category:
    """The hand's category; for fewer than five cards (a stud hand still being dealt) the
    groups of equal rank only (no sequence or flush can be made yet)."""
    if len(hand) == HAND:
        return category(hand, profile)
    groups = sorted((n for n in _counts(hand) if n), reverse=True) or [0]
    largest, second = groups[0], groups[1] if len(groups) > 1 else 0
    if largest >= 4:
        return Category.FOURS
    if largest == 3:
        return Category.FULL if second >= 2 else Category.THREES
    if largest == 2:
        return Category.TWO_PAIRS if second == 2 else Category.PAIR
    return Category.NO_PAIR


def _pair_rank(hand: Sequence[int]) -> int:
    """The rank of the highest pair in ``hand`` (-1 without one)."""
    counts = _counts(hand)
    return max((rank for rank in range(13) if counts[rank] >= 2), default=-1)


def _at_least(hand: Sequence[int], minimum: str | int, profile: str) -> bool:
    """Whether ``hand`` is a pair of ``minimum`` or better (:func:`pycards.poker.opens`;
    for fewer than five cards: a better category, or such a pair)."""
    if len(hand) == HAND:
        return opens(hand, minimum, profile)
    kind = _category(hand, profile)
    if kind != Category.PAIR:
        return kind > Category.PAIR
    need = {"J": 9, "Q": 10, "K": 11, "A": 12}.get(minimum, KNAVE) if isinstance(minimum, str) else minimum
    return _pair_rank(hand) >= need


_CACHED_DRAWS = 4096
"""Draw decisions remembered (a seat dealt the same cards again decides at once)."""


def _discard_mask(hand: Sequence[int], profile: str, dead: Sequence[int] = ()) -> int:
    """The draw: which places of ``hand`` to throw (bit 0 the first card), by the exact odds:
    :func:`pycards.odds.best_discard`, the highest expected strength of the final hand
    with ``dead`` (cards the seat sees out of the pack) never drawn."""
    if len(hand) != HAND:
        return 0  # no draw from a hand that is not five cards: stand pat
    seen = tuple(sorted(set(dead) - set(hand)))
    if len(seen) > 52 - 2 * HAND:
        seen = ()  # too few cards would be left to draw five: judge by the full pack
    return _best_mask(tuple(hand), profile, seen)


@functools.lru_cache(maxsize=_CACHED_DRAWS)
def _best_mask(hand: tuple[int, ...], profile: str, dead: tuple[int, ...]) -> int:
    """:func:`pycards.odds.best_discard`'s mask, remembered (each costs a millisecond or two,
    after a table built once per profile in about a second)."""
    from pycards.odds import best_discard

    return best_discard(hand, profile, dead).discard


def _seen_out(observation: Mapping[str, Any]) -> tuple[int, ...]:
    """The cards the seat knows are out of the pack it draws from: every card its
    ``knowledge`` places anywhere but its own hand and the stock (another's card face up
    or shown, a discard it saw). What it was not shown it does not know (docs/rules.md 6.1)."""
    mine = f"hand:{observation.get('seat')}:0"
    seen: set[int] = set()
    for place, cards in (observation.get("knowledge") or {}).items():
        if place not in (mine, "stock"):
            seen.update(c for c in cards if type(c) is int and 0 <= c < 52)
    return tuple(sorted(seen))


def _shown_better(observation: Mapping[str, Any], hand: Sequence[int]) -> bool:
    """Whether a seat still in shows face up, in its up cards alone, more than the one pair
    of ``hand``: a better kind (two pairs, threes, fours) or a higher pair."""
    me = observation.get("seat")
    mine = _pair_rank(hand)
    up = observation.get("up") or {}
    for seat in observation.get("live", ()):
        cards = up.get(seat, ())
        if seat == me or not 1 <= len(cards) <= 4:
            continue
        strength = showing(tuple(cards))
        kind = strength >> 16
        if kind > 1 or (kind == 1 and ((strength >> 12) & 15) - 1 > mine):
            return True
    return False


class Strength:
    """A simple strength-based poker policy (deterministic, stateless and picklable).

    ``profile`` is the ranking (``"english"``, ``"american"`` or
    ``"no_straight_flush"``) used when the observation does not name the game's
    own (the poker drivers' observations do: ``observation["profile"]``); ``draws``
    whether the game has a draw (Draw Poker, Jack Pots) or not (Straight and Stud
    Poker); ``cap`` bounds its raising: it opens, and stays in where it may not
    check, whatever the stakes, but makes any other bet or raise only while the
    highest stake of the deal, after it, stays within ``cap`` times the limit
    (two strong hands would otherwise raise each other until one is all in).
    The rules, in order:

    * **Straddle**: never (``Straddle(False)``).
    * **Opening** (a draw game's first round while nobody has opened: the
      observation's ``opener`` is None; a game without that key: ``Check()`` is
      legal before the draw): with a hand that
      ``opens(hand, minimum or "J", profile)``, the smallest legal ``Raise``
      (``Call``, then ``Check``, if it may not raise); without, ``Check()`` if
      legal, else ``Fold()``.
    * **Betting otherwise.** A *raise hand* is threes or better; a *bet hand*
      is the same in a draw game, a pair of jacks or better in a game without a
      draw; a *call hand* is any pair or better, but in a game without a draw a
      one-pair hand facing a bet is no call hand when a seat still in shows more
      face up (:func:`pycards.poker.showing` of its up cards: a better kind, or
      a higher pair). Owing something: a raise hand raises by the smallest
      legal ``Raise`` within the cap (else calls), a call hand calls, any other
      folds. Owing nothing: a bet hand bets the smallest ``Raise`` within the
      cap (else checks, or stays in as a call hand); a call hand checks, or
      where it may not check (an American jack pot after the draw: passing
      would retire it) bets the smallest ``Raise``; any other checks, else folds.
    * **The draw**: by the exact odds. Of the 32 ways to throw, the one whose
      final hand has the highest expected strength under the game's profile
      (:func:`pycards.odds.best_discard`: the exact mean over every draw from
      the unseen cards; equal expectations: the fewest cards thrown, then the
      lowest mask). The unseen cards are the pack less its own hand and the
      cards it sees in other hands (face up or shown); cards thrown face down
      are seen by nobody, so they count as unseen. Deterministic; each decision
      costs a millisecond or two (the first of a profile about a second more, for
      its tables), and is remembered for the same hand, profile and cards seen.
      It never chooses ``Demand`` (a foul demand).
    * Any other decision (a game's own phase): the first legal action.

    Whatever it chooses is a member of ``legal``: a chosen action that is not
    falls back to ``Check()``, ``Call()``, ``Fold()``, then ``legal[0]``.

    >>> from pycards.cards import parse
    >>> legal = [Fold(), Call(), Raise(1), Raise(2)]
    >>> seen = {"phase": "bet", "owed": 1, "opener": None, "minimum": None}
    >>> Strength()({**seen, "hand": parse("JH JS 2C 3D 5H")}, legal)
    Raise(by=1)
    >>> Strength()({**seen, "hand": parse("10H 10S AC KD QH")}, legal)
    Fold()
    >>> Strength()({"phase": "draw", "hand": parse("9H 2C 9S KD 4H")}, [Discard(m) for m in range(32)])
    Discard(cards=26)
    >>> Strength()({"phase": "draw", "hand": parse("7C 7D 7H 7S 2C")}, [Discard(m) for m in range(32)])
    Discard(cards=16)
    """

    games = frozenset({"draw_poker", "jack_pots", "straight_poker", "stud_poker", "progressive_poker"})
    """The games this policy plays (:func:`~pycards.games.policies.check_plays`): the poker family."""

    def __init__(self, profile: str = "english", draws: bool = True, cap: int = 3) -> None:
        if type(profile) is not str or profile not in PROFILES:
            raise GameOptionError(f"Strength's profile must be one of {', '.join(map(repr, PROFILES))}, "
                                  f"not {shown(profile)}")  # fmt: skip
        if type(draws) is not bool:
            raise GameOptionError(f"Strength's draws must be True or False, not {shown(draws)}")
        if type(cap) is not int or not 1 <= cap <= 1000:
            raise GameOptionError(f"Strength's cap must be an int from 1 to 1000 (limits), not {shown(cap)}")
        self.profile, self.draws, self.cap = profile, draws, cap

    def __repr__(self) -> str:
        return f"Strength(profile={self.profile!r}, draws={self.draws}, cap={self.cap})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Strength):
            return NotImplemented
        return (self.profile, self.draws, self.cap) == (other.profile, other.draws, other.cap)

    def __hash__(self) -> int:
        return hash((Strength, self.profile, self.draws, self.cap))

    def __call__(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        kinds = {type(a) for a in legal}
        if Discard in kinds:
            hand = observation["hand"]
            choice: Optional[Action] = Discard(_discard_mask(hand, self._profile(observation), _seen_out(observation)))
        elif kinds & {Fold, Check, Call, Raise}:
            choice = self._bet(observation, legal)
        else:
            choice = next((a for a in legal if type(a).__name__ == "Straddle" and getattr(a, "straddle") is False),
                          None)  # never straddle; any other phase of a game's own: the first legal action
        return _legal(choice, legal)

    def _profile(self, observation: Mapping[str, Any]) -> str:
        """The game's own profile where the observation names it, else ``profile``."""
        profile = observation.get("profile")
        return profile if profile in PROFILES else self.profile

    def _bet(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        hand = tuple(observation["hand"])
        owed = observation.get("owed", 0)
        profile = self._profile(observation)
        raises = [a for a in legal if isinstance(a, Raise)]
        least = min(raises, key=lambda a: a.by) if raises else None
        opener = observation.get("opener", _MISSING)
        drawn = observation.get("drawn", ())
        before_draw = all(d == -1 for d in drawn)
        if self.draws and (opener is None or (opener is _MISSING and before_draw and Check() in legal)):
            if _at_least(hand, observation.get("minimum") or "J", profile):
                return _first(legal, least, Call(), Check())
            return _first(legal, Check())
        stakes = observation.get("stakes") or (0,)
        limit = observation.get("limit", 0)
        capped = least if least is not None and max(stakes) + least.by <= self.cap * limit else None
        kind = _category(hand, profile)
        raise_hand = kind >= Category.THREES
        bet_hand = raise_hand if self.draws else _at_least(hand, "J", profile)
        call_hand = kind >= Category.PAIR
        if owed > 0:
            if not self.draws and kind == Category.PAIR and _shown_better(observation, hand):
                call_hand = False
            if raise_hand:
                return _first(legal, capped, Call())
            return _first(legal, Call()) if call_hand else Fold()
        if bet_hand and capped is not None:
            return _first(legal, capped)
        if call_hand or bet_hand:
            return _first(legal, Check(), Call(), least)
        return _first(legal, Check())


_first = functools.partial(preferred, default=Fold())
"""The first of some choices that is legal, else ``Fold()``."""


def _legal(choice: Optional[Action], legal: Sequence[Action]) -> Action:
    """``choice`` if legal, else ``Check()``, ``Call()``, ``Fold()``, then the first legal
    action (never a ``Demand``, unless it is all there is)."""
    return preferred(legal, None if type(choice) is Demand else choice, Check(), Call(), Fold(),
                     default=next((a for a in legal if type(a) is not Demand), legal[0]))


def _for_game(game: str, options: Mapping[str, Any]) -> Strength:
    """The policy for ``game``: ``Strength`` with its ``profile`` (the game's default unless
    the option ``profile=`` names one; ``None``: the game's) and whether the game draws (its
    driver's ``DRAWS``)."""
    unknown = [key for key in options if key not in ("profile", "cap")]
    if unknown:
        raise GameOptionError(f"unknown {game} policy option {shown(unknown[0])}; the options are 'profile' "
                              "and 'cap'")  # fmt: skip
    from pycards.games import game_class

    cls = game_class(game)
    defaults = {field.name: field.default for field in cls.Options.describe()}
    profile = options.get("profile")
    if profile is None:
        profile = defaults.get("profile", "english")
    return Strength(profile, bool(getattr(cls, "DRAWS", True)), options.get("cap", 3))


def default_policy(**options: Any) -> Strength:
    """English Draw Poker's policy: ``Strength(profile, cap=cap)``, the profile ``"english"``
    and the cap 3 unless given.

    >>> default_policy()
    Strength(profile='english', draws=True, cap=3)
    >>> default_policy(profile="american", cap=1)
    Strength(profile='american', draws=True, cap=1)
    """
    return _for_game("draw_poker", options)


def jack_pots_policy(**options: Any) -> Strength:
    """Jack Pots' policy: ``Strength`` with the game's profile (or ``profile=``)."""
    return _for_game("jack_pots", options)


def straight_poker_policy(**options: Any) -> Strength:
    """Straight Poker's policy: ``Strength`` without a draw, with the game's profile."""
    return _for_game("straight_poker", options)


def stud_poker_policy(**options: Any) -> Strength:
    """Stud Poker's policy: ``Strength`` without a draw, with the game's profile."""
    return _for_game("stud_poker", options)


def progressive_poker_policy(**options: Any) -> Strength:
    """Progressive Poker's policy: ``Strength`` with the game's profile (or ``profile=``)."""
    return _for_game("progressive_poker", options)

