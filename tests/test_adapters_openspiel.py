"""The OpenSpiel adapter (``pycards.adapters.openspiel_game``) for every registered game.

pyspiel's ``random_sim_test`` runs on every game in ``pycards.games.GAMES`` (two player
counts, and a Vingt-un variant that is not zero-sum); the tests of our own check the
registration and its parameters, that returns are the session's ``payoffs()`` within
the declared bounds, that the tensors and strings are the player's own view, that a
clone is independent and replays the same cards, and that bad arguments raise
``ValueError`` subclasses naming them.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

from driver_checks import player_counts
from pycards.adapters import openspiel_game
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import GAMES, new_game
from pycards.games.engine.events import Dealt

CASES = [(name, players, {}) for name in GAMES for players in player_counts(name)] + [
    ("vingt_un", 3, {"deals": 2, "pool_contribution": 2, "pool_tie_share": 2, "pool_to_natural": True,
                     "natural_privilege": "double", "selling": True, "max_decisions": 12}),
]  # fmt: skip
IDS = [f"{name}-{players}p-{len(options)}options" for name, players, options in CASES]


def play(state: Any, rng: random.Random) -> Any:
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# -- pyspiel's conformance test ------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=IDS)
def test_random_sim_test(name: str, players: int, options: dict[str, Any]) -> None:
    game = openspiel_game(name, players=players, **options)
    pyspiel.random_sim_test(game, num_sims=30, serialize=False, verbose=False)


# -- registration, parameters, the game's description ------------------------------------------


def test_registered_with_the_games_options_as_parameters() -> None:
    game = openspiel_game("vingt_un", players=3, deals=2, natural_privilege="stake")
    assert "python_pycards_vingt_un" in pyspiel.registered_names()
    kind = game.get_type()
    assert kind.short_name == "python_pycards_vingt_un"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 12)
    params = game.get_parameters()
    assert params["players"] == 3 and params["deals"] == 2 and params["natural_privilege"] == "stake"
    assert params["seed"] == 0 and params["max_stake"] == 10 and params["selling"] is False
    # the same game through pyspiel's own loader, from its string
    again = pyspiel.load_game(str(game))
    assert again.get_parameters() == params and again.num_players() == 3
    table = new_game("vingt_un", players=3, natural_privilege="stake")
    assert game.num_distinct_actions() == table.num_actions
    size = table.info.observation_size
    assert game.observation_tensor_size() == game.information_state_tensor_size() == size
    assert game.max_game_length() == 2 * table.info.max_decisions_per_deal
    # the OpenSpiel default: one deal a session
    assert openspiel_game("vingt_un").get_parameters()["deals"] == 1
    # an option that may be None is the string "none", given either way
    assert openspiel_game("vingt_un", natural_privilege=None).get_parameters()["natural_privilege"] == "none"
    state = openspiel_game("vingt_un", natural_privilege="none").new_initial_state()
    assert state.pycards_game.options.natural_privilege is None
    # a flag that may be None is "none", "true" or "false", given either way
    assert openspiel_game("vingt_un").get_parameters()["natural_puts_out"] == "none"
    for value, word in ((True, "true"), (False, "false"), (None, "none")):
        for given in (value, word):
            game = openspiel_game("vingt_un", natural_puts_out=given, deal_passes="hands")
            assert game.get_parameters()["natural_puts_out"] == word
            assert game.new_initial_state().pycards_game.options.natural_puts_out is value
    with pytest.raises(GameOptionError, match="natural_puts_out"):
        openspiel_game("vingt_un", natural_puts_out="maybe", deal_passes="hands")


def test_zero_sum_unless_counters_can_leave_the_seats() -> None:
    plain = openspiel_game("vingt_un", players=3)
    pooled = openspiel_game("vingt_un", players=3, pool_contribution=1)
    assert plain.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM and plain.utility_sum() == 0.0
    assert pooled.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM and pooled.utility_sum() is None


# -- returns, bounds --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=IDS)
def test_returns_are_the_payoffs_within_the_bounds(name: str, players: int, options: dict[str, Any]) -> None:
    game = openspiel_game(name, players=players, **options)
    rng = random.Random(7)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert state.returns() == [0.0] * players
            state.apply_action(rng.choice(state.legal_actions()))
        payoffs = state.pycards_game.payoffs()
        assert state.returns() == [float(payoffs[seat]) for seat in range(players)]
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


@pytest.mark.parametrize("options", [
    {"max_stake": 100, "min_stake": 100},
    {"max_stake": 100, "min_stake": 100, "natural_privilege": "double", "pool_contribution": 1000,
     "pool_overdraw_penalty": 1000, "pool_tie_share": 1, "pool_to_natural": True, "selling": True,
     "max_price": 100},
])  # fmt: skip
def test_the_payoff_bound_holds_for_stakes_at_their_limits(options: dict[str, Any]) -> None:
    """Every seat's result, in many sessions of random play with the largest stakes, lies
    within the bound; the bound grows with the deals."""
    rng = random.Random(3)
    for players in (2, 5, 12):
        game = new_game("vingt_un", players=players, seed=players, deals=4, **options)
        bound = game.payoff_bound()
        for session in range(30):
            game = new_game("vingt_un", players=players, seed=session, deals=4, **options)
            while game.to_act is not None:
                game.apply(rng.choice(game.legal_actions()))
            assert max(abs(p) for p in game.payoffs().values()) <= bound
        assert new_game("vingt_un", players=players, deals=8, **options).payoff_bound() == 2 * bound
    assert new_game("vingt_un", players=4, until="rotations", rotations=1).payoff_bound() == math.inf


@pytest.mark.parametrize("name", ["draw_poker", "jack_pots", "straight_poker"])
def test_the_game_length_holds_when_a_session_plays_on_for_its_pool(name: str) -> None:
    """A poker session of deals plays on while its pool holds counters (a jack-pot nobody
    opens): with every seat checking whenever it may, and a bound of one decision a deal,
    sessions run past their deals, and max_game_length still bounds them."""
    played_on = 0
    for players, counters, ante, seed in [(2, 20, 1, 0), (3, 7, 2, 1), (2, 3, 1, 2), (5, 2, 1, 3), (3, 20, 3, 4)]:
        terms = {"deals": 1, "counters": counters, "ante": ante, "max_decisions": players + 1}
        limit = openspiel_game(name, players=players, **terms).max_game_length()
        game = new_game(name, players=players, seed=seed, **terms)
        decisions = 0
        while game.to_act is not None:
            legal = game.legal_actions()
            game.apply(next((a for a in legal if type(a).__name__ == "Check"), legal[0]))
            decisions += 1
        assert game.deal_number <= game.max_deals() and decisions <= limit
        played_on += game.deal_number > 1
    assert played_on  # the bound was put to the test


# -- observations and information states -----------------------------------------------------


def test_tensors_and_strings_are_the_players_own_view() -> None:
    """The observation and information-state tensors are ``encode(player)``; the observation
    string is its ``observation``; the information-state string is its view of every record
    (perfect recall), which holds its own face-down cards and no one else's."""
    game = openspiel_game("vingt_un", players=3, deals=2)
    rng = random.Random(1)
    state = game.new_initial_state()
    checked = 0
    while True:
        table = state.pycards_game
        for player in range(3):
            own = table.encode(player)
            assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), own)
            assert np.array_equal(np.asarray(state.information_state_tensor(player), np.float32), own)
            assert state.observation_string(player) == repr(table.observation(player))
            history = state.information_state_string(player)
            assert history == "\n".join([f"seat {player}", *map(repr, table.events(player))])
            for record in table.history():
                for entry in record.entries:
                    if type(entry) is Dealt and entry.seen_by is not None:
                        mine = player in entry.seen_by
                        hidden = Dealt(entry.seat, entry.hand, None, entry.seen_by)
                        assert (repr(entry) in history) == mine and (repr(hidden) in history) != mine
                        checked += 1
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 0


def test_a_public_observer_sees_what_a_spectator_sees() -> None:
    from open_spiel.python.observation import make_observation

    game = openspiel_game("vingt_un", players=3)
    state = play(game.new_initial_state(), random.Random(2))
    kind = pyspiel.IIGObservationType(perfect_recall=True, public_info=True,
                                      private_info=pyspiel.PrivateInfoType.NONE)  # fmt: skip
    observation = make_observation(game, kind)
    text = observation.string_from(state, 0)
    assert text == "\n".join(map(repr, state.pycards_game.events(None)))
    assert observation.tensor is None or observation.tensor.size == 0
    everything = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)  # fmt: skip
    with pytest.raises(GameOptionError, match="every player"):
        game.make_py_observer(everything)


# -- states: seeds, clones, actions ------------------------------------------------------------


def test_states_deal_their_own_cards_and_clones_replay_them() -> None:
    game = openspiel_game("vingt_un", players=3, deals=2, seed=5)
    first, second = game.new_initial_state(), game.new_initial_state()
    assert first.pycards_game.to_dict()["seed"] != second.pycards_game.to_dict()["seed"]
    again = openspiel_game("vingt_un", players=3, deals=2, seed=5).new_initial_state()
    assert again.pycards_game.to_dict() == first.pycards_game.to_dict()  # the seed parameter reproduces
    first.apply_action(first.legal_actions()[0])
    clone = first.clone()
    assert clone.pycards_game is not first.pycards_game
    assert clone.pycards_game.to_dict(history=True) == first.pycards_game.to_dict(history=True)
    assert str(clone) == str(first) and clone.history() == first.history()
    rng_a, rng_b = random.Random(4), random.Random(4)
    play(clone, rng_a)
    assert not first.is_terminal()  # the clone is independent
    play(first, rng_b)
    assert first.returns() == clone.returns() and str(first) == str(clone)  # the same cards came


def test_actions_are_codec_ids() -> None:
    game = openspiel_game("vingt_un", players=2)
    state = game.new_initial_state()
    table = state.pycards_game
    legal = state.legal_actions()
    assert legal == sorted(table.action_index(a) for a in table.legal_actions())
    assert state.legal_actions(1 - state.current_player()) == []
    assert [state.action_to_string(state.current_player(), a) for a in legal] == [
        str(table.action_from_index(a)) for a in legal]
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in legal)
    before = table.to_dict(history=True)
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    assert table.to_dict(history=True) == before


# -- bad arguments -------------------------------------------------------------------------------


@pytest.mark.parametrize(("arguments", "named"), [
    ({"players": 0}, "0"),
    ({"players": "4"}, "'4'"),
    ({"players": 13}, "13"),
    ({"seed": 1.5}, "1.5"),
    ({"seed": 2**40}, str(2**40)),
    ({"colour": "red"}, "'colour'"),
    ({"top": ["AS"]}, "'top'"),
    ({"until": "freeze_out"}, "'freeze_out'"),
    ({"until": "rotations"}, "'rotations'"),
    ({"deals": 0}, "0"),
    ({"natural_privilege": "triple"}, "'triple'"),
    ({"game": "blackjack"}, "'blackjack'"),
])  # fmt: skip
def test_bad_arguments_raise_naming_the_value(arguments: dict[str, Any], named: str) -> None:
    arguments = {"game": "vingt_un", **arguments}
    with pytest.raises(GameOptionError, match=named):
        openspiel_game(**arguments)


def test_pyspiels_loader_raises_the_same_errors() -> None:
    openspiel_game("vingt_un")  # registers
    with pytest.raises(GameOptionError, match="not 0"):
        pyspiel.load_game("python_pycards_vingt_un(players=0)")
    with pytest.raises(GameOptionError, match="'rotations'"):
        pyspiel.load_game("python_pycards_vingt_un(until=rotations)")
