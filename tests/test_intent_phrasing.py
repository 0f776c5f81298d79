"""Intent utterances a reader would stop at: a topic said twice, a filler word taken for a topic, a phrase twice."""

from __future__ import annotations

import random
import re

from tooldial.corpus import load_corpus
from tooldial.dialogue.intents import _stem, candidates, keywords, personal_texts, readable

PROFILE_FIELDS = {"me": "Vanessa", "job": "chief of staff", "a_job": "a chief of staff", "r": "sister", "n": "Norma",
                  "co": "Waters-Stout", "work": ""}


def test_vague_topic_never_repeats_its_domain_and_keywords_skip_filler() -> None:
    corpus = load_corpus("builtin")
    for api in corpus.apis:
        assert "like" not in keywords(api)  # "weather like city" is not a topic
        domain = {_stem(w) for w in re.findall(r"[A-Za-z']+", readable(api.category))}
        for text in candidates(api)["suggest"]:
            m = re.search(r"Something with (.+) and (.+), I think\.", text)
            if m:  # "Something with restaurant and restaurants, I think." reads as a stutter
                assert not {_stem(w) for w in m.group(1).split()} & domain, text


def test_keywords_never_say_one_word_as_singular_and_plural() -> None:
    """ "Something with postcodes postcode and location" (a UK postcode API's name and description) reads as a
    stutter: a word whose stem is already a keyword is skipped."""
    from tooldial.corpus.models import Api

    api = Api(category="Location", tool="UK PostCode API", name="Postcodes",
              description="Look up a postcode and its location; creates nothing. Creates maps.")
    kws = keywords(api)
    assert kws[:2] == ["postcodes", "look"] and len({_stem(w) for w in kws}) == len(kws)
    assert len({_stem(w) for w in keywords(api, n=10)}) == len(keywords(api, n=10))


def test_a_greeting_phrase_is_not_said_again_by_the_profile_lead() -> None:
    api = load_corpus("builtin").apis[0]
    text = "Hello, quick question. Could you give me a hand with my crypto?"
    for seed in range(60):
        for proposal in personal_texts(text, "clarify", api, PROFILE_FIELDS, random.Random(seed)):
            assert proposal.lower().count("quick question") <= 1, proposal


def test_stem_drops_plural_and_possessive_only() -> None:
    assert [_stem(w) for w in ("restaurants", "movie's", "players'", "class", "news")] == \
        ["restaurant", "movie", "player", "class", "new"]


def test_a_name_after_a_comma_greeting_keeps_its_capital() -> None:
    api = load_corpus("builtin").apis[0]
    seen = 0
    for seed in range(80):
        for proposal in personal_texts("Hi there, could you help me with my crypto?", "clarify", api, PROFILE_FIELDS,
                                       random.Random(seed)):
            assert "vanessa" not in proposal and "norma" not in proposal and "waters-Stout" not in proposal, proposal
            seen += proposal.startswith(("Hi there, Vanessa", "Hi there, My", "Hi there, my"))
    assert seen  # the greeting is still followed by the lead
