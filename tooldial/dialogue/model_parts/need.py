"""The ``need`` role: what a person wants from an API, in their words ("view the next page of videos from a
channel"), written once per API by the model from its documentation, checked, and then used wherever the rules'
:func:`~tooldial.dialogue.intents.goal_clause` is (every composed request, the user's goal, the later turns).

Why per API and not per dialogue: it is the part the rules get wrong most often (requests copied from the
documentation: "get a JSON", "get currently in Pokemon Go the majority of Pokemon have been"), it is the same for
every dialogue of the API, and it is a short answer a small model can give (one request of ~125 prompt tokens and
~11 generated per API on ToolBench samples, cached). The template's frames, personas and values stay: the model
writes only the clause.

Checks (:func:`need_problems`): 2-12 words starting with a verb; no developer or code words (``API``,
``endpoint``, the documentation pack's developer words), no identifier spelled as code, no digits, no brackets,
quotes or links; and at least one content word of the API's own documentation (a clause about something else is
the model's guess, not the API). The generator then asks the retriever: the need alone must find its API
(:func:`finds_its_api`), and the requests composed from it must fit every band the rules' requests fit, or the
rules' clause stays (the retriever status stays true).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from tooldial.corpus.models import Api, Corpus
from tooldial.dialogue.intents.clauses import _base_verb
from tooldial.dialogue.intents.text import name_words, words
from tooldial.dialogue.model_parts.goal import _api_line
from tooldial.dialogue.retriever import Hits
from tooldial.dialogue.schema_checks import is_raw_slot_name
from tooldial.knowledge import loader
from tooldial.knowledge.english import indefinite_article

NEED_PROMPT = """\
{api}

What does a person want to do when they use this? Finish the sentence "I want to ..." in 3 to 10 plain words, \
as the person would say it. Say what they want, not how it is done: no API, app, endpoint or parameter names. \
Answer with the words after "I want to" only."""

#: Tokens of one answer: 10 words and some slack (a longer answer is cut off and rejected).
NEED_TOKENS = 24
MIN_WORDS, MAX_WORDS = 2, 12

#: Words about calling the API or of code, not about what a person wants (the documentation pack's lists).
_DEV_WORDS = (loader.words("documentation", "developer_words") - loader.words("documentation", "plain_developer_words")
              | loader.words("documentation", "code_words"))
_MARKERS = loader.words("documentation", "parameter_markers")
_STOP = loader.words("stopwords", "entity_text")
#: "I want to", "to", quotes and a final stop around the clause the prompt asked for.
_LEAD = re.compile(r"^\s*(?:[\"'“]\s*)?(?:i\s+(?:want|would\s+like|need)\s+to\s+|to\s+)?", re.IGNORECASE)
#: What a purpose tail starts with ("… to gain insights", "so that I can …", "in order to …").
_PURPOSE = re.compile(r"\s+(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in
                                            loader.ordered_words("documentation", "purpose_leads")) + r")\b.*$",
                      re.IGNORECASE)


def said(need: str) -> str:
    """The need as a user says it (what the retriever is asked in :func:`finds_its_api`)."""
    return f"I'd like to {need}."


def finds_its_api(search: Callable[[Sequence[str]], list[Hits]], api_id: str, need: str) -> bool:
    """Whether the retriever, asked the need alone, lists ``api_id`` among its hits. A need that does not lead
    back to its API is about something else (a small model writes a plausible purpose when the documentation
    says little: "find the best deals on Amazon" for a list of supported shops)."""
    return api_id in {hit[0] for hit in search([said(need)])[0]}


def need_prompt(corpus: Corpus, api_id: str) -> list[dict[str, str]]:
    """The one-message chat asking for ``api_id``'s need (its ``name (tool) — description`` line)."""
    return [{"role": "user", "content": NEED_PROMPT.format(api=_api_line(corpus, api_id))}]


def repair_need(text: str) -> tuple[str, list[str]]:
    """The clause in an answer: first line, "I want to" and quotes stripped, no final stop, a lowercase first
    word; a purpose tail cut ("scrape search results to analyze product data" → "scrape search results": a second
    verb after "to" once three words are said); marker words dropped ("a specific zip code" → "a zip code").
    Returns the clause and what was repaired (for the counts)."""
    done = []
    text = text.strip().split("\n")[0].strip()
    text = _LEAD.sub("", text).strip().strip("\"'“”").rstrip(".!").strip()
    if text[:1].isupper() and not text[1:2].isupper():
        text = text[:1].lower() + text[1:]
    cut = _PURPOSE.sub("", text)
    tokens = cut.split()
    for k in range(3, len(tokens) - 1):
        if tokens[k].lower() == "to" and _base_verb(tokens[k + 1], tokens[k + 2] if k + 2 < len(tokens) else "") \
                and tokens[k + 1].lower() not in _STOP:
            cut = " ".join(tokens[:k])
            break
    if cut != text:
        done.append("purpose cut")
        text = cut
    unmarked = re.sub(r"\b(a|an|the)\s+(?:" + "|".join(sorted(_MARKERS)) + r")\s+(\w)",
                      lambda m: f"{m[1] if m[1].lower() == 'the' else indefinite_article(m[2])} {m[2]}", text,
                      flags=re.IGNORECASE)
    if unmarked != text:
        done.append("marker dropped")
        text = unmarked
    return text, done


def _stems(text: str, name: str = "") -> set[str]:
    """Content words cut to five letters ("videos" and "video", "analyse" and "analyze" meet)."""
    return {w[:5] for w in words(text) + name_words(name) if len(w) >= 3 and w not in _STOP}


def need_problems(text: str, api: Api, *, truncated: bool = False) -> list[str]:
    """Why ``text`` is not an acceptable need of ``api`` (``[]`` when it is)."""
    if not text.strip():
        return ["empty"]
    problems = []
    if truncated:
        problems.append("cut off at max_tokens")
    tokens = text.split()
    if not MIN_WORDS <= len(tokens) <= MAX_WORDS:
        problems.append(f"length outside {MIN_WORDS}-{MAX_WORDS} words")
    if not _starts_with_verb(tokens):
        problems.append("does not start with a verb")
    if any(w in _DEV_WORDS for w in words(text)):
        problems.append("developer words")
    if any(_spelled_as_code(t.strip(",.;:!?()'’"), api) for t in tokens):
        problems.append("a name spelled as code")
    if re.search(r"\d", text):
        problems.append("a number")
    if re.search(r"[<>\[\]{}`\"“”|]|https?://|\n", text):
        problems.append("quotes, brackets or a link")
    if _states_a_value(text, api):
        problems.append("states a value")
    own = _stems(" ".join([api.name, api.tool, api.description, *(p.name for p in api.parameters)]), api.name)
    if not _stems(text) & own:
        problems.append("no word of the API's documentation")
    return problems


def _starts_with_verb(tokens: list[str]) -> bool:
    """Whether the clause starts with a verb: one the documentation grammar knows (``_base_verb``), or a plain
    lowercase word that is no function word and has no adverb, participle or plural ending ("roll dice", "watch
    videos": the verb list is written for descriptions, and the prompt asked for a verb phrase)."""
    first = tokens[0]
    if _base_verb(first, tokens[1] if len(tokens) > 1 else "") is not None:
        return True
    return bool(re.fullmatch(r"[a-z]{2,}", first)) and first not in _STOP and not first.endswith(
        ("ly", "ing", "ed", "s"))


def _spelled_as_code(token: str, api: Api) -> bool:
    """Whether a word of the need is an identifier: a parameter's or the API's own name spelled as code
    (``property_id``, ``getUserByName``), or any word with an underscore. A brand written in capitals inside a word
    (``YouTube``, ``DhGate``) is no identifier when the tool's name or the description writes it as a word."""
    if len(token) <= 2 or not is_raw_slot_name(token):
        return False
    low = token.lower()
    if "_" in token or low in {p.name.lower() for p in api.parameters} or low == api.name.lower():
        return True
    return not re.search(rf"(?<![\w]){re.escape(token)}(?![\w])", f"{api.tool} {api.description}", re.IGNORECASE)


def _states_a_value(text: str, api: Api) -> bool:
    """Whether the need names a value the dialogue would ask for: a documented example, default or choice of a
    parameter ("find seaports in Chennai" where Chennai is the city's example), or a capitalised word that is in
    neither the API's nor the tool's name (a name copied from the description). Every dialogue of the API shares
    its need, so a value in it would contradict the values a user gives or does not know."""
    documented = {str(v).lower() for p in api.parameters for v in (p.default, p.example, *(p.enum or []))
                  if v is not None and len(str(v)) >= 3}
    said = [t.strip(",.;:!?()'’") for t in text.split()]
    if any(t.lower() in documented for t in said) or any(v in text.lower() for v in documented if " " in v):
        return True
    names = {w.lower() for w in words(f"{api.name} {api.tool}") + name_words(api.name)}
    return any(t[:1].isupper() and t.lower() not in names and not t.isupper() for t in said[1:])
