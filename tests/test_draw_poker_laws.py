"""One test per law of English Draw Poker that the driver simulates (laws 19-64, and 76).

The laws are those of seed ``000_090407a6d9d4a9ee.txt`` (English Draw
Poker, laws 19-81); docs/rules.md sections 2.1, 2.4, 5, 6.1 and 6.2 decide what the
laws leave open, and the module docstrings of ``pycards.games.poker.draw`` the rest (the
straddle comes before the deal; in a jack-pot the antes are dead money and the
opener stakes at least double the ante; a session plays on until the pool is empty).

Every deal is played through the public protocol (``new_game``, ``apply``, ``history``,
``events``, ``observation``, the ledger). The first deal's cards are stacked with ``top=``
(:func:`stack`); the later deals of a session (jack-pots, the deal after a first one that
made the stacks unequal) come from the seed, so :func:`find_game` tries seeds until the
dealt hands are the ones a test needs, judged by the test's own helpers or by the
independent reference ranking of ``tests/reference_poker.py``. Every expected number
(stakes, pools, balances, who acts) is worked out in the test from the cards and the law.

Laws not simulated (docs/rules.md 6.1, "Irregularities are not simulated"): 40, 42, 43 and 46
(the dealer's errors, disputes), 57 (statements of intention), 62 (borrowing); of laws
49-51 only what they imply for the public is tested: the number each player drew is seen
by all.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from poker_checks import Witness, play_checked
from poker_laws import balances, cards_seen, entries, payments, play, pool, stack
from reference_poker import reference_key

from pycards.cards import parse
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import new_game
from pycards.games.poker.draw import Straddle
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.events import DealEnded, Dealt, Note, Record, Reshuffled, Shown
from pycards.games.poker.table import Demand, Discard
from pycards.settlement import Payment

KNAVE, QUEEN = 9, 10
"""Rank indexes (2 = 0 .. ace = 12)."""
ALL = 0b11111
"""Discard the whole hand."""


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------



def game_of(players: int = 4, hands: Sequence[str] | None = None, draws: str = "", dealer: int = 0,
            seed: int = 0, **options):  # fmt: skip
    """A session of ``draw_poker`` (ante 1, limit 10, 100 counters, one deal, no straddles
    unless told), its first deal stacked from ``hands`` and ``draws``."""
    terms = {"ante": 1, "limit": 10, "counters": 100, "deals": 1, "straddles": False, **options}
    top = stack(hands, dealer, draws) if hands is not None else []
    return new_game("draw_poker", players=players, seed=seed, dealer=dealer, top=top, **terms)


def hand(text: str) -> list[int]:
    return list(parse(text))


def find_game(make: Callable[[int], object], wanted: Callable[[object], bool], tries: int = 5000):
    """The first game ``make(seed)`` (seeds 0, 1, ...) for which ``wanted(game)`` holds."""
    for seed in range(tries):
        game = make(seed)
        if wanted(game):
            return game
    raise AssertionError("no seed gives the cards this test needs")


def ranks(cards: Sequence[int]) -> list[int]:
    return [c // 4 for c in cards]


def just_a_pair_of(cards: Sequence[int], rank: int) -> bool:
    """Exactly one pair, of ``rank``, and three odd cards of other ranks (a pair is never
    a flush nor a sequence)."""
    counts = Counter(ranks(cards))
    return sorted(counts.values()) == [1, 1, 1, 2] and counts[rank] == 2


def nothing(cards: Sequence[int]) -> bool:
    """No pair, no flush, no sequence (the ace only begins a sequence: law 71)."""
    r = sorted(ranks(cards))
    if len(set(r)) < 5 or len({c % 4 for c in cards}) == 1:
        return False
    return r[4] - r[0] != 4 and r != [0, 1, 2, 3, 12]


def pass_round(game) -> list[Record]:
    """Every player passes, the last sayer too (he alone could still open): nobody opens
    (law 29)."""
    return play(game, *[Fold()] * game.players)


def unopened_session(seed: int, unopened: int, **options):
    """A session (four players, dealer 0, no straddles) whose first ``unopened`` deals nobody
    opens: the first is an ordinary deal, the others jack-pots."""
    game = game_of(seed=seed, **{"deals": unopened + 1, **options})
    for _ in range(unopened):
        pass_round(game)
    return game


def first_say_in_jackpot(game) -> int:
    """Law 23 with the ante seat on the dealer's left: the first say is two seats left."""
    return (game.dealer + 2) % game.players


# The four hands of a deal in which every hand is different in kind (dealer 0):
THREES, TWO_PAIRS, QUEENS, NOTHING = "7C 7D 7H 2S 4C", "9C 9D 5H 5S KC", "QC QD 3H 8S 10C", "AC JD 6H 4S 2D"


def all_in_four(game) -> list[Record]:
    """Dealer 0, no straddle: p2 opens for 2 (double the ante), p3 and p0 make good, p1 (the
    ante) makes good with one counter more. Pool 8, everybody in for 2."""
    return play(game, Raise(1), Call(), Call(), Call())


# --------------------------------------------------------------------------------------
# The ante (laws 19-24)
# --------------------------------------------------------------------------------------


def test_law_19_the_ante_is_at_most_half_the_limit():
    """Law 19: "The ante shall not exceed one-half the amount of the limit." """
    with pytest.raises(GameOptionError):
        new_game("draw_poker", players=4, ante=6, limit=10)
    with pytest.raises(GameOptionError):
        new_game("draw_poker", players=4, ante=3, limit=5)  # 6 > 5
    game = new_game("draw_poker", players=4, dealer=0, ante=5, limit=10, straddles=False)  # exactly half
    assert pool(game) == 5
    assert balances(game) == [100, 95, 100, 100]


def test_law_20_the_player_left_of_the_dealer_antes():
    """Law 20: "The ante shall be staked by the player to the left of the dealer before the
    cards are dealt." """
    game = new_game("draw_poker", players=4, dealer=0, ante=2, limit=10, straddles=True)
    first = next(game.history())
    assert payments([first]) == [Payment("p1", "pool", 2)]
    assert entries([first], Dealt) == []  # no card yet: the ante comes first
    assert game.hands == [[], [], [], []]
    assert game.stakes == [0, 2, 0, 0] and pool(game) == 2
    assert game.observation(3)["ante_seat"] == 1

    game = new_game("draw_poker", players=4, dealer=2, ante=1, limit=10, straddles=False)
    first = next(game.history())
    kinds = [type(e) for e in first.entries]
    assert payments([first]) == [Payment("p3", "pool", 1)]
    assert kinds.index(Payment) < kinds.index(Dealt)  # staked before the cards are dealt
    assert balances(game) == [100, 100, 100, 99]
    assert [len(h) for h in game.hands] == [5, 5, 5, 5]


def test_law_21_only_the_player_left_of_the_ante_may_straddle_first():
    """Law 21: "The right to straddle shall belong to the player to the left of ante. If he
    does not straddle, no other player shall do so". """
    game = game_of(straddles=True)
    assert game.phase == "straddle" and game.to_act == 2
    assert set(game.legal_actions()) == {Straddle(True), Straddle(False)}
    play(game, Straddle(False))
    assert game.phase == "bet" and game.to_act == 2  # nobody else was asked
    assert game.stakes == [0, 1, 0, 0] and pool(game) == 1
    assert game.observation(0)["straddles"] == 0
    with pytest.raises(IllegalActionError):
        game.apply(Straddle(True))


def test_law_21_each_player_to_the_dealer_may_raise_the_straddle_by_the_ante():
    """Law 21: "if he does straddle, the succeeding players shall have, in turn ... and
    ending with the dealer, the right to increase the straddle in every case by the amount
    of the ante." Ante 2, limit 20: the straddles are 4, 6 and 8 and the chain ends with the
    dealer (10 would still be within half the limit)."""
    game = game_of(straddles=True, ante=2, limit=20)
    seen = []
    while game.phase == "straddle":
        seen.append(game.to_act)
        play(game, Straddle(True))
    assert seen == [2, 3, 0]  # from the ante's left, ending with the dealer
    assert game.stakes == [8, 2, 4, 6]
    assert pool(game) == 2 + 4 + 6 + 8
    assert balances(game) == [92, 98, 96, 94]
    assert game.observation(1)["straddles"] == 3
    assert game.phase == "bet" and game.to_act == 1  # law 24: left of the last straddler


def test_law_21_one_who_declines_leaves_the_right_to_straddle_to_the_next():
    """Law 21: once the first has straddled, "the succeeding players shall have, in turn ...
    and ending with the dealer, the right to increase the straddle": p3 declines, and the
    dealer may still straddle, to 3 (the ante added to the last straddle)."""
    game = game_of(straddles=True)
    play(game, Straddle(True))
    assert game.phase == "straddle" and game.to_act == 3
    play(game, Straddle(False))
    assert game.phase == "straddle" and game.to_act == 0
    play(game, Straddle(True))
    assert game.phase == "bet"
    assert game.stakes == [3, 1, 2, 0] and pool(game) == 6
    assert game.to_act == 1  # law 24: left of the dealer, the last straddler
    declined = game_of(straddles=True)
    play(declined, Straddle(True), Straddle(False), Straddle(False))
    assert declined.phase == "bet" and declined.stakes == [0, 1, 2, 0]
    assert declined.to_act == 3  # left of p2, the last straddler


def test_law_21_a_player_without_the_counters_is_passed_over():
    """A succeeding player who cannot pay the straddle loses his turn to straddle, not the
    others theirs: p3 holds 2 counters and cannot straddle to 3; the dealer is asked."""
    game = game_of(straddles=True, stacks=[100, 100, 100, 2])
    play(game, Straddle(True))
    assert game.phase == "straddle" and game.to_act == 0
    poor_first = game_of(straddles=True, stacks=[100, 100, 1, 100])  # p2 cannot straddle to 2
    assert poor_first.phase == "bet" and poor_first.to_act == 2 and poor_first.stakes == [0, 1, 0, 0]


def test_law_21_a_straddle_adds_the_agreed_ante_to_an_ante_man_all_in_for_less():
    """Law 21: the straddlers "increase the straddle in every case by the amount of the
    ante"; docs/rules.md 6.2: "the amount of ante" is the agreed ante, however little the
    ante-man, all in, could put in (law 60). Ante 2, limit 10: p1 antes his only counter;
    p2 straddles to 4 (not 3), p3 may not straddle to 6 (law 22), and p3's opening is at
    least double the straddle, 8."""
    game = game_of(straddles=True, ante=2, stacks=[50, 1, 50, 50])
    witness = Witness(game)
    assert game.stakes == [0, 1, 0, 0]
    play_checked(game, witness, Straddle(True))
    assert game.stakes == [0, 1, 4, 0] and game.phase == "bet" and game.to_act == 3
    assert min(a.by for a in game.legal_actions() if type(a) is Raise) == 4


def test_law_22_ante_and_straddles_never_exceed_half_the_limit():
    """Law 22: "The ante shall not be straddled by a player, or by successive players, to an
    amount exceeding one-half the limit." Ante 1, limit 6 (half: 3): p2 straddles to 2, p3 to
    3, and the dealer may not straddle to 4."""
    for limit in (6, 7):
        game = game_of(straddles=True, limit=limit)
        play(game, Straddle(True), Straddle(True))
        assert game.phase == "bet" and game.to_act == 0  # the dealer's straddle is not offered
        assert game.stakes == [0, 1, 2, 3] and pool(game) == 6
        with pytest.raises(IllegalActionError):
            game.apply(Straddle(True))
    game = game_of(straddles=True, ante=5, limit=10)  # the ante is half the limit already
    assert game.phase == "bet" and game.to_act == 2 and game.stakes == [0, 5, 0, 0]


def test_law_23_without_a_straddle_the_player_left_of_ante_says_first_and_ante_last():
    """Law 23: "If the ante be not straddled, the player to the left of ante shall have
    first say after the deal, and ante shall have the last say." Dealer 0, ante p1."""
    for straddles in (True, False):
        game = game_of(straddles=straddles)
        if straddles:
            play(game, Straddle(False))
        says = []
        for action in (Raise(1), Call(), Call(), Call()):
            says.append(game.to_act)
            play(game, action)
        assert says == [2, 3, 0, 1]
        assert game.phase == "draw"
        assert game.stakes == [2, 2, 2, 2] and pool(game) == 8


def test_law_24_with_straddles_left_of_the_last_straddler_says_first_and_he_last():
    """Law 24: "If the ante be straddled, the player to the left of the straddler (or of the
    last straddler, if there be more than one) shall have first say after the deal, and the
    last straddler shall have the last say." p2 straddles to 2, p3 to 3, the dealer declines."""
    game = game_of(straddles=True)
    play(game, Straddle(True), Straddle(True), Straddle(False))
    says = []
    for action in (Raise(3), Call(), Call(), Call()):
        says.append(game.to_act)
        play(game, action)
    assert says == [0, 1, 2, 3]
    assert game.phase == "draw"
    assert game.stakes == [6, 6, 6, 6] and pool(game) == 24
    assert balances(game) == [94, 94, 94, 94]


# --------------------------------------------------------------------------------------
# The play (laws 25-28)
# --------------------------------------------------------------------------------------


def test_law_25_the_opener_stakes_at_least_double_the_ante():
    """Law 25: "the player who has first say after the deal shall, if he open the game,
    stake a sum at least double the amount of ante." Ante 2: the opener stakes 4 or more."""
    game = game_of(ante=2, limit=10)
    assert game.to_act == 2
    raises = [a.by for a in game.legal_actions() if type(a) is Raise]
    assert min(raises) == 2  # 2 on top of the ante's 2: double the ante
    with pytest.raises(IllegalActionError):
        game.apply(Raise(1))  # a stake of 3 is less than double the ante
    records = play(game, Raise(2))
    assert payments(records) == [Payment("p2", "pool", 4)]
    assert game.stakes == [0, 2, 4, 0] and pool(game) == 6
    assert game.observation(0)["opener"] == 2


def test_law_25_with_straddles_double_the_last_straddle():
    """Law 25 with docs/rules.md 6.2: "with straddles, opening means at least double the last
    straddle". p2 straddles to 2, p3 to 3, the dealer declines: p0 opens for at least 6."""
    game = game_of(straddles=True)
    play(game, Straddle(True), Straddle(True), Straddle(False))
    assert game.to_act == 0
    with pytest.raises(IllegalActionError):
        game.apply(Raise(2))  # a stake of 5
    records = play(game, Raise(3))
    assert payments(records) == [Payment("p0", "pool", 6)]
    assert game.stakes == [6, 1, 2, 3] and pool(game) == 12


def test_law_25_before_the_game_is_opened_a_player_opens_or_passes():
    """Laws 25-27 with docs/rules.md 6.2: "the opener stakes at least double the ante (or the
    last straddle), then each following player makes good, raises, or passes". Before the
    game is opened a player has only two choices: open (stake at least double the ante) or
    pass (law 27); making good the bare ante is not an opening, and "makes good" only
    follows an opener (the module docstring: "each after him makes good ... or passes")."""
    game = game_of()
    assert game.to_act == 2 and game.observation(2)["opener"] is None
    kinds = {type(a) for a in game.legal_actions()}
    assert kinds == {Fold, Raise}, "before the opening a player opens or passes"


def test_law_25_the_first_say_may_open_when_the_only_other_player_is_all_in_from_his_ante():
    """Law 25 (seed 000_090407a6d9d4a9ee.txt): the first say "shall, if he open the game,
    stake a sum at least double the amount of ante"; law 29: a game is unopened only "if ...
    not opened by any player"; law 60: a player without funds "may deposit in the pool
    whatever funds he has, and demand a show for that amount" (docs/rules.md 6.2).

    The referee's deal: three players, ante 2, dealer p0; the ante p1 holds 1 counter, all in
    from his ante. p2 passes: p0, the only other player still in, may still open, though
    nobody can answer, staking at least double the agreed ante (4: 1 to make good the ante's
    stake and 3 more), or pass. He opens: both draw, no bet can follow, and the hands are
    shown from p0's left. p1's aces beat p0's knaves: p1 claims his ante of 1 and 1 from p0
    (law 60); p0 takes back the other 3 of his stake."""
    game = new_game("draw_poker", players=3, seed=5, dealer=0, stacks=[50, 1, 50], ante=2, straddles=False)
    witness = Witness(game)  # every step checked: counters, pack, records
    assert game.stakes == [0, 1, 0] and balances(game) == [50, 0, 50]
    play_checked(game, witness, Fold())
    assert game.to_act == 0
    assert game.legal_actions() == [Fold(), *(Raise(by) for by in range(3, 11))]  # limit 10
    records = play_checked(game, witness, Raise(3))
    assert payments(records) == [Payment("p0", "pool", 4)]
    assert game.observation(0)["opener"] == 0 and game.phase == "draw" and game.live == [1, 0]
    assert game.to_act == 1  # the player all in draws too
    dealt = [tuple(h) for h in game.hands]
    assert reference_key(dealt[1]) > reference_key(dealt[0])
    final = play_checked(game, witness, Discard(0), Discard(0))
    assert [e.seat for e in entries(final, Shown)] == [1, 0]
    won = [p for p in payments(final) if p.payer == "pool"]
    assert won == [Payment("pool", "p1", 2), Payment("pool", "p0", 3)]
    assert balances(game) == [49, 2, 50] and pool(game) == 0 and game.is_over


def test_law_26_each_succeeding_player_makes_good_his_stake():
    """Law 26: "Each succeeding player shall, if he play, at least make good his stake to
    that of the preceding player." p2 opens for 4; p3 makes good (4); p0 raises to 6; p1
    (the ante, 1 in) makes good with 5; p2 with 2, p3 with 2."""
    game = game_of()
    play(game, Raise(3))
    assert Call() in game.legal_actions() and Check() not in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply(Check())
    put = [payments(play(game, a)) for a in (Call(), Raise(2), Call(), Call(), Call())]
    assert put == [[Payment("p3", "pool", 4)], [Payment("p0", "pool", 6)], [Payment("p1", "pool", 5)],
                   [Payment("p2", "pool", 2)], [Payment("p3", "pool", 2)]]  # fmt: skip
    assert game.phase == "draw"
    assert game.stakes == [6, 6, 6, 6] and pool(game) == 24


def test_law_27_a_player_who_passes_forfeits_his_stake():
    """Law 27: "If a player pass, he shall place his cards, face downwards, on the table,
    and shall not again take them into his hand, and he shall forfeit unconditionally his
    stake and his right to play in that game." p2 opens (2), p3 raises to 5, p0, p1 (the
    ante, 1 in) and p2 pass: p3 takes 1 + 2 + 5 = 8."""
    game = game_of()
    play(game, Raise(1), Raise(3), Fold())
    assert game.hands[0] == [] and 0 not in game.live
    acted = []
    for action in (Fold(), Fold()):
        acted.append(game.to_act)
        play(game, action)
    assert acted == [1, 2]
    assert game.is_over
    assert balances(game) == [100, 99, 98, 103] and pool(game) == 0
    assert game.rewards() == {0: 0, 1: -1, 2: -2, 3: 3}


def test_law_28_a_retired_hand_is_seen_by_nobody():
    """Law 28: "A player who retires from the game shall not divulge the cards nor the value
    of the hand he has thrown down." p3 throws down four aces; the others play to a show,
    where p0's kings take the pool of 9; no seat (nor a spectator) ever sees p3's cards."""
    aces = "AS AH AD AC KS"
    hands = ["KC KD 2H 3S 4C", "QC QD 5H 6S 8C", "JC JD 7H 9S 10C", aces]
    game = game_of(hands=hands)
    play(game, Raise(1), Fold())
    thrown = set(hand(aces))

    def unseen() -> None:
        for seat in (0, 1, 2, None):
            assert not cards_seen(game, seat) & thrown, seat

    unseen()
    play(game, Call(), Call())  # p0 and p1 make good
    play(game, Discard(0), Discard(0), Discard(0))  # p1, p2, p0 stand pat
    unseen()
    records = play(game, Raise(1), Call(), Call())  # p2 bets 1, p0 and p1 call
    unseen()
    assert [e.seat for e in entries(game.history(), Shown)] == [2, 0, 1]
    assert balances(game) == [106, 97, 97, 100]
    assert payments(records[-1:])[-1] == Payment("pool", "p0", 9)
    assert thrown <= cards_seen(game, 3)  # its holder saw it


# --------------------------------------------------------------------------------------
# The jack-pot (laws 29-33)
# --------------------------------------------------------------------------------------


def test_law_29_an_unopened_game_leaves_the_pool_and_the_next_is_a_jackpot():
    """Law 29: "If the game be not opened by any player, the ante and straddles, if any,
    shall remain in the pool, and the next game shall be a Jack-pot." p2 straddles to 2, p3
    and the dealer decline; p3, p0 and p1 pass and so does the last straddler, who alone could still open:
    the ante (1) and the straddle (2) stay; in the jack-pot every player antes 1 more."""
    game = game_of(straddles=True, deals=2)
    play(game, Straddle(True), Straddle(False), Straddle(False))  # p3 and the dealer decline
    records = play(game, Fold(), Fold(), Fold())
    assert game.to_act == 2 and game.legal_actions()[0] == Fold() and Raise(2) in game.legal_actions()
    records += play(game, Fold())
    ended = entries(records, DealEnded)
    assert len(ended) == 1 and ended[0].rewards == (0, -1, -2, 0)
    assert not [p for p in payments(records) if p.payer == "pool"]  # nobody takes the pool
    assert game.carry == 3
    obs = game.observation(0)
    assert obs["deal_number"] == 2 and obs["jackpot"] == 1 and obs["minimum"] == "J"
    assert pool(game) == 3 + 4
    assert balances(game) == [99, 98, 97, 99]


def test_law_30_every_player_antes_into_the_jackpot():
    """Law 30: "In a Jack-pot every player shall pay into the pool a sum equal to the ante".
    With the driver's decisions: no straddle in a jack-pot, the antes are dead money and
    the opener stakes at least double the ante."""
    game = game_of(straddles=True, ante=2, deals=2)
    play(game, Straddle(False))
    records = pass_round(game)  # nobody opens deal 1; deal 2 (dealer 1) is a jack-pot
    antes = [p for p in payments(records) if p.payee == "pool"]
    assert sorted(antes) == sorted(Payment(f"p{s}", "pool", 2) for s in range(4))
    assert pool(game) == 2 + 8
    assert balances(game) == [98, 96, 98, 98]
    assert game.phase == "bet" and game.stakes == [0, 0, 0, 0]
    assert game.to_act == 3  # left of p2, the player on the dealer's left
    assert min(a.by for a in game.legal_actions() if type(a) is Raise) == 4
    with pytest.raises(IllegalActionError):
        game.apply(Raise(3))


def test_law_30_a_jackpot_opened_with_two_knaves_is_claimed():
    """Law 30: "the game shall not be opened by any player unless he have two knaves, or
    better, in his original hand." p3 opens the first jack-pot on two knaves for 2, p0 makes
    good, p1 and p2 pass; both stand pat, p3 bets 1, p0 calls and has no pair: p3 claims the
    pool of 1 + 4 + 3 + 3 = 11 and the next deal is an ordinary one."""
    def make(seed):
        return unopened_session(seed, 1, deals=3)

    game = find_game(make, lambda g: just_a_pair_of(g.hands[3], KNAVE) and nothing(g.hands[0]))
    assert game.to_act == 3 and game.observation(3)["minimum"] == "J"
    play(game, Raise(2), Call(), Fold(), Fold())
    play(game, Discard(0), Discard(0))  # p3 then p0 (p1 and p2 retired)
    assert game.to_act == 3  # law 53: left of p2, the ante seat
    records = play(game, Raise(1), Call())
    assert Payment("pool", "p3", 11) in payments(records)
    assert not [n for n in entries(records, Note) if "law 33" in n.text]
    obs = game.observation(0)
    assert obs["deal_number"] == 3 and obs["jackpot"] == 0 and obs["minimum"] is None
    assert pool(game) == 1  # an ordinary deal: only p3, on the new dealer's left, antes
    assert balances(game) == [96, 98, 99, 107 - 1]


def test_laws_30_to_32_a_jackpot_series_of_three_unopened_deals_needs_knaves_queens_kings_then_knaves():
    """Laws 30-32: the first jack-pot needs "two knaves, or better"; "If a Jack-pot be not
    opened by any player, each player shall again pay into the pool a sum equal to the ante,
    and the next game shall be a Jack-pot, and shall not be opened by any player unless he
    have two queens"; "A third successive Jack-pot shall not be opened with less than two
    kings, and for successive Jack-pots the series of two knaves, two queens, two kings shall
    be maintained". Deal 1 and three jack-pots go unopened; the fourth needs knaves again,
    and p2 opens it on two knaves and claims the pool of 17 + 2."""
    def make(seed):
        return unopened_session(seed, 4, deals=5)

    seed = find_game(make, lambda g: just_a_pair_of(g.hands[first_say_in_jackpot(g)], KNAVE)).seed
    replay = game_of(seed=seed, deals=5)  # the same session, read deal by deal as each begins
    terms = []
    for number in range(1, 6):
        obs = replay.observation(0)
        terms.append((obs["deal_number"], obs["jackpot"], obs["minimum"], pool(replay)))
        if number < 5:
            pass_round(replay)
    assert terms == [(1, 0, None, 1), (2, 1, "J", 5), (3, 2, "Q", 9), (4, 3, "K", 13), (5, 4, "J", 17)]
    assert balances(replay) == [96, 95, 96, 96]
    assert replay.dealer == 0 and replay.to_act == 2
    records = play(replay, Raise(2), Fold(), Fold(), Fold())
    assert Payment("pool", "p2", 19) in payments(records)
    assert balances(replay) == [96, 95, 113, 96] and pool(replay) == 0


def test_law_31_the_second_jackpot_is_not_opened_on_two_knaves():
    """Law 31: the second successive jack-pot "shall not be opened by any player unless he
    have two queens, or better". p0 opens it on two knaves and wins: by law 33 he cannot
    claim, pays double the ante, and the next deal is the third jack-pot (kings)."""
    def make(seed):
        return unopened_session(seed, 2, deals=4)

    game = find_game(make, lambda g: just_a_pair_of(g.hands[0], KNAVE))
    assert game.dealer == 2 and game.to_act == 0 and game.observation(0)["minimum"] == "Q"
    assert pool(game) == 9
    records = play(game, Raise(2), Fold(), Fold(), Fold())
    assert not [p for p in payments(records) if p.payer == "pool"]
    assert Payment("p0", "pool", 2) in payments(records)  # the penalty
    obs = game.observation(1)
    assert obs["jackpot"] == 3 and obs["minimum"] == "K"
    assert pool(game) == 9 + 2 + 2 + 4
    assert balances(game) == [93, 96, 97, 97]


def test_law_32_the_third_jackpot_is_not_opened_on_two_queens_and_the_series_repeats():
    """Law 32: "A third successive Jack-pot shall not be opened with less than two kings".
    p1 opens it on two queens and wins: he cannot claim, pays double the ante, and the
    next deal is a jack-pot "as if the previous game had not been opened": the fourth of
    the series, which needs two knaves again."""
    def make(seed):
        return unopened_session(seed, 3, deals=5)

    game = find_game(make, lambda g: just_a_pair_of(g.hands[1], QUEEN))
    assert game.dealer == 3 and game.to_act == 1 and game.observation(0)["minimum"] == "K"
    records = play(game, Raise(2), Fold(), Fold(), Fold())
    assert Payment("p1", "pool", 2) in payments(records)
    assert not [p for p in payments(records) if p.payer == "pool"]
    obs = game.observation(0)
    assert obs["jackpot"] == 4 and obs["minimum"] == "J"
    assert pool(game) == 13 + 2 + 2 + 4
    assert balances(game) == [96, 91, 96, 96]


def test_law_33_a_false_opener_who_wins_cannot_claim_and_pays_double_the_ante():
    """Law 33: "if he have not two knaves, or the minimum hand with which the game may be
    opened ... he shall not claim the pool, and he shall pay into the pool, as penalty, a
    sum equal to double the ante, and the next game shall be a Jack-pot as if the previous
    game had not been opened." p3 opens the first jack-pot with no pair for 2; everybody
    passes; he shows, takes nothing, pays 2; the pool of 1 + 4 + 2 + 2 = 9 stays, and the
    next deal is the second jack-pot (queens), with 4 antes more."""
    def make(seed):
        return unopened_session(seed, 1, deals=2)

    game = find_game(make, lambda g: nothing(g.hands[3]))
    dealt = sorted(game.hands[3])
    assert game.to_act == 3
    records = play(game, Raise(2), Fold(), Fold(), Fold())
    shown = entries(records, Shown)
    assert len(shown) == 1 and shown[0].seat == 3 and sorted(shown[0].cards) == dealt
    assert Payment("p3", "pool", 2) in payments(records)
    assert not [p for p in payments(records) if p.payer == "pool"]
    ended = entries(records, DealEnded)
    assert ended[-1].rewards == (-1, -1, -1, -5)
    assert game.carry == 9
    obs = game.observation(0)
    assert obs["deal_number"] == 3 and obs["jackpot"] == 2 and obs["minimum"] == "Q"
    assert pool(game) == 13
    assert balances(game) == [98, 97, 98, 94]


def test_law_33_the_jackpot_opener_shows_his_hand_before_claiming():
    """Law 33: "If a player open a Jack-pot and win the stakes, he shall show his hand
    (notwithstanding any law which in ordinary circumstances permits him to keep it
    concealed) before he shall claim the pool". p3 opens on two knaves for 2, p0 makes good,
    both draw; p3 bets 1 and p0 passes: an uncalled bet (law 58) would be won unshown, but
    the opener shows his hand before taking 1 + 4 + 2 + 2 + 1 = 10: his hand as dealt, on
    which his openers are judged (law 30's "original hand"), so that the table can see them
    (his discards too; never the cards he drew)."""
    def make(seed):
        return unopened_session(seed, 1, deals=2)

    game = find_game(make, lambda g: just_a_pair_of(g.hands[3], KNAVE))
    dealt = list(game.hands[3])
    odd = sum(1 << i for i, c in enumerate(dealt) if c // 4 != KNAVE)
    play(game, Raise(2), Call(), Fold(), Fold())
    play(game, Discard(odd), Discard(0))
    held = sorted(game.hands[3])
    records = play(game, Raise(1), Fold())
    last = records[-1].entries
    kinds = [type(e) for e in last]
    shown = [e for e in last if type(e) is Shown]
    assert len(shown) == 1 and shown[0].seat == 3 and sorted(shown[0].cards) == sorted(dealt) != held
    assert [c // 4 for c in shown[0].cards].count(KNAVE) == 2  # the openers, as dealt
    claim = last.index(Payment("pool", "p3", 10))
    assert kinds.index(Shown) < claim
    assert balances(game) == [97, 98, 99, 106] and pool(game) == 0
    assert Note("p3 takes the pool uncalled, after showing his cards") in last  # not "unshown"


# --------------------------------------------------------------------------------------
# The draw (laws 34-51)
# --------------------------------------------------------------------------------------

DRAW_HANDS = ["2C 3C 4C 5C 7D", "8C 8D 9H 10S QC", "2D 3D 4D 6H 7H", "AS KS QS JS 9D"]
DRAW_CARDS = "AH AD AC KH KD QH QD JH"


def test_law_34_the_player_left_of_the_dealer_draws_first():
    """Law 34: "The first player to the left of the dealer shall have first draw." Dealer 2
    (ante p3, first say p0): p3 draws first; when he has passed, p0."""
    game = game_of(dealer=2)
    play(game, Raise(1), Call(), Call(), Call())
    assert game.phase == "draw" and game.to_act == 3
    game = game_of(dealer=2)
    play(game, Raise(1), Call(), Call(), Fold())  # p3, the ante, passes
    assert game.phase == "draw" and game.to_act == 0


def test_law_35_the_turn_to_draw_passes_to_the_left():
    """Law 35: "The turn to draw shall pass from right to left" (docs/rules.md 6.1: to the
    player on the left). Dealer 2: p3, p0, p1, then the dealer."""
    game = game_of(dealer=2)
    play(game, Raise(1), Call(), Call(), Call())
    order = []
    while game.phase == "draw":
        order.append(game.to_act)
        play(game, Discard(0))
    assert order == [3, 0, 1, 2]
    assert game.phase == "bet"


def test_law_36_stakes_are_equal_and_a_player_draws_as_many_as_he_discards():
    """Law 36: "Before drawing any card or cards, a player shall make his stake equal to the
    highest stake on the table, and he shall discard as many cards, and no more, as he
    intends to draw." p1 throws 9H, 10S, QC (places 2, 3 and 4) and draws AH, AD, AC."""
    game = game_of(hands=DRAW_HANDS, draws=DRAW_CARDS)
    play(game, Raise(2), Call(), Call(), Call())  # p2 opens for 3, all make good
    assert game.phase == "draw"
    assert game.stakes == [3, 3, 3, 3]
    records = play(game, Discard(0b11100))
    assert [e.card for e in entries(records, Dealt)] == hand("AH AD AC")
    assert game.hands[1] == hand("8C 8D AH AD AC")
    assert game.observation(0)["discarded"][1] == 3 and game.observation(0)["drawn"][1] == 3


def test_law_37_discards_lie_face_down_seen_by_nobody():
    """Law 37: "Cards discarded shall be placed on the table, face downwards, and shall not
    again be taken into the hand of the player discarding them." p1's discard 9H 10S QC is
    never seen by another seat, nor in p1's hand again."""
    game = game_of(hands=DRAW_HANDS, draws=DRAW_CARDS)
    all_in_four(game)
    thrown = set(hand("9H 10S QC"))
    play(game, Discard(0b11100), Discard(0b00001), Discard(0), Discard(0b00011))
    assert game.phase == "bet"
    for seat in (0, 2, 3, None):
        assert not cards_seen(game, seat) & thrown, seat
    assert not set(game.hands[1]) & thrown
    assert not [e for e in entries(game.history(), Shown)]


def test_law_38_a_player_who_does_not_discard_in_turn_forfeits_the_draw():
    """Law 38: "If a player, when it is his turn to draw, do not discard or have not
    discarded, he shall forfeit his right to discard and draw in that game." p1 stands pat:
    he is dealt nothing, the turn passes, and he never draws again in that deal."""
    game = game_of(hands=DRAW_HANDS, draws=DRAW_CARDS)
    all_in_four(game)
    records = play(game, Discard(0))
    assert entries(records, Dealt) == []
    assert game.to_act == 2 and game.hands[1] == hand(DRAW_HANDS[1])
    assert game.observation(3)["drawn"][1] == 0
    turns = []
    while game.phase == "draw":
        turns.append(game.to_act)
        play(game, Discard(1))
    assert turns == [2, 3, 0] and game.phase == "bet"
    assert game.hands[1] == hand(DRAW_HANDS[1])
    assert not any(type(a) is Discard for a in game.legal_actions())


def test_law_39_the_cards_drawn_come_face_down_from_the_top_of_the_pack():
    """Law 39: "Each player, after discarding, shall ask for the same number of cards he has
    discarded, and the dealer shall place on the table, in front of such player, such number
    of cards, face downwards, from the top of the pack." In turn p1 draws 3, p2 1, p3 none
    and p0 2: the next cards of the pack, each seen by its receiver only."""
    game = game_of(hands=DRAW_HANDS, draws=DRAW_CARDS)
    all_in_four(game)
    records = play(game, Discard(0b11100), Discard(0b00001), Discard(0), Discard(0b10010))
    dealt = entries(records, Dealt)
    assert [(e.seat, e.card) for e in dealt] == list(zip([1, 1, 1, 2, 0, 0], hand("AH AD AC KH KD QH")))
    assert all(e.seen_by == (e.seat,) for e in dealt)
    assert game.hands[2] == hand("3D 4D 6H 7H KH")
    assert game.hands[0] == hand("2C 4C 5C KD QH")
    for seat in range(4):
        theirs = [e for r in game.events(seat)[-4:] for e in r.entries if type(e) is Dealt]
        assert [e.seat for e in theirs] == [1, 1, 1, 2, 0, 0]  # the number is public
        assert all((e.card is None) == (e.seat != seat) for e in theirs)


def test_law_41_the_pack_running_short_the_discards_are_shuffled_to_finish_the_draw():
    """Law 41: "If the dealer have not sufficient cards remaining in the pack to give to
    every player the number of cards demanded after the discard, the dealer shall call upon
    any player who has not discarded ... to do so, and to announce the number he discards,
    and the dealer also shall discard, and ... shall then collect the whole of the cards
    discarded ... and shuffle them ... and shall then use them to supply the players who
    have discarded." Eight players all draw five: 12 cards are left after the deal, p1 and
    p2 take 10, p3 gets the last 2, and the 40 cards discarded are shuffled for the rest."""
    top = list(range(51, -1, -1))  # every card stacked: the deal, then the stock
    game = new_game("draw_poker", players=8, seed=0, dealer=0, top=top, ante=1, limit=10, counters=100,
                    deals=1, straddles=False)  # fmt: skip
    play(game, Raise(1), *[Call()] * 7)
    assert game.phase == "draw" and game.to_act == 1
    dealt = [list(h) for h in game.hands]
    discards = {c for h in dealt for c in h}
    assert discards == set(top[:40])
    records = []
    for seat in (1, 2, 3, 4, 5, 6, 7, 0):
        assert game.to_act == seat
        records.append(game.apply(Discard(ALL)))
    assert game.hands[1] == top[40:45] and game.hands[2] == top[45:50]
    for record in records[2:7]:  # p3 to p7 announce their discards and wait
        assert entries([record], Dealt) == []
    assert any("law 41" in n.text for n in entries(records[2:3], Note))
    last = records[-1].entries  # the dealer's discard completes the draw
    reshuffled = [i for i, e in enumerate(last) if type(e) is Reshuffled]
    assert len(reshuffled) == 1 and last[reshuffled[0]].cards == 40  # the discards only
    before = [e for e in last[:reshuffled[0]] if type(e) is Dealt]
    after = [e for e in last[reshuffled[0]:] if type(e) is Dealt]
    assert [(e.seat, e.card) for e in before] == [(3, top[50]), (3, top[51])]
    assert [e.seat for e in after] == [3] * 3 + [s for s in (4, 5, 6, 7, 0) for _ in range(5)]
    assert {e.card for e in after} <= discards
    assert game.phase == "bet"
    hands = game.hands
    assert all(len(h) == 5 for h in hands)
    held = [c for h in hands for c in h]
    pack = game.pack
    everywhere = held + list(pack.stock) + list(pack.used)
    assert len(held) == len(set(held)) == 40
    assert sorted(everywhere) == list(range(52))
    for seat in range(8):
        assert game.observation(seat)["drawn"] == (5,) * 8


def test_law_41_a_hand_thrown_down_is_not_among_the_discards_reshuffled():
    """Law 41 (the cards discarded) with law 28: p3 passes before the draw; seven players
    then draw five each; the 35 discards are shuffled to finish the draw, never p3's
    thrown-down hand, which nobody is dealt."""
    top = list(range(52))
    game = new_game("draw_poker", players=8, seed=5, dealer=0, top=top, ante=1, limit=10, counters=100,
                    deals=1, straddles=False)  # fmt: skip
    thrown = set(game.hands[3])
    assert thrown == {top[2 + 8 * r] for r in range(5)}
    play(game, Raise(1), Fold(), *[Call()] * 6)
    records = [game.apply(Discard(ALL)) for _ in range(7)]
    assert [e.cards for e in entries(records, Reshuffled)] == [35]
    dealt = {e.card for e in entries(records, Dealt)}
    assert len(dealt) == 35 and not dealt & thrown
    assert all(len(game.hands[s]) == 5 for s in range(8) if s != 3)


def test_law_44_a_wrong_demand_is_made_in_the_open():
    """Law 44: "If a player demand a greater or less number of cards than he has discarded,
    the dealer need not give him such wrong number, but may demand to see how many cards
    have been discarded". The number discarded is public: every seat sees that p1 threw 2;
    he is given no card (law 45 then makes his hand foul)."""
    game = game_of(hands=DRAW_HANDS, draws=DRAW_CARDS)
    all_in_four(game)
    records = play(game, Demand(2, 3))
    assert entries(records, Dealt) == []
    for seat in range(4):
        assert game.observation(seat)["discarded"][1] == 2
    assert game.to_act == 2
    play(game, Discard(0b00001))
    assert game.hands[2] == hand("3D 4D 6H 7H AH")  # the top card of the pack is still there


def test_law_45_a_player_demanding_the_wrong_number_has_a_foul_hand_and_retires():
    """Law 45: "If the dealer give to a player the number of cards demanded by such player,
    and such number prove to be more or less than the number of cards discarded, the hand
    of such player shall be a foul hand ... and such player shall retire from the game and
    forfeit his stake in that game." (Law 44: the wrong demand.) p2, holding four aces,
    discards 2 and asks for 3: he retires and loses his 2; p3's kings beat p1's treys for
    the pool of 12."""
    hands = ["2C 5D 8H JS KD", "3C 3D 6H 9S QD", "AS AH AD AC QS", "KC KH 4C 7S 10H"]
    game = game_of(hands=hands, draws="7C 10D 2H 9D")
    all_in_four(game)
    play(game, Discard(0b11100))
    with pytest.raises(IllegalActionError):
        game.apply(Demand(2, 2))  # the right number is a plain discard
    play(game, Demand(2, 3))
    assert 2 not in game.live and game.hands[2] == []
    assert game.to_act == 3
    play(game, Discard(0b00100), Discard(0))
    assert game.hands[3] == hand("KC KH 7S 10H 9D")  # the card after p1's three: none went to p2
    assert game.phase == "bet" and game.to_act == 3  # law 53: left of the ante, p2 retired
    records = play(game, Raise(2), Fold(), Call())
    assert [e.seat for e in entries(records, Shown)] == [3, 1]
    assert payments(records[-1:])[-1] == Payment("pool", "p3", 12)
    assert balances(game) == [98, 96, 98, 108]


def test_law_47_the_dealer_drawing_the_wrong_number_has_a_foul_hand():
    """Law 47: "If the dealer draw more or less than the number of cards he has discarded,
    he shall be held to have demanded such improper number, and his hand shall be a foul
    hand, and he shall retire from the game and shall forfeit his stake in that game." The
    dealer (a full hand) discards 1 and draws 2: he loses his 2; p2's queens beat p3's
    knaves for the pool of 9."""
    hands = ["AS AH AD KS KH", "4C 7D 10H 2S 3D", "QC QD 2H 5S 8C", "JC JD 3H 6S 9C"]
    game = game_of(hands=hands, draws="4D 5D")
    play(game, Raise(1), Call(), Call(), Fold())  # p1, the ante, passes
    play(game, Discard(0), Discard(0))
    assert game.to_act == 0
    play(game, Demand(1, 2))
    assert 0 not in game.live and game.hands[0] == []
    assert game.phase == "bet" and game.to_act == 2
    records = play(game, Raise(1), Call())
    assert [e.seat for e in entries(records, Shown)] == [2, 3]
    assert payments(records[-1:])[-1] == Payment("pool", "p2", 9)
    assert balances(game) == [98, 99, 106, 97]


def test_law_48_a_hand_of_more_than_five_cards_is_foul_and_retires():
    """Law 48: "If cards drawn be raised from the table, and the hand be found to contain
    more or less than five cards, such hand shall be a foul hand, and the player to whom it
    belongs shall retire from the game and shall forfeit his stake in that game." p1 stands
    pat but takes a card (six cards): he retires and loses his 2."""
    game = game_of(hands=DRAW_HANDS, draws=DRAW_CARDS)
    all_in_four(game)
    play(game, Demand(0, 1))
    assert 1 not in game.live and game.hands[1] == []
    play(game, Discard(0), Discard(0), Discard(0))
    assert game.phase == "bet" and game.to_act == 2
    records = play(game, Raise(1), Fold(), Fold())
    assert payments(records[-1:])[-1] == Payment("pool", "p2", 9)
    assert balances(game) == [98, 98, 106, 98]


def test_laws_49_to_51_the_number_each_player_drew_is_public():
    """Laws 49-51: a player may ask how many cards the dealer drew, and "The dealer shall not
    give any information as to the number of cards drawn by any other player" (docs/rules.md 6.1:
    the cards are dealt on the table, so the number each drew is seen by all). p1 draws 3,
    p2 1, p3 none, the dealer 2: every seat sees those numbers."""
    game = game_of(hands=DRAW_HANDS, draws=DRAW_CARDS)
    all_in_four(game)
    play(game, Discard(0b11100), Discard(0b00001), Discard(0), Discard(0b10010))
    for seat in range(4):
        obs = game.observation(seat)
        assert obs["drawn"] == (2, 3, 1, 0) and obs["discarded"] == (2, 3, 1, 0)


# --------------------------------------------------------------------------------------
# The betting (laws 52-58)
# --------------------------------------------------------------------------------------


def straddled_to_the_draw(game) -> None:
    """p2 straddles to 2, p3 and the dealer decline; p3 opens for 4, p0 makes good, p1 (the ante) passes,
    p2 makes good; p2, p3 and p0 stand pat. Pool 13."""
    play(game, Straddle(True), Straddle(False), Straddle(False))  # p3 and the dealer decline
    play(game, Raise(2), Call(), Fold(), Call())
    assert game.phase == "draw" and game.to_act == 2  # law 34: p1 has retired
    play(game, Discard(0), Discard(0), Discard(0))
    assert pool(game) == 13


def test_law_53_first_bet_after_the_draw_left_of_the_ante_even_if_he_retired():
    """Law 53: "The first player to the left of the ante shall have first right to bet after
    the draw, whether the ante-man have retired or not." The ante (p1) has passed and p3
    opened: p2 bets first, then p3 and p0; p2's uncalled bet of 3 takes 13 + 3."""
    game = game_of(straddles=True)
    straddled_to_the_draw(game)
    assert game.phase == "bet" and game.to_act == 2
    order = []
    for action in (Raise(3), Fold(), Fold()):
        order.append(game.to_act)
        play(game, action)
    assert order == [2, 3, 0]
    assert balances(game) == [96, 99, 109, 96]


def test_law_54_a_player_not_staking_at_least_the_preceding_stake_retires():
    """Law 54: "If, when his turn comes, any player have not staked, and does not stake a sum
    at least equal to that staked by the preceding player, such player shall ... retire
    from the game, and shall forfeit his stake in that game." After p2 bets 3, p3 may not
    stay without making good: he passes and loses his 4."""
    game = game_of(straddles=True)
    straddled_to_the_draw(game)
    play(game, Raise(3))
    assert game.to_act == 3
    assert {type(a) for a in game.legal_actions()} == {Fold, Call, Raise}
    with pytest.raises(IllegalActionError):
        game.apply(Check())
    play(game, Fold())
    assert 3 not in game.live and game.hands[3] == [] and game.to_act == 0
    assert game.stakes == [4, 1, 7, 4] and pool(game) == 16


def test_laws_53_54_after_the_draw_a_player_may_make_good_without_adding():
    """Law 53: "each player shall stake a sum at least equal to that staked by the preceding
    player"; law 54 retires only the player who does not. The stakes are equal after the
    draw, so the first to say may make good by staking nothing more (``Check``), as may each
    after him until a bet is made; when all have, the hands are shown (law 59, from the
    left of the last to say)."""
    game = game_of(straddles=True)
    straddled_to_the_draw(game)
    assert game.to_act == 2 and Check() in game.legal_actions()
    stakes = game.stakes
    play(game, Check(), Check())
    assert game.to_act == 0 and game.stakes == stakes
    records = play(game, Check())
    assert [e.seat for e in entries(records, Shown)] == [2, 3, 0] and game.deal_number == 1 and game.is_over


def test_laws_55_56_a_bet_cannot_be_recalled():
    """Law 55: "A bet once made, whether made in proper turn or not, cannot be recalled."
    Law 56: "A bet is complete and irrevocable when the player making it has deposited the
    amount ... and such deposit shall be considered as a deposit into the pool." (Law 52:
    "All bets shall be deposited in the pool.") p2 bets 3, p3 raises by 2, p0 and p2 pass:
    p2's 7 stay in the pool that p3 takes (13 + 3 + 5 = 21)."""
    game = game_of(straddles=True)
    straddled_to_the_draw(game)
    before = balances(game)
    records = play(game, Raise(3))
    assert payments(records) == [Payment("p2", "pool", 3)]  # deposited at once
    assert balances(game)[2] == before[2] - 3 and pool(game) == 16
    records += play(game, Raise(2), Fold(), Fold())
    for record in records[:-1]:
        assert all(p.payee == "pool" for p in record.payments)  # nothing comes back out
    assert payments(records[-1:])[-1] == Payment("pool", "p3", 21)
    assert balances(game) == [96, 99, 93, 112]


def test_law_58_an_uncalled_bet_wins_the_pool_unshown():
    """Law 58: "If a player bet or raise the stake of a previous player, and no other player
    call or raise him, such player wins the pool, and shall not be compelled to show his
    hand." After the draw p2 bets 3 and all pass: he takes 8 + 3 and shows nothing."""
    game = game_of()
    all_in_four(game)
    play(game, *[Discard(0)] * 4)
    records = play(game, Raise(3), Fold(), Fold(), Fold())
    assert payments(records[-1:])[-1] == Payment("pool", "p2", 11)
    assert entries(game.history(), Shown) == []
    assert balances(game) == [98, 98, 106, 98]


# --------------------------------------------------------------------------------------
# The show (laws 59-64, 76)
# --------------------------------------------------------------------------------------


def test_law_59_when_bets_are_equal_hands_are_shown_from_the_left_of_the_last_player():
    """Law 59: "When the bets of all the players are equal, each player in turn, beginning
    with the player to the left of the last player, shall show his hand, and the player with
    the best hand shall win the pool." p2 bets 2, p3 raises 2, p0 and p1 call, p2 calls last:
    the hands are shown p3, p0, p1, p2, and p0's threes take the pool of 24."""
    hands = [THREES, TWO_PAIRS, QUEENS, NOTHING]
    game = game_of(hands=hands)
    all_in_four(game)
    play(game, *[Discard(0)] * 4)
    records = play(game, Raise(2), Raise(2), Call(), Call(), Call())
    shown = entries(records, Shown)
    assert [e.seat for e in shown] == [3, 0, 1, 2]
    assert [sorted(e.cards) for e in shown] == [sorted(hand(hands[s])) for s in (3, 0, 1, 2)]
    assert payments(records[-1:])[-1] == Payment("pool", "p0", 24)
    assert balances(game) == [118, 94, 94, 94]


def test_law_59_the_ante_with_the_best_hand_wins_the_whole_pool():
    """Law 59: "... the player with the best hand shall win the pool." The ante (p1) makes
    good p2's opening, both stand pat, p2 bets 1 and p1 calls: the bets are equal (3 each)
    and p1's threes take the whole pool of 6 (his ante is part of his stake: law 20 "The
    ante shall be staked"); nobody is all in, so there is no side pot to give back."""
    hands = [NOTHING, THREES, QUEENS, TWO_PAIRS]
    game = game_of(hands=hands)
    play(game, Raise(1), Fold(), Fold(), Call())
    play(game, Discard(0), Discard(0))
    records = play(game, Raise(1), Call())
    assert [e.seat for e in entries(records, Shown)] == [2, 1]
    won = [p for p in payments(records) if p.payer == "pool"]
    assert won == [Payment("pool", "p1", 6)]
    assert balances(game) == [100, 103, 97, 100]


def test_law_59_a_straddler_with_the_best_hand_wins_the_whole_pool():
    """Law 59: "... the player with the best hand shall win the pool." p2 straddles to 2 (p3
    and the dealer decline), p3 opens for 4, p0 and the ante pass, p2 makes good; after the draw p2 bets 1 and p3 calls:
    the bets are equal (5 each) and p2's threes take the whole pool of 1 + 5 + 5 = 11."""
    hands = [NOTHING, TWO_PAIRS, THREES, QUEENS]
    game = game_of(hands=hands, straddles=True)
    play(game, Straddle(True), Straddle(False), Straddle(False))  # p3 and the dealer decline
    play(game, Raise(2), Fold(), Fold(), Call())
    play(game, Discard(0), Discard(0))
    records = play(game, Raise(1), Call())
    assert [e.seat for e in entries(records, Shown)] == [2, 3]
    won = [p for p in payments(records) if p.payer == "pool"]
    assert won == [Payment("pool", "p2", 11)]
    assert balances(game) == [100, 99, 106, 95]


def unequal_stacks(seed: int):
    """Five players, 30 counters each, dealer 0, no straddles. Deal 1 leaves p0 30, p1 25,
    p2 47, p3 18, p4 30: p2 opens (2), p3 raises to 5, p4 and p0 pass, p1 and p2 make good;
    all stand pat; p2 bets 1, p3 raises to 12, p1 passes (5 lost), p2 raises to 15 and p3
    passes (12 lost): p2 takes 5 + 15 + 12."""
    game = new_game("draw_poker", players=5, seed=seed, dealer=0, ante=1, limit=10, counters=30, deals=2,
                    straddles=False)  # fmt: skip
    play(game, Raise(1), Raise(3), Fold(), Fold(), Call(), Call())
    play(game, Discard(0), Discard(0), Discard(0))
    play(game, Raise(1), Raise(6), Fold(), Raise(3), Fold())
    return game


def test_laws_60_61_two_all_in_players_with_different_stacks_and_a_side_pot():
    """Law 60: "If a player's bet be raised, and such player have not funds to call the
    raise, he may deposit in the pool whatever funds he has, and demand a show for that
    amount. If ... he prove to hold the best hand, he shall claim from the pool the amount
    of the ante and straddle or straddles (if any), and also a sum equal to his stake from
    every player in the game at the time of his demanding a show, out of their stakes. The
    holder of the next best hand shall claim the remainder of the pool." (docs/rules.md 5: the
    modern side pot, also with several all-in players.) Law 61: "A player demanding a show
    ... shall not stop the game if there be other players who wish to continue the betting,
    and he shall not show his hand until the game is over."

    Deal 2 (dealer 1, ante p2): p3 (18) opens, p4 (30), p0 (30) and p1 (25) make good, the
    ante passes; all stand pat. p3 bets 10, p4 raises 10 (22), p0 calls, p1 raises his last
    3 (25, all in), p3 calls his last 6 (18, all in), p4 raises 2 (27) and p0 calls. Hands:
    p3 best, then p1, p4, p0. p3 claims the ante and 18 from each of the four: 1 + 72 = 73;
    p1 7 from each of p4, p0 and himself: 21; p4 the last 2 + 2 = 4."""
    def strictly(game) -> bool:
        keys = [reference_key(tuple(game.hands[s])) for s in (3, 1, 4, 0)]
        return keys[0] > keys[1] > keys[2] > keys[3]

    game = find_game(unequal_stacks, strictly)
    assert balances(game) == [30, 25, 46, 18, 30]  # p2 has anted for deal 2
    assert game.dealer == 1 and game.to_act == 3
    play(game, Raise(1), Call(), Call(), Call(), Fold())
    play(game, *[Discard(0)] * 4)
    assert game.to_act == 3
    records = play(game, Raise(10), Raise(10), Call(), Raise(3))
    assert balances(game)[1] == 0 and game.stakes[1] == 25
    records += play(game, Call())  # p3's last 6 counters: he demands a show for 18
    assert balances(game)[3] == 0 and game.stakes[3] == 18
    assert game.to_act == 4 and Raise(2) in game.legal_actions()  # law 61: the others bet on
    records += play(game, Raise(2))
    assert game.to_act == 0
    assert entries(records, Shown) == []  # nobody's hand is shown before the end
    final = play(game, Call())
    assert [e.seat for e in entries(final, Shown)] == [1, 3, 4, 0]
    won = [p for p in payments(final) if p.payer == "pool"]
    assert sorted(won) == sorted([Payment("pool", "p3", 73), Payment("pool", "p1", 21), Payment("pool", "p4", 4)])
    assert balances(game) == [3, 21, 46, 73, 7] and pool(game) == 0


def test_law_60_a_player_all_in_claims_the_ante_and_straddles_and_his_stake_from_each():
    """Law 60: the player all in who holds the best hand "shall claim from the pool the amount
    of the ante and straddle or straddles (if any), and also a sum equal to his stake from
    every player in the game ... The holder of the next best hand shall claim the remainder."
    The ante (p1) has only his ante of 1; p2 and p3 straddle to 2 and 3, the dealer declines,
    opens for 6 and all make good; after the draw p2 bets 1 and p3 and p0 call. p1's three aces
    claim 1 + 2 + 3 and 1 from each of the three others (9); p2's knave high the other 13."""
    hands = ["2C 4D 6S 8H 10C", "AC AD AH 9S 3D", "3C 5D 7S 9H JC", "2D 4H 6C 8S 10D"]
    game = game_of(hands=hands, straddles=True, stacks=[100, 1, 100, 100])
    play(game, Straddle(True), Straddle(True), Straddle(False))
    play(game, Raise(3), Call(), Call())
    play(game, Discard(0), Discard(0), Discard(0), Discard(0))  # p1 all in draws too
    records = play(game, Raise(1), Call(), Call())
    assert game.is_over
    won = {p.payee: p.amount for p in payments(records) if p.payer == "pool"}
    assert won == {"p1": 9, "p2": 13}
    assert balances(game) == [93, 9, 106, 93]


def test_law_60_an_ante_all_in_gets_his_show_when_the_only_other_player_opens():
    """Law 60 (seed 000_090407a6d9d4a9ee.txt): a player without funds "may deposit in the pool
    whatever funds he has, and demand a show for that amount. If ... he prove to hold the best
    hand, he shall claim from the pool the amount of the ante ... and also a sum equal to his
    stake from every player in the game"; law 25: the first say may open (docs/rules.md 6.2).

    Two players, ante 2, dealer p0: the ante p1 holds only his 2 and is all in. p0 says first
    and opens for 4; the deal goes on without a bet to the draw and the show (nobody could
    answer a bet). p1's threes beat p0's two pairs: he claims his ante and 2 from p0 (4),
    p0 takes back the 2 of his stake nobody matched."""
    hands = [TWO_PAIRS, THREES]
    game = game_of(players=2, hands=hands, ante=2, stacks=[50, 2])
    witness = Witness(game)  # every step checked: counters, pack, records
    assert reference_key(tuple(hand(THREES))) > reference_key(tuple(hand(TWO_PAIRS)))
    assert game.to_act == 0 and balances(game) == [50, 0]
    assert game.legal_actions() == [Fold(), *(Raise(by) for by in range(2, 11))]
    play_checked(game, witness, Raise(2))
    assert game.phase == "draw" and game.stakes == [4, 2]
    final = play_checked(game, witness, Discard(0), Discard(0))
    assert [e.seat for e in entries(final, Shown)] == [1, 0]
    won = [p for p in payments(final) if p.payer == "pool"]
    assert won == [Payment("pool", "p1", 4), Payment("pool", "p0", 2)]
    assert balances(game) == [48, 4] and pool(game) == 0 and game.is_over


def test_law_63_a_foul_hand_forfeits_its_stake_and_never_bets():
    """Law 63: "If a player bet with a foul hand, he shall lose his stake." A foul hand
    retires at once (laws 45-48): p0 asks for the wrong number and is never again to act;
    his 2 go with the pool."""
    hands = [THREES, TWO_PAIRS, QUEENS, NOTHING]
    game = game_of(hands=hands, draws="8D")
    all_in_four(game)
    play(game, Discard(0), Discard(0), Discard(0))
    play(game, Demand(1, 0))
    acted = []
    for action in (Raise(1), Call(), Call()):
        acted.append(game.to_act)
        play(game, action)
    assert 0 not in acted and acted == [2, 3, 1]
    assert balances(game)[0] == 98


def test_law_64_with_one_other_player_that_player_takes_the_pool():
    """Law 64: "If any player be found to have a foul hand at the end of the game, he shall
    forfeit his stake; and if there be only one other player, that player shall claim the
    pool". The dealer, holding threes against p2's queens, draws a wrong number: p2 takes
    the pool of 1 + 2 + 2 = 5 without a show."""
    hands = [THREES, TWO_PAIRS, QUEENS, NOTHING]
    game = game_of(hands=hands)
    play(game, Raise(1), Fold(), Call(), Fold())
    play(game, Discard(0))
    records = play(game, Demand(2, 1))
    assert payments(records)[-1] == Payment("pool", "p2", 5)
    assert entries(game.history(), Shown) == []
    assert balances(game) == [98, 99, 103, 100]


def test_law_64_with_more_players_the_best_other_hand_takes_the_pool():
    """Law 64: "... and if there be more than one other player, the holder of the best hand
    shall claim the pool." p0's threes are foul; of the others p3's two pairs are best and
    take 8 + 3 after p2 bets 1 and p3 and p1 call."""
    hands = [THREES, NOTHING, QUEENS, TWO_PAIRS]
    game = game_of(hands=hands)
    all_in_four(game)
    play(game, Discard(0), Discard(0), Discard(0), Demand(0, 1))
    records = play(game, Raise(1), Call(), Call())
    assert [e.seat for e in entries(records, Shown)] == [2, 3, 1]
    assert [p for p in payments(records) if p.payer == "pool"] == [Payment("pool", "p3", 11)]
    assert balances(game) == [98, 97, 97, 108]


def test_law_76_a_tie_shares_the_pool_the_odd_counter_to_the_first_winner_from_the_dealers_left():
    """Law 76: "If ... two or more players hold hands identical in value, such players shall
    share the pool equally between them." docs/rules.md 5: "an indivisible remainder ... goes one
    unit at a time to the tied winners in seat order, starting left of the dealer". p3 and
    the dealer hold A K Q J 9 of no flush; the pool of 9 goes 5 to p3 (the first from the
    dealer's left) and 4 to p0."""
    hands = ["AD KC QD JC 9D", "2C 3D 5H 7S 8D", "4C 4D 6H 10S 2H", "AC KD QC JD 9C"]
    game = game_of(hands=hands)
    play(game, Raise(1), Call(), Call(), Fold())
    play(game, Discard(0), Discard(0), Discard(0))
    assert game.to_act == 2
    records = play(game, Fold(), Raise(1), Call())
    assert [e.seat for e in entries(records, Shown)] == [3, 0]
    won = [p for p in payments(records) if p.payer == "pool"]
    assert won == [Payment("pool", "p3", 5), Payment("pool", "p0", 4)]
    assert balances(game) == [101, 99, 98, 102]


def test_law_29_the_last_to_say_may_open_alone_and_takes_the_pool_unshown():
    """Law 29 ("If the game be not opened by any player") with law 58: when all the others
    have passed, the last to say (the ante, no straddle) may still open; nobody is left to
    answer, so he takes the pool unshown: his ante and his opening stake back, and the deal
    is no jack-pot."""
    game = game_of(deals=2)
    assert game.to_act == 2
    play(game, Fold(), Fold(), Fold())
    assert game.to_act == 1 and Raise(1) in game.legal_actions() and Call() not in game.legal_actions()
    records = play(game, Raise(1))
    assert not entries(records, Shown)
    assert Payment("pool", "p1", 2) in payments(records)
    assert entries(records, DealEnded)[0].rewards == (0, 0, 0, 0)
    assert game.observation(0)["jackpot"] == 0 and pool(game) == 1  # deal 2's ante


# --------------------------------------------------------------------------------------
# The session (docs/rules.md 6.1): "just before the first dealer's turn comes round again"
# --------------------------------------------------------------------------------------


def dealers_of(game) -> list[int]:
    """The dealer of every turn to deal completed, from the DealEnded entries' roles (a
    jack-pot's dealer dealing a fattened pot again is still in his turn)."""
    dealers = [e.roles.index("dealer") for r in game.history() for e in r.entries if type(e) is DealEnded]
    return [d for i, d in enumerate(dealers) if i == 0 or d != dealers[i - 1]]


@pytest.mark.parametrize("name", ["draw_poker", "jack_pots"])
@pytest.mark.parametrize("rotations", [1, 2])
def test_session_by_rotations_every_player_deals_equally_often(name, rotations):
    """A session ending "just before the first dealer's turn comes round again" ends with
    every player having had the deal equally often, even when a pool nobody won is carried past
    the last round: the session then plays on round by round until the pool is won."""
    carried_past = 0
    for seed in range(12):
        game = new_game(name, players=3, seed=seed, dealer=0, until="rotations", rotations=rotations, counters=500)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        dealers = dealers_of(game)
        assert pool(game) == 0 and dealers[0] == 0
        if min(balances(game)) == 0:
            continue  # a player went bust and was passed over (the next test)
        assert len(dealers) % 3 == 0 and all(dealers.count(s) == len(dealers) // 3 for s in range(3)), dealers
        assert dealers[::3] == [0] * (len(dealers) // 3)
        carried_past += len(dealers) > 3 * rotations
    assert carried_past  # some session had a pool to play for when its last round ended


def test_session_by_rotations_a_first_dealer_without_counters_is_passed_over():
    """The first dealer loses his last counter in the first deal: the deal passes him by
    (he sits out), and when it comes round past his seat his turn has come round again,
    so the session ends after each of the others has dealt once."""
    game = game_of(3, ["2C 4D 6S 8H 10C", "3C 5D 7S 9H JC", "AD AH 3H 8S AS"], until="rotations", rotations=1,
                   stacks=[1, 100, 100])  # fmt: skip
    play(game, Raise(1), Call(), Fold())  # p2 opens, p0 goes all in, p1 passes
    while game.deal_number == 1:  # both stand pat; only p2 may still bet: the show
        game.apply(Discard(0) if game.phase == "draw" else Check() if Check() in game.legal_actions() else Raise(1))
    assert balances(game)[0] == 0 and game.dealer == 1
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert dealers_of(game)[:3] == [0, 1, 2] and pool(game) == 0
    assert dealers_of(game).count(1) == dealers_of(game).count(2)
