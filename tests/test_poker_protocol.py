"""The driver protocol, version 2 (``pycards.games.base``), checked on random sessions of
every poker game on the shared table (``pycards.games.engine.table``).

:data:`POKER_GAMES` names each poker game with a Hypothesis strategy of its terms
(players, seed, first dealer, options). For each one a state machine plays random
legal sessions and checks at every step (tests/poker_checks.py has the checks):

* counters: the ledger's total never changes, no balance is negative, the pool is
  empty once the session is over and the payoffs then add up to zero; the
  ``DealEnded`` rewards in the records add up to ``payoffs()``;
* cards: stock + used + ``cards_on_table()`` is exactly the 52-card pack; the hands
  rebuilt from the records are the game's hands;
* turns: ``to_act`` is ``None`` exactly when the session is over, ``deal_number``
  never goes down, nothing is legal once over;
* illegal actions (wrong values, wrong field types, the wrong phase, lookalike
  classes, non-actions; after the session anything) raise ``IllegalActionError``
  and change nothing; so do bad queries;
* the codec agrees with ``legal_actions()``; ``encode`` is finite float32 of
  ``info.observation_size``;
* copies (``copy()``, ``copy.copy``, ``copy.deepcopy``, pickle, ``from_dict`` of
  the JSON document, with and without history) taken at a random step go on
  exactly like the original; a second game of the same arguments fed the same
  actions stays identical; the snapshot's size does not grow with the session;
* no leaks: no seat's events, observation or encoding shows a card dealt face down
  to another seat unless a ``Shown`` showed it, a spectator sees no face-down card,
  thrown-down hands and discards are never shown.

Plain tests add whole sessions played to their end with the same checks, deals cut
short by ``max_decisions`` at every point, the size of the snapshot over 40 deals,
valid and hostile ``from_dict`` documents, and draw poker's law 33 after law 41.

Adding a game is one entry of :data:`POKER_GAMES`: ``"name": poker_terms(option=strategy, ...)``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from poker_checks import (
    Witness,
    bad_actions,
    check_game,
    check_hostile,
    check_queries_refused,
    check_refused,
    check_same,
    followers_of,
    hostile_documents,
    image,
    numbers_blanked,
)
from pycards.errors import StateError
from pycards.games import game_class, new_game
from pycards.games.base import Action, Game
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.events import DealEnded
from pycards.games.engine.table import Discard

# --------------------------------------------------------------------------------------
# The games and their terms
# --------------------------------------------------------------------------------------

Terms = tuple[int, int, Any, dict[str, Any]]
"""(players, seed, dealer, options): the arguments of ``new_game`` but the name."""


def poker_terms(players: tuple[int, int] = (2, 8), fix: Callable[[int, dict], dict] | None = None,
                stacks: bool = True, **extra: st.SearchStrategy) -> st.SearchStrategy[Terms]:  # fmt: skip
    """Terms of a poker game: the options every poker game shares (those of
    ``PokerOptions``), each game's own ``extra`` options (name=strategy), and ``fix`` to make
    the drawn options agree where a game needs it.

    Players in ``players`` (the most more often: law 41 comes often then); ante and limit
    with 2 * ante <= limit; counters small (2..30: all-ins, side pots, busting and
    freeze-outs) or large; 1..4 deals, 1..2 rotations or a freeze-out (then small counters,
    so it ends); no bound on decisions or a small one; every profile; the first dealer
    fixed or chosen by the first knave; seeds of either sign up to 256 bits. Some options
    are left out, to play on the defaults. With ``stacks`` (the table's set-up argument
    ``stacks=``), now and then unequal starting counters."""

    @st.composite
    def terms(draw: Any) -> Terms:
        n = draw(st.sampled_from([*range(players[0], players[1] + 1), players[1], players[1]]))
        seed = draw(st.integers(0, 2**32) | st.integers(-(2**256) + 1, 2**256 - 1))
        dealer = draw(st.none() | st.integers(0, n - 1))
        limit = draw(st.integers(2, 12) | st.sampled_from([20, 100, 1000]))
        until = draw(st.sampled_from(["deals", "deals", "rotations", "freeze_out"]))
        counters = draw(st.integers(2, 30) | st.sampled_from([100, 10**4, 10**9]))
        if until == "freeze_out":
            counters = min(counters, 30)
        options: dict[str, Any] = {
            "limit": limit,
            "ante": draw(st.integers(1, min(limit // 2, 3)) | st.just(limit // 2)),
            "counters": counters,
            "profile": draw(st.sampled_from(["english", "american", "no_straight_flush"])),
            "until": until,
            "deals": draw(st.integers(1, 4)),
            "rotations": draw(st.integers(1, 2)),
            "max_decisions": draw(st.sampled_from([0, 0, 0, 1, 2, 3, 5, 8, 20])),
        }
        for name, strategy in extra.items():
            options[name] = draw(strategy)
        left_out = draw(st.sets(st.sampled_from(sorted(set(options) - {"limit", "ante", "until"}))))
        if draw(st.booleans()):
            options = {k: v for k, v in options.items() if k not in left_out}
        if stacks and draw(st.integers(0, 4)) == 0:
            options["stacks"] = draw(st.lists(st.integers(1, 30), min_size=n, max_size=n))
        return n, seed, dealer, fix(n, options) if fix else options

    return terms()


POKER_GAMES: dict[str, st.SearchStrategy[Terms]] = {
    "draw_poker": poker_terms(straddles=st.booleans()),
}
"""Every poker game on the shared table, with a strategy of its terms."""


def start(name: str, terms: Terms) -> Game:
    players, seed, dealer, options = terms
    return new_game(name, players=players, seed=seed, dealer=dealer, **options)


def starting_balances(game: Game, terms: Terms) -> dict[str, int]:
    """The ledger as the session began, before the first ante: each seat's ``stacks`` or
    ``counters``, the pool empty."""
    stacks = terms[3].get("stacks") or [game.options.counters] * game.players
    return {**{f"p{s}": n for s, n in enumerate(stacks)}, "pool": 0}


# --------------------------------------------------------------------------------------
# Choosing actions: every kind of action about as often, whatever its number of values
# --------------------------------------------------------------------------------------

WEIGHTS = {"Call": 6, "Check": 4, "Discard": 6, "Raise": 4, "Fold": 1, "Demand": 1}
"""How often each kind of action is chosen (a game's own kinds: 2); the passive ones
first, so that Hypothesis shrinks towards them."""


def _kinds(legal: list[Action]) -> tuple[list[str], dict[str, list[Action]]]:
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(type(action).__name__, []).append(action)
    order = sorted(by_kind, key=lambda k: (-WEIGHTS.get(k, 2), k))
    return order, by_kind


def choose(data: Any, legal: list[Action]) -> Action:
    """A legal action drawn by Hypothesis: a kind of action, then one of that kind."""
    order, by_kind = _kinds(legal)
    weighted = [k for k in order for _ in range(WEIGHTS.get(k, 2))]
    kind = data.draw(st.sampled_from(weighted), label="kind")
    return data.draw(st.sampled_from(by_kind[kind]), label="action")


def choose_randomly(rng: random.Random, legal: list[Action]) -> Action:
    """The same choice as :func:`choose`, from a ``random.Random``."""
    order, by_kind = _kinds(legal)
    kind = rng.choices(order, [WEIGHTS.get(k, 2) for k in order])[0]
    return rng.choice(by_kind[kind])


# --------------------------------------------------------------------------------------
# The state machines
# --------------------------------------------------------------------------------------

QUICK = (Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink)
"""Every phase but the explain phase (slow on long sessions: it replays each step)."""


def protocol_machine(name: str, terms: st.SearchStrategy[Terms]) -> type[RuleBasedStateMachine]:
    """The state machine of game ``name`` (see the module docstring)."""

    class PokerProtocol(RuleBasedStateMachine):
        game: Game

        @initialize(setup=terms)
        def begin(self, setup: Terms) -> None:
            players, _, dealer, options = setup
            event(f"{players} players, until {options.get('until', 'deals')}, "
                  f"max_decisions {options.get('max_decisions', 0)}")  # fmt: skip
            self.game = start(name, setup)
            self.twin = start(name, setup)  # the same arguments: the same session
            self.balances = starting_balances(self.game, setup)
            self.witness = Witness(self.game)
            self.followers: list[tuple[str, Game]] = []
            self.frozen: tuple[Game, str] | None = None
            self.shape = len(numbers_blanked(image(self.game)))
            check_same(self.game, self.twin, "a second game of the same arguments", since=0)

        # -- moves -------------------------------------------------------------------

        def move(self, action: Action, full: bool = True) -> None:
            """Apply ``action`` to the game, its twin and every follower; compare them."""
            game = self.game
            seat, index = game.to_act, game.records
            record = game.apply(action)
            assert record.seat == seat and record.action == action and game.records == index + 1
            assert game.events(None, since=index) == [record.view(None)]
            mine = record.to_dict()
            json.dumps(mine)
            assert self.twin.apply(action).to_dict() == mine, "the twin"
            for how, follower in self.followers:
                assert follower.apply(action).to_dict() == mine, how
            if full:
                check_same(game, self.twin, "the twin", since=index)
                for how, follower in self.followers:
                    check_same(game, follower, how, since=index)
            if self.frozen is not None:
                assert image(self.frozen[0]) == self.frozen[1], "a copy changed with the original"
            if any(type(e) is DealEnded for e in record.entries) and not game.is_over:
                shape = len(numbers_blanked(image(game)))  # a deal's start: about the first's size
                assert shape <= self.shape + 30 * game.players + 40, (shape, self.shape)

        @precondition(lambda self: not self.game.is_over)
        @rule(data=st.data(), moves=st.integers(1, 12))
        def legal_moves(self, data: Any, moves: int) -> None:
            """A few legal actions, every check after each."""
            for _ in range(moves):
                if self.game.is_over:
                    break
                action = choose(data, self.game.legal_actions())
                event(f"{self.game.phase}: {type(action).__name__}")
                self.move(action)
                check_game(self.game, self.balances, self.witness)

        @precondition(lambda self: not self.game.is_over)
        @rule(seed=st.integers(0, 2**16), moves=st.integers(20, 250))
        def play_on(self, seed: int, moves: int) -> None:
            """Many legal actions (deeper into the session), the cheaper checks after each."""
            rng = random.Random(seed)
            for _ in range(moves):
                if self.game.is_over:
                    break
                self.move(choose_randomly(rng, self.game.legal_actions()), full=False)
                check_game(self.game, self.balances, self.witness, codec=False)
            check_same(self.game, self.twin, "the twin")
            for how, follower in self.followers:
                check_same(self.game, follower, how)
            if self.game.is_over:
                event("played on to the end of the session")

        @rule(data=st.data())
        def illegal_move(self, data: Any) -> None:
            """Something not legal now: refused, and nothing changes."""
            action = data.draw(st.sampled_from(bad_actions(self.game)), label="illegal")
            check_refused(self.game, action)

        @rule()
        def bad_queries(self) -> None:
            check_queries_refused(self.game)

        @rule()
        def fork(self) -> None:
            """Copies taken now must go on exactly like the original (checked at each move)."""
            self.followers = followers_of(self.game)
            for how, follower in self.followers:
                check_same(self.game, follower, how)
            self.frozen = (self.game.copy(), image(self.game))

        # -- at every step -----------------------------------------------------------

        @invariant()
        def protocol_holds(self) -> None:
            check_game(self.game, self.balances, self.witness)
            for what in self.witness.events:  # for --hypothesis-show-statistics
                event(what)

    PokerProtocol.__name__ = PokerProtocol.__qualname__ = f"PokerProtocol_{name}"
    PokerProtocol.TestCase.settings = settings(
        max_examples=100,
        stateful_step_count=18,
        deadline=None,
        report_multiple_bugs=True,
        phases=QUICK,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    )
    return PokerProtocol


for _name, _terms in POKER_GAMES.items():
    globals()[f"TestPokerProtocol_{_name}"] = protocol_machine(_name, _terms).TestCase


# --------------------------------------------------------------------------------------
# Whole sessions: longer than the machines reach, every check
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(POKER_GAMES))
@settings(max_examples=40, deadline=None, phases=QUICK, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_whole_sessions(name: str, data: Any, seed: int) -> None:
    """Random sessions played to their end (or 600 actions), every check on the way,
    copies taken at random steps compared at each action, illegal actions tried."""
    terms = data.draw(POKER_GAMES[name], label="terms")
    rng = random.Random(seed)
    game, twin = start(name, terms), start(name, terms)
    balances = starting_balances(game, terms)
    witness = Witness(game)
    followers: list[tuple[str, Game]] = []
    for _ in range(600):
        if game.is_over:
            break
        check_game(game, balances, witness, codec=rng.random() < 0.2)
        if rng.random() < 0.04:
            followers = followers_of(game)
        if rng.random() < 0.1:
            check_refused(game, rng.choice(bad_actions(game)))
        action = choose_randomly(rng, game.legal_actions())
        index = game.records
        mine = game.apply(action).to_dict()
        assert twin.apply(action).to_dict() == mine, terms
        for how, follower in followers:
            assert follower.apply(action).to_dict() == mine, (how, terms)
            if rng.random() < 0.2:
                check_same(game, follower, how, since=index)
    check_game(game, balances, witness)
    check_same(game, twin, "the twin")
    for how, follower in followers_of(game):  # an ended session is a state like any other
        check_same(game, follower, f"{how} of {terms}")


@pytest.mark.parametrize("name", sorted(POKER_GAMES))
@pytest.mark.parametrize("bound", [1, 2, 3])
def test_a_deal_cut_short_goes_to_a_show_of_whole_hands(name: str, bound: int) -> None:
    """``max_decisions``: "when a deal has taken that many decisions, every seat still in is
    held to make good and stand pat, and the deal goes to the show" (PokerOptions), "the
    cards still to come are dealt" (PokerTable._truncate): whatever the decision the bound
    falls on, every hand shown holds five cards (the Witness checks each ``Shown``) and
    the deal is ``truncated`` after exactly ``max_decisions`` decisions."""
    for seed in range(12):
        terms: Terms = (3 + seed % 4, seed, seed % 3, {"max_decisions": bound, "deals": 3, "limit": 6})
        game = start(name, terms)
        balances, witness = starting_balances(game, terms), Witness(game)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(choose_randomly(rng, game.legal_actions()))
            check_game(game, balances, witness, codec=False)
        assert witness.events["a truncated deal"] >= 1


# --------------------------------------------------------------------------------------
# The snapshot's size
# --------------------------------------------------------------------------------------


def steady(game: Game) -> Action:
    """Make good, or open/bet the least, or stand pat, or decline: a session that goes on."""
    legal = game.legal_actions()
    for wanted in (Call(), Check()):
        if wanted in legal:
            return wanted
    raises = [a for a in legal if type(a) is Raise]
    if raises:
        return raises[0]
    if Discard(0) in legal:
        return Discard(0)
    others = [a for a in legal if type(a) is not Fold]
    return (others or legal)[-1]


@pytest.mark.parametrize("name", sorted(POKER_GAMES))
def test_the_snapshot_does_not_grow_with_the_session(name: str) -> None:
    """``to_dict()`` is "a snapshot whose size does not grow with the session" (base.py): at
    the start of each of 40 deals it has the shape (its text with every number written 0)
    of the snapshot at the start of the first, and about its length; a session of one deal
    at its start has the same shape too."""
    long = new_game(name, players=6, seed=9, dealer=2, deals=40, counters=10**6)
    short = new_game(name, players=6, seed=9, dealer=2, deals=1, counters=10**6)
    first = image(long)
    assert len(numbers_blanked(image(short))) == len(numbers_blanked(first))
    sizes = []
    while not long.is_over:
        record = long.apply(steady(long))
        if any(type(e) is DealEnded for e in record.entries) and not long.is_over:
            sizes.append(len(image(long)))
            assert len(numbers_blanked(image(long))) == len(numbers_blanked(first)), long.deal_number
    assert len(sizes) == 39
    assert max(sizes) <= len(first) + 120, (len(first), sizes)
    assert len(image(long)) <= len(first) + 120


# --------------------------------------------------------------------------------------
# Hostile documents
# --------------------------------------------------------------------------------------


def documents(name: str) -> list[tuple[str, dict]]:
    """Valid documents of game ``name`` at many points of a few sessions (with and without
    history): the start, within a deal's rounds, a draw, a later deal, the session over."""
    found = []
    for seed, moves, options in ((1, 0, {}), (2, 3, {"straddles": False}), (3, 9, {}), (4, 14, {}),
                                 (6, 40, {"max_decisions": 6}), (5, 400, {})):  # fmt: skip
        options = {k: v for k, v in options.items() if k in {f.name for f in game_class(name).Options.describe()}}
        game = new_game(name, players=4, seed=seed, dealer=None if seed % 2 else 1, deals=3, counters=20, limit=6,
                        **options)  # fmt: skip
        rng = random.Random(seed)
        for _ in range(moves):
            if game.is_over:
                break
            game.apply(choose_randomly(rng, game.legal_actions()))
        where = f"seed {seed} after {moves} moves, {game.phase} phase of deal {game.deal_number}"
        found.append((where, json.loads(json.dumps(game.to_dict()))))
        found.append((f"{where}, with history", json.loads(json.dumps(game.to_dict(history=True)))))
    return found


def may_pass(name: str, doc: dict) -> bool:
    """The tamperings that leave a true state of some session: ``first_record`` (the count
    of records before the snapshot, which it does not keep) changed within its range; the
    seed changed while no card of the deal in play is dealt (it decides only cards to come)."""
    if name.startswith("first_record = ") and "history" not in doc:
        return type(doc["first_record"]) is int and 0 <= doc["first_record"] <= 2**62
    if name.startswith("seed = "):
        return not any(doc["state"]["hands"])
    return False


@pytest.mark.parametrize("name", sorted(POKER_GAMES))
def test_valid_documents_restore(name: str) -> None:
    """Every document of :func:`documents` gives back the game it was made from."""
    cls = game_class(name)
    for where, doc in documents(name):
        game = cls.from_dict(doc)
        assert json.loads(json.dumps(game.to_dict(history="history" in doc))) == doc, where


@pytest.mark.parametrize("name", sorted(POKER_GAMES))
def test_hostile_documents_raise_state_error(name: str) -> None:
    """Truncated, tampered (balances, an action, the seed with the same state), wrongly
    typed, with unknown fields or huge numbers: ``from_dict`` raises ``StateError`` (a
    ValueError) naming the field (its message begins "document"), never another exception,
    and never takes the document."""
    cls = game_class(name)
    failures: list[str] = []
    for where, doc in documents(name):
        for what, bad in hostile_documents(doc):
            failures += [f"{where}: {f}" for f in check_hostile(cls, what, bad, may_pass)]
    assert not failures, f"{len(failures)} documents not refused:\n" + "\n".join(failures[:30])


@pytest.mark.parametrize("name", sorted(POKER_GAMES))
def test_documents_of_values_of_another_type_raise_state_error(name: str) -> None:
    """A field holding a value of another type that ``==`` its own (``1.0`` or ``true`` for
    ``1``, ``1`` for ``true``: JSON tells them apart) is a wrong type too: StateError."""
    cls = game_class(name)
    failures: list[str] = []
    for where, doc in documents(name):
        for what, bad in hostile_documents(doc, equal_values=True):
            failures += [f"{where}: {f}" for f in check_hostile(cls, what, bad, lambda n, d: False)]
    assert not failures, f"{len(failures)} documents not refused:\n" + "\n".join(failures[:30])


@pytest.mark.parametrize("name", sorted(POKER_GAMES))
def test_documents_of_something_else_raise_state_error(name: str) -> None:
    """Not a mapping, empty, another game's document, another version: StateError."""
    cls = game_class(name)
    doc = new_game(name, players=3, seed=1).to_dict()
    others = [None, [], "{}", 3, {}, {"game": name}, {**doc, "version": 1}, {**doc, "version": "2"},
              {**doc, "version": True}, {**doc, "game": "vingt_un"}, {**doc, "game": None},
              new_game("vingt_un", players=3, seed=1).to_dict()]  # fmt: skip
    others += [new_game(other, players=3, seed=1).to_dict() for other in POKER_GAMES if other != name]
    for bad in others:
        with pytest.raises(StateError, match="^document"):
            cls.from_dict(bad)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------
# Draw poker: a jack-pot opener's hand shown after law 41
# --------------------------------------------------------------------------------------


def test_a_jack_pot_opener_never_shows_cards_thrown_down_by_another() -> None:
    """Law 33: the opener of a jack-pot who wins shows his hand; law 28: a hand thrown down
    is seen by nobody. Eight players, a jack-pot, everyone makes good the opening and
    throws five, so the pack runs short (law 41) and the discards, the opener's among
    them, are shuffled and dealt again; all but the opener then pass. What he shows must
    not be cards now lying in the others' thrown-down hands (the Witness checks it)."""
    game = new_game("draw_poker", players=8, seed=0, dealer=0, deals=3, straddles=False)
    balances = starting_balances(game, (8, 0, 0, {}))
    witness = Witness(game)

    def passive() -> Action:
        legal = game.legal_actions()
        return Call() if Call() in legal else Check() if Check() in legal else Fold()

    while game.deal_number == 1:  # nobody opens: the next deal is a jack-pot
        game.apply(passive())
        check_game(game, balances, witness)
    assert game.observation(0)["jackpot"] == 1
    opener = None
    while game.phase == "bet":  # the first who may opens, every other makes good
        if opener is None and Raise(2) in game.legal_actions():
            opener = game.to_act
            game.apply(Raise(2))
        else:
            game.apply(passive())
        check_game(game, balances, witness)
    while game.phase == "draw":
        game.apply(Discard(31))
        check_game(game, balances, witness)
    assert witness.events["law 41: the discards shuffled"] == 1
    while game.deal_number == 2:
        game.apply(Fold() if game.to_act != opener else Raise(1))
        check_game(game, balances, witness)
