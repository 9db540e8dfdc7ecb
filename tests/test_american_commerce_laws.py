"""One test per sentence of American Commerce (``american_commerce``) and per decision it takes.

The rules are the "COMMERCE" section of seed ``004_7d6a6396833e304f.txt`` ("Without a
Widow", the ranking, the dealer's payments, "With a Widow", the two other combinations);
docs/rules.md 3.3 (the profiles ``american`` and ``american_extended``), 5, 6.1 (what a
player sees, the bounds) and 6.4 (ties: "the dealer, or the player nearest him on his
left wins"). The driver's decisions are in its module docstring; each has a test here.

Every deal is played through the public protocol, its first cards stacked with ``top=``
(:func:`stack`: one card at a time to each seat from the dealer's left, with a widow the
widow's card just before the dealer's, then the cards the stock gives next). The expected
numbers are worked out by hand in the docstrings.

Table: three players (unless told), dealer p0 (so the order from the dealer's left is p1,
p2, p0), stake 1, 100 counters each, one deal, no widow.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Optional

import pytest

from pycards.cards import parse
from pycards.errors import GameOptionError, IllegalActionError, StateError
from pycards.games import new_game
from pycards.games.engine.events import STOCK, DealEnded, Dealt, Moved, Note, Record, Shown, hand_place
from pycards.games.engine.exchange_table import (
    DISCARDS, WIDOW, Barter, Buy, Give, Knock, Pass, Stand, Swap, TakeWidow, offered,
)  # fmt: skip
from pycards.games.exchange.american_commerce import AmericanCommerce
from pycards.settlement import Payment

# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def c(text: str) -> int:
    """One card's id."""
    return parse(text)[0]


def cards(text: str) -> list[int]:
    return list(parse(text))


def stack(hands: Sequence[str], dealer: int = 0, widow: Optional[str] = None, then: str = "") -> list[int]:
    """The ``top=`` cards dealing ``hands`` (by seat): one card at a time from the dealer's
    left, the widow's card (if any) just before the dealer's; then ``then``, the stock's
    next cards."""
    players = len(hands)
    by_seat = [cards(h) for h in hands]
    spare = cards(widow) if widow is not None else []
    order = [(dealer + k) % players for k in range(1, players + 1)]
    top: list[int] = []
    for k in range(3):
        for seat in order:
            if widow is not None and seat == dealer:
                top.append(spare[k])
            top.append(by_seat[seat][k])
    return top + cards(then)


def game_of(hands: Sequence[str], dealer: int = 0, widow: Optional[str] = None, then: str = "",
            **options: Any) -> AmericanCommerce:  # fmt: skip
    """A session of American Commerce (stake 1, 100 counters, one deal unless told)."""
    terms = {"deals": 1, **options}
    if widow is not None:
        terms["widow"] = True
    game = new_game("american_commerce", players=len(hands), seed=7, dealer=dealer,
                    top=stack(hands, dealer, widow, then), **terms)  # fmt: skip
    assert isinstance(game, AmericanCommerce)
    return game


def play(game: AmericanCommerce, *actions: Any) -> list[Record]:
    return [game.apply(a) for a in actions]


def balances(game: AmericanCommerce) -> list[int]:
    return [game.cash(s) for s in range(game.players)]


def payments(records: Iterable[Record]) -> list[Payment]:
    return [e for r in records for e in r.entries if type(e) is Payment]


def notes(records: Iterable[Record]) -> list[str]:
    return [e.text for r in records for e in r.entries if type(e) is Note]


def entries_of(records: Iterable[Record], kind: type) -> list[Any]:
    return [e for r in records for e in r.entries if type(e) is kind]


def first_record(game: AmericanCommerce) -> Record:
    return next(iter(game.history()))


def kinds(game: AmericanCommerce) -> set[type]:
    return {type(a) for a in game.legal_actions()}


def refused(game: AmericanCommerce, action: Any) -> None:
    """``action`` raises IllegalActionError and changes nothing."""
    before = game.to_dict()
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert game.to_dict() == before


def known_at(game: AmericanCommerce, seat: Optional[int], place: Any) -> set[int]:
    return {card for card, places in game.knowledge(seat).places.items() if place in places}


# A plain deal: p1 a point of 21 on two hearts (A 10), p2 a point of 20 on two spades
# (K Q), p0 (the dealer) a point of 17 on two clubs (9 8). No combination anywhere.
PLAIN = ["9C 8C 2D", "AH 10H 3S", "KS QS 4D"]


# ======================================================================================
# Without a Widow: the table, the pool, the deal
# ======================================================================================


def test_three_to_twelve_players_may_form_a_table():
    """"Three to twelve players may form a table.\""""
    for players in (3, 12):
        assert new_game("american_commerce", players=players, seed=1).players == players
    for players in (2, 13):
        with pytest.raises(GameOptionError):
            new_game("american_commerce", players=players, seed=1)


def test_each_player_deposits_one_in_the_pool():
    """"The counters have a money value, and each player deposits one in the pool": each
    player pays ``stake`` (2 here), the dealer no more than the others (unlike the English
    game's double): the pool holds 6, each seat 98."""
    game = game_of(PLAIN, stake=2)
    assert payments([first_record(game)]) == [Payment("p1", "pool", 2), Payment("p2", "pool", 2),
                                              Payment("p0", "pool", 2)]  # fmt: skip
    assert game.ledger.balance("pool") == 6 and balances(game) == [98, 98, 98]
    assert game.observation(1)["pool"] == 6 and game.observation(1)["stake"] == 2


def test_a_player_holding_less_than_the_stake_deposits_all_he_has():
    """Decision (table stakes): p1 holds 1, the stake is 2: he deposits his 1."""
    game = new_game("american_commerce", players=3, seed=7, dealer=0, top=stack(PLAIN), stake=2,
                    stacks=[10, 1, 10])  # fmt: skip
    assert payments([first_record(game)])[0] == Payment("p1", "pool", 1)
    assert game.ledger.balance("pool") == 5


def test_the_cards_are_dealt_one_at_a_time_face_down_until_each_has_three():
    """"The dealer then distributes the cards one at a time, face down, until each has three":
    one round after another from the dealer's left, each card seen by its holder alone."""
    game = game_of(PLAIN)
    dealt = entries_of([first_record(game)], Dealt)
    assert [(e.seat, e.card) for e in dealt[:3]] == [(1, c("AH")), (2, c("KS")), (0, c("9C"))]
    assert all(e.seen_by == (e.seat,) for e in dealt) and len(dealt) == 9
    for seat, text in enumerate(PLAIN):
        assert sorted(game.observation(seat)["hand"]) == sorted(cards(text))
        assert known_at(game, seat, hand_place(seat)) == set(cards(text))
        assert known_at(game, (seat + 1) % 3, hand_place(seat)) == set()
    assert game.observation(0)["widow"] == () and game.observation(0)["widow_cards"] == 0


def test_each_in_turn_beginning_with_the_eldest_hand_may_exchange_one_card():
    """"The players then examine their cards, and each in turn, beginning with the eldest hand,
    may exchange one card": p1 (the dealer's left) first, by ready money or barter, or a knock."""
    game = game_of(PLAIN)
    assert game.to_act == 1 and game.phase == "exchange"
    assert kinds(game) == {Knock, Buy, Barter}
    assert {a.card for a in game.legal_actions() if type(a) is Buy} == set(cards(PLAIN[1]))
    play(game, Buy(c("3S")))
    assert game.to_act == 2
    play(game, Buy(c("4D")))
    assert game.to_act == 0


def test_a_player_may_not_pass_on_his_turn():
    """Decision: a player on his turn trades or knocks; he may not pass (nor stand: the
    American word is the knock)."""
    game = game_of(PLAIN)
    refused(game, Pass())
    refused(game, Stand())


# ======================================================================================
# Ready money
# ======================================================================================


def test_ready_money_his_card_and_a_counter_to_the_dealer_a_card_from_the_top():
    """"If he trades for ready money, he gives his card and one white counter to the dealer,
    and receives another card, face down, from the top of the pack. The discard is left on
    the table, and the counter is the dealer's perquisite."

    Stake 2: p1 throws out 3S and pays 2 to p0 (98 - 2 = 96; p0 98 + 2 = 100), and receives
    the top card, 5H, seen by him alone. The 3S lies on the table (discards), face down: p1
    knows it, nobody else sees it."""
    game = game_of(PLAIN, then="5H", stake=2)
    stock = game.observation(2)["stock"]
    (record,) = play(game, Buy(c("3S")))
    assert payments([record]) == [Payment("p1", "p0", 2)]
    assert balances(game) == [100, 96, 98] and game.ledger.balance("pool") == 6
    assert sorted(game.hands[1]) == sorted(cards("AH 10H 5H"))
    (moved,) = entries_of([record], Moved)
    assert (moved.card, moved.source, moved.target, moved.seen_by) == (c("3S"), hand_place(1), DISCARDS, (1,))
    (dealt,) = entries_of([record], Dealt)
    assert (dealt.seat, dealt.card, dealt.seen_by) == (1, c("5H"), (1,))
    for seat in (None, 0, 2):
        seen = game.events(seat)[-1]
        assert [e.card for e in seen.entries if type(e) in (Moved, Dealt)] == [None, None]
    assert known_at(game, 1, DISCARDS) == {c("3S")}
    assert known_at(game, 0, DISCARDS) == known_at(game, 2, DISCARDS) == known_at(game, None, DISCARDS) == set()
    assert game.observation(2)["stock"] == stock - 1
    assert c("3S") not in game.observation(2)["knowledge"].get("discards", ())


def test_the_dealer_trading_for_ready_money_pays_nobody():
    """The dealer's counter would go to himself: p0 trades for ready money for nothing."""
    game = game_of(PLAIN, then="5H 6H 7H")
    play(game, Buy(c("3S")), Buy(c("4D")))
    before = balances(game)
    (record,) = play(game, Buy(c("2D")))
    assert payments([record]) == [] and balances(game) == before
    assert game.hands[0].count(c("7H")) == 1


def test_ready_money_needs_a_counter_to_pay():
    """Decision: ready money is legal only for a player who can pay its price. p1 starts with
    1, deposits it: he may barter or knock, not buy."""
    game = new_game("american_commerce", players=3, seed=7, dealer=0, top=stack(PLAIN), stacks=[10, 1, 10])
    assert game.cash(1) == 0 and kinds(game) == {Knock, Barter}
    refused(game, Buy(c("3S")))


def test_ready_money_needs_a_card_in_the_stock():
    """Decision: ready money is legal only while the stock holds a card. Three players hold
    9 cards; the 43 left are bought one by one (the discards lie on the table, never back
    in the stock); then nobody may buy."""
    game = game_of(PLAIN)
    while game.observation(0)["stock"]:
        seat = game.to_act
        play(game, Buy(game.hands[seat][0]))
    assert game.phase == "exchange"
    assert Buy not in kinds(game) and kinds(game) == {Knock, Barter}
    assert game.observation(0)["widow_cards"] == 0 and len(game.hands[0]) == 3


# ======================================================================================
# Barter
# ======================================================================================


def test_barter_the_receiver_gives_one_of_his_own_before_looking():
    """"If he trades for barter, he passes his discard to the player on his left, who must
    give one of his own in exchange before looking at the one he is to receive."

    p1 offers 3S to p2: p2 must give one of his cards (or knock) without seeing it: no view
    shows it to him yet; p2 gives 4D; each card passed is seen by the two, not by p0."""
    game = game_of(PLAIN)
    (offer,) = play(game, Barter(c("3S")))
    assert game.to_act == 2 and game.observation(2)["offer"] == (1, 2)
    (moved,) = entries_of([offer], Moved)
    assert (moved.target, moved.seen_by) == (offered(1), (1,))
    assert game.events(2)[-1].entries[0].card is None
    assert c("3S") not in game.observation(2)["hand"] and known_at(game, 2, offered(1)) == set()
    assert set(game.legal_actions()) == {Knock(), *(Give(x) for x in cards(PLAIN[2]))}
    (give,) = play(game, Give(c("4D")))
    assert sorted(game.hands[1]) == sorted(cards("AH 10H 4D"))
    assert sorted(game.hands[2]) == sorted(cards("KS QS 3S"))
    passed = entries_of([give], Moved)
    assert [(m.card, m.seen_by) for m in passed] == [(c("4D"), (1, 2)), (c("3S"), (1, 2))]
    assert [e.card for e in game.events(0)[-1].entries if type(e) is Moved] == [None, None]
    assert known_at(game, 2, hand_place(1)) == {c("4D")} and known_at(game, 1, hand_place(2)) == {c("3S")}


def test_having_exchanged_he_trades_himself():
    """"If he exchanges, he takes up the offered card, and then has the privilege of trading
    for ready money or for barter himself": after giving, p2 is to act on his own turn."""
    game = game_of(PLAIN)
    play(game, Barter(c("3S")), Give(c("4D")))
    assert game.to_act == 2 and game.observation(2)["offer"] is None
    assert kinds(game) == {Knock, Buy, Barter}


def test_a_player_who_will_not_exchange_must_knock():
    """"If the player will not exchange, he must knock on the table, to signify that he will
    stand by the cards he has": p2 knocks instead of giving; the card offered goes back to p1
    (seen by him alone) and, a knock ending the trading, the hands are shown."""
    game = game_of(PLAIN)
    play(game, Barter(c("3S")))
    (record,) = play(game, Knock())
    back = entries_of([record], Moved)[0]
    assert (back.card, back.source, back.target, back.seen_by) == (c("3S"), offered(1), hand_place(1), (1,))
    assert sorted(game.hands[1]) == sorted(cards(PLAIN[1])) and sorted(game.hands[2]) == sorted(cards(PLAIN[2]))
    assert game.is_over and "the hands are shown" in notes([record])


def test_the_trading_goes_round_and_round():
    """"The trading goes on in this way round and round": after the dealer the eldest hand
    trades again."""
    game = game_of(PLAIN, then="5H 6H 7H 8H")
    play(game, Buy(c("3S")), Buy(c("4D")), Buy(c("2D")))
    assert game.to_act == 1
    play(game, Buy(c("5H")))
    assert game.to_act == 2


def test_a_knock_stops_all_trading_at_once():
    """"until some player knocks, when all trading is immediately stopped, and the hands are
    shown": p1 knocks on the first turn; nobody else trades; every hand is shown to all."""
    game = game_of(PLAIN)
    (record,) = play(game, Knock())
    shown = entries_of([record], Shown)
    assert [(s.seat, s.seen_by) for s in shown] == [(1, None), (2, None), (0, None)]
    assert game.is_over and game.legal_actions() == []
    assert game.observation(2)["shown"][1] == tuple(game.hands[1])


# ======================================================================================
# The ranking
# ======================================================================================


def winner_of(hands: Sequence[str], dealer: int = 0, **options: Any) -> int:
    """Who takes the pool when the eldest hand knocks at once."""
    game = game_of(hands, dealer=dealer, **options)
    (record,) = play(game, Knock())
    (take,) = [p for p in payments([record]) if p.payer == "pool"]
    return int(take.payee[1:])


def test_triplets_three_aces_highest_three_deuces_lowest():
    """"Triplets. Three aces being the highest, and three deuces the lowest": p2's three deuces
    beat p1's sequence flush; three aces beat three kings."""
    assert winner_of(["9C 8C 3D", "QH KH AH", "2C 2D 2S"]) == 2
    assert winner_of(["9C 8C 3D", "KC KD KS", "AC AD AS"]) == 2


def test_pairs_have_no_value():
    """"Pairs have no value": p2's pair of aces with a four lies in three suits, no point at
    all; p1's point of 10 on two hearts wins."""
    assert winner_of(["2C 7D 9S", "4H 6H 8C", "AC AD 4S"]) == 1


def test_sequence_flushes_the_ace_top_or_bottom():
    """"Sequence Flushes; the ace being allowed to rank as the top or the bottom; Q K A, or
    A 2 3": p2's A 2 3 of clubs beats any point; Q K A beats J Q K."""
    assert winner_of(["KS QS 9D", "QH KH AH", "AC 2C 3C"]) == 1
    assert winner_of(["KS QS 9D", "AH KD 9H", "AC 2C 3C"]) == 2
    assert winner_of(["9C 8C 3D", "JH QH KH", "QS KS AS"]) == 2


def test_the_point_most_pips_on_two_or_three_cards_of_a_suit():
    """"The Point; the greatest number of pips on two or three cards of the same suit in one
    hand, counting the ace for eleven, and the other court-cards for ten each. A single card of
    a suit does not count for the point": p1's A K of hearts (21) beats p2's three suits
    (an ace alone counts nothing), and p0's 9 8 of clubs (17)."""
    assert winner_of(["9C 8C 2D", "AH KH 3S", "AS KD QC"]) == 1


def test_a_point_made_with_three_cards_beats_one_made_with_two():
    """"In case of ties, a point made with three cards will beat one made with two cards": p2's
    2 9 10 of spades (21 on three) beats p1's A K of hearts (21 on two)."""
    assert winner_of(["9C 8C 2D", "AH KH 3C", "2S 9S 10S"]) == 2


def test_no_triplet_the_best_straight_flush_no_straight_flush_the_best_point():
    """"If no triplet is shown, the best straight flush wins. If there is no straight flush,
    the best point wins.\""""
    assert winner_of(["2C 3C 4C", "AH KH 9D", "5S 6S 7S"]) == 2
    assert winner_of(PLAIN) == 1


def test_a_tie_goes_to_the_dealer():
    """"If the number of cards is also a tie, the dealer, or the player nearest him on his left
    wins": p0 (the dealer) and p1 both hold a point of 21 on two cards; p0 wins."""
    assert winner_of(["AC KC 2D", "AH KH 3S", "9S 8S 4D"]) == 0


def test_a_tie_without_the_dealer_goes_to_the_player_nearest_his_left():
    """Four players, dealer p0: p2 and p3 tie (21 on two), p1 (the eldest) holds less: p2, the
    nearer to the dealer's left of the two, wins."""
    assert winner_of(["2C 3C 5D", "9H 8H 4D", "AH KH 3S", "AS KS 4C"]) == 2


def test_every_tie_goes_by_seat_sequence_flushes_too():
    """Decision: equal sequence flushes in two suits tie like points: dealer p1, p2 and p0 both
    hold 7 8 9 flush: p2, the nearest to the dealer's left, wins."""
    assert winner_of(["7C 8C 9C", "2D 3H 5S", "7H 8H 9H"], dealer=1) == 2


# ======================================================================================
# The deal passes, the dealer's payments
# ======================================================================================


def test_the_deal_passes_to_the_left():
    """"The deal passes to the left": the second deal is p1's."""
    game = game_of(PLAIN, deals=2)
    play(game, Knock())
    assert game.deal_number == 2 and game.dealer == 1 and game.to_act == 2


def test_the_dealer_not_winning_the_pool_pays_the_winner():
    """"If the dealer does not win the pool, he must pay one white counter to the player who
    does." Stake 2: p1 (21) takes the pool of 6 and 2 from p0: p1 98 + 6 + 2 = 106, p0 96."""
    game = game_of(PLAIN, stake=2)
    (record,) = play(game, Knock())
    assert payments([record]) == [Payment("pool", "p1", 6), Payment("p0", "p1", 2)]
    assert balances(game) == [96, 106, 98] and game.rewards() == {0: -4, 1: 6, 2: -2}


def test_the_dealer_winning_the_pool_pays_nobody():
    """The dealer who wins the pool pays nothing: p0's 21 on three cards beats all."""
    game = game_of(["9C 8C 4C", "AH 10H 3S", "KS QS 4D"])
    (record,) = play(game, Knock())
    assert payments([record]) == [Payment("pool", "p0", 3)]


def test_the_american_dealer_at_equal_rank_pays_everyone():
    """"If the dealer holds a combination of the same rank as the one that wins the pool, he
    must pay one white counter to every other player at the table. For instance: No triplet is
    shown, and a straight flush, Jack high, wins the pool. The dealer has a straight flush, 9
    high, and must pay one counter to every player at the table."

    Four players, dealer p0 (7 8 9 of clubs); p2 holds 9 10 J of hearts and wins the pool (4);
    p0 pays one to each of p1, p2, p3 (the winner's counter among them: one, not two)."""
    game = game_of(["7C 8C 9C", "2D 4H 6S", "9H 10H JH", "3D 5S KC"])
    (record,) = play(game, Knock())
    assert payments([record]) == [Payment("pool", "p2", 4), Payment("p0", "p1", 1), Payment("p0", "p2", 1),
                                  Payment("p0", "p3", 1)]  # fmt: skip
    assert balances(game) == [96, 100, 104, 100]
    assert "the dealer holds a sequence flush too: he pays p3 1" in notes([record])


def test_a_dealer_without_a_sequence_flush_pays_the_winner_only():
    """"If the dealer had no sequence flush, he would pay the winner of the pool only": the
    same deal, the dealer holding a point (9 8 of clubs)."""
    game = game_of(["9C 8C 2D", "2H 4H 6S", "9H 10H JH", "3D 5S KC"])
    (record,) = play(game, Knock())
    assert payments([record]) == [Payment("pool", "p2", 4), Payment("p0", "p2", 1)]


def test_a_point_is_no_combination_the_dealer_pays_the_winner_only():
    """Decision: a point is no combination: when a point wins, the dealer holding a lesser
    point pays the winner only (PLAIN: p1's 21 wins, p0 holds 17)."""
    game = game_of(PLAIN)
    (record,) = play(game, Knock())
    assert [p for p in payments([record]) if p.payer == "p0"] == [Payment("p0", "p1", 1)]


def test_triplets_of_the_dealer_beaten_by_higher_triplets_pay_everyone():
    """The rule holds for every combination: the dealer's three twos lose to p1's three aces:
    he pays p1 and p2."""
    game = game_of(["2C 2D 2S", "AC AD AS", "KH 9H 4D"])
    (record,) = play(game, Knock())
    assert [p for p in payments([record]) if p.payer == "p0"] == [Payment("p0", "p1", 1), Payment("p0", "p2", 1)]
    assert "the dealer holds triplets too: he pays p2 1" in notes([record])


def test_the_dealer_pays_only_what_he_holds():
    """Decision (table stakes): the dealer pays what he holds, to the players in turn from his
    left. p0 starts with 2, deposits 1; his 7 8 9 flush loses to p2's 9 10 J: he pays p1 his
    last counter, p2 nothing more (p2 still takes the pool)."""
    game = new_game("american_commerce", players=3, seed=7, dealer=0,
                    top=stack(["7C 8C 9C", "2D 4H 6S", "9H 10H JH"]), stacks=[2, 100, 100])  # fmt: skip
    (record,) = play(game, Knock())
    assert payments([record]) == [Payment("pool", "p2", 3), Payment("p0", "p1", 1)]
    assert game.cash(0) == 0


# ======================================================================================
# The two other combinations (american_extended)
# ======================================================================================


def test_a_flush_ranks_next_below_the_straight_flush():
    """"A flush, three cards of one suit, ranking next below the straight flush": p2's 2 4 6
    of spades beats p1's point of 21 (A K) under american_extended, loses under american, and
    loses to p0's 2 3 4 sequence flush."""
    hands = ["9C 8C 3D", "AH KH 3S", "2S 4S 6S"]
    assert winner_of(hands) == 1 and winner_of(hands, ranking="american_extended") == 2
    assert winner_of(["2C 3C 4C", "AH KH 3S", "QS KS 9S"], ranking="american_extended") == 0


def test_a_single_pair_outranks_the_point():
    """"and a single pair outranking the point": p2's pair of twos beats p1's 21 under
    american_extended, loses under american."""
    hands = ["9C 8C 3D", "AH KH 3S", "2C 2D 5S"]
    assert winner_of(hands) == 1 and winner_of(hands, ranking="american_extended") == 2


def test_under_american_extended_a_flush_and_a_pair_are_combinations():
    """Decision: under american_extended a flush and a pair are combinations: the dealer's
    pair of twos beaten by p2's pair of fours pays everyone."""
    game = game_of(["2C 2D 9S", "AH 3C 6D", "4C 4D 5S"], ranking="american_extended")
    assert game.observation(1)["ranking"] == "american_extended"
    (record,) = play(game, Knock())
    assert [p for p in payments([record]) if p.payer == "p0"] == [Payment("p0", "p1", 1), Payment("p0", "p2", 1)]


# ======================================================================================
# With a Widow
# ======================================================================================

# p1 a point of 21 (A 10 of hearts), p2 20 (K Q of spades), p0 (the dealer) 17; the widow
# 2C 3C 4C, a sequence flush.
W_HANDS = ["9C 8C 2D", "AH 10H 3S", "KS QS 4D"]
W_WIDOW = "2C 3C 4C"


def test_with_a_widow_three_counters_each_and_each_pays_into_the_pool():
    """"Each player is provided with three counters only, which are of no value" (counters=3);
    decision: "the best hand takes the pool", so each puts the stake in it each deal: 3."""
    game = game_of(W_HANDS, widow=W_WIDOW, counters=3)
    assert balances(game) == [2, 2, 2] and game.ledger.balance("pool") == 3


def test_three_cards_are_dealt_to_each_and_to_the_widow_one_at_a_time():
    """"three cards are dealt to each player and to the widow, face down, and one at a time":
    each round p1, p2, the widow, p0; the widow's cards go down seen by nobody."""
    game = game_of(W_HANDS, widow=W_WIDOW)
    record = first_record(game)
    moves = [(type(e), getattr(e, "seat", None), e.card) for e in record.entries if type(e) in (Dealt, Moved)]
    assert moves[:4] == [(Dealt, 1, c("AH")), (Dealt, 2, c("KS")), (Moved, None, c("2C")), (Dealt, 0, c("9C"))]
    down = [e for e in record.entries if type(e) is Moved and e.source == STOCK]
    assert [(e.card, e.target, e.seen_by) for e in down] == [(x, WIDOW, ()) for x in cards(W_WIDOW)]
    assert sorted(game.widow) == sorted(cards(W_WIDOW))


def test_the_widow_is_turned_face_up_immediately():
    """"The widow is turned face up immediately": seen by every seat and a spectator."""
    game = game_of(W_HANDS, widow=W_WIDOW)
    record = first_record(game)
    up = [e for e in record.entries if type(e) is Moved and e.source == WIDOW]
    assert [(e.card, e.seen_by) for e in up] == [(x, None) for x in cards(W_WIDOW)]
    for seat in (None, 0, 1, 2):
        assert known_at(game, seat, WIDOW) == set(cards(W_WIDOW))
    assert all(sorted(game.observation(s)["widow"]) == sorted(cards(W_WIDOW)) for s in range(3))


def test_the_dealer_has_the_first_say_before_he_looks_at_his_cards():
    """"and the dealer has the first say. Before he looks at the cards he has dealt to himself,
    he may exchange his whole hand for the widow": p0 is to act, may take the widow or keep
    his hand, and has not seen his cards: dealt seen by nobody, his observation holds no hand,
    his encoding no card of his own. Decision: he may not knock at his first say."""
    game = game_of(W_HANDS, widow=W_WIDOW)
    assert game.to_act == 0 and game.observation(0)["first_say"] is True
    assert set(game.legal_actions()) == {TakeWidow(), Pass()}
    mine = [e for e in first_record(game).entries if type(e) is Dealt and e.seat == 0]
    assert [e.seen_by for e in mine] == [(), (), ()]
    assert game.observation(0)["hand"] == () and game.observation(0)["cards"] == (3, 3, 3)
    assert known_at(game, 0, hand_place(0)) == set() and not game.encode(0)[:52].any()
    refused(game, Knock())
    refused(game, Swap(c("9C"), c("2C")))


def test_the_dealer_exchanges_his_whole_hand_for_the_widow():
    """The dealer takes the widow: its cards are his hand (seen by all, face up as they lay),
    his own three go to the table face up as the widow, seen by all; then "the eldest hand has
    the first draw" (decision: whether or not the dealer took the widow)."""
    game = game_of(W_HANDS, widow=W_WIDOW)
    (record,) = play(game, TakeWidow())
    assert sorted(game.hands[0]) == sorted(cards(W_WIDOW)) and sorted(game.widow) == sorted(cards(W_HANDS[0]))
    assert all(e.seen_by is None for e in entries_of([record], Moved))
    for seat in (None, 1, 2):
        assert known_at(game, seat, WIDOW) == set(cards(W_HANDS[0]))
        assert known_at(game, seat, hand_place(0)) == set(cards(W_WIDOW))
    assert sorted(game.observation(0)["hand"]) == sorted(cards(W_WIDOW))
    assert game.to_act == 1 and game.observation(1)["first_say"] is False


def test_otherwise_the_eldest_hand_has_the_first_draw():
    """The dealer keeps his hand: now he looks at it (shown to him alone); the eldest hand has
    the first draw."""
    game = game_of(W_HANDS, widow=W_WIDOW)
    (record,) = play(game, Pass())
    (look,) = entries_of([record], Shown)
    assert (look.seat, sorted(look.cards), look.seen_by) == (0, sorted(cards(W_HANDS[0])), (0,))
    assert sorted(game.observation(0)["hand"]) == sorted(cards(W_HANDS[0]))
    assert known_at(game, 0, hand_place(0)) == set(cards(W_HANDS[0]))
    assert known_at(game, 1, hand_place(0)) == set()
    assert [e.cards for e in game.events(1)[-1].entries if type(e) is Shown] == [(None, None, None)]
    assert game.to_act == 1 and game.observation(0)["shown"] == {}


def test_no_other_player_may_exchange_his_whole_hand_but_each_may_draw_one_card():
    """"No other player may exchange his whole hand, but each in turn may draw one card until
    some player knocks": p1 may knock or swap one of his cards for one of the widow's (both
    face up, seen by all); no taking the widow, no ready money, no barter, no pass (decision)."""
    game = game_of(W_HANDS, widow=W_WIDOW)
    play(game, Pass())
    assert kinds(game) == {Knock, Swap} and len(game.legal_actions()) == 1 + 9
    refused(game, TakeWidow())
    refused(game, Pass())
    refused(game, Buy(c("3S")))
    (record,) = play(game, Swap(c("3S"), c("4C")))
    assert sorted(game.hands[1]) == sorted(cards("AH 10H 4C")) and sorted(game.widow) == sorted(cards("2C 3C 3S"))
    assert [(e.card, e.seen_by) for e in entries_of([record], Moved)] == [(c("4C"), None), (c("3S"), None)]
    assert game.to_act == 2


def test_the_dealer_draws_in_his_turn_like_the_others():
    """Decision: having taken the widow (or not), the dealer draws one card in his turn."""
    game = game_of(W_HANDS, widow=W_WIDOW)
    play(game, TakeWidow(), Swap(c("3S"), c("9C")), Swap(c("4D"), c("8C")))
    assert game.to_act == 0 and kinds(game) == {Knock, Swap}


def test_the_moment_any_player_knocks_all_drawing_ceases():
    """"The moment any player knocks, all drawing must cease, and the hands are shown at once."""
    game = game_of(W_HANDS, widow=W_WIDOW)
    play(game, Pass())
    (record,) = play(game, Knock())
    assert [s.seat for s in entries_of([record], Shown)] == [1, 2, 0] and game.is_over


def test_the_best_hand_takes_the_pool_and_the_dealer_makes_no_extra_payments():
    """"the best hand takes the pool. The dealer makes no extra payments, as he has no
    perquisites": p1's 21 takes the pool of 3; the dealer pays nothing more."""
    game = game_of(W_HANDS, widow=W_WIDOW, counters=3)
    (_, record) = play(game, Pass(), Knock())
    assert payments([record]) == [Payment("pool", "p1", 3)]
    assert balances(game) == [2, 5, 2]


def test_with_a_widow_the_dealer_at_equal_rank_pays_nobody():
    """"The dealer makes no extra payments": the dealer keeps his 7 8 9 sequence flush, p1
    draws the ace of hearts to Q K A, a higher one, and takes the pool: the dealer pays nobody."""
    game = game_of(["7C 8C 9C", "QH KH 3S", "2D 4S 6D"], widow="AH 5D 8S", counters=3)
    play(game, Pass(), Swap(c("3S"), c("AH")))
    (record,) = play(game, Knock())
    assert payments([record]) == [Payment("pool", "p1", 3)]


def test_with_a_widow_ties_go_to_the_dealer_too():
    """"as already described": p0 and p1 both hold 21 on two cards: the dealer wins."""
    game = game_of(["AC KC 2D", "AH KH 3S", "9S 8S 4D"], widow=W_WIDOW, counters=3)
    (_, record) = play(game, Pass(), Knock())
    assert payments([record]) == [Payment("pool", "p0", 3)]


def test_the_first_player_to_lose_his_counters_pays_for_the_whiskey():
    """"The first player to lose his three counters pays for the whiskey": until="first_out";
    p2 holds his last counter and loses it: the session is over, p2 pays for the whiskey (a
    note, and the observation's ``whiskey``)."""
    game = new_game("american_commerce", players=3, seed=7, dealer=0, widow=True, until="first_out",
                    counters=3, stacks=[3, 3, 1], top=stack(W_HANDS, 0, W_WIDOW))  # fmt: skip
    assert game.observation(1)["whiskey"] is None
    (_, record) = play(game, Pass(), Knock())
    assert "p2 is the first to lose all his counters: he pays for the whiskey" in notes([record])
    assert game.is_over and game.observation(0)["whiskey"] == 2 and balances(game) == [2, 5, 0]


def test_two_frozen_out_together_the_worst_hand_pays():
    """"and if two or more are frozen out at the same time, the one with the worst hand pays":
    p1 and p2 lose their last counters together to p0's 21; p2 (three suits, no point) holds
    a worse hand than p1 (17), though p1 is nearer the dealer's left."""
    top = stack(["AC KC 2D", "9H 8H 3S", "4S 3D 6C"], 0, W_WIDOW)
    game = new_game("american_commerce", players=3, seed=7, dealer=0, widow=True, until="first_out",
                    counters=3, stacks=[3, 1, 1], top=top)  # fmt: skip
    (_, record) = play(game, Pass(), Knock())
    assert game.is_over and game.observation(0)["whiskey"] == 2
    assert "p2 is the first to lose all his counters: he pays for the whiskey" in notes([record])


def test_freeze_out_the_decave_retire_until_one_holds_every_counter():
    """"The game is sometimes varied by playing freeze-out, a value being attached to the three
    counters, and players who are decavé retiring from the game until all the counters have
    been won by a single player": until="freeze_out": p2 goes out and retires (the whiskey is
    still his), the next deal is p1's with p0 and p1 only; the session goes on."""
    game = new_game("american_commerce", players=3, seed=7, dealer=0, widow=True, until="freeze_out",
                    counters=3, stacks=[3, 3, 1], top=stack(W_HANDS, 0, W_WIDOW))  # fmt: skip
    play(game, Pass(), Knock())
    assert not game.is_over and game.deal_number == 2 and game.dealer == 1
    assert game.observation(0)["out"] == (2,) and game.observation(0)["whiskey"] == 2
    assert game.to_act == 1 and game.hands[2] == []
    for _ in range(2000):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    assert game.is_over and sorted(balances(game)) == [0, 0, 7]


def test_the_whiskey_lasts_the_session_and_a_snapshot():
    """The whiskey payer is kept from deal to deal and in a snapshot; a tampered one is refused."""
    game = new_game("american_commerce", players=3, seed=7, dealer=0, widow=True, until="freeze_out",
                    counters=3, stacks=[3, 3, 1], top=stack(W_HANDS, 0, W_WIDOW))  # fmt: skip
    play(game, Pass(), Knock())
    doc = game.to_dict()
    assert doc["deal"]["game"] == {"whiskey": 2}
    assert AmericanCommerce.from_dict(doc).observation(1)["whiskey"] == 2
    for wrong in (None, 0):
        bad = {**doc, "deal": {**doc["deal"], "game": {"whiskey": wrong}}}
        with pytest.raises(StateError):
            AmericanCommerce.from_dict(bad)


def test_a_snapshot_in_the_dealers_first_say_restores_his_blindness():
    """A snapshot taken before the dealer's first say loads to the same position: his hand
    still unseen by him."""
    game = game_of(W_HANDS, widow=W_WIDOW)
    twin = AmericanCommerce.from_dict(game.to_dict())
    assert twin.observation(0) == game.observation(0) and twin.observation(0)["hand"] == ()


# ======================================================================================
# Bounds and illegal actions
# ======================================================================================


def test_max_decisions_holds_every_player_to_knock():
    """The bound on decisions (docs/rules.md 6.1): max_decisions=1, p1 offers a card in
    barter: the bound is reached, the card goes back, the hands are shown, the deal is
    truncated and settled as usual (p1 wins the pool; the dealer pays him)."""
    game = game_of(PLAIN, max_decisions=1)
    (record,) = play(game, Barter(c("3S")))
    assert "the bound on decisions is reached: every player is held to stand" in notes([record])
    assert sorted(game.hands[1]) == sorted(cards(PLAIN[1]))
    assert game.is_over and game.truncated
    assert payments([record]) == [Payment("pool", "p1", 3), Payment("p0", "p1", 1)]
    (ended,) = entries_of([record], DealEnded)
    assert ended.truncated and ended.rewards == (-2, 3, -1)


def test_the_turn_bound_holds_the_player_whose_turn_comes_to_knock():
    """The turn bound (max_turns=2): the third turn's player, p0, is held to knock at once."""
    game = game_of(PLAIN, then="5H 6H", max_turns=2)
    (_, record) = play(game, Buy(c("3S")), Buy(c("4D")))
    assert "the bound on turns is reached: p0 is held to stand" in notes([record]) and game.is_over


def test_illegal_actions_raise_and_change_nothing():
    """Out of turn, a card not held, a give with no barter, a widow action without a widow."""
    game = game_of(PLAIN)
    for action in (Buy(c("9C")), Barter(c("KS")), Give(c("3S")), Swap(c("3S"), c("2C")), TakeWidow(), Pass()):
        refused(game, action)
    play(game, Barter(c("3S")))
    for action in (Give(c("3S")), Buy(c("KS")), Barter(c("KS")), Give(c("AH"))):
        refused(game, action)
    play(game, Give(c("KS")))
    refused(game, TakeWidow())
    play(game, Knock())
    refused(game, Knock())
