"""Benchmark cases of the poker drivers: random legal play, deals/s and decisions/s.

Registered into :mod:`bench_cases` (which imports this module at its end), so the
pytest-benchmark suite (``test_bench_poker_games.py``) and ``report.py`` share them.
Every pycards poker game plays sessions of random legal play (a seeded uniform choice
among ``legal_actions()``, 4 players; Progressive Poker 8); the Brag games and Draw Poker
and the exchange games also play by kind (``brag_decisions``, ``exchange_decisions``: a
uniform choice of a kind of action, then of one of that kind), against pokerkit's
four-player five-card draw with random legal play (:mod:`pokerkit_draw`: a uniform
choice among the legal decision kinds, a random subset discarded). A game that ends is
replaced by a new one inside the timed region: starting a session is part of playing.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from bench_cases import RATIOS, TARGETS, Context, Ratio, Target, Timed, Unavailable, _new_game, case, group

POKER_GAMES = ("draw_poker", "jack_pots", "straight_poker", "stud_poker", "progressive_poker")
POKER_DEALS = 200
"""Deals per timed call of the ``poker_deals`` cases (hands for pokerkit)."""
POKER_DECISIONS = 5_000
"""Decisions per timed call of the ``poker_decisions`` cases."""


def _players(name: str) -> int:
    return 8 if name == "progressive_poker" else 4


def _label(name: str, by_kind: bool = False) -> str:
    return f"pycards {name}, {_players(name)} players, random {'kind, then ' if by_kind else ''}legal action"


_PK = "pokerkit five-card draw (fixed limit), 4 players, random legal decision"

group("poker_deals", f"Poker games, random legal play: {POKER_DEALS} deals a call", reference=_label("draw_poker"),
      unit="deal")  # fmt: skip
group("poker_decisions", f"Poker games, random legal play: {POKER_DECISIONS:,} decisions a call",
      reference=_label("draw_poker"), unit="decision")  # fmt: skip


def _by_kind(rng: random.Random) -> Callable[[list[Any]], Any]:
    """A random choice that picks a kind of action uniformly (its class: fold, call, raise...),
    then one action of that kind: the random play of pokerkit's loop (:mod:`pokerkit_draw`)."""
    choice = rng.choice

    def pick(legal: list[Any]) -> Any:
        kinds: dict[type, list[Any]] = {}
        for action in legal:
            kinds.setdefault(type(action), []).append(action)
        return choice(choice(list(kinds.values())))

    return pick


def _player(ctx: Context, name: str, offset: int, by_kind: bool = False) -> Callable[[int, bool], None]:
    """A seeded random player of ``name`` sessions: ``play(n, deals)`` makes ``n`` decisions
    (``deals`` False) or plays until ``n`` deals have ended (``deals`` True: counted from
    ``deal_number``, which moves on as a deal ends and the next begins, and the session's
    end), as cheaply as pokerkit's loop counts its hands. Each decision is a uniform choice
    among the legal actions, or (``by_kind``) of a kind, then of an action of it."""
    new_game = _new_game()
    seeds = itertools.count(ctx.seed + offset)
    players = _players(name)

    def make() -> Any:
        return new_game(name, players=players, seed=next(seeds), deals=10**6)

    rng = random.Random(ctx.seed + offset)
    choice = _by_kind(rng) if by_kind else rng.choice
    games = [make()]

    def play(n: int, deals: bool) -> None:
        game = games[0]
        done = 0
        while done < n:
            if game.to_act is None:
                game = games[0] = make()
            if not deals:
                game.apply(choice(game.legal_actions()))
                done += 1
                continue
            begun = game.deal_number
            game.apply(choice(game.legal_actions()))
            done += game.deal_number - begun + (game.to_act is None)  # the deals this decision ended

    return play


def _pokerkit_player(ctx: Context) -> Callable[[int, bool], None]:
    try:
        import pokerkit_draw
    except ImportError as error:
        raise Unavailable(f"pokerkit not installed: {error}") from None
    rng = random.Random(ctx.seed + 70)
    states = [pokerkit_draw.new_state(rng)]

    def play(n: int, deals: bool) -> None:
        state = states[0]
        done = 0
        while done < n:
            if not state.status:
                state = states[0] = pokerkit_draw.new_state(rng)
                if deals:
                    done += 1
                    continue
            pokerkit_draw.random_decision(state, rng)
            if not deals:
                done += 1

    return play


def _cases(key: str, count: int, deals: bool, games: tuple[str, ...] = POKER_GAMES, by_kind: bool = False) -> None:
    for offset, name in enumerate(games):
        def factory(ctx: Context, name: str = name, offset: int = offset) -> Timed:
            play = _player(ctx, name, 110 + offset, by_kind)
            play(count, deals)  # once before timing: any error shows here
            return Timed(lambda: play(count, deals), count)

        case(key, _label(name, by_kind), "pycards")(factory)

    def peer(ctx: Context) -> Timed:
        play = _pokerkit_player(ctx)
        play(count, deals)
        return Timed(lambda: play(count, deals), count)

    case(key, _PK, "pokerkit")(peer)


_cases("poker_deals", POKER_DEALS, deals=True)
_cases("poker_decisions", POKER_DECISIONS, deals=False)

BRAG_GAMES = ("brag", "three_stake_brag", "american_brag")
BETTING_GAMES = (*BRAG_GAMES, "draw_poker")
group("brag_decisions", f"Brag games beside Draw Poker, random play by kind: {POKER_DECISIONS:,} decisions a call",
      reference=_label("draw_poker", True), unit="decision")  # fmt: skip
_cases("brag_decisions", POKER_DECISIONS, deals=False, games=BETTING_GAMES, by_kind=True)

EXCHANGE_GAMES = ("commerce", "old_commerce", "american_commerce", "my_ship_sails", "thirty_one", "whiskey_poker")
group("exchange_decisions", f"The exchange games, random play by kind: {POKER_DECISIONS:,} decisions a call",
      reference=_label("draw_poker", True), unit="decision")  # fmt: skip
_cases("exchange_decisions", POKER_DECISIONS, deals=False, games=(*EXCHANGE_GAMES, "draw_poker"), by_kind=True)

TARGETS += [
    Target(
        "draw_poker_deals_vs_pokerkit",
        "draw_poker (4 players) deals/s >= 10x pokerkit's four-player draw hands/s (random legal play)",
        lambda r: r[f"poker_deals::{_PK}"] / r[f"poker_deals::{_label('draw_poker')}"],
        ">=", 10.0, "x",
    ),
    Target(
        "draw_poker_decisions_vs_pokerkit",
        "draw_poker (4 players) decisions/s >= 5x pokerkit's four-player draw decisions/s (random legal play)",
        lambda r: r[f"poker_decisions::{_PK}"] / r[f"poker_decisions::{_label('draw_poker')}"],
        ">=", 5.0, "x",
    ),
]
RATIOS += [
    Ratio(
        f"{name}_decisions_vs_pokerkit_draw",
        f"{name} decisions/s / pokerkit draw decisions/s",
        lambda r, name=name: r[f"poker_decisions::{_PK}"] / r[f"poker_decisions::{_label(name)}"],
    )
    for name in POKER_GAMES[1:]
]


def _by_kind_targets(group_name: str, games: tuple[str, ...]) -> list[Target]:
    """For each of ``games``, played by kind in group ``group_name``: at least 3x pokerkit's
    four-player draw decisions/s in the same group."""
    return [
        Target(
            f"{name}_decisions_vs_pokerkit",
            f"{name} (4 players) decisions/s >= 3x pokerkit's four-player draw decisions/s (random play by kind)",
            lambda r, name=name: r[f"{group_name}::{_PK}"] / r[f"{group_name}::{_label(name, True)}"],
            ">=", 3.0, "x",
        )
        for name in games
    ]


TARGETS += _by_kind_targets("brag_decisions", BRAG_GAMES) + _by_kind_targets("exchange_decisions", EXCHANGE_GAMES)
RATIOS += [
    Ratio(
        "draw_poker_decisions_by_kind_vs_pokerkit_draw",
        "draw_poker decisions/s / pokerkit draw decisions/s (random play by kind)",
        lambda r: r[f"brag_decisions::{_PK}"] / r[f"brag_decisions::{_label('draw_poker', True)}"],
    )
]
