"""Addresses written as a run of parts with no street-type word to find them by.

Most of the world writes an address as its parts joined by commas, from the smallest to
the largest: unit, building, house number and street, ward or district, town, postcode
("Flat 12B, Sai Krupa Apartments, 3rd Cross, Indiranagar, Bengaluru 560038"; "58 Lê
Lợi, Phường 7, Vũng Tàu"; "Arifiye Mah. Kıbrıs Şehitleri Cad. No:14 D:5,
Odunpazarı/Eskişehir"; "Unit 4, Oranmore Business Park, Co. Galway"). No street type
marks the start, so a run is read from the parts' own grammar instead:

- a part is a few capitalised words, abbreviations and numbers, never running text;
- a numbered part carries a house or unit number: a number that opens the part before a
  capitalised word ("58 Lê Lợi", "3rd Cross"), or one after a word that numbers a unit,
  house or ward in some language ("Flat 12B", "Phường 7", "д. 31", "No:14");
- a run holds a numbered part and ends in a town the gazetteer knows (with its postcode
  or region), or follows a word for "address" ("Adres:", "по адресу"), or opens with a
  town marked as one ("г. Кашира, ул. Советская, д. 21").

A run's parts before its first numbered part are kept only when a marker word opens
them ("г. Тверь, ул. Радищева, д. 31"), so the words before an address are not taken.

A rural or named address has no house number at all: a house's or farm's name, a lane, a
village, then the post town and postcode ("Oak Tree Cottage, Holme Lane, Bessingby YO16
4UJ", "Wólka Ratajska 14, 21-050 Piaski"). There the postal tail is the anchor: where some
country's format reads a tail with its postcode (``address_formats.tail_end``), the parts
right before it are the address's lines, as every format puts them (``lines_before_tails``).
"""

from __future__ import annotations

from veil.rules import lazy_regex as regex
from veil.rules import notability
from veil.rules.pattern import CALENDAR_WORDS
from veil.rules.recognizers.address_formats import tail_end

# Words that number a unit, building, plot, house or ward, or mark a locality, in the
# languages whose addresses are written as runs (a closed class of each format).
_UNIT_WORDS = (
    # English (UK, Ireland, India, Nigeria, Australia)
    r"(?i:flat|unit|apt|apartment|suite|ste|block|blk|plot|house|door|floor|fl|level|room|"
    r"shop|sector|phase|lot|villa|tower|wing|no|nos|number)|H|"
    # Portuguese, Spanish, French, Italian
    r"apto|apt[oº]|ap|apartamento|depto|dpto|departamento|piso|casa|lote|bloco|bloque|"
    r"torre|sala|n[º°o]|núm|número|numero|int|interior|appt|bât|étage|scala|interno|"
    # Turkish (kapı no, daire, kat, blok), German, Polish, Dutch
    r"D|Daire|Kat|Blok|Whg|lok|m|"
    # Russian and Ukrainian: дом, квартира, корпус, строение, подъезд
    r"д|дом|кв|квартира|корп|к|стр|под|буд|"
    # Vietnamese: ward, district, rural district, commune, number, lane, alley, group
    r"Phường|P|Quận|Q|Huyện|Xã|Số|số|Ngõ|ngõ|Hẻm|hẻm|Ngách|Tổ|Ấp|Khu|"
    # Indonesian and Malay: jalan, nomor, RT/RW, kelurahan, kecamatan, gang
    r"Jl|Jln|Jalan|Nomor|RT|RW|Kel|Kec|Gg|"
    # Hindi/Indian English: house number, gali (lane)
    r"Gali|Ward"
)
# Words that mark a part as a place of the address without a number: a town, region or
# county in the formats that name them so ("г. Тверь", "Co. Cork", "obl.").
_LOCALITY_WORDS = r"г|гор|пос|с|обл|р-н|Co|County|Dist|Distt|Tỉnh|TP|Thành phố|Kab|Kota|Prov"

_NUMBER = r"\d{1,6}[A-Za-z]{0,2}(?:[/\-]\d{1,4}[A-Za-z]?)?"
UNIT = rf"(?:{_UNIT_WORDS})(?:\.|:)?[ \t]?(?:No\.?[ \t]?)?(?:{_NUMBER}|[A-Z])(?![\w])"
# A capitalised word; a period after it ends the part (a sentence end), except after an
# abbreviation of three letters or fewer ("Mah.", "Cad.", "ul.", "Co.", "г.").
_CAPITALISED = r"\p{Lu}[\p{L}\p{M}'’\-]{0,30}(?![\p{L}\p{M}\d])"
_ABBREVIATION = r"\p{L}{1,3}\."
_PARTICLE = r"(?:de|do|da|dos|das|del|di|du|la|le|van|von|der|y|e|and|&|on|upon)"
_TOKEN = (
    rf"(?:{UNIT}|{_ABBREVIATION}|(?:{_NUMBER})(?![\w])|(?=[A-Z]*\d)[A-Z\d]{{2,8}}(?![\w])"
    rf"|{_CAPITALISED})"
)
# A part: tokens on one line, particles only between capitalised words; it ends at a
# separator, the sentence's end, or running text in lower case.
_PART_END = r"(?=[ \t]*(?:[,;/|\n.!?)]|$)|[ \t]+\p{Ll})"
_PART = regex.compile(rf"{_TOKEN}(?:[ \t]+(?:{_PARTICLE}[ \t]+)?{_TOKEN}){{0,7}}{_PART_END}")
_SEPARATOR = regex.compile(r"[ \t]*[,;/][ \t]*")
MAX_PARTS = 8

# A house number opens its part before a capitalised word; a unit's follows its word.
_NUMBERED = regex.compile(rf"^(?:{_NUMBER})[ \t]+\p{{Lu}}|(?<![\w]){UNIT}")
# A part that needs no third one: a unit, or a house number and a street of two words.
_UNITISH = regex.compile(
    rf"^(?:{UNIT}|(?:{_NUMBER})[ \t]+\p{{Lu}}[\p{{L}}\p{{M}}'’\-]*[ \t]+\p{{Lu}})"
)
_YEAR = regex.compile(r"^(?:19|20)\d\d(?:[\-–](?:19|20)?\d\d)?$")
_LOCALITY = regex.compile(rf"^(?:{_LOCALITY_WORDS})\.?[ \t]+\p{{Lu}}")
# The UK's postcode and Ireland's Eircode, by their shapes
_UK_OR_IRISH_POSTCODE = r"[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[A-Z]{2}|[A-Z]\d{2}[ \t]?[A-Z\d]{4}"
_POSTCODE = regex.compile(rf"(?<![\w])(?:\d{{4,6}}|{_UK_OR_IRISH_POSTCODE})$")
# Where a run may start: a number, or a unit or locality word, after a non-word.
_START = regex.compile(rf"(?<![\w\-/.,])(?:(?:{_UNIT_WORDS}|{_LOCALITY_WORDS})(?:\.|:|[ \t])|\d)")
# A capitalised word right before a house number: the number is inside a phrase ("Top 3
# Cities"), not opening an address.
_WORD_BEFORE = regex.compile(r"\p{Lu}[\p{L}\p{M}]*[ \t]+$")
# Capitalised words and abbreviations that end in an abbreviated street or quarter right
# before a unit's number, as Turkish writes them ("Arifiye Mah. Kıbrıs Şehitleri Cad. No:14").
_STREET_BEFORE = regex.compile(
    rf"(?<![\w.])(?:(?:{_CAPITALISED}|{_ABBREVIATION})[ \t]+)*{_ABBREVIATION}[ \t]+$"
)
# A street named before its plot or unit, as Kenya, Nigeria and India write it ("Kamakwa
# Road, Plot 27, Nyeri"): capitalised words ending in a street's kind, then a comma.
_NAMED_STREET_BEFORE = regex.compile(
    rf"(?<![\w.])(?:{_CAPITALISED}[ \t]+){{1,3}}"
    r"(?:Road|Street|Avenue|Lane|Drive|Close|Crescent|Way|Rd|St|Ave)\.?,[ \t]*$"
)
# A word for "address" a run may follow in its sentence (the label is a run's anchor when
# no town ends it): English, Romance, Germanic, Slavic, Turkish, Indonesian, Vietnamese.
_LABEL = regex.compile(
    r"(?i:\b(?:address|addr|adres|adresse|adresa|adresem|adressi|dirección|direccion|"
    r"endereço|endereco|indirizzo|osoite|alamat|anwani|địa chỉ|pata)\b"
    r"|\bадрес[ауе]?м?\b|\bадресу\b)"
    r"[^.!?\n]{0,60}$"
)


def address_runs(text: str) -> list[tuple[int, int]]:
    """(start, end) of each address run in ``text``."""
    if "," not in text or not any(c.isdigit() for c in text):
        return []
    found: list[tuple[int, int]] = []
    reach = 0
    for start in _START.finditer(text):
        if start.start() >= reach and (run := _run_at(text, start.start())) is not None:
            found.append(run)
            reach = run[1]
    return found


def _run_at(text: str, at: int) -> tuple[int, int] | None:
    parts = _parts_from(text, at)
    values = [text[a:b] for a, b in parts]
    numbered = [i for i, v in enumerate(values) if _numbered(v)]
    if len(parts) < 2 or not numbered:
        return None
    if numbered[0] > 0 and not _LOCALITY.match(values[0]):
        return None  # only a town or region marked as one may come before the number
    start = parts[0][0]
    # a word for "address" before it, or a town marked as one opening it ("г. Кашира,
    # ул. Советская, д. 21"), anchors a run as a known town at its end does
    labelled = numbered[0] > 0 or _LABEL.search(text, max(0, start - 80), start) is not None
    end = _end_at_place(values) or (len(parts) if labelled else 0)
    if end < 2 or numbered[0] >= end:
        return None
    if end == 2 and not labelled and not _UNITISH.match(values[0]):
        return None  # "12 Apples, London": two parts need a unit or a label
    if values[0][0].isdigit() and _WORD_BEFORE.search(text, max(0, start - 40), start):
        return None
    street = _STREET_BEFORE.search(text, max(0, start - 80), start) or _NAMED_STREET_BEFORE.search(
        text, max(0, start - 80), start
    )
    if street is not None:
        start = street.start()
    end_char = parts[end - 1][1]
    # a last period is the sentence's ("Vũng Tàu.") or an abbreviation's: it tells nothing
    return start, end_char - (text[end_char - 1] == ".")


def _parts_from(text: str, at: int) -> list[tuple[int, int]]:
    parts: list[tuple[int, int]] = []
    position = at
    while len(parts) < MAX_PARTS:
        part = _PART.match(text, position)
        if part is None:
            break
        parts.append(part.span())
        separator = _SEPARATOR.match(text, part.end())
        if separator is None or separator.end() == part.end():
            break
        position = separator.end()
    return parts


def _numbered(value: str) -> bool:
    if _YEAR.match(value.strip()):
        return False
    words = value.split()
    if (
        len(words) in (2, 3)
        and words[1].casefold() in CALENDAR_WORDS
        and (len(words) == 2 or words[2].isdigit())
    ):
        return False  # a day and its month, not a house and its street ("14 March 1879")
    return _NUMBERED.search(value) is not None and not all(
        _YEAR.match(word) for word in words if any(c.isdigit() for c in word)
    )


def _end_at_place(values: list[str]) -> int | None:
    """How many parts the run keeps: up to the last that names a known town or region
    (a postcode after it included), or None."""
    for i in range(len(values) - 1, 0, -1):
        words = _place_words(values[i])
        if words and notability.place(words) is not None:
            return i + 1
        if _POSTCODE.search(values[i]) and i >= 2:
            before = _place_words(values[i - 1])
            if before and notability.place(before) is not None:
                return i + 1
    return None


def _place_words(value: str) -> str:
    """A part without its numbers, postcode and locality marker: the town it may name."""
    value = _POSTCODE.sub("", value.strip()).strip()
    value = regex.sub(rf"^(?:{_LOCALITY_WORDS})\.?[ \t]+", "", value)
    return value.strip(" .")


# A postcode's shape, as a cheap filter before the countries' formats are asked: the UK's
# and Ireland's letters and digits, "NN-NNN" (Poland), "NNN NN" (Czechia, Sweden, Greece),
# and four to six digits beside a capitalised word that are no year ("21-050 Piaski",
# "Piaski 21050"; not "March 2019").
_POSTCODE_SHAPE = regex.compile(
    rf"(?<![\w\-])(?:{_UK_OR_IRISH_POSTCODE}"
    r"|\d{2}-\d{3}|\d{3}[ \t]\d{2}"
    r"|(?!(?:19|20)\d\d(?![\d]))\d{4,6}(?=[ \t]+\p{Lu})"
    r"|(?<=\p{Lu}[\p{L}\p{M}]*,?[ \t]+)(?!(?:19|20)\d\d(?![\d]))\d{4,6})(?![\w\-])"
)
# How far before a postcode the lines of its address may start, and how many there are.
_LINES_REACH = 160
_MAX_LINES = 3
# One line of an address, ending where the next separator is: the part pattern, read
# backwards from a separator (an address line is a part: capitalised words and numbers).
_LINE_BEFORE = regex.compile(
    rf"(?:{_TOKEN})(?:[ \t]+(?:{_PARTICLE}[ \t]+)?(?:{_TOKEN})){{0,7}}[ \t]*$",
    regex.REVERSE,  # read back from the separator: one try, not one from every character
)
# A line of an address holds a word (a number alone is a time's or a count's).
_WORDED = regex.compile(r"\p{L}{2}")
# What may stand before an address's first line: a separator of lines, a label's colon,
# a bracket or quote, or the text's start.
_LINE_OPENS = regex.compile(r"(?:^|[,\n:;(\"“„«'‘][ \t]*)$")


# Between an address's lines: a comma, or one line break (a blank line ends an address).
_LINE_SEPARATOR = regex.compile(r"[ \t]*(?:,|(?<!\n[ \t]*)\n(?![ \t]*\n))")


def lines_before_tails(text: str) -> list[tuple[int, int]]:
    """(start, end) of each address whose lines (a house's name, a lane, a village) stand
    before a postal tail that some country's format reads, postcode and all."""
    if "," not in text and "\n" not in text:
        return []
    found: list[tuple[int, int]] = []
    reach = 0
    # where the lines before each separator start (None: no line), read once for all the
    # postcodes whose reach holds the separator (a log's numbers are many and close)
    starts: dict[int, int | None] = {}
    for postcode in _POSTCODE_SHAPE.finditer(text):
        if postcode.start() < reach:
            continue
        low = max(reach, postcode.start() - _LINES_REACH)
        # the earliest separator from which a format's tail reaches the postcode: the
        # tail then holds a district or village before the town, as formats allow
        for separator in _LINE_SEPARATOR.finditer(text, low, postcode.start()):
            at = separator.start()
            # a tail on a line of its own (a letter's address block) follows lines of
            # their own; one after a comma, lines on the same line. (The lines are read
            # first: most separators have running text before them, and the formats'
            # patterns cost more.)
            if at not in starts:
                lowest = max(reach, at - _LINES_REACH)
                starts[at] = _first_line(text, at, lowest, block="\n" in separator[0])
            start = starts[at]
            if start is None:
                continue
            end = tail_end(text, at)
            if end < postcode.end():
                continue
            found.append((start, end - (text[end - 1] == ".")))
            reach = end
            starts.clear()  # (lines read before may reach back into this address)
            break
    return found


def _first_line(text: str, at: int, low: int, block: bool) -> int | None:
    """Where the lines of an address that end at ``at`` (a separator) start, or None
    when no whole line stands there ("I live in Leeds, LS6 2AB": a sentence, no line).
    ``block``: the lines are written one under another, else after commas on one line."""
    start = None
    for _ in range(_MAX_LINES):
        line = _LINE_BEFORE.search(text, low, at)
        if line is None or not _WORDED.search(line[0]) or _person_line(line[0]):
            break  # (a name is a line of words; a person's, of its own field before)
        opening = _LINE_OPENS.search(text, max(0, line.start() - 3), line.start())
        if opening is None:
            if _LABEL.search(text, max(0, line.start() - 80), line.start()):
                start = line.start()  # "My address is Hollin Barn, ...": a label opens it
            break  # else running text before the words: they end a sentence, not a line
        start = line.start()
        separator = text[opening.start() : line.start()].strip(" \t")
        if separator != ("\n" if block else ",") or line.start() <= low:
            break  # a label's colon, a bracket or the line's start opens the first line
        at = opening.start()
    return start


def _person_line(line: str) -> bool:
    """A few words without a number, a title or a known given name then a known surname:
    the addressee's line ("Zofia Lis", "Ms Chloe Ashworth-Reid"), not a house's ("Willow
    Barn")."""
    from veil.rules.recognizers.names import known_name_words

    words = [word.strip(".,") for word in line.split()]
    if not 2 <= len(words) <= 4 or any(c.isdigit() for c in line):
        return False
    if _HONORIFIC.fullmatch(words[0]):
        return True  # "Ms Chloe Ashworth-Reid"
    given, family = known_name_words()
    # (a double-barrelled surname by its parts: "Ashworth-Reid")
    return words[0] in given and all(part in family for part in words[-1].split("-"))


_HONORIFIC = regex.compile(
    r"Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|Rev|Herr|Frau|Pani|Pan|Mme|M|Sr|Sra"
)
