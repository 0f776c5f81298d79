"""The ``openai`` renderer: utterances by an LLM behind any OpenAI-compatible endpoint, checked turn by turn,
with the offline renderer as the fallback — every run yields a complete dataset.

Two ways to ask (``mode``):

- ``turn`` (default): one request per turn, in dialogue order. The prompt holds the dialogue so far, the turn's
  action, situation, style, the system's thought and the call result (system turns), and the strings the
  message must contain; the model answers with the utterance only. Weak models manage this far better than a
  whole dialogue in JSON.
- ``dialogue``: as in the paper (§3.4, A.8), one request for the whole dialogue (the scenario in the A.8 layout;
  JSON, one ``{"turn", "action", "message"}`` per turn); turns whose message fails are then repaired per turn.
- ``paraphrase``: per turn, the model rewrites the template renderer's message (shown as a draft) under the
  same checks; an answer identical to the draft counts as the template's.
- ``sentence``: for small models. The template renderer's message is split into sentences; each sentence that
  carries no value and no slot name (asides, reasons, thanks, closers — never the act's core with its values)
  is sent alone with a one-line prompt (:data:`SENTENCE_PROMPT`) and the answer is kept only if it passes
  :func:`paraphrase_problems` (changed, no meta talk, same names and numbers, same speaker person and
  polarity, similar length, no loops); the re-assembled message must then pass :func:`turn_problems` as well,
  else the turn keeps its draft. A turn with at least one model sentence is marked ``openai``; the stats count
  sentences too (``llm_sentences`` of ``sentences``). Requests do not depend on each other, so each round is one
  batch over all dialogues.

Every message the model writes is checked (:func:`turn_problems`): non-empty, short, no prompt debris, every
required value verbatim, and the act recognisable (a ``fail_inform`` names what the user lacks and says they
do not know it, a ``negate`` says no, a ``request`` names what it asks for, a ``clarify`` asks…). A turn that
fails is asked again up to ``max_attempts`` times (the problems listed, a new seed at a higher temperature);
then the offline ``template`` renderer writes it. :attr:`RenderResult.rendered_by` marks each turn
(``openai``, ``template`` or ``fixed``), the stats count what the model got wrong, and the renderer logs the
LLM share of each batch.

Requests go through :class:`tooldial.llm.LLMClient`: bounded concurrency, the openai client's retries and a disk
cache written as each answer arrives. Each request depends only on the scenario and on the answers before it,
all cached, so an interrupted run resumes without asking the server again and a rerun sends nothing; the
same scenarios give the same dialogues.
"""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from tooldial.dialogue.renderer import RenderResult, check_messages
from tooldial.dialogue.scenario import ScenarioInstruction, TurnInstruction
from tooldial.dialogue.schema_checks import slot_name_problems
from tooldial.errors import ConfigError, LLMAnswerError
from tooldial.knowledge import loader
from tooldial.llm import ChatRequest, ChatResult, LLMClient, parse_json_answer
from tooldial.tasks.format import PREFIXES

log = logging.getLogger(__name__)

#: Bump when a prompt text changes (it is part of every cached request anyway; this names the version).
PROMPT_VERSION = "render-llm-2"

SYSTEM_PROMPT = """\
You write one dialogue of a dataset about a user and a tool-augmented assistant ("the system") that calls \
APIs for the user. You are given the relation between the APIs, the data the APIs exchange, and a scenario \
instruction: one block per turn with the turn's action, the situation the utterance must express, and for \
system turns the system's thought, retriever status and dialogue state.

Write the utterance of every turn listed under "Turns to write", following its situation and its style when \
one is given. Rules:
- keep each turn's action; the system never names an API directly;
- copy every string listed under "must contain verbatim" into that turn's message exactly as written;
- turns that are not listed are already written (or silent); do not rewrite them;
- each message is one or two natural sentences spoken by that turn's speaker.

Answer with JSON only, no prose: a list with one object per turn to write, in order:
[{"turn": <turn number>, "action": "<the turn's action>", "message": "<the utterance>"}]"""

TURN_PROMPT = """\
You write the next utterance of a dialogue between a user and an assistant ("the system") that calls APIs \
for the user. Write only what the speaker says: one or two natural sentences, no speaker name, no quotes, \
no explanation. The system never names an API. Copy every required string exactly as written."""

#: The whole prompt of ``sentence`` mode: short enough for a 135M model to follow.
SENTENCE_PROMPT = 'Paraphrase this sentence: "{sentence}"'

#: Longest message accepted from the model (characters).
MAX_CHARS = 500

#: What a drafted message of each act must show (tooldial/knowledge/packs/replies.yaml: patterns, case ignored).
_UNKNOWN = re.compile("|".join(loader.ordered_words("replies", "does_not_know")), re.IGNORECASE)
_NEGATION = re.compile("|".join(loader.ordered_words("replies", "says_no")), re.IGNORECASE)
_YES = re.compile("|".join(loader.ordered_words("replies", "says_yes")), re.IGNORECASE)
_BYE = re.compile("|".join(loader.ordered_words("replies", "says_goodbye")), re.IGNORECASE)
#: A user message written in the assistant's voice ("Sure, I can help you with that.", "How can I assist you?"):
#: a small model asked for the user's words often answers as the assistant it is.
_ASSISTANT_VOICE = re.compile("|".join(loader.ordered_words("replies", "speaks_as_assistant")), re.IGNORECASE)
#: Every line label of the ToolDial history format (``- Dialogue State:``, ``- Thought:``, ``- Action:``, … from
#: :data:`tooldial.tasks.format.PREFIXES`) and ``API:``: a message holding one is annotation, not speech.
#: Longest first (a label that starts another must not win), then by text: the same pattern under every hash seed.
_FORMAT_LABELS = sorted({p.strip().lstrip("- ").rstrip(":").strip() for p in PREFIXES.values()} | {"API", "Dialogue"},
                        key=lambda label: (-len(label), label))
_DEBRIS = re.compile(r"[{}|]|###|\bTurn \d|\b(?:Assistant|" + "|".join(re.escape(x) for x in _FORMAT_LABELS)
                     + r")\s*:|must contain|situation:", re.IGNORECASE)
#: Speaking about the participants instead of as one of them ("The user does not know…", "Thanks, user").
_NARRATION = re.compile(r"\b(?:user|system)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def _norm_action(action: Any) -> str:
    return str(action).strip().lower().replace(" ", "_").replace("-", "_")


def _words(name: str) -> str:
    return re.sub(r"[_\s]+", " ", name).strip().lower()


def clean_message(text: str) -> str:
    """The utterance in a model's plain-text answer: first paragraph, speaker label and quotes stripped."""
    text = text.strip().split("\n\n")[0].strip()
    text = re.sub(r"^(?:User|System|Assistant)\s*:\s*", "", text, flags=re.IGNORECASE)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1].strip()
    return " ".join(text.split())


def slot_names(scenario: ScenarioInstruction) -> tuple[str, ...]:
    """The parameter names of the scenario's APIs (what the validator's ``slot_names`` check reads)."""
    return tuple(sorted({n for b in scenario.apis for n in (*b.required_parameters, *b.optional_parameters)}))


def turn_problems(turn: TurnInstruction, message: str, previous: str = "", *, truncated: bool = False,
                  unsaid: Sequence[str] = (), slots: Sequence[str] = ()) -> list[str]:
    """Why ``message`` is not an acceptable utterance of ``turn`` (``[]`` when it is).

    ``truncated``: the answer stopped at ``max_tokens`` (a cut sentence is not a message). ``unsaid``: values of
    the dialogue nobody has said or returned yet and this turn does not give (:func:`unsaid_values`): a message
    holding one knows what it cannot know yet (a request that names the value it asks for). ``slots``: the
    parameter names of the dialogue's APIs (:func:`slot_names`): one spelled as code ("Please tell me
    countryCode") fails the validator's ``slot_names`` check, so the message is not kept.
    """
    if not message.strip():
        return ["empty message"]
    problems = []
    if slot_name_problems([(0, message)], slots):
        problems.append("spells a slot name as code")
    if turn.required_values and not re.search(r"[A-Za-z]{2,}", _without(message, turn.required_values)):
        problems.append("only the value, no sentence")
    early = [v for v in unsaid if re.search(rf"(?<!\w){re.escape(v)}(?!\w)", message)]
    if early:
        problems.append(f"says a value before it was given ({', '.join(early[:3])})")
    if truncated:
        problems.append("cut off at max_tokens")
    if len(message) > MAX_CHARS:
        problems.append(f"longer than {MAX_CHARS} characters")
    if _DEBRIS.search(message):
        problems.append("prompt debris in the message (braces, API ids, turn numbers, speaker labels)")
    if _NARRATION.search(message):
        problems.append("talks about the user or the system instead of speaking as one")
    if turn.speaker == "User" and _ASSISTANT_VOICE.search(message):
        problems.append("a user turn in the assistant's voice")
    if turn.situation and turn.situation.strip() in message or turn.thought and turn.thought.strip() in message:
        problems.append("copies the instructions")
    sentences = [x.strip().lower() for x in _SENTENCE.split(message) if x.strip()]
    if len(sentences) != len(set(sentences)):
        problems.append("repeats itself")
    for value in turn.required_values:
        if not turn.says(value, message):
            problems.append(f"missing required value {value!r}")
    if previous and message.strip().lower() == previous.strip().lower():
        problems.append("repeats the previous message")
    act, c, low = turn.sequence_action, turn.content, message.lower()
    if act == "fail_inform":
        missing = [_words(m) for m in c.get("missing", [])]
        if missing and not any(m in low for m in missing):
            problems.append(f"does not name what the user lacks ({', '.join(missing)})")
        if not _UNKNOWN.search(message):
            problems.append("does not say the user does not know it")
    elif act == "request":
        slots = [_words(s) for s in c.get("slots", [])]
        if slots and not any(s in low for s in slots):
            problems.append(f"does not ask for {', '.join(slots)}")
    elif act == "negate" and not _NEGATION.search(message):
        problems.append("does not decline")
    elif act == "affirm" and (not _YES.search(message) or re.match(r"\s*no\b", low)):
        problems.append("does not accept")
    elif act in ("user_bye", "system_bye") and not _BYE.search(message):
        problems.append("does not thank or say goodbye")
    elif act in ("clarify", "suggest", "request-multi") and "?" not in message:
        problems.append("asks no question")
    return problems


def _without(message: str, values: Sequence[str]) -> str:
    for v in sorted(values, key=len, reverse=True):
        message = message.replace(v, " ")
    return message


def unsaid_values(scenario: ScenarioInstruction, index: int, messages: Sequence[str]) -> list[str]:
    """Values of the dialogue (given by the user, returned by a call) that neither ``messages[:index]`` nor a call
    result before turn ``index`` holds, and that turn ``index`` does not give; three characters or more."""
    turns = scenario.turns
    values: set[str] = set()
    for t in turns:
        c = t.content
        values |= {str(v) for v in c.get("values", {}).values()} | {str(v) for v in c.get("facts", {}).values()}
        values |= {str(v) for part in ("required_parameters", "optional_parameters")
                   for v in (t.api_request.get(part) or {}).values() if not isinstance(v, dict | list)}
    seen = " ".join(m for m in messages[:index] if m)
    seen += " " + " ".join(json.dumps(t.api_response, ensure_ascii=False) for t in turns[:index] if t.api_response)
    seen += " " + " ".join(t.fixed_message or "" for t in turns[:index])
    here = turns[index]
    mine = set(here.required_values) | {str(v) for v in here.content.get("values", {}).values()}
    return sorted(v for v in values if len(v) >= 3 and v not in mine and v not in seen
                  and not any(v in m for m in mine))


_META = re.compile(r"\b(" + "|".join(loader.ordered_words("replies", "meta_talk")) + r")\b", re.IGNORECASE)
_NEG_WORD = re.compile(r"\b(" + "|".join(loader.ordered_words("replies", "negation_words")) + r")\b|n't\b", re.IGNORECASE)
_FIRST = re.compile(r"\b(" + "|".join(loader.ordered_words("replies", "first_person")) + r")\b", re.IGNORECASE)
_SECOND = re.compile(r"\b(" + "|".join(loader.ordered_words("replies", "second_person")) + r")\b", re.IGNORECASE)
_LOOP = re.compile(r"\b(\w+(?:\W+\w+){0,3})\W+\1\W+\1\b|\b(\w+(?:\W+\w+){1,3})\W+\2\b", re.IGNORECASE)


#: Four-letter word stems too common to show that a paraphrase kept the meaning.
_STOP = loader.words("stopwords", "paraphrase_stems")


def _names(text: str) -> set[str]:
    """Capitalised words that are not a sentence's first word or "I" (names, towns)."""
    out = set()
    for sentence in _SENTENCE.split(text):
        words = re.findall(r"[A-Za-z][\w'-]*", sentence)
        out |= {w for w in words[1:] if w[:1].isupper() and not re.fullmatch(r"I('\w+)?", w)}
    return out


def paraphrase_problems(draft: str, answer: str) -> list[str]:
    """Why ``answer`` is not a faithful paraphrase of the value-free sentence ``draft`` (``[]`` when it is)."""
    if not answer.strip():
        return ["empty"]
    norm = lambda t: " ".join(re.findall(r"\w+", t.lower()))  # noqa: E731
    problems = []
    if norm(answer) == norm(draft):
        problems.append("unchanged")
    if _META.search(answer) and not _META.search(draft):
        problems.append("talks about the task")
    n_draft, n_answer = len(draft.split()), len(answer.split())
    if not 0.5 <= n_answer / max(1, n_draft) <= 1.8:
        problems.append("length differs too much")
    if len([x for x in _SENTENCE.split(answer.strip()) if x]) > 2:
        problems.append("more than two sentences")
    if _names(answer) != _names(draft):
        problems.append("names differ")
    if re.findall(r"\d+", answer) != re.findall(r"\d+", draft):
        problems.append("numbers differ")
    if bool(_NEG_WORD.search(answer)) != bool(_NEG_WORD.search(draft)):
        problems.append("polarity changed")
    if bool(_FIRST.search(answer)) != bool(_FIRST.search(draft)) \
            or bool(_SECOND.search(answer)) != bool(_SECOND.search(draft)):
        problems.append("speaker or addressee changed")
    if _LOOP.search(answer) and not _LOOP.search(draft):
        problems.append("repeats itself")
    if _DEBRIS.search(answer) or '"' in answer:
        problems.append("prompt debris")
    if answer.rstrip().endswith("?") != draft.rstrip().endswith("?"):
        problems.append("question and statement swapped")
    stems = lambda t: {w[:4] for w in re.findall(r"[a-z]{4,}", t.lower())} - _STOP  # noqa: E731
    kept = stems(draft) & stems(answer)
    if stems(draft) and len(kept) < 0.5 * len(stems(draft)):
        problems.append("meaning drifts (too few of the draft's words)")
    return problems


def paraphrasable(turn: TurnInstruction, sentence: str, dialogue_strings: Sequence[str] = ()) -> bool:
    """A sentence of ``turn``'s draft the ``sentence`` mode may send: three words or more, no digit, no required
    value, no value or slot name of the turn's content or of the dialogue (``dialogue_strings``: a goodbye may
    echo the answer), so the act's core stays as the template wrote it."""
    if len(sentence.split()) < 3 or re.search(r"\d", sentence):
        return False
    c = turn.content
    protected = [*turn.required_values, *map(str, c.get("values", {})), *map(str, c.get("values", {}).values()),
                 *map(str, c.get("missing", [])), *map(str, c.get("slots", [])), *map(str, c.get("options", [])),
                 *map(str, c.get("facts", {})), *map(str, c.get("facts", {}).values()), str(c.get("pick_by", "")),
                 str(c.get("why", "")), str(c.get("clause", "")), *dialogue_strings]
    low = sentence.lower()
    return not any(p and re.search(rf"(?<!\w){re.escape(form)}(?!\w)", low)
                   for p in protected for form in {p.lower(), _words(p)} if form)


# --- prompts ------------------------------------------------------------------------------------------------


def _turn_block(scenario: ScenarioInstruction, index: int, turn: TurnInstruction) -> str:
    """Turn ``index`` in the A.8 layout (the scenario's own ``to_prompt``), numbered and marked."""
    block = scenario.model_copy(update={"turns": [turn]}).to_prompt()
    if turn.fixed_message is not None:
        mark = "silent, no message" if not turn.fixed_message else "already written"
    elif turn.is_silent:
        mark = "silent, no message"
    else:
        mark = "write this turn"
    return f"### Turn {index} ({mark})\n{block}"


def renderable_turns(scenario: ScenarioInstruction) -> list[int]:
    """Indices of the turns the LLM writes (neither fixed nor silent)."""
    return [i for i, t in enumerate(scenario.turns) if t.fixed_message is None and not t.is_silent]


def build_prompt(scenario: ScenarioInstruction, feedback: Sequence[str] = ()) -> list[dict[str, str]]:
    """The whole-dialogue chat messages for one scenario; ``feedback`` lists the problems of a previous answer."""
    parts = []
    if scenario.relation:
        parts.append(f"Relation between the APIs: {scenario.relation}")
    parts.append(f"User query: {scenario.query}")
    for api in scenario.apis:
        parts.append(f"API {api.api_id}: {api.description}".rstrip(": "))
    parts.append("Scenario instruction:\n\n" + "\n\n".join(
        _turn_block(scenario, i, t) for i, t in enumerate(scenario.turns)))
    todo = renderable_turns(scenario)
    parts.append("Turns to write: " + ", ".join(str(i) for i in todo))
    if feedback:
        parts.append("Your previous answer was rejected:\n" + "\n".join(f"- {p}" for p in feedback)
                     + "\nWrite the answer again and fix these problems.")
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": "\n\n".join(parts)}]


def build_turn_prompt(scenario: ScenarioInstruction, index: int, messages: Sequence[str],
                      feedback: Sequence[str] = (), draft: str | None = None) -> list[dict[str, str]]:
    """The chat messages asking for turn ``index`` alone, ``messages[:index]`` being the dialogue so far;
    with ``draft`` (``paraphrase`` mode) the model rewrites that message instead of writing from scratch."""
    turn = scenario.turns[index]
    history = [f"{t.speaker}: {m}" for t, m in zip(scenario.turns[:index], messages[:index], strict=True) if m]
    parts = []
    goal = getattr(scenario, "user", None)
    if goal is not None and getattr(goal, "situation", ""):
        parts.append(f"The user: {goal.situation}")
    parts.append("Dialogue so far:\n" + ("\n".join(history) if history else "(nothing yet)"))
    lines = [f"Now write the {turn.speaker.lower()}'s next message.",
             f"Action: {turn.sequence_action} ({turn.description})", f"Situation: {turn.situation}"]
    if turn.style:
        lines.append(f'Style: follow this format: "{turn.style}"')
    if turn.speaker == "System" and turn.thought:
        lines.append(f"The system thinks: {turn.thought}")
    if turn.speaker == "System" and turn.api_response and turn.sequence_action == "response":
        lines.append(f"API call result: {turn.api_response.get('result', turn.api_response)}")
    if turn.required_values:
        lines.append("The message must contain, exactly as written: "
                     + ", ".join(f'"{v}"' for v in turn.required_values))
    if draft:
        lines.append(f'Rewrite this draft in your own words, keeping its meaning: "{draft}"')
    parts.append("\n".join(lines))
    if feedback:
        parts.append("Your previous message was rejected: " + "; ".join(feedback) + ". Write it again.")
    return [{"role": "system", "content": TURN_PROMPT}, {"role": "user", "content": "\n\n".join(parts)}]


def messages_from_answer(scenario: ScenarioInstruction, text: str) -> tuple[list[str] | None, list[str]]:
    """Validate a whole-dialogue answer: ``(messages, [])`` when every turn is right, else ``(None, problems)``.

    ``messages`` has one entry per scenario turn: the model's message verbatim for the turns it wrote, the
    fixed message or ``""`` for the others. (:meth:`LLMRenderer.render` keeps the right turns of an answer
    that is partly wrong; this all-or-nothing view is for callers that want the whole dialogue.)
    """
    written, problems = _turns_from_answer(scenario, text)
    messages: list[str] = []
    for i, turn in enumerate(scenario.turns):
        if i not in written:
            messages.append(turn.fixed_message if turn.fixed_message is not None else "")
            continue
        message, turn_issues = written[i]
        problems += turn_issues
        messages.append(message)
    problems += [p for p in check_messages(scenario, messages) if p not in problems]
    return (None, problems) if problems else (messages, [])


def _turns_from_answer(scenario: ScenarioInstruction, text: str) -> tuple[dict[int, tuple[str, list[str]]], list[str]]:
    """Per renderable turn of a JSON answer: ``(message, problems)``; plus problems of the answer as a whole."""
    try:
        answer = parse_json_answer(text, expect=(list, dict))
    except LLMAnswerError as exc:
        return {}, [f"answer is not JSON ({exc.problem})"]
    if isinstance(answer, dict):  # JSON mode forces an object: accept {"turns": [...]} or one turn
        answer = answer.get("turns", answer.get("dialogue", [answer]))
    if not isinstance(answer, list):
        return {}, ["answer is not a list of turns"]
    todo = renderable_turns(scenario)
    items: dict[int, dict[str, Any]] = {}
    problems: list[str] = []
    for position, item in enumerate(answer):
        if not isinstance(item, dict):
            problems.append(f"answer item {position} is not an object")
            continue
        number = item.get("turn")
        if isinstance(number, str) and number.strip().isdigit():
            number = int(number)
        if not isinstance(number, int):
            number = todo[position] if position < len(todo) else -1
        if number in todo and number not in items:
            items[number] = item
    written: dict[int, tuple[str, list[str]]] = {}
    for i in todo:
        turn = scenario.turns[i]
        where = f"turn {i} ({turn.speaker} {turn.sequence_action})"
        item = items.get(i)
        if item is None:
            problems.append(f"{where}: missing from the answer")
            continue
        issues = []
        if _norm_action(item.get("action", turn.action)) not in {_norm_action(turn.action),
                                                                 _norm_action(turn.sequence_action)}:
            issues.append(f"{where}: action changed to {item.get('action')!r}")
        message = item.get("message")
        if not isinstance(message, str):
            issues.append(f"{where}: message is not a string")
            message = ""
        issues += [f"{where}: {p}" for p in turn_problems(turn, message.strip(), slots=slot_names(scenario))]
        written[i] = (message, issues)
    return written, problems


# --- the renderer -------------------------------------------------------------------------------------------


class _Dialogue:
    """Rendering state of one scenario: messages decided so far, who wrote them, what went wrong."""

    def __init__(self, scenario: ScenarioInstruction, fallback: list[str]) -> None:
        self.scenario = scenario
        #: The template renderer's messages: written into turns the model fails, shown as context meanwhile.
        self.fallback = fallback
        self.messages: list[str | None] = [t.fixed_message if t.fixed_message is not None else
                                           ("" if t.is_silent else None) for t in scenario.turns]
        self.by = ["fixed" if m is not None else "" for m in self.messages]
        self.todo = renderable_turns(scenario)
        self.attempts: dict[int, int] = Counter()
        self.feedback: dict[int, list[str]] = {}
        self.stats: dict[str, Any] = {"requests": 0, "cached": 0, "attempts": 0, "llm_turns": 0,
                                      "fallback_turns": 0, "problems": Counter()}

    def messages_so_far(self, i: int) -> list[str]:
        """The messages decided before turn ``i`` (only those: what the dialogue has really said)."""
        return [m or "" for m in self.messages[:i]]

    def next_turn(self) -> int | None:
        return next((i for i in self.todo if self.messages[i] is None), None)

    def context(self) -> list[str]:
        """Messages so far, the fallback's for turns not decided yet (only earlier turns are ever shown)."""
        return [m if m is not None else self.fallback[i] for i, m in enumerate(self.messages)]

    def count(self, answer: ChatResult) -> None:
        self.stats["attempts"] += 1
        self.stats["requests"] += 0 if answer.cached else 1
        self.stats["cached"] += int(answer.cached)

    def reject(self, i: int, problems: list[str]) -> None:
        self.attempts[i] += 1
        self.feedback[i] = problems[:6]
        for p in problems:
            self.stats["problems"][re.sub(r"'.*'|\(.*\)", "…", p)] += 1


class LLMRenderer:
    """Render scenarios with an LLM, turn by turn checked, the template renderer as the fallback.

    ``client`` may be given (shared stats, tests); otherwise one is built from ``base_url``/``model``/
    ``api_key``/``cache_dir``/``max_concurrency``/``max_retries``/``timeout`` (transport retries and timeout
    are the client's). ``max_attempts`` is how often a turn is asked for before the fallback writes it;
    ``max_tokens`` bounds each answer (``dialogue`` mode: the first, whole-dialogue answer gets
    ``dialogue_max_tokens``). ``fallback=False`` drops a dialogue with a failed turn instead (the old behaviour).
    """

    name = "openai"

    def __init__(self, base_url: str | None = None, model: str | None = None, *, api_key: str | None = None,
                 cache_dir: str | Path | None = None, max_concurrency: int = 8, max_retries: int = 5,
                 max_attempts: int = 3, max_tokens: int = 96, dialogue_max_tokens: int = 1024,
                 mode: Literal["turn", "dialogue", "paraphrase", "sentence"] = "turn", retry_temperature: float = 0.7, json_mode: bool = False,
                 progress: bool = False, timeout: float = 600.0, fallback: bool = True,
                 client: LLMClient | None = None) -> None:
        if client is None:
            if not base_url or not model:
                raise ConfigError("the openai renderer needs base_url and model", field="renderer_options")
            client = LLMClient(base_url, model, api_key=api_key, cache_dir=cache_dir,
                               max_concurrency=max_concurrency, max_retries=max_retries, timeout=timeout)
        if max_attempts < 1:
            raise ConfigError(f"max_attempts must be >= 1, got {max_attempts}", field="max_attempts")
        if max_tokens < 1 or dialogue_max_tokens < 1:
            raise ConfigError(f"max_tokens must be >= 1, got {min(max_tokens, dialogue_max_tokens)}",
                              field="max_tokens")
        if mode not in ("turn", "dialogue", "paraphrase", "sentence"):
            raise ConfigError(f"mode must be turn, dialogue, paraphrase or sentence, got {mode!r}", field="mode")
        from tooldial.dialogue.render_template import TemplateRenderer

        self.client = client
        self.max_attempts = max_attempts
        self.max_tokens = max_tokens
        self.dialogue_max_tokens = dialogue_max_tokens
        self.mode = mode
        self.retry_temperature = retry_temperature
        # JSON mode makes servers return an object, not the list we ask for; off by default.
        self.json_mode = json_mode
        self.progress = progress
        self.fallback = fallback
        self.template = TemplateRenderer()
        #: Turns written by the model / by the fallback over every render call (the LLM share).
        self.totals: Counter = Counter()

    # -- requests --------------------------------------------------------------------------------------------

    def request(self, scenario: ScenarioInstruction, attempt: int, feedback: Sequence[str] = ()) -> ChatRequest:
        """Whole-dialogue attempt ``attempt`` (0-based): greedy first, then sampled with a shifted seed."""
        return ChatRequest(
            messages=build_prompt(scenario, feedback),
            temperature=0.0 if attempt == 0 else self.retry_temperature,
            seed=scenario.seed + attempt,
            max_tokens=self.dialogue_max_tokens,
            response_format="json" if self.json_mode else None,
        )

    def turn_request(self, scenario: ScenarioInstruction, index: int, messages: Sequence[str], attempt: int,
                     feedback: Sequence[str] = (), draft: str | None = None) -> ChatRequest:
        """Attempt ``attempt`` at turn ``index`` alone (``draft``: the message to paraphrase)."""
        return ChatRequest(
            messages=build_turn_prompt(scenario, index, messages, feedback, draft),
            temperature=0.0 if attempt == 0 else self.retry_temperature,
            seed=scenario.seed * 1000 + index * 10 + attempt,
            max_tokens=self.max_tokens,
        )

    # -- rendering -------------------------------------------------------------------------------------------

    def render(self, scenarios: Sequence[ScenarioInstruction]) -> list[RenderResult]:
        """One complete result per scenario, in order (see the module docstring)."""
        dialogues = [_Dialogue(s, self.template.messages(s)) for s in scenarios]
        if self.mode == "sentence":
            self._sentences(dialogues)
            return [self._result(d) for d in dialogues]
        if self.mode == "dialogue":
            self._whole_dialogues(dialogues)
        round_no = 0
        while True:
            pending = [(d, i) for d in dialogues if (i := d.next_turn()) is not None]
            if not pending:
                break
            round_no += 1
            batch = [self.turn_request(d.scenario, i, d.context(), d.attempts[i], d.feedback.get(i, ()),
                                       d.fallback[i] if self.mode == "paraphrase" else None)
                     for d, i in pending]
            desc = f"render (round {round_no})" if self.progress else False
            answers = self.client.chat(batch, progress=desc)
            for (d, i), answer in zip(pending, answers, strict=True):
                d.count(answer)
                if answer.error is not None:
                    problems = [f"request failed: {answer.error}"]
                    message = ""
                else:
                    message = clean_message(answer.text)
                    previous = next((m for m in reversed(d.context()[:i]) if m), "")
                    truncated = bool(answer.finish_reasons) and answer.finish_reasons[0] == "length"
                    problems = turn_problems(d.scenario.turns[i], message, previous, truncated=truncated,
                                             unsaid=unsaid_values(d.scenario, i, d.messages_so_far(i)),
                                             slots=slot_names(d.scenario))
                if not problems:
                    same = self.mode == "paraphrase" and message == d.fallback[i]
                    d.messages[i], d.by[i] = message, self.template.name if same else self.name
                    continue
                d.reject(i, problems)
                if d.attempts[i] >= self.max_attempts:
                    d.messages[i], d.by[i] = d.fallback[i], self.template.name
        return [self._result(d) for d in dialogues]

    def sentence_request(self, scenario: ScenarioInstruction, index: int, k: int, sentence: str,
                         attempt: int) -> ChatRequest:
        """Attempt ``attempt`` at sentence ``k`` of turn ``index`` (``sentence`` mode)."""
        return ChatRequest(messages=[{"role": "user", "content": SENTENCE_PROMPT.format(sentence=sentence)}],
                           temperature=0.0 if attempt == 0 else self.retry_temperature,
                           seed=scenario.seed * 1000 + index * 10 + attempt + 100_000 * k, max_tokens=self.max_tokens)

    def _sentences(self, dialogues: list[_Dialogue]) -> None:
        """``sentence`` mode: value-free sentences of every draft paraphrased in batches, checked, re-assembled."""
        # (dialogue, turn, sentence index) -> the sentence; what the model wrote for it, when accepted
        parts: dict[tuple[int, int], list[str]] = {}
        todo: list[tuple[int, int, int]] = []
        from tooldial.dialogue.render_template import scenario_strings

        for n, d in enumerate(dialogues):
            strings = [x for x in scenario_strings(d.scenario) if len(x) > 1]
            for i in d.todo:
                parts[n, i] = [x for x in _SENTENCE.split(d.fallback[i].strip()) if x]
                todo += [(n, i, k) for k, x in enumerate(parts[n, i])
                         if paraphrasable(d.scenario.turns[i], x, strings)]
                d.stats["sentences"] = d.stats.get("sentences", 0) + len(parts[n, i])
        written: dict[tuple[int, int, int], str] = {}
        tries: Counter = Counter()
        for attempt in range(self.max_attempts):
            pending = [key for key in todo if key not in written and tries[key] == attempt]
            if not pending:
                break
            requests = [self.sentence_request(dialogues[n].scenario, i, k, parts[n, i][k], attempt)
                        for n, i, k in pending]
            answers = self.client.chat(requests, progress=f"render (sentences, round {attempt + 1})"
                                       if self.progress else False)
            for (n, i, k), answer in zip(pending, answers, strict=True):
                d = dialogues[n]
                d.count(answer)
                tries[n, i, k] += 1
                message = clean_message(answer.text) if answer.error is None else ""
                problems = [f"request failed: {answer.error}"] if answer.error is not None else \
                    paraphrase_problems(parts[n, i][k], message)
                if problems:
                    for p in problems:
                        d.stats["problems"][f"sentence: {p}"] += 1
                else:
                    written[n, i, k] = message
        for n, d in enumerate(dialogues):
            for i in d.todo:
                mine = {k: written[n, i, k] for k in range(len(parts[n, i])) if (n, i, k) in written}
                message = " ".join(mine.get(k, x) for k, x in enumerate(parts[n, i]))
                previous = next((m for m in reversed(d.context()[:i]) if m), "")
                problems = turn_problems(d.scenario.turns[i], message, previous,
                                         slots=slot_names(d.scenario)) if mine else ["no sentence"]
                if mine and problems:
                    for p in problems:
                        d.stats["problems"]["turn: " + re.sub(r"'.*'|\(.*\)", "…", p)] += 1
                if mine and not problems:
                    d.messages[i], d.by[i] = message, self.name
                    d.stats["llm_sentences"] = d.stats.get("llm_sentences", 0) + len(mine)
                else:
                    d.messages[i], d.by[i] = d.fallback[i], self.template.name

    def _whole_dialogues(self, dialogues: list[_Dialogue]) -> None:
        """``dialogue`` mode: one JSON answer per scenario; its acceptable turns are kept."""
        pending = [d for d in dialogues if d.todo]
        answers = self.client.chat([self.request(d.scenario, 0) for d in pending],
                                   progress="render (dialogues)" if self.progress else False)
        for d, answer in zip(pending, answers, strict=True):
            d.count(answer)
            if answer.error is not None:
                d.stats["problems"]["dialogue request failed"] += 1
                continue
            written, problems = _turns_from_answer(d.scenario, answer.text)
            for p in problems:
                d.stats["problems"][re.sub(r"'.*'|\(.*\)", "…", p)] += 1
            for i, (message, issues) in written.items():
                message = message.strip()
                previous = next((m for m in reversed(d.messages[:i]) if m), "")
                if not issues and not turn_problems(d.scenario.turns[i], message, previous or "",
                                                    slots=slot_names(d.scenario)):
                    d.messages[i], d.by[i] = message, self.name

    def _result(self, d: _Dialogue) -> RenderResult:
        llm = sum(b == self.name for b in d.by)
        fell = sum(b == self.template.name for b in d.by)
        d.stats.update(llm_turns=llm, fallback_turns=fell, problems=dict(d.stats["problems"]))
        self.totals.update({"llm": llm, "fallback": fell, "llm_sentences": d.stats.get("llm_sentences", 0),
                            "sentences": d.stats.get("sentences", 0)})
        messages = [m or "" for m in d.messages]
        if fell and not self.fallback:
            return RenderResult(dialogue_id=d.scenario.dialogue_id, stats=d.stats,
                                error=f"{fell} turn(s) failed after {self.max_attempts} attempt(s): "
                                + "; ".join(f"{k} ×{v}" for k, v in d.stats["problems"].items()))
        problems = check_messages(d.scenario, messages)
        if problems:  # cannot happen unless the fallback itself is broken: say so, never keep it
            return RenderResult(dialogue_id=d.scenario.dialogue_id, stats=d.stats, error="; ".join(problems))
        return RenderResult(dialogue_id=d.scenario.dialogue_id, messages=messages, rendered_by=d.by, stats=d.stats)

    def share(self) -> float:
        """Share of the written turns (fixed ones aside) the model wrote, over every render call so far."""
        total = self.totals["llm"] + self.totals["fallback"]
        return self.totals["llm"] / total if total else 0.0

    def close(self) -> None:
        total = self.totals["llm"] + self.totals["fallback"]
        if total:
            log.info("openai renderer: %d of %d turns written by the model (%.1f%%), %d by the template fallback",
                     self.totals["llm"], total, 100 * self.share(), self.totals["fallback"])
        if self.totals["sentences"]:
            log.info("openai renderer: %d of %d sentences written by the model", self.totals["llm_sentences"],
                     self.totals["sentences"])
        self.client.close()
