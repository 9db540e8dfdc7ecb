"""``simulate``'s statistics and its reading of the games' records.

The experiment (``deals`` deals in sessions of ``session_deals``, session ``i``
seeded from ``(seed, i)``) fixes the result; the execution (``block`` sessions
per task, any executor) never changes it. The rewards and roles come from the
``DealEnded`` entries of the records ``apply`` returns, checked here against
the ledger and the dealer read by hand, and against the game's payoffs.
Intervals are batch means over the per-deal series: their coverage is checked
on synthetic series of known mean and on the real game against a reference
mean pooled from far more deals.
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

import pycards.games as games
from pycards._student import t_quantile as _t_quantile
from pycards.errors import GameOptionError
from pycards.games import new_game
from pycards.games.engine.events import DealEnded, Record
from pycards.games.policies import DrawBelow, RandomLegal, first_legal
from pycards.games.simulate import (
    MIN_INTERVAL_VALUES,
    Estimate,
    SimulationResult,
    play_session,
    ratio_estimate,
    simulate,
)
from pycards.games.vingt_un import VingtUn
from pycards.settlement import Payment

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
# (2) coverage on synthetic series of known mean; the ratio estimate
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
    """phi = 0.5: neighbouring values are correlated, as a seat's deals are under one dealer."""
    rng = np.random.default_rng(20240502)
    noise = rng.standard_normal((2000, 1000))
    series = np.empty_like(noise)
    series[:, 0] = noise[:, 0] / math.sqrt(1 - 0.25)  # the stationary distribution
    for i in range(1, noise.shape[1]):
        series[:, i] = 0.5 * series[:, i - 1] + noise[:, i]
    low, high = binomial_band(0.95, 2000)
    assert low <= _coverage(series - 1.5, -1.5) <= high


def test_batch_means_by_hand() -> None:
    values = [3, -1, 4, 1, -5, 9] * 5 + [2, 6, -5, 0, 0, 0]  # n = 36: k = 6 batches of 6
    estimate = Estimate.from_series(values)
    mean = sum(values) / 36
    sums = [11] * 5 + [3]
    var = 6 / 5 * sum((s - 6 * mean) ** 2 for s in sums) / 36**2
    assert estimate.mean == pytest.approx(mean)
    assert estimate.half_width == pytest.approx(2.570582 * math.sqrt(var), rel=1e-6)
    # near-equal contiguous batches when k does not divide n: n = 31, k = 5 -> 6, 6, 6, 6, 7
    series = np.arange(31.0)
    sums31 = np.array([series[0:6].sum(), series[6:12].sum(), series[12:18].sum(), series[18:24].sum(),
                       series[24:31].sum()])  # fmt: skip
    var31 = 5 / 4 * float(np.sum((sums31 - 15.0 * np.array([6, 6, 6, 6, 7])) ** 2)) / 31**2
    assert Estimate.from_series(series).half_width == pytest.approx(2.776445 * math.sqrt(var31), rel=1e-6)


@pytest.mark.parametrize("n", [1, 2, 4, 29])
def test_too_few_values_give_no_interval(n: int) -> None:
    """Fewer than MIN_INTERVAL_VALUES values: the mean, and no interval (an audit measured
    batch means of Vingt-un's results at 2 deals covering 71%, often with zero width)."""
    estimate = Estimate.from_series(([1, 3] * n)[:n])
    assert math.isnan(estimate.low) and math.isnan(estimate.high) and math.isfinite(estimate.mean)
    assert MIN_INTERVAL_VALUES == 30 and math.isfinite(Estimate.from_series([1, 3] * 15).low)


def test_the_ratio_estimate_by_hand_and_its_special_cases() -> None:
    rng = np.random.default_rng(7)
    sums = rng.integers(-5, 6, 101)
    # one unit a deal: the batch means of the series itself
    assert ratio_estimate(sums, np.ones(101)) == Estimate.from_series(sums)
    # c units every deal: the batch means of sums / c (the old "per player-deal" estimate)
    three = ratio_estimate(sums, np.full(101, 3))
    plain = Estimate.from_series(sums / 3)
    assert (three.mean, three.low, three.high) == pytest.approx((plain.mean, plain.low, plain.high))
    # varying units: mean = sum / units, batches over whole deals (36 deals: 6 batches of 6)
    s, n = [4, 0, -2, 3, 1, 0] * 3 + [-6, 2, 2, 0, 0, 1] * 3, [2, 1, 1, 2, 0, 1] * 3 + [3, 1, 1, 0, 1, 1] * 3
    mean = sum(s) / sum(n)
    batch_s, batch_n = [6] * 3 + [-1] * 3, [7] * 3 + [7] * 3
    var = 6 / 5 * sum((a - mean * b) ** 2 for a, b in zip(batch_s, batch_n)) / sum(n) ** 2
    estimate = ratio_estimate(s, n)
    assert estimate.mean == pytest.approx(mean)
    assert estimate.half_width == pytest.approx(2.570582 * math.sqrt(var), rel=1e-6)
    assert math.isnan(ratio_estimate([3], [2]).low) and ratio_estimate([3], [2]).mean == 1.5
    assert math.isnan(ratio_estimate([0, 0], [0, 0]).mean)


# --------------------------------------------------------------------------------------
# (3) coverage on the real game
# --------------------------------------------------------------------------------------

CASE = dict(players=4, min_stake=1, max_stake=4)
RUN_DEALS = 300
RUNS = 400


def _run(seed: int) -> tuple[Estimate, Estimate, Estimate]:
    result = simulate("vingt_un", DrawBelow(16), deals=RUN_DEALS, seed=seed, session_deals=RUN_DEALS, **CASE)
    return result.by_role["dealer"], result.by_role["player"], result.seats[1]


def test_coverage_on_the_real_game() -> None:
    """Four players at DrawBelow(16), stakes 1..4: 400 one-session runs of 300 deals
    (seeds 0..399) against the means of 1,600 other sessions of 300 deals (480,000
    deals, seed 10**6), whose own error is about a fortieth of a run's half-width.

    The dealer's and the players' estimates cover at 95% within 3 binomial
    standard deviations (here the two are one series: no pool, so the dealer
    wins what the three players lose). A seat's series is autocorrelated (the deal
    stays with a seat for several deals), and batches of sqrt(300) ~ 17 deals
    leave it a little short: about 93.5-94.5%, so its band is widened by 2.5
    points below.
    """
    with ProcessPoolExecutor(2) as pool:
        reference = simulate("vingt_un", DrawBelow(16), deals=1600 * RUN_DEALS, seed=10**6,
                             session_deals=RUN_DEALS, executor=pool, block=100, **CASE)  # fmt: skip
        runs = list(pool.map(_run, range(RUNS), chunksize=25))
    assert reference.by_role["dealer"].half_width < runs[0][0].half_width / 10
    truth = (reference.by_role["dealer"].mean, reference.by_role["player"].mean, reference.seats[1].mean)
    coverage = [float(np.mean([r[j].low <= truth[j] <= r[j].high for r in runs])) for j in range(3)]
    low, high = binomial_band(0.95, RUNS)
    assert low <= coverage[0] <= high, coverage
    assert low <= coverage[1] <= high, coverage
    assert low - 0.025 <= coverage[2] <= high, coverage


# --------------------------------------------------------------------------------------
# (4) the execution never changes the result
# --------------------------------------------------------------------------------------


def test_block_and_executor_never_change_the_result() -> None:
    kwargs: dict[str, Any] = dict(deals=1000, seed=9, session_deals=90, min_stake=1, max_stake=4)
    alone = simulate("vingt_un", POLICIES, **kwargs)
    for block in (1, 3, 7, 50):
        assert simulate("vingt_un", POLICIES, block=block, **kwargs) == alone
    with ThreadPoolExecutor(3) as threads:
        assert simulate("vingt_un", POLICIES, executor=threads, block=3, **kwargs) == alone
    with ProcessPoolExecutor(2) as pool:
        for block in (1, 3, 7):
            assert simulate("vingt_un", POLICIES, executor=pool, block=block, **kwargs) == alone
    # ... while the experiment does
    assert simulate("vingt_un", POLICIES, **{**kwargs, "session_deals": 100}) != alone
    assert simulate("vingt_un", POLICIES, **{**kwargs, "seed": 10}) != alone


def test_a_random_policy_gives_the_same_result_however_the_sessions_run() -> None:
    """RandomLegal keeps a stream: each session plays ``for_session(its seed)``."""
    kwargs: dict[str, Any] = dict(deals=120, seed=3, session_deals=20, players=3, selling=True, max_price=3)
    alone = simulate("vingt-un", RandomLegal(5), **kwargs)
    assert simulate("vingt_un", RandomLegal(5), block=4, **kwargs) == alone
    with ProcessPoolExecutor(2) as pool:
        assert simulate("vingt_un", RandomLegal(5), executor=pool, block=2, **kwargs) == alone
    assert simulate("vingt_un", RandomLegal(6), **kwargs) != alone
    mixed = simulate("vingt_un", [RandomLegal(5), DrawBelow(16), RandomLegal(5)], **kwargs)
    assert mixed == simulate("vingt_un", [RandomLegal(5), DrawBelow(16), RandomLegal(5)], block=3, **kwargs)


def test_results_compare_and_hash() -> None:
    one = simulate("vingt_un", DrawBelow(16), deals=1, players=3)
    assert math.isnan(one.by_role["dealer"].low) and math.isnan(one.seats[0].low)
    assert one == simulate("vingt_un", DrawBelow(16), deals=1, players=3)  # nan intervals too
    assert hash(one) == hash(simulate("vingt_un", DrawBelow(16), deals=1, players=3))
    assert one != "a result" and one != simulate("vingt_un", DrawBelow(16), deals=2, players=3)
    for array in (one.per_deal, one.roles, one.sessions):
        with pytest.raises(ValueError):
            array[0] = 5  # read-only


# --------------------------------------------------------------------------------------
# (5) the width is continuous in n; (6) one session gives intervals
# --------------------------------------------------------------------------------------


def test_interval_width_is_continuous_in_the_number_of_deals() -> None:
    a = simulate("vingt_un", DrawBelow(16), deals=1000, seed=3, **CASE)
    b = simulate("vingt_un", DrawBelow(16), deals=1001, seed=3, **CASE)
    pairs = [*((a.by_role[r], b.by_role[r]) for r in a.by_role), *zip(a.seats, b.seats)]
    for x, y in pairs:
        assert y.half_width == pytest.approx(x.half_width, rel=0.05)


@pytest.mark.parametrize("deals", [30, 50, 200])
def test_one_session_has_finite_intervals(deals: int) -> None:
    result = simulate("vingt_un", DrawBelow(16), deals=deals, seed=1, session_deals=200, **CASE)
    assert set(result.sessions.tolist()) == {0}
    for estimate in (*result.seats, *result.by_role.values()):
        assert math.isfinite(estimate.low) and math.isfinite(estimate.high)
        assert estimate.low <= estimate.mean <= estimate.high


# --------------------------------------------------------------------------------------
# (7) every deal's record
# --------------------------------------------------------------------------------------


def _by_hand(players: int, seed: int, deals: int, policies: list[Any], **options: Any,
             ) -> tuple[list[list[int]], list[list[str]]]:  # fmt: skip
    """A session replayed by hand: each deal's nets from the payments recorded up to its end
    and the roles from the dealer and the seats out while it was played (nothing read
    from DealEnded but where it stands)."""
    game = new_game("vingt_un", players=players, seed=seed, deals=deals, **options)
    nets, roles = [], []
    net = [0] * players

    def pay(record: Record) -> None:
        for entry in record.entries:
            if type(entry) is DealEnded:
                nets.append(list(net))
                net[:] = [0] * players
            elif type(entry) is Payment:
                for party, sign in ((entry.payer, -1), (entry.payee, 1)):
                    if party != "pool":
                        net[int(party[1:])] += sign * entry.amount

    pay(next(game.history()))  # the start: pool contributions, maybe
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        dealer, out, deal = game.dealer, set(game.session.out), game.session.deals
        pay(game.apply(policies[seat](game.observation(seat), game.legal_actions())))
        if game.session.deals != deal:
            roles.append(["dealer" if s == dealer else "out" if s in out else "player"
                          for s in range(players)])  # fmt: skip
    assert [sum(column) for column in zip(*nets)] == list(game.payoffs().values())
    return nets, roles


def test_per_deal_roles_and_sessions_match_the_sessions_replayed_by_hand() -> None:
    options = dict(min_stake=1, max_stake=3, pool_contribution=1, pool_to_natural=True, selling=True)
    deals, session_deals, seed = 130, 40, 4
    policies = POLICIES[:3]
    result = simulate("vingt_un", policies, deals=deals, seed=seed, session_deals=session_deals,
                      block=2, **options)  # fmt: skip
    assert isinstance(result, SimulationResult)
    assert result.per_deal.shape == result.roles.shape == (130, 3) and result.per_deal.dtype == np.int64
    assert result.sessions.shape == (130,)
    assert result.sessions.tolist() == [0] * 40 + [1] * 40 + [2] * 40 + [3] * 10
    assert tuple(int(t) for t in result.per_deal.sum(axis=0)) == result.totals
    nets: list[list[int]] = []
    roles: list[list[str]] = []
    for i, size in enumerate([40, 40, 40, 10]):
        n, r = _by_hand(3, seed * 1_000_003 + i, size, policies, **options)
        nets += n
        roles += r
    assert result.per_deal.tolist() == nets
    assert [[result.role_of(d, s) for s in range(3)] for d in range(deals)] == roles
    assert result.role_names == ("dealer", "player")
    # the estimates are those of the series
    assert result.seats[2] == Estimate.from_series(result.per_deal[:, 2])
    for role in result.role_names:
        assert result.by_role[role] == ratio_estimate(*result.role_series(role))
    dealer_net = [row[r.index("dealer")] for row, r in zip(nets, roles)]
    assert result.by_role["dealer"].mean == pytest.approx(sum(dealer_net) / deals)
    player_net = sum(x for row, r in zip(nets, roles) for x, role in zip(row, r) if role == "player")
    assert result.by_role["player"].mean == pytest.approx(player_net / (2 * deals))
    with pytest.raises(ValueError, match="'banker'"):
        result.role_series("banker")


def test_play_session_reads_the_deal_ended_entries() -> None:
    session = play_session("vingt_un", POLICIES[:3], 30, 5, {"max_stake": 3})
    nets, roles = _by_hand(3, 5, 30, POLICIES[:3], max_stake=3)
    assert session.per_deal.tolist() == nets
    assert [[session.role_names[i] for i in row] for row in session.roles.tolist()] == roles
    assert set(session.role_names) == {"dealer", "player"} and session.roles.dtype == np.int8


def test_the_table() -> None:
    result = simulate("vingt_un", DrawBelow(16), deals=50, seed=1, players=3, session_deals=20)
    lines = result.table().splitlines()
    assert lines[0] == "vingt_un: 50 deals in 3 sessions, reward per deal (95% interval)"
    assert lines[2:4] == ["| seat | mean per deal | total |", "|---|---:|---:|"]
    assert lines[4].startswith("| 0 | ") and lines[4].endswith(f" | {result.totals[0]:+d} |")
    assert lines[8:10] == ["| role | mean per seat-deal | seat-deals |", "|---|---:|---:|"]
    assert lines[10] == f"| dealer | {result.by_role['dealer']} | 50 |"
    assert lines[11] == f"| player | {result.by_role['player']} | 100 |"


# --------------------------------------------------------------------------------------
# (8) a game that breaks the protocol; a game of any roles
# --------------------------------------------------------------------------------------


class _Cheat(VingtUn):
    """Pays seat 0 a counter more in ``payoffs()`` than its deals gave it."""

    def payoffs(self) -> dict[int, int]:
        payoffs = super().payoffs()
        payoffs[0] += 1
        return payoffs


class _Nameless(VingtUn):
    """Closes each deal without naming the roles."""

    def apply(self, action: Any) -> Record:
        record = super().apply(action)
        entries = tuple(e._replace(roles=()) if type(e) is DealEnded else e for e in record.entries)
        return record._replace(entries=entries)


class _Eldest(VingtUn):
    """Names a third role: the player on the dealer's left is "eldest"."""

    def apply(self, action: Any) -> Record:
        record = super().apply(action)
        entries = []
        for e in record.entries:
            if type(e) is DealEnded:
                dealer = e.roles.index("dealer")
                roles = list(e.roles)
                roles[(dealer + 1) % len(roles)] = "eldest"
                e = e._replace(roles=tuple(roles))
            entries.append(e)
        return record._replace(entries=tuple(entries))


class _Short(VingtUn):
    """Ends every session after its first deal, whatever ``deals`` says."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["deals"] = 1
        super().__init__(*args, **kwargs)


@pytest.fixture
def register(monkeypatch: pytest.MonkeyPatch) -> Any:
    def add(name: str, cls: type) -> None:
        monkeypatch.setitem(games.GAMES, name, games.GameEntry(f"{__name__}:{cls.__name__}"))
        monkeypatch.setitem(games._LOADED, name, cls)

    return add


def test_a_session_whose_rewards_miss_the_payoffs_is_an_error(register: Any) -> None:
    register("cheat", _Cheat)
    with pytest.raises(RuntimeError, match="payoffs"):
        simulate("cheat", DrawBelow(16), deals=5, players=3)


def test_a_session_lasts_as_its_game_says(register: Any) -> None:
    """A game whose sessions end after one deal, whatever ``deals`` says: each session
    counts the one deal it played (as a poker session ending in a freeze-out does)."""
    register("short", _Short)
    result = simulate("short", DrawBelow(16), deals=6, players=3, session_deals=2)
    assert result.deals == 3 and result.per_deal.shape == (3, 3)
    assert result.sessions.tolist() == [0, 1, 2] and sum(result.totals) == 0


def test_the_roles_are_the_games(register: Any) -> None:
    register("eldest", _Eldest)
    result = simulate("eldest", DrawBelow(16), deals=200, players=4, seed=2, session_deals=50)
    plain = simulate("vingt_un", DrawBelow(16), deals=200, players=4, seed=2, session_deals=50)
    assert result.role_names == ("dealer", "eldest", "player")
    assert np.array_equal(result.per_deal, plain.per_deal)
    assert result.by_role["dealer"] == plain.by_role["dealer"]
    eldest = result.role_series("eldest")
    assert eldest[1].tolist() == [1] * 200
    assert result.by_role["eldest"] == Estimate.from_series(eldest[0])
    table = result.table()
    assert "| eldest | " in table and table.endswith(" | 400 |") and "| dealer | " in table


def test_a_game_that_names_no_roles(register: Any) -> None:
    register("nameless", _Nameless)
    result = simulate("nameless", DrawBelow(16), deals=30, players=3, seed=2)
    assert result.role_names == ("player",) and result.by_role["player"].mean == 0.0
    assert result.per_deal.tolist() == simulate("vingt_un", DrawBelow(16), deals=30, players=3,
                                                seed=2).per_deal.tolist()  # fmt: skip


# --------------------------------------------------------------------------------------
# (9) bad arguments
# --------------------------------------------------------------------------------------

BAD_COUNTS = [0, -1, -200, True, False, 2.0, 1.5, "10", None, 10**0 * 1j]


@pytest.mark.parametrize("name", ["deals", "session_deals", "block"])
@pytest.mark.parametrize("value", BAD_COUNTS, ids=repr)
def test_bad_counts_are_refused_naming_the_value(name: str, value: object) -> None:
    kwargs: dict[str, object] = {"deals": 10, "session_deals": 5, "block": 1, name: value}
    with pytest.raises(ValueError, match=name) as raised:
        simulate("vingt_un", DrawBelow(16), players=3, **kwargs)  # type: ignore[arg-type]
    assert repr(value) in str(raised.value)
    assert isinstance(raised.value, GameOptionError)


@pytest.mark.parametrize(("kwargs", "named"), [
    ({"deals": 10**100}, "deals must be an int from 1 to 1,000,000,000"),
    ({"deals": 10**12}, "deals must be an int from 1 to 1,000,000,000, not 1000000000000"),
    ({"session_deals": 10**10}, "session_deals must be an int from 1 to"),
    ({"players": 10**30}, "players must be an int from 2 to 12, not 1000000000000000000000000000000"),
    ({"players": 10**12}, "players must be an int from 2 to 12"),
    ({"seed": 2**250}, "the seed must keep every session's seed (seed * 1,000,003 + its index) within 256 bits"),
    ({"seed": -(2**250)}, "within 256 bits, not -180925139433306555349329664076074856020734351040063381311652"),
])  # fmt: skip
def test_huge_counts_and_seeds_are_refused_before_anything_is_built(kwargs: dict[str, object], named: str) -> None:
    """A count or seed too big for a simulation is refused at once, naming the value given
    (not an OverflowError or MemoryError from building the plan, nor a session's own seed)."""
    terms: dict[str, object] = {"deals": 10, "players": 2, **kwargs}
    with pytest.raises(GameOptionError) as raised:
        simulate("vingt_un", DrawBelow(16), **terms)  # type: ignore[arg-type]
    assert named in str(raised.value)


@pytest.mark.parametrize("key", ["deals", "until", "players", "seed"])
def test_options_may_not_set_what_simulate_sets(key: str) -> None:
    if key == "until":  # the others are simulate's own arguments
        with pytest.raises(GameOptionError, match="'until' is not a game option here"):
            simulate("vingt_un", DrawBelow(16), deals=5, players=2, until="rotations")
    with pytest.raises(GameOptionError, match=repr(key)):
        play_session("vingt_un", POLICIES[:2], 5, 1, {key: 3})


def test_other_bad_arguments() -> None:
    with pytest.raises(GameOptionError, match="players="):
        simulate("vingt_un", DrawBelow(16), deals=5)
    with pytest.raises(GameOptionError, match="players=3"):
        simulate("vingt_un", POLICIES, deals=5, players=3)
    with pytest.raises(GameOptionError, match="1.5"):
        simulate("vingt_un", DrawBelow(16), deals=5, players=3, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(GameOptionError, match="executor"):
        simulate("vingt_un", DrawBelow(16), deals=5, players=3, executor=1)  # type: ignore[arg-type]
    with pytest.raises(GameOptionError, match="'max_stak'"):
        simulate("vingt_un", DrawBelow(16), deals=5, players=3, max_stak=2)
    with pytest.raises(GameOptionError, match="'whist'"):
        simulate("whist", DrawBelow(16), deals=5, players=3)
    with pytest.raises(GameOptionError, match="13"):
        simulate("vingt_un", DrawBelow(16), deals=5, players=13)
    with pytest.raises(GameOptionError, match="1"):
        simulate("vingt_un", [DrawBelow(16)], deals=5)
    with pytest.raises(GameOptionError, match=r"strategies\[1\].*'draw'"):
        simulate("vingt_un", [DrawBelow(16), "draw"], deals=5)  # type: ignore[list-item]
    with pytest.raises(GameOptionError, match="'draw'"):
        simulate("vingt_un", "draw", deals=5, players=2)  # type: ignore[arg-type]
    with pytest.raises(GameOptionError, match="1000001"):
        simulate("vingt_un", DrawBelow(16), deals=10**7, players=2, session_deals=10**6 + 1)


# --------------------------------------------------------------------------------------
# what an audit found: executors that return other than their tasks, failing policies
# --------------------------------------------------------------------------------------


class Reversed:
    """An executor whose map gives the results in the reverse order."""

    def map(self, fn: Any, *iterables: Any) -> list[Any]:
        return list(map(fn, *iterables))[::-1]


class Garbled:
    def __init__(self, make: Any) -> None:
        self.make = make

    def map(self, fn: Any, *iterables: Any) -> Any:
        return self.make(list(map(fn, *iterables)))


@pytest.mark.parametrize("executor", [
    Reversed(), Garbled(lambda done: [None] * len(done)), Garbled(lambda done: done[:-1]),
    Garbled(lambda done: done + done), Garbled(lambda done: []), Garbled(lambda done: "garbage"),
    Garbled(lambda done: [[42]] * len(done)), Garbled(lambda done: None),
], ids=["reversed", "nones", "one short", "twice", "empty", "text", "lists", "none"])  # fmt: skip
def test_an_executor_that_does_not_return_each_task_s_sessions_in_order_is_named(executor: Any) -> None:
    with pytest.raises(GameOptionError, match="executor"):
        simulate("vingt_un", DrawBelow(16), deals=400, seed=1, players=3, session_deals=100, executor=executor)


def test_a_failing_policy_s_error_says_where_it_happened() -> None:
    def broken(observation: Any, legal: Any) -> Any:
        raise ZeroDivisionError("the caller's own bug")

    with pytest.raises(ZeroDivisionError) as caught:
        simulate("vingt_un", [DrawBelow(16), broken, DrawBelow(16)], deals=10, seed=3)
    notes = getattr(caught.value, "__notes__", None)  # exceptions take notes from Python 3.11
    assert notes is None or any("the policy of seat 1" in note and "session seed" in note for note in notes)
    assert notes is not None or not hasattr(caught.value, "add_note")
