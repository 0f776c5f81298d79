"""Chain rules about the user: values they know, choose, say or own, input groups, echoes of their input."""

from __future__ import annotations

import re
from typing import Any

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.chains.effects import side_effects
from tooldial.dialogue.chains.records import _coordinate, _kind, _named_entity, _stems, _words
from tooldial.dialogue.chains.scope import _names_a_country
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import FieldName
from tooldial.graph.validity import ECHO_CONTAINERS
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as knowledge_words

#: Kinds of value a user would never have looked up through another API (they know or choose them).
_NEVER_PROCURED = knowledge_words("field_kinds", "never_procured")
#: Kinds a user always chooses themselves (their dates, their currencies, their language), in any tool.
_USER_CHOSEN = knowledge_words("field_kinds", "user_chosen")
#: Free text a user says (a person's name, a title, a search term): never looked up, in any tool.
_SAID = knowledge_words("field_kinds", "said")
#: Words of an input that is free text the user writes for that record (its description, message, body).
_AUTHORED_WORDS = knowledge_words("ownership", "authored_text")
#: Words of a source that ranks or features things of the moment (the hottest city, today's extremes, the job of
#: the week): its one place is never the place of the user's own plans.
_FEATURED_WORDS = knowledge_words("documentation", "featured_words")
#: Words of pagination state (a cursor continues one query; nobody looks it up for another).
_PAGINATION_WORDS = knowledge_words("documentation", "pagination_state")
#: First words of targets that compute on the user's own thing (their recipe, their loan).
_COMPUTE_VERBS = knowledge_words("actions", "compute_verbs")


#: Kinds of an address: a user who knows the street or the postal code knows the city too.
_ADDRESS = knowledge_words("field_kinds", "address")
#: Place kinds a user knows once they gave the source an address (street, postal code) of theirs.
_ADDRESS_PARTS = knowledge_words("field_kinds", "address_parts")
#: Kinds a user knows once they name a city, address or postal code of theirs (its country, its state).
_COARSER_PLACE = knowledge_words("field_kinds", "coarser_place")


#: Words of an API that checks what the user holds (a ticket, an address, a code).
_CHECKER_WORDS = knowledge_words("actions", "checker_words")

#: Words of an input that is where a trip starts, and of one where it ends (``knowledge/packs/places.yaml``).
_ORIGIN_WORDS = ordered_words("places", "origin_words")
_DESTINATION_WORDS = ordered_words("places", "destination_words")

#: Kinds of where something is, and of an account's contact value (``knowledge/packs/field_kinds.yaml``).
_LOCATED_PLACES = knowledge_words("field_kinds", "located_places")
_ACCOUNT_CONTACTS = knowledge_words("field_kinds", "account_contacts")


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
    if f.has(*_ORIGIN_WORDS) and any(FieldName(p.name).has(*_DESTINATION_WORDS) for p in target.parameters):
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
    if kind in _COARSER_PLACE and any(p.name != chain_param and _kind(p.name, p.type) in _LOCATED_PLACES
                                      for p in target.required_parameters):
        return f"value the user knows: the {readable(chain_param)} of the place they give the target"
    if kind in _COARSER_PLACE and _kind(chain.name, chain.type) in _COARSER_PLACE and any(
            _kind(p.name, p.type) in _COARSER_PLACE or _names_a_country(p.example if p.example is not None else p.default)
            for p in source.required_parameters):
        # a next-new-moon lookup for location "France" answers with a country: the one the user named
        return f"value the user knows: the {readable(chain_param)} they gave the source"
    if kind in _ACCOUNT_CONTACTS and set(readable(source.name).split()) & _OWN_ACCOUNT:
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
_PEOPLE_RECORDS = knowledge_words("ownership", "people_records")


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
_CONSUMER_WORDS = knowledge_words("ownership", "consumer_records")
#: Kinds of value the user picks for a record being made (its category, its type).
_CHOSEN_FOR_NEW = knowledge_words("field_kinds", "chosen_for_new")


#: Keys of a record's author or owner: the author of a channel's own posts is that channel.
_ROLE_WORDS = knowledge_words("ownership", "author_roles")


#: Words of an input's name that say it takes a domain (the part after the @ of an e-mail, the host of a URL).
_DOMAIN_WORDS = ordered_words("web", "domain_inputs")


#: Words of an API about the user's own account: its email, phone or user name is the user's own.
_OWN_ACCOUNT = knowledge_words("ownership", "own_account")
