"""Whether calling an API changes something (by its HTTP method, its description's first verb or its name)."""

from __future__ import annotations

import re

from tooldial.corpus.models import Api
from tooldial.dialogue.intents.clauses import description_clause
from tooldial.dialogue.intents.text import readable
from tooldial.dialogue.mockdata.fields import FieldName, field_kind
from tooldial.knowledge.english import is_base_verb, verb_base
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.knowledge.taxonomy import name_tokens


def side_effects(api: Api) -> bool:
    """Whether calling the API changes something (by its HTTP method or its description's first verb)."""
    if (api.method or "GET").upper() in ("PUT", "DELETE", "PATCH"):
        return True
    clause = description_clause(api)
    verb = clause.split(" ", 1)[0].lower()
    # "api/BillerAuthorizer/CreatePaymentTransaction": a path-like name's last segment names the operation too
    name_verbs = {(readable(name).split() or [""])[0] for name in (api.name, api.name.rstrip("/").rsplit("/", 1)[-1])}
    if bool(name_verbs & _NAME_VERBS):
        return True
    return verb in _SIDE_EFFECT_VERBS and not describes_its_input(api, clause)


def made_for_its_output(api: Api) -> bool:
    """Whether the call is made for what it returns: a lookup, or a call whose name says it sends something and
    gets a result back ("Send image and get result", "Upload Image And Return URL"; ``actions.product_phrases``).
    Such a call that documents no output has no answer to show."""
    if not side_effects(api):
        return True
    name = f" {readable(api.name).lower()} "
    return any(f" {phrase} " in name for phrase in _PRODUCT_PHRASES)


def answered_by_status(api: Api) -> bool:
    """Whether "the request went through" is the whole answer of a call that changes something: it acts on a record
    the request names by its id (update pet 12, cancel broadcast 7, like tweet 99), or its first verb is one whose
    call only reports that it was done (``actions.status_answer_verbs``: send, update, delete, cancel, set, …). The
    name's verb decides before the description's ("/recognize_url", "Send an image url with the license plate":
    a plate is recognized). An undocumented call that is neither made something no documentation shows ("add num1
    and num2", "create a QR code", "creates an oil painting effect")."""
    if any(field_kind(FieldName(p.name, p.type or "string")) == "id" for p in api.required_parameters):
        return True
    for text in (api.name.rstrip("/").rsplit("/", 1)[-1], api.name, description_clause(api)):
        first = (readable(text).split() or [""])[0].lower()
        if first in _STATUS_VERBS:
            return True
        if is_base_verb(first) or verb_base(first):  # another verb decides: "add", "create", "recognize"
            return False
    return False


def describes_its_input(api: Api, clause: str) -> bool:
    """Whether a GET API's description tells the caller what to send rather than what the call changes: "Send IP
    address" (input ``ip``), "insert platform, eg: pc" (``platform``), "send a request with a URL and get a QR
    code". The first three words after the verb name one of its inputs or the request itself
    (``actions.request_nouns``) and no thing whose sending is a change (``actions.sent_things``: "send a
    message", "submit the answer"); nothing later says where it goes or what it changes ("into the group", "to
    cancel the booking")."""
    if (api.method or "").upper() != "GET" or clause.split(" ", 1)[0].lower() not in _INPUT_VERBS:
        return False
    later = re.findall(r"[a-z0-9]+", clause.lower())[1:]
    if "into" in later or set(later) & _SIDE_EFFECT_VERBS:  # "insert user into the group", "… to cancel the booking"
        return False
    words = [w for w in later if w not in _INPUT_FILLERS][:3]
    if not words or set(words) & _SENT_THINGS:
        return False
    inputs = {t for p in (*api.required_parameters, *api.optional_parameters)
              for t in (*name_tokens(p.name), p.name.lower())}
    return bool(set(words) & (inputs | _REQUEST_NOUNS))


#: A source that issues a new resource on each call ("Obtain a new residential proxy", "Generate a new wallet").
MAKES_NEW = re.compile(r"\b(" + "|".join(ordered_words("actions", "issue_new_verbs")) + r")s?\s+(a\s+|an\s+)?new\b", re.I)
#: First verbs of descriptions of APIs that change something (a call is not a lookup a user would make to
#: learn a value).
_SIDE_EFFECT_VERBS = knowledge_words("actions", "side_effect_verbs")


#: First verbs of a GET description that tell the caller what to send, and what they may send without a change.
_INPUT_VERBS = knowledge_words("actions", "input_verbs")
_REQUEST_NOUNS = knowledge_words("actions", "request_nouns")
_INPUT_FILLERS = knowledge_words("actions", "input_verb_fillers")
_SENT_THINGS = knowledge_words("actions", "sent_things")


#: First words of API names that are verbs of a change, never nouns ("Order Details", "Post Comments" are lookups).
_NAME_VERBS = knowledge_words("actions", "name_change_verbs")
#: Words of a name that say a call that changes something is made for what it returns.
_PRODUCT_PHRASES = knowledge_words("actions", "product_phrases")
#: Verbs of a call whose whole answer is that it was done (``actions.status_answer_verbs``).
_STATUS_VERBS = knowledge_words("actions", "status_answer_verbs")
