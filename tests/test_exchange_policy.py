"""The exchange games' built-in policy (:class:`~pycards.games.policies.exchange.TowardBest`):
legal in every game, better than random play, and each of its rules on a decision of its own."""

from __future__ import annotations

import math

import pytest

from pycards.cards import parse
from pycards.errors import GameOptionError
from pycards.games import GAMES, default_players, new_game
from pycards.games.engine.exchange_table import Barter, Buy, Stand, Swap, TakeWidow
from pycards.games.policies import RandomLegal, default_policy
from pycards.games.policies.exchange import TowardBest, commerce_policy, thirty_one_policy

EXCHANGE_GAMES = sorted(name for name, entry in GAMES.items() if entry.driver.startswith("pycards.games.exchange."))


def _gap(name: str, sessions: int, **options: object) -> tuple[float, float]:
    """The mean gain per deal of two policy seats over two random seats, and its standard
    error, over ``sessions`` sessions of four players (seats swapped every other session)."""
    policy = default_policy(name)
    gaps = []
    for seed in range(sessions):
        game = new_game(name, players=4, seed=seed, deals=4, counters=10_000, **options)
        mine = (0, 2) if seed % 2 else (1, 3)
        rng = RandomLegal(seed)
        while not game.is_over:
            seat = game.to_act
            chooser = policy if seat in mine else rng
            game.apply(chooser(game.observation(seat), game.legal_actions()))
        payoffs = game.payoffs()
        gaps.append((sum(payoffs[s] for s in mine) - sum(payoffs[s] for s in range(4) if s not in mine)) / 2 / 4)
    mean = sum(gaps) / len(gaps)
    spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1) / len(gaps))
    return mean, spread


@pytest.mark.parametrize("name", EXCHANGE_GAMES)
def test_the_policy_plays_only_legal_actions(name: str) -> None:
    policy = default_policy(name)
    decisions = 0
    for seed in range(6):
        game = new_game(name, players=default_players(name), seed=seed, deals=3)
        while not game.is_over:
            legal = game.legal_actions()
            action = policy(game.observation(game.to_act), legal)
            assert action in legal
            game.apply(action)
            decisions += 1
    assert decisions > 20


@pytest.mark.parametrize("name", EXCHANGE_GAMES)
def test_the_policy_wins_from_random_play(name: str) -> None:
    """Two policy seats against two random seats gain per deal, by more than three standard
    errors of the mean."""
    mean, error = _gap(name, 60)
    assert mean > 3 * error, (mean, error)


def test_it_stands_on_a_hand_at_its_threshold_and_trades_below_it() -> None:
    tricon = list(parse("AC AD AH"))
    legal = [Stand(), *(Buy(c) for c in tricon), *(Barter(c) for c in tricon)]
    assert commerce_policy()({"hand": tricon}, legal) == Stand()
    low = list(parse("2C 7D 9H"))
    legal = [Stand(), *(Buy(c) for c in low), *(Barter(c) for c in low)]
    assert type(commerce_policy()({"hand": low}, legal)) is Barter  # barter: as good, and it costs no stake


def test_it_takes_the_card_that_makes_its_hand_from_a_widow_face_up() -> None:
    """Thirty-one: 10♥ K♥ 2♣ and an A♥ on the table: the swap makes 31."""
    hand, widow = list(parse("10H KH 2C")), list(parse("AH 3D 4S"))
    legal = [Stand(), *(Swap(c, t) for c in hand for t in widow)]
    observation = {"hand": hand, "widow": widow, "knowledge": {}}
    assert thirty_one_policy(stand_at=100)(observation, legal) == Swap(parse("2C")[0], parse("AH")[0])


def test_it_takes_a_whole_widow_face_up_that_beats_its_hand() -> None:
    hand, widow = list(parse("2C 7D 9H")), list(parse("KS KH KD"))
    legal = [Stand(), TakeWidow()]
    assert commerce_policy()({"hand": hand, "widow": widow}, legal) == TakeWidow()


def test_a_bad_threshold_is_refused_by_name() -> None:
    with pytest.raises(GameOptionError, match="stand_at"):
        TowardBest(stand_at=101)
    with pytest.raises(GameOptionError, match="stand_at"):
        default_policy("commerce", stand_at=-1)


def test_equal_policies_compare_equal() -> None:
    assert commerce_policy() == commerce_policy() and commerce_policy() != thirty_one_policy()
