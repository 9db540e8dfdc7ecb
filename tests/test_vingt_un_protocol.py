"""The driver protocol, version 2 (``pycards.games.base``), checked on random games of Vingt-un.

A Hypothesis state machine plays random legal games over random option
combinations (2-6 players, short sessions, every option and every way a session
ends) and checks at every step: the ledger's total never changes; an action that
is not legal (a wrong value, a wrong field type, not an action at all) raises
``IllegalActionError`` and leaves ``to_dict()`` as it was; ``copy()``,
``copy.copy``, ``copy.deepcopy``, pickle, ``from_dict(json(to_dict()))`` and
``from_dict`` of a document with its history go on exactly like the original; a
second game built with the same seed and fed the same actions stays identical;
``observation(seat)`` hides the other seats' face-down cards, the dealer's cards
before his turn, and the stock; every seat's ``events`` reveal no card it may not
see, and its observation shows no card its events did not reveal; every card on
the table was dealt in some record; the ``DealEnded`` rewards add up to
``payoffs()``; the codec (``legal_mask``, ``action_index``, ``action_from_index``,
``encode``) agrees with ``legal_actions()``; ``to_act`` is ``None`` exactly when
the session is over.

(``simulate`` is tested in tests/test_simulate.py; the shuffles in tests/test_pack.py.)
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from driver_checks import pack_accounting
from pycards.errors import IllegalActionError
from pycards.games import new_game
from pycards.games.base import Action
from pycards.games.engine.events import DealEnded, Dealt, Moved, Reshuffled, Shown
from pycards.games.policies import DrawBelow
from pycards.games.vingt_un import (
    PHASES,
    AcceptSale,
    Content,
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
from pycards.settlement import Payment
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


def every_action(players: int) -> list:
    """All action kinds with whole amounts in and around every legal range, actions whose
    fields hold the wrong types (equal to a legal one), and things that are not actions."""
    amounts = [-1, 0, 1, 2, 3, 4, 6, 7, 11]
    return [
        *(Stake(a) for a in amounts),
        *(Divide(a) for a in amounts),
        Double(True), Double(False), Draw(), Content(), KeepDeal(), AcceptSale(), DeclineSale(),
        *(SellDeal(b, p) for b in range(-1, players + 1) for p in (-1, 0, 1, 3, 4)),
        Stake(1.0), Stake(True), Stake(np.int64(1)), Divide(2.0), Divide(False), Double(1), Double(0),
        SellDeal(1, 0.0), SellDeal(True, 0), "Draw", None, Draw, 3, ("Stake", 1),
    ]  # fmt: skip


def key_or_none(action):
    try:
        return action.key() if isinstance(action, Action) else None
    except IllegalActionError:
        return None


def illegal_now(game: VingtUn, pool: list) -> list:
    keys = {a.key() for a in game.legal_actions()}
    return [a for a in pool if key_or_none(a) not in keys]


def image(game: VingtUn) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def restored(game: VingtUn) -> VingtUn:
    return VingtUn.from_dict(json.loads(json.dumps(game.to_dict())))


def followers_of(game: VingtUn) -> list[tuple[str, VingtUn]]:
    """Every way of copying a game: each must go on exactly like it."""
    found = [
        ("copy()", game.copy()),
        ("copy.copy", copy.copy(game)),
        ("copy.deepcopy", copy.deepcopy(game)),
        ("pickle", pickle.loads(pickle.dumps(game))),
        ("from_dict", restored(game)),
    ]
    if not game._first_record:  # a game restored from a snapshot keeps no earlier actions
        found.append(("history", VingtUn.from_dict(json.loads(json.dumps(game.to_dict(history=True))))))
    return found


# --------------------------------------------------------------------------------------
# What the records say: read as they come, the full ones and each seat's view
# --------------------------------------------------------------------------------------


class Witness:
    """Reads every record once (the full record and every seat's view of it) and keeps,
    for the deal in play and the last one: the cards dealt (``Dealt`` entries to hands)
    and, for each seat, the cards its events revealed to it; and the sum of the
    ``DealEnded`` rewards."""

    def __init__(self, game: VingtUn) -> None:
        self.players = game.players
        self.viewers = [None, *range(game.players)]
        self.read = 0
        self.rewards = [0] * game.players
        self.moving = [0] * game.players  # each seat's net payments in the deal in play
        self.deals = 0
        self.dealt: Counter = Counter()
        self.last_dealt: Counter = Counter()
        self.revealed = {v: set() for v in self.viewers}
        self.last_revealed = {v: set() for v in self.viewers}
        self.actions_in_deal = 0
        self.most_actions = 0
        first = next(game.history())
        assert first.seat is None and first.action is None
        draw = [[d.card for d in first.dealt if d.hand == -1 and d.seat == s] for s in range(game.players)]
        assert draw == game.first_dealer_draw or (not game.first_dealer_draw and not any(draw))
        self.catch_up(game)

    def catch_up(self, game: VingtUn) -> None:
        full = list(game.history())[self.read :]
        views = {v: game.events(v, since=self.read) for v in self.viewers}
        assert game.events(0, since=game.records) == []
        for i, record in enumerate(full):
            self.read_record(record, {v: views[v][i] for v in self.viewers})
        self.read = game.records
        assert all(len(views[v]) == len(full) for v in self.viewers)

    def read_record(self, record, views) -> None:
        if record.action is not None:
            self.actions_in_deal += 1
        for viewer, view in views.items():
            assert view == record.view(viewer)
            assert view.seat == record.seat and view.action == record.action
            assert len(view.entries) == len(record.entries)
        for k, entry in enumerate(record.entries):
            kind = type(entry)
            if kind is Dealt:
                if entry.hand >= 0:
                    self.dealt[entry.card] += 1
                for viewer, view in views.items():
                    seen = view.entries[k]
                    assert type(seen) is Dealt and seen[:2] == entry[:2] and seen.seen_by == entry.seen_by
                    if entry.seen_by is None or viewer in entry.seen_by:
                        assert seen.card == entry.card
                        if entry.hand >= 0:
                            self.revealed[viewer].add(entry.card)
                    else:  # face down to another seat: never in this seat's events
                        assert seen.card is None, (viewer, entry)
            elif kind is Moved:  # a hand's card thrown up, or moved up a place by a divide
                for viewer, view in views.items():
                    seen = view.entries[k]
                    assert seen._replace(card=None) == entry._replace(card=None)
                    visible = entry.seen_by is None or viewer in entry.seen_by
                    assert seen.card == (entry.card if visible else None), (viewer, entry)
            else:
                for view in views.values():
                    assert view.entries[k] == entry
                if kind is Shown:
                    for viewer in self.viewers:
                        self.revealed[viewer].update(entry.cards)
                elif kind is DealEnded:
                    assert entry.deal == self.deals and len(entry.rewards) == self.players
                    assert list(entry.rewards) == self.moving  # the deal's payments, no more
                    self.moving = [0] * self.players
                    self.deals += 1
                    self.rewards = [a + b for a, b in zip(self.rewards, entry.rewards)]
                    self.last_dealt, self.dealt = self.dealt, Counter()
                    self.last_revealed = self.revealed
                    self.revealed = {v: set() for v in self.viewers}
                    self.most_actions = max(self.most_actions, self.actions_in_deal)
                    self.actions_in_deal = 0
                elif kind is Payment:
                    assert entry.amount > 0 and entry.payer != entry.payee
                    for name, sign in ((entry.payer, -1), (entry.payee, 1)):
                        if name != "pool":
                            self.moving[int(name[1:])] += sign * entry.amount
                elif kind is Reshuffled:
                    assert entry.cards >= 1

    def check(self, game: VingtUn) -> None:
        self.catch_up(game)
        over = game.is_over
        # the sum of the deals' rewards is the session's result (once over; before, less
        # what moved in the deal in play)
        payoffs = [game.payoffs()[s] for s in range(game.players)]
        assert [a + b for a, b in zip(self.rewards, self.moving)] == payoffs
        if over:
            assert self.rewards == payoffs and self.moving == [0] * game.players
        assert game.session.deals == self.deals
        # every card on the table (thrown up or not) was dealt in a record of its deal
        table = Counter(c for row in game.hands for hand in row for c in hand.cards)
        assert table == (self.last_dealt if over else self.dealt)
        # an observation shows no card the seat's events did not reveal to it
        revealed = self.last_revealed if over else self.revealed
        for seat in range(game.players):
            obs = game.observation(seat)
            views = [v for row in obs["hands"].values() for v in row] + list(obs["dealer_hands"])
            shown = {c for v in views for c in v.cards if c is not None}
            assert shown <= revealed[seat], (seat, shown - revealed[seat])


# --------------------------------------------------------------------------------------
# What must hold at every step
# --------------------------------------------------------------------------------------


def check_game(game: VingtUn, total: int, witness: Witness | None = None) -> None:
    counters_neither_made_nor_lost(game, total)
    over_exactly_when_nobody_acts(game)
    pack_accounting(game)
    observations_hide_what_they_should(game)
    the_codec_agrees(game)
    if witness is not None:
        witness.check(game)
    if game.is_over:
        the_last_deal_was_shown_as_the_rules_say(game)


def counters_neither_made_nor_lost(game: VingtUn, total: int) -> None:
    assert sum(game.ledger.balances.values()) == total
    assert game.ledger.total == total
    payoffs = game.payoffs()
    assert sorted(payoffs) == list(range(game.players))
    assert sum(payoffs.values()) == -game.ledger.balances.get("pool", 0)
    if not game.options.has_pool:
        assert sum(game.rewards().values()) == 0


def over_exactly_when_nobody_acts(game: VingtUn) -> None:
    assert (game.to_act is None) == game.is_over
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal)  # hashable and distinct
    assert len({a.key() for a in legal}) == len(legal)
    for action in legal:  # values: rebuilt from their dict form, equal with equal hash
        again = VingtUn.action_from_dict(json.loads(json.dumps(action.to_dict())))
        assert again == action and hash(again) == hash(action) and again.key() == action.key()
        assert game.is_legal(action)
    if game.is_over:
        assert legal == [] and game.phase == "over"
        assert game.deal_number == game.session.deals
    else:
        assert legal and 0 <= game.to_act < game.players
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


def the_codec_agrees(game: VingtUn) -> None:
    legal = game.legal_actions()
    mask = game.legal_mask()
    assert mask.dtype == np.bool_ and mask.shape == (game.num_actions,)
    ids = {game.action_index(a) for a in legal}
    assert set(np.flatnonzero(mask).tolist()) == ids and len(ids) == len(legal)
    for action in legal:
        again = game.action_from_index(game.action_index(action))
        assert again == action and again.key() == action.key()
    info = game.info
    assert info.num_actions == game.num_actions
    for seat in range(game.players):
        vector = game.encode(seat)
        assert vector.shape == (info.observation_size,) and vector.dtype == np.float32
        assert vector.tolist() == np.array(reference_encoding(game, seat), dtype=np.float32).tolist()
        vector[:] = -1.0  # the caller's own array: writing it changes no later encoding
        assert game.encode(seat).tolist() == np.array(reference_encoding(game, seat), dtype=np.float32).tolist()


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
        json.dumps(obs, default=list)  # plain data


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
        self.twin = new_game("vingt_un", players=players, seed=seed, dealer=dealer, **options)
        self.total = sum(self.game.ledger.balances.values())
        self.pool = every_action(players)
        self.followers: list[tuple[str, VingtUn]] = []
        self.witness = Witness(self.game)

    # rules ---------------------------------------------------------------------------

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data(), moves=st.integers(1, 10))
    def legal_moves(self, data, moves):
        """A few legal actions, each checked against the twin and the copies."""
        for _ in range(moves):
            if self.game.is_over:
                break
            action = data.draw(st.sampled_from(self.game.legal_actions()), label="action")
            event(f"{self.game.phase}: {type(action).__name__}")
            index = self.game.records
            record = self.game.apply(action)
            assert record.seat is not None and record.action == action
            assert self.game.records == index + 1 and list(self.game.history())[-1] == record
            assert self.twin.apply(action) == record
            assert image(self.twin) == image(self.game)
            for how, follower in self.followers:
                assert follower.apply(action) == record, how
                assert image(follower) == image(self.game), how
                for seat in range(self.game.players):
                    assert follower.events(seat, since=index) == self.game.events(seat, since=index), how
                    assert follower.observation(seat) == self.game.observation(seat), how
                    assert (follower.encode(seat) == self.game.encode(seat)).all(), how
                assert follower.legal_actions() == self.game.legal_actions(), how
            self.check_all()
        if self.game.is_over:
            event("a session played to its end")

    @rule(data=st.data())
    def illegal_move(self, data):
        candidates = illegal_now(self.game, self.pool)
        action = data.draw(st.sampled_from(candidates), label="illegal")
        before, records = image(self.game), self.game.records
        seen = [self.game.observation(seat) for seat in range(self.game.players)]
        assert not self.game.is_legal(action)
        with pytest.raises(IllegalActionError):
            self.game.apply(action)
        assert image(self.game) == before and self.game.records == records
        assert [self.game.observation(seat) for seat in range(self.game.players)] == seen

    @rule()
    def fork(self):
        """Copies taken now must go on exactly like the original (checked at each move)."""
        self.followers = followers_of(self.game)
        for how, follower in self.followers:
            assert type(follower) is VingtUn, how
            assert image(follower) == image(self.game), how
            assert follower.records == self.game.records, how
            for seat in range(self.game.players):
                assert follower.observation(seat) == self.game.observation(seat), how

    # invariants ----------------------------------------------------------------------

    def check_all(self):
        check_game(self.game, self.total, self.witness)

    @invariant()
    def protocol_holds(self):
        check_game(self.game, self.total, self.witness)


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
        twin = new_game("vingt_un", players=players, seed=seed, dealer=dealer, **options)
        total = sum(game.ledger.balances.values())
        pool = every_action(players)
        witness = Witness(game)
        followers: list[tuple[str, VingtUn]] = []
        steps = 0
        while not game.is_over and steps < 600:
            steps += 1
            check_game(game, total, witness if rng.random() < 0.3 else None)
            if rng.random() < 0.05:
                followers = followers_of(game)
            if rng.random() < 0.2:
                bad = rng.choice(illegal_now(game, pool))
                before = image(game)
                with pytest.raises(IllegalActionError):
                    game.apply(bad)
                assert image(game) == before
            action = choose(rng, game.legal_actions())
            record = game.apply(action)
            assert twin.apply(action) == record
            for how, follower in followers:
                assert follower.apply(action) == record, how
            if rng.random() < 0.3 or game.is_over:
                assert image(twin) == image(game)
                for how, follower in followers:
                    assert image(follower) == image(game), how
        check_game(game, total, witness)
        if game.is_over and options["until"] == "deals":
            assert game.deal_number == options["deals"]
        for how, follower in followers_of(game):  # a finished session is a state like another
            assert image(follower) == image(game), how


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
# Whole games: determinism and JSON at every point
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_replaying_the_history_gives_the_same_game(seed):
    """The same seed and the same actions give the same game, whoever replays them: by
    hand from the recorded actions, or ``from_dict`` of a document with its history."""
    options = dict(deals=6, selling=True, pool_contribution=1, pool_to_natural=True)
    game = new_game("vingt_un", players=4, seed=seed, **options)
    policy = DrawBelow(15, stake="max", double_on=(8, 9, 10, 11, 12), divide=True)
    while not game.is_over:
        game.apply(policy(game.observation(game.to_act), game.legal_actions()))
    document = json.loads(json.dumps(game.to_dict(history=True)))
    assert document["history"]["start"] == {"dealer": None, "top": []}
    replay = new_game("vingt_un", players=4, seed=seed, **options)
    for action in document["history"]["actions"]:
        replay.apply(VingtUn.action_from_dict(action))
    assert image(replay) == image(game)
    assert replay.payoffs() == game.payoffs()
    assert list(replay.history()) == list(game.history())
    again = VingtUn.from_dict(document)
    assert image(again) == image(game) and list(again.history()) == list(game.history())
    for seat in range(4):
        assert again.events(seat) == game.events(seat)


def test_a_pickled_game_goes_on_identically():
    """``pickle`` (and so ``copy.deepcopy`` and process pools) goes through ``to_dict``."""
    game = new_game("vingt_un", players=3, seed=11, deals=8)
    policy = DrawBelow(15, divide=True)
    for _ in range(7):
        game.apply(policy(game.observation(game.to_act), game.legal_actions()))
    twin = pickle.loads(pickle.dumps(game))
    deep = copy.deepcopy(game)
    assert type(twin) is VingtUn and image(twin) == image(game) == image(deep)
    assert twin.records == game.records
    while not game.is_over:
        action = policy(game.observation(game.to_act), game.legal_actions())
        record = game.apply(action)
        assert twin.apply(action) == record == deep.apply(action)
    assert image(twin) == image(game) == image(deep)
    assert twin.payoffs() == game.payoffs()


def test_the_state_changes_only_through_apply():
    """What the game hands out (the ledger view, the stock and used cards, observations,
    legal actions, documents) is read-only or a copy; the protocol's properties cannot be
    set."""
    game = new_game("vingt_un", players=3, seed=4, dealer=0)
    for name, value in [("to_act", 2), ("deal_number", 5), ("truncated", True), ("ledger", None),
                        ("stock", []), ("used", []), ("is_over", True), ("info", None),
                        ("records", 0), ("num_actions", 1), ("phase", "over"), ("dealer", 1),
                        ("proper_dealer", 1), ("order", []), ("naturals", [1]), ("hands", []),
                        ("session", None), ("pack", None), ("turn", 0), ("hand_index", 1),
                        ("double", True), ("passes", 9), ("decisions", 0), ("seller", 1), ("buyer", 2),
                        ("price", 3), ("deal_round", 4), ("first_dealer_draw", [])]:  # fmt: skip
        with pytest.raises(AttributeError):
            setattr(game, name, value)
    with pytest.raises(AttributeError):
        game.ledger.pay  # noqa: B018  # a view has no way to pay
    with pytest.raises(AttributeError):
        game.ledger.balances = {}
    before = image(game)
    game.stock.clear()
    game.used.append(3)
    game.order.clear()
    game.hands[1].clear()
    game.session.out.add(1)
    game.pack.stock.clear()
    game.ledger.balances["p0"] = 10**6
    obs = game.observation(1)
    for mutate in (lambda: obs["hands"][1].clear(), lambda: obs["balances"].__setitem__(0, 0),
                   lambda: obs["out"].append(2), lambda: obs["dealer_hands"].clear(),
                   lambda: obs["hands"].clear()):  # fmt: skip
        try:  # a list is a copy, a tuple cannot be changed
            mutate()
        except (AttributeError, TypeError):
            pass
    game.legal_actions().clear()
    game.to_dict()["state"]["hands"][1].clear()
    game.events(1)[0].entries  # noqa: B018
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


THREADS = r"""
import random, sys, threading
from pycards.games import ConcurrentUseError, new_game

sys.setswitchinterval(1e-6)  # switch threads as often as possible
game = new_game("vingt_un", players=6, seed=5, deals=10**6, selling=True, pool_contribution=1)
total = game.ledger.total
outcomes = {"applied": 0, "concurrent": 0, "refused": 0}

def drive(seed):
    rng = random.Random(seed)
    for _ in range(3000):
        try:
            legal = game.legal_actions()
            if legal:
                game.apply(rng.choice(legal))
                outcomes["applied"] += 1
        except ConcurrentUseError:
            outcomes["concurrent"] += 1
        except Exception:  # noqa: BLE001  # another thread moved the game on in between the checks
            outcomes["refused"] += 1

threads = [threading.Thread(target=drive, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
assert game.ledger.total == total, (game.ledger.total, total)
print(outcomes["applied"], outcomes["concurrent"], outcomes["refused"])
"""


def test_one_game_driven_from_several_threads_raises_or_goes_on_but_never_crashes(tmp_path):
    """Misuse (docs/protocol.md, Threads): four threads applying actions to one game at once.
    The interpreter survives, actions are applied, a clash raises (ConcurrentUseError, or
    another error where the calls interleave between the checks), and not one counter is made
    or lost."""
    import os
    import subprocess
    import sys

    import pycards

    package = os.path.dirname(os.path.dirname(os.path.abspath(pycards.__file__)))
    done = subprocess.run([sys.executable, "-c", THREADS], env={**os.environ, "PYTHONPATH": package},
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)  # outside the tree
    assert done.returncode == 0, done.stderr[-3000:]
    applied, concurrent, refused = map(int, done.stdout.split())
    assert applied + concurrent + refused == 4 * 3000  # every attempt applied, or refused by an error
    assert applied >= 100


def test_a_restored_game_streams_events_from_its_snapshot_on():
    """A snapshot keeps no records (docs/protocol.md, State): a game restored from one streams
    each seat its events from the snapshot's record index, by default and when asked for it;
    an index before it is refused, naming it."""
    game = new_game("vingt_un", players=3, seed=2, dealer=0, deals=5)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    restored = pickle.loads(pickle.dumps(game))
    assert restored.records == game.records and restored.events(1) == []
    record = restored.apply(restored.legal_actions()[0])
    assert restored.events(1) == [record.view(1)] == restored.events(1, since=game.records)
    with pytest.raises(IllegalActionError, match="not 0"):
        restored.events(1, since=0)
