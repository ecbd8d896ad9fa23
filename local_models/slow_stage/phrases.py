"""The text's quotable phrases, for models too small to quote.

A 0.5B model asked to quote its evidence mostly writes its own sentence ("The author is
25 years old."), which grounding must then reject. Offered the text's own phrases as the
only strings the schema allows, it picks among them instead, so its evidence is grounded
by construction. Phrases are cut at punctuation, symbols, line breaks and pseudonyms (an
edit must never touch one), then into pieces of a few words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

# The fast stage's own tokens: typed placeholders ([[PERSON_1]]) and masks ([REDACTED EMAIL]).
FAST_STAGE_TOKEN = re.compile(r"\[\[[A-Z][A-Z0-9_]*_\d+\]\]|\[REDACTED [A-Z_]+\]")
_BOUNDARY = re.compile(r"[.!?;:,()\"\n]+|\s[-–—]\s|\.{3}")
MAX_PHRASES = 120  # a longer text offers its first ones (the grammar grows with each)


def _cut_at_symbols(clause: str) -> list[str]:
    # Emoji and other symbols end a phrase: llama.cpp's grammar let a 0.5B model close an
    # enum string inside an emoji's bytes, an answer the schema then refused.
    parts, start = [], 0
    for index, char in enumerate(clause):
        if unicodedata.category(char)[0] in "SC" and char not in "\t":
            parts.append(clause[start:index])
            start = index + 1
    return [*parts, clause[start:]]


def quotable_phrases(text: str, max_words: int, pseudonyms: Iterable[str] = ()) -> list[str]:
    """Distinct substrings of ``text``, in order, of 1 to ``max_words`` words each, none
    touching a pseudonym."""
    known = sorted((re.escape(p) for p in pseudonyms if p), key=len, reverse=True)
    split = re.compile("|".join([FAST_STAGE_TOKEN.pattern, *known]))
    phrases: dict[str, None] = {}  # ordered and distinct
    for piece in split.split(text):
        for clause in (c for part in _BOUNDARY.split(piece) for c in _cut_at_symbols(part)):
            words = clause.split()
            for start in range(0, len(words), max_words):
                chunk = words[start : start + max_words]
                # the text's own spelling, whitespace included, so it is a substring
                found = re.search(r"\s+".join(map(re.escape, chunk)), clause)
                phrase = found.group(0) if found else ""
                if any(c.isalnum() for c in phrase):
                    phrases[phrase] = None
                if len(phrases) == MAX_PHRASES:  # a long paste: stop, not cut afterwards
                    return list(phrases)
    return list(phrases)
