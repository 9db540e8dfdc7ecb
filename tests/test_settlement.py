"""Named tests, with worked examples, for settlement (docs/rules.md section 5).

Laws of English Draw Poker in ``shared/seeds/000_090407a6d9d4a9ee.txt``: law 60
(a player all-in wins from each other player only what he staked; the next best
hand takes the rest), law 64 (a foul hand forfeits its stake and cannot win),
law 76 (equal hands share the pool), laws 29-33 (jack-pots: an unopened pool is
carried to the next deal). Counters games: old Commerce and Pool Commerce
(``shared/seeds/001_363e88ee28ca9c86.txt``), Whiskey Poker
(``shared/seeds/004_7d6a6396833e304f.txt``), Snip-Snap-Snorum
(``shared/seeds/002_93c3d51ac699f33f.txt``).

Every error is asserted with its exact message, and every error raised by a
ledger operation must leave the ledger (balances, journal, JSON form) unchanged.
"""

from __future__ import annotations

from contextlib import contextmanager
from decimal import Decimal
from fractions import Fraction

import pytest

from pycards.errors import SettlementError
from pycards.settlement import (
    Batch,
    Freezeout,
    Ledger,
    Payment,
    Pot,
    pots,
    showdown,
    split,
    stake_from_each,
)


@contextmanager
def raises_exactly(message: str):
    """A SettlementError (a ValueError) whose text is exactly ``message``."""
    with pytest.raises(SettlementError) as caught:
        yield caught
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == message


def snapshot(ledger: Ledger):
    return ledger.balances, ledger.journal, ledger.to_json(), ledger.total, ledger.credit


@contextmanager
def unchanged(*ledgers: Ledger):
    """The ledgers hold the same balances, journal and JSON form afterwards."""
    before = [snapshot(ledger) for ledger in ledgers]
    yield
    assert [snapshot(ledger) for ledger in ledgers] == before


def pot_list(result: list[Pot]) -> list[tuple[int, list]]:
    return [(p.amount, sorted(p.eligible)) for p in result]


# --------------------------------------------------------------------------------------
# Law 60: all-in
# --------------------------------------------------------------------------------------


def test_law_60_one_player_all_in_wins_his_stake_from_each_next_best_takes_the_rest():
    """Law 60: "he may deposit in the pool whatever funds he has, and demand a show for
    that amount. If ... he prove to hold the best hand, he shall claim from the pool the
    amount of the ante and straddle or straddles (if any), and also a sum equal to his
    stake from every player in the game ... The holder of the next best hand shall claim
    the remainder of the pool." (seed 000_090407a6d9d4a9ee.txt)

    Ann (1 ante + 4) is all-in for 5; bob and cy each put in 20. Ann wins 5 from each
    (15); bob, the next best, takes the other 30.
    """
    contributions = {"ann": 5, "bob": 20, "cy": 20}
    assert pot_list(pots(contributions, ["ann", "bob", "cy"])) == [
        (15, ["ann", "bob", "cy"]),
        (30, ["bob", "cy"]),
    ]
    won = showdown(contributions, {"ann": 9, "bob": 5, "cy": 2}, ["ann", "bob", "cy"])
    assert won == {"ann": 15, "bob": 30, "cy": 0}


def test_law_60_all_in_player_who_loses_gets_nothing_and_side_pot_stays_apart():
    """Law 60 (seed 000_090407a6d9d4a9ee.txt): the all-in player with the worst hand
    takes nothing; the best hand takes the main and the side pot."""
    won = showdown({"ann": 5, "bob": 20, "cy": 20}, {"ann": 1, "bob": 5, "cy": 7}, ["ann", "bob", "cy"])
    assert won == {"ann": 0, "bob": 0, "cy": 45}


def test_law_60_three_players_all_in_with_different_stacks():
    """Law 60 generalised (docs/rules.md 5: "must also hold with several all-in players";
    seed 000_090407a6d9d4a9ee.txt). All-in: a for 5, b for 10, c for 15; d and e each
    put in 30. Hands: a best, then b, c, d, e.

    main pot 5 x 5 = 25 (a b c d e) -> a
    side 1   5 x 4 = 20 (b c d e)   -> b
    side 2   5 x 3 = 15 (c d e)     -> c
    side 3  15 x 2 = 30 (d e)       -> d
    """
    contributions = {"a": 5, "b": 10, "c": 15, "d": 30, "e": 30}
    order = ["a", "b", "c", "d", "e"]
    assert pot_list(pots(contributions, order)) == [
        (25, ["a", "b", "c", "d", "e"]),
        (20, ["b", "c", "d", "e"]),
        (15, ["c", "d", "e"]),
        (30, ["d", "e"]),
    ]
    won = showdown(contributions, {"a": 50, "b": 40, "c": 30, "d": 20, "e": 10}, order)
    assert won == {"a": 25, "b": 20, "c": 15, "d": 30, "e": 0}
    assert sum(won.values()) == sum(contributions.values())


def test_law_60_three_all_in_middle_stack_best_wins_from_each_only_his_stake():
    """Law 60 (seed 000_090407a6d9d4a9ee.txt), several all-in: the best hand is b (all-in
    for 10); he wins 10 from each player (a staked only 5, so 5 from him), his own 10
    included: 5 + 10 + 10 + 10 + 10 = 45. The next best hand is e, who takes the rest:
    the 15 of c's layer and the 30 above it from d and e."""
    contributions = {"a": 5, "b": 10, "c": 15, "d": 30, "e": 30}
    won = showdown(contributions, {"a": 3, "b": 50, "c": 10, "d": 20, "e": 40}, ["a", "b", "c", "d", "e"])
    assert won == {"a": 0, "b": 45, "c": 0, "d": 0, "e": 45}


def test_law_60_docstring_example_two_all_in():
    """Law 60 (seed 000_090407a6d9d4a9ee.txt): the example of the module."""
    won = showdown({"a": 5, "b": 10, "c": 20, "d": 20}, {"a": 9, "b": 8, "c": 3, "d": 1}, ["a", "b", "c", "d"])
    assert won == {"a": 20, "b": 15, "c": 20, "d": 0}


def test_law_60_tie_in_a_side_pot_with_an_odd_counter():
    """Laws 60 and 76 (seed 000_090407a6d9d4a9ee.txt): ann all-in for 3, bob, cy and dan
    put in 8 each, dan drops. Ann holds the best hand: main pot 3 x 4 = 12. Bob and cy tie
    for the side pot 5 x 3 = 15 (dan's counters too): 8 and 7, the odd counter to the
    first of them from the dealer's left. The dealer is bob, so the order is cy, dan,
    ann, bob: cy takes the odd counter."""
    contributions = {"ann": 3, "bob": 8, "cy": 8, "dan": 8}
    strengths = {"ann": 9, "bob": 6, "cy": 6, "dan": None}
    assert pot_list(pots(contributions, ["ann", "bob", "cy"])) == [
        (12, ["ann", "bob", "cy"]),
        (15, ["bob", "cy"]),
    ]
    assert showdown(contributions, strengths, ["cy", "dan", "ann", "bob"]) == {
        "ann": 12,
        "bob": 7,
        "cy": 8,
        "dan": 0,
    }
    # the same with the dealer on cy's right: bob is first and takes the odd counter
    assert showdown(contributions, strengths, ["ann", "bob", "cy", "dan"]) == {
        "ann": 12,
        "bob": 8,
        "cy": 7,
        "dan": 0,
    }


# --------------------------------------------------------------------------------------
# Law 64: a foul hand
# --------------------------------------------------------------------------------------


def test_law_64_foul_hand_forfeits_stake_and_cannot_win_even_with_best_cards():
    """Law 64: "If any player be found to have a foul hand at the end of the game, he
    shall forfeit his stake; and if there be only one other player, that player shall
    claim the pool; and if there be more than one other player, the holder of the best
    hand shall claim the pool." (seed 000_090407a6d9d4a9ee.txt)

    Ann's cards would be best (strength 99), but her hand is foul (strength None).
    """
    contributions = {"ann": 10, "bob": 10, "cy": 10}
    order = ["ann", "bob", "cy"]
    assert showdown(contributions, {"ann": 99, "bob": 5, "cy": 3}, order)["ann"] == 30
    won = showdown(contributions, {"ann": None, "bob": 5, "cy": 3}, order)
    assert won == {"ann": 0, "bob": 30, "cy": 0}


def test_law_64_foul_hand_with_only_one_other_player_that_player_claims_the_pool():
    """Law 64 (seed 000_090407a6d9d4a9ee.txt): "if there be only one other player, that
    player shall claim the pool", whatever his hand."""
    won = showdown({"ann": 12, "bob": 12}, {"ann": None, "bob": 0}, ["ann", "bob"])
    assert won == {"ann": 0, "bob": 24}


def test_law_64_foul_hand_that_staked_most_forfeits_all_of_it_to_the_best_other_hand():
    """Law 64 (seed 000_090407a6d9d4a9ee.txt): ann staked 30, bob was all-in for 10, cy
    put in 10. Ann's hand is foul: her whole stake is forfeit. The 20 of hers above bob's
    and cy's 10 is in a layer no eligible seat reached: it joins the layer below, so the
    best other hand (bob) claims the whole pool of 50."""
    contributions = {"ann": 30, "bob": 10, "cy": 10}
    assert pot_list(pots(contributions, ["bob", "cy"])) == [(50, ["bob", "cy"])]
    won = showdown(contributions, {"ann": None, "bob": 7, "cy": 4}, ["ann", "bob", "cy"])
    assert won == {"ann": 0, "bob": 50, "cy": 0}


# --------------------------------------------------------------------------------------
# Law 76: ties
# --------------------------------------------------------------------------------------


def test_law_76_equal_hands_share_the_pool_equally():
    """Law 76: "If ... two or more players hold hands identical in value, such players
    shall share the pool equally between them." (seed 000_090407a6d9d4a9ee.txt)"""
    won = showdown({"ann": 6, "bob": 6, "cy": 6}, {"ann": 4, "bob": 4, "cy": 1}, ["ann", "bob", "cy"])
    assert won == {"ann": 9, "bob": 9, "cy": 0}


def test_law_76_remainder_one_counter_at_a_time_in_seat_order_from_dealers_left():
    """Law 76 (seed 000_090407a6d9d4a9ee.txt) with the decision of docs/rules.md 5: the
    indivisible remainder goes one counter at a time to the tied winners in seat order,
    starting left of the dealer. 11 counters among three: 4, 4, 3; dealer dan, so the
    order is ann, bob, cy, dan."""
    contributions = {"ann": 3, "bob": 3, "cy": 3, "dan": 2}
    strengths = {"ann": 5, "bob": 5, "cy": 5, "dan": None}
    assert showdown(contributions, strengths, ["ann", "bob", "cy", "dan"]) == {
        "ann": 4,
        "bob": 4,
        "cy": 3,
        "dan": 0,
    }
    # dealer ann: the order starts with bob, and ann is last
    assert showdown(contributions, strengths, ["bob", "cy", "dan", "ann"]) == {
        "ann": 3,
        "bob": 4,
        "cy": 4,
        "dan": 0,
    }


def test_law_76_split_remainder_follows_seat_order_not_the_order_winners_are_named():
    """Law 76 (seed 000_090407a6d9d4a9ee.txt), docs/rules.md 5: split() of the module doc."""
    assert split(10, ["cy", "ann", "bob"], ["ann", "bob", "cy"]) == {"ann": 4, "bob": 3, "cy": 3}
    assert split(10, ["cy", "ann"], ["bob", "cy", "dan", "ann"]) == {"cy": 5, "ann": 5}
    assert split(11, ["cy", "ann"], ["bob", "cy", "dan", "ann"]) == {"cy": 6, "ann": 5}
    assert split(0, ["ann"], ["ann"]) == {"ann": 0}
    assert split(2, ["a", "b", "c"], ["c", "b", "a"]) == {"c": 1, "b": 1, "a": 0}


def test_law_76_carried_counter_shared_with_the_pool():
    """Law 76 (seed 000_090407a6d9d4a9ee.txt), the module's doc example: 30 counters this
    deal and 1 carried, shared by ann and bob: 16 and 15."""
    won = showdown({"ann": 10, "bob": 10, "cy": 10}, {"ann": 7, "bob": 7, "cy": 2}, ["ann", "bob", "cy"], carry=1)
    assert won == {"ann": 16, "bob": 15, "cy": 0}


# --------------------------------------------------------------------------------------
# Layers: a layer nobody eligible reached; adjacent layers forming one pot
# --------------------------------------------------------------------------------------


def test_layer_that_no_eligible_seat_reached_falls_to_the_layer_below():
    """docs/rules.md 5 with law 60 (seed 000_090407a6d9d4a9ee.txt): cy bet most (20) and then
    dropped; ann and bob each put in 5. The 15 of cy's above 5 is in a layer that no
    eligible seat reached: it joins the layer below, and the best hand takes it."""
    contributions = {"ann": 5, "bob": 5, "cy": 20}
    assert pot_list(pots(contributions, ["ann", "bob"])) == [(30, ["ann", "bob"])]
    won = showdown(contributions, {"ann": 3, "bob": 2, "cy": None}, ["ann", "bob", "cy"])
    assert won == {"ann": 30, "bob": 0, "cy": 0}


def test_unreached_layer_falls_into_the_top_side_pot_not_the_main_pot():
    """Law 60 (seed 000_090407a6d9d4a9ee.txt): ann all-in for 2, bob and cy for 6, dan
    bet 10 and dropped. Dan's 4 above 6 joins the side pot of bob and cy, not the main
    pot, so ann (best hand) still wins only 2 from each player."""
    contributions = {"ann": 2, "bob": 6, "cy": 6, "dan": 10}
    assert pot_list(pots(contributions, ["ann", "bob", "cy"])) == [
        (8, ["ann", "bob", "cy"]),
        (4 * 3 + 4, ["bob", "cy"]),
    ]
    won = showdown(contributions, {"ann": 9, "bob": 1, "cy": 5, "dan": None}, ["ann", "bob", "cy", "dan"])
    assert won == {"ann": 8, "bob": 0, "cy": 16, "dan": 0}


def test_adjacent_layers_with_the_same_eligible_seats_form_one_pot_odd_counter_split_once():
    """Law 76 (seed 000_090407a6d9d4a9ee.txt), docs/rules.md 5: ann and bob put in 2 each, cy 1
    and dropped; 1 counter was carried. Layers: carry 1 (ann, bob), level 1: 3 (ann, bob),
    level 2: 2 (ann, bob). They have the same eligible seats, so they are one pot of 6,
    split once: 3 and 3. (Split layer by layer, ann would take both odd counters: 4, 2.)"""
    contributions = {"ann": 2, "bob": 2, "cy": 1}
    assert pots(contributions, ["ann", "bob"], carry=1) == [Pot(6, frozenset({"ann", "bob"}))]
    won = showdown(contributions, {"ann": 5, "bob": 5, "cy": None}, ["ann", "bob", "cy"], carry=1)
    assert won == {"ann": 3, "bob": 3, "cy": 0}


def test_pots_skip_empty_layers_and_seat_with_nothing_in_can_win_only_the_carry():
    """Laws 29-30 (seed 000_090407a6d9d4a9ee.txt): the carry belongs to every eligible
    seat; a seat that put nothing in this deal wins at most the carry."""
    assert pot_list(pots({"a": 0, "b": 4, "c": 4}, ["a", "b", "c"], carry=3)) == [
        (3, ["a", "b", "c"]),
        (8, ["b", "c"]),
    ]
    assert pot_list(pots({"a": 0, "b": 4, "c": 4}, ["a", "b", "c"])) == [(8, ["b", "c"])]
    won = showdown({"a": 0, "b": 4, "c": 4}, {"a": 9, "b": 2, "c": 1}, ["a", "b", "c"], carry=3)
    assert won == {"a": 3, "b": 8, "c": 0}
    # nobody put anything in and nothing carried: nothing to win
    assert pots({"a": 0, "b": 0}, ["a"]) == []
    assert showdown({"a": 0, "b": 0}, {"a": 1, "b": None}, ["a", "b"]) == {"a": 0, "b": 0}


def test_pots_eligible_seat_that_dropped_nothing_in_all_folded_to_it():
    """Law 64 (seed 000_090407a6d9d4a9ee.txt): when every other hand is foul, the one
    fair hand claims the pool, even one that put nothing in this deal."""
    won = showdown({"a": 0, "b": 7, "c": 3}, {"a": 0, "b": None, "c": None}, ["a", "b", "c"], carry=2)
    assert won == {"a": 12, "b": 0, "c": 0}


# --------------------------------------------------------------------------------------
# Laws 29-33: a jack-pot carried in a Ledger pool across two deals
# --------------------------------------------------------------------------------------


def test_laws_29_30_jack_pot_carried_in_the_ledger_pool_across_two_deals():
    """Law 29: "If the game be not opened by any player, the ante and straddles, if any,
    shall remain in the pool, and the next game shall be a Jack-pot." Law 30: "In a
    Jack-pot every player shall pay into the pool a sum equal to the ante"
    (seed 000_090407a6d9d4a9ee.txt).

    Deal 1 (dealer ann): each antes 1, nobody opens; the 3 stay in the pool. Deal 2, a
    jack-pot: each antes 1 again; bob opens for 2 more, cy calls, ann puts in 1 more and
    drops. Bob and cy tie: 3 carried + 8 = 11, 6 to bob (first from the dealer's left) and
    5 to cy.
    """
    ledger = Ledger({"ann": 20, "bob": 20, "cy": 20, "pool": 0})
    players = ["ann", "bob", "cy"]
    ledger.collect("pool", {p: 1 for p in players}, note="deal 1: ante")
    assert ledger.balance("pool") == 3  # not opened: the pool remains (law 29)

    carry = ledger.balance("pool")
    contributions = {"ann": 2, "bob": 3, "cy": 3}
    ledger.collect("pool", contributions, note="deal 2: jack-pot")
    assert ledger.balance("pool") == carry + 8
    order = ["bob", "cy", "ann"]  # dealer ann
    won = showdown(contributions, {"ann": None, "bob": 7, "cy": 7}, order, carry=carry)
    assert won == {"ann": 0, "bob": 6, "cy": 5}
    ledger.pay_out("pool", won, note="deal 2: show")

    assert ledger.balances == {"ann": 17, "bob": 22, "cy": 21, "pool": 0}
    assert ledger.total == 60
    assert [b.note for b in ledger.journal] == ["deal 1: ante", "deal 2: jack-pot", "deal 2: show"]
    assert ledger.journal[2].payments == (Payment("pool", "bob", 6), Payment("pool", "cy", 5))
    assert Ledger.from_json(ledger.to_json()) == ledger


def test_law_31_jack_pot_not_opened_twice_carry_grows():
    """Law 31 (seed 000_090407a6d9d4a9ee.txt): "If a Jack-pot be not opened by any player,
    each player shall again pay into the pool a sum equal to the ante". The carry of the
    third deal is both earlier antes; a seat all-in for only its ante still wins the
    whole carry and its stake from each (law 60)."""
    ledger = Ledger({"ann": 2, "bob": 10, "cy": 10, "pool": 0})
    for deal in (1, 2):
        ledger.collect("pool", {"ann": 1, "bob": 1, "cy": 1}, note=f"deal {deal}: ante")
    carry = ledger.balance("pool")
    assert carry == 6 and ledger.balance("ann") == 0
    contributions = {"ann": 0, "bob": 4, "cy": 4}  # ann has nothing left to ante
    ledger.collect("pool", contributions, note="deal 3")
    won = showdown(contributions, {"ann": 9, "bob": 3, "cy": 5}, ["ann", "bob", "cy"], carry=carry)
    assert won == {"ann": 6, "bob": 0, "cy": 8}
    ledger.pay_out("pool", won)
    assert ledger.balances == {"ann": 6, "bob": 4, "cy": 12, "pool": 0}


# --------------------------------------------------------------------------------------
# Old Commerce: a stake from each other player
# --------------------------------------------------------------------------------------


def test_old_commerce_winner_receives_the_stake_from_each_other_player():
    """Old Commerce: "There is no pool in this variation, the winner receiving instead
    the amount of the stake from each of the other players." (seed 001_363e88ee28ca9c86.txt)"""
    payments = stake_from_each(["bob"], ["ann", "bob", "cy", "dan"], 2)
    assert payments == [Payment("ann", "bob", 2), Payment("cy", "bob", 2), Payment("dan", "bob", 2)]
    ledger = Ledger({"ann": 10, "bob": 10, "cy": 10, "dan": 10})
    ledger.apply(payments, note="bob wins")
    assert ledger.balances == {"ann": 8, "bob": 16, "cy": 8, "dan": 8}


def test_old_commerce_two_equal_best_hands_each_receive_a_stake_from_all_the_others():
    """Old Commerce: "In case of absolute equality between the two best hands ... then each
    of the winners receives a stake from all the other players." (seed
    001_363e88ee28ca9c86.txt) The winners do not pay each other."""
    payments = stake_from_each(["cy", "ann", "cy"], ["ann", "bob", "cy", "dan"], 3)
    assert payments == [
        Payment("bob", "cy", 3),
        Payment("dan", "cy", 3),
        Payment("bob", "ann", 3),
        Payment("dan", "ann", 3),
    ]
    ledger = Ledger({"ann": 10, "bob": 10, "cy": 10, "dan": 10})
    ledger.apply(payments, note="ann and cy tie")
    assert ledger.balances == {"ann": 16, "bob": 4, "cy": 16, "dan": 4}


def test_old_commerce_stake_from_each_as_a_batch_all_or_nothing():
    """Old Commerce (seed 001_363e88ee28ca9c86.txt) with docs/rules.md 5: a loser who cannot
    pay his stake makes the whole settlement fail, and nobody is paid."""
    ledger = Ledger({"ann": 10, "bob": 1, "cy": 10})
    payments = stake_from_each(["ann"], ["ann", "bob", "cy"], 2)
    with unchanged(ledger), raises_exactly("'bob' would be overdrawn: 1 - 2 = -1 (no credit)"):
        ledger.apply(payments)


def test_old_commerce_stake_zero_or_everyone_winning_pays_nothing():
    """Old Commerce (seed 001_363e88ee28ca9c86.txt): nothing to pay."""
    assert stake_from_each(["ann"], ["ann", "bob"], 0) == []
    assert stake_from_each(["ann", "bob"], ["ann", "bob"], 5) == []


@pytest.mark.parametrize(
    ("winners", "players", "stake", "message"),
    [
        (["zed"], ["ann", "bob"], 1, "winner 'zed' is not among the players"),
        (["zed", "amy", "ann"], ["ann", "bob"], 1, "winner 'amy' is not among the players"),
        (["ann"], ["ann", "bob"], -1, "a stake cannot be negative: -1"),
        (["ann"], ["ann", "bob"], 1.5, "a stake must be a whole number of counters, not 1.5"),
        (["ann"], ["ann", "bob"], True, "a stake must be a whole number of counters, not True"),
        (["ann"], ["ann", "bob"], "2", "a stake must be a whole number of counters, not '2'"),
    ],
)
def test_old_commerce_stake_from_each_errors(winners, players, stake, message):
    """Old Commerce (seed 001_363e88ee28ca9c86.txt): bad winners or stakes."""
    with raises_exactly(message):
        stake_from_each(winners, players, stake)


# --------------------------------------------------------------------------------------
# Pool Commerce: buying a horse
# --------------------------------------------------------------------------------------

HORSE = "only the first player out may buy a horse; {!r} is not ({!r} is)"


def pool_commerce(players=("ann", "bob", "cy"), stake=6):
    """Pool Commerce: "a pool is made up, by each player paying in an equal sum, for
    which he receives three counters" (seed 001_363e88ee28ca9c86.txt)."""
    money = Ledger({**{p: 20 for p in players}, "pool": 0})
    money.collect("pool", {p: stake for p in players}, note="stakes")
    return Freezeout(list(players), counters=3), money


def test_pool_commerce_first_player_out_buys_a_horse():
    """Pool Commerce: "The player who is first out has the option of buying one counter
    from the pool, which is termed 'buying a horse.' He has to pay for the same into the
    pool such sum as may be agreed upon--usually one-third or one-half the amount of the
    original stake." (seed 001_363e88ee28ca9c86.txt) Both ledgers change together."""
    game, money = pool_commerce()
    for _ in range(3):
        game.lose("bob")
    game.lose("ann")
    assert game.out == ["bob"] and game.active == ("ann", "cy")
    game.buy_horse("bob", money, price=3)  # half the stake of 6
    assert game.horses == {"bob": 1}
    assert game.ledger.balances == {"ann": 2, "bob": 1, "cy": 3, "pool": 3}
    assert money.balances == {"ann": 14, "bob": 11, "cy": 14, "pool": 21}
    assert game.active == ("ann", "bob", "cy")
    assert game.out == []
    assert money.journal[-1] == Batch((Payment("bob", "pool", 3),), "bob buys a horse")
    assert game.ledger.journal[-1] == Batch((Payment("pool", "bob", 1),), "bob buys a horse")
    assert money.total == 60 and game.ledger.total == 9


def test_pool_commerce_horse_money_into_a_named_money_pool():
    """Pool Commerce (seed 001_363e88ee28ca9c86.txt): the ``pool`` of the money ledger
    may have its own name."""
    game = Freezeout(["ann", "bob", "cy"], counters=1, pool="counters")
    money = Ledger({"ann": 5, "bob": 5, "cy": 5, "kitty": 0})
    game.lose("ann")
    game.buy_horse("ann", money, price=2, pool="kitty")
    assert money.balances == {"ann": 3, "bob": 5, "cy": 5, "kitty": 2}
    assert game.ledger.balances == {"ann": 1, "bob": 1, "cy": 1, "counters": 0}


def test_pool_commerce_only_the_first_player_out_may_buy_a_horse():
    """Pool Commerce (seed 001_363e88ee28ca9c86.txt): "The player who is first out has the
    option": the second player out, a player still in, or anyone before a player is out
    may not; and nothing changes in either ledger."""
    game, money = pool_commerce(players=("ann", "bob", "cy", "dan"))
    with unchanged(game.ledger, money), raises_exactly(HORSE.format("ann", None)):
        game.buy_horse("ann", money, price=3)
    for _ in range(3):
        game.lose("bob")
    for _ in range(3):
        game.lose("cy")
    assert game.out == ["bob", "cy"]
    with unchanged(game.ledger, money), raises_exactly(HORSE.format("cy", "bob")):
        game.buy_horse("cy", money, price=3)
    with unchanged(game.ledger, money), raises_exactly(HORSE.format("ann", "bob")):
        game.buy_horse("ann", money, price=3)
    with unchanged(game.ledger, money), raises_exactly(HORSE.format("nobody", "bob")):
        game.buy_horse("nobody", money, price=3)
    assert game.horses == {} and game.out == ["bob", "cy"]


def test_pool_commerce_a_horse_is_bought_once():
    """Pool Commerce (seed 001_363e88ee28ca9c86.txt): "buying one counter" is an option
    of the first out, once: out again after his horse, he cannot buy another."""
    game, money = pool_commerce()
    for _ in range(3):
        game.lose("bob")
    game.buy_horse("bob", money, price=2)
    game.lose("bob")
    assert game.out == ["bob"]
    with unchanged(game.ledger, money), raises_exactly("'bob' has already bought a horse"):
        game.buy_horse("bob", money, price=2)
    assert game.horses == {"bob": 1}


def test_pool_commerce_second_player_out_may_not_buy_after_the_first_bought():
    """Pool Commerce (seed 001_363e88ee28ca9c86.txt): bob is first out and buys a horse;
    cy then goes out second. Cy is not "the player who is first out"."""
    game, money = pool_commerce()
    for _ in range(3):
        game.lose("bob")
    game.buy_horse("bob", money, price=2)
    for _ in range(3):
        game.lose("cy")
    with unchanged(game.ledger, money), pytest.raises(SettlementError):
        game.buy_horse("cy", money, price=2)


def test_pool_commerce_horse_fails_in_both_ledgers_or_neither():
    """Pool Commerce (seed 001_363e88ee28ca9c86.txt) with docs/rules.md 5: a horse the buyer
    cannot pay for, at a bad price, or from a money ledger that does not know the buyer
    or the pool, changes neither ledger."""
    game, money = pool_commerce()
    for _ in range(3):
        game.lose("bob")
    with unchanged(game.ledger, money), raises_exactly("'bob' would be overdrawn: 14 - 15 = -1 (no credit)"):
        game.buy_horse("bob", money, price=15)
    with unchanged(game.ledger, money), raises_exactly("the amount from 'bob' to 'pool' cannot be negative: -1"):
        game.buy_horse("bob", money, price=-1)
    with unchanged(game.ledger, money), raises_exactly(
        "the amount from 'bob' to 'pool' must be a whole number of counters, not 1.5"
    ):
        game.buy_horse("bob", money, price=1.5)
    with unchanged(game.ledger, money), raises_exactly("unknown party 'kitty'"):
        game.buy_horse("bob", money, price=2, pool="kitty")
    stranger = Ledger({"ann": 5, "pool": 0})
    with unchanged(game.ledger, stranger), raises_exactly("unknown party 'bob'"):
        game.buy_horse("bob", stranger, price=2)
    assert game.horses == {} and game.out == ["bob"]
    game.buy_horse("bob", money, price=2)  # and then it can still be bought
    assert game.horses == {"bob": 1}


def test_pool_commerce_no_horse_from_an_empty_pool():
    """Pool Commerce (seed 001_363e88ee28ca9c86.txt): the horse is a counter "from the
    pool"; with the pool empty there is none to sell."""
    game = Freezeout(["ann", "bob", "cy"], counters=1)
    money = Ledger({"ann": 5, "bob": 5, "cy": 5, "pool": 0})
    game.lose("ann")
    game.ledger.pay("pool", "bob", 1, note="pool paid out")
    with unchanged(game.ledger, money), raises_exactly("the pool has no counter to sell"):
        game.buy_horse("ann", money, price=1)


def test_no_horse_once_the_game_is_over():
    """Pool Commerce (seed 001_363e88ee28ca9c86.txt): "The game continues until all but one
    of the players have exhausted their three counters"; with two players the first out
    ends it, and no horse can be bought to restart it."""
    game = Freezeout(["ann", "bob"], counters=1)
    money = Ledger({"ann": 5, "bob": 5, "pool": 0})
    game.lose("ann")
    with unchanged(game.ledger, money), raises_exactly("the game is over: 'bob' has held out"):
        game.buy_horse("ann", money, price=1)


# --------------------------------------------------------------------------------------
# Whiskey Poker and Snip-Snap-Snorum: freeze-out
# --------------------------------------------------------------------------------------


def test_whiskey_poker_worst_hand_pays_a_counter_first_out_pays_for_the_whiskey():
    """Whiskey Poker: "the player who has the worst hand shown puts one of his counters in
    the middle of the table. This continues until some player has lost all five of his
    counters, and he is then called upon to pay for the whiskey" (seed
    004_7d6a6396833e304f.txt)."""
    game = Freezeout(["ann", "bob", "cy", "dan"], counters=5)
    worst = ["cy", "ann", "cy", "cy", "dan", "cy", "ann", "cy"]
    for player in worst:
        game.lose(player)
    assert game.out == ["cy"]
    assert game.ledger.balances == {"ann": 3, "bob": 5, "cy": 0, "dan": 4, "pool": 8}
    assert game.active == ("ann", "bob", "dan")
    assert not game.is_over and game.winner is None
    assert game.ledger.total == 20
    assert [b.note for b in game.ledger.journal] == [f"{p} loses" for p in worst]


def test_whiskey_poker_a_player_out_of_counters_stands_out():
    """docs/rules.md 5 (Whiskey Poker, seed 004_7d6a6396833e304f.txt): a player with no counters
    left stands out; making him lose again is an error and changes nothing."""
    game = Freezeout(["ann", "bob", "cy"], counters=1)
    game.lose("ann")
    with unchanged(game.ledger), raises_exactly("'ann' is out of counters and stands out"):
        game.lose("ann")
    with unchanged(game.ledger), raises_exactly("unknown player 'zed'"):
        game.lose("zed")
    with unchanged(game.ledger), raises_exactly("unknown player 'pool'"):
        game.lose("pool")
    with unchanged(game.ledger), raises_exactly("'bob' would be overdrawn: 1 - 2 = -1 (no credit)"):
        game.lose("bob", counters=2)
    with unchanged(game.ledger), raises_exactly("the amount from 'bob' to 'pool' cannot be negative: -1"):
        game.lose("bob", counters=-1)
    assert game.out == ["ann"]


def test_snip_snap_snorum_five_counters_the_last_holding_out_wins_the_pool():
    """Snip-Snap-Snorum: "each player has to be provided with five coins or counters ...
    and the game is decided when all but one of the players has exhausted those five
    stakes. The player who holds out the longest becomes the winner, and secures the
    whole of the pool" (seed 002_93c3d51ac699f33f.txt)."""
    game = Freezeout(["ann", "bob", "cy"], counters=5)
    for player in ["bob"] * 3 + ["ann"] * 5 + ["cy", "bob", "bob"]:
        game.lose(player)
    assert game.out == ["ann", "bob"]
    assert game.is_over and game.winner == "cy" and game.active == ("cy",)
    assert game.ledger.balances == {"ann": 0, "bob": 0, "cy": 4, "pool": 11}
    game.ledger.pay(game.pool, game.winner, game.ledger.balance(game.pool), note="cy secures the pool")
    assert game.ledger.balances == {"ann": 0, "bob": 0, "cy": 15, "pool": 0}
    assert game.ledger.total == 15


def test_freezeout_losing_several_counters_at_once():
    """Counters games (docs/rules.md 5): a loss of several counters; the player going to zero
    is out."""
    game = Freezeout(["ann", "bob"], counters=3)
    game.lose("ann", counters=2)
    assert game.out == [] and game.ledger.balance("ann") == 1
    game.lose("ann", counters=1)
    assert game.out == ["ann"] and game.winner == "bob"


def test_freezeout_no_loss_after_the_game_is_over():
    """Snip-Snap-Snorum (seed 002_93c3d51ac699f33f.txt): once all but one have exhausted
    their counters the game is decided; no further deal can take the winner's counters."""
    game = Freezeout(["ann", "bob"], counters=1)
    game.lose("ann")
    assert game.winner == "bob"
    with unchanged(game.ledger), pytest.raises(SettlementError):
        game.lose("bob")
    assert game.winner == "bob"


@pytest.mark.parametrize(
    ("players", "counters", "pool", "message"),
    [
        (["ann"], 5, "pool", "a freeze-out needs two or more different players, not ['ann']"),
        (["ann", "ann"], 5, "pool", "a freeze-out needs two or more different players, not ['ann', 'ann']"),
        ([], 5, "pool", "a freeze-out needs two or more different players, not []"),
        (["ann", "pool"], 5, "pool", "the pool 'pool' cannot also be a player"),
        (["ann", "bob"], -1, "pool", "the counters each player starts with cannot be negative: -1"),
        (
            ["ann", "bob"],
            2.0,
            "pool",
            "the counters each player starts with must be a whole number of counters, not 2.0",
        ),
    ],
)
def test_freezeout_setup_errors(players, counters, pool, message):
    """Counters games (docs/rules.md 5): bad freeze-out set-ups."""
    with raises_exactly(message):
        Freezeout(players, counters=counters, pool=pool)


# --------------------------------------------------------------------------------------
# The ledger: atomic batches, conservation, a replayable journal
# --------------------------------------------------------------------------------------


def test_ledger_doc_example_ante_and_payout():
    """docs/rules.md 5: every payment moves counters between named parties; the sum never
    changes."""
    ledger = Ledger({"ann": 20, "bob": 20, "pool": 0})
    ledger.apply([("ann", "pool", 1), ("bob", "pool", 1)], note="ante")
    ledger.pay("pool", "bob", 2, note="bob wins")
    assert ledger.balances == {"ann": 19, "bob": 21, "pool": 0}
    assert ledger.total == 40
    assert ledger.parties == ("ann", "bob", "pool")
    assert ledger.journal == (
        Batch((Payment("ann", "pool", 1), Payment("bob", "pool", 1)), "ante"),
        Batch((Payment("pool", "bob", 2),), "bob wins"),
    )


def test_ledger_batch_is_judged_on_its_net_effect():
    """docs/rules.md 5: a batch is one settlement. The pool pays bob before it is paid by ann
    in the same batch: allowed, because the batch as a whole overdraws nobody."""
    ledger = Ledger({"ann": 5, "bob": 0, "pool": 0})
    ledger.apply([("pool", "bob", 3), ("ann", "pool", 3)])
    assert ledger.balances == {"ann": 2, "bob": 3, "pool": 0}


def test_ledger_credit_party_may_go_below_zero():
    """docs/rules.md 5: a dealer's bank (or players on credit) may be overdrawn."""
    ledger = Ledger({"ann": 0, "bank": -5}, credit=["bank"])
    ledger.pay("bank", "ann", 10)
    assert ledger.balances == {"ann": 10, "bank": -15}
    assert ledger.total == -5
    assert ledger.credit == frozenset({"bank"})
    assert Ledger.from_json(ledger.to_json()) == ledger


def test_ledger_error_names_the_problem_and_nothing_changes():
    """docs/rules.md 5: "A settlement that would break this raises an error and changes
    nothing." An error anywhere in a batch undoes the whole batch."""
    ledger = Ledger({"ann": 5, "bob": 5, "pool": 0})
    ledger.pay("ann", "pool", 1, note="ante")
    good = ("bob", "pool", 1)
    cases = [
        ([good, ("ann", "zed", 1)], "unknown party 'zed'"),
        ([good, ("zed", "ann", 1)], "unknown party 'zed'"),
        ([good, (None, "ann", 1)], "unknown party None"),
        ([good, ("ann", "pool", -2)], "the amount from 'ann' to 'pool' cannot be negative: -2"),
        ([good, ("ann", "pool", 1.0)], "the amount from 'ann' to 'pool' must be a whole number of counters, not 1.0"),
        ([good, ("ann", "pool", 0.5)], "the amount from 'ann' to 'pool' must be a whole number of counters, not 0.5"),
        ([good, ("ann", "pool", "1")], "the amount from 'ann' to 'pool' must be a whole number of counters, not '1'"),
        ([good, ("ann", "pool", True)], "the amount from 'ann' to 'pool' must be a whole number of counters, not True"),
        ([good, ("ann", "pool", None)], "the amount from 'ann' to 'pool' must be a whole number of counters, not None"),
        (
            [good, ("ann", "pool", Fraction(1))],
            "the amount from 'ann' to 'pool' must be a whole number of counters, not Fraction(1, 1)",
        ),
        (
            [good, ("ann", "pool", Decimal(1))],
            "the amount from 'ann' to 'pool' must be a whole number of counters, not Decimal('1')",
        ),
        ([good, ("ann", "ann", 1)], "'ann' cannot pay itself"),
        ([good, ("ann", "bob", 5)], "'ann' would be overdrawn: 4 - 5 = -1 (no credit)"),
        ([("ann", "bob", 3), ("ann", "pool", 3)], "'ann' would be overdrawn: 4 - 6 = -2 (no credit)"),
        # bob receives 2 and pays 9: his net is 7 out of 5
        ([("ann", "bob", 2), ("bob", "pool", 9)], "'bob' would be overdrawn: 5 - 7 = -2 (no credit)"),
    ]
    for payments, message in cases:
        with unchanged(ledger), raises_exactly(message):
            ledger.apply(payments, note="bad")
    with unchanged(ledger), raises_exactly("'pool' would be overdrawn: 1 - 2 = -1 (no credit)"):
        ledger.pay("pool", "bob", 2)
    with unchanged(ledger), raises_exactly("'ann' would be overdrawn: 4 - 9 = -5 (no credit)"):
        ledger.collect("pool", {"bob": 1, "ann": 9})
    with unchanged(ledger), raises_exactly("'pool' would be overdrawn: 1 - 3 = -2 (no credit)"):
        ledger.pay_out("pool", {"ann": 1, "bob": 2})
    with unchanged(ledger), raises_exactly("unknown party 'zed'"):
        ledger.balance("zed")
    with unchanged(ledger), raises_exactly("unknown party 'zed'"):
        ledger.check([("zed", "ann", 1)])
    assert ledger.balances == {"ann": 4, "bob": 5, "pool": 1}


def test_ledger_check_validates_without_applying():
    """docs/rules.md 5: check() returns the batch it would apply and changes nothing."""
    ledger = Ledger({"ann": 5, "pool": 0})
    with unchanged(ledger):
        assert ledger.check([("ann", "pool", 2), Payment("ann", "pool", 3)]) == (
            Payment("ann", "pool", 2),
            Payment("ann", "pool", 3),
        )


@pytest.mark.parametrize(
    ("balances", "credit", "message"),
    [
        ({"": 1}, (), "a party is named by a non-empty string, not ''"),
        ({3: 1}, (), "a party is named by a non-empty string, not 3"),
        ({"ann": 1.0}, (), "the balance of 'ann' must be a whole number of counters, not 1.0"),
        ({"ann": True}, (), "the balance of 'ann' must be a whole number of counters, not True"),
        ({"ann": 1}, ("bank",), "unknown party 'bank' given credit"),
        ({"ann": -1}, (), "'ann' cannot start below zero (-1) without credit"),
    ],
)
def test_ledger_construction_errors(balances, credit, message):
    """docs/rules.md 5: parties are named; balances are whole counters; only credit goes
    below zero."""
    with raises_exactly(message):
        Ledger(balances, credit=credit)


def test_ledger_add_party_keeps_the_total():
    """docs/rules.md 5: a new party (a second pool, a late player) joins with no counters."""
    ledger = Ledger({"ann": 5, "pool": 0})
    ledger.pay("ann", "pool", 2)
    ledger.add_party("side")
    ledger.add_party("bank", credit=True)
    assert ledger.balances == {"ann": 3, "pool": 2, "side": 0, "bank": 0}
    assert ledger.total == 5 and "bank" in ledger.credit
    ledger.apply([("pool", "side", 2), ("bank", "ann", 4)])
    assert ledger.balances == {"ann": 7, "pool": 0, "side": 2, "bank": -4}
    assert Ledger.from_json(ledger.to_json()) == ledger
    for name, message in [
        ("ann", "party 'ann' already exists"),
        ("", "a party is named by a non-empty string, not ''"),
        (None, "a party is named by a non-empty string, not None"),
    ]:
        with unchanged(ledger), raises_exactly(message):
            ledger.add_party(name)


def test_ledger_journal_replays_and_round_trips_through_json():
    """docs/rules.md 5: every applied batch is recorded; the journal replays to the same
    balances, through JSON."""
    ledger = Ledger({"ann": 10, "bob": 10, "pool": 0}, credit=["bob"])
    ledger.collect("pool", {"ann": 3, "bob": 12}, note="bets")
    ledger.pay_out("pool", {"ann": 15}, note="ann wins")
    text = ledger.to_json()
    twin = Ledger.from_json(text)
    assert twin == ledger
    assert twin.balances == {"ann": 22, "bob": -2, "pool": 0}
    assert twin.journal == ledger.journal
    assert twin.to_json() == text
    assert ledger.to_dict() == {
        "initial": {"ann": 10, "bob": 10, "pool": 0},
        "credit": ["bob"],
        "journal": [
            {"note": "bets", "payments": [["ann", "pool", 3], ["bob", "pool", 12]]},
            {"note": "ann wins", "payments": [["pool", "ann", 15]]},
        ],
        "balances": {"ann": 22, "bob": -2, "pool": 0},
    }
    assert Batch.from_dict(ledger.to_dict()["journal"][0]) == ledger.journal[0]
    assert twin != Ledger({"ann": 22, "bob": -2, "pool": 0}, credit=["bob"])  # same balances, other history


def test_ledger_replay_of_a_tampered_journal_is_checked_again():
    """docs/rules.md 5: a journal that would overdraw a party does not replay."""
    data = Ledger({"ann": 1, "pool": 0}).to_dict()
    del data["balances"]
    data["journal"] = [{"note": "", "payments": [["ann", "pool", 2]]}]
    with raises_exactly("journal[0] does not replay: 'ann' would be overdrawn: 1 - 2 = -1 (no credit)"):
        Ledger.from_dict(data)


def test_ledger_copy_is_independent():
    """docs/rules.md 5: a copy (to try a settlement) does not share balances or journal."""
    ledger = Ledger({"ann": 5, "pool": 0})
    twin = ledger.copy()
    assert twin == ledger
    twin.pay("ann", "pool", 2)
    twin.add_party("side")
    assert ledger.balances == {"ann": 5, "pool": 0} and ledger.journal == ()
    ledger.pay("ann", "pool", 1)
    assert twin.balances == {"ann": 3, "pool": 2, "side": 0}
    assert len(twin.journal) == 1


@pytest.mark.parametrize("amount", [0.0, False, None])
def test_ledger_collect_rejects_falsy_non_integer_amounts(amount):
    """docs/rules.md 5 / the issue: non-integer amounts are a ValueError, and nothing changes."""
    ledger = Ledger({"ann": 5, "pool": 0})
    with unchanged(ledger), pytest.raises(SettlementError):
        ledger.collect("pool", {"ann": amount})


# --------------------------------------------------------------------------------------
# The ledger without a journal (a game keeps its own history)
# --------------------------------------------------------------------------------------


def test_ledger_without_a_journal_settles_exactly_as_one_with_a_journal():
    """docs/rules.md 5: the same batches give the same balances and the same batches back;
    only the journal is not kept."""
    kept = Ledger({"ann": 10, "bob": 10, "pool": 0, "bank": 0}, credit=["bank"])
    light = Ledger({"ann": 10, "bob": 10, "pool": 0, "bank": 0}, credit=["bank"], journal=False)
    assert kept.keeps_journal and not light.keeps_journal
    for ledger in (kept, light):
        assert ledger.collect("pool", {"ann": 2, "bob": 2}, note="ante") == Batch(
            (Payment("ann", "pool", 2), Payment("bob", "pool", 2)), "ante"
        )
        won = ledger.pay("pool", "ann", 4, note="ann wins")
        assert won == Batch((Payment("pool", "ann", 4),), "ann wins")
        ledger.apply([("bank", "bob", 3), Payment("ann", "pool", 1)], note="loan")
        ledger.pay_out("pool", {"bob": 1, "ann": 0})
        ledger.add_party("side", credit=True)
        ledger.pay("side", "ann", 1)
    assert light.balances == kept.balances == {"ann": 12, "bob": 12, "pool": 0, "bank": -3, "side": -1}
    assert light.total == kept.total == 20
    assert light.credit == kept.credit == frozenset({"bank", "side"})
    assert light.parties == kept.parties
    assert len(kept.journal) == 5 and light.journal == ()
    assert light != kept  # a ledger that keeps its journal never equals one that keeps none


def test_ledger_without_a_journal_to_dict_is_a_snapshot_of_the_balances():
    """docs/rules.md 5: with no history kept, the document states the balances now as both
    ``initial`` and ``balances``, with an empty journal and ``journal_kept`` false."""
    ledger = Ledger({"ann": 10, "bob": 10, "pool": 0}, credit=["bob"], journal=False)
    ledger.collect("pool", {"ann": 3, "bob": 12}, note="bets")
    ledger.pay_out("pool", {"ann": 15}, note="ann wins")
    assert ledger.to_dict() == {
        "initial": {"ann": 22, "bob": -2, "pool": 0},
        "credit": ["bob"],
        "journal": [],
        "balances": {"ann": 22, "bob": -2, "pool": 0},
        "journal_kept": False,
    }
    text = ledger.to_json()
    assert text == (
        '{"initial": {"ann": 22, "bob": -2, "pool": 0}, "credit": ["bob"], "journal": [], '
        '"balances": {"ann": 22, "bob": -2, "pool": 0}, "journal_kept": false}'
    )
    for twin in (Ledger.from_json(text), Ledger.from_dict(ledger.to_dict())):
        assert twin == ledger and not twin.keeps_journal
        assert twin.balances == ledger.balances and twin.credit == ledger.credit and twin.journal == ()
        assert twin.parties == ledger.parties
        assert twin.to_json() == text
        twin.pay("ann", "bob", 5)  # and it goes on as a ledger without a journal
        assert twin.journal == () and twin.balance("bob") == 3
    assert repr(ledger) == "Ledger({'ann': 22, 'bob': -2, 'pool': 0}, journal=False)"


def test_ledger_document_with_journal_kept_true_or_absent_keeps_the_journal():
    """docs/rules.md 5: ``journal_kept`` true is what a document without the field means."""
    doc = Ledger({"ann": 3, "pool": 0}).to_dict()
    doc["journal"] = [{"note": "ante", "payments": [["ann", "pool", 1]]}]
    doc["balances"] = {"ann": 2, "pool": 1}
    for ledger in (Ledger.from_dict(doc), Ledger.from_dict({**doc, "journal_kept": True})):
        assert ledger.keeps_journal and ledger.journal == (Batch((Payment("ann", "pool", 1),), "ante"),)
        assert "journal_kept" not in ledger.to_dict()


def test_ledger_without_a_journal_copy_is_independent_and_keeps_the_mode():
    """docs/rules.md 5: a copy of a ledger without a journal is one too, and shares nothing."""
    ledger = Ledger({"ann": 5, "pool": 0}, journal=False)
    ledger.pay("ann", "pool", 1)
    twin = ledger.copy()
    assert twin == ledger and not twin.keeps_journal
    twin.pay("ann", "pool", 2)
    twin.add_party("side")
    assert ledger.balances == {"ann": 4, "pool": 1} and ledger.parties == ("ann", "pool")
    ledger.pay("pool", "ann", 1)
    assert twin.balances == {"ann": 2, "pool": 3, "side": 0}
    assert twin.journal == ledger.journal == ()
    assert twin.to_dict()["initial"] == {"ann": 2, "pool": 3, "side": 0}


def test_ledger_without_a_journal_error_changes_nothing():
    """docs/rules.md 5: "A settlement that would break this raises an error and changes
    nothing", with or without a journal."""
    ledger = Ledger({"ann": 5, "bob": 5, "pool": 0}, journal=False)
    ledger.pay("ann", "pool", 1, note="ante")
    cases = [
        (lambda: ledger.apply([("bob", "pool", 1), ("ann", "zed", 1)]), "unknown party 'zed'"),
        (lambda: ledger.apply([("bob", "pool", 1), ("ann", "bob", 5)]),
         "'ann' would be overdrawn: 4 - 5 = -1 (no credit)"),
        (lambda: ledger.pay("ann", "ann", 1), "'ann' cannot pay itself"),
        (lambda: ledger.pay("pool", "bob", 2), "'pool' would be overdrawn: 1 - 2 = -1 (no credit)"),
        (lambda: ledger.apply([("bob", "pool", 1)], note=None), "a note must be a string, not None"),
        (lambda: ledger.collect("pool", {"ann": 1.0}),
         "the amount from 'ann' to 'pool' must be a whole number of counters, not 1.0"),
        (lambda: ledger.add_party("ann"), "party 'ann' already exists"),
    ]
    for call, message in cases:
        with unchanged(ledger), raises_exactly(message):
            call()
    assert ledger.balances == {"ann": 4, "bob": 5, "pool": 1} and ledger.journal == ()


def test_ledger_journal_argument_is_a_bool():
    """docs/rules.md 5: ``journal`` is True or False, and keyword-only."""
    with raises_exactly("journal is True or False, not 0"):
        Ledger({"ann": 1}, journal=0)
    with raises_exactly("journal is True or False, not None"):
        Ledger({"ann": 1}, journal=None)
    with pytest.raises(TypeError):
        Ledger({"ann": 1}, (), False)


# --------------------------------------------------------------------------------------
# Errors of showdown, pots and split
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contributions", "strengths", "order", "carry", "message"),
    [
        ({"a": 1, "b": 1}, {"a": 1}, ["a", "b"], 0, "seat 'b' needs both a contribution and a strength"),
        ({"a": 1}, {"a": 1, "z": 2}, ["a", "z"], 0, "seat 'z' needs both a contribution and a strength"),
        ({"a": 1, "b": 1}, {"a": 1, "b": 2}, ["a"], 0, "seat 'b' is not in the seat order"),
        ({"a": 1, "b": 1}, {"a": 1.5, "b": 2}, ["a", "b"], 0, "the strength of 'a' must be an int or None, not 1.5"),
        ({"a": 1, "b": 1}, {"a": 1, "b": True}, ["a", "b"], 0, "the strength of 'b' must be an int or None, not True"),
        (
            {"a": 1, "b": 1.0},
            {"a": 1, "b": 2},
            ["a", "b"],
            0,
            "the contribution of 'b' must be a whole number of counters, not 1.0",
        ),
        ({"a": -1, "b": 1}, {"a": 1, "b": 2}, ["a", "b"], 0, "the contribution of 'a' cannot be negative: -1"),
        ({"a": 1, "b": 1}, {"a": 1, "b": 2}, ["a", "b"], -3, "the carry cannot be negative: -3"),
        ({"a": 1, "b": 1}, {"a": 1, "b": 2}, ["a", "b"], 0.5, "the carry must be a whole number of counters, not 0.5"),
        ({"a": 1, "b": 1}, {"a": None, "b": None}, ["a", "b"], 0, "no seat is eligible to win the pool"),
    ],
)
def test_showdown_errors(contributions, strengths, order, carry, message):
    """docs/rules.md 5: a showdown that cannot be settled names its problem."""
    with raises_exactly(message):
        showdown(contributions, strengths, order, carry=carry)


@pytest.mark.parametrize(
    ("contributions", "eligible", "carry", "message"),
    [
        ({"a": 1}, ["a", "z"], 0, "eligible seat 'z' made no contribution"),
        ({"a": 1}, [], 0, "no seat is eligible to win the pool"),
        ({"a": 1, "b": "2"}, ["a"], 0, "the contribution of 'b' must be a whole number of counters, not '2'"),
        ({"a": 1}, ["a"], None, "the carry must be a whole number of counters, not None"),
    ],
)
def test_pots_errors(contributions, eligible, carry, message):
    """docs/rules.md 5: pots() names its problem."""
    with raises_exactly(message):
        pots(contributions, eligible, carry=carry)


@pytest.mark.parametrize(
    ("amount", "winners", "order", "message"),
    [
        (5, [], ["a"], "split() needs at least one winner"),
        (5, ["a", "z"], ["a"], "winner 'z' is not in the seat order"),
        (-5, ["a"], ["a"], "an amount to split cannot be negative: -5"),
        (5.0, ["a"], ["a"], "an amount to split must be a whole number of counters, not 5.0"),
    ],
)
def test_split_errors(amount, winners, order, message):
    """Law 76 (seed 000_090407a6d9d4a9ee.txt): split() names its problem."""
    with raises_exactly(message):
        split(amount, winners, order)


def law_60_reference(stakes, blinds, strengths, carry=0):
    """Law 60 as the text tells it, hand by hand (distinct strengths): the best hand claims
    the carry, "the amount of the ante and straddle or straddles", and from every player a
    sum up to his own stake (his whole contribution), out of what they staked beyond their
    ante or straddle; "the holder of the next best hand shall claim the remainder", in the
    same way (each stake is claimed from the bottom: a hand takes of it what lies below his
    own stake and the better hands have not taken), and so on. A stake beyond every hand still in (a retired player's bet nobody
    in could match) goes to the best of the hands that staked most."""
    live = sorted((s for s in strengths if strengths[s] is not None), key=lambda s: -strengths[s])
    most = max(stakes[s] for s in live)
    left = {s: min(stakes[s] - blinds.get(s, 0), most) for s in stakes}
    won = dict.fromkeys(stakes, 0)
    won[next(s for s in live if stakes[s] == most)] += sum(stakes[s] - blinds.get(s, 0) - left[s] for s in stakes)
    won[live[0]] += carry + sum(blinds.values())
    claimed = dict.fromkeys(stakes, 0)  # of each stake, the part from the bottom already claimed
    for winner in live:
        for seat in stakes:
            take = max(0, min(left[seat], stakes[winner]) - claimed[seat])
            claimed[seat] += take
            won[winner] += take
    assert claimed == left
    return won


def test_showdown_with_blinds_is_law_60_on_every_small_table():
    """Every table of three seats with contributions 0-4, every split of them into blind and
    bet, every order of distinct strengths and every seat retired or not: ``showdown`` with
    ``blinds`` pays what law 60 says, and without blinds the same as before."""
    import itertools

    seats = ("a", "b", "c")
    checked = 0
    for amounts in itertools.product(range(5), repeat=3):
        stakes = dict(zip(seats, amounts))
        for parts in itertools.product(*(range(a + 1) for a in amounts)):
            blinds = {s: b for s, b in zip(seats, parts) if b}
            for ranking in itertools.permutations((1, 2, 3)):
                for folded in (None, "a", "b", "c"):
                    strengths = {s: (None if s == folded else r) for s, r in zip(seats, ranking)}
                    expected = law_60_reference(stakes, blinds, strengths, carry=2)
                    assert showdown(stakes, strengths, list(seats), carry=2, blinds=blinds) == expected, (
                        stakes, blinds, strengths)
                    checked += 1
    assert checked == 15**3 * 6 * 4


def test_showdown_law_60_an_all_in_ante_collects_the_straddles_whole():
    """Law 60: the ante man all in for his ante of 1 holds the best hand against straddles of 2
    and 3 made good to 7 with the opener's 7: he claims the ante and straddles (6) and his stake
    (1) from each of the three others; the next best hand claims the remainder."""
    stakes = {"p0": 7, "p1": 1, "p2": 7, "p3": 7}
    won = showdown(stakes, {"p0": 1, "p1": 9, "p2": 5, "p3": 2}, ["p1", "p2", "p3", "p0"],
                   blinds={"p1": 1, "p2": 2, "p3": 3})  # fmt: skip
    assert won == {"p0": 0, "p1": 6 + 3, "p2": 22 - 9, "p3": 0}
    assert showdown(stakes, {"p0": 1, "p1": 9, "p2": 5, "p3": 2}, ["p1", "p2", "p3", "p0"])["p1"] == 4


# --------------------------------------------------------------------------------------
# Ties by seat (docs/rules.md 6.4)
# --------------------------------------------------------------------------------------


def test_first_of_best_gives_a_tie_to_the_first_in_the_order() -> None:
    """"Ties are decided in favour of the eldest hand" (seed 004, Three Stake Brag): the order
    is the game's, from the dealer's left."""
    from pycards.settlement import first_of_best

    assert first_of_best({0: 7, 1: 9, 2: 9}, [2, 0, 1]) == 2
    assert first_of_best({0: 7, 1: 9, 2: 9}, [1, 2, 0]) == 1
    assert first_of_best({0: 7, 1: None, 2: 3}, [1, 2, 0]) == 0


def test_first_of_best_with_nobody_able_to_win_is_none() -> None:
    from pycards.settlement import first_of_best

    assert first_of_best({0: None, 1: None}, [0, 1]) is None
    assert first_of_best({}, [0, 1]) is None


def test_first_of_best_refuses_bad_input_naming_it() -> None:
    from pycards.settlement import SettlementError, first_of_best

    with pytest.raises(SettlementError, match="seat 3 is not in the seat order"):
        first_of_best({3: 1}, [0, 1])
    with pytest.raises(SettlementError, match="'x'"):
        first_of_best({0: "x"}, [0])
    with pytest.raises(SettlementError, match="twice|more than once|duplicate"):
        first_of_best({0: 1}, [0, 0])
