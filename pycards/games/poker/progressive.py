"""Progressive Poker: several tables of Draw Poker as one evening (``new_game("progressive_poker", ...)``).

Follows the Progressive Poker text of seed ``004_7d6a6396833e304f.txt``; each
table plays "ordinary Draw Poker" (:mod:`pycards.games.poker.draw`), the hands
ranked by profile ``american`` unless the option ``profile`` says otherwise
(an American game, docs/rules.md section 6.3, which gives the decisions taken
where the text is silent). Players are named parties (``p0``, ``p1``...; the
protocol's seats) who move between the tables' seats.

* **The tables.** A head table and a booby table of four, and between them
  tables of four to seven (``middle`` players each, as near as the count
  allows): 8 players or 12 to 40. The first ``ladies`` players (``None``: half,
  rounded down) are ladies, the others gentlemen. Seats are drawn by table
  number ("the number of pips on the card drawn"): half of each table's places
  are red cards, drawn by the ladies, half blue, drawn by the gentlemen (the odd
  place of a table of five or seven is red; players drawn by lot draw from the
  other pack where ladies and gentlemen are not equal in number); each table's
  players are seated by lot, and its first dealer is the first knave dealt
  among them.
* **A deal of the session is one bell.** "One deal is made at each table":
  every table in turn, head table first, plays one deal of Draw Poker, and the
  deal there passes to the seat on the dealer's left for the next bell. A pool
  that deal leaves undecided (nobody opened it, or nobody may take it) waits at
  its table, in the ledger party ``"table N"``, for that table's next deal, a
  jack-pot if nobody opened (law 29). At the evening's last bell no pool is
  left over: a table whose pool is undecided deals again at once (jack-pots, the
  deal passing to the next player holding counters) until it is won (fewer than
  two of its players holding counters: they share it). When every table has
  dealt, the bell:
  1. the winner of the pool at each table below the head table moves up to the
     table above, into the seat left by the one who moves from there (the
     winner with the largest share; equal shares: the first of them in the
     table's seat order; a table whose pool nobody won has no winner, and its
     player holding the most counters goes up in his place, ties: a cut, the
     highest card going up); at the head table the smallest stack not in the
     call (no call: of all; if all were in it, of those who took nothing; a
     player without counters counts as 0; ties: a cut, the highest card going
     down) goes to the booby table, into the seat left by the one going up;
  2. a player who has lost all his counters takes a fresh stake of ``restake``
     from the banker (charged to him at the end);
  3. a player re-staked then exchanges seats with the booby table's player
     holding the most counters among those not re-staked (ties: a cut), unless
     he sits at the booby table.
  The winners of each pool at the head table take a yellow chip. The evening
  ends after ``deals`` bells.
* **Prizes** (:meth:`ProgressivePoker.prizes`): the most yellow chips (ties:
  the most counters won), the lady and the gentleman who won the most counters
  (counters less the stakes received from the banker), the booby prize (option
  ``booby_by``: ``"chips"``, the fewest counters won, or ``"yellow"``, the
  fewest yellow chips, ties: the fewest counters won); ties otherwise go to the
  first player by number.

>>> from pycards.games import new_game
>>> game = new_game("progressive_poker", players=8, seed=4, deals=2)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[1 if game.phase == "bet" else 0])
>>> sum(game.payoffs().values()), game.deal_number, sorted(game.prizes())
(0, 2, ['booby', 'gentleman', 'lady', 'yellow'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal, Optional

from pycards.errors import GameOptionError, StateError
from pycards.games.poker.draw import DrawPoker, DrawPokerOptions
from pycards.games.engine.document import Reader, shown
from pycards.games.engine.events import DealEnded, Dealt, Note, Record, turned_up
from pycards.games.engine.fields import Data, Derived, Flag, Number, PerSeat, Piece
from pycards.games.engine.options import Options, Range
from pycards.games.engine.table import Table
from pycards.games.base import Game
from pycards.games.poker.table import KNAVE, POOL
from pycards.settlement import MAX_COUNTERS, Ledger, Payment, split

__all__ = ["ProgressivePoker", "ProgressivePokerOptions", "table_sizes"]

BANKER = "banker"
MAX_PLAYERS = 40


def kept(table: int) -> str:
    """The ledger party holding table ``table``'s pool between two of its deals (a pool its
    last deal left undecided, played for at its next deal), while other tables play."""
    return f"table {table}"


def _nothing(players: int) -> list[Any]:
    """An empty list (a piece the evening's set-up fills)."""
    return []


def _rows(rows: list[list[int]]) -> list[list[int]]:
    """A copy of a list of rows of seats."""
    return [list(row) for row in rows]


def table_sizes(players: int, middle: int = 6) -> list[int]:
    """The tables for ``players``: head and booby tables of four, and between them tables of
    four to seven, as near to ``middle`` as the count allows.

    >>> table_sizes(8), table_sizes(14), table_sizes(20, middle=6), table_sizes(23)
    ([4, 4], [4, 6, 4], [4, 6, 6, 4], [4, 5, 5, 5, 4])
    """
    if type(middle) is not int or not 4 <= middle <= 7:
        raise GameOptionError(f"the middle tables seat 4 to 7 players, not {shown(middle)}")
    if type(players) is not int:
        raise GameOptionError(f"progressive_poker needs a whole number of players, not {shown(players)}")
    rest = players - 8
    if rest < 0 or 0 < rest < 4 or players > MAX_PLAYERS:
        raise GameOptionError(f"progressive_poker needs 8 players, or 12 to {MAX_PLAYERS}, not {shown(players)}")
    if not rest:
        return [4, 4]
    tables = max(-(-rest // 7), min(rest // 4, (2 * rest + middle) // (2 * middle)))  # rest / middle, halves up
    size, extra = divmod(rest, tables)
    return [4, *([size + 1] * extra + [size] * (tables - extra)), 4]


@dataclass(frozen=True)
class ProgressivePokerOptions(DrawPokerOptions):
    """The terms of Progressive Poker: those of Draw Poker (each player starting with
    ``counters``, 50 by default; ``deals`` counting bells; ``profile`` ``american`` by
    default, the seed's being an American text), ``restake`` (the banker's fresh stake,
    50), ``middle`` (4..7: the players at each table between the head and the booby
    tables), ``ladies`` (how many of the players are ladies; ``None``: half) and
    ``booby_by`` (the booby prize to "the smallest number of ordinary chips",
    ``"chips"``, or to "the fewest number of yellow ones", ``"yellow"``)."""

    counters: Annotated[int, Range(1, 10**9)] = 50
    profile: Literal["english", "american", "no_straight_flush"] = "american"
    restake: Annotated[int, Range(1, 10**6)] = 50
    middle: Annotated[int, Range(4, 7)] = 6
    ladies: Optional[Annotated[int, Range(0, MAX_PLAYERS)]] = None
    booby_by: Literal["chips", "yellow"] = "chips"

    def check(self) -> None:
        super().check()
        if self.until != "deals":
            raise GameOptionError(f"option until must be 'deals' (a number of bells), not {self.until!r}")


class ProgressivePoker(DrawPoker):
    """An evening of Progressive Poker for 8 or 12 to 40 players (see the module docstring)."""

    ONE_TABLE: ClassVar[bool] = False

    name: ClassVar[str] = "progressive_poker"
    Options: ClassVar[type[Options]] = ProgressivePokerOptions
    MIN_PLAYERS: ClassVar[int] = 8
    MAX_PLAYERS: ClassVar[int] = MAX_PLAYERS

    STATE: ClassVar[tuple[Piece, ...]] = (
        *DrawPoker.STATE,
        Piece("table", Number(0, 50), lasts="session"),  # the table playing its deal of the bell
        Piece("seating", Data(_nothing, _rows, _rows, lambda rows: tuple(map(tuple, rows))), lasts="session"),
        # each table's players, seat by seat clockwise (table 0 is the head table)
        Piece("tables", Derived(lambda game: tuple(game._table_of(s) for s in range(game.players)),
                                lambda tables, seat: (float(tables[seat]),), 1), lasts="derived"),
        # each player's table
        Piece("yellow", PerSeat(0), lasts="session"),  # the yellow chips won at the head table
        Piece("restakes", PerSeat(0), lasts="session"),  # the fresh stakes each had from the banker
        Piece("jackpots", Data(_nothing, list), lasts="session", seen=False),
        # each table's jack-pot number for its next deal (draw poker's, table by table)
        Piece("table_dealers", Data(_nothing, list), lasts="session", seen=False),
        Piece("bell_start", PerSeat(0, MAX_COUNTERS), lasts="session", seen=False),
        Piece("results", Data(_nothing, list, lambda results: [[sorted([s, n] for s, n in won.items()), list(call)]
                                                           for won, call in results]), lasts="session", seen=False),
        # this bell's deals so far, table by table: what each seat took of the pool, and the call
        Piece("prizes", Data(lambda players: {}, dict), lasts="session", seen=False),
        Piece("bell_truncated", Flag(), lasts="session", seen=False),
        # whether a table's deal was cut short in this bell (the bell's ``truncated``)
    )

    options: ProgressivePokerOptions
    _table: int
    _yellow: list[int]
    _restakes: list[int]
    _bell_truncated: bool

    def _setup(self, players: int, seed: int, options: Any, stacks: Sequence[int] = (),
               table: Optional[Table] = None) -> None:  # fmt: skip
        sizes = table_sizes(players, options.middle)
        if options.ladies is not None and options.ladies > players:
            raise GameOptionError(f"option ladies must be at most the players ({players}), not {options.ladies!r}")
        super()._setup(players, seed, options, stacks, table)
        waiting = {kept(t): 0 for t in range(len(sizes))}
        self._ledger = Ledger({**self._ledger.balances, BANKER: 0, **waiting}, credit=[BANKER], journal=False)
        self._money = None
        self._sizes = sizes
        self._seating: list[list[int]] = [[] for _ in sizes]
        self._table_dealers = [0] * len(sizes)
        self._jackpots = [0] * len(sizes)
        self._bell_start = list(self._stacks)
        self._results: list[tuple[dict[int, int], list[int]]] = []
        self._won: dict[int, int] = {}
        """What each seat took of the pool in the deal just played (nothing if not won)."""
        self._call: list[int] = []
        """The seats in the call of the deal just played (nobody if there was none)."""
        self._prizes: dict[str, int] = {}

    @property
    def ladies(self) -> int:
        """How many players are ladies (the first ones by number)."""
        return self.players // 2 if self.options.ladies is None else self.options.ladies

    # -- the evening -------------------------------------------------------------------------

    def _start(self, dealer: int | None, top: Sequence[int]) -> None:
        """Seats drawn by lot, table by table; each table's first dealer, then the first deal."""
        self._entries = []
        self._draw_seats()
        for table, seats in enumerate(self._seating):
            if dealer in seats:
                self._table_dealers[table] = dealer
                continue
            index, draws = self._pack.first_to_turn_up(len(seats), KNAVE)
            self._table_dealers[table] = seats[index]
            self._entries.extend(turned_up(draws, seats))
            self._entries.append(Note(f"the first knave at table {table} falls to p{seats[index]}, who deals"))
        self._session.first_dealer = self._table_dealers[0]
        self._top = list(top)
        self._play_table(0)
        self._advance()
        self._records.append(Record(None, None, tuple(self._entries)))

    def _draw_seats(self) -> None:
        """Seats drawn by table number (paragraph 1): each table's places are cards of a red
        pack and a blue one in halves (a table of five or seven has the odd one red), the
        ladies drawing the red cards and the gentlemen the blue; where they are not equal in
        number, players drawn by lot draw from the other pack ("some of the men must
        represent women or vice versa"). The players of each table are then seated by lot."""
        sizes, pack = self._sizes, self._pack
        red = [t for t, k in enumerate(sizes) for _ in range((k + 1) // 2)]
        blue = [t for t, k in enumerate(sizes) for _ in range(k // 2)]
        ladies, gentlemen = list(range(self.ladies)), list(range(self.ladies, self.players))
        if len(ladies) >= len(red):
            lot = [ladies[i] for i in pack.order(len(ladies))]
            reds, blues = lot[:len(red)], lot[len(red):] + gentlemen
        else:
            lot = [gentlemen[i] for i in pack.order(len(gentlemen))]
            extra = len(red) - len(ladies)
            reds, blues = ladies + lot[:extra], lot[extra:]
        tables: list[list[int]] = [[] for _ in sizes]
        for players, places, colour in ((reds, red, "red"), (blues, blue, "blue")):
            for player, place in zip(players, pack.order(len(places))):
                tables[places[place]].append(player)
                self._entries.append(Note(f"p{player} draws a {colour} card for table {places[place]}"))
        for table, players in enumerate(tables):
            self._seating[table] = [players[i] for i in pack.order(len(players))]
            self._entries.append(Note(f"table {table}: " + ", ".join(f"p{s}" for s in self._seating[table])))

    def _turn_from(self, seat: int) -> Sequence[int]:
        seats = self._seating[self._table]
        at = seats.index(seat)
        return seats[at + 1:] + seats[:at + 1]

    def _players_in(self) -> list[int]:
        return [s for s in self._turn_from(self._dealer) if self.cash(s) > 0]

    def _claims(self, won: dict[int, int]) -> dict[int, int]:
        won = super()._claims(won)
        self._won = {s: n for s, n in won.items() if n}
        self._call = list(self._bets.live)
        return won

    def _next_dealer(self, won: Mapping[int, int]) -> int:
        """The deal at each table passes to the seat on the dealer's left (P2: "exactly as at
        Draw Poker"), whoever sits there at the table's next deal, at the next bell (a player
        without counters is re-staked at the bell before it); at the evening's last bell,
        while the table's pool is undecided, to the next player holding counters, who deals
        again at once."""
        if self._ledger._balances[POOL] and self._last_bell():
            return super()._next_dealer(won)
        return self._turn_from(self._dealer)[0]

    def _last_bell(self) -> bool:
        """Whether the bell being played is the evening's last (the ``deals``-th)."""
        played: int = self._session.deals
        return played + 1 >= self.options.deals

    def _play_table(self, table: int) -> None:
        """Table ``table`` plays its deal of the bell: its dealer, its jack-pot (if its last
        deal was not opened), and the pool waiting there, which goes with this deal's."""
        self._table = table
        self._dealer = self._table_dealers[table]
        self._jackpot = self._jackpots[table]
        waiting = self._ledger._balances[kept(table)]
        self._pay([Payment(kept(table), POOL, waiting)], f"table {table} plays for the pool its last deal left")
        self._carry = waiting
        self._begin_deal()

    def _end_deal(self, dealer: int, passes: Optional[bool] = None) -> None:
        """A table's deal is over ("One deal is made at each table", P3): a pool it left
        undecided (nobody opened it, or nobody may take it) waits at the table for its next
        deal, at the next bell; the next table plays; after the last, the bell (see the
        module docstring). At the evening's last bell no pool is left over (a session never
        ends with counters in the pool, docs/rules.md section 6.2): a table whose pool is
        undecided deals again (a jack-pot, as Draw Poker plays on) until it is won, or until
        fewer than two of its players hold counters, who then share it."""
        table = self._table
        pool = self._ledger._balances[POOL]
        if pool and self._last_bell():
            pool = self._share_if_nobody_is_left(pool)
        self._bell_truncated = self._bell_truncated or self._truncated
        self._gather()
        self._on_deal_ended()
        self._clear_deal()
        self._table_dealers[table] = dealer
        self._jackpots[table] = self._jackpot
        if pool and self._last_bell():  # the table deals again at once
            self._carry = pool
            self._dealer = dealer
            self._begin_deal()
            return
        self._table_over(table, pool)
        if table + 1 < len(self._sizes):
            self._play_table(table + 1)
            return
        self._bell()

    def _table_over(self, table: int, pool: int) -> None:
        """Table ``table`` has played its deal of the bell: the ``pool`` it left undecided waits
        there; what each seat took of it and the call are kept for the bell; each winner of
        the head table's pool takes a yellow chip (P3: "The winner of each pool at the head
        table is given one of the special chips"; none if nobody won it)."""
        self._pay([Payment(POOL, kept(table), pool)], f"the pool waits at table {table} for its next deal")
        self._carry = 0
        self._results.append((self._won, self._call))
        if table == 0 and self._won:
            for seat in self._won:
                self._yellow[seat] += 1
            self._entries.append(Note("a yellow chip to " + ", ".join(f"p{s}" for s in self._won)))
        self._won, self._call = {}, []

    def _share_if_nobody_is_left(self, pool: int) -> int:
        """At the last bell, a pool fewer than two players of its table can play for is
        shared by those holding counters (one: he takes it; none: the deal's players, law 76's
        rule for the odd counter): the pool left."""
        holders = [s for s in self._seating[self._table] if self.cash(s) > 0]
        if len(holders) >= 2:
            return pool
        dealt = self._dealt_in()
        shares = {holders[0]: pool} if holders else split(pool, dealt, dealt)
        self._pay([Payment(POOL, self.names[s], n) for s, n in shares.items()],
                  "nobody is left to play for the pool: it is shared by those holding counters")  # fmt: skip
        self._won = {s: n for s, n in shares.items() if n}
        self._call = list(shares)
        return 0

    def _bell(self) -> None:
        """The bell: the moves, the re-stakes, the exchanges; the end of this deal of the session."""
        self._entries.append(Note("the bell"))
        self._move_winners()
        restaked = [s for s in range(self.players) if self.cash(s) == 0]
        if restaked:
            self._pay([Payment(BANKER, self.names[s], self.options.restake) for s in restaked],
                      "a fresh stake from the banker")  # fmt: skip
            for seat in restaked:
                self._restakes[seat] += 1
        for seat in restaked:
            self._exchange(seat, restaked)
        self._results = []
        roles = tuple(f"table {self._table_of(s)}" for s in range(self.players))
        charges = [self.options.restake * restaked.count(s) for s in range(self.players)]
        self._rewards = [self.cash(s) - self._bell_start[s] - charges[s] for s in range(self.players)]
        self._bell_start = [self.cash(s) for s in range(self.players)]
        self._last_truncated, self._bell_truncated = self._bell_truncated, False
        self._entries.append(DealEnded(self._session.deals, tuple(self._rewards), self._last_truncated, roles))
        over = self._session.deal_ended(self._table_dealers[0], True, self.players)
        self._table = 0
        self._dealer = self._table_dealers[0]
        self._jackpot = self._jackpots[0]
        if over:
            self._prizes = self._award()
            self._entries.append(Note("the prizes: " + ", ".join(f"{k} p{s}" for k, s in self._prizes.items())))
            self._put_away()
        else:
            self._play_table(0)

    def _table_of(self, seat: int) -> int:
        return next(t for t, seats in enumerate(self._seating) if seat in seats)

    def _move_winners(self) -> None:
        """Winners up a table, the head table's smallest stack not in the call to the booby."""
        movers: list[int] = []
        for table, ((won, call), seats) in enumerate(zip(self._results, self._seating)):
            if not table:  # the head table: the winner and his callers keep their seats
                staying = [s for s in seats if s not in call] or [s for s in seats if s not in won] or seats
                stacks = {s: self.cash(s) for s in staying}
                least = min(stacks.values())
                movers.append(self._cut([s for s, n in stacks.items() if n == least], "goes down"))
            elif won:
                best = max(won.values())
                movers.append(next(s for s in seats if won.get(s) == best))
            else:
                movers.append(self._stand_in(table))
        places = [self._seating[t].index(m) for t, m in enumerate(movers)]
        count = len(movers)
        for t, mover in enumerate(movers):
            to = (t - 1) % count  # a winner up a table; the head table's loser to the booby table
            self._seating[to][places[to]] = mover
            self._entries.append(Note(f"p{mover} moves to table {to}"))
        for t, seats in enumerate(self._seating):
            if self._table_dealers[t] not in seats:  # the dealer moved: his successor at the seat deals
                self._table_dealers[t] = seats[places[t]]

    def _stand_in(self, table: int) -> int:
        """Who goes up from a table whose pool nobody won at this bell: it has no winner, but
        the head table's loser still goes down (P3) and every table keeps its number of
        players (docs/rules.md section 6.3), so its player holding the most counters goes up
        in the winner's place (ties: a cut, the highest card going up)."""
        seats = self._seating[table]
        most = max(self.cash(s) for s in seats)
        chosen = self._cut([s for s in seats if self.cash(s) == most], "goes up")
        self._entries.append(Note(f"nobody won the pool at table {table}: p{chosen}, holding the most "
                                  "counters there, goes up in the winner's place"))  # fmt: skip
        return chosen

    def _exchange(self, seat: int, restaked: list[int]) -> None:
        """A re-staked player exchanges seats with the booby table's biggest stack (never
        with another player re-staked at this bell)."""
        booby = self._seating[-1]
        others = [s for s in booby if s not in restaked]
        if seat in booby or not others:
            return
        most = max(self.cash(s) for s in others)
        other = self._cut([s for s in others if self.cash(s) == most], "exchanges seats")
        table = self._table_of(seat)
        here, there = self._seating[table].index(seat), booby.index(other)
        self._seating[table][here], booby[there] = other, seat
        for t, (a, b) in ((table, (seat, other)), (len(self._seating) - 1, (other, seat))):
            if self._table_dealers[t] == a:
                self._table_dealers[t] = b
        self._entries.append(Note(f"p{seat} exchanges seats with p{other} of the booby table"))

    def _cut(self, tied: list[int], what: str) -> int:
        """One of ``tied`` chosen by a cut: each cuts a card; the highest card is chosen."""
        if len(tied) == 1:
            return tied[0]
        cards = self._pack.order(52)[:len(tied)]
        chosen = tied[cards.index(max(cards))]
        self._entries.append(Note(f"a cut between {', '.join(f'p{s}' for s in tied)}: p{chosen} {what}"))
        self._entries.extend(Dealt(s, -1, c, None) for s, c in zip(tied, cards))
        return chosen

    # -- the prizes ----------------------------------------------------------------------------

    def payoffs(self) -> dict[int, int]:
        """Each player's counters won: what he holds less his start and the banker's stakes."""
        restake = self.options.restake
        return {s: self.cash(s) - self._stacks[s] - restake * self._restakes[s] for s in range(self.players)}

    def prizes(self) -> dict[str, int]:
        """The prizes as they stand (final once the session is over): ``yellow``, ``lady``,
        ``gentleman`` and ``booby``, each the winning player (a lady or gentleman prize is
        left out when nobody is one)."""
        return dict(self._prizes) if self._prizes else self._award()

    def _award(self) -> dict[str, int]:
        won = self.payoffs()
        players = range(self.players)
        prizes = {"yellow": max(players, key=lambda s: (self._yellow[s], won[s], -s))}
        ladies = range(self.ladies)
        gentlemen = range(self.ladies, self.players)
        if ladies:
            prizes["lady"] = max(ladies, key=lambda s: (won[s], -s))
        if gentlemen:
            prizes["gentleman"] = max(gentlemen, key=lambda s: (won[s], -s))
        prizes["booby"] = self._booby(won)
        return prizes

    def _booby(self, won: Mapping[int, int]) -> int:
        """The booby prize (P5), "usually given to the player with the smallest number of
        ordinary chips" (``booby_by="chips"``: the fewest counters won) "or the fewest number
        of yellow ones" (``"yellow"``: the fewest yellow chips; the text is silent on ties,
        which go, as the yellow chips' prize's ties go to the most counters, to the fewest
        counters won); ties otherwise to the first player by number."""
        if self.options.booby_by == "yellow":
            return min(range(self.players), key=lambda s: (self._yellow[s], won[s], s))
        return min(range(self.players), key=lambda s: (won[s], s))

    def max_decisions_per_deal(self) -> int:
        """A bell's bound, the last bell's: at every table each of its deals (one at every
        other bell; at the last, a deal that leaves its pool undecided moves at least one
        counter into it, so a table deals at most once more than there are counters in play:
        the players' starts and every re-stake the evening can give), each within the bound
        of a deal of its table."""
        counters = sum(self._stacks) + self.options.deals * self.players * self.options.restake
        return len(self._sizes) * (counters + 1) * self._deal_bound(max(self._sizes), counters)

    def _left_unwon(self) -> int:
        """The counters the last bell can have left unwon, waiting at the tables (what a
        document's last rewards may have lost to the pools): every counter of the evening,
        the starts and the banker's stakes, less what the players held at its end."""
        return sum(self._stacks) + self.options.restake * sum(self._restakes) - sum(self._bell_start)

    def payoff_bound(self) -> float:
        """:meth:`Game.payoff_bound`: unbounded, since the banker's stakes have no limit."""
        return float("inf")

    def max_deals(self) -> float:
        """:meth:`Game.max_deals`: a session of bells ends at its last one, pools or none."""
        return Game.max_deals(self)

    def roles(self) -> tuple[str, ...]:
        return tuple(f"table {self._table_of(s)}" for s in range(self.players))

    # -- views, codec, state --------------------------------------------------------------------

    def _copy_own(self, twin: Any) -> None:
        twin._won = dict(self._won)
        twin._call = list(self._call)

    def _check_session(self) -> None:
        """The evening's pieces must fit together: a jack-pot number and a dealer for each
        table, every player seated once at tables of the evening's sizes, the table playing
        dealt by its dealer and its pool in play, the banker's balance the fresh stakes he
        gave, this bell's results for the tables already played, the prizes the evening's."""
        super()._check_session()
        players, tables = self.players, len(self._sizes)
        data = Reader({"jackpots": self._jackpots, "seating": self._seating, "table_dealers": self._table_dealers},
                      "document.deal.game")  # fmt: skip
        self._jackpots = data.ints("jackpots", 0, 2**62, tables)
        if len(self._jackpots) != tables:
            raise StateError(f"document.deal.game.jackpots must hold one number per table ({tables})")
        if self._table >= tables:
            raise StateError(f"document.deal.game.table must be a table 0..{tables - 1}, not {self._table}")
        if self._jackpot != self._jackpots[self._table]:
            raise StateError(f"document.deal.game.jackpot must be table {self._table}'s, {self._jackpots[self._table]}")
        if self._ledger._balances[kept(self._table)]:
            raise StateError(f"document.deal.balances: the pool of table {self._table}, which plays, must be "
                             "in the pool, not kept apart")  # fmt: skip
        rows = data.list("seating", tables)
        seating = [Reader({"row": row}, f"document.deal.game.seating[{t}]").seats("row", players)
                   for t, row in enumerate(rows)]  # fmt: skip
        if [len(row) for row in seating] != self._sizes or sorted(sum(seating, [])) != list(range(players)):
            raise StateError(f"document.deal.game.seating must seat every player once at tables of {self._sizes}")
        self._seating = seating
        self._table_dealers = data.ints("table_dealers", 0, players - 1, tables)
        if len(self._table_dealers) != tables or any(d not in seating[t] for t, d in enumerate(self._table_dealers)):
            raise StateError("document.deal.game.table_dealers must name a player of each table")
        if self._dealer != self._table_dealers[self._table]:
            raise StateError(f"document.deal.dealer: table {self._table}, which plays, is dealt by "
                             f"p{self._table_dealers[self._table]}, not {self._dealer!r}")  # fmt: skip
        lent = self.options.restake * sum(self._restakes)
        if self._ledger._balances[BANKER] != -lent:
            raise StateError(f"document.deal.game.restakes ({sum(self._restakes)} fresh stakes of {self.options.restake})"
                             f" disagree with the banker's balance {self._ledger._balances[BANKER]}")  # fmt: skip
        results = Reader({"results": self._results}, "document.deal.game").list("results", tables)
        self._results = [self._read_result(t, item) for t, item in enumerate(results)]
        if len(self._results) != self._table:
            raise StateError("document.deal.game.results must hold one deal per table already played this bell")
        prizes = Reader({"prizes": self._prizes}, "document.deal.game").reader("prizes")
        prizes.only("yellow", "lady", "gentleman", "booby")
        self._prizes = {k: prizes.int(k, 0, players - 1) for k in ("yellow", "lady", "gentleman", "booby")
                        if k in prizes.data}  # fmt: skip
        if self._prizes != (self._award() if self._session.over else {}):
            raise StateError(f"document.deal.game.prizes are not the evening's: {shown(self._prizes)}")

    def _read_result(self, table: int, item: object) -> tuple[dict[int, int], list[int]]:
        """A deal of this bell played at ``table``, as the document gives it (``[won, call]``:
        ``[seat, counters]`` for each seat that took counters from the pool, then the seats in
        the call), checked: every seat is the table's, the winners were in the call; a deal
        with no winner left a pool waiting at its table, which is never so at the last bell."""
        where = f"document.deal.game.results[{table}]"
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], list):
            raise StateError(f"{where} must be [won, call], not {shown(item)}")
        seats = self._seating[table]
        pairs = [Reader({"pair": pair}, f"{where}[0][{i}]").ints("pair", 0, MAX_COUNTERS, 2)
                 for i, pair in enumerate(item[0])]  # fmt: skip
        if any(len(pair) != 2 or pair[0] not in seats or not pair[1] for pair in pairs):
            raise StateError(f"{where}[0] must hold [seat, counters] for seats of table {table}, not {shown(item[0])}")
        won = dict((seat, n) for seat, n in pairs)
        call = Reader({"call": item[1]}, where).seats("call", self.players)
        if len(won) != len(pairs) or not set(call) <= set(seats):
            raise StateError(f"{where}: each winner once, and the call of seats of table {table}")
        if not set(won) <= set(call):
            raise StateError(f"{where}: a winner of the pool must be in the call")
        if not won and (self._last_bell() or not self._ledger._balances[kept(table)]):
            raise StateError(f"{where} names no winner, yet no pool waits at table {table}")
        return won, call

    def _summary(self) -> dict[str, Any]:
        return {**super()._summary(), "table": self._table}
