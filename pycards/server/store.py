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
:data:`MAX_FILE_BYTES` of one.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from pycards.games.engine.document import shown
from pycards.server.errors import ServerConfigError
from pycards.server.tables import TABLE_ID

__all__ = ["MAX_FILE_BYTES", "TableStore"]

MAX_FILE_BYTES = 16 * 1024 * 1024
"""A table file larger than this is not read (a table's snapshot is a few kilobytes)."""

log = logging.getLogger("pycards.server")


class TableStore:
    """The table files under ``data_dir/tables`` (made if missing). ``fsync``: flush every
    save to the disk before renaming it into place (off only for throwaway directories)."""

    def __init__(self, data_dir: Path, fsync: bool = True) -> None:
        self.folder = Path(data_dir) / "tables"
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
        target = self.path(table_id)
        temporary = self.folder / f".{table_id}.json.tmp"
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

    def read_all(self) -> Iterator[tuple[str, str]]:
        """``(table_id, text)`` of every table file, oldest name first; files that cannot be
        read are logged and left out, leftover temporary files removed."""
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
            try:
                text = _read_regular(path)
            except (OSError, UnicodeDecodeError, ValueError) as error:
                log.warning("table file %s cannot be read (%s): not loaded", name, error)
                continue
            yield stem, text


def _read_regular(path: Path) -> str:
    """The text of ``path`` if it is a regular file (not a symlink, a FIFO or a device) of at
    most :data:`MAX_FILE_BYTES`; ValueError saying why not, OSError if it cannot be read. The
    file is opened without following a link and without waiting on a FIFO, and at most one
    byte more than the limit is read."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise ValueError("not a regular file")
        with open(descriptor, "rb", closefd=False) as file:
            data = file.read(MAX_FILE_BYTES + 1)
    finally:
        os.close(descriptor)
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"larger than {MAX_FILE_BYTES} bytes")
    return data.decode("utf-8")
