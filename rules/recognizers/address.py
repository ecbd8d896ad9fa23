"""STREET_ADDRESS in US, UK and continental European forms, with the lines that follow.

An address starts with a street line (number + name + street type, or the European
order name + number, or a PO box) and then absorbs the unit, city, state, postcode and
country parts that follow on the same or the next lines: by generic parts here, and by
each country's own order of postcode, city and region (``address_formats``).
"""

from __future__ import annotations

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.merge import union_same_label
from veil.rules.pattern import DIGIT, WORD
from veil.rules.recognizers.address_formats import marked_heads, tail_end
from veil.rules.recognizers.address_runs import address_runs, lines_before_tails
from veil.rules.registry import register
from veil.rules.spans import Span

# Words are bounded: an unbounded run tried from every start inside a long hyphenated or
# unspaced token ("a-a-a-…", a pasted blob) makes the search quadratic in its length.
_WORD = r"[A-ZÀ-Þ][\w'’\-]{0,40}\.?"  # a capitalised word (also "O'Neil", "St.")
_ANY_WORD = r"[\wÀ-ÿ'’\-]{1,40}\.?"
# A house number and its suffixes: 12a, 12-14, 4/2, 12bis, 12 bis, and the Dutch floor or
# part after a hyphen (512-II, 12-hs, 7-bis).
_NUMBER = (
    r"\d{1,6}(?:(?:bis|ter|quater)\b|[A-Za-z](?![a-z]))?"
    r"(?:[\-/](?:\d{1,5}[A-Za-z]?|[IVX]{1,4}|hs|huis|bis|ter|[A-Za-z])(?!\w)"
    r"|[ \t](?:bis|ter|quater)\b)?"
)

# Street types written after the name (US, UK, Irish, Australian usage).
_SUFFIXES = (
    "Street|St|Avenue|Ave|Av|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|"
    "Way|Terrace|Ter|Terr|Circle|Cir|Highway|Hwy|Parkway|Pkwy|Square|Sq|Trail|Trl|Loop|"
    "Crossing|Xing|Alley|Aly|Row|Close|Crescent|Cres|Gardens|Gdns|Grove|Gr|Mews|Hill|Walk|"
    "Green|Park|Rise|Vale|View|Wharf|Heights|Hts|Point|Pt|Ridge|Run|Pike|Path|Plaza|Plz|"
    "Port|Bypass|Causeway|Expressway|Expy|Freeway|Fwy|Junction|Jct|Manor|Meadows?|Mill|"
    "Estates?|Forks?|Hollow|Landing|Pass|Summit|Turnpike|Tpke|Valley|Village|Vlg|Brooks?|"
    "Burgs?|Camp|Canyon|Cape|Center|Ctr|Cliffs?|Club|Commons?|Corners?|Course|Cove|Creek|"
    "Crest|Dale|Dam|Divide|Extensions?|Falls?|Ferry|Fields?|Flats?|Ford|Forest|Fort|"
    "Fountain|Freeway|Glen|Harbor|Harbour|Haven|Island|Isle|Keys?|Knolls?|Lakes?|Lights?|"
    "Lodge|Mall|Mission|Motorway|Mount|Mountain|Neck|Orchard|Oval|Overpass|Parks?|Pines|"
    "Plains?|Prairie|Ramp|Ranch|Rapids?|Rest|Shoals?|Shores?|Skyway|Springs?|Spur|Station|"
    "Stravenue|Stream|Streets|Throughway|Trace|Track|Trafficway|Tunnel|Underpass|Union|"
    "Viaduct|Ville|Vista|Wall|Ways|Wells?|Embankment|Parade|Broadway|Esplanade|Quay|"
    # more of the thoroughfare descriptors British addresses use (a row of cottages or
    # villas, a block of buildings or mansions, a chase, a croft, a wynd: "2 Linhay Cottages")
    "Cottages|Villas|Buildings|Mansions|Chase|Croft|Drove|Yard|Wynd|Brae|Approach|Dene|"
    "Fold|Garth"
)
# Street words that are the end of a compound name (German, Dutch, Nordic, Finnish).
_COMPOUND_SUFFIX = (
    r"stra(?:ß|ss)e|str\.|weg|gasse|allee|platz|ring|damm|ufer|chaussee|steig|"
    r"straat|laan|gracht|plein|kade|singel|dreef|"
    r"vej|gade|gatan|gata|vägen|väg|veien|vegen|gate|katu|tie|kuja|stræti|vænget|braut"
)
# Street types written before the name (French, Spanish, Italian, Portuguese, Polish...).
_PREFIXES = (
    r"Rue|Avenue|Av\.|Boulevard|Bd\.?|Place|Chemin|Allée|Impasse|Quai|Route|Cours|"
    r"Calle|C/|Avenida|Avda\.?|Plaza|Paseo|Camino|Carrer|Ronda|Travesía|"
    r"Via|Viale|Piazza|Piazzale|Corso|Largo|Vicolo|Strada|"
    r"Rua|Travessa|Praça|Estrada|Alameda|Ulica|ul\.|Straße|Strasse|Am|An der|Auf der|Im|"
    # Indonesian and Malay, with the house's "No." ("Jl. Pemuda No. 88")
    r"Jl\.|Jln\.|Jalan|Gg\."
)
# The Romance and Polish types people write in lower case as often ("calle Mayor 5", "rua
# Augusta 274"): words that are no common word of their own; Italian's "via" as Italian
# writes it, after "in" ("in via Torino 14": English goes via Dubai).
_PREFIXES_ANY_CASE = (
    "viale|piazza|piazzale|corso|vicolo|calle|avenida|paseo|carrer|rua|travessa|praça|"
    "estrada|alameda|ulica"
)
_PARTICLES = r"(?:(?:de|du|des|la|le|les|del|della|delle|dei|di|da|do|dos|das|d'|l')\s*)*"
_UNIT = (
    r"(?:[ \t]*,?[ \t]*\n?[ \t]*(?:(?:Apt\.?|Apartment|Suite|Ste\.?|Unit|#|Floor|Fl\.?|Room|"
    r"Rm\.?|Bldg\.?|"
    r"Building|Flat|Wohnung|Whg\.?|App\.?|Appt\.?|Piso|Étage|Bus|Box|Dept\.?|Top|Stiege|"
    # the same in the languages whose street lines are matched, as written after a comma
    # (and the English ones in lower case, as typed: "9 Thorpe Mews, flat 2, Norwich")
    r"(?i:flat|unit|suite|apartment|floor|"
    r"apto|apt[oº°]?\.|ap\.|apart\.|depto\.?|dpto\.?|sala|bloco|bl\.|conj\.|casa|andar|"
    r"lote|puerta|pta\.|esc\.|escalera|int\.|interno|scala|sc\.|appartement|bât\.|bâtiment|"
    r"escalier|porte|lgh))[ \t]*[A-Z0-9\-]{1,6}(?!\w)"
    # Iberian floor and side: "3º Esq", "2.º Dto.", "4º A"
    r"|\d{1,2}\.?[ \t]?[ºª°]\.?(?:[ \t]*(?:Esq|Dto|Dta|Drt|Izq|Izda|Dcha|Drcha|Fte|[A-Z])\b\.?)?"
    # German floors: "2. Etage", "3. OG", "4. Stock"
    r"|\d{1,2}\.[ \t]?(?:Etage|OG|Obergeschoss|Stock)\b"
    # Danish floor and side, the ground floor and the basement too: "3. th.", "st. tv."
    r"|(?:\d{1,2}|st|kl)\.[ \t]?(?:th|tv|mf)\b\.?))"
)

_PLACE_START = r"\p{Lu}[\p{L}'’\-]{1,40}[ \t]*(?:$|\n|,)|Suite|Apt|Unit"

_US_STREET = (
    # 42 Elm Street / 1600 N. Pennsylvania Ave NW / 10 Downing St
    # (Singapore's housing blocks: "Blk 412 Tampines Street 41")
    rf"(?:(?:(?:Blk|Block)\.?[ \t]+)?(?:\d{{1,6}}[ \t]+)?{_NUMBER}[ \t]+"
    r"(?:(?:N|S|E|W|North|South|East|West|NE|NW|SE|SW)\.?[ \t]+)?"
    # (a numbered street is named by its ordinal: "1408 E 4th St", "221 W 57th Street")
    rf"(?:(?:{_WORD}|\d{{1,3}}(?:st|nd|rd|th))[ \t]+){{0,4}}(?:{_SUFFIXES})\b\.?"
    rf"(?:[ \t]+(?:{_WORD}[ \t]+){{0,2}}(?:{_SUFFIXES})\b\.?)?"
    # a rural road named by its number on a county's grid: "2290 County Road 1800 N", and
    # the numbered streets of a Singapore town ("Tampines Street 41", "Kaki Bukit Avenue 1")
    r"(?:(?<=Road|Rd|Highway|Hwy|Street|Avenue|Ave)[ \t]+(?!(?:19|20)\d\d\b)\d{1,5}[A-Z]?"
    r"(?![\w/\-]))?"
    rf"(?:[ \t]+(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)\b\.?)?)"
)
# The street word before the house number in German, Dutch, Nordic, Hungarian.
_GERMANIC_STREET_WORD = (
    rf"(?i:{_COMPOUND_SUFFIX})|Straße|Strasse|Str\.?|Weg|Allee|Platz|u\.|utca|út|tér|körút"
)
_GERMANIC_STREET = (
    # Hauptstraße 5 / Berliner Straße 12a / Keizersgracht 123
    rf"(?:(?:\d{{1,6}}[ \t]+)?(?:{_WORD}[ \t]+){{0,3}}[\p{{L}}][\wß'’\-]{{0,40}}"
    rf"(?i:{_COMPOUND_SUFFIX})[ \t]+{_NUMBER}\.?)"
    rf"|(?:(?:{_WORD}[ \t]+){{0,2}}"
    rf"(?:Straße|Strasse|Str\.?|Weg|Allee|Platz|u\.|utca|út|tér|körút)[ \t]+{_NUMBER}\.?)"
)
# Both Germanic forms need one of their street words, spaces and a digit (``_NUMBER``
# starts with one); where the text has none, the address pattern without them finds the
# same. They are the costly part: their optional words are tried from every word. (Found
# from the digit back: digits are few, and the engine skips to them.)
_GERMANIC_STREET_NEED = regex.compile(rf"(?<=(?:{_GERMANIC_STREET_WORD})[ \t]+)\d")
_OTHER_STREETS = (
    # 12 rue de la Paix / 33 avenue de Provence
    rf"(?:{_NUMBER},?[ \t]+(?:bis[ \t]+|ter[ \t]+)?(?i:rue|avenue|av\.|boulevard|bd\.?|place|"
    rf"chemin|allée|impasse|quai|route|cours)[ \t]+{_PARTICLES}(?:{_ANY_WORD}[ \t]*){{1,4}})"
    # Calle Mayor 5 / Via Roma, 10 / Rua Augusta 274
    rf"|(?:(?:{_PREFIXES}|(?i:{_PREFIXES_ANY_CASE})|(?<=\b[Ii]n[ \t])via)[ \t]+{_PARTICLES}"
    rf"(?:{_WORD}[ \t]+{_PARTICLES}){{0,3}}{_WORD},?[ \t]*"
    rf"(?:(?i:n[º°o]|nomor)\.?[ \t]*)?{_NUMBER}\b)"
    # 6750 Koskikatu 25 Apt. 864: number, name, number, then a unit (generated data style)
    rf"|(?:{_NUMBER}[ \t]+{_WORD}(?:[ \t]+{_WORD}){{0,2}}[ \t]+{_NUMBER}\.?"
    rf"(?={_UNIT}|[ \t]*\n[ \t]*(?:{_PLACE_START})))"
    # ул. Лермонтова, д. 14, кв. 5 / вул. Шевченка, буд. 3: Russian and Ukrainian street
    # types before the name, the house after "д."/"дом"/"буд."
    # (in running text the type is declined: "живу на вулиці Садовій 12", "на улице Лесной, 8")
    r"|(?:(?i:ул\.|улиц[аеуы]|улицей|пр\.|пр-т|проспект[еау]?|пер\.|переул(?:ок|ке|ка)|бул\.|"
    r"бульвар[еау]?|наб\.|набережн(?:ая|ой|ую)|ш\.|шоссе|пл\.|площад[ьи]|мкр\.|вул\.|"
    r"вулиц[яіюе]|вулицею|просп\.)[ \t]*"
    r"(?:\p{Lu}[\p{L}\-]*\.?[ \t]+){0,2}\p{Lu}[\p{L}\-]*,?[ \t]*"
    # (the house's word is left out as often: "вул. Липова, 7", "ул. Садовая 14/2")
    r"(?:(?i:д\.|дом|буд\.|будинок)[ \t]*\d{1,4}|\d{1,3})"
    r"(?:[\p{L}](?![\p{L}]))?(?:/\d{1,3})?(?![\d])"
    r"(?:,?[ \t]*(?i:кв\.|квартира|к\.|корп\.|стр\.)[ \t]*\d{1,4})*)"
    # "Профсоюзной ул., д. 56", "на Профсоюзной, 98": the type after the name in its case,
    # or none, and the house (after "на", on, where the street's name stands alone)
    r"|(?:\p{Lu}\p{Ll}+(?:ой|ая|ый|ий|ого|ому|ой)[ \t]+(?i:ул\.|улица|улице|улицы|вул\.|вулиця|"
    r"вулиці),?[ \t]*(?:(?i:д\.|дом|буд\.)[ \t]*)?\d{1,4}(?:[\p{L}](?![\p{L}]))?(?:/\d{1,3})?"
    r"|(?<=(?i:на|по)[ \t]+)\p{Lu}\p{Ll}+(?:ой|ая|ый|ий),[ \t]*(?:(?i:д\.|дом)[ \t]*)?\d{1,4}"
    # (then the sentence goes on or ends: not "на Невской, 5 тысяч человек")
    r"(?!\d|[.,]\d)(?=[ \t]*(?:[.,;:)!?\n]|$)))"
    # Vietnamese: the house's "số" (number), then the street, named for someone as most
    # are ("số 27 Trần Quang Khải", "số 5 đường Lê Lợi")
    r"|(?:(?<![\p{L}])(?i:số)[ \t]+\d{1,4}[A-Z]?(?:/\d{1,4})?[ \t]+(?:(?i:đường|phố)[ \t]+)?"
    r"\p{Lu}[\p{L}\p{M}]*(?:[ \t]+\p{Lu}[\p{L}\p{M}]*){1,4})"
    # Οδός Αγίου Νικολάου 12 / Λεωφ. Κηφισίας 44: Greek street types before the name
    r"|(?:(?i:οδός|οδό|οδού|οδ\.|λεωφόρος|λεωφόρο|λεωφόρου|λεωφ\.|πλατεία|πλ\.)[ \t]+"
    r"(?:\p{Greek}+\.?[ \t]+){0,3}?\p{Lu}\p{Greek}*[ \t]+\d{1,4}"
    r"(?:[\p{Greek}](?![\p{L}]))?(?![\d]))"
    # Arabic: the house's number, then "street" and its name, and the district and town
    # after commas ("٢٤ شارع الثورة، الدقي، الجيزة"); or the number after the name
    r"|(?:(?<![\p{L}\d])\d{1,4}[ \t]+(?:شارع|ش\.)[ \t]+(?:\p{Arabic}+[ \t]+){0,2}\p{Arabic}+"
    r"(?:[ \t]*[،,][ \t]*\p{Arabic}+(?:[ \t]+\p{Arabic}+)?){0,2}"
    r"|(?<![\p{L}])(?:شارع|ش\.)[ \t]+(?:\p{Arabic}+[ \t]+){0,2}\p{Arabic}+[ \t]*[،,]?[ \t]*"
    # (the building's word may come before its number: "شارع أحمد عرابي، عمارة 12")
    r"(?:(?:رقم|عمارة|مبنى|بناية|منزل)[ \t]*)?\d{1,4}(?![\d]))"
    # PO boxes, including US military mail
    r"|(?:(?:P\.?[ \t]?O\.?[ \t]?Box|Post Office Box|Postfach|Apartado(?: de correos)?|"
    r"Casella postale|Boîte postale|BP)[ \t]+\d{1,6}"
    # East Africa's box, its office's postcode and its town: "P.O. Box 4410-00100 Nairobi"
    r"(?:-\d{5}(?:[ \t]+\p{Lu}\p{Ll}+(?:[ \t]+\p{Lu}\p{Ll}+)?(?![\p{L}]))?)?)"
    r"|(?:(?:PSC|Unit|CMR)[ \t]+\d{3,5},?[ \t]+Box[ \t]+\d{1,5})"
)
_STREET_LINE = rf"{_US_STREET}|{_GERMANIC_STREET}|{_OTHER_STREETS}"
# Hebrew: "street" or "boulevard" (with "in", "to" or "from" on the word, and "and" or
# "that" before it), the name, the house's number, the flat's, and the town after a comma:
# "ברחוב הרצל 42 דירה 5, חולון"
_HEBREW_STREET = regex.compile(
    r"(?<![\p{L}])(?:(?:ו|ש)?[בלמ])?(?P<street>(?:רחוב|רח['׳]|שדרות|שד['׳])[ \t]+"
    r"(?:[\p{Hebrew}'׳\-]+[ \t]+){1,3}?\d{1,4}(?![\d])"
    r"(?:[ \t]*,?[ \t]*(?:דירה|ד['׳])[ \t]*\d{1,4})?"
    r"(?:[ \t]*,[ \t]*[\p{Hebrew}\-]{2,}(?:[ \t]+[\p{Hebrew}\-]{2,})?(?![ \t]*[\p{Hebrew}\d]))?)"
)
# The characters the other street lines can start with: a house number, a street type's
# first letter, a PO box's, a military unit's, and those the Russian and Ukrainian types'
# first letters match case-insensitively (ᲀ is a form of в; a test checks the list).
# Tried first, one class, it spares the engine the alternatives at every other character.
_CYRILLIC_STREET_FIRST = "бвмнпушБВМНПУШᲀ"
# and the Greek types' (ϖ is a form of π); a Russian or Ukrainian street's name, which may
# come first; Vietnamese "số"
_GREEK_STREET_FIRST = "λοπΛΟΠϖ"
# and Arabic's "street" ("شارع", "ش."), which may open the line before its name
_ARABIC_STREET_FIRST = "ش"
_NAME_FIRST_STREET_FIRST = "А-ЯЁІЇЄҐsS"
_OTHER_STREET_FIRST = (
    r"(?=[\d"
    + "".join(
        sorted(
            {word[0] for word in _PREFIXES.split("|")}
            | {
                case(word[0])
                for word in _PREFIXES_ANY_CASE.split("|")
                for case in (str.lower, str.upper)
            }
            | set("PABCU")
        )
    )
    + _CYRILLIC_STREET_FIRST
    + _GREEK_STREET_FIRST
    + _ARABIC_STREET_FIRST
    + _NAME_FIRST_STREET_FIRST
    + "])"
)

_UK_POSTCODE = r"[A-Z]{1,2}\d[A-Z\d]?[ \t]*\d[A-Z]{2}"
_ZIP = r"\d{4,5}(?:-\d{3,4})?|\d{3}[ \t]\d{2}|[A-Z]\d[A-Z][ \t]?\d[A-Z]\d"
# (any alphabet's capital: "вул. Липова, 7, Вінниця", "Ερμού 25, Αθήνα")
# (not the writer's "I", which opens the sentence after an address: "..., I'm moving")
_PLACE_WORD = r"(?!I(?:['’]\w{1,2})?(?![\w'’\-]))\p{Lu}[\w'’\-]{0,40}"
# (after the abbreviated word for the kind of locality that some formats write before its
# name: Mexico's colonia and fraccionamiento, the Philippines' barangay, Ireland's county,
# Puerto Rico's urbanización: "Col. Santa María la Ribera", "Brgy. Kamputhaw", "Co. Cork")
_LOCALITY_KIND = r"(?:Col|Fracc|Brgy|Bgy|Co|Urb|Bo|Dist|Distt|Mun|Edo|Prov)\.[ \t]*"
_PLACE = (
    rf"(?:{_LOCALITY_KIND})?{_PLACE_WORD}"
    rf"(?:[ \t]+(?:{_PLACE_WORD}|de|del|la|le|upon|on|am|an|der|sur|en)){{0,3}}"
)
_TAIL_PART = (
    rf"(?:(?:APO|FPO|DPO)[ \t]+A[AEP][ \t]+\d{{5}}"
    rf"|{_UK_POSTCODE}"
    rf"|(?:{_ZIP})[ \t]+{_PLACE}"
    rf"|{_PLACE}(?:[ \t]*,?[ \t]+(?:[A-Z]{{2}}[ \t]+)?(?:{_ZIP}|{_UK_POSTCODE}))?"
    rf"|[A-Z]{{2}}(?:[ \t]+(?:{_ZIP}))?"
    rf"|{_ZIP})"
)
# Between parts: a comma on the same line, or a line break (possibly with a comma); a
# blank line ends the address.
_SAME_LINE = r"[ \t]*(?:,|[ \t]-)[ \t]*"
_NEXT_LINE = r"[ \t]*,?[ \t]*\n[ \t]*,?[ \t]*>?[ \t]*"
# A part ends its line, or is followed by a comma or a sentence end; on the street's own
# line it may also run into the rest of the sentence ("..., IL 62704 please").
_LINE_END = r"(?=[ \t]*(?:[,\n]|$|[.;!?)](?:\s|$))|[ \t]+[-–—][ \t])"  # (or a dash's aside)
_PART = (
    rf"(?:{_SAME_LINE}{_TAIL_PART}{_UNIT}*(?:{_LINE_END}|(?=[ \t]+[a-z(]))"
    rf"|{_NEXT_LINE}{_TAIL_PART}{_UNIT}*{_LINE_END})"
)

_ADDRESS = regex.compile(
    rf"(?<!{WORD})(?P<street>(?:{_STREET_LINE}){_UNIT}*){_PART}{{0,4}}",
)
_ADDRESS_NOT_GERMANIC = regex.compile(
    rf"{_OTHER_STREET_FIRST}(?<!{WORD})(?P<street>(?:{_US_STREET}|{_OTHER_STREETS}){_UNIT}*)"
    rf"{_PART}{{0,4}}",
)

# Lines that follow an address but are not part of it.
_NOT_PLACES = frozenset(
    [
        "thanks",
        "thank",
        "regards",
        "best",
        "cheers",
        "dear",
        "hi",
        "hello",
        "sincerely",
        "please",
        "phone",
        "email",
        "tel",
        "mobile",
        "fax",
        "cell",
        "kind",
        "warm",
        "yours",
        "love",
        "ps",
        "note",
        "and",
        "or",
        "the",
        "to",
        "from",
        "but",
        "so",
        "if",
        "we",
        "i",
        "my",
        "our",
        "you",
        "your",
        "it",
        "this",
        "that",
        "these",
        "those",
        "also",
        "then",
        "call",
        "text",
        "let",
        "see",
        "re",
        "subject",
    ]
)


# A unit written before the street line, as British and Australian addresses put it:
# "Flat 3, 41 Lorimer Road", "Unit 5/18 Banksia Cres" (the "5/" is the street number's).
_UNIT_BEFORE = regex.compile(
    r"(?<![\w])(?:Flat|Unit|Apt\.?|Apartment|Suite|Ste\.?|Room|Level|Floor|Shop|Lot|Villa"
    # Portuguese and Spanish, with the building named after the unit: "apto 52 do
    # Edifício Jacarandá, Rua ..."
    r"|apto\.?|apt[oº]\.?|ap\.|apartamento|depto\.?|dpto\.?|departamento|piso|casa|sala)"
    # (its number holds a digit, or is one letter: not "unit is")
    r"[ \t]*(?:[A-Za-z]{0,2}\d[A-Za-z0-9\-]{0,4}|[A-Za-z](?![A-Za-z0-9]))"
    r"(?:[ \t]+(?:do|da|de|del)[ \t]+(?:Edifício|Edificio|Condomínio|Condominio|Residencial|"
    r"Bloco|Bloque|Torre|Conjunto)(?:[ \t]+\p{Lu}[\p{L}'’\-]*){1,3})?[ \t]*,?[ \t]*$"
    r"|(?<![\w])(?:Unit|Flat|Apt\.?)[ \t]+$",
    regex.IGNORECASE,
)


# A Korean road-name address: the city, the district (구/군/시), the road (로/길, with
# its numbered side street), the building's number, and the unit (호) or block (동):
# "서울 마포구 망원로12길 34, 201호".
_KOREAN_ROAD_ADDRESS = regex.compile(
    # (a province and its city before the district, "경기도 성남시 분당구 정자일로 95": each by
    # its suffix, or a first-level division by the short name it is written with; not
    # "주소는", the address is)
    r"(?:(?:\p{Hangul}{2,4}(?:특별시|광역시|특별자치시|특별자치도|시|도)|서울|부산|인천|대구|대전|"
    r"광주|울산|세종|경기|강원|충북|충남|전북|전남|경북|경남|제주)[ \t]+){0,2}"
    r"\p{Hangul}{1,4}(?:구|군|시)[ \t]+"
    r"\p{Hangul}{1,8}\d{0,3}(?:로|길)(?:\d{1,3}번?길)?[ \t]*\d{1,4}(?:-\d{1,4})?"
    # then the building's name, block, flat or floor ("그린빌 302호", "108동 1203호", "3층")
    r"(?:[ \t]*,?[ \t]*(?:\p{Hangul}{1,10}[ \t]?)?(?:\d{1,4}동[ \t]*)?\d{1,5}(?:호|층))?"
    # or the older lot-number form: the city, its dong, eup, myeon or ri, and the lot
    # ("경주시 황남동 123-4")
    r"|\p{Hangul}{1,4}(?:시|군|구)[ \t]+\p{Hangul}{1,5}(?:동|읍|면|리|가)[ \t]+\d{1,4}(?:-\d{1,4})?"
    r"(?!\d|[ \t]*(?:원|명|개|년|월|일|시|분|번|층))"
)
# A Turkish street line: the street's name, its kind (Caddesi, Sokak, Bulvarı, as written
# or abbreviated), the door's number and the flat's ("Moda Caddesi No: 27 D:5").
_TURKISH_STREET = regex.compile(
    # (its quarter before it in the locative, as running text says where: "Kadıköy'de")
    r"(?:\p{Lu}[\p{L}]*['’](?:de|da|te|ta)[ \t]+)?"
    r"\p{Lu}[\p{L}]*(?:[ \t]+\p{Lu}[\p{L}]*){0,2}[ \t]+(?:Caddesi|Cad\.|Sokak|Sokağı|Sok\.|"
    r"Sk\.|Bulvarı|Blv\.)[ \t]*,?[ \t]*(?:No|no)[ \t]*[:.]?[ \t]*\d{1,4}(?:/\d{1,3})?"
    r"(?:[ \t]*,?[ \t]*(?:D|Daire|Kat)[ \t]*[:.]?[ \t]*\d{1,3})*"
)


# A Japanese address without its postcode's mark: the prefecture, the city or ward, the
# district, then the block and house numbers ("2-14-7", "2丁目14番7号"), and the building
# and room after them ("東京都世田谷区三軒茶屋2-14-7 コーポ桜201"). The numbers after a
# municipality's suffix are what tell it from a place named in passing.
_DIGIT = r"[0-9０-９]"
_JAPANESE_ADDRESS = regex.compile(
    r"(?:\p{Han}{2,3}[都道府県])?\p{Han}{1,6}?[市区町村郡](?:\p{Han}{1,6}?[区町村])?"
    r"[\p{Han}\p{Katakana}ー々]{1,10}?"
    rf"(?:{_DIGIT}{{1,4}}丁目{_DIGIT}{{1,4}}(?:番地?|[-－ー]){_DIGIT}{{1,4}}号?"
    rf"|{_DIGIT}{{1,4}}[-－]{_DIGIT}{{1,4}}(?:[-－]{_DIGIT}{{1,4}})?)"
    rf"(?:[ \t　]?[\p{{Katakana}}ー\p{{Han}}A-Za-zＡ-Ｚ]{{1,15}}?{_DIGIT}{{1,4}}(?:号室)?)?"
)
# A Hong Kong flat: the estate or building, its block (座), floor (樓) and flat (室):
# "沙田第一城21座18樓E室".
_HONG_KONG_FLAT = regex.compile(
    # (after the words that say where one lives, which no space sets apart: "我係…", "住喺…")
    r"(?:我(?:係|是|住(?:在|喺)?)|住(?:在|喺)|喺|在)?"
    r"(?P<flat>\p{Han}{2,8}?(?:[0-9A-Z]{1,3}[座期])?[0-9]{1,3}[樓楼][A-Z0-9]{1,3}[室號号])"
)


# A flat's number on its own, as people name where they or a neighbour live; not a flat
# rate or a flat run of figures ("a flat 3% fee", "flat 10 minutes")
_FLAT_ALONE = regex.compile(
    r"(?<![\p{L}\p{N}])(?:[Ff]lat|[Aa]partment|[Aa]pt\.?|[Aa]pto\.?)[ \t]+(?:[Nn]o\.?[ \t]*)?"
    r"\d{1,4}[A-Za-z]?(?![\p{L}\p{N}%]|[.,]\d)(?![ \t]*(?:%|percent|per\b|x\b|times\b|"
    r"years?\b|months?\b|weeks?\b|days?\b|hours?\b|minutes?\b|mins?\b|pounds?\b|euros?\b|"
    r"dollars?\b|quid\b))"
)


class StreetAddressRecognizer:
    name = "regex.street_address.v1"
    labels = (labels.STREET_ADDRESS,)

    def find(self, text: str) -> list[Span]:
        spans = []
        # every street line holds a number (a house's, a box's): a text without a digit
        # has none to find, nor a Korean road address
        digits = DIGIT.search(text) is not None
        # an alternative that cannot match anywhere in the text changes no match
        address = (
            _ADDRESS if digits and _GERMANIC_STREET_NEED.search(text) else _ADDRESS_NOT_GERMANIC
        )
        for match in address.finditer(text) if digits else ():
            start, end = match.span()
            # the country's own order may reach further than the generic parts did,
            # from the street line or from where those parts stopped
            end = max(tail_end(text, at) for at in {match.end("street"), end})
            end = _trim_tail(text, start, end)
            unit = _UNIT_BEFORE.search(text, max(0, start - 40), start)
            if unit is not None:
                start = unit.start()  # "Flat 3, 41 Lorimer Road": the flat is the address too
            if end - start >= 6:
                spans.append(Span(start, end, labels.STREET_ADDRESS, 0.8, self.name))
        for match in _FLAT_ALONE.finditer(text) if digits else ():
            # "the guy in flat 5B", "I'm in flat 12": a home's number in its building,
            # the address's last line, said on its own
            spans.append(Span(*match.span(), labels.STREET_ADDRESS, 0.8, self.name))
        han = digits and not text.isascii()
        korean = _KOREAN_ROAD_ADDRESS.finditer(text) if han else ()
        japanese = _JAPANESE_ADDRESS.finditer(text) if han else ()
        hong_kong = _HONG_KONG_FLAT.finditer(text) if han else ()
        hebrew = _HEBREW_STREET.finditer(text) if digits and ("רח" in text or "שד" in text) else ()
        turkish = (
            _TURKISH_STREET.finditer(text)
            if digits and any(w in text for w in ("Cad", "Sok", "Sk.", "Bulv", "Blv"))
            else ()
        )
        runs = (*address_runs(text), *lines_before_tails(text)) if digits else ()
        for start, end in (
            *marked_heads(text),
            *runs,
            *(m.span() for found in (korean, japanese, turkish) for m in found),
            *(m.span("street") for m in hebrew),
            *(m.span("flat") for m in hong_kong),
        ):
            spans.append(Span(start, end, labels.STREET_ADDRESS, 0.8, self.name))
        # one span for each address that street lines and runs of parts both found
        return union_same_label(spans)


def _trim_tail(text: str, start: int, end: int) -> int:
    """Drop trailing parts that are ordinary words ("Thanks", "Please") and punctuation."""
    while True:
        address = text[start:end]
        cut = max(address.rfind(","), address.rfind("\n"))
        if cut <= 0:
            break
        last = address[cut + 1 :].strip(" \t,>").split()
        if last and last[0].lower().strip(".") in _NOT_PLACES:
            end = start + cut
            continue
        break
    while end > start and text[end - 1] in " \t\n,>.":
        end -= 1
    if _ABBREVIATION_END.search(text, start, end) and text[end : end + 1] == ".":
        end += 1  # "2.º Esq.", "Apt.": the abbreviation's full stop is its own
    return end


_ABBREVIATION_END = regex.compile(
    # (a unit's or a floor's, not a street type's: "12 Elm St." may end the sentence)
    r"(?<![\p{L}])(?:Esq|Dto|Dta|Drt|Izq|Izda|Dcha|Drcha|Fte|Apt|Ste|Bldg|Fl|Rm|Dept|Whg|"
    r"Appt|Bl)$"
)


register("regex.street_address.v1")(StreetAddressRecognizer)
