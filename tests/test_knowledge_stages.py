"""The dialogue stages read their vocabularies and phrase banks from the knowledge packs (one copy, in data), and
the frames there fill with the fields the stages give them (a typo in a YAML placeholder fails here, not in a
rendered dialogue)."""

from __future__ import annotations

import random
import re
import string

import pytest

from tooldial.knowledge import loader


def _fields(frame: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(frame) if name}


def test_the_user_profile_reads_people_occasions_and_persona_frames_from_the_packs() -> None:
    from tooldial.dialogue import user_profile as up

    persona = loader.phrase_banks("en", "persona")
    assert up.RELATIONS is loader.ordered_words("people", "relations")
    assert up._FEMALE is loader.words("people", "female_relations")
    assert up.WORK_ROLES is loader.words("people", "work_roles")
    assert up.EVENTS is loader.ordered_words("occasions", "events")
    assert up.OCCASIONS is loader.word_map("occasions", "by_domain")
    assert up.INTRO is persona["intro"] and up.DOMAIN_RECORDS is persona["domain_records"]
    # every gendered relation is a relation; every work frame is a frame of a bank the renderer draws from
    assert set(up.RELATIONS) >= up._FEMALE | up._MALE and not up._FEMALE & up._MALE
    banks = {f for bank in (up.INTRO, up.SOURCES, up.NOT_AT_HAND, up.AFFIRM_WHY, up.NEGATE_WHY, up.BYE_NEXT)
             for f in bank}
    assert banks >= up.WORK_FRAMES


def test_every_persona_frame_fills_from_a_profile() -> None:
    from tooldial.dialogue import user_profile as up

    profile = up.draw_profile(random.Random(3), role="a small-business owner", domain="Hotels")
    known = set(profile.fields()) | {"rec", "wrec"}
    for name, bank in loader.phrase_banks("en", "persona").items():
        if name in ("company_forms", "occasion_forms"):
            continue
        frames = [f for v in bank.values() for f in v] if isinstance(bank, dict) else list(bank)
        for frame in frames:
            assert _fields(frame) <= known, (name, frame)
    for frame in up._COMPANY_FORMS:
        assert _fields(frame) <= {"a", "b", "c", "s"}, frame
    for frame in up._OCCASION_FORMS:
        assert _fields(frame) <= {"n", "r", "e"}, frame


def test_the_user_situation_reads_pets_travel_and_situation_frames_from_the_packs() -> None:
    from tooldial.dialogue import user_situation as us

    situation = loader.phrase_banks("en", "situation")
    assert us.PET_NAMES is loader.ordered_words("pets", "names")
    assert us.TRIP_DOMAINS is loader.ordered_words("travel", "trip_domains")
    assert us.WHERE is situation["where"] and us.PLANS is situation["plans"]
    # a trip part is a part the user can be drawn into; the domains that have tried-lists have plans
    assert {*us.WHERE, *us.DOING_HOME, *us.DOING_OUT} >= us.TRIP_PARTS
    assert set(us.ASIDES) >= us.TRIP_ASIDES and set(us.TRIED) <= set(us.PLANS)


@pytest.mark.parametrize("bank", ["asides", "excuses", "after", "react", "stakes", "tried_frames", "payoffs"])
def test_every_situation_frame_names_known_fields(bank: str) -> None:
    from tooldial.dialogue import user_situation as us

    fields = set(us._PART) | us.PROFILE_FIELDS
    for frame in loader.phrase_banks("en", "situation")[bank]:
        assert _fields(frame) <= fields, frame
        assert not re.search(r"\d", frame), frame  # no number in an aside: it could read as a value


def test_the_answer_text_reads_units_money_abbreviations_and_labels_from_the_packs() -> None:
    from tooldial.dialogue import answer_text as at

    assert at._UNITS is loader.word_map("units", "field_suffix")
    assert at._CURRENCY_SYMBOL is loader.word_map("units", "currency_symbols")
    assert at._ABBREVIATIONS is loader.word_map("labels", "abbreviations")
    assert at._MONTHS is loader.ordered_words("time", "month_names") and len(at._MONTHS) == 12
    assert at._GENERIC_NOUNS is loader.words("labels", "generic_nouns")
    # a unit read only after a number is a unit; a currency with a symbol is one a field name may end with
    assert set(at._UNITS) >= at._NUMERIC_ONLY_UNITS
    assert set(at._CURRENCY_SYMBOL) <= at._CURRENCY_CODES
    assert all(isinstance(v, str) for v in (*at._UNITS.values(), *at._ABBREVIATIONS.values()))


def test_the_world_checks_read_fillers_statuses_venues_and_stopwords_from_the_packs() -> None:
    from tooldial.dialogue import schema_values, weather, world_checks
    from tooldial.rules.dialogue import venues

    assert world_checks._OLD_WORDS is loader.ordered_words("placeholders", "old_generator_words")
    assert world_checks._VALUE_WORDS is loader.words("status", "plain_values")
    assert world_checks._ENUM_STOP is loader.words("stopwords", "enumeration")
    assert world_checks._FIELD_ALIASES is loader.word_map("labels", "field_aliases")
    assert schema_values._STATUS_WORDS is loader.words("status", "field_words")
    assert schema_values._SIZE_FIELDS is loader.words("paging", "size_fields")
    assert weather.WEATHER_GOAL is loader.words("weather", "goal")
    assert weather._HINTS is loader.ordered_words("weather", "field_hints")
    # the patterns are built from the packs: every venue ending and every filler word is recognised
    for ending in loader.ordered_words("venues", "name_endings"):
        match = venues._VENUE_NAME.match(f"Tabriz {ending}")
        assert match is not None and match.group("city") == "Tabriz", ending
    assert venues._VENUE_NAME.match("Tabriz Spaceport") is None
    for word in world_checks._OLD_WORDS:
        assert world_checks.FILLER.search(f"{word}-1234") and world_checks.FILLER.match(f"{word.capitalize()} Atlas")


def test_the_error_readers_share_one_status_key_set_from_the_errors_pack() -> None:
    from tooldial.corpus import error_example
    from tooldial.dialogue import error_results

    status = loader.words("errors", "status_keys")
    assert error_example._STATUS_KEYS is status and error_results._STATUS_KEYS is status
    assert error_example._ERROR_KEYS is loader.words("errors", "error_keys")
    assert error_results._TRACE_KEYS <= error_example._TRACE_KEYS
    assert error_example._ERROR_TEXT.pattern == "|".join(loader.ordered_words("errors", "error_text"))
    assert error_example._ERROR_TEXT.search("Rate limit exceeded") and not error_example._ERROR_TEXT.search("Lisbon")
    # a key of the pack is read as an error key by the corpus rule, in any case the API writes it
    for key in loader.ordered_words("errors", "trace_keys"):
        assert error_example.error_key(key.upper()), key


def test_documented_type_names_are_read_by_the_schema_types_pack() -> None:
    from tooldial.corpus.schema import normalize_type

    types, formats = loader.word_map("schema_types", "type_aliases"), loader.word_map("schema_types", "format_aliases")
    assert set(formats) <= set(types) and set(types.values()) <= loader.words("schema_types", "json_types")
    for name, json_type in types.items():
        if name:
            assert normalize_type(name.upper()) == (json_type, formats.get(name)), name


def test_the_other_stages_read_their_stopwords_and_small_words_from_the_packs() -> None:
    from tooldial.audit import leaks
    from tooldial.corpus import schema, stats
    from tooldial.dialogue import render_llm, schema_checks, slot_words

    assert schema._ENUM_NOISE is loader.words("stopwords", "enum_noise")
    assert schema._KEY_NOISE is loader.words("stopwords", "map_key_noise")
    assert leaks._STOP is loader.words("stopwords", "clarify_question")
    assert render_llm._STOP is loader.words("stopwords", "paraphrase_stems")
    assert stats.GENERIC_NAMES is loader.words("names", "corpus_generic")
    assert schema_checks._SHORT_WORDS is loader.words("english", "short_words")
    assert slot_words.SMALL_WORDS is loader.words("english", "headline_small_words")
    assert all(len(w) <= 2 for w in schema_checks._SHORT_WORDS)


def test_the_answer_frames_and_utterance_styles_are_phrase_books() -> None:
    from tooldial.dialogue import answer_text, render_template, scenario

    answer = loader.phrase_banks("en", "answer")
    assert answer_text._LIST_FRAMES is answer["list_frames"] and answer_text._MORE_FRAMES is answer["more_frames"]
    assert scenario.UTTERANCE_STYLES is loader.phrase_banks("en", "styles")["utterance_styles"]
    assert render_template._GENERIC_KEYS is loader.words("labels", "unspoken_keys")
    # each frame names only the fields the answer fills
    for name, fields in (("list_frames", {"n", "noun", "items"}), ("more_frames", {"n", "noun", "k", "items"}),
                         ("subject_frames", {"S", "c"}), ("title_frames", {"S", "c"}), ("place_frames", {"S", "c"}),
                         ("no_subject_frames", {"C"})):
        for frame in answer[name]:
            assert _fields(frame) <= fields, (name, frame)
            assert "{items}" in frame or name not in ("list_frames", "more_frames"), frame


def test_the_llm_renderer_builds_its_act_checks_from_the_replies_pack() -> None:
    from tooldial.dialogue import render_llm

    assert render_llm._YES.pattern == "|".join(loader.ordered_words("replies", "says_yes"))
    assert render_llm._FIRST.pattern == r"\b(" + "|".join(loader.ordered_words("replies", "first_person")) + r")\b"
    styles = loader.phrase_banks("en", "styles")["utterance_styles"]
    # the paper's own affirm and negate styles pass the checks a drafted affirm or negate must pass
    assert all(render_llm._YES.search(s) for s in styles["affirm"])
    assert all(render_llm._NEGATION.search(s) for s in styles["negate"])
    assert render_llm._BYE.search("Thanks, take care!") and not render_llm._BYE.search("The hotel is in Lisbon.")
    assert render_llm._META.search("Here is the rewritten sentence") and not render_llm._META.search("I'm here")


def test_the_chat_register_reads_its_spellings_and_keyboard_from_the_register_book() -> None:
    from tooldial.dialogue import user_register

    book = loader.phrase_banks("en", "register")
    assert tuple(book["chat_forms"].items()) == user_register.CHAT_FORMS
    assert user_register._NEAR is book["qwerty_neighbours"]
    # a typo's neighbour is a letter of the keyboard, never the letter itself
    assert all(len(near) >= 2 and letter not in near and set(near) <= set(book["qwerty_neighbours"])
               for letter, near in book["qwerty_neighbours"].items())
    # every standard form is found by the register's pattern, so each chat spelling can replace it
    for words in book["chat_forms"]:
        assert user_register._FORMS.search(f"so {words} now").group(1) == words, words
