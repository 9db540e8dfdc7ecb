"""Measure pycards and its peers in one run; print a markdown report; save JSON + PNG.

Usage::

    python benchmarks/report.py [--quick] [--out DIR] [--group KEY ...] [--no-chart]

Writes ``DIR/latest.json``, ``DIR/latest.md`` and ``DIR/latest.png`` (default DIR:
``benchmarks/results``). Timings are timeit-style: each case's callable is run in a
calibrated number of loops per sample (gc disabled), several samples; ns/hand is
reported as min and median of the samples, and targets are judged on the median.
A peer that is missing (or pycards not built) is reported as such, never an error.
The cases, groups and targets live in ``bench_cases.py`` (add rows there).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import gc
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import bench_cases as bc  # noqa: E402

THREE_GROUPS = ("three1", "three_batch", "vingtun_batch")

PEER_DISTS = ("pycards-laws", "numpy", "eval7", "phevaluator", "treys", "deuces", "pokerkit", "gymnasium",
              "open_spiel", "pettingzoo", "rlcard", "matplotlib", "pytest-benchmark")


# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------


def _run(fn: Any, loops: int) -> float:
    it = range(loops)
    gc_was = gc.isenabled()
    gc.disable()
    try:
        t0 = time.perf_counter()
        for _ in it:
            fn()
        return time.perf_counter() - t0
    finally:
        if gc_was:
            gc.enable()


def measure(fn: Any, items: int, repeat: int, min_time: float) -> dict[str, Any]:
    """Per-item seconds of ``fn`` (which processes ``items`` items): min/median of samples."""
    fn()  # warm-up (tables, caches, lazy imports)
    loops = 1
    while True:
        t = _run(fn, loops)
        if t >= min_time or loops >= 1 << 30:
            break
        # project from the last sample; double only when it was too short to trust
        # (doubling a sample just under min_time would double every later sample)
        grow = loops + 1 if t >= min_time / 8 else loops * 2
        loops = max(grow, int(loops * min_time * 1.1 / max(t, 1e-9)))
    samples = [_run(fn, loops) / loops for _ in range(repeat)]
    per_item = [s / items * 1e9 for s in samples]
    return {
        "ns_per_hand_min": min(per_item),
        "ns_per_hand_median": statistics.median(per_item),
        "seconds_per_call_median": statistics.median(samples),
        "items_per_call": items,
        "loops": loops,
        "repeat": repeat,
    }


def machine_info() -> dict[str, Any]:
    cpu = None
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info: dict[str, Any] = {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu": cpu or platform.processor() or "unknown",
        "cpu_count": os.cpu_count(),
        "python": sys.version.split()[0],
        "python_implementation": platform.python_implementation(),
        "python_executable": sys.executable,
        "versions": {d: bc.version_of(d) for d in PEER_DISTS},
    }
    try:
        info["loadavg_1m_5m_15m"] = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        pass
    try:
        import pycards

        info["pycards_file"] = getattr(pycards, "__file__", None)
    except Exception as exc:  # noqa: BLE001
        info["pycards_file"] = f"not importable: {type(exc).__name__}: {exc}"
    try:
        rev = subprocess.run(
            ["git", "-C", str(HERE.parent), "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, timeout=10,
        )
        if rev.returncode == 0:
            info["pycards_git"] = rev.stdout.strip()
    except Exception:  # noqa: BLE001
        pass
    return info


# ---------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------


def fmt_ns(ns: float) -> str:
    if ns >= 1e5:
        return f"{ns:,.0f}"
    if ns >= 100:
        return f"{ns:,.1f}"
    return f"{ns:.2f}"


def fmt_call(sec: float) -> str:
    if sec >= 1:
        return f"{sec:.2f} s"
    if sec >= 1e-3:
        return f"{sec * 1e3:.2f} ms"
    if sec >= 1e-6:
        return f"{sec * 1e6:.1f} µs"
    return f"{sec * 1e9:.0f} ns"


def fmt_rate(per_second: float) -> str:
    return f"{per_second:,.0f}" if per_second >= 100 else f"{per_second:.2f}"


def fmt_ratio(r: float) -> str:
    return f"{r:.3f}x" if r < 10 else f"{r:,.1f}x"


def markdown(report: dict[str, Any]) -> str:
    m = report["machine"]
    v = m["versions"]
    lines = [
        "# pycards benchmark report",
        "",
        f"- date: {report['date']}" + ("  (quick mode)" if report["config"]["quick"] else ""),
        f"- machine: {m['platform']}; CPU: {m['cpu']} ({m['cpu_count']} logical CPUs)",
        f"- Python {m['python']} ({m['python_implementation']});"
        f" load average at start {report['config'].get('loadavg_at_start')}",
        "- versions: " + ", ".join(f"{k} {v[k] or 'not installed'}" for k in v),
        f"- pycards: {m.get('pycards_file')}" + (f" (git {m['pycards_git']})" if m.get("pycards_git") else ""),
        f"- corpora: seed {report['config']['seed']}; {report['config']['corpus_size']} hands cycled for"
        f" single calls; {report['config']['batch_size']:,} random hands for batches"
        f" (peers loop over the first {report['config']['peer_loop_size']:,});"
        " three-card and Vingt-un corpora of the same sizes (seeds +2..+5)",
        "",
        "ns/hand = wall time of one round divided by the hands it evaluates (a round is one"
        " `evaluate_many` call, or one pass of single calls over the corpus driven by"
        " `map`/`starmap`: a C-level loop, no Python bytecode per hand; each library's own"
        " card objects are built before timing)."
        " `vs ref` = this row's median / the group's reference row (marked *ref*): >1 is slower."
        " Groups that count deals, decisions or calls instead of hands give ns per item and"
        " items per second (median).",
        "",
    ]
    for gkey, title in report["groups"].items():
        rows = [r for r in report["results"] if r["group"] == gkey]
        if not rows:
            continue
        unit = report.get("group_units", {}).get(gkey, "hand")
        rate = unit != "hand"  # groups counted in deals, decisions, calls: items per second too
        lines += [f"## {title}", "",
                  f"| case | library | ns/{unit} (min) | ns/{unit} (median) |"
                  + (f" {unit}s/s (median) |" if rate else "")
                  + f" per {'call' if rate else 'round'} ({unit}s) | vs ref |",
                  "|---|---|---:|---:|" + ("---:|" if rate else "") + "---:|---:|"]
        for r in rows:
            if r["status"] != "ok":
                lines.append(f"| {r['name']} | {r['library']} | — | — |" + (" — |" if rate else "")
                             + f" — | {r['status']} |")
                continue
            ratio = r.get("ratio_vs_ref")
            rs = "*ref*" if r.get("is_ref") else (fmt_ratio(ratio) if ratio else "—")
            lines.append(
                f"| {r['name']} | {r['library']} | {fmt_ns(r['ns_per_hand_min'])} |"
                f" {fmt_ns(r['ns_per_hand_median'])} |"
                + (f" {fmt_rate(1e9 / r['ns_per_hand_median'])} |" if rate else "")
                + f" {fmt_call(r['seconds_per_call_median'])}"
                f" ({r['items_per_call']:,}) | {rs} |"
            )
        lines.append("")
    met = report["metrics"]
    lines += ["## Other metrics", "", "| metric | value |", "|---|---|"]
    for k, val in met.items():
        lines.append(f"| {k} | {val} |")
    lines.append("")
    cc = report.get("crosscheck")
    lines += [f"Cross-check (pycards american == 7463 - phevaluator rank): "
              f"{json.dumps(cc) if cc else 'not run'}", ""]
    cc3 = report.get("crosscheck_three")
    if cc3:
        lines += [f"Cross-check (three-card evaluate_many == evaluate, Vingt-un totals_many == total): "
                  f"{json.dumps(cc3)}", ""]
    lines += ["## Targets", "", "| target | measured | threshold | status |", "|---|---:|---:|---|"]
    for t in report["targets"]:
        if t["value"] is None:
            lines.append(f"| {t['text']} | — | {t['op']} {t['threshold']:g} {t['unit']} | not measured ({t['why']}) |")
        else:
            lines.append(
                f"| {t['text']} | {t['value']:.3f} {t['unit']} | {t['op']} {t['threshold']:g} {t['unit']} |"
                f" {'MET' if t['met'] else 'NOT MET'}"
                + (f" ({t['why_note']})" if t.get("why_note") else "") + " |"
            )
    lines.append("")
    ratios = report.get("ratios") or []
    if ratios:
        lines += ["## Ratios (no threshold)", "", "| ratio | measured |", "|---|---:|"]
        for q in ratios:
            shown = f"{q['value']:.3f} {q['unit']}" if q["value"] is not None else f"— ({q['why']})"
            lines.append(f"| {q['text']} | {shown} |")
        lines.append("")
    return "\n".join(lines)


def chart(report: dict[str, Any], path: Path) -> str | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import matplotlib.ticker as ticker
    except Exception as exc:  # noqa: BLE001
        return f"chart skipped: matplotlib unavailable ({type(exc).__name__}: {exc})"
    groups = [g for g in report["groups"]
              if any(r["group"] == g and r["status"] == "ok" for r in report["results"])]
    if not groups:
        return "chart skipped: nothing measured"
    heights = [sum(1 for r in report["results"] if r["group"] == g and r["status"] == "ok") for g in groups]
    fig, axes = plt.subplots(len(groups), 1, figsize=(11, 1.2 + 0.42 * sum(heights) + 0.9 * len(groups)),
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    for ax, g in zip(axes[:, 0], groups):
        rows = [r for r in report["results"] if r["group"] == g and r["status"] == "ok"]
        names = [r["name"] for r in rows][::-1]
        vals = [r["ns_per_hand_median"] for r in rows][::-1]
        colors = ["tab:blue" if r["library"] == "pycards" else "tab:gray" for r in rows][::-1]
        bars = ax.barh(names, vals, color=colors)
        ax.set_xscale("log")
        ax.set_title(report["groups"][g], fontsize=9, loc="left")
        ax.tick_params(axis="y", labelsize=7)
        ax.tick_params(axis="x", labelsize=7)
        for b, val in zip(bars, vals):
            ax.text(b.get_width(), b.get_y() + b.get_height() / 2, f" {fmt_ns(val)}", va="center", fontsize=7)
        ax.set_xlim(left=10 ** math.floor(math.log10(min(vals) * 0.9)), right=max(vals) * 8)
        ax.xaxis.set_major_formatter(ticker.FuncFormatter(lambda x, _: f"{x:g}"))
        ax.xaxis.set_minor_formatter(ticker.NullFormatter())
    axes[-1, 0].set_xlabel("ns per item: hand, deal, decision or call as the group counts"
                           " (median, log scale; blue = pycards)")
    m = report["machine"]
    fig.suptitle(f"pycards benchmarks — {m['cpu']}, Python {m['python']}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return None


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def _derived(value: Callable[[dict[str, Any]], float], flat: dict[str, Any], results: list[dict[str, Any]],
             entry: dict[str, Any]) -> float | None:  # fmt: skip
    """A target's or ratio's value from the measured ``flat`` figures; ``None`` with
    ``entry["why"]`` set when a figure it needs was not measured (or is unusable)."""
    try:
        return float(value(flat))
    except KeyError as exc:
        missing = exc.args[0]
        row = next((r for r in results if r["id"] == missing), None)
        entry["why"] = row["status"] if row else f"{missing} not measured"
    except (bc.Unavailable, ZeroDivisionError) as exc:
        entry["why"] = str(exc)
    return None


def run(args: argparse.Namespace) -> dict[str, Any]:
    quick = args.quick
    try:
        load_start: list[float] | None = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load_start = None
    repeat = 3 if quick else 7
    min_time = 0.05 if quick else 0.2
    ctx = bc.Context(quick=quick)
    results: list[dict[str, Any]] = []
    cases = [c for c in bc.CASES if not args.group or c.group in args.group]
    try:
        for c in cases:
            row: dict[str, Any] = {"id": c.id, "group": c.group, "name": c.name, "library": c.library}
            t0 = time.perf_counter()
            try:
                timed = c.factory(ctx)
                row.update(measure(timed.fn, timed.items, repeat, min_time))
                row["unit"] = bc.unit_of(c.group)
                row["per_second_median"] = 1e9 / row["ns_per_hand_median"]
                row["status"] = "ok"
            except bc.Unavailable as exc:
                row["status"] = str(exc)
            except Exception as exc:  # noqa: BLE001 - a broken case must not kill the report
                row["status"] = f"error: {type(exc).__name__}: {exc}"
                if args.verbose:
                    traceback.print_exc()
            results.append(row)
            shown = (f"{fmt_ns(row['ns_per_hand_median'])} ns/{bc.unit_of(c.group)}" if row["status"] == "ok"
                     else row["status"])
            print(f"  [{time.perf_counter() - t0:5.1f}s] {c.id}: {shown}", file=sys.stderr, flush=True)
        measured: list[tuple[bc.Metric, float | None, str]] = []
        for m in bc.METRICS:
            if args.group and m.group not in args.group:
                continue
            try:
                measured.append((m, float(m.value(ctx)), ""))
            except bc.Unavailable as exc:
                measured.append((m, None, str(exc)))
            except Exception as exc:  # noqa: BLE001
                measured.append((m, None, f"error: {type(exc).__name__}: {exc}"))
                if args.verbose:
                    traceback.print_exc()
        crosscheck = None
        if not args.group or "evaluate5" in args.group:
            try:
                crosscheck = bc.crosscheck(ctx)
            except Exception as exc:  # noqa: BLE001
                crosscheck = {"status": f"error: {type(exc).__name__}: {exc}"}
        crosscheck_three = None
        if not args.group or any(g in args.group for g in THREE_GROUPS):
            try:
                crosscheck_three = bc.crosscheck_three(ctx)
            except Exception as exc:  # noqa: BLE001
                crosscheck_three = {"status": f"error: {type(exc).__name__}: {exc}"}
    finally:
        ctx.close()

    # ratios vs each group's reference row
    for g in {r["group"] for r in results}:
        rows = [r for r in results if r["group"] == g and r["status"] == "ok"]
        ref_name = bc.GROUP_REFERENCE.get(g)
        ref = next((r for r in rows if r["name"] == ref_name), None) if ref_name else None
        ref = ref or next((r for r in rows if r["library"] == "pycards"), None)
        if ref:
            for r in rows:
                r["ratio_vs_ref"] = r["ns_per_hand_median"] / ref["ns_per_hand_median"]
                r["is_ref"] = r is ref
                r["ref"] = ref["name"]

    # metrics
    metrics: dict[str, Any] = {}
    load_before = None
    try:
        load_before = os.getloadavg()[0]
    except OSError:
        pass
    if not args.group or "threads" in args.group:
        ctl = bc.parallel_control(3 if quick else 7)
        metrics["machine control: sha256 two threads vs one (speed-up)"] = f"{ctl:.2f}x"
        control = ctl
    else:
        control = None
    flat: dict[str, float] = {r["id"]: r["ns_per_hand_median"] for r in results if r["status"] == "ok"}
    try:
        tb = bc.table_bytes()
        metrics["five-card table bytes"] = f"{tb:,} ({tb / 1024:.1f} KiB)"
        flat["metric::table_bytes"] = tb
    except bc.Unavailable as exc:
        metrics["five-card table bytes"] = str(exc)
    try:
        tb3 = bc.three_table_bytes()
        metrics["three-card table bytes (Commerce and Brag share them)"] = f"{tb3:,} ({tb3 / 1024:.1f} KiB)"
        flat["metric::three_table_bytes"] = tb3
    except bc.Unavailable as exc:
        metrics["three-card table bytes (Commerce and Brag share them)"] = str(exc)
    for m, value, why in measured:
        if value is None:
            metrics[m.text] = why
        else:
            figure = f"{value:,.0f}" if value >= 100 or value == int(value) else f"{value:.2f}"
            metrics[m.text] = figure + (f" {m.unit}" if m.unit else "")
            flat[f"metric::{m.key}"] = value
    if not args.group or "import" in args.group:
        n = 7 if quick else 21
        try:
            bc._import("pycards")  # "pycards not built" rather than a subprocess traceback
            bare = bc.import_time_ms("pass", n)
            pyc = bc.import_time_ms("import pycards", n)
            pyp = bc.import_time_ms("import pycards.poker", n)
            metrics["python -c pass (ms, min/median)"] = f"{bare['min']:.1f} / {bare['median']:.1f}"
            metrics["python -c 'import pycards' (ms, min/median)"] = f"{pyc['min']:.1f} / {pyc['median']:.1f}"
            metrics["python -c 'import pycards.poker' (ms, min/median)"] = f"{pyp['min']:.1f} / {pyp['median']:.1f}"
            flat["metric::import_ms_beyond_bare"] = pyc["median"] - bare["median"]
            metrics["import pycards beyond bare (ms, median)"] = f"{pyc['median'] - bare['median']:.1f}"
            metrics["import pycards.poker beyond bare (ms, median)"] = f"{pyp['median'] - bare['median']:.1f}"
        except bc.Unavailable as exc:
            metrics["import pycards"] = str(exc)

    targets = []
    for t in bc.TARGETS:
        entry: dict[str, Any] = {"key": t.key, "text": t.text, "op": t.op, "threshold": t.threshold,
                                 "unit": t.unit, "value": None, "met": None}
        v = _derived(t.value, flat, results, entry)
        if v is not None:
            entry["value"], entry["met"] = v, t.met(v)
        if t.key.startswith("threads") and control is not None:
            entry["machine_control_speedup"] = control
            if control < 1.6 and entry["met"] is False:
                entry["why_note"] = (f"this machine gives only {control:.2f}x on a GIL-free control"
                                     " (sha256), so the thread target cannot be judged here")
        targets.append(entry)

    ratios = []
    for q in bc.RATIOS:
        entry = {"key": q.key, "text": q.text, "unit": q.unit, "value": None}
        entry["value"] = _derived(q.value, flat, results, entry)
        ratios.append(entry)

    return {
        "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "machine": machine_info(),
        "config": {"quick": quick, "seed": ctx.seed, "corpus_size": ctx.corpus_size,
                   "batch_size": ctx.batch_size, "peer_loop_size": ctx.peer_loop_size,
                   "repeat": repeat, "min_time_s": min_time, "judged_on": "median",
                   "loadavg_at_start": load_start},
        "groups": {k: v for k, v in bc.GROUPS.items() if any(r["group"] == k for r in results)},
        "group_units": {k: bc.unit_of(k) for k in bc.GROUPS if any(r["group"] == k for r in results)},
        "results": results,
        "metrics": metrics,
        "crosscheck": crosscheck,
        "crosscheck_three": crosscheck_three,
        "loadavg_1m_before_metrics": load_before,
        "targets": targets,
        "ratios": ratios,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats, shorter samples")
    ap.add_argument("--out", type=Path, default=HERE / "results", help="output directory")
    ap.add_argument("--group", action="append", help="only these groups (repeatable); 'import' for import time")
    ap.add_argument("--no-chart", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true", help="print tracebacks of failing cases")
    args = ap.parse_args(argv)
    print(f"pycards: {bc.locate_pycards()}", file=sys.stderr)

    report = run(args)
    md = markdown(report)
    print(md)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "latest.json").write_text(json.dumps(report, indent=2) + "\n")
    (args.out / "latest.md").write_text(md + "\n")
    print(f"saved {args.out / 'latest.json'} and {args.out / 'latest.md'}", file=sys.stderr)
    if not args.no_chart:
        msg = chart(report, args.out / "latest.png")
        print(msg or f"saved {args.out / 'latest.png'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
