"""Progressive Poker (``new_game("progressive_poker", ...)``), paragraph by paragraph.

The text is seed ``004_7d6a6396833e304f.txt``, PROGRESSIVE POKER, whose five paragraphs are
cited below as P1-P5: P1 the arrangement of the players ("The simplest method of arranging the
players ..."), P2 the counters, the bell and "The choice of seats, deal, etc., is decided at
each table exactly as at Draw Poker", P3 the play and the bell ("One deal is made at each
table ..."), P4 the fresh stake ("Any player losing all his counters ..."), P5 the prizes
("Three or four prizes are usually provided for ..."). docs/rules.md section 6.3 ("Progressive
Poker" and the decisions of the ``progressive_poker`` driver) settles what the text leaves open:
one deal per table per bell (a pool it leaves undecided waits at its table for the table's
next deal; at the last bell a table deals again until its pool is won), winners moving into
the seat left by the one moving from the table above (a table nobody won sending up its
biggest stack), the smallest stack not in the call (no call: of all; if all were in it, of
those who took nothing from the pool; if all took a share, of all), ties cut with the highest
card chosen, the moves first, then the re-stakes, the exchanges last, prizes on counters won
(the booby prize by counters or, as an option, by yellow chips). Each table plays Draw Poker
(docs/rules.md section 6.2) with the hands ranked by the ``american`` profile by default
(section 6.3: an American game); the stacked hands below rank alike in both profiles
unless a test says otherwise. Where
docs/rules.md 6.3 still gives the older order (re-stakes before the moves, the smallest "of
all" when all were in the call), these tests follow the driver's order
(``ProgressivePoker._bell``: the moves, the re-stakes, the exchanges).

Every pool below is played through the public protocol with scripted actions (:func:`play`
checks that each scripted seat is the one to act), so the outcomes are known without looking
at the cards: a pool that everybody but one passes is taken unshown; a player who has put
all his counters in and then asks for a number of cards other than his discard holds a foul
hand and retires (laws 44-48), losing all he holds. Where a show is needed the head table's
first deal is stacked with ``top=``. The seating drawn by lot for a seed is asserted first,
and every number after it (stakes, pools, balances, who moves where, prizes) is worked out
by hand in the test.

Seats are drawn with a red and a blue pack (P1): the ladies (the first ``ladies`` players,
half by default) draw the red cards, the gentlemen the blue, half of each table's places
being red. With seed 0 and 8 players (ladies p0..p3) the lot gives the head table p1, p7,
p6, p0 (red p0, p1; blue p6, p7; first dealer p1: the ante is p7's, p6 speaks first) and the
booby table p4, p5, p3, p2 (red p2, p3; blue p4, p5; dealer p2: p4 antes, p5 speaks first).
With seed 0 and 12 players (ladies p0..p5): p2, p9, p7, p0 (dealer p0: p2 antes, p9 speaks
first); p10, p11, p3, p1 (dealer p11: p3 antes, p1 first); p4, p5, p6, p8 (dealer p5: p6
antes, p8 first).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from pycards.cards import parse
from pycards.errors import GameOptionError, StateError
from pycards.games import new_game
from pycards.games.poker.draw import Straddle
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.events import DealEnded, Dealt, Note
from pycards.games.poker.table import Demand, Discard
from pycards.games.poker.progressive import ProgressivePoker, table_sizes
from pycards.settlement import Payment

KNAVE = 9
PAT = Discard(0)
FOUL = Demand(1, 2)
"""Discard one card and ask for two: a foul hand, which retires (laws 44-48)."""

SEATING_8 = ((1, 7, 6, 0), (4, 5, 3, 2))
SEATING_12 = ((2, 9, 7, 0), (10, 11, 3, 1), (4, 5, 6, 8))


# --------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------


def game8(**options: object) -> ProgressivePoker:
    """Eight players, seed 0, no straddles (the lot: :data:`SEATING_8`)."""
    terms = {"players": 8, "seed": 0, "deals": 1, "straddles": False, **options}
    game = new_game("progressive_poker", **terms)
    assert seating(game) == SEATING_8
    return game


def seating(game: Any) -> tuple[tuple[int, ...], ...]:
    return game.observation(0)["seating"]


def balances(game: Any) -> tuple[int, ...]:
    return game.observation(0)["balances"]


def play(game: Any, script: Iterable[tuple[int, object]]) -> None:
    """Apply each ``(seat, action)``, checking that ``seat`` is the one to act."""
    for seat, action in script:
        assert game.to_act == seat, f"p{game.to_act} to act, not p{seat} ({action})"
        game.apply(action)


def taken(order: Sequence[int], winner: int) -> list[tuple[int, object]]:
    """An ordinary deal (no straddles) whose first round goes ``order`` (from the ante's
    left, the ante last): everyone passes but ``winner``, who opens at double the ante and
    takes the pool unshown (not the ante, who would then open alone: kept apart here)."""
    assert winner != order[-1]
    at = order.index(winner)
    return [(s, Fold()) for s in order[:at]] + [(winner, Raise(1))] + [(s, Fold()) for s in order[at + 1:]]


def unopened(order: Sequence[int]) -> list[tuple[int, object]]:
    """Everyone passes, the last to say too (he might open alone): the deal is unopened."""
    return [(s, Fold()) for s in order]


def stack_top(hands: dict[int, str], order: Sequence[int]) -> list[int]:
    """The ``top=`` cards dealing ``hands[seat]`` to the seats of ``order`` (the dealer's
    left first), one card at a time, five rounds."""
    held = {s: list(parse(h)) for s, h in hands.items()}
    return [held[s][r] for r in range(5) for s in order]


def notes(game: Any) -> list[str]:
    return [e.text for r in game.history() for e in r.entries if type(e) is Note]


def deal_ends(game: Any) -> list[DealEnded]:
    return [e for r in game.history() for e in r.entries if type(e) is DealEnded]


def banker(game: Any) -> int:
    return game.ledger.balance("banker")


def total(game: Any) -> int:
    return sum(game.ledger.balances.values())


def random_policy(rng: random.Random) -> Any:
    """A seeded player who keeps the pools small (and sometimes holds a foul hand)."""

    def choose(game: Any) -> object:
        legal = game.legal_actions()
        if game.phase == "straddle":
            return rng.choice(legal)
        if game.phase == "draw":
            if rng.random() < 0.05:
                return FOUL
            return Discard(rng.randrange(32))
        raises = [a for a in legal if type(a) is Raise]
        roll = rng.random()
        if raises and roll < 0.3:
            return raises[0] if rng.random() < 0.7 else rng.choice(raises)
        if Call() in legal and roll < 0.75:
            return Call()
        if Check() in legal:
            return Check()
        return Fold()

    return choose


# --------------------------------------------------------------------------------------
# P1: the tables, the seats drawn by lot
# --------------------------------------------------------------------------------------

# players -> the tables with middle=6, worked out from P1: a head and a booby table of four,
# "six at each of the intermediate tables", "varied from four to seven" when the count is not
# a multiple of six (as many middle tables as the nearest whole number to rest / 6 allows,
# a half rounded up: 29 players leave 21 = 3.5 tables of six, so four tables of 6, 5, 5, 5;
# 35 leave 27 = 4.5, so five tables of 6, 6, 5, 5, 5; 17 leave 9 = 1.5, two tables of 5, 4;
# 23 leave 15 = 2.5, three tables of 5).
SIZES_6 = {
    8: [4, 4], 12: [4, 4, 4], 13: [4, 5, 4], 14: [4, 6, 4], 15: [4, 7, 4], 16: [4, 4, 4, 4],
    17: [4, 5, 4, 4], 18: [4, 5, 5, 4], 19: [4, 6, 5, 4], 20: [4, 6, 6, 4], 21: [4, 7, 6, 4],
    22: [4, 7, 7, 4], 23: [4, 5, 5, 5, 4], 24: [4, 6, 5, 5, 4], 25: [4, 6, 6, 5, 4],
    26: [4, 6, 6, 6, 4], 27: [4, 7, 6, 6, 4], 28: [4, 7, 7, 6, 4], 29: [4, 6, 5, 5, 5, 4],
    30: [4, 6, 6, 5, 5, 4], 31: [4, 6, 6, 6, 5, 4], 32: [4, 6, 6, 6, 6, 4], 33: [4, 7, 6, 6, 6, 4],
    34: [4, 7, 7, 6, 6, 4], 35: [4, 6, 6, 5, 5, 5, 4], 36: [4, 6, 6, 6, 5, 5, 4],
    37: [4, 6, 6, 6, 6, 5, 4], 38: [4, 6, 6, 6, 6, 6, 4], 39: [4, 7, 6, 6, 6, 6, 4],
    40: [4, 7, 7, 6, 6, 6, 4],
}  # fmt: skip


def test_p1_table_sizes_head_and_booby_four_middle_near_six() -> None:
    """P1: "two aces from each for the four positions at the head table; three deuces, treys,
    etc., for the six positions at each of the other tables until the last or booby table ...
    at which there must be only four players"; "the numbers may be varied from four to
    seven ... but the head and booby tables must start with four only". Halves round up."""
    assert sorted(SIZES_6) == [8, *range(12, 41)]
    for players, sizes in SIZES_6.items():
        assert table_sizes(players) == sizes, players
        assert table_sizes(players, middle=6) == sizes, players


def test_p1_table_sizes_near_the_middle_option() -> None:
    """docs/rules.md section 6.3: tables of four to seven between, as near to ``middle`` as
    the count allows."""
    assert table_sizes(20, middle=4) == [4, 4, 4, 4, 4]
    assert table_sizes(21, middle=4) == [4, 5, 4, 4, 4]
    assert table_sizes(40, middle=4) == [4] * 10
    assert table_sizes(14, middle=4) == [4, 6, 4]  # six left over: one table (two would be 3+3)
    assert table_sizes(20, middle=7) == [4, 6, 6, 4]
    assert table_sizes(36, middle=7) == [4, 7, 7, 7, 7, 4]
    assert table_sizes(40, middle=7) == [4, 7, 7, 6, 6, 6, 4]
    assert table_sizes(22, middle=5) == [4, 5, 5, 4, 4]
    # 10 left over is 2.5 tables of four, but three would leave tables of three: two of five
    assert table_sizes(18, middle=4) == [4, 5, 5, 4]
    for middle in (4, 5, 6, 7):
        for players in [8, *range(12, 41)]:
            sizes = table_sizes(players, middle)
            assert sum(sizes) == players and sizes[0] == sizes[-1] == 4
            assert all(4 <= n <= 7 for n in sizes[1:-1])
            assert max(sizes[1:-1], default=4) - min(sizes[1:-1], default=4) <= 1


@pytest.mark.parametrize("players", [0, 5, 7, 9, 10, 11, 41, 50])
def test_p1_table_sizes_refuses_counts_that_make_no_tables(players: int) -> None:
    """9 to 11 players leave one to three over the two tables of four, too few for a middle
    table of four; more than 40 is past the driver's bound."""
    with pytest.raises(GameOptionError):
        table_sizes(players)


@pytest.mark.parametrize("players", [7, 9, 10, 11, 41])
def test_p1_new_game_refuses_the_same_counts(players: int) -> None:
    with pytest.raises(GameOptionError):
        new_game("progressive_poker", players=players, seed=0)


@pytest.mark.parametrize("options", [{"middle": 3}, {"middle": 8}, {"ladies": 9}, {"until": "rotations"},
                                     {"restake": 0}])  # fmt: skip
def test_p1_new_game_refuses_bad_terms(options: dict[str, object]) -> None:
    with pytest.raises(GameOptionError):
        new_game("progressive_poker", players=8, seed=0, **options)


@pytest.mark.parametrize("players", [8, 12, 13, 17, 23, 29, 40])
def test_p1_every_player_seated_once_at_tables_of_table_sizes(players: int) -> None:
    game = new_game("progressive_poker", players=players, seed=3, middle=6)
    tables = seating(game)
    assert [len(t) for t in tables] == table_sizes(players, 6)
    assert sorted(s for t in tables for s in t) == list(range(players))
    assert game.observation(0)["table"] == 0


def test_p1_seats_drawn_by_lot_seeded_and_recorded() -> None:
    """P1: the selected cards are "thoroughly shuffled, and presented face downward"; the
    pips drawn give the table. The lot is the seed's: the same seed, the same seating; other
    seeds, other seatings. The first record names each table's players."""
    assert seating(new_game("progressive_poker", players=8, seed=0)) == SEATING_8
    assert seating(new_game("progressive_poker", players=12, seed=0)) == SEATING_12
    for seed in range(5):
        one = new_game("progressive_poker", players=16, seed=seed)
        two = new_game("progressive_poker", players=16, seed=seed)
        assert seating(one) == seating(two)
    drawn = {seating(new_game("progressive_poker", players=12, seed=seed)) for seed in range(8)}
    assert len(drawn) == 8
    first = notes(new_game("progressive_poker", players=12, seed=0))
    # twelve cards drawn (one note each), then each table's players seated by lot
    assert all(" draws a " in n for n in first[:12])
    assert first[12:15] == ["table 0: p2, p9, p7, p0", "table 1: p10, p11, p3, p1", "table 2: p4, p5, p6, p8"]


def test_p1_red_and_blue_packs_put_as_many_ladies_as_gentlemen_at_each_table() -> None:
    """P1: for the head table "two aces from each" pack (one red, one blue) are selected,
    "three deuces, treys, etc." from each for the tables of six; "Each lady takes a
    red-backed card, the gentlemen drawing the blue cards only" (and where the numbers are
    unequal "some of the men must represent women"). So a table of 2n starts with n ladies
    and n gentlemen (a table of 2n+1 with n or n+1 ladies). With the default ``ladies``
    (half the players: p0..p3 of 8, p0..p5 of 12) every table of four must seat two ladies."""
    unbalanced = []
    for seed in range(6):
        for players in (8, 12):
            ladies = set(range(players // 2))
            tables = seating(new_game("progressive_poker", players=players, seed=seed))
            if any(len(ladies.intersection(table)) != len(table) // 2 for table in tables):
                unbalanced.append((seed, tables))
    assert not unbalanced, f"{len(unbalanced)} of 12 lots seat ladies unevenly, e.g. (seed, seating) {unbalanced[0]}"


def _draws(game: Any) -> dict[int, tuple[str, int]]:
    """Each player's card as the first record notes it: its colour and its table."""
    found: dict[int, tuple[str, int]] = {}
    for text in notes(game):
        words = text.split()
        if len(words) == 8 and words[1:3] == ["draws", "a"] and words[4:7] == ["card", "for", "table"]:
            assert int(words[0][1:]) not in found
            found[int(words[0][1:])] = (words[3], int(words[7]))
    return found


@pytest.mark.parametrize(("players", "ladies"), [(8, None), (8, 2), (8, 6), (8, 0), (8, 8), (12, 3), (12, 9),
                                                  (13, None), (15, None), (19, 12), (29, None), (35, 20)])  # fmt: skip
def test_p1_each_tables_places_half_red_the_ladies_drawing_red(players: int, ladies: int | None) -> None:
    """P1: "Each lady takes a red-backed card, the gentlemen drawing the blue cards only";
    the packs hold as many cards of each colour for each table ("two aces from each", "three
    deuces, treys, etc."); where ladies and gentlemen are unequal "some of the men must
    represent women or vice versa". The driver (its docstring): half of each table's places
    red, the odd place of a table of five or seven red; players drawn by lot draw from the
    other pack. So: every player draws one card, for the table he sits at; a table of k seats
    (k+1)//2 red cards; if the ladies are no more than the red places, every lady draws red
    and red places - ladies gentlemen draw red too; otherwise every gentleman draws blue and
    the ladies left over draw blue."""
    sizes = table_sizes(players)
    count = players // 2 if ladies is None else ladies
    red_places = sum((k + 1) // 2 for k in sizes)
    women, men = set(range(count)), set(range(count, players))
    for seed in range(3):
        game = new_game("progressive_poker", players=players, seed=seed, ladies=ladies)
        drawn = _draws(game)
        assert sorted(drawn) == list(range(players))
        for t, table in enumerate(seating(game)):
            assert sorted(table) == sorted(s for s, (_, at) in drawn.items() if at == t)
            assert sum(drawn[s][0] == "red" for s in table) == (sizes[t] + 1) // 2
            assert sum(drawn[s][0] == "blue" for s in table) == sizes[t] // 2
        red = {s for s, (colour, _) in drawn.items() if colour == "red"}
        if count <= red_places:
            assert women <= red and len(red & men) == red_places - count
        else:
            assert red <= women and len(women - red) == count - red_places


def test_p1_some_gentlemen_represent_ladies_and_vice_versa() -> None:
    """P1 ("some of the men must represent women or vice versa"), seed 0, 8 players. With
    two ladies (p0, p1) the four red places take p0, p1 and two gentlemen drawn by lot (here
    p2 and p7): the head table p2, p5, p4, p0 (red p0, p2), the booby table p6, p3, p7, p1
    (red p1, p7). With six ladies (p0..p5) two of them (here p2 and p3) draw blue: the head
    table p4, p7, p6, p0 (red p0, p4), the booby table p2, p3, p1, p5 (red p1, p5). Either
    way each table of four has two red places and two blue."""
    game = new_game("progressive_poker", players=8, seed=0, ladies=2)
    assert seating(game) == ((2, 5, 4, 0), (6, 3, 7, 1))
    drawn = _draws(game)
    assert {s for s, (c, _) in drawn.items() if c == "red"} == {0, 1, 2, 7}
    assert {s: t for s, (_, t) in drawn.items()} == {0: 0, 2: 0, 4: 0, 5: 0, 1: 1, 3: 1, 6: 1, 7: 1}
    game = new_game("progressive_poker", players=8, seed=0, ladies=6)
    assert seating(game) == ((4, 7, 6, 0), (2, 3, 1, 5))
    drawn = _draws(game)
    assert {s for s, (c, _) in drawn.items() if c == "red"} == {0, 1, 4, 5}
    assert {s for s, (c, _) in drawn.items() if c == "blue"} == {2, 3, 6, 7}
    assert {s: t for s, (_, t) in drawn.items()} == {0: 0, 4: 0, 6: 0, 7: 0, 1: 1, 2: 1, 3: 1, 5: 1}
    # the default: four ladies for four red places, nobody represents the other sex
    drawn = _draws(new_game("progressive_poker", players=8, seed=0))
    assert {s for s, (c, _) in drawn.items() if c == "red"} == {0, 1, 2, 3}
    assert {s: t for s, (_, t) in drawn.items()} == {0: 0, 1: 0, 6: 0, 7: 0, 2: 1, 3: 1, 4: 1, 5: 1}


# --------------------------------------------------------------------------------------
# P2: the choice of deal at each table, as at Draw Poker (the first knave dealt)
# --------------------------------------------------------------------------------------


def _knave_draws(game: Any) -> dict[int, tuple[list[Dealt], int]]:
    """Per table, the cards turned face up for its first dealer and the player named."""
    found: dict[int, tuple[list[Dealt], int]] = {}
    turned: list[Dealt] = []
    for entry in next(game.history()).entries:
        if type(entry) is Dealt and entry.hand == -1:
            turned.append(entry)
        elif type(entry) is Note and entry.text.startswith("the first knave at table "):
            words = entry.text.split()
            found[int(words[5].rstrip(":"))] = (turned, int(words[8].lstrip("p").rstrip(",")))
            turned = []
    return found


@pytest.mark.parametrize("seed", range(5))
def test_p2_each_tables_first_dealer_is_the_first_knave_dealt_among_its_players(seed: int) -> None:
    """P2 ("The choice of seats, deal, etc., is decided at each table exactly as at Draw
    Poker") with docs/rules.md 6.1 (the first knave dealt face up deals): at each table the
    cards go face up round its seats in order, from its first seat; the player who gets the
    first knave deals that table's first deal."""
    game = new_game("progressive_poker", players=12, seed=seed, straddles=False)
    tables = seating(game)
    draws = _knave_draws(game)
    assert sorted(draws) == [0, 1, 2]
    dealers = []
    for t, seats in enumerate(tables):
        turned, named = draws[t]
        assert [d.seat for d in turned] == [seats[i % len(seats)] for i in range(len(turned))]
        ranks = [d.card >> 2 for d in turned]
        assert ranks[-1] == KNAVE and KNAVE not in ranks[:-1]
        assert all(d.seen_by is None for d in turned)  # face up
        assert named == turned[-1].seat
        dealers.append(turned[-1].seat)
    # each table in turn deals its first deal with that dealer; each pool goes to its first to say
    for t, seats in enumerate(tables):
        assert game.observation(0)["table"] == t
        assert game.dealer == dealers[t]
        at = seats.index(dealers[t])
        order = [seats[(at + k) % len(seats)] for k in range(2, len(seats) + 2)]
        play(game, taken(order, order[0]))
    assert game.is_over


# --------------------------------------------------------------------------------------
# P3: one pool per table, the bell, the moves, the yellow chips
# --------------------------------------------------------------------------------------


def test_p3_one_deal_per_table_an_unopened_pool_waits_for_the_tables_next_deal() -> None:
    """Seed ``004_7d6a6396833e304f.txt``, P3: "One deal is made at each table, ordinary Draw
    Poker is played"; the project's decision (docs/rules.md 6.3): one deal of ordinary Draw
    Poker at each table per bell, the
    bell round ending when every table has finished its deal, and then the moves happen. A
    deal nobody opens leaves its pool at its table for that table's next deal (law 29: a
    jack-pot), at the next bell; its table has no winner of the pool, and at the head table
    there was no call, so nobody is "in the call" and the smallest stack of all goes down;
    the yellow chip goes to a head-table winner only."""
    game = game8(deals=2)
    # head table, dealer p1: p7 antes 1 and nobody opens; the booby table plays at once
    play(game, unopened([6, 0, 1, 7]))
    obs = game.observation(0)
    assert (obs["table"], game.dealer, obs["pool"], obs["carry"], game.deal_number) == (1, 2, 1, 0, 1)
    assert game.ledger.balance("table 0") == 1 and game.ledger.balance("pool") == 1  # p4's ante
    assert "the pool waits at table 0 for its next deal" in notes(game)
    assert deal_ends(game) == [] and seating(game) == SEATING_8
    play(game, taken([5, 3, 2, 4], 5))
    # the bell after one deal at each table: no yellow chip (the head pool was not won);
    # nobody in the call: p7 (49; p1, p6, p0 50) goes down into the seat of p5, who took
    # the booby table's pool (1 + 2) and comes up into p7's
    ends = deal_ends(game)
    assert len(ends) == 1 and game.deal_number == 2
    assert ends[0].rewards == (0, 0, 0, 0, -1, 1, 0, -1)  # the counter waiting at table 0 is no one's
    assert game.observation(0)["yellow"] == (0,) * 8
    assert seating(game) == ((1, 5, 6, 0), (4, 7, 3, 2))
    # bell 2: the head table deals a jack-pot for its pool, dealt by the seat on p1's left
    # (p7's, now p5's): the 1 waiting there and an ante from each of the four
    obs = game.observation(0)
    assert (obs["table"], game.dealer, obs["jackpot"], obs["carry"], obs["pool"]) == (0, 5, 1, 1, 5)
    assert game.ledger.balance("table 0") == 0
    assert balances(game) == (49, 49, 50, 50, 49, 50, 49, 49)
    # p6 on the dealer's left is the ante's place: p0 speaks first and opens for 2 (law 30);
    # p1 comes in; after the draw p0 passes and p1 takes 5 + 2 + 2 unshown
    assert Raise(1) not in game.legal_actions() and Raise(2) in game.legal_actions()
    play(game, [(0, Raise(2)), (1, Call()), (5, Fold()), (6, Fold()), (0, PAT), (1, PAT), (0, Fold())])
    assert game.observation(0)["yellow"] == (0, 1, 0, 0, 0, 0, 0, 0)
    # the booby table, dealt by p4 (on p2's left): p7 antes, p3 takes the pool
    assert (game.observation(0)["table"], game.dealer) == (1, 4)
    play(game, taken([3, 2, 4, 7], 3))
    assert game.is_over and len(deal_ends(game)) == 2
    assert balances(game) == (47, 56, 50, 51, 49, 50, 49, 48)
    assert deal_ends(game)[1].rewards == (-3, 6, 0, 1, 0, -1, -1, -1)  # the waiting counter won: +1
    # p1 was the call; p0 (47; p5 50, p6 49) goes down into p3's seat, p3 up into p0's
    assert seating(game) == ((1, 5, 6, 3), (4, 7, 0, 2))
    assert game.payoffs() == {0: -3, 1: 6, 2: 0, 3: 1, 4: -1, 5: 0, 6: -1, 7: -2}
    assert game.ledger.balance("table 0") == game.ledger.balance("pool") == 0


def test_p3_a_table_whose_pool_nobody_won_sends_up_its_biggest_stack() -> None:
    """A lower table with no winner of the pool (the project's decision, docs/rules.md 6.3):
    the head table's smallest stack not in the call still goes down to the booby table (seed
    ``004_7d6a6396833e304f.txt``, P3: "the player with the smallest number ... goes down to
    the booby table, unless he was one of the players in the call"),
    and every table keeps its number of players, so the player of the winnerless table holding
    the most counters goes up in the winner's place. The booby table's pool (p4's ante) waits
    there for its next deal, a jack-pot at the next bell."""
    game = game8(deals=2, stacks=[50, 50, 50, 60, 50, 50, 50, 50])
    play(game, taken([6, 0, 1, 7], 6))
    play(game, unopened([5, 3, 2, 4]))
    # p7 (49), not in the call (p6), goes down into the seat of p3 (60), who goes up into p7's
    assert seating(game) == ((1, 3, 6, 0), (4, 5, 7, 2))
    assert "nobody won the pool at table 1: p3, holding the most counters there, goes up in the winner's place" \
        in notes(game)
    assert game.ledger.balance("table 1") == 1
    assert game.observation(0)["yellow"] == (0, 0, 0, 0, 0, 0, 1, 0)
    # bell 2: the head table (dealer p3, in p7's seat on p1's left; p6 antes), then the booby
    # table's jack-pot, dealt by p4 (on p2's left), for the 1 waiting and four antes
    play(game, taken([0, 1, 3, 6], 0))
    obs = game.observation(0)
    assert (obs["table"], game.dealer, obs["jackpot"], obs["carry"], obs["pool"]) == (1, 4, 1, 1, 5)
    assert not game.is_over


def the_cut(game, cutters: int = 3) -> tuple[str, list[Dealt]]:
    """The first cut of the session: its note, and the card each of the ``cutters`` cut."""
    entries = [e for r in game.history() for e in r.entries]
    at = next(i for i, e in enumerate(entries) if type(e) is Note and e.text.startswith("a cut between"))
    cut = entries[at + 1:at + 1 + cutters]
    assert [type(e) for e in cut] == [Dealt] * cutters, cut
    return entries[at].text, cut


def test_p3_a_tie_for_the_biggest_stack_of_a_table_nobody_won_is_cut() -> None:
    """The same with the booby table's stacks equal after p4's ante (p5, p3, p2 50): they
    cut (in the table's seat order), the highest card going up."""
    game = game8(deals=2)
    play(game, taken([6, 0, 1, 7], 6))
    play(game, unopened([5, 3, 2, 4]))
    text, cut = the_cut(game)
    assert [e.seat for e in cut] == [5, 3, 2]
    up = max(cut, key=lambda e: e.card).seat
    assert text == f"a cut between p5, p3, p2: p{up} goes up"
    assert seating(game) == ((1, up, 6, 0), tuple(7 if s == up else s for s in (4, 5, 3, 2)))


def test_p3_winners_move_up_into_the_seat_left_by_the_one_moving_from_above() -> None:
    """P3: "the winner of the pool at each of the other tables" moves "up to the table next
    above"; docs/rules.md 6.3: into the seat left by the one who moves from there, the head
    table's loser taking the seat the booby table's winner left. Twelve players, three tables."""
    game = new_game("progressive_poker", players=12, seed=0, deals=2, straddles=False)
    assert seating(game) == SEATING_12
    play(game, taken([9, 7, 0, 2], 7))  # head table, dealer p0, ante p2
    assert game.observation(0)["table"] == 1 and game.dealer == 11
    play(game, taken([1, 10, 11, 3], 10))  # dealer p11, ante p3
    assert game.observation(0)["table"] == 2 and game.dealer == 5
    play(game, taken([8, 4, 5, 6], 4))  # dealer p5, ante p6
    # head: p2 (49) is the smallest stack not in the call (p7) and goes down into p4's seat;
    # p10 takes p2's seat at the head table, p4 takes p10's seat at the middle table
    assert seating(game) == ((10, 9, 7, 0), (4, 11, 3, 1), (2, 5, 6, 8))
    # (p9, on the left of the head table's next dealer p10, has anted 1 for bell 2)
    assert balances(game) == (50, 50, 49, 49, 51, 50, 49, 51, 50, 49, 51, 50)
    assert [n for n in notes(game) if "moves to" in n] == ["p2 moves to table 2", "p10 moves to table 0",
                                                           "p4 moves to table 1"]  # fmt: skip
    # the next dealers: p2 (left of p0) has gone, so p10 in his seat deals; p3 and p6 stay
    assert game.dealer == 10
    play(game, taken([7, 0, 10, 9], 0))
    assert game.dealer == 3
    play(game, taken([4, 11, 3, 1], 4))
    assert game.dealer == 6
    play(game, taken([2, 5, 6, 8], 5))
    assert game.is_over
    # head: p9 (49; p10 51, p7 51) goes down into p5's seat, p4 up into p9's, p5 up into p4's
    assert seating(game) == ((10, 4, 7, 0), (5, 11, 3, 1), (2, 9, 6, 8))


def test_p3_the_head_tables_smallest_stack_not_in_the_call_goes_down() -> None:
    """P3: "At the head table, the chips are counted, and the player with the smallest number
    in his possession goes down to the booby table"; here the smallest is the winner of the
    pool, who "retains his seat", and "the player with the smallest number of counters who
    was not in the call" goes."""
    game = game8(stacks=[50, 50, 50, 50, 50, 50, 40, 50])
    play(game, taken([6, 0, 1, 7], 6))  # p6 takes 1 + 2: 41; p7 antes and passes: 49
    play(game, taken([5, 3, 2, 4], 5))
    assert balances(game) == (50, 50, 50, 50, 49, 51, 41, 49)
    # p6 (41) is the smallest but won; p7 (49) is the smallest not in the call
    assert seating(game) == ((1, 5, 6, 0), (4, 7, 3, 2))


def _shown_pool(game: ProgressivePoker, callers: Sequence[int]) -> None:
    """The head table's first deal (dealer p1, ante p7): p6 opens for 2, ``callers`` make
    good, the rest pass; all stand pat; p6 bets 1 more and the callers call: the show."""
    first = [6, 0, 1, 7]
    script: list[tuple[int, object]] = [(6, Raise(1))]
    script += [(s, Call() if s in callers else Fold()) for s in first[1:]]
    drawers = [s for s in (7, 6, 0, 1) if s == 6 or s in callers]  # from the dealer's left
    script += [(s, PAT) for s in drawers]
    script += [(6, Raise(1))] + [(s, Call()) for s in first[1:] if s in callers]
    play(game, script)


HEAD_ORDER = [7, 6, 0, 1]
"""The head table's seats from its first dealer's (p1's) left: the order the cards go."""
HANDS = {6: "AC AD AH AS KC", 0: "2C 3D 4H 5S 7C", 1: "3C 4C 5D 6H 8S", 7: "8C 9D TH QS 2D"}
"""p6 holds fours; the others nothing."""


def test_p3_the_smallest_stack_in_the_call_retains_his_seat() -> None:
    """P3: "Should the player with the smallest number of chips be ... one of those who called
    the winner, he retains his seat, and the player with the smallest number of counters who
    was not in the call goes to the booby table". p0 (45) calls p6's fours and loses 3."""
    top = stack_top(HANDS, HEAD_ORDER)
    game = game8(stacks=[45, 50, 50, 50, 50, 50, 50, 50], top=top)
    _shown_pool(game, callers=[0])
    # the pool: p7's ante 1 + 3 + 3 to p6
    assert (balances(game)[6], balances(game)[0]) == (50 - 3 + 7, 45 - 3)
    play(game, taken([5, 3, 2, 4], 5))
    assert balances(game) == (42, 50, 50, 50, 49, 51, 54, 49)
    # p0 (42) called; not in the call p1 (50) and p7 (49): p7 goes down into p5's seat
    assert seating(game) == ((1, 5, 6, 0), (4, 7, 3, 2))
    assert game.observation(0)["yellow"] == (0, 0, 0, 0, 0, 0, 1, 0)


def test_p3_all_in_the_call_the_smallest_of_those_who_took_nothing_goes_down() -> None:
    """The driver (docs/rules.md 6.3 decision, as now ordered): if every player of the head
    table was in the call, the smallest stack among those who took nothing from the pool goes
    down. All four call p6's fours (each puts in 3, p7's ante among them: the pool 12); p1,
    who started with 49, is left with 46, the others who lost with 47."""
    top = stack_top(HANDS, HEAD_ORDER)
    game = game8(stacks=[50, 49, 50, 50, 50, 50, 50, 50], top=top)
    _shown_pool(game, callers=[0, 1, 7])
    assert balances(game)[6] == 50 - 3 + 12
    play(game, taken([5, 3, 2, 4], 5))
    assert balances(game) == (47, 46, 50, 50, 49, 51, 59, 47)
    assert seating(game) == ((5, 7, 6, 0), (4, 1, 3, 2))


def test_p3_all_in_the_call_the_winner_still_retains_his_seat() -> None:
    """P3: "Should the player with the smallest number of chips be the winner of the pool ...
    he retains his seat". p6 starts with 20, all four go to the show and p6's fours take the
    pool: he holds 29, the others 47 each. Everyone was in the call, so the smallest stack
    among those who took nothing goes: p1, p7 and p0 tie at 47 and cut (in the table's seat
    order), the highest card going down into the seat p5 leaves at the booby table."""
    top = stack_top(HANDS, HEAD_ORDER)
    game = game8(stacks=[50, 50, 50, 50, 50, 50, 20, 50], top=top)
    _shown_pool(game, callers=[0, 1, 7])
    play(game, taken([5, 3, 2, 4], 5))
    assert balances(game) == (47, 47, 50, 50, 49, 51, 29, 47)
    assert game.observation(0)["yellow"][6] == 1
    text, cut = the_cut(game)
    assert [e.seat for e in cut] == [1, 7, 0]
    down = max(cut, key=lambda e: e.card).seat
    assert text == f"a cut between p1, p7, p0: p{down} goes down"
    head, booby = seating(game)
    assert 6 in head, f"the head table's winner went down to the booby table: {seating(game)}"
    assert head == tuple(5 if s == down else s for s in (1, 7, 6, 0))
    assert booby == (4, down, 3, 2)


SPLIT = {6: "KC QD JH 9S 7C", 0: "KD QH JS 9C 7D", 1: "KH QS JC 9D 7H", 7: "KS QC JD 9H 7S"}
"""Four hands of no pair, king, queen, knave, nine, seven, none a flush: equal (law 76; the
suits count only between sequences and flushes, docs/rules.md 2.1)."""


def test_p3_all_in_the_call_and_all_sharing_the_pool_the_smallest_of_all_goes_down() -> None:
    """The driver: if all were in the call and all took a share, the smallest stack of all
    goes down. Four equal hands divide the pool of 12, 3 each: every stack is as it
    started; p6 (44), though he opened and took a share, is the smallest and goes down into
    p5's seat. Each of the four takes a yellow chip."""
    game = game8(stacks=[50, 50, 50, 50, 50, 50, 44, 50], top=stack_top(SPLIT, HEAD_ORDER))
    _shown_pool(game, callers=[0, 1, 7])
    assert balances(game)[:2] + balances(game)[6:] == (50, 50, 44, 50)
    play(game, taken([5, 3, 2, 4], 5))
    assert balances(game) == (50, 50, 50, 50, 49, 51, 44, 50)
    assert game.observation(0)["yellow"] == (1, 1, 0, 0, 0, 0, 1, 1)
    assert seating(game) == ((1, 7, 5, 0), (4, 6, 3, 2))


def test_p3_a_tie_for_the_smallest_stack_is_cut_seeded_and_recorded() -> None:
    """P3: "In case of ties, the players cut to decide which shall go down, the lowest cut
    remaining"; docs/rules.md 6.3: each cuts a card from a shuffled pack (the seed's), the
    highest card goes down. p7 (49 after his ante) and p0 (49) tie; the cut goes in the
    table's seat order (p1, p7, p6, p0)."""
    outcomes = []
    for _ in range(2):
        game = game8(stacks=[49, 50, 50, 50, 50, 50, 50, 50])
        play(game, taken([6, 0, 1, 7], 6))
        play(game, taken([5, 3, 2, 4], 5))
        assert balances(game) == (49, 50, 50, 50, 49, 51, 51, 49)
        entries = [e for r in game.history() for e in r.entries]
        at = next(i for i, e in enumerate(entries) if type(e) is Note and e.text.startswith("a cut between"))
        cut = entries[at + 1:at + 3]
        assert [type(e) for e in cut] == [Dealt, Dealt] and [e.seat for e in cut] == [7, 0]
        assert all(e.hand == -1 and e.seen_by is None for e in cut)
        down = max(cut, key=lambda e: e.card).seat
        assert entries[at].text == f"a cut between p7, p0: p{down} goes down"
        stays = 0 if down == 7 else 7
        assert stays in seating(game)[0] and down in seating(game)[1]
        assert seating(game)[1][1] == down  # into p5's seat
        outcomes.append((down, [e.card for e in cut]))
    assert outcomes[0] == outcomes[1]


def test_p3_yellow_chips_go_to_each_winner_of_the_head_tables_pool_only() -> None:
    """P3: "The winner of each pool at the head table is given one of the special chips";
    docs/rules.md 6.3: every player taking counters from a head-table pool gets one (here p6
    and p0 divide it, law 76: the odd counter to the first from the dealer's left, p6, p7 on
    the dealer's left having passed); the booby table's winner gets none."""
    hands = {6: "AC KC QC JC 9D", 0: "AD KD QD JD 9H", 1: "2D 3D 4H 5H 7S", 7: "2C 3C 4D 5D 7H"}
    game = game8(top=stack_top(hands, HEAD_ORDER))
    _shown_pool(game, callers=[0])
    assert game.observation(0)["yellow"] == (1, 0, 0, 0, 0, 0, 1, 0)
    play(game, taken([5, 3, 2, 4], 5))
    assert balances(game) == (50, 50, 50, 50, 49, 51, 51, 49)  # 7: p6 4, p0 3
    assert game.observation(0)["yellow"] == (1, 0, 0, 0, 0, 0, 1, 0)
    assert seating(game) == ((1, 5, 6, 0), (4, 7, 3, 2))  # p7 (49), not in the call, goes down
    assert "a yellow chip to p6, p0" in notes(game)


RUN_TO_THE_ACE = {6: "TC JD QH KS AC", 0: "2C 2D 5H 8S 9C", 1: "3C 4C 6D 7H 9S", 7: "8C 9D 3H 5S 7D"}
"""p6 holds ten to ace: a sequence under the American ranking, none under the English laws
(law 71: "The ace shall only begin a sequence"); p0 a pair of deuces."""


@pytest.mark.parametrize(("options", "winner", "loser"), [({}, 6, 0), ({"profile": "american"}, 6, 0),
                                                          ({"profile": "english"}, 0, 6)])  # fmt: skip
def test_p3_each_table_plays_ordinary_draw_poker_ranked_american_by_default(
        options: dict[str, object], winner: int, loser: int) -> None:  # fmt: skip
    """P3: "ordinary Draw Poker is played" at each table, and the text is seed
    ``004_7d6a6396833e304f.txt``'s, an American one: the project's decision (docs/rules.md
    6.3, "American games - profile american by default") ranks its hands by the
    ``american`` profile unless the option ``profile`` chooses another. p6's ten to ace
    beats p0's deuces by default; with ``profile="english"`` it is no sequence, and loses.
    The pool: p7's ante 1 and 3 from each of the two."""
    game = game8(top=stack_top(RUN_TO_THE_ACE, HEAD_ORDER), **options)
    assert game.options.profile == options.get("profile", "american")
    assert game.observation(0)["profile"] == game.options.profile
    _shown_pool(game, callers=[0])
    assert (balances(game)[winner], balances(game)[loser]) == (50 - 3 + 7, 50 - 3)
    assert game.observation(0)["yellow"][winner] == 1 and game.observation(0)["yellow"][loser] == 0


def test_p3_the_options_default_profile_is_american() -> None:
    """The same decision as the options state it (what ``describe`` gives the CLI and docs)."""
    defaults = {f.name: f.default for f in ProgressivePoker.Options.describe()}
    assert defaults["profile"] == "american"
    assert new_game("progressive_poker", players=8, seed=0).options.profile == "american"


def test_at_the_last_bell_a_table_deals_until_its_pool_is_won() -> None:
    """The project's decision that a session never ends with counters in the pool
    (docs/rules.md 6.2, "A session"), with one deal per table per bell (docs/rules.md 6.3; seed
    ``004_7d6a6396833e304f.txt``, P3: "One deal is made at each table"): at the evening's last
    bell (here the only one, ``deals=1``) a table whose deal leaves its
    pool undecided deals again at once, a jack-pot as at Draw Poker (law 29), until the pool
    is won; then the bell and the prizes, with no counter left waiting. The booby table's
    deal is not opened (p4's ante stays): p4, the next on the dealer's left, deals a jack-pot
    and every player antes; p5, on p4's left, is the ante's place, so p3 speaks first and
    opens for 2, p2 comes in, and after the draw p3 passes: p2 takes 1 + 4 + 2 + 2 and moves
    up (the head table's p7, 49, not in the call, down into his seat)."""
    game = game8()
    play(game, taken([6, 0, 1, 7], 6))
    play(game, unopened([5, 3, 2, 4]))
    obs = game.observation(0)
    assert (obs["table"], game.dealer, obs["jackpot"], obs["carry"], obs["pool"]) == (1, 4, 1, 1, 5)
    assert deal_ends(game) == [] and game.ledger.balance("table 1") == 0
    play(game, [(3, Raise(2)), (2, Call()), (4, Fold()), (5, Fold()), (3, PAT), (2, PAT), (3, Fold())])
    assert game.is_over and len(deal_ends(game)) == 1
    assert balances(game) == (50, 50, 56, 47, 48, 49, 51, 49)
    assert seating(game) == ((1, 2, 6, 0), (4, 5, 3, 7))
    assert {k: game.ledger.balance(k) for k in ("pool", "table 0", "table 1")} == {"pool": 0, "table 0": 0,
                                                                                    "table 1": 0}  # fmt: skip
    assert sum(game.payoffs().values()) == 0 and sum(deal_ends(game)[0].rewards) == 0
    assert notes(game)[-1].startswith("the prizes: ")
    restored = ProgressivePoker.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.to_dict() == game.to_dict() and restored.observation(0) == game.observation(0)


def test_at_the_last_bell_a_pool_nobody_can_play_for_is_shared() -> None:
    """At the last bell, a table whose pool is undecided deals again only while two of its
    players hold counters; otherwise those holding counters share it (none: the deal's
    players, law 76's rule for the odd counter), as when a session of Draw Poker ends
    (docs/rules.md 6.2, "A session"). Everybody starts with 1 counter: at the head table p7
    antes his (all in) and nobody opens; the jack-pot dealt by p6 (the next on p1's left
    holding counters) takes the last counter of p0, p1 and p6 and nobody can open: the 4 are
    shared, p0 (on the dealer's left) taking the odd one, and each takes a yellow chip; the
    same at the booby table (p3 2, p2 1, p5 1). The head table's call is the three who
    shared: p7 (0) goes down; p3 comes up; p4 and p7 are re-staked. A snapshot of the
    finished evening restores."""
    game = game8(stacks=[1] * 8)
    play(game, [(6, Fold()), (0, Fold()), (1, Fold())])
    assert "nobody is left to play for the pool: it is shared by those holding counters" in notes(game)
    assert game.observation(0)["yellow"] == (1, 1, 0, 0, 0, 0, 1, 0)
    play(game, [(5, Fold()), (3, Fold()), (2, Fold())])
    assert game.is_over and len(deal_ends(game)) == 1
    assert balances(game) == (2, 1, 1, 2, 50, 1, 1, 50)
    assert seating(game) == ((1, 3, 6, 0), (4, 5, 7, 2))
    assert game.payoffs() == {0: 1, 1: 0, 2: 0, 3: 1, 4: -1, 5: 0, 6: 0, 7: -1}
    assert game.prizes() == {"yellow": 0, "lady": 0, "gentleman": 5, "booby": 4}
    restored = ProgressivePoker.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.to_dict() == game.to_dict() and restored.observation(2) == game.observation(2)


def test_a_pool_left_at_the_last_but_one_bell_is_played_for_at_the_last() -> None:
    """A pool waiting from an earlier bell is played for at the table's deal of the last bell,
    and, if that deal does not decide it either, by the deals that follow at once. With
    ``deals=2``: bell 1, the booby table's deal is not opened (the pool 1 waits there; p3
    (60), its biggest stack, goes up, p7 down); bell 2, its jack-pot (dealt by p4) is not
    opened either (p4, p5, p7 and p2 ante: 5), so p5 deals the next one at once (four antes
    more: 9; p7 on his left is the ante's place): p2 opens for 2, p4 comes in, after the
    draw p2 passes, and p4 takes 9 + 2 + 2. At the head table p0 took the pool of bell 2 and
    p6 (50; p1 51, p3 60) goes down into p4's seat."""
    game = game8(deals=2, stacks=[50, 51, 50, 60, 50, 50, 50, 50])
    play(game, taken([6, 0, 1, 7], 6))
    play(game, unopened([5, 3, 2, 4]))
    assert seating(game) == ((1, 3, 6, 0), (4, 5, 7, 2)) and game.ledger.balance("table 1") == 1
    play(game, taken([0, 1, 3, 6], 0))
    obs = game.observation(0)
    assert (obs["table"], game.dealer, obs["jackpot"], obs["carry"], obs["pool"]) == (1, 4, 1, 1, 5)
    play(game, unopened([7, 2, 4, 5]))
    obs = game.observation(0)
    assert (obs["table"], game.dealer, obs["jackpot"], obs["carry"], obs["pool"]) == (1, 5, 2, 5, 9)
    assert not game.is_over and len(deal_ends(game)) == 1
    assert "table 1 plays for the pool its last deal left" in notes(game)
    play(game, [(2, Raise(2)), (4, Call()), (5, Fold()), (7, Fold()), (2, PAT), (4, PAT), (2, Fold())])
    assert game.is_over and len(deal_ends(game)) == 2
    assert balances(game) == (51, 51, 46, 60, 58, 48, 50, 47)
    assert seating(game) == ((1, 3, 4, 0), (6, 5, 7, 2))
    assert game.ledger.balance("table 1") == game.ledger.balance("pool") == 0


def test_a_snapshot_while_a_pool_waits_at_another_table() -> None:
    """A document taken while the head table's unopened pool waits (the booby table playing)
    gives back the same game, which plays on identically; one that puts the waiting counter
    at the table playing, or in the pool, is refused."""
    game = game8(deals=2)
    play(game, unopened([6, 0, 1, 7]))
    doc = json.loads(json.dumps(game.to_dict()))
    assert doc["deal"]["balances"]["table 0"] == 1 and doc["deal"]["game"]["jackpots"] == [1, 0]
    twin = ProgressivePoker.from_dict(doc)
    assert twin.to_dict() == game.to_dict()
    for g in (game, twin):
        play(g, taken([5, 3, 2, 4], 5))
    assert twin.to_dict() == game.to_dict() and twin.observation(3) == game.observation(3)
    for party in ("table 1", "pool"):
        bad = json.loads(json.dumps(doc))
        bad["deal"]["balances"]["table 0"] -= 1
        bad["deal"]["balances"][party] += 1
        with pytest.raises(StateError, match="^document"):
            ProgressivePoker.from_dict(bad)


BOOBY_HANDS = {5: "7C 5D KH 9C AS", 3: "KS 2S 8D QH TD", 2: "8C JS 7H 9S TS", 4: "5S 6C 9H 9D 3S"}


def test_p3_a_lower_tables_winner_is_the_one_with_the_largest_share() -> None:
    """docs/rules.md 6.3: a table's winner is the player who took the largest share of its
    pool. At the booby table p2 (2 counters) makes good p5's opening all in and wins the main
    pot with his sequence to the knave; p4's pair of nines beats p5's ace high for the larger
    side pot, and p4 moves up. (Draw Poker's decision, docs/rules.md 6.2: the ante goes whole
    to the best hand, which takes from each other player as much as it staked beyond it.)"""
    game = game8(stacks=[50, 50, 2, 50, 50, 50, 50, 50])
    play(game, taken([6, 0, 1, 7], 6))
    hands = {s: sorted(game.hands[s]) for s in (5, 3, 2, 4)}
    assert hands == {s: sorted(parse(h)) for s, h in BOOBY_HANDS.items()}  # the seed's deal
    play(game, [(5, Raise(1)), (3, Fold()), (2, Call()), (4, Raise(5)), (5, Call()),  # p2 all in for 2, p4 7
                (4, PAT), (5, PAT), (2, PAT), (5, Raise(1)), (4, Call())])  # fmt: skip
    # main pot p4's ante 1 and 2 from each of the three to p2 (7); the other 11 to p4
    assert balances(game) == (50, 50, 7, 50, 53, 42, 51, 49)
    # the head table's p7 (49) down into p4's seat, p4 up into p7's
    assert seating(game) == ((1, 4, 6, 0), (7, 5, 3, 2))


# --------------------------------------------------------------------------------------
# P4: a fresh stake from the banker, and the exchange with the booby table's biggest stack
# --------------------------------------------------------------------------------------


ALL_IN_LOSES = [(6, Raise(1)), (0, Call()), (1, Fold()), (7, Fold()), (6, PAT), (0, PAT)]
"""The head table's first deal stacked with :data:`HANDS`: p6 opens for 2, p0 (2 counters)
makes good all in, the rest pass; both stand pat and p0, in the call, loses to p6's fours:
p6 takes p7's ante 1 + 2 + 2."""


def test_p4_a_player_losing_all_his_counters_is_restaked_and_exchanges_with_the_booby_table() -> None:
    """P4: "Any player losing all his counters at any table must get a fresh stake of fifty
    more from the banker, and must then exchange seats with the player at the booby table who
    has the most counters"; P5: "Those who have been provided with an extra stake must be
    charged with it". p0 (2 counters) calls p6's fours all in and loses them: in the call, he
    keeps his seat at the moves; then he is re-staked, then he exchanges."""
    game = game8(stacks=[2, 50, 50, 60, 50, 50, 50, 50], top=stack_top(HANDS, HEAD_ORDER))
    start = total(game)
    play(game, ALL_IN_LOSES)
    assert balances(game)[0] == 0 and balances(game)[6] == 53  # 1 + 2 + 2
    play(game, taken([5, 3, 2, 4], 5))
    obs = game.observation(0)
    assert obs["balances"] == (50, 50, 50, 60, 49, 51, 53, 49)
    assert obs["restakes"] == (1, 0, 0, 0, 0, 0, 0, 0)
    assert banker(game) == -50 and total(game) == start
    # first the moves: p7 (49; p1 50), the smallest not in the call, down into p5's seat, p5
    # up into p7's; then p0's fresh stake; then p0 exchanges seats with p3 (60), the booby
    # table's biggest stack (p4 49, p7 49, p2 50)
    assert seating(game) == ((1, 5, 6, 3), (4, 7, 0, 2))
    assert [n for n in notes(game) if "moves to" in n or "exchanges" in n] == [
        "p7 moves to table 1", "p5 moves to table 0", "p0 exchanges seats with p3 of the booby table"]
    entries = [e for r in game.history() for e in r.entries]
    assert Payment("banker", "p0", 50) in entries
    moved = next(i for i, e in enumerate(entries) if type(e) is Note and e.text == "p5 moves to table 0")
    assert entries.index(Payment("banker", "p0", 50)) > moved  # the re-stake after the moves
    payoffs = game.payoffs()
    assert payoffs == {0: -2, 1: 0, 2: 0, 3: 0, 4: -1, 5: 1, 6: 3, 7: -1}
    assert payoffs[0] == 50 - 2 - 50 and sum(payoffs.values()) == 0
    assert deal_ends(game)[0].rewards == (-2, 0, 0, 0, -1, 1, 3, -1)
    assert deal_ends(game)[0].roles == ("table 1", "table 0", "table 1", "table 0", "table 1", "table 0",
                                        "table 0", "table 1")  # fmt: skip


def test_p4_a_player_without_counters_not_in_the_call_counts_with_none_and_goes_down() -> None:
    """The driver's bell: the moves come before the re-stakes, so a head-table player who has
    lost all his counters counts with 0 and, not in the call, is the smallest stack: he goes
    down to the booby table, where his fresh stake leaves him (no exchange). p0 (2 counters)
    makes good p6's opening all in, then holds a foul hand and retires (not in the call)."""
    game = game8(stacks=[2, 50, 50, 60, 50, 50, 50, 50])
    play(game, [(6, Raise(1)), (0, Call()), (1, Fold()), (7, Fold()), (6, PAT), (0, FOUL)])
    assert balances(game)[0] == 0 and balances(game)[6] == 53  # 1 + 2 + 2
    play(game, taken([5, 3, 2, 4], 5))
    assert balances(game) == (50, 50, 50, 60, 49, 51, 53, 49)
    assert game.observation(0)["restakes"] == (1, 0, 0, 0, 0, 0, 0, 0) and banker(game) == -50
    # p0 (0; p1 50, p7 49) down into p5's seat, p5 up into p0's
    assert seating(game) == ((1, 7, 6, 5), (4, 0, 3, 2))
    assert [n for n in notes(game) if "moves to" in n] == ["p0 moves to table 1", "p5 moves to table 0"]
    assert not [n for n in notes(game) if "exchanges seats" in n]
    assert game.payoffs() == {0: -2, 1: 0, 2: 0, 3: 0, 4: -1, 5: 1, 6: 3, 7: -1}
    document = game.to_dict()  # the banker's balance is what his fresh stakes lent
    document["deal"]["game"]["restakes"][0] = 255
    with pytest.raises(StateError, match="255 fresh stakes of 50.* banker's balance"):
        type(game).from_dict(document)


def test_p4_a_player_restaked_at_the_booby_table_keeps_his_seat() -> None:
    """docs/rules.md 6.3: the exchange is with the booby table's biggest stack, "unless he
    sits at the booby table". p3 (2 counters) loses them at the booby table: he makes good
    p5's opening all in, then holds a foul hand."""
    game = game8(stacks=[50, 50, 50, 2, 50, 50, 50, 50])
    play(game, taken([6, 0, 1, 7], 6))
    play(game, [(5, Raise(1)), (3, Call()), (2, Fold()), (4, Fold()), (5, PAT), (3, FOUL)])
    assert balances(game) == (50, 50, 50, 50, 49, 53, 51, 49)
    assert banker(game) == -50 and game.payoffs()[3] == -2
    assert seating(game) == ((1, 5, 6, 0), (4, 7, 3, 2))
    assert not [n for n in notes(game) if "exchanges seats" in n]


def test_p4_a_tie_for_the_booby_tables_biggest_stack_is_cut() -> None:
    """docs/rules.md 6.3: ties for the biggest stack are cut, the highest card chosen. p0 is
    re-staked (:data:`ALL_IN_LOSES`); after the moves the booby table holds p4 49, p7 49 (down
    from the head) and p3 and p2 with 50 each, who cut (in the table's seat order)."""
    game = game8(stacks=[2, 50, 50, 50, 50, 50, 50, 50], top=stack_top(HANDS, HEAD_ORDER))
    play(game, ALL_IN_LOSES)
    play(game, taken([5, 3, 2, 4], 5))
    entries = [e for r in game.history() for e in r.entries]
    cuts = [i for i, e in enumerate(entries) if type(e) is Note and e.text.startswith("a cut between")]
    assert len(cuts) == 1
    at = cuts[0]
    assert entries[at].text.startswith("a cut between p3, p2: ")
    cut = entries[at + 1:at + 3]
    assert [e.seat for e in cut] == [3, 2]
    other = max(cut, key=lambda e: e.card).seat
    assert entries[at].text == f"a cut between p3, p2: p{other} exchanges seats"
    head, booby = seating(game)
    assert head == (1, 5, 6, other) and booby == tuple(0 if s == other else s for s in (4, 7, 3, 2))


def test_p4_two_players_restaked_at_one_bell_both_go_to_the_booby_table() -> None:
    """P4: each player losing all his counters "must then exchange seats with the player at
    the booby table who has the most counters". p0 and p1 (2 counters each) lose all at the
    head table in one pool (both foul, not in the call); the booby players hold 40, 40, 40
    and 45 at the start. The moves first: p0 and p1, both at 0, are the smallest not in the
    call (p7 49) and cut for it; the one going down takes p5's seat at the booby table (p5,
    41, up into his). Then both take a fresh 50. Then the one still at the head table must
    exchange with the booby table's biggest stack among those not re-staked, p3 (45; p4 39,
    p2 40), not with the other re-staked player, whom the move has just seated there with a
    fresh 50: that would send him back up to the head table. Both end the bell at the booby
    table; p5 and p3 go up."""
    game = game8(stacks=[2, 2, 40, 45, 40, 40, 50, 50])
    play(game, [(6, Raise(1)), (0, Call()), (1, Call()), (7, Fold()), (6, PAT), (0, FOUL), (1, FOUL)])
    play(game, taken([5, 3, 2, 4], 5))
    assert balances(game) == (50, 50, 40, 45, 39, 41, 55, 49)
    assert banker(game) == -100 and game.observation(0)["restakes"] == (1, 1, 0, 0, 0, 0, 0, 0)
    entries = [e for r in game.history() for e in r.entries]
    at = next(i for i, e in enumerate(entries) if type(e) is Note and e.text.startswith("a cut between"))
    cut = entries[at + 1:at + 3]
    assert [e.seat for e in cut] == [1, 0]
    down = max(cut, key=lambda e: e.card).seat
    up = 1 - down
    assert entries[at].text == f"a cut between p1, p0: p{down} goes down"
    assert f"p{up} exchanges seats with p3 of the booby table" in notes(game)
    head, booby = seating(game)
    assert {0, 1} <= set(booby), f"re-staked players not both at the booby table: {seating(game)}"
    assert head == tuple({down: 5, up: 3}.get(s, s) for s in (1, 7, 6, 0))
    assert booby == (4, down, up, 2)


# --------------------------------------------------------------------------------------
# P5: the prizes
# --------------------------------------------------------------------------------------


def _two_bells(lot: tuple[tuple[int, ...], ...], head: Sequence[int], booby: Sequence[int],
               **options: object) -> ProgressivePoker:
    """Eight players, seed 0, two bells, the seating ``lot``; ``head`` and ``booby`` are each
    table's first order a, b, c, d and e, f, g, h (from the ante's left, the dealer third, the
    ante last). Bell 1: a takes the head pool (+1, d antes: -1), e the booby's (+1, h antes:
    -1); d (49) is the smallest not in the call and goes down into e's seat, e up into d's.
    Bell 2: the head table dealt by d's seat (now e's), a antes: the order b, c, e, a, and b
    takes it (+1); the booby table dealt by h, d (in e's seat) antes: f, g, h, d, and g takes
    it (+1). In all: a 0, b +1, c 0, d -2, e +1, f 0, g +1, h -1; yellow chips to a and b."""
    a, b, c, d = head
    e, f, g, h = booby
    game = new_game("progressive_poker", players=8, seed=0, deals=2, straddles=False, **options)
    assert seating(game) == lot
    play(game, taken(head, a))
    play(game, taken(booby, e))
    moved = (tuple(e if s == d else s for s in lot[0]), tuple(d if s == e else s for s in lot[1]))
    assert seating(game) == moved and game.dealer == e
    play(game, taken([b, c, e, a], b))
    assert game.dealer == h
    play(game, taken([f, g, h, d], g))
    assert game.is_over
    held = {a: 50, b: 51, c: 50, d: 48, e: 51, f: 50, g: 51, h: 49}
    assert balances(game) == tuple(held[s] for s in range(8))
    assert game.observation(0)["yellow"] == tuple(int(s in (a, b)) for s in range(8))
    return game


def test_p5_prizes_yellow_ties_go_to_the_most_counters_lady_gentleman_booby() -> None:
    """P5: a prize "for the player who has won the greatest number of yellow chips" ("In case
    of ties for the number of yellow chips, the player with the largest number of ordinary
    counters wins": p6 (a) and p0 (b) hold one each, p0 has won 1, p6 nothing), "one each for
    the lady and gentleman winning the greatest number of counters" (ladies p0..p3 by
    default: p0 and p2 won 1 each, the first by number has it; among the gentlemen p4..p7,
    p5 won 1), and "The booby prize ... to the player with the smallest number of ordinary
    chips" (p7, -2)."""
    game = _two_bells(SEATING_8, [6, 0, 1, 7], [5, 3, 2, 4])
    assert game.payoffs() == {0: 1, 1: 0, 2: 1, 3: 0, 4: -1, 5: 1, 6: 0, 7: -2}
    assert game.prizes() == {"yellow": 0, "lady": 0, "gentleman": 5, "booby": 7}
    assert notes(game)[-1] == "the prizes: yellow p0, lady p0, gentleman p5, booby p7"


def test_p5_prizes_follow_the_ladies_option() -> None:
    """The first ``ladies`` players are ladies. They draw the red cards (P1), so the lot
    changes with the option. With 2 (p0, p1): the head table p2, p5, p4, p0 (dealer p2, ante
    p5: a, b, c, d = p4, p0, p2, p5), the booby table p6, p3, p7, p1 (dealer p1, ante p6:
    e, f, g, h = p3, p7, p1, p6); won: p0 1, p1 1, p3 1, p5 -2, p6 -1, the rest 0: yellow p0
    (p4 won nothing), lady p0 (the first by number), gentleman p3, booby p5. With none or all
    eight the lot is the same: the head table p5, p7, p0, p2 (dealer p5, ante p7: p0, p2, p5,
    p7), the booby table p3, p1, p4, p6 (dealer p6, ante p3: p1, p4, p6, p3); won: p1 1, p2 1,
    p6 1, p3 -1, p7 -2: yellow p2 (p0 won nothing), the lady or gentleman p1, booby p7; the
    prize for the sex nobody is is left out."""
    game = _two_bells(((2, 5, 4, 0), (6, 3, 7, 1)), [4, 0, 2, 5], [3, 7, 1, 6], ladies=2)
    assert game.payoffs() == {0: 1, 1: 1, 2: 0, 3: 1, 4: 0, 5: -2, 6: -1, 7: 0}
    assert game.prizes() == {"yellow": 0, "lady": 0, "gentleman": 3, "booby": 5}
    lot = ((5, 7, 0, 2), (3, 1, 4, 6))
    for ladies, prizes in ((0, {"yellow": 2, "gentleman": 1, "booby": 7}),
                           (8, {"yellow": 2, "lady": 1, "booby": 7})):  # fmt: skip
        game = _two_bells(lot, [0, 2, 5, 7], [1, 4, 6, 3], ladies=ladies)
        assert game.payoffs() == {0: 0, 1: 1, 2: 1, 3: -1, 4: 0, 5: 0, 6: 1, 7: -2}
        assert game.prizes() == prizes


def _yellow_but_losing(**options: object) -> ProgressivePoker:
    """Two bells (seed 0, eight players) after which p6 holds a yellow chip yet has lost the
    most counters. Bell 1: p6 takes the head pool (+1, p7's ante), p5 the booby's (+1, p4's);
    p7 (49) goes down into p5's seat. Bell 2, head table dealt by p5 (in p7's seat), p6 antes:
    p0 opens for 2, p6 raises by 5 (to 7) and p0 makes good; after the draw p0 bets 1 and p6
    passes: p0 takes 7 + 8 (+7), p6 loses 7; booby table dealt by p4, p7 antes: p3 takes it.
    Won: p0 +7, p1 0, p2 0, p3 +1, p4 -1, p5 +1, p6 -6, p7 -2; yellow chips p0 and p6."""
    game = game8(deals=2, **options)
    play(game, taken([6, 0, 1, 7], 6))
    play(game, taken([5, 3, 2, 4], 5))
    assert seating(game) == ((1, 5, 6, 0), (4, 7, 3, 2)) and game.dealer == 5
    play(game, [(0, Raise(1)), (1, Fold()), (5, Fold()), (6, Raise(5)), (0, Call()), (6, PAT), (0, PAT),
                (0, Raise(1)), (6, Fold())])  # fmt: skip
    play(game, taken([3, 2, 4, 7], 3))
    assert game.is_over
    assert game.payoffs() == {0: 7, 1: 0, 2: 0, 3: 1, 4: -1, 5: 1, 6: -6, 7: -2}
    assert game.observation(0)["yellow"] == (1, 0, 0, 0, 0, 0, 1, 0)
    return game


def test_p5_the_booby_prize_by_the_fewest_yellow_chips() -> None:
    """Seed ``004_7d6a6396833e304f.txt``, P5: "The booby prize, if any, is usually given to
    the player with the smallest number of ordinary chips, or the fewest number of yellow
    ones": both, as the option ``booby_by``
    (the seed's variations are options, docs/rules.md 6; ``"chips"`` by default). p6 has lost
    the most counters but holds a yellow chip: by chips the booby is his; by yellow chips six
    players hold none, and the text is silent on ties: the project's decision gives it, as
    the yellow chips' own prize's ties go to "the largest number of ordinary counters", to
    the fewest counters won among them: p7 (-2)."""
    assert _yellow_but_losing().prizes()["booby"] == 6
    assert _yellow_but_losing(booby_by="chips").prizes()["booby"] == 6
    game = _yellow_but_losing(booby_by="yellow")
    assert game.prizes() == {"yellow": 0, "lady": 0, "gentleman": 5, "booby": 7}
    assert notes(game)[-1] == "the prizes: yellow p0, lady p0, gentleman p5, booby p7"
    restored = ProgressivePoker.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.prizes() == game.prizes() and restored.options.booby_by == "yellow"


def test_p5_the_yellow_booby_prize_ties_go_to_the_fewest_counters_then_the_first_by_number() -> None:
    """One bell: p6 takes the head pool (his yellow chip), p5 the booby's; p7 and p4 have each
    lost their ante: with ``booby_by="yellow"`` seven players hold no yellow chip, p7 and p4
    have won the fewest counters (-1), and the first by number, p4, has the booby prize."""
    game = game8(booby_by="yellow")
    play(game, taken([6, 0, 1, 7], 6))
    play(game, taken([5, 3, 2, 4], 5))
    assert game.is_over and game.payoffs() == {0: 0, 1: 0, 2: 0, 3: 0, 4: -1, 5: 1, 6: 1, 7: -1}
    assert game.prizes()["booby"] == 4


@pytest.mark.parametrize("value", ["gold", "Yellow", None, 1, True, ["chips"]])
def test_p5_booby_by_refuses_other_values_naming_them(value: object) -> None:
    """``booby_by`` is ``"chips"`` or ``"yellow"``; anything else is refused with a
    GameOptionError naming the option and the value (as every option, from its annotation)."""
    with pytest.raises(GameOptionError) as caught:
        new_game("progressive_poker", players=8, seed=0, booby_by=value)
    assert "booby_by" in str(caught.value) and repr(value) in str(caught.value), str(caught.value)


# --------------------------------------------------------------------------------------
# A progressive evening
# --------------------------------------------------------------------------------------


def test_progressive_evening() -> None:
    """Twelve players (p11 starts with 2 counters, p8 with 53, the rest 50), three bells:
    winners moving up at every bell, the head table's loser going down, an unopened deal at
    the booby table whose pool waits there for a jack-pot at the next bell (its biggest stack
    going up meanwhile), a re-stake (p11) and his exchange, yellow chips, and the prizes as
    they stand at each bell (ladies p0..p5, gentlemen p6..p11)."""
    stacks = [50] * 12
    stacks[11], stacks[8] = 2, 53
    game = new_game("progressive_poker", players=12, seed=0, deals=3, straddles=False, stacks=stacks)
    assert seating(game) == SEATING_12
    start = total(game)
    assert start == 555

    # ---- bell 1: p7, p10, p4 take their tables' pools (antes p2, p3, p6) -----------------
    play(game, taken([9, 7, 0, 2], 7))
    play(game, taken([1, 10, 11, 3], 10))
    play(game, taken([8, 4, 5, 6], 4))
    obs = game.observation(0)
    # p2 (49) down into p4's seat, p10 up into p2's, p4 up into p10's
    assert obs["seating"] == ((10, 9, 7, 0), (4, 11, 3, 1), (2, 5, 6, 8))
    # (p9, on the left of the head table's next dealer p10, has anted 1 for bell 2)
    assert obs["balances"] == (50, 50, 49, 49, 51, 50, 49, 51, 53, 49, 51, 2)
    assert obs["yellow"] == (0,) * 7 + (1, 0, 0, 0, 0)
    assert obs["restakes"] == (0,) * 12 and banker(game) == 0
    assert game.payoffs() == {0: 0, 1: 0, 2: -1, 3: -1, 4: 1, 5: 0, 6: -1, 7: 1, 8: 0, 9: -1, 10: 1, 11: 0}
    # yellow p7 alone; lady p4 (+1); gentlemen p7 and p10 (+1): p7; booby p2, p3, p6, p9 (-1): p2
    assert game.prizes() == {"yellow": 7, "lady": 4, "gentleman": 7, "booby": 2}
    assert game.deal_number == 2 and total(game) == start

    # ---- bell 2 -----------------------------------------------------------------------------
    assert game.dealer == 10  # p10 took p2's seat, on p0's left
    play(game, taken([7, 0, 10, 9], 0))
    assert game.observation(0)["yellow"][0] == 1
    # middle table, dealer p3: p1 antes 1; p4 opens, p11 makes good with his last 2
    # counters, then holds a foul hand; p4 takes 1 + 2 + 2
    assert (game.observation(0)["table"], game.dealer) == (1, 3)
    play(game, [(4, Raise(1)), (11, Call()), (3, Fold()), (1, Fold()), (4, PAT), (11, FOUL)])
    assert balances(game)[11] == 0 and balances(game)[4] == 54
    # booby table, dealer p6: nobody opens (p8 antes): its pool of 1 waits there
    assert (game.observation(0)["table"], game.dealer) == (2, 6)
    play(game, unopened([2, 5, 6, 8]))
    assert game.ledger.balance("table 2") == 1
    obs = game.observation(0)
    # the bell: p9 (49; p10 51, p7 51) down, p4 up into p9's seat; nobody won the booby
    # table's pool: p8 (52; p2 49, p5 50, p6 49), its biggest stack, goes up into p4's seat
    # and p9 takes his; then p11 re-staked; then p11 exchanges with the booby table's
    # biggest stack, p5 (50; p2, p6, p9 49)
    assert obs["seating"] == ((10, 4, 7, 0), (8, 5, 3, 1), (2, 11, 6, 9))
    assert "nobody won the pool at table 2: p8, holding the most counters there, goes up in the winner's " \
        "place" in notes(game)
    assert "p11 exchanges seats with p5 of the booby table" in notes(game)
    # (p7, on the left of the head table's next dealer p4, has anted 1 for bell 3)
    assert obs["balances"] == (51, 49, 49, 49, 54, 50, 49, 50, 52, 49, 51, 50)
    assert obs["yellow"] == (1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0)
    assert obs["restakes"] == (0,) * 11 + (1,) and banker(game) == -50
    assert game.payoffs() == {0: 1, 1: -1, 2: -1, 3: -1, 4: 4, 5: 0, 6: -1, 7: 0, 8: -1, 9: -1, 10: 1, 11: -2}
    # yellow: p0 (+1) and p7 (0, his ante for bell 3 staked) one each: p0; lady p4 (+4);
    # gentleman p10 (+1); booby p11 (-2)
    assert game.prizes() == {"yellow": 0, "lady": 4, "gentleman": 10, "booby": 11}
    assert total(game) == start

    # ---- bell 3 -----------------------------------------------------------------------------
    assert game.dealer == 4  # p9, on p10's left, went down: p4 in his seat deals
    play(game, taken([0, 10, 4, 7], 10))
    assert game.dealer == 1  # on p3's left; p8 antes, p5 speaks first
    play(game, taken([5, 3, 1, 8], 3))
    # booby table: a jack-pot dealt by p9 (on p6's left) for the 1 waiting and four antes;
    # p2 on his left is the ante's place: p11 speaks first and opens for 2, p6 comes in;
    # after the draw p11 passes: p6 takes 5 + 2 + 2
    obs = game.observation(0)
    assert (obs["table"], game.dealer, obs["jackpot"], obs["carry"], obs["pool"]) == (2, 9, 1, 1, 5)
    play(game, [(11, Raise(2)), (6, Call()), (9, Fold()), (2, Fold()), (11, PAT), (6, PAT), (11, Fold())])
    assert game.is_over
    obs = game.observation(0)
    # p7 (50; p4 54, p0 51) down into p6's seat, p3 up into p7's, p6 up into p3's
    assert obs["seating"] == ((10, 4, 3, 0), (8, 5, 6, 1), (2, 11, 7, 9))
    assert obs["balances"] == (51, 49, 48, 50, 54, 50, 55, 50, 51, 48, 52, 47)
    assert obs["yellow"] == (1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0)
    assert banker(game) == -50 and total(game) == start
    assert game.ledger.balance("table 2") == game.ledger.balance("pool") == 0
    payoffs = game.payoffs()
    assert payoffs == {0: 1, 1: -1, 2: -2, 3: 0, 4: 4, 5: 0, 6: 5, 7: 0, 8: -2, 9: -2, 10: 2, 11: -5}
    assert sum(payoffs.values()) == 0
    # yellow: p0 (+1), p7 (0), p10 (+2) one each: p10; lady p4; gentleman p6; booby p11 (-5)
    assert game.prizes() == {"yellow": 10, "lady": 4, "gentleman": 6, "booby": 11}

    ends = deal_ends(game)
    assert [e.deal for e in ends] == [0, 1, 2]
    assert [e.rewards for e in ends] == [
        (0, 0, -1, -1, 1, 0, -1, 1, 0, 0, 1, 0),
        (1, -1, 0, 0, 3, 0, 0, 0, -1, -1, 0, -2),  # the counter left waiting at table 2: -1 in all
        (0, 0, -1, 1, 0, 0, 6, -1, -1, -1, 1, -3),  # and won at bell 3: +1
    ]
    assert ends[1].roles == tuple(f"table {t}" for t in (0, 1, 2, 1, 0, 1, 2, 0, 1, 2, 0, 2))
    assert [sum(e.rewards[s] for e in ends) for s in range(12)] == [payoffs[s] for s in range(12)]


def test_the_deal_passes_to_a_player_restaked_at_the_bell() -> None:
    """P2: the deal at each table goes as at Draw Poker, to the left. Nobody is out of a
    progressive evening: a player who loses all his counters takes a fresh stake at the bell,
    before the next deal, so he (on the dealer's left) deals next. Booby table, dealer p2:
    p4 (2 counters) antes 1, makes good p5's opening with his last counter and holds a foul
    hand; p5 takes 1 + 1 + 2 = 4. At the bell p7 (49) comes down into p5's seat, p5 goes up;
    p4, re-staked at the booby table, keeps his seat. At bell 2 the booby table's dealer is
    p4, on p2's left (and p7, on his left in p5's old seat, antes)."""
    game = game8(deals=2, stacks=[50, 50, 50, 50, 2, 50, 50, 50])
    play(game, taken([6, 0, 1, 7], 6))
    play(game, [(5, Raise(1)), (3, Fold()), (2, Fold()), (4, Call()), (4, FOUL), (5, PAT)])
    assert balances(game) == (50, 50, 50, 50, 50, 52, 50, 49)
    assert seating(game) == ((1, 5, 6, 0), (4, 7, 3, 2))
    assert game.observation(0)["restakes"] == (0, 0, 0, 0, 1, 0, 0, 0)
    # bell 2, head table: dealer p5 (in p7's seat, on p1's left), p6 antes
    assert game.dealer == 5
    play(game, taken([0, 1, 5, 6], 0))
    assert game.observation(0)["table"] == 1
    assert game.dealer == 4, f"the booby table's deal skipped p4, the seat on p2's left: p{game.dealer} deals"


def test_the_deal_passes_to_the_player_exchanged_into_a_restaked_players_seat() -> None:
    """P2 and P4, twelve players: at the middle table (dealer p11) p3 (2 counters) antes,
    makes good p1's opening with his last counter and holds a foul hand; p1 takes 4 and
    moves up, p8 (the booby table's winner) taking his seat. p3 is re-staked and exchanges
    with the booby table's biggest stack, p5 (60). The seat on p11's left is p3's, now p5's:
    p5 deals the middle table at bell 2."""
    stacks = [50] * 12
    stacks[3], stacks[5] = 2, 60
    game = new_game("progressive_poker", players=12, seed=0, deals=2, straddles=False, stacks=stacks)
    assert seating(game) == SEATING_12
    play(game, taken([9, 7, 0, 2], 9))
    play(game, [(1, Raise(1)), (10, Fold()), (11, Fold()), (3, Call()), (3, FOUL), (1, PAT)])
    play(game, taken([8, 4, 5, 6], 8))
    # head: p2 (49) down into p8's seat, p1 up into p2's, p8 up into p1's; p3 re-staked
    # exchanges with p5 (60; p4 50, p6 49, p2 49)
    assert seating(game) == ((1, 9, 7, 0), (10, 11, 5, 8), (4, 3, 6, 2))
    assert balances(game)[3] == 50 and game.observation(0)["restakes"][3] == 1
    # bell 2, head table: dealer p1 (in p2's seat, on p0's left), p9 antes
    assert game.dealer == 1
    play(game, taken([7, 0, 1, 9], 7))
    assert game.observation(0)["table"] == 1
    assert game.dealer == 5, f"the middle table's deal skipped p5, in the seat on p11's left: p{game.dealer} deals"


# --------------------------------------------------------------------------------------
# Invariants, snapshots and copies
# --------------------------------------------------------------------------------------


def _random_evening(players: int, seed: int, deals: int, **options: object) -> tuple[ProgressivePoker, int]:
    game = new_game("progressive_poker", players=players, seed=seed, deals=deals, counters=12, restake=12,
                    **options)  # fmt: skip
    choose = random_policy(random.Random(seed))
    start, steps = total(game), 0
    while not game.is_over:
        game.apply(choose(game))
        steps += 1
        assert total(game) == start
        assert steps < 20000
    return game, start


@pytest.mark.parametrize(("players", "seed"), [(8, 1), (8, 2), (12, 3), (13, 4), (17, 5)])
def test_ledger_payoffs_and_deal_ends_add_up(players: int, seed: int) -> None:
    """The ledger's total (players, pool, the pools waiting at the tables, banker) never
    changes; the payoffs sum to zero and are each player's counters less his start and his
    fresh stakes; the DealEnded rewards (one per bell, numbered on, the roles naming each
    player's table) add up to them, each bell's to minus the counters it left waiting at the
    tables (less those it won from earlier bells), none left after the last; every table
    keeps its players' number."""
    game, start = _random_evening(players, seed, deals=4)
    payoffs = game.payoffs()
    assert sum(payoffs.values()) == 0
    restakes = game.observation(0)["restakes"]
    assert banker(game) == -12 * sum(restakes)
    tables = len(table_sizes(players))
    assert all(game.ledger.balance(p) == 0 for p in ("pool", *(f"table {t}" for t in range(tables))))
    assert all(payoffs[s] == balances(game)[s] - 12 - 12 * restakes[s] for s in range(players))
    ends = deal_ends(game)
    assert [e.deal for e in ends] == [0, 1, 2, 3]
    for s in range(players):
        assert sum(e.rewards[s] for e in ends) == payoffs[s]
    waiting, at_ends = 0, []
    for record in game.history():
        for entry in record.entries:
            if type(entry) is Payment:  # into or out of a pool waiting at a table
                sign = entry.payee.startswith("table ") - entry.payer.startswith("table ")
                waiting += sign * entry.amount
            elif type(entry) is DealEnded:
                at_ends.append(waiting)
    assert at_ends[-1] == 0
    for end, now, before in zip(ends, at_ends, [0, *at_ends]):
        assert sum(end.rewards) == before - now
        assert set(end.roles) == {f"table {t}" for t in range(tables)}
    assert sorted(s for t in seating(game) for s in t) == list(range(players))
    assert [len(t) for t in seating(game)] == table_sizes(players)
    assert sum(game.observation(0)["yellow"]) >= 1


@pytest.mark.parametrize(("players", "seed"), [(8, 7), (12, 8)])
def test_to_dict_from_dict_and_copy_continue_identically(players: int, seed: int) -> None:
    """Mid-evening (at every 23rd decision: mid-pool, between tables, after a bell) a copy and
    a game restored from its JSON snapshot play on exactly as the game itself."""
    rng = random.Random(seed)
    game = new_game("progressive_poker", players=players, seed=seed, deals=3, counters=12, restake=12)
    choose = random_policy(rng)
    twins: list[tuple[int, Any, Any]] = []
    step = 0
    while not game.is_over:
        if step % 23 == 11:
            snapshot = json.loads(json.dumps(game.to_dict()))
            twins.append((game.records, game.copy(), type(game).from_dict(snapshot)))
        action = choose(game)
        game.apply(action)
        for _, copy, restored in twins:
            copy.apply(action)
            restored.apply(action)
        step += 1
    assert len(twins) >= 3
    records = list(game.history())
    final = game.to_dict()
    for at, copy, restored in twins:
        for twin in (copy, restored):
            assert twin.is_over
            assert twin.to_dict() == final
            assert twin.payoffs() == game.payoffs() and twin.prizes() == game.prizes()
            for seat in range(players):
                assert twin.observation(seat) == game.observation(seat)
        assert list(restored.history()) == records[at:]
        assert list(copy.history()) == records


def test_straddles_at_progressive_tables() -> None:
    """Each table plays ordinary Draw Poker (P3), straddles included (laws 21-25): p6, on the
    ante's (p7's) left at the head table, straddles to 2; p0 declines, leaving the right to p1
    (the dealer, the last asked), who declines too (Draw Poker's decision, docs/rules.md 6.2);
    p0, on the straddler's left, opens at double the straddle (4) and all pass: he takes
    1 + 2 + 4."""
    game = new_game("progressive_poker", players=8, seed=0, deals=1)
    assert seating(game) == SEATING_8 and game.phase == "straddle" and game.to_act == 6
    play(game, [(6, Straddle(True)), (0, Straddle(False)), (1, Straddle(False))])
    assert game.observation(0)["straddles"] == 1
    assert Raise(1) not in game.legal_actions() and Raise(2) in game.legal_actions()
    play(game, [(0, Raise(2)), (1, Fold()), (7, Fold()), (6, Fold())])
    # (p4 has anted 1 at the booby table, whose deal has begun)
    assert balances(game) == (53, 50, 50, 50, 49, 50, 48, 49)
    assert game.observation(0)["table"] == 1
