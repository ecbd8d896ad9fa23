"""Validate bench/redaction/public_private_own.jsonl (the independent public/private examples).

Run ``python -m bench.redaction.check_own [path]`` from the repo root. Prints counts per category
and kind and exits non-zero on any error. Standard library only.

Checks per record:

* required fields present, ``id`` unique, ``category`` and ``kind`` from the allowed sets;
* every span: label allowed, ``0 <= start < end <= len(text)``, ``text[start:end] == value``;
  spans do not overlap one another;
* every public span: ``text[start:end] == text``, its text is listed in ``public``; every string in
  ``public`` has at least one public span; public spans do not overlap private spans;
* public_only records have no spans; hard records have notes;
* completeness: every occurrence (on word boundaries) of a public string lies inside a public span
  or overlaps a private span (a string that is private in one place and public in another), and
  every occurrence of a private value lies inside a private span or a public span.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

DEFAULT_PATH = Path(__file__).resolve().parent / "public_private_own.jsonl"

LABELS = frozenset(
    {
        "PERSON",
        "EMAIL",
        "PHONE",
        "STREET_ADDRESS",
        "LOCATION",
        "ORGANIZATION",
        "DATE_OF_BIRTH",
        "ID_NUMBER",
        "USERNAME",
        "URL",
        "CREDIT_CARD",
        "IBAN",
    }
)
CATEGORIES = frozenset({"public_only", "mixed", "hard"})
KINDS = frozenset(
    {
        "public-person-unlisted",
        "surname-after-full-name",
        "multi-part-name",
        "brand-work-venue",
        "hypothetical-age",
        "private-place-first-person",
        "private-org-first-person",
        "attribute-disclosure",
        "public-mix",
        "same-string",
        "lower-case-chat",
        "pasted-material",
        "everyday-advice",
        "public-world",
        "work-paste",
        "family-logistics",
        "money-paperwork",
        "clubs-online",
        "occasions-care",
        "references-kin",
        "countries-introductions",
        "clauses-businesses",
        "addresses-records",
        "postal-farms-east-asia",
        "hosts-records-relatives",
        "signatures-fields-scripts",
        "clitics-questions-work",
    }
)
REQUIRED = ("id", "category", "kind", "text", "spans", "public", "public_spans")


def _occurrences(text: str, needle: str) -> list[tuple[int, int]]:
    pattern = re.compile(r"(?<!\w)" + re.escape(needle) + r"(?!\w)")
    return [(m.start(), m.end()) for m in pattern.finditer(text)]


def _inside(a: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(s <= a[0] and a[1] <= e for s, e in spans)


def _overlaps(a: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(a[0] < e and s < a[1] for s, e in spans)


def check_record(rec: dict) -> list[str]:
    errors: list[str] = []
    for field in REQUIRED:
        if field not in rec:
            errors.append(f"missing field {field!r}")
    if errors:
        return errors
    text = rec["text"]
    if not isinstance(text, str) or not text.strip():
        return ["empty text"]
    if rec["category"] not in CATEGORIES:
        errors.append(f"bad category {rec['category']!r}")
    if rec["kind"] not in KINDS:
        errors.append(f"bad kind {rec['kind']!r}")
    if rec["category"] == "public_only" and rec["spans"]:
        errors.append("public_only record has private spans")
    if rec["category"] == "hard" and not rec.get("notes"):
        errors.append("hard record without notes")
    for marker in ("[[", "]]", "{{", "}}"):
        if marker in text:
            errors.append(f"leftover markup {marker!r} in text")

    private: list[tuple[int, int]] = []
    for sp in rec["spans"]:
        start, end, label, value = sp.get("start"), sp.get("end"), sp.get("label"), sp.get("value")
        if label not in LABELS:
            errors.append(f"bad label {label!r}")
        if not (isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(text)):
            errors.append(f"bad offsets {start}-{end} for {value!r}")
            continue
        if text[start:end] != value:
            errors.append(f"span {start}-{end} is {text[start:end]!r}, value says {value!r}")
        if value != value.strip():
            errors.append(f"span value {value!r} has surrounding whitespace")
        if _overlaps((start, end), private):
            errors.append(f"span {value!r} overlaps another span")
        private.append((start, end))

    public_set = rec["public"]
    if len(set(public_set)) != len(public_set):
        errors.append("duplicate strings in public")
    seen_public: set[str] = set()
    public: list[tuple[int, int]] = []
    for ps in rec["public_spans"]:
        start, end, ptext = ps.get("start"), ps.get("end"), ps.get("text")
        if not (isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(text)):
            errors.append(f"bad public offsets {start}-{end} for {ptext!r}")
            continue
        if text[start:end] != ptext:
            errors.append(f"public span {start}-{end} is {text[start:end]!r}, text says {ptext!r}")
        if ptext not in public_set:
            errors.append(f"public span text {ptext!r} not listed in public")
        if _overlaps((start, end), private):
            errors.append(f"public span {ptext!r} overlaps a private span")
        if (start, end) in public:
            errors.append(f"duplicate public span {ptext!r}")
        seen_public.add(ptext)
        public.append((start, end))
    for p in public_set:
        if p not in seen_public:
            errors.append(f"public string {p!r} has no public span")

    # completeness: no unmarked occurrence of a public string or a private value
    for p in public_set:
        for occ in _occurrences(text, p):
            if not _inside(occ, public) and not _overlaps(occ, private):
                errors.append(f"unmarked occurrence of public {p!r} at {occ[0]}")
    for sp in rec["spans"]:
        value = sp.get("value") or ""
        for occ in _occurrences(text, value):
            if not _inside(occ, private) and not _inside(occ, public):
                errors.append(f"unmarked occurrence of private {value!r} at {occ[0]}")
    return errors


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else DEFAULT_PATH
    n_errors = 0
    ids: set[str] = set()
    categories: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    cat_kind: Counter[tuple[str, str]] = Counter()
    n_spans = n_public = 0
    labels: Counter[str] = Counter()
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                print(f"line {lineno}: invalid JSON: {exc}")
                n_errors += 1
                continue
            rid = rec.get("id", f"<line {lineno}>")
            errors = check_record(rec)
            if rid in ids:
                errors.append("duplicate id")
            ids.add(rid)
            for err in errors:
                print(f"{rid}: {err}")
            n_errors += len(errors)
            categories[rec.get("category")] += 1
            kinds[rec.get("kind")] += 1
            cat_kind[(rec.get("category"), rec.get("kind"))] += 1
            n_spans += len(rec.get("spans", []))
            n_public += len(rec.get("public_spans", []))
            labels.update(sp.get("label") for sp in rec.get("spans", []))

    print(f"{path}: {len(ids)} records, {n_spans} private spans, {n_public} public spans")
    print("per category:")
    for cat, n in sorted(categories.items()):
        print(f"  {cat:<14} {n}")
    print("per kind (public_only / mixed / hard):")
    for kind, n in sorted(kinds.items()):
        parts = " / ".join(str(cat_kind[(c, kind)]) for c in ("public_only", "mixed", "hard"))
        print(f"  {kind:<28} {n:>3}   ({parts})")
    print("private labels:")
    for label, n in sorted(labels.items()):
        print(f"  {label:<16} {n}")
    if n_errors:
        print(f"FAILED: {n_errors} error(s)")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
