"""The ``need`` role (``--llm-roles need``): what a person wants from each API, written once per API by a model,
checked, and used by every request the templates compose; the rules' clause stays where it fails a check or the
retriever's bands. The model path is run against the real local server (SmolLM2-135M, ``openai_server``)."""

from __future__ import annotations

import pytest
from test_dialogue import make_corpus
from test_model_parts import alone_and_batched, counted_run, server_options

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.generate import GenerateConfig, ScenarioFactory
from tooldial.dialogue.intents import candidates, goal_clause
from tooldial.dialogue.model_parts import LLM_ROLES
from tooldial.dialogue.model_parts.need import need_problems, need_prompt, repair_need
from tooldial.dialogue.retriever import Retriever
from tooldial.dialogue.validate import validate_records


@pytest.fixture(scope="module")
def corpus():
    return make_corpus()


SEAPORTS = Api(category="Data", tool="Seaports Data", name="Seaports By City",
               description="Get the seaports of a city, for example Chennai, with their codes and coordinates.",
               required_parameters=(Parameter(name="city", example="Chennai"),))


def test_need_is_written_before_the_goal_and_its_prompt_shows_the_api_without_code_words(corpus) -> None:
    assert LLM_ROLES.index("need") < LLM_ROLES.index("goal")
    api = corpus.apis[0]
    text = need_prompt(corpus, api.id)[0]["content"]
    assert api.name in text and "I want to" in text
    assert " API " not in text.split("\n")[0]


def test_a_need_is_repaired_to_the_clause_the_prompt_asked_for() -> None:
    assert repair_need("I want to scrape Amazon search results to analyze product data.") == (
        "scrape Amazon search results", ["purpose cut"])
    assert repair_need('"Find the information of a specific zip code."') == (
        "find the information of a zip code", ["marker dropped"])
    # "to" before a noun is no purpose: "add a song to my playlist" keeps its end
    assert repair_need("add a song to my playlist") == ("add a song to my playlist", [])
    assert repair_need("I want to view the next page of videos\nfrom a channel") == ("view the next page of videos", [])


@pytest.mark.parametrize(("text", "problem"), [
    ("use Swagger Resources to create a RESTful API", "developer words"),
    ("view the property history by property_id", "a name spelled as code"),
    ("check the weather tomorrow", "no word of the API's documentation"),
    ("new seaports of a city", "does not start with a verb"),
    ("find seaports in Chennai", "states a value"),
    ("find the 10 seaports of a city", "a number"),
    ("find seaports near <city>", "quotes, brackets or a link"),
])
def test_need_checks_name_what_is_wrong(text: str, problem: str) -> None:
    assert problem in need_problems(text, SEAPORTS)


def test_plain_verbs_and_brands_written_as_words_pass_but_identifiers_do_not() -> None:
    dice = Api(category="Gaming", tool="Dice Roller", name="/roll", description="Roll dice of any kind.")
    assert need_problems("roll dice", dice) == []  # a verb the documentation grammar's list lacks
    video = Api(category="Video", tool="Football Highlights", name="Latest Event Youtube Highlight",
                description="The latest YouTube highlight videos of an event.",
                required_parameters=(Parameter(name="eventId"),))
    assert need_problems("watch the latest event highlights on YouTube", video) == []
    assert "a name spelled as code" in need_problems("watch the highlights of an eventId", video)
    assert "a name spelled as code" in need_problems("watch the highlights on YouTubeTV", video)
    assert "does not start with a verb" in need_problems("the latest event highlights", video)
    assert "does not start with a verb" in need_problems("quickly watch the highlights", video)


def test_a_good_need_passes_and_a_cut_off_one_does_not() -> None:
    assert need_problems("find the seaports of a city", SEAPORTS) == []
    assert need_problems("find the seaports of a city", SEAPORTS, truncated=True) == ["cut off at max_tokens"]


def test_a_written_need_is_the_goal_clause_and_the_corpus_copy_leaves_the_original_alone(corpus) -> None:
    api = corpus.apis[0]
    rules = goal_clause(api)
    mine = corpus.with_apis([api.model_copy(update={"user_goal": "hear what a station is playing"})])
    assert goal_clause(mine.get(api.id)) == "hear what a station is playing"
    assert any("hear what a station is playing" in c for c in candidates(mine.get(api.id))["confirm"])
    assert goal_clause(corpus.get(api.id)) == rules and corpus.get(api.id).user_goal == ""
    assert mine.get(corpus.apis[1].id) is corpus.get(corpus.apis[1].id)  # the others are shared
    assert "user_goal" not in mine.get(api.id).model_dump()  # no part of the documentation
    with pytest.raises(KeyError, match="no API"):
        corpus.with_apis([SEAPORTS])


class _Needs:
    """The two calls the factory makes of ``ModelParts`` (its model path is tested against the real server below)."""

    def __init__(self, need: str) -> None:
        self.text, self.asked, self.not_kept = need, [], []

    def need(self, api_id: str) -> str:
        self.asked.append(api_id)
        return self.text

    def need_not_kept(self, api_id: str, reason: str) -> None:
        self.not_kept.append((api_id, reason))


def _plan(factory: ScenarioFactory, corpus, target: str):
    import random

    from tooldial.dialogue.dialogue_plan import DialogueUnit
    from tooldial.dialogue.planner import plan_or_reason
    from tooldial.dialogue.sequences import SEQUENCES

    seq = next(s for s in SEQUENCES if s.kind == "one_api" and s.conditions.opening == "clear")
    plan, why = plan_or_reason(DialogueUnit(target=target), seq, corpus, random.Random(0))
    assert plan is not None, why
    return plan


def test_the_factory_keeps_a_need_the_retriever_places_and_asks_once_per_api(corpus, embedder) -> None:
    factory = ScenarioFactory(corpus, Retriever(corpus, embedder))
    target = "Music|radio_hub|Station Playlist"
    factory.needs = _Needs("see the playlist of a radio station")
    plan = _plan(factory, corpus, target)
    factory._write_needs(plan)
    factory._write_needs(plan)
    assert factory.needs.asked == [target] and not factory.needs.not_kept
    assert plan.target.api.user_goal == "see the playlist of a radio station"
    assert any("see the playlist of a radio station" in i.text for i in factory.bank.pool(target, "confirm"))
    assert corpus.get(target).user_goal == ""  # the caller's corpus is not changed
    factory.close()


@pytest.mark.parametrize(("need", "why"), [
    ("see what is on air", "the retriever does not find the API from it"),
    ("hear songs", "no request fits the confirm band"),  # found, but no request from it is sure enough
])
def test_a_need_the_retriever_does_not_place_is_not_kept(corpus, embedder, need: str, why: str) -> None:
    factory = ScenarioFactory(corpus, Retriever(corpus, embedder))
    target = "Music|radio_hub|Station Playlist"
    factory.needs = _Needs(need)
    plan = _plan(factory, corpus, target)
    factory._write_needs(plan)
    assert factory.needs.not_kept == [(target, why)]
    assert plan.target.api.user_goal == "" and goal_clause(plan.target.api) == goal_clause(corpus.get(target))
    assert factory.bank.has(target, "confirm")
    factory.close()


def test_real_small_model_needs_are_checked_recorded_and_cached(openai_server, corpus, embedder, tmp_path) -> None:
    """SmolLM2-135M writes the needs of 2 dialogues' APIs: each API is asked once (2 tries at most), every need
    not kept has a counted reason, each dialogue records who wrote the need of each of its APIs, the labels stay
    valid, and the same run again asks the server nothing and writes the same records."""
    config = GenerateConfig(n=2, seed=5, llm_roles=["need"],
                            renderer_options=server_options(openai_server, tmp_path / "llm", max_attempts=2))
    records, report, asked = counted_run(openai_server, corpus, embedder, config)
    parts = report.model_parts
    who = [w for r in records for w in r.scenario["written_by"]["need"]]
    assert len(records) == 2 and set(who) <= {"model", "template"}
    for r in records:
        assert len(r.scenario["written_by"]["need"]) == 1 + bool(r.source)
    assert parts.written["need model"] + parts.written["need template"] == len(who)
    apis = set(parts.needs)
    assert 0 < asked == parts.usage["need requests"] <= 2 * len(apis)
    assert sum(v for k, v in parts.failures.items() if k.startswith("need: ")) >= sum(
        1 for a in apis if not parts.needs[a])
    for api_id, need in parts.needs.items():
        if need:
            assert need_problems(need, corpus.get(api_id)) == []
    for r in records:  # the user's goal is the target's need where the model's was kept
        kept = r.scenario["written_by"]["need"][0] == "model"
        assert kept == bool(parts.needs[r.target])
        if kept:
            assert r.scenario["user"]["goal"] == parts.needs[r.target]
    assert validate_records(records, corpus=corpus).ok
    again, _, asked_again = counted_run(openai_server, corpus, embedder, config)
    assert asked_again == 0
    assert [r.model_dump_json() for r in again] == [r.model_dump_json() for r in records]


def test_needs_asked_in_batches_give_the_same_dialogues(openai_server, corpus, embedder, tmp_path) -> None:
    """With several requests in flight the generator asks the needs of a whole batch of draws at once (more than it
    uses: the draws that fail to plan, as one of seed 10 does); each need is seeded by its API, so the dialogues are
    the same bytes."""
    (alone, one), (batched, two) = alone_and_batched(openai_server, corpus, embedder, tmp_path, n=2, seed=10,
                                                     llm_roles=["need"])
    assert [r.model_dump_json() for r in batched] == [r.model_dump_json() for r in alone]
    used = {a for r in alone for a in (r.target, r.source) if a}
    assert used <= set(one.model_parts.needs) < set(two.model_parts.needs)  # the batch asked ahead
    assert {a: two.model_parts.needs[a] for a in one.model_parts.needs} == one.model_parts.needs
