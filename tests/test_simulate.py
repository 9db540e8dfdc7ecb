"""``simulate``'s statistics: the t quantile, the batch-means intervals and their coverage.

The experiment (``rounds`` rounds in games of ``game_rounds``, game ``i`` seeded
from ``(seed, i)``) fixes the result; the execution (``block`` games per task,
any executor) never changes it. Intervals are batch means over the per-round
series: their coverage is checked on synthetic series of known mean and on the
real game against a reference mean pooled from far more rounds.
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from pycards._student import t_quantile as _t_quantile
from pycards.errors import GameOptionError
from pycards.games import new_game, simulate
from pycards.games.policies import DrawBelow, first_legal
from pycards.games.simulate import Estimate, SimulationResult, play_block, play_game

POLICIES = [DrawBelow(16), DrawBelow(14, stake="max", divide=True), DrawBelow(17, double_on=(12,)),
            first_legal]  # fmt: skip


def binomial_band(p: float, trials: int, sds: float = 3.0) -> tuple[float, float]:
    half = sds * math.sqrt(p * (1 - p) / trials)
    return p - half, p + half


# --------------------------------------------------------------------------------------
# (1) Student's t quantile
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("df", "expected"),
    [(1, 12.7062), (2, 4.3027), (3, 3.1824), (5, 2.5706), (10, 2.2281), (30, 2.0423),
     (100, 1.9840), (1000, 1.9623)],
)  # fmt: skip
def test_t_quantile_matches_the_tables(df: int, expected: float) -> None:
    assert _t_quantile(0.975, df) == pytest.approx(expected, abs=1e-3)


def test_t_quantile_other_levels_and_the_normal_limit() -> None:
    assert _t_quantile(0.95, 1) == pytest.approx(6.3138, abs=1e-3)
    assert _t_quantile(0.995, 10) == pytest.approx(3.1693, abs=1e-3)
    assert _t_quantile(0.5, 7) == pytest.approx(0.0, abs=1e-9)
    assert _t_quantile(0.975, 10**6) == pytest.approx(1.959964, abs=1e-5)
    quantiles = [_t_quantile(0.975, df) for df in range(1, 200)]
    assert all(a > b for a, b in zip(quantiles, quantiles[1:]))  # falls towards the normal's


# --------------------------------------------------------------------------------------
# (2) coverage on synthetic series of known mean
# --------------------------------------------------------------------------------------


def _coverage(series: np.ndarray, mean: float) -> float:
    estimates = [Estimate.from_series(row) for row in series]
    return float(np.mean([e.low <= mean <= e.high for e in estimates]))


def test_batch_means_coverage_on_iid_series() -> None:
    rng = np.random.default_rng(20240501)
    series = 0.3 + rng.standard_normal((2000, 1000))
    low, high = binomial_band(0.95, 2000)
    assert low <= _coverage(series, 0.3) <= high


def test_batch_means_coverage_on_an_ar1_series() -> None:
    """phi = 0.5: neighbouring values are correlated, as a seat's rounds are under one deal."""
    rng = np.random.default_rng(20240502)
    noise = rng.standard_normal((2000, 1000))
    series = np.empty_like(noise)
    series[:, 0] = noise[:, 0] / math.sqrt(1 - 0.25)  # the stationary distribution
    for i in range(1, noise.shape[1]):
        series[:, i] = 0.5 * series[:, i - 1] + noise[:, i]
    low, high = binomial_band(0.95, 2000)
    assert low <= _coverage(series - 1.5, -1.5) <= high


def test_batch_means_by_hand() -> None:
    values = [3, -1, 4, 1, -5, 9, 2, 6, -5]  # n = 9: k = 3 batches of 3
    estimate = Estimate.from_series(values)
    mean = sum(values) / 9
    sums = [6, 5, 3]
    var = 3 / 2 * sum((s - 3 * mean) ** 2 for s in sums) / 81
    assert estimate.mean == pytest.approx(mean)
    assert estimate.half_width == pytest.approx(4.302653 * math.sqrt(var), rel=1e-6)
    # near-equal contiguous batches when k does not divide n: n = 10, k = 3 -> 3, 3, 4
    ten = Estimate.from_series(np.arange(10.0))
    sums10 = np.array([0 + 1 + 2, 3 + 4 + 5, 6 + 7 + 8 + 9.0])
    var10 = 1.5 * float(np.sum((sums10 - 4.5 * np.array([3, 3, 4])) ** 2)) / 100
    assert ten.half_width == pytest.approx(4.302653 * math.sqrt(var10), rel=1e-6)
    assert math.isnan(Estimate.from_series([7]).low)
    assert math.isfinite(Estimate.from_series([7, 8]).low)


# --------------------------------------------------------------------------------------
# (3) coverage on the real game
# --------------------------------------------------------------------------------------

CASE = dict(players=4, min_stake=1, max_stake=4)
RUN_ROUNDS = 300
RUNS = 400


def _run(seed: int) -> tuple[Estimate, Estimate, Estimate]:
    result = simulate("vingt_un", DrawBelow(16), rounds=RUN_ROUNDS, seed=seed,
                      game_rounds=RUN_ROUNDS, **CASE)  # fmt: skip
    return result.as_dealer, result.as_player, result.seats[1]


def test_coverage_on_the_real_game() -> None:
    """Four players at DrawBelow(16), stakes 1..4: 400 one-game runs of 300 rounds
    (seeds 0..399) against the means of 1,600 other games of 300 rounds (480,000
    rounds, seed 10**6), whose own error is about a fortieth of a run's half-width.

    The dealer's and the players' estimates cover at 95% within 3 binomial
    standard deviations (here the two are one series: no pool, so the dealer
    wins what the three players lose). A seat's series is autocorrelated (the deal
    stays with a seat for several rounds), and batches of sqrt(300) ~ 17 rounds
    leave it a little short: about 93.5-94.5% measured over 3,000 runs, so
    its band is widened by 2.5 points below.
    """
    with ProcessPoolExecutor(2) as pool:
        reference = simulate("vingt_un", DrawBelow(16), rounds=1600 * RUN_ROUNDS, seed=10**6,
                             game_rounds=RUN_ROUNDS, executor=pool, block=100, **CASE)  # fmt: skip
        runs = list(pool.map(_run, range(RUNS), chunksize=25))
    assert reference.as_dealer.half_width < runs[0][0].half_width / 10
    truth = (reference.as_dealer.mean, reference.as_player.mean, reference.seats[1].mean)
    coverage = [float(np.mean([r[j].low <= truth[j] <= r[j].high for r in runs])) for j in range(3)]
    low, high = binomial_band(0.95, RUNS)
    assert low <= coverage[0] <= high, coverage
    assert low <= coverage[1] <= high, coverage
    assert low - 0.025 <= coverage[2] <= high, coverage


# --------------------------------------------------------------------------------------
# (4) the execution never changes the result
# --------------------------------------------------------------------------------------


def test_block_and_executor_never_change_the_result() -> None:
    kwargs = dict(rounds=1000, seed=9, game_rounds=90, min_stake=1, max_stake=4)
    alone = simulate("vingt_un", POLICIES, **kwargs)
    for block in (1, 3, 7, 50):
        assert simulate("vingt_un", POLICIES, block=block, **kwargs) == alone
    with ThreadPoolExecutor(3) as threads:
        assert simulate("vingt_un", POLICIES, executor=threads, block=3, **kwargs) == alone
    with ProcessPoolExecutor(2) as pool:
        for block in (1, 3, 7):
            assert simulate("vingt_un", POLICIES, executor=pool, block=block, **kwargs) == alone
    # ... while the experiment does
    assert simulate("vingt_un", POLICIES, **{**kwargs, "game_rounds": 100}) != alone
    assert simulate("vingt_un", POLICIES, **{**kwargs, "seed": 10}) != alone


def test_results_compare_and_hash() -> None:
    one = simulate("vingt_un", DrawBelow(16), rounds=1, players=3)
    assert math.isnan(one.as_dealer.low)
    assert one == simulate("vingt_un", DrawBelow(16), rounds=1, players=3)  # nan intervals too
    assert hash(one) == hash(simulate("vingt_un", DrawBelow(16), rounds=1, players=3))
    assert one != "a result" and one != simulate("vingt_un", DrawBelow(16), rounds=2, players=3)
    with pytest.raises(ValueError):
        one.per_round[0, 0] = 5  # read-only


# --------------------------------------------------------------------------------------
# (5) the width is continuous in n; (6) one game gives intervals
# --------------------------------------------------------------------------------------


def test_interval_width_is_continuous_in_the_number_of_rounds() -> None:
    a = simulate("vingt_un", DrawBelow(16), rounds=1000, seed=3, **CASE)
    b = simulate("vingt_un", DrawBelow(16), rounds=1001, seed=3, **CASE)
    pairs = [(a.as_dealer, b.as_dealer), (a.as_player, b.as_player), *zip(a.seats, b.seats)]
    for x, y in pairs:
        assert y.half_width == pytest.approx(x.half_width, rel=0.05)


@pytest.mark.parametrize("rounds", [2, 3, 50, 200])
def test_one_game_has_finite_intervals(rounds: int) -> None:
    result = simulate("vingt_un", DrawBelow(16), rounds=rounds, seed=1, game_rounds=200, **CASE)
    assert set(result.games.tolist()) == {0}
    for estimate in (*result.seats, result.as_dealer, result.as_player):
        assert math.isfinite(estimate.low) and math.isfinite(estimate.high)
        assert estimate.low <= estimate.mean <= estimate.high


# --------------------------------------------------------------------------------------
# (7) every round's record
# --------------------------------------------------------------------------------------


def test_per_round_dealers_and_games_match_the_games_replayed_by_hand() -> None:
    options = dict(min_stake=1, max_stake=3, pool_contribution=1, pool_to_natural=True)
    rounds, game_rounds, seed = 130, 40, 4
    result = simulate("vingt_un", POLICIES[:3], rounds=rounds, seed=seed, game_rounds=game_rounds,
                      block=2, **options)  # fmt: skip
    assert isinstance(result, SimulationResult)
    assert result.per_round.shape == (130, 3) and result.per_round.dtype == np.int64
    assert result.dealers.shape == result.games.shape == (130,)
    assert result.games.tolist() == [0] * 40 + [1] * 40 + [2] * 40 + [3] * 10
    assert tuple(int(t) for t in result.per_round.sum(axis=0)) == result.totals
    nets: list[list[int]] = []
    dealers: list[int] = []
    for i, size in enumerate([40, 40, 40, 10]):
        game = new_game("vingt_un", players=3, seed=seed * 1_000_003 + i, rounds=size, **options)
        before = [0, 0, 0]
        while not game.is_over:
            seat, dealer, played = game.to_act, game.dealer, game.rounds_played
            game.apply(POLICIES[seat](game.observation(seat), game.legal_actions()))
            if game.rounds_played != played:
                balances = game.ledger.balances
                after = [balances[f"p{s}"] - game.options.counters for s in range(3)]
                nets.append([x - y for x, y in zip(after, before)])
                dealers.append(dealer)
                before = after
        assert before == list(game.payoffs().values())
    assert result.per_round.tolist() == nets
    assert result.dealers.tolist() == dealers
    # the estimates are those of the series
    assert result.as_dealer == Estimate.from_series(result.dealer_series())
    assert result.as_player == Estimate.from_series(result.player_series())
    assert result.seats[2] == Estimate.from_series(result.per_round[:, 2])
    dealer_net = [row[d] for row, d in zip(nets, dealers)]
    assert result.as_dealer.mean == pytest.approx(sum(dealer_net) / rounds)
    player_net = sum(sum(row) - row[d] for row, d in zip(nets, dealers))
    assert result.as_player.mean == pytest.approx(player_net / (2 * rounds))


def test_play_game_and_the_old_play_block() -> None:
    per_round, dealers = play_game("vingt_un", POLICIES[:2], 25, 8, {"max_stake": 3})
    assert per_round.shape == (25, 2) and dealers.shape == (25,)
    payoffs, dealer_net, players_net, player_rounds = play_block(
        "vingt_un", POLICIES[:2], 25, 8, {"max_stake": 3})
    assert payoffs == per_round.sum(axis=0).tolist()
    assert dealer_net == int(per_round[np.arange(25), dealers].sum())
    assert dealer_net + players_net == sum(payoffs) and player_rounds == 25


# --------------------------------------------------------------------------------------
# (8) bad arguments
# --------------------------------------------------------------------------------------

BAD_COUNTS = [0, -1, -200, True, False, 2.0, 1.5, "10", None, 10**0 * 1j]


@pytest.mark.parametrize("name", ["rounds", "game_rounds", "block"])
@pytest.mark.parametrize("value", BAD_COUNTS, ids=repr)
def test_bad_counts_are_refused_naming_the_value(name: str, value: object) -> None:
    kwargs: dict[str, object] = {"rounds": 10, "game_rounds": 5, "block": 1, name: value}
    with pytest.raises(ValueError, match=name) as raised:
        simulate("vingt_un", DrawBelow(16), players=3, **kwargs)  # type: ignore[arg-type]
    assert repr(value) in str(raised.value)
    assert isinstance(raised.value, GameOptionError)


@pytest.mark.parametrize("key", ["rounds", "players", "seed"])
def test_options_may_not_set_what_simulate_sets(key: str) -> None:
    with pytest.raises(ValueError, match=key):
        play_game("vingt_un", POLICIES[:2], 5, 1, {key: 3})


def test_other_bad_arguments() -> None:
    with pytest.raises(ValueError, match="players="):
        simulate("vingt_un", DrawBelow(16), rounds=5)
    with pytest.raises(ValueError, match="players=3"):
        simulate("vingt_un", POLICIES, rounds=5, players=3)
    with pytest.raises(ValueError, match="1.5"):
        simulate("vingt_un", DrawBelow(16), rounds=5, players=3, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="executor"):
        simulate("vingt_un", DrawBelow(16), rounds=5, players=3, executor=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_stak"):
        simulate("vingt_un", DrawBelow(16), rounds=5, players=3, max_stak=2)
