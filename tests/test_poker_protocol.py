"""The driver protocol, version 2 (``pycards.games.base``), checked on random sessions of
every poker game on the shared table (``pycards.games.poker.table``): ``draw_poker``,
``jack_pots``, ``straight_poker``, ``stud_poker`` and ``progressive_poker``.

:data:`POKER_GAMES` names each poker game with a Hypothesis strategy of its terms
(players, seed, first dealer, options), :data:`EFFORT` how hard it is tried. For each one
a state machine plays random legal sessions and checks at every step (tests/poker_checks.py
has the checks of the rules, tests/conformance.py those every game owes the protocol, which
tests/test_conformance.py also runs on random terms of every game):

* counters: the ledger's total never changes, no balance is negative (but Progressive
  Poker's banker, who gives fresh stakes on credit, and is owed exactly those), the pool
  is empty once the session is over and the payoffs (less the fresh stakes) then add up
  to zero; the ``DealEnded`` rewards in the records add up to ``payoffs()``; the ledger
  rebuilt from the records' payments is the game's;
* cards: stock + used + ``cards_on_table()`` is exactly the 52-card pack, and the cards on
  the table are the hands, the thrown-down hands and the jack-pot opener's discard under
  the chips; the hands rebuilt from the records are the game's hands;
* each game's rules as the records tell them (the Witness): who antes and what (the buck
  holder for all; every player, or ``fatten``, but those whose ante was paid "for
  another jack"), who deals next, who says first, when a seat may pass and keep his
  hand, what the jack-pot opener shows and when, the penalties paid for the next deal,
  which hands may win; Stud's cards face up; Progressive Poker's tables, bells,
  re-stakes, moves, exchanges and yellow chips;
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
* views: no seat's events show a card outside the audience of its entry (a spectator's
  none face down); each seat's observation and encoding show its hand, the cards face up
  and the hands shown as the records say, never the jack-pot opener's discard under the
  chips. (That no view shows a card its seat was not shown, every unseen card dealt again
  by ``resample``: tests/test_conformance.py.)

Plain tests add whole sessions played to their end with the same checks, deals cut
short by ``max_decisions`` at every point, the size of the snapshot over 40 deals,
valid and hostile ``from_dict`` documents, and draw poker's law 33 after law 41.

Adding a game is one entry of :data:`POKER_GAMES`: ``"name": poker_terms(option=strategy, ...)``,
and one of :data:`EFFORT`. The last section holds what these checks found in the drivers,
each on its own.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from conformance import (
    bad_actions,
    check_hostile,
    check_queries_refused,
    check_refused,
    followers_of,
    hostile_documents,
    image,
    numbers_blanked,
)
from poker_checks import ACTION_DOCUMENTS, Witness, check_game, check_same_table, semantic, signed
from pycards.errors import StateError
from pycards.games import game_class, new_game
from pycards.games.base import Action, Game
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.events import DealEnded
from pycards.settlement import Payment
from pycards.games.poker.table import Discard
from pycards.games.poker.jack_pots import Show

# --------------------------------------------------------------------------------------
# The games and their terms
# --------------------------------------------------------------------------------------

Terms = tuple[int, int, Any, dict[str, Any]]
"""(players, seed, dealer, options): the arguments of ``new_game`` but the name."""


def poker_terms(players: tuple[int, int] | list[int] = (2, 8), fix: Callable[[int, dict], dict] | None = None,
                stacks: bool = True, **extra: st.SearchStrategy) -> st.SearchStrategy[Terms]:  # fmt: skip
    """Terms of a poker game: the options every poker game shares (those of
    ``PokerOptions``), each game's own ``extra`` options (name=strategy), and ``fix`` to make
    the drawn options agree where a game needs it.

    Players in the range ``players`` (the most more often: law 41 comes often then), or one
    of the list ``players`` (the numbers a game takes, repeated to weigh them); ante and limit
    with 2 * ante <= limit; counters small (2..30: all-ins, side pots, busting and
    freeze-outs) or large; 1..4 deals, 1..2 rotations or a freeze-out (then small counters,
    so it ends); no bound on decisions or a small one; every profile; the first dealer
    fixed or chosen by the first knave; seeds of either sign up to 256 bits. Some options
    are left out, to play on the defaults. With ``stacks`` (the table's set-up argument
    ``stacks=``), now and then unequal starting counters."""

    if isinstance(players, list):  # the numbers a game takes
        counts = list(players)
    else:  # the most more often
        counts = [*range(players[0], players[1] + 1), players[1], players[1]]

    @st.composite
    def terms(draw: Any) -> Terms:
        n = draw(st.sampled_from(counts))
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


def _progressive(players: int, options: dict) -> dict:
    """Progressive Poker counts bells (``until`` must be "deals"); at most ``players`` ladies."""
    options = {**options, "until": "deals"}
    if options.get("ladies") is not None:
        options["ladies"] = min(options["ladies"], players)
    return options


POKER_GAMES: dict[str, st.SearchStrategy[Terms]] = {
    "draw_poker": poker_terms(straddles=st.booleans()),
    "jack_pots": poker_terms(fatten=st.integers(1, 3) | st.integers(1, 500)),
    "straight_poker": poker_terms(),
    "stud_poker": poker_terms(form=st.sampled_from(["by_card", "one_round"])),
    "progressive_poker": poker_terms(
        players=[8, 8, 8, 12, 13, 14], fix=_progressive, straddles=st.booleans(),
        restake=st.integers(1, 30) | st.just(10**6), middle=st.integers(4, 7),
        ladies=st.none() | st.integers(0, 14),
    ),
}
"""Every poker game on the shared table, with a strategy of its terms."""


class Effort(NamedTuple):
    """How hard each game is tried (the whole file stays within about 90 s on 2 cores):
    the state machine's examples and steps, the whole sessions played, and whether the
    hostile documents are made at every point of :func:`documents` or at a few."""

    examples: int
    steps: int
    sessions: int
    every_document: bool


EFFORT: dict[str, Effort] = {
    "draw_poker": Effort(100, 18, 40, True),
    "jack_pots": Effort(40, 14, 14, False),
    "straight_poker": Effort(25, 12, 12, False),
    "stud_poker": Effort(20, 12, 10, False),
    "progressive_poker": Effort(20, 12, 8, False),
}


SEATS: dict[str, tuple[int, ...]] = {"progressive_poker": (8, 12, 13, 14)}
"""The numbers of players the plain tests use for a game (others: 2 to 8)."""


def seats(name: str, k: int) -> int:
    """A number of players for game ``name``: ``k`` if the game takes it, else one it takes."""
    allowed = SEATS.get(name)
    return k if allowed is None else allowed[k % len(allowed)]


def start(name: str, terms: Terms) -> Game:
    players, seed, dealer, options = terms
    return new_game(name, players=players, seed=seed, dealer=dealer, **options)


def starting_balances(game: Game, terms: Terms) -> dict[str, int]:
    """The ledger as the session began, before the first ante: each seat's ``stacks`` or
    ``counters``, the pool empty (and in Progressive Poker the banker, who has given
    nothing yet, and each table's waiting pool, empty)."""
    stacks = terms[3].get("stacks") or [game.options.counters] * game.players
    banker = {"banker": 0} if game.name == "progressive_poker" else {}
    tables = {f"table {t}": 0 for t in range(len(game.observation(0)["seating"]))} if banker else {}
    return {**{f"p{s}": n for s, n in enumerate(stacks)}, "pool": 0, **banker, **tables}


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
            check_same_table(self.game, self.twin, "a second game of the same arguments", since=0)

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
                check_same_table(game, self.twin, "the twin", since=index)
                for how, follower in self.followers:
                    check_same_table(game, follower, how, since=index)
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
            check_same_table(self.game, self.twin, "the twin")
            for how, follower in self.followers:
                check_same_table(self.game, follower, how)
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
                check_same_table(self.game, follower, how)
            self.frozen = (self.game.copy(), image(self.game))

        # -- at every step -----------------------------------------------------------

        @invariant()
        def protocol_holds(self) -> None:
            check_game(self.game, self.balances, self.witness)
            for what in self.witness.events:  # for --hypothesis-show-statistics
                event(what)

    PokerProtocol.__name__ = PokerProtocol.__qualname__ = f"PokerProtocol_{name}"
    PokerProtocol.TestCase.settings = settings(
        max_examples=EFFORT[name].examples,
        stateful_step_count=EFFORT[name].steps,
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
def test_whole_sessions(name: str) -> None:
    """Random sessions played to their end (or 600 actions), every check on the way,
    copies taken at random steps compared at each action, illegal actions tried
    (``EFFORT[name].sessions`` of them)."""

    @settings(max_examples=EFFORT[name].sessions, deadline=None, phases=QUICK,
              suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
    @given(data=st.data(), seed=st.integers(0, 2**32))
    def play(data: Any, seed: int) -> None:
        play_whole_session(name, data, seed)

    play()


def play_whole_session(name: str, data: Any, seed: int) -> None:
    """One session of :func:`test_whole_sessions`: its terms drawn from ``data``, its
    actions chosen by a ``random.Random(seed)``."""
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
                check_same_table(game, follower, how, since=index)
    check_game(game, balances, witness)
    check_same_table(game, twin, "the twin")
    for how, follower in followers_of(game):  # an ended session is a state like any other
        check_same_table(game, follower, f"{how} of {terms}")


@pytest.mark.parametrize("name", sorted(POKER_GAMES))
@pytest.mark.parametrize("bound", [1, 2, 3])
def test_a_deal_cut_short_goes_to_a_show_of_whole_hands(name: str, bound: int) -> None:
    """``max_decisions``: "when a deal has taken that many decisions, every seat still in is
    held to make good and stand pat, and the deal goes to the show" (PokerOptions), "the
    cards still to come are dealt" (PokerTable._truncate): whatever the decision the bound
    falls on, every hand shown holds five cards (the Witness checks each ``Shown``) and
    the deal is ``truncated`` after exactly ``max_decisions`` decisions. Every session of draw
    poker meets the bound (its straddles and draw take decisions); of the others, which may
    end a deal in fewer (all pass), most."""
    cut_short = 0
    for seed in range(12):
        players = seats(name, 3 + seed % 4)
        terms: Terms = (players, seed, seed % 3, {"max_decisions": bound, "deals": 3, "limit": 6})
        game = start(name, terms)
        balances, witness = starting_balances(game, terms), Witness(game)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(choose_randomly(rng, game.legal_actions()))
            check_game(game, balances, witness, codec=False)
        if name == "draw_poker":
            assert witness.events["a truncated deal"] >= 1, seed
        cut_short += witness.events["a deal cut short"] >= 1
    assert cut_short >= 8, cut_short


# --------------------------------------------------------------------------------------
# The snapshot's size
# --------------------------------------------------------------------------------------


def steady(game: Game) -> Action:
    """Make good, or open/bet the least, or pass, or stand pat, or show, or decline: a
    session that goes on, and whose pools are won (a pass first would leave every pool of
    Straight Poker or jack pots unopened, carried on for ever)."""
    legal = game.legal_actions()
    if Call() in legal:
        return Call()
    raises = [a for a in legal if type(a) is Raise]
    if raises:
        return raises[0]
    for wanted in (Check(), Discard(0), Show()):
        if wanted in legal:
            return wanted
    others = [a for a in legal if type(a) is not Fold]
    return (others or legal)[-1]


@pytest.mark.parametrize("name", sorted(POKER_GAMES))
def test_the_snapshot_does_not_grow_with_the_session(name: str) -> None:
    """``to_dict()`` is "a snapshot whose size does not grow with the session" (base.py): at
    the start of each of 40 deals it has the shape (its text with every number written 0)
    of the snapshot at the start of the first, and about its length; a session of one deal
    at its start has the same shape too."""
    long = new_game(name, players=seats(name, 6), seed=9, dealer=2, deals=40, counters=10**6)
    short = new_game(name, players=seats(name, 6), seed=9, dealer=2, deals=1, counters=10**6)
    first = image(long)
    assert len(numbers_blanked(image(short))) == len(numbers_blanked(first))
    sizes = []
    while not long.is_over:
        record = long.apply(steady(long))
        if any(type(e) is DealEnded for e in record.entries) and not long.is_over:
            sizes.append(len(image(long)))
            assert len(numbers_blanked(image(long))) == len(numbers_blanked(first)), long.deal_number
    if name == "draw_poker":
        assert len(sizes) == 39
    else:  # penalties paid for the next deal, or a pool nobody opened, make more deals
        assert len(sizes) == long.deal_number - 1 >= 39, (len(sizes), long.deal_number)
    assert max(sizes) <= len(first) + 120, (len(first), sizes)
    # once over, the snapshot is the last deal's: its start, of the same shape, and its actions
    final = json.loads(image(long))
    assert len(final["actions"]) <= long.max_decisions_per_deal()
    assert len(json.dumps(final["deal"])) <= 2 * len(json.dumps(json.loads(first)["deal"]))


# --------------------------------------------------------------------------------------
# Hostile documents
# --------------------------------------------------------------------------------------


def documents(name: str, every: bool = True) -> list[tuple[str, dict]]:
    """Valid documents of game ``name`` at many points of a few sessions (with and without
    history): the start, within a deal's rounds, a draw, a later deal, the session over
    (not ``every``: the start, within the first deal, the session over, and the first
    deal with history)."""
    found = []
    for seed, moves, options in ((1, 0, {}), (2, 3, {"straddles": False}), (3, 9, {}), (4, 14, {}),
                                 (6, 40, {"max_decisions": 6}), (5, 400, {})):  # fmt: skip
        if not every and seed not in (1, 3, 6):
            continue
        options = {k: v for k, v in options.items() if k in {f.name for f in game_class(name).Options.describe()}}
        game = new_game(name, players=seats(name, 4), seed=seed, dealer=None if seed % 2 else 1, deals=3, counters=20,
                        limit=6, **options)  # fmt: skip
        rng = random.Random(seed)
        for _ in range(moves):
            if game.is_over:
                break
            game.apply(choose_randomly(rng, game.legal_actions()))
        where = f"seed {seed} after {moves} moves, {game.phase} phase of deal {game.deal_number}"
        found.append((where, json.loads(json.dumps(game.to_dict()))))
        if every or seed == 3:
            found.append((f"{where}, with history", json.loads(json.dumps(game.to_dict(history=True)))))
    return found


def may_pass(name: str, doc: dict) -> bool:
    """The tamperings that leave a true state of some session: ``first_record`` (the count
    of records before the snapshot, which it does not keep) changed within its range; the
    seed changed while no card of the deal in play is dealt (it decides only cards to come);
    the deal's actions changed or one left out, when they still replay (each legal) to the
    state the document states (another session's actions to the same state: Stud Poker's
    raises can; draw poker's documents are still held to refuse them all); an action of the
    session's history changed or left out, when it still replays to the state the document
    states; Progressive Poker's ``ladies`` changed before the session is over (it decides only
    the prizes); the rewards of the deal before the one in play, which a snapshot cannot prove
    beyond fitting the counters (docs/protocol.md, "State"); what the head table's winners took
    in a bell's earlier deal (Progressive Poker: only who won there decides the moves and the
    yellow chips)."""
    if name.startswith("first_record = ") and "history" not in doc:
        return type(doc["first_record"]) is int and 0 <= doc["first_record"] <= 2**62
    if name.startswith("seed = "):
        return not any(doc["state"]["hands"])
    if name.startswith("actions[") and "history" not in doc:
        return doc["game"] != "draw_poker"
    if name.startswith("history.actions[") or name.startswith("deal.rewards"):
        return True
    if name.startswith("deal.game.results.0.0.") and doc["game"] == "progressive_poker":
        return True
    if name.startswith("options.ladies = ") and doc["game"] == "progressive_poker":
        return not doc["deal"]["session"]["over"] and (doc["options"]["ladies"] is None
                                                       or 0 <= doc["options"]["ladies"] <= doc["players"])
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
    for where, doc in documents(name, EFFORT[name].every_document):
        for what, bad in hostile_documents(doc, near=semantic, actions=ACTION_DOCUMENTS, signed=signed):
            failures += [f"{where}: {f}" for f in check_hostile(cls, what, bad, may_pass)]
    assert not failures, f"{len(failures)} documents not refused:\n" + "\n".join(failures[:30])


@pytest.mark.parametrize("name", sorted(POKER_GAMES))
def test_documents_of_values_of_another_type_raise_state_error(name: str) -> None:
    """A field holding a value of another type that ``==`` its own (``1.0`` or ``true`` for
    ``1``, ``1`` for ``true``: JSON tells them apart) is a wrong type too: StateError."""
    cls = game_class(name)
    failures: list[str] = []
    for where, doc in documents(name, EFFORT[name].every_document):
        for what, bad in hostile_documents(doc, equal_values=True):
            failures += [f"{where}: {f}" for f in check_hostile(cls, what, bad, lambda n, d: False)]
    assert not failures, f"{len(failures)} documents not refused:\n" + "\n".join(failures[:30])


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


# --------------------------------------------------------------------------------------
# What the checks above found, each on its own (every one fails until its driver is fixed)
# --------------------------------------------------------------------------------------


def test_jack_pots_a_deal_cut_short_before_it_is_opened_is_not_dealt_again() -> None:
    """``max_decisions``: a deal cut short "goes to the show" (PokerOptions), and the show
    divides its pool. A jack pot nobody opened is dealt again by the same dealer and
    fattened (law 40, rules.md 6.3) because its pool is still to be won; once a show has
    divided the pool there is nothing to deal again: the deal passes to the left
    (rules.md 6.1) and the next pot is an ordinary one. Here the first deal (nobody opens:
    Fold, Fold, Fold: every player is asked, law 40) is fattened as it should be; the second,
    fattened, is cut short after two passes (the bound set from there on, through a snapshot)
    and p2 takes its pool at the show; the third must then be dealt by p1 with ordinary antes
    (1 each), not by p0 again "fattening" (2 each) an empty pot."""
    game = new_game("jack_pots", players=3, seed=1, dealer=0, deals=3, fatten=2)
    for action in (Fold(), Fold(), Fold()):  # nobody opens: the pot is fattened and dealt again
        game.apply(action)
    document = game.to_dict()
    document["options"]["max_decisions"] = 2
    game = type(game).from_dict(document)
    assert game.observation(0)["fattening"] and game.observation(0)["dealer"] == 0
    game.apply(Check())
    record = game.apply(Check())  # the bound: the show, and p2 takes the pool
    ended = next(k for k, e in enumerate(record.entries) if type(e) is DealEnded)
    assert record.entries[ended].truncated and any(
        type(e) is Payment and e.payer == "pool" for e in record.entries[:ended])  # fmt: skip
    after = record.entries[ended + 1:]
    obs = game.observation(0)
    assert (obs["dealer"], obs["fattening"]) == (1, False), (obs["dealer"], obs["fattening"])
    assert [e.amount for e in after if type(e) is Payment] == [1, 1, 1], after


def test_jack_pots_the_deal_passes_after_a_pool_divided_at_a_cut_short_show() -> None:
    """The same in a first deal: cut short after one pass (``max_decisions=1``), the show
    divides the pool (p3 takes it), so the next deal is p1's, not p0's again."""
    game = new_game("jack_pots", players=8, seed=0, dealer=0, deals=4, counters=20, limit=2, max_decisions=1)
    record = game.apply(Check())
    assert any(type(e) is DealEnded and e.truncated for e in record.entries)
    assert any(type(e) is Payment and e.payer == "pool" for e in record.entries)
    assert game.observation(0)["dealer"] == 1, f"p{game.observation(0)['dealer']} deals again"


def test_progressive_truncated_is_the_last_bell_s() -> None:
    """``truncated`` "says whether the last completed deal was cut short" (docs/protocol.md,
    Results), and in Progressive Poker "a deal of the session is one bell": no bell has
    rung yet after the head table's first decision (``rewards()`` all 0, ``deal_number``
    1), so ``truncated`` is False, as it is for every other game before its first
    ``DealEnded``; it is True there (the head table's deal was cut short)."""
    game = new_game("progressive_poker", players=8, seed=0, dealer=0, deals=2, max_decisions=1)
    record = game.apply(game.legal_actions()[0])
    assert not any(type(e) is DealEnded for e in record.entries) and game.deal_number == 1
    assert set(game.rewards().values()) == {0}
    assert game.truncated is False, "truncated before any bell has rung"


def test_progressive_info_bounds_the_decisions_of_a_bell() -> None:
    """``info.max_decisions_per_deal`` is "the most decisions one deal can take" (GameInfo;
    the OpenSpiel adapter's game length is ``deals`` times it), a deal of Progressive
    Poker is a bell, and every table plays a pool in each: with ``max_decisions=1`` each
    of the two tables of eight players takes one decision a bell, two in all, yet the
    driver says at most 1."""
    game = new_game("progressive_poker", players=8, seed=0, dealer=0, deals=2, max_decisions=1)
    counts, n = [], 0
    while not game.is_over:
        record = game.apply(game.legal_actions()[0])
        n += 1
        if any(type(e) is DealEnded for e in record.entries):
            counts.append(n)
            n = 0
    assert max(counts) <= game.info.max_decisions_per_deal, (counts, game.info.max_decisions_per_deal)


def _finished(name: str) -> dict:
    players = seats(name, 3)
    game = new_game(name, players=players, seed=4, deals=2, counters=20)
    rng = random.Random(4)
    while not game.is_over:
        game.apply(choose_randomly(rng, game.legal_actions()))
    return json.loads(json.dumps(game.to_dict()))


def test_progressive_a_finished_evening_s_prizes_are_checked() -> None:
    """``from_dict`` "checks everything" (docs/protocol.md, State): a finished evening's
    snapshot is its last deal's, which awards the prizes again as it ends the evening; one
    that states prizes already awarded before the last deal is not a state of any session,
    and must raise StateError (it would be taken, and ``prizes()`` name a winner the evening
    did not)."""
    doc = _finished("progressive_poker")
    game = game_class("progressive_poker").from_dict(doc)
    assert game.is_over and game.prizes() and doc["deal"]["game"]["prizes"] == {}
    bad = copy.deepcopy(doc)
    bad["deal"]["game"]["prizes"]["yellow"] = 0
    with pytest.raises(StateError, match="^document.deal.game.prizes"):
        game_class("progressive_poker").from_dict(bad)


@pytest.mark.parametrize("name", ["straight_poker", "stud_poker"])
def test_a_finished_session_has_given_the_buck(name: str) -> None:
    """The buck is always some seat's: the first dealer's from the start. A finished
    session's document saying nobody holds it, or naming no seat, is not a state of any
    session and must raise StateError."""
    doc = _finished(name)
    assert doc["deal"]["game"]["buck"] >= 0
    for nobody in (None, -1):
        bad = copy.deepcopy(doc)
        bad["deal"]["game"]["buck"] = nobody
        with pytest.raises(StateError, match="^document"):
            game_class(name).from_dict(bad)


@pytest.mark.parametrize("name, players, seed, options", [
    ("draw_poker", 3, 2, dict(until="freeze_out", counters=8, limit=4, ante=1, straddles=False)),
    ("draw_poker", 3, 11, dict(until="freeze_out", counters=8, limit=4, ante=1, straddles=False)),
    ("jack_pots", 3, 26, dict(until="freeze_out", counters=6, limit=2)),
    ("jack_pots", 5, 14, dict(deals=4, counters=12, limit=4, ante=2, fatten=2)),
])  # fmt: skip
def test_a_pool_everybody_emptied_into_is_shared_and_the_session_goes_on(name, players, seed, options):
    """Every player put his last counters into a pool nobody won: the deal's players share
    it (law 76's odd counter), and the session then goes on as their counters say: a
    freeze-out ends only with one holder, a session of deals plays them all while two
    players hold counters (these seeds reach that moment in random play)."""
    game = new_game(name, players=players, seed=seed, **options)
    rng = random.Random(seed)
    shared_at = None
    while not game.is_over:
        record = game.apply(rng.choice(game.legal_actions()))
        if any(getattr(e, "text", "").startswith("nobody holds counters") for e in record.entries):
            shared_at = game.deal_number
    assert shared_at is not None, "the seed no longer reaches a pool that everybody emptied into"
    holders = [s for s in range(players) if game.ledger.balance(game.names[s]) > 0]
    assert game.ledger.balance("pool") == 0
    ended = sum(type(e) is DealEnded for r in game.history() for e in r.entries)
    if options.get("until") == "freeze_out":
        assert len(holders) == 1, game.ledger.balances
        assert ended > shared_at - 1  # played on after the share
    else:
        assert len(holders) < 2 or ended >= options["deals"], (ended, game.ledger.balances)


def test_a_deal_nobody_could_act_in_that_empties_every_stack_ends_the_session():
    """Each player's ante is all he has, so nobody can open and nobody can take a decision,
    and the pool holds only those antes: it is shared back (every stack as it was) and the
    session ends, since every following deal would go the same way. (Seed 11 above reaches
    the share with a pool carried from earlier deals, and plays on.)"""
    game = new_game("jack_pots", players=3, seed=1, counters=2, ante=2, deals=5)
    assert game.is_over and game.deal_number == 1
    assert game.ledger.balances == {"p0": 2, "p1": 2, "p2": 2, "pool": 0}
    notes = [e.text for r in game.history() for e in r.entries if type(e).__name__ == "Note"]
    assert any(text.startswith("nobody holds counters") for text in notes), notes


def _tampered(doc: dict, change: Callable[[dict], None]) -> dict:
    bad = copy.deepcopy(doc)
    change(bad)
    return bad


def _fresh(name: str, players: int = 3, **options: Any) -> dict:
    return json.loads(json.dumps(new_game(name, players=players, seed=11, dealer=0, deals=5, **options).to_dict()))


def _after_deals(name: str, deals: int = 2) -> dict:
    game = new_game(name, players=3, seed=4, deals=6)
    rng = random.Random(4)
    while game.deal_number <= deals and not game.is_over:
        game.apply(choose_randomly(rng, game.legal_actions()))
    return json.loads(json.dumps(game.to_dict()))


def _move_counters(deal: dict, amount: int) -> None:
    deal["balances"]["p0"] += amount
    deal["balances"]["p1"] -= amount


ONE_TABLE_GAMES = ["draw_poker", "jack_pots", "straight_poker", "stud_poker"]
IMPOSSIBLE_AT_THE_START = {
    "the session's start made a record": lambda d: d.update(first_record=0),
    "no deal has ended, none was truncated": lambda d: d["deal"].update(last_truncated=True),
    "before the first deal the seats hold their stacks": lambda d: _move_counters(d["deal"], 50),
    "the first deal is dealt by the first dealer": lambda d: d["deal"].update(dealer=1),
}
IMPOSSIBLE_LATER = {
    "every deal shuffled the pack": lambda d: d["deal"].update(shuffles=d["deal"]["session"]["deals"] - 1),
    "a seat holds what it won": lambda d: d["deal"].update(
        rewards=[d["deal"]["balances"]["p0"] + 1, -d["deal"]["balances"]["p0"] - 1, 0]),
}


@pytest.mark.parametrize("name", ONE_TABLE_GAMES)
@pytest.mark.parametrize("what", list(IMPOSSIBLE_AT_THE_START))
def test_a_snapshot_before_any_deal_ended_is_one_a_session_can_reach(name: str, what: str) -> None:
    """What an independent audit found accepted: a snapshot taken before the first deal
    ended that no session could reach. Each is refused, naming its field."""
    doc = _fresh(name, max_decisions=50)
    game_class(name).from_dict(doc)
    with pytest.raises(StateError, match="^document"):
        game_class(name).from_dict(_tampered(doc, IMPOSSIBLE_AT_THE_START[what]))


@pytest.mark.parametrize("name", ONE_TABLE_GAMES)
@pytest.mark.parametrize("what", list(IMPOSSIBLE_LATER))
def test_a_snapshot_after_deals_is_one_a_session_can_reach(name: str, what: str) -> None:
    doc = _after_deals(name)
    assert doc["deal"]["session"]["deals"] >= 2
    game_class(name).from_dict(doc)
    with pytest.raises(StateError, match="^document"):
        game_class(name).from_dict(_tampered(doc, IMPOSSIBLE_LATER[what]))


@pytest.mark.parametrize("name", ["straight_poker", "stud_poker"])
def test_the_first_dealer_holds_the_buck_at_the_first_deal(name: str) -> None:
    """"The first dealer is provided with a buck" (seed 004, Straight Poker): a snapshot of
    the first deal whose buck is elsewhere, or nowhere, is refused."""
    doc = _fresh(name)
    first, players = doc["deal"]["session"]["first_dealer"], doc["players"]
    assert doc["deal"]["game"]["buck"] == first
    for other in ((first + 1) % players, None):
        with pytest.raises(StateError, match="^document.deal.game.buck"):
            game_class(name).from_dict(_tampered(doc, lambda d: d["deal"]["game"].update(buck=other)))


def test_progressive_the_dealer_sits_at_the_table_that_plays() -> None:
    doc = json.loads(json.dumps(new_game("progressive_poker", players=8, seed=3, deals=3).to_dict()))
    away = next(s for s in range(8) if s not in doc["deal"]["game"]["seating"][doc["deal"]["game"]["table"]])
    with pytest.raises(StateError, match="^document.deal.dealer"):
        game_class("progressive_poker").from_dict(_tampered(doc, lambda d: d["deal"].update(dealer=away)))


def test_vingt_un_the_session_s_start_made_a_record() -> None:
    doc = new_game("vingt_un", players=3, seed=2).to_dict()
    with pytest.raises(StateError, match="^document.first_record"):
        game_class("vingt_un").from_dict(_tampered(doc, lambda d: d.update(first_record=0)))
