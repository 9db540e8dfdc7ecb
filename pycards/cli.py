"""The ``pycards`` command line.

``pycards rank [--game G] [--rules R] HAND...`` describes each hand and names
the winner or winners (law 76: equal hands share). Games: ``poker`` (five
cards), ``commerce`` and ``brag`` (three cards), ``vingt-un`` (any number of
cards; the dealer's advantage on ties is the game's, not shown here).

``pycards play vingt-un [--players N] [--rounds R] [--seed S] [--draw-below T]
[--workers W] [--set OPTION=VALUE ...]`` simulates a game with the built-in
policy at every seat and prints the results; ``--interactive`` seats you at
``--seat`` against that policy, in the terminal.

Bad input prints the error and exits with status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pycards import brag, commerce, poker, vingtun
from pycards.cards import format as format_cards
from pycards.cards import parse

__all__ = ["main"]


@dataclass(frozen=True)
class _Game:
    evaluate: Callable[[tuple[int, ...], str], int]
    describe: Callable[[tuple[int, ...], str], str]
    cards: int | None
    profiles: tuple[str, ...]


GAMES = {
    "poker": _Game(poker.evaluate, poker.describe, 5, poker.PROFILES),
    "commerce": _Game(commerce.evaluate, commerce.describe, 3, commerce.PROFILES),
    "brag": _Game(brag.evaluate, brag.describe, 3, brag.PROFILES),
    "vingt-un": _Game(
        lambda hand, rules: vingtun.evaluate(hand),
        lambda hand, rules: vingtun.describe(hand),
        None,
        ("english",),
    ),
}


def _rank(args: argparse.Namespace) -> int:
    game = GAMES[args.game]
    if args.rules not in game.profiles:
        raise ValueError(
            f"unknown {args.game} rules {args.rules!r}; expected one of "
            + ", ".join(map(repr, game.profiles))
        )
    hands = [parse(text, count=game.cards) for text in args.hands]
    strengths = [game.evaluate(hand, args.rules) for hand in hands]
    best = max(strengths)
    width = max(len(format_cards(h)) for h in hands)
    for number, (hand, strength) in enumerate(zip(hands, strengths), start=1):
        mark = "*" if strength == best else " "
        text = format_cards(hand).ljust(width)
        print(f"{mark} {number}. {text}  {game.describe(hand, args.rules)}  [{strength}]")
    won = [str(i) for i, s in enumerate(strengths, start=1) if s == best]
    if len(won) == 1:
        print(f"winner: hand {won[0]}")
    else:
        print(f"tie: hands {', '.join(won)} share the pool (law 76)")
    return 0


def _option_value(text: str) -> tuple[str, object]:
    """``name=value`` from the command line: ints, true/false, none, or text."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise ValueError(f"a game option is NAME=VALUE, not {text!r}")
    lowered = raw.lower()
    value: object
    if lowered in ("true", "false"):
        value = lowered == "true"
    elif lowered == "none":
        value = None
    else:
        try:
            value = int(raw)
        except ValueError:
            value = raw
    return name.replace("-", "_"), value


def _play(args: argparse.Namespace) -> int:
    from pycards.games import simulate
    from pycards.games.policies import DrawBelow

    options: dict[str, Any] = dict(_option_value(t) for t in args.set)
    policy = DrawBelow(args.draw_below)
    if args.interactive:
        from pycards.games.interactive import play_interactive

        return play_interactive(args.players, args.seat, args.seed, policy, options)
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.workers) as executor:
            result = simulate("vingt_un", policy, args.rounds, args.seed, executor=executor,
                              players=args.players, **options)  # fmt: skip
    else:
        result = simulate("vingt_un", policy, args.rounds, args.seed, players=args.players, **options)
    print(result.table())
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pycards", description="Hand evaluators for the old English and American card games."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    rank = commands.add_parser("rank", help="describe hands and name the winner")
    rank.add_argument("--game", choices=list(GAMES), default="poker")
    profiles = "; ".join(f"{name}: {', '.join(g.profiles)}" for name, g in GAMES.items())
    rank.add_argument("--rules", default="english", help=f"rules profile ({profiles})")
    rank.add_argument("hands", nargs="+", metavar="HAND", help='a hand, e.g. "AH KH QH JH 10H"')
    rank.set_defaults(run=_rank)

    play = commands.add_parser("play", help="simulate a game, or play one seat of it")
    play.add_argument("game", choices=["vingt-un"])
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--rounds", type=int, default=10000)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--draw-below", type=int, default=16, metavar="T",
                      help="the built-in policy asks for a card below T (default 16)")  # fmt: skip
    play.add_argument("--workers", type=int, default=1, help="processes to spread the rounds over")
    play.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                      help="a game option, e.g. --set max_stake=5 --set deal_passes=hands")  # fmt: skip
    play.add_argument("--interactive", action="store_true", help="play a seat yourself")
    play.add_argument("--seat", type=int, default=0, help="your seat with --interactive")
    play.set_defaults(run=_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except ValueError as error:
        print(f"pycards: error: {error}", file=sys.stderr)
        return 2
    return status
