"""Instruction prompts of the evaluation tasks (paper A.13), kept in one place and versioned.

Every prompt is sent as a single user chat message (instruction, then the dialogue history), as the original
experiments did. Training rows (``sft`` config) use the same builders, so a fine-tuned model sees at
evaluation exactly the text it was trained on. Bump :data:`PROMPT_VERSION` whenever a text changes: cached
predictions are keyed by it.
"""

from __future__ import annotations

from typing import Literal

from tooldial.tasks.format import ACTION_PREFIX, STATE_PREFIX

PROMPT_VERSION = "tooldial-a13-v1"

Task = Literal["dst", "action", "faithfulness", "overall"]
TASKS: tuple[Task, ...] = ("dst", "action", "faithfulness", "overall")

_INTRO = (
    "Instruction: You will be given part of a dialogue between the user and the system. In this dialogue, the user "
    "is requesting information from the system, and the system will execute an API call to retrieve the necessary "
    "information."
)

DST_PROMPT = f"""{_INTRO}
Your task is to output the appropriate dialogue state for the current turn, based on the dialogue provided.
System Rules:
1. The system selects the API with the highest score from among the APIs in the retriever status that have a score of 0.6 or higher and are suitable for processing the user's query.
2. If no API has a score higher than 0.6, the system cannot confirm the API to call.
Dialogue state format:
Case 1. When the API has not been confirmed (if the retrieved API does not have a score of 0.6 or higher):
{{'api_confirmed': 'false', 'api_status': 'none'}}
- The API is not confirmed, so api_confirmed is set to false.
- Therefore, api_status is 'none'.
- If api_confirmed is false, api_status must be 'none'.
Case 2. When the API is confirmed (if the retrieved API has a score of 0.6 or higher):
{{'api_confirmed': 'true', 'api_status': {{'api_name': 'API1', 'required_parameters': {{'param1': '', 'param2': 'value1'}}, 'optional_parameters': {{'param3': ''}}}}}}
- The API is confirmed, so api_confirmed is set to true.
- api_status contains the name of the API and the input parameter list needed for the API call. Any parameter whose value can be extracted from the dialogue history will have its value filled in.
- The 'param1', 'param2', and 'param3' in Case 2 are just example values. Do not use these parameters. Refer to the given API documentation on each turn.
- The input parameters should always be determined by consulting the API documentation. Do not hallucinate them.
Now, part of the dialogue will be given. Just generate the dialogue state in the given format, without adding any extra words.
Dialogue:
{{dialogue_history}}"""

ACTION_PROMPT = f"""{_INTRO}
Your task is to predict the action that the system should take after the last utterance of the user. Read the dialogue history and return the one action that is most appropriate for the system to take next. The actions that the system can take are as follows:
- Request: Asks the user for some information.
- Response: Replies to the user's request based on the result of the API call.
- Clarify: If the user's query is vague, re-ask the user to specify their intent. If there is no API in the most recently retrieved results with a score above 0.5, "clarify" is required.
- Suggest: Makes a suggestion for an unclear user's intent and asks whether it satisfies the user. If there is an API in the most recently retrieved results with a score above 0.5 but none exceeding 0.6, a 'suggest' action is required.
- Response fail: Notifies the user that the system cannot execute the request due to insufficient information.
- System bye: Politely says goodbye to the user.
- Call: Calls the API with the collected information from the user or other sources but does not reply to the user yet.
- Retriever call: Calls the retriever to find the proper API to satisfy the user's request. The system should call the retriever in the following two situations:
  1. When the user specifies a requirement, and the system needs to search for an API to fulfill it.
  2. When the user does not provide the input parameters required for an API call, and the system needs to search for another API to obtain those parameters.
Of the eight actions given, return only the one that you think is most appropriate. Do not return any value other than the action provided above. Just return the action, not a single word more.
Dialogue History:
{{dialogue_history}}"""

FAITHFULNESS_PROMPT = f"""{_INTRO} Your task is to generate a response that satisfies the user's initial query based on the API call results provided in the dialogue history.
Dialogue History:
{{dialogue_history}}"""

OVERALL_PROMPT = f"""{_INTRO}
Your task is to continue the dialogue as the system after the last utterance of the user. Write the system's reasoning steps in the format of the history, one line each: start with "- Dialogue State: ", then for every action "- Thought: ", "- Action:" and, after a retriever call or an API call, stop: the observation is given to you. End with "- Message: " when the system replies to the user.
Dialogue History:
{{dialogue_history}}"""

#: G-Eval style judge for faithfulness (sent as a system message; the answer is one token, true or false).
FAITHFULNESS_JUDGE_PROMPT = """You will be given a dialogue between a user and a system that calls APIs, ending with the system's final message. Your task is to judge whether the final message is faithful to the API call results in the dialogue: every fact it states must be supported by the call results, and it must answer the user's query.
Answer with exactly one word: true if the message is faithful, false otherwise.
Dialogue:
{dialogue}
- Message: {message}
Answer:"""

#: Assistant prefixes the original evaluation forced before generation.
ASSISTANT_PREFIX: dict[Task, str] = {"dst": STATE_PREFIX, "action": ACTION_PREFIX, "faithfulness": "", "overall": ""}

_PROMPTS: dict[Task, str] = {
    "dst": DST_PROMPT,
    "action": ACTION_PROMPT,
    "faithfulness": FAITHFULNESS_PROMPT,
    "overall": OVERALL_PROMPT,
}


def instruction(task: Task, history: str) -> str:
    """The full user message for ``task`` given the A.12-formatted ``history``."""
    if task not in _PROMPTS:
        raise ValueError(f"unknown task {task!r}; expected one of {', '.join(TASKS)}")
    return _PROMPTS[task].replace("{dialogue_history}", history)


def build_messages(task: Task, history: str) -> list[dict[str, str]]:
    """Chat messages for one sample: a single user message, as in the original experiments."""
    return [{"role": "user", "content": instruction(task, history)}]
