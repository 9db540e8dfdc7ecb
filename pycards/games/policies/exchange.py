"""The exchange games' built-in policy: exchange toward the best hand, stand when it is good.

:class:`TowardBest` plays every game of the exchange family (Commerce English and
American, the old game and Pool Commerce, My Ship Sails, Thirty-one, Whiskey Poker),
each through a factory of its own that names the game's ranking. It reads what every
exchange game's observation holds (:meth:`pycards.games.engine.exchange_table.ExchangeTable.observation`:
``hand``, ``widow`` face up, ``knowledge``; the game's ``ranking`` or ``profile`` where it
names one) and judges a hand by its *percentile*: the share of all hands of its size the
game's own evaluator ranks below it (every three-card hand, counted once; for five cards,
a fixed sample of 20,000 hands).

Why so: in these games nothing is bet; a turn only trades one card (or a whole hand) for
another, and the show pays the best hand. So each choice is judged by the hand it leaves:

* an exchange whose incoming card is known (a card from a widow face up, the whole widow
  face up) by that hand's percentile;
* one whose incoming card is unknown (ready money, barter, the answer to a barter, a widow
  face down) by the mean percentile over every card the seat has not seen — ready money
  costing a little more than barter, since it costs a stake;
* standing (knocking), or passing, by the hand as it is.

It stands (knocks) once its hand reaches ``stand_at`` percent, or when no exchange is
expected to better it; otherwise it takes the exchange expected to leave the best hand.
Any other decision a game offers (Pool Commerce's horse) takes the first legal action but
a pass, so that it buys the horse it may.

>>> from pycards.games import new_game
>>> game = new_game("commerce", players=4, seed=7, deals=10)
>>> policy = commerce_policy()
>>> while not game.is_over:
...     _ = game.apply(policy(game.observation(game.to_act), game.legal_actions()))
>>> sum(game.payoffs().values()) + game.ledger.balance("pool"), game.deal_number
(0, 10)
"""

from __future__ import annotations

import functools
import itertools
import random
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pycards._messages import shown
from pycards.errors import GameOptionError
from pycards.games.base import Action
from pycards.games.engine.exchange_table import Barter, Buy, Give, Knock, Pass, Stand, Swap, TakeWidow, TurnUp

__all__ = [
    "TowardBest", "american_commerce_policy", "commerce_policy", "my_ship_sails_policy", "old_commerce_policy",
    "thirty_one_policy", "whiskey_poker_policy",
]  # fmt: skip

_SAMPLE = 20_000
"""The five-card hands sampled for a poker ranking's percentiles."""
_BUY_COST = 0.01
"""What ready money's stake is worth against barter, in percentile."""


def _evaluator(ranking: str, size: int) -> Callable[[Sequence[int]], int]:
    if size == 5:
        from pycards.poker import evaluate as poker

        return functools.partial(poker, rules=ranking)
    from pycards.commerce import evaluate as commerce

    return functools.partial(commerce, rules=ranking)


@functools.cache
def _sorted_strengths(ranking: str, size: int) -> tuple[int, ...]:
    """Every hand's strength (three cards), or a fixed sample's (five), sorted."""
    import numpy as np

    if size == 3:
        from pycards.commerce import evaluate_many

        hands = np.array(list(itertools.combinations(range(52), 3)), dtype=np.int32)
        return tuple(sorted(evaluate_many(hands, ranking).tolist()))
    from pycards.poker import evaluate_many as poker_many

    rng = random.Random(0)
    sample = np.array([rng.sample(range(52), 5) for _ in range(_SAMPLE)], dtype=np.int32)
    return tuple(sorted(poker_many(sample, ranking).tolist()))


class TowardBest:
    """Exchange toward the best hand; stand (knock) at ``stand_at`` percent (see the module
    docstring). ``ranking``: the game's evaluator profile where an observation names none;
    ``size``: cards in a hand (3, or 5 for Whiskey Poker's poker hands)."""

    def __init__(self, ranking: str = "english", size: int = 3, stand_at: int = 70) -> None:
        if type(stand_at) is not int or not 0 <= stand_at <= 100:
            raise GameOptionError(f"stand_at must be a whole percentage 0..100, not {shown(stand_at)}")
        self.ranking, self.size, self.stand_at = ranking, size, stand_at

    def __repr__(self) -> str:
        return f"TowardBest({self.ranking!r}, size={self.size}, stand_at={self.stand_at})"

    def __eq__(self, other: object) -> bool:
        return type(other) is TowardBest and repr(other) == repr(self)

    def __hash__(self) -> int:
        return hash(repr(self))

    def __call__(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        ranking = self._ranking(observation)
        hand = [c for c in observation.get("hand", ()) if isinstance(c, int)]
        if len(hand) != self.size:
            return _other(legal)
        worth = _Worth(ranking, self.size, hand, observation)
        now = worth.of(hand)
        exchanges = [(worth.after(action), action) for action in legal if _is_exchange(action)]
        best = max(exchanges, key=lambda pair: pair[0], default=None)
        settle = next((a for a in legal if type(a) in (Stand, Knock)), None)
        keep = next((a for a in legal if type(a) is Pass), None)
        if best is None or now >= self.stand_at / 100 or best[0] <= now:
            choice = settle or keep
            if choice is not None:
                return choice
        if best is not None:
            return best[1]
        return _other(legal)

    def _ranking(self, observation: Mapping[str, Any]) -> str:
        named = observation.get("ranking", observation.get("profile"))
        return named if isinstance(named, str) and named else self.ranking


def _is_exchange(action: Action) -> bool:
    return type(action) in (Buy, Barter, Give, Swap, TakeWidow, TurnUp)


def _other(legal: Sequence[Action]) -> Action:
    """A decision the policy does not judge: the first legal action but a pass."""
    return next((a for a in legal if type(a) is not Pass), legal[0])


class _Worth:
    """What the hands an action may leave are worth to the seat, in percentile."""

    def __init__(self, ranking: str, size: int, hand: list[int], observation: Mapping[str, Any]) -> None:
        self.evaluate = _evaluator(ranking, size)
        self.table = _sorted_strengths(ranking, size)
        self.hand = hand
        self.widow = [c for c in observation.get("widow", ()) if isinstance(c, int)]
        seen: set[int] = set(hand) | set(self.widow)
        for cards in observation.get("knowledge", {}).values():
            seen.update(cards)
        for cards in observation.get("shown", {}).values():
            seen.update(cards)
        self.unseen = [c for c in range(52) if c not in seen]
        self._cache: dict[tuple[int, ...], float] = {}

    def of(self, cards: Sequence[int]) -> float:
        key = tuple(sorted(cards))
        value = self._cache.get(key)
        if value is None:
            value = self._cache[key] = bisect_left(self.table, self.evaluate(list(key))) / len(self.table)
        return value

    def blind(self, out: int) -> float:
        """The mean worth of the hand with ``out`` traded for a card the seat has not seen."""
        rest = [c for c in self.hand if c != out]
        unseen = self.unseen or [out]
        return sum(self.of([*rest, c]) for c in unseen) / len(unseen)

    def after(self, action: Action) -> float:
        kind = type(action)
        if kind is Swap:
            return self.of([*(c for c in self.hand if c != getattr(action, "card")), getattr(action, "take")])
        if kind is TakeWidow:
            return self.of(self.widow) if len(self.widow) == len(self.hand) else 0.5
        if kind is TurnUp:
            return self.of(self.hand)
        value = self.blind(getattr(action, "card"))
        return value - _BUY_COST if kind is Buy else value


def _factory(ranking: str, size: int = 3) -> Callable[..., TowardBest]:
    def policy(stand_at: int = 70) -> TowardBest:
        return TowardBest(ranking, size, stand_at)

    return policy


commerce_policy = _factory("english")
"""English Commerce's policy (the ranking the observation names: English or limited)."""
old_commerce_policy = _factory("english")
"""The old game of Commerce's and Pool Commerce's."""
american_commerce_policy = _factory("american")
"""American Commerce's, with or without a widow."""
my_ship_sails_policy = _factory("ship")
"""My Ship Sails': toward a flush."""
thirty_one_policy = _factory("thirty_one")
"""Thirty-one's: toward a flush of 31, or three of a kind."""
whiskey_poker_policy = _factory("american", 5)
"""Whiskey Poker's: five-card poker hands."""

