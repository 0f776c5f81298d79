"""Install the feature-setting dependencies at exactly their floors from ``pyproject.toml`` and run tests on them.

    python scripts/check_floors.py [--target DIR] [--tests "tests/test_dataset_build.py ..."]

Not part of the default test suite (it downloads packages from PyPI). The floors of :data:`FEATURE_FLOORS` —
the packages whose floor is set by an API tooldial uses (the reasons are comments in ``pyproject.toml``) — are
installed with ``pip install --no-deps --target DIR`` into an overlay directory that is put first on
``PYTHONPATH``, so the tests import e.g. ``datasets==4.7.0`` and ``trl==1.8.0`` while torch and everything else
come from the current environment (pinning *every* floor at once is infeasible: small floors such as tqdm's sit
below what datasets itself requires). Prints the versions the tests import and exits with pytest's status.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FEATURE_FLOORS = ("transformers", "sentence-transformers", "peft", "trl", "datasets", "huggingface_hub", "pyarrow",
                  "accelerate", "openai")
DEFAULT_TESTS = ("tests/test_dataset_build.py tests/test_dataset_sft.py tests/test_model_resolver.py "
                 "tests/test_train.py tests/test_eval_provenance.py")


def floor_constraints(pyproject: Path) -> list[str]:
    """``name==floor`` for every ``name[extras]>=floor`` / ``name==pin`` dependency."""
    deps = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["dependencies"]
    out = []
    for dep in deps:
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)(\[[^\]]*\])?\s*(>=|==)\s*([^,;\s]+)", dep.strip())
        if match:
            out.append(f"{match.group(1)}=={match.group(4)}")
    return out


#: Prints the requirements (no extras) of the distributions in the overlay that no installed distribution meets.
_MISSING = """
import importlib.metadata as m, pathlib, sys
from packaging.requirements import Requirement
out = set()
for dist in m.distributions(path=[sys.argv[1]]):
    for text in dist.requires or []:
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        try:
            m.version(req.name)
        except m.PackageNotFoundError:
            out.add(str(req).split(";")[0].replace(" ", ""))
print(" ".join(sorted(out)))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", type=Path, default=Path("/tmp/tooldial-floors"))
    parser.add_argument("--tests", default=DEFAULT_TESTS, help="pytest arguments (default: %(default)s)")
    args = parser.parse_args(argv)
    floors = [c for c in floor_constraints(REPO / "pyproject.toml") if c.split("==")[0] in FEATURE_FLOORS]
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--upgrade", "--target",
                    str(args.target), *floors], check=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(args.target), str(REPO)])}
    for _ in range(3):  # requirements of the floored releases that this environment lacks (e.g. httpcore)
        missing = subprocess.run([sys.executable, "-c", _MISSING, str(args.target)], check=True,
                                 capture_output=True, text=True, env=env).stdout.split()
        if not missing:
            break
        print("also installing, for the floored releases:", *missing, flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target",
                        str(args.target), *missing], check=True)
    names = [c.split("==")[0] for c in floors]
    shown = subprocess.run([sys.executable, "-c", "import importlib.metadata as m, sys; "
                            "print('\\n'.join(f'{n}=={m.version(n)}' for n in sys.argv[1:]))", *names],
                           check=True, capture_output=True, text=True, env=env).stdout
    print("the tests import:\n" + shown, flush=True)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args.tests.split()],
                          cwd=REPO, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
