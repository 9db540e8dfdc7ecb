"""The mechanics every game driver shares, each in a small module with one job.

* :mod:`~pycards.games.engine.options`: the ``Options`` base class, validated from its annotations.
* :mod:`~pycards.games.engine.pack`: the pack (the compiled shuffle beneath), deal, used cards, reshuffle.
* :mod:`~pycards.games.engine.seats`: rotation, the dealer passing, seats standing out, the session's end.
* :mod:`~pycards.games.engine.events`: records, their entries and audiences, the history.
* :mod:`~pycards.games.engine.codec`: integer action ids and legal masks for learning loops.
* :mod:`~pycards.games.engine.document`: reading a state document, checking every field.
"""
