"""One test per sentence of Thirty-one, or Schnautz (``thirty_one``), and per decision it takes.

The rules are the THIRTY-ONE paragraph of seed ``004_7d6a6396833e304f.txt`` (lines 157-171);
docs/rules.md sections 3.5 (the evaluator ``thirty_one``: a flush worth 31, then three of a
kind, the higher winning, then the highest pips shown in one suit, a single card counting;
equal: a tie), 5 (law 76: equal best hands share the pool, the odd counter to the first from
the dealer's left), 6.1 (what a player sees, the deal passing left, the turn bound, the bound
on decisions) and 6.4 decide what the text leaves open. The driver's own decisions (its module
docstring): 2 to 16 players; each player, the dealer too, pays ``stake`` into the pool (a
player holding less pays all he has); the hands are dealt first, then the table's three cards;
a turn is an exchange with the table or a knock (no pass before the knock); after the knock
each other player has one turn, to exchange or to pass; a hand of 31 does not end the drawing.

Every deal is played through the public protocol, its cards stacked with ``top=`` (:func:`deal`:
one card at a time to each seat from the dealer's left, three rounds, then the table's three).
Every expected number is worked out by hand in the docstrings.

Table: three players (unless told), dealer p0 (so the order from the dealer's left is p1, p2,
p0), stake 1, 100 counters each, one deal. Hands are given by seat.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from poker_laws import balances, cards_seen, entries, payments, play, pool, says, stack

from pycards.cards import parse
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import new_game
from pycards.games.engine.events import DealEnded, Dealt, Moved, Note, Place, Record, Shown, hand_place
from pycards.games.engine.exchange_table import Buy, Knock, Pass, Stand, Swap, TakeWidow
from pycards.settlement import Payment

WIDOW = Place("widow")

# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def c(text: str) -> int:
    """One card's id."""
    return parse(text)[0]


def cards(text: str) -> list[int]:
    return list(parse(text))


def deal(hands: Sequence[str], table: str, dealer: int = 0) -> list[int]:
    """The ``top=`` list that deals ``hands[seat]`` to each seat, then ``table`` to the table."""
    return stack(hands, dealer) + cards(table)


def game_of(hands: Sequence[str], table: str, dealer: int = 0, seed: int = 0, **options):
    """A session of Thirty-one (stake 1, 100 counters, one deal unless told)."""
    terms = {"counters": 100, "deals": 1, **options}
    return new_game("thirty_one", players=len(hands), seed=seed, dealer=dealer, top=deal(hands, table, dealer),
                    **terms)  # fmt: skip


def first_record(game) -> Record:
    return next(iter(game.history()))


def notes(records: Sequence[Record]) -> list[str]:
    return [e.text for e in entries(records, Note)]


def unchanged_by(game, action) -> None:
    """``action`` is refused (IllegalActionError) and changes nothing."""
    before = game.to_dict()
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert game.to_dict() == before


def shown_seats(records: Sequence[Record]) -> list[int]:
    return [e.seat for e in entries(records, Shown)]


# Three hands no exchange of the tests below improves by accident: p1 three aces (41), p2
# thirty-one in hearts, p0 30 in spades; the table 2C 3C 4C.
RANKED = ["KS QS JS", "AC AD AS", "AH KH QH"]


# ======================================================================================
# The pool
# ======================================================================================


def test_a_pool_is_made_up_by_any_number_of_players():
    """"This game is sometimes called Schnautz. A pool is made up by any number of players."
    Decision: each player, the dealer too, pays the option ``stake`` into the pool.

    Stake 2, three players: p1, p2, p0 each pay 2 (from the dealer's left); the pool holds 6,
    every seat 98. Decision: "any number" is 2 to 16 (16 hands of three and the table's three
    take 51 cards): with 16 the stock keeps one card; 1 or 17 players are refused, and so is a
    stake of 0."""
    game = game_of(RANKED, "2C 3C 4C", stake=2)
    assert payments([first_record(game)]) == [Payment(f"p{s}", "pool", 2) for s in (1, 2, 0)]
    assert pool(game) == 6 and balances(game) == [98, 98, 98]
    assert game.observation(1)["pool"] == 6 and game.observation(2)["stake"] == 2
    two = new_game("thirty_one", players=2, seed=3)
    assert pool(two) == 2 and two.observation(0)["cards"] == (3, 3)
    sixteen = new_game("thirty_one", players=16, seed=3)
    assert pool(sixteen) == 16 and sixteen.observation(0)["stock"] == 1 and len(sixteen.widow) == 3
    for players in (1, 17):
        with pytest.raises(GameOptionError):
            new_game("thirty_one", players=players)
    with pytest.raises(GameOptionError):
        new_game("thirty_one", players=3, stake=0)


def test_a_player_short_of_the_stake_pays_all_he_has_and_may_win_the_whole_pool():
    """Decision: a player holding less than the stake pays all he has, and his hand plays for
    the whole pool.

    Stake 3, stacks p0 100, p1 1, p2 100: p1 pays his 1, p2 and p0 3 each: pool 7. p1 holds
    thirty-one in hearts and knocks at once; p2 and p0 pass their last turns. p1 takes the 7:
    p1 1 - 1 + 7 = 7, p2 and p0 97."""
    hands = ["KS QS JS", "AH KH QH", "AC AD AS"]
    game = game_of(hands, "2C 3C 4C", stake=3, stacks=[100, 1, 100])
    assert payments([first_record(game)]) == [Payment("p1", "pool", 1), Payment("p2", "pool", 3),
                                              Payment("p0", "pool", 3)]  # fmt: skip
    assert pool(game) == 7
    records = play(game, Knock(), Pass(), Pass())
    assert payments(records) == [Payment("pool", "p1", 7)]
    assert balances(game) == [97, 7, 97] and sum(game.payoffs().values()) == 0


# ======================================================================================
# The deal
# ======================================================================================


def test_the_dealer_gives_three_to_each_face_down_and_three_to_the_table_face_up():
    """"The dealer takes a pack of fifty-two cards and gives three to each, face down, and
    three extra cards to the table, dealt face up." Decision: the hands first, one card at a
    time from the dealer's left (p1, p2, p0, three rounds), then the table's three.

    Each hand is seen by its holder alone (``Dealt.seen_by``: the holder); the table's cards
    by all (``Moved`` from the stock to the widow, ``seen_by`` None). Each seat sees its own
    hand and the table, nothing more; a spectator the table only. The stock keeps 52 - 12."""
    hands = ["2C 3D 4H", "5S 6C 7D", "8H 9S 10C"]
    table = "JD QH KS"
    game = game_of(hands, table)
    record = first_record(game)
    moves = [e for e in record.entries if type(e) in (Dealt, Moved)]
    assert [type(e) for e in moves] == [Dealt] * 9 + [Moved] * 3
    assert [(e.seat, e.card, e.seen_by) for e in moves[:9]] == [
        (s, card, (s,)) for card, s in zip(stack(hands), [1, 2, 0] * 3)]  # fmt: skip
    assert [(e.card, e.target, e.seen_by) for e in moves[9:]] == [(card, WIDOW, None) for card in cards(table)]
    assert game.hands == [cards(h) for h in [hands[0], hands[1], hands[2]]]
    assert game.widow == cards(table)
    for seat in range(3):
        obs = game.observation(seat)
        assert obs["widow"] == tuple(cards(table)) and obs["widow_cards"] == 3 and obs["widow_up"]
        assert set(obs["hand"]) == set(cards(hands[seat])) and obs["cards"] == (3, 3, 3)
        assert cards_seen(game, seat) == set(cards(hands[seat])) | set(cards(table))
        assert obs["knowledge"]["widow"] == tuple(sorted(cards(table)))
        assert obs["stock"] == 40
    assert cards_seen(game, None) == set(cards(table))
    assert game.to_act == 1 and game.phase == "exchange"


# ======================================================================================
# The exchanges
# ======================================================================================


def test_each_player_in_turn_to_the_left_can_exchange_one_of_his_cards_for_one_on_the_table():
    """"Each player in turn to the left can exchange one of his own cards for one of those on
    the table." The eldest, p1, first; then p2, p0, p1 again (round and round: "Drawing is kept
    up until some player knocks").

    p1 may knock or put any of his three cards in place of any of the table's three: 1 + 9
    choices. He puts 5S in the place of JD: his hand 6C 7D JD, the table 5S QH KS. Both cards
    lie face up on the table, so every seat, and a spectator, sees both: JD is known to be in
    p1's hand (``up``), 5S on the table."""
    hands = ["2C 3D 4H", "5S 6C 7D", "8H 9S 10C"]
    game = game_of(hands, "JD QH KS")
    assert set(game.legal_actions()) == {Knock()} | {Swap(a, b) for a in cards(hands[1]) for b in cards("JD QH KS")}
    assert len(game.legal_actions()) == 10
    (record,) = play(game, Swap(c("5S"), c("JD")))
    moved = entries([record], Moved)
    assert [(e.card, e.source, e.target, e.seen_by) for e in moved] == [
        (c("JD"), WIDOW, hand_place(1), None), (c("5S"), hand_place(1), WIDOW, None)]  # fmt: skip
    assert sorted(game.hands[1]) == sorted(cards("6C 7D JD")) and game.widow == cards("5S QH KS")
    for seat in (None, 0, 1, 2):
        assert {c("5S"), c("JD")} <= cards_seen(game, seat)
        assert game.knowledge(seat).where(c("JD")) == [hand_place(1)]
        assert game.knowledge(seat).where(c("5S")) == [WIDOW]
    for seat in (0, 1, 2):
        assert game.observation(seat)["up"] == {1: (c("JD"),)}
        assert game.observation(seat)["widow"] == tuple(cards("5S QH KS"))
    assert says(game, Swap(c("8H"), c("5S")), Swap(c("2C"), c("QH"))) == [2, 0]
    assert game.to_act == 1 and game.phase == "exchange"
    assert game.widow == cards("8H 2C KS")


def test_decision_nobody_passes_before_the_knock():
    """Decision: "can exchange" is read as the choice between an exchange and a knock; a turn
    is one or the other, so the going round moves on towards a knock. Pass is refused before
    the knock and changes nothing."""
    game = game_of(RANKED, "2C 3C 4C")
    assert Pass() not in game.legal_actions()
    unchanged_by(game, Pass())
    play(game, Swap(c("AC"), c("2C")))
    assert Pass() not in game.legal_actions() and Knock() in game.legal_actions()
    unchanged_by(game, Pass())


def test_decision_a_hand_of_thirty_one_does_not_end_the_drawing():
    """"The object being to get a flush of three cards of some suit having a pip value of
    thirty-one". Decision: holding 31 ends nothing by itself; its holder knocks.

    p1 (AH KH 2C) puts 2C in the place of QH: thirty-one in hearts. The turn passes to p2; no
    hand is shown."""
    game = game_of(["3D 4D 5D", "AH KH 2C", "6S 7S 8S"], "QH 9C 10C")
    (record,) = play(game, Swap(c("2C"), c("QH")))
    assert game.to_act == 2 and game.phase == "exchange" and not entries([record], Shown)
    assert Knock() in game.legal_actions()


# ======================================================================================
# The show
# ======================================================================================


def test_the_aces_are_worth_eleven_the_court_cards_and_the_ten_ten_each():
    """"The aces are worth 11, the other court cards and the ten, 10 each." No flush of 31 and
    no three of a kind: p1 10S JS (20 in spades), p2 QH KH (20 in hearts), p0 AC 8C (19 in
    clubs): the ten and the knave count as the queen and the king, the ace 11 and the eight 8.
    p1 knocks at once; p2, p0 pass. p1 and p2 tie at 20 and share the pool of 3 (law 76: p1,
    the first from the dealer's left, takes the odd counter): p1 101, p2 100, p0 99."""
    game = game_of(["AC 8C 6D", "10S JS 4D", "QH KH 5C"], "2H 3H 7S")
    records = play(game, Knock(), Pass(), Pass())
    assert payments(records) == [Payment("pool", "p1", 2), Payment("pool", "p2", 1)]
    assert balances(game) == [99, 101, 100]


def test_a_flush_worth_thirty_one_wins_over_three_of_a_kind():
    """"The object being to get a flush of three cards of some suit having a pip value of
    thirty-one; or else to get three of a kind ... If no one can get a flush worth
    thirty-one, three of a kind wins the pool."

    p1 three aces, p2 AH KH QH (31 in hearts), p0 KS QS JS (30). p1 knocks, p2 and p0 pass.
    Every hand is shown to all, from the eldest (p1, p2, p0); p2's thirty-one takes the pool
    of 3: p2 102, p1 and p0 99."""
    game = game_of(RANKED, "2C 3C 4C")
    records = play(game, Knock(), Pass(), Pass())
    assert shown_seats(records) == [1, 2, 0]
    assert payments(records) == [Payment("pool", "p2", 3)]
    assert balances(game) == [99, 99, 102]
    every = {card for hand in RANKED for card in cards(hand)}
    for seat in (None, 0, 1, 2):
        assert every <= cards_seen(game, seat)


def test_three_of_a_kind_wins_the_pool_when_no_one_has_thirty_one():
    """"If no one can get a flush worth thirty-one, three of a kind wins the pool." p1 three
    twos, p2 KS QS JS (30 in spades), p0 AH KH 9H (30 in hearts, not 31): the twos win. p1
    102, p2 and p0 99."""
    game = game_of(["AH KH 9H", "2C 2D 2S", "KS QS JS"], "3C 4C 5D")
    records = play(game, Knock(), Pass(), Pass())
    assert payments(records) == [Payment("pool", "p1", 3)]
    assert balances(game) == [99, 102, 99]


def test_decision_the_higher_three_of_a_kind_wins():
    """docs/rules.md 3.5, decision: of two threes of a kind the higher rank wins. p1 three
    twos, p2 three threes, p0 A K 4 (21): p2 takes the pool."""
    game = game_of(["AS KD 4H", "2C 2D 2S", "3C 3D 3H"], "5C 6C 7C")
    records = play(game, Knock(), Pass(), Pass())
    assert payments(records) == [Payment("pool", "p2", 3)]


def test_else_the_highest_pip_value_shown_in_one_suit_wins_a_lone_ace_counting_eleven():
    """"If no one has three of a kind, the highest pip value shown in one suit wins."
    Decision (docs/rules.md 3.5): one card alone shows its suit's value. p1 6C 4C 3H (10 in
    clubs, on two cards), p2 AS 2C 3D (the lone ace: 11 in spades), p0 KD 5S 4H (10 in
    diamonds): p2 takes the pool."""
    game = game_of(["KD 5S 4H", "6C 4C 3H", "AS 2C 3D"], "7D 8D 9C")
    records = play(game, Knock(), Pass(), Pass())
    assert payments(records) == [Payment("pool", "p2", 3)]
    assert balances(game) == [99, 99, 102]


def test_equal_best_hands_share_the_pool_the_odd_counter_to_the_first_from_the_dealers_left():
    """Decision (law 76, docs/rules.md 5): equal best hands share the pool; the odd counter
    goes to the first of them from the dealer's left.

    Dealer p1 (order p2, p0, p1). p0 KS QS JS and p2 KH QH 10H both show 30; p1 9 in a suit.
    p2 knocks at once; p0 and p1 pass. The pool of 3: p2, first from the dealer's left, 2; p0
    1. p0 100, p1 99, p2 101."""
    game = game_of(["KS QS JS", "2C 3D 4S", "KH QH 10H"], "5C 6C 7C", dealer=1)
    assert game.to_act == 2
    records = play(game, Knock(), Pass(), Pass())
    assert shown_seats(records) == [2, 0, 1]
    assert payments(records) == [Payment("pool", "p2", 2), Payment("pool", "p0", 1)]
    assert balances(game) == [100, 99, 101]
    assert "equal best hands share the pool (law 76)" in notes(records)


# ======================================================================================
# The knock
# ======================================================================================


def test_after_a_knock_only_one_more_draw_the_knocker_not_drawing_again():
    """"Drawing is kept up until some player knocks, after which only one more draw is
    allowed, the knocker not being allowed to draw again."

    Four players, dealer p0 (order p1, p2, p3, p0); the table QH 6S 7S. p1 puts 2C for 6S; p2
    puts 5S for 2C (AH KH 2C); p3 knocks on three aces. Each other player, from the knocker's
    left, has one more turn (``last_turns``): p0, p1, p2, each to exchange or pass, none to
    knock again. p0 puts 8D for 7S, p1 passes, p2 puts 2C for QH: thirty-one in hearts. The
    knocker has no turn: the hands are shown, and p2 takes the pool of 4 (p2 103, the others
    99)."""
    hands = ["8D 9D 10D", "2C 3C 4D", "AH KH 5S", "AC AD AS"]
    game = game_of(hands, "QH 6S 7S")
    assert says(game, Swap(c("2C"), c("6S")), Swap(c("5S"), c("2C"))) == [1, 2]
    assert game.to_act == 3 and Knock() in game.legal_actions()
    play(game, Knock())
    obs = game.observation(0)
    assert obs["standers"] == (3,) and obs["last_turns"] == (1, 2)
    assert game.to_act == 0
    for _ in range(3):
        legal = game.legal_actions()
        assert Knock() not in legal and legal[0] == Pass() and len(legal) == 10
        unchanged_by(game, Knock())
        seat = game.to_act
        action = {0: Swap(c("8D"), c("7S")), 1: Pass(), 2: Swap(c("2C"), c("QH"))}[seat]
        records = play(game, action)
    assert records[0].seat == 2
    assert shown_seats(records) == [1, 2, 3, 0]
    assert payments(records) == [Payment("pool", "p2", 4)]
    assert balances(game) == [99, 99, 103, 99]
    assert game.is_over and game.to_act is None


def test_a_player_can_knock_without_drawing_at_all():
    """"A player can knock without drawing at all if he wishes to prevent the others from
    beating his original hand." The eldest, p1, knocks on his first turn, before any draw, on
    three aces: p2 and p0 have one draw each. p2 puts 2H for 10H (30 in spades and hearts,
    nothing better), p0 passes. p1's hand as dealt is shown and wins the pool: p1 102."""
    hands = ["KS QS 4D", "AC AD AS", "JS 2H 5D"]
    game = game_of(hands, "10H 3C 6C")
    assert game.observation(1)["turn_count"] == 1 and Knock() in game.legal_actions()
    assert says(game, Knock(), Swap(c("2H"), c("10H")), Pass()) == [1, 2, 0]
    assert sorted(game.hands[1]) == sorted(cards("AC AD AS"))
    assert balances(game) == [99, 102, 99]


def test_a_later_player_can_knock_on_his_first_turn_too():
    """"A player can knock without drawing at all": not only the eldest. p1 draws, p2 knocks
    on his first turn; p0 and p1 then have their one more draw (p0 first, from the knocker's
    left), and p2 none."""
    game = game_of(RANKED, "2C 3C 4C")
    assert says(game, Swap(c("AC"), c("2C")), Knock()) == [1, 2]
    assert game.observation(0)["last_turns"] == (1,) and game.to_act == 0
    assert says(game, Pass(), Pass()) == [0, 1]
    assert game.is_over


# ======================================================================================
# The deal passes; the bounds
# ======================================================================================


def test_the_deal_passes_to_the_left():
    """docs/rules.md 6.1: the deal passes to the left. Two deals: after the first, p1 deals,
    every player pays the stake again, and p2 is the eldest."""
    game = game_of(RANKED, "2C 3C 4C", deals=2)
    records = play(game, Knock(), Pass(), Pass())
    ended = entries(records, DealEnded)
    assert len(ended) == 1 and ended[0].rewards == (-1, -1, 2) and not ended[0].truncated
    assert game.dealer == 1 and game.to_act == 2 and pool(game) == 3
    assert balances(game) == [98, 98, 101]


def test_the_turn_bound_holds_the_player_to_knock():
    """docs/rules.md 6.1: when a deal has begun ``max_turns`` turns before a knock, the player
    whose turn comes is held to knock, and the going round goes on as after a knock.

    ``max_turns`` 3: p1 puts AC for 2C, p2 AH for 3C, p0 KS for 4C (the table AC AH KS). The
    fourth turn, p1's, is his knock (a note says so, in the record of p0's exchange); p2 and
    p0 have their last turns, past the bound: p2 puts 3C for AH (thirty-one in hearts), p0
    passes. The hands are shown: p2 takes the pool (p2 102)."""
    game = game_of(RANKED, "2C 3C 4C", max_turns=3)
    records = play(game, Swap(c("AC"), c("2C")), Swap(c("AH"), c("3C")), Swap(c("KS"), c("4C")))
    assert "the bound on turns is reached: p1 is held to stand" in notes(records[-1:])
    obs = game.observation(2)
    assert obs["standers"] == (1,) and obs["last_turns"] == (0,) and game.to_act == 2
    assert game.legal_actions()[0] == Pass() and Knock() not in game.legal_actions()
    assert says(game, Swap(c("3C"), c("AH")), Pass()) == [2, 0]
    assert game.is_over and balances(game) == [99, 99, 102]


def test_the_turn_bound_of_one_turn():
    """``max_turns`` 1: the eldest has his turn, and the next player is held to knock at once:
    p1 exchanges, p2 is held to knock, p0 and p1 have their last turns."""
    game = game_of(RANKED, "2C 3C 4C", max_turns=1)
    play(game, Swap(c("AC"), c("2C")))
    assert game.observation(0)["standers"] == (2,) and game.to_act == 0
    assert says(game, Pass(), Pass()) == [0, 1] and game.is_over


def test_max_decisions_cuts_the_deal_short_and_shows_the_hands():
    """docs/rules.md 6.1, the bound on decisions: when a deal has taken ``max_decisions``
    decisions every player is held to stand, the hands are shown and the pool is settled; the
    deal ends truncated.

    ``max_decisions`` 2: p1 puts AC for 2C, p2 puts AH for 3C (KH QH 3C: 23 in hearts). The
    hands are shown: p1 AD AS 2C (11), p2 23, p0 KS QS JS (30): p0 takes the pool."""
    game = game_of(RANKED, "2C 3C 4C", max_decisions=2)
    records = play(game, Swap(c("AC"), c("2C")), Swap(c("AH"), c("3C")))
    assert "the bound on decisions is reached: every player is held to stand" in notes(records)
    assert shown_seats(records) == [1, 2, 0]
    (ended,) = entries(records, DealEnded)
    assert ended.truncated and ended.rewards == (2, -1, -1)
    assert game.is_over and balances(game) == [102, 99, 99]


# ======================================================================================
# Illegal actions
# ======================================================================================


def test_illegal_actions_raise_and_change_nothing():
    """The engine refuses anything but ``legal_actions()`` (IllegalActionError), and the game
    is as it was: before the knock, a pass, an exchange of a card p1 does not hold (p2's) or
    for a card not on the table, the other exchange games' actions (stand, ready money, the
    whole table); after the knock, a second knock; once the session is over, anything."""
    game = game_of(RANKED, "2C 3C 4C")
    for action in (Pass(), Swap(c("KH"), c("2C")), Swap(c("AC"), c("5C")), Swap(c("AC"), c("KS")),
                   Swap(c("2C"), c("3C")), Stand(), Buy(c("AC")), TakeWidow()):  # fmt: skip
        unchanged_by(game, action)
    play(game, Knock())
    unchanged_by(game, Knock())
    unchanged_by(game, Swap(c("AC"), c("2C")))  # p1 knocked: it is p2's turn, and AC is p1's
    play(game, Pass(), Pass())
    assert game.is_over and game.legal_actions() == []
    unchanged_by(game, Pass())


def test_a_snapshot_in_the_last_turns_plays_on_alike():
    """A document of the deal in play (docs/protocol.md) taken in the last turns after a knock
    restores a game that plays on as the original: the same turn, the same choices (no second
    knock), the same settlement."""
    hands = ["8D 9D 10D", "2C 3C 4D", "AH KH 5S", "AC AD AS"]
    game = game_of(hands, "QH 6S 7S")
    play(game, Swap(c("2C"), c("6S")), Swap(c("5S"), c("2C")), Knock(), Swap(c("8D"), c("7S")))
    twin = type(game).from_dict(game.to_dict())
    assert twin.to_act == game.to_act == 1 and twin.legal_actions() == game.legal_actions()
    for g in (game, twin):
        play(g, Pass(), Swap(c("2C"), c("QH")))
        assert balances(g) == [99, 99, 103, 99] and g.is_over
