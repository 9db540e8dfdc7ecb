"""Invariants of the Vingt-un driver shared by its rule tests and its protocol tests."""

from __future__ import annotations

from collections import Counter

from pycards.games.vingt_un import VingtUn


def pack_accounting(game: VingtUn) -> None:
    """No card is ever in two places: stock + used + the cards on the table is exactly
    the pack, each card once. Once the game is over, the last round's cards have been
    collected into ``used``; an over-drawn hand is thrown up to the pone, into ``used``,
    at once (seed 002)."""
    size = 104 if game.options.deal_passes == "two_packs" else 52
    cards = Counter(game.stock) + Counter(game.used)
    if not game.is_over:
        for hands in game.hands:
            for hand in hands:
                if not hand.collected:
                    cards.update(hand.cards)
        for hand in game.dealer_hands:
            cards.update(hand.cards)
    assert cards == Counter(range(size))
