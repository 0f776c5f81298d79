"""The website a tool's records link to (:func:`site_of`): a drawn link or picture of an undocumented field lies
there, not on a made-up domain (``https://www.meyer.com/explore/posts`` as an Amazon review's link).

The site is, in order: the hosts the API's documented example links to (pages and pictures apart); a domain the
tool's name or the API's description spells (``bringatrailer.com``); a platform the tool's name names (``web.platform_sites``:
``YouTube Search`` -> www.youtube.com); else the first two words of the tool's name as a domain,
less the words that name no site (``web.site_name_noise``: ``dev-amazon-scrapper`` -> amazon.com). Documented
hosts count when one holds at least half of the example's links; links to many sites (a search's results) leave
the tool no site of its own, and its links are made up as before. Hosts that are the API's endpoint
or a stand-in (``web.endpoint_hosts``: RapidAPI's proxy, example.com) are no site."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from faker.providers.company import Provider as CompanyProvider

from tooldial.dialogue.mockdata.paths import leaf_items
from tooldial.graph.urls import url_site
from tooldial.knowledge import loader

#: A link: its host and the rest of it (a picture's path ends in its file type).
_URL = re.compile(r"https?://([A-Za-z0-9][A-Za-z0-9.-]*\.[A-Za-z]{2,})(?=[/:?#\s\"']|$)([^\s\"']*)")
#: A picture's link ends in its file type (``media_files.picture_extensions``).
_PICTURE_EXTENSIONS = loader.ordered_words("media_files", "picture_extensions")
_PICTURE = re.compile(r"\.(?:" + "|".join(_PICTURE_EXTENSIONS) + r")(?:[?#]|$)", re.I)
#: A domain written in prose ("from bringatrailer.com"): letters, digits and hyphens, a dot, an ending of
#: ``web.domain_endings``.
_NAMED_DOMAIN = re.compile(r"(?<![\w@.-])((?:[a-z0-9-]+\.)+(?:" + "|".join(loader.ordered_words("web", "domain_endings"))
                           + r"))(?![\w-]|\.\w)", re.I)
_NOISE = loader.words("web", "site_name_noise")
_ENDPOINTS = tuple(re.compile(p, re.I) for p in loader.ordered_words("web", "endpoint_hosts"))
OWN_SITE_WORDS = loader.words("web", "own_site_words")
_PLATFORMS = loader.word_map("web", "platform_sites")


#: Words of an organisation's name its domain leaves out: joining words and Faker's company suffixes.
_ORG_NOISE = loader.words("web", "organisation_name_noise") | {
    w for suffix in CompanyProvider.company_suffixes for w in suffix.lower().split()}  # "and Sons": and, sons


def organisation_domain(name: str) -> str | None:
    """The domain an organisation's own website has by its name: its words less joining words and company suffixes
    (``web.organisation_name_noise``), joined, with ``.com`` ("Lopez, Cross and Whitney" → lopezcrosswhitney.com,
    "Curtis-Jones" → curtis-jones.com, "Harper's Cafe" → harperscafe.com); None for a name of no such word."""
    words = [w for w in re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", name.lower().replace("'", "")) if w not in _ORG_NOISE]
    return f"{''.join(words)}.com" if words else None


@dataclass(frozen=True, slots=True)
class Site:
    """Where a tool's records link: the host of its pages and the host of its pictures."""

    pages: str
    pictures: str


def site_of(tool: str, description: str, example: Any) -> Site | None:
    """The site of a tool's records (see the module's docstring) from its name, its API's description and that
    API's documented example; None when the example links to many sites or the name has no word to name one."""
    return _site_of(tool, description, _hosts_text(example))


def _hosts_text(example: Any) -> tuple[tuple[str, bool], ...]:
    """(host, whether a picture) of every link of a documented example, in order."""
    out = []
    for _, text in leaf_items(example):
        for m in _URL.finditer(text if isinstance(text, str) else ""):
            host = m.group(1).lower()
            if not any(p.search(host) for p in _ENDPOINTS):
                out.append((host, bool(_PICTURE.search(m.group(2)))))
    return tuple(out)


@lru_cache(maxsize=4096)
def _site_of(tool: str, description: str, hosts: tuple[tuple[str, bool], ...]) -> Site | None:
    pages = _main_host(h for h, picture in hosts if not picture)
    pictures = _main_host(h for h, picture in hosts if picture)
    if pages or pictures:
        page = pages[0][0] if pages else _www(pictures[0][0])
        return Site(page, pictures[0][0] if pictures else _pictures(page))
    if hosts:
        return None  # documented links to many sites (a search's results): links anywhere
    named = [d.lower() for d in _NAMED_DOMAIN.findall(f"{tool} {description}")
             if not any(p.search(d.lower()) for p in _ENDPOINTS)]
    if named:
        return Site(_www(named[0]), _pictures(named[0]))
    words = [w for w in re.findall(r"[a-z0-9]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", tool).lower())
             if w not in _NOISE and not re.fullmatch(r"v?\d+", w)]
    platform = next((str(_PLATFORMS[w]) for w in words if w in _PLATFORMS), None)
    if platform is not None:
        return Site(platform, _pictures(platform))
    if not words:
        return None
    name = "".join(words[:2])
    return Site(f"www.{name}.com", f"images.{name}.com")


def _main_host(hosts: Iterable[str]) -> list[tuple[str, int]]:
    """The host most links go to, when it holds at least half of them (a search's results link everywhere)."""
    counts = Counter(hosts)
    top = counts.most_common(1)
    return top if top and 2 * top[0][1] >= sum(counts.values()) else []


def _pictures(host: str) -> str:
    """The picture host of a site that documents none: ``images.`` and its registered domain (``open.spotify.com``
    -> ``images.spotify.com``, ``www.rightmove.co.uk`` -> ``images.rightmove.co.uk``); a page host serves no
    pictures."""
    return f"images.{url_site('https://' + host) or host}"


def _www(host: str) -> str:
    """A page host for a registered domain (``amazon.com`` -> ``www.amazon.com``); a host with a subdomain as is."""
    return host if host.count(".") > 1 else f"www.{host}"
