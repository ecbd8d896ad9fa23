"""The Americas (Canada, the United States) and Africa (Nigeria, South Africa). US social
security numbers are regex.us_ssn.v1's."""

from __future__ import annotations

from veil.rules.recognizers.national_ids import checks
from veil.rules.recognizers.national_ids.rule import NationalId, grouped

_PASSPORT = ("passport", "passport number", "passport#", "travel document")

_ROUTING = ("routing", "routing number", "aba", "rtn", "routing transit", "bank routing")

RULES: tuple[NationalId, ...] = (
    # --- Canada
    # SIN: nine digits, Luhn; the first digit names the province (never 0 or 8).
    NationalId(
        "ca.sin",
        grouped(9),
        "ca.sin",
        (
            "SIN",
            "social insurance",
            "social insurance number",
            "NAS",
            "assurance sociale",
            "numéro d'assurance sociale",
        ),
    ),
    # --- United States
    # ITIN: 9XX-7X-XXXX (group 50-65, 70-88, 90-92, 94-99). Written with separators it
    # needs no word: an SSN never starts with 9.
    NationalId(
        "us.itin",
        r"9\d{2}([\- ])\d{2}\1\d{4}",
        checks.us_itin,
        ("itin", "individual taxpayer", "taxpayer identification"),
        needs_context=False,
    ),
    NationalId("us.itin", grouped(9), checks.us_itin, ("itin", "taxpayer", "tax id", "TIN")),
    # ABA routing number: nine digits, weights 3,7,1 mod 10. The MICR fraction's dashed
    # form (XXXX-YYYY-C) needs no word.
    NationalId("us.rtn", r"\d{4}-\d{4}-\d", "us.rtn", _ROUTING, needs_context=False),
    NationalId("us.rtn", grouped(9), "us.rtn", _ROUTING),
    # Bank account: 8-17 digits, no check digit in common.
    NationalId(
        "us.bank_account",
        r"\d{8,17}",
        None,
        (
            "bank account",
            "checking account",
            "savings account",
            "account number",
            "acct",
            "account#",
            "account no",
        ),
    ),
    # Passport: nine digits, or a letter and eight digits (next-generation books).
    NationalId("us.passport", r"\d{9}|[A-Z]\d{8}", None, ("us passport", *_PASSPORT)),
    # Driver licence: each state has its own layout; with the word, a letter or two and
    # digits, or digits alone.
    NationalId(
        "us.driver_licence",
        r"[A-Z]{1,2}\d{4,14}|[A-Z]\d{2,3}[ \-]?\d{3,4}[ \-]?\d{3,4}(?:[ \-]?\d{1,4})?|\d{7,12}",
        None,
        (
            "driver license",
            "driver's license",
            "drivers license",
            "driver licence",
            "driving license",
            "driving licence",
            "DL",
            "DL#",
            "lic#",
            "license number",
            "licence number",
        ),
    ),
    # DEA registration: registrant type, initial (or 9), seven digits with a check digit.
    NationalId(
        "us.dea",
        r"[ABCDEFGHJKLMPRSTUX][A-Z9]\d{7}",
        checks.us_dea,
        ("dea", "dea number", "dea registration"),
        needs_context=False,
    ),
    # Medicare Beneficiary Identifier: 11 characters, positions fixed as digit or letter
    # (no S, L, O, I, B, Z), often written 4-3-4.
    NationalId(
        "us.mbi",
        r"[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y\d]\d-?[AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y\d]\d-?"
        r"[AC-HJKMNP-RT-Y]{2}\d{2}",
        None,
        ("mbi", "medicare", "beneficiary"),
        needs_context=False,
    ),
    # NPI: ten digits from 1 or 2, Luhn over 80840 and the number.
    NationalId(
        "us.npi",
        grouped(10),
        checks.us_npi,
        ("npi", "national provider", "provider id", "provider identifier", "provider number"),
    ),
    # EIN: NN-NNNNNNN, a valid IRS campus prefix.
    # An EIN is one of the IRS's taxpayer identification numbers (with SSNs and ITINs), so
    # the words for a TIN name it too.
    NationalId(
        "us.ein",
        r"\d{2}-\d{7}",
        "us.ein",
        ("ein", "employer identification", "TIN", "taxpayer", "tax id"),
        False,
    ),
    # --- Nigeria
    # NIN: eleven digits issued by NIMC; no published check digit.
    NationalId(
        "ng.nin",
        grouped(11),
        None,
        (
            "NIN",
            "nimc",
            "national identification number",
            "national identity number",
            "national identity",
            "nigeria id",
            "nigerian id",
        ),
    ),
    # Vehicle registration: local government code (3 letters), three digits, two letters.
    NationalId(
        "ng.vehicle_registration",
        r"[A-Z]{3}[ \-]?\d{3}[A-Z]{2}",
        None,
        ("plate", "plate number", "vehicle", "registration", "number plate"),
        needs_context=False,
    ),
    # --- Egypt
    # National ID: century, birth date, governorate, sequence and an unpublished check
    # digit; named as "the national number" (الرقم القومي), which Egyptians call it.
    NationalId(
        "eg.national_id",
        r"[23]\d{13}",
        checks.eg_national_id,
        ("القومي", "القومى", "national id", "national number", "egyptian id"),
    ),
    # --- South Africa
    # YYMMDD SSSS C A Z: date of birth, sequence, citizenship, Luhn check digit.
    NationalId(
        "za.idnr",
        r"\d{6}[ ]?\d{4}[ ]?\d[ ]?\d{2}",
        "za.idnr",
        # (not "id number": a word every country's id shares names none of them)
        ("south african id", "rsa id", "sa id", "smart id"),
        needs_context=False,
    ),
)
