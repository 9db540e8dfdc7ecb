"""Hostile input for the policies, the action codec, action and state documents, and
the ledger's messages: objects whose own ``__repr__``, ``__eq__``, ``__hash__``,
``__index__``, ``__iter__`` or ``__getitem__`` fail, huge ints, infinite iterables and
very long names. The answer is always a ``ValueError`` subclass whose message names
the value in a few words (``pycards._messages.shown``), never the object's own
exception, a hang, or a message as long as the value.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hostile_values import HUGE, LONG, EqualsAll, EqualsRaises, IndexRaises, Unprintable, UnreadableMapping

from pycards.errors import GameOptionError, IllegalActionError, SettlementError, StateError
from pycards.games import GAMES, new_game
from pycards.games.base import MAX_SEED_BITS
from pycards.games.engine.document import same
from pycards.games.policies import RandomLegal
from pycards.games.policies.poker import Strength
from pycards.games.policies.vingt_un import MAX_THRESHOLD, DrawBelow
from pycards.settlement import Ledger

SHORT = 300
"""The longest an error message may be, whatever the value it names."""


class UnprintableStr(str):
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class IterRaises:
    def __iter__(self) -> Iterator[int]:
        yield 12
        raise RuntimeError("no more")


class HashRaisesStr(str):
    def __hash__(self) -> int:
        raise RuntimeError("no hash")


class UnreadableDict(dict):  # type: ignore[type-arg]
    """A dict whose lookups fail (its items can still be copied)."""

    def __getitem__(self, key: object) -> Any:
        raise RuntimeError("no getitem")

    def get(self, key: object, default: object = None) -> Any:
        raise RuntimeError("no get")


GARBAGE = [Unprintable(), UnprintableStr("min"), EqualsAll(), EqualsRaises(), HUGE, -1, 1.5, None, LONG]


def refuses(call: Callable[[], object], error: type[ValueError] = GameOptionError) -> str:
    """The message of the ``error`` that ``call`` raises, checked short."""
    with pytest.raises(error) as caught:
        call()
    message = str(caught.value)
    assert len(message) <= SHORT, message[:SHORT]
    return message


# -- policies -------------------------------------------------------------------------------


@pytest.mark.parametrize("value", GARBAGE, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("parameter", ["n", "stake", "double_on", "divide"])
def test_draw_below_refuses_garbage_in_every_parameter(parameter: str, value: object) -> None:
    if parameter == "double_on" and value is LONG:
        value = [LONG]  # a string is iterable: its characters are not rank indexes either
    message = refuses(lambda: DrawBelow(**{parameter: value}))
    assert f"DrawBelow's {parameter if parameter != 'n' else 'threshold n'}" in message


@pytest.mark.parametrize("n", [-1, MAX_THRESHOLD + 1, True, 16.0])
def test_draw_below_threshold_is_from_0_to_22(n: object) -> None:
    assert f"0 to {MAX_THRESHOLD}, not {n!r}" in refuses(lambda: DrawBelow(n))  # type: ignore[arg-type]


def test_draw_below_takes_every_threshold_the_command_line_offers() -> None:
    (option,) = GAMES["vingt_un"].policy_options  # what --policy-option draw_below=T takes
    assert (option.name, option.low, option.high) == ("draw_below", 0, MAX_THRESHOLD)
    assert [DrawBelow(n).n for n in (0, MAX_THRESHOLD)] == [0, MAX_THRESHOLD]


@pytest.mark.parametrize(
    ("double_on", "words"),
    [(itertools.count(), "not 13"), (itertools.repeat(12), "twice"), ((12, 12), "twice"),
     (IterRaises(), "rank indexes 0..12"), (12, "rank indexes 0..12"), ([IndexRaises()], "IndexRaises")],
)  # fmt: skip
def test_draw_below_reads_double_on_once_and_only_so_far(double_on: object, words: str) -> None:
    assert words in refuses(lambda: DrawBelow(16, double_on=double_on))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [Unprintable(), HUGE, 2**MAX_SEED_BITS, -(2**MAX_SEED_BITS), 1.0, True, None, "7"],
                         ids=repr if False else (lambda v: type(v).__name__))  # fmt: skip
def test_random_legal_seeds_are_ints_of_at_most_256_bits(seed: object) -> None:
    assert "the seed of RandomLegal" in refuses(lambda: RandomLegal(seed))  # type: ignore[arg-type]
    assert "a session seed" in refuses(lambda: RandomLegal(3).for_session(seed))  # type: ignore[arg-type]


def test_random_legal_takes_the_widest_seeds() -> None:
    for seed in (2**MAX_SEED_BITS - 1, -(2**MAX_SEED_BITS - 1), 0):
        assert RandomLegal(seed).for_session(seed).seed == seed


@pytest.mark.parametrize("value", GARBAGE, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("parameter", ["profile", "draws", "cap"])
def test_strength_refuses_garbage_in_every_parameter(parameter: str, value: object) -> None:
    assert f"Strength's {parameter}" in refuses(lambda: Strength(**{parameter: value}))


def test_strength_profile_is_an_exact_string() -> None:
    refuses(lambda: Strength(UnprintableStr("english")))


# -- the action codec and action documents -----------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_action_ids_whose_own_index_fails_are_illegal(name: str) -> None:
    game = new_game(name, seed=3)
    before = game.to_dict()
    assert "IndexRaises" in refuses(lambda: game.action_from_index(IndexRaises()), IllegalActionError)
    assert game.to_dict() == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_action_documents_are_read_once_as_plain_objects(name: str) -> None:
    """A mapping that cannot be read is illegal; a dict subclass is read as the items it
    holds, none of its own methods run."""
    game = new_game(name, seed=3)
    action = game.legal_actions()[0]
    refuses(lambda: game.action_from_dict(UnreadableMapping(action.to_dict())), IllegalActionError)
    assert game.action_from_dict(UnreadableDict(action.to_dict())) == action


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_action_type_that_cannot_be_hashed_is_illegal(name: str) -> None:
    game = new_game(name, seed=3)
    document = {**game.legal_actions()[0].to_dict(), "type": HashRaisesStr("Stake")}
    assert "Stake" in refuses(lambda: game.action_from_dict(document), IllegalActionError)


# -- state documents ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_state_documents_are_read_once_as_plain_objects(name: str) -> None:
    """A document, or an object inside it, that cannot be read is refused; a dict subclass
    is read as the items it holds, none of its own methods run."""
    game = new_game(name, seed=3)
    document = game.to_dict()
    refuses(lambda: type(game).from_dict(UnreadableMapping(document)), StateError)
    assert type(game).from_dict(UnreadableDict(document)).to_dict() == document
    for key, value in document.items():
        if isinstance(value, dict):
            refuses(lambda: type(game).from_dict({**document, key: UnreadableMapping(value)}), StateError)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_state_document_fields_named_by_anything_but_strings_are_refused(name: str) -> None:
    game = new_game(name, seed=3)
    document: dict[Any, Any] = {**game.to_dict(), 7: 1}
    assert "keys are field names, not 7" in refuses(lambda: type(game).from_dict(document), StateError)


def test_same_runs_no_code_of_the_values_compared() -> None:
    tampered = UnreadableDict({"a": 1})
    assert not same(tampered, {"a": 1}) and not same({"a": tampered}, {"a": {"a": 1}})
    assert not same({UnprintableStr("a"): 1}, {"a": 1})
    assert same({"a": [1, (2, 3)]}, {"a": ((1), [2, 3])})


# -- the ledger's messages -----------------------------------------------------------------------


def test_ledger_messages_name_a_long_party_briefly() -> None:
    ledger = Ledger({LONG: 0, "bob": 0})
    assert "'xxx" in refuses(lambda: ledger.add_party(LONG), SettlementError)
    assert "'xxx" in refuses(lambda: ledger.pay(LONG, LONG, 1), SettlementError)
    assert ledger.balance(LONG) == 0 and ledger.total == 0
