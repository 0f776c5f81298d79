"""The data of a planned dialogue: what it is about (:class:`DialogueUnit`), the slots of one API with their mock
values (:class:`ApiSlots`) and everything decided before the intent utterances are chosen
(:class:`DialoguePlan`). :mod:`~tooldial.dialogue.planner` fills them; :mod:`~tooldial.dialogue.scenario_writer`
writes the turns from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.mockdata import MockWorld
from tooldial.dialogue.record import STATE_SYSTEM_ACTION
from tooldial.dialogue.sequences import ActionSequence


@dataclass(frozen=True)
class DialogueUnit:
    """What one dialogue is about: one API, or an edge source → target (``chain_output`` feeds ``chain_param``)."""

    target: str
    source: str = ""
    chain_param: str = ""
    chain_output: str = ""  # release spelling, ``a|b``
    #: The graph edge's attributes (``reason``, ``confidence``, ``input_group``, ``group_members``, …) when the
    #: graph has them; not part of the unit's identity.
    edge_items: tuple[tuple[str, Any], ...] = field(default=(), compare=False, hash=False)

    @property
    def edge(self) -> dict[str, Any]:
        return dict(self.edge_items)

    @property
    def partners(self) -> dict[str, str]:
        """Other members of the chain parameter's input group -> the source output (``a|b``) providing each,
        from the graph edge's ``group_sources`` (``latitude=lat,longitude=lng``); procured together."""
        sources = dict(item.split("=", 1) for item in str(self.edge.get("group_sources") or "").split(",")
                       if "=" in item)
        return {param: path for param, path in sources.items() if param != self.chain_param}

    @property
    def is_pair(self) -> bool:
        return bool(self.source)


@dataclass
class ApiSlots:
    """The slots one API has in one dialogue, with their mock values."""

    api: Api
    required: list[str]
    optional: list[str]
    values: dict[str, str]

    @property
    def names(self) -> list[str]:
        return self.required + self.optional

    def state(self, known: set[str] | frozenset[str], action: str) -> dict[str, Any]:
        """Confirmed dialogue state with the ``known`` slots filled."""
        return {
            "api_confirmed": "true",
            "api_status": {
                "api_name": self.api.id,
                "required_parameters": {n: self.values[n] if n in known else "" for n in self.required},
                "optional_parameters": {n: self.values[n] if n in known else "" for n in self.optional},
                "system_action": STATE_SYSTEM_ACTION[action],
            },
        }

    def request(self) -> dict[str, Any]:
        return {
            "api_name": self.api.id,
            "required_parameters": {n: self.values[n] for n in self.required},
            "optional_parameters": {n: self.values[n] for n in self.optional},
        }

    def mock(self, result: dict[str, Any]) -> dict[str, Any]:
        """The release ``mockdata`` element for this API."""
        req = self.request()
        return {
            "api_name": self.api.id,
            "api_description": self.api.description,
            "required_parameters": req["required_parameters"],
            "optional_parameters": req["optional_parameters"],
            "output_components": result,
        }


@dataclass
class DialoguePlan:
    """Everything decided before the intent utterances are chosen."""

    unit: DialogueUnit
    sequence: ActionSequence
    target: ApiSlots
    target_result: dict[str, Any]
    world: MockWorld | None = None
    source: ApiSlots | None = None
    source_result: dict[str, Any] | None = None
    chain_component: OutputComponent | None = None
    #: request-multi: the records returned, the attribute picked by, the picked record.
    options: list[str] = field(default_factory=list)
    pick_by: OutputComponent | None = None
    picked: str = ""
    #: clear_add: the slot whose value the first clear utterance carries.
    added_slot: str = ""

    @property
    def partners(self) -> dict[str, str]:
        """Target slots procured together with the chain parameter (its input group) -> source output."""
        return {p: path for p, path in self.unit.partners.items() if p in self.target.names}

    @property
    def known_to_user(self) -> list[str]:
        """What the user knows when the answer comes: the target's input values and the record they picked
        ("MSCI EM" picked from a list is no answer to "its income statement")."""
        return [*map(str, self.target.values.values()), *([self.picked] if self.picked else [])]

    @property
    def shared(self) -> list[str]:
        """Target inputs (not procured) that the source takes too, under the same name and with the same value
        (allscores' ``timezone`` and ``langId``): the user says them once, and the system never asks again."""
        if self.source is None:
            return []
        return [n for n in self.target.names if n not in self.procured and n in self.source.names
                and self.source.values.get(n) == self.target.values.get(n)]

    @property
    def procured(self) -> list[str]:
        """The chain parameter and its group partners: what the user does not know."""
        return [self.unit.chain_param, *self.partners] if self.unit.chain_param else []
