"""Shared benchmark cases for pycards and its peers.

One registry serves both the pytest-benchmark suite (``test_bench_*.py``) and the
stand-alone report (``report.py``). A *case* is a small factory registered with
:func:`case`: given a :class:`Context` (seeded corpora, lazily built) it returns a
:class:`Timed` -- a zero-argument callable plus the number of hands one call
processes -- or raises :class:`Unavailable` (peer not installed, pycards not built,
API missing). Everything a library needs (its own card objects, arrays, executors)
is prepared in the factory, outside the timed region.

Later games add rows by registering more cases (and targets) in this module or in a
module imported from here, e.g.::

    @case("commerce3", "pycards.commerce.evaluate", "pycards")
    def _(ctx):
        ev = _pycards_attr("pycards.commerce", "evaluate")
        hands = ctx.three_card_tuples
        return Timed(lambda: _drain(map(ev, hands)), len(hands))

Nothing here runs at import time beyond defining the registry, so importing it (as
pytest's ``--doctest-modules`` does) is cheap and never fails.
"""

from __future__ import annotations

import collections
import functools
import importlib
import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

SEED = 20240601
"""Seed of every corpus (numpy ``default_rng``)."""

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # suit_index 0..3 = clubs, diamonds, hearts, spades (pycards ids)

ALL_HANDS_COUNT = 2_598_960

# ---------------------------------------------------------------------------
# Registry
# ---------------------------------------------------------------------------


class Unavailable(Exception):
    """A case cannot run here; the message says why (shown in the report)."""


@dataclass
class Timed:
    """What a case factory returns: ``fn()`` processes ``items`` hands."""

    fn: Callable[[], Any]
    items: int
    note: str = ""


@dataclass
class Case:
    group: str
    name: str
    library: str
    factory: Callable[[Context], Timed]
    note: str = ""

    @property
    def id(self) -> str:
        return f"{self.group}::{self.name}"


CASES: list[Case] = []

GROUPS: dict[str, str] = {}
"""Group key -> human title, in display order."""

GROUP_REFERENCE: dict[str, str] = {}
"""Group key -> case name that ratios are taken against (default: first pycards case)."""

GROUP_UNITS: dict[str, str] = {}
"""Group key -> what one item of its cases is ("deal", "decision", "call"); default "hand".
The report gives such a group's figures as ns per item and items per second."""


def group(key: str, title: str, reference: str | None = None, unit: str | None = None) -> None:
    GROUPS.setdefault(key, title)
    if reference is not None:
        GROUP_REFERENCE[key] = reference
    if unit is not None:
        GROUP_UNITS[key] = unit


def unit_of(group_key: str) -> str:
    """What one item of the group's cases is (``Timed.items`` counts them)."""
    return GROUP_UNITS.get(group_key, "hand")


@dataclass
class Metric:
    """A measured value that is not a timing (a size, a count), reported with its group.

    ``value(ctx)`` computes it (or raises :class:`Unavailable`); report.py shows it under
    "Other metrics" as ``text`` and puts it in the targets' results as ``metric::key``.
    """

    group: str
    key: str
    text: str
    value: Callable[[Context], float]
    unit: str = ""


METRICS: list[Metric] = []


def metric(group_key: str, key: str, text: str, unit: str = "") -> Callable[
    [Callable[[Context], float]], Callable[[Context], float]
]:
    """Register a metric (decorator); it is measured when its group is."""

    def deco(fn: Callable[[Context], float]) -> Callable[[Context], float]:
        METRICS.append(Metric(group_key, key, text, fn, unit))
        return fn

    return deco


def case(group_key: str, name: str, library: str, note: str = "") -> Callable[
    [Callable[[Context], Timed]], Callable[[Context], Timed]
]:
    """Register a case factory (decorator)."""

    def deco(factory: Callable[[Context], Timed]) -> Callable[[Context], Timed]:
        CASES.append(Case(group_key, name, library, factory, note))
        return factory

    return deco


def find_case(case_id: str) -> Case:
    for c in CASES:
        if c.id == case_id:
            return c
    raise KeyError(case_id)


# ---------------------------------------------------------------------------
# Corpora
# ---------------------------------------------------------------------------


def random_hands(n: int, seed: int = SEED, k: int = 5) -> np.ndarray:
    """``n`` random hands of ``k`` distinct card ids (uint8, shape (n, k)), seeded."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    filled = 0
    while filled < n:
        want = int((n - filled) * 1.3) + 16
        cand = rng.integers(0, 52, size=(want, k), dtype=np.uint8)
        s = np.sort(cand, axis=1)
        ok = np.all(s[:, 1:] != s[:, :-1], axis=1)
        good = cand[ok][: n - filled]
        out[filled : filled + len(good)] = good
        filled += len(good)
    return out


def all_hands() -> np.ndarray:
    """All 2,598,960 five-card hands in lexicographic order (uint8, (N, 5))."""
    return _all_hands_cached()


@functools.lru_cache(maxsize=1)
def _all_hands_cached() -> np.ndarray:
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=ALL_HANDS_COUNT * 5,
    )
    arr = flat.reshape(ALL_HANDS_COUNT, 5)
    arr.flags.writeable = False
    return arr


ALL_THREE_COUNT = 22_100


@functools.lru_cache(maxsize=1)
def all_three_hands() -> np.ndarray:
    """All 22,100 three-card hands in lexicographic order (uint8, (N, 3))."""
    arr = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    arr.flags.writeable = False
    return arr


def vingtun_hands(n: int, seed: int) -> np.ndarray:
    """``n`` random hands of 2-6 distinct cards (lengths uniform), uint8 (n, 6), padded with 255."""
    out = random_hands(n, seed, 6)
    lengths = np.random.default_rng(seed + 1000).integers(2, 7, size=n)
    out[np.arange(6)[None, :] >= lengths[:, None]] = 255
    return np.ascontiguousarray(out)


def card_str(cid: int) -> str:
    """pycards id -> two-letter text used by eval7/treys/deuces/pokerkit ("As")."""
    return RANKS[cid // 4] + SUITS[cid % 4]


@dataclass
class Context:
    """Seeded corpora shared by all cases. Sizes shrink with ``quick``."""

    quick: bool = False
    seed: int = SEED
    corpus_size: int = 1000
    batch_size: int = 200_000
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def peer_loop_size(self) -> int:
        """Subset of the batch that peers loop over in Python (kept small)."""
        return 5_000 if self.quick else 20_000

    def _get(self, key: str, make: Callable[[], Any]) -> Any:
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    # single-call corpus: 1000 random hands cycled through
    @property
    def corpus(self) -> np.ndarray:
        return self._get("corpus", lambda: random_hands(self.corpus_size, self.seed))

    @property
    def corpus_tuples(self) -> list[tuple[int, ...]]:
        return self._get("corpus_tuples", lambda: [tuple(map(int, r)) for r in self.corpus])

    # batch corpus
    @property
    def batch(self) -> np.ndarray:
        return self._get(
            "batch", lambda: np.ascontiguousarray(random_hands(self.batch_size, self.seed + 1))
        )

    @property
    def batch_subset_tuples(self) -> list[tuple[int, ...]]:
        return self._get(
            "batch_subset_tuples",
            lambda: [tuple(map(int, r)) for r in self.batch[: self.peer_loop_size]],
        )

    @property
    def all_hands(self) -> np.ndarray:
        return self._get("all_hands", all_hands)

    # three-card games (Commerce, Brag) and Vingt-un; seeds SEED+2.. keep them
    # independent of the five-card corpora
    @property
    def three_corpus_tuples(self) -> list[tuple[int, ...]]:
        """1000 random three-card hands (tuples of ids), cycled by single-call cases."""
        return self._get(
            "three_corpus_tuples",
            lambda: [tuple(map(int, r)) for r in random_hands(self.corpus_size, self.seed + 2, 3)],
        )

    @property
    def three_batch(self) -> np.ndarray:
        """200,000 random three-card hands, uint8 (N, 3)."""
        return self._get(
            "three_batch",
            lambda: np.ascontiguousarray(random_hands(self.batch_size, self.seed + 3, 3)),
        )

    @property
    def three_all(self) -> np.ndarray:
        """All 22,100 three-card hands, uint8 (N, 3), lexicographic."""
        return self._get("three_all", all_three_hands)

    @property
    def vingtun_batch(self) -> np.ndarray:
        """200,000 random Vingt-un hands of 2-6 cards, uint8 (N, 6) padded with 255 (= pad -1)."""
        return self._get(
            "vingtun_batch", lambda: vingtun_hands(self.batch_size, self.seed + 4)
        )

    @property
    def vingtun_corpus_tuples(self) -> list[tuple[int, ...]]:
        """1000 random Vingt-un hands of 2-6 cards (tuples, no padding)."""
        return self._get(
            "vingtun_corpus_tuples",
            lambda: [
                tuple(int(c) for c in r if c != 255)
                for r in vingtun_hands(self.corpus_size, self.seed + 5)
            ],
        )

    def executor(self, workers: int = 2) -> Any:
        """A started thread pool (kept for the whole run; shut down by :meth:`close`)."""

        def make() -> Any:
            from concurrent.futures import ThreadPoolExecutor

            ex = ThreadPoolExecutor(max_workers=workers)
            # start the worker threads outside any timed region
            list(ex.map(lambda _: None, range(workers * 4)))
            return ex

        return self._get(f"executor{workers}", make)

    def close(self) -> None:
        for k, v in list(self._cache.items()):
            if k.startswith("executor"):
                v.shutdown(wait=True)
                del self._cache[k]


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

_drain = collections.deque(maxlen=0).extend
"""Consume an iterator at C speed (the per-item driver for every loop case)."""


PYCARDS_EXTRA_PATH: str | None = None
"""Set by :func:`locate_pycards` when pycards is taken from the source tree."""


def locate_pycards() -> str:
    """Make ``import pycards`` work: installed package first, else an in-place build.

    Returns where pycards comes from. An in-place build (``pycards/_poker*.so`` next to
    ``benchmarks/``) is used only when no installed pycards imports; the import-time
    subprocesses then get the same path via PYTHONPATH.
    """
    global PYCARDS_EXTRA_PATH
    import importlib.util
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    try:
        spec = importlib.util.find_spec("pycards")
    except Exception:  # noqa: BLE001
        spec = None
    if spec is None and list((root / "pycards").glob("_poker*.so")) + list(
        (root / "pycards").glob("_poker*.pyd")
    ):
        sys.path.insert(0, str(root))
        PYCARDS_EXTRA_PATH = str(root)
        spec = importlib.util.find_spec("pycards")
    if spec is None:
        return "not found"
    return str(spec.origin) + (" (in-place build, added to sys.path)" if PYCARDS_EXTRA_PATH else "")


def _import(module: str, why: str | None = None) -> Any:
    try:
        return importlib.import_module(module)
    except Exception as exc:  # ImportError, or a peer broken on this Python
        top = module.split(".")[0]
        if why is None:
            if top == "pycards":
                why = "pycards not built"
            elif isinstance(exc, ModuleNotFoundError) and exc.name == top:
                why = f"{top} not installed"
            else:
                why = f"{module} fails to import: {type(exc).__name__}: {exc}"
        raise Unavailable(why) from exc


def _attr(module: str, name: str) -> Any:
    mod = _import(module)
    try:
        return functools.reduce(getattr, name.split("."), mod)
    except AttributeError as exc:
        raise Unavailable(f"{module}.{name} missing") from exc


def pycards_evaluate(rules: str | None) -> Callable[[tuple[int, ...]], int]:
    """``pycards.poker.evaluate`` bound to ``rules`` (None = default) as a 1-arg callable."""
    ev = _attr("pycards.poker", "evaluate")
    if rules is None:
        return ev  # type: ignore[no-any-return]
    return functools.partial(ev, rules=rules)


def pycards_loop(rules: str | None, hands: Sequence[tuple[int, ...]]) -> Callable[[], Any]:
    """Cheapest driver for ``evaluate(h[, rules])`` over ``hands``.

    The default profile is driven by ``map(evaluate, hands)``; a non-default one by
    ``starmap(evaluate, [(h, rules), ...])`` when ``rules`` is accepted positionally
    (no per-call keyword dict), else by a keyword ``partial``.
    """
    ev = _attr("pycards.poker", "evaluate")
    if rules is None:
        return lambda: _drain(map(ev, hands))
    pairs = [(h, rules) for h in hands]
    try:
        ev(*pairs[0])
    except TypeError:
        part = functools.partial(ev, rules=rules)
        return lambda: _drain(map(part, hands))
    return lambda: _drain(itertools.starmap(ev, pairs))


def evaluate_many_fn(rules: str | None, check: bool) -> Callable[[np.ndarray], Any]:
    em = _attr("pycards.poker", "evaluate_many")
    if rules is None:
        return lambda a: em(a, check=check)
    return lambda a: em(a, rules=rules, check=check)


# peer card preparation (outside timed regions) ---------------------------------


def eval7_hands(hands: Iterable[Sequence[int]]) -> list[list[Any]]:
    eval7 = _import("eval7")
    cards = [eval7.Card(card_str(c)) for c in range(52)]
    return [[cards[int(c)] for c in h] for h in hands]


def treys_like_hands(module: str, hands: Iterable[Sequence[int]]) -> list[list[int]]:
    Card = _attr(module, "Card")
    cards = [Card.new(card_str(c)) for c in range(52)]
    return [[cards[int(c)] for c in h] for h in hands]


def pokerkit_hands(hands: Iterable[Sequence[int]]) -> list[tuple[Any, ...]]:
    Card = _attr("pokerkit", "Card")
    cards = [next(iter(Card.parse(card_str(c)))) for c in range(52)]
    return [tuple(cards[int(c)] for c in h) for h in hands]


def phevaluator_raw() -> Callable[..., int]:
    _import("phevaluator")
    return _attr("phevaluator._pheval", "evaluate_5cards")  # type: ignore[no-any-return]


def version_of(dist: str) -> str | None:
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:
        return None


# ---------------------------------------------------------------------------
# Group: single-call evaluation of a 5-card hand
# ---------------------------------------------------------------------------

group("evaluate5", "Single call, one 5-card hand (1000-hand corpus cycled)")


@case("evaluate5", "pycards.poker.evaluate (english, default)", "pycards")
def _(ctx: Context) -> Timed:
    return Timed(pycards_loop(None, ctx.corpus_tuples), len(ctx.corpus_tuples))


@case("evaluate5", "pycards.poker.evaluate (american)", "pycards")
def _(ctx: Context) -> Timed:
    return Timed(pycards_loop("american", ctx.corpus_tuples), len(ctx.corpus_tuples))


@case("evaluate5", "eval7.evaluate", "eval7")
def _(ctx: Context) -> Timed:
    ev = _attr("eval7", "evaluate")
    hands = eval7_hands(ctx.corpus)
    return Timed(lambda: _drain(map(ev, hands)), len(hands))


@case("evaluate5", "phevaluator.evaluate_cards", "phevaluator")
def _(ctx: Context) -> Timed:
    ev = _attr("phevaluator", "evaluate_cards")
    hands = ctx.corpus_tuples  # phevaluator ids are the same 4*rank+suit ids
    return Timed(lambda: _drain(itertools.starmap(ev, hands)), len(hands))


@case("evaluate5", "phevaluator._pheval.evaluate_5cards (raw C)", "phevaluator")
def _(ctx: Context) -> Timed:
    ev = phevaluator_raw()
    hands = ctx.corpus_tuples
    return Timed(lambda: _drain(itertools.starmap(ev, hands)), len(hands))


@case("evaluate5", "treys.Evaluator().evaluate", "treys")
def _(ctx: Context) -> Timed:
    ev = _attr("treys", "Evaluator")().evaluate
    empty: list[int] = []
    pairs = [(h, empty) for h in treys_like_hands("treys", ctx.corpus)]
    return Timed(lambda: _drain(itertools.starmap(ev, pairs)), len(pairs))


@case("evaluate5", "deuces.Evaluator().evaluate", "deuces")
def _(ctx: Context) -> Timed:
    ev = _attr("deuces", "Evaluator")().evaluate
    empty: list[int] = []
    pairs = [(h, empty) for h in treys_like_hands("deuces", ctx.corpus)]
    ev(*pairs[0])  # raises (-> reported) if deuces does not run on this Python
    return Timed(lambda: _drain(itertools.starmap(ev, pairs)), len(pairs))


@case("evaluate5", "pokerkit.StandardHighHand(cards).entry", "pokerkit")
def _(ctx: Context) -> Timed:
    Hand = _attr("pokerkit", "StandardHighHand")
    hands = pokerkit_hands(ctx.corpus)

    def one(cards: tuple[Any, ...]) -> Any:
        return Hand(cards).entry

    return Timed(lambda: _drain(map(one, hands)), len(hands))


# ---------------------------------------------------------------------------
# Group: batches
# ---------------------------------------------------------------------------

group("batch", "Batch of 200,000 random hands (peers: Python loop over a 20,000-hand subset)")


def _batch_case(rules: str | None, check: bool) -> Callable[[Context], Timed]:
    def factory(ctx: Context) -> Timed:
        f = evaluate_many_fn(rules, check)
        arr = ctx.batch
        return Timed(lambda: f(arr), len(arr))

    return factory


for _rules in (None, "american"):
    for _check in (False, True):
        case(
            "batch",
            f"pycards.poker.evaluate_many (check={_check}"
            + (f", rules={_rules!r})" if _rules else ")"),
            "pycards",
        )(_batch_case(_rules, _check))


@case("batch", "pycards.poker.evaluate loop (20k subset)", "pycards")
def _(ctx: Context) -> Timed:
    hands = ctx.batch_subset_tuples
    return Timed(pycards_loop(None, hands), len(hands))


@case("batch", "eval7.evaluate loop (20k subset)", "eval7")
def _(ctx: Context) -> Timed:
    ev = _attr("eval7", "evaluate")
    hands = eval7_hands(ctx.batch_subset_tuples)
    return Timed(lambda: _drain(map(ev, hands)), len(hands))


@case("batch", "phevaluator.evaluate_cards loop (20k subset)", "phevaluator")
def _(ctx: Context) -> Timed:
    ev = _attr("phevaluator", "evaluate_cards")
    hands = ctx.batch_subset_tuples
    return Timed(lambda: _drain(itertools.starmap(ev, hands)), len(hands))


@case("batch", "phevaluator._pheval.evaluate_5cards loop (20k subset)", "phevaluator")
def _(ctx: Context) -> Timed:
    ev = phevaluator_raw()
    hands = ctx.batch_subset_tuples
    return Timed(lambda: _drain(itertools.starmap(ev, hands)), len(hands))


group("all_hands", "All 2,598,960 five-card hands")

for _rules in (None, "american"):
    for _check in (False, True):

        def _all_factory(ctx: Context, rules: str | None = _rules, check: bool = _check) -> Timed:
            f = evaluate_many_fn(rules, check)
            arr = ctx.all_hands
            return Timed(lambda: f(arr), len(arr))

        case(
            "all_hands",
            f"pycards.poker.evaluate_many all hands (check={_check}"
            + (f", rules={_rules!r})" if _rules else ")"),
            "pycards",
        )(_all_factory)


_DRAW_ODDS = "pycards.odds.draw_odds, all 32 choices of one hand (2,598,960 draws)"


@case("all_hands", _DRAW_ODDS, "pycards")
def _(ctx: Context) -> Timed:
    """Every draw of every choice to one hand from the 47 unseen cards: summed over the 32
    choices, C(47, k) * C(5, k) over k is C(52, 5), every one ranked."""
    draw_odds = _attr("pycards.odds", "draw_odds")
    hand = ctx.corpus_tuples[0]
    draw_odds(hand)  # numpy's first use, outside the timed region
    return Timed(lambda: draw_odds(hand), ALL_HANDS_COUNT)


group("threads", "Threads: evaluate_many(check=False), one thread vs two threads on halves")


SUSTAINED_ROUNDS = 20
"""Batches each thread evaluates in a row in the "sustained" thread cases."""


def _threads_factory(which: str, workers: int, rounds: int = 1) -> Callable[[Context], Timed]:
    """One thread on a whole batch, or ``workers`` threads on equal parts of it.

    With ``rounds`` > 1 each thread evaluates its part that many times in a row
    (as worker threads of a simulator do), so the cost of waking a thread is
    paid once per ``rounds`` batches instead of once per batch.
    """

    def factory(ctx: Context) -> Timed:
        f = evaluate_many_fn(None, False)
        arr = ctx.all_hands if which == "all" else ctx.batch

        def work(part: np.ndarray) -> None:
            for _ in range(rounds):
                f(part)

        if workers == 1:
            return Timed(lambda: work(arr), len(arr) * rounds)
        ex = ctx.executor(workers)
        step = -(-len(arr) // workers)
        parts = [arr[i : i + step] for i in range(0, len(arr), step)]

        def run() -> None:
            for fut in [ex.submit(work, p) for p in parts]:
                fut.result()

        return Timed(run, len(arr) * rounds)

    return factory


for _which, _label, _rounds in (
    ("batch", "200k random", 1),
    ("all", "all hands", 1),
    ("batch", f"200k random x{SUSTAINED_ROUNDS} sustained", SUSTAINED_ROUNDS),
):
    for _w in (1, 2):
        case(
            "threads",
            f"evaluate_many {_label}, {_w} thread{'s' if _w > 1 else ''}",
            "pycards",
        )(_threads_factory(_which, _w, _rounds))

del _rules, _check, _which, _label, _w


# ---------------------------------------------------------------------------
# Three-card games (Commerce, Brag) and Vingt-un
# ---------------------------------------------------------------------------

group("three1", "Three-card games and Vingt-un: single call on a tuple (1000-hand corpus cycled)")


def _single_loop(ev: Callable[..., Any], rules: str | None,
                 hands: Sequence[tuple[int, ...]]) -> Callable[[], Any]:
    """``evaluate(h)`` or ``evaluate(h, rules)`` (positional) over ``hands`` at C speed."""
    if rules is None:
        return lambda: _drain(map(ev, hands))
    pairs = [(h, rules) for h in hands]
    return lambda: _drain(itertools.starmap(ev, pairs))


def _three_single(module: str, rules: str | None) -> Callable[[Context], Timed]:
    def factory(ctx: Context) -> Timed:
        ev = _attr(module, "evaluate")
        hands = ctx.three_corpus_tuples
        return Timed(_single_loop(ev, rules, hands), len(hands))

    return factory


for _mod, _rules in (("commerce", None), ("commerce", "american"), ("brag", None)):
    case(
        "three1",
        f"pycards.{_mod}.evaluate ({_rules or 'english, default'})",
        "pycards",
    )(_three_single(f"pycards.{_mod}", _rules))


@case("three1", "pycards.vingtun.total (2-6 cards)", "pycards")
def _(ctx: Context) -> Timed:
    total = _attr("pycards.vingtun", "total")
    hands = ctx.vingtun_corpus_tuples
    return Timed(lambda: _drain(map(total, hands)), len(hands))


group("three_batch", "Three-card games: evaluate_many on 200,000 random hands (uint8 (N, 3)), and all 22,100")


def _three_many(module: str, check: bool, which: str) -> Callable[[Context], Timed]:
    def factory(ctx: Context) -> Timed:
        em = _attr(module, "evaluate_many")
        arr = ctx.three_all if which == "all" else ctx.three_batch
        return Timed(lambda: em(arr, check=check), len(arr))

    return factory


for _mod in ("commerce", "brag"):
    for _check in (False, True):
        case(
            "three_batch", f"pycards.{_mod}.evaluate_many (check={_check})", "pycards"
        )(_three_many(f"pycards.{_mod}", _check, "batch"))
# Brag runs the same kernel on the same shared tables: one all-hands row is enough
case(
    "three_batch", "pycards.commerce.evaluate_many all 22,100 hands (check=False)", "pycards"
)(_three_many("pycards.commerce", False, "all"))


group("vingtun_batch", "Vingt-un: totals_many on 200,000 random hands of 2-6 cards (uint8 (N, 6), pad 255)")


def _vingtun_many(check: bool) -> Callable[[Context], Timed]:
    def factory(ctx: Context) -> Timed:
        tm = _attr("pycards.vingtun", "totals_many")
        arr = ctx.vingtun_batch
        return Timed(lambda: tm(arr, check=check), len(arr))

    return factory


for _check in (False, True):
    case("vingtun_batch", f"pycards.vingtun.totals_many (check={_check})", "pycards")(
        _vingtun_many(_check)
    )

del _mod, _rules, _check


# ---------------------------------------------------------------------------
# Non-timing metrics (import time, table size)
# ---------------------------------------------------------------------------


def table_bytes() -> int:
    """Total bytes of the five-card tables, as exposed by pycards."""
    for mod, name in (
        ("pycards._poker", "table_bytes"),
        ("pycards.poker", "table_bytes"),
    ):
        try:
            fn = _attr(mod, name)
        except Unavailable:
            continue
        return int(fn())
    _import("pycards.poker")  # "pycards not built" if that is the reason
    raise Unavailable("pycards._poker.table_bytes() missing")


def three_table_bytes() -> int:
    """Bytes of the three-card tables (one set shared by Commerce and Brag)."""
    try:
        fn = _attr("pycards._commerce", "table_bytes")
    except Unavailable:
        _import("pycards.commerce")  # "pycards not built" if that is the reason
        raise Unavailable("pycards._commerce.table_bytes() missing") from None
    return int(fn())


def import_time_ms(stmt: str, repeat: int, python: str | None = None) -> dict[str, float]:
    """Wall time of ``python -c stmt`` in a fresh process (ms): min and median."""
    import os
    import statistics
    import subprocess
    import sys
    import tempfile
    import time

    exe = python or sys.executable
    times = []
    with tempfile.TemporaryDirectory() as cwd:  # never import the source tree
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        if PYCARDS_EXTRA_PATH:
            env["PYTHONPATH"] = PYCARDS_EXTRA_PATH
        for _ in range(repeat):
            t0 = time.perf_counter()
            r = subprocess.run([exe, "-c", stmt], cwd=cwd, env=env, capture_output=True)
            times.append((time.perf_counter() - t0) * 1e3)
            if r.returncode != 0:
                err = r.stderr.decode(errors="replace").strip().splitlines()
                raise Unavailable(f"`python -c {stmt!r}` failed: {err[-1] if err else r.returncode}")
    return {"min": min(times), "median": statistics.median(times)}


def parallel_control(repeat: int = 5, mib: int = 16) -> float:
    """Speed-up of two threads over one on a GIL-free workload (hashlib.sha256).

    A control for the thread targets: if this machine cannot run two threads at once
    (one free core, a CPU quota, a busy neighbour), it shows here too.
    """
    import hashlib
    import time
    from concurrent.futures import ThreadPoolExecutor

    data = b"\x5a" * (mib << 20)

    def h(d: bytes) -> None:
        hashlib.sha256(d).digest()

    with ThreadPoolExecutor(2) as ex:
        list(ex.map(h, [b"", b""]))
        one, two = [], []
        for _ in range(repeat):
            t0 = time.perf_counter()
            h(data)
            h(data)
            one.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            list(ex.map(h, [data, data]))
            two.append(time.perf_counter() - t0)
    return min(one) / min(two)


# ---------------------------------------------------------------------------
# Sanity check: the peers and pycards agree (american profile)
# ---------------------------------------------------------------------------


def crosscheck(ctx: Context) -> dict[str, Any]:
    """pycards american == 7463 - phevaluator/treys rank on the corpus and batch."""
    out: dict[str, Any] = {}
    try:
        ev = pycards_evaluate("american")
        em = evaluate_many_fn("american", True)
    except Unavailable as exc:
        return {"status": str(exc)}
    try:
        ph = phevaluator_raw()
    except Unavailable as exc:
        return {"status": f"no reference: {exc}"}
    hands = ctx.corpus_tuples
    ref = np.array([7463 - ph(*h) for h in hands])
    single = np.array([ev(h) for h in hands])
    many = np.asarray(em(ctx.corpus))
    out["evaluate_vs_phevaluator_mismatches"] = int(np.sum(single != ref))
    out["evaluate_many_vs_evaluate_mismatches"] = int(np.sum(many != single))
    out["hands"] = len(hands)
    out["status"] = (
        "ok"
        if out["evaluate_vs_phevaluator_mismatches"] == 0
        and out["evaluate_many_vs_evaluate_mismatches"] == 0
        else "MISMATCH"
    )
    return out


def crosscheck_three(ctx: Context) -> dict[str, Any]:
    """evaluate_many == evaluate (Commerce, Brag) and totals_many == total (Vingt-un) on the corpora."""
    out: dict[str, Any] = {}
    try:
        for mod, rules in (("commerce", "english"), ("commerce", "american"), ("brag", "english")):
            ev = _attr(f"pycards.{mod}", "evaluate")
            em = _attr(f"pycards.{mod}", "evaluate_many")
            hands = ctx.three_corpus_tuples
            single = np.array([ev(h, rules) for h in hands])
            many = np.asarray(em(np.array(hands, dtype=np.uint8), rules))
            out[f"{mod}_{rules}_mismatches"] = int(np.sum(single != many))
        total = _attr("pycards.vingtun", "total")
        tm = _attr("pycards.vingtun", "totals_many")
        vt = ctx.vingtun_corpus_tuples
        padded = np.full((len(vt), 6), 255, dtype=np.uint8)
        for i, h in enumerate(vt):
            padded[i, : len(h)] = h
        single = np.array([total(h) for h in vt])
        out["vingtun_mismatches"] = int(np.sum(single != np.asarray(tm(padded))))
    except Unavailable as exc:
        return {"status": str(exc)}
    out["hands"] = ctx.corpus_size
    out["status"] = "ok" if all(v == 0 for k, v in out.items() if k.endswith("mismatches")) else "MISMATCH"
    return out


# ---------------------------------------------------------------------------
# Targets (from the issue); judged by report.py on median timings
# ---------------------------------------------------------------------------


@dataclass
class Target:
    """``value(results) <op> threshold``; ``value`` raises KeyError/Unavailable if unmeasured.

    ``results`` maps case id -> median ns/hand and also holds the metrics
    (``"metric::import_ms_beyond_bare"``, ``"metric::table_bytes"``).
    """

    key: str
    text: str
    value: Callable[[dict[str, float]], float]
    op: str  # "<=" or ">="
    threshold: float
    unit: str = ""

    def met(self, v: float) -> bool:
        return v <= self.threshold if self.op == "<=" else v >= self.threshold


TARGETS: list[Target] = []


@dataclass
class Ratio:
    """A ratio reported without a threshold (``value`` as in :class:`Target`)."""

    key: str
    text: str
    value: Callable[[dict[str, float]], float]
    unit: str = "x"


RATIOS: list[Ratio] = []

_EV = "evaluate5::pycards.poker.evaluate (english, default)"
_EM = "batch::pycards.poker.evaluate_many (check=False)"
_EMC = "batch::pycards.poker.evaluate_many (check=True)"
_ALL = "all_hands::pycards.poker.evaluate_many all hands (check=False)"

TARGETS += [
    Target(
        "evaluate_vs_eval7",
        "evaluate <= 0.15x eval7.evaluate",
        lambda r: r[_EV] / r["evaluate5::eval7.evaluate"],
        "<=", 0.15, "x",
    ),
    Target(
        "evaluate_vs_phevaluator_raw",
        "evaluate <= 0.4x phevaluator raw C call",
        lambda r: r[_EV] / r["evaluate5::phevaluator._pheval.evaluate_5cards (raw C)"],
        "<=", 0.4, "x",
    ),
    Target(
        "evaluate_many_ns",
        "evaluate_many(check=False) <= 3 ns/hand on 200,000 random hands",
        lambda r: r[_EM],
        "<=", 3.0, "ns/hand",
    ),
    Target(
        "evaluate_many_vs_eval7",
        "evaluate_many >= 130x faster per hand than eval7.evaluate loop",
        lambda r: r["batch::eval7.evaluate loop (20k subset)"] / r[_EM],
        ">=", 130.0, "x",
    ),
    Target(
        "all_hands_ms",
        "all 2,598,960 hands <= 10 ms (check=False)",
        lambda r: r[_ALL] * ALL_HANDS_COUNT / 1e6,
        "<=", 10.0, "ms",
    ),
    Target(
        "check_overhead",
        "check=True <= 2x unchecked (200,000 random hands)",
        lambda r: r[_EMC] / r[_EM],
        "<=", 2.0, "x",
    ),
    Target(
        "check_overhead_all",
        "check=True <= 2x unchecked (all hands)",
        lambda r: r["all_hands::pycards.poker.evaluate_many all hands (check=True)"] / r[_ALL],
        "<=", 2.0, "x",
    ),
    Target(
        "threads_batch",
        "two threads >= 1.6x one thread (200,000 random hands)",
        lambda r: r["threads::evaluate_many 200k random, 1 thread"]
        / r["threads::evaluate_many 200k random, 2 threads"],
        ">=", 1.6, "x",
    ),
    Target(
        "threads_all",
        "two threads >= 1.6x one thread (all hands)",
        lambda r: r["threads::evaluate_many all hands, 1 thread"]
        / r["threads::evaluate_many all hands, 2 threads"],
        ">=", 1.6, "x",
    ),
    Target(
        "threads_sustained",
        f"two threads >= 1.6x one thread (200,000 random hands, {SUSTAINED_ROUNDS} batches a thread)",
        lambda r: r[f"threads::evaluate_many 200k random x{SUSTAINED_ROUNDS} sustained, 1 thread"]
        / r[f"threads::evaluate_many 200k random x{SUSTAINED_ROUNDS} sustained, 2 threads"],
        ">=", 1.6, "x",
    ),
    Target(
        "table_bytes",
        "five-card tables <= 1 MiB",
        lambda r: r["metric::table_bytes"] / 1024,
        "<=", 1024.0, "KiB",
    ),
    Target(
        "import_ms",
        "import pycards <= 50 ms beyond bare interpreter (median)",
        lambda r: r["metric::import_ms_beyond_bare"],
        "<=", 50.0, "ms",
    ),
]

TARGETS += [
    Target(
        "draw_odds_ms",
        "draw_odds 32 choices <= 50 ms",
        lambda r: r[f"all_hands::{_DRAW_ODDS}"] * ALL_HANDS_COUNT / 1e6,
        "<=", 50.0, "ms",
    ),
]

# three-card games and Vingt-un (issue 3). The single-call targets compare with the
# eval7 five-card row of the evaluate5 group measured in the same run.
_E7 = "evaluate5::eval7.evaluate"


def _vs_eval7(case_id: str) -> Callable[[dict[str, float]], float]:
    return lambda r: r[case_id] / r[_E7]


def _ns_of(case_id: str) -> Callable[[dict[str, float]], float]:
    return lambda r: r[case_id]


TARGETS += [
    Target(
        f"three_evaluate_vs_eval7_{_mod}_{_rules or 'default'}",
        f"{_mod}.evaluate({_rules or 'default'}) <= 0.15x eval7.evaluate (5-card call)",
        _vs_eval7(f"three1::pycards.{_mod}.evaluate ({_rules or 'english, default'})"),
        "<=", 0.15, "x",
    )
    for _mod, _rules in (("commerce", None), ("commerce", "american"), ("brag", None))
]
TARGETS += [
    Target(
        f"three_evaluate_many_ns_{_mod}",
        f"{_mod}.evaluate_many(check=False) <= 3 ns/hand on 200,000 random hands",
        _ns_of(f"three_batch::pycards.{_mod}.evaluate_many (check=False)"),
        "<=", 3.0, "ns/hand",
    )
    for _mod in ("commerce", "brag")
]
TARGETS += [
    Target(
        "vingtun_totals_many_ns",
        "vingtun.totals_many(check=False) <= 5 ns/hand on 200,000 hands of 2-6 cards",
        lambda r: r["vingtun_batch::pycards.vingtun.totals_many (check=False)"],
        "<=", 5.0, "ns/hand",
    ),
]


# ---------------------------------------------------------------------------
# Game drivers: Vingt-un through the protocol (pycards.games.base), and its peers
# ---------------------------------------------------------------------------


def _new_game() -> Callable[..., Any]:
    """``pycards.games.new_game`` (Unavailable for a pycards without game drivers)."""
    try:
        from pycards.games import new_game
    except ImportError as error:
        raise Unavailable(f"pycards.games not available: {error}") from None
    return new_game


def _draw_below() -> Callable[..., Any]:
    """The ``DrawBelow`` policy class, from ``pycards.games.policies.vingt_un`` or, in
    versions before the policies were split by game, ``pycards.games.policies``."""
    try:
        from pycards.games.policies.vingt_un import DrawBelow
    except ImportError:
        try:
            from pycards.games.policies import DrawBelow
        except ImportError as error:
            raise Unavailable(f"pycards DrawBelow not available: {error}") from None
    return DrawBelow


def play_session(game: Any, policies: Sequence[Callable[..., Any]]) -> int:
    """Play ``game`` to the end of its session, every decision through the protocol:
    ``policies[seat](observation(seat), legal_actions())`` applied with ``apply``.
    Returns the number of decisions."""
    decisions = 0
    while True:
        seat = game.to_act
        if seat is None:
            return decisions
        game.apply(policies[seat](game.observation(seat), game.legal_actions()))
        decisions += 1


def deals_ended(game: Any) -> int:
    """The ``DealEnded`` entries in the game's records (the deals completed)."""
    from pycards.games.engine.events import DealEnded

    return sum(type(e) is DealEnded for record in game.history() for e in record.entries)


DRIVER_DEALS = 500
"""Deals per timed call of the driver cases (one session of that many deals)."""

group(
    "drivers",
    f"Game drivers: complete deals with a fixed policy (one session of {DRIVER_DEALS} deals a call)",
    reference="pycards vingt_un, 4 players, DrawBelow(16)",
    unit="deal",
)


def _vingt_un_factory(players: int) -> Callable[[Context], Timed]:
    def factory(ctx: Context) -> Timed:
        new_game, DrawBelow = _new_game(), _draw_below()
        policies = [DrawBelow(16)] * players
        # once, outside the timed region: a session plays exactly DRIVER_DEALS deals
        check = new_game("vingt_un", players=players, seed=ctx.seed - 1, deals=DRIVER_DEALS)
        play_session(check, policies)
        if check.deal_number != DRIVER_DEALS or deals_ended(check) != DRIVER_DEALS:
            raise RuntimeError(f"a session of deals={DRIVER_DEALS} began {check.deal_number} deals"
                               f" and ended {deals_ended(check)}")  # fmt: skip
        seeds = itertools.count(ctx.seed)

        def deals() -> None:
            play_session(new_game("vingt_un", players=players, seed=next(seeds), deals=DRIVER_DEALS),
                         policies)  # fmt: skip

        return Timed(deals, DRIVER_DEALS)

    return factory


for _players in (4, 2):
    case("drivers", f"pycards vingt_un, {_players} players, DrawBelow(16)", "pycards")(
        _vingt_un_factory(_players)
    )


def play_blackjack(env: Any, rounds: int) -> int:
    """Play ``rounds`` rounds of a gymnasium ``Blackjack-v1`` env, hitting below 17, through
    ``reset`` and ``step``. Returns the number of decisions (``step`` calls)."""
    decisions = 0
    for _ in range(rounds):
        observation, _ = env.reset()
        done = False
        while not done:
            observation, _, terminated, truncated, _ = env.step(1 if observation[0] < 17 else 0)
            done = terminated or truncated
            decisions += 1
    return decisions


def _blackjack_env(ctx: Context) -> Any:
    env = _import("gymnasium").make("Blackjack-v1")
    env.reset(seed=ctx.seed)
    return env


@case("drivers", "gymnasium Blackjack-v1, 1 player, hit below 17", "gymnasium")
def _blackjack(ctx: Context) -> Timed:
    env = _blackjack_env(ctx)
    return Timed(lambda: play_blackjack(env, DRIVER_DEALS), DRIVER_DEALS)


COUNTED_DEALS = 2_000
"""Deals played, outside any timed region, to count the decisions in a deal."""


@metric("drivers", "vingt_un_decisions_per_deal", "vingt_un decisions per deal, 4 players, DrawBelow(16)")
def _(ctx: Context) -> float:
    new_game, DrawBelow = _new_game(), _draw_below()
    game = new_game("vingt_un", players=4, seed=ctx.seed, deals=COUNTED_DEALS)
    return play_session(game, [DrawBelow(16)] * 4) / COUNTED_DEALS


@metric("drivers", "blackjack_decisions_per_deal", "Blackjack-v1 decisions (step calls) per deal, hit below 17")
def _(ctx: Context) -> float:
    return play_blackjack(_blackjack_env(ctx), COUNTED_DEALS) / COUNTED_DEALS


_BJ = "drivers::gymnasium Blackjack-v1, 1 player, hit below 17"

TARGETS += [
    Target(
        "vingt_un_deals_vs_blackjack",
        "vingt_un deals/s with 4 players >= Blackjack-v1 deals/s with 1 (as a speed ratio)",
        lambda r: r[_BJ] / r["drivers::pycards vingt_un, 4 players, DrawBelow(16)"],
        ">=", 1.0, "x",
    ),
]
RATIOS += [
    Ratio(
        "vingt_un_2p_deals_vs_blackjack",
        "vingt_un deals/s with 2 players / Blackjack-v1 deals/s with 1",
        lambda r: r[_BJ] / r["drivers::pycards vingt_un, 2 players, DrawBelow(16)"],
    ),
    Ratio(  # the same play, each game's time per deal shared among the decisions in its deals
        "vingt_un_decisions_vs_blackjack",
        "vingt_un decisions/s with 4 players / Blackjack-v1 decisions/s (each deal's time over its decisions)",
        lambda r: (r[_BJ] / r["metric::blackjack_decisions_per_deal"])
        / (r["drivers::pycards vingt_un, 4 players, DrawBelow(16)"] / r["metric::vingt_un_decisions_per_deal"]),
    ),
]


# State: copy() and the snapshot, fresh and late in a session ----------------------

STATE_DEALS = 5_000
"""Deals played before the "late" state cases (4 players, DrawBelow(16))."""

group(
    "state",
    f"Vingt-un state, 4 players: copy() and json.dumps(to_dict()), fresh and after {STATE_DEALS:,} deals",
    reference="pycards vingt_un copy(), fresh game",
    unit="call",
)


def vingt_un_state(ctx: Context, deals: int) -> Any:
    """A 4-player Vingt-un session (``deals=10**6``, DrawBelow(16) at every seat) after
    ``deals`` complete deals, at the first decision of the next one (built once per
    context; the fresh game, ``deals=0``, is at the first decision of the first deal)."""

    def make() -> Any:
        new_game, DrawBelow = _new_game(), _draw_below()
        game = new_game("vingt_un", players=4, seed=ctx.seed + 20, deals=10**6)
        policy = DrawBelow(16)
        while game.deal_number <= deals:
            seat = game.to_act
            game.apply(policy(game.observation(seat), game.legal_actions()))
        if deals_ended(game) != deals:
            raise RuntimeError(f"{deals_ended(game)} deals ended, not {deals}")
        return game

    return ctx._get(f"vingt_un_state_{deals}", make)


EARLY_DEALS = 20
"""Deals played before the "early" state: the reference of the snapshot's size, as a fresh
game's snapshot holds no pack yet (it is made up in the first deal) nor any knowledge of it."""

_STATES = ((0, "fresh game"), (EARLY_DEALS, f"after {EARLY_DEALS} deals"), (STATE_DEALS, f"after {STATE_DEALS:,} deals"))

for _deals, _label in _STATES:

    def _copy_factory(ctx: Context, deals: int = _deals) -> Timed:
        game = vingt_un_state(ctx, deals)
        return Timed(game.copy, 1)

    def _snapshot_factory(ctx: Context, deals: int = _deals) -> Timed:
        import json

        game = vingt_un_state(ctx, deals)
        return Timed(lambda: json.dumps(game.to_dict()), 1)

    def _size(ctx: Context, deals: int = _deals) -> float:
        import json

        return float(len(json.dumps(vingt_un_state(ctx, deals).to_dict())))

    case("state", f"pycards vingt_un copy(), {_label}", "pycards")(_copy_factory)
    case("state", f"pycards vingt_un json.dumps(to_dict()), {_label}", "pycards")(_snapshot_factory)
    metric("state", f"vingt_un_json_bytes_{_deals}",
           f"vingt_un len(json.dumps(to_dict())), {_label} (characters)")(_size)  # fmt: skip

del _deals, _label

_LATE = f"after {STATE_DEALS:,} deals"

TARGETS += [
    Target(
        "vingt_un_copy_late_vs_fresh",
        f"vingt_un copy() {_LATE} <= 2x a fresh game's",
        lambda r: r[f"state::pycards vingt_un copy(), {_LATE}"] / r["state::pycards vingt_un copy(), fresh game"],
        "<=", 2.0, "x",
    ),
    Target(
        "vingt_un_snapshot_size_late_vs_fresh",
        f"vingt_un len(json.dumps(to_dict())) {_LATE} <= 2x its size after {EARLY_DEALS} deals",
        lambda r: r[f"metric::vingt_un_json_bytes_{STATE_DEALS}"] / r[f"metric::vingt_un_json_bytes_{EARLY_DEALS}"],
        "<=", 2.0, "x",
    ),
]
RATIOS += [
    Ratio(
        "vingt_un_snapshot_time_late_vs_fresh",
        f"vingt_un json.dumps(to_dict()) time {_LATE} / a fresh game's",
        lambda r: r[f"state::pycards vingt_un json.dumps(to_dict()), {_LATE}"]
        / r["state::pycards vingt_un json.dumps(to_dict()), fresh game"],
    ),
]


# Random legal play: pycards, pokerkit, OpenSpiel ----------------------------------

RANDOM_DECISIONS = 5_000
"""Decisions per timed call of the random-play cases (a game that ends is replaced by a
new one, inside the timed region: starting a deal is part of playing)."""

RANDOM_SESSION_DEALS = 10**6
"""``deals=`` of the pycards random-play sessions (a session lasts the whole run)."""

_RANDOM_VU = "pycards vingt_un, 4 players, random legal action"

group(
    "random_play",
    f"Random legal play: a seeded uniform choice among the legal actions, {RANDOM_DECISIONS:,}"
    " decisions a call (chance outcomes are not decisions)",
    reference=_RANDOM_VU,
    unit="decision",
)


def _vingt_un_random_session(ctx: Context, offset: int) -> tuple[Callable[[], Any], random.Random]:
    """A factory of 4-player sessions with seeds counting from ``ctx.seed + offset``, and
    the seeded chooser."""
    new_game = _new_game()
    seeds = itertools.count(ctx.seed + offset)

    def make() -> Any:
        return new_game("vingt_un", players=4, seed=next(seeds), deals=RANDOM_SESSION_DEALS)

    return make, random.Random(ctx.seed + offset)


@case("random_play", _RANDOM_VU, "pycards")
def _vingt_un_random(ctx: Context) -> Timed:
    make, rng = _vingt_un_random_session(ctx, 30)
    choice = rng.choice
    games = [make()]

    def decisions() -> None:
        game = games[0]
        for _ in range(RANDOM_DECISIONS):
            if game.to_act is None:
                game = games[0] = make()
            game.apply(choice(game.legal_actions()))

    return Timed(decisions, RANDOM_DECISIONS)


POKERKIT_PLAYERS = 4


@case("random_play", f"pokerkit NoLimitTexasHoldem, {POKERKIT_PLAYERS} players, random legal operation",
      "pokerkit")  # fmt: skip
def _pokerkit_random(ctx: Context) -> Timed:
    """Blinds 1/2, stacks of 200, every non-decision automated (posting, dealing, burning,
    showdown, pushing and pulling chips), tournament mode (no run-out choice). A decision:
    the legal kinds among fold / check-or-call / complete-bet-or-raise-to (``can_*``), one
    chosen uniformly, a raise's amount uniformly between the least and the most allowed."""
    pk = _import("pokerkit")
    holdem, automations = _attr("pokerkit", "NoLimitTexasHoldem"), tuple(_attr("pokerkit", "Automation"))
    random.seed(ctx.seed + 40)  # pokerkit shuffles its decks with the random module
    rng = random.Random(ctx.seed + 40)
    choice, randint = rng.choice, rng.randint

    def make() -> Any:
        return holdem.create_state(automations, True, 0, (1, 2), 2, (200,) * POKERKIT_PLAYERS, POKERKIT_PLAYERS,
                                   mode=pk.Mode.TOURNAMENT)  # fmt: skip

    fold, call, raise_ = 0, 1, 2
    states = [make()]

    def decisions() -> None:
        state = states[0]
        for _ in range(RANDOM_DECISIONS):
            if not state.status:
                state = states[0] = make()
            kinds = []
            if state.can_fold():
                kinds.append(fold)
            if state.can_check_or_call():
                kinds.append(call)
            if state.can_complete_bet_or_raise_to():
                kinds.append(raise_)
            kind = choice(kinds)
            if kind == fold:
                state.fold()
            elif kind == call:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(randint(state.min_completion_betting_or_raising_to_amount,
                                                       state.max_completion_betting_or_raising_to_amount))

    decisions()  # a full call once here: any API mismatch shows before timing
    return Timed(decisions, RANDOM_DECISIONS)


OPENSPIEL_GAMES = ("leduc_poker", "kuhn_poker", "blackjack")


def _openspiel_factory(name: str) -> Callable[[Context], Timed]:
    def factory(ctx: Context) -> Timed:
        try:
            pyspiel = importlib.import_module("pyspiel")
        except ImportError:
            raise Unavailable("open_spiel not installed (no pyspiel)") from None
        if name not in pyspiel.registered_names():
            raise Unavailable(f"pyspiel has no game {name!r}")
        game = pyspiel.load_game(name)
        if game.get_type().dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
            raise Unavailable(f"pyspiel game {name!r} is not sequential")
        rng = random.Random(ctx.seed + 50)
        choice, choices = rng.choice, rng.choices
        states = [game.new_initial_state()]

        def decisions() -> None:
            state = states[0]
            made = 0
            while made < RANDOM_DECISIONS:
                if state.is_terminal():
                    state = states[0] = game.new_initial_state()
                elif state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes())
                    state.apply_action(choices(outcomes, probabilities)[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
                    made += 1

        decisions()
        return Timed(decisions, RANDOM_DECISIONS)

    return factory


for _name in OPENSPIEL_GAMES:
    case("random_play", f"OpenSpiel {_name} (pyspiel, C++), random legal action", "open_spiel")(
        _openspiel_factory(_name)
    )


def _pycards_vs(case_name: str) -> Callable[[dict[str, float]], float]:
    """pycards' decisions/s over the peer's (the peer's ns per decision over pycards')."""
    return lambda r: r[f"random_play::{case_name}"] / r[f"random_play::{_RANDOM_VU}"]


RATIOS += [
    Ratio(
        "random_play_vs_pokerkit",
        f"pycards vingt_un decisions/s / pokerkit NoLimitTexasHoldem ({POKERKIT_PLAYERS} players) decisions/s",
        _pycards_vs(f"pokerkit NoLimitTexasHoldem, {POKERKIT_PLAYERS} players, random legal operation"),
    ),
]
RATIOS += [
    Ratio(
        f"random_play_vs_openspiel_{_name}",
        f"pycards vingt_un decisions/s / OpenSpiel {_name} decisions/s",
        _pycards_vs(f"OpenSpiel {_name} (pyspiel, C++), random legal action"),
    )
    for _name in OPENSPIEL_GAMES
]
del _name


# The codec: an RL-loop step --------------------------------------------------------

_CODEC_BASE = "pycards vingt_un, 4 players, random legal action (legal_actions + apply)"

group(
    "codec",
    f"Vingt-un codec, 4 players, random legal play: an RL-loop step, {RANDOM_DECISIONS:,} decisions a call",
    reference=_CODEC_BASE,
    unit="decision",
)


@case("codec", _CODEC_BASE, "pycards")
def _codec_base(ctx: Context) -> Timed:
    return _vingt_un_random(ctx)


@case("codec", "pycards vingt_un encode(seat) + legal_mask() + action_from_index + action_index + apply",
      "pycards")  # fmt: skip
def _codec_step(ctx: Context) -> Timed:
    """Each decision: the acting seat's ``encode``, ``legal_mask()``, a seeded uniform
    choice among its true ids, ``action_from_index`` of it, ``apply``, and the applied
    action's ``action_index`` kept (as a loop recording its action ids does)."""
    make, rng = _vingt_un_random_session(ctx, 60)
    randrange, flatnonzero = rng.randrange, np.flatnonzero
    games = [make()]
    taken = [0] * RANDOM_DECISIONS

    def decisions() -> None:
        game = games[0]
        for k in range(RANDOM_DECISIONS):
            seat = game.to_act
            if seat is None:
                game = games[0] = make()
                seat = game.to_act
            game.encode(seat)
            ids = flatnonzero(game.legal_mask())
            action = game.action_from_index(int(ids[randrange(len(ids))]))
            game.apply(action)
            taken[k] = game.action_index(action)

    return Timed(decisions, RANDOM_DECISIONS)


RATIOS += [
    Ratio(
        "codec_step_vs_plain",
        "vingt_un codec step time / plain random decision (legal_actions + apply) time",
        lambda r: r["codec::pycards vingt_un encode(seat) + legal_mask() + action_from_index + action_index + apply"]
        / r[f"codec::{_CODEC_BASE}"],
    ),
]


# The PettingZoo adapter (pycards.adapters) against PettingZoo's own card game -------

ADAPTER_DECISIONS = 5_000
"""Decisions per timed call of the adapter cases (dead steps and resets inside the timed region
are part of playing, and are not counted as decisions)."""

_ADAPTER_VU = "pycards vingt_un, 4 players, PettingZoo adapter: last() + masked random id + step()"
_ADAPTER_SHORT = "pycards vingt_un, 4 players, PettingZoo adapter, one-deal sessions (the default): reset per deal"
_ADAPTER_RAW = "pycards vingt_un, 4 players, raw: random legal action (legal_actions + apply)"
_ADAPTER_CODEC = "pycards vingt_un, 4 players, no adapter: encode + legal_mask + masked random id + apply"
_LEDUC = "PettingZoo leduc_holdem_v4 env() (rlcard), last() + masked random id + step()"
_LEDUC_RAW = "PettingZoo leduc_holdem_v4 raw_env() (rlcard, no wrappers), last() + masked random id + step()"

group(
    "adapters",
    f"PettingZoo adapter, random legal (masked) play: {ADAPTER_DECISIONS:,} decisions a call, each a seeded"
    " uniform choice among the true ids of the action mask",
    reference=_ADAPTER_VU,
    unit="decision",
)


def _aec_decisions(make_env: Callable[[], Any], seed: int) -> Callable[[], None]:
    """``ADAPTER_DECISIONS`` decisions of the standard AEC loop on environments from
    ``make_env``: ``last()``, a uniform choice among the mask's true ids, ``step()``; a
    finished episode is reset (and its dead steps taken) inside the loop."""
    rng = random.Random(seed)
    randrange, flatnonzero = rng.randrange, np.flatnonzero
    env = make_env()
    env.reset(seed=seed)

    def decisions() -> None:
        made = 0
        while made < ADAPTER_DECISIONS:
            if not env.agents:
                env.reset()
                continue
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            ids = flatnonzero(observation["action_mask"])
            env.step(int(ids[randrange(len(ids))]))
            made += 1

    return decisions


def _pettingzoo_adapter() -> Callable[..., Any]:
    try:
        from pycards.adapters import pettingzoo_env
    except ImportError as error:
        raise Unavailable(f"pycards.adapters not available: {error}") from None
    _import("pettingzoo")
    return pettingzoo_env


@case("adapters", _ADAPTER_VU, "pycards")
def _adapter_vingt_un(ctx: Context) -> Timed:
    pettingzoo_env = _pettingzoo_adapter()
    decisions = _aec_decisions(lambda: pettingzoo_env("vingt_un", players=4, deals=RANDOM_SESSION_DEALS),
                               ctx.seed + 70)  # fmt: skip
    decisions()  # a full call once here: any API mismatch shows before timing
    return Timed(decisions, ADAPTER_DECISIONS)


@case("adapters", _ADAPTER_SHORT, "pycards")
def _adapter_vingt_un_short(ctx: Context) -> Timed:
    """The adapter as an RL user meets it by default: every episode one deal, so every
    tenth decision or so is a ``reset()`` (a new session, :meth:`Game.new_session`)."""
    pettingzoo_env = _pettingzoo_adapter()
    decisions = _aec_decisions(lambda: pettingzoo_env("vingt_un", players=4), ctx.seed + 75)
    decisions()
    return Timed(decisions, ADAPTER_DECISIONS)


@case("adapters", _ADAPTER_RAW, "pycards")
def _adapter_raw(ctx: Context) -> Timed:
    return _vingt_un_random(ctx)


@case("adapters", _ADAPTER_CODEC, "pycards")
def _adapter_codec(ctx: Context) -> Timed:
    """What the adapter does each decision, without it: the acting seat's ``encode`` and
    ``legal_mask()``, a uniform choice among its true ids, and ``apply`` of that id's action."""
    make, rng = _vingt_un_random_session(ctx, 80)
    randrange, flatnonzero = rng.randrange, np.flatnonzero
    games = [make()]
    actions = [games[0].action_from_index(i) for i in range(games[0].num_actions)]

    def decisions() -> None:
        game = games[0]
        for _ in range(ADAPTER_DECISIONS):
            seat = game.to_act
            if seat is None:
                game = games[0] = make()
                seat = game.to_act
            game.encode(seat)
            ids = flatnonzero(game.legal_mask())
            game.apply(actions[int(ids[randrange(len(ids))])])

    return Timed(decisions, ADAPTER_DECISIONS)


def _leduc_factory(raw: bool) -> Callable[[Context], Timed]:
    def factory(ctx: Context) -> Timed:
        _import("rlcard", "rlcard not installed (PettingZoo's leduc_holdem_v4 needs it)")
        try:
            leduc = importlib.import_module("pettingzoo.classic.leduc_holdem_v4")
        except ImportError as error:  # its module imports pygame (pettingzoo[classic])
            raise Unavailable(f"pettingzoo.classic.leduc_holdem_v4 not importable: {error}") from None
        decisions = _aec_decisions(leduc.raw_env if raw else leduc.env, ctx.seed + 90)
        decisions()
        return Timed(decisions, ADAPTER_DECISIONS)

    return factory


case("adapters", _LEDUC, "pettingzoo")(_leduc_factory(raw=False))
case("adapters", _LEDUC_RAW, "pettingzoo")(_leduc_factory(raw=True))

TARGETS += [
    Target(
        "pettingzoo_adapter_vs_leduc",
        "PettingZoo adapter on vingt_un (4 players) decisions/s >= 10x PettingZoo leduc_holdem_v4's (env())",
        lambda r: r[f"adapters::{_LEDUC}"] / r[f"adapters::{_ADAPTER_VU}"],
        ">=", 10.0, "x",
    ),
]
RATIOS += [
    Ratio(
        "pettingzoo_adapter_vs_leduc_raw_env",
        "PettingZoo adapter decisions/s / leduc_holdem_v4 raw_env() (no wrappers) decisions/s",
        lambda r: r[f"adapters::{_LEDUC_RAW}"] / r[f"adapters::{_ADAPTER_VU}"],
    ),
    Ratio(
        "pettingzoo_adapter_short_sessions_vs_leduc",
        "PettingZoo adapter decisions/s in one-deal sessions (the default) / leduc_holdem_v4 env() decisions/s",
        lambda r: r[f"adapters::{_LEDUC}"] / r[f"adapters::{_ADAPTER_SHORT}"],
    ),
    Ratio(
        "pettingzoo_adapter_cost_vs_raw_apply",
        "PettingZoo adapter time per decision / raw random legal play (legal_actions + apply)",
        lambda r: r[f"adapters::{_ADAPTER_VU}"] / r[f"adapters::{_ADAPTER_RAW}"],
    ),
    Ratio(
        "pettingzoo_adapter_cost_vs_codec_loop",
        "PettingZoo adapter time per decision / the same steps without it (encode + legal_mask + apply)",
        lambda r: r[f"adapters::{_ADAPTER_VU}"] / r[f"adapters::{_ADAPTER_CODEC}"],
    ),
]


# The poker drivers (their own module, registered here) ------------------------------

import bench_poker_games  # noqa: E402,F401
