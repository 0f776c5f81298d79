"""Second round of validity rules (issue 10, item 2): what counts as evidence that two tools share a value space.

Each test is a small example written for it (tool names, documentation and values are made up) and fails on the
rules before this round: an input that takes its own tool's list of values, seasons of different providers,
bounding-box corners, provider coin ids read as tickers, symbols of an unknown market or another format, generic
words of a tool name taken as a name, URLs of two sites, countries' subdivisions read as countries."""

from __future__ import annotations

import pytest

from tooldial.graph.entities import Entity
from tooldial.graph.id_spaces import generic_tool_name
from tooldial.graph.validity import RuleConfig, classify, is_box_corner, judge_edge, shared_id_space, url_site


def ent(api_id: str, role: str, key: str, *, documented: str = "", example: str = "") -> Entity:
    return Entity(api_id, role, key, key.replace("_", " ").replace("|", " "), documented or key,
                  raw=key.split("|")[-1], documented=documented, example=example)


def test_an_input_that_takes_its_own_tools_list_is_not_filled_from_another_tool():
    hotel_country = ent("Travel|trip_planner|Hotel details", "output", "hotel|country_code", example="FR")
    store_region = ent("Gaming|game_shop|Game prices", "input", "countryCode",
                       documented="To get available country codes, just call the **Regions** endpoint first.")
    got = judge_edge(hotel_country, store_region, 0.9, 0.9)
    assert not got.keep and "own tool's list" in got.reason and got.confidence >= 0.75
    league_country = ent("Sports|kickoff_scores|Leagues by country", "input", "country_code",
                         documented="Country or federation code. Get data from `/countries` endpoint")
    assert not judge_edge(hotel_country, league_country, 0.9, 0.9).keep
    # a country lookup documented by its format alone still takes any tool's ISO code
    lookup = ent("Location|atlas|Cities of a country", "input", "countryCode", documented="ISO 3166 alpha-2, e.g. DE")
    kept = judge_edge(hotel_country, lookup, 0.9, 0.9)
    assert kept.keep and kept.reason.startswith("standard value (country)")
    # the provider's own list feeds its own inputs
    own = ent("Gaming|game_shop|Regions", "output", "regions|country_code", example="DE")
    assert judge_edge(own, store_region, 0.9, 0.9).keep


def test_a_season_is_one_providers_calendar():
    racing = ent("Sports|racing_feed|Driver standings", "output", "results|season", example="2021")
    golf = ent("Sports|golf_scores|Tour rankings", "input", "season")
    assert classify(racing).kind == "identifier"
    got = judge_edge(racing, golf, 1.0, 0.9)
    assert not got.keep and "season" in got.reason
    assert judge_edge(racing, ent("Sports|racing_feed|Races of a season", "input", "season"), 1.0, 0.9).keep
    assert judge_edge(racing, golf, 1.0, 0.9, config=RuleConfig(single_provider=True)).keep


def test_a_corner_of_a_bounding_box_is_not_a_place():
    corner = ent("Location|geo_lookup|Geocode", "output", "geometry|northeast|lat")
    centre = ent("Location|geo_lookup|Geocode", "output", "geometry|location|lat")
    hourly = ent("Weather|sky|Hourly", "input", "lat")
    assert is_box_corner(corner) and not is_box_corner(centre)
    assert is_box_corner(ent("Location|geo_lookup|Reverse", "output", "minLatLong"))
    got = judge_edge(corner, hourly, 0.8, 0.8)
    assert not got.keep and got.reason == "a corner of a bounding box is not a place"
    assert judge_edge(centre, hourly, 0.8, 0.8).keep
    assert not judge_edge(corner, ent("Location|geo_lookup|Nearby", "input", "lat"), 0.8, 0.8).keep  # same tool
    assert judge_edge(corner, ent("Mapping|tiles|Tiles in box", "input", "ne_lat"), 0.8, 0.8).keep  # box → box


def test_provider_coin_ids_are_identifiers_not_tickers():
    assert classify(ent("Data|coin_book|Coin", "input", "coin_id", example="btc-bitcoin")).kind == "identifier"
    assert classify(ent("Finance|coin_rank|Search", "output", "symbol", example="bitcoin")).kind == "identifier"
    ticker = classify(ent("Finance|coin_rank|Search", "output", "symbol", example="BTC"))
    assert (ticker.kind, ticker.standard, ticker.fmt) == ("standard", "symbol", "asset")
    rank_id = ent("Finance|coin_rank|Search a coin", "output", "coin_id", example="1")
    book_id = ent("Data|coin_book|Coin by id", "input", "coin_id", example="btc-bitcoin")
    got = judge_edge(rank_id, book_id, 0.9, 0.7)
    assert not got.keep and "another provider" in got.reason


def test_symbols_chain_across_tools_only_with_a_known_market_and_the_same_format():
    coin = ent("Finance|coin_prices|Search a coin", "output", "symbol", example="BTC")
    quotes = ent("Finance|exchange_quotes|Book", "input", "symbol")
    got = judge_edge(coin, quotes, 1.0, 0.7, target_docs="Order book of a listed instrument")
    assert not got.keep and "unknown market" in got.reason
    assert judge_edge(coin, ent("Finance|coin_charts|Candles", "input", "symbol", example="ETH"), 1.0, 0.7).keep
    # a market symbol with an ISO 4217 quote is a pair; a symbol without an example is read as one asset
    assert classify(ent("Finance|coin_index|Markets", "output", "markets|symbol", example="ETHAED")).fmt == "pair"
    bare = ent("Finance|coin_prices|Search a coin", "output", "symbol")
    pair_input = ent("Finance|coin_history|Price at a time", "input", "symbol", example="BTCUSD")
    got = judge_edge(bare, pair_input, 1.0, 0.7)
    assert not got.keep and "formats differ (asset vs pair" in got.reason
    # a company's symbol is a stock ticker, even inside a tool that also serves currencies
    company = ent("Finance|market_hub|Company Balance Sheet", "output", "data|symbol")
    assert classify(company).market == "stock"
    fx = ent("Finance|market_hub|Currency Time Series", "input", "to_symbol", example="EUR")
    assert not judge_edge(company, fx, 0.7, 0.7).keep
    # a symbol of a markets listing without an example is read as a pair
    listing = ent("Finance|coin_index|List of all supported crypto markets", "output", "global|symbol")
    assert judge_edge(listing, pair_input, 1.0, 0.7).keep
    # a currency's sign is no code
    sign = ent("Financial|fx_profiles|Currency profile", "output", "symbol", example="Fr., SFr.")
    assert classify(sign).fmt == "sign"
    assert not judge_edge(sign, ent("Financial|fx_rates|Rate", "input", "to_symbol", example="EUR"), 1.0, 0.7).keep


def test_a_generic_word_of_a_tool_name_is_not_evidence_of_a_shared_id_space():
    countries = ent("Sports|ApiSoccer|Countries", "output", "country_id")
    odds = ent("Sports|odds_hub|Tournaments", "input", "country_id")
    cfg = RuleConfig()
    assert shared_id_space(countries, odds, "Odds for soccer, tennis and hockey", cfg) is None
    assert not judge_edge(countries, odds, 0.9, 0.9, target_docs="Odds for soccer, tennis and hockey").keep
    named = "Country ids as ApiSoccer's Countries endpoint lists them"
    assert shared_id_space(countries, odds, named, cfg) == "target documentation names the source tool (apisoccer)"
    # a tool named after its domain (E-Commerce, Football API) is spelled by any such tool's documentation
    shop = ent("eCommerce|E-Commerce|Get all products", "output", "products|_id")
    admin = ent("eCommerce|storefront_admin|Update product", "input", "productId")
    assert shared_id_space(shop, admin, "The e-commerce platform's product id", cfg) is None
    assert generic_tool_name("E-Commerce API", "Commerce") and generic_tool_name("News", "News_Media")
    assert not generic_tool_name("ApiSoccer", "Sports") and not generic_tool_name("Shopify", "eCommerce")
    # nor is a one-word tool name that names the source's own records; a brand an API name spells still is
    users = ent("Business|Users|User Listing", "output", "username")
    profile = ent("Social|photo_feed|Profile", "input", "username")
    assert shared_id_space(users, profile, "Profile of one of our users by username", cfg) is None
    tags = ent("Social|Hashtag|Similar Hashtags", "output", "hashtags|tag")
    assert shared_id_space(tags, ent("Social|photo_feed|Posts", "input", "tag"), "Posts with a hashtag", cfg) is None
    channel = ent("Social|youtube_v2|Youtube Channel ID", "output", "channel_id")
    videos = ent("Social|tube_stats|Channel videos", "input", "channel_id")
    assert shared_id_space(channel, videos, "The YouTube channel id", cfg) == \
        "target documentation names the source tool (youtube)"
    # one word that starts two tool names names a domain; whole names that agree name one family
    predictions = ent("Sports|Soccer Predictions|Match", "output", "match_id")
    assert shared_id_space(predictions, ent("Sports|Soccer|Match stats", "input", "match_id"), "", cfg) is None
    finder = ent("Music|Tune Finder|Search", "output", "track_id")
    assert shared_id_space(finder, ent("Music|Tune Finder v2|Track", "input", "track_id"), "", cfg)
    assert shared_id_space(finder, ent("Music|Tune Finder Charts|Track", "input", "track_id"), "", cfg)


def test_urls_of_two_sites_are_not_one_value_space():
    download = ent("Social|clip_tube|Video data", "output", "url", example="https://rr3---sn-x.streamcdn.net/v/1.mp4")
    by_url = ent("Social|short_clips|Video by URL", "input", "url", example="https://www.shortclips.com/@ann/video/7")
    assert url_site(download.example) == "streamcdn.net"
    assert url_site("https://shop.example.co.uk/a") == "example.co.uk"
    got = judge_edge(download, by_url, 1.0, 0.8)
    assert not got.keep and "different sites" in got.reason
    page = ent("Social|clip_index|Search", "output", "url", example="https://m.shortclips.com/@bo/video/9")
    assert judge_edge(page, by_url, 1.0, 0.8).keep


def test_a_countrys_subdivision_is_not_a_country_name():
    """pycountry decides: England and Scotland are subdivisions of GB (a provider's own list), France a country."""
    home = ent("Sports|kickoff_scores|Teams", "output", "team|country", example="England")
    assert classify(home).fmt == "subdivision"
    assert classify(ent("Travel|visa_rules|Rules", "input", "country", example="Russia")).fmt == "name"
    rules = ent("Travel|visa_rules|Rules", "input", "country", example="France")
    got = judge_edge(home, rules, 0.9, 0.9)
    assert not got.keep and "formats differ (subdivision vs name)" in got.reason


# --------------------------------------------------------------------------------------------- cross-validation

def _catalogue_corpus():
    """Four small tools, each a list endpoint and a lookup of the same record: ids chain inside a tool only."""
    from tooldial.corpus.models import Api, Corpus, OutputComponent, Parameter, Tool

    tools = []
    for category, tool, record in (("Music", "tune_base", "album"), ("Music", "song_vault", "track"),
                                   ("Food", "recipe_box", "recipe"), ("Travel", "port_list", "port")):
        apis = (Api(category=category, tool=tool, name=f"List {record}s", description=f"All {record}s",
                    output_components=(OutputComponent(path=(f"{record}s", f"{record}_id"), is_list=True,
                                                       description=f"Unique id of the {record}"),)),
                Api(category=category, tool=tool, name=f"Get {record}", description=f"One {record} by id",
                    required_parameters=(Parameter(name=f"{record}_id", description=f"Id of the {record}"),),
                    output_components=(OutputComponent(path=("name",), description=f"Name of the {record}"),)))
        tools.append(Tool(category=category, name=tool, apis=apis))
    return Corpus(spec="catalogue", tools=tools)


@pytest.mark.slow
def test_grouped_cross_validation_scores_each_source_tool_out_of_fold(embedder, tmp_path):
    from tooldial.embedding import Embedder
    from tooldial.errors import TooldialError
    from tooldial.graph import GraphBuilder, GraphConfig
    from tooldial.graph.calibrate import calibrate_rules, cross_validate_rules
    from tooldial.graph.labels import LabelledPair

    corpus = _catalogue_corpus()
    labels = []
    for tool in corpus.tools:
        lister, getter = tool.apis
        out, param = lister.output_components[0], getter.required_parameters[0]
        labels.append(LabelledPair(source_api=lister.id, source_output="|".join(out.path), target_api=getter.id,
                                   target_input=param.name, valid=True))
        for other in corpus.tools:  # the same kind of id of another tool: invalid
            if other is not tool:
                o_get = other.apis[1]
                labels.append(LabelledPair(source_api=lister.id, source_output="|".join(out.path),
                                           target_api=o_get.id, target_input=o_get.required_parameters[0].name,
                                           valid=False))
    emb = Embedder(cache_dir=tmp_path)
    emb._model = embedder.model
    builder = GraphBuilder(GraphConfig(cache_dir=tmp_path), embedder=emb)
    grid = {"lcs": (0.5, 0.85), "kw": (0.2, 0.4), "desc": (0.2, 0.45), "value_kw": (0.55, 0.9)}
    cv = cross_validate_rules(corpus, labels, folds=2, seed=3, builder=builder, grid=grid)
    assert cv.folds == 2 and cv.groups == 4 and len(cv.picks) == 2
    # every labelled pair is scored exactly once out of fold, with fitted and with default thresholds
    assert cv.fitted.total == cv.defaults.total == len(labels)
    # the defaults are not fitted per fold: pooled over the folds they are the whole set's start
    whole = calibrate_rules(corpus, labels, builder=builder, grid=grid)
    assert cv.defaults == whole.start
    assert cross_validate_rules(corpus, labels, folds=2, seed=3, builder=builder, grid=grid) == cv  # same seed
    with pytest.raises(TooldialError, match="folds"):
        cross_validate_rules(corpus, labels, folds=5, builder=builder, grid=grid)
    # leave one labelling round out: each set is one fold, scored once, with its own figures
    rounds = [p.model_copy(update={"label_set": "v1" if i % 2 else "v2"}) for i, p in enumerate(labels)]
    by_set = cross_validate_rules(corpus, rounds, builder=builder, grid=grid, by_set=True)
    assert by_set.by_set and [name for name, _, _ in by_set.per_fold] == ["v1", "v2"]
    assert sum(f.total for _, f, _ in by_set.per_fold) == by_set.fitted.total == len(labels)
    assert "v2: fitted" in by_set.format()
    with pytest.raises(TooldialError, match="two sets"):
        cross_validate_rules(corpus, labels, builder=builder, grid=grid, by_set=True)  # no set on the labels
    emb.close()


def test_an_input_without_an_example_takes_the_format_its_tool_shows_for_that_name():
    from tooldial.graph.validity import tool_conventions

    history = ent("Finance|coin_history|Price at a time", "input", "symbol", example="BTCUSD")
    since = ent("Finance|coin_history|History since a timestamp", "input", "symbol")
    conventions = tool_conventions([history, since])
    assert conventions.format_of(since) == "pair"
    ticker = ent("Finance|coin_rank|Search a coin", "output", "symbol", example="BTC")
    assert judge_edge(ticker, since, 1.0, 0.7).keep  # no format known for the input alone
    got = judge_edge(ticker, since, 1.0, 0.7, conventions=conventions)
    assert not got.keep and "formats differ (asset vs pair)" in got.reason
    # a tool whose inputs of one name show two formats has no convention for it
    mixed = tool_conventions([history, ent("Finance|coin_history|Candles", "input", "symbol", example="ETH")])
    assert mixed.format_of(since) is None


def test_currency_codes_names_and_signs_are_three_formats():
    """pycountry decides: ``EUR`` is an ISO 4217 code, ``US Dollar`` a currency's name, ``€`` its sign."""
    price = ent("Travel|stay_finder|Hotel price", "output", "price|currency", example="US Dollar")
    assert classify(price).fmt == "name"
    assert classify(ent("Travel|stay_finder|Hotel price", "output", "price|currency", example="€")).fmt == "sign"
    convert = ent("Financial|fx_rates|Convert", "input", "currency", example="EUR")
    assert classify(convert).fmt == "iso"
    got = judge_edge(price, convert, 0.9, 0.9)
    assert not got.keep and "currency formats differ (name vs iso)" in got.reason
    code = ent("Travel|stay_finder|Hotel price", "output", "price|currency", example="GBP")
    assert judge_edge(code, convert, 0.9, 0.9).keep


# --------------------------------------------------------------------------------------------- LLM judge scope

def _two_tools(tmp_path):
    """A music tool whose artist ids chain inside it, and a weather tool that takes a city's coordinates from an
    atlas tool (an edge pair between two tools)."""
    import json

    def obj(**props):
        return {"type": "object", "properties": props}

    def arr(**props):
        return {"type": "array", "items": obj(**props)}

    def s(desc):
        return {"type": "string", "description": desc}

    def req(name, desc):
        return {"name": name, "type": "STRING", "description": desc}

    tools = [
        {"category": "Music", "tool_name": "tunes", "tool_description": "Artists and albums", "api_list": [
            {"name": "Search Artists", "description": "Find artists by name",
             "required_parameters": [req("query", "Artist name")],
             "schema": obj(artists=arr(artist_id=s("Unique id of the artist")))},
            {"name": "Artist Albums", "description": "Albums of an artist",
             "required_parameters": [req("artist_id", "Unique id of the artist")]}]},
        {"category": "Location", "tool_name": "atlas", "tool_description": "Cities of the world", "api_list": [
            {"name": "Find City", "description": "Look up a city by name",
             "required_parameters": [req("name", "City name")],
             "schema": obj(city=obj(latitude=s("Latitude of the city in decimal degrees"),
                                    longitude=s("Longitude of the city in decimal degrees")))}]},
        {"category": "Weather", "tool_name": "skies", "tool_description": "Weather forecasts", "api_list": [
            {"name": "Forecast by coordinates", "description": "Hourly forecast at a point",
             "required_parameters": [req("latitude", "Latitude of the place in decimal degrees"),
                                     req("longitude", "Longitude of the place in decimal degrees")]}]},
    ]
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(tools))
    return path


@pytest.mark.slow
def test_the_judge_can_be_asked_about_cross_tool_edges_only(openai_server, tmp_path, capsys):
    """``graph build --judge-scope cross-tool`` against the real SmolLM2 server: only the edges between two tools
    are sent (whatever the 135M model answers, each is judged or counted), the same-tool edges stay as the rules
    decided and say so; a rerun comes from the cache."""
    from tooldial.cli import main
    from tooldial.graph import load_graph

    corpus = _two_tools(tmp_path)
    plain, judged = tmp_path / "plain.json", tmp_path / "judged.json"
    common = ["graph", "build", "--corpus", str(corpus), "--cache-dir", str(tmp_path / "cache"), "--no-progress"]
    assert main([*common, "--out", str(plain)]) == 0
    edges = list(load_graph(plain).edges(data=True))
    cross = sum(d["cross_tool"] for _, _, d in edges)
    same = len(edges) - cross
    assert cross == 2 and same == 1
    sent = openai_server.request_count()
    args = [*common, "--out", str(judged), "--judge-base-url", openai_server.base_url, "--judge-model",
            openai_server.model, "--judge-max-tokens", "8", "--judge-scope", "cross-tool"]
    assert main(args) == 0
    assert openai_server.request_count() - sent == cross  # the same-tool edge was never sent
    info = load_graph(judged).graph["judge"]
    assert info["scope"] == "cross-tool" and info["not_asked"] == same
    assert info["judged"] + info["unjudged"] == cross
    kept = list(load_graph(judged).edges(data=True))
    assert [d["judge"] for _, _, d in kept if not d["cross_tool"]] == ["not asked (same tool)"]
    assert all(d["judge"] == "valid" for _, _, d in kept if d["cross_tool"])
    assert f"({same} same-tool edges not asked, kept)" in capsys.readouterr().out
    sent = openai_server.request_count()
    assert main(args) == 0 and openai_server.request_count() == sent
    # the judge against labels: scored by kind, what it could not answer counted and left out
    import json

    labels = tmp_path / "labels.jsonl"
    rows = [{"source_api": u, "source_output": d["source_output"], "target_api": v, "target_input": d["target_input"],
             "valid": True, "kind": "cross_tool" if d["cross_tool"] else "same_tool"} for u, v, d in edges]
    labels.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out_json = tmp_path / "eval.json"
    assert main(["graph", "evaluate", str(plain), "--corpus", str(corpus), "--labels", str(labels), "--base-url",
                 openai_server.base_url, "--llm-model", openai_server.model, "--max-tokens", "8",
                 "--sample-edges", "0", "--sample-non-edges", "0", "--out", str(out_json)]) == 0
    printed = capsys.readouterr().out
    assert f"({len(rows)} pairs asked)" in printed and "failed requests (left out of the scores" in printed
    got = json.loads(out_json.read_text())
    judge = got["judge_vs_labels"]
    assert judge["asked"] == len(rows) and judge["failed_requests"] == 0
    assert judge["tp"] + judge["fn"] + judge["malformed_answers"] == len(rows)  # every label is valid
    assert sum(k["tp"] + k["fn"] for k in got.get("judge_by_kind", {}).values()) == judge["tp"] + judge["fn"]
