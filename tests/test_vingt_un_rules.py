"""One test per paragraph of the Vingt-un text, played through the game driver (protocol v2).

The text is seed ``shared/seeds/002_93c3d51ac699f33f.txt`` (the course of play,
DEALING, DRAWING, POOL, LIMITING THE DEAL, SELLING THE DEAL, ADDITIONAL
PRIVILEGES FOR A NATURAL) and the Vingt-un section of
``shared/seeds/000_090407a6d9d4a9ee.txt``; ``docs/rules.md`` section 4 keeps the
decisions. Every position is stacked with ``top=`` (the first cards of the pack,
in the order they are dealt: the first card to each player from the dealer's
left and the dealer last, then the second cards likewise, then the draws) and
``dealer=``, and every payment is checked through the ledger.

Vocabulary (docs/rules.md section 6.1): a *deal* is one distribution and its
settlement (the text's "hand of the deal"); the option ``deals=`` is how many a
session lasts, ``game.deal_number`` the deals begun and ``game.session.deals``
the deals completed. The text's own "deal" (a dealer's tenure) keeps its name in
``deal_passes``, ``deal_hands`` and ``pool_contribution``.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from driver_checks import pack_accounting
from pycards.cards import parse
from pycards.errors import IllegalActionError
from pycards.games import new_game
from pycards.games.engine.events import Dealt, Shown
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


def dealer_hands(game: VingtUn):
    """The dealer's hands: his own row of ``game.hands``."""
    return game.hands[game.dealer]


def dealt_to(record) -> list[int]:
    """The seats the cards of ``record`` went to, in order."""
    return [d.seat for d in record.dealt]


def entries_of(game: VingtUn, seat, kind) -> list:
    """Every entry of type ``kind`` in ``seat``'s events (``None``: a spectator's)."""
    return [e for r in game.events(seat) for e in r.entries if type(e) is kind]


def assert_illegal(game: VingtUn, action) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert snapshot(game) == before


def draw_below(game: VingtUn, n: int = 15):
    """A simple policy: least stake, no double, keep the deal, draw below ``n``."""
    legal = game.legal_actions()
    kind = type(legal[0])
    if kind is Stake or kind is KeepDeal:
        return legal[0]
    if kind is Double:
        return NO
    if kind is AcceptSale:
        return DeclineSale()
    row = game.dealer if game.phase == "dealer" else game.order[game.turn]
    hand = game.hands[row][game.hand_index]
    return D if D in legal and hand.points() < n else C


# A quiet first deal for three players, dealer 0: p1 10+7, p2 10+7, the dealer 9+9;
# everyone content; the dealer wins one counter from each. Six cards.
QUIET3 = "10C 10D 9S 7C 7D 9H"
QUIET3_PLAY = (S(1), S(1), NO, C, C, C)
# The same for four players: p1, p2, p3 10+7, the dealer 9+9. Eight cards.
QUIET4 = "10C 10D 10H 9S 7C 7D 7H 9H"
QUIET4_PLAY = (S(1), S(1), S(1), NO, C, C, C, C)


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
        # the drawing is public: face up in the session's first record, for every seat
        for viewer in [None, *range(players)]:
            first = game.events(viewer)[0]
            assert first.seat is None and first.action is None
            turned = [d for d in first.dealt if d.hand == -1]
            assert all(d.seen_by is None for d in turned)
            assert [[d.card for d in turned if d.seat == s] for s in range(players)] == draws
        # and it survives the JSON round trip of a document that keeps the history
        again = VingtUn.from_dict(json.loads(json.dumps(game.to_dict(history=True))))
        assert again.first_dealer_draw == draws


def test_dealing_a_given_dealer_skips_the_draw():
    game = table(players=4, dealer=2)
    assert game.dealer == 2 and game.first_dealer_draw == []
    assert not [d for d in game.events(None)[0].dealt if d.hand == -1]
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
    assert dealt_to(record) == [2, 3, 0, 1]


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
    assert game.is_over and game.deal_number == 1 == game.session.deals


def test_double_then_a_players_natural_wins_four_times_the_maximum():
    """Seed 000: "If after that any one secures a Vingt-un ... that again doubles
    the stakes"; seed 002: "claim double the amount of his stake, or of the double,
    if that was called, from the dealer\""""
    game = table(players=3, top="AC 9D 10S KC 8D 7H", max_stake=5, deals=2)
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

    Nobody draws: the deal ends on the second card.
    """
    game = table(players=4, top="AC 9D 5H KS QC 8D 2H AD", deals=2)
    before = game.dealer
    records = play(game, S(3), S(2), S(4), NO)
    assert net(records) == Counter({"p0": 12, "p2": -4, "p3": -8})
    assert "p1" not in net(records)
    assert game.session.deals == 1 and game.deal_number == 2 and game.phase == "stake"
    # "which, unless the dealer also holds a natural that hand, puts the dealer out"
    assert game.dealer == before
    # "throws the two cards, face upwards, on the table": shown to every seat
    for viewer in [None, 0, 1, 2, 3]:
        assert Shown(0, 0, parse("KS AD")) in entries_of(game, viewer, Shown)


def test_dealers_natural_with_a_players_natural_does_not_put_him_out():
    """Seed 002: "one of the players secures a natural Vingt-un, which, unless the
    dealer also holds a natural that hand, puts the dealer out" -- checked on the
    second deal of his tenure, where a natural does put out."""
    game = table(players=3, top=QUIET3 + " AC 9D KS QC 8D AD", deals=3)
    play(game, *QUIET3_PLAY)
    records = play(game, S(2), S(3), NO)
    assert net(records) == Counter({"p0": 6, "p2": -6})
    assert game.session.deals == 2 and game.dealer == 0


# --------------------------------------------------------------------------------------
# A player's natural
# --------------------------------------------------------------------------------------


def test_players_natural_paid_double_and_puts_the_dealer_out():
    """Seed 002: "If either of the players other than the dealer should receive a
    natural Vingt-un, he should at once declare it, and claim double the amount of
    his stake ... from the dealer, who is thereupon deprived of his privilege of
    dealing, the right of continuing the deal passing to the player on his left-hand
    side." (second deal of the tenure)"""
    game = table(players=3, top=QUIET3 + " 10H AC 9D 8H KD 7S", deals=3)
    play(game, *QUIET3_PLAY)
    records = play(game, S(2), S(3), NO)
    # paid at once, before anybody draws
    assert net(records[-1:]) == Counter({"p2": 6, "p0": -6})
    assert game.to_act == 1 and game.phase == "draw"
    records = play(game, C, C)  # p1 18 against the dealer's 16
    assert net(records) == Counter({"p1": 2, "p0": -2})
    assert game.session.deals == 2 and game.dealer == 1 and game.proper_dealer == 1


def test_natural_on_the_first_hand_of_the_deal_is_disregarded():
    """Seed 002: "There is one exception to the power of a natural Vingt-un to put the
    dealer out--namely, when it occurs in the first hand of the deal; then the dealer
    disregards it, except that he has to pay to the holder as for a drawn Vingt-un,
    and proceeds with his deal until a second natural occurs."
    """
    game = table(players=3, top="10H AC 9D 8H KD 7S " + "9C AD 10S 9H QD 7C", deals=3)
    records = play(game, S(2), S(3), NO)
    # as for a drawn Vingt-un: double the stake
    assert net(records) == Counter({"p2": 6, "p0": -6})
    play(game, C, C)
    assert game.session.deals == 1 and game.dealer == 0  # not put out
    # the second natural, on the second deal, puts him out
    play(game, S(1), S(4), NO)
    play(game, C, C)
    assert game.session.deals == 2 and game.dealer == 1


@pytest.mark.parametrize("deal_to, next_dealer", [("next", 1), ("holder", 2)])
def test_natural_passes_the_deal_to_next_or_to_holder(deal_to, next_dealer):
    """Seed 002: "puts the dealer out, and the deal passes, either to the next player,
    or to the holder of the natural, as may have been decided upon.\""""
    game = table(players=4, top=QUIET4 + " 9C AC 8D 10S 8H KD 7S 6C", deals=3, deal_to=deal_to)
    play(game, *QUIET4_PLAY)
    assert game.dealer == 0
    play(game, S(1), S(1), S(1), NO)
    play(game, C, C, C)
    assert game.session.deals == 2 and game.dealer == next_dealer


def test_natural_shall_not_throw_out_the_dealer_option():
    """Seed 002: "It is often agreed that a natural shall not throw out the dealer"
    (option ``natural_puts_out=False``); the natural is still paid double. (The deal
    must then be limited, LIMITING THE DEAL: here to ten deals of a tenure.)"""
    game = table(players=3, top=QUIET3 + " 10H AC 9D 8H KD 7S", deals=3, natural_puts_out=False,
                 deal_passes="hands", deal_hands=10)  # fmt: skip
    play(game, *QUIET3_PLAY)
    records = play(game, S(2), S(3), NO, C, C)
    assert net(records)["p2"] == 6
    assert game.session.deals == 2 and game.dealer == 0


@pytest.mark.parametrize("puts_out, dealer_after", [(None, 0), (False, 0), (True, 2)])
def test_a_natural_in_a_limited_deal(puts_out, dealer_after):
    """LIMITING THE DEAL: limiting the deal is "another method" than a natural throwing the
    dealer out, so by default (``natural_puts_out=None``) a natural on the second deal of a
    limited tenure leaves the dealer in place, as ``False`` does; ``True`` keeps the
    natural's rule as well, and the deal goes to the holder (``deal_to="holder"``)."""
    game = table(players=3, top=QUIET3 + " 10H AC 9D 8H KD 7S", deals=3, natural_puts_out=puts_out,
                 deal_passes="hands", deal_hands=10, deal_to="holder")  # fmt: skip
    play(game, *QUIET3_PLAY)
    records = play(game, S(2), S(3), NO, C, C)
    assert net(records)["p2"] == 6  # the natural is paid double either way
    assert game.session.deals == 2 and game.dealer == dealer_after


def test_a_first_hand_natural_in_a_limited_deal_is_disregarded():
    """With ``natural_puts_out=True`` in a limited deal the first-hand exception holds too:
    "the dealer disregards it, except that he has to pay to the holder as for a drawn
    Vingt-un" (no privilege, and the deal does not pass)."""
    game = table(players=3, top="10H AC 9D 8H KD 7S", deals=2, natural_puts_out=True,
                 deal_passes="hands", deal_hands=10, natural_privilege="stake")  # fmt: skip
    records = play(game, S(2), S(3), NO, C, C)
    assert net(records)["p2"] == 6  # paid double by the dealer, and no stake from p1
    assert game.session.deals == 1 and game.dealer == 0


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
    # "face upwards": seen by all
    assert record.dealt == (Dealt(1, 0, parse("7D")[0], None),) and record.payments == ()
    assert points(game.hands[1][0].cards) == 20 and game.to_act == 1
    records = play(game, C, C)  # the dealer stands on 18
    assert net(records) == Counter({"p1": 2, "p0": -2})


@pytest.mark.parametrize("double, paid", [(False, 2), (True, 4)])
def test_drawing_an_over_draw_pays_at_once(double, paid):
    """Seed 002: "Had his third card been a 9, it would have been an over-draw, and
    the player would have had to pay the dealer the amount he staked, or the double,
    if the dealer had doubled. At the same time he would throw up his cards".

    Paid in the very action that over-draws, before the dealer plays; the dealer
    then has no one to play against and the deal ends.
    """
    game = table(players=2, top="4H 10S 9C 8S 9D", deals=2)
    play(game, S(2), Double(double))
    record = game.apply(D)
    assert net([record]) == Counter({"p1": -paid, "p0": paid})
    assert game.session.deals == 1


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
    safe to stand, or has over-drawn" -- a hand at 21 has nothing to gain (decision 5:
    "content" is his only choice, and he is asked it like any other)."""
    game = table(players=3, top="7C 10D 10S 7D 9C 5H 7H")
    play(game, S(1), S(1), NO)
    game.apply(D)
    assert points(game.hands[1][0].cards) == 21 and not game.hands[1][0].done
    assert game.to_act == 1 and game.legal_actions() == [C]
    game.apply(C)
    assert game.hands[1][0].done and game.to_act == 2


def test_drawing_an_over_drawn_hand_is_thrown_up_unexposed():
    """Seed 002: "A player when throwing up his cards must not expose the two first dealt
    to him, neither may the pone or either of the other players look at them.\""""
    game = table(players=3, top="10C 10D 10S 6D 9D 8S KH", deals=2)
    play(game, S(1), S(1), NO, D)  # p1 10+6+K: over-drawn, thrown up
    hand = game.hands[1][0]
    assert hand.collected and hand.done and not hand.shown
    assert set(hand.cards) <= set(game.used)
    for viewer in (0, 2):
        assert game.observation(viewer)["hands"][1][0].cards == ()
    for viewer in (None, 0, 2):
        assert [d.card for d in game.events(viewer)[-1].dealt if d.seat == 1] == [parse("KH")[0]]
        assert not [s for s in entries_of(game, viewer, Shown) if s.seat == 1]
        assert {d.card for d in entries_of(game, viewer, Dealt) if d.seat == 1 and d.seen_by} == {None}


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
    records = play(game, D, C, D, C)  # p3's 21: content, his only choice
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
    records = play(game, D, C, C, D)  # p1's 21: content, his only choice
    assert net(records) == Counter({"p3": -4, "p0": 4})
    records = play(game, D)
    assert points(dealer_hands(game)[0].cards) == 21
    assert net(records) == Counter({"p1": -2, "p2": -6, "p0": 8})


def test_players_drawn_vingt_un_against_a_standing_dealer_paid_double():
    """Seed 002: "If a player has a drawn Vingt-un and the dealer has not ... then the
    dealer has to pay the holder of the Vingt-un double the amount of his stake, or of
    the double if that has been called.\""""
    game = table(players=2, top="7C 10S 7D QS 7H")
    play(game, S(3), YES, D, C)
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


def test_the_show_every_standing_hand_is_shown_to_all():
    """Seed 002 (the course of play): "he calls on those players who have not over-drawn
    to declare their hands, and each in turn does so" -- every standing player hand is
    shown to the whole table: a ``Shown`` entry in every seat's events, and its cards in
    the other seats' observations once the deal is over. The over-drawn hand was thrown
    up unexposed and stays hidden."""
    # p1 10+8 content, p2 10+9 content, p3 10+6 draws K (over), the dealer 10+7 content
    game = table(players=4, top="10C 10D 10H 10S 8C 9D 6H 7S KH")
    play(game, S(1), S(1), S(1), NO, C, C, D)
    record = game.apply(C)
    assert game.is_over
    shown = {1: parse("10C 8C"), 2: parse("10D 9D"), 0: parse("10S 7S")}
    for viewer in [None, 0, 1, 2, 3]:
        got = entries_of(game, viewer, Shown)
        for seat, cards in shown.items():
            assert Shown(seat, 0, cards) in got, (viewer, seat)
        assert not [s for s in got if s.seat == 3]
    assert {e.seat for e in record.entries if type(e) is Shown} == {1, 2}
    for viewer in range(4):
        obs = game.observation(viewer)
        assert obs["hands"][1][0].cards == shown[1] and obs["hands"][2][0].cards == shown[2]
        assert obs["hands"][3][0].cards == ()
        assert obs["dealer_hands"][0].cards == shown[0]


def test_the_show_session_ended_before_the_dealer_turned_up_keeps_his_cards_hidden():
    """Seed 002: "He then turns up his own two cards in front of him, and in view of the
    company" -- only when his turn comes. When every player over-drew, the dealer has
    nobody to play against and never turns them up: even once the session is over, no
    other seat's observation (nor its events) shows the dealer's two face-down cards."""
    # p1 10+6 draws K (over), p2 10+5 draws Q (over); the dealer 9+8 never plays
    game = table(players=3, top="10C 10D 9S 6D 5D 8S KH QH")
    play(game, S(1), S(1), NO, D, D)
    assert game.is_over and game.phase == "over"
    assert [tuple(h.cards) for h in dealer_hands(game)] == [parse("9S 8S")]
    assert game.observation(0)["dealer_hands"][0].cards == parse("9S 8S")
    for viewer in (1, 2):
        assert game.observation(viewer)["dealer_hands"][0].cards == (None, None)
    for viewer in (None, 1, 2):
        assert not [s for s in entries_of(game, viewer, Shown) if s.seat == 0]
        assert [d.card for d in entries_of(game, viewer, Dealt) if d.seat == 0] == [None, None]
        assert game.observation(viewer or 1)["hands"][2][0].cards == ()


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
    assert record.payments == () and dealt_to(record) == [1, 1]
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
    # the first hand made a pair again by an eight of the second pack, which comes from the
    # shuffle (the stacked cards name each card once): four hands already, so it may not be
    # divided
    for seed in range(500):
        game = table(players=2, seed=seed, top="8C 10S 8D 7S 8H 5S 8S 10C", deal_passes="two_packs")
        play(game, S(2), NO, Divide(3), Divide(4), Divide(1))
        if game.hands[1][0].is_pair():
            break
    assert len(game.hands[1]) == 4 and game.hands[1][0].is_pair()
    assert not any(type(a) is Divide for a in game.legal_actions())
    assert_illegal(game, Divide(1))
    pack_accounting(game)
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
    data["deal"]["pack"]["stock"].append(0)
    data["deal"]["knowledge"][0]["seen"].append(5)
    data["state"]["order"].append(7)
    data["state"]["hands"][1][0]["cards"].append(3)
    data["deal"]["balances"]["p0"] += 5
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
    for a card run through the whole pack inside the first deal: every action the
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


def test_a_players_twenty_one_is_asked_so_his_turn_tells_nobody_his_cards():
    """Decision 5 (docs/rules.md): a player at 21 may not draw but is asked all the same, with
    "content" his only choice. Cards dealt face down are seen by their holder only, so what the
    others see of a 21 (5H 6D face down, KH drawn) and of a 20 (5H 5D, KH) is the same until he
    answers, and his answer is a plain "content"."""
    seen = []
    for second in ("6D", "5D"):
        game = table(players=3, top=f"5H 10C 9S {second} 7D 9H KH", deals=2)
        play(game, S(1), S(1), NO, D)  # p1 draws the king: 21 or 20
        assert game.to_act == 1
        assert game.legal_actions() == ([C] if second == "6D" else [D, C])
        seen.append([json.dumps(game.observation(seat), default=str) for seat in (0, 2)])
        record = game.apply(C)
        seen[-1] += [json.dumps(record.view(seat).to_dict(), default=str) for seat in (0, 2)]
    assert seen[0] == seen[1]
    game = table(players=3, top="5H 10C 9S 6D 7D 9H KH", deals=2)
    play(game, S(1), S(1), NO, D)
    before = json.dumps(game.to_dict())
    with pytest.raises(IllegalActionError):
        game.apply(D)  # no card on 21
    assert json.dumps(game.to_dict()) == before and not game.is_legal(D)
