"""Record rules as registered plug-ins (``tooldial/rules/world/``): the case table in
``tests/data/rules/record_cases.yaml``, the registry's contract, and the one loop the stages share."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pytest
import yaml

from tooldial.registry import RECORD_RULES
from tooldial.rules.record import Check, Problem, Record, RecordRule, check_record, record_rules

CASES = yaml.safe_load((Path(__file__).parent / "data" / "rules" / "record_cases.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=lambda c: ",".join(c["record"]))
def test_record_case_table(case: dict) -> None:
    got = [[p.check.value, list(p.keys)] for p in check_record(case["record"])]
    assert got == ([] if case.get("clean") else case["expect"])


def test_every_check_has_a_case_and_a_rule() -> None:
    """A check no case triggers is untested; a check no rule declares is dead."""
    triggered = {row[0] for case in CASES for row in case.get("expect", [])}
    declared = {c for rule in record_rules() for c in rule.checks}
    assert declared == set(Check) and triggered == {c.value for c in Check}


def test_every_registered_rule_is_a_record_rule_in_its_own_module() -> None:
    rules = record_rules()
    assert len(rules) == len(RECORD_RULES) and all(isinstance(r, RecordRule) and r.checks for r in rules)
    own = [RECORD_RULES.target(n).partition(":")[0] for n in RECORD_RULES]
    delegated = [m for m in own if m.endswith("mockdata_checks")]
    assert len(set(own) - {*delegated}) == len(own) - len(delegated)  # one rule per file, but the delegating ones


def test_a_messages_text_is_the_check_then_the_detail() -> None:
    """What reports count (the text before the first colon) is the typed check's name."""
    problem = check_record({"volume": -5})[0]
    assert problem == Problem(Check.NEGATIVE_VOLUME, "volume=-5", ("volume",))
    assert str(problem).split(":", 1)[0] == Check.NEGATIVE_VOLUME.value


def test_a_rule_that_needs_a_kind_is_skipped_without_it() -> None:
    class Loud(RecordRule):
        checks: ClassVar[tuple[Check, ...]] = (Check.MIDDLE,)
        needs: ClassVar[frozenset[str]] = frozenset({"city"})

        def problems(self, record: Record) -> list[Problem]:
            return [Problem(Check.MIDDLE, "always")]

    assert check_record({"city": "Paris"}, rules=(Loud(),)) == [Problem(Check.MIDDLE, "always")]
    assert check_record({"name": "Paris"}, rules=(Loud(),)) == []


def test_planner_and_validator_share_the_loop() -> None:
    from tooldial.dialogue.world_checks import record_problems

    record = {"open": 10, "high": 9, "low": 8, "close": 9.5, "volume": -1}
    assert record_problems(record) == [str(p) for p in check_record(record)] and len(record_problems(record)) == 2
