"""Play one seat of any registered game in the terminal, the other seats played by a policy.

Each step shows the seat what it may see of what happened since the last
step (its view of the records, :meth:`~pycards.games.base.Game.events`, as text
by :mod:`pycards.games.text`): every card dealt to it, every card shown or
drawn face up, every payment and the end of each deal; then, when it is that
seat's turn, its observation and its choices, each labelled as the game's
renderer reads it (:func:`~pycards.games.text.action_label`: "raise 2 (3 to put
in)", "stake 3").

Where the game offers a choice of cards (:func:`~pycards.games.text.card_pick`:
the draw's discards), the seat's cards are shown numbered by place and the
player names those to throw by place (``2 5``) or by name (``5h ks``, ``10d``,
``5♥``, any case), or types ``0`` (or ``pat``) to choose none where that is
allowed; the other choices are then lettered (``a``, ``b``...). A group of
actions the game offers as one choice (:func:`~pycards.games.text.choice_groups`:
law 45's demand of a wrong number of cards) is one line, which then asks for
its numbers. Anything else is asked again, with a line saying why.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO, Union

from pycards._messages import shown
from pycards.errors import GameOptionError
from pycards.games.engine.document import plain_object
from pycards.games.engine.events import DealEnded
from pycards.games.policies import Policy, check_plays, for_session
from pycards.games.engine.actions import Action
from pycards.games.text import (
    CardPick,
    ChoiceGroup,
    action_label,
    card_pick,
    card_symbols,
    choice_groups,
    observation_lines,
    record_lines,
    seat_names,
)

__all__ = ["EXIT_INTERRUPTED", "QUIT", "STAND_PAT", "play_interactive"]

QUIT = ("q", "quit")
"""Answers that leave the game (case-insensitive)."""
EXIT_INTERRUPTED = 130
"""The status after Ctrl-C (128 + SIGINT, as shells report it)."""
RESERVED_OPTIONS = ("deals", "until", "players", "seed")
"""Game arguments that :func:`play_interactive` sets itself."""


class _Leave(Exception):
    """The player leaves: ``why`` (for the last line) and the exit status."""

    def __init__(self, why: str, status: int) -> None:
        super().__init__(why)
        self.why, self.status = why, status


_LETTERS = "abcdefghijklmnoprstuvwxyz"  # no q: it quits
_TOKENS = re.compile(r"[\s,]+")
STAND_PAT = ("0", "pat")
"""Answers that choose no card in a pick (stand pat in the draw), where that is allowed."""


def _choice(answer: str, count: int) -> int | None:
    """The number ``answer`` (ASCII digits only: not "²", not "٣") if it is 1..count."""
    if not answer.isascii() or not answer.isdecimal() or len(answer) > len(str(count)):
        return None
    number = int(answer)
    return number if 1 <= number <= count else None


def _picked(answer: str, pick: CardPick) -> frozenset[int] | str:
    """The places (from 0) of the cards ``answer`` names, by place (``2 5``, counted from 1)
    or by name (``5h ks``, ``5♥``, any case), or why it names none the pick allows."""
    from pycards.cards import card

    if answer in STAND_PAT:
        if frozenset() in pick.by_positions:
            return frozenset()
        return "you may not choose no card here"
    places: list[int] = []
    for token in _TOKENS.split(answer):
        if not token:
            continue
        number = _choice(token, len(pick.cards))
        if number is not None:
            places.append(number - 1)
            continue
        if token.isascii() and token.isdecimal():
            return f"there is no place {token}: your cards are at places 1 to {len(pick.cards)}"
        try:
            found = card(token)
        except ValueError:
            return f"{token!r} is neither a place nor a card (write 5h, ks, 10d or 5♥)"
        if found not in pick.cards:
            return f"you do not hold {card_symbols([found])}"
        places.append(pick.cards.index(found))
    if not places:
        return "name the cards by place or by name" + (", or type 0 for none" if frozenset() in pick.by_positions else "")
    if len(set(places)) != len(places):
        return "name each card once"
    chosen = frozenset(places)
    if chosen not in pick.by_positions:
        return f"you may not choose those {len(chosen)} cards here"
    return chosen


def _numbers(answer: str, group: ChoiceGroup) -> tuple[int, ...] | str:
    """The numbers ``answer`` gives, if they are one of ``group``'s answers, or why not."""
    tokens = [t for t in _TOKENS.split(answer) if t]
    if not tokens or not all(t.isascii() and t.isdecimal() and len(t) <= 3 for t in tokens):
        return "give whole numbers, such as 2 3"
    numbers = tuple(int(t) for t in tokens)
    if numbers not in group.by_numbers:
        return f"{' '.join(tokens)} is not allowed here"
    return numbers

def play_interactive(name: str, players: int, seat: int, seed: int, policy: Policy,
                     options: Mapping[str, Any], read: Callable[[str], str] | None = None,
                     out: TextIO | None = None, *, deals: int = 10) -> int:  # fmt: skip
    """Play a session of ``deals`` deals of game ``name`` at ``seat``, every other seat
    using ``policy``; the exit status.

    ``read`` asks for each of your decisions (``input`` by default), ``out`` gets
    the table (``sys.stdout`` by default). Answer with the number of a choice
    (ASCII digits), or the cards of a pick as the module says; ``q`` or ``quit`` leaves the game, as do the end of the
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
    the first ace (AC) falls to p1, who deals
    the cards are gathered and shuffled
    p2 gets a card face down
    you get 9H face down
    the dealer (p1) gets a card face down
    p2: stake 1
    <BLANKLINE>
    deal 1: p1 deals; the stakes
      p2: ??  [stake 1]
      you: 9H  (9)  [stake 0]
    ...
      1. stake 1
    ...
    you: stake 3
    the dealer (p1): do not call double
    ...
      1. draw a card
      2. stand (content)
    <BLANKLINE>
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
    check_plays(policy, game_name)
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
        observation = game.observation(seat)
        for record in game.events(seat, since=seen):
            for line in record_lines(record, seat, names, next_names, game=game_name, observation=observation):
                print(line, file=out)
            ended += sum(type(e) is DealEnded for e in record.entries)
        seen = game.records

    def leave(why: str, status: int) -> int:
        result = game.payoffs()[seat]
        print(f"\n{why} after {ended} of {deals} deals; your result so far: {result:+d}", file=out)
        return status

    def ask(prompt: str) -> str:
        """The player's answer, stripped; :class:`_Leave` when he leaves."""
        try:
            given = read(prompt)
        except EOFError:
            raise _Leave("the input ended", 0) from None
        except KeyboardInterrupt:
            raise _Leave("interrupted", EXIT_INTERRUPTED) from None
        if not isinstance(given, str):
            raise GameOptionError(f"read must return a str (the answer typed), not {shown(given)}")
        answer = str.__str__(given).strip()  # a plain str: a subclass's own strip or lower is not asked
        if answer.lower() in QUIT:
            raise _Leave("you left", 0)
        return answer

    def decide(legal: Sequence[Action]) -> Action:
        """Show the table and the choices; the action the player chooses."""
        observation = game.observation(seat)
        print("", file=out)
        for line in observation_lines(game_name, observation):
            print(line, file=out)
        pick = card_pick(game_name, observation, legal)
        groups = choice_groups(game_name, observation, legal)
        taken = set(pick.by_positions.values()) if pick else set()
        for group in groups:
            taken.update(group.by_numbers.values())
        choices: list[Union[Action, ChoiceGroup]] = [a for a in legal if a not in taken]
        choices += groups
        keys = list(_LETTERS[:len(choices)]) if pick else [str(n) for n in range(1, len(choices) + 1)]
        if pick:
            places = "  ".join(f"{n}. {card_symbols([c])}" for n, c in enumerate(pick.cards, start=1))
            print(f"  your cards:  {places}", file=out)
            pat = "; 0 for none (stand pat)" if frozenset() in pick.by_positions else ""
            print(f"  {pick.prompt}: type their places (such as 2 5) or their names (such as 5h ks){pat}",
                  file=out)  # fmt: skip
        for key, choice in zip(keys, choices):
            text = choice.label if isinstance(choice, ChoiceGroup) else action_label(game_name, choice, observation)
            print(f"  {key}. {text}", file=out)
        if pick:
            others = f", {keys[0]}" + (f"-{keys[-1]}" if len(keys) > 1 else "") if keys else ""
            prompt = f"{pick.prompt} (places or cards{', 0' if pat else ''}{others}; q to quit): "
        else:
            prompt = f"your choice (1-{len(choices)}, q to quit): "
        while True:
            answer = ask(prompt)
            chosen: Union[Action, ChoiceGroup, None] = None
            if answer.lower() in keys:
                chosen = choices[keys.index(answer.lower())]
            elif pick:
                picked = _picked(answer, pick)
                if isinstance(picked, str):
                    print(picked, file=out)
                    continue
                return pick.by_positions[picked]
            else:
                number = _choice(answer, len(choices))
                if number is None:
                    print(f"choose a number from 1 to {len(choices)}, or q to quit", file=out)
                    continue
                chosen = choices[number - 1]
            if not isinstance(chosen, ChoiceGroup):
                return chosen
            while True:
                given = ask(f"{chosen.ask}; nothing to go back: ")
                if not given:
                    break
                numbers = _numbers(given, chosen)
                if isinstance(numbers, tuple):
                    return chosen.by_numbers[numbers]
                print(numbers, file=out)

    names = seat_names(game_name, game.observation(seat))
    show(names, names)
    while not game.is_over:
        to_act = game.to_act
        assert to_act is not None
        legal = game.legal_actions()
        if to_act != seat:
            action = others(game.observation(to_act), legal)
        else:
            try:
                action = decide(legal)
            except _Leave as leaving:
                return leave(leaving.why, leaving.status)
        names = seat_names(game_name, game.observation(seat))
        game.apply(action)
        show(names, seat_names(game_name, game.observation(seat)))
    print(f"\nthe session is over after {ended} deals; your result: {game.payoffs()[seat]:+d}", file=out)
    return 0
