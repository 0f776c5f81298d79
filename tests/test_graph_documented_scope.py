"""Fifth round of validity rules (issue 10): read from the v7 errors (v7 is fit data since), checked on v1..v7.
Each principle is read from the documentation of both sides, never from a tool's name; each test uses made-up
tools of at least two families:

- a target that documents an uncommon format of its kind (an alpha-3 or numeric country code, a locale) takes
  only a source that shows that format; a code without an example is read as the common one;
- an ``address`` that is a blockchain's key (a wallet's or a contract's, by its example, documentation or
  record) is an identifier, no place: it neither feeds nor is fed by a street address;
- a URL under a media record (``avatar|url``, ``floorplans|url``, ``audios|items|url``) is a file's, not the page
  URL an input of another kind takes."""

from __future__ import annotations

from conftest import graph_entity

from tooldial.graph.entities import Entity
from tooldial.graph.validity import (
    classify,
    country_scope_clash,
    echoed_input,
    judge_edge,
    media_url_clash,
    tool_country,
)

ent = graph_entity


def test_an_uncommon_documented_target_format_needs_a_source_that_shows_it():
    alpha3_in = ent("Data|census_now|Population by country", "input", "countryCode", example="ESP")
    for source in (ent("Music|tune_cloud|User", "output", "user|countryCode"),
                   ent("Tools|whois_plus|Lookup", "output", "registrant|country_code")):
        got = judge_edge(source, alpha3_in, 0.9, 0.9)
        assert not got.keep and "alpha3" in got.reason
    shown = ent("Data|ip_facts|Geo", "output", "country_code3", example="DEU")
    assert judge_edge(shown, alpha3_in, 0.9, 0.9).keep
    # the common form is taken from a source that shows no format
    alpha2_in = ent("Travel|zip_world|Zip info", "input", "country", example="us")
    assert judge_edge(ent("Music|tune_cloud|User", "output", "user|countryCode"), alpha2_in, 0.9, 0.9).keep
    locale_in = ent("Translation|lingo_box|Languages", "input", "code", documented="language code_country code",
                    example="en_GB")
    lang = ent("Translation|word_swap|List languages", "output", "languages|language_code")
    assert classify(locale_in).fmt == "locale" and not judge_edge(lang, locale_in, 0.9, 0.9).keep


def test_a_ledger_address_is_no_place():
    contract = ent("Crypto|nft_vault|NFTs by owner", "output", "ownedNfts|contract|address")
    wallet_in = ent("Crypto|chain_peek|Balance", "input", "address", documented="Wallet address",
                    example="321x69Cb9HZLWwAWGiUBT1U81r1zPLnEjL")
    hexed = ent("Finance|eth_scan|Tx", "output", "result|address", example="0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D")
    street = ent("Business|firm_search|Companies", "output", "Address", documented="The address of the business")
    geocode_in = ent("Mapping|geo_way|Geocode", "input", "address", documented="The address that you want to geocode",
                     example="505 Howard St, San Francisco")
    assert classify(contract).kind == classify(wallet_in).kind == classify(hexed).kind == "identifier"
    assert classify(street).standard == classify(geocode_in).standard == "place"
    assert not judge_edge(street, wallet_in, 0.9, 0.9).keep
    assert not judge_edge(contract, geocode_in, 0.9, 0.9).keep
    assert not judge_edge(hexed, geocode_in, 0.9, 0.9).keep
    assert judge_edge(street, geocode_in, 0.9, 0.9).keep


def test_a_media_file_url_is_not_a_page_url():
    station_in = ent("Music|tune_cloud|Station", "input", "stationUrl", documented="Station URL.",
                     example="https://tunecloud.example/stations/1")
    subtitle_in = ent("Video|tube_fetch|Download Subtitle", "input", "subtitleUrl")
    banner = ent("Music|tune_cloud|Followings", "output", "followings|items|visuals|url", is_list=True)
    avatar = ent("Video|tube_fetch|Playlist", "output", "channel|avatar|url")
    audio = ent("Video|tube_fetch|Video", "output", "audios|items|url", is_list=True)
    plan = ent("Real Estate|home_find|Listing", "output", "data|floorplans|url", is_list=True)
    assert media_url_clash(banner, station_in) == "image"
    assert media_url_clash(audio, subtitle_in) == "audio"
    for source, target in ((banner, station_in), (avatar, subtitle_in), (audio, subtitle_in)):
        got = judge_edge(source, target, 0.9, 0.9)
        assert not got.keep and "media file" in got.reason
    image_in = ent("Visual|pic_tools|Describe image", "input", "imageUrl", documented="URL of the image")
    assert judge_edge(plan, image_in, 0.9, 0.9).keep and judge_edge(avatar, image_in, 0.9, 0.9).keep
    page = ent("Music|tune_cloud|Search", "output", "stations|items|url", is_list=True)
    assert media_url_clash(page, station_in) is None


def test_a_country_named_in_capitals_or_as_an_adjective_or_us_binds_a_tool():
    assert tool_country("PIN LOOKUP - INDIA Get info about Indian pin codes") == "IN"
    assert tool_country("Kenyan postcodes for every county") == "KE"
    assert tool_country("Home records. Available nationwide in the US.") == "US"
    assert tool_country("Postal codes of Mexico and Canada") is None  # several: a worldwide tool
    us_zip = ent("Real Estate|home_facts|Property", "output", "zipCode")
    mx_zip = ent("Mapping|cp_mx|Zip info", "input", "zip_code", example="64630")
    assert country_scope_clash(us_zip, mx_zip, "home_facts Property records, nationwide in the US.",
                               "cp_mx Códigos postales de MEXICO")
    assert country_scope_clash(us_zip, mx_zip, "home_facts Property records worldwide", "cp_mx MEXICO") is None


def test_a_qualified_key_in_each_record_of_a_list_and_a_sent_host_are_echoes():
    history = ent("Tools|whois_past|History", "output", "records|domain_name", is_list=True)
    assert echoed_input(history, ["mode", "domainName"]) == "domainName"
    videos = ent("Video|tube_two|Channel search", "output", "videos|channel_id", is_list=True)
    assert echoed_input(videos, ["channel_id", "q"]) == "channel_id"
    # a nested record's key (a member's tax id) and a related record's are not the caller's value
    member = ent("Business|cnpj_live|Company", "output", "members|person|taxId", is_list=True)
    assert echoed_input(member, ["taxId"]) is None
    related = ent("Tools|whois_past|Related", "output", "related|domain_name", is_list=True)
    assert echoed_input(related, ["domainName"]) is None
    # the record the key names, inside each item of a list asked for by that key, is the caller's (a feed's company)
    feed = ent("Business|firm_news|Feed", "output", "feeds|company|company_id", is_list=True)
    assert echoed_input(feed, ["company_id"]) == "company_id"
    investor = ent("Business|firm_news|Feed", "output", "feeds|investor|company_id", is_list=True)
    assert echoed_input(investor, ["company_id"]) is None  # another record's key of that name
    # a qualified uuid spells the qualified id the caller sent; a bare uuid is a key of its own beside a bare id
    queue = ent("Health|gene_vault|Authorization queue", "output", "product_uuid")
    assert echoed_input(queue, ["productId"]) == "productId"
    skin = ent("Games|skin_store|Skin by id", "output", "uuid")
    assert echoed_input(skin, ["id"]) is None
    # a domain in the answer of a call whose nameless input shows a host repeats it; an e-mail default does not
    scraped = ent("Data|contact_scrape|Scrape", "output", "data|domain", example="wsgr.com")
    assert echoed_input(scraped, ["query"], sent_values={"query": "wsgr.com"}) == "query"
    assert echoed_input(scraped, ["query"], sent_values={"query": "bob@wsgr.com"}) is None


def test_a_field_beside_its_short_form_holds_the_name():
    from tooldial.graph.select import name_beside_code

    def record(tool: str, *keys: str) -> list[Entity]:
        return [ent(f"Data|{tool}|Lookup", "output", k) for k in keys]

    phone = record("phone_scout", "country", "country_short", "postal_code")
    zips = record("zip_facts", "state", "state_code", "city")
    plain = record("geo_way", "results|country", "results|postal_code")
    for outputs in (phone, zips, plain):
        name_beside_code(outputs)
    assert classify(phone[0]).fmt == "name" and classify(zips[0]).fmt == "name"
    assert classify(zips[1]).fmt != "name" and classify(plain[0]).fmt is None
    country_in = ent("Mapping|zip_world|Zip info", "input", "country", example="us")
    state_in = ent("Mapping|zip_world|By city", "input", "state", example="ma")
    assert classify(state_in).fmt == "abbr"
    assert not judge_edge(phone[0], country_in, 0.9, 0.9).keep
    assert not judge_edge(zips[0], state_in, 0.9, 0.9).keep
    assert judge_edge(plain[0], country_in, 0.9, 0.9).keep


def test_a_value_written_back_to_its_own_setter_is_no_call():
    from tooldial.graph.select import writes_back

    tag = ent("SMS|inbox_now|/GetTag", "output", "tag")
    set_tag = ent("SMS|inbox_now|/SetTag", "input", "tag", documented="The value of the new tag")
    name = ent("Social|chat_hub|Get Profile Name", "output", "name")
    update_name = ent("Social|chat_hub|Update Profile Name", "input", "name", documented="The new name")
    assert writes_back(tag, set_tag) and writes_back(name, update_name)
    # another field, another subject, another tool or a reader are real steps
    assert not writes_back(ent("SMS|inbox_now|/GetTag", "output", "owner"), set_tag)
    assert not writes_back(ent("SMS|inbox_now|/GetLabel", "output", "tag"), set_tag)
    assert not writes_back(ent("SMS|other_box|/GetTag", "output", "tag"), set_tag)
    assert not writes_back(tag, ent("SMS|inbox_now|/FindByTag", "input", "tag"))
    # an update's key says which record to change: a read feeds it
    user = ent("Pets|pet_shop|Get User", "output", "username")
    assert not writes_back(user, ent("Pets|pet_shop|Update User", "input", "username",
                                     documented="name that need to be updated"))
