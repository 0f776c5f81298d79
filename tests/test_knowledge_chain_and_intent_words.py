"""The chain rules, the intent writer and the planner read their vocabularies from the knowledge packs
(``tooldial/knowledge/packs``): each module constant is the pack's own object, and each set's ``doc`` names the
module that reads it."""

from __future__ import annotations

import importlib

import pytest

from tooldial.knowledge import loader

#: (module, constant, subject, set or map, how the module reads it: words | ordered | map).
READS = [
    ("tooldial.dialogue.chains.effects", "_SIDE_EFFECT_VERBS", "actions", "side_effect_verbs", "words"),
    ("tooldial.dialogue.chains.effects", "_NAME_VERBS", "actions", "name_change_verbs", "words"),
    ("tooldial.dialogue.chains.effects", "_STATUS_VERBS", "actions", "status_answer_verbs", "words"),
    ("tooldial.graph.record_state", "_REPLACE", "actions", "replace_verbs", "words"),
    ("tooldial.graph.record_state", "_ENDING", "actions", "ending_verbs", "words"),
    ("tooldial.graph.record_state", "_PART_CHANGE", "actions", "part_change_verbs", "words"),
    ("tooldial.rules.chain.user_knows", "_COMPUTE_VERBS", "actions", "compute_verbs", "words"),
    ("tooldial.rules.chain.user_knows", "_CHECKER_WORDS", "actions", "checker_words", "words"),
    ("tooldial.rules.chain.lookup", "_FETCH_VERBS", "actions", "fetch_verbs", "words"),
    ("tooldial.dialogue.intents.clauses", "_VERB_MAP", "actions", "verb_base_forms", "map"),
    ("tooldial.dialogue.intents.clauses", "_BASE_VERBS", "actions", "base_verbs", "words"),
    ("tooldial.dialogue.intents.clauses", "_COPULAS", "actions", "copulas", "words"),
    ("tooldial.dialogue.intents.clauses", "_STATEMENT_COPULAS", "actions", "statement_copulas", "words"),
    ("tooldial.dialogue.intents.clauses", "_ADJECTIVES", "actions", "checked_states", "ordered"),
    ("tooldial.dialogue.intents.goals", "_GOAL_VERBS", "actions", "goal_verbs", "ordered"),
    ("tooldial.rules.chain.cross_tool", "_PLACE_WORDS", "places", "place_aware_words", "words"),
    ("tooldial.rules.chain.cross_tool", "_TRAVEL_DOMAINS", "places", "travel_domains", "words"),
    ("tooldial.rules.chain.place", "_MOVING_WORDS", "places", "moving_things", "words"),
    ("tooldial.dialogue.chains.records", "_PLACE_RECORDS", "places", "place_records", "words"),
    ("tooldial.dialogue.chains.scope", "_DEMONYMS", "places", "demonyms", "map"),
    ("tooldial.dialogue.chains.scope", "_ABBREVIATIONS", "places", "country_abbreviations", "map"),
    ("tooldial.dialogue.planner", "_PLACES", "places", "place_entities", "words"),
    ("tooldial.rules.chain.user_knows", "_NEVER_PROCURED", "field_kinds", "never_procured", "words"),
    ("tooldial.rules.chain.user_knows", "_USER_CHOSEN", "field_kinds", "user_chosen", "words"),
    ("tooldial.rules.chain.user_knows", "_SAID", "field_kinds", "said", "words"),
    ("tooldial.rules.chain.groups", "_ADDRESS", "field_kinds", "address", "words"),
    ("tooldial.rules.chain.user_knows", "_ADDRESS_PARTS", "field_kinds", "address_parts", "words"),
    ("tooldial.rules.chain.user_knows", "_COARSER_PLACE", "field_kinds", "coarser_place", "words"),
    ("tooldial.rules.chain.owner", "_CHOSEN_FOR_NEW", "field_kinds", "chosen_for_new", "words"),
    ("tooldial.rules.chain.place", "_PLACE", "field_kinds", "provided_place", "words"),
    ("tooldial.dialogue.answer_fields", "_READABLE_KINDS", "field_kinds", "readable", "words"),
    ("tooldial.dialogue.answer_fields", "_LISTED_KINDS", "field_kinds", "listed", "words"),
    ("tooldial.rules.chain.holding_record", "_URL_WORDS", "web", "url_words", "words"),
    ("tooldial.rules.chain.shape", "_HOST_WORDS", "web", "host_outputs", "ordered"),
    ("tooldial.rules.chain.user_knows", "_DOMAIN_WORDS", "web", "domain_inputs", "ordered"),
    ("tooldial.rules.chain.user_knows", "_AUTHORED_WORDS", "ownership", "authored_text", "words"),
    ("tooldial.rules.chain.user_knows", "_OWN_ACCOUNT", "ownership", "own_account", "words"),
    ("tooldial.rules.chain.own_records", "_PEOPLE_RECORDS", "ownership", "people_records", "words"),
    ("tooldial.rules.chain.owner", "_CONSUMER_WORDS", "ownership", "consumer_records", "words"),
    ("tooldial.rules.chain.owner", "_ROLE_WORDS", "ownership", "author_roles", "words"),
    ("tooldial.rules.chain.cross_tool", "_TRACKER_WORDS", "ownership", "tracker_words", "words"),
    ("tooldial.dialogue.chains.records", "STOP", "documentation", "chain_stop_words", "words"),
    ("tooldial.dialogue.intents.topics", "_DETERMINERS", "documentation", "topic_determiners", "words"),
    ("tooldial.dialogue.intents.topics", "_EMPTY", "documentation", "empty_topic_nouns", "words"),
    ("tooldial.dialogue.intents.topics", "_BREAKS", "documentation", "topic_breaks", "words"),
    ("tooldial.dialogue.intents.goals", "_DEV_WORDS", "documentation", "developer_words", "words"),
    ("tooldial.dialogue.intents.goals", "_PLAIN_DEV", "documentation", "plain_developer_words", "words"),
    ("tooldial.dialogue.intents.goals", "_MARKERS", "documentation", "parameter_markers", "words"),
    ("tooldial.dialogue.intents.goals", "_ARTICLES", "documentation", "phrase_fillers", "words"),
    ("tooldial.dialogue.intents.goals", "_DANGLING_PARTICIPLES", "documentation", "dangling_participles", "words"),
    ("tooldial.dialogue.intents.goals", "_DANGLING", "documentation", "dangling_words", "words"),
    ("tooldial.dialogue.intents.text", "_FUNCTION_WORDS", "documentation", "function_words", "words"),
    ("tooldial.dialogue.intents.text", "_NAME_NOISE", "documentation", "name_noise", "words"),
    ("tooldial.rules.chain.user_knows", "_FEATURED_WORDS", "documentation", "featured_words", "words"),
    ("tooldial.rules.chain.user_knows", "_PAGINATION_WORDS", "paging", "cursor_words", "words"),
    ("tooldial.rules.edge.paging_cursor", "_CURSOR", "paging", "cursor_words", "words"),
    ("tooldial.rules.edge.paging_cursor", "_TOKEN", "paging", "cursor_token_words", "words"),
    ("tooldial.rules.edge.paging_cursor", "_LEAD", "paging", "cursor_lead_words", "words"),
    ("tooldial.rules.chain.holding_record", "_BARE_ATTRIBUTE", "documentation", "bare_attributes", "words"),
    ("tooldial.rules.chain.cross_tool", "_TIME_WORDS", "time", "time_subject", "words"),
    ("tooldial.rules.chain.cross_tool", "_FORMATTED_STANDARDS", "standards", "formatted_standards", "words"),
    ("tooldial.dialogue.answer_fields", "_GENERIC_LEAVES", "documentation", "generic_leaves", "words"),
    ("tooldial.dialogue.answer_fields", "TABLE_GOAL", "answer_goals", "table_goal", "words"),
    ("tooldial.dialogue.answer_fields", "QUOTE_GOAL", "answer_goals", "quote_goal", "words"),
    ("tooldial.dialogue.answer_fields", "_CODE_GOALS", "answer_goals", "code_goals", "words"),
    ("tooldial.dialogue.answer_fields", "PRICE_FIELDS", "answer_goals", "price_fields", "words"),
    ("tooldial.rules.chain.cross_tool", "_PLACE_CATEGORIES", "places", "place_categories", "words"),
    ("tooldial.rules.chain.cross_tool", "_LOCATOR_WORDS", "places", "locator_words", "words"),
    ("tooldial.rules.chain.cross_tool", "_GEOCODER_WORDS", "places", "geocoder_words", "words"),
    ("tooldial.rules.chain.place", "_STATE_WORDS", "places", "state_words", "words"),
    ("tooldial.rules.chain.place", "_POSTAL_CODE_WORDS", "places", "postal_code_words", "words"),
    ("tooldial.rules.chain.user_knows", "_ORIGIN_WORDS", "places", "origin_words", "ordered"),
    ("tooldial.rules.chain.user_knows", "_DESTINATION_WORDS", "places", "destination_words", "ordered"),
    ("tooldial.dialogue.answer_fields", "_LINK_GOALS", "web", "link_goals", "words"),
    ("tooldial.dialogue.answer_fields", "_COLOUR_GOAL", "answer_goals", "colour_goal", "words"),
    ("tooldial.dialogue.answer_fields", "_TABLE_COLUMNS", "answer_goals", "table_columns", "words"),
    ("tooldial.dialogue.intents.goals", "_PLAIN_GET_VERBS", "actions", "plain_get_verbs", "words"),
    ("tooldial.dialogue.intents.goals", "_PHRASAL_PARTICLES", "actions", "phrasal_particles", "words"),
    ("tooldial.dialogue.intents.clauses", "_QUESTION_WORDS", "documentation", "question_words", "words"),
    ("tooldial.rules.chain.place", "_SAID_PLACES", "field_kinds", "said_places", "words"),
    ("tooldial.rules.chain.user_knows", "_LOCATED_PLACES", "field_kinds", "located_places", "words"),
    ("tooldial.rules.chain.user_knows", "_LOCATED_PLACES", "field_kinds", "located_places", "words"),
    ("tooldial.rules.chain.user_knows", "_ACCOUNT_CONTACTS", "field_kinds", "account_contacts", "words"),
    ("tooldial.rules.chain.cross_tool", "_PERSON_CONTACTS", "field_kinds", "person_contacts", "words"),
]


@pytest.mark.parametrize(("module", "name", "subject", "entry", "how"), READS, ids=lambda v: str(v))
def test_the_module_reads_the_pack(module: str, name: str, subject: str, entry: str, how: str) -> None:
    got = getattr(importlib.import_module(module), name)
    reader = {"words": loader.words, "ordered": loader.ordered_words, "map": loader.word_map}[how]
    assert got is reader(subject, entry)
    pack = loader.pack(subject)
    doc = (pack.word_sets.get(entry) or pack.maps[entry]).doc
    assert module.removeprefix("tooldial.dialogue.") in doc, f"{subject}.{entry}'s doc does not name its reader {module}"


def test_a_verb_added_to_the_pack_is_what_the_rules_see() -> None:
    from tooldial.corpus.models import Api
    from tooldial.dialogue.chains import side_effects
    from tooldial.dialogue.intents import description_clause

    assert {"cancel", "mute"} <= loader.words("actions", "side_effect_verbs") & loader.words("actions", "base_verbs")
    assert side_effects(Api(category="Data", tool="t", name="Seat", description="Cancels the booking of a seat."))
    assert not side_effects(Api(category="Data", tool="t", name="Seats", description="Lists the seats of a user."))
    # the description's third-person verb becomes the base form the pack maps it to
    assert loader.word_map("actions", "verb_base_forms")["shows"] == "see"
    assert description_clause(Api(category="Data", tool="t", name="x", description="Shows the seats of a plane.")) \
        .startswith("see the seats")


def test_a_get_description_that_says_what_to_send_is_a_lookup() -> None:
    """ToolBench GETs documented as "Send IP addres", "insert platform, eg: pc" describe their input; a random 40
    of the 44 such APIs of the whole corpus were judged blind: 39 lookups (docs/history/model-parts.md)."""
    from tooldial.corpus.models import Api, Parameter
    from tooldial.dialogue.chains import side_effects

    def api(description: str, *inputs: str, method: str = "GET") -> Api:
        return Api(category="Data", tool="t", name="Check", description=description, method=method,
                   required_parameters=tuple(Parameter(name=n) for n in inputs))

    assert not side_effects(api("Send IP addres", "ip"))
    assert not side_effects(api("insert platform, eg: pc, browser.", "platform"))
    assert not side_effects(api("Send a request with a URL and get a QR code picture in response", "url"))
    # a thing whose sending is a change, an input the words do not name, another method: still a change
    assert side_effects(api("Send a message from the logged in user's phone number", "message", "contacts"))
    assert side_effects(api("Submit a URL to be indexed", "link"))
    assert side_effects(api("Insert user into the group", "user", "group"))
    assert side_effects(api("Send a request to cancel the booking", "booking_id"))
    assert side_effects(api("Send IP addres", "ip", method="POST"))
    assert {"send", "insert"} <= loader.words("actions", "input_verbs")


def test_a_demonym_of_the_places_pack_scopes_a_tool_to_its_country() -> None:
    from tooldial.corpus.models import Api
    from tooldial.dialogue.chains import countries_of

    assert loader.word_map("places", "demonyms")["norwegian"] == "NO"  # quoted in YAML: a bare NO is a boolean
    assert countries_of(Api(category="Data", tool="Norwegian Addresses", name="Search", description="")) == {"NO"}
    assert loader.word_map("places", "country_abbreviations")["UK"] == "GB"
    assert countries_of(Api(category="Data", tool="UK Postcodes", name="Lookup", description="")) == {"GB"}


def test_the_coordinate_words_are_sets_by_kind() -> None:
    from tooldial.rules.chain import lookup

    entries = loader.word_map("places", "coordinate_words")
    assert {kind: set(words) for kind, words in entries.items()} == lookup._KIND_WORDS
    assert "lng" in lookup._KIND_WORDS["longitude"]


def test_the_id_suffixes_are_the_bare_id_words_and_the_how_suffixes() -> None:
    from tooldial.dialogue.chains import records

    assert loader.words("identifiers", "bare_id") | loader.words("identifiers", "how_suffixes") == records.ID_SUFFIXES
    assert {"slug", "token"} <= records.ID_SUFFIXES


#: (module of tooldial.dialogue.intents, constant, bank of phrases/en/intents.yaml).
PHRASES = [
    ("personas", "PERSONAS", "personas"), ("personas", "DEFAULT_PERSONA", "default_persona"),
    ("candidates", "CLEAR_TEMPLATES", "clear_templates"), ("candidates", "SUGGEST_TEMPLATES", "suggest_templates"),
    ("candidates", "CLARIFY_TEMPLATES", "clarify_templates"), ("candidates", "GREETINGS", "greetings"),
    ("candidates", "SELF_INTROS", "self_intros"), ("candidates", "CLEAR_FRAMES", "clear_frames"),
    ("candidates", "REASON_TAILS", "reason_tails"), ("candidates", "CLARIFY_ASKS", "clarify_asks"),
    ("candidates", "SUGGEST_PREFIXES", "suggest_prefixes"), ("bank", "CLEAR_ADD_TEMPLATES", "clear_add_templates"),
    ("personas", "DECISION_REASONS", "decision_reasons"),
    ("bank", "CLEAR_ADD_COUNT_TEMPLATES", "clear_add_count_templates"),
    ("personal", "PROFILE_LEADS", "profile_leads"), ("personal", "PROFILE_CLEAR", "profile_clear"),
    ("personal", "PROFILE_VAGUE", "profile_vague"),
]


@pytest.mark.parametrize(("module", "name", "bank"), PHRASES, ids=lambda v: str(v))
def test_the_intent_writer_reads_its_phrase_book(module: str, name: str, bank: str) -> None:
    got = getattr(importlib.import_module(f"tooldial.dialogue.intents.{module}"), name)
    assert got is loader.phrase_banks("en", "intents")[bank]


def test_a_persona_shared_by_two_categories_is_one_entry_of_four_texts() -> None:
    from tooldial.corpus.models import Api
    from tooldial.dialogue.intents import PERSONAS, persona_of

    assert PERSONAS["travel"] == PERSONAS["flight"] and PERSONAS["news"] == PERSONAS["media"]
    assert all(isinstance(entry, tuple) and len(entry) == 4 for entry in PERSONAS.values())
    assert persona_of(Api(category="Flights", tool="t", name="x", description="")) == PERSONAS["travel"]
    assert loader.phrase_banks("en", "intents")["greetings"].count("") == 3  # most users open with no greeting
