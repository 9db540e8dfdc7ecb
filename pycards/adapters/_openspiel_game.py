"""Any registered game as a pyspiel Python game (``pycards.adapters.openspiel_game``).

Each game is registered with ``pyspiel.register_game`` as ``python_pycards_<name>``,
so ``pyspiel.load_game("python_pycards_vingt_un(players=3,deals=2)")`` works once
this module has registered it. Its parameters are ``players``, ``seed`` and the
game's options that pyspiel can hold (whole numbers, flags and choices; a choice that
may be ``None`` is the string ``"none"``); ``deals`` defaults to 1 so an episode --
one session -- is short, and a session must end after its ``deals`` (``until="deals"``)
so that its length and its utilities are bounded.

* **Chance** is the pycards game's own (its seeded pack): ``ChanceMode.SAMPLED_STOCHASTIC``,
  no chance nodes. The k-th state made from one game object plays the session seeded by
  a mix of the ``seed`` parameter and k (pyspiel's ``Clone`` makes a state too, so the
  same program gives the same sessions); a clone replays the same cards.
* **Actions** are the codec's ids; ``legal_actions()`` the true ids of ``legal_mask()``.
* **Returns** are ``payoffs()`` at the end of the session (``RewardModel.TERMINAL``),
  within plus or minus the driver's ``payoff_bound()``. The game is
  zero-sum when every counter belongs to a seat (the ledger holds no other party, e.g.
  no pool), general-sum otherwise.
* **Observations**: the tensor is ``encode(player)``, for the observation and for the
  information state alike (so that information state tensor sums up what the seat sees
  now; it is not of perfect recall); the information-state string is of perfect recall:
  the seat's view of every record so far. An observer of public information only
  (``PrivateInfoType.NONE``) gives the spectator's view as a string, and no tensor.
* **Clones** go through ``copy.deepcopy``, which a game does with ``copy()``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Optional

import numpy as np
import pyspiel

from pycards.adapters._common import camel_name, last_records, mixed_seed, plain_str
from pycards.errors import GameOptionError
from pycards.games import Game, canonical_name, game_class, new_game
from pycards.games.engine.document import shown
from pycards.games.engine.options import Field

__all__ = ["PycardsGame", "PycardsObserver", "PycardsState", "load", "register", "short_name"]

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
    params: dict[str, Any] = {"players": player_default(name), "seed": 0}
    for rule in game_class(name).Options.describe():
        if _pyspiel_holds(rule):
            params[rule.name] = _as_parameter(rule, rule.default)
    if "deals" in params:
        params["deals"] = _DEFAULT_DEALS
    return params


def _game_type(name: str, zero_sum: bool, low: int, high: int) -> Any:
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Python pycards {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(name),
    )


class _Terms:
    """One pyspiel game's checked terms, shared by its states: ``copy.deepcopy`` of it is
    itself, so a clone of a state does not copy it."""

    def __init__(self, name: str, params: Mapping[str, Any]) -> None:
        spec = _parameters(name)
        for key in params:
            if key not in spec:
                raise GameOptionError(f"unknown parameter {shown(key)} of {short_name(name)}; "
                                      f"the parameters are {', '.join(spec)}")  # fmt: skip
        values = {**spec, **params}
        players, seed = values.pop("players"), values.pop("seed")
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
        self.info = probe.info
        self.bound = probe.payoff_bound()
        self.zero_sum = len(probe.ledger.parties) == players
        self.max_length: int = int(probe.max_deals()) * self.info.max_decisions_per_deal
        self.params = {"players": players, "seed": seed, **values}
        self._made = 0
        self._first = probe

    def next_seed(self) -> int:
        """The seed of the next state's session."""
        self._made += 1
        return mixed_seed(self.seed, self._made)

    def new(self, seed: int) -> Game:
        """A new session of these terms, its chance seeded by ``seed``."""
        return self._first.new_session(seed)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Terms:
        return self


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
            max_chance_outcomes=0,
            num_players=terms.players,
            min_utility=-terms.bound,
            max_utility=terms.bound,
            utility_sum=0.0 if terms.zero_sum else None,
            max_game_length=terms.max_length,
        )
        kind = _game_type(name, terms.zero_sum, terms.info.min_players, terms.info.max_players)
        super().__init__(kind, info, terms.params)
        self.terms = terms

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

    @property
    def pycards_game(self) -> Game:
        """The session (omniscient: for a server or a test, never for a player's eyes)."""
        session = self._session
        if session is None:
            session = self._session = self._terms.new(self._seed)
        return session

    def current_player(self) -> int:
        seat = self.pycards_game.to_act
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        game = self.pycards_game
        if game.to_act != player:
            return []
        ids: list[int] = np.flatnonzero(game.legal_mask()).tolist()
        return ids

    def _apply_action(self, action: int) -> None:
        game = self.pycards_game
        game.apply(game.action_from_index(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.pycards_game.action_from_index(action))

    def is_terminal(self) -> bool:
        return self.pycards_game.to_act is None

    def returns(self) -> list[float]:
        game = self.pycards_game
        if game.to_act is not None:
            return [0.0] * game.players
        return [float(amount) for amount in game.payoffs().values()]

    def __str__(self) -> str:
        """The whole state (omniscient, as OpenSpiel's ``ToString`` is)."""
        return json.dumps(self.pycards_game.to_dict(), sort_keys=True)


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
    """Register game ``name`` with pyspiel (once); its short name."""
    key = canonical_name(name)
    short = short_name(key)
    if short not in pyspiel.registered_names():
        info = new_game(key).info  # the game at its defaults: the players it allows
        kind = _game_type(key, False, info.min_players, info.max_players)
        creator = type(f"{camel_name(key)}Game", (PycardsGame,), {"game_name": key, "__module__": __name__})
        _CLASSES[key] = creator
        pyspiel.register_game(kind, creator)
    return short


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

