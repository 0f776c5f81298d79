"""Instruction prompts of the evaluation tasks (paper A.13), kept in one place and versioned.

Every prompt is sent as a single user chat message (instruction, then the dialogue history), as the original
experiments did. Training rows (``sft`` config) use the same builders, so a fine-tuned model sees at
evaluation exactly the text it was trained on. Bump :data:`PROMPT_VERSION` whenever a text changes: cached
predictions are keyed by it.

Two **profiles** of texts and layouts exist (:data:`PROFILES`):

- ``original``: the instruction texts of the released experiments (``experiments/prompts.py`` of
  holi-lab/ToolDial, byte for byte: leading newline, "Case1.", "retrived api", the overall instruction that
  asks for two dialogue states), each followed directly by the history. The paper's Table 4 numbers and the
  released TD-Llama adapters were made with these texts, so this is :data:`DEFAULT_PROFILE`.
- ``paper``: the wording of the paper's appendix A.13, the history put in place of ``{dialogue_history}``.

The layouts that go with each profile (overall task, faithfulness reference) are cut in
:mod:`tooldial.tasks.samples`.
"""

from __future__ import annotations

from typing import Literal

from tooldial.tasks.format import ACTION_PREFIX, STATE_PREFIX

PROMPT_VERSION = "tooldial-a13-v1"

Profile = Literal["original", "paper"]
PROFILES: tuple[Profile, ...] = ("original", "paper")
#: The profile ``tooldial build`` and ``tooldial eval`` use unless told otherwise: the one the paper's numbers
#: and the released fine-tuned models were produced with.
DEFAULT_PROFILE: Profile = "original"
#: ``--profile`` help of ``tooldial build`` / ``convert`` / ``eval``.
PROFILE_HELP = ("prompt texts and task layouts: original = the released ToolDial code's, byte for byte (what the "
                "paper's numbers and TD-Llama used); paper = the paper's appendix A.13 wording")

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

# --- profile "original": the released experiments' texts (experiments/prompts.py), byte for byte ------------

# Passages the released texts repeat word for word (dialogue-state cases, action list, retriever rules).
_ORIGINAL_RETRIEVER_RULES = (
    "1. The system selects the API with the highest score from among the APIs in the retriever status that have a score of 0.6 or higher, which is suitable for processing the user's query.\n"
    "2. If no APIs score is higher than 0.6, system cannot confirm the API to call.\n"
)

_ORIGINAL_STATE_CASES = (
    "Case1. When the API has not been confirmed(If the retrived api does not have an API with a score of 0.6 or higher):\n"
    "{'api_confirmed': 'false', 'api_status': 'none'}\n"
    "- The API is not confirmed, so api_confirmed is set to false.\n"
    "- Therefore, api_status is none.\n"
    "- If the api_confirmed is false, api_status must be none.\n"
    "\n"
    "Case2. When the API is confirmed(If the retrived API has an API with a score of 0.6 or higher):\n"
    "{'api_confirmed': 'true', 'api_status': {'api_name': 'API1', 'required_parameters': {'param1': '', 'param2': 'value1'}, 'optional_parameters': {'param3': ''}}\n"
    "- The API is confirmed, so api_confirmed is set to true.\n"
    "- api_status contains the name of the API and the input parameter list needed for the API call. Any parameter whose value can be extracted from the dialogue history will have its value filled in.\n"
    "- Case2's 'param1','param2','param3' is just an example value. Don't use this parameters. Refer the given API documentation on each turn.\n"
    "- The input parameter should always be determined by looking at API documentation. Don't hallucinate it.\n"
)

_ORIGINAL_ACTION_LIST = (
    "- Response: Reply to user's request based on the result of API call.\n"
    "- Clarify: If user's query is vague, re-ask user to get intent specifically. If there is no API in the most recently retrieved results with a score above 0.5, \"clarify\" is required.\n"
    "- Suggest: Making a suggestion for an unclear user's intent and ask-ing whether it satisfies the user. If there is an API in the most recently retrieved results with a score above 0.5 but none exceeding 0.6, a 'suggest' action is required.\n"
    "- Response fail: Notify the user that the system cannot execute the request due to insufficient information.\n"
    "- System bye: System says goodbye to user politely.\n"
    "- Call: Call the API with collected information from user or else and don't reply to user yet.\n"
    "- Retriever call: Call the retriever to find proper API to satisfy user's requests. The system should call the retriever in the following two situations:\n"
    "1. When the user specifies a requirement, and the system needs to search for an API to fulfill it.\n"
    "2. When the user does not provide input parameters required for an API call, and the system needs to search for another API to obtain those parameters.\n"
)

ORIGINAL_DST_PROMPT = (
    "\n"
    "Instruction: You will be given part of a dialogue between the user and the system. In this dialogue, the user is requesting information from the system, and the system will execute an API call to retrieve the necessary information.\n"
    "\n"
    "Your task is to output the appropriate dialogue state for the current turn, based on the dialogue provided.\n"
    "\n"
    "System Rules:\n"
    + _ORIGINAL_RETRIEVER_RULES
    + "\n"
    "Dialogue state format:\n"
    "\n"
    + _ORIGINAL_STATE_CASES
    + "    \n"
    "Now, part of the dialogue will be give. Just generate the dialogue state in given format. Not a single words.\n"
    "\n"
    "Dialogue:\n"
    "\n"
)

ORIGINAL_ACTION_PROMPT = (
    "\n"
    "Instruction: You will be given part of a dialogue between the user and the system. \n"
    "In this dialogue, the user is requesting information from the system, and the system will execute an API call to retrieve the necessary information.\n"
    "Your task is to predict the action that the system should take after the last utterence of the user.\n"
    "\n"
    "Read Dialogue history and return one action that is most appropriate for the system to take next.\n"
    "The actions that the system can take are as follows.\n"
    "- Request: Asks some information to user.\n"
    + _ORIGINAL_ACTION_LIST
    + "\n"
    "Of the eight actions given, return only the action that you think is most appropriate. Do not return any value other than the action given above.\n"
    "Just return the action, not a single words.\n"
    "\n"
    "Dialogue History:\n"
    "\n"
)

ORIGINAL_FAITHFULNESS_PROMPT = (
    "\n"
    "Instruction: You will be given part of a dialogue between the user and the system. \n"
    "In this dialogue, the user is requesting information from the system, and the system will execute an API call to retrieve the necessary information.\n"
    "Your task is to generate a response that satisfies the user's initial query based on the API call results provided in the dialogue history.\n"
    "\n"
    "Dialogue History:\n"
    "\n"
)

ORIGINAL_OVERALL_PROMPT = (
    "\n"
    "Instruction:\n"
    "You will be provided with part of a dialogue between the user and the system. In this dialogue, the user is requesting information from the system, and the system will make an API call to retrieve the necessary information.\n"
    "Your task is to generate an appropriate dialogue state, reasoning, and action based on the dialogue history and the user's most recent utterance. Additionally, generate an appropriate response message for the user's last utterance.\n"
    "\n"
    "---------------Refer the internal rule----------------------\n"
    "\n"
    "<Retriever status rules>\n"
    + _ORIGINAL_RETRIEVER_RULES
    + "\n"
    "<Dialogue state format>\n"
    + _ORIGINAL_STATE_CASES
    + "\n"
    "<Action list>\n"
    "The actions that the system can take are as follows.\n"
    "- Request: In a situation where the API to be executed has been determined, ask the user questions to gather information on the input parameters.\n"
    + _ORIGINAL_ACTION_LIST
    + "\n"
    "----------------------------------\n"
    "\n"
    "Based on the rules above, you will get an input as below:\n"
    "Input:\n"
    "<Dialogue history>\n"
    "User: <User's last utterance>\n"
    "\n"
    "And here is the format for what you should return:\n"
    "- Dialogue state: <First dialogue state after the user's last utterance. You generate here>\n"
    "- Thought: <System's thought process. You generate here>\n"
    "- Action: <System's action. You generate here. Choose one from <Action list>>\n"
    "- Observation: <This will be provided externally.>\n"
    "- Thought: <System's thought process. You generate here, refering the dialogue history and the observation above>\n"
    "- Action: <System's action. You generate here, refering the dialogue history and the observation above. Choose one from <Action list>>\n"
    "- Observation: <This will be provided externally.>\n"
    "...\n"
    "- Dialogue state: <Second dialogue state after the user's last utterance. You generate here>\n"
    "- Message: <System's message>\n"
    "\n"
    "Output Format Rules:\n"
    "1. Always include two dialogue states in the output:\n"
    "- The first one immediately after the user's last utterance.\n"
    "- The second one just before the system's message.\n"
    "2. Multiple reasoning steps (Thought-Action pairs) may be present in the output if required\n"
    "\n"
    "Now, generate appropriate reasoning trace and responding message to user.\n"
    "\n"
    "Dialogue History:\n"
)

ORIGINAL_JUDGE_PROMPT = (
    "\n"
    "\n"
    "You will be given a conversation between two individuals. \n"
    "\n"
    "Read the User and System conversation and evaluate whether or not the response of the last system was answered based on the API call result.\n"
    "\n"
    "Your task is to rate the responses on one metric.\n"
    "\n"
    "Please make sure you read and understand these instructions carefully. Please keep this document open while reviewing, and refer to it as needed.\n"
    "\n"
    "Evaluation Crieteria:\n"
    "\n"
    "Correctness (True or False) Is the System answering the user based on the result of API call?\n"
    "\n"
    "- True (correct) means that all information or facts in the response of the system match the result of API call.\n"
    "- False (incorrect) means that any information in the response of the system or any information that is inconsistent with the result of API call or that is not in the result of API call.\n"
    "\n"
    "Evaluation Steps:\n"
    "\n"
    "1. Read the User and System Conversation: Review the conversation thoroughly, including the user's request and the system's response. Pay attention to the flow and details of the dialogue to understand the context and user intent.\n"
    "2. Check the API Call Result: Review the result of the API call that the system used to generate its response. Make sure you fully understand the details and data returned by the API.\n"
    "3. Compare the System\u2019s Response to the API Result: Analyze the system's response in the conversation and cross-check it with the API call result. Ensure that all the facts and information presented in the response are directly supported by the API call output.\n"
    "4. Assign a Correctness Rating: Mark True if the system\u2019s response correctly aligns with the API call result, presenting all relevant information accurately. Mark False if any part of the system\u2019s response contains incorrect information, omits critical details from the API result, or includes details not supported by the API call.\n"
    "5. Submit the Rating: Provide a rating of True or False only, without any additional commentary.\n"
    "\n"
    "Dialogue History:\n"
    "{{Response}}\n"
    "\n"
    "Evaluation Form (return only \"True\" or \"False\"):\n"
    "\n"
    "- Correctness:\n"
)

#: Assistant prefixes the original evaluation forced before generation.
ASSISTANT_PREFIX: dict[Task, str] = {"dst": STATE_PREFIX, "action": ACTION_PREFIX, "faithfulness": "", "overall": ""}

_PROMPTS: dict[Task, str] = {
    "dst": DST_PROMPT,
    "action": ACTION_PROMPT,
    "faithfulness": FAITHFULNESS_PROMPT,
    "overall": OVERALL_PROMPT,
}


_ORIGINAL_PROMPTS: dict[Task, str] = {
    "dst": ORIGINAL_DST_PROMPT,
    "action": ORIGINAL_ACTION_PROMPT,
    "faithfulness": ORIGINAL_FAITHFULNESS_PROMPT,
    "overall": ORIGINAL_OVERALL_PROMPT,
}


def check_profile(profile: str) -> Profile:
    """``profile`` if it is one of :data:`PROFILES`, else a ``ValueError`` naming the choices."""
    if profile not in PROFILES:
        raise ValueError(f"unknown prompt profile {profile!r}; expected one of {', '.join(PROFILES)}")
    return profile  # type: ignore[return-value]


def instruction(task: Task, history: str, profile: Profile = "paper") -> str:
    """The full user message for ``task`` given the A.12-formatted ``history``.

    ``original``: the released instruction followed directly by the history (the release concatenated them);
    ``paper``: the A.13 text with the history in place of ``{dialogue_history}``.
    """
    if task not in _PROMPTS:
        raise ValueError(f"unknown task {task!r}; expected one of {', '.join(TASKS)}")
    if check_profile(profile) == "original":
        return _ORIGINAL_PROMPTS[task] + history
    return _PROMPTS[task].replace("{dialogue_history}", history)


def build_messages(task: Task, history: str, profile: Profile = "paper") -> list[dict[str, str]]:
    """Chat messages for one sample: a single user message, as in the original experiments."""
    return [{"role": "user", "content": instruction(task, history, profile)}]


def original_judge_prompt(model_input: str, generation: str) -> str:
    """The released faithfulness judge prompt (G-Eval correctness, sent as a system message): the whole model
    input followed by ``- Message: <generation>`` in place of ``{{Response}}``."""
    return ORIGINAL_JUDGE_PROMPT.replace("{{Response}}", f"{model_input}- Message: {generation}")
