"""Names of institutions, by the way English forms them: capitalised words closed by a
head noun that says what kind of place it is ("Sunnyside Elementary", "St. Brigid's
Parish", "Hokuriku Language Academy", "Tidewater Freight Ltd").

The small NER model misses or splits such names when the words before the head are
made up, which is what the names of schools, clinics, clubs and firms in people's lives
are. The head nouns are English's own words for kinds of institution
(:data:`INSTITUTION_HEADS`), shared with the public/private decision, which also reads a
name's head to tell a school from a person.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache

from veil.rules import geography, knowledge, labels, locatives, truecase
from veil.rules import lazy_regex as regex
from veil.rules.code_context import code_map
from veil.rules.pattern import (
    KOREAN_PARTICLES,
    SINCE,
    WORK_VERBS_ABROAD,
    alternatives,
    may_contain,
    needles,
)
from veil.rules.registry import register
from veil.rules.spans import Span

# German writes an institution's kind as the last part of a compound: first, with its
# name after it ("Physiopraxis Bewegungsraum", "Tierarztpraxis Dr. Lange"), or as the name
# itself, after whom or what it is named ("Goetheschule", "Humboldt-Gymnasium"; not
# "Grundschule", primary school, whose first part is an ordinary word).
_GERMAN_KINDS = (
    r"praxis|klinikum|klinik|krankenhaus|schule|gymnasium|apotheke|kanzlei|kita|bäckerei|zentrum"
)
_GERMAN_COMPOUND = regex.compile(
    rf"(?<![\p{{L}}\-])\p{{Lu}}\p{{Ll}}{{2,}}(?:{_GERMAN_KINDS})"
    r"(?P<name>[ \t]+(?:Dr\.[ \t]+)?\p{Lu}[\p{L}\-]+(?:[ \t]+\p{Lu}[\p{L}\-]+){0,2})"
    rf"|(?<![\p{{L}}\-])(?P<namesake>\p{{Lu}}\p{{Ll}}{{2,}}?)-?(?i:{_GERMAN_KINDS})(?![\p{{L}}])"
)
_GERMAN_NEEDLES = needles(*alternatives(_GERMAN_KINDS), ignore_case=True)


# A farm by the words English names one with, closing its name ("Glebe Farm", "Double J
# Ranch"), and by those of languages that put the word first ("Fazenda Boa Vista",
# "Gospodarstwo Rolne Nowak"); the decision reads both as places people live and work on.
FARM_HEADS_LAST = ("farm", "farms", "ranch", "homestead", "smallholding")
FARM_HEADS_FIRST = (
    "Gospodarstwo", "Finca", "Granja", "Cortijo", "Rancho", "Fazenda", "Sítio", "Herdade",
    "Cascina", "Podere", "Masseria", "Boerderij", "Ferme",
)  # fmt: skip

# Nouns that close an institution's name in English: schools, care, worship, clubs,
# trades and company forms.
INSTITUTION_HEADS = (
    r"school|grammar|elementary|academy|college|university|institute|kindergarten|nursery|"
    r"daycare|preschool|montessori|clinic|hospital|surgery|dentistry|dental|practice|physio|"
    r"physiotherapy|chiropractic|pharmacy|hospice|centre|center|church|parish|chapel|"
    r"cathedral|mosque|masjid|temple|synagogue|gurdwara|club|society|association|"
    r"foundation|library|co-?op|cooperative|kitchen|bakery|cafe|café|restaurant|bistro|"
    r"diner|pub|salon|barbers?|gym|studio|studios|garage|motors|tiles|plumbing|electrical|"
    r"builders|construction|logistics|freight|haulage|consulting|consultancy|solutions|"
    r"management|properties|lettings|realty|estates|agency|insurance|tech|technologies|"
    r"software|legal|solicitors|accountants|medical|health|care|counselling|counseling|"
    r"therapy|therapies|wellness|fitness|beauty|nails|veterinary|vets|opticians|"
    r"orthodontics|podiatry|osteopathy|acupuncture|tutoring|tuition|childcare|cleaning|"
    r"removals|roofing|landscaping|catering|printing|chemists?|mutual|wealth|"
    rf"{'|'.join(FARM_HEADS_LAST)}|"
    # East Africa's savings and credit co-operatives ("Gatanga Tea Growers Sacco")
    r"sacco|co-operative|"
    # the arts' companies, groups and shops ("Threadbare Theatre", "Cragg Vale Community
    # Choir", "Nolan's Bookshop")
    r"theatre|theater|choir|chorale|orchestra|ensemble|gallery|bookshop|bookstore|shop|"
    r"architects|architecture|engineering|engineers|surveyors|joinery|carpentry|"
    r"repairs|decorators|electricians|plumbers|interiors|brewery|winery|distillery|tavern|"
    r"inn|hotel|guesthouse|hostel|pizzeria|takeaway|patisserie|butchers|florists?|boutique|"
    r"deli|tearooms?|accounting|bookkeeping|primary|infants|juniors|jfc|afc|rfc|"
    r"services|systems|partners|associates|group|holdings|analytics|labs|ltd|llc|llp|inc|"
    r"plc|gmbh|pty|jsc|sons|bros|bank|trust|(?<=credit\s)union|(?-i:Co)|"
    # company forms of other countries, written after the name as in English
    r"oy|oyj|ab|aps|kft|zrt|bv|nv|srl|sarl|sas|spa|ltda|sp\.[ \t]z[ \t]o\.o|s\.r\.o|a\.s|"
    # Polish civil and general partnerships, Italian, Spanish, Portuguese, French, German,
    # Dutch, Turkish and Greek forms ("Bilans-Plus s.c.", "Zanetti snc", "Kläbe KG")
    r"s\.c|sp\.[ \t]?j|sp\.[ \t]?k|snc|s\.n\.c|s\.a\.s|sapa|s\.l|slu|lda|sasu|eurl|"
    r"(?-i:SA|SL|SCI|KG|UG|OHG|GbR|VOF)|e\.k|e\.v|a\.ş|şti|ike|ε\.π\.ε|ο\.ε|α\.ε|tnhh|"
    # Hungarian limited and general partnerships ("Kovács és Társa Bt.", "Nagy Kkt.")
    r"(?-i:Bt|Kkt|Nyrt)|"
    # trades named last in southern African and Indian English ("Ikhwezi General Dealer")
    r"dealers?|traders|trading|enterprises|stores|hardware|spares|supplies"
)
# one institution head as a word ("Ltd.", "clinic")
HEAD_WORD = regex.compile(rf"(?:{INSTITUTION_HEADS})\.?", regex.IGNORECASE)
# company forms, which are written in lower case as often ("Bilans-Plus s.c.", "Rossi snc")
_FORM_END = regex.compile(
    r"[ \t](?:s\.c|sp\.[ \t]?[jk]|snc|s\.n\.c|s\.a\.s|s\.l|sp\.[ \t]z[ \t]o\.o|s\.r\.o|a\.s|e\.k|"
    # (not "ab", "inc", "spa": "Oslo ab initio", "the Hilton spa")
    r"e\.v|ltd|llc|gmbh|srl|sarl|lda|ltda)\.?$",
    regex.IGNORECASE,  # "Softwerk Sp. z o.o." as often as "sp. z o.o."
)
# a capitalised word; a full stop only after a short abbreviation ("St.", "Mt.") or a
# firm's word for its owners ("Hnos.", brothers), never across a sentence's end ("in
# Toronto. Compare ...")
_WORD = r"(?:\p{Lu}[\p{L}\p{M}]{0,2}\.|(?:Hnos|Hno|Cía|Irmãos|Corp|Bros)\.|\p{Lu}[\p{L}\p{M}'’\-]*)"
# A pronoun's contraction opens the clause before a name: "We're Kingsway Chemist"
_CONTRACTION = r"(?i:we|i|you|they|he|she|it|that|there|here|who|what)['’]\p{L}{1,2}"
_NAME = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}@./])(?!{_CONTRACTION}[ \t])"
    rf"(?:{_WORD}[ \t]+){{1,4}}(?i:{INSTITUTION_HEADS})"
    # a full stop only closes an abbreviation ("Ltd."), not the sentence ("Hospital.")
    r"(?:(?<=(?i:ltd|inc|co|bros|llc|llp|plc|pty|jsc|bt|kft|zrt|nyrt|kkt|"
    r"sp\.[ \t]z[ \t]o\.o|s\.r\.o|a\.s|s\.c|"
    r"s\.n\.c|s\.a\.s|s\.l|sp\.[ \t]?j|sp\.[ \t]?k|e\.k|e\.v|a\.ş|ε\.π\.ε|ο\.ε|α\.ε))\.)?"
    # not "University of Toronto": there the head opens the name, which NER reads well
    r"(?![\p{L}\p{N}])(?![ \t]+of[ \t]+\p{Lu})"
)
_GREEK_HEADS = (
    r"Σχολείο|Δημοτικό|Γυμνάσιο|Λύκειο|Νηπιαγωγείο|Παιδικός Σταθμός|Φροντιστήριο|Ωδείο|"
    r"Πανεπιστήμιο|Ινστιτούτο|Νοσοκομείο|Κλινική|Ιατρείο|Οδοντιατρείο|Φαρμακείο|Μουσείο|"
    r"Τράπεζα|Εταιρεία|Σύλλογος|Ταβέρνα|Αρτοποιείο|Φούρνος|Συνεργείο|Λογιστικό Γραφείο"
)
# Languages that put the head first ("Padaria Pão de Mel", "Escola Estadual Dom Pedro",
# "Poliklinika Hněvotín", "Biuro Rachunkowe Wróbel i Syn") or attach it last as a suffix
# ("Şifa Göğüs Hastalıkları Polikliniği"): the same kinds of place in Spanish, Portuguese,
# French, Italian, Polish, Czech, German and Turkish.
_HEADS_FIRST = (
    r"Escuela|Colegio|Instituto|Universidad|Clínica|Farmacia|Iglesia|Parroquia|Panadería|"
    r"Consultorio|Taller|Escola|Colégio|Universidade|Farmácia|Igreja|Paróquia|Padaria|"
    r"Consultório|Oficina|École|Lycée|Collège|Université|Clinique|Pharmacie|Église|Paroisse|"
    r"Boulangerie|Cabinet|Scuola|Liceo|Istituto|Università|Clinica|Ospedale|Chiesa|"
    r"Parrocchia|Panetteria|Szkoła|Przychodnia|Apteka|Parafia|Kościół|Piekarnia|Biuro|"
    r"Zakład|Poliklinika|Škola|Nemocnice|Lékárna|Ordinace|Praxis|Grundschule|Gymnasium|"
    r"Klinik|Apotheke|Bäckerei|Kita|"
    # trades and schools (not the words for a company in general, which precede famous
    # names as often: "la empresa Inditex", "die Firma Porsche")
    r"Szkoły|Szkole|Szkołę|Przedszkole|Przedszkola|Liceum|Technikum|Maquiladora|Fábrica|"
    r"Tienda|Constructora|Distribuidora|Ferretería|Carnicería|Pastelería|Doceria|Loja|"
    # Spanish and Portuguese offices, labs and insurers ("Seguros Almena", "Contábil Serra
    # Verde", "Laboratorio GeoSed"), and Chile's family health centres ("Cesfam Villa ...")
    r"Seguros|Aseguradora|Asesoría|Gestoría|Inmobiliaria|Imobiliária|Laboratorio|"
    r"Laboratório|Contábil|Contabilidade|Escritório|Despacho|Notaría|Cartório|Cesfam|"
    r"Construtora|Mercearia|Confeitaria|Lanchonete|Livraria|Drogaria|IUT|Boucherie|"
    r"Pâtisserie|Librairie|Crèche|Pasticceria|Macelleria|Officina|Hausverwaltung|Metzgerei|"
    r"Autohaus|Kanzlei|Steuerberatung|Zahnarztpraxis|Installatiebedrijf|Bakkerij|Slagerij|"
    r"Tandartspraktijk|Huisartsenpraktijk|Basisschool|Schronisko|Shule|Hospitali|Zahanati|"
    r"Kanisa|Msikiti|Duka|Chuo|Kliniki|Kampuni|"
    # Indonesian: a limited company, shop, workshop, pharmacy, schools, hospital, clinic,
    # foundation, cooperative ("PT Sinar Abadi Kemasan", "Toko Bangunan Jaya")
    r"PT|Toko|Warung|Bengkel|Apotek|Sekolah|Rumah Sakit|RS|RSUD|RSIA|Puskesmas|"
    r"Universitas|Yayasan|Koperasi|"
    # ... a restaurant, a home kitchen's business, a stall; state schools by level
    # ("SMP Negeri 3 Magelang", "SDN 2 Bantul")
    r"Rumah Makan|Dapur|Kedai|SDN|SMP|SMPN|SMA|SMAN|SMK|SMKN|MTsN|"
    # a family's firm, by its brothers or sons ("Fratelli Bonomi", "Hermanos Ruiz",
    # "Gebrüder Lang"), and French firms by their trade ("Transports Variot", "Ets Morel")
    r"Fratelli|Hermanos|Irmãos|Gebrüder|Frères|Transports|Établissements|Ets|"
    r"Menuiserie|Plomberie|Imprimerie|Maçonnerie|Carrosserie|"
    # farms as their languages name them (a Polish one in the genitive too, and a farm's
    # guesthouse), and the forms French farms and firms put first ("GAEC des Trois
    # Sapins", "SCI Les Tilleuls")
    rf"{'|'.join(FARM_HEADS_FIRST)}|Gospodarstwa|Agriturismo|GAEC|EARL|SCEA|SCI|SARL|EURL|"
    # Italian, Swedish and Polish trades and offices, Polish with its cases ("w Drukarni
    # Orzeł", "do Urzędu Skarbowego w Pruszkowie")
    r"Ferramenta|Tabaccheria|Trattoria|Osteria|Alimentari|Ambulatorio|Bageri|Konditori|"
    r"Drukarnia|Drukarni|Hurtownia|Hurtowni|Sklep|Sklepu|Warsztat|Warsztacie|Kancelaria|"
    r"Kancelarii|Gabinet|Gabinecie|Urząd|Urzędu|Urzędzie|Piekarni|Apteki|Przychodni|"
    # Vietnamese: school, primary, lower and upper secondary, university, college,
    # hospital, clinic, company, pharmacy, kindergarten
    r"Trường|Tiểu học|Trung học cơ sở|Trung học phổ thông|THCS|THPT|Đại học|Cao đẳng|"
    r"Bệnh viện|Phòng khám|Công ty|Nhà thuốc|Mầm non|"
    # Czech schools and clinics as abbreviated and declined ("ZŠ Komenského", "na
    # Poliklinice Třebíč"); Dutch primary schools by kind ("OBS De Regenboog")
    r"ZŠ|SŠ|MŠ|ZUŠ|SPŠ|Gymnázium|Gymnáziu|Poliklinice|Polikliniky|Nemocnici|Nemocnice|"
    r"OBS|CBS|PCBS|RKBS|KBS|SBO|"
    # Swedish, Norwegian and Danish, which put the head first with its article
    # ("Vårdcentralen Gripen", "Förskolan Solrosen", "Legesenteret Nordby")
    r"Vårdcentralen|Vårdcentral|Förskolan|Apoteket|Folktandvården|Tandläkarna|Sjukhuset|"
    r"Legesenteret|Legekontoret|Barnehagen|Tannlegene|Lægehuset|Børnehaven|Vuggestuen|"
    r"Tandlægerne|Bageriet|Konditoriet|"
    # Tagalog shops and eateries, named for their owner ("Tindahan ni Melda")
    r"Tindahan|Karinderya|Botika|Panaderya|Kainan|"
    # Greek schools, clinics, museums, banks and firms, with a town or a name in the
    # genitive after them ("Γυμνάσιο Ρεθύμνου", "Πανεπιστήμιο Κρήτης")
    rf"{_GREEK_HEADS}|"
    # schools and practices are named after a lower-case head in running text too ("à
    # l'école Jean-Moulin", "no colégio Santa Clara", "au cabinet médical des Tilleuls")
    r"école|collège|lycée|escuela|colegio|escola|colégio|scuola|liceo|cabinet médical|"
    r"cabinet dentaire|clinique|pharmacie|clínica|farmacia|consultorio|clinica|farmácia|"
    r"carrozzeria|officina|panetteria|ferramenta|boulangerie|padaria"
)
# What Slavic school names carry after their words: a number and a patron ("Szkoła
# Podstawowa nr 2 im. Jana Pawła II w Łasku", "школа № 5 имени Пушкина").
_NUMBER_AND_PATRON = (
    r"(?:[ \t]+(?:nr|№|No\.?)[ \t]*\d{1,4})?"
    rf"(?:[ \t]+(?:im\.|imienia|им\.|имени)(?:[ \t]+{_WORD}){{1,4}}(?:[ \t]+[IVX]{{1,4}}\b)?)?"
    rf"(?:[ \t]+w[ \t]+{_WORD})?"
)
_HEADS_LAST = (
    # Greek, after an adjective or a name ("Βρετανικό Μουσείο", "Φροντιστήριο Παπαδάκη"
    # is the head first)
    rf"{_GREEK_HEADS}|"
    r"Hastanesi|Polikliniği|Kliniği|Okulu|Ortaokulu|İlkokulu|Anaokulu|Lisesi|Koleji|"
    # Turkish firms close on their trade ("Pusula Dijital", "Kaya İnşaat", "Ege Lojistik")
    r"Dijital|Yazılım|Danışmanlık|Reklam|Ajans|Lojistik|İnşaat|Turizm|Gıda|Tekstil|"
    r"Ticaret|Mimarlık|Mühendislik|Otomotiv|"
    # Nordic sports clubs by their form ("Lillsjöns IF", "Kalmar FF", "Visby IK")
    r"IF|IK|BK|FF|SK|GIF|IFK|"
    # English clubs by the words of their names ("Coolock Celtic", "Hollins Park Rangers",
    # "Calder Valley Harriers")
    r"Rangers|Rovers|Wanderers|Athletic|Celtic|Colts|Harriers|Striders|Swifts|Albion|"
    r"Dynamos|Strollers|"
    r"Üniversitesi|Eczanesi|Camii|Fırını|Bankası|Derneği|"
    # German firms close on their trade ("Brandauer Haustechnik", "Kaya Gebäudereinigung")
    r"Haustechnik|Elektrotechnik|Gebäudetechnik|Heizungsbau|Gebäudereinigung|Hochbau|"
    r"Tiefbau|Dachdeckerei|Malerbetrieb|Sanitär|Immobilien|Hausverwaltungen|Transporte|"
    r"Steuerberatung|Fahrschule|"
    r"Grundschule|Gymnasium|Klinik|Praxis|Apotheke|Bäckerei|Kita|Verlag|Druckerei|"
    # and after a name in the genitive, lower case ("Ekbackens skola", "Sagenes skole")
    r"skola|skole|förskola|barnehage|børnehave|vårdcentral|legesenter|kyrka|kirke|"
    # and a Nordic university or college after its town ("Uppsala universitet"), which
    # a definite adjective may come between ("Luleå tekniska universitet")
    r"universitet|högskola|högskolan|høgskole|høgskolen"
)
_JOINER = (
    r"(?:de|da|do|dos|das|del|della|di|du|des|la|le|am|im|zum|zur|i|e|y|et|und|van|von|der|"
    r"den|ter|ten|ya|wa|cha|vya|za|ni|&|St\.?)"
)
# German and Dutch name a workshop or a trade's firm by the suffix "-erei"/"-erij"
# ("Schreinerei Bachmann & Söhne", "Drukkerij Van Dam"), which no list need spell out.
_TRADE_SUFFIX = r"\p{Lu}\p{Ll}{2,}(?:erei|erij)"
# Each of the next two needs one of its heads: most texts have none, and substring tests
# spare the patterns' tries from every word.
_HEADS_FIRST_NEEDLES = needles(*alternatives(_HEADS_FIRST), "erei", "erij", ignore_case=False)
_HEADS_LAST_NEEDLES = needles(*alternatives(_HEADS_LAST), ignore_case=False)
# The Romance languages put a school's level or status after its head: "l'école
# élémentaire des Tilleuls", "la escuela primaria Miguel Hernández", "a escola estadual X".
_KIND_ADJECTIVE = (
    r"(?:élémentaire|primaire|maternelle|publique|privée|primaria|secundaria|infantil|"
    r"pública|público|concertado|concertada|privado|privada|elementare|media|materna|"
    r"statale|paritaria|primária|estadual|municipal|particular|"
    # a clinic's or a practice's kind ("Clinique médicale du Vieux-Moulin", "Clínica
    # dental Sonríe")
    r"médicale|médical|dentaire|vétérinaire|médica|médico|medica|medico|dental|"
    r"veterinaria|veterinária|veterinário|veterinario|odontológica|familiale)"
)
_HEAD_FIRST_NAME = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}])(?:{_HEADS_FIRST}|{_TRADE_SUFFIX})(?:[ \t]+{_KIND_ADJECTIVE})?"
    # (a number may stand among the words: "SMP Negeri 3 Magelang")
    rf"(?:[ \t]+(?:{_JOINER}[ \t]+)?(?:{_WORD}|\d{{1,3}}(?=[ \t]+\p{{Lu}}))){{1,4}}"
    rf"{_NUMBER_AND_PATRON}(?![\p{{L}}\p{{N}}])"
)
_HEAD_LAST_NAME = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}])(?:{_WORD}[ \t]+){{1,4}}(?:\p{{Ll}}{{3,}}a[ \t]+)?"
    rf"(?:{_HEADS_LAST})(?![\p{{L}}\p{{N}}])"
)
# Company forms written before a quoted name in Russian, Ukrainian and Kazakh registers:
# ООО «Северный Ветер», ИП «Иванов», ТОВ "Світанок"; and the owners' and tenants'
# associations and housing offices of blocks of flats ("ОСББ «Липки-7»").
_CYRILLIC_FORMS = (
    r"ООО|ОАО|ЗАО|ПАО|АО|НКО|ИП|ТОВ|ПП|ПрАТ|ТОО|ОСББ|ОСМД|ЖЭУ|ЖЭК|ЖКХ|ТСЖ|ТСН|ЖСК|УК|"
    # state and municipal bodies: clinics, schools, nurseries, utilities ("ГБУЗ
    # «Городская поликлиника №3»", "МБОУ «СОШ №5»", "КНП «Міська лікарня»")
    r"ГБУЗ|ГАУЗ|ГБОУ|МБОУ|МАОУ|МБДОУ|МАДОУ|ФГБУ|ФГБОУ|ГКУ|МУП|ГУП|АНО|ЧОУ|КНП|КП|ФОП"
)
_QUOTED_COMPANY = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}])(?:{_CYRILLIC_FORMS}"
    # a kind of place with its name in quotes, after an adjective or not ("медичний
    # центр «Надія»", "клиника «Здоровье»")
    r"|(?:\p{Ll}+(?:ий|ый|ой|ий|на|ная|ний|ня|ую|ой|ей)[ \t]+)?(?i:центр|клініка|клиника|клинику|"
    r"клинике|клініку|компанія|компания|компанию|компании|компанії|компанію|магазин|кафе|"
    r"ресторан|салон|аптека|аптеку|студія|студия|садок|сад|школа|школу|школе|ліцей|лицей|"
    r"гімназія|гимназия))[ \t]*"
    r"(?:«[^»\n]{1,60}»|\"[^\"\n]{1,60}\"|„[^“”\n]{1,60}[“”])"
)
# A kind of institution and then its name in quotes, as most languages but English write
# a small firm's, a clinic's or a school's name ("przychodni „Medyk”", "Praxis „Am
# Wall”", "la tienda «El Sol»", "物流会社「丸岡ロジテック」", "茶馆叫“听雨轩”"): the
# kind's word in any of its case forms, then the quotes.
_KIND_STEMS = (
    # Polish, Czech
    r"przychodni|klinik|szkoł|szkol|przedszkol|firm|sklep|kawiarni|restauracj|salon|aptek|"
    r"gabinet|centrum|pracowni|piekarni|hotel|pensjonat|biur|warsztat|ordinac|škol|"
    # German, Dutch, Scandinavian
    r"praxis|klinik|schule|kita|firma|laden|café|cafe|restaurant|apotheke|studio|bäckerei|"
    r"kanzlei|pension|verein|gaststätte|kneipe|bakkerij|winkel|bedrijf|zaak|school|kliniek|"
    r"apotek|butik|bageri|restaurang|skola|förskola|barnehage|"
    # Spanish, Portuguese, Italian, French
    r"clínica|escuela|colegio|tienda|restaurante|cafetería|panadería|farmacia|empresa|"
    r"academia|consultorio|taller|loja|escola|padaria|farmácia|oficina|creche|"
    r"clinica|scuola|negozio|ristorante|pizzeria|azienda|ditta|palestra|asilo|"
    r"clinique|école|boutique|boulangerie|entreprise|société|cabinet|pharmacie|crèche|"
    # Russian, Ukrainian
    r"стоматологи|клиник|клінік|поликлиник|полікліні|больниц|лікарн|школ|гимнази|гімназі|"
    r"садик|садочк|компани|компані|фирм|фірм|магазин|кафе|ресторан|салон|аптек|студи|"
    r"студі|центр|агентств|агенці|бюро|ателье|мастерск|автосервис|пекарн|кофейн|отел|"
    r"гостиниц|санатори|пансионат"
)
_QUOTED_NAME_AFTER_KIND = regex.compile(
    rf"(?<![\p{{L}}])(?i:{_KIND_STEMS})\p{{Ll}}{{0,4}}[ \t]*"
    # (or "is called" between: "фирма называется «X»", "la empresa se llama «X»", "die
    # Firma heißt „X“"; then the name alone is the firm's, the verb the sentence's)
    r"(?P<called>(?i:(?:que|qui|che|die|das|der|которая|которое|который|яка|який|яке)"
    r"[ \t]+)?(?i:называется|называлась|называлось|називається|називалася|se[ \t]+llama|"
    r"se[ \t]+chama|heißt|heisst|heet|s['’]appelle|si[ \t]+chiama|nazywa[ \t]+się)[ \t]*)?"
    r"(?P<name>«[^»\n]{2,60}»|„[^“”\n]{2,60}[“”]|“[^”\n]{2,60}”|\"[^\"\n]{2,60}\")"
)
_OPENING_QUOTES = ("«", "„", "“", '"')  # (most texts have none: the pattern is not tried)
_CJK_KINDS = (
    r"会社|事務所|病院|医院|クリニック|学校|保育園|幼稚園|店|カフェ|サロン|工房|塾|教室|食堂|"
    r"居酒屋|書店|商店|公司|诊所|幼儿园|茶馆|餐厅|饭店|工作室|叫|名叫|叫做|"
    # (a supplier, a factory; and Chinese's classifier for a business, "那家“X”", that X)
    r"供应商|厂|家"
)
_CJK_QUOTED_AFTER_KIND = regex.compile(
    rf"(?:{_CJK_KINDS})(?:「[^」\n]{{2,30}}」|『[^』\n]{{2,30}}』|“[^”\n]{{2,30}}”|\"[^\"\n]{{2,30}}\")"
)
# Korean says "called" after the quoted name: "'달빛공방'이라는 캔들 공방" (a candle
# workshop called X), a name brought in as one of a kind
_KOREAN_QUOTED_CALLED = regex.compile(
    r"(?<=['‘\"“])\p{Hangul}[\p{Hangul}\d \t]{1,20}(?=['’\"”](?:이)?라는)"
)
# the validator of names brought in as one of a kind, quoted as called or described
INTRODUCED_AS_ONE_OF_A_KIND = "introduced as one of a kind"
# A name and, in apposition, what it is, with its kind last: "Little Sprout Refill, a
# zero-waste refill shop at ...", "Pebble & Fern, the little plant shop on ...": the writer
# says what the reader cannot know
_DESCRIBED_AS_A_KIND = regex.compile(
    # (not a pronoun's contraction before it: "We're X, a spice shop")
    rf"(?<![\p{{L}}\p{{M}}'’&])(?!(?:We|I|You|They|He|She|It)['’]\p{{L}})(?P<name>{_WORD}"
    rf"(?:[ \t]+(?:{_WORD}|&|on|of|the|and|de|du|la)){{0,4}}(?<=[\p{{L}}\p{{M}}])),"
    # (the kind is the description's head, not a word after "of": "Janelle Voss, our VP of
    # Member Services" is a person)
    r"[ \t]+(?:a|an|the|our|my)[ \t]+(?:(?!of\b)[\p{L}\-]+[ \t]+){0,3}?"
    r"(?P<kind>\p{L}+)(?=[ \t]+(?:at|on|in|near|off|by)\b|[ \t]*[,.;)])"
)
_BUSINESS_WORD = regex.compile(
    r"shop|store|firm|company|business|startup|outfit|stall|workshop|venue|bar|cafe|café", regex.I
)
# "Ops Lead @ Quokka Parcel | ex-Amazon": the name after a spaced "@" in a bio or a
# headline, up to the next separator.
_AFTER_AT_SIGN = regex.compile(
    rf"(?<=[\p{{L}}\p{{N}}.)][ \t]+@[ \t]+){_WORD}(?:[ \t]+(?:{_WORD}|&))*{_WORD}?"
    r"(?=[ \t]*(?:[|,;•·/\n)]|$))"
)
# Scripts without capitals: the kinds of institution as Chinese, Japanese and Korean
# write them at a name's end ("博瑞精密模具有限公司", "해오름초등학교"), as Arabic writes
# them first ("جامعة اليرموك") and as Hindi writes them last ("श्री गणेश ट्रेडर्स").
_HAN_HEADS = (
    r"有限公司|股份公司|公司|集团|小学|中学|大学|学院|学校|幼儿园|医院|诊所|银行|面馆|餐馆|"
    r"饭店|酒店|教会|会社|病院|学園|銀行|幼稚園|商店|"
    # the words Japanese firms' names end in, in the forms only Japanese writes
    r"精工|工業|商事|電機|製作所|産業|物産|商会|技研|建設|不動産|"
    # ... and Chinese firms' names, short of their "有限公司" ("鹏程智联科技", "东港物流")
    r"(?<![高黑新])科技|物流|贸易|貿易|工作室|传媒|傳媒"
)
# East Slavic institutions by their town's or their field's adjective and their kind,
# lower-case words between ("Вінницький торговельно-економічний інститут", "Тверская
# областная больница"), in any case.
_ADJECTIVE_AND_KIND = regex.compile(
    r"(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+(?:ський|цький|зький|ська|цька|зька|ського|ської|ському|"
    r"ським|ский|цкий|ская|цкая|ского|ской|скому|ским|ный|ная|ного|ной|ний|ня|нього|ньої)"
    r"(?:[ \t]+\p{Ll}[\p{Ll}\-]+){0,3}[ \t]+"
    r"(?:інститут|університет|коледж|ліцей|технікум|академі[яїю]|лікарн[яіюе]|госпіталь|"
    r"поліклінік[аиіу]|банк|завод|комбінат|институт|университет|колледж|лицей|техникум|"
    r"академи[яиюей]|больниц[аыеу]|госпиталь|поликлиник[аиеу]|комбинат)"
    r"(?:у|а|ом|і|е|ів|ов)?(?![\p{L}])"
)
# East Slavic schools by number, with the adjective of their town ("Коломийського ліцею
# №3", "гимназии № 12").
_NUMBERED_SCHOOL = regex.compile(
    r"(?<![\p{L}\p{N}])(?:\p{Lu}\p{Ll}+(?:ського|ської|ский|ская|ского|ской|ський|ська)[ \t]+)?"
    r"(?i:ліцей|ліцею|ліцеї|гімназія|гімназії|школа|школи|школу|лицей|лицея|лицее|гимназия|"
    r"гимназии|школы|школе|садок|садочок|детский сад|"
    # numbered clinics and hospitals, in their cases ("в поликлинике № 3")
    r"поликлиника|поликлиники|поликлинике|поликлинику|больница|больницы|больнице|больницу|"
    r"поліклініка|поліклініки|поліклініці|лікарня|лікарні|лікарню)[ \t]*№[ \t]*\d{1,4}"
)
# Thai writes a school, a clinic, a hospital or a firm as its kind and then its name,
# with no space until the name ends ("โรงเรียนอนุบาลบ้านสวน", "คลินิกหมอวิชัย").
_THAI_HEADS = r"โรงเรียน|คลินิก|โรงพยาบาล|บริษัท|มหาวิทยาลัย|ร้าน|วิทยาลัย"
_THAI_NAME = regex.compile(rf"(?:{_THAI_HEADS})[\p{{Thai}}\p{{M}}]{{2,24}}")
_HAN_NAME = regex.compile(rf"([\p{{Han}}\p{{Katakana}}ー]{{2,10}}?(?:{_HAN_HEADS}))")
# what ends the words before a Chinese name: "在…的", "叫", "是", a comma
_HAN_BEFORE_NAME = regex.compile(r"[的叫是在于、，,：:「“\s]|^")
# a numeral or demonstrative and a measure word make a description: "一家小面馆" is "a
# small noodle shop", not a shop's name
_HAN_DESCRIPTION = regex.compile(r"[一两几这那每某][家个所间座]")
HANGUL_HEADS = (
    r"초등학교|중학교|고등학교|대학교|학교|병원|의원|회사|교회|은행|유치원|학원|어린이집|"
    r"산후조리원|요양원|약국|치과|한의원|미용실|정비소|세탁소|식당|빵집|사무소|법무법인|"
    # where weddings are held ("라온웨딩홀", "그랜드예식장")
    r"웨딩홀|예식장|컨벤션|"
    # a clinic by its department ("튼튼소아과", "밝은안과")
    r"소아과|내과|외과|안과|피부과|이비인후과|산부인과|정형외과|신경과|비뇨기과|"
    # the words small Korean firms' names end in ("한빛로지스", "한결정보기술"); not those
    # of the famous groups' firms ("삼성전자", "현대건설"), which no encyclopedia here
    # knows in Hangul
    r"정보기술|로지스|물류"
)
# (a care centre's or a daycare's name stands apart from its kind: "마미숲 산후조리원")
_HANGUL_SPACED_HEADS = r"산후조리원|어린이집|요양원|유치원"
_HANGUL_NAME = regex.compile(
    rf"(?<![\p{{L}}])(\p{{Hangul}}{{1,8}}(?:{HANGUL_HEADS})"
    rf"|\p{{Hangul}}{{2,8}}[ \t](?:{_HANGUL_SPACED_HEADS}))"
    rf"(?:{KOREAN_PARTICLES})?(?![\p{{L}}])"
)
# A Korean company by its legal form's abbreviation, written before or after its name:
# "(주)한빛센서텍", "㈜다온", "한빛센서텍(주)"; the form's name is the firm's, its particle
# is not ("(주)한빛센서텍에서"). (The form spelt out, "주식회사 X", is as often followed
# by a word about companies: "주식회사 설립".)
_KOREAN_FORM = r"\(주\)|㈜|\(유\)"
_HANGUL_FORM_NAME = regex.compile(
    rf"(?:{_KOREAN_FORM})(\p{{Hangul}}{{2,10}}?)(?:{KOREAN_PARTICLES})?(?![\p{{L}}])"
    rf"|(?<![\p{{L}}])(\p{{Hangul}}{{2,10}})(?:\(주\)|㈜)"
)
_KOREAN_FORM_ALONE = regex.compile(r"(?:주식|유한)회사")
_ARABIC_HEADS = (
    r"جامعة|مستشفى|شركة|مدرسة|بنك|مصرف|عيادة|عيادات|مجمع|مركز|مستوصف|صيدلية|مطعم|مؤسسة|كلية"
)
_ARABIC_NAME = regex.compile(
    rf"(?<![\p{{L}}])(?:{_ARABIC_HEADS})"
    # one word, and more only if they have the article ("جامعة اليرموك", "مجمع عيادات
    # الندى الطبي"; not "... ويريد", "and wants")
    r"[ \t]+(?!و)\p{Arabic}+(?:[ \t]+ال\p{Arabic}+){0,3}"
    # and what it is for, which a firm's name ends in ("… للتوريدات", for supplies)
    r"(?:[ \t]+لل\p{Arabic}+)?"
)
# Persian writes the kind first too, and the name often in guillemets ("خانه سالمندان
# «آرامش»", the Aramesh care home; "مهدکودک «گل‌های باغ»").
_PERSIAN_HEADS = (
    r"خانه[ \t]سالمندان|بیمارستان|مدرسه|دبستان|دبیرستان|دانشگاه|شرکت|کلینیک|داروخانه|"
    r"مهدکودک|مهد[ \t]کودک|درمانگاه|آموزشگاه|مطب|بانک"
)
_PERSIAN_NAME = regex.compile(rf"(?<![\p{{L}}])(?:{_PERSIAN_HEADS})[ \t]*«[^»\n]{{1,40}}»")
_DEVANAGARI_HEADS = (
    r"ट्रेडर्स|स्कूल|विद्यालय|अस्पताल|कंपनी|बैंक|स्टोर्स|एंटरप्राइजेज|क्लिनिक|"
    # the English kinds Hindi writes in its own letters ("जीवनदीप हॉस्पिटल", "शिवम नर्सिंग होम")
    r"हॉस्पिटल|नर्सिंग[ \t]+होम|कॉलेज|कॉन्वेंट|अकादमी|इंस्टीट्यूट|सेंटर|फार्मेसी|मेडिकल|होटल"
)
_DEVANAGARI_NAME = regex.compile(
    # (no postposition among the name's words: "लखनऊ के शिवम नर्सिंग होम" is Lucknow's)
    r"(?<![\p{L}\p{M}])(?:(?!(?:का|की|के|में|से|को|पर|ने)[ \t])[\p{Devanagari}\p{M}]+[ \t]+){1,3}"
    rf"(?:{_DEVANAGARI_HEADS})(?![\p{{L}}\p{{M}}])"
)
# Where one works or studies, in the languages whose small NER veil lacks: the name after
# "I work at" ("працюю в SoftServe", "trabajo en Grupo Lucero", "arbeite bei Kessler"),
# unless it is a town ("trabajo en Madrid"), which the places recognizer reads.
# The verb may take the job first ("lavoro come commessa da X", "trabajo de cajera en X"),
# and the first person of "to be" says it with the job alone ("sou engenheira na X",
# "je suis infirmière chez X", "jestem kelnerką w X").
_COPULA_FIRST_PERSON = r"sou|soy|suis|sono|ben|bin|jestem|jsem|är|er"
WORKPLACE_OF_WRITER = "workplace after a verb"  # the validator of those names
# The writers naming the group or firm they are, in English: "We're Red Rum Livery on Moss
# Lane", "we're the Kookaburra Kids, a three-piece": two or more capitalised words, then
# the clause goes on to where or what it is (not "we're Arsenal fans", a liking's noun)
_WE_ARE_NAMED = regex.compile(
    r"(?<![\w'’])(?i:we(?:'re|’re| are))[ \t]+(?:(?i:the)[ \t]+)?"
    r"(\p{Lu}[\p{L}\d'’\-]*(?:[ \t]+(?:&|and|of|\p{Lu}[\p{L}\d'’\-]*)){0,4}"
    r"[ \t]+\p{Lu}[\p{L}\d'’\-]*)"
    r"(?=[ \t]*(?:[,.;:!?)\n—–]|$)|[ \t]+(?:on|in|at|from|based|near|out)\b)"
)
_WE_ARE_NEEDLES = needles("we're", "we’re", "we are")


def _known_or_a_people(name: str) -> bool:
    """A name the encyclopedia has, a place, or a people ("We're New Yorkers")."""
    from veil.rules import compounds, notability

    return (
        knowledge.knowledge().is_known(name)
        or compounds.place_of(name) is not None
        or notability.is_language_or_nationality(name)
    )


# The pieces such a sentence is made of: the job named after the verb ("come commessa"),
# the article before the workplace, and the workplace's name (up to four capitalised
# words; the only group of the patterns below).
_JOB_AFTER_VERB = r"(?:[ \t]+(?i:come|como|comme|als|as|jako|som|de|da)[ \t]+\p{Ll}{3,})?"
_ARTICLE = r"(?:(?:el|la|le|l'|der|die|das|o|a)[ \t]+)?"
_WORKPLACE_NAME = r"(\p{Lu}[\p{L}\p{M}&'’\-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}&'’\-]*){0,3})"
_WORK_VERB_NEEDLES = needles(
    *alternatives(WORK_VERBS_ABROAD), *alternatives(_COPULA_FIRST_PERSON)
)  # (one in every match)
_WORKPLACE_AFTER_VERB = regex.compile(
    rf"(?<![\p{{L}}])(?:(?i:{WORK_VERBS_ABROAD})"
    rf"{_JOB_AFTER_VERB}"
    rf"|(?i:{_COPULA_FIRST_PERSON})[ \t]+\p{{Ll}}{{4,}})[ \t]+"
    r"(?i:en|bei|chez|presso|para|pour|per|für|voor|bij|na|no|w|we|в|у|на|på|hos|ved|ở|tại"
    # (Italian "da" is "at" after a verb of working only: "sono stanca da ..." is not)
    r"|(?<=(?i:lavoro|lavorato|lavoravo)[ \t]+(?:\p{Ll}+[ \t]+\p{Ll}+[ \t]+)?)da|di)[ \t]+"
    rf"{_ARTICLE}"
    rf"{_WORKPLACE_NAME}"
)
# A relative's or a friend's workplace, said in the third person in the languages above:
# "mio padre lavora per la Ferrero", "mi hermana trabaja en Bimbo", "mój dziadek przez
# 35 lat był maszynistą w PKP", "meine Mutter arbeitet bei Bosch". The writer's people
# work there, which says where the writer's life is as the first person does.
_THIRD_PERSON_WORK = (
    r"lavora|lavorava|lavorò|trabaja|trabajaba|trabajó|trabalha|trabalhava|trabalhou|"
    r"travaille|travaillait|arbeitet|arbeitete|werkt|werkte|pracuje|pracował|pracowała|"
    r"работает|работал|работала|працює|працював|працювала|arbetar|arbetade|jobbar|jobbade"
)
_THIRD_PERSON_COPULA = r"był|była|jest|era|fue|es|foi|é|était|est|war|ist|был|была|був|була"
_POSSESSIVES_ABROAD = (
    r"mi|mis|mio|mia|miei|mie|mon|ma|mes|mein|meine|meinem|meiner|meu|minha|meus|minhas|"
    r"mijn|onze|nuestro|nuestra|nostro|nostra|notre|nos|unser|unsere|nosso|nossa"
)
_THIRD_PERSON_NEEDLES = needles(
    *alternatives(_THIRD_PERSON_WORK), *alternatives(_THIRD_PERSON_COPULA)
)


_THIRD_PERSON_WORKPLACE = regex.compile(
    rf"(?<![\p{{L}}])(?:(?i:{_THIRD_PERSON_WORK})"
    rf"{_JOB_AFTER_VERB}"
    rf"|(?i:{_THIRD_PERSON_COPULA})[ \t]+\p{{Ll}}{{4,}})[ \t]+"
    r"(?i:en|bei|chez|presso|para|pour|per|für|voor|bij|na|no|w|we|в|у|на|på|hos)[ \t]+"
    rf"{_ARTICLE}"
    rf"{_WORKPLACE_NAME}"
)
# A clause's own subject is looked for this far before its verb; these languages drop a
# subject the text named before ("Il mio bisnonno ... partì da Napoli. Poi lavorò per X"),
# which is looked for this far back when the verb's sentence names no one before it.
_SUBJECT_REACH = 100
_EARLIER_SUBJECT_REACH = 300
_SENTENCE_END = regex.compile(r"[.!?\n]")
_SENTENCE_START = regex.compile(r"(?:^|[.!?\n])[ \t\"'«„(]*(?=[^.!?\n]*$)")
# A capitalised word that may be a clause's subject: not one a preposition governs ("w
# Rabce-Zdroju", "a New York").
_SUBJECT_LIKE_WORD = regex.compile(
    r"(?<![\p{L}\-'’])(?<!(?<![\p{L}])(?i:w|we|na|do|z|ze|od|en|a|in|di|da|de|per|del|della|"
    r"bei|im|nach|aus|von|zu|à|au|em|no|в|на|у|з|із|из|до)[ \t]+)\p{Lu}"
)


@cache
def _relative() -> regex.Pattern[str]:
    """The writer's relative, forebear or friend, as their possessive and noun say."""
    from veil.rules.pattern import RELATIONS
    from veil.rules.recognizers.names import OTHER_LANGUAGE_RELATIONS

    return regex.compile(
        rf"(?<![\p{{L}}])(?:(?i:{_POSSESSIVES_ABROAD}|mojego|mojej|mojemu)[ \t]+"
        rf"(?i:(?:bis|tris|pra|bisa|ur)?(?:{RELATIONS}))|(?i:{OTHER_LANGUAGE_RELATIONS}))"
        r"(?![\p{L}])"
    )


def _relatives_workplaces(text: str) -> Iterator[regex.Match[str]]:
    """Workplaces after a third person's verb whose subject is the writer's relative:
    in the verb's clause, or named earlier where the verb's sentence names no one."""
    for match in _THIRD_PERSON_WORKPLACE.finditer(text):
        start = match.start()
        clause = _relative().search(text, max(0, start - _SUBJECT_REACH), start)
        if clause is not None and not _SENTENCE_END.search(text, clause.end(), start):
            yield match
            continue
        sentence = _SENTENCE_START.search(text, max(0, start - _SUBJECT_REACH), start)
        opening = sentence.end() if sentence is not None else start
        words_before = text[opening:start]
        first_word = regex.match(r"\p{L}+", words_before)
        rest = words_before[first_word.end() :] if first_word else words_before
        if sentence is None or _SUBJECT_LIKE_WORD.search(rest):
            continue  # the sentence names its own subject
        if _relative().search(text, max(0, opening - _EARLIER_SUBJECT_REACH), opening):
            yield match


# An English verb of working, or "previously"/"formerly", then "at", "for" or "from" and a
# capitalised name: an employer, which the small NER model misses when it is short or an
# acronym ("previously at Accenture", "he retired from HAL"); and French "moi chez X" (me,
# at X). Left to the decision like NER's organisations (no validator: "many work at X" is
# no one's); not "works", which things do as often: "how magic works at Hogwarts").
_EMPLOYER_AFTER_VERB = regex.compile(
    r"(?<![\p{L}])(?:(?i:work|worked|working|employed|previously|formerly|retired|"
    r"retiring|interned|interning|volunteers?|volunteered|volunteering)[ \t]+"
    r"(?i:at|for|from|with)|(?i:moi[ \t]+chez))[ \t]+(?:(?i:the)[ \t]+)?"
    rf"{_WORKPLACE_NAME}"
)
_EMPLOYER_NEEDLES = needles("work", "employed", "previously", "formerly", "retir", "intern",
                            "volunteer", "chez")  # fmt: skip
# Russian and Ukrainian may put the verb last: "я сейчас в Яндексе работаю" (I now at
# Yandex work), "вона в Приватбанку працювала"
_WORKPLACE_BEFORE_VERB = regex.compile(
    r"(?<![\p{L}])(?:в|во|на|у)[ \t]+"
    r"(\p{Lu}[\p{L}\p{M}&'’\-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}&'’\-]*){0,2})"
    r"[ \t]+(?:(?:сейчас|теперь|зараз|уже|вже|давно)[ \t]+)?"
    # (the first person, or the past: "как в России работает вычет" is how a rule works)
    r"(?:работаю|работал|работала|работали|работаем|працюю|працював|працювала|працюємо)"
    r"(?![\p{L}])"
)
# Chinese puts where one works or studies between 在 and the verb: "我在腾讯上班" (I at
# Tencent work), "她在华山医院实习" (a town there is the places recognizer's).
HAN_WORK_VERB = r"上班|工作|实习|任职|打工|读书|上学|念书|读研|读博"
# Japanese writes the company form before the name as often as after it ("株式会社ミナト
# デザイン"); a university's department follows its name ("复旦大学中文系").
_COMPANY_FORM_FIRST = regex.compile(
    r"(?:株式会社|有限会社|合同会社)[\p{Katakana}\p{Han}ー・]{2,12}"
)
_DEPARTMENT_AFTER = regex.compile(r"\p{Han}{1,6}?(?:系|学院|研究所|研究生院)")
_HAN_WORKPLACE = regex.compile(rf"在(\p{{Han}}{{2,8}}?)(?:{HAN_WORK_VERB})")
# "Our company is (<town>'s) X" and "our school is called X": the name after the copula,
# up to the clause's end ("我們公司是台中的宏昇精密，做機械零件的").
_HAN_OWN_NAMED = regex.compile(
    r"(?:我[们們]?|咱[们們]?)的?(?:公司|单位|單位|工厂|工廠|学校|學校|店)(?:是|叫|叫做)"
    r"(?:\p{Han}{2,4}的)?(\p{Han}{2,8})(?=[，,。；;！!？?（(\s]|$)"
)
SCORE = 0.8
_HEADED = regex.compile(
    # (a head first names an institution when a name follows it: "SMA Negeri 1", not NER's
    # "SMA jarang dibahas", a school's level and the sentence's words)
    rf"(?:^|\s)(?i:{INSTITUTION_HEADS})\.?$|(?:^|\s)(?:{_HEADS_LAST})$"
    rf"|^(?:{_HEADS_FIRST}|{_TRADE_SUFFIX})(?:\s+{_KIND_ADJECTIVE})?\s+(?:{_JOINER}\s+)?"
    r"(?:\p{Lu}|\d)"
    r"|^(?:株式会社|有限会社|合同会社)"
    rf"|^\p{{Lu}}\p{{Ll}}{{2,}}(?:{_GERMAN_KINDS})\s|^\p{{Lu}}\p{{Ll}}{{2,}}-?(?i:{_GERMAN_KINDS})$"
    rf"|(?:{_HAN_HEADS})$|\p{{Hangul}}(?:{HANGUL_HEADS})$"
    rf"|\p{{Hangul}}[ \t](?:{_HANGUL_SPACED_HEADS})$"
    rf"|^(?:{_ARABIC_HEADS})\s"
    rf"|\s(?:{_DEVANAGARI_HEADS})$"
    rf"|^(?:{_CYRILLIC_FORMS})[ \t]*[«\"„]"
    # a kind of place and its quoted name, a school by its number, a Thai head
    r"|[ \t]«[^»]+»$|№[ \t]*\d+$"
    # its name in quotes after its kind, in any script ("Praxis „Am Wall”", "会社「X」")
    r"|(?:[„“\"«][^„“\"«»]+[“”\"»]|[「『][^」』]+[」』])$"
    rf"|^(?:{_THAI_HEADS})"
)


# "Luciana da Padaria Pão de Mel": a particle, then a head that opens an institution's name.
_HEAD_FIRST_AFTER_PARTICLE = regex.compile(
    rf"[ \t]+(?:{_JOINER})[ \t]+(?:{_HEADS_FIRST})(?![\p{{L}}])"
)


def institution_after_particle(value: str) -> int | None:
    """Where a person's name runs on into an institution's ("Luciana da Padaria Pão"):
    the offset of the space before the particle, or None."""
    found = _HEAD_FIRST_AFTER_PARTICLE.search(value)
    return found.start() if found else None


# English names a church, a parish, a school or a hospital by its saint in the genitive,
# the noun left unsaid: "St Brendan's", "St. Colmcille's", "St Thomas'" (a head written
# after it is the name's: "St Winifred's School" is read by the heads above).
_SAINTS_GENITIVE = regex.compile(
    r"(?<![\p{L}\p{N}])(?:St|St\.|Saint|Sts|Ss)[ \t]+\p{Lu}[\p{Ll}\-]+"
    r"(?:[ \t]+(?:and|&)[ \t]+\p{Lu}[\p{Ll}\-]+)?(?:['’]s|(?<=s)['’])(?![\p{L}\p{N}])"
)


# (a capitalised head after it is the name's own: "St Winifred's School"; not "St
# Saviour's church hall")
_HEAD_AFTER = regex.compile(rf"[ \t]+(?=\p{{Lu}})(?i:{INSTITUTION_HEADS})(?![\p{{L}}])")


def names_an_institution(value: str) -> bool:
    """Whether a name's head says it is a school, clinic, church, club or firm, in any of
    the languages above ("Sunnyside Elementary", "Padaria Pão de Mel")."""
    value = _LEADING_ARTICLE.sub("", value.strip())  # "el Colegio Miguel Ángel"
    return (
        _HEADED.search(value) is not None
        or _PARTNERSHIP.search(value) is not None
        or _SAINTS_GENITIVE.fullmatch(value) is not None
        or _HANGUL_FORM_NAME.fullmatch(value) is not None
        or _ADJECTIVE_AND_KIND.fullmatch(value) is not None
    )


# An article NER took in with a name: the name's head comes after it
_LEADING_ARTICLE = regex.compile(
    r"^(?:el|la|los|las|le|les|l['’]|il|lo|gli|o|a|os|as|der|die|das|den|dem|de|het|the)\s+",
    regex.IGNORECASE,
)


# A firm named for its partners or owners: "Kessler & Söhne", "Lumen & Vale Architects",
# "The Crown & Anchor" (famous ones, "Marks & Spencer", the encyclopedia knows); a name
# on each side, not an abbreviation's letters ("D&D", "R&D", "AT&T", "H&M").
_PARTNERSHIP = regex.compile(r"\p{Lu}[\p{L}\p{M}'’.]*\p{L}[ \t]*&[ \t]*\p{Lu}\p{L}")


# A CV's line of work or study: a role, the employer, a town, then when ("- Barista, Bean
# There Coffee, Ballarat 2021-2023", "MTRA, Radiologie am Stadtpark, Lippstadt (seit
# 2019)"). The employer is the field after the role, whatever its words.
_CV_NAME_WORD = (
    r"(?:\p{Lu}[\p{L}\p{M}'’.\-]*|&|and|of|the|am|an|im|de|du|des|la|le|da|do|del|di|y|e)"
)
_CV_LINE = regex.compile(
    # the role, then a comma or a dash ("Barista, Bean There", "Store Supervisor — Primark")
    r"^[ \t]*(?:[-*•][ \t]*)?[\p{L}][^,\n—–|]{1,60}?(?:,|[ \t]+[—–|][ \t]*)[ \t]*"
    rf"(?P<employer>\p{{Lu}}[\p{{L}}\p{{M}}'’.\-]*(?:[ \t]+{_CV_NAME_WORD}){{0,6}})"
    r"(?:,[ \t]*\p{Lu}[^,\n\d]{1,40}?)?[ \t]*[,–—\-]?[ \t]*"
    # when: a span of years, a year in brackets, or since a year
    rf"(?:\(?(?:{SINCE}|from)[ \t]+(?:19|20)\d\d"
    r"|\(?(?:19|20)\d\d[ \t]*(?:[-–—]|to|bis)[ \t]*"
    r"(?:(?:19|20)?\d\d\b|now|present|current|today|date|heute)"
    r"|\((?:19|20)\d\d\))",
    regex.MULTILINE | regex.IGNORECASE,
)


# A contact line of a signature, its fields set apart by bars or dots ("Melissa Tran |
# Talent Acquisition | Nexolink Staffing | (555) 014-3390"): a field of capitalised words
# after the first (the holder's name) is their firm, unless it is their job's title.
SIGNATURE_FIELD = "field of a contact line"  # the validator of those names
_FIELD_BAR = regex.compile(r"[ \t]+[|·•][ \t]+")
# (a phone as people write theirs, with its country's "+" or trunk "0" or area code in
# brackets: not a table's figures)
_CONTACT_FIELD = regex.compile(
    r"[\w.+\-]@[\w\-]+\.\w|(?:\+\d|\(\d|(?<!\d)0\d)[\d ()\-.]{7,}\d|\b(?:www\.|https?://)"
)
_FIELD_NAME = regex.compile(rf"\p{{Lu}}[\p{{L}}\p{{M}}'’.\-]*(?:[ \t]+{_CV_NAME_WORD}){{0,5}}")


def _signature_fields(text: str) -> list[tuple[int, int]]:
    """Where the firms of contact lines are: a line of three fields or more, one of them
    a phone number, an e-mail address or a site (not its town: "... | Leeds")."""
    from veil.rules import compounds
    from veil.rules.quasi.lexicon import occupation_group

    found = []
    offset = 0
    for line in text.splitlines(keepends=True):
        # (not a Markdown table's row, which opens with its bar)
        bars = (
            []
            if len(line) > 300 or line.lstrip().startswith("|")
            else list(_FIELD_BAR.finditer(line))
        )
        if len(bars) >= 2 and _CONTACT_FIELD.search(line):
            edges = [0, *(b for bar in bars for b in bar.span()), len(line.rstrip())]
            fields = [(edges[k], edges[k + 1]) for k in range(0, len(edges), 2)]
            for start, end in fields[1:]:
                value = line[start:end]
                if (
                    _FIELD_NAME.fullmatch(value)
                    and occupation_group(value) is None
                    and compounds.place_of(value) is None
                ):
                    found.append((offset + start, offset + end))
        offset += len(line)
    return found


# A kind of business or institution, then "called" or "named" and its name: "a small
# boutique called Zara's Closet", "a cram school in Taichung called Bright Owl English".
_CALLED_AFTER_KIND = regex.compile(
    r"(?<![\p{L}])(?i:a|an|the|our|my|this|that)[ \t]+(?:[\p{L}\-]+[ \t]+){0,3}?"
    r"(?P<kind>\p{Ll}[\p{L}\-]*)"
    # (where it is may come between: "in Kaohsiung")
    r"(?:[ \t]+(?:in|on|at|near)[ \t]+\p{Lu}[\p{L}\-]*(?:[ \t]+\p{Lu}[\p{L}\-]*)?)?"
    r",?[ \t]+(?:called|named)[ \t]+"
    rf"(?P<name>{_WORD}(?:[ \t]+(?:(?:&|and)[ \t]+)?{_WORD}){{0,3}})"
)


def _introduced_as_one_of_a_kind(text: str) -> list[tuple[int, int]]:
    """Names the writer brings in as one of a kind: quoted before Korean's "called",
    described in apposition as a kind of business, or called so after its kind."""
    found = [m.span() for m in _KOREAN_QUOTED_CALLED.finditer(text)] if "라는" in text else []
    for pattern, possible in (
        (_DESCRIBED_AS_A_KIND, ", " in text),
        (_CALLED_AFTER_KIND, "called" in text or "named" in text),
    ):
        for match in pattern.finditer(text) if possible else ():
            kind = match.group("kind")
            if HEAD_WORD.fullmatch(kind) or _BUSINESS_WORD.fullmatch(kind):
                found.append(match.span("name"))
    return found


class InstitutionRecognizer:
    name = "institutions.v1"
    labels = (labels.ORGANIZATION,)

    def find(self, text: str) -> list[Span]:
        code = code_map(text)
        return [s for s in self._names(text) if not code.in_code(s.start, s.end)]

    def _names(self, text: str) -> list[Span]:
        """Every institution's name, code included (``find`` leaves code out: an
        identifier such as `AcmeSolutions` is no one's firm; its strings and comments are
        read)."""
        found: list[Span] = []
        for match in _NAME.finditer(text):
            start, words = _without_openers(text, match)
            if len(words) < 2 or HEAD_WORD.fullmatch(words[0]):
                continue  # a head alone ("the Clinic"), or two heads ("Cafe Bar")
            end = match.end()
            # the head is written as a name's word ("Sunnyside Elementary") or is a company
            # form ("Ltd"); in lower case it is the kind of a place named before it
            # ("Rosewood Lodge care home"), unless that name is a place or a thing known
            # on its own ("Texas elementary schools", "the Tesco pharmacy")
            if not words[-1][:1].isupper() and not _FORM_END.search(match.group()):
                if not _KIND_IN_LOWER_CASE.fullmatch(words[-1]) or _known_before_kind(words[:-1]):
                    continue
                end = start + len(" ".join(words[:-1]))
            found.append(Span(start, end, labels.ORGANIZATION, SCORE, self.name))
        for pattern, heads in (
            (_HEAD_FIRST_NAME, _HEADS_FIRST_NEEDLES),
            (_HEAD_LAST_NAME, _HEADS_LAST_NEEDLES),
        ):
            for match in pattern.finditer(text) if may_contain(text, heads) else ():
                start, words = _without_openers(text, match)
                if len(words) > 1:
                    found.append(Span(start, match.end(), labels.ORGANIZATION, SCORE, self.name))
        # each needs a character most texts lack (a Cyrillic head, "@", "№"): a test of
        # the text in C spares the pattern's scan of every position
        for match in _SAINTS_GENITIVE.finditer(text) if "S" in text else ():
            if not _HEAD_AFTER.match(text, match.end()):
                found.append(Span(*match.span(), labels.ORGANIZATION, SCORE, self.name))
        for pattern, possible in (
            (_QUOTED_COMPANY, not text.isascii()),
            (_QUOTED_NAME_AFTER_KIND, any(mark in text for mark in _OPENING_QUOTES)),
            (_CJK_QUOTED_AFTER_KIND, not text.isascii()),
            (_AFTER_AT_SIGN, "@" in text),
            (_NUMBERED_SCHOOL, "№" in text),
            (_ADJECTIVE_AND_KIND, not text.isascii()),
        ):
            for match in pattern.finditer(text) if possible else ():
                named = pattern is _QUOTED_NAME_AFTER_KIND and match.group("called")
                where = match.span("name") if named else match.span()
                found.append(Span(*where, labels.ORGANIZATION, SCORE, self.name))
        found += [
            Span(start, end, labels.ORGANIZATION, SCORE, self.name, INTRODUCED_AS_ONE_OF_A_KIND)
            for start, end in _introduced_as_one_of_a_kind(text)
        ]
        for match in _GERMAN_COMPOUND.finditer(text) if may_contain(text, _GERMAN_NEEDLES) else ():
            # (named for a person the encyclopedia knows, "Goethe"; not "Grund", "Musik";
            # or joined by a hyphen, which German writes after a proper name: "Lippe-Klinikum")
            if (
                match.group("name")
                or "-" in match.group()
                or knowledge.knowledge().names_one_person(match.group("namesake"))
            ):
                found.append(Span(*match.span(), labels.ORGANIZATION, SCORE, self.name))
        for match in _CV_LINE.finditer(text):
            start, end = match.span("employer")
            if end - start > 2 and not any((f.start, f.end) == (start, end) for f in found):
                found.append(Span(start, end, labels.ORGANIZATION, SCORE, self.name))
        if "|" in text or "·" in text or "•" in text:
            for start, end in _signature_fields(text):
                found.append(
                    Span(start, end, labels.ORGANIZATION, SCORE, self.name, SIGNATURE_FIELD)
                )
        from veil.rules.recognizers.places import is_town  # (places reads this module's heads)

        verbs = may_contain(text, _WORK_VERB_NEEDLES)
        before_verb = (
            _WORKPLACE_BEFORE_VERB.finditer(text) if "работ" in text or "прац" in text else ()
        )
        employers = (
            _EMPLOYER_AFTER_VERB.finditer(text) if may_contain(text, _EMPLOYER_NEEDLES) else ()
        )
        relatives = _relatives_workplaces(text) if may_contain(text, _THIRD_PERSON_NEEDLES) else ()
        ours = (
            (m for m in _WE_ARE_NAMED.finditer(text) if not _known_or_a_people(m.group(1)))
            if may_contain(text, _WE_ARE_NEEDLES)
            else ()
        )
        for match, validator in itertools.chain(
            ((m, WORKPLACE_OF_WRITER) for m in _WORKPLACE_AFTER_VERB.finditer(text) if verbs),
            ((m, WORKPLACE_OF_WRITER) for m in ours),
            ((m, WORKPLACE_OF_WRITER) for m in relatives),
            ((m, WORKPLACE_OF_WRITER) for m in before_verb),
            ((m, None) for m in employers),  # (the decision reads their cues)
        ):
            start, end = match.span(1)
            if any(f.start < end and start < f.end for f in found):
                continue  # a name a head already closes ("trabalho na Padaria Estrela do ...")
            if not any(is_town(form) for form in locatives.dictionary_forms(match.group(1))):
                found.append(Span(start, end, labels.ORGANIZATION, SCORE, self.name, validator))
        if not text.isascii():
            found += self._caseless(text)
        return found

    def _caseless(self, text: str) -> list[Span]:
        from veil.rules.recognizers.places import is_town

        found = []
        for match in _COMPANY_FORM_FIRST.finditer(text):
            found.append(Span(*match.span(), labels.ORGANIZATION, SCORE, self.name))
        for pattern, validator in ((_HAN_WORKPLACE, None), (_HAN_OWN_NAMED, WORKPLACE_OF_WRITER)):
            for match in pattern.finditer(text):
                value = match.group(1)
                if not any(is_town(value[:end]) for end in range(2, len(value) + 1)):
                    span = match.span(1)
                    found.append(Span(*span, labels.ORGANIZATION, SCORE, self.name, validator))
        for match in _HAN_NAME.finditer(text):
            # the name starts after the last word that cannot be in it
            start, end = match.span(1)
            value = text[start:end]
            cut = max((m.end() for m in _HAN_BEFORE_NAME.finditer(value[:-2])), default=0)
            if _HAN_DESCRIPTION.search(value[cut:]):
                continue
            if end - (start + cut) > 2:
                if value.endswith("大学") and (department := _DEPARTMENT_AFTER.match(text, end)):
                    end = department.end()
                found.append(Span(start + cut, end, labels.ORGANIZATION, SCORE, self.name))
        for match in _HANGUL_FORM_NAME.finditer(text):
            # the name with its form, which says what it is ("(주)한빛센서텍")
            span = (match.start(), match.end(1)) if match.group(1) else match.span()
            found.append(Span(*span, labels.ORGANIZATION, SCORE, self.name))
        for pattern in (_HANGUL_NAME, _ARABIC_NAME, _PERSIAN_NAME, _DEVANAGARI_NAME, _THAI_NAME):
            for match in pattern.finditer(text):
                span = match.span(1) if pattern is _HANGUL_NAME else match.span()
                if _KOREAN_FORM_ALONE.fullmatch(text, *span):
                    continue  # "주식회사" (joint-stock company) is a form, not a name
                found.append(Span(*span, labels.ORGANIZATION, SCORE, self.name))
        return found


# Kinds of place in people's lives that English writes in lower case after the place's
# own name: where they are schooled, treated, cared for, pray, eat and train
_KIND_IN_LOWER_CASE = regex.compile(
    r"school|primary|elementary|academy|nursery|kindergarten|preschool|daycare|clinic|"
    r"surgery|practice|hospital|hospice|pharmacy|care|church|chapel|mosque|temple|"
    r"synagogue|pub|inn|hotel|cafe|café|restaurant|bakery|salon|gym|studio|library"
)


def _known_before_kind(words: list[str]) -> bool:
    """The words before a lower-case kind are a place or an entry known on its own, or an
    ordinary word opening a sentence ("Yesterday school was shut")."""
    name = " ".join(words)
    if knowledge.knowledge().is_known(name) or geography.city(name) is not None:
        return True
    return len(words) == 1 and truecase.ordinary(words[0].casefold())


def _without_openers(text: str, match: regex.Match) -> tuple[int, list[str]]:
    """Where the name starts once the words that open a sentence are dropped ("At
    Sunnyside Elementary"), and its words from there."""
    start, words = match.start(), match.group().split()
    # words that open a sentence or a phrase, not a name: English's closed-class words
    while len(words) > 1 and words[0].casefold().strip(".") in locatives.english_closed_words():
        start = text.index(words[1], start + len(words[0]))
        words = words[1:]
    return start, words


register("institutions.v1")(InstitutionRecognizer)
