"""A game server for the drivers: any registered game, played by remote seats over WebSockets.

``pycards serve --data DIR`` (or :func:`serve`) runs :func:`create_app`, a
Starlette application, with uvicorn. Clients make tables over HTTP, join seats
(each seat's secret token is given once), and follow a table over a WebSocket:
a seat gets its own view of every record (``game.events(seat, since)``), its
observation and, on its turn, its legal actions, and sends actions back; a
spectator gets the public view. Every table is saved after every action and
resumed by a server started on the same directory. docs/server.md gives the
routes, the messages, the security properties and the persistence.

The modules, each with one job:

* :mod:`~pycards.server.wire`: game values as JSON, and clients' JSON read strictly;
* :mod:`~pycards.server.messages`: the messages both ways, checked field by field;
* :mod:`~pycards.server.tables`: a table, its seats and tokens, its file form;
* :mod:`~pycards.server.store`: the table files, replaced atomically;
* :mod:`~pycards.server.lobby`: every change to a table, serialized per table; the bots;
* :mod:`~pycards.server.connection`: one WebSocket;
* :mod:`~pycards.server.app`: the routes, :func:`create_app` and :func:`serve`.

Starlette and uvicorn (the ``server`` extra: :data:`INSTALL_HINT`,
``pip install 'pycards-laws[server]'``) are imported only here, and only when
:func:`create_app` or :func:`serve` is first used: ``import pycards`` and
``import pycards.games`` never load them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from pycards import _install_hint
from pycards.server.errors import ServerConfigError, WireError

if TYPE_CHECKING:
    from pycards.server.app import create_app, serve

__all__ = ["INSTALL_HINT", "ServerConfigError", "WireError", "create_app", "require", "serve"]

INSTALL_HINT = _install_hint("server")
"""How to install the server extra: ``pip install 'pycards-laws[server]'`` (the distribution's
name, :data:`pycards.DISTRIBUTION`), or ``pip install '.[server]'`` in a clone."""


def require() -> None:
    """Import what the server runs on (Starlette, uvicorn, a WebSocket library); an
    ImportError saying what is missing and how to install it otherwise."""
    for names in (("starlette",), ("uvicorn",), ("websockets", "wsproto")):
        for name in names:
            try:
                importlib.import_module(name)
                break
            except ImportError:
                continue
        else:
            raise ImportError(f"pycards serve needs the server extra (missing module {names[0]!r}): "
                              f"{INSTALL_HINT}", name=names[0])  # fmt: skip


def __getattr__(name: str) -> Any:
    """:func:`create_app` and :func:`serve`, loaded (with Starlette) on first use."""
    if name in ("create_app", "serve"):
        from pycards.server import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
