"""Domain knowledge as data: vocabularies in YAML packs (``packs/<subject>.yaml``), validated by
:mod:`tooldial.knowledge.schema`, read once by :mod:`tooldial.knowledge.loader`, and asked through
:class:`tooldial.knowledge.lexicon.Lexicon` ("what kind of value is this field").

To add a word, edit the pack: no code changes. ARCHITECTURE.md ("Vocabularies") lists where each lives.
"""
