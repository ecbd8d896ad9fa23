"""Where a span sits: prose, or code that a person pasted.

NER reads `UserService` as an organisation and `user_id` as a person. Inside code it
is trusted only in string literals and comments, where people's names really occur.
"""

from __future__ import annotations

import regex

_FENCE = regex.compile(r"^[ \t]*(?:```|~~~)", regex.MULTILINE)
_INLINE_CODE = regex.compile(r"`[^`\n]+`")
_CODE_LINE = regex.compile(
    r"^[ \t]*(?:def |class |import |from \S+ import|return\b|if\b.*:$|elif |else:|for .* in |"
    r"while |try:|except|raise |const |let |var |function\b|public |private |protected |"
    r"static |#include|package |func |fn |pub |impl |use |SELECT |INSERT |UPDATE |DELETE |"
    r"CREATE |ALTER |\$ |>>> |\.\.\. |@[\w.]+(?:\(.*\))?[ \t]*$|[\w.\[\]]+ *(?:=|\+=|:=) |"
    r"[}\])];?$|\w+\(.*\);?$)"
    r"|[{;]\s*$|\)\s*\{|=>|->|::|\bnew \w+\(|\w+\.\w+\("
)
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


def line_bounds(text: str, position: int) -> tuple[int, int]:
    """Start and end (without the newline) of the line that holds ``position``."""
    end = text.find("\n", position)
    return text.rfind("\n", 0, position) + 1, len(text) if end == -1 else end


class CodeMap:
    """Answers, for offsets of one text, whether they fall in code outside strings."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._code_ranges = self._find_code_ranges(text)

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
            if _CODE_LINE.search(line.rstrip("\n")):
                ranges.append((position, position + len(line)))
            position += len(line)
        return ranges

    def in_code(self, start: int, end: int) -> bool:
        """True when [start, end) is code: not prose, and not a string or comment in code."""
        for inline in _INLINE_CODE.finditer(self._text, max(0, start - 200), end + 200):
            if inline.start() <= start and end <= inline.end():
                return True
        for range_start, range_end in self._code_ranges:
            if range_start <= start < range_end:
                line_start, line_end = line_bounds(self._text, start)
                for literal in _STRING_OR_COMMENT.finditer(self._text, line_start, line_end):
                    if literal.start() <= start and end <= literal.end():
                        return False
                return True
        return False


def looks_like_identifier(value: str) -> bool:
    """`user_id`, `com.acme.Billing`, `getUser()`, `UserService`: code, not a name."""
    if any(char in value for char in ":/\\@=<>{}[]()|$#"):
        return True  # URLs, paths, markup and expressions are never a bare name
    if _MIXED_TOKEN.search(value):
        return True  # e89b, sha256, gpt4: tokens of letters and digits are codes
    return " " not in value and bool(_IDENTIFIER.match(value))
