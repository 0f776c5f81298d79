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
from tooldial.dialogue.intents.personas import persona_of
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
from tooldial.dialogue.schema_checks import is_raw_slot_name, slot_name_problems
from tooldial.knowledge import loader

GOAL_PROMPT = """\
Write what a person types to an assistant. Write only the person's own words, never the assistant's reply.
The person is {persona}{reason}.
{need}
{band}{value}
One or two short sentences, in the first person. Do not name any API, service or app. \
Answer with the message only."""

#: The clear request that follows a vague opening, once the assistant has asked what exactly is needed.
CLEAR_PROMPT = """\
Write what a person types to an assistant. Write only the person's own words, never the assistant's reply.
They asked for help, and the assistant has just asked what exactly they need.
What they need: {need}{value}
One or two short sentences, in the first person; no greeting, do not introduce yourself. Do not name any API, \
service or app. Answer with the message only."""

#: How the opening must sound, per retriever band.
BAND_TEXT = {
    "confirm": "Say clearly what they want.",
    "suggest": "In one short sentence, say roughly what they want, without the details.",
    "clarify": "In one short sentence, say only that they need help with it, not what exactly.",
}

MIN_WORDS, MAX_WORDS = 4, 45
#: A vague opening (suggest, clarify bands) is short: a longer one copies the documentation.
MAX_VAGUE_WORDS = 25

#: A sentence that only greets ("Hey there!", "Hello, assistant!"): dropped from a longer answer (a repair).
_GREETING_ONLY = re.compile(r"^(?:" + "|".join(loader.ordered_words("replies", "greeting")) +
                            r")\b[\s,]*(?:[A-Za-z]+[\s,]*)?[.!?]*$", re.IGNORECASE)


#: Words of the documentation a user does not say ("this endpoint", "the Numerology API").
_CODE_WORDS = re.compile(r"\b(?:this |the )?(?:APIs?|endpoints?)\b", re.IGNORECASE)


def _api_line(corpus: Corpus, api_id: str) -> str:
    """``name (tool) — description``, without the words "API" and "endpoint" (the model repeats them, and a user
    does not say them)."""
    api = corpus.get(api_id)

    def plain(text: str) -> str:
        return re.sub(r"\s+([,.;:])", r"\1", " ".join(_CODE_WORDS.sub(" ", text).split())).strip(" -—:,.")

    text, name, tool = plain(api.description or "")[:200], plain(api.name), plain(api.tool)
    head = f"{name} ({tool})" if tool and tool.lower() != name.lower() else name
    return f"{head} — {text}" if text and text.lower() != name.lower() else head


def goal_prompt(corpus: Corpus, scenario: ScenarioInstruction, band: str, value: str | None, label: str = "",
                *, clear: bool = False) -> list[dict[str, str]]:
    """The one-message chat of an opening request (short: a 1.5B model reads it on CPU), or, with ``clear``, of
    the clear request that follows a vague opening (the opening is not quoted: the 1.5B model repeats it).

    A ``clarify`` opening is not shown what the user needs, only their topic ("my trip"): a model shown the
    documentation writes a specific request, and the retriever then finds the API (the band needs it not to).
    """
    value_text = f'\nMention their {label or "value"}: "{value}", exactly as written.' if value else \
        "\nDo not give any specific value (no names, numbers, dates or ids)."
    need = _api_line(corpus, scenario.target)
    if scenario.source:
        need += f" (first this: {_api_line(corpus, scenario.source)})"
    if clear:
        return [{"role": "user", "content": CLEAR_PROMPT.format(need=need, value=value_text)}]
    user = scenario.user
    persona = user.persona if user is not None else "someone"
    reason = f", {_their(user.reason)}" if user is not None and user.reason else ""
    if band == "clarify":
        topic = _their(persona_of(corpus.get(scenario.target))[2])
        need = f"They want help with something about {topic}."
    else:
        need = f"What they need: {need}"
    return [{"role": "user", "content": GOAL_PROMPT.format(persona=persona, reason=reason, need=need,
                                                           band=BAND_TEXT[band], value=value_text)}]


def _their(text: str) -> str:
    """A persona's first-person phrase ("for my app") as the prompt speaks of them ("for their app")."""
    return re.sub(r"\bmy\b", "their", re.sub(r"\bI\b", "they", text))


def repair_goal(text: str) -> tuple[str, list[str]]:
    """``text`` with a greeting-only first sentence dropped and cut to two sentences, when it has more than two
    (the 1.5B model often writes "Hey there! I need X. Can you help?"); and what was done, for the counts."""
    sentences = [x for x in _SENTENCE.split(text.strip()) if x]
    done = []
    if len(sentences) > 2 and _GREETING_ONLY.match(sentences[0]):
        sentences = sentences[1:]
        done.append("greeting dropped")
    if len(sentences) > 2:
        sentences = sentences[:2]
        done.append("cut to two sentences")
    return (" ".join(sentences), done) if done else (text, [])


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


def goal_problems(text: str, scenario: ScenarioInstruction, value: str | None, *, truncated: bool = False,
                  band: str = "confirm") -> list[str]:
    """Why ``text`` is not an acceptable opening request (``[]`` when it is); ``value``: what it must state."""
    if not text.strip():
        return ["empty"]
    problems = []
    if truncated:
        problems.append("cut off at max_tokens")
    words = len(text.split())
    if not MIN_WORDS <= words <= MAX_WORDS:
        problems.append(f"length outside {MIN_WORDS}-{MAX_WORDS} words")
    elif band != "confirm" and words > MAX_VAGUE_WORDS:
        problems.append(f"over {MAX_VAGUE_WORDS} words for a vague opening")
    if len([s for s in _SENTENCE.split(text.strip()) if s]) > 2:
        problems.append("more than two sentences")
    if _DEBRIS.search(text) or _CODE_WORDS.search(text) or re.search(r"[<>\[\]`]|https?://", text):
        problems.append("prompt debris or placeholders")
    if _NARRATION.search(text) or re.match(r"\s*(?:the|a|an) (?:user|customer)\b", text, re.IGNORECASE):
        problems.append("talks about the user instead of as the user")
    if _ASSISTANT_VOICE.search(text):
        problems.append("in the assistant's voice")
    if not _FIRST.search(text) and not text.rstrip().endswith("?"):
        problems.append("not in the first person")
    if value and value not in text:
        problems.append("missing the value to state")
    if any(n not in (value or "") for n in re.findall(r"\b\d+\b", text)):
        problems.append("states a number the dialogue does not hold")
    low = text.lower()
    if any(re.search(rf"(?<!\w){re.escape(v.lower())}(?!\w)", low) for v in other_values(scenario, value)):
        problems.append("states a value the dialogue gives later")
    names = {b.name for b in scenario.apis}
    if any(is_raw_slot_name(n) and n.lower() in low for n in names):
        problems.append("names an API as code")
    slots = {n for b in scenario.apis for n in (*b.required_parameters, *b.optional_parameters)}
    if slot_name_problems([(0, text)], slots):  # the validator's own check
        problems.append("spells a slot name as code")
    return problems


def answer_text(raw: str) -> str:
    """The message in a model's answer (first paragraph, labels and quotes stripped)."""
    return clean_message(raw)


def first_band(scenario: ScenarioInstruction, built: Any) -> tuple[str, str | None, str]:
    """(band of the first intent utterance, the value it must state or None, that value's slot in words), from
    what the scenario was built from (``generate._Built``)."""
    cond = built.plan.sequence.conditions
    if built.opening is not None:
        return {"clarify": "clarify", "suggest": "suggest"}.get(cond.opening, "confirm"), None, ""
    return clear_band(built)


def clear_band(built: Any) -> tuple[str, str | None, str]:
    """(band, value, slot in words) of the clear request: the first intent, or the one after a vague opening (the
    value the scenario adds to its intent goes there, never into a vague opening)."""
    from tooldial.dialogue.planner import label

    slot = built.plan.added_slot
    value = str(built.plan.target.values.get(slot, "")) or None if built.adds_value and slot else None
    return "confirm", value, label(slot, built.plan.target.api) if value else ""
