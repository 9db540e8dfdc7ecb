"""Reading a Vingt-un state document back into a game, checking everything on the way.

:meth:`pycards.games.vingt_un.VingtUn.from_dict` (and so ``pickle.loads``) comes
here. A snapshot is checked field by field (types, ranges, the phase and whose
turn it is, every hand, the pack against the cards on the table, the ledger
against the counters); a document with ``history`` is replayed from its start
and must arrive at the state it states. The first problem raises
:class:`~pycards.errors.StateError` naming the field and its value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pycards.errors import StateError
from pycards.games.base import MAX_SEED_BITS
from pycards.games.engine.document import Reader, same, shown
from pycards.games.engine.pack import Pack
from pycards.games.engine.seats import rotation
from pycards.settlement import MAX_COUNTERS, Ledger

if TYPE_CHECKING:
    from pycards.games.vingt_un import VingtUn

__all__ = ["restore"]

_FIELDS = ("game", "version", "players", "seed", "options", "balances", "pack", "session", "first_record",
           "state", "knowledge", "history")  # fmt: skip
_STATE = ("phase", "dealer", "proper_dealer", "seller", "buyer", "price", "deal_round", "passes", "turn",
          "hand_index", "double", "order", "naturals", "decisions", "truncating", "last_truncated", "rewards",
          "deal_start", "first_dealer_draw", "hands")  # fmt: skip
_HAND = ("cards", "stake", "divided", "done", "collected", "shown", "down")
_BIG = 2**62
_DOWNS = ((0, 1), (0,), ())
"""The face-down positions a hand can have (:func:`_faces_fit` says which, where)."""


def restore(cls: type[VingtUn], data: Mapping[str, Any]) -> VingtUn:
    from pycards.games.vingt_un import VingtUnOptions

    doc = Reader(data, "document").only(*_FIELDS)
    if doc.value("game") != cls.name:
        raise StateError(f"document.game must be {cls.name!r}, not {shown(doc.value('game'))}")
    if doc.value("version") != 2 or type(doc.value("version")) is not int:
        raise StateError(f"document.version must be 2, not {shown(doc.value('version'))}")
    players = doc.int("players", cls.MIN_PLAYERS, cls.MAX_PLAYERS)
    seed = doc.value("seed")
    if type(seed) is not int or seed.bit_length() > MAX_SEED_BITS:
        raise StateError(f"document.seed must be a whole number of at most {MAX_SEED_BITS} bits, not {shown(seed)}")
    try:
        options = VingtUnOptions.from_dict(doc.value("options"), "vingt_un", complete=True)
    except ValueError as error:
        raise StateError(f"document.options: {error}") from None
    if "history" in data:
        return _replay(cls, doc, players, seed, options)
    game = cls.__new__(cls)
    try:
        game._setup(players, seed, options)
    except ValueError as error:
        raise StateError(f"document.options: {error}") from None
    _read_state(game, doc)
    game._restore_knowledge(doc.value("knowledge"), "document.knowledge")
    return game


def _replay(cls: type[VingtUn], doc: Reader, players: int, seed: int, options: Any) -> VingtUn:
    """Play the document's history from its start; it must lead to the state it states."""
    history = doc.reader("history").only("start", "actions")
    start = history.reader("start").only("dealer", "top")
    dealer = start.seat("dealer", players, none=True)
    top = start.cards("top", 104)
    try:
        game = cls(players, seed, dealer=dealer, top=top, **options.to_dict())
    except ValueError as error:
        raise StateError(f"document.history.start: {error}") from None
    game._replay(history.list("actions", 10**7), "document.history.actions")
    mine = game.to_dict()
    for key, value in mine.items():
        if not same(doc.value(key), value):
            raise StateError(f"document.{key} is not where its history leads")
    return game


def _read_state(game: VingtUn, doc: Reader) -> None:
    from pycards.games.vingt_un import MAX_CARDS, MAX_HANDS, PHASES, Hand

    players, options = game.players, game.options
    game._first_record = doc.int("first_record", 1, _BIG)  # the session's start made one
    game._session.restore(doc.reader("session").only("first_dealer", "deals", "returns", "out", "over"), players)
    out = game._session.out
    s = doc.reader("state").only(*_STATE)
    phase = game._phase = s.choice("phase", PHASES)
    if (phase == "over") != game._session.over:
        raise StateError(f"document.state.phase {phase!r} disagrees with document.session.over")
    game._dealer = dealer = s.int("dealer", 0, players - 1)
    game._proper_dealer = proper = s.int("proper_dealer", 0, players - 1)
    game._seller, game._buyer = s.int("seller", -1, players - 1), s.int("buyer", -1, players - 1)
    game._price = s.int("price", 0, options.max_price)
    game._deal_round = s.int("deal_round", 0, _BIG)
    game._passes = s.int("passes", 1, _BIG)
    game._turn = s.int("turn", 0, players)
    game._hand_index = s.int("hand_index", 0, MAX_HANDS - 1)
    game._double = s.bool("double")
    game._order = s.seats("order", players)
    game._naturals = s.seats("naturals", players)
    game._decisions = s.int("decisions", 0, _BIG)
    game._truncated, game._last_truncated = s.bool("truncating"), s.bool("last_truncated")
    game._rewards = s.ints("rewards", -MAX_COUNTERS, MAX_COUNTERS, players)
    game._deal_start = s.ints("deal_start", -MAX_COUNTERS, MAX_COUNTERS, players)
    if len(game._rewards) != players or len(game._deal_start) != players:
        raise StateError(f"document.state.rewards and deal_start hold one number per seat ({players})")
    draw = s.list("first_dealer_draw", players)
    game._first_dealer_draw = [Reader({"cards": cards}, f"document.state.first_dealer_draw[{i}]").cards("cards", 52)
                              for i, cards in enumerate(draw)]  # fmt: skip
    if draw and (len(draw) != players or len({c for cards in game._first_dealer_draw for c in cards})
                 != sum(map(len, game._first_dealer_draw))):  # fmt: skip
        raise StateError("document.state.first_dealer_draw must hold one list of distinct cards per seat")
    rows = s.list("hands", players)
    if len(rows) != players:
        raise StateError(f"document.state.hands holds one list per seat ({players}), not {len(rows)}")
    game._clear_hands()
    for seat, row in enumerate(rows):
        where = Reader({"row": row}, f"document.state.hands[{seat}]")
        for i, item in enumerate(where.list("row", MAX_HANDS)):
            h = Reader(item, f"document.state.hands[{seat}][{i}]").only(*_HAND)
            hand = Hand(0, game._row_views[seat])
            cards = h.cards("cards", MAX_CARDS)
            hand.stake = h.int("stake", 0, 2 * options.max_stake)
            hand.divided, hand.done, hand.collected, hand.shown = (
                h.bool("divided"), h.bool("done"), h.bool("collected"), h.bool("shown"))
            down: tuple[int, ...] = tuple(h.ints("down", 0, 1, 2))
            if down not in _DOWNS or not cards:
                raise StateError(f"{h.path} is not a hand: cards {shown(cards)}, down {shown(list(down))}")
            hand.restore(cards, down)
            game._hands[seat].append(hand)
    _check_play(game, out, phase, dealer, proper)
    _check_hands(game, phase)
    _check_counts(game, phase)
    _read_money(game, doc)
    _check_results(game)
    table = [c for row in game._hands for hand in row if not hand.collected for c in hand.cards]
    try:
        game._pack = Pack.from_dict(doc.value("pack"), game._pack.cards, game._pack.key)
        game._pack.check_accounts(table if phase != "over" else [])
    except ValueError as error:
        raise StateError(f"document.pack: {error}") from None


def _check_results(game: VingtUn) -> None:
    """The deal's starting balances and the last deal's rewards must fit the counters: the
    players' starting balances and the pool's (never below zero) make the counters dealt out,
    and the rewards add up to what the players took from the pool, so to no less than minus
    what it holds (all zero before a deal ends); without a pool both are exact."""
    total = game.options.counters * game.players
    pool_at_start = total - sum(game._deal_start)
    gained = sum(game._rewards)
    if not game.options.has_pool and (pool_at_start or gained):
        raise StateError(f"document.state.deal_start adds up to {sum(game._deal_start)} and rewards to {gained}:"
                         f" without a pool they make {total} and 0")  # fmt: skip
    if pool_at_start < 0 or gained < -pool_at_start:  # the pool held at least what the players lost to it
        raise StateError(f"document.state.deal_start (adding up to {sum(game._deal_start)}) and rewards (to"
                         f" {gained}) do not fit the {total} counters with a pool never below zero")  # fmt: skip
    if game._session.deals == 0 and any(game._rewards):
        raise StateError(f"document.state.rewards must be zeros before the first deal ends, not {game._rewards}")


def _check_play(game: VingtUn, out: set[int], phase: str, dealer: int, proper: int) -> None:
    """The phase, whose turn it is and the hands must make a position of the game."""
    options, hands = game.options, game._hands

    def bad(what: str) -> StateError:
        return StateError(f"document.state: {what} (phase {phase!r})")

    over = phase == "over"  # the last deal's players may have gone out at its end
    if not over and (dealer in out or proper in out):
        raise bad(f"the dealer p{dealer} (proper dealer p{proper}) stands out")
    if dealer != proper and not options.selling:
        raise bad("the deal was sold but selling is not agreed")
    if not options.selling and (game._seller, game._buyer) != (-1, -1):
        raise bad(f"seller p{game._seller} and buyer p{game._buyer} without selling agreed")
    if phase not in ("sell", "buy") and (game._seller not in (-1, proper)
                                         or game._buyer != (dealer if dealer != proper else -1)):  # fmt: skip
        raise bad(f"seller p{game._seller} and buyer p{game._buyer} are not the sale that made p{dealer} deal")
    if game._double and phase in ("sell", "buy", "stake", "double"):
        raise bad('"double" is called only after every player has staked')
    if phase in ("sell", "buy"):
        if game._order or any(hands):
            raise bad("no cards are dealt before the deal is sold or kept")
        if phase == "sell" and (game._turn != proper or dealer != proper):
            raise bad("the proper dealer decides on a sale")
        if phase == "buy" and (game._seller != proper or game._buyer in (-1, proper) or game._turn != game._buyer
                               or game._buyer in out):  # fmt: skip
            raise bad("the offered buyer answers the proper dealer's offer")
        return
    expected = [s for s in rotation(proper, game.players, () if over else out) if s != dealer]
    if game._order != expected if not over else not _in_order(game._order, expected):
        raise bad(f"the players in turn must be {expected}, not {game._order}")
    if not set(game._naturals) <= set(game._order):
        raise bad(f"naturals {game._naturals} are not all players of the deal")
    for seat in range(game.players):
        if seat != dealer and seat not in game._order and hands[seat]:
            raise bad(f"p{seat} holds cards but is not in the deal")
    if not hands[dealer] or any(not hands[s] for s in game._order):
        raise bad("every player of the deal and the dealer hold a hand")
    first = phase in ("stake", "double")
    for seat in [*game._order, dealer]:
        for hand in hands[seat]:
            if first and (len(hand.cards) != 1 or len(hands[seat]) != 1):
                raise bad(f"p{seat} must hold one hand of one card")
            if not first and len(hand.cards) < 2:
                raise bad(f"p{seat} holds a hand of fewer than two cards")
            if seat == dealer and hand.stake:
                raise bad("the dealer stakes nothing")
            least, most = (2 * options.min_stake, 2 * options.max_stake) if game._double else (
                options.min_stake, options.max_stake)
            if seat != dealer and not first and (not least <= hand.stake <= most or game._double and hand.stake % 2):
                raise bad(f"p{seat}'s stake {hand.stake} is outside the agreed stakes"
                          f"{' doubled' if game._double else ''}")  # fmt: skip
            if hand.collected and (seat == dealer or hand.points() <= 21):
                raise bad(f"p{seat} has a hand thrown up that did not over-draw")
            if seat != dealer and hand.points() > 21 and not hand.collected and phase != "over":
                raise bad(f"p{seat}'s over-drawn hand was not thrown up")
    n = len(game._order)
    if phase == "stake":
        if not game._turn < n:
            raise bad(f"turn {game._turn} is not a player's")
        for k, seat in enumerate(game._order):
            stake = hands[seat][0].stake
            if (stake != 0) if k >= game._turn else not options.min_stake <= stake <= options.max_stake:
                raise bad(f"p{seat}'s stake {stake} does not fit the staking so far")
    elif phase == "double" and game._turn != n:
        raise bad(f"turn {game._turn} must be {n}: every player has staked")
    elif phase == "draw":
        if not game._turn < n or game._hand_index >= len(hands[game._order[game._turn]]):
            raise bad(f"turn {game._turn}, hand {game._hand_index} is not a hand in play")
        if hands[game._order[game._turn]][game._hand_index].done:
            raise bad("the hand in play is finished")
    elif phase == "dealer":
        if game._hand_index >= len(hands[dealer]) or hands[dealer][game._hand_index].done:
            raise bad(f"the dealer's hand {game._hand_index} is not a hand in play")


def _check_hands(game: VingtUn, phase: str) -> None:
    """The naturals, what is shown and what is finished must be what play makes of these
    cards: a natural is every first hand of two cards making 21 (declared face up and
    finished), and only it; the dealer's hands are shown once he plays, and no other hand
    before the show; a row of several hands is a divided pair, its cards face down as
    :func:`_faces_fit` says; the hands before the one in play are finished, those after
    it not, but for naturals."""
    from pycards.games.vingt_un import DEALER, DOUBLE, PLAY, STAKE
    from pycards.vingtun import NATURAL

    if phase not in (STAKE, DOUBLE, PLAY, DEALER):
        return
    hands, order, dealer = game._hands, game._order, game._dealer

    def bad(what: str) -> StateError:
        return StateError(f"document.state: {what} (phase {phase!r})")

    dealt = phase in (PLAY, DEALER)  # the second cards are out and the naturals declared
    naturals = [s for s in order if dealt and len(hands[s]) == 1 and hands[s][0].strength() == NATURAL]
    if game._naturals != naturals:
        raise bad(f"the naturals must be {naturals}, not {game._naturals}")
    for seat in [*order, dealer]:
        row = hands[seat]
        downs = [hand.down for hand in row]
        if any(hand.divided != (len(row) > 1) for hand in row) or not _faces_fit(downs, seat == dealer):
            raise bad(f"p{seat}'s hands: divided {[hand.divided for hand in row]}, face down "
                      f"{[list(down) for down in downs]}")  # fmt: skip
        for i, hand in enumerate(row):
            should_show = phase == DEALER if seat == dealer else seat in naturals
            if hand.shown != should_show:
                raise bad(f"p{seat}'s hand {i} is {'' if hand.shown else 'not '}shown")
    if phase == PLAY:
        for k, seat in enumerate(order):
            for i, hand in enumerate(hands[seat]):
                before = k < game._turn or k == game._turn and i < game._hand_index
                if hand.done != (before or seat in naturals):
                    raise bad(f"p{seat}'s hand {i} is {'' if hand.done else 'not '}finished")
    elif phase == DEALER:
        if not all(hand.done for seat in order for hand in hands[seat]):
            raise bad("a player's hand is still to play")
        if any(hand.done != (i < game._hand_index) for i, hand in enumerate(hands[dealer])):
            raise bad(f"the dealer's hands before hand {game._hand_index}, and only they, are finished")
    elif any(hand.done for seat in [*order, dealer] for hand in hands[seat]):
        raise bad("a hand is finished before the second cards are dealt")


def _faces_fit(downs: list[tuple[int, ...]], dealing: bool) -> bool:
    """Whether the face-down positions of a row of hands (``dealing``: the dealer's) are
    what play makes: the first two cards of every hand are dealt face down, and a player's
    divided pair stays so, each card with the card completing its hand. The dealer divides
    only a pair he has turned up, so his divided hands are completed face up: hand 0 and
    one other hold a card of his pair, dealt face down, and any other hand begins with a
    completing card he divided again, dealt face up."""
    if not dealing or len(downs) == 1:
        return all(down == (0, 1) for down in downs)
    return downs[0] == (0,) and downs.count((0,)) == 2 and downs.count(()) == len(downs) - 2


def _check_counts(game: VingtUn, phase: str) -> None:
    """The session's counts, the truncation flags, the price and the tenure's counts must
    fit the options: a session of deals is over at its last deal, one of rotations when
    the deal has come round that often; a deal in play is never truncated, and with a
    bound its decisions stay under it while a hand is in play; a price needs selling; a
    tenure limited to ``deal_hands`` deals, or to the pack once or twice through, has
    not gone past its limit."""
    from pycards.games.vingt_un import DEALER, DOUBLE, PLAY, STAKE

    o, session, over = game.options, game._session, phase == "over"
    if o.until == "deals" and (session.deals > o.deals or (session.deals == o.deals) != over):
        raise StateError(f"document.session.deals {session.deals} does not fit a session of {o.deals} deals "
                         f"{'that is over' if over else 'still in play'}")  # fmt: skip
    if o.until == "rotations" and over and session.returns != o.rotations:  # the rest: Session.restore
        raise StateError(f"document.session.returns {session.returns} does not fit a session of {o.rotations} "
                         "rotations that is over")  # fmt: skip
    if not o.max_decisions and (game._truncated or game._last_truncated):
        raise StateError("document.state: a deal is truncated without a bound on decisions (max_decisions 0)")
    if phase in (STAKE, DOUBLE, PLAY, DEALER) and game._truncated:
        raise StateError(f"document.state.truncating: the deal in play is not cut short (phase {phase!r})")
    bound = o.max_decisions
    if bound and (game._decisions > bound or phase in (PLAY, DEALER) and game._decisions >= bound):
        raise StateError(f"document.state.decisions {game._decisions} with a hand in play do not fit "
                         f"max_decisions {bound}")  # fmt: skip
    if not o.selling and game._price:
        raise StateError(f"document.state.price {game._price} without selling agreed")
    if not over and o.deal_passes == "hands" and game._deal_round >= o.deal_hands:
        raise StateError(f"document.state.deal_round {game._deal_round}: the tenure ends after {o.deal_hands} deals")
    supply = {"twice": 2, "two_packs": 1}.get(o.deal_passes)
    if not over and supply and game._passes > supply + 1:
        raise StateError(f"document.state.passes {game._passes}: a limited supply of {supply} time(s) through "
                         "the pack is completed from the used cards once at most")  # fmt: skip


def _read_money(game: VingtUn, doc: Reader) -> None:
    names = list(game.names) + (["pool"] if game.options.has_pool else [])
    money = doc.reader("balances").only(*names)
    balances = {name: money.int(name, -MAX_COUNTERS, MAX_COUNTERS) for name in names}
    expected = game.options.counters * game.players
    if sum(balances.values()) != expected:
        raise StateError(f"document.balances add up to {sum(balances.values())}, not the {expected} counters "
                         "the players started with")  # fmt: skip
    if balances.get("pool", 0) < 0:
        raise StateError(f"document.balances.pool cannot be below zero: {balances['pool']}")
    game._ledger = Ledger(balances, credit=game.names, journal=False)
    game._money = None


def _in_order(players: list[int], rotation: list[int]) -> bool:
    """Whether ``players`` are some of ``rotation``, in its order."""
    position = {seat: i for i, seat in enumerate(rotation)}
    places = [position.get(seat, -1) for seat in players]
    return -1 not in places and places == sorted(places)
