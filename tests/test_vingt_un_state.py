"""Hostile state documents: ``VingtUn.from_dict`` and ``pickle.loads`` of tampered games.

A Vingt-un snapshot is the shared table's (docs/protocol.md, "The shared table"): the state
the session carried into the deal in play (with the pack and what each seat knew of it, as
the pack goes on from deal to deal), the deal's actions, and the state they lead to.

The protocol (``pycards.games.base``): "``from_dict()`` checks everything and raises
:class:`StateError` naming the first problem; ``copy.copy``, ``copy.deepcopy`` and
pickle use these paths." Every tampered document here must raise a ``ValueError``
(a ``StateError``, or a ``GameOptionError`` for the options) whose message names the
offending field or value, and a good document must still load and go on exactly
like the game it came from. The driver is pure Python, so a bad document cannot
crash the interpreter; one test still runs a batch of tampered loads in a
subprocess and checks its exit status. Last, a snapshot does not grow with the
session: ``to_dict()`` and ``copy()`` after 5,000 deals are within twice a fresh
game's size.
"""

from __future__ import annotations

import copy
import inspect
import json
import os
import pickle
import subprocess
import sys
from typing import Any

import pytest

import pycards
from pycards.errors import GameOptionError, StateError
from pycards.games import new_game
from pycards.games.vingt_un import AcceptSale, Content, Divide, Double, KeepDeal, Stake, VingtUn

HUGE = 10**5000  # past Python's limit of 4300 digits for int-to-str: its repr raises


# --------------------------------------------------------------------------------------
# Documents and how to spoil them
# --------------------------------------------------------------------------------------


def play_first_legal(game: VingtUn, steps: int) -> VingtUn:
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    return game


def documents() -> dict[str, dict[str, Any]]:
    """Good documents in several phases: JSON values, as a client would send them back."""
    found = {}
    game = new_game("vingt_un", players=3, seed=3, dealer=0, top="8C 10D 9S 8D 7D 9H 5S 6S",
                    pool_contribution=1, selling=True, deals=3, max_decisions=30)  # fmt: skip
    found["sell"] = game.to_dict()
    for action in (KeepDeal(), Stake(2), Stake(1), Double(True), Divide(3)):
        game.apply(action)
    found["draw"] = game.to_dict()  # a divided pair, face down, a double, a pool
    play_first_legal(game, 10**4)
    found["over"] = game.to_dict()
    two = new_game("vingt_un", players=4, seed=9, deal_passes="two_packs", natural_privilege="double",
                   deals=5)  # fmt: skip
    found["two_packs"] = play_first_legal(two, 23).to_dict()
    dealer = new_game("vingt_un", players=2, seed=4, dealer=0, top="10C 7S 9C 7H 7D 10H AH 10S")
    for action in (Stake(2), Double(False), Content(), Divide(0), Divide(0)):
        dealer.apply(action)
    found["dealer"] = dealer.to_dict()  # the dealer's turned-up pair divided, then a card of it again
    sold = new_game("vingt_un", players=4, seed=2, dealer=1, selling=True, max_price=3)
    sold.apply(sold.legal_actions()[5])  # an offer
    found["buy"] = sold.to_dict()
    return json.loads(json.dumps(found))


DOCS = documents()


class Pickled:
    """Pickles as the game's own pickle does, ``(VingtUn.from_dict, (document,))``, with any
    document: the bytes ``pickle.loads`` would get from a tampered store."""

    def __init__(self, document: object) -> None:
        self.document = document

    def __reduce__(self):
        return (VingtUn.from_dict, (self.document,))


def spoiled(name: str, change) -> dict[str, Any]:
    document = copy.deepcopy(DOCS[name])
    change(document)
    return document


def refused(document: object, *names: str) -> str:
    """Both ``from_dict`` and ``pickle.loads`` refuse ``document`` with a ValueError (a
    StateError or GameOptionError) whose message holds one of ``names``; the message."""
    with pytest.raises(ValueError) as caught:
        VingtUn.from_dict(document)  # type: ignore[arg-type]
    error = caught.value
    assert isinstance(error, (StateError, GameOptionError)), repr(error)
    message = str(error)
    assert any(name in message for name in names), (names, message)
    with pytest.raises(ValueError) as again:
        pickle.loads(pickle.dumps(Pickled(document)))
    assert isinstance(again.value, (StateError, GameOptionError)) and str(again.value) == message
    return message


def walk(node: Any, path: tuple = ()):
    """Every (path, value) in a JSON document, depth first."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield path + (key,), value
            yield from walk(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield path + (i,), value
            yield from walk(value, path + (i,))


def put(document: dict, path: tuple, value: Any) -> None:
    node = document
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value


def remove(document: dict, path: tuple) -> None:
    node = document
    for step in path[:-1]:
        node = node[step]
    del node[path[-1]]


def field_name(path: tuple) -> str:
    """The name a message must give: the state a document states is compared whole with
    where its actions lead ("document.state"); an action is named by its place in the list;
    anything else by the nearest key of ``path``."""
    if path[0] == "state":
        return "document.state"
    if path[0] == "actions" and len(path) > 1:
        return f"actions[{path[1]}]"
    return [step for step in path if isinstance(step, str)][-1]


# --------------------------------------------------------------------------------------
# A good document
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(DOCS))
def test_a_good_document_loads_and_goes_on_identically(name):
    original = VingtUn.from_dict(copy.deepcopy(DOCS[name]))
    assert original.to_dict() == DOCS[name]
    for twin in (VingtUn.from_dict(json.loads(json.dumps(DOCS[name]))), pickle.loads(pickle.dumps(original)),
                 copy.deepcopy(original), original.copy()):  # fmt: skip
        assert twin.to_dict() == original.to_dict()
    twin = pickle.loads(pickle.dumps(original))
    while not original.is_over:
        action = original.legal_actions()[-1]
        assert twin.apply(action) == original.apply(action)
    assert twin.to_dict() == original.to_dict()


def test_a_restored_game_keeps_no_earlier_history():
    game = VingtUn.from_dict(DOCS["draw"])
    assert game.records == DOCS["draw"]["first_record"]
    with pytest.raises(StateError, match="snapshot"):
        game.to_dict(history=True)
    with pytest.raises(ValueError, match="since"):
        game.events(1, since=0)
    assert game.events(1, since=game.records) == []


def test_a_finished_freeze_out_session_round_trips():
    """A freeze-out ends when one player is left in: its last deal's players went out in
    that very deal (the dealer among them, maybe). The finished session is a state like
    any other: ``to_dict``/``from_dict``, pickle and ``copy.deepcopy`` must take it."""
    failures = []
    for seed in range(12):
        game = new_game("vingt_un", players=3, seed=seed, until="freeze_out", counters=2, max_stake=2)
        play_first_legal(game, 10**5)
        assert game.is_over and len(game.session.out) == 2
        try:
            again = VingtUn.from_dict(json.loads(json.dumps(game.to_dict())))
            assert again.to_dict() == game.to_dict()
            assert pickle.loads(pickle.dumps(game)).to_dict() == game.to_dict()
            assert copy.deepcopy(game).to_dict() == game.to_dict()
        except StateError as error:
            failures.append((seed, sorted(game.session.out), game.dealer, str(error)))
    assert failures == []


# --------------------------------------------------------------------------------------
# Named tamperings
# --------------------------------------------------------------------------------------


def _stock_card_three_times(document):
    stock = document["deal"]["pack"]["stock"]
    stock[0] = stock[2] = stock[1]


def _knowledge_of_a_card_elsewhere(document):
    """Seat 1's knowledge places a card of the stock among the used cards."""
    known = document["deal"]["knowledge"][1]
    card = document["deal"]["pack"]["stock"][0]
    known["places"].setdefault("used", []).append(card)
    known["places"]["used"].sort()
    known["seen"] = sorted({*known["seen"], card})


SUMMARY = ("document.state",)
"""What a change to the state a document states is refused with: its actions lead elsewhere."""

NAMED = [
    *((f"players {p!r}", "draw", lambda d, p=p: d.__setitem__("players", p), ("players",))
      for p in (13, 1, -1, True, "4", 3.0, None)),
    *((f"dealer {s}", "draw", lambda d, s=s: d["deal"].__setitem__("dealer", s), ("dealer",))
      for s in (12, -5)),
    # the deal in play is replayed, so any change to the state it leads to is refused
    ("20 hands for a seat", "draw", lambda d: d["state"]["hands"].__setitem__(1, d["state"]["hands"][1] * 10),
     SUMMARY),
    ("order [0, 40]", "draw", lambda d: d["state"].__setitem__("order", [0, 40]), SUMMARY),
    ("phase buy with no offer", "sell", lambda d: d["state"].__setitem__("phase", "buy"), SUMMARY),
    ("a card twice", "draw", lambda d: d["state"]["hands"][2][0]["cards"].__setitem__(
        0, d["state"]["hands"][1][0]["cards"][0]), SUMMARY),
    ("a stake changed", "draw", lambda d: d["state"]["hands"][1][0].__setitem__("stake", 21), SUMMARY),
    ("the dealer plays before a player has finished", "draw", lambda d: d["state"].update(phase="dealer"),
     SUMMARY),
    ("a face-down hand marked shown", "draw", lambda d: d["state"]["hands"][2][0].__setitem__("shown", True),
     SUMMARY),
    # the actions: each must be legal where it is replayed
    ("an action that is not legal", "draw", lambda d: d["actions"].__setitem__(1, {"type": "Stake", "amount": 99}),
     ("actions[1]",)),
    ("an action of another game", "draw", lambda d: d["actions"].append({"type": "Fold"}), ("actions[5]", "Fold")),
    ("an action too many", "draw", lambda d: d["actions"].insert(0, {"type": "KeepDeal"}), ("actions",)),
    ("an action missing", "draw", lambda d: d["actions"].pop(0), ("actions[0]",)),
    ("the dealer stakes", "draw", lambda d: d["actions"].__setitem__(3, {"type": "Stake", "amount": 2}),
     ("actions[3]",)),
    # the state the session carried into the deal
    ("card id 999 in the stock", "over", lambda d: d["deal"]["pack"]["stock"].__setitem__(0, 999), ("stock[0]",)),
    ("two packs: a card three times", "two_packs", _stock_card_three_times, ("times", "card")),
    ("a card missing from the pack", "over", lambda d: d["deal"]["pack"]["stock"].pop(), ("missing", "card")),
    ("cards used before the first deal", "draw", lambda d: d["deal"]["pack"]["used"].append(5), ("used",)),
    ("knowledge of a card where it is not", "over", _knowledge_of_a_card_elsewhere, ("knowledge[1]",)),
    ("knowledge for too few seats", "over", lambda d: d["deal"]["knowledge"].pop(), ("knowledge",)),
    ("a ledger that does not add up", "draw",
     lambda d: d["deal"]["balances"].__setitem__("p0", d["deal"]["balances"]["p0"] + 1), ("balances",)),
    ("a pool below zero", "over",
     lambda d: d["deal"]["balances"].update(pool=-1, p0=d["deal"]["balances"]["p0"] + 1 + d["deal"]["balances"]["pool"]),
     ("pool",)),
    ("a party that does not play", "draw", lambda d: d["deal"]["balances"].update(p7=0), ("balances", "p7")),
    ("a party missing", "draw", lambda d: d["deal"]["balances"].pop("p2"), ("balances", "p2")),
    ("a party named by a number", "draw", lambda d: d["deal"]["balances"].__setitem__(1, 5), ("balances", "field 1")),
    ("a missing field", "draw", lambda d: d.pop("deal"), ("deal",)),
    ("a missing deal field", "draw", lambda d: d["deal"].pop("pack"), ("pack",)),
    ("an extra field", "draw", lambda d: d.__setitem__("cheat", 1), ("cheat",)),
    ("an extra deal field", "draw", lambda d: d["deal"].__setitem__("cheat", 1), ("cheat",)),
    ("an extra game field", "draw", lambda d: d["deal"]["game"].__setitem__("peek", True), ("peek",)),
    ("a huge int: players", "draw", lambda d: d.__setitem__("players", HUGE), ("players",)),
    ("a huge int: seed", "draw", lambda d: d.__setitem__("seed", HUGE), ("seed",)),
    ("a huge int: a card", "over", lambda d: d["deal"]["pack"]["stock"].__setitem__(0, HUGE), ("stock[0]",)),
    ("a huge int: a balance", "draw", lambda d: d["deal"]["balances"].__setitem__("p1", HUGE), ("p1",)),
    ("a huge int: the shuffles", "draw", lambda d: d["deal"]["pack"].__setitem__("shuffles", HUGE), ("shuffles",)),
    ("max_stake 10**7", "draw", lambda d: d["options"].__setitem__("max_stake", 10**7), ("max_stake",)),
    ("max_stake 2**31", "draw", lambda d: d["options"].__setitem__("max_stake", 2**31), ("max_stake",)),
    ("max_decisions below players + 3", "draw", lambda d: d["options"].__setitem__("max_decisions", 4),
     ("max_decisions",)),
    ("an unknown option", "draw", lambda d: d["options"].__setitem__("double_on_ace", True),
     ("double_on_ace",)),
    ("the wrong game", "draw", lambda d: d.__setitem__("game", "whist"), ("game", "whist")),
    ("version 1", "draw", lambda d: d.__setitem__("version", 1), ("version",)),
    ("version 2.0", "draw", lambda d: d.__setitem__("version", 2.0), ("version",)),
    ("over before the last deal was played", "over", lambda d: d["deal"]["session"].__setitem__("over", True),
     ("document",)),
    ("a seat out that holds counters", "draw", lambda d: d["deal"]["session"].__setitem__("out", [2]),
     ("deal",)),
    ("rewards before the first deal ends", "draw", lambda d: d["deal"]["rewards"].__setitem__(0, 5),
     ("zeros before the first deal ends",)),
    ("a stack that is not the balance before the first deal", "draw", lambda d: d["stacks"].__setitem__(0, 90),
     ("stack", "balances")),
    ("a tenure before the first deal", "draw", lambda d: d["deal"]["game"].__setitem__("proper_dealer", 1),
     ("proper_dealer",)),
    ("no tenure once deals were dealt", "over", lambda d: d["deal"]["game"].__setitem__("proper_dealer", -1),
     ("proper_dealer",)),
    ("a tenure under way that never went through the pack", "over",
     lambda d: d["deal"]["game"].__setitem__("passes", 0), ("passes",)),
    ("a proper dealer who is no seat", "over", lambda d: d["deal"]["game"].__setitem__("proper_dealer", 5),
     ("proper_dealer",)),
    ("a deal truncated without a bound", "two_packs", lambda d: d["deal"].__setitem__("last_truncated", True),
     ("without a bound", "max_decisions")),
    ("more deals than the session has, not over", "two_packs",
     lambda d: d["deal"]["session"].__setitem__("deals", 5), ("session",)),
    ("rounds of the deal counted in a session of deals", "two_packs",
     lambda d: d["deal"]["session"].__setitem__("returns", 1), ("returns must be 0",)),
    ("the first dealer's draw naming a card twice", "two_packs",
     lambda d: d["deal"]["first_dealer_draw"].__setitem__(2, [21]), ("first_dealer_draw",)),
    ("stacked cards after the first deal", "over", lambda d: d["deal"].__setitem__("top", [5]), ("top",)),
]  # fmt: skip


@pytest.mark.parametrize("label, name, change, names", NAMED, ids=[case[0] for case in NAMED])
def test_a_tampered_document_is_refused_naming_the_problem(label, name, change, names):
    refused(spoiled(name, change), *names)


@pytest.mark.parametrize("bad", [None, [], "vingt_un", 7, {}, {"game": "vingt_un"}])
def test_what_is_not_a_document_is_refused(bad):
    refused(bad, "document")


def test_phase_buy_with_no_offer_cannot_take_an_accept_sale():
    """A document in phase 'buy' without an offer must not load; were it to load, the
    buyer's AcceptSale (with nobody to buy from) must not break the game."""
    document = spoiled("sell", lambda d: d["state"].__setitem__("phase", "buy"))
    try:
        game = VingtUn.from_dict(document)
    except StateError:
        return
    with pytest.raises(ValueError):
        game.apply(AcceptSale())
    pytest.fail("a document in phase 'buy' with no offer was accepted")


def test_a_history_that_leads_elsewhere_is_refused():
    game = new_game("vingt_un", players=3, seed=5, dealer=0, deals=2)
    play_first_legal(game, 6)
    good = json.loads(json.dumps(game.to_dict(history=True)))
    assert VingtUn.from_dict(good).to_dict() == game.to_dict()
    bad = copy.deepcopy(good)
    bad["history"]["actions"][0] = {"type": "Stake", "amount": 99}
    refused(bad, "history.actions[0]")
    bad = copy.deepcopy(good)
    bad["history"]["actions"].pop()
    refused(bad, "history")
    bad = copy.deepcopy(good)
    bad["history"]["start"]["dealer"] = 7
    refused(bad, "dealer")
    bad = copy.deepcopy(good)
    bad["history"]["actions"].append({"type": "Peek"})
    refused(bad, "Peek")
    for key, value in (("first_record", 0.0), ("players", 3.0)):  # equal, but not the same type
        bad = copy.deepcopy(good)
        bad[key] = value
        refused(bad, key)
    bad = copy.deepcopy(good)
    bad["deal"]["balances"]["p0"] = float(bad["deal"]["balances"]["p0"])
    refused(bad, "deal")


# --------------------------------------------------------------------------------------
# Every key removed, every field replaced: walking the documents
# --------------------------------------------------------------------------------------

SECTIONS = sorted(DOCS["draw"])


@pytest.mark.parametrize("section", SECTIONS)
def test_a_truncated_document_every_key_removed_in_turn(section):
    """Every key of the document (at every depth, in every phase's document) removed in
    turn: refused, naming the key. One test per top-level section. The one exception: what a
    seat knows of the used cards (it saw them before they were gathered) cannot be proven
    from the state, as the last deal's rewards cannot (docs/protocol.md, "Knowledge")."""
    problems = []
    for name, document in DOCS.items():
        for path, _ in walk(document):
            if path[0] != section or not isinstance(path[-1], str):
                continue
            bad = copy.deepcopy(document)
            remove(bad, path)
            try:
                VingtUn.from_dict(bad)
            except (StateError, GameOptionError) as error:
                if field_name(path) not in str(error):
                    problems.append((name, path, str(error)))
            else:
                if "knowledge" not in path or path[-1] != "used":
                    problems.append((name, path, "accepted"))
    assert problems == []


REPLACEMENTS = {"float": float, "bool": lambda v: not v, "str": str, "None": lambda v: None,
                "2**64": lambda v: 2**64, "10**5000": lambda v: HUGE}  # fmt: skip


@pytest.mark.parametrize("kind", sorted(REPLACEMENTS))
def test_every_int_field_replaced_in_turn(kind):
    """Every int of every document (not a bool) replaced in turn by a float, a bool, a
    str, None, 2**64 or an int past the digit limit: refused, naming the field. (A seed
    may be any int of up to 256 bits, so 2**64 is a seed like another.)"""
    make = REPLACEMENTS[kind]
    problems = []
    for name, document in DOCS.items():
        for path, value in walk(document):
            if type(value) is not int or (path == ("seed",) and kind == "2**64"):
                continue
            bad = copy.deepcopy(document)
            put(bad, path, make(value))
            try:
                VingtUn.from_dict(bad)
            except (StateError, GameOptionError) as error:
                if field_name(path) not in str(error):
                    problems.append((name, path, str(error)[:120]))
            except ValueError as error:  # a ValueError, but not one of pycards'
                problems.append((name, path, f"{type(error).__name__}: {str(error)[:80]}"))
            else:
                problems.append((name, path, "accepted"))
    assert problems == []


@pytest.mark.parametrize("kind", ["bool", "str"])
def test_every_bool_and_str_field_replaced_in_turn(kind):
    problems = []
    for name, document in DOCS.items():
        for path, value in walk(document):
            if type(value) is not {"bool": bool, "str": str}[kind] or path == ("game",):
                continue
            others = (0, 1, "true", None) if kind == "bool" else (value.upper() + "!", 0, None)
            if path == ("options", "natural_privilege"):
                others = others[:-1]  # None is a choice: no privilege
            for other in others:
                bad = copy.deepcopy(document)
                put(bad, path, other)
                try:
                    VingtUn.from_dict(bad)
                except (StateError, GameOptionError) as error:
                    if field_name(path) not in str(error):
                        problems.append((name, path, other, str(error)[:120]))
                else:
                    problems.append((name, path, other, "accepted"))
    assert problems == []


# --------------------------------------------------------------------------------------
# Options out of range, for a new game too
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, value", [("max_stake", 10**7), ("max_stake", 2**31), ("max_stake", HUGE),
                                         ("counters", HUGE), ("deals", -HUGE)],
                         ids=["max_stake=10**7", "max_stake=2**31", "max_stake=10**5000", "counters=10**5000",
                              "deals=-10**5000"])  # fmt: skip
def test_options_out_of_range_name_the_option(name, value):
    with pytest.raises(GameOptionError, match=name):
        new_game("vingt_un", players=3, **{name: value})
    refused(spoiled("draw", lambda d: d["options"].__setitem__(name, value)), name)


@pytest.mark.parametrize("name", ["players", "dealer", "seed"])
def test_a_huge_int_for_a_new_game_names_the_argument(name):
    """``new_game``: "an unknown name or a bad value raises GameOptionError naming it" --
    also for an int whose repr Python refuses to make (past 4300 digits)."""
    with pytest.raises(GameOptionError, match=name):
        new_game("vingt_un", **{"players": 3, name: HUGE})


@pytest.mark.parametrize("bits", [64, 255, 256, 257, 300, 1000])
def test_every_seed_a_new_game_takes_survives_pickle(bits):
    """A state document holds the seed, and ``from_dict`` takes seeds of at most 256 bits;
    a seed the constructor accepts must make a game that pickle and ``copy.deepcopy`` can
    carry (or the constructor must refuse it, naming the seed)."""
    for seed in (2**bits - 1, 2**bits, -(2**bits)):
        try:
            game = new_game("vingt_un", players=3, seed=seed)
        except GameOptionError as error:
            assert "seed" in str(error)
            continue
        assert pickle.loads(pickle.dumps(game)).to_dict() == game.to_dict(), seed.bit_length()
        assert copy.deepcopy(game).to_dict() == game.to_dict()


# --------------------------------------------------------------------------------------
# A batch of tampered loads in a subprocess
# --------------------------------------------------------------------------------------

BATCH = r"""
import copy, json, pickle, sys
from typing import Any
from pycards.games import new_game
from pycards.games.vingt_un import VingtUn

class Pickled:
    def __init__(self, document):
        self.document = document
    def __reduce__(self):
        return (VingtUn.from_dict, (self.document,))

game = new_game("vingt_un", players=4, seed=1, dealer=0, selling=True, pool_contribution=1, deals=3)
for _ in range(6):
    game.apply(game.legal_actions()[-1])
document = json.loads(json.dumps(game.to_dict()))
loads = refused = 0
for path, value in list(walk(document)):
    for other in (KeyError, None, -1, 2**64, 10**5000, 1.5, True, "x", [], {}, [0] * 30, [10**5000]):
        bad = copy.deepcopy(document)
        if other is KeyError:
            remove(bad, path)
        else:
            put(bad, path, other)
        for load in (VingtUn.from_dict, lambda d: pickle.loads(pickle.dumps(Pickled(d)))):
            loads += 1
            try:
                load(bad)
            except ValueError:
                refused += 1
print(loads, refused)
"""


def test_a_batch_of_tampered_loads_in_a_subprocess_exits_cleanly(tmp_path):
    """Thousands of tampered documents (every field of a document removed or replaced by
    values of every wrong kind) loaded by ``from_dict`` and ``pickle.loads`` in a fresh
    interpreter: it neither crashes nor raises anything but ValueError."""
    # the pycards under test, run outside the source tree (whose pycards has no compiled modules)
    package = os.path.dirname(os.path.dirname(os.path.abspath(pycards.__file__)))
    env = {**os.environ, "PYTHONPATH": package}
    helpers = "\n".join(inspect.getsource(f) for f in (walk, put, remove))  # the ones above, shared
    script = BATCH.replace("game = new_game(", helpers + "\ngame = new_game(", 1)
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    loads, refused_ = map(int, done.stdout.split())
    assert loads > 1000 and refused_ >= loads * 0.9


# --------------------------------------------------------------------------------------
# A snapshot does not grow with the session
# --------------------------------------------------------------------------------------


def test_to_dict_and_copy_after_5000_deals_are_within_twice_an_early_snapshots_size():
    """A snapshot is bounded by one deal's state (with the pack and what each seat knows of
    it): after 5,000 deals it is within twice the largest of the first twenty deals'."""
    game = new_game("vingt_un", players=4, seed=1, deals=5000)
    early = [len(json.dumps(game.to_dict())), len(pickle.dumps(game))]
    while game.session.deals < 20:
        game.apply(game.legal_actions()[0])
        early = [max(early[0], len(json.dumps(game.to_dict()))), max(early[1], len(pickle.dumps(game)))]
    size, pickled = early
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.session.deals == 5000 and game.records > 5000
    assert len(json.dumps(game.to_dict())) <= 2 * size
    twin = game.copy()
    assert len(json.dumps(twin.to_dict())) <= 2 * size
    assert len(pickle.dumps(game)) <= 2 * pickled
    assert twin.to_dict() == game.to_dict()
    assert len(twin._records._chunks) < 40  # the shared history: a few chunks, not 5,000 records
    # and mid-session, a copy after every deal stays small
    game = new_game("vingt_un", players=4, seed=2, deals=5000)
    while game.session.deals < 5000 and not game.is_over:
        game.apply(game.legal_actions()[0])
        if game.phase == "stake" and game.turn == 0 and game.session.deals % 500 == 0:
            assert len(json.dumps(game.copy().to_dict())) <= 2 * size
