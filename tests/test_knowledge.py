"""Knowledge packs: every packaged pack validates, a broken one is one line naming file and key, the loader
caches immutable data, and the lexicon reads identifiers (case table: ``tests/data/knowledge/``)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tooldial.errors import ConfigError
from tooldial.knowledge import loader
from tooldial.knowledge.lexicon import IdRole, Lexicon
from tooldial.knowledge.schema import Pack

CASES = Path(__file__).parent / "data" / "knowledge"


@pytest.mark.parametrize("subject", loader.subjects())
def test_every_packaged_pack_validates(subject: str) -> None:
    pack = loader.pack(subject)
    assert isinstance(pack, Pack) and pack.subject == subject and (pack.word_sets or pack.maps)


def _write(tmp_path: Path, text: str, name: str = "money.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


GOOD = "subject: money\ndoc: d\nword_sets:\n  codes:\n    doc: d\n    words: [usd, eur]\n"


@pytest.mark.parametrize(("text", "where", "problem"), [
    (GOOD.replace("[usd, eur]", "[usd, no]"), "word_sets.codes.words[1]", "valid string"),  # YAML's boolean
    (GOOD.replace("[usd, eur]", "[usd, usd]"), "word_sets.codes.words", "'usd' is listed twice"),
    (GOOD.replace("[usd, eur]", "[usd, EUR]"), "word_sets.codes.words", "'EUR' is not lower case"),
    (GOOD.replace("[usd, eur]", "['us dollar']"), "word_sets.codes.words", "'us dollar' (item 0) has a space"),
    (GOOD.replace("[usd, eur]", "['us  dollar']").replace("    doc: d\n", "    doc: d\n    multiword: true\n"),
     "word_sets.codes.words[0]", "pattern"),  # two spaces: not a term
    (GOOD.replace("word_sets:\n  codes:\n    doc: d\n    words: [usd, eur]\n", ""), "", "`word_sets` or `maps`"),
    (GOOD + "maps:\n  codes:\n    doc: d\n    entries: {usd: $}\n", "", "both a word set and a map"),
    (GOOD + "maps:\n  symbols:\n    doc: d\n    entries: {usd: {a: b}}\n", "maps.symbols.entries.usd", "valid"),
    (GOOD.replace("[usd, eur]", "[]"), "word_sets.codes.words", "at least 1"),
    (GOOD.replace("    doc: d\n", "    doc: d\n    wrods: [x]\n"), "word_sets.codes.wrods", "Extra inputs"),
    (GOOD.replace("subject: money", "subject: geo"), "subject", "not the file's name 'money'"),
    (GOOD.replace("doc: d\nword_sets", "word_sets"), "doc", "Field required"),
    (GOOD + "  more:\n    doc: d\n    includes: [codes]\n    words: [gbp, usd]\n", "",
     "word set 'more': 'usd' is already in the included set 'codes'"),  # a shared word is written once
    (GOOD + "  more:\n    doc: d\n    includes: [coins]\n    words: [gbp]\n", "", "includes 'coins', which the pack"),
    (GOOD.replace("    doc: d\n", "    doc: d\n    includes: [codes]\n"), "", "in a cycle"),
])
def test_a_broken_pack_names_file_and_key(tmp_path: Path, text: str, where: str, problem: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError) as err:
        loader.read_pack(path)
    message = str(err.value)
    assert message.startswith(f"{path}: {where}: " if where else f"{path}: ") and problem in message
    assert "\n" not in message


def test_a_good_pack_reads(tmp_path: Path) -> None:
    pack = loader.read_pack(_write(tmp_path, GOOD))
    assert pack.word_sets["codes"].words == ("usd", "eur")


def test_terms_names_and_maps_read_in_the_files_order(tmp_path: Path) -> None:
    text = GOOD + ("  cities:\n    doc: d\n    multiword: true\n    keep_case: true\n    words: [New York, Paris]\n"
                   "maps:\n  symbols:\n    doc: d\n    entries: {usd: $, eur: €, jpy: [¥, yen]}\n")
    pack = loader.read_pack(_write(tmp_path, text))
    assert pack.word_sets["cities"].words == ("New York", "Paris")
    assert list(pack.maps["symbols"].entries.items()) == [("usd", "$"), ("eur", "€"), ("jpy", ("¥", "yen"))]
    with pytest.raises(TypeError):
        pack.maps["symbols"].entries["gbp"] = "£"  # type: ignore[index]


def test_a_set_written_twice_is_refused_not_replaced(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD + "  codes:\n    doc: d\n    words: [gbp]\n")
    with pytest.raises(ConfigError, match=rf"^{path}: not valid YAML: the key 'codes' is written twice \(line 7"):
        loader.read_pack(path)


def test_invalid_yaml_is_one_line_naming_the_file(tmp_path: Path) -> None:
    path = _write(tmp_path, "subject: [money\n")
    with pytest.raises(ConfigError, match=rf"^{path}: not valid YAML"):
        loader.read_pack(path)


def test_unknown_pack_and_word_set_suggest_what_exists() -> None:
    with pytest.raises(ConfigError, match="no knowledge pack 'identifier'; packs: .*identifiers"):
        loader.pack("identifier")
    with pytest.raises(ConfigError, match="no word set 'bare'; it has .*bare_id"):
        loader.words("identifiers", "bare")
    with pytest.raises(ConfigError, match="maps: no map 'kinds'; it has .*platform_id_forms"):
        loader.word_map("identifiers", "kinds")
    with pytest.raises(ConfigError, match="maps: no map 'kinds'; it has none"):
        loader.word_map("credentials", "kinds")


def test_loaded_words_are_immutable_and_shared() -> None:
    first = loader.words("identifiers", "bare_id")
    assert isinstance(first, frozenset) and first is loader.words("identifiers", "bare_id")
    ordered = loader.ordered_words("identifiers", "opaque_identifier")
    assert isinstance(ordered, tuple) and ordered[0] == "id"
    with pytest.raises(Exception):  # noqa: B017 - frozen pydantic model: any mutation fails
        loader.pack("identifiers").word_sets["opaque_identifier"].words = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        loader.pack("identifiers").word_sets["mine"] = loader.pack("identifiers").word_sets["identifier"]  # type: ignore[index]


def test_a_set_reads_the_words_of_the_sets_it_includes_first() -> None:
    opaque = loader.ordered_words("identifiers", "opaque_identifier")
    own = loader.pack("identifiers").word_sets["identifier"].words
    assert loader.ordered_words("identifiers", "identifier") == opaque + own and "username" in own
    assert loader.words("identifiers", "description_key") >= {*opaque, "name", "codes"}


def test_the_stages_read_their_identifier_words_from_the_pack() -> None:
    from tooldial.dialogue import chains, intents, mockdata
    from tooldial.graph import entities, validity
    from tooldial.knowledge import taxonomy

    identifier = loader.words("identifiers", "identifier")  # the one identifier vocabulary, every stage's
    assert identifier is taxonomy.IDENTIFIER_WORDS is validity.IDENTIFIER_WORDS
    assert Lexicon.default().identifier_words is identifier
    assert identifier | loader.words("identifiers", "identifier_tail") == entities.ID_WORDS
    opaque = loader.ordered_words("identifiers", "opaque_identifier")  # the mock world's kind id: a part of it
    assert opaque is mockdata._ID_WORDS and set(opaque) < identifier
    assert loader.words("identifiers", "bare_id") == validity.BARE_IDS
    assert loader.words("identifiers", "description_key") == intents._ID_WORDS > set(opaque)
    assert chains.BARE_ID is validity.BARE_IDS  # one vocabulary since the drifted copies were merged


@pytest.mark.parametrize("case", yaml.safe_load((CASES / "identifier_cases.yaml").read_text(encoding="utf-8")),
                         ids=lambda c: c["name"] or "empty")
def test_lexicon_identifier(case: dict) -> None:
    got = Lexicon.default().identifier(case["name"])
    if case.get("role", "none") == "none":
        assert got is None
    else:
        assert got is not None and got.role is IdRole(case["role"]) and list(got.stem) == case.get("stem", [])


def test_the_stages_read_their_container_words_from_the_pack() -> None:
    from tooldial.dialogue import chains
    from tooldial.graph import validity

    assert loader.words("containers", "graph_container") == validity._CONTAINERS
    assert loader.words("containers", "chain_container") == chains.CONTAINERS
    assert loader.words("containers", "echo") == validity.ECHO_CONTAINERS
    assert loader.words("containers", "settings") == validity.SETTINGS_CONTAINERS


def test_the_chain_sampler_reads_its_market_words_from_the_pack() -> None:
    from tooldial.rules.chain import cross_tool

    assert list(cross_tool._MARKETS) == ["crypto", "stock"]
    assert cross_tool._MARKETS["crypto"] == loader.words("markets", "crypto") and "nft" in cross_tool._MARKETS["crypto"]
    assert cross_tool._MARKETS["stock"] == loader.words("markets", "stock")


def test_the_mock_world_reads_its_past_words_from_the_pack() -> None:
    from tooldial.dialogue import mockdata

    assert loader.ordered_words("time", "past") == mockdata._PAST and "premiered" in mockdata._PAST


def test_the_graph_reads_its_generic_and_noise_words_from_the_pack() -> None:
    from tooldial.graph import validity

    assert loader.words("names", "graph_generic") == validity.GENERIC_WORDS
    assert loader.words("names", "api_name_noise") == validity._API_NAME_NOISE and "on" in validity._API_NAME_NOISE
