"""Vingt-un's driver keeps its rules, checked on random games (``pycards.games.vingt_un``).

What every game owes the driver protocol (the records and every seat's view of them,
the ledger, the turn, the codec, illegal actions, copies, honest views, hostile
documents, threads) is checked for Vingt-un as for every registered game by
tests/test_conformance.py (the checks: tests/conformance.py). Here, what is Vingt-un's
own: a Hypothesis state machine and a seeded sweep play random legal games over random
option combinations (2-6 players, short sessions, every option and every way a session
ends) and check at every step: stock + used + the cards on the table is the pack (one or
two); every card on the table was dealt in a record of its deal, and the cards turned up
for the first dealer are those the game says; ``observation(seat)`` hides the other
seats' face-down cards, the dealer's cards before his turn, thrown-up hands and the
stock, and says what the game's state says; ``encode(seat)`` follows docs/protocol.md's
layout value for value; a seat standing out never acts; once over, the last deal was
shown as the rules say. Plain tests add the bound on decisions of a deal full of sales
and draws, the driver's own accessors, the built-in policy and the ids of two packs.

(``simulate`` is tested in tests/test_simulate.py; the shuffles in tests/test_pack.py.)
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from conformance import image
from driver_checks import pack_accounting
from pycards.games import new_game
from pycards.games.engine.events import DealEnded, Dealt
from pycards.games.policies import DrawBelow
from pycards.games.vingt_un import (
    PHASES,
    AcceptSale,
    DeclineSale,
    Divide,
    Double,
    Draw,
    HandView,
    KeepDeal,
    SellDeal,
    Stake,
    VingtUn,
)
from pycards.vingtun import NATURAL
from pycards.vingtun import pack_total as points

# --------------------------------------------------------------------------------------
# Random terms of play
# --------------------------------------------------------------------------------------


def fix_terms(players: int, options: dict) -> dict:
    """Make drawn options agree with each other (the combinations the driver refuses)."""
    if options.get("deal_passes", "natural") == "natural" and options.get("natural_puts_out") is False:
        options["natural_puts_out"] = True
    if options.get("until") == "freeze_out":
        options["counters"] = max(1, min(options.get("counters", 5), 6))
    bound = options.get("max_decisions", 0)
    if bound and bound < players + 3:
        options["max_decisions"] = players + 3
    return options


@st.composite
def terms(draw):
    """(players, seed, dealer, options): every option, short sessions."""
    players = draw(st.integers(2, 6))
    seed = draw(st.integers(0, 2**32))
    dealer = draw(st.none() | st.integers(0, players - 1))
    low = draw(st.integers(1, 3))
    options = {
        "min_stake": low,
        "max_stake": draw(st.integers(low, low + 3)),
        "counters": draw(st.sampled_from([0, 5, 100])),
        "deals": draw(st.integers(1, 4)),
        "rotations": 1,
        "deal_passes": draw(st.sampled_from(["natural", "hands", "twice", "two_packs"])),
        "deal_hands": draw(st.integers(1, 3)),
        "deal_to": draw(st.sampled_from(["next", "holder"])),
        "natural_puts_out": draw(st.booleans()),
        "natural_privilege": draw(st.sampled_from([None, "stake", "double"])),
        "selling": draw(st.booleans()),
        "max_price": draw(st.integers(0, 3)),
        "pool_contribution": draw(st.integers(0, 2)),
        "pool_overdraw_penalty": draw(st.integers(0, 2)),
        "pool_tie_share": draw(st.sampled_from([0, 2, 3, 4])),
        "pool_to_natural": draw(st.booleans()),
        "max_decisions": draw(st.sampled_from([0, 0, players + 3, players + 6])),
    }
    # some games on the defaults of the options not drawn; every way a session ends
    keep = draw(st.sets(st.sampled_from(sorted(options))))
    chosen = {k: v for k, v in options.items() if k in keep}
    chosen["until"] = draw(st.sampled_from(["deals", "rotations", "freeze_out"]))
    return players, seed, dealer, fix_terms(players, chosen)


# --------------------------------------------------------------------------------------
# What the records say: the cards dealt
# --------------------------------------------------------------------------------------


class Witness:
    """Reads every record once (the full records: what each seat's view of them shows is
    tests/conformance.py's to check) and keeps, for the deal in play and the last one, the
    cards dealt (``Dealt`` entries to hands), and the deals ended. The first record turns up
    the cards the game says chose the first dealer."""

    def __init__(self, game: VingtUn) -> None:
        self.read = 0
        self.deals = 0
        self.dealt: Counter = Counter()
        self.last_dealt: Counter = Counter()
        first = next(game.history())
        draw = [[d.card for d in first.dealt if d.hand == -1 and d.seat == s] for s in range(game.players)]
        assert draw == game.first_dealer_draw or (not game.first_dealer_draw and not any(draw))
        self.catch_up(game)

    def catch_up(self, game: VingtUn) -> None:
        for record in list(game.history())[self.read:]:
            for entry in record.entries:
                if type(entry) is Dealt and entry.hand >= 0:
                    self.dealt[entry.card] += 1
                elif type(entry) is DealEnded:
                    self.deals += 1
                    self.last_dealt, self.dealt = self.dealt, Counter()
        self.read = game.records

    def check(self, game: VingtUn) -> None:
        """Every card on the table (thrown up or not) was dealt in a record of its deal; the
        session counts the deals the records ended."""
        self.catch_up(game)
        assert game.session.deals == self.deals
        table = Counter(c for row in game.hands for hand in row for c in hand.cards)
        assert table == (self.last_dealt if game.is_over else self.dealt)


# --------------------------------------------------------------------------------------
# What must hold at every step
# --------------------------------------------------------------------------------------


def check_game(game: VingtUn, witness: Witness | None = None) -> None:
    """Every step's checks of the rules (with a ``witness`` that has read the game from its
    start: the cards dealt)."""
    pack_accounting(game)
    a_seat_standing_out_never_acts(game)
    observations_hide_what_they_should(game)
    the_encoding_follows_the_layout(game)
    if witness is not None:
        witness.check(game)
    if game.is_over:
        the_last_deal_was_shown_as_the_rules_say(game)


def a_seat_standing_out_never_acts(game: VingtUn) -> None:
    """A seat standing out (no counters left) is never to act; ``deal_number`` counts the
    session's deals and the one in play."""
    if game.is_over:
        assert game.deal_number == game.session.deals
    else:
        assert game.deal_number == game.session.deals + 1
        assert game.to_act not in game.session.out


def reference_encoding(game: VingtUn, seat: int) -> list[float]:
    """docs/protocol.md's encoding layout, written plainly from ``observation(seat)``: what
    ``encode`` (which caches each row's part) must give, value for value."""
    obs = game.observation(seat)
    phase = [0.0] * len(PHASES)
    phase[PHASES.index(obs["phase"])] = 1.0
    size = len(game.pack.cards)
    values = [*phase, obs["dealer"] == seat, obs["double"], obs["stock"] / size, obs["used"] / size]
    scale, most_stake = max(1, game.options.counters), 2 * game.options.max_stake
    for k in range(game.players):
        s = (seat + k) % game.players
        views = obs["dealer_hands"] if s == obs["dealer"] else obs["hands"].get(s, ())
        values += [s == obs["dealer"], s in obs["out"], obs["balances"][s] / scale]
        for slot in range(4):
            if slot >= len(views):
                values += [0.0] * 9
                continue
            view = views[slot]
            seen = [c for c in view.cards if c is not None]
            values += [1.0, points(seen) / 21 if seen else 0.0, sum(c >> 2 == 12 for c in seen) / 8,
                       len(view.cards) / 16, (len(view.cards) - len(seen)) / 16, view.stake / most_stake,
                       view.divided, view.done, not view.cards and view.done]  # fmt: skip
    return [float(v) for v in values]


def the_encoding_follows_the_layout(game: VingtUn) -> None:
    """``encode(seat)`` is docs/protocol.md's layout (:func:`reference_encoding`), value for value."""
    for seat in range(game.players):
        expected = np.array(reference_encoding(game, seat), dtype=np.float32)
        assert game.encode(seat).tolist() == expected.tolist()


def observations_hide_what_they_should(game: VingtUn) -> None:
    """No seat sees another's face-down cards (the first two of each hand, a divided pair's
    included: seed 002) unless the hand was declared, the dealer's cards before he
    turns them up, a thrown-up hand at all, or any card of the stock."""
    stock = set(game.stock)
    one_pack = game.options.deal_passes != "two_packs"
    before_the_dealer = game.phase in ("stake", "double", "draw")
    for seat in range(game.players):
        obs = game.observation(seat)
        assert obs["seat"] == seat and obs["to_act"] == game.to_act and obs["phase"] == game.phase
        assert obs["stock"] == len(game.stock) and obs["used"] == len(game.used)
        assert obs["deal_number"] == game.deal_number and obs["truncated"] == game.truncated
        assert obs["dealer"] == game.dealer and obs["proper_dealer"] == game.proper_dealer
        assert list(obs["out"]) == sorted(game.session.out)
        assert obs["offer"] == ((game.seller, game.buyer, game.price) if game.phase == "buy" else None)
        assert list(obs["balances"]) == [game.ledger.balance(f"p{s}") for s in range(game.players)]
        assert obs["pool"] == game.ledger.balances.get("pool", 0)
        assert set(obs["hands"]) == set(game.order) and game.dealer not in obs["hands"]
        rows = [(other, views) for other, views in obs["hands"].items()]
        if game.dealer >= 0:
            rows.append((game.dealer, obs["dealer_hands"]))
        seen: list[int] = []
        for other, views in rows:
            actual = game.hands[other]
            assert len(views) == len(actual)
            for view, hand in zip(views, actual):
                assert isinstance(view, HandView)
                assert (view.stake, view.divided, view.done) == (hand.stake, hand.divided, hand.done)
                if hand.collected:  # thrown up to the pone (over-drawn): off the table, unexposed
                    assert view.cards == ()
                    continue
                cards = tuple(hand.cards)
                if other == seat or hand.shown:
                    assert view.cards == cards
                else:
                    down = (0, 1)  # the first two cards, and a divided pair's (seed 002)
                    assert view.cards == tuple(None if i in down else c for i, c in enumerate(cards))
                if other != seat and before_the_dealer:
                    if other == game.dealer:  # not turned up before his turn
                        assert view.cards[:2] == (None,) * min(2, len(cards))
                    elif not hand.divided and other not in game.naturals:  # only a natural is declared
                        assert view.cards[:2] == (None,) * min(2, len(cards))
                seen += [c for c in view.cards if c is not None]
        if one_pack:
            assert not stock.intersection(seen)


def the_last_deal_was_shown_as_the_rules_say(game: VingtUn) -> None:
    """Once the session is over its last deal's hands lie on the table: a thrown-up hand
    is never shown; if the dealer had a natural he showed it; else if a player hand stood
    (not over-drawn, not a natural) there was a show, where the dealer turned up and every
    standing hand was declared; else the dealer never turned up his cards."""
    dealer = game.hands[game.dealer]
    hands = [h for seat in game.order for h in game.hands[seat]]
    assert not any(h.shown for h in hands if h.collected)
    natural = len(dealer) == 1 and dealer[0].strength() == NATURAL
    standing = [h for h in hands if not h.collected and h.strength() != NATURAL]
    if natural:
        assert dealer[0].shown
    elif standing:
        assert all(h.shown for h in dealer)
        assert all(h.shown for h in hands if not h.collected)
    elif not any(h.strength() == NATURAL and not h.collected for h in hands):
        assert not any(h.shown for h in dealer)


# --------------------------------------------------------------------------------------
# The state machine
# --------------------------------------------------------------------------------------


class VingtUnMachine(RuleBasedStateMachine):
    game: VingtUn

    @initialize(setup=terms())
    def start(self, setup):
        players, seed, dealer, options = setup
        event(f"until {options.get('until', 'deals')}")
        self.game = new_game("vingt_un", players=players, seed=seed, dealer=dealer, **options)
        self.witness = Witness(self.game)

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data(), moves=st.integers(1, 10))
    def legal_moves(self, data, moves):
        """A few legal actions, the rules checked after each."""
        for _ in range(moves):
            if self.game.is_over:
                break
            action = data.draw(st.sampled_from(self.game.legal_actions()), label="action")
            event(f"{self.game.phase}: {type(action).__name__}")
            self.game.apply(action)
            check_game(self.game, self.witness)
        if self.game.is_over:
            event("a session played to its end")

    @rule()
    def look_again(self):
        """Checking changes nothing (and a session played to its end has a rule to go on with)."""
        before = image(self.game)
        check_game(self.game, self.witness)
        assert image(self.game) == before

    @invariant()
    def rules_hold(self):
        check_game(self.game, self.witness)


VingtUnMachine.TestCase.settings = settings(
    max_examples=120,
    stateful_step_count=30,
    deadline=None,
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestVingtUnProtocol = VingtUnMachine.TestCase


# --------------------------------------------------------------------------------------
# A seeded sweep: deeper games than the state machine reaches
# --------------------------------------------------------------------------------------


def random_terms(rng):
    players = rng.randint(2, 6)
    low = rng.randint(1, 3)
    until = rng.choice(["deals", "deals", "rotations", "freeze_out"])
    options = dict(
        min_stake=low, max_stake=rng.randint(low, low + 3), counters=rng.choice([0, 5, 100]),
        until=until, deals=rng.randint(1, 8), rotations=1,
        deal_passes=rng.choice(["natural", "hands", "hands", "twice", "two_packs"]),
        deal_hands=rng.randint(1, 3), deal_to=rng.choice(["next", "holder"]),
        natural_puts_out=rng.random() < 0.7, natural_privilege=rng.choice([None, "stake", "double"]),
        selling=rng.random() < 0.4, max_price=rng.randint(0, 3),
        pool_contribution=rng.randint(0, 2), pool_overdraw_penalty=rng.randint(0, 2),
        pool_tie_share=rng.choice([0, 2, 3, 4]), pool_to_natural=rng.random() < 0.5,
        max_decisions=rng.choice([0, 0, 0, players + 3, players + 8]),
    )  # fmt: skip
    if until == "rotations" and options["deal_passes"] in ("twice", "two_packs"):
        options["deal_passes"] = "hands"  # keep the sweep's sessions short
    dealer = rng.choice([None, rng.randrange(players)])
    return players, rng.randrange(2**32), dealer, fix_terms(players, options)


def choose(rng, legal):
    """A legal action, dividing whenever it may and keeping the deal mostly."""
    divides = [a for a in legal if isinstance(a, Divide)]
    if divides and rng.random() < 0.8:
        return rng.choice(divides)
    if isinstance(legal[0], KeepDeal) and rng.random() < 0.6:
        return legal[0]
    return rng.choice(legal)


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_sweep(chunk):
    for n in range(25):
        rng = random.Random(f"sweep:{chunk}:{n}")
        players, seed, dealer, options = random_terms(rng)
        game = new_game("vingt_un", players=players, seed=seed, dealer=dealer, **options)
        witness = Witness(game)
        steps = 0
        while not game.is_over and steps < 600:
            steps += 1
            check_game(game, witness if rng.random() < 0.3 else None)
            game.apply(choose(rng, game.legal_actions()))
        check_game(game, witness)
        if game.is_over and options["until"] == "deals":
            assert game.deal_number == options["deals"]


# --------------------------------------------------------------------------------------
# The bound on decisions
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("selling", [False, True])
def test_info_bounds_the_decisions_of_every_deal(selling):
    """``info.max_decisions_per_deal`` is "the most decisions one deal can take" (base.py,
    GameInfo; vingt_un.py: "a sale and its answer, the stakes, the double, ... -- or
    ``max_decisions``"), and ``max_decisions`` is "the bound on decisions in one deal"
    (VingtUnOptions). Counted from one ``DealEnded`` to the next (the sale and its answer
    are decisions of the deal they begin), no deal may take more."""
    for players in (2, 3, 5):
        bound = players + 3
        game = new_game("vingt_un", players=players, seed=players, dealer=0, deals=6, selling=selling,
                        max_decisions=bound)  # fmt: skip
        assert game.info.max_decisions_per_deal <= bound
        counts, n = [], 0
        while not game.is_over:
            legal = game.legal_actions()
            sells = [a for a in legal if isinstance(a, SellDeal)]
            action = sells[0] if sells else (AcceptSale() if AcceptSale() in legal else
                                              Draw() if Draw() in legal else legal[0])  # fmt: skip
            record = game.apply(action)
            n += 1
            if any(type(e) is DealEnded for e in record.entries):
                counts.append(n)
                n = 0
        assert max(counts) <= game.info.max_decisions_per_deal, (players, counts)


# --------------------------------------------------------------------------------------
# The driver's own accessors, the built-in policy, two packs
# --------------------------------------------------------------------------------------


def test_the_driver_s_own_accessors_change_nothing():
    """Beside what every game hands out (tests/conformance.py, check_read_only), the driver's
    own omniscient accessors (the stock, the used cards, the hands, the session, the pack...)
    cannot be set, and changing what they hand out changes nothing of the game."""
    game = new_game("vingt_un", players=3, seed=4, dealer=0)
    for name, value in [("stock", []), ("used", []), ("dealer", 1), ("proper_dealer", 1), ("order", []),
                        ("naturals", [1]), ("hands", []), ("session", None), ("pack", None), ("turn", 0),
                        ("hand_index", 1), ("double", True), ("passes", 9), ("decisions", 0), ("seller", 1),
                        ("buyer", 2), ("price", 3), ("deal_round", 4), ("first_dealer_draw", [])]:  # fmt: skip
        with pytest.raises(AttributeError):
            setattr(game, name, value)
    before = image(game)
    game.stock.clear()
    game.used.append(3)
    game.order.clear()
    game.hands[1].clear()
    game.session.out.add(1)
    game.pack.stock.clear()
    obs = game.observation(1)
    for mutate in (lambda: obs["hands"][1].clear(), lambda: obs["balances"].__setitem__(0, 0),
                   lambda: obs["out"].append(2), lambda: obs["dealer_hands"].clear(),
                   lambda: obs["hands"].clear()):  # fmt: skip
        try:  # a list is a copy, a tuple cannot be changed
            mutate()
        except (AttributeError, TypeError):
            pass
    game.to_dict()["state"]["hands"][1].clear()
    assert image(game) == before
    assert game.legal_actions() and game.observation(1)["hands"][1]


def test_draw_below_answers_every_decision_legally():
    """The built-in policy keeps its own deal, declines a deal offered to it, stakes,
    doubles by its rule and plays its hand, always with a legal action."""
    policy = DrawBelow(16, stake="max", double_on=(12,))
    game = new_game("vingt_un", players=3, seed=2, dealer=0, selling=True, deals=3, max_stake=4)
    assert policy(game.observation(0), game.legal_actions()) == KeepDeal()
    game.apply(SellDeal(1, 2))  # seat 0 offers the deal to seat 1, who plays DrawBelow
    assert policy(game.observation(1), game.legal_actions()) == DeclineSale()
    game.apply(DeclineSale())
    assert policy(game.observation(game.to_act), game.legal_actions()) == Stake(4)
    while not game.is_over:
        seat = game.to_act
        action = policy(game.observation(seat), game.legal_actions())
        assert action in game.legal_actions()
        if isinstance(action, Double):
            assert action.call == (game.observation(seat)["dealer_hands"][0].cards[0] >> 2 == 12)
        game.apply(action)


def test_two_pack_games_show_card_ids_0_to_51_only():
    """Two packs shuffled together (LIMITING THE DEAL): every card in every record, view and
    observation is a public id 0..51 (the two copies of a card share it), so pycards.format
    reads each one; the pack holds each id exactly twice."""
    from collections import Counter

    from pycards.cards import format as card_text

    game = new_game("vingt_un", players=5, seed=11, deals=40, deal_passes="two_packs", selling=True)
    rng = random.Random(11)
    while not game.is_over:
        for seat in range(game.players):
            for views in [*game.observation(seat)["hands"].values(), game.observation(seat)["dealer_hands"]]:
                for view in views:
                    card_text([c for c in view.cards if c is not None])
        game.apply(rng.choice(game.legal_actions()))
    assert Counter(game.info.pack) == Counter(list(range(52)) * 2)
    for seat in (None, *range(game.players)):
        for record in game.events(seat):
            for entry in record.dealt:
                assert entry.card is None or 0 <= entry.card <= 51
    assert all(0 <= d.card <= 51 for record in game.history() for d in record.dealt)
