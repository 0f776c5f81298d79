"""Echoes: an output that only repeats what the caller sent (a request echo, a field named as an input in the
request's own record, the point a reverse geocoder was given, the owner of one person's records), and fields
that say how an answer was made. What the caller sent is the caller's own value, never a new one to chain."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tooldial.graph.entities import INPUT_QUALIFIERS, Entity, split_words
from tooldial.graph.record_types import (
    _API_NAME_NOISE,
    _CONTAINERS,
    BARE_IDS,
    _names_created_record,
    api_subject_words,
    record_type,
)
from tooldial.graph.value_kinds import _STANDARD_BY_WORD, classify, classify_name_kind, is_coordinate
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import words as knowledge_words

#: Response containers that repeat the request an API answers (``input|geo|lat``, SerpApi's
#: ``search_parameters|q``): what lies under them is the caller's own value.
ECHO_CONTAINERS = knowledge_words("containers", "echo")


ECHO_REASON = "the output echoes the source's own input"


#: Response records that describe how the answer was made (``result|metadata|steps`` of an image generation).
SETTINGS_CONTAINERS = knowledge_words("containers", "settings")


def is_setting_of_answer(output: Entity) -> bool:
    """A field of a record that says how the answer was made (``result|metadata|cfg``, ``settings|steps``), not what
    was found: no call takes it as its input (labelling guide: copying a generation's settings into another has no
    goal). Identifiers there (a job id) still are the answer's."""
    parents = [p.removesuffix("[]").lower() for p in output.key.split("|")[:-1]]
    return any(p in SETTINGS_CONTAINERS for p in parents) and classify(output).kind != "identifier"


#: Leaf names that say nothing on their own (``id``, ``code``, ``name``): a nested one repeats the caller's input only
#: inside the request's own record (``videoInfo|id`` of ``Get Video Info``), not inside another record
#: (``continent|code`` of a country lookup, ``customer|id`` of an order).
_BARE_LEAVES = BARE_IDS | knowledge_words("records", "bare_leaves")


def _by_words(api_id: str) -> list[str]:
    """The words of an API name after ``by`` (``Airport Details by Use, Country, Type, and City`` → use, country,
    type, and, city): what the records it returns are filtered by."""
    words = split_words(api_id.rsplit("|", 1)[-1])
    return words[words.index("by", 1) + 1:] if "by" in words[1:] else []


#: Last words that spell "id" in a qualified name (``product_uuid`` repeats ``productId``).
_ID_SPELLINGS = knowledge_words("identifiers", "id_spellings")
#: Last words of an input that sends several keys (``site_Ids``): a list of its records is those very records.
_ID_LIST_ENDINGS = knowledge_words("identifiers", "id_list_endings")


def _echo_norm(name: str) -> str:
    words = [singular(w) for w in split_words(name)]
    if len(words) >= 2 and words[-1] in _ID_SPELLINGS:
        words[-1] = "id"
    return "".join(words)


#: Verbs of an API name that write a record (``addPet``, ``createUser``, ``buyMuseumTickets``).
_CREATE_VERBS = knowledge_words("records", "create_verbs")


def creates_record(api_name: str, method: str) -> bool:
    """Whether an endpoint writes a new record (a POST/PUT whose name starts with a create verb): the keys of the
    record it returns are the new record's, for later calls, even when the caller wrote them."""
    words = split_words(api_name)
    return method.upper() in ("POST", "PUT") and bool(words) and words[0] in _CREATE_VERBS


#: Kinds whose values a documented default shows unambiguously (pycountry / syntax checks).
VALUE_CHECKED_KINDS = knowledge_words("standards", "value_checked")


#: Words of a request input that sends a point (``latlng``, ``coordinates``, a route's ``stops`` / ``origin``).
_POINT_INPUT_WORDS = knowledge_words("geography", "point_inputs")


#: A documented value that is a point (``40.6905176,-73.9899802``; several separated by ``;``).
_POINT_VALUE = re.compile(r"-?\d{1,3}\.\d+\s*,\s*-?\d{1,3}\.\d+")


#: Record words of a route's ends: the points the caller sent (``legs|start_point``, ``end_location``).
_ROUTE_ENDS = knowledge_words("geography", "route_ends")
#: Record words of a position: with a route end, the record holds a point the caller sent.
_POSITION_RECORDS = knowledge_words("geography", "position_records")


def echoed_point(output: Entity, sent_values: dict[str, str]) -> str | None:
    """A coordinate that repeats a point the caller sent (labelling guide, echo line; v4, v6, v7 and v10 labels):
    a reverse geocoder (an API named ``reverse``) answers with the address *at* the point it was given, and a
    route's legs start and end at the stops it was given (``route|legs|start_point|lat``). The source must take a
    point (a required input named for one, or whose documented value is a ``lat,lng`` pair). Returns the input,
    else ``None``. A search around a point (nearby places) returns other places' coordinates and is kept."""
    if not is_coordinate(classify(output)):
        return None
    sent = [n for n, v in sent_values.items()
            if set(split_words(n)) & _POINT_INPUT_WORDS or _POINT_VALUE.search(v or "")]
    if not sent:
        return None
    if "reverse" in split_words(output.api_id.rsplit("|", 1)[-1]):
        return sent[0]
    parents = {w for p in output.key.split("|")[:-1] for w in split_words(p)}
    return sent[0] if parents & _ROUTE_ENDS and parents & _POSITION_RECORDS \
        else None


#: Words of a required input that names one person (``username``, ``user_id``, ``handle``).
_PERSON_INPUT = knowledge_words("accounts", "person_inputs")


#: Parent records that say whose the listed records are (``board|owner``, ``pinner``, a post's ``poster``).
_OWNER_RECORDS = knowledge_words("accounts", "owner_records")


#: API name words of records of *other* people around one person (likes, feeds, followers, mentions).
_OTHERS_WORDS = knowledge_words("accounts", "others_records")


def echoed_owner(output: Entity, required: Iterable[str]) -> str | None:
    """The owner of the records an API lists for one person is that person (labelling guide, echo line; v4 and v10
    labels): ``Get User Pins(username)``' ``board|owner|username`` and ``pinner|username`` name the user the caller
    asked about. The source takes one person (a required input named for one), the field sits under an owner
    record (:data:`_OWNER_RECORDS`; a pin's ``native_creator`` is someone else), and the API is not about other
    people's records (likes, feeds, followers). Returns the input, else ``None``."""
    people = [n for n in required if set(split_words(n)) & _PERSON_INPUT or _echo_norm(n) in _PERSON_INPUT]
    if not people or set(split_words(output.api_id.rsplit("|", 1)[-1])) & _OTHERS_WORDS:
        return None
    parents = {w for p in output.key.split("|")[:-1] for w in split_words(p)}
    return people[0] if parents & _OWNER_RECORDS and classify(output).kind in ("identifier", "generic") else None


def _strictly_of_kind(value: str, kind: str | None) -> bool:
    """Whether a documented value is, by pycountry, a country's code or name (``GB``, ``France``) or an ISO 4217 code
    (``EUR``): letters only, known to the registry; or a host name (``wsgr.com``: labels and a top-level domain,
    no scheme, no path)."""
    import pycountry

    v = (value or "").strip()
    if kind == "domain":
        return re.fullmatch(r"(?i)(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}", v) is not None
    if not v.replace(" ", "").isalpha():
        return False
    try:
        if kind == "country":
            pycountry.countries.lookup(v)
            return True
        if kind == "currency":
            return len(v) == 3 and pycountry.currencies.get(alpha_3=v.upper()) is not None
    except LookupError:
        return False
    return False

#: Parent words that name a record of another thing (``related|domain_name``, ``similar|tax_id``).
_RELATED_RECORDS = knowledge_words("records", "related_records")
#: Last words of a key input that names a thing (``chapterId``): an output named as the rest repeats it.
_KEY_TAIL = knowledge_words("identifiers", "key_tail")


def _names_key_record(parent: str, key: str) -> bool:
    """``company`` is the record ``company_id`` keys (the key's words but its last, singular)."""
    words = [singular(w) for w in split_words(key)]
    return len(words) >= 2 and [singular(w) for w in split_words(parent)] == words[:-1]


def _qualified_by_record(parents: list[str]) -> bool:
    """Whether a parent names a record of another thing (``related|domain_name``, ``similar|tax_id``): its field is
    that record's, not the caller's value."""
    return any(set(split_words(p)) & _RELATED_RECORDS for p in parents)


def _sent_names(output: Entity, required: list[str], optional: list[str], defaulted: set[str]) -> dict[str, str]:
    """Normalised names an output may carry when it repeats an input, each mapped to the input it repeats."""
    names: dict[str, str] = {}
    for n in required:
        names.setdefault(_echo_norm(n), n)
        words = split_words(n)
        if len(words) >= 2 and words[0] in INPUT_QUALIFIERS:  # ``toScript`` sends a ``script``
            names.setdefault(_echo_norm(" ".join(words[1:])), n)
    if classify(output).kind != "identifier":
        for n in required:  # ``chapter`` repeats ``chapterId`` ("Chapter number"): the thing the key names
            words = split_words(n)
            if len(words) >= 2 and words[-1] in _KEY_TAIL:
                names.setdefault(_echo_norm(" ".join(words[:-1])), n)
    for n in optional:
        if not output.is_list or n in defaulted:
            names.setdefault(_echo_norm(n), n)
    return names


def echoed_input(output: Entity, required: Iterable[str], optional: Iterable[str] = (), *,
                 defaulted: Iterable[str] = (), creates: bool = False,
                 sent_values: dict[str, str] | None = None) -> str | None:
    """The input of the output's own API that the output only repeats, else ``None`` (labelling guide, echo line:
    what the caller sent to A is the caller's own value, a record's key included).

    - a leaf under a request-echo container (``input|geo|lat``, ``parameters|longitude``);
    - a field named as an input (case, snake/camel and plural aside), inside the request's *own record*: every
      parent is a mere container (``data``), a record named as an input (``email|email`` of an e-mail check,
      ``coordinates|latitude`` of a reverse geocoding that takes ``coordinates``) or, in a single record, the
      record the API's name is about (``videoInfo|id`` of ``Get Video Info``; a list of them is what was found);
      a record's key counts (``internationalNumber``, a ticker);
    - a bare id of the request's own record when an input is that record's id (``data|id`` of ``getPortfolioInfo``,
      input ``portfolioId``);
    - in a single record (not a list), a nested field named as a required input that is no bare leaf
      (``source|postleitzahl``): a qualified name says which value it is wherever it sits;
    - a coordinate inside a record named as a coordinate input (``coordinates|latitude`` ← ``coordinates``);
    - a value named as what a required key input names (``chapter`` of ``Get Chapter(bookId, chapterId)``), an
      input without its direction word (``toScript``), a record name and leaf that spell an input (``A|postcode``
      ← ``postcodeA``), or, in the own record, a country/currency when a required input that names no kind shows a
      default of that kind (``Cities in the Country(code='GB')``' ``country_code``).

    A record's key returned by a call that creates the record (``creates``: ``addPet``'s ``id``, ``createUser``'s
    ``username``) is the new record's, not an echo; its other fields are (a sign-up's e-mail), keys of other
    records the caller sent included (``placeOrder``'s ``customerId``).

    Which inputs count: the required ones; an optional one in a single record (the caller may have sent it); in a
    list, an optional filter only when its documentation shows a default (``countryCode``, default ``be``: the
    documented call sends it, every record repeats it); an undocumented optional filter's records vary."""
    required, optional, defaulted = list(required), list(optional), set(defaulted)
    sent_values = sent_values or {}
    if not required and not optional:
        return None
    path = [p.removesuffix("[]") for p in output.key.split("|")]
    low = [p.lower() for p in path]
    if any(p in ECHO_CONTAINERS for p in low[:-1]):
        return "request echo " + "|".join(low[:-1])
    leaf = _echo_norm(output.raw or path[-1])
    if not leaf or (creates and classify(output).kind == "identifier" and _names_created_record(output)):
        return None
    names = _sent_names(output, required, optional, defaulted)
    any_input = {_echo_norm(n) for n in (*required, *optional)}
    subject = {singular(w) for w in api_subject_words(output.api_id)}

    # a list of the records the API is about is what was found (``Nearby areas``' ``areas|pincode``), unless the API
    # is named for the filter the leaf repeats (``Airport Details by ... City``' ``airport|city``)
    filtered_by = leaf in {_echo_norm(w) for w in _by_words(output.api_id)}

    def own_record(part: str) -> bool:
        words = {singular(w) for w in split_words(part)} - _CONTAINERS - _API_NAME_NOISE
        return part.lower() in _CONTAINERS or _echo_norm(part) in any_input or (
            (not output.is_list or filtered_by) and bool(words and words <= subject))

    parents = path[:-1]
    if parents:  # ``A|postcode`` repeats ``postcodeA``, ``from|city`` repeats ``from_city``
        for joined in (_echo_norm(f"{parents[-1]} {path[-1]}"), _echo_norm(f"{path[-1]} {parents[-1]}")):
            if joined in names and not output.is_list:
                return names[joined]
        # the nearest named record and its key spell an input: ``media|data|id`` repeats ``media_id``; in a list,
        # only when the input sends several keys (``sites|Id`` of a lookup by ``site_Ids``: those very records)
        named = [p for p in parents if p.lower() not in _CONTAINERS]
        hit = names.get(_echo_norm(f"{named[-1]} {path[-1]}")) if named else None
        if hit and (not output.is_list or (split_words(hit) or [""])[-1] in _ID_LIST_ENDINGS):
            return hit
    own = all(own_record(p) for p in parents)
    if leaf in names and (own or (not output.is_list and leaf not in _BARE_LEAVES and leaf in
                                  {_echo_norm(n) for n in required})):
        return names[leaf]
    if output.is_list and leaf in names and names[leaf] in required and len(split_words(names[leaf])) >= 2 \
            and (len(parents) == 1 or len(parents) == 2 and _names_key_record(parents[-1], names[leaf])) \
            and not _qualified_by_record(parents):
        # a qualified key the caller sent (``domainName``) in each record of a list (``whois_domains_historical|
        # domain_name``; not a nested record's: ``members|person|taxId``), or in the record that key names inside
        # each (``feeds|company|company_id`` of a feed asked for by ``company_id``): the records are about that value
        return names[leaf]
    if own and leaf in BARE_IDS and (kind := record_type(output)) and (hit := names.get(_echo_norm(f"{kind} id"))):
        return hit
    traits = classify(output)
    if own and traits.standard in VALUE_CHECKED_KINDS:
        # an input whose name says nothing (``code``) but whose documented default is a value of the output's kind
        # (``GB``): ``country_code`` of ``Cities in the Country(code)`` repeats it
        for n, value in sent_values.items():
            if n in required and _strictly_of_kind(value, traits.standard) and classify_name_kind(n) is None:
                return n
    if is_coordinate(traits) and parents and _echo_norm(parents[-1]) in any_input \
            and _STANDARD_BY_WORD.get(_echo_norm(parents[-1])) == "coordinates":
        return next(n for n in (*required, *optional) if _echo_norm(n) == _echo_norm(parents[-1]))
    return None
