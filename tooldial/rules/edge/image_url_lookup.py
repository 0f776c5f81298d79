"""An image URL fills another tool's lookup keyed by an image URL."""

from __future__ import annotations

from tooldial.graph.lookups import image_url_into_image_input
from tooldial.graph.reasons import EdgeReason
from tooldial.graph.verdict import Verdict
from tooldial.rules.edge.base import EdgeCase, EdgeRule, Tools


class ImageUrlLookup(EdgeRule):
    """Kept: an image URL into the only input of another tool's API, whose example is an image URL."""

    tools = Tools.CROSS
    codes = (EdgeReason.IMAGE_URL_LOOKUP,)

    def judge(self, case: EdgeCase) -> Verdict | None:
        if case.keyed_lookup and image_url_into_image_input(case.source, case.target):
            return Verdict(True, "an image URL into a lookup keyed by an image URL (the input's example is one)",
                           0.7, "standard", "standard", code=EdgeReason.IMAGE_URL_LOOKUP)
        return None
