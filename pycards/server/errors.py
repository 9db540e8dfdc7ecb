"""What the server refuses, and how it says so.

A :class:`WireError` is a request or a message the server will not carry out:
a short machine-readable ``code``, a ``message`` written for the client (it
names the client's own values at most, never a file, a seed, a token or a
traceback) and the HTTP status it maps to. :class:`ServerConfigError` is a bad
argument of :func:`pycards.server.create_app` (the operator's mistake).
Both are ``ValueError`` subclasses, as every bad input pycards reports is.
"""

from __future__ import annotations

__all__ = ["ServerConfigError", "WireError"]

MESSAGE_CHARS = 300
"""The longest error message sent to a client (a longer one is cut)."""


def brief(text: str, limit: int = MESSAGE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, so an error message stays small whatever it quotes."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


class WireError(ValueError):
    """A request or message the server refuses: ``code`` (e.g. ``"stale_version"``), a
    ``message`` safe to send to the client, and the HTTP ``status`` it maps to."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(brief(message))
        self.code = code
        self.message = brief(message)
        self.status = status


class ServerConfigError(ValueError):
    """A bad argument of :func:`pycards.server.create_app` (a limit out of range, a data
    directory that cannot be used); the message names the value."""
