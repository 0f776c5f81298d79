"""Who the user is beyond the scenario's goal: a first name, an occupation and someone they act with.

The scenario's :class:`~tooldial.dialogue.scenario.UserGoal` says what the user wants, why, and which inputs
they know; it is the same for every dialogue of a domain ("a traveller planning a trip"). Real users also
carry small personal details into a conversation — "my colleague Dana sent me the booking", "I'd have to ask
my sister" — and those details are what makes two conversations about the same API read differently.

A :class:`UserProfile` is drawn once per dialogue (first names and occupations from Faker's ``en_US`` lists)
and the template renderer weaves it into user turns through the phrase banks below:

- :data:`INTRO`: who the user is or who they ask for, said at most once;
- :data:`SOURCES`: where a value the user gives comes from (``inform``);
- :data:`NOT_AT_HAND`: why the user cannot give a value (``fail_inform``); it names the same kinds of records
  as :data:`SOURCES` ("it should be in my notes"), so the record words alone do not tell the two acts apart —
  the "don't know" of the core sentence does;
- :data:`AFFIRM_WHY`, :data:`NEGATE_WHY`, :data:`BYE_NEXT`: what the answer means to the user.

No profile text carries an input value, a slot name or a number, and a profile never uses a name or an
occupation word that occurs in the dialogue's values (:func:`draw_profile`'s ``avoid``), so it changes no label.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from tooldial.knowledge.english import indefinite_article
from tooldial.knowledge.loader import ordered_words, phrase_banks, word_map, words

# The words live in tooldial/knowledge/packs/{people,occasions}.yaml, the frames in
# tooldial/knowledge/phrases/en/persona.yaml (each set and bank with what it is for).
_PERSONA = phrase_banks("en", "persona")

#: People a user may act with or for.
RELATIONS = ordered_words("people", "relations")


#: The relations a user acts with or for when the task is their work (a client, a co-founder; no grandmother).
WORK_RELATIONS = ordered_words("people", "work_relations")


#: Relations that name a woman / a man (the companion's first name follows).
_FEMALE = words("people", "female_relations")
_MALE = words("people", "male_relations")


@lru_cache(maxsize=1)
def _lists() -> tuple[tuple[str, ...], ...]:
    """Faker's en_US first names, occupations (as a person says them: "chartered accountant"), last names, and
    the first names that are only female / only male (for a sister, a brother)."""
    from faker import Faker

    fake = Faker("en_US")
    person = fake.provider("faker.providers.person")
    female, male = set(person.first_names_female), set(person.first_names_male)
    names = sorted(female | male)
    surnames = tuple(sorted(set(person.last_names)))
    jobs = set()
    for job in fake.provider("faker.providers.job").jobs:
        job = re.sub(r"\s*\([^)]*\)", "", job).strip()
        if "," in job:  # "Accountant, chartered" → "chartered accountant"
            head, tail = (s.strip() for s in job.split(",", 1))
            job = f"{tail} {head}"
        job = " ".join(w if w.isupper() else w.lower() for w in job.split())
        if re.fullmatch(r"[A-Za-z /'-]+", job) and len(job.split()) <= 4:
            jobs.add(job)
    return tuple(names), tuple(sorted(jobs)), surnames, tuple(sorted(female - male)), tuple(sorted(male - female))


def first_names() -> tuple[str, ...]:
    """Faker's en_US first names (sorted), for people and, as people do, for pets."""
    return _lists()[0]


@dataclass(frozen=True)
class UserProfile:
    """One user's personal details (no input values, no slot names)."""

    #: The user's own first name ("" when the dialogue asks for a person's name).
    me: str
    #: Occupation as a noun phrase without article ("freight forwarder"; "" when a slot asks for one).
    job: str
    #: Who they act with or for: relation ("sister") and first name ("Dana").
    relation: str
    companion: str
    #: What it is all for ("Dana's housewarming", "our team offsite").
    occasion: str = ""
    #: Where they work ("Moon-Wells", "Ruiz, Copeland and Alvarez"; "" when a slot asks for a company).
    employer: str = ""
    #: Whether the dialogue's task is part of the user's work (their domain role is an occupation, see
    #: :data:`WORK_ROLES`): only then do turns tie the task to the employer ("We use it at Moon-Wells").
    work: bool = False
    #: Records a value of this dialogue can come from (:func:`records_for`: everyday ones plus the domain's).
    records: tuple[str, ...] = ()

    @property
    def a_job(self) -> str:
        if not self.job:
            return ""
        return f"{indefinite_article(self.job)} {self.job}"

    def fields(self) -> dict[str, str]:
        """Format fields of the phrase banks: ``{me} {job} {a_job} {r} {n} {N}`` (``{N}``: name at a sentence start)."""
        return {"me": self.me, "job": self.job, "a_job": self.a_job, "r": self.relation, "n": self.companion,
                "N": self.companion, "ev": self.occasion, "co": self.employer, "work": "1" if self.work else ""}


def draw_profile(rng: random.Random, avoid: Iterable[str] = (), *, role: str = "", domain: str = "") -> UserProfile:
    """A profile whose words occur in none of the strings in ``avoid`` (the dialogue's values and slot names).

    ``role`` is the scenario's domain role (``UserGoal.persona``) and ``domain`` its domain: one person per
    dialogue, so a user whose role is an occupation ("a social media manager") has no second job, and the
    occasion and the records are ones that fit the domain (no "bake sale" beside a stock ticker, no invoice
    for a flight)."""
    names, jobs, surnames, female, male = _lists()
    taken = {w for text in avoid for w in re.findall(r"[a-z]+", str(text).lower())}

    def free(text: str) -> bool:
        return not set(re.findall(r"[a-z]+", text.lower())) & taken

    def choose(pool: tuple[str, ...]) -> str:
        for _ in range(20):
            pick = rng.choice(pool)
            if free(pick):
                return pick
        return pool[0]

    me = choose(names)
    work = role in WORK_ROLES
    relation = choose(WORK_RELATIONS if work else RELATIONS)  # a developer's app is a client's, not a grandmother's
    pool = female if relation in _FEMALE else male if relation in _MALE else names
    companion = choose(tuple(n for n in pool if n != me) or pool)
    # a user who is asked for a name or an occupation must not have told theirs already
    events = WORK_EVENTS if work else OCCASIONS.get(_key(domain, OCCASIONS), ())
    occasion = rng.choice(_OCCASION_FORMS).format(n=_NAME_MARK, r=relation, e=choose(events or EVENTS))
    employer = rng.choice(_COMPANY_FORMS).format(a=choose(surnames), b=choose(surnames), c=choose(surnames),
                                                 s=rng.choice(_COMPANY_SUFFIXES))
    said = " ".join(str(a).lower() for a in avoid)
    job = choose(jobs)
    # the role is who the user is: an occupational role leaves no room for a second job, an owner's business is
    # not an employer, and a student or a job seeker has neither
    no_job = _JOB.search(said) or work or role in NO_JOB_ROLES
    no_employer = _COMPANY.search(said) or not free(employer) or role in OWNER_ROLES or role in NO_JOB_ROLES
    return UserProfile(me="" if _PERSON_NAME.search(said) else me, job="" if no_job else job,
                       relation=relation, companion=companion, occasion=occasion if events else "",
                       employer="" if no_employer else employer, work=work, records=records_for(domain, work))


def domain_key(domain: str, table: Mapping[str, tuple[str, ...]]) -> str:
    """The key of ``table`` that starts a lowercase word of ``domain`` ("Real_Estate" → "real"); "" for none."""
    words = re.split(r"[^a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", domain).lower())
    return next((key for key in table if any(w.startswith(key) for w in words if w)), "")


def _key(domain: str, table: Mapping[str, tuple[str, ...]]) -> str:
    return domain_key(domain, table) if domain else ""


#: Domain roles (``UserGoal.persona``, :data:`tooldial.dialogue.intents.PERSONAS`) that are an occupation: the
#: task is part of the user's work, so they say no second job and may tie the task to their employer.
WORK_ROLES = words("people", "work_roles")
#: Roles whose business is their own (no employer) and roles with neither a job nor an employer.
OWNER_ROLES = words("people", "owner_roles")
NO_JOB_ROLES = words("people", "no_job_roles")


_COMPANY_FORMS = _PERSONA["company_forms"]
_COMPANY_SUFFIXES = ordered_words("people", "company_suffixes")
_COMPANY = re.compile(r"\b(" + "|".join(ordered_words("people", "employer_words")) + r")\b")


#: What a user may be preparing for.
EVENTS = ordered_words("occasions", "events")
#: Occasions that fit a domain (keyed like :data:`tooldial.dialogue.user_situation.PLANS`); a domain without an
#: entry gets no occasion (a stock ticker or a prescription is not "for the bake sale").
OCCASIONS: Mapping[str, tuple[str, ...]] = word_map("occasions", "by_domain")
#: Occasions of a user whose task is part of their work (:data:`WORK_ROLES`).
WORK_EVENTS = ordered_words("occasions", "work_events")
_OCCASION_FORMS = _PERSONA["occasion_forms"]
#: Where the companion's name goes in an occasion (filled by :func:`say`, so the name can be protected).
_NAME_MARK = "\x00n\x00"


#: Slots (or values) a user's own name, occupation or employer would answer or contradict: then not said.
_PERSON_NAME = re.compile(r"\b(" + "|".join(ordered_words("people", "name_slot_prefixes")) + r")[ _]?name\b|"
                          + "|".join(rf"\b{w}\b" for w in ordered_words("people", "name_slot_words")))
_JOB = re.compile(r"\b(" + "|".join(ordered_words("people", "job_words")) + r")\b")


#: Records a value can come from; shared by :data:`SOURCES` and :data:`NOT_AT_HAND`. Everyday records fit any
#: dialogue; :data:`DOMAIN_RECORDS` only their domains, :data:`WORK_RECORDS` only a task that is the user's work.
RECORDS = _PERSONA["records"]
DOMAIN_RECORDS: Mapping[str, tuple[str, ...]] = _PERSONA["domain_records"]
WORK_RECORDS = _PERSONA["work_records"]


def records_for(domain: str, work: bool) -> tuple[str, ...]:
    """The records a value of a dialogue in ``domain`` may come from (work records only for work tasks)."""
    extra = DOMAIN_RECORDS.get(_key(domain, DOMAIN_RECORDS), ())
    return RECORDS + extra + (WORK_RECORDS if work else ())


#: Records a user can write to (a goodbye: "I'll add it to my notes").
WRITABLE = _PERSONA["writable"]

#: Who the user is or who they are asking for (said once per dialogue, in an early turn).
INTRO = _PERSONA["intro"]
#: Where a given value comes from (after the values of an ``inform`` whose values are codes, ids, numbers or dates:
#: things people copy from a record).
SOURCES = _PERSONA["sources"]
#: Why the user gives a value they chose rather than copied (a name, a keyword, a place; a pick from the options
#: the system listed): nobody copies "electric cars" from an invoice.
CHOICES = _PERSONA["choices"]
#: Why a value is not at hand (after the core sentence of a ``fail_inform``).
NOT_AT_HAND = _PERSONA["not_at_hand"]
#: A reason after an ``affirm``.
AFFIRM_WHY = _PERSONA["affirm_why"]
#: A reason after a ``negate``.
NEGATE_WHY = _PERSONA["negate_why"]
#: What the user will do with the answer (after a goodbye).
BYE_NEXT = _PERSONA["bye_next"]


#: Frames that tie the task to the user's work or employer: said only when the task is their work
#: (:attr:`UserProfile.work`); any other ``{co}`` frame just says where the user works.
WORK_FRAMES = frozenset(_PERSONA["work_frames"])


def usable_frame(frame: str, profile: UserProfile) -> bool:
    """Whether ``frame`` fits the profile's person: a work frame only for a work task, the occasion only when the
    domain has one. The employer is named only when the task is their work: "I work at Campbell, Alvarado and
    Rollins" before a question about a trading signal is a line the request never uses."""
    if (frame in WORK_FRAMES or "{co}" in frame) and not profile.work:
        return False
    if not (profile.job or profile.work) and re.search(r"\bwork\b", frame):  # a job seeker has no work to go back to
        return False
    return "{ev}" not in frame or bool(profile.occasion)


def _names_companion(text: str) -> bool:
    """Whether a frame or record names the companion (``{n}``, ``{N}``)."""
    return "{n}" in text or "{N}" in text


def _once_named(rng: random.Random, options: tuple[str, ...], frame: str = "",
                frame_names: Callable[[str], bool] = lambda option: False) -> str:
    """One of ``options`` that does not name the companion a second time: where ``frame`` names them, a record that
    names them too ("I'll put it in the spreadsheet Heather shared for Heather"), and a frame that names them beside
    an occasion that does (``frame_names``: "Isaac will want to hear this before Isaac's cycling tour"), are drawn
    again from the others. One draw as before when the first fits, so other dialogues keep their words."""
    def twice(option: str) -> bool:
        return _names_companion(option) and (_names_companion(frame) or frame_names(option))
    choice = rng.choice(options)
    if twice(choice) and (others := tuple(o for o in options if not twice(o))):
        choice = rng.choice(others)
    return choice


def say(frames: tuple[str, ...], profile: UserProfile, rng: random.Random,
        wrap: Callable[[str], str] = str, said: dict[str, bool] | None = None, *, to_user: bool = False,
        told_only: bool = False) -> str:
    """One frame of ``frames`` filled with ``profile`` (a record for ``{rec}`` drawn from :data:`RECORDS`).

    ``wrap`` is applied to the first names (the renderer protects them from persona rewrites). ``said`` is the
    dialogue's memory: the first time the companion is named without the relation, it is introduced
    ("my sister Dana"); afterwards the name alone is enough. ``to_user``: the system speaks about the user's
    occasion ("your sister's wedding", "the party you're organising"). ``told_only``: no person and no occasion the
    user has not told yet (a reason given with a yes or a no: "No, that's not it. That's not what my nephew asked
    for." brings a nephew in as the user turns the offer down).
    """
    said = {} if said is None else said
    fields = profile.fields()
    for key in ("me", "n", "N", "co"):
        fields[key] = wrap(fields[key])
    unusable = [f"{{{k}}}" for k, v in (("me", profile.me), ("job", profile.job), ("a_job", profile.job),
                                         ("co", profile.employer)) if not v]
    if not said.get("co") and frames is not INTRO:  # the employer is named in an introduction first
        unusable.append("{co}")
    if said.get("sit:plan"):  # one purpose per dialogue: the plan was told, so no occasion besides it
        unusable.append("{ev}")
    if said.get("identity"):  # one identity per dialogue: the job or the role was said already
        unusable += ["{job}", "{a_job}"]
    if told_only and not said.get("companion"):
        unusable += ["{n}", "{N}", "{r}"]
    if told_only and not said.get("occasion"):
        unusable.append("{ev}")
    frames = tuple(f for f in frames if not any(u in f for u in unusable) and usable_frame(f, profile)) or ("",)
    frame = _once_named(rng, frames, frame_names=lambda f: _NAME_MARK in profile.occasion and "{ev}" in f)
    if "{rec}" in frame:
        frame = frame.replace("{rec}", _once_named(rng, profile.records or RECORDS, frame))
    if "{wrec}" in frame:
        frame = frame.replace("{wrec}", _once_named(rng, WRITABLE if profile.work else
                                                    tuple(w for w in WRITABLE if "work" not in w), frame))
    if "{ev}" in frame:
        said["occasion"] = True
        occasion = profile.occasion.replace(_NAME_MARK, "{n}")
        if to_user:
            occasion = re.sub(r"\b(my|our)\b", "your", occasion).replace("I'm", "you're")
        frame = frame.replace("{ev}", occasion)
    named = "{n}" in frame or "{N}" in frame
    if named and not said.get("companion") and not re.search(r"my \{r\} \{[nN]\}|\{[nN]\}, my \{r\}", frame,
                                                             re.IGNORECASE):  # "My {r} {n} asked me…" introduces
        first = re.search(r"\{[nN]\}", frame)
        if first is not None:
            intro = "my {r} {n}" if first.group(0) == "{n}" else "My {r} {n}"
            frame = frame[:first.start()] + intro + frame[first.end():]
    said["companion"] = said.get("companion", False) or named
    said["me"] = said.get("me", False) or "{me}" in frame
    said["co"] = said.get("co", False) or "{co}" in frame
    said["identity"] = said.get("identity", False) or "{a_job}" in frame or "{job}" in frame
    return frame.format(**fields)
