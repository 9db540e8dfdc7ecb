"""Monte Carlo simulation of a game with policies at every seat.

The experiment and its execution are separate. The experiment is ``rounds``
rounds played as a sequence of independent games of ``game_rounds`` rounds
each (the last game holds the remainder), game ``i`` seeded from
``seed * 1_000_003 + i``. The execution hands ``block`` games at a time to an
executor's workers, or plays them here; it never changes the result.

Every round's result is kept: :attr:`SimulationResult.per_round` holds each
seat's net counters in each round, :attr:`SimulationResult.dealers` the seat
that dealt it and :attr:`SimulationResult.games` the game it belongs to. The
95% intervals are computed from those series in round order by the method of
batch means (:meth:`Estimate.from_series`), so they do not depend on how the
games were spread over workers and are valid for a single game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pycards._student import t_quantile
from pycards.errors import GameOptionError
from pycards.games.policies import Policy

if TYPE_CHECKING:  # numpy is imported on first use, so that importing pycards.games stays light
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
    FloatArray = npt.NDArray[np.float64]

__all__ = ["Estimate", "SimulationResult", "play_block", "play_game", "simulate"]

RESERVED_OPTIONS = ("rounds", "players", "seed")
"""Game constructor arguments that :func:`simulate` sets itself."""


# --------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------


def _batches(n: int) -> int:
    """The number of batches for a series of ``n`` values: max(2, isqrt(n))."""
    return max(2, math.isqrt(n))


@dataclass(frozen=True)
class Estimate:
    """A mean per unit (round, round dealt, player-round) with its 95% confidence interval.

    ``low`` and ``high`` are nan when the series had fewer than two values.
    """

    mean: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.mean:+.4f} [{self.low:+.4f}, {self.high:+.4f}]"

    @property
    def half_width(self) -> float:
        """Half the width of the interval (nan without one)."""
        return (self.high - self.low) / 2.0

    @classmethod
    def from_series(cls, values: npt.ArrayLike) -> Estimate:
        """The mean of ``values`` (a series in the order it was produced) with a 95% interval.

        Batch means: the n values are cut into k = max(2, isqrt(n)) contiguous
        batches of near-equal sizes n_j, with sums S_j; the variance of the mean
        is k/(k-1) * sum_j (S_j - mean * n_j)**2 / n**2, and the half-width is
        Student's t quantile t(0.975, k-1) times its square root. Batches of
        about sqrt(n) values absorb the correlation between neighbouring values
        (the deal staying with a seat for several rounds) while leaving enough
        batches to estimate the variance. With fewer than two values the
        interval is (nan, nan).

        >>> Estimate.from_series([1, 3, 1, 3])
        Estimate(mean=2.0, low=2.0, high=2.0)
        >>> Estimate.from_series([5])
        Estimate(mean=5.0, low=nan, high=nan)
        """
        import numpy as np

        series = np.asarray(values, dtype=np.float64).reshape(-1)
        n = len(series)
        if n == 0:
            return cls(math.nan, math.nan, math.nan)
        mean = float(series.sum()) / n
        if n < 2:
            return cls(mean, math.nan, math.nan)
        k = _batches(n)
        starts = np.arange(k, dtype=np.int64) * n // k
        sizes = np.diff(np.append(starts, n))
        sums = np.add.reduceat(series, starts)
        var = k / (k - 1) * float(np.sum((sums - mean * sizes) ** 2)) / (n * n)
        half = t_quantile(0.975, k - 1) * math.sqrt(var)
        return cls(mean, mean - half, mean + half)


def _same_estimate(a: Estimate, b: Estimate) -> bool:
    return all(x == y or (math.isnan(x) and math.isnan(y))
               for x, y in ((a.mean, b.mean), (a.low, b.low), (a.high, b.high)))  # fmt: skip


def _dealer_series(per_round: IntArray, dealers: IntArray) -> IntArray:
    import numpy as np

    return np.asarray(per_round[np.arange(len(dealers)), dealers], dtype=np.int64)


def _player_series(per_round: IntArray, dealers: IntArray) -> FloatArray:
    """Every seat but the dealer plays every round (as in Vingt-un)."""
    import numpy as np

    others = per_round.sum(axis=1) - _dealer_series(per_round, dealers)
    return np.asarray(others / max(1, per_round.shape[1] - 1), dtype=np.float64)


def _frozen(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    array.flags.writeable = False
    return array


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """Per-seat results per round, the same for whoever held the deal, and every round's record.

    ``per_round[r, s]`` is seat ``s``'s net counters in round ``r`` (int64,
    shape ``(rounds, seats)``), ``dealers[r]`` the seat that dealt round ``r``
    and ``games[r]`` the game it belongs to, rounds in the order played (game
    0's first). ``per_round.sum(axis=0)`` is ``totals``. The arrays are
    read-only; results compare equal when every field and array is equal.
    """

    game: str
    rounds: int
    seats: tuple[Estimate, ...]
    as_dealer: Estimate
    as_player: Estimate
    totals: tuple[int, ...]
    per_round: IntArray = field(repr=False)
    dealers: IntArray = field(repr=False)
    games: IntArray = field(repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimulationResult):
            return NotImplemented
        import numpy as np

        return (
            self.game == other.game
            and self.rounds == other.rounds
            and self.totals == other.totals
            and len(self.seats) == len(other.seats)
            and all(_same_estimate(a, b) for a, b in zip(self.seats, other.seats))
            and _same_estimate(self.as_dealer, other.as_dealer)
            and _same_estimate(self.as_player, other.as_player)
            and np.array_equal(self.per_round, other.per_round)
            and np.array_equal(self.dealers, other.dealers)
            and np.array_equal(self.games, other.games)
        )

    def __hash__(self) -> int:
        return hash((self.game, self.rounds, self.totals))

    def dealer_series(self) -> IntArray:
        """The dealer's net in each round (the series behind ``as_dealer``)."""
        return _dealer_series(self.per_round, self.dealers)

    def player_series(self) -> FloatArray:
        """The non-dealers' net in each round over their number (the series behind ``as_player``)."""
        return _player_series(self.per_round, self.dealers)

    def table(self) -> str:
        """The results as a markdown table."""
        games = int(self.games[-1]) + 1 if len(self.games) else 0
        lines = [
            f"{self.game}: {self.rounds} rounds in {games} game{'s' if games != 1 else ''}, "
            "counters won per round (95% interval)",
            "",
            "| seat | mean per round | total |",
            "|---|---:|---:|",
        ]
        for seat, (estimate, total) in enumerate(zip(self.seats, self.totals)):
            lines.append(f"| {seat} | {estimate} | {total:+d} |")
        lines.append(f"| the dealer, per round dealt | {self.as_dealer} | |")
        lines.append(f"| a player, per player-round | {self.as_player} | |")
        return "\n".join(lines)


# --------------------------------------------------------------------------------------
# Playing
# --------------------------------------------------------------------------------------


def _check_count(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise GameOptionError(f"{name} must be a positive int, not {value!r}")
    return value


def _check_options(options: Mapping[str, Any]) -> None:
    for key in RESERVED_OPTIONS:
        if key in options:
            where = "rounds= and game_rounds=" if key == "rounds" else f"{key}="
            raise GameOptionError(f"{key!r} is not a game option here: simulate sets it from {where}")


def play_game(name: str, policies: Sequence[Policy], rounds: int, seed: int,
              options: Mapping[str, Any]) -> tuple[IntArray, IntArray]:  # fmt: skip
    """Play one game of ``rounds`` rounds; (net per round and seat, the dealer of each round).

    The first array has shape ``(rounds, seats)``; its column sums are the
    game's payoffs (the ledger's balances less the starting counters). Each
    round is credited with every payment made from the end of the round before
    it (or the start of the game) to its own end.
    """
    import numpy as np

    from pycards.games import new_game

    _check_options(options)
    game = new_game(name, players=len(policies), seed=seed, rounds=rounds, **options)
    seats = range(len(policies))
    nets: list[list[int]] = []
    dealers: list[int] = []
    before = [0] * len(policies)
    played = game.rounds_played
    while True:
        seat = game.to_act
        if seat is None:
            break
        dealer = game.dealer
        game.apply(policies[seat](game.observation(seat), game.legal_actions()))
        if game.rounds_played != played:  # a round ended: credit it to who dealt it
            payoffs = game.payoffs()
            after = [payoffs[s] for s in seats]
            nets.append([a - b for a, b in zip(after, before)])
            dealers.append(dealer)
            before, played = after, game.rounds_played
    if len(nets) != rounds or game.rounds_played != rounds:
        raise RuntimeError(f"game {name!r} (seed {seed}) ended after {len(nets)} of {rounds} rounds")
    payoffs = game.payoffs()
    if [payoffs[s] for s in seats] != before:  # payments after the last round: the last round's
        nets[-1] = [n + payoffs[s] - b for s, (n, b) in enumerate(zip(nets[-1], before))]
    per_round = np.array(nets, dtype=np.int64).reshape(rounds, len(policies))
    return per_round, np.array(dealers, dtype=np.int64)


def play_block(name: str, policies: Sequence[Policy], rounds: int, seed: int,
               options: Mapping[str, Any]) -> tuple[list[int], int, int, int]:  # fmt: skip
    """Play one game; (net per seat, dealer's net, players' net, player-rounds).

    Kept for callers of earlier versions (the benchmarks); :func:`play_game`
    gives every round.
    """
    import numpy as np

    per_round, dealers = play_game(name, policies, rounds, seed, options)
    dealer_net = int(per_round[np.arange(rounds), dealers].sum())
    players_net = int(per_round.sum()) - dealer_net
    return [int(t) for t in per_round.sum(axis=0)], dealer_net, players_net, rounds * (len(policies) - 1)


def _play_games(name: str, policies: Sequence[Policy], games: Sequence[tuple[int, int]],
                options: Mapping[str, Any]) -> list[tuple[IntArray, IntArray]]:  # fmt: skip
    """One executor task: the games ``(rounds, seed)`` in order."""
    return [play_game(name, policies, rounds, seed, options) for rounds, seed in games]


def _chunks(items: Sequence[tuple[int, int]], size: int) -> Iterable[Sequence[tuple[int, int]]]:
    return (items[i : i + size] for i in range(0, len(items), size))


def simulate(name: str, strategies: Policy | Sequence[Policy], rounds: int, seed: int = 0,
             executor: Executor | None = None, block: int = 1, players: int | None = None,
             game_rounds: int = 200, **options: Any) -> SimulationResult:  # fmt: skip
    """Play ``rounds`` rounds of game ``name`` with a policy at every seat.

    ``strategies`` is one policy per seat (or one policy for ``players`` seats).
    The rounds are played as independent games of ``game_rounds`` rounds (the
    last game holds the remainder), game ``i`` seeded from
    ``seed * 1_000_003 + i``; ``options`` are the game's terms (not ``rounds``,
    ``players`` or ``seed``, which this function sets).

    With an ``executor`` (a ``concurrent.futures`` one: processes here, or any
    executor-compatible engine such as Dask's for a cluster) the games run
    there, ``block`` games per task; neither the executor nor ``block``
    changes the result. The intervals are batch means over the rounds in
    order (:meth:`Estimate.from_series`): valid for a single game, and nan only
    for a single round. A bad ``rounds``, ``game_rounds`` or ``block`` (not a
    positive int) raises :class:`~pycards.errors.GameOptionError` (a
    ``ValueError``) naming it.

    >>> from pycards.games.policies import DrawBelow
    >>> result = simulate("vingt_un", DrawBelow(16), rounds=400, seed=1, players=3)
    >>> result.rounds, abs(sum(result.totals)), result.per_round.shape, int(result.games[-1])
    (400, 0, (400, 3), 1)
    >>> result.as_dealer.low < result.as_dealer.mean < result.as_dealer.high
    True
    >>> result == simulate("vingt_un", DrawBelow(16), rounds=400, seed=1, players=3, block=2)
    True
    """
    import numpy as np

    _check_count("rounds", rounds)
    _check_count("game_rounds", game_rounds)
    _check_count("block", block)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise GameOptionError(f"the seed must be an int, not {seed!r}")
    _check_options(options)
    if callable(strategies):
        if players is None:
            raise GameOptionError("give players= when one policy plays every seat")
        _check_count("players", players)
        policies = [strategies] * players
    else:
        policies = list(strategies)
        if players is not None and players != len(policies):
            raise GameOptionError(f"players={players!r} but {len(policies)} policies were given")
    if executor is not None and not callable(getattr(executor, "map", None)):
        raise GameOptionError(f"executor must be a concurrent.futures Executor, not {executor!r}")
    sizes = [game_rounds] * (rounds // game_rounds) + ([rounds % game_rounds] if rounds % game_rounds else [])
    games = [(size, seed * 1_000_003 + i) for i, size in enumerate(sizes)]
    tasks = list(_chunks(games, block))
    if executor is None:
        played = [_play_games(name, policies, task, options) for task in tasks]
    else:
        n = len(tasks)
        played = list(executor.map(_play_games, [name] * n, [policies] * n, tasks, [options] * n))
    records = [record for task in played for record in task]
    seats = len(policies)
    per_round = _frozen(np.concatenate([r[0] for r in records]).reshape(rounds, seats))
    dealers = _frozen(np.concatenate([r[1] for r in records]))
    game_index = _frozen(np.repeat(np.arange(len(sizes), dtype=np.int64), sizes))
    totals = tuple(int(t) for t in per_round.sum(axis=0))
    seat_estimates = tuple(Estimate.from_series(per_round[:, s]) for s in range(seats))
    return SimulationResult(
        name,
        rounds,
        seat_estimates,
        Estimate.from_series(_dealer_series(per_round, dealers)),
        Estimate.from_series(_player_series(per_round, dealers)),
        totals,
        per_round,
        dealers,
        game_index,
    )
