"""The graph's validity rules read their vocabularies from the knowledge packs (issue 29): each module constant is
the loader's own object (not a copy), every word set and map of the graph's packs has a reader, and a word of a
pack decides what the rule that reads it does."""

from __future__ import annotations

import importlib

import pytest

from tests.conftest import graph_entity as ent
from tooldial.knowledge import loader

#: (module of tooldial.graph, constant, pack subject, word set or map name)
READS = [
    ("geo_scope", "_BOX_COORDINATES", "geography", "box_coordinate_words"),
    ("entities", "_CODE_SUFFIXES", "standards", "code_suffixes"),
    ("value_kinds", "IDENTIFIER_TAIL", "identifiers", "identifier_tail"),
    ("value_kinds", "PROVIDER_SCOPED_WORDS", "identifiers", "provider_scoped"),
    ("value_kinds", "GLOBAL_STANDARDS", "standards", "global"),
    ("system_codes", "ONE_SYSTEM_CODES", "standards", "one_system_codes"),
    ("value_kinds", "PUBLIC_IDS", "standards", "public_registry"),
    ("value_kinds", "DATE_STANDARDS", "standards", "dates"),
    ("value_kinds", "SYNTAX_STANDARDS", "standards", "syntax"),
    ("value_kinds", "NAMED_SYNTAX", "standards", "named_syntax"),
    ("value_kinds", "NEVER_KEYS", "standards", "never_keys"),
    ("echoes", "_ID_SPELLINGS", "identifiers", "id_spellings"),
    ("rest_resources", "_NEW_RECORD_VERBS", "records", "new_record_verbs"),
    ("value_kinds", "_LEDGER_WORDS", "markets", "ledger"),
    ("value_kinds", "NAMING_LEAVES", "records", "naming_leaves"),
    ("value_kinds", "PLACEHOLDER_EXAMPLES", "records", "placeholder_examples"),
    ("value_space", "_LISTABLE_STANDARDS", "standards", "listable"),
    ("echoes", "VALUE_CHECKED_KINDS", "standards", "value_checked"),
    ("echoes", "_CREATE_VERBS", "records", "create_verbs"),
    ("echoes", "_RELATED_RECORDS", "records", "related_records"),
    ("record_ids", "_ROLES", "records", "record_roles"),
    ("record_copy", "_NEW_RECORD_VERBS", "records", "new_record_verbs"),
    ("echoes", "_KEY_TAIL", "identifiers", "key_tail"),
    ("echoes", "_POINT_INPUT_WORDS", "geography", "point_inputs"),
    ("echoes", "_ROUTE_ENDS", "geography", "route_ends"),
    ("echoes", "_POSITION_RECORDS", "geography", "position_records"),
    ("echoes", "_PERSON_INPUT", "accounts", "person_inputs"),
    ("echoes", "_OWNER_RECORDS", "accounts", "owner_records"),
    ("echoes", "_OTHERS_WORDS", "accounts", "others_records"),
    ("lookups", "LOOKUP_KINDS", "standards", "lookup_keys"),
    ("lookups", "IMAGE_WORDS", "media_files", "image_names"),
    ("geo_scope", "COUNTRY_BOUND", "standards", "country_bound"),
    ("geo_scope", "_AREA_WORDS", "geography", "area_records"),
    ("geo_scope", "_POINT_WORDS", "geography", "point_records"),
    ("geo_scope", "_BOUND_WORDS", "geography", "country_bound_names"),
    ("geo_scope", "_BOX_WORDS", "geography", "bounding_box"),
    ("geo_scope", "_STATE_NAMES", "geography", "state_named_countries"),
    ("geo_scope", "_LATITUDE_NAMES", "geography", "latitude_names"),
    ("geo_scope", "_LONGITUDE_NAMES", "geography", "longitude_names"),
    ("geo_scope", "_COUNTRY_INPUT_NAMES", "geography", "country_input_names"),
    ("counts", "COUNT_WORDS", "quantities", "count_names"),
    ("counts", "_SIZE_WORDS", "quantities", "request_size_names"),
    ("counts", "_RECORD_NUMBER", "quantities", "record_number_names"),
    ("rest_resources", "KEY_WORDS", "containers", "resource_key_words"),
    ("input_groups", "_RANGE_START", "records", "range_start"),
    ("input_groups", "_RANGE_END", "records", "range_end"),
    ("id_spaces", "_FAMILY_NOISE", "names", "tool_family_noise"),
    ("id_spaces", "_CATEGORY_NAMES", "names", "tool_categories"),
    ("id_spaces", "_GENERIC_TOOL_NAMES", "names", "generic_tool_names"),
    ("copied_schemas", "WRAPPERS", "containers", "copied_schema_wrapper"),
    ("record_types", "_MARKETPLACE", "names", "marketplace"),
    ("value_space", "_PAIR_WORDS", "markets", "pair_names"),
    ("markets", "SETTING_WORDS", "markets", "setting_names"),
    ("select", "_STYLE_WORDS", "requests", "presentation_settings"),
    ("select", "_SETTING_WORDS", "requests", "transport_settings"),
    ("select", "_SETTER_VERBS", "requests", "setter_verbs"),
    ("select", "_GENERATED_WORDS", "requests", "generated_data"),
    ("select", "_DETECT_WORDS", "languages", "detect_verbs"),
    ("select", "_TARGET_LANGUAGE_WORDS", "languages", "target_language_inputs"),
    ("select", "_LANGUAGE_TOPICS", "languages", "language_topics"),
    ("select", "_OWN_ACCOUNT_WORDS", "accounts", "own_account_apis"),
    ("select", "USER_FIELDS", "accounts", "user_fields"),
    ("select", "_PERSON_WORDS", "accounts", "person_records"),
    ("select", "META_FIELDS", "records", "meta_fields"),
    ("select", "STATE_LOOKUP_WORDS", "records", "state_lookup_words"),
    ("record_copy", "_OWN_NAMES", "records", "own_name_fields"),
    ("rest_resources", "_NAME_KEYS", "containers", "item_name_fields"),
    ("rest_resources", "_COPY_VERBS", "records", "copy_verbs"),
    ("select", "_SHORT_FORMS", "records", "short_forms"),
    ("entities", "GENERIC_NAMES", "names", "entity_generic"),
    ("entities", "API_NAME_FILLER", "names", "entity_api_filler"),
    ("entities", "CONTAINER_NAMES", "containers", "entity_container"),
    ("entities", "STOPWORDS", "stopwords", "entity_text"),
    ("entities", "INPUT_QUALIFIERS", "requests", "direction_qualifiers"),
    ("entities", "STANDARD_WORDS", "standards", "entity_standard_words"),
    ("entities", "_CODED", "standards", "named_beside_code"),
    ("entities", "_BOILERPLATE", "records", "boilerplate_descriptions"),
    ("build", "_NOT_QUALIFIERS", "requests", "range_or_direction"),
    ("transforms", "_LOOKUP_WORDS", "requests", "lookup_apis"),
    ("account_email", "ADDRESS_SUBJECT_WORDS", "accounts", "address_subject_apis"),
    ("edge_features", "_NUMERIC", "field_words", "numeric_types"),
]
ORDERED = [("value_formats", "_QUOTES", "markets", "quote_tickers"),
           ("rest_resources", "_ITEM_KEYS", "containers", "item_key_fields")]
MAPS = [
    ("value_kinds", "_STANDARD_BY_WORD", "standards", "kind_by_word"),
    ("value_kinds", "_FORMAT_FORMATS", "standards", "kind_by_schema_format"),
    ("value_kinds", "_CODED_RECORDS", "standards", "coded_records"),
    ("value_space", "_KEY_FORMATS", "standards", "key_formats"),
    ("value_space", "UNCOMMON_FORMATS", "standards", "uncommon_formats"),
    ("geo_scope", "_CONTINENTS", "geography", "continent_by_word"),
    ("urls", "_MEDIA_KINDS", "media_files", "medium_by_word"),
    ("transforms", "CONTENT_LEAVES", "records", "content_leaves"),
]
#: Regular expressions compiled from a set's words, joined by ``|`` in the file's order (module, constant, sets).
COMPILED = [
    ("geo_scope", "AREA_TARGET_INPUTS", "geography", "area_target_inputs"),
    ("geo_scope", "_REGION_ONLY", "geography", "region_only_before"),
    ("geo_scope", "_REGION_ONLY", "geography", "region_only_after"),
    ("transforms", "_TRANSFORM_VERBS", "actions", "text_transforms"),
    ("transforms", "_READS_TEXT", "actions", "text_readers"),
    ("transforms", "_SHORT_ONLY", "web", "unshorteners"),
    ("transforms", "_NOT_ANY_URL", "web", "not_any_url"),
    ("transforms", "_WRITTEN", "media", "written_content"),
    ("record_clashes", "_FOLDER", "media_files", "folder_words"),
    ("record_clashes", "_FILE", "media_files", "file_words"),
    ("counts", "_SIZE_DOC", "quantities", "request_size_docs"),
    ("entities", "_SEVERAL", "quantities", "several_values_docs"),
    ("select", "_CHOICES", "documentation", "choice_lists"),
    ("entities", "_ID_MENTION", "identifiers", "id_mentions"),
    ("markets", "_CRYPTO_CURRENCY", "markets", "virtual_currency_adjectives"),
    ("value_kinds", "_INTERNET_DOC", "web", "internet_docs"),
    ("rest_resources", "_EXTENSION", "containers", "path_extensions"),
    ("rest_resources", "_EXTENSION", "containers", "path_format_parameters"),
]
#: Sets read as part of a union or compiled (checked on their own below).
DERIVED = {("records", "bare_leaves"), ("markets", "market_patterns")}
#: Sets of a graph pack read by a later stage (each tested with its reader): the chain rules' standards with formats.
LATER_STAGES = {("standards", "formatted_standards"), ("records", "creating_operations"),
                ("requests", "unstated_inputs"),  # the planner's (tests/test_stated_optionals.py)
                ("records", "typical_fields"),  # the mock world's hollow lists (tests/test_mock_hollow.py)
                ("records", "noun_contexts")}  # the same (tests/test_mock_hollow.py)
#: Sets of a graph pack read by the mock world or its record rules (module, constant, subject, set, ordered):
#: vocabulary moved out of their function bodies; each constant is the loader's own object.
MOCK_WORLD = [
    ("knowledge.taxonomy", "_ABBREVIATIONS", "standards", "abbreviations", False),
    ("knowledge.taxonomy", "_PARTNERS", "standards", "abbreviation_partners", False),
    ("dialogue.mockdata.hollow", "_PAGE_WORDS", "records", "page_words", False),
    ("dialogue.mockdata.hollow", "_SOCIAL_FIELDS", "records", "social_fields", False),
    ("dialogue.mockdata.hollow", "_SOCIAL_CONTEXT", "records", "social_context", False),
    ("dialogue.mockdata.generators", "_IMAGE_FILE_CONTEXT", "media_files", "image_file_context", True),
    ("dialogue.mockdata.generators", "_DOCUMENT_EXTENSIONS", "media_files", "document_extensions", True),
    ("dialogue.mockdata.generators", "_PICTURE_SIZES", "media_files", "picture_sizes", True),
    ("dialogue.mockdata.sites", "_PICTURE_EXTENSIONS", "media_files", "picture_extensions", True),
    ("knowledge.taxonomy", "_PICTURE_LINKS", "media_files", "picture_link_keys", False),
    ("knowledge.taxonomy", "_NOT_PICTURE_SIZES", "media_files", "not_picture_size_words", False),
    ("rules.world.picture_size", "_SIDE_RANGE", "media_files", "picture_side_range", True),
    ("rules.world.picture_size", "_SIZES", "media_files", "picture_sizes", True),
    ("dialogue.mockdata.generators", "_AUDIENCE_COUNTS", "quantities", "audience_counts", True),
    ("rules.world.values", "_CHANGE_WORDS", "quantities", "change_words", True),
    ("dialogue.mockdata.builder", "_SHORT_NAME_WORDS", "records", "short_name_words", False),
    ("dialogue.mockdata.hollow", "_ONE_RECORD", "records", "one_record_words", False),
    ("dialogue.mockdata.hollow", "_ASKED_BY", "records", "asked_by_words", False),
    ("dialogue.mockdata.builder", "_OWN_NAME_FIELDS", "records", "own_name_fields", False),
]
#: Sets of the records pack read by the corpus stage's implied outputs (tested below with their reader).
IMPLIED = [("_CREATE", "create_verbs"), ("_LIST", "listing_verbs"), ("_FIND", "finding_verbs"),
           ("_ENDS", "record_name_ends"), ("_ASSOCIATE", "association_verbs"), ("_FILLER", "record_name_filler"),
           ("_ID", "implied_id_words"), ("_ROLES", "record_roles")]
#: Packs whose every set and map the graph reads (shared packs hold other stages' sets too).
GRAPH_PACKS = ("standards", "geography", "media_files", "quantities", "records", "accounts", "requests", "languages")


def _constant(module: str, name: str) -> object:
    return getattr(importlib.import_module(f"tooldial.graph.{module}"), name)


@pytest.mark.parametrize(("module", "name", "subject", "word_set"), READS, ids=lambda x: str(x))
def test_a_graph_word_set_is_the_packs_own(module: str, name: str, subject: str, word_set: str) -> None:
    assert _constant(module, name) is loader.words(subject, word_set)


@pytest.mark.parametrize(("module", "name", "subject", "word_set"), ORDERED, ids=lambda x: str(x))
def test_an_ordered_graph_word_list_is_the_packs_own(module: str, name: str, subject: str, word_set: str) -> None:
    assert _constant(module, name) is loader.ordered_words(subject, word_set)


@pytest.mark.parametrize(("module", "name", "subject", "word_map"), MAPS, ids=lambda x: str(x))
def test_a_graph_lookup_table_is_the_packs_own(module: str, name: str, subject: str, word_map: str) -> None:
    assert _constant(module, name) is loader.word_map(subject, word_map)


@pytest.mark.parametrize(("module", "name", "subject", "word_set", "ordered"), MOCK_WORLD, ids=lambda x: str(x))
def test_a_mock_world_word_set_of_a_graph_pack_is_the_packs_own(module: str, name: str, subject: str, word_set: str,
                                                                   ordered: bool) -> None:
    read = loader.ordered_words if ordered else loader.words
    assert getattr(importlib.import_module(f"tooldial.{module}"), name) is read(subject, word_set)


def test_derived_vocabularies_are_built_from_the_packs() -> None:
    from tooldial.graph import echoes, markets, record_types

    assert record_types.BARE_IDS | loader.words("records", "bare_leaves") == echoes._BARE_LEAVES
    patterns = loader.word_map("markets", "market_patterns")
    assert list(markets._MARKETS) == list(patterns) == ["currency", "stock", "crypto"]
    assert all(rx.pattern == patterns[m] for m, rx in markets._MARKETS.items())


@pytest.mark.parametrize(("module", "name", "subject", "word_set"), COMPILED, ids=lambda x: str(x))
def test_a_graph_pattern_is_compiled_from_the_packs_words(module: str, name: str, subject: str, word_set: str) -> None:
    assert "|".join(loader.ordered_words(subject, word_set)) in _constant(module, name).pattern


def test_a_transform_verb_of_the_pack_is_what_the_rule_sees() -> None:
    from tooldial.graph.transforms import _TRANSFORM_VERBS

    assert "capitali[sz]\\w*" in loader.ordered_words("actions", "text_transforms")
    assert _TRANSFORM_VERBS.search("Capitalize a title") and not _TRANSFORM_VERBS.search("Get a title by id")


@pytest.mark.parametrize("subject", GRAPH_PACKS)
def test_every_set_of_a_graph_pack_has_a_reader(subject: str) -> None:
    read = ({(s, n) for _, _, s, n in READS + ORDERED + MAPS + COMPILED} | DERIVED | LATER_STAGES
            | {(s, n) for _, _, s, n, _ in MOCK_WORLD}
            | {("records", n) for _, n in IMPLIED})
    pack = loader.pack(subject)
    assert {(subject, n) for n in (*pack.word_sets, *pack.maps)} <= read


def test_a_word_of_the_standards_pack_names_the_kind_of_a_field() -> None:
    from tooldial.graph.value_kinds import classify

    for word, kind in loader.word_map("standards", "kind_by_word").items():
        if kind in ("symbol", "place") or word in loader.words("names", "graph_generic"):
            continue  # symbols and places are read further (market, slug, ledger address)
        # a bare ``domain`` is an internet domain only where internet words say so (a field of knowledge else)
        documented = "The web host's domain" if kind == "domain" else ""
        traits = classify(ent("T|t|A", "input", f"home_{word}", documented=documented))
        assert (traits.kind, traits.standard) == ("standard", kind), word


def test_count_and_request_size_words_decide_counts() -> None:
    from tooldial.graph.counts import is_count, is_request_size

    for word in loader.words("quantities", "count_names") - {"amount_of"}:  # never a word of a split name
        assert is_count(ent("T|t|A", "output", f"data|{word}", type="integer")), word
    for word in loader.words("quantities", "request_size_names"):
        assert is_request_size(ent("T|t|A", "input", word, documented="")), word


def test_a_records_number_is_no_count() -> None:
    from tooldial.graph.counts import is_count

    for word in loader.words("quantities", "record_number_names"):
        assert not is_count(ent("T|t|A", "output", f"data|reservation_{word}", type="integer")), word
        assert is_count(ent("T|t|A", "output", f"data|results_{word}", type="integer")), word  # a plural: counts
        assert is_count(ent("T|t|A", "output", f"data|total_{word}", type="integer")), word  # a count word
        assert is_count(ent("T|t|A", "output", f"data|{word}", type="integer")), word


def test_range_words_pair_two_dates_into_a_range() -> None:
    from tooldial.graph.input_groups import input_groups

    for start in loader.words("records", "range_start"):
        for end in loader.words("records", "range_end"):
            got = input_groups([ent("T|t|A", "input", f"{start}_date"), ent("T|t|A", "input", f"{end}_date")])
            assert [g.name for g in got] == ["date_range"], (start, end)


def test_media_words_tell_a_files_url_from_a_page() -> None:
    from tooldial.graph.urls import media_url_clash

    page = ent("S|site|Page", "input", "page_url", documented="Page URL.")
    for word, medium in loader.word_map("media_files", "medium_by_word").items():
        if word in ("mp3", "mp4"):
            continue  # never a word of a split name (``mp``, ``3``)
        assert media_url_clash(ent("T|t|A", "output", f"item|{word}|url"), page) == medium, word


def test_transport_setting_words_leave_a_lookup_keyed_by_its_one_input() -> None:
    from tooldial.graph.select import keyed_by

    ip = ent("W|whois|Lookup", "input", "ip")
    for word in loader.words("requests", "transport_settings"):
        assert keyed_by(ip, {"ip": ip, word: ent("W|whois|Lookup", "input", word)}), word
    assert not keyed_by(ip, {"ip": ip, "domain": ent("W|whois|Lookup", "input", "domain")})


def test_a_detected_language_feeds_no_translation_target_named_by_the_pack() -> None:
    from tooldial.graph.select import detected_language_as_target

    detected = ent("L|lang|Detect Language", "output", "language", example="en")
    for word in loader.words("languages", "target_language_inputs"):
        assert detected_language_as_target(detected, ent("T|tr|Translate", "input", f"{word}_language")), word
    assert not detected_language_as_target(detected, ent("T|tr|Translate", "input", "source_language"))


#: (constant of tooldial.knowledge.english, set of the plurals pack): the one singular reads every set of the pack.
PLURALS = [("_IE_PLURALS", "ie_plurals"), ("_NOT_PLURALS", "not_plurals"), ("_SHORT_PLURALS", "short_plurals"),
           ("_ES_ENDINGS", "es_plural_endings"), ("_SINGULAR_ENDINGS", "singular_endings"),
           ("_UNCOUNTABLE", "uncountable")]


def test_every_set_of_the_plurals_pack_is_read_by_the_one_singular() -> None:
    from tooldial.knowledge import english

    for constant, word_set in PLURALS:
        assert getattr(english, constant) in (loader.words("plurals", word_set), loader.ordered_words("plurals", word_set))
    assert {n for _, n in PLURALS} == set(loader.pack("plurals").word_sets)


def test_the_plural_exceptions_of_the_pack_decide_singulars() -> None:
    from tooldial.knowledge.english import singular

    for word in loader.words("plurals", "ie_plurals"):
        assert singular(word) == word[:-1], word  # ``movies`` -> ``movie``
    for word in loader.words("plurals", "not_plurals"):
        assert singular(word) == word, word  # ``news`` stays ``news``
    for word in loader.words("plurals", "short_plurals"):
        assert singular(word) == word[:-1], word  # ``ids`` -> ``id``
    for ending in loader.words("plurals", "es_plural_endings"):
        assert singular(f"quux{ending}") == f"quux{ending[:-2]}", ending  # ``boxes`` -> ``box``
    for ending in loader.words("plurals", "singular_endings"):
        assert singular(f"quux{ending}") == f"quux{ending}", ending  # ``status`` stays ``status``
    assert singular("cities") == "city"  # the plain rule where the packs say nothing


def test_one_singular_fixes_what_the_plain_rules_cut() -> None:
    from tooldial.knowledge.english import singular

    # the dialogue's plain rules made these statu, new, serie, analysi / analysis, movy
    for word, one in [("status", "status"), ("news", "news"), ("series", "series"), ("analysis", "analysis"),
                      ("movies", "movie"), ("gas", "gas"), ("bus", "bus"), ("dies", "die")]:
        assert singular(word) == one, word


def test_one_singular_keeps_both_old_functions_right_cases() -> None:
    from tooldial.knowledge.english import singular

    cases = {"ids": "id", "categories": "category", "matches": "match", "wishes": "wish", "boxes": "box",
             "addresses": "address", "buzzes": "buzz", "users": "user", "metrics": "metric", "address": "address",
             "campus": "campus", "id": "id", "data": "data", "": ""}
    for word, one in cases.items():
        assert singular(word) == one, word
    assert singular("line items") == "line item"  # a phrase: its last word
    assert singular("breaking news") == "breaking news"
    assert singular("lineup entries") == "lineup entry"


def test_plural_is_the_inverse_of_singular_on_the_same_pack() -> None:
    from tooldial.knowledge.english import plural, singular

    cases = {"team name": "team names", "category": "categories", "match": "matches", "wish": "wishes",
             "box": "boxes", "address": "addresses", "id": "ids", "movie": "movies", "day": "days", "key": "keys",
             "tag": "tags", "price": "prices"}
    for one, many in cases.items():
        assert plural(one) == many, one
        assert singular(many) == one, many
    for word in loader.words("plurals", "uncountable") | loader.words("plurals", "not_plurals"):
        assert plural(word) == word, word  # "the weather", never "the weathers"
    assert plural("teams") == "teams" and plural("") == ""  # a plural already; nothing


def test_the_graph_and_the_dialogue_ask_the_one_singular() -> None:
    from tooldial.corpus import implied_outputs
    from tooldial.dialogue import answer_text, planner
    from tooldial.graph import build, entities
    from tooldial.knowledge.english import singular

    for module in (entities, build, implied_outputs, answer_text, planner):
        assert module.singular is singular, module.__name__
    assert not hasattr(entities, "_singular")
    from tooldial.dialogue import answer_fields, world_checks
    from tooldial.dialogue.chains.records import word_stems

    assert answer_fields.singular is singular and world_checks.singular is singular
    assert word_stems({"news", "status", "movies", "addresses", "ids"}) == {"news", "status", "movie", "address", "id"}
    from tooldial.corpus.schema import _enum_words
    from tooldial.dialogue.mockdata.paths import owner_words

    assert owner_words(("addresses", "id")) == {"address"} and owner_words(("categories", "id")) == {"category"}
    assert _enum_words("Statuses of the news series") >= {"news", "series"}
    assert implied_outputs.named_record("listNewsSeries") == ("listed", ("news", "series"), ("news", "series"))


def test_entity_stopwords_stay_out_of_a_descriptions_leading_noun_phrase() -> None:
    from tooldial.graph.entities import leading_noun_phrase

    for word in sorted(loader.words("stopwords", "entity_text")):
        assert word not in leading_noun_phrase(f"{word} city name"), word


@pytest.mark.parametrize(("name", "word_set"), IMPLIED)
def test_the_implied_outputs_read_the_records_pack(name: str, word_set: str) -> None:
    from tooldial.corpus import implied_outputs

    assert getattr(implied_outputs, name) is loader.words("records", word_set)
