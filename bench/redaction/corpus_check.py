"""Load and sanity-check the labelled redaction corpus (bench/redaction/corpus/prompts.txt).

Format (see the header of this module's ``load_corpus``):

* records are separated by a line containing only ``%%%``;
* each record starts with ``# id=<unique-id> category=<category>``, followed by the prompt text;
* entities are marked inline as ``{{LABEL|value}}``; the loader strips the markup and records the
  span of ``value`` in the clean text.

Run ``python -m bench.redaction.corpus_check`` (or this file directly). Exit status is non-zero when
any check fails. Only the standard library and ``phonenumbers`` are needed.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import phonenumbers

CORPUS_PATH = Path(__file__).resolve().parent / "corpus" / "prompts.txt"

LABELS = frozenset(
    {
        "EMAIL",
        "PHONE",
        "CREDIT_CARD",
        "IBAN",
        "US_SSN",
        "IP_ADDRESS",
        "MAC_ADDRESS",
        "URL",
        "USERNAME",
        "DATE_OF_BIRTH",
        "STREET_ADDRESS",
        "ID_NUMBER",
        "SECRET",
        "PERSON",
        "LOCATION",
        "ORGANIZATION",
        "NORP",
    }
)

CATEGORIES = frozenset(
    {
        "email_draft",
        "pasted_log",
        "env_file",
        "code",
        "medical",
        "finance",
        "other_language",
        "obfuscated",
        "hard_negative",
        "mixed",
    }
)

SEPARATOR = "%%%"
HEADER_RE = re.compile(r"^# id=(?P<id>[A-Za-z0-9_.-]+) category=(?P<category>[a-z_]+)\s*$")
# Label, then the value up to the first "}}". DOTALL so multi-line values (addresses, PEM blocks)
# are captured; whether a newline is allowed is checked separately.
MARK_RE = re.compile(r"\{\{([A-Z_]+)\|(.*?)\}\}", re.DOTALL)

PHONE_REGIONS = (None, "US", "GB", "DE", "FR", "NL", "ES", "IT")

# Spoken digits used in the obfuscated records ("four one five ...", "double seven").
_DIGIT_WORDS = {
    "zero": "0",
    "oh": "0",
    "o": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
}
_REPEAT_WORDS = {"double": 2, "triple": 3}


class CorpusError(ValueError):
    """Raised when prompts.txt does not follow the format."""


def _split_records(raw: str) -> list[tuple[int, list[str]]]:
    """Split the file into (first line number, lines) chunks on ``%%%`` lines."""
    chunks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 1
    for lineno, line in enumerate(raw.split("\n"), start=1):
        if line.rstrip("\r") == SEPARATOR:
            chunks.append((start, current))
            current = []
            start = lineno + 1
        else:
            current.append(line.rstrip("\r"))
    chunks.append((start, current))
    out = []
    for start_line, lines in chunks:
        # Drop blank lines around the record; keep everything inside it verbatim.
        while lines and not lines[0].strip():
            lines = lines[1:]
            start_line += 1
        while lines and not lines[-1].strip():
            lines = lines[:-1]
        if lines:
            out.append((start_line, lines))
    return out


def parse_marked(marked: str) -> tuple[str, list[dict]]:
    """Strip ``{{LABEL|value}}`` markup; return the clean text and the spans of the values."""
    parts: list[str] = []
    spans: list[dict] = []
    pos = 0
    length = 0
    for m in MARK_RE.finditer(marked):
        before = marked[pos : m.start()]
        parts.append(before)
        length += len(before)
        label, value = m.group(1), m.group(2)
        spans.append({"start": length, "end": length + len(value), "label": label, "value": value})
        parts.append(value)
        length += len(value)
        pos = m.end()
    parts.append(marked[pos:])
    return "".join(parts), spans


def _load_raw(path: str | Path) -> list[dict]:
    """Like ``load_corpus`` but keeps ``_line`` (first line of the record) and ``_marked``."""
    raw = Path(path).read_text(encoding="utf-8")
    records = []
    for start_line, lines in _split_records(raw):
        m = HEADER_RE.match(lines[0])
        if not m:
            raise CorpusError(f"line {start_line}: bad record header: {lines[0]!r}")
        body = "\n".join(lines[1:]).strip("\n")
        text, spans = parse_marked(body)
        records.append(
            {
                "id": m.group("id"),
                "category": m.group("category"),
                "text": text,
                "spans": spans,
                "_line": start_line,
                "_marked": body,
            }
        )
    return records


def load_corpus(path: str | Path = CORPUS_PATH) -> list[dict]:
    """Parse prompts.txt into ``[{"id", "category", "text", "spans": [...]}, ...]``.

    Each span is ``{"start", "end", "label", "value"}`` with ``text[start:end] == value``.
    Raises ``CorpusError`` on a malformed header.
    """
    keys = ("id", "category", "text", "spans")
    return [{k: rec[k] for k in keys} for rec in _load_raw(path)]


# --------------------------------------------------------------------------- value validators


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def card_ok(digits: str) -> bool:
    if not digits.isdigit() or not 13 <= len(digits) <= 19:
        return False
    return luhn_ok(digits)


def iban_ok(value: str) -> bool:
    s = re.sub(r"\s+", "", value).upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", s):
        return False
    rearranged = s[4:] + s[:4]
    return int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1


def ssn_ok(digits: str) -> bool:
    if len(digits) != 9 or not digits.isdigit():
        return False
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    if area in ("000", "666") or area.startswith("9"):
        return False
    return group != "00" and serial != "0000"


# "(415) 867-2210" / "415-867-2210" are unambiguously North American; only accept them as US/CA
# numbers (German numbering is permissive enough to accept almost any digit string otherwise).
_NANP_SHAPE = re.compile(r"\(\d{3}\)\s?\d{3}[-.\s]\d{4}|\d{3}-\d{3}-\d{4}")


def phone_ok(value: str) -> bool:
    regions = ("US",) if _NANP_SHAPE.fullmatch(value.strip()) else PHONE_REGIONS
    for region in regions:
        try:
            num = phonenumbers.parse(value, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(num):
            return True
    return False


def spoken_to_digits(value: str) -> str:
    """Best-effort de-obfuscation: number words to digits, keep a leading '+', drop the rest."""
    out: list[str] = []
    repeat = 1
    for tok in re.findall(r"[A-Za-z]+|\d|\+", value.lower()):
        if tok == "plus" or tok == "+":
            if not out:
                out.append("+")
            continue
        if tok in _REPEAT_WORDS:
            repeat = _REPEAT_WORDS[tok]
            continue
        digit = tok if tok.isdigit() else _DIGIT_WORDS.get(tok)
        if digit is None:
            continue
        out.append(digit * repeat)
        repeat = 1
    return "".join(out)


def _digits(value: str) -> str:
    return re.sub(r"\D", "", value)


def _merge_split_values(rec: dict) -> list[tuple[str, str, list[dict]]]:
    """Group same-label spans separated only by whitespace (a number broken over lines in the
    obfuscated records is marked as one span per line). Returns (label, joined text, spans)."""
    groups: list[tuple[str, str, list[dict]]] = []
    for sp in rec["spans"]:
        if groups:
            label, joined, members = groups[-1]
            gap = rec["text"][members[-1]["end"] : sp["start"]]
            if label == sp["label"] and gap and not gap.strip():
                groups[-1] = (label, joined + gap + sp["value"], [*members, sp])
                continue
        groups.append((sp["label"], sp["value"], [sp]))
    return groups


def validate_value(label: str, value: str, obfuscated: bool) -> str | None:
    """Return an error message, or None when the value is plausible for its label."""
    if label == "CREDIT_CARD":
        d = spoken_to_digits(value) if obfuscated else _digits(value)
        if not re.fullmatch(r"[\d\s-]+", value) and not obfuscated:
            return "card contains unexpected characters"
        return None if card_ok(d) else f"card fails Luhn/length ({d})"
    if label == "IBAN":
        v = re.sub(r"[^A-Za-z0-9]", "", value) if obfuscated else value
        return None if iban_ok(v) else "IBAN fails mod-97"
    if label == "US_SSN":
        if not obfuscated and not re.fullmatch(r"\d{3}([- ]?)\d{2}\1\d{4}", value):
            return "SSN format"
        d = spoken_to_digits(value) if obfuscated else _digits(value)
        return None if ssn_ok(d) else f"invalid SSN ({d})"
    if label == "PHONE":
        v = spoken_to_digits(value) if obfuscated else value
        return None if phone_ok(v) else f"phone not valid for any tried region ({v})"
    return None


# --------------------------------------------------------------------------- checks


def check(records: list[dict]) -> list[str]:
    errors: list[str] = []
    seen: dict[str, int] = {}
    for rec in records:
        where = f"{rec['id']} (line {rec['_line']})"
        if rec["id"] in seen:
            errors.append(f"{where}: duplicate id (first at line {seen[rec['id']]})")
        seen.setdefault(rec["id"], rec["_line"])
        if rec["category"] not in CATEGORIES:
            errors.append(f"{where}: unknown category {rec['category']!r}")
        text = rec["text"]
        if not text.strip():
            errors.append(f"{where}: empty prompt")
        for bad in ("{{", "}}", "|"):
            if bad in text:
                errors.append(f"{where}: stray {bad!r} left in text after stripping markup")
        if "{{{" in rec["_marked"] or "}}}" in rec["_marked"]:
            errors.append(f"{where}: ambiguous brace run next to markup")
        if any(line.strip() == SEPARATOR for line in text.split("\n")):
            errors.append(f"{where}: separator inside text")
        if rec["category"] == "hard_negative" and rec["spans"]:
            errors.append(f"{where}: hard_negative record has {len(rec['spans'])} span(s)")

        prev_end = -1
        for sp in rec["spans"]:
            label, value = sp["label"], sp["value"]
            tag = f"{where}: {label} {value[:40]!r}"
            if label not in LABELS:
                errors.append(f"{tag}: unknown label")
            if text[sp["start"] : sp["end"]] != value:
                errors.append(f"{tag}: offsets do not match value")
            if not value or value != value.strip():
                errors.append(f"{tag}: empty value or surrounding whitespace")
            if sp["start"] < prev_end:
                errors.append(f"{tag}: overlaps previous span")
            prev_end = sp["end"]
            if "\n" in value:
                pem = label == "SECRET" and value.startswith("-----BEGIN")
                if label != "STREET_ADDRESS" and not pem:
                    errors.append(f"{tag}: newline inside a non-address value")
            if "{" in value or "}" in value:
                errors.append(f"{tag}: brace inside value")

        obf = rec["category"] == "obfuscated"
        for label, joined, _members in _merge_split_values(rec):
            msg = validate_value(label, joined, obf)
            if msg:
                errors.append(f"{where}: {label} {joined[:40]!r}: {msg}")
    return errors


def summarize(records: list[dict]) -> str:
    by_cat = Counter(r["category"] for r in records)
    by_label = Counter(sp["label"] for r in records for sp in r["spans"])
    spans_by_cat = Counter()
    for r in records:
        spans_by_cat[r["category"]] += len(r["spans"])
    lines = [f"records: {len(records)}   spans: {sum(by_label.values())}", "", "per category:"]
    for cat, n in sorted(by_cat.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"  {cat:<16} {n:>4} records  {spans_by_cat[cat]:>4} spans")
    lines += ["", "per label:"]
    for label in sorted(LABELS, key=lambda lb: (-by_label[lb], lb)):
        lines.append(f"  {label:<16} {by_label[label]:>4}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    path = Path(argv[0]) if argv else CORPUS_PATH
    try:
        records = _load_raw(path)
    except CorpusError as exc:
        print(f"ERROR: {exc}")
        return 1
    errors = check(records)
    print(summarize(records))
    if errors:
        print(f"\n{len(errors)} error(s):")
        for e in errors:
            print(f"  - {e}")
        return 1
    print("\nOK")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
