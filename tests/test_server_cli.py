"""``pycards serve``: the real command on a loopback port, its bad input, and the missing extra.

Starlette and uvicorn are loaded only by ``pycards.server.create_app`` and
``serve``, never by ``import pycards``, ``pycards.games`` or ``pycards.cli``;
without the server extra, ``pycards serve`` says how to install it and exits
with status 2, without a traceback.
"""

from __future__ import annotations

import os
import signal
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional, TextIO

import httpx
import pytest
from test_server_views import watchdog  # noqa: F401

import pycards
from pycards.cli import main

FRAMEWORKS = ("starlette", "uvicorn", "websockets", "wsproto", "anyio", "httpx")


def _python(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, timeout=60)


def test_importing_pycards_its_games_and_its_cli_loads_no_web_framework(tmp_path: Path) -> None:
    code = ("import sys, pycards, pycards.games, pycards.games.vingt_un, pycards.cli, pycards.server, "
            "pycards.server.wire, pycards.server.tables; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FRAMEWORKS!r}))")  # fmt: skip
    result = _python(code, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("blocked", [("starlette",), ("uvicorn",), ("websockets", "wsproto")])
def test_serve_without_the_extra_says_how_to_install_it(tmp_path: Path, blocked: tuple[str, ...]) -> None:
    code = (f"import sys\nfor name in {blocked!r}: sys.modules[name] = None\n"
            "from pycards.cli import main\n"
            f"sys.exit(main(['serve', '--data', {str(tmp_path / 'data')!r}]))")  # fmt: skip
    result = _python(code, tmp_path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "pip install 'pycards-laws[server]'" in result.stderr and blocked[0] in result.stderr
    assert "pip install '.[server]'" in result.stderr  # from a clone
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_serve_refuses_bad_arguments_with_status_2(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    a_file = tmp_path / "file"
    a_file.write_text("")
    for argv, words in (
        (["serve", "--port", "70000", "--data", str(tmp_path)], "65,535"),
        (["serve"], "--data"),
        (["serve", "--data", str(a_file / "sub")], "cannot use the data directory"),
        (["serve", "--data", str(tmp_path), "--max-deals", "0"], "--max-deals"),
        (["serve", "--data", str(tmp_path), "--seed", "x"], "--seed"),
        (["serve", "--data", ""], "the data directory must be named"),
        (["serve", "--data", str(tmp_path), "--host", "999.1.1.1", "--port", "0"], "cannot use the host '999.1.1.1'"),
    ):
        assert main(argv) == 2
        error = capsys.readouterr().err
        assert words in error and "Traceback" not in error


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(data: Path, *flags: str, files: Optional[int] = None,
                 log: Optional[TextIO] = None) -> tuple[subprocess.Popen[str], str]:  # fmt: skip
    """``pycards serve`` on a free loopback port in a child process (with ``flags``; ``files``:
    the most files it may open, ``ulimit -n``), once it answers: the process and its base URL.
    Its output goes to ``log`` if given (a long run's log lines would fill a pipe nobody reads),
    else to a pipe read when it stops."""
    port = _free_port()
    command = [sys.executable, "-m", "pycards", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--data", str(data), *flags]  # fmt: skip
    # outside the source tree (whose pycards/ holds no compiled modules under CI), on the
    # installed package's path
    package = str(Path(pycards.__file__).resolve().parent.parent)

    def limit_files() -> None:
        if files is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    process = subprocess.Popen(command, stdout=subprocess.PIPE if log is None else log, stderr=subprocess.STDOUT, text=True,
                               cwd=data.parent, preexec_fn=limit_files,
                               env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": package})  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                return process, base
        except httpx.TransportError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            said = process.communicate(timeout=10)[0] if log is None else f"(its output is in {log.name})"
            raise AssertionError(f"pycards serve did not start: {said}")
        time.sleep(0.1)



def _stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGINT)
    try:
        output, _ = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError("pycards serve did not stop on SIGINT") from None
    assert process.returncode == 0, output
    return output


def test_pycards_serve_serves_the_page_and_resumes_its_tables_when_run_again(tmp_path: Path) -> None:
    data = tmp_path / "data"
    process, base = start_server(data)
    try:
        assert "<title>" in httpx.get(base + "/", timeout=5).text
        request = {"game": "vingt_un", "players": 2, "bots": [1]}
        made = httpx.post(base + "/api/tables", json=request, timeout=5)
        assert made.status_code == 201
        deadline = time.monotonic() + 10
        while True:  # the bot (seat 1) plays at once when it is its turn
            table = httpx.get(f"{base}/api/tables/{made.json()['table']}", timeout=5).json()
            if table["to_act"] != 1:
                break
            assert time.monotonic() < deadline, "the bot did not play"
            time.sleep(0.05)
    finally:
        output = _stop(process)
    assert "Traceback" not in output
    process, base = start_server(data)
    try:
        again = httpx.get(f"{base}/api/tables/{table['table']}", timeout=5).json()
        assert again["version"] == table["version"] and again["seats"] == table["seats"]
    finally:
        _stop(process)


@pytest.mark.parametrize(("bad", "words"), [
    (None, "must be a path (a str or a Path), not None"),
    (5, "not 5"),
    (b"/tmp/x", "not b'/tmp/x'"),
    ("", "must be named, not ''"),
])  # fmt: skip
def test_create_app_refuses_a_data_directory_that_is_no_path(bad: object, words: str) -> None:
    """The data directory is a non-empty str or Path: anything else is a ServerConfigError naming
    it (not a TypeError, and not the current directory for an empty name)."""
    from pycards.server import create_app
    from pycards.server.errors import ServerConfigError

    with pytest.raises(ServerConfigError, match=re.escape(words)):
        create_app(bad)  # type: ignore[arg-type]
