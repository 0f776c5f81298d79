"""How a user types (``dialogue/user_register.py``): drawn once per dialogue, never touching values or slot names."""

from __future__ import annotations

import random
import re

from tests.test_render_template import scenario
from tooldial.dialogue.render_template import PERSONAS, Protect, TemplateRenderer, _pick
from tooldial.dialogue.renderer import check_messages
from tooldial.dialogue.user_register import (
    CHAT_FORMS,
    CHAT_PERSONAS,
    Register,
    casual_value,
    draw_register,
    typos,
)


def _persona(dialogue_id: str) -> str:
    return _pick(random.Random(f"template:{dialogue_id}"), PERSONAS)


def test_register_is_drawn_per_dialogue_and_only_for_chat_personas() -> None:
    for i in range(200):
        assert draw_register(f"td-{i}", "typo", 0.06) == draw_register(f"td-{i}", "typo", 0.06)
        for persona in ("formal", "non_native"):
            assert not draw_register(f"td-{i}", persona).chat  # a formal or non-native user writes in full
        # a typo-prone user slips most; a plain, chatty or terse one now and then; formal / non-native never
        assert draw_register(f"td-{i}", "plain", 0.06).typo_rate < draw_register(f"td-{i}", "typo", 0.06).typo_rate
        assert draw_register(f"td-{i}", "formal", 0.06).typo_rate == 0.0
    share = sum(draw_register(f"td-{i}", "typo").chat for i in range(400)) / 400
    assert abs(share - CHAT_PERSONAS["typo"][0]) < 0.08
    assert sum(draw_register(f"td-{i}", "plain").chat for i in range(400)) < 0.4 * 400


def test_all_forms_never_touch_protected_values_or_slot_names() -> None:
    everyone = Register(forms={i: spellings[0] for i, (_, spellings) in enumerate(CHAT_FORMS)}, use=1.0, lower=1.0,
                        drop_stop=True, typo_rate=0.0)
    p = Protect()
    text = (f"I don't know {p('your account id')}, thank you. Please use {p('I am you')} because it's "
            f"{p('okay really')}.")
    out = p.restore(everyone.apply(text, random.Random(0)))
    assert "your account id" in out and "I am you" in out and "okay really" in out
    assert "idk" in out and "pls" in out and "cos" in out and not out.endswith(".")


def test_one_spelling_per_person_and_faithful_messages() -> None:
    renderer = TemplateRenderer()
    chat_users = 0
    for i in range(300):
        s = scenario(f"td-{i}")
        messages = renderer.messages(s)
        assert check_messages(s, messages) == []  # values verbatim, fixed messages kept
        register = draw_register(s.dialogue_id, _persona(s.dialogue_id), renderer.typo_rate)
        if not register.forms:
            continue
        chat_users += 1
        user = " ".join(m for t, m in zip(s.turns, messages, strict=True) if t.speaker == "User")
        for index, spelling in register.forms.items():
            # the person has one chat spelling for each habit; another spelling of it never appears
            for other in set(CHAT_FORMS[index][1]) - {spelling}:
                elsewhere = any(other.lower() in x.lower().split() for j, (_, sp) in enumerate(CHAT_FORMS)
                                if j != index for x in sp)
                lowered = other.lower() in (CHAT_FORMS[index][0].lower(), spelling.lower())  # a lower-case start
                if " " not in other and not lowered and not elsewhere:
                    assert not re.search(rf"(?<![\w']){re.escape(other)}(?![\w'])", user), (other, user)
    assert chat_users > 20


def test_chat_register_off_keeps_the_frames() -> None:
    plain = TemplateRenderer(chat=False)
    for i in range(100):
        s = scenario(f"td-{i}")
        user = " ".join(m for t, m in zip(s.turns, plain.messages(s), strict=True)
                        if t.speaker == "User" and t.fixed_message is None)
        if _persona(s.dialogue_id) != "typo":
            assert not re.search(r"\b(idk|thx|pls|dont|im)\b", user), user


def test_keyboard_typos_are_deterministic_and_spare_short_words() -> None:
    text = "Please find the weather for my trip"
    out = typos(text, random.Random(3), 1.0)
    assert out == typos(text, random.Random(3), 1.0)
    words = out.split()
    assert words[2] == "the" and words[4:6] == ["for", "my"]  # words under four letters are never misspelt
    assert all(a != b for a, b in zip(words, text.split(), strict=True) if len(b) >= 4)


def test_casual_values_say_the_same_date_time_or_amount() -> None:
    rng = random.Random(5)
    for _ in range(20):
        date = casual_value("16 July 2025", rng)
        assert "16" in date and ("Jul" in date or date == "the 16th")
        assert casual_value("2025-11-29", rng) != "2025-11-29" and "29" in casual_value("2025-11-29", rng)
        clock = casual_value("14:00", rng)
        assert clock.startswith("2") and ("pm" in clock or "afternoon" in clock)
        assert casual_value("426.00", rng) == "426"
        assert casual_value("68,421.50", rng) in ("68,421.50", "about 68,422", "68,421 and change")
        assert casual_value("3.85", rng) in ("3.85", "about 4", "3 and change")  # never a bare "3"
        assert casual_value("40298.51", rng) in ("40298.51", "about 40299", "40298 and change")
    for other in ("Lisbon", "2.3%", "1 July 2025 at 19:15", "2025-13-01", "ev_661020"):
        assert casual_value(other, rng) == other  # not wholly a date, time or amount: as it was
