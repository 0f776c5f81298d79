"""The chain-rule contract: one graph edge as a chain to judge (:class:`Link`), what a rule reports
(:class:`ChainProblem` with a :class:`ChainCheck`), the base class (:class:`ChainRule`) and the one loop that the
sampler, the planner and the validator run (:func:`check_chain`, through
:func:`tooldial.dialogue.chains.chain_verdict`).

A chain is rejected for the first problem a rule finds, in the order of
:data:`tooldial.registry.CHAIN_RULES`; the problem's check is what reports count, its message (written into
validation reports as it always was) is for people only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any, ClassVar

from tooldial.corpus.models import Api, OutputComponent
from tooldial.registry import CHAIN_RULES


class ChainCheck(StrEnum):
    """Why a careful reader rejects a chain; the value is the name reports count (for most checks the words
    before the message's first colon; where those words name the case, ``"the source echoes the city the user
    gave"``, the value is the check's general name)."""

    # what the user knows, chooses, says or owns
    USER_KNOWS = "value the user knows"
    USER_SAYS = "a name or search term the user says"
    USER_WRITES = "text the user writes for the record the target creates"
    PAGINATION = "a pagination token belongs to the query that returned it"
    FEATURED_ITEM = "a featured item stands in for the user's own in a computation"
    ADDRESS_PLACE_PART = "a place part of the address the user gave"
    ADDRESS_PART = "a part of the address the user gave"
    CHECKER = "a checker checks the user's own value"
    GROUP_MEMBER_ALONE = "group member procured alone"
    ECHOED_REQUEST = "the source echoes the request"
    ECHOED_INPUT = "the source echoes an input the user gave"
    REFERENCED_ONLY = "a change to what a record only refers to"
    CHOSEN_FOR_NEW = "value the user chooses for the record the target makes"
    # what the source really gives
    SOURCE_RETURNS_INPUT = "the source's documented answer gives back its own input"
    OWN_VALUES_LOOKUP = "the source looks up the user's own values"
    OWN_CONTENT_AUTHOR = "the author of an entity's own content is that entity"
    POINTS_BACK = "the records of a lookup by the user's thing point back to it"
    EXAMPLE_DATA_KEY = "the output sits under a documented example's data key"
    SHAPE = "documented values differ in shape"
    TARGET_ERROR = "the target's documented answer is an error"
    SOURCE_ERROR = "the source's documented response is an error"
    OTHER_KIND = "output is another kind of value"
    SOURCE_CHANGES = "source changes something (not a lookup)"
    SOURCE_CREATES = "source makes a new resource (not a lookup)"
    DOWNLOAD = "a download is not a lookup"
    UNCHOSEN_ITEM = "target changes something for an item the user never chose"
    SOURCE_NEEDS_VALUE = "source already needs the value it would provide"
    OPAQUE_IDS = "user gives opaque ids but not the value"
    STARTED_FROM = "target gives back what the user started from"
    UNKNOWN_ID = "source needs an id the user would not know"
    MEASURED = "a measured quantity, not a value to look up"
    BARE_ID_OTHER = "a bare id of another thing"
    LIST_OWN_ID = "a list's own id used as another thing's id"
    REFETCH_RETURNED = "target fetches again the record the source returned"
    REFETCH_LISTED = "target fetches again the record the source listed"
    ATTRIBUTE_OTHER = "an attribute of another thing"
    UNDOCUMENTED_RECORD = "the source's documentation does not say it gives the record"
    ALIKE_RECORD = "one of two alike records, which the user never chose"
    IDS_APART = "ids procured apart"
    # places
    STATE_ABBREVIATION = "a state's postal abbreviation is not a postal code"
    PLACE_SAID = "a place name the user says"
    FEATURED_PLACE = "a featured place stands in for the user's own"
    SERVER_LOCATION = "a website's server location stands in for a place of the user's"
    UNNARROWED_LIST = "coordinates from a list the user did not narrow"
    REVERSE_GEOCODE = "the record already gives the address a reverse geocoder would"
    MOVING_THING = "coordinates of a moving thing (not a place to search near)"
    # across tools
    COUNTRY_SCOPE = "tools scoped to different countries"
    WORLDWIDE_PLACE = "a place from a worldwide source into a country-only tool"
    MARKETS = "symbols of different markets"
    CROSS_TOOL_CHANGE = "cross-tool value into a change"
    ACCOUNT_CONTACT = "an account's contact value across services"
    TIME_ZONE_SETTING = "a time zone as a display setting of a target about something else"
    VALUE_SPACE = "cross-tool value (not one value space)"
    ID_SPACE = "cross-tool identifier without shared-id-space evidence"
    TRACKER_ID = "a tracker's record id in another service"
    ID_DOMAINS = "identifier across domains"
    STANDARD_FORMATS = "cross-tool standard value without agreeing formats"
    NOT_PLACE_AWARE = "place value from a source that is not place-aware"
    COORDINATES_DOMAIN = "coordinates of another domain's record"
    NO_EVIDENCE = "cross-tool value without documented evidence"
    # the validator's own finding, before any rule runs: the recorded output is not in the source's documentation
    UNDOCUMENTED_OUTPUT = "undocumented output"


@dataclass(frozen=True, slots=True)
class ChainProblem:
    """Why a chain is rejected: the check (typed, what code and reports read) and the message for people
    (``str()``; written into validation reports unchanged, never parsed)."""

    check: ChainCheck
    message: str
    keys: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.message

    @property
    def detail(self) -> str:
        """The message after its first colon (the whole message when it has none)."""
        return self.message.partition(": ")[2] or self.message


@dataclass(frozen=True, slots=True)
class Link:
    """One chain to judge: ``target``'s input ``chain_param`` filled from ``source``'s output ``chain``; ``kind``
    is the input's field kind, ``edge`` the graph edge's attributes (``kind``, ``reason``, ``cross_tool``,
    ``group_members``, ``group_sources``, ``schema_copies``)."""

    source: Api
    target: Api
    chain_param: str
    chain: OutputComponent
    kind: str | None
    edge: dict[str, Any] = field(default_factory=dict)

    @property
    def cross_tool(self) -> bool:
        return self.source.tool != self.target.tool


class ChainRule:
    """A rule on one chain. Subclasses set ``checks`` (what it reports) and implement :meth:`problem`;
    :meth:`applies` says when it runs (always, unless a subclass narrows it)."""

    checks: ClassVar[tuple[ChainCheck, ...]] = ()

    def applies(self, link: Link) -> bool:
        return True

    def problem(self, link: Link) -> ChainProblem | None:
        raise NotImplementedError


@cache
def chain_rules() -> tuple[ChainRule, ...]:
    """One instance of each registered rule, in registration order (rules hold no state)."""
    return tuple(CHAIN_RULES.create(name) for name in CHAIN_RULES)


def check_chain(link: Link, rules: Sequence[ChainRule] | None = None) -> ChainProblem | None:
    """The first problem a rule finds with the chain, in order (``rules``: the registered ones by default)."""
    for rule in chain_rules() if rules is None else rules:
        if rule.applies(link):
            problem = rule.problem(link)
            if problem is not None:
                return problem
    return None
