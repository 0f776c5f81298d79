"""What the names of an API's inputs, outputs and records say: their kind, the thing an id names, the
record an output sits in, a schema copied over a tool's endpoints."""

from __future__ import annotations

import re
from typing import Any

from tooldial.corpus.models import Api, Corpus, OutputComponent
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import FieldName, field_kind
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

#: Words of a coordinate's name (lat, lng): the rest of the name says which point it is.
_LAT_LON = knowledge_words("geography", "latitude_names") | knowledge_words("geography", "longitude_names")

#: Words of a name that say nothing about which thing it identifies.
BARE_ID = knowledge_words("identifiers", "bare_id")
STOP = knowledge_words("documentation", "chain_stop_words")
#: Last words of an identifier's name that say how, not what, it identifies (``ticker_slug``, ``ticker_id``).
ID_SUFFIXES = BARE_ID | knowledge_words("identifiers", "how_suffixes")
#: Keys of a response that hold records without saying what they are.
CONTAINERS = knowledge_words("containers", "chain_container")


def api_text_words(api: Api, *, description: bool = True) -> set[str]:
    text = f"{api.tool} {api.name} {api.category}" + (f" {api.description}" if description else "")
    return set(readable(text).split())


def name_kind(name: str, type_: str | None = "string") -> str | None:
    return field_kind(FieldName(name, type_ or "string"))


def coordinate_of(name: str) -> tuple[str, str] | None:
    """(``latitude`` | ``longitude``, the point it belongs to) of a coordinate name: ``lat1`` → (latitude, 1)."""
    tokens = [t for t in re.split(r"[^a-z]+|(?<=[a-z])(?=\d)", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())
              if t]
    point = "".join(re.findall(r"\d+", name))
    rest = [t for t in tokens if t not in _LAT_LON]
    kind = name_kind(name) or name_kind(re.sub(r"\d+", "", name))
    if kind not in ("latitude", "longitude"):
        return None
    return kind, point + "_".join(rest)


def named_entity(name: str) -> set[str]:
    """The thing an identifier's name names, stemmed (``artist_ids``, ``tournamentid`` → ``tournament``; empty for
    a bare ``id``)."""
    words = set()
    for token in FieldName(name).tokens:
        stripped = re.sub(r"(ids?|uuids?)$", "", token) if len(token) > 5 else token
        if token not in ID_SUFFIXES | {"ids"} and stripped not in ID_SUFFIXES | {""}:
            words.add(stripped)
    return word_stems(words)


def input_entity_words(source: Api, param: Any) -> set[str]:
    """What an id input names: its name's words (``artist_ids``), else its description's ("Channel ID", "Id of the
    phone"), else the source's subject, the first thing of its name (``Get artists``, ``Retrieve a tournament``)."""
    words = named_entity(param.name)
    if words:
        return words
    text = (param.description or "").lower()
    said = re.findall(r"\b([a-z]+)\s+(?:id|ids|uuid|identifier)s?\b", text) + re.findall(
        r"\b(?:id|ids|identifier)s? of (?:the |a |an )?([a-z]+)", text)
    said = [w for w in said if w not in STOP and w not in ID_SUFFIXES]
    if said:
        return word_stems(set(said[:1]))
    return word_stems(set([w for w in readable(source.name).split() if w not in STOP][:1]))


def output_entity_words(source: Api, chain: OutputComponent) -> set[str]:
    """What a procured id names: its name's words (``channelId``), else its record (``artists|id``), else the
    source's subject."""
    words = named_entity(chain.name)
    if words:
        return words
    record = [w for w in readable(" ".join(chain.path[-2:-1])).split() if w not in CONTAINERS | STOP]
    return word_stems(set(record or readable(source.name).split()) - STOP)


def lookup_form(source: Api, target: Api) -> bool:
    """Whether the target's name is the source's for one record (``get_players`` → ``get_players_by_id``,
    ``AllStatesFuelPriceToday`` → ``StateFuelPriceToday``)."""
    words = word_stems(set(readable(target.name).split()) - STOP - {"by"})
    return bool(words) and words <= word_stems(set(readable(source.name).split()))


#: Endpoints of one tool documenting one response schema: from this many on, it is the tool's copied boilerplate,
#: not what each endpoint returns (OCW documents bank accounts under 47 endpoints).
COPIED_SCHEMA = 3


def schema_copies(corpus: Corpus, api: Api) -> int:
    """How many APIs of ``api``'s tool (itself included) document exactly its output paths (1 when it documents
    fewer than 3 fields and fewer than :data:`_COPIED_SHORT_SCHEMA` APIs share it: a short schema says too little
    to call it copied, unless most of a tool repeats it — reddio documents ``status``, ``data|asset_id`` under
    its nonce, wallet and marketplace endpoints alike)."""
    paths = frozenset(o.path for o in api.output_components)
    if not paths:
        return 1
    tool = next((t for t in corpus.tools if t.name == api.tool and t.category == api.category), None)
    if tool is None:
        return 1
    size = len(api.output_components)
    copies = sum(len(a.output_components) == size and frozenset(o.path for o in a.output_components) == paths
                 for a in tool.apis) or 1
    return copies if len(paths) >= 3 or copies >= _COPIED_SHORT_SCHEMA else 1


#: Endpoints of one tool documenting one short (1–2 field) response: from this many on, it is boilerplate too.
_COPIED_SHORT_SCHEMA = 5


def top_record(chain: OutputComponent) -> str:
    """The outermost named record above an output (``bankAccounts`` of ``data|bankAccounts|bankAccountId``,
    ``events`` of ``events|awayTeam|id``; "" for a top-level field or one under containers only)."""
    return next((k for k in chain.path[:-1] if k.lower() not in CONTAINERS), "")


def alike_record(api: Api, chain: OutputComponent) -> str:
    """The name of a sibling record of the same kind as the one holding ``chain`` (``homeTeam`` for
    ``events|awayTeam|id``, ``team_B`` for ``match|team_A|id``), "" when there is none."""
    if len(chain.path) < 2:
        return ""
    parent = chain.path[-2]
    own = word_stems(set(readable(parent).split()) - STOP)
    for other in api.output_components:
        path = other.path
        if len(path) != len(chain.path) or path[-1] != chain.path[-1] or path[:-2] != chain.path[:-2] or \
                path[-2] == parent:
            continue
        if own & word_stems(set(readable(path[-2]).split()) - STOP):
            return path[-2]
    return ""


def group_partners(edge: dict[str, Any]) -> set[str]:
    """Target inputs the edge procures together with its own (``group_sources``: ``param=output``)."""
    return {item.split("=", 1)[0] for item in str(edge.get("group_sources") or "").split(",") if "=" in item}


#: Words of a record (or a source) that is a place: its city, address or state describes where it is.
_PLACE_RECORDS = knowledge_words("places", "place_records")


def record_words_of(source: Api, chain: OutputComponent) -> str:
    return readable(" ".join(chain.path[:-1])) or readable(source.name)


def locates_place(source: Api, chain: OutputComponent) -> bool:
    """Whether ``source`` gives the place of something the user points at: it takes a position or an IP, or the
    record holding ``chain`` or the API's name (at the top level also its category) is about places."""
    if any(name_kind(p.name, p.type) in ("latitude", "longitude", "postal", "address") or coordinate_of(p.name)
           or FieldName(p.name).has("ip") for p in source.required_parameters):
        return True
    words = set(readable(" ".join((*chain.path[:-1], source.name))).split())
    if len(chain.path) == 1:
        words |= set(readable(source.category).split())
    return bool(words & _PLACE_RECORDS)


def word_stems(words: set[str]) -> set[str]:
    """The words in the singular (:func:`~tooldial.knowledge.english.singular`), so plural and singular names meet."""
    return {singular(w) for w in words}
