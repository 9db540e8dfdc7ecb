"""The Vingt-un table: the rules of :mod:`pycards.games.vingt_un`, compiled.

:class:`Table` holds a game's whole state in C (the pack, the used cards, every
hand, whose turn it is) and carries out the rules; the driver
:class:`pycards.games.vingt_un.VingtUn` is this class plus the protocol's
Python face (options, JSON). The module docstring of ``vingt_un`` walks through
a round and lists the decisions taken where the seed texts are silent; the
comments here quote the texts where a rule is applied.

Anything the protocol hands out is a Python value made at the boundary: the
records, the observations (their hand views cached until the hand changes) and
the payments, which all go through the game's :class:`pycards.settlement.Ledger`.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memmove

import hashlib
import operator

from pycards.errors import CardTypeError, IllegalActionError, UnknownCardError
from pycards.games._vingt_un_actions import (
    ACCEPT, CALL, CONTENT, DECLINE, DRAW, KEEP, NO_CALL, AcceptSale, Content, DeclineSale, Divide,
    Double, Draw, HandState, HandView, KeepDeal, SellDeal, Stake,
)
from pycards.games._legacy_base import Action, Record
from pycards.settlement import Ledger, Payment, split
from pycards.vingtun import NATURAL as _NATURAL, OVER_DRAWN as _OVER_DRAWN, settle_strengths

cdef enum:
    MAX_SEATS = 12
    MAX_HANDS = 4     # "at most four hands" from one deal
    MAX_CARDS = 24    # a hand of 21 or less holds at most 15 cards, even from two packs
    MAX_PACK = 104    # two packs
    ACE = 12

cdef enum Phase:
    SELL, BUY, STAKE, DOUBLE, DRAW_PHASE, DEALER, OVER

PHASES = ("sell", "buy", "stake", "double", "draw", "dealer", "over")
"""The phase names, by their number in the table."""

cdef enum DealPasses:
    ON_NATURAL, AFTER_HANDS, TWICE, TWO_PACKS

_DEAL_PASSES = {"natural": ON_NATURAL, "hands": AFTER_HANDS, "twice": TWICE, "two_packs": TWO_PACKS}
_PRIVILEGES = {None: 0, "stake": 1, "double": 2}

cdef int NATURAL = _NATURAL
cdef int OVER_DRAWN = _OVER_DRAWN
cdef int PIPS[13]
PIPS[:] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1]

cdef tuple _NO_CARDS = ()
cdef object _tuple_new = tuple.__new__


cdef struct Terms:
    # the agreed terms (VingtUnOptions) as C values, fixed for the game
    int min_stake, max_stake, rounds, deal_passes, deal_hands, privilege, max_price
    int pool_contribution, pool_overdraw_penalty, pool_tie_share
    bint deal_to_holder, natural_puts_out, selling, pool_to_natural


cdef struct Hand:
    int n
    int stake
    bint divided
    bint done
    bint collected   # thrown up to the pone already (an over-draw)
    int cards[MAX_CARDS]


cdef inline int hand_points(const Hand *hand) noexcept nogil:
    """Total of a hand: aces 1, or one of them 11 where that keeps it at 21 or under."""
    cdef int hard = 0, i, rank
    cdef bint ace = False
    for i in range(hand.n):
        rank = (hand.cards[i] % 52) >> 2
        hard += PIPS[rank]
        ace = ace or rank == ACE
    return hard + 10 if ace and hard <= 11 else hard


cdef inline int hand_strength(const Hand *hand) noexcept nogil:
    """The hand's strength as :func:`pycards.vingtun.evaluate` gives it (a divided
    hand of two cards making 21 is a drawn vingt-un, not a natural)."""
    cdef int total = hand_points(hand)
    if total > 21:
        return OVER_DRAWN
    if total == 21 and hand.n == 2 and not hand.divided:
        return NATURAL
    return total


cdef inline bint hand_is_pair(const Hand *hand) noexcept nogil:
    return hand.n == 2 and (hand.cards[0] % 52) >> 2 == (hand.cards[1] % 52) >> 2


cdef inline uint64_t splitmix64(uint64_t *state) noexcept nogil:
    """The next number of a SplitMix64 generator (Steele, Lea and Flood, 2014)."""
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef void shuffle_cards(int *cards, int n, uint64_t key, uint64_t count) noexcept nogil:
    """Fisher-Yates shuffle of ``cards``, drawn from a SplitMix64 stream keyed by the
    game's seed and the number of the shuffle (unbiased: rejection on the 64-bit draws)."""
    cdef uint64_t state = key ^ (count * 0xD1B54A32D192ED03ULL), draw, bound, limit
    cdef int i, j, card
    for i in range(n - 1, 0, -1):
        bound = i + 1
        limit = <uint64_t>0 - (<uint64_t>0 - bound) % bound  # the largest multiple of bound, mod 2**64
        draw = splitmix64(&state)
        while limit and draw >= limit:
            draw = splitmix64(&state)
        j = draw % bound
        card = cards[i]
        cards[i] = cards[j]
        cards[j] = card


def seed_key(seed):
    """The 64-bit key of a game's chance: any int seed, hashed (BLAKE2b), so that every
    seed, however large or negative, has its own stream.

    >>> seed_key(1) != seed_key(2) and seed_key(-1) != seed_key(2**64 - 1)
    True
    """
    return int.from_bytes(hashlib.blake2b(str(seed).encode(), digest_size=8).digest(), "little")


def points(cards):
    """points(cards) -> int

    Total of a Vingt-un hand of card ids (ace 1 or 11; a second pack's ids are
    ``52 + id``), ``None`` for a face-down card not allowed.

    >>> points([48, 36]), points([48, 36, 44])   # A 10 = 21; A 10 K = 21 with the ace as 1
    (21, 21)
    """
    cdef int hard = 0, rank
    cdef bint ace = False
    for card in cards:
        rank = _two_pack_id(card) % 52 >> 2  # 0..12: PIPS has a slot per rank
        hard += PIPS[rank]
        ace = ace or rank == ACE
    return hard + 10 if ace and hard <= 11 else hard


cdef int _two_pack_id(object card) except -1:
    """``card`` as an id of one of two packs, 0..103, or the error naming it."""
    try:
        if isinstance(card, bool):
            raise TypeError
        value = operator.index(card)  # ints, and integer scalars such as numpy's
    except TypeError:
        raise CardTypeError(f"a card id is an int, not {type(card).__name__}: {card!r}") from None
    if not 0 <= value < 104:
        raise UnknownCardError(f"card id {value!r} is outside 0..103 (two packs)")
    return value


cdef list int_list(const int *values, int n):
    return [values[i] for i in range(n)]


cdef inline object payment(str payer, str payee, int amount):
    return _tuple_new(Payment, (payer, payee, amount))


cdef class Table:
    """The state of a Vingt-un table and the rules that change it."""

    # The agreed terms.
    cdef readonly int players
    cdef readonly object seed
    cdef uint64_t _key             # seed_key(seed)
    cdef readonly object options
    cdef Terms terms

    # The state of play.
    cdef int _phase
    cdef readonly int dealer, proper_dealer, seller, buyer, price
    cdef readonly int deal_round, rounds_played, shuffles, passes, turn, hand_index
    cdef bint _double
    cdef int _order[MAX_SEATS]
    cdef int n_order
    cdef int _naturals[MAX_SEATS]
    cdef int n_naturals
    cdef int _stock[MAX_PACK]      # the top card is the last
    cdef int n_stock
    cdef int _used[MAX_PACK]
    cdef int n_used
    # Row s holds seat s's hands; the dealer's hands are in his own row.
    cdef Hand _hands[MAX_SEATS][MAX_HANDS]
    cdef int n_hands[MAX_SEATS]

    # Python values at the boundary.
    cdef readonly tuple names
    cdef object _ledger
    cdef readonly list history
    cdef readonly list first_dealer_draw
    cdef tuple _top                # cards stacked on top of the first pack
    cdef list _stakes, _divides    # the legal Stake and Divide actions
    cdef list _payments            # the payments of the apply() under way
    cdef list _views               # per (row, hand, shown): the cached HandView, or None

    # Setting up ----------------------------------------------------------------------------

    def _setup(self, int players, seed, options, top):
        """Take the agreed terms (``__init__`` and ``from_dict`` of the driver)."""
        self.players, self.seed, self.options, self._top = players, seed, options, tuple(top)
        self._key = seed_key(seed)
        self.terms = Terms(
            min_stake=options.min_stake, max_stake=options.max_stake, rounds=options.rounds,
            deal_passes=_DEAL_PASSES[options.deal_passes], deal_hands=options.deal_hands,
            privilege=_PRIVILEGES[options.natural_privilege], max_price=options.max_price,
            pool_contribution=options.pool_contribution,
            pool_overdraw_penalty=options.pool_overdraw_penalty,
            pool_tie_share=options.pool_tie_share, deal_to_holder=options.deal_to == "holder",
            natural_puts_out=options.natural_puts_out, selling=options.selling,
            pool_to_natural=options.pool_to_natural,
        )
        self.names = tuple(f"p{i}" for i in range(players))
        self._stakes = [Stake(a) for a in range(self.terms.min_stake, self.terms.max_stake + 1)]
        self._divides = [Divide(a) for a in range(self.terms.min_stake, self.terms.max_stake + 1)]
        self._payments = []
        self._views = [None] * (MAX_SEATS * MAX_HANDS * 2)
        self.history = []
        self.first_dealer_draw = []
        self.seller = self.buyer = self.dealer = self.proper_dealer = -1

    def _open_ledger(self):
        parties = {name: self.options.counters for name in self.names}
        if self.options.has_pool:
            parties["pool"] = 0
        self._ledger = Ledger(parties, credit=self.names)

    # Chance --------------------------------------------------------------------------------

    cdef void _shuffle(self, int *cards, int n) noexcept:
        """Shuffle ``cards`` from the seed and the count of shuffles so far."""
        shuffle_cards(cards, n, self._key, self.shuffles)
        self.shuffles += 1

    cdef void _fresh_pack(self):
        """A new pack (two for ``two_packs``); the first pack may be stacked (``top``)."""
        cdef int size = 104 if self.terms.deal_passes == TWO_PACKS else 52
        top, self._top = self._top, ()
        self.n_stock = 0
        for card in range(size):
            if card not in top:
                self._stock[self.n_stock] = card
                self.n_stock += 1
        self._shuffle(self._stock, self.n_stock)
        for card in reversed(top):
            self._stock[self.n_stock] = card
            self.n_stock += 1
        self.n_used = 0
        self.passes = 1

    cdef int _card(self, list dealt, int row) except -1:
        """The top card, dealt to ``row``'s seat. The last card of the pack is never
        dealt: it joins the used cards, which the pone shuffles to continue (seed 002)."""
        if self.n_stock <= 1:
            memcpy(&self._used[self.n_used], self._stock, self.n_stock * sizeof(int))
            self.n_stock += self.n_used
            memcpy(self._stock, self._used, self.n_stock * sizeof(int))
            self.n_used = 0
            self._shuffle(self._stock, self.n_stock)
            self.passes += 1
            dealt.append(("reshuffle", self.n_stock))
            if not self.n_stock:
                raise IllegalActionError("no cards are left to deal")
        self.n_stock -= 1
        cdef int card = self._stock[self.n_stock]
        dealt.append((self.names[row], card))
        return card

    cdef void _throw_up(self, Hand *hand):
        """The hand's cards go to the used pile."""
        memcpy(&self._used[self.n_used], hand.cards, hand.n * sizeof(int))
        self.n_used += hand.n

    # Hands ---------------------------------------------------------------------------------

    cdef inline void _forget(self, int row):
        """The row's hands changed: drop their cached views."""
        cdef int i
        for i in range(row * MAX_HANDS * 2, (row + 1) * MAX_HANDS * 2):
            self._views[i] = None

    cdef int _deal_hand(self, list dealt, int row) except -1:
        """A new hand of one card for ``row``, after any it has."""
        cdef Hand *hand = &self._hands[row][self.n_hands[row]]
        hand.n, hand.stake, hand.divided, hand.done, hand.collected = 1, 0, False, False, False
        hand.cards[0] = self._card(dealt, row)
        self.n_hands[row] += 1
        return 0

    cdef int _add_card(self, list dealt, int row, int index) except -1:
        cdef Hand *hand = &self._hands[row][index]
        hand.cards[hand.n] = self._card(dealt, row)
        hand.n += 1
        self._forget(row)
        return 0

    cdef inline int _row(self) noexcept:
        """The row of the hand in play."""
        return self.dealer if self._phase == DEALER else self._order[self.turn]

    cdef inline int _dealable(self) noexcept:
        return (self.n_stock - 1 if self.n_stock > 1 else 0) + self.n_used

    def dealable(self):
        """Cards that can still be dealt this round: the pack but its last card, then the
        used cards the pone has collected (shuffled with that last card to continue)."""
        return self._dealable()

    cdef bint _may_divide(self) noexcept:
        cdef int row = self._row()
        return (hand_is_pair(&self._hands[row][self.hand_index]) and self.n_hands[row] < MAX_HANDS
                and self._dealable() >= 2)

    # Reading -------------------------------------------------------------------------------

    @property
    def phase(self):
        """``"sell"``, ``"buy"``, ``"stake"``, ``"double"``, ``"draw"``, ``"dealer"`` or ``"over"``."""
        return PHASES[self._phase]

    cdef object _to_act(self):
        cdef int phase = self._phase
        if phase == OVER:
            return None
        if phase == SELL or phase == BUY:
            return self.turn
        if phase == DOUBLE or phase == DEALER:
            return self.dealer
        return self._order[self.turn]

    @property
    def to_act(self):
        return self._to_act()

    @property
    def is_over(self):
        return self._phase == OVER

    @property
    def double(self):
        """Whether the dealer called "double" this round."""
        return self._double

    @property
    def order(self):
        """The players of this round in turn (the dealer not among them)."""
        return int_list(self._order, self.n_order)

    @property
    def naturals(self):
        """The players holding a natural this round."""
        return int_list(self._naturals, self.n_naturals)

    @property
    def stock(self):
        """The undealt pack, its top card last."""
        return int_list(self._stock, self.n_stock)

    @property
    def used(self):
        """The used cards collected by the pone, in the order they were thrown up."""
        return int_list(self._used, self.n_used)

    cdef list _row_states(self, int row):
        cdef Hand *hand
        states = []
        for i in range(self.n_hands[row]):
            hand = &self._hands[row][i]
            states.append(HandState(tuple(int_list(hand.cards, hand.n)), hand.stake,
                                    hand.divided, hand.done, hand.collected))
        return states

    @property
    def hands(self):
        """Every seat's hands this round as :class:`HandState` (the dealer's seat: ``[]``)."""
        return [[] if seat == self.dealer else self._row_states(seat) for seat in range(self.players)]

    @property
    def dealer_hands(self):
        """The dealer's hands this round as :class:`HandState`."""
        return self._row_states(self.dealer) if self.dealer >= 0 else []

    @property
    def ledger(self):
        return self._ledger

    def payoffs(self):
        balances = self._ledger._balances
        counters = self.options.counters
        return {seat: balances[name] - counters for seat, name in enumerate(self.names)}

    def legal_actions(self):
        cdef int phase = self._phase
        if phase == OVER:
            return []
        if phase == STAKE:
            return list(self._stakes)
        if phase == DOUBLE:
            return [CALL, NO_CALL]
        if phase == SELL:
            return [KEEP] + [SellDeal(buyer, price) for buyer in range(self.players) if buyer != self.turn
                             for price in range(self.terms.max_price + 1)]
        if phase == BUY:
            return [ACCEPT, DECLINE]
        if not self._dealable():
            return [CONTENT]  # pack and used cards exhausted: the hand must stand
        if self._may_divide():
            return [DRAW, CONTENT] + ([Divide(0)] if phase == DEALER else self._divides)
        return [DRAW, CONTENT]

    def is_legal(self, action):
        """Whether ``action`` may be applied now (amounts must be exact ints)."""
        return self._is_legal(action)

    cdef bint _is_legal(self, action) except -1:
        cdef int phase = self._phase
        kind = type(action)
        if phase == STAKE:
            return (kind is Stake and type(action.amount) is int
                    and self.terms.min_stake <= action.amount <= self.terms.max_stake)
        if phase == DRAW_PHASE or phase == DEALER:
            if kind is Content:
                return True
            if kind is Draw:
                return self._dealable() >= 1
            if kind is Divide and type(action.stake) is int and self._may_divide():
                if phase == DEALER:
                    return action.stake == 0
                return self.terms.min_stake <= action.stake <= self.terms.max_stake
            return False
        return isinstance(action, Action) and action.has_exact_types() and action in self.legal_actions()

    cdef object _view(self, int row, int index, bint shown):
        """The hand as a seat sees it: all its cards if ``shown``, else the first two
        hidden; a hand thrown up to the pone (over-drawn) has left the table: no cards."""
        cdef int slot = (row * MAX_HANDS + index) * 2 + shown
        view = self._views[slot]
        if view is not None:
            return view
        cdef Hand *hand = &self._hands[row][index]
        if hand.collected:
            cards = _NO_CARDS
        elif shown:
            cards = tuple(int_list(hand.cards, hand.n))
        else:
            cards = (None, None)[:hand.n] + tuple([hand.cards[k] for k in range(2, hand.n)])
        view = _tuple_new(HandView, (cards, hand.stake, hand.divided, hand.done))
        self._views[slot] = view
        return view

    def observation(self, seat):
        """What ``seat`` may know: its own cards, every face-up card, the stakes and balances.

        A player's first two cards are dealt face down (shown as ``None`` to the
        others); the dealer's are turned up when he plays; an over-drawn hand is
        thrown up to the pone and shows no cards. The pack and the used cards are
        only counted. Hands are :class:`HandView` tuples.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalActionError(f"no seat {seat!r} at this table")
        cdef int me = seat, row, i
        cdef bint dealer_shown = me == self.dealer or self._phase == DEALER or self._phase == OVER
        hands = {}
        for i in range(self.n_order):
            row = self._order[i]
            hands[row] = [self._view(row, k, row == me) for k in range(self.n_hands[row])]
        row = self.dealer
        dealer_hands = [self._view(row, k, dealer_shown) for k in range(self.n_hands[row])] if row >= 0 else []
        balances = self._ledger._balances
        return {
            "seat": seat,
            "dealer": self.dealer,
            "phase": PHASES[self._phase],
            "to_act": self._to_act(),
            "double": self._double,
            "hands": hands,
            "dealer_hands": dealer_hands,
            "balances": [balances[name] for name in self.names],
            "pool": balances.get("pool", 0),
            "stock": self.n_stock,
            "used": self.n_used,
            "rounds_played": self.rounds_played,
        }

    # Acting --------------------------------------------------------------------------------

    def apply(self, action):
        if not isinstance(action, Action):
            raise TypeError(f"apply() takes a vingt_un action, not {type(action).__name__}")
        if self._phase == OVER:
            raise IllegalActionError("the game is over")
        if not self._is_legal(action):
            raise IllegalActionError(f"{action!r} is not legal now (phase {self.phase!r}, seat {self.to_act})")
        seat = self._to_act()
        cdef list dealt = []
        self._payments = []
        kind = type(action)
        if kind is Draw:
            self._on_draw(dealt)
        elif kind is Content:
            self._hands[self._row()][self.hand_index].done = True
            self._forget(self._row())
            self._advance(dealt)
        elif kind is Stake:
            self._on_stake(action.amount)
        elif kind is Double:
            self._on_double(action.call, dealt)
        elif kind is Divide:
            self._on_divide(action.stake, dealt)
        elif kind is SellDeal:
            self.buyer, self.price, self.seller = action.buyer, action.price, self.turn
            self._phase = BUY
            self.turn = action.buyer
        elif kind is KeepDeal:
            self._begin_round(dealt)
        elif kind is AcceptSale:
            self._pay([payment(self.names[self.buyer], self.names[self.seller], self.price)],
                      "the deal is sold")
            self.dealer = self.buyer
            self._begin_round(dealt)
        else:  # DeclineSale
            self.buyer = -1
            self._begin_round(dealt)
        record = _tuple_new(Record, (seat, action, tuple(dealt), tuple(self._payments), ""))
        self.history.append(record)
        return record

    cdef int _pay(self, list payments, str note) except -1:
        """Pay through the ledger, as one batch; zero payments are left out."""
        payments = [p for p in payments if p[2]]
        if payments:
            self._ledger.apply(payments, note)
            self._payments.extend(payments)
        return 0

    cdef object _between(self, int seat, int amount):
        """The payment of ``amount`` to the player (> 0) or from him (< 0) with the dealer."""
        player, dealer = self.names[seat], self.names[self.dealer]
        return payment(dealer, player, amount) if amount > 0 else payment(player, dealer, -amount)

    cdef int _settle_player(self, int seat, int amount, str note) except -1:
        """``amount`` > 0: the dealer pays the player; < 0: the player pays the dealer."""
        return self._pay([self._between(seat, amount)], note)

    # The deal and the round ----------------------------------------------------------------

    def _start(self, dealer):
        """Choose the first dealer ("the player to whom the first ace is dealt") and begin."""
        if dealer is not None:
            self.history.append(Record(None, None, note=f"p{dealer} deals"))
            self._begin_deal(dealer, [])
            return
        cdef int pack[52], card, i
        for card in range(52):
            pack[card] = card
        self._shuffle(pack, 52)
        cdef int seat = 0
        draws = [[] for _ in range(self.players)]
        for i in range(52):
            draws[seat].append(pack[i])
            if pack[i] >> 2 == ACE:
                break
            seat = (seat + 1) % self.players
        self.first_dealer_draw = draws
        self.history.append(Record(None, None, note=f"the first ace falls to p{seat}, who deals"))
        self._begin_deal(seat, [])

    cdef int _begin_deal(self, int seat, list dealt) except -1:
        """A new deal for ``seat``: pool contributions, a fresh pack, maybe a sale."""
        self.proper_dealer = self.dealer = seat
        self.seller = self.buyer = -1
        self.deal_round = 0
        self.n_order = 0
        self._clear_hands()
        self._fresh_pack()
        if self.terms.pool_contribution:
            self._pay([payment(name, "pool", self.terms.pool_contribution) for name in self.names],
                      "pool contributions for the deal")
        if self.terms.selling:
            self._phase = SELL
            self.turn = seat
        else:
            self._begin_round(dealt)
        return 0

    cdef void _clear_hands(self):
        cdef int row
        for row in range(self.players):
            self.n_hands[row] = 0
            self._forget(row)

    cdef int _begin_round(self, list dealt) except -1:
        """One card to each player, from the proper dealer's left, and to the dealer."""
        cdef int k, seat
        self.n_order = 0
        for k in range(1, self.players + 1):
            seat = (self.proper_dealer + k) % self.players
            if seat != self.dealer:
                self._order[self.n_order] = seat
                self.n_order += 1
        self._double = False
        self.n_naturals = 0
        self._clear_hands()
        for k in range(self.n_order):
            self._deal_hand(dealt, self._order[k])
        self._deal_hand(dealt, self.dealer)
        self._phase = STAKE
        self.turn = 0
        return 0

    cdef void _on_stake(self, int amount):
        cdef int row = self._order[self.turn]
        self._hands[row][0].stake = amount
        self._forget(row)
        self.turn += 1
        if self.turn == self.n_order:
            self._phase = DOUBLE

    cdef int _on_double(self, bint call, list dealt) except -1:
        """The dealer's "double" doubles every stake; then the second card to each."""
        cdef int k, row
        self._double = call
        if call:
            for k in range(self.n_order):
                self._hands[self._order[k]][0].stake *= 2
        for k in range(self.n_order):
            self._add_card(dealt, self._order[k], 0)
        self._add_card(dealt, self.dealer, 0)
        return self._declare_naturals(dealt)

    cdef bint _is_natural_holder(self, int seat) noexcept:
        cdef int k
        for k in range(self.n_naturals):
            if self._naturals[k] == seat:
                return True
        return False

    cdef int _declare_naturals(self, list dealt) except -1:
        cdef int k, seat
        cdef Hand *hand
        self.n_naturals = 0
        for k in range(self.n_order):
            seat = self._order[k]
            if hand_strength(&self._hands[seat][0]) == NATURAL:
                self._naturals[self.n_naturals] = seat
                self.n_naturals += 1
        if hand_strength(&self._hands[self.dealer][0]) == NATURAL:
            # "he at once declares it ... and collects the stakes from the other
            # players, the amount in this case being double from each"
            for k in range(self.n_order):
                seat = self._order[k]
                hand = &self._hands[seat][0]
                if not self._is_natural_holder(seat):  # "neither pays to the other"
                    self._settle_player(seat, -2 * hand.stake, "the dealer's natural")
                hand.done = True
                self._forget(seat)
            self.n_naturals = 0
            return self._end_round(dealt)
        for k in range(self.n_naturals):
            seat = self._naturals[k]
            hand = &self._hands[seat][0]
            self._settle_player(seat, 2 * hand.stake, "a natural")
            hand.done = True
            self._forget(seat)
        if self.n_naturals and not self._natural_disregarded():
            self._natural_privileges()
        self._phase = DRAW_PHASE
        self.turn = 0
        self.hand_index = 0
        return self._advance(dealt)

    cdef bint _natural_disregarded(self) noexcept:
        """A natural on the first hand of the deal, where naturals put the dealer out:
        "the dealer disregards it, except that he has to pay to the holder as for a
        drawn Vingt-un" (seed 002), so no privilege and no pool go with it."""
        return (self.deal_round == 0 and self.terms.deal_passes == ON_NATURAL
                and self.terms.natural_puts_out)

    cdef int _natural_privileges(self) except -1:
        """ADDITIONAL PRIVILEGES FOR A NATURAL, and a POOL won by the natural."""
        cdef int k, holder, amount
        naturals = self.naturals
        payers = [s for s in self.order if s not in naturals]
        if self.terms.privilege:
            label = "stake" if self.terms.privilege == 1 else "double"
            for holder in naturals:
                amount = self._hands[holder][0].stake // (2 if self._double else 1)
                amount *= self.terms.privilege
                self._pay([payment(self.names[s], self.names[holder], amount) for s in payers],
                          f"p{holder}'s natural: a {label} from each player")
        if self.terms.pool_to_natural:
            shares = split(self._ledger.balance("pool"), naturals, self.order)
            self._pay([payment("pool", self.names[s], a) for s, a in shares.items()],
                      "the pool to the natural")
        return 0

    cdef int _advance(self, list dealt) except -1:
        """Move to the next hand that needs a decision, playing the dealer's part when due."""
        cdef int row
        cdef Hand *hand
        while self._phase == DRAW_PHASE:
            if self.turn >= self.n_order:
                return self._dealer_turn(dealt)
            row = self._order[self.turn]
            while self.hand_index < self.n_hands[row] and self._hands[row][self.hand_index].done:
                self.hand_index += 1
            if self.hand_index < self.n_hands[row]:
                hand = &self._hands[row][self.hand_index]
                if hand_points(hand) >= 21 and not hand_is_pair(hand):
                    hand.done = True  # 21 stands; over-drawn was settled when drawn
                    self._forget(row)
                    continue
                return 0
            self.turn += 1
            self.hand_index = 0
        if self._phase == DEALER:
            row = self.dealer
            while self.hand_index < self.n_hands[row]:
                hand = &self._hands[row][self.hand_index]
                if not (hand.done or hand_points(hand) >= 21):
                    break
                hand.done = True
                self._forget(row)
                self.hand_index += 1
            if self.hand_index == self.n_hands[row]:
                return self._showdown(dealt)
        return 0

    cdef int _dealer_turn(self, list dealt) except -1:
        """The dealer turns up his cards and plays, if any player's hand still stands."""
        cdef int k, i, seat
        cdef bint standing = False
        for k in range(self.n_order):
            seat = self._order[k]
            if self._is_natural_holder(seat):
                continue
            for i in range(self.n_hands[seat]):
                standing = standing or hand_points(&self._hands[seat][i]) <= 21
        self._phase = DEALER
        self.hand_index = 0
        if not standing:  # nobody left to play against: the dealer need not draw
            return self._end_round(dealt)
        return self._advance(dealt)

    cdef int _on_draw(self, list dealt) except -1:
        cdef int row = self._row()
        cdef Hand *hand = &self._hands[row][self.hand_index]
        self._add_card(dealt, row, self.hand_index)
        if self._phase == DRAW_PHASE and hand_points(hand) > 21:
            # "Had his third card been a 9, it would have been an over-draw, and the
            # player would have had to pay the dealer the amount he staked. At the same
            # time he would throw up his cards, or hand them to ... the pone"
            self._settle_player(row, -hand.stake, "over-drawn")
            hand.collected = hand.done = True
            self._forget(row)
            self._throw_up(hand)
        return self._advance(dealt)

    cdef int _on_divide(self, int stake, list dealt) except -1:
        """Divide the pair in play: the second card starts a new hand, just after it,
        with its own stake (doubled if the dealer called "double"); each gets a card."""
        cdef int row = self._row(), index = self.hand_index
        cdef int n = self.n_hands[row]
        cdef Hand *hand = &self._hands[row][index]
        cdef Hand *second = &self._hands[row][index + 1]
        memmove(second, hand, (n - index) * sizeof(Hand))  # the later hands move up one
        self.n_hands[row] = n + 1
        hand.n = 1
        hand.divided = True
        second.cards[0] = second.cards[1]
        second.n, second.stake = 1, stake * (2 if self._double else 1)
        second.divided, second.done, second.collected = True, False, False
        self._add_card(dealt, row, index)
        self._add_card(dealt, row, index + 1)
        return self._advance(dealt)

    cdef int _showdown(self, list dealt) except -1:
        """Settle every standing player hand against each of the dealer's hands, as one batch."""
        cdef int d, k, i, seat, theirs, mine, result, tie_receipts = 0
        cdef Hand *hand
        payments = []
        dealer_name = self.names[self.dealer]
        for d in range(self.n_hands[self.dealer]):
            theirs = hand_strength(&self._hands[self.dealer][d])
            if theirs == OVER_DRAWN and self.terms.pool_overdraw_penalty:
                payments.append(payment(dealer_name, "pool", self.terms.pool_overdraw_penalty))
            for k in range(self.n_order):
                seat = self._order[k]
                if self._is_natural_holder(seat):
                    continue
                for i in range(self.n_hands[seat]):
                    hand = &self._hands[seat][i]
                    mine = hand_strength(hand)
                    if mine == OVER_DRAWN:
                        continue  # paid when he over-drew
                    result = settle_strengths(theirs, mine, hand.stake)
                    if mine == theirs:  # a tie: the dealer receives (single, even at 21)
                        tie_receipts -= result
                    payments.append(self._between(seat, result))
        if self.terms.pool_tie_share and tie_receipts:
            payments.append(payment(dealer_name, "pool", tie_receipts // self.terms.pool_tie_share))
        self._pay(payments, "the show")
        return self._end_round(dealt)

    cdef int _end_round(self, list dealt) except -1:
        """Collect the cards, count the round, and pass the deal when it is due."""
        cdef int k, i, seat
        for k in range(self.n_order):
            seat = self._order[k]
            for i in range(self.n_hands[seat]):
                if not self._hands[seat][i].collected:
                    self._throw_up(&self._hands[seat][i])
        for i in range(self.n_hands[self.dealer]):
            self._throw_up(&self._hands[self.dealer][i])
        self.rounds_played += 1
        self.deal_round += 1
        cdef int next_dealer = self._next_dealer()
        if self.rounds_played >= self.terms.rounds:
            self._phase = OVER
            return 0
        if next_dealer < 0:
            return self._begin_round(dealt)
        return self._begin_deal(next_dealer, dealt)

    cdef int _next_dealer(self) noexcept:
        """Who deals next, or -1 if the dealer goes on."""
        cdef int left = (self.proper_dealer + 1) % self.players
        if self.terms.deal_passes == ON_NATURAL:
            if self.n_naturals and self.terms.natural_puts_out and self.deal_round != 1:
                return self._naturals[0] if self.terms.deal_to_holder else left
            return -1
        if self.terms.deal_passes == AFTER_HANDS:
            return left if self.deal_round >= self.terms.deal_hands else -1
        # "twice" through the pack, or "two_packs" once: the round that used the last
        # of the dealer's supply was completed from the used cards; now the deal passes.
        return left if self.passes > (2 if self.terms.deal_passes == TWICE else 1) else -1

    # Copies and state ----------------------------------------------------------------------

    def copy(self):
        """An independent copy of the game (it shares only immutable values)."""
        cdef Table twin = type(self).__new__(type(self))
        twin.players, twin.seed, twin.options, twin._top = self.players, self.seed, self.options, ()
        twin._key, twin.terms = self._key, self.terms
        twin._phase, twin._double = self._phase, self._double
        twin.dealer, twin.proper_dealer, twin.seller = self.dealer, self.proper_dealer, self.seller
        twin.buyer, twin.price, twin.deal_round = self.buyer, self.price, self.deal_round
        twin.rounds_played, twin.shuffles, twin.passes = self.rounds_played, self.shuffles, self.passes
        twin.turn, twin.hand_index = self.turn, self.hand_index
        twin.n_order, twin.n_naturals, twin.n_stock, twin.n_used = (
            self.n_order, self.n_naturals, self.n_stock, self.n_used)
        memcpy(twin._order, self._order, sizeof(self._order))
        memcpy(twin._naturals, self._naturals, sizeof(self._naturals))
        memcpy(twin._stock, self._stock, sizeof(self._stock))
        memcpy(twin._used, self._used, sizeof(self._used))
        memcpy(twin._hands, self._hands, sizeof(self._hands))
        memcpy(twin.n_hands, self.n_hands, sizeof(self.n_hands))
        twin.names, twin._stakes, twin._divides = self.names, self._stakes, self._divides
        twin._payments = []
        twin._views = list(self._views)  # views are immutable: sharing them is safe
        twin._ledger = self._ledger.copy()
        twin.history = list(self.history)
        twin.first_dealer_draw = [list(d) for d in self.first_dealer_draw]
        return twin

    def _state(self):
        """The state of play as plain lists and numbers (the ``state`` of ``to_dict``)."""
        return {
            "phase": PHASES[self._phase], "dealer": self.dealer, "proper_dealer": self.proper_dealer,
            "seller": self.seller, "buyer": self.buyer, "price": self.price,
            "deal_round": self.deal_round, "rounds_played": self.rounds_played,
            "stock": self.stock, "used": self.used, "shuffles": self.shuffles, "passes": self.passes,
            "double": self._double, "order": self.order, "turn": self.turn,
            "hand_index": self.hand_index, "naturals": self.naturals,
            "first_dealer_draw": [list(d) for d in self.first_dealer_draw],
            "hands": [[hand.to_list() for hand in hands] for hands in self.hands],
            "dealer_hands": [hand.to_list() for hand in self.dealer_hands],
        }

    def _restore(self, state, ledger, history):
        """Set the state of play from :meth:`_state` (after ``_setup``)."""
        cdef Hand *hand
        self._phase = PHASES.index(state["phase"])
        self.dealer, self.proper_dealer = state["dealer"], state["proper_dealer"]
        self.seller, self.buyer, self.price = state["seller"], state["buyer"], state["price"]
        self.deal_round, self.rounds_played = state["deal_round"], state["rounds_played"]
        self.shuffles, self.passes, self._double = state["shuffles"], state["passes"], state["double"]
        self.turn, self.hand_index = state["turn"], state["hand_index"]
        self.n_stock = _fill(self._stock, state["stock"], MAX_PACK)
        self.n_used = _fill(self._used, state["used"], MAX_PACK)
        self.n_order = _fill(self._order, state["order"], MAX_SEATS)
        self.n_naturals = _fill(self._naturals, state["naturals"], MAX_SEATS)
        self.first_dealer_draw = [list(d) for d in state["first_dealer_draw"]]
        self._clear_hands()
        rows = list(state["hands"])
        if self.dealer >= 0:
            rows[self.dealer] = state["dealer_hands"]
        for row, hands in enumerate(rows):
            for i, (cards, stake, divided, done, collected) in enumerate(hands):
                hand = &self._hands[row][i]
                hand.n = _fill(hand.cards, cards, MAX_CARDS)
                hand.stake, hand.divided, hand.done, hand.collected = stake, divided, done, collected
            self.n_hands[row] = len(hands)
        self._ledger = ledger
        self.history = history


cdef int _fill(int *into, values, int size) except -1:
    """Copy ``values`` into ``into``; their number."""
    cdef int n = len(values), i
    if n > size:
        raise ValueError(f"{n} values where at most {size} fit: {values!r}")
    for i in range(n):
        into[i] = values[i]
    return n
