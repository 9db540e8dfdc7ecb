"""How often a deal of English Draw Poker becomes a jack-pot: simulated against exact.

With the built-in policy (:class:`pycards.games.policies.poker.Strength`: a player opens
exactly when his hand holds two knaves or better, and never opens falsely), a deal is
unopened, and the next one a jack-pot (seed ``000_090407a6d9d4a9ee.txt`` law 29), exactly
when no hand dealt holds two knaves or better: its exact chance is
:func:`jackpot_exact.p_no_opener`, computed from the 2,598,960 hands. :func:`simulate`
plays the sessions, and each deal is read from its rewards alone: nobody wins an unopened
deal, so its rewards sum below zero (its antes stay in the pool); a deal that follows an
opened one (or opens a session) is an ordinary deal. The frequency among the ordinary
deals is checked within four standard errors of the exact chance.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from jackpot_exact import p_no_opener

from pycards.games.policies import default_policy
from pycards.games.simulate import simulate

DEALS = 12_000
"""Deals simulated for each table size (the docs give a run of 200,000)."""


def ordinary_deals_unopened(result) -> tuple[int, int]:
    """(ordinary deals, those nobody opened) of a simulation of draw_poker: a deal is
    ordinary when it is its session's first or follows an opened deal; it is unopened when
    its rewards sum below zero (its antes stay in the pool)."""
    sums = result.per_deal.sum(axis=1)
    first = np.r_[True, result.sessions[1:] != result.sessions[:-1]]
    after_opened = np.r_[True, sums[:-1] >= 0]
    ordinary = first | after_opened
    unopened = sums < 0
    return int(ordinary.sum()), int((ordinary & unopened).sum())


@pytest.mark.parametrize("players", [4, 5, 6])
def test_a_deal_becomes_a_jack_pot_as_often_as_no_hand_holds_two_knaves(players: int) -> None:
    result = simulate("draw_poker", default_policy("draw_poker"), deals=DEALS, seed=players, players=players,
                      session_deals=200, counters=10**6)  # fmt: skip
    n, unopened = ordinary_deals_unopened(result)
    p = float(p_no_opener(players, "J"))
    error = math.sqrt(p * (1 - p) / n)
    assert n > DEALS // 2
    assert abs(unopened / n - p) < 4 * error, (players, unopened / n, p, error)
