"""The poker family: one table beneath five games (docs/protocol.md, "The poker games").

* :mod:`~pycards.games.poker.table`: :class:`PokerTable`, what every poker game shares
  (counters, the pool, hands, the draw, the show) over the engine's betting rounds.
* :mod:`~pycards.games.poker.draw`: English Draw Poker (seed 000, laws 19-64).
* :mod:`~pycards.games.poker.jack_pots`, :mod:`~pycards.games.poker.straight`,
  :mod:`~pycards.games.poker.stud`, :mod:`~pycards.games.poker.progressive`: the American
  games of seed 004.
* :mod:`~pycards.games.poker.text`: how a poker table reads in the terminal and the page.

The registry (:data:`pycards.games.GAMES`) loads each game on first use; the old module
names (``pycards.games.draw_poker`` and the others) still import.
"""
