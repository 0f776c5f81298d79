"""Sports records: league tables whose games and points add up, match scores, team names."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tooldial.dialogue.mockdata.fields import FieldName, _is_standing, name_tokens
from tooldial.dialogue.mockdata.paths import as_number
from tooldial.dialogue.mockdata.places import Place, lookup_places, places
from tooldial.dialogue.mockdata.rule_fixes import world_fix
from tooldial.knowledge import loader

if TYPE_CHECKING:
    from tooldial.corpus.models import Api
    from tooldial.dialogue.mockdata.world import RecordContext


@dataclasses.dataclass(frozen=True)
class Team:
    """A real team of the ``teams`` pack: its sport, league (or region), country (ISO alpha-2), short code, city."""

    name: str
    sport: str
    league: str
    country: str
    code: str
    city: str


#: Words of an API that say which sport it is about, by sport; words that name one league (``teams`` pack).
_SPORT_CUES = {sport: tuple(cues) for sport, cues in loader.word_map("teams", "sport_cues").items()}
_LEAGUE_CUES = loader.word_map("teams", "league_cues")


#: Words of an API about a sport of athletes (tennis, MMA): it names no team (``competitions`` pack).
_SOLO_CUES = {sport: tuple(cues) for sport, cues in loader.word_map("competitions", "solo_sport_cues").items()}


#: Words of an API's category, tool or name that say it is about sports without naming one (``teams`` pack).
_SPORTS_WORDS = loader.words("teams", "sports_words")


#: The real teams of each sport (``teams`` pack, ``teams_<sport>``), in the file's order.
_TEAMS: dict[str, tuple[Team, ...]] = {
    sport: tuple(Team(name, sport, *row) for name, row in loader.word_map("teams", f"teams_{sport}").items())
    for sport in _SPORT_CUES}


#: A league's sport (a league cue names its sport too).
_LEAGUE_SPORT = {team.league: sport for sport, teams in _TEAMS.items() for team in teams}


#: The sport of a sports API that names none (its category or name says "sports": :func:`api_sport`).
DEFAULT_SPORT = "football"


def _words(text: str) -> str:
    """``text`` as lower-case words between spaces, twice: split at every non-letter (``LoL_Stats`` → ``lol
    stats``), then by the name tokenizer (``ESportApi`` → ``esport api``), so a cue matches either way; a glued
    "api" is split off first (``rugbyapi2`` → ``rugby api2``)."""
    text = _GLUED_API.sub(r" \1", text)  # a tool named "rugbyapi2" or "cricketapi" is about rugby, cricket
    plain = " ".join(w for w in re.split(r"[^0-9a-z]+", text.lower()) if w)
    return f" {plain} | {' '.join(name_tokens(text))} "


#: An "api" glued to the end of a word of a tool's name (``rugbyapi2``, ``mmaapi``), a version number after it.
_GLUED_API = re.compile(r"(?i)(?<=[a-z])(apis?\d*)\b")


@lru_cache(maxsize=4096)
def sport_of(*texts: str) -> tuple[str | None, str | None]:
    """The sport and league (None when not named) that the first of ``texts`` naming one is about: in it, the
    earliest cue wins (a longer cue, then a league, on a tie): "OddsBeta Fancy (Cricket + All Sports)" is
    cricket, "NBA Stats" is basketball's NBA."""
    for text in texts:
        words = _words(text)
        hits = [(pos, -len(cue), 0, _LEAGUE_SPORT.get(str(league)), str(league))
                for cue, league in _LEAGUE_CUES.items() if (pos := words.find(f" {cue} ")) >= 0]
        hits += [(pos, -len(cue), 1, sport, None) for sport, cues in (*_SPORT_CUES.items(), *_SOLO_CUES.items())
                 for cue in cues if (pos := words.find(f" {cue} ")) >= 0]
        if hits:
            _, _, _, sport, league = min(hits, key=lambda h: h[:3])
            return sport, league
    return None, None


def api_sport(api: Api) -> tuple[str | None, str | None]:
    """The sport and league an API is about: the one its words name (:func:`sport_of`), else football when its
    category, tool or name says "sports" without naming one (a ``livescore`` tool); else (None, None): a
    project tool's ``team`` is a work team and a signing tool's no football club."""
    told = sport_of(api.tool, api.name, api.description, api.tool_description, api.category)
    if told[0] is not None:
        return told
    said = {w for text in (api.category, api.tool, api.name) for w in name_tokens(text or "")}
    return (DEFAULT_SPORT, None) if said & _SPORTS_WORDS else (None, None)


@lru_cache(maxsize=1)
def _places_by_country() -> dict[tuple[str, str], Place]:
    """The mock world's places by (city, country code), and each country's first place by ("", code)."""
    out: dict[tuple[str, str], Place] = {}
    for place in (*places(), *lookup_places()):
        out.setdefault((place.city, place.country_code), place)
        out.setdefault(("", place.country_code), place)
    return out


def team_place(team: Team) -> Place | None:
    """Where a record about ``team`` lies: its home city in its country; else the place of its country's
    capital (else of its first city) under the home city's name; None for a country the world has no place in."""
    index = _places_by_country()
    home = index.get((team.city, team.country))
    if home is not None:
        return home
    from tooldial.dialogue.mockdata.countries import country_info

    capital = str(country_info().get(team.country, {}).get("capital") or "")
    other = index.get((capital, team.country)) or index.get(("", team.country))
    return dataclasses.replace(other, city=team.city) if other is not None else None


def draw_team(f: FieldName, ctx: RecordContext) -> Team | None:
    """A real team of the sport the field's path or else the API is about (:func:`api_sport`); None when that is
    no team sport (a fighter's gym, a project's work team) or no sport at all.

    A record's teams differ (home and away); they are, where the pack allows, of the record's country (a record
    that lies in Spain names Spanish clubs), teams the dialogue has not named yet (a league table's rows
    differ), of one league (the record's first team's, else the league the API names, else the dialogue's first
    team's). A record with no place yet lies where its first team plays: its city, country and time zone are
    the team's."""
    sport, league = sport_of(f.parent)
    if sport is None:
        sport, league = ctx.sport, ctx.league
    pool = _TEAMS.get(sport or "")
    if not pool:
        return None
    by_name = {t.name: t for t in pool}
    taken = [by_name[n] for n in ctx.teams if n in by_name]
    seen = [by_name[n] for n in ctx.world.teams if n in by_name]
    league = taken[0].league if taken else league or (seen[0].league if seen else None)
    country = ctx._place.country_code if ctx._place is not None else None
    candidates = [t for t in pool if t.name not in ctx.teams] or list(pool)
    for keep in (lambda t: t.country == country, lambda t: t.name not in ctx.world.teams,
                 lambda t: t.league == league):
        narrowed = [t for t in candidates if keep(t)]
        candidates = narrowed or candidates
    team = ctx.world.rng.choice(candidates)
    ctx.teams.append(team.name)
    ctx.world.teams.append(team.name)
    if ctx._place is None:
        ctx._place = team_place(team)
    return team


def _team_name(f: FieldName, ctx: RecordContext) -> str | None:
    """The team of the field's own team record (:func:`own_team`) when the field is its name (``name``,
    ``teamName``), else a new one of the record (``match_awayteam_name`` beside ``match_hometeam_name``); None
    where the API is about no team sport."""
    own = ctx.values.get("<team>")
    if own and set(f.tokens) <= _OWN_NAME:
        return own
    team = draw_team(f, ctx)
    return team.name if team is not None else None


#: Words of a field that is a team record's own name (``teamName``, ``full_name``; ``teams`` pack).
_OWN_NAME = loader.words("teams", "own_name")


#: Keys of a record's team (``homeTeam``, ``away_team``, ``club``, ``opponent``; ``teams`` pack).
TEAM_KEYS = loader.words("teams", "team_keys")


def names_team(key: str) -> bool:
    """Whether ``key`` names a team (a word of :data:`TEAM_KEYS`, or one ending in ``team``: ``hometeam``)."""
    return any(t in TEAM_KEYS or t.endswith("team") for t in name_tokens(key))


def has_team_name(keys: Iterable[str]) -> bool:
    """Whether a record with these keys names a team (``name``, ``team_name``, ``match_hometeam_name``): a list of
    such records, keyed by a team word, lists teams or their matches; ``team_id`` and ``city_name`` name none."""
    return any(set(name_tokens(k)) <= _OWN_NAME or "name" in name_tokens(k) and names_team(k) for k in keys)


def own_team(ctx: RecordContext, key: str) -> None:
    """Draw the team of a record that is a team (an item of ``teams``, the value of ``homeTeam``) before its
    fields, so that a country written before the team's name is the team's; a team of another country than the
    record's (the sport has no team there) takes the record to its own place."""
    team = draw_team(FieldName(key), ctx)
    if team is None:
        return  # no team sport: the record is no sports team's
    ctx.values["<team>"] = team.name
    if ctx._place is not None and ctx._place.country_code != team.country:
        ctx._place = team_place(team) or ctx._place


def team_context(ctx: RecordContext, key: str, place: Place | None) -> RecordContext:
    """The context of a team's own sub-record (``homeTeam``: {name, country}): it lies where its team
    plays (``place``: the record's place before any team was drawn, else the team's), not where the other team
    does; the record's teams stay one list, so home and away differ. Any other key: ``ctx`` itself."""
    if not names_team(key):
        return ctx
    own = dataclasses.replace(ctx, _place=place, _person=None, currencies=[], values={})
    own_team(own, key)
    return own


def _gen_match_score(f: FieldName, ctx: RecordContext) -> str | None:
    if f.has("penalty", "extra"):
        return None  # most matches end in normal time: no extra-time or penalty score
    return str(ctx.world.rng.choice((0, 0, 1, 1, 1, 2, 2, 3, 4)) if not f.has("halftime", "ht") else
               ctx.world.rng.choice((0, 0, 1, 1, 2)))


_STANDING_ROLE = loader.word_map("sports", "standing_role")


def standing_groups(record: dict[str, Any]) -> dict[tuple[str, ...], dict[str, str]]:
    """A league table row's columns by table (``overall_league``, ``home_league``): role (W, D, L, P, N, GF, GA,
    GD, POS) -> key."""
    out: dict[tuple[str, ...], dict[str, str]] = {}
    for key, value in record.items():
        if isinstance(value, dict | list) or not key[-1:].isalpha() and not key[-1:].isdigit():
            continue
        f = FieldName(key, "number")
        if f.tokens and f.tokens[-1] in _STANDING_ROLE and _is_standing(f) and as_number(value) is not None:
            out.setdefault(f.tokens[:-1], {})[_STANDING_ROLE[f.tokens[-1]]] = key
    return out


def _rank_tables(node: Any) -> None:
    """A league table lists its rows by points, and each table's positions count 1, 2, ... by its points."""
    if isinstance(node, dict):
        for value in node.values():
            _rank_tables(value)
        return
    if not isinstance(node, list) or not node or not all(isinstance(r, dict) for r in node):
        for value in node if isinstance(node, list) else ():
            _rank_tables(value)
        return
    world_fix("rows", "fix_names")(node)
    groups = [standing_groups(r) for r in node]
    tables = [t for t, g in groups[0].items() if "P" in g]
    if not tables:
        return
    main = next((t for t in tables if "overall" in t), tables[0])
    order = sorted(range(len(node)), key=lambda i: -(as_number(node[i].get(groups[i].get(main, {}).get("P", ""))) or 0))
    node[:] = [node[i] for i in order]
    groups = [groups[i] for i in order]
    for table in tables:
        ranked = sorted(range(len(node)), key=lambda i: -(as_number(node[i].get(groups[i].get(table, {}).get("P", "")))
                                                           or 0))
        for position, i in enumerate(ranked, 1):
            key = groups[i].get(table, {}).get("POS")
            if key is not None:
                node[i][key] = str(position) if isinstance(node[i][key], str) else position


#: Competitions of sports whose records name no team's league, the competition a region-like league stands for,
#: the words of a city-named one and where a competition is held (``competitions`` pack).
_SPORT_COMPETITIONS = loader.word_map("competitions", "sport_competitions")
_LEAGUE_COMPETITIONS = loader.word_map("competitions", "league_competitions")
_REGIONS = loader.words("competitions", "regions")
_FALLBACK_WORDS = loader.ordered_words("competitions", "fallback_words")
_COMPETITION_COUNTRIES = loader.word_map("competitions", "competition_countries")


#: Words of a key that names a competition (``league_name``, ``tournament|name``; ``competitions`` pack).
COMPETITION_KEYS = loader.words("competitions", "competition_keys")


def competitions_of_league(sport: str, league: str) -> tuple[str, ...]:
    """The competitions a team of ``league`` plays in, by name: the league itself ("Premier League"), the one it
    stands for ("Korea" → LCK), or its sport's competitions when it is a region ("Europe" in e-sports)."""
    if league in _LEAGUE_COMPETITIONS:
        return tuple(_LEAGUE_COMPETITIONS[league])  # type: ignore[arg-type]
    if league in _REGIONS:
        return tuple(_SPORT_COMPETITIONS.get(sport, ()))  # type: ignore[arg-type]
    return (league,)


@lru_cache(maxsize=1)
def _competitions() -> dict[str, tuple[tuple[str, str], ...]]:
    """Each sport's competitions with their country ("" where none): its teams' leagues (a league's country is
    that of three in four of its teams or more) in the pack's order, then its own competitions."""
    out: dict[str, dict[str, str]] = {}
    for sport, teams in _TEAMS.items():
        by_league: dict[str, list[str]] = {}
        for team in teams:
            by_league.setdefault(team.league, []).append(team.country)
        for league, countries in by_league.items():
            top = max(set(countries), key=countries.count)
            for name in competitions_of_league(sport, league):
                home = str(_COMPETITION_COUNTRIES.get(name, top if countries.count(top) * 4 >= len(countries) * 3
                                                      and league not in _REGIONS else ""))
                out.setdefault(sport, {}).setdefault(name, home)
    for sport, names in _SPORT_COMPETITIONS.items():
        for name in names:  # type: ignore[union-attr]
            out.setdefault(sport, {}).setdefault(str(name), str(_COMPETITION_COUNTRIES.get(str(name), "")))
    return {sport: tuple(names.items()) for sport, names in out.items()}


def competition_name(f: FieldName, ctx: RecordContext) -> str:
    """A real competition of the sport the field's path or else the API is about: the league of a team the
    record already names (Arsenal's Premier League), else the league the API names, else one of the record's
    country (a record in Spain names La Liga), else any of the sport's. A record with no place yet lies in the
    competition's country, and its teams drawn after are of that league. Only where no sport can be told is it a
    made-up one after the record's city ("Lisbon Open")."""
    sport, league = sport_of(f.parent)
    if sport is None:
        sport, league = ctx.sport, ctx.league
    rng = ctx.world.rng
    if sport is None or sport not in _competitions():
        return f"{ctx.place.city} {rng.choice(_FALLBACK_WORDS)}"
    known = {t.name: t for t in _TEAMS.get(sport, ())}
    team = next((known[n] for n in ctx.teams if n in known), None)
    pool = _competitions()[sport]
    if team is not None:
        league = team.league
    named = competitions_of_league(sport, league) if league else ()
    country = ctx._place.country_code if ctx._place is not None else None
    candidates = [c for c in pool if c[0] in named] or [c for c in pool if c[1] and c[1] == country] or list(pool)
    name, home = rng.choice(candidates)
    if ctx._place is None and home:
        ctx._place = _places_by_country().get(("", home))
    if name in _LEAGUE_SPORT and _LEAGUE_SPORT[name] == sport:
        ctx.league = name  # the record's teams drawn after it play in it
    return name


@lru_cache(maxsize=1)
def known_competitions() -> dict[str, str]:
    """Every competition of the packs by its lower-case name or league cue ("epl"), with its name as written: a
    record's competition the packs know is a real one, one they do not (a friendly, a cup of the API's own) is
    never judged."""
    out = {name.lower(): name for pool in _competitions().values() for name, _ in pool}
    out.update({cue: str(league) for cue, league in _LEAGUE_CUES.items() if str(league).lower() in out})
    return out


def teams_named(value: Any) -> tuple[Team, ...]:
    """The pack's teams named ``value`` exactly (``Italy`` plays volleyball and rugby)."""
    return tuple(t for teams in _TEAMS.values() for t in teams if t.name == value) if isinstance(value, str) else ()
