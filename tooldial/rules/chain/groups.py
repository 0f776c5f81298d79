"""Chain rule ``groups``: input groups (coordinates, names, one place) come from one source record."""

from __future__ import annotations

from tooldial.dialogue.chains.records import coordinate_of, name_kind
from tooldial.knowledge.loader import words as knowledge_words
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link

#: Kinds of an address: a user who knows the street or the postal code knows the city too.
_ADDRESS = knowledge_words("field_kinds", "address")


class Groups(ChainRule):
    """Input groups come from one source record: every member, one point's coordinates."""

    checks = (ChainCheck.GROUP_MEMBER_ALONE,)

    def problem(self, link: Link) -> ChainProblem | None:
        target, chain_param, kind, edge = link.target, link.chain_param, link.kind, link.edge
        provided = {item.split("=", 1)[0] for item in str(edge.get("group_sources") or "").split(",") if "=" in item}
        partners = [m for m in str(edge.get("group_members") or "").split(",") if m and m != chain_param]
        coordinate = coordinate_of(chain_param)
        if coordinate is not None:
            point = coordinate[1]
            same_point = [p.name for p in target.parameters if p.name != chain_param
                          and (coordinate_of(p.name) or ("", None))[1] == point]
            partners += same_point
            crossed = [m for m in provided | {chain_param} if (coordinate_of(m) or ("", point))[1] != point]
            if crossed:
                return ChainProblem(ChainCheck.GROUP_MEMBER_ALONE,
                                    f"group member procured alone: coordinates of two points mixed ({', '.join(sorted(crossed))})")
            if not any((coordinate_of(p.name) or ("", None)) == (other, point) for p in target.parameters
                       for other in {"latitude", "longitude"} - {coordinate[0]}):
                # "getDateTimeByCoOrdinates" documents only a latitude: a lone latitude is no place ("Invalid Coordinates")
                return ChainProblem(ChainCheck.GROUP_MEMBER_ALONE,
                                    f"group member procured alone: the target takes {chain_param} without its pair")
        if kind in _ADDRESS:
            partners += [p.name for p in target.parameters if p.name != chain_param and name_kind(p.name, p.type) in _ADDRESS]
        if kind in ("first_name", "last_name"):
            # one person's first and last name come from one record (an article's author), or both from the user
            partners += [p.name for p in target.parameters if p.name != chain_param
                         and name_kind(p.name, p.type) in ("first_name", "last_name")]
        if kind in ("country", "country_code"):
            # a phone's region ("US") beside a country the user gives ("BR"): one place, so both or neither procured
            partners += [p.name for p in target.required_parameters if p.name != chain_param
                         and name_kind(p.name, p.type) in ("country", "country_code")]
        alone = [m for m in dict.fromkeys(partners) if target.parameter(m) is not None and m not in provided]
        if alone:
            return ChainProblem(ChainCheck.GROUP_MEMBER_ALONE,
                                f"group member procured alone: {chain_param} without {', '.join(alone)}")
        return None
