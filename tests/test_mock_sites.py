"""The website a tool's records link to (``tooldial/dialogue/mockdata/sites.py``, pack ``web``): a drawn link or
picture lies on the tool's own site, not on a made-up domain."""

from __future__ import annotations

import random
import re

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.mockdata import build_result, leaf_items
from tooldial.dialogue.mockdata.sites import Site, site_of
from tooldial.knowledge import loader


def test_the_documented_hosts_are_the_site_pages_and_pictures_apart() -> None:
    example = {"items": [{"link": "https://www.zoopla.co.uk/for-sale/details/1", "img": "https://lid.zoocdn.com/a.jpg"},
                         {"link": "https://www.zoopla.co.uk/for-sale/details/2", "api": "https://zoopla.p.rapidapi.com/x"}]}
    assert site_of("zoopla", "", example) == Site("www.zoopla.co.uk", "lid.zoocdn.com")
    # no documented picture: pictures on the site's registered domain, not on its page host
    assert site_of("SpotiScrape", "", {"u": "https://open.spotify.com/artist/1"}) == Site(
        "open.spotify.com", "images.spotify.com")


def test_links_to_many_sites_leave_the_tool_no_site_of_its_own() -> None:
    """A search's results link everywhere: no host holds half of the documented links."""
    results = {"results": [{"url": f"https://www.site{i}.com/page"} for i in range(4)]}
    assert site_of("Google Search Results Scraper", "", results) is None


def test_a_site_from_the_documentation_a_platform_or_the_tools_name() -> None:
    assert site_of("BaT scraper", "Current auctions from bringatrailer.com.", None).pages == "www.bringatrailer.com"
    platforms = loader.word_map("web", "platform_sites")
    assert site_of("dev-amazon-scrapper", "", None).pages == platforms["amazon"]
    assert site_of("YouTube Search API v3", "", None).pages == platforms["youtube"]
    assert site_of("Trader Wagon", "", None) == Site("www.traderwagon.com", "images.traderwagon.com")
    assert site_of("Free Data API", "", None) is None  # only words that name no site
    # the API's own endpoint and a documentation stand-in are no site
    assert site_of("Trader Wagon", "", {"a": "https://traderwagon.p.rapidapi.com/x", "b": "https://example.com/y"}
                   ).pages == "www.traderwagon.com"


def _api(tool: str, example: object = None) -> Api:
    paths = (("reviews", "reviewUrl"), ("reviews", "avatar_url"), ("reviews", "website"), ("reviews", "title"))
    comps = tuple(OutputComponent(path=p, type="string", is_list=True) for p in paths)
    return Api(category="eCommerce", tool=tool, name="Get Product Reviews", description="Reviews of a product.",
               output_components=comps, example_response=example)


def test_a_drawn_link_is_a_page_of_the_tools_site_about_its_record() -> None:
    for seed in range(5):
        leaves = dict(leaf_items(build_result(_api("Easy Amazon Data Scraper"), random.Random(seed))["response"]))
        link = next(v for p, v in leaves.items() if p[-1] == "reviewUrl")
        assert re.fullmatch(r"https://www\.amazon\.com/review/[a-z0-9]{10}", link), link
        picture = next(v for p, v in leaves.items() if p[-1] == "avatar_url")  # a picture, on the pictures' host
        assert re.fullmatch(r"https://images\.amazon\.com/[0-9a-f]{12}\.jpg", picture), picture
        website = next(v for p, v in leaves.items() if p[-1] == "website")  # a record's own site is its own
        assert not website.startswith("https://www.amazon.com/")


def test_a_search_tools_links_stay_made_up() -> None:
    example = {"reviews": [{"reviewUrl": f"https://www.shop{i}.com/r/1"} for i in range(3)]}
    leaves = dict(leaf_items(build_result(_api("Review Finder", example), random.Random(1))["response"]))
    links = [v for p, v in leaves.items() if p[-1] == "reviewUrl"]
    assert links and not any("reviewfinder" in v for v in links)


def test_an_id_of_a_platforms_record_takes_the_platforms_form():
    # review 4511: YouTube video ids were "16588436"
    import random as _random
    import re as _re

    from tooldial.corpus.models import Api as _Api
    from tooldial.corpus.models import OutputComponent as _Out
    from tooldial.dialogue.mockdata import build_result as _build

    api = _Api(category="Data", tool="Youtube Search", name="Channel Videos", description="Videos of a channel",
               output_components=(_Out(path=("videos", "video_id"), is_list=True, list_at=("videos",)),
                                  _Out(path=("videos", "channel_id"), is_list=True, list_at=("videos",)),
                                  _Out(path=("videos", "comment_id"), is_list=True, list_at=("videos",))))
    for seed in range(4):
        for video in _build(api, _random.Random(seed), records=2)["response"]["videos"]:
            assert _re.fullmatch(r"[A-Za-z0-9_-]{11}", video["video_id"]), video
            assert _re.fullmatch(r"UC[A-Za-z0-9_-]{22}", video["channel_id"]), video
            assert not _re.fullmatch(r"UC[A-Za-z0-9_-]{22}|[A-Za-z0-9_-]{11}", video["comment_id"])  # no form known
    other = _Api(category="Data", tool="Video Catalog", name="Videos", description="Videos",
                 output_components=(_Out(path=("videos", "video_id"), is_list=True, list_at=("videos",)),))
    assert _re.fullmatch(r"\d+", _build(other, _random.Random(0), records=1)["response"]["videos"][0]["video_id"])
