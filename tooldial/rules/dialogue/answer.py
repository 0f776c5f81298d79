"""World rule ``answer``: the final response reports fields of the target's result, as a careful reader expects."""

from __future__ import annotations

import re
from typing import Any

from tooldial.dialogue.answer_fields import verdict_flag
from tooldial.dialogue.mockdata import (
    STATUS_KEYS,
    as_text,
    documented_error,
    documented_output,
    leaf_items,
    values_at,
)
from tooldial.dialogue.weather import WEATHER_GOAL
from tooldial.dialogue.weather import role as weather_role
from tooldial.dialogue.world_checks import asked_left_out, enumerated_words, is_action, unasked_id
from tooldial.knowledge.loader import ordered_words
from tooldial.rules.world_check import DialogueRule, Scene, WorldCheck, WorldProblem

#: A listed record named by a yes/no flag ("I found 2 entries: true (humidity 85%) and false").
_FLAG_NAME = re.compile(r"(?i)\b(?:entries|results|records|items|\w+s):\s+(?:true|false|yes|no)\b(?:\s+\(|,|\s+and\b)")
#: A plural noun with a singular verb or number, as field names phrased carelessly read ("the copies available
#: is 1", "there is 1 copies").
_AGREEMENT = re.compile(r"\bthere is 1 (?!\w*(?:ss|us|is|news|series)\b)[a-z]{3,}s\b|\bthe (?!\w*(?:ss|us|is)\b)[a-z]{3,}s "
                        r"(?:" + "|".join(ordered_words("english", "count_participles")) + r") is\b")


class Answer(DialogueRule):
    """The answer fields (``scenario.answer_fields``) are in the result, no id unless the API's documentation is
    about ids, none the description enumerates left out, nor what a check found (its verdict flag:
    :func:`~tooldial.dialogue.answer_fields.verdict_flag`); a lookup is not answered by an error (a documented 404
    or rate limit served as its result) or by how the call went alone (``status: success``); no careless
    agreement, no record named by a yes/no flag, no weather answer without the temperature its result states."""

    kind = "answer"
    checks = (WorldCheck.ERROR_SERVED, WorldCheck.STATUS_ONLY, WorldCheck.MISSING_FIELD, WorldCheck.UNASKED_ID,
              WorldCheck.ASKED_LEFT_OUT, WorldCheck.VERDICT_LEFT_OUT, WorldCheck.AGREEMENT, WorldCheck.FLAG_AS_NAME, WorldCheck.NO_TEMPERATURE)

    def problems(self, scene: Scene) -> list[WorldProblem]:
        record, turns, corpus = scene.record, scene.turns, scene.corpus
        fields = record.scenario.get("answer_fields")
        if fields is None:  # records written before answer fields existed
            return []
        response = next((b for sp, b in turns if sp == "System" and b["action"] == "response"), None)
        if response is None:
            return []
        out = []
        result = response["api_response"].get("result", {})
        body = result.get("response", result) if isinstance(result, dict) else result
        if documented_error(body):
            out.append(WorldProblem(WorldCheck.ERROR_SERVED, f"the result answered with is an error: {as_text(body)[:80]}"))
        elif fields and all(k.split("|")[-1].lower() in STATUS_KEYS for k in fields) and not is_action(record, corpus) \
                and (corpus is None or record.target not in corpus or documented_output(corpus.get(record.target))):
            # a function documented without an output has nothing but how the call went to report
            out.append(WorldProblem(WorldCheck.STATUS_ONLY, f"a lookup answered by how the call went ({', '.join(fields)})",
                                    tuple(fields)))
        brief = next((b for b in record.scenario.get("apis", []) if b.get("api_id") == record.target), {})
        for key in fields:
            path = tuple(key.split("|"))
            if not values_at(result, path):
                out.append(WorldProblem(WorldCheck.MISSING_FIELD, f"answer field {key} is not in the result", (key,)))
            elif unasked_id(path[-1], str(brief.get("name", "")), str(brief.get("description", ""))):
                out.append(WorldProblem(WorldCheck.UNASKED_ID, f"answer field {key} is an id the user did not ask for",
                                        (key,)))
        request = response.get("api_request") or {}
        said = frozenset(as_text(v).strip() for v in {**request.get("required_parameters", {}),
                                                       **request.get("optional_parameters", {})}.values())
        # a value the user said (the record they picked from a list: "China") is no news, as the answer picker
        # (DialoguePlan.known_to_user) reads it
        user_text = " ".join(str(b.get("message", "")) for sp, b in turns if sp == "User")
        said |= {text for _, v in leaf_items(body) if (text := as_text(v).strip()) and len(text) > 2
                 and re.search(rf"(?<!\w){re.escape(text)}(?!\w)", user_text)}
        description = str(brief.get("description", ""))
        for key in asked_left_out(body, fields, enumerated_words(description), str(brief.get("name", "")),
                                  description, said):
            out.append(WorldProblem(WorldCheck.ASKED_LEFT_OUT, f"the description names {key}, the response does not "
                                    "report it", (key,)))
        inputs = [*(brief.get("required_parameters") or {}), *(brief.get("optional_parameters") or {})]
        verdict = verdict_flag(str(brief.get("name", "")), description, body, inputs)
        if verdict is not None and fields and "|".join(verdict) not in fields:
            out.append(WorldProblem(WorldCheck.VERDICT_LEFT_OUT, f"a check's response leaves out what it found "
                                    f"({'|'.join(verdict)})", ("|".join(verdict),)))
        for m in _AGREEMENT.finditer(str(response.get("message", ""))):
            out.append(WorldProblem(WorldCheck.AGREEMENT, f"the response says {m.group(0)!r}"))
        return out + weather_answer_problems(body, fields, str(brief.get("name", "")), description,
                                             str(response.get("message", "")))


def weather_answer_problems(body: Any, fields: list[str], api_name: str, description: str,
                            message: str) -> list[WorldProblem]:
    """Checks ``flag as name`` (list items named "true"/"false") and ``forecast without temperature`` (a weather
    goal answered by humidity or precipitation while its result states the air temperature)."""
    out = []
    if (m := _FLAG_NAME.search(message)) is not None:
        out.append(WorldProblem(WorldCheck.FLAG_AS_NAME, f"the response names records by a yes/no flag: {m.group(0)!r}"))
    goal = set(re.findall(r"[a-z]+", f"{api_name} {description}".lower()))
    if goal & WEATHER_GOAL and fields and not any(weather_role(k.split("|")[-1]) == "temp" for k in fields) and any(
            weather_role(path[-1]) == "temp" for path, _ in leaf_items(body)):
        out.append(WorldProblem(WorldCheck.NO_TEMPERATURE,
                                "a weather result states the temperature, the response does not"))
    return out
