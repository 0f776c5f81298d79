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
from tooldial.dialogue.renderer import RenderResult, rendered_by
from tooldial.dialogue.scenario import ScenarioInstruction, TurnInstruction
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
    AFTER,
    ASIDES,
    EXCUSES,
    PAYOFFS,
    REACT,
    STAKES,
    TRIED_FRAMES,
    Situation,
    aside,
    draw_situation,
)

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

    def __call__(self, text: Any) -> str:
        self.items.append(str(text))
        return f"{_OPEN}{len(self.items) - 1}{_CLOSE}"

    def restore(self, text: str) -> str:
        def value(m: re.Match[str]) -> str:
            v, punct = self.items[int(m.group(1))], m.group(2)
            return v if punct and v[-1:] in ".!?" else v + punct  # "…a dying galaxy." + "," → no ".,"
        return re.sub(f"{_OPEN}(\\d+){_CLOSE}([.,]?)", value, text)


# --- phrase banks ---------------------------------------------------------------------------------------------

_USER_OPENERS = {
    "plain": ("", "", "Sure.", "Ok,", "Alright,", "Right,", "Sure thing.", "Of course."),
    "terse": ("",),
    "chatty": ("Oh sure!", "Ah, yes!", "Okay, so", "Great question!", "Right, let me see...", "Sure thing!",
               "Oh, of course.", "Alright, here goes:"),
    "formal": ("Certainly.", "Of course.", "Very well.", "Indeed.", "Gladly."),
    "non_native": ("Ok,", "Yes,", "So,", "", "Ah ok."),
    "typo": ("", "ok", "sure,", "yeah", "Alright,"),
}
_USER_CLOSERS = {
    "plain": ("", "", "", "Thanks.", "Thank you!"),
    "terse": ("",),
    "chatty": ("Thanks so much!", "Hope that helps!", "Let me know if you need anything else.", "Thanks a bunch!",
               "That should be everything you need."),
    "formal": ("", "Thank you.", "I appreciate your help."),
    "non_native": ("", "Thank you.", "Thanks you."),
    "typo": ("", "", "thx", "thanks!"),
}
#: Composed thanks (``{thank} {for_}``): a thanks word and, often, what it is for.
_THANK = ("Thanks", "Thank you", "Many thanks", "Thanks a lot", "Thanks so much", "Cheers", "Thank you kindly",
          "Thanks a bunch", "Thanks heaps", "Big thanks", "Thanks again", "Thank you very much", "Thanks loads",
          "A huge thank you", "Thanks a million")
_THANK_FOR = ("in advance", "for the help", "for checking", "for sorting this out", "for your patience",
              "for looking into it", "for bearing with me", "for being so quick", "for taking the time", "for doing this",
              "for the quick reply", "for walking me through it", "for your time", "for making this easy",
              "for the hand", "for digging into this", "for putting up with me", "for the speedy help",
              "for going to the trouble", "for working this out with me")
#: Chatty closers composed from an offer and what it covers ("Let me know if you need anything else").
_OFFER = ("Let me know if you need", "Just ask if you need", "Shout if you need", "Tell me if you need",
          "Give me a shout if you want", "Ask away if you need", "Say so if you need")
_OFFER_WHAT = ("anything else", "more details", "anything more from me", "another detail", "something else",
               "more from my side", "me to check anything", "me to dig something out")
#: Goodbye tails composed from three parts ("That's everything I was after today.").
_TAIL_A = ("That's all", "That's everything", "That's exactly what", "That's just what", "That's precisely what",
           "That's pretty much all", "That's really all", "That was everything")
_TAIL_B = ("I needed", "I was after", "I wanted to know", "I was looking for", "I came here to check",
           "I had to find out", "I had on my list", "I was hoping to get", "I needed to hear", "I had to check")
_TAIL_C = ("", "", " for now", " today", " for the moment", " this time", " right now", " this morning",
           " this evening", " just now")
#: Leave-takings and parts of the day a user wishes the system ("Have a nice evening").
_LEAVE = ("Bye", "Goodbye", "Take care", "See you", "Bye for now", "Catch you later", "Speak soon", "Ciao",
          "So long", "Until next time", "Talk later", "Bye-bye", "All the best", "Be well", "Later")
_WISH = ("Have a nice {d}", "Enjoy your {d}", "Have a great {d}", "Have a lovely {d}", "Hope you have a good {d}",
         "Have a good rest of the {d}", "Enjoy the rest of your {d}")
_DAYPART = ("day", "evening", "afternoon", "weekend", "week", "morning", "night", "shift")
#: fail_inform composed: a "don't know" verb, what is missing, and a tail.
_FAIL_VERB = ("I don't know", "I don't have", "I can't remember", "I'm not sure of", "I've got no idea of",
              "I never got", "I can't find", "I haven't got", "I can't recall", "I couldn't tell you",
              "I've lost track of", "I was never given", "I've misplaced", "I honestly don't know",
              "I really don't know", "I simply don't have", "I can't dig up", "I don't remember",
              "I'm clueless about", "I don't have the faintest idea of", "I've never seen", "I can't lay my hands on")
_FAIL_TAIL = ("", "", " offhand", " right now", " at the moment", " off the top of my head", ", I'm afraid",
              ", unfortunately", ", to be honest", " anymore", " yet", " for sure", ", sadly", " at all",
              " just now", " today", ", if I'm honest")
#: Extra sentences a chatty user adds (context that changes no label).
_CONTEXT = {
    "travel": ("I'm putting a trip together.", "We're travelling soon.", "I'm sorting out plans for a trip."),
    "flight": ("I'm trying to plan my flights.", "I'm travelling next month."),
    "hotel": ("We need somewhere to stay.", "I'm booking a place for a few nights."),
    "weather": ("I want to know what to pack.", "We're planning to be outdoors."),
    "sport": ("I follow this team closely.", "I'm catching up on the games."),
    "financ": ("I'm keeping an eye on my portfolio.", "I'm going through my savings."),
    "crypto": ("I'm tracking the market today.", "I'm keeping an eye on my coins."),
    "music": ("I'm building a playlist.", "I'm in the mood for something new."),
    "movie": ("We're planning a movie night.", "I'm looking for something to watch."),
    "food": ("I'm cooking tonight.", "I'm planning dinner for friends."),
    "job": ("I'm looking at offers right now.", "I'm thinking about a career move."),
    "health": ("I need to book an appointment soon.", "It's for a family member."),
    "":  ("It's for something I'm working on.", "I'm in a bit of a hurry.", "This is for a project of mine.",
          "A friend asked me to look into it.", "I've been meaning to check this for a while."),
}
#: Context from the user's own situation (``{who}``: "a student", ``{why}``: "for my course"); a ``{who}`` frame is
#: the user's identity, said only when no job or role was said before.
_OWN_CONTEXT = ("I'm {who}.", "It's {why}.", "As {who}, I need this {why}.", "This is {why}.", "I need it {why}.",
                "Being {who}, I care about this.", "I'm {who}, so this matters to me.", "I'm asking {why}.")
#: One value: core frames (``{k}`` slot name, ``{v}`` value).
_INFORM_ONE = (
    "{v}.", "It's {v}.", "That would be {v}.", "The {k} is {v}.", "Use {v} for the {k}.", "Put down {v} as the {k}.",
    "The {k}? {v}.", "{v}, please.", "Go with {v}.", "My {k} is {v}.", "Let's say {v}.", "Set the {k} to {v}.",
    "I'd like {v} as the {k}.", "The {k} should be {v}.", "{v} is the {k}.", "For the {k}, {v}.",
    "You can use {v}.", "The {k} I have is {v}.", "Try {v}.", "It should be {v}.", "I have {v} for the {k}.",
    "Here you go: {v}.", "The {k}, that's {v}.", "Write down {v}.", "I'm pretty sure it's {v}.", "Got it: {v}.",
    "{v} is what I have.", "It says {v}.", "As for the {k}, {v}.", "The {k} ought to be {v}.",
    "We're looking at {v} for the {k}.", "Should be {v}.", "Okay, {v} for the {k}.", "How about {v}?",
    "I'll go with {v}.", "Please use {v} as the {k}.",
)
#: One value among several: clauses joined into a sentence.
_INFORM_CLAUSE = (
    "the {k} is {v}", "{k}: {v}", "the {k} should be {v}", "use {v} for the {k}", "set the {k} to {v}",
    "{v} for the {k}", "the {k} would be {v}", "my {k} is {v}", "put {v} as the {k}", "the {k} I have is {v}",
    "{v} as the {k}", "for the {k} use {v}", "the {k} ought to be {v}", "go with {v} for the {k}",
    "the {k}, {v}", "I have {v} as the {k}", "take {v} for the {k}",
)
#: Two values a person gives together without naming each slot (``{a}`` the first, ``{b}`` the second of the
#: pair in :data:`_PAIRS`): a point's coordinates, latitude first, and a span's start and end.
_PAIR_FRAMES = {
    "point": ("the coordinates are {a}, {b}", "coordinates {a}, {b}", "it's at {a}, {b}", "lat {a}, long {b}",
              "lat/long {a}, {b}", "the spot is {a}, {b}", "GPS says {a}, {b}", "{a}, {b} is the location",
              "location: {a}, {b}", "the pin is at {a}, {b}", "{a} / {b} (lat / long)", "my coordinates are {a}, {b}"),
    "span": ("the dates are {a} to {b}", "dates: {a} to {b}", "it runs from {a} to {b}", "the period is {a} until {b}",
             "starting {a}, ending {b}", "the dates would be {a} through {b}", "{a} to {b} for the dates",
             "the range is {a} till {b}"),
    "stay": ("the stay is {a} to {b}", "in on {a}, out on {b}", "arriving {a}, leaving {b}", "dates: {a} to {b}",
             "checking in {a} and out {b}", "the dates are {a} until {b}"),
}
#: A pair that is all the user says (the system asked for just these two): the bare span reads too.
_PAIR_ALONE = {"point": ("{a}, {b}", "{a} / {b}"), "span": ("{a} to {b}", "from {a} to {b}", "{a} until {b}",
                                                           "{a} through {b}", "between {a} and {b}"),
               "stay": ("{a} to {b}", "from {a} to {b}", "{a} until {b}")}
#: Slot pairs said together: (first slot, second slot, frame kind).
_PAIRS = (("latitude", "longitude", "point"), ("lat", "lng", "point"), ("lat", "lon", "point"),
          ("start date", "end date", "span"), ("from date", "to date", "span"), ("date from", "date to", "span"),
          ("pickup date", "return date", "span"), ("departure date", "return date", "span"),
          ("check in", "check out", "stay"), ("check in date", "check out date", "stay"),
          ("checkin", "checkout", "stay"))
#: How a brief user lists values (``_values(..., brief=True)``): the slot name and the value, no verb.
_LISTED = ("{k} {v}", "{k}: {v}", "{k} is {v}", "{k} = {v}")
#: Personas that list values that way.
_LISTERS = frozenset(("terse", "typo"))
_HEDGES = ("I think", "if I remember right,", "I believe", "probably")
_PICK = (
    "The one with {by} {v}, please.", "Let's go with {v}.", "I'll take {v}.", "The {by} I want is {v}.",
    "{v} sounds right.", "Pick {v}.", "Make it {v}.", "I want the {v} one.", "The {by} I'm after is {v}.",
    "{v}, that's the one.", "I'd go with {v}.", "Choose {v}, please.", "The {v} one.",
)
#: fail_inform: the part that says what the user cannot give (``{m}``: "the city id").
_FAIL_CORE = (
    "Sorry, I don't know {m}.", "I'm not sure what {m} is.", "Hmm, I don't have {m}.",
    "I have no idea what {m} is, unfortunately.", "{M}? No idea, sorry.", "I don't have {m} on hand.",
    "Not sure about {m}, I'm afraid.", "I can't remember {m}.", "I'd have to look up {m}; I don't know it.",
    "No clue what {m} would be.", "I'm afraid I can't give you {m}.", "Couldn't tell you {m}, sorry.",
    "Honestly, I don't know {m}.", "{M}, hmm... I don't know it.", "I've no way to find {m} myself.",
    "I don't know {m}, can you find it?", "That I don't know: {m}.", "I never got {m}.",
    "{M} is something I don't have.", "I don't actually know {m}.", "Unfortunately {m} isn't something I know.",
    "I'm missing {m}.", "No idea about {m}.", "I don't have {m} with me.", "I wish I knew {m}, but I don't.",
    "{M} I can't tell you, sorry.", "I've got no idea what {m} is.", "I don't know {m} offhand.",
    "Not a clue about {m}.", "I can't give you {m}, I don't have it.", "Sorry, {m} is unknown to me.",
    "I don't know what to put for {m}.", "Don't know {m}, sorry.", "I'm not able to tell you {m}.",
)
#: Openers of fail_inform: hesitation, never agreement ("Sure," would read as an affirm).
_FAIL_OPENERS = ("Hmm,", "Well,", "Oh,", "Ah,", "Um,", "So,", "Hmm...")
_FAIL_BRIDGE = ("But {s}.", "I can tell you that {s}.", "What I do know: {s}.", "However, {s}.", "Though {s}.",
                "On the other hand, {s}.", "Everything else I have: {s}.", "I do know that {s}.")
_AFFIRM = (
    "Yes, please.", "Yes, go ahead.", "Sounds good, please do.", "That's exactly what I need.", "Sure, do that.",
    "Yep, that works.", "Please do.", "Yes, exactly that.", "Absolutely, go for it.", "That would be great.",
    "Yes, that works.", "Sure, that sounds good.", "Yes, please proceed.", "Correct, that's it.",
    "Yeah, let's do that.", "Perfect, yes.", "Yes, that's what I'm after.", "Go ahead, please.",
    "That's right, do it.", "Yes! That's it.", "Sounds right, yes.", "Yes, that's the one.",
)
#: Composed affirms: a yes and what it agrees to (``Yep, go ahead.``), always recognisable as agreement.
_AFFIRM_YES = ("Yes", "Yes please", "Yeah", "Yep", "Sure", "Absolutely", "Definitely", "Of course", "Exactly",
               "Perfect", "Great", "Sounds good", "Oh yes", "Yes indeed", "Right")
_AFFIRM_GO = ("go ahead", "please do", "do that", "let's do it", "that works", "that's what I need",
              "that's the one", "go for it", "that would be great", "please proceed", "that's what I'm after",
              "that's exactly it", "that would help", "that's what I was looking for")
_NEGATE = (
    "No, that's not it.", "No thanks, that's not what I'm after.", "Not really, that isn't what I need.",
    "No, that's not what I meant.", "No, I need something else.", "Nope, that's a different thing.",
    "Hmm, no. That won't help.", "I'm good. Thank you though.", "No, that's not what I want.",
    "Not quite, thanks.", "No, that's not the right thing.", "Umm... that's not what I want.",
    "No, that doesn't match what I need.", "That's not it, no.", "No, wrong thing, sorry.",
)
_NEGATE_NO = ("No", "Nope", "Not really", "Hmm, no", "No, sorry", "Not quite", "Sorry, no")
_NEGATE_WHY = ("that's not it", "that's not what I meant", "I need something else", "that won't help",
               "that's a different thing", "that's not what I'm after", "that's not what I asked for",
               "I was thinking of something else")
_BYE_THANKS = ("Thanks", "Thank you", "Thanks a lot", "Many thanks", "Great, thanks", "Perfect, thank you",
               "Cheers", "Awesome, thanks", "That's great, thanks", "Thank you so much", "Appreciate it",
               "Much appreciated", "Brilliant, thanks", "Lovely, thank you", "Nice, thanks", "Thanks heaps",
               "Super, thank you", "Wonderful, thanks", "Thanks a million", "Fantastic, thank you",
               "You're a star, thanks", "Thanks for that", "Really appreciate it", "Excellent, thanks")
_BYE_TAIL = ("That's all.", "That's everything I needed.", "Bye!", "Goodbye.", "That's all I needed.",
             "Have a good one.", "I'm all set.", "Take care.", "That helps a lot.", "Talk later.", "", "See you.",
             "That's it for now.", "You've been very helpful.", "That answers my question.", "I'm good now.",
             "Nothing else for now.", "Have a nice day.", "That's what I wanted to know.", "Bye for now.")
#: A goodbye tail from the user's own reason (``{why}``: "for my course").
_BYE_WHY = ("That's all I needed {why}.", "That's everything {why}.", "That sorts it out {why}.",
            "Exactly what I needed {why}.")
#: Goodbyes that echo one fact of the last response (``{T}``/``{t}`` thanks, ``{tail}`` a closing or "").
_BYE_RECAP = (
    "{T}! So the {k} is {v}, good to know.", "{T}, {v} is just what I needed.", "Got it, {v}. {T}!",
    "{T}. I'll note down the {k}: {v}.", "{v}, perfect. {T}! {tail}", "Good to know the {k} is {v}. {T}. {tail}",
    "{T} for looking up the {k}. {tail}", "That {k} helps a lot. {T}!", "Okay, {v} for the {k}. {T}, bye.",
    "Great, the {k} is {v}. That's all, {t}.", "Noted: {v}. {T}! {tail}", "{T}, I didn't know the {k} was {v}.",
)
#: Answer labels that name no property a user would say ("the name, SF HER" of a library copy): recaps of them
#: say the value alone.
_GENERIC_KEYS = frozenset(("name", "first result", "result", "value", "id", "title", "item", "entry"))


def _spoken(value: str) -> str:
    """A reported value as the user repeats it: without a raw field name in front ("animename Yahari …" →
    "Yahari …": a list record labelled by its key) or a trailing parenthesis of more fields."""
    from tooldial.dialogue.intents import raw_name

    head, _, rest = value.partition(" ")
    if rest and raw_name(head):
        value = rest
    return re.sub(r"\s*\([^)]*\)\s*$", "", value) or value


def _unnamed(frames: tuple[str, ...], generic: bool) -> tuple[str, ...]:
    """``frames`` without those that name a fact's label (``{k}``, ``{k2}``) when a label is generic."""
    return tuple(f for f in frames if "{k" not in f) if generic else frames


#: Goodbyes that echo two facts of the last response.
_BYE_RECAP2 = ("{T}! So the {k} is {v} and the {k2} is {v2}.", "Okay: {v} for the {k}, {v2} for the {k2}. {T}.",
               "Noted, {k} {v} and {k2} {v2}. {T}!", "{v} and {v2}, got it. {T}.",
               "{T}. The {k} being {v} and the {k2} {v2} is what I needed.",
               "Right, the {k} is {v}, and the {k2}, {v2}. {T}!", "Let me write that down: {v}, then {v2}. {T}.",
               "{T}, so {v} for the {k} and {v2} for the {k2}. Good to know.")
#: A user's own reason, from what the API under discussion does (``{c}``: "find flights between two airports").
_GOAL = ("I'm trying to {c}.", "This is so I can {c}.", "I need it to {c}.", "The idea is to {c}.",
         "I want to {c}.", "Basically I'd like to {c}.", "All I want is to {c}.", "Remember, I want to {c}.",
         "Just so you know, the point is to {c}.", "Again, I'm hoping to {c}.", "It's all to {c}.")
_AFFIRM_CLAUSE = ("Yes, please {c}.", "Sure, go ahead and {c}.", "Yes, I'd like you to {c}.", "Yes. I want to {c}.",
                  "That's it, please {c}.", "Yes, {c}, please.", "Exactly, I need to {c}.")
_SYS_BYE_HEAD = ("You're welcome", "Glad I could help", "Anytime", "My pleasure", "Happy to help",
                 "No problem at all", "You're very welcome", "Glad that worked out", "Always happy to help",
                 "Great", "Wonderful", "No trouble at all", "Pleasure was mine", "Good to hear",
                 "Glad it was useful", "Perfect")
_SYS_BYE_TAIL = ("Goodbye!", "Have a great day!", "Take care!", "Bye for now.", "Enjoy the rest of your day.",
                 "Come back any time.", "", "All the best!", "See you next time.", "Have a good evening.",
                 "Good luck!", "Feel free to come back.", "Talk soon.", "Have a nice one!", "Cheers!",
                 "Enjoy!", "Until next time.", "Stay well.")
#: A system goodbye that answers what the user shared (``{ev}``: their occasion, ``{me}``: their name).
_SYS_BYE_PERSONAL = ("Good luck with {ev}!", "Enjoy {ev}!", "I hope {ev} goes well.", "Say hi to {n}!",
                     "Best of luck to you and {n}.", "Take care, {me}!", "Bye, {me}!")
_CLARIFY = (
    "I'm not quite sure what you need. Could you tell me more about what you want to do?",
    "Could you be a bit more specific about what you're looking for?",
    "Can you give me a little more detail about your request?",
    "What exactly would you like me to find?", "Could you tell me a bit more, so I can find the right service?",
    "I want to get this right. What are you trying to do?", "Can you describe what you need in more detail?",
    "What kind of information are you after?", "Could you rephrase that with a few more details?",
    "Which part of that should I help with?", "What should the result tell you?",
    "I need a little more to go on. What are you looking for exactly?",
    "What are you hoping to get out of it?", "What would you like the answer to tell you?", "What's the goal here?",
    "What do you have in mind, exactly?", "Could you say a bit more about what you'd like to do?",
    "What should I look into for you?", "Is there a particular thing you want to know?",
    "What would a good answer look like for you?", "Can you walk me through what you need?",
    "What's the task you have in mind?", "What do you want to get done?", "Could you narrow it down a little?",
    "Which part of that matters most to you?", "What would help you most right now?", "What are you working on?",
    "What outcome are you after?", "Tell me a bit more: what's the end goal?", "What's the question behind it?",
)
#: A clarify that echoes the topic the user named (``{t}``: "your investments").
_CLARIFY_TOPIC = ("You mentioned {t}.", "Something about {t}, then.", "Happy to help with {t}.",
                  "Okay, {t}.", "I can try to help with {t}.", "Got it, it's about {t}.")
#: Before a clarify question (by system voice) and after it (optional).
_CLARIFY_ACK = {"plain": ("", "", "Okay.", "Let me make sure I get this right.", "Hmm."),
                "warm": ("Happy to help!", "I'd love to help with that.", "Thanks for reaching out!",
                         "Sure, I can try.", "Gladly!"),
                "brisk": ("", "", "Got it, partly.", "Right.")}
_CLARIFY_HINT = ("Even a rough idea helps.", "A few words about the goal are enough.",
                 "The more detail, the better.", "Then I can pick the right tool.",
                 "That way I won't guess wrong.", "I have quite a few services, so any detail helps.",
                 "One sentence is plenty.", "No rush.")
_SUGGEST = (
    "Would you like me to {c}?", "If I understand you, you'd like to {c}. Right?", "Shall I {c}?",
    "I think I can help: I could {c}. Should I?", "Is the idea to {c}?", "Do you mean I should {c}?",
    "My best guess is that you want to {c}. Is that it?", "I could try to {c}. Does that match what you need?",
    "Sounds like a job for a service that can {c}. Want that?", "Perhaps you'd like me to {c}?",
    "Are you looking to {c}?", "Let me check: you want me to {c}?", "Would it be useful if I could {c}?", "I could {c} for you. Would that help?", "Do you want me to {c}?",
    "One option is to {c}. Shall I go ahead?", "How about I {c}?", "I can {c}. Is that what you're looking for?",
    "Should I {c}?", "It sounds like you might want to {c}. Is that right?", "Would it help if I {c}?",
    "I have a service that can {c}. Want me to use it?", "Maybe I should {c}. What do you think?",
)
_REQUEST = (
    "Could you give me {s}?", "I'll need {s}.", "Please share {s}.", "Can you tell me {s}?", "May I have {s}?",
    "To go ahead I need {s}.", "Let me know {s}, please.", "I just need {s} to continue.",
    "What {be} {s}?", "Could you provide {s}?", "Before I look it up, what {be} {s}?", "I'm missing {s}. Can you help?",
    "Please tell me {s}.", "What should I use for {s}?", "Do you have {s} handy?", "Next, I need {s}.",
    "Could you share {s} with me?", "What would you like to use for {s}?", "And {s}?", "I'll also need {s}.",
    "One more thing: {s}.", "Which {s2} should I use? I mean {s}.", "Can I get {s} from you?",
    "Would you tell me {s}?", "All I need now is {s}.", "Let's fill in {s}. What {be} {they}?",
)
_REQUEST_WHY = ("To find {w}, I need {s}.", "I can get {w} once I have {s}.", "{W} can be looked up with {s}. "
                "Could you give me {s2}?", "To look up {w}, I'll need {s}.", "Getting {w} requires {s}. What {be} {they}?")
_REQUEST_LEAD = {
    "sport": "To look up the game data, ", "financ": "To pull the financial data, ", "weather": "To check the weather, ",
    "travel": "To plan this, ", "music": "To find the music, ", "movie": "To look up the film, ",
    "food": "To find that, ", "hotel": "To search for a stay, ", "job": "To check the job market, ",
}
_MULTI = (
    "I found several results: {o}. Which {by} would you like?", "There are a few matches ({o}). Which one should I use?",
    "I got {n} options by {by}: {o}. Which do you mean?", "Which of these {by}s do you want: {o}?",
    "The search returned {n} results ({o}). Which one is yours?", "Here are the options by {by}: {o}. Pick one?",
    "Several came back: {o}. Which should I go with?", "I see {o}. Which one do you need?",
    "That gives me {n} candidates: {o}. Which {by} is right?", "I have {o}. Which one did you mean?",
    "More than one fits: {o}. Which should I pick?", "Which {by} do you need, {o}?",
    "The lookup found {o}. Which one?", "I can go with {o}. Your choice?",
    "There's {o}. Which {by} is yours?", "Here's what matches: {o}. Which one shall I use?",
)
_RESPONSE_OPEN = {
    "sport": ("Here's the latest from the sports side:", "Here are the game details:", "The match data says"),
    "financ": ("Here are the figures:", "Here's the financial data I got:", "The numbers are in:"),
    "crypto": ("Here are the figures:", "Here's what the market data says:"),
    "weather": ("Here's the weather information:", "Here's what the forecast data says:", "Forecast-wise,"),
    "travel": ("Here's your travel information:", "Here's what I found for your trip:"),
    "music": ("Here's what I found in the music catalogue:", "Here's the music info:"),
    "movie": ("Here's what I found about the film:", "Here's the movie information:"),
    "food": ("Here's what I found for you to eat:", "Here's the food information:"),
    "map": ("Here's the location information:", "Here's what the map data says:"),
    "location": ("Here's the location information:", "Here's what the map data says:"),
    "commerce": ("Here are the product details:", "Here's what the store returned:"),
    "news": ("Here's the news I found:", "Here's the latest coverage:"),
}
_RESPONSE_DEFAULT = ("Here's what I found:", "I've got the results:", "Done! Here's the result:", "Alright,",
                     "Good news:", "I looked it up:", "Here you go:", "The result is in:", "Okay,", "So,",
                     "I checked:", "Here's the answer:", "It's back:", "According to the service,",
                     "The lookup says", "From what I got back,", "All set:", "This is what came back:",
                     "Here's the outcome:", "Found it:")
#: Heads before a response body that is a sentence of its own ("I found 3 flights: …").
_RESPONSE_LEAD = ("", "", "", "Okay.", "Done.", "Right.", "I checked.", "Good news.", "All set.")
_FACT = ("the {k} is {v}", "{k}: {v}", "the {k} comes out at {v}", "{v} for the {k}", "the {k} is listed as {v}",
         "its {k} is {v}", "the {k} shows {v}", "the {k} reads {v}", "{v} as the {k}", "the {k} stands at {v}",
         "the {k} is given as {v}", "the {k} turns out to be {v}")
_RESPONSE_CLOSE = ("", "", "Anything else?", "Is there anything else I can do?", "Let me know if you need more.",
                   "Hope that helps!", "Want me to look up anything else?", "Does that answer it?",
                   "Shall I check anything more?", "Anything more I can do?", "Tell me if you need other details.",
                   "Happy to dig further.")
#: Composed response_fail: apology, why, what next.
_FAIL_SORRY = ("I'm sorry,", "Sorry,", "Unfortunately,", "I'm afraid", "Apologies,", "Sadly,", "I have to admit")
_FAIL_WHY = ("none of my services can do that.", "I couldn't find a service that fits.",
             "that's beyond what my tools can do.", "I wasn't able to carry that out with what I have.",
             "nothing I have access to covers that.", "I don't have a tool for that.",
             "I couldn't find a way to do that.", "the services I can reach don't handle this.")
_FAIL_NEXT = ("", "Is there anything else I can help with?", "Maybe something else?",
              "Let me know if there's another thing.", "Feel free to ask something else.",
              "Happy to try something different.", "Can I help with anything else?")
_RESPONSE_FAIL = (
    "I'm sorry, I couldn't find a way to help with that. Let me know if there's anything else.",
    "Unfortunately I can't carry out that request with what I have. Is there something else?",
    "Sorry, I wasn't able to find a suitable service for that request.",
    "I'm afraid none of my services can do that. Can I help with something else?",
    "Sorry, that's beyond what I can do right now.",
    "I couldn't find anything that fits, unfortunately. Anything else I can try?",
)
_SYS_OPENERS = {"plain": ("", "", "Sure.", "Okay."), "warm": ("Happy to help!", "Of course!", "Great,", "Sure thing!",
                                                             "Thanks!"),
                "brisk": ("", "", "Got it.", "Right.")}

_CONTRACTIONS = {"I'm": "I am", "don't": "do not", "it's": "it is", "It's": "It is", "that's": "that is",
                 "That's": "That is", "I'll": "I will", "can't": "cannot", "won't": "will not", "I'd": "I would",
                 "isn't": "is not", "doesn't": "does not", "I've": "I have", "Couldn't": "Could not",
                 "couldn't": "could not", "Let's": "Let us", "you're": "you are", "What's": "What is",
                 "Don't": "Do not", "There's": "There is"}
_NON_NATIVE = ((r"\bI don't know\b", "I not know"), (r"\bI don't have\b", "I have not"), (r"\bI'd like\b", "I want"),
               (r"\bCould you\b", "Can you please"), (r"\bThat would be\b", "Is"), (r"\bI can't\b", "I cannot"),
               (r"\bIt's\b", "Is"), (r"\bThanks a lot\b", "Many thank"))
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


def _closer(persona: str, rng: random.Random) -> str:
    """A user's closing words: the persona's fixed closers, or a composed thanks / offer."""
    if persona in ("terse", "typo") or rng.random() < 0.4:
        return rng.choice(_USER_CLOSERS[persona])
    if persona == "chatty" and rng.random() < 0.4:
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
        # one identity per dialogue: a job or a role the intent utterances said is the only one
        role = re.sub(r"\btheir\b", "my", user.persona) if user is not None else ""
        if any(v and re.search(rf"\b{re.escape(v)}\b", said_first, re.IGNORECASE) for v in (profile.job, role)):
            said["identity"] = True
        if user is not None:
            known = [str(v) for v in user.known.values() if str(v)]
            # a value said before it is asked for would run ahead of the dialogue state: only value-free text
            if user.goal and not any(v in user.goal for v in known):
                context["clause"] = context["goal"] = short_clause(user.goal)
            if user.reason and not any(v in user.reason for v in known):
                context["reason"] = user.reason
            if user.persona and not any(v in user.persona for v in known):
                context["who"] = user.persona
        for turn in scenario.turns:
            out.append(self.message(turn, scenario, rng, persona=persona, voice=voice, context=context))
            if turn.speaker == "System":  # what the user can refer to next: the system's last words
                if turn.content.get("clause") and turn.content.get("api", scenario.target) == scenario.target \
                        and "goal" not in context:
                    context["clause"] = short_clause(turn.content["clause"])
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
        missing = [v for v in turn.required_values if v not in message]
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

        def detail(frames: tuple[str, ...], chance: float) -> str:
            if profile is None or rng.random() >= chance * extra:
                return ""
            return say(frames, profile, rng, p, ctx.setdefault("said", {}))

        situation: Situation | None = ctx.get("situation")

        def moment(frames: tuple[str, ...], chance: float, story: tuple[str, ...] = (), share: float = 0.0) -> str:
            """A situation aside (``chance``); in a share ``share`` of them one of ``story`` instead (the user's
            plan, what they tried or what the answer lets them do), as long as that part was not told yet."""
            if situation is None or rng.random() >= chance * extra:
                return ""
            if persona not in _BRIEF:  # only a user who writes short turns says they keep it short
                frames = tuple(f for f in frames if not _SHORT_CLAIM.search(f))
            said = ctx.setdefault("said", {})
            if story and rng.random() < share:
                told = aside(story, situation, rng, p, said)
                if told:
                    return say((told,), profile, rng, p, said) if profile is not None and "{" in told else told
            return aside(frames, situation, rng, p, said)

        goal = ""
        # the aim and the context sentence are said at most once per dialogue, as a person would
        if ctx.get("clause") and persona != "terse" and not ctx.get("aim_said") and rng.random() < 0.15:
            goal = rng.choice(_GOAL).format(c=ctx["clause"])
        style = turn.style if turn.style and rng.random() < STYLE_USE else None
        opener = rng.choice(_USER_OPENERS[persona])
        closer = _closer(persona, rng) if rng.random() < 0.25 else ""
        context = _context_sentence(act, persona, domain, profile, rng, p, ctx)
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
            # a code, id, number or date is copied from somewhere; a name, a keyword or a pick is chosen
            copied = "pick_by" not in c and all(_RECORD_LIKE.search(str(v)) for v in values.values())
            context, story, source, goal = _at_most(2, context, lambda: moment(ASIDES, 0.4, STAKES, 0.6),
                                                    lambda: detail(SOURCES if copied else CHOICES, 0.5), goal)
            if ctx.get("said", {}).get("sit:plan") and story:  # the plan was said: no goal restatement too
                goal = ""
            return self._told(act, p, opener=opener, context=context, story=story, frame=body, source=source,
                              goal=goal, closer=closer)
        if act == "fail_inform":
            return self._user_fail_inform(c, rng, p, persona, context=context, goal=goal, closer=closer,
                                          detail=detail, moment=moment)
        if act == "affirm":
            body = style if style else rng.choice(_AFFIRM) if rng.random() < 0.4 else \
                f"{rng.choice(_AFFIRM_YES)}, {rng.choice(_AFFIRM_GO)}."
            if ctx.get("clause") and not style and rng.random() < 0.5:
                body = rng.choice(_AFFIRM_CLAUSE).format(c=ctx["clause"])
            return self._told(act, p, frame=body, why=detail(AFFIRM_WHY, 0.4), story=moment(REACT, 0.3, STAKES, 0.5),
                              closer=closer if rng.random() < 0.5 else "")
        if act == "negate":
            body = style + "." if style else rng.choice(_NEGATE) if rng.random() < 0.5 else \
                f"{rng.choice(_NEGATE_NO)}, {rng.choice(_NEGATE_WHY)}."
            tail = rng.choice(("", "", "I was after something else.", "Let me explain differently.")) \
                if persona == "chatty" else ""
            return self._told(act, p, frame=body, tail=tail, why=detail(NEGATE_WHY, 0.4), story=moment(REACT, 0.2))
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
                                                                          brief=persona in _LISTERS))
        lead = rng.choice(_FAIL_OPENERS) if persona != "terse" and rng.random() < 0.4 else ""
        context, excuse, why, goal = _at_most(2, context, lambda: moment(EXCUSES, 0.5, TRIED_FRAMES, 0.5),
                                              lambda: detail(NOT_AT_HAND, 0.5), goal)
        return self._told("fail_inform", p, opener=lead, context=context, frame=body, excuse=excuse, source=why,
                          goal=goal, closer=closer)

    def _user_bye(self, rng: random.Random, p: Protect, ctx: dict[str, Any],
                  detail: Callable[[tuple[str, ...], float], str], moment: Callable[..., str]) -> str:
        """Thanks and goodbye, often echoing one or two facts of the answer, and what the user does next."""
        thanks = rng.choice(_BYE_THANKS) if rng.random() < 0.5 else \
            f"{rng.choice(_THANK)} {rng.choice(_THANK_FOR[1:])}"  # not "in advance" when leaving
        tail = _bye_tail(rng)
        if ctx.get("reason") and rng.random() < 0.25:  # the user's own reason, said in closing
            tail = rng.choice(_BYE_WHY).format(why=ctx["reason"])
        facts = {k: _spoken(v) for k, v in (ctx.get("facts") or {}).items()}
        if "register_rng" in ctx:  # dates, times and amounts echoed as a person says them (not tracked state)
            said_rng = ctx["register_rng"]
            facts = {k: casual_value(v, said_rng) if said_rng.random() < 0.6 else v for k, v in facts.items()}
        source, story = detail(BYE_NEXT, 0.55), moment(AFTER, 0.5, PAYOFFS, 0.5)
        if len(facts) > 1 and rng.random() < 0.35:  # two facts of the answer, as a user notes them down
            (k, v), (k2, v2) = rng.sample(sorted(facts.items()), 2)
            frames = _unnamed(_BYE_RECAP2, k in _GENERIC_KEYS or k2 in _GENERIC_KEYS)
            return self._told("user_bye", p, frame=rng.choice(frames).format(T=thanks, k=p(k), v=p(v), k2=p(k2),
                                                                              v2=p(v2)), source=source, story=story)
        if facts and rng.random() < 0.7:  # a real user often echoes the answer while thanking
            k, v = rng.choice(sorted(facts.items()))
            frames = tuple(f for f in _unnamed(_BYE_RECAP, k in _GENERIC_KEYS) if " for " not in thanks
                           or "{T} for" not in f)  # not "Thanks for your time for looking up …"
            frame = rng.choice(frames).format(T=thanks, t=thanks[:1].lower() + thanks[1:], k=p(k), v=p(v), tail=tail)
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
                sentence: bool = True, brief: bool = False) -> str:
        """The values as one sentence (``sentence``) or a clause list; one value may use a whole frame. A
        ``brief`` user (terse or typo-prone, :data:`_LISTERS`) often lists them as "city id 7301112, limit 10";
        a coordinate or date pair (:data:`_PAIRS`) is said as one clause."""
        if brief and rng.random() < 0.5:
            frame = rng.choice(_LISTED)  # one way of listing per message
            listed = ", ".join(frame.format(k=p(k), v=p(v)) for k, v in values.items())
            return listed + "." if sentence else listed
        if single and len(values) == 1:
            (k, v), = values.items()
            return rng.choice(_INFORM_ONE).format(k=p(k), v=p(v))
        pair = next(((a, b, kind) for a, b, kind in _PAIRS if a in values and b in values), None)
        clauses = []
        for k, v in values.items():
            if pair and k in pair[:2]:
                if k == pair[0]:  # the two values in one clause, in the order people say them
                    frames = _PAIR_FRAMES[pair[2]] + (_PAIR_ALONE[pair[2]] if len(values) == 2 and sentence else ())
                    clauses.append(rng.choice(frames).format(a=p(values[pair[0]]), b=p(values[pair[1]])))
                continue
            clauses.append(rng.choice(_INFORM_CLAUSE).format(k=p(k), v=p(v)))
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
            clauses = [rng.choice(_FACT).format(k=p(k), v=p(v)) for k, v in facts.items()]
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
        if rng.random() < 0.3:
            lead = _REQUEST_LEAD.get(_domain_key(domain, _REQUEST_LEAD), "")
            if lead:
                return lead + body[:1].lower() + body[1:]
        return glue((opener, body))
