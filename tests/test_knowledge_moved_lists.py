"""Issue 29: the word lists and regular-expression alternations the dialogue stages, the world rules, the rule
policy and the audit used to spell out in code are read from the packs: a set constant is the loader's own object,
a pattern is compiled from a set's words in the file's order, and a word of the pack is what the reader sees."""

from __future__ import annotations

import importlib

import pytest

from tooldial.knowledge import loader

#: (module, constant, pack subject, word set) read as the loader's frozenset.
SETS = [
    ("tooldial.dialogue.answer_text", "_DETAIL_KINDS", "field_kinds", "answer_details"),
    ("tooldial.dialogue.answer_text", "_HIDDEN_KINDS", "field_kinds", "answer_hidden"),
    ("tooldial.dialogue.answer_text", "_NO_GROUPING", "field_kinds", "no_digit_grouping"),
    ("tooldial.dialogue.world_checks", "_NAMED_KINDS", "field_kinds", "named_values"),
    ("tooldial.rules.dialogue.status", "_ENVELOPE", "envelope", "result_carriers"),
    ("tooldial.rules.dialogue.status", "_CODE_KEYS", "errors", "status_code_keys"),
    ("tooldial.rules.dialogue.status", "_SUCCESS_CODES", "status", "success_codes"),
    ("tooldial.rules.dialogue.status", "_SUCCESS_FLAGS", "status", "success_flags"),
    ("tooldial.dialogue.mockdata.generators", "_TRUE_FLAGS", "status", "true_flags"),
]
#: (module, constant, pack subject, word set) read in the file's order.
ORDERED = [
    ("tooldial.dialogue.answer_text", "_LABEL_KINDS", "field_kinds", "answer_labels"),
    ("tooldial.dialogue.answer_text", "_SUBJECT_KINDS", "field_kinds", "answer_subjects"),
    ("tooldial.dialogue.answer_text", "_DETAIL_ORDER", "field_kinds", "answer_detail_order"),
    ("tooldial.rules.world.country_currency", "_NOT_OWN", "field_words", "currency_not_own"),
]
#: (module, constant, pack subject, word set): a pattern compiled from the set's words joined by ``|``.
COMPILED = [
    ("tooldial.dialogue.intents.goals", "_PHRASE_START", "documentation", "qualifier_starts"),
    ("tooldial.dialogue.intents.goals", "_PHRASE_START", "documentation", "detail_starts"),
    ("tooldial.dialogue.intents.goals", "_PHRASE_START", "documentation", "result_clause_starts"),
    ("tooldial.dialogue.intents.goals", "_DETAIL", "documentation", "detail_starts"),
    ("tooldial.dialogue.intents.clauses", "_PREAMBLE", "documentation", "preamble_subjects"),
    ("tooldial.dialogue.intents.clauses", "_PREAMBLE", "documentation", "preamble_verbs"),
    ("tooldial.dialogue.chains.documented", "_ERROR_TEXT", "errors", "result_error_text"),
    ("tooldial.dialogue.chains.documented", "_ACCOUNT_TEXT", "errors", "account_error_text"),
    ("tooldial.dialogue.chains.effects", "MAKES_NEW", "actions", "issue_new_verbs"),
    ("tooldial.dialogue.render_llm", "_NEG_WORD", "replies", "negation_words"),
    ("tooldial.dialogue.schema_values", "_CREATES", "records", "creating_operations"),
    ("tooldial.dialogue.user_profile", "_COMPANY", "people", "employer_words"),
    ("tooldial.dialogue.user_profile", "_PERSON_NAME", "people", "name_slot_prefixes"),
    ("tooldial.dialogue.user_profile", "_JOB", "people", "job_words"),
    ("tooldial.dialogue.user_situation", "PLACE_SLOT", "places", "place_slot_words"),
    ("tooldial.dialogue.user_situation", "TIME_SLOT", "time", "time_slot_words"),
    ("tooldial.dialogue.world_checks", "_ABOUT_IDS", "identifiers", "about_ids"),
    ("tooldial.rules.world.sky", "_DRY_SKY", "weather", "dry_sky"),
    ("tooldial.rules.world.sky", "_WET_SKY", "weather", "wet_sky"),
    ("tooldial.rules.dialogue.answer", "_AGREEMENT", "english", "count_participles"),
    ("tooldial.evaluation.backends.rule", "_FAIL_INFORM", "replies", "fail_inform_cues"),
    ("tooldial.audit.probes", "_OPENERS", "replies", "reply_fillers"),
    ("tooldial.audit.probes", "_OPENERS", "replies", "choice_lead_ins"),
    ("tooldial.audit.coherence", "_WORK_TIE", "replies", "work_ties"),
    ("tooldial.audit.coherence", "_SHORT_CLAIM", "replies", "short_claims"),
    ("tooldial.audit.coherence", "_IDENTITY", "replies", "self_description_leads"),
]


def _constant(module: str, name: str) -> object:
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize(("module", "name", "subject", "word_set"), SETS, ids=str)
def test_a_set_is_the_packs_own(module: str, name: str, subject: str, word_set: str) -> None:
    assert _constant(module, name) is loader.words(subject, word_set)


@pytest.mark.parametrize(("module", "name", "subject", "word_set"), ORDERED, ids=str)
def test_an_ordered_list_is_the_packs_own(module: str, name: str, subject: str, word_set: str) -> None:
    assert _constant(module, name) is loader.ordered_words(subject, word_set)


@pytest.mark.parametrize(("module", "name", "subject", "word_set"), COMPILED, ids=str)
def test_a_pattern_is_compiled_from_the_packs_words(module: str, name: str, subject: str, word_set: str) -> None:
    assert "|".join(loader.ordered_words(subject, word_set)) in _constant(module, name).pattern  # type: ignore[attr-defined]


def test_a_set_that_includes_another_reads_its_words_first() -> None:
    assert loader.ordered_words("field_words", "currency_not_own")[:3] == loader.ordered_words("field_words",
                                                                                                "currency_sides")
    assert set(loader.words("field_kinds", "answer_detail_order")) < loader.words("field_kinds", "answer_details")
    assert loader.words("records", "creating_operations") < loader.words("records", "create_verbs")


def test_the_readers_see_the_packs_words() -> None:
    from tooldial.dialogue.intents.goals import _DETAIL, _PHRASE_START
    from tooldial.rules.world.sky import _DRY_SKY

    assert _PHRASE_START.split("weather forecast for a city including the humidity") == [
        "weather forecast", "for a city", "including the humidity"]
    assert _DETAIL.match("including the humidity") and not _DETAIL.match("for a city")
    assert _DRY_SKY.search("Sunny") and not _DRY_SKY.search("Cloudy")
