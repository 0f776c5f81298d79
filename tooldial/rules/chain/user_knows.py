"""Chain rule ``user_knows``: values the user knows, chooses or says are never looked up."""

from __future__ import annotations

from tooldial.dialogue.chains.effects import side_effects
from tooldial.dialogue.chains.records import api_text_words, name_kind
from tooldial.dialogue.chains.scope import names_a_country
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import FieldName
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link

_ACCOUNT_CONTACTS = knowledge_words("field_kinds", "account_contacts")
#: Place kinds a user knows once they gave the source an address (street, postal code) of theirs.
_ADDRESS_PARTS = knowledge_words("field_kinds", "address_parts")
#: Words of an input that is free text the user writes for that record (its description, message, body).
_AUTHORED_WORDS = knowledge_words("ownership", "authored_text")
#: Words of an API that checks what the user holds (a ticket, an address, a code).
_CHECKER_WORDS = knowledge_words("actions", "checker_words")
#: Kinds a user knows once they name a city, address or postal code of theirs (its country, its state).
_COARSER_PLACE = knowledge_words("field_kinds", "coarser_place")
#: First words of targets that compute on the user's own thing (their recipe, their loan).
_COMPUTE_VERBS = knowledge_words("actions", "compute_verbs")
_DESTINATION_WORDS = ordered_words("places", "destination_words")
#: Words of an input's name that say it takes a domain (the part after the @ of an e-mail, the host of a URL).
_DOMAIN_WORDS = ordered_words("web", "domain_inputs")
#: Words of an input that is an id or a code; of a source's input that takes an e-mail or a URL.
_WRITTEN_IDS = ordered_words("identifiers", "written_ids")
_CONTACT_ADDRESS_WORDS = ordered_words("web", "contact_address_words")
#: Words of a source that ranks or features things of the moment (the hottest city, today's extremes, the job of
#: the week): its one place is never the place of the user's own plans.
_FEATURED_WORDS = knowledge_words("documentation", "featured_words")
_LOCATED_PLACES = knowledge_words("field_kinds", "located_places")
#: Kinds of value a user would never have looked up through another API (they know or choose them).
_NEVER_PROCURED = knowledge_words("field_kinds", "never_procured")
#: Words of an input that is where a trip starts, and of one where it ends (``knowledge/packs/places.yaml``).
_ORIGIN_WORDS = ordered_words("places", "origin_words")
#: Words of an API about the user's own account: its email, phone or user name is the user's own.
_OWN_ACCOUNT = knowledge_words("ownership", "own_account")
#: Words of pagination state (a cursor continues one query; nobody looks it up for another).
_PAGINATION_WORDS = knowledge_words("paging", "cursor_words")
#: Free text a user says (a person's name, a title, a search term): never looked up, in any tool.
_SAID = knowledge_words("field_kinds", "said")
#: Kinds a user always chooses themselves (their dates, their currencies, their language), in any tool.
_USER_CHOSEN = knowledge_words("field_kinds", "user_chosen")


class UserKnows(ChainRule):
    """Values the user knows, chooses or says: nobody looks them up."""

    checks = (ChainCheck.USER_KNOWS, ChainCheck.USER_SAYS, ChainCheck.USER_WRITES, ChainCheck.PAGINATION,
              ChainCheck.FEATURED_ITEM, ChainCheck.ADDRESS_PLACE_PART, ChainCheck.ADDRESS_PART,
              ChainCheck.CHECKER)

    def problem(self, link: Link) -> ChainProblem | None:
        source, target, chain_param = link.source, link.target, link.chain_param
        chain, kind = link.chain, link.kind
        f = FieldName(chain_param)
        if kind in _NEVER_PROCURED and source.tool != target.tool or kind in _USER_CHOSEN:
            return ChainProblem(ChainCheck.USER_KNOWS, f"value the user knows: {kind}")
        if kind in _SAID:
            return ChainProblem(ChainCheck.USER_SAYS,
                                f"a name or search term the user says: {readable(chain_param)}")
        if set(f.tokens) & _AUTHORED_WORDS and not f.has(*_WRITTEN_IDS) and side_effects(target):
            # the target creates or sends something: its description or message is text the user writes
            return ChainProblem(ChainCheck.USER_WRITES,
                                f"text the user writes for the record the target creates: {readable(chain_param)}")
        if set(f.tokens) & _PAGINATION_WORDS:
            return ChainProblem(ChainCheck.PAGINATION,
                                f"a pagination token belongs to the query that returned it: {readable(chain_param)}")
        if not source.required_parameters and set(readable(source.name).split()) & _FEATURED_WORDS and \
                (readable(target.name).split() or [""])[0] in _COMPUTE_VERBS:
            return ChainProblem(ChainCheck.FEATURED_ITEM,
                                f"a featured item stands in for the user's own in a computation: {source.name} -> {target.name}")
        if f.has(*_ORIGIN_WORDS) and any(FieldName(p.name).has(*_DESTINATION_WORDS) for p in target.parameters):
            return ChainProblem(ChainCheck.USER_KNOWS, f"value the user knows: where they start ({chain_param})")
        if kind in _ADDRESS_PARTS and any(
                name_kind(p.name, p.type) in ("address", "postal") or FieldName(p.name).has("street", "address")
                for p in source.required_parameters):
            return ChainProblem(ChainCheck.ADDRESS_PLACE_PART,
                                f"a place part of the address the user gave: {readable(chain_param)}")
        if FieldName(chain_param).has(*_DOMAIN_WORDS) and any(
                name_kind(p.name, p.type) in ("email", "url") or FieldName(p.name).has(*_CONTACT_ADDRESS_WORDS)
                for p in source.required_parameters):
            # an e-mail analysis or a page parser answers with the domain of the address the user gave it
            return ChainProblem(ChainCheck.ADDRESS_PART,
                                f"a part of the address the user gave: the {readable(chain_param)}")
        coarser = {"city": _COARSER_PLACE, "state": frozenset({"country", "country_code"})}
        given = next((p.name for p in source.required_parameters
                      if kind in coarser.get(name_kind(p.name, p.type) or "", frozenset())), None)
        if given is not None:
            # zip codes "by city" answer with that city's country: the user who named the city knows it
            return ChainProblem(ChainCheck.USER_KNOWS,
                                f"value the user knows: the {readable(chain_param)} of the {readable(given)} they gave the source")
        if kind in _COARSER_PLACE and any(p.name != chain_param and name_kind(p.name, p.type) in _LOCATED_PLACES
                                          for p in target.required_parameters):
            return ChainProblem(ChainCheck.USER_KNOWS,
                                f"value the user knows: the {readable(chain_param)} of the place they give the target")
        if kind in _COARSER_PLACE and name_kind(chain.name, chain.type) in _COARSER_PLACE and any(
                name_kind(p.name, p.type) in _COARSER_PLACE or names_a_country(p.example if p.example is not None else p.default)
                for p in source.required_parameters):
            # a next-new-moon lookup for location "France" answers with a country: the one the user named
            return ChainProblem(ChainCheck.USER_KNOWS,
                                f"value the user knows: the {readable(chain_param)} they gave the source")
        if kind in _ACCOUNT_CONTACTS and set(readable(source.name).split()) & _OWN_ACCOUNT:
            # a credits or profile call returns the caller's own account: its email is one the user knows
            return ChainProblem(ChainCheck.USER_KNOWS,
                                f"value the user knows: their own account's {readable(chain_param)} ({source.name})")
        if api_text_words(target, description=False) & _CHECKER_WORDS:
            return ChainProblem(ChainCheck.CHECKER,
                                f"a checker checks the user's own value: {readable(chain_param)}")
        return None
