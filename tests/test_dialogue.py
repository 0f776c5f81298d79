"""Dialogue generation: sequences, thresholds, retriever, chaining, validator, determinism.

A small hand-made corpus (radio stations + a few unrelated domains for the retriever) and a hand-made graph
whose four edges cover every two-API condition: source with/without inputs × single/list result.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter

import networkx as nx
import pytest

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool
from tooldial.dialogue.generate import GenerateConfig, GenerationReport, generate_dialogues
from tooldial.dialogue.io import read_dialogues, write_dialogues
from tooldial.dialogue.record import DialogueRecord
from tooldial.dialogue.renderer import check_messages
from tooldial.dialogue.retriever import Retriever, RetrieverConfig
from tooldial.dialogue.sequences import SEQUENCES, ApiPairProfile, conditions_of, get_sequence, profile_of
from tooldial.dialogue.validate import CHECKS, validate_record, validate_records
from tooldial.errors import TooldialError


def _p(name, type_="string", description="", example=None):
    return Parameter(name=name, type=type_, description=description, example=example)


def _o(path, example=None, is_list=False, type_="string"):
    return OutputComponent(path=tuple(path.split("|")), example=example, is_list=is_list, type=type_)


def _api(category, tool, name, description, required=(), optional=(), outputs=(), example=None):
    return Api(category=category, tool=tool, name=name, description=description,
               required_parameters=tuple(required), optional_parameters=tuple(optional),
               output_components=tuple(outputs), example_response=example)


RADIO = [
    _api("Music", "radio_hub", "Station Playlist", "Returns the tracks currently on the playlist of a radio station.",
         required=[_p("stationId", description="id of the station"),
                   _p("date", description="the day of the playlist, YYYY-MM-DD")],
         optional=[_p("limit", "integer", "how many tracks")],
         outputs=[_o("tracks|title", "So What", True), _o("tracks|artist", "Miles Davis", True)],
         example={"tracks": [{"title": "So What", "artist": "Miles Davis"}]}),
    _api("Music", "radio_hub", "Featured Station", "Returns today's featured radio station.",
         outputs=[_o("station|station_id", "st_48213"), _o("station|name", "Jazz FM Live")],
         example={"station": {"station_id": "st_48213", "name": "Jazz FM Live"}}),
    _api("Music", "radio_hub", "Country Top Station", "Returns the most popular radio station of a country.",
         required=[_p("country", description="country name")],
         outputs=[_o("station|station_id", "st_11111"), _o("station|name", "Radio Nova")],
         example={"station": {"station_id": "st_11111", "name": "Radio Nova"}}),
    _api("Music", "radio_hub", "Search Stations", "Searches radio stations whose name matches a keyword.",
         required=[_p("keyword", description="search text")],
         outputs=[_o("stations|station_id", "st_222", True), _o("stations|name", "Jazz 24", True)],
         example={"stations": [{"station_id": "st_222", "name": "Jazz 24"}]}),
    _api("Music", "radio_hub", "Genre Stations", "Lists the radio stations of every music genre.",
         outputs=[_o("stations|station_id", "st_333", True), _o("stations|name", "Rock Antenne", True)],
         example={"stations": [{"station_id": "st_333", "name": "Rock Antenne"}]}),
]
OTHERS = [
    _api("Weather", "skycast", "Current Weather", "Returns the current temperature and conditions in a city.",
         required=[_p("city")], outputs=[_o("temperature", 21.5, type_="number"), _o("conditions", "sunny")],
         example={"temperature": 21.5, "conditions": "sunny"}),
    _api("Finance", "fx_rates", "Exchange Rate", "Converts an amount of money from one currency to another.",
         required=[_p("from_currency"), _p("to_currency")], optional=[_p("amount", "number")],
         outputs=[_o("rate", 1.08, type_="number"), _o("converted", 108.0, type_="number")],
         example={"rate": 1.08, "converted": 108.0}),
    _api("Food", "recipe_box", "Recipe Search", "Finds cooking recipes that use a given ingredient.",
         required=[_p("ingredient")], optional=[_p("diet")],
         outputs=[_o("recipes|title", "Lemon Pasta", True), _o("recipes|minutes", 25, True, "integer")],
         example={"recipes": [{"title": "Lemon Pasta", "minutes": 25}]}),
    _api("Sports", "scores_now", "Live Scores", "Returns live football match scores for a league.",
         required=[_p("league")], outputs=[_o("matches|home", "Arsenal", True), _o("matches|away", "Chelsea", True)],
         example={"matches": [{"home": "Arsenal", "away": "Chelsea"}]}),
    _api("Travel", "flightfinder", "Flight Search", "Searches flights between two airports on a date.",
         required=[_p("origin"), _p("destination"), _p("date")],
         outputs=[_o("flights|number", "TP1234", True), _o("flights|price", 199.0, True, "number")],
         example={"flights": [{"number": "TP1234", "price": 199.0}]}),
]


def make_corpus() -> Corpus:
    tools: dict[tuple[str, str], list[Api]] = {}
    for api in RADIO + OTHERS:
        tools.setdefault((api.category, api.tool), []).append(api)
    return Corpus(spec="test:radio", tools=[Tool(category=c, name=t, apis=tuple(a)) for (c, t), a in tools.items()])


def make_graph(corpus: Corpus) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    for api in corpus.apis:
        g.add_node(api.id, tool=api.tool, category=api.category, description=api.description)
    target = "Music|radio_hub|Station Playlist"
    for source, output in [("Featured Station", "station|station_id"), ("Country Top Station", "station|station_id"),
                           ("Search Stations", "stations|station_id"), ("Genre Stations", "stations|station_id")]:
        g.add_edge(f"Music|radio_hub|{source}", target, source_output=output, target_input="stationId",
                   desc_sim=0.9, kw_sim=0.9, lcs_sim=0.9)
    return g


@pytest.fixture(scope="module")
def corpus():
    return make_corpus()


@pytest.fixture(scope="module")
def graph(corpus):
    return make_graph(corpus)


@pytest.fixture(scope="module")
def all_records(corpus, graph, embedder):
    report = GenerationReport()
    records = list(generate_dialogues(corpus, graph, GenerateConfig(all_combinations=True, seed=3),
                                      embedder=embedder, report=report))
    return records, report


@pytest.fixture(scope="module")
def by_sequence(all_records):
    records, _ = all_records
    out: dict[str, DialogueRecord] = {}
    for r in records:
        out.setdefault(r.sequence_id, r)
    return out


# ---- sequences ------------------------------------------------------------------------------------------


def test_the_23_sequences_are_those_of_the_paper():
    kinds = [s.kind for s in SEQUENCES]
    assert (kinds.count("two_api"), kinds.count("one_api"), kinds.count("fail")) == (15, 7, 1)
    assert len({s.actions for s in SEQUENCES}) == 23
    # Figure 2 / §3.2 example: list-returning source with inputs = Table 11 #13
    assert get_sequence("two_api_13").actions == (
        "inform_intent_clear", "retriever_call", "request", "fail_inform", "retriever_call", "request", "inform",
        "call", "request-multi", "inform", "call", "response", "user_bye", "system_bye")
    assert get_sequence("fail_01").actions[-1] == "response_fail"
    # conditions are read off the actions and distinguish all 23
    assert len({s.conditions for s in SEQUENCES}) == 23
    for s in SEQUENCES:
        assert (s.conditions.after_source == "request_multi") == ("request-multi" in s.actions)
        assert s.conditions.adds_value == ("inform_intent_clear_add" in s.actions)
    with pytest.raises(ValueError):
        conditions_of(("inform", "retriever_call"))


def _compatible(profile: ApiPairProfile) -> set[str]:
    return {s.id for s in SEQUENCES if s.compatible(profile)}


def test_compatibility_is_derived_from_conditions(corpus):
    playlist = corpus.get("Music|radio_hub|Station Playlist")
    weather = corpus.get("Weather|skycast|Current Weather")
    # one slot only: the clear_add → call sequences fit, clear_add → request does not
    single = _compatible(profile_of(weather))
    assert {"one_api_02", "one_api_06", "one_api_07", "fail_01"} <= single
    assert not {"one_api_04", "one_api_05"} & single
    assert not any(s.startswith("two_api") for s in single)
    # zero-input source, single value: only "call source, then request the rest" sequences (Table 11 #2, #3, #9);
    # the rest is the required date (an optional input is never requested)
    featured = profile_of(playlist, corpus.get("Music|radio_hub|Featured Station"), chain_param="stationId",
                          chain_output="station|station_id")
    assert _compatible(featured) == {"two_api_02", "two_api_03", "two_api_09"}
    # list-returning source with inputs: the three request-multi sequences with a source request
    search = profile_of(playlist, corpus.get("Music|radio_hub|Search Stations"), chain_param="stationId",
                        chain_output="stations|station_id")
    assert _compatible(search) == {"two_api_04", "two_api_10", "two_api_13"}
    # a target with the chain parameter only and a zero-input single-valued source fits none of the 23
    # (the original code's extra sequences 18-20 are not in the paper)
    bare = ApiPairProfile(target_slots=(1, 1), target_other_slots=(0, 0), source_slots=(0, 0), has_source=True)
    assert _compatible(bare) == set()
    # nor does one whose other input is optional: the system does not ask for it as if it were required
    optional_rest = ApiPairProfile(target_slots=(1, 2), target_other_slots=(0, 1), source_slots=(0, 1),
                                   has_source=True)
    assert _compatible(optional_rest) == set()


# ---- retriever and thresholds ----------------------------------------------------------------------------


def test_threshold_bands_are_a4_and_configurable():
    conf = RetrieverConfig()
    assert [conf.band(s) for s in (0.6, 0.5999, 0.5, 0.4999)] == ["confirm", "suggest", "suggest", "clarify"]
    strict = RetrieverConfig(confirm_threshold=0.7, suggest_threshold=0.55)
    assert [strict.band(s) for s in (0.69, 0.55, 0.54)] == ["suggest", "suggest", "clarify"]
    with pytest.raises(ValueError):
        RetrieverConfig(confirm_threshold=0.4, suggest_threshold=0.5)


def test_retriever_returns_real_cosine_top_k(corpus, embedder):
    retriever = Retriever(corpus, embedder)
    text = "which tracks are on the playlist of this radio station"
    hits = retriever.search([text])[0]
    assert len(hits) == 5 and [s for _, s in hits] == sorted((s for _, s in hits), reverse=True)
    assert hits[0][0] == "Music|radio_hub|Station Playlist"
    query = embedder.encode([text])[0]
    full = sorted(((round(float(query @ retriever.matrix[j]), 4), a) for j, a in enumerate(retriever.api_ids)),
                  reverse=True)
    assert [(a, s) for s, a in full[:5]] == hits


def test_written_scores_are_the_retrievers_and_actions_follow_thresholds(all_records, corpus, embedder):
    records, _ = all_records
    retriever = Retriever(corpus, embedder)
    report = validate_records(records, corpus=corpus, retriever=retriever)  # re-scores every intent
    assert report.ok, report.summary()
    seen_bands = set()
    for r in records:
        turns = [next(iter(t.values())) for t in r.dialogue]
        for i, t in enumerate(turns):
            rs = t.get("retriever_status", {})
            if isinstance(rs.get("retrieved_api"), dict):
                top = next(iter(rs["retrieved_api"].values()))
                band = retriever.config.band(top)
                seen_bands.add(band)
                assert turns[i + 1]["action"] == {"confirm": "request", "suggest": "suggest",
                                                  "clarify": "clarify"}[band] or turns[i + 1]["action"] == "call"
    assert seen_bands == {"confirm", "suggest", "clarify"}


# ---- realization of every sequence ------------------------------------------------------------------------


@pytest.mark.parametrize("sequence_id", [s.id for s in SEQUENCES])
def test_each_sequence_is_realized(by_sequence, sequence_id):
    record = by_sequence.get(sequence_id)
    assert record is not None, f"{sequence_id} not generated"
    seq = get_sequence(sequence_id)
    assert tuple(record.turn_actions()) == seq.turn_actions
    assert tuple(record.actions) == seq.actions
    assert bool(record.source) == (seq.kind == "two_api")
    assert check_messages_ok(record)
    cond = seq.conditions
    if cond.kind == "two_api":
        source_states = [b["dialogue_state"] for t in record.dialogue for s, b in t.items()
                         if s == "System" and b["dialogue_state"].get("api_status", {}) != "none"
                         and b["dialogue_state"]["api_status"]["api_name"] == record.source]
        slots = source_states[0]["api_status"]["required_parameters"] if source_states else {}
        assert bool(slots) == cond.source_needs_inputs
    if cond.adds_value:
        first = record.dialogue[0]["User"]["message"] if cond.opening == "clear" else record.dialogue[3]["User"]["message"]
        mock = record.mockdata["target"][0]
        assert any(v in first for v in {**mock["required_parameters"], **mock["optional_parameters"]}.values())


def check_messages_ok(record: DialogueRecord) -> bool:
    silent = [next(iter(t.values())) for t in record.dialogue]
    return all((b["message"] == "") == (b["action"] in ("retriever_call", "call")) for b in silent)


def test_all_combinations_pass_validation_and_cover_all_actions(all_records):
    records, report = all_records
    result = validate_records(records)
    assert result.ok, result.summary()
    assert len(result.by_sequence) == 23
    assert len(result.actions) == 16
    assert not report.render_failures


# ---- chaining -----------------------------------------------------------------------------------------


def test_chained_value_is_the_sources_returned_value(all_records):
    records, _ = all_records
    pairs = [r for r in records if r.source]
    assert pairs
    for r in pairs:
        source_result = r.mockdata["source"][0]["output_components"]
        target_inputs = r.mockdata["target"][0]["required_parameters"]
        stations = source_result["response"].get("stations") or [source_result["response"]["station"]]
        ids = [s["station_id"] for s in stations]
        assert target_inputs["stationId"] in ids
        calls = [b for t in r.dialogue for s, b in t.items() if s == "System" and b["action"] == "call"]
        assert calls[-1]["api_request"]["required_parameters"]["stationId"] == target_inputs["stationId"]
        if "request-multi" in r.actions:
            assert len(ids) >= 2
            picked = next(s for s in stations if s["station_id"] == target_inputs["stationId"])
            i = r.actions.index("request-multi")
            assert picked["name"] in r.dialogue[i + 1]["User"]["message"]
            # the request-multi lists every option by name, and the chain slot is still empty then
            assert all(s["name"] in r.dialogue[i]["System"]["message"] for s in stations)
            assert r.dialogue[i]["System"]["dialogue_state"]["api_status"]["required_parameters"]["stationId"] == ""


def test_state_values_appear_only_once_said_or_returned(by_sequence):
    r = by_sequence["two_api_07"]
    states = [b["dialogue_state"] for t in r.dialogue for s, b in t.items() if s == "System"]
    first_request = next(s for s in states if s["api_confirmed"] == "true")
    assert set(first_request["api_status"]["required_parameters"].values()) == {""}


# ---- validator: one hand-broken dialogue per check ------------------------------------------------------


def _break(record: DialogueRecord, kind: str) -> DialogueRecord:
    data = copy.deepcopy(record.model_dump(mode="json"))
    turns = data["dialogue"]
    sys_turns = [(i, t["System"]) for i, t in enumerate(turns) if "System" in t]
    if kind == "schema":
        turns[0] = {"User": turns[0]["User"], "System": sys_turns[0][1]}
    elif kind == "sequence":
        data["sequence_id"] = "two_api_08"  # same opening, no request-multi / second request
        data["actions"] = list(get_sequence(data["sequence_id"]).actions)
    elif kind == "conditions":
        data["subgraph_type"] = "zerozero" if data["subgraph_type"] != "zerozero" else "yesyes"
    elif kind == "retriever":
        rc = next(b for _, b in sys_turns if isinstance(b["retriever_status"]["retrieved_api"], dict))
        rc["retriever_status"]["retrieved_api"] = {k: round(v - 0.3, 4) for k, v in rc["retriever_status"]["retrieved_api"].items()}
    elif kind == "state_params":
        st = next(b for _, b in sys_turns if b["dialogue_state"]["api_confirmed"] == "true")
        st["dialogue_state"]["api_status"]["required_parameters"]["invented_param"] = ""
    elif kind == "provenance":
        st = next(b for _, b in sys_turns if b["action"] == "request")
        slots = st["dialogue_state"]["api_status"]["required_parameters"]
        slots[next(iter(slots))] = "never-mentioned-value"
    elif kind == "chain":
        for side in ("target",):
            data["mockdata"][side][0]["required_parameters"]["stationId"] = "st_00000"
    elif kind == "call":
        call = next(b for _, b in sys_turns if b["action"] == "call")
        call["api_request"]["required_parameters"] = {k: v + "x" for k, v in call["api_request"]["required_parameters"].items()}
    elif kind == "messages":
        call = next(b for _, b in sys_turns if b["action"] == "call")
        call["message"] = "Calling the API now."
    elif kind == "filler":
        data["mockdata"]["target"][0]["output_components"]["response"]["stage_name"] = "willow-5166"
    elif kind == "consistency":
        data["mockdata"]["target"][0]["output_components"]["response"].update(
            {"check_in": "2025-05-10", "check_out": "2025-05-01", "city": "Toronto", "country_code": "BR"})
    elif kind == "groups":
        call = [b for _, b in sys_turns if b["action"] == "call"][-1]
        call["api_request"]["optional_parameters"].update({"latitude": "38.7223", "longitude": "-9.1393"})
        turns[0]["User"]["message"] += " I am at 38.7223."
    elif kind == "answer":
        data["scenario"]["answer_fields"] = ["no|such|field"]
    elif kind == "plausible":  # the recorded edge names an output the source does not document
        data["scenario"]["chain"]["source_output"] = "no|such|output"
    elif kind == "slot_names":  # a message spells a documented slot name as code
        i, body = next((i, b) for i, b in sys_turns if b["message"])
        turns[i]["System"]["message"] = body["message"] + " Any min_rating?"
    return DialogueRecord.model_validate(data)


def _documenting(corpus, record: DialogueRecord, kind: str):
    """The corpus with the target documented so that the unchanged record breaks it: an enum its result's first
    leaf is not in (``spec``), a raw slot name that a message then spells (``slot_names``)."""
    from tooldial.corpus import Corpus, Parameter
    from tooldial.dialogue.schema_values import leaves

    api = corpus.get(record.target)
    if kind == "spec":
        shown = next(p for p, *_ in leaves(record.mockdata["target"][0]["output_components"]["response"]))
        comps = tuple(c.model_copy(update={"enum": ("never shown",)}) if c.path == shown else c
                      for c in api.output_components)
        api = api.model_copy(update={"output_components": comps})
    else:
        api = api.model_copy(update={"optional_parameters": (*api.optional_parameters,
                                                             Parameter(name="min_rating", type="integer"))})
    tools = [t.model_copy(update={"apis": tuple(api if a.id == api.id else a for a in t.apis)}) for t in corpus.tools]
    return Corpus(spec=corpus.spec, tools=tools)


@pytest.mark.parametrize("kind", CHECKS)
def test_validator_catches_each_kind_of_broken_dialogue(by_sequence, corpus, kind):
    record = by_sequence["two_api_13"]
    assert validate_record(record, corpus=corpus).problems == []
    if kind in ("spec", "slot_names"):  # checks against the documentation: the documentation changes
        documented = _documenting(corpus, record, kind)
        broken = _break(record, kind)
        assert kind in validate_record(broken, corpus=documented).kinds
        return
    broken = _break(record, kind)
    problems = validate_record(broken, corpus=corpus if kind == "plausible" else None)
    assert kind in problems.kinds, problems.problems


def test_validator_reads_a_yes_no_value_said_in_words_as_the_renderer_does(by_sequence):
    """A required ``false`` said "Don't use logo" passes the renderer's check; ``tooldial validate`` read it
    verbatim and rejected it, so the generator drew such dialogues again (9 of 300 on a ToolBench sample)."""
    record = by_sequence["two_api_13"]
    dialogue, scenario = copy.deepcopy(record.dialogue), copy.deepcopy(record.scenario)
    i = next(i for i, t in enumerate(dialogue) if "User" in t and scenario["turns"][i]["required_values"])
    scenario["turns"][i]["required_values"] = ["false"]
    state = next(t["System"]["dialogue_state"] for t in dialogue[i:] if "System" in t
                 and t["System"]["dialogue_state"]["api_confirmed"] == "true")
    state["api_status"]["optional_parameters"]["use_logo"] = "false"  # the input the user's words state

    def messages_with(text: str) -> list[str]:
        dialogue[i]["User"]["message"] = text
        broken = record.model_copy(update={"scenario": scenario, "dialogue": dialogue})
        return [m for kind, m in validate_record(broken).problems if kind == "messages"]

    assert messages_with("Don't use logo, please.") == []
    assert messages_with("Use logo, please.") != []  # the other value
    assert messages_with("The weather, please.") != []  # not said at all


def test_validator_reports_counts_and_cli_exit_code(by_sequence, tmp_path, capsys):
    from tooldial.cli import main

    good = list(by_sequence.values())
    path = tmp_path / "d.jsonl"
    write_dialogues(good + [_break(good[0], "chain" if good[0].source else "call")], path)
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{len(good)}/{len(good) + 1} dialogues pass" in out
    write_dialogues(good + [_break(good[0], "consistency")], path)  # world problems: counted per rule too
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "  consistency   1 failing\n" in out and "        1  start after end" in out
    write_dialogues(good, path)
    assert main(["validate", str(path)]) == 0


def test_check_messages_flags_missing_values_and_changed_intents(all_records):
    from tooldial.dialogue.render_template import TemplateRenderer
    from tooldial.dialogue.scenario import ScenarioInstruction, make_turn

    turn = make_turn("User", "inform", "User gives the city.", required_values=["Lisbon"])
    fixed = make_turn("User", "inform_intent_clear", "", fixed_message="I want the weather.")
    silent = make_turn("System", "call", "", fixed_message="")
    scenario = ScenarioInstruction(dialogue_id="x", sequence_id="one_api_07", actions=[], subgraph_type="zerozero",
                                   target="a", domain="Weather", seed=0, query="", apis=[], mockdata={},
                                   turns=[fixed, turn, silent])
    assert check_messages(scenario, ["I want the weather.", "It's Lisbon.", ""]) == []
    problems = check_messages(scenario, ["I want the weather!", "It's Porto.", "calling"])
    assert len(problems) == 3
    rendered = TemplateRenderer().messages(scenario)
    assert check_messages(scenario, rendered) == []


# ---- determinism, balance, io ----------------------------------------------------------------------------


def test_same_seed_same_bytes_and_every_sequence_without_repeated_pairs(corpus, graph, embedder, tmp_path):
    paths = []
    for name, seed in (("a", 7), ("b", 7), ("c", 8)):
        path = tmp_path / f"{name}.jsonl"
        write_dialogues(generate_dialogues(corpus, graph, GenerateConfig(n=46, seed=seed), embedder=embedder), path)
        paths.append(path)
    a, b, c = (p.read_bytes() for p in paths)
    assert a == b
    assert a != c
    records = list(read_dialogues(paths[0]))
    counts = Counter(r.sequence_id for r in records)
    assert len(records) == 46 and len(counts) == 23  # every sequence appears
    assert len({r.dialogue_id for r in records}) == 46
    # ``even_sequences``: the counts stay even by drawing small pools again, so more dialogues repeat the
    # (sequence, source, target) of an earlier one
    even = list(generate_dialogues(corpus, graph, GenerateConfig(n=46, seed=7, even_sequences=True),
                                   embedder=embedder))
    assert set(Counter(r.sequence_id for r in even).values()) == {2}

    def repeats(rs: list[DialogueRecord]) -> int:
        return sum(n - 1 for n in Counter((r.sequence_id, r.source, r.target) for r in rs).values())

    assert repeats(records) < repeats(even)


def _request_frames(records: list[DialogueRecord]) -> list[str]:
    """Every ``request`` message with the state's slot names and the digits masked: the wording alone."""
    frames = []
    for record in records:
        for turn in record.dialogue:
            body = turn.get("System")
            if body is None or body["action"] != "request":
                continue
            message = body["message"].lower()
            status = (body.get("dialogue_state") or {}).get("api_status")
            names = [*status.get("required_parameters", {}), *status.get("optional_parameters", {})] \
                if isinstance(status, dict) else []
            for name in sorted(names, key=len, reverse=True):
                message = message.replace(name.replace("_", " ").lower(), "X").replace(name.lower(), "X")
            frames.append(re.sub(r"\d+", "N", message))
    return frames


def test_template_wording_varies(all_records):
    """Requests are not one sentence with the slots swapped: no wording carries more than a tenth of them."""
    records, _ = all_records
    frames = _request_frames(records)
    most_common = Counter(frames).most_common(1)[0][1]
    assert len(frames) >= 40 and most_common <= 0.1 * len(frames), Counter(frames).most_common(3)
    assert len(set(frames)) >= 0.5 * len(frames)


def test_read_dialogues_names_file_and_line(tmp_path, by_sequence):
    path = tmp_path / "bad.jsonl"
    good = json.dumps(next(iter(by_sequence.values())).model_dump(mode="json"))
    path.write_text(good + "\n{not json\n")
    with pytest.raises(TooldialError, match=r"bad\.jsonl: line 2: invalid JSON"):
        list(read_dialogues(path))
    path.write_text(json.dumps({"dialogue": []}) + "\n")
    with pytest.raises(TooldialError, match=r"line 1: subgraph_type"):
        list(read_dialogues(path))


def test_generate_config_rejects_bad_settings():
    with pytest.raises(ValueError):
        GenerateConfig()
    with pytest.raises(ValueError):
        GenerateConfig(n=5, all_combinations=True)
    with pytest.raises(ValueError):
        GenerateConfig(n=5, sequences=["two_api_99"])


def test_mock_lists_hold_distinct_records(corpus):
    from tooldial.dialogue.mockdata import build_result

    result = build_result(corpus.get("Music|radio_hub|Search Stations"), random.Random(0), records=3)
    stations = result["response"]["stations"]
    assert len(stations) == 3
    assert len({s["station_id"] for s in stations}) == 3 and len({s["name"] for s in stations}) == 3


def test_cli_generate_then_validate_end_to_end(corpus, graph, tmp_path, monkeypatch, capsys):
    """`tooldial generate` on a ToolBench-format file and a saved graph, then `tooldial validate`."""
    from tooldial.cli import main
    from tooldial.graph import save_graph

    tools = {}
    for api in corpus.apis:
        tool = tools.setdefault(api.tool, {"category": api.category, "tool_name": api.tool, "tool_description": "",
                                           "api_list": []})
        tool["api_list"].append({
            "name": api.name, "description": api.description, "method": "GET",
            "required_parameters": [{"name": p.name, "type": p.type.upper(), "description": p.description,
                                     "default": ""} for p in api.required_parameters],
            "optional_parameters": [{"name": p.name, "type": p.type.upper(), "description": p.description,
                                     "default": ""} for p in api.optional_parameters],
            "example_response": api.example_response,
        })
    spec = tmp_path / "tools.jsonl"
    spec.write_text("".join(json.dumps(t) + "\n" for t in tools.values()))
    graph_path = tmp_path / "graph.json"
    save_graph(graph, graph_path)
    out = tmp_path / "d.jsonl"
    monkeypatch.setenv("TOOLDIAL_CACHE", str(tmp_path / "cache"))
    assert main(["generate", "--corpus", str(spec), "--graph", str(graph_path), "--out", str(out), "--n", "23",
                 "--seed", "2", "--no-progress"]) == 0
    records = list(read_dialogues(out))
    assert {r.sequence_id for r in records} == {s.id for s in SEQUENCES}
    assert all(r.renderer == "template" and r.seed == 2 for r in records)
    assert main(["validate", str(out), "--corpus", str(spec)]) == 0
    assert "23/23 dialogues pass" in capsys.readouterr().out
    assert main(["generate", "--corpus", str(spec), "--graph", str(graph_path), "--out", str(out), "--n", "5",
                 "--renderer", "openai"]) == 2  # no endpoint given: one-line error, no traceback
    assert "needs --base-url" in capsys.readouterr().err




def test_quality_counts_world_checks_per_kind_with_or_without_a_judge(by_sequence, tmp_path, capsys):
    """``tooldial quality`` reports the validator's world checks per kind; they need no server."""
    from tooldial.cli import main

    good = list(by_sequence.values())
    record = by_sequence["two_api_13"]
    broken = [_break(record, "filler"), _break(record, "consistency"), _break(record, "consistency"),
              _break(record, "groups"), _break(record, "answer"), _break(record, "schema")]
    for i, b in enumerate(broken):
        b.dialogue_id = f"broken-{i}"
    path, out = tmp_path / "d.jsonl", tmp_path / "q.json"
    write_dialogues(good + broken, path)
    assert main(["quality", str(path), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"Rule checks ({len(good) + len(broken)} dialogues" in printed and "LLM judge: not run" in printed
    rules = json.loads(out.read_text())["rule_checks"]
    assert rules["failing"] == {"filler": 1, "consistency": 2, "groups": 1, "answer": 1}
    assert rules["unchecked"] == 1 and rules["examples"]["filler"].startswith("broken-0: ")
    # ... and per rule inside each kind (the text before the message's colon)
    consistency = rules["world_rules"]["consistency"]  # the broken record's Toronto may also move a venue
    assert consistency["start after end"] == 2 and consistency["city and country"] == 2
    assert rules["world_rules"]["filler"] == {"filler token": 1} and "start after end" in printed
    # an unreachable judge: a one-line error, and the rule checks are still printed and written
    argv = ["quality", str(path), "--out", str(out), "--base-url", "http://127.0.0.1:9/v1", "--model", "m",
            "--sample", "1", "--samples", "1", "--criteria", "naturalness", "--max-attempts", "1",
            "--timeout", "5", "--cache-dir", str(tmp_path / "llm"), "--no-progress"]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert "consistency" in captured.out and "cannot connect" in captured.err
    assert json.loads(out.read_text())["rule_checks"] == rules
    assert main(["quality", str(path), "--model", "m"]) == 2
    assert "--base-url" in capsys.readouterr().err


def test_quality_counts_plausible_chains_only_with_a_corpus(by_sequence, corpus, tmp_path, capsys):
    """``plausible`` needs the documented APIs: counted (with its reason) given a corpus, "not checked" without."""
    from tooldial.cli import main
    from tooldial.dialogue.quality import rule_checks

    good = list(by_sequence.values())
    records = good + [_break(by_sequence["two_api_13"], "plausible")]
    with_corpus = rule_checks(records, corpus)
    assert with_corpus.failing["plausible"] == 1 and with_corpus.plausible_kinds == {"undocumented output": 1}
    assert with_corpus.corpus == "test:radio" and "undocumented output" in with_corpus.table()
    without = rule_checks(records)
    assert "plausible" not in without.failing and "not checked (give --corpus)" in without.table()
    assert {k: v for k, v in with_corpus.failing.items() if k != "plausible"} == without.failing
    path, out = tmp_path / "d.jsonl", tmp_path / "q.json"
    write_dialogues(records, path)
    assert main(["quality", str(path), "--corpus", "builtin", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "corpus builtin" in printed and "not checked" not in printed
    rules = json.loads(out.read_text())["rule_checks"]  # the fixture's radio APIs are builtin ones
    assert rules["failing"]["plausible"] == 1 and rules["plausible_kinds"] == {"undocumented output": 1}
    assert main(["quality", str(path), "--corpus", str(tmp_path / "nope.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tooldial: ") and "nope.jsonl" in err and len(err.splitlines()) == 1


def test_validate_rejudges_the_chain_from_the_recorded_edge(all_records, corpus):
    from tooldial.dialogue.validate import validate_records

    records, _ = all_records
    pairs = [r for r in records if r.scenario.get("chain")]
    assert pairs and validate_records(pairs, corpus=corpus).by_kind.get("plausible", 0) == 0
    spoiled = pairs[0].model_copy(deep=True)
    spoiled.scenario["chain"]["source_output"] = "no|such|output"
    report = validate_records([spoiled], corpus=corpus)
    assert report.by_kind["plausible"] == 1 and report.plausible_kinds == {"undocumented output": 1}
    assert "undocumented output" in report.summary()


def test_an_optional_input_is_only_the_one_the_user_states_unasked(all_records):
    """The system asks for required inputs; an optional input is in a dialogue only when the user said it in a
    clear intent that carries a value (or a chain provides it), never requested as if it were required."""
    records, _ = all_records
    stated = 0
    for r in records:
        assert r.mockdata["source"] == [] or r.mockdata["source"][0]["optional_parameters"] == {}, r.dialogue_id
        optional = r.mockdata["target"][0]["optional_parameters"]
        if not optional:
            continue
        assert get_sequence(r.sequence_id).conditions.adds_value, (r.sequence_id, optional)
        said = next(t["User"]["message"] for t in r.dialogue
                    if "User" in t and t["User"]["action"] == "inform_intent_clear_add")
        assert all(str(v) in said for v in optional.values()), (said, optional)
        requested = " ".join(t["System"]["message"] for t in r.dialogue
                             if "System" in t and t["System"]["action"] == "request")
        assert not any(str(v) in requested for v in optional.values())
        stated += 1
    assert stated  # the radio corpus has optional inputs a user can volunteer


def test_a_dialogue_its_validator_rejects_is_drawn_again_not_written(corpus, graph, embedder, monkeypatch):
    """``generate`` writes only what ``tooldial validate`` passes: a rejected dialogue is counted and another is
    drawn, so ``--n`` dialogues are still written and none of them is the rejected one."""
    import tooldial.dialogue.validate as validate

    real = validate.validate_record
    config = GenerateConfig(n=12, seed=11)
    first = [r.dialogue_id for r in generate_dialogues(corpus, graph, config, embedder=embedder)]
    rejected = set(first[3:5])

    def strict(record, **kwargs):
        problems = real(record, **kwargs)
        if record.dialogue_id in rejected:
            problems.add("consistency", "id echo: planted for the test")
        return problems

    monkeypatch.setattr(validate, "validate_record", strict)
    report = GenerationReport()
    again = [r.dialogue_id for r in generate_dialogues(corpus, graph, config, embedder=embedder, report=report)]
    assert len(again) == 12 and not rejected & set(again)
    assert sorted(d for d, _ in report.invalid) == sorted(rejected)
    assert all("planted for the test" in why for _, why in report.invalid)
    assert again[:3] == first[:3]  # the dialogues before the rejected ones are unchanged


def test_a_draw_that_fails_moves_only_its_own_sequences_dialogues(corpus, graph, embedder, monkeypatch):
    """Each attempt has its own generator (:func:`attempt_rng`) and each sequence its own draws: when one draw
    fails (what a fix that makes one plan fail does) and its sequence draws again, the dialogues of the other
    sequences are the same bytes as before, not every dialogue after it drawn anew."""
    from tooldial.dialogue.generate import ScenarioFactory

    config = GenerateConfig(n=12, seed=29)
    first = list(generate_dialogues(corpus, graph, config, embedder=embedder))
    real = ScenarioFactory.realize
    failed = []

    def failing_once(self, seq, unit, rng, did, seed):
        if did.endswith("000003") and not failed:
            failed.append(seq.id)
            return None, "planted for the test"
        return real(self, seq, unit, rng, did, seed)

    monkeypatch.setattr(ScenarioFactory, "realize", failing_once)
    report = GenerationReport()
    again = list(generate_dialogues(corpus, graph, config, embedder=embedder, report=report))
    assert failed and any("planted for the test" in why for why in report.failures)
    changed = {a.sequence_id for a, b in zip(first, again, strict=True) if a.model_dump_json() != b.model_dump_json()}
    assert changed == {failed[0]}
    assert sum(a.sequence_id != failed[0] for a in first) >= 6  # most dialogues are of other sequences, unchanged
