"""How a user types: the chat register (``im``, ``dont``, ``pls``, ``thx``, ``u``, lower-case starts) and typos.

Many real users write to an assistant the way they text: contractions without apostrophes, a handful of
abbreviations, a lower-case "i", no full stop at the end. Which of those habits a person has is part of who
they are, so it is drawn **once per dialogue** (:func:`draw_register`, its own RNG ``register:{dialogue_id}``)
and then applied to every user message of that dialogue (:meth:`Register.apply`): the same person writes "dont"
in every turn, not "don't" in one and "dont" in the next. How many habits a user has depends on the persona
(typo-prone and terse users most, a share of plain and chatty ones a few, formal and non-native users none).

Rules that keep the labels true: the register rewrites only the user's own words, on text whose values and
slot names are already protected placeholders (:class:`tooldial.dialogue.render_template.Protect`), so no value
or slot name is ever abbreviated or misspelt; each act keeps its own words ("idk the city id" still says the
user does not know).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from tooldial.knowledge import loader

_REGISTER = loader.phrase_banks("en", "register")  # tooldial/knowledge/phrases/en/register.yaml

#: The chat forms a person may use: (standard words, chat spellings). Longer phrases win over their parts.
CHAT_FORMS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(_REGISTER["chat_forms"].items())
_FORM_INDEX = {words: i for i, (words, _) in enumerate(CHAT_FORMS)}
_FORMS = re.compile(r"(?<![\w'])(" + "|".join(re.escape(words) for words, _ in
                                             sorted(CHAT_FORMS, key=lambda f: -len(f[0]))) + r")(?![\w'])")
#: Per persona: the chance a dialogue's user writes in the chat register at all, and the share of
#: :data:`CHAT_FORMS` such a user has (each habit drawn once per dialogue).
CHAT_PERSONAS: dict[str, tuple[float, float]] = {"typo": (0.9, 0.6), "terse": (0.6, 0.45), "plain": (0.25, 0.3),
                                                  "chatty": (0.2, 0.3)}
#: Letters next to each other on a QWERTY keyboard (a typo that hits the neighbouring key).
_NEAR: Mapping[str, str] = _REGISTER["qwerty_neighbours"]
_WORD = re.compile(r"[A-Za-z]{4,}")
_SENTENCE_START = re.compile(r"(^|[.!?]\s+)([A-Z])(?=[a-z' ])")


@dataclass(frozen=True)
class Register:
    """One user's typing habits: the chat forms they use (index into :data:`CHAT_FORMS` → their one spelling of
    it, the same in every turn), how often they start a sentence in lower case, whether they drop the final
    full stop, and their typo rate."""

    forms: dict[int, str] = field(default_factory=dict)
    use: float = 0.9
    lower: float = 0.0
    drop_stop: bool = False
    typo_rate: float = 0.0

    @property
    def chat(self) -> bool:
        return bool(self.forms) or self.lower > 0

    def apply(self, text: str, rng: random.Random) -> str:
        """``text`` as this user types it (values and slot names must already be protected)."""
        if self.typo_rate:  # typos first: a chat spelling ("smth") is typed on purpose, not misspelt again
            text = typos(text, rng, self.typo_rate)
        if self.forms:
            def form(m: re.Match[str]) -> str:
                i = _FORM_INDEX[m.group(1)]
                if i not in self.forms or rng.random() >= self.use:
                    return m.group(1)
                return self.forms[i]
            text = _FORMS.sub(form, text)
        if self.lower:
            text = _SENTENCE_START.sub(lambda m: m.group(1) + (m.group(2).lower() if rng.random() < self.lower
                                                               else m.group(2)), text)
        if self.drop_stop and text.endswith(".") and not text.endswith(".."):
            text = text[:-1]
        return text


#: Share of a typo-prone user's typo rate that a casual typist of another persona has (a slip now and then).
CASUAL_TYPOS: dict[str, float] = {"typo": 1.0, "plain": 0.2, "chatty": 0.2, "terse": 0.2}


def draw_register(dialogue_id: str, persona: str, typo_rate: float = 0.0) -> Register:
    """The typing habits of the user of ``dialogue_id`` (``persona``: the renderer's persona; ``typo_rate``: a
    typo-prone user's rate, scaled by :data:`CASUAL_TYPOS` for the others; formal and non-native users none)."""
    rng = random.Random(f"register:{dialogue_id}")
    rate = typo_rate * CASUAL_TYPOS.get(persona, 0.0)
    chance, share = CHAT_PERSONAS.get(persona, (0.0, 0.0))
    if rng.random() >= chance:
        return Register(typo_rate=rate)
    forms = {i: rng.choice(spellings) for i, (_, spellings) in enumerate(CHAT_FORMS) if rng.random() < share}
    return Register(forms=forms, use=rng.choice((0.7, 0.85, 1.0)), lower=rng.choice((0.0, 0.5, 0.9)),
                    drop_stop=rng.random() < 0.6, typo_rate=rate)


def typos(text: str, rng: random.Random, rate: float) -> str:
    """Swap, drop, double or hit the neighbouring key for one letter in a share ``rate`` of the words of four
    letters or more."""
    def one(m: re.Match[str]) -> str:
        word = m.group(0)
        if rng.random() >= rate:
            return word
        i = rng.randrange(1, len(word) - 1)
        kind = rng.randrange(4)
        if kind == 0:
            return word[:i] + word[i + 1] + word[i] + word[i + 2:]
        if kind == 1:
            return word[:i] + word[i + 1:]
        if kind == 2:
            return word[:i] + word[i] + word[i:]
        near = _NEAR.get(word[i].lower(), word[i])
        return word[:i] + rng.choice(near) + word[i + 1:]
    return _WORD.sub(one, text)


_MONTHS = loader.ordered_words("time", "month_names")
_DAY_MONTH_YEAR = re.compile(r"(\d{1,2}) (" + "|".join(_MONTHS) + r") (\d{4})")
_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")
_AMOUNT = re.compile(r"(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})")


def _ordinal(day: int) -> str:
    return f"{day}{'th' if 10 <= day % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th')}"


def casual_value(value: str, rng: random.Random) -> str:
    """How a person repeats an answer's date, clock time or amount back in their own words ("16 July 2025" →
    "July 16th", "14:00" → "2pm", "426.00" → "426", "3.85" → "about 4"); any other value, and one that is not wholly such a form,
    unchanged. Only for echoes the dialogue state does not track (a goodbye's recap of the answer)."""
    date = _DAY_MONTH_YEAR.fullmatch(value) or _ISO_DATE.fullmatch(value)
    if date:
        if date.re is _ISO_DATE:
            day, month = int(date.group(3)), int(date.group(2))
            if not 1 <= month <= 12:
                return value
            name = _MONTHS[month - 1]
        else:
            day, name = int(date.group(1)), date.group(2)
        return rng.choice((f"{name} {day}", f"{name} {_ordinal(day)}", f"{name[:3]} {day}", f"the {_ordinal(day)}",
                           f"{_ordinal(day)} {name}", f"{day} {name[:3]}"))
    clock = _CLOCK.fullmatch(value)
    if clock:
        hour, minute = int(clock.group(1)), clock.group(2)
        half = "am" if hour < 12 else "pm"
        h12 = hour % 12 or 12
        said = f"{h12}" if minute == "00" else f"{h12}:{minute}"
        part = "morning" if hour < 12 else "afternoon" if hour < 18 else "evening"
        return rng.choice((f"{said}{half}", f"{said} {half}", f"{said} in the {part}"))
    amount = _AMOUNT.fullmatch(value)
    if amount:
        whole = amount.group(1)
        if amount.group(2) == "00":
            return whole
        number = int(whole.replace(",", "")) + (int(amount.group(2)) >= 50)
        # the amount itself, or rounded as said: 3.85 is "about 4" or "3 and change", never a bare "3"
        rounded = f"{number:,}" if "," in whole else str(number)  # grouped as the answer wrote it
        return rng.choice((value, f"about {rounded}", f"{whole} and change"))
    return value
