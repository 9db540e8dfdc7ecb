"""The ``pycards`` command line.

``pycards rank [--game G] [--rules R] HAND...`` describes each hand and names
the winner or winners (law 76: equal hands share). Games: ``poker`` (five
cards), ``commerce`` and ``brag`` (three cards), ``vingt-un`` (any number of
cards; the dealer's advantage on ties is the game's, not shown here). Bad input
prints the error and exits with status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

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
