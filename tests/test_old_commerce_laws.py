"""One test per sentence of the old game of Commerce and Pool Commerce (``old_commerce``),
and per decision the driver takes.

The rules are seed ``002_93c3d51ac699f33f.txt``, "COMMERCE": "THE OLD GAME", "POOL
COMMERCE" and "LIMITED COMMERCE" (the same in seed ``001_363e88ee28ca9c86.txt``);
docs/rules.md 3.1-3.2 (the rankings), 5 ("buying a horse"), 6.1 (what a player sees, the
bounds) and 6.4 (the old game and Pool Commerce). The driver's own decisions are in its
module docstring; each has a test named ``test_decision_...``.

The first deal's cards are stacked with ``top=`` (:func:`stack`: one card at a time to each
seat from the dealer's left, a widow card each round just before the dealer's own). Pool
Commerce's later deals are the seed's: their tests work out what must happen from the hands
as dealt (``game.hands``), or name a seed found to deal what the test needs and check first
that it did.

Table: three players (unless told), dealer p0 (so the order from the dealer's left is p1,
p2, p0), stake 1, 100 counters each, one deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from poker_laws import balances, cards_seen, entries, payments

from pycards.cards import parse
from pycards.commerce import evaluate
from pycards.errors import GameOptionError, IllegalActionError, StateError
from pycards.games import new_game
from pycards.games.engine.events import DealEnded, Dealt, Moved, Note, Record, Shown, hand_place
from pycards.games.engine.exchange_table import WIDOW, Barter, Buy, Pass, Stand, Swap
from pycards.games.exchange.old_commerce import BuyHorse
from pycards.settlement import Payment

# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def c(text: str) -> int:
    """A card's id."""
    return parse(text)[0]


def ids(text: str) -> list[int]:
    """The cards' ids, in order."""
    return list(parse(text))


def stack(hands: Sequence[str], widow: str, dealer: int = 0) -> list[int]:
    """The ``top=`` list dealing ``hands[seat]`` to each seat and ``widow`` to the table: one
    card at a time from the dealer's left, the widow's card of each round just before the
    dealer's."""
    players = len(hands)
    held, table = [parse(h) for h in hands], parse(widow)
    order = [(dealer + k) % players for k in range(1, players + 1)]
    top: list[int] = []
    for r in range(3):
        for seat in order:
            if seat == dealer:
                top.append(table[r])
            top.append(held[seat][r])
    return top


def game_of(hands: Sequence[str], widow: str = "AH AD KS", dealer: int = 0, **options: Any) -> Any:
    """A session of the old game, its first deal stacked (stake 1, 100 counters, one deal)."""
    terms = {"stake": 1, "counters": 100, "deals": 1, **options}
    return new_game("old_commerce", players=len(hands), seed=0, dealer=dealer, top=stack(hands, widow, dealer),
                    **terms)  # fmt: skip


def pool_game(players: int = 3, seed: int = 0, hands: Sequence[str] | None = None, widow: str = "AH AD KS",
              **options: Any) -> Any:  # fmt: skip
    """A session of Pool Commerce: stake 6, prize 2, horse 3, dealer p0."""
    terms = {"pool": True, "until": "freeze_out", "stake": 6, "prize": 2, "horse": 3, "counters": 100, **options}
    top = stack(hands, widow) if hands is not None else []
    return new_game("old_commerce", players=players, seed=seed, dealer=0, top=top, **terms)


def swap(card: str, take: str) -> Swap:
    return Swap(c(card), c(take))


def play(game: Any, *actions: Any) -> list[Record]:
    return [game.apply(a) for a in actions]


def says(game: Any, *actions: Any) -> list[int]:
    """Apply ``actions``; who was to act for each."""
    seats = []
    for action in actions:
        seats.append(game.to_act)
        game.apply(action)
    return seats


def quickly(game: Any) -> Record:
    """The quickest move: stand (the first two), decline the last exchange, buy no horse."""
    return game.apply(game.legal_actions()[0])


def to_phase(game: Any, phase: str) -> list[Record]:
    """Play quickly until the phase ``phase`` (or the session's end); the records."""
    records = []
    while not game.is_over and game.observation(0)["phase"] != phase:
        records.append(quickly(game))
    return records


def next_deal(game: Any) -> list[Record]:
    """Play quickly to the end of the deal in play; the records."""
    number, records = game.deal_number, []
    while not game.is_over and game.deal_number == number:
        records.append(quickly(game))
    return records


def notes(records: Sequence[Record]) -> list[str]:
    return [e.text for e in entries(records, Note)]


def lives(game: Any) -> tuple[int, ...]:
    return game.observation(0)["lives"]  # type: ignore[no-any-return]


def refused(game: Any, action: Any) -> None:
    """``action`` raises IllegalActionError and changes nothing."""
    before = game.to_dict()
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert game.to_dict() == before


HANDS = ["3C 7D JH", "2C 5D 9H", "4S 8C QD"]
"""By seat: p0 (the dealer) a point of 20, p1 a point of 16, p2 a point of 22: p2 best, p1
worst. The widow, unless told: ace of hearts, ace of diamonds, king of spades."""

# --------------------------------------------------------------------------------------
# THE OLD GAME: the deal
# --------------------------------------------------------------------------------------


def test_the_cards_are_distributed_as_in_the_modern_game_three_each_face_down() -> None:
    """"The deal is decided and the cards are distributed in the same way as in the more
    modern game": three cards each, one at a time from the dealer's left, each seen by its
    holder alone."""
    game = game_of(HANDS)
    assert game.hands == [ids(h) for h in HANDS]
    for seat in range(3):
        others = {card for s, h in enumerate(HANDS) if s != seat for card in parse(h)}
        assert set(parse(HANDS[seat])) <= cards_seen(game, seat)
        assert not others & cards_seen(game, seat)
    assert game.roles() == ("dealer", "player", "player")


def test_an_additional_hand_of_three_is_placed_face_upwards_in_the_middle() -> None:
    """"but here an additional hand, of three cards, is dealt, and placed face upwards in the
    middle of the table": the widow, seen by every seat and a spectator."""
    game = game_of(HANDS, widow="AH AD KS")
    widow = ids("AH AD KS")
    assert game.widow == widow
    for seat in range(3):
        assert game.observation(seat)["widow"] == tuple(widow)
        assert game.knowledge(seat).view()["widow"] == tuple(sorted(widow))
    dealt = [e for e in entries(game.events(None), Moved) if e.target == WIDOW]
    assert [e.card for e in dealt] == widow and all(e.seen_by is None for e in dealt)


def test_the_short_pack_for_up_to_seven_players() -> None:
    """"if the number of players does not exceed seven the smaller pack of thirty-two may be
    used" (COMMERCE): option ``short_pack``, as in English Commerce."""
    with pytest.raises(GameOptionError, match="up to 7 players, not 8"):
        new_game("old_commerce", players=8, short_pack=True)
    game = new_game("old_commerce", players=7, seed=3, dealer=0, short_pack=True)
    dealt = [card for hand in game.hands for card in hand] + game.widow
    assert len(dealt) == 24 and all(card >> 2 >= 5 for card in dealt)  # sevens and up


# --------------------------------------------------------------------------------------
# THE OLD GAME: the turns
# --------------------------------------------------------------------------------------


def test_no_trading_with_the_dealer_or_the_players() -> None:
    """"There is no trading with the dealer or any of the players, the operations of commerce
    being confined to the three cards exposed on the table": stand, pass, or one of the nine
    exchanges of a card held for a widow card; no ready money, no barter."""
    game = game_of(HANDS, widow="AH AD KS")
    legal = game.legal_actions()
    assert legal[:2] == [Stand(), Pass()]
    assert set(legal[2:]) == {Swap(card, take) for card in ids(HANDS[1]) for take in ids("AH AD KS")}
    refused(game, Buy(c("2C")))
    refused(game, Barter(c("2C")))


def test_the_player_to_the_left_of_the_dealer_has_the_first_turn() -> None:
    """"The player to the left of the dealer has the first turn"."""
    assert game_of(HANDS, dealer=0).to_act == 1
    assert game_of(HANDS, dealer=2).to_act == 0


def test_an_exchange_takes_a_widow_card_and_puts_one_of_his_own_face_up_in_its_place() -> None:
    """"he takes one of those lying face upwards on the table, adds it to his hand, and places
    one of his own cards, face upwards, in place of the one removed": both cards are seen by
    every seat and a spectator."""
    game = game_of(HANDS, widow="AH AD KS")
    play(game, swap("2C", "AH"))
    assert game.hands[1] == ids("5D 9H AH") and game.widow == ids("2C AD KS")
    for viewer in (0, 1, 2, None):
        moved = [e for e in entries(game.events(viewer)[-1:], Moved)]
        assert {(e.card, e.source, e.target) for e in moved} == {
            (c("AH"), WIDOW, hand_place(1)), (c("2C"), hand_place(1), WIDOW)}
    for seat in (0, 2):
        view = game.observation(seat)
        assert view["widow"] == tuple(ids("2C AD KS")) and view["up"][1] == (c("AH"),)
        assert game.knowledge(seat).view()["hand:1:0"] == (c("AH"),)
    assert game.to_act == 2


def test_a_pass_debars_him_from_exchanging_for_the_rest_of_the_hand() -> None:
    """"If the player passes, he says, "I pass," and is then debarred from afterwards
    exchanging any of his cards during that hand": he has no more turns."""
    game = game_of(HANDS, widow="AH AD KS")
    turns = says(game, Pass(), swap("4S", "AH"), swap("3C", "AD"), swap("8C", "3C"), swap("7D", "8C"))
    assert turns == [1, 2, 0, 2, 0]
    assert game.observation(1)["passed"] == (1,)


def test_after_a_stand_the_next_player_decides_and_so_on_round_the_table() -> None:
    """"while if he decides to stand, the next player decides what he will do, and so on
    round the table": one stand does not end the exchanges; the stander has no more turns."""
    game = game_of(HANDS, widow="AH AD KS")
    turns = says(game, Stand(), swap("4S", "AH"), swap("3C", "AD"), swap("8C", "3C"))
    assert turns == [1, 2, 0, 2] and game.to_act == 0
    assert game.observation(0)["standers"] == (1,)


def test_all_having_declared_to_pass_the_hands_are_exposed() -> None:
    """"until two of the players are satisfied with their hands, or all have declared to
    pass": three passes end the deal."""
    game = game_of(HANDS)
    records = play(game, Pass(), Pass(), Pass())
    assert game.is_over and "the hands are shown" in notes(records)


def test_one_stand_and_every_other_player_passing_ends_it_too() -> None:
    """"or all have declared to pass": once nobody is left who may exchange, the hands are
    shown (one stand, the others passed)."""
    game = game_of(HANDS)
    play(game, Stand(), Pass(), Pass())
    assert game.is_over


def test_the_old_game_s_two_stands_and_last_exchanges() -> None:
    """"If two of the players stand then each of the other players may make one more exchange
    (if they have not previously passed), and then the whole of the hands are exposed": five
    players; p1 passes, p2 stands, p3 and p4 exchange, p0 stands; p3 and p4, in turn from p0's
    left, have one last turn each (p1 none: he passed), then the show."""
    hands = ["2C 5D 9H", "3C 7D JH", "4S 8C QD", "5S 9C KD", "6S 10C AD"]
    game = game_of(hands, widow="AH 2D KS")
    turns = says(game, Pass(), Stand(), swap("5S", "AH"), swap("6S", "2D"), Stand())
    assert turns == [1, 2, 3, 4, 0]
    assert game.to_act == 3 and game.observation(3)["last_turns"] == (4,)
    assert says(game, swap("9C", "5S")) == [3]
    assert game.to_act == 4
    (record,) = play(game, swap("10C", "6S"))
    assert game.is_over
    shown = [e for e in record.entries if type(e) is Shown]
    assert [e.seat for e in shown] == [1, 2, 3, 4, 0] and all(e.seen_by is None for e in shown)


def test_decision_a_last_exchange_is_declined_by_passing_and_no_stand_is_offered() -> None:
    """Decision: in his last turn a player exchanges a card or declines with ``Pass``; a
    stand is not offered (two stands have already stopped the going round)."""
    game = game_of(HANDS, widow="AH AD KS")
    play(game, Stand(), Stand())
    assert game.to_act == 0
    legal = game.legal_actions()
    assert legal[0] == Pass() and Stand() not in legal and len(legal) == 10
    refused(game, Stand())
    play(game, Pass())
    assert game.is_over


def test_the_whole_of_the_hands_are_exposed_to_every_seat() -> None:
    """"then the whole of the hands are exposed, just as described in connection with the
    modern game": every hand is shown to the table, from the eldest."""
    game = game_of(HANDS)
    play(game, Pass(), Pass(), Pass())
    for viewer in (0, 1, 2, None):
        shown = entries(game.events(viewer), Shown)
        assert [(e.seat, e.cards) for e in shown] == [(s, tuple(ids(HANDS[s]))) for s in (1, 2, 0)]


# --------------------------------------------------------------------------------------
# THE OLD GAME: the settlement
# --------------------------------------------------------------------------------------


def test_no_pool_the_winner_receives_the_stake_from_each_of_the_other_players() -> None:
    """"There is no pool in this variation, the winner receiving instead the amount of the
    stake from each of the other players": stake 2, p2 best."""
    game = game_of(HANDS, stake=2)
    assert game.ledger.parties == ("p0", "p1", "p2")
    records = play(game, Pass(), Pass(), Pass())
    assert game.rewards() == {0: -2, 1: -2, 2: 4}
    assert {(p.payer, p.payee, p.amount) for p in payments(records)} == {("p1", "p2", 2), ("p0", "p2", 2)}
    assert game.observation(0)["pool"] == 0


def test_two_equal_best_hands_each_receive_a_stake_from_all_the_other_players() -> None:
    """"In case of absolute equality between the two best hands ... each of the winners
    receives a stake from all the other players": p1 and p2 hold ace, king, nine (a point of
    30 each); p3 and p0 pay each of them a stake of 3."""
    hands = ["2C 5D 9H", "AH KH 9C", "AD KD 9S", "3C 7D JH"]
    game = game_of(hands, widow="2D 3S 4S", stake=3)
    play(game, Pass(), Pass(), Pass(), Pass())
    assert game.rewards() == {0: -6, 1: 6, 2: 6, 3: -6}


def test_decision_a_player_short_of_the_stakes_pays_all_he_has_to_the_winners_in_turn() -> None:
    """Decision (table stakes): a player who cannot pay every winner a full stake pays all
    he has, to the winners in turn from the dealer's left; he then sits out."""
    hands = ["2C 5D 9H", "AH KH 9C", "AD KD 9S", "3C 7D JH"]
    game = new_game("old_commerce", players=4, seed=0, dealer=0, top=stack(hands, "2D 3S 4S"), stake=3, deals=2,
                    stacks=[4, 100, 100, 100])  # fmt: skip
    play(game, Pass(), Pass(), Pass(), Pass())
    assert game.rewards() == {0: -4, 1: 6, 2: 4, 3: -6}
    assert game.observation(1)["out"] == (0,) and game.hands[0] == []


def test_decision_when_every_hand_is_equal_nobody_is_beaten_and_nothing_is_paid() -> None:
    """Decision: every hand equal (three points of ace, king, nine): nobody wins."""
    game = game_of(["AC KS 9H", "AH KH 9C", "AD KD 9S"], widow="2D 3S 4S")
    records = play(game, Pass(), Pass(), Pass())
    assert game.rewards() == {0: 0, 1: 0, 2: 0} and not payments(records)
    assert "every hand is equal: nobody wins" in notes(records)


def test_the_deal_passes_to_the_left() -> None:
    """The deal passes to the left after each deal (docs/rules.md 6.1)."""
    game = new_game("old_commerce", players=3, seed=5, dealer=1, deals=3)
    dealers = []
    while not game.is_over:
        dealers.append(game.dealer)
        next_deal(game)
    assert dealers == [1, 2, 0]


def test_the_game_concludes_just_before_the_first_dealer_s_turn_comes_round_again() -> None:
    """"it is best, when a finish is desired, to conclude the game just before the first
    dealer's turn comes round again" (COMMERCE): ``until="rotations"``; every player deals
    once, and the payoffs add up to nothing."""
    game = new_game("old_commerce", players=4, seed=5, dealer=2, until="rotations", rotations=1)
    dealers = []
    while not game.is_over:
        dealers.append(game.dealer)
        next_deal(game)
    assert dealers == [2, 3, 0, 1] and sum(game.payoffs().values()) == 0


def test_limited_commerce_only_tricon_sequence_flush_and_point() -> None:
    """LIMITED COMMERCE: "It may be agreed that only the Tricon, Sequence, Flush, and Point
    shall be recognised in the game, or even Tricon, Sequence, and Point only": a pair of
    twos (a point of 7) beats a point of 30 at the English ranking, not at ``limited``; a
    heart flush (a point of 14) beats a point of 30 at ``limited``, not at ``limited_strict``."""
    def winner(hands: list[str], ranking: str) -> int:
        game = game_of(hands, widow="2D 3S 4S", ranking=ranking)
        play(game, Pass(), Pass(), Pass())
        return max(game.rewards(), key=game.rewards().__getitem__)

    pair = ["5C 6D 8S", "2C 2H 3H", "AS KD 9C"]
    assert winner(pair, "english") == 1 and winner(pair, "limited") == 2
    flush = ["5C 6D 8S", "2H 5H 7H", "AS KD 9C"]
    assert winner(flush, "limited") == 1 and winner(flush, "limited_strict") == 2


def test_the_turn_bound_holds_the_player_to_stand() -> None:
    """docs/rules.md 6.1: at the turn bound (``max_turns``) the player whose turn comes is
    held to stand; two such stands bring the last exchanges, as two stands do."""
    game = game_of(HANDS, widow="AH AD KS", max_turns=2)
    play(game, swap("2C", "AH"), swap("4S", "AD"))
    view = game.observation(2)
    assert view["standers"] == (0, 1) and game.to_act == 2 and view["last_turns"] == ()
    play(game, Pass())
    assert game.is_over


def test_max_decisions_cuts_the_deal_short_and_the_hands_are_shown() -> None:
    """``max_decisions``: when a deal has taken that many decisions every player is held to
    stand, the hands are shown and settled; the deal is marked truncated."""
    game = game_of(HANDS, widow="AH AD KS", max_decisions=2, deals=2)
    records = play(game, swap("2C", "AH"), swap("4S", "AD"))
    ended = entries(records, DealEnded)
    assert ended[0].truncated and game.deal_number == 2
    assert "the bound on decisions is reached: every player is held to stand" in notes(records)
    assert len(entries(records, Shown)) == 3


# --------------------------------------------------------------------------------------
# POOL COMMERCE
# --------------------------------------------------------------------------------------


def test_pool_commerce_is_a_freeze_out() -> None:
    """"The game continues until all but one of the players have exhausted their three
    counters": ``pool=True`` needs ``until="freeze_out"``; another end is refused, naming both."""
    with pytest.raises(GameOptionError, match=r"pool=True.*until='freeze_out', not 'deals'"):
        new_game("old_commerce", players=3, pool=True)
    with pytest.raises(GameOptionError, match="not 'rotations'"):
        new_game("old_commerce", players=3, pool=True, until="rotations")


def test_each_player_pays_an_equal_sum_into_the_pool_for_three_counters() -> None:
    """"a pool is made up, by each player paying in an equal sum, for which he receives three
    counters": once, at the start of the session (stake 6)."""
    game = pool_game(hands=HANDS)
    assert game.ledger.balance("pool") == 18 and balances(game) == [94, 94, 94]
    assert lives(game) == (3, 3, 3)
    play(game, Pass(), Pass(), Pass())
    assert not [p for p in payments(game.events(None)[-1:]) if p.payee == "pool"]


def test_the_winner_takes_a_previously_arranged_sum_from_the_pool() -> None:
    """"The winner of the hand, instead of receiving a stake from each of the players, takes
    a previously arranged sum from the pool" (``prize`` 2): p2, the best, takes 2; nobody
    pays him."""
    game = pool_game(hands=HANDS)
    records = play(game, Pass(), Pass(), Pass())
    assert [(p.payer, p.payee, p.amount) for p in payments(records)] == [("pool", "p2", 2)]
    assert balances(game) == [94, 94, 96] and game.ledger.balance("pool") == 16


def test_decision_the_winner_takes_what_is_left_when_the_pool_holds_less() -> None:
    """Decision: the prize is the arranged sum or what the pool holds, if less (stake 1,
    prize 5: the pool holds 3)."""
    game = pool_game(hands=HANDS, stake=1, prize=5)
    play(game, Pass(), Pass(), Pass())
    assert game.ledger.balance("pool") == 0 and balances(game) == [99, 99, 102]


def test_the_player_who_has_the_worst_hand_puts_one_counter_into_the_pool() -> None:
    """"while the player who has the worst hand puts one counter into the pool": p1 (a point
    of 16) has two counters left."""
    game = pool_game(hands=HANDS)
    records = play(game, Pass(), Pass(), Pass())
    assert lives(game) == (3, 2, 3)
    assert "p1 has the worst hand: he puts a counter into the pool (2 left)" in notes(records)


def test_decision_equal_worst_hands_each_lose_a_counter_equal_best_each_take_the_prize() -> None:
    """Decision, after the old game's "each of the winners": p1 and p2 (ace, king, nine)
    each take the prize, p3 and p0 (two, five, nine; two, five, nine) each lose a counter."""
    hands = ["2C 5D 9H", "AH KH 9C", "AD KD 9S", "2S 5H 9D"]
    game = pool_game(players=4, hands=hands, widow="3S 4S 6S")
    play(game, Pass(), Pass(), Pass(), Pass())
    assert lives(game) == (2, 3, 3, 2)
    assert game.rewards() == {0: -6, 1: -4, 2: -4, 3: -6} and game.ledger.balance("pool") == 20


def test_decision_every_hand_equal_no_prize_and_no_counter_lost() -> None:
    """Decision: when every hand is equal there is neither winner nor worst hand."""
    game = pool_game(hands=["AC KS 9H", "AH KH 9C", "AD KD 9S"], widow="2D 3S 4S")
    play(game, Pass(), Pass(), Pass())
    assert lives(game) == (3, 3, 3) and game.ledger.balance("pool") == 18


def test_every_deal_the_worst_hand_shown_loses_a_counter() -> None:
    """The seed's deals: after each, the worst hand as dealt (under the English ranking) has
    one counter less, and the best hand has taken the prize."""
    game = pool_game(seed=11)
    for _ in range(4):
        hands, before, pool = game.hands, lives(game), game.ledger.balance("pool")
        strengths = {s: evaluate(h) for s, h in enumerate(hands) if h}
        next_deal(game)
        worst = min(strengths.values())
        assert lives(game) == tuple(n - (strengths.get(s) == worst) for s, n in enumerate(before))
        best = [s for s, v in strengths.items() if v == max(strengths.values())]
        assert pool - game.ledger.balance("pool") == min(2 * len(best), pool)


def test_a_player_who_has_exhausted_his_counters_stands_out_and_no_cards_are_dealt_to_him() -> None:
    """"As soon as a player has exhausted his counters he has to stand out of the game, and no
    cards are dealt to him": the first out buys no horse; in the next deal he holds no card,
    is dealt none, never has a turn, and his part is ``out``; the deal passes over him."""
    game = pool_game(seed=2)
    to_phase(game, "horse")
    out = game.to_act
    assert lives(game)[out] == 0
    play(game, Pass())
    assert game.hands[out] == [] and game.roles()[out] == "out" and out in game.observation(0)["out"]
    dealt = [e.seat for e in entries(game.events(None)[-1:], Dealt)]
    assert dealt and out not in dealt
    while not game.is_over:
        assert game.to_act != out and game.dealer != out and game.hands[out] == []
        quickly(game)


def test_the_player_who_remains_with_the_last_counters_takes_the_amount_left_in_the_pool() -> None:
    """"when the player who remains with the last counter or counters takes the amount left in
    the pool": the session ends with the pool empty, paid to the last holder."""
    game = pool_game(seed=2)
    records = to_phase(game, "over")
    (last,) = [s for s, n in enumerate(lives(game)) if n]
    left = [p for p in payments(records[-1:]) if p.payer == "pool"]
    assert left[-1].payee == f"p{last}" and game.ledger.balance("pool") == 0
    assert sum(game.payoffs().values()) == 0 and game.zero_sum()


def test_a_horse_bought() -> None:
    """"The player who is first out has the option of buying one counter from the pool, which
    is termed "buying a horse." He has to pay for the same into the pool such sum as may be
    agreed upon" (``horse`` 3): he decides right after the deal that put him out; he pays 3
    into the pool, holds one counter again and is dealt into the next deal."""
    game = pool_game(seed=2)
    to_phase(game, "horse")
    out = game.to_act
    view = game.observation(out)
    assert view["first_out"] == out and not view["horse_bought"] and lives(game)[out] == 0
    assert game.legal_actions() == [Pass(), BuyHorse()]
    cash, pool = game.cash(out), game.ledger.balance("pool")
    (record,) = play(game, BuyHorse())
    assert Payment(f"p{out}", "pool", 3) in payments([record])
    assert lives(game)[out] == 1 and game.observation(0)["horse_bought"]
    assert game.cash(out) == cash - 3 and len(game.hands[out]) == 3 and game.roles()[out] != "out"
    assert game.ledger.balance("pool") == pool + 3 - sum(p.amount for p in payments([record]) if p.payer == "pool")


def test_only_the_first_out_may_buy_a_horse_and_only_one() -> None:
    """"The player who is first out has the option of buying one counter": the phase
    ``horse`` comes once in the session, to the first out; those out later (and he, out
    again) have none."""
    game = pool_game(seed=2)
    offered, outs = [], 0
    while not game.is_over:
        if game.observation(0)["phase"] == "horse":
            offered.append(game.to_act)
            game.apply(BuyHorse())
            continue
        outs += sum("exhausted" in text for text in notes([quickly(game)]))
    assert offered == [game.observation(0)["first_out"]] and outs == 3


def test_decision_no_horse_for_a_first_out_who_cannot_pay_the_price() -> None:
    """Decision: a first out who cannot pay the price has no option (the stake took all)."""
    game = pool_game(seed=2, counters=6, horse=50)
    records = to_phase(game, "horse")
    assert game.is_over and game.observation(0)["first_out"] is not None
    first = game.observation(0)["first_out"]
    assert f"p{first} is the first out, and cannot pay 50 for a horse" in notes(records)
    assert not any("may buy" in text for text in notes(records))


def test_decision_two_out_in_one_deal_the_first_from_the_dealer_s_left_is_first_out() -> None:
    """Decision: when two players lose their last counters in the same deal (equal worst
    hands), the first of them from the dealer's left is the first out. Seed 341, four players,
    the short pack: p3 and p0 go out together under dealer p1 (p2, p3, p0, p1 in turn)."""
    game = pool_game(players=4, seed=341, short_pack=True, horse=2, counters=20)
    records = to_phase(game, "horse")
    gone = [text for text in notes(records[-1:]) if "exhausted" in text]
    assert gone == ["p3 has exhausted his counters: he stands out", "p0 has exhausted his counters: he stands out"]
    assert game.dealer == 1 and game.to_act == 3 == game.observation(0)["first_out"]


def test_max_decisions_holds_the_first_out_to_buy_no_horse() -> None:
    """Decision: cut short by ``max_decisions`` when the horse is his to buy, the first out
    is held to decline it."""
    game = pool_game(seed=2, max_decisions=3)
    records = to_phase(game, "over")
    held = [text for text in notes(records) if "held to buy no horse" in text]
    assert len(held) == 1 and not game.observation(0)["horse_bought"]


def test_a_snapshot_of_the_horse_decision_restores_and_tampered_counters_are_refused() -> None:
    """A document taken when the horse is to be bought restores to the same decision; one whose
    counters do not fit together (the first out holding counters he never bought back) is
    refused."""
    game = pool_game(seed=2)
    to_phase(game, "horse")
    restored = type(game).from_dict(game.to_dict())
    assert restored.to_act == game.to_act and restored.legal_actions() == game.legal_actions()
    play(game, BuyHorse())
    play(restored, BuyHorse())
    assert restored.to_dict() == game.to_dict()
    document = game.to_dict()
    document["deal"]["game"]["horse_bought"] = False
    with pytest.raises(StateError, match="first out"):
        type(game).from_dict(document)


@pytest.mark.parametrize("pool", [False, True])
def test_counters_that_do_not_start_three_each_are_refused(pool: bool) -> None:
    """The old game keeps the counters as they start, and Pool Commerce starts them at three
    each: a document of the first deal saying otherwise is refused."""
    game = pool_game(seed=2) if pool else game_of(HANDS)
    document = game.to_dict()
    document["deal"]["game"]["lives"] = [3, 2, 3]
    with pytest.raises(StateError, match="three each"):
        type(game).from_dict(document)


def test_illegal_actions_raise_and_change_nothing() -> None:
    """Illegal actions raise IllegalActionError and change nothing: a card not held, a widow
    card not there, a horse in the exchanges, a stand in the last turns; in the horse phase,
    anything but a horse or a pass."""
    game = game_of(HANDS, widow="AH AD KS")
    refused(game, swap("3C", "AH"))
    refused(game, swap("2C", "QS"))
    refused(game, BuyHorse())
    pool = pool_game(seed=2)
    to_phase(pool, "horse")
    held = next(hand for hand in pool.hands if hand)
    refused(pool, Stand())
    refused(pool, Swap(held[0], pool.widow[0]))
    refused(pool, Buy(held[0]))
