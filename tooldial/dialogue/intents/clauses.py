"""What an API does, as a verb phrase a user could say (:func:`description_clause`), from the documentation
sentence that says what a call does (:func:`intent_source`) or from the API's name."""

from __future__ import annotations

import re
from http import HTTPMethod

from tooldial.corpus.models import Api
from tooldial.dialogue.intents.paths import (
    ENUMERATOR,
    HTTP_METHODS,
    METHOD_VERBS,
    Segment,
    path_segments,
    without_copy_number,
)
from tooldial.dialogue.intents.text import _word_costs, name_words, words
from tooldial.knowledge.english import (
    addresses_reader,
    indefinite_article,
    is_base_verb,
    singular,
    verb_base,
    verb_lemmas,
    word_classes,
)
from tooldial.knowledge.loader import ordered_words, word_map
from tooldial.knowledge.loader import words as knowledge_words

_VERB_MAP = word_map("actions", "verb_base_forms")


#: Verbs an API description may start with in their base form (``Download the file`` → ``download the file``).
_BASE_VERBS = knowledge_words("actions", "base_verbs")
#: Verbs that make a new record: the record a path names after one is "a …", not "the …" ("create a project").
_NEW_VERBS = knowledge_words("actions", "issue_new_verbs")
#: Verbs of a change: one glued into a name the word list cannot split ("editfutsal") says what a call does.
_SIDE_EFFECT_VERBS = knowledge_words("actions", "side_effect_verbs")
_COPULAS = knowledge_words("actions", "copulas")
_STATEMENT_COPULAS = knowledge_words("actions", "statement_copulas")
_ADJECTIVES = ordered_words("actions", "checked_states")
#: Words that open a phrase, not an adverb before the verb or an object ("For users", "If you have").
_DANGLING_STARTS = knowledge_words("documentation", "dangling_words") - knowledge_words("documentation",
                                                                                       "object_openers")
#: Verbs of a sentence about its subject ("The response contains ...", "Every driver has ..."); an API's own
#: returns / provides / gives / offers are what it does, not such a sentence.
_SENTENCE_VERBS = knowledge_words("documentation", "clause_verbs") - knowledge_words("documentation",
                                                                                    "api_action_verbs")
#: Nouns a description names the system by, words that open a relative clause, adverbs before a verb.
_SYSTEM_NOUNS = knowledge_words("documentation", "system_nouns")
_RELATIVE_WORDS = knowledge_words("documentation", "relative_words")
_ADVERBS = knowledge_words("documentation", "leading_adverbs")


#: Words that open a verb's object, and words that may stand before one without being a verb.
_OBJECT_OPENERS = knowledge_words("documentation", "object_openers")
#: Verbs of a plain lookup (``get``, ``retrieve``): a name of one alone names a record, not an action.
_PLAIN_GET_VERBS = knowledge_words("actions", "plain_get_verbs")
_NOT_VERBS = knowledge_words("documentation", "not_verbs") | knowledge_words("documentation", "dangling_words")


def _base_verb(word: str, following: str = "", *, lexicon: bool = True) -> str | None:
    """The base form of a description's first word when it is a verb (``downloads`` → ``download``).

    A word of :data:`_BASE_VERBS` (or its ``-s``, ``-es``, ``-ies``, ``-ing`` form) is a verb, and so is a word
    English uses only as a verb (:func:`~tooldial.knowledge.english.verb_base`) unless it says what the sentence's
    subject is (``contains``, :data:`_SENTENCE_VERBS`) or the pack names it no verb (``lexicon=False``: only the
    pack's verbs, for a tool's blurb). So is any other word
    that ``following`` shows to be one: a word before an object opener (``Simulate a campaign``, ``Multiplies
    all the numbers``) that is no function word or adverb; its ``-s`` ending is dropped."""
    low = word.lower()
    if low in _VERB_MAP:
        return _VERB_MAP[low]
    ing = low[:-3] if low.endswith("ing") else ""
    for stem in (low, low[:-1] if low.endswith("s") else "", low[:-2] if low.endswith("es") else "",
                 low[:-3] + "y" if low.endswith("ies") else "", ing, ing + "e" if ing else "",
                 ing[:-1] if len(ing) > 2 and ing[-1] == ing[-2] else ""):
        if stem and stem in _BASE_VERBS:
            return stem
    only = verb_base(low) if lexicon and not word.isupper() else None  # a word English uses only as a verb
    # ("Restore Distorted Image", "Performs analysis"); not an acronym ("SKEIN hashing") nor a short rare verb
    # ("Mars Test Chat": mar)
    if (only is not None and len(only) > 3 and not {low, only} & (_NOT_VERBS | _SENTENCE_VERBS)
            and only + "s" not in _SENTENCE_VERBS):
        return only
    if (following.lower() in _OBJECT_OPENERS and re.fullmatch(r"[a-z]{3,}", low) and low not in _NOT_VERBS
            and low not in _OBJECT_OPENERS and low not in _COPULAS and not low.endswith(("ly", "ing", "ed"))
            and low not in _SENTENCE_VERBS and low + "s" not in _SENTENCE_VERBS):  # "Contains the ratio": content
        if low.endswith("ies"):
            return low[:-3] + "y"
        if re.search(r"(ch|sh|ss|x|zz|o)es$", low):
            return low[:-2]
        return low[:-1] if low.endswith("s") and not low.endswith("ss") else low
    return None


#: Words after a verb that make a phrasal verb ("return back", "look up"; ``actions.phrasal_particles``).
_PARTICLES = knowledge_words("actions", "phrasal_particles")
#: Who an API's verb of giving names ("gives you", "shows users"; ``documentation.given_readers``; also read by
#: ``goals._given``).
_GIVEN_READERS = knowledge_words("documentation", "given_readers")


def _replaced(word: str, verb: str) -> bool:
    """Whether :data:`_VERB_MAP` said ``word`` as another verb (``returns`` → ``get``, ``shows`` → ``see``), whose
    particle it then does not take; ``fetches`` → ``fetch`` is the same verb."""
    low = word.lower()
    return low in _VERB_MAP and verb not in {low, *verb_lemmas(low)}


def _infinitive(word: str, description: str) -> bool:
    """Whether the documentation uses ``word`` as a verb after ``to`` (``Use this to paginate through ...``)."""
    low = word.lower()
    return (re.fullmatch(r"[a-z]{3,}", low) is not None and low not in _NOT_VERBS and low not in _OBJECT_OPENERS
            and re.search(r"\b[Tt]o\s+" + low + r"\s+(?!of\b|and\b|or\b)\w", description) is not None)


def _leads_verb(tokens: list[str]) -> int:
    """Where the verb of a description starts: 0, or 1 after an adverb (``Quickly get the ASN``), or after a
    short subject whose verb has ``-s`` and an object (``A combination of algorithms detects most phrases``:
    the position of ``detects``); -1 when there is none."""
    nxt = [*tokens[1:], ""]
    if _base_verb(tokens[0], nxt[0]) is not None:
        return 0
    first = tokens[0].lower()
    if len(tokens) > 1 and (first.endswith("ly") or first in _ADVERBS) and _base_verb(tokens[1], nxt[1]) is not None:
        return 1
    if first in _NOT_VERBS - _OBJECT_OPENERS:
        return -1  # "If you pass multiple values, ...": a condition, not a subject
    for i in range(1, min(len(tokens) - 1, 6)):
        low = tokens[i].lower()
        if re.search(r"[,;:()]", tokens[i - 1]) or low in _COPULAS | _SENTENCE_VERBS | _RELATIVE_WORDS \
                or (low in _DANGLING_STARTS and low != "of"):
            break  # "Technical scores are calculated multiple times a day": that sentence has its verb
        if low.endswith("s") and nxt[i].lower() in _OBJECT_OPENERS and _base_verb(tokens[i], nxt[i]) is not None \
                and (_base_verb(tokens[i]) is not None or not _SYSTEM_NOUNS & {t.lower() for t in tokens[:i]}):
            return i  # "Sensor service keeps the registry": what a service does all along, unless a known verb
    return -1


def _gerund_subject(rest: list[str], end: int) -> bool:
    """Whether a gerund's phrase is the subject of the verb at ``end`` ("Removing backgrounds from images is a
    common and tedious task"): the phrase is what the call does, the rest a statement about it. Not where a clause
    of its own holds the verb ("Checking if a URL is known") or a comma ends the phrase before it ("creating new
    Employee, the name field is required")."""
    between = rest[1:end]
    return (rest[end].lower() in _STATEMENT_COPULAS and not _SUBORDINATORS & {t.lower() for t in between}
            and not any(re.search(r"[,;:()]", t) for t in between))


def _question_clause(tokens: list[str]) -> str:
    """``is a book available in …`` → ``check whether a book is available in …``."""
    copula, rest = tokens[0].lower(), tokens[1:]
    if copula not in ("is", "are"):
        return "check whether " + " ".join(rest) if rest else "check that"
    at = next((i for i, w in enumerate(rest) if w.lower() in _ADJECTIVES), max(len(rest) - 1, 0))
    return "check whether " + " ".join([*rest[:at], copula, *rest[at:]])


def _useless(text: str) -> bool:
    """A description that says nothing a user could ask for (``b``, ``/scraper``, ``[Link to API reference]``,
    ``Registration Fee``); two words that are a verb and its object say it (``Extract tables``)."""
    low, tokens = text.lower(), text.split()
    return (len(tokens) < 2 or (len(tokens) == 2 and (
        _base_verb(*tokens) is None or "ADJ" in word_classes(tokens[1]) or not re.fullmatch(r"[A-Za-z][\w-]*", tokens[1])))
            or low[:1] in "[/<{" or "link to" in low or low.startswith(("default", "test"))
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

#: First words of a description that asks a question (``knowledge/packs/documentation.yaml``).
_QUESTION_WORDS = knowledge_words("documentation", "question_words")


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
    at = -1 if tokens[0].lower() in _COPULAS | _QUESTION_WORDS else _leads_verb(tokens)
    if tokens[0].lower() in _COPULAS:
        clause = _question_clause(tokens)
    elif tokens[0].lower() in _QUESTION_WORDS:
        clause = " ".join(["find out", tokens[0].lower(), *tokens[1:]])
    elif at >= 0:
        rest = _LEAD_IN.sub("", " ".join(tokens[at:])).split() if at else tokens[at:]
        after = [*rest[1:], ""]
        ends = [j for j, t in enumerate(rest[:7]) if j and (t.lower() in _SENTENCE_VERBS | _COPULAS or (
            t.lower().endswith("s") and _base_verb(t, after[j]) is not None))]
        if rest[0].lower().endswith("ing") and ends and len(rest) > 1 and (
                rest[1].lower() in _OBJECT_OPENERS or _gerund_subject(rest, ends[0])):
            rest = rest[:ends[0]]  # "Updating a comment requires a login": the gerund says what the call does
        if not rest or (at and _leads_verb(rest) != 0):
            return name_clause(api)
        verb = _base_verb(rest[0], (rest[1:] or [""])[0]) or rest[0].lower()
        if (len(rest) > 2 and rest[1].lower() in _PARTICLES and rest[2].lower() not in _DANGLING_STARTS
                and _replaced(rest[0], verb)):  # "will return back the top sales": back was return's, not get's
            rest = [rest[0], *rest[2:]]  # ("returns up to 40 models": up is to's)
        reader = rest[1].lower() if len(rest) > 2 else ""
        if _replaced(rest[0], verb) and (reader == "you" or reader in _GIVEN_READERS and (
                rest[2].lower() in _OBJECT_OPENERS)):  # not "Returns user timeline": user is the timeline's
            # "gives you detail information", "provides you with the news": the user gets it, nobody is given it
            rest = [rest[0], *rest[3 if rest[2].lower() == "with" and len(rest) > 3 else 2:]]
        clause = " ".join([verb, *rest[1:]])
    elif tokens[0].lower() in _DANGLING_STARTS:
        return name_clause(api)  # "get if you have a keystore ...", "get for validating an email"
    elif _infinitive(tokens[0], api.description or ""):
        clause = " ".join([tokens[0].lower(), *tokens[1:]])  # "Use this to paginate through ..."
    else:
        clause = " ".join(["get", *([tokens[0].lower()] + tokens[1:] if tokens[0][1:].islower() else tokens)])
    return re.sub(r"\s+([,;:])", r"\1", clause).rstrip(",;: ")[:200]


#: Words that lead into what a call does ("Use this API to", "is to", "provides a way for developers to").
_LEAD_IN = re.compile(r"^(?:" + "|".join(ordered_words("documentation", "action_lead_ins")) + r")\s+", re.I)
#: Subjects of a preamble before what the API does ("This endpoint returns ...", "The resource will ...").
_PREAMBLE = re.compile(r"^(this|the)\s+(" + "|".join(ordered_words("documentation", "preamble_subjects")) + r")\s+("
                       + "|".join(ordered_words("documentation", "preamble_verbs")) + r")?", re.I)
#: Sentences about the tool or a term, not about what a call does: "Koliseo is an event ticketing platform",
#: "This is a chat API", "With the Voter Card Verification API, you can now onboard with confidence".
_MARKETING_VERBS = knowledge_words("documentation", "marketing_verbs")
_BLURB = re.compile(r"^(this|that|it|there|here)\s+(is|are)\b|^(with|using|welcome|introducing|meet|our)\b", re.I)
_DEFINITION = re.compile(r"^[^,;:]{1,60}?\s(is|are)\s+(a|an|the|one|used|designed|meant|intended|how|what)\b",
                         re.I)
#: A passive sentence names what comes back first: "A list of best moves is returned when ..." → its subject.
_PASSIVE = re.compile(r"^(.{3,80}?)\s+(is|are)\s+(returned|provided|given|listed|shown|retrieved|fetched)\b", re.I)


def _sentences(text: str) -> list[str]:
    """The prose sentences of a description, in order (each line read as :func:`_plain` reads prose; a period glued to
    the next sentence's capital ends a sentence too)."""
    out: list[str] = []
    for line in (text or "").strip().splitlines()[:6]:
        # "… for a message.To update the flags, …": two sentences glued (not "Result.About", "GroupDocs.Classification")
        prose = re.sub(r"(?<![\w.])([a-z]{2,}[.!?])(?=[A-Z][a-z])", r"\1 ", _plain(line))
        out += [part.strip().rstrip(".!?").strip() for part in re.split(r"(?<=[.!?])\s", prose) if part.strip()]
    return out[:6]


#: Function words of other languages, and English ones (``documentation`` pack).
_FOREIGN = knowledge_words("documentation", "foreign_function_words")
_ENGLISH_FUNCTION = knowledge_words("documentation", "dangling_words") | knowledge_words("documentation",
                                                                                      "object_openers")


def _english(text: str) -> bool:
    """Latin letters, and not more function words of another language than of English (two at least)."""
    letters = re.findall(r"[^\W\d_]", text)
    if not letters or sum(c.isascii() for c in letters) < 0.9 * len(letters):
        return False
    tokens = [t.lower() for t in re.findall(r"[^\W\d_]+", text)]
    foreign = sum(t in _FOREIGN for t in tokens)
    return foreign < 2 or foreign <= sum(t in _ENGLISH_FUNCTION for t in tokens)


#: A sentence's subject and the words that lead from it into what a call does ("The Company API enables you to").
_SUBJECT_LEAD = re.compile(r"^(?:(?P<subject>[^,;:.]{2,80}?)\s+)?(?:" + "|".join(
    ordered_words("documentation", "subject_lead_ins")) + r")\s+(?P<rest>\S.*)$", re.I)


def _after_subject_lead(text: str) -> str:
    """What a sentence says a call lets its caller do, when its subject only names the API: "the "Get Airport
    Details By Code" API allows you to quickly retrieve …" → "quickly retrieve …" (was "get the "Get Airport …" API
    allows you to …" in a user's request). A subject with a verb or a relative clause of its own ("a QR Code that
    allows user to …") says more than a name, and is kept."""
    lead = _SUBJECT_LEAD.match(text)
    if lead is None:
        return text
    subject, rest = (lead.group("subject") or "").split(), lead.group("rest").split()
    if len(subject) > 12 or {w.lower() for w in subject} & _RELATIVE_WORDS or (
            len(subject) > 2 and _leads_verb(subject) == 0):  # "Triggers allow you to": a name, not a verb
        return text
    return lead.group("rest") if _leads_verb(rest) in (0, 1) and len(rest) > 1 else text  # not "… to register"


#: "To reset a user's password, send a POST request to …": the purpose a sentence opens with, up to a comma or
#: to where it turns to the instruction (``documentation.instruction_starts``).
_PURPOSE = re.compile(r"^to\s+(?P<purpose>\S.*?)(?:\s*[,;:]\s*|\s+(?:" + "|".join(
    ordered_words("documentation", "instruction_starts")) + r")\b|$)", re.I)


def _purpose(text: str, api: Api) -> str:
    """What a sentence that opens with its purpose ("To <verb> …") says the call is for, else the sentence: the
    instruction that follows is how to call the API, not what the user wants ("To list the constructor standings
    after a race, use this endpoint" → "list the constructor standings after a race"). A purpose whose object
    names only the call's inputs (words of its parameter names) says how to find an input ("To find your
    woeid, browse …"), not what the call is for."""
    found = _PURPOSE.match(text)
    if found is None:
        return text
    words = found.group("purpose").split()
    if _base_verb(words[0], (words[1:] or [""])[0]) is None:
        return text
    inputs = {w.lower() for p in api.parameters for w in [*name_words(p.name), *re.findall(r"[a-z0-9]+", p.name.lower())]}
    named = [w for w in re.findall(r"[a-z0-9]+", " ".join(words[1:]).lower()) if w not in _OBJECT_OPENERS]
    return text if named and all(w in inputs for w in named) else found.group("purpose")


#: Words that open a clause of its own ("check if …", "Once the endpoint receives …"; also read by ``goals``).
_SUBORDINATORS = knowledge_words("english", "subordinators")
#: Words a sentence names the API by when it is the sentence's subject ("This endpoint", "Latest Block Endpoint").
_SUBJECT_NOUNS = frozenset(ordered_words("documentation", "preamble_subjects"))
_PREAMBLE_VERB = re.compile(r"^(?:" + "|".join(ordered_words("documentation", "preamble_verbs")) + r")", re.I)
#: "With this endpoint, you can …": the API named as the means, before what its reader can do (not "With the Voter
#: Verification API, you can now onboard with confidence": a tool's blurb names the tool).
_MEANS_OPENERS = knowledge_words("documentation", "means_openers")
_MEANS = re.compile(r"^(?:" + "|".join(sorted(_MEANS_OPENERS)) + r")\s+this\s+"
                    r"(?:[^\s,;:.]+\s+){0,3}?(?:" + "|".join(re.escape(w) for w in _SUBJECT_NOUNS) + r")"
                    r"\s*,?\s+(?=you\b)", re.I)


#: Words that tie a subject naming the API to what it does: "REST Api to retrieve movies", "Service that updates".
_SUBJECT_LINKS = knowledge_words("documentation", "subject_links")


def _system_subject(text: str) -> str:
    """What a sentence whose subject names the API says the call does: "Latest Block Endpoint gives you detail
    information for …" → "gives you detail information for …", "This API request returns ratings of a fund" →
    "returns ratings of a fund", "Endpoint is used to get a reset code" → "get a reset code", "With this endpoint
    you can get …" → "you can get …", "REST Api to retrieve movies" and "Service that updates the profile" → the
    verb's phrase.

    The subject is at most five words ending in a word of ``documentation.preamble_subjects``, with no punctuation
    or relative word; what follows is a preamble verb before a verb, or a known verb with an ``-s`` and an object
    (not "Sensor service keeps the registry": a verb only its context makes one says what the service is). A
    sentence that opens with its own verb ("Lists the invoices of a customer") is unchanged unless a name in
    capitals leads ("Block Height Endpoint gives …"), and so is one that opens with a condition."""
    means = _MEANS.match(text)
    if means:
        return text[means.end():]
    tokens = text.split()
    if len(tokens) < 3 or tokens[0].lower() in _DANGLING_STARTS | _SUBORDINATORS | _MEANS_OPENERS:
        return text  # "Once the endpoint receives this information, …": a condition, not a subject
    verb_first = _leads_verb(tokens) == 0
    for i, token in enumerate(tokens[:6]):
        low = token.lower()
        if re.search(r"[,;:()\"]", token) or low in _RELATIVE_WORDS:
            break
        if low not in _SUBJECT_NOUNS and " ".join(tokens[max(i - 1, 0):i + 1]).lower() not in _SUBJECT_NOUNS:
            continue
        if verb_first and not (i >= 2 and all(t[:1].isupper() for t in tokens[:i])):
            return text
        rest = " ".join(tokens[i + 1:])
        linked = tokens[i + 1:i + 3]
        if (len(tokens) > i + 3 and linked[0].lower() in _SUBJECT_LINKS and linked[1].lower() not in _COPULAS
                and not {t.lower() for t in tokens[:i]} & _COPULAS and _base_verb(linked[1], tokens[i + 3]) is not None):
            return " ".join(tokens[i + 2:])  # "REST Api to retrieve …", "Service that update …"
        led = _PREAMBLE_VERB.match(rest)
        if led and led.end() and _leads_verb(rest[led.end():].split() or [""]) == 0:
            return rest[led.end():]
        verb, has_object = (tokens[i + 1:] + [""])[0], len(tokens) > i + 2
        if verb.lower().endswith("s") and verb.lower() not in _COPULAS and has_object and _base_verb(verb):
            return rest
    return text


#: Participles that open a condition before a sentence's subject ("Based on your keywords, this endpoint …").
_OPENING_PARTICIPLES = knowledge_words("documentation", "dangling_participles")
#: Words that point back at what a sentence's opener named ("Given a URL, returns the expanded one").
_BACK_REFERENCES = knowledge_words("english", "personal_pronouns") | knowledge_words("documentation", "back_references")


def _action_text(sentence: str, subject_lead: bool = True, purpose_of: Api | None = None) -> str:
    """The sentence with its preamble dropped, or "" when it does not say what a call does (a blurb, a
    definition, a fragment, another language). ``subject_lead``: read past a subject that names the API
    (:func:`_after_subject_lead`); not in a tool's blurb ("The Numerology API allows you to compute …" says what
    the tool does, not what its "attitude" endpoint does). ``purpose_of``: the API, given for the first sentence of
    its own description only, whose opening purpose (:func:`_purpose`) is the call's; a later one ("To minimize
    the load, use one image") is a tip."""
    text = re.sub(r"\s*\([^)]*\)", "", sentence).strip()
    text = _purpose(text, purpose_of) if purpose_of is not None else text
    text = _system_subject(text) if subject_lead else text
    text = _PREAMBLE.sub("", text)
    while (led := _LEAD_IN.sub("", text)) != text:  # "You can use this to also retrieve ..."
        text = led
    text = re.sub(r"\s*\([^)]*$", "", text)  # a parenthesis left open where the sentence was cut
    text = _after_subject_lead(text) if subject_lead else text
    opener = re.match(r"^[^,]{3,80},\s+(\w+)\s+(\S+)", text)
    if opener and text.split()[0].lower() in (_DANGLING_STARTS | _OPENING_PARTICIPLES) - _SUBORDINATORS:
        after = text[text.index(",") + 1:].strip()
        said = _PREAMBLE.sub("", _system_subject(after)) if subject_lead else after
        if _base_verb(opener.group(1), opener.group(2)):
            text = after  # "For a given country, get the list of regions"
        elif said != after and _leads_verb(said.split()) == 0 and not _BACK_REFERENCES & {
                w.lower() for w in re.findall(r"\w+", said)}:
            # "Based on your keywords, this endpoint will return …": what the API does follows (not "… returns the
            # expanded one", whose object is the opener's)
            text = said
    text = re.sub(r"^(this|it)\s+(is|will)\s+(an?|the)?\s*(simple\s+)?(method|endpoint|api|function|service)\s+"
                  r"(to|that|which|for)\s+", "", text, flags=re.I)
    if not text or _useless(text) or not _english(text):
        return ""
    first = text.split()[0].lower()
    verb_first = _leads_verb(text.split()) == 0
    passive = _PASSIVE.match(text)
    if passive and not verb_first:
        return passive.group(1)
    if _BLURB.match(text) or first in _MARKETING_VERBS:
        return ""
    if first not in _COPULAS and not verb_first and _DEFINITION.match(text):
        return ""
    return text


def intent_source(api: Api) -> str:
    """The documentation text an intent is built from: the first sentence of the API's description that says
    what a call does (a later one only when it starts with a verb and is not addressed to its reader: "Select
    what percentage you want" is a note on an input); with no description, a tool description sentence that
    starts with a verb the pack names (a tool's blurb describes the tool, not this endpoint, and one addressed
    to its reader, "Integrate WhatsApp into your apps", is marketing); "" when there is none
    (:func:`name_clause` then reads the name)."""
    for n, sentence in enumerate(_sentences(api.description)):
        text = _action_text(sentence, purpose_of=api if n == 0 else None)
        if len(text.split()) == 2 and text.lower().split() == name_words(api.name):
            text = ""  # "Convert Image" of "Convert Image": the name's reading gives it its article
        # a later sentence only when it starts with what a call does ("Use X to ..." notes and parameter lists
        # follow a blurb too)
        if text and (n == 0 or _base_verb(text.split()[0]) is not None and not addresses_reader(text)):
            return text
    if not (api.description or "").strip():
        for sentence in _sentences(api.tool_description):
            text = _action_text(sentence, subject_lead=False)
            if text and _base_verb(text.split()[0], lexicon=False) is not None and not addresses_reader(text):
                return text
    return ""


#: An HTTP method written at the end of an API's name as its method, not a word of it: in capitals ("Send Email -
#: POST", "Sentiment POST") or after an underscore, as generated operation ids end ("detect_gibberish_post",
#: "retro_meme__get"); not "Generate Blog Post" or "Get Post", where the word is the record.
_METHOD_SUFFIX = re.compile(rf"(?:_+(?:{HTTP_METHODS}|{HTTP_METHODS.lower()})|(?:\s*[-–(\[]\s*|\s+)(?:{HTTP_METHODS})"
                            r"[)\]]?)(?=(?:_\d+)?$)")
#: A generated operation id's end: its method in lower case after an underscore ("obama_image_obama__get").
_GENERATED_ID = re.compile(rf"_(?:{HTTP_METHODS.lower()})(?:_\d+)?$")


def _without_method(name: str) -> str:
    """``name`` without the HTTP method written at its end (:data:`_METHOD_SUFFIX`), unless nothing else is left;
    a generated operation id (a method after an underscore) without its path (:func:`_operation_function`)."""
    bare = _METHOD_SUFFIX.sub("", name).strip()
    if not bare:
        return name
    return _operation_function(bare) if _GENERATED_ID.search(name) else bare


def _operation_function(name: str) -> str:
    """The function's name of a generated operation id, which is the function's name, then its path, then the method
    ("obama_image_obama__get" of ``obama_image`` at ``/obama/``, "retro_meme_retromeme"): the words before the first
    point from where every later word is one of them, or two of them glued ("retromeme"). Unchanged where no such
    point is ("read_root"); a path of new words keeps them and loses only the repeats at its end
    ("get_seatrows_mrt__train_no__wagons__wagon_no__seatrows" → "get_seatrows_mrt_train_no_wagons_wagon")."""
    parts = [w for w in without_copy_number(name).split("_") if w]
    words = [w.lower() for w in parts]
    for k in range(1, len(words)):
        head = words[:k]
        known = set(head) | {a + b for a, b in zip(head, head[1:], strict=False)}
        if all(w in known for w in words[k:]):
            return "_".join(parts[:k])
    return name


def name_clause(api: Api) -> str:
    """A verb phrase from the API's name when its documentation has none: ``deleteacampaign`` → ``delete a
    campaign``; a REST path → what it does to which record (:func:`_path_clause`); a noun name → ``get the image
    caption from Image Caption Generator`` (a DELETE, PUT or PATCH one → ``delete the …``, ``update the …``; one that
    is the tool's own name → ``use the Photo retouching service``); a verb alone → ``use GoogleTranslate to
    translate``."""
    segments = path_segments(api.name)
    if segments is not None:
        said = _path_clause(segments, api.method)
        if said:
            return said
    name = _without_method(api.name.strip())
    name = re.sub(r"\{[^}]*\}|(?<=/):\w+", "", ENUMERATOR.sub("", name))  # path parameters name inputs, not what it
    # does; "E34." numbers an entry
    # an aside in parentheses is a gloss, a version or a method, not the call: "(Agent reviews)", "(Deprecated)"
    aside = re.sub(r"\s*\([^)]*\)", " ", name).strip()
    name = aside if name_words(aside) else name
    for segment in reversed(name.split("/")[1:] if "/" in name else []):
        said = name_words(segment)  # "/label/{projectId}/remove-labels": the segment with a verb says it
        if len(said) > 1 and _base_verb(said[0]) is not None:
            return _articles(" ".join([_base_verb(said[0]) or said[0], *said[1:]]))
    parts = name_words(name) if segments != [] else []  # a host alone ("https://www.upiqr.com") names no call
    if not parts:
        return f"use {api.tool}"
    verb = _name_verb(parts)
    if segments is not None and len(segments) > 1 and verb != parts[0]:
        verb = None  # a path's first segment is a record ("views/:id/assessments", "/booking/cancel"), unless
        # it is written as a verb ("/search/titles", "/list/bank_types")
    if verb is not None and len(parts) > 1:
        return _articles(" ".join([verb, *parts[1:]]))
    if verb is not None and verb not in _PLAIN_GET_VERBS and verb.upper() not in HTTPMethod.__members__:
        tool = re.split(r"\s+[-–—:|(]", api.tool)[0]  # "Checky - Verify Phone Number": Checky
        return f"use {tool} to {verb}"  # "Translate" of GoogleTranslate: not "get the translate from it"
    method_verb = METHOD_VERBS.get(api.method.upper(), "get")
    if method_verb != "get" and not _holds_a_verb(parts, method_verb):
        return _articles(f"{method_verb} the {' '.join(parts)}")  # PATCH "ProjectDescription": no lookup
    if words(" ".join(parts)) in (words(api.tool), words(api.tool.lower())):  # a glued tool name read as its
        # words ("AudioCloud") or as one ("myplayvv" of myPlayvv)
        return f"use the {api.tool} service"  # "Photo retouching" of Photo retouching: not "get the photo retouching from
        # Photo retouching"
    return f"get the {' '.join(parts)} from {api.tool}".strip()


def _name_verb(parts: list[str]) -> str | None:
    """The verb a name's words start with: as a description's first word (:func:`_base_verb`), or, before an
    article ("Change the name of a brand", "Copy a file"), a word the lexicon knows as a verb ("trans a ksi"
    is a glued word split), or a word English uses only as a verb that descriptions use as their subject's
    ("Enable Custom App Auth", "accept_sub_exhibition": a name is imperative), unless the pack names it no verb
    ("Google Images")."""
    verb = _base_verb(parts[0])
    if verb is not None or len(parts) < 2:
        return verb
    if parts[1] in ("a", "an", "the"):  # not "all" or "most": "Details all surveys", "market/most_actives"
        verb = _base_verb(parts[0], parts[1])
        return verb if verb is not None and (is_base_verb(verb) or verb_lemmas(parts[0])) else None
    only = verb_base(parts[0])  # at least four letters, as in _base_verb: "Mars Test Chat", "putReq", "/log/email"
    return only if only is not None and len(only) > 3 and parts[0] not in _NOT_VERBS else None


def _holds_a_verb(parts: list[str], method_verb: str) -> bool:
    """Whether a name's words hold a verb the reading missed, so the method's verb must not be put before them:
    the method itself ("PUT"), its verb ("Ethereum Mainnet Delete Payment Forwarding") or a change verb glued into a
    word the word list cannot split ("DeleteaContact" → "deletea", "editfutsal")."""
    return parts[0].upper() in HTTPMethod.__members__ or any(
        method_verb in w or (w not in _word_costs() and any(v in w for v in _SIDE_EFFECT_VERBS)) for w in parts)


def _articles(clause: str) -> str:
    """``a``/``an`` as the next word is said ("Updateaopportunity" → "update an opportunity", "Get a user's
    positions" stays)."""
    return re.sub(r"\b(an?) (\w+)", lambda m: f"{indefinite_article(m[2])} {m[2]}", clause)


def _path_clause(segments: list[Segment], method: str) -> str | None:
    """What a REST path asks for, from its segments and method (None when they do not say; the name is then read
    as words): an action segment after a record acts on it (``/courses/{id}/unarchive`` → "unarchive a course",
    ``/project/create`` → "create a project"); else the method acts on the last record, owned by the nearest
    one a parameter picks (``DELETE /assessments/:id/grading-systems`` → "delete the grading systems of an
    assessment", ``GET /cinemas/{id}/films`` → "get the films of a cinema"). A multi-word segment that starts
    with a verb is read by :func:`name_clause`; POST names no action of its own; a GET of one path without an
    owner ("/stories/{topic}") keeps the name's words (a trailing parameter filters as often as it picks)."""
    if not segments:
        return None
    *before, last = segments
    if before and _base_verb(before[0].words[0]) == before[0].words[0]:
        return None  # "/search/titles", "Rename/Moveafolder": the name starts with its verb
    verb = _action(last, before[-1] if before else None, method)
    if verb is not None:
        *before, last = before  # the record it acts on
        new = verb in _NEW_VERBS and not last.one
    else:
        if _base_verb(last.words[0]) is not None:
            return None  # "/label/{id}/remove-labels", "/calculate": the name says its verb
        verb = METHOD_VERBS.get(method.upper())
        new = False
    owner = next((i for i in range(len(before) - 1, -1, -1) if before[i].one), None)
    if verb is None or (verb == "get" and owner is None):
        return None
    if last.words[-1] in _NOT_VERBS or last.words[-1].endswith("ed"):
        return None  # "/assessments/:id/linked-to" names no record
    words = list(last.words) if last.one else [w for s in before[(owner if owner is not None else -1) + 1:]
                                                for w in s.words] + list(last.words)
    record = " ".join(words)
    said = f"{indefinite_article(record)} {singular(record)}" if last.one or new else f"the {record}"
    if owner is not None:
        whose = singular(" ".join(before[owner].words))
        said += f" of {indefinite_article(whose)} {whose}"
    return f"{verb} {said}"


def _action(segment: Segment, record: Segment | None, method: str) -> str | None:
    """The verb a path's last segment is, when it acts on the record before it: one word in its base form, either
    a verb the pack knows after a collection, a record a parameter picks or as a verb that makes one
    (``/entries/archive``, ``/courses/{id}/publish``, ``/project/create``), or any other verb but for a GET after
    a record a parameter picks (``/courses/{id}/unarchive``, ``/assessments/{id}/grade``). Not
    ``/product/reviews`` (a plural), ``/public/search`` or ``/user/post`` (a single thing no parameter picks),
    ``/orders/cart`` (a noun that English also uses as a verb, after a collection)."""
    if record is None or segment.one or len(segment.words) != 1:
        return None
    word = segment.words[0]
    if _base_verb(word) == word:
        head = record.words[-1]
        return word if record.one or singular(head) != head or word in _NEW_VERBS else None
    return word if record.one and method.upper() != "GET" and is_base_verb(word) else None
