"""Dialogue quality by an LLM judge, G-Eval style (paper §3.4, Table 3).

For a sample of dialogues (stratified over action sequences, as the paper sampled "from all action
sequences"), a judge model scores four criteria, one request per (dialogue, criterion):

- naturalness, coherence, efficiency on 1–3; correctness 0/1 (is every system response consistent with the
  API call results? — not applicable to dialogues without a ``response`` turn).

As in G-Eval (Liu et al., 2023) each prompt gives the criterion and its evaluation steps and asks for the
score alone; the judge is sampled ``samples`` times (temperature 1 when ``samples > 1``) and the dialogue's
score is the mean of the parsable samples. A sample that is not a score in range is counted as malformed,
never a crash; a dialogue whose samples are all malformed has no score for that criterion and is left out
of its mean. Requests go through :class:`tooldial.llm.LLMClient` (concurrent, retried, cached), so a rerun
of the same sample is free.

Next to the judge, :func:`rule_checks` counts the validator's world checks (``filler``, ``consistency``,
``groups``, ``answer``; :mod:`tooldial.dialogue.world_checks`) over every dialogue of the file: they need no
model, so they are reported even when no judge is asked for or the judge cannot be reached.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from statistics import mean
from typing import Any

from pydantic import BaseModel, Field

from tooldial.corpus.models import Corpus
from tooldial.dialogue.record import DialogueRecord
from tooldial.dialogue.validate import validate_record
from tooldial.dialogue.world_checks import WORLD_CHECKS
from tooldial.llm import ChatRequest, LLMClient

PROMPT_VERSION = "quality-geval-1"

#: Criterion -> (label in Table 3, score range, definition, evaluation steps). Definitions follow §3.4.
CRITERIA: dict[str, tuple[str, tuple[int, int], str, str]] = {
    "naturalness": (
        "Naturalness (1–3)", (1, 3),
        "Is the dialogue a natural interaction between the user and the tool-augmented system?",
        "1. Read the dialogue.\n2. Judge whether the user and the system speak like people would in this "
        "situation: fluent, varied, not robotic or repetitive.\n3. Assign 1 (unnatural), 2 (somewhat natural) "
        "or 3 (natural).",
    ),
    "coherence": (
        "Coherence (1–3)", (1, 3),
        "Are the user's and the system's utterances relevant to and coherent with the dialogue context?",
        "1. Read the dialogue turn by turn.\n2. Check that each utterance follows from what was said before "
        "and stays on the user's request.\n3. Assign 1 (incoherent), 2 (partly coherent) or 3 (coherent).",
    ),
    "efficiency": (
        "Efficiency (1–3)", (1, 3),
        "Are the system's reasoning and actions to perform the user's request efficient and natural?",
        "1. Read the system's thoughts and actions.\n2. Check that the system asks only for what it needs, "
        "calls the right APIs and does not take needless steps.\n3. Assign 1 (inefficient), 2 (somewhat "
        "efficient) or 3 (efficient).",
    ),
    "correctness": (
        "Correctness (0–1)", (0, 1),
        "Is the system's response consistent with the output of the API call?",
        "1. Read the API call results.\n2. Read the system's responses after each call.\n3. Assign 1 if every "
        "fact the system reports matches the API results, 0 otherwise.",
    ),
}
#: Table 3 of the paper: criterion -> (G-Eval, humans).
PAPER_TABLE3: dict[str, tuple[float, float]] = {
    "naturalness": (2.28, 2.54),
    "coherence": (2.58, 2.81),
    "efficiency": (2.81, 2.60),
    "correctness": (0.90, 0.95),
}

_SYSTEM = """\
You will be given a dialogue between a user and a tool-augmented system (TALM) that calls APIs to serve the \
user. System turns show the system's action and thought; API calls show their results.

Your task is to rate the dialogue on one metric. Read these instructions carefully and refer back to them.

Evaluation Criteria:
{name} ({low}-{high}) - {definition}

Evaluation Steps:
{steps}

Answer with the score only: a single number from {low} to {high}."""


class DialogueQuality(BaseModel):
    """Scores of one dialogue: criterion -> mean of the parsable samples (None: no parsable sample / n.a.)."""

    dialogue_id: str
    sequence_id: str = ""
    scores: dict[str, float | None] = Field(default_factory=dict)
    malformed: dict[str, int] = Field(default_factory=dict)  # criterion -> unparsable samples
    errors: dict[str, str] = Field(default_factory=dict)  # criterion -> request error


class QualityReport(BaseModel):
    """The judge's verdict on a sample: per-criterion means plus what could not be scored."""

    judge_model: str
    samples: int
    criteria: list[str] = Field(default_factory=lambda: list(CRITERIA))
    prompt_version: str = PROMPT_VERSION
    dialogues: list[DialogueQuality]

    def mean(self, criterion: str) -> float | None:
        values = [d.scores[criterion] for d in self.dialogues if d.scores.get(criterion) is not None]
        return mean(values) if values else None  # type: ignore[arg-type]

    def scored(self, criterion: str) -> int:
        return sum(1 for d in self.dialogues if d.scores.get(criterion) is not None)

    def malformed(self, criterion: str) -> int:
        return sum(d.malformed.get(criterion, 0) for d in self.dialogues)

    def failed_requests(self, criterion: str) -> int:
        return sum(1 for d in self.dialogues if criterion in d.errors)

    def summary(self) -> dict[str, Any]:
        return {
            "judge_model": self.judge_model, "samples_per_criterion": self.samples,
            "prompt_version": self.prompt_version, "dialogues": len(self.dialogues),
            "criteria": {c: {"mean": self.mean(c), "scored": self.scored(c), "malformed_samples": self.malformed(c),
                             "failed_requests": self.failed_requests(c)} for c in self.criteria},
        }

    def table(self) -> str:
        """Table 3 layout: our G-Eval next to the paper's G-Eval and human scores."""
        header = f"{'Criterion':<20} {'G-Eval':>7} {'n':>5} {'malformed':>9}   {'paper G-Eval':>12} {'paper Humans':>12}"
        lines = [f"Dialogue quality ({len(self.dialogues)} dialogues, judge {self.judge_model}, "
                 f"{self.samples} sample(s) per criterion)", header, "-" * len(header)]
        for criterion in self.criteria:
            label = CRITERIA[criterion][0]
            value = self.mean(criterion)
            shown = f"{value:.2f}" if value is not None else "–"
            paper_g, paper_h = PAPER_TABLE3[criterion]
            lines.append(f"{label:<20} {shown:>7} {self.scored(criterion):>5} {self.malformed(criterion):>9}   "
                         f"{paper_g:>12.2f} {paper_h:>12.2f}")
        lines.append("n: dialogues scored; malformed: judge samples that were not a score in range.")
        return "\n".join(lines)


#: Validator kinds about the world inside a dialogue (issue 11), with what each one catches.
RULE_CHECKS: dict[str, str] = {
    "filler": "filler tokens in mock data",
    "consistency": "records contradicting themselves or the world",
    "groups": "coordinates not from one origin",
    "answer": "response not reporting goal fields",
    "plausible": "chains a careful reader would reject",
}
#: Kinds checked only against a corpus (the documented APIs), as in ``tooldial validate --corpus``.
CORPUS_CHECKS = ("plausible",)
#: Validator kinds that stop a record before the world checks run.
_BLOCKING = ("schema", "sequence")


class RuleCheckReport(BaseModel):
    """Dialogues failing each world check of the validator; ``unchecked``: records too broken to check.

    ``failing`` holds the corpus-only kinds (``plausible``) only when a corpus was given: without one they were
    not checked, which is not 0 failing; ``plausible_kinds`` counts the failing chains by reason."""

    dialogues: int
    corpus: str | None = None
    failing: dict[str, int] = Field(default_factory=dict)
    unchecked: int = 0
    examples: dict[str, str] = Field(default_factory=dict)  # kind -> "dialogue_id: first problem"
    plausible_kinds: dict[str, int] = Field(default_factory=dict)  # chain check (ChainCheck's name) -> dialogues
    #: world check -> the typed check it broke ("ohlc", "start after end": the check's name) -> dialogues
    world_rules: dict[str, dict[str, int]] = Field(default_factory=dict)

    def table(self) -> str:
        lines = [f"Rule checks ({self.dialogues} dialogues, no model needed"
                 + (f", corpus {self.corpus})" if self.corpus else ")")]
        for kind, what in RULE_CHECKS.items():
            if kind not in self.failing:
                lines.append(f"  {kind:<12} {'–':>6} not checked (give --corpus)  {what}")
                continue
            n = self.failing[kind]
            lines.append(f"  {kind:<12} {n:>6} failing ({100.0 * n / max(self.dialogues, 1):.1f}%)  {what}")
            reasons = self.plausible_kinds if kind == "plausible" else self.world_rules.get(kind, {})
            lines += [f"  {'':<12} {m:>6}   {why}" for why, m in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))]
        if self.unchecked:
            lines.append(f"  {self.unchecked} dialogue(s) not checked: schema or sequence broken "
                         "(see `tooldial validate`)")
        lines.extend(f"  e.g. {kind}: {example}" for kind, example in self.examples.items())
        return "\n".join(lines)


def rule_checks(records: Iterable[DialogueRecord], corpus: Corpus | None = None) -> RuleCheckReport:
    """Count the world checks of :func:`tooldial.dialogue.validate.validate_record` per kind; with ``corpus``
    also ``plausible`` (chain plausibility against the documented APIs, as ``tooldial validate --corpus``)."""
    kinds_checked = [k for k in RULE_CHECKS if corpus is not None or k not in CORPUS_CHECKS]
    report = RuleCheckReport(dialogues=0, corpus=corpus.spec if corpus is not None else None,
                             failing=dict.fromkeys(kinds_checked, 0))
    for record in records:
        report.dialogues += 1
        checked = validate_record(record, corpus=corpus)
        problems = checked.problems
        kinds = {kind for kind, _ in problems}
        if kinds & set(_BLOCKING):
            report.unchecked += 1
            continue
        for kind in kinds_checked:
            if kind in kinds:
                report.failing[kind] += 1
                if kind not in report.examples:
                    message = next(m for k, m in problems if k == kind)
                    report.examples[kind] = f"{record.dialogue_id or '?'}: {message}"
        for why in checked.checks("plausible"):
            report.plausible_kinds[why] = report.plausible_kinds.get(why, 0) + 1
        for kind, why in {(k, c) for k, c in checked.checked if k in WORLD_CHECKS}:
            rules = report.world_rules.setdefault(kind, {})
            rules[why] = rules.get(why, 0) + 1
    return report


def parse_score(text: str, low: int, high: int) -> int | None:
    """The score in an answer (``"3"``, ``"Score: 2"``, ``"2/3"``, ``"true"`` for 0/1), or None."""
    stripped = text.strip().lower()
    if (low, high) == (0, 1):
        word = re.match(r"\W*(true|false|yes|no)\b", stripped)
        if word:
            return int(word.group(1) in ("true", "yes"))
    match = re.search(r"-?\d+(?:\.\d+)?", stripped)
    if not match:
        return None
    try:
        value = float(match.group(0))
    except ValueError:
        return None
    if not value.is_integer() or not low <= value <= high:
        return None
    return int(value)


def dialogue_text(record: DialogueRecord) -> str:
    """The dialogue as the judge reads it: utterances, system actions and thoughts, API call results."""
    lines: list[str] = []
    for speaker, turn in record.turns():
        if speaker == "User":
            lines.append(f"User ({turn.action}): {turn.message}")
            continue
        thought = f" [thought: {turn.thought}]" if getattr(turn, "thought", "") else ""
        if turn.action == "call":
            lines.append(f"System (call){thought}")
            lines.append("API call: " + json.dumps(turn.api_request, ensure_ascii=False, sort_keys=True))
            lines.append("API result: " + json.dumps(turn.api_response, ensure_ascii=False, sort_keys=True))
        elif turn.action == "retriever_call":
            lines.append(f"System (retriever_call){thought}")
        else:
            lines.append(f"System ({turn.action}){thought}: {turn.message}")
    return "\n".join(lines)


def has_response(record: DialogueRecord) -> bool:
    return "response" in record.turn_actions()


def sample_dialogues(records: Sequence[DialogueRecord], k: int, seed: int = 0) -> list[DialogueRecord]:
    """``k`` records spread over action sequences: round-robin over shuffled per-sequence groups."""
    if k >= len(records):
        return list(records)
    rng = random.Random(seed)
    groups: dict[str, list[DialogueRecord]] = defaultdict(list)
    for record in records:
        groups[record.sequence_id or "?"].append(record)
    order = sorted(groups)
    rng.shuffle(order)
    for key in order:
        rng.shuffle(groups[key])
    picked: list[DialogueRecord] = []
    while len(picked) < k:
        for key in order:
            if groups[key] and len(picked) < k:
                picked.append(groups[key].pop())
    return picked


class QualityJudge:
    """Score dialogues with an LLM judge. ``samples`` per (dialogue, criterion); temperature 1 when > 1."""

    def __init__(self, client: LLMClient, *, samples: int = 5, seed: int = 0, max_tokens: int = 8,
                 criteria: Iterable[str] = tuple(CRITERIA)) -> None:
        self.client = client
        self.samples = samples
        self.seed = seed
        self.max_tokens = max_tokens
        self.criteria = [c for c in CRITERIA if c in set(criteria)]  # Table 3 order

    def request(self, record: DialogueRecord, criterion: str) -> ChatRequest:
        label, (low, high), definition, steps = CRITERIA[criterion]
        system = _SYSTEM.format(name=criterion.capitalize(), low=low, high=high, definition=definition,
                                steps=steps)
        user = f"Dialogue:\n{dialogue_text(record)}\n\nEvaluation Form (score only):\n- {criterion.capitalize()}:"
        return ChatRequest(messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
                           temperature=1.0 if self.samples > 1 else 0.0, n=self.samples, seed=self.seed,
                           max_tokens=self.max_tokens)

    def score(self, records: Sequence[DialogueRecord], progress: bool = False) -> QualityReport:
        jobs: list[tuple[int, str]] = []
        requests: list[ChatRequest] = []
        results = [DialogueQuality(dialogue_id=r.dialogue_id or f"#{i}", sequence_id=r.sequence_id)
                   for i, r in enumerate(records)]
        for i, record in enumerate(records):
            for criterion in self.criteria:
                if criterion == "correctness" and not has_response(record):
                    results[i].scores[criterion] = None  # nothing to check against an API result
                    continue
                jobs.append((i, criterion))
                requests.append(self.request(record, criterion))
        answers = self.client.chat(requests, progress="judge" if progress else False)
        for (i, criterion), answer in zip(jobs, answers, strict=True):
            low, high = CRITERIA[criterion][1]
            if answer.error is not None:
                results[i].errors[criterion] = answer.error
                results[i].scores[criterion] = None
                continue
            parsed = [parse_score(text, low, high) for text in answer.texts]
            good = [p for p in parsed if p is not None]
            results[i].malformed[criterion] = len(parsed) - len(good)
            results[i].scores[criterion] = mean(good) if good else None
        return QualityReport(judge_model=self.client.model, samples=self.samples, criteria=self.criteria,
                             dialogues=results)
