"""An e-mail address across systems: a record's contact e-mail is no account's login (issue 27).

Each service keeps its own accounts, and a caller signs in, pays or reads an inbox with *their own* address. An
e-mail found in another service's record (a user profile, an employee, a WHOIS contact) therefore fills another
service's e-mail input only when that input is about the address itself: a check of it (validation, verification,
deliverability, MX) or a message sent to it. Inside one system (one tool, or one provider's tools) the address stays
that system's record and chains as before. The words are the target API's name and description.
"""

from __future__ import annotations

from tooldial.graph.entities import Entity, split_words
from tooldial.graph.record_copy import one_system
from tooldial.graph.validity import classify
from tooldial.knowledge.loader import words as knowledge_words

#: Words of an API that takes any address as its subject: checking it or writing to it.
ADDRESS_SUBJECT_WORDS = knowledge_words("accounts", "address_subject_apis")


def account_email_across_systems(output: Entity, target: Entity, target_api_text: str) -> str | None:
    """The reason when an e-mail of one system's record goes into another system's e-mail input that is not about
    the address itself (module docstring), else ``None``."""
    if one_system(output, target):
        return None
    if classify(output).standard != "email" or classify(target).standard != "email":
        return None
    if set(split_words(target_api_text)) & ADDRESS_SUBJECT_WORDS:
        return None
    return "a record's e-mail is not another service's account e-mail (the caller signs in with their own)"
