"""US_SSN and ID_NUMBER (passport, licence, medical record, employee and tax ids).

Italian codici fiscali and the other national identifiers with a check digit are
stdnum.national_id.v1's."""

from __future__ import annotations

from functools import cache

from stdnum import numdb
from stdnum.es import dni

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.pattern import (
    DIGIT,
    PHONE_WORDS_ABROAD,
    WORD,
    WORD_EDGE,
    PatternRecognizer,
    compile_words,
    context_before,
    labelled_as,
    may_contain,
    needles,
)
from veil.rules.recognizers.national_ids import named_but_invalid, shaped_but_invalid
from veil.rules.registry import register
from veil.rules.spans import Span

# --- US_SSN --------------------------------------------------------------------------

_SSN = regex.compile(rf"(?<!{WORD}|[\-.])(\d{{3}})([\- ]?)(\d{{2}})\2(\d{{4}})(?!{WORD}|-|\.\d)")
_SSN_CONTEXT = compile_words(
    ["ssn", "social security", "social", "ss#", "ss #", "ssa", "tin", "itin"]
)
# Published as examples (advertising wallets, the SSA's own samples): never a person's,
# unless the text labels the number as someone's SSN (see labelled_as).
_SSN_EXAMPLES = frozenset({"078051120", "219099999", "123456789", "457555462"})
_SSN_LABEL = regex.compile(
    rf"(?:{WORD_EDGE}ssn|social\s+security(?:\s+(?:number|num|no\.?|#))?|{WORD_EDGE}ss\s*#"
    rf"|{WORD_EDGE}ssa?\s+(?:number|num|no\.?))(?:\s+(?:is|was))?\s*[:=#\-]?\s*$",
    regex.IGNORECASE,
)


def _validate_ssn(match: regex.Match[str], text: str) -> float | None:
    area, separator, group, serial = match.groups()
    if area in {"000", "666"} or area.startswith("9") or group == "00" or serial == "0000":
        return None
    if area + group + serial in _SSN_EXAMPLES and not labelled_as(_SSN_LABEL, text, match.start()):
        return None
    context = bool(_SSN_CONTEXT.search(context_before(text, match.start())))
    if not separator:
        # Nine bare digits are an SSN only when the text says so.
        return 0.9 if context else None
    return 0.95 if context else 0.8


@register("regex.us_ssn.v1")
def ssn_recognizer() -> PatternRecognizer:
    return PatternRecognizer("regex.us_ssn.v1", labels.US_SSN, _SSN, _validate_ssn)


# --- ID_NUMBER -----------------------------------------------------------------------

# A keyword naming the kind of id, optional "number/no/#", a connector, then the value.
_ID_KEYWORDS = (
    r"passport|passeport|reisepass|pasaporte|passaporto|paspoort|"
    r"driver'?s?\s+licen[cs]e|driving\s+licen[cs]e|licen[cs]e|\bDL\b|führerschein|"
    r"medical\s+record|\bMRN\b|patient\s+(?:id|number|no)|health\s+(?:card|insurance)|"
    r"insurance\s+(?:id|number|no|member)|member(?:ship)?\b|policy|NHS|medicare|"
    r"medicaid|(?:library|loyalty|club|gym|transit|bus|rail|access|student|staff)\s+card|"
    # an insurance policy in Italian, Spanish, Portuguese, Dutch and Indonesian; a case's
    # or a claim's reference and a member's card in Spanish, Polish and Portuguese
    r"polizza|póliza|poliza|apólice|apolice|polis|folio|\bNSS\b|znak\s+sprawy|sygnatura|"
    r"carteirinha|protocolo|"
    r"employee|staff|personnel|badge|student|matriculation|"
    r"tax\s*(?:payer)?|\bTIN\b|\bEIN\b|\bITIN\b|\bVAT\b|\bNI\b|\bUTR\b|national\s+insurance|"
    r"national\s+id|\bID\s+card|identity\s+card|personalausweis|steuer-?id|"
    r"steueridentifikationsnummer|\bNIF\b|\bNIE\b|\bDNI\b|\bBSN\b|codice\s+fiscale|\bSIN\b|"
    r"social\s+insurance|personnummer|henkilötunnus|\bPESEL\b|\bCPF\b|aadhaar|\bPAN\b|"
    r"account|customer|claim|reference|\bref\b|membership|loyalty|"
    # a British bank account's branch ("sort code 40-11-62")
    r"(?P<sort_code>sort\s*code)|"
    # bookings name their traveller: an airline's record locator, a hotel's confirmation
    r"(?P<booking>booking|reservation|confirmation|\bPNR\b|record\s+locator)|"
    # a transaction, account or identity number in Swahili; a bank account in Indonesian
    r"namba\s+ya\s+(?:muamala|akaunti|kitambulisho)|kitambulisho|rekening|no\.?\s*rek\b|"
    # a mobile-money merchant's number (M-Pesa's "till" and "paybill": "our till 8847201")
    r"\b(?:my|our|your|the|their)\s+till\b|\btill\s+(?:number|no\b)|paybill|"
    r"carte vitale|vitale|sécurité sociale|securite sociale|\bNIR\b|\bSIRET\b|\bSIREN\b|"
    r"allocataire|numéro fiscal|steuernummer|sozialversicherungsnummer|\bAHV\b|"
    r"burgerservicenummer|\bPPSN?\b|\bCNPJ\b|\bCURP\b|\bRFC\b|matrícula|matricola|"
    r"tessera sanitaria|group|\bNPI\b|hospital|accession|loan|mortgage|kundennummer|"
    r"versichertennummer|versicherungsnummer|mitgliedsnummer|historia clínica|expediente|"
    r"finanzamt|(?-i:\bID\b)|"
    # the national or residence id in Arabic, a booking in Japanese and Korean
    r"رقم الهوية|الهوية الوطنية|رقم الإقامة|予約番号|예약번호|"
    # staff, student, member, passport and identity numbers in Chinese, Japanese, Korean
    r"工号|员工号|员工编号|学号|学籍号|会员号|身份证号码|身份证号|护照号码|护照号|社保号|医保号|"
    r"病历号|社員番号|学籍番号|会員番号|パスポート番号|マイナンバー|사번|학번|회원번호|여권번호|"
    # "id" in lower case is a label only in a phrase ("my id is", "id number", "id #"); a
    # bare "id:" (YAML, logs) takes only values with letters and digits (see find).
    r"\b(?:my|your|his|her|their|the|an?|national|personal|government|state|student)\s+id\b|"
    r"\bid(?=\s*(?:number|num\b|no\b|nr\b|#|card\b))|(?P<bare_id>\bid(?=\s*:))"
)
# A field's name alone: "UTR", "PAN", "Member", "Policy" (NER takes some for firms); an
# acronym as the keyword writes it ("NATO" is no "nato").
ID_KEYWORD = regex.compile(rf"(?:{_ID_KEYWORDS})", regex.IGNORECASE)
ID_KEYWORD_CASED = regex.compile(rf"(?:{_ID_KEYWORDS})")
# (Keywords keep plain \b: an edge check that knows about unspaced scripts costs ~6x here,
# and this grammar joins keyword and value with spaces, which CJK text does not use.)
_ID_WITH_CONTEXT = regex.compile(
    # (no keyword starts inside a Latin word: the test is cheap where most tries fail)
    rf"(?<![A-Za-z0-9])(?:{_ID_KEYWORDS})"
    r"(?:[\s\-]*(?P<numbered>number|num|no\.?|nr\.?|n°|nº|n\.º|n\.°|#|id|code|numéro|nummer|número|"
    r"numero))?"
    r"(?:\s*\([^)\n]{1,20}\))?"
    # a few words may sit between: "Le mien c'est ...", "on file is ...", and then the
    # word for number ("polizza auto n. 7731/0094521")
    r"(?:[ \t]+[^\s\d:=#.,;]{1,8}){0,4}?(?:[ \t]+(?:n\.|no\.|nr\.|n°|nº))?"
    # ("is" also as Chinese, Japanese and Korean write it, after the word: "工号是 ...")
    r"(?:\s+(?:is|was|es|est|ist|è|=)|\s*(?:是|为|為|は|는|은))?\s*[:=#\-：]?\s*"
    # the value: groups joined by - / . and, after spaces, further groups with digits
    # (letters before a space are a prefix in capitals: "AB 123456", not "of 25000")
    r"(?P<value>(?=[A-Z0-9]*(?:[\-/.][A-Z0-9]*)*\d|(?-i:[A-Z]{1,4})[ ]\d)"
    r"[A-Z0-9]+(?:[\-/.][A-Z0-9]+)*"
    r"(?:[ ](?=[A-Z0-9]*\d)[A-Z0-9]+(?:[\-/.][A-Z0-9]+)*){0,6}"
    # (a capital letter closing it, as typed: not the next sentence's "y", "a", "i")
    rf"(?:[ ](?-i:[A-Z])(?!{WORD}))?)",
    regex.IGNORECASE,
)
# Any acronym the text calls a number names a kind of id ("PPO number PPO/UP/2011/448372",
# "UAN no. 100912345678"), the value right after the number word ("OULU NO. I now live in
# 633" is a country's code, then a sentence).
_ACRONYM_NUMBER = regex.compile(
    r"(?<![\p{L}\p{N}])[A-Z]{2,6}[ \t\-]*(?i:number|num|no\.?|nr\.?|#)[ \t]*[:#]?[ \t]*"
    r"(?P<value>(?=[A-Z0-9]*(?:[\-/.][A-Z0-9]*)*\d)[A-Z0-9]+(?:[\-/.][A-Z0-9]+)*)"
)
# The value must look like an identifier: digits, and no ordinary word.
_COMMON_WORDS = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "from",
        "this",
        "that",
        "have",
        "been",
        "will",
        "your",
        "number",
        "please",
        "which",
        "when",
        "where",
        "there",
        "their",
        "about",
        "into",
        "only",
        "also",
        "just",
        "like",
        "after",
        "before",
        "because",
    ]
)

# Formats that identify a person on their own (checksummed where one exists).
_UK_NINO = regex.compile(
    rf"(?<!{WORD})(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]"
    rf" ?\d{{2}} ?\d{{2}} ?\d{{2}} ?[A-D](?!{WORD})"
)
# The separator follows an NIE's letter only: a DNI's span starts at its first digit.
_ES_DNI = regex.compile(rf"(?<!{WORD}|-)(?:([XYZ])[\- ]?)?(\d{{7,8}})[\- ]?([A-Z])(?!{WORD}|-)")


# The last digits of a card, account or identity number, as people give them to be
# recognised by: "my Visa ending in 4821", "his SSN ends in 4471", "last four of my SSN
# are 0912" (not "the film ends in 1945": no number's word before).
_NUMBER_WORD = (
    r"card|visa|mastercard|amex|debit|credit|account|acct|ssn|social security|iban|passport|"
    r"licen[cs]e|policy|phone|number|"
    # a card or an account in other languages
    r"tarjeta|cuenta|carte|compte|karte|konto|kaart|rekening|carta|conto|cartão|conta|karta|"
    r"kartę|карта|карту|картка|картку|счёт|счет|рахунок"
)
# "ending in" as other languages say it ("que termina en", "se terminant par", "endet auf",
# "eindigt op", "kończąca się na", "закінчується на", "заканчивается на")
_ENDING_IN = (
    r"(?:ending|ends)[ \t]+(?:in|with)|termina[ \t]+en|terminada[ \t]+en|termina[ \t]+em|"
    r"terminant[ \t]+par|termine[ \t]+par|endet[ \t]+auf|endend[ \t]+auf|eindigt[ \t]+op|"
    r"eindigend[ \t]+op|kończy[ \t]+się[ \t]+na|kończąca[ \t]+się[ \t]+na|"
    r"закінчується[ \t]+на|заканчивается[ \t]+на"
)
_LAST_DIGITS = regex.compile(
    rf"(?i:(?<![\p{{L}}])(?:{_NUMBER_WORD})(?![\p{{L}}])[^.!?\n\d]{{0,30}}?(?<![\p{{L}}])(?:{_ENDING_IN}"
    r"|last[ \t]+(?:4|four|3|three|2|two)(?:[ \t]+digits)?(?:[ \t]+(?:are|is))?)"
    rf"|\blast[ \t]+(?:4|four|3|three|2|two)(?:[ \t]+digits)?[ \t]+(?:of|on)[ \t]+"
    rf"[^.!?\n\d]{{0,20}}?\b(?:{_NUMBER_WORD})\b(?:[ \t]+(?:are|is))?)"
    rf"[ \t:#]*(?P<value>\d{{2,4}})(?!{WORD}|[\-/.]\d)"
)


_LOCATOR = regex.compile(r"[A-Z0-9]{5,8}")
_SORT_CODE = regex.compile(r"\d\d-\d\d-\d\d")
# An Indonesian transfer's account: the number, then "a.n." (atas nama, "in the name of")
# and its holder ("BCA 8730129456 a.n. Siti Rahmawati").
_ACCOUNT_IN_THE_NAME_OF = regex.compile(r"(?<![\p{N}])(\d{6,16})[ \t]+a\.[ \t]?n\.[ \t]")
# "Número" abbreviated as Portuguese, Spanish and Italian write it, then a reference with
# letters or a long number ("o contrato é o n.º LX-2021-08832"); a house's "n.º 27" is no id.
_NUMERO = regex.compile(
    r"(?<![\p{L}\p{N}])(?:n\.º|n\.°|nº|n°|núm\.|nro\.)[ \t]*"
    r"(?P<value>(?=[A-Z0-9\-/.]*\d)[A-Z0-9]+(?:[\-/.][A-Z0-9]+)*)",
    regex.IGNORECASE,
)
# "n.", "no.", "nr." abbreviate "number" in most languages, but also open a house number,
# a law's ("legge n. 104/1992") or a rank ("No. 1"): after them only a reference's shape
# (letters and digits mixed, or seven digits or more; not a number and its year).
_NUMBER_ABBREVIATION = regex.compile(
    r"(?<![\p{L}\p{N}])(?i:n|no|nr|num)\.[ \t]*"
    r"(?P<value>(?=[A-Z0-9\-/.]*\d)[A-Z0-9]+(?:[\-/][A-Z0-9]+)*)(?![\p{L}\p{N}])"
)
_NUMBER_AND_YEAR = regex.compile(r"\d{1,5}/(?:19|20)\d\d")


def _reference_shaped(value: str) -> bool:
    digits = sum(c.isdigit() for c in value)
    mixed = any(c.isalpha() for c in value) and digits >= 5
    return (mixed or digits >= 7) and not _NUMBER_AND_YEAR.fullmatch(value)


# A value a language's word for "number" names, whatever kind of number it is: German,
# Dutch, Scandinavian and Finnish compounds ("Personalnummer 2093-K", "asiakasnumero"),
# Korean, Japanese and Chinese ones ("계좌번호", "会員番号", "合同编号"), the word with its
# noun in other languages ("numer umowy", "номер договора", "numéro de client", "nomor
# pelanggan", "müşteri numarası", "αριθμός μητρώου"), an account in Slavic, Nordic and
# Romance languages ("лицевой счёт 4409172236", "konto 1234 56 78901"), and an English
# noun with "number" or "no." ("order number 112-33", "invoice no. INV-209"; not "#", which
# tags and colours take: "like #f5f5f7"). Catalogue and place numbers are not someone's
# (see _THING_NUMBERS).
_NUMBER_NAMED = regex.compile(
    r"(?<![\p{L}\p{N}])(?P<word>"
    # (Hungarian's "szám" too: "adószám", tax number)
    r"(?P<compound>\p{L}{3,}?)(?:nummer|numret|nummeret|numero|numer|szám|száma|számom)"
    # Vietnamese puts "number" or "code" first and its noun after ("số hợp đồng vay ...
    # là", the loan contract number is)
    r"|(?:số|mã)(?:[ \t]+\p{L}+){1,7}?(?=[ \t]+(?:là|:)|[ \t]*:)"
    r"|\p{Hangul}{1,6}번호|\p{Han}{1,6}(?:番号|號碼|号码|编号|編號|卡号|账号|帳號|帐号)"
    # ... or says the number or code and then the value ("mã số GD47...", "số thẻ")
    r"|(?:mã[ \t]+số|số[ \t]+thẻ|mã[ \t]+thẻ)"
    # Hindi's "number" after its noun ("कार्ड नंबर", card number)
    r"|[\p{Devanagari}\p{M}]+[ \t]+(?:नंबर|नम्बर|संख्या|क्रमांक)"
    r"|(?:numer|nr|номер|№|nomor|αριθμός|αριθμό|αριθμού|αρ\.)\.?(?:[ \t]+\p{L}+){1,2}?"
    # Arabic's "number", with its noun before ("حسابي رقم", my account number) or after
    r"|رقم(?:[ \t]+\p{L}+){0,2}?"
    # (or its abbreviation: "N.º de contrato", "nº de cliente", "núm. de póliza")
    r"|(?:número|numéro|numero|n\.[ \t]?º|n\.°|nº|n°|núm\.|nro\.)[ \t]*"
    r"(?:de|di|do|da|du|del|della|dell|d)[ \t']*\p{L}+"
    # (the noun's own complement may come before the verb: "número de afiliación a la
    # Seguridad Social es ...")
    r"(?:(?:[ \t]+\p{L}+){1,4}?(?=[ \t]+(?:es|est|è|é)[ \t]))?"
    r"|\p{L}{3,}[ \t]+(?:numarası|numaram|numaranız|numarasi)"
    r"|(?:(?:лицевой|лицевого|особовий|особового)[ \t]+)?(?:сч[её]т|сч[её]та|рахун(?:ок|ку))"
    r"|(?:konto|kontonummer|conto|cuenta|compte|conta|hesap)"
    r"|(?P<noun>\p{L}{3,})[ \t]+(?:number|no\.|nr\.)"
    r")"
    r"(?:[ \t]+(?:is|was|es|est|ist|è|to|jest|є|είναι|är|er|on|adalah|là))?"
    r"(?:[ \t]+(?:μου|σου|my|mój|moje|мой|мій|mi|mon|ma|mein|meine|min|mitt))?"
    r"[ \t]*[:=\#\-：]?[ \t]*(?:是|为|為|は|는|은|:)?[ \t]*"
    r"(?P<value>(?=[A-Z0-9]*(?:[\-/.][A-Z0-9]*)*\d)[A-Z0-9]+(?:[\-/.][A-Z0-9]+)*"
    r"(?:[ ](?=[A-Z0-9]*\d)[A-Z0-9]+(?:[\-/.][A-Z0-9]+)*){0,4})",
    regex.IGNORECASE,
)
# A word one of which every _NUMBER_NAMED match holds: most texts have none, and the
# pattern tries each word as a compound's or a noun's start (0.35 ms a kilobyte).
_NUMBER_WORD_NEEDLES = needles(
    "º",  # (the abbreviations "n.º", "nº")
    "°",
    "núm.",
    "nummer",
    "numret",
    "numero",
    "numer",
    "nr",
    "номер",
    "№",
    "nomor",
    "αριθμ",
    "αρ.",
    "رقم",
    "número",
    "numéro",
    "numara",
    "счет",
    "счёт",
    "рахун",
    "konto",
    "conto",
    "cuenta",
    "compte",
    "conta",
    "hesap",
    "number",
    "no.",
    "szám",
    "số",
    "mã",
    "번호",
    "番号",
    "號碼",
    "号码",
    "编号",
    "編號",
    "卡号",
    "账号",
    "帳號",
    "帐号",
    "नंबर",
    "नम्बर",
    "संख्या",
    "क्रमांक",
)
# A document of one's dealings, the value right after its name or its number's word
# ("invoice INV-2024-0381", "order #A-448120"; not "the order total came to 1706943701").
_DOCUMENT_NUMBER = regex.compile(
    r"(?:(?<![\p{L}\p{N}])(?i:invoice|receipt|contract|ticket|order|transaction|tracking|case|"
    # an order's or a parcel's number in other languages ("Bestellnummer", "n° de commande",
    # "订单号是 ...", "ऑर्डर आईडी OD...")
    r"parcel|shipment|consignment|waybill|pedido|commande|bestellnummer|sendungsnummer|"
    r"auftragsnummer|ordine|zamówienia|bestelling|заказа|ऑर्डर)"
    r"|订单号|订单编号|运单号|快递单号|注文番号|주문번호|운송장번호)"
    r"(?:[ \t]*(?i:number|no\.?|nr\.?|id|ref|आईडी|नंबर))?"
    r"[ \t]*(?:是|为|は|는)?[ \t]*[:#：]{0,2}[ \t]*"
    r"(?P<value>(?=[A-Z0-9]*(?:[\-/.][A-Z0-9]*)*\d)[A-Z0-9]+(?:[\-/.][A-Z0-9]+)*)"
    r"(?![\p{L}\p{N}])"
)
# "No" bare, as chat and forms write it ("acc no BR-0614", "TC Kimlik No: 38451267094"), and
# "code" ("mpesa code SGH7K2LQ9P"): found from the word itself, which most texts lack
# before a value with a digit, and then the noun before it is read (see find).
_BARE_NUMBER_WORD = regex.compile(
    r"(?<![\p{L}])(?:(?-i:no|No|NO)|code|kodu|kod)[ \t]*[:#]?[ \t]*"
    r"(?P<value>(?=[A-Z0-9]*(?:[\-/.][A-Z0-9]*)*\d)[A-Z0-9]+(?:[\-/.][A-Z0-9]+)*)",
    regex.IGNORECASE,
)
_NOUN_BEFORE = regex.compile(r"(\p{L}{3,})[ \t]+\Z")
# Numbers of things and places, not of a person or their dealings: a product's, a page's,
# a house's, a phone's (the phone recognizer has those).
_PHONE_WORD = regex.compile(
    # a word's start (its case ending may follow: "номер телефона"); Chinese, Japanese
    # and Korean compound freely ("電話番号" holds "電話")
    "|".join(
        regex.escape(word)
        if regex.fullmatch(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}ー]+", word)
        else rf"(?<![\p{{L}}\p{{M}}]){regex.escape(word)}"
        for word in (*PHONE_WORDS_ABROAD, "휴대")
    ),
    regex.I,
)
_THING_NUMBERS = frozenset(
    [
        "artikel",
        "produkt",
        "product",
        "modell",
        "model",
        "teile",
        "teil",
        "part",
        "isbn",
        "issn",
        "ean",
        "version",
        "typ",
        "type",
        "haus",
        "huis",
        "hus",
        "house",
        "zimmer",
        "room",
        "kamer",
        "seiten",
        "page",
        "kapitel",
        "chapter",
        "linien",
        "line",
        "bus",
        "gleis",
        "platform",
        "track",
        "flight",
        "serie",
        "series",
        "episode",
        "issue",
        "item",
        "catalog",
        "catalogue",
        "sku",
        "build",
        "telefon",
        "telefoon",
        "telephone",
        "phone",
        "handy",
        "mobil",
        "mobile",
        "fax",
        "whatsapp",
        "tel",
        "street",
        "road",
        "size",
        "lot",
        "batch",
        "frame",
        "step",
        "figure",
        "table",
        # codes of things and errors, not of someone's dealings
        "error",
        "status",
        "exit",
        "return",
        "response",
        "promo",
        "discount",
        "coupon",
        "voucher",
        "source",
        "country",
        "area",
        "postal",
        "zip",
        "post",
        "dial",
        "colour",
        "color",
        "hex",
        "unicode",
        "ascii",
        "icd",
        "qr",
    ]
)


# An acronym in any script, then a long number ("NIP: 731-220-19-04", "ΑΦΜ μου 049217765",
# "ИНН 5031244870"): a tax or identity number by the way countries write them. Not a
# currency's amount ("PLN 12 500 000"), nor a book's or a standard's number.
_ACRONYM_VALUE = regex.compile(
    r"(?<![\p{L}\p{N}])(?P<acronym>\p{Lu}{3,6})"
    r"(?:[ \t]+(?:μου|σου|my|mój|moj|мой|мій|mi|mon|ma|mein|meine|min|mitt))?[ \t]*[:#]?[ \t]*"
    r"(?P<value>\d(?:[\d\-./]|[ ](?=\d)){6,16}\d)(?![\p{L}\p{N}]|[\-/.]\d)"
)
# a book's, a product's or a standard's number; a postcode (an address's, not an id); a
# time zone's timestamp
_NOT_A_PERSONS = frozenset(
    [
        "ISBN",
        "ISSN",
        "EAN",
        "DOI",
        "ISO",
        "DIN",
        "EN",
        "UPC",
        "GTIN",
        "ZIP",
        "PLZ",
        "CEP",
        "CAP",
        "NPA",
        "UTC",
        "GMT",
    ]
)
_THOUSANDS = regex.compile(r"\d{1,3}(?:([., ])\d{3})(?:\1\d{3})*(?:[.,]\d{1,2})?")


def _acronym_id(match: regex.Match[str]) -> bool:
    acronym, value = match.group("acronym"), match.group("value")
    if acronym in _NOT_A_PERSONS or _currency(acronym) or _THOUSANDS.fullmatch(value):
        return False
    if not _looks_like_id(value):  # a date: "DOB 04/17/1968"
        return False
    return sum(c.isdigit() for c in value) >= 8


@cache
def _currency(code: str) -> bool:
    import pycountry  # loaded on the first acronym before a long number

    return len(code) == 3 and code.isascii() and pycountry.currencies.get(alpha_3=code) is not None


# A reference by its shape alone, in any language's sentence: capitals and digits mixed,
# maybe cut by hyphens, slashes or dots ("MAS/0442", "CA48211PQ", "2022/ŁDZ/117",
# "HX7-S24U-5120"). What issues such codes to a person (an employer, a registry, a shop)
# writes them so; a word of the text does not look like one. Standards, advisories and
# encodings have their own prefixes, and a model or a version is named by its word.
_REFERENCE_SHAPE = regex.compile(
    # (not a piece of a time stamp: "2024-06-09T18:02:11.412Z")
    r"(?<![\p{L}\p{N}\-/.:#@_])(?P<value>[\p{Lu}\d]+(?:[\-/.][\p{Lu}\d]+)*)"
    r"(?![\p{L}\p{N}_@]|[\-/.:][\p{L}\p{N}])"
)
_PUBLIC_CODE = regex.compile(
    r"^(?:ISO|CVE|RFC|EN|IEC|IEEE|ISBN|ISSN|DOI|KB|COVID|SARS|UTF|ICD|DSM|GPT|ANSI|ASTM|"
    r"BS|DIN|ECLI|NACE|SIC|HS|CAS|ATC|LOINC|SNOMED|ED)[\-]?(?=\d)"
    # a form by its number and letters ("1099-NEC", "1040-X"); a date and time
    r"|^\d+-[A-Z]{1,3}$|^[\d\-.]+T[\d\-.]*Z?$"
)
# an IBAN's shape: the IBAN recognizer's, by its check digits
_IBAN_SHAPED = regex.compile(r"[A-Z]{2}\d{2}[A-Z0-9]{8,30}")
# a part of a BBAN's structure in the IBAN registry: "4!n" is four digits, "8!c" eight
# letters or digits
_BBAN_PART = regex.compile(r"([1-9]\d*)!([nac])")
_BBAN_CLASS = {"n": "[0-9]", "a": "[A-Z]", "c": "[A-Z0-9]"}


@cache
def _bban(structure: str) -> regex.Pattern[str]:
    return regex.compile(
        _BBAN_PART.sub(lambda part: f"{_BBAN_CLASS[part[2]]}{{{part[1]}}}", structure)
    )


def _iban_shaped(value: str) -> bool:
    """Shaped as an IBAN of its country, whatever its check digits: the country's BBAN
    structure in ISO 13616's registry (as python-stdnum carries it). Spain's supply
    point code "ES0021000012345678XY" opens as an IBAN does but has no IBAN's shape."""
    if not _IBAN_SHAPED.fullmatch(value):
        return False
    country = numdb.get("iban").info(value)[0][1]
    structure = country.get("bban") if country else None
    return structure is not None and _bban(structure).fullmatch(value[4:]) is not None


_DNI_SHAPED = regex.compile(r"[XYZ]?\d{7,8}[A-Z]")
# the noun before a value, past its number's word ("flight no. FR2314")
_WORD_BEFORE = regex.compile(
    # (\Z: a word of the line above, before its line break, is no word of this value's)
    r"(\p{L}+)\.?(?:[ \t]+(?i:no|nr|num|number|code|kod|kodu)\.?)?[ \t]*[:#]?[ \t]*\Z"
)


def _reference_shaped_alone(text: str, match: regex.Match[str]) -> bool:
    value = match.group("value")
    digits = sum(c.isdigit() for c in value)
    if len(value) < 6 or not any(c.isalpha() for c in value):
        return False
    if digits < 5 and not (digits == 4 and any(c in "-/." for c in value)):
        return False  # a product's model or a flight: "RTX4090", "FR2314"
    if _PUBLIC_CODE.match(value) or not _looks_like_id(value):
        return False
    if _iban_shaped(value) or _DNI_SHAPED.fullmatch(value):
        return False  # the IBAN's and the DNI's recognizers', by their checks
    if shaped_but_invalid(value) or named_but_invalid(text, *match.span("value")):
        return False  # a format with a check of its own, which the value failed
    word = _WORD_BEFORE.search(text, max(0, match.start() - 30), match.start())
    return word is None or word.group(1).lower() not in _THING_NUMBERS


# A service desk's record of a person's case, as ServiceNow numbers them by default: the
# table's prefix and seven digits ("INC0048213" an incident, "RITM0012345" a requested
# item, "CS0001234" a customer's case). (Some have another identifier's shape and fail
# its check: India's EPIC is three letters and seven digits.)
_SERVICE_DESK_RECORD = regex.compile(
    r"(?<![\p{L}\p{N}])(?:INC|RITM|REQ|SCTASK|CS)\d{7}(?![\p{L}\p{N}])"
)
# A farm animal's official number, as the UK and Ireland print it on tags and passports:
# the country, the herd or flock mark (six or seven digits), then the animal's own number
# ("UK 741234 500123", "UK 0412345 00123"); the mark alone after a word for the herd, the
# flock or the tag ("flock no. UK 0412345").
_LIVESTOCK_TAG = regex.compile(
    r"(?<![\w])(?:UK|GB|IE)[ \t]?\d{6,7}[ \t]?\d{5,6}(?![\w])"
    r"|(?i:\b(?:herd|flock|tag|ear[ \t-]?tag|passport)\b)[^\n]{0,12}?"
    r"(?<![\w])((?:UK|GB|IE)[ \t]?\d{6,7})(?![\w]|[ \t]?\d)"
)


_SORT_CODE_WORDS = regex.compile(r"(?i:sort[ \t]*code)[ \t:]*$")
# (not a lone "ID", which is Idaho's code before a ZIP code too)
_NUMBER_WORD_IN_KEYWORD = regex.compile(r"\p{L}[ \t]+(?i:id|number|no)(?![\p{L}])")


class IdNumberRecognizer:
    """Identity, licence, medical, employee and tax numbers: by context, or by format."""

    name = "regex.id_number.v1"
    labels = (labels.ID_NUMBER,)

    def find(self, text: str) -> list[Span]:
        if not DIGIT.search(text):
            return []  # every value below holds a digit: a text without one has none
        spans = []
        for match in _ID_WITH_CONTEXT.finditer(text):
            value = match.group("value").rstrip(" .-/")
            start = match.start("value")
            # "my employee number is 55123", "badge #7781": a number the text calls one
            # (the keyword may hold the word itself: "patient ID 58820", "ID 58820")
            lead = text[match.start() : start]
            named_number = match.group("numbered") is not None
            numbered = (
                (named_number or _NUMBER_WORD_IN_KEYWORD.search(lead) is not None)
                and value.isdigit()
                and len(value) >= 4
            )
            # an airline's record locator: six letters and digits ("confirmation HXQ7LM")
            locator = match.group("booking") is not None and bool(_LOCATOR.fullmatch(value))
            # (named by the words before it too: "account to sort code 20-45-77")
            sort_code = (
                match.group("sort_code") is not None or _SORT_CODE_WORDS.search(lead) is not None
            ) and bool(_SORT_CODE.fullmatch(value))
            if not (_looks_like_id(value) or numbered or locator or sort_code):
                continue
            if match.group("bare_id") and not regex.search(r"[A-Za-z]", value):
                continue  # "id: 4821" in YAML or a log is a record's key
            spans.append(Span(start, start + len(value), labels.ID_NUMBER, 0.8, self.name))
        # a value after a word that calls it a number: an acronym's, "n.º"
        for match in (*_ACRONYM_NUMBER.finditer(text), *_NUMERO.finditer(text)):
            value = match.group("value").rstrip(" .-/")
            if _looks_like_id(value):
                start = match.start("value")
                spans.append(Span(start, start + len(value), labels.ID_NUMBER, 0.8, self.name))
        for match in _NUMBER_ABBREVIATION.finditer(text):
            value = match.group("value")
            if _reference_shaped(value) and _looks_like_id(value):
                spans.append(Span(*match.span("value"), labels.ID_NUMBER, 0.8, self.name))
        number_words = may_contain(text, _NUMBER_WORD_NEEDLES)
        for match in _NUMBER_NAMED.finditer(text) if number_words else ():
            kind = (match.group("compound") or match.group("noun") or "").lower()
            spans += _named_number(text, match, kind, match.group("word"), self.name)
        for match in _DOCUMENT_NUMBER.finditer(text):
            value = match.group("value").rstrip(" .-/")
            if _looks_like_id(value):
                start = match.start("value")
                spans.append(Span(start, start + len(value), labels.ID_NUMBER, 0.8, self.name))
        for match in _BARE_NUMBER_WORD.finditer(text):
            noun = _NOUN_BEFORE.search(text, max(0, match.start() - 40), match.start())
            if noun is not None:
                spans += _named_number(text, match, noun.group(1).lower(), noun.group(1), self.name)
        for match in _ACRONYM_VALUE.finditer(text):
            value = match.group("value").rstrip(" .-/")
            start = match.start("value")
            if _acronym_id(match) and not named_but_invalid(text, start, start + len(value)):
                spans.append(Span(start, start + len(value), labels.ID_NUMBER, 0.8, self.name))
        for match in _REFERENCE_SHAPE.finditer(text):
            if _reference_shaped_alone(text, match):
                spans.append(Span(*match.span("value"), labels.ID_NUMBER, 0.6, self.name))
        for match in _SERVICE_DESK_RECORD.finditer(text):
            spans.append(Span(*match.span(), labels.ID_NUMBER, 0.8, self.name))
        for match in _ACCOUNT_IN_THE_NAME_OF.finditer(text):
            spans.append(Span(*match.span(1), labels.ID_NUMBER, 0.8, self.name))
        for match in _LAST_DIGITS.finditer(text):
            spans.append(Span(*match.span("value"), labels.ID_NUMBER, 0.8, self.name))
        for match in (
            _LIVESTOCK_TAG.finditer(text) if "UK" in text or "GB" in text or "IE" in text else ()
        ):
            span = match.span(1) if match.group(1) else match.span()
            spans.append(Span(*span, labels.ID_NUMBER, 0.8, self.name))
        for match in _UK_NINO.finditer(text):
            spans.append(Span(match.start(), match.end(), labels.ID_NUMBER, 0.85, self.name))
        for match in _ES_DNI.finditer(text):
            prefix, number, letter = match.groups()
            # an NIE's X/Y/Z counts as the leading digit 0/1/2 of the DNI check
            value = str("XYZ".index(prefix)) + number if prefix else number
            if dni.calc_check_digit(value) == letter:
                spans.append(Span(match.start(), match.end(), labels.ID_NUMBER, 0.85, self.name))
        return spans


# Things registered to their owner, whose numbers find the owner: a machine's serial, a
# vehicle's frame, chassis and engine, a farm's and its herd's registrations.
_OWNED_THING_NUMBERS = frozenset(
    ["serial", "frame", "chassis", "engine", "farm", "holding", "herd", "flock", "grower"]
)


def _named_number(text: str, match: regex.Match, kind: str, word: str, source: str) -> list[Span]:
    """The value a number's word names (``kind``: the noun it is of; ``word``: the words
    that name it), unless it is a thing's, a phone's, no identifier's shape, or the very
    number named with a failed check."""
    value = match.group("value").rstrip(" .-/")
    if kind in _THING_NUMBERS:
        return []
    # the number of something one owns or holds, registered to its owner, is an
    # identifier at four digits too ("Serial number is 52734", "our farm number is 5021")
    owned = kind in _OWNED_THING_NUMBERS and value.isdigit() and len(value) >= 4
    if not (owned or _looks_like_id(value)):
        return []
    if _PHONE_WORD.search(word):
        return []  # "電話番号は 090-...": the phone recognizer's
    start = match.start("value")
    if named_but_invalid(text, start, start + len(value)):
        return []  # "Business Number is 40 139 154 058": that number, its check failed
    return [Span(start, start + len(value), labels.ID_NUMBER, 0.8, source)]


def _looks_like_id(value: str) -> bool:
    digits = sum(c.isdigit() for c in value)
    if digits < 2 or len(value.replace(" ", "")) < 4:
        return False
    words = regex.findall(r"[A-Za-z]{3,}", value)
    if any(word.lower() in _COMMON_WORDS for word in words):
        return False
    # A number joined to words is a measure, not an id: "30-year-old", "5-star", "2-bed".
    if regex.fullmatch(r"(?:[a-z]{1,4} )?\d+(?:-[a-z]+)+", value):
        return False
    # Versions, hashes and UUIDs are code, not people.
    if regex.fullmatch(r"v?\d{1,2}(?:\.\d{1,4}){1,3}(?:[\-+]\w+)?|[0-9a-f\-]{32,}", value, regex.I):
        return False
    # Dates, amounts and years are not ids; a run of digits led by a zero is no amount
    # or year ("badge 00731").
    if regex.fullmatch(r"\d{1,4}([./\-])\d{1,2}\1\d{1,4}|\d{4}|[\d.,]+", value):
        digits = value.replace(" ", "")
        return digits.isdigit() and (len(value) >= 6 or (digits[0] == "0" and len(digits) >= 5))
    return True


register("regex.id_number.v1")(IdNumberRecognizer)
