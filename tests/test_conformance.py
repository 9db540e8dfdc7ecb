"""Every registered game keeps the driver protocol (docs/protocol.md): the checks of
tests/conformance.py, run over ``sorted(GAMES)``, so that a game joins by registering.

For each game, :func:`test_random_sessions` plays random sessions on random valid terms
(drawn from ``Options.describe()``; few players; a small ``max_decisions`` now and then,
so that deals are cut short) by random legal play or the game's built-in policy, and
checks at every step the records and every seat's view of them, the ledger, the turn
and the results (:class:`conformance.Reader`); at sampled steps the codec, illegal
actions and bad queries, honest views under ``resample``/``reshuffled``, every way of
copying the game (compared at each later step, and isolated from the original); and
against a second game of the same terms fed the same actions (reproducibility) at every
step. :func:`test_what_a_game_hands_out_is_read_only` vandalizes what the game hands out.
:func:`test_hostile_documents` tampers with documents of random sessions: each must raise
``StateError`` or load a sound game. Then documents of something else, a restored game's
events, threads, and what the driver class declares.

Cost: about 10 s per game on a 2-vCPU VM, one process (at most 16 s, Vingt-un's; the six
games 60 s; measured with ``--durations``): random sessions until :data:`WORK` is done
(each of at most :data:`STEPS` decisions), then :data:`DOCUMENTS` sessions' documents, of
which at most :data:`TAMPERED` tampered versions each. Set ``PYCARDS_CONFORMANCE=k`` in the
environment for ``k`` times the sessions and documents (a heavier sweep, off by default).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any, Optional

import pytest

from conformance import (
    Reader,
    Terms,
    bad_actions,
    check_codec,
    check_codec_numbering,
    check_hostile_or_sound,
    check_isolated,
    check_no_leak,
    check_observations,
    check_queries_refused,
    check_read_only,
    check_refused,
    check_same,
    check_turn,
    choose,
    followers_of,
    hostile_changes,
    image,
    random_terms,
    sample,
    start,
)
from pycards.errors import IllegalActionError, StateError
from pycards.games import GAMES, game_class, new_game
from pycards.games.base import Action, Game
from pycards.games.policies import default_policy, for_session

EFFORT = max(1, int(os.environ.get("PYCARDS_CONFORMANCE", "1")))
"""How many times the default sweep to run (``PYCARDS_CONFORMANCE``)."""
SESSIONS = 10 * EFFORT
"""The fewest random sessions per game."""
WORK = 6000 * EFFORT
"""The work the random sessions of a game do, at least (short sessions: more of them): each
decision counts the viewers whose views are checked (the seats and a spectator), so about
1,200 decisions of a four-seat game."""
STEPS = 120
"""The most decisions one session plays (a session on small terms mostly ends before)."""
DOCUMENTS = 3 * EFFORT
"""Sessions whose documents are tampered with, per game."""
TAMPERED = 260
"""The most tampered versions tried of one document."""

GAME_NAMES = sorted(GAMES)


# --------------------------------------------------------------------------------------
# Random sessions, every check
# --------------------------------------------------------------------------------------


class Session:
    """One random session of a game, with everything that follows it: a second game of the
    same terms (fed the same actions), the copies taken at some step, a copy frozen there,
    and the :class:`Reader` of its records."""

    def __init__(self, name: str, rng: random.Random) -> None:
        self.name, self.rng = name, rng
        self.terms: Terms = random_terms(name, rng)
        self.game = start(name, self.terms)
        self.twin = start(name, self.terms)
        self.reader = Reader(self.game)
        self.followers: list[tuple[str, Game]] = []
        self.frozen: Optional[tuple[Game, str]] = None
        self.policy = None
        if rng.random() < 0.3:
            self.policy = for_session(default_policy(name), self.terms.seed % 2**63)
        check_same(self.game, self.twin, "a second game of the same terms", since=0)
        fresh = self.game.new_session(self.terms.seed)
        check_same(self.game, fresh, "new_session(seed)", since=0)
        assert list(fresh.history()) == list(self.game.history()), "new_session(seed): the first record"

    def action(self) -> Action:
        game = self.game
        legal = game.legal_actions()
        if self.policy is not None:
            action = self.policy(game.observation(game.to_act), legal)
            assert game.is_legal(action), f"the built-in policy chose {action!r}, not legal"
            return action
        return choose(self.rng, legal)

    def step(self) -> None:
        """Apply one action to the game, the twin and every copy, and compare them."""
        game, rng = self.game, self.rng
        action, seat, index = self.action(), game.to_act, game.records
        record = game.apply(action)
        assert record.seat == seat and record.action == action and game.records == index + 1, record
        assert list(game.history())[-1] == record
        mine = record.to_dict()
        json.dumps(mine)
        assert self.twin.apply(action).to_dict() == mine, "a second game of the same terms fed the same actions"
        for how, follower in self.followers:
            assert follower.apply(action).to_dict() == mine, how
        if self.followers and rng.random() < 0.12:
            how, follower = rng.choice(self.followers)
            check_same(game, follower, how, since=index)
        if rng.random() < 0.05:
            check_same(game, self.twin, "the twin", since=index)
        if self.frozen is not None:
            assert image(self.frozen[0]) == self.frozen[1], "a copy changed with the original"

    def checks(self) -> None:
        """Every step's checks, and the costly ones now and then."""
        game, rng = self.game, self.rng
        self.reader.check(game)
        check_turn(game)
        if rng.random() < 0.25:
            check_codec(game)
            check_observations(game)
        if rng.random() < 0.1:
            check_refused(game, *rng.sample(bad_actions(game), 8))
        if rng.random() < 0.04:
            check_queries_refused(game)
        if rng.random() < 0.08:
            seats: list[Optional[int]] = [None, *range(game.players)]
            check_no_leak(game, rng, rng.sample(seats, min(3, len(seats))))
        if rng.random() < 0.04:
            self.followers = followers_of(game)
            for how, follower in self.followers:
                check_same(game, follower, how)
            self.frozen = (game.copy(), image(game))
        if rng.random() < 0.03:
            check_isolated(game, rng)

    def finish(self) -> None:
        """The checks of the last state reached (a session over is a state like another)."""
        game = self.game
        self.reader.check(game)
        check_turn(game)
        check_codec(game)
        check_observations(game)
        check_same(game, self.twin, "the twin", since=0)
        assert list(self.twin.history()) == list(game.history()), "the twin's records"
        for how, follower in followers_of(game):
            check_same(game, follower, how)
        check_no_leak(game, self.rng)
        check_refused(game, *sample(bad_actions(game), 24))
        check_queries_refused(game)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_sessions(name: str) -> None:
    """Random sessions of game ``name`` (see the module docstring) until :data:`WORK` is done
    (at least :data:`SESSIONS` sessions, at most four times as many); among them some end,
    and where the options bound the decisions some deal is cut short."""
    over = truncations = work = 0
    k = 0
    while k < SESSIONS or work < WORK and k < 4 * SESSIONS:
        rng = random.Random(f"conformance:{name}:{k}")
        session = Session(name, rng)
        game = session.game
        check_codec_numbering(game)
        try:
            for _ in range(STEPS):
                session.checks()
                if game.is_over:
                    break
                session.step()
                work += game.players + 1
            session.finish()
        except AssertionError as error:
            raise AssertionError(f"session {k} of {name} ({session.terms.describe()}): {error}") from error
        over += game.is_over
        truncations += session.reader.truncations
        k += 1
    assert over >= 1, f"no session of {name} ended: the terms drawn are too long"
    if any(f.name == "max_decisions" for f in game_class(name).Options.describe()):
        assert truncations >= 1, f"no deal of {name} was cut short by max_decisions"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_what_a_game_hands_out_is_read_only(name: str) -> None:
    """At every few steps of a few random sessions, the protocol's properties cannot be set,
    the ledger view cannot pay, and changing what the game hands out (observations,
    documents, events, knowledge, results...) changes nothing of it
    (:func:`conformance.check_read_only`)."""
    for k in range(3):
        session = Session(name, random.Random(f"read-only:{name}:{k}"))
        for step in range(STEPS):
            if step % 7 == 0 or session.game.is_over:
                check_read_only(session.game)
            if session.game.is_over:
                break
            session.step()


# --------------------------------------------------------------------------------------
# Hostile documents
# --------------------------------------------------------------------------------------


def documents(name: str, rng: random.Random) -> list[tuple[str, dict]]:
    """Documents of a random session of game ``name``: at its start, at a random step, and at
    its end (or its last step), each with and without history."""
    session = Session(name, rng)
    game = session.game
    stops = sorted({0, rng.randrange(1, 30), STEPS})
    found = []
    steps = 0
    for stop in stops:
        while steps < stop and not game.is_over:
            session.step()
            steps += 1
        where = f"{session.terms.describe()} after {steps} decisions"
        for history in (False, True):
            found.append((f"{where}{', with history' if history else ''}",
                          json.loads(json.dumps(game.to_dict(history=history)))))  # fmt: skip
    return found


@pytest.mark.parametrize("name", GAME_NAMES)
def test_hostile_documents(name: str) -> None:
    """Tampered documents (every field missing, retyped, out of range, an unknown field, a
    list cut short or with a card twice, counters moved, an action changed or left out, the
    seed, the game, the version changed, a value of another type equal to its own): each
    raises ``StateError`` naming its field, or loads a sound game; never another exception."""
    cls = game_class(name)
    failures: list[str] = []
    for k in range(DOCUMENTS):
        rng = random.Random(f"hostile:{name}:{k}")
        for where, doc in documents(name, rng):
            codec = sample([a.to_dict() for a in cls.from_dict(doc).legal_actions()], 6)
            tampered = [*hostile_changes(doc, actions=codec), *hostile_changes(doc, equal_values=True)]
            for what, make in rng.sample(tampered, min(TAMPERED, len(tampered))):
                failures += [f"{where}: {f}" for f in check_hostile_or_sound(cls, what, make(), rng)]
    assert not failures, f"{len(failures)} documents neither refused nor sound:\n" + "\n".join(failures[:30])


@pytest.mark.parametrize("name", GAME_NAMES)
def test_documents_of_something_else_raise_state_error(name: str) -> None:
    """Not a mapping, empty, another game's document, another version: StateError naming the
    document. Another game's document named as this game's raises too, unless it is one of
    this game's own, word for word (two games whose deals open alike, as single and American
    Brag before the dealer's ante)."""
    cls = game_class(name)
    doc = new_game(name, seed=1).to_dict()
    others: list[Any] = [None, [], "{}", 3, {}, {"game": name}, {**doc, "version": 1}, {**doc, "version": "2"},
                         {**doc, "version": True}, {**doc, "game": None}, {**doc, "game": name.upper()}]  # fmt: skip
    others += [new_game(other, seed=1).to_dict() for other in GAME_NAMES if other != name]
    for bad in others:
        with pytest.raises(StateError, match="^document"):
            cls.from_dict(bad)
    for other in GAME_NAMES:
        if other != name:
            relabelled = {**new_game(other, seed=1).to_dict(), "game": name}
            try:
                game = cls.from_dict(relabelled)
            except StateError as error:
                assert str(error).startswith("document"), error
            else:
                assert game.to_dict() == relabelled


# --------------------------------------------------------------------------------------
# Snapshots and events
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_restored_game_streams_events_from_its_snapshot_on(name: str) -> None:
    """A snapshot keeps no records (docs/protocol.md, State): a game restored from one streams
    each seat its events from the snapshot's record index, by default and when asked for it;
    an index before it is refused, naming it. Its results and payoffs are the original's."""
    rng = random.Random(name)
    game = new_game(name, seed=2)
    for _ in range(4):
        if game.is_over:
            break
        game.apply(choose(rng, game.legal_actions()))
    restored = type(game).from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.records == game.records and restored.events(1) == [] and restored.events(None) == []
    assert (restored.rewards(), restored.payoffs(), restored.truncated) == (game.rewards(), game.payoffs(),
                                                                            game.truncated)  # fmt: skip
    reader = Reader(restored)
    for _ in range(3):
        if restored.is_over:
            break
        record = restored.apply(choose(rng, restored.legal_actions()))
        reader.check(restored)
        assert restored.events(1) == [r.view(1) for r in restored.history()]
        assert restored.events(1, since=game.records) == restored.events(1)
        assert list(restored.history(game.records)) == list(restored.history())
        assert restored.events(1)[-1] == record.view(1)
    with pytest.raises(IllegalActionError, match="not 0"):
        restored.events(1, since=0)
    with pytest.raises(IllegalActionError, match="not 0"):
        restored.history(0)


# --------------------------------------------------------------------------------------
# Threads
# --------------------------------------------------------------------------------------

THREADS = r"""
import random, sys, threading
from pycards.games import ConcurrentUseError, game_class, new_game

sys.setswitchinterval(1e-6)  # switch threads as often as possible
name = sys.argv[1]
long = {f.name: f.high for f in game_class(name).Options.describe() if f.name in ("deals", "counters")}
game = new_game(name, seed=5, **long)
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
            else:
                outcomes["refused"] += 1
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
game.to_dict()  # still a state its document can say
print(outcomes["applied"], outcomes["concurrent"], outcomes["refused"])
"""


@pytest.mark.parametrize("name", GAME_NAMES)
def test_one_game_driven_from_several_threads_raises_or_goes_on_but_never_crashes(name: str, tmp_path) -> None:
    """Misuse (docs/protocol.md, Threads): four threads applying actions to one game at once.
    The interpreter survives, actions are applied, a clash raises (ConcurrentUseError, or
    another error where the calls interleave between the checks), and not one counter is made
    or lost."""
    import pycards

    package = os.path.dirname(os.path.dirname(os.path.abspath(pycards.__file__)))
    done = subprocess.run([sys.executable, "-c", THREADS, name], env={**os.environ, "PYTHONPATH": package},
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)  # outside the tree
    assert done.returncode == 0, done.stderr[-3000:]
    applied, concurrent, refused = map(int, done.stdout.split())
    assert applied + concurrent + refused == 4 * 3000  # every attempt applied, or refused by an error
    assert applied >= 100, (applied, concurrent, refused)


# --------------------------------------------------------------------------------------
# Metadata
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_class_describes_the_game(name: str) -> None:
    """The driver class names the game as registered, lists its action classes (distinct
    frozen dataclasses of the engine's ``Action``) and its players' range, which ``info``
    repeats; a number of players outside it is refused; ``zero_sum()``, ``payoff_bound()``
    and ``max_deals()`` answer."""
    cls = game_class(name)
    assert cls.name == name
    assert cls.actions and len(set(cls.actions)) == len(cls.actions)
    assert all(issubclass(kind, Action) and kind.__dataclass_params__.frozen for kind in cls.actions)
    assert 1 <= cls.MIN_PLAYERS <= cls.MAX_PLAYERS
    info = new_game(name).info
    assert (info.min_players, info.max_players) == (cls.MIN_PLAYERS, cls.MAX_PLAYERS)
    assert all(type(card) is int and 0 <= card < 52 for card in info.pack)
    for players in (cls.MIN_PLAYERS - 1, cls.MAX_PLAYERS + 1, 0, -1):
        with pytest.raises(ValueError):
            new_game(name, players=players)
    game = new_game(name)
    assert type(game.zero_sum()) is bool and game.payoff_bound() > 0 and game.max_deals() >= 1
