"""National identifier cases, each value built by its specification's own algorithm.

For every identifier: positives in a few sentences, with a word naming the identifier and,
where its check digit or shape is proof enough, without one; negatives of the kinds a
detector's own tests use: a wrong check digit (with the word: the text says which
identifier it would be), a wrong length or wrong letters, and a number in a sentence about
something else (an order total, a timestamp).
"""

from __future__ import annotations

import datetime as dt
import random
import string
from collections.abc import Callable
from dataclasses import dataclass

from bench.identifiers.case import Case, embed
from bench.identifiers.cases.generic import luhn_digit

FAMILY = "national_id"
Rng = random.Random

# --- check digit arithmetic, from the specifications ----------------------------------


def mod11_10_digit(payload: str) -> str:
    """ISO 7064 MOD 11,10 (German Steuer-IdNr and USt-IdNr)."""
    product = 10
    for char in payload:
        total = (int(char) + product) % 10 or 10
        product = (2 * total) % 11
    return str((11 - product) % 10)


_VERHOEFF_D = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
    [2, 3, 4, 0, 1, 7, 8, 9, 5, 6], [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
    [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
    [8, 7, 6, 5, 9, 3, 2, 1, 0, 4], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
]  # fmt: skip
_VERHOEFF_P = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
    [5, 8, 0, 3, 7, 9, 6, 1, 4, 2], [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
    [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
]  # fmt: skip
_VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9]


def verhoeff_digit(payload: str) -> str:
    c = 0
    for i, char in enumerate(reversed(payload)):
        c = _VERHOEFF_D[c][_VERHOEFF_P[(i + 1) % 8][int(char)]]
    return str(_VERHOEFF_INV[c])


def weighted(payload: str, weights: tuple[int, ...]) -> int:
    return sum(int(c) * w for c, w in zip(payload, weights, strict=True))


def cross_weighted(payload: str, weights: tuple[int, ...]) -> int:
    return sum(sum(map(int, str(int(c) * w))) for c, w in zip(payload, weights, strict=True))


def digits(rng: Rng, n: int, first: str = "0123456789") -> str:
    return rng.choice(first) + "".join(rng.choice(string.digits) for _ in range(n - 1))


def letters(rng: Rng, n: int, alphabet: str = string.ascii_uppercase) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def birth(rng: Rng, start: int = 1940, end: int = 2015) -> dt.date:
    return dt.date(start, 1, 1) + dt.timedelta(days=rng.randrange((end - start) * 365))


def group(value: str, sizes: tuple[int, ...], sep: str = " ") -> str:
    out, i = [], 0
    for size in sizes:
        out.append(value[i : i + size])
        i += size
    return sep.join(out)


# --- builders: one valid value per call -----------------------------------------------


def au_abn(rng: Rng) -> str:
    # ATO: the body weighted 3,5,...,19; the check digits are 89 - (sum mod 89) + 10.
    body = digits(rng, 9)
    lead = 89 - weighted(body, (3, 5, 7, 9, 11, 13, 15, 17, 19)) % 89 + 10
    return group(f"{lead}{body}", (2, 3, 3, 3))


def au_acn(rng: Rng) -> str:
    body = digits(rng, 8)
    check = (10 - weighted(body, (8, 7, 6, 5, 4, 3, 2, 1)) % 10) % 10
    return group(f"{body}{check}", (3, 3, 3))


def au_tfn(rng: Rng) -> str:
    weights = (1, 4, 3, 7, 5, 8, 6, 9, 10)
    while True:
        body = digits(rng, 8, "123456789")
        for last in string.digits:
            if weighted(body + last, weights) % 11 == 0:
                return group(body + last, (3, 3, 3))


def au_medicare(rng: Rng) -> str:
    body = digits(rng, 8, "23456")
    check = weighted(body, (1, 3, 7, 9, 1, 3, 7, 9)) % 10
    return f"{body[:4]} {body[4:]}{check} {rng.randint(1, 9)}"


def ca_sin(rng: Rng) -> str:
    body = digits(rng, 8, "1234567")
    return group(body + luhn_digit(body), (3, 3, 3), rng.choice(" -"))


def fi_hetu(rng: Rng) -> str:
    born = birth(rng)
    serial = rng.randint(2, 899)
    check = "0123456789ABCDEFHJKLMNPRSTUVWXY"[int(f"{born:%d%m%y}{serial:03d}") % 31]
    return f"{born:%d%m%y}{'-' if born.year < 2000 else 'A'}{serial:03d}{check}"


def de_idnr(rng: Rng) -> str:
    # BZSt: 10 digits, no leading zero, one digit twice (or thrice), ISO 7064 check digit.
    chosen = rng.sample(string.digits, 9)
    chosen.insert(rng.randrange(10), rng.choice(chosen))
    if chosen[0] == "0":
        chosen[0], chosen[1] = chosen[1], chosen[0]
    payload = "".join(chosen)
    return group(payload + mod11_10_digit(payload), (2, 3, 3, 3))


def de_vat(rng: Rng) -> str:
    payload = digits(rng, 8, "123456789")
    return f"DE{payload}{mod11_10_digit(payload)}"


def de_kvnr(rng: Rng) -> str:
    letter, body = rng.choice(string.ascii_uppercase), digits(rng, 8)
    payload = f"{ord(letter) - 64:02d}{body}"
    return f"{letter}{body}{cross_weighted(payload, (1, 2) * 5) % 10}"


def de_rvnr(rng: Rng) -> str:
    born = birth(rng)
    area, initial, serial = (
        f"{rng.choice([12, 13, 23, 24, 53, 65]):02d}",
        letters(rng, 1),
        rng.randint(0, 99),
    )
    payload = f"{area}{born:%d%m%y}{ord(initial) - 64:02d}{serial:02d}"
    check = cross_weighted(payload, (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)) % 10
    return f"{area} {born:%d%m%y} {initial}{serial:02d}{check}"


def de_lanr(rng: Rng) -> str:
    serial = digits(rng, 6)
    check = (10 - weighted(serial, (4, 9, 4, 9, 4, 9)) % 10) % 10
    return f"{serial}{check}{rng.choice(['01', '03', '23', '34', '51'])}"


def in_aadhaar(rng: Rng) -> str:
    while True:
        payload = digits(rng, 11, "23456789")
        value = payload + verhoeff_digit(payload)
        if value != value[::-1]:
            return group(value, (4, 4, 4))


def in_pan(rng: Rng) -> str:
    holder = rng.choice("ABCFGHLJPT")  # the fourth letter: the kind of holder
    return f"{letters(rng, 3)}{holder}{letters(rng, 1)}{digits(rng, 4)}{letters(rng, 1)}"


def _gstin_check(payload: str) -> str:
    alphabet = string.digits + string.ascii_uppercase
    total = 0
    for i, char in enumerate(payload):
        product = alphabet.index(char) * (2 if i % 2 else 1)
        total += product // 36 + product % 36
    return alphabet[(36 - total % 36) % 36]


def in_gstin(rng: Rng) -> str:
    payload = f"{rng.randint(1, 37):02d}{in_pan(rng)}{rng.choice('123456789')}Z"
    return payload + _gstin_check(payload)


def in_epic(rng: Rng) -> str:
    serial = digits(rng, 6)
    return f"{letters(rng, 3)}{serial}{luhn_digit(serial)}"


_CF_ODD = dict(zip(string.digits + string.ascii_uppercase, [
    1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6,
    8, 12, 14, 16, 10, 22, 25, 24, 23], strict=True))  # fmt: skip


def it_codicefiscale(rng: Rng) -> str:
    born = birth(rng)
    day = born.day + (40 if rng.random() < 0.5 else 0)
    payload = (
        f"{letters(rng, 6)}{born:%y}{'ABCDEHLMPRST'[born.month - 1]}{day:02d}"
        f"{rng.choice('ABCDEFGHILMZ')}{digits(rng, 3)}"
    )
    total = sum(
        _CF_ODD[c] if i % 2 == 0 else (int(c) if c.isdigit() else ord(c) - 65)
        for i, c in enumerate(payload)
    )
    return payload + chr(65 + total % 26)


def it_iva(rng: Rng) -> str:
    payload = digits(rng, 7) + f"{rng.randint(1, 100):03d}"
    return payload + luhn_digit(payload)


def kr_rrn(rng: Rng) -> str:
    born = birth(rng)
    century_sex = (1 if born.year < 2000 else 3) + rng.randint(0, 1)
    payload = f"{born:%y%m%d}{century_sex}{rng.randint(0, 96):02d}{digits(rng, 3)}"
    check = (11 - weighted(payload, (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)) % 11) % 10
    return f"{payload[:6]}-{payload[6:]}{check}"


def kr_frn(rng: Rng) -> str:
    born = birth(rng)
    sex = (5 if born.year < 2000 else 7) + rng.randint(0, 1)
    office = rng.randrange(0, 99, 2)
    payload = f"{born:%y%m%d}{sex}{office:02d}{digits(rng, 2)}{rng.choice('6789')}"
    check = 11 - weighted(payload, (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)) % 11
    check = (check % 10 + 2) % 10
    return f"{payload[:6]}-{payload[6:]}{check}"


def kr_brn(rng: Rng) -> str:
    payload = digits(rng, 9, "123456789")
    total = weighted(payload, (1, 3, 7, 1, 3, 7, 1, 3, 5)) + int(payload[8]) * 5 // 10
    return f"{payload[:3]}-{payload[3:5]}-{payload[5:]}{(10 - total % 10) % 10}"


def pl_pesel(rng: Rng) -> str:
    born = birth(rng)
    month = born.month + (20 if born.year >= 2000 else 0)
    payload = f"{born:%y}{month:02d}{born:%d}{digits(rng, 4)}"
    return payload + str((10 - weighted(payload, (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)) % 10) % 10)


def sg_nric(rng: Rng) -> str:
    prefix, body = rng.choice("STFG"), digits(rng, 7)
    total = weighted(body, (2, 7, 6, 5, 4, 3, 2)) + (4 if prefix in "TG" else 0)
    table = "JZIHGFEDCBA" if prefix in "ST" else "XWUTRQPNMLK"
    return f"{prefix}{body}{table[total % 11]}"


def sg_uen_business(rng: Rng) -> str:
    body = digits(rng, 8)  # a business: eight digits, check letter
    return body + "XMKECAWLJDB"[weighted(body, (10, 4, 9, 3, 8, 2, 7, 1)) % 11]


def sg_uen_company(rng: Rng) -> str:
    body = f"{rng.randint(1970, 2023)}{digits(rng, 5)}"  # a local company: year, serial
    return body + "ZKCMDNERGWH"[weighted(body, (10, 8, 6, 4, 9, 7, 5, 3, 1)) % 11]


def za_idnr(rng: Rng) -> str:
    born = birth(rng)
    payload = f"{born:%y%m%d}{digits(rng, 4)}{rng.randint(0, 1)}8"
    return payload + luhn_digit(payload)


def se_personnummer(rng: Rng) -> str:
    born = birth(rng)
    payload = f"{born:%y%m%d}{digits(rng, 3)}"
    return f"{payload[:6]}-{payload[6:]}{luhn_digit(payload)}"


def se_orgnr(rng: Rng) -> str:
    payload = f"{rng.choice('25789')}{digits(rng, 1)}{rng.randint(2, 9)}{digits(rng, 6)}"
    return f"{payload[:6]}-{payload[6:]}{luhn_digit(payload)}"


def th_pin(rng: Rng) -> str:
    payload = digits(rng, 12, "12345678")
    check = (11 - sum(int(d) * (13 - i) for i, d in enumerate(payload)) % 11) % 10
    value = f"{payload}{check}"
    return f"{value[0]}-{value[1:5]}-{value[5:10]}-{value[10:12]}-{value[12]}"


def tr_tckimlik(rng: Rng) -> str:
    d = [int(c) for c in digits(rng, 9, "123456789")]
    tenth = ((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10
    return "".join(map(str, [*d, tenth, (sum(d) + tenth) % 10]))


def gb_nhs(rng: Rng) -> str:
    while True:
        payload = digits(rng, 9, "4")
        check = 11 - weighted(payload, (10, 9, 8, 7, 6, 5, 4, 3, 2)) % 11
        if check != 10:
            return group(payload + str(check % 11), (3, 3, 4))


def gb_driving_licence(rng: Rng) -> str:
    born = birth(rng, 1940, 1999)
    month = born.month + (50 if rng.random() < 0.5 else 0)
    surname = letters(rng, rng.randint(3, 5)).ljust(5, "9")
    decade, year = str(born.year)[2:]
    return f"{surname}{decade}{month:02d}{born:%d}{year}{letters(rng, 2)}9{letters(rng, 2)}"


def us_itin(rng: Rng) -> str:
    group_ = rng.choice([*range(50, 66), *range(70, 89), 90, 91, 92, *range(94, 100)])
    return f"9{digits(rng, 2)}-{group_}-{digits(rng, 4)}"


def us_rtn(rng: Rng) -> str:
    payload = (
        f"{rng.choice(['01', '02', '06', '11', '12', '21', '26', '31', '32'])}{digits(rng, 6)}"
    )
    return payload + str((10 - weighted(payload, (3, 7, 1, 3, 7, 1, 3, 7)) % 10) % 10)


def us_dea(rng: Rng) -> str:
    d = [int(c) for c in digits(rng, 6)]
    check = (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10
    return f"{rng.choice('ABFGM')}{letters(rng, 1)}{''.join(map(str, d))}{check}"


def us_npi(rng: Rng) -> str:
    payload = digits(rng, 9, "12")
    return payload + luhn_digit("80840" + payload)


_MBI_LETTER = "ACDEFGHJKMNPQRTUVWXY"


def us_mbi(rng: Rng) -> str:
    an = _MBI_LETTER + string.digits
    value = (
        f"{digits(rng, 1, '123456789')}{letters(rng, 1, _MBI_LETTER)}{letters(rng, 1, an)}"
        f"{digits(rng, 1)}{letters(rng, 1, _MBI_LETTER)}{letters(rng, 1, an)}{digits(rng, 1)}"
        f"{letters(rng, 2, _MBI_LETTER)}{digits(rng, 2)}"
    )
    return f"{value[:4]}-{value[4:7]}-{value[7:]}" if rng.random() < 0.5 else value


def es_nif(rng: Rng) -> str:
    number = digits(rng, 8)
    return number + "TRWAGMYFPDXBNJZSQVHLCKE"[int(number) % 23]


# --- formats without a check digit: a shape, and a word that names it -----------------


def shaped(*parts: Callable[[Rng], str]) -> Callable[[Rng], str]:
    return lambda rng: "".join(part(rng) for part in parts)


def _d(n: int, first: str = "0123456789") -> Callable[[Rng], str]:
    return lambda rng: digits(rng, n, first)


def _l(n: int, alphabet: str = string.ascii_uppercase) -> Callable[[Rng], str]:
    return lambda rng: letters(rng, n, alphabet)


def _lit(text: str) -> Callable[[Rng], str]:
    return lambda rng: text


def _pick(*options: str) -> Callable[[Rng], str]:
    return lambda rng: rng.choice(options)


_ICAO = "CFGHJKLMNPRTVWXYZ"


# --- the identifiers -------------------------------------------------------------------


@dataclass(frozen=True)
class Spec:
    kind: str
    spec: str
    build: Callable[[Rng], str]
    words: tuple[str, ...]  # how a text names it
    checked: bool  # a check digit (or date) that a wrong character breaks
    alone: bool  # found with no word naming it
    check_at: int = -1  # where the check digit is written


SPECS: tuple[Spec, ...] = (
    Spec(
        "au.abn",
        "ATO, ABN format (mod 89)",
        au_abn,
        ("ABN", "Australian Business Number"),
        True,
        True,
    ),
    Spec(
        "au.acn", "ASIC, ACN check digit", au_acn, ("ACN", "Australian Company Number"), True, False
    ),
    Spec("au.tfn", "ATO, TFN (weighted mod 11)", au_tfn, ("TFN", "tax file number"), True, False),
    Spec(
        "au.medicare",
        "Services Australia, Medicare card number",
        au_medicare,
        ("Medicare number", "Medicare card"),
        True,
        True,
        -3,
    ),
    Spec(
        "ca.sin",
        "ESDC, Social Insurance Number (Luhn)",
        ca_sin,
        ("SIN", "social insurance number"),
        True,
        False,
    ),
    Spec("fi.hetu", "Finnish DVV, henkilötunnus", fi_hetu, ("henkilötunnus", "HETU"), True, True),
    Spec(
        "de.idnr",
        "BZSt, Steuer-IdNr (ISO 7064 MOD 11,10)",
        de_idnr,
        ("Steuer-ID", "Steueridentifikationsnummer"),
        True,
        True,
    ),
    Spec(
        "de.vat", "BZSt, USt-IdNr (ISO 7064 MOD 11,10)", de_vat, ("USt-IdNr", "VAT id"), True, True
    ),
    Spec(
        "de.kvnr",
        "GKV-Spitzenverband, Krankenversichertennummer",
        de_kvnr,
        ("Versichertennummer", "KVNR"),
        True,
        True,
    ),
    Spec(
        "de.rvnr",
        "VKVV, Rentenversicherungsnummer",
        de_rvnr,
        ("Rentenversicherungsnummer", "Sozialversicherungsnummer"),
        True,
        True,
    ),
    Spec(
        "de.lanr", "KBV, Lebenslange Arztnummer", de_lanr, ("LANR", "Arztnummer"), True, False, -3
    ),
    Spec(
        "in_.aadhaar",
        "UIDAI, Aadhaar (Verhoeff)",
        in_aadhaar,
        ("Aadhaar", "Aadhaar number"),
        True,
        True,
    ),
    Spec(
        "in_.pan", "Income Tax Dept., PAN", in_pan, ("PAN", "permanent account number"), False, True
    ),
    Spec("in_.gstin", "GSTN, GSTIN (mod 36)", in_gstin, ("GSTIN", "GST number"), True, True),
    Spec("in_.epic", "ECI, EPIC voter id (Luhn)", in_epic, ("voter id", "EPIC number"), True, True),
    Spec(
        "it.codicefiscale",
        "DM 23/12/1976, codice fiscale",
        it_codicefiscale,
        ("codice fiscale", "CF"),
        True,
        True,
    ),
    Spec(
        "it.iva", "DPR 633/1972, partita IVA (Luhn)", it_iva, ("partita IVA", "P.IVA"), True, True
    ),
    Spec("kr.rrn", "Resident Registration Act, RRN", kr_rrn, ("RRN", "주민등록번호"), True, True),
    Spec(
        "kr.frn",
        "Immigration Act, foreigner registration number",
        kr_frn,
        ("FRN", "외국인등록번호"),
        True,
        True,
    ),
    Spec(
        "kr.brn", "NTS, business registration number", kr_brn, ("BRN", "사업자등록번호"), True, True
    ),
    Spec("pl.pesel", "Polish PESEL", pl_pesel, ("PESEL", "numer PESEL"), True, True),
    Spec("sg.nric", "ICA, NRIC/FIN check letter", sg_nric, ("NRIC", "FIN"), True, True),
    Spec(
        "sg.uen",
        "ACRA, UEN check letter",
        sg_uen_company,
        ("UEN", "unique entity number"),
        True,
        True,
    ),
    Spec("sg.uen", "ACRA, UEN check letter", sg_uen_business, ("UEN", "ACRA UEN"), True, False),
    Spec(
        "za.idnr",
        "DHA, South African ID (Luhn)",
        za_idnr,
        ("South African ID", "RSA ID"),
        True,
        True,
    ),
    Spec(
        "se.personnummer",
        "Skatteverket, personnummer (Luhn)",
        se_personnummer,
        ("personnummer",),
        True,
        True,
    ),
    Spec(
        "se.orgnr",
        "Bolagsverket, organisationsnummer (Luhn)",
        se_orgnr,
        ("organisationsnummer", "orgnr"),
        True,
        True,
    ),
    Spec("th.pin", "DOPA, Thai national id (mod 11)", th_pin, ("Thai ID", "TNIN"), True, True),
    Spec("tr.tckimlik", "NVI, T.C. Kimlik No", tr_tckimlik, ("TC kimlik", "TCKN"), True, True),
    Spec("gb.nhs", "NHS Digital, NHS number (mod 11)", gb_nhs, ("NHS number", "NHS"), True, False),
    Spec(
        "gb.driving_licence",
        "DVLA, driving licence number",
        gb_driving_licence,
        ("driving licence", "DVLA licence number"),
        False,
        True,
    ),
    Spec("us.itin", "IRS, ITIN", us_itin, ("ITIN",), False, True),
    Spec("us.rtn", "ABA, routing number (3-7-1)", us_rtn, ("routing number", "ABA"), True, False),
    Spec("us.dea", "21 CFR 1301, DEA number", us_dea, ("DEA number", "DEA"), True, True),
    Spec(
        "us.npi",
        "CMS, NPI (Luhn with 80840)",
        us_npi,
        ("NPI", "national provider identifier"),
        True,
        False,
    ),
    Spec(
        "us.mbi",
        "CMS, Medicare Beneficiary Identifier",
        us_mbi,
        ("MBI", "Medicare beneficiary identifier"),
        False,
        True,
    ),
    Spec("es.nif", "RD 1553/2005, DNI/NIF check letter", es_nif, ("DNI", "NIF"), True, True),
    # formats without a check digit: with the word only
    Spec(
        "de.id_card",
        "PAuswG, Personalausweis (ICAO alphabet)",
        shaped(_l(1, _ICAO), _l(4, _ICAO + "0123456789"), _d(4)),
        ("Personalausweis", "Ausweisnummer"),
        False,
        False,
    ),
    Spec(
        "de.passport",
        "PassG, Reisepass (ICAO alphabet)",
        shaped(_l(1, _ICAO), _l(3, _ICAO), _d(5)),
        ("Reisepass", "passport"),
        False,
        False,
    ),
    Spec(
        "de.fuehrerschein",
        "FeV, Führerscheinnummer",
        shaped(_l(1), _d(2), _l(2), _d(4), _d(1), _l(1)),
        ("Führerschein", "Führerscheinnummer"),
        False,
        False,
    ),
    Spec(
        "de.bsnr",
        "KBV, Betriebsstättennummer",
        shaped(_pick("01", "17", "38", "52", "71"), _d(7)),
        ("BSNR", "Betriebsstättennummer"),
        False,
        False,
    ),
    Spec(
        "de.handelsregister",
        "HRV, Handelsregisternummer",
        shaped(_pick("HRB ", "HRA ", "HRB"), _d(6, "123456789")),
        ("Handelsregister", "Amtsgericht München"),
        False,
        True,
    ),
    Spec(
        "de.kfz",
        "FZV, Kfz-Kennzeichen",
        shaped(_pick("M", "B", "HH", "K", "S"), _lit("-"), _l(2), _lit(" "), _d(4, "123456789")),
        ("Kennzeichen", "Kfz-Kennzeichen"),
        False,
        False,
    ),
    Spec(
        "de.plz",
        "Deutsche Post, Postleitzahl",
        _d(5, "123456789"),
        ("PLZ", "Postleitzahl"),
        False,
        False,
    ),
    Spec(
        "in.passport",
        "Passports Act, Indian passport",
        shaped(_l(1), _d(1, "123456789"), _d(5), _d(1, "123456789")),
        ("passport", "Indian passport"),
        False,
        False,
    ),
    Spec(
        "in.vehicle_registration",
        "MoRTH, registration mark",
        shaped(
            _pick("MH", "DL", "KA", "TN"),
            _lit(" "),
            _d(2, "123456789"),
            _lit(" "),
            _l(2),
            _lit(" "),
            _d(4, "123456789"),
        ),
        ("vehicle registration", "RTO"),
        False,
        True,
    ),
    Spec(
        "it.identity_card",
        "DM 23/12/2015, CIE",
        shaped(_pick("CA", "CB", "AY"), _d(5), _l(2)),
        ("carta d'identità", "CIE"),
        False,
        False,
    ),
    Spec(
        "it.passport",
        "Italian passport",
        shaped(_pick("YA", "YB", "AA"), _d(7)),
        ("passaporto", "passport"),
        False,
        False,
    ),
    Spec(
        "it.driver_licence",
        "Italian patente",
        shaped(_pick("MI", "RM", "TO"), _d(7), _l(1)),
        ("patente", "patente di guida"),
        False,
        False,
    ),
    Spec(
        "kr.passport",
        "Korean passport",
        shaped(_pick("M", "S"), _d(3), _l(1), _d(4)),
        ("passport", "여권"),
        False,
        False,
    ),
    Spec(
        "kr.driver_licence",
        "Korean driver's licence",
        shaped(_pick("11", "13", "21", "28"), _lit("-"), _d(2), _lit("-"), _d(6), _lit("-"), _d(2)),
        ("driver license", "운전면허번호"),
        False,
        True,
    ),
    Spec(
        "ng.nin",
        "NIMC, National Identification Number",
        _d(11, "123456789"),
        ("NIN", "NIMC"),
        False,
        False,
    ),
    Spec(
        "ng.vehicle_registration",
        "FRSC, number plate",
        shaped(_pick("LND", "ABC", "KJA", "FKJ"), _lit("-"), _d(3), _l(2)),
        ("plate number", "vehicle registration"),
        False,
        True,
    ),
    Spec(
        "ph.tin",
        "BIR, Taxpayer Identification Number",
        shaped(_d(3), _lit("-"), _d(3), _lit("-"), _d(3), _lit("-"), _pick("000", "001")),
        ("TIN", "BIR TIN"),
        False,
        False,
    ),
    Spec(
        "es.passport",
        "Spanish pasaporte",
        shaped(_l(3), _d(6)),
        ("pasaporte", "passport"),
        False,
        False,
    ),
    Spec(
        "gb.passport",
        "HMPO, UK passport",
        _d(9, "123456789"),
        ("UK passport", "passport number"),
        False,
        False,
    ),
    Spec(
        "gb.nino",
        "HMRC, National Insurance number",
        shaped(
            _pick("AB", "JG", "PR", "SW"),
            _lit(" "),
            _d(2),
            _lit(" "),
            _d(2),
            _lit(" "),
            _d(2),
            _lit(" "),
            _pick("A", "B", "C", "D"),
        ),
        ("NI number", "national insurance"),
        False,
        True,
    ),
    Spec(
        "gb.postcode",
        "Royal Mail, postcode",
        _pick("SW1A 1AA", "EC1A 1BB", "W1A 0AX", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT"),
        ("postcode", "post code"),
        False,
        True,
    ),
    Spec(
        "gb.vehicle_registration",
        "DVLA, registration mark",
        shaped(
            _pick("AB", "LA", "YK", "BD"),
            _pick("51", "02", "15", "68", "23"),
            _lit(" "),
            _l(3, "ABCDEFGHJKLMNPRSTUVWXYZ"),
        ),
        ("registration", "number plate"),
        False,
        True,
    ),
    Spec(
        "tr.plate",
        "KGM, Turkish plate",
        shaped(
            _pick("34", "06", "35", "16"),
            _lit(" "),
            _l(3, "ABCDEFGHJKLMNPRSTUVYZ"),
            _lit(" "),
            _d(3, "123456789"),
        ),
        ("plaka", "license plate"),
        False,
        False,
    ),
    Spec(
        "us.ssn",
        "SSA, Social Security number",
        shaped(
            _pick("123", "219", "457", "536"),
            _lit("-"),
            _d(2, "123456789"),
            _lit("-"),
            _d(4, "123456789"),
        ),
        ("SSN", "social security number"),
        False,
        True,
    ),
    Spec(
        "us.passport",
        "US passport",
        shaped(_l(1), _d(8)),
        ("US passport", "passport number"),
        False,
        False,
    ),
    Spec(
        "us.driver_licence",
        "US driver licence",
        shaped(_pick("D", "F", "S"), _d(7)),
        ("driver license", "DL#"),
        False,
        False,
    ),
    Spec(
        "us.bank_account",
        "US bank account",
        _d(12, "123456789"),
        ("bank account", "checking account"),
        False,
        False,
    ),
)

WITH_WORD = ("My {w} is {{}}.", "{w}: {{}}", "Please update the {w} {{}} in our records.")
ALONE = (
    "Here it is: {}, thanks.",
    "Send it over with {} on the form.",
    "{} was written on the card.",
)
UNRELATED = (
    "The order total came to {} yen last week.",
    "Log line at {} showed nothing unusual.",
)


def wrong_check(value: str, at: int = -1) -> str:
    """The same value with its check character changed."""
    at %= len(value)
    char = value[at]
    changed = str((int(char) + 1) % 10) if char.isdigit() else ("A" if char != "A" else "B")
    return value[:at] + changed + value[at + 1 :]


def _unrelated(rng: Rng) -> str:
    if rng.random() < 0.5:
        return f"{rng.randint(1, 99)},{rng.randint(100, 999)}.{rng.randint(10, 99)}"
    moment = dt.datetime(2024, 1, 1) + dt.timedelta(seconds=rng.randrange(10**7))
    return moment.isoformat(sep=" ") if rng.random() < 0.5 else str(int(moment.timestamp()))


def _wrong_length(value: str) -> str:
    """A character too many: a digit after a digit, a letter after a letter."""
    return value + ("7" if value[-1].isdigit() else "Q")


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = []
    for spec in SPECS:

        def add(template: str, value: str, positive: bool = True, spec: Spec = spec) -> None:
            out.append(embed(FAMILY, spec.kind, spec.spec, template, value, positive=positive))

        for template in WITH_WORD:
            add(template.format(w=rng.choice(spec.words)), spec.build(rng))
        if spec.alone:
            for template in ALONE[:2]:
                add(template, spec.build(rng))
        word = rng.choice(spec.words)
        if spec.checked:
            for template in (f"The {word} on file, {{}}, is wrong.", f"My {word} is {{}}."):
                add(template, wrong_check(spec.build(rng), spec.check_at), False)
            if spec.alone:
                add(rng.choice(ALONE), wrong_check(spec.build(rng), spec.check_at), False)
        else:
            add(rng.choice(ALONE), _wrong_length(spec.build(rng)), False)
        add(rng.choice(UNRELATED), _unrelated(rng), False)
    return out
