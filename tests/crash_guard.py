"""Run a check in a forked child, so that a crash fails a test instead of killing pytest.

``run_guarded(check, *args, **kwargs)`` forks; the child runs ``check(*args,
**kwargs)`` (the call under test *and* its assertions) and reports back through
a pipe, then leaves with ``os._exit``. The parent raises ``AssertionError`` (a
subclass of :class:`ChildFailure`) when

* the check failed in the child: the child's formatted traceback (an
  ``AssertionError`` or any other exception) is in the message;
* the child was killed by a signal (``SIGSEGV``, ``SIGABRT`` from ``abort()``,
  ``SIGBUS`` ...) or exited with a nonzero status without reporting, as the
  sanitizers do (AddressSanitizer exits with 1, UBSan with ``halt_on_error=1``
  too, or aborts): the signal or status is named;
* the child did not report within ``timeout`` seconds (it is then killed);
* the child reported success but its stderr holds a sanitizer report (a UBSan
  build with ``halt_on_error=0`` keeps going after ``runtime error:``);
* the child reported success but an exception was swallowed as "unraisable"
  (``Exception ignored in: ...``, what Cython does with an exception raised in
  a ``noexcept`` function): that is a bug in the extension, not a success.

The child's stdout and stderr (file descriptors 1 and 2, so C-level and
sanitizer output too) go to a temporary file whose tail is quoted in the
failure, together with faulthandler's Python traceback of every thread at the
moment of a crash. The failure's exception class depends on the kind of
failure (``ChildCrashed[SIGSEGV]``, ``ChildCheckFailed[OverflowError@...]``),
so Hypothesis, which tells bugs apart by exception type and origin, reports
distinct bugs separately and shrinks each.

POSIX only (``os.fork``): :data:`SUPPORTED` is False elsewhere, and the fuzz
module skips itself.

The timeout defaults to 20 s (``PYCARDS_FUZZ_TIMEOUT`` overrides it, e.g. for a
slow sanitizer build). ``PYCARDS_FUZZ_INLINE=1`` runs the checks in-process
(no protection: for ``pytest --pdb`` and profiling only).
"""

from __future__ import annotations

import faulthandler
import functools
import os
import re
import select
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = [
    "SUPPORTED",
    "ChildCheckFailed",
    "ChildCrashed",
    "ChildFailure",
    "crash_guarded",
    "run_guarded",
]

SUPPORTED = hasattr(os, "fork") and sys.platform != "win32"
"""Whether the guard can run here (it needs ``os.fork``)."""

DEFAULT_TIMEOUT = float(os.environ.get("PYCARDS_FUZZ_TIMEOUT", "20"))

INLINE = os.environ.get("PYCARDS_FUZZ_INLINE", "") not in ("", "0")
"""``PYCARDS_FUZZ_INLINE=1`` runs checks in-process, without a child: for a debugger
(``pytest --pdb``) or profiling, never for CI (a crash then kills pytest)."""

_STDERR_TAIL = 8000  # characters of the child's output quoted in a failure (from its first report)
_ARGS_REPR = 3000  # characters of the arguments' repr quoted in a failure

_SANITIZER_REPORT = re.compile(
    r"==\d+==ERROR: \w*Sanitizer"
    r"|^SUMMARY: \w*Sanitizer"
    r"|: runtime error: "
    r"|^WARNING: \w*Sanitizer",
    re.MULTILINE,
)

_REPORT_START = re.compile(
    r"^.*(==\d+==ERROR: \w*Sanitizer|: runtime error: |^Fatal Python error|^Current thread|"
    r"^Thread 0x|^unraisable exception|^Traceback )",
    re.MULTILINE,
)
_ASAN_ERROR = re.compile(r"==\d+==ERROR: (\w*Sanitizer): ([\w-]+)")
_UBSAN_ERROR = re.compile(r"^(\S+?):(\d+):\d+: runtime error: (.*)$", re.MULTILINE)
_SIGNAL_WORDS = {"SEGV": "SIGSEGV", "BUS": "SIGBUS", "FPE": "SIGFPE", "ILL": "SIGILL"}

_OK = b"OK"
_FAIL = b"FAIL"

F = TypeVar("F", bound=Callable[..., Any])


class ChildFailure(AssertionError):
    """A guarded check failed in its child process (base of the kinds below)."""


class ChildCrashed(ChildFailure):
    """The child died (signal, sanitizer exit status, timeout) or a sanitizer reported."""


class ChildCheckFailed(ChildFailure):
    """The check raised in the child (an assertion or an unexpected exception)."""


_KINDS: dict[tuple[type, str], type] = {}


def _kind(base: type, detail: str) -> type:
    """A subclass of ``base`` per kind of failure, the same class every time.

    Hypothesis groups failures by (exception type, raising line); these classes
    make a SIGSEGV, an abort and an unexpected OverflowError three bugs.
    """
    key = (base, detail)
    if key not in _KINDS:
        _KINDS[key] = type(f"{base.__name__}[{detail}]", (base,), {"__module__": __name__})
    return _KINDS[key]


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _short_repr(value: Any) -> str:
    if callable(value) and hasattr(value, "__qualname__") and not isinstance(value, type):
        return f"{getattr(value, '__module__', None) or '?'}.{value.__qualname__}"
    try:
        text = repr(value)
    except Exception as error:  # a hostile __repr__
        text = f"<unrepresentable {type(value).__name__}: {error!r}>"
    if len(text) > _ARGS_REPR:
        text = text[: _ARGS_REPR // 2] + f" ...[{len(text) - _ARGS_REPR} chars]... " + text[-_ARGS_REPR // 2 :]
    return text


def _describe_call(check: Callable[..., Any], args: tuple, kwargs: dict) -> str:
    name = getattr(check, "__qualname__", None) or repr(check)
    parts = [_short_repr(a) for a in args] + [f"{k}={_short_repr(v)}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


def _sanitizer_summary(output: str) -> str | None:
    """The first sanitizer report of the child's output in a line, or None."""
    asan = _ASAN_ERROR.search(output)
    ubsan = _UBSAN_ERROR.search(output)
    if asan and (not ubsan or asan.start() < ubsan.start()):
        what = asan.group(2)
        text = f"{asan.group(1)}: {what}"
        if what in _SIGNAL_WORDS:
            text += f" (a {_SIGNAL_WORDS[what]} caught by the sanitizer)"
        return text
    if ubsan:
        return f"UndefinedBehaviorSanitizer at {os.path.basename(ubsan.group(1))}:{ubsan.group(2)}: {ubsan.group(3)}"
    return None


def _kind_detail(summary: str) -> str:
    """A summary with its numbers and addresses blanked, so one bug is one failure class."""
    return re.sub(r"0x[0-9a-fA-F]+|-?\d+", "N", summary.split(" (a SIG")[0])[:120]


def _quote(output: str) -> str:
    """The part of the child's output worth reading: from the first report, and the end."""
    if not output.strip():
        return ""
    start = 0
    match = _REPORT_START.search(output)
    if match and len(output) > _STDERR_TAIL:
        start = max(0, match.start() - 500)
    head = output[start : start + _STDERR_TAIL]
    rest = output[start + _STDERR_TAIL :]
    if rest:
        head += f"\n[... {max(0, len(rest) - 1500)} chars ...]\n" + rest[-1500:]
    return f"\n--- child stdout/stderr ({len(output)} chars) ---\n{head}"


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _origin(error: BaseException) -> str:
    """``Type@file:line`` of the innermost frame of a tests/ file, to tell failures apart."""
    where = ""
    for frame in traceback.extract_tb(error.__traceback__):
        if os.sep + "tests" + os.sep in frame.filename and not frame.filename.endswith("crash_guard.py"):
            where = f"@{os.path.basename(frame.filename)}:{frame.lineno}"
    return f"{type(error).__name__}{where}"


def _child(check: Callable[..., Any], args: tuple, kwargs: dict, write_fd: int, out_fd: int,
           timeout: float) -> None:
    """The child's side: never returns."""
    code = 3
    try:
        os.dup2(out_fd, 1)
        os.dup2(out_fd, 2)
        os.close(out_fd)
        stream = open(2, "w", closefd=False, buffering=1, errors="backslashreplace")
        sys.stdout = sys.stderr = stream
        # Python tracebacks of every thread on SIGSEGV/SIGABRT/SIGBUS/SIGFPE/SIGILL,
        # into the captured stderr (pytest registered its own handler on its fd).
        # A hung child gets SIGABRT from the parent first, so it shows where it hung.
        faulthandler.enable(file=stream, all_threads=True)
        unraisable: list[str] = []

        def hook(info: Any) -> None:
            text = "".join(
                traceback.format_exception(info.exc_type, info.exc_value, info.exc_traceback)
            )
            where = info.err_msg or "Exception ignored in"
            unraisable.append(f"{where}: {info.object!r}\n{text}")
            _write_all(2, f"unraisable exception: {where}: {info.object!r}\n{text}".encode())

        sys.unraisablehook = hook
        try:
            check(*args, **kwargs)
        except BaseException as error:  # noqa: BLE001 - everything goes back to the parent
            report = (
                _FAIL + b"\n" + _origin(error).encode() + b"\n"
                + "".join(traceback.format_exception(error)).encode("utf-8", "backslashreplace")
            )
        else:
            if unraisable:
                report = (
                    _FAIL + b"\nunraisable\n"
                    + ("an exception was swallowed (sys.unraisablehook), e.g. raised in a "
                       "noexcept C function:\n" + "\n".join(unraisable)).encode(
                        "utf-8", "backslashreplace")
                )
            else:
                report = _OK
        try:
            stream.flush()
        except Exception:
            pass
        _write_all(write_fd, report)
        code = 0
    except BaseException:  # noqa: BLE001 - never return into the parent's pytest
        try:
            _write_all(2, traceback.format_exc().encode("utf-8", "backslashreplace"))
        except BaseException:
            pass
    finally:
        os._exit(code)


def _read_report(read_fd: int, pid: int, deadline: float) -> tuple[bytes, bool]:
    """Everything the child wrote to the pipe, and whether it timed out."""
    chunks = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return b"".join(chunks), True
        try:
            ready, _, _ = select.select([read_fd], [], [], left)
        except InterruptedError:
            continue
        if not ready:
            continue
        data = os.read(read_fd, 65536)
        if not data:
            return b"".join(chunks), False
        chunks.append(data)


def _wait(pid: int, deadline: float) -> int | None:
    """The child's wait status, or None if it is still running at the deadline."""
    pause = 0.0001
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        if time.monotonic() >= deadline:
            return None
        time.sleep(pause)
        pause = min(pause * 2, 0.01)


def _stop(pid: int) -> None:
    """Stop a hung child: SIGABRT first (faulthandler prints every thread's stack), then SIGKILL."""
    try:
        os.kill(pid, signal.SIGABRT)
    except ProcessLookupError:
        pass
    if _wait(pid, time.monotonic() + 2.0) is None:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)


def run_guarded(check: Callable[..., Any], *args: Any, timeout: float | None = None,
                **kwargs: Any) -> None:
    """Run ``check(*args, **kwargs)`` in a forked child; raise ``ChildFailure`` if it fails.

    Returns None when the child reported success (nothing is passed back: the
    assertions belong in ``check``).
    """
    if not SUPPORTED:
        raise RuntimeError("the crash guard needs os.fork (POSIX)")
    if INLINE:
        check(*args, **kwargs)
        return
    for value in (*args, *kwargs.values()):
        if type(value).__module__.startswith("hypothesis") and type(value).__name__ == "DataObject":
            raise TypeError(
                "draw from st.data() in the parent, before the guard: draws made in the "
                "child are lost to Hypothesis"
            )
    timeout = DEFAULT_TIMEOUT if timeout is None else timeout
    read_fd, write_fd = os.pipe()
    with tempfile.TemporaryFile() as output:
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            try:
                stream.flush()  # nothing buffered is written twice
            except Exception:
                pass
        pid = os.fork()
        if pid == 0:  # the child
            os.close(read_fd)
            _child(check, args, kwargs, write_fd, output.fileno(), timeout)
        os.close(write_fd)
        deadline = time.monotonic() + timeout
        try:
            report, timed_out = _read_report(read_fd, pid, deadline)
        finally:
            os.close(read_fd)
        status = None if timed_out else _wait(pid, time.monotonic() + 5.0)
        if status is None:
            timed_out = True
            _stop(pid)
        output.seek(0)
        child_output = output.read().decode("utf-8", "backslashreplace")

    call = _describe_call(check, args, kwargs)
    quoted = _quote(child_output)
    sanitizer = _sanitizer_summary(child_output)
    after = f", after {sanitizer}" if sanitizer else ""

    if timed_out:
        raise _kind(ChildCrashed, "timeout")(
            f"the child did not finish within {timeout:g} s and was killed (SIGABRT first: "
            f"the stacks of its threads are below)\n  call: {call}{quoted}"
        )
    assert status is not None
    if os.WIFSIGNALED(status):
        name = _signal_name(os.WTERMSIG(status))
        detail = f"{name}: {_kind_detail(sanitizer)}" if sanitizer else name
        raise _kind(ChildCrashed, detail)(
            f"the child was killed by {name} ({os.WTERMSIG(status)}){after}\n  call: {call}{quoted}"
        )
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
    if code != 0 or not report:
        how = "without reporting" if not report else "after reporting"
        detail = f"exit {code}: {_kind_detail(sanitizer)}" if sanitizer else f"exit {code}"
        raise _kind(ChildCrashed, detail)(
            f"the child exited with status {code} {how}{after or ' (a sanitizer, or exit/abort in C)'}"
            f"\n  call: {call}{quoted}"
        )
    if report.startswith(_FAIL):
        _, origin, text = report.split(b"\n", 2)
        raise _kind(ChildCheckFailed, origin.decode())(
            f"the check failed in the child\n  call: {call}\n"
            f"{text.decode('utf-8', 'backslashreplace')}{quoted}"
        )
    match = _SANITIZER_REPORT.search(child_output)
    if match:
        raise _kind(ChildCrashed, f"sanitizer report: {_kind_detail(sanitizer or match.group(0))}")(
            f"the child reported success, but its stderr holds a sanitizer report "
            f"({sanitizer or match.group(0).strip()!r})\n  call: {call}{quoted}"
        )
    if report != _OK:
        raise _kind(ChildCrashed, "garbled report")(
            f"the child's report is garbled: {report[:200]!r}\n  call: {call}{quoted}"
        )


def crash_guarded(fn: F | None = None, *, timeout: float | None = None) -> Any:
    """Decorator: each call of ``fn`` runs in a forked child under :func:`run_guarded`.

    Put it under ``@given`` so every example gets its own child::

        @given(hand=hands())
        @settings(max_examples=200, deadline=None)
        @crash_guarded
        def test_evaluate(hand): ...
    """

    def decorate(f: F) -> F:
        @functools.wraps(f)
        def wrapper(*args: Any, **kwargs: Any) -> None:
            run_guarded(f, *args, timeout=timeout, **kwargs)

        return wrapper  # type: ignore[return-value]

    if fn is not None:
        return decorate(fn)
    return decorate
