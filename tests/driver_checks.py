"""Invariants of the Vingt-un driver shared by its rule tests and its protocol tests."""

from __future__ import annotations

from collections import Counter

from pycards.games.vingt_un import VingtUn


def the_pack(game: VingtUn) -> Counter:
    """Every card of the game's pack, as often as it holds it (ids 0..51, twice with two packs)."""
    copies = 2 if game.options.deal_passes == "two_packs" else 1
    return Counter(list(range(52)) * copies)


def pack_accounting(game: VingtUn) -> None:
    """No card is ever in two places: stock + used + the cards on the table is exactly
    the pack, each card as often as the pack holds it. Once the game is over, the last
    deal's cards have been collected into ``used``; an over-drawn hand is thrown up to
    the pone, into ``used``, at once (seed 002). The dealer's hands are in his own row
    of ``game.hands``."""
    cards = Counter(game.stock) + Counter(game.used)
    if not game.is_over:
        for hands in game.hands:
            for hand in hands:
                if not hand.collected:
                    cards.update(hand.cards)
    assert cards == the_pack(game)
    assert Counter(game.info.pack) == the_pack(game)
