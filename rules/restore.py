"""Putting the user's values back into what the model answers.

Models do things to pseudonyms: change case, add a possessive, wrap them in Markdown,
escape them for Markdown or HTML, drop one of the double brackets, or stop mid-way at
max_tokens. The restorer matches all of those, and writes the value back in the same
encoding (HTML-escaped where the pseudonym was, Markdown-escaped where it was).

``StreamingRestorer`` gives exactly what ``Restorer.restore`` gives on the whole text,
for any split of the text into chunks: it holds back only a suffix that could still
become a pseudonym, and releases it as soon as it cannot.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Iterable

from veil.rules import lazy_regex as regex
from veil.rules.vault import PseudonymStyle, Vault, VaultEntry

_MARKDOWN_SPECIAL = "\\`*_{}[]()#+-.!|<>"
_HTML_ENTITY = regex.compile(r"&(?:#\d+|#x[0-9a-f]+|[a-z]+);", regex.IGNORECASE)

# How many characters past a match the pattern may look (closing brackets, escapes,
# lookaheads). A match ending this close to the end of a stream's buffer is held back.
_LOOKAHEAD_MARGIN = 8


def _char_pattern(char: str) -> str:
    """One pseudonym character as the model may write it: raw, escaped, or an entity."""
    code = ord(char)
    forms = [regex.escape(char)]
    if char in _MARKDOWN_SPECIAL:
        forms.append(regex.escape("\\" + char))
    if char in "&<>\"'@[]":
        forms.append(rf"&#0*{code};|&#x0*{code:x};")
        named = {"&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos"}.get(char)
        if named:
            forms.append(f"&{named};")
    if char == "'":
        forms.append("’")
    if char == " ":
        return r"(?:\s+|&nbsp;)"
    return forms[0] if len(forms) == 1 else "(?:" + "|".join(forms) + ")"


def _placeholder_pattern(pseudonym: str) -> str:
    # [[LABEL_N]] -> one or two opening brackets, LABEL, _ or \_, N, up to two closers.
    inner = pseudonym[2:-2]
    label, _, number = inner.rpartition("_")
    bracket_open = r"(?:\\?\[|&#0*91;|&lbrack;)"
    bracket_close = r"(?:\\?\]|&#0*93;|&rbrack;)"
    label_pattern = "".join(_char_pattern(c) for c in label)
    return (
        rf"{bracket_open}{{1,2}}{label_pattern}(?:\\?_|\s){number}(?!\d)"
        rf"{bracket_close}{{0,2}}"
    )


def _surrogate_pattern(pseudonym: str) -> str:
    return r"(?<![\w@])" + "".join(_char_pattern(c) for c in pseudonym) + r"(?![\w@])"


def _escape_like(value: str, matched: str) -> str:
    if _HTML_ENTITY.search(matched):
        value = html.escape(value)
    if "\\" in matched:
        value = "".join("\\" + c if c in _MARKDOWN_SPECIAL else c for c in value)
    return value


# A short chat's pattern is shared: placeholders repeat from chat to chat ([[PERSON_1]]),
# so most chats' restorers are the same pattern (compiling one took a millisecond of
# every request under 50 clients). A long chat's is its own and stays with its vault.
_SHARED_UP_TO = 16  # pseudonyms


def _compiled(alternatives: list[str]) -> regex.Pattern[str]:
    if len(alternatives) <= _SHARED_UP_TO:
        return _shared("|".join(alternatives))
    return regex.compile_now("|".join(alternatives), regex.IGNORECASE)


@functools.lru_cache(maxsize=256)
def _shared(pattern: str) -> regex.Pattern[str]:
    return regex.compile_now(pattern, regex.IGNORECASE)


class Restorer:
    """Replaces every pseudonym of one vault snapshot with its value."""

    def __init__(self, entries: Iterable[VaultEntry]) -> None:
        self._entries: list[VaultEntry] = []
        alternatives: list[str] = []
        # Longer pseudonyms first, so no alternative shadows a longer one.
        for entry in sorted(entries, key=lambda e: len(e.pseudonym), reverse=True):
            pattern = (
                _placeholder_pattern(entry.pseudonym)
                if entry.style is PseudonymStyle.PLACEHOLDER
                else _surrogate_pattern(entry.pseudonym)
            )
            alternatives.append(f"(?P<p{len(self._entries)}>{pattern})")
            self._entries.append(entry)
        self.pattern: regex.Pattern[str] | None = (  # kept with the vault (``for_vault``)
            _compiled(alternatives) if alternatives else None
        )

    @classmethod
    def for_vault(cls, vault: Vault) -> Restorer:
        """The vault's restorer as it is now, made once per version of the vault (a
        restorer holds no state of its own: streams get theirs from ``stream``)."""
        return vault.derived("restorer", cls)

    def replacement(self, match: regex.Match[str]) -> str:
        index = int(match.lastgroup[1:])
        entry = self._entries[index]
        matched = match.group(0)
        value = entry.value
        if entry.style is PseudonymStyle.SURROGATE:
            letters = [c for c in matched if c.isalpha()]
            if letters and all(c.isupper() for c in letters) and not entry.pseudonym.isupper():
                value = value.upper()
            elif letters and all(c.islower() for c in letters) and not entry.pseudonym.islower():
                value = value.lower()
            elif matched[:1].isupper() and entry.pseudonym[:1].islower():
                value = value[:1].upper() + value[1:]  # a decoy word opening a sentence
        return _escape_like(value, matched)

    def restore(self, text: str) -> str:
        if self.pattern is None:
            return text
        return self.pattern.sub(self.replacement, text)

    def stream(self) -> StreamingRestorer:
        return StreamingRestorer(self)


class StreamingRestorer:
    """``feed(delta) -> str`` and ``flush() -> str``; concatenated, equal to restore()."""

    def __init__(self, restorer: Restorer) -> None:
        self._restorer = restorer
        self._buffer = ""
        self._context = ""  # already emitted text the pattern's lookbehind may need

    @property
    def pending(self) -> str:
        """Text held back because it may be the start of a pseudonym."""
        return self._buffer

    def feed(self, delta: str) -> str:
        self._buffer += delta
        return self._release(final=False)

    def flush(self) -> str:
        return self._release(final=True)

    def _release(self, final: bool) -> str:
        pattern = self._restorer.pattern
        if pattern is None:
            out, self._buffer = self._buffer, ""
            return out
        text = self._context + self._buffer
        position = len(self._context)
        out: list[str] = []
        while position < len(text):
            match = pattern.search(text, position, partial=not final)
            if match is None:
                out.append(text[position:])
                position = len(text)
                break
            near_end = match.partial or match.end() > len(text) - _LOOKAHEAD_MARGIN
            if not final and near_end:
                out.append(text[position : match.start()])
                position = match.start()
                break
            out.append(text[position : match.start()])
            out.append(self._restorer.replacement(match))
            position = match.end()
        self._buffer = text[position:]
        emitted_source = text[:position]
        self._context = emitted_source[-_LOOKAHEAD_MARGIN:]
        return "".join(out)
