"""Intent utterances whose real retriever scores land in the band a sequence needs.

For every API a fixed, deterministic set of candidate utterances is written from its documentation, in three
clarity levels: ``clear`` (paraphrases of the description), ``suggest`` (related but vague: the API's name or
a few keywords) and ``clarify`` (vague: only the domain). Each candidate is scored by the real
:class:`~tooldial.dialogue.retriever.Retriever`; only candidates whose actual ranking fits their band are kept
(:meth:`Retriever.fits`). A sequence whose band has no fitting candidate for an API is not realized with that
API — scores are never edited. ``clear_add`` utterances carry an input value; each (API, parameter) has a
small fixed set of values whose utterances are scored once (:meth:`IntentBank.clear_add_pool`).

Candidates are embedded in batches through the embedder's disk cache, so a second run costs no model time, and
their hits are kept on disk too (:class:`SearchCache`, keyed by the retriever's index and the text, never by a run
or a seed), so a second run on the same corpus scores nothing again.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from tooldial.corpus.models import Api, Corpus
from tooldial.dialogue.retriever import Band, Hits, Retriever
from tooldial.knowledge.loader import words as knowledge_words

_T = TypeVar("_T")

_STOP = frozenset(
    ["a", "an", "the", "of", "for", "to", "and", "or", "in", "on", "at", "by", "with", "from", "this", "that", "these", "those", "is", "are", "be", "it", "its", "api", "endpoint", "returns", "return", "get", "gets", "given", "using", "use", "used", "data", "information", "info", "based", "specific", "all", "any", "each"]
)
_VERB_MAP = {
    "returns": "get", "return": "get", "gets": "get", "get": "get", "fetches": "fetch", "fetch": "fetch",
    "retrieves": "retrieve", "retrieve": "retrieve", "lists": "list", "list": "list", "provides": "get",
    "shows": "see", "show": "see", "gives": "get", "searches": "search", "search": "search",
    "finds": "find", "find": "find", "looks": "look", "checks": "check", "check": "check",
    "calculates": "calculate", "calculate": "calculate", "converts": "convert", "convert": "convert",
    "creates": "create", "create": "create", "generates": "generate", "generate": "generate",
    "translates": "translate", "translate": "translate", "validates": "validate", "validate": "validate",
    "retrieving": "retrieve", "getting": "get", "fetching": "fetch", "searching": "search", "listing": "list",
    "finding": "find", "checking": "check", "converting": "convert", "calculating": "calculate",
    "generating": "generate", "returning": "get", "providing": "get",
}

# Personas that serve two category words.
_TRAVELLER = ("a traveller planning a trip", "I'm planning a trip.", "my trip", "before booking anything")
_NEWS_READER = ("a reader catching up on the news", "I'm catching up on the news.", "the news", "to stay informed")
_HEALTH = ("someone looking after their health", "I'm trying to look after my health.", "my health",
           "to look after my health")
_NEWCOMER = ("someone new in town", "I'm new in town.", "getting around", "to find my way around")
_MESSENGER = ("an office worker messaging customers", "I message customers for work.", "messaging",
              "to reach customers")

#: Who a user of a domain is: (persona, the sentence they open with, the topic they name, why they ask).
#: Keyed by the start of a lowercase word of the API's category; :func:`persona_of` picks the entry.
PERSONAS: dict[str, tuple[str, str, str, str]] = {
    "travel": _TRAVELLER,
    "flight": _TRAVELLER,
    "hotel": ("a traveller looking for a place to stay", "I'm looking for somewhere to stay.", "my stay",
              "before booking"),
    "weather": ("someone planning a weekend outdoors", "I'm planning a weekend outdoors.", "the weather",
                "to decide what to pack"),
    "sport": ("a sports fan", "I follow sports closely.", "sports", "before the next match"),
    "financ": ("an investor keeping an eye on the markets", "I'm keeping an eye on my investments.",
               "my investments", "to decide on my next trade"),
    "crypto": ("a crypto investor", "I hold some crypto.", "my crypto", "to decide whether to sell"),
    "payment": ("a shop owner handling payments", "I run a small online shop.", "payments",
                "to reconcile this week's orders"),
    "music": ("a music lover putting together a playlist", "I'm putting together a playlist.", "music",
              "for a party this weekend"),
    "movie": ("a film fan choosing what to watch", "I'm picking a film for tonight.", "films",
              "to choose what to watch tonight"),
    "entertain": ("someone looking for something fun to do", "I'm looking for something fun to do.",
                  "entertainment", "for the weekend"),
    "book": ("a reader looking for the next book", "I'm looking for something to read.", "books",
             "for my reading list"),
    "food": ("a home cook planning dinner", "I'm planning dinner.", "cooking", "for dinner tonight"),
    "restaurant": ("someone looking for a place to eat", "I'm looking for a place to eat.", "restaurants",
                   "for dinner tonight"),
    "news": _NEWS_READER,
    "media": _NEWS_READER,
    "job": ("a job seeker", "I'm looking for a new job.", "my job search", "for my job search"),
    "educat": ("a student", "I'm studying for a course.", "my studies", "for my course"),
    "health": _HEALTH,
    "medical": _HEALTH,
    "location": _NEWCOMER,
    "mapping": _NEWCOMER,
    "transport": ("a commuter", "I commute every day.", "getting around", "to plan my commute"),
    "logistic": ("a shop owner shipping orders", "I ship orders to customers.", "shipping",
                 "to keep customers posted"),
    "real": ("someone looking for a new home", "I'm looking for a new home.", "my home search",
             "for my home search"),
    "event": ("someone planning an evening out", "I'm planning an evening out.", "events",
              "for the weekend"),
    "gaming": ("a gamer", "I play a lot of games.", "gaming", "for my next session"),
    "commerce": ("an online shopper", "I'm shopping online.", "shopping", "before buying"),
    "social": ("a social media manager", "I manage social media accounts.", "social media",
               "for this week's posts"),
    "email": ("an office worker sorting their inbox", "I'm sorting out my inbox.", "email",
              "to keep my inbox clean"),
    "sms": _MESSENGER,
    "communic": _MESSENGER,
    "translat": ("someone working in several languages", "I work in several languages.", "translation",
                 "for a document I'm writing"),
    "business": ("a small-business owner", "I run a small business.", "my business", "for my business"),
    "advertis": ("a marketer running campaigns", "I run ad campaigns.", "my campaigns", "for my campaigns"),
    "science": ("a curious student of science", "I'm reading up on science.", "science", "for a class project"),
    "energy": ("a homeowner watching their energy use", "I'm keeping an eye on my energy use.", "energy",
               "to cut my bills"),
}
#: The developer persona serves technical domains (data, tools, storage, security, AI, text analysis, ...).
DEFAULT_PERSONA = ("a developer building a small app", "I'm building a small app.", "my app", "for my app")


def persona_of(api: Api) -> tuple[str, str, str, str]:
    """The :data:`PERSONAS` entry of the API's category (the developer persona when none fits)."""
    for word in words(api.category):
        for key, entry in PERSONAS.items():
            if word.startswith(key):
                return entry
    return DEFAULT_PERSONA


CLEAR_TEMPLATES = (
    "I'd like to {clause}.",
    "Can you help me {clause}?",
    "I need to {clause}.",
    "Could you {clause} for me?",
    "Please {clause}.",
    "I want to {clause}, can you do that?",
    "Is there a way to {clause}?",
    "I'm trying to {clause}.",
    "{lead} Could you {clause}?",
    "{lead} I'd like to {clause}, {reason}.",
    "{lead} Can you {clause} for me?",
    "{lead} I need to {clause}.",
)
SUGGEST_TEMPLATES = (
    "I'm curious about {name}.",
    "Something about {kw}, maybe?",
    "Can you help with {kw}?",
    "I have a question related to {name}.",
    "Tell me something about {kw}.",
    "I was wondering about {kw} stuff.",
    "Anything on {name}?",
    "I need some {kw} details.",
    "What can you tell me regarding {kw1}?",
    "I'm looking into {kw1} things.",
)
#: Vague openers: the user's situation, not the API (``{topic}`` is what the user names, e.g. "my trip").
CLARIFY_TEMPLATES = (
    "{lead} Can you help me with something?",
    "{lead} Could you help me out?",
    "{lead} There's something I want to check about {topic}.",
    "I need some help with {topic}.",
    "{lead} Could you look something up for me?",
    "I'm trying to figure something out about {topic}.",
)
#: Composed confirm utterances a clear_add value is added to, per value (besides the two hand-written ones).
CLEAR_ADD_BASES = 3
CLEAR_ADD_TEMPLATES = (
    "{base} The {label} is {value}.",
    "{base_np} for {label} {value}.",
    "{base} My {label} is {value}.",
    "{base} The {label} I have in mind is {value}.",
    "{base} Use {value} as the {label}.",
)


def words(text: str) -> list[str]:
    """Lowercase words of a name or description (camelCase and separators split)."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return [w for w in re.split(r"[^A-Za-z0-9']+", spaced.lower()) if w]


def readable(name: str) -> str:
    """``stationId`` → ``station id``; ``/crypto/intraday`` → ``crypto intraday``."""
    return " ".join(words(name)) or name


#: Verbs an API description may start with in their base form (``Download the file`` → ``download the file``).
_BASE_VERBS = frozenset(
    ["add", "analyze", "analyse", "book", "cancel", "check", "classify", "compare", "compute", "convert", "count", "create", "crawl", "decode", "delete", "detect", "download", "encode", "estimate", "extract", "fetch", "filter", "find", "generate", "get", "list", "locate", "look", "lookup", "match", "monitor", "parse", "post", "predict", "query", "read", "recognize", "register", "remove", "resolve", "retrieve", "save", "scan", "schedule", "scrape", "search", "send", "set", "shorten", "show", "sort", "subscribe", "summarize", "summarise", "track", "translate", "update", "upload", "validate", "verify", "view", "write", "calculate", "identify", "access", "obtain", "return", "provide", "give", "customize", "personalize", "buy", "sell", "pay", "transfer", "rate", "review", "reply", "share", "follow", "unfollow", "like", "mute", "block", "invite", "join", "submit", "recalculate", "reserve", "apply", "publish",
     "approve", "archive", "edit", "modify", "insert", "unsubscribe", "unblock", "unmute"])
_COPULAS = frozenset(("is", "are", "does", "do", "can", "will", "has", "have"))
_ADJECTIVES = ("available", "valid", "open", "online", "free", "active", "possible", "taken", "registered",
               "up", "down", "safe", "blacklisted", "disposable", "reachable", "correct", "supported")


def _base_verb(word: str) -> str | None:
    """The base form of a description's first word when it is a verb (``downloads`` → ``download``)."""
    low = word.lower()
    if low in _VERB_MAP:
        return _VERB_MAP[low]
    for stem in (low, low[:-1] if low.endswith("s") else "", low[:-2] if low.endswith("es") else "",
                 low[:-3] + "y" if low.endswith("ies") else "", low[:-3] if low.endswith("ing") else ""):
        if stem and stem in _BASE_VERBS:
            return stem
    return None


def _question_clause(tokens: list[str]) -> str:
    """``is a book available in …`` → ``check whether a book is available in …``."""
    copula, rest = tokens[0].lower(), tokens[1:]
    if copula not in ("is", "are"):
        return "check whether " + " ".join(rest) if rest else "check that"
    at = next((i for i, w in enumerate(rest) if w.lower() in _ADJECTIVES), max(len(rest) - 1, 0))
    return "check whether " + " ".join([*rest[:at], copula, *rest[at:]])


def _useless(text: str) -> bool:
    """A description that says nothing a user could ask for (``b``, ``/scraper``, ``[Link to API reference]``)."""
    low = text.lower()
    return (len(text.split()) < 3 or low[:1] in "[/<{" or "link to" in low or low.startswith(("default", "test"))
            or "endpoint" in low.split()[:3] or low.startswith("complimentary"))


#: Where the prose of a description ends: a markdown table, a code fence or rule, a link, an HTML tag.
_MARKUP_END = re.compile(r"\||```|-{3,}|={3,}|https?://|www\.|<\w|\\n|#{1,6}\s")


def _plain(text: str) -> str:
    """A description's prose as a user could say it: its first line, emphasis marks (``**Branch**``, backticks)
    dropped, cut where a table, code, link or HTML starts (``Parameter | Default | Description ---``)."""
    text = text.strip().splitlines()[0] if text.strip() else ""
    text = re.sub(r"\*\*|__|`", "", text)
    prose, *cut = _MARKUP_END.split(text, maxsplit=1)
    if cut:  # "…, see https://…" → "…": the words that led into the markup go with it
        prose = re.sub(r"[\s,;:(\[]*\b(see|visit|at|here|via|refer to|check|documentation|docs)?[\s,;:(\[]*$", "",
                       prose, flags=re.I)
    return prose.strip()


def description_clause(api: Api) -> str:
    """The API's description as a verb phrase a user could say (``get the playlist of a station``).

    The text comes from :func:`intent_source`: the first sentence of the documentation that says what the API
    does (not a tool's marketing blurb), else the API's name. Parenthesised asides are dropped, a third-person
    or base verb becomes the base form (``Downloads the file`` → ``download the file``), a question (``Is a
    book available``) becomes ``check whether a book is available``, and a noun phrase gets ``get`` in front."""
    text = intent_source(api)
    if not text:
        return name_clause(api)
    text = re.sub(r"^(is|are)\s+(an?|the)\s+[\w\s-]*?(method|endpoint|api|way|service)\s+(that|which|to)\s+"
                  r"(allows|lets|helps)?\s*(you\s+)?(to\s+)?", "", text, flags=re.I)
    tokens = text.split()
    if not tokens:
        return name_clause(api)
    verb = _base_verb(tokens[0])
    if tokens[0].lower() in _COPULAS:
        clause = _question_clause(tokens)
    elif tokens[0].lower() in ("when", "what", "which", "where", "how", "who", "whether"):
        clause = " ".join(["find out", tokens[0].lower(), *tokens[1:]])
    elif verb is not None:
        clause = " ".join([verb, *tokens[1:]])
    else:
        clause = " ".join(["get", *([tokens[0].lower()] + tokens[1:] if tokens[0][1:].islower() else tokens)])
    return re.sub(r"\s+([,;:])", r"\1", clause).rstrip(",;: ")[:200]



# ---- the user's goal from the description (language, issue 12 / 11 'users with goals') ------------------------
#: Words that make a phrase of a description about calling the API, not about what the user wants from it:
#: plan limits ("included in your current subscription plan"), request mechanics ("all Search endpoint
#: parameters"), where the data lives ("within your environment").
_DEV_WORDS = frozenset(["subscription", "plan", "plans", "quota", "endpoint", "endpoints", "api", "apis", "parameter",
                        "parameters", "param", "params", "request", "requests", "response", "responses", "json",
                        "header", "headers", "token", "tokens", "pagination", "paginated", "rapidapi", "environment",
                        "account", "payload", "body", "query", "querystring", "argument", "arguments", "input",
                        "inputs", "callback", "webhook", "sdk", "schema", "format", "required", "optional",
                        "default", "limit", "limits"])
#: Words that point at a parameter instead of naming a thing ("for the given latitude", "a specified user").
_MARKERS = frozenset(["given", "specified", "provided", "supplied", "requested", "passed", "selected", "desired",
                      "corresponding", "particular", "certain", "respective", "chosen", "entered", "specific"])
#: Words that name a key, not a thing a person knows ("by Filing ID", "by user_id").
_ID_WORDS = knowledge_words("identifiers", "description_key")
#: Where a phrase of a description starts: a preposition or a participle that qualifies what went before.
_PHRASE_START = re.compile(r"\s+(?=(?:for|by|with|using|via|from|given|matching|within|on|in|at|according to|"
                           r"based on|included|including|such as|along with|together with|that|which|who|where|"
                           r"and (?:returns?|gives?|provides?|outputs?|shows?))\b)", re.I)
#: Phrases that add detail about what comes back or how, never what the user asks for.
_DETAIL = re.compile(r"^(that|which|who|where|included|including|such as|along with|together with|and)\b", re.I)
_ARTICLES = frozenset(["a", "an", "the", "and", "or", "its", "their", "your", "all", "of", "to", "&", "/"])
#: A description that starts with a noun and then says what it does ("Device service manages the registry",
#: "We provide the last candle price", "accepts all Search endpoint parameters"): no verb phrase to read.
_NOT_A_CLAUSE = re.compile(r"^get\s+(?:(?:we|you|it|they|itself)\b|(?:\S+\s+){0,5}?(?:is|are|was|can|will|"
                           r"may|might|must|should|could|manages|"
                           r"provides|allows|accepts|returns|gives|lets|helps|offers|supports|contains|aggregates)\b|"
                           r"(?:\S+\s+){0,3}?(?:service|api|endpoint|tool|module|function|method|resource|system|"
                           r"platform|app|application)\s+[a-z]+s\b)", re.I)
#: Developer words that are also everyday words ("my account", "the default language").
_PLAIN_DEV = frozenset(["account", "format", "json", "csv", "default", "limit", "limits", "body", "input", "inputs", "query"])
#: "… allows you to get the change addresses": what the sentence says the user can do.
_ENABLES = re.compile(r"\b(?:allows|lets|enables|helps)\s+(?:you|users|developers|clients)?\s*(?:to\s+)?(\w+\s+.+)$", re.I)
#: Participles left at the end once the phrase they led into is dropped ("the addresses associated").
_DANGLING_PARTICIPLES = frozenset(["associated", "related", "linked", "belonging", "corresponding", "matching",
                                   "based", "according", "given", "specified", "provided", "available"])
#: How a person asks for records instead of "get" (one per API, so an API's utterances agree).
_GOAL_VERBS = ("find", "look up", "get", "pull up")


def _param_words(api: Api) -> set[str]:
    return {w for p in api.parameters for w in words(p.name) + name_words(p.name)}


def _phrase_words(phrase: str) -> list[str]:
    return [w for w in words(phrase) if w not in _ARTICLES]


def _user_phrase(phrase: str, params: set[str]) -> str | None:
    """A qualifying phrase of a description as the user would keep it, or None when it is the developer's:
    it names plan or request mechanics, or only parameters and keys ("by ticker_slug and period", "for the
    given latitude, longitude, and start date/time"). Marker words go ("a specified user" → "a user")."""
    content = _phrase_words(phrase)
    if _DETAIL.match(phrase) or any(w in _DEV_WORDS for w in content):
        return None
    rest = [w for w in content[1:] if w not in _MARKERS]
    if content[:1] == ["by"] and rest and rest[-1] in _ID_WORDS:
        return None  # "by album ID": how the call finds the record
    keys = [w for w in rest if w in params or w in _ID_WORDS or re.fullmatch(r"\d+", w)]
    pointed = any(w in _MARKERS for w in content) or any(w in _ID_WORDS for w in rest) or "_" in phrase
    if not rest or (len(keys) == len(rest) and (pointed or len(rest) >= 2)) or (pointed and len(keys) * 2 >= len(rest)):
        return None  # "for the given latitude, longitude, and start date/time", "by ticker_slug and period"
    kept = [t for t in phrase.split() if t.lower().strip(",.") not in _MARKERS]
    return " ".join(kept)


def goal_clause(api: Api) -> str:
    """What a user wants from the API, as a verb phrase in their words (``find standings for leagues``), from
    :func:`description_clause` with the developer's parts left out, decided by the documentation's own
    structure: a phrase that names only the API's parameters or keys (``for the given latitude``, ``by id``), plan
    and request mechanics (``included in your current subscription plan``), what follows a comma, dash, colon
    or semicolon (lists of returned fields, requirements), marker words (``specified``, ``given``) and raw
    identifiers (``ticker_slug`` → ``ticker slug``). A description that is not a verb phrase reads the API
    name instead; the usual ``get`` becomes one of :data:`_GOAL_VERBS` per API."""
    described = description_clause(api)
    tokens = _user_words(_what_it_does(described, api), api) or _user_words(name_clause(api), api)
    if not tokens:
        return described
    said_verb = _base_verb((intent_source(api).split() or [""])[0])
    if tokens[0].lower() in ("get", "retrieve", "fetch", "obtain") and said_verb and \
            tokens[1].lower() not in ("back", "up", "out", "in", "rid"):
        pick = int(hashlib.sha256(api.id.encode()).hexdigest(), 16) % len(_GOAL_VERBS)
        tokens[0] = _GOAL_VERBS[pick]
    return " ".join(tokens)


def _what_it_does(clause: str, api: Api) -> str:
    """The clause, or what it says the caller can do ("… Endpoint allows you to get Y" → "get Y"), or the API
    name's clause when the sentence is about calling the API ("in order to use this endpoint you should …")."""
    enabled = _ENABLES.search(clause)
    if enabled and _base_verb(enabled.group(1).split()[0]) is not None:
        verb, _, rest = enabled.group(1).partition(" ")
        clause = f"{_base_verb(verb)} {rest}".strip()
    head_words = _phrase_words(_PHRASE_START.split(clause, maxsplit=1)[0])
    if _NOT_A_CLAUSE.match(clause) or any(w in _DEV_WORDS - _PLAIN_DEV for w in head_words):
        return name_clause(api)
    return clause


def _user_words(clause: str, api: Api) -> list[str]:
    """The words of ``clause`` a user keeps (see :func:`goal_clause`), or [] when nothing but a verb is left."""
    clause = re.sub(r"\b(thousands|hundreds|millions|dozens|tons)\s+of\s+|\b(over|more than|up to)\s+\d[\d,+]*\s+",
                    "", clause, flags=re.I)
    clause = re.split(r"\s+[-–—]\s+|[;:]|\s+e\.g\.|\s+i\.e\.|\s+etc\b|\s['\"]", clause, maxsplit=1)[0].strip()
    before_comma = clause.split(",", 1)[0]
    if len(_phrase_words(before_comma)) >= 4:  # a verb and three words: "open, high, low, close prices" stays a list
        clause = before_comma
    params = _param_words(api)
    head, *phrases = _PHRASE_START.split(clause)
    kept = [re.sub(r"\b(a|an|the)\s+(?:" + "|".join(_MARKERS) + r")\s+", r"\1 ", head, flags=re.I)]
    for phrase in phrases:
        user = _user_phrase(phrase, params)
        if user is None:
            break  # what follows a developer's phrase qualifies it, not the user's goal
        kept.append(user)
    out = re.sub(r"\b((a|the)\s+)?(list|set|collection|array)\s+of\s+(the\s+)?", "", " ".join(kept), flags=re.I)
    out = re.sub(r"\b(get|retrieve|fetch|obtain)\s+(all\s+)?(the\s+)?((detailed|full|basic|more|some)\s+)?"
                 r"(details|information|info|data)\s+(of|on|about|for)\s+", r"\1 ", out, flags=re.I)
    names = {p.name for p in api.parameters}
    tokens = [readable(t) if "_" in t.strip("_") or t in names else t for t in out.split()]
    while len(tokens) > 1 and (tokens[-1].lower() in _DANGLING or tokens[-1].lower() in _DANGLING_PARTICIPLES):
        tokens.pop()
    if not _phrase_words(" ".join(tokens[1:])) or any(w in _DEV_WORDS - _PLAIN_DEV for w in words(" ".join(tokens))):
        return []
    return tokens

# ---- which documentation text an intent is built from (chains engineer, issue 11) ----------------------------
#: Subjects of a preamble before what the API does ("This endpoint returns ...", "The resource will ...").
_PREAMBLE = re.compile(r"^(this|the)\s+(api|apis|endpoint|endpoints|tool|service|method|resource|route|function|"
                       r"call|request)\s+(will\s+|can\s+|is used to\s+|allows you to\s+|lets you\s+)?", re.I)
#: Sentences about the tool or a term, not about what a call does: "Koliseo is an event ticketing platform",
#: "This is a chat API", "With the Voter Card Verification API, you can now onboard with confidence".
_BLURB = re.compile(r"^(this|that|it|there|here)\s+(is|are)\b|^(with|using|welcome|introducing|meet|our)\b", re.I)
_DEFINITION = re.compile(r"^[^,;:]{1,60}?\s(is|are)\s+(a|an|the|one|used|designed|meant|intended|how|what)\b",
                         re.I)
#: A passive sentence names what comes back first: "A list of best moves is returned when ..." → its subject.
_PASSIVE = re.compile(r"^(.{3,80}?)\s+(is|are)\s+(returned|provided|given|listed|shown|retrieved|fetched)\b", re.I)
#: Short words a glued name may hold ("setthepermissionsofafile"); other pieces under 3 letters mean a bad split.
_FUNCTION_WORDS = frozenset({"a", "an", "the", "of", "to", "in", "on", "by", "for", "at", "as", "or", "is", "it",
                             "my", "me", "up", "all", "and", "via", "from", "with"})
#: Words of an API name that say nothing of what it does (path noise: ``/api/v1.0/image_caption``).
_NAME_NOISE = frozenset({"api", "apis", "endpoint", "v", "copy"})


def _sentences(text: str) -> list[str]:
    """The prose sentences of a description, in order (each line read as :func:`_plain` reads prose)."""
    out: list[str] = []
    for line in (text or "").strip().splitlines()[:6]:
        prose = _plain(line)
        out += [part.strip().rstrip(".!?").strip() for part in re.split(r"(?<=[.!?])\s", prose) if part.strip()]
    return out[:6]


def _english(text: str) -> bool:
    letters = re.findall(r"[^\W\d_]", text)
    return bool(letters) and sum(c.isascii() for c in letters) >= 0.9 * len(letters)


def _action_text(sentence: str) -> str:
    """The sentence with its preamble dropped, or "" when it does not say what a call does (a blurb, a
    definition, a fragment, another language)."""
    text = re.sub(r"\s*\([^)]*\)", "", sentence).strip()
    text = _PREAMBLE.sub("", text)
    text = re.sub(r"^(used to|allows you to|lets you|helps you|helps to|you can|it)\s+", "", text, flags=re.I)
    text = re.sub(r"^(this|it)\s+(is|will)\s+(an?|the)?\s*(simple\s+)?(method|endpoint|api|function|service)\s+"
                  r"(to|that|which|for)\s+", "", text, flags=re.I)
    if not text or _useless(text) or not _english(text):
        return ""
    first = text.split()[0].lower()
    passive = _PASSIVE.match(text)
    if passive and _base_verb(first) is None:
        return passive.group(1)
    if _BLURB.match(text):
        return ""
    if first not in _COPULAS and _base_verb(first) is None and _DEFINITION.match(text):
        return ""
    return text


def intent_source(api: Api) -> str:
    """The documentation text an intent is built from: the first sentence of the API's description that says
    what a call does; with no description, a tool description sentence that starts with a verb (a tool's blurb
    describes the tool, not this endpoint); "" when there is none (:func:`name_clause` then reads the name)."""
    for n, sentence in enumerate(_sentences(api.description)):
        text = _action_text(sentence)
        # a later sentence only when it starts with what a call does ("Use X to ..." notes and parameter lists
        # follow a blurb too)
        if text and (n == 0 or _base_verb(text.split()[0]) is not None):
            return text
    if not (api.description or "").strip():
        for sentence in _sentences(api.tool_description):
            text = _action_text(sentence)
            if text and _base_verb(text.split()[0]) is not None:
                return text
    return ""


@lru_cache(maxsize=1)
def _word_costs() -> dict[str, float]:
    import wordninja

    return wordninja.DEFAULT_LANGUAGE_MODEL._wordcost


def raw_name(word: str) -> bool:
    """A field or parameter name no person would say: ``snake_case``, ``camelCase``, a letter-digit mix
    (``AddressLine1``) or a glued non-word of 7+ letters (``animename``, ``arturl`` is too short to tell)."""
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", word) or len(word) < 4:
        return False
    if "_" in word.strip("_") or re.search(r"[a-z][A-Z]", word) or re.search(r"[A-Za-z]\d", word):
        return True
    return len(word) >= 7 and word.isalpha() and word.lower() not in _word_costs()


def name_words(name: str) -> list[str]:
    """The words of an API name, glued ones split with an English word list (``setthepermissionsofafile`` →
    ``set the permissions of a file``) and path noise (``api``, ``v1``, numbers) dropped."""
    import wordninja

    out: list[str] = []
    for word in words(name):
        if word in _NAME_NOISE or re.fullmatch(r"v?\d+", word):
            continue
        if len(word) >= 8 and word.isalpha() and word not in _word_costs():
            parts = wordninja.split(word)
            if len(parts) > 1 and parts[-1] not in _FUNCTION_WORDS and all(
                    len(p) > 2 or p in _FUNCTION_WORDS for p in parts):  # not "extend au th token", "linked in"
                out += parts
                continue
        out.append(word)
    return out


def name_clause(api: Api) -> str:
    """A verb phrase from the API's name when its documentation has none: ``deleteacampaign`` → ``delete a
    campaign``; a noun name → ``get the image caption from Image Caption Generator``."""
    parts = name_words(api.name)
    if not parts:
        return f"use {api.tool}"
    verb = _base_verb(parts[0])
    if verb is not None and len(parts) > 1:
        return " ".join([verb, *parts[1:]])
    return f"get the {' '.join(parts)} from {api.tool}".strip()


#: Words of a name that say nothing of its topic ("Article Full Text" is about articles, not "article full").
_NOT_TOPIC = frozenset(["full", "what", "which", "when", "where", "who", "how", "one", "right", "turn", "line",
                        "current", "latest", "much", "many", "there", "here", "now", "like"])


def _stem(word: str) -> str:
    """A word without its plural or possessive ending: "restaurants", "restaurant's" → "restaurant"."""
    return re.sub(r"(?:'s|s')$|(?<=[^s])s$", "", word.lower())


def keywords(api: Api, n: int = 3) -> list[str]:
    """Topic words of the API's name and description, name first, deduplicated (no question words or
    modifiers such as "full": "Tell me something about article full." is not English)."""
    seen: list[str] = []
    for w in words(api.name) + words(api.description or ""):
        if w not in _STOP and w not in _NOT_TOPIC and len(w) > 2 and not w.isdigit() and w not in seen:
            seen.append(w)
    return seen[:n] or words(api.name)[:1] or [api.name]


#: How a user may start talking: a greeting or nothing (most often nothing).
GREETINGS = ("", "", "", "Hi!", "Hello.", "Hey there.", "Hi there,", "Good morning.", "Hello, quick question.",
             "Hi, I hope you can help.")
#: What a user says about themselves (``{lead}``: the persona's own sentence, ``{persona}``: "a sports fan").
SELF_INTROS = ("", "{lead}", "{lead}", "I'm {persona}.", "As {persona},")
#: Extra clear request frames, on top of :data:`CLEAR_TEMPLATES` (``{clause}``: what the API does).
CLEAR_FRAMES = (
    "I'd like to {clause}.", "Can you help me {clause}?", "I need to {clause}.", "Could you {clause} for me?",
    "Please {clause}.", "I want to {clause}, can you do that?", "Is there a way to {clause}?",
    "I'm trying to {clause}.", "Could you {clause}?", "Would you be able to {clause}?", "Can you {clause}?",
    "I was wondering if you could {clause}.", "I'd love to {clause}.", "Help me {clause}, please.",
    "What I need is to {clause}.", "Is it possible to {clause}?", "I'm hoping to {clause}.",
    "My goal is to {clause}.", "Could you please {clause}?", "I have to {clause}.",
)
#: Why, after a clear request that ends a sentence (``{reason}``: "before booking anything").
REASON_TAILS = ("", "", " I need it {reason}.", " I'm asking {reason}.")
#: Vague requests said from the user's situation (``{topic}``: "my trip", ``{reason}``: "for my app").
CLARIFY_ASKS = (
    "Can you help me with something?", "Could you help me out?", "There's something I want to check about {topic}.",
    "I need some help with {topic}.", "Could you look something up for me?",
    "I'm trying to figure something out about {topic}.", "I have a question about {topic}.",
    "Can I ask you something about {topic}?", "I could use a hand with {topic}.",
    "Would you mind helping me with something?", "I wonder if you can help me.",
    "I need to sort something out {reason}.", "Can you check something for me {reason}?",
    "There's something I need to know {reason}.", "I'm stuck on something to do with {topic}.",
    "Could you give me a hand with {topic}?", "I need a bit of help with {topic}.",
    "Can you find something out for me?", "I'd like some help {reason}.",
)
#: Prefixes that put a suggest-band candidate in a user's mouth (scored like any candidate).
SUGGEST_PREFIXES = ("", "Hi!", "Hello.", "{lead}", "Hey,", "Hmm.")
#: Candidates kept per API and band after composing (a deterministic sample; the hand-written ones always stay).
POOL_SIZE = {"confirm": 50, "suggest": 60, "clarify": 200}
#: Words a cut-off clause must not end with ("I was hoping to get the, …" is not English).
_DANGLING = frozenset(["a", "an", "the", "of", "for", "to", "and", "or", "in", "on", "at", "by", "with", "from",
                       "its", "their", "your", "my", "this", "that", "as", "into", "about", "per", "between",
                       "is", "are", "be", "which", "whether", "if", "all", "any", "each", "some", "than"])


def _compose(*parts: str, names: Sequence[str] = ()) -> str:
    """Sentences joined with one space; a part ending in ``,`` continues with a lowercase word (never "I" or one
    of ``names``: "Hi there, Cindy here.", not "cindy here")."""
    out = ""
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if out.endswith(",") and not re.match(r"I\b|I'", part) and not any(n and part.startswith(n) for n in names):
            part = part[:1].lower() + part[1:]
        out = f"{out} {part}" if out else part
    return out


def _sample(api: Api, band: Band, fixed: list[str], parts: Sequence[Sequence[str]],
            make: Callable[..., str | None]) -> list[str]:
    """``fixed`` then a deterministic sample (seeded by API — by persona for vague openers, which depend only on
    it — and band) of the compositions ``make(*combination)`` over ``parts``, up to :data:`POOL_SIZE`.

    Combinations are sampled before they are composed: composing all of them costs more than the generation."""
    keep = max(POOL_SIZE[band] - len(fixed), 0)
    rng = random.Random(f"intents|{persona_of(api)[0] if band == 'clarify' else api.id}|{band}")
    combos = list(itertools.product(*parts))
    out = list(fixed)
    seen = set(fixed)
    for combo in rng.sample(combos, min(len(combos), 2 * keep)):
        text = make(*combo)
        if text is not None and text not in seen:
            seen.add(text)
            out.append(text)
            if len(out) - len(fixed) >= keep:
                break
    return out


def candidates(api: Api) -> dict[Band, list[str]]:
    """The candidate intent utterances of an API per band (deterministic, deduplicated).

    The hand-written templates come first; then compositions from the user's situation (a greeting, what they
    say about themselves, a request frame, why they ask) — the same persona, goal and reason the scenario's
    :class:`~tooldial.dialogue.scenario.UserGoal` states — sampled down to :data:`POOL_SIZE` per band.
    """
    clause = goal_clause(api)
    name = readable(api.name)
    kws = keywords(api)
    kw = " ".join(kws[:2])
    domain = readable(api.domain)
    persona, lead, topic, reason = persona_of(api)
    fields = {"clause": clause, "name": name, "kw": kw, "kw1": kws[0], "domain": domain, "lead": lead,
              "topic": topic, "reason": reason,
              "persona": re.sub(r"\btheir\b", "my", persona)}  # said by the user: "I'm someone … my health"
    fixed: dict[Band, list[str]] = {}
    for band, templates in (("confirm", CLEAR_TEMPLATES), ("suggest", SUGGEST_TEMPLATES),
                            ("clarify", CLARIFY_TEMPLATES)):
        fixed[band] = list(dict.fromkeys(t.format(**fields) for t in templates))
    # graded vagueness: the start of the clear request, cut shorter and shorter, lands between the bands
    clause_words = clause.split()
    for k in range(2, min(len(clause_words), 8)):
        if clause_words[k - 1].lower() in _DANGLING:
            continue
        part = " ".join(clause_words[:k]).rstrip(",;:")
        fixed["suggest"].extend((f"I was hoping to {part}, or something like that.",
                                 f"Maybe you can {part}? Not sure exactly."))
    domain_stems = {_stem(w) for w in re.findall(r"[A-Za-z']+", domain)}
    for k in range(1, len(kws) + 1):
        # not "Something with restaurant and restaurants": the domain only when it adds a word
        tail = "" if domain_stems & {_stem(w) for w in kws[:k]} else f" and {domain}"
        fixed["suggest"].append(f"Something with {' '.join(kws[:k])}{tail}, I think.")
    fixed["suggest"] = list(dict.fromkeys(fixed["suggest"]))
    intros = [i.format(**fields) for i in SELF_INTROS]

    def confirm(greeting: str, intro: str, frame: str, tail: str) -> str:
        request = frame.format(**fields) + (tail.format(**fields) if frame.endswith(".") else "")
        return _compose(greeting, intro, request)

    def clarify(greeting: str, intro: str, ask: str) -> str | None:
        if not intro and "{topic}" not in ask and "{reason}" not in ask:
            return None  # a bare "Can you help me?" says nothing of the user
        return _compose(greeting, intro, ask.format(**fields))

    def suggest(prefix: str, text: str) -> str:
        return _compose(prefix.format(**fields), text)

    return {"confirm": _sample(api, "confirm", fixed["confirm"], (GREETINGS, intros, CLEAR_FRAMES, REASON_TAILS),
                               confirm),
            "suggest": _sample(api, "suggest", fixed["suggest"], (SUGGEST_PREFIXES, fixed["suggest"]), suggest),
            "clarify": _sample(api, "clarify", fixed["clarify"], (GREETINGS, intros, CLARIFY_ASKS), clarify)}


#: Share of confirmed intents drawn from the close-candidate utterances (gold API not ranked first), when an
#: API has any.
CLOSE_SHARE = 0.3


@dataclass(frozen=True)
class Intent:
    """An utterance and what the retriever really returned for it."""

    text: str
    hits: Hits


class SearchCache:
    """:meth:`Retriever.search` with its hits kept on disk (``retrieval.sqlite`` beside the embeddings), per text.

    Keyed by content only: the scope is a digest of what decides the hits besides the text (embedding model, API
    ids and their document vectors, ``top_k``, score rounding) and the key is the text's sha256. Any later run on
    the same corpus, whatever its seed, reads the hits of a text it has seen instead of fetching its vector and
    scoring it against every API (on a 1,601-API ToolBench subset that product is most of a warm run). Hits are
    stored as the retriever returned them, so a cached run writes the same bytes. ``cache_dir=None``: no disk."""

    def __init__(self, retriever: Retriever, cache_dir: str | Path | None) -> None:
        from tooldial.dialogue.retriever import SCORE_DECIMALS

        self.retriever = retriever
        self.searched = 0  # texts scored by the retriever (not found on disk), for benchmarks and tests
        self._store = None
        if cache_dir is not None:
            from tooldial.cache import KeyValueStore

            self._store = KeyValueStore(Path(cache_dir) / "retrieval.sqlite", "hits", scope_column="index_key",
                                        value_column="hits")
        digest = hashlib.sha256(json.dumps([retriever.embedder.model_name, retriever.config.top_k, SCORE_DECIMALS,
                                            retriever.api_ids]).encode())
        digest.update(retriever.matrix.tobytes())
        self.scope = digest.hexdigest()

    def __call__(self, texts: Sequence[str]) -> list[Hits]:
        if self._store is None:
            self.searched += len(texts)
            return self.retriever.search(texts)
        keys = [hashlib.sha256(t.encode("utf-8")).hexdigest() for t in texts]
        stored = self._store.get_many(list(dict.fromkeys(keys)), scope=self.scope)
        decoded = json.loads("[" + ",".join(stored.values()) + "]")  # one parse for the batch, not one per text
        found: dict[str, Hits] = {k: [(a, s) for a, s in v] for k, v in zip(stored, decoded, strict=True)}
        missing = list(dict.fromkeys((k, t) for k, t in zip(keys, texts, strict=True) if k not in found))
        if missing:
            hits = self.retriever.search([t for _, t in missing])
            self.searched += len(missing)
            found.update((k, h) for (k, _), h in zip(missing, hits, strict=True))
            self._store.put_many(((k, json.dumps(h)) for (k, _), h in zip(missing, hits, strict=True)),
                                 scope=self.scope)
        return [found[k] for k in keys]

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


class IntentBank:
    """Per-API pools of intent utterances that fit each band, computed lazily in batches."""

    def __init__(self, corpus: Corpus, retriever: Retriever, search: SearchCache | None = None) -> None:
        self.corpus = corpus
        self.retriever = retriever
        self.search = search or SearchCache(retriever, None)
        self._pools: dict[str, dict[Band, list[Intent]]] = {}
        self._add_pools: dict[tuple[str, str], list[tuple[str, Intent]]] = {}

    def prepare(self, api_ids: Iterable[str]) -> None:
        """Score the candidates of every API not seen yet, in one batch."""
        todo = [a for a in dict.fromkeys(api_ids) if a not in self._pools]
        if not todo:
            return
        texts: list[str] = []
        owners: list[tuple[str, Band]] = []
        for api_id in todo:
            for band, cands in candidates(self.corpus.get(api_id)).items():
                texts.extend(cands)
                owners.extend((api_id, band) for _ in cands)
        unique = list(dict.fromkeys(texts))  # personas share vague openers: score each text once
        found = dict(zip(unique, self.search(unique), strict=True))
        all_hits = [found[t] for t in texts]
        for api_id in todo:
            self._pools[api_id] = {"confirm": [], "suggest": [], "clarify": []}
        for text, (api_id, band), hits in zip(texts, owners, all_hits, strict=True):
            if self.retriever.fits(hits, band, api_id):
                self._pools[api_id][band].append(Intent(text, hits))

    def pool(self, api_id: str, band: Band) -> list[Intent]:
        self.prepare([api_id])
        return self._pools[api_id][band]

    def has(self, api_id: str, band: Band) -> bool:
        return bool(self.pool(api_id, band))

    def choose(self, api_id: str, band: Band, rng: random.Random, *, later: bool = False) -> Intent | None:
        """A fitting utterance; for ``confirm``, one where the API is a close candidate but not ranked first
        with probability :data:`CLOSE_SHARE` when the pool has such utterances (hard retrieval cases).
        ``later``: the user has already spoken, so no utterance that greets again ("Hello, quick question.")."""
        pool = self.pool(api_id, band)
        if later:
            pool = ungreeted(pool)
        if not pool:
            return None
        close = [i for i in pool if i.hits[0][0] != api_id]
        if band == "confirm" and close and rng.random() < CLOSE_SHARE:
            return rng.choice(close)
        return rng.choice(pool)

    def clear_add_pool(self, api_id: str, slot: str, label: str, values: Sequence[str]
                       ) -> list[tuple[str, Intent]]:
        """(value, utterance) pairs for a clear intent carrying ``slot``'s value, each fitting the confirm band.

        The values come from a small fixed set per (API, slot) (see
        :func:`tooldial.dialogue.generate.clear_add_values`) so that the utterances are scored once and then
        served from the embedding cache.
        """
        self.prepare_clear_add([(api_id, slot, label, values)])
        return self._add_pools[(api_id, slot)]

    def prepare_clear_add(self, items: Iterable[tuple[str, str, str, Sequence[str]]]) -> None:
        """Score the clear_add candidates of several (API, slot, label, values) in one batch."""
        texts: list[str] = []
        owners: list[tuple[tuple[str, str], str]] = []
        todo: list[tuple[str, str]] = []
        for api_id, slot, label, values in items:
            key = (api_id, slot)
            if key in self._add_pools or key in todo:
                continue
            todo.append(key)
            pool = self.pool(api_id, "confirm")
            for n, value in enumerate(values):
                # two hand-written bases (as before) and, per value, a few more spread over the pool
                spread = pool[2:][n::max(len(values), 1)][:CLEAR_ADD_BASES]
                for b, intent in enumerate(pool[:2] + spread):
                    base_np = intent.text.rstrip(".?!")
                    templates = CLEAR_ADD_TEMPLATES[:2] if b < 2 else CLEAR_ADD_TEMPLATES[(n + b) % 3 + 2:][:1]
                    for template in templates:
                        if template.startswith("{base_np}") and not intent.text.endswith("."):
                            continue  # "Can you …? for city Lisbon." is not a sentence
                        texts.append(template.format(base=intent.text, base_np=base_np, label=label, value=value))
                        owners.append((key, value))
        unique = list(dict.fromkeys(texts))
        found = dict(zip(unique, self.search(unique), strict=True))
        hits = [found[t] for t in texts]
        for key in todo:
            self._add_pools[key] = []
        for (key, value), text, h in zip(owners, texts, hits, strict=True):
            if self.retriever.fits(h, "confirm", key[0]):
                self._add_pools[key].append((value, Intent(text, h)))


# ---- per-dialogue intent utterances ---------------------------------------------------------------------------
#: Who the user is, said before a pool utterance (``{me} {a_job} {r} {n} {co}`` of the dialogue's
#: :class:`~tooldial.dialogue.user_profile.UserProfile`). Nothing here depends on the goal, so every sentence fits
#: any domain; the occasion is left out on purpose ("my son's choir concert" would not fit "a weekend outdoors").
PROFILE_LEADS = (
    "I'm {a_job}.", "I work as {a_job}.", "My name's {me}.", "I'm {me}, {a_job}.", "{me} here.",
    "I'm {a_job} at {co}.", "I work at {co}.", "{me} here, from {co}.", "I'm asking for my {r} {n}.",
    "My {r} {n} asked me to look into this.", "I'm helping my {r} {n} out.", "This is for my {r} {n}.",
    "I'm {me}, and my {r} {n} needs this too.", "I'm {a_job}, and my {r} {n} asked me to check.",
    "I'm {me}, {a_job} at {co}.", "My {r} {n} sent me here.", "I'm {a_job}, quick question.",
)
#: Clear requests that carry the user's profile around the API's clause (confirm band, no input value).
PROFILE_CLEAR = (
    "My {r} {n} asked me to {clause}. Can you do that?", "I'm {a_job}, and I need to {clause}.",
    "I'm helping my {r} {n}: could you {clause}?", "Could you {clause}? It's for my {r} {n}.",
    "{me} here, {a_job} at {co}. I'd like to {clause}.",
    "My {r} {n} wants me to {clause}. Can you help?", "I'm {me}. Can you {clause} for me?",
    "I'm {me}. Is there a way to {clause}?", "I'm {a_job}. Could you {clause}, {reason}?",
    "My {r} {n} and I need to {clause}.", "I'm {me}, {a_job}. I'm trying to {clause}.",
    "For my {r} {n}: I'd like to {clause}.", "We at {co} need to {clause}. Can you help?",
    "I'm {a_job} and I have to {clause} {reason}.", "{me} here. Please {clause}.",
)
#: Vague openers that carry the profile (clarify band; ``{topic}``: what the user names, e.g. "my trip").
PROFILE_VAGUE = (
    "I'm {a_job} and I could use a hand with {topic}.", "My {r} {n} asked me to sort something out about {topic}.",
    "I'm helping my {r} {n} with {topic}. Can you help?", "{me} here. I have a question about {topic}.",
    "I'm {me}, and I need some help with {topic}.", "My {r} {n} and I need help with {topic}.",
    "I'm {a_job}. Can I ask you something about {topic}?", "I'm {me}, {a_job}. Could you help me out?",
    "Something came up with {topic}, and my {r} {n} can't help.", "I'm {a_job} at {co}. I need a hand.",
    "I'm {me}. There's something I want to check about {topic}.",
    "I'm asking for my {r} {n}: it's about {topic}.",
)
#: Frames that tie the request to the user's employer: only for a user whose task is their work
#: (:attr:`~tooldial.dialogue.user_profile.UserProfile.work`).
_WORK_INTENT_FRAMES = frozenset(("{me} here, from {co}.", "We at {co} need to {clause}. Can you help?"))
#: Personas who would not also introduce themselves by an occupation or an employer.
_NO_JOB_PERSONAS = frozenset(("a student", "a job seeker"))
#: Per-dialogue texts proposed per intent; the first that fits the band is kept.
PERSONAL_TRIES = 2


def _fill(frame: str, fields: dict[str, str]) -> str | None:
    """``frame`` filled, or None when it needs a profile field the dialogue leaves empty (no name, job, ...)."""
    keys = re.findall(r"\{(\w+)\}", frame)
    if any(not fields.get(k) for k in keys):
        return None
    return frame.format(**fields)


def ungreeted(pool: Sequence[_T]) -> list[_T]:
    """The utterances of ``pool`` (intents or (value, intent) pairs) that open with no greeting; all of them when
    every one greets (a later turn of a user who already said hello)."""
    def text(item: object) -> str:
        return item.text if isinstance(item, Intent) else item[1].text  # type: ignore[index]

    kept = [i for i in pool if not _split_greeting(text(i))[0]]
    return kept or list(pool)


def _split_greeting(text: str) -> tuple[str, str]:
    """(greeting, rest) of a pool utterance that starts with one of :data:`GREETINGS`."""
    for g in sorted((g for g in GREETINGS if g), key=len, reverse=True):
        if text.startswith(g + " "):
            return g, text[len(g) + 1:]
    return "", text


def personal_texts(text: str, band: Band, api: Api, profile_fields: dict[str, str], rng: random.Random,
                   *, carries_value: bool = False, later: str = "") -> list[str]:
    """Up to :data:`PERSONAL_TRIES` intent utterances for one dialogue, composed from its user's profile.

    ``text`` is the dialogue's pool utterance (already known to fit ``band``). A proposal is either a profile
    lead before it (after its greeting) or, for ``confirm`` / ``clarify`` without an input value, a profile frame
    around the API's clause / the user's topic. Proposals must still be scored: the caller keeps the first one
    whose real hits fit the band, else the pool utterance.

    One identity per dialogue: when ``text`` or ``later`` (the dialogue's later intent utterance) names the
    user's role ("As a crypto investor, …"), no proposal names a job as well.
    """
    persona, _lead, topic, reason = persona_of(api)
    fields = {**profile_fields, "clause": goal_clause(api), "topic": topic, "reason": reason}
    if persona in _NO_JOB_PERSONAS:  # "I'm a hydrologist. I'm looking for a new job." contradicts itself
        fields.update(job="", a_job="", co="")
    role = re.sub(r"\btheir\b", "my", persona)
    if re.search(rf"\b{re.escape(role)}\b", f"{text} {later}", re.IGNORECASE):
        fields.update(job="", a_job="")

    def fit(frame: str) -> bool:
        return bool(fields.get("work")) or frame not in _WORK_INTENT_FRAMES

    greeting, rest = _split_greeting(text)
    # no "Hello, quick question. I'm a chief of staff, quick question.": a phrase the greeting says is not said twice
    leads = [t for t in (_fill(f, fields) for f in PROFILE_LEADS if fit(f)) if t
             and not ("quick question" in t and "quick question" in greeting.lower())]
    frames: list[str] = []
    if not carries_value and band in ("confirm", "clarify"):
        frames = [t for t in (_fill(f, fields) for f in (PROFILE_CLEAR if band == "confirm" else PROFILE_VAGUE)
                              if fit(f)) if t]
    out: list[str] = []
    for _ in range(PERSONAL_TRIES * 3):
        if len(out) >= PERSONAL_TRIES or not (leads or frames):
            break
        names = (fields.get("me", ""), fields.get("n", ""), fields.get("co", ""))
        if frames and (not leads or rng.random() < 0.5):
            proposal = _compose(greeting, rng.choice(frames), names=names)
        else:
            proposal = _compose(greeting, rng.choice(leads), rest, names=names)
        if proposal != text and proposal not in out:
            out.append(proposal)
    return out
