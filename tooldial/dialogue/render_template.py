"""The ``template`` renderer: offline, deterministic, varied phrasings per action and per domain.

Each message is drawn from several phrasings of its action (the A.7 style of the turn, when one was drawn,
leads the sentence) and, for requests and responses, a domain-specific lead-in. Every value the scenario
requires (values the user informs, options of a ``request-multi``, facts a response reports) is inserted
verbatim; :func:`tooldial.dialogue.renderer.check_messages` holds the renderer to that.

Randomness comes from ``random.Random(f"template:{dialogue_id}")``, so a dialogue's wording does not depend on
which other dialogues are rendered with it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from tooldial.dialogue.renderer import RenderResult
from tooldial.dialogue.scenario import ScenarioInstruction, TurnInstruction


def join(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _the(slots: Sequence[str]) -> str:
    return join([f"the {s}" for s in slots])


#: Domain lead-ins (keyed by a lowercase word of the category), used by ``request`` and ``response``.
_DOMAIN_RESPONSE = {
    "sport": ("Here's the latest from the sports side:", "Here are the game details:"),
    "financ": ("Here are the figures:", "Here's the financial data I got:"),
    "crypto": ("Here are the figures:", "Here's what the market data says:"),
    "weather": ("Here's the weather information:", "Here's what the forecast data says:"),
    "travel": ("Here's your travel information:", "Here's what I found for your trip:"),
    "music": ("Here's what I found in the music catalogue:", "Here's the music info:"),
    "movie": ("Here's what I found about the film:", "Here's the movie information:"),
    "food": ("Here's what I found for you to eat:", "Here's the food information:"),
    "map": ("Here's the location information:", "Here's what the map data says:"),
    "location": ("Here's the location information:", "Here's what the map data says:"),
    "commerce": ("Here are the product details:", "Here's what the store returned:"),
    "news": ("Here's the news I found:", "Here's the latest coverage:"),
}
_DEFAULT_RESPONSE = ("Here's what I found:", "I've got the results:", "Done! Here's the result:", "Alright,")
_DOMAIN_REQUEST = {
    "sport": "To look up the game data, ", "financ": "To pull the financial data, ",
    "weather": "To check the weather, ", "travel": "To plan this, ", "music": "To find the music, ",
    "movie": "To look up the film, ", "food": "To find that, ",
}


def _domain_pick(domain: str, table: dict, rng: random.Random, default):
    domain_words = re.split(r"[^a-z]+", domain.lower())
    for key, value in table.items():
        if any(w.startswith(key) for w in domain_words):
            return rng.choice(value) if isinstance(value, tuple) else value
    return rng.choice(default) if isinstance(default, tuple) else default


def _values_sentence(values: dict[str, str], rng: random.Random) -> str:
    parts = [rng.choice(("the {k} is {v}", "{k}: {v}", "the {k} should be {v}")).format(k=k, v=v)
             for k, v in values.items()]
    return join(parts)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _style_lead(style: str | None) -> str:
    """The fixed opening of an A.7 style (``Sure! ~`` → ``Sure!``)."""
    if not style:
        return ""
    return style.split("~")[0].strip()


class TemplateRenderer:
    """Deterministic, offline renderer (the default)."""

    name = "template"

    def render(self, scenarios: Sequence[ScenarioInstruction]) -> list[RenderResult]:
        return [RenderResult(dialogue_id=s.dialogue_id, messages=self.messages(s)) for s in scenarios]

    def messages(self, scenario: ScenarioInstruction) -> list[str]:
        rng = random.Random(f"template:{scenario.dialogue_id}")
        out = []
        for turn in scenario.turns:
            message = self.message(turn, scenario, rng)
            if turn.fixed_message is None and not turn.is_silent:
                missing = [v for v in turn.required_values if v not in message]
                if missing:  # content without the value (hand-made scenarios): still say it verbatim
                    message = f"{message} ({join(missing)})"
            out.append(message)
        return out

    def message(self, turn: TurnInstruction, scenario: ScenarioInstruction, rng: random.Random) -> str:
        if turn.fixed_message is not None:
            return turn.fixed_message
        if turn.is_silent:
            return ""
        c = turn.content
        act = turn.sequence_action
        lead = _style_lead(turn.style)
        if act == "clarify":
            domain = c.get("domain", "").replace("_", " ").lower()
            if turn.style:
                tail = {
                    "Could you please provide more ~": f"details about what you need in {domain}?",
                    "I'm not sure I understand. Can you clarify ~": "what exactly you're looking for?",
                    "Could you explain that in more ~": "detail, so I can find the right service?",
                    "Can you clarify your ~": "request a little?",
                }.get(turn.style, "what you need?")
                return f"{lead} {tail}"
            return rng.choice((
                f"I'm not quite sure what you need. Could you tell me more about what you want to do in {domain}?",
                "Could you be a bit more specific about what you're looking for?",
                "Can you give me a little more detail about your request?",
            ))
        if act == "suggest":
            clause = c.get("clause", "help with that")
            return rng.choice((
                f"Would you like me to {clause}?",
                f"I could {clause} for you. Would that help?",
                f"Do you want me to {clause}?",
                f"One option is to {clause}. Shall I go ahead?",
            ))
        if act in ("request", "request-multi"):
            return self._request(turn, scenario, rng, lead)
        if act == "inform":
            values: dict[str, str] = c.get("values", {})
            if "pick_by" in c:
                (by, value), = values.items()
                body = rng.choice((f"The one with {by} {value}, please.", f"Let's go with {value}.",
                                   f"I'll take {value}.", f"{_cap(by)} {value}, please."))
            elif len(values) == 1 and rng.random() < 0.4:
                (_k, value), = values.items()
                body = rng.choice((f"It's {value}.", f"{value}.", f"That would be {value}."))
            else:
                body = _cap(_values_sentence(values, rng)) + "."
            return f"{lead} {body}" if lead else body
        if act == "fail_inform":
            missing = _the(c.get("missing", []))
            body = rng.choice((f"Sorry, I don't know {missing}.", f"I'm not sure what {missing} is.",
                               f"Hmm, I don't have {missing}.", f"I have no idea what {missing} is, unfortunately."))
            rest: dict[str, str] = c.get("values", {})
            if rest:
                body += " " + rng.choice(("But {s}.", "I can tell you that {s}.", "What I do know: {s}.")).format(
                    s=_values_sentence(rest, rng))
            return body
        if act == "affirm":
            return turn.style or rng.choice(("Yes, please.", "Yes, go ahead.", "Sounds good, please do.",
                                             "That's exactly what I need."))
        if act == "negate":
            if turn.style:
                return turn.style + "."
            return rng.choice(("No, that's not it.", "No thanks, that's not what I'm after.",
                               "Not really, that isn't what I need."))
        if act == "response":
            facts: dict[str, str] = c.get("facts", {})
            opener = _domain_pick(scenario.domain, _DOMAIN_RESPONSE, rng, _DEFAULT_RESPONSE)
            if not facts:
                return f"{opener} the request went through successfully."
            return f"{opener} {_values_sentence(facts, rng)}."
        if act == "response_fail":
            return rng.choice((
                "I'm sorry, I couldn't find a way to help with that. Let me know if there's anything else.",
                "Unfortunately I can't carry out that request with what I have. Is there something else?",
                "Sorry, I wasn't able to find a suitable service for that request.",
            ))
        if act == "user_bye":
            return rng.choice(("Great, thanks! That's all.", "Thank you, that's everything I needed.",
                               "Perfect, thanks a lot. Bye!", "Thanks for the help, goodbye."))
        if act == "system_bye":
            return rng.choice(("You're welcome, goodbye!", "Glad I could help. Have a great day!",
                               "Anytime! Goodbye.", "You're welcome. Take care!"))
        return turn.situation  # unknown action: the situation text is at least faithful

    def _request(self, turn: TurnInstruction, scenario: ScenarioInstruction, rng: random.Random, lead: str) -> str:
        c = turn.content
        if turn.sequence_action == "request-multi":
            options = c.get("options", [])
            by = c.get("pick_by", "option")
            listing = join(options)
            return rng.choice((
                f"I found several results: {listing}. Which {by} would you like?",
                f"There are a few matches ({listing}). Which one should I use?",
                f"I got {len(options)} options by {by}: {listing}. Which do you mean?",
            ))
        slots = _the(c.get("slots", []))
        if turn.style and turn.style.startswith("To call"):
            why = c.get("why")
            goal = f"find {_the([why])}" if why else c.get("clause", "do that")
            return f"To {goal}, I need {slots}."
        if lead:
            return f"{lead} {slots}?" if lead.startswith("May") else f"{lead} {slots}."
        prefix = _domain_pick(scenario.domain, _DOMAIN_REQUEST, rng, "") if rng.random() < 0.5 else ""
        body = rng.choice((f"could you give me {slots}?", f"I'll need {slots}.", f"what is {slots}?" if
                           len(c.get("slots", [])) == 1 else f"what are {slots}?", f"please share {slots}."))
        return prefix + body if prefix else _cap(body)
