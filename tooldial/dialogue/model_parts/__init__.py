"""Model-written dialogue parts (``--llm-roles ranges,need,goal,result,answer,utterance``), each checked, the
template's part kept where the model's fails, and who wrote each part recorded in the dialogue
(``scenario.written_by``).

- ``ranges`` (:mod:`.ranges`): a typical value and the usual range of each undocumented number of an API's results,
  once per API, checked per line, then drawn from by the mock world (``generate.ScenarioFactory._write_ranges``,
  ``mockdata.builder.ResultBuilder._in_range``).
- ``need`` (:mod:`.need`): what a person wants from each API in their words, once per API; checked, then the
  retriever must find the API from it and the requests composed from it must fit the rules' bands
  (``generate.ScenarioFactory._write_needs``); it then stands for the rules' ``intents.goal_clause``.
- ``goal`` (:mod:`.goal`): the user's opening request, from both APIs' docs and the scenario's user; checked,
  then scored by the real retriever (it must land in the turn's band, so the retriever status stays true).
- ``result`` (:mod:`.results`): API results, from the docs, the request and the mock world's result (the
  documented shape with the values the dialogue uses); checked against that template, then the validator.
- ``answer`` (:mod:`.answers`): which fields of the final result the answer tells, picked among the fields the
  rules allow; checked (numbers of the list), then the validator.
- ``utterance``: every other message, by the ``openai`` renderer in turn mode
  (:mod:`tooldial.dialogue.render_llm`), which already checks each turn and falls back to the template.

Every request goes through :class:`tooldial.llm.LLMClient` (disk cache keyed by the request, never the key),
so a killed run resumes without asking again and a rerun with the same cache gives the same bytes.
"""

from tooldial.dialogue.model_parts.roles import LLM_ROLES, parse_llm_roles
from tooldial.dialogue.model_parts.writer import ModelParts, with_result

__all__ = ["LLM_ROLES", "ModelParts", "parse_llm_roles", "with_result"]
