"""The command line under hostile input: never a traceback, always a message and status 2.

Every command is driven in-process through ``main`` (stdout and stderr
captured) with huge, negative, fractional, empty, non-ASCII and NUL-bearing
arguments, every name that is not a game option (or a policy option), unknown games and rules, and
impossible hands; a few runs go through the real entry point,
``python -m pycards``. Interactive sessions are scripted: ``q``, the end of
the input, Ctrl-C, and answers that are not choices ("²", "0", "99", "").
Huge numbers are refused at once (the limits are in :mod:`pycards.cli`).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import pycards
from pycards.cli import main
from pycards.games.interactive import play_interactive
from pycards.games.policies import DrawBelow

PACKAGE_ENV = {**os.environ, "PYTHONPATH": str(Path(pycards.__file__).resolve().parent.parent)}
PLAY = ["play", "vingt-un", "--deals", "20"]
HUGE = str(10**30)
HUGER = str(10**100)

HOSTILE = {
    # numbers for play
    "players 0": PLAY + ["--players", "0"],
    "players 1": PLAY + ["--players", "1"],
    "players -1": PLAY + ["--players", "-1"],
    "players 13": PLAY + ["--players", "13"],
    "players 10**30": PLAY + ["--players", HUGE],
    "players literal 10**30": PLAY + ["--players", "10**30"],
    "players 2.5": PLAY + ["--players", "2.5"],
    "players empty": PLAY + ["--players", ""],
    "players unicode digit": PLAY + ["--players", "٣"],
    "players superscript": PLAY + ["--players", "²"],
    "deals 0": ["play", "vingt-un", "--deals", "0"],
    "deals -5": ["play", "vingt-un", "--deals", "-5"],
    "deals 10**12": ["play", "vingt-un", "--deals", str(10**12)],
    "deals 10**100": ["play", "vingt-un", "--deals", HUGER],
    "deals 1e3": ["play", "vingt-un", "--deals", "1e3"],
    "deals 10.0": ["play", "vingt-un", "--deals", "10.0"],
    "deals many digits": ["play", "vingt-un", "--deals", "9" * 100_000],
    "deals interactive longer than a session": PLAY + ["--interactive", "--deals", str(10**6 + 1)],
    "the old --rounds": ["play", "vingt-un", "--rounds", "20"],
    "the old --game-rounds": PLAY + ["--game-rounds", "20"],
    "session-deals 0": PLAY + ["--session-deals", "0"],
    "session-deals -1": PLAY + ["--session-deals", "-1"],
    "session-deals 10**30": PLAY + ["--session-deals", HUGE],
    "session-deals longer than a session": PLAY + ["--session-deals", str(10**6 + 1)],
    "seed 2**64": PLAY + ["--seed", str(2**64)],
    "seed 10**100": PLAY + ["--seed", HUGER],
    "seed fraction": PLAY + ["--seed", "0.5"],
    "seed empty": PLAY + ["--seed", ""],
    "seat 99": PLAY + ["--interactive", "--seat", "99"],
    "seat 4 of 4": PLAY + ["--interactive", "--seat", "4"],
    "seat -1": PLAY + ["--interactive", "--seat", "-1"],
    "seat without interactive": PLAY + ["--seat", "1"],
    "workers 0": PLAY + ["--workers", "0"],
    "workers -2": PLAY + ["--workers", "-2"],
    "workers 10**6": PLAY + ["--workers", str(10**6)],
    "workers interactive": PLAY + ["--interactive", "--workers", "2"],
    "session-deals interactive": PLAY + ["--interactive", "--session-deals", "2"],
    "policy-option draw_below=10**100": PLAY + ["--policy-option", f"draw_below={HUGER}"],
    "policy-option draw_below=-1": PLAY + ["--policy-option", "draw_below=-1"],
    "policy-option draw_below=23": PLAY + ["--policy-option", "draw_below=23"],
    "policy-option draw_below=16.5": PLAY + ["--policy-option", "draw_below=16.5"],
    "policy-option draw_below empty": PLAY + ["--policy-option", "draw_below="],
    "policy-option draw_below=true": PLAY + ["--policy-option", "draw_below=true"],
    "policy-option NUL key": PLAY + ["--policy-option", "draw_below\x00=3"],
    "policy-option non-ASCII value": PLAY + ["--policy-option", "draw_below=١٦"],
    "policy-option unknown": PLAY + ["--policy-option", "threshold=16"],
    "policy-option no value": PLAY + ["--policy-option", "draw_below"],
    "policy-option interactive bad": PLAY + ["--interactive", "--policy-option", "draw_below=99"],
    "draw-below (gone)": PLAY + ["--draw-below", "16"],
    "unknown option": PLAY + ["--frobnicate"],
    "unknown option value": PLAY + ["--frobnicate=3"],
    "missing value": PLAY + ["--players"],
    "no game": ["play"],
    "unknown game": ["play", "whist"],
    "game with spaces": ["play", "vingt un"],
    "game non-ASCII": ["play", "vingt-ün"],
    "game huge": ["play", "v" * 100_000],
    "empty game": ["play", ""],
    "NUL game": ["play", "vingt-un\x00"],
    "no command": [],
    "unknown command": ["deal"],
    "empty command": [""],
    # --set
    "set no =": PLAY + ["--set", "max_stake"],
    "set =5": PLAY + ["--set", "=5"],
    "set =": PLAY + ["--set", "="],
    "set empty": PLAY + ["--set", ""],
    "set max_stake=-1": PLAY + ["--set", "max_stake=-1"],
    "set max_stake=0": PLAY + ["--set", "max_stake=0"],
    "set max_stake=1e9": PLAY + ["--set", "max_stake=1e9"],
    "set max_stake=10**9": PLAY + ["--set", f"max_stake={10**9}"],
    "set max_stake=2**31": PLAY + ["--set", f"max_stake={2**31}"],
    "set max_stake=10**100": PLAY + ["--set", f"max_stake={HUGER}"],
    "set max_stake=2.5": PLAY + ["--set", "max_stake=2.5"],
    "set max_stake empty": PLAY + ["--set", "max_stake="],
    "set max_stake=true": PLAY + ["--set", "max_stake=true"],
    "set max below min": PLAY + ["--set", "min_stake=5", "--set", "max_stake=2"],
    "set max_stake=101": PLAY + ["--set", "max_stake=101"],
    "set max_decisions below the players": PLAY + ["--set", "max_decisions=3"],
    "set natural_puts_out without a limited deal": PLAY + ["--set", "natural_puts_out=false"],
    "set natural_privilege=true": PLAY + ["--set", "natural_privilege=true"],
    "set natural_privilege=0": PLAY + ["--set", "natural_privilege=0"],
    "set counters=10**5000": PLAY + ["--set", "counters=" + "9" * 5000],
    "set deal_hands=10**30": PLAY + ["--set", f"deal_hands={HUGE}"],
    "set deal_passes=bogus": PLAY + ["--set", "deal_passes=bogus"],
    "set deal_passes=1": PLAY + ["--set", "deal_passes=1"],
    "set selling=1": PLAY + ["--set", "selling=1"],
    "set selling=yes": PLAY + ["--set", "selling=yes"],
    "set natural_privilege=bogus": PLAY + ["--set", "natural_privilege=bogus"],
    "set twice": PLAY + ["--set", "max_stake=3", "--set", "max_stake=4"],
    "set unknown": PLAY + ["--set", "max_stak=3"],
    "set NUL key": PLAY + ["--set", "max_stake\x00=3"],
    "set NUL value": PLAY + ["--set", "deal_to=next\x00"],
    "set non-ASCII key": PLAY + ["--set", "mäx_stake=3"],
    "set non-ASCII value": PLAY + ["--set", "max_stake=٣"],
    "set interactive bad": PLAY + ["--interactive", "--set", "max_stake=-1"],
    **{
        f"set {key}": PLAY + ["--set", f"{key}=5"]
        for key in ("rounds", "deals", "until", "rotations", "players", "seed", "block", "executor", "game_rounds",
                    "session_deals", "workers", "seat", "draw_below", "options", "top", "dealer", "name",
                    "strategies", "Rounds", "DEALS", "session-deals", "__class__")  # fmt: skip
    },
    "set deals interactive": PLAY + ["--interactive", "--set", "deals=3"],
    # rank
    "rank nothing": ["rank"],
    "rank unknown game": ["rank", "--game", "whist", "AH KH QH JH 10H"],
    "rank empty game": ["rank", "--game", "", "AH KH QH JH 10H"],
    "rank unknown rules": ["rank", "--rules", "dutch", "AH KH QH JH 10H"],
    "rank empty rules": ["rank", "--rules", "", "AH KH QH JH 10H"],
    "rank NUL rules": ["rank", "--rules", "english\x00", "AH KH QH JH 10H"],
    "rank rules of another game": ["rank", "--game", "brag", "--rules", "ship", "8C AD JC"],
    "rank vingt-un rules": ["rank", "--game", "vingt-un", "--rules", "american", "AS KH"],
    "rank duplicate in a hand": ["rank", "AH AH QH JH 10H"],
    "rank duplicate across hands": ["rank", "AH KH QH JH 10H", "AH 2C 3C 4C 5C"],
    "rank duplicate across hands, other spelling": ["rank", "AH KH QH JH 10H", "ah 2C 3C 4C 5C"],
    "rank duplicate vingt-un": ["rank", "--game", "vingt-un", "AS KH", "AS 9D"],
    "rank too few": ["rank", "AH KH"],
    "rank too many": ["rank", "AH KH QH JH 10H 9H"],
    "rank unquoted": ["rank", "AH", "KH", "QH", "JH", "10H"],
    "rank unquoted brag": ["rank", "--game", "brag", "8C", "AD", "JC"],
    "rank commerce wrong size": ["rank", "--game", "commerce", "8C AD JC 2D"],
    "rank empty hand": ["rank", ""],
    "rank empty vingt-un hand": ["rank", "--game", "vingt-un", ""],
    "rank blank hand": ["rank", "   "],
    "rank junk": ["rank", "hello world"],
    "rank non-ASCII junk": ["rank", "Ä♠ K♥ Q♦ J♣ ☃"],
    "rank NUL": ["rank", "AH KH QH JH\x0010H"],
    "rank NUL only": ["rank", "\x00"],
    "rank 53 cards": ["rank", "--game", "vingt-un", " ".join(["AS"] * 53)],
    "rank surrogate": ["rank", "AH KH QH JH 1\udcff"],
    "rank huge junk": ["rank", "X" * 100_000],
    "rank a number": ["rank", str(10**30)],
    "rank option as hand": ["rank", "--frobnicate", "AH KH QH JH 10H"],
}


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("args", list(HOSTILE.values()), ids=list(HOSTILE))
def test_hostile_arguments_get_a_message_and_status_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    start = time.perf_counter()
    status, out, err = run(args, capsys)
    assert time.perf_counter() - start < 5  # refused at once: nothing played, nothing allocated
    assert status == 2, (out, err)
    assert "Traceback" not in err and "Traceback" not in out
    assert "error:" in err
    assert len(err) < 5000  # long input is cut short in the messages
    assert "\x00" not in err  # shown as \x00 (repr), never raw


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (PLAY + ["--set", "deals=5"], "use --deals for the deals in all, --session-deals"),
        (PLAY + ["--set", "rounds=5"], "use --deals for the deals in all, --session-deals"),
        (PLAY + ["--set", "players=5"], "(use --players)"),
        (PLAY + ["--set", "seed=5"], "(use --seed)"),
        (PLAY + ["--set", "block=50"], "--set 'block' is not a vingt_un option; the options are: "),
        (PLAY + ["--set", "executor=1"], "--set 'executor' is not a vingt_un option"),
        (PLAY + ["--set", "max_stake=-1"], "option max_stake must be a whole number from 1 to 100, not '-1'"),
        (PLAY + ["--set", "max_stake=1e9"],
         "option max_stake must be a whole number from 1 to 100, not '1e9'"),
        (PLAY + ["--set", f"max_stake={10**9}"], "option max_stake must be a whole number from 1 to 100"),
        (PLAY + ["--set", "counters=" + "9" * 5000], "option counters must be a whole number from 0 to "
                                                      "1,000,000,000, not '99999"),
        (PLAY + ["--set", "selling=yes"], "option selling must be true or false, not 'yes'"),
        (PLAY + ["--set", "deal_passes=bogus"],
         "option deal_passes must be 'natural' or 'hands' or 'twice' or 'two_packs', not 'bogus'"),
        (PLAY + ["--set", "deal_to=next\x00"], "option deal_to must be 'next' or 'holder', not 'next\\x00'"),
        (PLAY + ["--set", "min_stake=5", "--set", "max_stake=2"],
         "option max_stake must be at least min_stake (5), not 2"),
        (PLAY + ["--set", "max_decisions=3"], "option max_decisions must be 0 or at least players + 3 = 7"),
        (PLAY + ["--set", "max_stake"], "--set takes NAME=VALUE, not 'max_stake'"),
        (PLAY + ["--set", "=5"], "--set takes NAME=VALUE, not '=5'"),
        (PLAY + ["--set", "draw_below=17"],
         "--set 'draw_below' is not a vingt_un option (an option of its policy: use --policy-option "
         "draw_below=VALUE)"),
        (PLAY + ["--policy-option", "draw_below"], "--policy-option takes NAME=VALUE, not 'draw_below'"),
        (PLAY + ["--policy-option", "draw_below=23"],
         "policy option draw_below must be a whole number from 0 to 22, not '23'"),
        (PLAY + ["--policy-option", "max_stake=5"],
         "--policy-option 'max_stake' is not a vingt_un policy option (a game option: use --set "
         "max_stake=VALUE); the options are: draw_below"),
        (PLAY + ["--policy-option", "seed=5"], "--policy-option 'seed' is not a vingt_un policy option (use --seed)"),
        (PLAY + ["--policy-option", "draw_below=16", "--policy-option", "Draw-Below=17"],
         "policy option draw_below is set twice"),
        (["play", "draw_poker", "--deals", "5", "--policy-option", "profile=dutch"],
         "policy option profile must be none or 'english' or 'american' or 'no_straight_flush', not 'dutch'"),
        (["play", "draw_poker", "--deals", "5", "--policy-option", "cap=0"],
         "policy option cap must be a whole number from 1 to 1,000, not '0'"),
        (PLAY + ["--draw-below", "16"], "unrecognized arguments: --draw-below 16"),
        (PLAY + ["--players", HUGE], "argument --players: must be from 2 to 40, not '1000"),
        (PLAY + ["--deals", str(10**12)], "argument --deals: must be from 1 to 10,000,000"),
        (PLAY + ["--session-deals", str(10**6 + 1)],
         "--session-deals must be from 1 to 1,000,000 (the longest session of vingt_un), not 1000001"),
        (PLAY + ["--interactive", "--seat", "4"], "--seat must be from 0 to 3, not 4"),
        (["play", "whist"], "argument GAME: unknown game 'whist'; the games are: american_brag (or american-brag), "
                            "american_commerce (or american-commerce), brag, commerce, draw_poker (or draw-poker)"),
        (["play", "vingt-un\x00"], "unknown game 'vingt-un\\x00'"),
        (["rank", "AH KH QH JH 10H", "AH 2C 3C 4C 5C"], "card 'AH' is in hands 1 and 2"),
        (["rank", "--rules", "Dutch", "AH KH QH JH 10H"], "unknown poker rules 'Dutch'"),
        (["rank", "--game", "whist", "AH"], "argument --game: invalid choice: 'whist'"),
        (["rank", "AH", "KH", "QH", "JH", "10H"],
         'each HAND is one argument: quote it, as in pycards rank "AH KH QH JH 10H"'),
    ],
)  # fmt: skip
def test_the_messages_name_what_is_wrong(args: list[str], expected: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    status, _, err = run(args, capsys)
    assert status == 2 and expected in err, err


def test_good_arguments_at_the_limits_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (
        ["play", "vingt-un", "--players", "2", "--deals", "1"],
        ["play", "vingt-un", "--players", "12", "--deals", "3", "--session-deals", "1"],
        ["play", "vingt-un", "--deals", "5", "--session-deals", str(10**6)],
        ["play", "vingt-un", "--deals", "5", "--seed", str(-(2**63)), "--policy-option", "draw_below=0"],
        ["play", "vingt-un", "--deals", "5", "--seed", str(2**63 - 1), "--policy-option", "Draw-Below= +22 "],
        ["play", "draw-poker", "--deals", "5", "--policy-option", "cap=1000", "--policy-option", "profile=None"],
        ["play", "stud_poker", "--deals", "5", "--policy-option", "profile=American"],
        ["play", "vingt-un", "--deals", "5", "--set", "max_stake=100", "--set", "counters=1000000000"],
        ["play", "vingt-un", "--deals", "5", "--set", "max_stake=+0100", "--set", "counters=0"],
        ["play", "vingt-un", "--deals", "5", "--set", "natural_privilege=None",
         "--set", "Deal-Passes=hands", "--set", "selling=TRUE", "--set", "deal_to= Holder "],
        ["rank", "--game", "vingt-un", " ".join(f"{r}{s}" for r in "23456789" for s in "CDHS")],
    ):  # fmt: skip
        status, out, err = run(args, capsys)
        assert status == 0 and err == "" and out, (args, err)


# --------------------------------------------------------------------------------------
# interactive sessions, scripted
# --------------------------------------------------------------------------------------


def scripted(*answers: str | type[BaseException]) -> Callable[[str], str]:
    """A ``read`` giving ``answers`` in turn, raising those that are exceptions, then EOFError."""
    queue: Iterator[str | type[BaseException]] = iter(answers)

    def read(prompt: str) -> str:
        assert prompt.endswith(", q to quit): ") and prompt.startswith("your choice (1-")
        answer = next(queue, EOFError)
        if isinstance(answer, type):
            raise answer()
        return answer

    return read


def session(*answers: str | type[BaseException], deals: int = 3) -> tuple[int, str]:
    out = io.StringIO()
    status = play_interactive("vingt_un", 3, 0, 5, DrawBelow(16), {}, read=scripted(*answers), out=out,
                              deals=deals)  # fmt: skip
    return status, out.getvalue()


@pytest.mark.parametrize("word", ["q", "Q", "quit", " QUIT "])
def test_q_leaves_with_the_result_so_far(word: str) -> None:
    status, out = session("1", word)
    assert status == 0
    assert out.rstrip().splitlines()[-1].startswith("you left after 0 of 3 deals; your result so far: ")


def test_the_end_of_the_input_leaves_with_the_result_so_far() -> None:
    status, out = session()
    assert status == 0
    assert "the input ended after 0 of 3 deals; your result so far: +0" in out


def test_ctrl_c_leaves_with_the_result_so_far_and_status_130() -> None:
    status, out = session("1", KeyboardInterrupt)
    assert status == 130
    assert "interrupted after 0 of 3 deals; your result so far: " in out


@pytest.mark.parametrize("answer", ["²", "٣", "0", "99", "", "-1", "1.0", "one", "\x00", "1" * 5000,
                                    " ", "+1", "1 2"])  # fmt: skip
def test_what_is_not_a_choice_is_asked_again(answer: str) -> None:
    status, out = session(answer, "q")
    assert status == 0
    assert "choose a number from 1 to " in out and ", or q to quit" in out
    assert "you left after 0 of 3 deals" in out


def test_a_whole_session_and_the_deals_asked_for() -> None:
    status, out = session(*(["2"] * 200), deals=4)
    assert status == 0
    assert "deal 4 over: you" in out and "deal 5 over" not in out
    assert "the session is over after 4 deals; your result: " in out


def test_interactive_through_main(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr("builtins.input", scripted("²", "", "2", KeyboardInterrupt))
    status = main(["play", "vingt-un", "--interactive", "--deals", "2", "--players", "2", "--seed", "0"])
    captured = capsys.readouterr()
    assert status == 130 and "Traceback" not in captured.err
    assert "interrupted after" in captured.out
    monkeypatch.setattr("builtins.input", scripted("q"))
    assert main(["play", "vingt-un", "--interactive", "--seat", "1", "--players", "2"]) == 0
    assert "you left after 0 of 10 deals" in capsys.readouterr().out  # 10 deals by default


def test_ctrl_c_during_a_simulation(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("pycards.games.simulate.simulate", interrupted)
    assert main(["play", "vingt-un", "--deals", "5"]) == 130
    captured = capsys.readouterr()
    assert "interrupted" in captured.err and "Traceback" not in captured.err


def test_a_closed_pipe_is_quiet(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    def closed(*args: object, **kwargs: object) -> None:
        raise BrokenPipeError

    monkeypatch.setattr("builtins.print", closed)
    monkeypatch.setattr(sys, "stdout", io.StringIO())  # no file behind it: nothing to redirect
    assert main(["rank", "AH KH QH JH 10H", "9S 9D 9H 9C 2D"]) == 141


# --------------------------------------------------------------------------------------
# the real entry point
# --------------------------------------------------------------------------------------


def pycards_process(args: list[str], stdin: str = "", tmp_path: Path | None = None,
                    ) -> subprocess.CompletedProcess[str]:  # fmt: skip
    return subprocess.run([sys.executable, "-m", "pycards", *args], input=stdin, capture_output=True,
                          text=True, env=PACKAGE_ENV, cwd=tmp_path, timeout=60)  # fmt: skip


@pytest.mark.parametrize(
    "args",
    [
        ["play", "vingt-un", "--players", HUGE],
        ["play", "vingt-un", "--deals", str(10**12)],
        ["play", "vingt-un", "--set", "deals=5"],
        ["play", "vingt-un", "--rounds", "5"],
        ["play", "vingt-un", "--set", "executor=1"],
        ["play", "vingt-un", "--set", f"max_stake={2**31}"],
        ["rank", "AH", "KH", "QH", "JH", "10H"],
        ["rank", "Ä♠ K♥ Q♦ J♣ ☃"],
        ["play", "whist"],
    ],
)
def test_the_entry_point_has_no_traceback(args: list[str], tmp_path: Path) -> None:
    result = pycards_process(args, tmp_path=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "error:" in result.stderr


def test_the_entry_point_interactive_sessions(tmp_path: Path) -> None:
    for stdin, status, text in [
        ("q\n", 0, "you left after 0 of 10 deals"),
        ("", 0, "the input ended after 0 of 10 deals"),
        ("²\n0\n99\n\n2\n" * 3, 0, "the input ended after"),
    ]:
        result = pycards_process(["play", "vingt-un", "--interactive"], stdin, tmp_path)
        assert result.returncode == status, result.stderr
        assert text in result.stdout and result.stderr == ""
    result = pycards_process(["--version"], tmp_path=tmp_path)
    assert result.returncode == 0 and result.stdout.strip() == f"pycards {pycards.__version__}"


def test_the_entry_point_into_a_closed_pipe(tmp_path: Path) -> None:
    """``pycards play ... | head -1``: the rest of the output goes nowhere, quietly."""
    process = subprocess.Popen([sys.executable, "-m", "pycards", "play", "vingt-un", "--deals", "200"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=PACKAGE_ENV,
                               cwd=tmp_path)  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # nobody reads
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) in (0, 141)
    assert "Traceback" not in err and "Exception ignored" not in err, err


def test_interactive_play_without_a_seed_takes_a_secret_random_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whoever knows the seed can work out every card, so the person at the seat must not:
    without --seed, interactive play draws a fresh random seed each time (a simulation keeps
    0, for results that repeat), and --seed still chooses one."""
    seeds = []

    def record(game, players, seat, seed, policy, options, deals):  # noqa: ARG001
        seeds.append(seed)
        return 0

    monkeypatch.setattr("pycards.games.interactive.play_interactive", record)
    for _ in range(3):
        assert main(["play", "vingt-un", "--interactive", "--players", "2"]) == 0
    assert main(["play", "vingt-un", "--interactive", "--players", "2", "--seed", "7"]) == 0
    assert len(set(seeds[:3])) == 3 and 0 not in seeds[:3] and seeds[3] == 7
