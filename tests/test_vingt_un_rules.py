"""One test per paragraph of the Vingt-un text, played through the game driver.

The text is seed ``shared/seeds/002_93c3d51ac699f33f.txt`` (the course of play,
DEALING, DRAWING, POOL, LIMITING THE DEAL, SELLING THE DEAL, ADDITIONAL
PRIVILEGES FOR A NATURAL) and the Vingt-un section of
``shared/seeds/000_090407a6d9d4a9ee.txt``; ``docs/rules.md`` section 4 keeps the
decisions. Every position is stacked with ``top=`` (the first cards of the pack,
in the order they are dealt: the first card to each player from the dealer's
left and the dealer last, then the second cards likewise, then the draws) and
``dealer=``, and every payment is checked through the ledger.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from driver_checks import pack_accounting
from pycards.cards import parse
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import new_game
from pycards.games.vingt_un import (
    AcceptSale,
    Content,
    DeclineSale,
    Divide,
    Double,
    Draw,
    KeepDeal,
    SellDeal,
    Stake,
    VingtUn,
    points,
)

C, D, S = Content(), Draw(), Stake
NO, YES = Double(False), Double(True)


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def table(players: int = 3, top: str = "", dealer: int = 0, seed: int = 0, **options) -> VingtUn:
    return new_game("vingt_un", players=players, seed=seed, dealer=dealer, top=top, **options)


def play(game: VingtUn, *actions):
    return [game.apply(a) for a in actions]


def snapshot(game: VingtUn) -> str:
    """A deep, independent image of the whole state (to_dict() through JSON)."""
    return json.dumps(game.to_dict(), sort_keys=True)


def net(records) -> Counter:
    """Counters won (+) or paid (-) by each party over ``records``."""
    total: Counter = Counter()
    for record in records:
        for payer, payee, amount in record.payments:
            total[payer] -= amount
            total[payee] += amount
    return total


def balances(game: VingtUn) -> dict[str, int]:
    counters = game.options.counters
    return {party: amount - (counters if party != "pool" else 0)
            for party, amount in game.ledger.balances.items()}  # fmt: skip


def hand_cards(game: VingtUn, seat: int) -> list[tuple[int, ...]]:
    return [tuple(h.cards) for h in game.observation(seat)["hands"][seat]]


def assert_illegal(game: VingtUn, action) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert snapshot(game) == before


# A quiet first round for three players, dealer 0: p1 10+7, p2 10+7, the dealer 9+9;
# everyone content; the dealer wins one counter from each. Six cards.
QUIET3 = "10C 10D 9S 7C 7D 9H"
QUIET3_PLAY = (S(1), S(1), NO, C, C, C)


# --------------------------------------------------------------------------------------
# DEALING: the first dealer
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5, 7, 12])
def test_dealing_first_ace_makes_the_first_dealer(players):
    """DEALING (seed 002): "The first dealer is settled by one of the company
    distributing the cards in the same manner as explained in connection with "Nap"
    ... except that in the case of Vingt-un the player to whom the first _ace_ is dealt
    becomes the dealer."

    Cards go round one at a time from seat 0; the first ace stops the deal.
    """
    for seed in range(25):
        game = new_game("vingt_un", players=players, seed=seed)
        draws = game.first_dealer_draw
        assert len(draws) == players
        n = sum(len(d) for d in draws)
        flat = [draws[i % players][i // players] for i in range(n)]
        assert len(set(flat)) == n
        assert [c >> 2 == 12 for c in flat] == [False] * (n - 1) + [True]
        assert [len(d) for d in draws] == [len(range(j, n, players)) for j in range(players)]
        assert game.dealer == (n - 1) % players == game.proper_dealer
        # the drawing is public and survives the JSON round trip
        again = VingtUn.from_dict(json.loads(json.dumps(game.to_dict())))
        assert again.first_dealer_draw == draws


def test_dealing_a_given_dealer_skips_the_draw():
    game = table(players=4, dealer=2)
    assert game.dealer == 2 and game.first_dealer_draw == []
    assert game.to_act == 3  # staking begins on the dealer's left


# --------------------------------------------------------------------------------------
# Stakes (seed 000) and the dealer's "double" (seed 002)
# --------------------------------------------------------------------------------------


def test_stakes_between_the_agreed_minimum_and_maximum():
    """Seed 000: "The limits of the stakes are first determined ... The minimum is
    usually one coin or counter, and the maximum whatever may be agreed upon.
    The maximum is understood to mean the highest amount that may be staked by a
    player on his card"."""
    game = table(players=3, min_stake=2, max_stake=5)
    assert game.phase == "stake" and game.to_act == 1
    assert game.legal_actions() == [S(2), S(3), S(4), S(5)]
    for bad in (S(0), S(1), S(6), S(-3), D, C, YES, Divide(2), KeepDeal()):
        assert_illegal(game, bad)
    play(game, S(5))
    assert game.to_act == 2 and game.hands[1][0].stake == 5


def test_stakes_each_player_in_turn_then_the_dealer_may_double():
    """Seed 002: "Each player, in turn, looks at his card, and stakes on it ... When
    it comes round to the dealer's turn, he also looks at his card, but does not
    stake anything upon it; he may, however, if he considers his card a good one,
    double the stakes of the other players, which he does by calling "double."\""""
    game = table(players=4, dealer=1, top="2C 3C 4C 5C 6C 7C 8C 9C")
    assert [game.to_act] == [2]
    play(game, S(1))
    assert game.to_act == 3
    play(game, S(2))
    assert game.to_act == 0
    play(game, S(3))
    assert game.to_act == 1 and game.phase == "double"
    assert game.legal_actions() == [YES, NO]
    assert_illegal(game, S(1))
    record = game.apply(YES)
    assert [game.hands[s][0].stake for s in (2, 3, 0)] == [2, 4, 6]
    # "the dealer gives a second card to each player, in the same order as the first"
    assert [who for who, _ in record.dealt] == ["p2", "p3", "p0", "p1"]


def test_double_then_a_natural_collects_four_times_the_stake():
    """Seed 002: "he would collect four times the amount staked by each o the players
    on their original card" when he has doubled and holds a natural; seed 000: "the
    dealer is allowed to double the stakes, even if a player has staked the maximum
    ... it is quite possible for a player to win or lose four times the amount of the
    maximum over one hand.\""""
    game = table(players=3, top="5C 9D AS 7C 8D KH", max_stake=5)
    records = play(game, S(5), S(2), YES)
    assert [game.hands[1][0].stake, game.hands[2][0].stake] == [10, 4]
    assert net(records[-1:]) == Counter({"p0": 28, "p1": -20, "p2": -8})
    assert game.is_over and game.rounds_played == 1


def test_double_then_a_players_natural_wins_four_times_the_maximum():
    """Seed 000: "If after that any one secures a Vingt-un ... that again doubles
    the stakes"; seed 002: "claim double the amount of his stake, or of the double,
    if that was called, from the dealer\""""
    game = table(players=3, top="AC 9D 10S KC 8D 7H", max_stake=5, rounds=2)
    records = play(game, S(5), S(1), YES)
    assert net(records) == Counter({"p1": 20, "p0": -20})


# --------------------------------------------------------------------------------------
# The dealer's natural
# --------------------------------------------------------------------------------------


def test_dealers_natural_declared_at_once_collects_double():
    """Seed 002: "if he should have received a natural Vingt-un, he at once declares
    it; throws the two cards, face upwards, on the table, and collects the stakes from
    the other players, the amount in this case being double from each ... The only
    exception to this is in the case of a player who, like the dealer, has received a
    natural Vingt-un--in that case neither pays to the other".

    Nobody draws: the round ends on the second card.
    """
    game = table(players=4, top="AC 9D 5H KS QC 8D 2H AD", rounds=2)
    before = game.dealer
    records = play(game, S(3), S(2), S(4), NO)
    assert net(records) == Counter({"p0": 12, "p2": -4, "p3": -8})
    assert "p1" not in net(records)
    assert game.rounds_played == 1 and game.phase == "stake"
    # "which, unless the dealer also holds a natural that hand, puts the dealer out"
    assert game.dealer == before


def test_dealers_natural_with_a_players_natural_does_not_put_him_out():
    """Seed 002: "one of the players secures a natural Vingt-un, which, unless the
    dealer also holds a natural that hand, puts the dealer out" -- checked on the
    second hand of the deal, where a natural does put out."""
    game = table(players=3, top=QUIET3 + " AC 9D KS QC 8D AD", rounds=3)
    play(game, *QUIET3_PLAY)
    records = play(game, S(2), S(3), NO)
    assert net(records) == Counter({"p0": 6, "p2": -6})
    assert game.rounds_played == 2 and game.dealer == 0


# --------------------------------------------------------------------------------------
# A player's natural
# --------------------------------------------------------------------------------------


def test_players_natural_paid_double_and_puts_the_dealer_out():
    """Seed 002: "If either of the players other than the dealer should receive a
    natural Vingt-un, he should at once declare it, and claim double the amount of
    his stake ... from the dealer, who is thereupon deprived of his privilege of
    dealing, the right of continuing the deal passing to the player on his left-hand
    side." (second hand of the deal)"""
    game = table(players=3, top=QUIET3 + " 10H AC 9D 8H KD 7S", rounds=3)
    play(game, *QUIET3_PLAY)
    records = play(game, S(2), S(3), NO)
    # paid at once, before anybody draws
    assert net(records[-1:]) == Counter({"p2": 6, "p0": -6})
    assert game.to_act == 1 and game.phase == "draw"
    records = play(game, C, C)  # p1 18 against the dealer's 16
    assert net(records) == Counter({"p1": 2, "p0": -2})
    assert game.rounds_played == 2 and game.dealer == 1 and game.proper_dealer == 1


def test_natural_on_the_first_hand_of_the_deal_is_disregarded():
    """Seed 002: "There is one exception to the power of a natural Vingt-un to put the
    dealer out--namely, when it occurs in the first hand of the deal; then the dealer
    disregards it, except that he has to pay to the holder as for a drawn Vingt-un,
    and proceeds with his deal until a second natural occurs."
    """
    game = table(players=3, top="10H AC 9D 8H KD 7S " + "9C AD 10S 9H QD 7C", rounds=3)
    records = play(game, S(2), S(3), NO)
    # as for a drawn Vingt-un: double the stake
    assert net(records) == Counter({"p2": 6, "p0": -6})
    play(game, C, C)
    assert game.rounds_played == 1 and game.dealer == 0  # not put out
    # the second natural, on the second hand, puts him out
    play(game, S(1), S(4), NO)
    play(game, C, C)
    assert game.rounds_played == 2 and game.dealer == 1


@pytest.mark.parametrize("deal_to, next_dealer", [("next", 1), ("holder", 2)])
def test_natural_passes_the_deal_to_next_or_to_holder(deal_to, next_dealer):
    """Seed 002: "puts the dealer out, and the deal passes, either to the next player,
    or to the holder of the natural, as may have been decided upon.\""""
    game = table(players=4, top="10C 10D 10H 9S 7C 7D 7H 9H " + "9C AC 8D 10S 8H KD 7S 6C",
                 rounds=3, deal_to=deal_to)  # fmt: skip
    play(game, S(1), S(1), S(1), NO, C, C, C, C)
    assert game.dealer == 0
    play(game, S(1), S(1), S(1), NO)
    play(game, C, C, C)
    assert game.rounds_played == 2 and game.dealer == next_dealer


def test_natural_shall_not_throw_out_the_dealer_option():
    """Seed 002: "It is often agreed that a natural shall not throw out the dealer"
    (option ``natural_puts_out=False``); the natural is still paid double."""
    game = table(players=3, top=QUIET3 + " 10H AC 9D 8H KD 7S", rounds=3, natural_puts_out=False)
    play(game, *QUIET3_PLAY)
    records = play(game, S(2), S(3), NO, C, C)
    assert net(records)["p2"] == 6
    assert game.rounds_played == 2 and game.dealer == 0


# --------------------------------------------------------------------------------------
# Drawing: the 4 + 9 + 7 example, over-drawing
# --------------------------------------------------------------------------------------


def test_drawing_four_nine_seven_makes_twenty():
    """Seed 002: "suppose a player receives at first a 4, and then a 9, making 13; he
    asks for a third card, and may receive a 7, making his total 20, on which he would
    stand.\""""
    game = table(players=2, top="4H 10S 9C 8S 7D")
    play(game, S(2), NO)
    assert game.to_act == 1 and game.legal_actions() == [D, C]
    record = game.apply(D)
    assert record.dealt == (("p1", parse("7D")[0]),) and record.payments == ()
    assert points(game.hands[1][0].cards) == 20 and game.to_act == 1
    records = play(game, C, C)  # the dealer stands on 18
    assert net(records) == Counter({"p1": 2, "p0": -2})


@pytest.mark.parametrize("double, paid", [(False, 2), (True, 4)])
def test_drawing_an_over_draw_pays_at_once(double, paid):
    """Seed 002: "Had his third card been a 9, it would have been an over-draw, and
    the player would have had to pay the dealer the amount he staked, or the double,
    if the dealer had doubled. At the same time he would throw up his cards".

    Paid in the very action that over-draws, before the dealer plays; the dealer
    then has no one to play against and the round ends.
    """
    game = table(players=2, top="4H 10S 9C 8S 9D", rounds=2)
    play(game, S(2), Double(double))
    record = game.apply(D)
    assert net([record]) == Counter({"p1": -paid, "p0": paid})
    assert game.rounds_played == 1


def test_drawing_over_draw_paid_before_the_next_player():
    """Seed 002: "Having settled with the player on his left, the dealer goes to the
    next in order"; DRAWING: "The dealer must settle with one player before he attends
    to the next"."""
    game = table(players=3, top="4H 10C 10S 9C 8D 8S 9D")
    play(game, S(3), S(1), NO)
    record = game.apply(D)
    assert net([record]) == Counter({"p1": -3, "p0": 3})
    assert game.to_act == 2 and game.phase == "draw"


def test_drawing_hand_reaching_21_stands():
    """Seed 002: "as many more as may be required by the player, until he considers it
    safe to stand, or has over-drawn" -- a hand at 21 has nothing to gain (decision:
    it stands without being asked)."""
    game = table(players=3, top="7C 10D 10S 7D 9C 5H 7H")
    play(game, S(1), S(1), NO)
    game.apply(D)
    assert points(game.hands[1][0].cards) == 21 and game.hands[1][0].done
    assert game.to_act == 2


# --------------------------------------------------------------------------------------
# The dealer's play and the show
# --------------------------------------------------------------------------------------


def test_dealer_over_draws_pays_only_those_standing():
    """Seed 002: "If, however, he over-draws, he pays to all who are standing, but not
    to those who have previously over-drawn and thrown up"; and "If a player has a
    drawn Vingt-un and ... the dealer has over-drawn, then the dealer has to pay the
    holder of the Vingt-un double the amount of his stake".
    """
    # p1 10+6 draws 9 (over), p2 10+8 content, p3 7+7 draws 7 (21), dealer 10+6 draws K
    game = table(players=4, top="10C 10D 7C 10S 6D 8C 7D 6H 9H 7H KC")
    play(game, S(2), S(3), S(4), NO)
    records = play(game, D, C, D)
    assert net(records) == Counter({"p1": -2, "p0": 2})
    assert game.phase == "dealer" and game.to_act == 0
    # the dealer's cards are turned up for all to see
    assert game.observation(1)["dealer_hands"][0].cards == tuple(parse("10S 6H"))
    records = play(game, D)
    assert net(records) == Counter({"p2": 3, "p3": 8, "p0": -11})


def test_dealer_drawn_vingt_un_against_drawn_vingt_un_pays_single():
    """Seed 002: "If the dealer should succeed in securing such cards (other than an
    ace and 10) as to make exactly 21 points--a "drawn" Vingt-un--he receives double
    stakes from each of the players, excepting those who have also drawn a Vingt-un,
    who only pay the amount staked; and those who have previously over-drawn and thrown
    up, who do not have to pay anything further.\""""
    # p1 7+7 draws 7 (21), p2 10+9 content, p3 10+6 draws 9 (over), dealer 10+5 draws 6
    game = table(players=4, top="7C 10D 10H 10S 7D 9C 6H 5S 7H 9D 6S")
    play(game, S(2), S(3), S(4), NO)
    records = play(game, D, C, D)
    assert net(records) == Counter({"p3": -4, "p0": 4})
    records = play(game, D)
    assert points(game.dealer_hands[0].cards) == 21
    assert net(records) == Counter({"p1": -2, "p2": -6, "p0": 8})


def test_players_drawn_vingt_un_against_a_standing_dealer_paid_double():
    """Seed 002: "If a player has a drawn Vingt-un and the dealer has not ... then the
    dealer has to pay the holder of the Vingt-un double the amount of his stake, or of
    the double if that has been called.\""""
    game = table(players=2, top="7C 10S 7D QS 7H")
    play(game, S(3), YES, D)
    assert game.phase == "dealer"
    records = play(game, C)
    assert net(records) == Counter({"p1": 12, "p0": -12})


def test_dealer_wins_ties():
    """Seed 002: "the dealer receiving the stakes when his points are higher or are
    equal to those of the other players, and paying when his points are lower than
    theirs"; seed 000: "receives from all who over-draw, or whose points are lower or
    equal to his\""""
    # p1 10+8 (18), p2 10+9 (19), p3 10+7 (17); the dealer 10+8 (18) stands
    game = table(players=4, top="10C 10D 10H 10S 8C 9D 7H 8S")
    play(game, S(1), S(2), S(3), NO, C, C, C)
    records = play(game, C)
    assert net(records) == Counter({"p1": -1, "p2": 2, "p3": -3, "p0": 2})


# --------------------------------------------------------------------------------------
# Dividing pairs
# --------------------------------------------------------------------------------------


def test_dividing_into_two_three_and_four_hands_with_separate_stakes():
    """Seed 002: "Should any of the players receive for the first cards two of the
    same denomination ... he has the option of staking a separate amount on each of
    them ... he puts on the second card a separate stake, the amount of which need not
    be similar to that of his original one, and then asks the dealer for two other
    cards with which to complete the two hands ... If either of these later cards
    should be of the same denomination as the first two, the player may also stand
    independently on that card, in which case he would, of course, have three hands,
    with a separate stake on each. The same opportunity would occur if he received all
    four of the kind --he could then play on four independent hands."

    DRAWING: "when a player is standing on divided pairs, he must settle with one hand
    before attending to the other.\""""
    game = table(players=2, top="8C 10S 8D 7S 8H 5S 8S 10C 10H KC 9D", max_stake=5)
    play(game, S(2), NO)
    assert Divide(1) in game.legal_actions() and Divide(5) in game.legal_actions()
    assert_illegal(game, Divide(0))
    assert_illegal(game, Divide(6))
    record = game.apply(Divide(3))
    assert record.payments == () and [w for w, _ in record.dealt] == ["p1", "p1"]
    assert hand_cards(game, 1) == [parse("8C 8H"), parse("8D 5S")]
    play(game, Divide(4))
    assert hand_cards(game, 1) == [parse("8C 8S"), parse("8H 10C"), parse("8D 5S")]
    play(game, Divide(1))
    assert hand_cards(game, 1) == [parse("8C 10H"), parse("8S KC"), parse("8H 10C"), parse("8D 5S")]
    assert [h.stake for h in game.hands[1]] == [2, 1, 4, 3]
    assert all(h.divided for h in game.hands[1])
    records = play(game, C, C, C)
    assert records[-1].payments == ()
    record = game.apply(D)  # 8+5+9: over-drawn, paid at once on that hand alone
    assert net([record]) == Counter({"p1": -3, "p0": 3})
    records = play(game, C)  # the dealer stands on 17: each 18 wins its own stake
    assert net(records) == Counter({"p1": 7, "p0": -7})


def test_dividing_at_most_four_hands():
    """docs/rules.md section 4: "a third or fourth card of that rank ... may be divided
    again (at most four hands)" -- even with two packs, where a fifth card of the rank
    can come."""
    game = table(players=2, top="8C 10S 8D 7S 8H 5S 8S 10C 10H KC", deal_passes="two_packs")
    play(game, S(2), NO, Divide(3), Divide(4), Divide(1))
    assert len(game.hands[1]) == 4
    # make the first hand a pair again with an eight of the second pack (swapped out
    # of the stock, so the pack still accounts for every card)
    data = game.to_dict()
    hand = data["state"]["hands"][1][0]
    other = 52 + parse("8D")[0]
    stock = data["state"]["stock"]
    stock[stock.index(other)] = hand[0][1]
    hand[0][1] = other
    game = VingtUn.from_dict(json.loads(json.dumps(data)))
    pack_accounting(game)
    assert game.hands[1][0].is_pair()
    assert not any(isinstance(a, Divide) for a in game.legal_actions())
    assert_illegal(game, Divide(1))


def test_dividing_only_the_first_two_cards():
    """Seed 002: "it is only when the original pairs occur in the first two cards that
    it is permissible to divide them; that is to say, if the third card received by any
    player matches either of those already in the hand, no division is allowable.\""""
    game = table(players=2, top="2C 10S 3D 7S 2H")
    play(game, S(1), NO)
    assert game.legal_actions() == [D, C]
    assert_illegal(game, Divide(1))
    play(game, D)
    assert game.legal_actions() == [D, C]
    assert_illegal(game, Divide(1))


def test_dividing_an_ace_and_a_ten_is_a_drawn_vingt_un():
    """docs/rules.md section 4, decision: "a hand formed by dividing a pair cannot hold a
    natural; its 21 is a drawn vingt-un" -- so it is not paid at once, does not put the
    dealer out, and against the dealer's drawn Vingt-un it pays single."""
    game = table(players=2, top="9C 10S 9D 8S " + "AC 10H AD 9H KH 7S 2C", rounds=3)
    play(game, S(1), NO, C, C)  # round 1: p1 18, the dealer 18
    assert game.rounds_played == 1
    play(game, S(1), NO)
    assert tuple(game.hands[1][0].cards) == parse("AC AD")
    record = game.apply(Divide(2))
    assert record.payments == ()
    assert hand_cards(game, 1) == [parse("AC KH"), parse("AD 7S")]
    assert game.hands[1][0].done  # 21 stands
    assert game.to_act == 1 and game.hand_index == 1
    play(game, C)
    records = play(game, D)  # the dealer: 10 + 9 + 2 = drawn 21
    assert net(records) == Counter({"p1": -1 - 4, "p0": 5})
    assert game.rounds_played == 2 and game.dealer == 0  # nobody put him out


def test_dividing_the_dealer_divides_too():
    """Seed 002: "This division of cards is equally available for the dealer, or all or
    any of the other players, so that two or more may have duplicate hands in the same
    round".

    Driver decision: the dealer divides with ``Divide(0)`` (he has no stake), and each
    player hand is settled against each of the dealer's hands.
    """
    # p1 10+9 (19), p2 10+7 (17); the dealer 7+7 divides: 7+A (18) and 7+10 (17)
    game = table(players=3, top="10C 10D 7S 9C 7D 7H AH 10H")
    play(game, S(2), S(3), NO, C, C)
    assert game.phase == "dealer"
    assert game.legal_actions() == [D, C, Divide(0)]
    assert_illegal(game, Divide(1))
    record = game.apply(Divide(0))
    assert [w for w, _ in record.dealt] == ["p0", "p0"]
    assert [tuple(h.cards) for h in game.dealer_hands] == [parse("7S AH"), parse("7H 10H")]
    records = play(game, C, C)
    # p1 wins on both dealer hands; p2 loses to 18 and ties (loses) with 17
    assert net(records) == Counter({"p1": 4, "p2": -6, "p0": 2})


# --------------------------------------------------------------------------------------
# The pack: the last card
# --------------------------------------------------------------------------------------


def test_last_card_of_the_pack_is_not_dealt_but_shuffled_with_the_used_cards():
    """Seed 002: "At this game the pack of cards is not re-united after each round; the
    dealer works with the one pack until he gets to the last card, and the pone collects
    the used cards as they are disposed of by the players. When the dealer comes to the
    last card of the pack, he does not deal it or otherwise use it as he has done with
    the others, but hands it, unexposed, to the pone, who adds it to those already in
    his care, shuffles them, and hands them to the dealer, who proceeds with the game as
    before."

    Three players, the dealer never put out, forty rounds of simple play: at every step
    the pack accounts for every card exactly once; at every reshuffle the last card was
    not dealt, and it went back among the used cards.
    """
    import random

    rng = random.Random(5)
    game = table(players=3, seed=11, rounds=40, natural_puts_out=False)
    reshuffles = 0
    pack_accounting(game)
    while not game.is_over:
        legal = game.legal_actions()
        if isinstance(legal[0], Stake):
            action = rng.choice(legal)
        elif isinstance(legal[0], Double):
            action = rng.choice(legal)
        else:
            hand = game.dealer_hands[game.hand_index] if game.phase == "dealer" else \
                game.hands[game.to_act][game.hand_index]  # fmt: skip
            action = D if points(hand.cards) < 16 else C
        stock, used = list(game.stock), list(game.used)
        record = game.apply(action)
        pack_accounting(game)
        kinds = [who for who, _ in record.dealt]
        if "reshuffle" in kinds:
            reshuffles += 1
            at = kinds.index("reshuffle")
            last = stock[0]  # the stock's top card is its last item
            before = [card for _, card in record.dealt[:at]]
            after = [card for _, card in record.dealt[at + 1:]]
            assert len(before) == len(stock) - 1 and last not in before
            assert record.dealt[at][1] >= len(used) + 1
            assert set(used) | {last} <= set(game.stock) | set(after)
    assert reshuffles >= 2
    assert game.rounds_played == 40 and game.dealer == 0


# --------------------------------------------------------------------------------------
# LIMITING THE DEAL
# --------------------------------------------------------------------------------------


def _dealers_by_round(game: VingtUn, rounds_policy) -> list[int]:
    dealers = []
    while not game.is_over:
        if game.phase == "stake" and game.turn == 0:
            dealers.append(game.dealer)
        play(game, rounds_policy(game))
    return dealers


def _content(game: VingtUn):
    legal = game.legal_actions()
    return NO if isinstance(legal[0], Double) else (legal[0] if isinstance(legal[0], Stake) else C)


def test_limiting_the_deal_to_a_number_of_hands():
    """LIMITING THE DEAL (seed 002): "another method is to limit the deal to a certain
    number of hands" (``deal_passes="hands"``, ``deal_hands``); a natural then does not
    put the dealer out. Seed 000: "it be further agreed that each player shall hold the
    deal for a limited period".
    """
    game = table(players=3, dealer=1, seed=3, rounds=7, deal_passes="hands", deal_hands=3)
    assert _dealers_by_round(game, _content) == [1, 1, 1, 2, 2, 2, 0]
    # a natural on a later hand of the deal does not put the dealer out
    game = table(players=3, top=QUIET3 + " 10H AC 9D 8H KD 7S", rounds=3,
                 deal_passes="hands", deal_hands=3)  # fmt: skip
    play(game, *QUIET3_PLAY, S(1), S(1), NO, C, C)
    assert game.rounds_played == 2 and game.dealer == 0


def test_limiting_the_deal_twice_through_the_pack():
    """LIMITING THE DEAL: "or to allow the dealer to go through the pack twice ... In
    these cases the dealer is allowed to draw from the used pack as many cards as may be
    necessary to complete a round started upon with his limited supply".

    Two players, everyone content: four cards a round. The first pass runs out on the
    dealer's second card of round 13 (48 used + the last card reshuffled); the second
    supply of 48 runs out on the dealer's second card of round 25, which is completed
    from the used cards; then the deal passes.
    """
    game = table(players=2, seed=2, rounds=27, deal_passes="twice")
    records = []
    while not game.is_over:
        records.append(game.apply(_content(game)))
    shuffles = [(i, d) for i, r in enumerate(records) for d in r.dealt if d[0] == "reshuffle"]
    assert [d for _, d in shuffles] == [("reshuffle", 49), ("reshuffle", 48 + 1)]
    game = table(players=2, seed=2, rounds=27, deal_passes="twice")
    assert _dealers_by_round(game, _content) == [0] * 25 + [1] * 2


def test_limiting_the_deal_two_packs_shuffled_together():
    """LIMITING THE DEAL: "or to have two packs of cards shuffled together, and go
    through them once" -- 104 cards; the round that runs out is completed from the
    used cards, then the deal passes."""
    game = table(players=2, seed=4, rounds=28, deal_passes="two_packs")
    assert len(game.stock) + 2 == 104
    pack_accounting(game)
    assert _dealers_by_round(game, _content) == [0] * 26 + [1] * 2


# --------------------------------------------------------------------------------------
# SELLING THE DEAL
# --------------------------------------------------------------------------------------


def test_selling_the_deal_buyer_deals_play_starts_left_of_proper_dealer():
    """SELLING THE DEAL (seed 002): "Should a player object to take his turn at dealing
    ... he is at liberty to sell the right to any other player ... The buyer has to deal
    the cards, but does not change his seat. He has to commence each time with the
    player on the left-hand side of the proper dealer".
    """
    game = table(players=4, dealer=0, selling=True, max_price=6, rounds=2)
    assert game.phase == "sell" and game.to_act == 0
    legal = game.legal_actions()
    assert legal[0] == KeepDeal()
    assert set(legal[1:]) == {SellDeal(b, p) for b in (1, 2, 3) for p in range(7)}
    for bad in (SellDeal(0, 3), SellDeal(2, 7), SellDeal(5, 1), SellDeal(2, -1), AcceptSale(), S(1)):
        assert_illegal(game, bad)
    play(game, SellDeal(2, 5))
    assert game.phase == "buy" and game.to_act == 2
    assert game.legal_actions() == [AcceptSale(), DeclineSale()]
    assert_illegal(game, KeepDeal())
    record = game.apply(AcceptSale())
    # "the price paid to the seller"
    assert net([record]) == Counter({"p2": -5, "p0": 5})
    assert game.dealer == 2 and game.proper_dealer == 0
    assert game.order == [1, 3, 0] and game.to_act == 1
    # the proper dealer plays as a player; the buyer stakes nothing
    play(game, S(1), S(1), S(1))
    assert game.phase == "double" and game.to_act == 2


def test_selling_declined_the_seller_deals():
    game = table(players=3, dealer=1, selling=True)
    play(game, SellDeal(0, 2))
    record = game.apply(DeclineSale())
    assert record.payments == () and game.dealer == 1 and game.order == [2, 0]
    play(game, S(1))
    assert game.to_act == 0


def test_selling_not_agreed_no_sale():
    game = table(players=3)
    assert game.phase == "stake"
    assert_illegal(game, SellDeal(1, 1))
    assert_illegal(game, KeepDeal())


def test_selling_buyer_put_out_deal_reverts_left_of_proper_dealer():
    """SELLING THE DEAL: "when the buyer loses his turn, the deal reverts to the player
    who would have had the next turn had there been no sale.\""""
    # dealer 0 sells to 2; the order is 1, 3, 0 with the buyer dealing
    top = "10C 10D 10H 9S 7C 7D 7H 9H " + "9C AC 8D 10S 8H KD 7S 6C"
    game = table(players=4, dealer=0, top=top, selling=True, rounds=3)
    play(game, SellDeal(2, 1), AcceptSale())
    play(game, S(1), S(1), S(1), NO, C, C, C, C)  # quiet first hand
    assert game.dealer == 2
    play(game, S(1), S(1), S(1), NO)  # seat 3 holds a natural on the second hand
    play(game, C, C, C)
    assert game.rounds_played == 2
    assert game.proper_dealer == 1 and game.dealer == 1  # not 3, left of the buyer
    assert game.phase == "sell" and game.to_act == 1  # and he may sell in his turn


# --------------------------------------------------------------------------------------
# POOL
# --------------------------------------------------------------------------------------


def test_pool_contribution_at_each_deal():
    """POOL (seed 002): "it may be agreed (a) that each player contribute a coin or
    counter to the pool at the commencement of each deal\""""
    game = table(players=3, top=QUIET3 + " 10H AC 9D 8H KD 7S", rounds=3, pool_contribution=2)
    assert balances(game) == {"p0": -2, "p1": -2, "p2": -2, "pool": 6}
    play(game, *QUIET3_PLAY)
    assert game.ledger.balance("pool") == 6  # same deal: nothing more
    play(game, S(1), S(1), NO, C, C)  # a natural puts the dealer out: a new deal
    assert game.dealer == 1 and game.ledger.balance("pool") == 12


def test_pool_dealer_over_draw_penalty():
    """POOL: "(b) that whenever the dealer over-draws, he pay a penalty to the pool\""""
    game = table(players=3, top="10C 10D 10S 8C 9D 6H KC", pool_overdraw_penalty=3)
    play(game, S(1), S(2), NO, C, C)
    records = play(game, D)
    assert net(records) == Counter({"p1": 1, "p2": 2, "p0": -6, "pool": 3})


def test_pool_share_of_dealers_receipts_on_ties():
    """POOL: "(c) that whenever the dealer receives on ties, he pay a proportion to the
    pool, say one-fourth or one-third of his receipts." (``pool_tie_share=3``: a third,
    rounded down)"""
    # p1 18 and p2 18 tie with the dealer's 18; p3 17 loses
    game = table(players=4, top="10C 10D 10H 10S 8C 8D 7H 8S", pool_tie_share=3)
    play(game, S(3), S(4), S(5), NO, C, C, C)
    records = play(game, C)
    assert net(records) == Counter({"p1": -3, "p2": -4, "p3": -5, "p0": 12 - 2, "pool": 2})


def test_pool_secured_by_the_player_declaring_the_natural():
    """Seed 002: "in that case it is often considered desirable to have a pool, which is
    secured by the player declaring the natural"; ADDITIONAL PRIVILEGES: "The same
    result may be achieved by agreeing that the contents of a pool ... shall go to the
    player declaring the natural." Driver decision: several holders share it, the odd
    counters in seat order from the dealer's left."""
    top = "10C 10D 10H 10S 7C 7D 7H 6S 9C " + "AC 9D AD 8S KC 8D QD 9H"
    game = table(players=4, top=top, rounds=3, pool_contribution=1, pool_overdraw_penalty=1,
                 pool_to_natural=True)  # fmt: skip
    play(game, S(1), S(1), S(1), NO, C, C, C)
    play(game, D)  # the dealer over-draws: pool 4 + 1
    assert game.ledger.balance("pool") == 5
    records = play(game, S(2), S(1), S(3), NO)
    assert net(records) == Counter({"p1": 4 + 3, "p3": 6 + 2, "p0": -10, "pool": -5})
    play(game, C, C)
    assert game.dealer == 1 and game.ledger.balance("pool") == 4  # a new deal, new contributions


# --------------------------------------------------------------------------------------
# ADDITIONAL PRIVILEGES FOR A NATURAL
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("privilege, factor", [("stake", 1), ("double", 2)])
def test_natural_privilege_stake_or_double_from_each_player(privilege, factor):
    """ADDITIONAL PRIVILEGES FOR A NATURAL (seed 002): "It is sometimes agreed that the
    holder of a natural Vingt-un, providing the dealer has not also received a natural,
    shall be entitled to an amount equal to, or double that of his own stake from each
    of the other players, unless there be other Vingt-uns, the holders of which are
    exempted from payment.\""""
    # second hand: p1 and p3 hold naturals, p2 does not
    top = "10C 10D 10H 9S 7C 7D 7H 9H " + "AC 9D AD 8S KC 8D QD 9C"
    game = table(players=4, top=top, rounds=3, natural_privilege=privilege)
    play(game, S(1), S(1), S(1), NO, C, C, C, C)
    records = play(game, S(2), S(1), S(3), NO)
    assert net(records) == Counter({
        "p1": 4 + factor * 2, "p3": 6 + factor * 3, "p2": -factor * 5, "p0": -10,
    })  # fmt: skip


def test_natural_privilege_not_due_against_the_dealers_natural():
    top = "10C 10D 10H 9S 7C 7D 7H 9H " + "AC 9D 5D AS KC 8D 2D QS"
    game = table(players=4, top=top, rounds=3, natural_privilege="double", pool_to_natural=True,
                 pool_contribution=1)  # fmt: skip
    play(game, S(1), S(1), S(1), NO, C, C, C, C)
    records = play(game, S(2), S(1), S(3), NO)
    assert net(records) == Counter({"p2": -2, "p3": -6, "p0": 8})
    assert game.ledger.balance("pool") == 4


# --------------------------------------------------------------------------------------
# Option errors
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, value",
    [
        ("min_stake", 0), ("min_stake", True), ("min_stake", 1.5), ("min_stake", "1"),
        ("max_stake", 0), ("max_stake", None),
        ("counters", -1), ("counters", 2.0),
        ("rounds", 0), ("rounds", False),
        ("deal_hands", 0),
        ("max_price", -1),
        ("pool_contribution", -1), ("pool_overdraw_penalty", -2), ("pool_tie_share", -3),
        ("deal_passes", "thrice"), ("deal_passes", None),
        ("deal_to", "left"),
        ("natural_privilege", "triple"), ("natural_privilege", True),
        ("natural_puts_out", 1), ("natural_puts_out", "no"),
        ("selling", None), ("pool_to_natural", 0),
    ],
)  # fmt: skip
def test_option_errors_name_the_option(name, value):
    with pytest.raises(GameOptionError, match=name):
        new_game("vingt_un", players=3, **{name: value})


def test_option_errors_max_below_min_and_unknown_names():
    with pytest.raises(GameOptionError, match="max_stake"):
        new_game("vingt_un", players=3, min_stake=5, max_stake=4)
    with pytest.raises(GameOptionError, match="double_on_ace"):
        new_game("vingt_un", players=3, double_on_ace=True)
    with pytest.raises(GameOptionError, match="whist"):
        new_game("whist")


@pytest.mark.parametrize("players", [0, 1, 13, True, 4.0, "4"])
def test_option_errors_players(players):
    with pytest.raises(GameOptionError, match="players"):
        new_game("vingt_un", players=players)


@pytest.mark.parametrize("dealer", [-1, 3, True, 1.0])
def test_option_errors_dealer(dealer):
    with pytest.raises(GameOptionError, match="dealer"):
        new_game("vingt_un", players=3, dealer=dealer)


def test_option_errors_seed():
    with pytest.raises(GameOptionError, match="seed"):
        new_game("vingt_un", players=3, seed="7")


# --------------------------------------------------------------------------------------
# Illegal actions leave the game as it was
# --------------------------------------------------------------------------------------


def test_illegal_actions_in_every_phase_leave_the_game_unchanged():
    game = table(players=3, top="8C 10D 7S 8D 9C 7H 5H 10H KS 6C 7C 8H", rounds=2, max_stake=4)
    for bad in (S(5), S(0), D, C, YES, Divide(1), AcceptSale(), DeclineSale(), KeepDeal(),
                SellDeal(1, 0)):  # fmt: skip
        assert_illegal(game, bad)
    play(game, S(2), S(3))
    for bad in (S(2), D, C, Divide(1)):
        assert_illegal(game, bad)
    play(game, NO)
    assert game.to_act == 1
    for bad in (S(1), YES, NO, Divide(0), Divide(5), AcceptSale()):
        assert_illegal(game, bad)
    play(game, C)  # p2 10+9 has no pair
    assert game.to_act == 2
    assert_illegal(game, Divide(1))
    play(game, C)
    assert game.phase == "dealer"  # the dealer 7+7 may divide, but only with stake 0
    for bad in (Divide(1), S(1), NO):
        assert_illegal(game, bad)
    play(game, C)
    assert game.rounds_played == 1
    play(game, S(1), S(1), NO, C, C, C)
    assert game.is_over and game.legal_actions() == [] and game.to_act is None
    for bad in (C, D, S(1)):
        assert_illegal(game, bad)


def test_illegal_inputs():
    game = table(players=3)
    before = snapshot(game)
    with pytest.raises(TypeError):
        game.apply("Draw")  # type: ignore[arg-type]
    for seat in (-1, 3, True, "0"):
        with pytest.raises(IllegalActionError):
            game.observation(seat)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        VingtUn.action_from_dict({"type": "Shuffle"})
    assert snapshot(game) == before


def test_illegal_fractional_amounts():
    """Amounts are whole counters: a stake or a division of 1.5 is not among the legal
    actions, so it must be refused (and leave the game unchanged)."""
    game = table(players=3)
    assert S(1.5) not in game.legal_actions()
    assert_illegal(game, S(1.5))
    game = table(players=2, top="8C 10S 8D 7S")
    play(game, S(2), NO)
    assert Divide(2.5) not in game.legal_actions()
    assert_illegal(game, Divide(2.5))


def test_to_dict_is_a_snapshot_not_a_view():
    """to_dict() is a JSON-ready image of the game: changing the image must not change
    the game (nor later moves the image)."""
    game = table(players=3)
    data = game.to_dict()
    image = json.dumps(data, sort_keys=True)
    data["state"]["stock"].pop()
    data["state"]["order"].append(7)
    assert snapshot(game) == image
    game = table(players=3)
    data = game.to_dict()
    image = json.dumps(data, sort_keys=True)
    play(game, S(1))
    assert json.dumps(data, sort_keys=True) == image


def test_a_round_longer_than_the_pack_is_completed_from_the_thrown_up_cards():
    """Seed 002: the player over-drawing "would throw up his cards, or hand them to the
    player on the dealer's right, who is termed the pone, and whose duty it is to collect
    the cards as they are played"; "When the dealer comes to the last card of the pack,
    he does not deal it ... but hands it, unexposed, to the pone, who adds it to those
    already in his care, shuffles them".

    Twelve players (the most the driver accepts) who divide every pair and always ask
    for a card run through the whole pack inside the first round: every action the
    driver lists as legal must still be carried out, and the pack must still account for
    every card.
    """
    game = table(players=12, seed=8, dealer=0)
    while not game.is_over:
        legal = game.legal_actions()
        divides = [a for a in legal if isinstance(a, Divide)]
        action = divides[0] if divides else (D if D in legal else legal[0])
        game.apply(action)  # a listed action must never raise
        pack_accounting(game)


def test_illegal_a_sale_at_a_fractional_price_cannot_jam_the_game():
    """``SellDeal(1, 2.0)`` compares equal to the legal ``SellDeal(1, 2)``; if the driver
    takes it, the buyer's ``AcceptSale`` (then listed as legal) must still go through."""
    game = table(players=3, selling=True)
    try:
        game.apply(SellDeal(1, 2.0))
    except IllegalActionError:
        return
    assert AcceptSale() in game.legal_actions()
    game.apply(AcceptSale())  # a listed action must never raise
    assert game.ledger.balance("p0") == 102 and game.dealer == 1
