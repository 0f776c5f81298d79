"""Surface diversity of the utterances: distinct-n, repetition, templates with values masked, openers, lengths.

Definitions (all over the non-empty messages of a group: one speaker, or one speaker's action):

- **distinct-n**: distinct word n-grams / all word n-grams (Li et al., 2016), tokens from :func:`tokens`;
  distinct-2 is also given with person names masked (:func:`person_names`), to show what names alone add;
- **size-matched distinct-2** (:func:`windowed_distinct_2`): the mean distinct-2 over consecutive windows of
  :data:`WINDOW_BIGRAMS` bigrams; distinct-n falls as a corpus grows (more text, the same frames), so only
  figures over the same amount of text compare two datasets of different sizes;
- **repeated**: share of utterances whose exact text occurs more than once in the group;
- **templates**: distinct utterances once every value of the dialogue (mock data, call results, states) and
  every number is replaced by a placeholder — an estimate of how many phrasings the generator has;
- **leads**: distinct first sentences of the templates (the phrasing that carries the act);
- **openers**: distinct first three tokens.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

_TOKEN = re.compile(r"\w+")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
VALUE = "<v>"
#: The user group without ``inform_intent_*`` turns (their wording is fixed before rendering).
USER_WITHOUT_INTENTS = "User (without intents)"


def tokens(text: str) -> list[str]:
    """Lowercased word tokens (``\\w+``; punctuation does not count as a token)."""
    return _TOKEN.findall(text.lower())


def distinct_n(token_lists: Iterable[Sequence[str]], n: int) -> float:
    """Distinct n-grams / total n-grams over all utterances (0.0 when there are none)."""
    seen: set[tuple[str, ...]] = set()
    total = 0
    for toks in token_lists:
        for i in range(len(toks) - n + 1):
            seen.add(tuple(toks[i:i + n]))
            total += 1
    return len(seen) / total if total else 0.0


#: Bigrams per window of the size-matched distinct-2: about the user side of 250 dialogues of ``tooldial build``,
#: and of the AutoDE GPT-3.5 user transcripts (22,000 bigrams), so the figures compare with theirs.
WINDOW_BIGRAMS = 20_000


def windowed_distinct_2(token_lists: Iterable[Sequence[str]], window: int = WINDOW_BIGRAMS) -> float | None:
    """Mean distinct-2 over consecutive windows of whole utterances (in order) of at least ``window`` bigrams;
    the last, shorter window is left out. None when there is less text than one window."""
    scores: list[float] = []
    seen: set[tuple[str, str]] = set()
    total = 0
    for toks in token_lists:
        pairs = list(zip(toks, toks[1:], strict=False))
        seen.update(pairs)
        total += len(pairs)
        if total >= window:
            scores.append(len(seen) / total)
            seen, total = set(), 0
    return sum(scores) / len(scores) if scores else None


def _leaves(value: Any) -> Iterable[str]:
    if isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, list):
        for v in value:
            yield from _leaves(v)
    elif isinstance(value, str) and value.startswith(("{", "[")):
        try:
            yield from _leaves(json.loads(value))
        except ValueError:
            yield value
    elif value is not None and not isinstance(value, bool):
        yield str(value)


def _parameter_names(value: Any) -> Iterable[str]:
    """Keys of every ``required_parameters`` / ``optional_parameters`` dict (slot names, also spelt with spaces)."""
    if isinstance(value, str) and value.startswith("{"):
        try:
            value = json.loads(value)
        except ValueError:
            return
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in ("required_parameters", "optional_parameters") and isinstance(inner, dict):
                for name in inner:
                    yield str(name)
                    yield str(name).replace("_", " ")
            else:
                yield from _parameter_names(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _parameter_names(inner)


def dialogue_values(row: dict[str, Any]) -> list[str]:
    """Every value and slot name a dialogue row carries (mock data, states, requests, call results), longest first."""
    found: set[str] = set()
    sources = [row.get("mockdata"), *(t.get(k) for t in row.get("turns") or []
                                      for k in ("dialogue_state", "api_request", "api_response"))]
    for source in sources:
        for leaf in [*_leaves(source), *_parameter_names(source)]:
            leaf = leaf.strip()
            if len(leaf) >= 2 and leaf.lower() not in {"true", "false", "none", "null"}:
                found.add(leaf)
    return sorted(found, key=lambda v: (-len(v), v))


def mask_values(text: str, values: Sequence[str]) -> str:
    """``text`` with every value or slot name in ``values`` (whole words) and every number replaced by ``<v>``."""
    if values:
        pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(v) for v in values) + r")(?!\w)")
        text = pattern.sub(VALUE, text)
    return _NUMBER.sub(VALUE, text)


class GroupStats(BaseModel):
    """Diversity of one group of utterances."""

    utterances: int
    distinct_utterances: int
    templates: int
    #: Distinct first sentences of the templates (the phrasing that carries the act, e.g. "Sorry, I don't know …").
    leads: int
    repeated: float
    distinct_1: float
    distinct_2: float
    distinct_3: float
    #: distinct-2 once every capitalised person name (Faker's en_US first and last names) is one token: what the
    #: names alone add (a renderer that adds names raises distinct-2, not the variety of its wording).
    distinct_2_names_masked: float = 0.0
    #: :func:`windowed_distinct_2` (None for a group with fewer than :data:`WINDOW_BIGRAMS` bigrams).
    distinct_2_size_matched: float | None = None
    openers: int
    mean_tokens: float
    median_tokens: float
    p90_tokens: float


class Utterance(BaseModel):
    speaker: str
    action: str
    text: str
    template: str


def collect_utterances(rows: Iterable[dict[str, Any]]) -> list[Utterance]:
    """The non-empty messages of every dialogue row, with their masked template."""
    out: list[Utterance] = []
    for row in rows:
        turns = row.get("turns") or []
        values = dialogue_values(row)
        relevant = None
        for turn in turns:
            text = turn.get("message") or ""
            if not text.strip():
                continue
            if relevant is None:  # only the values that occur in some message of this dialogue: a short regex
                joined = "\n".join(t.get("message") or "" for t in turns)
                relevant = [v for v in values if v in joined]
            out.append(Utterance(speaker=turn.get("speaker", ""), action=turn.get("action", ""), text=text,
                                 template=mask_values(text, relevant)))
    return out


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def first_sentence(text: str) -> str:
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0]


NAME = "_name_"
#: A capitalised word: only these are taken for names ("price", "day" and "may" are words as well).
_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")


@lru_cache(maxsize=1)
def person_names() -> frozenset[str]:
    """Lowercased first and last names of Faker's en_US lists (the names a renderer may put in a message)."""
    from faker import Faker

    person = Faker("en_US").provider("faker.providers.person")
    return frozenset(n.lower() for n in (*person.first_names_female, *person.first_names_male, *person.last_names))


def group_stats(utterances: Sequence[Utterance]) -> GroupStats:
    import numpy as np

    names = person_names()

    texts = Counter(u.text for u in utterances)
    toks = [tokens(u.text) for u in utterances]
    lengths = np.array([len(t) for t in toks] or [0])
    return GroupStats(
        utterances=len(utterances),
        distinct_utterances=len(texts),
        templates=len({u.template for u in utterances}),
        leads=len({first_sentence(u.template) for u in utterances}),
        repeated=sum(c for c in texts.values() if c > 1) / len(utterances) if utterances else 0.0,
        distinct_1=distinct_n(toks, 1),
        distinct_2=distinct_n(toks, 2),
        distinct_3=distinct_n(toks, 3),
        distinct_2_names_masked=distinct_n((tokens(_CAPITALISED.sub(lambda m: NAME if m.group(0).lower() in names
                                                                    else m.group(0), u.text))
                                            for u in utterances), 2),
        distinct_2_size_matched=windowed_distinct_2(toks),
        openers=len({tuple(t[:3]) for t in toks}),
        mean_tokens=float(lengths.mean()),
        median_tokens=float(np.median(lengths)),
        p90_tokens=float(np.percentile(lengths, 90)),
    )


class DiversityReport(BaseModel):
    by_speaker: dict[str, GroupStats]
    #: ``"User inform"`` → stats, every (speaker, action) with a message.
    by_action: dict[str, GroupStats]
    #: The most frequent utterances per speaker (text, count), for the report.
    top_utterances: dict[str, list[tuple[str, int]]]
    #: Token lengths per speaker (for the histogram).
    lengths: dict[str, list[int]]


def diversity(rows: Iterable[dict[str, Any]]) -> DiversityReport:
    utterances = collect_utterances(rows)
    speakers = sorted({u.speaker for u in utterances})
    by_speaker = {s: group_stats([u for u in utterances if u.speaker == s]) for s in speakers}
    # intent utterances are chosen for their retriever scores, not written by the renderer: shown apart too
    rest = [u for u in utterances if u.speaker == "User" and not u.action.startswith("inform_intent")]
    if rest:
        by_speaker[USER_WITHOUT_INTENTS] = group_stats(rest)
    keys = sorted({(u.speaker, u.action) for u in utterances}, key=lambda k: (k[0] != "User", k[1]))
    by_action = {f"{s} {a}": group_stats([u for u in utterances if (u.speaker, u.action) == (s, a)])
                 for s, a in keys}
    top = {s: Counter(u.text for u in utterances if u.speaker == s).most_common(8) for s in speakers}
    lengths = {s: [len(tokens(u.text)) for u in utterances if u.speaker == s] for s in speakers}
    return DiversityReport(by_speaker=by_speaker, by_action=by_action, top_utterances=top, lengths=lengths)
