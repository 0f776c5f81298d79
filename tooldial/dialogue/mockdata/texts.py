"""Free texts a user sends to an API that takes one and documents none, or only a stand-in ("Hello world"): a message
to send, a sentence to translate or to speak, a review to analyse, by what the API does with it (:func:`text_purpose`);
and the text of a record people write in a result (a review's, a comment's, a post's: :func:`record_text`). The texts
are ours (``knowledge/phrases/en/texts.yaml``); an API whose words name no purpose draws none, as before."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tooldial.corpus.models import Api
from tooldial.dialogue.mockdata.fields import FieldName, name_tokens, said_name
from tooldial.dialogue.mockdata.files import _first_sentence
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.world import RecordContext

#: A word of an API's name, its tool's name or its first sentence -> what it does with a text (``media.text_purposes``).
_PURPOSES = loader.word_map("media", "text_purposes")
#: Texts by purpose (``phrases/en/texts.yaml``: ``user_texts``).
_USER_TEXTS = loader.phrase_banks("en", "texts")["user_texts"]
#: A record noun -> the bank its text is drawn from (``media.record_texts``); the last words of such a text field.
_RECORD_TEXTS = loader.word_map("media", "record_texts")
_TEXT_FIELDS = loader.words("media", "record_text_fields")
#: A kind of review -> the API's words that make its reviews of that kind (``media.review_kinds``), in order; a
#: tone (good, bad) -> the words of a name or a key that ask for it (``media.review_tones``).
_REVIEW_KINDS = loader.word_map("media", "review_kinds")
_REVIEW_TONES = loader.word_map("media", "review_tones")


def text_purpose(api: Api) -> str | None:
    """What the API does with a free text it is sent (``message``, ``translate``, ``speech``, ``review``): the first
    purpose word of its own name, else of its tool's name, else of its description's first sentence; None when none
    says."""
    for text in (said_name(api), api.tool, _first_sentence(api)):
        found = next((str(_PURPOSES[w]) for w in name_tokens(text or "") if w in _PURPOSES), None)
        if found is not None:
            return found
    return None


def user_text(api: Api, rng: random.Random) -> str | None:
    """A text for the API to work on, of its purpose (one draw from ``rng``); None when its purpose is unknown."""
    purpose = text_purpose(api)
    return None if purpose is None else str(rng.choice(_USER_TEXTS[purpose]))


def record_text(f: FieldName, ctx: RecordContext) -> str | None:
    """The text of a record people write (a review's ``text``, a comment's ``content``, a tweet's), drawn from our
    texts of its kind (``media.record_texts``) and not yet used in the dialogue: a video's comments held only user
    names and reply counts (review 5251). The record is the field's nearest record noun; a ``message`` only under a
    key that names it. None for any other free text, left out as before."""
    if not f.tokens or f.tokens[-1] not in _TEXT_FIELDS or not f.record or f.record[0] not in _RECORD_TEXTS:
        return None
    if any(t not in _TEXT_FIELDS and singular(t) != f.record[0] for t in f.tokens):
        return None  # ``countText`` renders a count, ``author_comment`` is no comment's own text
    above = FieldName(f.parent).tokens
    if f.tokens[-1] == "message" and not (above and singular(above[-1]) == f.record[0]):
        return None  # a result's own message says how the call went
    world = ctx.world
    kind = str(_RECORD_TEXTS[f.record[0]])
    tones = tuple(str(t) for t in _REVIEW_TONES)
    if all(f"{kind}_{t}" in _USER_TEXTS for t in tones):  # banks by tone (reviews): a product's review speaks of
        # the product, a stay's of the stay; a critical one is bad
        kind = next((str(k) for k, words in _REVIEW_KINDS.items() if f.context & set(words)), kind)
        tone = next((t for t, words in _REVIEW_TONES.items() if f.title & set(words)), None)
        kind = f"{kind}_{tone or world.rng.choice(tones)}"
    bank = [str(t) for t in _USER_TEXTS[kind]]
    text = str(world.rng.choice([t for t in bank if t not in world.texts] or bank))
    world.texts.add(text)
    return text
