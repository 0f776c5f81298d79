"""The ``goal`` role: the user's opening request written by the model from both APIs' documentation and the
scenario's user (one persona, one reason), then checked.

Checks (:func:`goal_problems`) before the retriever: one or two sentences of 4-45 words, first person, not in
the assistant's voice, no prompt debris or format labels, no placeholder brackets, no API name spelled as code,
the value the opening must state verbatim (``inform_intent_clear_add``), and no other value of the dialogue
(the user gives those when the system asks: the dialogue state must not hold a value the history never said,
nor miss one it did).
A text that passes is scored by the real retriever and kept only when its hits fit the turn's band (confirm,
suggest, clarify), as the composed intent utterances are: the retriever status stays true.
"""

from __future__ import annotations

import re
from typing import Any

from tooldial.corpus.models import Corpus
from tooldial.dialogue.render_llm import (
    _ASSISTANT_VOICE,
    _DEBRIS,
    _FIRST,
    _NARRATION,
    _SENTENCE,
    clean_message,
)
from tooldial.dialogue.render_template import scenario_strings
from tooldial.dialogue.scenario import ScenarioInstruction
from tooldial.dialogue.schema_checks import is_raw_slot_name

GOAL_PROMPT = """\
Write the first message a user sends to an assistant that can call APIs for them.
The user is {persona}{reason}.
What they need: {need}
{band}{value}
Write one or two short sentences in the first person, as the user. No names of APIs, no placeholders. \
Answer with the message only."""

#: How the opening must sound, per retriever band.
BAND_TEXT = {
    "confirm": "Say clearly what they want.",
    "suggest": "Say roughly what they want, without every detail.",
    "clarify": "Be vague: name the topic but not exactly what they want done.",
}

MIN_WORDS, MAX_WORDS = 4, 45


def _api_line(corpus: Corpus, api_id: str) -> str:
    api = corpus.get(api_id)
    text = " ".join((api.description or api.name).split())[:200]
    return f"{api.tool} — {text}"


def goal_prompt(corpus: Corpus, scenario: ScenarioInstruction, band: str, value: str | None, label: str = ""
                ) -> list[dict[str, str]]:
    """The one-message chat of an opening request (short: a 1.5B model reads it on CPU)."""
    user = scenario.user
    persona = user.persona if user is not None else "someone"
    reason = f", {user.reason}" if user is not None and user.reason else ""
    need = _api_line(corpus, scenario.target)
    if scenario.source:
        need += f" (first this: {_api_line(corpus, scenario.source)})"
    value_text = f'\nMention their {label or "value"}: "{value}", exactly as written.' if value else \
        "\nDo not give any specific value (no names, numbers, dates or ids)."
    return [{"role": "user", "content": GOAL_PROMPT.format(persona=persona, reason=reason, need=need,
                                                           band=BAND_TEXT[band], value=value_text)}]


def other_values(scenario: ScenarioInstruction, value: str | None) -> list[str]:
    """Values of the dialogue the opening must not state (every one but ``value``), three characters or more."""
    slot_names = set()
    for turn in scenario.turns:
        c = turn.content
        slot_names |= {str(s) for s in (*c.get("values", {}), *c.get("slots", []), *c.get("missing", []),
                                          *c.get("facts", {}))}
    if scenario.user is not None:
        slot_names |= set(scenario.user.known) | set(scenario.user.unknown)
    called = [str(v) for t in scenario.turns for part in ("required_parameters", "optional_parameters")
              for v in (t.api_request.get(part) or {}).values()]
    return sorted({s for s in (*scenario_strings(scenario), *called) if len(s) >= 3 and s != value
                   and s not in slot_names and not (value and s in value)})


def goal_problems(text: str, scenario: ScenarioInstruction, value: str | None, *, truncated: bool = False
                  ) -> list[str]:
    """Why ``text`` is not an acceptable opening request (``[]`` when it is); ``value``: what it must state."""
    if not text.strip():
        return ["empty"]
    problems = []
    if truncated:
        problems.append("cut off at max_tokens")
    words = len(text.split())
    if not MIN_WORDS <= words <= MAX_WORDS:
        problems.append(f"length outside {MIN_WORDS}-{MAX_WORDS} words")
    if len([s for s in _SENTENCE.split(text.strip()) if s]) > 2:
        problems.append("more than two sentences")
    if _DEBRIS.search(text) or re.search(r"[<>\[\]]|\bAPI\b|https?://", text):
        problems.append("prompt debris or placeholders")
    if _NARRATION.search(text) or re.match(r"\s*(?:the|a|an) (?:user|customer)\b", text, re.IGNORECASE):
        problems.append("talks about the user instead of as the user")
    if _ASSISTANT_VOICE.search(text):
        problems.append("in the assistant's voice")
    if not _FIRST.search(text) and not text.rstrip().endswith("?"):
        problems.append("not in the first person")
    if value and value not in text:
        problems.append("missing the value to state")
    low = text.lower()
    if any(re.search(rf"(?<!\w){re.escape(v.lower())}(?!\w)", low) for v in other_values(scenario, value)):
        problems.append("states a value the dialogue gives later")
    names = {b.name for b in scenario.apis}
    if any(is_raw_slot_name(n) and n.lower() in low for n in names):
        problems.append("names an API as code")
    return problems


def answer_text(raw: str) -> str:
    """The message in a model's answer (first paragraph, labels and quotes stripped)."""
    return clean_message(raw)


def first_band(scenario: ScenarioInstruction, built: Any) -> tuple[str, str | None, str]:
    """(band of the first intent utterance, the value it must state or None, that value's slot in words), from
    what the scenario was built from (``generate._Built``)."""
    from tooldial.dialogue.planner import label

    cond = built.plan.sequence.conditions
    if built.opening is not None:
        return {"clarify": "clarify", "suggest": "suggest"}.get(cond.opening, "confirm"), None, ""
    value, slot = None, built.plan.added_slot
    if built.adds_value and slot:
        value = str(built.plan.target.values.get(slot, "")) or None
    return "confirm", value, label(slot) if value else ""
