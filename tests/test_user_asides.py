"""What the user says about themselves and their moment: one introduction, one aside, and only what connects."""

from __future__ import annotations

import random
import re

import pytest

from tests.test_render_template import scenario
from tooldial.dialogue.intents import DEFAULT_PERSONA, PERSONAS, introduces, persona_entry, unintroduced
from tooldial.dialogue.intents.bank import Intent
from tooldial.dialogue.intents.personal import PROFILE_CLEAR, PROFILE_LEADS, personal_texts
from tooldial.dialogue.render_template import TemplateRenderer
from tooldial.dialogue.scenario import ScenarioInstruction, UserGoal
from tooldial.dialogue.user_profile import INTRO, UserProfile, usable_frame
from tooldial.dialogue.user_situation import (
    AFTER,
    ASIDES,
    EXCUSES,
    HURRIED_MOODS,
    MOOD,
    REACT,
    TURN_ASIDES,
    WORN_MOODS,
    Situation,
    aside,
    draw_situation,
)


class _Grouped(TemplateRenderer):
    """Keeps the parts of each user message (one ``_told`` call per message) for the tests."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.groups: list[dict[str, str]] = []
        self.acts: list[str] = []

    def _told(self, act: str, p, **parts: str) -> str:  # type: ignore[override]
        self.groups.append({k: p.restore(v) for k, v in parts.items() if v})
        self.acts.append(act)
        return super()._told(act, p, **parts)


def _situation_words(s: ScenarioInstruction) -> list[str]:
    sit = draw_situation(random.Random(f"situation:{s.dialogue_id}"), domain=s.domain)
    return [w for w in (sit.where, sit.doing, sit.device, sit.mood, sit.hobby, sit.next) if w]


def test_a_mood_says_so_thats_a_relief_or_it_slipped_my_mind_only_when_it_explains_that() -> None:
    """A frame that draws a consequence from the mood takes a mood that has it: "I'm fighting a cold, so that's
    a relief" and "I'm in a good mood and it slipped my mind" are non sequiturs."""
    assert set(MOOD) >= HURRIED_MOODS and set(MOOD) >= WORN_MOODS
    consequence = re.compile(r"relief|slipped my mind|patience|kept me up|anyway")
    for frame in (*ASIDES, *REACT, *EXCUSES):
        assert not ("{mood}" in frame and consequence.search(frame)), frame
    for mood in MOOD:
        sit = Situation(where="", doing="", device="", mood=mood, pet="", hobby="", next="")
        said_relief = aside(tuple(f for f in REACT if "relief" in f), sit, random.Random(0))
        assert bool(said_relief) == (mood in HURRIED_MOODS), (mood, said_relief)
        said_forgot = aside(tuple(f for f in EXCUSES if "slipped" in f), sit, random.Random(0))
        assert bool(said_forgot) == (mood in WORN_MOODS), (mood, said_forgot)


def test_goodbyes_announce_no_errand_out_of_nowhere() -> None:
    """ "Off to the car wash." / "Right, the allotment is waiting." / "Greetings from Tulsa!" after a thank-you
    connect to nothing the dialogue said; going back to what the user interrupted does."""
    for frame in AFTER:
        assert not re.match(r"(Off to|Time for|Right, \{next\}|Greetings)", frame), frame


def test_one_aside_per_dialogue_never_in_a_message_that_introduces_the_user() -> None:
    told = 0
    for i in range(300):
        s = scenario(f"td-a{i}")
        renderer = _Grouped(typo_rate=0.0)
        renderer.messages(s)
        parts = _situation_words(s)
        # a situation aside goes in a message's story or excuse part (the context part is the introduction)
        with_aside = [g for g in renderer.groups
                      if any(w in g.get("story", "") + g.get("excuse", "") for w in parts)]
        assert len(with_aside) <= 1, with_aside
        assert not any("context" in g for g in with_aside), with_aside
        told += len(with_aside)
    # asides are still said: 29 of 300 since session 35, where they share a dialogue's two personal messages
    # (render_template.PERSONAL_MESSAGES) with introductions and where values come from (over 60 before)
    assert told > 20


def test_a_situation_aside_only_explains_its_turn_by_default() -> None:
    """Free asides ("I'm a bit tired and washing the car. It is 1196491.") and reactions ("That suits me, I'm at
    the supermarket") are non sequiturs to blind readers (session 27): by default (bank ``turn_asides``) an
    aside says why a value is not at hand or what the user goes back to, nothing else."""
    assert set(TURN_ASIDES) == {"fail_inform", "user_bye"}
    assert set(TURN_ASIDES["fail_inform"]) == set(EXCUSES) and set(TURN_ASIDES["user_bye"]) == set(AFTER)
    told: dict[str, int] = {}
    for i in range(300):
        s = scenario(f"td-a{i}")
        renderer = _Grouped(typo_rate=0.0)
        renderer.messages(s)
        parts = _situation_words(s)
        plan = draw_situation(random.Random(f"situation:{s.dialogue_id}"), domain=s.domain).plan
        for act, g in zip(renderer.acts, renderer.groups, strict=True):
            told_plan = bool(plan) and plan in g.get("story", "")  # "I'm at the bakery, trying to {plan}": a stake
            if not told_plan and any(w in g.get("story", "") + g.get("excuse", "") for w in parts):
                told[act] = told.get(act, 0) + 1
    assert set(told) <= {"fail_inform", "user_bye"}, told
    assert told.get("fail_inform", 0) > 20  # why a value is not at hand is still told


def test_turn_asides_names_known_acts_and_banks() -> None:
    """A misspelt act or bank in the phrase book is a clear error naming the book, the table and the act."""
    from tooldial.dialogue import user_situation as us
    from tooldial.errors import ConfigError

    with pytest.raises(ConfigError, match=r"situation.yaml: turn_asides: inform: no frame bank.*asidez"):
        us._turn_asides({"inform": ["asidez"]})
    with pytest.raises(ConfigError, match=r"turn_asides: fail_infrom: no user act"):
        us._turn_asides({"fail_infrom": ["excuses"]})
    assert us._turn_asides({"negate": ["react"]})["negate"] == REACT


def _developer(s: ScenarioInstruction, first: str) -> ScenarioInstruction:
    persona, lead, _topic, reason = DEFAULT_PERSONA
    turns = list(s.turns)
    turns[0] = turns[0].model_copy(update={"fixed_message": first})
    return s.model_copy(update={"turns": turns, "user": UserGoal(
        persona=persona, goal="search hotels", reason=reason, situation="A developer.", known={})})


def test_an_intent_turn_that_introduced_the_user_is_the_only_introduction() -> None:
    """"I'm building a small app." in the opening: no later turn says "I'm a developer building a small app",
    "I'm asking for my app", a profile introduction or the user's plan (issue: the same self-description in
    three turns)."""
    persona, lead, _topic, reason = DEFAULT_PERSONA
    later_intros = 0
    for i in range(200):
        s = _developer(scenario(f"td-i{i}"), f"{lead} I need a place to stay.")
        renderer = _Grouped(typo_rate=0.0)
        messages = renderer.messages(s)
        later = " ".join(m for t, m in zip(s.turns[1:], messages[1:], strict=True) if t.speaker == "User")
        assert persona not in later and reason not in later and lead not in later, later
        later_intros += sum("context" in g for g in renderer.groups)
    assert later_intros == 0


def test_without_an_introduction_in_the_intent_the_user_introduces_themselves_at_most_once() -> None:
    persona, _lead, _topic, reason = DEFAULT_PERSONA
    introduced = 0
    for i in range(200):
        s = _developer(scenario(f"td-j{i}"), "I need a place to stay.")
        renderer = _Grouped(typo_rate=0.0)
        messages = renderer.messages(s)
        users = [m for t, m in zip(s.turns, messages, strict=True) if t.speaker == "User"]
        said = [m for m in users if persona in m or reason in m or m in {g.get("context") for g in renderer.groups}]
        intro_groups = [g for g in renderer.groups if "context" in g or reason in " ".join(g.values())]
        assert len(intro_groups) <= 1, intro_groups
        introduced += bool(said or intro_groups)
    assert introduced > 40  # the user still says who they are, once


def test_introduces_finds_the_personas_sentence_role_and_reason() -> None:
    entry = PERSONAS["sport"]
    persona, lead, _topic, reason = entry
    assert introduces(f"Hi! {lead} Could you list the fixtures?", entry)
    assert introduces(f"As {persona}, I'd like the fixtures.", entry)
    assert introduces(f"Could you list the fixtures? I need it {reason}.", entry)
    assert not introduces("Could you list the fixtures?", entry)
    assert persona_entry(persona) == entry and persona_entry("someone nobody wrote") == DEFAULT_PERSONA


def test_a_later_intent_utterance_does_not_introduce_the_user_again() -> None:
    entry = PERSONAS["sport"]
    pool = [Intent(f"{entry[1]} Could you list the fixtures?", []), Intent("Could you list the fixtures?", [])]
    assert [i.text for i in unintroduced(pool, entry)] == ["Could you list the fixtures?"]
    assert unintroduced(pool[:1], entry) == pool[:1]  # every one introduces: the pool is kept


def test_the_employer_is_named_only_when_the_task_is_the_users_work() -> None:
    """"I work at Campbell, Alvarado and Rollins" before a private request is a line the request never uses."""
    private = UserProfile(me="Ann", job="nurse", relation="sister", companion="Dana", employer="Moon-Wells")
    work = UserProfile(me="Ann", job="", relation="sister", companion="Dana", employer="Moon-Wells", work=True)
    co_frames = [f for f in INTRO if "{co}" in f]
    assert co_frames and not any(usable_frame(f, private) for f in co_frames)
    assert any(usable_frame(f, work) for f in co_frames)
    assert any("{co}" in f for f in (*PROFILE_LEADS, *PROFILE_CLEAR))
    from tooldial.corpus.models import Api

    api = Api(name="Send Signal", tool="t", category="Finance",
              description="Send a trading signal.")
    for seed in range(30):
        for text in personal_texts("Could you send a trading signal?", "confirm", api, private.fields(),
                                   random.Random(seed)):
            assert "Moon-Wells" not in text, text
