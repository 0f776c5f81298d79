"""A check's answer says what it found (``answer_fields.verdict_flag``, ``answer_text.verdict_text``, the ``answer``
world rule's ``verdict left out``): "Validate Email Address" was answered "the timestamp is 24 January 2026 and the
reason is smtp", its ``valid: false`` never said."""

from __future__ import annotations

import random

from tooldial.corpus.models import Api, Parameter
from tooldial.dialogue.answer_fields import answer_fields, verdict_flag
from tooldial.dialogue.answer_text import build_answer, phrase, verdict_text

# made-up checks in the shapes real documentation gives them
VALIDATOR = Api(category="Email", tool="mailcheck", name="Validate Email Address",
                description="Determine firsthand if the email is deliverable and working",
                required_parameters=(Parameter(name="email", type="STRING"),))
VALIDATED = {"response": {"status": "ok", "timestamp": 1769289300000, "data": {
    "valid": False, "validators": {"regex": {"valid": True}, "smtp": {"valid": False, "reason": "Timeout"}},
    "reason": "smtp", "email": "ada@example.org"}}}


def test_the_verdict_is_the_check_s_own_flag_in_another_form_of_its_goal_word() -> None:
    assert verdict_flag(VALIDATOR.name, VALIDATOR.description, VALIDATED) == ("data", "valid")  # not the SMTP step's
    stock = {"sku": "A-1", "in_stock": True, "price": 4.5, "is_featured": False}
    assert verdict_flag("Pharmacy Stock Check", "Whether a pharmacy has a medicine.", stock) == ("in_stock",)
    wayback = {"archived_snapshots": {"closest": {"available": True, "timestamp": "20240101"}}}
    assert verdict_flag("Availability", "Check whether a URL is archived.", wayback) == (
        "archived_snapshots", "closest", "available")


def test_no_verdict_without_a_check_or_without_a_flag_about_its_goal() -> None:
    profile = {"username": "ada", "is_private_profile": True, "verified": True}
    assert verdict_flag("Get User Profile", "A user's public profile.", profile) is None  # no check
    assert verdict_flag("Check Order", "Check an order's delivery.", {"shipped": True, "is_gift": False}) is None
    exist = {"email": "ada@example.org", "exists": False, "info": {"free_email": True}}
    assert verdict_flag("/email/exist", "Check if an email really exists.", exist) == ("exists",)
    free = {"email": "ada@example.org", "info": {"free_email": True}}
    assert verdict_flag("/email/exist", "Check if an email really exists.", free, ["email"]) is None  # the input
    assert verdict_flag("/email/exist", "Check if an email really exists.", free) == ("info", "free_email")
    health = {"database": True, "workers": {"healthy": True}}
    assert verdict_flag("Healthcheck", "Check health status of components (database...)", health) is None  # nouns
    assert verdict_flag("Temporary mail", "Check whether the result is a temporary mail.", {"result": True}) is None
    listed = {"emails": [{"email": "a@x.org", "valid": True}, {"email": "b@x.org", "valid": False}]}
    assert verdict_flag("Validate Emails", "Validate a list of emails.", listed) is None  # each record has its own


def test_the_verdict_is_told_first_even_beside_the_call_s_own_report() -> None:
    fields = answer_fields(VALIDATOR, VALIDATED, known=["ada@example.org"])
    assert fields[0] == ("data|valid", "valid", "false")
    # the verdict takes no other field's place: all three the description enumerates are still told
    enumerating = Api(category="Tools", tool="jobs", name="Check Task", description="Check whether a task is finished: "
                      "its status, callback status and callback url.")
    task = {"is_finished": True, "task_status": "done", "task_callback_status": "sent",
            "task_callback_url": "https://example.org/cb"}
    told = [k for k, _, _ in answer_fields(enumerating, task)]
    assert told[0] == "is_finished" and {"task_status", "task_callback_status", "task_callback_url"} <= set(told)
    only_flag = {"status": "success", "valid": True}
    assert answer_fields(VALIDATOR, only_flag)[0][0] == "valid"  # a bare flag is otherwise about the call


def test_the_verdict_is_said_as_a_finding_not_as_a_label_and_a_value() -> None:
    assert verdict_text("valid", False) == "it's not valid" and verdict_text("in stock", True) == "it's in stock"
    assert verdict_text("has MX", False) == "it has no MX" and verdict_text("has MX", True) == "it has MX"
    assert verdict_text("exists", False) == "it doesn't exist" and verdict_text("exists", True) == "it exists"
    assert verdict_text("valid", False, predicate=True) == "is not valid"
    assert verdict_text("verify", False) == "it's not verified"  # a verb's base form names the state it checks
    answer = build_answer(VALIDATOR, VALIDATED, answer_fields(VALIDATOR, VALIDATED, known=["ada@example.org"]))
    text = phrase(answer, random.Random(0), lambda v: v)
    assert text.startswith("It's not valid") and "the valid is" not in text, text
    assert answer.by_label()["valid"] == "no" and "it's not valid" not in answer.required()  # said as its sentence
    from tooldial.dialogue.render_template import echoable_facts

    assert "valid" not in echoable_facts(answer.by_label())  # a thanking user does not say "the valid is no"
    subject = build_answer(VALIDATOR, VALIDATED, [("data|valid", "valid", "false"), ("data|email", "email", "x")])
    subject.subject, subject.facts = "ada@example.org", subject.facts[:1]
    said = phrase(subject, random.Random(0), lambda v: v)
    assert "ada@example.org is not valid" in said or "ada@example.org, it's not valid" in said, said


def test_validate_flags_a_check_answered_without_its_verdict() -> None:
    from tooldial.dialogue.record import DialogueRecord
    from tooldial.rules.dialogue.answer import Answer
    from tooldial.rules.world_check import Scene, WorldCheck

    def problems(fields: list[str]) -> list[str]:
        record = DialogueRecord(subgraph_type="one_api", dialogue=[], mockdata={}, source="", target="E|m|v",
                                scenario={"answer_fields": fields, "apis": [{
                                    "api_id": "E|m|v", "name": VALIDATOR.name, "description": VALIDATOR.description}]})
        turns = [("System", {"action": "response", "api_response": {"result": VALIDATED}})]
        return [p.detail for p in Answer().problems(Scene(record, turns)) if p.check == WorldCheck.VERDICT_LEFT_OUT]

    assert problems(["timestamp", "data|reason"]) and "data|valid" in problems(["data|reason"])[0]
    assert problems(["data|valid", "data|reason"]) == []


def test_a_verdict_that_opens_a_sentence_is_said_with_its_capital() -> None:
    """The template answer "Done. It's in stock, ..." was followed by "(it's in stock)": the required value was
    looked up with its lower-case first letter only."""
    from tooldial.dialogue.scenario import TurnInstruction

    turn = TurnInstruction(speaker="System", action="response", sequence_action="response", description="",
                           situation="", required_values=["it's in stock", "3.85"])
    assert turn.says("it's in stock", "Done. It's in stock, the price is 3.85.")
    assert not turn.says("it's in stock", "Done. It's not in stock.") and not turn.says("3.85", "It's 3.8.")


def test_a_check_answered_only_by_its_verdict_has_a_fact_to_tell() -> None:
    """"Verify Email" whose answer was its ``CatchAll`` flag alone was said "the request went through successfully.
    (it's not catch all)": the response had no fact, and the verdict was appended."""
    from tooldial.dialogue.scenario_writer import response_parts

    api = Api(category="Email", tool="delivery", name="Verify Email", description="Checks if an email is a catch-all.",
              required_parameters=(Parameter(name="email", type="STRING"),))
    result = {"CatchAll": False, "Email": "ada@example.org"}
    situation, required, content = response_parts(api, result, known=["ada@example.org"])
    assert content["answer_fields"] == ["CatchAll"] and content["facts"] == {"catch all": "no"}
    assert required == [] and "catch all is no" in situation
    text = phrase(build_answer(api, result, answer_fields(api, result, known=["ada@example.org"])),
                  random.Random(0), lambda v: v)
    assert "not catch all" in text and "went through" not in text
