"""An identifier input named exactly as a field of the source's record takes that field, not another id beside it
(``tooldial.graph.select.other_id_of_record``)."""

from __future__ import annotations

from tests.conftest import graph_entity as ent
from tooldial.graph.select import other_id_of_record


def _track(*leaves: str) -> list:
    return [ent("Music|lyrics|Track", "output", f"message|body|track|{leaf}") for leaf in leaves]


def test_another_id_beside_the_field_named_as_the_input_is_of_another_id_space():
    outputs = _track("track_id", "track_mbid", "commontrack_id")
    wants_track = ent("Music|lyrics|Lyrics", "input", "track_id")
    assert other_id_of_record(outputs[1], wants_track, outputs)  # a MusicBrainz id is no track_id
    assert other_id_of_record(outputs[2], wants_track, outputs)
    assert other_id_of_record(outputs[0], wants_track, outputs) is None  # the field itself


def test_no_twin_or_a_bare_id_input_leaves_the_candidate_to_the_other_rules():
    outputs = _track("track_mbid")
    assert other_id_of_record(outputs[0], ent("Music|lyrics|Lyrics", "input", "track_id"), outputs) is None
    # a bare id input names no record: an office_id beside the agent's own id may well be what it takes
    agent = [ent("Data|homes|Agent", "output", f"agent|{leaf}") for leaf in ("id", "office_id")]
    assert other_id_of_record(agent[1], ent("Data|homes|Office", "input", "id"), agent) is None
    # a twin elsewhere in the answer (another record) is no twin
    other = [ent("Music|lyrics|Track", "output", "message|body|album|track_id"), *outputs]
    assert other_id_of_record(outputs[0], ent("Music|lyrics|Lyrics", "input", "track_id"), other) is None
