"""Value ranges are data (``measures.allowed_ranges``, ``measures.drawn_ranges``): the record rule ``values`` checks
a number against its kind's allowed range, and an undocumented number is drawn from its kind's drawn range, so a
price change is a few percent either way ("-1.14"), never a whole 5..95 (review of session 16: "chg_pct": "57",
"percentage_change_1h": "48")."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tooldial.corpus.models import Api, OutputComponent
from tooldial.dialogue.mockdata import build_result, leaf_items
from tooldial.errors import ConfigError
from tooldial.knowledge import loader
from tooldial.rules.record import check_record


@pytest.mark.parametrize(
    ("text", "low", "high", "decimals"),
    [
        ("0..100", 0.0, 100.0, 0),
        ("-6.00..6.00", -6.0, 6.0, 2),
        (" -60 .. 125 ", -60.0, 125.0, 0),
        ("1..4.5", 1, 4.5, 1),
    ],
)
def test_a_range_reads_its_ends_and_decimals(text: str, low: float, high: float, decimals: int) -> None:
    assert loader.parse_range(text) == loader.NumberRange(low, high, decimals)


@pytest.mark.parametrize("text", ["6..-6", "ten..20", "1-4", "..5", 5, ["1", "4"]])
def test_what_is_no_range_is_refused(text: object) -> None:
    with pytest.raises(ValueError, match="no range"):
        loader.parse_range(text)


def test_a_broken_range_in_a_pack_names_file_map_and_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "broken_ranges.yaml").write_text(
        "subject: broken_ranges\ndoc: test\nmaps:\n  drawn:\n    doc: d\n    entries:\n      percent: '95..5'\n"
    )
    monkeypatch.setattr(loader, "PACKS", tmp_path)
    with pytest.raises(ConfigError) as err:
        loader.number_ranges("broken_ranges", "drawn")
    text = str(err.value)
    assert (
        "broken_ranges.yaml" in text
        and "maps.drawn.entries" in text
        and "percent" in text
        and "95..5" in text
    )


def test_a_drawn_range_draws_inside_it_in_its_form() -> None:
    rng = random.Random(0)
    whole, fine = loader.NumberRange(5, 95, 0), loader.NumberRange(-6, 6, 2)
    drawn = [whole.draw(rng) for _ in range(200)]
    assert all(d.isdigit() and 5 <= int(d) <= 95 for d in drawn)
    changes = [fine.draw(rng) for _ in range(200)]
    assert all(-6 <= float(c) <= 6 and len(c.split(".")[1]) == 2 for c in changes)
    assert any(float(c) < 0 for c in changes) and any(float(c) > 0 for c in changes)


def _quote_api() -> Api:
    return Api(
        category="Finance",
        tool="quotes",
        name="Stock Quote",
        description="A stock's latest quote",
        output_components=tuple(
            OutputComponent(path=(name,))
            for name in ("symbol", "change_percent", "chg_pct", "fiftyDayAverageChangePercent", "humidity")
        ),
    )


def test_an_undocumented_price_change_is_a_few_percent_either_way() -> None:
    changes, plain = [], []
    for seed in range(30):
        result = build_result(_quote_api(), random.Random(seed))["response"]
        values = {path[-1]: value for path, value in leaf_items(result)}
        changes += [float(values[k]) for k in ("change_percent", "chg_pct", "fiftyDayAverageChangePercent")]
        plain.append(float(values["humidity"]))
    drawn = loader.number_ranges("measures", "drawn_ranges")
    assert all(c in drawn["percent_change"] for c in changes)
    assert sum(c < 0 for c in changes) >= len(changes) // 4  # signed, not only gains
    assert all(p in drawn["percent"] and p == int(p) for p in plain)  # a humidity stays a whole 5..95


def test_the_values_rule_reads_its_ranges_from_the_pack() -> None:
    from tooldial.rules.world import values

    assert values._ALLOWED is loader.number_ranges("measures", "allowed_ranges")
    assert not check_record({"change_percent": -30})  # a change may fall
    assert [p.keys for p in check_record({"humidity": -30})] == [("humidity",)]  # a share may not
    assert [p.keys for p in check_record({"temp_f": 130, "temp_min_f": 100})] == [("temp_f",)]
    assert not check_record({"years_active": 12}) and check_record({"year": 12})  # only a year's own field
