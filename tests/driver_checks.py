"""Invariants of the Vingt-un driver shared by its rule tests and its protocol tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pycards.games import default_players, game_class, new_game
from pycards.games.vingt_un import VingtUn


def the_pack(game: VingtUn) -> Counter:
    """Every card of the game's pack, as often as it holds it (ids 0..51, twice with two packs)."""
    copies = 2 if game.options.deal_passes == "two_packs" else 1
    return Counter(list(range(52)) * copies)


def pack_accounting(game: VingtUn) -> None:
    """No card is ever in two places: stock + used + the cards on the table is exactly
    the pack, each card as often as the pack holds it (once the session is over too: its
    last deal's cards stay on the table); an over-drawn hand is thrown up to the pone,
    into ``used``, at once (seed 002). The dealer's hands are in his own row of
    ``game.hands``."""
    cards = Counter(game.stock) + Counter(game.used)
    for hands in game.hands:
        for hand in hands:
            if not hand.collected:
                cards.update(hand.cards)
    assert cards == the_pack(game)
    assert Counter(game.info.pack) == the_pack(game)


# -- for the adapters' tests: every registered game, at the player counts worth trying ---------


def player_counts(name: str) -> list[int]:
    """The fewest players the game allows, and its default (four, or the nearest it allows)."""
    info = new_game(name).info
    return sorted({info.min_players, default_players(name)})


def session(name: str, deals: int) -> dict[str, Any]:
    """The option that makes a session ``deals`` deals long, for a game that has it."""
    names = {rule.name for rule in game_class(name).Options.describe()}
    return {"deals": deals} if "deals" in names else {}


REWARD_EXTRAS = [
    ("vingt_un", 3, {"pool_contribution": 2, "pool_tie_share": 2, "pool_to_natural": True,
                     "natural_privilege": "double", "selling": True}),
    ("vingt_un", 4, {"max_decisions": 7}),
]  # fmt: skip
"""Sessions whose rewards are worth adding up: a pool (not zero-sum) with every payment the
options allow, and deals cut short by the bound on decisions."""
