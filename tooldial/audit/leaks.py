"""Leak checks: gold information visible in model inputs that the original release does not show.

Each check returns a :class:`Check` with the share of affected rows and a one-line verdict. ``leak`` means a
model input carries gold information the release keeps hidden; ``bias`` a shortcut the release shares (worth
knowing, not ours to fix); ``ok`` nothing found.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel

from tooldial.audit.diversity import tokens
from tooldial.knowledge import loader

Status = Literal["ok", "leak", "bias", "incoherent", "n/a"]


class Check(BaseModel):
    name: str
    status: Status
    rows: int
    affected: int
    verdict: str
    examples: list[str] = []

    @property
    def share(self) -> float:
        return self.affected / self.rows if self.rows else 0.0


def _check(name: str, rows: int, affected: int, examples: list[str], leak: str, ok: str,
           status_if: Status = "leak") -> Check:
    if not rows:
        return Check(name=name, status="n/a", rows=0, affected=0, verdict="no rows to check")
    status: Status = status_if if affected else "ok"
    share = f"{affected:,} of {rows:,} ({affected / rows:.1%})"
    return Check(name=name, status=status, rows=rows, affected=affected,
                 verdict=f"{share} {leak}" if affected else f"{ok} ({rows:,} rows)", examples=examples[:3])


def _json(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return None
    return value


def sft_tools_check(sft_rows: Sequence[dict[str, Any]], gold: dict[str, set[str]]) -> Check:
    """``sft.tools`` naming a dialogue's gold API before the prompt's history has shown that API.

    Function names map to API ids through ``tool_api_ids`` when the row has it (sanitized names), else they are
    the ids themselves.
    """
    affected, examples, rows = 0, [], 0
    for row in sft_rows:
        tools = _json(row.get("tools"))
        ids = _json(row.get("tool_api_ids")) or {}
        rows += 1
        names = {str((t.get("function") or {}).get("name", "")) for t in tools or [] if isinstance(t, dict)}
        apis = {str(ids.get(n, n)) if isinstance(ids, dict) else n for n in names}
        prompt = "".join(m.get("content", "") for m in row.get("messages") or [] if m.get("role") != "assistant")
        hidden = [a for a in apis & gold.get(row.get("dialogue_id", ""), set()) if a and a not in prompt]
        if hidden:
            affected += 1
            if len(examples) < 3:
                examples.append(f"{row.get('id')}: tools names {hidden[0]!r}, the prompt does not")
    return _check("sft.tools shows the gold API", rows, affected, examples,
                  "sft rows name a gold API in `tools` that the prompt has not shown yet (the release has no such "
                  "column: a model can read the answer of retrieval/DST from it)",
                  "no sft row names a gold API its prompt has not shown")


def history_lines_check(name: str, rows: Sequence[dict[str, Any]], prefix: str, why: str) -> Check:
    """Rows whose ``history`` holds a line starting with ``prefix`` (which the release removes there)."""
    affected, examples = 0, []
    for row in rows:
        history = row.get("history") or ""
        if any(line.startswith(prefix) for line in history.splitlines()):
            affected += 1
            if len(examples) < 3:
                examples.append(str(row.get("id")))
    return _check(name, len(rows), affected, examples, f"histories contain `{prefix.strip()}` lines ({why})",
                  f"no `{prefix.strip()}` lines")


_STOP = loader.words("stopwords", "clarify_question")


def _content_words(text: str) -> set[str]:
    return {t for t in tokens(text) if len(t) >= 4 and t.isalpha() and t not in _STOP}


def _api_words(api_id: str) -> set[str]:
    parts = re.split(r"[|_\-/\s]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", api_id))
    return {p.lower() for p in parts if len(p) >= 4 and p.isalpha()} - _STOP


def clarify_check(dialogue_rows: Sequence[dict[str, Any]]) -> Check:
    """Clarify messages naming words of the gold API (category, tool, name) that no user message said."""
    rows, affected, examples = 0, 0, []
    for row in dialogue_rows:
        gold = set().union(*(_api_words(a) for a in (row.get("source") or "", row.get("target") or "")),
                           _api_words(row.get("domain") or ""))
        said: set[str] = set()
        for turn in row.get("turns") or []:
            text = turn.get("message") or ""
            if turn.get("speaker") == "User":
                said |= _content_words(text)
                continue
            if turn.get("action") != "clarify":
                continue
            rows += 1
            named = sorted((_content_words(text) & gold) - said)
            if named:
                affected += 1
                if len(examples) < 3:
                    examples.append(f"{row.get('dialogue_id')}: {text!r} names {', '.join(named)}")
    return _check("clarify names what the user never said", rows, affected, examples,
                  "clarify messages name words of the gold API that no user message said (a cue the vague "
                  "user never gave)", "no clarify message names an unsaid word of the gold API")


def retriever_rank_check(dialogue_rows: Sequence[dict[str, Any]]) -> Check:
    """Intent retrievals that list the gold target API first (the release does this by construction)."""
    rows, affected = 0, 0
    for row in dialogue_rows:
        target = row.get("target")
        for turn in row.get("turns") or []:
            if turn.get("action") != "retriever_call":
                continue
            status = turn.get("retriever_status")
            if isinstance(status, str):
                try:
                    status = json.loads(status)
                except ValueError:
                    continue
            retrieved = status.get("retrieved_api") if isinstance(status, dict) else None
            if not isinstance(retrieved, dict) or not retrieved:
                continue
            rows += 1
            best = max(retrieved.items(), key=lambda kv: float(kv[1]) if isinstance(kv[1], int | float) else 0.0)
            affected += best[0] == target and next(iter(retrieved)) == target
    return _check("gold API ranked first by the retriever", rows, affected, [],
                  "intent retrievals show the gold API first with the top score (the release does the same: its "
                  "retriever window starts at the gold API), so `retrieved first` predicts the API",
                  "the gold API is never ranked first", status_if="bias")


def repeated_pair_check(train_rows: Sequence[dict[str, Any]], test_rows: Sequence[dict[str, Any]]) -> Check:
    """Test dialogues whose action sequence and APIs (source, target) a train dialogue already has: the same
    dialogue with other values, so a model can score on them by memory (``--split-by api`` keeps APIs apart;
    ``generate`` repeats a pair only when every pool has run out of new ones)."""
    def pair(row: dict[str, Any]) -> tuple[str, str, str]:
        return str(row.get("sequence_id") or ""), str(row.get("source") or ""), str(row.get("target") or "")

    seen = {pair(r) for r in train_rows}
    hits = [(r.get("dialogue_id"), key) for r in test_rows if (key := pair(r)) in seen]
    examples = [f"{did}: {' -> '.join(a for a in (source, target) if a)} ({seq})" for did, (seq, source, target) in hits]
    return _check("test pairs seen in train", len(test_rows), len(hits), examples,
                  "test dialogues repeat the sequence and APIs of a train dialogue (the same dialogue with other "
                  "values; `--split-by api` keeps APIs apart)",
                  "no test dialogue repeats the sequence and APIs of a train dialogue", status_if="bias")
