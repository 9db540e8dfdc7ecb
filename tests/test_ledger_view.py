"""The read-only view of a ledger (docs/rules.md section 5).

A game hands out ``ledger.view()``, never its ledger: every reader of the view
shows the ledger as it is at that moment, and no attribute of the view, public
or with a leading underscore, pays, or gives back the ledger (or anything else
that can change it). Setting or deleting an attribute raises AttributeError.
"""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_settlement import raises_exactly

from pycards.errors import SettlementError
from pycards.settlement import Batch, Ledger, LedgerView, Payment

MODES = pytest.mark.parametrize("journal", [True, False], ids=["journal", "no-journal"])

WRITERS = ["apply", "pay", "collect", "pay_out", "add_party", "check", "copy", "from_dict", "from_json",
           "ledger", "_ledger", "__ledger", "_LedgerView__ledger", "_balances", "_credit", "_initial",
           "_journal", "_total", "_commit", "_net"]  # fmt: skip


def table(journal: bool) -> Ledger:
    ledger = Ledger({"ann": 10, "bob": 5, "pool": 0, "bank": 0}, credit=["bank"], journal=journal)
    ledger.apply([("ann", "pool", 2), ("bob", "pool", 2)], note="ante")
    return ledger


def readings(source: Ledger | LedgerView) -> dict:
    """Everything a reader can learn, from a ledger or from a view."""
    return {
        "balances": source.balances,
        "each": {party: source.balance(party) for party in source.parties},
        "total": source.total,
        "parties": source.parties,
        "credit": source.credit,
        "journal": source.journal,
        "keeps_journal": source.keeps_journal,
        "to_dict": source.to_dict(),
        "to_json": source.to_json(),
    }


# --------------------------------------------------------------------------------------
# Every reader, right and live
# --------------------------------------------------------------------------------------


@MODES
def test_every_reader_of_the_view_is_the_ledgers_and_live(journal):
    """After every kind of change to the ledger, the same view (made once) reads what the ledger does."""
    ledger = table(journal)
    view = ledger.view()
    changes = [
        lambda: None,
        lambda: ledger.pay("pool", "ann", 4, note="ann wins"),
        lambda: ledger.apply([Payment("bank", "bob", 3), ("ann", "pool", 1)], note="loan"),
        lambda: ledger.collect("pool", {"ann": 1, "bob": 1}),
        lambda: ledger.pay_out("pool", {"bob": 3}),
        lambda: ledger.add_party("side", credit=True),
        lambda: ledger.pay("side", "ann", 2),
    ]
    for change in changes:
        change()
        assert readings(view) == readings(ledger)
    assert view.balances == {"ann": 12, "bob": 8, "pool": 0, "bank": -3, "side": -2}
    assert view.balance("side") == -2 and view.total == 15
    assert view.parties == ("ann", "bob", "pool", "bank", "side")
    assert view.credit == frozenset({"bank", "side"})
    assert view.keeps_journal is journal
    assert len(view.journal) == (6 if journal else 0)
    assert json.loads(view.to_json()) == view.to_dict() == ledger.to_dict()


@MODES
def test_the_views_balances_journal_and_document_are_copies(journal):
    """Changing what a reader gave back changes neither the ledger nor what the view shows next."""
    ledger = table(journal)
    view = ledger.view()
    before = readings(ledger)
    view.balances["ann"] = 999
    view.to_dict()["balances"]["ann"] = 999
    view.to_dict()["initial"]["ann"] = 999
    assert readings(ledger) == readings(view) == before
    assert isinstance(view.journal, tuple) and isinstance(view.credit, frozenset)


def test_the_view_refuses_an_unknown_party_as_the_ledger_does():
    view = table(True).view()
    cases = [("zed", "unknown party 'zed'"), (None, "unknown party None"), (7, "unknown party 7")]
    for party, message in cases:
        with raises_exactly(message):
            view.balance(party)


def test_the_view_reads_a_str_subclass_party_as_its_plain_string():
    class Name(str):
        def __hash__(self) -> int:
            raise RuntimeError("the name's own __hash__")

    assert table(False).view().balance(Name("ann")) == 8


# --------------------------------------------------------------------------------------
# No way to pay, and nothing that leads back to the ledger
# --------------------------------------------------------------------------------------


@MODES
def test_the_view_has_no_writer_and_no_attribute_gives_the_ledger_back(journal):
    """No apply/pay/collect/pay_out/add_party, and no attribute at all (public, single- or
    double-underscore, the name-mangled slot included) that is the ledger, a method bound to it,
    or a mutable container of its."""
    ledger = table(journal)
    view = ledger.view()
    for name in WRITERS:
        assert not hasattr(view, name), name
    for name in dir(view):
        value = getattr(view, name)
        assert value is not ledger and not isinstance(value, Ledger), name
        assert getattr(value, "__self__", None) is not ledger, name
        if isinstance(value, (dict, list)):
            assert value is not ledger._balances and value is not ledger._journal, name
    with pytest.raises(AttributeError):
        object.__getattribute__(view, "_LedgerView__ledger")
    assert "_LedgerView__ledger" not in vars(LedgerView)
    assert not hasattr(view, "__dict__")


def test_the_view_pays_nothing_and_the_ledger_is_unchanged_by_every_attempt():
    ledger = table(True)
    view = ledger.view()
    before = readings(ledger)
    attempts = [
        lambda: view.pay("ann", "pool", 1),
        lambda: view.apply([("ann", "pool", 1)]),
        lambda: view.collect("pool", {"ann": 1}),
        lambda: view.pay_out("pool", {"ann": 1}),
        lambda: view.add_party("side"),
        lambda: view.check([("ann", "pool", 1)]),
        lambda: view._LedgerView__ledger.pay("ann", "pool", 1),
    ]
    for attempt in attempts:
        with pytest.raises(AttributeError):
            attempt()
    assert readings(ledger) == before


@pytest.mark.parametrize(
    "statement",
    [
        "view.balances = {'ann': 999}",
        "view.total = 0",
        "view.journal = ()",
        "view.x = 1",
        "view._balances = {}",
        "view._LedgerView__ledger = other",
        "del view.balances",
        "del view.x",
        "del view._LedgerView__ledger",
        "object.__setattr__(view, '_LedgerView__ledger', other)",
        "object.__delattr__(view, '_LedgerView__ledger')",
    ],
)
def test_setting_or_deleting_an_attribute_of_the_view_raises_attribute_error(statement):
    """A view cannot be changed, nor pointed at another ledger (even past its own __setattr__)."""
    ledger = table(True)
    other = Ledger({"zed": 1})
    view = ledger.view()
    before = readings(ledger)
    with pytest.raises(AttributeError):
        exec(statement, {"view": view, "other": other})
    assert readings(view) == readings(ledger) == before
    assert view == ledger and view != other


def test_a_view_is_made_of_a_ledger_or_a_view_only():
    ledger = table(False)
    assert LedgerView(ledger) == ledger.view() == LedgerView(ledger.view())
    assert LedgerView(ledger).balances == ledger.balances
    for bad, message in [
        ({"ann": 1}, "a LedgerView shows a Ledger, not {'ann': 1}"),
        (None, "a LedgerView shows a Ledger, not None"),
        ("ledger", "a LedgerView shows a Ledger, not 'ledger'"),
    ]:
        with raises_exactly(message):
            LedgerView(bad)
    with pytest.raises(TypeError):
        LedgerView()  # type: ignore[call-arg]


# --------------------------------------------------------------------------------------
# repr, equality, copies
# --------------------------------------------------------------------------------------


def test_the_repr_of_a_view_shows_the_live_balances():
    ledger = Ledger({"ann": 5, "pool": 0})
    view = ledger.view()
    assert repr(view) == "LedgerView({'ann': 5, 'pool': 0})"
    ledger.pay("ann", "pool", 2)
    assert repr(view) == "LedgerView({'ann': 3, 'pool': 2})"
    light = Ledger({"ann": 5}, journal=False)
    assert repr(light.view()) == "LedgerView({'ann': 5}, journal=False)"


@MODES
def test_a_view_equals_its_ledger_its_other_views_and_what_the_ledger_equals(journal):
    ledger = table(journal)
    view = ledger.view()
    assert view == ledger and ledger == view and view == ledger.view() and view is not ledger.view()
    twin = ledger.copy()
    assert view == twin and view == twin.view()
    twin.pay("ann", "bob", 1)
    assert view != twin and view != twin.view() and twin.view() != view
    ledger.pay("ann", "bob", 1)
    assert view == twin  # the same history again
    assert view != Ledger(ledger.balances, credit=ledger.credit, journal=not journal)
    assert view != ledger.balances and view != 5 and view != None  # noqa: E711
    with pytest.raises(TypeError):
        hash(view)


def test_copies_of_a_view():
    """copy.copy gives the view itself; copy.deepcopy a view of the deep copy of its ledger,
    the same copy as the ledger's own within one deepcopy; a view is not pickled."""
    ledger = table(True)
    view = ledger.view()
    assert copy.copy(view) is view
    deep_ledger, deep_view = copy.deepcopy([ledger, view])
    assert deep_ledger is not ledger and deep_view == deep_ledger == ledger
    deep_ledger.pay("ann", "pool", 1)
    assert deep_view.balances == deep_ledger.balances != ledger.balances
    assert view.balances == ledger.balances
    alone = copy.deepcopy(view)
    ledger.pay("ann", "pool", 1)
    assert alone != view  # shows a copy of the ledger, not the ledger
    with pytest.raises(TypeError, match="a LedgerView is not pickled"):
        pickle.dumps(view)
    assert pickle.loads(pickle.dumps(ledger)) == ledger


@MODES
def test_copy_copy_and_deepcopy_of_a_ledger_are_independent_ledgers(journal):
    """A ledger writes its balances in place, so copy.copy must not share them: it is copy()."""
    ledger = table(journal)
    for twin in (copy.copy(ledger), copy.deepcopy(ledger)):
        assert twin == ledger and twin is not ledger and twin.keeps_journal is journal
        twin.pay("ann", "bob", 1)
        assert ledger.balances == {"ann": 8, "bob": 3, "pool": 4, "bank": 0}
        assert len(ledger.journal) == (1 if journal else 0)


# --------------------------------------------------------------------------------------
# Hypothesis: a view stays its ledger's, whatever is done to the ledger
# --------------------------------------------------------------------------------------

PARTIES = ["ann", "bob", "pool", "bank"]


@settings(max_examples=150, deadline=None)
@given(
    st.booleans(),
    st.lists(
        st.tuples(st.sampled_from(PARTIES), st.sampled_from(PARTIES), st.integers(0, 12), st.booleans()),
        max_size=12,
    ),
)
def test_a_view_always_reads_what_its_ledger_reads(journal, moves):
    ledger = Ledger({"ann": 10, "bob": 10, "pool": 0, "bank": 0}, credit=["bank"], journal=journal)
    view = ledger.view()
    for payer, payee, amount, as_batch in moves:
        try:
            if as_batch:
                ledger.apply([Payment(payer, payee, amount), Payment(payee, payer, amount // 2)])
            else:
                ledger.pay(payer, payee, amount)
        except SettlementError:
            pass
        assert readings(view) == readings(ledger)
        assert view == ledger
    assert all(type(b) is Batch for b in view.journal)
