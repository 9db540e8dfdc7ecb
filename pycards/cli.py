"""The ``pycards`` command line.

``pycards rank [--game G] [--rules R] HAND...`` describes each hand, shows its
strength in brackets (higher wins, equal ties) and names the winner or winners.
Games: ``poker`` (five cards; equal hands share the pool, law 76),
``commerce`` and ``brag`` (three cards; the games break ties by seat, which is
not shown here), ``vingt-un`` (any number of cards; the dealer's advantage on
ties is the game's, not shown here). Each HAND is one argument: quote it. Game
and rules names are case-insensitive, as cards are.

``pycards play vingt-un [--players N] [--rounds R] [--game-rounds G] [--seed S]
[--draw-below T] [--workers W] [--set OPTION=VALUE ...]`` simulates a game with
the built-in policy at every seat and prints the results; ``--interactive``
seats you at ``--seat`` against that policy, in the terminal, for ``--rounds``
rounds (10 unless given). Type ``q`` to leave; leaving, the end of the input and
Ctrl-C print your result so far (Ctrl-C exits with status 130).

Limits (so that no input hangs or fills the memory): 2 to 12 players, at most
10,000,000 rounds (every round's result is kept, 8 bytes a seat), 1 to 64
workers, a seed of at most 64 bits, ``--draw-below`` 0 to 22, stakes and prices
at most 10,000 and other option numbers at most 10**9.

Bad input prints ``pycards: error: ...`` on stderr and exits with status 2,
without a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pycards
from pycards import brag, commerce, poker, vingtun
from pycards.cards import format as format_cards
from pycards.cards import parse
from pycards.errors import HandSizeError

__all__ = ["build_parser", "main"]

MIN_PLAYERS, MAX_PLAYERS = 2, 12
"""The players Vingt-un allows."""
MAX_ROUNDS = 10_000_000
"""Rounds at most: a simulation keeps every round's result (8 bytes a seat)."""
MAX_WORKERS = 64
MAX_DRAW_BELOW = 22
"""``--draw-below 22`` already draws to 21 (a hand reaching 21 stands)."""
SEED_BITS = 64
MAX_STAKE_OPTION = 10_000
"""Stakes and prices at most: the game lists every stake it allows as an action."""
MAX_OPTION = 10**9
"""Any other numeric option at most (the rules run on C ints)."""
STAKE_OPTIONS = ("min_stake", "max_stake", "max_price")
SIMULATED_ROUNDS, INTERACTIVE_ROUNDS = 10_000, 10
TASK_ROUNDS = 2_000
"""Rounds per task given to a worker process (whole games of ``--game-rounds``)."""
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

_INTEGER = re.compile(r"[+-]?[0-9]+")
_STRENGTH_LEGEND = "[n] is the hand's strength under these rules: higher wins, equal ties"


def _shown(text: str, limit: int = 60) -> str:
    """``repr(text)``, cut short if long (messages stay readable whatever the input)."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def _brief(message: str, limit: int = 1000) -> str:
    """A message quoting a huge input, its middle cut out."""
    if len(message) <= limit:
        return message
    cut = len(message) - limit
    return f"{message[: limit * 2 // 3]} [... {cut} characters ...] {message[-limit // 3 :]}"


# --------------------------------------------------------------------------------------
# rank
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Game:
    evaluate: Callable[[tuple[int, ...], str], int]
    describe: Callable[[tuple[int, ...], str], str]
    cards: int | None
    profiles: tuple[str, ...]
    tie: str
    """The last line for equal best hands; ``{hands}`` is their numbers."""
    example: str


GAMES = {
    "poker": _Game(poker.evaluate, poker.describe, 5, poker.PROFILES,
                   "tie: hands {hands} share the pool (law 76)",
                   '"AH KH QH JH 10H" "9S 9D 9H 9C 2D"'),  # fmt: skip
    "commerce": _Game(commerce.evaluate, commerce.describe, 3, commerce.PROFILES,
                      "tie: hands {hands} are equal (the game settles ties by seat)",
                      '"QH KH AH" "7C 7D 7S"'),  # fmt: skip
    "brag": _Game(brag.evaluate, brag.describe, 3, brag.PROFILES,
                  "tie: hands {hands} are equal (the game gives ties to the eldest hand)",
                  '"8C AD JC" "8S 8D 8H"'),  # fmt: skip
    "vingt-un": _Game(
        lambda hand, rules: vingtun.evaluate(hand),
        lambda hand, rules: vingtun.describe(hand),
        None,
        ("english",),
        "tie: hands {hands} are equal",
        '"4H 9C 7D" "AS KH"',
    ),
}


def _game_name(text: str) -> str:
    """Game names are case-insensitive; ``vingt_un`` is ``vingt-un``."""
    return text.strip().lower().replace("_", "-")


def _rules_name(text: str) -> str:
    return text.strip().lower().replace("-", "_")


def _size_hint(args: argparse.Namespace, game: _Game) -> str:
    """For ``pycards rank AH KH QH JH 10H``: every argument a single card."""
    if game.cards is None or len(args.hands) < 2:
        return ""
    if not all(len(text.split()) == 1 and "," not in text for text in args.hands):
        return ""
    if len(args.hands) % game.cards == 0 and len(args.hands) <= 52:
        groups = [args.hands[i : i + game.cards] for i in range(0, len(args.hands), game.cards)]
        example = " ".join('"' + " ".join(g) + '"' for g in groups)
    else:
        example = game.example
    return f"; each HAND is one argument: quote it, as in pycards rank {example}"


def _rank(args: argparse.Namespace) -> int:
    game = GAMES[args.game]
    rules = _rules_name(args.rules)
    if rules not in game.profiles:
        raise ValueError(
            f"unknown {args.game} rules {_shown(args.rules)}; expected one of "
            + ", ".join(map(repr, game.profiles))
        )
    try:
        hands = [parse(text, count=game.cards) for text in args.hands]
    except HandSizeError as error:
        hint = _size_hint(args, game)
        if hint:
            raise HandSizeError(f"{error}{hint}") from None
        raise
    holders: dict[int, int] = {}
    for number, hand in enumerate(hands, start=1):
        for c in hand:
            if c in holders:
                raise ValueError(f"card {format_cards([c])!r} is in hands {holders[c]} and {number}")
            holders[c] = number
    strengths = [game.evaluate(hand, rules) for hand in hands]
    best = max(strengths)
    width = max(len(format_cards(h)) for h in hands)
    for number, (hand, strength) in enumerate(zip(hands, strengths), start=1):
        mark = "*" if strength == best else " "
        text = format_cards(hand).ljust(width)
        print(f"{mark} {number}. {text}  {game.describe(hand, rules)}  [{strength}]")
    print(_STRENGTH_LEGEND)
    won = [str(i) for i, s in enumerate(strengths, start=1) if s == best]
    if len(won) == 1:
        print(f"winner: hand {won[0]}")
    else:
        print(game.tie.format(hands=", ".join(won)))
    return 0


# --------------------------------------------------------------------------------------
# play
# --------------------------------------------------------------------------------------


def _within(digits: str, low: int, high: int) -> bool:
    """Whether the ASCII whole number ``digits`` lies in ``low..high``; far too many
    digits are refused without being converted (no huge int is ever built)."""
    significant = digits.lstrip("+-").lstrip("0") or "0"
    return len(significant) <= len(str(max(abs(low), abs(high)))) and low <= int(digits) <= high


def _whole(text: str, low: int, high: int) -> int:
    """``text`` as a whole number from ``low`` to ``high`` (ASCII digits only)."""
    stripped = text.strip()
    if not _INTEGER.fullmatch(stripped):
        raise ValueError(f"must be a whole number from {low:,} to {high:,}, not {_shown(text)}")
    if not _within(stripped, low, high):
        raise ValueError(f"must be from {low:,} to {high:,}, not {_shown(text)}")
    return int(stripped)


def _count(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number in ``low..high``, or argparse's error (status 2)."""

    def convert(text: str) -> int:
        try:
            return _whole(text, low, high)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return convert


def _split_option(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` from the command line; the name lower-cased, ``-`` read as ``_``."""
    name, sep, raw = text.partition("=")
    name = name.strip().lower().replace("-", "_")
    if not sep or not name:
        raise ValueError(f"a game option is NAME=VALUE, not {_shown(text)}")
    return name, raw


def _option_value(name: str, raw: str) -> object:
    """An option's value from the command line: whole numbers, true/false, none, or text."""
    lowered = raw.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    stripped = raw.strip()
    if _INTEGER.fullmatch(stripped):  # the options class checks the sign and the least value
        limit = MAX_STAKE_OPTION if name in STAKE_OPTIONS else MAX_OPTION
        if not _within(stripped, -limit, limit):
            raise ValueError(f"option {name} must be at most {limit:,} here, not {_shown(raw)}")
        return int(stripped)
    return raw


_NOT_OPTIONS = {
    "rounds": "use --rounds for the rounds in all, --game-rounds for the rounds of each simulated game",
    "game_rounds": "use --game-rounds",
    "players": "use --players",
    "seed": "use --seed",
    "workers": "use --workers",
    "seat": "use --seat",
    "draw_below": "use --draw-below",
}


def _option_names(game: str) -> list[str]:
    """The fields of the game's options dataclass that ``--set`` may set (all but ``rounds``)."""
    from pycards.games import GAMES as DRIVERS

    return [f.name for f in dataclasses.fields(DRIVERS[game].Options) if f.name != "rounds"]


def _game_options(game: str, texts: Sequence[str], shown_as: str) -> dict[str, Any]:
    """The ``--set`` options, checked against the game's options dataclass."""
    from pycards.games import GAMES as DRIVERS

    options_class = DRIVERS[game].Options
    names = _option_names(game)
    options: dict[str, Any] = {}
    for text in texts:
        name, raw = _split_option(text)
        if name not in names:
            advice = _NOT_OPTIONS.get(name, "")
            raise ValueError(
                f"--set {_shown(name)} is not a {shown_as} option"
                + (f" ({advice})" if advice else "")
                + f"; the options are: {', '.join(names)}"
            )
        if name in options:
            raise ValueError(f"option {name} is set twice")
        options[name] = _option_value(name, raw)
    options_class(**options)  # a bad value raises GameOptionError (a ValueError) naming it
    return options


def _ignore_interrupts() -> None:
    """In worker processes: Ctrl-C is the main process's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play(args: argparse.Namespace) -> int:
    from pycards.games import simulate
    from pycards.games.policies import DrawBelow

    game = args.game.replace("-", "_")
    options = _game_options(game, args.set, args.game)
    policy = DrawBelow(args.draw_below)
    if args.interactive:
        from pycards.games.interactive import play_interactive

        for flag, value in (("--workers", args.workers), ("--game-rounds", args.game_rounds)):
            if value is not None:
                raise ValueError(f"{flag} is for simulations, not with --interactive")
        if sys.stdin is None or sys.stdin.closed:
            raise ValueError("--interactive reads your choices from the standard input, which is closed")
        seat = 0 if args.seat is None else args.seat
        if not 0 <= seat < args.players:
            raise ValueError(f"--seat must be from 0 to {args.players - 1}, not {seat}")
        rounds = INTERACTIVE_ROUNDS if args.rounds is None else args.rounds
        return play_interactive(args.players, seat, args.seed, policy, options, rounds=rounds)
    if args.seat is not None:
        raise ValueError("--seat is your seat with --interactive; a simulation has no seat of yours")
    rounds = SIMULATED_ROUNDS if args.rounds is None else args.rounds
    game_rounds = 200 if args.game_rounds is None else args.game_rounds
    workers = 1 if args.workers is None else args.workers
    common: dict[str, Any] = dict(players=args.players, game_rounds=game_rounds, **options)
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        # tasks of about TASK_ROUNDS rounds (whole games): small enough that Ctrl-C, which
        # lets the tasks in progress finish, is quick; the block never changes the result
        block = max(1, TASK_ROUNDS // game_rounds)
        executor = ProcessPoolExecutor(workers, initializer=_ignore_interrupts)
        try:
            result = simulate(game, policy, rounds, args.seed, executor=executor, block=block, **common)
        finally:
            executor.shutdown(wait=True, cancel_futures=True)
    else:
        result = simulate(game, policy, rounds, args.seed, **common)
    print(result.table())
    return 0


# --------------------------------------------------------------------------------------
# the parser
# --------------------------------------------------------------------------------------


class _HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows each option's default, except where there is none to show (or the help says it)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if "%(default)" in text or "default:" in text or not action.option_strings:
            return text
        default = action.default
        if default is None or default is False or default == [] or default is argparse.SUPPRESS:
            return text
        return text + " (default: %(default)s)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pycards",
        description="Hand evaluators for the old English and American card games.",
        formatter_class=_HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {pycards.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    rank = commands.add_parser(
        "rank",
        help="describe hands and name the winner",
        description="Describe each hand and name the winner or winners. "
        + _STRENGTH_LEGEND + ". Each HAND is one argument: quote it.",
        epilog='example: pycards rank "AH KH QH JH 10H" "9S 9D 9H 9C 2D"',
        formatter_class=_HelpFormatter,
    )
    rank.add_argument("--game", type=_game_name, choices=list(GAMES), default="poker",
                      help="the game whose rules rank the hands (case-insensitive)")  # fmt: skip
    profiles = "; ".join(f"{name}: {', '.join(g.profiles)}" for name, g in GAMES.items())
    rank.add_argument("--rules", default="english",
                      help=f"rules profile, case-insensitive ({profiles})")  # fmt: skip
    rank.add_argument("hands", nargs="+", metavar="HAND",
                      help='a hand, one quoted argument, e.g. "AH KH QH JH 10H"')  # fmt: skip
    rank.set_defaults(run=_rank)

    play = commands.add_parser(
        "play",
        help="simulate a game, or play one seat of it",
        description="Simulate a game with the built-in policy at every seat and print each "
        "seat's result per round with its 95% interval, or play one seat yourself "
        "(--interactive; type q to leave).",
        formatter_class=_HelpFormatter,
    )
    play.add_argument("game", type=_game_name, choices=["vingt-un"], help="the game")
    play.add_argument("--players", type=_count(MIN_PLAYERS, MAX_PLAYERS), default=4,
                      help=f"players at the table, {MIN_PLAYERS} to {MAX_PLAYERS}")  # fmt: skip
    play.add_argument("--rounds", type=_count(1, MAX_ROUNDS), default=None,
                      help=f"rounds to play, at most {MAX_ROUNDS:,} (default: {SIMULATED_ROUNDS} "
                      f"simulated, {INTERACTIVE_ROUNDS} with --interactive)")  # fmt: skip
    play.add_argument("--game-rounds", type=_count(1, MAX_ROUNDS), default=None,
                      metavar="G", help="rounds of each simulated game: the rounds are played as "
                      "independent games of G rounds, seeded from the seed and the game's number "
                      "(default: 200)")  # fmt: skip
    seed_bound = 2 ** (SEED_BITS - 1)
    play.add_argument("--seed", type=_count(-seed_bound, seed_bound - 1), default=0,
                      help="the seed of the game's chance: the same seed, the same result")  # fmt: skip
    play.add_argument("--draw-below", type=_count(0, MAX_DRAW_BELOW), default=16,
                      metavar="T", help="the built-in policy asks for a card while its hand "
                      f"counts less than T, 0 to {MAX_DRAW_BELOW}")  # fmt: skip
    play.add_argument("--workers", type=_count(1, MAX_WORKERS), default=None,
                      metavar="W", help=f"processes to spread the games over, 1 to {MAX_WORKERS}; "
                      "never changes the result (default: 1)")  # fmt: skip
    play.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                      help="a game option, e.g. --set max_stake=5 --set deal_passes=hands "
                      "(values: whole numbers, true, false, none or text); the vingt-un options: "
                      + ", ".join(_option_names("vingt_un")))  # fmt: skip
    play.add_argument("--interactive", action="store_true",
                      help="play a seat yourself, in the terminal (q to leave)")  # fmt: skip
    play.add_argument("--seat", type=_count(0, MAX_PLAYERS - 1), default=None,
                      help="your seat with --interactive, 0 to players-1 (default: 0)")  # fmt: skip
    play.set_defaults(run=_play)
    return parser


def _silence_stdout() -> None:
    """After a broken pipe: send what is still buffered nowhere, so exiting prints nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file behind stdout (a test's capture)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    0 on success (and after leaving an interactive game with ``q`` or at the
    end of the input), 2 for bad input (argparse's own errors included), 130
    after Ctrl-C, 141 when the output pipe is closed early.
    """
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:  # argparse: --help and --version (0) or a usage error (2)
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 2)
    try:
        status: int = args.run(args)
    except ValueError as error:  # every bad input pycards reports (GameOptionError, CardError, ...)
        print(f"pycards: error: {_brief(str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\npycards: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except EOFError:
        print("\npycards: error: the input ended", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    return status
