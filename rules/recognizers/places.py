"""Towns named where a language's grammar puts a place, which the small English NER
misses: after a preposition of place ("w Rzeszowie", "a Torino", "в Тюмени", "near
Athenry"), as the last part of a line after a comma (a CV's "Test Engineer, Arden Road
Logistics, Coventry", "(Hauptstraße 12, Wetzlar)"), and in scripts without capitals after
a Chinese coverb or an Arabic preposition, or before a Japanese, Korean or Hindi
postposition ("在绍兴", "Indore में", "서울에서").

A candidate counts only where GeoNames has a town of that name (every town of 15,000
people or more, with its names in other scripts), as written or with a Slavic case ending
undone (``locatives.dictionary_forms``). Whether the town is someone's is the decision's
to say.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable
from functools import cache

from veil.rules import gazetteer, labels, locatives, merge, notability, places_table
from veil.rules import lazy_regex as regex
from veil.rules.code_context import code_map
from veil.rules.notability import fold
from veil.rules.pattern import (
    CALENDAR_WORDS,
    KOREAN_PARTICLES,
    SENTENCE_OPENS,
    SINCE,
    alternatives,
    may_contain,
    needles,
)
from veil.rules.recognizers.institutions import HANGUL_HEADS, HEAD_WORD, INSTITUTION_HEADS
from veil.rules.registry import register
from veil.rules.spans import Span

SCORE = 0.7  # below NER's: where NER reads the same words as a person or firm, it wins
# written as a name ("Torino", "McAllen", "O'Fallon"), not in capitals ("PORT",
# "STAVANGER"): a word in capitals is a heading or a form's field as often as a name; an
# apostrophe before a lower-case ending is Turkish's case ("İzmir'de")
_WORD = r"\p{Lu}\p{Ll}[\p{L}\p{M}]*(?:['’]\p{Lu}[\p{L}\p{M}]*)?"
# Particles that join the words of a Romance name ("Juiz de Fora", "Pão de Mel").
_PARTICLES = r"de|da|do|dos|das|del|della|di|du|des|la|le|el|al"
# words of one town's name, a particle between them allowed ("Stratford-upon-Avon")
_JOINER = (
    rf"(?:[ \t]+(?:(?:{_PARTICLES}|sur|upon|on|under|am|im|an|der)[ \t]+)?"
    r"|-(?:(?:sur|upon|on|under|le|la|en)-)?)"
)
_WORDS = regex.compile(rf"{_WORD}(?:{_JOINER}{_WORD}){{0,2}}")
# English prepositions that take places rather than people ("to" and "at" take both).
_ENGLISH_BEFORE = regex.compile(
    r"(?<![\p{L}])(?i:in|near|from|outside|around|across|via|into|throughout)[ \t]+$"
)
_TO_OR_AT_BEFORE = regex.compile(r"(?<![\p{L}])(?i:to|at)[ \t]+$")


def _given_name(word: str) -> bool:
    from veil.rules.recognizers.names import is_listed_first_name

    return is_listed_first_name(word)


# "..., Coventry" closing a line, a bracket or a field
_LAST_AFTER_COMMA = regex.compile(
    rf"(?<=[\p{{L}}\p{{N}}.)][ \t]*,[ \t]*)({_WORD}(?:[ \t]+{_WORD}){{0,2}})"
    # a CV's line may close on when: "Ballarat 2021-2023", "Lippstadt (seit 2019)"
    rf"(?=[ \t]*(?:\(?(?:{SINCE}|from)?[ \t]*(?:19|20)\d\d"
    r"[^\n()]{0,15}\)?[ \t]*)?(?:$|\n|\)|;|\||•|[»”\"」』]))",
    regex.MULTILINE,
)
# a particle between two capitalised words joins one name ("Rio de Janeiro"), unlike a
# preposition after a sentence's first word ("Vivo en Madrid")
_PARTICLE_IN_A_NAME = regex.compile(
    r"(?<=[\p{Ll}\p{N},;)\]][ \t]+)\p{Lu}[\p{L}\p{M}]*[ \t]+"
    rf"(?:{_PARTICLES}|von|van|der|y|e|i)[ \t]+$"
)
_NAME_WORD_BEFORE = regex.compile(r"\p{Lu}[\p{L}\p{M}]*[ \t]+$")
_HAN_RUN = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}ー]+")
_CASELESS_WORD = regex.compile(
    r"[\p{Hangul}\p{Devanagari}\p{Bengali}\p{Gurmukhi}\p{Gujarati}\p{Tamil}\p{Telugu}"
    r"\p{Kannada}\p{Malayalam}\p{Arabic}\p{Hebrew}\p{Thai}\p{M}]+"
)
_LONGEST_HAN = 6
# Japanese writes its content words in kanji and its particles in hiragana, so a run of
# kanji between kana (or punctuation) is one word: "今は札幌の病院で" holds the word 札幌.
_KANJI_WORD = regex.compile(r"(?<![\p{Han}\p{Katakana}ー])\p{Han}{2,6}(?![\p{Han}\p{Katakana}ー])")
_KANA = regex.compile(r"[\p{Hiragana}\p{Katakana}]")
# A Chinese town's district, county, township or street after it: "深圳南山区", "杭州西湖区".
# a Chinese or Japanese town's ward, county, township or village, written after it
_HAN_DISTRICT = regex.compile(r"(?![的之和与及在是の])\p{Han}{1,4}(?:区|县|镇|乡|街道|町|村|郡)")

# A Japanese prefecture or a Chinese province right before its town: "長野県松本市",
# "北海道札幌市", "浙江省绍兴市".
_PREFECTURE_BEFORE = regex.compile(rf"(?:{locatives.PROVINCE})$")


def _with_prefecture(text: str, start: int) -> int:
    """Where a town written in Han characters starts, its prefecture or province with it."""
    prefecture = _PREFECTURE_BEFORE.search(text, max(0, start - 4), start)
    return prefecture.start() if prefecture else start


# A district, county or township by the suffix of its kind, after a coverb of place
# ("老公在南山区一家小公司", "住在朝阳区"), whatever a gazetteer has; not the common
# nouns those suffixes close (region, community, estate, suburb, downtown, campus ...)
_HAN_GENERIC_DISTRICTS = (
    r"地区|地區|社区|社區|小区|小區|景区|景區|郊区|郊區|市区|市區|城区|城區|校区|校區|园区|園區|"
    r"山区|山區|灾区|老区|新区|辖区|片区|街区|商区|工业区|开发区|保税区|经济区|风景区|居民区|"
    r"住宅区|老城区|城乡|乡镇|城镇|村镇|县城|各区|全区|本区|该区|全县|本县|该县|全镇|本镇"
)
_HAN_DISTRICT_AFTER_COVERB = regex.compile(
    r"(?:住在|在|从|從|来自|來自|坐标|位于|位於|搬到|搬去|转学到|轉學到)[ \t]?"
    rf"(?!(?:{_HAN_GENERIC_DISTRICTS}))"
    r"((?![的之和与及在是])\p{Han}{1,4}?(?:区|區|县|縣|镇|鎮|乡|鄉|街道))"
)
# A Japanese place no gazetteer has, by what is there or what it is to someone: a kanji
# word before "の" and a workplace, a shop or a school ("吉祥寺のカフェ・ルポで", "日吉の小さな
# 設計事務所", "丸の内の会社で"), or after "one's family home is" ("実家は中御料の方で"); not
# a person's or a relation's ("父の会社", my father's company)
_JAPANESE_PEOPLE = (
    r"友達|友人|家族|父|母|夫|妻|兄|姉|弟|妹|息子|娘|主人|彼|彼女|近所|地元|会社|学校|大学|先輩|"
    r"後輩|上司|同僚|知人|親戚|祖母|祖父|叔母|叔父|伯母|伯父|自分|私|僕|俺|義母|義父|子供|知り合い|"
    r"駅前|近く|都内|市内|県内|海外|日本|東京"
)
_JAPANESE_WORKPLACE = (
    r"会社|事務所|カフェ|喫茶店|店|病院|医院|クリニック|工場|学校|小学校|中学校|高校|塾|オフィス|"
    r"支店|保育園|幼稚園|美容院|書店|ホテル|旅館|スーパー|薬局"
)
_JAPANESE_PLACE_BY_WHAT_IS_THERE = regex.compile(
    # (a place's name may hold "の" or "が": "丸の内", "自由が丘", "阿佐ヶ谷")
    rf"(?<![\p{{Han}}々])(?!(?:{_JAPANESE_PEOPLE})の)"
    r"([\p{Han}々]{2,4}|\p{Han}の\p{Han}|[\p{Han}々]{1,3}[がヶケ]\p{Han}{1,2})"
    rf"の(?:小さな|大きな|小さい|近くの)?[\p{{Katakana}}\p{{Han}}ー・]{{0,8}}?(?:{_JAPANESE_WORKPLACE})"
    # (its name may follow the kind: "カフェ・ルポ", "設計事務所「アトリエ小松」")
    # (not a compound's inside: "楽天市場の出店者支援に" holds 店)
    r"(?:[・「][\p{Katakana}\p{Han}ー・]{1,12}?」?|[\p{Katakana}ー・]{1,12}?)?(?:で|に|の|を|へ|から)"
    rf"|(?:実家|地元)(?:は|が|も)[ \t]*(?!(?:{_JAPANESE_PEOPLE})の)([\p{{Han}}々]{{2,4}})"
    r"(?:の方|のほう|です|で|に|なん)"
)
# A branch or office named for its town: "高槻支店" (the Takatsuki branch), "浜松の工場" (the
# Hamamatsu plant), "深圳分公司".
HAN_BRANCH = regex.compile(r"の?(?:支店|支社|営業所|本社|本店|工場|事務所)|分公司|办事处|分店|工厂")
# A Korean word is a noun and its particles: "서울에서" is Seoul and "in".
_KOREAN_PARTICLES = regex.compile(rf"(?:시)?(?:{KOREAN_PARTICLES})?")
# The parts of a Korean address after its city: district (구), county (군), town (읍),
# township (면), neighbourhood (동), village (리).
_KOREAN_PART = regex.compile(
    r"[ \t]+(\p{Hangul}{1,4}(?:구|군|읍|면|동|리))"
    r"(?:에서는|에서도|에서|에는|에도|에|의|은|는|이|가|도)?(?!\p{Hangul})"
)
# A district, neighbourhood or station of one's life, no gazetteer's town before it: its
# kind's suffix, then "in" and being, living or working there ("은평구에 있는 소아과",
# "정자동에 사시는", "서현역에서 일해요"); not the common nouns of those endings (region,
# friend, research, movement, exercise)
_KOREAN_BEING_THERE = r"있는|있어|사시|살|사는|일하|일해|근무"
_KOREAN_COMMON_DISTRICT_WORDS = (
    r"지역|친구|연구|가구|요구|도구|활동|운동|자동|행동|이동|공동|감동|노동|변동|영역|구역|무역|"
    r"전역|역구"
)
_KOREAN_LIFE_DISTRICT = regex.compile(
    rf"(?!(?:{_KOREAN_COMMON_DISTRICT_WORDS})(?:에|에서))"
    rf"(\p{{Hangul}}{{1,4}}(?:구|동|역|읍|면))(?:에서|에)[ \t]*(?={_KOREAN_BEING_THERE})"
)
# ... or before the school, clinic, academy or firm that is there ("대치동 수학학원"), with
# the larger district before it ("분당 정자동 '마미숲 산후조리원'")
_KOREAN_DISTRICT_BEFORE_INSTITUTION = regex.compile(
    # (the word before is a place's, not "우리", "어제", "근처": our, yesterday, near)
    r"(?:(?!(?:우리|저희|어제|오늘|내일|근처|거기|여기|동네|지금|요즘|같은|다른|새로|새)[ \t])"
    rf"\p{{Hangul}}{{2,3}}[ \t]+)?(?!(?:{_KOREAN_COMMON_DISTRICT_WORDS})[ \t])"
    r"\p{Hangul}{1,4}(?:구|동|역|읍|면|리)(?=[ \t]+"
    rf"['‘\"“]?(?:\p{{Hangul}}{{1,10}}[ \t])?\p{{Hangul}}{{0,10}}(?:{HANGUL_HEADS})"
    r"(?!\p{Hangul}{2}))"
)
# ... or a neighbourhood after its district, then being there ("은평구 연신내에 있는")
_KOREAN_DISTRICT_AND_NEIGHBOURHOOD = regex.compile(
    rf"(?!(?:{_KOREAN_COMMON_DISTRICT_WORDS})[ \t])\p{{Hangul}}{{1,4}}(?:구|군|시)[ \t]+"
    rf"\p{{Hangul}}{{2,4}}?(?=(?:에서|에)[ \t]*(?:{_KOREAN_BEING_THERE}))"
)
# A neighbourhood or village named after the word for its kind, as addresses write them
# (the Philippines' barangay and purok, Indonesia's kelurahan and desa, Mexico's colonia,
# Brazil's bairro, East Africa's mtaa): the place is its name, whatever a gazetteer has.
# A piece of each locality word below, for ``may_contain``.
_LOCALITY_NEEDLES = needles(
    "Brgy", "Barangay", "Purok", "Sitio", "Kelurahan", "Kel.", "Kecamatan", "Kec.", "Desa",
    "Kampung", "Colonia", "Col.", "Bairro", "Mtaa", "quận", "huyện", "phường", "xã",
)  # fmt: skip
_LOCALITY_WORDS = (
    r"Brgy\.?|Barangay|Purok|Sitio|Kelurahan|Kel\.|Kecamatan|Kec\.|Desa|"
    r"Kampung|Colonia|Col\.|Bairro|Mtaa"
    # the kinds that are nothing else, as often typed in lower case ("en la colonia Santa
    # Rosa", "no bairro Jardim América")
    r"|(?i:colonia|barangay|bairro|kelurahan|kecamatan|purok|mtaa)"
    # Vietnam's urban and rural districts, wards and communes ("quận Bình Thạnh")
    r"|(?i:quận|huyện|phường|xã)"
)
MARKED_LOCALITY = regex.compile(
    rf"(?<![\p{{L}}])(?:{_LOCALITY_WORDS})(?:[ \t]+\p{{Lu}}[\p{{L}}\p{{M}}'’\-]*){{1,4}}"
)
# A planned town's numbered sector or phase, as Indian and Bangladeshi addresses name a
# neighbourhood ("Kharghar Sector 12", "Noida sector 62", "Sector 45", "Hinjewadi Phase 1"),
# and a South Asian neighbourhood by the word for its kind after its name ("Vijay Nagar",
# "Arera Colony", "Mayur Vihar"): a place by its form, whatever a gazetteer has.
_TOWN_WORDS_BEFORE = r"(?<![\p{L}\p{N}])(?:\p{Lu}[\p{L}\p{M}]+[ \t]+)"
_NEIGHBOURHOOD_KINDS = r"Nagar|Colony|Vihar|Enclave|Layout|Puram|Bagh|Ganj|Mohalla"
_DEVANAGARI_SECTOR = r"सेक्टर|सैक्टर"
# a word of a place's name, not Hindi's postpositions and possessives ("भोपाल के अरेरा
# कॉलोनी": of Bhopal, the Arera Colony)
_DEVANAGARI_WORD = (
    r"(?<![\p{Devanagari}\p{M}])(?!(?:के|का|की|में|से|पर|को|और|है|मेरे|मेरी|मेरा|हमारे)"
    r"[ \t])[\p{Devanagari}\p{M}]+"
)
_DEVANAGARI_NEIGHBOURHOOD_KINDS = r"नगर|कॉलोनी|कालोनी|विहार|एन्क्लेव|अपार्टमेंट्स|अपार्टमेंट|सोसाइटी|मोहल्ला"
NUMBERED_LOCALITY = regex.compile(
    rf"(?:{_TOWN_WORDS_BEFORE}{{0,2}}(?:Sector|sector|Sec\.)[ \t\-]?\d{{1,3}}[A-Z]?"
    # a municipality's numbered ward, as Nepal, India, Kenya and Nigeria write addresses
    # ("Lakeside, ward no. 6", "Ward 12")
    r"|(?:[Ww]ard|WARD)(?:[ \t]+(?:[Nn]o\.?|#))?[ \t]*\d{1,3}"
    rf"|{_TOWN_WORDS_BEFORE}{{1,2}}Phase[ \t\-]?(?:\d{{1,2}}|[IVX]{{1,4}})"
    # (not the start of a longer name: "Rose Colony Hotel")
    rf"|{_TOWN_WORDS_BEFORE}{{1,2}}(?:{_NEIGHBOURHOOD_KINDS})(?![ \t]+\p{{Lu}}\p{{Ll}})"
    # the same in Hindi's and Bengali's letters and digits ("नोएडा सेक्टर 62", "अरेरा
    # कॉलोनी", "সেক্টর ৭"), where no capital marks a name
    rf"|(?:{_DEVANAGARI_WORD}[ \t]+){{0,2}}(?:{_DEVANAGARI_SECTOR})[ \t\-]?[\d०-९]{{1,3}}"
    rf"|(?:(?<![\p{{Bengali}}\p{{M}}])(?!(?:{locatives.BENGALI_MY}|আমরা|আমি)[ \t])"
    rf"[\p{{Bengali}}\p{{M}}]+[ \t]+){{0,2}}সেক্টর[ \t\-]?[\d০-৯]{{1,3}}"
    rf"|(?:{_DEVANAGARI_WORD}[ \t]+){{1,2}}(?:{_DEVANAGARI_NEIGHBOURHOOD_KINDS}))"
    r"(?![\p{L}\p{N}\p{M}])"
)
_NUMBERED_LOCALITY_NEEDLES = needles(
    "ector", "Sec.", "Phase", "ard", "ARD", *alternatives(_NEIGHBOURHOOD_KINDS),
    *alternatives(_DEVANAGARI_SECTOR), "সেক্টর", *alternatives(_DEVANAGARI_NEIGHBOURHOOD_KINDS),
    ignore_case=False,
)  # fmt: skip
# the town a neighbourhood belongs to, after it ("Sector 45 Gurgaon", "Vijay Nagar, Indore")
_TOWN_AFTER_LOCALITY = regex.compile(rf",?[ \t]+({_WORD}(?:[ \t]+{_WORD})?)(?![\p{{L}}\p{{N}}])")
# The town a municipality is named for, after the word for it ("de gemeente Zwolle heeft
# mijn aanvraag", "il comune di Lecce", "la prefeitura de Campinas"): a town like any
# other, which the decision makes the writer's where the writer deals with it.
_MUNICIPALITY_WORDS = (
    r"gemeente|gemeinde|comune|municipio|município|prefeitura|ayuntamiento|"
    r"kommune|kommun|gmina|obec"
)
_MUNICIPALITY = rf"(?<![\p{{L}}])(?i:{_MUNICIPALITY_WORDS})(?:[ \t]+(?:de|di|van|von))?[ \t]+"
_MUNICIPALITY_NEEDLES = needles(*alternatives(_MUNICIPALITY_WORDS))
MUNICIPALITY_BEFORE = regex.compile(rf"{_MUNICIPALITY}$")
_AFTER_MUNICIPALITY = regex.compile(
    rf"{_MUNICIPALITY}(\p{{Lu}}[\p{{L}}\p{{M}}'’\-]*(?:[ \t]+\p{{Lu}}[\p{{L}}\p{{M}}'’\-]*){{0,2}})"
)
# A street named without a house number, as people say where they live ("rue
# Sainte-Catherine", "на вулиці Городоцькій", "Larkspur Lane", "in via Garibaldi",
# "Hauptstraße"): its type before the name in the Romance and Slavic languages and in
# Indonesian and Vietnamese, after it in English and Turkish, fused to it in the Germanic
# languages. With a number it is a street address, which the address recognizer takes.
# Whether the street is someone's is the decision's to say, as for a town.
_STREET_BEFORE = (
    r"rue|avenue|boulevard|allée|impasse|quai|calle|avenida|paseo|carrer|rua|travessa|"
    r"viale|corso|vicolo|ulica|ulicy|ulicę|ul\.|улица|улице|улицу|"
    r"улицы|ул\.|вулиця|вулиці|вулицю|вул\.|проспект|проспекте|переулок|переулке|strada|"
    r"Jalan|Jl\.|đường|phố"
)
_STREET_AFTER = (
    r"Street|Road|Lane|Avenue|Boulevard|Drive|Close|Crescent|Terrace|Caddesi|Sokak|Sokağı"
    # and the abbreviations postal addresses use after the name (before it "St" is Saint)
    r"|St|Rd|Ave|Ln|Blvd"
)
_FUSED_STREET = r"straße|strasse|gasse|allee|straat|laan|gracht|gatan|vägen|gata|gate|gade|vej"
_NOT_A_STREET_NAME = r"(?:The|This|That|Our|My|Your|His|Her|Their|A|An|Every|Any|No)"
_STREET_WORD = r"\p{Lu}[\p{L}\p{M}'’]*(?:-\p{Lu}?[\p{L}\p{M}'’]+)*"
_STREET_TYPE_FIRST = (
    # (Italian's "via" only as Italian writes it, "in via Roma": English goes via Dubai)
    rf"(?:(?:(?i:{_STREET_BEFORE})|(?<=\b[Ii]n[ \t])via|Via)[ \t]+"
    rf"(?:(?:{_PARTICLES}|de la|van|von)[ \t]+)?"
    rf"{_STREET_WORD}(?:[ \t]+{_STREET_WORD}){{0,2}})"
)
_STREET_TYPE_AFTER = (
    rf"(?!{_NOT_A_STREET_NAME}[ \t])(?:{_STREET_WORD}[ \t]+){{1,3}}(?:{_STREET_AFTER})"
    rf"|\p{{Lu}}\p{{Ll}}+(?:{_FUSED_STREET})"
    # a numbered street with its side of town, as American grids name them ("W 41st St")
    r"|(?:N|S|E|W)\.?[ \t]+\d{1,3}(?:st|nd|rd|th)[ \t]+(?:Street|St|Avenue|Ave)\b\.?"
)
_STREET_BEFORE_AROUND = r"(?<![\p{L}\p{N}])(?<!\p{N}[ \t,]{1,3})(?:"
_STREET_AFTER_AROUND = r")(?![\p{L}\p{N}])(?![ \t]*,?[ \t]*(?:n[º°o]\.?[ \t]*)?\d)"
NAMED_STREET = regex.compile(
    rf"{_STREET_BEFORE_AROUND}{_STREET_TYPE_FIRST}|{_STREET_TYPE_AFTER}{_STREET_AFTER_AROUND}"
)
# The form with the type first, the costly one, needs its type word and a space after it:
# where the text has none (found from the spaces back), the other forms alone find the
# same streets.
_STREET_TYPE_WORD_NEED = regex.compile(rf"(?<=(?:(?i:{_STREET_BEFORE})|via|Via))[ \t]")
_NAMED_STREET_TYPE_AFTER = regex.compile(
    rf"{_STREET_BEFORE_AROUND}{_STREET_TYPE_AFTER}{_STREET_AFTER_AROUND}"
)
# Where an institution is, named after its head and "in", whether or not a gazetteer has
# it: "St. Ives Specialist Clinic in Ogba", "Harbourview Physio in Kilbirnie".
_AFTER_INSTITUTION = regex.compile(
    rf"\p{{Lu}}[\p{{L}}'’]*[ \t]+(?i:{INSTITUTION_HEADS})[ \t]+in[ \t]+"
    rf"({_WORD}(?:[ \t]+{_WORD})?)(?![\p{{L}}\p{{N}}])"
)
# The town after an institution's name and a comma, as an address or a CV line writes it
# ("Biuro Rachunkowe Bilans-Plus s.c., Katowice", "Kestrel Fit-Out Ltd, Tamworth"): only a
# town the gazetteer has (a comma also lists firms).
_TOWN_AFTER_INSTITUTION = regex.compile(
    rf"\p{{Lu}}[\p{{L}}'’\-]*[ \t]+(?i:{INSTITUTION_HEADS})\.?,[ \t]*"
    rf"({_WORD}(?:[ \t]+{_WORD})?)(?![\p{{L}}\p{{N}}])"
)
# A big city written in lower case, as chat is typed ("i live in pune", "pune mein"):
# after a preposition of place, or before Hindi's postposition typed in Latin letters.
# Lower case takes away the capital that says "name", so only a city of half a million
# people or more counts, not an ordinary word that names a town too ("in reading").
_LOWER_CITY_AFTER = regex.compile(
    r"(?<![\p{L}])(?:in|near|from|outside|around|to|at)[ \t]+"
    r"(\p{Ll}{3,}(?:[ \t]+\p{Ll}{3,})?)(?![\p{L}])"
)
_LOWER_CITY_BEFORE = regex.compile(
    r"(?<![\p{L}])(\p{Ll}{4,})(?=[ \t]+(?:mein|mei|mai|me|se|ke)(?![\p{L}]))"
)
# The postposition after a lower-case word, found from the postpositions back: every
# match of the last has one.
_LOWER_CITY_BEFORE_NEED = regex.compile(r"(?<=\p{Ll}{4}[ \t]+)(?:mein|mei|mai|me|se|ke)(?![\p{L}])")
LOWER_CASE_CITY = 500_000
# A town in a Finnish local case: the name's vowel, then the ending ("Jyväskylässä").
_FINNISH_CASED = regex.compile(
    rf"(?<![\p{{L}}])(\p{{Lu}}\p{{Ll}}{{2,}}[aeiouyäö])"
    rf"(?:{locatives.FINNISH_WHERE}|{locatives.FINNISH_TO})(?![\p{{L}}])"
)
# (Finnish text has its ä or ö: an English name ending "-lla" is left alone, "Estella")
_FINNISH_VOWEL = regex.compile(r"[äöÄÖ]")
# A town named as what the writer is a native of: "I'm a proud Pune boy".
_NATIVE_TOWN = regex.compile(rf"(?i:{locatives.NATIVE_SELF})({_WORD}(?:[ \t]{_WORD})?)")
# A capitalised word with a Hungarian case ending (see locatives.HUNGARIAN_CASE)
_HUNGARIAN_CASED = regex.compile(r"(?<![\p{L}\-])\p{Lu}\p{Ll}{3,}(?![\p{L}])")
# A Bengali noun's locative ending, which joins the town's name: "ঢাকায়" is in Dhaka.
_BENGALI_CASE = regex.compile(rf"(?<=\p{{Bengali}}{{2}}){locatives.BENGALI_LOCATIVE}$")
# Arabic and Hebrew write "in", "to", "from", "and" as a letter before the word.
_PROCLITICS = ("و", "ب", "ل", "ف", "ك", "ב", "ל", "מ", "ו", "ה", "ש")


# Months and weekdays are towns too ("March", "Friday Harbor" aside): after "in" they
# are dates (CALENDAR_WORDS).


def is_town(name: str) -> bool:
    key = fold(name)
    return (
        len(key) >= 2
        and key not in CALENDAR_WORDS
        and not locatives.closed_class(name)  # "The", "Die", "La": towns, and words first
        and (
            places_table.city_named(key) is not None
            # a Chinese or Japanese city said without its "市" ("阜阳" for 阜阳市)
            or (
                _HAN_NAME.fullmatch(name) is not None
                and places_table.city_named(key + "市") is not None
            )
        )
    )


_HAN_NAME = regex.compile(r"\p{Han}{2,4}")
# Chinese "X人", someone from X ("她是杭州人"), not "X人民" (the people's: a hospital's, a
# square's name)
HAN_NATIVE_AFTER = regex.compile(r"人(?!民)")


# Prepositions that take nothing but a place (not "a", "de", "la", which are "to", "of"
# and "the" too: "Gracias a la Vida").
_PLACE_ONLY_BEFORE = regex.compile(
    rf"(?<![\p{{L}}])(?i:in|near|from|outside|{locatives.IN_OR_AT}|{locatives.FROM})[ \t]+$"
)
# A person's full name and "of", as English records and family histories name someone by
# their town ("Cyril Pargeter of Ledbury", "Thomas Price of Llanfair")
_PERSON_OF_BEFORE = regex.compile(r"\p{Lu}\p{Ll}+[ \t]+\p{Lu}[\p{L}'’\-]+[ \t]+of[ \t]+$")
# The validator of a town of 500 to 15,000 people (``places_table.small_town``): only
# after a place's preposition, and the decision makes it someone's only where the
# sentence puts a life there ("Mon père habite à Remiremont"); otherwise it is left as
# written, as a word that is also a village ("in Excel", "on Mars") must be.
SMALL_TOWN = "small town"


def is_small_town(name: str) -> bool:
    key = fold(name)
    return (
        len(key) >= 4
        and key not in CALENDAR_WORDS
        and not locatives.closed_class(name)
        and places_table.small_town(key) is not None
        # (not software, nor a first name that is an English word: "in Excel", "in Mars",
        # nor a language: "into English")
        and name.casefold() not in _words_before_villages()
        and not notability.is_language_or_nationality(name)
    )


@cache
def _words_before_villages() -> frozenset[str]:
    return gazetteer.load("tech_terms") | gazetteer.load("name_common_words")


def _without_closed_words(text: str, start: int, end: int) -> tuple[int, int]:
    """A street's name without the capitalised closed-class words before it that open a
    sentence ("Is Brick Lane good?"); nothing left if the name was only those."""
    for word in regex.finditer(r"\S+", text[start:end]):
        if not locatives.closed_class(word.group()):
            return start + word.start(), end
    return end, end


def _big_city(words: str) -> bool:
    if locatives.closed_class(words.split()[0]):
        return False  # "the" is an alternate name of Teresina
    row = places_table.city_named(fold(words))
    return row is not None and row.population >= LOWER_CASE_CITY


def _town_words(words: str, known: Callable[[str], bool] = is_town) -> int:
    """How many characters of ``words`` (capitalised words from its start) name a town
    (``known``: of the cities, or ``is_small_town``), longest first; a case ending is
    undone on the last word. 0 if none."""
    parts = list(regex.finditer(r"\S+", words))
    for count in range(len(parts), 0, -1):
        end = parts[count - 1].end()
        head, last = words[: parts[count - 1].start()], parts[count - 1].group()
        if any(known(head + form) for form in locatives.dictionary_forms(last)):
            return end
    return 0


# The months' and days' names, and their short forms ("ended in Jan"): a time, where a
# preposition would make a town of them ("in March", a town in Cambridgeshire too).
_CALENDAR_WORDS = CALENDAR_WORDS | frozenset(
    name.casefold() for name in (*calendar.month_abbr, *calendar.day_abbr) if name
)


# The field of a birthplace, as forms and certificates in the languages veil reads name
# it, with its colon
_BIRTHPLACE_LABEL = (
    r"(?:^|\n|[|;,])[ \t*\-•]*(?i:place[ \t]+of[ \t]+birth|birth[ \t]*place|"
    r"lieu[ \t]+de[ \t]+naissance|lugar[ \t]+de[ \t]+nacimiento|local[ \t]+de[ \t]+nascimento|"
    r"luogo[ \t]+di[ \t]+nascita|geburtsort|miejsce[ \t]+urodzenia|místo[ \t]+narození|"
    r"födelseort|fødested|fødestad|geboorteplaats|doğum[ \t]+yeri|место[ \t]+рождения|"
    r"місце[ \t]+народження)[ \t]*:[ \t]*"
)
BIRTHPLACE_FIELD = regex.compile(rf"{_BIRTHPLACE_LABEL}$")
_BIRTHPLACE_FIELD_ANYWHERE = regex.compile(_BIRTHPLACE_LABEL)
# ... and the place written after it: one to three words, whatever a gazetteer has
_BIRTHPLACE_VALUE = regex.compile(
    r"\p{Lu}[\p{L}\p{M}'’\-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}'’\-]*){0,2}(?=[ \t]*(?:[,(\n|;]|$))"
)


class PlaceRecognizer:
    name = "places.v1"
    labels = (labels.LOCATION,)

    def find(self, text: str) -> list[Span]:
        found: list[Span] = []
        taken: set[tuple[int, int]] = set()
        code = code_map(text)

        def add(start: int, end: int, validator: str | None = None) -> None:
            if code.in_code(start, end):  # code is sent as written (its strings are read)
                return
            if text[start:end].casefold() in _CALENDAR_WORDS:
                return  # "in June", "ended in Jan": a time, though towns bear the names
            # (one town once, though two rules read it: "..., Bean There Cafe, Swindon")
            if (start, end) not in taken:
                taken.add((start, end))
                found.append(Span(start, end, labels.LOCATION, SCORE, self.name, validator))

        if ":" in text:
            for field in _BIRTHPLACE_FIELD_ANYWHERE.finditer(text):
                value = _BIRTHPLACE_VALUE.match(text, field.end())
                if value is not None:
                    add(*value.span())
        for match in _WORDS.finditer(text):
            before = text[max(0, match.start() - 24) : match.start()]
            if _PARTICLE_IN_A_NAME.search(before):
                continue  # "Pão de Mel", "Juiz de Fora": the name goes on through "de"
            if _ENGLISH_BEFORE.search(before) or locatives.PREPOSITION_BEFORE.search(before):
                length = _town_words(match.group())
                if length:
                    add(match.start(), match.start() + length)
                elif _PLACE_ONLY_BEFORE.search(before) and (
                    length := _town_words(match.group(), is_small_town)
                ):
                    add(match.start(), match.start() + length, SMALL_TOWN)
            elif _PERSON_OF_BEFORE.search(before) and (
                length := _town_words(match.group(), is_small_town)
            ):
                add(match.start(), match.start() + length, SMALL_TOWN)
            elif _TO_OR_AT_BEFORE.search(before):
                # "to" and "at" take people too: a town no first name spells ("moving to
                # Tromsø"; not "talk to Florence")
                length = _town_words(match.group())
                if length and not _given_name(match.group().split()[0]):
                    add(match.start(), match.start() + length)
            elif locatives.postposition_after(text, match.end()) and not (
                _NAME_WORD_BEFORE.search(before)  # the tail of a longer name: "... Sahkari Bank"
            ):
                # "Indore में", "Annem İzmir'de": the town is the words the postposition
                # closes, the last ones; words left before it only where they open a
                # sentence, capitalised for that ("Western Union سے" is a firm)
                opens = SENTENCE_OPENS.search(before) is not None
                for word in regex.finditer(r"\S+", match.group()):
                    if word.start() > 0 and not opens:
                        break
                    if is_town(match.group()[word.start() :]):
                        add(match.start() + word.start(), match.end())
                        break
        for match in _FINNISH_CASED.finditer(text) if _FINNISH_VOWEL.search(text) else ():
            if any(is_town(form) for form in locatives.dictionary_forms(match.group())[1:]):
                add(*match.span())  # the word, its case with it, as a Slavic town's
        if not text.isascii() and locatives.hungarian(text):
            for match in _HUNGARIAN_CASED.finditer(text):
                word = match.group()
                if not is_town(word) and any(
                    is_town(form) for form in locatives.hungarian_forms(word)
                ):
                    add(*match.span())  # the word, its case with it
        for match in _NATIVE_TOWN.finditer(text):
            after = text[match.end(1) : match.end(1) + 24]
            if is_town(match.group(1)) and locatives.NATIVE_AFTER.match(after):
                add(*match.span(1))  # "I'm a proud Pune boy"
        for match in _LAST_AFTER_COMMA.finditer(text):
            if is_town(match.group(1)):
                add(*match.span(1))
        if not text.isascii():
            self._caseless(text, add)
        # (each needs one of its words: substring tests skip most texts)
        localities = may_contain(text, _LOCALITY_NEEDLES)
        for match in MARKED_LOCALITY.finditer(text) if localities else ():
            add(*match.span())
            # and the town it is in, after a comma ("colonia Santa Rosa, Aguascalientes")
            town = _TOWN_AFTER_LOCALITY.match(text, match.end())
            if (
                town is not None
                and "," in text[match.end() : town.start(1)]
                and (length := _town_words(town.group(1)))
            ):
                add(town.start(1), town.start(1) + length)
        numbered = may_contain(text, _NUMBERED_LOCALITY_NEEDLES)
        for match in NUMBERED_LOCALITY.finditer(text) if numbered else ():
            start, end = _without_closed_words(text, *match.span())
            town = _TOWN_AFTER_LOCALITY.match(text, end)
            if town is not None and (length := _town_words(town.group(1))):
                end = town.start(1) + length
            add(start, end)
        municipalities = may_contain(text, _MUNICIPALITY_NEEDLES)
        for match in _AFTER_MUNICIPALITY.finditer(text) if municipalities else ():
            add(*match.span(1))
        before_postposition = _LOWER_CITY_BEFORE_NEED.search(text) is not None
        for pattern, possible in (
            (_LOWER_CITY_AFTER, True),
            (_LOWER_CITY_BEFORE, before_postposition),
        ):
            for match in pattern.finditer(text) if possible else ():
                words, start = match.group(1), match.start(1)
                for candidate in (words, words.split()[0]):
                    if len(candidate) >= 4 and _big_city(candidate):
                        add(start, start + len(candidate))
                        break
        for match in _AFTER_INSTITUTION.finditer(text):
            add(*match.span(1))
        for match in _TOWN_AFTER_INSTITUTION.finditer(text):
            town = match.group(1)
            if is_town(town):
                add(*match.span(1))
            elif (
                " " in town
                and is_town(town.split()[0])
                and not HEAD_WORD.fullmatch(town.split()[1])  # "Acme Ltd, Paris Inc"
            ):
                add(match.start(1), match.start(1) + len(town.split()[0]))
        streets = NAMED_STREET if _STREET_TYPE_WORD_NEED.search(text) else _NAMED_STREET_TYPE_AFTER
        for match in streets.finditer(text):
            start, end = _without_closed_words(text, *match.span())
            if start < end:
                add(start, end, merge.NAMED_STREET)
        return found

    def _caseless(self, text: str, add) -> None:
        if _KANA.search(text):
            for word in _KANJI_WORD.finditer(text):
                if is_town(word.group()):
                    add(_with_prefecture(text, word.start()), word.end())
            for place in _JAPANESE_PLACE_BY_WHAT_IS_THERE.finditer(text):
                add(*place.span(place.lastindex))
        for district in _HAN_DISTRICT_AFTER_COVERB.finditer(text):
            add(*district.span(1))
        for run in _HAN_RUN.finditer(text):
            value, offset = run.group(), run.start()
            for i in range(len(value)):
                # (before the province, if one is written first: "在浙江省绍兴市")
                lead = _with_prefecture(text, offset + i)
                before = text[max(0, lead - 4) : lead]
                if not (
                    locatives.CHINESE_COVERB.search(before)
                    or locatives.HOME_IS_BEFORE.search(before)
                ):
                    # a town with its ward or village after it is an address's part:
                    # "横浜市港北区の", "绍兴越城区"
                    for length in range(min(_LONGEST_HAN, len(value) - i), 1, -1):
                        if is_town(value[i : i + length]):
                            district = _HAN_DISTRICT.match(text, offset + i + length, run.end())
                            if district is not None:
                                add(_with_prefecture(text, offset + i), district.end())
                            break
                    continue
                for length in range(min(_LONGEST_HAN, len(value) - i), 1, -1):
                    if is_town(value[i : i + length]):
                        district = _HAN_DISTRICT.match(text, offset + i + length, run.end())
                        add(
                            _with_prefecture(text, offset + i),
                            district.end() if district else offset + i + length,
                        )
                        break
            # where a postposition follows, once per position (not once per candidate)
            closed = {
                end
                for end in range(offset + 2, run.end() + 1)
                if locatives.postposition_after(text, end)
                or HAN_BRANCH.match(text, end)
                or HAN_NATIVE_AFTER.match(text, end)
            }
            for i in range(len(value)):
                for length in range(min(_LONGEST_HAN, len(value) - i), 1, -1):
                    end = offset + i + length
                    if end in closed and is_town(value[i : i + length]):
                        # with the prefecture written before it ("長野県松本市")
                        add(_with_prefecture(text, offset + i), end)
                        break
        for word in _CASELESS_WORD.finditer(text):
            value, start = word.group(), word.start()
            if regex.match(r"\p{Hangul}", value):
                for length in range(len(value), 1, -1):
                    # a city's name said without its "시" ("원주에 살고": 원주시)
                    stem = value[:length]
                    if _KOREAN_PARTICLES.fullmatch(value[length:]) and (
                        is_town(stem) or is_town(stem + "시")
                    ):
                        # with the district, town or neighbourhood written after it
                        # ("춘천 효자동에", "수원시 팔달구"): the address's place
                        part = None if length < len(value) else _KOREAN_PART.match(text, word.end())
                        add(start, part.end(1) if part else start + length)
                        break
                else:
                    district = _KOREAN_LIFE_DISTRICT.match(text, start)
                    if district is not None:
                        add(*district.span(1))
                        continue
                    for pattern in (
                        _KOREAN_DISTRICT_AND_NEIGHBOURHOOD,
                        _KOREAN_DISTRICT_BEFORE_INSTITUTION,
                    ):
                        district = pattern.match(text, start)
                        if district is not None:
                            add(*district.span())
                            break
                continue
            # a town of two words first ("خميس مشيط", "नई दिल्ली"), then of one
            end = word.end()
            second = _CASELESS_WORD.match(text, end + 1) if text[end : end + 1] == " " else None
            if second is not None and is_town(f"{value} {second.group()}"):
                value, end = f"{value} {second.group()}", second.end()
            stripped = 0
            if not is_town(value):
                case = _BENGALI_CASE.search(value)
                if case is not None and is_town(value[: case.start()]):
                    add(start, end)  # the case says "in": "ঢাকায়"
                    continue
                if value[:1] not in _PROCLITICS or not is_town(value[1:]):
                    continue
                stripped = 1
            before = text[max(0, start - 8) : start]
            if (
                stripped
                or locatives.ARABIC_PREPOSITION.search(before)
                or locatives.postposition_after(text, end)
            ):
                add(start + stripped, end)


register("places.v1")(PlaceRecognizer)
