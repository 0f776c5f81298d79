"""Free texts a user sends to an API that takes one and documents none, or only a stand-in ("Hello world"): a message
to send, a sentence to translate or to speak, a review to analyse, by what the API does with it (:func:`text_purpose`).
The texts are ours (``knowledge/phrases/en/texts.yaml``); an API whose words name no purpose draws none, as before."""

from __future__ import annotations

import random

from tooldial.corpus.models import Api
from tooldial.dialogue.mockdata.fields import name_tokens, said_name
from tooldial.dialogue.mockdata.files import _first_sentence
from tooldial.knowledge import loader

#: A word of an API's name, its tool's name or its first sentence -> what it does with a text (``media.text_purposes``).
_PURPOSES = loader.word_map("media", "text_purposes")
#: Texts by purpose (``phrases/en/texts.yaml``: ``user_texts``).
_USER_TEXTS = loader.phrase_banks("en", "texts")["user_texts"]


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
