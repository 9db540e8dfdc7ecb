"""The shuffle every game shares (``pycards.games.engine._pack``) and the pack built on it.

The compiled ``shuffled`` is checked against a slow, obviously correct Python
reference of SplitMix64 and the rejection Fisher-Yates (itself checked against
the published SplitMix64 outputs, and driven into its rejection branch by keys
made for it), and against the compiled Vingt-un table that used the algorithm
first; the shuffles are checked uniform by chi-square over fixed seeds. Then
:class:`Pack`: deal order (top last), stacking, reshuffling the used cards, the
first-dealer draw, two packs, documents; and every bad input raising a
``ValueError`` subclass that names the offending value, with nothing changed.
"""

from __future__ import annotations

import copy
import hashlib
import threading
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycards.errors import CardTypeError, GameOptionError, IllegalActionError, StateError, UnknownCardError, WrongTypeError
from pycards.games.engine import _pack
from pycards.games.engine.pack import (
    FULL,
    MAX_CARDS,
    MAX_SHUFFLES,
    SHORT,
    Pack,
    pack_cards,
    seed_key,
    shuffled,
)

# --------------------------------------------------------------------------------------
# The reference: SplitMix64 and the rejection Fisher-Yates, in plain Python
# --------------------------------------------------------------------------------------

MASK = 2**64 - 1
GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's increment
MIX1, MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
COUNT_STEP = 0xD1B54A32D192ED03  # the stream of shuffle n starts at key ^ (n * COUNT_STEP)


def mix(z: int) -> int:
    """SplitMix64's output function of the state."""
    z = ((z ^ (z >> 30)) * MIX1) & MASK
    z = ((z ^ (z >> 27)) * MIX2) & MASK
    return z ^ (z >> 31)


def unmix(value: int) -> int:
    """The state whose ``mix`` is ``value`` (each step of mix is invertible)."""

    def unshift(x: int, s: int) -> int:
        y = x
        for _ in range(64 // s + 1):
            y = x ^ (y >> s)
        return y

    z = unshift(value, 31)
    z = unshift((z * pow(MIX2, -1, 2**64)) & MASK, 27)
    return unshift((z * pow(MIX1, -1, 2**64)) & MASK, 30)


def splitmix64(state: int) -> tuple[int, int]:
    """The next state and output of a SplitMix64 generator."""
    state = (state + GOLDEN) & MASK
    return state, mix(state)


def reference_shuffled(cards, key: int, count: int, rejections: list[int] | None = None) -> list[int]:
    """Fisher-Yates from the top of the list down: position i swaps with a uniform j in
    0..i, drawn as the first 64-bit draw below the largest multiple of i + 1 that fits."""
    cards = list(cards)
    state = key ^ ((count * COUNT_STEP) & MASK)
    for i in range(len(cards) - 1, 0, -1):
        bound = i + 1
        limit = (2**64 - 2**64 % bound) % 2**64  # 0 when bound divides 2**64: nothing rejected
        state, draw = splitmix64(state)
        while limit and draw >= limit:
            if rejections is not None:
                rejections.append(i)
            state, draw = splitmix64(state)
        j = draw % bound
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def key_for_first_draw(draw: int, count: int = 0) -> int:
    """The key whose shuffle number ``count`` draws ``draw`` first."""
    return ((unmix(draw) - GOLDEN) & MASK) ^ ((count * COUNT_STEP) & MASK)


def mentions(error: BaseException, value: object) -> bool:
    """Whether the message names ``value`` by its repr (cut short, as messages do, when long)."""
    text, message = repr(value), str(error)
    return text in message or (len(text) > 77 and text[:77] in message)


def rejects(call, value, kind: type[BaseException] = ValueError) -> BaseException:
    """``call()`` raises ``kind`` (always a ValueError) naming ``value``."""
    with pytest.raises(kind) as raised:
        call()
    assert isinstance(raised.value, ValueError), raised.value
    assert mentions(raised.value, value), (str(raised.value), value)
    return raised.value


# --------------------------------------------------------------------------------------
# The reference is SplitMix64, and shuffled is the reference
# --------------------------------------------------------------------------------------


def test_the_reference_is_splitmix64():
    """The first outputs of SplitMix64 from state 0 (Vigna's splitmix64.c)."""
    state, outputs = 0, []
    for _ in range(3):
        state, value = splitmix64(state)
        outputs.append(value)
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert all(unmix(mix(z)) == z for z in (0, 1, MASK, GOLDEN, 12345678901234567890))


def test_shuffled_is_pinned():
    """The algorithm is part of every saved game: these orders never change."""
    assert shuffled(list(range(10)), 12345, 0) == [8, 6, 7, 2, 1, 3, 9, 5, 0, 4]
    assert shuffled(list(range(10)), 12345, 0) == reference_shuffled(range(10), 12345, 0)


SIZES = [0, 1, 2, 32, 48, 50, 51, 52, 104, MAX_CARDS]
KEYS = [0, 1, MASK, COUNT_STEP, 2**63]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("key", KEYS)
def test_shuffled_matches_the_reference(size, key):
    cards = [c % 256 for c in range(size)]
    for count in (0, 1, 2, MASK):
        assert shuffled(cards, key, count) == reference_shuffled(cards, key, count)
        assert shuffled(tuple(cards), key, count) == reference_shuffled(cards, key, count)


card_lists = st.one_of(
    st.sampled_from(SIZES).flatmap(lambda n: st.lists(st.integers(0, 255), min_size=n, max_size=n)),
    st.lists(st.integers(0, 255), max_size=MAX_CARDS),
)
numbers = st.one_of(st.sampled_from([0, 1, MASK]), st.integers(0, MASK))


@settings(max_examples=300, deadline=None)
@given(cards=card_lists, key=numbers, count=numbers)
def test_shuffled_matches_the_reference_on_random_input(cards, key, count):
    before = list(cards)
    result = shuffled(cards, key, count)
    assert result == reference_shuffled(cards, key, count)
    assert cards == before  # the input is left alone
    assert all(type(c) is int for c in result)


@pytest.mark.parametrize("n", [3, 5, 7, 52, 104])
def test_shuffled_rejects_a_draw_past_the_largest_multiple(n):
    """A key made so that the first draw is 2**64 - 1, which is past the largest multiple
    of n (n not a power of two): the draw is rejected and the next one used."""
    key = key_for_first_draw(MASK)
    rejections: list[int] = []
    expected = reference_shuffled(range(n), key, 0, rejections)
    assert rejections == [n - 1]
    assert shuffled(list(range(n)), key, 0) == expected
    # without the rejection, j would have been MASK % n
    assert expected != _without_first_rejection(n, key)


def _without_first_rejection(n: int, key: int) -> list[int]:
    cards, state = list(range(n)), key
    for i in range(n - 1, 0, -1):
        state, draw = splitmix64(state)
        j = draw % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def test_a_bound_that_divides_2_to_the_64_rejects_nothing():
    """For two cards the bound is 2 and the limit wraps to 0: 2**64 - 1 is kept (j = 1)."""
    key = key_for_first_draw(MASK)
    rejections: list[int] = []
    assert reference_shuffled([7, 9], key, 0, rejections) == [7, 9] and rejections == []
    assert shuffled([7, 9], key, 0) == [7, 9]


def test_shuffled_takes_integer_scalars_and_gives_ints():
    cards = [np.int64(3), np.uint8(5), 7, np.int16(255)]
    result = shuffled(cards, np.uint64(MASK), np.int32(4))
    assert result == reference_shuffled([3, 5, 7, 255], MASK, 4)
    assert all(type(c) is int for c in result)


def test_shuffled_shuffles_positions_not_values():
    """The order depends on where cards lie, not what they are: two packs 0..51 twice are
    the one-pack-of-104 shuffle taken mod 52 (the Vingt-un table's two packs)."""
    for key in (0, 5, seed_key(9)):
        assert shuffled(list(range(52)) * 2, key, 3) == [c % 52 for c in shuffled(list(range(104)), key, 3)]


def test_shuffled_runs_in_threads():
    """The shuffle runs without the GIL; threads get the same answers as one thread."""
    jobs = [(list(range(52)), seed_key(s), s % 5) for s in range(400)]
    expected = [shuffled(*job) for job in jobs]
    results: list[list[list[int]]] = [[] for _ in range(4)]

    def work(slot: int) -> None:
        results[slot] = [shuffled(*job) for job in jobs]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [expected] * 4


# --------------------------------------------------------------------------------------
# Seeds
# --------------------------------------------------------------------------------------


def test_seed_key_is_blake2b_of_the_seed():
    for seed in (0, 1, -1, 10**30, -(10**30), 2**64):
        digest = hashlib.blake2b(str(seed).encode(), digest_size=8).digest()
        assert seed_key(seed) == int.from_bytes(digest, "little")
    assert seed_key(5) == seed_key("5") == seed_key(b"5")
    text = "élan"
    assert seed_key(text) == int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
    assert seed_key(b"\x00\xff") != seed_key(b"\xff\x00")


def test_every_seed_shuffles_its_own_pack():
    seeds = list(range(-150, 150)) + [10**30, -(10**30), 2**64, 2**64 - 1, 10**100, "", "a", b"b"]
    keys = {seed_key(s) for s in seeds}
    assert len(keys) == len(seeds)
    orders = {tuple(shuffled(FULL, seed_key(s), 0)) for s in seeds}
    assert len(orders) == len(seeds)
    assert all(0 <= k <= MASK for k in keys)


def test_shuffles_are_uniform():
    """Chi-square of where cards fall over 5,200 fixed seeds, as the driver protocol's test
    does: the top card of the first shuffle (the first dealt), the bottom card, and the
    place of the two of clubs in the second shuffle are each spread evenly over 52
    outcomes (the 0.0001 critical value of chi-square with 51 degrees of freedom is
    about 98)."""
    counts = [[0] * 52 for _ in range(3)]
    for seed in range(5200):
        key = seed_key(seed)
        first = shuffled(FULL, key, 0)
        counts[0][first[-1]] += 1
        counts[1][first[0]] += 1
        counts[2][shuffled(FULL, key, 1).index(0)] += 1
    for row in counts:
        chi2 = sum((n - 100) ** 2 / 100 for n in row)
        assert chi2 < 98, (chi2, row)


# --------------------------------------------------------------------------------------
# The card sets
# --------------------------------------------------------------------------------------


def test_pack_cards():
    assert pack_cards() == FULL == tuple(range(52))
    assert pack_cards(ranks_from=5) == SHORT == tuple(c for c in range(52) if c >> 2 >= 5)
    assert len(SHORT) == 32 and min(SHORT) == 20
    assert pack_cards(without=[25]) == tuple(c for c in range(52) if c != 25)  # Pope Joan
    assert len(pack_cards(without=(0, 1))) == 50
    assert len(pack_cards(without=iter([0, 1, 2, 3]))) == 48
    assert pack_cards(packs=2) == tuple(list(range(52)) * 2)
    assert pack_cards(ranks_from=5, without=[20], packs=2) == tuple(list(range(21, 52)) * 2)
    assert pack_cards(ranks_from=np.int64(12)) == (48, 49, 50, 51)
    assert len(pack_cards(ranks_from=5, packs=32)) == MAX_CARDS


# --------------------------------------------------------------------------------------
# Pack
# --------------------------------------------------------------------------------------


def test_deal_takes_the_top_which_is_the_end_of_the_list():
    key = seed_key(42)
    pack = Pack(FULL, key)
    assert pack.stock == [] and pack.used == [] and pack.shuffles == 0 and len(pack) == 0
    pack.shuffle()
    order = reference_shuffled(FULL, key, 0)
    assert pack.stock == order and pack.shuffles == 1 and pack.remaining == 52
    assert [pack.deal() for _ in range(3)] == order[:-4:-1]
    assert pack.turn_up() == order[-4]
    assert len(pack) == pack.remaining == 48 and pack.stock == order[:48]
    pack.shuffle()  # the second shuffle of the game
    assert pack.stock == reference_shuffled(FULL, key, 1) and pack.shuffles == 2


def test_deal_from_an_empty_stock():
    pack = Pack(FULL, 0)
    with pytest.raises(IllegalActionError, match="no cards are left in the stock"):
        pack.deal()
    with pytest.raises(ValueError):
        pack.turn_up()


def test_top_stacks_the_first_cards():
    key = seed_key(3)
    pack = Pack(FULL, key)
    pack.shuffle(top=[48, 36, 44])
    rest = [c for c in FULL if c not in (48, 36, 44)]
    assert pack.stock == reference_shuffled(rest, key, 0) + [44, 36, 48]
    assert [pack.deal() for _ in range(4)] == [48, 36, 44, reference_shuffled(rest, key, 0)[-1]]
    pack.shuffle(top=np.array([1, 2]))  # any iterable of integer scalars
    assert pack.stock[-2:] == [2, 1] and pack.shuffles == 2 and pack.used == []


def test_two_packs_are_the_tables_two_packs_mod_52():
    """The table shuffles ids 0..103 (its first pack stacked); the pack holds 0..51 twice
    and stacks one copy: the same deal, card for card."""
    for seed in (0, 1, 17, -4):
        key, top = seed_key(seed), [50, 3]
        pack = Pack(pack_cards(packs=2), key)
        pack.shuffle(top=top)
        table_rest = [c for c in range(104) if c not in top]  # _fresh_pack of the table
        table_stock = reference_shuffled(table_rest, key, 0) + list(reversed(top))
        assert pack.stock == [c % 52 for c in table_stock]
        assert Counter(pack.stock) == Counter(list(range(52)) * 2)


def test_two_packs_stack_one_copy_each_time():
    pack = Pack(pack_cards(packs=2), 0)
    pack.shuffle(top=[5, 5])
    assert pack.stock[-2:] == [5, 5] and pack.stock.count(5) == 2 and len(pack) == 104
    rejects(lambda: pack.shuffle(top=[5, 5, 5]), 5)


def test_reshuffle_used_shuffles_used_then_stock():
    key = seed_key(8)
    pack = Pack(FULL, key)
    pack.shuffle()
    dealt = [pack.deal() for _ in range(10)]
    pack.discard(dealt[:4])
    pack.discard(iter(dealt[4:7]))
    assert pack.used == dealt[:7]
    lying = pack.used + pack.stock
    assert pack.reshuffle_used() == 49
    assert pack.stock == reference_shuffled(lying, key, 1)
    assert pack.used == [] and pack.shuffles == 2
    assert Counter(pack.stock + dealt[7:]) == Counter(FULL)


def test_to_bottom_and_discard():
    pack = Pack(FULL, 0)
    pack.shuffle()
    card = pack.turn_up()
    pack.to_bottom(card)
    assert pack.stock[0] == card and len(pack) == 52
    pack.to_bottom(np.int64(card))
    assert type(pack.stock[0]) is int


def reference_first_to_turn_up(key, count, players, rank, start, cards=FULL):
    order, seat = reference_shuffled(sorted(set(cards)), key, count), start
    draws = [[] for _ in range(players)]
    for card in order:  # from the first of the list: the table's _start
        draws[seat].append(card)
        if card >> 2 == rank:
            return seat, draws
        seat = (seat + 1) % players
    raise AssertionError("the pack holds the rank")


@pytest.mark.parametrize("cards", [FULL, SHORT, pack_cards(packs=2)], ids=["full", "short", "two_packs"])
@pytest.mark.parametrize("players, rank, start", [(4, 12, 0), (3, 5, 2), (1, 9, 0), (7, 5, 6), (52, 12, 13)])
def test_first_to_turn_up(players, rank, start, cards):
    """The lot is drawn from the pack's own cards, one of each: the 32 of a short pack (a
    32-card Commerce turns up no card it does not hold), the 52 of two packs."""
    for seed in range(30):
        key = seed_key(seed)
        pack = Pack(cards, key, shuffles=seed % 3)
        pack.stock, pack.used = [20, 21], [22]
        seat, draws = pack.first_to_turn_up(players, rank, start)
        assert (seat, draws) == reference_first_to_turn_up(key, seed % 3, players, rank, start, cards)
        turned = [c for c in sum(draws, []) if c >> 2 == rank]
        assert turned == [draws[seat][-1]]  # it stops at the first card of the rank
        assert pack.shuffles == seed % 3 + 1 and pack.stock == [20, 21] and pack.used == [22]


def test_first_to_turn_up_names_a_rank_the_pack_does_not_hold():
    pack = Pack(SHORT, seed_key(1))
    with pytest.raises(GameOptionError, match="no card of rank 0"):
        pack.first_to_turn_up(4, 0)
    assert pack.shuffles == 0


def test_copy_is_independent():
    pack = Pack(FULL, 7)
    pack.shuffle()
    pack.discard([pack.deal()])
    twin = pack.copy()
    assert twin.to_dict() == pack.to_dict() and twin.cards is pack.cards and twin.key == pack.key
    twin.deal()
    twin.discard([1])
    assert len(twin) == 50 and len(pack) == 51 and pack.used != twin.used
    assert copy.copy(pack).to_dict() == pack.to_dict()  # __slots__ copy works


def test_document_round_trip():
    pack = Pack(FULL, seed_key(11))
    pack.shuffle()
    dealt = [pack.deal() for _ in range(5)]
    pack.discard(dealt[:2])
    data = pack.to_dict()
    assert data == {"stock": pack.stock, "used": dealt[:2], "shuffles": 1}
    assert "key" not in data and "cards" not in data
    back = Pack.from_dict(data, FULL, seed_key(11))
    assert back.to_dict() == data and back.cards == FULL and back.key == seed_key(11)
    back.check_accounts(dealt[2:])
    assert back.deal() == pack.deal()
    pack.reshuffle_used()
    back.reshuffle_used()  # the same key, count and cards: the same shuffle
    assert back.to_dict() == pack.to_dict() != data


def test_check_accounts():
    pack = Pack(pack_cards(packs=2), 0)
    pack.shuffle()
    hand = [pack.deal(), pack.deal()]
    pack.check_accounts(hand)
    error = rejects(lambda: pack.check_accounts(hand + [hand[0]]), hand[0], StateError)
    assert "3 times" in str(error) and "holds 2" in str(error)
    rejects(lambda: pack.check_accounts(hand[:1]), hand[1], StateError)
    rejects(lambda: pack.check_accounts(hand + [60]), 60, StateError)
    rejects(lambda: pack.check_accounts([1.5]), 1.5, CardTypeError)
    short = Pack(SHORT, 0)
    short.stock = [20]
    short.check_accounts(range(21, 52))
    rejects(lambda: short.check_accounts(range(22, 52)), 21, StateError)
    rejects(lambda: short.check_accounts(range(19, 52)), 19, StateError)  # not a card of the pack


# --------------------------------------------------------------------------------------
# Hostile input: a ValueError subclass naming the value, nothing changed
# --------------------------------------------------------------------------------------

BAD_TYPES = [1.0, 1.5, None, "1", b"1", [1], True, False, np.float64(2), np.True_, object]
BAD_IDS = [-1, 256, 2**64, 10**100, np.int64(300), np.int8(-1)]


@pytest.mark.parametrize("bad", BAD_TYPES)
def test_shuffled_rejects_a_card_of_the_wrong_type(bad):
    cards = [0, 1, bad]
    rejects(lambda: shuffled(cards, 0, 0), bad, CardTypeError)
    assert cards[:2] == [0, 1] and cards[2] is bad


@pytest.mark.parametrize("bad", BAD_IDS)
def test_shuffled_rejects_a_card_out_of_range(bad):
    rejects(lambda: shuffled((bad,), 0, 0), bad, UnknownCardError)


@pytest.mark.parametrize("bad", ["abc", None, {1, 2}, 5, iter([1]), range(3), {1: 2}, np.arange(3)])
def test_shuffled_takes_only_a_list_or_a_tuple(bad):
    rejects(lambda: shuffled(bad, 0, 0), bad, CardTypeError)


BAD_NUMBERS = [-1, 2**64, 10**100, -(2**64), 1.0, True, None, "1", np.int64(-1), np.float32(1)]


@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_shuffled_rejects_a_bad_key_or_count(bad):
    kind = ValueError if isinstance(bad, (int, np.integer)) and not isinstance(bad, bool) else WrongTypeError
    rejects(lambda: shuffled([1, 2], bad, 0), bad, kind)
    rejects(lambda: shuffled([1, 2], 0, bad), bad, kind)


def test_shuffled_rejects_too_many_cards_and_huge_ints():
    rejects(lambda: shuffled([0] * (MAX_CARDS + 1), 0, 0), MAX_CARDS + 1)
    huge = 10**5000  # past the digits Python prints: named by its size
    with pytest.raises(UnknownCardError, match=r"^card id <int of 16610 bits> is outside 0\.\.255$"):
        shuffled([huge], 0, 0)
    with pytest.raises(ValueError, match="<int of 16610 bits>"):
        shuffled([], huge, 0)


def test_a_list_subclass_whose_length_lies():
    class Liar(list):
        def __len__(self):
            return 3

    rejects(lambda: shuffled(Liar(range(MAX_CARDS + 1)), 0, 0), MAX_CARDS + 1)


@pytest.mark.parametrize("bad", BAD_TYPES)
def test_pack_rejects_cards_of_the_wrong_type(bad):
    rejects(lambda: Pack([5, bad], 0), bad, CardTypeError)
    if not isinstance(bad, list):
        rejects(lambda: Pack(bad, 0), bad, CardTypeError)


@pytest.mark.parametrize("bad", BAD_IDS)
def test_pack_rejects_cards_out_of_range(bad):
    rejects(lambda: Pack([5, bad], 0), bad, UnknownCardError)


@pytest.mark.parametrize("bad", [-1, 2**64, 10**100, 1.5, True, None, "7"])
def test_pack_rejects_a_bad_key(bad):
    rejects(lambda: Pack(FULL, bad), bad)


@pytest.mark.parametrize("bad", [-1, MAX_SHUFFLES + 1, 10**100, 1.5, True, None])
def test_pack_rejects_a_bad_count_of_shuffles(bad):
    rejects(lambda: Pack(FULL, 0, shuffles=bad), bad)


def test_pack_rejects_too_many_cards():
    rejects(lambda: Pack([1] * (MAX_CARDS + 1), 0), MAX_CARDS + 1)


def _state(pack):
    return pack.to_dict(), pack.cards, pack.key


@pytest.mark.parametrize(
    "call, bad",
    [
        (lambda p: p.shuffle(top=[52]), 52),  # not in the pack
        (lambda p: p.shuffle(top=[5, 5]), 5),  # one copy only
        (lambda p: p.shuffle(top=[256]), 256),
        (lambda p: p.shuffle(top=[1.5]), 1.5),
        (lambda p: p.shuffle(top="AH"), "AH"),
        (lambda p: p.shuffle(top=5), 5),
        (lambda p: p.to_bottom(1.5), 1.5),
        (lambda p: p.to_bottom(True), True),
        (lambda p: p.to_bottom(-1), -1),
        (lambda p: p.discard([1, None]), None),
        (lambda p: p.discard(None), None),
        (lambda p: p.discard("AH"), "AH"),
        (lambda p: p.first_to_turn_up(0, 12), 0),
        (lambda p: p.first_to_turn_up(53, 12), 53),
        (lambda p: p.first_to_turn_up(True, 12), True),
        (lambda p: p.first_to_turn_up(4, 13), 13),
        (lambda p: p.first_to_turn_up(4, -1), -1),
        (lambda p: p.first_to_turn_up(4, 1.0), 1.0),
        (lambda p: p.first_to_turn_up(4, 12, 4), 4),
        (lambda p: p.first_to_turn_up(4, 12, 10**100), 10**100),
        (lambda p: p.check_accounts(None), None),
    ],
)
def test_pack_methods_reject_bad_input_and_change_nothing(call, bad):
    pack = Pack(FULL, seed_key(1))
    pack.shuffle()
    pack.discard([pack.deal()])
    before = _state(pack)
    rejects(lambda: call(pack), bad)
    assert _state(pack) == before


def test_the_count_of_shuffles_stops_at_its_bound():
    pack = Pack(FULL, 0, shuffles=MAX_SHUFFLES)
    for call in (pack.shuffle, pack.reshuffle_used, lambda: pack.first_to_turn_up(2, 12)):
        rejects(call, MAX_SHUFFLES)
        assert pack.shuffles == MAX_SHUFFLES and pack.stock == []
    pack = Pack(FULL, 0, shuffles=MAX_SHUFFLES - 1)
    pack.shuffle()
    assert Pack.from_dict(pack.to_dict(), FULL, 0).shuffles == MAX_SHUFFLES


def test_reshuffle_used_of_too_many_cards_changes_nothing():
    pack = Pack(FULL, 0)
    pack.stock, pack.used = [1] * 600, [2] * 600
    rejects(pack.reshuffle_used, 1200)
    assert len(pack.stock) == 600 and len(pack.used) == 600 and pack.shuffles == 0


GOOD = {"stock": [3, 9, 12], "used": [40, 41], "shuffles": 4}


@pytest.mark.parametrize(
    "change, bad",
    [
        ({"stock": [3, 9, 3]}, 3),  # duplicated
        ({"used": [40, 3]}, 3),  # duplicated across stock and used
        ({"stock": [3, 9, 52]}, 52),  # not a card of the pack
        ({"stock": [True]}, True),
        ({"stock": [1.0]}, 1.0),
        ({"stock": ["3"]}, "3"),
        ({"stock": [-1]}, -1),
        ({"stock": [256]}, 256),
        ({"stock": [10**100]}, 10**100),
        ({"stock": [None]}, None),
        ({"stock": "3 9"}, "3 9"),
        ({"stock": None}, None),
        ({"stock": {3: 1}}, {3: 1}),
        ({"used": 40}, 40),
        ({"shuffles": -1}, -1),
        ({"shuffles": MAX_SHUFFLES + 1}, MAX_SHUFFLES + 1),
        ({"shuffles": 10**100}, 10**100),
        ({"shuffles": True}, True),
        ({"shuffles": 4.0}, 4.0),
        ({"shuffles": "4"}, "4"),
        ({"key": 5}, "key"),  # a field added by hand
    ],
)
def test_from_dict_rejects_a_tampered_document(change, bad):
    data = {**GOOD, **change}
    before = copy.deepcopy(data)
    rejects(lambda: Pack.from_dict(data, FULL, 0), bad, StateError)
    assert data == before


@pytest.mark.parametrize("missing", ["stock", "used", "shuffles"])
def test_from_dict_rejects_a_truncated_document(missing):
    data = {k: v for k, v in GOOD.items() if k != missing}
    with pytest.raises(StateError, match=f"^pack.{missing} is missing$"):
        Pack.from_dict(data, FULL, 0)


@pytest.mark.parametrize("bad", [None, [], "stock", 5, [("stock", [])]])
def test_from_dict_rejects_what_is_not_a_document(bad):
    rejects(lambda: Pack.from_dict(bad, FULL, 0), bad, StateError)


def test_from_dict_checks_against_the_pack_and_its_key():
    rejects(lambda: Pack.from_dict({**GOOD, "stock": [3, 9, 12, 0]}, SHORT, 0), 3, StateError)
    rejects(lambda: Pack.from_dict(GOOD, FULL, -1), -1)
    rejects(lambda: Pack.from_dict(GOOD, [1.5], 0), 1.5, CardTypeError)
    rejects(lambda: Pack.from_dict({**GOOD, "stock": [0] * (MAX_CARDS + 1)}, FULL, 0), MAX_CARDS + 1)
    two = Pack.from_dict({**GOOD, "used": [3, 40]}, pack_cards(packs=2), 0)  # 3 twice: two packs
    assert two.used == [3, 40]
    error = rejects(lambda: Pack.from_dict({**GOOD, "stock": [3, 3, 3]}, pack_cards(packs=2), 0), 3)
    assert str(error).startswith("pack: card 3 appears 3 times")
    error = rejects(lambda: Pack.from_dict({**GOOD, "shuffles": -1}, FULL, 0, path="state.pack"), -1)
    assert str(error).startswith("state.pack.shuffles")


@pytest.mark.parametrize(
    "kwargs, bad",
    [
        ({"ranks_from": -1}, -1),
        ({"ranks_from": 13}, 13),
        ({"ranks_from": 1.5}, 1.5),
        ({"ranks_from": True}, True),
        ({"ranks_from": "5"}, "5"),
        ({"packs": 0}, 0),
        ({"packs": -1}, -1),
        ({"packs": MAX_CARDS + 1}, MAX_CARDS + 1),
        ({"packs": 10**100}, 10**100),
        ({"packs": 2.0}, 2.0),
        ({"packs": True}, True),
        ({"packs": 20}, 20),  # 1,040 cards
        ({"without": [52]}, 52),
        ({"without": [-1]}, -1),
        ({"without": [256]}, 256),
        ({"without": [True]}, True),
        ({"without": [1.5]}, 1.5),
        ({"without": "AH"}, "AH"),
        ({"without": 5}, 5),
        ({"without": None}, None),
        ({"without": [25, 25]}, 25),
        ({"without": [0], "ranks_from": 5}, 0),
    ],
)
def test_pack_cards_rejects_bad_arguments(kwargs, bad):
    rejects(lambda: pack_cards(**kwargs), bad)


@pytest.mark.parametrize("bad", [1.5, None, True, [1], bytearray(b"1"), np.float64(1), object()])
def test_seed_key_rejects_a_seed_of_the_wrong_type(bad):
    rejects(lambda: seed_key(bad), bad, WrongTypeError)


def test_seed_key_rejects_what_it_cannot_hash():
    rejects(lambda: seed_key("\ud800"), "\ud800")
    with pytest.raises(ValueError, match="<int of 16610 bits>"):
        seed_key(10**5000)


def test_the_module_exports_the_compiled_shuffle():
    assert shuffled is _pack.shuffled and MAX_CARDS == _pack.MAX_CARDS == 1024 and _pack.MAX_ID == 255
    assert _pack.checked_cards([np.int64(3), 4]) == (3, 4)
