"""A seat's legal actions as a person reads them: a label each, and the cards to pick among.

:func:`choices` gives, for the seat to act, a label for each legal action
(:func:`pycards.games.text.action_labels`: "raise 2 (4 to stay in)", "stand pat")
and, where the game's choice is a set of the seat's own cards (the draw of Draw
Poker), the *pick*: those cards in hand order, a prompt, and which legal action
each allowed set of hand positions means (:func:`pycards.games.text.card_pick`).
The page shows the cards to click and one button that sends the action of the
marked set, instead of a button for each such action. Where many legal actions
are one choice that asks for numbers (a demand of a wrong number of cards, law
45), :func:`groups` gives each such choice once, with its question and which
legal action each answer means (:func:`pycards.games.text.choice_groups`).

Both are built from the seat's own observation and its legal actions only, so
they say nothing the seat may not know; their size is bounded by the legal
actions' (one label each; one position set per legal action at most).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Optional

from pycards.games.base import Action
from pycards.games.text import action_labels, card_pick, choice_groups
from pycards.server.wire import JSON, to_json

__all__ = ["choices", "groups", "labels", "pick"]

def labels(game_name: str, observation: Mapping[str, Any], legal: Sequence[Action]) -> list[str]:
    """A person's label for each of ``legal``, in order."""
    return action_labels(game_name, legal, observation)


def pick(game_name: str, observation: Mapping[str, Any], legal: Sequence[Action]) -> Optional[dict[str, JSON]]:
    """The cards to pick among, as JSON: ``{"cards": [...], "prompt": "...", "positions":
    {"0,3": i}}``, each allowed set of 0-based hand positions (ascending, comma-separated;
    ``""`` for none) to the index in ``legal`` of the action it means; ``None`` if the
    choice is not one of cards."""
    found = card_pick(game_name, observation, legal)
    if found is None:
        return None
    index = {action: i for i, action in enumerate(legal)}
    positions: dict[str, JSON] = {}
    for places, action in found.by_positions.items():
        if action in index:  # only legal actions (the contract says so; checked, not trusted)
            positions[",".join(str(p) for p in sorted(places))] = index[action]
    if not positions:
        return None
    return {"cards": to_json(tuple(found.cards)), "prompt": str(found.prompt), "positions": positions}


def groups(game_name: str, observation: Mapping[str, Any], legal: Sequence[Action]) -> list[JSON]:
    """The choices that ask for numbers, as JSON: ``[{"label": "...", "ask": "...", "answers":
    {"2,3": i}}]``, each allowed answer (its numbers in order, comma-separated) to the index
    in ``legal`` of the action it means; ``[]`` for most games."""
    index = {action: i for i, action in enumerate(legal)}
    found: list[JSON] = []
    for group in choice_groups(game_name, observation, legal):
        answers: dict[str, JSON] = {",".join(str(int(n)) for n in numbers): index[action]
                                    for numbers, action in group.by_numbers.items() if action in index}  # fmt: skip
        if answers:
            found.append({"label": str(group.label), "ask": str(group.ask), "answers": answers})
    return found


def choices(game_name: str, observation: Mapping[str, Any], legal: Sequence[Action]) -> dict[str, JSON]:
    """``{"action_labels": [...], "pick": ..., "groups": [...]}`` for an update (see
    :func:`labels`, :func:`pick`, :func:`groups`)."""
    return {"action_labels": list(labels(game_name, observation, legal)),
            "pick": pick(game_name, observation, legal),
            "groups": groups(game_name, observation, legal)}  # fmt: skip
