"""Monte Carlo simulation of a game with policies at every seat.

Rounds are played in blocks of ``block`` rounds, each block a game of its own
seeded from ``(seed, block number)``, so the result is the same however the
blocks are spread over an executor's workers, or over none.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from pycards.games.policies import Policy

__all__ = ["Estimate", "SimulationResult", "play_block", "simulate"]

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A mean per round with its 95% confidence interval (normal, over blocks)."""

    mean: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.mean:+.4f} [{self.low:+.4f}, {self.high:+.4f}]"


@dataclass(frozen=True)
class SimulationResult:
    """Per-seat results per round, and the same for whoever held the deal."""

    game: str
    rounds: int
    seats: tuple[Estimate, ...]
    as_dealer: Estimate
    as_player: Estimate
    totals: tuple[int, ...]

    def table(self) -> str:
        """The results as a markdown table."""
        lines = [
            f"{self.game}: {self.rounds} rounds, counters won per round (95% interval)",
            "",
            "| seat | mean per round | total |",
            "|---|---:|---:|",
        ]
        for seat, (estimate, total) in enumerate(zip(self.seats, self.totals)):
            lines.append(f"| {seat} | {estimate} | {total:+d} |")
        lines.append(f"| the dealer, per round dealt | {self.as_dealer} | |")
        lines.append(f"| a player, per player-round | {self.as_player} | |")
        return "\n".join(lines)


def play_block(name: str, policies: Sequence[Policy], rounds: int, seed: int,
               options: dict[str, Any]) -> tuple[list[int], int, int, int]:  # fmt: skip
    """Play one block; (net per seat, dealer's net, players' net, player-rounds)."""
    from pycards.games import new_game

    game = new_game(name, players=len(policies), seed=seed, rounds=rounds, **options)
    balances = game.ledger.balance
    names = [f"p{i}" for i in range(len(policies))]
    dealer_net = players_net = player_rounds = 0
    before = [balances(n) for n in names]
    while True:
        seat = game.to_act
        if seat is None:
            break
        dealer, played = game.dealer, game.rounds_played
        game.apply(policies[seat](game.observation(seat), game.legal_actions()))
        if game.rounds_played != played:  # a round ended: credit it to who dealt it
            after = [balances(n) for n in names]
            for s, (a, b) in enumerate(zip(after, before)):
                if s == dealer:
                    dealer_net += a - b
                else:
                    players_net += a - b
                    player_rounds += 1
            before = after
    return list(game.payoffs().values()), dealer_net, players_net, player_rounds


def _estimate(values: Sequence[float], weights: Sequence[int]) -> Estimate:
    """Mean per unit over blocks of ``weights`` units each, with a 95% interval."""
    n = sum(weights)
    mean = sum(values) / n
    if len(values) < 2:
        return Estimate(mean, math.nan, math.nan)
    per_block = [v / w for v, w in zip(values, weights)]
    avg = sum(per_block) / len(per_block)
    var = sum((x - avg) ** 2 for x in per_block) / (len(per_block) - 1)
    half = Z95 * math.sqrt(var / len(per_block))
    return Estimate(mean, mean - half, mean + half)


def simulate(name: str, strategies: Policy | Sequence[Policy], rounds: int, seed: int = 0,
             executor: Executor | None = None, block: int = 200, players: int | None = None,
             **options: Any) -> SimulationResult:  # fmt: skip
    """Play ``rounds`` rounds of game ``name`` with a policy at every seat.

    ``strategies`` is one policy per seat (or one policy for ``players`` seats).
    With an ``executor`` (a ``concurrent.futures`` one: processes here, or any
    executor-compatible engine such as Dask's for a cluster) the blocks run
    there; the result does not depend on how the work is split.

    >>> from pycards.games.policies import DrawBelow
    >>> result = simulate("vingt_un", DrawBelow(16), rounds=400, seed=1, players=3)
    >>> result.rounds, abs(sum(result.totals))
    (400, 0)
    """
    if callable(strategies):
        if players is None:
            raise ValueError("give players= when one policy plays every seat")
        policies = [strategies] * players
    else:
        policies = list(strategies)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a positive int, not {rounds!r}")
    sizes = [block] * (rounds // block) + ([rounds % block] if rounds % block else [])
    jobs = [(name, policies, size, seed * 1_000_003 + i, options) for i, size in enumerate(sizes)]
    if executor is None:
        results = [play_block(*job) for job in jobs]
    else:
        results = list(executor.map(play_block, *zip(*jobs)))
    seats = len(policies)
    totals = tuple(sum(r[0][s] for r in results) for s in range(seats))
    seat_estimates = tuple(_estimate([r[0][s] for r in results], sizes) for s in range(seats))
    dealer = _estimate([r[1] for r in results], sizes)
    player = _estimate([r[2] for r in results], [max(1, r[3]) for r in results])
    return SimulationResult(name, rounds, seat_estimates, dealer, player, totals)
