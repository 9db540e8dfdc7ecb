"""Monte Carlo simulation of any registered game with policies at every seat.

The experiment and its execution are separate. The experiment is ``deals``
deals played as a sequence of independent sessions of ``session_deals`` deals
each (the last session holds the remainder), session ``i`` seeded from
``seed * 1_000_003 + i``. The execution hands ``block`` sessions at a time to an
executor's workers, or plays them here; it never changes the result.

The results are read from the game's own records, nowhere else: the
:class:`~pycards.games.engine.events.DealEnded` entry closing each deal gives
every seat's reward in it and its role (``"dealer"``, ``"player"``, ``"out"``...,
as the game names them). :attr:`SimulationResult.per_deal` keeps every reward,
:attr:`SimulationResult.roles` every role and :attr:`SimulationResult.sessions`
the session of each deal. The 95% intervals are computed from those series in
deal order by the method of batch means (:meth:`Estimate.from_series`), so they
do not depend on how the sessions were spread over workers and are valid for a
single session.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from pycards._student import t_quantile
from pycards.errors import GameOptionError
from pycards.games.base import MAX_SEED_BITS
from pycards.games.engine.document import plain_object, plain_str, shown
from pycards.games.engine.events import DealEnded
from pycards.games.policies import Policy, check_plays, for_session

if TYPE_CHECKING:  # numpy is imported on first use, so that importing pycards.games stays light
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
    FloatArray = npt.NDArray[np.float64]
    RoleArray = npt.NDArray[np.integer[Any]]

__all__ = ["MIN_INTERVAL_VALUES", "Estimate", "Session", "SimulationResult", "play_session", "ratio_estimate",
           "session_terms", "simulate"]  # fmt: skip

RESERVED_OPTIONS = ("deals", "until", "players", "seed")

MAX_DEALS = 10**9
"""The most deals one simulation may play (its per-deal results are kept in memory)."""

SESSION_SEED_STEP = 1_000_003
"""Session ``i`` of a simulation seeded ``seed`` is seeded ``seed * SESSION_SEED_STEP + i``."""
"""Game arguments that :func:`simulate` sets itself."""
NO_ROLE = "player"
"""The role of every seat in a deal whose game names no roles."""


# --------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------


def _batches(n: int) -> int:
    """The number of batches for a series of ``n`` values: max(2, isqrt(n))."""
    return max(2, math.isqrt(n))


MIN_INTERVAL_VALUES = 30
"""The fewest values (deals) an interval is given for (five batches): with fewer, batch means
of a game's discrete, skewed and correlated results are often of zero width and cover far
less than 95% (measured on Vingt-un: 71% at 2 deals, 83% at 4)."""


@dataclass(frozen=True)
class Estimate:
    """A mean per unit (deal, seat-deal in a role) with its 95% confidence interval.

    ``low`` and ``high`` are nan when the series had fewer than two values.
    """

    mean: float
    low: float
    high: float

    def __str__(self) -> str:
        """The mean and its interval; "no interval" where there is none (too few values).

        >>> str(Estimate(0.5, 0.25, 0.75)), str(Estimate(1.5, math.nan, math.nan))
        ('+0.5000 [+0.2500, +0.7500]', '+1.5000 [no interval]')
        """
        if math.isnan(self.low) or math.isnan(self.high):
            return f"{self.mean:+.4f} [no interval]"
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
        (the deal staying with a seat for several deals) while leaving enough
        batches to estimate the variance. With fewer than
        :data:`MIN_INTERVAL_VALUES` values the interval is (nan, nan). Anything but a
        sequence (or 1-D array) of finite numbers raises GameOptionError naming it.

        >>> e = Estimate.from_series(range(36)); e.mean, round(e.low, 2), round(e.high, 2)
        (17.5, 5.72, 29.28)
        >>> Estimate.from_series([5] * 29)
        Estimate(mean=5.0, low=nan, high=nan)
        """
        import numpy as np

        series = _series("the values", values)
        return ratio_estimate(series, np.ones(len(series)))


def _series(what: str, values: object) -> FloatArray:
    """``values`` (a list, range or 1-D array of finite numbers) as floats; GameOptionError naming
    them if they are anything else (a number alone, text, an iterator, a table, a NaN)."""
    import numpy as np

    if not isinstance(values, (str, bytes)):
        try:  # anything: numpy's own errors (a huge int, a failing __len__ or __float__) are the answer
            raw = np.asarray(values)
            if raw.ndim == 1 and raw.dtype.kind in "biufO":
                series: FloatArray = raw.astype(np.float64)
                if np.isfinite(series).all():
                    return series
        except Exception:
            pass
    raise GameOptionError(f"{what} must be a sequence (or 1-D array) of finite numbers, not {shown(values)}")


def ratio_estimate(sums: npt.ArrayLike, counts: npt.ArrayLike) -> Estimate:
    """The mean per unit of ``sum(sums) / sum(counts)``, where deal ``d`` holds ``counts[d]``
    units whose values sum to ``sums[d]``, with its 95% interval by batch means over the deals.

    The batches are those of :meth:`Estimate.from_series` over the deals (k =
    max(2, isqrt(deals)) contiguous batches of near-equal numbers of deals, a
    deal never split), with N_j units and sum S_j each: the variance of the
    mean is k/(k-1) * sum_j (S_j - mean * N_j)**2 / N**2 for N units in all.
    With one unit a deal it is :meth:`Estimate.from_series` of ``sums``; with c
    units every deal, that of ``sums / c``. The interval is nan with fewer than
    :data:`MIN_INTERVAL_VALUES` deals or two units, the mean too without a unit. Series that
    are not of finite numbers, or not of one length, raise GameOptionError naming them.

    >>> ratio_estimate([2, 4] * 20, [2, 2] * 20) == Estimate.from_series([1, 2] * 20)
    True
    """
    import numpy as np

    values = _series("the sums", sums)
    units = _series("the counts", counts)
    if len(units) != len(values):
        raise GameOptionError(f"the sums and counts are of {len(values)} and {len(units)} deals: not one count a sum")
    total_units = float(units.sum())
    deals = len(values)
    if total_units == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = float(values.sum()) / total_units
    if deals < MIN_INTERVAL_VALUES or total_units < 2:
        return Estimate(mean, math.nan, math.nan)
    k = _batches(deals)
    starts = np.arange(k, dtype=np.int64) * deals // k
    batch_sums = np.add.reduceat(values, starts)
    batch_units = np.add.reduceat(units, starts)
    var = k / (k - 1) * float(np.sum((batch_sums - mean * batch_units) ** 2)) / (total_units * total_units)
    half = t_quantile(0.975, k - 1) * math.sqrt(var)
    return Estimate(mean, mean - half, mean + half)


def _same_estimate(a: Estimate, b: Estimate) -> bool:
    return all(x == y or (math.isnan(x) and math.isnan(y))
               for x, y in ((a.mean, b.mean), (a.low, b.low), (a.high, b.high)))  # fmt: skip


def _frozen(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    array.flags.writeable = False
    return array


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """Every seat's reward and role in every deal, and the estimates made from them.

    ``per_deal[d, s]`` is seat ``s``'s reward in deal ``d`` (int64, shape
    ``(deals, seats)``), ``roles[d, s]`` its role there as an index into
    ``role_names`` (the game's names, sorted) and ``sessions[d]`` the session the
    deal belongs to, deals in the order played (session 0's first).
    ``seats[s]`` estimates seat ``s``'s reward per deal and ``by_role[r]`` the
    reward per seat-deal in role ``r`` (:meth:`role_series` gives its series);
    ``totals`` is ``per_deal.sum(axis=0)``. The arrays are read-only; results
    compare equal when every field and array is equal.
    """

    game: str
    deals: int
    seats: tuple[Estimate, ...]
    by_role: dict[str, Estimate]
    totals: tuple[int, ...]
    role_names: tuple[str, ...]
    per_deal: IntArray = field(repr=False)
    roles: RoleArray = field(repr=False)
    sessions: IntArray = field(repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimulationResult):
            return NotImplemented
        import numpy as np

        return (
            self.game == other.game
            and self.deals == other.deals
            and self.totals == other.totals
            and self.role_names == other.role_names
            and len(self.seats) == len(other.seats)
            and all(_same_estimate(a, b) for a, b in zip(self.seats, other.seats))
            and self.by_role.keys() == other.by_role.keys()
            and all(_same_estimate(e, other.by_role[r]) for r, e in self.by_role.items())
            and np.array_equal(self.per_deal, other.per_deal)
            and np.array_equal(self.roles, other.roles)
            and np.array_equal(self.sessions, other.sessions)
        )

    def __hash__(self) -> int:
        return hash((self.game, self.deals, self.totals))

    def role_of(self, deal: int, seat: int) -> str:
        """Seat ``seat``'s role in deal ``deal``."""
        return self.role_names[int(self.roles[deal, seat])]

    def role_series(self, role: str) -> tuple[IntArray, IntArray]:
        """Per deal: the rewards of the seats in ``role`` summed, and how many they were
        (the series behind ``by_role[role]``, by :func:`ratio_estimate`)."""
        name = plain_str(role)
        if name is None or name not in self.role_names:
            raise GameOptionError(f"no seat had the role {shown(role)}; the roles are {self.role_names!r}")
        return _role_sums(self.per_deal, self.roles, self.role_names.index(name))

    def table(self) -> str:
        """The results as markdown tables: per seat, then per role."""
        sessions = int(self.sessions[-1]) + 1 if len(self.sessions) else 0
        lines = [
            f"{self.game}: {self.deals} deals in {sessions} session{'s' if sessions != 1 else ''}, "
            "reward per deal (95% interval)",
            "",
            "| seat | mean per deal | total |",
            "|---|---:|---:|",
        ]
        for seat, (estimate, total) in enumerate(zip(self.seats, self.totals)):
            lines.append(f"| {seat} | {estimate} | {total:+d} |")
        lines += ["", "| role | mean per seat-deal | seat-deals |", "|---|---:|---:|"]
        for role, estimate in self.by_role.items():
            count = int((self.roles == self.role_names.index(role)).sum())
            lines.append(f"| {role} | {estimate} | {count} |")
        return "\n".join(lines)


def _role_sums(per_deal: IntArray, roles: RoleArray, role: int) -> tuple[IntArray, IntArray]:
    """Per deal: the rewards of the seats whose role index is ``role`` summed, and their number."""
    import numpy as np

    mask = roles == role
    sums = np.where(mask, per_deal, 0).sum(axis=1).astype(np.int64)
    return sums, mask.sum(axis=1).astype(np.int64)


# --------------------------------------------------------------------------------------
# Playing
# --------------------------------------------------------------------------------------


class Session(NamedTuple):
    """One session's deals, read from its ``DealEnded`` entries: each seat's reward in each
    deal (shape ``(deals, seats)``) and its role there, as an index into ``role_names``
    (the session's roles in the order they first appeared)."""

    per_deal: IntArray
    roles: RoleArray
    role_names: tuple[str, ...]


def _check_count(name: str, value: object, most: int = MAX_DEALS, least: int = 1) -> int:
    """``value`` if it is an int (exactly: not a bool, nor a subclass with its own comparisons) from
    ``least`` to ``most``."""
    if type(value) is not int or not least <= value <= most:
        raise GameOptionError(f"{name} must be an int from {least} to {most:,}, not {shown(value)}")
    return value


def _policies(game: str, strategies: object, what: str) -> list[Policy]:
    """``strategies`` (a sequence of policies, one a seat of game ``game``) as a list, read at most
    once past the game's most players; GameOptionError naming it, or the policy at fault, otherwise."""
    from pycards.games import game_class

    if isinstance(strategies, (str, bytes)) or not isinstance(strategies, Sequence):
        raise GameOptionError(f"{what} is a policy or a sequence of policies, not {shown(strategies)}")
    most = game_class(game).MAX_PLAYERS
    try:  # a sequence whose __iter__ or __getitem__ raises, or that never ends
        policies = list(itertools.islice(strategies, most + 1))
    except Exception as error:
        raise GameOptionError(f"{what} {shown(strategies)} could not be read ({type(error).__name__})") from error
    if len(policies) > most:
        raise GameOptionError(f"{what} holds more than {most} policies, the most players of {game}: "
                              f"{shown(strategies)}")  # fmt: skip
    for i, policy in enumerate(policies):
        if not callable(policy):
            raise GameOptionError(f"{what}[{i}] must be a policy (a callable), not {shown(policy)}")
        check_plays(policy, game, f"{what}[{i}]")
    return policies


def _check_seed(seed: object, sessions: int) -> None:
    """``seed`` an int whose every session seed fits a game's seed (:data:`MAX_SEED_BITS` bits)."""
    if type(seed) is not int:
        raise GameOptionError(f"the seed must be an int, not {shown(seed)}")
    ends = (seed * SESSION_SEED_STEP, seed * SESSION_SEED_STEP + sessions - 1)
    if max(end.bit_length() for end in ends) > MAX_SEED_BITS:
        raise GameOptionError(f"the seed must keep every session's seed (seed * {SESSION_SEED_STEP:,} + its"
                              f" index) within {MAX_SEED_BITS} bits, not {shown(seed)}")  # fmt: skip


def _check_options(options: Mapping[str, Any]) -> None:
    for key in RESERVED_OPTIONS:
        if key in options:
            where = "deals= and session_deals=" if key in ("deals", "until") else f"{key}="
            raise GameOptionError(f"{key!r} is not a game option here: simulate sets it from {where}")


def session_terms(name: str, deals: int) -> dict[str, Any]:
    """The options that make a session of game ``name`` last ``deals`` deals: ``deals=``,
    and ``until="deals"`` where the game has other ways of ending a session."""
    from pycards.games import game_class

    _check_count("deals", deals)
    names = {f.name for f in game_class(name).Options.describe()}
    if "deals" not in names:
        raise GameOptionError(f"game {shown(name)} has no option 'deals': its sessions cannot be counted in deals")
    return {"deals": deals, "until": "deals"} if "until" in names else {"deals": deals}


def play_session(name: str, policies: Sequence[Policy], deals: int, seed: int,
                 options: Mapping[str, Any]) -> Session:  # fmt: skip
    """Play one session of ``deals`` deals of game ``name`` (seeded by ``seed``), one policy
    a seat; every deal's rewards and roles, from the ``DealEnded`` entries of the records
    that ``apply`` returns.

    Each policy plays :func:`~pycards.games.policies.for_session` of itself. The
    session lasts as its game's rules say: ``deals`` deals, or fewer or more where the
    rules end it early or play on (a poker session ends when fewer than two players
    hold counters, and plays on while its pool holds counters nobody has won). The
    rewards of the session must sum to the game's ``payoffs()`` at its end, and the
    deals must be numbered in order: otherwise RuntimeError (the game broke its
    protocol). A bad game, policy, count, seed or option raises
    :class:`~pycards.errors.GameOptionError` naming it.
    """
    import numpy as np

    from pycards.games import canonical_name, new_game

    plain = plain_object(options, "the options", GameOptionError)
    _check_options(plain)
    policies = _policies(canonical_name(name), policies, "policies")
    seats = len(policies)
    game = new_game(name, players=seats, seed=seed, **session_terms(name, deals), **plain)
    fresh: dict[int, Policy] = {}
    players = [fresh.setdefault(id(p), for_session(p, seed)) for p in policies]
    rewards: list[tuple[int, ...]] = []
    roles: list[list[int]] = []
    names: dict[str, int] = {}
    while True:
        seat = game.to_act
        if seat is None:
            break
        try:
            record = game.apply(players[seat](game.observation(seat), game.legal_actions()))
        except Exception as error:  # the caller's policy: its own error, told where it happened
            if hasattr(error, "add_note"):  # Python 3.11 on
                error.add_note(f"in game {shown(name)}, session seed {seed}, the policy of seat {seat}: "
                               f"{shown(policies[seat])}")  # fmt: skip
            raise
        for entry in record.entries:
            if type(entry) is DealEnded:
                if entry.deal != len(rewards) or len(entry.rewards) != seats:
                    raise RuntimeError(f"game {shown(name)} (seed {seed}) closed deal {entry.deal} with "
                                       f"{entry.rewards!r} after {len(rewards)} deals")  # fmt: skip
                rewards.append(entry.rewards)
                named = entry.roles if len(entry.roles) == seats else (NO_ROLE,) * seats
                roles.append([names.setdefault(role, len(names)) for role in named])
    if not rewards:
        raise RuntimeError(f"game {shown(name)} (seed {seed}) ended before its first deal was over")
    played = len(rewards)
    per_deal = np.array(rewards, dtype=np.int64).reshape(played, seats)
    payoffs = game.payoffs()
    if per_deal.sum(axis=0).tolist() != [payoffs[s] for s in range(seats)]:
        raise RuntimeError(f"game {shown(name)} (seed {seed}): the deals' rewards sum to "
                           f"{per_deal.sum(axis=0).tolist()!r}, its payoffs are {payoffs!r}")  # fmt: skip
    small = np.int8 if len(names) <= 127 else np.int32
    role_array: RoleArray = np.array(roles, dtype=small)
    return Session(per_deal, role_array.reshape(played, seats), tuple(names))


def _play_sessions(name: str, policies: Sequence[Policy], sessions: Sequence[tuple[int, int]],
                   options: Mapping[str, Any]) -> tuple[list[tuple[int, int]], list[Session]]:  # fmt: skip
    """One executor task: the sessions ``(deals, seed)`` in order, and the task itself (so
    that :func:`_checked` can tell the executor returned each task's own sessions)."""
    return list(sessions), [play_session(name, policies, deals, seed, options) for deals, seed in sessions]


def _own_sessions(result: object, task: Sequence[tuple[int, int]], seats: int) -> bool:
    """Whether ``result`` is what :func:`_play_sessions` returns for ``task`` at ``seats`` seats
    (compared without calling anything of the result's own)."""
    import numpy as np

    if type(result) is not tuple or len(result) != 2 or type(result[0]) is not list or type(result[1]) is not list:
        return False
    done, sessions = result
    if len(done) != len(task) or len(sessions) != len(task):
        return False
    if not all(type(d) is tuple and len(d) == 2 and all(type(x) is int for x in d) and d == t
               for d, t in zip(done, task)):  # fmt: skip
        return False
    for session in sessions:
        if type(session) is not Session:
            return False
        per_deal, roles, names = session
        if not (type(per_deal) is np.ndarray and type(roles) is np.ndarray and per_deal.dtype == np.int64
                and roles.dtype.kind == "i" and per_deal.ndim == 2 and per_deal.shape[1] == seats
                and roles.shape == per_deal.shape and type(names) is tuple
                and all(type(role) is str for role in names)):  # fmt: skip
            return False
        if roles.size and not 0 <= int(roles.min()) <= int(roles.max()) < len(names):
            return False
    return True


def _checked(played: object, tasks: Sequence[Sequence[tuple[int, int]]], executor: object,
             seats: int) -> list[Session]:  # fmt: skip
    """The sessions of every task, in order, from what ``executor.map`` returned; GameOptionError
    naming the executor if that is not each task's own result, in the order given.

    At most one result past the tasks is read (a map that never ends is refused). An error
    raised while reading them, a policy's own or the executor's, goes on as it was raised."""
    results = None
    if isinstance(played, Iterable) and not isinstance(played, (str, bytes)):
        results = list(itertools.islice(played, len(tasks) + 1))
    if results is None or len(results) != len(tasks):
        count = "not a sequence" if results is None else f"{len(results)} results"
        if results is not None and len(results) > len(tasks):
            count = "more results"
        raise GameOptionError(f"executor {shown(executor)} returned {count} for {len(tasks)} tasks "
                              "(its map must give one result per task, in order)")  # fmt: skip
    sessions: list[Session] = []
    for i, (result, task) in enumerate(zip(results, tasks)):
        if not _own_sessions(result, task, seats):
            seeds = f"{task[0][1]}..{task[-1][1]}"
            raise GameOptionError(f"executor {shown(executor)} returned {shown(result)} for task {i} (sessions "
                                  f"seeded {seeds}): not that task's sessions, in order")  # fmt: skip
        sessions.extend(result[1])
    return sessions


def _chunks(items: Sequence[tuple[int, int]], size: int) -> Iterable[Sequence[tuple[int, int]]]:
    return (items[i : i + size] for i in range(0, len(items), size))


def simulate(name: str, strategies: Policy | Sequence[Policy], deals: int, seed: int = 0,
             executor: Executor | None = None, block: int = 1, players: int | None = None,
             session_deals: int = 200, **options: Any) -> SimulationResult:  # fmt: skip
    """Play ``deals`` deals of game ``name`` with a policy at every seat.

    ``strategies`` is one policy per seat (or one policy for ``players`` seats).
    The deals are played as independent sessions of ``session_deals`` deals (the
    last session holds the remainder; a session lasts as its game's rules say, so a
    poker session may end early or play on, and ``result.deals`` counts the deals
    played), session ``i`` seeded from
    ``seed * 1_000_003 + i``; ``options`` are the game's terms (not ``deals``,
    ``until``, ``players`` or ``seed``, which this function sets).

    With an ``executor`` (a ``concurrent.futures`` one: processes here, or any
    executor-compatible engine such as Dask's for a cluster) the sessions run
    there, ``block`` sessions per task; neither the executor nor ``block``
    changes the result. The intervals are batch means over the deals in order
    (:meth:`Estimate.from_series`, :func:`ratio_estimate`): valid for a single
    session, and nan with fewer than :data:`MIN_INTERVAL_VALUES` deals. An executor
    whose ``map`` does not give back each task's own sessions, in order, raises
    GameOptionError naming it. A bad ``deals``, ``session_deals``
    or ``block`` (not an int from 1 to :data:`MAX_DEALS`), seed (one whose session
    seeds would pass a game's 256 bits), player count, policy, executor, game or
    option raises :class:`~pycards.errors.GameOptionError` (a
    ``ValueError``) naming it.

    >>> from pycards.games.policies import DrawBelow
    >>> result = simulate("vingt_un", DrawBelow(16), deals=400, seed=1, players=3)
    >>> result.deals, sum(result.totals), result.per_deal.shape, int(result.sessions[-1])
    (400, 0, (400, 3), 1)
    >>> result.role_names, int((result.roles == result.role_names.index("dealer")).sum())
    (('dealer', 'player'), 400)
    >>> dealer = result.by_role["dealer"]
    >>> dealer.low < dealer.mean < dealer.high
    True
    >>> result == simulate("vingt_un", DrawBelow(16), deals=400, seed=1, players=3, block=2)
    True
    """
    import numpy as np

    from pycards.games import canonical_name, game_class, new_game

    _check_count("deals", deals)
    _check_count("session_deals", session_deals)
    _check_count("block", block)
    _check_seed(seed, -(-deals // session_deals))
    game = canonical_name(name)
    options = plain_object(options, "the options", GameOptionError)
    _check_options(options)
    if callable(strategies):
        if players is None:
            raise GameOptionError("give players= when one policy plays every seat")
        table = game_class(game)
        _check_count("players", players, table.MAX_PLAYERS, table.MIN_PLAYERS)
        check_plays(strategies, game)
        policies = [strategies] * players
    else:
        policies = _policies(game, strategies, "strategies")
        if players is not None and (type(players) is not int or players != len(policies)):
            raise GameOptionError(f"players={shown(players)} but {len(policies)} policies were given")
    try:  # an executor whose attributes raise is as bad as one without map
        mapping = None if executor is None else getattr(executor, "map", None)
    except Exception:
        mapping = None
    if executor is not None and not callable(mapping):
        raise GameOptionError(f"executor must be a concurrent.futures Executor, not {shown(executor)}")
    whole, rest = divmod(deals, session_deals)
    sizes = [session_deals] * whole + ([rest] if rest else [])
    # every argument checked here, at once, rather than in a worker: the players, each option
    new_game(game, players=len(policies), seed=seed, **session_terms(game, sizes[0]), **options)
    plan = [(size, seed * SESSION_SEED_STEP + i) for i, size in enumerate(sizes)]
    tasks = list(_chunks(plan, block))
    if executor is None:
        results = [session for task in tasks for session in _play_sessions(game, policies, task, options)[1]]
    else:
        n = len(tasks)
        played = executor.map(_play_sessions, [game] * n, [policies] * n, tasks, [options] * n)
        results = _checked(played, tasks, executor, len(policies))
    seats = len(policies)
    lengths = [len(s.per_deal) for s in results]
    dealt = sum(lengths)
    per_deal = _frozen(np.concatenate([s.per_deal for s in results]).reshape(dealt, seats))
    role_names = tuple(sorted({role for s in results for role in s.role_names}))
    index = {role: i for i, role in enumerate(role_names)}
    small = np.int8 if len(role_names) <= 127 else np.int32
    roles: RoleArray = np.concatenate([
        np.array([index[r] for r in s.role_names], dtype=small)[s.roles] for s in results
    ]).reshape(dealt, seats)  # fmt: skip
    _frozen(roles)
    sessions = _frozen(np.repeat(np.arange(len(sizes), dtype=np.int64), lengths))
    totals = tuple(int(t) for t in per_deal.sum(axis=0))
    seat_estimates = tuple(Estimate.from_series(per_deal[:, s]) for s in range(seats))
    by_role = {role: ratio_estimate(*_role_sums(per_deal, roles, i)) for role, i in index.items()}
    return SimulationResult(game, dealt, seat_estimates, by_role, totals, role_names,
                            per_deal, roles, sessions)  # fmt: skip
