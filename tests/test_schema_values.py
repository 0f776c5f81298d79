"""Schema-true mock values, the ``spec`` and ``slot_names`` validator kinds, headline titles (issue 31)."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import pytest

from tooldial.corpus import load_corpus
from tooldial.corpus.models import Constraints
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import MockWorld, build_result, input_value, input_values
from tooldial.dialogue.schema_checks import is_raw_slot_name, slot_name_problems
from tooldial.dialogue.schema_values import Slot, conform, creates_record, spec_problems, violations
from tooldial.dialogue.slot_words import is_headline, slot_label
from tooldial.dialogue.world_checks import lorem_filler

DATA = Path(__file__).parent / "data" / "own_api"
TODAY = dt.date(2025, 6, 1)


def _bookstore():
    return load_corpus(str(DATA / "bookstore_openapi.yaml"))


def test_violations_read_type_format_enum_pattern_range_and_lengths():
    rating = Slot(type="integer", constraints=Constraints(minimum=1, maximum=5))
    assert violations(3.7, rating) == ["3.7 is not an integer"]
    assert violations("3.5", rating, text=True) == ["'3.5' is not an integer"]
    assert violations(6, rating) == ["6 is above the maximum 5"]
    assert violations(4, rating) == [] and violations("4", rating, text=True) == []
    isbn = Slot(constraints=Constraints(pattern="^97[89][0-9]{10}$"))
    assert violations("9780553383041", isbn) == []
    assert "does not match the pattern" in violations("1234567890", isbn)[0]
    assert violations("Ursula Le Guin", Slot(format="date")) == ["'Ursula Le Guin' is not a date"]
    assert violations("delivered", Slot(enum=("pending", "paid"))) != []
    assert violations("abcdef", Slot(constraints=Constraints(max_length=3))) == ["'abcdef' is longer than 3"]


def test_conform_keeps_what_obeys_and_repairs_the_rest_inside_the_schema():
    rng = random.Random(1)
    rating = Slot(type="integer", constraints=Constraints(minimum=1, maximum=5))
    assert conform(4, rating, rng, TODAY) == 4
    assert conform(3.7, rating, rng, TODAY) == 4
    assert conform("9", rating, rng, TODAY, text=True) == "5"
    price = Slot(type="number", constraints=Constraints(exclusive_minimum=0, maximum=500))
    assert 0 < conform(0, price, rng, TODAY) <= 500
    isbn = Slot(constraints=Constraints(pattern="^97[89][0-9]{10}$"))
    for _ in range(20):
        assert violations(conform("1-2-3", isbn, rng, TODAY), isbn) == []
    documented = Slot(constraints=Constraints(pattern="^bk_[0-9]{6}$"), example="bk_104233")
    assert conform("104233", documented, rng, TODAY) == "bk_104233"  # a documented example that fits comes first
    since = conform("Ursula Le Guin", Slot(format="date"), rng, TODAY)
    assert dt.date.fromisoformat(since) < TODAY


def test_the_same_seed_gives_the_same_repairs():
    slot = Slot(constraints=Constraints(pattern="^[A-Z]{3}[0-9]{4}$"))
    a = [conform("x", slot, random.Random(7), TODAY) for _ in range(3)]
    b = [conform("x", slot, random.Random(7), TODAY) for _ in range(3)]
    assert a == b


def test_bookstore_results_and_inputs_obey_their_schema_over_many_seeds():
    corpus = _bookstore()
    problems = []
    for seed in range(40):
        for api in corpus.apis:
            world = MockWorld(random.Random(seed))
            names = [p.name for p in api.parameters]
            inputs = input_values(api, names, world)
            result = build_result(api, world.rng, records=3, inputs=inputs, world=world)["response"]
            problems += spec_problems(api, inputs, result)
            problems += [f"{p.name}: {v}" for p in api.parameters
                         if (v := input_value(p, random.Random(seed))) is not None
                         and spec_problems(api, {p.name: v}, None)]
    assert problems == []


def test_a_created_order_is_new_and_a_member_since_is_a_date():
    corpus = _bookstore()
    create = corpus.get("catalogue|Quillbury Books|createOrder")
    assert creates_record(create) and not creates_record(corpus.get("catalogue|Quillbury Books|getOrder"))
    for seed in range(15):
        world = MockWorld(random.Random(seed))
        body = build_result(create, world.rng, inputs={"customer_id": "cu_400918", "book_id": "bk_104233"},
                            world=world)["response"]
        assert body.get("status", "pending") == "pending"
    customer = corpus.get("catalogue|Quillbury Books|getCustomer")
    for seed in range(15):
        world = MockWorld(random.Random(seed))
        body = build_result(customer, world.rng, inputs={"customer_id": "cu_400918"}, world=world)["response"]
        if "member_since" in body:
            assert dt.date.fromisoformat(body["member_since"])


def test_raw_slot_names_are_flagged_and_plain_words_are_not():
    assert is_raw_slot_name("min_rating") and is_raw_slot_name("bookId") and is_raw_slot_name("q")
    assert not is_raw_slot_name("city") and not is_raw_slot_name("id") and not is_raw_slot_name("genre")
    messages = [(2, "I just need the q and the limit."), (3, "The min rating is 3."), (4, "min_rating: 3")]
    assert slot_name_problems(messages, ["q", "min_rating", "limit"]) == [
        "turn 2: message spells the slot name 'q'", "turn 4: message spells the slot name 'min_rating'"]
    assert slot_label("q", "q") == "search terms" and slot_label("city", "city") == "city"


@pytest.mark.parametrize(("name", "documented", "want"), [
    ("k", "Strike Price", "strike price"),          # the table's "number of results" is another API's k
    ("s", "season id", "season id"),
    ("ip", "IP Address", "IP address"),
    ("l", "The language code", "language code"),
    ("u", "user u", "u"),                           # a description that says the code is no label
    ("x", "X position of start point for cropping rectangle.", "x"),   # a sentence is no label
    ("q", "", "search terms"),                      # undocumented: the table's common meaning
    ("city", "Name of the city", "city"),           # a name people say is said as is
    ("theFile", "A file you want to upload", "file"),  # messages say "the file", not "the the file"
])
def test_a_short_name_is_called_by_its_own_documentation(name, documented, want):
    assert slot_label(name, readable(name), documented) == want


def test_no_label_of_a_short_name_spells_the_name():
    """The table's labels are what a message says instead of the code: "the IP address", never "the ip address"."""
    from tooldial.dialogue.slot_words import short_slot_names

    table = short_slot_names()
    assert table["ip"] == "IP address"
    for name, words in table.items():
        assert slot_name_problems([(0, f"The {words} is set.")], [name]) == [], name


def test_a_headline_title_is_not_lorem_but_lorem_still_is():
    assert is_headline("A Short History of Space Travel")
    assert not lorem_filler("A Short History of Space Travel", "title")
    assert not is_headline("Civil Imagine Minute") and lorem_filler("Civil Imagine Minute", "homeStatusLabel")
    assert not is_headline("Civil Of Minute")  # a .title() of lorem words capitalises the small words too


def test_a_field_the_call_bounds_stays_inside_the_bound():
    from tooldial.dialogue.schema_values import request_bounds

    assert request_bounds({"min_rating": "3", "priceMax": "20", "max_results": "5", "q": "x"}) == {
        "rating": (3.0, None), "price": (None, 20.0)}  # max_results sizes the request, not a field
    reviews = _bookstore().get("catalogue|Quillbury Books|listReviews")
    for seed in range(20):
        world = MockWorld(random.Random(seed))
        inputs = {"book_id": "bk_104233", "min_rating": "4"}
        body = build_result(reviews, world.rng, records=4, inputs=inputs, world=world)["response"]
        assert all(r["rating"] >= 4 for r in body.get("reviews", []))
        assert spec_problems(reviews, inputs, body) == []
    assert spec_problems(reviews, {"min_rating": "4"}, {"reviews": [{"rating": 2}]}) == [
        "output reviews|rating: 2 is outside the bounds the call asked for"]


def test_a_documented_output_enum_member_is_documented_not_lorem():
    from types import SimpleNamespace

    from tooldial.dialogue.world_checks import documented_values

    record = SimpleNamespace(source="", target="catalogue|Quillbury Books|getCustomer")
    documented = documented_values(record, _bookstore())
    assert {"standard", "silver", "gold"} <= documented
    assert not lorem_filler("standard", "tier", documented)


def test_a_number_input_gets_a_number_the_validator_accepts():
    """A date said for a Unix-timestamp input becomes its epoch count (milliseconds when the input says so), and
    any other word a number: the validator reads a number input as a number."""
    from tooldial.corpus.models import Api, Parameter
    from tooldial.dialogue.schema_values import conform_input

    rng = random.Random(0)
    seconds = Parameter(name="timestamp", type="number", description="Unix timestamp in seconds.")
    assert conform_input(seconds, "2025-07-02T19:30:00", rng, TODAY) == "1751484600"
    assert conform_input(seconds, "2025-07-02", rng, TODAY) == "1751414400"
    millis = Parameter(name="startTimeMs", type="integer", description="Start of the window.")
    assert conform_input(millis, "2025-07-02", rng, TODAY) == "1751414400000"
    documented = Parameter(name="contact", type="number", description="Contact data", example=42)
    assert conform_input(documented, "James Huynh", rng, TODAY) == "42"
    drawn = Parameter(name="webhook", type="number", description="Webhook data")
    assert conform_input(drawn, "Jane Doe", rng, TODAY).isdigit()
    assert conform_input(drawn, "17", rng, TODAY) == "17" and conform_input(drawn, "", rng, TODAY) == ""
    text = Parameter(name="since", type="string")
    assert conform_input(text, "2025-07-02", rng, TODAY) == "2025-07-02"
    api = Api(category="Communication", tool="Hooks", name="deleteWebhook", description="Delete a webhook",
              method="DELETE", required_parameters=(Parameter(name="id", type="number", default="Some()",
                                                               description="ID of webhook"),))
    value = input_values(api, ["id"], MockWorld(random.Random(3)))["id"]
    assert value != "Some()" and not spec_problems(api, {"id": value}, None)


def test_a_date_written_in_the_other_date_format_keeps_its_day():
    """A series placed in the asked range (2025-07-24..2025-08-01) under a documented date-time format kept its
    days, not redrawn ones years earlier (sample 9353: "closeDateTime dates outside the range asked for")."""
    today, rng = dt.date(2025, 6, 1), random.Random(3)
    stamp = conform("2025-07-24", Slot(format="date-time"), rng, today)
    assert stamp.startswith("2025-07-24T") and not violations(stamp, Slot(format="date-time"))
    assert conform("2025-07-24T10:30:00Z", Slot(format="date"), rng, today) == "2025-07-24"
    redrawn = conform("soon", Slot(format="date"), rng, today)  # no day to keep: a drawn date
    assert not violations(redrawn, Slot(format="date")) and redrawn < today.isoformat()


@pytest.mark.parametrize(("low", "high", "form"), [(24, 24, r"\.\d{3}Z"), (20, 20, r":\d{2}Z"), (25, 25, r"\+00:00"),
                                                  (None, 19, r":\d{2}")])
def test_a_date_time_of_documented_length_is_written_in_that_form_not_padded(low, high, form):
    import re

    slot = Slot(type="string", format="date-time", constraints=Constraints(min_length=low, max_length=high))
    fixed = conform("2025-08-19T13:30:00", slot, random.Random(0), dt.date(2025, 9, 1))
    assert not violations(fixed, slot), fixed
    assert fixed.startswith("2025-08-19T13:30:00") and re.search(form + "$", fixed)
    # a longer documented form is rewritten in the shorter one, not cut mid-way
    longer = conform("2025-08-19T13:30:00.000+00:00", slot, random.Random(0), dt.date(2025, 9, 1))
    assert not violations(longer, slot) and longer.startswith("2025-08-19T13:30"), longer


def test_a_value_drawn_from_a_pattern_is_readable_where_the_pattern_leaves_it_open():
    arn = r"^arn:aws[^:\s]*:codeguru-reviewer:[^:\s]+:[\d]{12}:association:[a-f0-9]{8}$"
    slot = Slot(type="string", constraints=Constraints(pattern=arn))
    for seed in range(5):
        value = conform("", slot, random.Random(seed), dt.date(2025, 1, 1))
        assert not violations(value, slot)
        region = value.split(":")[3]
        assert value.startswith("arn:aws:codeguru-reviewer:") and region.isalnum() and region.islower(), value
    # a class that shuts out digits gives letters; one that shuts out letters and digits is drawn as written
    letters = Slot(type="string", constraints=Constraints(pattern=r"^[^0-9]+$"))
    assert conform("", letters, random.Random(0), dt.date(2025, 1, 1)).isalpha()
    symbols = Slot(type="string", constraints=Constraints(pattern=r"^[^a-zA-Z0-9]+$"))
    assert not violations(conform("", symbols, random.Random(0), dt.date(2025, 1, 1)), symbols)
