"""Asia and the Pacific: Australia, India, Indonesia, Korea, the Philippines, Singapore,
Thailand."""

from __future__ import annotations

from veil.rules.recognizers.national_ids import checks
from veil.rules.recognizers.national_ids.rule import NationalId, grouped

_PASSPORT = ("passport", "passport number", "travel document")
# Indian state and union territory codes, the first two letters of a registration.
_IN_STATES = (
    "AN|AP|AR|AS|BR|CG|CH|DD|DL|DN|GA|GJ|HP|HR|JH|JK|KA|KL|LA|LD|MH|ML|MN|MP|MZ|NL|OD|OR|PB|PY"
    "|RJ|SK|TN|TR|TS|UA|UK|UP|WB"
)

_MEDICARE = ("medicare", "medicare card", "medicare number")
_UEN_WORDS = ("uen", "unique entity number", "acra", "business registration")

RULES: tuple[NationalId, ...] = (
    # --- Australia
    # ABN: 11 digits; first digit less one, weights 10,1,3,5,...,19, sum mod 89 = 0. One
    # number in 89 passes: proof enough in any grouping.
    NationalId("au.abn", grouped(11), "au.abn", ("abn", "australian business number"), False),
    # ACN: 9 digits, weights 8..1, complement mod 10.
    NationalId("au.acn", grouped(9), "au.acn", ("acn", "australian company number")),
    # TFN: 8 or 9 digits, weighted sum mod 11 = 0.
    NationalId("au.tfn", grouped(9) + "|" + grouped(8), "au.tfn", ("tfn", "tax file number")),
    # Medicare card: 10 digits (+ the individual reference number), weighted check digit.
    # Grouped 4-5-1 as the card prints it, the shape is the card's alone.
    NationalId(
        "au.medicare",
        r"[2-6]\d{3} \d{5} \d(?:[ /]?[1-9])?",
        checks.au_medicare,
        _MEDICARE,
        needs_context=False,
    ),
    NationalId(
        "au.medicare",
        r"[2-6]\d{3}[ \-]?\d{5}[ \-]?\d(?:[ \-/]?[1-9])?",
        checks.au_medicare,
        _MEDICARE,
    ),
    # --- India
    # Aadhaar: 12 digits, first 2-9, Verhoeff. Printed 4-4-4 it needs no word; a bare run
    # of twelve digits passes Verhoeff one time in ten.
    NationalId(
        "in_.aadhaar",
        r"[2-9]\d{3}[ \-]\d{4}[ \-]\d{4}",
        "in_.aadhaar",
        ("aadhaar", "aadhar", "uidai", "UID"),
        needs_context=False,
    ),
    NationalId("in_.aadhaar", grouped(12), "in_.aadhaar", ("aadhaar", "aadhar", "uidai")),
    # PAN: three letters, the holder's kind (P person, C company, ...), the name's initial,
    # four digits, a letter.
    NationalId(
        "in_.pan",
        r"[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]",
        "in_.pan",
        ("PAN", "permanent account number"),
        needs_context=False,
    ),
    # GSTIN: state code, the holder's PAN, entity number, Z, a mod-36 check character.
    NationalId(
        "in_.gstin",
        r"\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[\dA-Z]",
        "in_.gstin",
        ("gstin", "gst", "goods and services tax"),
        needs_context=False,
    ),
    # Voter id (EPIC): three capital letters (the constituency), six digits and a Luhn
    # check digit. Capitals glued to seven digits are rare in prose, and the check
    # passes one in ten of them: no word needed.
    NationalId(
        "in_.epic",
        r"[A-Z]{3}\d{7}",
        "in_.epic",
        ("voter", "voter id", "EPIC", "elector", "electoral", "elector photo identity card"),
        False,
    ),
    # Passport: a letter, seven digits (no zero first or last).
    NationalId("in.passport", r"[A-Z][1-9]\d[ ]?\d{4}[1-9]", None, ("indian passport", *_PASSPORT)),
    # Vehicle registration: state, district, series, number; or the Bharat series.
    NationalId(
        "in.vehicle_registration",
        rf"(?:{_IN_STATES})[ \-]?\d{{1,2}}[ \-]?[A-Z]{{1,3}}[ \-]?\d{{4}}"
        r"|\d{2}[ ]?BH[ ]?\d{4}[ ]?[A-HJ-NP-Z]{1,2}",
        None,
        ("vehicle", "registration", "rto", "plate", "number plate"),
        needs_context=False,
    ),
    # --- Korea
    # RRN: YYMMDD-GNNNNNC: the seventh digit is century and sex; weighted check digit.
    NationalId(
        "kr.rrn",
        r"\d{6}[\- ]?\d{7}",
        "kr.rrn",
        ("rrn", "resident registration number", "주민등록번호"),
        needs_context=False,
    ),
    # FRN: the same layout, 5-8 in the seventh digit, its own check digit.
    NationalId(
        "kr.frn",
        r"\d{6}[\- ]?[5-8]\d{6}",
        checks.kr_frn,
        ("frn", "foreigner registration number", "외국인등록번호", "외국인번호"),
        needs_context=False,
    ),
    # BRN: NNN-NN-NNNNC, weighted check digit (stdnum 2.2 checks the fields only). Dashed
    # it needs no word.
    NationalId(
        "kr.brn",
        r"\d{3}-\d{2}-\d{5}",
        checks.kr_brn,
        ("brn", "business registration number", "사업자등록번호", "사업자번호", "사업자"),
        needs_context=False,
    ),
    NationalId(
        "kr.brn",
        grouped(10),
        checks.kr_brn,
        ("brn", "business registration number", "사업자등록번호", "사업자번호", "사업자"),
    ),
    # Passport: M/S/R/O/D/G, three digits, a letter, four digits (or eight digits, older).
    NationalId(
        "kr.passport",
        r"[MSRODG]\d{3}[A-Z]\d{4}|[MSROD]\d{8}",
        None,
        ("여권", "korean passport", *_PASSPORT),
    ),
    # Driver's licence: region (11-28), year, serial, two check digits.
    NationalId(
        "kr.driver_licence",
        r"(?:1[1-9]|2[0-8])-\d{2}-\d{6}-\d{2}",
        None,
        ("운전면허", "운전면허번호", "면허번호", "driver license", "driver's license"),
        needs_context=False,
    ),
    NationalId(
        "kr.driver_licence",
        r"(?:1[1-9]|2[0-8])[ ]?\d{2}[ ]?\d{6}[ ]?\d{2}",
        None,
        (
            "운전면허",
            "운전면허번호",
            "면허번호",
            "driver license",
            "driver's license",
            "driver licence",
            "driving licence",
        ),
    ),
    # --- Indonesia
    # NIK: 16 digits, the issuing province, regency and district, the birth date (40 added
    # to a woman's day), a serial; no check digit, so the word must name it.
    NationalId(
        "id.nik",
        grouped(16),
        "id.nik",
        ("NIK", "KTP", "e-KTP", "nomor induk kependudukan", "nomor KTP", "no KTP"),
    ),
    # --- Philippines
    # TIN: nine digits and a 3-5 digit branch code; no published check digit.
    NationalId(
        "ph.tin",
        r"\d{3}[ \-]?\d{3}[ \-]?\d{3}(?:[ \-]?\d{3,5})?",
        None,
        ("TIN", "taxpayer identification number", "taxpayer id", "tax id", "BIR", "rdo"),
    ),
    # --- Singapore
    # NRIC / FIN: S, T, F, G or M, seven digits, a check letter.
    NationalId(
        "sg.nric",
        r"[STFGM]\d{7}[A-Z]",
        checks.sg_nric,
        ("nric", "FIN", "ic number", "identity card"),
        needs_context=False,
    ),
    # UEN: local companies (year + 5 digits + letter) and other entities (T/S/R, year,
    # entity type, 4 digits, letter), with a check letter; businesses (8 digits + letter)
    # only with the word, as a Spanish DNI has that shape too.
    NationalId(
        "sg.uen",
        r"(?:19|20)\d{7}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z]",
        "sg.uen",
        _UEN_WORDS,
        needs_context=False,
    ),
    NationalId("sg.uen", r"\d{8}[A-Z]", "sg.uen", _UEN_WORDS),
    # --- Thailand
    # PIN: X-XXXX-XXXXX-XX-X, first digit 1-8 (the kind of holder), mod 11 check digit.
    NationalId(
        "th.pin",
        r"[1-8](?:[\- ]?\d{4}[\- ]?\d{5}[\- ]?\d{2}[\- ]?\d|\d{12})",
        "th.pin",
        ("tnin", "thai national id", "thai id", "เลขประจำตัวประชาชน", "เลขบัตรประชาชน"),
        needs_context=False,
    ),
)
