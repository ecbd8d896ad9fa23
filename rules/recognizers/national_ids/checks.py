"""Check digits python-stdnum has no module for, written from each published specification.

Each validator takes the value with its separators removed, in upper case, and already of
its rule's shape: only the arithmetic (and the fields the shape cannot express) is checked.
"""

from __future__ import annotations

import datetime as dt

from stdnum import luhn


def _letter_value(char: str) -> int:
    """A=10 ... Z=35, digits as themselves (ICAO 9303 and ISO 7064 alphabets)."""
    return int(char) if char.isdigit() else ord(char) - ord("A") + 10


def _cross_sum_weighted(digits: str, weights: tuple[int, ...]) -> int:
    return sum(sum(map(int, str(int(d) * w))) for d, w in zip(digits, weights, strict=True))


def au_medicare(value: str) -> bool:
    """Services Australia, Medicare card number: ten digits (an eleventh, the individual
    reference number, is often added); the first is 2-6, the ninth is the sum of the first
    eight weighted 1,3,7,9,1,3,7,9, mod 10; the tenth is the card's issue number."""
    digits = value[:10]
    if digits[0] not in "23456":
        return False
    weights = (1, 3, 7, 9, 1, 3, 7, 9)
    return sum(int(d) * w for d, w in zip(digits[:8], weights, strict=True)) % 10 == int(digits[8])


def de_kvnr(value: str) -> bool:
    """Krankenversichertennummer (GKV-Spitzenverband, unveränderbarer Teil): a letter and
    nine digits; the letter becomes its position in the alphabet (two digits), and with the
    next eight digits it is weighted 1,2,1,2,... with the products' cross sums added: that
    sum mod 10 is the last digit."""
    payload = f"{ord(value[0]) - ord('A') + 1:02d}{value[1:9]}"
    return _cross_sum_weighted(payload, (1, 2) * 5) % 10 == int(value[9])


def de_rvnr(value: str) -> bool:
    """Versicherungsnummer der Rentenversicherung (§ 147 SGB VI, VKVV): area (2 digits),
    birth date DDMMYY, the birth name's initial, serial (2 digits), check digit. The initial
    becomes two digits (A=01); the twelve digits are weighted 2,1,2,5,7,1,2,1,2,1,2,1 and
    the products' cross sums added, mod 10."""
    day, month = int(value[2:4]), int(value[4:6])
    if not 1 <= day <= 31 or not 1 <= month <= 12:
        return False
    payload = f"{value[:8]}{ord(value[8]) - ord('A') + 1:02d}{value[9:11]}"
    weights = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)
    return _cross_sum_weighted(payload, weights) % 10 == int(value[11])


def de_lanr(value: str) -> bool:
    """Lebenslange Arztnummer (KBV): a six-digit serial, a check digit, a two-digit
    specialty. The serial's digits weighted 4,9,4,9,4,9, summed: 10 minus the sum mod 10
    (0 for 10) is the seventh digit."""
    total = sum(int(d) * w for d, w in zip(value[:6], (4, 9) * 3, strict=True))
    return (10 - total % 10) % 10 == int(value[6])


def icao_check(value: str) -> bool:
    """ICAO Doc 9303 part 3, 4.9: the last character is the sum of the others' values
    weighted 7,3,1 repeating, mod 10 (a German Personalausweis or Reisepass number followed
    by its check digit, as in the machine-readable zone)."""
    total = sum(_letter_value(c) * (7, 3, 1)[i % 3] for i, c in enumerate(value[:-1]))
    return total % 10 == int(value[-1])


def kr_frn(value: str) -> bool:
    """Korean foreigner registration number (Immigration Act, enforcement rules): YYMMDD,
    a digit 5-8 for century and sex, a registration office whose number is even, a serial,
    and a check digit: 11 minus the weighted sum (2..9,2..5) mod 11, less 10 if two digits,
    plus 2, mod 10."""
    if value[6] not in "5678" or int(value[7:9]) % 2:
        return False
    if not _is_date(value[:6], century=1900 if value[6] in "56" else 2000):
        return False
    weights = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
    check = 11 - sum(int(d) * w for d, w in zip(value[:12], weights, strict=True)) % 11
    return (check % 10 + 2) % 10 == int(value[12])


def kr_brn(value: str) -> bool:
    """Korean business registration number (National Tax Service): office (3 digits, from
    101), type (2, not 00), serial (4, not 0000), check digit: the first nine weighted
    1,3,7,1,3,7,1,3,5, plus the tens of the ninth digit times 5; 10 minus that mod 10."""
    if value[:3] < "101" or value[3:5] == "00" or value[5:9] == "0000":
        return False
    weights = (1, 3, 7, 1, 3, 7, 1, 3, 5)
    total = sum(int(d) * w for d, w in zip(value[:9], weights, strict=True))
    total += int(value[8]) * 5 // 10
    return (10 - total % 10) % 10 == int(value[9])


def sg_nric(value: str) -> bool:
    """Singapore NRIC / FIN (ICA): a prefix (S, T citizens and PRs born before / from 2000;
    F, G foreigners before / from 2000; M foreigners from 2022), seven digits weighted
    2,7,6,5,4,3,2, plus 4 for T and G (3 for M), mod 11 indexes the check letter table."""
    total = sum(int(d) * w for d, w in zip(value[1:8], (2, 7, 6, 5, 4, 3, 2), strict=True))
    prefix = value[0]
    total += {"T": 4, "G": 4, "M": 3}.get(prefix, 0)
    if prefix in "ST":
        table = "JZIHGFEDCBA"
    elif prefix in "FG":
        table = "XWUTRQPNMLK"
    else:
        table = "XWUTRQPNJLK"
    return table[total % 11] == value[8]


def us_dea(value: str) -> bool:
    """DEA registration number (21 CFR 1301): two letters (registrant type, then the
    registrant's last-name initial or 9) and seven digits: the sum of the 1st, 3rd and 5th
    digits plus twice the sum of the 2nd, 4th and 6th ends in the 7th."""
    d = [int(c) for c in value[2:]]
    return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6]


def us_itin(value: str) -> bool:
    """IRS individual taxpayer identification number: 9XX-GG-XXXX with the group in 50-65,
    70-88, 90-92 or 94-99 (the ranges the IRS issues since 2011; python-stdnum 2.2 still
    knows only 70-99)."""
    group = int(value[3:5])
    return value[0] == "9" and (50 <= group <= 65 or 70 <= group <= 88 or group in _ITIN_HIGH)


_ITIN_HIGH = frozenset({90, 91, 92, 94, 95, 96, 97, 98, 99})


def us_npi(value: str) -> bool:
    """National Provider Identifier (45 CFR 162.406, CMS): ten digits starting with 1 or 2;
    the last is the Luhn check digit over the nine before it prefixed with 80840 (the
    ISO 7812 issuer prefix for US health)."""
    return value[0] in "12" and luhn.is_valid("80840" + value)


def gb_driving_licence(value: str) -> bool:
    """DVLA driving licence number: surname (5, padded with 9), the birth year's decade
    digit, the birth month (+50 for women), day, the year's last digit, two initials (9
    padded), an arbitrary digit, two check characters. The date must exist."""
    month = int(value[6:8])
    month = month - 50 if month > 50 else month
    year = 1900 + int(value[5] + value[10])
    return _is_date(f"{year % 100:02d}{month:02d}{value[8:10]}", century=1900)


# Egypt's governorates as its national ID numbers them (88: born abroad).
_EG_GOVERNORATES = frozenset(
    ["01", "02", "03", "04", *(str(code) for code in range(11, 20)),
     *(str(code) for code in range(21, 30)), *(str(code) for code in range(31, 36)), "88"]
)  # fmt: skip


def eg_national_id(value: str) -> bool:
    """Egypt's national ID: a century digit (2: the 1900s, 3: the 2000s), the birth date
    YYMMDD, the governorate of birth, four digits of sequence and a check digit whose
    algorithm is not published (so the date and the governorate are what is checked)."""
    if len(value) != 14 or not value.isdigit() or value[0] not in "23":
        return False
    century = 1900 if value[0] == "2" else 2000
    return _is_date(value[1:7], century) and value[7:9] in _EG_GOVERNORATES


def _is_date(yymmdd: str, century: int) -> bool:
    try:
        dt.date(century + int(yymmdd[:2]), int(yymmdd[2:4]), int(yymmdd[4:6]))
    except ValueError:
        return False
    return True
