"""``report.md`` and PNGs of a dynamic run: overall metrics with 95% intervals, strata, sequences, pass^k."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tooldial.simulation.scoring import METRICS

LABELS = {
    "task_success": "task success",
    "api_selection": "API selection",
    "slot_precision": "slot P",
    "slot_recall": "slot R",
    "slot_f1": "slot F1",
    "calls_correct": "calls correct",
    "answered": "answered",
    "journey_adherent": "journey adherence",
    "exact_journey": "exact journey",
    "test_pass_rate": "per-turn tests",
}
TABLE_METRICS = ("task_success", "api_selection", "slot_f1", "journey_adherent", "test_pass_rate")


def _pct(a: dict[str, Any]) -> str:
    if not a["n"]:
        return "n/a"
    return f"{100 * a['mean']:.1f} [{100 * a['low']:.1f}, {100 * a['high']:.1f}]"


def run_label(results: dict[str, Any]) -> str:
    system = results.get("system", {})
    model = Path(str(system["model"])).name if system.get("model") else None
    name = system.get("backend") or model or "system"
    if model and system.get("backend"):
        name = f"{system['backend']}:{model}"
    return f"{name} ({system.get('protocol', '?')}) vs {results.get('user', {}).get('user', '?')} user"


def _group_table(title: str, groups: dict[str, dict[str, Any]]) -> list[str]:
    lines = [f"## {title}", "", "| group | n | " + " | ".join(LABELS[m] for m in TABLE_METRICS) + " |",
             "|---|---|" + "---|" * len(TABLE_METRICS)]
    for name, metrics in groups.items():
        n = metrics[TABLE_METRICS[0]]["n"]
        lines.append(f"| {name} | {n} | " + " | ".join(_pct(metrics[m]) for m in TABLE_METRICS) + " |")
    return [*lines, ""]


def render_report(results: dict[str, Any]) -> str:
    lines = [f"# Dynamic evaluation: {run_label(results)}", "",
             f"{results['dialogues']} dialogues × {results['config']['trials']} trial(s) = {results['episodes']} "
             f"conversations; figures in %, 95% intervals in brackets (Wilson for 0/1 metrics).", "",
             "| metric | value |", "|---|---|"]
    for m in METRICS:
        lines.append(f"| {LABELS[m]} | {_pct(results['metrics'][m])} |")
    tests = results["tests"]
    lines += [f"| per-turn tests passed (ALMITA) | {tests['passed']} / {tests['total']} |", ""]
    lines += ["## pass^k (tau-bench)", "", "| k | " + " | ".join(results["pass_hat_k"]) + " |",
              "|---|" + "---|" * len(results["pass_hat_k"]),
              "| pass^k | " + " | ".join(f"{100 * v:.1f}" for v in results["pass_hat_k"].values()) + " |", ""]
    lines += _group_table("By complexity stratum (APIs, missing inputs, clarifications)", results["by_stratum"])
    lines += _group_table("By action sequence", results["by_sequence"])
    lines += ["## First journey deviations", ""]
    lines += [f"- `{k}`: {v}" for k, v in list(results["first_deviations"].items())[:10]] or ["- none"]
    lines += ["", "## How conversations ended", ""]
    lines += [f"- {k or '(still running)'}: {v}" for k, v in results["end_reasons"].items()]
    if results.get("failures"):
        lines += ["", f"**{results['failures']} conversation(s) hit a server/model failure** "
                  "(reasons in `scores.jsonl`, field `failures`)."]
    return "\n".join(lines) + "\n"


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_success_by_stratum(results: dict[str, Any], path: Path) -> Path:
    plt = _pyplot()
    groups = results["by_stratum"]
    names = list(groups)
    means = [100 * groups[n]["task_success"]["mean"] for n in names]
    errs = [[m - 100 * groups[n]["task_success"]["low"] for n, m in zip(names, means, strict=True)],
            [100 * groups[n]["task_success"]["high"] - m for n, m in zip(names, means, strict=True)]]
    fig, ax = plt.subplots(figsize=(max(5, 0.9 * len(names) + 2), 4), dpi=120)
    ax.bar(range(len(names)), means, yerr=errs, capsize=3, color="#4c72b0")
    ax.set_xticks(range(len(names)), [n.replace(" ", "\n") for n in names], fontsize=7)
    ax.set_ylabel("task success (%)")
    ax.set_ylim(0, 105)
    ax.set_title(f"Task success by stratum — {run_label(results)}", fontsize=9)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def plot_pass_hat_k(results: dict[str, Any], path: Path) -> Path:
    plt = _pyplot()
    ks = [int(k) for k in results["pass_hat_k"]]
    ys = [100 * v for v in results["pass_hat_k"].values()]
    fig, ax = plt.subplots(figsize=(5, 4), dpi=120)
    ax.plot(ks, ys, marker="o")
    ax.set_xticks(ks)
    ax.set_xlabel("k (trials that must all succeed)")
    ax.set_ylabel("pass^k (%)")
    ax.set_ylim(0, 105)
    ax.set_title(f"pass^k — {run_label(results)}", fontsize=9)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def write_report(results: dict[str, Any], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    from tooldial.outputs import write_text
    from tooldial.redact import redact_text

    write_text(out / "report.md", redact_text(render_report(results)))
    plot_success_by_stratum(results, out / "success_by_stratum.png")
    plot_pass_hat_k(results, out / "pass_hat_k.png")


def compare_dynamic(runs: list[tuple[str, dict[str, Any]]]) -> str:
    """One Markdown table across dynamic runs (``tooldial eval compare`` hands them here): ToolDial-suite runs
    with their main metrics and pass^k, AutoDE-suite runs with the paper's P / R / F1."""
    lines: list[str] = []
    tooldial_runs = [(n, r) for n, r in runs if r.get("suite") != "autode"]
    autode_runs = [(n, r) for n, r in runs if r.get("suite") == "autode"]
    if tooldial_runs:
        ks = sorted({k for _, r in tooldial_runs for k in r.get("pass_hat_k", {})}, key=int)
        header = ["run", "system vs user", "dialogues", *(LABELS[m] for m in TABLE_METRICS), "slot P", "slot R",
                  *(f"pass^{k}" for k in ks)]
        lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        for name, r in tooldial_runs:
            m = r["metrics"]
            cells = [name, run_label(r), f"{r['dialogues']}×{r['config']['trials']}"]
            cells += [_pct(m[k]) for k in TABLE_METRICS]
            cells += [f"{100 * m['slot_precision']['mean']:.1f}", f"{100 * m['slot_recall']['mean']:.1f}"]
            cells += ["–" if k not in r["pass_hat_k"] else f"{100 * r['pass_hat_k'][k]:.1f}" for k in ks]
            lines.append("| " + " | ".join(cells) + " |")
    if autode_runs:
        if lines:
            lines.append("")
        lines += ["| run (AutoDE) | system vs user | tasks | P | R | F1 | call made |", "|---|---|---|---|---|---|---|"]
        for name, r in autode_runs:
            f = r["figures"]
            system = r["system"].get("model") or r["system"].get("backend")
            user = r["user"].get("model") or r["user"].get("user")
            lines.append(f"| {name} | {Path(str(system)).name} vs {Path(str(user)).name} | "
                         f"{r['dialogues']}×{r['config']['trials']} | {f['precision']:.2f} | {f['recall']:.2f} | "
                         f"{f['f1']:.2f} | {100 * f['call_rate']:.1f} |")
    if tooldial_runs:
        lines += ["", "Dynamic runs: percentages over conversations, 95% intervals in brackets (Wilson for 0/1 "
                  "metrics); pass^k over each run's trials."]
    return "\n".join(lines)
