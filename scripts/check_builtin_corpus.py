#!/usr/bin/env python
"""Sanity-check the embedded corpus (tooldial/data/builtin/) and its labelled chain file.

Reads the raw ToolBench-format tool files, so it works without the corpus loader, and checks:

* every file parses, has ``category_name``/``tool_name``/``tool_description``/``api_list`` and lies in
  ``<Category>/<tool_name>.json``; tool names are snake_case; API ids (``Category|tool|api``) are unique;
* every parameter has a type, a description and a ``default`` example; every schema property has a description;
* every example response conforms to its schema: same keys at every level, JSON types matching, arrays of
  objects with at least two records;
* every row of ``builtin_chains.jsonl`` names existing APIs, an existing output path (``a|b``, arrays transparent)
  of the source and a *required* input of the target; no duplicate rows, no pair labelled both ways;
* the design minimums (APIs, domains, APIs without inputs, list-returning APIs, chains, chain sources, negatives).

Prints a summary; exits 1 when any check fails.  ``python scripts/check_builtin_corpus.py [--json] [--retrieval]``
(``--retrieval`` also embeds the API descriptions and scores a small set of clear user queries against them.)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "tooldial" / "data"

MINIMUMS = {
    "apis": 160,
    "domains": 16,
    "apis_without_required_inputs": 25,
    "list_returning_apis": 40,
    "valid_chains": 60,
    "chain_source_apis": 45,
    "negative_chains": 30,
}
JSON_TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool,
              "object": dict, "array": list}
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")

#: Clear user queries, one per API, for the retrieval sanity check (``--retrieval``). The first set was used
#: while revising the API descriptions into plain user language; the held-out set was written afterwards and
#: never used to edit a description.
TUNING_QUERIES = {
    "Music|radio_hub|Station Playlist": "What songs has this radio station been playing recently?",
    "Music|tune_atlas|Track Lyrics": "Can you show me the lyrics of this song?",
    "Music|tune_atlas|Artist Albums": "Which albums has this band released?",
    "Weather|sky_cast|Current Weather": "What is the weather like right now in my city?",
    "Weather|sky_cast|Air Quality Index": "How polluted is the air here today? I want the air quality index.",
    "Hotels|stay_finder|Hotel Reviews": "What do guests say about this hotel in their reviews?",
    "Hotels|stay_finder|Search Hotels": "Find me a hotel in the city for my check-in and check-out dates.",
    "Restaurants|table_scout|Restaurant Menu": "What dishes are on the menu at this restaurant?",
    "Restaurants|table_scout|Restaurants Nearby": "Are there any good restaurants near me?",
    "Flights|sky_route|Search Flights": "I need to find flights between two airports on a specific date and compare their prices.",
    "Flights|sky_route|Flight Seat Map": "Show me which seats are still free on this flight.",
    "Transportation|metro_link|Stop Departures": "When does the next bus leave from this stop?",
    "Transportation|wheel_share|Bike Docks Nearby": "Where can I rent a shared bike near me?",
    "Location|geo_locator|Geocode Address": "What are the coordinates of this street address?",
    "Location|country_atlas|Public Holidays": "Which public holidays does my country have this year?",
    "Movies|film_vault|Movie Cast": "Who are the actors in this movie?",
    "Movies|stream_guide|Streaming Availability": "Where can I stream this movie in my country?",
    "Movies|showtime_finder|Cinema Showtimes": "What movies are showing at this cinema tonight?",
    "Books|shelf_index|Search Books": "I'm looking for books on a subject, can you search the book catalogue for me?",
    "Books|city_libraries|Library Copy Availability": "Does my local library have a copy of this book available?",
    "Food|recipe_box|Recipe Nutrition Facts": "How many calories per serving does this recipe have?",
    "Food|recipe_box|Search Recipes by Ingredient": "Give me some recipes I can cook with an ingredient I have at home.",
    "Events|ticket_nest|Event Ticket Prices": "How much do tickets for this concert cost?",
    "Events|ticket_nest|Artist Tour Dates": "When is this band touring and where are the concerts?",
    "Finance|market_pulse|Stock Quote": "What is the current stock price of this company?",
    "Finance|fx_desk|Convert Currency": "How much is an amount of money worth in another currency?",
    "Crypto|coin_ledger|Coin Price": "What is the price of this cryptocurrency right now?",
    "Crypto|block_scan|Wallet Balance": "How much crypto is in my wallet address?",
    "Sports|league_live|League Standings": "Show me the league table of a football league for this season.",
    "Sports|league_live|Team Squad": "Which players are in this football team's squad?",
    "Gaming|game_shelf|Game Store Deals": "Where can I buy this video game cheapest?",
    "Gaming|arena_stats|Gamer Match History": "Show the recent multiplayer matches of this gamer.",
    "News|headline_wire|Top Headlines": "What are today's top news headlines?",
    "News|local_gazette|Local News for City": "What's happening in the local news of my city?",
    "eCommerce|shop_grid|Product Customer Reviews": "What do customers say about this product in their reviews?",
    "eCommerce|parcel_trail|Track Parcel": "Where is my parcel? I have the tracking number.",
    "Real_Estate|home_finder|Search Property Listings": "I'm looking for an apartment or house to rent or buy in my city.",
    "Real_Estate|mortgage_desk|Today's Mortgage Rates": "What are mortgage interest rates today?",
    "Jobs|career_board|Search Jobs": "Find job openings for my skills in the city where I live.",
    "Jobs|pay_scale|Salary Estimate": "How much salary does my job title typically earn in my city?",
    "Health|clinic_connect|Search Doctors": "I need to find a doctor of a certain medical specialty in my city.",
    "Health|med_guide|Medication Information": "What are the side effects and dosage of this medicine?",
    "Health|med_guide|Pharmacies Nearby": "Is there a pharmacy near me?",
    "Education|course_campus|Search Online Courses": "I want to take an online course to learn a new topic.",
    "Education|uni_index|University Programs": "Which degree programmes does this university offer?",
}
HELDOUT_QUERIES = {
    "Music|radio_hub|Search Stations": "Find me some internet radio stations that play a genre I like.",
    "Music|tune_atlas|Top Chart Tracks": "What are the most popular songs in the charts this week?",
    "Weather|sky_cast|Daily Forecast": "What will the weather be like over the next few days in my city?",
    "Weather|sky_cast|Severe Weather Alerts": "Are there any storm or severe weather warnings in my country?",
    "Hotels|stay_finder|Book Hotel Room": "Please book this hotel room for me.",
    "Hotels|nest_rentals|Search Vacation Rentals": "I want to rent a holiday apartment in a city for my trip dates.",
    "Flights|sky_route|Flight Status": "Is my flight on time today?",
    "Flights|sky_route|Airport Departures Board": "Show me the departures board of this airport.",
    "Transportation|wheel_share|Rental Cars at Branch": "Which rental cars can I pick up at this branch for my dates?",
    "Restaurants|table_scout|Reserve Table": "Reserve a table at the restaurant for us.",
    "Restaurants|food_dash|Track Delivery Order": "Where is my food delivery? When will it arrive?",
    "Location|geo_locator|Reverse Geocode": "What is the address at these GPS coordinates?",
    "Movies|film_vault|Trending Movies": "Which movies are trending today?",
    "Movies|showtime_finder|Cinemas Nearby": "Is there a movie theater near me?",
    "Books|shelf_index|Bestseller List": "What are this week's bestselling books?",
    "Food|recipe_box|Recipe of the Day": "What's today's featured recipe?",
    "Food|pantry_market|Weekly Store Deals": "What's on sale at my grocery store this week?",
    "Events|ticket_nest|Search Events": "What concerts and shows are coming up in my city?",
    "Events|festival_guide|Festival Lineup": "Which artists are playing at this festival?",
    "Finance|market_pulse|Earnings Calendar": "Which companies report their earnings this week?",
    "Finance|fx_desk|Latest Exchange Rates": "What are today's exchange rates for my currency?",
    "Crypto|coin_ledger|Trending Coins": "Which cryptocurrencies are trending right now?",
    "Crypto|block_scan|Gas Tracker": "How high are gas fees on the Ethereum network right now?",
    "Sports|match_center|Live Football Scores": "What are the live football scores right now?",
    "Sports|league_live|Player Season Statistics": "How many goals has this player scored this season?",
    "Gaming|game_shelf|Top Rated Video Games": "What are the best rated video games of all time?",
    "News|headline_wire|Search News Articles": "Find news articles about a topic I'm interested in.",
    "eCommerce|shop_grid|Deals of the Day": "What are today's deals on the marketplace?",
    "eCommerce|parcel_trail|Recent Orders": "Show me my recent online orders.",
    "Real_Estate|mortgage_desk|Home Value Estimate": "How much is my house worth?",
    "Real_Estate|home_finder|Neighborhood Insights": "Is this neighbourhood a good place to live? How walkable and safe is it?",
    "Jobs|career_board|Job Application Status": "What's the status of my job application?",
    "Health|clinic_connect|Book Doctor Appointment": "Book this doctor's appointment slot for me.",
    "Health|med_guide|Pharmacy Stock Check": "Does the pharmacy have my medicine in stock?",
    "Education|uni_index|Program Admission Requirements": "What do I need to get admitted to this degree programme, and when is the deadline?",
    "Education|course_campus|Course Syllabus": "What topics does this course cover, module by module?",
}


def schema_paths(schema: dict[str, Any], prefix: tuple[str, ...] = ()) -> dict[tuple[str, ...], bool]:
    """Leaf paths of an object schema (arrays transparent) → whether the path crosses an array."""
    out: dict[tuple[str, ...], bool] = {}

    def walk(node: dict[str, Any], path: tuple[str, ...], in_list: bool) -> None:
        kind = node.get("type")
        if kind == "array":
            walk(node.get("items", {}), path, True)
        elif kind == "object" and "properties" in node:
            for name, child in node["properties"].items():
                walk(child, path + (name,), in_list)
        elif path:
            out[path] = in_list

    walk(schema, prefix, False)
    return out


def check_example(schema: dict[str, Any], value: Any, where: str, problems: list[str]) -> None:
    """The example matches the schema: keys, JSON types, ≥2 records in arrays of objects."""
    kind = schema.get("type")
    expected = JSON_TYPES.get(kind or "")
    if expected is None:
        problems.append(f"{where}: schema without a known type")
        return
    if not isinstance(value, expected) or (kind in ("integer", "number") and isinstance(value, bool)):
        problems.append(f"{where}: example {value!r} is not of type {kind}")
        return
    if kind == "object":
        props = schema.get("properties", {})
        if set(props) != set(value):
            problems.append(f"{where}: example keys {sorted(value)} differ from schema keys {sorted(props)}")
        for name, child in props.items():
            if not child.get("description"):
                problems.append(f"{where}.{name}: schema property without description")
            if name in value:
                check_example(child, value[name], f"{where}.{name}", problems)
    elif kind == "array":
        items = schema.get("items", {})
        if items.get("type") == "object" and len(value) < 2:
            problems.append(f"{where}: list example has {len(value)} record(s), want >= 2")
        for k, item in enumerate(value):
            check_example(items, item, f"{where}[{k}]", problems)


def load_tools(root: Path, problems: list[str]) -> list[dict[str, Any]]:
    tools = []
    for path in sorted(root.glob("*/*.json")):
        rel = path.relative_to(root)
        try:
            tool = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            problems.append(f"{rel}: invalid JSON ({exc})")
            continue
        missing = [k for k in ("category_name", "tool_name", "tool_description", "api_list") if k not in tool]
        if missing:
            problems.append(f"{rel}: missing {missing}")
            continue
        if (tool["category_name"], tool["tool_name"] + ".json") != (path.parent.name, path.name):
            problems.append(f"{rel}: category/tool name do not match the file location")
        if not SNAKE.match(tool["tool_name"]):
            problems.append(f"{rel}: tool name {tool['tool_name']!r} is not snake_case")
        tool["_file"] = str(rel)
        tools.append(tool)
    return tools


def check(data_dir: Path = DATA) -> tuple[dict[str, Any], list[str]]:
    """Run every check; returns (figures, problems)."""
    problems: list[str] = []
    tools = load_tools(data_dir / "builtin", problems)
    apis: dict[str, dict[str, Any]] = {}
    outputs: dict[str, dict[tuple[str, ...], bool]] = {}
    for tool in tools:
        for k, api in enumerate(tool["api_list"]):
            where = f"{tool['_file']}: api_list[{k}] ({api.get('name')})"
            api_id = f"{tool['category_name']}|{tool['tool_name']}|{api.get('name')}"
            if api_id in apis:
                problems.append(f"{where}: duplicate API id {api_id}")
            apis[api_id] = api
            if not api.get("description"):
                problems.append(f"{where}: no description")
            for kind in ("required_parameters", "optional_parameters"):
                for prm in api.get(kind, []):
                    for field in ("name", "type", "description", "default"):
                        if prm.get(field) in (None, ""):
                            problems.append(f"{where}: {kind}.{prm.get('name')}: no {field}")
            names = [p["name"] for p in api.get("required_parameters", []) + api.get("optional_parameters", [])]
            if len(names) != len(set(names)):
                problems.append(f"{where}: duplicate parameter names {names}")
            schema = api.get("schema")
            if not isinstance(schema, dict) or not schema.get("properties"):
                problems.append(f"{where}: no output schema")
                continue
            outputs[api_id] = schema_paths(schema)
            check_example(schema, api.get("example_response"), f"{where}: example_response", problems)

    rows = []
    chain_file = data_dir / "builtin_chains.jsonl"
    seen: dict[tuple[str, str, str, str], bool] = {}
    for n, line in enumerate(chain_file.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{chain_file.name}:{n}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"{where}: invalid JSON ({exc})")
            continue
        key = (row["source_api"], row["source_output"], row["target_api"], row["target_input"])
        if key in seen:
            problems.append(f"{where}: duplicate pair" + (" with the other label" if seen[key] != row["valid"] else ""))
        seen[key] = row["valid"]
        src, tgt = apis.get(row["source_api"]), apis.get(row["target_api"])
        if src is None or tgt is None:
            problems.append(f"{where}: unknown API {row['source_api'] if src is None else row['target_api']}")
            continue
        if row["source_api"] == row["target_api"]:
            problems.append(f"{where}: self edge")
        if tuple(row["source_output"].split("|")) not in outputs.get(row["source_api"], {}):
            problems.append(f"{where}: {row['source_api']} has no output {row['source_output']}")
        if row["target_input"] not in {p["name"] for p in tgt.get("required_parameters", [])}:
            problems.append(f"{where}: {row['target_api']} has no required input {row['target_input']}")
        if not isinstance(row["valid"], bool):
            problems.append(f"{where}: valid must be true or false")
        rows.append(row)

    valid = [r for r in rows if r["valid"] is True]
    domains = Counter(api_id.split("|")[0] for api_id in apis)
    figures = {
        "tools": len(tools),
        "apis": len(apis),
        "domains": len(domains),
        "apis_per_domain": dict(sorted(domains.items())),
        "apis_without_inputs": sum(1 for a in apis.values()
                                   if not a.get("required_parameters") and not a.get("optional_parameters")),
        "apis_without_required_inputs": sum(1 for a in apis.values() if not a.get("required_parameters")),
        "list_returning_apis": sum(1 for k in outputs if any(outputs[k].values())),
        "valid_chains": len(valid),
        "chain_source_apis": len({r["source_api"] for r in valid}),
        "chain_target_apis": len({r["target_api"] for r in valid}),
        "cross_tool_chains": sum(1 for r in valid
                                 if r["source_api"].rsplit("|", 1)[0] != r["target_api"].rsplit("|", 1)[0]),
        "cross_domain_chains": sum(1 for r in valid if r["source_api"].split("|")[0] != r["target_api"].split("|")[0]),
        "negative_chains": len(rows) - len(valid),
    }
    for name, minimum in MINIMUMS.items():
        if figures[name] < minimum:
            problems.append(f"{name}: {figures[name]} < {minimum}")
    return figures, problems


def retrieval_figures(model_name: str | None = None, cache_dir: Path | None = None) -> dict[str, Any]:
    """Cosine of each clear query with its API's description (all-MiniLM-L6-v2 by default) and its rank.

    Uses the real corpus loader and :class:`tooldial.embedding.Embedder`, the same pieces the retriever uses.
    """
    import numpy as np

    from tooldial.corpus import load_corpus
    from tooldial.embedding import DEFAULT_EMBEDDING_MODEL, Embedder

    corpus = load_corpus("builtin")
    ids = [api.id for api in corpus.apis]
    embedder = Embedder(model_name or DEFAULT_EMBEDDING_MODEL, cache_dir=cache_dir)
    docs = embedder.encode([api.description for api in corpus.apis])
    figures: dict[str, Any] = {"model": embedder.model_name, "apis": len(ids)}
    for label, queries in (("tuning", TUNING_QUERIES), ("heldout", HELDOUT_QUERIES)):
        scores = embedder.encode(list(queries.values())) @ docs.T
        gold = np.array([scores[k, ids.index(api_id)] for k, api_id in enumerate(queries)])
        ranks = np.array([int((scores[k] > gold[k]).sum()) + 1 for k in range(len(queries))])
        figures[label] = {
            "queries": len(queries),
            "mean_cosine": round(float(gold.mean()), 3),
            "min_cosine": round(float(gold.min()), 3),
            "at_least_0.6": int((gold >= 0.6).sum()),
            "top1": int((ranks == 1).sum()),
            "top5": int((ranks <= 5).sum()),
            "misses": [
                {"api": api_id, "query": q, "cosine": round(float(gold[k]), 3), "rank": int(ranks[k]),
                 "top": ids[int(scores[k].argmax())]}
                for k, (api_id, q) in enumerate(queries.items()) if ranks[k] > 1 or gold[k] < 0.6
            ],
        }
    embedder.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=DATA, help="folder holding builtin/ and builtin_chains.jsonl")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--retrieval", action="store_true",
                        help="also embed the descriptions and score the built-in clear queries (loads the model)")
    parser.add_argument("--embedding-model", default=None, help="embedding model for --retrieval")
    args = parser.parse_args(argv)
    figures, problems = check(args.data_dir)
    if args.retrieval:
        from tooldial.cache import default_cache_dir

        figures["retrieval"] = retrieval_figures(args.embedding_model, default_cache_dir())
    if args.json:
        print(json.dumps({"figures": figures, "problems": problems}, indent=2))
    else:
        for name, value in figures.items():
            if name == "retrieval":
                for label in ("tuning", "heldout"):
                    r = value[label]
                    print(f"retrieval {label:20} {r['queries']} queries ({value['model']}): mean cosine "
                          f"{r['mean_cosine']}, min {r['min_cosine']}, >= 0.6: {r['at_least_0.6']}, "
                          f"top-1: {r['top1']}, top-5: {r['top5']}")
                    for miss in r["misses"]:
                        print(f"    {miss['cosine']:.3f} rank {miss['rank']} {miss['api']} <- {miss['query']!r} (top: {miss['top']})")
            else:
                print(f"{name:30} {value}")
        for problem in problems[:50]:
            print(f"PROBLEM {problem}")
        print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
