"""One test per paragraph of single Brag and American Brag (``brag``, ``american_brag``).

The rules are the BRAG and American Brag paragraphs of seed ``004_7d6a6396833e304f.txt``
(lines 221-305; Three Stake Brag is tested elsewhere); docs/rules.md
sections 3.6 and 3.7 (the braggers and the order of the hands), 5 (the pool: law 76, law
60), 6.1 and 6.4 decide what the text leaves open. The drivers' own decisions, from their
module docstrings: the dealer's ante is his bet and he answers only a raise; no one seeing
the ante, he takes it back and each other player pays him a counter; ties at a public show
are shared with the odd counter to the first from the dealer's left; in American Brag the
elder hand (nearer the dealer's left) stays on equal hands in a private exchange, and the
dealer's call brings the show to the table; the deal passes to the left.

Every deal is played through the public protocol. The first deal's cards are stacked with
``top=`` (:func:`deal`: one card at a time to each seat from the dealer's left, three
rounds). Every expected number is worked out by hand in the docstring of its test.

Table: three players (unless told), dealer p0, limit 10, 100 counters each, one deal; the
order from the dealer's left is p1, p2, p0 (four players: p1, p2, p3, p0).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest
from poker_laws import balances, cards_seen, entries, payments, play, pool, says, stack

from pycards.cards import parse
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import new_game
from pycards.games.brag.single import Ante
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.betting_table import THROWN
from pycards.games.engine.events import DealEnded, Dealt, Moved, Note, Record, Shown
from pycards.settlement import Payment

BRAG, AMERICAN = "brag", "american_brag"

# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse(text))


def game_of(name: str, hands: Sequence[str] | None = None, dealer: int = 0, players: int | None = None,
            **options):  # fmt: skip
    """A session of ``name`` (limit 10, 100 counters, one deal unless told)."""
    terms = {"limit": 10, "counters": 100, "deals": 1, **options}
    seats = players if players is not None else (len(hands) if hands is not None else 3)
    top = stack(hands, dealer) if hands is not None else []
    return new_game(name, players=seats, seed=0, dealer=dealer, top=top, **terms)


def won(records: Iterable[Record]) -> list[Payment]:
    """The payments out of the pool."""
    return [p for p in payments(records) if p.payer == "pool"]


def shows(records: Iterable[Record]) -> dict[int, tuple[int, ...]]:
    """The hands shown to the table, by seat."""
    return {e.seat: tuple(e.cards) for e in entries(records, Shown) if e.seen_by is None}


def private_shows(records: Iterable[Record]) -> list[Shown]:
    return [e for e in entries(records, Shown) if e.seen_by is not None]


def all_meet_the_ante(game, ante: int) -> list[Record]:
    """The dealer antes ``ante`` and every other player meets it: the call and the show."""
    records = play(game, Ante(ante))
    while not game.is_over:
        assert game.to_act != game.dealer, "the dealer is not raised: he does not speak again"
        records += play(game, Call())
    return records


def kinds(game) -> set[type]:
    return {type(a) for a in game.legal_actions()}


def show_of_three(name: str, hands: Sequence[str], winner: int) -> list[Record]:
    """Three players, dealer p0 antes 2, p1 and p2 meet it: the pool of 2 * 3 = 6 goes to
    ``winner`` alone; he ends at 100 - 2 + 6 = 104, the others at 98."""
    game = game_of(name, hands)
    records = all_meet_the_ante(game, 2)
    assert shows(records) == {s: cards(hands[s]) for s in range(3)}
    assert won(records) == [Payment("pool", f"p{winner}", 6)]
    assert balances(game) == [104 if s == winner else 98 for s in range(3)]
    return records


# ======================================================================================
# BRAG (single stake): the braggers and the hands
# ======================================================================================


def test_brag_braggers_are_wild_their_holder_calls_them_anything():
    """BRAG: "A player to whom any one of these braggers is dealt may call it anything he
    pleases. If he has a pair of nines and a bragger, or a nine and two braggers, he may call
    them three nines, and bet on them as such."

    Deal 1: p1's 9S 9H and the club knave are three nines: they beat p2's natural pair of
    aces (without the bragger, a pair of nines would lose to it). Deal 2: p1's 9S with the
    diamond ace and the club knave are three nines too: they beat p0's three natural eights
    (a higher triplet), which no pair could."""
    show_of_three(BRAG, ["5S 4H 2D", "9S 9H JC", "AS AH 2C"], winner=1)
    show_of_three(BRAG, ["8S 8H 8C", "9S AD JC", "KS KH 2C"], winner=1)


def test_brag_three_eights_beat_an_eight_and_two_braggers():
    """BRAG: "in Brag a natural pair or triplet outranks one made with the aid of a bragger.
    Three eights will beat an eight and two braggers." p1's 8S with the diamond ace and club
    knave is three eights made with two braggers; p2's 8C 8D 8H are natural: p2 wins."""
    show_of_three(BRAG, ["KS KH 2C", "8S AD JC", "8C 8D 8H"], winner=2)


def test_brag_three_aces_is_the_best_hand():
    """BRAG: "Pairs and triplets are the only combinations of any value, and of course three
    aces is the best hand". p2's three natural aces beat p0's diamond ace with the two other
    braggers (three aces made with two braggers) and p1's three natural kings."""
    show_of_three(BRAG, ["AD JC 9D", "KS KH KC", "AS AH AC"], winner=2)


def test_brag_two_aces_and_the_club_jack_are_the_next_best():
    """BRAG: "three aces is the best hand; two aces and the club Jack being the next best".
    p2's AS AH and the club knave beat p1's AC and the diamond ace (a natural ace, docs/rules.md
    3.6) made three with the diamond nine, the lower bragger, and p0's three natural kings."""
    show_of_three(BRAG, ["KS KH KC", "AC AD 9D", "AS AH JC"], winner=2)


def test_brag_without_a_natural_pair_or_a_bragger_the_highest_card_wins_ace_above_king():
    """BRAG: "If none of the hands shown contains either a natural pair or a bragger, the
    highest card wins, the ace ranking above the King." p2's ace, three, deuce beats p1's and
    p0's king high hands."""
    show_of_three(BRAG, ["KH QD 8S", "KS QH 10C", "AS 3H 2C"], winner=2)


def test_brag_equal_natural_pairs_the_highest_card_outside_the_pair_wins():
    """BRAG: "In case of equal natural pairs, the highest card outside the pair wins." p1 and
    p2 both hold a natural pair of queens; p2's eight beats p1's five."""
    show_of_three(BRAG, ["10S 7H 3C", "QS QH 5C", "QC QD 8S"], winner=2)


def test_brag_pairs_both_made_with_a_bragger_the_highest_bragger_wins():
    """BRAG: "Should the pairs tied both be made with a bragger, the highest bragger wins. Two
    odd cards, seven high, with the club Jack, would beat two cards seven high with the diamond
    nine." Deal 1: 7S 4H with the club knave against 7C 4D with the diamond nine (both a pair
    of sevens, four): the club knave wins, p1. Deal 2: 7S 3H with the club knave against 7C 5D
    with the diamond nine: the bragger decides before the odd card (docs/rules.md 3.6): p2."""
    show_of_three(BRAG, ["6S 4C 2H", "7S 4H JC", "7C 4D 9D"], winner=1)
    show_of_three(BRAG, ["6S 4C 2H", "7C 5D 9D", "7S 3H JC"], winner=2)


# ======================================================================================
# BRAG: the ante, the deal, the betting
# ======================================================================================


def test_brag_the_dealer_antes_before_the_cards_any_amount_within_the_limit():
    """BRAG: "The dealer must put up an ante before the cards are cut. This ante may be any
    amount he pleases within the betting limit. No player can straddle or raise this ante until
    the cards are dealt." The dealer's first decision: Ante(1) .. Ante(limit), no more than he
    holds; no card is dealt before it, and nobody else has a say."""
    game = game_of(BRAG)
    assert game.to_act == 0 == game.dealer
    assert game.legal_actions() == [Ante(a) for a in range(1, 11)]
    assert entries(game.history(), Dealt) == [] and game.hands == [[], [], []]
    assert game.observation(1)["hand"] == () and game.observation(0)["dealer_ante"] == 0
    assert pool(game) == 0
    assert game_of(BRAG, limit=4).legal_actions() == [Ante(a) for a in range(1, 5)]
    assert game_of(BRAG, stacks=[3, 100, 100]).legal_actions() == [Ante(1), Ante(2), Ante(3)]
    assert game_of(BRAG, dealer=2).to_act == 2
    (record,) = play(game, Ante(3))
    kinds_in = [type(e) for e in record.entries]
    assert kinds_in.index(Payment) < kinds_in.index(Dealt)
    assert payments([record]) == [Payment("p0", "pool", 3)]
    assert game.observation(2)["dealer_ante"] == 3 and game.observation(2)["stakes"] == (3, 0, 0)
    assert pool(game) == 3 and balances(game) == [97, 100, 100]


def test_brag_three_cards_each_dealt_face_down_one_at_a_time_from_the_dealers_left():
    """BRAG: "Beginning on his left the dealer distributes the cards face down, and one at a
    time, until each player has received three." Dealer p1 of four: p2, p3, p0, p1, three
    rounds; each card seen by its holder only."""
    hands = ["2C 3D 4H", "5S 6C 7D", "8H 10S QC", "KD AS 2S"]
    game = game_of(BRAG, hands, dealer=1)
    (record,) = play(game, Ante(1))
    dealt = entries([record], Dealt)
    assert [(e.seat, e.seen_by) for e in dealt] == [(s, (s,)) for _ in range(3) for s in (2, 3, 0, 1)]
    assert [e.card for e in dealt] == stack(hands, dealer=1)
    assert game.hands == [list(cards(h)) for h in hands]
    for seat in range(4):
        assert game.observation(seat)["hand"] == cards(hands[seat])
        view = entries([record.view(seat)], Dealt)
        assert [e.card for e in view if e.card is not None] == [e.card for e in dealt if e.seat == seat]


def test_brag_from_the_eldest_hand_each_meets_the_ante_or_abandons_and_may_raise():
    """BRAG: "Beginning with the age, [eldest hand,] each player in turn must put up an amount
    equal to the dealer's ante, or abandon his hand. He may, if he chooses, raise the ante any
    further amount within the betting limit. All those following him must meet the total sum
    put up by any individual player, increase it, or pass out."

    Four players, ante 2. p1 (the eldest hand) may not pass and keep his hand (no Check): he
    meets it, 2. p2 raises 3: he puts in 5. p3 owes 5 and passes out. The dealer, raised,
    meets it with 3 more; p1 owes 3 and meets it. Pool 2 + 2 + 5 + 3 + 3 = 15, shown down
    among p1, p2 and p0: p2's three kings take it: 100 - 5 + 15 = 110."""
    hands = ["QS QH 2C", "5S 6C 7D", "KS KH KC", "3S 3H 4C"]
    game = game_of(BRAG, hands)
    play(game, Ante(2))
    assert game.to_act == 1
    assert game.legal_actions() == [Fold(), Call(), *[Raise(b) for b in range(1, 11)]]
    assert game.observation(1)["owed"] == 2
    (record,) = play(game, Call())
    assert payments([record]) == [Payment("p1", "pool", 2)]
    assert kinds(game) == {Fold, Call, Raise}
    (record,) = play(game, Raise(3))
    assert payments([record]) == [Payment("p2", "pool", 5)]
    assert game.observation(3)["owed"] == 5 and kinds(game) == {Fold, Call, Raise}
    assert says(game, Fold()) == [3]
    assert game.to_act == 0 and game.observation(0)["owed"] == 3
    records = play(game, Call())
    assert payments(records) == [Payment("p0", "pool", 3)]
    assert game.to_act == 1 and game.observation(1)["owed"] == 3
    records = play(game, Call())
    assert game.is_over and set(shows(records)) == {0, 1, 2}
    assert won(records) == [Payment("pool", "p2", 15)]
    assert balances(game) == [95, 95, 110, 100]


def test_brag_the_dealer_does_not_speak_again_unless_raised():
    """BRAG: "as the betting after the draw at Poker" (the driver: the ante is the dealer's
    bet, and he answers only a raise). Four players meet an ante of 2 without raising: the
    call is made at once, the dealer having no more say; pool 8 to p3's pair of aces."""
    hands = ["QS QH 2C", "5S 6C 7D", "KS 4H 3C", "AS AH 8C"]
    game = game_of(BRAG, hands)
    play(game, Ante(2))
    assert says(game, Call(), Call()) == [1, 2]
    records = play(game, Call())
    assert game.is_over
    assert set(shows(records)) == {0, 1, 2, 3}
    assert won(records) == [Payment("pool", "p3", 8)]
    assert balances(game) == [98, 98, 98, 106]


def test_brag_no_one_sees_the_ante_each_pays_the_dealer_a_counter_and_the_deal_passes_left():
    """BRAG: "If no one will see the dealer's ante, he must be paid one white counter by each
    of the other players, and the deal passes to the left." Four players, ante 3: all pass.
    The dealer takes back his 3 and one counter from each of the three others: 103, 99, 99,
    99; nothing is shown; p1 deals the next deal and antes first."""
    game = game_of(BRAG, players=4, deals=2)
    play(game, Ante(3), Fold(), Fold())
    records = play(game, Fold())
    ended = [r for r in records if DealEnded in map(type, r.entries)]
    assert ended
    assert sorted(payments(records)) == sorted([Payment("pool", "p0", 3), Payment("p1", "p0", 1),
                                                Payment("p2", "p0", 1), Payment("p3", "p0", 1)])  # fmt: skip
    assert any("no one will see" in e.text for e in entries(records, Note))
    assert entries(game.history(), Shown) == []
    assert balances(game) == [103, 99, 99, 99] and pool(game) == 0
    assert game.deal_number == 2 and game.dealer == 1 and game.to_act == 1
    assert kinds(game) == {Ante}


def test_brag_after_a_show_the_deal_passes_left_to_the_first_player_holding_counters():
    """BRAG: "the deal passes to the left" (docs/rules.md 6.1: after each deal, to the left;
    the driver: to the first player holding counters). p1 holds 2. Ante 2; p1 meets it with
    all he has, p2 meets it; p2's kings take 6: p0 98, p1 0, p2 104. p1, on the dealer's left,
    holds nothing and sits out: p2 deals the second deal and antes first."""
    hands = ["QS 5H 2C", "4S 3H 2D", "KS KH 4C"]
    game = game_of(BRAG, hands, stacks=[100, 2, 100], deals=2)
    records = play(game, Ante(2), Call(), Call())
    assert won(records) == [Payment("pool", "p2", 6)]
    assert balances(game) == [98, 0, 104]
    assert game.deal_number == 2 and game.dealer == 2 and game.to_act == 2
    assert game.legal_actions() == [Ante(a) for a in range(1, 11)]
    assert 1 in game.observation(0)["out"]


def test_brag_a_bet_no_one_meets_takes_the_pool_without_showing():
    """BRAG: "Should any player bet an amount which no other player will meet, he takes the
    pool without showing his hand." Four players, ante 2; p1 meets it (2); p2 raises 4 (6);
    p3, the dealer and p1 pass out. p2 takes 2 + 2 + 6 = 10 unshown: 104; p0 98, p1 98, p3
    100 (no counter is paid to the dealer: his ante was seen)."""
    hands = ["AS AH AC", "5S 6C 7D", "2C 3D 5H", "KS KH 8C"]
    game = game_of(BRAG, hands)
    records = play(game, Ante(2), Call(), Raise(4), Fold(), Fold(), Fold())
    assert game.is_over
    assert won(records) == [Payment("pool", "p2", 10)]
    assert [p for p in payments(records) if p.payer != "pool" and p.payee != "pool"] == []
    assert entries(game.history(), Shown) == []
    for seat in (None, 0, 1, 3):
        assert not cards_seen(game, seat) & set(cards(hands[2]))
    assert balances(game) == [98, 98, 104, 100]


def test_brag_a_call_shows_every_hand_still_in_to_all_and_the_best_brag_hand_wins():
    """BRAG: "Should a call be made, all the hands must be shown, and the best brag hand
    wins." Four players, ante 2; p1 passes out; p2 raises 1 (3), p3 meets it (3), the dealer
    meets it (1 more). The hands still in (p2, p3, p0) are shown to the table, p1's is not;
    p3's pair of tens takes 2 + 3 + 3 + 1 = 9: 106; p0 97, p1 100, p2 97."""
    hands = ["QS 5H 2C", "AS AH AC", "KS 4H 3C", "10S 10H 8C"]
    game = game_of(BRAG, hands)
    play(game, Ante(2), Fold(), Raise(1), Call())
    records = play(game, Call())
    assert shows(records) == {s: cards(hands[s]) for s in (2, 3, 0)}
    assert private_shows(records) == []
    for seat in range(4):
        assert set(game.observation(seat)["shown"]) == {0, 2, 3}
        assert not (cards_seen(game, seat) - set(cards(hands[seat]))) & set(cards(hands[1]))
    assert won(records) == [Payment("pool", "p3", 9)]
    assert balances(game) == [97, 100, 97, 106]


def test_brag_equal_best_hands_share_the_pool_the_odd_counter_to_the_first_from_the_dealers_left():
    """BRAG with docs/rules.md 5 (law 76: "equal best hands share the pool equally ... the
    indivisible remainder one unit at a time to the tied winners in seat order, starting left
    of the dealer"). Dealer p2 of four (order p3, p0, p1, p2), ante 1; p3 meets it, p0 passes,
    p1 meets it. p3 and p1 hold king, queen, seven: they share 3, p3 (first from the dealer's
    left) 2, p1 1: p1 100, p2 99, p3 101."""
    hands = ["2S 4D 6H", "KH QS 7D", "10S 5H 3C", "KS QH 7C"]
    game = game_of(BRAG, hands, dealer=2)
    assert game.to_act == 2
    play(game, Ante(1))
    assert says(game, Call(), Fold()) == [3, 0]
    records = play(game, Call())
    assert set(shows(records)) == {1, 2, 3}
    assert sorted(won(records)) == [Payment("pool", "p1", 1), Payment("pool", "p3", 2)]
    assert balances(game) == [100, 100, 99, 101]


def test_brag_a_player_who_cannot_meet_a_raise_goes_all_in_and_wins_only_what_he_staked():
    """BRAG with docs/rules.md 5 (law 60): "a player who cannot meet a raise puts in all he
    has and may win from each other player only as much as he staked". p1 holds 3 counters.
    Ante 2; p1 meets it (2, 1 left); p2 raises 5 (7); the dealer meets it (5 more); p1 may not
    raise, and calls with his last counter (stake 3). p1's three aces win 3 from each: 9; the
    rest, 4 + 4 = 8, goes to the next best hand, p2's pair of kings. p0 93, p1 9, p2 101."""
    hands = ["QS 5H 2C", "AS AH AC", "KS KH 4C"]
    game = game_of(BRAG, hands, stacks=[100, 3, 100])
    play(game, Ante(2), Call(), Raise(5), Call())
    assert game.to_act == 1 and game.legal_actions() == [Fold(), Call()]
    records = play(game, Call())
    assert payments(records)[0] == Payment("p1", "pool", 1)
    assert game.is_over and set(shows(records)) == {0, 1, 2}
    assert sorted(won(records)) == [Payment("pool", "p1", 9), Payment("pool", "p2", 8)]
    assert balances(game) == [93, 9, 101] and pool(game) == 0


def test_brag_three_to_twelve_players():
    """BRAG: "Three to twelve players may form a table." Two and thirteen are refused, naming
    the number; twelve are dealt 36 cards."""
    for players in (2, 13):
        with pytest.raises(GameOptionError, match=str(players)):
            new_game(BRAG, players=players, seed=0)
        with pytest.raises(GameOptionError, match=str(players)):
            new_game(AMERICAN, players=players, seed=0)
    for name in (BRAG, AMERICAN):
        assert new_game(name, players=3, seed=0).players == 3
        game = new_game(name, players=12, seed=0, dealer=0)
        (record,) = play(game, Ante(1))
        assert len(entries([record], Dealt)) == 36 and all(len(h) == 3 for h in game.hands)


def test_brag_the_limit_bounds_the_ante_and_every_raise():
    """BRAG: "the positions of the players, arrangements for counters, decision of the betting
    limit, etc., being the same as in Draw Poker"; the ante "any amount he pleases within the
    betting limit"; a raise "any further amount within the betting limit". Limit 4: the ante 1
    .. 4, each raise 1 .. 4; p2, holding 6, may raise at most 6 - 4 = 2 over an ante of 4."""
    game = game_of(BRAG, limit=4, stacks=[100, 100, 6])
    assert game.legal_actions() == [Ante(a) for a in range(1, 5)]
    play(game, Ante(4))
    assert game.legal_actions() == [Fold(), Call(), Raise(1), Raise(2), Raise(3), Raise(4)]
    for bad in (Raise(5), Raise(0), Check()):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
    play(game, Call())
    assert game.legal_actions() == [Fold(), Call(), Raise(1), Raise(2)]


def test_brag_hostile_ante_amounts_are_refused_and_change_nothing():
    """The ante "may be any amount he pleases within the betting limit": an ante of 0, less
    than 0, over the limit, more than the dealer holds, or not a whole number is an
    IllegalActionError and leaves the game exactly as it was; so is a bet before the ante."""
    for name in (BRAG, AMERICAN):
        game = game_of(name, stacks=[5, 100, 100])
        before = game.to_dict()
        for bad in (Ante(0), Ante(-1), Ante(6), Ante(11), Ante(10**9), Ante(True), Ante(2.0), Ante("3"),
                    Call(), Raise(1), Fold(), Check()):  # fmt: skip
            with pytest.raises(IllegalActionError):
                game.apply(bad)
            assert game.to_dict() == before
        wide = game_of(name)
        before = wide.to_dict()
        with pytest.raises(IllegalActionError):
            wide.apply(Ante(11))
        assert wide.to_dict() == before
        play(game, Ante(5))
        assert balances(game) == [0, 100, 100]


def test_brag_the_bound_on_decisions_holds_all_still_in_to_make_good_and_shows_the_hands():
    """docs/rules.md 6.1 (the turn bound) and the options: "when a deal has taken that many
    decisions, every player still in is held to make good, and the hands are shown".
    ``max_decisions`` 3: ante 2, p1 raises 2 (4), p2 raises 3 (7): the bound. p1 makes good 3,
    the dealer 5; all three are shown; p1's three aces take 2 + 4 + 7 + 3 + 5 = 21: 114."""
    hands = ["QS 5H 2C", "AS AH AC", "KS KH 4C"]
    game = game_of(BRAG, hands, max_decisions=3)
    records = play(game, Ante(2), Raise(2), Raise(3))
    assert game.is_over and game.truncated
    assert any("bound on decisions" in e.text for e in entries(records[-1:], Note))
    assert sorted(payments(records[-1:])) == sorted([Payment("p2", "pool", 7), Payment("p1", "pool", 3),
                                                     Payment("p0", "pool", 5), Payment("pool", "p1", 21)])  # fmt: skip
    assert shows(records) == {s: cards(hands[s]) for s in range(3)}
    assert balances(game) == [93, 114, 93]


# ======================================================================================
# AMERICAN BRAG: the braggers
# ======================================================================================


def test_american_every_jack_and_nine_is_a_bragger_and_made_sets_outrank_naturals():
    """American Brag: "there are eight braggers; the Jacks and nines of each suit, and they are
    all of equal rank when used as braggers. Pairs or triplets formed with the aid of braggers
    outrank naturals". p1's 4S 4H with the heart nine (three fours, made) beat p2's three
    natural kings; p0's heart seven made a pair with the diamond jack (under English rules the
    kings would win)."""
    game = game_of(AMERICAN)
    assert game.observation(0)["braggers"] == "american"
    show_of_three(AMERICAN, ["JD 3S 7H", "9H 4S 4H", "KS KH KC"], winner=1)
    show_of_three(BRAG, ["JD 3S 7H", "9H 4S 4H", "KS KH KC"], winner=2)


def test_american_three_jacks_is_an_invincible_hand_beating_three_aces():
    """American Brag: "so that three Jacks is an invincible hand, beating three aces." p2's
    JS JH JD beat p1's three aces and p0's three kings."""
    show_of_three(AMERICAN, ["KS KH KC", "AS AH AC", "JS JH JD"], winner=2)


def test_american_two_braggers_and_an_ace_outrank_two_aces_and_a_bragger():
    """American Brag: "Two braggers and an ace outrank two aces and a bragger". p2's diamond
    ace with the spade jack and heart nine beat p1's AS AH with the club nine."""
    show_of_three(AMERICAN, ["KS KH KC", "AS AH 9C", "AD JS 9H"], winner=2)


def test_american_three_jacks_and_three_nines_are_a_tie():
    """American Brag: "but the absurd part of the arrangement is that three Jacks and three
    nines are a tie." Ante 1, all meet it: p1's three jacks and p2's three nines share the
    pool of 3: p1 (first from the dealer's left) 2, p2 1 (law 76): p0 99, p1 101, p2 100."""
    hands = ["KS KH KC", "JS JH JD", "9S 9H 9D"]
    game = game_of(AMERICAN, hands)
    records = all_meet_the_ante(game, 1)
    assert set(shows(records)) == {0, 1, 2}
    assert sorted(won(records)) == [Payment("pool", "p1", 2), Payment("pool", "p2", 1)]
    assert balances(game) == [99, 101, 100]


# ======================================================================================
# AMERICAN BRAG: the lose-and-drop-out brag
# ======================================================================================


def test_american_if_the_players_simply_equal_the_ante_all_the_hands_are_shown_at_once():
    """American Brag: "If the players simply equal the dealer's ante, nothing unusual occurs,
    and all the hands are shown at once." Four players meet an ante of 2: no private show, the
    four hands shown to the table in the one record; p3's pair of aces takes 8."""
    hands = ["QS QH 2C", "5S 6C 7D", "KS 4H 3C", "AS AH 8C"]
    game = game_of(AMERICAN, hands)
    records = all_meet_the_ante(game, 2)
    assert private_shows(records) == []
    assert shows(records[-1:]) == {s: cards(hands[s]) for s in range(4)}
    assert all(game.observation(s)["seen"] == {} for s in range(4))
    assert won(records) == [Payment("pool", "p3", 8)]
    assert balances(game) == [98, 98, 98, 106]


def test_american_a_raise_seen_the_two_exchange_hands_unseen_and_the_worse_retires():
    """American Brag: "But if any player raises, and another sees this raise, these two
    immediately exchange hands, without showing them to the other players, and the one who
    held the worse hand retires from that pool, returning the better hand to its original
    holder, who then awaits a call or raise from the next player in order, the entire amount
    staked still remaining in the pool."

    Four players, ante 2; p1 raises 3 (5), p2 sees it (5). p1 and p2 alone see each other's
    hand; p2's pair of kings beats p1's queen high: p1 retires, his hand thrown face down, p2
    keeps his own; the pool keeps 2 + 5 + 5 = 12; p3 is next to answer, owing 5."""
    hands = ["3S 3H 2C", "QS 5H 2D", "KS KH 4C", "AS 7H 8C"]
    game = game_of(AMERICAN, hands)
    play(game, Ante(2), Raise(3))
    (record,) = play(game, Call())
    shown = private_shows([record])
    assert [(e.seat, tuple(e.cards), e.seen_by) for e in shown] == [(1, cards(hands[1]), (1, 2)),
                                                                    (2, cards(hands[2]), (1, 2))]  # fmt: skip
    assert shows([record]) == {}
    for seat in (None, 0, 3):
        assert all(set(e.cards) == {None} for e in private_shows([record.view(seat)]))
        assert not cards_seen(game, seat) & set(cards(hands[1]) + cards(hands[2]))
    for seat in range(4):
        assert game.observation(seat)["shown"] == {}
    assert game.observation(1)["seen"] == {2: cards(hands[2])}
    assert game.observation(2)["seen"] == {1: cards(hands[1])}
    assert game.observation(0)["seen"] == {} and game.observation(3)["seen"] == {}
    assert set(cards(hands[2])) <= game.knowledge(1).seen
    assert set(cards(hands[1])) <= game.knowledge(2).seen
    assert not (game.knowledge(3).seen | game.knowledge(0).seen) & set(cards(hands[1]) + cards(hands[2]))
    thrown = entries([record], Moved)
    assert [(e.card, e.target, e.seen_by) for e in thrown] == [(c, THROWN, (1,)) for c in cards(hands[1])]
    for seat in (None, 0, 2, 3):
        assert [e.card for e in entries([record.view(seat)], Moved)] == [None, None, None]
    assert game.observation(1)["knowledge"]["hand:2:0"] == tuple(sorted(cards(hands[2])))
    assert game.live == [2, 3, 0]
    assert game.observation(2)["hand"] == cards(hands[2]) and game.observation(1)["hand"] == ()
    assert won([record]) == [] and pool(game) == 12 and game.stakes == [2, 5, 5, 0]
    assert game.to_act == 3 and game.observation(3)["owed"] == 5


def test_american_a_copy_for_search_keeps_what_the_table_heard_of_an_exchange():
    """The table hears "p1 holds the worse hand and retires" (the hands themselves stay
    private): a copy dealt again for a third seat's search (``resample``) keeps that outcome,
    the survivor's hand at least as good as the thrown one under the American braggers
    (docs/protocol.md, honest chance; ``Game._fits``)."""
    from pycards.brag import evaluate

    hands = ["3S 3H 2C", "QS 5H 2D", "KS KH 4C", "AS 7H 8C"]
    game = game_of(AMERICAN, hands)
    play(game, Ante(2), Raise(3), Call())
    renamed = 0
    for k in range(60):
        twin = game.resample(3, k)
        thrown, kept = twin._card_places()[THROWN], twin.hands[2]
        assert evaluate(kept, "american") > evaluate(thrown, "american")
        renamed += sorted(kept) != sorted(cards(hands[2]))
        assert twin.hands[3] == game.hands[3]  # the seat's own cards stay
    assert renamed > 30  # the hidden hands are dealt again, not kept


def test_american_the_bragger_seeing_the_dealers_raise_comes_to_the_show():
    """American Brag: "until only one player remains to dispute the pool with the dealer. If
    they come to a call, both hands are shown to the table." The dealer takes no part in the
    exchanges (docs/rules.md 6.4): p1 raises, the others pass, the dealer raises again and p1
    sees it: no private show, both hands to the table. Ante 2; p1 raises 2 (4); the dealer
    makes good 2 and raises 2 (6); p1 makes good 2 (6). p1's kings beat the dealer's threes
    and take 6 + 6 = 12: p1 100 - 6 + 12 = 106, the dealer 94."""
    hands = ["3S 3H 2C", "KS KH 4C", "QS 5H 2D", "AS 7H 8C"]
    game = game_of(AMERICAN, hands)
    records = play(game, Ante(2), Raise(2), Fold(), Fold(), Raise(2), Call())
    assert private_shows(records) == []
    assert shows(records) == {1: cards(hands[1]), 0: cards(hands[0])}
    assert won(records) == [Payment("pool", "p1", 12)]
    assert balances(game) == [94, 106, 100, 100]


def test_american_the_chain_continues_with_the_next_players_call_of_the_survivor():
    """American Brag: "... who then awaits a call or raise from the next player in order ...
    This lose-and-drop-out system is continued until only one player remains to dispute the
    pool with the dealer. If they come to a call, both hands are shown to the table."

    Four players, ante 2; p1 raises 3 (5); p2 sees it (5): p1's pair of queens beats p2's king
    high, p2 retires. p3 sees p1 (5): p3's three fours (made with the club jack) beat p1, who
    retires. The dealer sees the raise (3 more): p3 and p0 are shown to the table; p3 beats
    p0's pair of aces and takes 2 + 5 + 5 + 5 + 3 = 20: 115, the others 95."""
    hands = ["AS AH 5C", "QS QH 2D", "KS 7H 3C", "4S 4H JC"]
    game = game_of(AMERICAN, hands)
    play(game, Ante(2), Raise(3))
    (first,) = play(game, Call())
    assert [(e.seat, e.seen_by) for e in private_shows([first])] == [(1, (1, 2)), (2, (1, 2))]
    assert game.live == [1, 3, 0] and game.to_act == 3
    (second,) = play(game, Call())
    assert [(e.seat, e.seen_by) for e in private_shows([second])] == [(1, (1, 3)), (3, (1, 3))]
    assert game.live == [3, 0] and game.to_act == 0 and pool(game) == 17
    assert game.observation(3)["seen"] == {1: cards(hands[1])}
    assert game.observation(1)["seen"] == {2: cards(hands[2]), 3: cards(hands[3])}
    (last,) = play(game, Call())
    assert private_shows([last]) == []
    assert shows([last]) == {3: cards(hands[3]), 0: cards(hands[0])}
    assert won([last]) == [Payment("pool", "p3", 20)]
    assert balances(game) == [95, 95, 95, 115]


def test_american_the_survivor_awaits_a_call_or_raise_from_the_next_player_in_order():
    """American Brag: the better hand returns "to its original holder, who then awaits a call
    or raise from the next player in order". Four players, ante 2; p1 raises 3 (5); p2 sees it
    (5) and retires (king high against p1's queens). p3 raises 2 (7): a raise is no call, so
    no exchange yet; the dealer passes; p1 meets the raise (2 more) and so calls p3: p3's three
    fours (made with the club jack) beat p1, who retires. p3 is left alone and takes
    2 + 5 + 5 + 7 + 2 = 21 unshown: 114; p0 98, p1 93, p2 95."""
    hands = ["AS 8H 6C", "QS QH 2D", "KS 7H 3C", "4S 4H JC"]
    game = game_of(AMERICAN, hands)
    play(game, Ante(2), Raise(3), Call())
    assert game.live == [1, 3, 0] and game.to_act == 3
    (record,) = play(game, Raise(2))
    assert private_shows([record]) == [] and game.live == [1, 3, 0]
    assert says(game, Fold()) == [0]
    assert game.to_act == 1 and game.observation(1)["owed"] == 2
    (record,) = play(game, Call())
    assert [(e.seat, e.seen_by) for e in private_shows([record])] == [(1, (1, 3)), (3, (1, 3))]
    assert any("p1 holds the worse hand" in e.text for e in entries([record], Note))
    assert game.is_over and shows(game.history()) == {}
    assert won([record]) == [Payment("pool", "p3", 21)]
    assert balances(game) == [98, 93, 95, 114]


def test_american_an_all_in_survivor_is_still_called_by_the_next_player():
    """American Brag: the better hand returns "to its original holder, who then awaits a call
    or raise from the next player in order ... This lose-and-drop-out system is continued until
    only one player remains to dispute the pool with the dealer" (with docs/rules.md 5, law 60,
    for all games: a player who cannot meet a raise puts in all he has).

    Four players, p2 holding 3. Ante 2; p1 raises 5 (7); p2 sees it with all he has (3): p2's
    kings beat p1's queen high, p1 retires and p2, all in, is the bragger. p3 meets the raise
    (7): that is a call of p2, so p2 and p3 must exchange hands privately, and p3's ace high
    retire, leaving p2 alone to dispute the pool with the dealer."""
    hands = ["3S 3H 2C", "QS 5H 2D", "KS KH 4C", "AS 7H 8C"]
    game = game_of(AMERICAN, hands, stacks=[100, 100, 3, 100])
    play(game, Ante(2), Raise(5))
    (record,) = play(game, Call())
    assert [(e.seat, e.seen_by) for e in private_shows([record])] == [(1, (1, 2)), (2, (1, 2))]
    assert game.live == [2, 3, 0] and game.stakes == [2, 7, 3, 0]
    (record,) = play(game, Call())
    assert [(e.seat, e.seen_by) for e in private_shows([record])] == [(2, (2, 3)), (3, (2, 3))]
    assert game.live == [2, 0]


def test_american_equal_hands_in_an_exchange_the_elder_hand_stays():
    """American Brag: "three Jacks and three nines are a tie"; in an exchange the driver keeps
    the elder hand, the nearer the dealer's left (docs/rules.md 6.4: the American games give
    ties to the eldest).

    Deal 1 (the raiser elder): ante 2; p1 (three nines) raises 1 (3), p2 (three jacks) sees
    it (3): p2 retires; the dealer passes: p1 takes 2 + 3 + 3 = 8 unshown: 100 - 3 + 8 = 105,
    p0 98, p2 97.
    Deal 2 (the caller elder): four players, ante 2; p1 (three jacks) meets it (2); p2 (three
    nines) raises 3 (5); p3 passes; the dealer meets it (3 more); p1 sees the raise (3 more):
    p1, the elder, stays, p2 retires. p1 and p0 are shown; p1 beats the dealer's natural kings
    and takes 2 + 2 + 5 + 3 + 3 = 15: 110, p0 95, p2 95, p3 100."""
    game = game_of(AMERICAN, ["KS KH KC", "9S 9H 9D", "JS JH JD"])
    records = play(game, Ante(2), Raise(1), Call())
    assert any("p2 holds the worse hand" in e.text for e in entries(records[-1:], Note))
    assert game.live == [1, 0]
    records += play(game, Fold())
    assert shows(records) == {} and won(records) == [Payment("pool", "p1", 8)]
    assert balances(game) == [98, 105, 97]

    hands = ["KS KH KC", "JS JH JD", "9S 9H 9D", "2S 3H 5C"]
    game = game_of(AMERICAN, hands)
    play(game, Ante(2), Call(), Raise(3), Fold(), Call())
    assert game.to_act == 1
    (record,) = play(game, Call())
    assert [(e.seat, e.seen_by) for e in private_shows([record])] == [(1, (1, 2)), (2, (1, 2))]
    assert any("p2 holds the worse hand" in e.text for e in entries([record], Note))
    assert shows([record]) == {1: cards(hands[1]), 0: cards(hands[0])}
    assert won([record]) == [Payment("pool", "p1", 15)]
    assert balances(game) == [95, 110, 95, 100]


def test_american_the_dealers_call_of_the_last_bragger_shows_both_hands_to_the_table():
    """American Brag: "until only one player remains to dispute the pool with the dealer. If
    they come to a call, both hands are shown to the table." Ante 2; p1 raises 2 (4); p2
    passes; the dealer sees it (2 more): no private show; p1's and p0's hands are shown to the
    table; p1's pair of sixes (made with the spade nine) beats p0's natural pair of aces:
    2 + 4 + 2 = 8: p0 96, p1 104, p2 100."""
    hands = ["AS AH 5C", "6S 9S 2D", "KS 7H 3C"]
    game = game_of(AMERICAN, hands)
    play(game, Ante(2), Raise(2), Fold())
    assert game.to_act == 0
    (record,) = play(game, Call())
    assert private_shows([record]) == []
    assert shows([record]) == {1: cards(hands[1]), 0: cards(hands[0])}
    assert game.observation(2)["shown"] == {1: cards(hands[1]), 0: cards(hands[0])}
    assert won([record]) == [Payment("pool", "p1", 8)]
    assert balances(game) == [96, 104, 100]


def test_american_the_bragger_not_called_takes_the_pool_without_showing():
    """American Brag: "If the bragger is not called, he takes the pool without showing his
    hand." Four players, ante 2; p1 raises 3 (5); p2 sees it (5) and wins the exchange; p3 and
    the dealer pass: p2 takes 2 + 5 + 5 = 12 unshown: 107; p0 98, p1 95, p3 100. Nobody but p1
    has seen p2's hand."""
    hands = ["3S 3H 2C", "QS 5H 2D", "KS KH 4C", "AS 7H 8C"]
    game = game_of(AMERICAN, hands)
    records = play(game, Ante(2), Raise(3), Call(), Fold(), Fold())
    assert game.is_over
    assert shows(records) == {}
    assert won(records) == [Payment("pool", "p2", 12)]
    assert balances(game) == [98, 95, 107, 100]
    for seat in (None, 0, 3):
        assert not cards_seen(game, seat) & set(cards(hands[2]))
    assert set(cards(hands[2])) <= cards_seen(game, 1)


def test_american_no_one_sees_the_ante_each_pays_the_dealer_a_counter():
    """American Brag: the deal and betting are single Brag's: "If no one will see the
    dealer's ante, he must be paid one white counter by each of the other players, and the
    deal passes to the left." Ante 4, both pass: p0 102, p1 99, p2 99; p1 deals next."""
    game = game_of(AMERICAN, deals=2)
    records = play(game, Ante(4), Fold(), Fold())
    assert sorted(payments(records[-1:])) == sorted([Payment("pool", "p0", 4), Payment("p1", "p0", 1),
                                                     Payment("p2", "p0", 1)])  # fmt: skip
    assert entries(game.history(), Shown) == []
    assert balances(game) == [102, 99, 99]
    assert game.dealer == 1 and game.to_act == 1 and kinds(game) == {Ante}
