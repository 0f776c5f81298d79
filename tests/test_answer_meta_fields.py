"""The final answer reports what the call was for before fields about the call itself (server time, credits, a
more-pages flag, a count of returned items, a paging token); those only when nothing else is there."""

from __future__ import annotations

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.answer_fields import answer_fields


def _api(name: str, description: str, params: tuple[str, ...] = ("id",)) -> Api:
    return Api(category="Data", tool="tool", name=name, description=description,
               required_parameters=tuple(Parameter(name=p) for p in params))


def _keys(api: Api, result: dict) -> list[str]:
    return [key for key, _, _ in answer_fields(api, result)]


def test_server_time_and_credits_give_way_to_the_records():
    api = _api("Finance Cash", "You can get all current and historical cash of stock")
    result = {"code": 200, "info": {"credit_count": 115, "server_time": "10:45"}, "status": "true",
              "response": [{"duration": "113", "symbol": "AAPL"}, {"duration": "66", "symbol": "MSFT"}]}
    keys = _keys(api, result)
    assert keys and not {"info|server_time", "info|credit_count"} & set(keys)
    assert any(key.endswith("symbol") for key in keys)


def test_paging_flags_and_counts_give_way_to_the_users():
    api = _api("user-search", "Get user search results of keyword", ("q",))
    result = {"num_results": 2, "has_more": "true", "rank_token": "aab7388686be7fc5",
              "users": [{"full_name": "Anna Berg"}, {"full_name": "Bob Cole"}]}
    assert _keys(api, result) == ["users|full_name"]


def test_meta_fields_are_said_when_nothing_else_is_there():
    api = _api("user-search", "Get user search results of keyword", ("q",))
    assert "num_results" in _keys(api, {"num_results": 5, "has_more": "true", "users": {"flags": [
        {"following": "true"}, {"following": "false"}]}})
    # a status that only says the call went through is no answer: the job is reported as done (session 15)
    assert _keys(_api("CreateJob", "Encode the specified video"), {"status": "success"}) == []
    assert _keys(_api("CreateJob", "Encode the specified video"), {"status": "queued"}) == ["status"]


def test_a_paging_token_and_a_next_link_are_no_answer():
    lookup = _api("Search Songs", "Search songs by title", ("title",))
    assert _keys(lookup, {"next_page_token": "Zx81", "songs": [{"title": "Yellow"}]}) == ["songs|title"]
    assert _keys(lookup, {"next": "page 2", "songs": [{"title": "Yellow"}, {"title": "Fix You"}]}) == ["songs|title"]


def test_a_text_flag_names_nothing_when_the_result_has_more():
    api = _api("Store Details", "Get the details of a store")
    keys = _keys(api, {"name": "Corner Books", "is_open": "true"})
    assert keys == ["name"]


def test_a_lone_flag_or_status_is_still_said():
    api = _api("Check Username", "Check whether a username is taken", ("username",))
    assert _keys(api, {"status": "false"}) == ["status"]


def test_a_numeric_code_of_a_type_or_gender_is_no_answer_unless_the_goal_names_it():
    api = _api("TeamDetails", "Get the details of a rugby team")
    keys = _keys(api, {"team": {"name": "Leinster", "type": 0, "gender": 1, "teamType": 2,
                                "manager": {"name": "Leo Cullen"}}})
    assert not {"team|type", "team|gender", "team|teamType"} & set(keys) and "team|name" in keys
    assert "team|type" in _keys(api, {"team": {"name": "Leinster", "type": "club"}})  # a word is no code
    typed = _api("TeamType", "Get the type of a team")  # the goal names the field: the code is the answer
    assert "team|type" in _keys(typed, {"team": {"name": "Leinster", "type": 0}})


def test_a_pictures_width_and_height_give_way_to_the_records():
    """"the widths are 120, 64, 300 and 640" answered a list of an artist's playlists (sample 7013): a picture's side
    is about the picture; said only when the goal asks for a size."""
    api = _api("List Artist Playlists", "List the playlists of an artist", ("artistId",))
    result = {"playlists": {"items": [
        {"name": "Acoustic Evenings", "followers": 1200, "images": [{"width": 640, "height": 640}]},
        {"name": "Road Trip", "followers": 87, "images": [{"width": 300, "height": 300}]}]}}
    keys = _keys(api, result)
    assert "playlists|items|name" in keys
    assert not {"playlists|items|images|width", "playlists|items|images|height"} & set(keys)
    sized = _api("Image info", "Get the width and height of an image", ("url",))
    assert "image|width" in _keys(sized, {"image": {"width": 640, "height": 480, "format": "png"}})


def test_a_picture_is_known_by_its_record_not_only_by_a_name_above_it():
    """A cover's ``sources[]`` and a video's ``thumbnails.default`` hold a link, a width and a height: a picture's
    size, whatever the key above says ("the widths are 300, 64, 564" answered an artist's albums, sample 2203). A
    ``pdf_url`` beside a page's width is no picture."""
    api = _api("Artist appears on", "Get the albums an artist appears on", ("id",))
    result = {"items": [{"name": "DHURATA", "coverArt": {"sources": [
        {"url": "https://i.scdn.co/image/ab67616d", "width": 300, "height": 300}]}},
        {"name": "Sunrise", "coverArt": {"sources": [{"url": "https://i.scdn.co/image/cd12", "width": 64,
                                                      "height": 64}]}}]}
    keys = _keys(api, result)
    assert "items|name" in keys and not any(k.endswith(("width", "height")) for k in keys)
    render = _api("Render", "Render a PDF page and its size", ("id",))
    assert "width" in _keys(render, {"pdf_url": "https://x.example.org/r.pdf", "width": 8.5, "height": 11})


def test_a_price_sign_and_a_frameworks_bookkeeping_name_no_record():
    """"₹ with 3.3 stars" named two ads by their price's sign; "the typename is ContextEpisodePage" answered a list
    of episodes. A currency's symbol in a list of currencies still names it."""
    ads = _api("Get Amazon Search Results", "Get the search results of a product on Amazon", ("query",))
    result = {"ads": [{"title": "MacBook Pro 14", "stars": 4.1, "price_symbol": "$", "price": 1999},
                      {"title": "MacBook Air", "stars": 4.6, "price_symbol": "$", "price": 999}]}
    assert not any(k.endswith("price_symbol") for k in _keys(ads, result))
    assert not any(k.endswith("price_symbol") for k in _keys(ads, {"ads": [
        {"stars": 4.1, "price_symbol": "$"}, {"stars": 3.3, "price_symbol": "€"}]}))
    episodes = _api("Podcast Episodes", "Get the episodes of a podcast", ("id",))
    result = {"episodes": {"__typename": "ContextEpisodePage", "items": [
        {"__typename": "Episode", "name": "How Aluminium Works"}, {"__typename": "Episode", "name": "Tides"}]}}
    assert _keys(episodes, result) == ["episodes|items|name"]
    coins = _api("List currencies", "List the supported currencies", ())
    assert "currencies|symbol" in _keys(coins, {"currencies": [{"symbol": "ETH", "code": 94}, {"symbol": "BTC",
                                                                                               "code": 7}]})


def test_a_successful_calls_error_code_is_no_answer():
    api = _api("Face Analyzer", "Rate the beauty of a face", ("image",))
    assert _keys(api, {"error_code": 0, "request_id": "r1", "data": {"beauty": 71.2}}) == ["data|beauty"]
    assert "error_code" in _keys(_api("Error codes", "Look up an error code", ()), {"error_code": 0})
    assert _keys(api, {"error_code": 65, "request_id": "r1"}) == ["error_code"]  # a failure's code is news
    assert "errors|errorCode" in _keys(api, {"errors": [{"errorCode": "Validation", "path": "address"}]})


def test_a_records_own_status_is_news_the_calls_is_not():
    """An e-mail's ``status: invalid`` is the verification's verdict; ``status`` beside the result, or under its
    wrapper (``data``), is how the call went."""
    api = _api("EmailVerifier", "Verify the deliverability of an email address.", ("email",))
    result = {"status": "success", "email": {"status": "invalid", "score": 27}}
    assert "email|status" in _keys(api, result) and "status" not in _keys(api, result)
    assert _keys(api, {"data": {"status": "active", "score": 3}}) == ["data|score"]


def test_a_goal_about_a_picture_is_answered_with_its_link():
    """"View Profile Picture" asks for the picture: its link is the answer, not only the follower count."""
    api = _api("View Profile Picture", "View the HD profile picture of an instagram user.", ("username",))
    result = {"username": "instagram", "followers": 1637301, "profile_picture_url": "https://cdn.example.org/p.jpg"}
    assert _keys(api, result)[0] == "profile_picture_url"


def test_a_page_size_beside_its_page_is_no_answer_but_a_size_is():
    api = _api("NPM Search", "Search and query NPM packages", ("query",))
    paged = {"query": "react", "page": 1, "pages": 1, "size": 25,
             "results": [{"packageUrl": "https://npm.example/p/a", "author": "Jo Lee", "versionPublishDate": "2025-09-16"}]}
    assert "size" not in _keys(api, paged) and _keys(api, paged)
    shoe = _api("Get Shoe", "Get a shoe's details", ("id",))
    assert "size" in _keys(shoe, {"name": "Trail Runner", "size": 42, "colour": "blue"})
