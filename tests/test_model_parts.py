"""Model-written dialogue parts (``--llm-roles``): role names, the goal and result checks, the whole dialogue
still valid with a rewritten result, and an end-to-end run against the real local server (SmolLM2-135M,
``openai_server``): every part recorded as the model's or the template's, every rejection counted with its
reason, labels valid, and a rerun served from the cache with the same bytes.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from test_dialogue import make_corpus, make_graph
from test_render_llm import weather_scenario

from tooldial.cli import main as cli_main
from tooldial.corpus.models import Api, Corpus, Tool
from tooldial.dataset.pipeline import model_part_counts, model_part_shares
from tooldial.dialogue.generate import GenerateConfig, GenerationReport, generate_dialogues, to_record
from tooldial.dialogue.model_parts import LLM_ROLES, parse_llm_roles, with_result
from tooldial.dialogue.model_parts.answers import answer_prompt, picked_fields, why_not_sent
from tooldial.dialogue.model_parts.goal import goal_problems, goal_prompt, repair_goal
from tooldial.dialogue.model_parts.results import (
    fill_problems,
    flat_leaves,
    free_leaves,
    needed_leaves,
    result_prompt,
)
from tooldial.dialogue.render_llm import turn_problems, unsaid_values
from tooldial.dialogue.render_template import TemplateRenderer
from tooldial.dialogue.scenario import make_turn
from tooldial.dialogue.validate import validate_record, validate_records
from tooldial.errors import ConfigError


@pytest.fixture(scope="module")
def corpus():
    return make_corpus()


def generate_with(corpus: Corpus, embedder, config: GenerateConfig) -> tuple[list, GenerationReport]:
    """The records of one generation run on the radio corpus and its graph, and the run's report."""
    report = GenerationReport()
    return list(generate_dialogues(corpus, make_graph(corpus), config, embedder=embedder, report=report)), report


def server_options(server, cache_dir, **extra) -> dict:
    """``renderer_options`` for the real local server, one request in flight, the LLM cache in ``cache_dir``."""
    return {"base_url": server.base_url, "model": server.model, "cache_dir": str(cache_dir), "max_concurrency": 1,
            **extra}


def counted_run(server, corpus: Corpus, embedder, config: GenerateConfig) -> tuple[list, GenerationReport, int]:
    """:func:`generate_with`, and how many chat requests the server got for it (0 when served from the cache)."""
    start = server.request_count()
    records, report = generate_with(corpus, embedder, config)
    return records, report, server.request_count() - start


def alone_and_batched(server, corpus: Corpus, embedder, tmp_path, **config) -> tuple[tuple, tuple]:
    """One generation run with one request in flight and one with two (each with its own LLM cache): what the
    batch-prefetch tests compare. Each is :func:`generate_with`'s (records, report)."""
    def run(concurrency: int) -> tuple[list, GenerationReport]:
        options = server_options(server, tmp_path / f"llm{concurrency}", max_attempts=1, max_concurrency=concurrency)
        return generate_with(corpus, embedder, GenerateConfig(**config, renderer_options=options))

    return run(1), run(2)


def test_roles_parse_in_order_and_a_typo_names_the_closest() -> None:
    assert parse_llm_roles("utterance, goal,goal") == ["goal", "utterance"]
    assert parse_llm_roles("") == [] and parse_llm_roles(None) == []
    with pytest.raises(ConfigError, match="did you mean 'result'"):
        parse_llm_roles("goal,results2")
    with pytest.raises(ValueError, match="llm_roles need"):
        GenerateConfig(n=1, llm_roles=["goal"])
    assert LLM_ROLES == ("ranges", "need", "goal", "result", "answer", "utterance")
    assert parse_llm_roles("goal,need") == ["need", "goal"]  # the order they are written in


@pytest.mark.parametrize("command", [["generate", "--n", "1"], ["build", "--n", "1"]])
def test_cli_says_in_one_line_what_is_wrong_with_the_roles(command, tmp_path, capsys) -> None:
    out = str(tmp_path / "out")
    for roles, needle in (("goal,reslt", "did you mean 'result'"), ("goal", "needs --base-url and --llm-model")):
        assert cli_main([*command, "--out", out, "--llm-roles", roles]) != 0
        err = capsys.readouterr().err
        assert err.startswith("tooldial: ") and len(err.strip().splitlines()) == 1 and needle in err, err
    assert not Path(out).exists()


def test_card_shares_count_every_part_per_role() -> None:
    parts = Counter()
    for written in ({"goal": "model", "result": ["model", "template"]}, {"goal": "template", "result": ["model"]},
                    {}, None):
        parts.update(model_part_counts(written))
    assert parts == Counter({"goal model": 1, "goal template": 1, "result model": 2, "result template": 1})
    assert model_part_shares(parts) == "goal 1/2 (50.0%), result 2/3 (66.7%)"


def test_goal_checks_hold_values_persona_and_debris() -> None:
    s = weather_scenario(city="Paris")
    assert goal_problems("I'm planning a weekend away and want to know what tomorrow looks like.", s, None) == []
    assert "states a value the dialogue gives later" in goal_problems(
        "I'm planning a trip to Paris, what will tomorrow bring?", s, None)
    assert "missing the value to state" in goal_problems("I need tomorrow's forecast for my trip.", s, "Paris")
    assert goal_problems("I need tomorrow's forecast for Paris, my trip depends on it.", s, "Paris") == []
    stacked = "I'm a teacher. My sister asked me to check. I follow the weather. What about tomorrow?"
    assert "more than two sentences" in goal_problems(stacked, s, None)
    assert any("debris" in p for p in goal_problems("User: {city} forecast please for me", s, None))
    assert any("talks about the user" in p for p in goal_problems("The user wants the forecast for tomorrow.", s,
                                                                    None))
    assert "cut off at max_tokens" in goal_problems("I want the forecast for", s, None, truncated=True)


def test_result_checks_keep_the_shape_and_every_value_the_dialogue_uses() -> None:
    s = weather_scenario(city="Paris")
    template = {"response": {**s.turns[2].api_response["result"], "wind": "light breeze", "hours": [
        {"t": "09:00", "note": "dry"}, {"t": "12:00", "note": "dry"}]}}
    keep = needed_leaves(template, s)
    # the city is in the request, sunny and 18 in the response turn: all three are kept; the rest is free
    assert {p[1:] for p in keep} == {("city",), ("condition",), ("high_c",)}
    assert [p[1:] for p in free_leaves(template, keep)] == [("wind",), ("hours", 0, "t"), ("hours", 0, "note"),
                                                             ("hours", 1, "t"), ("hours", 1, "note")]
    filled, problems = fill_problems(template, '{"wind": "gusts", "hours|1|note": "showers"}', keep)
    assert problems == [] and filled["response"]["wind"] == "gusts" and filled["response"]["city"] == "Paris"
    assert filled["response"]["hours"] == [{"t": "09:00", "note": "dry"}, {"t": "12:00", "note": "showers"}]
    assert fill_problems(template, '{"wind": "light breeze"}', keep)[1] == ["unchanged"]
    nested, problems = fill_problems(template, '{"wind": "calm", "hours": [{"t": "09:00", "note": "fog"}]}', keep)
    assert problems == [] and nested["response"]["hours"][0]["note"] == "fog"  # read leaf by leaf
    assert fill_problems(template, '{"town": "Lyon"}', keep)[1] == ["keys the response does not have"]
    assert fill_problems(template, '{"town": "Lyon", "wind": "calm"}', keep)[1] == []  # an invented field is not read
    assert fill_problems(template, '{"city": "Lyon", "wind": "calm"}', keep)[1] == ["a value the dialogue uses changed"]
    assert fill_problems(template, '{"city": "Paris", "wind": "calm"}', keep)[1] == []  # a kept value repeated
    assert fill_problems(template, "Sure! The weather is nice.", keep)[1] == ["not a JSON object"]
    assert fill_problems(template, '{"wind": 3}', keep)[1] == ["a value changed its type"]
    assert fill_problems(template, '{"wind": " "}', keep)[1] == ["an empty text"]
    # a placeholder of the model's own is no value (session 19's held-out run kept ids 123456 and such)
    for value in ("xyz", "John Doe", "123456", "Station A"):
        assert fill_problems(template, json.dumps({"wind": "calm", "hours|0|note": value}), keep)[1] == [
            "a placeholder"], value


def test_goal_checks_numbers_code_and_vague_length() -> None:
    s = weather_scenario(city="Paris")
    # a number the dialogue does not hold would be said but never labelled; digits inside a word are no number
    assert "states a number the dialogue does not hold" in goal_problems(
        "I need the forecast for 5 days in Paris.", s, "Paris")
    assert goal_problems("I need the sha384 forecast for Paris, please.", s, "Paris") == []
    assert goal_problems("I need the forecast for 75001 Paris.", s, "75001 Paris") == []
    assert any("debris" in p for p in goal_problems("I need `city` forecasts from the endpoint.", s, None))
    coded = s.model_copy(update={"apis": [s.apis[0].model_copy(update={"required_parameters": {"city_id": "id"}})]})
    assert "spells a slot name as code" in goal_problems("I need forecasts by city_id.", coded, None)
    assert "spells a slot name as code" not in goal_problems("I need forecasts by city id.", coded, None)
    long = "I need to know roughly what the weather will be like tomorrow because I am going away for a few days " \
           "and want to plan what I pack."
    assert goal_problems(long, s, None) == []
    assert "over 25 words for a vague opening" in goal_problems(long, s, None, band="suggest")


def test_a_greeting_only_first_sentence_is_dropped_and_the_rest_cut_to_two() -> None:
    assert repair_goal("Hey there! I need the forecast. Can you help?") == (
        "I need the forecast. Can you help?", ["greeting dropped"])
    assert repair_goal("Hello, assistant! I'm a teacher. I need the forecast.")[0] == \
        "I'm a teacher. I need the forecast."
    # a greeting that says more is a sentence of the request: cut, not dropped
    assert repair_goal("Hi, I'm Tom. I need the forecast. Thanks!") == (
        "Hi, I'm Tom. I need the forecast.", ["cut to two sentences"])
    assert repair_goal("Hey there! I need the forecast.") == ("Hey there! I need the forecast.", [])


def test_goal_prompts_per_band_hide_what_a_vague_user_has_not_said() -> None:
    api = Api(category="Weather", tool="Sky Cast API", name="Daily Forecast",
              description="This endpoint returns the daily weather forecast for a city.")
    corpus = Corpus(spec="test:sky", tools=[Tool(category="Weather", name=api.tool, apis=(api,))])
    s = weather_scenario(city="Paris").model_copy(update={"target": api.id})
    confirm = goal_prompt(corpus, s, "confirm", "Paris", "city")[0]["content"]
    assert "Daily Forecast (Sky Cast) — returns the daily weather forecast for a city" in confirm
    assert 'Mention their city: "Paris"' in confirm and "This endpoint" not in confirm and "Cast API" not in confirm
    clarify = goal_prompt(corpus, s, "clarify", None)[0]["content"]
    assert "forecast" not in clarify.lower() and "something about the weather" in clarify
    clear = goal_prompt(corpus, s, "confirm", "Paris", "city", clear=True)[0]["content"]
    assert "daily weather forecast" in clear and "do not introduce yourself" in clear


def test_the_result_prompt_shows_the_kept_values_and_asks_for_the_free_leaves_only(corpus) -> None:
    api = corpus.apis[0]
    template = {"response": {"a": "x", "b": {"c": "y"}, "d": list(range(20))}}
    keep = {("response", "a"): "x"}
    text = result_prompt(corpus, api.id, {"required_parameters": {}}, template, keep)[0]["content"]
    assert 'The response holds: {"a": "x"}' in text
    assert 'fields of the response: {"b|c": "y", "d|0": 0,' in text and '"d|10": 10}' in text  # 12 at most
    assert '"d|11"' not in text


def test_a_rewritten_result_that_passes_leaves_the_dialogue_valid() -> None:
    """The kept path without a model: a value the dialogue does not use is rewritten; the checks pass, the result is
    replaced everywhere it appears (calls, response, mock data) and the validator finds nothing new."""
    base = weather_scenario(city="Paris")
    call = base.turns[2]
    mock = {"api_name": call.api_request["api_name"], "api_description": "Daily weather forecast for a city.",
            "required_parameters": {"city": "Paris"}, "optional_parameters": {},
            "output_components": call.api_response["result"]}
    base = base.model_copy(update={"mockdata": {"source": [], "target": [mock]}})
    template_result = {**call.api_response["result"], "wind": "light breeze"}
    s = with_result(base, 2, template_result)
    keep = needed_leaves(template_result, s)
    assert ("wind",) not in keep
    answer = {**template_result, "wind": "strong gusts from the west"}
    filled, problems = fill_problems(template_result, json.dumps({"wind": "strong gusts from the west"}), keep)
    assert problems == [] and filled == answer
    new = with_result(s, 2, answer)
    assert [t.api_response.get("result") for t in new.turns if t.api_response] == [answer, answer]
    assert new.mockdata["target"][0]["output_components"] == answer
    template = TemplateRenderer()
    before = validate_record(to_record(s, template.messages(s), "template")).problems
    after = validate_record(to_record(new, template.messages(new), "template")).problems
    # the hand-made scenario lacks release fields (retriever status...): the rewrite adds no problem to those
    assert after == before and not any("mock data" in m for _, m in after)


def test_a_result_whose_values_are_all_used_is_not_sent() -> None:
    s = weather_scenario(city="Paris")
    result = s.turns[2].api_response["result"]
    assert set(needed_leaves(result, s)) == {p for p, _ in flat_leaves(result)}


def test_real_small_model_parts_are_checked_recorded_and_cached(openai_server, corpus, embedder, tmp_path) -> None:
    """SmolLM2-135M writes the goal and the results of 1 dialogue; whatever it gets wrong is counted with a reason
    and replaced by the template's part; the labels stay valid; the same run again asks the server nothing and
    writes the same records."""
    options = server_options(openai_server, tmp_path / "llm", max_attempts=1, goal_tokens=16, result_tokens=24)
    config = GenerateConfig(n=1, seed=21, llm_roles=["goal", "result"], renderer_options=options)
    records, report, asked = counted_run(openai_server, corpus, embedder, config)
    parts = report.model_parts
    goals = [w for r in records for w in r.scenario["written_by"]["goal"]]
    results = [b for r in records for b in r.scenario["written_by"].get("result", [])]
    assert 1 <= len(goals) <= 2 and set(goals) <= {"model", "template"} and results
    assert parts.written["goal model"] + parts.written["goal template"] == len(goals)
    assert parts.written["result model"] + parts.written["result template"] == len(results)
    # one attempt per part: every part the template kept has at least one counted reason
    for role, written in (("goal", goals), ("result", results)):
        rejected = sum(v for k, v in parts.failures.items() if k.startswith(f"{role}: "))
        skipped = sum(v for k, v in parts.skipped.items() if k.startswith(f"{role}: "))
        assert rejected + skipped >= written.count("template")
    assert asked == parts.usage["goal requests"] + parts.usage["result requests"] > 0
    assert validate_records(records, corpus=corpus).ok
    again, _, asked_again = counted_run(openai_server, corpus, embedder, config)
    assert asked_again == 0
    assert [r.model_dump_json() for r in again] == [r.model_dump_json() for r in records]


def test_the_parts_of_a_dialogue_the_validator_drops_are_not_counted(openai_server, corpus, embedder, tmp_path,
                                                                      monkeypatch) -> None:
    """The share each role reports is of the dialogues written: a dialogue the validator drops after its parts were
    written (and drawn again) takes its parts out of the counts, and its id leaves no parts behind."""
    import tooldial.dialogue.validate as validate

    real = validate.validate_record
    dropped: list[str] = []

    def drop_first(record, **kwargs):
        problems = real(record, **kwargs)
        if not dropped or record.dialogue_id == dropped[0]:
            dropped[:1] = [record.dialogue_id]
            problems.add("consistency", "id echo: planted for the test")
        return problems

    monkeypatch.setattr(validate, "validate_record", drop_first)
    options = server_options(openai_server, tmp_path / "llm", max_attempts=1, goal_tokens=16)
    records, report = generate_with(corpus, embedder, GenerateConfig(n=1, seed=21, llm_roles=["goal"],
                                                                     renderer_options=options))
    parts = report.model_parts
    assert [d for d, _ in report.invalid] == dropped and [r.dialogue_id for r in records] != dropped
    goals = [w for r in records for w in r.scenario["written_by"]["goal"]]
    assert goals and parts.written["goal model"] + parts.written["goal template"] == len(goals)
    assert dropped[0] not in parts.written_by


def test_utterance_checks_catch_a_bare_value_and_a_value_said_too_early() -> None:
    s = weather_scenario(city="Paris")
    response = s.turns[3]
    assert "only the value, no sentence" in turn_problems(response, "sunny, 18")
    assert "only the value, no sentence" not in turn_problems(response, "Tomorrow is sunny with a high of 18.")
    # the opening no longer names the city: before the call, nobody has said it
    quiet = s.model_copy(update={"turns": [s.turns[0].model_copy(update={"fixed_message": "Weather tomorrow?"}),
                                           *s.turns[1:]]})
    assert unsaid_values(quiet, 1, ["Weather tomorrow?"]) == ["Paris"]
    assert unsaid_values(quiet, 3, ["Weather tomorrow?", "", ""]) == []  # the call's result holds it by then
    ask = make_turn("System", "request", "The system asks for the city.", content={"slots": ["city"]})
    assert any(p.startswith("says a value before it was given") for p in turn_problems(
        ask, "Which city, Paris?", unsaid=["Paris"]))
    assert turn_problems(ask, "Which city is it for?", unsaid=["Paris"]) == []


def test_a_model_message_that_spells_a_slot_name_as_code_is_not_kept() -> None:
    """Session 19's held-out run kept "Please tell me international number and countryCode." and the validator's
    ``slot_names`` check then failed the dialogue: the utterance check now asks the validator's own question."""
    from tooldial.dialogue.render_llm import slot_names

    ask = make_turn("System", "request", "The system asks for the country code.")
    slots = ("countryCode", "international_number", "city")
    assert "spells a slot name as code" in turn_problems(
        ask, "Please tell me international number and countryCode.", slots=slots)
    assert turn_problems(ask, "Which city, and what is the country code?", slots=slots) == []
    assert slot_names(weather_scenario()) == ("city",)


def test_user_words_in_the_assistants_voice_are_not_kept() -> None:
    """A small model asked for the user's words often answers as the assistant it is (issue 28's held-out run: 34
    of the first 117 goal answers). Such a message is rejected for a user turn and the opening request, and a
    system turn may still offer help."""
    s = weather_scenario(city="Paris")
    for text in ("Sure, I can help you with that.", "Good evening, how can I assist you with your weekend plans?",
                 "Hello! I'm an AI assistant ready to help you with the weather.",
                 "Sure, I'd be happy to help you with that.", "Sure, I can help with that! Which games do you like?"):
        assert "in the assistant's voice" in goal_problems(text, s, None), text
    # a user's own persona that happens to start with "AI" is not the assistant speaking
    assert "in the assistant's voice" not in goal_problems(
        "Hey there! I'm an AI investor watching the markets, what is the weather tomorrow?", s, None)
    assert "in the assistant's voice" not in goal_problems(
        "Hey there! I'm planning a weekend away, can you help me with tomorrow's weather?", s, None)
    affirm = make_turn("User", "affirm", "The user accepts.")
    assert "a user turn in the assistant's voice" in turn_problems(affirm, "Sure, I'd be happy to help you with that.")
    assert turn_problems(affirm, "Yes please, go ahead.") == []
    offer = make_turn("System", "suggest", "The system suggests the forecast API.")
    assert not any("voice" in p for p in turn_problems(offer, "How can I help? Would a forecast for tomorrow do?"))


CITY_FIELDS = [("country|name", "country name", "China"), ("currency|name", "currency name", "Yuan Renminbi"),
               ("latitude", "latitude", "31.6461"), ("name", "name", "Changshu")]


def test_an_answer_pick_is_numbers_of_the_list_and_the_found_records_own_fields_come_first() -> None:
    fields, problems = picked_fields("[2, 4]", CITY_FIELDS)
    assert not problems and [f[0] for f in fields] == ["name", "currency|name"]  # the city's own name first
    assert [f[0] for f in picked_fields("3, 1", CITY_FIELDS)[0]] == ["latitude", "country|name"]  # bare numbers
    assert [f[0] for f in picked_fields("```json\n[4, 1, 2, 3]\n```", CITY_FIELDS)[0]] == [
        "name", "country|name", "currency|name"]  # at most three, the first ones
    for text, why in (("[5]", "a number that is no field"), ("[0, 1]", "a number that is no field"),
                      ("[1, 1]", "a field chosen twice"), ("[]", "no field chosen"),
                      ("The city name.", "not a list of field numbers")):
        assert picked_fields(text, CITY_FIELDS) == ([], [why]), text


def test_the_answer_prompt_numbers_the_eligible_fields_and_nothing_is_asked_when_there_is_no_choice() -> None:
    api = Api(id="Location|World|City Details", name="City Details", tool="World", category="Location",
              description="Get city details by geonameid")
    text = answer_prompt(api, "look up city details by geonameid", CITY_FIELDS)[0]["content"]
    assert "The user wants to look up city details by geonameid." in text
    assert "1. country name: China" in text and "4. name: Changshu" in text and "1 to 3 field numbers" in text
    assert why_not_sent(api, ["name"], CITY_FIELDS[:1]) == "fewer than two fields to choose from"
    assert why_not_sent(api, ["name"], CITY_FIELDS) == ""
    listing = api.model_copy(update={"description": "Returns the agency, phone, rating and number of listings"})
    assert why_not_sent(listing, ["phone", "rating"], CITY_FIELDS) == "the description names the fields to report"


def test_real_small_model_answer_picks_are_checked_recorded_and_cached(openai_server, corpus, embedder,
                                                                        tmp_path) -> None:
    """SmolLM2-135M picks the fields of 2 final answers: each kept pick is the model's, each other one keeps the
    rules' fields with a counted reason; nothing else of the dialogue changes; a rerun asks nothing."""
    options = {"base_url": openai_server.base_url, "model": openai_server.model, "cache_dir": str(tmp_path / "llm"),
               "max_concurrency": 1, "max_attempts": 1}
    graph = make_graph(corpus)

    def run(roles: list[str]) -> tuple[list, GenerationReport]:
        report = GenerationReport()
        config = GenerateConfig(n=2, seed=23, llm_roles=roles, renderer_options=options) if roles else \
            GenerateConfig(n=2, seed=23)
        return list(generate_dialogues(corpus, graph, config, embedder=embedder, report=report)), report

    template, _ = run([])
    start = openai_server.request_count()
    records, report = run(["answer"])
    asked = openai_server.request_count() - start
    parts = report.model_parts
    picks = [r.scenario["written_by"].get("answer") for r in records]
    sent = [p for p in picks if p is not None]
    assert sent and set(sent) <= {"model", "template"} and asked == parts.usage["answer requests"] == len(sent)
    assert sum(v for k, v in parts.failures.items() if k.startswith("answer: ")) >= sent.count("template")
    assert sum(parts.skipped.values()) == picks.count(None)
    for t, m in zip(template, records, strict=True):  # only the answer (and the goodbye that echoes it) may change
        assert t.dialogue_id == m.dialogue_id and t.actions == m.actions
        if m.scenario["written_by"].get("answer") != "model":
            assert t.scenario["answer_fields"] == m.scenario["answer_fields"]
    assert validate_records(records, corpus=corpus).ok
    again, _ = run(["answer"])
    assert openai_server.request_count() - start == asked
    assert [r.model_dump_json() for r in again] == [r.model_dump_json() for r in records]
