"""Package structure: no import cycles, one registry per pluggable kind, its names are what the CLI offers."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import networkx as nx
import pytest

import tooldial
from tooldial.errors import ConfigError, TooldialError
from tooldial.registry import (
    BACKENDS,
    ENTITY_PRODUCERS,
    EVAL_TASKS,
    RECORD_RULES,
    RENDERERS,
    SIMULATORS,
    Registry,
)

PACKAGE = Path(tooldial.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> nx.DiGraph:
    """Every ``import`` of a tooldial module by another (also inside functions: a lazy import is still a
    dependency)."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            else:
                continue
            graph.add_edges_from((name, t) for t in targets if t in modules and t != name)
    return graph


def test_the_package_has_no_import_cycle() -> None:
    graph = import_graph()
    assert graph.number_of_edges() > 100  # the scan sees the package's imports
    assert list(nx.simple_cycles(graph)) == []


@pytest.mark.parametrize("registry", [BACKENDS, RENDERERS, ENTITY_PRODUCERS, EVAL_TASKS, RECORD_RULES])
def test_every_registered_target_exists(registry: Registry) -> None:
    """Each ``module:attr`` names a module of the package that defines ``attr`` (checked without importing)."""
    for name in registry:
        module, _, attr = registry.target(name).partition(":")
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin, f"{name}: no module {module}"
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
        defined = {n.name for n in tree.body if isinstance(n, ast.ClassDef | ast.FunctionDef)}
        assert attr in defined, f"{name}: {module} defines no {attr}"


def test_unknown_names_get_a_one_line_error_with_a_suggestion() -> None:
    with pytest.raises(ConfigError) as info:
        BACKENDS.create("orcale")
    message = str(info.value)
    assert "\n" not in message
    assert "did you mean 'oracle'" in message and message.startswith("backend: unknown backend 'orcale'")
    with pytest.raises(TooldialError, match="choose one of template, openai$"):
        RENDERERS.load("zzz")
    with pytest.raises(TooldialError, match="none is registered"):
        Registry("gadget").load("user")
    with pytest.raises(TooldialError, match="did you mean 'scripted'"):
        SIMULATORS.load("scripte")


def test_a_registry_loads_lazily_and_accepts_new_entries() -> None:
    registry = Registry("widget", {"ordered": "collections:OrderedDict"}, default="ordered")
    registry.register("counter", "collections:Counter")
    assert registry.names() == ("ordered", "counter") and "counter" in registry and len(registry) == 2
    assert registry.create("counter", a=2)["a"] == 2
    with pytest.raises(ValueError, match="not 'module:attr'"):
        registry.register("bad", "collections.Counter")
    with pytest.raises(ValueError, match="default"):
        Registry("widget", {}, default="missing")


def test_the_factories_use_the_registries() -> None:
    from tooldial.dialogue.render_template import TemplateRenderer
    from tooldial.dialogue.renderer import get_renderer
    from tooldial.evaluation.backends.base import make_backend
    from tooldial.evaluation.backends.oracle import OracleBackend
    from tooldial.graph.entities import OfflineEntityText, make_producer

    assert isinstance(get_renderer("template"), TemplateRenderer)
    assert isinstance(make_producer("offline"), OfflineEntityText)
    assert isinstance(make_backend("oracle"), OracleBackend)
    with pytest.raises(ConfigError, match="did you mean 'template'"):
        get_renderer("templat")


def test_cli_choices_and_defaults_come_from_the_registries() -> None:
    from tooldial.cli import build_parser
    from tooldial.evaluation.runner import EvalConfig

    parser = build_parser()
    actions = {}
    for sub in parser._subparsers._group_actions[0].choices.values():  # noqa: SLF001 - argparse has no public walk
        for action in sub._actions:  # noqa: SLF001
            actions.setdefault((sub.prog.split()[-1], action.dest), action)
    assert tuple(actions[("eval", "backend")].choices) == BACKENDS.names()
    assert actions[("eval", "backend")].default == BACKENDS.default == EvalConfig.model_fields["backend"].default
    assert tuple(actions[("eval", "task")].choices) == (*EVAL_TASKS.names(), "all")
    assert tuple(actions[("generate", "renderer")].choices) == RENDERERS.names()
    assert actions[("generate", "renderer")].default == RENDERERS.default
    assert tuple(actions[("build", "entity_text")].choices) == ENTITY_PRODUCERS.names()
    with pytest.raises(ConfigError, match="did you mean 'rule'"):
        EvalConfig(backend="rulee", dataset="d", out="o")
