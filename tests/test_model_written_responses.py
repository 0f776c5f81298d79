"""The ``result`` role for lookups whose documentation shows no response (issue 28): the model writes the response
whole, the checks decide, and the final answer is rebuilt from what was kept."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tooldial.corpus import load_corpus
from tooldial.dialogue.generate import GenerateConfig, GenerationReport, generate_dialogues, to_record
from tooldial.dialogue.model_parts import with_result
from tooldial.dialogue.model_parts.undocumented import (
    response_prompt,
    wants_written_response,
    with_response,
    written_problems,
)
from tooldial.dialogue.render_template import TemplateRenderer
from tooldial.dialogue.validate import validate_record, validate_records

DATA = Path(__file__).parent / "data" / "own_api"
REQUEST = {"api_name": "x", "required_parameters": {"isbn": "9780141439518"}, "optional_parameters": {}}
BARE = {"response": {"status": "success"}}


@pytest.fixture(scope="module")
def silent():
    """The bookstore's functions without output schemas: every lookup's template result is a bare status."""
    return load_corpus(str(DATA / "bookstore_tools_no_outputs.json"))


def test_a_written_response_is_kept_only_when_it_is_small_specific_and_agrees_with_the_request() -> None:
    good = '```json\n{"isbn": "9780141439518", "title": "Pride and Prejudice", "price": 8.99}\n```'
    result, problems, dropped = written_problems(good, REQUEST, BARE)
    assert problems == [] and dropped == 0 and result == {"response": {"isbn": "9780141439518", "title": "Pride and Prejudice",
                                                      "price": 8.99}}
    wrapped, _, _ = written_problems('{"response": {"title": "Emma"}}', REQUEST, BARE)
    assert wrapped == {"response": {"title": "Emma"}}  # the answer written as the release's wrapper is read inside
    cases = {
        "Sure, here it is.": "not a JSON object",
        '{"status": "success", "message": "OK"}': "reports only how the call went",
        '{"title": "Example Book"}': "a placeholder",  # nothing left once the placeholder is dropped
        '{"title": "Station A", "author": "John Doe"}': "a placeholder",
        '{"title": ""}': "an empty value",
        '{"isbn": "9780000000000", "title": "Emma"}': "a field named like an input differs from it",
        '{"9780141439518": ["Emma"]}': "a key that is a request's value",
        '{"book title": "Emma"}': "a key that is not an identifier",
        '{"a": {"b": {"c": {"d": {"e": 1}}}}}': "nested too deep",
        '{"books": [' + ",".join(['{"t": "Emma"}'] * 6) + "]}": "a list of 0 or more than 5 items",
    }
    for answer, why in cases.items():
        assert why in written_problems(answer, REQUEST, BARE)[1], answer
    # repaired: the fields and items holding a placeholder are dropped, the data stays (and is counted)
    repaired, problems, dropped = written_problems(
        '{"book_id": "12345", "title": "Emma", "cover": "https://example.com/e.png", "tags": ["classic", "sample"]}',
        REQUEST, BARE)
    assert problems == [] and dropped == 3 and repaired == {"response": {"title": "Emma", "tags": ["classic"]}}
    # a list of records inside an object (object, object, list, object) is not too deep; the ISBN in another case
    # is the same value
    records = '{"data": {"books": [{"title": "Emma", "year": 1815}, {"title": "Persuasion", "year": 1817}]}}'
    assert written_problems(records, REQUEST, BARE)[1] == []
    assert written_problems('{"ISBN": "9780141439518", "title": "Emma"}', REQUEST, BARE)[1] == []


def test_the_template_results_values_besides_its_status_are_kept() -> None:
    """An id the template's result holds (a chain may use it) stays as it was, whatever the model wrote there."""
    template = {"response": {"status": "success", "order_id": "ord_77"}}
    result, problems, _ = written_problems('{"order_id": "o-1", "total": 23.5, "currency": "EUR"}', REQUEST, template)
    assert problems == [] and result == {"response": {"order_id": "ord_77", "total": 23.5, "currency": "EUR"}}


def test_an_earlier_call_says_what_the_response_describes_and_must_agree_with_it(silent) -> None:
    """A by-id lookup after a name lookup: the prompt shows the earlier call, and a field named like one of its
    inputs or outputs must hold the same value (the rider found as Marc Marquez is not Max Verstappen)."""
    earlier = [({"api_name": "t|MotoGP|Get rider by name", "required_parameters": {"first_name": "Marc",
                                                                                  "last_name": "Marquez"}},
                {"response": {"rider_id": "r-93"}})]
    request = {"api_name": "x", "required_parameters": {"rider_id": "r-93"}}
    get_book = "bookstore_tools_no_outputs|bookstore_tools_no_outputs|get_book"
    text = response_prompt(silent, get_book, request, earlier)[0]["content"]
    assert 'Earlier, Get rider by name with {"first_name": "Marc", "last_name": "Marquez"} returned ' \
           '{"rider_id": "r-93"}' in text and "about the same thing as the earlier call" in text
    assert "Earlier" not in response_prompt(silent, get_book, request)[0]["content"]
    agrees = '{"rider_id": "r-93", "first_name": "Marc", "last_name": "Marquez", "team": "Ducati Lenovo"}'
    assert written_problems(agrees, request, BARE, earlier)[1] == []
    other = '{"rider_id": "r-93", "first_name": "Max", "last_name": "Verstappen", "team": "Red Bull Racing"}'
    assert written_problems(other, request, BARE, earlier)[1] == ["a field disagrees with an earlier call"]
    assert written_problems(other, request, BARE)[1] == []  # nothing earlier to disagree with


def test_only_undocumented_lookups_are_written_whole(silent) -> None:
    documented = load_corpus(str(DATA / "bookstore_tools.json"))
    get_book = silent.get("bookstore_tools_no_outputs|bookstore_tools_no_outputs|get_book")
    assert wants_written_response(get_book, BARE)
    place_order = silent.get("bookstore_tools_no_outputs|bookstore_tools_no_outputs|place_order")
    action = place_order.model_copy(update={"description": "Create an order of copies of a book for a customer."})
    assert not wants_written_response(action, BARE)  # an action: how it went is its answer
    assert not wants_written_response(documented.get("bookstore_tools|bookstore_tools|get_book"), BARE)
    text = response_prompt(silent, get_book.id, REQUEST)[0]["content"]
    assert text.startswith("API get_book of bookstore_tools_no_outputs:") and '"isbn": "9780141439518"' in text


class _Keeping(TemplateRenderer):
    """The template renderer, keeping the scenarios it rendered (the test needs the scenario, not only the record)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list = []

    def render(self, scenarios):
        self.seen.extend(scenarios)
        return super().render(scenarios)


def test_a_kept_response_is_reported_by_the_final_answer_and_the_labels_stay_valid(silent, embedder) -> None:
    """Without a model: a response as a model would write it replaces the bare status everywhere, the answer
    reports its fields (not "the status is success"), and the validator finds nothing new."""
    renderer = _Keeping()
    config = GenerateConfig(n=12, seed=3, sequences=["one_api_07", "one_api_05"])
    records = list(generate_dialogues(silent, None, config, embedder=embedder, renderer=renderer))
    # a bare "status": "success" is no answer field (the template says the request went through)
    bare = {"response": {"status": "success"}}
    picked = next((s, r) for s, r in zip(renderer.seen, records, strict=True) if s.answer_fields in ([], ["status"])
                  and any(t.action == "call" and t.api_response["result"] == bare for t in s.turns))
    scenario, record = picked
    k = next(i for i, t in enumerate(scenario.turns) if t.action == "call")
    call = scenario.turns[k]
    api = silent.get(call.api_request["api_name"])
    assert wants_written_response(api, call.api_response["result"])
    inputs = {**call.api_request["required_parameters"], **call.api_request["optional_parameters"]}
    answer = json.dumps({**{n: v for n, v in inputs.items()}, "title": "Middlemarch", "author": "George Eliot",
                         "price": 12.4})
    result, problems, _ = written_problems(answer, call.api_request, call.api_response["result"])
    assert problems == []
    new, why = with_response(with_result(scenario, k, result), api, result)
    assert why == "" and "title" in new.answer_fields and "status" not in new.answer_fields
    response = next(t for t in new.turns if t.action == "response")
    assert response.api_response["result"] == result and "Middlemarch" in response.required_values
    template = TemplateRenderer()
    messages = template.messages(new)
    assert "Middlemarch" in messages[new.turns.index(response)] and "status is success" not in " ".join(messages)
    before = validate_record(record, corpus=silent).problems
    after = validate_record(to_record(new, messages, "template"), corpus=silent).problems
    assert after == before == []
    # a response that holds only what the user already said answers nothing: not kept
    echo = {"response": dict(inputs)}
    assert with_response(with_result(scenario, k, echo), api, echo)[1] == "nothing a user asked for to report"


def test_real_small_model_writes_undocumented_responses_or_the_template_stays(openai_server, silent, embedder,
                                                                             tmp_path) -> None:
    """SmolLM2-135M is asked for the responses of the bookstore's undocumented lookups: every ask ends kept or
    counted with a reason, the labels stay valid, and a rerun asks nothing."""
    options = {"base_url": openai_server.base_url, "model": openai_server.model, "cache_dir": str(tmp_path / "llm"),
               "max_concurrency": 1, "max_attempts": 1, "result_tokens": 24}
    config = GenerateConfig(n=2, seed=3, sequences=["one_api_07"], llm_roles=["result"], renderer_options=options)

    def run():
        report = GenerationReport()
        return list(generate_dialogues(silent, None, config, embedder=embedder, report=report)), report

    start = openai_server.request_count()
    records, report = run()
    parts = report.model_parts
    asked = parts.whole["asked"]
    assert asked >= 1 and openai_server.request_count() - start >= asked
    whole_failures = sum(v for k, v in parts.failures.items() if k.startswith("result: written whole"))
    failed_requests = parts.failures["result: request failed"] + parts.failures["result: cut off at max_tokens"]
    assert parts.whole["model"] + whole_failures + failed_requests >= asked
    kept = [r for r in records if "model" in r.scenario["written_by"].get("result", [])]
    assert all("status" not in r.scenario["answer_fields"] for r in kept)
    assert validate_records(records, corpus=silent).ok
    sent = openai_server.request_count()
    again, _ = run()
    assert openai_server.request_count() == sent
    assert [r.model_dump_json() for r in again] == [r.model_dump_json() for r in records]


def test_a_dialogue_whose_undocumented_answer_the_model_did_not_write_is_dropped_and_drawn_again(
        openai_server, silent, embedder, tmp_path) -> None:
    """With 4 tokens the real server's every written response is cut off, so no undocumented lookup gets an answer:
    those dialogues are dropped (the template path leaves such lookups out), counted with their reason, their
    parts are not counted as written, and others are drawn in their place, at most ``--n`` of them."""
    from tooldial.dialogue.model_parts.writer import DROPPED_UNWRITTEN

    options = {"base_url": openai_server.base_url, "model": openai_server.model, "cache_dir": str(tmp_path / "llm"),
               "max_concurrency": 1, "max_attempts": 1, "result_tokens": 4}
    config = GenerateConfig(n=3, seed=5, sequences=["one_api_07", "one_api_05"], llm_roles=["result"],
                            renderer_options=options, batch_size=2)
    report = GenerationReport()
    renderer = _Keeping()
    records = list(generate_dialogues(silent, None, config, embedder=embedder, report=report, renderer=renderer))
    parts = report.model_parts
    dropped = parts.dropped[DROPPED_UNWRITTEN]
    assert dropped >= 1 and parts.whole["model"] == 0
    assert parts.failures["result: cut off at max_tokens"] >= dropped
    assert all(r.scenario["answer_fields"] != ["status"] for r in records)  # no "the status is success" answers
    assert len(records) <= config.n and len(renderer.seen) == len(records)  # dropped before they were rendered
    ids = [int(r.dialogue_id.rsplit("-", 1)[1]) for r in records]
    assert max(ids, default=0) + 1 <= config.n + min(dropped, config.n)  # drawn again: later ids, at most n more
    assert len(records) == config.n or dropped >= config.n  # replaced until n are written or the cap is reached
    tally = Counter(f"result {w}" for r in records for w in r.scenario["written_by"].get("result", []))
    assert +parts.written == +tally  # the dropped dialogues' parts are not counted


def test_a_response_that_repeats_an_earlier_calls_is_not_kept_and_the_retry_hides_the_earlier_results(silent) -> None:
    """The 1.5B model, shown an IP lookup before a hexagon search, answered with the IP lookup's fields: more than
    half of the written fields (besides those echoing the request) are the earlier response's, so it is rejected,
    and the retry's prompt shows the earlier call's request but not its response."""
    earlier = [({"api_name": "t|geoip|IP lookup", "required_parameters": {"ip": "1.2.3.4"}},
                {"response": {"cityName": "Pune", "countryCode": "IN", "zipCode": "411001", "latitude": 18.52}})]
    request = {"api_name": "t|boundaries|Hexagon by location", "required_parameters": {"latitude": 18.52,
                                                                                       "longitude": 73.85}}
    copied = '{"latitude": 18.52, "longitude": 73.85, "cityName": "Pune", "countryCode": "IN", "zipCode": "411001"}'
    assert "repeats an earlier call's response" in written_problems(copied, request, BARE, earlier)[1]
    assert written_problems(copied, request, BARE)[1] == []  # nothing earlier to repeat
    own = '{"latitude": 18.52, "longitude": 73.85, "h3_index": "8a60145b2a27fff", "resolution": 10, "cityName": "Pune"}'
    assert written_problems(own, request, BARE, earlier)[1] == []  # one shared field of three: its own answer
    same_api = [({**earlier[0][0], "api_name": request["api_name"]}, earlier[0][1])]
    assert written_problems(copied, request, BARE, same_api)[1] == []  # the same API may answer alike
    get_book = "bookstore_tools_no_outputs|bookstore_tools_no_outputs|get_book"
    retry = response_prompt(silent, get_book, request, earlier, earlier_results=False)[0]["content"]
    assert 'Earlier, IP lookup was called with {"ip": "1.2.3.4"}' in retry and "Pune" not in retry
    assert "returned" in response_prompt(silent, get_book, request, earlier)[0]["content"]
