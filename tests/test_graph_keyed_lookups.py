"""Sixth round of validity rules (issue 10): read from the v8 errors (v8 is fit data since), measured on v1..v8.
Each principle is read from the documentation of both sides, never from a tool's name; each test uses made-up
tools:

- a list's or a record's own key into a by-key lookup of its own tool whose documented answer is one record with
  no field the source record lacks: "the record already holds the answer" (a lookup that returns more is a
  list -> detail chain and stays; so do a nested record's key and a foreign key; an option, off by default:
  ``RuleConfig.holds_answer``, ``graph build --holds-answer``);
- a language detected in a text is no translation's target language (it still feeds the source language);
- a record's picture into a lookup keyed by an image URL (the input's example is one) is a call;
- a key input written as one lower-case word (``playerid``) names its record;
- goal-less sources: test data an API makes up names no real record for another tool, and the caller's own
  account's e-mail is no one to look up;
- a found place passes the keyword bar only into a worldwide lookup keyed by a place, not into one country's;
- a field of a response's ``metadata`` / ``settings`` record says how the answer was made: no value to pass on;
- inside one tool a record's ``title`` / ``name`` feeds only APIs about that record (a movie's title is no serial's);
- (v9) a record's language (a movie's, a post's) gives a translation no text to translate; inside one tool a plain
  value (a riddle's text) is not the record id a bare ``id`` input takes; a plain value across tools feeds a call
  only when the call's other required inputs come from the same source record; a file's path is no folder path."""

from __future__ import annotations

from conftest import graph_entity

from tooldial.graph.select import (
    detected_language_as_target,
    goal_less_source,
    holds_answer,
    language_of_another_record,
)
from tooldial.graph.validity import (
    file_into_folder,
    image_url_into_image_input,
    is_setting_of_answer,
    judge_edge,
    keyed_country_clash,
    named_record_clash,
    record_type_clash,
)

ent = graph_entity


def _outputs(api_id: str, *keys: str, is_list: bool = False) -> list:
    return [ent(api_id, "output", k, is_list=is_list) for k in keys]


def test_a_lookup_of_fields_the_record_already_holds_is_no_call():
    listing = "Medical|pill_base|List brands"
    by_id = "Medical|pill_base|Get brand by id"
    source_outputs = _outputs(listing, "_id", "name", "company_id", "created", is_list=True)
    key = source_outputs[0]
    target_in = ent(by_id, "input", "id")
    same_fields = _outputs(by_id, "_id", "name", "created", "status")  # ``status`` says how the call went
    assert holds_answer(key, target_in, source_outputs, same_fields)
    # the detail returns more than the list holds: a list -> detail chain
    more = _outputs(by_id, "_id", "name", "created", "ingredients", "dosage")
    assert not holds_answer(key, target_in, source_outputs, more)
    # undocumented answer, or an answer that is a list of records: undecidable, the edge stays
    assert not holds_answer(key, target_in, source_outputs, [])
    assert not holds_answer(key, target_in, source_outputs, _outputs(by_id, "_id", "name", is_list=True))
    # a value the source was called with: the same field names are another call's answer (futures -> spot)
    assert not holds_answer(key, target_in, source_outputs, same_fields, ("_id",))
    # a foreign key: the company's record is another one, even when its field names are the brand's
    company_in = ent("Medical|pill_base|Get company by id", "input", "id")
    company = _outputs("Medical|pill_base|Get company by id", "id", "name")
    assert not holds_answer(source_outputs[2], company_in, source_outputs, company)


def test_a_nested_record_key_and_another_tool_keep_the_edge():
    match = "Sports|goal_feed|Match data"
    source_outputs = _outputs(match, "data|match|team_b|id", "data|match|team_b|name")
    team_in = ent("Sports|goal_feed|Team data", "input", "team_id")
    team = _outputs("Sports|goal_feed|Team data", "id", "name")
    assert not holds_answer(source_outputs[0], team_in, source_outputs, team)  # the team is another record
    listing = _outputs("Data|port_list|Ports", "id", "name", "country")
    other_tool_in = ent("Data|port_info|Port by id", "input", "id")
    other_tool = _outputs("Data|port_info|Port by id", "id", "name", "country")
    assert not holds_answer(listing[0], other_tool_in, listing, other_tool)


def test_a_detected_language_is_no_translation_target():
    detected = ent("Translation|lang_sniff|Detect Language", "output", "data|language", example="en")
    for target in (ent("Translation|word_swap|Translate", "input", "to"),
                   ent("Translation|lingo_box|Translate text", "input", "to_language"),
                   ent("Translation|lingo_box|Translate text", "input", "lang",
                       documented="The target language of the translation")):
        assert detected_language_as_target(detected, target)
    source_lang = ent("Translation|word_swap|Translate", "input", "from")
    assert not detected_language_as_target(detected, source_lang)
    listed = ent("Translation|word_swap|Languages", "output", "languages|language", example="fr")
    assert not detected_language_as_target(listed, ent("Translation|lingo_box|Translate text", "input", "to"))


def test_a_record_picture_feeds_a_lookup_keyed_by_an_image_url():
    vision_in = ent("Visual_Recognition|see_label|GET Label Detection", "input", "image",
                    example="https://images.example.com/shoe.jpg")
    for source in (ent("Commerce|shop_scrape|Product detail", "output", "image"),
                   ent("News_Media|page_read|Extract", "output", "images"),
                   ent("Commerce|shop_scrape|Product detail", "output", "otherProducts|photo",
                       example="https://cdn.shop.example/p/1.png")):
        assert image_url_into_image_input(source, vision_in)
        got = judge_edge(source, vision_in, 1.0, 0.4, keyed_lookup=True)
        assert got.keep and "image URL" in got.reason
    upload_in = ent("Visual_Recognition|see_label|POST Label Detection", "input", "image")  # a binary upload
    product_image = ent("Commerce|shop_scrape|Product detail", "output", "image")
    assert not image_url_into_image_input(product_image, upload_in)
    assert not judge_edge(product_image, upload_in, 1.0, 0.4, keyed_lookup=True).keep
    an_object = ent("Commerce|shop_scrape|Product detail", "output", "products|image", type="object")
    assert not image_url_into_image_input(an_object, vision_in)
    assert not judge_edge(an_object, vision_in, 1.0, 0.4, keyed_lookup=True).keep
    # not the target's key: the call needs other values, no evidence
    assert not judge_edge(product_image, vision_in, 1.0, 0.4, keyed_lookup=False).keep


def test_a_lower_case_key_input_names_its_record():
    player = ent("Gaming|arena_stats|Get all players", "output", "data|id")
    assert record_type_clash(player, ent("Gaming|arena_stats|Get player info", "input", "playerid")) is None
    assert record_type_clash(player, ent("Gaming|arena_stats|Get team info", "input", "teamid")) is not None


def test_the_selector_asks_only_when_the_option_is_on_and_never_for_a_write():
    from tooldial.corpus.models import Api, Corpus, Tool
    from tooldial.graph.select import EdgeSelector
    from tooldial.graph.validity import RuleConfig

    names = ("List brands", "Get brand by id", "Update brand")
    tool = Tool(category="Medical", name="pill_base",
                apis=[Api(category="Medical", tool="pill_base", name=n) for n in names])
    corpus = Corpus(spec="fixture", tools=[tool])
    listing, by_id, update = (f"Medical|pill_base|{n}" for n in names)
    outs = [*_outputs(listing, "_id", "name", "created", is_list=True), *_outputs(by_id, "_id", "name", "created"),
            *_outputs(update, "_id", "name", "created")]
    ins = [ent(by_id, "input", "id"), ent(update, "input", "id")]
    key = outs[0]
    assert EdgeSelector(corpus, outs, ins).record_clash(key, ins[0]) is None  # off by default
    on = EdgeSelector(corpus, outs, ins, RuleConfig(holds_answer=True))
    assert "already holds the answer" in on.record_clash(key, ins[0])
    assert on.record_clash(key, ins[1]) is None  # changing the record is a call, whatever it returns


def test_made_up_test_data_and_the_callers_own_account_are_no_chain_sources():
    enrich = ent("Business|people_data|Enrich by email", "input", "email")
    for fake in (ent("Data|mock_box|Get Sample UserProfile", "output", "email"),
                 ent("Tools|id_maker|Generate CNPJ", "output", "cnpj")):
        assert "test data" in goal_less_source(fake, enrich)
    # inside its own tool a generated value is what the next call checks (generate -> validate)
    assert goal_less_source(ent("Tools|id_maker|Generate CNPJ", "output", "cnpj"),
                            ent("Tools|id_maker|Validate CNPJ", "input", "cnpj")) is None
    own = ent("Video_Images|cut_out|getAccount", "output", "email")
    assert "own account" in goal_less_source(own, enrich)
    assert "own account" in goal_less_source(ent("Business|people_data|Credits", "output", "data|email"), enrich)
    # a list of accounts (servers, users) is other records; a random record is a real one
    assert goal_less_source(ent("Tools|vpn_list|Get All VPN Accounts", "output", "openvpn|ip"),
                            ent("Network|ip_facts|IP lookup", "input", "ip")) is None
    assert goal_less_source(ent("Other|verse_box|Random Verse", "output", "book_name"),
                            ent("Other|bible_api|Verses of a book", "input", "book")) is None


def test_a_keyed_lookup_of_one_country_takes_only_that_country_places():
    city = ent("Business|lead_base|Company API", "output", "data|city")
    fuel = ent("Energy|fuel_now|City wise data", "input", "city")
    india = "fuel_now Daily petrol and diesel prices of Indian cities"
    assert "(IN)" in keyed_country_clash(city, fuel, "lead_base B2B company and contact data", india)
    assert keyed_country_clash(city, fuel, "rail_info Trains of India", india) is None  # found in India
    clock = ent("Data|world_clock|Time by city", "input", "city")
    assert keyed_country_clash(city, clock, "lead_base B2B company and contact data", "world_clock Local time") is None
    assert keyed_country_clash(ent("Business|lead_base|Company API", "output", "data|employees"), fuel,
                               "lead_base B2B company data", india) is None  # no place


def test_the_settings_an_answer_was_made_with_are_no_value_to_pass_on():
    for key in ("result|metadata|steps", "result|metadata|cfg", "settings|width"):
        assert is_setting_of_answer(ent("Media|pix_gen|Fast SD API", "output", key, type="integer"))
    assert not is_setting_of_answer(ent("Media|pix_gen|Fast SD API", "output", "result|metadata|job_id"))  # an id
    assert not is_setting_of_answer(ent("Media|pix_gen|Fast SD API", "output", "result|images|width", type="integer"))


def test_a_title_feeds_only_apis_about_its_record():
    serials = ent("Movies|torrent_box|search a tvShow or serial", "input", "title")
    assert "movie" in named_record_clash(ent("Movies|torrent_box|get movies", "output", "data|movies|title"), serials)
    assert named_record_clash(ent("Movies|torrent_box|get serials", "output", "data|serials|title"), serials) is None
    # a compound names its head last; an API that names no record decides nothing; across tools: other rules
    stats = ent("Sports|rink_live|Player statistics", "input", "name")
    assert named_record_clash(ent("Sports|rink_live|Game report", "output", "stats|team2|bestplayer|name"), stats) is None
    assert named_record_clash(ent("Movies|torrent_box|get movies", "output", "data|movies|title"),
                              ent("Movies|torrent_box|Search", "input", "title")) is None
    assert named_record_clash(ent("Movies|film_db|get movies", "output", "data|movies|title"), serials) is None


def test_a_records_language_gives_a_translation_no_text():
    translate_from = ent("Translation|word_swap|Translation", "input", "fromLanguage")
    for key, api in (("data|movie|language", "Movies|film_list|Movie Details"), ("language", "Media|ott_news|/posts")):
        assert language_of_another_record(ent(api, "output", key, example="en"), translate_from)
    for key, api in (("data|language", "Translation|lingo|Supported Languages"),
                     ("language", "Text_Analysis|nlp_box|Language Detection"),
                     ("detectedLanguage|language", "Translation|ms_text|Translate")):
        assert not language_of_another_record(ent(api, "output", key, example="en"), translate_from)
    # not a translation: a movie's language into a movie search by language stays for the other rules
    assert not language_of_another_record(ent("Movies|film_list|Movie Details", "output", "data|movie|language",
                                              example="en"), ent("Movies|film_db|Search", "input", "language"))


def test_a_plain_value_is_not_the_record_id_a_bare_id_input_takes():
    by_id = ent("Entertainment|riddle_box|Riddle by ID", "input", "id")
    got = judge_edge(ent("Entertainment|riddle_box|Get Random Riddle", "output", "riddle"), by_id, 0.9, 0.9)
    assert not got.keep and "plain value" in got.reason
    assert judge_edge(ent("Entertainment|riddle_box|Get Random Riddle", "output", "id"), by_id, 0.9, 0.9).keep
    # a qualified id input names its record: the other rules decide (``vendorId`` from a ``vendor`` field)
    vendor = judge_edge(ent("Security|advisories|Advisory", "output", "info|summary|vendor"),
                        ent("Security|advisories|Vendor products", "input", "vendorId"), 0.9, 0.9)
    assert "plain value" not in vendor.reason


def test_a_plain_value_across_tools_needs_the_calls_other_inputs_from_its_record():
    from tooldial.corpus.models import Corpus
    from tooldial.graph.select import EdgeSelector

    vin = "Transportation|vin_read|VIN Decoder"
    prices, score = "Data|car_prices|Car averages", "Medical|icu_calc|/apache2"
    outs = [ent(vin, "output", k) for k in ("make", "model", "year")]
    outs += [ent("Visual_Recognition|face_read|Detect age", "output", k) for k in ("results|age", "results|gender")]
    ins = [ent(prices, "input", k) for k in ("make", "model", "year", "api_key")]
    ins += [ent(score, "input", k) for k in ("Age", "heartRate", "temperature")]
    salary = "Jobs|pay_scale|Salary Estimate"
    ins += [ent(salary, "input", k) for k in ("job_title", "city_name")]
    outs += [ent("Jobs|job_board|Job Details", "output", k) for k in ("job_title", "description")]
    sel = EdgeSelector(Corpus(spec="fixture"), outs, ins)
    assert sel.unfed_inputs(outs[0], ins[0]) is None  # model and year from the same record; the key is a credential
    why = sel.unfed_inputs(outs[3], ins[4])
    assert why and "heartRate" in why and "temperature" in why
    # one more value the user may give (the city of a salary estimate by job title)
    assert sel.unfed_inputs(outs[5], ins[7]) is None


def test_a_files_path_is_not_the_folder_path_a_listing_takes():
    written = ent("Data|doc_meta|Add", "output", "Path", documented="Resultant file path in storage.")
    listing = ent("Data|doc_store|GetFilesList", "input", "path", documented="Folder path e.g. '/folder'")
    either = ent("Data|doc_store|ObjectExists", "input", "path",
                 documented="File or folder path e.g. '/file.ext' or '/folder'")
    assert file_into_folder(written, listing)
    assert not file_into_folder(written, either)
    folder = ent("Data|doc_store|GetFolders", "output", "Value|Path", documented="Path of the folder")
    assert not file_into_folder(folder, listing)
