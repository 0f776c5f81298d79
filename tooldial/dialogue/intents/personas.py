"""Who a user of a domain is (:data:`PERSONAS`): the persona, the sentence they open with, the topic they
name and why they ask."""

from __future__ import annotations

from tooldial.corpus.models import Api
from tooldial.dialogue.intents.text import words
from tooldial.knowledge.loader import phrase_banks

#: The intent writer's phrase book (``tooldial/knowledge/phrases/en/intents.yaml``).
_BANKS = phrase_banks("en", "intents")


#: Who a user of a domain is: (persona, the sentence they open with, the topic they name, why they ask).
#: Keyed by the start of a lowercase word of the API's category; :func:`persona_of` picks the entry.
PERSONAS: dict[str, tuple[str, str, str, str]] = _BANKS["personas"]
#: The developer persona serves technical domains (data, tools, storage, security, AI, text analysis, ...).
DEFAULT_PERSONA = _BANKS["default_persona"]


#: How a reason for looking something up starts ("before booking anything", "to decide on my next trade").
DECISION_REASONS: list[str] = _BANKS["decision_reasons"]


def persona_of(api: Api) -> tuple[str, str, str, str]:
    """The :data:`PERSONAS` entry of the API's category (the developer persona when none fits). A call that
    changes something (:func:`~tooldial.dialogue.chains.effects.made_for_its_output` is false) gets no reason that
    says what the user decides from an answer (:data:`DECISION_REASONS`): an investor creates a transfer, not "to
    decide on my next trade"; the reason is then "" and nothing that needs one is said."""
    entry = next((e for word in words(api.category) for key, e in PERSONAS.items() if word.startswith(key)),
                 DEFAULT_PERSONA)
    if entry[3].startswith(tuple(DECISION_REASONS)):
        # asked here, not at import: the chains package imports the intents package
        from tooldial.dialogue.chains.effects import made_for_its_output

        if not made_for_its_output(api):
            return (*entry[:3], "")
    return entry


def persona_entry(role: str) -> tuple[str, str, str, str]:
    """The :data:`PERSONAS` entry whose persona is ``role`` (a scenario's ``UserGoal.persona``); the developer
    persona when none is."""
    return next((e for e in PERSONAS.values() if e[0] == role), DEFAULT_PERSONA)


def introduces(text: str, entry: tuple[str, str, str, str]) -> bool:
    """Whether ``text`` says who the user of ``entry`` is or why they ask: the persona's own sentence ("I'm
    building a small app."), "I'm / As <persona>" or the reason ("for my app"). A user says that once per
    dialogue, so a later utterance that holds it restates it ("... I'm asking for my app" twice)."""
    persona, lead, _topic, reason = entry
    role = persona.replace("their", "my")
    said = [lead.rstrip("."), f"I'm {role}", f"As {role}", reason]
    low = text.lower()
    return any(s and s.lower() in low for s in said)
