"""The tables on disk: one JSON file per table, replaced atomically on every change.

``DATA/tables/<id>.json`` holds :meth:`pycards.server.tables.Table.document`. A
save writes ``DATA/tables/.<id>.json.tmp``, flushes it to the disk (``fsync``,
unless turned off) and renames it over the table's file with ``os.replace``,
which is atomic: a crash leaves either the old file or the new one, never a
part of one. A leftover temporary file (a crash during a write) is removed on
the next start. The files hold the seeds and the bots' seeds: the data
directory is the server's alone (it is created readable by its owner only, and
every file is written readable by its owner only). Only regular files are read
(never a symlink, a FIFO or a device), and never more than
:data:`MAX_FILE_BYTES` of one. After each rename the directory itself is flushed
(``fsync`` of the directory), so the rename survives a power cut too.

``DATA/next_table.json`` (:data:`COUNTER_FILE`) is the durable table counter,
``{"next_number": N}``: the number the next table gets, written the same way
(and flushed) before a table is handed out. A table's number decides its seed
and its bots' seeds under the operator's ``--seed``, so the counter is what
keeps a removed or damaged table's number, and its cards, from being handed out
again.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from pycards.games.engine.document import shown
from pycards.server.errors import ServerConfigError
from pycards.server.tables import TABLE_ID

__all__ = ["COUNTER_FILE", "MAX_FILE_BYTES", "TableFile", "TableStore"]

MAX_FILE_BYTES = 16 * 1024 * 1024
"""A table file larger than this is not read (a table's snapshot is a few kilobytes)."""

COUNTER_FILE = "next_table.json"
"""The durable table counter, in the data directory (beside ``tables/``, not in it)."""
MAX_NUMBER = 2**63
"""Table numbers are below this (a table file's ``number`` is checked against it too)."""

log = logging.getLogger("pycards.server")


@dataclass(frozen=True)
class TableFile:
    """One table file found in the directory: its ``text``, or ``None`` and the ``problem``
    that kept it from being read. ``damaged``: the problem is the file's own (not a regular
    file, too large, not UTF-8), not the system's (an I/O or permission error)."""

    table_id: str
    path: Path
    text: Optional[str]
    problem: str = ""
    damaged: bool = False


class TableStore:
    """The table files under ``data_dir/tables`` (made if missing). ``fsync``: flush every
    save to the disk before renaming it into place (off only for throwaway directories)."""

    def __init__(self, data_dir: Path, fsync: bool = True) -> None:
        self.folder = Path(data_dir) / "tables"
        self.counter = Path(data_dir) / COUNTER_FILE
        self.fsync = fsync
        try:
            Path(data_dir).mkdir(mode=0o700, parents=True, exist_ok=True)
            self.folder.mkdir(mode=0o700, exist_ok=True)
        except (OSError, ValueError) as error:  # ValueError: a NUL in the name
            reason = error.strerror if isinstance(error, OSError) else error
            raise ServerConfigError(f"cannot use the data directory {shown(str(data_dir))}: {reason}") from None
        if not os.access(self.folder, os.W_OK | os.X_OK):
            raise ServerConfigError(f"the data directory {shown(str(self.folder))} is not writable")

    def path(self, table_id: str) -> Path:
        if not TABLE_ID.fullmatch(table_id):
            raise ValueError(f"not a table id: {shown(table_id)}")
        return self.folder / f"{table_id}.json"

    def write(self, table_id: str, text: str) -> None:
        """Replace the file of ``table_id`` with ``text``, atomically (OSError if it fails:
        the old file is then left as it was)."""
        self._replace(self.path(table_id), self.folder / f".{table_id}.json.tmp", text)

    def _replace(self, target: Path, temporary: Path, text: str) -> None:
        """Write ``text`` to ``temporary``, flush it, rename it over ``target`` and flush the
        directory (the rename is only durable once the directory is); OSError if any step
        fails (``target`` is then the old file, or the new one if only the last flush failed)."""
        try:
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
            with open(descriptor, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                if self.fsync:
                    os.fsync(file.fileno())
            os.replace(temporary, target)
        except OSError:
            try:
                temporary.unlink(missing_ok=True)
            except OSError:
                pass
            raise
        if self.fsync:
            _sync_directory(target.parent)

    # -- the table counter ---------------------------------------------------------------------

    def read_counter(self) -> Optional[int]:
        """The next table number the counter holds; ``None`` if there is no counter yet (a new
        directory, or one of an older server); ValueError saying why if the file is damaged
        (not a regular file, not ``{"next_number": N}`` with N a whole number from 0 to
        2**63 - 1); OSError if it cannot be read. A leftover temporary file is removed."""
        try:
            (self.counter.parent / f".{COUNTER_FILE}.tmp").unlink(missing_ok=True)
        except OSError:
            pass
        try:
            text = _read_regular(self.counter, limit=1024)
        except FileNotFoundError:
            return None
        try:
            data = json.loads(text)
        except ValueError:
            raise ValueError("not JSON") from None
        number = data.get("next_number") if isinstance(data, dict) and set(data) == {"next_number"} else None
        if type(number) is not int or not 0 <= number < MAX_NUMBER:
            raise ValueError('not {"next_number": N} with N a whole number from 0 to 2**63 - 1')
        return number

    def write_counter(self, next_number: int) -> None:
        """Keep ``next_number`` as the counter, atomically and flushed (OSError if it fails)."""
        if type(next_number) is not int or not 0 <= next_number < MAX_NUMBER:
            raise ValueError(f"a table number is from 0 to 2**63 - 1, not {shown(next_number)}")
        text = json.dumps({"next_number": next_number})
        self._replace(self.counter, self.counter.parent / f".{COUNTER_FILE}.tmp", text)

    def read_all(self) -> Iterator[TableFile]:
        """Every table file, oldest name first, with its text or why it could not be read;
        leftover temporary files are removed, files of other names left alone."""
        for path in sorted(self.folder.iterdir()):
            name = path.name
            if name.startswith(".") and name.endswith(".json.tmp"):
                try:
                    path.unlink()
                except OSError:
                    pass
                continue
            stem, dot, suffix = name.partition(".")
            if suffix != "json" or not TABLE_ID.fullmatch(stem):
                continue
            yield _read_table(stem, path)


def _read_table(table_id: str, path: Path) -> TableFile:
    """The table file at ``path``, read, or the problem that kept it from being read."""
    try:
        return TableFile(table_id, path, _read_regular(path))
    except ValueError as error:
        return TableFile(table_id, path, None, str(error), damaged=True)
    except OSError as error:
        return TableFile(table_id, path, None, error.strerror or type(error).__name__)


def _sync_directory(folder: Path) -> None:
    """Flush ``folder`` itself to the disk: what makes a rename in it durable."""
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _read_regular(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of ``path`` if it is a regular file (not a symlink, a FIFO or a device) of at
    most ``limit`` bytes, in UTF-8; a ValueError saying why not (the file's own problem), an
    OSError if the system cannot read it. The file is opened without following a link and
    without waiting on a FIFO, and at most one byte more than the limit is read."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        if error.errno == errno.ELOOP:  # O_NOFOLLOW met a symbolic link
            raise ValueError("a symbolic link, not a regular file") from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise ValueError("not a regular file")
        with open(descriptor, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    finally:
        os.close(descriptor)
    if len(data) > limit:
        raise ValueError(f"larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
