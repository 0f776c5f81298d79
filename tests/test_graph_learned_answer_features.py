"""Learned edge scorer, sixth round (issue 10): the documented-answer features (does the target return more than
the source record holds?) and the operating points reported out of fold (precision at recall >= 0.85, recall at
precision >= 0.85). Made-up tools only."""

from __future__ import annotations

import numpy as np
from conftest import graph_entity

from tooldial.graph.edge_features import FEATURE_NAMES, FeatureContext, answer_lookups
from tooldial.graph.learned import operating_points

ent = graph_entity


def _context(outputs) -> FeatureContext:
    record, answer, lists = answer_lookups(outputs)
    empty = np.zeros((0, 1))
    return FeatureContext({}, empty, empty, empty, {}, {}, {}, {}, {}, {}, record, answer, lists, {})


def _answer_row(context: FeatureContext, source, target) -> dict[str, float]:
    col = {n: i for i, n in enumerate(FEATURE_NAMES)}
    row = np.zeros(len(FEATURE_NAMES))
    context._answer_features(row, col, source, target, source.tool_id == target.tool_id)
    return {n: row[col[n]] for n in ("answer_held", "answer_new_log", "answer_undocumented", "answer_one_record",
                                     "held_x_one_record", "same_leaf", "type_agree")}


def test_the_answer_features_tell_a_detail_from_the_same_record_again():
    listing, same, detail, many = ("Food|menu_box|List dishes", "Food|menu_box|Dish by id",
                                   "Food|menu_box|Dish details", "Food|menu_box|Dishes by cuisine")
    outputs = [ent(listing, "output", k, is_list=True) for k in ("items|id", "items|name")]
    outputs += [ent(same, "output", k) for k in ("id", "name", "status")]  # ``status`` is no answer
    outputs += [ent(detail, "output", k) for k in ("id", "name", "recipe", "calories")]
    outputs += [ent(many, "output", k, is_list=True) for k in ("items|id", "items|name")]
    context = _context(outputs)
    key = outputs[0]
    again = _answer_row(context, key, ent(same, "input", "id"))
    assert again["answer_held"] == 1.0 and again["answer_new_log"] == 0.0 and again["answer_one_record"] == 1.0
    assert again["same_leaf"] == 1.0 and again["type_agree"] == 1.0
    more = _answer_row(context, key, ent(detail, "input", "id"))
    assert more["answer_held"] == 0.5 and abs(more["answer_new_log"] - np.log1p(2)) < 1e-9
    assert _answer_row(context, key, ent(many, "input", "id"))["answer_one_record"] == 0.0  # a list of records
    blank = _answer_row(context, key, ent("Food|menu_box|Order", "input", "dish_id", type="integer"))
    assert blank["answer_undocumented"] == 1.0 and blank["answer_held"] == 0.0
    assert blank["same_leaf"] == 0.0 and blank["type_agree"] == 0.0


def test_operating_points_sweep_every_threshold_and_say_when_a_level_is_unreachable():
    p = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.0])
    y = np.array([True, True, False, True, False, True])
    candidate = np.array([True, True, True, True, True, False])  # the last valid pair is never an edge
    at_recall, at_precision = operating_points(p, y, candidate, level=0.5)
    assert at_recall == 1.0  # keep the top two: recall 2/4 = 0.5, precision 1.0
    assert at_precision == 0.75  # keep the top four: precision 3/4, recall 3/4
    # recall 0.85 needs the pair that is no candidate: unreachable
    assert operating_points(p, y, candidate, level=0.85)[0] is None
