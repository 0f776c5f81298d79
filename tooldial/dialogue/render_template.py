"""The ``template`` renderer: offline, deterministic, compositional phrasings with a persona per dialogue.

Every message is composed from parts (an opener, the act's core frame, clauses for the values, an optional
extra sentence and a closer) drawn from many paraphrase frames per action. Each dialogue gets a **user persona**
(plain, terse, chatty, formal, non-native, typo-prone) and a **system voice** (plain, warm, brisk) that shape
those choices and then rewrite the user's text (contractions, dropped articles); how the user types — chat
spellings, lower-case starts, typos at ``typo_rate`` — is the dialogue's :mod:`tooldial.dialogue.user_register`.

What stays fixed, whatever the wording:

- every value the scenario requires (values the user informs, options of a ``request-multi``, facts a response
  reports) is inserted verbatim and protected from every rewrite; slot names are protected too, so a typo never
  hides which input a turn is about (:func:`tooldial.dialogue.renderer.check_messages` holds the renderer to it);
- each act stays recognisable from its words: a ``fail_inform`` always says the user does not know something
  (even when it shares the ``the X is Y`` clauses of ``inform`` for the values it does give), ``negate`` always
  says no, a goodbye always thanks or takes leave;
- the system never names what the user has not said: ``clarify`` asks about the user's own request, not about
  the gold API's domain.

Randomness comes from ``random.Random(f"template:{dialogue_id}")``, so a dialogue's wording does not depend on
which other dialogues are rendered with it, and the same seed gives the same bytes.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from tooldial.dialogue.answer_text import Answer, join, phrase
from tooldial.dialogue.flags import flag_phrase, flag_value
from tooldial.dialogue.intents.personas import introduces, persona_entry
from tooldial.dialogue.renderer import RenderResult, rendered_by
from tooldial.dialogue.scenario import ScenarioInstruction, TurnInstruction
from tooldial.dialogue.slot_words import agreeing, own_or_the
from tooldial.dialogue.user_profile import (
    AFFIRM_WHY,
    BYE_NEXT,
    CHOICES,
    INTRO,
    NEGATE_WHY,
    NOT_AT_HAND,
    SOURCES,
    UserProfile,
    draw_profile,
    say,
)
from tooldial.dialogue.user_register import Register, casual_value, draw_register
from tooldial.dialogue.user_situation import (
    PAYOFFS,
    STAKES,
    TRIED_FRAMES,
    TURN_ASIDES,
    Situation,
    aside,
    draw_situation,
)
from tooldial.knowledge.english import first_person
from tooldial.knowledge.loader import phrase_banks, words

#: User personas and how often a dialogue gets each.
PERSONAS: dict[str, float] = {"plain": 0.24, "terse": 0.16, "chatty": 0.16, "formal": 0.14, "non_native": 0.14,
                              "typo": 0.16}
#: System voices and how often a dialogue gets each.
VOICES: dict[str, float] = {"plain": 0.4, "warm": 0.35, "brisk": 0.25}
#: Chance per persona that an ``inform``/``fail_inform`` carries a context sentence (said once per dialogue).
_CONTEXT_RATE = {"plain": 0.35, "terse": 0.05, "chatty": 0.85, "formal": 0.35, "non_native": 0.3, "typo": 0.35}
#: Scale per persona of the chance of a personal detail after an act (:mod:`tooldial.dialogue.user_profile`).
_EXTRA_RATE = {"plain": 1.0, "terse": 0.0, "chatty": 1.6, "formal": 0.8, "non_native": 0.7, "typo": 1.0}
#: Probability that the A.7 style drawn for a turn shapes the utterance (the rest use the frames below).
STYLE_USE = 0.3
#: User messages of one dialogue that may tell something personal (an introduction, where a value comes from, a
#: situation aside, what the user does next), the opening's introduction included; each such message tells one.
#: Readers of fresh ToolBench dialogues flagged a personal sentence in every turn, or two in one goodbye ("I'll
#: forward this to my colleague Sylvia. Now I can get back to the car wash."), as filler no person writes.
PERSONAL_MESSAGES = 2


def _the(slots: Sequence[str]) -> str:
    return join([f"the {s}" for s in slots])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _pick(rng: random.Random, weights: dict[str, float]) -> str:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


# --- protected spans ------------------------------------------------------------------------------------------

_OPEN, _CLOSE = "\ue000", "\ue001"


class Protect:
    """Values and slot names replaced by placeholders while persona rewrites run, restored afterwards."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.phrases: set[int] = set()

    def __call__(self, text: Any, *, phrase: bool = False) -> str:
        """A placeholder for ``text``; a ``phrase`` (words, not a value: "don't use logo") starts with a capital
        where it starts a sentence once restored."""
        self.items.append(str(text))
        if phrase:
            self.phrases.add(len(self.items) - 1)
        return f"{_OPEN}{len(self.items) - 1}{_CLOSE}"

    def restore(self, text: str) -> str:
        def value(m: re.Match[str]) -> str:
            n, punct = int(m.group(1)), m.group(2)
            v = self.items[n]
            if n in self.phrases and re.search(r"(?:^|[.!?]\s+)$", text[:m.start()]):
                v = _cap(v)
            return v if punct and v[-1:] in ".!?" else v + punct  # "…a dying galaxy." + "," → no ".,"
        return re.sub(f"{_OPEN}(\\d+){_CLOSE}([.,]?)", value, text)


# --- phrase banks ---------------------------------------------------------------------------------------------
# The frames live in tooldial/knowledge/phrases/en/{user,system,rewrites}.yaml (each bank with what it is for).

_USER = phrase_banks("en", "user")
_SYSTEM = phrase_banks("en", "system")
_REWRITES = phrase_banks("en", "rewrites")

_USER_OPENERS = _USER["user_openers"]
_USER_CLOSERS = _USER["user_closers"]
_GIVING_CLOSERS = frozenset(_USER["closers_after_giving"])
#: Each persona's closers that may follow a yes or a no (none that closes handing something over).
_REPLY_CLOSERS = {persona: [c for c in closers if c not in _GIVING_CLOSERS] for persona, closers in _USER_CLOSERS.items()}
_THANK = _USER["thank"]
_THANK_FOR = _USER["thank_for"]
_OFFER = _USER["offer"]
_OFFER_WHAT = _USER["offer_what"]
_TAIL_A = _USER["tail_a"]
_TAIL_B = _USER["tail_b"]
_TAIL_C = _USER["tail_c"]
_LEAVE = _USER["leave"]
_WISH = _USER["wish"]
_DAYPART = _USER["daypart"]
_FAIL_VERB = _USER["fail_verb"]
_FAIL_TAIL = _USER["fail_tail"]
_CONTEXT = _USER["context"]
_OWN_CONTEXT = _USER["own_context"]
_INFORM_ONE = _USER["inform_one"]
_INFORM_CLAUSE = _USER["inform_clause"]
_INFORM_STATEMENT = _USER["inform_statement"]
_PAIR_FRAMES = _USER["pair_frames"]
_PAIR_ALONE = _USER["pair_alone"]
_PAIRS = _USER["pairs"]
_LISTED = _USER["listed"]
#: Personas that list values as the ``listed`` frames do (the slot name and the value, no verb).
_LISTERS = frozenset(("terse", "typo"))
_HEDGES = _USER["hedges"]
_PICK = _USER["pick"]
_FAIL_CORE = _USER["fail_core"]
_FAIL_OPENERS = _USER["fail_openers"]
_FAIL_BRIDGE = _USER["fail_bridge"]
_AFFIRM = _USER["affirm"]
_AFFIRM_YES = _USER["affirm_yes"]
_AFFIRM_GO = _USER["affirm_go"]
_NEGATE = _USER["negate"]
_NEGATE_NO = _USER["negate_no"]
_NEGATE_WHY = _USER["negate_why"]
_NEGATE_TAIL = _USER["negate_tail"]
_BYE_THANKS = _USER["bye_thanks"]
_BYE_TAIL = _USER["bye_tail"]
_BYE_WHY = _USER["bye_why"]
_BYE_RECAP = _USER["bye_recap"]
#: Answer labels that name no property a user would say ("the name, SF HER" of a library copy): recaps of them
#: say the value alone.
_GENERIC_KEYS = words("labels", "unspoken_keys")


def _spoken(value: str) -> str:
    """A reported value as the user repeats it: without a raw field name in front ("animename Yahari …" →
    "Yahari …": a list record labelled by its key) or a trailing parenthesis of more fields."""
    from tooldial.dialogue.intents import raw_name

    head, _, rest = value.partition(" ")
    if rest and raw_name(head):
        value = rest
    return re.sub(r"\s*\([^)]*\)\s*$", "", value) or value


_UNECHOED = words("labels", "unechoed_values")


def echoable_facts(facts: dict[str, str]) -> dict[str, str]:
    """The facts of an answer a user may repeat when thanking: one value, not a list's records run together
    ("United and Yichun United is just what I needed"; a name with "and" in it is left out too), not the first
    record of a list, the only fact of a list answer ("cheers for looking up the first good"), not how the call
    went ("the status was success"). Held-out review of issue 28 (seed
    7207): goodbye echoes were flagged in 11 of its 60 dialogues, 7 of them of these three kinds."""
    listed = len(facts) == 1 and next(iter(facts)).startswith("first ")  # a list's recap: "first hotel" alone
    return {k: v for k, v in facts.items() if v.strip().lower() not in _UNECHOED and not listed
            and " and " not in v and v.count(", ") < 2}


def _unnamed(frames: tuple[str, ...], generic: bool) -> tuple[str, ...]:
    """``frames`` without those that name a fact's label (``{k}``, ``{k2}``) when a label is generic."""
    return tuple(f for f in frames if "{k" not in f) if generic else frames


_BYE_RECAP2 = _USER["bye_recap2"]
_GOAL = _USER["goal"]
_AFFIRM_CLAUSE = _USER["affirm_clause"]
_SYS_BYE_HEAD = _SYSTEM["sys_bye_head"]
_SYS_BYE_TAIL = _SYSTEM["sys_bye_tail"]
_SYS_BYE_PERSONAL = _SYSTEM["sys_bye_personal"]
_CLARIFY = _SYSTEM["clarify"]
_CLARIFY_TOPIC = _SYSTEM["clarify_topic"]
_CLARIFY_ACK = _SYSTEM["clarify_ack"]
_CLARIFY_HINT = _SYSTEM["clarify_hint"]
_SUGGEST = _SYSTEM["suggest"]
_REQUEST = _SYSTEM["request"]
_REQUEST_WHY = _SYSTEM["request_why"]
_REQUEST_LEAD = _SYSTEM["request_lead"]
_MULTI = _SYSTEM["multi"]
_RESPONSE_OPEN = _SYSTEM["response_open"]
_RESPONSE_DEFAULT = _SYSTEM["response_default"]
_RESPONSE_LEAD = _SYSTEM["response_lead"]
_FACT = _SYSTEM["fact"]
_RESPONSE_CLOSE = _SYSTEM["response_close"]
_FAIL_SORRY = _SYSTEM["fail_sorry"]
_FAIL_WHY = _SYSTEM["fail_why"]
_FAIL_NEXT = _SYSTEM["fail_next"]
_RESPONSE_FAIL = _SYSTEM["response_fail"]
_SYS_OPENERS = _SYSTEM["sys_openers"]

_CONTRACTIONS = _REWRITES["contractions"]
_NON_NATIVE = _REWRITES["non_native"]
#: Values a person copies from a record (a digit, an id's underscore or separator, an upper-case code).
_RECORD_LIKE = re.compile(r"\d|_|@|/|^[A-Z]{2,}$")
#: Personas whose turns stay short enough to say so ("Quick one, I'm on the bus").
_BRIEF = frozenset(("terse", "typo", "non_native"))
_SHORT_CLAIM = re.compile(r"short|[Qq]uick")


def short_clause(clause: str) -> str:
    """The head of an API's description clause, as a user would say it (before a colon, a parenthesis, a
    ``with …`` tail, or a comma that follows at least four words)."""
    head = re.split(r"[:;(]| with | from its ", clause, maxsplit=1)[0].strip()
    before_comma = head.split(",", 1)[0].strip()
    return before_comma if len(before_comma.split()) >= 4 else head.rstrip(",. ")


@lru_cache(maxsize=1)
def _persona_topics() -> tuple[str, ...]:
    from tooldial.dialogue.intents import DEFAULT_PERSONA, PERSONAS

    # longest first, ties alphabetical: a set's order changes with the process's string hash seed
    return tuple(sorted({entry[2] for entry in (*PERSONAS.values(), DEFAULT_PERSONA)}, key=lambda t: (-len(t), t)))


def said_topic(said: str) -> str:
    """The topic a vague user named ("my investments" in "I need help with my investments."), as the system says
    it ("your investments"); "" when the message names none of the persona topics of
    :data:`tooldial.dialogue.intents.PERSONAS`."""
    for topic in _persona_topics():
        if re.search(rf"\b{re.escape(topic)}\b", said, re.IGNORECASE):
            return re.sub(r"\bmy\b", "your", topic)
    return ""


def scenario_profile(scenario: ScenarioInstruction) -> UserProfile:
    """The dialogue's user profile: drawn from its id, avoiding every value and slot name of its turns (the
    intent utterances are not among those, so the generator can compose them from this same profile)."""
    return draw_profile(random.Random(f"profile:{scenario.dialogue_id}"), avoid=scenario_strings(scenario),
                        role=scenario.user.persona if scenario.user is not None else "", domain=scenario.domain)


def scenario_situation(scenario: ScenarioInstruction, profile: UserProfile) -> Situation:
    """The dialogue's situation: drawn from its id, avoiding its values and slot names and the profile's names
    (a pet is never called like the user or the companion) and relation (no "My dad Joe and I want to explain
    crypto to my dad")."""
    return draw_situation(random.Random(f"situation:{scenario.dialogue_id}"),
                          avoid=[*scenario_strings(scenario), profile.me, profile.companion, profile.relation],
                          domain=scenario.domain)


def scenario_strings(scenario: ScenarioInstruction) -> list[str]:
    """Every value and slot name the scenario's turns and user goal carry (a profile must not reuse their words)."""
    out: list[str] = []
    if scenario.user is not None:
        out += [*scenario.user.known, *map(str, scenario.user.known.values()), *scenario.user.unknown]
    for turn in scenario.turns:
        out += turn.required_values
        c = turn.content
        out += [*map(str, c.get("values", {})), *map(str, c.get("values", {}).values()), *map(str, c.get("slots", [])),
                *map(str, c.get("missing", [])), *map(str, c.get("options", [])), *map(str, c.get("facts", {})),
                *map(str, c.get("facts", {}).values())]
    return out


def unechoed(frames: tuple[str, ...], message: str) -> tuple[str, ...]:
    """The frames that do not open with three words ``message`` already says ("That won't help." then "That won't
    help with my work.", "That's exactly what I need. That's exactly what I need for work.")."""
    low = " ".join(re.findall(r"[\w']+", message.lower()))
    return tuple(f for f in frames if " ".join(re.findall(r"[\w']+", f.lower())[:3]) not in low)


def glue(parts: Sequence[str]) -> str:
    """Join message parts with spaces, fixing the case at each seam: lower after ``,`` or a bare word
    ("ok", "Alright,"), capital after ``.``/``!``/``?``/``:``; "I" stays upper."""
    out = ""
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if out:
            if out[-1] in ".!?:":
                part = _cap(part)
            elif not re.match(r"I\b|I'", part):
                part = part[:1].lower() + part[1:]
            out += " "
        out += part
    return out


def _aside_parts(said: dict[str, bool]) -> frozenset[str]:
    """The situation parts told so far that make an aside (where, doing, mood, ...; not the plan or what the user
    tried, which are their story)."""
    return frozenset(k for k, v in said.items() if v and k.startswith("sit:") and k not in _STORY_PARTS)


_STORY_PARTS = frozenset(("sit:plan", "sit:tried"))


def _at_most(n: int, *extras: str | Callable[[], str]) -> tuple[str, ...]:
    """The first ``n`` non-empty ``extras`` and "" for the rest: a user adds a sentence or two of their own
    around the act, not four. A callable is called only while fewer than ``n`` were kept, so a sentence left
    out is never marked as told (its companion introduction or situation part stays for a later turn)."""
    out: list[str] = []
    for extra in extras:
        if sum(map(bool, out)) >= n:
            out.append("")
        else:
            out.append(extra() if callable(extra) else extra)
    return tuple(out)


def _closer(persona: str, rng: random.Random, giving: bool = True) -> str:
    """A user's closing words: the persona's fixed closers, or a composed thanks / offer. Words that close handing
    something over ("Hope that helps!", an offer of more: ``user.closers_after_giving``) only where the user gives
    something (``giving``: an inform), not after a yes or no to the assistant's offer."""
    if persona in ("terse", "typo") or rng.random() < 0.4:
        return rng.choice((_USER_CLOSERS if giving else _REPLY_CLOSERS)[persona])
    if persona == "chatty" and rng.random() < 0.4 and giving:
        return f"{rng.choice(_OFFER)} {rng.choice(_OFFER_WHAT)}."
    return f"{rng.choice(_THANK)} {rng.choice(_THANK_FOR)}" + rng.choice((".", "!"))


def _bye_tail(rng: random.Random) -> str:
    """What a user adds after thanks in a goodbye: a fixed tail, a composed "that's all I needed", a
    leave-taking or a wish ("" sometimes)."""
    draw = rng.random()
    if draw < 0.3:
        return rng.choice(_BYE_TAIL)
    if draw < 0.6:
        return f"{rng.choice(_TAIL_A)} {rng.choice(_TAIL_B)}{rng.choice(_TAIL_C)}."
    if draw < 0.8:
        return rng.choice(_LEAVE) + rng.choice(("!", "."))
    return rng.choice(_WISH).format(d=rng.choice(_DAYPART)) + rng.choice(("!", "."))


def _domain_key(domain: str, table: dict[str, Any]) -> str:
    words = re.split(r"[^a-z]+", domain.lower())
    return next((key for key in table if key and any(w.startswith(key) for w in words)), "")


# --- persona rewrites -----------------------------------------------------------------------------------------


def _formal(text: str) -> str:
    for short, full in _CONTRACTIONS.items():
        text = re.sub(rf"(?<!\w){re.escape(short)}(?!\w)", full, text)
    return text


def _non_native(text: str, rng: random.Random) -> str:
    for pattern, repl in _NON_NATIVE:
        if rng.random() < 0.7:
            text = re.sub(pattern, repl, text)
    text = re.sub(r"\b(the|a) (?=\w)", lambda m: "" if rng.random() < 0.45 else m.group(0), text)
    return _cap(text)


def _terse(text: str, rng: random.Random) -> str:
    text = re.sub(r",? please(?=[.!?]|$)|^Please,? ", "", text).strip()
    if rng.random() < 0.5:
        text = text.rstrip(".")
    if rng.random() < 0.5 and text[:1].isalpha():
        text = text[:1].lower() + text[1:]
    return text or "ok"


def _context_sentence(act: str, persona: str, domain: str, profile: UserProfile | None, rng: random.Random,
                      p: Protect, ctx: dict[str, Any]) -> str:
    """At most one context sentence per dialogue, in an inform or fail-inform: an introduction from the user's
    profile, the user's own situation, or a domain context; "" when none is said here."""
    if ctx.get("context_said") or act not in ("inform", "fail_inform"):
        return ""
    if ctx.get("said", {}).get("introduced"):  # who the user is and why was said: a later turn never restates it
        return ""
    if rng.random() >= _CONTEXT_RATE[persona]:
        return ""
    said = ctx.setdefault("said", {})
    frames = [f for f in _OWN_CONTEXT if ("{who}" not in f or (ctx.get("who") and not said.get("identity")))
              and ("{why}" not in f or ctx.get("reason"))]
    draw = rng.random()
    if profile is not None and draw < 0.5:
        return say(INTRO, profile, rng, p, said)
    if frames and draw < 0.8:
        frame = rng.choice(frames)
        said["identity"] = said.get("identity", False) or "{who}" in frame
        return frame.format(who=ctx.get("who", ""), why=ctx.get("reason", ""))
    return rng.choice(_CONTEXT[_domain_key(domain, _CONTEXT)] + _CONTEXT[""])


class TemplateRenderer:
    """Deterministic, offline renderer (the default). ``typo_rate``: share of longer words a typo-prone user
    misspells (never values or slot names)."""

    name = "template"

    def __init__(self, typo_rate: float = 0.06, chat: bool = True) -> None:
        self.typo_rate = typo_rate
        #: whether users may write in the chat register (:mod:`tooldial.dialogue.user_register`); typos follow
        #: ``typo_rate`` either way
        self.chat = chat
        #: (act, part, text) of every user message part rendered since it was set to a list (None: not kept).
        self.trace: list[tuple[str, str, str]] | None = None

    def render(self, scenarios: Sequence[ScenarioInstruction]) -> list[RenderResult]:
        return [RenderResult(dialogue_id=s.dialogue_id, messages=self.messages(s), rendered_by=rendered_by(s, self.name))
                for s in scenarios]

    def messages(self, scenario: ScenarioInstruction) -> list[str]:
        rng = random.Random(f"template:{scenario.dialogue_id}")
        persona, voice = _pick(rng, PERSONAS), _pick(rng, VOICES)
        out = []
        context: dict[str, Any] = {}
        register = draw_register(scenario.dialogue_id, persona, self.typo_rate)
        # how this user types, from its own RNG: the words chosen above do not shift with the typing habits
        context["register"] = register if self.chat else Register(typo_rate=register.typo_rate)
        context["register_rng"] = random.Random(f"register-text:{scenario.dialogue_id}")
        user = scenario.user  # who the user is and what they want, when the planner wrote it
        # personal details from their own RNG: the wording of the turns does not shift when the profile changes
        profile = context["profile"] = scenario_profile(scenario)
        context["situation"] = scenario_situation(scenario, profile)
        # what a per-dialogue intent utterance already said about the user is not introduced again
        said_first = " ".join(t.fixed_message or "" for t in scenario.turns
                              if t.speaker == "User" and t.action.startswith("inform_intent"))
        said = context.setdefault("said", {})
        if profile.companion and re.search(rf"\b{re.escape(profile.companion)}\b", said_first):
            said["companion"] = True
        if profile.employer and profile.employer in said_first:
            said["co"] = True
        if profile.me and re.search(rf"\b{re.escape(profile.me)}\b", said_first):
            said["me"] = True  # only a name the user said may be used back to them ("Take care, Jean!")
        if any(v and re.search(rf"\b{re.escape(v)}\b", said_first) for v in (profile.me, profile.job)):
            context["context_said"] = True
        # one introduction per dialogue: an intent turn that said who the user is or why (the persona's sentence,
        # role or reason; a profile lead's name, job, companion or employer) is the only one
        told = (profile.me, profile.job, profile.companion, profile.employer)
        if any(v and re.search(rf"\b{re.escape(v)}\b", said_first) for v in told) or \
                (user is not None and introduces(said_first, persona_entry(user.persona))):
            said["introduced"] = True
            context["personal"] = 1  # the opening told who the user is: one of PERSONAL_MESSAGES
        # one identity per dialogue: a job or a role the intent utterances said is the only one
        role = re.sub(r"\btheir\b", "my", user.persona) if user is not None else ""
        if any(v and re.search(rf"\b{re.escape(v)}\b", said_first, re.IGNORECASE) for v in (profile.job, role)):
            said["identity"] = True
        if user is not None:
            known = [str(v) for v in user.known.values() if str(v)]
            # a value said before it is asked for would run ahead of the dialogue state: only value-free text
            if user.goal and not any(v in user.goal for v in known):
                context["clause"] = context["goal"] = first_person(short_clause(user.goal))  # "… my account"
            if user.reason and not any(v in user.reason for v in known):
                context["reason"] = user.reason
            if user.persona and not any(v in user.persona for v in known):
                context["who"] = user.persona
        for turn in scenario.turns:
            out.append(self.message(turn, scenario, rng, persona=persona, voice=voice, context=context))
            if turn.speaker == "System":  # what the user can refer to next: the system's last words
                if turn.content.get("clause") and turn.content.get("api", scenario.target) == scenario.target \
                        and "goal" not in context:
                    context["clause"] = first_person(short_clause(turn.content["clause"]))
                if turn.content.get("facts"):
                    context["facts"] = dict(turn.content["facts"])
        return out

    def message(self, turn: TurnInstruction, scenario: ScenarioInstruction | None, rng: random.Random, *,
                persona: str = "plain", voice: str = "plain", context: dict[str, Any] | None = None) -> str:
        """The message of one turn (``scenario`` may be None for user turns: the domain is then unknown).

        ``context`` holds what a user may refer back to: ``clause`` (their goal when the scenario states one,
        else what the target API does, once the system has said it), ``who`` / ``reason`` (the scenario's
        persona and reason) and ``facts`` (what the last response reported).
        """
        if turn.fixed_message is not None:
            return turn.fixed_message
        if turn.is_silent:
            return ""
        protect = Protect()
        domain = scenario.domain if scenario is not None else ""
        if turn.speaker == "User":
            text = self._user(turn, rng, protect, persona, domain, context or {})
            text = self._rewrite(text, rng, persona)
            register: Register | None = (context or {}).get("register")
            if register is not None:
                text = register.apply(text, context["register_rng"])
        else:
            text = self._system(turn, rng, protect, voice, domain, context or {})
        message = protect.restore(re.sub(r"\s+", " ", text).strip())
        missing = [v for v in turn.required_values if not turn.says(v, message)]
        if missing:  # content without the value (hand-made scenarios): still say it verbatim
            message = f"{message} ({join(missing)})"
        return message

    # -- user ------------------------------------------------------------------------------------------------

    def _user(self, turn: TurnInstruction, rng: random.Random, p: Protect, persona: str, domain: str,
              ctx: dict[str, Any]) -> str:
        c, act = turn.content, turn.sequence_action
        profile: UserProfile | None = ctx.get("profile")
        # a personal detail after the act's own words (``extra``: the chance of one), never for a terse user
        extra = _EXTRA_RATE[persona]
        here = [False]  # whether this message told something personal already (one per message)

        def room() -> bool:
            """Whether this message may still tell something personal (:data:`PERSONAL_MESSAGES`)."""
            return not here[0] and ctx.get("personal", 0) < PERSONAL_MESSAGES

        def told(text: str) -> str:
            if text and not here[0]:
                here[0] = True
                ctx["personal"] = ctx.get("personal", 0) + 1
            return text

        def detail(frames: tuple[str, ...], chance: float, *, told_only: bool = False) -> str:
            if profile is None or not room() or rng.random() >= chance * extra:
                return ""
            return told(say(frames, profile, rng, p, ctx.setdefault("said", {}), told_only=told_only))

        situation: Situation | None = ctx.get("situation")

        def moment(act: str, chance: float, story: tuple[str, ...] = (), share: float = 0.0) -> str:
            """A situation aside of the frames ``act`` may tell (:data:`TURN_ASIDES`; ``chance``); in a share
            ``share`` of them one of ``story`` instead (the user's plan, what they tried or what the answer lets
            them do), as long as that part was not told yet."""
            if situation is None or not room() or rng.random() >= chance * extra:
                return ""
            frames = TURN_ASIDES.get(act, ())
            if persona not in _BRIEF:  # only a user who writes short turns says they keep it short
                frames = tuple(f for f in frames if not _SHORT_CLAIM.search(f))
            said = ctx.setdefault("said", {})
            if said.get("aside") or ctx.get("introducing"):  # one aside per dialogue, never beside an introduction
                frames = ()
            if said.get("introduced"):  # the user's plan is their reason: not after they introduced themselves
                story = tuple(f for f in story if "{plan}" not in f)
            parts = _aside_parts(said)
            if story and rng.random() < share:
                story_told = aside(story, situation, rng, p, said)
                if story_told:
                    said["introduced"] = said.get("introduced", False) or bool(said.get("sit:plan"))
                    said["aside"] = said.get("aside", False) or _aside_parts(said) != parts  # "I'm {where}, trying …"
                    return told(say((story_told,), profile, rng, p, said)
                                if profile is not None and "{" in story_told else story_told)
            one = aside(frames, situation, rng, p, said)
            said["aside"] = said.get("aside", False) or bool(one)
            return told(one)

        goal = ""
        # the aim and the context sentence are said at most once per dialogue, as a person would
        if ctx.get("clause") and persona != "terse" and not ctx.get("aim_said") and rng.random() < 0.15:
            goal = rng.choice(_GOAL).format(c=ctx["clause"])
        style = turn.style if turn.style and rng.random() < STYLE_USE else None
        opener = rng.choice(_USER_OPENERS[persona])
        closer = _closer(persona, rng, giving=act in ("inform", "fail_inform")) if rng.random() < 0.25 else ""
        context = told(_context_sentence(act, persona, domain, profile, rng, p, ctx)) if room() else ""
        ctx["introducing"] = bool(context)  # this message introduces the user: no aside beside it
        if context:
            ctx.setdefault("said", {})["introduced"] = True
        if act in ("inform", "fail_inform"):
            ctx["aim_said"] = ctx.get("aim_said") or bool(goal)
            ctx["context_said"] = ctx.get("context_said") or bool(context)
        if act == "inform":
            values: dict[str, str] = c.get("values", {})
            if "pick_by" in c and len(values) == 1:
                (by, value), = values.items()
                body = rng.choice(_PICK).format(by=p(by), v=p(value))
            else:
                body = self._values(values, rng, p, single=True, brief=persona in _LISTERS)
            if style and "~" in style:
                opener = style.split("~")[0].strip()
            if opener.endswith(":") and ":" in body.split(_OPEN, 1)[0]:
                opener = ""  # one lead-in: not "Alright, here goes: Here you go: London."
            # a code, id, number or date is copied from somewhere; a name, a keyword or a pick is chosen
            copied = "pick_by" not in c and all(_RECORD_LIKE.search(str(v)) for v in values.values())
            context, story, source, goal = _at_most(2, context, lambda: moment("inform", 0.4, STAKES, 0.6),
                                                    lambda: detail(SOURCES if copied else CHOICES, 0.5), goal)
            if ctx.get("said", {}).get("sit:plan") and story:  # the plan was said: no goal restatement too
                goal = ""
            lead = {"opener": opener, "context": context, "story": story}
            if opener.endswith(":"):  # a lead-in leads into the values: "Hayden here. Alright, here goes: …",
                lead = {"context": context, "story": story, "opener": opener}  # not "Alright, here goes: Hayden here."
            return self._told(act, p, **lead, frame=body, source=source, goal=goal, closer=closer)
        if act == "fail_inform":
            return self._user_fail_inform(c, rng, p, persona, context=context, goal=goal, closer=closer,
                                          detail=detail, moment=moment)
        if act == "affirm":
            body = style if style else rng.choice(_AFFIRM) if rng.random() < 0.4 else \
                f"{rng.choice(_AFFIRM_YES)}, {rng.choice(_AFFIRM_GO)}."
            if ctx.get("clause") and not style and rng.random() < 0.5:
                body = rng.choice(_AFFIRM_CLAUSE).format(c=ctx["clause"])
            why = detail(unechoed(AFFIRM_WHY, body), 0.4, told_only=True)
            return self._told(act, p, frame=body, why=why,
                              story=moment("affirm", 0.3, STAKES, 0.5),
                              closer=closer if rng.random() < 0.5 else "")
        if act == "negate":
            body = style + "." if style else rng.choice(_NEGATE) if rng.random() < 0.5 else \
                f"{rng.choice(_NEGATE_NO)}, {rng.choice(_NEGATE_WHY)}."
            tail = rng.choice(_NEGATE_TAIL) if persona == "chatty" else ""
            why = detail(unechoed(NEGATE_WHY, body), 0.4, told_only=True)
            return self._told(act, p, frame=body, tail=tail, why=why, story=moment("negate", 0.2))
        if act == "user_bye":
            return self._user_bye(rng, p, ctx, detail, moment)
        return turn.situation

    def _user_fail_inform(self, c: dict[str, Any], rng: random.Random, p: Protect, persona: str, *, context: str,
                          goal: str, closer: str, detail: Callable[[tuple[str, ...], float], str],
                          moment: Callable[..., str]) -> str:
        """A ``fail_inform``: what is missing (a fixed or a composed core), the values the user does have, and at
        most two of context / excuse / why it is not at hand / goal."""
        missing = _the([p(m) for m in c.get("missing", [])]) or "that"
        if rng.random() < 0.5:
            body = rng.choice(_FAIL_CORE).format(m=missing, M=_cap(missing))
        else:  # composed: "I've lost track of the city id, I'm afraid."
            body = f"{rng.choice(_FAIL_VERB)} {missing}{rng.choice(_FAIL_TAIL)}."
        rest: dict[str, str] = c.get("values", {})
        if rest:
            body += " " + rng.choice(_FAIL_BRIDGE).format(s=self._values(rest, rng, p, single=False, sentence=False,
                                                                          brief=persona in _LISTERS, statements=True))
        lead = rng.choice(_FAIL_OPENERS) if persona != "terse" and rng.random() < 0.4 else ""
        context, excuse, why, goal = _at_most(2, context, lambda: moment("fail_inform", 0.5, TRIED_FRAMES, 0.5),
                                              lambda: detail(NOT_AT_HAND, 0.5), goal)
        return self._told("fail_inform", p, opener=lead, context=context, frame=body, excuse=excuse, source=why,
                          goal=goal, closer=closer)

    def _user_bye(self, rng: random.Random, p: Protect, ctx: dict[str, Any],
                  detail: Callable[[tuple[str, ...], float], str], moment: Callable[..., str]) -> str:
        """Thanks and goodbye, often echoing one or two facts of the answer, and what the user does next."""
        thanks = rng.choice(_BYE_THANKS) if rng.random() < 0.5 else \
            f"{rng.choice(_THANK)} {rng.choice(_THANK_FOR[1:])}"  # not "in advance" when leaving
        tail = _bye_tail(rng)
        if ctx.get("reason") and rng.random() < 0.25 and not ctx.get("said", {}).get("introduced"):
            tail = rng.choice(_BYE_WHY).format(why=ctx["reason"])  # the user's own reason, said in closing
        facts = echoable_facts({k: _spoken(v) for k, v in (ctx.get("facts") or {}).items()})
        if "register_rng" in ctx:  # dates, times and amounts echoed as a person says them (not tracked state)
            said_rng = ctx["register_rng"]
            facts = {k: casual_value(v, said_rng) if said_rng.random() < 0.6 else v for k, v in facts.items()}
        source, story = detail(BYE_NEXT, 0.55), moment("user_bye", 0.5, PAYOFFS, 0.5)
        if len(facts) > 1 and rng.random() < 0.35:  # two facts of the answer, as a user notes them down
            (k, v), (k2, v2) = rng.sample(sorted(facts.items()), 2)
            frames = _unnamed(_BYE_RECAP2, k in _GENERIC_KEYS or k2 in _GENERIC_KEYS)
            frame = agreeing(agreeing(rng.choice(frames), k), k2, "k2")  # "the languages are English"
            return self._told("user_bye", p, frame=frame.format(T=thanks, k=p(k), v=p(v), k2=p(k2), v2=p(v2)),
                              source=source, story=story)
        if facts and rng.random() < 0.7:  # a real user often echoes the answer while thanking
            k, v = rng.choice(sorted(facts.items()))
            frames = tuple(f for f in _unnamed(_BYE_RECAP, k in _GENERIC_KEYS) if " for " not in thanks
                           or "{T} for" not in f)  # not "Thanks for your time for looking up …"
            frame = agreeing(rng.choice(frames), k).format(T=thanks, t=thanks[:1].lower() + thanks[1:], k=p(k),
                                                              v=p(v), tail=tail)
            return self._told("user_bye", p, frame=frame.strip(), source=source, story=story)
        sep = rng.choice(("! ", ". ", ", ")) if tail else rng.choice(("!", "."))
        if sep == ", " and tail:
            tail = tail[:1].lower() + tail[1:]
        return self._told("user_bye", p, frame=f"{thanks}{sep}{tail}".strip(), source=source, story=story)

    def _told(self, act: str, p: Protect, **parts: str) -> str:
        """The parts of a user message joined (:func:`glue`), in order; with :attr:`trace` set, each non-empty
        part is also recorded as (act, part name, text), so ``scripts/distinct_budget.py`` can tell which source
        of words (frame, context, story, source, ...) the bigrams come from."""
        if self.trace is not None:
            self.trace.extend((act, name, p.restore(text)) for name, text in parts.items() if text)
        return glue(tuple(parts.values()))

    def _values(self, values: dict[str, str], rng: random.Random, p: Protect, *, single: bool,
                sentence: bool = True, brief: bool = False, statements: bool = False) -> str:
        """The values as one sentence (``sentence``) or a clause list; one value may use a whole frame. A
        ``brief`` user (terse or typo-prone, :data:`_LISTERS`) often lists them as "city id 7301112, limit 10";
        a coordinate or date pair (:data:`_PAIRS`) is said as one clause; a yes/no value in words ("don't use
        logo": :mod:`tooldial.dialogue.flags`). ``statements``: only clauses that state a value (after "I can tell
        you that", not "use 5 for the limit")."""
        flags = {k: flag for k, v in values.items() if (flag := flag_value(v)) is not None}
        if brief and rng.random() < 0.5:
            frame = rng.choice(_LISTED)  # one way of listing per message
            listed = ", ".join(p(flag_phrase(k, flags[k]), phrase=True) if k in flags
                               else agreeing(frame, k).format(k=p(k), v=p(v)) for k, v in values.items())
            return listed + "." if sentence else listed
        if single and len(values) == 1:
            (k, v), = values.items()
            if k in flags:  # "Don't use logo, please.", not "The use logo is false."
                return p(flag_phrase(k, flags[k], statement=statements), phrase=True) + rng.choice((".", ", please."))
            return agreeing(own_or_the(rng.choice(_INFORM_ONE), k), k).format(k=p(k), v=p(v))  # "terms are"
        pair = next(((a, b, kind) for a, b, kind in _PAIRS if a in values and b in values), None)
        clauses = []
        for k, v in values.items():
            if pair and k in pair[:2]:
                if k == pair[0]:  # the two values in one clause, in the order people say them
                    frames = _PAIR_FRAMES[pair[2]] + (_PAIR_ALONE[pair[2]] if len(values) == 2 and sentence else ())
                    clauses.append(rng.choice(frames).format(a=p(values[pair[0]]), b=p(values[pair[1]])))
                continue
            if k in flags:  # protected whole: "don't use logo" is what the labels' check reads
                clauses.append(p(flag_phrase(k, flags[k], statement=statements), phrase=True))
                continue
            clauses.append(agreeing(own_or_the(rng.choice(_INFORM_STATEMENT if statements else _INFORM_CLAUSE), k), k)
                           .format(k=p(k), v=p(v)))
        if len(clauses) > 1 and rng.random() < 0.2:
            clauses[-1] = f"{rng.choice(_HEDGES)} {clauses[-1]}"
        text = join(clauses, rng.choice(("and", "and", "plus", "and also")))
        if len(clauses) > 2 and rng.random() < 0.3:
            text = "; ".join(clauses)
        return _cap(text) + "." if sentence else text

    def _rewrite(self, text: str, rng: random.Random, persona: str) -> str:
        if persona == "formal":
            return _formal(text)
        if persona == "non_native":
            return _non_native(text, rng)
        if persona == "terse":
            return _terse(text, rng)
        return text  # typos and the chat register: :mod:`tooldial.dialogue.user_register`

    # -- system ----------------------------------------------------------------------------------------------

    def _system(self, turn: TurnInstruction, rng: random.Random, p: Protect, voice: str, domain: str,
                ctx: dict[str, Any]) -> str:
        c, act = turn.content, turn.sequence_action
        style = turn.style if turn.style and rng.random() < STYLE_USE else None
        opener = rng.choice(_SYS_OPENERS[voice])
        if act == "clarify":  # no domain word the user did not say; the topic they named may be echoed
            hint = rng.choice(_CLARIFY_HINT) if rng.random() < 0.35 else ""
            topic = said_topic(c.get("said", ""))
            if topic and rng.random() < 0.5:
                return glue((rng.choice(_CLARIFY_TOPIC).format(t=topic), rng.choice(_CLARIFY), hint))
            return glue((rng.choice(_CLARIFY_ACK[voice]), rng.choice(_CLARIFY), hint))
        if act == "suggest":
            clause = c.get("clause", "help with that")
            return rng.choice(_SUGGEST).format(c=clause)
        if act == "request-multi":
            options = [p(o) for o in c.get("options", [])]
            by = c.get("pick_by", "option")
            return rng.choice(_MULTI).format(o=join(options, "or"), by=p(by), n=len(options))
        if act == "request":
            return self._request(c, rng, p, opener, style, domain)
        if act == "response":
            facts: dict[str, str] = c.get("facts", {})
            key = _domain_key(domain, _RESPONSE_OPEN)
            head = rng.choice(_RESPONSE_OPEN.get(key, ()) + _RESPONSE_DEFAULT)
            if not facts:
                return f"{head} the request went through successfully."
            close = rng.choice(_RESPONSE_CLOSE) if voice != "brisk" else ""
            if "answer" in c:  # the planner's Answer: units, subject, list (tooldial.dialogue.answer_text)
                body = phrase(Answer.model_validate(c["answer"]), rng, p)
                if body.startswith(("I ", "I'", "There ")) or body[:1].isdigit() or (
                        head[-1:].isalpha() and not body.startswith("The ")):  # "The lookup says Lisbon: …"
                    head = rng.choice(_RESPONSE_LEAD)  # "The lookup says I found …" would not read
                elif not body.startswith(("I ", "I'")):  # "Forecast-wise, in Lisbon, it's …"
                    body = body[:1].lower() + body[1:]
                return " ".join(part for part in (head, body, close) if part)
            clauses = [agreeing(rng.choice(_FACT), k).format(k=p(k), v=p(v)) for k, v in facts.items()]
            return f"{head} {join(clauses)}. {close}"
        if act == "response_fail":
            if rng.random() < 0.3:
                return rng.choice(_RESPONSE_FAIL)
            return glue((rng.choice(_FAIL_SORRY), rng.choice(_FAIL_WHY), rng.choice(_FAIL_NEXT)))
        if act == "system_bye":
            head, tail = rng.choice(_SYS_BYE_HEAD), rng.choice(_SYS_BYE_TAIL)
            profile: UserProfile | None = ctx.get("profile")
            said = ctx.get("said", {})
            # only what the user told: their occasion, their companion, their own name
            personal = [f for f in _SYS_BYE_PERSONAL if ("{ev}" not in f or said.get("occasion"))
                        and ("{n}" not in f or said.get("companion")) and ("{me}" not in f or said.get("me"))]
            if profile is not None and personal and rng.random() < 0.5:
                tail = say(tuple(personal), profile, rng, p, dict(said), to_user=True)
            if not tail:
                return head + "!"
            sep = rng.choice(("! ", ". ", ", "))
            return head + sep + (tail[:1].lower() + tail[1:] if sep == ", " else tail)
        return turn.situation

    def _request(self, c: dict[str, Any], rng: random.Random, p: Protect, opener: str, style: str | None,
                 domain: str) -> str:
        raw = c.get("slots", [])
        slots = _the([p(s) for s in raw])
        be = "is" if len(raw) == 1 else "are"
        why = c.get("why")
        if why and rng.random() < 0.6:
            w = f"the {p(why)}"
            return rng.choice(_REQUEST_WHY).format(w=w, W=_cap(w), s=slots, s2="it" if len(raw) == 1 else "them",
                                                   they="it" if len(raw) == 1 else "they", be=be)
        if style:
            lead = style.split("~")[0].strip()
            if style.startswith("To call"):
                goal = c.get("clause", "do that")
                return f"To {goal}, I need {slots}."
            return f"{lead} {slots}?" if lead.startswith("May") else f"{lead} {slots}."
        body = rng.choice(_REQUEST).format(s=slots, be=be, s2="value" if len(raw) == 1 else "values",
                                           they="it" if len(raw) == 1 else "they")
        if rng.random() < 0.3:  # a domain's lead looks something up: not for a call that changes something
            lead = "" if c.get("acts") else _REQUEST_LEAD.get(_domain_key(domain, _REQUEST_LEAD), "")
            if lead:
                return lead + body[:1].lower() + body[1:]
        return glue((opener, body))
