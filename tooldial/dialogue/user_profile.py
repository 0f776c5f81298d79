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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

#: People a user may act with or for.
RELATIONS = ("sister", "brother", "colleague", "manager", "flatmate", "partner", "neighbour", "cousin", "friend",
             "son", "daughter", "client", "boss", "teammate", "aunt", "uncle", "dad", "mum", "husband", "wife",
             "coworker", "business partner", "assistant", "classmate", "roommate", "team lead", "grandmother",
             "best friend", "supervisor", "housemate", "grandfather", "niece", "nephew", "godmother", "mentor",
             "landlady", "stepbrother", "fiancée", "lab partner", "co-founder", "intern", "old school friend")


#: Relations that name a woman / a man (the companion's first name follows).
_FEMALE = frozenset({"sister", "daughter", "aunt", "mum", "wife", "grandmother", "niece", "godmother", "landlady",
                     "fiancée"})
_MALE = frozenset({"brother", "son", "uncle", "dad", "husband", "grandfather", "nephew", "stepbrother"})


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

    @property
    def a_job(self) -> str:
        if not self.job:
            return ""
        return ("an " if self.job[:1].lower() in "aeiou" else "a ") + self.job

    def fields(self) -> dict[str, str]:
        """Format fields of the phrase banks: ``{me} {job} {a_job} {r} {n} {N}`` (``{N}``: name at a sentence start)."""
        return {"me": self.me, "job": self.job, "a_job": self.a_job, "r": self.relation, "n": self.companion,
                "N": self.companion, "ev": self.occasion, "co": self.employer}


def draw_profile(rng: random.Random, avoid: Iterable[str] = ()) -> UserProfile:
    """A profile whose words occur in none of the strings in ``avoid`` (the dialogue's values and slot names)."""
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
    relation = choose(RELATIONS)
    pool = female if relation in _FEMALE else male if relation in _MALE else names
    companion = choose(tuple(n for n in pool if n != me) or pool)
    # a user who is asked for a name or an occupation must not have told theirs already
    occasion = rng.choice(_OCCASION_FORMS).format(n=_NAME_MARK, r=relation, e=choose(EVENTS))
    employer = rng.choice(_COMPANY_FORMS).format(a=choose(surnames), b=choose(surnames), c=choose(surnames),
                                                 s=rng.choice(_COMPANY_SUFFIXES))
    said = " ".join(str(a).lower() for a in avoid)
    return UserProfile(me="" if _PERSON_NAME.search(said) else me, job="" if _JOB.search(said) else choose(jobs),
                       relation=relation, companion=companion, occasion=occasion,
                       employer="" if _COMPANY.search(said) or not free(employer) else employer)


_COMPANY_FORMS = ("{a} {s}", "{a}-{b}", "{a}, {b} and {c}", "{a} and {b}")
_COMPANY_SUFFIXES = ("Inc", "LLC", "Group", "and Sons", "PLC", "Ltd", "Partners", "Associates")
_COMPANY = re.compile(r"\b(company|employer|organi[sz]ation|business|firm|brand|corporation)\b")


#: What a user may be preparing for.
EVENTS = ("birthday party", "wedding", "retirement party", "job interview", "conference talk", "board meeting",
          "housewarming", "school project", "team offsite", "family reunion", "client pitch", "road trip",
          "dinner party", "book club evening", "training course", "final exam", "house move", "presentation",
          "anniversary dinner", "hackathon", "charity fundraiser", "graduation", "camping weekend",
          "quarterly review", "volunteer shift", "garden party", "research report", "weekly newsletter",
          "budget meeting", "podcast episode", "thesis chapter", "staff training", "trade fair", "art exhibition",
          "christening", "bake sale", "job fair", "science fair", "product launch", "yoga retreat", "stag do",
          "baby shower", "open day", "team quiz night", "photo shoot", "cycling tour", "dance recital",
          "chess tournament", "surprise party", "board game night", "sales review", "grant application",
          "choir concert", "neighbourhood cleanup", "ski trip", "pub quiz", "family barbecue", "karaoke night")
_OCCASION_FORMS = ("{n}'s {e}", "the {e}", "our {e}", "the {e} I'm organising", "my {e}")
#: Where the companion's name goes in an occasion (filled by :func:`say`, so the name can be protected).
_NAME_MARK = "\x00n\x00"


#: Slots (or values) a user's own name, occupation or employer would answer or contradict: then not said.
_PERSON_NAME = re.compile(r"\b(first|last|full|user|person|contact|customer|author|nick|given|family|player|"
                          r"artist|owner|guest)[ _]?name\b|\busername\b|\bsurname\b|\bhandle\b|\bgamertag\b")
_JOB = re.compile(r"\b(job|occupation|profession|career|employer|role)\b")


#: Records a value can come from; shared by :data:`SOURCES` and :data:`NOT_AT_HAND`.
RECORDS = ("my notes", "the email {n} sent me", "my {r}'s notes", "the paperwork", "an old receipt", "my calendar",
           "the spreadsheet {n} shared", "the app on my phone", "the notes on my desk", "a text from my {r}",
           "last month's invoice", "the confirmation email", "the folder {n} left me", "my work laptop",
           "the message {n} forwarded", "the booking confirmation", "my phone", "the shared drive at work",
           "a photo I took", "the form {n} filled in", "my inbox", "the document my {r} sent over",
           "the group chat", "a voicemail from {n}", "the notebook in my bag", "yesterday's meeting minutes",
           "the printout on the fridge", "an old bank statement", "the office logbook", "my planner",
           "the chat with {n}", "the handover notes {n} wrote", "a screenshot on my phone", "my to-do list",
           "the minutes {n} took", "the folder in my desk drawer", "last year's records", "the welcome pack",
           "the project wiki", "an envelope I kept", "my {r}'s laptop", "the letter {n} posted")

#: Records a user can write to (a goodbye: "I'll add it to my notes").
WRITABLE = ("my notes", "my calendar", "the spreadsheet {n} shared", "my work laptop", "the shared drive at work",
            "my inbox", "the folder {n} left me", "my {r}'s notes", "the paperwork")

#: Who the user is or who they are asking for (said once per dialogue, in an early turn).
INTRO = (
    "I'm {a_job}.", "I work as {a_job}.", "I'm {a_job} by trade.", "My name's {me}, by the way.",
    "I'm {me}, {a_job}.", "I'm asking for my {r} {n}.", "My {r} {n} asked me to sort this out.",
    "This is partly for {n}, my {r}.", "I'm helping my {r} {n} with this.", "As {a_job}, I run into this a lot.",
    "I'm {a_job}, so this comes up at work.", "{N}, my {r}, needs this too.", "{me} here.",
    "I'm sorting this out together with my {r} {n}.", "My {r} and I are working on this.",
    "I'm {a_job} and a bit short on time.", "I promised {n} I'd look into it.",
    "It's for {n}, my {r}.", "Work stuff: I'm {a_job}.", "{N} is counting on me for this.",
    "I'm getting ready for {ev}.", "It's all for {ev}.", "This is for {ev}.", "I'm busy preparing {ev}.",
    "{N} and I are planning {ev}.", "I'm {a_job}, and I'm also sorting out {ev}.",
    "I work at {co}.", "I'm {a_job} at {co}.", "I'm with {co}, in case that matters.",
    "My team at {co} needs this.", "I'm at {co}, and my {r} {n} asked for this.",
    "Quick one from {co}.", "I'm {a_job}; {co} is where I work.", "We're a small team at {co}.",
    "I'm doing this for {co}.", "{N} and I run things at {co}.", "I'm new at {co}.",
    "My {r} recommended I ask here.", "{N} said you'd be able to help.", "I've got {ev} coming up.",
    "I'm juggling {ev} and work right now.", "Between work and {ev}, I'm swamped.",
)
#: Where a given value comes from (after the values of an ``inform``).
SOURCES = (
    "I got that from {rec}.", "That's from {rec}.", "I copied it from {rec}.", "I found it in {rec}.",
    "It's written in {rec}.", "I checked it against {rec}.", "That comes straight from {rec}.",
    "{N} gave me that.", "My {r} wrote that down for me.", "I double-checked it with {n}.",
    "At least that's what {rec} says.", "I looked it up in {rec} earlier.", "{N} confirmed it this morning.",
    "That's the one we agreed on for {ev}.", "My {r} picked it for {ev}.",
    "We use it at {co}.", "It's what {co} has on file.", "{N} read it out to me.", "I have it right here.",
    "It's on the list {n} gave me.", "That's what we settled on.", "I wrote it down from {rec}.",
    "It's the one from {rec}.", "My {r} and I checked it twice.", "That's what's in {rec}.",
)
#: Why a value is not at hand (after the core sentence of a ``fail_inform``).
NOT_AT_HAND = (
    "It should be in {rec}, but I don't have that here.", "{N} usually keeps track of that.",
    "My {r} handles that side of things.", "I'd have to ask {n}.", "It wasn't in {rec} either.",
    "I looked in {rec} and couldn't find it.", "{N} has it, and isn't answering right now.",
    "My {r} set all of that up.", "I thought it was in {rec}, but no luck.", "I left my notebook at home.",
    "Only {n} would know that.", "It's somewhere in {rec}, I just can't find it.",
    "{N} was supposed to send it before {ev}.", "Planning {ev} has me all over the place.",
    "It's not in {rec}.", "Someone at {co} would know.", "{co} never sent it to me.",
    "I must have lost the paperwork.", "{N} may have deleted the email, I think.", "It's buried somewhere in {rec}.",
    "I never wrote it down.", "I'd need to call {n}, and that can wait.", "The person who knows is {n}.",
    "I've been meaning to ask my {r}.", "It was in {rec}, which I can't get to right now.",
)
#: A reason after an ``affirm``.
AFFIRM_WHY = ("{N} will be glad.", "That's what we need for {ev}.", "It's for {ev}, so that's perfect.",
              "That's what we need at {co}.", "My {r} will be relieved.", "{N} asked for exactly that.",
              "I was hoping you'd say that.", "That's what I came for.", "That's what my {r} was hoping for.", "That's exactly what I need for work.",
              "It'll save me asking {n}.", "My {r} needs the same thing.", "That's what I told {n} I'd get.")
#: A reason after a ``negate``.
NEGATE_WHY = ("{N} needs something different.", "That's not what my {r} asked for.",
              "That won't help with my work.", "My {r} was after something else.",
              "That's not what we need at {co}.", "That wouldn't help with {ev}.",
              "{N} would say no to that too.")
#: What the user will do with the answer (after a goodbye).
BYE_NEXT = ("I'll pass this on to {n}.", "I'll let my {r} know.", "{N} will be pleased.",
            "I'll add it to {wrec}.", "Now I can get back to work.", "I'll send it to my {r} right away.",
            "That goes straight into {wrec}.", "I'll tell {n} tonight.", "My {r} owes me one now.",
            "I'll forward this to {n}.", "I can finally reply to {n}.", "One thing less to sort out for {ev}.",
            "That helps a lot with {ev}.", "{N} will want to hear this before {ev}.",
            "Now back to {ev}.", "I'll share it with the team at {co}.", "{co} can move ahead now.",
            "My {r} will be thrilled.", "I'll bring it up with {n} later.", "That saves me a call to {n}.",
            "That's my afternoon sorted.", "Time to tell {n} the news.", "I'll put it in {wrec} for {n}.")


def say(frames: tuple[str, ...], profile: UserProfile, rng: random.Random,
        wrap: Callable[[str], str] = str, said: dict[str, bool] | None = None, *, to_user: bool = False) -> str:
    """One frame of ``frames`` filled with ``profile`` (a record for ``{rec}`` drawn from :data:`RECORDS`).

    ``wrap`` is applied to the first names (the renderer protects them from persona rewrites). ``said`` is the
    dialogue's memory: the first time the companion is named without the relation, it is introduced
    ("my sister Dana"); afterwards the name alone is enough. ``to_user``: the system speaks about the user's
    occasion ("your sister's wedding", "the party you're organising").
    """
    said = {} if said is None else said
    fields = profile.fields()
    for key in ("me", "n", "N", "co"):
        fields[key] = wrap(fields[key])
    unusable = [f"{{{k}}}" for k, v in (("me", profile.me), ("job", profile.job), ("a_job", profile.job),
                                         ("co", profile.employer)) if not v]
    if not said.get("co") and frames is not INTRO:  # the employer is named in an introduction first
        unusable.append("{co}")
    frames = tuple(f for f in frames if not any(u in f for u in unusable)) or ("",)
    frame = rng.choice(frames)
    if "{rec}" in frame:
        frame = frame.replace("{rec}", rng.choice(RECORDS))
    if "{wrec}" in frame:
        frame = frame.replace("{wrec}", rng.choice(WRITABLE))
    if "{ev}" in frame:
        said["occasion"] = True
        occasion = profile.occasion.replace(_NAME_MARK, "{n}")
        if to_user:
            occasion = re.sub(r"\b(my|our)\b", "your", occasion).replace("I'm", "you're")
        frame = frame.replace("{ev}", occasion)
    named = "{n}" in frame or "{N}" in frame
    if named and not said.get("companion") and not re.search(r"my \{r\} \{[nN]\}|\{[nN]\}, my \{r\}", frame):
        first = re.search(r"\{[nN]\}", frame)
        if first is not None:
            intro = "my {r} {n}" if first.group(0) == "{n}" else "My {r} {n}"
            frame = frame[:first.start()] + intro + frame[first.end():]
    said["companion"] = said.get("companion", False) or named
    said["me"] = said.get("me", False) or "{me}" in frame
    said["co"] = said.get("co", False) or "{co}" in frame
    return frame.format(**fields)
