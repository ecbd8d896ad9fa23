"""stdnum.national_id.v1, tested from each identifier's published specification: numbers
built here by the issuing country's algorithm are found with no context word; the same
number with a wrong check digit is not; long digit runs yield nothing.

The check digits are computed in this file from the specifications (not with python-stdnum,
which the recognizer uses), so the test would catch a wrong rule or a wrong module."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.identifiers.cases.generic import luhn_digit
from bench.identifiers.cases.national_ids import mod11_10_digit
from veil.rules.recognizers.national_ids import NATIONAL_IDS, NationalIdRecognizer

RECOGNIZER = NationalIdRecognizer()
BIRTHS = st.dates(dt.date(1930, 1, 1), dt.date(2019, 12, 31))
HETU_CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY"


def personnummer(birth: dt.date, serial: int) -> str:
    payload = f"{birth:%y%m%d}{serial:03d}"
    return f"{payload[:6]}-{payload[6:]}{luhn_digit(payload)}"


def hetu(birth: dt.date, serial: int) -> str:
    sign = "-" if birth.year < 2000 else "A"
    check = HETU_CHECK[int(f"{birth:%d%m%y}{serial:03d}") % 31]
    return f"{birth:%d%m%y}{sign}{serial:03d}{check}"


def tckimlik(digits: list[int]) -> str:
    d = digits[:9]
    tenth = ((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10
    eleventh = (sum(d) + tenth) % 10
    return "".join(map(str, [*d, tenth, eleventh]))


def pesel(birth: dt.date, serial: int) -> str:
    month = birth.month + (20 if birth.year >= 2000 else 0)
    payload = f"{birth:%y}{month:02d}{birth:%d}{serial:04d}"
    weights = (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)
    check = (10 - sum(int(c) * w for c, w in zip(payload, weights, strict=True)) % 10) % 10
    return f"{payload}{check}"


def rrn(birth: dt.date, female: bool, place: int) -> str:
    century_sex = (1 if birth.year < 2000 else 3) + female
    payload = f"{birth:%y%m%d}{century_sex}{place:05d}"
    weights = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
    check = (11 - sum(int(c) * w for c, w in zip(payload, weights, strict=True)) % 11) % 10
    return f"{payload[:6]}-{payload[6:]}{check}"


def za_id(birth: dt.date, sequence: int, citizen: bool) -> str:
    payload = f"{birth:%y%m%d}{sequence:04d}{0 if citizen else 1}8"
    return f"{payload}{luhn_digit(payload)}"


def thai_pin(digits: list[int]) -> str:
    payload = digits[:12]
    check = (11 - sum(d * (13 - i) for i, d in enumerate(payload)) % 11) % 10
    value = "".join(map(str, [*payload, check]))
    return f"{value[0]}-{value[1:5]}-{value[5:10]}-{value[10:12]}-{value[12]}"


def found(text: str) -> list[str]:
    return [text[s.start : s.end] for s in RECOGNIZER.find(text)]


def wrong_check(value: str) -> str:
    last = value[-1]
    replacement = str((int(last) + 1) % 10) if last.isdigit() else ("A" if last != "A" else "B")
    return value[:-1] + replacement


BY_RULE = {
    "se.personnummer": st.builds(personnummer, BIRTHS, st.integers(0, 999)),
    "fi.hetu": st.builds(hetu, BIRTHS, st.integers(2, 899)),
    "tr.tckimlik": st.builds(tckimlik, st.lists(st.integers(0, 9), min_size=9, max_size=9).map(
        lambda d: [d[0] or 1, *d[1:]])),
    "pl.pesel": st.builds(pesel, BIRTHS, st.integers(0, 9999)),
    "kr.rrn": st.builds(rrn, BIRTHS, st.booleans(), st.integers(0, 96_999)),  # region <= 96
    "za.idnr": st.builds(za_id, BIRTHS, st.integers(0, 9999), st.booleans()),
    "th.pin": st.builds(thai_pin, st.lists(st.integers(0, 9), min_size=12, max_size=12).map(
        lambda d: [d[0] % 8 + 1, *d[1:]])),
}  # fmt: skip
NUMBERS = st.one_of(*BY_RULE.values())
RULES = st.sampled_from(sorted(BY_RULE)).flatmap(
    lambda name: st.tuples(st.just(name), BY_RULE[name])
)


def accepted_by(value: str) -> set[str]:
    return {
        rule.name for rule in NATIONAL_IDS if rule.pattern.fullmatch(value) and rule.is_valid(value)
    }


@settings(max_examples=400, deadline=None)
@given(value=NUMBERS)
def test_a_number_built_by_its_specification_is_found_without_a_context_word(value):
    text = f"Here it is: {value}, thanks."
    assert found(text) == [value]


@settings(max_examples=400, deadline=None)
@given(named=RULES)
def test_each_rule_accepts_its_own_numbers_and_not_a_wrong_check_digit(named):
    """(A number with a wrong check digit can still be valid under another country's rule,
    which is why this asks the rule, not the recognizer.)"""
    name, value = named
    assert name in accepted_by(value)
    assert name not in accepted_by(wrong_check(value))


@pytest.mark.parametrize(
    "text",
    [
        "1" * 10_000,
        ",".join(["44051401359"] * 3).replace(",", ""),  # ids run together: one long number
        "version 1.811228-9874.2",
        "ab811228-9874",
    ],
)
def test_digits_inside_a_longer_run_are_not_an_identifier(text):
    assert found(text) == []


def test_a_csv_of_thousands_of_ids_finds_each_one():
    ids = [pesel(dt.date(1980, 1, 1) + dt.timedelta(days=n), n % 10_000) for n in range(5_000)]
    assert found("\n".join(ids)) == ids


# The Spanish check letter (Real Decreto 1553/2005): the number mod 23 indexes this table;
# an NIE's X, Y or Z stands for a leading 0, 1 or 2.
DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


@settings(max_examples=200, deadline=None)
@given(prefix=st.sampled_from(["", "X", "Y", "Z"]), number=st.integers(0, 9_999_999))
def test_spanish_dni_and_nie_are_found_by_their_check_letter(prefix, number):
    from veil.rules.recognizers.government import IdNumberRecognizer

    digits = f"{number:08d}" if not prefix else f"{number:07d}"
    letter = DNI_LETTERS[int(str("XYZ".index(prefix)) + digits if prefix else digits) % 23]
    wrong = DNI_LETTERS[(DNI_LETTERS.index(letter) + 1) % 23]
    recognizer = IdNumberRecognizer()
    for value, expected in (
        (f"{prefix}{digits}{letter}", True),
        (f"{prefix}{digits}{wrong}", False),
    ):
        text = f"Mi documento: {value}."
        spans = [text[s.start : s.end] for s in recognizer.find(text)]
        assert (value in spans) is expected, (value, spans)


# --- identifiers of issue 22: numbers built by each specification's own arithmetic -------


def weighted(payload: str, weights: tuple[int, ...]) -> int:
    return sum(int(c) * w for c, w in zip(payload, weights, strict=True))


def cross_weighted(payload: str, weights: tuple[int, ...]) -> int:
    """The sum of the products' digit sums (German health and pension insurance numbers)."""
    return sum(sum(map(int, str(int(c) * w))) for c, w in zip(payload, weights, strict=True))


def abn(body: str) -> str:
    # ATO: the body weighted 3,5,...,19; the check digits are 89 - (sum mod 89) + 10, so
    # that with the first digit less one and weights 10,1,3,...,19 the sum divides by 89.
    lead = 89 - weighted(body, (3, 5, 7, 9, 11, 13, 15, 17, 19)) % 89 + 10
    value = f"{lead}{body}"
    assert (
        weighted(f"{lead // 10 - 1}{value[1:]}", (10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19)) % 89 == 0
    )
    return f"{value[:2]} {value[2:5]} {value[5:8]} {value[8:]}"


def acn(body: str) -> str:
    check = (10 - weighted(body, (8, 7, 6, 5, 4, 3, 2, 1)) % 10) % 10
    return f"{body[:3]} {body[3:6]} {body[6:]}{check}"


def medicare(body: str, issue: int) -> str:
    check = weighted(body, (1, 3, 7, 9, 1, 3, 7, 9)) % 10
    return f"{body[:4]} {body[4:]}{check} {issue}"


def partita_iva(office: str, province: int) -> str:
    # DPR 633/1972: office number, provincial office code, Luhn check digit.
    payload = f"{office}{province:03d}"
    return payload + luhn_digit(payload)


def sin(body: str) -> str:
    return f"{body[:3]}-{body[3:6]}-{body[6:]}{luhn_digit(body)}"


def steuer_id(digits: list[str]) -> str:
    payload = "".join(digits)
    return payload + mod11_10_digit(payload)


def ust_idnr(body: str) -> str:
    return f"DE{body}{mod11_10_digit(body)}"


def kvnr(letter: str, body: str) -> str:
    return f"{letter}{body}{cross_weighted(f'{ord(letter) - 64:02d}{body}', (1, 2) * 5) % 10}"


def rvnr(area: int, birth: dt.date, initial: str, serial: int) -> str:
    payload = f"{area:02d}{birth:%d%m%y}{ord(initial) - 64:02d}{serial:02d}"
    check = cross_weighted(payload, (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)) % 10
    return f"{area:02d} {birth:%d%m%y} {initial}{serial:02d}{check}"


def lanr(serial: str, specialty: int) -> str:
    check = (10 - weighted(serial, (4, 9, 4, 9, 4, 9)) % 10) % 10
    return f"{serial}{check}{specialty:02d}"


def verhoeff_check(payload: str) -> str:
    # The dihedral group D5 (Verhoeff 1969): d(i, j), the permutation p and its inverse.
    def d(i: int, j: int) -> int:
        if i < 5 and j < 5:
            return (i + j) % 5
        if i < 5:
            return (i + j) % 5 + 5
        if j < 5:
            return (i - j) % 5 + 5
        return (i - j) % 5

    p = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]
    base = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4]
    for _ in range(7):
        p.append([base[x] for x in p[-1]])
    c = 0
    for i, char in enumerate(reversed(payload)):
        c = d(c, p[(i + 1) % 8][int(char)])
    inverse = next(j for j in range(10) if d(c, j) == 0)
    return str(inverse)


def aadhaar(payload: str) -> str:
    value = payload + verhoeff_check(payload)
    return f"{value[:4]} {value[4:8]} {value[8:]}"


CF_ODD = dict(zip("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", [
    1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6,
    8, 12, 14, 16, 10, 22, 25, 24, 23], strict=True))  # fmt: skip


def codice_fiscale(names: str, birth: dt.date, female: bool, place: str) -> str:
    # DM 23/12/1976: odd positions by the table above, even ones by their value, mod 26.
    day = birth.day + (40 if female else 0)
    payload = f"{names}{birth:%y}{'ABCDEHLMPRST'[birth.month - 1]}{day:02d}{place}"
    total = sum(
        CF_ODD[c] if i % 2 == 0 else (int(c) if c.isdigit() else ord(c) - 65)
        for i, c in enumerate(payload)
    )
    return payload + chr(65 + total % 26)


def frn(birth: dt.date, female: bool, office: int, serial: str) -> str:
    payload = f"{birth:%y%m%d}{(5 if birth.year < 2000 else 7) + female}{office:02d}{serial}"
    check = (11 - weighted(payload, (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)) % 11) % 10
    return f"{payload[:6]}-{payload[6:]}{(check + 2) % 10}"


def brn(payload: str) -> str:
    total = weighted(payload, (1, 3, 7, 1, 3, 7, 1, 3, 5)) + int(payload[8]) * 5 // 10
    return f"{payload[:3]}-{payload[3:5]}-{payload[5:]}{(10 - total % 10) % 10}"


def nric(prefix: str, body: str) -> str:
    total = weighted(body, (2, 7, 6, 5, 4, 3, 2)) + (4 if prefix in "TG" else 0)
    return prefix + body + ("JZIHGFEDCBA" if prefix in "ST" else "XWUTRQPNMLK")[total % 11]


def uen_company(year: int, serial: str) -> str:
    body = f"{year}{serial}"
    return body + "ZKCMDNERGWH"[weighted(body, (10, 8, 6, 4, 9, 7, 5, 3, 1)) % 11]


def orgnr(payload: str) -> str:
    return f"{payload[:6]}-{payload[6:]}{luhn_digit(payload)}"


def nhs(payload: str) -> str | None:
    check = 11 - weighted(payload, (10, 9, 8, 7, 6, 5, 4, 3, 2)) % 11
    return None if check == 10 else f"{payload[:3]} {payload[3:6]} {payload[6:]}{check % 11}"


def aba(payload: str) -> str:
    return payload + str((10 - weighted(payload, (3, 7, 1, 3, 7, 1, 3, 7)) % 10) % 10)


def dea(letters: str, payload: str) -> str:
    d = [int(c) for c in payload]
    return f"{letters}{payload}{(d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10}"


def npi(payload: str) -> str:
    return payload + luhn_digit("80840" + payload)


def itin(area: str, group: int, serial: str) -> str:
    return f"9{area}-{group}-{serial}"


DIGITS = st.text("0123456789", min_size=1, max_size=1)


def digit_string(size: int, first: str = "0123456789") -> st.SearchStrategy[str]:
    return st.tuples(
        st.sampled_from(first), st.text("0123456789", min_size=size - 1, max_size=size - 1)
    ).map("".join)


UPPER = st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
ADULTS = st.dates(dt.date(1930, 1, 1), dt.date(2005, 12, 31))

# Found with no word naming them: a strong check, or a check and a distinctive shape.
ALONE = {
    "au.abn": st.builds(abn, digit_string(9)),
    "de.vat": st.builds(ust_idnr, digit_string(8, "123456789")),
    "de.kvnr": st.builds(kvnr, UPPER, digit_string(8)),
    "de.idnr": st.builds(
        steuer_id,
        st.permutations(list("0123456789"))
        .flatmap(lambda p: st.integers(0, 8).map(lambda i: [*p[:9][:i], p[0], *p[:9][i:]]))
        .filter(lambda d: d[0] != "0"),
    ),
    "it.iva": st.builds(
        partita_iva,
        digit_string(7).filter(lambda office: office != "0000000"),  # a serial is issued
        st.sampled_from([*range(1, 101), 120, 121, 888, 999]),
    ),
    "au.medicare": st.builds(medicare, digit_string(8, "23456"), st.integers(1, 9)),
    "de.rvnr": st.builds(rvnr, st.integers(10, 89), ADULTS, UPPER, st.integers(0, 99)),
    "in_.aadhaar": st.builds(aadhaar, digit_string(11, "23456789")).filter(
        lambda v: v.replace(" ", "") != v.replace(" ", "")[::-1]
    ),
    "it.codicefiscale": st.builds(
        codice_fiscale,
        st.text("BCDFGLMNPRSTVZ", min_size=6, max_size=6),
        ADULTS,
        st.booleans(),
        st.tuples(st.sampled_from("ABCDEFGHLMZ"), digit_string(3)).map("".join),
    ),
    "kr.frn": st.builds(
        frn,
        BIRTHS,
        st.booleans(),
        st.integers(0, 49).map(lambda n: 2 * n),
        st.tuples(digit_string(2), st.sampled_from("6789")).map("".join),
    ),
    "kr.brn": st.builds(
        brn, st.tuples(st.integers(101, 999).map(str), digit_string(6)).map("".join)
    ).filter(lambda v: v[4:6] != "00" and v[7:11] != "0000"),
    "sg.nric": st.builds(nric, st.sampled_from("STFG"), digit_string(7)),
    "sg.uen": st.builds(uen_company, st.integers(1970, 2024), digit_string(5)),
    "se.orgnr": st.builds(
        orgnr, st.tuples(digit_string(2), st.sampled_from("23456789"), digit_string(6)).map("".join)
    ),
    "us.dea": st.builds(
        dea, st.tuples(st.sampled_from("ABFGM"), UPPER).map("".join), digit_string(6)
    ),
}

# Found only after a word naming them: one random digit run in ten passes their check.
NAMED = {
    "au.acn": ("ACN", st.builds(acn, digit_string(8))),
    "au.medicare": (
        "Medicare number",
        st.builds(medicare, digit_string(8, "23456"), st.integers(1, 9)),
    ),
    "ca.sin": ("SIN", st.builds(sin, digit_string(8, "1234567"))),
    "de.idnr": (
        "Steuer-ID",
        st.builds(
            steuer_id,
            st.permutations(list("0123456789"))
            .flatmap(lambda p: st.integers(0, 8).map(lambda i: [*p[:9][:i], p[0], *p[:9][i:]]))
            .filter(lambda d: d[0] != "0"),
        ),
    ),
    "de.lanr": ("LANR", st.builds(lanr, digit_string(6), st.integers(1, 99))),
    "gb.nhs": ("NHS number", st.builds(nhs, digit_string(9, "4")).filter(bool)),
    "us.rtn": (
        "routing number",
        st.builds(
            aba,
            st.tuples(st.sampled_from(["01", "02", "11", "21", "26", "32"]), digit_string(6)).map(
                "".join
            ),
        ),
    ),
    "us.npi": ("NPI", st.builds(npi, digit_string(9, "12"))),
}


# Where the check digit is written when it is not last: a Medicare card's issue number and
# an Arztnummer's specialty follow it.
CHECK_AT = {"au.medicare": -3, "de.lanr": -3}


def wrong_check_digit(name: str, value: str) -> str:
    at = len(value) + CHECK_AT.get(name, -1)
    return wrong_check(value[: at + 1]) + value[at + 1 :]


def rule_accepts(name: str, value: str) -> bool:
    return any(
        rule.name == name and rule.pattern.fullmatch(value) and rule.is_valid(value)
        for rule in NATIONAL_IDS
    )


@settings(max_examples=300, deadline=None)
@given(named=st.sampled_from(sorted(ALONE)).flatmap(lambda n: st.tuples(st.just(n), ALONE[n])))
def test_identifiers_proven_by_their_check_are_found_alone_and_refused_with_a_wrong_one(named):
    name, value = named
    assert found(f"Here it is: {value}, thanks.") == [value], name
    assert rule_accepts(name, value)
    assert not rule_accepts(name, wrong_check_digit(name, value)), name


@settings(max_examples=100, deadline=None)
@given(
    area=digit_string(2),
    group=st.integers(0, 99),
    serial=digit_string(4),
)
def test_an_itin_is_found_by_its_issued_groups(area, group, serial):
    # IRS: 9XX-GG-XXXX, the group in 50-65, 70-88, 90-92 or 94-99.
    value = itin(area, group, serial) if group >= 10 else f"9{area}-0{group}-{serial}"
    issued = 50 <= group <= 65 or 70 <= group <= 88 or group in (90, 91, 92, 94, 95, 96, 97, 98, 99)
    assert (found(f"Here it is: {value}, thanks.") == [value]) is issued


@settings(max_examples=300, deadline=None)
@given(named=st.sampled_from(sorted(NAMED)).flatmap(lambda n: st.tuples(st.just(n), NAMED[n][1])))
def test_identifiers_with_a_weak_check_are_found_after_their_word_only(named):
    name, value = named
    word = NAMED[name][0]
    assert found(f"My {word} is {value}.") == [value], name
    assert rule_accepts(name, value)
    assert not rule_accepts(name, wrong_check_digit(name, value)), name
    assert found(f"Here it is: {value}, thanks.") in ([], [value])  # another rule's, alone


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Reisepassnummer: C01X00T47", "C01X00T47"),
        ("passaporto YA1234567 rilasciato a Roma", "YA1234567"),
        ("Numéro de pasaporte AAA123456", "AAA123456"),
        ("My NIN is 12345678901, issued by NIMC", "12345678901"),
        ("BIR TIN 123-456-789-000", "123-456-789-000"),
        ("Kennzeichen: M-AB 1234", "M-AB 1234"),
        ("PLZ 80331 München", "80331"),
        ("plaka 34 ABC 123", "34 ABC 123"),
        ("UK passport number 123456789", "123456789"),
        ("checking account 000123456789", "000123456789"),
        ("Führerschein B072RRE2I55", "B072RRE2I55"),
        # an Indonesian NIK: district 32.73.05, born 23 Feb 1988 (a woman: day + 40), serial
        ("Nama saya Sari, NIK 3273056302880004, mohon dibantu", "3273056302880004"),
    ],
)
def test_formats_without_a_check_digit_are_found_after_their_word_only(text, value):
    assert value in found(text)
    assert value not in found(f"Here it is: {value}, thanks.")


@pytest.mark.parametrize(
    "value",
    [
        "HRB 123456",
        "SW1A 1AA",
        "AB51 ABC",
        "1EG4-TE5-MK73",
        "MH 12 AB 1234",
        "LND-123AB",
        "11-23-123456-12",
        "ABCPE1234F",
        "ABC1234566",  # EPIC: three capitals, then Luhn over the seven digits
    ],
)
def test_distinctive_shapes_need_no_word(value):
    assert found(f"Here it is: {value}, thanks.") == [value]


ANALYZER_NAMES = ("phonenumbers.phone.v1", "regex.id_number.v1", "stdnum.national_id.v1")


@pytest.fixture(scope="module")
def analyzer():
    from veil.rules.analyzer import Analyzer

    return Analyzer.from_names(ANALYZER_NAMES)


def labelled(analyzer, text: str) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.label) for s in analyzer.analyze(text)]


@settings(max_examples=150, deadline=None)
@given(
    named=st.sampled_from(["au.acn", "au.medicare", "ca.sin", "gb.nhs", "us.npi"]).flatmap(
        lambda n: st.tuples(st.just(n), NAMED[n][1])
    )
)
def test_a_valid_identifier_is_labelled_as_one_and_a_wrong_check_is_no_phone(analyzer, named):
    name, value = named
    word = NAMED[name][0]
    assert labelled(analyzer, f"My {word} is {value}.") == [(value, "ID_NUMBER")]
    wrong = wrong_check_digit(name, value)
    for text in (f"My {word} is {wrong}.", f"The {word} on file, {wrong}, is wrong."):
        # Not that identifier, and the word says it is not dialled either; a value the
        # writer labels as an id may still be protected as one (mistyped, it still points
        # at its holder), never as a phone number.
        assert RECOGNIZER.find(text) == []
        assert all(label == "ID_NUMBER" for _, label in labelled(analyzer, text))


def test_a_word_for_one_identifier_does_not_make_another_countrys_number_valid(analyzer):
    value = "123 456 782"  # a valid Australian TFN (weights 1,4,3,7,5,8,6,9,10; mod 11 = 0)
    assert rule_accepts("au.tfn", value)
    assert "123 456 782" in found(f"My TFN is {value}.")
    assert found(f"My ACN is {value}.") == []  # the ACN's own check fails
    assert labelled(analyzer, f"My ACN is {value}.") == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Call the NHS on 0300 311 2233 for advice.", "0300 311 2233"),
        ("NHS helpline phone: 020 7946 0958", "020 7946 0958"),
        ("My phone number is 020 7946 0958", "020 7946 0958"),
        ("Medicare office, tel +61 2 9876 5432", "+61 2 9876 5432"),
        # an acronym that is also a word names the id only in capitals ("sin": without)
        ("Escríbeme sin falta al 612 345 671", "612 345 671"),
    ],
)
def test_phone_numbers_next_to_an_identifiers_word_are_still_phones(text, value):
    from veil.rules.recognizers.contact import PhoneRecognizer

    spans = [s for s in PhoneRecognizer().find(text) if s.score >= 0.5]
    assert value in [text[s.start : s.end] for s in spans]


@pytest.mark.parametrize(
    "text",
    [
        "ABN " + "1" * 10_000,
        "NHS number " + " ".join(["123"] * 3_000),  # one long number written in groups
        "12 345 678 901 234 567 890",
    ],
)
def test_long_and_grouped_digit_runs_yield_no_identifier(text):
    assert found(text) == []


def test_a_csv_of_thousands_of_abns_finds_each_one():
    ids = [abn(f"{n:09d}") for n in range(10_000, 15_000)]
    assert found("ABN\n" + "\n".join(ids)) == ids


@pytest.mark.parametrize(
    ("text", "is_phone"),
    [
        ("Here it is: 2206 65031 1, thanks.", False),  # a Medicare card's 4-5-1 grouping
        ("Here it is: 010190-1234, thanks.", False),  # DDMMYY-NNNN, a birth date and serial
        ("Here it is: 556016-0681, thanks.", False),  # NNNNNN-NNNN, a Swedish orgnr's
        ("Here it is: 299-87-96864, thanks.", False),  # 3-2-5, a Korean BRN's
        ("Here it is: 23 020466 R810, thanks.", False),  # the digits of a longer id
        ("Tel. 0301 234567", True),
        ("Zentrale: 030 12345-0", True),  # a switchboard's dashed suffix
        ("call me on 2206 65031 1", True),  # the word says it is dialled
    ],
)
def test_identity_number_shapes_that_no_numbering_plan_uses_are_not_phones(text, is_phone):
    from veil.rules.recognizers.contact import PhoneRecognizer

    spans = [s for s in PhoneRecognizer().find(text) if s.score >= 0.5]
    assert bool(spans) is is_phone


def test_ids_in_a_list_separated_by_spaces_are_each_found():
    ids = [pesel(dt.date(1980, 1, 1) + dt.timedelta(days=n), n) for n in range(3)]
    assert found("PESEL: " + " ".join(ids)) == ids


@settings(max_examples=200, deadline=None)
@given(named=st.sampled_from(sorted(ALONE)).flatmap(lambda n: st.tuples(st.just(n), ALONE[n])))
def test_a_number_that_validates_as_an_identifier_is_labelled_as_one_not_as_a_phone(
    analyzer, named
):
    name, value = named
    assert labelled(analyzer, f"Here it is: {value}, thanks.") == [(value, "ID_NUMBER")], name


@pytest.mark.parametrize(
    "text",
    ["My NPI is 1234 567 893", "NPI: 1234-567-893", "NPI 12.345.678.93", "NPI number 1234567893"],
)
def test_a_named_identifier_split_in_any_grouping_is_found(text):
    # 1234567893: Luhn over 80840123456789 gives 3 (CMS's own example of an NPI).
    assert found(text) == [text[text.index("1") :]]


WORDS = sorted({word for rule in NATIONAL_IDS for word in rule.context})


@settings(max_examples=300, deadline=None)
@given(
    word=st.sampled_from(["", *WORDS]),
    text=st.text("0123456789 -./:ABCDEGHLMNPRSTUXZaeiz", max_size=60),
)
def test_any_text_yields_only_values_some_rule_accepts(word, text):
    # Every span is a value that a rule's shape and check accept, and no validator raises
    # on what a shape lets through.
    full = f"{word} {text}"
    for span in RECOGNIZER.find(full):
        value = full[span.start : span.end].upper()
        assert any(rule.pattern.fullmatch(value) and rule.is_valid(value) for rule in NATIONAL_IDS)


def test_an_epic_with_a_wrong_check_digit_is_not_one():
    assert found("Here it is: ABC1234567, thanks.") == []
