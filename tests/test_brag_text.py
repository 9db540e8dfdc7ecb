"""The Brag games as a person reads them (:mod:`pycards.games.brag.text`): the labels of every
action, the table in every phase of each game for one stacked deal (exact lines), American
Brag's private show seen by the two and not by a third, Three-stake Brag's pools and pip
totals, the words of hands shown; then, with the registry pointing at the renderers, random
sessions in the terminal (:func:`pycards.games.interactive.play_interactive`) and through
the server's messages (judged by the oracle of ``tests/test_server_views.py``), every seat's
text naming no card that seat may not see.

``new_game(..., dealer=0, top=...)`` stacks the first deal: its cards go one at a time to
each seat from the dealer's left (p1, p2, p0, p1...), Three-stake Brag's third round face up.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from test_server_views import SEED, Transcript, check_table, served_session, watchdog  # noqa: F401

from pycards.cards import format as format_cards
from pycards.cards import parse
from pycards.games import GAMES, new_game
from pycards.games.brag.single import Ante
from pycards.games.brag.text import AMERICAN_BRAG, BRAG, THREE_STAKE_BRAG
from pycards.games.brag.three_stake import Hit, Stand
from pycards.games.engine.actions import Action
from pycards.games.engine.betting import Call, Check, Fold, Raise
from pycards.games.engine.events import STOCK, DealEnded, Dealt, Gathered, Moved, Note, Record, Shown
from pycards.games.text import ChoiceGroup, Renderer, action_label, observation_lines, record_lines, seat_names

RENDERERS = {"brag": BRAG, "american_brag": AMERICAN_BRAG, "three_stake_brag": THREE_STAKE_BRAG}
WHERE = {"brag": "pycards.games.brag.text:BRAG", "american_brag": "pycards.games.brag.text:AMERICAN_BRAG",
         "three_stake_brag": "pycards.games.brag.text:THREE_STAKE_BRAG"}  # fmt: skip
"""What the registry's ``text`` of each game should say."""
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry's entries of the Brag games drawn by this module's renderers (restored after)."""
    for name, where in WHERE.items():
        monkeypatch.setitem(GAMES, name, GAMES[name]._replace(text=where))


def lines(renderer: Renderer, game: Any, seat: int) -> list[str]:
    return renderer.lines(game.observation(seat))


def labels(renderer: Renderer, game: Any, count: int = 4) -> list[str]:
    observation = game.observation(game.to_act)
    return [renderer.label(action, observation) for action in game.legal_actions()[:count]]


def test_the_module_examples_run() -> None:
    import doctest

    import pycards.games.brag.text as module

    result = doctest.testmod(module, verbose=False)
    assert result.failed == 0 and result.attempted > 10


def test_each_game_s_renderer_is_where_the_registry_is_to_name_it() -> None:
    from pycards.games import load

    assert {name: load(where) for name, where in WHERE.items()} == RENDERERS


# --------------------------------------------------------------------------------------
# the labels
# --------------------------------------------------------------------------------------


def test_labels_in_a_record_need_only_the_seat() -> None:
    record = {"seat": 0}
    assert BRAG.label(Ante(3), record) == "ante 3"
    assert [BRAG.label(a, record) for a in (Fold(), Call(), Raise(2))] == ["pass out", "call", "raise 2"]
    assert THREE_STAKE_BRAG.label(Check(), record) == "pass (no bet)"
    assert THREE_STAKE_BRAG.label(Fold(), record) == "pass out (keep the hand for the third pool)"
    assert THREE_STAKE_BRAG.label(Hit(), record) == "draw a card (1 counter)"
    assert THREE_STAKE_BRAG.label(Stand(), record) == "stand"
    assert AMERICAN_BRAG.label(Call(), {}) == "call"


def test_single_brag_labels_through_a_deal() -> None:
    game = new_game("brag", players=4, seed=3, dealer=0, top="9D 4C AS 5H 9S KH 7D 6H 2C QD 3H 8S")
    assert labels(BRAG, game, 10)[:3] + labels(BRAG, game, 10)[-1:] == ["ante 1", "ante 2", "ante 3", "ante 10"]
    game.apply(Ante(2))
    assert labels(BRAG, game) == ["abandon the hand", "meet the ante: put up 2", "raise 1 (3 to put up)",
                                  "raise 2 (4 to put up)"]  # fmt: skip
    game.apply(Call())  # p1 meets the ante
    assert labels(BRAG, game, 2) == ["abandon the hand", "meet the ante: put up 2"]
    game.apply(Raise(3))  # p2 raises: 5 up
    assert labels(BRAG, game, 3) == ["pass out", "see the raise: put up 5", "raise 1 (6 to put up)"]
    game.apply(Fold())  # p3 passes out
    assert labels(BRAG, game, 2) == ["pass out (your 2 stay in the pool)", "see the raise: put up 3"]
    game.apply(Call())  # the dealer sees it; p1 is the last to answer: his call brings the show
    assert labels(BRAG, game, 2) == ["pass out (your 2 stay in the pool)", "call: put up 3, and the hands are shown"]
    game.apply(Call())
    assert game.is_over


def test_a_call_with_less_than_is_owed_is_all_in() -> None:
    observation = {"seat": 1, "owed": 5, "stakes": (2, 0, 5), "balances": (98, 3, 95), "live": (1, 2, 0),
                   "dealer": 0, "dealer_ante": 2}  # fmt: skip
    assert BRAG.label(Call(), observation) == "see the raise: put up all you hold, 3 (you are all in)"


def test_american_brag_labels_say_the_exchange() -> None:
    game = new_game("american_brag", players=3, seed=0, dealer=0, top="KS 4C AS KH 8H 7D 2C QD 3H")
    game.apply(Ante(2))
    assert labels(AMERICAN_BRAG, game, 2) == ["abandon the hand", "meet the ante: put up 2"]
    game.apply(Raise(3))
    assert labels(AMERICAN_BRAG, game, 2) == [
        "pass out", "see the raise: put up 5; you and p1 exchange hands unseen, the worse retires"]
    game.apply(Call())  # p2 sees: the two exchange hands, p2 retires; the dealer's call brings the show
    assert labels(AMERICAN_BRAG, game, 2) == ["pass out (your 2 stay in the pool)",
                                              "call: put up 3, and the hands are shown"]  # fmt: skip


def test_three_stake_brag_labels() -> None:
    game = new_game("three_stake_brag", players=3, seed=0, dealer=0, draw=True, top=THREE_STAKE_TOP)
    assert labels(THREE_STAKE_BRAG, game) == ["pass (no bet)", "bet 1", "bet 2", "bet 3"]
    game.apply(Raise(2))
    assert labels(THREE_STAKE_BRAG, game, 3) == ["pass out (keep the hand for the third pool)",
                                                 "meet the bet: put up 2", "raise 1 (3 to put up)"]  # fmt: skip
    game.apply(Fold())
    assert labels(THREE_STAKE_BRAG, game, 2)[1] == "call: put up 2, and the hands are shown for the second pool"
    game.apply(Call())
    assert labels(THREE_STAKE_BRAG, game) == ["draw a card (1 counter)", "stand"]


def test_an_action_no_brag_game_has_reads_as_any_game_s() -> None:
    from pycards.games.vingt_un import Stake

    assert BRAG.label(Stake(2), {"seat": 0}) == "stake 2"


def test_many_amounts_are_one_choice_asking_the_amount() -> None:
    game = new_game("brag", players=3, seed=1, dealer=0, limit=20)
    [ante] = BRAG.groups(game.observation(0), game.legal_actions())
    assert (ante.label, ante.ask) == ("ante any amount from 1 to 20", "how much to ante (1 to 20)")
    assert ante.by_numbers[(7,)] == Ante(7) and len(ante.by_numbers) == 20
    game.apply(Ante(4))
    [raises] = BRAG.groups(game.observation(1), game.legal_actions())
    assert raises.label == "raise any amount from 1 to 20 (on top of the 4 you owe)"
    assert set(raises.by_numbers.values()) == {a for a in game.legal_actions() if type(a) is Raise}
    assert BRAG.groups(new_game("brag", players=3).observation(0), new_game("brag", players=3).legal_actions()) == []
    # an amount of four digits stays a choice of its own (the terminal reads three)
    big = new_game("brag", players=3, seed=1, dealer=0, limit=1000, counters=2000)
    [group] = BRAG.groups(big.observation(0), big.legal_actions())
    assert len(group.by_numbers) == 999 and Ante(1000) not in group.by_numbers.values()


# --------------------------------------------------------------------------------------
# the table, phase by phase
# --------------------------------------------------------------------------------------

BRAG_TOP = "9D 4C AS 9S KH 7D 2C QD 3H"
"""p1 9D 9S 2C, p2 4C KH QD, the dealer p0 AS 7D 3H."""


def test_single_brag_table_in_every_phase() -> None:
    game = new_game("brag", players=3, seed=0, dealer=0, top=BRAG_TOP)
    assert lines(BRAG, game, 0) == [
        "deal 1: you deal; the dealer's ante",
        "  p1: not dealt yet  [stake 0, counters 100, in, eldest hand]",
        "  p2: not dealt yet  [stake 0, counters 100, in]",
        "  you (the dealer): not dealt yet  [stake 0, counters 100, in, to put up the ante]",
        "  the pool 0; the dealer's ante not yet put up; the limit 10; braggers A♦ J♣ 9♦",
    ]
    game.apply(Ante(2))
    game.apply(Raise(3))
    assert lines(BRAG, game, 2) == [
        "deal 1: p0 deals; the brag",
        "  p1: ?? ?? ??  [stake 5, counters 95, in, eldest hand]",
        "  you: 4C KH QD  (king, queen, four)  [stake 0, counters 100, in, to act]",
        "  the dealer (p0): ?? ?? ??  [stake 2, counters 98, in]",
        "  the pool 7; the dealer's ante 2; you owe 5 to see the raise; the limit 10; braggers A♦ J♣ 9♦",
    ]
    game.apply(Fold())
    assert lines(BRAG, game, 0) == [
        "deal 1: you deal; the brag",
        "  p1: ?? ?? ??  [stake 5, counters 95, in, eldest hand]",
        "  p2: thrown down  [stake 0, counters 100, abandoned]",
        "  you (the dealer): AS 7D 3H  (ace, seven, three)  [stake 2, counters 98, in, to act]",
        "  the pool 7; the dealer's ante 2; you owe 3 to see the raise; the limit 10; braggers A♦ J♣ 9♦",
    ]
    game.apply(Call())
    assert game.is_over
    assert lines(BRAG, game, 2) == [
        "deal 1: p0 deals; the session is over",
        "  p1: 9D 9S 2C  (shown; pair of nines, two)  [stake 5, counters 105, in]",
        "  you: thrown down  [stake 0, counters 100, abandoned]",
        "  p0: AS 7D 3H  (shown; ace, seven, three)  [stake 5, counters 95, in]",
        "  the pool 0; the dealer's ante 2; the limit 10; braggers A♦ J♣ 9♦",
        "  you know: 4C QD KH thrown",
    ]


def test_the_dealer_is_called_so_until_the_session_is_over() -> None:
    game = new_game("brag", players=3, seed=0, dealer=0, top=BRAG_TOP)
    assert BRAG.names(game.observation(1)) == {0: "the dealer (p0)"}
    game.apply(Ante(2))
    game.apply(Fold())
    game.apply(Fold())  # nobody sees the ante
    assert game.is_over and BRAG.names(game.observation(1)) == {}


AMERICAN_TOP = "KS 4C AS KH 8H 7D 2C QD 3H"
"""p1 KS KH 2C, p2 4C 8H QD, the dealer p0 AS 7D 3H."""


def test_american_brag_private_show_is_seen_by_the_two_and_not_a_third() -> None:
    game = new_game("american_brag", players=3, seed=0, dealer=0, top=AMERICAN_TOP)
    game.apply(Ante(2))
    game.apply(Raise(3))
    assert lines(AMERICAN_BRAG, game, 2)[1] == "  p1: ?? ?? ??  [stake 5, counters 95, in, eldest hand, the bragger]"
    record = game.apply(Call())  # p2 sees p1's raise: they exchange hands, p2 retires
    assert lines(AMERICAN_BRAG, game, 1) == [
        "deal 1: p0 deals; the brag",
        "  you: KS KH 2C  (pair of kings, two)  [stake 5, counters 95, in, eldest hand, the bragger]",
        "  p2: 4C 8H QD  (seen privately; queen, eight, four; thrown down)"
        "  [stake 5, counters 95, retired (the worse hand)]",
        "  the dealer (p0): ?? ?? ??  [stake 2, counters 98, in, to act]",
        "  the pool 12; the dealer's ante 2; you owe nothing; the limit 10; braggers: every jack and nine",
    ]
    assert lines(AMERICAN_BRAG, game, 2) == [
        "deal 1: p0 deals; the brag",
        "  p1: KS KH 2C  (seen privately; pair of kings, two)  [stake 5, counters 95, in, eldest hand, the bragger]",
        "  you: thrown down  [stake 5, counters 95, retired (the worse hand)]",
        "  the dealer (p0): ?? ?? ??  [stake 2, counters 98, in, to act]",
        "  the pool 12; the dealer's ante 2; the limit 10; braggers: every jack and nine",
        "  you know: 4C 8H QD thrown",
    ]
    assert lines(AMERICAN_BRAG, game, 0) == [
        "deal 1: you deal; the brag",
        "  p1: ?? ?? ??  [stake 5, counters 95, in, eldest hand, the bragger]",
        "  p2: thrown down  [stake 5, counters 95, retired (the worse hand)]",
        "  you (the dealer): AS 7D 3H  (ace, seven, three)  [stake 2, counters 98, in, to act]",
        "  the pool 12; the dealer's ante 2; you owe 3 to see the raise; the limit 10; braggers: every jack and nine",
    ]
    # the record as each tells it: the two see both hands, the third neither
    told = {seat: record_lines(record, seat, {0: "the dealer (p0)"}, game="american_brag",
                               observation=game.observation(seat)) for seat in range(3)}  # fmt: skip
    assert any("KS KH 2C" in line for line in told[2]) and any("4C 8H QD" in line for line in told[1])
    assert not CARD.findall("\n".join(told[0])), told[0]
    game.apply(Call())  # the dealer's call: both hands still in are shown to the table
    assert lines(AMERICAN_BRAG, game, 0)[1:3] == [
        "  p1: KS KH 2C  (shown; pair of kings, two)  [stake 5, counters 110, in]",
        "  p2: thrown down  [stake 5, counters 95, retired (the worse hand)]",
    ]


THREE_STAKE_TOP = "9D 4C 7D 9S 2C 3H KH AS QD KD AC"
"""p1 9D 9S and KH up, p2 4C 2C and AS up (the first pool), the dealer p0 7D 3H and QD up; the
draws: KD, then AC."""


def test_three_stake_brag_table_in_every_phase() -> None:
    game = new_game("three_stake_brag", players=3, seed=0, dealer=0, draw=True, top=THREE_STAKE_TOP)
    head = "deal 1: p0 deals; the brag for the second pool; 1 into each pool; pools: first (upcard) 0, "
    assert lines(THREE_STAKE_BRAG, game, 1) == [
        head + "second (brag) 3, third (thirty-one) 3",
        "  you: 9D 9S KH  (face up: KH; pair of kings, made with the nine of diamonds, nine; 28 pips)"
        "  [stake 0, counters 97, in, eldest hand, to act]",
        "  p2: ?? ?? AS  [stake 0, counters 100, in, took the first pool]",
        "  the dealer (p0): ?? ?? QD  [stake 0, counters 97, in]",
        "  the second pool 3; no bet yet; you owe nothing; the limit 10; braggers A♦ J♣ 9♦",
    ]
    game.apply(Raise(2))
    game.apply(Fold())
    assert lines(THREE_STAKE_BRAG, game, 0) == [
        head.replace("p0 deals", "you deal") + "second (brag) 5, third (thirty-one) 3",
        "  p1: ?? ?? KH  [stake 2, counters 95, in, eldest hand]",
        "  p2: ?? ?? AS  [stake 0, counters 100, passed out (keeps the hand for the third pool), took the first pool]",
        "  you (the dealer): 7D 3H QD  (face up: QD; queen, seven, three; 20 pips)  [stake 0, counters 97, in, to act]",
        "  the second pool 5; you owe 2 to meet the bet; the limit 10; braggers A♦ J♣ 9♦",
    ]
    game.apply(Call())  # the show for the second pool, then every hand shown for the third
    game.apply(Stand())
    game.apply(Hit())  # p2 draws KD
    draw = "deal 1: p0 deals; the draw for the third pool; 1 into each pool; pools: first (upcard) 0, "
    assert lines(THREE_STAKE_BRAG, game, 2) == [
        draw + "second (brag) 0, third (thirty-one) 4",
        "  p1: 9D 9S KH  (shown; pair of kings, made with the nine of diamonds, nine; 28 pips)  [stake 2, counters 102]",
        "  you: 4C 2C AS KD  (shown; 27 pips)  [stake 0, counters 99, took the first pool, drew 1, to draw]",
        "  the dealer (p0): 7D 3H QD  (shown; queen, seven, three; 20 pips)  [stake 2, counters 95, still to draw]",
        "  the second pool 0; the limit 10; braggers A♦ J♣ 9♦",
    ]
    game.apply(Stand())
    game.apply(Hit())  # the dealer draws AC: 31, and the third pool
    assert game.is_over
    assert lines(THREE_STAKE_BRAG, game, 1)[3:] == [
        "  p0: 7D 3H QD AC  (shown; 31 pips)  [stake 2, counters 99, drew 1]",
        "  the second pool 0; the limit 10; braggers A♦ J♣ 9♦",
    ]


def test_a_draw_over_thirty_one_is_out_of_the_third_pool() -> None:
    game = new_game("three_stake_brag", players=3, seed=0, dealer=0, draw=True,
                    top="AD 4C 7D AH 2C 3H KH AS QD KD AC")  # fmt: skip
    for action in (Check(), Check(), Check(), Hit()):  # no bet: the dealer takes the second pool; p2 draws KD
        game.apply(action)
    assert lines(THREE_STAKE_BRAG, game, 0)[1:3] == [
        "  p1: AD AH KH  (shown; pair of aces, king; 32 pips)  [stake 0, counters 97, over thirty-one: out of the third pool]",
        "  p2: 4C 2C AS KD  (shown; 27 pips)  [stake 0, counters 99, took the first pool, drew 1, to draw]",
    ]


# --------------------------------------------------------------------------------------
# the words of hands shown
# --------------------------------------------------------------------------------------


def test_words_of_hands_shown() -> None:
    hand = parse("8C AD JC")
    assert BRAG.words(hand, {"braggers": "english"}) == "three eights, made with the ace of diamonds and the knave of clubs"
    assert AMERICAN_BRAG.words(parse("JS 9H 3C"), {}) == "three threes, made with the jack of spades and the nine of hearts"
    assert BRAG.words(parse("JS 9H 3C"), {"braggers": "american"}) == AMERICAN_BRAG.words(parse("JS 9H 3C"), {})
    assert THREE_STAKE_BRAG.words(parse("AS KD 3C"), {}) == "ace, king, three; 24 pips"
    assert THREE_STAKE_BRAG.words(parse("AS KD 3C 7H"), {}) == "31 pips"
    assert BRAG.words((None, None, None), {}) == "" and BRAG.words((), {}) == ""


def test_the_show_in_the_record_says_what_each_hand_makes(registered: None) -> None:
    game = new_game("brag", players=3, seed=0, dealer=0, top=BRAG_TOP)
    for action in (Ante(2), Raise(3), Fold()):
        game.apply(action)
    record = game.apply(Call())
    told = record_lines(record, 2, {0: "the dealer (p0)"}, game="brag", observation=game.observation(2))
    assert "p1 shows 9D 9S 2C: pair of nines, two" in told
    assert "the dealer (p0) shows AS 7D 3H: ace, seven, three" in told
    assert told[0] == "the dealer (p0): call — 3 into the pool"
    assert observation_lines("brag", game.observation(2)) == BRAG.lines(game.observation(2))
    assert action_label("three_stake_brag", Fold(), {"seat": 0}) == "pass out (keep the hand for the third pool)"
    assert seat_names("american_brag", new_game("american_brag", players=3, dealer=2).observation(0)) == {
        2: "the dealer (p2)"}


# --------------------------------------------------------------------------------------
# no card a seat may not see, over random sessions
# --------------------------------------------------------------------------------------


def _visible(entries: Sequence[Any], seat: int, seen: set[int]) -> None:
    """Add to ``seen`` the cards ``entries`` (of the full record) show ``seat``; a new deal's
    gathering forgets the old."""
    for entry in entries:
        kind = type(entry)
        if kind is Gathered and entry.target == STOCK:
            seen.clear()
        elif kind in (Dealt, Moved) and entry.card is not None:
            if entry.seen_by is None or seat in entry.seen_by:
                seen.add(entry.card)
        elif kind is Shown and (entry.seen_by is None or seat in entry.seen_by):
            seen.update(entry.cards)


def _named(text: str) -> set[str]:
    return set(CARD.findall(text))


def _cards(cards: Any) -> set[str]:
    return {format_cards([c]) for c in cards}


def _random_session(name: str, players: int, seed: int, **options: Any) -> Iterator[tuple[Any, list[set[int]]]]:
    """The game after each decision of a random session, with the cards each seat has seen."""
    game = new_game(name, players=players, seed=seed, deals=3, **options)
    rng = random.Random(seed)
    seen: list[set[int]] = [set() for _ in range(players)]
    for seat in range(players):
        _visible(next(iter(game.history())).entries, seat, seen[seat])
    yield game, seen
    while not game.is_over:
        legal = game.legal_actions()
        cheap = [a for a in legal if type(a) is not Raise or a.by <= 2] or legal  # keep the counters in play
        action = rng.choice(cheap)
        said = RENDERERS[name].label(action, game.observation(game.to_act))
        record: Record = game.apply(action)
        _check_said(said, record)
        for seat in range(players):
            _visible(record.entries, seat, seen[seat])
        yield game, seen


_SEES = re.compile(r"p[0-9]+ sees (p[0-9]+)'s raise: they exchange hands unseen")
_EXCHANGE = re.compile(r"you and (p[0-9]+) exchange hands unseen")


def _check_said(label: str, record: Record) -> None:
    """What a call's label foretold happened: the exchange with the bragger it named (American
    Brag), the show ("the hands are shown"), or neither."""
    if type(record.action) is not Call:
        return
    notes = [e.text for e in record.entries if type(e) is Note]
    exchanged = [m.group(1) for text in notes if (m := _SEES.fullmatch(text))]
    foretold = _EXCHANGE.search(label)
    assert exchanged == ([foretold.group(1)] if foretold else []), (label, notes)
    show = any(text in ("the show", "the show for the second pool") for text in notes)
    unshown = any(re.fullmatch(r"p[0-9]+ takes the pool unshown", text) for text in notes)
    if "are shown" in label:
        assert show, (label, notes)
    elif label.endswith("the better taking the pool"):
        assert unshown, (label, notes)
    elif not (foretold and label.endswith("the worse retires")):  # after an exchange, which retires may tell
        assert not show and not unshown, (label, notes)


SESSIONS = [("brag", 3, 1, {}), ("brag", 5, 2, {"limit": 3}), ("brag", 8, 3, {"counters": 12}),
            ("brag", 12, 4, {"limit": 20, "counters": 30}),
            ("american_brag", 4, 3, {}), ("american_brag", 6, 4, {"limit": 2}), ("american_brag", 3, 11, {}),
            ("american_brag", 7, 13, {"counters": 15}), ("american_brag", 12, 14, {}),
            ("three_stake_brag", 3, 5, {"draw": True}), ("three_stake_brag", 5, 6, {}),
            ("three_stake_brag", 4, 7, {"draw": True, "stake": 2}),
            ("three_stake_brag", 12, 8, {"draw": True, "counters": 6})]  # fmt: skip
"""Games, players, seeds and options of the random sessions (few counters: seats go broke
and sit out, and go all in)."""


@pytest.mark.parametrize(("name", "players", "seed", "options"), SESSIONS)
def test_no_seat_reads_a_card_it_may_not_see(name: str, players: int, seed: int, options: dict[str, Any]) -> None:
    renderer = RENDERERS[name]
    hidden_seen = private = 0
    for game, seen in _random_session(name, players, seed, **options):
        hands = game.hands
        for seat in range(players):
            observation = game.observation(seat)
            text = "\n".join(renderer.lines(observation))
            assert _named(text) <= _cards(seen[seat]), (seat, text)
            hidden = {c for other, hand in enumerate(hands) if other != seat for c in hand} - seen[seat]
            assert not _named(text) & _cards(hidden)
            hidden_seen += bool(hidden)
            assert _named(text) >= _cards(observation["hand"])  # his own cards, every one
            if game.to_act == seat:
                legal = game.legal_actions()
                assert all(renderer.label(a, observation) for a in legal)
                renderer.groups(observation, legal)
            names = renderer.names(observation)
            assert set(names) <= {observation["dealer"]}
            private += text.count("(seen privately")
    assert hidden_seen, "the session should hold cards a seat never sees"
    assert (private > 0) == (name == "american_brag")  # the exchanges, seen by the two


# --------------------------------------------------------------------------------------
# where people read it: the terminal and the server
# --------------------------------------------------------------------------------------

PROMPT = re.compile(r"your choice \(1-([0-9]+), q to quit\): ")


def _deals_seen(records: Sequence[Record], seat: int) -> list[tuple[set[int], set[int]]]:
    """Per deal of the full ``records``: the cards ``seat`` was shown, and those hidden from him."""
    deals: list[tuple[set[int], set[int]]] = [(set(), set())]
    for record in records:
        for entry in record.entries:
            kind = type(entry)
            if kind is DealEnded:
                deals.append((set(), set()))
            elif kind in (Dealt, Moved, Shown):
                cards = entry.cards if kind is Shown else (entry.card,)
                shown, hidden = deals[-1]
                by = entry.seen_by
                (shown if by is None or seat in by else hidden).update(c for c in cards if c is not None)
    return deals


@pytest.mark.parametrize(("name", "options"), [("brag", {}), ("american_brag", {"limit": 12}),
                                               ("three_stake_brag", {"draw": True})])  # fmt: skip
def test_a_terminal_session(registered: None, name: str, options: dict[str, Any]) -> None:
    """A session played in the terminal (the amounts of American Brag's ante and raises, above
    ten, asked for as one choice): it runs to its end, and what the player is shown of each
    deal names every card of his and no card hidden from him in that deal."""
    from pycards.games.interactive import play_interactive
    from pycards.games.simulate import session_terms

    players, seat, seed, deals = 4, 1, 9, 3
    answers: list[str] = []
    rng, policy_rng = random.Random(seed), random.Random(seed + 1)
    decided: list[Action] = []

    def read(prompt: str) -> str:
        match = PROMPT.fullmatch(prompt)
        answers.append(str(rng.randint(1, min(3, int(match.group(1)))) if match else rng.randint(1, 3)))
        return answers[-1]

    def policy(observation: Any, legal: Sequence[Action]) -> Action:
        decided.append(policy_rng.choice([a for a in legal if type(a) is not Raise or a.by <= 2] or list(legal)))
        return decided[-1]

    out = io.StringIO()
    assert play_interactive(name, players, seat, seed, policy, options, read, out, deals=deals) == 0
    text = out.getvalue()
    assert f"the session is over after {deals} deals" in text
    # the same session replayed by hand, his answers read as the terminal read them
    game = new_game(name, players=players, seed=seed, **session_terms(name, deals), **options)
    mine, theirs = iter(answers), iter(decided)
    grouped = 0
    while not game.is_over:
        legal = game.legal_actions()
        if game.to_act != seat:
            game.apply(next(theirs))
            continue
        groups = RENDERERS[name].groups(game.observation(seat), legal)
        taken = {a for g in groups for a in g.by_numbers.values()}
        choices: list[Any] = [a for a in legal if a not in taken] + groups
        choice = choices[int(next(mine)) - 1]
        if isinstance(choice, ChoiceGroup):
            grouped += 1
            choice = choice.by_numbers[(int(next(mine)),)]
        game.apply(choice)
    assert grouped == (name == "american_brag")  # the dealer's ante, asked for once
    segments = re.split(r"^deal [0-9]+ over: .*$", text, flags=re.M)
    per_deal = _deals_seen(list(game.history()), seat)
    assert len(segments) == len(per_deal) == deals + 1
    hidden_anywhere = 0
    for segment, (shown, hidden) in zip(segments, per_deal):
        assert _named(segment) <= _cards(shown), segment
        hidden_anywhere += len(hidden - shown)
    if name != "three_stake_brag":  # (there, every hand is shown for the third pool: the
        assert hidden_anywhere, "the session should hold cards the player never sees"  # other tests judge it card by card)
    assert "meet the ante" in text or "see the raise" in text or "meet the bet" in text


@pytest.mark.parametrize(("name", "players", "options"), [("brag", 3, {}), ("american_brag", 4, {}),
                                                          ("three_stake_brag", 3, {"draw": True})])  # fmt: skip
def test_a_server_session(registered: None, name: str, players: int, options: dict[str, Any]) -> None:
    """A session through the server's messages: the oracle of tests/test_server_views.py passes
    them (the events, their text, the observation text and the labels: each the seat's own), and
    no seat's table text names a card it had not been shown by then."""
    document, transcripts = served_session(name, players, 2, **options)
    assert check_table(document, transcripts) > 0
    texts: dict[tuple[int, int], list[str]] = {}
    actions: dict[int, dict[str, Any]] = {}
    for transcript in transcripts:
        for _, message in transcript.messages():
            if transcript.seat is not None:
                texts[(transcript.seat, message["version"])] = message["observation_text"]
            for event in message["events"]:
                if event["index"] > 0:
                    actions[event["index"]] = event["action"]
    game = new_game(name, players=players, seed=SEED, deals=2, **options)
    seen: list[set[int]] = [set() for _ in range(players)]
    for seat in range(players):
        _visible(next(iter(game.history())).entries, seat, seen[seat])
    checked = 0
    for version in range(1, document["state"]["first_record"] + 1):
        for seat in range(players):
            text = "\n".join(texts[(seat, version)])
            assert _named(text) <= _cards(seen[seat]), (seat, text)
            assert _named(text) >= _cards(game.observation(seat)["hand"])
            checked += 1
        if game.is_over:
            break
        record = game.apply(type(game).action_from_dict(actions[version]))
        for seat in range(players):
            _visible(record.entries, seat, seen[seat])
    assert game.is_over and checked > players
    assert all(any("braggers" in line for line in text) for text in texts.values())  # drawn by this renderer
