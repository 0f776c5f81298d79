"""LLM paths of the graph: judge answer parsing, the judge and the llm entity text against a real local server."""

from __future__ import annotations

import json

import pytest

from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool
from tooldial.graph.judge import EdgeEvaluation, judge_messages, judge_pairs, parse_verdict
from tooldial.graph.labels import pair_key
from tooldial.graph.llm_entities import LLMEntityText, parse_keywords, parse_pairs


def corpus() -> Corpus:
    apis = (
        Api(category="Music", tool="tunes", name="Search Artists", description="Find artists by name",
            required_parameters=(Parameter(name="query", description="Artist name"),),
            output_components=(OutputComponent(path=("artists", "artist_id"), description="Artist id", is_list=True),)),
        Api(category="Music", tool="tunes", name="Artist Albums", description="Albums of an artist",
            required_parameters=(Parameter(name="artist_id", description="Artist id"),),
            output_components=(OutputComponent(path=("albums", "title"), description="Album title"),)),
    )
    return Corpus(spec="tiny", tools=[Tool(category="Music", name="tunes", apis=apis)])


@pytest.mark.parametrize(("answer", "expected"), [
    ('{"error": "", "response": "albums of Adele"}', True),
    ('{"error": "Invalid Edge Error", "response": "no"}', False),
    ('```json\n{"error": "", "response": {"albums": []}}\n```', True),
    ('Sure! Here is my judgment: {\'error\': \'Invalid Edge Error\', \'response\': \'x\'} Hope it helps.', False),
    ('{"error": null, "response": "ok",}', True),  # trailing comma, null
])
def test_judge_reads_well_formed_and_sloppy_answers(answer, expected):
    assert parse_verdict(answer).valid is expected


@pytest.mark.parametrize("answer", [
    None, "", "   ", "The edge is valid.", '{"response": "missing the error field"}', '{"error": 42}',
    '{"error": "Timeout"}', '[1, 2, 3]', '{"error": "", "response": "unterminated', "```json\n```",
])
def test_malformed_judge_answers_are_counted_not_raised(answer):
    verdict = parse_verdict(answer)
    assert verdict.valid is None and verdict.reason


def test_judge_prompt_carries_both_apis_and_attributes():
    messages = judge_messages(corpus(), "Music|tunes|Search Artists", "artists|artist_id",
                              "Music|tunes|Artist Albums", "artist_id")
    assert messages[0]["role"] == "system" and "Invalid Edge Error" in messages[0]["content"]
    user = messages[1]["content"]
    assert "source attribute: artists\u2014artist_id: Artist id" in user
    assert "target attribute: artist_id: Artist id" in user
    assert '"api_name": "Artist Albums"' in user


def test_entity_answer_parsers():
    assert parse_pairs('[["channelId", "The unique id"], ["lang", "Language code"]].]') == {
        "channelId": "The unique id", "lang": "Language code"}
    assert parse_pairs('[{"name": "avatar\u2014url", "description": "URL of the avatar"}]') == {
        "avatar\u2014url": "URL of the avatar"}
    assert parse_keywords("Keywords: YouTube, channel, video, subtitles, comments") == (
        "youtube", "channel", "video", "subtitles")
    from tooldial.errors import LLMAnswerError

    with pytest.raises(LLMAnswerError):
        parse_pairs("I cannot help with that")
    with pytest.raises(LLMAnswerError):
        parse_keywords(" , ; ")


@pytest.mark.slow
def test_judge_and_llm_entity_text_against_a_real_server(openai_server, tmp_path):
    from tooldial.llm import LLMClient

    c = corpus()
    client = LLMClient(openai_server.base_url, openai_server.model, cache_dir=tmp_path)
    pairs = [pair_key("Music|tunes|Search Artists", "artists|artist_id", "Music|tunes|Artist Albums", "artist_id")]
    # a 135M model with 8 tokens: whatever it says, the answer is a verdict or counted as malformed
    run = judge_pairs(client, c, pairs, max_tokens=8)
    assert len(run.verdicts) == 1 and run.request_errors == 0
    assert len(run.judged()) + run.malformed == 1
    ev = EdgeEvaluation(run, run)
    assert ev.summary()["malformed_answers"] == 2 * run.malformed

    one = Corpus(spec="one", tools=[Tool(category="Music", name="tunes", apis=(c.get("Music|tunes|Artist Albums"),))])
    producer = LLMEntityText(client=client, max_tokens=8)
    texts = producer.produce(one)
    assert [e.key for e in texts.outputs] == ["albums|title"] and [e.key for e in texts.inputs] == ["artist_id"]
    assert all(e.description and e.name and e.keywords for e in texts.outputs + texts.inputs)
    s = texts.stats
    assert s["requests"] == 4 and s["failed_requests"] == 0
    # truncated answers fall back to the offline text, counted per entity
    assert s["fallback_inputs"] + s["fallback_outputs"] + s["fallback_names"] >= s["malformed_answers"] > 0
    sent = openai_server.request_count()
    assert LLMEntityText(client=client, max_tokens=8).produce(one).outputs == texts.outputs
    assert openai_server.request_count() == sent  # the rerun is served from the cache


@pytest.mark.slow
def test_build_with_judge_keeps_only_judged_valid_edges(openai_server, tmp_path, capsys):
    """``graph build --judge-base-url --judge-model`` against the real SmolLM2 server: it may judge badly (with 8
    answer tokens most answers are cut off), but every edge is judged or counted, only judged-valid edges stay,
    and a rerun is served from the cache."""
    from tooldial.cli import main
    from tooldial.graph import load_graph

    tool = {"category": "Music", "tool_name": "tunes", "tool_description": "Artists, albums and tracks", "api_list": [
        {"name": "Search Artists", "description": "Find artists by name",
         "required_parameters": [{"name": "query", "type": "STRING", "description": "Artist name"}],
         "schema": {"type": "object", "properties": {"artists": {"type": "array", "items": {"type": "object",
                    "properties": {"artist_id": {"type": "string", "description": "Unique id of the artist"}}}}}}},
        {"name": "Artist Albums", "description": "Albums of an artist",
         "required_parameters": [{"name": "artist_id", "type": "STRING", "description": "Unique id of the artist"}],
         "schema": {"type": "object", "properties": {"albums": {"type": "array", "items": {"type": "object",
                    "properties": {"album_id": {"type": "string", "description": "Unique id of the album"}}}}}}},
        {"name": "Album Tracks", "description": "Tracks of an album",
         "required_parameters": [{"name": "album_id", "type": "STRING", "description": "Unique id of the album"}]},
    ]}
    corpus = tmp_path / "tunes.json"
    corpus.write_text(json.dumps([tool]))
    plain, judged = tmp_path / "plain.json", tmp_path / "judged.json"
    common = ["graph", "build", "--corpus", str(corpus), "--cache-dir", str(tmp_path / "cache"), "--no-progress"]
    assert main([*common, "--out", str(plain)]) == 0
    before = load_graph(plain).number_of_edges()
    assert before == 2
    args = [*common, "--out", str(judged), "--judge-base-url", openai_server.base_url,
            "--judge-model", openai_server.model, "--judge-max-tokens", "8"]
    assert main(args) == 0
    out = capsys.readouterr().out
    graph = load_graph(judged)
    info = graph.graph["judge"]
    assert info["judged"] + info["unjudged"] == before and info["kept"] == graph.number_of_edges() <= info["judged"]
    assert all(d["judge"] == "valid" for _, _, d in graph.edges(data=True))
    assert f"{info['kept']} of {info['judged']} judged edges valid and kept" in out
    sent = openai_server.request_count()
    assert main(args) == 0 and openai_server.request_count() == sent  # resumable: answers come from the cache
    assert load_graph(judged).graph["judge"] == info
