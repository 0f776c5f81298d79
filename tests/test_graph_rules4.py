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

from tooldial.graph.entities import Entity
from tooldial.graph.validity import classify, judge_edge


def ent(api_id: str, role: str, key: str, *, documented: str = "", example: str = "", type: str = "string",
        is_list: bool = False, keywords: tuple[str, ...] = ()) -> Entity:
    return Entity(api_id, role, key, key.replace("_", " ").replace("|", " "), documented or key, keywords,
                  raw=key.split("|")[-1], documented=documented, example=example, type=type, is_list=is_list)


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
