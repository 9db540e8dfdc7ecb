"""Interactive play, scripted through ``read`` and ``out``: what the player is shown.

A session is played with a scripted ``read`` (choosing among the numbered
actions from a seeded stream) and replayed by hand with the same choices, to
hold the omniscient records. The player must see every card he may see (his
own face-down cards included), never a card he may not (another's face-down
card, unless it is shown), every payment, and the end of each deal with his
result; ``q``, the end of the input and Ctrl-C leave with the result so far.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pycards.cards import format as format_cards
from pycards.errors import GameOptionError
from pycards.games import new_game
from pycards.games.engine.events import DealEnded, Dealt, Note, Record, Reshuffled, Shown
from pycards.games.interactive import EXIT_INTERRUPTED, play_interactive
from pycards.games.policies import DrawBelow, RandomLegal
from pycards.games.text import Renderer, entry_text, observation_lines, record_lines, seat_names
from pycards.settlement import Payment

PROMPT = re.compile(r"your choice \(1-([0-9]+), q to quit\): ")
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")
POLICY = DrawBelow(16, divide=True, double_on=(12,))


def chooser(seed: int, choices: list[int], stop: int | None = None) -> Callable[[str], str]:
    """A ``read`` answering each prompt with a number drawn from 1..N (N read from the
    prompt), remembering each; after ``stop`` answers, the end of the input."""
    rng = random.Random(seed)

    def read(prompt: str) -> str:
        match = PROMPT.fullmatch(prompt)
        assert match, prompt
        if stop is not None and len(choices) >= stop:
            raise EOFError
        choice = rng.randint(1, min(int(match.group(1)), 12))
        choices.append(choice)
        return str(choice)

    return read


def replay(players: int, seat: int, seed: int, deals: int, choices: list[int], **options: Any) -> Any:
    """The session replayed by hand with the same choices: the omniscient game."""
    game = new_game("vingt_un", players=players, seed=seed, deals=deals, **options)
    answers: Iterator[int] = iter(choices)
    while not game.is_over:
        to_act = game.to_act
        assert to_act is not None
        legal = game.legal_actions()
        if to_act == seat:
            answer = next(answers, None)
            if answer is None:
                break
            game.apply(legal[answer - 1])
        else:
            game.apply(POLICY(game.observation(to_act), legal))
    return game


def play(players: int, seat: int, seed: int, deals: int, stop: int | None = None,
         **options: Any) -> tuple[int, str, Any]:  # fmt: skip
    out = io.StringIO()
    choices: list[int] = []
    status = play_interactive("vingt_un", players, seat, seed, POLICY, options,
                              read=chooser(seed, choices, stop), out=out, deals=deals)  # fmt: skip
    return status, out.getvalue(), replay(players, seat, seed, deals, choices, **options)


def text(cards: Any) -> str:
    return format_cards(list(cards))


CASES = [
    (3, 0, 5, 8, {}),
    (4, 2, 11, 10, {"max_stake": 3}),
    (2, 1, 3, 8, {"selling": True, "max_price": 2}),
    (5, 3, 8, 12, {"pool_contribution": 1, "pool_overdraw_penalty": 1, "pool_to_natural": True,
                   "natural_privilege": "double", "deal_passes": "hands", "deal_hands": 2}),
    (3, 1, 21, 30, {"deal_passes": "twice", "max_stake": 2}),
]  # fmt: skip


@pytest.mark.parametrize(("players", "seat", "seed", "deals", "options"), CASES)
def test_the_player_sees_what_he_may_and_nothing_else(players: int, seat: int, seed: int, deals: int,
                                                      options: dict[str, Any]) -> None:  # fmt: skip
    status, out, game = play(players, seat, seed, deals, **options)
    assert status == 0 and game.is_over
    full = list(game.history())
    mine = game.events(seat)
    lines = out.splitlines()
    # his own face-down cards, each one
    down = [e for r in full for e in r.entries if type(e) is Dealt and e.seen_by is not None]
    own = [e for e in down if e.seat == seat]
    assert own
    for entry in own:
        hand = f" (hand {entry.hand + 1})" if entry.hand else ""
        assert f"you get {text([entry.card])} face down{hand}" in lines
    # another's face-down cards: "a card face down", and no card text he may not see, anywhere
    theirs = [e for e in down if e.seat != seat]
    hidden_lines = [line for line in lines if line.endswith("gets a card face down")
                    or re.search(r"gets a card face down \(hand [0-9]\)$", line)]  # fmt: skip
    assert len(hidden_lines) == len(theirs) > 0
    # deal by deal (a card comes round again in later deals), no card text he may not see
    segments = re.split(r"^deal [0-9]+ over: .*$", out, flags=re.M)
    hidden_in_all = 0
    deal = 0
    visible: set[int] = set()
    hidden: set[int] = set()
    for record, view in zip(full, mine):
        for entry, seen in zip(record.entries, view.entries):
            if type(entry) is Dealt:
                (visible if seen.card is not None else hidden).add(entry.card)
            elif type(entry) is Shown:
                visible.update(entry.cards)
            elif type(entry) is DealEnded:
                secret = {text([c]) for c in hidden - visible}
                assert not secret & set(CARD.findall(segments[deal])), (deal, secret)
                hidden_in_all += len(secret)
                deal += 1
                visible, hidden = set(), set()
    assert hidden_in_all > 0, "the case should hold cards the player never sees"
    # every payment, and the end of every deal with his reward
    payments = [e for r in full for e in r.entries if type(e) is Payment]
    paid = [line for line in lines if re.fullmatch(r".* pays? .* [0-9]+|.* takes? [0-9]+( with .*)?", line)]
    assert len(paid) == len(payments) > 0  # one line a payment, a pool taken said with the hand taking it
    for entry in payments:
        assert any(re.search(rf"(pays? .* |takes? ){entry.amount}\b", line) for line in paid)
    ended = [e for r in full for e in r.entries if type(e) is DealEnded]
    assert len(ended) == deals
    for entry in ended:
        result = f"deal {entry.deal + 1} over: you {entry.rewards[seat]:+d}"
        assert any(line.startswith(result) for line in lines)
    assert lines[-1] == f"the session is over after {deals} deals; your result: {game.payoffs()[seat]:+d}"


def test_each_step_shows_the_events_then_the_observation_and_the_choices() -> None:
    status, out, game = play(3, 0, 5, 2)
    assert status == 0
    blocks = out.split("\n\n")
    assert blocks[0].splitlines()[0] == "the first ace (AC) falls to p1, who deals"  # one line, not the cards turned
    assert "turns up" not in out and "turn up" not in out
    assert "you get 9H face down" in blocks[0]
    step = blocks[1].splitlines()
    assert step[0] == "deal 1: p1 deals; the stakes"
    assert "  you: 9H  (9)  [stake 0]" in step and "  the dealer (p1): ??" in step
    assert "  counters: you 100; p1 100, p2 100" in step
    first = step.index("  1. stake 1")
    assert step[first : first + 10] == [f"  {n}. stake {n}" for n in range(1, 11)]
    assert step[first + 10] == "you: stake " + str(random.Random(5).randint(1, 10))
    assert "the dealer (p1) shows QC 6H" in out and "-- the show" in out


def test_the_seat_that_deals_sees_its_own_hand() -> None:
    status, out, game = play(3, 1, 5, 3)
    assert status == 0
    assert out.startswith("the first ace (AC) falls to you: you deal\n")  # this seat deals
    assert "you (the dealer): " in out and "the dealer (p1)" not in out and "p1" not in out
    assert "  1. call double" in out and "  2. do not call double" in out


def test_a_sale_of_the_deal_is_shown() -> None:
    """Against a random seller: the offer in the observation, the sale's payment, the new dealer."""
    out = io.StringIO()
    options = {"selling": True, "max_price": 2, "deal_passes": "hands", "deal_hands": 1}
    status = play_interactive("vingt_un", 2, 1, 3, RandomLegal(1), options, read=chooser(3, []), out=out,
                              deals=12)  # fmt: skip
    text = out.getvalue()
    assert status == 0
    offers = re.findall(r"^  p0 offers the deal to you for ([0-2])$", text, flags=re.M)
    assert offers and "the deal is offered for sale" in text
    assert re.search(r"^  1\. buy the deal for [0-2]\n  2\. do not buy the deal for [0-2]$", text, flags=re.M)
    assert re.search(r"^you: buy the deal\nthe deal is sold: you pay p0 2$", text, flags=re.M)
    assert re.search(r"^you: offer the deal to p0 for 2\np0: buy the deal\nthe deal is sold: p0 pays you 2$",
                     text, flags=re.M)  # fmt: skip
    assert "; double called" not in re.findall(r"^deal .*offered for sale.*$", text, flags=re.M)[1]


@pytest.mark.parametrize("stop", [0, 1, 5, 20])
def test_the_end_of_the_input_leaves_with_the_result_so_far(stop: int) -> None:
    status, out, game = play(3, 0, 5, 10, stop=stop)
    assert status == 0
    done = sum(type(e) is DealEnded for r in game.history() for e in r.entries)
    assert out.rstrip().splitlines()[-1] == (f"the input ended after {done} of 10 deals; "
                                             f"your result so far: {game.payoffs()[0]:+d}")  # fmt: skip


def scripted(*answers: str | type[BaseException]) -> Callable[[str], str]:
    queue: Iterator[str | type[BaseException]] = iter(answers)

    def read(prompt: str) -> str:
        answer = next(queue, EOFError)
        if isinstance(answer, type):
            raise answer()
        return answer

    return read


@pytest.mark.parametrize("word", ["q", "Q", "quit", " QUIT "])
def test_q_leaves(word: str) -> None:
    out = io.StringIO()
    status = play_interactive("vingt-un", 3, 0, 5, POLICY, {}, read=scripted("1", "2", word), out=out,
                              deals=4)  # fmt: skip
    assert status == 0
    assert re.fullmatch(r"you left after 1 of 4 deals; your result so far: \+1",
                        out.getvalue().rstrip().splitlines()[-1])  # fmt: skip


def test_ctrl_c_leaves_with_status_130() -> None:
    out = io.StringIO()
    status = play_interactive("vingt_un", 3, 0, 5, POLICY, {}, read=scripted("1", KeyboardInterrupt), out=out)
    assert status == EXIT_INTERRUPTED == 130
    assert "interrupted after 0 of 10 deals; your result so far: +0" in out.getvalue()


@pytest.mark.parametrize("answer", ["²", "٣", "0", "11", "", "-1", "1.0", "one", "\x00", " ", "+1", "1 2"])
def test_what_is_not_a_choice_is_asked_again(answer: str) -> None:
    out = io.StringIO()
    status = play_interactive("vingt_un", 3, 0, 5, POLICY, {}, read=scripted(answer, "q"), out=out)
    assert status == 0
    assert "choose a number from 1 to 10, or q to quit" in out.getvalue()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"name": "whist"}, "'whist'"), ({"players": 13}, "13"), ({"seat": 3}, "not 3"),
     ({"seat": -1}, "not -1"), ({"seat": True}, "True"), ({"options": {"deals": 2}}, "'deals'"),
     ({"options": {"until": "rotations"}}, "'until'"), ({"options": {"max_stak": 2}}, "'max_stak'"),
     ({"deals": 0}, "0"), ({"options": [("max_stake", 2)]}, "[('max_stake', 2)]"),
     ({"policy": "draw"}, "'draw'")],
)  # fmt: skip
def test_bad_arguments_name_the_value(kwargs: dict[str, Any], message: str) -> None:
    arguments: dict[str, Any] = dict(name="vingt_un", players=3, seat=0, seed=1, policy=POLICY, options={})
    deals = kwargs.pop("deals", 3)
    arguments.update(kwargs)
    with pytest.raises(GameOptionError, match=re.escape(message)):
        play_interactive(**arguments, read=scripted(), out=io.StringIO(), deals=deals)


# --------------------------------------------------------------------------------------
# the text of records and observations
# --------------------------------------------------------------------------------------


def test_every_entry_has_its_sentence() -> None:
    names = {1: "the dealer (p1)"}
    cases = [
        (Dealt(0, 0, 51, (0,)), 0, "you get AS face down"),
        (Dealt(0, 2, 51, (0,)), 0, "you get AS face down (hand 3)"),
        (Dealt(2, 0, None, (2,)), 0, "p2 gets a card face down"),
        (Dealt(1, 1, None, (1,)), 0, "the dealer (p1) gets a card face down (hand 2)"),
        (Dealt(2, 0, 0, None), 0, "p2 draws 2C"),
        (Dealt(0, 0, 34, None), 0, "you draw 10H"),
        (Dealt(1, -1, 48, None), 0, "p1 turns up AC"),
        (Shown(1, 0, (44, 17)), 0, "the dealer (p1) shows KC 6D"),
        (Shown(0, 1, (44,)), 0, "you show KC (hand 2)"),
        (Payment("p2", "p1", 4), 0, "p2 pays the dealer (p1) 4"),
        (Payment("p1", "p0", 1), 0, "the dealer (p1) pays you 1"),
        (Payment("p0", "pool", 1), 0, "you pay the pool 1"),
        (Payment("pool", "p2", 3), 0, "the pool pays p2 3"),
        (Reshuffled(30), 0, "the used cards are shuffled to continue: 30 cards in the stock"),
        (Note("the show"), 0, "-- the show"),
        (DealEnded(0, (1, -2, 1), False, ("player", "dealer", "player")), 0,
         "deal 1 over: you +1 (player); p1 -2 (dealer), p2 +1 (player)"),
        (DealEnded(4, (1, -1), True, ()), 1,
         "deal 5 over: you -1; p0 +1; cut short by the bound on decisions"),
        (DealEnded(0, (1, -1), False, ("player", "dealer")), None,
         "deal 1 over: p0 +1 (player), p1 -1 (dealer)"),
        (Dealt(0, 0, None, (0,)), None, "p0 gets a card face down"),
    ]  # fmt: skip
    for entry, seat, expected in cases:
        assert entry_text(entry, seat, names) == expected


def test_record_lines_mask_what_the_seat_may_not_see() -> None:
    entries = (Dealt(2, 0, 7, (2,)), Dealt(1, 0, 9, (1,)), DealEnded(0, (0, 0, 0)), Dealt(2, 0, 8, (2,)))
    record = Record(1, None, entries)
    assert record_lines(record, 1, {2: "the dealer (p2)"}, {}) == [
        "the dealer (p2) gets a card face down", "you get 4D face down", "deal 1 over: you +0; p0 +0, p2 +0",
        "p2 gets a card face down",
    ]  # fmt: skip
    assert record_lines(record, None) == [
        "p2 gets a card face down", "p1 gets a card face down", "deal 1 over: p0 +0, p1 +0, p2 +0",
        "p2 gets a card face down",
    ]  # fmt: skip


def test_observations_of_any_game_and_of_vingt_un() -> None:
    observation = {"seat": 0, "hand": [51, None], "pot": 3, "hands": {1: [0, 1]}}
    assert observation_lines("some_game", observation) == [
        "seat: 0", "hand: AS ??", "pot: 3", "hands: 1: 2C 2D",
    ]  # fmt: skip
    game = new_game("vingt_un", players=3, seed=5, pool_contribution=2, selling=True)
    observation = game.observation(0)
    assert seat_names("vingt_un", observation) == {}  # the deal may be sold: nobody deals yet
    lines = observation_lines("vingt-un", observation)
    assert lines[0] == "deal 1: p1 deals; the deal may be sold"
    assert "  counters: you 98; p1 98, p2 98; the pool 6" in lines
    game.apply(game.legal_actions()[0])  # the deal kept
    assert seat_names("vingt_un", game.observation(0)) == {1: "the dealer (p1)"}
    assert seat_names("some_game", game.observation(0)) == {}


def test_the_text_of_a_game_is_its_registered_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    """``observation_lines`` and ``seat_names`` know no game: they use the renderer a game's
    registry entry names, any spelling of its name; a game without one (or a name that is no
    game, or no str) gets the ``key: value`` lines and no names."""
    import pycards.games as games
    from pycards.games import _vingt_un_text

    game = new_game("vingt_un", players=3, seed=5)
    observation = game.observation(0)
    assert observation_lines("VINGT-UN", observation) == _vingt_un_text.RENDERER.lines(observation)
    entry = games.GAMES["vingt_un"]
    monkeypatch.setitem(games.GAMES, "vingt_un", entry._replace(text=None))
    assert observation_lines("vingt_un", observation)[0] == "seat: 0"
    assert seat_names("vingt_un", observation) == {}
    monkeypatch.setitem(games.GAMES, "vingt_un", entry._replace(text=f"{__name__}:TERSE"))
    assert observation_lines("vingt_un", observation) == ["seat 0 of 3"]
    assert seat_names("vingt_un", observation) == {0: "the reader"}
    assert Renderer(len).names(observation) == {}  # a renderer names nobody unless it says
    for name in ("whist", "", None, 7):
        assert observation_lines(name, {"seat": 0}) == ["seat: 0"]  # type: ignore[arg-type]
        assert seat_names(name, {"seat": 0}) == {}  # type: ignore[arg-type]


def _terse(observation: Any) -> list[str]:
    return [f"seat {observation['seat']} of {len(observation['balances'])}"]


def _reader(observation: Any) -> dict[int, str]:
    return {observation["seat"]: "the reader"}


TERSE = Renderer(_terse, _reader)
"""A renderer of a test's own, registered by ``"tests.test_interactive:TERSE"``."""
