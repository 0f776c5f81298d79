"""One person per dialogue: the audit's coherence check finds each incoherent combination, and the template
renderer's users make none of them."""

from __future__ import annotations

import random

from tooldial.audit.coherence import KINDS, coherence_check, dialogue_problems
from tooldial.dialogue.render_template import TemplateRenderer
from tooldial.dialogue.scenario import ScenarioInstruction, UserGoal, make_turn
from tooldial.dialogue.user_profile import (
    CHOICES,
    INTRO,
    NOT_AT_HAND,
    OCCASIONS,
    RELATIONS,
    SOURCES,
    WORK_FRAMES,
    WORK_RECORDS,
    WORK_RELATIONS,
    draw_profile,
)


def _row(domain: str, *user: str, actions: list[str] | None = None) -> dict:
    turns = [{"speaker": "User", "action": "inform", "message": m} for m in user]
    return {"dialogue_id": "d", "domain": domain, "turns": turns, "actions": actions or []}


def test_each_kind_of_incoherence_is_found_and_a_coherent_user_passes() -> None:
    cases = {
        "two_identities": _row("Gaming", "I work as an insurance surveyor.", "As a gamer, I need the stats."),
        "work_tie_private": _row("Crypto", "Use usd.", "It's what Moon-Wells has on file."),
        "two_purposes": _row("Restaurants", "It's all for the christening I'm organising.",
                             "I want to plan a date night, and this is the missing piece."),
        "record_off_domain": _row("Flights", "TP1026. I found it in last month's invoice."),
        "trip_off_domain": _row("Vehicles", "I'm in the departure lounge, so bear with me."),
        "short_claim_long": _row("Music", "Oh sure! I'm at the gym, so I'll keep this short. " + "word " * 40),
    }
    for kind, row in cases.items():
        assert kind in dialogue_problems(row), kind
    pick = {"dialogue_id": "p", "domain": "Weather", "actions": ["request-multi", "inform"],
            "turns": [{"speaker": "System", "action": "request", "message": "Which one: A or B?"},
                      {"speaker": "User", "action": "inform", "message": "B. It's written in my notes."}]}
    assert dialogue_problems(pick) == ["source_on_pick"]
    fine = _row("Flights", "I'm a nurse.", "TP1026. I found it in the booking confirmation.",
                "It's all for my wedding.", "I'm in the departure lounge, so I'll keep this short.")
    assert dialogue_problems(fine) == []
    check = coherence_check([*cases.values(), pick, fine])
    assert check.status == "incoherent" and check.affected == len(cases) + 1 and check.rows == len(cases) + 2
    assert all(k in check.verdict for k in KINDS)


def _scenario(dialogue_id: str, domain: str, persona: str) -> ScenarioInstruction:
    turns = [
        make_turn("User", "inform_intent_clear", "", fixed_message="I need some help, please."),
        make_turn("System", "request", "", content={"slots": ["item id", "kind"]}),
        make_turn("User", "fail_inform", "", required_values=["premium"],
                  content={"missing": ["item id"], "values": {"kind": "premium"}}),
        make_turn("System", "request", "", content={"slots": ["code"], "why": "item id"}),
        make_turn("User", "inform", "", required_values=["XQ-1187"], content={"values": {"code": "XQ-1187"}}),
        make_turn("System", "request-multi", "", required_values=["Alpha Hall", "Beta Park"],
                  content={"options": ["Alpha Hall", "Beta Park"], "pick_by": "name"}),
        make_turn("User", "inform", "", required_values=["Beta Park"], content={"values": {"name": "Beta Park"},
                                                                                "pick_by": "name"}),
        make_turn("User", "inform", "", required_values=["rust orange"], content={"values": {"colour": "rust orange"}}),
        make_turn("User", "affirm", ""),
        make_turn("User", "negate", ""),
        make_turn("System", "response", "", required_values=["12"], content={"facts": {"count": "12"}}),
        make_turn("User", "user_bye", ""),
        make_turn("System", "system_bye", ""),
    ]
    user = UserGoal(persona=persona, goal="look something up", reason="for my plans", situation="x")
    return ScenarioInstruction(dialogue_id=dialogue_id, sequence_id="x", actions=[t.sequence_action for t in turns],
                               subgraph_type="zerozero", target=f"{domain}|t|Api", domain=domain, seed=0, query="",
                               apis=[], mockdata={}, turns=turns, user=user)


def test_rendered_users_are_one_coherent_person() -> None:
    renderer = TemplateRenderer()
    kinds: dict[str, int] = {}
    for domain, persona in (("Crypto", "a crypto investor"), ("Vehicles", "a developer building a small app"),
                            ("Flights", "a traveller planning a trip"), ("Gaming", "a gamer"),
                            ("Restaurants", "someone looking for a place to eat")):
        scenarios = [_scenario(f"td-{domain}-{i}", domain, persona) for i in range(120)]
        for s, result in zip(scenarios, renderer.render(scenarios), strict=True):
            row = {"dialogue_id": s.dialogue_id, "domain": domain, "actions": list(s.actions),
                   "turns": [{"speaker": t.speaker, "action": t.action, "message": m}
                             for t, m in zip(s.turns, result.messages, strict=True)]}
            for kind in dialogue_problems(row):
                kinds[kind] = kinds.get(kind, 0) + 1
            # a chosen name or a pick never comes with a record; a code may
            picked = result.messages[6] + " " + result.messages[7]
            assert not any(f.split("{")[0] and f.split("{")[0] in picked for f in SOURCES if "{rec}" in f)
    assert kinds == {}


def test_profile_is_one_person_in_its_domain() -> None:
    for i in range(200):
        work = draw_profile(random.Random(i), role="a social media manager", domain="Social")
        assert work.work and not work.job and any(r in work.records for r in WORK_RECORDS)
        assert work.relation in WORK_RELATIONS  # a client's or a colleague's task, not a grandmother's
        private = draw_profile(random.Random(i), role="a crypto investor", domain="Crypto")
        assert not private.work and private.job and not set(WORK_RECORDS) & set(private.records)
        assert private.occasion == ""  # no occasion fits a coin price
        flight = draw_profile(random.Random(i), role="a traveller planning a trip", domain="Flights")
        assert any(e in flight.occasion for e in OCCASIONS["flight"])
        assert "last month's invoice" not in flight.records and "the boarding pass" in flight.records
        owner = draw_profile(random.Random(i), role="a small-business owner", domain="Business")
        assert not owner.job and not owner.employer
    # every work frame is one the phrase banks really use (a renamed frame would silently escape the filter)
    from tooldial.dialogue.user_profile import AFFIRM_WHY, BYE_NEXT, NEGATE_WHY

    banks = {*INTRO, *SOURCES, *NOT_AT_HAND, *AFFIRM_WHY, *NEGATE_WHY, *BYE_NEXT, *CHOICES}
    assert banks >= WORK_FRAMES
    # a user whose task is their own goes with anyone: family too
    assert {draw_profile(random.Random(i), role="a crypto investor").relation for i in range(200)} - set(WORK_RELATIONS)
    assert set(WORK_RELATIONS) < set(RELATIONS)


def test_a_companion_introduced_by_the_frame_is_not_introduced_twice() -> None:
    """Held-out review of session 10: "Well, my grandmother my grandmother Ebony asked me to sort this out" (the
    frame's capital "My {r} {n}" was not seen as an introduction)."""
    from tooldial.dialogue.user_profile import say

    for i in range(40):
        profile = draw_profile(random.Random(i), role="a hobbyist", domain="Data")
        if not profile.companion:
            continue
        said: dict[str, bool] = {}
        text = say(("My {r} {n} asked me to sort this out.",), profile, random.Random(i), said=said)
        assert text == f"My {profile.relation} {profile.companion} asked me to sort this out."
        later = say(("{N} needs it.",), profile, random.Random(i), said=said)  # introduced already: the name alone
        assert later == f"{profile.companion} needs it."


def test_a_sentence_names_the_companion_once() -> None:
    """"I'll put it in the spreadsheet my manager Heather shared for Heather" (realism read of sample 5501): a
    frame that names the companion takes a record that does not name them too, and an occasion that holds their
    name ("Isaac's cycling tour") goes in no frame that names them ("Isaac will want to hear this before …")."""
    import re

    from tooldial.dialogue.user_profile import _NAME_MARK, RECORDS, WRITABLE, say

    assert any("{n}" in r for r in RECORDS) and any("{n}" in w for w in WRITABLE)  # the case exists in the data
    seen_named_record = 0
    for i in range(200):
        profile = draw_profile(random.Random(i), role="a hobbyist", domain="Travel")
        if not profile.companion:
            continue
        for frames in (("I'll put it in {wrec} for {n}.",), ("It's in {rec}, {N} says.",), ("It's in {rec}.",)):
            text = say(frames, profile, random.Random(i), said={"companion": True})
            assert len(re.findall(rf"\b{re.escape(profile.companion)}\b", text)) <= 1, text
        seen_named_record += profile.companion in say(("It's in {rec}.",), profile, random.Random(i),
                                                      said={"companion": True})
        if _NAME_MARK in profile.occasion:
            text = say(("{N} will want to hear this before {ev}.", "It's for {ev}."), profile, random.Random(i),
                       said={"companion": True})
            assert text.startswith("It's for"), text
    assert seen_named_record  # a frame without the name still draws the records that name them
