"""What an undocumented call that creates a record returns: the new record's id beside its status.

Most ToolBench APIs document no response. For a read the mock world then has nothing to say, but a call that
creates a record (``createRecipeCard``, ``uploadImage``, ``Create an item``, RPC-style ``list.create`` and
``media.upload``) returns, in REST practice, the id of what it created — which the result ``{"status": "success"}``
alone lacks ("the compression task should return a taskId": blind review of session 16). The record is the one
the API's name creates (:func:`tooldial.corpus.implied_outputs.named_record`, knowledge pack ``records``), or
for a name of a record and then a creating verb (``media.upload``, ``OCR Create``) the words before the verb;
the id is named by its head noun (``contact_id`` for ``Add Single Birthday Contact``). Updates, deletes, sends
and subscriptions keep ``{"status": "success"}``; reads that document nothing stay as they are (what they return
is not known).
"""

from __future__ import annotations

from functools import lru_cache

from tooldial.corpus.implied_outputs import named_record
from tooldial.corpus.models import Api, OutputComponent
from tooldial.graph.entities import split_words
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular

_CREATE = loader.words("records", "create_verbs")
_FILLER = loader.words("records", "record_name_filler")
_FIND = loader.words("records", "finding_verbs")
#: Words of an API name that say what it does, not which record (``get`` in ``post_alert_get_or_update``).
_NOISE = loader.words("actions", "record_name_noise")
#: A verb -> the record it creates whatever it names (``book`` -> booking, ``send`` -> message).
_VERB_RECORDS = loader.word_map("actions", "created_records")


@lru_cache(maxsize=16384)  # read for every id field of an answer and of a validated result (speed only)
def created_record(name: str) -> tuple[str, ...] | None:
    """The words (singular) of the record an API's name says it creates, or None: ``createFolder`` → (folder,),
    ``media.upload`` → (media,), ``Book Hotel`` → (booking,), ``getFolder`` and ``addUserToWorkspace`` → None. A
    gloss in brackets names no record (``Create User (Sign Up)`` creates a user, not an "up") unless only the gloss
    says what the call does (``Playlist: Songs (Add)``)."""
    plain = name.split("(")[0]
    return (_created_record(plain) if plain.strip() else None) or (_created_record(name) if plain != name else None)


def _created_record(name: str) -> tuple[str, ...] | None:
    """:func:`created_record` of one reading of a name."""
    words = split_words(name)
    named = named_record(name)
    created = named[1] if named is not None and named[0] == "created" else None
    if created is not None or words and words[0] in _VERB_RECORDS:
        verb, record = words[0], created if created is not None else tuple(singular(w) for w in words[1:])
        # verbs and filler name no record: ``post_alert_get_or_update`` is about an alert, ``Book Details`` none
        record = tuple(w for w in record if w not in _NOISE and w not in _FILLER)
    elif 2 <= len(words) <= 3 and words[-1] in _CREATE | _VERB_RECORDS.keys() and not set(words[:-1]) & (
            _CREATE | _FIND):  # ``media.upload``, ``list.create``: the record's words come first, as they are
        verb, record = words[-1], tuple(singular(w) for w in words[:-1])
    else:
        return None
    record = tuple(w for w in record if len(w) > 1 and not w.isdigit())
    if record and verb in _VERB_RECORDS:  # ``Book Hotel`` creates a booking
        return (str(_VERB_RECORDS[verb]),)
    return record or None


def created_id_output(api: Api) -> OutputComponent | None:
    """The id output an undocumented creating call returns (``item_id``), or None when the name creates nothing
    or the call reads (:func:`_writes`)."""
    record = created_record(api.name)
    if not record or not _writes(api):  # ``Book Reviews`` that gets a book's reviews creates nothing
        return None
    return OutputComponent(path=(f"{record[-1]}_id",), type="string",
                           description=f"id of the {' '.join(record)} the call created")


def _writes(api: Api) -> bool:
    """Whether the call writes: a method other than GET, or a description that starts with a creating verb
    ("Creates a new message object", "Book a hotel room"); a GET described as a read ("Get reviews of a book")
    creates nothing whatever its name says."""
    if (api.method or "GET").upper() != "GET":
        return True
    first = (split_words(api.description)[:1] or [""])[0]
    return bool({first, singular(first)} & (_CREATE | _VERB_RECORDS.keys()))  # "Creates", "Uploads"
