"""One test per paragraph of Straight Poker and Stud Poker (``straight_poker``, ``stud_poker``).

The rules are the STRAIGHT POKER and STUD POKER paragraphs of seed
``004_7d6a6396833e304f.txt``; docs/rules.md sections 2.3 (profile ``no_straight_flush``),
5 (the pool), 6.1 and 6.3 decide what the text leaves open (the buck's holder antes for all,
the winner of the largest share deals, the best hand showing in Stud and its ties).

Every deal is played through the public protocol. The first deal's cards are stacked with
``top=`` (:func:`stack`: one card at a time to each seat from the dealer's left, five
rounds; in Stud the first round is the down card, the others the up cards in the order they
are given out); who wins is checked with the independent ranking of
``tests/reference_poker.py`` (:func:`key`), who leads in Stud with :func:`showing_key`, a
plain reading of docs/rules.md 6.3 written here. Every expected number is worked out by hand.

Table: four players (unless told), dealer p0, ante 1, limit 10, 100 counters each, so the
order from the dealer's left is p1, p2, p3, p0 and the buck's holder antes 4.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from poker_laws import balances, entries, payments, play, pool, says, stack
from reference_poker import reference_key

from pycards.cards import parse
from pycards.games import new_game
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.events import DealEnded, Dealt, Note, Record, Shown
from pycards.settlement import Payment

NSF = "no_straight_flush"


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------



def game_of(name: str, hands: Sequence[str] | None = None, dealer: int = 0, players: int | None = None,
            top: Sequence[int] | None = None, seed: int = 0, **options):  # fmt: skip
    """A session of ``name`` (ante 1, limit 10, 100 counters, one deal unless told)."""
    terms = {"ante": 1, "limit": 10, "counters": 100, "deals": 1, **options}
    if top is None:
        top = stack(hands, dealer) if hands is not None else []
    seats = players if players is not None else (len(hands) if hands is not None else 4)
    return new_game(name, players=seats, seed=seed, dealer=dealer, top=list(top), **terms)




def won(records: Iterable[Record]) -> list[Payment]:
    """The payments out of the pool."""
    return [p for p in payments(records) if p.payer == "pool"]


def before_the_next_deal(record: Record) -> Record:
    """The part of ``record`` up to the end of its deal (the next deal's antes excluded)."""
    kinds = [type(e) for e in record.entries]
    end = kinds.index(DealEnded) if DealEnded in kinds else len(kinds)
    return Record(record.seat, record.action, record.entries[:end])


def after_the_deal(record: Record) -> Record:
    """The part of ``record`` after the end of its deal (the next deal's antes and cards)."""
    kinds = [type(e) for e in record.entries]
    return Record(record.seat, record.action, record.entries[kinds.index(DealEnded) + 1:])


def hand(text: str) -> tuple[int, ...]:
    return tuple(parse(text))


def key(cards: str | Sequence[int], profile: str = NSF) -> tuple[int, ...]:
    return reference_key(tuple(parse(cards)), profile)


def kinds(game) -> set[type]:
    return {type(a) for a in game.legal_actions()}


def showing_key(cards: Sequence[int]) -> tuple[int, ...]:
    """docs/rules.md 6.3, the best hand showing: fours, threes, two pairs, a pair, then the
    high cards; no sequence or flush; the groups by rank, the larger first."""
    counts = Counter(c // 4 for c in cards)
    groups = sorted(((n, rank) for rank, n in counts.items()), reverse=True)
    shape = [n for n, _ in groups]
    kind = 4 if shape[0] == 4 else 3 if shape[0] == 3 else 2 if shape[:2] == [2, 2] else 1 if shape[0] == 2 else 0
    return (kind, *[rank for _, rank in groups])


def expected_leader(game) -> int:
    """The best showing of the seats still in; equal: nearest the dealer's left."""
    order = [(game.dealer + k) % game.players for k in range(1, game.players + 1)]
    live = [s for s in order if s in game.live]
    up = game.observation(0)["up"]
    best = max(showing_key(up[s]) for s in live)
    return next(s for s in live if showing_key(up[s]) == best)


# ======================================================================================
# STRAIGHT POKER
# ======================================================================================


def test_straight_poker_has_no_draw():
    """STRAIGHT POKER (seed 004_7d6a6396833e304f.txt): "There is no draw to improve the
    hand". The hands dealt are the hands shown: p1 bets 1, all call, and the show follows at
    once; p2's aces take 4 + 4 = 8."""
    hands = ["2C 3D 5H 7S 9C", "KC KD 2H 7C 10C", "AC AD 3H 5S 9D", "QC QD 4H 6S JC"]
    game = game_of("straight_poker", hands)
    assert "draw" not in type(game).PHASES
    assert {k.__name__ for k in type(game).actions} == {"Fold", "Check", "Call", "Raise"}
    dealt = [list(h) for h in game.hands]
    phases = []
    for action in (Raise(1), Call(), Call(), Call()):
        phases.append(game.phase)
        assert not any(k.__name__ in ("Discard", "Demand") for k in kinds(game))
        records = play(game, action)
    assert phases == ["bet"] * 4 and game.is_over
    assert {e.seat: list(e.cards) for e in entries(records, Shown)} == {s: dealt[s] for s in (1, 2, 3, 0)}
    assert won(records) == [Payment("pool", "p2", 8)]
    assert balances(game) == [95, 99, 107, 99]


def test_straight_poker_recognizes_no_straight_flush():
    """STRAIGHT POKER: "no such combination as a straight flush is recognized, four of a kind
    being the highest hand possible" (docs/rules.md 2.3: such a hand is a flush, ranked by its
    cards). p1's 5-9 of hearts is a nine-high flush: p2's ace-high flush beats it and takes
    4 + 5 + 5 = 14. Under ``american`` the same deal goes to p1."""
    hands = ["2C 7C 9D JD KD", "5H 6H 7H 8H 9H", "AS KS QS 10S 2S", "3C 3D 4C 4D JC"]
    assert key(hands[2]) > key(hands[1])
    assert key(hands[1], "american") > key(hands[2], "american")
    for profile, winner in ((None, 2), ("american", 1)):
        extra = {} if profile is None else {"profile": profile}
        game = game_of("straight_poker", hands, **extra)
        assert game.observation(0)["profile"] == (profile or NSF)
        records = play(game, Raise(5), Call(), Fold(), Fold())
        assert won(records) == [Payment("pool", f"p{winner}", 14)]
        assert balances(game)[winner] == 109 and balances(game)[3 - winner] == 95


def test_straight_poker_four_of_a_kind_is_the_highest_hand():
    """STRAIGHT POKER: "four of a kind being the highest hand possible": p3's four twos beat
    p1's 5-9 of hearts (which would be a straight flush, and win, under ``american``)."""
    hands = ["3C 7C 9D JD KD", "5H 6H 7H 8H 9H", "AS KS QS 10S 3S", "2C 2D 2H 2S QD"]
    assert key(hands[3]) > key(hands[1]) and key(hands[1], "american") > key(hands[3], "american")
    game = game_of("straight_poker", hands)
    records = play(game, Raise(1), Fold(), Call(), Fold())
    assert won(records) == [Payment("pool", "p3", 4 + 2)]


def test_straight_poker_the_buck_antes_for_all_and_passes_left_irrespective_of_the_deal():
    """STRAIGHT POKER: "The first dealer is provided with a buck ... Before dealing, he puts
    up the amount of the ante for all the players, and then passes the buck to the player on
    his left, who must ante for all the players in the next pool ... the buck is passed round
    the table in this manner irrespective of the deal, which is taken by the player winning
    the pool."

    Deal 1 (dealer p0): p0 antes 4; p3 bets 1 uncalled and takes 5. Deal 2: p3 deals, the
    buck's holder p1 antes 4; p0 bets 1 uncalled and takes 5. Deal 3: p0 deals, p2 antes 4."""
    game = game_of("straight_poker", deals=3)
    first = next(iter(game.history()))
    assert payments([first]) == [Payment("p0", "pool", 4)]
    assert game.observation(2)["buck"] == 1
    kinds_before = [type(e) for e in first.entries]
    assert kinds_before.index(Payment) < kinds_before.index(Dealt)  # "Before dealing"
    records = play(game, Check(), Check(), Raise(1), Fold(), Fold(), Fold())
    assert won([before_the_next_deal(records[-1])]) == [Payment("pool", "p3", 5)]
    assert game.dealer == 3 and game.to_act == 0
    assert payments([after_the_deal(records[-1])]) == [Payment("p1", "pool", 4)]
    assert game.observation(0)["buck"] == 2
    records = play(game, Raise(1), Fold(), Fold(), Fold())
    assert won([before_the_next_deal(records[-1])]) == [Payment("pool", "p0", 5)]
    assert game.dealer == 0 and game.to_act == 1
    assert payments([after_the_deal(records[-1])]) == [Payment("p2", "pool", 4)]
    assert game.observation(0)["buck"] == 3
    assert balances(game) == [100, 96, 96, 104] and pool(game) == 4


def test_straight_poker_all_pass_the_bucks_holder_antes_a_double_pool_and_the_deal_passes_left():
    """STRAIGHT POKER: "Should all pass, the holder of the buck antes, making a double pool,
    and passes the buck. The deal then passes to the left."

    Deal 1 (dealer p0, who antes 4): all pass. Deal 2: dealer p1, the buck's holder p1 antes
    4 more: 8. All pass again. Deal 3: dealer p2, p2 antes: 12. p3 bets 1 and nobody calls:
    he takes 13."""
    game = game_of("straight_poker")
    for deal, dealer in ((2, 1), (3, 2)):
        records = play(game, Check(), Check(), Check(), Check())
        assert any("all pass" in e.text for e in entries(records, Note))
        assert game.deal_number == deal and game.dealer == dealer
        assert payments([after_the_deal(records[-1])]) == [Payment(f"p{dealer}", "pool", 4)]
        assert pool(game) == 4 * deal and game.carry == 4 * (deal - 1)
        assert game.observation(0)["buck"] == (dealer + 1) % 4
    assert game.to_act == 3
    records = play(game, Raise(1), Fold(), Fold(), Fold())
    assert won(records) == [Payment("pool", "p3", 13)]
    assert balances(game) == [96, 96, 96, 112] and game.is_over


def test_straight_poker_after_a_bet_each_calls_raises_or_abandons_those_who_passed_included():
    """STRAIGHT POKER: "The cards dealt, each in turn, beginning with the player to the left
    of the dealer, may either bet or pass ... Should any player make a bet, each in turn,
    beginning with the one on his left, must call it, raise it, or abandon his hand. Players
    who have passed the first time, must now decide."

    p1 and p2 pass; p3 bets 2; p0 calls; p1 (who passed) may no longer pass: he raises 1;
    p2 abandons; p3 and p0 call. p0's aces take 4 + 3 * 3 = 13."""
    hands = ["AC AD 3H 5S 9C", "KC KD 2H 7S 10C", "2C 3C 5D 8H 9S", "QC QD 4H 6S JC"]
    assert key(hands[0]) > key(hands[1]) > key(hands[3])
    game = game_of("straight_poker", hands)
    assert game.to_act == 1 and kinds(game) == {Fold, Check, Raise}
    assert says(game, Check(), Check(), Raise(2), Call()) == [1, 2, 3, 0]
    assert game.to_act == 1 and kinds(game) == {Fold, Call, Raise}
    play(game, Raise(1))
    assert game.to_act == 2 and kinds(game) == {Fold, Call, Raise}
    assert says(game, Fold(), Call()) == [2, 3]
    records = play(game, Call())
    assert [e.seat for e in entries(records, Shown)] == [1, 3, 0]  # from the left of p0, the last
    assert won(records) == [Payment("pool", "p0", 13)]
    assert balances(game) == [106, 97, 100, 97]


def test_straight_poker_the_winner_of_the_pool_takes_the_deal():
    """STRAIGHT POKER: the deal "is taken by the player winning the pool ... it does not pass
    to the left." p2 wins deal 1 (dealer p0): p2 deals deal 2, and p3 speaks first."""
    hands = ["2C 3D 5H 7S 9C", "KC KD 2H 7C 10C", "AC AD 3H 5S 9D", "QC QD 4H 6S JC"]
    game = game_of("straight_poker", hands, deals=2)
    records = play(game, Raise(1), Call(), Call(), Call())
    assert won([before_the_next_deal(records[-1])]) == [Payment("pool", "p2", 8)]
    assert game.deal_number == 2 and game.dealer == 2 and game.to_act == 3


def test_straight_poker_a_shared_pool_gives_the_deal_to_the_first_winner_from_the_dealers_left():
    """STRAIGHT POKER with docs/rules.md 6.3 ("the winner of the largest share of the pool
    takes the deal (equal shares: the first from the dealer's left)"): p1 and p3 hold A K Q J
    9 of no flush and share 4 + 2 * 2 = 8; p1 (the nearer the dealer's left) deals next."""
    hands = ["2C 3D 5H 7S 9S", "AD KC QD JC 9D", "4C 4D 6H 10S 2H", "AC KD QC JD 9C"]
    assert key(hands[1]) == key(hands[3])
    game = game_of("straight_poker", hands, deals=2)
    records = play(game, Raise(2), Fold(), Call(), Fold())
    assert sorted(won([before_the_next_deal(records[-1])])) == [Payment("pool", "p1", 4),
                                                                 Payment("pool", "p3", 4)]  # fmt: skip
    assert game.dealer == 1


def test_straight_poker_a_player_all_in_who_wins_the_pool_takes_the_deal():
    """STRAIGHT POKER: the deal "is taken by the player winning the pool" (docs/rules.md 6.3:
    "the winner of the largest share of the pool takes the deal").

    Two players, p1 with 1 counter. p0 (the buck, ante 2) deals; p1 passes, p0 bets 10, p1
    calls with his last counter (all in, docs/rules.md 5). p1's aces win the pool he could
    reach: 2 + 1 + 1 = 4; p0's 9 uncalled counters go back to him: he won nothing, and p1,
    the winner of the pool, must deal deal 2."""
    hands = ["2C 3D 5H 7S 9C", "AC AD KH KS QC"]
    assert key(hands[1]) > key(hands[0])
    game = game_of("straight_poker", hands, stacks=[100, 1], deals=2)
    play(game, Check(), Raise(10))
    records = play(game, Call())
    first = before_the_next_deal(records[-1])
    assert Payment("pool", "p1", 4) in won([first]) and Payment("pool", "p0", 9) in won([first])
    assert game.rewards() == {0: -3, 1: 3}
    assert game.deal_number == 2
    assert game.dealer == 1, "p0 only took back his own uncalled counters: p1 won the pool"


# ======================================================================================
# STUD POKER, form "one_round": one card down and four up, one betting round
# ======================================================================================


def test_stud_one_round_deals_one_card_down_and_four_up():
    """STUD POKER (seed 004_7d6a6396833e304f.txt): "only the first card is dealt face down,
    the remaining four being turned up by the dealer as he gives them out." The arrangements
    for the buck are as at Straight Poker: p0 antes 4."""
    hands = ["2C 3D 6H 9S JD", "AC AD AH 2S 3C", "KC KD 5H 6S 8C", "QC QD 4H 7S 9C"]
    game = game_of("stud_poker", hands, form="one_round")
    first = next(iter(game.history()))
    dealt = entries([first], Dealt)
    assert [(e.seat, e.seen_by) for e in dealt[:4]] == [(1, (1,)), (2, (2,)), (3, (3,)), (0, (0,))]
    assert all(e.seen_by is None for e in dealt[4:]) and len(dealt) == 20
    assert payments([first]) == [Payment("p0", "pool", 4)]
    up = game.observation(1)["up"]
    assert {s: tuple(up[s]) for s in range(4)} == {s: hand(hands[s])[1:] for s in range(4)}
    downs = [e.card for e in entries(game.events(1), Dealt)][:4]
    assert downs == [hand(hands[1])[0], None, None, None]  # each sees only his own down card


def test_stud_one_round_each_may_pass_once_before_a_bet():
    """STUD POKER: "the betting proceeds as in Straight Poker, each player having the
    privilege of passing once before a bet is made." p1 passes, p2 bets 2, p3 calls, p0
    abandons, p1 must now call, raise or abandon: he calls. At the call the down cards are
    shown: p1's down ace makes three aces, which take 4 + 3 * 2 = 10."""
    hands = ["2C 3D 6H 9S JD", "AC AD AH 2S 3C", "KC KD 5H 6S 8C", "QC QD 4H 7S 9C"]
    assert key(hands[1]) > key(hands[2]) > key(hands[3])
    game = game_of("stud_poker", hands, form="one_round")
    assert kinds(game) == {Fold, Check, Raise}
    assert says(game, Check(), Raise(2), Call(), Fold()) == [1, 2, 3, 0]
    assert game.to_act == 1 and kinds(game) == {Fold, Call, Raise}
    records = play(game, Call())
    assert {e.seat: e.cards for e in entries(records, Shown)} == {s: hand(hands[s]) for s in (1, 2, 3)}
    assert won(records) == [Payment("pool", "p1", 10)]
    assert balances(game) == [96, 108, 98, 98]


def test_stud_one_round_all_pass_makes_a_double_pool():
    """STUD POKER: "The arrangements for the cards, seats, antes, buck, etc., are precisely as
    at Straight Poker": all pass; p1 deals and, holding the buck, antes 4 more (pool 8)."""
    game = game_of("stud_poker", form="one_round")
    records = play(game, Check(), Check(), Check(), Check())
    assert game.deal_number == 2 and game.dealer == 1 and pool(game) == 8
    assert payments([after_the_deal(records[-1])]) == [Payment("p1", "pool", 4)]
    assert [len(u) for u in game.observation(0)["up"].values()] == [4, 4, 4, 4]


# ======================================================================================
# STUD POKER, form "by_card": one down and one up, then a card up per round
# ======================================================================================


def test_stud_by_card_deals_one_down_and_one_up():
    """STUD POKER: "A much more popular method is to stop the deal at two cards, each player
    having received one face down, and another face up." (``form`` "by_card", the default.)"""
    game = game_of("stud_poker")
    assert game.options.form == "by_card"
    dealt = entries([next(iter(game.history()))], Dealt)
    assert [(e.seat, e.seen_by) for e in dealt] == [(1, (1,)), (2, (2,)), (3, (3,)), (0, (0,)),
                                                    (1, None), (2, None), (3, None), (0, None)]  # fmt: skip
    assert [len(h) for h in game.hands] == [2, 2, 2, 2]
    assert {s: len(u) for s, u in game.observation(0)["up"].items()} == {0: 1, 1: 1, 2: 1, 3: 1}


def test_stud_by_card_the_best_card_showing_makes_the_first_bet():
    """STUD POKER: "The best card showing then makes the first bet, and each player in turn
    must meet it, raise it, or pass out of that pool." p2's ace up is the best card: he bets
    or abandons (docs/rules.md 6.3: no check); then p3, p0, p1 meet, raise or pass out."""
    hands = ["2C 7D 3H 4S 5C", "9C 5D 6H 7S 8C", "JC AD 10H 9S 2D", "4C KH 3D 6C 8D"]
    game = game_of("stud_poker", hands)
    assert game.to_act == 2 == expected_leader(game)
    assert kinds(game) == {Fold, Raise}
    play(game, Raise(1))
    turns = []
    while game.observation(0)["up"][2] == (hand("AD")[0],):
        turns.append(game.to_act)
        assert kinds(game) == {Fold, Call, Raise}
        play(game, Call())
    assert turns == [3, 0, 1]


def test_stud_by_card_equal_cards_showing_the_nearest_the_dealers_left_bets_first():
    """STUD POKER with docs/rules.md 6.3: "If two players show equally good cards, the first
    bet falls to whichever of them sits closer to the dealer's left." p1 and p3 both show an
    ace: with p0 dealing p1 bets first, with p2 dealing p3 does."""
    hands = ["2C 7D 3H 4S 5C", "9C AH 6H 7S 8C", "JC 10D 10H 9S 2D", "4C AS 3D 6C 8D"]
    assert game_of("stud_poker", hands, dealer=0).to_act == 1
    assert game_of("stud_poker", hands, dealer=2).to_act == 3
    assert game_of("stud_poker", hands, dealer=1).to_act == 3  # order p2, p3, p0, p1
    assert game_of("stud_poker", hands, dealer=3).to_act == 1  # order p0, p1, p2, p3


def test_stud_by_card_if_no_one_will_call_the_bettor_takes_the_pool_and_the_next_deal():
    """STUD POKER: "If no one will call, the player making the bet takes the pool, and the
    next deal." p2 (ace up) bets 2; p3, p0 and p1 pass out: p2 takes 4 + 2 = 6 without
    showing his down card, and deals deal 2, in which p1 (the buck) antes 4."""
    hands = ["2C 7D 3H 4S 5C", "9C 5D 6H 7S 8C", "JC AD 10H 9S 2D", "4C KH 3D 6C 8D"]
    game = game_of("stud_poker", hands, deals=2)
    records = play(game, Raise(2), Fold(), Fold(), Fold())
    last = records[-1]
    assert won([before_the_next_deal(last)]) == [Payment("pool", "p2", 6)]
    assert entries(game.history(), Shown) == []
    assert hand("JC")[0] not in {e.card for e in entries(game.events(1), Dealt)}
    assert game.deal_number == 2 and game.dealer == 2
    assert payments([after_the_deal(last)]) == [Payment("p1", "pool", 4)]
    assert balances(game) == [96, 96, 104, 100]


def test_stud_by_card_the_best_showing_leads_every_round_until_five_cards():
    """STUD POKER: "If a bet is made and called, those in the call do not show their down
    cards, but are each given another card, face up, and the same betting process is gone
    through, the best hand showing face up making the first bet in each round. As long as
    two or more players remain in the pool they are given more cards until they have five.
    Then the final betting is done, and if a call is made, the down cards are shown".

    Up cards (docs/rules.md 6.3: fours, threes, two pairs, a pair, then the high cards):
    round 1 p2's ace; round 2 p3's kings; round 3 p1's three fives; round 4 p0's three
    sevens. Each round the leader bets 1 and all call; the down cards are shown only at the
    end, where p0's down seven makes fours: he takes 4 + 4 * 4 = 20."""
    hands = ["7C 2C 7D 7H 7S", "9C 5C 5D 5H 3C", "10C AH 3D 4H 6D", "QC KC KD 8H 9D"]
    game = game_of("stud_poker", hands)
    leaders, rounds = [], []
    records: list[Record] = []
    while not game.is_over:
        up = game.observation(0)["up"]
        assert {len(u) for u in up.values()} == {len(leaders) + 1}
        assert entries(records, Shown) == []
        leader = expected_leader(game)
        assert game.to_act == leader and kinds(game) == {Fold, Raise}
        leaders.append(leader)
        turns = [game.to_act]
        records += play(game, Raise(1))
        while game.to_act is not None and len(game.observation(0)["up"][leader]) == len(leaders):
            turns.append(game.to_act)
            records += play(game, Call())
        rounds.append(turns)
        if not game.is_over:  # the next card, face up, to each from the dealer's left
            street = entries(records[-1:], Dealt)
            assert [(e.seat, e.seen_by) for e in street] == [(1, None), (2, None), (3, None), (0, None)]
    assert leaders == [2, 3, 1, 0]
    assert rounds == [[2, 3, 0, 1], [3, 0, 1, 2], [1, 2, 3, 0], [0, 1, 2, 3]]
    shown = entries(records[-1:], Shown)
    assert [e.seat for e in shown] == [0, 1, 2, 3]  # from the left of p3, the last to call
    assert {e.seat: e.cards for e in shown} == {s: hand(hands[s]) for s in range(4)}
    assert won(records) == [Payment("pool", "p0", 20)]
    assert balances(game) == [112, 96, 96, 96]


def test_stud_by_card_a_player_who_passes_out_gets_no_more_cards():
    """STUD POKER: "each player in turn must meet it, raise it, or pass out of that pool ...
    those in the call ... are each given another card, face up". p2 (ace) bets 1, p3 passes
    out, p0 and p1 call: the third card goes to p1, p2 and p0 only, and p3's hand is gone.
    Round 2 is led by p1's pair of nines (docs/rules.md 6.3)."""
    down = hand("2C 9C JC 4C")  # p1, p2, p3, p0
    first_up = hand("9H AD KH 3D")
    second = hand("9D 5S 6S")  # p1, p2, p0
    top = [*down, *first_up, *second]
    game = game_of("stud_poker", top=top, players=4)
    assert game.to_act == 2
    records = play(game, Raise(1), Fold(), Call(), Call())
    street = entries(records[-1:], Dealt)
    assert [(e.seat, e.card) for e in street] == list(zip((1, 2, 0), second))
    assert game.hands[3] == [] and game.live == [1, 2, 0]
    assert game.observation(0)["up"][1] == hand("9H 9D")
    assert game.to_act == 1 == expected_leader(game)


def test_stud_by_card_straight_flushes_do_not_count_and_the_down_cards_are_shown():
    """STUD POKER: "if a call is made, the down cards are shown, and the best poker hand
    wins the pool. Straight flushes do not count." Two players: p0 shows A K Q 10 of spades
    and leads every round; p1 shows 6 7 8 9 of hearts over a down five of hearts: a nine-high
    flush (docs/rules.md 2.3), beaten by p0's ace-high flush (down two of spades). Nobody sees
    a down card before the show; p0 takes 2 + 4 * 2 = 10. Under ``american`` p1 would win."""
    hands = ["2S AS KS QS 10S", "5H 6H 7H 8H 9H"]
    assert key(hands[0]) > key(hands[1]) and key(hands[1], "american") > key(hands[0], "american")
    for profile, winner in ((None, 0), ("american", 1)):
        extra = {} if profile is None else {"profile": profile}
        game = game_of("stud_poker", hands, **extra)
        records: list[Record] = []
        while not game.is_over:
            assert game.to_act == 0  # A, A K, A K Q, A K Q 10 over 6, 6 7, ...
            records += play(game, Raise(1), Call())
            if not game.is_over:
                assert hand("5H")[0] not in {e.card for e in entries(game.events(0), Dealt)}
                assert hand("2S")[0] not in {e.card for e in entries(game.events(1), Dealt)}
        assert {e.seat: e.cards for e in entries(records, Shown)} == {0: hand(hands[0]), 1: hand(hands[1])}
        assert won(records) == [Payment("pool", f"p{winner}", 10)]
        assert balances(game) == ([104, 96] if winner == 0 else [94, 106])
