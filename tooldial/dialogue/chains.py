"""Which graph edges make a chain a careful reader accepts: would a user procure that value from that API?

A graph edge says an output *can* fill an input; a dialogue also needs a user who plausibly does not know the
value and would get it from that source. :func:`chain_problem` names the first reason a reader would reject a
chain ("" when none); the sampler leaves such edges out (counted by the text before the colon) and picks
another sequence or unit instead. The rules, from the held-out chain reviews (``scripts/data/chain_review_*.tsv``):

- **what the user says**: values a user knows or chooses (a year, a page, dates, currencies), names, titles
  and search terms, where they start from, and the place parts of an address they gave to the source;
- **what the source really gives**: no source that changes something, needs the value it would give, or asks
  for ids the user would not know; an output of the same kind as the input; a bare ``id`` only between APIs
  about the same thing; no second lookup of the record the source already returned;
- **input groups**: coordinates, date ranges and currency pairs are procured together from one record (one
  point's latitude *and* longitude, never one of each of two points), and never into a target documenting one
  coordinate without its pair;
- **echoes**: no value from the source's request echo (``request.city``) or an output repeating one of the
  source's inputs (the user's own value), no target whose documented answer is an error about its input;
- **across tools**, only what the graph judged one value space: identifiers with evidence of one provider
  (a documented provider or the target's documentation naming the source tool; a tool-name resemblance is
  not enough), standard values whose formats agree (country, language, currency codes), place values from a
  place-aware source; never generic or free-text values, never between tools scoped to different countries,
  never a ticker across markets (crypto vs stocks), never into a checker (it checks the user's own ticket,
  address, code).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import pycountry

from tooldial.corpus.error_example import documented_error as error_record
from tooldial.corpus.error_example import error_only_path
from tooldial.corpus.models import Api, Corpus, OutputComponent
from tooldial.dialogue.intents import description_clause, readable
from tooldial.dialogue.mockdata import FieldName, as_text, field_kind
from tooldial.graph.evidence import Evidence, edge_evidence
from tooldial.graph.validity import ECHO_CONTAINERS
from tooldial.knowledge.loader import words as knowledge_words

#: Kinds of value a user would never have looked up through another API (they know or choose them).
_NEVER_PROCURED = frozenset({"page", "limit", "year", "month", "count", "percent", "rating", "price", "boolean",
                             "status", "error", "category", "gender", "time", "text", "url", "image", "rate",
                             "converted", "temperature", "query", "hours"})
#: Kinds a user always chooses themselves (their dates, their currencies, their language), in any tool.
_USER_CHOSEN = frozenset({"page", "limit", "date", "datetime", "currency_code", "language_code", "language"})
#: Free text a user says (a person's name, a title, a search term): never looked up, in any tool.
_SAID = frozenset({"name", "title", "person", "query", "company"})
#: Words of an input that is free text the user writes for that record (its description, message, body).
_AUTHORED_WORDS = frozenset({"description", "desc", "message", "msg", "comment", "comments", "note", "notes",
                             "body", "text", "content", "caption", "subject", "title", "name", "summary", "bio",
                             "reply", "remark", "remarks"})
#: Words of a source that ranks or features things of the moment (the hottest city, today's extremes, the job of
#: the week): its one place is never the place of the user's own plans.
_FEATURED_WORDS = frozenset({"hottest", "coldest", "extremes", "featured", "trending", "popular", "top", "day",
                             "week", "pick", "picks", "random", "best", "worst", "highest", "lowest"})
#: Words of pagination state (a cursor continues one query; nobody looks it up for another).
_PAGINATION_WORDS = frozenset({"continuation", "cursor", "pagination", "paging"})
#: First words of targets that compute on the user's own thing (their recipe, their loan).
_COMPUTE_VERBS = frozenset({"scale", "calculate", "recalculate", "convert", "estimate"})
#: Words of a source whose coordinates are a moving thing's position (a flight in the air, a tracked vehicle).
_MOVING_WORDS = frozenset({"flight", "flights", "tracking", "tracker", "aircraft", "vehicle", "vehicles", "vessel",
                           "ship", "bus", "train", "live"})
#: Words that name a kind of value in a description (what an API gives back).
_KIND_WORDS = {"latitude": {"lat", "latitude", "coordinates"}, "longitude": {"lng", "lon", "longitude", "coordinates"}}
#: Kinds of an address: a user who knows the street or the postal code knows the city too.
_ADDRESS = frozenset({"city", "postal", "address", "state"})
#: Place kinds a user knows once they gave the source an address (street, postal code) of theirs.
_ADDRESS_PARTS = frozenset({"city", "country", "country_code", "state", "postal", "timezone"})
#: Kinds a user knows once they name a city, address or postal code of theirs (its country, its state).
_COARSER_PLACE = frozenset({"country", "country_code", "state"})
#: Kinds that a place-aware API (geocoder, IP lookup, city search) provides to another service.
_PLACE = frozenset({"city", "country", "country_code", "latitude", "longitude", "timezone", "postal", "address"})
_PLACE_WORDS = frozenset({"location", "locations", "geo", "geocode", "geocoding", "ip", "city", "cities",
                          "country", "countries", "address", "place", "places", "coordinates", "airport",
                          "airports", "map", "maps", "timezone", "zip", "postal"})
#: Standard values with several spellings (alpha-2 / alpha-3 / numeric / name): across tools only when the graph
#: saw both formats agree.
_FORMATTED_STANDARDS = frozenset({"country", "language", "currency", "symbol"})
#: Evidence of one id space across tools; a tool-family name resemblance ("Real Estate" vs "Real Estate
#: Property API") is not.
_ID_EVIDENCE = frozenset({Evidence.SAME_PROVIDER, Evidence.DOCS_NAME_SOURCE, Evidence.ONE_PROVIDER})
#: Domains where a thing's coordinates (an airport's) stay that thing's: its address, its time zone. Other
#: searches near it (weather stations, transit stops, shops) take it as a stand-in for the user's own place.
_TRAVEL_DOMAINS = frozenset({"location", "mapping"})
#: First words of APIs that fetch a file or a rendering (a download costs quota; nobody runs one to learn an id).
_FETCH_VERBS = frozenset({"download", "export", "render", "convert", "generate", "screenshot"})
#: Words of a tool that tracks things of many services (parcels, shipments): its ids are not theirs.
_TRACKER_WORDS = frozenset({"parcel", "parcels", "tracking", "tracker", "shipment", "shipments", "courier",
                            "couriers", "aftership"})
#: Words of an API that checks what the user holds (a ticket, an address, a code).
_CHECKER_WORDS = frozenset({"check", "checker", "verify", "verification", "validate", "validator", "validation"})
#: Words that say which market a tool's symbols belong to (``knowledge/packs/markets.yaml``).
_MARKETS = {market: knowledge_words("markets", market) for market in ("crypto", "stock")}
#: Words of a name that say nothing about which thing it identifies.
_BARE_ID = knowledge_words("identifiers", "bare_id")
_STOP = frozenset({"get", "list", "all", "the", "a", "an", "of", "by", "for", "to", "from", "and", "or", "in", "on",
                   "with", "specific", "retrieve", "fetch", "search", "find", "show", "return", "returns", "latest",
                   "new", "top", "info", "information", "details", "detail", "data", "api", "id", "this", "that",
                   "one", "single", "your", "my", "is", "are", "be", "it", "its", "endpoint", "v1", "v2", "v3",
                   "select", "grab", "lookup", "view", "read", "query", "based", "using", "given", "current"})
#: Last words of an identifier's name that say how, not what, it identifies (``ticker_slug``, ``ticker_id``).
_ID_SUFFIXES = _BARE_ID | {"slug", "code", "hash", "token"}
#: Keys of a response that hold records without saying what they are.
_CONTAINERS = knowledge_words("containers", "chain_container")
#: Adjectives that scope a tool to a country (pycountry gives the names).
_DEMONYMS = {"american": "US", "british": "GB", "canadian": "CA", "mexican": "MX", "brazilian": "BR",
             "argentinian": "AR", "argentine": "AR", "chilean": "CL", "colombian": "CO", "peruvian": "PE",
             "nicaraguan": "NI", "german": "DE", "french": "FR", "spanish": "ES", "italian": "IT",
             "portuguese": "PT", "dutch": "NL", "belgian": "BE", "swiss": "CH", "austrian": "AT", "polish": "PL",
             "czech": "CZ", "swedish": "SE", "norwegian": "NO", "danish": "DK", "finnish": "FI", "irish": "IE",
             "greek": "GR", "turkish": "TR", "russian": "RU", "ukrainian": "UA", "indian": "IN", "pakistani": "PK",
             "indonesian": "ID", "malaysian": "MY", "thai": "TH", "vietnamese": "VN", "filipino": "PH",
             "philippine": "PH", "japanese": "JP", "chinese": "CN", "korean": "KR", "australian": "AU",
             "nigerian": "NG", "kenyan": "KE", "egyptian": "EG", "moroccan": "MA", "israeli": "IL", "saudi": "SA",
             "emirati": "AE", "singaporean": "SG"}


@lru_cache(maxsize=1)
def _country_pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    names: dict[str, str] = {}
    for country in pycountry.countries:
        for attr in ("name", "common_name"):
            value = getattr(country, attr, None)
            if value and "," not in value and len(value) >= 4:
                names[value.lower()] = country.alpha_2
    names.update(_DEMONYMS)
    for state in pycountry.subdivisions.get(country_code="US"):
        # a US state scopes a tool to the US ("Arizona Lottery"), unless a country has the name (Georgia)
        names.setdefault(state.name.lower(), "US")
    alternation = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"\b({alternation})\b"), names


@lru_cache(maxsize=65536)
def _countries_in(text: str) -> frozenset[str]:
    pattern, names = _country_pattern()
    return frozenset(names[m] for m in pattern.findall(text.lower()))


def _names_a_country(value: Any) -> bool:
    """Whether a documented value is a country's name and nothing else (``France``)."""
    text = as_text(value).strip().lower()
    return bool(text) and _country_pattern()[1].get(text) is not None and text not in _DEMONYMS


def countries_of(api: Api) -> frozenset[str]:
    """Countries an API is scoped to by its tool name, name or description (``Polish zip codes`` → PL,
    ``Arizona Lottery`` and ``RetrieveUSTaxRate`` → US)."""
    text = " ".join((api.tool, api.name, " ".join((api.description or "").split()[:30])))
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", text)
    abbreviations = {_ABBREVIATIONS[w] for w in re.findall(r"\b[A-Z]{2,3}\b", spaced) if w in _ABBREVIATIONS}
    return _countries_in(text) | abbreviations


#: Upper-case abbreviations that scope a tool to a country (``US Zip Code Information``); lower-case "us" is a
#: pronoun.
_ABBREVIATIONS = {"US": "US", "USA": "US", "UK": "GB"}


def _words(api: Api, *, description: bool = True) -> set[str]:
    text = f"{api.tool} {api.name} {api.category}" + (f" {api.description}" if description else "")
    return set(readable(text).split())


def _kind(name: str, type_: str | None = "string") -> str | None:
    return field_kind(FieldName(name, type_ or "string"))


def _coordinate(name: str) -> tuple[str, str] | None:
    """(``latitude`` | ``longitude``, the point it belongs to) of a coordinate name: ``lat1`` → (latitude, 1)."""
    tokens = [t for t in re.split(r"[^a-z]+|(?<=[a-z])(?=\d)", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())
              if t]
    point = "".join(re.findall(r"\d+", name))
    rest = [t for t in tokens if t not in ("lat", "latitude", "lng", "lon", "long", "longitude")]
    kind = _kind(name) or _kind(re.sub(r"\d+", "", name))
    if kind not in ("latitude", "longitude"):
        return None
    return kind, point + "_".join(rest)


def side_effects(api: Api) -> bool:
    """Whether calling the API changes something (by its HTTP method or its description's first verb)."""
    if (api.method or "GET").upper() in ("PUT", "DELETE", "PATCH"):
        return True
    verb = description_clause(api).split(" ", 1)[0].lower()
    # "api/BillerAuthorizer/CreatePaymentTransaction": a path-like name's last segment names the operation too
    name_verbs = {(readable(name).split() or [""])[0] for name in (api.name, api.name.rstrip("/").rsplit("/", 1)[-1])}
    return verb in _SIDE_EFFECT_VERBS or bool(name_verbs & _NAME_VERBS)


#: A source that issues a new resource on each call ("Obtain a new residential proxy", "Generate a new wallet").
_MAKES_NEW = re.compile(r"\b(obtain|create|generate|allocate|request|issue|open)s?\s+(a\s+|an\s+)?new\b", re.I)
#: First verbs of descriptions of APIs that change something (a call is not a lookup a user would make to
#: learn a value).
_SIDE_EFFECT_VERBS = frozenset(
    ["send", "post", "create", "delete", "remove", "update", "unfollow", "follow", "like", "unlike", "mute",
     "unmute", "block", "unblock", "uninvite", "revoke", "unassign", "add", "set", "cancel", "book", "buy", "pay", "transfer", "share", "upload",
     "publish", "subscribe", "unsubscribe", "register", "invite", "join", "leave", "approve", "reject", "archive",
     "edit", "modify", "insert", "submit", "place", "order", "reply", "comment"])


#: First words of API names that are verbs of a change, never nouns ("Order Details", "Post Comments" are lookups).
_NAME_VERBS = frozenset(["add", "create", "delete", "remove", "update", "send", "cancel", "submit", "approve", "reject",
                         "follow", "unfollow", "mute", "unmute", "block", "unblock", "uninvite", "revoke", "unassign",
                         "upload", "publish", "subscribe",
                         "unsubscribe", "register", "invite", "edit", "modify", "insert", "archive", "pay", "buy"])


def chain_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent,
                  edge: dict[str, Any] | None = None, *, schema_copies: int = 1) -> str:
    """Why a careful reader would reject procuring ``chain_param`` of ``target`` from ``source``'s ``chain``
    output, as ``"<kind>: <detail>"`` ("" when the chain is plausible); the module docstring lists the rules.
    ``edge`` holds the graph edge's attributes (``kind``, ``reason``, ``cross_tool``, ``group_members``,
    ``group_sources``) when the graph has them; ``schema_copies`` is how many APIs of the source's tool document
    the source's very output (:func:`schema_copies`)."""
    edge = dict(edge or {})
    if schema_copies >= _COPIED_SCHEMA:
        edge["schema_copies"] = schema_copies
    param = target.parameter(chain_param)
    f = FieldName(chain_param, param.type if param is not None else "string")
    # lat1 is a latitude too, country1 (person 1's country) a country
    kind = field_kind(f) or (_coordinate(chain_param) or (None,))[0] or _kind(re.sub(r"\d+", "", chain_param))
    if kind is None and set(FieldName(chain.name).tokens) <= _BARE_ID:
        kind = "id"  # a bare id into "playlist" ("Playlist URL or ID") is an id of the thing the input names
    for rule in (_source_error, _user_knows, _group_problem, _echo_problem, _shape_problem, _source_problem,
                 _entity_problem, _circular_problem, _owner_problem, _own_records, _record_problem, _place_problem, _target_error):
        problem = rule(source, target, chain_param, chain, kind, edge)
        if problem:
            return problem
    if source.tool == target.tool:
        return ""
    return _cross_tool_problem(source, target, chain_param, chain, kind, edge)


def _user_knows(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                edge: dict[str, Any]) -> str:
    """Values the user knows, chooses or says: nobody looks them up."""
    f = FieldName(chain_param)
    if kind in _NEVER_PROCURED and source.tool != target.tool or kind in _USER_CHOSEN:
        return f"value the user knows: {kind}"
    if kind in _SAID:
        return f"a name or search term the user says: {readable(chain_param)}"
    if set(f.tokens) & _AUTHORED_WORDS and not f.has("id", "ids", "uuid", "key", "code") and side_effects(target):
        # the target creates or sends something: its description or message is text the user writes
        return f"text the user writes for the record the target creates: {readable(chain_param)}"
    if set(f.tokens) & _PAGINATION_WORDS:
        return f"a pagination token belongs to the query that returned it: {readable(chain_param)}"
    if not source.required_parameters and set(readable(source.name).split()) & _FEATURED_WORDS and \
            (readable(target.name).split() or [""])[0] in _COMPUTE_VERBS:
        return f"a featured item stands in for the user's own in a computation: {source.name} -> {target.name}"
    if f.has("from", "origin", "departure", "source") and any(
            FieldName(p.name).has("to", "destination", "arrival", "target") for p in target.parameters):
        return f"value the user knows: where they start ({chain_param})"
    if kind in _ADDRESS_PARTS and any(
            _kind(p.name, p.type) in ("address", "postal") or FieldName(p.name).has("street", "address")
            for p in source.required_parameters):
        return f"a place part of the address the user gave: {readable(chain_param)}"
    if FieldName(chain_param).has(*_DOMAIN_WORDS) and any(
            _kind(p.name, p.type) in ("email", "url") or FieldName(p.name).has("email", "url", "link")
            for p in source.required_parameters):
        # an e-mail analysis or a page parser answers with the domain of the address the user gave it
        return f"a part of the address the user gave: the {readable(chain_param)}"
    coarser = {"city": _COARSER_PLACE, "state": frozenset({"country", "country_code"})}
    given = next((p.name for p in source.required_parameters
                  if kind in coarser.get(_kind(p.name, p.type) or "", frozenset())), None)
    if given is not None:
        # zip codes "by city" answer with that city's country: the user who named the city knows it
        return f"value the user knows: the {readable(chain_param)} of the {readable(given)} they gave the source"
    if kind in _COARSER_PLACE and any(p.name != chain_param and _kind(p.name, p.type) in ("city", "address", "postal")
                                      for p in target.required_parameters):
        return f"value the user knows: the {readable(chain_param)} of the place they give the target"
    if kind in _COARSER_PLACE and _kind(chain.name, chain.type) in _COARSER_PLACE and any(
            _kind(p.name, p.type) in _COARSER_PLACE or _names_a_country(p.example if p.example is not None else p.default)
            for p in source.required_parameters):
        # a next-new-moon lookup for location "France" answers with a country: the one the user named
        return f"value the user knows: the {readable(chain_param)} they gave the source"
    if kind in ("email", "phone", "username") and set(readable(source.name).split()) & _OWN_ACCOUNT:
        # a credits or profile call returns the caller's own account: its email is one the user knows
        return f"value the user knows: their own account's {readable(chain_param)} ({source.name})"
    if _words(target, description=False) & _CHECKER_WORDS:
        return f"a checker checks the user's own value: {readable(chain_param)}"
    return ""


def _group_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                   edge: dict[str, Any]) -> str:
    """Input groups come from one source record: every member, one point's coordinates."""
    provided = {item.split("=", 1)[0] for item in str(edge.get("group_sources") or "").split(",") if "=" in item}
    partners = [m for m in str(edge.get("group_members") or "").split(",") if m and m != chain_param]
    coordinate = _coordinate(chain_param)
    if coordinate is not None:
        point = coordinate[1]
        same_point = [p.name for p in target.parameters if p.name != chain_param
                      and (_coordinate(p.name) or ("", None))[1] == point]
        partners += same_point
        crossed = [m for m in provided | {chain_param} if (_coordinate(m) or ("", point))[1] != point]
        if crossed:
            return f"group member procured alone: coordinates of two points mixed ({', '.join(sorted(crossed))})"
        if not any((_coordinate(p.name) or ("", None)) == (other, point) for p in target.parameters
                   for other in {"latitude", "longitude"} - {coordinate[0]}):
            # "getDateTimeByCoOrdinates" documents only a latitude: a lone latitude is no place ("Invalid Coordinates")
            return f"group member procured alone: the target takes {chain_param} without its pair"
    if kind in _ADDRESS:
        partners += [p.name for p in target.parameters if p.name != chain_param and _kind(p.name, p.type) in _ADDRESS]
    if kind in ("first_name", "last_name"):
        # one person's first and last name come from one record (an article's author), or both from the user
        partners += [p.name for p in target.parameters if p.name != chain_param
                     and _kind(p.name, p.type) in ("first_name", "last_name")]
    if kind in ("country", "country_code"):
        # a phone's region ("US") beside a country the user gives ("BR"): one place, so both or neither procured
        partners += [p.name for p in target.required_parameters if p.name != chain_param
                     and _kind(p.name, p.type) in ("country", "country_code")]
    alone = [m for m in dict.fromkeys(partners) if target.parameter(m) is not None and m not in provided]
    if alone:
        return f"group member procured alone: {chain_param} without {', '.join(alone)}"
    return ""


def _echo_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                  edge: dict[str, Any]) -> str:
    """The source answers with what it was asked: a value from its request echo, or an output that repeats one of
    its inputs, is the user's own value (a city search's ``request.city``, a birth-date reading's ``date``)."""
    leaf = chain.path[-1]
    leaf_kind = _kind(leaf, chain.type)
    for p in source.parameters:
        p_kind = _kind(p.name, p.type)
        same = p.name.lower() == leaf.lower()
        if len(chain.path) > 1 and chain.path[0].lower() in ECHO_CONTAINERS and (
                same or leaf_kind is not None and p_kind == leaf_kind
                or leaf.lower() in set(readable(p.description or "").split())):
            return f"the source echoes the request: {'->'.join(chain.path)} is the {readable(p.name)} the user gave"
        if same and not chain.is_list:
            return f"the source echoes the {readable(p.name)} the user gave: {source.name} ({leaf})"
    return ""


def _circular_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                      edge: dict[str, Any]) -> str:
    """The source already needs the thing the user would procure: the chain procures nothing.

    Read from the source's documentation, with its required inputs and the optional ones it is sent with their
    documented default: (1) the documented response gives back a documented input value at the procured path
    (YouTube ``Channel Community`` for channel ``UCJ5…`` lists posts whose author's ``channelId`` is ``UCJ5…``);
    (2) a lookup of several records by their ids (``Get artists(ids)``, "Artist IDs (you can use commas)")
    answers with exactly those records, so their own ids are the user's; (3) the author or owner of an entity's
    own content is that entity (a channel's community posts, a user's own tweets)."""
    inputs = _sent_inputs(source)
    given = {v for p in inputs for v in _documented_values(p)}
    shown = {as_text(v) for v in _example_values(source.example_response, chain.path)}
    echoed = sorted(v for v in given & shown if _distinctive(v))
    if echoed:
        return f"the source's documented answer gives back its own input: {'->'.join(chain.path)} = {echoed[0][:30]}"
    record = [k for k in chain.path[:-1] if k.lower() not in _CONTAINERS]
    for p in inputs:
        if _several(p) and len(record) <= 1 and _stems(set(FieldName(p.name).tokens)) == _stems(
                set(FieldName(chain.name).tokens)):
            # "Get Product Slim (Bulk)" for asins "B07…,B00…": each record's asin is one the user sent
            return f"the source looks up the user's own {readable(p.name)}: {source.name} gives those records back"
    if kind != "id":
        return ""
    wanted = _output_entity(source, chain)
    named = _named_entity(chain.name)
    for p in inputs:
        if _kind(p.name, p.type) != "id" or _input_entity(source, p) != wanted:
            continue
        if _several(p) and len(record) <= 1:
            return f"the source looks up the user's own {readable(p.name)}: {source.name} gives those records back"
        if record and set(readable(record[-1]).split()) & _ROLE_WORDS:
            return (f"the {readable(record[-1])} of the {'/'.join(sorted(wanted))}'s own content is the "
                    f"{readable(p.name)} the user gave: {source.name}")
        if named and not _several(p) and not (record and _stems(set(readable(record[-1]).split())) & named):
            # "Retrieve a tournament" by its id lists fixtures whose tournamentid is that tournament: the records
            # of a lookup by one thing's id point back to it (a record of that thing itself would be another one)
            return (f"the records of a lookup by the user's {'/'.join(sorted(named))} point back to it: "
                    f"{'->'.join(chain.path)} of {source.name}")
    return ""


def _owner_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                   edge: dict[str, Any]) -> str:
    """A change is made by the owner of what it changes, with values the owner chooses: a shopper's cart or a
    subscriber's subscription names a provider's app or API, whose webhooks, versions and docs are the provider's
    to change; and the category or type of a record the target creates is the user's choice, not one read off
    another record."""
    if not side_effects(target):
        return ""
    words = set(readable(" ".join((source.name, *chain.path[:-1]))).split())
    if kind == "id" and words & _CONSUMER_WORDS and not _stems(_named_entity(chain_param)) & _stems(
            words & _CONSUMER_WORDS):
        return (f"a change to what a {'/'.join(sorted(words & _CONSUMER_WORDS))} record only refers to: "
                f"{readable(chain_param)} -> {target.name}")
    if kind in _CHOSEN_FOR_NEW:
        return f"value the user chooses for the record the target makes: {readable(chain_param)} ({target.name})"
    if FieldName(chain_param).has(*_ROLE_WORDS):
        # the owner of an API being created is the user or their team, never read off an app or another API
        return f"value the user knows: the owner of what they change ({readable(chain_param)}, {target.name})"
    return ""


#: "all your subscriptions": the records a listing says are the caller's own.
_YOUR_RECORDS = re.compile(r"\b(?:your|my)\s+(?:own\s+)?(\w+)", re.I)
#: Records that are other people (followers, contacts): their user ids are theirs, not the caller's.
_PEOPLE_RECORDS = frozenset({"followers", "following", "friends", "contacts", "members", "users", "developers",
                             "subscribers", "customers", "fans", "team", "teams", "connections", "followings"})


def _own_records(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                 edge: dict[str, Any]) -> str:
    """A list of the caller's own records ("Get a list of all your subscriptions") holds the caller's own user id
    in every record: nobody looks themself up through it."""
    found = _YOUR_RECORDS.search(source.description)
    if kind != "id" or found is None or found.group(1).lower() in _PEOPLE_RECORDS:
        return ""
    if FieldName(chain.name).has("user", "owner", "account") and FieldName(chain_param).has("user", "owner",
                                                                                              "account"):
        return f"value the user knows: their own {readable(chain_param)} in a list of their {found.group(1)}"
    return ""


#: Words of a record a user holds as a consumer (a cart, a subscription, a purchase): the things it names (an app,
#: an API, a seller) belong to someone else.
_CONSUMER_WORDS = frozenset({"cart", "carts", "bag", "bags", "checkout", "subscription", "subscriptions",
                             "purchase", "purchases", "transaction", "transactions", "wishlist", "basket"})
#: Kinds of value the user picks for a record being made (its category, its type).
_CHOSEN_FOR_NEW = frozenset({"category", "status", "gender", "rating", "image"})


#: Keys of a record's author or owner: the author of a channel's own posts is that channel.
_ROLE_WORDS = frozenset({"author", "authors", "owner", "owners", "creator", "creators", "uploader", "publisher",
                         "poster"})


def _sent_inputs(api: Api) -> list[Any]:
    """The inputs a call of ``api`` carries: the required ones and the optional ones with a documented default."""
    return list(api.required_parameters) + [p for p in api.optional_parameters if as_text(p.default).strip()]


def _documented_values(param: Any) -> set[str]:
    """A parameter's documented example and default, a comma list split into its items."""
    values = set()
    for value in (param.example, param.default):
        text = as_text(value).strip()
        values.update(v.strip() for v in text.split(",") if v.strip())
    return values


def _example_values(example: Any, path: tuple[str, ...]) -> list[Any]:
    """The values a documented example response holds at ``path`` (arrays transparent)."""
    nodes = [example]
    for key in path:
        found = []
        for node in nodes:
            stack = [node]
            while stack:
                item = stack.pop()
                if isinstance(item, list):
                    stack.extend(item)
                elif isinstance(item, dict) and key in item:
                    found.append(item[key])
        nodes = found
    flat = []
    for node in nodes:
        flat.extend(node if isinstance(node, list) else [node])
    return [v for v in flat if isinstance(v, (str, int, float)) and not isinstance(v, bool)]


def _distinctive(value: str) -> bool:
    """A value that names one thing (an id, a name), not one that recurs by chance (``1``, ``en``, ``true``)."""
    return len(value) >= 4 and not re.fullmatch(r"-?\d{1,4}(\.\d+)?", value) and value.lower() not in (
        "true", "false", "null", "none")


def _several(param: Any) -> bool:
    """Whether an id input takes several ids (``ids``, ``artist_ids``, "Album IDs (you can use commas)")."""
    tokens = FieldName(param.name).tokens
    text = (param.description or "").lower()
    return bool(tokens) and tokens[-1] in ("ids", "uuids", "keys") or bool(
        re.search(r"\b(comma|commas|comma-separated|one or more|list of)\b|\bids\b", text))


def _named_entity(name: str) -> set[str]:
    """The thing an identifier's name names, stemmed (``artist_ids``, ``tournamentid`` → ``tournament``; empty for
    a bare ``id``)."""
    words = set()
    for token in FieldName(name).tokens:
        stripped = re.sub(r"(ids?|uuids?)$", "", token) if len(token) > 5 else token
        if token not in _ID_SUFFIXES | {"ids"} and stripped not in _ID_SUFFIXES | {""}:
            words.add(stripped)
    return _stems(words)


def _input_entity(source: Api, param: Any) -> set[str]:
    """What an id input names: its name's words (``artist_ids``), else its description's ("Channel ID", "Id of the
    phone"), else the source's subject, the first thing of its name (``Get artists``, ``Retrieve a tournament``)."""
    words = _named_entity(param.name)
    if words:
        return words
    text = (param.description or "").lower()
    said = re.findall(r"\b([a-z]+)\s+(?:id|ids|uuid|identifier)s?\b", text) + re.findall(
        r"\b(?:id|ids|identifier)s? of (?:the |a |an )?([a-z]+)", text)
    said = [w for w in said if w not in _STOP and w not in _ID_SUFFIXES]
    if said:
        return _stems(set(said[:1]))
    return _stems(set([w for w in readable(source.name).split() if w not in _STOP][:1]))


def _output_entity(source: Api, chain: OutputComponent) -> set[str]:
    """What a procured id names: its name's words (``channelId``), else its record (``artists|id``), else the
    source's subject."""
    words = _named_entity(chain.name)
    if words:
        return words
    record = [w for w in readable(" ".join(chain.path[-2:-1])).split() if w not in _CONTAINERS | _STOP]
    return _stems(set(record or readable(source.name).split()) - _STOP)


def _shape_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                   edge: dict[str, Any]) -> str:
    """The documented values disagree in shape: a full date (``2022-04-22``) is no day number (``15``), a
    number no word; the target would be called with a value its documentation shows it does not take."""
    data_key = next((k for k in chain.path[:-1] if _DATA_KEY.search(k)), None)
    if data_key is not None:
        # "20018x20023@2023-02-14T03_0^1^0*H_PointsBet|site": one example's record key, not a field of every answer
        return f"the output sits under a documented example's data key: {data_key[:30]}"
    param = target.parameter(chain_param)
    if param is None:
        return ""
    documented = next((v for v in (param.example, param.default) if v not in (None, "")), None)
    if documented is None or isinstance(chain.example, (dict, list)) or isinstance(documented, (dict, list)):
        return ""
    if chain.example is not None:
        shown, given = as_text(chain.example), value_shape(as_text(chain.example))
    else:  # an undocumented output named as a website's address holds one ("registered|domain")
        shown, given = chain.name, "host" if FieldName(chain.name).has(*_HOST_WORDS) else ""
    taken = value_shape(as_text(documented))
    if taken == "code" and chain.example is not None and value_shape(shown.upper()) != "code":
        # a currency sign ("€", "Fr., CHf, SFr.") or a name where the documentation shows codes ("USD,JPY")
        return (f"documented values differ in shape: {shown[:30]!r} for {readable(chain_param)} "
                f"{as_text(documented)[:30]!r} (codes)")
    given, taken = ("word" if shape == "code" else shape for shape in (given, taken))
    if given and taken and given != taken:
        return (f"documented values differ in shape: {shown[:30]!r} ({given}) for "
                f"{readable(chain_param)} {as_text(documented)[:30]!r} ({taken})")
    return ""


#: Words of an input's name that say it takes a domain (the part after the @ of an e-mail, the host of a URL).
_DOMAIN_WORDS = ("domain", "hostname", "host")
#: Words of an output's name that say it holds a website's address.
_HOST_WORDS = ("domain", "hostname", "url", "website")


#: A path element that is a value, not a field name: symbols no field name has, or a date or number inside.
_DATA_KEY = re.compile(r"[@^*:/=+,;]|\d{4}-\d{2}-\d{2}|^\d+$")
#: Upper-case codes, one or a list ("USD", "USD,JPY", "EUR/USD", "BTCUSDT").
_CODES = re.compile(r"[A-Z]{2,10}(\s*[,/]\s*[A-Z]{2,10})*")
_DATE_SHAPE = re.compile(r"^\d{4}-\d{1,2}-\d{1,2}([T ][\d:.]+Z?)?$|^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$")


def value_shape(text: str) -> str:
    """``date``, ``number``, ``host`` (a domain or URL) or ``word`` for a documented scalar value ("" when it says nothing: empty or mixed)."""
    text = text.strip()
    if _DATE_SHAPE.match(text):
        return "date"
    if re.fullmatch(r"-?\d+(\.\d+)?", text):
        return "number"
    if re.fullmatch(r"(https?://)?([A-Za-z0-9-]+\.)+[A-Za-z]{2,}(/\S*)?", text):
        return "host"
    if _CODES.fullmatch(text):
        return "code"
    if re.fullmatch(r"[A-Za-z][A-Za-z .'-]*", text):
        return "word"
    return ""


def _target_error(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                  edge: dict[str, Any]) -> str:
    """The target's documented answer is an error about its input ("Invalid Coordinates"): the chain would serve
    an error as the answer (auth, quota and rate-limit notes say nothing about the input and are not counted)."""
    error = documented_error(target)
    return f"the target's documented answer is an error: {error}" if error else ""


def _source_error(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                  edge: dict[str, Any]) -> str:
    """The source's only documented response is an error and the chained output is one of its error fields
    (``ErrorCode``, ``traceId``): the value would come from the error, not from an answer. The error's other
    fields (``Latitude``) name the success shape and are procured like any undocumented output, with mock values
    by field semantics (:func:`tooldial.corpus.schema.success_fields`)."""
    if error_record(source.example_response) and error_only_path(chain.path):
        return f"the source's documented response is an error: {'|'.join(chain.path)} is one of its error fields"
    return ""


_ERROR_TEXT = re.compile(r"\b(invalid|not found|bad request|missing|is required|unknown|no (?:data|results?) found)\b",
                         re.I)
_ACCOUNT_TEXT = re.compile(r"\b(key|token|subscri\w*|auth\w*|rate|quota|plan|limit|unauthori[sz]ed|forbidden)\b",
                           re.I)


def documented_error(api: Api) -> str:
    """The error an API's documented example response reports about its input ("" when it is an answer)."""
    example = api.example_response
    if not isinstance(example, dict):
        return ""
    status = next((example[k] for k in ("code", "status_code", "statusCode", "status") if k in example), None)
    bad_status = isinstance(status, (int, str)) and not isinstance(status, bool) and \
        str(status).isdigit() and 400 <= int(str(status)) < 500 and int(str(status)) not in (401, 402, 403, 429)
    texts = [str(example[k]) for k in ("error", "errors", "message", "data", "status", "detail", "msg")
             if isinstance(example.get(k), str)]
    for text in texts:
        if _ERROR_TEXT.search(text) and not _ACCOUNT_TEXT.search(text):
            return text[:80]
    if bad_status and not any(_ACCOUNT_TEXT.search(t) for t in texts):
        return f"status {status}"
    return ""


def _source_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                    edge: dict[str, Any]) -> str:
    """The source is an API a user would call to learn the value: a lookup of the right kind of value."""
    out_kind = _kind(chain.name, chain.type)
    if out_kind and kind and out_kind != kind and not {out_kind, kind} & {"name", "title", "query"}:
        return f"output is another kind of value: {out_kind} for a {kind}"
    if kind == "id" and out_kind in ("name", "title", "text", "person", "company"):
        return f"output is another kind of value: a {out_kind} for an id ({chain.name} -> {chain_param})"
    if side_effects(source):
        return f"source changes something (not a lookup): {source.name}"
    if _MAKES_NEW.search(f"{source.name} {description_clause(source)}"):
        # "Obtain a new datacenter proxy": each call issues another resource, whose place or address is nobody's
        return f"source makes a new resource (not a lookup): {source.name}"
    if (readable(source.name).split() or [""])[0] in _FETCH_VERBS:
        return f"a download is not a lookup: {source.name}"
    if side_effects(target) and not chain.is_list and not source.required_parameters:
        # e.g. applying to the "job of the week": the user acts on an item they never saw or picked
        return f"target changes something for an item the user never chose: {source.name}"
    if any(p.name.lower() == chain_param.lower() or (kind not in (None, "id") and _kind(p.name, p.type) == kind)
           for p in source.required_parameters):
        return f"source already needs the value it would provide: {chain_param}"
    if kind != "id" and any(_kind(p.name, p.type) == "id" for p in target.required_parameters
                            if p.name != chain_param):
        return f"user gives opaque ids but not the {readable(chain_param)}"
    target_words = set(readable(target.name + " " + target.description).split())
    for p in source.required_parameters:
        if (set(FieldName(p.name).tokens) | _KIND_WORDS.get(_kind(p.name) or "", set())) & \
                target_words - {"id", "name", "data"}:
            return f"target gives back what the user started from: {p.name}"
    if kind != "id" and any(_kind(p.name, p.type) == "id" for p in source.required_parameters):
        return f"source needs an id the user would not know: {readable(chain_param)} looked up by id"
    param = target.parameter(chain_param)
    if kind == "measure" or kind is None and param is not None and FieldName(param.name, param.type or "string").numeric:
        return f"a measured quantity, not a value to look up: {readable(chain_param)}"
    return ""


def _entity_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                    edge: dict[str, Any]) -> str:
    """An id names one thing: a bare ``id`` joins APIs about the same thing, and the target does not fetch again
    the record the source returned."""
    if kind != "id":
        return ""
    if set(FieldName(chain_param).tokens) <= _BARE_ID and set(FieldName(chain.name).tokens) <= _BARE_ID:
        # the id's record is the output's parent ("events|awayTeam|id": a team), or the source's subject when
        # the parent is a mere container; the target's id names the first thing of its name ("TeamMedia": a team)
        record = [w for w in readable(" ".join(chain.path[:-1])).split() if w not in _CONTAINERS | _STOP]
        source_things = set(record or readable(source.name).split()) - _STOP
        target_things = [w for w in readable(target.name).split() if w not in _STOP]
        if target_things and not _stems(source_things) & _stems(set(target_things[:1])):
            return f"a bare id of another thing: {source.name} -> {target.name}"
        # the id is its nearest record's: a schedule's "games|…|away|team|id" is a team's, no game's
        parent = [w for w in readable(chain.path[-2]).split() if w not in _CONTAINERS | _STOP] \
            if len(chain.path) > 1 else []
        if parent and target_things and not _stems(set(parent)) & _stems(set(target_things)):
            return f"a bare id of another thing: a {' '.join(parent)} id -> {target.name}"
    entity = set(FieldName(chain_param).tokens) - _BARE_ID
    out_entity = set(FieldName(chain.name).tokens) - _BARE_ID
    for p in source.required_parameters:
        given = FieldName(p.name)
        if _kind(p.name, p.type) == "id" and out_entity and (set(given.tokens) - _ID_SUFFIXES) == out_entity:
            # "Option expirations" for ticker NVDA: every record echoes the ticker the user named; a lookup of
            # something else is not where a user gets the thing's id
            return f"the source echoes the {readable(p.name)} the user gave: {source.name}"
    source_words = readable(source.name).split()
    if len(chain.path) == 1 and set(FieldName(chain.name).tokens) <= _BARE_ID and entity and (
            source_words[:1] == ["list"] or {f"{w}s" for w in entity} & set(source_words)):
        return f"a list's own id used as a {'/'.join(sorted(entity))} id: {source.name}"
    if not chain.is_list:
        source_fields = {c.path[-1].lower() for c in source.output_components if not c.is_list}
        target_fields = {c.path[-1].lower() for c in target.output_components if not c.is_list}
        if len(target_fields) >= 4 and len(source_fields & target_fields) >= 0.6 * len(target_fields):
            return f"target fetches again the record the source returned: {target.name}"
    elif _lookup_form(source, target):
        # "AllStatesFuelPriceToday" lists each state's prices today; "StateFuelPriceToday" for one of them returns
        # the very record the user picked: the list already answered
        record_fields = {c.path[-1].lower() for c in source.output_components if c.path[:-1] == chain.path[:-1]}
        target_fields = {c.path[-1].lower() for c in target.output_components}
        if len(target_fields) >= 3 and len(record_fields & target_fields) >= 0.8 * len(target_fields):
            return f"target fetches again the record the source listed: {source.name} -> {target.name}"
    return ""


def _lookup_form(source: Api, target: Api) -> bool:
    """Whether the target's name is the source's for one record (``get_players`` → ``get_players_by_id``,
    ``AllStatesFuelPriceToday`` → ``StateFuelPriceToday``)."""
    words = _stems(set(readable(target.name).split()) - _STOP - {"by"})
    return bool(words) and words <= _stems(set(readable(source.name).split()))


def _record_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                    edge: dict[str, Any]) -> str:
    """The record holding an id is one the source gives and the one the user means, and the target's other ids
    come with it: a schema copied onto every endpoint of a tool lists bank accounts under "Retrieve all mail
    options"; the away team's id of a match the user picked is the system's choice between two teams; a season id
    the user brings does not belong to a tournament read off an arbitrary live match."""
    if set(FieldName(chain_param).tokens) <= _BARE_ATTRIBUTE and set(FieldName(chain.name).tokens) <= _BARE_ATTRIBUTE:
        # a school's type is no kind of professional, an agent's page no property's: a bare attribute belongs to
        # its record (the output's parent unless a container, else the source's subject), which the target names
        parent = [w for w in readable(" ".join(chain.path[-2:-1])).split() if w not in _CONTAINERS | _STOP]
        record_words = set(parent or readable(source.name).split()) - _STOP
        if not _stems(record_words) & _stems(set(readable(f"{target.name} {target.description}").split()) - _STOP):
            return f"a {readable(chain.name)} of another thing: {' '.join(sorted(record_words))} -> {target.name}"
    thing = set(FieldName(chain_param).tokens) - _URL_WORDS
    if set(FieldName(chain.name).tokens) <= _URL_WORDS and thing and set(FieldName(chain_param).tokens) & _URL_WORDS:
        # a profile's website is no station's URL: a URL input named for a thing takes a record of that thing's
        record_words = set(readable(" ".join(chain.path[:-1]) or source.name).split()) - _STOP
        if not _stems(record_words) & _stems(thing):
            return f"a {readable(chain.name)} of another thing: {' '.join(sorted(record_words))} -> {chain_param}"
    if kind != "id":
        return ""
    short = len(source.output_components) < 3  # a short copied schema: its id's named thing is its record
    record = top_record(chain) or (" ".join(sorted(_named_entity(chain.name))) if short else "")
    if record and int(edge.get("schema_copies") or 1) >= _COPIED_SCHEMA:
        # the copied response is this endpoint's only when its name or description names one of its records
        # (an auto-complete of "countries, cities, places" gives cities and stations alike); an id under
        # containers only is its named thing's (``data|asset_id``: assets)
        said = _stems(set(readable(f"{source.name} {source.description}").split()))
        records = {top_record(o) or " ".join(sorted(_named_entity(o.name))) for o in source.output_components
                   if top_record(o) or short and _kind(o.name, o.type) == "id"} - {""}
        if not any(_stems(set(readable(r).split()) - _STOP) & said for r in records):
            return f"the source's documentation does not say it gives {readable(record)}: {source.name}"
    alike = alike_record(source, chain)
    if alike and not chain.is_list:
        return f"one of two alike records, which the user never chose: {readable(chain.path[-2])} " \
               f"(not {readable(alike)}) of {source.name}"
    own = FieldName(chain_param).tokens
    others = [p.name for p in target.required_parameters
              if FieldName(p.name).tokens != own and _kind(p.name, p.type) == "id" and p.name not in _partners(edge)]
    if others:
        # the user would bring the tournament id with the season id; taking one from another record mixes them
        return f"ids procured apart: {chain_param} from {source.name}, {', '.join(others)} from the user"
    return ""


#: Names of an attribute that say nothing about whose it is (a type, a page's address; a category is the tool's
#: one catalogue, shared by its records).
_BARE_ATTRIBUTE = frozenset({"type", "types", "kind", "status", "url", "link", "href"})
#: Words of an API about the user's own account: its email, phone or user name is the user's own.
_OWN_ACCOUNT = frozenset({"credits", "credit", "balance", "usage", "quota", "account", "me", "profile",
                          "subscription", "plan", "billing", "whoami", "login", "signin", "authenticate"})
#: Words of a name that say it holds a web address.
_URL_WORDS = frozenset({"url", "urls", "link", "links", "href", "uri"})
#: Endpoints of one tool documenting one response schema: from this many on, it is the tool's copied boilerplate,
#: not what each endpoint returns (OCW documents bank accounts under 47 endpoints).
_COPIED_SCHEMA = 3


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
    return next((k for k in chain.path[:-1] if k.lower() not in _CONTAINERS), "")


def alike_record(api: Api, chain: OutputComponent) -> str:
    """The name of a sibling record of the same kind as the one holding ``chain`` (``homeTeam`` for
    ``events|awayTeam|id``, ``team_B`` for ``match|team_A|id``), "" when there is none."""
    if len(chain.path) < 2:
        return ""
    parent = chain.path[-2]
    own = _stems(set(readable(parent).split()) - _STOP)
    for other in api.output_components:
        path = other.path
        if len(path) != len(chain.path) or path[-1] != chain.path[-1] or path[:-2] != chain.path[:-2] or \
                path[-2] == parent:
            continue
        if own & _stems(set(readable(path[-2]).split()) - _STOP):
            return path[-2]
    return ""


def _partners(edge: dict[str, Any]) -> set[str]:
    """Target inputs the edge procures together with its own (``group_sources``: ``param=output``)."""
    return {item.split("=", 1)[0] for item in str(edge.get("group_sources") or "").split(",") if "=" in item}


def _place_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                   edge: dict[str, Any]) -> str:
    """A place the user's plans are about: not today's hottest city, not where a flight is right now."""
    place = kind in _PLACE or kind == "id" and FieldName(chain_param).has("city", "country", "region", "location")
    target_words = set(readable(target.name).split())
    if kind == "postal" and target_words & {"state", "states", "province", "provinces"} and not target_words & {
            "zip", "zipcode", "postal", "postcode", "code", "codes"}:
        return f"a state's postal abbreviation is not a postal code: {target.name}"
    if kind in ("city", "address", "state") and not _locates(source, chain):
        # learnt only from a position or from a record that is the place itself: the city of a fuel provider at
        # the airport the user named is a city the user would say
        return f"a place name the user says: {readable(chain_param)} of a {_record_words(source, chain)} record"
    if place and not source.required_parameters and set(readable(source.name).split()) & _FEATURED_WORDS:
        return f"a featured place stands in for the user's own: {source.name}"
    if place and any(FieldName(p.name).has("domain", "url", "host", "hostname", "website", "site")
                     or value_shape(as_text(p.example if p.example is not None else p.default)) == "host"
                     for p in source.required_parameters):
        # "IP location by domain name": where a website is hosted is no place of the user's plans
        return f"a website's server location stands in for a place of the user's: {source.name}"
    if kind in ("latitude", "longitude") and chain.is_list and not source.required_parameters:
        # "airports near me": a point the user has in mind is not among a whole database's first records
        return f"coordinates from a list the user did not narrow: {source.name}"
    if kind in ("latitude", "longitude") and "reverse" in readable(f"{target.tool} {target.name}").split() and any(
            o.path[:-1] == chain.path[:-1] and _kind(o.name, o.type) in ("address", "city", "postal")
            for o in source.output_components):
        # reverse-geocoding a listed home's (or a geocoded address's) point: its record already gives the address
        return f"the record already gives the address a reverse geocoder would: {source.name}"
    if kind in ("latitude", "longitude") and set(readable(f"{source.name} {source.tool}").split()) & _MOVING_WORDS:
        return f"coordinates of a moving thing (not a place to search near): {source.name}"
    return ""


#: Words of a record (or a source) that is a place: its city, address or state describes where it is.
_PLACE_RECORDS = frozenset({"city", "cities", "location", "locations", "place", "places", "address", "addresses",
                            "geo", "geocode", "geocoding", "geolocation", "locality", "localities", "town", "towns",
                            "region", "regions", "state", "states", "zip", "zipcode", "postal", "postcode",
                            "ip", "reverse", "coordinates", "area", "areas"})


def _record_words(source: Api, chain: OutputComponent) -> str:
    return readable(" ".join(chain.path[:-1])) or readable(source.name)


def _locates(source: Api, chain: OutputComponent) -> bool:
    """Whether ``source`` gives the place of something the user points at: it takes a position or an IP, or the
    record holding ``chain`` or the API's name (at the top level also its category) is about places."""
    if any(_kind(p.name, p.type) in ("latitude", "longitude", "postal", "address") or _coordinate(p.name)
           or FieldName(p.name).has("ip") for p in source.required_parameters):
        return True
    words = set(readable(" ".join((*chain.path[:-1], source.name))).split())
    if len(chain.path) == 1:
        words |= set(readable(source.category).split())
    return bool(words & _PLACE_RECORDS)


def _stems(words: set[str]) -> set[str]:
    return {w[:-3] + "y" if w.endswith("ies") and len(w) > 4 else w[:-1] if w.endswith("s") and len(w) > 3 else w
            for w in words}


def _cross_tool_problem(source: Api, target: Api, chain_param: str, chain: OutputComponent, kind: str | None,
                        edge: dict[str, Any]) -> str:
    """Across tools: one value space (graph evidence), one country, one market, a place-aware source."""
    f = FieldName(chain_param)
    s_countries, t_countries = countries_of(source), countries_of(target)
    if s_countries and t_countries and not s_countries & t_countries:
        return (f"tools scoped to different countries: {'/'.join(sorted(s_countries))} vs "
                f"{'/'.join(sorted(t_countries))}")
    if t_countries and not s_countries and kind in _PLACE:
        # an IP's city, a brewery's postal code, a seaport's point lie anywhere: a US-only or India-only target
        # takes a place of its own country, which a worldwide source does not promise
        return f"a place from a worldwide source into a {'/'.join(sorted(t_countries))}-only tool: {target.tool}"
    s_words, t_words = _words(source), _words(target)
    s_markets = {m for m, words in _MARKETS.items() if s_words & words}
    t_markets = {m for m, words in _MARKETS.items() if t_words & words}
    if kind == "symbol" and s_markets and t_markets and not s_markets & t_markets:
        return f"symbols of different markets: {'/'.join(sorted(s_markets))} vs {'/'.join(sorted(t_markets))}"
    if side_effects(target):
        # a user acts (uploads, sets a webhook, sends) with their own values: a street address is no webhook
        # address, a ZIP code no ZIP file
        return f"cross-tool value into a change: {source.tool} -> {target.name}"
    if kind in ("email", "phone", "username", "first_name", "last_name"):
        # a pet shop's user record does not say who someone is in a time tracker: each service keeps its own
        # accounts, and people say their own contact details
        return f"an account's contact value across services: {readable(chain_param)} ({source.tool} -> {target.tool})"
    if kind == "timezone" and not set(readable(f"{target.name} {target.description}").split()) & _TIME_WORDS:
        # a scores or news feed's "timezone" formats its times: nobody looks up a zone to set it
        return f"a time zone as a display setting of a target about something else: {target.name}"
    graph_kind, reason = str(edge.get("kind") or ""), str(edge.get("reason") or "")
    if graph_kind in ("generic", "value"):
        return f"cross-tool {graph_kind} value (not one value space): {source.tool} -> {target.tool}"
    evidence = edge_evidence(edge)  # typed facts of the graph stage; its ``reason`` is for people only
    if graph_kind == "identifier" and not evidence & _ID_EVIDENCE:
        return f"cross-tool identifier without shared-id-space evidence: {reason or source.tool}"
    place_id = kind == "id" and f.has("city", "country", "region", "location", "place", "airport")
    if kind == "id" and not place_id and set(readable(source.tool).split()) & _TRACKER_WORDS and not set(
            readable(target.tool).split()) & _TRACKER_WORDS:
        # a parcel tracker follows orders of many shops: its item ids are no one shop's product ids
        return f"a tracker's record id in another service: {source.tool} -> {target.tool}"
    if kind == "id" and not place_id and source.category != target.category:
        # one provider's match_id of an esports API is not its football API's match_id
        return f"identifier across domains: {source.category} -> {target.category}"
    if graph_kind == "standard" and edge.get("standard") in _FORMATTED_STANDARDS \
            and Evidence.FORMATS_AGREE not in evidence:
        return f"cross-tool standard value without agreeing formats: {reason}"
    if kind in ("city", "address", "state") and not any(
            _kind(p.name, p.type) in ("latitude", "longitude") or _coordinate(p.name) or FieldName(p.name).has("ip")
            for p in source.required_parameters):
        return f"a place name the user says: {readable(chain_param)}"  # learnt only from a position
    if kind in _PLACE or place_id:
        words = set(readable(source.name + " " + source.description).split()) | set(readable(source.tool).split())
        locator = bool(set(readable(source.category).split()) & {"location", "mapping", "geography"}) or bool(
            words & {"geocode", "geocoding", "ip", "locate", "geolocation", "address", "coordinates"})
        if not words & _PLACE_WORDS or (source.category != target.category and not locator):
            return f"place value from a source that is not place-aware: {source.tool}"
        geocoder = bool(set(readable(source.category).split()) & {"location", "mapping", "geography"}) or bool(
            words & {"geocode", "geocoding", "ip", "locate", "geolocation"})
        if kind in ("latitude", "longitude") and not geocoder and source.category != target.category and \
                set(readable(target.category).split()).isdisjoint(_TRAVEL_DOMAINS):
            # an airport's coordinates stand for the airport, not for the town where the user shops or commutes
            return f"coordinates of a {source.category} record for a {target.category} search: {source.name}"
    if graph_kind:  # the graph judged it: an identifier of one provider or a standard value
        return ""
    param = target.parameter(chain_param)
    documented_same = param is not None and chain.example is not None and as_text(chain.example) in (
        as_text(param.example), as_text(param.default))
    if kind == "id" or kind is None:
        if documented_same:
            return ""
        if kind is None and set(FieldName(chain.name).tokens) == set(f.tokens):
            return ""
        return f"cross-tool {kind or 'value'} without documented evidence: {source.tool} -> {target.tool}"
    return ""


#: Words of a target about time: a time zone is its subject, not a display setting.
_TIME_WORDS = frozenset({"time", "times", "timezone", "timezones", "zone", "zones", "clock", "date", "dates",
                         "hour", "hours", "local", "sunrise", "sunset", "offset", "dst", "utc"})
