"""Any registered game as a pyspiel Python game (``pycards.adapters.openspiel_game``).

Each game is registered with ``pyspiel.register_game`` as ``python_pycards_<name>``
(``import pycards.adapters`` registers them all), so
``pyspiel.load_game("python_pycards_vingt_un(players=3,deals=2)")`` works; the type
registered is the game's at its default parameters. Its parameters are ``players``,
``seed`` and the game's options that pyspiel can hold (whole numbers, flags and choices;
a choice that may be ``None`` is the string ``"none"``); ``deals`` defaults to 1 so an
episode -- one session -- is short, and a session must end after its ``deals``
(``until="deals"``) so that its length and its utilities are bounded.

* **Chance** is the pycards game's own (its seeded pack): ``ChanceMode.SAMPLED_STOCHASTIC``,
  no chance nodes. The k-th state made from one game object plays the session seeded by
  a mix of the ``seed`` parameter and k (pyspiel's ``Clone`` makes a state too, so the
  same program gives the same sessions); a clone deals the coming cards afresh (below).
* **Actions** are the codec's ids; ``legal_actions()`` the true ids of ``legal_mask()``.
* **Returns** are ``payoffs()`` at the end of the session (``RewardModel.TERMINAL``),
  within plus or minus the driver's ``payoff_bound()``. The game is zero-sum when no
  counter can be left outside the seats at a session's end (the driver's ``zero_sum()``),
  general-sum otherwise.
* **Observations**: the tensor is ``encode(player)``, for the observation and for the
  information state alike (so that information state tensor sums up what the seat sees
  now; it is not of perfect recall); the information-state string is of perfect recall:
  the seat's view of every record so far. An observer of public information only
  (``PrivateInfoType.NONE``) gives the spectator's view as a string, and no tensor.
* **Clones** are exact (OpenSpiel requires a clone to play on as its original does), so
  with sampled chance a clone holds the coming cards. For search, honest chance comes two
  ways: ``resample_from_infostate`` deals again every card the given player cannot see and
  keys later shuffles afresh (``Game.resample``), for ISMCTS; and the parameter
  ``chance="explicit"`` puts a chance node after every decision, before it is carried out:
  the stock shuffled one of :data:`CHANCE_OUTCOMES` ways (``Game.reshuffled``), so MCTS
  samples the coming cards instead of reading them. A state prints as every seat's observation (``str``: every hand,
  not the stock's order nor the seed). A resampled state, and a state of explicit chance
  past its first chance node, does not pickle (its cards are no deal of its seed).
* **Pickling**: a game pickles as its name, parameters and count of states made (pyspiel's
  own pickling asks a sampled-stochastic game for an RNG state that a Python game cannot
  give); a state pickles as its game and ``serialize()``, which
  ``game.deserialize_state`` reads. ``pyspiel.serialize_game_and_state`` cannot work.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, Optional

import numpy as np
import pyspiel

from pycards.adapters._common import camel_name, last_records, mixed_seed, plain_str
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games import Game, canonical_name, game_class, new_game
from pycards.games.engine.document import shown
from pycards.games.engine.options import Field

__all__ = [
    "CHANCE_OUTCOMES", "EXPLICIT", "SAMPLED", "PycardsGame", "PycardsObserver", "PycardsState", "load", "register",
    "short_name",
]  # fmt: skip

_INT32 = (-(2**31), 2**31 - 1)
"""pyspiel holds a whole-number parameter in a C++ int."""
_NONE = "none"
"""The string a choice option that may be ``None`` takes as a pyspiel parameter."""
_FLAG_WORDS: dict[str, Optional[bool]] = {"none": None, "true": True, "false": False}
"""The strings of a flag that may be ``None`` (pyspiel holds no such thing), as a parameter."""


def _as_parameter(rule: Field, value: Any) -> Any:
    """An option's value as pyspiel holds it: ``None`` of a choice is ``"none"``, a flag that
    may be ``None`` is ``"none"``, ``"true"`` or ``"false"``; anything else as it is."""
    if rule.kind == "bool" and rule.optional and (value is None or type(value) is bool):
        return _NONE if value is None else str(value).lower()
    return _NONE if value is None and rule.optional else value


def _pyspiel_holds(rule: Field) -> bool:
    """Whether an option can be a pyspiel parameter: a whole number (not one that may be
    None), a flag (one that may be None as a word) or a choice of strings (None as "none")."""
    if rule.kind == "choice":
        return all(c is None or isinstance(c, str) for c in rule.choices)
    return rule.kind == "bool" or not rule.optional


def _from_parameter(rule: Field, value: Any) -> Any:
    """The option's value of a pyspiel parameter (the inverse of :func:`_as_parameter`; a
    value that is no parameter's is left for the game's options to refuse)."""
    if rule.kind == "bool" and rule.optional and type(value) is str and value in _FLAG_WORDS:
        return _FLAG_WORDS[value]
    return None if rule.optional and plain_str(value) == _NONE else value
SAMPLED, EXPLICIT = "sampled", "explicit"
"""The values of the ``chance`` parameter: the game's own seeded chance, or chance nodes."""
CHANCE_OUTCOMES = 64
"""With explicit chance, the ways the stock may be shuffled at each chance node."""
_DEFAULT_PLAYERS = 2
_DEFAULT_DEALS = 1


def short_name(game: str) -> str:
    """The pyspiel name of a registered game: ``python_pycards_<name>``."""
    return f"python_pycards_{canonical_name(game)}"


def player_default(name: str) -> int:
    """The players of a pyspiel game of ``name`` when none are given: two, or the fewest the
    game allows."""
    return max(_DEFAULT_PLAYERS, int(getattr(game_class(canonical_name(name)), "MIN_PLAYERS", _DEFAULT_PLAYERS)))


def _parameters(name: str) -> dict[str, Any]:
    """The pyspiel parameters of game ``name`` with their defaults: players, seed, options."""
    params: dict[str, Any] = {"players": player_default(name), "seed": 0, "chance": SAMPLED}
    for rule in game_class(name).Options.describe():
        if _pyspiel_holds(rule):
            params[rule.name] = _as_parameter(rule, rule.default)
    if "deals" in params:
        params["deals"] = _DEFAULT_DEALS
    return params


def _game_type(terms: _Terms) -> Any:
    """The pyspiel type of a game of ``terms`` (its utility depends on them: a pool makes
    Vingt-un general-sum)."""
    name, utility, chance_modes = terms.name, pyspiel.GameType.Utility, pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Python pycards {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance_modes.EXPLICIT_STOCHASTIC if terms.explicit else chance_modes.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if terms.zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=terms.info.max_players,
        min_num_players=terms.info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(name),
    )


class _Terms:
    """One pyspiel game's checked terms, shared by its states: ``copy.deepcopy`` of it is
    itself, so a clone of a state does not copy it; a pickle of it is its name and parameters
    (a state's ``serialize()`` holds it)."""

    def __init__(self, name: str, params: Mapping[str, Any]) -> None:
        spec = _parameters(name)
        for key in params:
            if key not in spec:
                raise GameOptionError(f"unknown parameter {shown(key)} of {short_name(name)}; "
                                      f"the parameters are {', '.join(spec)}")  # fmt: skip
        values = {**spec, **params}
        players, seed, chance = values.pop("players"), values.pop("seed"), values.pop("chance")
        if plain_str(chance) not in (SAMPLED, EXPLICIT):
            raise GameOptionError(f"parameter chance of {short_name(name)} must be {SAMPLED!r} or {EXPLICIT!r}, "
                                  f"not {shown(chance)}")  # fmt: skip
        for key, value in (("players", players), ("seed", seed)):
            if type(value) is not int or not _INT32[0] <= value <= _INT32[1]:
                raise GameOptionError(f"parameter {key} of {short_name(name)} must be an int, "
                                      f"not {shown(value)}")  # fmt: skip
        rules = {rule.name: rule for rule in game_class(name).Options.describe()}
        self.options: dict[str, Any] = {key: _from_parameter(rules[key], value) if key in rules else value
                                        for key, value in values.items()}  # fmt: skip
        until = self.options.get("until", "deals")
        if plain_str(until) != "deals" or "deals" not in self.options:  # a str's own __eq__ never runs
            raise GameOptionError("an OpenSpiel game's session ends after its deals (until='deals'), so its "
                                  f"length and utilities are bounded; not until={shown(until)}")  # fmt: skip
        probe = new_game(name, players=players, seed=0, **self.options)
        self.name, self.players, self.seed = name, players, seed
        self.explicit = plain_str(chance) == EXPLICIT
        self.info = probe.info
        self.bound = probe.payoff_bound()
        self.zero_sum = probe.zero_sum()
        self.max_length: int = int(probe.max_deals()) * self.info.max_decisions_per_deal
        self.params = {"players": players, "seed": seed, "chance": EXPLICIT if self.explicit else SAMPLED, **values}
        self._made = 0
        self._first = probe

    def next_seed(self) -> int:
        """The seed of the next state's session."""
        self._made += 1
        return mixed_seed(self.seed, self._made)

    def new(self, seed: int) -> Game:
        """A new session of these terms, its chance seeded by ``seed``."""
        return self._first.new_session(seed)

    @property
    def made(self) -> int:
        """How many states have been made of these terms (the next one's seed follows from it)."""
        return self._made

    def restore(self, made: int) -> None:
        """Count ``made`` states made, as a pickled game had (:func:`_unpickled_game`)."""
        self._made = made

    def __deepcopy__(self, memo: dict[int, Any]) -> _Terms:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the name and parameters: a state's ``serialize()`` stays small."""
        return _Terms, (self.name, self.params)


class PycardsGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A pycards game as a pyspiel game: made by ``pyspiel.load_game`` (or :func:`load`).

    :func:`register` makes one subclass per game, naming it in ``game_name``: pyspiel
    keeps the class it is given until the process exits, and a class (unlike a
    closure) is still alive then.
    """

    game_name: str = ""

    def __init__(self, params: Optional[Mapping[str, Any]] = None) -> None:
        name = self.game_name
        terms = _Terms(name, dict(params or {}))
        info = pyspiel.GameInfo(
            num_distinct_actions=terms.info.num_actions,
            max_chance_outcomes=CHANCE_OUTCOMES if terms.explicit else 0,
            num_players=terms.players,
            min_utility=-terms.bound,
            max_utility=terms.bound,
            utility_sum=0.0 if terms.zero_sum else None,
            max_game_length=terms.max_length,
        )
        super().__init__(_game_type(terms), info, terms.params)
        self.terms = terms

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the game's name, its parameters and the count of states made, so that the
        copy's next state deals what this game's next one would."""
        return _unpickled_game, (self.game_name, self.terms.params, self.terms.made)

    def new_initial_state(self) -> PycardsState:
        return PycardsState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PycardsObserver:
        return PycardsObserver(self.terms, iig_obs_type, params)


class PycardsState(pyspiel.State):  # type: ignore[misc]
    """A session in play. Its pycards game is made on first use, so that the fresh state a
    clone starts from (pyspiel's ``Clone`` makes one, then deep-copies the attributes over)
    costs nothing."""

    def __init__(self, game: PycardsGame) -> None:
        super().__init__(game)
        self._terms = game.terms
        self._seed = game.terms.next_seed()
        self._session: Optional[Game] = None
        self._pending: Optional[int] = None
        """With explicit chance: the action chosen, carried out once the chance node after it
        has shuffled the stock."""

    @property
    def pycards_game(self) -> Game:
        """The session (omniscient: for a server or a test, never for a player's eyes)."""
        session = self._session
        if session is None:
            session = self._session = self._terms.new(self._seed)
        return session

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PycardsState:
        """A state ``player_id`` cannot tell from this one: every card it cannot see dealt again
        at random (``Game.resample``), the coming cards unknown, drawn with
        ``probability_sampler`` (a callable giving a float in [0, 1), as pyspiel's ISMCTS
        passes). The new state's history is this one's."""
        seat = self.pycards_game._check_seat(player_id)
        chance = random.Random(int(float(probability_sampler()) * 2**53))
        twin: PycardsState = self.clone()
        twin._session = self.pycards_game.resample(seat, chance)
        return twin

    def current_player(self) -> int:
        if self._pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.pycards_game.to_act
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if player == pyspiel.PlayerId.CHANCE:
            return [] if self._pending is None else list(range(CHANCE_OUTCOMES))
        game = self.pycards_game
        if game.to_act != player or self._pending is not None:
            return []
        ids: list[int] = np.flatnonzero(game.legal_mask()).tolist()
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """With explicit chance, after every decision: the stock shuffled one of
        :data:`CHANCE_OUTCOMES` ways, each as likely, before the decision is carried out."""
        return [(outcome, 1.0 / CHANCE_OUTCOMES) for outcome in self._legal_actions(pyspiel.PlayerId.CHANCE)]

    def _apply_action(self, action: int) -> None:
        game = self.pycards_game
        pending = self._pending
        if pending is not None:  # the chance node after a decision: shuffle, then carry it out
            if type(action) is not int or not 0 <= action < CHANCE_OUTCOMES:
                raise GameOptionError(f"a chance outcome is 0..{CHANCE_OUTCOMES - 1}, not {shown(action)}")
            game = self._session = game.reshuffled(random.Random(mixed_seed(self._seed, self.move_number(), action)))
            self._pending = None
            game.apply(game.action_from_index(pending))
        elif self._terms.explicit:  # checked now, carried out after the chance node
            chosen = game.action_from_index(action)
            if not game.is_legal(chosen):
                raise IllegalActionError(f"{shown(chosen)} is not legal now (seat {game.to_act} to act)")
            self._pending = action
        else:
            game.apply(game.action_from_index(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"the stock is shuffled (outcome {action})"
        return str(self.pycards_game.action_from_index(action))

    def is_terminal(self) -> bool:
        return self.pycards_game.to_act is None

    def returns(self) -> list[float]:
        game = self.pycards_game
        if game.to_act is not None:
            return [0.0] * game.players
        return [float(amount) for amount in game.payoffs().values()]

    def __str__(self) -> str:
        """The position, omniscient as OpenSpiel's ``ToString`` is: every seat's observation
        (so every hand), but not the order of the stock nor the seed, which no seat knows and
        which a clone deals afresh (a state and its clone print alike)."""
        game = self.pycards_game
        return json.dumps({"game": game.name, "observations": [game.observation(s) for s in range(game.players)]},
                          sort_keys=True, default=repr)  # fmt: skip

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the game and pyspiel's ``serialize()`` (the history, and the attributes:
        the session, its seed included), which ``deserialize_state`` reads back."""
        return _unpickled_state, (self.get_game(), self.serialize())


class PycardsObserver:
    """Observations and information states (pyspiel's ``PyObserver`` interface).

    A seat's own view (``PrivateInfoType.SINGLE_PLAYER``): the tensor ``encode(player)``;
    the string is its observation (``perfect_recall=False``) or its view of every record
    (``True``); ``encode`` holds the public information too, whatever ``public_info`` says.
    Public information only (``NONE``): the spectator's view of the last record or of every
    record, and no tensor. Every player's private information is not offered.
    """

    def __init__(self, terms: _Terms, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise GameOptionError(f"observation parameters are not supported, not {shown(params)}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        self.perfect_recall = False if iig_obs_type is None else bool(iig_obs_type.perfect_recall)
        self.public = True if iig_obs_type is None else bool(iig_obs_type.public_info)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if not self.private and private != pyspiel.PrivateInfoType.NONE:
            raise GameOptionError(f"observing every player's private information is not offered, "
                                  f"not {private}")  # fmt: skip
        if self.private:
            self.tensor: Optional[np.ndarray[Any, Any]] = np.zeros(terms.info.observation_size, np.float32)
            self.dict = {"observation": self.tensor}
        else:
            self.tensor = None
            self.dict = {}

    def set_from(self, state: PycardsState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = state.pycards_game.encode(player)

    def string_from(self, state: PycardsState, player: int) -> str:
        game = state.pycards_game
        if self.private:
            if self.perfect_recall:
                return "\n".join([f"seat {player}", *map(repr, game.events(player))])
            return repr(game.observation(player))
        if not self.public:
            return ""
        records = game.events(None) if self.perfect_recall else last_records(game, None)
        return "\n".join(map(repr, records))


_CLASSES: dict[str, type[PycardsGame]] = {}
"""The registered game classes, by game name."""


def register(name: str) -> str:
    """Register game ``name`` with pyspiel (once), as the type of the game at its default
    parameters (what ``pyspiel.load_game`` of its name reports); its short name."""
    key = canonical_name(name)
    short = short_name(key)
    if short not in pyspiel.registered_names():
        kind = _game_type(_Terms(key, {}))
        creator = type(f"{camel_name(key)}Game", (PycardsGame,), {"game_name": key, "__module__": __name__})
        _CLASSES[key] = creator
        pyspiel.register_game(kind, creator)
    return short


def _unpickled_game(name: str, params: Mapping[str, Any], made: int) -> PycardsGame:
    """A pickled game: loaded from its parameters (registered first, in a fresh process),
    its count of states made restored."""
    register(name)
    game: PycardsGame = pyspiel.load_game(short_name(name), dict(params))
    game.terms.restore(made)
    return game


def _unpickled_state(game: PycardsGame, serialized: str) -> PycardsState:
    """A pickled state of ``game``: ``deserialize_state`` makes a fresh state and sets it from
    ``serialized``; that fresh state is no new state of the game, so its count is restored."""
    made = game.terms.made
    state: PycardsState = game.deserialize_state(serialized)
    game.terms.restore(made)
    return state


def load(game: str, players: int, options: Mapping[str, Any]) -> PycardsGame:
    """``pyspiel.load_game`` of the registered game with ``players`` and ``options`` as parameters."""
    key = canonical_name(game)
    register(key)
    rules = {rule.name: rule for rule in game_class(key).Options.describe()}
    params: dict[str, Any] = {"players": players}
    for option, value in options.items():
        params[option] = _as_parameter(rules[option], value) if option in rules else value
    _Terms(key, params)  # every problem raised here, as GameOptionError, before pyspiel sees it
    loaded: PycardsGame = pyspiel.load_game(short_name(key), params)
    return loaded

