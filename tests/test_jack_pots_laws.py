"""One test per law of American jack pots that the ``jack_pots`` driver simulates (laws 39-46).

The laws are those of seed ``004_7d6a6396833e304f.txt`` (Draw Poker, laws 39-46: the end of
law 39 on false openers, 40 fattening, 41 coming in, 42 raising the opener, 43 drawing
cards, 44 false hands, 45 betting the hands, 46 shy bets). docs/rules.md sections 2.2 and
2.4 (the ``american`` profile, "jacks or better"), 5 (the pool), 6.1 and 6.3 decide what the
laws leave open: every pot is a jack pot, antes are dead money, a fattened deal is dealt by
the same dealer, there is no check after the draw, a false opener is found out when he shows
his openers, and "for another jack" means the antes of the next deal are paid.

Every deal is played through the public protocol (``new_game``, ``apply``, ``history``,
``events``, ``observation``, the ledger). The first deal's cards are stacked with ``top=``
(:func:`stack`); whether a stacked hand opens, and which hand wins, is checked by the
independent ranking of ``tests/reference_poker.py`` (:func:`opens`, :func:`key`), never by
the driver's evaluators. Every expected number is worked out in the test from the law.

Table: four players (unless told), dealer p0, ante 1, limit 10, 100 counters each, so the
order from the dealer's left is p1, p2, p3, p0 and the deal opens with a pool of 4.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from poker_checks import Witness, play_checked
from poker_laws import balances, cards_seen, entries, payments, play, pool, says, stack
from reference_poker import reference_key

from pycards.cards import parse
from pycards.games import new_game
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.events import DealEnded, Dealt, Note, Record, Reshuffled, Shown
from pycards.games.poker.table import Discard
from pycards.games.poker.jack_pots import Conceal, Show
from pycards.settlement import Payment

ALL = 0b11111
"""Discard the whole hand."""
LAST_THREE = 0b11100
"""Discard the third, fourth and fifth cards of the hand (as dealt)."""
LEAST_JACKS = "JC JD 2H 3S 4C"
"""The weakest hand that opens a jack pot (docs/rules.md 2.4)."""


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------



def jack_pots(hands: Sequence[str | Sequence[int]] | None = None, draws: str = "", players: int | None = None,
              dealer: int = 0, seed: int = 0, **options):  # fmt: skip
    """A session of ``jack_pots`` (ante 1, limit 10, 100 counters, one deal unless told), its
    first deal stacked from ``hands`` and ``draws``."""
    terms = {"ante": 1, "limit": 10, "counters": 100, "deals": 1, "fatten": 1, "profile": "american", **options}
    top = stack(hands, dealer, draws) if hands is not None else []
    seats = players if players is not None else (len(hands) if hands is not None else 4)
    return new_game("jack_pots", players=seats, seed=seed, dealer=dealer, top=top, **terms)



def hand(cards: str | Sequence[int]) -> tuple[int, ...]:
    return tuple(parse(cards))


def key(cards: str | Sequence[int]) -> tuple[int, ...]:
    """The reference comparison key of a hand under the ``american`` profile."""
    return reference_key(hand(cards), "american")


def opens(cards: str | Sequence[int]) -> bool:
    """Jacks or better, judged by the reference ranking (docs/rules.md 2.4)."""
    return key(cards) >= key(LEAST_JACKS)


def kinds(game) -> set[type]:
    return {type(a) for a in game.legal_actions()}


def prepaid(game) -> tuple[int, ...]:
    return game.observation(0)["prepaid"]


# Hands of four players, dealer p0 (checked against the reference ranking where used).
JACKS = "JC JD 5H 6S 8C"  # a pair of jacks: opens
FALSE = "QC 9D 7H 4S 2C"  # queen high: does not open
KINGS = "KC KD 2H 3S 4C"
NINES = "QC 9D 7H 9S 10C"
ACES = "AS AH 3D 4D KS"


def test_the_stacked_hands_are_what_the_tests_say():
    """The hands the tests stack, judged by the reference ranking (never the driver's)."""
    assert opens(JACKS) and opens(KINGS) and opens(ACES) and opens(LEAST_JACKS)
    assert not opens(FALSE) and not opens(NINES) and not opens("10C 10D 7H 4S 2C")
    assert not opens("JC 10D 9H 8S 6C") and opens("2C 3D 4H 5S 6C")  # a straight is better than jacks


# --------------------------------------------------------------------------------------
# Law 39 (its end): a false opener found out before the draw
# --------------------------------------------------------------------------------------


def test_law_39_a_false_opener_found_out_before_the_draw_forfeits_and_the_others_play_on():
    """Law 39 (seed 004_7d6a6396833e304f.txt): a false opener who discovers "his error before
    he draws, his hand is foul, and he forfeits whatever amount he may have already placed in
    the pool. Those who have come into the pool after the false opening, stay in and play for
    the pot, regardless of the value of the hands dealt them."

    p1 opens for 2 on queen high; p2 raises to 4, p3 and p0 come in; p1 will not meet the
    raise and shows his hand (law 42): no jacks. He loses his 1 + 2, no more (the penalty of
    law 44 is for a false opener found out after the draw). p2, p3 (with nothing) and p0 play
    on: they draw, p2 (the first on the opener's left, law 45) bets 1, both call; p0's pair
    of fours beats p2's pair of threes and takes 4 + 2 + 3 * 4 + 3 = 21."""
    hands = ["4C 4D 6H 10C KD", FALSE, "3C 3D 8H 10S KC", "AS 2D 5C 6D 9S"]
    assert key(hands[0]) > key(hands[2]) > key(hands[3])
    game = jack_pots(hands)
    play(game, Raise(2), Raise(2), Call(), Call())
    assert game.to_act == 1 and game.stakes == [4, 2, 4, 4]
    records = play(game, Fold())
    assert entries(records, Shown) == [Shown(1, 0, hand(FALSE))]  # found out: queen high
    assert payments(records) == []  # no penalty before the draw
    assert balances(game) == [95, 97, 95, 95] and pool(game) == 18
    assert game.live == [2, 3, 0] and game.phase == "draw"
    assert says(game, Discard(0), Discard(0), Discard(0)) == [2, 3, 0]
    assert game.to_act == 2  # the opener withdrawn: the next on his left bets first
    play(game, Raise(1), Call(), Call())
    assert game.phase == "show" and game.to_act == 2
    final = play(game, Show(), Show(), Show())[-1]
    assert [e.seat for e in entries(game.history(), Shown)] == [1, 2, 3, 0]
    assert [p for p in payments([final]) if p.payer == "pool"] == [Payment("pool", "p0", 21)]
    assert balances(game) == [115, 97, 94, 94] and pool(game) == 0
    assert prepaid(game) == (0, 0, 0, 0)
    assert game.is_over


# --------------------------------------------------------------------------------------
# Law 40: fattening
# --------------------------------------------------------------------------------------


def test_law_40_nobody_opens_the_same_dealer_deals_again_and_each_fattens():
    """Law 40 (seed 004_7d6a6396833e304f.txt): "If no player will open, the cards are
    reshuffled, cut, and dealt, usually by the same dealer, and each player adds one counter
    to the pool." docs/rules.md 6.3: each adds ``fatten`` (2 here) instead of an ante.

    Deal 1: all pass; the 4 antes stay. Deal 2 (dealer p0 again): each adds 2, pool 12; all
    pass. Deal 3 (p0 again): each adds 2, pool 20. p1 opens for 1, p2 raises to 2, p3 and p0
    drop, p1 gives up: p2 takes 20 + 1 + 2 = 23 and the session (one deal) is over."""
    game = jack_pots(fatten=2)
    assert game.observation(0)["fattening"] is False
    for deal, (fattened, wealth) in enumerate([(12, 97), (20, 95)], start=2):
        records = play(game, Check(), Check(), Check(), Check())
        assert any("law 40" in e.text for e in entries(records, Note))
        assert game.deal_number == deal and game.dealer == 0 and game.to_act == 1
        assert game.observation(0)["fattening"] is True
        after = records[-1].entries[[type(e) for e in records[-1].entries].index(DealEnded):]
        assert payments([Record(None, None, after)]) == [Payment(f"p{s}", "pool", 2) for s in (1, 2, 3, 0)]
        assert [len(h) for h in game.hands] == [5, 5, 5, 5]  # dealt again
        assert pool(game) == fattened and game.carry == fattened - 8
        assert balances(game) == [wealth] * 4
        assert game.stakes == [0, 0, 0, 0]  # the fattening is dead money, like the ante
    records = play(game, Raise(1), Raise(1), Fold(), Fold(), Fold())
    assert payments(records)[-1] == Payment("pool", "p2", 23)
    assert balances(game) == [95, 94, 116, 95] and pool(game) == 0
    assert game.is_over


def test_law_40_a_pot_thrown_away_to_one_player_is_fattened_if_he_will_not_open():
    """Law 40 (seed 004_7d6a6396833e304f.txt): "If no player will open, the cards are
    reshuffled ... and each player adds one counter to the pool." docs/rules.md 6.3: the one
    player left when the others throw their hands away before the opening still has his
    say. p1, p2 and p3 throw their hands away; the dealer may open, but passes: nobody would
    open, so he deals again and each adds 1 (pool 4 + 4)."""
    game = jack_pots()
    witness = Witness(game)  # every step checked: counters, pack, records
    play_checked(game, witness, Fold(), Fold(), Fold())
    assert game.deal_number == 1 and game.to_act == 0
    assert kinds(game) == {Fold, Check, Raise}
    play_checked(game, witness, Check())
    assert game.deal_number == 2 and game.dealer == 0
    assert game.observation(1)["fattening"] is True
    assert pool(game) == 8 and balances(game) == [98, 98, 98, 98]


def test_law_40_every_player_holding_cards_is_asked_before_the_pot_is_fattened():
    """Law 40 (seed 004_7d6a6396833e304f.txt): the pot is fattened "If no player will open";
    law 45: "If no bet is made, the last player holding cards takes the pool"; the opener
    shows his openers to take it (docs/rules.md 6.3).

    The referee's deal: three players, dealer p0. p1 and p2 throw their hands away before the
    pot is opened; p0, holding two aces, is still asked, and opens for 1. Nobody is left to
    come in: he shows his openers and takes the 3 antes and his 1 back; the pot is not
    fattened."""
    game = new_game("jack_pots", players=3, seed=5, dealer=0,
                    top=[0, 8, 50, 5, 17, 51, 14, 26, 20, 23, 35, 29, 28, 40, 34])  # fmt: skip
    witness = Witness(game)  # every step checked: counters, pack, records
    dealt = tuple(game.hands[0])
    assert opens(dealt) and sorted(c // 4 for c in dealt).count(12) == 2  # two aces
    assert game.to_act == 1
    play_checked(game, witness, Fold())
    assert game.to_act == 2
    play_checked(game, witness, Fold())
    assert game.deal_number == 1 and game.to_act == 0
    assert kinds(game) == {Fold, Check, Raise}
    records = play_checked(game, witness, Raise(1))
    assert [(e.seat, tuple(e.cards)) for e in entries(records, Shown)] == [(0, dealt)]  # his openers
    assert payments(records)[-1] == Payment("pool", "p0", 4)
    assert not any("law 40" in e.text for e in entries(records, Note))
    assert balances(game) == [102, 99, 99] and pool(game) == 0 and game.is_over


# --------------------------------------------------------------------------------------
# Law 41: coming in
# --------------------------------------------------------------------------------------


def test_law_41_each_comes_in_for_the_opening_even_those_on_his_right_who_passed():
    """Law 41 (seed 004_7d6a6396833e304f.txt): "each player in turn, on his left, can come in
    by putting up a similar amount, regardless of the value of his hand. Any player on the
    right of the opener who passed on the first round may now come in."

    p1 and p2 pass (keeping their hands); p3 opens for 3 on jacks; p0, then p1 and p2 (on the
    opener's right, holding nothing) come in for 3 each: pool 4 + 4 * 3 = 16."""
    hands = ["2C 3D 5S 7D 9C", "4C 6D 8H 10S QC", "3C 5D 7H 9S KD", JACKS]
    assert not any(opens(h) for h in hands[:3]) and opens(hands[3])
    game = jack_pots(hands)
    assert says(game, Check(), Check(), Raise(3)) == [1, 2, 3]
    assert game.observation(1)["opener"] == 3
    turns = []
    while game.phase == "bet":
        assert kinds(game) == {Fold, Call, Raise}  # come in, raise or abandon: no more passing
        turns.append(game.to_act)
        play(game, Call())
    assert turns == [0, 1, 2]
    assert game.phase == "draw" and game.live == [1, 2, 3, 0]
    assert game.stakes == [3, 3, 3, 3] and pool(game) == 16
    assert balances(game) == [96, 96, 96, 96]


def test_law_41_a_player_who_will_not_come_in_abandons_his_hand():
    """Law 41: "Any player declining to put up the amount for which the pot is opened must
    abandon his hand, and all his interest in the pool."

    p1 opens for 2 on jacks; p2 declines: his hand is gone and he is out of the draw; p3 and
    p0 come in, all stand pat, p1 bets 1, p3 and p0 drop: p1 shows his openers and takes
    4 + 3 * 2 + 1 = 11; p2's ante went with the pool."""
    hands = [KINGS, JACKS, "AS AH 3D 4D KS", "QC 9D 7H 9S 10C"]
    game = jack_pots(hands)
    play(game, Raise(2), Fold())
    assert game.hands[2] == [] and 2 not in game.live
    play(game, Call(), Call())
    assert game.phase == "draw"
    assert says(game, Discard(0), Discard(0), Discard(0)) == [1, 3, 0]  # p2 does not draw
    records = play(game, Raise(1), Fold(), Fold())
    assert entries(records, Shown) == [Shown(1, 0, hand(JACKS))]
    assert payments(records)[-1] == Payment("pool", "p1", 11)
    assert balances(game) == [97, 107, 99, 97] and pool(game) == 0


# --------------------------------------------------------------------------------------
# Law 42: raising the opener
# --------------------------------------------------------------------------------------


def test_law_42_the_opener_who_will_not_meet_a_raise_shows_his_entire_hand():
    """Law 42 (seed 004_7d6a6396833e304f.txt): "Any player coming into the pool has the
    privilege of raising the original opener any amount within the betting limit ... Should
    the opener decline to meet such a raise, he must show his entire hand before abandoning
    it ... It is not enough to show openers before the draw, the whole hand must be shown."

    p1 opens for 2 on jacks; p2 raises 3 (puts up 5); p3 and p0 drop; p1 declines: all five
    of his cards are shown, and p2 takes 4 + 2 + 5 = 11 without showing."""
    hands = [KINGS, JACKS, NINES, ACES]
    game = jack_pots(hands)
    play(game, Raise(2))
    assert max(a.by for a in game.legal_actions() if type(a) is Raise) == 10  # within the limit
    play(game, Raise(3), Fold(), Fold())
    assert game.to_act == 1 and game.stakes == [0, 2, 5, 0]
    assert Conceal() in game.legal_actions()
    records = play(game, Fold())
    shown = entries(records, Shown)
    assert shown == [Shown(1, 0, hand(JACKS))] and len(shown[0].cards) == 5  # not the jacks alone
    assert [e.seat for e in entries(game.history(), Shown)] == [1]  # p2 takes it unshown
    assert payments(records) == [Payment("pool", "p2", 11)]  # no penalty: he showed
    assert balances(game) == [99, 97, 105, 99] and pool(game) == 0


def test_law_42_the_opener_who_will_not_show_pays_the_antes_of_all_for_another_jack():
    """Law 42: "If he declines to do so, he must pay the antes for all the other players for
    another jack." docs/rules.md 6.3: ``Conceal``; "those players' antes of the next deal are
    paid".

    p1 opens for 2; p2 raises to 5; p3 and p0 come in for 5; p1 neither meets the raise nor
    shows: he pays 3 * 1 (p2's, p3's and p0's antes) and abandons his hand unseen. The three
    stand pat, p2 bets 1, p3 and p0 call; p3's aces take 4 + 2 + 3 * 5 + 3 = 24, not the 3
    paid for the next jack. Deal 2 (dealer p1): p2's, p3's and p0's antes are paid; p1 antes
    1: pool 3 + 1 = 4."""
    hands = [KINGS, JACKS, NINES, ACES]
    assert key(ACES) > key(KINGS) > key(NINES)
    game = jack_pots(hands, deals=2)
    assert Conceal not in kinds(game)  # not before a raise
    play(game, Raise(2), Raise(3))
    assert Conceal not in kinds(game)  # p3 owes, but he is not the opener
    play(game, Call(), Call())
    assert game.to_act == 1 and Conceal() in game.legal_actions()
    records = play(game, Conceal())
    assert entries(records, Shown) == [] and game.hands[1] == [] and 1 not in game.live
    assert payments(records) == [Payment("p1", "pool", 3)]
    assert prepaid(game) == (1, 0, 1, 1)
    assert balances(game) == [94, 94, 94, 94] and pool(game) == 24
    play(game, Discard(0), Discard(0), Discard(0))
    assert game.to_act == 2 and Conceal not in kinds(game)
    play(game, Raise(1), Call(), Call())
    final = play(game, Show(), Show(), Show())[-1]
    assert [p for p in payments([final]) if p.payer == "pool"] == [Payment("pool", "p3", 24)]
    assert game.rewards() == {0: -7, 1: -6, 2: -7, 3: 17}
    # the next jack: the antes of the three are paid, p1 antes for himself
    assert game.deal_number == 2 and game.dealer == 1 and game.to_act == 2
    start = final.entries[[type(e) for e in final.entries].index(DealEnded) + 1:]
    assert [e.text for e in start if type(e) is Note][:3] == [f"p{s}'s ante was paid for him" for s in (2, 3, 0)]
    assert payments([Record(None, None, start)]) == [Payment("p1", "pool", 1)]
    assert game.carry == 3 and pool(game) == 4
    assert balances(game) == [93, 93, 93, 117]
    assert prepaid(game) == (0, 0, 0, 0)


# --------------------------------------------------------------------------------------
# Law 43: drawing cards
# --------------------------------------------------------------------------------------


def test_law_43_those_who_came_in_draw_in_turn_from_the_dealers_left():
    """Law 43 (seed 004_7d6a6396833e304f.txt): "Each player in turn who has come in,
    beginning on the left of the dealer, may discard and draw". Dealer p2: p3 passes, p0
    opens, p1 drops, p2 and p3 come in: the draw goes p3, p0, p2 (p1 is out); then the
    opener bets first (law 45)."""
    game = jack_pots(dealer=2)
    assert says(game, Check(), Raise(1), Fold(), Call(), Call()) == [3, 0, 1, 2, 3]
    assert game.phase == "draw"
    assert says(game, Discard(0), Discard(ALL), Discard(0b00011)) == [3, 0, 2]
    assert game.observation(1)["discarded"] == (5, -1, 2, 0)
    assert game.phase == "bet" and game.to_act == 0


def test_law_43_the_opener_may_split_his_openers_his_discard_goes_under_the_chips():
    """Law 43: "The opener is allowed to split his openers, provided it is the rule of the
    game that the opener shall always put his discard under the chips in the pool".

    p1 opens on jacks holding four diamonds, and splits them: he throws the jack of clubs and
    draws the two of diamonds (a flush). His jack is kept apart from the discards (p2's three
    are among them) and stays on the table; when p1 takes the pool uncalled he shows his
    openers, the jack of clubs among them, not the card he drew: 4 + 4 + 2 = 10."""
    opener = "JC JD 10D 9D 8D"
    hands = ["3D 6D 10H AC KS", opener, "2C 3C 5H 7S KH", "4C 4H 6C 9S QS"]
    game = jack_pots(hands, draws="2D AH AD QH")
    play(game, Raise(1), Call(), Call(), Call())
    play(game, Discard(0b00001))  # the jack of clubs
    assert game.hands[1] == list(hand("JD 10D 9D 8D 2D"))
    play(game, Discard(0b00111), Discard(0), Discard(0))
    jack = hand("JC")[0]
    assert game.pack.used == list(hand("2C 3C 5H"))  # p2's discards; not the opener's
    assert jack in game.cards_on_table() and all(jack not in h for h in game.hands)
    assert jack not in game.observation(2)["hand"] and jack not in cards_seen(game, 2)
    records = play(game, Raise(2), Fold(), Fold(), Fold())
    assert entries(records, Shown) == [Shown(1, -1, hand(opener))]
    assert payments(records)[-1] == Payment("pool", "p1", 10)
    assert balances(game) == [98, 106, 98, 98]


def deal_of(players: int, opener: int, openers: str = "JC JD 2C 3D 4H") -> list[tuple[int, ...]]:
    """Hands for ``players`` seats: ``openers`` to the opener, the other cards in order."""
    rest = [c for c in range(52) if c not in hand(openers)]
    return [hand(openers) if seat == opener else tuple(rest.pop(0) for _ in range(5)) for seat in range(players)]


@pytest.mark.parametrize("players, opener", [(8, 3), (8, 5), (7, 1)])
def test_law_43_the_openers_discard_is_never_gathered_in_when_the_pack_runs_short(players, opener):
    """Law 43: "The opener's discard must never be gathered in with other discards when the
    pack runs short for the draw." (docs/rules.md 6.3, and 6.2 for the pack running short.)

    Everybody comes in and throws all five cards. With 8 players 12 cards are left: p1 and
    p2 draw 10, the rest announce their discards, the 2 left are dealt and the discards are
    shuffled: 7 * 5 = 35 of them, the opener's 5 kept apart. With 7 players 17 are left: p1,
    p2, p3 draw 15 and 6 * 5 = 30 are shuffled. Whether the opener draws before the pack runs
    short (p1 of 7, p3 of 8 is the first who cannot) or after (p5 of 8), no card he threw
    comes back into any hand. He then bets 1, all drop, he shows his openers (which open)
    and takes 2 * players + 1."""
    hands = deal_of(players, opener)
    assert opens(hands[opener])
    game = jack_pots(hands)
    order = [(k % players) for k in range(1, players + 1)]
    while game.to_act != opener:
        play(game, Check())
    play(game, Raise(1))
    while game.phase == "bet":
        play(game, Call())
    assert game.phase == "draw" and len(game.pack.stock) == 52 - 5 * players
    records = []
    drawers = []
    while game.phase == "draw":
        drawers.append(game.to_act)
        records += play(game, Discard(ALL))
    assert drawers == order
    thrown = set(hand(hands[opener]))
    assert entries(records, Reshuffled) == [Reshuffled(5 * (players - 1))]
    dealt = [e.card for e in entries(records, Dealt)]
    assert len(dealt) == 5 * players and not thrown & set(dealt)
    held = [c for h in game.hands for c in h]
    assert len(held) == len(set(held)) == 5 * players and not thrown & set(held)
    assert thrown <= set(game.cards_on_table())
    assert not thrown & set(game.pack.stock) and not thrown & set(game.pack.used)
    assert game.to_act == opener
    records = play(game, Raise(1), *[Fold()] * (players - 1))
    assert entries(records, Shown) == [Shown(opener, -1, hand(hands[opener]))]
    assert payments(records)[-1] == Payment("pool", f"p{opener}", 2 * players + 1)
    assert balances(game) == [98 + 2 * players if s == opener else 98 for s in range(players)]


# --------------------------------------------------------------------------------------
# Law 44: false hands
# --------------------------------------------------------------------------------------


def test_law_44_a_false_opener_found_out_after_the_draw_antes_for_every_other_player():
    """Law 44 (seed 004_7d6a6396833e304f.txt): "If a false opener does not discover his
    mistake until after he has drawn cards, his hand is foul, and must be abandoned. As a
    penalty he must put up an ante for each of the other players at the table for another
    Jack."

    p1 opens for 1 on queen high; all come in; he draws three (two queens: threes, which
    no longer matters). After the draw he declines to bet and shows his openers (law 45):
    queen high. His hand is foul and he pays 3 * 1. p2 bets 1 and the others drop: p2 takes
    4 + 4 + 1 = 9. Deal 2 (dealer p1): p2's, p3's and p0's antes are paid, p1 antes 1."""
    hands = ["4C 4D 6H 10C KD", FALSE, "3C 3D 8H 10S KC", "AS 2D 5C 6D 9S"]
    game = jack_pots(hands, draws="QH QS 5D", deals=2)
    play(game, Raise(1), Call(), Call(), Call())
    play(game, Discard(LAST_THREE), Discard(0), Discard(0), Discard(0))
    assert game.hands[1] == list(hand("QC 9D QH QS 5D"))
    assert game.to_act == 1 and kinds(game) == {Fold, Raise}
    records = play(game, Fold())
    assert entries(records, Shown) == [Shown(1, -1, hand(FALSE))]
    assert any("law 44" in e.text for e in entries(records, Note))
    assert payments(records) == [Payment("p1", "pool", 3)]
    assert prepaid(game) == (1, 0, 1, 1)
    final = play(game, Raise(1), Fold(), Fold())[-1]
    won = final.entries[: [type(e) for e in final.entries].index(DealEnded)]
    assert [p for p in won if type(p) is Payment and p.payer == "pool"] == [Payment("pool", "p2", 9)]
    assert game.rewards() == {0: -2, 1: -5, 2: 6, 3: -2}
    assert game.deal_number == 2 and game.dealer == 1
    assert pool(game) == 3 + 1 and balances(game) == [98, 94, 106, 98]
    assert prepaid(game) == (0, 0, 0, 0)


def test_law_44_a_false_opener_in_the_call_cannot_win_and_antes_for_the_others():
    """Law 44: the false opener's hand "is foul"; he pays an ante for each other player. p1
    opens on two tens and draws two more (four tens, the best hand at the table); at the
    call (p1, p2, p0 in) he shows his openers first: two tens. Foul: he pays 3 and the
    pool of 4 + 4 + 3 = 11 goes to p0's kings over p2's nines. The 3 stay for another jack,
    which the one-deal session therefore plays (dealer p1, who alone antes)."""
    false = "10C 10D 7H 4S 2C"
    hands = ["KH KD 6H 3C QD", false, "9C 9D 8H 5S KC", "AS 2D 5C 6D JS"]
    final_p1 = hand("10C 10D 10H 10S 3D")
    assert not opens(false) and key(final_p1) > key(hands[0]) > key(hands[2])
    game = jack_pots(hands, draws="10H 10S 3D")
    play(game, Raise(1), Call(), Call(), Call())
    play(game, Discard(LAST_THREE), Discard(0), Discard(0), Discard(0))
    assert game.hands[1] == list(final_p1)
    play(game, Raise(1), Call(), Fold(), Call())
    assert game.phase == "show" and game.to_act == 1
    records = play(game, Show())
    assert entries(records, Shown)[0] == Shown(1, -1, hand(false))
    assert payments(records) == [Payment("p1", "pool", 3)]
    final = play(game, Show(), Show())[-1]
    assert [p for p in payments([final]) if p.payer == "pool"] == [Payment("pool", "p0", 11)]
    assert game.rewards() == {0: 8, 1: -6, 2: -3, 3: -2}
    # the 3 stay for the next jack, which the session plays (dealer p1, who antes 1)
    assert game.deal_number == 2 and prepaid(game) == (0, 0, 0, 0)
    assert balances(game) == [108, 93, 97, 98] and pool(game) == 3 + 1


def test_law_44_a_false_opener_uncalled_after_the_draw_takes_nothing():
    """Law 44 with docs/rules.md 6.3 ("when he takes a pool nobody called (an opener shows
    his openers to take it)"): p1 opens on queen high, all come in; after the draw he bets 1
    and all drop. To take the pool he shows his openers: foul; he pays 3 and nobody takes the
    pool: 4 + 4 + 1 + 3 = 12 stays for the next jack. Deal 2 (dealer p1, not fattened): the
    others' antes are paid, p1 antes 1: pool 13."""
    hands = ["4C 4D 6H 10C KD", FALSE, "3C 3D 8H 10S KC", "AS 2D 5C 6D 9S"]
    game = jack_pots(hands, draws="QH QS 5D", deals=2)
    play(game, Raise(1), Call(), Call(), Call())
    play(game, Discard(LAST_THREE), Discard(0), Discard(0), Discard(0))
    records = play(game, Raise(1), Fold(), Fold(), Fold())
    assert entries(records, Shown) == [Shown(1, -1, hand(FALSE))]
    assert [p for p in payments(records) if p.payer == "pool"] == []
    assert Payment("p1", "pool", 3) in payments(records)
    assert game.rewards() == {0: -2, 1: -6, 2: -2, 3: -2}
    assert game.deal_number == 2 and game.dealer == 1
    assert game.observation(0)["fattening"] is False
    assert game.carry == 12 and pool(game) == 13
    assert balances(game) == [98, 93, 98, 98]


# --------------------------------------------------------------------------------------
# Law 45: betting the hands
# --------------------------------------------------------------------------------------


def test_law_45_the_opener_makes_the_first_bet():
    """Law 45 (seed 004_7d6a6396833e304f.txt): "The opener makes the first bet". p1 passes,
    p2 opens, all come in and stand pat: p2, not p1 (the dealer's left), bets first, and may
    only bet or abandon (docs/rules.md 6.3: after the draw there is no check)."""
    game = jack_pots()
    play(game, Check(), Raise(1), Call(), Call(), Call())
    play(game, *[Discard(0)] * 4)
    assert game.phase == "bet" and game.to_act == 2
    assert kinds(game) == {Fold, Raise}


def test_law_45_if_the_opener_has_withdrawn_the_player_next_on_his_left_bets_first():
    """Law 45: "or, if he has withdrawn, the player next on his left." p2 opens, p3 drops, p0
    raises, p1 comes in, p2 gives up (showing his hand): of those still in, the next on p2's
    left is p0 (p3 is out), who bets first after the draw."""
    game = jack_pots()
    play(game, Check(), Raise(1), Fold(), Raise(2), Call(), Fold())
    assert game.live == [1, 0] and game.phase == "draw"
    assert says(game, Discard(0), Discard(0)) == [1, 0]
    assert game.to_act == 0


def test_law_45_the_opener_declining_to_bet_shows_his_openers_and_no_bet_leaves_the_pool_unshown():
    """Law 45: "Should the opener decline to bet after the draw, he must show his openers
    before abandoning his hand. He need not show the cards he has drawn. If no bet is made,
    the last player holding cards takes the pool without showing his hand."

    p1 opens on jacks, all come in; p1 draws three (three spades). After the draw he declines
    to bet: his hand as dealt is shown, the three spades are not. p2 and p3 decline too: p0,
    the last holding cards, takes 4 + 4 = 8 and nobody sees his hand."""
    hands = ["4C 4D 6H 10C KD", JACKS, "3C 3D 8H 10S KC", "AS 2D 5C 6D 9S"]
    game = jack_pots(hands, draws="2S 3S 4S")
    play(game, Raise(1), Call(), Call(), Call())
    play(game, Discard(LAST_THREE), Discard(0), Discard(0), Discard(0))
    drawn = set(hand("2S 3S 4S"))
    assert drawn <= set(game.hands[1])
    records = play(game, Fold())
    assert entries(records, Shown) == [Shown(1, -1, hand(JACKS))]
    records += play(game, Fold(), Fold())
    assert [e.seat for e in entries(game.history(), Shown)] == [1]  # p0 takes it unshown
    assert not drawn & cards_seen(game, None)
    assert payments(records)[-1] == Payment("pool", "p0", 8)
    assert balances(game) == [106, 98, 98, 98]


def test_law_45_at_the_call_each_shows_or_antes_for_another_jack_the_opener_his_entire_hand():
    """Law 45: "Should the opener retire during the betting, he must show his openers; if he
    is in the final call he must show his entire hand, whether it is the best or not. If he or
    any other player declines to show his hand when a call is made, he must ante for all the
    other players for another jack."

    p1 opens on jacks and draws three (kings up: two pairs); all stand pat. p1 bets 1, all
    call (p0 last): from p0's left, p1 shows his openers and then his entire hand; p2 (three
    aces) declines: he pays 3, and his hand cannot win; p3 shows queens, p0 three fours,
    which take 4 + 4 + 4 = 12. Deal 2 (dealer p1): the antes of p1, p3 and p0 are paid."""
    hands = ["4D 4H 4S 10S 2S", JACKS, "AC AD AH 9S 10C", "QC QD 2H 7S 4C"]
    final_p1 = hand("JC JD KH KS 3D")
    assert key(hands[2]) > key(hands[0]) > key(final_p1) > key(hands[3])
    game = jack_pots(hands, draws="KH KS 3D", deals=2)
    play(game, Raise(1), Call(), Call(), Call())
    play(game, Discard(LAST_THREE), Discard(0), Discard(0), Discard(0))
    play(game, Raise(1), Call(), Call(), Call())
    assert game.phase == "show" and game.to_act == 1
    assert set(game.legal_actions()) == {Show(), Conceal()}
    records = play(game, Show())
    assert entries(records, Shown) == [Shown(1, -1, hand(JACKS)), Shown(1, 0, final_p1)]
    assert game.to_act == 2
    records = play(game, Conceal())
    assert entries(records, Shown) == [] and payments(records) == [Payment("p2", "pool", 3)]
    assert prepaid(game) == (1, 1, 0, 1)
    assert game.to_act == 3
    records = play(game, Show(), Show())
    final = records[-1]
    assert [e.seat for e in entries(records, Shown)] == [3, 0]
    assert [p for p in payments([final]) if p.payer == "pool"] == [Payment("pool", "p0", 12)]
    assert game.rewards() == {0: 9, 1: -3, 2: -6, 3: -3}
    assert game.deal_number == 2 and game.carry == 3 and pool(game) == 4  # p2 antes 1
    assert balances(game) == [109, 97, 93, 97]


def test_law_45_a_false_opener_in_the_final_call_still_shows_his_entire_hand():
    """Law 45: "if he is in the final call he must show his entire hand, whether it is the
    best or not." The opener's hand being foul (law 44) takes nothing from that duty: it is
    the best hand or not, it must be seen. The deal of the law 44 test above: p1 opened on two
    tens, drew two more, and is in the final call; at his show the table must see his openers
    and his entire hand (the four tens and the three he holds now)."""
    false = "10C 10D 7H 4S 2C"
    hands = ["KH KD 6H 3C QD", false, "9C 9D 8H 5S KC", "AS 2D 5C 6D JS"]
    final_p1 = hand("10C 10D 10H 10S 3D")
    game = jack_pots(hands, draws="10H 10S 3D")
    play(game, Raise(1), Call(), Call(), Call())
    play(game, Discard(LAST_THREE), Discard(0), Discard(0), Discard(0))
    play(game, Raise(1), Call(), Fold(), Call())
    assert game.phase == "show" and game.to_act == 1
    records = play(game, Show())
    assert Shown(1, -1, hand(false)) in entries(records, Shown)
    assert set(final_p1) <= set(game.observation(0)["shown"][1]), "the opener's entire hand was not shown"


# --------------------------------------------------------------------------------------
# Law 46: shy bets
# --------------------------------------------------------------------------------------


def test_law_46_shy_bets_are_not_simulated_every_stake_is_put_up_at_once():
    """Law 46 (seed 004_7d6a6396833e304f.txt) is about bets not put up ("nothing can be
    collected from him after a call has been made"); docs/rules.md 6.3: "not modelled; every
    bet in pycards is put up in counters".

    Random sessions with short stacks: every call and raise is paid into the pool in its own
    record, for exactly the stake it adds (all the seat holds when it cannot make good); no
    raise is ever offered beyond what a seat holds; no party is on credit, none goes below
    zero, and the counters at the table never change."""
    rng = random.Random(46)
    for seed in range(40):
        stacks = [rng.randint(1, 30) for _ in range(4)]
        game = new_game("jack_pots", players=4, seed=seed, deals=3, ante=1, limit=10, fatten=1,
                        stacks=stacks, max_decisions=200)  # fmt: skip
        assert game.ledger.credit == frozenset()
        total = sum(stacks)
        while not game.is_over:
            seat = game.to_act
            legal = game.legal_actions()
            cash = game.ledger.balance(f"p{seat}")
            if game.phase == "bet":
                owed = game.observation(seat)["owed"]
                for action in legal:
                    if type(action) is Raise:
                        assert owed + action.by <= cash
            action = rng.choice(legal)
            before = game.stakes[seat]
            record = game.apply(action)
            if type(action) in (Call, Raise):
                owed_put = min(owed, cash) if type(action) is Call else owed + action.by
                assert record.entries[1] == Payment(f"p{seat}", "pool", owed_put)
                if DealEnded not in map(type, record.entries):
                    assert game.stakes[seat] == before + owed_put
                    assert game.ledger.balance(f"p{seat}") == cash - owed_put
            values = balances(game)
            assert min(values) >= 0 and pool(game) >= 0
            assert sum(values) + pool(game) == total
