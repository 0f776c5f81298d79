"""URL values: the site a URL belongs to, an input that takes one site's URLs, a media file's URL that is no
page."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import cast

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.id_spaces import _alnum
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import word_map
from tooldial.knowledge.loader import words as knowledge_words


def url_site_named(source: Entity, target: Entity) -> str | None:
    """The site a target URL input takes when nothing of the source names it: ``tiktok.com`` for TikTok's ``Video
    by Url`` fed an Amazon review video. The target takes one site's URLs when its example's site is the one its
    tool or API is named for (an image API illustrated with a pixabay.com picture takes any image URL); the
    source's site is its example's, else its tool's and API's names."""
    t_site = url_site(target.example) or url_site(target.documented)
    if not t_site or t_site.split(".")[0] not in _alnum(target.api_id):
        return None
    s_site = url_site(source.example) or url_site(source.documented)
    if s_site:
        return None if s_site == t_site else t_site
    name = t_site.split(".")[0]
    return None if len(name) < 3 or name in _alnum(source.api_id) else t_site


_HOST = re.compile(r"https?://([^/\s:?#]+)", re.I)
#: Second-level labels a registered domain keeps under a country's (bbc.co.uk); words of an input of any medium.
_SECOND_LEVEL = knowledge_words("web", "second_level_domains")
_ANY_MEDIUM = knowledge_words("web", "any_medium_words")


def url_site(example: str) -> str | None:
    """The registered domain of an example URL (``rr5---sn.googlevideo.com`` → ``googlevideo.com``)."""
    m = _HOST.search(example or "")
    if not m:
        return None
    labels = m.group(1).lower().split(".")
    keep = 3 if len(labels) >= 3 and labels[-2] in _SECOND_LEVEL and len(labels[-1]) == 2 else 2
    return ".".join(labels[-keep:])


#: Record words of a media file, by medium: a URL under one of them is the file's, not a page's.
_MEDIA_KINDS = cast("Mapping[str, str]", word_map("media_files", "medium_by_word"))


def media_url_clash(source: Entity, target: Entity) -> str | None:
    """A URL of a media file (``channel|avatar|url``, ``floorplans|url``, ``audios|items|url``: the last media word
    of its path says which medium) into a URL input that names no such medium (its name, documentation and API
    name: ``stationUrl`` "Station URL.", ``subtitleUrl``, ``detail_url``): an image is no page of the site (fifth
    round, v7 errors). Returns the medium, else ``None``."""
    words = [singular(w) for part in source.key.split("|") for w in split_words(part)]
    medium = next((_MEDIA_KINDS[w] for w in reversed(words) if w in _MEDIA_KINDS), None)
    if medium is None:
        return None
    wants = {singular(w) for w in split_words(f"{target.raw or target.key} {target.documented} "
                                               f"{target.api_id.rsplit('|', 1)[-1]}")}
    named = {_MEDIA_KINDS[w] for w in wants if w in _MEDIA_KINDS}
    return None if medium in named or wants & _ANY_MEDIUM else medium
