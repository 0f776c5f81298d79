"""From Eq. 1 candidates to graph edges: validity rules, input groups, density caps.

1. Eq. 1 candidates (one per output component × input slot, the best-scoring when a corpus documents one path
   twice) go through :func:`tooldial.graph.validity.judge_edge`; rejected ones are counted by reason.
2. An edge into a member of an input group (latitude + longitude, a date range, a currency pair) records the
   group and the source outputs of the same record; a coordinate edge whose source lacks the partner
   coordinate is rejected.
3. Density: at most ``max_edges_per_api_pair`` target inputs between two APIs, each fed by at most as many
   outputs, at most
   ``max_cross_tool_edges_per_api`` / ``max_cross_tool_in_edges_per_api`` API pairs to other tools leaving /
   entering an API, and optionally at
   most ``max_out_edges_per_api`` / ``max_in_edges_per_api`` API pairs leaving / entering one; best first:
   confidence, then ``desc + kw + lcs``, then the sorted keys (deterministic).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from tooldial.corpus.models import Corpus, OutputComponent
from tooldial.graph.account_email import account_email_across_systems
from tooldial.graph.edges import EdgeArrays
from tooldial.graph.entities import CONTAINER_NAMES, Entity, singular_name, split_words
from tooldial.graph.reasons import Clash, EdgeReason
from tooldial.graph.record_copy import (
    copies_into_new_record,
    current_value_as_new,
    existing_key_into_new_record,
    name_of_another_record,
)
from tooldial.graph.record_ids import tool_records
from tooldial.graph.record_state import (
    copies_into_update,
    key_part_of_another_record,
    other_record_as_current,
    parts_of_ended_record,
    stored_value_replaced,
)
from tooldial.graph.record_types import BARE_IDS
from tooldial.graph.system_codes import one_system_corpus, same_system_code
from tooldial.graph.transforms import judge_transform
from tooldial.graph.validity import (
    ECHO_REASON,
    InputGroup,
    RuleConfig,
    Verdict,
    classify,
    country_scope_clash,
    creates_record,
    echoed_input,
    echoed_owner,
    echoed_point,
    file_into_folder,
    group_sources,
    input_groups,
    is_setting_of_answer,
    judge_edge,
    keyed_country_clash,
    named_record_clash,
    region_scope_clash,
    tool_conventions,
)
from tooldial.knowledge.english import singular
from tooldial.knowledge.loader import ordered_words
from tooldial.knowledge.loader import words as knowledge_words

#: The verdict of an edge when the rules are switched off (``--no-rules``).
EQ1_ONLY = Verdict(True, "Eq. 1 only (rules off)", 0.5, "value", code=EdgeReason.EQ1_ONLY)


@dataclass
class Candidate:
    """One Eq. 1 candidate edge with its similarities and, once judged, its verdict and input group."""

    output: Entity
    input: Entity
    desc_sim: float
    kw_sim: float
    lcs_sim: float
    verdict: Verdict = EQ1_ONLY
    group: InputGroup | None = None
    sources: dict[str, str] = field(default_factory=dict)
    #: Proposed by :func:`tooldial.graph.transforms.transform_edges` (a value into a general-purpose transform),
    #: not by Eq. 1: judged by :func:`tooldial.graph.transforms.judge_transform`.
    transform: bool = False

    #: (source API, target API, output key, input key): the candidate's identity and last sort key.
    pair_key: tuple[str, str, str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.pair_key = (self.output.api_id, self.input.api_id, self.output.key, self.input.key)

    @property
    def score(self) -> float:
        return self.desc_sim + self.kw_sim + self.lcs_sim

    def rank(self) -> tuple:
        return (-self.verdict.confidence, -self.score, self.pair_key)


def candidates_from_arrays(outputs: list[Entity], inputs: list[Entity], edges: EdgeArrays) -> list[Candidate]:
    """Eq. 1 survivors as candidates, one per (source API, target API, output key, input key), sorted."""
    best: dict[tuple[str, str, str, str], Candidate] = {}
    for s, d, ds, ks, ls, t in zip(edges.src.tolist(), edges.dst.tolist(), edges.desc_sim.tolist(),
                                   edges.kw_sim.tolist(), edges.lcs_sim.tolist(), edges.transforms().tolist(),
                                   strict=True):
        c = Candidate(outputs[s], inputs[d], ds, ks, ls, transform=t)
        old = best.get(c.pair_key)
        if old is None or c.score > old.score:
            best[c.pair_key] = c
    return [best[k] for k in sorted(best)]


def _unfed_reason(missing: list[str]) -> str:
    return f"a value across tools into a call that needs more than its source gives ({', '.join(missing[:3])})"


class EdgeSelector:
    """Applies the rules, input groups and caps for one corpus and its entities."""

    def __init__(self, corpus: Corpus, outputs: Iterable[Entity], inputs: Iterable[Entity],
                 rules: RuleConfig | None = None) -> None:
        self.rules = rules or RuleConfig()
        outputs, inputs = list(outputs), list(inputs)
        #: One provider and one category (a spec, a function list): its standard codes chain across its functions
        #: and the user gives the rest of its calls (:mod:`tooldial.graph.system_codes`).
        self.one_system = one_system_corpus(outputs, inputs)
        self.docs = {a.id: f"{a.description} {a.tool_description}" for a in corpus.apis}
        self.api_text = {a.id: f"{a.name} {a.description}" for a in corpus.apis}
        #: APIs that report where a record stands now (``…/payment-status``): re-reading it is no round trip.
        self.state_lookups = {a.id for a in corpus.apis if set(split_words(a.name)) & STATE_LOOKUP_WORDS}
        self.tool_text = {a.id: f"{a.tool} {a.tool_description}" for a in corpus.apis}
        self.inputs_by_api: dict[str, dict[str, Entity]] = {}
        inputs = list(inputs)
        for e in inputs:
            self.inputs_by_api.setdefault(e.api_id, {})[e.key] = e
        self.conventions = tool_conventions(inputs)  # formats a tool shows for inputs of one name
        self.outputs_by_api: dict[str, list[Entity]] = {}
        outputs = list(outputs)
        self.tool_records = tool_records(outputs)  # the records each tool returns ids of
        for e in outputs:
            self.outputs_by_api.setdefault(e.api_id, []).append(e)
        for api_outputs in self.outputs_by_api.values():
            name_beside_code(api_outputs)
        self._groups: dict[str, list[InputGroup]] = {}
        #: Rejected candidates by :class:`EdgeReason` (the verdict's ``code``, never its prose).
        self.rejected: Counter[EdgeReason] = Counter()
        #: Per API: required input names, optional ones, and the optional ones documented with a default (the
        #: documented call sends them; :func:`~tooldial.graph.validity.echoed_input`). The required leaves of an object
        #: parameter are sent too (``placeOrder``'s ``items[].isbn``: its order's ``items|isbn`` repeats them).
        self.params = {a.id: ([p.name for p in a.required_parameters]
                              + [f.name for p in a.required_parameters for f in p.fields if f.required],
                              [p.name for p in a.optional_parameters],
                              [p.name for p in a.optional_parameters if _documented_default(p.default)])
                       for a in corpus.apis}
        self.creates = {a.id for a in corpus.apis if creates_record(a.name, a.method)}
        self.paths = {a.id: a for a in corpus.apis if a.path}  # REST resources (tooldial.graph.rest_resources)
        #: Per tool, the paths that have item paths under them.
        self.collections: dict[tuple[str, str], set[tuple[str, ...]]] = {}
        if self.paths and rules.rest_resources:
            from tooldial.graph.rest_resources import creating_calls, item_collections

            self.creates |= creating_calls(corpus)
            self.collections = {(t.category, t.name): item_collections(a for a in t.apis if a.path)
                                for t in corpus.tools}
        #: APIs that change a record (``updatePetWithForm``, ``deleteUser``): acting on a record is no lookup.
        self.writes = {a.id for a in corpus.apis
                       if set(split_words(a.name)[:1]) & (_SETTER_VERBS | _REMOVAL_VERBS)}
        #: Per API: the documented default (else example) of every input, as text (where its places lie).
        self.request_values = {a.id: {p.name: str(p.default if p.default not in (None, "") else p.example or "")
                                      for p in a.parameters} for a in corpus.apis}
        #: Per API: the documented default (else example) of each required input, as text.
        self.sent_values = {a.id: {p.name: str(p.default if p.default is not None else p.example or "")
                                   for p in a.required_parameters} for a in corpus.apis}
        #: Per (API, required input): the closed set of values its documentation allows (``enum``), lower case.
        self.input_choices = {(a.id, p.name): frozenset(str(v).lower() for v in p.enum)
                              for a in corpus.apis for p in a.required_parameters if p.enum}
        #: Per (API, output key): the values its documentation shows (``enum``, else a scalar example), lower case.
        self.output_values = {(a.id, o.key): shown for a in corpus.apis for o in a.output_components
                              if (shown := _shown_values(o))}

    def record_clash(self, output: Entity, target: Entity) -> str | None:
        """:meth:`record_clash_of`'s prose alone."""
        return clash.text if (clash := self.record_clash_of(output, target)) else None

    def changes_record(self, api_id: str) -> bool:
        """The call makes a record (:attr:`creates`), writes one (:attr:`writes`), or is a REST ``PUT``/``PATCH``."""
        api = self.paths.get(api_id)
        return api_id in self.creates or api_id in self.writes or api is not None and api.method in ("PUT", "PATCH")

    def reports_state(self, output: Entity, target: Entity) -> bool:
        """The target reports where the source's record stands now: a status call (:data:`STATE_LOOKUP_WORDS`),
        under the source's own URL path where both have one (``/payments/sepa/payment-status`` of what ``POST
        /payments/sepa`` made; not of a domestic transfer's)."""
        if target.api_id not in self.state_lookups:
            return False
        source_api, target_api = self.paths.get(output.api_id), self.paths.get(target.api_id)
        if source_api is None or target_api is None:
            return True
        s, t = source_api.path.rstrip("/").split("/"), target_api.path.rstrip("/").split("/")
        return len(t) > len(s) and t[: len(s)] == s

    def record_clash_of(self, output: Entity, target: Entity) -> Clash | None:
        """Rules that read the two APIs' other entities: a round trip (:func:`round_trip`); a time zone of a call
        placed by coordinates comes from the record that gives the coordinates. The first clash, typed."""
        if round_trip(output, target, list(self.inputs_by_api.get(output.api_id, {}).values()),
                      self.outputs_by_api.get(output.api_id, []), self.outputs_by_api.get(target.api_id, []),
                      sent_back=self.one_system, reports_state=self.reports_state(output, target),
                      whole_records=output.api_id not in self.creates and target.api_id not in self.creates
                      and target.api_id not in self.writes):
            return Clash(EdgeReason.ROUND_TRIP, "a round trip: the target returns what the caller already had")
        if user_record_clash(output, target, self.outputs_by_api.get(output.api_id, [])):
            return Clash(EdgeReason.USER_ID,
                         "a user's id (the response documents a person's account) is not the id the input wants")
        if why := country_scope_clash(output, target, self.tool_text.get(output.api_id, ""),
                                      self.tool_text.get(target.api_id, "")):
            return Clash(EdgeReason.COUNTRY_SCOPE, why)
        if output.tool_id != target.tool_id and (why := region_scope_clash(
                output, f"{self.api_text.get(target.api_id, '')} {target.documented}",
                self.request_values.get(output.api_id, {}))):
            return Clash(EdgeReason.REGION_SCOPE, why)
        required, optional, _ = self.params.get(output.api_id, ((), (), ()))
        sent = (*required, *optional, *(e.raw or e.key for e in self.inputs_by_api.get(output.api_id, {}).values()))
        if self.rules.holds_answer and output.api_id not in self.creates and target.api_id not in self.writes \
                and holds_answer(output, target, self.outputs_by_api.get(output.api_id, []),
                                                              self.outputs_by_api.get(target.api_id, []), sent):
            return Clash(EdgeReason.HOLDS_ANSWER,
                         "the source record already holds the answer: the target returns the same fields again")
        if why := goal_less_source(output, target):
            return Clash(EdgeReason.GOAL_LESS_SOURCE, why)
        if why := copies_into_new_record(output, target, target.api_id in self.creates, self.rest_paths(output, target)):
            return Clash(EdgeReason.COPY_INTO_NEW_RECORD, why)
        if why := name_of_another_record(output, target, self.changes_record(target.api_id),
                                         self.rest_paths(output, target)):
            return Clash(EdgeReason.NAME_OF_ANOTHER_RECORD, why)
        if why := existing_key_into_new_record(output, target, target.api_id in self.creates):
            return Clash(EdgeReason.NEW_RECORD_KEY, why)
        if why := current_value_as_new(output, target):
            return Clash(EdgeReason.CURRENT_VALUE_AS_NEW, why)
        if self.one_system and (clash := self.record_state_clash(output, target)):
            return clash
        if why := account_email_across_systems(output, target, self.api_text.get(target.api_id, "")):
            return Clash(EdgeReason.ACCOUNT_EMAIL, why)
        if file_into_folder(output, target):
            return Clash(EdgeReason.FILE_INTO_FOLDER, "a file's path is not the folder path the input takes")
        if why := named_record_clash(output, target):
            return Clash(EdgeReason.NAMED_RECORD, why)
        if why := other_id_of_record(output, target, self.outputs_by_api.get(output.api_id, [])):
            return Clash(EdgeReason.OTHER_ID_OF_RECORD, why)
        if self.paths and self.rules.rest_resources and (why := self.other_collection_key(output, target)):
            return Clash(EdgeReason.OTHER_COLLECTION_KEY, why)
        if is_setting_of_answer(output):
            return Clash(EdgeReason.SETTING_OF_ANSWER, "a setting of how the source's answer was made is no value to "
                                                       "pass on")
        choices = self.input_choices.get((target.api_id, target.key))
        if choices and (why := outside_choices(
                self.output_values.get((output.api_id, output.key), frozenset()), choices,
                same_standard=bool(std := classify(output).standard) and std == classify(target).standard)):
            return Clash(EdgeReason.OUTSIDE_CHOICES, why)
        if chosen_style(target):
            return Clash(EdgeReason.CHOSEN_STYLE,
                         "a style the caller picks from the input's documented choices is no value of another answer")
        if language_of_another_record(output, target):
            return Clash(EdgeReason.LANGUAGE_OF_RECORD,
                         "a record's language (a movie's, a post's) gives a translation no text to translate")
        if detected_language_as_target(output, target):
            return Clash(EdgeReason.DETECTED_LANGUAGE,
                         "a language detected in a text is that text's own: it is no translation's target language")
        if writes_back(output, target):
            return Clash(EdgeReason.WRITES_BACK,
                         "the value read is written back to the field it came from: the call changes nothing")
        if key := unkeyed_qualifier(output, target, self.outputs_by_api.get(output.api_id, []),
                                    self.inputs_by_api.get(target.api_id, {})):
            return Clash(EdgeReason.UNKEYED_QUALIFIER,
                         f"a value that qualifies the target's key ({key}) comes with that key from one record")
        if classify(target).standard == "timezone" and any(g.name == "coordinates"
                                                           for g in self.groups_of(target.api_id)):
            parent = output.key.split("|")[:-1]
            kinds = {classify(o).standard for o in self.outputs_by_api.get(output.api_id, [])
                     if o.key.split("|")[:-1] == parent}
            if not {"latitude", "longitude"} <= kinds:
                return Clash(EdgeReason.ZONE_WITHOUT_COORDINATES,
                             "a time zone for a call placed by coordinates comes from the record that gives them")
        return None

    def rest_paths(self, output: Entity, target: Entity) -> tuple[str, str]:
        """The two APIs' REST paths (``""`` where an API has none)."""
        source, sink = self.paths.get(output.api_id), self.paths.get(target.api_id)
        return (source.path if source else "", sink.path if sink else "")

    def other_collection_key(self, output: Entity, target: Entity) -> str | None:
        from tooldial.graph.rest_resources import other_collection_key

        source, sink = self.paths.get(output.api_id), self.paths.get(target.api_id)
        if source is None or sink is None or output.tool_id != target.tool_id:
            return None
        return other_collection_key(source, output.key, sink, target.param or target.key,
                                    self.collections.get((source.category, source.tool), set()))

    def record_state_clash(self, output: Entity, target: Entity) -> Clash | None:
        """The record-state checks of one system (:mod:`tooldial.graph.record_state`); the selector runs them in a
        one-system corpus only, so multi-provider corpora (ToolBench) keep their graphs."""
        if why := stored_value_replaced(output, target):
            return Clash(EdgeReason.STORED_VALUE_REPLACED, why)
        if why := copies_into_update(output, target, self.rest_paths(output, target)):
            return Clash(EdgeReason.COPY_INTO_UPDATE, why)
        if why := parts_of_ended_record(output, target):
            return Clash(EdgeReason.PART_OF_ENDED_RECORD, why)
        if why := other_record_as_current(output, target, self.params.get(target.api_id, ((), (), ()))[0]):
            return Clash(EdgeReason.OTHER_RECORD_AS_CURRENT, why)
        if why := key_part_of_another_record(output, target, self.outputs_by_api.get(output.api_id, []),
                                             self.inputs_by_api.get(target.api_id, {})):
            return Clash(EdgeReason.KEY_PART_OF_ANOTHER_RECORD, why)
        return None

    def groups_of(self, api_id: str) -> list[InputGroup]:
        got = self._groups.get(api_id)
        if got is None:
            got = self._groups[api_id] = input_groups(self.inputs_by_api.get(api_id, {}).values())
        return got

    def judge(self, cand: Candidate) -> Candidate:
        """Sets the candidate's verdict (and input group); a rejection is counted by its typed code."""
        target_docs = f"{self.docs.get(cand.input.api_id, '')} {cand.input.documented}"
        verdict = judge_transform(cand.output, cand.input) if cand.transform else judge_edge(
            cand.output, cand.input, cand.desc_sim, cand.kw_sim, cand.lcs_sim, target_docs=target_docs,
            target_api_text=self.api_text.get(cand.input.api_id, ""), config=self.rules, conventions=self.conventions,
            keyed_lookup=keyed_by(cand.input, self.inputs_by_api.get(cand.input.api_id, {})),
            tool_records=self.tool_records.get(cand.input.tool_id, frozenset()))
        if not verdict.keep and not cand.transform and self.one_system and same_system_code(cand.output, cand.input):
            std = classify(cand.output).standard
            verdict = Verdict(True, f"standard code ({std}) of one system", 0.8, "standard", "standard",
                              standard=std, code=EdgeReason.SYSTEM_CODE)
        required, optional, defaulted = self.params.get(cand.output.api_id, ((), (), ()))
        if verdict.keep and (echo := echoed_input(cand.output, required, optional, defaulted=defaulted,
                                                  creates=cand.output.api_id in self.creates,
                                                  sent_values=self.sent_values.get(cand.output.api_id))
                                     or echoed_point(cand.output, self.sent_values.get(cand.output.api_id, {}))
                                     or echoed_owner(cand.output, required)):
            verdict = Verdict(False, f"{ECHO_REASON} ({echo})", 0.8, verdict.kind, code=EdgeReason.ECHO,
                              names=(echo,))
        # inside one system (a one-system corpus) the user gives the rest of a call of that system
        if verdict.keep and verdict.code is EdgeReason.VALUE_KEYWORDS_AGREE \
                and not self.one_system \
                and len(missing := self.missing_inputs(cand.output, cand.input)) > 1:
            verdict = Verdict(False, _unfed_reason(missing), 0.6, verdict.kind, code=EdgeReason.UNFED_INPUTS,
                              names=tuple(missing[:3]))
        keyed = verdict.keep and verdict.code is EdgeReason.KEYED_LOOKUP
        if keyed and (why := keyed_country_clash(cand.output, cand.input, self.tool_text.get(cand.output.api_id, ""),
                                                 self.tool_text.get(cand.input.api_id, ""))):
            verdict = Verdict(False, why, 0.7, verdict.kind, code=EdgeReason.KEYED_COUNTRY)
        if verdict.keep and (clash := self.record_clash_of(cand.output, cand.input)):
            verdict = Verdict(False, clash.text, 0.75, verdict.kind, code=clash.code)
        if verdict.keep and (why := self.assign_group(cand)):
            verdict = Verdict(False, why, 0.8, verdict.kind, code=EdgeReason.NO_PARTNER_COORDINATE)
        cand.verdict = verdict
        if not verdict.keep:
            if verdict.code is None:
                raise ValueError(f"an edge verdict without a code (EdgeReason): {verdict.reason}")
            self.rejected[verdict.code] += 1
        return cand


    def unfed_inputs(self, output: Entity, target: Entity) -> str | None:
        """A plain value across tools (``value; keywords agree``) is a reason to call another tool only as what that
        call is *about*: the target's other required inputs (credentials and transport settings aside) must come from
        the same source response (a VIN decoder's make, model and year into car prices by make, model and year; a
        reservation's passengers and its id into a passenger update), but for one the user may give (the city of a
        salary estimate by job title). An
        age estimated from a photo into a clinical score that needs a dozen vitals ties no user goal to that record.
        Returns the reason, else ``None``."""
        missing = self.missing_inputs(output, target)
        if len(missing) <= 1:  # one more value the user may give (a city for a salary estimate by job title)
            return None
        return _unfed_reason(missing)

    def missing_inputs(self, output: Entity, target: Entity) -> list[str]:
        """The target's other required inputs (credentials and settings aside) that the source record does not
        give, sorted (:meth:`unfed_inputs`)."""
        record = {singular_name(o.raw or o.key.rsplit("|", 1)[-1]) for o in self.outputs_by_api.get(output.api_id, [])}
        own = target.param or target.key
        return sorted(k for k, e in self.inputs_by_api.get(target.api_id, {}).items()
                      if (e.param or k) != own and not set(split_words(e.raw or k)) & _SETTING_WORDS
                      and singular_name(e.raw or k) not in record)

    def assign_group(self, cand: Candidate) -> str | None:
        """Record the input group of the candidate's target input and the source outputs of the same record; a
        coordinate whose source has no partner coordinate in that record cannot be procured: the reason, else
        ``None``."""
        for group in self.groups_of(cand.input.api_id):
            if cand.input.key not in group.members:
                continue
            sources = group_sources(cand.output, group, self.inputs_by_api[cand.input.api_id],
                                    self.outputs_by_api.get(cand.output.api_id, []), cand.input.key)
            if group.name == "coordinates" and len(sources) < len(group.members):
                return "the source has no partner coordinate in the same record"
            cand.group, cand.sources = group, sources
            break
        return None


#: Input words of a presentation setting (``style``, ``substyle``, ``mode``, ``format``, ``tone``).
_STYLE_WORDS = knowledge_words("requests", "presentation_settings")
#: Documentation that enumerates an input's choices ("can be any of the following:", "one of", "- apa:").
_CHOICES = re.compile(r"(?i)(" + "|".join(ordered_words("documentation", "choice_lists"))
                      + r"|(^|\n)\s*[-*] ?[\w-]+\s*:.*\n\s*[-*] ?[\w-]+\s*:)")


def _shown_values(output: OutputComponent) -> frozenset[str]:
    if output.enum:
        return frozenset(str(v).lower() for v in output.enum)
    if output.example is not None and not isinstance(output.example, (dict, list)) and str(output.example).strip():
        return frozenset({str(output.example).lower()})
    return frozenset()


def outside_choices(shown: frozenset[str], choices: frozenset[str], *, same_standard: bool) -> str | None:
    """A required input documented with a closed set of values (``airport_service_type``: All, Scheduled,
    NonScheduled) takes the caller's pick from it. Another call's value fills it only when the values that call
    documents are among the choices (a currency list's codes into an input that enumerates codes), or, where the
    source shows no value, when both are values of one standard and the choices are its codes (a province code
    into an input enumerating ``AB``, ``BC``, ...). The reason, else ``None``."""
    if not choices:
        return None
    if shown:
        if shown <= choices:
            return None
        return "the values the source documents are not among the input's documented choices"
    if same_standard and all(len(v) <= 4 and v.isalnum() for v in choices):
        return None  # codes (``AB``, ``USD``, ``en``), not words of a setting (``Scheduled``)
    return "the input takes one of its documented choices, which the caller picks; the source shows no such value"


def chosen_style(target: Entity) -> bool:
    """A presentation setting (``substyle``) whose documentation enumerates its choices is the caller's pick, not a
    value another call returns (v10: a title-case answer's ``data|sub-style`` repeats the style it was asked
    for; labelling guide: a setting of how an answer was made feeds nothing)."""
    words = set(split_words(target.raw or target.key)) | {(target.raw or target.key).lower()}
    return bool(words & _STYLE_WORDS) and bool(_CHOICES.search(target.documented or ""))


def _documented_default(value: object) -> bool:
    """A default a caller would send: not empty, not a placeholder boolean/zero page setting."""
    return value is not None and not isinstance(value, bool) and str(value).strip() not in ("", "0", "1", "false",
                                                                                         "true", "null", "None")


def other_id_of_record(output: Entity, target: Entity, source_outputs: list[Entity]) -> str | None:
    """An identifier input named exactly as a field of the source's record (``artist_id``) takes that field: another
    id beside it (``artist_mbid``, ``spotify_id``, a block's ``merkleRoot`` beside its ``hash``) is of another id
    space, not the one the input names."""
    own = singular_name(target.raw or target.key.rsplit(".", 1)[-1])
    if not own or own in BARE_IDS or _leaf(output) == own or classify(target).kind != "identifier":
        return None  # a bare ``id`` input names no record: the record's own ``id`` is no twin of ``office_id``
    parent = output.key.split("|")[:-1]
    twin = next((o for o in source_outputs if o.key.split("|")[:-1] == parent and _leaf(o) == own), None)
    if twin is None:
        return None
    return f"{twin.key} beside it is named as the input: {output.key} is another id of the record"


def round_trip(source: Entity, target: Entity, source_inputs: list[Entity], source_outputs: list[Entity],
               target_outputs: list[Entity], *, sent_back: bool = False, whole_records: bool = False,
               reports_state: bool = False) -> bool:
    """Inside one tool (or one provider's tools), a call that returns nothing the caller did not have: ``GET Username`` (id → the user's
    profile) into ``GET ID`` (username → the same profile), ``kcal → kJ`` into ``kJ → kcal``. The source's output
    is one value (not one of a list: picking a record of a list and asking for it is a real step), fed to an
    input of its own name that is none of the source's inputs; the target returns one record (no lists; with
    ``whole_records``, a read between two calls that make no record, lists that are parts of one record schema both
    calls return: :func:`_same_record_schema`), every
    field of it is a field or an input of the source, and the source's inputs come back. With ``sent_back`` (a
    one-system corpus) a target that returns only inputs the caller sent is one too, whatever else the source
    took: ``modify_user_address`` (user id and a new address → the user's profile) into ``find_user_id_by_email``
    hands back just the user id the caller sent. A target that ``reports_state`` (a payment's status after making
    the payment) answers what the caller cannot know: where the record stands now."""
    if reports_state:
        return False
    one_system = source.tool_id == target.tool_id or bool(source.provider) and source.provider == target.provider
    if not one_system or source.is_list or not target_outputs or not source_inputs:
        return False
    if any(o.is_list for o in target_outputs) and not (
            whole_records and _same_record_schema(source, source_outputs, target_outputs)):
        return False
    if singular_name(source.raw or source.key.rsplit("|", 1)[-1]) != singular_name(target.raw or target.key):
        return False
    if singular_name(target.raw or target.key) in {singular_name(i.raw or i.key) for i in source_inputs}:
        return False  # the source passes its own input on (``base`` → ``base``): no way back, a next step
    returned = {singular_name(o.raw or o.key.rsplit("|", 1)[-1]) for o in target_outputs}
    had = {singular_name(e.raw or e.key.rsplit("|", 1)[-1]) for e in (*source_inputs, *source_outputs)}
    sent = {singular_name(i.raw or i.key) for i in source_inputs}
    return returned <= had and (sent <= returned or sent_back and returned <= sent)


def _same_record_schema(source: Entity, source_outputs: list[Entity], target_outputs: list[Entity]) -> bool:
    """A record whose lists are its own parts (a company's ``funding|investor``), returned whole by both calls:
    the source's value is a top-level field of it, and every path the target returns the source returns too."""
    return "|" not in source.key and {(o.key, o.is_list) for o in target_outputs} <= {(o.key, o.is_list)
                                                                                       for o in source_outputs}


#: Fields of a response that say how the call went, not what it found: never part of an answer.
META_FIELDS = knowledge_words("records", "meta_fields")

#: Words of an API name that say the call reports a record's current state (``records.state_lookup_words``).
STATE_LOOKUP_WORDS = knowledge_words("records", "state_lookup_words")


def _leaf(entity: Entity) -> str:
    return singular_name(entity.raw or entity.key.rsplit("|", 1)[-1])


def holds_answer(source: Entity, target: Entity, source_outputs: list[Entity], target_outputs: list[Entity],
                 source_params: Iterable[str] = ()) -> bool:
    """Labelling guide, "the record already holds the answer": inside one tool, a list's or a record's own key
    (``id`` of ``List brands``) into a by-key lookup whose documented answer is one record with no field the
    source record lacks (``Get brand by id``: ``_id``, ``name``, ...): the call returns what the caller has. A
    lookup that returns more (list -> detail) is a chain (the selector does not ask for a source that creates a
    record: its new key is fetched to check it); so is a nested record's key (a match's ``team|id``: the
    team is another record) and a key the target's answer does not name (``continentId`` -> ``id``: a foreign
    key), and a value the source was called with (``base`` of ``Trades Futures`` into ``Trades Spot``: same field
    names, another market's answer; :func:`round_trip` reads it the same way). Undecidable (no documented answer,
    fewer than two answer fields, a list answer): the edge stays. Asked only with ``RuleConfig.holds_answer`` (off
    by default), and never for a target that changes the record (``updatePetWithForm``)."""
    if source.tool_id != target.tool_id or not target_outputs:
        return False
    parent = source.key.split("|")[:-1]
    if any(w not in CONTAINER_NAMES for part in parent for w in split_words(part)):
        return False
    answer = {_leaf(o) for o in target_outputs} - META_FIELDS - {""}
    if len(answer) < 2 or 2 * sum(o.is_list for o in target_outputs) > len(target_outputs):
        return False
    if _leaf(source) not in answer or _leaf(source) in {singular_name(p) for p in source_params}:
        return False
    record = {_leaf(o) for o in source_outputs if o.key.split("|")[:-1] == parent}
    return answer <= record


#: Words of an API that makes up test data (``Generate CNPJ``, ``Get Sample UserProfile``, ``fake address``).
_GENERATED_WORDS = knowledge_words("requests", "generated_data")
#: Words of an API about the caller's own account (``getAccount``, ``Credits``, ``Usage``): one account's figures.
_OWN_ACCOUNT_WORDS = knowledge_words("accounts", "own_account_apis")


def goal_less_source(output: Entity, target: Entity) -> str | None:
    """Values no user would look up elsewhere (labelling guide: a call must have a goal): what an API *made up* as
    test data (a generated CNPJ, a sample profile's e-mail) names no real record for another tool; the caller's
    own account's e-mail or phone (``getAccount``, ``Credits``) is no one to look up. Read from the source API's
    name; a singular ``account`` only (``Get All VPN Accounts`` lists servers). Returns the reason, else ``None``."""
    words = set(split_words(output.api_id.rsplit("|", 1)[-1]))
    if words & _GENERATED_WORDS and output.tool_id != target.tool_id:
        return "a value the source makes up as test data names no real record for another tool"
    if words & _OWN_ACCOUNT_WORDS and classify(output).standard in ("email", "phone"):
        return "the caller's own account's contact is no one to look up"
    return None


#: Words of a translation API's or tool's name.
_TRANSLATION = re.compile(r"(?i)translat|transliterat")
#: Record and API words about languages or translating: a language there is the record's subject.
_LANGUAGE_TOPICS = knowledge_words("languages", "language_topics")


def language_of_another_record(output: Entity, target: Entity) -> bool:
    """A language that is an attribute of a record of another kind (a movie's, a novel's, a post's, an entity's
    ``language``) into a translation API's language input: the translation needs a text, and that record gives
    none (labelling guide: a call must make sense). A language list, a detection or a translation's own answer (its
    API is about languages or translating) still feeds one."""
    from tooldial.graph.validity import api_subject_words

    if classify(output).standard != "language" or not _TRANSLATION.search(target.api_id):
        return False
    about = {singular(w) for w in api_subject_words(output.api_id)} | {
        singular(w) for part in output.key.split("|")[:-1] for w in split_words(part)}
    return not about & _LANGUAGE_TOPICS and not _TRANSLATION.search(output.api_id)


#: First words of an API that finds what a given text or file is (``Detect Language``, ``Identify language``).
_DETECT_WORDS = knowledge_words("languages", "detect_verbs")
#: Words of an input that names the language a text is translated *into*.
_TARGET_LANGUAGE_WORDS = knowledge_words("languages", "target_language_inputs")


def detected_language_as_target(output: Entity, target: Entity) -> bool:
    """A language detected in a text (an API named ``Detect Language``) into a translation's target language
    (``to``, ``to_language``, ``target``, or documented as the language to translate into): translating the text
    into its own language is no call (labelling guide). It still feeds a source-language input (``from``)."""
    if classify(output).standard != "language":
        return False
    if not set(split_words(output.api_id.rsplit("|", 1)[-1])) & _DETECT_WORDS:
        return False
    words = set(split_words(target.raw or target.key))
    return bool(words & _TARGET_LANGUAGE_WORDS) or bool(
        re.search(r"(?i)\b(target language|translate[sd]? (?:it |the text )?(?:in)?to|language to translate into)\b",
                  target.documented or ""))


#: Leaf words of a field that holds the short form of its sibling (``country_short``, ``state_code``, ``state
#: abbreviation``).
_SHORT_FORMS = knowledge_words("records", "short_forms")


def name_beside_code(api_outputs: list[Entity]) -> None:
    """A country or a place field beside a sibling that holds its short form (``country`` beside
    ``country_short``, ``state`` beside ``state_code``) holds the name: its format is set to ``name`` where its own
    docs show none (labelling guide: read the source's format from its example, else its siblings)."""
    from dataclasses import replace

    from tooldial.graph.validity import classify

    keys = {(tuple(o.key.split("|")[:-1]), singular_name(o.raw or o.key.rsplit("|", 1)[-1])) for o in api_outputs}
    for o in api_outputs:
        traits = classify(o)
        if traits.standard not in ("country", "place") or traits.fmt is not None:
            continue
        parent, leaf = tuple(o.key.split("|")[:-1]), singular_name(o.raw or o.key.rsplit("|", 1)[-1])
        if any((parent, leaf + short) in keys for short in _SHORT_FORMS):
            object.__setattr__(o, "traits_cache", replace(traits, fmt="name"))


#: First words of an API that writes a field's new value.
_SETTER_VERBS = knowledge_words("requests", "setter_verbs")
#: First words of an API that writes by removing (delete, cancel), with the setter verbs.
_REMOVAL_VERBS = knowledge_words("actions", "removal_verbs")


def writes_back(output: Entity, target: Entity) -> bool:
    """A field read from its getter into the setter of the same field (``GetTag``'s ``tag`` → ``SetTag(tag)`` "The
    value of the new tag"): the setter's API name starts with a setter verb and names the getter's subject, and the
    input is that field's *new value* (its docs say "new"; an update's key — ``updateUser(username)`` — says which
    record, and is fed by a read) under the output's normalised name: writing back what was read changes nothing
    (labelling guide: a call must do something for the user)."""
    from tooldial.graph.validity import api_subject_words

    if output.tool_id != target.tool_id:
        return False
    verb = split_words(target.api_id.rsplit("|", 1)[-1])[:1]
    if not verb or verb[0] not in _SETTER_VERBS:
        return False
    subject = [singular(w) for w in api_subject_words(output.api_id)]
    if not subject or subject != [singular(w) for w in api_subject_words(target.api_id) if w not in _SETTER_VERBS]:
        return False
    new_value = re.search(r"(?i)\bnew\b", target.documented or "") or split_words(target.raw or target.key)[:1] == ["new"]
    return bool(new_value) and singular_name(output.raw or output.key.rsplit("|", 1)[-1]) == singular_name(target.raw or target.key)


def keyed_by(target: Entity, target_inputs: dict[str, Entity]) -> bool:
    """Whether the input is the one value its API needs (its other required inputs are credentials or transport
    settings such as ``Accept``): the API is a lookup keyed by it (``WHOIS IP Lookup(ip)``, ``flag(country)``)."""
    own = target.param or target.key
    return all((e.param or e.key) == own or set(split_words(e.raw or k)) & _SETTING_WORDS
               for k, e in target_inputs.items())


#: Input words of credentials and transport settings: no record gives them.
_SETTING_WORDS = knowledge_words("requests", "transport_settings")


def unkeyed_qualifier(output: Entity, target: Entity, source_outputs: list[Entity],
                      target_inputs: dict[str, Entity]) -> str | None:
    """A country into an API that takes it beside a record's key (a company number:
    ``Get company(countryCode, internationalNumber)``): the value scopes that key, so it comes from the record
    that gives the key; a place's country from a geocoder is no company's. Returns the key input, else ``None``."""
    from tooldial.graph.validity import _standard_of, classify

    if classify(target).standard != "country" or classify(output).standard != "country":
        return None
    parent = output.key.split("|")[:-1]
    record = {singular_name(o.raw or o.key.rsplit("|", 1)[-1]) for o in source_outputs if o.key.split("|")[:-1] == parent}
    for key, other in sorted(target_inputs.items()):
        words = set(split_words(other.raw or key))
        if key == target.key or (other.param or key) == (target.param or target.key) or words & _SETTING_WORDS \
                or classify(other).kind != "identifier" or _standard_of(list(words)):
            continue
        if singular_name(other.raw or key) not in record:
            return key
    return None


#: Fields of a person's account: a record with two of them beside a bare id is a user's (a copied user-profile
#: response of an "artist" endpoint still describes the user).
USER_FIELDS = knowledge_words("accounts", "user_fields")
#: Record words of an input that takes a person's id.
_PERSON_WORDS = knowledge_words("accounts", "person_records")


def user_record_clash(output: Entity, target: Entity, source_outputs: list[Entity]) -> bool:
    """A bare id of a record whose fields are a person's account (``email``, ``display_name``, ``birthdate``) into
    an input that names another record (``artistID``): the response documents the user, whatever the API's name."""
    from tooldial.graph.validity import BARE_IDS, IDENTIFIER_WORDS

    leaf = split_words(output.raw or output.key.rsplit("|", 1)[-1])
    if len(leaf) != 1 or leaf[0] not in BARE_IDS:
        return False
    parent = output.key.split("|")[:-1]
    fields = {singular_name(o.raw or o.key.rsplit("|", 1)[-1]) for o in source_outputs if o.key.split("|")[:-1] == parent}
    if len(fields & USER_FIELDS) < 2:
        return False
    wants = {singular(w) for w in split_words(target.raw or target.key)} - IDENTIFIER_WORDS - BARE_IDS
    return bool(wants) and not wants & _PERSON_WORDS


def apply_caps(cands: list[Candidate], *, per_pair: int | None, per_source: int | None = None,
               per_target: int | None = None, cross_tool_per_api: int | None = None,
               cross_tool_in_per_api: int | None | Literal["same"] = "same") -> list[Candidate]:
    """The density caps (module docstring), keeping the best-ranked edges; returns them in sorted order.

    ``per_pair`` counts the *target inputs* of an API pair (an input group, such as a latitude with its
    longitude, is one), and each of them keeps at most ``per_pair`` alternative sources (a group's: source
    records): a source with many look-alike outputs for one input (``items|item_id``, ``fulfillments|item_ids``,
    ``orders|items|item_id`` into ``item_ids``) no longer crowds the pair's other inputs out.
    ``per_source`` / ``per_target`` count the API pairs leaving / entering an API; ``cross_tool_per_api`` counts
    only pairs between two tools leaving an API, ``cross_tool_in_per_api`` those entering one (``"same"``: the
    leaving cap) (the fan-out of standard values such as a
    ``city`` into every city-taking API of the corpus is what makes whole-corpus graphs dense)."""
    in_cap = cross_tool_per_api if cross_tool_in_per_api == "same" else cross_tool_in_per_api
    ranked = sorted(cands, key=Candidate.rank)
    slots: dict[tuple[str, str], set[str]] = {}  # API pair -> target inputs (or input groups) kept
    alternatives: dict[tuple, set[tuple]] = {}  # (API pair, input) -> sources kept for it
    out_n: Counter[str] = Counter()
    in_n: Counter[str] = Counter()
    cross_out: Counter[str] = Counter()
    cross_in: Counter[str] = Counter()
    blocked: set[tuple[str, str]] = set()
    kept = []
    for c in ranked:
        pair = (c.output.api_id, c.input.api_id)
        if pair in blocked:
            continue
        # the members of one input group fed from one source record (a latitude and its longitude) are one
        # alternative of one slot: keeping half of a coordinate pair would leave the target without its partner
        slot = f"group:{c.group.name}" if c.group else c.input.key
        source = tuple(sorted(c.sources.values())) if c.group else (c.output.key,)
        pair_slots = slots.setdefault(pair, set())
        alts = alternatives.setdefault((pair, slot), set())
        if per_pair is not None and source not in alts and (
                len(alts) >= per_pair or (slot not in pair_slots and len(pair_slots) >= per_pair)):
            continue
        if not pair_slots:  # the API caps count API pairs, not entity edges
            cross = c.output.tool_id != c.input.tool_id
            if (per_source is not None and out_n[pair[0]] >= per_source) or (
                    per_target is not None and in_n[pair[1]] >= per_target) or (
                    cross and ((cross_tool_per_api is not None and cross_out[pair[0]] >= cross_tool_per_api)
                               or (in_cap is not None and cross_in[pair[1]] >= in_cap))):
                blocked.add(pair)
                continue
            out_n[pair[0]] += 1
            in_n[pair[1]] += 1
            if cross:
                cross_out[pair[0]] += 1
                cross_in[pair[1]] += 1
        pair_slots.add(slot)
        alts.add(source)
        kept.append(c)
    return sorted(kept, key=lambda c: c.pair_key)
