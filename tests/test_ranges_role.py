"""The ``ranges`` role (``--llm-roles ranges``): a typical value and the usual range of each undocumented number of
an API's results, written once per API by a model, checked line by line, and drawn from by the mock world; the rules
draw the numbers whose line failed. The model path is run against the real local server (SmolLM2-135M,
``openai_server``)."""

from __future__ import annotations

import random
import statistics

import pytest
from test_dialogue import make_corpus
from test_model_parts import alone_and_batched, counted_run, server_options

from tooldial.corpus.models import Api, Constraints, Corpus, OutputComponent, Tool
from tooldial.dialogue.generate import GenerateConfig, ScenarioFactory
from tooldial.dialogue.mockdata.builder import build_result, rangeable_leaves
from tooldial.dialogue.mockdata.generators import draw_in_range
from tooldial.dialogue.model_parts import LLM_ROLES
from tooldial.dialogue.model_parts.ranges import display_names, range_problem, ranges_prompt, read_ranges
from tooldial.dialogue.retriever import Retriever
from tooldial.dialogue.validate import validate_records

SCORECARD = Api(
    category="Sports", tool="Cricket Live", name="Match Scorecard", description="The scorecard of a cricket match.",
    output_components=(
        OutputComponent(path=("innings", "bowling", "wickets"), type="integer", is_list=True),
        OutputComponent(path=("innings", "batting", "runs"), type="integer", is_list=True),
        OutputComponent(path=("innings", "runs"), type="integer", is_list=True),
        OutputComponent(path=("innings", "run_rate"), type="number", is_list=True),
        OutputComponent(path=("innings", "bowling", "player_name"), type="string", is_list=True),
        OutputComponent(path=("venue", "latitude"), type="number"),
        OutputComponent(path=("attendance",), type="integer", example=24000),
        OutputComponent(path=("overs",), type="integer", constraints=Constraints(minimum=0, maximum=50)),
    ))


def _leaves(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(node, list):
        for v in node:
            yield from _leaves(v, path)
    else:
        yield "|".join(path), node


def test_ranges_are_written_first_and_their_prompt_names_each_number_once() -> None:
    assert LLM_ROLES[0] == "ranges"
    corpus = Corpus(spec="test:cricket", tools=[Tool(category="Sports", name="Cricket Live", apis=(SCORECARD,))])
    names = display_names(rangeable_leaves(SCORECARD))
    text = ranges_prompt(corpus, SCORECARD.id, names)[0]["content"]
    assert "Match Scorecard" in text and "typical (low to high)" in text
    assert text.splitlines()[-len(names):] == list(names)


def test_only_undocumented_numbers_without_a_specific_kind_are_asked() -> None:
    asked = rangeable_leaves(SCORECARD)
    assert asked == {"innings|bowling|wickets": "integer", "innings|batting|runs": "integer",
                     "innings|runs": "integer", "innings|run_rate": "number"}
    # a name, a position (latitude), a documented example and documented bounds are the rules' or the docs'


def test_shown_names_are_the_last_two_segments_unless_two_read_the_same() -> None:
    shown = display_names(["innings|bowling|wickets", "innings|batting|runs", "a|innings|runs", "b|innings|runs"])
    assert shown == {"bowling.wickets": "innings|bowling|wickets", "batting.runs": "innings|batting|runs",
                     "a.innings.runs": "a|innings|runs", "b.innings.runs": "b|innings|runs"}


def test_an_answer_is_read_line_by_line_and_each_failure_is_named() -> None:
    names = {"bowling.wickets": "w", "batting.runs": "r", "innings.runs": "i", "innings.run_rate": "rr",
             "stats.balls": "b", "stats.extras": "e", "stats.fours": "f"}
    types = {"w": "integer", "r": "integer", "i": "integer", "rr": "number", "b": "integer", "e": "integer",
             "f": "integer"}
    answer = "\n".join([
        "Here are the ranges:",
        "- `bowling.wickets`: 2 (0 to 10)",
        "Batting.Runs: 1,200 (0 to 300)",      # typical outside its range
        "innings.runs: 180 (40 - 450)",
        "innings.run_rate: 5.5% (2.0 to 12.5)",
        "stats.balls: 3.5 (0 to 6)",          # a fraction for a whole number
        "stats.extras: 18 (-10 to 35)",       # the prompt's example
        "stats.sixes: 1 (0 to 8)",            # not asked
    ])
    kept, problems = read_ranges(answer, names, types)
    assert kept == {"w": (0.0, 10.0, 2.0), "i": (40.0, 450.0, 180.0), "rr": (2.0, 12.5, 5.5)}
    assert sorted(problems) == sorted([
        "a line that is no range", "a typical value outside its range", "a fraction for a whole number",
        "the prompt's example", "a number not asked", "a number left out"])  # stats.fours: no line


@pytest.mark.parametrize(("bounds", "type_", "problem"), [
    ((5, 5, 5), "integer", "an empty range"),
    ((9, 1, 5), "integer", "low above high"),
    ((0, 1e15, 10), "number", "a bound too large"),
    ((0, 10, 2), "integer", ""),
    ((0.01, 0.2, 0.05), "number", ""),
])
def test_range_checks(bounds, type_: str, problem: str) -> None:
    assert range_problem(*map(float, bounds), type_) == problem


def test_draws_stay_in_range_and_peak_at_the_typical_value() -> None:
    rng = random.Random(1)
    whole = [int(draw_in_range(0, 10, 2, "integer", rng)) for _ in range(2000)]
    assert min(whole) >= 0 and max(whole) <= 10 and statistics.median(whole) < 5
    rates = [draw_in_range(0.01, 0.2, 0.05, "number", rng) for _ in range(200)]
    assert all(0.01 <= float(r) <= 0.2 for r in rates) and all(len(r.split(".")[1]) == 3 for r in rates)


def test_the_mock_world_draws_ranged_numbers_and_leaves_the_rest_to_the_rules() -> None:
    ranged = SCORECARD.model_copy(update={"value_ranges": (("innings|bowling|wickets", 0.0, 10.0, 2.0),
                                                           ("innings|run_rate", 2.0, 12.5, 5.5))})
    for seed in range(30):
        plain, model = build_result(SCORECARD, random.Random(seed)), build_result(ranged, random.Random(seed))
        for key, value in _leaves(model["response"]):
            if key == "innings|bowling|wickets":
                assert isinstance(value, int) and 0 <= value <= 10
            elif key == "innings|run_rate":
                assert 2.0 <= value <= 12.5
        assert "value_ranges" not in ranged.model_dump()
        assert plain == build_result(SCORECARD, random.Random(seed))  # without ranges: the rules' draw, unchanged
    # the rules draw wickets from the JSON type (1-100): the model's range is what keeps them below 11
    assert max(v for s in range(30) for k, v in _leaves(build_result(SCORECARD, random.Random(s))["response"])
               if k == "innings|bowling|wickets") > 10


class _Ranges:
    """The one call the factory makes of ``ModelParts`` (its model path is tested against the real server below)."""

    def __init__(self, ranges: dict) -> None:
        self.ranges_by_api, self.asked = ranges, []

    def ranges(self, api_id: str) -> dict:
        self.asked.append(api_id)
        return self.ranges_by_api.get(api_id, {})


def test_the_factory_puts_ranges_on_its_own_corpus_copy_once_per_api(embedder) -> None:
    from tooldial.dialogue.dialogue_plan import DialogueUnit

    corpus = make_corpus()
    target = "Music|radio_hub|Station Playlist"
    factory = ScenarioFactory(corpus, Retriever(corpus, embedder))
    factory.ranges = _Ranges({target: {"tracks|plays": (0.0, 500.0, 40.0)}})
    factory._write_ranges(DialogueUnit(target=target, source="Music|radio_hub|Featured Station"))
    factory._write_ranges(DialogueUnit(target=target))
    assert factory.ranges.asked == [target, "Music|radio_hub|Featured Station"]
    assert factory.corpus.get(target).value_ranges == (("tracks|plays", 0.0, 500.0, 40.0),)
    assert corpus.get(target).value_ranges == ()  # the caller's corpus is not changed
    assert factory.corpus.get("Music|radio_hub|Featured Station") is corpus.get("Music|radio_hub|Featured Station")
    factory.close()


def _playlist_corpus():
    """The radio corpus with a playlist whose documentation shows no response but two numbers of each track."""
    corpus = make_corpus()
    api = corpus.get("Music|radio_hub|Station Playlist")
    outputs = (*api.output_components,
               OutputComponent(path=("tracks", "plays"), type="integer", is_list=True),
               OutputComponent(path=("tracks", "length_minutes"), type="number", is_list=True))
    return corpus.with_apis([api.model_copy(update={"output_components": outputs, "example_response": None})])


def test_real_small_model_ranges_are_checked_recorded_drawn_from_and_cached(openai_server, embedder, tmp_path) -> None:
    """SmolLM2-135M writes the ranges of the numbers a playlist's documentation leaves out: each API is asked once
    (2 tries at most), every number is kept or has a counted reason, each dialogue records who wrote the ranges of its
    APIs, the drawn numbers lie in the kept ranges, the labels stay valid, and a rerun asks the server nothing and
    writes the same records."""
    corpus = _playlist_corpus()
    config = GenerateConfig(n=3, seed=3, llm_roles=["ranges"],
                            renderer_options=server_options(openai_server, tmp_path / "llm", max_attempts=2))
    records, report, asked = counted_run(openai_server, corpus, embedder, config)
    parts = report.model_parts
    target = "Music|radio_hub|Station Playlist"
    used = [r for r in records if target in (r.target, r.source)]
    assert used, "no dialogue of the playlist: pick another seed"
    assert set(parts.value_ranges) == {target}  # the other APIs document every number
    assert parts.numbers["asked"] == 2 and 0 < asked == parts.usage["ranges requests"] <= 2
    rejected = sum(v for k, v in parts.failures.items() if k.startswith("ranges: "))
    assert parts.numbers["kept"] == len(parts.value_ranges[target]) and (parts.numbers["kept"] == 2 or rejected)
    for r in used:
        who = r.scenario["written_by"]["ranges"]
        assert who == ["model" if parts.value_ranges[target] else "template"]
        for side in ("source", "target"):
            for m in r.mockdata.get(side, []):
                if m["api_name"] == target:
                    for key, value in _leaves(m["output_components"]["response"]):
                        if key in parts.value_ranges[target]:
                            low, high, _ = parts.value_ranges[target][key]
                            assert low <= value <= high, (key, value)
    assert validate_records(records, corpus=corpus).ok
    again, _, asked_again = counted_run(openai_server, corpus, embedder, config)
    assert asked_again == 0
    assert [r.model_dump_json() for r in again] == [r.model_dump_json() for r in records]


def test_ranges_asked_in_batches_give_the_same_dialogues(openai_server, embedder, tmp_path) -> None:
    """With several requests in flight the generator asks the ranges of a whole batch of draws at once; each request
    is seeded by its API, so the dialogues are the same bytes as when each API is asked alone."""
    (alone, one), (batched, two) = alone_and_batched(openai_server, _playlist_corpus(), embedder, tmp_path, n=3,
                                                     seed=3, llm_roles=["ranges"])
    assert [r.model_dump_json() for r in batched] == [r.model_dump_json() for r in alone]
    assert one.model_parts.value_ranges == two.model_parts.value_ranges


def test_a_need_not_kept_leaves_the_apis_ranges_in_place(embedder) -> None:
    """``ranges`` and ``need`` together: a need the retriever's bands refuse is taken back on the factory's corpus copy
    without taking the API's ranges with it (the copy is the caller's API plus both parts)."""
    from test_need_role import _Needs, _plan

    from tooldial.dialogue.dialogue_plan import DialogueUnit

    corpus = make_corpus()
    target = "Music|radio_hub|Station Playlist"
    factory = ScenarioFactory(corpus, Retriever(corpus, embedder))
    factory.ranges = _Ranges({target: {"tracks|plays": (0.0, 500.0, 40.0)}})
    factory.needs = _Needs("hear songs")  # found, but no request from it fits the confirm band
    factory._write_ranges(DialogueUnit(target=target))
    plan = _plan(factory, factory.corpus, target)
    factory._write_needs(plan)
    assert factory.needs.not_kept == [(target, "no request fits the confirm band")]
    assert factory.corpus.get(target).user_goal == ""
    assert factory.corpus.get(target).value_ranges == (("tracks|plays", 0.0, 500.0, 40.0),)
    assert plan.target.api.value_ranges == factory.corpus.get(target).value_ranges
    factory.close()
