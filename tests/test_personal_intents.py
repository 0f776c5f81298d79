"""First intent utterances composed for their dialogue (its user's profile), kept only where the retriever agrees."""

from __future__ import annotations

import random

import pytest
from test_dialogue import make_corpus, make_graph

from tooldial.dialogue import generate as generate_mod
from tooldial.dialogue.generate import GenerateConfig, GenerationReport, generate_dialogues
from tooldial.dialogue.intents import personal_texts
from tooldial.dialogue.planner import build_scenario
from tooldial.dialogue.retriever import Retriever
from tooldial.dialogue.user_profile import UserProfile

PROFILE = UserProfile(me="Vanessa", job="hydrologist", relation="sister", companion="Norma", occasion="",
                      employer="Waters-Stout")
N = 30


@pytest.fixture(scope="module")
def corpus():
    return make_corpus()


@pytest.fixture(scope="module")
def run(corpus, embedder):
    return _generate(corpus, embedder)


def _first_intent(record) -> tuple[str, str, dict]:
    turns = [next(iter(t.items())) for t in record.dialogue]
    i = next(k for k, (who, t) in enumerate(turns) if who == "User" and t["action"].startswith("inform_intent"))
    return turns[i][1]["message"], turns[i][1]["action"], turns[i + 1][1]["retriever_status"]["retrieved_api"]


def test_proposals_are_deterministic_carry_the_profile_and_keep_a_given_value(corpus) -> None:
    api = corpus.apis[0]
    text = "Hi! Please get the playlist. The station id is st-42."
    a = personal_texts(text, "confirm", api, PROFILE.fields(), random.Random("x"), carries_value=True)
    assert a == personal_texts(text, "confirm", api, PROFILE.fields(), random.Random("x"), carries_value=True)
    assert a and all(t.startswith("Hi! ") and t.endswith("The station id is st-42.") for t in a)
    words = ("Vanessa", "hydrologist", "Norma", "Waters-Stout")
    assert all(any(w in t for w in words) for t in a)
    vague = personal_texts("I need some help with music.", "clarify", api, PROFILE.fields(), random.Random("y"))
    assert vague and all(any(w in t for w in words) for t in vague)
    # a profile without name, job or employer still has a companion; the occasion is never used
    bare = UserProfile(me="", job="", relation="son", companion="Jeff", occasion="Jeff's choir concert")
    for t in personal_texts("Please get the playlist.", "confirm", api, bare.fields(), random.Random("z")):
        assert "Jeff" in t and "choir" not in t and "{" not in t


def test_a_profile_lead_replaces_the_pool_texts_own_self_introduction(corpus) -> None:
    """One introduction per opening: "I'm a hydrologist. I follow sports closely. ..." stacks two."""
    from tooldial.dialogue.intents import persona_of

    api = corpus.apis[0]
    persona, lead, _topic, _reason = persona_of(api)
    request = "Could you get the playlist?"
    for intro in (lead, f"I'm {persona}.", f"As {persona},"):
        text = f"Hi! {intro} {request}"
        proposals = personal_texts(text, "confirm", api, PROFILE.fields(), random.Random("w"), carries_value=True)
        assert proposals
        for t in proposals:
            assert intro not in t and t.startswith("Hi! ")
            assert t.endswith(request)                 # the request itself is kept whole, capitalised
    # a pool text that is only the introduction keeps it (nothing would be left to ask)
    for t in personal_texts(f"Hi! {lead}", "confirm", api, PROFILE.fields(), random.Random("v"),
                            carries_value=True):
        assert lead in t


@pytest.mark.parametrize(("text", "opener", "ask"), [
    ("Hmm. Can you help with cash flow?", "Hmm. ", "Can you help with cash flow?"),
    ("Hey, could you get the playlist?", "Hey, ", "Could you get the playlist?"),
])
def test_a_profile_lead_goes_after_a_hesitation_and_before_its_request(corpus, text, opener, ask) -> None:
    api = corpus.apis[0]
    proposals = personal_texts(text, "suggest", api, PROFILE.fields(), random.Random("u"), carries_value=True)
    assert proposals
    for t in proposals:
        assert t.startswith(opener) and t.endswith(ask) and t != f"{opener}{ask}"


def _generate(corpus, embedder) -> tuple[list, GenerationReport]:
    report = GenerationReport()
    records = list(generate_dialogues(corpus, make_graph(corpus), GenerateConfig(n=N, seed=11), embedder=embedder,
                                      report=report))
    return records, report


def test_kept_utterances_fit_their_band_and_every_first_intent_is_counted(run, corpus, embedder) -> None:
    records, report = run
    retriever = Retriever(corpus, embedder)
    for record in records:
        text, action, status = _first_intent(record)
        hits = retriever.search([text])[0]
        assert dict(hits) == status, record.dialogue_id  # the written status is what the retriever returns
        expected = ("clarify", "suggest") if action == "inform_intent_vague" else ("confirm",)
        assert retriever.band(hits) in expected, (record.dialogue_id, text)
    assert sum(report.personal_intents.values()) == len(records)
    kept = sum(v for k, v in report.personal_intents.items() if not k.endswith("fallback"))
    assert kept > len(records) // 2, report.personal_intents
    assert "kept" in report.personal_summary()
    # same seed, same dialogues (the composed texts come from the dialogue's own RNG and profile)
    again, _ = _generate(corpus, embedder)
    assert [r.model_dump_json() for r in again] == [r.model_dump_json() for r in records]


def test_no_fitting_proposal_falls_back_to_the_pool_utterance_and_is_counted(corpus, embedder, monkeypatch) -> None:
    seen: list[str] = []

    def propose(text, band, api, fields, rng, *, carries_value=False, later=""):
        seen.append(fields["n"])
        return [] if band == "confirm" else ["Quarterly tax filing for a bakery."]  # suggest: wrong API or band

    monkeypatch.setattr(generate_mod, "personal_texts", propose)
    records, report = _generate(corpus, embedder)
    assert report.personal_intents["confirm"] == 0 and report.personal_intents["suggest"] == 0
    assert report.personal_intents["confirm fallback"] > 0 and report.personal_intents["suggest fallback"] > 0
    assert sum(report.personal_intents.values()) == len(records)
    for record in records:
        text, action, _ = _first_intent(record)
        if action != "inform_intent_vague":
            assert not any(name and name in text for name in seen), text  # the pool utterance stayed


def test_swapped_first_intent_is_what_a_full_rebuild_writes(corpus, embedder, monkeypatch) -> None:
    """personalize rewrites only the intent turns and the confirmation reason of the later thoughts; each swapped
    scenario must equal the scenario build_scenario writes from scratch with the new utterance."""
    swap = generate_mod.ScenarioFactory._swap_first_intent
    checked: list[str] = []

    def compare(self, scenario, built, opening, clear):
        swapped = swap(self, scenario, built, opening, clear)
        rng = random.Random()
        rng.setstate(built.state)
        full = build_scenario(built.plan, opening_intent=opening, clear_intent=clear, retriever=self.retriever,
                              rng=rng, dialogue_id=scenario.dialogue_id, seed=built.seed)
        assert swapped.model_dump() == full.model_dump(), scenario.dialogue_id
        checked.append(scenario.sequence_id)
        return swapped

    monkeypatch.setattr(generate_mod.ScenarioFactory, "_swap_first_intent", compare)
    report = GenerationReport()
    records = list(generate_dialogues(corpus, make_graph(corpus), GenerateConfig(n=N, seed=11), embedder=embedder,
                                      report=report))
    assert len(checked) == sum(v for k, v in report.personal_intents.items() if not k.endswith("fallback"))
    assert len(set(checked)) >= len({r.sequence_id for r in records}) * 2 // 3, sorted(set(checked))


def test_a_call_that_changes_something_gives_no_reason_for_looking_something_up() -> None:
    """A Finance persona's reason "to decide on my next trade" was said for creating a bank transfer (a bunq
    statement export on held-out sample 4171; "before buying" for updating a product)."""
    from tooldial.corpus.models import Api
    from tooldial.dialogue.intents import PERSONAS, candidates, persona_of

    transfer = Api(category="Financial", tool="bank", name="Create Transfer", method="POST",
                   description="Create a transfer between two accounts.")
    quote = Api(category="Financial", tool="bank", name="Get Quote", method="GET", description="Get a stock quote.")
    investor = PERSONAS["financ"]
    assert investor[3] == "to decide on my next trade"
    assert persona_of(quote) == investor
    assert persona_of(transfer) == (*investor[:3], "")
    said = [t for band in candidates(transfer).values() for t in band]
    assert said and not any("next trade" in t or " ." in t or ", ." in t for t in said)
    assert any("next trade" in t for band in candidates(quote).values() for t in band)
    # a reason that is no decision stays for any call: a developer builds "for my app"
    app = Api(category="Data", tool="t", name="Create Project", method="POST", description="Create a project.")
    assert persona_of(app)[3] == "for my app"
