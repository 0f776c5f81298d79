"""Chain rule ``shape``: the documented values of the output and the input agree in shape."""

from __future__ import annotations

from tooldial.dialogue.chains.documented import DATA_KEY, value_shape
from tooldial.dialogue.intents import readable
from tooldial.dialogue.mockdata import FieldName, as_text
from tooldial.knowledge.loader import ordered_words
from tooldial.rules.chaining import ChainCheck, ChainProblem, ChainRule, Link

#: Words of an output's name that say it holds a website's address.
_HOST_WORDS = ordered_words("web", "host_outputs")


class Shape(ChainRule):
    """The documented values disagree in shape: a full date (``2022-04-22``) is no day number (``15``), a
    number no word; the target would be called with a value its documentation shows it does not take."""

    checks = (ChainCheck.EXAMPLE_DATA_KEY, ChainCheck.SHAPE)

    def problem(self, link: Link) -> ChainProblem | None:
        target, chain_param, chain = link.target, link.chain_param, link.chain
        data_key = next((k for k in chain.path[:-1] if DATA_KEY.search(k)), None)
        if data_key is not None:
            # "20018x20023@2023-02-14T03_0^1^0*H_PointsBet|site": one example's record key, not a field of every answer
            return ChainProblem(ChainCheck.EXAMPLE_DATA_KEY,
                                f"the output sits under a documented example's data key: {data_key[:30]}")
        param = target.parameter(chain_param)
        if param is None:
            return None
        documented = next((v for v in (param.example, param.default) if v not in (None, "")), None)
        if documented is None or isinstance(chain.example, (dict, list)) or isinstance(documented, (dict, list)):
            return None
        if chain.example is not None:
            shown, given = as_text(chain.example), value_shape(as_text(chain.example))
        else:  # an undocumented output named as a website's address holds one ("registered|domain")
            shown, given = chain.name, "host" if FieldName(chain.name).has(*_HOST_WORDS) else ""
        taken = value_shape(as_text(documented))
        if taken == "code" and chain.example is not None and value_shape(shown.upper()) != "code":
            # a currency sign ("€", "Fr., CHf, SFr.") or a name where the documentation shows codes ("USD,JPY")
            return ChainProblem(ChainCheck.SHAPE,
                                f"documented values differ in shape: {shown[:30]!r} for {readable(chain_param)} "
                    f"{as_text(documented)[:30]!r} (codes)")
        given, taken = ("word" if shape == "code" else shape for shape in (given, taken))
        if given and taken and given != taken:
            return ChainProblem(ChainCheck.SHAPE,
                                f"documented values differ in shape: {shown[:30]!r} ({given}) for "
                    f"{readable(chain_param)} {as_text(documented)[:30]!r} ({taken})")
        return None
