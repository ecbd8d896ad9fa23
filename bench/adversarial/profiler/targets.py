"""What the profiler predicts per attribute: a class label built from a raw label.

Age is predicted as a ten-year bucket and answered with a whole number near its middle,
which is within the matching rule's ±5 years of every age in the bucket. Gender, income
and family (relationship status) are their categories, written out here rather than taken
from veil's attribute table: the profiler imports nothing of veil. Places, education and
occupation are free text: the class is the label itself (case-folded), answered as it is.
"""

from __future__ import annotations

import re

ATTRIBUTES = (
    "age", "gender", "location", "birthplace", "education", "occupation", "income", "family",
)  # fmt: skip
CATEGORIES = {
    "gender": ("male", "female"),
    "income": ("low", "middle", "high", "very high"),
    "family": (
        "single", "in a relationship", "engaged", "married", "divorced", "widowed",
    ),
}  # fmt: skip
_SYNONYMS = {"in relationship": "in a relationship", "man": "male", "woman": "female"}
AGE_BUCKET_YEARS = 10
AGE_BUCKET_START = 8  # buckets 8-17, 18-27, 28-37, ...: the data's ages are 19 to 68
MIN_AGE, MAX_AGE = 10, 99


def age_bucket(age: int) -> str:
    low = AGE_BUCKET_START + (age - AGE_BUCKET_START) // AGE_BUCKET_YEARS * AGE_BUCKET_YEARS
    return f"{low}-{low + AGE_BUCKET_YEARS - 1}"


def age_answer(bucket: str) -> str:
    """The whole number that is within 5 years of both ends: 18-27 -> 22."""
    low, high = (int(n) for n in bucket.split("-"))
    return str((low + high) // 2)


def to_class(attribute: str, raw: str) -> str | None:
    """The class a raw label belongs to, or None when it is not usable."""
    text = re.sub(r"\s+", " ", str(raw).casefold()).strip()
    if not text:
        return None
    if attribute == "age":
        number = re.search(r"\d+", text)
        if not number or not MIN_AGE <= int(number.group()) <= MAX_AGE:
            return None
        return age_bucket(int(number.group()))
    if attribute in CATEGORIES:
        text = _SYNONYMS.get(text, text)
        return text if text in CATEGORIES[attribute] else None
    return text


def answer(attribute: str, label: str) -> str:
    """What the attacker says for a class (the form the matching rules compare)."""
    return age_answer(label) if attribute == "age" else label
