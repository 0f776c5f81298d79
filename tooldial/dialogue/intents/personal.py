"""Per-dialogue intent utterances composed from the user's profile (:func:`personal_texts`)."""

from __future__ import annotations

import random
import re

from tooldial.corpus.models import Api
from tooldial.dialogue.intents.bank import _split_greeting
from tooldial.dialogue.intents.candidates import SELF_INTROS, SUGGEST_PREFIXES, _compose
from tooldial.dialogue.intents.goals import goal_clause
from tooldial.dialogue.intents.personas import persona_of
from tooldial.dialogue.retriever import Band
from tooldial.knowledge.english import first_person
from tooldial.knowledge.loader import phrase_banks

#: The intent writer's phrase book (``tooldial/knowledge/phrases/en/intents.yaml``).
_BANKS = phrase_banks("en", "intents")

#: Who the user is, said before a pool utterance (``{me} {a_job} {r} {n} {co}`` of the dialogue's
#: :class:`~tooldial.dialogue.user_profile.UserProfile`). Nothing here depends on the goal, so every sentence fits
#: any domain; the occasion is left out on purpose ("my son's choir concert" would not fit "a weekend outdoors").
PROFILE_LEADS = _BANKS["profile_leads"]
#: Clear requests that carry the user's profile around the API's clause (confirm band, no input value).
PROFILE_CLEAR = _BANKS["profile_clear"]
#: Vague openers that carry the profile (clarify band; ``{topic}``: what the user names, e.g. "my trip").
PROFILE_VAGUE = _BANKS["profile_vague"]
#: Frames that tie the request to the user's employer: only for a user whose task is their work
#: (:attr:`~tooldial.dialogue.user_profile.UserProfile.work`).
_WORK_INTENT_FRAMES = frozenset(("{me} here, from {co}.", "We at {co} need to {clause}. Can you help?"))
#: Personas who would not also introduce themselves by an occupation or an employer.
_NO_JOB_PERSONAS = frozenset(("a student", "a job seeker"))
#: Per-dialogue texts proposed per intent; the first that fits the band is kept.
PERSONAL_TRIES = 2
#: How a pool utterance says who the user is (``{lead}``, "I'm {persona}.", "As {persona},"): a profile lead
#: replaces it rather than stacking a second introduction on it.
_SELF_INTROS = tuple(f for f in SELF_INTROS if f)


#: Openers of a suggest-band pool utterance that are no greeting ("Hmm.", "Hey,"): a profile lead goes after them.
_OPENERS = tuple(sorted((p for p in SUGGEST_PREFIXES if p and "{" not in p), key=len, reverse=True))


def _split_opener(text: str) -> tuple[str, str]:
    """(greeting or opener, rest): a lead goes after a hesitation too ("Hmm. My name's Cindy. Can you ...?", not
    "My name's Cindy. Hmm. ..."); a rest that followed a comma ("Hey, could you ...") starts a sentence of its own
    after the lead."""
    greeting, rest = _split_greeting(text)
    if not greeting:
        for opener in _OPENERS:
            if rest.startswith(opener + " "):
                greeting, rest = opener, rest[len(opener) + 1:]
                break
    if greeting.endswith(","):
        rest = rest[:1].upper() + rest[1:]
    return greeting, rest


def _without_self_intro(rest: str, persona: str, lead: str) -> str:
    """``rest`` without the persona's self-introduction (the first that it holds), capitalised again: "I'm a
    software engineer, and my assistant asked me to check." is one introduction, and "I follow sports closely."
    after it would be a second (issue 28: "three persona clauses stacked")."""
    for frame in _SELF_INTROS:
        intro = frame.format(lead=lead, persona=persona)
        if intro and intro in rest:
            out = " ".join(rest.replace(intro, "", 1).split())
            return out[:1].upper() + out[1:] if out else rest
    return rest


def _before(frame: str, first: str, then: str) -> bool:
    """Whether ``frame`` names ``first`` before ``then`` (a pronoun follows the person it stands for)."""
    return first in frame and then in frame and frame.index(first) < frame.index(then)


def _fill(frame: str, fields: dict[str, str]) -> str | None:
    """``frame`` filled, or None when it needs a profile field the dialogue leaves empty (no name, job, ...)."""
    keys = re.findall(r"\{(\w+)\}", frame)
    if any(not fields.get(k) for k in keys):
        return None
    return frame.format(**fields)


def personal_texts(text: str, band: Band, api: Api, profile_fields: dict[str, str], rng: random.Random,
                   *, carries_value: bool = False, later: str = "") -> list[str]:
    """Up to :data:`PERSONAL_TRIES` intent utterances for one dialogue, composed from its user's profile.

    ``text`` is the dialogue's pool utterance (already known to fit ``band``). A proposal is either a profile
    lead before it (after its greeting) or, for ``confirm`` / ``clarify`` without an input value, a profile frame
    around the API's clause / the user's topic. Proposals must still be scored: the caller keeps the first one
    whose real hits fit the band, else the pool utterance.

    One identity per dialogue: when ``text`` or ``later`` (the dialogue's later intent utterance) names the
    user's role ("As a crypto investor, …"), no proposal names a job as well.
    """
    persona, lead, topic, reason = persona_of(api)
    fields = {**profile_fields, "clause": first_person(goal_clause(api)), "topic": topic, "reason": reason}
    # the topic of someone the user asks for is theirs: "I'm asking for my flatmate Alan: it's about their app",
    # not "… about my app"; "My sister and I need help with our app"
    theirs = re.sub(r"^my ", "their ", topic)

    def whose(frame: str) -> dict[str, str]:
        if "{n} and I" in frame:
            return {**fields, "topic": re.sub(r"^my ", "our ", topic)}
        return {**fields, "topic": theirs} if _before(frame, "{n}", "{topic}") else fields

    if persona in _NO_JOB_PERSONAS:  # "I'm a hydrologist. I'm looking for a new job." contradicts itself
        fields.update(job="", a_job="", co="")
    role = re.sub(r"\btheir\b", "my", persona)
    if re.search(rf"\b{re.escape(role)}\b", f"{text} {later}", re.IGNORECASE):
        fields.update(job="", a_job="")

    def fit(frame: str) -> bool:  # the employer only when the task is their work (as the renderer's frames)
        return bool(fields.get("work")) or (frame not in _WORK_INTENT_FRAMES and "{co}" not in frame)

    greeting, rest = _split_opener(text)
    # no "Hello, quick question. I'm a chief of staff, quick question.": a phrase the greeting says is not said twice
    leads = [t for t in (_fill(f, fields) for f in PROFILE_LEADS if fit(f)) if t
             and not ("quick question" in t and "quick question" in greeting.lower())]
    frames: list[str] = []
    if not carries_value and band in ("confirm", "clarify"):
        frames = [t for t in (_fill(f, whose(f)) for f in (PROFILE_CLEAR if band == "confirm" else PROFILE_VAGUE)
                              if fit(f)) if t]
    out: list[str] = []
    for _ in range(PERSONAL_TRIES * 3):
        if len(out) >= PERSONAL_TRIES or not (leads or frames):
            break
        names = (fields.get("me", ""), fields.get("n", ""), fields.get("co", ""))
        if frames and (not leads or rng.random() < 0.5):
            proposal = _compose(greeting, rng.choice(frames), names=names)
        else:
            chosen = rng.choice(leads)
            said = _without_self_intro(rest, persona, lead)
            if fields.get("n") and fields["n"] in chosen and topic.startswith("my "):
                said = re.sub(rf"\b{re.escape(topic)}\b", theirs, said, count=1)  # "… about their studies"
            proposal = _compose(greeting, chosen, said, names=names)
        if proposal != text and proposal not in out:
            out.append(proposal)
    return out
