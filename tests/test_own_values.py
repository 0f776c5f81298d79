"""A user says "my X is …" only of a value that is theirs (an email, a city, a username: ``field_kinds.own_values``);
of any other input "the X is …" — held-out sample 9479: "My months is 3", "My url is …", "My gallery id is …"."""

from __future__ import annotations

import re

import pytest

from tooldial.dialogue.render_template import TemplateRenderer
from tooldial.dialogue.scenario import ScenarioInstruction, make_turn
from tooldial.dialogue.slot_words import own_or_the


@pytest.mark.parametrize(("slot", "mine"), [
    ("email", True), ("city", True), ("username", True), ("phone number", True), ("last name", True),
    ("months", False), ("gallery id", False), ("url", False), ("limit", False), ("status", False)])
def test_my_only_of_the_users_own_values(slot: str, mine: bool) -> None:
    assert own_or_the("My {k} is {v}.", slot) == ("My {k} is {v}." if mine else "The {k} is {v}.")
    assert own_or_the("ok, my {k} is {v}", slot) == ("ok, my {k} is {v}" if mine else "ok, the {k} is {v}")
    assert own_or_the("{base} My {label} is {value}.", slot, "label").startswith(
        "{base} My" if mine else "{base} The")
    assert own_or_the("Use {v} for the {k}.", slot) == "Use {v} for the {k}."  # other frames as they are


def _informs(values: dict[str, str], n: int = 60) -> list[str]:
    turns = [make_turn("User", "inform_intent_clear", "", fixed_message="Find my data."),
             make_turn("System", "request", "", content={"slots": list(values)}),
             make_turn("User", "inform", "", required_values=list(values.values()), content={"values": values}),
             make_turn("User", "user_bye", "")]
    scenarios = [ScenarioInstruction(dialogue_id=f"td-{i}", sequence_id="x", actions=[t.sequence_action for t in turns],
                                     subgraph_type="zerozero", target="Data|t|Get", domain="Data", seed=0, query="",
                                     apis=[], mockdata={}, turns=turns) for i in range(n)]
    return [r.messages[2] for r in TemplateRenderer().render(scenarios)]


def test_a_rendered_inform_never_owns_what_is_not_the_users() -> None:
    one = _informs({"months": "3"}) + _informs({"gallery id": "6394197", "limit": "10"})
    assert not [m for m in one if re.search(r"\bmy (months|gallery id|limit)\b", m, re.I)]
    own = _informs({"email": "kim@example.com"}, n=200)
    assert any(re.search(r"\bmy email\b", m, re.I) for m in own)  # still said of the user's own value
