"""Titles and names of things a record describes: videos, songs, films, books, venues, people."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tooldial.dialogue.mockdata.fields import _FORMAT_WORDS, _WORK, _token_set, name_tokens
from tooldial.dialogue.mockdata.paths import _WRAPPERS
from tooldial.dialogue.mockdata.places import currency_name, language_name
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


def _venue_name(venue: str, ctx: RecordContext) -> str:
    """A venue's name: a civic one after its city, a business after a person (or its city, when the record
    lies in a known place: a hotel searched in Brisbane is no "Tabriz Hotel")."""
    rng = ctx.world.rng
    label = venue.capitalize()
    if venue not in _BUSINESSES:
        label = rng.choice(_VENUE_LABELS.get(venue, (label,)))
        return f"{ctx.place.city} {rng.choice(('', 'Central ', 'North ', 'South ', 'East ', 'West '))}{label}"
    last = _last_name(ctx)
    return rng.choice((f"{last}'s {label}", f"The {last} {label}", f"{label} {last}" if venue == "hotel" else
                       f"{last} {label}"))


def _gen_title(f: FieldName, ctx: RecordContext) -> str | None:
    """A title by what the record is (an article, a job, a product, a recipe, a film or song); None when the
    context says nothing (a bare "label" is left out rather than filled with words)."""
    world, rng = ctx.world, ctx.world.rng
    if not _token_set(f.parent).isdisjoint(_PEOPLE_PARENTS | {"channel", "artist", "uploader"}):
        return _gen_person(f, ctx)  # a video's ``author.title`` is its channel's name, not a video title
    topic = ctx.topic or rng.choice(TOPICS)
    own_venue = next((w for w in _VENUES if f.has(w)), None)
    if own_venue is not None and f.has("name"):  # venue_name of an event: a venue, not the event's title
        return _venue_name(own_venue, ctx)
    if f.named("achievement", "achievements", "badge", "badges", "trophy", "trophies"):
        return rng.choice(_ACHIEVEMENTS)
    if f.has("app", "apps", "feature", "features") or f.named("app", "apps", "application", "applications"):
        return _title(_APP_TITLES, ctx, topic)
    if f.has("video", "videos", "episode", "playlist", "podcast", "short", "shorts", "channel") or f.named(
            "video", "videos", "youtube", "playlist", "podcast", "shorts", "episode", "episodes"):
        if ctx.drawn_topic or not ctx.topic:
            return _title(_UNTOPICAL_VIDEOS, ctx, topic)
        return _title(_VIDEO_TITLES, ctx, topic)
    if f.has("game", "games") or f.named("game", "games"):
        return _title(_GAME_TITLES, ctx, topic)
    if f.has("album", "song", "track") or f.named("album", "albums", "song", "songs", "track", "tracks", "music"):
        return _title(_SONG_TITLES, ctx, topic)
    if f.has("movie", "film", "show", "series") or f.named("movie", "movies", "film", "films", "show", "shows"):
        return _title(_FILM_TITLES, ctx, topic)
    if f.named("job", "jobs", "position", "vacancy"):
        return world.fake.job()
    if f.has(*_OUTLET_WORDS) and f.named("article", "news", "articles", "stories", "headlines", "post", "posts"):
        return f"The {ctx.world.home.city} {rng.choice(('Herald', 'Times', 'Post', 'Gazette', 'Chronicle'))}"
    if f.named("article", "story", "news", "post", "headline", "blog", "articles", "stories", "posts"):
        text = rng.choice((f"{rng.randint(3, 12)} things to know about {topic}",
                           f"How {topic} is changing in {world.today.year}", f"A beginner's guide to {topic}"))
        return text[0].upper() + text[1:]  # "USD/EUR" keeps its capitals
    if f.named("book", "books", "course", "courses"):
        return _title(_BOOK_TITLES, ctx, topic)
    if f.named("product", "products"):
        brand, product = world.fake.last_name(), rng.choice(_PRODUCTS)
        if ctx.topic and not ctx.drawn_topic:  # a search for "RTX" finds "Booker RTX", not a water bottle
            return f"{brand} {ctx.topic.title() if ctx.topic.islower() else ctx.topic}"
        return f"{brand} {product}"
    if f.named("recipe", "recipes", "dish", "meal"):
        return rng.choice(_DISHES)
    if f.named("event", "events", "festival", "concert"):
        return f"{ctx.place.city} {topic.title()} Festival"
    if f.named(*_WORK) or f.has("title", "headline"):
        if f.about("video", "youtube", "channel") and (ctx.drawn_topic or not ctx.topic):
            return _title(_UNTOPICAL_VIDEOS, ctx, topic)
        return _title(_VIDEO_TITLES if f.about("video", "youtube", "channel") else _BOOK_TITLES if f.about(
            "book", "books", "course") else _FILM_TITLES, ctx, topic)
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
    if parent & {"country", "countries"}:
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
    if parent & {"sport", "sports", "category", "categories", "genre", "genres", "type", "types", "flag", "round",
                 "rounds", "season", "seasons", "status", "group", "groups", "stage", "stages"}:
        return None  # a classification's name is documented or left out, never a drawn title
    if parent & {"currency", "currencies"}:
        return currency_name(ctx.place.currency)
    if parent & {"language", "languages", "lang"} or parent & {"iso"} and f.about("language"):
        return language_name(ctx.place.languages[0])
    if parent & {"city", "cities", "location", "place"}:
        return ctx.place.city
    venue = next((w for w in _BUSINESSES if w in f.title or f"{w}s" in f.title), None)
    if venue is not None and parent <= {venue, f"{venue}s", *_WRAPPERS}:
        # a hotel found in Soweto is "Hotel Moon", not "Soweto" (review 7)
        return _venue_name(venue, ctx)
    if f.about("city", "cities", "location", "locations", "place", "places"):
        return ctx.place.city
    if f.about("country", "countries"):
        return ctx.place.country
    if f.about("language", "languages"):
        return language_name(ctx.place.languages[0])
    if f.about("currency", "currencies"):
        return currency_name(ctx.currency())
    if f.about("team", "club", "teams") and not parent and (team := _team_name(f, ctx)) is not None:
        return team
    return _gen_title(f, ctx)


#: Enclosing keys whose ``name`` is a person's.
_PEOPLE_PARENTS = loader.words("people", "person_keys")


def _gen_person(f: FieldName, ctx: RecordContext) -> str:
    first, last = ctx.person
    return f"{first} {last}"
