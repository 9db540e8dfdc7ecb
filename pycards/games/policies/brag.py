"""The Brag games' built-in policy: ante small, bet by the hand's strength, draw towards 31.

:class:`BragStrength` plays the three Brag games of the package (single-stake
``brag``, ``american_brag`` and ``three_stake_brag``), each through a factory of its
own (:func:`default_policy`, :func:`american_brag_policy`,
:func:`three_stake_brag_policy`), which the game's registry entry names, with the
options :data:`BRAG_POLICY_OPTIONS` or :data:`THREE_STAKE_BRAG_POLICY_OPTIONS`
declare. It reads the observation every Brag game gives
(:meth:`pycards.games.engine.betting_table.BettingTable.observation`: ``hand``,
``owed``, ``live``, ``stakes``, ``pool``, ``limit``, ``seat``, ``dealer``; the
game's ``braggers``, ``dealer_ante``; Three-stake's ``totals`` and ``drawers``) and
judges a hand by the game's own order, :func:`pycards.brag.evaluate` under the
braggers the observation names.

Why so: a Brag hand is three cards and nothing is drawn to it, so its worth is known
at once and exactly: the share of all 22,100 three-card hands it beats (its
*percentile*). Against ``k`` others still in, a hand of percentile ``p`` is taken
to win with chance ``p ** k`` (each of them holding a hand of the pack, at random),
and meeting a stake is worth it when that chance pays the counters owed out of the
pool they would win (pot odds). Only the best hands (triplets, and at English Brag a
high pair too) raise, and only up to a cap, so that two strong hands do not raise
each other until one is all in. American Brag settles a seen raise by a private
comparison with the raiser, who (having raised) is counted as the better of two
hands: calling it wants a stronger hand. Three-stake Brag's third pool is a race to
31 with every hand face up, so the draw is judged from the totals on the table.

>>> from pycards.games import new_game
>>> game = new_game("brag", players=4, seed=7, deals=10)
>>> policy = BragStrength()
>>> while not game.is_over:
...     _ = game.apply(policy(game.observation(game.to_act), game.legal_actions()))
>>> sum(game.payoffs().values()) + game.ledger.balance("pool"), game.deal_number
(0, 10)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from typing import Any, Optional

from pycards._messages import shown
from pycards.brag import PROFILES, Category, category_floors, classes, evaluate
from pycards.errors import GameOptionError
from pycards.games import GAMES
from pycards.games.base import Action
from pycards.games.brag.single import Ante
from pycards.games.brag.three_stake import Hit, Stand, total
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.options import Field
from pycards.games.policies import preferred

__all__ = ["BRAG_POLICY_OPTIONS", "THREE_STAKE_BRAG_POLICY_OPTIONS", "BragStrength", "american_brag_policy",
           "default_policy", "three_stake_brag_policy"]  # fmt: skip

BRAG_POLICY_OPTIONS: tuple[Field, ...] = GAMES["brag"].policy_options
"""The options of the single-stake and American Brag policies (:func:`default_policy`,
:func:`american_brag_policy`), as their registry entries declare them: ``cap``, the cap on
its raising, in limits, and ``ante_percent``, the dealer's ante as a percentage of the limit
(at least one counter)."""

THREE_STAKE_BRAG_POLICY_OPTIONS: tuple[Field, ...] = GAMES["three_stake_brag"].policy_options
"""The options of the Three-stake Brag policy (:func:`three_stake_brag_policy`), as its
registry entry declares them: ``cap``, the cap on its raising in the second pool, in limits,
and ``hit_below``, the total below which it may draw a card for the third (0: it never draws)."""

TARGET = 31
"""The total Three-stake Brag's third pool is won nearest to, without passing it."""
HIGH_PAIR = (40, 29, 0)
"""The weakest hand holding a pair of queens under the English braggers (queen of clubs,
nine of diamonds, two of clubs: the nine, the lowest bragger, called a queen): the least
high pair, which raises where pairs raise."""
PAIRS_RAISE = frozenset({"english"})
"""The braggers under which a high pair raises; elsewhere (the American braggers, eight of
them, make sets common) only a set does."""
GUARD = 3
"""How much lower the draw stops when its hand is ahead of every other but a player is still
to draw after it (and will draw to beat it): below ``hit_below - GUARD``. Measured over
12,000 deals a seat of the third pool alone (stake 1, three and four players, the others
drawing to 26 when behind): stopping 28/25 gains 0.06 to 0.08 counters a deal over 26/-
(drawing only when behind), 28/28 loses 0.05 to 0.13."""
_MIN_PIP = 2
"""The fewest pips a card adds (a two)."""

_BY_NAME = {field.name: field for field in (*BRAG_POLICY_OPTIONS, *THREE_STAKE_BRAG_POLICY_OPTIONS)}


@functools.lru_cache(maxsize=None)
def _percentiles(profile: str) -> tuple[float, ...]:
    """For each strength :func:`pycards.brag.evaluate` gives under ``profile``, the share of
    all three-card hands it beats, half the hands it ties counting (computed once, in about
    20 ms)."""
    counts = [0] * (classes(profile) + 1)  # the strengths run from 1 to classes(profile)
    for hand in itertools.combinations(range(52), 3):
        counts[evaluate(hand, profile)] += 1
    total = sum(counts)
    shares, below = [], 0
    for count in counts:
        shares.append((below + count / 2) / total)
        below += count
    return tuple(shares)


def _cards(hand: object) -> Optional[tuple[int, ...]]:
    """``hand`` as three distinct card ids, or None if it is not one."""
    if not isinstance(hand, (tuple, list)) or len(hand) != 3:
        return None
    if not all(type(c) is int and 0 <= c < 52 for c in hand) or len(set(hand)) != 3:
        return None
    return tuple(hand)


def _int(value: object, default: int = 0) -> int:
    return value if type(value) is int else default


def _check(name: str, value: object) -> int:
    """``value`` if it is an int within the option ``name``'s declared bounds, else a
    GameOptionError naming it."""
    field = _BY_NAME[name]
    if type(value) is not int or not field.low <= value <= field.high:  # type: ignore[operator]
        raise GameOptionError(f"BragStrength's {name} must be an int from {field.low} to {field.high}, "
                              f"not {shown(value)}")  # fmt: skip
    return value


class BragStrength:
    """A strength-based Brag policy (deterministic, stateless and picklable).

    ``profile`` is the braggers (``"english"`` or ``"american"``) used when the
    observation names none (the Brag games' observations do: ``braggers``); ``cap``
    bounds its raising: it raises only while the highest stake of the deal, after the
    raise, stays within ``cap`` times the limit; ``ante_percent`` is the dealer's
    ante, that percentage of the limit (rounded down, at least one counter, at most
    what is legal); ``hit_below`` the total below which it may draw in Three-stake
    Brag's third pool. The rules, in order:

    * **The ante** (the dealer's ``Ante``, before the cards): ``ante_percent`` of the
      limit, at least 1, the largest legal ante if that is more.
    * **Betting.** The hand's *percentile* is the share of all three-card hands it
      beats (ties counting half); with ``k`` others still in, its chance to win is
      taken as ``percentile ** k``. A *raise hand* is triplets, or (under the English
      braggers) a pair of queens or better. A raise hand raises by the most it may
      within the cap (else calls, or checks; it never folds). Owing nothing, any
      other hand checks (and folds only where it may not check). Owing something, any
      other hand meets the stake while the chance pays for it: ``chance * (pool +
      owed) >= owed`` (the counters owed are small beside the pool they may win); else
      it folds. At
      American Brag a call of a raise (by a player other than the dealer, and not
      the dealer's call) is a private comparison with the raiser, whose hand counts
      as two: the chance is ``percentile ** (k + 1)``.
    * **The draw** (Three-stake Brag's third pool, the drawing variant; every hand is
      face up): at 30 or more it stands (any card would pass 31). It is *behind* when
      another hand not past 31 beats its total (more pips, or as many and the elder):
      then it hits while below ``hit_below``. Ahead of every hand, it hits while below
      ``hit_below - 3`` if a player is still to draw after it (who will draw to beat
      it: :data:`GUARD`); otherwise it stands.
    * Any other decision: the first legal action.

    Whatever it chooses is a member of ``legal``: a chosen action that is not falls
    back to ``Check()``, ``Call()``, ``Fold()``, ``Stand()``, then ``legal[0]``.

    >>> from pycards.cards import parse
    >>> legal = [Fold(), Call(), *[Raise(n) for n in range(1, 11)]]
    >>> seen = {"owed": 1, "pool": 1, "live": (1, 2, 3, 0), "seat": 1, "stakes": (1, 0, 0, 0),
    ...         "limit": 10, "braggers": "english"}
    >>> BragStrength()({**seen, "hand": parse("AS AH AC")}, legal)
    Raise(by=10)
    >>> BragStrength()({**seen, "hand": parse("7S 5H 2C"), "owed": 30, "pool": 40}, legal)
    Fold()
    >>> BragStrength()({"seat": 0, "totals": (12, 25, 18), "drawers": (0,), "dealer": 2}, [Hit(), Stand()])
    Hit()
    """

    games = frozenset({"brag", "american_brag", "three_stake_brag"})
    """The games this policy plays (:func:`~pycards.games.policies.check_plays`): the Brag family."""

    def __init__(self, profile: str = "english", cap: int = 3, ante_percent: int = 10,
                 hit_below: int = 28) -> None:  # fmt: skip
        if type(profile) is not str or profile not in PROFILES:
            raise GameOptionError(f"BragStrength's profile must be one of {', '.join(map(repr, PROFILES))}, "
                                  f"not {shown(profile)}")  # fmt: skip
        self.profile = profile
        self.cap = _check("cap", cap)
        self.ante_percent = _check("ante_percent", ante_percent)
        self.hit_below = _check("hit_below", hit_below)

    def _key(self) -> tuple[str, int, int, int]:
        return self.profile, self.cap, self.ante_percent, self.hit_below

    def __repr__(self) -> str:
        return (f"BragStrength(profile={self.profile!r}, cap={self.cap}, ante_percent={self.ante_percent}, "
                f"hit_below={self.hit_below})")  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BragStrength):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((BragStrength, *self._key()))

    def __call__(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        kinds = {type(a) for a in legal}
        choice: Optional[Action]
        if Ante in kinds:
            choice = self._ante(observation, legal)
        elif Hit in kinds:
            choice = self._draw(observation)
        elif kinds & {Fold, Check, Call, Raise}:
            choice = self._bet(observation, legal)
        else:
            choice = None
        return _legal(choice, legal)

    # -- the ante --------------------------------------------------------------------------------

    def _ante(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """``ante_percent`` of the limit, at least 1; the largest legal ante if less."""
        amounts = sorted(a.amount for a in legal if type(a) is Ante)
        want = max(1, _int(observation.get("limit"), 1) * self.ante_percent // 100)
        return Ante(max((a for a in amounts if a <= want), default=amounts[0]))

    # -- betting ---------------------------------------------------------------------------------

    def _profile(self, observation: Mapping[str, Any]) -> str:
        """The game's own braggers where the observation names them, else ``profile``."""
        profile = observation.get("braggers")
        return profile if type(profile) is str and profile in PROFILES else self.profile

    def percentile(self, hand: Sequence[int], profile: Optional[str] = None) -> float:
        """The share of all three-card hands ``hand`` beats (ties count half) under
        ``profile`` (by default the policy's own); 0.0 for anything but three distinct cards.

        >>> from pycards.cards import parse
        >>> [round(BragStrength().percentile(parse(h)), 3) for h in ("AS AH AC", "QS QH 2C", "7S 5H 2C")]
        [1.0, 0.91, 0.039]
        """
        profile = self.profile if profile is None else profile
        if type(profile) is not str or profile not in PROFILES:
            raise GameOptionError(f"no braggers {shown(profile)}; expected one of {', '.join(map(repr, PROFILES))}")
        cards = _cards(hand)
        return 0.0 if cards is None else _percentiles(profile)[evaluate(cards, profile)]

    def _raise_hand(self, cards: Optional[tuple[int, ...]], profile: str) -> bool:
        """Triplets; under the English braggers, a pair of queens or better too."""
        if cards is None:
            return False
        strength = evaluate(cards, profile)
        if strength >= category_floors(profile)[Category.TRIPLETS]:
            return True
        return profile in PAIRS_RAISE and strength >= evaluate(HIGH_PAIR, profile)

    def _bet(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        profile = self._profile(observation)
        cards = _cards(observation.get("hand"))
        me = observation.get("seat")
        owed = _int(observation.get("owed"))
        pool = _int(observation.get("pool"))
        limit = _int(observation.get("limit"), 1)
        stakes = [s for s in observation.get("stakes") or () if type(s) is int] or [0]
        others = [s for s in observation.get("live") or () if s != me]
        room = self.cap * limit - max(stakes)
        raises = [a.by for a in legal if type(a) is Raise]
        raise_by = max((by for by in raises if by <= room), default=0)
        if self._raise_hand(cards, profile):  # never folds: past the cap, the least raise if it must
            return _first(legal, Raise(raise_by) if raise_by else None, Call(), Check(),
                          Raise(min(raises)) if raises else None)  # fmt: skip
        if owed <= 0:
            return _first(legal, Check(), Call())
        if cards is None:
            return Fold()
        rivals = max(1, len(others))
        if profile == "american" and self._raiser(observation, others, stakes) is not None:
            rivals += 1  # a seen raise: a private comparison with the raiser, counted as two hands
        chance = self.percentile(cards, profile) ** rivals
        return Call() if chance * (pool + owed) >= owed else Fold()

    @staticmethod
    def _raiser(observation: Mapping[str, Any], others: Sequence[Any], stakes: Sequence[int]) -> Optional[int]:
        """At American Brag, the player ``seat`` would exchange hands with by calling: the
        observation's ``bragger``, once the dealer's ante has been raised; None for the dealer
        (his call brings the show), or when there is none."""
        me, dealer, ante = observation.get("seat"), observation.get("dealer"), observation.get("dealer_ante")
        bragger = observation.get("bragger")
        if me == dealer or type(ante) is not int or max(stakes) <= ante or bragger not in others:
            return None
        return bragger if type(bragger) is int else None

    # -- the draw --------------------------------------------------------------------------------

    def _draw(self, observation: Mapping[str, Any]) -> Action:
        """Hit or stand for the third pool (see the class docstring)."""
        me = observation.get("seat")
        totals = [t if type(t) is int else -1 for t in observation.get("totals") or ()]
        cards = observation.get("hand") or ()
        mine = totals[me] if type(me) is int and 0 <= me < len(totals) and totals[me] >= 0 else \
            total([c for c in cards if type(c) is int and 0 <= c < 52])  # fmt: skip
        if mine + _MIN_PIP > TARGET or mine >= self.hit_below:
            return Stand()  # any card would pass 31, or the total is high enough
        players = len(totals)
        dealer = observation.get("dealer")
        order = [(dealer + 1 + i) % players for i in range(players)] if type(dealer) is int and players else []

        def elder(seat: int) -> bool:
            return seat in order and me in order and order.index(seat) < order.index(me)

        rivals = [(s, t) for s, t in enumerate(totals) if s != me and 0 <= t <= TARGET]
        behind = any(t > mine or (t == mine and elder(s)) for s, t in rivals)
        later = any(s != me for s in observation.get("drawers") or ())
        return Hit() if behind or (later and mine < self.hit_below - GUARD) else Stand()


_first = functools.partial(preferred, default=Fold())
"""The first of some choices that is legal, else ``Fold()``."""


def _legal(choice: Optional[Action], legal: Sequence[Action]) -> Action:
    """``choice`` if legal, else ``Check()``, ``Call()``, ``Fold()``, ``Stand()``, then the
    first legal action."""
    return preferred(legal, choice, Check(), Call(), Fold(), Stand())


def _for_game(game: str, names: Sequence[str], options: Mapping[str, Any]) -> BragStrength:
    """The policy for ``game``: ``BragStrength`` with the game's braggers (its driver's
    ``PROFILE``) and ``options``, each one of ``names``."""
    for key in options:
        if key not in names:
            raise GameOptionError(f"unknown {game} policy option {shown(key)}; the options are "
                                  f"{' and '.join(map(repr, names))}")  # fmt: skip
    from pycards.games import game_class

    profile = getattr(game_class(game), "PROFILE", "english")
    return BragStrength(profile, **options)


def default_policy(**options: Any) -> BragStrength:
    """Single-stake Brag's policy: ``BragStrength`` under the English braggers, its options
    :data:`BRAG_POLICY_OPTIONS` (``cap`` 3, ``ante_percent`` 10 unless given).

    >>> default_policy()
    BragStrength(profile='english', cap=3, ante_percent=10, hit_below=28)
    >>> default_policy(cap=1, ante_percent=50)
    BragStrength(profile='english', cap=1, ante_percent=50, hit_below=28)
    """
    return _for_game("brag", [f.name for f in BRAG_POLICY_OPTIONS], options)


def american_brag_policy(**options: Any) -> BragStrength:
    """American Brag's policy: ``BragStrength`` under the American braggers, its options
    :data:`BRAG_POLICY_OPTIONS`.

    >>> american_brag_policy(cap=2)
    BragStrength(profile='american', cap=2, ante_percent=10, hit_below=28)
    """
    return _for_game("american_brag", [f.name for f in BRAG_POLICY_OPTIONS], options)


def three_stake_brag_policy(**options: Any) -> BragStrength:
    """Three-stake Brag's policy: ``BragStrength`` under the English braggers, its options
    :data:`THREE_STAKE_BRAG_POLICY_OPTIONS` (``cap`` 3, ``hit_below`` 28 unless given).

    >>> three_stake_brag_policy(hit_below=24)
    BragStrength(profile='english', cap=3, ante_percent=10, hit_below=24)
    """
    return _for_game("three_stake_brag", [f.name for f in THREE_STAKE_BRAG_POLICY_OPTIONS], options)
