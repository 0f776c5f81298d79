"""Inputs documented only in prose: the example or choices a description gives, and the slug a user names their
own resource with. Without them such an input has no value, and the dialogue is not made."""

from __future__ import annotations

import random
import re

import pytest

from tooldial.corpus.described_values import (
    described_bounds,
    described_choices,
    described_default,
    described_default_value,
    described_example,
)
from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.mockdata import MockWorld, generators
from tooldial.dialogue.mockdata.inputs import input_values


@pytest.mark.parametrize(
    ("description", "example"),
    [
        ("Outbound flight segments in the sequence of travel (e.g. 'LH096;LH480')", "LH096;LH480"),
        ("Include fares for these carriers e.g. ('4U;LH')", "4U;LH"),
        ("Numero de téléphone au format national (exemple 0680010203) ou international", "0680010203"),
        ("The name of the database to search. E.g: Genbank", "Genbank"),
        ("The authorization grant type, must be `authorization_code`.", "authorization_code"),
        ("The role for which authentication will be made. Value : role_product", "role_product"),
        ("Journey details e.g. (origin=TXL;destination=CGN)", "origin=TXL;destination=CGN"),
        ("For example, &quot;en-GB&quot; for British English", "en-GB"),
        ("Route action. Example: forward('alice@example.com')", "forward('alice@example.com')"),
        ("Limit facet values. For example: maxValuesPerFacet=10 will retrieve 10", "10"),
        ("Must be between 1 and 10. The id must be registered.", ""),
        ("Users to add. Example: [{\".tag\": \"email\"}]", ""),
        ("Start date (e.g. MM/DD/YYYY)", ""),  # a format mask is no value
        ("Output format, can be empty or one of json", "json"),
        # no value: prose after the cue, or no cue at all
        ("The type of the thing, such as a book or a film", ""),
        ("Name of the queue", ""),
        ("", ""),
    ],
)
def test_the_example_a_description_gives(description, example):
    assert described_example(description) == example


def test_the_choices_a_description_lists():
    assert described_choices('Allowed values are "cnam", "format", "hlr" and "mnp".') == ("cnam", "format", "hlr",
                                                                                        "mnp")
    assert described_choices("Fare range (Acceptable values are: \"byday\", \"bymonth\")") == ("byday", "bymonth")
    assert described_choices('Cabin (Acceptable values are: "", "economy", "business")') == ("economy", "business")
    # one value is what the input must be, not a choice
    assert described_choices("must be `authorization_code`") == ()
    assert described_choices("One of the user's accounts") == ()


@pytest.mark.parametrize(("description", "choices"), [
    ("Sort order. **Allowed values:** `NEWEST, OLDEST, TOP_RATED`", ("NEWEST", "OLDEST", "TOP_RATED")),
    ("Radius in miles. Available values: '1|5|10'", ("1", "5", "10")),
])
def test_choices_written_inside_one_pair_of_quotes_are_choices_not_one_value(description: str, choices: tuple) -> None:
    """A quoted list of codes after a choice cue is the choices: the user says one ("NEWEST"), not the whole list
    ("The sort by I have in mind is RELEVANCE, LOWEST_PRICE, HIGHE…"; 68 ToolBench inputs)."""
    assert described_choices(description) == choices
    assert described_example(description) == ""
    param = Parameter(name="mode", description=description)
    said = {input_values(_api(param), ["mode"], MockWorld(random.Random(seed)))["mode"] for seed in range(8)}
    assert said <= set(choices) and len(said) > 1


def _api(*params: Parameter, name: str = "Send message") -> Api:
    return Api(category="Messaging", tool="sms", name=name, description=name, required_parameters=params)


def test_a_described_value_fills_an_input_nothing_else_documents():
    kind = Parameter(name="type", description='Allowed values are "cnam", "format", "hlr" and "mnp".')
    fare = Parameter(name="fare", description="Travel fare (e.g. '1341.45')")
    seen = set()
    for seed in range(12):
        values = input_values(_api(kind, fare), ["type", "fare"], MockWorld(random.Random(seed)))
        assert values["fare"] == "1341.45"
        seen.add(values["type"])
    assert seen <= {"cnam", "format", "hlr", "mnp"} and len(seen) > 1
    # a documented example still comes first
    documented = fare.model_copy(update={"example": "99.50"})
    assert input_values(_api(documented), ["fare"], MockWorld(random.Random(0)))["fare"] == "99.50"


@pytest.mark.parametrize(("description", "value"), [
    ("Search by city ids or stations ids (default: cities)", "cities"),  # Flixbus: was a search term, "yoga"
    ("Time span. Defaults to `weekly`.", "weekly"),
    ("Height of the image. Default is 480.", "480"),
    ("Returns data for a playing match (default false)", "false"),
    ("Default: `ForSale`", "ForSale"),
    ("Maximum elements to retrieve. Defaults to 20 if not specified.", "20"),
    # no value: prose after the cue, a default named only by its description, no cue
    ("Text format. Possible values: plain - Text without markup (default value). html - HTML", ""),
    ("The default value is none.", ""),
    ('Sort by popularity (default order: "desc")', ""),
    ("By default it is empty", ""),
    ("Name of the queue", ""),
])
def test_the_default_a_description_states(description: str, value: str) -> None:
    assert described_default_value(description) == value


def test_a_stated_default_is_the_value_of_an_input_nothing_else_documents():
    search_by = Parameter(name="search_by", description="Search by city ids or stations ids (default: cities)")
    assert {input_values(_api(search_by), ["search_by"], MockWorld(random.Random(s)))["search_by"]
            for s in range(5)} == {"cities"}
    # a documented default, example or choices still come first
    documented = search_by.model_copy(update={"default": "stations"})
    assert input_values(_api(documented), ["search_by"], MockWorld(random.Random(0)))["search_by"] == "stations"


def test_a_resource_the_user_named_gets_a_slug():
    queue = Parameter(name="queueName", description="Name of Queue")
    for seed in range(5):
        value = input_values(_api(queue, name="Get queue config"), ["queueName"],
                             MockWorld(random.Random(seed)))["queueName"]
        assert value.endswith("-queue") and " " not in value
    # a bare name of an API about a collection names the collection; a person's name stays a person's
    bare = Parameter(name="name", description="The unique name of a collection.")
    value = input_values(_api(bare, name="create_collection"), ["name"], MockWorld(random.Random(0)))["name"]
    assert value.endswith("-collection")
    player = Parameter(name="player_name")
    value = input_values(_api(player, name="Player stats"), ["player_name"], MockWorld(random.Random(0)))
    assert not value["player_name"].endswith("-player")


def test_a_described_value_that_names_another_input_is_not_used():
    where = Parameter(name="fieldset", description="Which fields to return, e.g. 'latitude'")
    lat = Parameter(name="latitude", description="")
    api = Api(category="Maps", tool="geo", name="Search places", description="", required_parameters=(where,),
              optional_parameters=(lat,))
    assert input_values(api, ["fieldset"], MockWorld(random.Random(0)))["fieldset"] != "latitude"


@pytest.mark.parametrize(("description", "bounds", "default"), [
    ('Must be between "1" and "10". Default is "1".', (1.0, 10.0), 1.0),  # Instafilter.io's Oil amount
    ("pitch value range is -20.00 to 20.00", (-20.0, 20.0), None),
    ("Slow K-period, the default value is 3. Valid range from 2 to 100000.", (2.0, 100000.0), 3.0),
    ("barcode prefix (between 4 to 12 digits)", None, None),  # a length, not a value
    ("Name of the city, between 1 and 3 words", None, None),
    ("between 10 and 2", None, None),  # backwards: no reading
])
def test_bounds_and_a_default_said_in_prose(description: str, bounds: tuple | None, default: float | None) -> None:
    assert described_bounds(description) == bounds and described_default(description) == default


def test_a_number_drawn_outside_prose_bounds_is_drawn_inside_them() -> None:
    param = Parameter(name="amount", type="number", description='Must be between "1" and "10". Default is "1".')
    api = Api(category="Media", tool="Instafilter.io", name="Oil", description="Oil painting filter",
              required_parameters=(param,))
    drawn = [float(input_values(api, ["amount"], MockWorld(random.Random(seed)))["amount"]) for seed in range(20)]
    assert all(1 <= x <= 10 and x.is_integer() for x in drawn) and len(set(drawn)) > 2  # inside, not one clamped end
    density = Parameter(name="density", type="number", description="Must be between 0 and 1.")
    api = api.model_copy(update={"required_parameters": (density,)})
    drawn = [float(input_values(api, ["density"], MockWorld(random.Random(seed)))["density"]) for seed in range(20)]
    assert all(0 <= x <= 1 for x in drawn) and any(not x.is_integer() for x in drawn)  # a fraction


def _measured(tool: str, name: str, description: str, *params: tuple[str, str]) -> dict[str, str]:
    api = Api(category="Tools", tool=tool, name=name, description=description,
              required_parameters=tuple(Parameter(name=n, type="NUMBER", description=d) for n, d in params))
    return input_values(api, [n for n, _ in params], MockWorld(random.Random(5)))


def test_a_screenshots_viewport_is_a_screens_size_and_its_thumbnail_a_pictures() -> None:
    # was 31.9 and 47.5: the generic measure of 1-50 with a decimal; then a picture's 64 x 64 for the viewport
    values = _measured("Web Capture", "Take screenshot", "Renders a web page as a screenshot.",
                       ("width", "Width of the viewport."), ("height", "Height of the viewport."),
                       ("thumbWidth", "Width of the thumbnail."))
    assert f"{values['width']}x{values['height']}" in generators._SCREEN_SIZES  # one size, both sides
    assert any(size.startswith(values["thumbWidth"] + "x") for size in generators._PICTURE_SIZES)


def test_a_qr_codes_width_and_height_are_a_pictures_sides() -> None:
    values = _measured("QR Maker", "Make QR code", "Makes a QR code for a link.",
                       ("width", "Width of the code."), ("height", "Height of the code."))
    assert f"{values['width']}x{values['height']}" in generators._PICTURE_SIZES


def test_a_persons_height_and_weight_in_a_body_calculator() -> None:
    values = _measured("Fitness Calculator", "BMI", "Calculates the body mass index (BMI).",
                       ("weight", "Weight of the person in kilograms."), ("height", "Height in meters (m)."))
    assert 50 <= int(values["weight"]) <= 110
    assert re.fullmatch(r"1\.\d\d", values["height"]) and 1.5 <= float(values["height"]) <= 1.95  # meters, as said
    centimeters = _measured("Fitness Calculator", "BMR", "Calculates the basal metabolic rate (BMR).",
                            ("height", "Height of the person."))
    assert 150 <= int(centimeters["height"]) <= 195


def test_a_width_of_no_picture_or_body_stays_a_measure() -> None:
    values = _measured("Parcel Shipping", "Create parcel", "Creates a parcel for shipping.", ("width", "Parcel width."))
    assert re.fullmatch(r"\d+\.\d", values["width"]), values  # the generic measure (a parcel's 12.5)
