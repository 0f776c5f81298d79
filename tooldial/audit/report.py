"""The audit of one dataset directory: run every measure, write ``audit.md`` / ``audit.json`` / ``audit.png``."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import BaseModel

from tooldial.audit.coherence import coherence_check
from tooldial.audit.data import check_dataset_dir, read_rows
from tooldial.audit.diversity import (
    USER_WITHOUT_INTENTS,
    WINDOW_BIGRAMS,
    DiversityReport,
    GroupStats,
    diversity,
)
from tooldial.audit.leaks import (
    Check,
    clarify_check,
    history_lines_check,
    repeated_pair_check,
    retriever_rank_check,
    sft_tools_check,
)
from tooldial.audit.probes import ProbeResult, bow_probe, dst_copy_probe, last_entries, user_to_next_action
from tooldial.tasks.format import ACTION_PREFIX, STATE_PREFIX, THOUGHT_PREFIX

log = logging.getLogger(__name__)

SPLITS = ("train", "validation", "test")
#: Thresholds of the one-line diversity verdicts (user side; the issue's targets for the offline renderer).
USER_DISTINCT_2_MIN = 0.30
USER_REPEATED_MAX = 0.20


class AuditReport(BaseModel):
    dataset_dir: str
    dialogues: dict[str, int]
    #: Share of user turns per ``rendered_by`` value in the dialogue metadata ({} when not recorded).
    rendered_by: dict[str, float] = {}
    diversity: DiversityReport
    goodbyes: dict[str, int]
    fail_inform_phrasings: int
    probes: list[ProbeResult]
    checks: list[Check]
    verdicts: list[str]
    seconds: float


def _rendered_by(rows: list[dict[str, Any]]) -> dict[str, float]:
    """Share of the written (non-fixed) messages per renderer, from ``scenario.rendered_by`` ({} when absent)."""
    counts: dict[str, int] = {}
    for row in rows:
        scenario = row.get("scenario")
        if isinstance(scenario, str):
            try:
                scenario = json.loads(scenario)
            except ValueError:
                scenario = None
        marks = scenario.get("rendered_by") if isinstance(scenario, dict) else None
        for mark in marks if isinstance(marks, list) else []:
            if mark != "fixed":
                counts[str(mark)] = counts.get(str(mark), 0) + 1
    total = sum(counts.values())
    return {k: v / total for k, v in sorted(counts.items())} if total else {}


def audit_dataset(dataset_dir: str | Path, *, k: int = 2, seed: int = 0) -> AuditReport:
    """Measure diversity, shortcut probes and leaks of a dataset directory (see the package docstring)."""
    start = time.perf_counter()
    root = Path(dataset_dir)
    check_dataset_dir(root)
    dialogues = {s: read_rows(root, "dialogues", s) for s in SPLITS}
    every = [r for s in SPLITS for r in dialogues[s]]
    log.info("audit: %d dialogues", len(every))
    div = diversity(every)
    def templates(key: str, field: str = "templates") -> int:
        stats = div.by_action.get(key)
        return getattr(stats, field) if stats else 0

    probes: list[ProbeResult] = []
    probes.append(bow_probe("next action ← last user utterance", user_to_next_action(dialogues["train"]),
                            user_to_next_action(dialogues["test"]), seed=seed))
    action = {s: read_rows(root, "action_prediction", s, ["id", "setting", "history", "label"])
              for s in ("train", "test")}
    for setting in ("gt", "nogt"):
        train = [(last_entries(r["history"], k), r["label"]) for r in action["train"] if r["setting"] == setting]
        test = [(last_entries(r["history"], k), r["label"]) for r in action["test"] if r["setting"] == setting]
        probes.append(bow_probe(f"next action ← last {k} history lines", train, test, setting=setting, seed=seed))
    dst_test = read_rows(root, "dst", "test", ["id", "setting", "history", "label"])
    for setting in ("gt", "nogt"):
        probes.append(dst_copy_probe(dst_test, setting))

    gold = {r["dialogue_id"]: {a for a in (r.get("source"), r.get("target")) if a} for r in every}
    sft_test = read_rows(root, "sft", "test", ["id", "dialogue_id", "messages", "tools", "tool_api_ids"])
    checks = [
        sft_tools_check(sft_test, gold),
        history_lines_check("thoughts in action-prediction inputs",
                            action["test"], THOUGHT_PREFIX, "the release removes them: they state the next action"),
        history_lines_check("gold actions in nogt action inputs",
                            [r for r in action["test"] if r["setting"] == "nogt"], ACTION_PREFIX,
                            "nogt removes earlier actions"),
        history_lines_check("gold states in nogt DST inputs",
                            [r for r in dst_test if r["setting"] == "nogt"], STATE_PREFIX,
                            "nogt removes earlier states"),
        clarify_check(every),
        retriever_rank_check(every),
        coherence_check(every),
        repeated_pair_check(dialogues["train"], dialogues["test"]),
    ]
    report = AuditReport(
        dataset_dir=str(root), dialogues={s: len(v) for s, v in dialogues.items()},
        rendered_by=_rendered_by(every), diversity=div,
        goodbyes={"user_bye": templates("User user_bye"), "system_bye": templates("System system_bye")},
        fail_inform_phrasings=templates("User fail_inform", "leads"), probes=probes, checks=checks, verdicts=[],
        seconds=0.0)
    report.verdicts = verdicts(report)
    report.seconds = round(time.perf_counter() - start, 2)
    return report


def verdicts(report: AuditReport) -> list[str]:
    """One line per measure: what it says about the data."""
    out = []
    for group in ("User", USER_WITHOUT_INTENTS):
        user = report.diversity.by_speaker.get(group)
        if user:
            ok = user.distinct_2 >= USER_DISTINCT_2_MIN and user.repeated <= USER_REPEATED_MAX
            out.append(f"{'ok' if ok else 'LOW'} {group.lower()} diversity: distinct-2 {user.distinct_2:.3f} "
                       f"(target ≥ {USER_DISTINCT_2_MIN}; {user.distinct_2_names_masked:.3f} with person names "
                       f"masked; {_size_matched(user)}), {user.repeated:.1%} of the utterances repeated "
                       f"(target ≤ {USER_REPEATED_MAX:.0%}), ~{user.templates} templates with values masked")
    out.append(f"{'ok' if report.fail_inform_phrasings >= 30 else 'LOW'} fail-inform phrasings: "
               f"{report.fail_inform_phrasings}; goodbyes: user {report.goodbyes['user_bye']}, "
               f"system {report.goodbyes['system_bye']}")
    for probe in report.probes:
        if probe.accuracy is None:
            out.append(f"n/a {probe.name} {probe.setting}: not enough train/test rows")
            continue
        label = "SHORTCUT" if probe.accuracy >= 0.9 else "ok"
        floor = f" (majority {probe.majority:.1%})" if probe.majority is not None else ""
        out.append(f"{label} {probe.name}{' ' + probe.setting if probe.setting else ''}: "
                   f"{probe.accuracy:.1%} on {probe.test:,} test rows{floor}")
    for check in report.checks:
        out.append(f"{check.status.upper() if check.status != 'ok' else 'ok'} {check.name}: {check.verdict}")
    return out


def _size_matched(g: GroupStats) -> str:
    if g.distinct_2_size_matched is None:
        return f"fewer than {WINDOW_BIGRAMS:,} bigrams: no size-matched figure"
    return f"{g.distinct_2_size_matched:.3f} per {WINDOW_BIGRAMS:,} bigrams, size-matched"


# --- writers ----------------------------------------------------------------------------------------------------


def _row(name: str, g: GroupStats) -> str:
    return (f"| {name} | {g.utterances:,} | {g.distinct_utterances:,} | {g.templates:,} | {g.leads:,} | {g.repeated:.1%} | "
            f"{g.distinct_1:.3f} | {g.distinct_2:.3f} | {g.distinct_2_names_masked:.3f} | "
            f"{'—' if g.distinct_2_size_matched is None else f'{g.distinct_2_size_matched:.3f}'} | {g.distinct_3:.3f} | "
            f"{g.openers:,} | "
            f"{g.mean_tokens:.1f} | {g.p90_tokens:.0f} |")


def render_markdown(report: AuditReport) -> str:
    d = report.diversity
    lines = [f"# Dataset audit: `{report.dataset_dir}`", "",
             "dialogues: " + ", ".join(f"{s} {n:,}" for s, n in report.dialogues.items())
             + f" · {report.seconds:.1f} s", ""]
    if report.rendered_by:
        lines += ["rendered by (share of the messages a renderer wrote): "
                  + ", ".join(f"{k} {v:.1%}" for k, v in report.rendered_by.items()), ""]
    lines += ["## Verdicts", "", *[f"- {v}" for v in report.verdicts], "",
              "## Diversity", "",
              "| group | utterances | distinct | templates | leads | repeated | distinct-1 | distinct-2 | "
              f"distinct-2 (names masked) | distinct-2 per {WINDOW_BIGRAMS:,} bigrams | distinct-3 | openers | "
              "mean tokens | p90 tokens |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    lines += [_row(k, v) for k, v in d.by_speaker.items()]
    lines += [_row(k, v) for k, v in d.by_action.items()]
    lines += ["", "Most frequent utterances:", ""]
    for speaker, top in d.top_utterances.items():
        lines += [f"- {speaker}: " + "; ".join(f"{text!r} ×{n}" for text, n in top[:5])]
    lines += ["", "## Shortcut probes (train → test)", "",
              "| probe | setting | train | test | accuracy | majority |", "|---|---|---:|---:|---:|---:|"]
    for p in report.probes:
        acc = "n/a" if p.accuracy is None else f"{p.accuracy:.1%}"
        maj = "" if p.majority is None else f"{p.majority:.1%}"
        lines.append(f"| {p.name} | {p.setting or '—'} | {p.train:,} | {p.test:,} | {acc} | {maj} |")
    lines += ["", "## Leak checks", "", "| check | status | rows | affected | verdict |", "|---|---|---:|---:|---|"]
    for c in report.checks:
        lines.append(f"| {c.name} | {c.status} | {c.rows:,} | {c.affected:,} | {c.verdict} |")
    examples = [f"- {c.name}: {e}" for c in report.checks for e in c.examples]
    if examples:
        lines += ["", "Examples:", "", *examples]
    return "\n".join(lines) + "\n"


def write_plot(report: AuditReport, path: Path | BinaryIO) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 2, figsize=(13, 9))
    ax = axes[0][0]
    for speaker, lengths in report.diversity.lengths.items():
        ax.hist(lengths, bins=range(0, max(lengths or [1]) + 2), alpha=0.6, label=speaker)
    ax.set(title="utterance length (tokens)", xlabel="tokens", ylabel="utterances")
    ax.legend()
    names = list(report.diversity.by_action)
    for ax, field, title in ((axes[0][1], "distinct_2", "distinct-2 per action"),
                             (axes[1][0], "repeated", "share of repeated utterances per action")):
        ax.barh(names, [getattr(report.diversity.by_action[n], field) for n in names])
        ax.set(title=title, xlim=(0, 1))
        ax.invert_yaxis()
        ax.tick_params(axis="y", labelsize=8)
    ax = axes[1][1]
    probes = [p for p in report.probes if p.accuracy is not None]
    ax.barh([f"{p.name} {p.setting}".strip() for p in probes], [p.accuracy for p in probes])
    ax.set(title="shortcut probes: test accuracy", xlim=(0, 1))
    ax.invert_yaxis()
    ax.tick_params(axis="y", labelsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100, format="png")
    plt.close(fig)


def write_report(report: AuditReport, out_dir: str | Path) -> list[Path]:
    """``audit.md``, ``audit.json`` and ``audit.png`` in ``out_dir`` (created); returns their paths."""
    from tooldial.outputs import atomic_writer, make_folder, output_folder, write_text

    out = make_folder(output_folder(out_dir))
    paths = [out / "audit.md", out / "audit.json", out / "audit.png"]
    write_text(paths[0], render_markdown(report))
    data = report.model_dump()
    data["diversity"].pop("lengths")  # the histogram is in the PNG; the JSON stays small
    write_text(paths[1], json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    with atomic_writer(paths[2], "wb") as handle:
        write_plot(report, handle)
    return paths
