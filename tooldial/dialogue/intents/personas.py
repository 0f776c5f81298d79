"""Who a user of a domain is (:data:`PERSONAS`): the persona, the sentence they open with, the topic they
name and why they ask."""

from __future__ import annotations

from tooldial.corpus.models import Api
from tooldial.dialogue.intents.text import words

# Personas that serve two category words.
_TRAVELLER = ("a traveller planning a trip", "I'm planning a trip.", "my trip", "before booking anything")
_NEWS_READER = ("a reader catching up on the news", "I'm catching up on the news.", "the news", "to stay informed")
_HEALTH = ("someone looking after their health", "I'm trying to look after my health.", "my health",
           "to look after my health")
_NEWCOMER = ("someone new in town", "I'm new in town.", "getting around", "to find my way around")
_MESSENGER = ("an office worker messaging customers", "I message customers for work.", "messaging",
              "to reach customers")

#: Who a user of a domain is: (persona, the sentence they open with, the topic they name, why they ask).
#: Keyed by the start of a lowercase word of the API's category; :func:`persona_of` picks the entry.
PERSONAS: dict[str, tuple[str, str, str, str]] = {
    "travel": _TRAVELLER,
    "flight": _TRAVELLER,
    "hotel": ("a traveller looking for a place to stay", "I'm looking for somewhere to stay.", "my stay",
              "before booking"),
    "weather": ("someone planning a weekend outdoors", "I'm planning a weekend outdoors.", "the weather",
                "to decide what to pack"),
    "sport": ("a sports fan", "I follow sports closely.", "sports", "before the next match"),
    "financ": ("an investor keeping an eye on the markets", "I'm keeping an eye on my investments.",
               "my investments", "to decide on my next trade"),
    "crypto": ("a crypto investor", "I hold some crypto.", "my crypto", "to decide whether to sell"),
    "payment": ("a shop owner handling payments", "I run a small online shop.", "payments",
                "to reconcile this week's orders"),
    "music": ("a music lover putting together a playlist", "I'm putting together a playlist.", "music",
              "for a party this weekend"),
    "movie": ("a film fan choosing what to watch", "I'm picking a film for tonight.", "films",
              "to choose what to watch tonight"),
    "entertain": ("someone looking for something fun to do", "I'm looking for something fun to do.",
                  "entertainment", "for the weekend"),
    "book": ("a reader looking for the next book", "I'm looking for something to read.", "books",
             "for my reading list"),
    "food": ("a home cook planning dinner", "I'm planning dinner.", "cooking", "for dinner tonight"),
    "restaurant": ("someone looking for a place to eat", "I'm looking for a place to eat.", "restaurants",
                   "for dinner tonight"),
    "news": _NEWS_READER,
    "media": _NEWS_READER,
    "job": ("a job seeker", "I'm looking for a new job.", "my job search", "for my job search"),
    "educat": ("a student", "I'm studying for a course.", "my studies", "for my course"),
    "health": _HEALTH,
    "medical": _HEALTH,
    "location": _NEWCOMER,
    "mapping": _NEWCOMER,
    "transport": ("a commuter", "I commute every day.", "getting around", "to plan my commute"),
    "logistic": ("a shop owner shipping orders", "I ship orders to customers.", "shipping",
                 "to keep customers posted"),
    "real": ("someone looking for a new home", "I'm looking for a new home.", "my home search",
             "for my home search"),
    "event": ("someone planning an evening out", "I'm planning an evening out.", "events",
              "for the weekend"),
    "gaming": ("a gamer", "I play a lot of games.", "gaming", "for my next session"),
    "commerce": ("an online shopper", "I'm shopping online.", "shopping", "before buying"),
    "social": ("a social media manager", "I manage social media accounts.", "social media",
               "for this week's posts"),
    "email": ("an office worker sorting their inbox", "I'm sorting out my inbox.", "email",
              "to keep my inbox clean"),
    "sms": _MESSENGER,
    "communic": _MESSENGER,
    "translat": ("someone working in several languages", "I work in several languages.", "translation",
                 "for a document I'm writing"),
    "business": ("a small-business owner", "I run a small business.", "my business", "for my business"),
    "advertis": ("a marketer running campaigns", "I run ad campaigns.", "my campaigns", "for my campaigns"),
    "science": ("a curious student of science", "I'm reading up on science.", "science", "for a class project"),
    "energy": ("a homeowner watching their energy use", "I'm keeping an eye on my energy use.", "energy",
               "to cut my bills"),
}
#: The developer persona serves technical domains (data, tools, storage, security, AI, text analysis, ...).
DEFAULT_PERSONA = ("a developer building a small app", "I'm building a small app.", "my app", "for my app")


def persona_of(api: Api) -> tuple[str, str, str, str]:
    """The :data:`PERSONAS` entry of the API's category (the developer persona when none fits)."""
    for word in words(api.category):
        for key, entry in PERSONAS.items():
            if word.startswith(key):
                return entry
    return DEFAULT_PERSONA
