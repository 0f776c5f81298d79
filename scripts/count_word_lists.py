"""Count the module-level word lists left in code (issue 29's progress measure; rough but reproducible).

A word list is a module-level assignment whose value is a literal set/frozenset/tuple/list of >= 3 strings, a
``frozenset()``/``set()``/``tuple()`` of such a literal, a call on one string literal of >= 3 words (``_W("a b c")``),
or a dict whose values are such lists. ``__all__`` lists are not counted; ``cast(T, value)`` counts its value.

Lists named in ``scripts/data/word_list_formats.txt`` are our own formats or code constants (config keys, JSON
field names of our formats, action, metric and check names, spec enumerations): they stay in code and are counted
apart; the rest is domain vocabulary left in code. A line of that file that names no counted list is reported.
Usage: ``python scripts/count_word_lists.py [tooldial] [--all] [--domain]`` (``--all``: lists per file;
``--domain``: each domain list left, by file, line and name).
"""
import ast
import sys
from pathlib import Path

FORMATS = Path(__file__).parent / "data" / "word_list_formats.txt"


def strs(node):
    if isinstance(node, (ast.Set, ast.Tuple, ast.List)):
        return sum(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id == "cast" and len(node.args) == 2:
            return strs(node.args[1])  # the type is a string, not words
        if node.args and isinstance(node.args[0], (ast.Set, ast.Tuple, ast.List)):
            return strs(node.args[0])
        if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            return len(node.args[0].value.split())
        if node.args and isinstance(node.args[0], ast.JoinedStr):
            return 0
    if isinstance(node, ast.BinOp):
        return strs(node.left) + strs(node.right)
    return 0


def formats() -> set[tuple[str, str]]:
    """(path, name) of the lists that are our own formats (the data file's lines, comments skipped)."""
    out = set()
    for line in FORMATS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            path, rest = line.split(" ", 1)
            out.add((path, rest.split("  ", 1)[0].strip()))
    return out


args = [a for a in sys.argv[1:] if not a.startswith("--")]
root = Path(args[0] if args else "tooldial")
own = formats()
found: list[tuple[str, int, str, int]] = []  # (path, line, name, words)
for p in sorted(root.rglob("*.py")):
    for node in ast.parse(p.read_text()).body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            continue  # a module's export list names code, not vocabulary
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            v = node.value
            n = strs(v)
            if isinstance(v, ast.Dict) and v.values:
                n2 = [strs(x) for x in v.values]
                if all(x >= 1 for x in n2) and sum(n2) >= 3:
                    n = sum(n2)
            if n >= 3:
                found.append((str(p.relative_to(root)), node.lineno, ast.unparse(targets[0]), n))
fmt = [f for f in found if (f[0], f[2]) in own]
dom = [f for f in found if (f[0], f[2]) not in own]
print(f"{len(found)} module-level word lists, {sum(f[3] for f in found)} words")
print(f"  our own formats and code constants ({FORMATS.name}): {len(fmt)} lists, {sum(f[3] for f in fmt)} words")
print(f"  domain vocabulary left in code: {len(dom)} lists, {sum(f[3] for f in dom)} words")
for path, name in sorted(own - {(f[0], f[2]) for f in found}):
    print(f"  stale line of {FORMATS.name}: {path} {name} (no such list)")
per: dict[str, int] = {}
for f in found:
    per[f[0]] = per.get(f[0], 0) + 1
if "--domain" in sys.argv:
    for path, line, name, n in dom:
        print(f"  {path}:{line} {name} ({n} words)")
else:
    for k, v in sorted(per.items(), key=lambda x: -x[1])[: None if "--all" in sys.argv else 8]:
        print(" ", k, v)
