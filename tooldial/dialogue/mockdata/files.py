"""The files of a call: the format of the file a user sends to a file input, and the file an undocumented call
that converts or edits one makes (its link is what the user wanted: a Word-to-PDF conversion returns the PDF)."""

from __future__ import annotations

import random
import re

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.mockdata.fields import FieldName, field_kind, said_name
from tooldial.graph.entities import split_words
from tooldial.knowledge.loader import word_map
from tooldial.knowledge.loader import words as knowledge_words

#: A word of a file input or its API → the extension of the file sent (``media.file_formats``: word → docx).
_FILE_FORMATS = word_map("media", "file_formats")
#: Words after which a format named is what a call gives back (``to``, ``returns``) or what it is sent (``from``).
_OUTPUT_FORMAT_LEADS = knowledge_words("media", "output_format_leads")
_INPUT_FORMAT_LEADS = knowledge_words("media", "input_format_leads")
#: Words after which a format named is the one a call converts its file to (``media.conversion_leads``: to, into).
_CONVERSION_LEADS = knowledge_words("media", "conversion_leads")
#: Verbs of a call that edits the file it is sent and returns it in the same format (``media.file_edit_verbs``).
_EDIT_VERBS = knowledge_words("media", "file_edit_verbs")
#: The formats of a file a call makes and links to, by medium (``media.file_media``: png → image, pdf → file).
_MEDIA = word_map("media", "file_media")
#: Words of a call that converts what it is sent (``media.conversion_verbs``) and the content a call sent no file
#: converts ("URL to PDF", "text to speech": ``media.conversion_sources``, besides the file formats).
_CONVERSION_VERBS = knowledge_words("media", "conversion_verbs")
_SOURCES = knowledge_words("media", "conversion_sources")
#: Verbs of a call that makes a medium it is not sent (generate, render, capture) and the media they make, with the
#: made file's format (``media.generated_media``: qr → png, screenshot → png); "create" is not one (a REST create).
_GENERATION_VERBS = knowledge_words("media", "generation_verbs")
_GENERATED = word_map("media", "generated_media")
#: Words a generated medium may lie after its verb ("generates a star chart", "generate dynamic QR codes").
_GENERATION_REACH = 3
#: The media whose extension after a generation verb names what it makes ("png", not "zip" of "zip code").
_GENERATED_MEDIA = ("image", "audio", "video")
#: Words that name a medium, not its format (speech, picture, QR code): the format they give is a guess.
_MEDIUM_WORDS = knowledge_words("media", "medium_words")


def _first_sentence(api: Api) -> str:
    return re.split(r"(?<=[.!?])\s|\n", (api.description or "").strip(), maxsplit=1)[0]


def file_format(api: Api, name: str) -> str | None:
    """The extension of the file a user sends to input ``name`` (:data:`_FILE_FORMATS`): read in the input's name,
    its description, the API's name, then the first sentence of the API's description; in each, a format after
    "from" ("Renders PDF from HTML") is the one sent, else the first one before what the call gives back ("Word
    file to PDF" sends a .docx, "returns a JSON" sends none); None when none names one."""
    param = api.parameter(name)
    for text in (name, param.description if param is not None else "", said_name(api), _first_sentence(api)):
        words = split_words(text or "")  # an acronym apart from the word after it: PDFToWord → pdf, to, word
        after = [w for i, w in enumerate(words) if i and words[i - 1] in _INPUT_FORMAT_LEADS and w in _FILE_FORMATS]
        stop = next((i for i, w in enumerate(words) if w in _OUTPUT_FORMAT_LEADS), len(words))
        found = after[:1] or [w for w in words[:stop] if w in _FILE_FORMATS][:1]
        if found:
            return str(_FILE_FORMATS[found[0]])
    return None


def made_file(api: Api) -> tuple[OutputComponent, str] | None:
    """The link an undocumented call returns to the file it makes, or None. A call whose name or first sentence
    names the format it converts to ("Word file to PDF", "Convert URL to PDF", "text to speech") makes that format;
    one that requires a file and holds an edit verb (``media.file_edit_verbs``: resize, crop, watermark, filter)
    makes the format it is sent; one that generates a medium by name (``media.generation_verbs`` a few words before
    a ``media.generated_media`` word: "Generate dynamic QR Codes", "captures a screenshot") makes that medium's
    format. The link is named by its medium (``image_url``, ``video_url``, else ``file_url``); returned with the
    made file's extension."""
    files = [p for p in api.required_parameters if p.format == "binary"
             or field_kind(FieldName(p.name, p.type or "string")) == "file"]  # a binary ``image`` is sent as a file
    made = None
    texts = (split_words(said_name(api)), split_words(_first_sentence(api)))  # read once: every reading below uses them
    for words in texts:
        # sent no file, a call converts what it is sent when the words say so: "URL to PDF", "converts HTML into
        # a PDF"; not "Return to video list", "add number to VOICE blocklist", "Translate word to word"
        converts = bool(files or set(words) & _CONVERSION_VERBS)
        word = next((w for i, w in enumerate(words)
                     if i and words[i - 1] in _CONVERSION_LEADS and w in _FILE_FORMATS
                     and (converts or _converted_source(words[:i - 1], w))
                     and words[max(i - 2, 0):i] != ["such", "as"]), None)  # "such as doc" lists, converts nothing
        if word is not None:
            made = _as_named(str(_FILE_FORMATS[word]), word, texts)
            break
    # an edit gives back the picture it is sent, as a file or by its link ("Resize image" with ``image_url``)
    edited = files or [p for p in api.required_parameters if field_kind(FieldName(p.name, p.type or "string")) == "image"]
    if made is None and edited and set(texts[0] + texts[1]) & _EDIT_VERBS:
        made = file_format(api, edited[0].name)
    if made is None:
        made = _generated(texts[0], texts) or _generated(texts[1], texts)
    if made is None or made not in _MEDIA:  # JSON, HTML, text: content the body holds, not a file to fetch
        return None
    medium = str(_MEDIA[made])
    return OutputComponent(path=(f"{medium}_url",), type="string", format="uri",
                           description=f"link to the {made} file the call made"), made


def _converted_source(before: list[str], made: str) -> bool:
    """Whether the word before a conversion's "to" names content a call converts (``url`` of "URL to PDF", a file
    format, :data:`_SOURCES`) and is not the format it makes ("Translate word to word")."""
    return bool(before) and before[-1] != made and (before[-1] in _FILE_FORMATS or before[-1] in _SOURCES)


def _generated(words: list[str], texts: tuple[list[str], ...] = ()) -> str | None:
    """The format of the medium a generation verb makes in ``words`` ("generate green QR codes" → png): a
    :data:`_GENERATED` word or the extension of an image, audio or video (png, mp3) at most :data:`_GENERATION_REACH` words
    after a :data:`_GENERATION_VERBS` word; a medium's usual format gives way to one ``texts`` name
    (:func:`_as_named`)."""
    for i, word in enumerate(words):
        if word in _GENERATION_VERBS:  # the last such word is the head ("Generate Video Thumbnail": a thumbnail)
            # a medium ("QR codes") or a file format named by its extension ("generates word cloud png image")
            found = [w for w in words[i + 1:i + 1 + _GENERATION_REACH]
                     if w in _GENERATED or _MEDIA.get(w) in _GENERATED_MEDIA]
            if found:
                return _as_named(str(_GENERATED.get(found[-1], found[-1])), found[-1], texts)
    return None


def _as_named(made: str, word: str, texts: tuple[list[str], ...]) -> str:
    """The format of a made file read from ``word``: a medium's usual format (speech → wav) gives way to a format
    of the same medium the call's name or first sentence names by its extension ("MP3 Download Text to Speech"
    makes an .mp3); a format named by its extension stays."""
    medium = _MEDIA.get(made)
    if word not in _MEDIUM_WORDS or medium is None:  # "to JPEG", "PDF to Word": the format named is the one made
        return made
    # each word, and each word joined to the next: ``split_words`` reads "mp3" as "mp", "3"
    named = [form for words in texts for i, word in enumerate(words)
             for form in (word, word + "".join(words[i + 1:i + 2]))]
    return next((form for form in named if _MEDIA.get(form) == medium), made)


def file_link(extension: str, host: str, rng: random.Random) -> str:
    """A link to a file the call made, on ``host``: ``https://host/files/3f9a0c1b2d4e.pdf``."""
    return f"https://{host}/files/{rng.getrandbits(48):012x}.{extension}"
