"""The speakers of a pasted chat: "tom: who left the heating on", "[21:14] xXDarkReaperXx:
raid tmrw", "mossy 🍄: cant". A text is a transcript when at least two of its lines open
with a speaker and a colon; each speaker is then someone (a name or a handle), whatever
the case of what they say. Labels that open lines the same way ("Subject:", "Q:", "me:",
"Note:") are no speakers."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from veil.rules import lazy_regex as regex
from veil.rules.locatives import stop_words_of_any_language
from veil.rules.pattern import CHAT_STAMP, RELATIONS, UNSPACED_SCRIPTS

# A line's speaker: one or two words (a handle may hold digits, "_", "." and "-"), an
# emoji or two after it, then the colon and what they say.
_SPEAKER_LINE = regex.compile(
    # (a stamp, or any bracket before it: "[Today at 21:14]", "[Yesterday 9:02 PM]")
    rf"(?:^|\n)[ \t>]*(?P<stamp>{CHAT_STAMP}|\[[^\]\n]{{1,30}}\][ \t]*)?"
    # (a name's vowel signs are marks: "नेहा")
    r"(?P<speaker>@?\p{L}[\p{L}\p{M}\p{N}_.'’\-]{0,30}(?:[ \t]\p{Lu}[\p{L}'’\-]{0,20}"
    # (or a second word in a script without capitals: "शर्मा जी")
    r"|[ \t][\p{Devanagari}\p{Bengali}\p{Arabic}\p{Hebrew}\p{Thai}][\p{L}\p{M}]{0,20})?)"
    # (and a note in brackets: "शर्मा जी (B-204):", a flat's number)
    r"(?:[ \t]*\([^()\n]{1,20}\))?"
    # what they say: words, one blank after the colon (not a log's or a form's aligned
    # field, "Level:         Information", nor a key's value, "code: 18"), or, in the
    # scripts written without blanks, two of their letters ("佐々木：明日の", a full-width
    # colon)
    r"(?:[ \t]*[\p{So}\p{Sk}\uFE0F\u200D]+)*[ \t]*(?::[ ]?|：)(?=[^\s/])"
    rf"(?=[^\n]*?(?:[\p{{L}}\p{{M}}][ \t]+\S|[{UNSPACED_SCRIPTS}]{{2}}))"
)
# Line labels of forms, mails, notes and chat apps' own, in the languages the rules read
_LABELS = frozenset(
    {"me", "you", "i", "we", "user", "assistant", "bot", "ai", "system", "chatgpt", "gpt",
     "claude", "gemini", "copilot", "q", "a", "question", "answer", "note", "notes", "nb",
     "ps", "subject", "re", "fw", "fwd", "to", "from", "cc", "bcc", "date", "time", "sent",
     "reply", "edit", "update", "todo", "fixme", "warning", "error", "info", "debug", "tip",
     "step", "summary", "example", "http", "https", "ftp", "mailto", "tel", "fax", "phone",
     "email", "mail", "address", "name", "title", "status", "total", "yo", "ich", "je", "moi",
     "tu", "eu", "você", "ja", "ty", "я", "ты", "ben", "sen", "mum", "mom", "dad", "mama",
     "papa", "ma", "pa", "nan", "nana", "grandma", "grandpa", "sis", "bro", "babe", "hun",
     "wife", "hubby", "husband", "boss", "betreff", "asunto", "objet", "oggetto", "assunto",
     "onderwerp", "temat", "тема",
     # the first person in the scripts that write no blanks, and in Devanagari and Arabic
     "私", "僕", "俺", "わたし", "自分", "我", "나", "저", "मैं", "أنا"}
)  # fmt: skip
MIN_SPEAKER_LINES = 2


@dataclass(frozen=True, slots=True)
class Speaker:
    start: int
    end: int
    value: str


def speakers(text: str, first_names: frozenset[str]) -> tuple[Speaker, ...]:
    """Each speaker's place in a transcript (none if the text is no transcript);
    ``first_names`` as the name lists write them ("Tom")."""
    if (":" not in text and "：" not in text) or "\n" not in text:
        return ()
    matches = [
        match
        for match in _SPEAKER_LINE.finditer(text)
        if not _label(match.group("speaker"), first_names)
    ]
    if len(matches) < MIN_SPEAKER_LINES:
        return ()
    # a chat's own marks: someone speaks twice, or the lines carry stamps (a form's or a
    # log's fields name each thing once)
    said = Counter(match.group("speaker").casefold() for match in matches)
    stamped = sum(match.group("stamp") is not None for match in matches)
    if max(said.values()) < 2 and stamped < MIN_SPEAKER_LINES:
        return ()
    return tuple(Speaker(*match.span("speaker"), match.group("speaker")) for match in matches)


def _label(value: str, first_names: frozenset[str]) -> bool:
    """A line's label, not a speaker: a form's or an app's word, a number, or a closed-class
    word of some language that is no first name (Swedish "tom" is empty, and Tom)."""
    key = value.casefold().lstrip("@")
    if key in _LABELS or key.isdigit():
        return True
    return key in stop_words_of_any_language() and value.title() not in first_names


_RELATION = regex.compile(RELATIONS, regex.IGNORECASE)


def role(value: str, first_names: frozenset[str]) -> bool:
    """A speaker named by their relation or role ("Landlord:", "Mummy:", "Papa:"), which is
    no one's name, unless it is a first name too; a nickname ("Apple:") is a name."""
    if " " in value or value.title() in first_names:
        return False
    return _RELATION.fullmatch(value) is not None or _label(value, first_names)


_HANDLE_SHAPE = regex.compile(r"[\d_.@]|\p{Ll}\p{Lu}")


def handle_shaped(value: str, first_names: frozenset[str]) -> bool:
    """A handle's shape, not a name's: digits, "_", "." or "@" in it, a capital inside a
    word ("xXDarkReaperXx", "kai_lmao", "dana.k"), or a lower-case word that is no first
    name ("mossy"; "tom" is Tom)."""
    if _HANDLE_SHAPE.search(value):
        return True
    return value.islower() and value.title() not in first_names
