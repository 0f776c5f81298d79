"""One generator per field kind (:data:`GENERATORS`) and :func:`generate`, which draws a field's value
by its kind, once per record where a record has one (a city, a person)."""

from __future__ import annotations

import math
import random
import re
import uuid
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from faker.providers.currency import Provider as CurrencyProvider

from tooldial.corpus.schema import normalize_type
from tooldial.dialogue.mockdata.climate import _gen_precipitation, _gen_temperature
from tooldial.dialogue.mockdata.dates import _gen_date, _gen_duration_text, _gen_relative_time, _gen_time
from tooldial.dialogue.mockdata.fields import FieldName, date_part_range, field_kind, name_tokens
from tooldial.dialogue.mockdata.money import _gen_price, _gen_rate, currency_sign_field
from tooldial.dialogue.mockdata.places import (
    currency_name,
    language_name,
    local_faker,
    places,
    postcode_faker,
)
from tooldial.dialogue.mockdata.record_kinds import status_words
from tooldial.dialogue.mockdata.sites import OWN_SITE_WORDS, organisation_domain
from tooldial.dialogue.mockdata.sports import _gen_match_score
from tooldial.dialogue.mockdata.texts import record_text
from tooldial.dialogue.mockdata.titles import (
    _TITLE_CONTEXT,
    ORGANISATION,
    _gen_name,
    _gen_person,
    _gen_title,
    product_brand,
)
from tooldial.dialogue.mockdata.world import COINS, SYMBOLS, TOPICS
from tooldial.dialogue.weather import pressure_value
from tooldial.knowledge import loader
from tooldial.knowledge.english import singular
from tooldial.knowledge.taxonomy import named_quantity, names_picture, picture_side

#: Words of fields drawn as hex digits, match goals, a played match's status, audience counts, room counts, a
#: house number, an image file; a plain street's types, document extensions, drawn statuses (each set's doc says).
_HEX_WORDS = loader.ordered_words("credentials", "hex_value_words")
_SCORE_CONTEXT = loader.ordered_words("sports", "score_context")
_MATCH_WORDS = loader.ordered_words("sports", "match_words")
_AUDIENCE_COUNTS = loader.ordered_words("quantities", "audience_counts")
_ROOM_COUNTS = loader.ordered_words("measures", "room_counts")
#: Words of a name that say it holds a web address (``web.url_words``): a ``reviewUrl`` links a review.
_URL_WORDS = loader.words("web", "url_words")
#: Words of a link field that holds the website of the organisation its record names (``web.organisation_site_words``).
_ORG_SITE_WORDS = loader.words("web", "organisation_site_words")
_HOUSE_NUMBER_WORDS = loader.ordered_words("addresses", "house_number_words")
_IMAGE_FILE_CONTEXT = loader.ordered_words("media_files", "image_file_context")
_PLAIN_STREET_TYPES = loader.ordered_words("addresses", "plain_street_types")
_DOCUMENT_EXTENSIONS = loader.ordered_words("media_files", "document_extensions")
_DRAWN_STATUSES = loader.ordered_words("status", "drawn_statuses")
_TOWN_RECORDS = loader.words("places", "town_records")
_PICTURE_SIZES = loader.ordered_words("media_files", "picture_sizes")
_NOT_TOWN_RECORDS = loader.words("places", "not_town_records")

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.world import RecordContext


def _gen_postal(f: FieldName, ctx: RecordContext) -> str:
    """A postcode in the form of the record's country (Faker's locale, :func:`~.places.postcode_faker`), else five
    digits; a US city's ZIP code lies in its state's range (Faker's ``postcode_in_state``: no Virginia ZIP for
    Chicago)."""
    fake = local_faker(ctx.place, ctx.world.rng)
    if fake is None:
        drawn = _digits(ctx.world.rng, 5)  # the world's one draw here, whatever the country writes
        other = postcode_faker(ctx.place, random.Random(drawn))
        return other.postcode() if other is not None else drawn
    ranges = getattr(fake.factories[0].provider("faker.providers.address"), "states_postcode", {})
    if ctx.place.country_code == "US" and ctx.place.admin1 in ranges:
        return fake.postcode_in_state(ctx.place.admin1)
    return fake.postcode()


def _gen_status(f: FieldName, ctx: RecordContext) -> str:
    """A status by what its record is (an injury "out", an order "shipped"; a played match is finished, not a
    "success"); at the top of a result whose record no noun tells, how the call went or a drawn state."""
    if f.has(*_MATCH_WORDS):
        return "Finished"
    return ctx.world.rng.choice(status_words(f, listed=not ctx.top) or _DRAWN_STATUSES)


def _digits(rng: random.Random, n: int) -> str:
    return str(rng.randint(10 ** (n - 1), 10**n - 1))


def _gen_id(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    if f.numeric:
        return _digits(rng, rng.choice((4, 5, 6, 7)))
    if (platform := _platform_id(f, ctx)) is not None:
        return platform
    if f.has("uuid", "guid"):
        return str(uuid.UUID(int=rng.getrandbits(128), version=4))
    if f.has("slug"):  # the slug of what the record names: its city by default
        return re.sub(r"[^a-z0-9]+", "-", ctx.place.city.lower()).strip("-")
    if f.has(*_HEX_WORDS):
        return f"{rng.getrandbits(128):032x}"
    return _digits(rng, rng.choice((5, 6, 7, 8)))


#: "<platform host> <record noun>" -> "prefix|length|alphabet" of the platform's ids of that record.
_PLATFORM_IDS = {str(k): str(v) for k, v in loader.word_map("identifiers", "platform_id_forms").items()}
#: Words of a field name that say "the id of" (``identifiers.bare_id``): ``videoId`` names the video.
_BARE_IDS = loader.words("identifiers", "bare_id")
_ALPHABETS = {"b62": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"}
_ALPHABETS["b64url"] = _ALPHABETS["b62"] + "-_"


def _platform_id(f: FieldName, ctx: RecordContext) -> str | None:
    """An id in the form its platform gives that record (``identifiers.platform_id_forms``): a YouTube video's 11
    characters, a channel's "UC…"; the record is the field's own noun (``videoId``), else the nearest record noun
    around it; None off such a platform or for another record."""
    if ctx.site is None:
        return None
    own = [singular(t) for t in f.tokens if t not in _BARE_IDS]
    for noun in (*own, *(singular(n) for n in f.record)):
        form = _PLATFORM_IDS.get(f"{ctx.site.pages} {noun}")
        if form is not None:
            prefix, length, alphabet = form.split("|")
            chars = _ALPHABETS[alphabet]
            return prefix + "".join(ctx.world.rng.choice(chars) for _ in range(int(length)))
        if own:
            return None  # a field named for another record (``commentId`` of a video) keeps the default
    return None


def _gen_rating(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    if f.has("score") and f.about(*_SCORE_CONTEXT):
        return str(rng.randint(0, 5))
    return f"{rng.uniform(2.5, 5.0):.1f}"


def _gen_place_text(kind: str, ctx: RecordContext) -> str:
    p = ctx.place
    return {"city": p.city, "country": p.country, "country_code": p.country_code, "timezone": p.timezone,
            "latitude": f"{p.latitude:.4f}", "longitude": f"{p.longitude:.4f}"}[kind]


def _gen_state(f: FieldName, ctx: RecordContext) -> str | None:
    """A US state for a US place; a record whose first place field is a state gets a US city."""
    if ctx._place is None:
        ctx._place = ctx.world.rng.choice([p for p in places() if p.country_code == "US"])
    if ctx.place.country_code == "US" and ctx.place.admin1.isalpha():
        return ctx.place.admin1
    return None  # a state outside the US is not in the city table: left out rather than named wrongly


def _gen_username(f: FieldName, ctx: RecordContext) -> str:
    first, last = ctx.person
    return f"{first.lower()}{last.lower()}{ctx.world.rng.randint(1, 99)}"


def _gen_email(f: FieldName, ctx: RecordContext) -> str:
    first, last = ctx.person
    return f"{first.lower()}.{last.lower()}@{ctx.world.fake.free_email_domain()}"


def _gen_url(f: FieldName, ctx: RecordContext) -> str:
    """A page of the tool's site (:mod:`~tooldial.dialogue.mockdata.sites`) about the field's record
    (``https://www.amazon.com/review/k3x9q2m1ab``); a record's own website (``website``, ``homepage``) is its own:
    the homepage of the organisation the record has named (``web.organisation_site_words``), else made up."""
    fake = ctx.world.fake
    if ctx.site is None or f.has(*OWN_SITE_WORDS):
        org = ctx.values.get(ORGANISATION)
        if org is not None and f.has(*_ORG_SITE_WORDS) and (domain := organisation_domain(org)) is not None:
            return f"https://www.{domain}"  # the homepage of the company the record names, not davis-chavez.info
        return f"https://www.{fake.domain_name()}/{fake.uri_path(deep=2)}"
    if names_picture(f):  # a ``profile_pic_url``, a ``thumbnail.url``: a picture
        return _gen_image(f, ctx)
    own = [w for w in f.tokens if w not in _URL_WORDS]  # ``reviewUrl`` links a review; a bare ``url`` its record
    noun = next((w for w in (*own[-1:], *f.record) if w.isalpha() and len(w) > 2), "item")
    slug = "".join(ctx.world.rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(10))
    return f"https://{ctx.site.pages}/{noun}/{slug}"


def _gen_image(f: FieldName, ctx: RecordContext) -> str:
    """A picture on the tool's picture host, else on a made-up one."""
    host = ctx.site.pictures if ctx.site is not None else f"images.{ctx.world.fake.domain_name()}"
    return f"https://{host}/{ctx.world.rng.getrandbits(48):012x}.jpg"


def _gen_phone(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    return f"+{ctx.place.phone_prefix} {_digits(rng, 3)} {_digits(rng, 3)} {_digits(rng, 4)}"


def _gen_language_code(f: FieldName, ctx: RecordContext) -> str:
    return ctx.place.languages[0] if len(ctx.place.languages[0]) == 2 else "en"


def _gen_count(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    if f.has("population"):
        town = ctx._place
        said = set(f.title)  # the API's name and the result path: "Get City Details", "cities"
        # the record's own noun decides where its path or API name has one ("Cities List By Country" lists
        # cities): the nearest enclosing key, then the API's name before "by" (not the tool's name)
        named = {singular(w) for w in said}
        noun = next((w for w in f.record if w in named and (w in _TOWN_RECORDS or w in _NOT_TOWN_RECORDS)), None)
        is_town = noun in _TOWN_RECORDS if noun is not None else bool(said & _TOWN_RECORDS) and not said & _NOT_TOWN_RECORDS
        if town is not None and town.population and is_town:
            return str(town.population)  # Fort Worth has 0.9 million people, not 3.6 (reviews 3571, 1825)
        return str(rng.randint(50_000, 5_000_000))
    if f.has(*_AUDIENCE_COUNTS):
        return str(rng.randint(100, 2_000_000))
    return str(rng.randint(1, 250))


def _gen_date_part(f: FieldName, ctx: RecordContext) -> str:
    """A number within the part's unit (a day of the month 1-31, an hour of the day 0-23), never a whole date."""
    low, high = date_part_range(f) or (1, 31)
    return str(ctx.world.rng.randint(low, high))


#: A person's body (a BMI calculator), a picture an API makes (a QR code) and a screen a page is shown on (a
#: screenshot's viewport), by their API's words.
_BODY_CONTEXTS = loader.words("measures", "body_contexts")
_BODY_RANGES = loader.number_ranges("measures", "body_ranges")
_FLOOR_AREAS = loader.number_ranges("measures", "floor_areas")
_PICTURE_CONTEXTS = loader.words("measures", "picture_contexts") | loader.words("field_words", "image")
_SCREEN_CONTEXTS = loader.words("measures", "screen_contexts")
_PAGE_CONTEXTS = loader.words("measures", "page_contexts")
_SCREEN_SIZES = loader.ordered_words("measures", "screen_sizes")


def _measured_side(f: FieldName) -> tuple[int, tuple[str, ...]] | None:
    """0 for a picture's or a screen's width, 1 for its height, with the sizes it is drawn from: under a picture's
    key (:func:`picture_side`), or an input (no enclosing key) by the first that speaks, nearest first: its own name
    (``thumbWidth``: a picture's; ``screen_width``: a screen's), its API's screen words (a screenshot's viewport),
    picture words (a QR code) and page words (HTML rendered to PDF) (``measures.picture_contexts``,
    ``screen_contexts``, ``page_contexts``; screens draw from ``screen_sizes``)."""
    side = picture_side(f)
    if side is not None:
        return side, _PICTURE_SIZES
    if f.parent or not (f.has("width") or f.has("height")):
        return None
    side = 0 if f.has("width") else 1
    own, context = {singular(w) for w in f.tokens}, {singular(w) for w in f.context}
    for words, sizes in ((own & _PICTURE_CONTEXTS, _PICTURE_SIZES), (own & _SCREEN_CONTEXTS, _SCREEN_SIZES),
                         (context & _SCREEN_CONTEXTS, _SCREEN_SIZES), (context & _PICTURE_CONTEXTS, _PICTURE_SIZES),
                         (context & _PAGE_CONTEXTS, _SCREEN_SIZES)):
        if words:
            return side, sizes
    return None


def _gen_measure(f: FieldName, ctx: RecordContext) -> str:
    rng = ctx.world.rng
    if f.tokens[:1] in (("height",), ("weight",)) and {singular(w) for w in f.context} & _BODY_CONTEXTS:
        return _BODY_RANGES[f.tokens[0]].draw(rng)  # a person's: 172 cm, 68 kg ("HeightInCentimetres" too)
    measured = _measured_side(f)
    if measured is not None:  # one of the record's common picture or screen sizes, width and height as a pair
        side, sizes = measured  # a screenshot's viewport and its thumbnail are two pairs
        size = ctx.values.setdefault("<screen size>" if sizes is _SCREEN_SIZES else "<picture size>", rng.choice(sizes))
        return size.split("x")[side]
    if f.has(*_ROOM_COUNTS) or f.joined.startswith("num"):
        return str(rng.randint(1, 4))
    area = next((r for unit, r in _FLOOR_AREAS.items() if unit in f.joined), None)
    if area is not None:  # a home's floor area: 1,850 square feet, 120 square meters
        return str(int(round(float(area.draw(rng)), -1 if area.high > 1000 else 0)))
    if f.has("age"):
        return str(rng.randint(18, 80))
    if f.has("exactnumbers", "exactpb"):
        return str(rng.randint(0, 5 if f.has("exactnumbers") else 1))
    if f.has("seats", "capacity"):
        return str(rng.randint(2, 200))
    if f.has("duration", "runtime"):
        return str(rng.randint(20, 180))
    return f"{rng.uniform(1, 50):.1f}"


def _street_parts(ctx: RecordContext, local: Any | None) -> tuple[str, str, str]:
    """The record's street name, building number and street address, drawn once per record so that its
    ``address`` and ``street`` agree (was "201 Mccarthy Drive" with street "Thomas Avenue"); the address is
    written by one of the locale's own street-address formats that has exactly those two parts."""
    if "<street>" not in ctx.values:
        rng = ctx.world.rng
        if local is None:  # no Latin-script locale for the country: a plain "12 Moyo Road", no US "Apt. 147"
            street, number = f"{ctx.world.fake.last_name()} {rng.choice(_PLAIN_STREET_TYPES)}", str(
                rng.randint(1, 250))
            line = f"{number} {street}"
        else:
            street, number = local.street_name(), local.building_number()
            provider = local.factories[0].provider("faker.providers.address")
            formats = [f for f in getattr(provider, "street_address_formats", ()) if
                       set(re.findall(r"{{(\w+)}}", f)) == {"street_name", "building_number"}]
            line = (rng.choice(formats).strip() if formats else "{{building_number}} {{street_name}}").replace(
                "{{street_name}}", street).replace("{{building_number}}", number).replace("\n", ", ")
        ctx.values.update({"<street>": street, "<building>": number, "<street line>": line})
    return ctx.values["<street>"], ctx.values["<building>"], ctx.values["<street line>"]


#: Words of a ledger address's field or context -> how its addresses are written (``addresses.ledger_forms``:
#: a prefix and the letters after it, "bc1q" and 38 of Bech32's for Bitcoin); else an EVM chain's "0x" and 40 hex.
_LEDGER_FORMS = {str(k): (prefix, letters, int(length)) for k, v in loader.word_map("addresses", "ledger_forms").items()
                 for prefix, letters, length in [str(v).split()]}


def _gen_ledger_address(f: FieldName, ctx: RecordContext) -> str:
    """A wallet's or a contract's address on the ledger the field or its API names: Bitcoin's "bc1q…", Tron's
    "T…", else an EVM chain's "0x" and 40 hex digits."""
    prefix, letters, length = next((form for word, form in _LEDGER_FORMS.items() if f.about(word)),
                                   ("0x", "0123456789abcdef", 40))
    rng = ctx.world.rng
    return prefix + "".join(rng.choice(letters) for _ in range(length))


def _gen_address(f: FieldName, ctx: RecordContext) -> str:
    """A street address in the record's city, written as its country writes them (Faker's locale of the
    country); its parts when the field names one (number, street name, type), all of one street."""
    local = local_faker(ctx.place, ctx.world.rng)
    if f.has("type", "suffix"):
        return local.street_suffix() if local is not None and local.locales[0].startswith("en") else None
    street, number, line = _street_parts(ctx, local)
    if f.has(*_HOUSE_NUMBER_WORDS):
        return number
    if f.has("name") or f.joined == "street":
        return street
    return f"{line}, {ctx.place.city}"


def _gen_file(f: FieldName, ctx: RecordContext) -> str:
    """A file name dated today, of the format its API takes (``ctx.file_format``), else a picture's for an image
    context, else a document's."""
    ext = ctx.file_format or ("jpg" if f.about(*_IMAGE_FILE_CONTEXT) else ctx.world.rng.choice(
        _DOCUMENT_EXTENSIONS))
    return f"{ctx.world.fake.last_name().lower()}_{ctx.world.today:%Y%m%d}.{ext}"


_CRYPTO_CONTEXTS = loader.ordered_words("markets", "crypto")
_STOCK_CONTEXTS = loader.ordered_words("markets", "stock") + loader.ordered_words("markets", "ticker_contexts")
_CURRENCY_CONTEXTS = loader.ordered_words("markets", "currency_contexts")
_TICKER_FIELDS = loader.words("markets", "ticker_fields")


def _gen_symbol(f: FieldName, ctx: RecordContext) -> str | None:
    """A symbol by what its API trades: a coin's (a crypto API), a currency's sign when the field or its parent
    names money ("price_symbol", "currencies|symbol"), a ticker (a stock or finance API), a currency's sign (an API
    about currencies); else nothing: a weather API's ``symbol`` or a unit converter's ``from_symbol`` is no
    ticker (it is documented or left out)."""
    rng = ctx.world.rng
    if f.about(*_CRYPTO_CONTEXTS):
        return rng.choice(COINS)
    if currency_sign_field(f):  # ``price_symbol``, ``currency|symbol``: not a StockPrices API's ``symbol``
        return _currency_sign(ctx)
    if f.about(*_STOCK_CONTEXTS) or f.has(*_TICKER_FIELDS):
        return rng.choice(SYMBOLS)
    return _currency_sign(ctx) if f.about(*_CURRENCY_CONTEXTS) else None


def _currency_sign(ctx: RecordContext) -> str:
    """The sign of the record's currency (its last drawn: the code beside it; Faker's table of signs), its code
    for one the table lacks."""
    code = ctx.currencies[-1] if ctx.currencies else ctx.currency()
    return CurrencyProvider.currency_symbols.get(code, code)


#: Words of a company field that names a brand; the word of a record -> its kind of brand; the kind -> real names.
_BRAND_FIELDS = loader.words("brands", "brand_fields")
_BRAND_CUES = loader.word_map("brands", "brand_cues")
_BRAND_NAMES = loader.word_map("brands", "brand_names")
#: Words of a field naming who made the thing, and the kinds of brand that make things.
_MAKER_FIELDS = loader.words("brands", "maker_fields")
_MADE_KINDS = loader.words("brands", "made_kinds")
#: Words of a brand field that holds a code (IATA, ICAO); an airline -> "IATA ICAO".
_CODE_FIELDS = loader.ordered_words("brands", "code_fields")
#: Words of a record that is a product (``media.title_context_words`` product): its brand is its title's.
_PRODUCT_WORDS = _TITLE_CONTEXT["product"]
_PRODUCT_BRAND_FIELDS = loader.words("brands", "product_brand_fields")
_AIRLINE_CODES = loader.word_map("brands", "airline_codes")


def _gen_company(f: FieldName, ctx: RecordContext) -> str:
    """An organisation's name: a real brand when the field names a brand of a record that has one (a payment
    method's ``brand`` is Visa, a flight's ``airline`` Lufthansa, a vehicle's ``manufacturer`` Toyota: the
    ``brands`` pack; its IATA or ICAO code for a field named so), else Faker's company ("Frey, White and Watson" is
    a firm, never an airline)."""
    if f.has(*_BRAND_FIELDS):
        kinds = (_BRAND_CUES[w] for w in (*f.tokens, *f.record) if w in _BRAND_CUES)
        kind = next((k for k in kinds if k in _MADE_KINDS or not f.has(*_MAKER_FIELDS)), None)
        if kind is not None:  # one brand per record: a flight's airline name and its IATA code agree
            name = ctx.values.setdefault(f"<brand {kind}>", str(ctx.world.rng.choice(_BRAND_NAMES[str(kind)])))
            code = next((i for i, w in enumerate(_CODE_FIELDS) if f.has(w)), None)
            if code is None:
                return name
            if name in _AIRLINE_CODES:
                return str(_AIRLINE_CODES[name]).split()[code]
        elif f.has(*_PRODUCT_BRAND_FIELDS) and set(f.tokens) <= _PRODUCT_BRAND_FIELDS | {"name"} and f.named(
                *_PRODUCT_WORDS):  # a product's brand is the one its title names; a ``processor_brand`` is a part's
            return product_brand(ctx)
    name = ctx.world.fake.company()
    ctx.values.setdefault(ORGANISATION, name)  # the record's organisation: its website is on its own domain
    return name


#: Words of a flag that marks an exception (``status.exception_flags``: proxy, tor, disposable, deleted).
_EXCEPTION_FLAGS = loader.words("status", "exception_flags")
#: Words that make such a flag a setting, a capability or a negation (``status.exception_flag_settings``).
_EXCEPTION_SETTINGS = loader.words("status", "exception_flag_settings")
#: Names of an undocumented flag that is always true (``status.true_flags``: success, ok).
_TRUE_FLAGS = loader.words("status", "true_flags")
#: One undocumented exception flag in this many is true.
_EXCEPTION_ODDS = 10


def _gen_flag(f: FieldName, ctx: RecordContext) -> str:
    """A flag: a success flag is true; a flag that marks an exception (``is_proxy``, ``tor``, ``disposable``) is
    true one time in ten (an IP drawn as a mobile proxy on a hosting network, a Tor exit and a crawler at once
    is no IP); another is a coin's toss."""
    if f.joined in _TRUE_FLAGS:
        return "true"
    if set(f.tokens) & _EXCEPTION_FLAGS and not set(f.tokens) & _EXCEPTION_SETTINGS:
        return "true" if ctx.world.rng.randrange(_EXCEPTION_ODDS) == 0 else "false"
    return ctx.world.rng.choice(("true", "false"))


def _gen_query(f: FieldName, ctx: RecordContext) -> str | None:
    """A search term: a topic for a user to search (an input), in a result what the call searched for; a result
    whose call searched nothing leaves its undocumented terms and tags out (a Bible verse tagged "basketball", a
    track "vegan recipes": drawn topics are about nothing the record is)."""
    if ctx.topic is None:
        return ctx.world.rng.choice(TOPICS)
    return None if ctx.drawn_topic else ctx.topic


#: Kind -> the range an undocumented value of it is drawn from (``measures.drawn_ranges``; a percent that is a
#: change: ``percent_change``).
_DRAWN = loader.number_ranges("measures", "drawn_ranges")
#: Words of a percent field that holds a change (``quantities.change_words``): drawn signed and small.
CHANGE_WORDS = loader.ordered_words("quantities", "change_words")


#: kind -> generator(field, record context) -> text
GENERATORS: dict[str, Callable[[FieldName, RecordContext], str | None]] = {
    "id": _gen_id,
    "email": _gen_email,
    "image": _gen_image,
    "url": _gen_url,
    "file": _gen_file,
    "latitude": lambda f, c: _gen_place_text("latitude", c),
    "longitude": lambda f, c: _gen_place_text("longitude", c),
    "timezone": lambda f, c: _gen_place_text("timezone", c),
    "date_part": _gen_date_part,
    "relative_time": _gen_relative_time,
    "duration_text": _gen_duration_text,
    "datetime": lambda f, c: f"{_gen_date(f, c).isoformat()}T{_gen_time(f, c)}:00",
    "date": lambda f, c: _gen_date(f, c).isoformat(),
    "hours": lambda f, c: f"{_gen_time(FieldName('open'), c)}–{_gen_time(FieldName('close'), c)}",
    "time": _gen_time,
    "year": lambda f, c: str(c.world.rng.randint(2010, c.world.today.year)),
    "quarter": lambda f, c: _DRAWN["quarter"].draw(c.world.rng),
    "month": lambda f, c: _DRAWN["month"].draw(c.world.rng),
    "page": lambda f, c: str(c.world.rng.randint(1, 3)),
    "limit": lambda f, c: str(c.world.rng.choice((5, 10, 20, 25, 50))),
    "country_code": lambda f, c: _gen_place_text("country_code", c),
    "country": lambda f, c: _gen_place_text("country", c),
    "city": lambda f, c: _gen_place_text("city", c),
    "state": _gen_state,
    "ledger_address": _gen_ledger_address,
    "address": _gen_address,
    "postal": _gen_postal,
    "language_code": _gen_language_code,
    "language": lambda f, c: language_name(_gen_language_code(f, c)),
    "currency_code": lambda f, c: _own_currency(f, c),
    "currency_name": lambda f, c: currency_name(_own_currency(f, c)),
    "coin": lambda f, c: c.world.rng.choice(COINS),
    "symbol": _gen_symbol,
    "phone": _gen_phone,
    "temperature": _gen_temperature,
    "percent": lambda f, c: _DRAWN["percent_change" if f.has(*CHANGE_WORDS) else "percent"].draw(c.world.rng),
    "precipitation": _gen_precipitation,
    "pressure": lambda f, c: pressure_value(f.name, c.world.rng),
    "uv_index": lambda f, c: _DRAWN["uv_index"].draw(c.world.rng),
    "rating": _gen_rating,
    "rate": _gen_rate,
    "price": _gen_price,
    "converted": _gen_price,
    "count": _gen_count,
    "level": lambda f, c: _DRAWN["level"].draw(c.world.rng),  # a short scale: a price level, a risk level
    "measure": _gen_measure,
    "standing": lambda f, c: _DRAWN["standing"].draw(c.world.rng),  # made coherent per record by _fix_standing
    "match_score": _gen_match_score,
    "first_name": lambda f, c: c.person[0],
    "last_name": lambda f, c: c.person[1],
    "username": _gen_username,
    "person": _gen_person,
    "company": _gen_company,
    "gender": lambda f, c: c.world.rng.choice(("male", "female")),
    "query": _gen_query,
    "text": record_text,  # a review's, a comment's, a post's text is ours; other free text is documented or left out
    "title": _gen_title,
    "name": _gen_name,
    "boolean": _gen_flag,
    "status": _gen_status,
    "status_code": lambda f, c: "200",  # a numeric status of a successful call
    "error": lambda f, c: None,  # a successful result carries no error field
    "category": lambda f, c: None,  # categories are documented (enums, examples) or left out
}


#: Words that make a currency field one side of an exchange, not the record's own money (from, to, base, ...).
_EXCHANGE_SIDE_WORDS = loader.ordered_words("money", "exchange_side")


def _own_currency(f: FieldName, ctx: RecordContext) -> str:
    """A currency field's value: the record's own currency — the first drawn for it (its prices' and its list's)
    — unless the field is a side of an exchange (``from``, ``to``, ``base``: :data:`_EXCHANGE_SIDE_WORDS`, in its name or its record's), which
    draws one that differs from the record's earlier ones. A task's ``budget`` whose ``rate`` drew a pair is
    still in its own currency."""
    side = f.has(*_EXCHANGE_SIDE_WORDS) or bool(set(name_tokens(f.parent)) & set(_EXCHANGE_SIDE_WORDS))
    if ctx.currencies and not side:  # ``from|currency`` is a side by its record
        return ctx.currencies[0]
    return ctx.currency()


#: Kinds that a value of one record is drawn for once and reused (a record has one city, one person).
_ONCE_PER_RECORD = loader.words("field_kinds", "once_per_record")


#: Inputs that belong together: drawn together (never one from the docs and the other generated).
INPUT_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"latitude", "longitude"}), frozenset({"date", "datetime"}), frozenset({"currency_code", "rate"}),
    frozenset({"city", "country", "country_code", "postal", "address", "state"}),
)


#: Input kinds that say where the user is: drawn from the dialogue's :attr:`MockWorld.home`.
USER_PLACE_KINDS = loader.words("field_kinds", "user_place")


def generate(f: FieldName, ctx: RecordContext) -> str | None:
    """A value for ``f`` by its kind, consistent with the record (None when the name says nothing)."""
    kind = field_kind(f)
    if kind is None:
        return None
    if kind in _ONCE_PER_RECORD and f.name in ctx.values:
        return ctx.values[f.name]
    value = GENERATORS[kind](named_quantity(f) or f, ctx)  # a temperature's ``value`` drawn as a temperature
    if value is not None and kind in _ONCE_PER_RECORD:
        ctx.values[f.name] = value
    return value


def draw_in_range(low: float, high: float, typical: float, type_: str, rng: random.Random) -> str:
    """A number between ``low`` and ``high``, most often near ``typical`` (a triangular draw: one draw of ``rng``):
    whole for an ``integer``, else with as many decimals as the span needs (2 for 0-100, 4 for 0.01-0.5)."""
    x = rng.triangular(low, high, typical)
    if type_ == "integer":
        return str(min(max(round(x), math.ceil(low)), math.floor(high)))
    span = high - low
    decimals = min(6, max(2, 2 - math.floor(math.log10(span)))) if span > 0 else 2
    return f"{x:.{decimals}f}"


#: An input number nothing says how to draw is ``10 ** uniform(0, 2)`` rounded: 1 to 100 with a median of 10, as
#: documented ones are (dev samples: of 626 documented ToolBench ``NUMBER`` inputs of no kind, 91% whole, median 2,
#: 65% at most 10). Was 1-100 with two decimals (a padding of 87.97). Results keep :func:`_by_type`'s uniform 1-100:
#: drawn so for 4,182 schema-only integers, blind readers preferred neither (session 40).
SMALL_WHOLE_DECADES = 2.0


def small_whole_number(rng: random.Random) -> str:
    """A whole number of 1 to 100, most often small (one draw of ``rng``)."""
    return str(round(10 ** rng.uniform(0.0, SMALL_WHOLE_DECADES)))


#: Last words of an integer field that is a code (``measures.code_heads``): ``media_type``, not
#: ``numberOfCategories``.
_CODE_HEADS = loader.words("measures", "code_heads")


def coded_number(f: FieldName, ctx: RecordContext) -> str | None:
    """A whole-number code nothing documents (``media_type``, ``filter_type``: an integer whose last word is a code
    head and whose name, read as a text, is a category) drawn from the short range documented codes take
    (``measures.drawn_ranges.code``), not 1-100 (review 5241 read an Instagram ``media_type`` of 72); None for any
    other field."""
    if normalize_type(f.type)[0] != "integer" or not f.tokens or f.tokens[-1] not in _CODE_HEADS or field_kind(
            replace(f, type="string")) != "category":
        return None
    return _DRAWN["code"].draw(ctx.world.rng)


def _by_type(type_: str, ctx: RecordContext) -> str | None:
    """A value from the type alone: small numbers, booleans; None for strings (no plain English word)."""
    t = (type_ or "string").lower()
    rng = ctx.world.rng
    if t in ("boolean", "bool"):
        return rng.choice(("true", "false"))
    if t in ("integer", "int"):
        return str(rng.randint(1, 100))
    if t in ("number", "float", "double"):
        return f"{rng.uniform(1, 100):.2f}"
    return None
