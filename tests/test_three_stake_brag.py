"""One test per sentence of Three-stake Brag (``three_stake_brag``) and per decision it takes.

The rules are the BRAG and "Three Stake Brag" paragraphs of seed
``004_7d6a6396833e304f.txt`` (lines 221-288, with the drawing variant); docs/rules.md
sections 3.6 (the first pool: the highest card turned up, each bragger above its rank; the
third pool: the nearest to 31 by absolute distance, over 31 out in the drawing variant), 5
(every counter accounted for; law 76: equal best hands share), 6.1 (what a player sees, the
deal passing left, the bound on decisions) and 6.4 (three pools a deal, ties to the eldest
hand) decide what the text leaves open. The driver's own decisions (its module docstring):
the three stakes are antes into the pools ``upcard``, ``brag``, ``thirty_one``, a short
player putting what he has, the first pool first; the brag has no ante: pass (``Check``)
until a bet, then meet, raise or pass out (``Fold``, the hand kept for the third pool);
drawing: ``Hit``/``Stand`` from the eldest hand while under 31, holding a counter and with a
card in the stock; every hand over 31: the third pool stays for the next deal.

Every deal is played through the public protocol. The first deal's cards are stacked with
``top=`` (:func:`stack`: one card at a time to each seat from the dealer's left, two rounds
face down and a third face up, then the cards drawn). Every expected number is worked out by
hand in the docstrings.

Table: three players (unless told), dealer p0 (so the order from the dealer's left is p1, p2,
p0), stake 1, limit 10, 100 counters each, one deal, no drawing. Hands are given by seat.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import pytest
from poker_laws import balances, cards_seen, entries, payments, play, says, stack

from pycards.brag import distance_to_31, upcard
from pycards.cards import format as format_cards
from pycards.cards import parse
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import new_game
from pycards.games.brag.three_stake import Hit, Stand
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.events import DealEnded, Dealt, Note, Record, Shown
from pycards.settlement import Payment

POOLS = ("first pool", "second pool", "third pool")

# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def hand(text: str) -> tuple[int, ...]:
    return tuple(parse(text))


def game_of(hands: Sequence[str] | None = None, dealer: int = 0, draws: str = "", players: int | None = None,
            seed: int = 0, **options):  # fmt: skip
    """A session of Three-stake Brag (stake 1, limit 10, 100 counters, one deal unless told)."""
    terms = {"stake": 1, "limit": 10, "counters": 100, "deals": 1, "draw": False, **options}
    top = stack(hands, dealer, draws) if hands is not None else []
    seats = players if players is not None else len(hands) if hands is not None else 3
    return new_game("three_stake_brag", players=seats, seed=seed, dealer=dealer, top=top, **terms)


def with_up(ups: Sequence[str]) -> list[str]:
    """Hands (by seat) turning up ``ups[seat]``, their down cards the lowest cards left."""
    up = [parse(u)[0] for u in ups]
    spare = iter(c for c in range(52) if c not in up)
    return [[next(spare), next(spare), u] for u in up]  # type: ignore[misc]


def format_ids(cards: Sequence[int]) -> str:
    return format_cards(list(cards))


def pools(game) -> dict[str, int]:
    return {name: game.ledger.balance(name) for name in POOLS}


def counted(game) -> int:
    """Every counter at the table: the seats' and the three pools'."""
    return sum(balances(game)) + sum(pools(game).values())


def out_of(records: Iterable[Record], pool: str) -> list[Payment]:
    """The payments out of ``pool``."""
    return [p for p in payments(records) if p.payer == pool]


def first_record(game) -> Record:
    return next(iter(game.history()))


def notes(records: Iterable[Record]) -> list[str]:
    return [e.text for e in entries(records, Note)]


def upto_note(record: Record, text: str) -> list:
    """The entries of ``record`` before the first note containing ``text``."""
    for i, e in enumerate(record.entries):
        if type(e) is Note and text in e.text:
            return list(record.entries[:i])
    raise AssertionError(f"no note {text!r}")


def from_note(record: Record, text: str) -> list:
    """The entries of ``record`` from the first note containing ``text`` on."""
    for i, e in enumerate(record.entries):
        if type(e) is Note and text in e.text:
            return list(record.entries[i:])
    raise AssertionError(f"no note {text!r}")


def before_the_next_deal(record: Record) -> Record:
    kinds = [type(e) for e in record.entries]
    end = kinds.index(DealEnded) if DealEnded in kinds else len(kinds)
    return Record(record.seat, record.action, record.entries[:end])


def kinds(game) -> set[type]:
    return {type(a) for a in game.legal_actions()}


def pip_total(cards: Iterable[int]) -> int:
    """docs/rules.md 3.6, written here: ace 11, court cards and tens 10, the others their face."""
    return sum(11 if c // 4 == 12 else min(c // 4 + 2, 10) for c in cards)


# A plain deal used by several tests: p0 29 (K Q 9, king high), p1 9, p2 18; turned up 9H, 4H,
# 7H (p0's nine is the highest).
PLAIN = ["KC QD 9H", "2C 3D 4H", "5C 6D 7H"]


# ======================================================================================
# The stakes
# ======================================================================================


def test_each_player_puts_up_three_equal_amounts_to_form_three_equal_pools():
    """"In this variation each player puts up three equal amounts to form three equal pools.
    These amounts must be invariable, and should be agreed upon before play begins" (option
    ``stake``).

    Stake 2: p1, p2, p0 each put 2 into the upcard, brag and thirty_one pools (6 each). p0's
    9H is the highest card up: he takes the upcard pool's 6 at once. All pass: the dealer p0
    takes the brag's 6; p0's 29 takes the thirty_one's 6. p0: 100 - 6 + 18 = 112, p1 and p2
    94. Deal 2 (dealer p1): the same 2 a pool from each, from p2 on."""
    game = game_of(PLAIN, stake=2, deals=2)
    assert game.options.stake == 2 and game.observation(0)["stake"] == 2
    stakes = [Payment(f"p{s}", pool, 2) for s in (1, 2, 0) for pool in POOLS]
    assert payments([first_record(game)]) == stakes + [Payment("first pool", "p0", 6)]
    assert pools(game) == {"first pool": 0, "second pool": 6, "third pool": 6}
    assert game.observation(1)["pools"] == {"first pool": 0, "second pool": 6, "third pool": 6}
    records = play(game, Check(), Check(), Check())
    first = before_the_next_deal(records[-1])
    assert out_of([first], "second pool") == [Payment("second pool", "p0", 6)]
    assert out_of([first], "third pool") == [Payment("third pool", "p0", 6)]
    assert next(e for e in records[-1].entries if type(e) is DealEnded).rewards == (12, -6, -6)
    assert game.deal_number == 2 and game.dealer == 1
    after = records[-1].entries[[type(e) for e in records[-1].entries].index(DealEnded) + 1:]
    staked = [p for p in after if type(p) is Payment and p.payee in POOLS]
    assert staked == [Payment(f"p{s}", pool, 2) for s in (2, 0, 1) for pool in POOLS]
    with pytest.raises(GameOptionError):
        game_of(PLAIN, stake=0)


def test_a_player_short_of_three_stakes_puts_what_he_has_first_pool_first():
    """Driver decision (module docstring, 1): "a player holding less puts all he has, the
    first pool first".

    Four players, stake 3, stacks p0 100, p1 7, p2 2, p3 100 (order p1, p2, p3, p0). p1 puts
    3, 3 and his last 1; p2 his 2 into the upcard pool and nothing more; p3 and p0 3 each.
    Pools: upcard 3 + 2 + 3 + 3 = 11, brag 3 + 0 + 3 + 3 = 9, thirty_one 1 + 0 + 3 + 3 = 7.
    The up cards 2S, 3S, 4S, 5S: p0's five takes the 11. p1 and p2 hold nothing: the brag is
    for p3 and p0, p3 first."""
    hands = ["2C 3C 5S", "4C 6C 2S", "7C 8C 3S", "10C QC 4S"]
    game = game_of(hands, stake=3, stacks=[100, 7, 2, 100])
    assert payments([first_record(game)]) == [
        Payment("p1", "first pool", 3), Payment("p1", "second pool", 3), Payment("p1", "third pool", 1),
        Payment("p2", "first pool", 2),
        Payment("p3", "first pool", 3), Payment("p3", "second pool", 3), Payment("p3", "third pool", 3),
        Payment("p0", "first pool", 3), Payment("p0", "second pool", 3), Payment("p0", "third pool", 3),
        Payment("first pool", "p0", 11),
    ]  # fmt: skip
    assert pools(game) == {"first pool": 0, "second pool": 9, "third pool": 7}
    assert balances(game) == [100 - 9 + 11, 0, 0, 91]
    assert counted(game) == 209
    assert game.to_act == 3 and game.live == [1, 2, 3, 0]


def test_a_short_player_is_all_in_for_the_brag_law_60():
    """docs/rules.md 5, law 60, with the driver's stakes as antes: a player who cannot meet a
    bet puts in all he has and wins from each other player only as much as he staked.

    p1 holds 4: after his three stakes 1 is left (he may bet 1 at most). p1 passes, p2 bets 5,
    p0 passes out, p1 makes good with his last counter. p1's kings beat p2's ace high: p1
    takes the 3 stakes and 1 from p2; p2's 4 unmatched come back to him. Third pool: p1's
    K K 4 = 24 and p2's A 7 6 = 24 tie, to p1 the elder (3); the upcard pool to p2's six (3).
    p1 4 - 3 - 1 + 5 + 3 = 8, p2 100 - 3 + 3 - 5 + 4 = 99, p0 97."""
    hands = ["2C 3D 5S", "KC KD 4H", "AS 7H 6C"]
    game = game_of(hands, stacks=[100, 4, 100])
    assert game.legal_actions() == [Check(), Raise(1)]
    play(game, Check(), Raise(5), Fold())
    assert game.to_act == 1 and game.legal_actions() == [Fold(), Call()]
    (record,) = play(game, Call())
    assert payments([record])[0] == Payment("p1", "second pool", 1)
    assert sorted(out_of([record], "second pool")) == [Payment("second pool", "p1", 5), Payment("second pool", "p2", 4)]
    assert out_of([record], "third pool") == [Payment("third pool", "p1", 3)]
    assert balances(game) == [97, 8, 99] and counted(game) == 204


# ======================================================================================
# The deal
# ======================================================================================


def test_two_cards_face_down_then_a_third_face_up():
    """"The dealer then gives two cards to each player, one at a time, face down; and then a
    third card to each, face up." Dealt entries p1, p2, p0 three times; the first two rounds
    seen by their holder alone, the third by all (``seen_by`` None). p1 sees his own three
    cards and the others' up cards, nothing more; a spectator sees the up cards only."""
    game = game_of(PLAIN)
    dealt = entries([first_record(game)], Dealt)
    assert [(e.seat, e.seen_by) for e in dealt] == ([(1, (1,)), (2, (2,)), (0, (0,))] * 2
                                                    + [(1, None), (2, None), (0, None)])  # fmt: skip
    assert [e.card for e in dealt] == stack(PLAIN)
    ups = {s: hand(PLAIN[s])[2:] for s in range(3)}
    for seat in range(3):
        obs = game.observation(seat)
        assert obs["up"] == ups and obs["shown"] == {} and obs["totals"] == (-1, -1, -1)
        assert set(obs["hand"]) == set(hand(PLAIN[seat]))
        assert cards_seen(game, seat) == set(hand(PLAIN[seat])) | {c for u in ups.values() for c in u}
        hidden = [e.card for e in entries(game.events(seat), Dealt)][:6]
        assert [c is not None for c in hidden] == [s == seat for s in (1, 2, 0)] * 2
    assert cards_seen(game, None) == {c for u in ups.values() for c in u}


# ======================================================================================
# The first pool: the highest card turned up
# ======================================================================================


@pytest.mark.parametrize(("ups", "winner"), [
    (["AS", "KS", "2C"], 0),  # the ace highest, though the eldest turns up a king
    (["2S", "2H", "3D"], 2),  # the deuce lowest
    (["QH", "10S", "JH"], 0),
])  # fmt: skip
def test_first_pool_the_highest_card_turned_up_ace_highest_deuce_lowest(ups, winner):
    """"The highest card turned up in this manner wins one of the pools, the ace being the
    highest and the deuce the lowest." The winner takes the 3 stakes of the upcard pool as
    soon as the cards are dealt, before the brag."""
    game = game_of([format_ids(h) for h in with_up(ups)])
    assert out_of([first_record(game)], "first pool") == [Payment("first pool", f"p{winner}", 3)]
    assert game.observation(1)["upcard_winner"] == winner
    assert game.phase == "bet" and pools(game)["first pool"] == 0


@pytest.mark.parametrize(("ups", "winner"), [
    (["KD", "AS", "AD"], 2),  # the diamond ace above the eldest's spade ace
    (["JC", "JS", "10D"], 0),  # the club Jack above the eldest's spade Jack
    (["8S", "9S", "9D"], 2),  # the diamond nine above the eldest's spade nine
    (["JC", "QS", "2D"], 1),  # the club Jack is a Jack still: below a queen
    (["9D", "3C", "10C"], 2),  # the diamond nine below a ten
])  # fmt: skip
def test_first_pool_each_bragger_outranks_the_other_cards_of_its_rank(ups, winner):
    """"The diamond ace, being a bragger, outranks any other ace; the club Jack any other
    Jack; and the diamond nine any other nine." (docs/rules.md 3.6: above the other cards of
    its rank only.)"""
    game = game_of([format_ids(h) for h in with_up(ups)])
    assert out_of([first_record(game)], "first pool") == [Payment("first pool", f"p{winner}", 3)]
    assert upcard("AD") > upcard("AS") > upcard("KD")
    assert upcard("QS") > upcard("JC") > upcard("JS") and upcard("10C") > upcard("9D") > upcard("9S")


@pytest.mark.parametrize(("dealer", "ups", "winner"), [
    (0, ["KH", "5C", "KS"], 2),  # order p1, p2, p0: p2 is nearer the eldest than p0
    (1, ["KS", "KH", "5C"], 0),  # order p2, p0, p1: p0 before p1
    (2, ["AH", "AS", "3C"], 0),  # order p0, p1, p2: p0 is the eldest
])  # fmt: skip
def test_first_pool_ties_go_to_the_eldest_hand_or_the_nearest_on_his_left(dealer, ups, winner):
    """"Ties are decided in favour of the eldest hand, or the player nearest him on the left."
    Two equal kings (aces) turned up: the one nearer the dealer's left takes the pool."""
    game = game_of([format_ids(h) for h in with_up(ups)], dealer=dealer)
    assert out_of([first_record(game)], "first pool") == [Payment("first pool", f"p{winner}", 3)]
    assert game.observation(0)["upcard_winner"] == winner


# ======================================================================================
# The second pool: the brag
# ======================================================================================


def test_second_pool_bragged_for_as_single_brag_and_the_winner_takes_it():
    """"The players then take up the other two cards, without showing them, and proceed to
    brag on their hands as in single stake Brag. The winner takes the second pool", with
    single Brag's "Three eights will beat an eight and two braggers".

    p1 8C 8D 8H, p2 8S AD JC (three eights with two braggers), p0 2C 3D 5S. The club Jack up
    takes the upcard pool for p2 (3). No ante: p1 bets 3, p2 raises 2 (5), p0 passes out, p1
    makes good 2: the show; p1's natural eights take 3 + 5 + 5 = 13. Third pool: p2's
    8 + 11 + 10 = 29 takes 3. p1 100 - 3 - 5 + 13 = 105, p2 100 - 3 + 3 - 5 + 3 = 98, p0 97."""
    hands = ["2C 3D 5S", "8C 8D 8H", "8S AD JC"]
    game = game_of(hands)
    assert game.to_act == 1 and kinds(game) == {Check, Raise}
    assert says(game, Raise(3), Raise(2), Fold()) == [1, 2, 0]
    assert game.to_act == 1 and kinds(game) == {Fold, Call, Raise}
    (record,) = play(game, Call())
    brag = upto_note(record, "all hands are shown")
    assert {e.seat for e in brag if type(e) is Shown} == {1, 2}
    assert out_of([record], "second pool") == [Payment("second pool", "p1", 13)]
    assert out_of([record], "third pool") == [Payment("third pool", "p2", 3)]
    assert balances(game) == [97, 105, 98] and counted(game) == 300


def test_second_pool_a_bet_nobody_meets_takes_it_unshown():
    """Single Brag: "Should any player bet an amount which no other player will meet, he takes
    the pool without showing his hand."

    p1 (2C 3D 5H, the worst hand) bets 4; p2 (a pair of aces) and p0 pass out: p1 takes
    3 + 4 = 7, no hand shown before the third pool's show. Third pool: p2's A A K = 32 is 1
    from 31, p0's 25 is 6, p1's 10 is 21: p2 takes 3 (and the upcard pool with his king).
    p1 100 - 3 - 4 + 7 = 100, p2 103, p0 97."""
    hands = ["7C 8D 10S", "2C 3D 5H", "AC AH KD"]
    game = game_of(hands)
    (record,) = play(game, Raise(4), Fold(), Fold())[-1:]
    brag = upto_note(record, "all hands are shown")
    assert not [e for e in brag if type(e) is Shown]
    assert out_of([Record(1, None, tuple(brag))], "second pool") == [Payment("second pool", "p1", 7)]
    assert any("unshown" in text for text in notes([record]))
    assert out_of([record], "third pool") == [Payment("third pool", "p2", 3)]
    assert balances(game) == [97, 100, 103]


def test_those_who_pass_out_keep_their_hands_until_the_third_pool_is_decided():
    """"but those who pass out do not abandon their hands until the third pool is decided."

    p1 K K 4, p2 KS QH 10C (30), p0 5 5 2. p1 bets 2, p2 passes out (his hand stays with him:
    ``passed_out``), p0 makes good: p1's kings take 3 + 2 + 2 = 7 from p0's fives; p2, out of
    the brag, shows his 30 for the third pool and takes it (3), and the upcard pool with his
    ten (3). p1 100 - 3 - 2 + 7 = 102, p2 103, p0 95."""
    hands = ["5C 5D 2H", "KC KD 4H", "KS QH 10C"]
    game = game_of(hands)
    (folded,) = play(game, Raise(2), Fold())[-1:]
    obs = game.observation(2)
    assert obs["passed_out"] == (2,) and set(obs["hand"]) == set(hand(hands[2]))
    assert sorted(game.hands[2]) == sorted(hand(hands[2])) and game.live == [1, 0]
    assert not [e for e in folded.entries if type(e).__name__ == "Moved"]
    (record,) = play(game, Call())
    brag = upto_note(record, "all hands are shown")
    assert {e.seat for e in brag if type(e) is Shown} == {0, 1}
    assert out_of([record], "second pool") == [Payment("second pool", "p1", 7)]
    third = from_note(record, "all hands are shown")
    assert [e.seat for e in third if type(e) is Shown] == [2]
    assert [p for p in third if type(p) is Payment] == [Payment("third pool", "p2", 3)]
    assert balances(game) == [95, 102, 103]


def test_no_bet_for_the_second_pool_the_dealer_wins_it():
    """"If no bet is made for the second pool, it is won by the dealer." All pass: p0 (the
    dealer) takes the brag's 3 without a show; then all hands are shown for the third pool.
    With dealer p2 the same: p2 takes it."""
    for dealer in (0, 2):
        game = game_of(PLAIN, dealer=dealer)
        records = play(game, Check(), Check(), Check())
        assert out_of(records, "second pool") == [Payment("second pool", f"p{dealer}", 3)]
        assert notes(records)[0] == "no bet is made: the dealer takes the second pool"
        assert game.is_over and pools(game) == {"first pool": 0, "second pool": 0, "third pool": 0}


def test_before_a_bet_a_player_passes_or_bets_but_does_not_pass_out():
    """"If no bet is made for the second pool, it is won by the dealer": before a bet each
    passes (``Check``) or bets; to pass out (``Fold``) is offered only once a bet is made, so a
    pool nobody bet on always goes to the dealer (docs/rules.md 6.4). A Fold before a bet is
    refused and changes nothing."""
    game = game_of(PLAIN)
    assert Fold not in kinds(game)
    before = game.to_dict()
    with pytest.raises(IllegalActionError):
        game.apply(Fold())
    assert game.to_dict() == before
    records = play(game, Check(), Check(), Check())
    assert out_of(records, "second pool") == [Payment("second pool", "p0", 3)]


def test_second_pool_equal_best_hands_share_it_law_76():
    """Driver decision (module docstring, 4; docs/rules.md 5, law 76): equal best brag hands
    share the second pool, the odd counter to the first from the dealer's left.

    p1 K 7 4 and p2 K 7 4 (no pair, no bragger), p0 5 3 2. p1 bets 1, p2 makes good, p0 passes
    out: 3 + 1 + 1 = 5, p1 3 and p2 2. The upcard pool to p0's five (3); the third pool: 21
    and 21, to p1, the elder (3). p1 100 - 4 + 6 = 102, p2 100 - 4 + 2 = 98, p0 100."""
    hands = ["2C 3D 5S", "KC 7D 4H", "KS 7H 4C"]
    game = game_of(hands)
    records = play(game, Raise(1), Call(), Fold())
    assert sorted(out_of(records, "second pool")) == [Payment("second pool", "p1", 3), Payment("second pool", "p2", 2)]
    assert out_of(records, "third pool") == [Payment("third pool", "p1", 3)]
    assert balances(game) == [100, 102, 98]


# ======================================================================================
# The third pool: the nearest to thirty-one
# ======================================================================================


def test_third_pool_all_hands_are_shown():
    """"All hands are shown to decide the last pool." After the brag (all pass) every hand
    dealt is shown to the table (``seen_by`` None): a spectator then sees all nine cards, and
    every seat's observation has every total (p0 29, p1 9, p2 18)."""
    game = game_of(PLAIN)
    records = play(game, Check(), Check(), Check())
    shown = entries(records, Shown)
    assert {e.seat: tuple(e.cards) for e in shown} == {s: hand(PLAIN[s]) for s in range(3)}
    assert all(e.seen_by is None for e in shown) and len(shown) == 3
    assert cards_seen(game, None) == {c for h in PLAIN for c in hand(h)}
    for seat in range(3):
        assert game.observation(seat)["totals"] == (29, 9, 18)
        assert game.observation(seat)["shown"] == {s: hand(PLAIN[s]) for s in range(3)}


def test_third_pool_pip_values_ace_eleven_court_cards_ten():
    """"Each player counts up the pip value of his three cards, reckoning the aces for eleven,
    and court-cards as ten each. The player coming nearest to thirty-one takes the third pool."

    p1 AS KS 9S = 11 + 10 + 9 = 30; p2 QC JD 8C = 10 + 10 + 8 = 28; p0 7 7 7 = 21. p1 is
    nearest and takes 3 (with the ace as 1 p1 had 20, with the court cards at their rank p2 had
    31: either mistake gives the pool to p2). p1 also takes the upcard pool (9S); all pass, p0
    takes the brag. p1 103, p2 97, p0 100."""
    hands = ["7C 7D 7H", "AS KS 9S", "QC JD 8C"]
    assert [pip_total(hand(h)) for h in hands] == [21, 30, 28]
    assert distance_to_31("AS KS 9S") == 1 and distance_to_31("QC JD 8C") == 3
    game = game_of(hands)
    records = play(game, Check(), Check(), Check())
    assert game.observation(2)["totals"] == (21, 30, 28)
    assert out_of(records, "third pool") == [Payment("third pool", "p1", 3)]
    assert balances(game) == [100, 103, 97]


@pytest.mark.parametrize(("hands", "winner"), [
    (["2C 3D 4S", "AS AH 10C", "KC QD 9H"], 1),  # 32 (1 over) beats 29 (2 under)
    (["2C 3D 4S", "AS AH AC", "KC QD 10H"], 2),  # 30 (1 under) beats 33 (2 over)
])  # fmt: skip
def test_third_pool_nearest_to_thirty_one_on_either_side(hands, winner):
    """docs/rules.md 3.6: "nearest to 31 wins, measured as the absolute distance" (without the
    drawing variant a hand over 31 is not out)."""
    game = game_of(hands)
    records = play(game, Check(), Check(), Check())
    assert out_of(records, "third pool") == [Payment("third pool", f"p{winner}", 3)]


@pytest.mark.parametrize(("dealer", "hands", "winner"), [
    (0, ["KS QH 10D", "2C 3D 4H", "KC QD JH"], 2),  # order p1, p2, p0: 30 and 30, p2 first
    (1, ["KC QD JH", "KS QH 10D", "2C 3D 4H"], 0),  # order p2, p0, p1: p0 before p1
])  # fmt: skip
def test_third_pool_ties_to_the_eldest_hand(dealer, hands, winner):
    """"Ties are decided in favour of the eldest hand, as before." Two hands of 30: the one
    nearer the dealer's left takes the third pool."""
    game = game_of(hands, dealer=dealer)
    records = play(game, Check(), Check(), Check())
    assert out_of(records, "third pool") == [Payment("third pool", f"p{winner}", 3)]


# ======================================================================================
# The drawing variant
# ======================================================================================


def test_draw_from_the_eldest_a_counter_into_the_pool_for_each_card_face_up():
    """"Beginning with the eldest hand, each player in turn pays into the pool a counter for
    each card he draws. These cards are given by the dealer face up" (``draw=True``).

    PLAIN (p0 29, p1 9, p2 18), all pass the brag (the dealer p0 takes it), all hands shown;
    p1 draws 10S (19) and 10C (29), a counter each, stands; p2 draws 8S (26) and stands; p0
    stands. Third pool 3 + 3 = 6: p1's 29 and p0's 29 tie, to p1 the elder. p0 100 - 3 + 3
    (upcard) + 3 (brag) = 103, p1 100 - 3 - 2 + 6 = 101, p2 100 - 3 - 1 = 96."""
    game = game_of(PLAIN, draw=True, draws="10S 10C 8S")
    play(game, Check(), Check(), Check())
    assert game.phase == "draw" and game.to_act == 1 and game.legal_actions() == [Hit(), Stand()]
    (record,) = play(game, Hit())
    assert payments([record]) == [Payment("p1", "third pool", 1)]
    assert [(e.seat, e.card, e.seen_by) for e in entries([record], Dealt)] == [(1, hand("10S")[0], None)]
    assert pools(game)["third pool"] == 4
    assert game.observation(2)["up"][1] == hand("4H 10S") and game.observation(0)["totals"] == (29, 19, 18)
    records = play(game, Hit(), Stand(), Hit(), Stand())
    assert pools(game)["third pool"] == 6
    assert [(e.seat, e.seen_by) for e in entries(records, Dealt)] == [(1, None), (2, None)]
    (last,) = play(game, Stand())
    assert out_of([last], "third pool") == [Payment("third pool", "p1", 6)]
    assert balances(game) == [103, 101, 96] and counted(game) == 300


def test_draw_one_player_is_given_all_he_needs_before_passing_to_the_next():
    """"one player must be given all he needs before passing to the next." p1 draws twice and
    stands before p2 is asked; p2 draws and stands before p0 is asked (``drawers``: who is
    still to draw, the one drawing first)."""
    game = game_of(PLAIN, draw=True, draws="10S 10C 8S")
    play(game, Check(), Check(), Check())
    assert game.observation(0)["drawers"] == (1, 2, 0)
    assert says(game, Hit(), Hit(), Stand()) == [1, 1, 1]
    assert game.observation(0)["drawers"] == (2, 0)
    assert says(game, Hit(), Stand(), Stand()) == [2, 2, 0]
    assert game.is_over


def test_draw_a_player_who_passes_thirty_one_is_out_of_the_pool():
    """"Should a player pass thirty-one, he is out of the pool." (docs/rules.md 3.6: "in the
    drawing variant a total over 31 is out of that pool".)

    p1 KS 9C 10D = 29 draws 3S: 32, 1 from 31, nearer than p0's 29; but he passed 31: he is
    out, draws no more, and p0 takes 3 + 1 = 4 (the tie at 29 went to p1 before the draw).
    The upcard pool to p1's ten (3), the brag to p0. p0 100 - 3 + 3 + 4 = 104, p1 99, p2 97."""
    hands = ["KC QD 9H", "KS 9C 10D", "5C 6D 7H"]
    game = game_of(hands, draw=True, draws="3S")
    play(game, Check(), Check(), Check())
    (record,) = play(game, Hit())
    assert any("p1 passes thirty-one" in text for text in notes([record]))
    assert game.to_act == 2, "p1 at 32 may draw no more"
    records = play(game, Stand(), Stand())
    assert out_of(records, "third pool") == [Payment("third pool", "p0", 4)]
    assert balances(game) == [104, 99, 97]


def test_draw_a_hand_dealt_over_thirty_one_is_out_of_the_pool():
    """docs/rules.md 3.6, the drawing variant: "a total over 31 is out of that pool", however
    it came. p1's A A 10 = 32 (1 from 31) is out; p2's 29 (2 from 31) takes it; without
    drawing the same deal gives it to p1 (32 is the nearest)."""
    hands = ["2C 3D 4S", "AS AH 10C", "KC QD 9H"]
    game = game_of(hands, draw=True)
    play(game, Check(), Check(), Check())
    assert game.to_act == 2, "p1 at 32 is not offered a card"
    records = play(game, Stand(), Stand())
    assert out_of(records, "third pool") == [Payment("third pool", "p2", 3)]


def test_draw_no_card_offered_at_thirty_one_or_more_nor_without_a_counter():
    """Driver decision (module docstring, 6): a player draws "while he is under 31, holds a
    counter and the stock has a card".

    p1 A K Q = 31 is not asked; p2 (2 3 4 = 9, 4 counters, 1 left after his stakes) draws 5S
    with his last counter (14) and is asked no more; p0 A A 10 = 32 is not asked: the deal
    ends. The third pool 3 + 1 = 4 to p1's 31; the upcard pool to p1's queen; the brag to p0.
    p1 100 - 3 + 3 + 4 = 104, p2 0, p0 100."""
    hands = ["AC AD 10C", "AS KD QH", "2C 3D 4H"]
    game = game_of(hands, draw=True, draws="5S 6S", stacks=[100, 100, 4])
    assert says(game, Check(), Check(), Check()) == [1, 2, 0]
    assert game.to_act == 2 and game.observation(0)["drawers"] == (2, 0)
    (record,) = play(game, Hit())
    assert game.is_over and game.ledger.balance("p2") == 0
    assert out_of([record], "third pool") == [Payment("third pool", "p1", 4)]
    assert balances(game) == [100, 104, 0] and counted(game) == 204


def test_draw_no_card_offered_when_the_stock_is_out():
    """Driver decision (module docstring, 6): a player draws while "the stock has a card".

    Twelve players, the pack stacked in order: p1..p8 hold 15 or 18 and draw (always), p9..p0
    21; the 16 cards of the stock (J, Q, K, A) go two to each of p1..p8, all of whom pass 31:
    p9, p10, p11 and p0, under 31, are asked nothing. The third pool 12 + 16 = 28 goes to the
    nearest still in, 21 each: p9, the elder. p9 also takes the upcard pool (the four tens
    up, his the eldest) and p0 the brag (no bet): p9 100 - 3 + 12 + 28 = 137, p0 109, p1..p8
    95, p10 and p11 97."""
    pack = list(range(52))  # 2C 2D 2H 2S 3C ... AS
    order = list(range(1, 12)) + [0]
    held = {seat: [pack[r * 12 + i] for r in range(3)] for i, seat in enumerate(order)}
    hands = [held[s] for s in range(12)]
    assert [pip_total(hands[s]) for s in order] == [15] * 4 + [18] * 4 + [21] * 4
    top = stack(hands) + pack[36:]
    game = new_game("three_stake_brag", players=12, seed=0, dealer=0, top=top, stake=1, limit=10,
                    counters=100, deals=1, draw=True)  # fmt: skip
    assert out_of([first_record(game)], "first pool") == [Payment("first pool", "p9", 12)]
    assert says(game, *[Check()] * 12) == order
    drawers = says(game, *[Hit()] * 16)
    assert drawers == [s for s in range(1, 9) for _ in (0, 1)]
    assert game.is_over
    totals = game.observation(0)["totals"]
    assert [totals[s] for s in range(1, 9)] == [35, 35, 35, 35, 38, 38, 40, 40]
    assert [totals[s] for s in (9, 10, 11, 0)] == [21] * 4
    assert balances(game) == [109] + [95] * 8 + [137, 97, 97]


def test_draw_every_hand_over_thirty_one_the_third_pool_stays_for_the_next_deal():
    """Driver decision (module docstring, 6): "Should every player pass 31, nobody takes the
    third pool: it stays for the next deal's" (and the session of one deal plays on for it).

    p1 A A 10 = 32 (out, asked nothing); p2 A K 9 = 30 draws 2S: 32; p0 K Q 9 = 29 draws
    5S: 34. The third pool 3 + 2 = 5 stays. Rewards of deal 1: p0 -3 + 3 (brag) - 1 = -1,
    p1 -3 + 3 (upcard, his ten) = 0, p2 -3 - 1 = -4. Deal 2 (dealer p1): 5 + 3 stakes = 8,
    won by the hand nearest 31 (over 31 out, ties to the eldest)."""
    hands = ["KC QD 9S", "AS AH 10C", "AC KD 9H"]
    game = game_of(hands, draw=True, draws="2S 5S")
    play(game, Check(), Check(), Check())
    assert game.to_act == 2
    records = play(game, Hit(), Hit())
    first = before_the_next_deal(records[-1])
    assert game.observation(0)["deal_number"] == 2 and game.dealer == 1
    assert out_of([first], "third pool") == []
    assert any("the third pool of 5 stays for the next deal" in text for text in notes([first]))
    assert next(e for e in records[-1].entries if type(e) is DealEnded).rewards == (-1, 0, -4)
    assert pools(game)["third pool"] == 8 and counted(game) == 300
    records = []
    while not game.is_over:
        records.append(game.apply(Check() if game.phase == "bet" else Stand()))
    order = (2, 0, 1)
    totals = {s: pip_total(game.hands[s]) for s in order}
    eligible = [s for s in order if totals[s] <= 31]
    assert eligible, "seed 0's second deal has a hand within 31"
    best = min(31 - totals[s] for s in eligible)
    winner = next(s for s in eligible if 31 - totals[s] == best)
    assert out_of(records, "third pool") == [Payment("third pool", f"p{winner}", 8)]
    assert pools(game) == {"first pool": 0, "second pool": 0, "third pool": 0} and sum(balances(game)) == 300


# ======================================================================================
# Every deal
# ======================================================================================


def test_no_counter_is_created_or_lost():
    """docs/rules.md 5: "Every payment moves counters between named parties ... the sum over
    all parties never changes." Four players, the drawing variant, random legal play over
    five deals (and the deals played on for a carried pool): after every action the seats'
    counters and the three pools add up to 400; the upcard pool is empty whenever a decision
    is open (it is won as the cards are dealt)."""
    rng = random.Random(5)
    for seed in (1, 2):
        game = game_of(players=4, seed=seed, deals=5, draw=True)
        while not game.is_over:
            legal = game.legal_actions()
            small = [a for a in legal if not isinstance(a, Raise) or a.by <= 3]
            game.apply(rng.choice(small))
            assert counted(game) == 400
            assert game.is_over or pools(game)["first pool"] == 0
        assert pools(game) == {"first pool": 0, "second pool": 0, "third pool": 0}
        assert sum(game.payoffs().values()) == 0


def test_the_deal_passes_to_the_left():
    """docs/rules.md 6.1: "The deal then passes to the left after each deal" (module
    docstring, 7). Three deals from dealer p0: p0, p1, p2 deal; the eldest (the first to
    speak) is each time the dealer's left."""
    game = game_of(deals=3)
    dealers, first = [], []
    while not game.is_over:
        dealers.append(game.dealer)
        first.append(game.to_act)
        deal = game.deal_number
        while game.deal_number == deal and not game.is_over:
            game.apply(Check())
    assert dealers == [0, 1, 2] and first == [1, 2, 0]


def test_three_to_twelve_players():
    """BRAG: "Three to twelve players may form a table." """
    for players in (3, 12):
        assert len(game_of(players=players).hands) == players
    for players in (2, 13):
        with pytest.raises(GameOptionError):
            game_of(players=players)


# ======================================================================================
# The bound on decisions
# ======================================================================================


def test_truncated_in_the_brag_all_still_in_make_good_and_the_hands_are_shown():
    """docs/rules.md 6.1 (the bound on decisions) and the driver's ``max_decisions``: "in the
    brag, every player still in makes good ... the second pool is decided, and the third
    without drawing".

    Two decisions, drawing variant: p1 bets 2, p2 makes good; the bound: p0 is held to make
    good 2, the three hands are shown, p0's king high takes 3 + 6 = 9; no card is drawn, p0's
    29 takes the third pool (3), his nine up the first (3). p0 110, p1 95, p2 95."""
    game = game_of(PLAIN, draw=True, draws="10S 10C 8S", max_decisions=2)
    (record,) = play(game, Raise(2), Call())[-1:]
    assert game.is_over
    assert Payment("p0", "second pool", 2) in payments([record])
    assert {e.seat for e in entries([record], Shown)} == {0, 1, 2}
    assert not entries([record], Dealt)
    assert out_of([record], "second pool") == [Payment("second pool", "p0", 9)]
    assert out_of([record], "third pool") == [Payment("third pool", "p0", 3)]
    assert next(e for e in record.entries if type(e) is DealEnded).truncated
    assert balances(game) == [110, 95, 95]


def test_truncated_in_the_draws_everyone_still_to_draw_stands():
    """The driver's ``max_decisions``: "in the draws, every player still to draw stands".

    Four decisions: three passes, p1 draws 10S (19); the bound: p1, p2 and p0 stand. p0's
    29 takes 3 + 1 = 4. p0 100 - 3 + 3 + 3 + 4 = 107, p1 96, p2 97."""
    game = game_of(PLAIN, draw=True, draws="10S 10C 8S", max_decisions=4)
    (record,) = play(game, Check(), Check(), Check(), Hit())[-1:]
    assert game.is_over and len(entries([record], Dealt)) == 1
    assert out_of([record], "third pool") == [Payment("third pool", "p0", 4)]
    assert balances(game) == [107, 96, 97]


# ======================================================================================
# Illegal actions
# ======================================================================================


def test_illegal_actions_raise_and_change_nothing():
    """An action not legal now raises IllegalActionError and leaves the game as it was: a
    ``Hit`` or ``Stand`` in the brag, a raise above the limit (10), a pass once a bet is
    made; a bet in the draws; anything once the session is over."""
    game = game_of(PLAIN, draw=True, draws="10S 10C 8S")

    def refused(action):
        before = game.to_dict()
        with pytest.raises(IllegalActionError):
            game.apply(action)
        assert game.to_dict() == before

    for action in (Hit(), Stand(), Raise(11), Call()):
        refused(action)
    play(game, Raise(10))
    refused(Check())
    refused(Raise(11))
    play(game, Call(), Call())
    assert game.phase == "draw" and game.to_act == 1
    for action in (Raise(1), Check(), Call()):
        refused(action)
    play(game, Stand(), Stand(), Stand())
    assert game.is_over
    refused(Stand())
