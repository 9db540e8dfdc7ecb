"""Play one Vingt-un session as the ``drivers`` benchmark does, for a profiler.

Usage (from the repository root)::

    python benchmarks/profile_session.py --profile [--sort tottime] [--top 25]
    python benchmarks/profile_session.py --profile --players 2 --deals 2000
    python -m cProfile -s cumtime benchmarks/profile_session.py     # the imports counted too

With ``--profile`` only the session is profiled (cProfile), after the imports and a warm-up
session of 20 deals, and the ``--top`` functions are printed sorted by ``--sort``
(``tottime``: time in the function itself; ``cumtime``: with what it calls). One session of ``deals`` deals (default ``bench_cases.DRIVER_DEALS``), ``DrawBelow(16)`` at
every seat, every decision through ``observation(seat)``, ``legal_actions()`` and
``apply()`` (``bench_cases.play_session``). Prints the decisions and deals played.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import bench_cases as bc  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=bc.DRIVER_DEALS)
    ap.add_argument("--seed", type=int, default=bc.SEED)
    ap.add_argument("--profile", action="store_true", help="profile the session alone (cProfile)")
    ap.add_argument("--sort", default="tottime", help="pstats sort key (tottime, cumtime, ncalls...)")
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args(argv)
    bc.locate_pycards()
    new_game, DrawBelow = bc._new_game(), bc._draw_below()
    policies = [DrawBelow(16)] * args.players
    if not args.profile:
        game = new_game("vingt_un", players=args.players, seed=args.seed, deals=args.deals)
        decisions = bc.play_session(game, policies)
    else:
        import cProfile
        import pstats

        bc.play_session(new_game("vingt_un", players=args.players, seed=args.seed - 1, deals=20), policies)
        game = new_game("vingt_un", players=args.players, seed=args.seed, deals=args.deals)
        profile = cProfile.Profile()
        profile.enable()
        decisions = bc.play_session(game, policies)
        profile.disable()
        pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)
    print(f"{decisions} decisions, {game.deal_number} deals, {args.players} players", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
