"""Names written with punctuation inside them, made one span.

Recognizers read "Columbus, OH" as two places and "Hartwell & Lowe" as two surnames. Left
apart, the comma or ampersand between them goes out as it was and each part gets its own
pseudonym ("Springfield, XY" from two unrelated places; a firm becomes two people). The
rules here are how English writes such names:

- a town followed by the region or country it lies in ("Ogden, Utah", "Paris, TX",
  "Lyon, France"), or a neighbourhood no gazetteer lists followed by its city
  ("Indiranagar, Bengaluru"), is one place;
- words joined by an ampersand are one name (a firm, a partnership, a shop: "Marks &
  Spencer", "Kessler Tool & Die") unless both sides are single given names (a couple:
  "Tom & Anna").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from veil.rules import geography, labels, notability
from veil.rules import lazy_regex as regex
from veil.rules.spans import Span

NAME_LABELS = frozenset({labels.PERSON, labels.LOCATION, labels.ORGANIZATION})
_COMMA = regex.compile(r",[ \t]*")
_AMPERSAND = regex.compile(r"[ \t]*&[ \t]*")
# Postal codes of US states, Canadian provinces and Australian states, written after a
# town in capitals ("Columbus, OH", "Halifax, NS", "Ballarat, VIC").
_REGION_CODE = regex.compile(r"\p{Lu}{2,3}")


def join_compound_names(
    text: str, spans: Sequence[Span], given_name: Callable[[str], bool] = lambda word: False
) -> list[Span]:
    """``spans`` (sorted, disjoint) with each town-and-region pair and each
    ampersand-joined name made one span. ``given_name(word)``: a first name people go by
    (a couple's names stay two)."""
    out: list[Span] = []
    for span in sorted(spans, key=lambda s: s.start):
        last = out[-1] if out else None
        if last is not None:
            joined = _place_and_region(text, last, span) or _ampersand_name(
                text, last, span, given_name
            )
            if joined is not None:
                out[-1] = joined
                continue
        out.append(span)
    return out


def _place_and_region(text: str, town: Span, region: Span) -> Span | None:
    if town.label != labels.LOCATION or region.label not in NAME_LABELS:
        return None
    gap = _COMMA.fullmatch(text, town.end, region.start)
    if gap is None:
        return None
    town_value, region_value = text[town.start : town.end], text[region.start : region.end]
    if not _town(town_value):
        return None
    if _contains(town_value, region_value):
        return _joined(town, region, labels.LOCATION)
    return None


def _contains(part: str, whole: str) -> bool:
    """``whole`` is what English writes after ``part`` to say where it is: its region or
    country ("Ogden, Utah", "Moncton, NB"), or, for a neighbourhood no gazetteer lists,
    its city ("Indiranagar, Bengaluru")."""
    whole_place = notability.place(whole)
    if whole_place is not None and whole_place.kind in ("region", "country"):
        return True
    if _REGION_CODE.fullmatch(whole):
        return True
    return whole_place is not None and whole_place.kind == "city" and notability.place(part) is None


def _town(value: str) -> bool:
    """A town's name, or a name nothing knows (a village): not a country, a continent or
    a region that is no town too ("Texas, Oklahoma and Kansas" is a list)."""
    known = notability.place(value)
    return known is None or known.kind == "city" or geography.city(value) is not None


def place_of(value: str) -> notability.Place | None:
    """What ``value`` names as a place, a town followed by its region or country included
    ("Columbus, OH" is Columbus)."""
    found = notability.place(value)
    if found is not None or "," not in value:
        return found
    town, _, region = (part.strip() for part in value.partition(","))
    if not (_town(town) and _contains(town, region)):
        return None
    return notability.place(town) or notability.place(region)


def _ampersand_name(
    text: str, left: Span, right: Span, given_name: Callable[[str], bool]
) -> Span | None:
    if left.label not in NAME_LABELS or right.label not in NAME_LABELS:
        return None
    if _AMPERSAND.fullmatch(text, left.end, right.start) is None:
        return None
    left_value, right_value = text[left.start : left.end], text[right.start : right.end]
    couple = all(
        " " not in value.strip() and given_name(value.strip())
        for value in (left_value, right_value)
    )
    if couple:
        return None
    label = labels.LOCATION if left.label == right.label == labels.LOCATION else labels.ORGANIZATION
    return _joined(left, right, label)


def _joined(left: Span, right: Span, label: str) -> Span:
    source = left.source if left.source == right.source else f"{left.source}+{right.source}"
    return Span(left.start, right.end, label, max(left.score, right.score), source, left.validator)
