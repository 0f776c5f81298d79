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
             "landlady", "stepbrother", "fiancée", "co-founder", "intern", "old school friend")


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
    #: Whether the dialogue's task is part of the user's work (their domain role is an occupation, see
    #: :data:`WORK_ROLES`): only then do turns tie the task to the employer ("We use it at Moon-Wells").
    work: bool = False
    #: Records a value of this dialogue can come from (:func:`records_for`: everyday ones plus the domain's).
    records: tuple[str, ...] = ()

    @property
    def a_job(self) -> str:
        if not self.job:
            return ""
        return ("an " if self.job[:1].lower() in "aeiou" else "a ") + self.job

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
    relation = choose(RELATIONS)
    pool = female if relation in _FEMALE else male if relation in _MALE else names
    companion = choose(tuple(n for n in pool if n != me) or pool)
    # a user who is asked for a name or an occupation must not have told theirs already
    work = role in WORK_ROLES
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


def domain_key(domain: str, table: dict[str, tuple[str, ...]]) -> str:
    """The key of ``table`` that starts a lowercase word of ``domain`` ("Real_Estate" → "real"); "" for none."""
    words = re.split(r"[^a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", domain).lower())
    return next((key for key in table if any(w.startswith(key) for w in words if w)), "")


def _key(domain: str, table: dict[str, tuple[str, ...]]) -> str:
    return domain_key(domain, table) if domain else ""


#: Domain roles (``UserGoal.persona``, :data:`tooldial.dialogue.intents.PERSONAS`) that are an occupation: the
#: task is part of the user's work, so they say no second job and may tie the task to their employer.
WORK_ROLES = frozenset(("a shop owner handling payments", "a shop owner shipping orders", "a social media manager",
                        "an office worker sorting their inbox", "an office worker messaging customers",
                        "someone working in several languages", "a small-business owner",
                        "a marketer running campaigns", "a developer building a small app"))
#: Roles whose business is their own (no employer) and roles with neither a job nor an employer.
OWNER_ROLES = frozenset(("a shop owner handling payments", "a shop owner shipping orders", "a small-business owner"))
NO_JOB_ROLES = frozenset(("a student", "a job seeker"))


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
#: Occasions that fit a domain (keyed like :data:`tooldial.dialogue.user_situation.PLANS`); a domain without an
#: entry gets no occasion (a stock ticker or a prescription is not "for the bake sale").
OCCASIONS: dict[str, tuple[str, ...]] = {
    "book": ("book club evening", "school project", "reading challenge", "reading retreat", "literature class"),
    "educat": ("final exam", "school project", "science fair", "thesis chapter", "open day", "graduation",
               "training course"),
    "event": ("birthday party", "surprise party", "stag do", "hen do", "anniversary", "karaoke night",
              "family reunion", "graduation"),
    "flight": ("wedding", "family reunion", "ski trip", "conference talk", "graduation", "christening",
               "yoga retreat", "anniversary"),
    "food": ("dinner party", "bake sale", "family barbecue", "birthday party", "anniversary dinner", "garden party",
             "book club evening", "christening"),
    "gam": ("board game night", "games night", "hackathon", "tournament", "birthday party"),
    "hotel": ("wedding", "anniversary", "family reunion", "trade fair", "ski trip", "yoga retreat",
              "conference talk", "stag do"),
    "job": ("job interview", "job fair", "assessment day"),
    "location": ("house move", "cycling tour", "neighbourhood cleanup", "road trip", "camping weekend"),
    "movie": ("film night", "birthday party", "surprise party", "date night", "sleepover"),
    "music": ("dinner party", "karaoke night", "birthday party", "wedding", "dance recital", "choir concert",
              "garden party", "road trip"),
    "news": ("weekly newsletter", "podcast episode", "debate club", "research report", "current affairs quiz"),
    "real": ("house move", "mortgage meeting", "flat viewing"),
    "restaurant": ("anniversary dinner", "retirement party", "birthday party", "christening", "team dinner",
                   "first date"),
    "sport": ("pub quiz", "team quiz night", "stag do", "derby weekend", "fantasy league draft"),
    "transport": ("house move", "road trip", "cycling tour", "job interview", "ski trip", "day out"),
    "weather": ("camping weekend", "garden party", "family barbecue", "cycling tour", "wedding",
                "charity fundraiser", "neighbourhood cleanup", "photo shoot", "sailing weekend"),
    "commerce": ("birthday party", "housewarming", "baby shower", "christening", "house move", "graduation"),
}
#: Occasions of a user whose task is part of their work (:data:`WORK_ROLES`).
WORK_EVENTS = ("product launch", "hackathon", "client pitch", "board meeting", "quarterly review", "trade fair",
               "budget meeting", "sales review", "staff training", "weekly newsletter", "grant application",
               "year-end close")
_OCCASION_FORMS = ("{n}'s {e}", "the {e}", "our {e}", "the {e} I'm organising", "my {e}")
#: Where the companion's name goes in an occasion (filled by :func:`say`, so the name can be protected).
_NAME_MARK = "\x00n\x00"


#: Slots (or values) a user's own name, occupation or employer would answer or contradict: then not said.
_PERSON_NAME = re.compile(r"\b(first|last|full|user|person|contact|customer|author|nick|given|family|player|"
                          r"artist|owner|guest)[ _]?name\b|\busername\b|\bsurname\b|\bhandle\b|\bgamertag\b")
_JOB = re.compile(r"\b(job|occupation|profession|career|employer|role)\b")


#: Records a value can come from; shared by :data:`SOURCES` and :data:`NOT_AT_HAND`. Everyday records fit any
#: dialogue; :data:`DOMAIN_RECORDS` only their domains, :data:`WORK_RECORDS` only a task that is the user's work.
RECORDS = ("my notes", "the email {n} sent me", "my {r}'s notes", "my calendar", "the app on my phone",
           "the notes on my desk", "a text from my {r}", "the message {n} forwarded", "my phone", "a photo I took",
           "my inbox", "the document my {r} sent over", "the group chat", "a voicemail from {n}",
           "the notebook in my bag", "the printout on the fridge", "my planner", "the chat with {n}",
           "a screenshot on my phone", "my to-do list", "the folder in my desk drawer", "an envelope I kept",
           "the letter {n} posted", "the spreadsheet {n} shared", "the folder {n} left me", "my {r}'s laptop",
           "the paperwork")
#: Records of one kind of domain (keyed like :data:`tooldial.dialogue.user_situation.PLANS`).
_BOOKING = ("the booking confirmation", "the confirmation email", "the itinerary {n} sent", "the welcome pack")
_MONEY = ("an old receipt", "last month's invoice", "an old bank statement", "last year's records",
          "the form {n} filled in", "the statement from the bank")
DOMAIN_RECORDS: dict[str, tuple[str, ...]] = {
    "flight": _BOOKING[:3] + ("the boarding pass", "the travel folder"),
    "hotel": _BOOKING, "travel": _BOOKING, "event": ("the ticket email", "the confirmation email", "the e-ticket"),
    "restaurant": ("the booking confirmation", "last time's receipt"),
    "transport": ("the ticket app", "my travel card receipt", "the timetable I printed"),
    "commerce": ("the order confirmation", "an old receipt", "the delivery note", "the seller's email"),
    "financ": _MONEY, "crypto": ("the exchange's statement", "last year's records", "the wallet app"),
    "payment": _MONEY, "logistic": ("the shipping label", "the order confirmation", "the courier's email"),
    "real": ("the estate agent's email", "the listing I printed", "the viewing notes"),
    "health": ("the letter from the clinic", "the prescription", "the appointment card"),
    "educat": ("the course handbook", "the enrolment email", "my student portal"),
    "sport": ("the club newsletter", "the match programme"), "gam": ("the game's launcher", "my account page"),
    "book": ("the library app", "my library account"), "music": ("the playlist I shared", "the album sleeve"),
    "movie": ("my watchlist", "the film club email"), "news": ("my saved articles", "the morning briefing email"),
}
WORK_RECORDS = ("my work laptop", "the shared drive at work", "the office logbook", "the project wiki",
                "yesterday's meeting minutes", "the handover notes {n} wrote", "the minutes {n} took",
                "the onboarding pack from work")


def records_for(domain: str, work: bool) -> tuple[str, ...]:
    """The records a value of a dialogue in ``domain`` may come from (work records only for work tasks)."""
    extra = DOMAIN_RECORDS.get(_key(domain, DOMAIN_RECORDS), ())
    return RECORDS + extra + (WORK_RECORDS if work else ())


#: Records a user can write to (a goodbye: "I'll add it to my notes").
WRITABLE = ("my notes", "my calendar", "the spreadsheet {n} shared", "my work laptop", "the shared drive at work",
            "my inbox", "the folder {n} left me", "my {r}'s notes", "the paperwork", "my planner", "my phone")

#: Who the user is or who they are asking for (said once per dialogue, in an early turn).
INTRO = (
    "I'm {a_job}.", "I work as {a_job}.", "I'm {a_job} by trade.", "My name's {me}, by the way.",
    "I'm {me}, {a_job}.", "I'm asking for my {r} {n}.", "My {r} {n} asked me to sort this out.",
    "This is partly for {n}, my {r}.", "I'm helping my {r} {n} with this.",
    "{N}, my {r}, needs this too.", "{me} here.",
    "I'm sorting this out together with my {r} {n}.", "My {r} and I are working on this.",
    "I'm {a_job} and a bit short on time.", "I promised {n} I'd look into it.",
    "It's for {n}, my {r}.", "{N} is counting on me for this.",
    "I'm getting ready for {ev}.", "It's all for {ev}.", "This is for {ev}.", "I'm busy preparing {ev}.",
    "{N} and I are planning {ev}.", "I'm {a_job}, and I'm also sorting out {ev}.",
    "I work at {co}.", "I'm {a_job} at {co}.", "I'm with {co}, in case that matters.",
    "My team at {co} needs this.", "I'm at {co}, and my {r} {n} asked for this.",
    "Quick one from {co}.", "I'm {a_job}; {co} is where I work.", "We're a small team at {co}.",
    "I'm doing this for {co}.", "{N} and I run things at {co}.", "I'm new at {co}.",
    "My {r} recommended I ask here.", "{N} said you'd be able to help.", "I've got {ev} coming up.",
    "I'm juggling {ev} and work right now.", "Between work and {ev}, I'm swamped.",
)
#: Where a given value comes from (after the values of an ``inform`` whose values are codes, ids, numbers or dates:
#: things people copy from a record).
SOURCES = (
    "I got that from {rec}.", "That's from {rec}.", "I copied it from {rec}.", "I found it in {rec}.",
    "It's written in {rec}.", "I checked it against {rec}.", "That comes straight from {rec}.",
    "{N} gave me that.", "My {r} wrote that down for me.", "I double-checked it with {n}.",
    "At least that's what {rec} says.", "I looked it up in {rec} earlier.", "{N} confirmed it this morning.",
    "We use it at {co}.", "It's what {co} has on file.", "{N} read it out to me.", "I have it right here.",
    "It's on the list {n} gave me.", "I wrote it down from {rec}.",
    "It's the one from {rec}.", "My {r} and I checked it twice.", "That's what's in {rec}.",
)
#: Why the user gives a value they chose rather than copied (a name, a keyword, a place; a pick from the options
#: the system listed): nobody copies "electric cars" from an invoice.
CHOICES = (
    "That's the one we agreed on for {ev}.", "My {r} picked it for {ev}.", "That's what we settled on.",
    "{N} suggested it.", "My {r} and I talked it over.", "It's what {n} wanted.", "That's my first choice.",
    "{N} and I went back and forth on it.", "I've had my eye on that one for a while.", "That's the one {n} mentioned.",
    "My {r} would choose the same.", "It's the one everyone keeps telling me about.", "That's what I had in mind.",
    "{N} swears by it.", "It came up when I was chatting with {n}.", "We picked it with {ev} in mind.",
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


#: Frames that tie the task to the user's work or employer: said only when the task is their work
#: (:attr:`UserProfile.work`); any other ``{co}`` frame just says where the user works.
WORK_FRAMES = frozenset((
    "My team at {co} needs this.", "Quick one from {co}.", "We're a small team at {co}.", "I'm doing this for {co}.",
    "{N} and I run things at {co}.", "I'm at {co}, and my {r} {n} asked for this.", "I'm with {co}, in case that matters.",
    "We use it at {co}.", "It's what {co} has on file.", "Someone at {co} would know.", "{co} never sent it to me.",
    "That's what we need at {co}.", "That's exactly what I need for work.", "That won't help with my work.",
    "That's not what we need at {co}.", "I'll share it with the team at {co}.", "{co} can move ahead now.",
))


def usable_frame(frame: str, profile: UserProfile) -> bool:
    """Whether ``frame`` fits the profile's person: a work frame only for a work task, the occasion only when the
    domain has one."""
    if frame in WORK_FRAMES and not profile.work:
        return False
    if not (profile.job or profile.work) and re.search(r"\bwork\b", frame):  # a job seeker has no work to go back to
        return False
    return "{ev}" not in frame or bool(profile.occasion)


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
    if said.get("sit:plan"):  # one purpose per dialogue: the plan was told, so no occasion besides it
        unusable.append("{ev}")
    if said.get("identity"):  # one identity per dialogue: the job or the role was said already
        unusable += ["{job}", "{a_job}"]
    frames = tuple(f for f in frames if not any(u in f for u in unusable) and usable_frame(f, profile)) or ("",)
    frame = rng.choice(frames)
    if "{rec}" in frame:
        frame = frame.replace("{rec}", rng.choice(profile.records or RECORDS))
    if "{wrec}" in frame:
        frame = frame.replace("{wrec}", rng.choice(WRITABLE if profile.work else
                                                   tuple(w for w in WRITABLE if "work" not in w)))
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
    said["identity"] = said.get("identity", False) or "{a_job}" in frame or "{job}" in frame
    return frame.format(**fields)
