"""Play one seat of any registered game in the terminal, the other seats played by a policy.

Each step shows the seat what it may see of what happened since the last
step (its view of the records, :meth:`~pycards.games.base.Game.events`, as text
by :mod:`pycards.games.text`): every card dealt to it, every card shown or
drawn face up, every payment and the end of each deal; then, when it is that
seat's turn, its observation and the numbered legal actions.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from pycards._messages import shown
from pycards.errors import GameOptionError
from pycards.games.engine.document import plain_object
from pycards.games.engine.events import DealEnded
from pycards.games.policies import Policy, for_session
from pycards.games.text import action_text, observation_lines, record_lines, seat_names

__all__ = ["EXIT_INTERRUPTED", "QUIT", "play_interactive"]

QUIT = ("q", "quit")
"""Answers that leave the game (case-insensitive)."""
EXIT_INTERRUPTED = 130
"""The status after Ctrl-C (128 + SIGINT, as shells report it)."""
RESERVED_OPTIONS = ("deals", "until", "players", "seed")
"""Game arguments that :func:`play_interactive` sets itself."""


def _choice(answer: str, count: int) -> int | None:
    """The number ``answer`` (ASCII digits only: not "²", not "٣") if it is 1..count."""
    if not answer.isascii() or not answer.isdecimal() or len(answer) > len(str(count)):
        return None
    number = int(answer)
    return number if 1 <= number <= count else None


def play_interactive(name: str, players: int, seat: int, seed: int, policy: Policy,
                     options: Mapping[str, Any], read: Callable[[str], str] | None = None,
                     out: TextIO | None = None, *, deals: int = 10) -> int:  # fmt: skip
    """Play a session of ``deals`` deals of game ``name`` at ``seat``, every other seat
    using ``policy``; the exit status.

    ``read`` asks for each of your decisions (``input`` by default), ``out`` gets
    the table (``sys.stdout`` by default). Answer with the number of a choice
    (ASCII digits); ``q`` or ``quit`` leaves the game, as do the end of the
    input (``EOFError``) and Ctrl-C (``KeyboardInterrupt``) raised by ``read``:
    each prints your result so far. Anything else is asked again. Returns 0
    when the session is over or you leave, :data:`EXIT_INTERRUPTED` after
    Ctrl-C. ``options`` are the game's (not ``deals``, ``until``, ``players`` or
    ``seed``); a bad one, or a bad seat, player count, policy, ``read`` or ``out`` (or an
    answer from ``read`` that is not a str) raises :class:`~pycards.errors.GameOptionError`
    naming it.

    >>> import io
    >>> from pycards.games.policies import DrawBelow
    >>> answers, out = iter(["3", "q"]), io.StringIO()
    >>> play_interactive("vingt_un", 3, 0, 5, DrawBelow(16), {}, lambda prompt: next(answers), out, deals=2)
    0
    >>> print(out.getvalue())  # doctest: +ELLIPSIS
    -- the first ace falls to p1, who deals
    you turn up 3C
    ...
    you get 9H face down
    the dealer (p1) gets a card face down
    p2: Stake amount=1
    <BLANKLINE>
    deal 1: p1 deals; the stakes
      p2: ??  [stake 1]
      you: 9H  (9)  [stake 0]
    ...
    you: Stake amount=3
    ...
    you left after 0 of 2 deals; your result so far: +0
    <BLANKLINE>
    """
    from pycards.games import canonical_name, new_game
    from pycards.games.simulate import session_terms

    read = input if read is None else read
    out = sys.stdout if out is None else out
    if not callable(read):
        raise GameOptionError(f"read must be a callable (as input), not {shown(read)}")
    try:  # an object whose attributes raise has no usable write either
        write = getattr(out, "write", None)
    except Exception:
        write = None
    if not callable(write):
        raise GameOptionError(f"out must be a text stream (with a write method), not {shown(out)}")
    game_name = canonical_name(name)
    plain = plain_object(options, "the options", GameOptionError)
    if not callable(policy):
        raise GameOptionError(f"the policy must be a callable, not {shown(policy)}")
    for key in RESERVED_OPTIONS:
        if key in plain:
            raise GameOptionError(f"{key!r} is not a game option here: give the deals as deals= (--deals)")
    if type(players) is not int:  # the game checks the number; None would give its default table
        raise GameOptionError(f"players must be an int, not {shown(players)}")
    game = new_game(game_name, players=players, seed=seed, **session_terms(game_name, deals), **plain)
    if type(seat) is not int or not 0 <= seat < players:
        raise GameOptionError(f"the seat must be from 0 to {players - 1}, not {shown(seat)}")
    others = for_session(policy, seed)
    ended = 0
    seen = 0

    def show(names: dict[int, str], next_names: dict[int, str]) -> None:
        """Print the seat's view of the records made since the last call."""
        nonlocal ended, seen
        for record in game.events(seat, since=seen):
            for line in record_lines(record, seat, names, next_names):
                print(line, file=out)
            ended += sum(type(e) is DealEnded for e in record.entries)
        seen = game.records

    def leave(why: str, status: int) -> int:
        result = game.payoffs()[seat]
        print(f"\n{why} after {ended} of {deals} deals; your result so far: {result:+d}", file=out)
        return status

    names = seat_names(game_name, game.observation(seat))
    show(names, names)
    while not game.is_over:
        to_act = game.to_act
        assert to_act is not None
        legal = game.legal_actions()
        if to_act != seat:
            action = others(game.observation(to_act), legal)
        else:
            print("", file=out)
            for line in observation_lines(game_name, game.observation(seat)):
                print(line, file=out)
            for number, choice in enumerate(legal, start=1):
                print(f"  {number}. {action_text(choice)}", file=out)
            try:
                given = read(f"your choice (1-{len(legal)}, q to quit): ")
            except EOFError:
                return leave("the input ended", 0)
            except KeyboardInterrupt:
                return leave("interrupted", EXIT_INTERRUPTED)
            if not isinstance(given, str):
                raise GameOptionError(f"read must return a str (the answer typed), not {shown(given)}")
            answer = str.__str__(given).strip()  # a plain str: a subclass's own strip or lower is not asked
            if answer.lower() in QUIT:
                return leave("you left", 0)
            chosen = _choice(answer, len(legal))
            if chosen is None:
                print(f"choose a number from 1 to {len(legal)}, or q to quit", file=out)
                continue
            action = legal[chosen - 1]
        names = seat_names(game_name, game.observation(seat))
        game.apply(action)
        show(names, seat_names(game_name, game.observation(seat)))
    print(f"\nthe session is over after {ended} deals; your result: {game.payoffs()[seat]:+d}", file=out)
    return 0


