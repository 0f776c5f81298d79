"""A media file's URL is not the page URL an input takes."""

from __future__ import annotations

from tooldial.graph.reasons import EdgeReason
from tooldial.graph.urls import media_url_clash
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Pair


class MediaUrl(EdgeRule):
    """Two URLs, the source's of a medium (image, audio) the target does not name
    (:func:`tooldial.graph.urls.media_url_clash`)."""

    pairs = frozenset({Pair.STANDARD})
    codes = (EdgeReason.MEDIA_URL,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if case.s.standard == case.t.standard == "url" and (media := media_url_clash(case.source, case.target)):
            return Verdict(False, f"a media file's URL is not the page URL the input takes ({media})", 0.8,
                           "standard", code=EdgeReason.MEDIA_URL)
        return None
