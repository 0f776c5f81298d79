"""What a field's name says to the mock world: its words (:class:`FieldName`) and its kind (:data:`RULES`,
:func:`field_kind`), both from the one field taxonomy (:mod:`tooldial.knowledge.taxonomy`, re-exported here), and
the time and credential words of the mock world's own rules."""

from __future__ import annotations

import re

from tooldial.corpus.models import Api, Parameter
from tooldial.knowledge import loader
from tooldial.knowledge.taxonomy import _DAY_QUANTITY as _DAY_QUANTITY
from tooldial.knowledge.taxonomy import _FORMAT_WORDS as _FORMAT_WORDS
from tooldial.knowledge.taxonomy import _ID_LOOKALIKES as _ID_LOOKALIKES
from tooldial.knowledge.taxonomy import _ID_WORDS as _ID_WORDS
from tooldial.knowledge.taxonomy import _MEASURES as _MEASURES
from tooldial.knowledge.taxonomy import _NAMED_PARENTS as _NAMED_PARENTS
from tooldial.knowledge.taxonomy import _NOT_ID as _NOT_ID
from tooldial.knowledge.taxonomy import _NOT_STREET as _NOT_STREET
from tooldial.knowledge.taxonomy import _ORG as _ORG
from tooldial.knowledge.taxonomy import _PERSON as _PERSON
from tooldial.knowledge.taxonomy import _TABLE_WORDS as _TABLE_WORDS
from tooldial.knowledge.taxonomy import _WORK as _WORK
from tooldial.knowledge.taxonomy import RULES as RULES
from tooldial.knowledge.taxonomy import STANDING_WORDS as STANDING_WORDS
from tooldial.knowledge.taxonomy import FieldKind as FieldKind
from tooldial.knowledge.taxonomy import FieldName as FieldName
from tooldial.knowledge.taxonomy import _is_match_score as _is_match_score
from tooldial.knowledge.taxonomy import _is_standing as _is_standing
from tooldial.knowledge.taxonomy import _token_set as _token_set
from tooldial.knowledge.taxonomy import date_part_range as date_part_range
from tooldial.knowledge.taxonomy import field_kind as field_kind
from tooldial.knowledge.taxonomy import name_tokens as name_tokens

_PAST = loader.ordered_words("time", "past")
_BIRTH = loader.ordered_words("time", "birth")


_FUTURE = loader.ordered_words("time", "future")


#: A field named with one of these holds the dialogue's "today" (or a moment just before it).
NOW_WORDS = loader.ordered_words("time", "now")


#: Words of a list's path or API name that make its records a series: forward from today, back from today.
FORWARD_SERIES = loader.ordered_words("time", "forward_series")


BACKWARD_SERIES = loader.ordered_words("time", "backward_series")


_START = loader.ordered_words("time", "start")


_END = loader.ordered_words("time", "end")


#: Words of a tool's description that say its records live on a ledger (``markets.ledger_domains``).
_LEDGER_DOMAINS = loader.words("markets", "ledger_domains")


def api_words(api: Api) -> frozenset[str]:
    """Context words of an API for the rules: its name, tool, category and the start of its description, and the
    words of its tool's description that put it on a ledger (:data:`_LEDGER_DOMAINS`: an NFT marketplace's)."""
    text = " ".join((said_name(api), api.tool, api.category, " ".join((api.description or "").split()[:30])))
    return (frozenset(name_tokens(text)) | brand_words(text)
            | (frozenset(name_tokens(api.tool_description or "")) & _LEDGER_DOMAINS))


def brand_words(text: str) -> frozenset[str]:
    """Words written in mixed case whose parts :func:`name_tokens` splits, said whole as well ("YouTube" is
    "youtube" beside "you" and "tube", "LinkedIn" "linkedin"): the rules name such brands as one word."""
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z0-9]+", text)
                     if not w.islower() and not w.isupper() and len(name_tokens(w)) > 1)


#: The last word of a snake-case operation id (``…_edit_post``; not "create post", where it is a noun).
_LAST_NAME_WORD = re.compile(r"(?<=\w)_+([A-Za-z]+)$")


def said_name(api: Api) -> str:
    """The API's name less a last word that only repeats its HTTP method (FastAPI's operation ids:
    ``Edit_voice_v1_voices__voice_id__edit_post`` of a POST): that "post" is no blog post, that "get" no verb."""
    last = _LAST_NAME_WORD.search(api.name)
    if last is not None and " " not in api.name and last.group(1).upper() == api.method:
        return api.name[:last.start()]
    return api.name


_CREDENTIAL_WORDS = loader.words("credentials", "credential")


#: Words of a token that is not a credential (a page token, a search keyword).
_NOT_CREDENTIAL = loader.words("credentials", "not_credential")
#: Endings of a whole name that make it a credential (``client_secret``); words that make a ``key`` none.
_CREDENTIAL_ENDINGS = loader.ordered_words("credentials", "credential_endings")
_NOT_CREDENTIAL_KEY = loader.words("credentials", "not_credential_key")


def is_credential(param: Parameter) -> bool:
    """An API key, token, session id, secret or password: what the system (or the account) holds, never a
    value a user says in a dialogue."""
    if (param.format or "").lower() in ("credentials", "password"):
        return True
    toks = set(name_tokens(param.name))
    joined = "".join(name_tokens(param.name))
    if toks & _NOT_CREDENTIAL or joined in _NOT_CREDENTIAL:
        return False
    if toks & _CREDENTIAL_WORDS or joined in _CREDENTIAL_WORDS or joined.endswith(_CREDENTIAL_ENDINGS):
        return True
    if "key" in toks or joined.endswith("key"):  # key, api_key, user_key, application_key, x-rapidapi-key
        return not toks & _NOT_CREDENTIAL_KEY
    return False
