"""The fixed, deterministic candidate intent utterances of an API per band (:func:`candidates`), composed
from templates, the user's persona and the API's goal clause."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Sequence

from tooldial.corpus.models import Api
from tooldial.dialogue.intents.goals import _DANGLING, _DANGLING_PARTICIPLES, _PHRASE_START, goal_clause
from tooldial.dialogue.intents.personas import persona_of
from tooldial.dialogue.intents.topics import goal_topic, reads_the_name
from tooldial.dialogue.retriever import Band
from tooldial.errors import ConfigError
from tooldial.knowledge.english import first_person
from tooldial.knowledge.loader import phrase_banks

#: The intent writer's phrase book (``tooldial/knowledge/phrases/en/intents.yaml``).
_BANKS = phrase_banks("en", "intents")

CLEAR_TEMPLATES = _BANKS["clear_templates"]
#: Vague requests naming what the goal is about (``{subject}``: "similar songs", see :func:`goal_topic`).
SUGGEST_TEMPLATES = _BANKS["suggest_templates"]
#: Those of :data:`SUGGEST_TEMPLATES` that ask to learn about the subject: a lookup's only; a call that changes
#: something says :data:`SUGGEST_TO_ACT` in their place, one for one.
SUGGEST_TO_LEARN = _BANKS["suggest_templates_to_learn"]
SUGGEST_TO_ACT = _BANKS["suggest_templates_to_act"]
#: Each learning frame and the action frame said in its place (the two lists must pair one for one: checked here,
#: where a pack edit that breaks them fails at import, not in the middle of a generation).
if len(SUGGEST_TO_LEARN) != len(SUGGEST_TO_ACT) or not set(SUGGEST_TO_LEARN) <= set(SUGGEST_TEMPLATES):
    raise ConfigError("must pair one for one with suggest_templates_to_learn, each of which is a suggest_templates "
                      "phrase", file="tooldial/knowledge/phrases/en/intents.yaml", field="suggest_templates_to_act")
_ACT_FOR = dict(zip(SUGGEST_TO_LEARN, SUGGEST_TO_ACT, strict=True))
#: Vague openers: the user's situation, not the API (``{topic}`` is what the user names, e.g. "my trip").
CLARIFY_TEMPLATES = _BANKS["clarify_templates"]


#: How a user may start talking: a greeting or nothing (most often nothing).
GREETINGS = _BANKS["greetings"]
#: What a user says about themselves (``{lead}``: the persona's own sentence, ``{persona}``: "a sports fan").
SELF_INTROS = _BANKS["self_intros"]
#: Extra clear request frames, on top of :data:`CLEAR_TEMPLATES` (``{clause}``: what the API does).
CLEAR_FRAMES = _BANKS["clear_frames"]
#: Why, after a clear request that ends a sentence (``{reason}``: "before booking anything").
REASON_TAILS = _BANKS["reason_tails"]
#: Vague requests said from the user's situation (``{topic}``: "my trip", ``{reason}``: "for my app").
CLARIFY_ASKS = _BANKS["clarify_asks"]
#: Prefixes that put a suggest-band candidate in a user's mouth (scored like any candidate).
SUGGEST_PREFIXES = _BANKS["suggest_prefixes"]
#: Candidates kept per API and band after composing (a deterministic sample; the hand-written ones always stay).
POOL_SIZE = {"confirm": 50, "suggest": 60, "clarify": 200}


def _compose(*parts: str, names: Sequence[str] = ()) -> str:
    """Sentences joined with one space; a part ending in ``,`` continues with a lowercase word (never "I" or one
    of ``names``: "Hi there, Cindy here.", not "cindy here")."""
    out = ""
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if out.endswith(",") and not re.match(r"I\b|I'", part) and not any(n and part.startswith(n) for n in names):
            part = part[:1].lower() + part[1:]
        out = f"{out} {part}" if out else part
    return out


def _sample(api: Api, band: Band, fixed: list[str], parts: Sequence[Sequence[str]],
            make: Callable[..., str | None]) -> list[str]:
    """``fixed`` then a deterministic sample (seeded by API — by persona for vague openers, which depend only on
    it — and band) of the compositions ``make(*combination)`` over ``parts``, up to :data:`POOL_SIZE`.

    Combinations are sampled before they are composed: composing all of them costs more than the generation."""
    keep = max(POOL_SIZE[band] - len(fixed), 0)
    rng = random.Random(f"intents|{persona_of(api)[0] if band == 'clarify' else api.id}|{band}")
    combos = list(itertools.product(*parts))
    out = list(fixed)
    seen = set(fixed)
    for combo in rng.sample(combos, min(len(combos), 2 * keep)):
        text = make(*combo)
        if text is not None and text not in seen:
            seen.add(text)
            out.append(text)
            if len(out) - len(fixed) >= keep:
                break
    return out


def candidates(api: Api) -> dict[Band, list[str]]:
    """The candidate intent utterances of an API per band (deterministic, deduplicated).

    The hand-written templates come first; then compositions from the user's situation (a greeting, what they
    say about themselves, a request frame, why they ask) — the same persona, goal and reason the scenario's
    :class:`~tooldial.dialogue.scenario.UserGoal` states — sampled down to :data:`POOL_SIZE` per band.
    """
    clause = first_person(goal_clause(api))  # said by the user: "add a domain to my account", not "your"
    subject = goal_topic(api)
    persona, lead, topic, reason = persona_of(api)
    fields = {"clause": clause, "subject": subject or "", "lead": lead, "topic": topic, "reason": reason,
              "persona": re.sub(r"\btheir\b", "my", persona)}  # said by the user: "I'm someone … my health"

    def said(frames: Sequence[str]) -> list[str]:  # a call that changes something may have no reason to give
        return [f for f in frames if reason or "{reason}" not in f]

    from tooldial.dialogue.chains.effects import side_effects  # (chains reads the intents' clauses)

    asks = [_ACT_FOR.get(t, t) for t in SUGGEST_TEMPLATES] if side_effects(api) else SUGGEST_TEMPLATES
    fixed: dict[Band, list[str]] = {}
    for band, templates in (("confirm", CLEAR_TEMPLATES), ("suggest", asks), ("clarify", CLARIFY_TEMPLATES)):
        # no subject, no vague request naming one: "Anything on shazam songs list similarities?" is the name
        fixed[band] = list(dict.fromkeys(t.format(**fields) for t in said(templates)
                                         if subject or "{subject}" not in t))
    # graded vagueness: the start of the clear request, cut where a qualifying phrase starts ("get teams" of "get
    # teams for a league"), lands between the bands; never inside a noun phrase ("get agent's active")
    clause_words = [] if reads_the_name(api, clause) else clause.split()
    for k in range(2, len(clause_words)):  # the whole clause is the clear request
        if clause_words[k - 1].lower() in _DANGLING | _DANGLING_PARTICIPLES \
                or not _PHRASE_START.match(" " + " ".join(clause_words[k:])):  # not "get the details associated"
            continue
        part = " ".join(clause_words[:k]).rstrip(",;:")
        fixed["suggest"].extend((f"I was hoping to {part}, or something like that.",
                                 f"Maybe you can {part}? Not sure exactly."))
    if subject:
        fixed["suggest"].append(f"Something with {subject}, I think.")
    fixed["suggest"] = list(dict.fromkeys(fixed["suggest"]))
    intros = [i.format(**fields) for i in SELF_INTROS]

    def confirm(greeting: str, intro: str, frame: str, tail: str) -> str:
        request = frame.format(**fields) + (tail.format(**fields) if frame.endswith(".") else "")
        return _compose(greeting, intro, request)

    def clarify(greeting: str, intro: str, ask: str) -> str | None:
        if not intro and "{topic}" not in ask and "{reason}" not in ask:
            return None  # a bare "Can you help me?" says nothing of the user
        return _compose(greeting, intro, ask.format(**fields))

    def suggest(prefix: str, text: str) -> str:
        return _compose(prefix.format(**fields), text)

    return {"confirm": _sample(api, "confirm", fixed["confirm"], (GREETINGS, intros, said(CLEAR_FRAMES),
                                                                  said(REASON_TAILS)), confirm),
            "suggest": _sample(api, "suggest", fixed["suggest"], (SUGGEST_PREFIXES, fixed["suggest"]), suggest),
            "clarify": _sample(api, "clarify", fixed["clarify"], (GREETINGS, intros, said(CLARIFY_ASKS)), clarify)}
