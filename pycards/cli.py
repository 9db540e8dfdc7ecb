"""The ``pycards`` command line.

``pycards rank [--game G] [--rules R] HAND...`` describes each hand, shows its
strength in brackets (higher wins, equal ties) and names the winner or winners.
Games: ``poker`` (five cards; equal hands share the pool, law 76),
``commerce`` and ``brag`` (three cards; the games break ties by seat, which is
not shown here), ``vingt-un`` (any number of cards; the dealer's advantage on
ties is the game's, not shown here). Each HAND is one argument: quote it. Game
and rules names are case-insensitive, as cards are.

``pycards play GAME [--players N] [--deals D] [--session-deals S] [--seed S]
[--workers W] [--set OPTION=VALUE ...] [--policy-option NAME=VALUE ...]
[--random-policy] [--interactive [--seat N]]``
simulates GAME (any registered game, :data:`pycards.games.GAMES`: ``vingt_un``,
also spelt ``vingt-un``) with the game's built-in policy at every seat
(:func:`pycards.games.policies.default_policy`) and prints each seat's reward
per deal and each role's; ``--interactive`` seats you at ``--seat`` against
that policy (``--random-policy``: a random choice among the legal actions, at
every seat), in the terminal, for ``--deals`` deals (10 unless given; a poker
session plays on past them until no pool is left unwon). Type
``q`` to leave; leaving, the end of the input and Ctrl-C print your result so
far (Ctrl-C exits with status 130). ``--set`` takes the game's options as its
``Options.describe()`` gives them, checked against their ranges and choices
there; ``--policy-option`` the options of the game's policy as its registry
entry declares them (``draw_below=17`` for Vingt-un's), checked the same way
(``pycards play --help`` lists both); ``--players`` the bounds of the game's
class. This module knows the games only through the registry.

``pycards serve --data DIR [--host H] [--port P] [--seed S] [--max-tables N]
[--max-deals N] [--max-counters N] [--max-limit N] [--max-decisions N] [--max-watchers N]
[--max-connections N] [--head-seconds S] [--keep-alive-seconds S] [--hello-seconds S]
[--turn-seconds S]`` runs the
game server (:mod:`pycards.server`, docs/server.md)
on ``H:P`` (127.0.0.1:8000 unless given), keeping its tables in ``DIR``; it
needs the ``server`` extra (``pip install 'pycards-laws[server]'``), and says so,
with status 2, when it is missing. Ctrl-C stops it (status 0).

Limits (so that no input hangs or fills the memory): the players the game
allows, at most 10,000,000 deals (every deal's result is kept, 9 bytes a
seat), sessions as long as the game allows, 1 to 64 workers, a seed of at
most 64 bits, and every option (the game's or its policy's) within its range.

Bad input prints ``pycards: error: ...`` on stderr and exits with status 2,
without a traceback.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import signal
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pycards
from pycards import brag, commerce, poker, vingtun
from pycards.cards import format as format_cards
from pycards.cards import parse
from pycards.errors import HandSizeError
from pycards.games.engine.options import Field
from pycards.games.interactive import EXIT_INTERRUPTED

__all__ = ["build_parser", "main"]

MAX_DEALS = 10_000_000
"""Deals at most: a simulation keeps every deal's result (9 bytes a seat)."""
MAX_WORKERS = 64
SEED_BITS = 64
DEFAULT_PLAYERS = 4
SIMULATED_DEALS, INTERACTIVE_DEALS, SESSION_DEALS = 10_000, 10, 200
TASK_DEALS = 2_000
"""Deals per task given to a worker process (whole sessions of ``--session-deals``)."""
EXIT_BROKEN_PIPE = 141
SET_BY_PLAY = ("deals", "until", "rotations")
"""Game options that ``play`` sets itself: a session here is ``--deals`` or ``--session-deals`` deals
(so rotations mean nothing)."""

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


def _registered() -> list[str]:
    from pycards.games import GAMES as REGISTRY

    return list(REGISTRY)


def _spellings() -> str:
    """The registered games and their other spelling: ``vingt_un (or vingt-un)``."""
    names = _registered()
    return ", ".join(name + (f" (or {name.replace('_', '-')})" if "_" in name else "") for name in names)


def _play_game(text: str) -> str:
    """An argparse ``type``: the registered name of a game, from any of its spellings."""
    from pycards.games import canonical_name

    try:
        return canonical_name(text.strip())
    except ValueError:
        message = f"unknown game {_shown(text)}; the games are: {_spellings()}"
        raise argparse.ArgumentTypeError(message) from None


def _player_bounds() -> tuple[int, int]:
    """The fewest and the most players any registered game allows (``--players`` is then
    checked against the chosen game's own bounds)."""
    bounds = [_class_bounds(name) for name in _registered()]
    return min(b[0] for b in bounds), max(b[1] for b in bounds)


def _fields(game: str) -> dict[str, Field]:
    """The game's options (``Options.describe()``) by name, but those ``play`` sets itself."""
    from pycards.games import game_class

    return {f.name: f for f in game_class(game).Options.describe() if f.name not in SET_BY_PLAY}


def _policy_fields(game: str) -> dict[str, Field]:
    """The options of the game's built-in policy (its registry entry declares them) by name."""
    from pycards.games.policies import policy_options

    return {f.name: f for f in policy_options(game)}


def _split_option(text: str, flag: str) -> tuple[str, str]:
    """``NAME=VALUE`` given to ``flag``; the name lower-cased, ``-`` read as ``_``."""
    name, sep, raw = text.partition("=")
    name = name.strip().lower().replace("-", "_")
    if not sep or not name:
        raise ValueError(f"{flag} takes NAME=VALUE, not {_shown(text)}")
    return name, raw


def _option_value(rule: Field, raw: str, what: str = "option") -> object:
    """An option's value from the command line, read as its ``Field`` says: a whole number
    in its range, ``true``/``false``, or one of its choices (``none`` for None); a value
    out of the range is refused before any huge int is built. ``what`` names the option
    in a message (``option``, ``policy option``)."""
    text = raw.strip()
    lowered = text.lower()
    if rule.optional and lowered == "none":
        return None
    if rule.kind == "int":
        low, high = int(rule.low or 0), int(rule.high or 0)
        if not _INTEGER.fullmatch(text) or not _within(text, low, high):
            raise ValueError(f"{what} {rule.name} must be a whole number from {low:,} to {high:,}, "
                             f"not {_shown(raw)}")  # fmt: skip
        return int(text)
    if rule.kind == "bool":
        if lowered not in ("true", "false"):
            raise ValueError(f"{what} {rule.name} must be {rule.allowed()}, not {_shown(raw)}")
        return lowered == "true"
    for choice in rule.choices:
        if isinstance(choice, bool) and lowered == str(choice).lower():
            return choice
        if type(choice) is int and _INTEGER.fullmatch(text) and _within(text, choice, choice):
            return choice
        if isinstance(choice, str) and lowered == choice.lower():
            return choice
    raise ValueError(f"{what} {rule.name} must be {rule.allowed()}, not {_shown(raw)}")


_NOT_OPTIONS = {
    "deals": "use --deals for the deals in all, --session-deals for the deals of each simulated session",
    "rounds": "use --deals for the deals in all, --session-deals for the deals of each simulated session",
    "until": "a session here is --deals deals, or --session-deals in a simulation",
    "rotations": "a session here is --deals deals, or --session-deals in a simulation",
    "session_deals": "use --session-deals",
    "game_rounds": "use --session-deals",
    "players": "use --players",
    "seed": "use --seed",
    "workers": "use --workers",
    "seat": "use --seat",
}
"""Names given to ``--set`` that are no game option, and where they belong."""


def _read_options(texts: Sequence[str], rules: Mapping[str, Field], flag: str, game: str, noun: str,
                  advice: Callable[[str], str]) -> dict[str, Any]:  # fmt: skip
    """The ``NAME=VALUE`` texts given to ``flag``, each checked against its ``Field`` in
    ``rules``; a name not there is refused with ``advice(name)`` (where it belongs, if
    anywhere) and the names there are. ``noun`` names one in a message (``option``)."""
    options: dict[str, Any] = {}
    for text in texts:
        name, raw = _split_option(text, flag)
        if name not in rules:
            hint = advice(name)
            raise ValueError(f"{flag} {_shown(name)} is not a {game} {noun}" + (f" ({hint})" if hint else "")
                             + f"; the options are: {', '.join(rules) or 'none'}")  # fmt: skip
        if name in options:
            raise ValueError(f"{noun} {name} is set twice")
        options[name] = _option_value(rules[name], raw, noun)
    return options


def _game_options(game: str, texts: Sequence[str]) -> dict[str, Any]:
    """The ``--set`` options, each checked against the game's ``Options.describe()``,
    then together (the rules between options, in ``Options.check``)."""
    from pycards.games import game_class

    policy = _policy_fields(game)

    def advice(name: str) -> str:
        if name in policy:
            return f"an option of its policy: use --policy-option {name}=VALUE"
        return _NOT_OPTIONS.get(name, "")

    options = _read_options(texts, _fields(game), "--set", game, "option", advice)
    game_class(game).Options.from_dict(options, game)  # the rules between options
    return options


def _policy_options(game: str, texts: Sequence[str]) -> dict[str, Any]:
    """The ``--policy-option`` options, each checked against those the game's policy
    declares (its factory then checks them together)."""
    rules = _fields(game)

    def advice(name: str) -> str:
        return f"a game option: use --set {name}=VALUE" if name in rules else _NOT_OPTIONS.get(name, "")

    return _read_options(texts, _policy_fields(game), "--policy-option", game, "policy option", advice)


def _listed(rules: Mapping[str, Field]) -> str:
    """Each option with its allowed values and default."""
    def default(value: object) -> str:
        return "none" if value is None else str(value).lower() if isinstance(value, bool) else repr(value)

    return ", ".join(f"{r.name} {r.allowed()} [{default(r.default)}]" for r in rules.values()) or "none"


def _game_help(game: str) -> str:
    """What ``play --help`` says of ``game``: its players, its options and its policy's."""
    return (f"{game}: {_bounds_text(game)}; its options (--set NAME=VALUE; the default in brackets): "
            f"{_listed(_fields(game))}; its policy's (--policy-option NAME=VALUE): "
            f"{_listed(_policy_fields(game))}.")  # fmt: skip


def _bounds_text(game: str) -> str:
    low, high = _class_bounds(game)
    return f"{low} to {high} players"


def _class_bounds(game: str) -> tuple[int, int]:
    """The players the game's class allows (its ``MIN_PLAYERS`` and ``MAX_PLAYERS``)."""
    from pycards.games import game_class

    cls = game_class(game)
    return int(getattr(cls, "MIN_PLAYERS")), int(getattr(cls, "MAX_PLAYERS"))


def _ignore_interrupts() -> None:
    """In worker processes: Ctrl-C is the main process's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _at_most(flag: str, value: int, game: str) -> int:
    """``value`` of ``flag``, a number of deals in one session, within the game's ``deals`` option."""
    from pycards.games import game_class

    rules = {f.name: f for f in game_class(game).Options.describe()}
    high = rules["deals"].high if "deals" in rules else None
    if high is not None and value > high:
        raise ValueError(f"{flag} must be from 1 to {high:,} (the longest session of {game}), not {value}")
    return value


def _play(args: argparse.Namespace) -> int:
    from pycards.games.policies import default_policy

    game = args.game
    low, high = _class_bounds(game)
    players = min(max(DEFAULT_PLAYERS, low), high) if args.players is None else args.players
    if not low <= players <= high:
        raise ValueError(f"--players must be from {low} to {high} for {game}, not {players}")
    options = _game_options(game, args.set)
    if args.random_policy and args.policy_option:
        raise ValueError("--policy-option sets the built-in policy's options: not with --random-policy")
    policy = default_policy(game, **_policy_options(game, args.policy_option))
    if args.interactive:
        from pycards.games.interactive import play_interactive

        for flag, value in (("--workers", args.workers), ("--session-deals", args.session_deals)):
            if value is not None:
                raise ValueError(f"{flag} is for simulations, not with --interactive")
        if sys.stdin is None or sys.stdin.closed:
            raise ValueError("--interactive reads your choices from the standard input, which is closed")
        seat = 0 if args.seat is None else args.seat
        if not 0 <= seat < players:
            raise ValueError(f"--seat must be from 0 to {players - 1}, not {seat}")
        deals = _at_most("--deals", INTERACTIVE_DEALS if args.deals is None else args.deals, game)
        seed = secrets.randbits(SEED_BITS - 1) if args.seed is None else args.seed  # never shown to the player
        if args.random_policy:
            from pycards.games.policies import RandomLegal

            policy = RandomLegal(seed)
        return play_interactive(game, players, seat, seed, policy, options, deals=deals)
    if args.seat is not None:
        raise ValueError("--seat is your seat with --interactive; a simulation has no seat of yours")
    from pycards.games.simulate import simulate

    deals = SIMULATED_DEALS if args.deals is None else args.deals
    session_deals = SESSION_DEALS if args.session_deals is None else args.session_deals
    _at_most("--session-deals", session_deals, game)
    workers = 1 if args.workers is None else args.workers
    seed = 0 if args.seed is None else args.seed
    if args.random_policy:
        from pycards.games.policies import RandomLegal

        policy = RandomLegal(seed)
    common: dict[str, Any] = dict(players=players, session_deals=session_deals, **options)
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        # tasks of about TASK_DEALS deals (whole sessions): small enough that Ctrl-C, which
        # lets the tasks in progress finish, is quick; the block never changes the result
        block = max(1, TASK_DEALS // session_deals)
        executor = ProcessPoolExecutor(workers, initializer=_ignore_interrupts)
        try:
            result = simulate(game, policy, deals, seed, executor=executor, block=block, **common)
        finally:
            executor.shutdown(wait=True, cancel_futures=True)
    else:
        result = simulate(game, policy, deals, seed, **common)
    print(result.table())
    return 0


# --------------------------------------------------------------------------------------
# the parser
# --------------------------------------------------------------------------------------


class _HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows each option's default, except where there is none to show (or the help says it);
    never breaks a line inside a word (``--policy-option``, an option's range)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        text = self._whitespace_matcher.sub(" ", text).strip()
        return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent,
                             break_on_hyphens=False, break_long_words=False)  # fmt: skip

    def _split_lines(self, text: str, width: int) -> list[str]:
        text = self._whitespace_matcher.sub(" ", text).strip()
        return textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=False)

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

    games = _registered()
    least, most = _player_bounds()
    play = commands.add_parser(
        "play",
        help="simulate a game, or play one seat of it",
        description="Simulate a game with its built-in policy at every seat and print each seat's "
        "reward per deal and each role's (the dealer's, a player's...), with 95% intervals, or play "
        "one seat yourself (--interactive; type q to leave). The games: " + _spellings() + ".",
        epilog=" ".join(_game_help(name) for name in games),
        formatter_class=_HelpFormatter,
    )
    play.add_argument("game", type=_play_game, metavar="GAME",
                      help=f"the game to play: {_spellings()} (case-insensitive)")  # fmt: skip
    play.add_argument("--players", type=_count(least, most), default=None,
                      help="players at the table, as many as the game allows (listed below; "
                      f"default: {DEFAULT_PLAYERS}, or the game's fewest if more)")  # fmt: skip
    play.add_argument("--deals", type=_count(1, MAX_DEALS), default=None,
                      help=f"deals to play, at most {MAX_DEALS:,} (default: {SIMULATED_DEALS} "
                      f"simulated, {INTERACTIVE_DEALS} with --interactive); in poker the deals played may "
                      "differ a little: a session plays on until no pool is left unwon (the laws carry "
                      "an unwon pool into further deals), and ends early when one player holds every "
                      "counter")  # fmt: skip
    play.add_argument("--session-deals", type=_count(1, MAX_DEALS), default=None,
                      metavar="S", help="deals of each simulated session: the deals are played as "
                      "independent sessions of S deals, seeded from the seed and the session's number "
                      f"(default: {SESSION_DEALS})")  # fmt: skip
    seed_bound = 2 ** (SEED_BITS - 1)
    play.add_argument("--seed", type=_count(-seed_bound, seed_bound - 1), default=None,
                      help="the seed of the game's chance: the same seed, the same result (default: 0 "
                      "for a simulation; with --interactive a secret random seed, since whoever knows "
                      "the seed can work out every card)")  # fmt: skip
    play.add_argument("--workers", type=_count(1, MAX_WORKERS), default=None,
                      metavar="W", help=f"processes to spread the sessions over, 1 to {MAX_WORKERS}; "
                      "never changes the result (default: 1)")  # fmt: skip
    play.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                      help="a game option, repeatable (a whole number, true, false, none or a choice; "
                      "each game's options are listed below)")  # fmt: skip
    play.add_argument("--policy-option", action="append", default=[], metavar="NAME=VALUE",
                      help="an option of the game's built-in policy, repeatable (read as --set reads "
                      "a game option; each game's policy options are listed below)")  # fmt: skip
    play.add_argument("--interactive", action="store_true",
                      help="play a seat yourself, in the terminal (q to leave), the other seats played "
                      "by the game's built-in policy")  # fmt: skip
    play.add_argument("--random-policy", action="store_true",
                      help="seat a policy choosing at random among the legal actions (seeded by --seed) "
                      "instead of the game's built-in one: at every seat of a simulation, at the other "
                      "seats with --interactive")  # fmt: skip
    play.add_argument("--seat", type=_count(0, most - 1), default=None,
                      help="your seat with --interactive, 0 to players-1 (default: 0)")  # fmt: skip
    play.set_defaults(run=_play)
    _add_serve(commands)
    return parser


def _serve(args: argparse.Namespace) -> int:
    """``pycards serve``: the game server, if its extra is installed (status 2 if not)."""
    from pycards.server import require

    try:
        require()
    except ImportError as error:
        print(f"pycards: error: {error}", file=sys.stderr)
        return 2
    from pycards.server import serve

    serve(args.data, host=args.host, port=args.port, seed=args.seed, max_tables=args.max_tables,
          max_deals=args.max_deals, max_counters=args.max_counters, max_limit=args.max_limit,
          max_decisions=args.max_decisions, max_watchers=args.max_watchers, hello_seconds=args.hello_seconds,
          head_seconds=args.head_seconds, keep_alive_seconds=args.keep_alive_seconds,
          max_connections=args.max_connections, turn_seconds=args.turn_seconds or None)  # fmt: skip
    return 0


def _add_serve(commands: Any) -> None:
    """The ``serve`` subcommand's arguments."""
    serve = commands.add_parser(
        "serve",
        help="run the game server (needs the server extra)",
        description="Run the game server: tables of any registered game, seats played over "
        "WebSockets or by server-side bots, a page to play in a browser at / (docs/server.md). "
        f"Needs the server extra: {pycards._install_hint('server')}.",
        formatter_class=_HelpFormatter,
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=_count(0, 65535), default=8000, help="the port to listen on")
    serve.add_argument("--data", required=True, metavar="DIR",
                       help="the directory the tables are kept in (made if missing): a server "
                       "started on it again resumes every table")  # fmt: skip
    seed_bound = 2 ** (SEED_BITS - 1)
    serve.add_argument("--seed", type=_count(-seed_bound, seed_bound - 1), default=None,
                       help="the operator's seed: every table's seed is derived from it, so runs "
                       "are reproducible and whoever knows it can predict every deal (default: a "
                       "secret random seed for each table)")  # fmt: skip
    serve.add_argument("--max-tables", type=_count(1, 10**6), default=1000, metavar="N",
                       help="tables the data directory may hold")  # fmt: skip
    serve.add_argument("--max-deals", type=_count(1, 10**6), default=100, metavar="N",
                       help="the most deals a table's session may have")  # fmt: skip
    serve.add_argument("--max-counters", type=_count(1, 10**9), default=100_000, metavar="N",
                       help="the most counters a seat of a new table may start with")  # fmt: skip
    serve.add_argument("--max-limit", type=_count(1, 1000), default=1000, metavar="N",
                       help="the highest betting limit a new table may set")  # fmt: skip
    serve.add_argument("--max-decisions", type=_count(20, 10**5), default=1000, metavar="N",
                       help="the most decisions a deal may take: every new table's max_decisions, at "
                       "most this (at it the deal ends cut short, the seats held to stand)")  # fmt: skip
    serve.add_argument("--max-watchers", type=_count(1, 10**4), default=32, metavar="N",
                       help="spectators a table takes at once (each seated player always gets in: "
                       "a seat's own connections are bounded apart)")  # fmt: skip
    serve.add_argument("--max-connections", type=_count(1, 10**6), default=None, metavar="N",
                       help="open connections, HTTP and WebSocket, at once: one more closes the "
                       "oldest that has sent no request yet (default: 4096, or less to stay "
                       "within the open-file limit, ulimit -n)")  # fmt: skip
    serve.add_argument("--head-seconds", type=_count(1, 3600), default=10, metavar="S",
                       help="a connection that sends no whole request head within this is closed")  # fmt: skip
    serve.add_argument("--keep-alive-seconds", type=_count(1, 3600), default=5, metavar="S",
                       help="an HTTP connection idle this long after a response is closed")  # fmt: skip
    serve.add_argument("--hello-seconds", type=_count(1, 3600), default=10, metavar="S",
                       help="a WebSocket that does not say who it is within this is closed")  # fmt: skip
    serve.add_argument("--turn-seconds", type=_count(0, 7 * 24 * 3600), default=0, metavar="S",
                       help="a person who has joined a seat and lets this pass on a turn has it "
                       "played by the game's built-in policy, as a bot would (default: 0, no "
                       "timer: a table waits for its players)")  # fmt: skip
    serve.set_defaults(run=_serve)


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
