"""Play a seat of Vingt-un in the terminal against the built-in policies."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from pycards.cards import RANK_SYMBOLS, SUIT_SYMBOLS
from pycards.games import new_game
from pycards.games.base import Action
from pycards.games.policies import Policy
from pycards.games.vingt_un import points

__all__ = ["play_interactive"]


def _card_text(card: int | None) -> str:
    if card is None:
        return "??"
    c = card % 52
    return RANK_SYMBOLS[c >> 2] + SUIT_SYMBOLS[c & 3]


def _hand_text(cards: Sequence[int | None]) -> str:
    text = " ".join(_card_text(c) for c in cards)
    if cards and None not in cards:
        text += f"  ({points([c for c in cards if c is not None])})"
    return text


def _action_text(action: Action) -> str:
    fields = action.to_dict()
    kind = str(fields.pop("type"))
    return kind + ("" if not fields else " " + " ".join(f"{k}={v}" for k, v in fields.items()))


def show(observation: dict[str, Any], out: TextIO) -> None:
    """The table as ``observation`` shows it to its seat."""
    seat = observation["seat"]
    print(f"\n-- round {observation['rounds_played'] + 1}, p{observation['dealer']} deals"
          f"{', double called' if observation['double'] else ''}", file=out)  # fmt: skip
    for s, hands in observation["hands"].items():
        who = "you" if s == seat else f"p{s}"
        for h in hands:
            print(f"  {who:>4}: {_hand_text(h.cards):<24} stake {h.stake}", file=out)
    for h in observation["dealer_hands"]:
        print(f"dealer: {_hand_text(h.cards)}", file=out)
    print(f"  your counters: {observation['balances'][seat]}", file=out)


QUIT = ("q", "quit")
"""Answers that leave the game (case-insensitive)."""
EXIT_INTERRUPTED = 130
"""The status after Ctrl-C (128 + SIGINT, as shells report it)."""


def _choice(answer: str, count: int) -> int | None:
    """The number ``answer`` (ASCII digits only: not "²", not "٣") if it is 1..count."""
    if not answer.isascii() or not answer.isdecimal() or len(answer) > len(str(count)):
        return None
    number = int(answer)
    return number if 1 <= number <= count else None


def play_interactive(players: int, seat: int, seed: int, policy: Policy, options: dict[str, Any],
                     read: Callable[[str], str] | None = None, out: TextIO | None = None, *,
                     rounds: int = 10) -> int:  # fmt: skip
    """Play ``rounds`` rounds at ``seat``, every other seat using ``policy``; the exit status.

    ``read`` asks for each of your decisions (``input`` by default), ``out``
    gets the table (``sys.stdout`` by default). Answer with the number of a
    choice (ASCII digits); ``q`` or ``quit`` leaves the game, as do the end of
    the input (``EOFError``) and Ctrl-C (``KeyboardInterrupt``) raised by
    ``read``: each prints your result so far. Anything else is asked again.
    Returns 0 when the game is over or you leave, 130 after Ctrl-C.
    ``options`` are the game's (not ``rounds``).
    """
    read = input if read is None else read
    out = sys.stdout if out is None else out
    if "rounds" in options:
        raise ValueError("give the rounds as rounds= (--rounds), not as a game option")
    if not 0 <= seat < players:
        raise ValueError(f"--seat must be 0..{players - 1}, not {seat!r}")
    game = new_game("vingt_un", players=players, seed=seed, rounds=rounds, **options)
    round_start = game.payoffs()[seat]
    played = game.rounds_played

    def leave(why: str, status: int) -> int:
        print(f"\n{why} after {game.rounds_played} of {rounds} rounds; "
              f"your result so far: {game.payoffs()[seat]:+d}", file=out)  # fmt: skip
        return status

    while not game.is_over:
        to_act = game.to_act
        assert to_act is not None
        legal = game.legal_actions()
        if to_act != seat:
            game.apply(policy(game.observation(to_act), legal))
        else:
            show(game.observation(seat), out)
            for number, action in enumerate(legal, start=1):
                print(f"  {number}. {_action_text(action)}", file=out)
            try:
                answer = read(f"your choice (1-{len(legal)}, q to quit): ").strip()
            except EOFError:
                return leave("the input ended", 0)
            except KeyboardInterrupt:
                return leave("interrupted", EXIT_INTERRUPTED)
            if answer.lower() in QUIT:
                return leave("you left", 0)
            chosen = _choice(answer, len(legal))
            if chosen is None:
                print(f"choose a number from 1 to {len(legal)}, or q to quit", file=out)
                continue
            game.apply(legal[chosen - 1])
        if game.rounds_played != played:
            now = game.payoffs()[seat]
            print(f"== round {game.rounds_played} over: you {now - round_start:+d}", file=out)
            round_start, played = now, game.rounds_played
    print(f"\ngame over; your result: {game.payoffs()[seat]:+d}", file=out)
    return 0
