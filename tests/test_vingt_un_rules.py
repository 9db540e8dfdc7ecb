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
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import new_game
from pycards.games.engine.events import DealEnded, Dealt, Reshuffled, Shown
from pycards.games.text import card_text, observation_lines, record_lines
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
from pycards.settlement import Payment

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
    # make the first hand a pair again with the second pack's eight of diamonds (swapped
    # out of the stock, so the pack still accounts for every card)
    data = game.to_dict()
    cards = data["state"]["hands"][1][0]["cards"]
    other = parse("8D")[0]
    stock = data["pack"]["stock"]
    stock[stock.index(other)] = cards[1]
    mine = data["knowledge"][1]  # the holder's knowledge of his hand follows the swap
    held = mine["places"]["hand:1:0"]
    held[held.index(cards[1])] = other
    held.sort()
    mine["seen"] = sorted({*mine["seen"], other})
    cards[1] = other
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
    game = table(players=2, top="9C 10S 9D 8S " + "AC 10H AD 9H KH 7S 2C", deals=3)
    play(game, S(1), NO, C, C)  # deal 1: p1 18, the dealer 18
    assert game.session.deals == 1
    play(game, S(1), NO)
    assert tuple(game.hands[1][0].cards) == parse("AC AD")
    record = game.apply(Divide(2))
    assert record.payments == ()
    assert hand_cards(game, 1) == [parse("AC KH"), parse("AD 7S")]
    assert game.legal_actions() == [C] and game.hand_index == 0  # 21: content, his only choice
    play(game, C)
    assert game.to_act == 1 and game.hand_index == 1
    play(game, C)
    records = play(game, D)  # the dealer: 10 + 9 + 2 = drawn 21
    assert net(records) == Counter({"p1": -1 - 4, "p0": 5})
    assert game.session.deals == 2 and game.dealer == 0  # nobody put him out


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
    assert dealt_to(record) == [0, 0]
    assert [tuple(h.cards) for h in dealer_hands(game)] == [parse("7S AH"), parse("7H 10H")]
    records = play(game, C, C)
    # p1 wins on both dealer hands; p2 loses to 18 and ties (loses) with 17
    assert net(records) == Counter({"p1": 4, "p2": -6, "p0": 2})


# --------------------------------------------------------------------------------------
# What each seat sees (docs/rules.md section 6.1)
# --------------------------------------------------------------------------------------


def test_what_each_seat_sees_face_down_cards_natural_and_divided_pair():
    """Seed 002: the first two cards go to each player "unexposed"; a natural "he
    should at once declare it" (and the dealer's "throws the two cards, face upwards, on
    the table"); a divided pair is laid out as two hands, each with "a separate stake",
    its cards still unexposed. Decisions (docs/rules.md section 6.1): a card dealt face
    down is seen by its holder and by nobody else; a card turned face up, or a hand
    declared, by everyone."""
    # deal 1: p1 8+8 divides (5, 6 to the two hands), p2 10+7, the dealer 9+9
    # deal 2: p1 A+K (natural), p2 9+8, the dealer 8+7
    top = "8C 10D 9S 8D 7D 9H 5S 6S " + "AC 9D 8S KC 8H 7S"
    game = table(players=3, top=top, deals=2)
    first = game.events(None)[0]
    for d in first.dealt:  # the first cards: face down, each seen by its holder only
        assert d.seen_by == (d.seat,) and d.card is None
        for viewer in range(3):
            mine = [e for e in game.events(viewer)[0].dealt if e.seat == d.seat][0]
            assert mine.card == (game.hands[d.seat][0].cards[0] if viewer == d.seat else None)
    for viewer in range(3):
        obs = game.observation(viewer)
        for seat, views in obs["hands"].items():
            assert views[0].cards == ((game.hands[seat][0].cards[0],) if seat == viewer else (None,))
        assert obs["dealer_hands"][0].cards == ((parse("9S")[0],) if viewer == 0 else (None,))
    play(game, S(1), S(1), NO)
    record = game.apply(Divide(2))
    # the pair stays face down: one card heads each hand; the two new cards are dealt face down
    assert not [e for e in record.entries if type(e) is Shown]
    assert record.dealt == (Dealt(1, 0, parse("5S")[0], (1,)), Dealt(1, 1, parse("6S")[0], (1,)))
    assert [d.card for d in record.view(2).dealt] == [None, None]
    assert [d.card for d in record.view(None).dealt] == [None, None]
    for viewer in (0, 2):
        views = game.observation(viewer)["hands"][1]
        assert [v.cards for v in views] == [(None, None), (None, None)]
    assert hand_cards(game, 1) == [parse("8C 5S"), parse("8D 6S")]
    play(game, C, C, C, C)
    assert game.session.deals == 1
    record = play(game, S(2), S(1), NO)[-1]
    # the natural is declared: shown to all at once
    assert Shown(1, 0, parse("AC KC")) in record.entries
    for viewer in (None, 0, 2):
        assert Shown(1, 0, parse("AC KC")) in record.view(viewer).entries
    for viewer in (0, 2):
        assert game.observation(viewer)["hands"][1][0].cards == parse("AC KC")
    # p2's cards are still his alone
    assert game.observation(0)["hands"][2][0].cards == (None, None)
    assert game.observation(2)["hands"][2][0].cards == parse("9D 8H")


def test_seed_002_divided_pair_is_not_turned_up():
    """Seed ``002_93c3d51ac699f33f.txt``, DRAWING: only a card asked for is turned up ("the
    dealer delivers one from the top of the undealt portion of the pack, placing it face
    upwards on the table in front of the player"); and "If a player draws separately on his
    two cards, when they do not pair, he has to pay the dealer on each hand" -- a fault the
    table could not fall into if a divided pair were shown. docs/rules.md section 6.1:
    cards dealt face down are seen by their holder only.

    So a divided pair stays face down, each card with the card that completes its hand: the
    holder sees all four; another seat (or a spectator) sees two divided hands and their
    stakes, and no card of them -- its observation, events, encoding and their text are
    the same whichever pair was divided."""
    others = []
    holders = []
    for top in ("8C 10D 9S 8D 7D 9H 5S 6S", "3C 10D 9S 3D 7D 9H 4S 2S"):
        game = table(players=3, top=top)
        play(game, S(1), S(1), NO)
        record = game.apply(Divide(2))
        first, _, _, second, _, _, to_first, to_second = parse(top)
        whole = [(first, to_first), (second, to_second)]
        assert [tuple(h.cards) for h in game.hands[1]] == whole
        assert [(h.shown, h.down) for h in game.hands[1]] == [(False, (0, 1))] * 2
        assert not [e for e in record.entries if type(e) is Shown]
        # the holder sees his own cards
        assert [v.cards for v in game.observation(1)["hands"][1]] == whole
        assert [d.card for d in record.view(1).dealt] == [to_first, to_second]
        holders.append(game.encode(1).tolist())
        # nobody else sees one of them
        for viewer in (0, 2):
            views = game.observation(viewer)["hands"][1]
            assert [(v.cards, v.stake, v.divided) for v in views] == [((None, None), 1, True),
                                                                      ((None, None), 2, True)]  # fmt: skip
        for viewer in (None, 0, 2):
            assert [d.card for d in entries_of(game, viewer, Dealt) if d.seat == 1] == [None] * 4
            assert not [s for s in entries_of(game, viewer, Shown) if s.seat == 1]
        others.append([
            *(json.dumps(game.observation(viewer), default=str) for viewer in (0, 2)),
            *(game.encode(viewer).tolist() for viewer in (0, 2)),
            *(observation_lines("vingt_un", game.observation(viewer)) for viewer in (0, 2)),
            *([record_lines(r, viewer) for r in game.events(viewer)] for viewer in (None, 0, 2)),
        ])  # fmt: skip
    assert others[0] == others[1]
    assert holders[0] != holders[1]


def test_seed_002_divided_hands_are_declared_at_the_show():
    """Seed 002: the dealer "calls on those players who have not over-drawn to declare their
    hands, and each in turn does so" -- a divided hand standing at the show is declared to
    all like any other; one that over-drew was thrown up, and "A player when throwing up his
    cards must not expose the two first dealt to him": its card of the pair and the card
    that completed it are never seen by the others (the card he drew was dealt face up)."""
    # p1 8+8 divides: 8C+5S draws KS (over), 8D+6S content; p2 10+7; the dealer 9+9
    game = table(players=3, top="8C 10D 9S 8D 7D 9H 5S 6S KS")
    play(game, S(1), S(1), NO, Divide(2), D, C, C)
    assert game.phase == "dealer" and game.hands[1][0].collected
    for viewer in (0, 2):
        assert [v.cards for v in game.observation(viewer)["hands"][1]] == [(), (None, None)]
    record = game.apply(C)
    assert game.is_over
    assert Shown(1, 1, parse("8D 6S")) in record.entries
    for viewer in (None, 0, 1, 2):
        shown = [s for s in entries_of(game, viewer, Shown) if s.seat == 1]
        assert shown == [Shown(1, 1, parse("8D 6S"))]
        dealt = [d.card for d in entries_of(game, viewer, Dealt) if d.seat == 1 and d.seen_by is None]
        assert dealt == list(parse("KS"))
    for viewer in (0, 2):
        assert [v.cards for v in game.observation(viewer)["hands"][1]] == [(), parse("8D 6S")]
        assert not {c for r in game.events(viewer) for line in record_lines(r, viewer)
                    for c in parse("8C 5S") if card_text(c) in line}  # fmt: skip


def test_the_dealer_divides_a_pair_already_turned_up():
    """Seed 002: the dealer "turns up his own two cards in front of him, and in view of the
    company, and decides, as the others have done", and "This division of cards is equally
    available for the dealer". Decision (docs/rules.md, decision 15): he can only divide
    once he has turned his pair up, so dividing it hides nothing: his divided hands stay
    turned up, and the cards completing them are dealt face up, seen by all."""
    game = table(players=3, top="10C 10D 7S 9C 7D 7H AH 10H")
    play(game, S(2), S(3), NO, C, C)
    for viewer in (None, 1, 2):
        assert Shown(0, 0, parse("7S 7H")) in entries_of(game, viewer, Shown)
    record = game.apply(Divide(0))
    assert not [e for e in record.entries if type(e) is Shown]
    assert [(d.card, d.seen_by) for d in record.dealt] == [(c, None) for c in parse("AH 10H")]
    assert [(h.shown, h.down) for h in dealer_hands(game)] == [(True, (0,))] * 2
    for viewer in (0, 1, 2):
        assert [v.cards for v in game.observation(viewer)["dealer_hands"]] == [parse("7S AH"), parse("7H 10H")]


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

    Three players, the dealer never put out (a natural does not throw him out, and his
    tenure is longer than the session), forty deals of simple play: at every step the
    pack accounts for every card exactly once; at every reshuffle the last card was not
    dealt, and it went back among the used cards.
    """
    import random

    rng = random.Random(5)
    game = table(players=3, seed=11, deals=40, natural_puts_out=False, deal_passes="hands", deal_hands=40)
    reshuffles = 0
    pack_accounting(game)
    while not game.is_over:
        legal = game.legal_actions()
        if isinstance(legal[0], Stake):
            action = rng.choice(legal)
        elif isinstance(legal[0], Double):
            action = rng.choice(legal)
        else:
            row = game.dealer if game.phase == "dealer" else game.to_act
            hand = game.hands[row][game.hand_index]
            action = D if points(hand.cards) < 16 else C
        stock, used = list(game.stock), list(game.used)
        record = game.apply(action)
        pack_accounting(game)
        chance = [e for e in record.entries if type(e) in (Dealt, Reshuffled)]
        kinds = [type(e) for e in chance]
        if Reshuffled in kinds:
            reshuffles += 1
            at = kinds.index(Reshuffled)
            last = stock[0]  # the stock's top card is its last item
            before = [e.card for e in chance[:at]]
            after = [e.card for e in chance[at + 1 :]]
            assert len(before) == len(stock) - 1 and last not in before
            assert chance[at].cards >= len(used) + 1
            assert set(used) | {last} <= set(game.stock) | set(after)
    assert reshuffles >= 2
    assert game.session.deals == 40 and game.dealer == 0


# --------------------------------------------------------------------------------------
# LIMITING THE DEAL
# --------------------------------------------------------------------------------------


def _dealers_by_deal(game: VingtUn, policy) -> list[int]:
    dealers = []
    while not game.is_over:
        if game.phase == "stake" and game.turn == 0:
            dealers.append(game.dealer)
        play(game, policy(game))
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
    game = table(players=3, dealer=1, seed=3, deals=7, deal_passes="hands", deal_hands=3)
    assert _dealers_by_deal(game, _content) == [1, 1, 1, 2, 2, 2, 0]
    # a natural on a later hand of the deal does not put the dealer out
    game = table(players=3, top=QUIET3 + " 10H AC 9D 8H KD 7S", deals=3,
                 deal_passes="hands", deal_hands=3)  # fmt: skip
    play(game, *QUIET3_PLAY, S(1), S(1), NO, C, C)
    assert game.session.deals == 2 and game.dealer == 0


def test_limiting_the_deal_twice_through_the_pack():
    """LIMITING THE DEAL: "or to allow the dealer to go through the pack twice ... In
    these cases the dealer is allowed to draw from the used pack as many cards as may be
    necessary to complete a round started upon with his limited supply".

    Two players, everyone content: four cards a deal. The first pass runs out on the
    dealer's second card of deal 13 (48 used + the last card reshuffled); the second
    supply of 48 runs out on the dealer's second card of deal 25, which is completed
    from the used cards; then the deal passes.
    """
    game = table(players=2, seed=2, deals=27, deal_passes="twice")
    records = []
    while not game.is_over:
        records.append(game.apply(_content(game)))
    shuffles = [e for r in records for e in r.entries if type(e) is Reshuffled]
    assert shuffles == [Reshuffled(49), Reshuffled(48 + 1)]
    game = table(players=2, seed=2, deals=27, deal_passes="twice")
    assert _dealers_by_deal(game, _content) == [0] * 25 + [1] * 2


def test_limiting_the_deal_two_packs_shuffled_together():
    """LIMITING THE DEAL: "or to have two packs of cards shuffled together, and go
    through them once" -- 104 cards (each id twice); the deal that runs out is completed
    from the used cards, then the deal passes."""
    game = table(players=2, seed=4, deals=28, deal_passes="two_packs")
    assert len(game.stock) + 2 == 104
    assert Counter(game.info.pack) == Counter(list(range(52)) * 2)
    pack_accounting(game)
    assert _dealers_by_deal(game, _content) == [0] * 26 + [1] * 2


@pytest.mark.parametrize("passes, supply, size", [("twice", 2, 52), ("two_packs", 1, 104)])
def test_limiting_the_deal_supply_spent_at_the_end_of_a_round_passes_the_deal(passes, supply, size):
    """LIMITING THE DEAL: "the dealer is allowed to draw from the used pack as many cards
    as may be necessary to complete a round started upon with his limited supply" -- the
    used pack only completes a round *started upon* with the limited supply. When the
    supply runs out exactly at the end of a round (only the undealt last card left), no
    further round can be started with it: the deal passes, to a fresh pack, without a
    reshuffle of the used cards.

    The positions are found by playing seeds (three players drawing below 15)."""
    found = 0
    for seed in range(40):
        game = table(players=3, seed=seed, deals=40, deal_passes=passes)
        while not game.is_over:
            spent, stock, dealer = game.passes, len(game.stock), game.dealer
            record = game.apply(draw_below(game))
            ends = [i for i, e in enumerate(record.entries) if type(e) is DealEnded]
            if not ends or game.is_over:
                continue
            before, after = record.entries[: ends[0]], record.entries[ends[0] :]
            if any(type(e) is Reshuffled for e in before):
                continue
            left = stock - sum(type(e) is Dealt for e in before)
            if spent == supply and left == 1:
                found += 1
                assert game.dealer == game.proper_dealer == (dealer + 1) % 3, seed
                assert not any(type(e) is Reshuffled for e in after), seed
                assert game.used == [] and len(game.stock) == size - 3 and game.passes == 1, seed
                pack_accounting(game)
    assert found >= 3


# --------------------------------------------------------------------------------------
# SELLING THE DEAL
# --------------------------------------------------------------------------------------


def test_selling_the_deal_buyer_deals_play_starts_left_of_proper_dealer():
    """SELLING THE DEAL (seed 002): "Should a player object to take his turn at dealing
    ... he is at liberty to sell the right to any other player ... The buyer has to deal
    the cards, but does not change his seat. He has to commence each time with the
    player on the left-hand side of the proper dealer".
    """
    game = table(players=4, dealer=0, selling=True, max_price=6, deals=2)
    assert game.phase == "sell" and game.to_act == 0
    legal = game.legal_actions()
    assert legal[0] == KeepDeal()
    assert set(legal[1:]) == {SellDeal(b, p) for b in (1, 2, 3) for p in range(7)}
    for bad in (SellDeal(0, 3), SellDeal(2, 7), SellDeal(5, 1), SellDeal(2, -1), AcceptSale(), S(1)):
        assert_illegal(game, bad)
    play(game, SellDeal(2, 5))
    assert game.phase == "buy" and game.to_act == 2
    assert game.observation(1)["offer"] == (0, 2, 5)
    assert game.legal_actions() == [AcceptSale(), DeclineSale()]
    assert_illegal(game, KeepDeal())
    record = game.apply(AcceptSale())
    # "the price paid to the seller"
    assert net([record]) == Counter({"p2": -5, "p0": 5})
    assert game.dealer == 2 and game.proper_dealer == 0
    assert game.observation(3)["proper_dealer"] == 0 and game.observation(3)["dealer"] == 2
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
    game = table(players=4, dealer=0, top=QUIET4 + " 9C AC 8D 10S 8H KD 7S 6C", selling=True, deals=3)
    play(game, SellDeal(2, 1), AcceptSale())
    play(game, *QUIET4_PLAY)  # quiet first deal
    assert game.dealer == 2
    play(game, S(1), S(1), S(1), NO)  # seat 3 holds a natural on the second deal
    play(game, C, C, C)
    assert game.session.deals == 2
    assert game.proper_dealer == 1 and game.dealer == 1  # not 3, left of the buyer
    assert game.phase == "sell" and game.to_act == 1  # and he may sell in his turn


@pytest.mark.parametrize("sold", [True, False])
def test_selling_several_naturals_pass_the_deal_to_the_first_holder_left_of_the_proper_dealer(sold):
    """The course of play: "the deal passes, either to the next player, or to the holder
    of the natural"; SELLING THE DEAL: the buyer "has to commence each time with the
    player on the left-hand side of the proper dealer". Decision (docs/rules.md, the
    Vingt-un driver's decisions, 2): with several naturals the deal goes to the holder
    nearest the left -- counted from the PROPER dealer's left, also when the buyer deals.

    Dealer 0 (selling to 2, or keeping the deal): p1 and p3 hold naturals on the second
    deal. Counted from seat 0's left, p1 comes first; from the buyer's left it would be p3.
    """
    # players in turn: 1, 3, 0 and the buyer 2 (sold), or 1, 2, 3 and the dealer 0 (kept)
    if sold:
        top = QUIET4 + " AC AD 9D 8S KC QD 8D 7S"  # p1 A+K, p3 A+Q, p0 9+8, the buyer 8+7
    else:
        top = QUIET4 + " AC 9D AD 8S KC 8D QD 7S"  # p1 A+K, p2 9+8, p3 A+Q, the dealer 8+7
    game = table(players=4, dealer=0, top=top, deals=3, deal_to="holder", selling=True)
    play(game, *((SellDeal(2, 1), AcceptSale()) if sold else (KeepDeal(),)))
    play(game, *QUIET4_PLAY)
    assert game.session.deals == 1 and game.dealer == (2 if sold else 0)
    play(game, S(1), S(1), S(1), NO)
    assert game.naturals == [1, 3]
    play(game, C, C)  # the third player and the dealer are content
    assert game.session.deals == 2
    assert game.dealer == game.proper_dealer == 1
    assert game.phase == "sell" and game.to_act == 1


# --------------------------------------------------------------------------------------
# POOL
# --------------------------------------------------------------------------------------


def test_pool_contribution_at_each_deal():
    """POOL (seed 002): "it may be agreed (a) that each player contribute a coin or
    counter to the pool at the commencement of each deal\""""
    game = table(players=3, top=QUIET3 + " 10H AC 9D 8H KD 7S", deals=3, pool_contribution=2)
    assert balances(game) == {"p0": -2, "p1": -2, "p2": -2, "pool": 6}
    play(game, *QUIET3_PLAY)
    assert game.ledger.balance("pool") == 6  # same tenure: nothing more
    play(game, S(1), S(1), NO, C, C)  # a natural puts the dealer out: a new tenure
    assert game.dealer == 1 and game.ledger.balance("pool") == 12


def test_pool_the_first_record_holds_the_first_cards_and_contributions():
    """POOL: "each player contribute a coin or counter to the pool at the commencement of
    each deal"; the course of play: the dealer deals one card to each, "unexposed". The
    session's first record (seat ``None``) holds the first-ace draw, the first pool
    contributions and the first cards, so each seat's event stream starts with its own
    first card (and the others' hidden)."""
    for dealer in (0, None):
        game = new_game("vingt_un", players=3, seed=5, dealer=dealer, pool_contribution=2)
        assert game.records == 1
        first = list(game.history())[0]
        assert first.seat is None and first.action is None
        assert set(first.payments) == {Payment(f"p{s}", "pool", 2) for s in range(3)}
        for viewer in range(3):
            (record,) = game.events(viewer)
            assert record.payments == first.payments
            cards = {d.seat: d.card for d in record.dealt if d.hand == 0}
            assert set(cards) == {0, 1, 2}
            for seat, card in cards.items():
                assert card == (game.hands[seat][0].cards[0] if seat == viewer else None)
            assert game.events(viewer, since=1) == []


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
    game = table(players=4, top=top, deals=3, pool_contribution=1, pool_overdraw_penalty=1,
                 pool_to_natural=True)  # fmt: skip
    play(game, S(1), S(1), S(1), NO, C, C, C)
    play(game, D)  # the dealer over-draws: pool 4 + 1
    assert game.ledger.balance("pool") == 5
    records = play(game, S(2), S(1), S(3), NO)
    assert net(records) == Counter({"p1": 4 + 3, "p3": 6 + 2, "p0": -10, "pool": -5})
    play(game, C, C)
    assert game.dealer == 1 and game.ledger.balance("pool") == 4  # a new tenure, new contributions


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
    # second deal: p1 and p3 hold naturals, p2 does not
    top = QUIET4 + " AC 9D AD 8S KC 8D QD 9C"
    game = table(players=4, top=top, deals=3, natural_privilege=privilege)
    play(game, *QUIET4_PLAY)
    records = play(game, S(2), S(1), S(3), NO)
    assert net(records) == Counter({
        "p1": 4 + factor * 2, "p3": 6 + factor * 3, "p2": -factor * 5, "p0": -10,
    })  # fmt: skip


@pytest.mark.parametrize("privilege, factor", [("stake", 1), ("double", 2)])
def test_natural_privilege_on_the_stake_as_doubled(privilege, factor):
    """ADDITIONAL PRIVILEGES FOR A NATURAL: "an amount equal to, or double that of his own
    stake from each of the other players"; the course of play: a natural claims "double
    the amount of his stake, or of the double, if that was called" -- when the dealer
    called "double", the holder's stake is the doubled one. Stake 2 doubled to 4: the
    privilege "stake" is 4 from each other player, "double" 8."""
    # second deal: p1 A+K (stake 2, doubled to 4), p2 9+8 and p3 8+9 (stake 1, doubled to 2)
    top = QUIET4 + " AC 9D 8H 8S KC 8D 9C 7S"
    game = table(players=4, top=top, deals=3, natural_privilege=privilege)
    play(game, *QUIET4_PLAY)
    record = play(game, S(2), S(1), S(1), YES)[-1]
    assert game.hands[1][0].stake == 4
    privileges = [p for p in record.payments if p.payee == "p1" and p.payer != "p0"]
    assert sorted(privileges) == [Payment("p2", "p1", 4 * factor), Payment("p3", "p1", 4 * factor)]
    assert Payment("p0", "p1", 8) in record.payments  # the natural itself: double the doubled stake
    assert net([record]) == Counter({"p1": 8 + 8 * factor, "p0": -8, "p2": -4 * factor, "p3": -4 * factor})


def test_natural_privilege_not_due_against_the_dealers_natural():
    top = QUIET4 + " AC 9D 5D AS KC 8D 2D QS"
    game = table(players=4, top=top, deals=3, natural_privilege="double", pool_to_natural=True,
                 pool_contribution=1)  # fmt: skip
    play(game, *QUIET4_PLAY)
    records = play(game, S(2), S(1), S(3), NO)
    assert net(records) == Counter({"p2": -2, "p3": -6, "p0": 8})
    assert game.ledger.balance("pool") == 4


# --------------------------------------------------------------------------------------
# The session and its bounds (docs/rules.md section 6.1)
# --------------------------------------------------------------------------------------


def test_session_a_bound_on_decisions_truncates_the_deal():
    """docs/rules.md section 6.1, "Games that could go on for ever": a limit on the
    decisions of one deal (``max_decisions``); "When the limit is reached, the player
    whose turn it is is treated as having stood", and the game goes on as after a stand:
    every hand still to play stands, the dealer's too, and the show settles them."""
    # deal 1: p1 2+2 draws 2, 2, 3, 3 (the bound of 8 decisions); p2 3+3, p3 4+4, dealer 5+5
    # deal 2: p1, p2, p3 10+9, the dealer 10+8: all content, within the bound
    top = "2C 3C 4C 5C 2D 3D 4D 5D 2H 2S 3H 3S " + "10C 10D 10H 10S 9C 9D 9H 8S"
    game = table(players=4, top=top, deals=2, max_decisions=8)
    play(game, S(1), S(1), S(1), NO, D, D, D)
    assert game.phase == "draw" and not game.truncated
    record = game.apply(D)  # the 8th decision: the hands still to play stand
    (ended,) = [e for e in record.entries if type(e) is DealEnded]
    assert ended.truncated and game.truncated and game.observation(2)["truncated"]
    assert game.session.deals == 1
    assert points(parse("2C 2D 2H 2S 3H 3S")) == 14
    assert net([record]) == Counter({"p1": 1, "p2": -1, "p3": -1, "p0": 1})  # 14, 6, 8 against 10
    shows = {e.seat: e.cards for e in record.entries if type(e) is Shown}
    assert shows[0] == parse("5C 5D") and shows[3] == parse("4C 4D")  # nobody drew again
    play(game, S(1), S(1), S(1), NO, C, C, C, C)
    assert game.is_over and not game.truncated
    (ended,) = [e for e in game.events(1)[-1].entries if type(e) is DealEnded]
    assert not ended.truncated
    assert game.info.max_decisions_per_deal == 8


def test_session_a_bound_below_players_plus_three_is_refused():
    """The bound must leave room for the stakes, the double and a decision on a hand."""
    table(players=4, max_decisions=7)
    table(players=4, max_decisions=0)
    for players, bound in [(4, 6), (2, 4), (12, 14), (3, 1)]:
        with pytest.raises(GameOptionError, match="max_decisions"):
            table(players=players, max_decisions=bound)


@pytest.mark.parametrize("rotations, deal_hands", [(1, 1), (2, 1), (1, 2)])
def test_session_until_rotations_ends_before_the_first_dealer_deals_again(rotations, deal_hands):
    """docs/rules.md section 6.1: a session may end "just before the first dealer's turn
    comes round again", so that all have dealt equally often (seed 002, COMMERCE and
    POPE JOAN)."""
    game = table(players=3, dealer=1, until="rotations", rotations=rotations, deal_passes="hands",
                 deal_hands=deal_hands, deals=1000)  # fmt: skip
    dealers = []
    while not game.is_over:
        record = game.apply(_content(game))
        dealers += [e.roles.index("dealer") for e in record.entries if type(e) is DealEnded]
    assert dealers == [s for _ in range(rotations) for s in (1, 2, 0) for _ in range(deal_hands)]
    assert game.deal_number == game.session.deals == 3 * rotations * deal_hands


def test_session_until_freeze_out_ends_with_one_player_left_in():
    """docs/rules.md section 6.1: freeze-out, "when only one player still holds counters":
    a player at or below zero after a deal stands out (he is dealt no cards and cannot
    be offered the deal) and the session ends when one player is left in."""
    for seed in range(6):
        game = table(players=4, dealer=None, seed=seed, until="freeze_out", counters=3, max_stake=2,
                     selling=True, max_price=1)  # fmt: skip
        outs = set()
        while not game.is_over:
            out = game.session.out
            assert out >= outs  # once out, out for the rest of the session
            outs = set(out)
            for seat in out:
                assert game.hands[seat] == [] and seat not in game.order and seat != game.dealer
                assert game.roles()[seat] == "out"
                assert all(not (isinstance(a, SellDeal) and a.buyer == seat) for a in game.legal_actions())
                if game.phase == "sell":
                    assert_illegal(game, SellDeal(seat, 0))
            assert list(game.observation(game.to_act)["out"]) == sorted(out)
            record = game.apply(draw_below(game, 14))
            if any(type(e) is DealEnded for e in record.entries):
                for seat in range(4):
                    if game.ledger.balance(f"p{seat}") <= 0:
                        assert seat in game.session.out
        left = [s for s in range(4) if s not in game.session.out]
        assert len(left) == 1 and game.ledger.balance(f"p{left[0]}") > 0
        assert all(game.ledger.balance(f"p{s}") <= 0 for s in game.session.out)


def test_session_until_freeze_out_the_deal_never_passes_to_a_player_gone_out():
    """Freeze-out (docs/rules.md section 6.1): a player at or below zero after a deal
    stands out -- he is dealt no cards and cannot take the deal. LIMITING THE DEAL: the
    deal passes (here after every deal) to the next player in; SELLING THE DEAL: "the deal
    reverts to the player who would have had the next turn".

    Dealer 0; p1 (one counter) loses his 17 to the dealer's 18 and goes out in the very
    deal after which the deal passes: it must skip him and go to p2."""
    # p1 10+7 (17), p2 10+9 (19); the dealer 10+8 (18)
    game = table(players=3, top="10C 10D 10H 7C 9C 8H", until="freeze_out", counters=1,
                 deal_passes="hands", deal_hands=1)  # fmt: skip
    record = play(game, S(1), S(1), NO, C, C, C)[-1]
    assert [e for e in record.entries if type(e) is DealEnded][0].rewards == (0, -1, 1)
    assert game.session.out == {1} and not game.is_over
    assert game.dealer == game.proper_dealer == 2
    assert game.to_act == 0 and game.order == [0] and game.hands[1] == []


# --------------------------------------------------------------------------------------
# Option errors
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, value",
    [
        ("min_stake", 0), ("min_stake", True), ("min_stake", 1.5), ("min_stake", "1"),
        ("max_stake", 0), ("max_stake", None),
        ("counters", -1), ("counters", 2.0),
        ("deals", 0), ("deals", False), ("rotations", 0), ("until", "forever"),
        ("deal_hands", 0),
        ("max_price", -1),
        ("pool_contribution", -1), ("pool_overdraw_penalty", -2), ("pool_tie_share", -3),
        ("deal_passes", "thrice"), ("deal_passes", None),
        ("deal_to", "left"),
        ("natural_privilege", "triple"), ("natural_privilege", True),
        ("natural_puts_out", 1), ("natural_puts_out", "no"),
        ("selling", None), ("pool_to_natural", 0), ("max_decisions", -1), ("max_decisions", 2.0),
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
    with pytest.raises(GameOptionError, match="rounds"):  # the old name is gone
        new_game("vingt_un", players=3, rounds=2)
    with pytest.raises(GameOptionError, match="whist"):
        new_game("whist")


def test_option_errors_a_natural_that_does_not_put_out_needs_a_limited_deal():
    """Seed 002: "It is often agreed that a natural shall not throw out the dealer";
    LIMITING THE DEAL: "another method is to limit the deal". Without a natural to put
    him out and without a limit, the first dealer would deal for ever: the combination
    ``natural_puts_out=False`` with ``deal_passes="natural"`` is refused, naming it."""
    with pytest.raises(GameOptionError, match="natural_puts_out") as error:
        new_game("vingt_un", players=3, natural_puts_out=False)
    assert "deal_passes" in str(error.value)
    with pytest.raises(GameOptionError, match="natural_puts_out"):
        new_game("vingt_un", players=3, natural_puts_out=False, deal_passes="natural")
    for passes in ("hands", "twice", "two_packs"):
        new_game("vingt_un", players=3, natural_puts_out=False, deal_passes=passes)


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
    game = table(players=3, top="8C 10D 7S 8D 9C 7H 5H 10H KS 6C 7C 8H", deals=2, max_stake=4)
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
    assert game.session.deals == 1
    play(game, S(1), S(1), NO, C, C, C)
    assert game.is_over and game.legal_actions() == [] and game.to_act is None
    for bad in (C, D, S(1)):
        assert_illegal(game, bad)


def test_illegal_inputs():
    game = table(players=3)
    before = snapshot(game)
    with pytest.raises(IllegalActionError):
        game.apply("Draw")  # type: ignore[arg-type]
    for seat in (-1, 3, True, "0"):
        with pytest.raises(IllegalActionError):
            game.observation(seat)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError):
            game.events(seat)  # type: ignore[arg-type]
    assert game.events(1) == game.events(1, since=None) == game.events(1, since=0)  # None: the first kept
    for since in (-1, 2, 1.0, True, "0"):
        with pytest.raises(IllegalActionError):
            game.events(1, since=since)  # type: ignore[arg-type]
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
    data["pack"]["stock"].pop()
    data["state"]["order"].append(7)
    data["state"]["hands"][1][0]["cards"].append(3)
    data["balances"]["p0"] += 5
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
