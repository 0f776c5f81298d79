"""Count the module-level word lists left in code (issue 29's progress measure; rough but reproducible).

A word list is a module-level assignment whose value is a literal set/frozenset/tuple/list of >= 3 strings, a
``frozenset()``/``set()``/``tuple()`` of such a literal, a call on one string literal of >= 3 words (``_W("a b c")``),
or a dict whose values are such lists. ``__all__`` lists are not counted. Usage: ``python scripts/count_word_lists.py [tooldial] [--all]``.
"""
import ast
import sys
from pathlib import Path


def strs(node):
    if isinstance(node, (ast.Set, ast.Tuple, ast.List)):
        return sum(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
    if isinstance(node, ast.Call):
        if node.args and isinstance(node.args[0], (ast.Set, ast.Tuple, ast.List)):
            return strs(node.args[0])
        if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            return len(node.args[0].value.split())
        if node.args and isinstance(node.args[0], ast.JoinedStr):
            return 0
    if isinstance(node, ast.BinOp):
        return strs(node.left) + strs(node.right)
    return 0

args = [a for a in sys.argv[1:] if not a.startswith("--")]
root = Path(args[0] if args else "tooldial")
lists, words, per = 0, 0, {}
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
                lists += 1
                words += n
                per[str(p.relative_to(root))] = per.get(str(p.relative_to(root)), 0) + 1
print(f"{lists} module-level word lists, {words} words")
for k, v in sorted(per.items(), key=lambda x: -x[1])[: None if "--all" in sys.argv else 8]:
    print(" ", k, v)
