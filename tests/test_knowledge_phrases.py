"""Phrase books (``tooldial/knowledge/phrases/<language>/*.yaml``): every packaged book validates, the renderer
reads its banks from them, and a broken book is one line naming file and key."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from tooldial.errors import ConfigError
from tooldial.knowledge import loader

BOOKS = sorted(loader.PHRASES.glob("*/*.yaml"))


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_packaged_book_validates_and_its_frames_parse(path: Path) -> None:
    book = loader.read_phrase_book(path)
    assert book.language == path.parent.name and book.banks
    for name, bank in book.banks.items():
        frames = bank.phrases.values() if isinstance(bank.phrases, dict) else [bank.phrases]
        for group in frames:
            for frame in [group] if isinstance(group, str) else group:
                for text in [frame] if isinstance(frame, str) else frame:
                    list(string.Formatter().parse(text))  # a broken "{k" fails here, not mid-generation
        assert name == name.lower()


def test_the_template_renderer_reads_its_banks_from_the_books() -> None:
    from tooldial.dialogue import render_template as rt

    assert rt._THANK is loader.phrase_banks("en", "user")["thank"]
    assert rt._CLARIFY_ACK is loader.phrase_banks("en", "system")["clarify_ack"]
    assert loader.phrase_banks("en", "rewrites")["non_native"] == rt._NON_NATIVE
    assert isinstance(rt._THANK, tuple) and isinstance(rt._PAIRS[0], tuple)  # code concatenates and indexes them


GOOD = "language: en\ndoc: d\nbanks:\n  thank:\n    doc: d\n    phrases: [Thanks, Cheers]\n"


@pytest.mark.parametrize(("text", "where", "problem"), [
    (GOOD.replace("[Thanks, Cheers]", "[Thanks, yes]"), "banks.thank.phrases[1]", "valid string"),  # YAML's boolean
    (GOOD.replace("[Thanks, Cheers]", "[]"), "banks.thank.phrases", "at least one phrase"),
    (GOOD.replace("    doc: d\n", "    doc: d\n    frames: [x]\n"), "banks.thank.frames", "Extra inputs"),
    (GOOD.replace("language: en", "language: de"), "language", "not the folder's name 'en'"),
])
def test_a_broken_book_names_file_and_key(tmp_path: Path, text: str, where: str, problem: str) -> None:
    path = tmp_path / "en" / "user.yaml"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        loader.read_phrase_book(path)
    assert str(err.value).startswith(f"{path}: {where}") and problem in str(err.value)


def test_a_good_book_reads(tmp_path: Path) -> None:
    path = tmp_path / "en" / "user.yaml"
    path.parent.mkdir()
    path.write_text(GOOD, encoding="utf-8")
    assert loader.read_phrase_book(path).banks["thank"].phrases == ("Thanks", "Cheers")


def test_an_unknown_book_names_the_books_there() -> None:
    books = ", ".join(sorted(p.stem for p in (loader.PHRASES / "en").glob("*.yaml")))  # intents, rewrites, ...
    assert "rewrites, system, user" in books
    with pytest.raises(ConfigError, match=f"no phrase book 'usr' for language 'en'; books: {books}$"):
        loader.phrase_banks("en", "usr")
