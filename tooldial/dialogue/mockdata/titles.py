"""Titles and names of things a record describes: videos, songs, films, books, venues, people."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from tooldial.dialogue.mockdata.fields import _FORMAT_WORDS, _WORK, _token_set, name_tokens
from tooldial.dialogue.mockdata.paths import _WRAPPERS
from tooldial.dialogue.mockdata.places import currency_name, language_name
from tooldial.dialogue.mockdata.record_kinds import record_kind
from tooldial.dialogue.mockdata.sports import COMPETITION_KEYS, _team_name, competition_name, names_team
from tooldial.dialogue.mockdata.world import TOPICS
from tooldial.knowledge import loader

if TYPE_CHECKING:
    from tooldial.dialogue.mockdata.fields import FieldName
    from tooldial.dialogue.mockdata.world import RecordContext


#: The phrase book of generated titles (``knowledge/phrases/en/titles.yaml``), by bank.
_TITLES = loader.phrase_banks("en", "titles")


#: Templates of generated titles by what the record is. Each reads like a real title of its kind and is about
#: the topic the call searched for (or a drawn one); the old "The <adjective> <noun>" titles ("The Frozen
#: Harvest") read as filler whatever they named (:data:`OLD_TITLE_WORDS` keeps their words for the check).
_VIDEO_TITLES = _TITLES["video_titles"]


#: Video titles of a list nobody searched (related videos, a channel's uploads): a song by a person, never a
#: topic the user did not name ("Weekly Coffee Roundup" among Luis Fonsi's videos read as filler, review 7).
_UNTOPICAL_VIDEOS = _TITLES["untopical_videos"]


_APP_TITLES = _TITLES["app_titles"]


_FILM_TITLES = _TITLES["film_titles"]


_SONG_TITLES = _TITLES["song_titles"]


_GAME_TITLES = _TITLES["game_titles"]


_ACHIEVEMENTS = _TITLES["achievements"]


_BOOK_TITLES = _TITLES["book_titles"]


#: Headlines of articles and news items; a result's articles take different ones.
_ARTICLE_TITLES = _TITLES["article_titles"]


#: Titles of a task, a todo, a note or a ticket: a short thing to do.
_TASK_TITLES = _TITLES["task_titles"]


#: Video titles of earlier passes that read as filler whatever their topic (held-out review 7).
_OLD_VIDEO_TITLES = _TITLES["old_video_titles"]


@lru_cache(maxsize=1)
def _topic_titles() -> dict[str, str]:
    """Every generated video title about a drawn topic (:data:`TOPICS`), with its topic."""
    return {t.format(Topic=topic.title()): topic for t in (*_VIDEO_TITLES, *_OLD_VIDEO_TITLES) for topic in TOPICS}


def drawn_topic_title(value: Any, said: str) -> str | None:
    """The drawn topic of a generated video title about something the dialogue never mentions (``said``: its
    user turns and call inputs, lower-cased): "Weekly Coffee Roundup" among a singer's videos; else None."""
    topic = _topic_titles().get(value) if isinstance(value, str) else None
    return topic if topic is not None and topic not in said else None


#: Words of the old generated titles ("The Frozen Harvest"): the ``filler`` check flags them.
OLD_TITLE_WORDS = (loader.ordered_words("media", "old_title_adjectives"),
                   loader.ordered_words("media", "old_title_nouns"))


#: Venues that are businesses: named after a person ("Harper's Restaurant", "Hotel Whitfield") unless the
#: record lies in a known place; civic ones are named after their city ("Brisbane Central Station").
_BUSINESSES = loader.ordered_words("venues", "businesses")


#: How a civic venue's name reads ("venue_name" of a concert: "Gazipur Arena", not "Gazipur Venue").
_VENUE_LABELS = loader.word_map("venues", "venue_labels")


#: Words of a field that names who publishes (an article's ``source_name``): a newspaper, not an article title.
_OUTLET_WORDS = loader.ordered_words("media", "outlets")


@lru_cache(maxsize=1)
def _plain_words() -> frozenset[str]:
    from faker.providers.lorem.en_US import Provider

    return frozenset(Provider.word_list)


def _last_name(ctx: RecordContext) -> str:
    """A Faker last name of four letters or more ("The Le Affair" read as a typo) that is no plain English
    word ("The White Hotel" reads as lorem words)."""
    fake = ctx.world.fake
    name = fake.last_name()
    for _ in range(8):
        if len(name) >= 4 and name.lower() not in _plain_words():
            break
        name = fake.last_name()
    return name if name.lower() not in _plain_words() else "Harrington"


_PRODUCTS = _TITLES["products"]


#: Things named after a place or a person ("Lisbon Station"): named when the API or the list is about them.
_VENUES = loader.ordered_words("venues", "venues")


_DISHES = _TITLES["dishes"]


def _word_lists(subject: str, name: str) -> Mapping[str, tuple[str, ...]]:
    """A pack map whose values are word lists (the maps below: kind → words)."""
    return cast("Mapping[str, tuple[str, ...]]", loader.word_map(subject, name))


#: Words of a field's own name that make its title a work's of one kind (``video_title``).
_TITLE_FIELD = _word_lists("media", "title_field_words")
#: Words of a field, the API's name or the enclosing path that make a title a work's of one kind.
_TITLE_CONTEXT = _word_lists("media", "title_context_words")
#: Words of a field or its context that make a bare title a video's or a book's (else a film's).
_TITLE_ABOUT = _word_lists("media", "title_about_words")
#: Last words of a generated newspaper's name ("The Lisbon Herald").
_NEWSPAPERS = loader.ordered_words("media", "newspaper_names")
#: Enclosing keys whose ``title`` is a person's (a video's ``author.title``: its channel's name).
_PERSON_TITLE_PARENTS = loader.words("people", "title_person_keys")
#: What a civic venue's name has between its city and its label, drawn ("Brisbane Central Station"; "" for none).
_CIVIC_WORDS = ("", *(f"{w} " for w in loader.ordered_words("venues", "civic_name_words")))
#: Enclosing keys, and else context words, that say what a bare ``name`` names (a country, a currency, ...).
_NAME_PARENTS = {kind: frozenset(keys) for kind, keys in _word_lists("media", "name_parents").items()}
_NAME_CONTEXT = _word_lists("media", "name_contexts")
_LANGUAGE_WORDS = loader.ordered_words("field_words", "language")


def _title(templates: tuple[str, ...], ctx: RecordContext, topic: str) -> str:
    rng, fake = ctx.world.rng, ctx.world.fake
    text = rng.choice(templates)
    fills = {"Topic": topic.title() if topic.islower() else topic}
    if "{City}" in text:
        fills["City"] = (ctx._place or ctx.world.home).city
    if "{Last}" in text:
        fills["Last"] = _last_name(ctx)
    if "{First}" in text:
        fills["First"] = fake.first_name()
    if "{Song}" in text:
        fills["Song"] = _title(_SONG_TITLES, ctx, topic)
    return text.format(**fills)


def _article_title(ctx: RecordContext, topic: str) -> str:
    """A headline about ``topic`` (``titles.article_titles``) that no earlier article of the dialogue has: two news
    items of one feed read "A beginner's guide to electric cars" twice (blind read of session 53)."""
    rng, world = ctx.world.rng, ctx.world
    text = ""
    for _ in range(len(_ARTICLE_TITLES)):
        n = rng.randint(3, 12)
        text = rng.choice(_ARTICLE_TITLES).format(n=n, topic=topic)
        text = text[0].upper() + text[1:]  # "USD/EUR" keeps its capitals
        if text not in world.headlines:
            break
    world.headlines.add(text)
    return text


def _venue_name(venue: str, ctx: RecordContext) -> str:
    """A venue's name: a civic one after its city, a business after a person (or its city, when the record
    lies in a known place: a hotel searched in Brisbane is no "Tabriz Hotel")."""
    rng = ctx.world.rng
    label = venue.capitalize()
    if venue not in _BUSINESSES:
        label = rng.choice(_VENUE_LABELS.get(venue, (label,)))
        return f"{ctx.place.city} {rng.choice(_CIVIC_WORDS)}{label}"
    last = _last_name(ctx)
    return rng.choice((f"{last}'s {label}", f"The {last} {label}", f"{label} {last}" if venue == "hotel" else
                       f"{last} {label}"))


#: The key of a record's values (``RecordContext.values``) that holds the name of the organisation it names: its
#: website is that organisation's (``generators._gen_url``).
ORGANISATION = "<organisation>"


def _business_name(f: FieldName, ctx: RecordContext) -> str:
    """The name of a business or a point of interest: a venue of the kind its API's words name ("Harper's Cafe"),
    else one named for what the call searched ("Vance Web Design" for "web design"), else a company's."""
    venue = next((w for w in _VENUES if w in f.context or f"{w}s" in f.context), None)
    if venue is not None:
        name = _venue_name(venue, ctx)
    elif ctx.topic and not ctx.drawn_topic and len(ctx.topic.split()) <= 3:
        name = f"{_last_name(ctx)} {ctx.topic.title() if ctx.topic.islower() else ctx.topic}"
    else:
        name = ctx.world.fake.company()
    ctx.values.setdefault(ORGANISATION, name)  # its website is on its own domain
    return name


#: The keys of a record's values (``RecordContext.values``) that hold its product's brand and what it is.
PRODUCT_BRAND = "<product brand>"
PRODUCT_KIND = "<product kind>"


def product_brand(ctx: RecordContext) -> str:
    """The brand of the product a record is, drawn once per record: its title ("Perez Ergonomic Chair") and its
    ``brand`` field say the same maker (the title was "Perez …", the brand "Thomas-Rodriguez")."""
    return ctx.values.setdefault(PRODUCT_BRAND, ctx.world.fake.last_name())


def _gen_title(f: FieldName, ctx: RecordContext) -> str | None:
    """A title by what the record is (an article, a job, a product, a recipe, a film or song); None when the
    context says nothing (a bare "label" is left out rather than filled with words)."""
    world, rng = ctx.world, ctx.world.rng
    if not _token_set(f.parent).isdisjoint(_PEOPLE_PARENTS | _PERSON_TITLE_PARENTS):
        return _gen_person(f, ctx)  # a video's ``author.title`` is its channel's name, not a video title
    if ctx.top and not f.parent and (owners := f.title & _PERSON_TITLE_PARENTS):
        # the result of "Get Channel Details" is the channel: its title is its name, drawn as a venue's when the
        # owner is one ("The Hughes Channel"); an artist's, an uploader's is a person's
        venue = next((w for w in _VENUES if w in owners), None)
        return _venue_name(venue, ctx) if venue is not None else _gen_person(f, ctx)
    topic = ctx.topic or rng.choice(TOPICS)
    own_venue = next((w for w in _VENUES if f.has(w)), None)
    if own_venue is not None and f.has("name"):  # venue_name of an event: a venue, not the event's title
        return _venue_name(own_venue, ctx)
    if f.named(*_TITLE_CONTEXT["achievement"]):
        return rng.choice(_ACHIEVEMENTS)
    if f.has(*_TITLE_FIELD["app"]) or f.named(*_TITLE_CONTEXT["app"]):
        return _title(_APP_TITLES, ctx, topic)
    if f.has(*_TITLE_FIELD["video"]) or f.named(*_TITLE_CONTEXT["video"]):
        if ctx.drawn_topic or not ctx.topic:
            return _title(_UNTOPICAL_VIDEOS, ctx, topic)
        return _title(_VIDEO_TITLES, ctx, topic)
    if (f.has(*_TITLE_FIELD["game"]) or f.named(*_TITLE_CONTEXT["game"])) and ctx.sport is None:
        # in a sports feed a game is a match: its stats, bookmakers and teams are no video game's
        return _title(_GAME_TITLES, ctx, topic)
    if f.has(*_TITLE_FIELD["song"]) or f.named(*_TITLE_CONTEXT["song"]):
        return _title(_SONG_TITLES, ctx, topic)
    if f.has(*_TITLE_FIELD["film"]) or f.named(*_TITLE_CONTEXT["film"]):
        return _title(_FILM_TITLES, ctx, topic)
    if f.named(*_TITLE_CONTEXT["job"]):
        return world.fake.job()
    if f.has(*_OUTLET_WORDS) and f.named(*_TITLE_CONTEXT["news_list"]):
        return f"The {ctx.world.home.city} {rng.choice(_NEWSPAPERS)}"
    if f.named(*_TITLE_CONTEXT["article"]):
        return _article_title(ctx, topic)
    if f.named(*_TITLE_CONTEXT["book"]):
        return _title(_BOOK_TITLES, ctx, topic)
    if f.named(*_TITLE_CONTEXT["product"]):
        brand = product_brand(ctx)  # one product per record: its names in several languages name one thing
        product = ctx.values.setdefault(PRODUCT_KIND, str(rng.choice(_PRODUCTS)))
        if ctx.topic and not ctx.drawn_topic:  # a search for "RTX" finds "Booker RTX", not a water bottle
            return f"{brand} {ctx.topic.title() if ctx.topic.islower() else ctx.topic}"
        return f"{brand} {product}"
    if f.named(*_TITLE_CONTEXT["recipe"]):
        return rng.choice(_DISHES)
    if f.named(*_TITLE_CONTEXT["event"]):
        if ctx.sport is not None:  # in a sports feed an event is a competition (an e-sports team's events are
            return competition_name(f, ctx)  # VCT Masters, not "Foshan Photography Festival")
        return f"{ctx.place.city} {topic.title()} Festival"
    if f.named(*_WORK) or f.has(*_TITLE_FIELD["title"]):
        if record_kind(f, ("work", "task")) == "task":  # a todo's title is a thing to do, not a novel's
            return ctx.world.rng.choice(_TASK_TITLES)
        if f.about(*_TITLE_ABOUT["video"]) and (ctx.drawn_topic or not ctx.topic):
            return _title(_UNTOPICAL_VIDEOS, ctx, topic)
        bank = _VIDEO_TITLES if f.about(*_TITLE_ABOUT["video"]) else _BOOK_TITLES if f.about(
            *_TITLE_ABOUT["book"]) else _FILM_TITLES if f.about(*_TITLE_ABOUT["film"]) else None
        if bank is not None:  # a title of no known kind of work is not one of a film ("A Summer in Toronto" as a
            return _title(bank, ctx, topic)  # stock index): the documented one is kept or the field left out
    venue = next((w for w in _VENUES if w in f.title or f"{w}s" in f.title), None)
    if venue is not None:  # a named place of the record's city: "Lisbon Station", "Osaka Museum"
        return _venue_name(venue, ctx)
    return None


def _gen_name(f: FieldName, ctx: RecordContext) -> str | None:
    """A bare ``name``: what it names comes from the enclosing key first (``country|isoName``,
    ``currency|name``), then the context (a city, a language, a team, a person)."""
    if f.has(*_FORMAT_WORDS):
        return None
    parent = set(name_tokens(f.parent))
    if parent & _NAME_PARENTS["country"]:
        return ctx.place.country
    if parent & _PEOPLE_PARENTS:  # a sender's or a signer's name is a person's, whatever the API is about
        return _gen_person(f, ctx)
    own = set(f.tokens) - {"name"}
    if (parent | own) & COMPETITION_KEYS:
        # ``league_name`` names a league even in a feed about teams (was "Quanzhou Rovers" as a league): a real
        # one of the API's sport and of the record's team (was "Karachi Cup" beside Arsenal)
        return competition_name(f, ctx)
    if names_team(f.parent) and (team := _team_name(f, ctx)) is not None:  # ``homeTeam.name``, ``team_A.name``
        return team
    if parent & _NAME_PARENTS["classification"]:
        return None  # a classification's name is documented or left out, never a drawn title
    if parent & _NAME_PARENTS["currency"]:
        return currency_name(ctx.place.currency)
    if parent & _NAME_PARENTS["language"] or parent & {"iso"} and f.about("language"):
        return language_name(ctx.place.languages[0])
    if parent & _NAME_PARENTS["city"]:
        return ctx.place.city
    venue = next((w for w in _BUSINESSES if w in f.title or f"{w}s" in f.title), None)
    if venue is not None and parent <= {venue, f"{venue}s", *_WRAPPERS}:
        # a hotel found in Soweto is "Hotel Moon", not "Soweto" (review 7)
        return _venue_name(venue, ctx)
    if f.about(*_NAME_CONTEXT["city"]):
        # a place with a street address and a phone or a website is a business, not its town ("San Francisco" twice
        # in a search of places nearby)
        return _business_name(f, ctx) if ctx.business else ctx.place.city
    if f.about(*_NAME_CONTEXT["country"]):
        return ctx.place.country
    if f.about(*_LANGUAGE_WORDS):
        return language_name(ctx.place.languages[0])
    if f.about(*_NAME_CONTEXT["currency"]):
        return currency_name(ctx.currency())
    if f.about(*_NAME_CONTEXT["team"]) and not parent and (team := _team_name(f, ctx)) is not None:
        return team
    if f.joined in _FULL_NAMES and f.about(*_WORK):  # a liker's ``full_name`` under a post: a person's, no headline
        return _gen_person(f, ctx)
    return _gen_title(f, ctx) or _resource_name(f, ctx)


#: A name's words joined that say a person's whole name (``field_words.full_names``).
_FULL_NAMES = loader.words("field_words", "full_names")


#: Things an owner names with a slug, and the slugs' first words (pack ``names``).
_NAMED_RESOURCES = loader.words("names", "named_resources")
_RESOURCE_NAME_WORDS = loader.ordered_words("names", "resource_name_words")


def _resource_name(f: FieldName, ctx: RecordContext) -> str | None:
    """The name of a resource its owner named (``queueName``: "billing-queue"; the bare ``name`` of "Create
    collection": "analytics-collection"), when no title fits; None for a name of anything else."""
    own = [t for t in f.tokens if t != "name"]
    thing = next((t for t in reversed(own) if t in _NAMED_RESOURCES), None)
    if thing is None and not own:  # a bare name: its parent's thing, else the one thing the API's name names
        parent = [t for t in name_tokens(f.parent) if t in _NAMED_RESOURCES]
        titled = sorted(t for t in f.title if t in _NAMED_RESOURCES)
        thing = parent[-1] if parent else titled[0] if len(titled) == 1 and not f.parent else None
    return None if thing is None else f"{ctx.world.rng.choice(_RESOURCE_NAME_WORDS)}-{thing}"


#: Enclosing keys whose ``name`` is a person's.
_PEOPLE_PARENTS = loader.words("people", "person_keys")


def _gen_person(f: FieldName, ctx: RecordContext) -> str:
    first, last = ctx.person
    return f"{first} {last}"
