"""Europe: Finland, Germany, Italy, Poland, Spain, Sweden, Turkey, the United Kingdom."""

from __future__ import annotations

from veil.rules import labels
from veil.rules.recognizers.national_ids import checks
from veil.rules.recognizers.national_ids.rule import NationalId, grouped

_ORGNR = ("organisationsnummer", "orgnr", "org nr", "org.nr", "företagsnummer")
_PASSPORT = ("passport", "passport number", "travel document")
_DRIVING = ("driving licence", "driving license", "driver's licence", "driver's license",
            "driver licence", "driver license", "licence number", "license number")  # fmt: skip

RULES: tuple[NationalId, ...] = (
    # --- Sweden, Finland, Poland, Turkey: a birth date or two check digits, no word needed
    # YYMMDD-NNNC (or + past 100 years), or YYYYMMDDNNNC: Luhn over the last ten digits.
    NationalId(
        "se.personnummer",
        r"\d{8}[\-+ ]?\d{4}|\d{6}[\-+]\d{4}",
        "se.personnummer",
        ("personnummer", "samordningsnummer"),
        needs_context=False,
    ),
    # Organisationsnummer: NNNNNN-NNNC, the third digit >= 2 (never a birth month), Luhn.
    NationalId("se.orgnr", r"\d{6}-\d{4}", "se.orgnr", _ORGNR, needs_context=False),
    NationalId("se.orgnr", grouped(10), "se.orgnr", _ORGNR),
    # DDMMYY, century sign (+ - A, and B-F, U-Y since 2023), NNN, check character mod 31.
    NationalId(
        "fi.hetu",
        r"\d{6}[\-+A-FU-Y]\d{3}[0-9A-Y]",
        "fi.hetu",
        ("hetu", "henkilötunnus", "personbeteckning", "personal identity code"),
        needs_context=False,
    ),
    # 11 digits, no leading zero, two check digits.
    NationalId(
        "tr.tckimlik",
        r"[1-9]\d{10}",
        "tr.tckimlik",
        ("tc kimlik", "kimlik no", "kimlik numarası", "tckn", "tc no", "türk kimlik"),
        needs_context=False,
    ),
    # YYMMDD with month +20/+40/... for the century, serial, weighted check digit.
    NationalId("pl.pesel", r"\d{11}", "pl.pesel", ("pesel",), False),
    # Turkish plates: province 01-81, one to three letters (no Q, W, X), two to four digits.
    NationalId(
        "tr.plate",
        r"(?:0[1-9]|[1-7]\d|8[01])[ \-]?[A-PR-VYZ]{1,3}[ \-]?\d{2,4}",
        None,
        ("plaka", "plakası", "plate", "license plate", "number plate", "araç"),
    ),
    # --- Germany
    # Steuer-IdNr: 11 digits, no leading zero, one digit of the first ten there twice or
    # thrice and the rest once; ISO 7064 mod 11,10. Two digit runs in a thousand pass.
    NationalId(
        "de.idnr",
        grouped(11),
        "de.idnr",
        (
            "steuer-id",
            "steuerid",
            "steuer-idnr",
            "idnr",
            "steueridentifikationsnummer",
            "identifikationsnummer",
            "steuerliche identifikationsnummer",
            "tax id",
            "bzst",
        ),
        needs_context=False,
    ),
    # Steuernummer: the Länder's slashed forms (FF/BBB/UUUUP, FFF/BBB/UUUUP ...) or the
    # 13-digit ELSTER form; stdnum knows each Land's layout.
    NationalId(
        "de.stnr",
        r"\d{2,3}/\d{3,4}/\d{4,5}|\d{5}/\d{5}|\d{13}|\d{3} \d{3} \d{5}",
        "de.stnr",
        (
            "steuernummer",
            "steuer-nr",
            "steuer nr",
            "st.-nr",
            "st-nr",
            "stnr",
            "finanzamt",
            "tax number",
        ),
    ),
    # USt-IdNr: DE and nine digits, ISO 7064 mod 11,10: the prefix names it.
    NationalId(
        "de.vat",
        r"DE[ ]?" + grouped(9),
        "de.vat",
        (
            "ust-idnr",
            "ust-id",
            "ustidnr",
            "umsatzsteuer-identifikationsnummer",
            "vat",
            "vat id",
            "vat number",
        ),
        needs_context=False,
    ),
    # Krankenversichertennummer: a letter, nine digits, its own check digit.
    NationalId(
        "de.kvnr",
        r"[A-Z]\d{9}",
        checks.de_kvnr,
        (
            "krankenversichertennummer",
            "krankenversicherungsnummer",
            "versichertennummer",
            "kvnr",
            "krankenkasse",
            "gesundheitskarte",
        ),
        needs_context=False,
    ),
    # Rentenversicherungsnummer: area, DDMMYY, the birth name's initial, serial, check.
    NationalId(
        "de.rvnr",
        r"\d{2}[ ]?\d{6}[ ]?[A-Z][ ]?\d{3}",
        checks.de_rvnr,
        (
            "rentenversicherungsnummer",
            "sozialversicherungsnummer",
            "versicherungsnummer",
            "rvnr",
            "svnr",
            "sv-nummer",
        ),
        needs_context=False,
    ),
    # Personalausweis and Reisepass: nine characters of the ICAO-safe alphabet, no check
    # digit of their own (with the MRZ's tenth, ICAO 9303's 7-3-1 check applies).
    NationalId(
        "de.id_card",
        r"[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ\d]{7}\d",
        None,
        (
            "personalausweis",
            "personalausweisnummer",
            "ausweis",
            "ausweisnummer",
            "dokumentennummer",
            "reisepass",
            "reisepassnummer",
            "passnummer",
            "pass-nr",
            "identity card",
            *_PASSPORT,
        ),
    ),
    NationalId(
        "de.id_card",
        r"[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ\d]{8}\d",
        checks.icao_check,
        ("personalausweis", "ausweis", "reisepass", "dokumentennummer", *_PASSPORT),
    ),
    # Führerschein (EU format since 2013): authority, serial, check character.
    NationalId(
        "de.fuehrerschein",
        r"[A-Z0-9]\d{2}[A-Z0-9]{6}\d[A-Z0-9]",
        None,
        ("führerschein", "führerscheinnummer", "fahrerlaubnis", "fahrerlaubnisnummer", *_DRIVING),
    ),
    # Lebenslange Arztnummer: serial, check digit, specialty.
    NationalId(
        "de.lanr",
        grouped(9),
        checks.de_lanr,
        ("lanr", "arztnummer", "arzt-nr", "arzt nr", "arzt-nummer"),
    ),
    # Betriebsstättennummer: KV region and serial, no check digit.
    NationalId(
        "de.bsnr",
        grouped(9),
        None,
        ("bsnr", "betriebsstättennummer", "betriebsstätten-nummer", "praxisnummer"),
    ),
    # Handelsregister: HRA (partnerships) or HRB (companies) and the court's serial.
    NationalId(
        "de.handelsregister",
        r"HR[AB][ ]?\d{1,6}(?:[ ][A-Z]{1,2}(?![\p{L}\p{N}]))?",
        None,
        (),
        needs_context=False,
    ),
    # KFZ-Kennzeichen: district (1-3 letters), 1-2 letters, 1-4 digits, E (electric) or H.
    NationalId(
        "de.kfz",
        r"[A-ZÄÖÜ]{1,3}[ \-][A-Z]{1,2}[ \-]?[1-9]\d{0,3}[EH]?",
        None,
        (
            "kennzeichen",
            "kfz-kennzeichen",
            "kfz",
            "nummernschild",
            "fahrzeugkennzeichen",
            "amtliches kennzeichen",
            "zulassung",
        ),
    ),
    # Postleitzahl: five digits, 01001-99998.
    NationalId(
        "de.plz",
        r"0[1-9]\d{3}|[1-9]\d{4}",
        None,
        (
            "PLZ",
            "postleitzahl",
            "postanschrift",
            "wohnort",
            "wohnanschrift",
            "lieferadresse",
            "rechnungsadresse",
            "postfach",
        ),
        label=labels.STREET_ADDRESS,
    ),
    # --- Italy
    # Codice fiscale: surname, name, birth (year, month letter, day +40 for women), place,
    # check character; omocodia swaps digits for letters (stdnum accepts both).
    NationalId(
        "it.codicefiscale",
        r"[A-Z]{6}[\dLMNPQRSTUV]{2}[A-EHLMPRST][\dLMNPQRSTUV]{2}[A-Z][\dLMNPQRSTUV]{3}[A-Z]",
        "it.codicefiscale",
        ("codice fiscale", "CF"),
        needs_context=False,
    ),
    # Partita IVA: office (7), provincial office (001-100, 120, 121, 888, 999), Luhn check
    # digit: one digit run in a hundred passes, as for an ABN.
    NationalId(
        "it.iva",
        r"(?:IT[ ]?)?" + grouped(11),
        "it.iva",
        ("partita iva", "p.iva", "p. iva", "piva", "p.i.", "iva", "vat", "vat number"),
        needs_context=False,
    ),
    # Carta d'identità: paper (AA1234567), CIE 2.0 (1234567AA), CIE 3.0 (CA12345AA).
    NationalId(
        "it.identity_card",
        r"[A-Z]{2}\d{7}|\d{7}[A-Z]{2}|[A-Z]{2}\d{5}[A-Z]{2}",
        None,
        (
            "carta d'identità",
            "carta di identità",
            "carta d'identita",
            "CIE",
            "documento",
            "identità",
            "identity card",
        ),
    ),
    NationalId("it.passport", r"[A-Z]{2}\d{7}", None, ("passaporto", *_PASSPORT)),
    # Patente: two letters, seven digits, a letter; or U1 and eight characters.
    NationalId(
        "it.driver_licence",
        r"[A-Z]{2}\d{7}[A-Z]|U1[A-Z\d]{7}[A-Z]",
        None,
        ("patente", "patente di guida", *_DRIVING),
    ),
    # --- Spain: DNI and NIE are regex.id_number.v1's, by their check letter, with or
    # without a word; named here so that a wrong letter after "DNI" is refuted.
    NationalId(
        "es.nif",
        r"\d{8}[ \-]?[A-Z]|[XYZ][ \-]?\d{7}[ \-]?[A-Z]",
        "es.nif",
        ("dni", "nif", "nie", "documento nacional de identidad"),
    ),
    NationalId("es.passport", r"[A-Z]{3}\d{6}", None, ("pasaporte", *_PASSPORT)),
    # --- United Kingdom
    # NHS number: ten digits, mod 11 check digit; usually written 3-3-4.
    NationalId(
        "gb.nhs",
        grouped(10),
        "gb.nhs",
        ("nhs", "national health service", "health service", "health authority", "chi number"),
    ),
    # Passport: nine digits (older) or two letters and seven digits.
    NationalId(
        "gb.passport",
        r"\d{9}|[A-Z]{2}\d{7}",
        None,
        ("hm passport", "hmpo", "british passport", "uk passport", *_PASSPORT),
    ),
    # Driving licence: surname (9-padded), decade, month (+50), day, year, initials, digit,
    # two check characters.
    NationalId(
        "gb.driving_licence",
        r"[A-Z9]{5}\d(?:[05][1-9]|[16][0-2])(?:0[1-9]|[12]\d|3[01])\d[A-Z9]{2}\d[A-Z\d]{2}",
        checks.gb_driving_licence,
        ("dvla", *_DRIVING),
        needs_context=False,
    ),
    # Postcode: outward code (area, district), space, inward code (sector, unit). With the
    # space and a full inward code the shape is the Royal Mail's alone.
    NationalId(
        "gb.postcode",
        r"GIR ?0AA|(?:[A-PR-UWYZ][A-HK-Y]?\d[\dA-HJKPSTUW]?) \d[ABD-HJLNP-UW-Z]{2}",
        None,
        (),
        needs_context=False,
        label=labels.STREET_ADDRESS,
    ),
    NationalId(
        "gb.postcode",
        r"(?:[A-PR-UWYZ][A-HK-Y]?\d[\dA-HJKPSTUW]?)\d[ABD-HJLNP-UW-Z]{2}",
        None,
        ("postcode", "post code", "postal code", "zip", "address"),
        label=labels.STREET_ADDRESS,
    ),
    # Vehicle registration since 2001: area (2 letters), age identifier, three letters.
    NationalId(
        "gb.vehicle_registration",
        r"[A-HJ-PR-Y][A-HJ-PR-Y](?:0[2-9]|[1-7]\d)[ ]?[A-HJ-PR-Z]{3}",
        None,
        (),
        needs_context=False,
    ),
    # Before 2001: prefix (A123 BCD) and suffix (ABC 123D) forms.
    NationalId(
        "gb.vehicle_registration",
        r"[A-HJ-NPR-TV-Y]\d{1,3}[ ]?[A-HJ-PR-Y][A-HJ-PR-Z]{2}"
        r"|[A-HJ-PR-Z]{3}[ ]?\d{1,3}[A-HJ-NPR-TV-Y]",
        None,
        (
            "registration",
            "number plate",
            "licence plate",
            "license plate",
            "REG",
            "vrn",
            "vehicle",
            "car",
            "dvla",
            "v5c",
            "logbook",
            "MOT",
        ),
    ),
)
