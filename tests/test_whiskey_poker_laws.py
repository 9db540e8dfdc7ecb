"""One test per sentence of Whiskey Poker (``whiskey_poker``) and per decision it takes.

The rules are the "WHISKEY POKER" paragraphs of seed ``004_7d6a6396833e304f.txt``;
docs/rules.md sections 2 (the hands ranked by ``pycards.poker.evaluate``, profile
``american`` by default), 5 (law 76: equal best hands share the pool), 6.1 (the turn bound;
what a player sees) and 6.3 decide what the text leaves open. The driver's own decisions
(its module docstring): equal worst hands each put a counter in the middle; two players out
by one deal: the worse hand pays for the whiskey, equal hands the first from the dealer's
left; the deal passes to the left under markers too; the dealer's ``TurnUp`` is his turn and
his knock before the widow is taken turns it up; after a knock with the widow face down the
players to come take it or pass (the dealer takes it or turns it up); the turn bound holds
the player to knock, a knock by the text.

Every deal's cards are stacked with ``top=`` (:func:`stack`: one card at a time to each seat
from the dealer's left, the widow's card just before the dealer's, five rounds).

Table: three players (unless told), dealer p2 (so the order from the dealer's left is p0,
p1, p2), 20 counters each, one deal, for money. Hands are given by seat.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from poker_laws import cards_seen

from pycards.cards import parse
from pycards.errors import GameOptionError, IllegalActionError, StateError
from pycards.games import new_game
from pycards.games.engine.events import DealEnded, Dealt, Moved, Note, Place, Shown
from pycards.games.engine.exchange_table import Knock, Pass, Swap, TakeWidow, TurnUp
from pycards.games.exchange.whiskey_poker import WhiskeyPoker
from pycards.settlement import Payment

WIDOW = Place("widow")

# The three hands and the widow most tests use (american ranking):
H0 = "2C 4D 6H 8S 10C"  # no pair, ten high: the worst
H1 = "3C 3D 7H 9S JC"  # a pair of threes
H2 = "5C 5D 5H 9C QD"  # three fives: the best
W = "QS QC QH 4H 2S"  # three queens, in the widow
W2 = "KC KD 7C 8H 9H"  # a widow for the hands that need the queens
HANDS = (H0, H1, H2)

KNOCK, PASS, TAKE, TURN_UP = Knock(), Pass(), TakeWidow(), TurnUp()

# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def c(card: str) -> int:
    return parse(card)[0]


def cards(text: str) -> list[int]:
    return list(parse(text))


def stack(hands: Sequence[str], widow: str, dealer: int) -> list[int]:
    """The ``top=`` list that deals ``hands[seat]`` to each seat and ``widow`` to the widow:
    five rounds of one card to each seat from the dealer's left, the widow's card just before
    the dealer's ("dealing to the widow just before he deals to himself")."""
    players = len(hands)
    held, spare = [cards(h) for h in hands], cards(widow)
    order = [(dealer + k) % players for k in range(1, players + 1)]
    top: list[int] = []
    for r in range(5):
        for seat in order:
            if seat == dealer:
                top.append(spare[r])
            top.append(held[seat][r])
    assert len(set(top)) == len(top), "a card is stacked twice"
    return top


def game_of(hands: Sequence[str] = HANDS, widow: str = W, dealer: int | None = None, **options):
    """A session of Whiskey Poker on stacked cards (dealer: the last seat unless told; one deal)."""
    seat = len(hands) - 1 if dealer is None else dealer
    terms = {"deals": 1, **options}
    return new_game("whiskey_poker", players=len(hands), seed=0, dealer=seat, top=stack(hands, widow, seat),
                    **terms)  # fmt: skip


def swap(give: str, take: str) -> Swap:
    return Swap(c(give), c(take))


def swaps(game, seat: int) -> list[Swap]:
    """Every draw of one card from the widow ``seat`` may make."""
    return [Swap(card, take) for card in game.hands[seat] for take in game.widow]


def balances(game) -> list[int]:
    return [game.ledger.balance(f"p{s}") for s in range(game.players)]


def notes(game) -> list[str]:
    return [e.text for r in game.history() for e in r.entries if type(e) is Note]


def all_entries(game, kind: type) -> list:
    return [e for r in game.history() for e in r.entries if type(e) is kind]


def refused(game, action) -> None:
    """``action`` is illegal now: it raises IllegalActionError and changes nothing."""
    before = json.dumps(game.to_dict(), sort_keys=True)
    assert action not in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert json.dumps(game.to_dict(), sort_keys=True) == before


def says(game, *actions) -> list[int]:
    """Apply ``actions`` in turn, each legal; who was to act for each."""
    seats = []
    for action in actions:
        assert action in game.legal_actions(), (action, game.to_act, game.legal_actions())
        seats.append(game.to_act)
        game.apply(action)
    return seats


# --------------------------------------------------------------------------------------
# "The arrangements for the cards, seats, etc., are the same as in Draw Poker."
# --------------------------------------------------------------------------------------


def test_arrangements_as_in_draw_poker_two_to_eight_players_full_pack() -> None:
    """Two to eight players as at Draw Poker (eight hands and the widow take 45 of the 52
    cards); the first dealer by the first knave turned up when none is given."""
    assert (WhiskeyPoker.MIN_PLAYERS, WhiskeyPoker.MAX_PLAYERS) == (2, 8)
    for players in (1, 9):
        with pytest.raises(GameOptionError):
            new_game("whiskey_poker", players=players)
    game = new_game("whiskey_poker", players=8, seed=5)
    assert sorted(game.pack.cards) == list(range(52))
    assert [len(h) for h in game.hands] == [5] * 8 and len(game.widow) == 5 and len(game.pack.stock) == 7
    assert any("knave falls to" in n for n in notes(game))


def test_counters_twenty_by_default_five_as_markers_each_an_equal_number() -> None:
    """"Each player is provided with an equal number of white counters ... If the counters
    represent money, each player should have at least twenty; if they are only markers, five
    is the usual number": ``counters`` is 20 by default, the markers' five an option."""
    game = new_game("whiskey_poker", players=3, seed=1, dealer=2)
    assert game.options.counters == 20 and balances(game) == [19, 19, 19]  # one counter each in the pool
    markers = new_game("whiskey_poker", players=3, seed=1, dealer=2, markers=True, counters=5)
    assert balances(markers) == [5, 5, 5]


def test_for_money_each_player_puts_one_counter_in_the_pool_before_the_deal() -> None:
    """"If the game is played for money, each player puts one counter in the pool before the
    cards are dealt.\""""
    game = game_of()
    assert game.ledger.balance("pool") == 3 and balances(game) == [19, 19, 19]
    first = list(next(iter(game.history())).entries)
    paid = [i for i, e in enumerate(first) if type(e) is Payment]
    dealt = [i for i, e in enumerate(first) if type(e) is Dealt]
    assert len(paid) == 3 and max(paid) < min(dealt)
    assert all(e.payee == "pool" and e.amount == 1 for e in first if type(e) is Payment)


def test_there_is_no_raising_or_betting_of_any_kind() -> None:
    """"There is no raising or betting of any kind": the actions are knocking, passing and
    the widow's; no counter moves until the show."""
    assert WhiskeyPoker.actions == (Knock, Pass, Swap, TakeWidow, TurnUp)
    game = game_of()
    before = balances(game)
    says(game, TAKE, swap("3C", "2C"), TAKE, swap("2S", "QD"))
    assert balances(game) == before and game.ledger.balance("pool") == 3


# --------------------------------------------------------------------------------------
# "An extra hand, called the widow, is dealt face down ..."
# --------------------------------------------------------------------------------------


def test_widow_dealt_face_down_one_at_a_time_just_before_the_dealer_seen_by_nobody() -> None:
    """"The dealer gives each player and the widow five cards, one at a time, beginning on his
    left, and dealing to the widow just before he deals to himself": the widow's cards lie face
    down, seen by no player and no spectator, known by nobody to lie there."""
    game = game_of(dealer=1, hands=(H0, H1, H2))
    assert game.hands == [cards(h) for h in HANDS] and game.widow == cards(W)
    first = list(next(iter(game.history())).entries)
    order = [e.seat if type(e) is Dealt else "widow" for e in first if type(e) in (Dealt, Moved)]
    assert order == [2, 0, "widow", 1] * 5  # from the dealer's (p1's) left, the widow before him
    assert all(e.seen_by == () and e.target == WIDOW for e in first if type(e) is Moved)
    for seat in (0, 1, 2, None):
        assert not cards_seen(game, seat) & set(cards(W))
        assert all(game.knowledge(seat).where(card) == [] for card in cards(W))
    assert game.observation(0)["widow"] == () and game.observation(0)["widow_cards"] == 5


def test_each_player_in_turn_beginning_with_the_age() -> None:
    """"Each player in turn, beginning with the age, then examines his hand, and has the option
    of exchanging it for the widow; keeping it for the purpose of drawing to it; or risking his
    chances of winning the pool with it as it is": the eldest hand (the dealer's left) first,
    taking the widow, passing or knocking."""
    game = game_of(dealer=0)
    assert game.to_act == 1
    assert game.legal_actions() == [KNOCK, PASS, TAKE]
    assert says(game, PASS, PASS) == [1, 2] and game.to_act == 0


# --------------------------------------------------------------------------------------
# "If he wishes to exchange, he must place his five cards face upward on the table ..."
# --------------------------------------------------------------------------------------


def test_taking_the_widow_the_taker_alone_sees_it_his_old_hand_face_up_becomes_the_widow() -> None:
    """"He must place his five cards face upward on the table, and take up the widow, but
    without showing it to any other player. The hand he abandons then becomes the widow.\""""
    game = game_of()
    game.apply(TAKE)
    assert game.hands[0] == cards(W) and game.widow == cards(H0)
    assert set(cards(W)) <= cards_seen(game, 0)
    for other in (1, 2, None):
        assert not cards_seen(game, other) & set(cards(W))
        assert set(cards(H0)) <= cards_seen(game, other)
    for other in (1, 2):
        assert game.observation(other)["widow"] == tuple(cards(H0))
    assert all(game.knowledge(1).where(card) == [WIDOW] for card in cards(H0))
    assert game.observation(0)["widow_up"] and game.observation(0)["hand"] == tuple(cards(W))


def test_i_pass_transfers_the_option_of_taking_the_widow() -> None:
    """"If he prefers to draw to his hand, he says: I pass, which transfers to the next player
    the option of taking the widow.\""""
    game = game_of()
    game.apply(PASS)
    assert game.to_act == 1 and game.legal_actions() == [KNOCK, PASS, TAKE]
    assert game.widow == cards(W) and not game.observation(1)["widow_up"]
    assert game.observation(1)["passed"] == (0,)


def test_who_passed_each_player_once() -> None:
    """The observation's ``passed`` names each player who passed, once, though he passes again
    (the "I pass", then a refusal to draw after the knock)."""
    game = game_of()
    says(game, PASS, PASS, KNOCK, PASS)
    assert game.observation(1)["passed"] == (0, 1) and game.to_act == 1


def test_a_knock_also_passes_the_option_of_taking_the_widow() -> None:
    """"If he wishes to stand on the merits of the hand dealt to him, without drawing to it, he
    knocks on the table, which also passes the option of taking the widow to the next player on
    his left": the widow stays face down (the usual custom), and the next may take it."""
    game = game_of()
    game.apply(KNOCK)
    assert game.to_act == 1 and TAKE in game.legal_actions()
    assert not game.observation(1)["widow_up"] and game.observation(1)["widow"] == ()
    game.apply(TAKE)
    assert game.hands[1] == cards(W) and game.widow == cards(H1)


# --------------------------------------------------------------------------------------
# "If any player takes the widow, the next player on his left can do any one of three things"
# --------------------------------------------------------------------------------------


def test_after_the_widow_is_taken_the_next_may_draw_one_card_exchange_all_or_knock() -> None:
    """"He may discard from his own hand any card he pleases, taking one from the widow in its
    stead ...; or he may exchange his entire hand for the widow; or he may stand on the hand
    dealt him, and knock.\""""
    game = game_of()
    game.apply(TAKE)
    legal = game.legal_actions()
    assert legal == [KNOCK, *swaps(game, 1), TAKE] and len(legal) == 2 + 25
    assert PASS not in legal and TURN_UP not in legal


def test_a_card_drawn_from_the_widow_the_discard_face_up_becomes_part_of_the_widow() -> None:
    """"The card which he discards being placed on the table face upward, and becoming part of
    the widow": the discard is seen by all; the card taken, face up in the widow, by all too."""
    game = game_of()
    says(game, TAKE, swap("JC", "10C"))
    assert sorted(game.hands[1]) == sorted(cards("3C 3D 7H 9S 10C"))
    assert sorted(game.widow) == sorted(cards("2C 4D 6H 8S JC"))
    for viewer in (0, 2, None):
        assert c("JC") in cards_seen(game, viewer)
    assert c("JC") in game.observation(2)["widow"] and c("10C") not in game.observation(2)["widow"]
    assert game.knowledge(2).where(c("10C")) == [Place("hand", 1, 0)]


def test_exchanging_the_entire_hand_for_the_widow_after_it_is_taken() -> None:
    """"Or he may exchange his entire hand for the widow": the widow lay face up, so the hand
    he takes is seen by all; his own goes face up as the widow."""
    game = game_of()
    says(game, TAKE, TAKE)
    assert game.hands[1] == cards(H0) and game.widow == cards(H1)
    assert set(cards(H1)) <= cards_seen(game, 2) and set(cards(H0)) <= cards_seen(game, 2)


def test_and_so_on_until_some_player_does_knock() -> None:
    """"Whether he draws one card, exchanges his entire hand, or knocks, the next player on his
    left has the option of drawing, exchanging, or knocking; and so on, until some player does
    knock": the turns go round and round, past the dealer to the eldest again."""
    game = game_of()
    order = says(game, TAKE, swap("JC", "10C"), swap("QD", "JC"), swap("QS", "QD"), swap("10C", "QS"),
                 TAKE, swap("2S", "JC"))  # fmt: skip
    assert order == [0, 1, 2, 0, 1, 2, 0]
    assert game.to_act == 1 and KNOCK in game.legal_actions() and PASS not in game.legal_actions()
    game.apply(KNOCK)
    assert says(game, PASS, PASS) == [2, 0] and game.is_over


# --------------------------------------------------------------------------------------
# "Should no player take the widow until it comes to the dealer's turn ..."
# --------------------------------------------------------------------------------------


def test_the_dealer_must_take_the_widow_or_turn_it_face_up() -> None:
    """"Should no player take the widow until it comes to the dealer's turn, he must either
    take it, or turn it face upward on the table": no pass for him."""
    game = game_of()
    says(game, PASS, PASS)
    assert game.to_act == 2 and game.legal_actions() == [KNOCK, TURN_UP, TAKE]
    refused(game, PASS)
    game.apply(TURN_UP)
    for viewer in (0, 1, None):
        assert set(cards(W)) <= cards_seen(game, viewer)
    assert game.observation(0)["widow"] == tuple(cards(W)) and game.widow == cards(W)
    assert game.to_act == 0 and game.legal_actions() == [KNOCK, *swaps(game, 0), TAKE]


def test_decision_the_dealers_turn_up_is_his_turn_he_draws_on_his_next() -> None:
    """Decision: turning the widow up is the dealer's turn; he may draw from it when his turn
    comes again."""
    game = game_of()
    says(game, PASS, PASS, TURN_UP, swap("2C", "QS"), swap("3C", "QC"))
    assert game.to_act == 2 and swap("5C", "QH") in game.legal_actions()


def test_the_dealer_taking_the_widow_untaken() -> None:
    """"He must either take it ...": the dealer takes the widow nobody took; he alone sees it."""
    game = game_of()
    says(game, PASS, PASS, TAKE)
    assert game.hands[2] == cards(W) and game.widow == cards(H2)
    assert not cards_seen(game, 0) & set(cards(W)) and set(cards(H2)) <= cards_seen(game, 0)


def test_even_if_the_dealer_knocks_he_must_turn_up_the_widow_for_each_to_draw() -> None:
    """"Even if the dealer knocks, he must turn up the widow, and allow each player an
    opportunity to draw from it, or to exchange his entire hand for it.\""""
    game = game_of()
    says(game, PASS, PASS, KNOCK)
    assert game.observation(0)["widow"] == tuple(cards(W))
    assert any("turned face up" in n for n in notes(game))
    assert game.to_act == 0 and game.legal_actions() == [PASS, *swaps(game, 0), TAKE]
    says(game, swap("2C", "QS"))
    assert game.to_act == 1 and game.legal_actions() == [PASS, *swaps(game, 1), TAKE]
    game.apply(TAKE)
    assert game.is_over  # the knocker's turn again: the hands are shown


# --------------------------------------------------------------------------------------
# "When a player knocks ..."
# --------------------------------------------------------------------------------------


def test_a_knock_means_the_hands_are_shown_when_his_turn_comes_again() -> None:
    """"When a player knocks, he signifies that no matter what the players following him may do,
    when it comes to his turn again the hands must be shown": each other player has one more
    turn, the knocker none."""
    game = game_of(deals=2)
    says(game, TAKE, KNOCK)
    assert game.observation(2)["last_turns"] == (0,) and game.to_act == 2
    assert says(game, swap("5C", "2C"), swap("2S", "5C")) == [2, 0]
    assert game.deal_number == 2 and game.dealer == 0  # shown, settled, the next deal
    shown = [e for e in all_entries(game, Shown)]
    assert [e.seat for e in shown] == [0, 1, 2] and all(e.seen_by is None for e in shown)


def test_a_player_cannot_draw_and_knock_at_the_same_time() -> None:
    """"A player cannot draw and knock at the same time": a draw ends the turn; the knock is
    another turn's."""
    game = game_of()
    says(game, TAKE, swap("JC", "10C"))
    assert game.to_act == 2 and game.observation(2)["standers"] == ()


def test_no_pass_before_a_knock_once_the_widow_is_taken() -> None:
    """"A player can refuse to draw or exchange after another player has knocked, not before.\""""
    game = game_of()
    game.apply(TAKE)
    refused(game, PASS)
    game.apply(swap("JC", "10C"))
    refused(game, PASS)
    game.apply(KNOCK)
    assert PASS in game.legal_actions()
    game.apply(PASS)
    assert game.to_act == 1


def test_decision_after_a_knock_with_the_widow_face_down_take_it_or_pass() -> None:
    """Decision: a knock before the widow is taken leaves it face down (no variant); the players
    to come may take it or pass, the dealer take it or turn it up; nobody knocks again."""
    game = game_of()
    game.apply(KNOCK)
    assert game.legal_actions() == [PASS, TAKE]
    game.apply(PASS)
    assert game.to_act == 2 and game.legal_actions() == [TURN_UP, TAKE]
    refused(game, KNOCK)
    refused(game, PASS)
    game.apply(TURN_UP)
    assert game.is_over


def test_variant_turn_the_widow_face_up_at_once_if_a_player_knocks_before_it_is_taken() -> None:
    """"In some localities it is the rule to turn the widow face up at once if any player knocks
    before it is taken; allowing all those after the knock an opportunity to draw or exchange"
    (option ``turn_up_on_knock``)."""
    game = game_of(turn_up_on_knock=True)
    game.apply(KNOCK)
    assert game.observation(1)["widow"] == tuple(cards(W))
    assert game.legal_actions() == [PASS, *swaps(game, 1), TAKE]
    says(game, swap("3C", "QS"), swap("9C", "QC"))
    assert game.is_over and sorted(game.hands[2]) == sorted(cards("5C 5D 5H QC QD"))
    usual = game_of()
    usual.apply(KNOCK)
    assert usual.observation(1)["widow"] == () and usual.legal_actions() == [PASS, TAKE]


def test_variant_no_effect_once_the_widow_is_taken() -> None:
    """The variant is for a knock "before it is taken": after, the widow is face up anyway."""
    game = game_of(turn_up_on_knock=True)
    says(game, TAKE, KNOCK)
    assert game.widow == cards(H0) and not any("knocks before" in n for n in notes(game))


# --------------------------------------------------------------------------------------
# The text's example
# --------------------------------------------------------------------------------------

A_, B_, C_, D_, E_ = "2C 4D 6H 8S 10C", "3C 3D 7H 9S KD", "5C 5D 5H 9C QD", "7C 7D KH QS 2D", "AS AD 4C 6C 8D"
EXAMPLE_WIDOW = "QC QH JS 4H 2S"


def test_the_texts_example_of_five_players() -> None:
    """"Suppose five play. E deals, and A passes; B takes the widow; C and D draw from B's
    abandoned hand, and E knocks; without drawing, of course. A, who passed the first time, now
    has an opportunity to draw or exchange. So have each of the others in turn, up to D; but
    after D draws or exchanges, the hands must be shown, because the next player, E, has
    knocked." A..E are seats 0..4, E dealing."""
    game = game_of((A_, B_, C_, D_, E_), EXAMPLE_WIDOW, dealer=4)
    a, b, cc, d, e = range(5)
    assert game.to_act == a and game.legal_actions() == [KNOCK, PASS, TAKE]
    game.apply(PASS)  # A passes
    assert game.to_act == b and game.legal_actions() == [KNOCK, PASS, TAKE]
    game.apply(TAKE)  # B takes the widow
    assert game.widow == cards(B_) and game.observation(cc)["widow"] == tuple(cards(B_))
    assert game.to_act == cc and game.legal_actions() == [KNOCK, *swaps(game, cc), TAKE]
    game.apply(swap("QD", "9S"))  # C draws from B's abandoned hand: three fives and two nines
    assert game.to_act == d and game.legal_actions() == [KNOCK, *swaps(game, d), TAKE]
    game.apply(swap("2D", "7H"))  # D draws: three sevens
    assert game.to_act == e and game.legal_actions() == [KNOCK, *swaps(game, e), TAKE]
    game.apply(KNOCK)  # E knocks, without drawing
    assert game.observation(a)["standers"] == (e,) and game.observation(a)["last_turns"] == (b, cc, d)
    assert game.to_act == a and game.legal_actions() == [PASS, *swaps(game, a), TAKE]
    game.apply(swap("2C", "3C"))  # A, who passed the first time, now draws
    assert game.to_act == b and PASS in game.legal_actions() and KNOCK not in game.legal_actions()
    game.apply(PASS)  # B refuses to draw after the knock
    assert game.to_act == cc
    game.apply(PASS)
    assert game.to_act == d and not all_entries(game, Shown)
    game.apply(swap("QS", "KD"))  # after D draws the hands must be shown: E has knocked
    assert game.is_over and game.to_act is None
    assert [s.seat for s in all_entries(game, Shown)] == [a, b, cc, d, e]
    assert sorted(game.hands[d]) == sorted(cards("7C 7D 7H KH KD"))  # sevens full beats fives full
    assert balances(game) == [19, 19, 19, 24, 19] and game.ledger.balance("pool") == 0


# --------------------------------------------------------------------------------------
# "When the hands are shown, there are two ways to settle"
# --------------------------------------------------------------------------------------


def test_for_money_the_best_poker_hand_wins_the_pool_and_the_deal_passes_left() -> None:
    """"If the counters have a money value, the best poker hand wins the pool, and the deal
    passes to the left.\""""
    game = game_of(deals=2)
    says(game, KNOCK, PASS, TURN_UP)
    assert game.rewards() == {0: -1, 1: -1, 2: 2}
    assert game.dealer == 0 and game.deal_number == 2
    assert any(type(e) is DealEnded for e in next(iter(reversed(list(game.history())))).entries)


def test_for_money_equal_best_hands_share_the_pool_odd_counter_from_the_dealers_left() -> None:
    """Law 76 (docs/rules.md 5): equal best hands share the pool; the odd counter goes to the
    first of them from the dealer's left (dealer p0: p2 before p0)."""
    game = game_of(("AS KS QS JS 9D", "2D 3S 5S 6C 8C", "AH KH QH JH 9C"), W2, dealer=0)
    says(game, KNOCK, PASS, TURN_UP)  # p1 knocks, p2 passes, p0 the dealer turns up
    assert game.rewards() == {0: 0, 1: -1, 2: 1}
    assert game.ledger.balance("pool") == 0 and sum(game.payoffs().values()) == 0


def test_decision_a_player_without_counters_sits_out_and_is_dealt_no_hand() -> None:
    """Decision (docs/rules.md 5): a player who has lost his last counter sits out; the next
    deal is dealt to the others and the widow."""
    game = game_of(stacks=[1, 20, 20], deals=2)
    says(game, KNOCK, PASS, TURN_UP)
    assert balances(game) == [0, 18, 21] and game.deal_number == 2  # the second ante paid
    assert game.hands[0] == [] and [len(h) for h in game.hands[1:]] == [5, 5] and len(game.widow) == 5
    assert game.roles() == ("out", "dealer", "player") and game.ledger.balance("pool") == 2 and game.to_act == 2

def test_the_profile_is_american_by_default_and_an_option() -> None:
    """docs/rules.md 6.3: the American games rank by profile ``american`` unless told: ten to
    ace is a sequence there, no sequence under ``english`` (the ace only begins one)."""
    hands = ("10H JD QC KS AH", "2C 2D 5H 7S 9C", "3C 4C 6D 8D JS")
    for profile, winner in (("american", 0), ("english", 1)):
        options = {} if profile == "american" else {"profile": profile}
        game = game_of(hands, W2, **options)
        assert game.options.profile == profile and game.observation(0)["profile"] == profile
        says(game, KNOCK, PASS, TURN_UP)
        assert max(game.rewards(), key=lambda s: game.rewards()[s]) == winner


def test_markers_no_pool_the_worst_hand_puts_a_counter_in_the_middle() -> None:
    """"If the counters have no money value, there is no pool; but the player who has the worst
    hand shown puts one of his counters in the middle of the table.\""""
    game = game_of(markers=True, counters=5, deals=2)
    assert game.ledger.balance("middle") == 0 and "pool" not in game.ledger.parties
    assert balances(game) == [5, 5, 5]
    says(game, KNOCK, PASS, TURN_UP)
    assert game.rewards() == {0: -1, 1: 0, 2: 0} and game.ledger.balance("middle") == 1
    assert game.observation(1)["middle"] == 1 and game.observation(1)["pool"] == 0
    assert game.dealer == 0  # decision: the deal passes to the left under markers too


def test_decision_equal_worst_hands_each_put_a_counter_in_the_middle() -> None:
    """Decision: equal worst hands are each "the worst hand shown": each puts one in."""
    game = game_of((H0, "2D 4H 6S 8C 10D", H2), W2, markers=True, counters=5)
    says(game, KNOCK, PASS, TURN_UP)
    assert game.rewards() == {0: -1, 1: -1, 2: 0} and game.ledger.balance("middle") == 2


def test_markers_the_first_to_lose_all_his_counters_pays_for_the_whiskey() -> None:
    """"This continues until some player has lost all five of his counters, and he is then
    called upon to pay for the whiskey": the session ``until="first_out"`` ends there; the
    middle is won by nobody (``zero_sum()`` is false)."""
    game = new_game("whiskey_poker", players=3, seed=0, dealer=2, top=stack(HANDS, W, 2), markers=True,
                    counters=5, until="first_out", stacks=[1, 5, 5])  # fmt: skip
    assert game.observation(0)["whiskey"] is None
    says(game, KNOCK, PASS, TURN_UP)
    assert game.is_over and game.observation(1)["whiskey"] == 0
    assert any("pays for the whiskey" in n for n in notes(game))
    assert game.payoffs() == {0: -1, 1: 0, 2: 0} and game.ledger.balance("middle") == 1
    assert not game.zero_sum() and game_of().zero_sum()


def test_markers_until_first_out_plays_deal_after_deal() -> None:
    """"This continues": deal after deal, the worst hand each time, until the first is out."""
    game = new_game("whiskey_poker", players=3, seed=4, markers=True, counters=5, until="first_out")
    deals = 0
    while not game.is_over:
        game.apply(game.legal_actions()[0])
        deals = game.deal_number
    middle = game.ledger.balance("middle")
    assert deals >= 5 and middle >= 5 and sum(balances(game)) + middle == 15
    payer = game.observation(0)["whiskey"]
    assert balances(game)[payer] == 0 and sum(b == 0 for b in balances(game)) >= 1


def test_markers_only_the_first_out_pays_for_the_whiskey() -> None:
    """"Some player has lost all five of his counters, and he is then called upon to pay": the
    first out, not a later one (a freeze-out of markers goes on until one player holds out)."""
    game = new_game("whiskey_poker", players=3, seed=3, markers=True, counters=2, until="freeze_out")
    out: list[int] = []
    while not game.is_over:
        game.apply(game.legal_actions()[0])
        out += [s for s in range(3) if game.cash(s) == 0 and s not in out]
        if len(out) == 1:
            assert game.observation(0)["whiskey"] == out[0]
    assert len(out) == 2 and game.observation(0)["whiskey"] == out[0] != out[1]
    assert sum(n == "p%d is the first to lose all his counters: he pays for the whiskey" % out[0] for n in notes(game)) == 1
    assert not any("p%d has lost" % out[1] in n for n in notes(game))


def test_decision_two_out_at_once_the_first_of_equal_worst_from_the_dealers_left_pays() -> None:
    """Decision: two players out by the same deal hold the worst hands (only the worst pay):
    the worse pays for the whiskey, equal ones the first from the dealer's left (dealer p0:
    p2 before p0)."""
    game = new_game("whiskey_poker", players=3, seed=0, dealer=0, top=stack((H0, H1, "2D 4H 6S 8C 10D"), W2, 0),
                    markers=True, counters=5, until="first_out", stacks=[1, 5, 1])  # fmt: skip
    says(game, KNOCK, PASS, TURN_UP)
    assert game.payoffs() == {0: -1, 1: 0, 2: -1} and game.observation(0)["whiskey"] == 2


def test_markers_the_middle_is_never_won_not_even_by_the_last_holder() -> None:
    """Nobody wins the middle: the session does not play on for it, and the last player
    holding counters does not take it."""
    game = game_of((H0, H2), W, dealer=1, markers=True, counters=5, stacks=[1, 5], deals=3)
    says(game, KNOCK, TURN_UP)
    assert game.is_over and balances(game) == [0, 5] and game.ledger.balance("middle") == 1
    both = game_of((H0, "2D 4H 6S 8C 10D"), W2, dealer=1, markers=True, counters=5, stacks=[1, 1], deals=3)
    says(both, KNOCK, TURN_UP)  # equal worst hands: both out at once, nobody holds a counter
    assert both.is_over and balances(both) == [0, 0] and both.ledger.balance("middle") == 2
    assert both.observation(1)["whiskey"] == 0
    again = game_of(markers=True, counters=5, deals=1)
    says(again, KNOCK, PASS, TURN_UP)
    assert again.is_over and again.ledger.balance("middle") == 1 and again.max_deals() == 1


# --------------------------------------------------------------------------------------
# The bounds (docs/rules.md 6.1)
# --------------------------------------------------------------------------------------


def test_the_turn_bound_holds_the_player_to_knock() -> None:
    """docs/rules.md 6.1: when the deal has begun ``max_turns`` turns, the player whose turn
    comes is held to knock; the others have their one more turn."""
    game = game_of(max_turns=4)
    says(game, PASS, TAKE, swap("5C", "3C"), swap("2C", "5C"))
    assert game.observation(2)["standers"] == (1,) and game.to_act == 2
    assert any("held to stand" in n for n in notes(game))
    says(game, PASS, PASS)
    assert game.is_over


def test_the_turn_bound_holds_the_dealer_to_knock_and_his_knock_turns_the_widow_up() -> None:
    """Decision: a knock the bound holds a player to is a knock by the text: the dealer's, with
    the widow untaken, turns it up."""
    game = game_of(max_turns=2)
    says(game, PASS, PASS)
    assert game.observation(0)["standers"] == (2,) and game.observation(0)["widow"] == tuple(cards(W))
    assert game.to_act == 0 and game.legal_actions() == [PASS, *swaps(game, 0), TAKE]


def test_max_decisions_every_player_held_to_stand_and_the_hands_shown() -> None:
    """``max_decisions``: the deal is cut short; the hands are shown and the pool is won."""
    game = game_of(max_decisions=2)
    says(game, PASS, PASS)
    assert game.is_over and game.truncated
    assert len(all_entries(game, Shown)) == 3 and game.rewards() == {0: -1, 1: -1, 2: 2}


# --------------------------------------------------------------------------------------
# Illegal actions, the views, snapshots
# --------------------------------------------------------------------------------------


def test_illegal_actions_raise_and_change_nothing() -> None:
    """Every action the rules do not allow now raises IllegalActionError, the state untouched."""
    game = game_of()
    refused(game, swap("2C", "QS"))  # the widow lies face down: no draw from it
    refused(game, TURN_UP)  # only the dealer turns it up
    game.apply(TAKE)
    refused(game, swap("2C", "4D"))  # not p1's card
    refused(game, swap("3C", "QS"))  # not the widow's (p0 took it)
    refused(game, TURN_UP)
    refused(game, Swap(c("3C"), c("3C")))
    game.apply(KNOCK)
    refused(game, KNOCK)  # one knock ends the going round
    says(game, PASS, PASS)
    refused(game, PASS)  # the session is over


def test_observation_keys_of_the_game() -> None:
    """The game's own keys: the profile, the settlement, the variant, the middle, who pays for
    the whiskey, and the family's (the widow face up, who passed, stood, has a last turn)."""
    obs = game_of().observation(1)
    for key in ("profile", "markers", "turn_up_on_knock", "middle", "whiskey", "widow", "widow_up",
                "passed", "standers", "last_turns", "pool"):  # fmt: skip
        assert key in obs
    assert game_of().roles() == ("player", "player", "dealer")


def test_a_snapshot_in_the_middle_of_a_deal_plays_on_the_same() -> None:
    """A snapshot taken after the widow is taken plays on as the game does."""
    game = game_of(deals=2, markers=True, counters=5)
    says(game, PASS, TAKE)
    twin = WhiskeyPoker.from_dict(json.loads(json.dumps(game.to_dict())))
    assert twin.legal_actions() == game.legal_actions() and twin.observation(2) == game.observation(2)
    for action in (swap("5C", "3C"), KNOCK, PASS, PASS):
        game.apply(action)
        twin.apply(action)
    assert twin.to_dict() == game.to_dict()


def test_snapshots_check_the_pool_the_whiskey_and_the_dealer() -> None:
    """A deal begins with an empty pool (money); only a player out of counters pays for the
    whiskey, and only under markers; the dealer holds counters."""
    game = game_of(deals=3)
    says(game, KNOCK, PASS, TURN_UP)  # p2 won the first deal's pool: 22 counters
    doc = game.to_dict()
    assert WhiskeyPoker.from_dict(json.loads(json.dumps(doc))).legal_actions() == game.legal_actions()
    doc["deal"]["balances"]["pool"], doc["deal"]["balances"]["p2"] = 1, 21
    with pytest.raises(StateError, match="pool"):
        WhiskeyPoker.from_dict(doc)
    doc = game.to_dict()
    doc["deal"]["game"]["whiskey"] = 1
    with pytest.raises(StateError, match="whiskey"):
        WhiskeyPoker.from_dict(doc)
    markers = new_game("whiskey_poker", players=3, seed=0, dealer=2, top=stack(HANDS, W, 2), markers=True,
                       counters=5, deals=3, stacks=[1, 5, 5])  # fmt: skip
    says(markers, KNOCK, PASS, TURN_UP)
    assert markers.observation(0)["whiskey"] == 0 and not markers.is_over
    doc = markers.to_dict()
    assert doc["deal"]["dealer"] == 1  # the deal passed over p0, out of counters
    assert WhiskeyPoker.from_dict(json.loads(json.dumps(doc))).observation(1)["whiskey"] == 0
    doc["deal"]["game"]["whiskey"] = 1
    with pytest.raises(StateError, match="whiskey"):
        WhiskeyPoker.from_dict(doc)
    doc = markers.to_dict()
    doc["deal"]["game"]["whiskey"] = None
    with pytest.raises(StateError, match="whiskey"):
        WhiskeyPoker.from_dict(doc)
    doc = markers.to_dict()
    doc["deal"]["dealer"] = 0
    with pytest.raises(StateError, match="cannot deal"):
        WhiskeyPoker.from_dict(doc)

def test_snapshots_of_a_session_until_the_first_out_have_nobody_out() -> None:
    """A session ``until="first_out"`` is over once a player is out: a snapshot of a deal in
    play with a player out (and his payment for the whiskey) is refused."""
    game = game_of(markers=True, counters=5, until="first_out")
    says(game, KNOCK, PASS, TURN_UP)  # p0 puts one in the middle: 4 left
    doc = game.to_dict()
    assert doc["deal"]["balances"] == {"p0": 4, "p1": 5, "p2": 5, "middle": 1}
    assert WhiskeyPoker.from_dict(json.loads(json.dumps(doc))).observation(0)["middle"] == 1
    doc["deal"]["balances"]["p1"], doc["deal"]["balances"]["middle"] = 0, 6
    doc["deal"]["game"]["whiskey"] = 1
    with pytest.raises(StateError, match="first player out"):
        WhiskeyPoker.from_dict(doc)
