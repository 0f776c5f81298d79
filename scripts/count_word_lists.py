"""Count the word lists left in code (issue 29's progress measure; rough but reproducible).

A word list is a module-level assignment whose value is a literal set/frozenset/tuple/list of >= 3 strings, a
``frozenset()``/``set()``/``tuple()`` of such a literal, a call on one string literal of >= 3 words (``_W("a b c")``),
or a dict whose values are such lists. ``__all__`` lists are not counted; ``cast(T, value)`` counts its value.

Lists named in ``scripts/data/word_list_formats.txt`` are our own formats or code constants (config keys, JSON
field names of our formats, action, metric and check names, spec enumerations): they stay in code and are counted
apart; the rest is domain vocabulary left in code. A line of that file that names no counted list is reported.

``--inline`` also counts the word sets written inline in functions (the vocabulary that module-level counting
misses: ``parent & {"sport", "sports", "genre"}``, ``f.about("city", "cities", "place")``). An inline word set is
a set/tuple/list literal (also inside ``frozenset(...)``) or the positional arguments of one call, in a function's
body or argument defaults, holding >= 3 *words*. A word is a string constant of letters, digits, ``_``, ``-``,
``'`` and spaces that starts with a letter, at most 40 characters: format strings (f-strings, ``{Topic}``),
regular expressions, paths and prose are no words, so a literal of them is no word set. A set whose words are
all our own format's (the words of the module-level lists of ``word_list_formats.txt``: action names, JSON keys
of our records, metric and check names; and the values of the package's ``StrEnum`` classes: field kinds, check
names) is counted apart as a format, not as vocabulary (rough: a domain set whose every word happens to be a kind
name counts there too); ``__all__``/``__slots__`` are not counted. Decorator arguments are registrations, not vocabulary, and are not counted.
Usage: ``python scripts/count_word_lists.py [tooldial] [--all] [--domain] [--inline]`` (``--all``: lists per file;
``--domain``: each domain list left, by file, line and name; ``--inline``: inline word sets too, per file, and
with ``--domain`` each one by file and line).
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

FORMATS = Path(__file__).parent / "data" / "word_list_formats.txt"
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_' -]{0,39}")


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


def module_lists(path: Path, rel: str) -> list[tuple[str, int, str, int, ast.expr]]:
    """(path, line, name, words, value) of each module-level word list of one file."""
    found = []
    for node in ast.parse(path.read_text()).body:
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
                found.append((rel, node.lineno, ast.unparse(targets[0]), n, v))
    return found


def words_of(node: ast.AST) -> set[str]:
    """Every string constant under ``node`` (the words of a format list)."""
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def enum_values(source: str) -> set[str]:
    """The string values of the ``StrEnum`` classes of ``source`` (code constants: field kinds, check names)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and any(ast.unparse(b).endswith("StrEnum") for b in node.bases):
            out |= {s.value.value for s in node.body if isinstance(s, ast.Assign) and isinstance(s.value, ast.Constant)
                    and isinstance(s.value.value, str)}
    return out


def _words(elts: list[ast.expr]) -> list[str]:
    return [e.value for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
            and _WORD.fullmatch(e.value)]


def inline_sets(source: str, own_words: frozenset[str] = frozenset()) -> list[tuple[int, list[str], bool]]:
    """(line, words, is_format) of each inline word set in the functions of ``source`` (the module docstring's
    criterion); ``own_words``: the words of our own formats."""
    out: list[tuple[int, list[str], bool]] = []
    seen: set[int] = set()

    def visit(node: ast.AST) -> None:
        if id(node) in seen:
            return
        seen.add(id(node))
        elts = None
        if isinstance(node, (ast.Set, ast.Tuple, ast.List)):
            elts = node.elts
        elif isinstance(node, ast.Call):
            elts = node.args
        if elts is not None:
            w = _words(elts)
            if len(w) >= 3:
                out.append((node.lineno, w, set(w) <= own_words))
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in ("__all__", "__slots__") for t in targets):
                return
        for child in ast.iter_child_nodes(node):
            visit(child)

    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for part in (*fn.args.defaults, *(d for d in fn.args.kw_defaults if d is not None),
                         *(fn.body if isinstance(fn.body, list) else [fn.body])):
                visit(part)
    return sorted(out)


def main(argv: list[str]) -> None:
    args = [a for a in argv if not a.startswith("--")]
    root = Path(args[0] if args else "tooldial")
    own = formats()
    found: list[tuple[str, int, str, int, ast.expr]] = []  # (path, line, name, words, value)
    for p in sorted(root.rglob("*.py")):
        found += module_lists(p, str(p.relative_to(root)))
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
    if "--domain" in argv:
        for path, line, name, n, _ in dom:
            print(f"  {path}:{line} {name} ({n} words)")
    else:
        for k, v in sorted(per.items(), key=lambda x: -x[1])[: None if "--all" in argv else 8]:
            print(" ", k, v)
    if "--inline" in argv:
        own_words = frozenset({w for f in fmt for w in words_of(f[4])}
                              | {w for p in sorted(root.rglob("*.py")) for w in enum_values(p.read_text())})
        inline = [(str(p.relative_to(root)), *s) for p in sorted(root.rglob("*.py"))
                  for s in inline_sets(p.read_text(), own_words)]
        ifmt = [s for s in inline if s[3]]
        idom = [s for s in inline if not s[3]]
        print(f"{len(inline)} inline word sets in functions, {sum(len(s[2]) for s in inline)} words")
        print(f"  of our own formats: {len(ifmt)} sets, {sum(len(s[2]) for s in ifmt)} words")
        print(f"  domain vocabulary inline: {len(idom)} sets, {sum(len(s[2]) for s in idom)} words")
        files: dict[str, list[int]] = {}
        for path, _, w, _ in idom:
            files.setdefault(path, [0, 0])
            files[path][0] += 1
            files[path][1] += len(w)
        for k, (n, w) in sorted(files.items(), key=lambda x: (-x[1][1], x[0]))[: None if "--all" in argv else 15]:
            print(f"  {k} {n} sets, {w} words")
        if "--domain" in argv:
            for path, line, w, _ in idom:
                print(f"  {path}:{line} {' '.join(w)}")


if __name__ == "__main__":
    main(sys.argv[1:])
