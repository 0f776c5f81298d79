"""What a user wants from an API, in their words (:func:`goal_clause`): the description clause without the
developer's parts (parameters, keys, plan and request mechanics)."""

from __future__ import annotations

import hashlib
import re

from tooldial.corpus.models import Api
from tooldial.dialogue.intents.casing import sentence_case
from tooldial.dialogue.intents.clauses import (
    _GIVEN_READERS,
    _PLAIN_GET_VERBS,
    _SUBORDINATORS,
    _base_verb,
    description_clause,
    intent_source,
    name_clause,
)
from tooldial.dialogue.intents.determiners import PREPOSITIONS, agreeing_articles, with_article
from tooldial.dialogue.intents.text import name_words, readable, words
from tooldial.knowledge.english import is_noun, past_participle_of, word_classes
from tooldial.knowledge.loader import ordered_words, word_map
from tooldial.knowledge.loader import words as knowledge_words

#: Words that make a phrase of a description about calling the API, not about what the user wants from it:
#: plan limits ("included in your current subscription plan"), request mechanics ("all Search endpoint
#: parameters"), where the data lives ("within your environment").
_DEV_WORDS = knowledge_words("documentation", "developer_words")
#: Words that point at a parameter instead of naming a thing ("for the given latitude", "a specified user").
_MARKERS = knowledge_words("documentation", "parameter_markers")
#: Words that name a key, not a thing a person knows ("by Filing ID", "by user_id").
_ID_WORDS = knowledge_words("identifiers", "description_key")
#: Where a phrase of a description starts: a preposition or a participle that qualifies what went before.
_DETAIL_STARTS = (ordered_words("documentation", "detail_starts") + ordered_words("documentation", "instruction_phrases")
                  + ordered_words("documentation", "format_phrases"))
_PHRASE_START = re.compile(r"\s+(?=(?:" + "|".join(ordered_words("documentation", "qualifier_starts") + _DETAIL_STARTS
                                                    + ordered_words("documentation", "result_clause_starts"))
                           + r")\b)", re.I)
#: Phrases that add detail about what comes back or how, never what the user asks for.
#: (a bare "and": a result clause's start without its verb)
_DETAIL = re.compile(r"^(" + "|".join(_DETAIL_STARTS) + r"|and)\b", re.I)
_ARTICLES = knowledge_words("documentation", "phrase_fillers")
#: Words that open an object ("a", "the", "your"): "get given a coordinate" has no marked object.
_OBJECT_WORDS = sorted(knowledge_words("documentation", "object_openers"))
#: A description that starts with a noun and then says what it does ("Device service manages the registry",
#: "We provide the last candle price", "accepts all Search endpoint parameters"): no verb phrase to read.
_CLAUSE_VERBS = ordered_words("documentation", "clause_verbs")
_NOT_A_CLAUSE = re.compile(r"^get\s+(?:(?:we|you|it|they|itself)\b|(?:\S+\s+){0,5}?(?:" + "|".join(_CLAUSE_VERBS)
                           + r")\b|(?:\S+\s+){0,3}?(?:" + "|".join(ordered_words("documentation", "system_nouns"))
                           + r")\s+[a-z]+s\b)", re.I)
#: Developer words that are also everyday words ("my account", "the default language").
_PLAIN_DEV = knowledge_words("documentation", "plain_developer_words")
#: "… allows you to get the change addresses": what the sentence says the user can do.
_ENABLES = re.compile(r"\b(?:allows|lets|enables|helps)\s+(?:you|users|developers|clients)?\s*(?:to\s+)?(\w+\s+.+)$", re.I)
#: Participles left at the end once the phrase they led into is dropped ("the addresses associated").
_DANGLING_PARTICIPLES = knowledge_words("documentation", "dangling_participles")
#: Verbs of an instruction about what to send ("Enter talent id"): no request; the name is read instead.
_INPUT_VERBS = knowledge_words("documentation", "input_verbs")
#: How a person asks for records instead of "get" (one per API, so an API's utterances agree).
_GOAL_VERBS = ordered_words("actions", "goal_verbs")


def _param_words(api: Api) -> set[str]:
    return {w for p in api.parameters for w in words(p.name) + name_words(p.name)}


def _phrase_words(phrase: str) -> list[str]:
    return [w for w in words(phrase) if w not in _ARTICLES]


def _user_phrase(phrase: str, params: set[str]) -> str | None:
    """A qualifying phrase of a description as the user would keep it, or None when it is the developer's:
    it names plan or request mechanics, or only parameters and keys ("by ticker_slug and period", "for the
    given latitude, longitude, and start date/time"). Marker words go ("a specified user" → "a user")."""
    content = _phrase_words(phrase)
    said = phrase.lower().split()
    if _DETAIL.match(phrase) or any(w in _DEV_WORDS for w in content) or (
            len(said) > 2 and said[0] in _MARKERS and said[1] in _OBJECT_WORDS):
        return None  # ("a recipe card [given a recipe]": the phrase names what the call is given, not "the given city")
    rest = [w for w in content[1:] if w not in _MARKERS]
    if content[:1] == ["by"] and rest and rest[-1] in _ID_WORDS:
        return None  # "by album ID": how the call finds the record
    keys = [w for w in rest if w in params or w in _ID_WORDS or re.fullmatch(r"\d+", w)]
    pointed = any(w in _MARKERS for w in content) or any(w in _ID_WORDS for w in rest) or "_" in phrase
    if not rest or (len(keys) == len(rest) and (pointed or len(rest) >= 2)) or (pointed and len(keys) * 2 >= len(rest)):
        return None  # "for the given latitude, longitude, and start date/time", "by ticker_slug and period"
    kept = [t for t in phrase.split() if t.lower().strip(",.") not in _MARKERS]
    return " ".join(kept)

#: The words after a verb of a plain lookup (``clauses._PLAIN_GET_VERBS``) that make another verb
#: (``knowledge/packs/actions.yaml``).
_PHRASAL_PARTICLES = knowledge_words("actions", "phrasal_particles")
#: Verbs of two words a description's one word is said as ("lookup" → "look up"; ``actions.verb_base_forms``).
_TWO_WORD_VERBS = frozenset(v for v in word_map("actions", "verb_base_forms").values() if " " in v)


def goal_clause(api: Api) -> str:
    """What a user wants from the API, as a verb phrase in their words (``find standings for leagues``), from
    :func:`description_clause` with the developer's parts left out, decided by the documentation's own
    structure: a phrase that names only the API's parameters or keys (``for the given latitude``, ``by id``), plan
    and request mechanics (``included in your current subscription plan``), what follows a comma, dash, colon
    or semicolon (lists of returned fields, requirements), marker words (``specified``, ``given``) and raw
    identifiers (``ticker_slug`` → ``ticker slug``). A description that is not a verb phrase reads the API
    name instead; the usual ``get`` becomes one of :data:`_GOAL_VERBS` per API.

    An API whose ``user_goal`` a model wrote (the ``need`` role, checked) gives that instead."""
    if api.user_goal:
        return api.user_goal
    described = description_clause(api)
    tokens = _user_words(_what_it_does(described, api), api) or _user_words(name_clause(api), api)
    if not tokens:
        return described
    said_verb = _base_verb((intent_source(api).split() or [""])[0])
    if tokens[0].lower() in _PLAIN_GET_VERBS and said_verb and tokens[1].lower() not in _PHRASAL_PARTICLES:
        pick = int(hashlib.sha256(api.id.encode()).hexdigest(), 16) % len(_GOAL_VERBS)
        tokens[0] = _GOAL_VERBS[pick]
    # "download File" → "download the file"; the tool's own words keep their capitals ("from Twitter Premium")
    return " ".join(agreeing_articles(with_article(sentence_case(tokens, keep=re.findall(r"\w+", api.tool)))))


def _what_it_does(clause: str, api: Api) -> str:
    """The clause, or what it says the caller can do ("… Endpoint allows you to get Y" → "get Y"), or the API
    name's clause when the sentence is about calling the API ("in order to use this endpoint you should …") or
    says what to send ("Enter talent id")."""
    enabled = _ENABLES.search(clause)
    if enabled and _base_verb(enabled.group(1).split()[0]) is not None:
        verb, _, rest = enabled.group(1).partition(" ")
        clause = f"{_base_verb(verb)} {rest}".strip()
    clause = _given(clause, api)
    head_words = _phrase_words(_PHRASE_START.split(clause, maxsplit=1)[0])
    if (_NOT_A_CLAUSE.match(clause) or clause.split(" ", 1)[0].lower() in _INPUT_VERBS
            or any(w in _DEV_WORDS - _PLAIN_DEV for w in head_words)):
        return name_clause(api)
    return clause


#: Verbs of what an API gives back in its own voice, and the words that name who it gives to.
_GIVING_VERBS = knowledge_words("documentation", "giving_verbs")
_GIVEN_NOUNS = knowledge_words("documentation", "given_nouns")
_COORDINATORS = knowledge_words("english", "coordinators")


def _given(clause: str, api: Api) -> str:
    """A clause in the API's voice as what the user gets: "provide the Spain Songs chart information" → "get the
    Spain Songs chart information", "give you information about hospital" → "get information about hospital",
    when the verb names its reader or its object's head is what an API gives (``documentation.given_nouns``);
    unchanged when the object names one of the API's inputs (a parameter's word read as the start of a longer
    one, ``lat`` of "latitude") or is no such thing ("give a url": what to send)."""
    verb, _, rest = clause.partition(" ")
    if verb.lower() not in _GIVING_VERBS:
        return clause
    tokens = rest.split()
    reader = bool(tokens) and tokens[0].lower() in _GIVEN_READERS
    if reader:
        tokens = tokens[2:] if len(tokens) > 1 and tokens[1].lower() == "with" else tokens[1:]
    said = _PHRASE_START.split(" ".join(tokens), maxsplit=1)[0]
    head = _phrase_words(said)
    params = {w for w in _param_words(api) if len(w) >= 3}
    if not head or not (reader or head[-1] in _GIVEN_NOUNS) or any(
            w.startswith(p) for w in head for p in params) or tokens[0].lower() in PREPOSITIONS \
            or _COORDINATORS & set(words(said)):
        return clause  # "give you about all cities data", "provide a text or url and get a summary": no object
    return " ".join(["get", *tokens])


def _user_words(clause: str, api: Api) -> list[str]:
    """The words of ``clause`` a user keeps (see :func:`goal_clause`), or [] when nothing but a verb is left."""
    clause = re.sub(r"\b(thousands|hundreds|millions|dozens|tons)\s+of\s+|\b(over|more than|up to)\s+\d[\d,+]*\s+",
                    "", clause, flags=re.I)
    clause = re.split(r"\s+[-–—]\s+|[;:]|\s+e\.g\b|\s+i\.e\b|\s+etc\b|\s['\"]", clause, maxsplit=1)[0].strip()
    before_comma = clause.split(",", 1)[0]
    if len(_phrase_words(before_comma)) >= 4:  # a verb and three words: "open, high, low, close prices" stays a list
        clause = before_comma
    params = _param_words(api)
    # "delete given webhook by its id": a marker right after the verb points at its object, it starts no phrase
    clause = re.sub(r"^(\S+)\s+(?:" + "|".join(_MARKERS) + r")\s+(?!(?:" + "|".join(_OBJECT_WORDS) + r")\b)(?=[a-z])",
                    r"\1 the ", clause, flags=re.I)
    head, *phrases = _PHRASE_START.split(clause)
    kept = [re.sub(r"\b(a|an|the)\s+(?:" + "|".join(_MARKERS) + r")\s+", r"\1 ", head, flags=re.I)]
    agent_cut = False
    for phrase in phrases:
        user = _user_phrase(phrase, params)
        if user is None:
            agent_cut = phrase.split(" ", 1)[0].lower() == "by"
            break  # what follows a developer's phrase qualifies it, not the user's goal
        kept.append(user)
    verb, _, rest = " ".join(kept).partition(" ")  # "list of all codes": the verb list stays, "of" goes
    particle, _, after = rest.partition(" ")
    if f"{verb} {particle}".lower() in _TWO_WORD_VERBS and after:  # "look up of games" ("lookup" said as two words)
        verb, rest = f"{verb} {particle}", after
    rest = re.sub(r"^of\s+(?:the\s+)?", "", rest, flags=re.I)
    out = verb + " " + re.sub(r"\b((an?|the)\s+)?((total|full|complete|whole)\s+)?(list|set|collection|array)\s+of\s+"
                              r"(the\s+)?", "", rest, flags=re.I)
    out = re.sub(r"\b(get|retrieve|fetch|obtain)\s+(all\s+)?(the\s+)?((detailed|full|basic|more|some)\s+)?"
                 r"(details|information|info|data)\s+(of|on|about|for)\s+", r"\1 ", out, flags=re.I)
    # "run a search and parses the output": a second verb agrees with the first
    out = re.sub(r"\b(and|or)\s+(?:also\s+)?([a-z]+s)\s+(\S+)",
                 lambda m: f"{m[1]} {_base_verb(m[2], m[3], lexicon=False) or m[2]} {m[3]}", out)
    names = {p.name for p in api.parameters}
    tokens = _unaddressed([readable(t) if "_" in t.strip("_") or t in names else t for t in out.split()])
    if agent_cut and len(tokens) > 2 and _led_by(tokens[-2], tokens[-1]):
        tokens.pop()  # "quotes delivered [by the given character]": the participle led into the phrase left out
    while len(tokens) > 1 and (tokens[-1].lower() in _DANGLING or tokens[-1].lower() in _DANGLING_PARTICIPLES) \
            and not re.fullmatch(r"[A-Z]", tokens[-1]):  # "from Serie A" ends in a name, not an article
        tokens.pop()
    if tokens[-1].lower() in _CLAUSE_VERBS and any(t.endswith(",") for t in tokens[:-1]):
        # "update password, user ID and old password must (be provided)": the clause after the comma is another
        tokens = tokens[:max(i for i, t in enumerate(tokens[:-1]) if t.endswith(",")) + 1]
        tokens[-1] = tokens[-1].rstrip(",")
    if not _phrase_words(" ".join(tokens[1:])) or any(w in _DEV_WORDS - _PLAIN_DEV for w in words(" ".join(tokens))):
        return []
    tokens[-1] = tokens[-1].rstrip(",")  # "validates user, and returns …"
    return tokens


def _led_by(before: str, word: str) -> bool:
    """Whether ``word`` is a past participle after a noun that led into a "by" phrase ("testimonials written by …",
    "the worklog identified by …"), not a predicate ("is registered by …"): written as a participle the lexicon
    knows (:func:`~tooldial.knowledge.english.past_participle_of`), right after a noun or a word the lexicon does not
    know ("worklog"); not after a verb form ("is", "been"), an adverb ("currently", "when") or a comma."""
    if not word.islower() or past_participle_of(word) is None or is_noun(word):
        return False  # ("a property list for rent by parameters": rent is a noun first)
    if not re.fullmatch(r"[\w'-]+", before) or before.lower().endswith("ly"):
        return False  # "all companies, or companies filtered", "pages, ordered", "languages currently supported"
    return is_noun(before) or not word_classes(before)


#: Words after "you" that make a clause addressed to the documentation's reader ("products you have made").
_READER_CLAUSE_VERBS = knowledge_words("english", "reader_clause_verbs")
_RELATIVE = knowledge_words("documentation", "relative_words")


#: The provider as the documentation's writer says it: "we" as a subject, "our" as a possessive.
_PROVIDER_SUBJECTS = knowledge_words("english", "provider_subjects")
_PROVIDER_POSSESSIVES = knowledge_words("english", "provider_possessives")


def _unaddressed(tokens: list[str]) -> list[str]:
    """``tokens`` up to a relative clause about the documentation's reader ("analytics of a short link you have
    generated" → "analytics of a short link"; "that you" goes too) or its writer ("currencies we support" →
    "currencies"): in a user's request "you" is the assistant and "we" no one. The writer's "our" is "the" ("in our
    database" → "in the database")."""
    tokens = ["the" if t in _PROVIDER_POSSESSIVES else t for t in tokens]
    for i in range(2, len(tokens) - 1):
        if (tokens[i].lower() == "you" and tokens[i + 1].lower() in _READER_CLAUSE_VERBS) or tokens[i] in _PROVIDER_SUBJECTS:
            if any(t.lower() in _SUBORDINATORS for t in tokens[:i]):
                return tokens  # "check if the device you can buy is locked", "places where you can buy": a clause
            kept = tokens[:i - 1] if tokens[i - 1].lower() in _RELATIVE else tokens[:i]
            if not is_noun(kept[-1].rstrip(",;:")):
                return tokens  # "get once you have …": no noun the clause is about
            kept[-1] = kept[-1].rstrip(",;:")
            return kept
    return tokens


#: Words a cut-off clause must not end with ("I was hoping to get the, …" is not English).
_DANGLING = knowledge_words("documentation", "dangling_words")
