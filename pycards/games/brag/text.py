"""The Brag table as text: :data:`BRAG` (single-stake Brag), :data:`AMERICAN_BRAG` and
:data:`THREE_STAKE_BRAG`, each the :class:`~pycards.games.text.Renderer` of its game.

They read the observation of :class:`~pycards.games.brag.table.BragTable` (the betting
table's, :meth:`~pycards.games.engine.betting_table.BettingTable.observation`, with the
``braggers`` in force) and each game's own keys: the dealer's ante (``dealer_ante``), the
hands American Brag's exchanges showed the reader privately (``seen``), Three-stake
Brag's ``pools``, ``stake``, pip ``totals``, ``passed_out``, ``drawers`` and
``upcard_winner``. Each seat's cards are written as the reader may see them: his own
hand with what it makes; another's ``??`` face down, its cards face up or shown
spelled, a hand shown to him alone marked "(seen privately)". The actions read in the
words of seed 004 ("BRAG"): the dealer puts up an ante; each player meets it, raises,
or abandons his hand; after a raise the others see it or pass out; a call brings the
show. The dealer is called so until the session is over.

>>> from pycards.games import new_game
>>> from pycards.games.brag.single import Ante
>>> game = new_game("brag", players=3, seed=0, dealer=0, top="9D 4C AS 9S KH 7D 2C QD 3H")
>>> _ = game.apply(Ante(2))
>>> print("\\n".join(BRAG.lines(game.observation(1))))
deal 1: p0 deals; the brag
  you: 9D 9S 2C  (pair of nines, two)  [stake 0, counters 100, in, eldest hand, to act]
  p2: ?? ?? ??  [stake 0, counters 100, in]
  the dealer (p0): ?? ?? ??  [stake 2, counters 98, in]
  the pool 2; the dealer's ante 2; you owe 2 to meet the ante; the limit 10; braggers A♦ J♣ 9♦
>>> [BRAG.label(action, game.observation(1)) for action in game.legal_actions()[:4]]
['abandon the hand', 'meet the ante: put up 2', 'raise 1 (3 to put up)', 'raise 2 (4 to put up)']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Optional

from pycards.games.engine.actions import Action
from pycards.games.text import (
    ChoiceGroup,
    Renderer,
    card_symbols,
    cards_text,
    deal_heading,
    dealer_names,
    generic_label,
    known_lines,
    who,
)

__all__ = ["AMERICAN_BRAG", "BRAG", "THREE_STAKE_BRAG"]

_SINGLE, _AMERICAN, _THREE = "brag", "american_brag", "three_stake_brag"
"""The games, as the renderers' functions are told which they draw."""
_PROFILES = {_SINGLE: "english", _AMERICAN: "american", _THREE: "english"}
"""Each game's braggers, where an observation does not say (a record's label, a bare show)."""
_PHASES = {"ante": "the dealer's ante", "bet": "the brag", "over": "the session is over"}
_THREE_PHASES = {"bet": "the brag for the second pool", "draw": "the draw for the third pool",
                 "over": "the session is over"}  # fmt: skip
_POOLS = (("first pool", "first (upcard)"), ("second pool", "second (brag)"),
          ("third pool", "third (thirty-one)"))  # fmt: skip
"""Three-stake Brag's pools, as the heading names them."""
_TARGET = 31
_FLAT = 10
"""The most amounts (of an ante, of a raise) offered as one choice each; more are one choice
that asks for the amount (:func:`groups`)."""
_TYPED = 999
"""The largest amount a group asks for (the terminal reads answers of up to three digits); a
larger one stays a choice of its own."""


def _pips(cards: Sequence[int]) -> int:
    from pycards.games.brag.three_stake import total

    return total(list(cards))


def _profile(observation: Mapping[str, Any], game: str) -> str:
    profile = observation.get("braggers")
    return profile if profile in ("english", "american") else _PROFILES[game]


def _describe(cards: Sequence[Optional[int]], observation: Mapping[str, Any], game: str) -> str:
    """What ``cards`` make: a brag hand of three in words (and its pips at Three-stake Brag);
    more (Three-stake's draws), their pips; "" if a card is face down or there are none."""
    from pycards.brag import describe

    if not cards or any(c is None for c in cards):
        return ""
    held = [c for c in cards if c is not None]
    if len(held) != 3:
        return f"{_pips(held)} pips"
    said = describe(held, _profile(observation, game))
    return f"{said}; {_pips(held)} pips" if game == _THREE else said


# --------------------------------------------------------------------------------------
# the table
# --------------------------------------------------------------------------------------


def _get(observation: Mapping[str, Any], key: str, seat: int, default: Any = 0) -> Any:
    values = observation.get(key, ())
    return values[seat] if 0 <= seat < len(values) else default


def _eldest(observation: Mapping[str, Any]) -> Optional[int]:
    """The eldest hand: the first seat on the dealer's left dealt in."""
    seats, dealer, out = len(observation["balances"]), observation["dealer"], set(observation.get("out", ()))
    return next((s for k in range(1, seats + 1) if (s := (dealer + k) % seats) not in out), None)


def _bragger(observation: Mapping[str, Any], besides: Optional[int] = None) -> Optional[int]:
    """American Brag: the bragger (the observation's ``bragger``), the player still in whose
    raise a call now sees, unless he is ``besides``; ``None`` out of the brag."""
    named = observation.get("bragger")
    if observation["phase"] != "bet" or named == besides or named not in observation["live"]:
        return None
    return named


def _cards(observation: Mapping[str, Any], seat: int, game: str) -> str:
    """What the reader may see of ``seat``'s cards, and what they make when he sees them all."""
    me, phase = observation["seat"], observation["phase"]
    count = _get(observation, "cards", seat)
    up = tuple(observation.get("up", {}).get(seat, ()))
    notes: list[str] = []
    if seat == me:
        cards: list[Optional[int]] = list(observation["hand"])
        if seat in observation.get("shown", {}):
            notes.append("shown")
        elif up:
            notes.append(f"face up: {cards_text(up)}")
    else:
        shown = tuple(observation.get("shown", {}).get(seat, ()))
        seen = tuple(observation.get("seen", {}).get(seat, ()))
        if shown:
            known = list(shown) + [c for c in up if c not in shown]
            notes.append("shown")
        elif seen:
            known = list(seen)
            notes.append("seen privately")
        else:
            known = list(up)
        cards = [None] * max(count - len(known), 0) + known
    if not cards:
        if seat in observation.get("out", ()):
            return "no cards"
        return "not dealt yet" if phase == "ante" or seat in observation["live"] else "thrown down"
    words = _describe(cards, observation, game)
    if words:
        notes.append(words)
    if seat != me and not count:
        notes.append("thrown down")
    return cards_text(cards) + (f"  ({'; '.join(notes)})" if notes else "")


def _status(observation: Mapping[str, Any], seat: int, game: str) -> list[str]:
    """Whether ``seat`` is in: sitting out of the deal, in, or how he left the pool: "abandoned"
    (his hand, staking nothing), "passed out" (leaving his stake in the pool), at American
    Brag "retired (the worse hand)" after an exchange where the table shows it; at
    Three-stake Brag, passed out of the second pool, keeping his hand for the third."""
    phase = observation["phase"]
    if seat in observation.get("out", ()):
        return ["out of this deal"]
    if game == _THREE:
        if phase != "bet":
            return []
        if seat in observation.get("passed_out", ()):
            return ["passed out (keeps the hand for the third pool)"]
        return ["in"] if seat in observation["live"] else []
    if phase == "ante" or seat in observation["live"]:
        return ["in"]
    if not _get(observation, "stakes", seat):
        return ["abandoned"]
    if seat in observation.get("retired", ()):
        return ["retired (the worse hand)"]
    return ["passed out"]


def _three_flags(observation: Mapping[str, Any], seat: int) -> list[str]:
    """Three-stake Brag: who took the first pool; the draws for the third."""
    flags = []
    if observation.get("upcard_winner") == seat:
        flags.append("took the first pool")
    drawn = _get(observation, "cards", seat) - 3
    if drawn > 0:
        flags.append(f"drew {drawn}")
    total = _pips(observation["hand"]) if seat == observation["seat"] else _get(observation, "totals", seat, -1)
    drawing = observation["phase"] == "draw" or any(count > 3 for count in observation.get("cards", ()))
    if total > _TARGET and drawing:  # the drawing variant: over thirty-one is out of the pool
        flags.append("over thirty-one: out of the third pool")
    drawers = tuple(observation.get("drawers", ()))
    if seat in drawers[1:]:
        flags.append("still to draw")
    return flags


def _seat(observation: Mapping[str, Any], seat: int, names: Mapping[int, str], game: str) -> str:
    me, phase = observation["seat"], observation["phase"]
    flags = [f"stake {_get(observation, 'stakes', seat)}", f"counters {_get(observation, 'balances', seat)}"]
    flags += _status(observation, seat, game)
    if phase == "bet" and seat in observation["live"] and not _get(observation, "balances", seat):
        flags.append("all in")
    if phase not in ("over", "draw") and seat == _eldest(observation):
        flags.append("eldest hand")
    if game == _THREE:
        flags += _three_flags(observation, seat)
    elif game == _AMERICAN and seat == _bragger(observation):
        flags.append("the bragger")
    if observation.get("to_act") == seat:
        flags.append("to put up the ante" if phase == "ante" else "to draw" if phase == "draw" else "to act")
    holder = who(seat, me, names)
    if seat == observation["dealer"] and seat == me:
        holder += " (the dealer)"
    return f"  {holder}: {_cards(observation, seat, game)}  [{', '.join(flags)}]"


def _braggers_text(observation: Mapping[str, Any], game: str) -> str:
    from pycards.brag import braggers

    profile = _profile(observation, game)
    if profile == "american":
        return "braggers: every jack and nine"
    return f"braggers {card_symbols(braggers(profile))}"


def _owed_text(observation: Mapping[str, Any], game: str) -> str:
    """What the reader owes in a betting round, in the game's words ("" when he is out)."""
    me, owed = observation["seat"], observation.get("owed", 0)
    if observation["phase"] != "bet" or me not in observation["live"]:
        return ""
    if not owed:
        return "you owe nothing"
    level = max(observation["stakes"], default=0)
    if game == _THREE:
        return f"you owe {owed} to meet the bet"
    if level <= observation.get("dealer_ante", 0):
        return f"you owe {owed} to meet the ante"
    return f"you owe {owed} to see the raise"


def _footer(observation: Mapping[str, Any], game: str) -> str:
    parts = []
    pool = f"the {'second ' if game == _THREE else ''}pool {observation['pool']}"
    if observation.get("carry"):
        pool += f" ({observation['carry']} carried from earlier deals)"
    parts.append(pool)
    if game != _THREE:
        ante = observation.get("dealer_ante", 0)
        if observation["phase"] == "ante":
            parts.append("the dealer's ante not yet put up")
        elif ante:
            parts.append(f"the dealer's ante {ante}")
    elif observation["phase"] == "bet" and not max(observation["stakes"], default=0):
        parts.append("no bet yet")
    owed = _owed_text(observation, game)
    if owed:
        parts.append(owed)
    parts.append(f"the limit {observation['limit']}")
    parts.append(_braggers_text(observation, game))
    return "  " + "; ".join(parts)


def _heading(observation: Mapping[str, Any], game: str) -> str:
    phases = _THREE_PHASES if game == _THREE else _PHASES
    phase = observation["phase"]
    head = deal_heading(observation) + f"; {phases.get(phase, phase)}"
    if game == _THREE:
        pools = observation.get("pools", {})
        head += f"; {observation.get('stake', 1)} into each pool; pools: " + ", ".join(
            f"{name} {pools.get(key, 0)}" for key, name in _POOLS)  # fmt: skip
    return head


def _lines(observation: Mapping[str, Any], game: str) -> list[str]:
    """A Brag table: the deal and its phase, every seat's cards as the reader may see them,
    stakes, counters, who is in; the pool, what the reader owes, the limit, the braggers."""
    names = _names(observation)
    lines = [_heading(observation, game)]
    seats = len(observation["balances"])
    for seat in [(observation["dealer"] + k) % seats for k in range(1, seats + 1)]:
        lines.append(_seat(observation, seat, names, game))
    lines.append(_footer(observation, game))
    return lines + known_lines(observation)


def _names(observation: Mapping[str, Any]) -> dict[int, str]:
    return dealer_names(observation, not_in=("over",))


# --------------------------------------------------------------------------------------
# the actions in words
# --------------------------------------------------------------------------------------


def _betting(observation: Mapping[str, Any]) -> Optional[tuple[int, int, int, list[int], list[int], list[int]]]:
    """The reader's seat, what he owes, the highest stake, the stakes, the counters and the
    seats still in, when the observation has them all (not in a record)."""
    me, owed = observation.get("seat"), observation.get("owed")
    stakes, balances, live = observation.get("stakes"), observation.get("balances"), observation.get("live")
    if not isinstance(me, int) or not isinstance(owed, int) or not stakes or not balances or live is None:
        return None
    if not 0 <= me < len(stakes) or len(balances) != len(stakes):
        return None
    return me, owed, max(stakes), list(stakes), list(balances), list(live)


def _put_up(owed: int, holds: int) -> str:
    if holds < owed:
        return f"put up all you hold, {holds} (you are all in)"
    return f"put up {owed}"


def label(action: Action, observation: Mapping[str, Any], game: str = _SINGLE) -> str:
    """A Brag action as a player reads it, given his observation (in a record, only his seat:
    then in the fewest words).

    >>> from pycards.games.engine.betting import Call, Fold, Raise
    >>> label(Fold(), {}), label(Call(), {"seat": 0}), label(Raise(2), {})
    ('pass out', 'call', 'raise 2')
    >>> before = {"seat": 1, "owed": 2, "stakes": (2, 0, 0), "balances": (98, 100, 100), "live": (1, 2, 0),
    ...           "dealer_ante": 2}
    >>> label(Fold(), before), label(Call(), before), label(Raise(3), before)
    ('abandon the hand', 'meet the ante: put up 2', 'raise 3 (5 to put up)')
    >>> after = {**before, "seat": 0, "owed": 3, "stakes": (2, 0, 5), "balances": (98, 100, 95), "live": (2, 0)}
    >>> label(Fold(), after), label(Call(), after)
    ('pass out (your 2 stay in the pool)', 'call: put up 3, and the hands are shown')
    >>> label(Call(), {**after, "seat": 1, "live": (1, 2, 0, 3), "stakes": (2, 2, 5, 0), "balances": (1, 1, 1, 1)})
    'see the raise: put up all you hold, 1 (you are all in)'
    """
    kind = type(action).__name__
    if kind == "Ante":
        return f"ante {getattr(action, 'amount')}"
    if kind == "Hit":
        return "draw a card (1 counter)"
    if kind == "Stand":
        return "stand"
    betting = _betting(observation)
    if kind == "Check":
        return "pass (no bet)" if game == _THREE else "check"
    if kind == "Fold":
        if game == _THREE:
            return "pass out (keep the hand for the third pool)"
        ante = observation.get("dealer_ante")
        if betting is None or not isinstance(ante, int):
            return "pass out"
        me, _, level, stakes, _, _ = betting
        if level <= ante and me != observation.get("dealer"):
            return "abandon the hand"
        return f"pass out (your {stakes[me]} stay in the pool)" if stakes[me] else "pass out"
    if kind == "Raise":
        by = getattr(action, "by")
        if betting is None:
            return f"raise {by}"
        owed = betting[1]
        if game == _THREE and not betting[2]:
            return f"bet {by}"
        return f"raise {by} ({by + owed} to put up)" if owed else f"raise {by}"
    if kind == "Call":
        return _call_label(observation, game)
    return generic_label(action, observation)


def _call_label(observation: Mapping[str, Any], game: str) -> str:
    """Meet the ante, see a raise (American Brag: and exchange hands with the bragger), or call:
    the last answer to the highest stake, which brings the show."""
    betting = _betting(observation)
    if betting is None or not betting[1]:
        return "call"
    me, owed, level, stakes, balances, live = betting
    put = _put_up(owed, balances[me])
    last = all(stakes[s] == level for s in live if s != me and balances[s] > 0)  # nobody else to answer
    if game == _AMERICAN and me != observation.get("dealer"):
        rival = _bragger({**observation, "phase": "bet"}, besides=me)
        if rival is not None:
            exchange = f"see the raise: {put}; you and {who(rival, me, None)} exchange hands unseen, the worse retires"
            if not last:  # (if the bragger is still to answer, what follows depends on which retires)
                return exchange
            return exchange + (", and the hands still in are shown" if len(live) > 2 else ", the better taking the pool")
    if last:
        return f"call: {put}, and the hands are shown" + (" for the second pool" if game == _THREE else "")
    if game == _THREE:
        return f"meet the bet: {put}"
    ante = observation.get("dealer_ante")
    if isinstance(ante, int) and level <= ante:
        return f"meet the ante: {put}"
    return f"see the raise: {put}"


def groups(observation: Mapping[str, Any], legal: Sequence[Action]) -> list[ChoiceGroup]:
    """The amounts of an ante, or of a raise, as one choice that asks for the amount, when
    there are more than ten of them (at a higher limit than the usual ten); none else.

    >>> from pycards.games.engine.betting import Call, Raise
    >>> groups({}, [Call()] + [Raise(n) for n in range(1, 11)])
    []
    >>> [group] = groups({"owed": 2}, [Call()] + [Raise(n) for n in range(1, 21)])
    >>> group.label, group.ask, group.by_numbers[(7,)]
    ('raise any amount from 1 to 20 (on top of the 2 you owe)', 'how much to raise (1 to 20)', Raise(by=7))
    """
    found = []
    for kind, field, verb in (("Ante", "amount", "ante"), ("Raise", "by", "raise")):
        amounts: dict[int, Action] = {getattr(a, field): a for a in legal if type(a).__name__ == kind}
        typed: dict[tuple[int, ...], Action] = {(n,): a for n, a in amounts.items() if n <= _TYPED}
        if len(amounts) <= _FLAT or len(typed) < 2:
            continue
        least, most = min(typed)[0], max(typed)[0]
        owed = observation.get("owed") if kind == "Raise" else None
        besides = f" (on top of the {owed} you owe)" if isinstance(owed, int) and owed else ""
        found.append(ChoiceGroup(f"{verb} any amount from {least} to {most}{besides}",
                                 f"how much to {verb} ({least} to {most})", typed))  # fmt: skip
    return found


def words(cards: Sequence[Optional[int]], observation: Mapping[str, Any], game: str = _SINGLE) -> str:
    """What a Brag hand shown makes, under the braggers of the reader's observation (its
    ``braggers``; the game's where it says none); more than three cards (Three-stake Brag's
    draws), their pips.

    >>> from pycards.cards import parse
    >>> hand = parse("AS JC 8H")
    >>> words(hand, {"braggers": "english"}), words(hand, {"braggers": "american"})
    ('pair of aces, made with the knave of clubs, eight', 'pair of aces, made with the jack of clubs, eight')
    >>> words(hand, {}, "three_stake_brag"), words(parse("AS JC 8H 2C"), {}), words((None, 1, 2), {})
    ('pair of aces, made with the knave of clubs, eight; 29 pips', '31 pips', '')
    """
    return _describe(cards, observation, game)


def _renderer(game: str) -> Renderer:
    def lines(observation: Mapping[str, Any]) -> list[str]:
        return _lines(observation, game)

    def game_label(action: Action, observation: Mapping[str, Any]) -> str:
        return label(action, observation, game)

    def game_words(cards: Sequence[Optional[int]], observation: Mapping[str, Any]) -> str:
        return words(cards, observation, game)

    return Renderer(lines, _names, game_label, None, game_words, groups)


BRAG = _renderer(_SINGLE)
"""Single-stake Brag (``brag``): the English braggers."""
AMERICAN_BRAG = _renderer(_AMERICAN)
"""American Brag (``american_brag``): the private exchanges, "seen privately"."""
THREE_STAKE_BRAG = _renderer(_THREE)
"""Three-stake Brag (``three_stake_brag``): the three pools, the pips, the draws."""
