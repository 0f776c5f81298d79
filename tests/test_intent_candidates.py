"""Intent candidates composed from the user's situation: many per API, grammatical seams, deterministic."""

from __future__ import annotations

import re

from tooldial.corpus import load_corpus
from tooldial.dialogue.intents import POOL_SIZE, candidates, goal_clause, persona_of
from tooldial.dialogue.intents.topics import goal_topic


def test_candidates_are_many_deterministic_and_well_formed() -> None:
    corpus = load_corpus("builtin")
    apis = corpus.apis[:40]
    first = {a.id: candidates(a) for a in apis}
    assert first == {a.id: candidates(a) for a in apis}  # same API, same candidates (no hidden state)
    for api in apis:
        cands = first[api.id]
        for band, texts in cands.items():
            assert len(texts) == len(set(texts))
            if band != "suggest" or goal_topic(api) is not None:  # no topic: only cuts of the request, or none
                assert len(texts) >= min(POOL_SIZE[band], 40), (api.id, band, len(texts))
            for text in texts:
                # no cut-off clause ending in a function word or a colon, no doubled punctuation
                assert not re.search(r"\b(the|a|an|of|to|for|and|with|from)[,?]|:[,?]|[.,!?]{2}", text), text
                assert text[:1].isupper(), text
        # the clear request stays in every confirm candidate: it is what the user asks for
        clause = goal_clause(api)
        assert all(clause in text for text in cands["confirm"]), api.id


def test_vague_openers_are_shared_by_a_persona_and_name_the_user_not_the_api() -> None:
    corpus = load_corpus("builtin")
    by_persona: dict[str, list] = {}
    for api in corpus.apis:
        by_persona.setdefault(persona_of(api)[0], []).append(api)
    persona, apis = max(by_persona.items(), key=lambda kv: len(kv[1]))
    pools = [set(candidates(a)["clarify"]) for a in apis[:3]]
    assert pools[0] == pools[1] == pools[2]  # embedded once for all APIs of the persona
    for api in apis[:3]:
        for text in candidates(api)["clarify"]:
            assert api.name.lower() not in text.lower() or len(api.name) < 4, text


def test_a_call_that_changes_something_is_not_asked_about_to_learn() -> None:
    from tooldial.corpus.models import Api, Parameter
    from tooldial.dialogue.intents.candidates import SUGGEST_TO_LEARN

    learn = [t.split("{subject}")[0] for t in SUGGEST_TO_LEARN]
    add = Api(category="Email", tool="Teams", name="AddChannelMember", description="Add a member to a channel.",
              method="POST", required_parameters=(Parameter(name="channel_id"),))
    get = Api(category="Email", tool="Teams", name="GetChannelMembers", description="List the members of a channel.",
              required_parameters=(Parameter(name="channel_id"),))
    said = [t for t in candidates(add)["suggest"] if goal_topic(add) and goal_topic(add) in t]
    assert said and not [t for t in said if any(t.endswith(f"{frame}{goal_topic(add)}.") or f"{frame}{goal_topic(add)}"
                                                in t for frame in learn)]
    asked = candidates(get)["suggest"]
    assert any(f"{frame}{goal_topic(get)}" in t for t in asked for frame in learn)
    from tooldial.dialogue.intents.candidates import SUGGEST_TO_ACT

    acting = [t.split("{subject}")[0] for t in SUGGEST_TO_ACT]
    assert any(f"{frame}{goal_topic(add)}" in t for t in said for frame in acting)  # as many frames as a lookup
