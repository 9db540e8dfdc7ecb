"""English Commerce, the modern game: a test for every paragraph of seed
``002_93c3d51ac699f33f.txt`` ("COMMERCE") the driver plays, and for every decision of
docs/rules.md 6.4 it takes.

Cards are stacked (``top=``): one card at a time to each seat from the dealer's left,
then the stock (the cards bought for ready money come off it in order).
"""

from __future__ import annotations

import pytest
from poker_laws import play, stack

from pycards.cards import parse
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import new_game
from pycards.games.engine.events import Moved, Note, Shown
from pycards.games.engine.exchange_table import STOCK, Barter, Buy, Give, Pass, Stand, offered

# Hands by strength under the English ranking (docs/rules.md 3.1).
TRICON, SEQUENCE, FLUSH = "7C 7D 7H", "9S 10S JS", "2D 6D KD"
PAIR, POINT_HIGH, POINT_LOW = "5S 5H 9C", "AC KH 9D", "2C 3S 6H"


def game_of(hands: list[str], dealer: int = 0, draws: str = "", **options) -> object:
    options.setdefault("counters", 20)
    return new_game("commerce", players=len(hands), seed=1, dealer=dealer, top=stack(hands, dealer, draws),
                    **options)  # fmt: skip


def card(text: str) -> int:
    (value,) = parse(text)
    return value


def balances(game) -> list[int]:
    return [game.cash(s) for s in range(game.players)]


def notes(records) -> list[str]:
    return [e.text for r in records for e in r.entries if type(e) is Note]


# -- the stakes and the deal ----------------------------------------------------------------------


def test_each_player_pays_the_stake_into_the_pool_the_dealer_double():
    """"Each of the players then pays the amount of the stake into the pool, the dealer also
    contributing on account of his deal, so that he has to pay double.\""""
    game = game_of([POINT_LOW, PAIR, FLUSH], stake=2)
    assert game.ledger.balance("pool") == 8
    assert balances(game) == [16, 18, 18]


def test_three_cards_are_dealt_to_each_face_downwards_and_unexposed():
    """"three cards are distributed to each player, face downwards and unexposed.\""""
    game = game_of([POINT_LOW, PAIR, FLUSH])
    assert game.hands == [list(parse(h)) for h in (POINT_LOW, PAIR, FLUSH)]
    seen = game.observation(1)
    assert sorted(seen["hand"]) == sorted(parse(PAIR)) and seen["up"] == {} and seen["cards"] == (3, 3, 3)
    assert set(game.knowledge(1).places) == set(parse(PAIR))


def test_the_eldest_must_trade_or_stand_and_may_not_pass():
    """"the dealer first addresses the one on his left-hand side, and asks if he will trade;
    and he must either do so or stand on the cards dealt him.\""""
    game = game_of([POINT_LOW, PAIR, FLUSH])
    assert game.to_act == 1
    legal = game.legal_actions()
    assert legal[0] == Stand()
    assert {type(a) for a in legal} == {Stand, Buy, Barter}
    assert sorted(a.card for a in legal if type(a) is Buy) == sorted(parse(PAIR))


# -- ready money ------------------------------------------------------------------------------------


def test_ready_money_pays_a_stake_to_the_dealer_and_the_discard_goes_to_the_bottom_unseen():
    """"he throws out a card from his hand, pays a stake to the dealer, and receives the top
    card from the pack; his rejected card being placed at the bottom of the pack without
    being exposed.\""""
    game = game_of([POINT_LOW, PAIR, FLUSH], draws="5D")
    before = balances(game)
    record = game.apply(Buy(card("9C")))
    assert balances(game) == [before[0] + 1, before[1] - 1, before[2]]
    assert sorted(game.hands[1]) == sorted(parse("5S 5H 5D"))
    assert game.pack.stock[0] == card("9C")  # at the bottom: dealt last
    moved = [e for e in record.entries if type(e) is Moved]
    assert moved == [Moved(card("9C"), moved[0].source, STOCK, (1,))]
    for other in (0, 2, None):
        assert all(e.card is None for e in record.view(other).entries if type(e) in (Moved,))
    assert game.to_act == 2  # "one card at each turn": the turn passes


def test_the_dealer_trading_for_ready_money_pays_nobody():
    """The stake for ready money is the dealer's own: trading with himself, he pays nothing."""
    game = game_of([POINT_LOW, PAIR, FLUSH], draws="5D 4D 3D")
    play(game, Buy(card("9C")), Buy(card("KD")))
    before = balances(game)
    game.apply(Buy(card("2C")))
    assert balances(game) == before


def test_a_player_without_the_stake_may_not_trade_for_ready_money():
    """Decision: ready money is offered only to a player who can pay the stake."""
    game = new_game("commerce", players=3, seed=1, dealer=0, stacks=[20, 1, 20],
                    top=stack([POINT_LOW, PAIR, FLUSH], 0))  # fmt: skip
    assert game.cash(1) == 0
    assert not any(type(a) is Buy for a in game.legal_actions())
    with pytest.raises(IllegalActionError):
        game.apply(Buy(card("9C")))


# -- barter ---------------------------------------------------------------------------------------------


def test_barter_offers_a_card_to_the_left_who_gives_one_before_seeing_it():
    """"he turns to the player on his left-hand side and offers a card, which must be
    exchanged for one of those in the next player's hand" (decision: he gives before seeing
    it, as the American text says); each card is then seen by the two alone."""
    game = game_of([POINT_LOW, PAIR, FLUSH])
    record = game.apply(Barter(card("9C")))
    assert game.to_act == 2 and game.observation(2)["offer"] == (1, 2)
    assert card("9C") not in game.observation(2)["hand"]
    assert card("9C") not in game.knowledge(2).places  # not seen before he gives
    assert record.view(2).entries[0] == Moved(None, record.entries[0].source, offered(1), (1,))
    assert game.legal_actions() == [Stand(), *(Give(c) for c in game.hands[2])]
    answer = game.apply(Give(card("KD")))
    assert sorted(game.hands[1]) == sorted(parse("5S 5H KD"))
    assert sorted(game.hands[2]) == sorted(parse("2D 6D 9C"))
    assert [e.card for e in answer.view(0).entries if type(e) is Moved] == [None, None]
    assert [e.card for e in answer.view(1).entries if type(e) is Moved] == [card("KD"), card("9C")]
    assert game.knowledge(1).where(card("9C"))[0].seat == 2  # the giver knows where his card went


def test_after_a_barter_the_receiver_takes_his_own_turn():
    """"If he exchanges, he takes up the offered card, and then has the privilege of trading"
    (decision, after the American text): the receiver's turn follows."""
    game = game_of([POINT_LOW, PAIR, FLUSH])
    play(game, Barter(card("9C")), Give(card("KD")))
    assert game.to_act == 2 and game.observation(2)["offer"] is None
    assert Stand() in game.legal_actions()


def test_the_receiver_may_stand_instead_and_the_hands_are_shown():
    """"unless that player considers his cards sufficiently strong to stand upon, in which
    case the winner is decided by the method just described": the card offered goes back."""
    game = game_of([POINT_LOW, PAIR, FLUSH])
    game.apply(Barter(card("9C")))
    record = game.apply(Stand())
    assert game.deal_number == 2 or game.is_over
    shown = {e.seat: sorted(e.cards) for e in record.entries if type(e) is Shown}
    assert shown[1] == sorted(parse(PAIR))  # the offered card came back before the show
    assert game.rewards()[2] > 0  # the flush takes the pool


# -- standing and the show --------------------------------------------------------------------------------


def test_the_first_to_stand_ends_the_commerce_and_all_hands_are_exposed():
    """"When once a player agrees to stand, the commerce on that round ceases, and all the
    hands must be exposed.\""""
    game = game_of([POINT_LOW, FLUSH, PAIR])
    record = game.apply(Stand())
    assert sorted(e.seat for e in record.entries if type(e) is Shown) == [0, 1, 2]
    assert all(all(c is not None for c in e.cards) for e in record.view(0).entries if type(e) is Shown)


def test_the_best_hand_takes_the_pool_and_a_stake_from_the_dealer():
    """"the holder of the best hand takes the amount in the pool, and also receives the
    amount of a stake from the dealer\""""
    game = game_of([POINT_LOW, FLUSH, PAIR], stake=2)
    game.apply(Stand())  # p1 stands with the best hand
    assert game.rewards() == {0: -6, 1: 8, 2: -2}  # the pool of 8 (net +6) and 2 from the dealer


def test_the_dealer_holding_the_best_hand_pays_himself_nothing():
    game = game_of([TRICON, FLUSH, PAIR])
    game.apply(Stand())  # p1 stands and the dealer's tricon beats him: he pays the dealer a stake
    assert game.rewards() == {0: 2 + 1, 1: -1 - 1, 2: -1}


def test_a_stander_beaten_pays_a_stake_to_each_better_hand():
    """"Should the player who declares to stand be beaten by any of the others, he has to pay
    an additional stake to the holders of the better hands": two better hands, two stakes."""
    game = game_of([PAIR, POINT_LOW, FLUSH, TRICON])
    game.apply(Stand())  # p1 stands on the worst hand: p0's pair, p2's flush, p3's tricon beat him
    rewards = game.rewards()
    assert rewards[1] == -1 - 3  # his stake, and one to each of the three better hands
    assert rewards[0] == -2 + 1 - 1  # the dealer: double stake, a stake from the stander, one to the winner
    assert rewards[3] == 5 - 1 + 1 + 1  # the pool of 5, a stake from the dealer, one from the stander


def test_equal_best_hands_share_the_pool_and_each_is_paid_a_stake_by_the_dealer():
    """Law 76 (docs/rules.md 5): equal best hands share the pool, the odd counter to the first
    from the dealer's left; decision: the dealer pays each of them a stake."""
    game = game_of([POINT_LOW, "7C 8C 9C", "7D 8D 9D"])
    game.apply(Stand())
    assert game.rewards() == {0: -4, 1: 2, 2: 2}  # a pool of 4: 2 each (net +1), and a stake each


# -- the variations ------------------------------------------------------------------------------------


@pytest.mark.parametrize("how, rewards", [("every_player", {0: -2 - 1 - 2, 1: 3 + 1 + 1, 2: -1 + 1}),
                                          ("better_hands", {0: -2 - 1 - 1, 1: 3 + 1 + 1, 2: -1})])  # fmt: skip
def test_penalties_for_the_dealer(how, rewards):
    """"when the dealer holds a Tricon, Sequence, Flush, or Pair, and his hand is beaten by
    either of the others, he has to pay the amount of a stake to each player, or only to
    those who have better hands than his.\""""
    game = game_of([PAIR, TRICON, POINT_LOW], dealer_penalty=how)
    game.apply(Stand())
    assert game.rewards() == rewards


def test_no_penalty_for_a_dealer_holding_only_a_point():
    game = game_of([POINT_HIGH, TRICON, POINT_LOW], dealer_penalty="every_player")
    game.apply(Stand())
    assert game.rewards() == {0: -3, 1: 4, 2: -1}


def test_extended_commerce_goes_on_until_all_have_stood():
    """"extended until all the players are satisfied": a stander's turn is passed over, and
    the first to stand is the one who "declares to stand" (decision)."""
    game = game_of([PAIR, POINT_LOW, FLUSH], extended=True, draws="4C")
    play(game, Stand())  # p1, the worst hand, stands first
    assert game.to_act == 2 and not game.observation(2)["shown"]
    play(game, Buy(card("2D")), Stand())  # p2 trades; the dealer stands
    assert game.to_act == 2  # p1 and p0 stood: p2 alone goes on
    record = game.apply(Stand())
    assert any(type(e) is Shown for e in record.entries)
    assert game.rewards()[1] == -1 - 2  # the first stander pays both better hands


@pytest.mark.parametrize("hands, dealer_after", [([POINT_LOW, PAIR, POINT_HIGH], 0),
                                                  ([POINT_LOW, PAIR, FLUSH], 1)])  # fmt: skip
def test_continuous_dealing_keeps_the_dealer_until_a_tricon_sequence_or_flush_is_shown(hands, dealer_after):
    """"allow the same dealer to remain in until one of the players secures a Tricon,
    Sequence, or Flush, when the deal passes to the next player, on the left-hand side.\""""
    game = new_game("commerce", players=3, seed=1, dealer=0, deals=2, continuous=True, top=stack(hands, 0))
    game.apply(Stand())
    assert game.dealer == dealer_after


def test_without_continuous_dealing_the_deal_passes_to_the_left():
    game = new_game("commerce", players=3, seed=1, dealer=0, deals=2, top=stack([POINT_LOW, PAIR, POINT_HIGH], 0))
    game.apply(Stand())
    assert game.dealer == 1


def test_the_short_pack_of_thirty_two_cards_for_up_to_seven_players():
    """"if the number of players does not exceed seven the smaller pack of thirty-two may be
    used ... seven with the thirty-two cards, and twelve with the fifty-two.\""""
    game = new_game("commerce", players=7, seed=3, short_pack=True)
    assert len(game.pack.cards) == 32 and min(c for h in game.hands for c in h) >= 20
    with pytest.raises(GameOptionError, match="32-card pack is for up to 7 players"):
        new_game("commerce", players=8, short_pack=True)
    assert new_game("commerce", players=12).players == 12
    with pytest.raises(GameOptionError):
        new_game("commerce", players=13)


@pytest.mark.parametrize("ranking, winner", [("english", 1), ("limited", 2)])
def test_limited_commerce_scores_a_pair_as_a_point(ranking, winner):
    """LIMITED COMMERCE: "only the Tricon, Sequence, Flush, and Point shall be recognised":
    a pair of fives with a nine (19 pips) loses to a point of 30."""
    game = game_of([POINT_LOW, PAIR, POINT_HIGH], ranking=ranking)
    game.apply(Stand())
    assert max(game.rewards(), key=game.rewards().get) == winner


# -- the bounds and hostile input ---------------------------------------------------------------------------


def test_at_the_turn_bound_the_player_whose_turn_comes_is_held_to_stand():
    """docs/rules.md 6.1: at ``max_turns`` the player to act is held to have stood."""
    game = game_of([POINT_LOW, PAIR, FLUSH], max_turns=2, draws="4C 4S")
    records = play(game, Buy(card("9C")), Buy(card("KD")))
    assert any("held to stand" in n for n in notes(records))
    assert game.rewards()[0] < 0 and game.deal_number == 1 and game.is_over


def test_max_decisions_holds_everyone_to_stand_and_takes_back_a_card_offered():
    game = game_of([POINT_LOW, PAIR, FLUSH], max_decisions=1)
    record = game.apply(Barter(card("9C")))
    assert game.truncated and game.is_over
    assert sorted(next(e.cards for e in record.entries if type(e) is Shown and e.seat == 1)) == sorted(parse(PAIR))


@pytest.mark.parametrize("action", [Buy(card("AS")), Give(card("5S")), Pass(), Barter(True), Barter(52)],
                         ids=["a card not held", "no barter to answer", "no pass at Commerce", "a bool", "no card"])
def test_an_illegal_action_raises_and_changes_nothing(action):
    game = game_of([POINT_LOW, PAIR, FLUSH])
    before = game.to_dict()
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert game.to_dict() == before
