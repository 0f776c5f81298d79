"""Hermes/Qwen `<tool_call>` blocks in answer text become OpenAI tool calls; anything else stays text."""

from __future__ import annotations

import json

from tooldial.simulation.text_tool_calls import tool_calls_from_text


def test_qwen_blocks_become_tool_calls_and_leave_the_rest_as_text() -> None:
    text = ('Let me look that up.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>\n'
            '<tool_call>{"name": "get_time", "arguments": "{\\"tz\\": \\"CET\\"}"}</tool_call>')
    rest, calls = tool_calls_from_text(text)
    assert rest == "Let me look that up."
    assert [c["function"]["name"] for c in calls] == ["get_weather", "get_time"]
    assert json.loads(calls[0]["function"]["arguments"]) == {"city": "Oslo"}
    assert json.loads(calls[1]["function"]["arguments"]) == {"tz": "CET"}
    assert calls[0]["id"] != calls[1]["id"] and calls[0]["type"] == "function"


def test_an_unterminated_last_block_still_counts() -> None:  # cut by max_tokens after the JSON
    _, calls = tool_calls_from_text('<tool_call>\n{"name": "search", "arguments": {"q": "x"}}')
    assert [c["function"]["name"] for c in calls] == ["search"]


def test_malformed_blocks_and_plain_text_are_not_calls() -> None:
    for text in ("What city?", "", None, "<tool_call>{not json}</tool_call>", '<tool_call>["search"]</tool_call>',
                 '<tool_call>{"arguments": {}}</tool_call>', '<tool_call>{"name": "  "}</tool_call>'):
        rest, calls = tool_calls_from_text(text)
        assert calls == [] and rest == (text or "")


def test_an_answer_that_is_only_a_fenced_or_bare_call_to_an_offered_tool_is_a_call() -> None:
    # Qwen2.5-Coder-1.5B's answer on the AutoDE suite (task aadd7e96…), verbatim
    fenced = ('```json\n{\n  "name": "UninstallApp",\n  "arguments": {\n    "deviceType": "mobile phone",\n'
              '    "appName": "SoundWave"\n  }\n}\n```')
    bare = '[{"name": "get_time", "arguments": {"tz": "CET"}}, {"name": "UninstallApp", "arguments": {}}]'
    offered = {"UninstallApp", "get_time"}
    rest, calls = tool_calls_from_text(fenced, offered)
    assert rest == "" and [c["function"]["name"] for c in calls] == ["UninstallApp"]
    assert json.loads(calls[0]["function"]["arguments"]) == {"deviceType": "mobile phone", "appName": "SoundWave"}
    _, calls = tool_calls_from_text(bare, offered)
    assert [c["function"]["name"] for c in calls] == ["get_time", "UninstallApp"]
    doubled = '{{"name": "UninstallApp", "arguments": {"deviceType": "tablet", "appName": "Kahoot"}}}'  # InstallApp task
    _, calls = tool_calls_from_text(doubled, offered)
    assert json.loads(calls[0]["function"]["arguments"]) == {"deviceType": "tablet", "appName": "Kahoot"}


def test_call_shaped_json_stays_text_unless_it_is_the_whole_answer_and_names_offered_tools() -> None:
    fenced = '```json\n{"name": "UninstallApp", "arguments": {"appName": "SoundWave"}}\n```'
    for text, offered in ((fenced, ()),  # no tools offered: the old behaviour
                          (fenced, {"InstallApp"}),  # names a tool not offered
                          ("Call it like this:\n" + fenced, {"UninstallApp"}),  # an example inside prose
                          ('[{"name": "UninstallApp"}, {"name": "Nope"}]', {"UninstallApp"}),  # one of them unknown
                          ('{"name": "UninstallApp", "arguments": {}', {"UninstallApp"}),  # broken JSON
                          ('{"city": "Oslo"}', {"UninstallApp"}),
                          ('<tools></tools> {{"name": "UninstallApp", "arguments": {}}}', {"UninstallApp"})):
        assert tool_calls_from_text(text, offered) == (text, [])
