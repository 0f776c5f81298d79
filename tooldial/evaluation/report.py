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
from tooldial.evaluation.tasks import (
    ActionMetrics,
    DstMetrics,
    FaithfulnessMetrics,
    OverallMetrics,
    TaskMetrics,
)
from tooldial.jsonfile import loads as loads_json
from tooldial.jsonfile import read_text
from tooldial.registry import EVAL_TASKS

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


Metrics = dict[str, dict[str, TaskMetrics]]


def task_metrics(results: dict[str, Any]) -> Metrics:
    """``results["tasks"]`` as typed metrics: task → setting → the task's metrics model."""
    out: Metrics = {}
    for name, settings in (results.get("tasks") or {}).items():
        model = EVAL_TASKS.load(name).metrics_model if name in EVAL_TASKS else TaskMetrics
        out[name] = {setting: model.model_validate(values) for setting, values in settings.items()}
    return out


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


def _ci(interval: Any) -> str:
    """`` [52.1, 59.4]`` from a ``[low, high]`` fraction pair, or nothing."""
    if isinstance(interval, list | tuple) and len(interval) == 2:
        return f" [{100 * interval[0]:.1f}, {100 * interval[1]:.1f}]"
    return ""


def _with_ci(tasks: Metrics, task: str, setting: str, key: str = "accuracy") -> str:
    """A percentage and its 95% interval (``55.8 [52.1, 59.4]``)."""
    value = _metric(tasks, task, setting, key)
    metrics = tasks.get(task, {}).get(setting)
    extra = (metrics.model_extra or {}) if metrics is not None else {}
    return "–" if value is None else _pct(value) + _ci(extra.get(f"{key}_ci"))


def _metric(tasks: Metrics, task: str, setting: str, key: str = "accuracy") -> float | None:
    value = getattr(tasks.get(task, {}).get(setting), key, None)
    return value if isinstance(value, int | float) else None


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return lines


def _header(results: dict[str, Any], label: str) -> list[str]:
    config = results.get("config", {})
    return [
        f"# ToolDial evaluation: `{label}`",
        "",
        f"Dataset `{config.get('dataset')}`, split `{config.get('split')}`"
        + (f", first {config['limit']} examples per task and setting" if config.get("limit") else "")
        + f"; prompts `{results.get('prompt_version')}` (profile `{results.get('profile', 'paper')}`, scoring "
        f"`{results.get('scoring', 'tooldial')}`); backend `{json.dumps(results.get('backend', {}))}`.",
        "",
        "All numbers are percentages; brackets hold 95% intervals (Wilson for accuracies, a seeded bootstrap over "
        "examples for F1 and the faithfulness score). Action accuracy is the strict normalized exact match; the "
        "original code's lenient rule (label contained in the generation) is shown in its own row.",
        *_provenance_lines(results),
    ]


def _provenance_lines(results: dict[str, Any]) -> list[str]:
    from tooldial.evaluation.provenance import caveats

    provenance = results.get("provenance") or {}
    git = provenance.get("git") or {}
    lines = []
    if provenance:
        commit = (git.get("commit") or "unknown")[:12] + (" (uncommitted changes)" if git.get("dirty") else "")
        fingerprint = json.dumps(provenance.get("dataset_fingerprint"), ensure_ascii=False)
        lines += ["", f"Run {provenance.get('date')}, tooldial commit `{commit}`, dataset fingerprint "
                  f"(sha256 of the parquet files read) `{fingerprint}`."]
    notes = caveats(results)
    if notes:
        lines += ["", "**Caveats.**", "", *[f"- {note}" for note in notes]]
    return lines


def _table4(tasks: Metrics, label: str, paper: dict[str, Any]) -> list[str]:
    rows = [[f"{name} (paper)", *[f"{v:.1f}" for v in values]]
            for name, values in (paper.get("table4", {}).get("rows") or {}).items()]
    rows.append([f"**{label}**", *[_with_ci(tasks, t, s) for t, s in TABLE4_COLUMNS]])
    if "action" in tasks:
        rows.append([f"{label} (lenient action rule)", "", "", _with_ci(tasks, "action", "gt", "lenient_accuracy"),
                     _with_ci(tasks, "action", "nogt", "lenient_accuracy"), ""])
    counts = [str(getattr(tasks.get(t, {}).get(s), "n", "–")) for t, s in TABLE4_COLUMNS]
    rows.append(["n (examples)", *counts])
    return ["## Table 4: DST, action prediction, faithfulness", "", *_table(["Model", *TABLE4_HEADER], rows)]


def _action_section(settings: dict[str, ActionMetrics], label: str, paper: dict[str, Any], out: Path) -> list[str]:
    rows = []
    for setting, metrics in settings.items():
        for name, values in (paper.get("table5", {}).get(setting) or {}).items():
            rows.append([SETTING_LABEL[setting], f"{name} (paper)", *[f"{v:.1f}" for v in values]])
        rows.append([SETTING_LABEL[setting], f"**{label}**",
                     *[_pct(metrics.per_action[a].f1 if a in metrics.per_action else None) for a in ACTIONS]])
    lines = ["## Table 5: F1 per action", "", *_table(["Setting", "Model", *ACTIONS], rows)]
    for setting, metrics in settings.items():
        base = metrics.majority_baseline
        extra = metrics.model_extra or {}
        lines += ["", f"{SETTING_LABEL[setting]}: n = {metrics.n}, accuracy {_pct(metrics.accuracy)}"
                  f"{_ci(extra.get('accuracy_ci'))}, lenient {_pct(metrics.lenient_accuracy)}"
                  f"{_ci(extra.get('lenient_accuracy_ci'))}, macro-F1 {_pct(metrics.macro_f1)}"
                  f"{_ci(extra.get('macro_f1_ci'))} (per-action F1 intervals in results.json), majority "
                  f"baseline ({base.get('label')}) {_pct(base.get('accuracy'))}; unparsable: "
                  f"{metrics.parse_failures or 'none'}.", "",
                  f"![action confusion {setting}](action_confusion_{setting}.png)"]
        plot_confusion(metrics.confusion_matrix, out / f"action_confusion_{setting}.png",
                       f"{label} — action prediction {SETTING_LABEL[setting]}")
    return lines


def _overall_section(settings: dict[str, OverallMetrics], label: str, paper: dict[str, Any]) -> list[str]:
    rows = [[f"{name} (paper)", "–", f"{v['turn_accuracy']:.1f}", f"{v['dialogue_success']:.1f}"]
            for name, v in (paper.get("overall") or {}).items()]
    for setting, metrics in settings.items():
        rows.append([f"**{label}**", SETTING_LABEL[setting],
                     _pct(metrics.accuracy) + _ci((metrics.model_extra or {}).get("accuracy_ci")),
                     _pct(metrics.dialogue_success.get("success_rate"))
                     + _ci(metrics.dialogue_success.get("success_rate_ci"))])
    lines = ["## Overall (per user turn: every state and action right)", "",
             *_table(["Model", "Setting", "Turn accuracy", "Dialogue success"], rows)]
    for setting, metrics in settings.items():
        lines += ["", f"{SETTING_LABEL[setting]}: {metrics.n} user turns, "
                  f"{metrics.dialogue_success.get('dialogues')} dialogues; errors {metrics.error_kinds or 'none'}."]
    return lines


def _dst_error_table(settings: dict[str, DstMetrics], label: str, paper: dict[str, Any]) -> list[str]:
    """Error counts per A.9 category beside the paper's last model (Tables 15/16)."""
    names = list(settings)
    header = ["", *[f"**{label}** {SETTING_LABEL[s]}" for s in names]]
    paper_errors = paper.get("dst_errors") or {}
    paper_models = list(paper_errors.get(names[0]) or {})[-1:]
    header += [f"{m} {SETTING_LABEL[s]} (paper)" for m in paper_models for s in names]
    columns = paper_errors.get("columns") or []
    rows = []
    for key in ("errors", *DST_ERROR_CATEGORIES):
        row = [ERROR_ROW_NAMES[key]]
        for s in names:
            analysis = settings[s].error_analysis
            row.append(str(analysis.get("errors", 0) if key == "errors" else analysis.get("counts", {}).get(key, 0)))
        for m in paper_models:
            for s in names:
                values = (paper_errors.get(s) or {}).get(m) or []
                row.append(str(values[columns.index(key)]) if key in columns and values else "–")
        rows.append(row)
    return _table(header, rows)


def _dst_section(settings: dict[str, DstMetrics], label: str, paper: dict[str, Any], out: Path) -> list[str]:
    lines = ["## DST error analysis (Tables 15/16)", "", *_dst_error_table(settings, label, paper), "",
             "Slot and value errors can overlap, so their sum can exceed the error count."]
    for s, metrics in settings.items():
        lines += ["", f"{SETTING_LABEL[s]}: n = {metrics.n}, accuracy {_pct(metrics.accuracy)}"
                  f"{_ci((metrics.model_extra or {}).get('accuracy_ci'))}; "
                  f"unparsable: {metrics.parse_failures or 'none'}."]
        for category, examples in metrics.error_analysis.get("examples", {}).items():
            ex = examples[0]
            lines += [f"- {ERROR_ROW_NAMES[category]} (`{ex['id']}`): predicted `{str(ex['prediction'])[:300]}`"
                      f" — label `{json.dumps(ex['label'], ensure_ascii=False)[:300]}`"]
    by_turns = {s: {k: g.model_dump() for k, g in m.accuracy_by_num_user_turns.items()} for s, m in settings.items()}
    if plot_dst_by_turns(by_turns, out / "dst_accuracy_by_turns.png", f"{label} — DST accuracy by turns (A.10)"):
        lines += ["", "### DST accuracy by number of user turns (A.10)", "",
                  "![DST accuracy by turns](dst_accuracy_by_turns.png)", ""]
        turn_keys = sorted({k for v in by_turns.values() for k in v}, key=lambda k: (len(k), k))
        rows = [[k, *[(_pct(by_turns[s][k]["accuracy"]) + f" ({by_turns[s][k]['n']})") if k in by_turns[s] else "–"
                      for s in settings]] for k in turn_keys]
        lines += _table(["user turns", *[SETTING_LABEL[s] + " (n)" for s in settings]], rows)
    return lines


def _faithfulness_section(metrics: FaithfulnessMetrics) -> list[str]:
    judge = metrics.judge
    judged = f"judged by `{judge.model}` ({judge.n} verdicts at T={judge.temperature})" if judge else "judged"
    return ["## Faithfulness", "",
            f"{metrics.n} responses {judged}; score {_pct(metrics.accuracy)}"
            f"{_ci((metrics.model_extra or {}).get('accuracy_ci'))}; "
            f"{metrics.excluded_response_fail} response_fail samples excluded; judge failures "
            f"{metrics.judge_failures}."]


def _run_section(generation: dict[str, Any]) -> list[str]:
    return ["## Run", "", f"Completions asked {generation.get('requests')}, sent to the backend "
            f"{generation.get('backend_requests')}, from cache {generation.get('cache_hits')}, failed "
            f"{generation.get('failures')}; {generation.get('seconds_total')} s in total, "
            f"{round(generation.get('seconds_in_backend', 0), 3)} s in the backend."]


def write_report(results: dict[str, Any], bench: Benchmark, out: Path) -> Path:
    """``report.md`` and its PNGs for one run's ``results.json`` content."""
    label = run_label(results)
    tasks = task_metrics(results)
    paper = bench.paper or {}
    sections = [_header(results, label), _table4(tasks, label, paper)]
    if results.get("valid") is False:  # too many requests failed: say so before any number
        sections.insert(1, [f"**INVALID RUN: {results.get('invalid_reason')}.** Failed requests are scored wrong; "
                            "the numbers below do not measure the model."] + [
                            f"- {who}: {count} x {reason}" for who, f in results.get("failures", {}).items()
                            for reason, count in f.get("reasons", {}).items()][:10])
    if "action" in tasks:
        sections.append(_action_section(tasks["action"], label, paper, out))  # type: ignore[arg-type]
    if "overall" in tasks:
        sections.append(_overall_section(tasks["overall"], label, paper))  # type: ignore[arg-type]
    if "dst" in tasks:
        sections.append(_dst_section(tasks["dst"], label, paper, out))  # type: ignore[arg-type]
    if "faithfulness" in tasks and "nogt" in tasks["faithfulness"]:
        sections.append(_faithfulness_section(tasks["faithfulness"]["nogt"]))  # type: ignore[arg-type]
    if results.get("generation"):
        sections.append(_run_section(results["generation"]))
    from tooldial.outputs import write_text
    from tooldial.redact import redact_text

    return write_text(out / "report.md", redact_text("\n\n".join("\n".join(lines) for lines in sections) + "\n"))


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
            results = loads_json(read_text(path))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"not a run directory: {exc}", file=str(path)) from None
        if not isinstance(results, dict):
            raise ConfigError(f"malformed results: expected a JSON object, got {type(results).__name__}",
                              file=str(path))
        if results.get("kind") != "dynamic":
            try:
                task_metrics(results)
            except (AttributeError, TypeError, ValueError) as exc:  # ValidationError is a ValueError
                first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                raise ConfigError(f"malformed results: expected tasks → settings → metrics ({first})",
                                  file=str(path)) from None
        name = Path(run_dir).name + (" (INVALID)" if results.get("valid") is False else "")
        runs.append((name, results))
    dynamic = [(name, r) for name, r in runs if r.get("kind") == "dynamic"]  # tooldial simulate runs
    runs = [(name, r) for name, r in runs if r.get("kind") != "dynamic"]
    if dynamic:
        from tooldial.simulation.report import compare_dynamic

        table = compare_dynamic(dynamic)
        return table if not runs else compare_runs_static(runs) + "\n\n" + table
    return compare_runs_static(runs)


def compare_runs_static(runs: list[tuple[str, dict[str, Any]]]) -> str:
    """The static-benchmark table of :func:`compare_runs` over loaded ``(name, results)`` pairs."""
    typed = [(name, results, task_metrics(results)) for name, results in runs]
    used = [c for c in COMPARE_COLUMNS if any(_metric(t, c[1], c[2], c[3]) is not None for _, _, t in typed)]
    rows = []
    for name, results, tasks in typed:
        config = results.get("config") or {}
        counts = sorted({m.n for settings in tasks.values() for m in settings.values()})
        n = "–" if not counts else str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
        row = [name, run_label(results), str(config.get("split", "–")), str(config.get("limit") or "all"), n]
        row += [_with_ci(tasks, task, setting, key) for _, task, setting, key in used]
        overall = tasks.get("overall", {})
        success = [overall[s].dialogue_success if s in overall else {}  # type: ignore[attr-defined]
                   for s in ("gt", "nogt")]
        if "overall" in {c[1] for c in used}:
            row += [_pct(v.get("success_rate")) + _ci(v.get("success_rate_ci")) if v else "–" for v in success]
        rows.append(row)
    header = ["run", "model", "split", "limit", "n", *[c[0] for c in used]]
    if "overall" in {c[1] for c in used}:
        header += ["Dialogues gt", "Dialogues nogt"]
    limits = {str((r.get("config") or {}).get("limit")) for _, r, _ in typed}
    note = ["", "Percentages with 95% intervals; n = examples per task and setting (a range when they differ)."]
    if len(limits) > 1:
        note.append("Runs scored different numbers of examples (`limit`): compare their intervals, not their points.")
    kinds = {(r.get("profile", "paper"), r.get("scoring", "tooldial")) for _, r, _ in typed}
    if len(kinds) > 1:
        note.append("Runs used different prompt profiles or scorings (" + ", ".join(
            f"{p}/{s}" for p, s in sorted(kinds)) + "): their numbers are not comparable (`eval/README.md`).")
    return "\n".join([*_table(header, rows), *note])
