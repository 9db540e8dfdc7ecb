"""One test per sentence of My Ship Sails (``my_ship_sails``) and per decision it takes.

The rules are the paragraph "Another variety of Commerce is variously known as My Ship Sails;
or My Bird Sings" of seed ``004_7d6a6396833e304f.txt``, "COMMERCE"; docs/rules.md sections
3.4 (the ``ship`` evaluator: a flush by its pips beats any other hand, else the best two-card
flush by its pips, none worth 0), 5 (every counter accounted for), 6.1 (what a player sees,
the deal passing left, the bounds) and 6.4 (ties to the elder hand, by seat). The driver's
own decisions (its module docstring): each player puts ``stake`` into the pool each deal (the
dealer no more), all he has if less; a player may let his turn go (``Pass``), which does not
debar him; the receiver of a barter must give a card (no stand); "My Ship Sails" is said
automatically by every holder of a flush, after the deal and after every exchange; two rounds
are two turns a player; a tie at nothing goes to the eldest hand.

Every deal is played through the public protocol. The first deal's cards are stacked with
``top=`` (:func:`poker_laws.stack`: one card at a time to each seat from the dealer's left).
Every expected number is worked out by hand in the docstrings.

Table: three players (unless told), dealer p0 (so the order from the dealer's left is p1, p2,
p0: p1 is the eldest hand), stake 1, 100 counters each, one deal.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from poker_laws import balances, cards_seen, entries, payments, pool, says, stack

from pycards.cards import parse
from pycards.errors import IllegalActionError
from pycards.games import new_game
from pycards.games.engine.events import DealEnded, Dealt, Moved, Note, Shown
from pycards.games.engine.exchange_table import Barter, Give, Knock, Pass, Stand
from pycards.settlement import Payment

# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def card(text: str) -> int:
    return parse(text)[0]


def game_of(hands: Sequence[str], dealer: int = 0, seed: int = 0, **options):
    """A session of My Ship Sails dealing ``hands[seat]`` to each seat (stake 1, 100 counters,
    one deal unless told)."""
    terms = {"stake": 1, "counters": 100, "deals": 1, **options}
    return new_game("my_ship_sails", players=len(hands), seed=seed, dealer=dealer, top=stack(hands, dealer),
                    **terms)  # fmt: skip


def one_suit(cards: list[int], less: int) -> bool:
    """Whether ``cards`` without ``less`` are of one suit (a flush)."""
    return len({c & 3 for c in cards if c != less}) == 1


def notes(game) -> list[str]:
    return [e.text for e in entries(game.history(), Note)]


def sails(game) -> list[str]:
    """The notes of "My Ship Sails" said."""
    return [n for n in notes(game) if "My Ship Sails" in n]


def pool_taker(game) -> list[Payment]:
    return [p for p in payments(game.history()) if p.payer == "pool"]


def shown_hands(game) -> dict[int, tuple[int, ...]]:
    return {e.seat: e.cards for e in entries(game.history(), Shown)}


def unchanged_on_illegal(game, action) -> None:
    """``action`` raises IllegalActionError and leaves the game as it was."""
    before = game.to_dict()
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert game.to_dict() == before


# Three hands without a flush and without any two-card flush improving to one by a pass:
# p1 AH KH 2C (two hearts, 21), p2 QS 5S AD (two spades, 15; 26 pips in all), p0 9C 3D 4S
# (no two cards of a suit: 0).
PLAIN = ["9C 3D 4S", "AH KH 2C", "QS 5S AD"]


# ======================================================================================
# The counters and the pool
# ======================================================================================


def test_the_counters_have_a_money_value_and_three_are_given_to_each_player():
    """"The counters have a money value, and three are given to each player": ``counters=3``
    (the family's default is 100). Each player pays 1 into the pool: 2 left each, pool 3; p1's
    two hearts (21) win it: p1 5, p2 and p0 2."""
    game = game_of(PLAIN, counters=3)
    assert balances(game) == [2, 2, 2] and pool(game) == 3
    says(game, *[Pass()] * 6)
    assert game.is_over and balances(game) == [2, 5, 2] and pool(game) == 0
    assert game.payoffs() == {0: -1, 1: 2, 2: -1}
    assert new_game("my_ship_sails", players=3).options.counters == 100


def test_each_player_puts_the_stake_into_the_pool_the_dealer_no_more():
    """Decision: every player dealt in puts ``stake`` into the pool, from the dealer's left, the
    dealer the same as the others (he has no perquisites in this game). Four players, stake 2,
    dealer p0: p1, p2, p3, p0 pay 2 each; pool 8."""
    game = new_game("my_ship_sails", players=4, seed=5, dealer=0, stake=2)
    first = next(iter(game.history()))
    assert payments([first]) == [Payment(f"p{s}", "pool", 2) for s in (1, 2, 3, 0)]
    assert pool(game) == 8 and balances(game) == [98] * 4
    assert game.observation(2)["stake"] == 2 and game.observation(2)["pool"] == 8


def test_a_player_holding_less_than_the_stake_pays_all_he_has():
    """Decision (table stakes): p1 holds 1 counter, stake 3: he pays his 1; pool 3 + 1 + 3 = 7."""
    game = new_game("my_ship_sails", players=3, seed=5, dealer=0, stake=3, stacks=[100, 1, 100])
    assert balances(game) == [97, 0, 97] and pool(game) == 7


# ======================================================================================
# The deal
# ======================================================================================


def test_three_cards_are_dealt_face_down_and_one_at_a_time_there_is_no_widow():
    """"Three cards are dealt, face down, and one at a time. There is no widow." One card to
    each from the dealer's left (p1, p2, p0), three rounds; each card seen by its holder
    alone; no widow; 52 - 9 = 43 cards in the stock."""
    game = game_of(PLAIN)
    dealt = entries(game.history(), Dealt)
    assert [(e.seat, e.card) for e in dealt] == [
        (1, card("AH")), (2, card("QS")), (0, card("9C")),
        (1, card("KH")), (2, card("5S")), (0, card("3D")),
        (1, card("2C")), (2, card("AD")), (0, card("4S")),
    ]  # fmt: skip
    assert all(e.seen_by == (e.seat,) for e in dealt)
    for seat in range(3):
        assert cards_seen(game, seat) == set(parse(PLAIN[seat]))
        obs = game.observation(seat)
        assert obs["widow"] == () and obs["widow_cards"] == 0 and obs["stock"] == 43
    assert cards_seen(game, None) == set()
    assert game.widow == []


# ======================================================================================
# The exchanges
# ======================================================================================


def test_the_eldest_hand_may_exchange_one_card_with_the_player_on_his_left():
    """"The eldest hand may then exchange one card with the player on his left": p1 (the eldest)
    offers one of his three cards (or lets his turn go); p2, on his left, is to answer."""
    game = game_of(PLAIN)
    assert game.to_act == 1
    assert game.legal_actions() == [Pass(), *[Barter(c) for c in parse("AH KH 2C")]]
    game.apply(Barter(card("2C")))
    assert game.to_act == 2 and game.observation(0)["offer"] == (1, 2)
    game.apply(Give(card("AD")))
    assert sorted(game.hands[1]) == sorted(parse("AH KH AD"))
    assert sorted(game.hands[2]) == sorted(parse("QS 5S 2C"))


def test_who_must_give_his_card_and_may_not_refuse():
    """"... who must give his card before seeing the one he is to receive": the receiver's
    only choices are his own three cards (no stand, no pass)."""
    game = game_of(PLAIN)
    game.apply(Barter(card("2C")))
    assert game.legal_actions() == [Give(c) for c in parse("QS 5S AD")]
    for refusal in (Pass(), Stand(), Knock(), Barter(card("QS"))):
        unchanged_on_illegal(game, refusal)


def test_the_receiver_gives_his_card_before_seeing_the_one_offered():
    """The card offered lies face down: until p2 has given his card, neither his observation,
    his events nor his knowledge hold it (p1 alone sees it go); it is the card p2 receives."""
    game = game_of(PLAIN)
    offered = card("2C")
    game.apply(Barter(offered))
    for seat in (2, 0, None):
        assert offered not in cards_seen(game, seat)
        assert offered not in game.knowledge(seat).seen
    obs = game.observation(2)
    assert offered not in obs["hand"]
    assert all(offered not in cards for cards in obs["knowledge"].values())
    assert offered in game.knowledge(1).seen
    game.apply(Give(card("5S")))
    assert offered in game.observation(2)["hand"]


def test_the_card_passed_in_barter_is_seen_by_giver_and_receiver_only():
    """Each card passed is seen by its giver and its receiver (docs/rules.md 6.1): the 2C p1
    offers and the 5S p2 gives are seen by p1 and p2, by neither p0 nor a spectator."""
    game = game_of(PLAIN)
    offered, given = card("2C"), card("5S")
    game.apply(Barter(offered))
    game.apply(Give(given))
    moves = [e for e in entries(game.history(), Moved) if e.card in (offered, given)]
    assert moves and all(e.seen_by in ((1,), (1, 2)) for e in moves)
    for seat in (1, 2):
        assert {offered, given} <= game.knowledge(seat).seen
    for seat in (0, None):
        assert not {offered, given} & game.knowledge(seat).seen
        assert not {offered, given} & cards_seen(game, seat)
        assert all(e.card is None for e in entries(game.events(seat), Moved))


def test_the_exchange_goes_round_to_the_left():
    """"The exchange goes round to the left": after p1's exchange with p2, p2 offers to p0;
    then the dealer p0 offers to p1, the eldest. Who acts: p1, p2 (gives), p2, p0 (gives),
    p0, p1 (gives)."""
    game = game_of(PLAIN)
    seats = says(game, Barter(card("2C")), Give(card("AD")), Barter(card("2C")), Give(card("9C")),
                 Barter(card("2C")), Give(card("AD")))  # fmt: skip
    assert seats == [1, 2, 2, 0, 0, 1]
    assert game.to_act == 1 and game.observation(1)["offer"] is None


def test_a_player_may_let_his_turn_go_without_being_debarred():
    """Decision: "may then exchange" lets a player pass his turn (``Pass``); he is not debarred:
    he must still give a card when one is offered him, and may exchange on his next turn."""
    game = game_of(PLAIN)
    game.apply(Pass())
    assert game.to_act == 2
    game.apply(Pass())
    game.apply(Barter(card("4S")))  # the dealer offers to p1, who passed
    assert game.to_act == 1 and game.legal_actions() == [Give(c) for c in parse("AH KH 2C")]
    game.apply(Give(card("2C")))
    assert game.to_act == 1 and Barter(card("4S")) in game.legal_actions()
    assert game.observation(0)["passed"] == (1, 2)


# ======================================================================================
# "My Ship Sails"
# ======================================================================================


def test_my_ship_sails_declared_by_the_receiver_of_an_exchange():
    """"The moment any player finds himself with a flush ... whether dealt to him, or made by
    exchange, he says: "My Ship Sails;" and all exchange is stopped, and the hands are shown."
    p1 offers the 7H; p2 (KH QH 2S) gives the 2S for it: p2 now holds KH QH 7H, a flush, and
    says "My Ship Sails" though he made the flush as the receiver, not on his turn. The
    exchange stops, every hand is shown, p2 takes the pool of 3: p2 102, p1 and p0 99."""
    game = game_of(["9C 3D 4S", "AC 7H 2D", "KH QH 2S"])
    game.apply(Barter(card("7H")))
    game.apply(Give(card("2S")))
    assert sails(game) == ['p2 says "My Ship Sails"']
    assert game.is_over and game.to_act is None
    assert shown_hands(game) == {1: tuple(game.hands[1]), 2: tuple(game.hands[2]), 0: tuple(game.hands[0])}
    assert sorted(shown_hands(game)[2]) == sorted(parse("KH QH 7H"))
    assert pool_taker(game) == [Payment("pool", "p2", 3)]
    assert balances(game) == [99, 99, 102] and game.rewards() == {0: -1, 1: -1, 2: 2}


def test_my_ship_sails_declared_by_the_player_who_made_his_flush_on_his_turn():
    """The offerer too: p1 (9S 8S 2D) offers the 2D; p2 gives the 10S: p1 holds 10S 9S 8S and
    says "My Ship Sails"; the exchange stops before p2's turn."""
    game = game_of(["9C 3D 4H", "9S 8S 2D", "10S QH 2C"])
    game.apply(Barter(card("2D")))
    game.apply(Give(card("10S")))
    assert sails(game) == ['p1 says "My Ship Sails"']
    assert game.is_over and pool_taker(game) == [Payment("pool", "p1", 3)]


def test_one_exchange_may_make_two_flushes_both_declared():
    """p1 (AC KC 5H) offers the 5H; p2 (QH JH 2C) gives the 2C: p1 holds AC KC 2C (23) and p2
    QH JH 5H (25): both say "My Ship Sails" (from the eldest), and p2's greater pips win."""
    game = game_of(["9D 3D 4S", "AC KC 5H", "QH JH 2C"])
    game.apply(Barter(card("5H")))
    game.apply(Give(card("2C")))
    assert sails(game) == ['p1 says "My Ship Sails"; p2 says "My Ship Sails"']
    assert pool_taker(game) == [Payment("pool", "p2", 3)]


def test_a_flush_dealt_declares_before_any_exchange():
    """"... whether dealt to him": the dealer p0 is dealt 2C 3C 5C, a flush. He says "My Ship
    Sails" at once: no exchange is made, no decision taken; the hands are shown; his flush of
    10 pips, "regardless of their value", beats p1's two hearts of 21 and takes the pool."""
    game = game_of(["2C 3C 5C", "AH KH 2D", "QS 5S AD"])
    assert game.is_over and game.to_act is None
    assert sails(game) == ['p0 says "My Ship Sails"']
    assert not entries(game.history(), Moved)
    assert pool_taker(game) == [Payment("pool", "p0", 3)]
    assert game.rewards() == {0: 2, 1: -1, 2: -1}


def test_a_flush_dealt_ends_the_deal_and_the_next_is_dealt():
    """Two deals: the first, sailed at the deal, ends with no decision; the second is dealt by
    p1 (the deal passes to the left) and waits for its eldest hand, p2."""
    game = game_of(["2C 3C 5C", "AH KH 2D", "QS 5S AD"], deals=2)
    assert not game.is_over and game.deal_number == 2
    assert game.dealer == 1 and game.to_act == 2
    assert [e.rewards for e in entries(game.history(), DealEnded)] == [(2, -1, -1)]


def test_the_declaration_is_automatic():
    """Decision: nobody chooses to say it: the holder of a flush has no action to say it or not,
    and nobody acts after it (the going round is over the moment the flush is held)."""
    game = game_of(["9C 3D 4S", "AC 7H 2D", "KH QH 2S"])
    game.apply(Barter(card("7H")))
    assert all(type(a) is Give for a in game.legal_actions())
    game.apply(Give(card("2S")))
    assert game.legal_actions() == []


# ======================================================================================
# The show
# ======================================================================================


def test_should_there_be_more_than_one_flush_the_pips_win():
    """"Should there be more than one flush, the pips win, counting ace for 11, and other
    court-cards for 10 each." Dealt: p1 10S 9S 8S (27), p2 KH QH 6H (26: king and queen count
    10, not their rank), p0 AD 9D 7D (27: the ace 11). p1 and p0 tie at 27 above p2; the elder
    hand, p1, wins."""
    game = game_of(["AD 9D 7D", "10S 9S 8S", "KH QH 6H"])
    assert sails(game) == ['p1 says "My Ship Sails"; p2 says "My Ship Sails"; p0 says "My Ship Sails"']
    assert pool_taker(game) == [Payment("pool", "p1", 3)]


def test_the_ace_counts_eleven_in_a_flush():
    """p1 AS 9S 7S (27) against p2 KH QH 6H (26): the ace's 11 wins (as 1 it would lose)."""
    game = game_of(["9C 3D 4H", "AS 9S 7S", "KH QH 6H"])
    assert pool_taker(game) == [Payment("pool", "p1", 3)]


def test_after_two_rounds_of_exchanges_the_highest_two_card_flush_wins():
    """"If no player has secured a flush after two rounds of exchanges, the hands are shown, and
    the highest number of pips in the two-card flushes wins the pool." Everyone lets his two
    turns go (six turns): the hands are shown. p1's two hearts (AH KH: 21) beat p2's two
    spades (QS 5S: 15), though p2 holds more pips in all (26 against 23); p0 has none."""
    game = game_of(PLAIN)
    seats = says(game, *[Pass()] * 5)
    assert seats == [1, 2, 0, 1, 2] and game.to_act == 0 and not game.is_over
    game.apply(Pass())
    assert game.is_over and "2 rounds are over" in notes(game)
    assert len(shown_hands(game)) == 3 and not sails(game)
    assert pool_taker(game) == [Payment("pool", "p1", 3)]


def test_two_rounds_are_two_turns_of_each_player_exchanges_included():
    """Four players: eight turns, each a barter answered, then the show (the cards offered and
    given are chosen so that no flush is made)."""
    game = game_of(["9C 3D 4S", "AH KH 2C", "QS 5S AD", "JD 6C 7H"])
    for turn in range(8):
        assert not game.is_over, turn
        seat = game.to_act
        receiver = (seat + 1) % 4
        offer, give = next((o, g) for o in game.hands[seat] for g in game.hands[receiver]
                           if not one_suit([*game.hands[seat], g], o) and not one_suit([*game.hands[receiver], o], g))
        game.apply(Barter(offer))
        assert game.to_act == receiver
        game.apply(Give(give))
    assert game.is_over and "2 rounds are over" in notes(game) and not sails(game)
    assert game.observation(0)["turn_count"] == 8


def test_the_elder_hand_wins_ties():
    """"The elder hand wins ties": p1 (eldest) AH KH 2C and the dealer p0 AS KS 2D both hold
    21 in two cards; p2 15. After two rounds of passes the pool goes to p1: the dealer, last
    from his own left, loses the tie."""
    game = game_of(["AS KS 2D", "AH KH 2C", "QS 5D AD"])
    says(game, *[Pass()] * 6)
    assert pool_taker(game) == [Payment("pool", "p1", 3)]


def test_the_elder_hand_wins_ties_between_flushes():
    """Equal flushes, dealt: p2 KH QH 5H and the dealer p0 KS QS 5S (25 each): p2, elder than
    the dealer, takes the pool; p1's lower hand plays no part."""
    game = game_of(["KS QS 5S", "AC 2D 3H", "KH QH 5H"])
    assert pool_taker(game) == [Payment("pool", "p2", 3)]


def test_nobody_with_two_cards_of_a_suit_the_eldest_hand_takes_the_pool():
    """Decision (docs/rules.md 3.4): a hand with no two cards of one suit is worth 0, so when
    every hand is of three suits they tie at 0 and the eldest, p1, takes the pool."""
    game = game_of(["9C 3D 4S", "AH KS 2C", "QD 5S AC"])
    says(game, *[Pass()] * 6)
    assert pool_taker(game) == [Payment("pool", "p1", 3)]


def test_the_deal_passes_to_the_left():
    """Decision (docs/rules.md 6.1): the next deal is dealt by p1, its eldest hand p2."""
    game = game_of(PLAIN, deals=2)
    says(game, *[Pass()] * 6)
    assert game.deal_number == 2 and game.dealer == 1 and game.to_act == 2


def test_a_player_without_counters_sits_out_and_a_freeze_out_ends_with_one_holder():
    """Decision: with the text's three counters and ``until="freeze_out"``, a player who has
    lost them all is dealt no cards, and the session ends when one player holds all nine."""
    game = new_game("my_ship_sails", players=3, seed=7, dealer=0, counters=3, until="freeze_out")
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert sorted(balances(game)) == [0, 0, 9] and pool(game) == 0


# ======================================================================================
# The bounds
# ======================================================================================


def test_max_decisions_cuts_the_deal_short_and_the_card_offered_goes_back():
    """``max_decisions=1``: p1 offers the 2C and the bound is reached: every player is held to
    stand, the 2C goes back to p1, the hands are shown (p1's AH KH 2C wins) and the deal is
    marked truncated."""
    game = game_of(PLAIN, max_decisions=1)
    game.apply(Barter(card("2C")))
    assert game.is_over
    assert sorted(game.hands[1]) == sorted(parse("AH KH 2C"))
    assert "the bound on decisions is reached: every player is held to stand" in notes(game)
    assert pool_taker(game) == [Payment("pool", "p1", 3)]
    (ended,) = entries(game.history(), DealEnded)
    assert ended.truncated and ended.rewards == (-1, 2, -1)
    assert game.max_decisions_per_deal() == 1


def test_the_natural_bound_is_two_rounds_of_barters():
    """Two rounds of turns, each a barter and its answer: 2 x 2 x players decisions at most."""
    assert game_of(PLAIN).max_decisions_per_deal() == 12
    assert new_game("my_ship_sails", players=5).max_decisions_per_deal() == 20


def test_the_turn_bound_holds_the_player_whose_turn_comes_to_stand():
    """``max_turns=2`` (below the two rounds): p1 and p2 pass, p0's turn is the third: he is
    held to stand and the hands are shown."""
    game = game_of(PLAIN, max_turns=2)
    says(game, Pass(), Pass())
    assert game.is_over and "the bound on turns is reached: p0 is held to stand" in notes(game)


# ======================================================================================
# Illegal actions
# ======================================================================================


def test_illegal_actions_raise_and_change_nothing():
    """Not a card of his own, a give on his turn, a stand the game has not, a card of the
    receiver's he does not hold, any action once the session is over: IllegalActionError, and
    the game is as it was."""
    game = game_of(PLAIN)
    for action in (Barter(card("QS")), Give(card("AH")), Stand(), Knock(), Barter(card("7D"))):
        unchanged_on_illegal(game, action)
    game.apply(Barter(card("2C")))
    for action in (Give(card("2C")), Give(card("AH")), Pass()):
        unchanged_on_illegal(game, action)
    game.apply(Give(card("AD")))
    says(game, *[Pass()] * 5)
    assert game.is_over
    unchanged_on_illegal(game, Pass())


def test_the_actions_and_the_codec():
    """The actions in codec order: ``Pass``, ``Barter`` of each card, ``Give`` of each card."""
    game = game_of(PLAIN)
    assert game.actions == (Pass, Barter, Give) and game.num_actions == 1 + 52 + 52
