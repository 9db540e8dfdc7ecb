"""The ``pycards`` command line (issue 2, section 6)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import pycards
from pycards.cli import main

# the package under test, for the subprocesses (the installed one when pycards is installed)
PACKAGE_ENV = {**os.environ, "PYTHONPATH": str(Path(pycards.__file__).resolve().parent.parent)}


def test_rank_describes_each_hand_and_names_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "AH KH QH JH 10H", "9S 9D 9H 9C 2D"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "flush in hearts, ace high" in out[0]  # law 71: 10-J-Q-K-A is no sequence
    assert out[1].startswith("*") and "fours, nines, two" in out[1]
    assert out[-1] == "winner: hand 2"


def test_readme_set_up_example_prints_what_the_readme_shows(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's first command (``pycards rank ...``) and the output it shows under it."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    command, shown = readme.split("pip install . && pycards rank ", 1)[1].split("```", 3)[0:3:2]
    args = [a.strip('"') for a in command.strip().split('" "')]
    assert main(["rank", *args]) == 0
    assert capsys.readouterr().out.strip() == shown.strip()


def test_rank_with_american_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "--rules", "american", "AH KH QH JH 10H", "9S 9D 9H 9C 2D"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "sequence flush, ace high" in out[0]
    assert out[-1] == "winner: hand 1"


def test_rank_reports_ties_law_76(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "2S 2D 5H 7C 9C", "2C 2H 5S 7D 9D", "AS KD 4H 7H 9H"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "tie: hands 1, 2 share the pool (law 76)"


def test_rank_commerce_names_the_tricon(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 002, COMMERCE: Tricon > Sequence > Flush > Pair > Point."""
    assert main(["rank", "--game", "commerce", "QH KH AH", "7C 7D 7S", "AS KS 9D"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "sequence, queen-king-ace" in out[0]
    assert "tricon of sevens" in out[1] and out[1].startswith("*")
    assert "point of 30" in out[2]
    assert out[-1] == "winner: hand 2"


def test_rank_brag_natural_beats_braggers(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 004, BRAG: "Three eights will beat an eight and two braggers"."""
    assert main(["rank", "--game", "brag", "8C AD JC", "8S 8D 8H"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "three eights, made with the ace of diamonds and the knave of clubs" in out[0]
    assert out[-1] == "winner: hand 2"


def test_rank_vingt_un_hands_of_any_length(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "--game", "vingt-un", "4H 9C 7D", "AS KH", "10S 9D 5C"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "  20  " in out[0]
    assert "natural vingt-un" in out[1]
    assert "over-drawn, 24" in out[2]
    assert out[-1] == "winner: hand 2"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rank", "AH KH 1X QH JH"], "pycards: error: unknown card '1X' in 'AH KH 1X QH JH'"),
        (["rank", "AH KH"], "pycards: error: expected 5 cards, got 2: 'AH KH'"),
        (["rank", "AH AH QH JH 10H"],
         "pycards: error: card 'AH' appears twice in 'AH AH QH JH 10H'"),
        (["rank", "--rules", "dutch", "AH KH QH JH 10H"],
         "pycards: error: unknown poker rules 'dutch'; expected one of 'english', 'american', "
         "'no_straight_flush'"),
        (["rank", "--game", "brag", "--rules", "limited", "8C AD JC"],
         "pycards: error: unknown brag rules 'limited'; expected one of 'english', 'american'"),
        (["rank", "--game", "commerce", "8C AD JC 2D"],
         "pycards: error: expected 3 cards, got 4: '8C AD JC 2D'"),
    ],
)
def test_bad_input_prints_the_error_and_exits_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == message
    assert captured.out == ""


def test_installed_command_has_no_traceback_on_bad_input(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pycards", "rank", "AH KH 1X QH JH"],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # outside the source tree: the installed package runs
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "unknown card '1X'" in result.stderr


def test_play_vingt_un_prints_the_table_of_results(capsys: pytest.CaptureFixture[str]) -> None:
    """``pycards play vingt-un --players 4 --deals N --seed S`` prints the tables."""
    assert main(["play", "vingt-un", "--players", "4", "--deals", "400", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("vingt_un: 400 deals in 2 sessions")
    # the seat table (header and four seats), the role table (header, dealer, player)
    assert out.count("\n| ") == 1 + 4 + 1 + 2
    assert "\n| dealer | " in out and "| 400 |" in out and "\n| player | " in out and "| 1200 |" in out
    again = main(["play", "vingt_un", "--players", "4", "--deals", "400", "--seed", "1"])
    assert again == 0 and capsys.readouterr().out == out  # the same seed, the same table


def test_play_takes_any_registered_game(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    """The games, their spellings, their player bounds and options come from the registry."""
    import pycards.games as games
    from pycards.games.vingt_un import VingtUn

    class Duel(VingtUn):
        MAX_PLAYERS = 3

    monkeypatch.setitem(games.GAMES, "duel_game", games.GameEntry("tests:Duel"))  # no policy of its own
    monkeypatch.setitem(games._LOADED, "duel_game", Duel)
    assert main(["play", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "vingt_un (or vingt-un)" in text and "duel_game (or duel-game)" in text
    assert "duel_game: 2 to 3 players" in text and "vingt_un: 2 to 12 players" in text
    assert "its policy's (--policy-option NAME=VALUE): seed " in text  # RandomLegal's
    assert main(["play", "duel_game", "--deals", "20", "--players", "3", "--policy-option", "seed=7"]) == 0
    assert capsys.readouterr().out.startswith("duel_game: 20 deals in 1 session,")
    assert main(["play", "duel_game", "--deals", "20", "--policy-option", "draw_below=16"]) == 2
    assert "--policy-option 'draw_below' is not a duel_game policy option; the options are: seed" in (
        capsys.readouterr().err)
    assert main(["play", "Duel-Game", "--deals", "20", "--players", "3"]) == 0
    assert capsys.readouterr().out.startswith("duel_game: 20 deals in 1 session,")
    assert main(["play", "duel_game", "--deals", "20", "--players", "4"]) == 2
    assert "--players must be from 2 to 3 for duel_game, not 4" in capsys.readouterr().err
    assert main(["play", "duel_game", "--deals", "20"]) == 0  # 4 by default, within its bounds: 3
    assert "| 2 | " in capsys.readouterr().out


def test_play_vingt_un_with_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["play", "vingt-un", "--deals", "200", "--set", "max_stake=3",
            "--set", "deal_passes=hands", "--set", "deal_hands=2"]  # fmt: skip
    assert main(args) == 0
    assert "vingt_un: 200 deals" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("game", "options", "policy"),
    [("vingt_un", ["draw_below=17"], "DrawBelow(17)"), ("vingt-un", [], "DrawBelow(16)"),
     ("draw_poker", ["cap=1", "profile=american"], "Strength('american', True, 1)"),
     ("stud_poker", ["Profile=None"], "Strength('no_straight_flush', False, 3)")],
)  # fmt: skip
def test_policy_options_make_the_built_in_policy(game: str, options: list[str], policy: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    """``--policy-option`` gives the game's policy factory its options: the table is that of
    the policy they make (the old ``--draw-below T`` is ``--policy-option draw_below=T``)."""
    from pycards.games.policies import DrawBelow, Strength
    from pycards.games.simulate import simulate

    flags = [flag for option in options for flag in ("--policy-option", option)]
    assert main(["play", game, "--deals", "300", "--seed", "3", *flags]) == 0
    made = eval(policy, {"DrawBelow": DrawBelow, "Strength": Strength})
    expected = simulate(game.replace("-", "_"), made, deals=300, seed=3, players=4, session_deals=200)
    assert capsys.readouterr().out == expected.table() + "\n"


def test_play_vingt_un_bad_option_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "vingt-un", "--set", "max_stak=3"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("pycards: error: --set 'max_stak' is not a vingt_un option; the options are: ")
    assert "min_stake, max_stake, counters" in err and "deals" not in err and "until" not in err


def test_set_reads_values_as_the_options_describe_them(capsys: pytest.CaptureFixture[str]) -> None:
    """Every option of ``Options.describe()`` may be set, with the values it allows."""
    from pycards.games.vingt_un import VingtUnOptions

    for rule in VingtUnOptions.describe():
        if rule.name in ("deals", "until", "rotations"):  # the command sets these (SET_BY_PLAY)
            continue
        if rule.kind == "int":
            values = [str(rule.low), str(rule.high)]
        elif rule.kind == "bool":
            values = ["true", "False"] + (["None"] if rule.optional else [])
        else:
            values = ["none" if c is None else str(c).upper() for c in rule.choices]
        for value in values:
            args = ["play", "vingt-un", "--deals", "2", "--set", f"{rule.name}={value}"]
            if rule.name == "min_stake" and value == "100":
                args += ["--set", "max_stake=100"]
            if rule.name == "natural_puts_out" and value == "False":
                args += ["--set", "deal_passes=hands"]
            if rule.name == "max_decisions" and value != "0":
                args[-1] = "max_decisions=7"
            if rule.name == "counters" and value == "0":
                args[-1] = "counters=0"
            status = main(args)
            assert status == 0, (args, capsys.readouterr().err)
            capsys.readouterr()


def test_play_vingt_un_interactive_in_a_terminal(tmp_path: Path) -> None:
    """A person plays seat 0 against the built-in policy, reading numbered choices."""
    answers = "1\n2\n" * 40
    result = subprocess.run(
        [sys.executable, "-m", "pycards", "play", "vingt-un", "--interactive", "--players", "3",
         "--deals", "3", "--seed", "5"],
        input=answers, capture_output=True, text=True, cwd=tmp_path, env=PACKAGE_ENV,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "your choice (1-" in result.stdout and ", q to quit): " in result.stdout
    assert "deal 3 over: you" in result.stdout
    assert "the session is over after 3 deals; your result:" in result.stdout


def test_play_interactive_defaults_to_10_deals(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pycards", "play", "vingt-un", "--interactive", "--players", "2"],
        input="1\n2\n" * 200, capture_output=True, text=True, cwd=tmp_path, env=PACKAGE_ENV,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "deal 10 over: you" in result.stdout and "deal 11 over" not in result.stdout


def test_play_interactive_draw_poker_names_the_cards_to_throw(tmp_path: Path) -> None:
    """The draw asks for the cards by place or by name; the others are played by the game's
    built-in policy, or at random with --random-policy."""
    for extra in ([], ["--random-policy"]):
        result = subprocess.run(
            [sys.executable, "-m", "pycards", "play", "draw_poker", "--interactive", "--players", "3",
             "--deals", "2", "--seed", "1", *extra],
            input="2\n0\n" * 200, capture_output=True, text=True, cwd=tmp_path, env=PACKAGE_ENV, timeout=120,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        assert "=" not in result.stdout and "p0" not in result.stdout
        assert "the session is over after" in result.stdout


def test_random_policy_plays_every_seat_and_takes_no_policy_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "vingt-un", "--deals", "50", "--seed", "2", "--random-policy"]) == 0
    assert capsys.readouterr().out.startswith("vingt_un: 50 deals")
    assert main(["play", "vingt-un", "--deals", "50", "--random-policy", "--policy-option", "draw_below=15"]) == 2
    assert "not with --random-policy" in capsys.readouterr().err


def test_the_deals_help_says_poker_plays_on_until_the_pool_is_won(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "a session plays on until no pool is left unwon" in text and "--random-policy" in text


@pytest.mark.parametrize(
    ("args", "last"),
    [
        (["rank", "2S 2D 5H 7C 9C", "2C 2H 5S 7D 9D"], "tie: hands 1, 2 share the pool (law 76)"),
        (["rank", "--game", "vingt-un", "10S KH", "QH JD", "9C 8C"], "tie: hands 1, 2 are equal"),
        (["rank", "--game", "commerce", "2S 2D 5H", "2C 2H 5S"],
         "tie: hands 1, 2 are equal (the game settles ties by seat)"),
        (["rank", "--game", "brag", "2S 2D 5H", "2C 2H 5S"],
         "tie: hands 1, 2 are equal (the game gives ties to the eldest hand)"),
    ],
)  # fmt: skip
def test_each_game_words_its_ties(args: list[str], last: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == last
    assert "law 76" not in out[-1] or args[1] != "--game"  # law 76 is poker's alone
    assert out[-2] == "[n] is the hand's strength under these rules: higher wins, equal ties"


def test_names_are_case_insensitive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "--rules", "American", "AH KH QH JH 10H", "9S 9D 9H 9C 2D"]) == 0
    assert "sequence flush, ace high" in capsys.readouterr().out
    assert main(["rank", "--game", "BRAG", "--rules", "ENGLISH", "8C AD JC", "8S 8D 8H"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "winner: hand 2"
    assert main(["rank", "--game", "Vingt_Un", "AS KH", "10S 9D"]) == 0
    assert main(["play", "Vingt-Un", "--deals", "5"]) == 0
    assert main(["play", "VINGT_UN", "--deals", "5"]) == 0


def test_a_card_in_two_hands_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "AH KH QH JH 10H", "9S 9D 9H 9C AH"]) == 2
    assert capsys.readouterr().err.strip() == "pycards: error: card 'AH' is in hands 1 and 2"
    assert main(["rank", "--game", "vingt-un", "AS", "KH", "as"]) == 2
    assert capsys.readouterr().err.strip() == "pycards: error: card 'AS' is in hands 1 and 3"


def test_unquoted_hands_get_a_hint(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "AH", "KH", "QH", "JH", "10H"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("pycards: error: expected 5 cards, got 1: 'AH'; each HAND is one argument: "
                   'quote it, as in pycards rank "AH KH QH JH 10H"')  # fmt: skip
    assert main(["rank", "--game", "brag", "8C", "AD", "JC", "8S"]) == 2
    assert 'as in pycards rank "8C AD JC" "8S 8D 8H"' in capsys.readouterr().err


def test_version_and_help_show_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"pycards {pycards.__version__}"
    assert main(["play", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for default in ("(listed below; default: 4, or the game's fewest if more)",
                    "(default: 10000 simulated, 10 with --interactive)",
                    "(default: 200)", "(default: 0)", "(default: 1)"):  # fmt: skip
        assert default in text, default
    assert ("the game to play: american_brag (or american-brag), american_commerce (or american-commerce), brag, "
            "commerce, draw_poker (or draw-poker)") in text
    assert "vingt_un (or vingt-un)" in text
    assert "vingt_un: 2 to 12 players; its options" in text
    assert "min_stake 1..100 [1], max_stake 1..100 [10]" in text
    assert "natural_privilege none or 'stake' or 'double' [none]" in text
    assert "max_decisions 0..10000 [0]; its policy's (--policy-option NAME=VALUE): draw_below 0..22 [16]." in text
    assert "its policy's (--policy-option NAME=VALUE): profile none or 'english' or 'american' or " \
           "'no_straight_flush' [none], cap 1..1000 [3]." in text
    assert "--draw-below" not in text
    assert "--rounds" not in text and "--game-rounds" not in text and "deals 1..1000000" not in text
    assert main(["rank", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "(default: poker)" in text and "(default: english)" in text
    assert "[n] is the hand's strength under these rules: higher wins, equal ties" in text


@pytest.mark.parametrize(
    ("key", "advice"),
    [("deals", "use --deals"), ("rounds", "use --deals"), ("until", "a session here is --deals deals"),
     ("players", "use --players"), ("seed", "use --seed"), ("game_rounds", "use --session-deals"),
     ("session_deals", "use --session-deals"), ("block", ""), ("executor", "")],
)  # fmt: skip
def test_set_takes_only_the_games_options(key: str, advice: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert main(["play", "vingt-un", "--deals", "10", "--set", f"{key}=5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pycards: error: --set {key!r} is not a vingt_un option")
    assert advice in err and "the options are: min_stake, max_stake" in err


def test_session_deals_sets_the_sessions_of_a_simulation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "vingt-un", "--deals", "300", "--session-deals", "100"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("vingt_un: 300 deals in 3 sessions")
    assert main(["play", "vingt-un", "--deals", "300", "--session-deals", "100", "--workers", "2"]) == 0
    assert capsys.readouterr().out == out  # the workers never change the result
