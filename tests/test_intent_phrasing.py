"""Intent utterances a reader would stop at: a topic said twice, a filler word taken for a topic, a phrase twice."""

from __future__ import annotations

import random
import re

from tooldial.corpus import load_corpus
from tooldial.corpus.models import Api
from tooldial.dialogue.intents import _stem, candidates, personal_texts, raw_name
from tooldial.dialogue.intents.topics import goal_topic

PROFILE_FIELDS = {"me": "Vanessa", "job": "chief of staff", "a_job": "a chief of staff", "r": "sister", "n": "Norma",
                  "co": "Waters-Stout", "work": ""}


def _api(name: str, description: str = "", tool: str = "Tool") -> Api:
    return Api(category="Data", tool=tool, name=name, description=description)


def test_a_vague_request_names_the_goal_noun_phrase_not_the_api_name() -> None:
    """"Can you help with deleteanopportunity link?" and "Something with geocoding tolatlng convert and mapping"
    read an API's name and category aloud; a vague user names what the goal is about."""
    assert goal_topic(_api("Get fuel economy information",
                           "Look up fuel economy information from the official U.S. government source.")) \
        == "fuel economy information"
    assert goal_topic(_api("Deleteanopportunity", "[Link to API reference](https://example.com/docs)")) \
        == "opportunity"
    assert goal_topic(_api("All live giveaways", "Find all live giveaways")) == "live giveaways"
    assert goal_topic(_api("getUserGroups", "Find groups a user is a member of")) == "groups"
    assert goal_topic(_api("Artist", "Get Spotify artist details")) == "Spotify artist details"
    # "What can you tell me regarding another message?": a determiner is no part of the topic, nor the vendor's "our"
    assert goal_topic(_api("POST Message", "Send another message to the board")) == "message"
    assert goal_topic(_api("Jokes", "Get our huge jokes collection")) == "huge jokes collection"
    # a name that is no verb phrase, a glued word, an empty noun: no topic, so no such request
    assert goal_topic(_api("Zatec", tool="Zatec")) is None
    assert goal_topic(_api("/provider2/live/inplaying", "Find inplaying matches list")) is None
    assert goal_topic(_api("With RT Ratings", "Find the list with the Rotten Tomatoes rating")) is None
    api = _api("Zatec", tool="Zatec")
    assert not any("atec" in text.lower() for text in candidates(api)["suggest"])
    api = _api("Deleteanopportunity", "[Link to API reference](https://example.com/docs)")
    suggest = candidates(api)["suggest"]
    assert "Can you help with opportunity?" in suggest and not any("deleteanopportunity" in t for t in suggest)


def test_a_last_word_that_names_no_topic_goes() -> None:
    """"Anything on games available?", "Can you help with user object?": a catalogue's or a programmer's word."""
    assert goal_topic(_api("Game List", "Get all the games available")) == "games"
    assert goal_topic(_api("Get user", "Returns a user object")) == "user"
    assert goal_topic(_api("Objects", "Get all objects")) is None  # nothing else to name
    assert goal_topic(_api("Parse", "Returns a JSON object")) == "JSON object"  # no noun before it
    assert goal_topic(_api("NER", "Extract named entities")) == "named entities"


def test_a_vague_cut_of_the_request_ends_where_a_phrase_ends() -> None:
    """"I was hoping to get agent's active, or something like that." cut a noun phrase in two."""
    api = _api("Agent active listings", "Get agent's active listings by zuid")
    suggest = candidates(api)["suggest"]
    assert any(re.fullmatch(r"I was hoping to \w+ agent's active listings, or something like that\.", t)
               for t in suggest), suggest
    assert not any(re.search(r"\bactive(,|\?)", t) for t in suggest), suggest


def test_the_suggest_candidates_of_the_embedded_corpus_say_plain_words() -> None:
    for api in load_corpus("builtin").apis:
        topic = goal_topic(api)
        for text in candidates(api)["suggest"]:
            assert not raw_name_in(text), (api.name, text)
        assert topic is None or 1 <= len(topic.split()) <= 4


def raw_name_in(text: str) -> bool:
    """A code-shaped word: snake_case, camelCase or a letter-digit mix."""
    return any(raw_name(w) and not w.isalpha() or re.search(r"[a-z][A-Z]", w)
               for w in re.findall(r"[A-Za-z0-9_]+", text))


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


def test_a_request_reads_past_a_subject_that_only_names_the_api() -> None:
    """"get the Generate Address endpoint allows you to generate …" was a user's request (session 35: 43 of 4,000
    random ToolBench APIs had such a clause; 9 left after)."""
    from tooldial.dialogue.intents.clauses import description_clause

    def clause(description: str, tool_description: str = "", name: str = "Forecast") -> str:
        return description_clause(Api(category="Data", tool="Stars", name=name, description=description,
                                      tool_description=tool_description))

    assert clause("The Sky Lookup endpoint allows you to retrieve the forecast for a city.") == \
        "retrieve the forecast for a city"
    assert clause("Allows users to add radio stations.") == "add radio stations"
    assert clause("Triggers let you create a webhook for each message.") == "create a webhook for each message"
    # a subject that says more than a name keeps its words: a relative clause, or a verb of its own
    assert clause("Create a badge that allows users to share scores.").startswith("create a badge that allows")
    # a tool's blurb says what the tool does, not this endpoint: the name says it
    assert clause("", "The Stars API allows you to compute a horoscope.", name="Attitude") == \
        "get the attitude from Stars"


def test_the_user_says_the_documentations_you_as_i() -> None:
    """The documentation addresses its reader, who is the user: "I'd like to remove a user from your Team" (session
    35, sample 1331) is "from my Team" in the user's mouth; the system still says "your"."""
    from tooldial.dialogue.intents.goals import goal_clause
    from tooldial.knowledge.english import first_person

    assert first_person("list the images you have uploaded to your storage") == \
        "list the images I have uploaded to my storage"
    assert first_person("check whether you are eligible") == "check whether I am eligible"
    assert first_person("a service that allows you to send a note to yourself") == \
        "a service that allows me to send a note to myself"
    assert first_person("read the plate you wish to check") == "read the plate I wish to check"
    assert first_person("thank you") == "thank you"
    api = Api(category="Business", tool="Domains", name="Add Domain", description="Add a domain to your account.")
    assert "your account" in goal_clause(api)  # the system's words: "you want to add a domain to your account"
    said = [t for band in candidates(api).values() for t in band]
    assert any("my account" in t for t in said) and not any("your account" in t for t in said), said
