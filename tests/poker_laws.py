"""Small helpers the poker law tests share: stack the pack, play actions, read balances, the
pool and the entries of records (tests/test_draw_poker_laws.py, test_jack_pots_laws.py,
test_straight_stud_poker.py)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pycards.cards import parse
from pycards.games.engine.events import Dealt, Moved, Record, Shown
from pycards.settlement import Payment


def stack(hands: Sequence[str | Sequence[int]], dealer: int = 0, draws: str = "") -> list[int]:
    """The ``top=`` list that deals ``hands[seat]`` to each seat (one card at a time to each
    seat from the dealer's left, as many rounds as a hand has cards: five at poker, three at
    Brag), followed by ``draws`` (the cards drawn)."""
    players = len(hands)
    held = [list(parse(h)) for h in hands]
    size = len(held[0])
    assert all(len(h) == size for h in held)
    order = [(dealer + k) % players for k in range(1, players + 1)]
    top = [held[seat][r] for r in range(size) for seat in order]
    if draws:
        top += list(parse(draws))
    assert len(set(top)) == len(top), "a card is stacked twice"
    return top


def play(game, *actions) -> list[Record]:
    """Apply ``actions`` in turn; their records."""
    return [game.apply(a) for a in actions]


def says(game, *actions) -> list[int]:
    """Apply ``actions`` in turn; who was to act for each."""
    seats = []
    for action in actions:
        seats.append(game.to_act)
        game.apply(action)
    return seats


def cards_seen(game, seat) -> set[int]:
    """Every card id ``seat`` (``None``: a spectator) sees in its events (dealt, moved, shown)
    and in its observation now (its hand, a widow face up, the cards face up or shown)."""
    seen: set[int] = set()
    for record in game.events(seat):
        for e in record.entries:
            if type(e) in (Dealt, Moved) and e.card is not None:
                seen.add(e.card)
            elif type(e) is Shown:
                seen.update(card for card in e.cards if card is not None)
    if seat is not None:
        obs = game.observation(seat)
        seen.update(obs["hand"], obs.get("widow", ()))
        for held in (*obs["up"].values(), *obs["shown"].values()):
            seen.update(held)
    return seen


def balances(game) -> list[int]:
    return [game.ledger.balance(f"p{s}") for s in range(game.players)]


def pool(game) -> int:
    return game.ledger.balance("pool")


def entries(records: Iterable[Record], kind: type) -> list:
    return [e for r in records for e in r.entries if type(e) is kind]


def payments(records: Iterable[Record]) -> list[Payment]:
    return entries(records, Payment)
