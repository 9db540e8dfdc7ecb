"""pokerkit's four-player five-card draw with random legal play: a peer baseline.

The game is a ``pokerkit.State`` built by hand (pokerkit ships no high-hand five-card
draw): a 52-card deck, ``StandardHighHand``, fixed limit, antes of 1, no blinds, stacks of
200, two streets opened by position -- five down cards then a bet round with limit 2, then
the draw followed by a bet round with limit 4 -- at most 4 bets/raises a round. Everything
but the players' decisions is automated, so a decision is one of fold / check-or-call /
complete-bet-or-raise (the fixed amount) in a bet round, or a discard in the draw.

Run ``python benchmarks/pokerkit_draw.py [seconds]`` to print hands/s and decisions/s.
"""

from __future__ import annotations

import random
import sys
import time

import pokerkit as pk

PLAYERS, STACK, ANTE, SMALL_BET, BIG_BET, MAX_RAISES = 4, 200, 1, 2, 4, 4
AUTOMATIONS = tuple(a for a in pk.Automation if a is not pk.Automation.RUNOUT_COUNT_SELECTION)
STREETS = (
    pk.Street(False, (False,) * 5, 0, False, pk.Opening.POSITION, SMALL_BET, MAX_RAISES),
    pk.Street(False, (), 0, True, pk.Opening.POSITION, BIG_BET, MAX_RAISES),  # the draw
)


def new_state(seed_rng: random.Random) -> pk.State:
    """A fresh four-player deal: stacks of 200, antes of 1, fixed-limit bets of 2 (before
    the draw) and 4 (after it), no blinds, tournament mode (one run-out).

    pokerkit shuffles with the module-level ``random``, so the deal is seeded from
    ``seed_rng``: the same ``seed_rng`` state gives the same deck.
    """
    random.seed(seed_rng.getrandbits(64))
    return pk.State(AUTOMATIONS, pk.Deck.STANDARD, (pk.StandardHighHand,), STREETS,
                    pk.BettingStructure.FIXED_LIMIT, True, ANTE, 0, 0, (STACK,) * PLAYERS,
                    PLAYERS, mode=pk.Mode.TOURNAMENT)  # fmt: skip


def random_decision(state: pk.State, rng: random.Random) -> None:
    """Carry out one uniformly chosen legal decision kind for the player to act.

    In the draw the only kind is the discard: a uniformly random subset of the five hole
    cards (each kept or thrown with probability 1/2; the empty subset stands pat). In a bet
    round: fold (only when facing a bet), check/call, or the fixed-limit bet/raise.
    """
    if state.can_stand_pat_or_discard():
        hole = state.hole_cards[state.stand_patter_or_discarder_index]
        bits = rng.getrandbits(len(hole))
        state.stand_pat_or_discard([c for i, c in enumerate(hole) if bits >> i & 1])
        return
    kinds = []
    if state.can_fold():
        kinds.append(state.fold)
    if state.can_check_or_call():
        kinds.append(state.check_or_call)
    if state.can_complete_bet_or_raise_to():
        kinds.append(state.complete_bet_or_raise_to)  # no amount: the fixed limit
    rng.choice(kinds)()


def play_hands(n: int, seed: int = 0) -> tuple[int, int]:
    """Play ``n`` whole hands with random legal play; return ``(hands, decisions)``."""
    rng = random.Random(seed)
    decisions = 0
    for _ in range(n):
        state = new_state(rng)
        while state.status:
            random_decision(state, rng)
            decisions += 1
        assert sum(state.stacks) == PLAYERS * STACK  # chips are conserved
    return n, decisions


def main(seconds: float = 2.0) -> None:
    play_hands(50)  # warm up
    hands = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        h, d = play_hands(100, seed=hands)
        hands, decisions = hands + h, decisions + d
    print(f"pokerkit five-card draw, {PLAYERS} players, random legal play: "
          f"{hands:,} hands, {decisions:,} decisions in {elapsed:.2f} s -> "
          f"{hands / elapsed:,.0f} hands/s, {decisions / elapsed:,.0f} decisions/s "
          f"({decisions / hands:.2f} decisions/hand)")  # fmt: skip


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
