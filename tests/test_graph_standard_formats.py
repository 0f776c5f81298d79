"""Fourth round of validity rules (issue 10): formats and scopes of standard values, read from the v6 errors and
checked on v1..v5. Each principle is a documentation-level one and each test uses made-up tools of at least two
families:

- a field under a record its parent names is that record's value only when its leaf names it (``country|name``,
  ``currency|code``); any other leaf is an attribute (``email|result``, ``country|capital``);
- an example value that does not parse as the kind (a medicine record's ``domain`` ``Human``) and a type name
  written as the example (``"string"``) are no evidence of the kind; a bare ``domain`` without an example is an
  internet domain only when its docs speak of the internet;
- a name that states a format (``country_code3``, ``iso2``) gives it; a slug of a place (``austin-tx``) and a
  top-level domain (``.com``, an API about TLDs) are not the plain value."""

from __future__ import annotations

from conftest import graph_entity

from tooldial.graph.validity import classify, judge_edge

ent = graph_entity


def test_an_attribute_under_a_records_name_is_not_that_records_value():
    result = ent("Email|mail_probe|Verify", "output", "email|result", example="deliverable")
    assert classify(result).standard != "email"
    assert classify(ent("Email|mail_probe|Verify", "output", "email|address")).standard == "email"
    capital = ent("Data|atlas|Country", "output", "country|capital")
    assert classify(capital).standard != "country"
    assert classify(ent("Data|atlas|Country", "output", "country|name")).standard == "country"
    assert classify(ent("Finance|fx_desk|Rates", "output", "currency|code")).standard == "currency"
    target = ent("Email|inbox_guard|Is disposable", "input", "email", documented="The e-mail address to check")
    assert not judge_edge(result, target, 0.9, 0.9).keep


def test_an_example_that_is_not_the_kind_or_a_type_name_is_no_evidence_of_it():
    medicine = ent("Medical|pill_box|Product", "output", "result|domain", example="Human")
    assert classify(medicine).kind != "standard"
    host = ent("News|wire_feed|Latest", "output", "domain", example="news.example.org")
    assert classify(host).standard == "domain" and classify(host).fmt == "host"
    # "string" written as the example says nothing; the e-mail keywords of its tool make it an internet domain
    typed = ent("Email|bounce_check|Validate", "output", "domain", example="string", keywords=("email", "validation"))
    assert classify(typed).standard == "domain"
    # a bare domain of a medicine record without any internet words is a field of knowledge
    bare = ent("Medical|pill_box|Product", "output", "result|domain", keywords=("medicines", "healthcare"))
    assert classify(bare).kind != "standard"
    whois = ent("Tools|host_facts|Whois", "input", "domain", example="rapidapi.com")
    assert judge_edge(host, whois, 0.9, 0.9).keep
    assert not judge_edge(medicine, whois, 0.9, 0.9).keep


def test_a_name_that_states_a_format_gives_it():
    iso3 = ent("Data|ip_facts|Geo", "output", "location|country_code3")
    assert classify(iso3).fmt == "alpha3"
    assert classify(ent("Travel|fly_now|Airport", "output", "country_iso2")).fmt == "alpha2"
    alpha2 = ent("Business|registry|Get company", "input", "countryCode", example="be")
    got = judge_edge(iso3, alpha2, 0.9, 0.9)
    assert not got.keep and "alpha3 vs alpha2" in got.reason


def test_a_places_slug_and_a_top_level_domain_are_not_the_plain_value():
    slug = ent("Data|living_costs|Cities by country", "output", "city", example="aberdeen-sd", is_list=True)
    name_in = ent("Other|prayer_clock|Timings", "input", "CITY", example="islamabad", documented="City Name")
    assert classify(slug).fmt == "slug"
    got = judge_edge(slug, name_in, 0.9, 0.9)
    assert not got.keep and "slug" in got.reason
    display = ent("Education|campus_info|University", "output", "Location|City")
    slug_in = ent("Data|living_costs|Cost by city", "input", "city", example="austin-tx", documented="City name")
    assert not judge_edge(display, slug_in, 0.9, 0.9).keep
    assert judge_edge(slug, slug_in, 0.9, 0.9).keep  # the provider's own slugs
    tld = ent("Tools|dns_kit|IANA TLDs", "output", "Domain", is_list=True)
    dotted = ent("Tools|dns_kit|Root zone", "output", "tld", example=".com", is_list=True)
    host_in = ent("Tools|host_facts|DNS", "input", "domain", example="rapidapi.com")
    assert classify(tld).fmt == "tld" and classify(dotted).standard != "domain" or classify(dotted).fmt == "tld"
    got = judge_edge(tld, host_in, 0.9, 0.9)
    assert not got.keep and "tld" in got.reason


def _api(category: str, tool: str, name: str, params=(), outs=(), method: str = "GET"):
    from tooldial.corpus.models import Api, OutputComponent, Parameter

    return Api(category=category, tool=tool, name=name, method=method, description=name,
               required_parameters=tuple(Parameter(name=p, default=d) for p, d in params),
               output_components=tuple(OutputComponent(path=tuple(o.split("|")), is_list=lst) for o, lst in outs))


def _selector(*apis):
    from tooldial.corpus.models import Corpus, Tool
    from tooldial.graph.select import EdgeSelector

    tools: dict = {}
    for a in apis:
        tools.setdefault((a.category, a.tool), []).append(a)
    corpus = Corpus(spec="rules4", tools=[Tool(category=c, name=t, apis=tuple(v)) for (c, t), v in tools.items()])
    outs = [ent(a.id, "output", o.key, is_list=o.is_list) for a in apis for o in a.output_components]
    ins = [ent(a.id, "input", p.name, example=str(p.default or "")) for a in apis for p in a.required_parameters]
    return EdgeSelector(corpus, outs, ins), {(e.api_id.split("|")[1], e.key): e for e in reversed(outs + ins)}


def _verdict(selector, source, target, kw: float = 0.3):
    from tooldial.graph.select import Candidate

    return selector.judge(Candidate(source, target, 0.9, kw, 1.0)).verdict


def test_a_found_standard_value_feeds_a_lookup_keyed_by_it_whatever_the_keywords():
    # a lookup that needs only this value (a transport header aside) takes any found value of its kind
    sel, e = _selector(
        _api("Data", "as_registry", "Announced IPs", [("asn", "AS1")], [("list|ip", True)]),
        _api("Tools", "whois_desk", "IP whois", [("ip", "8.8.8.8")]),
        _api("Data", "zip_facts", "Zip info", [("zip", "08057")], [("city", False)]),
        _api("Other", "prayer_clock", "Timings", [("CITY", "Islamabad"), ("Accept", "application/json")]),
        _api("Travel", "fare_finder", "Fares", [("city", "Paris"), ("date", "2024-01-01")]))
    got = _verdict(sel, e[("as_registry", "list|ip")], e[("whois_desk", "ip")])
    assert got.keep and "keyed by a ip" in got.reason
    assert _verdict(sel, e[("zip_facts", "city")], e[("prayer_clock", "CITY")]).keep
    # a city into a search that also needs a date is no lookup keyed by the city: the keyword bar decides
    assert not _verdict(sel, e[("zip_facts", "city")], e[("fare_finder", "city")]).keep


def test_a_country_that_scopes_a_key_comes_with_the_key():
    # a register's company lookup takes a country beside the company number: a geocoded place's country is no
    # company's; a company search's record gives both
    sel, e = _selector(
        _api("Data", "geo_pointer", "Geocode", [("q", "Brussels")], [("data|country|code", True)]),
        _api("Business", "registry_hub", "Get company", [("countryCode", "be"), ("companyNumber", "0458.780.306")]),
        _api("Business", "registry_hub", "Find company", [("name", "Acme")],
             [("companies|countryCode", True), ("companies|companyNumber", True)]))
    got = _verdict(sel, e[("geo_pointer", "data|country|code")], e[("registry_hub", "countryCode")], kw=0.9)
    assert not got.keep and "companyNumber" in got.reason
    assert _verdict(sel, e[("registry_hub", "companies|countryCode")], e[("registry_hub", "countryCode")]).keep


def test_the_key_of_a_record_a_call_creates_is_the_new_records():
    sel, e = _selector(
        _api("Shop", "pet_store", "addPet", [("id", "10"), ("name", "doggie")], [("id", False), ("name", False)],
             method="POST"),
        _api("Shop", "pet_store", "getPetById", [("petId", "10")], [("id", False), ("name", False)]),
        _api("Shop", "pet_store", "deletePet", [("petId", "10")]))
    assert _verdict(sel, e[("pet_store", "id")], e[("pet_store", "petId")]).keep  # addPet's id
    by_id = next(o for o in sel.outputs_by_api["Shop|pet_store|getPetById"] if o.key == "id")
    got = _verdict(sel, by_id, e[("pet_store", "petId")])
    assert not got.keep and "echoes" in got.reason  # a lookup's key is the one the caller sent


def test_a_place_of_one_country_does_not_feed_a_tool_bound_to_another():
    from tooldial.graph.validity import country_scope_clash, tool_country

    assert tool_country("bdapi Divisions, Districts, Upazilla of Bangladesh") == "BD"
    assert tool_country("Nepal Address Geo-political data") == "NP"
    assert tool_country("Worldwide geocoding for France, Spain and Italy") is None  # several: worldwide
    assert tool_country("Transit of New Jersey, USA") == "US"  # a state, not the island of Jersey
    district = ent("Location|bd_geo|All Districts", "output", "data|district", is_list=True)
    nepal = ent("Location|np_address|Municipals by district", "input", "district")
    assert country_scope_clash(district, nepal, "bd_geo Districts of Bangladesh", "np_address Nepal Address")
    assert country_scope_clash(district, nepal, "bd_geo Districts of Bangladesh", "Districts of Bangladesh") is None
    # a value that is no place is not bound
    name = ent("Location|bd_geo|All Districts", "output", "data|_id", is_list=True)
    assert country_scope_clash(name, ent("Sports|np_league|Team", "input", "id"), "Bangladesh", "Nepal") is None


def test_an_api_named_for_a_code_format_takes_that_format():
    iso3 = ent("Location|country_facts|iso3", "input", "country_code", example="")
    assert classify(iso3).fmt == "alpha3"
    alpha2 = ent("Finance|iban_kit|Parse", "output", "bic|countryCode", example="DE")
    got = judge_edge(alpha2, iso3, 0.9, 0.9)
    assert not got.keep and "alpha2 vs alpha3" in got.reason


def test_a_keyed_lookup_passes_the_cross_tool_description_bar_like_a_coordinate():
    import numpy as np

    from tooldial.graph.build import cross_tool_bar
    from tooldial.graph.edges import EdgeArrays
    from tooldial.graph.validity import RuleConfig

    domain = ent("Email|bounce_check|Validate", "output", "domain", example="gmail.com")
    whois = ent("Monitoring|new_domains|whois", "input", "domain", example="google.com")
    # descriptions far apart (an e-mail check vs a registry): the bar rejects it unless the input keys the lookup
    assert not judge_edge(domain, whois, 0.3, 0.2).keep
    got = judge_edge(domain, whois, 0.3, 0.2, keyed_lookup=True)
    assert got.keep and "keyed by a domain" in got.reason
    search = ent("Search|web_find|Search", "input", "domain", example="google.com")
    query = ent("Search|web_find|Search", "input", "query", example="cheap flights")
    edges = EdgeArrays(np.array([0, 0]), np.array([0, 1]), np.array([0.3, 0.3], dtype=np.float32),
                       np.array([0.2, 0.2], dtype=np.float32), np.array([1.0, 1.0], dtype=np.float32))
    kept = cross_tool_bar([domain], [whois, search, query], edges, RuleConfig())
    assert kept.dst.tolist() == [0]  # the search also takes a query: it is no lookup keyed by the domain
