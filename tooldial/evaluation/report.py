"""``report.md`` (tables laid out like the paper's Tables 4, 5, 15/16, with the paper's numbers alongside),
the PNGs, and ``tooldial eval compare`` across run directories."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tooldial.errors import ConfigError
from tooldial.evaluation.benchmark import Benchmark
from tooldial.evaluation.error_analysis import DST_ERROR_CATEGORIES
from tooldial.evaluation.parsing import ACTIONS
from tooldial.evaluation.plots import SETTING_LABEL, plot_confusion, plot_dst_by_turns

TABLE4_COLUMNS = (("dst", "gt"), ("dst", "nogt"), ("action", "gt"), ("action", "nogt"), ("faithfulness", "nogt"))
TABLE4_HEADER = ("DST w GT", "DST w/o GT", "Action w GT", "Action w/o GT", "Faithfulness w/o GT")
ERROR_ROW_NAMES = {
    "errors": "# of Error",
    "generation": "Generation Err",
    "api_confirmation_gt_true": "API Conf Err (GT = T)",
    "api_confirmation_gt_false": "API Conf Err (GT = F)",
    "format": "Format Err",
    "slot": "Slot Err",
    "value": "Value Err",
    "other": "Other (not in A.9)",
}


def run_label(results: dict[str, Any]) -> str:
    backend = results.get("backend", {})
    name = backend.get("backend", "?")
    model = backend.get("model")
    label = f"{name}:{Path(str(model)).name}" if model else name
    if backend.get("adapter"):
        label += f"+{Path(str(backend['adapter'])).name}"
    return label


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}"


def _metric(results: dict[str, Any], task: str, setting: str, key: str = "accuracy") -> float | None:
    value = results.get("tasks", {}).get(task, {}).get(setting, {}).get(key)
    return value if isinstance(value, int | float) else None


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return lines


def write_report(results: dict[str, Any], bench: Benchmark, out: Path) -> Path:
    label = run_label(results)
    tasks = results.get("tasks", {})
    paper = bench.paper or {}
    config = results.get("config", {})
    lines = [
        f"# ToolDial evaluation: `{label}`",
        "",
        f"Dataset `{config.get('dataset')}`, split `{config.get('split')}`"
        + (f", first {config['limit']} examples per task and setting" if config.get("limit") else "")
        + f"; prompts `{results.get('prompt_version')}`; backend `{json.dumps(results.get('backend', {}))}`.",
        "",
        "All numbers are percentages. Action accuracy is the strict normalized exact match; the original code's "
        "lenient rule (label contained in the generation) is shown in its own row.",
        "",
        "## Table 4: DST, action prediction, faithfulness",
        "",
    ]
    rows = [[f"{name} (paper)", *[f"{v:.1f}" for v in values]]
            for name, values in (paper.get("table4", {}).get("rows") or {}).items()]
    rows.append([f"**{label}**", *[_pct(_metric(results, t, s)) for t, s in TABLE4_COLUMNS]])
    if "action" in tasks:
        rows.append([f"{label} (lenient action rule)", "", "", _pct(_metric(results, "action", "gt", "lenient_accuracy")),
                     _pct(_metric(results, "action", "nogt", "lenient_accuracy")), ""])
    lines += _table(["Model", *TABLE4_HEADER], rows)

    if "action" in tasks:
        lines += ["", "## Table 5: F1 per action", ""]
        rows = []
        for setting, metrics in tasks["action"].items():
            for name, values in (paper.get("table5", {}).get(setting) or {}).items():
                rows.append([SETTING_LABEL[setting], f"{name} (paper)", *[f"{v:.1f}" for v in values]])
            per = metrics.get("per_action", {})
            rows.append([SETTING_LABEL[setting], f"**{label}**", *[_pct(per.get(a, {}).get("f1")) for a in ACTIONS]])
        lines += _table(["Setting", "Model", *ACTIONS], rows)
        for setting, metrics in tasks["action"].items():
            base = metrics.get("majority_baseline", {})
            lines += ["", f"{SETTING_LABEL[setting]}: n = {metrics['n']}, accuracy {_pct(metrics['accuracy'])}, lenient "
                      f"{_pct(metrics.get('lenient_accuracy'))}, macro-F1 {_pct(metrics.get('macro_f1'))}, majority "
                      f"baseline ({base.get('label')}) {_pct(base.get('accuracy'))}; unparsable: "
                      f"{metrics.get('parse_failures') or 'none'}.", "",
                      f"![action confusion {setting}](action_confusion_{setting}.png)"]
            plot_confusion(metrics.get("confusion_matrix", {}), out / f"action_confusion_{setting}.png",
                           f"{label} — action prediction {SETTING_LABEL[setting]}")

    if "overall" in tasks:
        lines += ["", "## Overall (per user turn: every state and action right)", ""]
        rows = [[f"{name} (paper)", "–", f"{v['turn_accuracy']:.1f}", f"{v['dialogue_success']:.1f}"]
                for name, v in (paper.get("overall") or {}).items()]
        for setting, metrics in tasks["overall"].items():
            success = metrics.get("dialogue_success", {})
            rows.append([f"**{label}**", SETTING_LABEL[setting], _pct(metrics["accuracy"]),
                         _pct(success.get("success_rate"))])
        lines += _table(["Model", "Setting", "Turn accuracy", "Dialogue success"], rows)
        for setting, metrics in tasks["overall"].items():
            lines += ["", f"{SETTING_LABEL[setting]}: {metrics['n']} user turns, "
                      f"{metrics['dialogue_success'].get('dialogues')} dialogues; errors {metrics.get('error_kinds') or 'none'}."]

    if "dst" in tasks:
        lines += ["", "## DST error analysis (Tables 15/16)", ""]
        settings = list(tasks["dst"])
        header = ["", *[f"**{label}** {SETTING_LABEL[s]}" for s in settings]]
        paper_errors = paper.get("dst_errors") or {}
        paper_models = [m for m in (paper_errors.get(settings[0]) or {})]
        header += [f"{m} {SETTING_LABEL[s]} (paper)" for m in paper_models[-1:] for s in settings]
        columns = paper_errors.get("columns") or []
        rows = []
        for key in ("errors", *DST_ERROR_CATEGORIES):
            row = [ERROR_ROW_NAMES[key]]
            for s in settings:
                analysis = tasks["dst"][s].get("error_analysis", {})
                row.append(str(analysis.get("errors", 0) if key == "errors" else analysis.get("counts", {}).get(key, 0)))
            for m in paper_models[-1:]:
                for s in settings:
                    values = (paper_errors.get(s) or {}).get(m) or []
                    row.append(str(values[columns.index(key)]) if key in columns and values else "–")
            rows.append(row)
        lines += _table(header, rows)
        lines += ["", "Slot and value errors can overlap, so their sum can exceed the error count."]
        for s in settings:
            metrics = tasks["dst"][s]
            lines += ["", f"{SETTING_LABEL[s]}: n = {metrics['n']}, accuracy {_pct(metrics['accuracy'])}; "
                      f"unparsable: {metrics.get('parse_failures') or 'none'}."]
            for category, examples in metrics.get("error_analysis", {}).get("examples", {}).items():
                ex = examples[0]
                lines += [f"- {ERROR_ROW_NAMES[category]} (`{ex['id']}`): predicted `{str(ex['prediction'])[:300]}`"
                          f" — label `{json.dumps(ex['label'], ensure_ascii=False)[:300]}`"]
        by_turns = {s: tasks["dst"][s].get("accuracy_by_num_user_turns", {}) for s in settings}
        if plot_dst_by_turns(by_turns, out / "dst_accuracy_by_turns.png", f"{label} — DST accuracy by turns (A.10)"):
            lines += ["", "### DST accuracy by number of user turns (A.10)", "",
                      "![DST accuracy by turns](dst_accuracy_by_turns.png)", ""]
            turn_keys = sorted({k for v in by_turns.values() for k in v}, key=lambda k: (len(k), k))
            rows = [[k, *[(_pct(by_turns[s][k]["accuracy"]) + f" ({by_turns[s][k]['n']})") if k in by_turns[s] else "–"
                          for s in settings]] for k in turn_keys]
            lines += _table(["user turns", *[SETTING_LABEL[s] + " (n)" for s in settings]], rows)

    if "faithfulness" in tasks:
        metrics = tasks["faithfulness"]["nogt"]
        lines += ["", "## Faithfulness", "",
                  f"{metrics['n']} responses judged by `{metrics['judge']['model']}` ({metrics['judge']['n']} verdicts at "
                  f"T={metrics['judge']['temperature']}); score {_pct(metrics['accuracy'])}; "
                  f"{metrics['excluded_response_fail']} response_fail samples excluded; judge failures "
                  f"{metrics['judge_failures']}."]
    generation = results.get("generation", {})
    if generation:
        lines += ["", "## Run", "", f"Completions asked {generation.get('requests')}, sent to the backend "
                  f"{generation.get('backend_requests')}, from cache {generation.get('cache_hits')}, failed "
                  f"{generation.get('failures')}; {generation.get('seconds_total')} s in total, "
                  f"{round(generation.get('seconds_in_backend', 0), 3)} s in the backend."]
    path = out / "report.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


COMPARE_COLUMNS = (
    ("DST gt", "dst", "gt", "accuracy"),
    ("DST nogt", "dst", "nogt", "accuracy"),
    ("Act gt", "action", "gt", "accuracy"),
    ("Act nogt", "action", "nogt", "accuracy"),
    ("Act gt (lenient)", "action", "gt", "lenient_accuracy"),
    ("Act nogt (lenient)", "action", "nogt", "lenient_accuracy"),
    ("Faith", "faithfulness", "nogt", "accuracy"),
    ("Overall gt", "overall", "gt", "accuracy"),
    ("Overall nogt", "overall", "nogt", "accuracy"),
)


def compare_runs(run_dirs: list[str | Path]) -> str:
    """One Markdown table across run directories (percentages; ``–`` where a run lacks the task)."""
    runs = []
    for run_dir in run_dirs:
        path = Path(run_dir) / "results.json"
        try:
            runs.append((Path(run_dir).name, json.loads(path.read_text(encoding="utf-8"))))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"not a run directory: {exc}", file=str(path)) from None
    dynamic = [(name, r) for name, r in runs if r.get("kind") == "dynamic"]  # tooldial simulate runs
    runs = [(name, r) for name, r in runs if r.get("kind") != "dynamic"]
    if dynamic:
        from tooldial.simulation.report import compare_dynamic

        table = compare_dynamic(dynamic)
        return table if not runs else compare_runs_static(runs) + "\n\n" + table
    return compare_runs_static(runs)


def compare_runs_static(runs: list[tuple[str, dict[str, Any]]]) -> str:
    """The static-benchmark table of :func:`compare_runs` over loaded ``(name, results)`` pairs."""
    used = [c for c in COMPARE_COLUMNS if any(_metric(r, c[1], c[2], c[3]) is not None for _, r in runs)]
    rows = []
    for name, results in runs:
        row = [name, run_label(results)]
        row += [_pct(_metric(results, task, setting, key)) for _, task, setting, key in used]
        success = [results.get("tasks", {}).get("overall", {}).get(s, {}).get("dialogue_success", {}).get("success_rate")
                   for s in ("gt", "nogt")]
        rows.append(row + ([_pct(success[0]), _pct(success[1])] if "overall" in {c[1] for c in used} else []))
    header = ["run", "model", *[c[0] for c in used]]
    if "overall" in {c[1] for c in used}:
        header += ["Dialogues gt", "Dialogues nogt"]
    return "\n".join(_table(header, rows))
