"""Where a span sits: prose, or code that a person pasted.

NER reads `UserService` as an organisation and `user_id` as a person. Inside code it
is trusted only in string literals and comments, where people's names really occur.
"""

from __future__ import annotations

import bisect
import functools

from veil.rules import lazy_regex as regex

# [ \t]*+: what follows never starts with a blank, and backing off a line of padding one
# blank at a time costs a pass over it per blank.
_FENCE = regex.compile(r"^[ \t]*+(?:```|~~~)", regex.MULTILINE)
_INLINE_CODE = regex.compile(r"`[^`\n]+`")
_LINE_OPENS_AS_CODE = (
    r"^[ \t]*+(?:def |class |import |from \S+ import|return\b|if\b.*:$|elif |else:|for .* in |"
    r"while |try:|except|raise |const |let |var |function\b|public |private |protected |"
    r"static |#include|package |func |fn |pub |impl |use |SELECT |INSERT |UPDATE |DELETE |"
    r"CREATE |ALTER |\$ |>>> |\.\.\. |@[\w.]+(?:\(.*\))?[ \t]*$|[\w.\[\]]+ *(?:=|\+=|:=) |"
    r"[}\])];?$|\w+\(.*\);?$)"
)
# \b: not tried from inside a word, which runs each try to the word's end (quadratic).
# A ";" after a Greek word is Greek's question mark ("Τι σχέση έχει ο Μίνωας;"), not a
# statement's end.
_CODE_IN_LINE = r"(?:\{|(?<!\p{Greek});)\s*$|\)\s*\{|=>|->|::|\bnew \w+\(|\b\w+\.\w+\("
_CODE_LINE = regex.compile(rf"{_LINE_OPENS_AS_CODE}|{_CODE_IN_LINE}")
# The same test in two parts: the first can match only where the line starts (``^``, not
# multiline), and the second needs one of a few marks ("{", ";", "=>", "->", "::", or a
# word right before "("), which most prose lines lack: the pattern's tries from every
# position of a long line are spared.
_OPENS_AS_CODE = regex.compile(_LINE_OPENS_AS_CODE)
_CODE_MARK_IN_LINE = regex.compile(_CODE_IN_LINE)
_CALL = regex.compile(r"\w\(")


def _code_line(line: str) -> bool:
    """Whether ``_CODE_LINE.search(line)`` finds a match."""
    if _OPENS_AS_CODE.match(line):
        return True
    marked = any(mark in line for mark in ("{", ";", "=>", "->", "::"))
    if not marked and not ("(" in line and _CALL.search(line)):
        return False
    return _CODE_MARK_IN_LINE.search(line) is not None


_STRING_OR_COMMENT = regex.compile(
    r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|(?:(?<!\S)#|//|(?<!\S)--|/\*)\s.*$",
    regex.MULTILINE,
)
# Shapes of identifiers: snake_case, dotted.names, paths, mixedCase, calls.
_IDENTIFIER = regex.compile(
    r"^(?:[\w$]*_[\w$]*|[\w$-]+(?:[./\\][\w$-]+)+|\w*[a-z]\d\w*|\w+\(\)?|"
    r"(?!(?:Mc|Mac|De|Di|Da|Du|La|Le|Van|Von|O')[A-Z])[A-Z]?[a-z]+[A-Z]\w*|[a-z]+[A-Z]\w*)$"
)


_MIXED_TOKEN = regex.compile(r"\b(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z\d]{2,}\b")


def line_bounds(text: str, position: int, radius: int | None = None) -> tuple[int, int]:
    """Start and end (without the newline) of the line that holds ``position``; with
    ``radius``, no further than that from it: a check that reads a neighbourhood must not
    read a whole line per call, which on a one-line paste of megabytes is quadratic."""
    low = 0 if radius is None else max(0, position - radius)
    high = len(text) if radius is None else min(len(text), position + radius)
    start, end = text.rfind("\n", low, position), text.find("\n", position, high)
    return low if start == -1 else start + 1, high if end == -1 else end


# The recognizers that read language each ask for the same text's map: made once.
_SHARED_MAP_CHARS = 100_000  # a map of a longer text is not kept after its use


def code_map(text: str) -> CodeMap:
    """``CodeMap(text)``, the same one for the same text asked again (the last few)."""
    return _kept_map(text) if len(text) <= _SHARED_MAP_CHARS else CodeMap(text)


@functools.lru_cache(maxsize=4)
def _kept_map(text: str) -> CodeMap:
    return CodeMap(text)


class CodeMap:
    """Answers, for offsets of one text, whether they fall in code outside strings.

    Each answer costs a few binary searches, not a pass over the text: NER asks once per
    entity, and a pasted file of megabytes holds thousands of them."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._code_ranges = _union(self._find_code_ranges(text))
        self._code_starts = [start for start, _ in self._code_ranges]
        self._newlines: list[int] | None = None
        self._literals: dict[int, list[tuple[int, int]]] = {}  # by line start

    @staticmethod
    def _find_code_ranges(text: str) -> list[tuple[int, int]]:
        ranges: list[tuple[int, int]] = []
        fences = [m.start() for m in _FENCE.finditer(text)]
        for opening, closing in zip(fences[0::2], fences[1::2], strict=False):
            ranges.append((opening, closing))
        if len(fences) % 2:
            ranges.append((fences[-1], len(text)))
        position = 0
        for line in text.splitlines(keepends=True):
            if _code_line(line.rstrip("\n")):
                ranges.append((position, position + len(line)))
            position += len(line)
        return ranges

    def in_code_lines(self, start: int) -> bool:
        """True when ``start`` lies on a line of code or in a fenced block, strings and
        comments included (a config's host, a log's referrer)."""
        index = bisect.bisect_right(self._code_starts, start) - 1
        return index >= 0 and start < self._code_ranges[index][1]

    def in_code(self, start: int, end: int) -> bool:
        """True when [start, end) is code: not prose, and not a string or comment in code."""
        for inline in _INLINE_CODE.finditer(self._text, max(0, start - 200), end + 200):
            if inline.start() <= start and end <= inline.end():
                return True
        index = bisect.bisect_right(self._code_starts, start) - 1
        if index < 0 or start >= self._code_ranges[index][1]:
            return False
        literals = self._line_literals(start)
        inside = bisect.bisect_right(literals, (start, len(self._text))) - 1
        return not (inside >= 0 and end <= literals[inside][1])

    def _line_literals(self, position: int) -> list[tuple[int, int]]:
        """The strings and comments of the line that holds ``position``, in order."""
        if self._newlines is None:
            self._newlines = [m.start() for m in _NEWLINE.finditer(self._text)]
        line = bisect.bisect_left(self._newlines, position)
        line_start = self._newlines[line - 1] + 1 if line else 0
        literals = self._literals.get(line_start)
        if literals is None:
            line_end = self._newlines[line] if line < len(self._newlines) else len(self._text)
            found = _STRING_OR_COMMENT.finditer(self._text, line_start, line_end)
            literals = self._literals[line_start] = [m.span() for m in found]
        return literals


_NEWLINE = regex.compile(r"\n")


def _union(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted, non-overlapping ranges covering the same offsets."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def looks_like_identifier(value: str) -> bool:
    """`user_id`, `com.acme.Billing`, `getUser()`, `UserService`: code, not a name."""
    if any(char in value for char in ":/\\@=<>{}[]()|$#"):
        return True  # URLs, paths, markup and expressions are never a bare name
    if _MIXED_TOKEN.search(value):
        return True  # e89b, sha256, gpt4: tokens of letters and digits are codes
    return " " not in value and bool(_IDENTIFIER.match(value))
