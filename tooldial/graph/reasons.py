"""Typed reason codes of the graph's edge verdicts (:class:`EdgeReason`): the verdict's ``code`` beside its prose
``reason``. Code that acts on a verdict (the selector's keyed-lookup check, the learned model's reason class)
reads the code; the prose is for people (and is written to the graph file unchanged)."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class EdgeReason(StrEnum):
    """Why a candidate edge was kept or rejected: one member per decision of a rule (:mod:`tooldial.rules.edge`)
    or of the selector's later checks (:mod:`tooldial.graph.select`)."""

    # --- any pair of kinds (tooldial/rules/edge/, in registry order)
    CROSS_TOOL_SIMILARITY = "cross_tool_similarity"
    OBJECT_INTO_SCALAR = "object_into_scalar"
    ARRAY_INTO_SCALAR = "array_into_scalar"
    SCALAR_INTO_CONTAINER = "scalar_into_container"
    FLAG_INTO_ID = "flag_into_id"
    ID_SHAPE = "id_shape"
    URL_PAGE_KIND = "url_page_kind"
    IMAGE_URL_LOOKUP = "image_url_lookup"
    COUNT_NOT_ID = "count_not_id"
    KEY_INTO_SYNTAX_VALUE = "key_into_syntax_value"
    MEASURE_INTO_ID = "measure_into_id"
    PAGING_CURSOR = "paging_cursor"
    IMPLIED_OUTSIDE_SYSTEM = "implied_outside_system"
    SETTING_OF_OTHER_MARKET = "setting_of_other_market"
    # --- an identifier on either side
    STANDARD_INTO_FOREIGN_ID = "standard_into_foreign_id"
    PLAIN_VALUE_INTO_BARE_ID = "plain_value_into_bare_id"
    RECORD_TYPE = "record_type"
    SEASON_OF_OTHER_PROVIDER = "season_of_other_provider"
    ID_OF_OTHER_PROVIDER = "id_of_other_provider"
    SAME_TOOL_ID = "same_tool_id"
    TOOL_FAMILY_ID = "tool_family_id"
    SHARED_ID_SPACE = "shared_id_space"
    PARENT_ECHO = "parent_echo"
    # --- two standard values
    DIFFERENT_STANDARDS = "different_standards"
    FORMATS_DIFFER = "formats_differ"
    SYMBOL_MARKETS = "symbol_markets"
    BOX_CORNER = "box_corner"
    AREA_CENTRE = "area_centre"
    MEDIA_URL = "media_url"
    SAME_TOOL_STANDARD = "same_tool_standard"
    REFERENCE_LOOKUP = "reference_lookup"
    KEYED_LOOKUP = "keyed_lookup"
    UNRELATED_DOMAINS = "unrelated_domains"
    STANDARD_VALUE = "standard_value"
    # --- value space across tools (standard, generic and other values)
    OWN_LIST = "own_list"
    SYMBOL_FORMATS = "symbol_formats"
    UNKNOWN_MARKET = "unknown_market"
    URL_SITES = "url_sites"
    SITE_URLS = "site_urls"
    # --- generic and other values
    SAME_TOOL_KEYWORDS_DISAGREE = "same_tool_keywords_disagree"
    SAME_TOOL = "same_tool"
    SYNTAX_STANDARD = "syntax_standard"
    GENERIC_AGREE = "generic_agree"
    GENERIC_DISAGREE = "generic_disagree"
    VALUE_KEYWORDS_AGREE = "value_keywords_agree"
    VALUE_KEYWORDS_DISAGREE = "value_keywords_disagree"
    # --- the selector's checks after the rules (tooldial/graph/select.py)
    ECHO = "echo"
    UNFED_INPUTS = "unfed_inputs"
    KEYED_COUNTRY = "keyed_country"
    NO_PARTNER_COORDINATE = "no_partner_coordinate"
    ROUND_TRIP = "round_trip"
    USER_ID = "user_id"
    COUNTRY_SCOPE = "country_scope"
    REGION_SCOPE = "region_scope"
    HOLDS_ANSWER = "holds_answer"
    GOAL_LESS_SOURCE = "goal_less_source"
    COPY_INTO_NEW_RECORD = "copy_into_new_record"
    NAME_OF_ANOTHER_RECORD = "name_of_another_record"
    NEW_RECORD_KEY = "new_record_key"
    CURRENT_VALUE_AS_NEW = "current_value_as_new"
    STORED_VALUE_REPLACED = "stored_value_replaced"
    COPY_INTO_UPDATE = "copy_into_update"
    PART_OF_ENDED_RECORD = "part_of_ended_record"
    OTHER_RECORD_AS_CURRENT = "other_record_as_current"
    KEY_PART_OF_ANOTHER_RECORD = "key_part_of_another_record"
    ACCOUNT_EMAIL = "account_email"
    FILE_INTO_FOLDER = "file_into_folder"
    NAMED_RECORD = "named_record"
    OTHER_ID_OF_RECORD = "other_id_of_record"
    OTHER_COLLECTION_KEY = "other_collection_key"
    SETTING_OF_ANSWER = "setting_of_answer"
    CHOSEN_STYLE = "chosen_style"
    OUTSIDE_CHOICES = "outside_choices"
    LANGUAGE_OF_RECORD = "language_of_record"
    DETECTED_LANGUAGE = "detected_language"
    WRITES_BACK = "writes_back"
    UNKEYED_QUALIFIER = "unkeyed_qualifier"
    ZONE_WITHOUT_COORDINATES = "zone_without_coordinates"
    # --- other deciders
    TRANSFORM = "transform"
    DOCUMENTED = "documented"
    RESOURCE = "resource"
    SYSTEM_CODE = "system_code"
    EQ1_ONLY = "eq1_only"

    @property
    def label(self) -> str:
        """The code for people (``id_of_other_provider`` → ``id of other provider``): what reports print."""
        return self.value.replace("_", " ")


def reason_label(key: str) -> str:
    """The label of a count's key in a graph's ``rejected`` (an :class:`EdgeReason` value); a key that is no code
    (a graph written before the counts were typed counted the prose) is shown as it is."""
    try:
        return EdgeReason(key).label
    except ValueError:
        return key


class Clash(NamedTuple):
    """A check's finding: its typed code and the prose written into the verdict's ``reason``."""

    code: EdgeReason
    text: str
