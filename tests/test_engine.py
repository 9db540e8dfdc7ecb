"""Unit tests of the engine every game driver shares (``pycards.games.engine``) and of
``action_key`` (``pycards.games.base``): options validated from their annotations, the
history of records and its copies, what a seat sees of a record, seats and sessions,
the codec, the document reader, and how an action is told from another.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Annotated, Literal, Optional

import numpy as np
import pytest

from pycards.errors import GameOptionError, IllegalActionError, StateError
from pycards.games import new_game
from pycards.games.base import Action, action_key
from pycards.games.engine.codec import Codec
from pycards.games.engine.document import Reader, shown
from pycards.games.engine.events import DealEnded, Dealt, History, Note, Record, Reshuffled, Shown
from pycards.games.engine.options import Field, Options, Range
from pycards.games.engine.seats import SESSION_ENDS, Session, left_of, next_in, rotation
from pycards.games.vingt_un import Content, Divide, Double, Draw, SellDeal, Stake, VingtUn
from pycards.settlement import Payment

HUGE = 10**5000  # its repr raises: past Python's 4300 digits for int-to-str


# --------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Terms(Options):
    stake: Annotated[int, Range(1, 10)] = 1
    pool: bool = False
    side: Literal["left", "right"] = "left"
    bonus: Optional[Literal["single", "double"]] = None
    limit: Optional[Annotated[int, Range(0, 5)]] = 0


@dataclass(frozen=True)
class Paired(Options):
    low: Annotated[int, Range(0, 9)] = 0
    high: Annotated[int, Range(0, 9)] = 9

    def check(self) -> None:
        if self.high < self.low:
            raise GameOptionError(f"option high must be at least low ({self.low}), not {self.high}")


def test_options_defaults_and_to_dict():
    terms = Terms()
    assert terms.to_dict() == {"stake": 1, "pool": False, "side": "left", "bonus": None, "limit": 0}
    assert Terms.from_dict(terms.to_dict()) == terms
    other = Terms(stake=4, bonus="double")
    assert Terms.from_dict(json.loads(json.dumps(other.to_dict()))) == other == Terms(4, bonus="double")
    with pytest.raises(dataclasses.FrozenInstanceError):
        terms.stake = 3  # type: ignore[misc]
    assert hash(terms) == hash(Terms())


@pytest.mark.parametrize("value", [1, 5, 10])
def test_options_whole_numbers_within_the_range(value):
    assert Terms(stake=value).stake == value


@pytest.mark.parametrize("value", [0, 11, -1, 1.0, 2.5, True, False, "3", None, np.int64(3), 2**64, HUGE],
                         ids=shown)
def test_options_exact_ints_only_bools_refused(value):
    """An exact int within the range: never a bool, a float equal to an int, a string of
    digits, a numpy int, or an int out of range however large (even past the digit limit
    of its repr); the error names the option."""
    with pytest.raises(GameOptionError, match="option stake"):
        Terms(stake=value)


@pytest.mark.parametrize("value", [0, 1, "true", None, 0.0])
def test_options_bools_exactly(value):
    with pytest.raises(GameOptionError, match="option pool"):
        Terms(pool=value)
    assert Terms(pool=True).pool is True


@pytest.mark.parametrize("value", ["LEFT", "up", b"left", None, 0, ("left",)])
def test_options_literal_choices_exactly(value):
    with pytest.raises(GameOptionError, match="option side") as error:
        Terms(side=value)
    assert "'left' or 'right'" in str(error.value)
    assert Terms(side="right").side == "right"


def test_options_optional_takes_none_or_a_choice():
    assert Terms(bonus=None).bonus is None and Terms(bonus="single").bonus == "single"
    for bad in ("triple", True, 0, "None"):
        with pytest.raises(GameOptionError, match="option bonus"):
            Terms(bonus=bad)
    with pytest.raises(GameOptionError, match="option side"):
        Terms(side=None)  # not Optional: None is no choice


def test_options_optional_whole_number_takes_none_or_a_number_in_range():
    """options.py: a field is "a bounded whole number, ``bool``, a ``Literal`` of choices,
    or ``Optional`` of either": ``Optional[Annotated[int, Range(0, 5)]]`` takes ``None``."""
    assert Terms(limit=5).limit == 5
    for bad in (6, -1, 1.0, "none", True):
        with pytest.raises(GameOptionError, match="option limit"):
            Terms(limit=bad)
    assert Terms(limit=None).limit is None


def test_options_check_between_options():
    assert Paired(3, 4).high == 4
    with pytest.raises(GameOptionError, match="option high"):
        Paired(5, 4)


def test_options_describe():
    fields = Terms.describe()
    assert [f.name for f in fields] == ["stake", "pool", "side", "bonus", "limit"]
    assert fields[0] == Field("stake", 1, "int", 1, 10) and fields[0].allowed() == "1..10"
    assert fields[1] == Field("pool", False, "bool") and fields[1].allowed() == "true or false"
    assert fields[2].kind == "choice" and fields[2].choices == ("left", "right")
    assert fields[2].allowed() == "'left' or 'right'"
    assert fields[3].choices == (None, "single", "double")
    assert fields[3].allowed() == "none or 'single' or 'double'"
    assert Terms.describe() is fields  # worked out once
    described = {f.name: f for f in VingtUn.Options.describe()}
    assert described["max_stake"] == Field("max_stake", 10, "int", 1, 100)
    assert described["until"].choices == ("deals", "rotations", "freeze_out")


def test_options_from_dict_refuses_unknown_names_and_non_mappings():
    with pytest.raises(GameOptionError, match="'stakes'"):
        Terms.from_dict({"stakes": 2}, "the test")
    with pytest.raises(GameOptionError, match="unknown the test option"):
        Terms.from_dict({"stake": 2, "colour": "red"}, "the test")
    for bad in ([("stake", 2)], "stake=2", None, 3):
        with pytest.raises(GameOptionError, match="mapping"):
            Terms.from_dict(bad)  # type: ignore[arg-type]
    assert Terms.from_dict({"stake": 2}) == Terms(stake=2)


def test_options_a_bad_annotation_is_a_type_error():
    @dataclass(frozen=True)
    class Bad(Options):
        ratio: float = 0.5

    with pytest.raises(TypeError, match="ratio"):
        Bad()


# --------------------------------------------------------------------------------------
# History
# --------------------------------------------------------------------------------------


def records(n: int, start: int = 0) -> list[Record]:
    return [Record(i % 3, None, (Note(f"record {i}"),)) for i in range(start, start + n)]


def test_history_append_len_iter_since_last():
    history = History()
    assert len(history) == 0 and list(history) == [] and list(history.since(0)) == []
    made = records(10)
    for k, record in enumerate(made):
        history.append(record)
        assert len(history) == k + 1 and history.last() is record
    assert list(history) == made
    for k in range(12):
        assert list(history.since(k)) == made[k:]


def test_history_copies_are_independent_and_share_the_records():
    history = History()
    for record in records(5):
        history.append(record)
    twin = history.copy()
    assert list(twin) == list(history)
    assert all(a is b for a, b in zip(twin, history))  # shared, not copied
    extra, other = records(3, 100), records(2, 200)
    for record in extra:
        history.append(record)
    for record in other:
        twin.append(record)
    assert list(history) == records(5) + extra and len(history) == 8
    assert list(twin) == records(5) + other and len(twin) == 7
    assert list(history.since(5)) == extra and list(twin.since(5)) == other
    third = twin.copy()
    twin.append(records(1, 300)[0])
    assert len(third) == 7 and list(third) == records(5) + other
    assert third.last() == other[-1]


def test_history_a_copy_after_every_append_keeps_few_chunks():
    """O(log n) chunks: after 10,000 appends, each followed by a copy, the chunks of the
    history and of every copy stay below 40 (and the records stay in order)."""
    history = History()
    made = records(10_000)
    most = 0
    copies = []
    for k, record in enumerate(made):
        history.append(record)
        twin = history.copy()
        most = max(most, len(history._chunks), len(twin._chunks))
        if k % 1000 == 999:
            copies.append((k + 1, twin))
    assert most < 40
    assert list(history) == made
    for n, twin in copies:
        assert len(twin) == n and list(twin.since(n - 3)) == made[n - 3 : n]


# --------------------------------------------------------------------------------------
# Record.view
# --------------------------------------------------------------------------------------

MIXED = Record(1, Draw(), (
    Note("the deal"),
    Dealt(1, 0, 51, (1,)),
    Dealt(2, 0, 50, (2,)),
    Dealt(0, 0, 49, None),
    Dealt(3, 1, 48, (1, 3)),
    Shown(2, 0, (50, 47)),
    Reshuffled(30),
    Payment("p1", "p0", 3),
    DealEnded(0, (3, -3, 0, 0), False, ("dealer", "player", "player", "player")),
))  # fmt: skip


@pytest.mark.parametrize("seat", [None, 0, 1, 2, 3, 4])
def test_record_view_masks_exactly_the_face_down_cards_of_others(seat):
    view = MIXED.view(seat)
    assert (view.seat, view.action) == (MIXED.seat, MIXED.action)
    assert len(view.entries) == len(MIXED.entries)
    for mine, full in zip(view.entries, MIXED.entries):
        if type(full) is Dealt:
            assert mine[:2] == full[:2] and mine.seen_by == full.seen_by
            sees = full.seen_by is None or seat in full.seen_by
            assert mine.card == (full.card if sees else None)
        else:
            assert mine == full
    assert view.view(seat) == view  # a view of a view is the same view
    assert view.payments == (Payment("p1", "p0", 3),)
    assert [d.seat for d in view.dealt] == [1, 2, 0, 3]


def test_record_view_none_masks_every_face_down_card():
    view = MIXED.view(None)
    assert [d.card for d in view.dealt] == [None, None, 49, None]


def test_record_view_with_nothing_hidden_is_the_record_itself():
    record = Record(0, Content(), (Dealt(1, 0, 5, None), Note("n"), Dealt(0, 0, 6, (0,))))
    assert record.view(0) is record
    assert record.view(1) is not record and record.view(1).dealt[1].card is None


def test_record_to_dict_is_json():
    data = MIXED.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["action"] == {"type": "Draw"} and data["seat"] == 1
    assert data["entries"][1] == {"type": "Dealt", "seat": 1, "hand": 0, "card": 51, "seen_by": [1]}
    assert data["entries"][3]["seen_by"] is None
    assert data["entries"][5] == {"type": "Shown", "seat": 2, "hand": 0, "cards": [50, 47], "seen_by": None}


def test_record_views_in_a_game_hide_the_first_cards():
    game = new_game("vingt_un", players=3, seed=1, dealer=0)
    first = next(game.history())
    for seat in (0, 1, 2):
        (record,) = game.events(seat)
        assert record == first.view(seat)
        for dealt in record.dealt:
            assert (dealt.card is None) == (dealt.seat != seat)
    assert all(d.card is None for d in game.events(None)[0].dealt)


# --------------------------------------------------------------------------------------
# Seats and sessions
# --------------------------------------------------------------------------------------


def test_seats_left_of_rotation_next_in():
    assert [left_of(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert list(rotation(2, 4)) == [3, 0, 1, 2]
    assert list(rotation(2, 4, out={3})) == [0, 1, 2]
    assert list(rotation(2, 4, out={2})) == [3, 0, 1]  # the seat itself may be out
    assert list(rotation(0, 3, out={0, 1, 2})) == []
    assert list(rotation(0, 1)) == [0]
    assert next_in(1, 4) == 2 and next_in(1, 4, out={2, 3}) == 0
    assert next_in(1, 3, out={0, 2}) == 1  # itself when all others are out
    assert next_in(3, 4, out={0}) == 1


def test_session_until_deals():
    session = Session("deals", 3, first_dealer=1)
    assert [session.deal_ended(1, False, 4) for _ in range(3)] == [False, False, True]
    assert session.deals == 3 and session.over


def test_session_until_rotations():
    """The session ends when the deal is about to come back to the first dealer for the
    ``limit``-th time."""
    session = Session("rotations", 2, first_dealer=0)
    ends = [session.deal_ended(d, passes, 3) for d, passes in
            [(0, False), (1, True), (2, True), (0, True), (0, False), (1, True), (2, True), (0, True)]]
    assert ends == [False] * 7 + [True]
    assert session.returns == 2 and session.deals == 8
    session = Session("rotations", 1, first_dealer=2)
    assert session.deal_ended(2, False, 3) is False  # the same dealer goes on: no return
    assert session.deal_ended(2, True, 3) is True


def test_session_until_rotations_counts_a_first_dealer_passed_over():
    """A first dealer without counters is passed over by the deal: his turn has come round
    all the same, so every player still in has dealt equally often."""
    session = Session("rotations", 1, first_dealer=0)
    assert session.deal_ended(1, True, 2) is False
    assert session.deal_ended(2, True, 2) is False
    assert session.deal_ended(1, True, 2, passed_over=[0]) is True  # from 2 past 0 to 1
    jumped = Session("rotations", 1, first_dealer=0)
    assert jumped.deal_ended(2, True, 3, passed_over=[]) is False


def test_session_play_on_waits_for_the_next_rotation():
    """A session due to end that must play on (a pool still holds counters): by deals it
    may end after the next deal; by rotations only when the deal comes round again."""
    session = Session("rotations", 1, first_dealer=0)
    assert [session.deal_ended(d, True, 3) for d in (1, 2, 0)] == [False, False, True]
    session.play_on()
    assert not session.over
    assert [session.deal_ended(d, True, 3) for d in (1, 2, 0)] == [False, False, True]
    by_deals = Session("deals", 2, first_dealer=0)
    assert [by_deals.deal_ended(d, True, 3) for d in (1, 2)] == [False, True]
    by_deals.play_on()
    assert by_deals.deal_ended(0, True, 3) is True


def test_session_until_freeze_out():
    session = Session("freeze_out", 0, first_dealer=0)
    assert session.deal_ended(1, True, 3) is False
    session.out.update({1, 2})
    assert session.deal_ended(0, True, 1) is True


def test_a_session_until_the_first_player_is_out_ends_when_one_seat_holds_nothing():
    """Whiskey Poker, Commerce with a widow: "the first player to lose his three counters
    pays for the whiskey" ends the session (its limit is the seats at the table)."""
    session = Session("first_out", 4, 0)
    assert session.deal_ended(1, True, 4) is False
    assert session.deal_ended(2, True, 3) is True


def test_session_copy_and_document():
    assert SESSION_ENDS == ("deals", "rotations", "freeze_out", "first_out")
    session = Session("rotations", 3, first_dealer=2)
    session.deal_ended(0, True, 3)
    session.out.add(1)
    twin = session.copy()
    twin.out.add(0)
    twin.deal_ended(2, True, 3)
    assert session.out == {1} and session.deals == 1 and session.returns == 0
    assert twin.returns == 1 and twin.deals == 2
    data = session.to_dict()
    assert data == {"first_dealer": 2, "deals": 1, "returns": 0, "out": [1], "over": False}
    again = Session("rotations", 3, 0)
    again.restore(Reader(json.loads(json.dumps(data)), "session"), 3)
    assert again.to_dict() == data
    for key, bad in [("first_dealer", 3), ("deals", -1), ("returns", 1.0), ("out", [1, 1]), ("out", [5]),
                     ("over", 0)]:  # fmt: skip
        with pytest.raises(StateError, match=f"session.{key}"):
            Session("deals", 1, 0).restore(Reader({**data, key: bad}, "session"), 3)


# --------------------------------------------------------------------------------------
# Codec
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bet(Action):
    amount: int


@dataclass(frozen=True, slots=True)
class Fold(Action):
    pass


@dataclass(frozen=True, slots=True)
class Offer(Action):
    to: int
    price: int


DOMAINS = [(Fold, {}), (Bet, {"amount": range(1, 4)}), (Offer, {"to": (0, 1), "price": (0, 5)})]


def test_codec_ids_are_dense_and_in_domain_order():
    codec = Codec(DOMAINS)
    expected = [Fold(), Bet(1), Bet(2), Bet(3), Offer(0, 0), Offer(0, 5), Offer(1, 0), Offer(1, 5)]
    assert codec.size == len(expected) and list(codec.actions) == expected
    assert [codec.index(a) for a in expected] == list(range(len(expected)))
    assert [codec.action(i) for i in range(codec.size)] == expected
    assert Codec(DOMAINS).actions == codec.actions  # stable: the same domains, the same ids


def test_codec_mask():
    codec = Codec(DOMAINS)
    mask = codec.mask([Bet(2), Offer(1, 0)])
    assert mask.dtype == np.bool_ and mask.shape == (codec.size,)
    assert np.flatnonzero(mask).tolist() == [2, 6]
    assert not codec.mask([]).any()


@pytest.mark.parametrize("bad", [-1, 8, 100, 1.0, 1.5, True, False, "0", None, [0], 2**70, HUGE], ids=shown)
def test_codec_bad_ids_raise(bad):
    codec = Codec(DOMAINS)
    with pytest.raises(IllegalActionError):
        codec.action(bad)


def test_codec_integer_scalars_are_ids():
    codec = Codec(DOMAINS)
    assert codec.action(np.int64(2)) == Bet(2) and codec.action(np.uint8(0)) == Fold()


CODEC_BAD = [Bet(0), Bet(4), Bet(2.0), Bet(True), Offer(2, 0), Offer(0, 5.0), Draw(), "Fold", None]


@pytest.mark.parametrize("bad", CODEC_BAD, ids=shown)
def test_codec_bad_actions_raise(bad):
    codec = Codec(DOMAINS)
    with pytest.raises(IllegalActionError):
        codec.index(bad)


@pytest.mark.parametrize("bad", CODEC_BAD, ids=shown)
def test_codec_mask_of_a_bad_action_raises_illegal_action(bad):
    """codec.py: "IllegalActionError for an action outside the domains" -- the mask too."""
    codec = Codec(DOMAINS)
    with pytest.raises(IllegalActionError):
        codec.mask([Bet(1), bad])


def test_codec_of_a_game_agrees_with_its_legal_actions():
    game = new_game("vingt_un", players=3, seed=2, min_stake=2, max_stake=4, selling=True, max_price=2)
    assert game.num_actions == game.codec.size == game.info.num_actions
    assert game.codec is game.codec  # cached per (players, options)
    for index in range(game.num_actions):
        action = game.action_from_index(index)
        assert game.action_index(action) == index
    legal = game.legal_actions()
    assert np.flatnonzero(game.legal_mask()).tolist() == sorted(game.action_index(a) for a in legal)
    with pytest.raises(IllegalActionError):
        game.action_index(Stake(5))
    with pytest.raises(IllegalActionError):
        game.action_from_index(game.num_actions)


# --------------------------------------------------------------------------------------
# document.Reader
# --------------------------------------------------------------------------------------


def reader(**fields) -> Reader:
    return Reader(fields, "doc.part")


@pytest.mark.parametrize("bad", [None, [1], "text", 3, ("a", 1)])
def test_reader_wants_an_object(bad):
    with pytest.raises(StateError, match=r"^doc\.part must be an object \(a mapping\), not "):
        Reader(bad, "doc.part")


def test_reader_missing_and_unknown_fields():
    with pytest.raises(StateError, match=r"^doc\.part\.seat is missing$"):
        reader(other=1).int("seat", 0, 3)
    with pytest.raises(StateError, match=r"^doc\.part has an unknown field 'cheat'$"):
        reader(seat=1, cheat=2).only("seat")
    assert reader(seat=1).only("seat", "more").value("seat") == 1


@pytest.mark.parametrize("bad, text", [(7, "7"), (-1, "-1"), (1.0, "1.0"), (True, "True"), ("2", "'2'"),
                                       (None, "None"), (HUGE, "<int of 16610 bits>")], ids=shown)  # fmt: skip
def test_reader_int(bad, text):
    with pytest.raises(StateError) as error:
        reader(dealer=bad).int("dealer", 0, 3)
    assert str(error.value) == f"doc.part.dealer must be a whole number from 0 to 3, not {text}"
    assert reader(dealer=3).int("dealer", 0, 3) == 3


@pytest.mark.parametrize("bad", [0, 1, "true", None])
def test_reader_bool(bad):
    with pytest.raises(StateError, match=rf"^doc\.part\.over must be true or false, not {bad!r}$"):
        reader(over=bad).bool("over")
    assert reader(over=False).bool("over") is False


@pytest.mark.parametrize("bad", ["DRAW", "draw ", 0, None, b"draw"])
def test_reader_choice(bad):
    with pytest.raises(StateError) as error:
        reader(phase=bad).choice("phase", ("draw", "over"))
    assert str(error.value).startswith("doc.part.phase must be one of 'draw', 'over', not ")
    assert repr(bad)[:20] in str(error.value)
    assert reader(phase="over").choice("phase", ("draw", "over")) == "over"


def test_reader_list_ints_cards_seats_seat():
    whole = "must be a whole number from"
    with pytest.raises(StateError, match=r"^doc\.part\.cards must be a list, not 'AS'$"):
        reader(cards="AS").list("cards", 3)
    with pytest.raises(StateError, match=r"^doc\.part\.cards holds 4 items, more than 3$"):
        reader(cards=[1, 2, 3, 4]).list("cards", 3)
    with pytest.raises(StateError, match=rf"^doc\.part\.cards\[1\] {whole} 0 to 51, not 52$"):
        reader(cards=[1, 52]).cards("cards", 5)
    with pytest.raises(StateError, match=rf"^doc\.part\.cards\[0\] {whole} 0 to 51, not 1\.0$"):
        reader(cards=[1.0]).cards("cards", 5)
    with pytest.raises(StateError, match=rf"^doc\.part\.rewards\[2\] {whole} -5 to 5, not 6$"):
        reader(rewards=[0, 1, 6]).ints("rewards", -5, 5, 3)
    with pytest.raises(StateError, match=r"^doc\.part\.order names a seat twice: \[1, 1\]$"):
        reader(order=[1, 1]).seats("order", 3)
    with pytest.raises(StateError, match=rf"^doc\.part\.order\[0\] {whole} 0 to 2, not 3$"):
        reader(order=[3]).seats("order", 3)
    with pytest.raises(StateError, match=rf"^doc\.part\.dealer {whole} 0 to 2, not None$"):
        reader(dealer=None).seat("dealer", 3)
    assert reader(dealer=None).seat("dealer", 3, none=True) is None
    assert reader(cards=(1, 2)).cards("cards", 2) == [1, 2]
    assert reader(order=[2, 0]).seats("order", 3) == [2, 0]
    with pytest.raises(StateError, match=r"^doc\.part\.sub must be an object"):
        reader(sub=[1]).reader("sub")
    assert reader(sub={"a": 1}).reader("sub").path == "doc.part.sub"


def test_shown_never_fails():
    class Lying:
        def __repr__(self):
            raise RuntimeError("no repr")

    assert shown(HUGE) == "<int of 16610 bits>"
    assert shown(Lying()).startswith("<") and "Lying" in shown(Lying())
    assert len(shown("x" * 1000)) == 80 and shown("x" * 1000).endswith("...")
    assert shown([1, 2]) == "[1, 2]"


# --------------------------------------------------------------------------------------
# action_key: an action is told by its exact class and exact field types
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Evil(Action):
    """Equal to everything, hashing like Draw(): it must not pass for any action."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return hash(Draw())


@dataclass(frozen=True, slots=True)
class MyStake(Stake):
    """A subclass of a legal action's class, with a legal amount."""


def image(game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def test_action_key_exact_class_and_field_types():
    assert action_key(Stake(2)) == (Stake, 2)
    assert action_key(SellDeal(1, 3)) == (SellDeal, 1, 3)
    assert action_key(Draw()) == (Draw,) and Draw().key() == (Draw,)
    assert action_key(Evil()) == (Evil,) != action_key(Draw())
    for bad, text in [(Stake(1.0), "Stake.amount must be int, not 1.0"), (Stake(True), "Stake.amount"),
                      (Stake(np.int64(1)), "Stake.amount"), (Double(1), "Double.call must be bool, not 1"),
                      (SellDeal(1, "2"), "SellDeal.price")]:  # fmt: skip
        with pytest.raises(IllegalActionError, match=text.replace(".", r"\.")):
            action_key(bad)
    for bad in ("Draw", None, 3, Draw, ("Stake", 1)):
        with pytest.raises(IllegalActionError, match="an action is a pycards Action"):
            action_key(bad)


def test_an_action_class_with_a_field_no_action_has_is_illegal_and_changes_nothing():
    """A user's Action subclass whose field is not an int, bool or str (or whose annotation
    cannot be resolved) is no game's action: IllegalActionError naming it, never TypeError."""

    @dataclass(frozen=True, slots=True)
    class Weighted(Action):
        weight: float

    @dataclass(frozen=True, slots=True)
    class Unresolved(Action):
        weight: "NoSuchType"  # noqa: F821

    game = new_game("vingt_un", players=2, seed=1)
    before, records = image(game), game.records
    for bad in (Weighted(0.5), Unresolved(1)):
        with pytest.raises(IllegalActionError, match=type(bad).__name__ + " is not an action of any game"):
            action_key(bad)
        with pytest.raises(IllegalActionError, match=type(bad).__name__):
            game.apply(bad)
        assert not game.is_legal(bad)
        with pytest.raises(IllegalActionError):
            game.action_index(bad)
    assert image(game) == before and game.records == records


def test_an_always_equal_action_is_not_accepted_as_another():
    """``Evil() == Draw()`` and they hash alike, but legality is decided by the exact
    class and fields (base.py: "never by its own ``__eq__``")."""
    game = new_game("vingt_un", players=2, seed=1, dealer=0, top="4H 10S 9C 8S 7D")
    game.apply(Stake(2))
    game.apply(Double(False))
    assert Draw() in game.legal_actions() and Evil() in game.legal_actions()  # by Evil's own __eq__
    before, records = image(game), game.records
    for bad in (Evil(), MyStake(2)):
        assert not game.is_legal(bad)
        with pytest.raises(IllegalActionError):
            game.apply(bad)
        with pytest.raises(IllegalActionError):
            game.action_index(bad)
        assert image(game) == before and game.records == records
    game.apply(Draw())  # the real one still goes
    assert game.records == records + 1


@pytest.mark.parametrize("amount", [1.0, True, np.int64(1), np.int32(2), 2.0, "1", None])
def test_a_float_bool_or_numpy_amount_is_refused(amount):
    game = new_game("vingt_un", players=3, seed=4, dealer=0)
    before = image(game)
    for action in (Stake(amount), Divide(amount), SellDeal(1, amount)):
        assert not game.is_legal(action)
        with pytest.raises(IllegalActionError):
            game.apply(action)
        assert image(game) == before
    game.apply(Stake(1))
    assert game.hands[1][0].stake == 1 and type(game.hands[1][0].stake) is int


def test_action_from_dict_checks_fields_and_types():
    assert VingtUn.action_from_dict({"type": "Stake", "amount": 3}) == Stake(3)
    assert VingtUn.action_from_dict(Draw().to_dict()) == Draw()
    for bad in ({"type": "Stake", "amount": 3.0}, {"type": "Stake"}, {"type": "Stake", "amount": 1, "x": 2},
                {"type": "Evil"}, {"type": None}, {}, [], "Stake",
                {"type": "Double", "call": 1}, {"type": "Stake", "amount": 1, 2: 3}):  # fmt: skip
        with pytest.raises(IllegalActionError):
            VingtUn.action_from_dict(bad)
    with pytest.raises(IllegalActionError, match="keys are field names, not 2"):
        VingtUn.action_from_dict({"type": "Stake", "amount": 1, 2: 3})


def test_huge_ints_are_named_by_their_size_in_every_protocol_message():
    """An int past Python's digit limit cannot be printed: every message of the protocol names
    it by its size instead (an IllegalActionError or GameOptionError, never a bare ValueError)."""
    from pycards.errors import GameOptionError, IllegalActionError
    from pycards.games import new_game
    from pycards.games.vingt_un import Stake

    huge = 10**5000
    game = new_game("vingt_un", players=3, seed=1)
    before = game.to_dict()
    calls = [
        (lambda: game.apply(Stake(huge)), IllegalActionError, "Stake(amount=<int of 16610 bits>)"),
        (lambda: game.observation(huge), IllegalActionError, "no seat <int of 16610 bits>"),
        (lambda: game.events(0, since=huge), IllegalActionError, "not <int of 16610 bits>"),
        (lambda: game.action_from_index(huge), IllegalActionError, "<int of 16610 bits>"),
        (lambda: new_game("vingt_un", players=huge), GameOptionError, "<int of 16610 bits>"),
        (lambda: new_game("vingt_un", seed=huge), GameOptionError, "<int of 16610 bits>"),
    ]
    for call, error, words in calls:
        with pytest.raises(error) as raised:
            call()
        assert words in str(raised.value)
    assert game.to_dict() == before


def test_games_whose_options_do_not_change_the_actions_share_one_codec_and_few_are_kept() -> None:
    """The codec is made once for each distinct set of action domains (2,000 Draw Poker games
    differing only in their counters share one: they used to keep 381 MiB), and the codecs kept
    for reuse are bounded (:data:`~pycards.games.engine.game.CODECS_KEPT`, the most recently
    used), while each game keeps its own."""
    import gc
    import tracemalloc

    from pycards.games import new_game
    from pycards.games.engine import game as engine_game

    tracemalloc.start()
    try:
        games = [new_game("draw_poker", players=4, seed=0, counters=100 + i, limit=1000) for i in range(2000)]
        codecs = {id(g.codec) for g in games}
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(codecs) == 1 and held < 64 * 2**20
    for limit in range(2, engine_game.CODECS_KEPT + 22):
        kept = new_game("draw_poker", players=4, seed=0, limit=limit)
        assert kept.num_actions == kept.codec.size
    assert len(engine_game._CODECS) <= engine_game.CODECS_KEPT
    assert games[0].codec is games[0].codec and games[0].action_from_index(0) is not None
