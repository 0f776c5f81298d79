"""Which documentation text an intent is built from (``intents.intent_source`` / ``name_clause``).

Shapes from the ToolBench subsets (seed 13/17/23): a tool's marketing blurb, a glued API name, a preamble before
what the call does, a definition of a term, a description in another language."""

from __future__ import annotations

import pytest

from tooldial.corpus.models import Api
from tooldial.dialogue.intents import description_clause, name_words


def _api(name, description="", tool="t", tool_description=""):
    return Api(category="Data", tool=tool, name=name, description=description, tool_description=tool_description)


@pytest.mark.parametrize(("api", "clause"), [
    # no API description: the tool's blurb describes the tool, not this endpoint -> the name
    (_api("getEvents", tool="koliseo", tool_description="Koliseo is an event ticketing platform with an attitude"),
     "get events"),
    # glued names are split with an English word list
    (_api("setthepermissionsofafile", tool="Kloudless"), "set the permissions of a file"),
    (_api("deleteacampaign", description="", tool="Kloudless"), "delete a campaign"),
    # a preamble names the resource, then says what it does
    (_api("Guild vault", "This resource returns information about the items in a guild's vault."),
     "get information about the items in a guild's vault"),
    # a blurb first, what the call does second
    (_api("Summarize", "With the Summary API, you can now read less. Summarizes a web page in three sentences."),
     "summarize a web page in three sentences"),
    # a definition of a term is not a request
    (_api("Turnover", "Turnover is the ratio of good sold divided by inventory.", tool="Inventory"),
     "get the turnover from Inventory"),
    # a passive sentence names what comes back
    (_api("best_move", "A list of best moves is returned when color/positions are provided."),
     "get A list of best moves"),
    # another language: the name
    (_api("DeviceState", "Запрос на изменение настроек автозапуска", tool="starline"),
     "get the device state from starline"),
])
def test_intents_come_from_text_that_says_what_a_call_does(api, clause):
    assert description_clause(api) == clause


def test_glued_names_split_only_into_real_words():
    assert name_words("extendauthtoken") == ["extendauthtoken"]  # not "extend au th token"
    assert name_words("linkedin_company_info") == ["linkedin", "company", "info"]
    assert name_words("/api/v1.0/image_caption") == ["image", "caption"]
    # a known word with a noun's ending (english.derivational_endings) is one word: not "down loader"
    assert name_words("youtube mp3 Downloader") == ["youtube", "mp3", "downloader"]
    assert name_words("setthepermissionsofafile") == ["set", "the", "permissions", "of", "a", "file"]
