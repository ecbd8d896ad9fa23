"""Where a place stands in a sentence, in English and other languages: the closed-class
words that put a noun in the role of a place (prepositions, Chinese coverbs, Korean,
Japanese and Hindi postpositions), and which role it is: where someone is or comes from,
or where one goes. Russian and Polish say it by the noun's case ("в Тюмени", locative,
is where; "в Дубай", accusative, is where to), so a case ending undone is read too.

The places recognizer finds towns after or before these words; the public/private
decision reads the role: where the writer or their people are is theirs, where they go is
a destination.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

import marisa_trie

from veil.rules import lazy_regex as regex


class Role(StrEnum):
    WHERE = "where"  # at, in; also "from": where someone comes from is theirs too
    TO = "to"  # a destination


# Prepositions before a place, by the role they give it. English's own are read by the
# parse; these are the other languages' (Spanish, Portuguese, French, Italian, German,
# Dutch, Scandinavian, Polish, Czech, Russian, Ukrainian).
_WHERE_BEFORE = (
    r"en|em|no|na|nos|nas|dans|à|au|aux|a|in|im|bei|bij|i|på|w|we|v|ve|u|pod|koło|obok|"
    r"de|desde|depuis|da|aus|von|uit|van|från|z|ze|в|во|у|под|возле|около|из|с|со|з|із|від|"
    # (Italian's "a" before a vowel: "ad Altoona")
    r"ad|"
    # Indonesian and Malay, Tagalog, Vietnamese, Swahili, Greek, Romanian
    r"di|dari|sa|taga|ở|tại|từ|katika|huko|mjini|στο|στη|στην|στον|στα|από|în|la|din|"
    # (Greek names a place with its article: "από το Ρέθυμνο", from Rethymno)
    r"από[ \t]+(?:το|τη|την|τον|τα)|"
    # Swahili's "is at" by who is there ("niko Nairobi", "nyumba yangu iko Kahawa"), and
    # its "live", which takes the place with no preposition ("naishi Moshi")
    r"niko|tuko|uko|yuko|mko|wako|iko|ziko|kuko|"
    r"naishi|ninaishi|niliishi|tunaishi|tuliishi|anaishi|aliishi|wanaishi|"
    r"nafanya[ \t]+kazi|ninafanya[ \t]+kazi|nilifanya[ \t]+kazi|tunafanya[ \t]+kazi|"
    # near and outside a place (Swedish, Norwegian, Danish, German)
    r"utanför|utenfor|udenfor|nära|nær|außerhalb|nahe|"
    # a branch named for its town, as Indonesian and Vietnamese write it ("cabang Bogor")
    r"cabang|chi nhánh"
)
# The other languages' words for "in" or "at" that are nothing else (not "a", "de" or
# "la", which are "to", "of" and "the" too): "Vårdcentralen Gripen i Karlstad", "Shule ya
# Msingi Mwangaza huko Moshi", "Panadería Lucero en Tudela".
IN_OR_AT = (
    r"en|em|no|na|nos|nas|dans|à|au|aux|im|bei|bij|i|på|w|we|v|ve|в|во|у|di|sa|ở|tại|"
    r"katika|huko|στο|στη|στην|στον|în|"
    # Arabic's and Persian's "in", as words of their own
    r"في|در"
)
# ... and for "from", where someone comes from (not "de"/"da", which are "of" too):
# "Kacper from Łódź", "Van Dijk Vastgoedbeheer uit Haarlem", "Ewa z Krakowa"
FROM = (
    r"from|uit|aus|från|fra|z|ze|из|з|із|від|dari|từ|kutoka|από|από[ \t]+(?:το|τη|την|τον|τα)|"
    r"desde|depuis"
)
_TO_BEFORE = r"para|hacia|vers|nach|naar|till|do|per|до|к|ко|ke|đến|tới|προς"
# Chinese coverbs (before) and Japanese, Korean and Hindi postpositions (after).
_CHINESE_WHERE = r"住在|在|从|來自|来自|于|於|回"
_CHINESE_TO = r"去|到|往|飞|飛"
_CHINESE_MOVED_TO = (
    r"转学到|轉學到|搬到|搬去|搬来|搬來|搬回|迁到|遷到|迁往|遷往|定居在|定居于|定居|落户|落戶"
)
# (a branch, office or plant named for its town is where someone works: "浜松の工場")
# one's family home, home town or house in a town, written after it ("松本市の実家に帰る")
_JAPANESE_HOME = r"の(?:実家|地元|自宅)"
_JAPANESE_WHERE = (
    rf"で|に住|に住んで|から|在住|出身|の?(?:支店|支社|営業所|本社|工場|事務所)|{_JAPANESE_HOME}"
    # the town of a place one is at: "札幌の病院で" (at a hospital in Sapporo),
    # "横浜の株式会社ミナトデザインで"
    r"|の[\p{Han}\p{Katakana}ー]{1,12}(?:で|に)"
)
_JAPANESE_TO = r"へ|まで|に行"
# (living or being "at" a place may take a word between: "전주에 혼자 사시는데", alone)
_KOREAN_WHERE = r"에서|에서는|에서도|에\s*(?:\S+\s+)?(?:살|사(?:시|세|십|셨)|있)|출신|시에서|시에"
_KOREAN_TO = r"으로|로|까지|에\s*가|에\s*갈"
# (and as Hindi is often typed, in Latin letters: "Sultanpur mein"); a town in the
# genitive before the part of it one is in ("भोपाल के अरेरा कॉलोनी में", in Bhopal's
# Arera Colony)
# ("me", in, and "se", from, as chat spells them: "Jaipur me", "Lucknow se aa rahe")
_HINDI_WHERE = (
    r"में|से|पर|mein|mei|mai|me|se|par|"
    r"(?:के|का|की)[ \t]+(?:[\p{Devanagari}\p{M}]+[ \t]+){1,3}?(?:में|से)"
)
_HINDI_TO = r"को|तक|tak"
# Turkish writes a proper noun's case after an apostrophe: "İzmir'de" (in), "'den"
# (from), "'e"/"'ye" (to).
_TURKISH_WHERE = r"['’](?:de|da|te|ta|den|dan|ten|tan|deki|daki|teki|taki)(?![\p{L}])"
_TURKISH_TO = r"['’](?:e|a|ye|ya)(?![\p{L}])"
# (the Maghreb's "in" is "ف" on the word: "فالرباط")
_ARABIC_WHERE = r"في|من|ب|ف"
_ARABIC_TO = r"إلى|الى|ل"
# Persian writes its prepositions as words before the noun ("در شیراز", in; "از", from;
# "به", to), Urdu its postpositions as words after it ("گوجرانوالہ میں", in; "سے", from;
# "پر", at; "تک" and "کو", to).
# (spoken Persian's "in" is "تو", inside: "تو کرج")
_PERSIAN_WHERE = r"در|از|تو"
_PERSIAN_TO = r"به"
_URDU_WHERE = r"میں|سے|پر"
_URDU_TO = r"تک|کو"
# Hebrew writes "in", "from" and "to" on the noun, after "and" or "that" if any:
# "בחיפה" (in Haifa), "מברלין" (from Berlin), "ולתל אביב" (and to Tel Aviv)
_HEBREW_WHERE = r"(?:ו|ש|כש)?[במ]"
_HEBREW_TO = r"(?:ו|ש|כש)?ל"
# Bengali marks the place by the noun's case, an ending joined to it: the locative
# ("ঢাকায়", "সিলেটে", "কলকাতাতে"; "-য়" written as one letter or two), and "থেকে", from,
# a word after it.
BENGALI_LOCATIVE = r"(?:য়|য়|তে|ে|এ)"
# Finnish's local cases, an ending after a town's vowel: in or at ("Jyväskylässä",
# "Vantaalla"), from ("Oulusta", "Lahdesta"), to ("Espoolle"); the town's span holds its
# case, and ``role`` reads it there.
FINNISH_WHERE = r"ssa|ssä|sta|stä|lla|llä|lta|ltä"
FINNISH_TO = r"lle"
_BENGALI_WHERE = r"থেকে"
# Hungarian's local cases, joined to the town by vowel harmony: in or at ("Kecskeméten",
# "Győrben", "Tatán"), from ("Szegedről", "Pécsről"), to ("Debrecenbe", "Egerre"); only a
# town the gazetteer has without the ending counts (``HUNGARIAN_CASE`` undone), and only in
# Hungarian text (``hungarian``).
_HUNGARIAN_WHERE = r"ban|ben|on|en|ön|n|ból|ből|ról|ről|tól|től|nál|nél"
_HUNGARIAN_TO = r"ba|be|ra|re|hoz|hez|höz"
HUNGARIAN_CASE = regex.compile(
    rf"(?<=\p{{Latin}}{{3}})(?P<to>{_HUNGARIAN_TO})$|(?<=\p{{Latin}}{{3}})(?:{_HUNGARIAN_WHERE})$"
)
# Hungarian's own closed-class words (not "is", "van", "nem", which English, Dutch and
# Portuguese have too)
_HUNGARIAN_WORDS = regex.compile(
    r"(?<![\p{L}])(?i:és|hogy|egy|már|vagy|csak|mert|kell|lesz|volt|nagyon|szia|kérem|"
    r"köszönöm|nálunk|nekem|engem|én)(?![\p{L}])"
)


def hungarian(text: str) -> bool:
    """Two different Hungarian closed-class words, or one and Hungarian's long vowels
    (a short message: "Én vezetem a könyvelést ...")."""
    found = len({w.casefold() for w in _HUNGARIAN_WORDS.findall(text)})
    return found >= 2 or (found == 1 and _HUNGARIAN_VOWELS.search(text) is not None)


_HUNGARIAN_VOWELS = regex.compile(r"[őűŐŰ]|[áéíóöüú].*[áéíóöüú]", regex.DOTALL)

WHERE_PREPOSITION = regex.compile(rf"(?<![\p{{L}}])(?i:{_WHERE_BEFORE})[ \t]+$")
TO_PREPOSITION = regex.compile(rf"(?<![\p{{L}}])(?i:{_TO_BEFORE})[ \t]+$")
# What the recognizer takes as a place's marker, either role.
PREPOSITION_BEFORE = regex.compile(rf"(?<![\p{{L}}])(?i:{_WHERE_BEFORE}|{_TO_BEFORE})[ \t]+$")
CHINESE_COVERB = regex.compile(rf"(?:{_CHINESE_WHERE}|{_CHINESE_TO})[ \t]?$")
# A coverb right after a subject opens its predicate: "我爸爸在杭州工作" (after "my
# dad": "at Hangzhou works"), where a name would otherwise stand.
CHINESE_COVERB_AFTER_SUBJECT = regex.compile(rf"(?:{_CHINESE_WHERE}|{_CHINESE_TO})")
POSTPOSITION_AFTER = regex.compile(
    rf"(?:[ \t]*(?:{_HINDI_WHERE}|{_HINDI_TO}|{_URDU_WHERE}|{_URDU_TO}|{_BENGALI_WHERE})"
    r"(?![\p{L}\p{M}])"
    rf"|(?:{_JAPANESE_WHERE}|{_JAPANESE_TO})|(?:{_KOREAN_WHERE}|{_KOREAN_TO})"
    rf"|{_TURKISH_WHERE}|{_TURKISH_TO})"
)
# Hindi's "me" and "se" typed in Latin letters are English's "me" and Romance's "se"
# too ("Tell me about"): a postposition only before a word no such language closes with.
_LATIN_POSTPOSITIONS = frozenset({"me", "se"})
_NEXT_WORD = regex.compile(r"[ \t,]*(\p{L}+)")


def postposition_after(text: str, end: int) -> regex.Match | None:
    """The postposition right after ``text[:end]``, if one stands there."""
    found = POSTPOSITION_AFTER.match(text, end)
    return found if found is not None and _stands_as_postposition(text, found) else None


def _stands_as_postposition(text: str, found: regex.Match) -> bool:
    """``found`` (a postposition's match in ``text``) is one: not a Latin "me" or "se"
    before a closed-class word of English or a Romance language, nor at the text's end."""
    if found.group().strip().casefold() not in _LATIN_POSTPOSITIONS:
        return True
    following = _NEXT_WORD.match(text, found.end())
    if following is None:
        return False
    word = following.group(1).casefold()
    return word not in english_closed_words() and word not in _other_closed_words()


# Japanese "one's family home / home town / where one lives is" before a town: the
# writer's own ("実家が富良野なんですが"), the word says whose
# ... or after it, the town's: "長野県松本市の実家に帰る" (to my family home in Matsumoto)
# ... and Turkish's "the one in" (-daki) before a noun the writer owns by its suffix:
# "Bursa'daki evimizde" (in our house in Bursa), "Ankara'daki okulumuz" (our school)
_TURKISH_OURS = (
    r"['’](?:daki|deki|taki|teki)[ \t]+\p{Ll}{2,}?(?:ımız|imiz|umuz|ümüz|ım|im|um|üm)"
    r"(?:da|de|ta|te|dan|den|tan|ten|a|e|ı|i|u|ü|ın|in|un|ün)?(?![\p{L}])"
)
HOME_AFTER = regex.compile(rf"{_JAPANESE_HOME}|{_TURKISH_OURS}")
HOME_IS_BEFORE = regex.compile(
    r"(?:実家|地元|故郷|ふるさと|出身地|住まい|自宅)(?:が|は|も)[ \t]*$"
    # Chinese "home town" right before it ("回老家安徽阜阳", back home to Fuyang, Anhui)
    r"|(?:老家|家乡|故乡)(?:在|是)?[ \t]*$"
    # Korean home town, family home, and a wife's or a husband's parents' home
    # ("제 고향이 경주인데", my home town is Gyeongju)
    r"|(?:고향|본가|친정|시댁|시가)(?:이|은|도|는)?[ \t]*$"
)
ARABIC_PREPOSITION = regex.compile(
    rf"(?<![\p{{L}}])(?:{_ARABIC_WHERE}|{_ARABIC_TO})[ \t]*$"
    rf"|(?<![\p{{L}}])(?:{_PERSIAN_WHERE}|{_PERSIAN_TO})[ \t]+$"
)

_ROLE_BEFORE = (
    # a move's or a settling's "to" is where one will live: "从成都搬到深圳" (moving from
    # Chengdu to Shenzhen), "定居在", "迁到"
    (regex.compile(rf"(?:{_CHINESE_MOVED_TO})[ \t]*$"), Role.WHERE),
    (regex.compile(rf"(?:{_CHINESE_TO})[ \t]*$"), Role.TO),
    (regex.compile(rf"(?:{_CHINESE_WHERE})[ \t]*$"), Role.WHERE),
    (regex.compile(rf"(?<![\p{{L}}])(?:{_ARABIC_TO})[ \t]*$"), Role.TO),
    (regex.compile(rf"(?<![\p{{L}}])(?:{_ARABIC_WHERE})[ \t]*$"), Role.WHERE),
    (regex.compile(rf"(?<![\p{{L}}])(?:{_HEBREW_TO})$"), Role.TO),
    (regex.compile(rf"(?<![\p{{L}}])(?:{_HEBREW_WHERE})$"), Role.WHERE),
    (regex.compile(rf"(?<![\p{{L}}])(?:{_PERSIAN_TO})[ \t]+$"), Role.TO),
    (regex.compile(rf"(?<![\p{{L}}])(?:{_PERSIAN_WHERE})[ \t]+$"), Role.WHERE),
    (TO_PREPOSITION, Role.TO),
    (WHERE_PREPOSITION, Role.WHERE),
)
# Turkish's "in" and "from" after a proper noun's apostrophe ("İzmir'de", "Bolu'dan")
TURKISH_WHERE_CASE = regex.compile(_TURKISH_WHERE)
_ROLE_AFTER = (
    (TURKISH_WHERE_CASE, Role.WHERE),
    (regex.compile(_TURKISH_TO), Role.TO),
    (regex.compile(rf"(?:{_JAPANESE_TO}|{_KOREAN_TO})"), Role.TO),
    (regex.compile(rf"(?:{_JAPANESE_WHERE}|{_KOREAN_WHERE})"), Role.WHERE),
    (regex.compile(rf"[ \t]*(?:{_HINDI_TO})(?![\p{{L}}\p{{M}}])"), Role.TO),
    (regex.compile(rf"[ \t]*(?:{_HINDI_WHERE})(?![\p{{L}}\p{{M}}])"), Role.WHERE),
    (regex.compile(rf"[ \t]*(?:{_URDU_TO})(?![\p{{L}}\p{{M}}])"), Role.TO),
    (
        regex.compile(
            rf"(?:[ \t]*(?:{_URDU_WHERE}|{_BENGALI_WHERE})|{BENGALI_LOCATIVE})(?![\p{{L}}\p{{M}}])"
        ),
        Role.WHERE,
    ),
)

# Case endings of Polish, Czech, Russian and Ukrainian place names, and what the
# dictionary form ends in instead: "Rzeszowie" -> "rzeszow", "Warszawie" -> "warszawa",
# "Тюмени" -> "тюмень", "Москве" -> "москва", "Krakowa" -> "krakow".
_CASE_ENDINGS = (
    ("iu", ""),
    ("ie", ""),
    ("ie", "a"),
    ("y", "a"),
    ("i", "a"),
    ("i", "ia"),
    ("e", "a"),
    ("u", ""),
    ("a", ""),
    ("em", ""),
    ("ą", "a"),
    ("ę", "a"),
    ("ach", ""),
    # a plural town's locative: "w Gliwicach" is Gliwice, "w Tychach" Tychy
    ("ach", "e"),
    ("ach", "y"),
    ("ach", "i"),
    ("е", "а"),
    ("е", ""),
    ("и", "ь"),
    ("и", "а"),
    ("и", "я"),
    ("у", ""),
    ("у", "а"),
    ("а", ""),
    ("ом", ""),
    ("ем", "ь"),
    ("ой", "а"),
    ("і", "ь"),
    ("і", "а"),
    ("і", "я"),
    ("ю", "ь"),
    # Ukrainian's "і" of a closed last syllable opens again before an ending: "у Львові"
    # is Львів, "у Харкові" Харків, "з Тернополя" Тернопіль, "зі Львова" Львів
    ("ові", "ів"),
    ("ова", "ів"),
    ("оля", "іль"),
    ("олі", "іль"),
)


# Any case ending after an apostrophe closing a name ("Bolu'da", "Eczanesi'nden"), not an
# English possessive's "'s".
# Hungarian joins a case to an abbreviation by a hyphen ("Bt.-nek", "Kft.-nél").
_CASE_ENDING = regex.compile(r"['’](?!s\b)\p{Ll}{1,5}$|(?<=\.)-\p{Ll}{1,5}$")


def name_before_case_ending(text: str, start: int, end: int) -> int:
    """Where a name read over ``text[start:end]`` ends once a Turkish case after an
    apostrophe is taken off ("Bolu'da" -> "Bolu"), and before any word after one: Turkish
    writes the case after a proper noun's last word, so a name does not go on past it
    ("Orhan Pamuk'un Masumiyet Müzesi" -> "Orhan Pamuk"); ``end`` if there is none."""
    inside = _CASE_INSIDE.search(text, start, end)
    if inside is not None and inside.start() - start >= 3:
        return inside.start()
    case = _CASE_ENDING.search(text, start, end)
    return case.start() if case is not None and case.start() - start >= 3 else end


# Turkish's case suffixes after an apostrophe, by vowel harmony and buffer consonant (the
# genitive, accusative, dative, locative and ablative, and "-ki" after the locative), with
# a word after them: the name ended before. Not one letter alone ("Ng'ang'a Kamau").
# Hungarian's after an abbreviation's hyphen too ("Kft.-nél Győrben").
_CASE_INSIDE = regex.compile(
    r"(?:['’](?:n?[ıiuü]n|y[ıiuü]|[ıü]|y[ae]|n[ae]|n?[dt][ae](?:n|ki)?|n[ıiuü])"
    r"|(?<=\.)-\p{Ll}{1,5})(?=[ \t]+\p{Lu})"
)


def dictionary_forms(word: str) -> list[str]:
    """Forms a Slavic noun in another case may have in the dictionary, most likely first
    (the word itself first of all)."""
    forms = [word]
    lowered = word.casefold()
    for ending, replacement in _CASE_ENDINGS:
        if lowered.endswith(ending) and len(lowered) > len(ending) + 2:
            forms.append(word[: -len(ending)] + replacement)
    joined = _JOINED_CASE.search(word)
    if joined is not None:
        stem = word[: joined.start()]
        forms.append(stem)
        # Finnish's consonant gradation undone: "Lahdessa" is Lahti, "Helsingissä"
        # Helsinki; a long vowel before the ending shortened: "Tampereella" Tampere
        for weak, strong in _FINNISH_GRADATION:
            if stem.endswith(weak):
                forms.append(stem[: -len(weak)] + strong)
    province = _PROVINCE_FIRST.match(word)
    if province is not None:
        forms.append(word[province.end() :])  # "浙江省绍兴市" is 绍兴市
    forms += hungarian_forms(word)
    return forms


def hungarian_forms(word: str) -> list[str]:
    """The town a Hungarian case ending may have been joined to ("Kecskeméten" ->
    "Kecskemét"; "Tatán" -> "Tata", its last vowel lengthened before the ending)."""
    hungarian = HUNGARIAN_CASE.search(word)
    if hungarian is None:
        return []
    stem = word[: hungarian.start()]
    if stem.endswith(("á", "é")):
        return [stem, stem[:-1] + {"á": "a", "é": "e"}[stem[-1]]]
    return [stem]


# A Japanese prefecture or a Chinese province, written before its town (not a coverb).
PROVINCE = r"(?:(?![在从於于回住去到往飞飛来來自])\p{Han}){1,3}[県府省]|東京都|北海道"
_PROVINCE_FIRST = regex.compile(rf"(?:{PROVINCE})(?=\p{{Han}}{{2}})")


_FINNISH_GRADATION = (("de", "ti"), ("ngi", "nki"), ("ee", "e"), ("mme", "mpe"), ("nne", "nte"))
# A local case joined to the name: Finnish's after the name's vowel ("Jyväskylässä"),
# Bengali's locative ("ঢাকায়").
_JOINED_CASE = regex.compile(
    rf"(?<=\p{{Latin}}{{3}}[aeiouyäö])(?:{FINNISH_WHERE}|{FINNISH_TO})$"
    rf"|(?<=\p{{Bengali}}{{2}}){BENGALI_LOCATIVE}$"
)


# Slavic prepositions that take both cases: the locative is where ("в Тюмени"), the
# accusative where to ("в Дубай", "w góry"); a town's accusative is mostly its own form.
_EITHER_CASE = regex.compile(r"(?<![\p{L}])(?i:в|во|на|w|we|na|v|ve)[ \t]+$")


@dataclass(frozen=True, slots=True)
class Marked:
    role: Role
    marker_before: bool  # a preposition or coverb, not a postposition or case ending


def role(before: str, after: str, value: str = "", undeclined: bool = False) -> Marked | None:
    """The role the words right around a place give it, if any marker stands there.
    ``undeclined``: ``value`` is a town's name as the dictionary has it, which after a
    Slavic preposition of either case says where to."""
    if undeclined and _EITHER_CASE.search(before) and not value.isascii():
        return Marked(Role.TO, True)
    for pattern, found in _ROLE_BEFORE:
        if pattern.search(before):
            return Marked(found, True)
    for pattern, found in _ROLE_AFTER:
        match = pattern.match(after)
        if match and _stands_as_postposition(after, match):
            return Marked(found, False)
    joined = _JOINED_CASE.search(value)
    if joined is not None:
        return Marked(Role.TO if joined.group() == FINNISH_TO else Role.WHERE, False)
    hungarian = None if undeclined else HUNGARIAN_CASE.search(value)
    if hungarian is not None:  # ("London" is a town as it is, no "-on" case)
        return Marked(Role.TO if hungarian.group("to") else Role.WHERE, False)
    return None


# The writer as a native of a town: "I'm a proud Pune boy", "we're Leeds lads".
_NATIVE = (
    r"(?:boy|boys|girl|girls|lad|lads|lass|lasses|native|natives|local|locals|guy|guys|gal|"
    r"kid|kids|born and raised|born and bred|born)"
)
NATIVE_SELF = (
    r"\b(?:i'?m|i’m|i am|we'?re|we’re|we are|im)\s+(?:an?\s+)?"
    r"(?:(?:proud|true|real|born|proper|typical)\s+){0,2}"
)
NATIVE_BEFORE = regex.compile(rf"{NATIVE_SELF}$", regex.IGNORECASE)
NATIVE_AFTER = regex.compile(rf"^\s+{_NATIVE}\b", regex.IGNORECASE)
# The writer in other languages: first-person pronouns and possessives (Spanish to
# Ukrainian, then Chinese, Korean, Japanese, Hindi, Arabic and Hebrew ones), which make a
# clause about the writer's life. (Arabic and Hebrew say "my" by a suffix: the name
# rules' relation words carry it.)
# Urdu's and Bengali's "my" and "our", which the name rules read before a relation too
URDU_MY = r"میرا|میری|میرے|ہمارا|ہماری|ہمارے"
BENGALI_MY = r"আমার|আমাদের"
# Finnish says "my" by a suffix on the noun: "pomoni" (my boss), "äitini" (my mother)
FINNISH_MY_RELATIONS = (
    r"äitini|isäni|vaimoni|mieheni|poikani|tyttäreni|siskoni|veljeni|pomoni|esimieheni|"
    r"ystäväni|naapurini|kollegani|mummoni|vaarini|serkkuni|tätini|setäni|enoni"
)
_FIRST_PERSON_CASED = (
    # (plain words: the list is also read word by word, by ``_other_closed_words``)
    r"mi|mis|mí|nuestro|nuestra|nuestros|nuestras|yo|nosotros|meu|minha|meus|minhas|nosso|"
    r"nossa|eu|nós|mon|ma|mes|notre|nos|je|j|nous|mio|mia|miei|mie|nostro|nostra|nostri|"
    r"nostre|io|noi|"
    r"mein|meine|meinen|meinem|meiner|unser|unsere|unseren|unserem|ich|wir|"
    r"mijn|onze|ons|ik|wij|we|min|mitt|mina|vår|vårt|våra|jag|vi|"
    r"mój|moja|moje|moi|mojego|mojej|mojemu|moim|nasz|nasza|nasze|naszego|naszej|ja|my|"
    r"můj|moje|naše|náš|já|"
    r"мой|моя|моё|мое|мои|моего|моей|моему|моим|наш|наша|наше|наши|нашего|нашей|я|мы|"
    r"мій|моя|моє|мої|ми|нас|нам|меня|мне|мене|мені|"
    # Hindi typed in Latin letters
    # (and its verbs' first persons, at a clause's end: "coaching leta hoon", I take)
    r"mera|mere|meri|main|hum|hamara|hamare|hamari|hoon|hun|hu|"
    # Turkish: the pronouns, and kin words with the first person's suffix ("oğlum")
    r"ben|biz|benim|bizim|oğlum|kızım|annem|babam|eşim|kocam|karım|kardeşim|ablam|abim|"
    # Finnish: the pronouns, first persons of being, living, working and studying, and
    # kin words with "my" as their suffix ("pomoni", my boss)
    r"minä|mä|minun|mun|meidän|asun|asumme|olen|olemme|työskentelen|työskentelemme|"
    rf"opiskelen|opiskelemme|muutin|muutimme|synnyin|kasvoin|{FINNISH_MY_RELATIONS}|"
    # Hungarian: the pronouns in their cases ("én", "nekem", "nálunk")
    r"én|engem|nekem|nálam|velem|tőlem|enyém|mi|minket|nekünk|nálunk|velünk|lakom|lakunk|"
    # Indonesian, Tagalog, Vietnamese, Swahili, Greek, Romanian
    r"saya|aku|kami|kita|ako|namin|natin|tayo|tôi|mình|mimi|yangu|wangu|langu|letu|sisi|"
    r"εγώ|μου|μας|εμείς|eu|meu|mea|mei|noi|nostru|noastră"
)
# Languages that drop the subject say "I" and "we" in the verb: the first persons of
# living, renting, working and studying ("moro em", "affitto in", "mieszkam w", "живу в",
# "Bolu'da yaşıyoruz"), where the clause has no pronoun to read.
_FIRST_PERSON_VERBS = (
    r"vivo|vivimos|vivemos|viviamo|resido|residimos|alquilo|trabajamos|estudiamos|"
    r"moro|moramos|trabalho|trabalhamos|estudo|estudamos|alugo|"
    r"abito|abitiamo|affitto|lavoro|lavoriamo|studiamo|"
    r"mieszkam|mieszkamy|pracuję|pracujemy|studiuję|studiujemy|"
    # Polish says the past's person by the ending ("dostałam pracę w Krakowie", I got a
    # job in Kraków; "mieszkaliśmy", we lived), Czech by its "to be" ("bydlela jsem")
    r"\p{L}{3,}(?:łam|łem|łyśmy|liśmy)|jsem|jsme|"
    r"bydlím|bydlíme|pracuji|pracuju|pracujeme|"
    r"живу|живём|живем|работаю|работаем|учусь|учимся|живемо|працюю|працюємо|навчаюсь|"
    r"yaşıyorum|yaşıyoruz|oturuyorum|oturuyoruz|çalışıyorum|çalışıyoruz|okuyorum|okuyoruz|"
    # Swahili marks the subject with a prefix: ni-/na- "I", tu- "we" ("naishi", "nafanya
    # kazi", "tunaishi", "nilisoma")
    r"naishi|ninaishi|niliishi|tunaishi|tuliishi|nafanya kazi|ninafanya kazi|"
    r"nilifanya kazi|tunafanya kazi|nasoma|ninasoma|nilisoma|tunasoma|"
    # Greek ("μένω στην Πάτρα", I live in Patras)
    r"μένω|μένουμε|ζω|ζούμε|δουλεύω|δουλεύουμε|εργάζομαι|εργαζόμαστε|σπουδάζω|σπουδάζουμε|"
    r"γεννήθηκα|μεγάλωσα|"
    # Romanian ("locuiesc în Cluj", "lucrez ca îngrijitoare la o familie din Torino")
    r"locuiesc|locuim|lucrez|lucrăm|muncesc|muncim|studiez|studiem|m-am născut|am crescut"
)
# Persian: a relation with the first person's suffix ("مادرم", my mother; "همکارمان", our
# colleague), and the names' rules read it before a name too.
PERSIAN_MY_RELATION = (
    # (cousins are a son's or a daughter's of an uncle or an aunt: "پسرخاله‌ام")
    r"(?:(?:پسر|دختر)\u200c?(?:خاله|عمو|عمه|دایی)|"
    r"مادر|پدر|برادر|خواهر|همسر|شوهر|زن|پسر|دختر|دوست|عمو|دایی|خاله|عمه|پدربزرگ|"
    r"مادربزرگ|همکار|رئیس|مدیر|صاحبخانه|همسایه|نامزد)(?:\u200c?ام|م|\u200c?مان|یم)"
    r"(?![\p{L}\p{M}])"
)
# Persian's "I" and "we" ("من", "ما") are Arabic's "from" and "what": read as the writer
# only in a line written in Persian (with a letter Arabic does not use: پ چ ژ گ, or the
# Persian forms of kaf and yeh), or before a word only Persian has ("من در", I in). A
# verb says the first person by its ending, after the present's "می" ("زندگی می‌کنم", I
# live), or is "to be" ("هستم", I am).
_PERSIAN_LETTER = r"[\u067E\u0686\u0698\u06AF\u06A9\u06CC]"
_PERSIAN_FIRST_PERSON = (
    rf"(?:من|ما|بنده)"
    rf"(?=[^\n]{{0,200}}{_PERSIAN_LETTER}|[ \t]+(?:در|به|از|را|هم|که)(?![\p{{L}}]))"
    rf"|(?<={_PERSIAN_LETTER}[^\n]{{0,200}})(?:من|ما|بنده)"
    r"|(?:ن?می\u200c?|ن?می[ \t])\p{Arabic}+(?:م|یم)|هستم|هستیم|بودم|بودیم|" + PERSIAN_MY_RELATION
)
# One word that is another language's verb in the first person ("Vivo", "Ninaishi").
FIRST_PERSON_VERB = regex.compile(rf"(?i:{_FIRST_PERSON_VERBS})")
FIRST_PERSON_OTHER_LANGUAGE = regex.compile(
    # (not Swahili's question particle "Je," that opens a question)
    rf"(?<![\p{{L}}])(?!(?i:je)[ \t]*,)"
    rf"(?i:{_FIRST_PERSON_CASED}|{_FIRST_PERSON_VERBS})(?![\p{{L}}])"
    r"|我|咱们|咱|私|僕|俺|うち|(?<![\p{L}])(?:제|저는|제가|저희|나는|내가|내|우리)"
    r"|(?<![\p{L}])(?:मैं|मेरा|मेरे|मेरी|हम|हमारा|हमारे|हमारी)(?![\p{L}\p{M}])"
    # Urdu (its "میں", I, is also "in": the possessives and "I am"'s "ہوں" say who) and
    # Bengali
    rf"|(?<![\p{{L}}\p{{M}}])(?:{URDU_MY}|ہوں|আমি|{BENGALI_MY}|আমরা)(?![\p{{L}}\p{{M}}])"
    # (with "and"/"so" before: "ونحن"; the hamza often left off: "انا"; the spoken "we",
    # and the spoken "mine" of the Maghreb, Egypt and the Levant: "مول الدار ديالي", my
    # landlord)
    r"|(?<![\p{L}])[وف]?(?:أنا|انا|نحن|نحنا|احنا|إحنا|ديالي|ديالنا|بتاعي|بتاعتي|بتاعنا|"
    r"تبعي|تبعتي|تبعنا)(?![\p{L}])"
    rf"|(?<![\p{{L}}\p{{M}}])(?:{_PERSIAN_FIRST_PERSON})(?![\p{{L}}\p{{M}}])"
    r"|(?<![\p{L}])ו?(?:אני|אנחנו|שלי|שלנו)(?![\p{L}])"
)


class Words(AbstractSet[str]):
    """A read-only set of words kept in a marisa trie: the closed-class words of 75
    languages took about 5 MB as Python sets (one per language and their union, and the
    union less English's once more), a few hundred KB this way. ``-`` leaves a few words
    out of the same trie instead of copying it."""

    __slots__ = ("_less", "_trie")

    def __init__(self, words: Iterable[str], less: frozenset[str] = frozenset()) -> None:
        self._trie = words if isinstance(words, marisa_trie.Trie) else marisa_trie.Trie(words)
        self._less = less

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word in self._trie and word not in self._less

    def __iter__(self) -> Iterator[str]:
        return (word for word in self._trie.iterkeys() if word not in self._less)

    def __len__(self) -> int:
        return len(self._trie) - sum(word in self._trie for word in self._less)

    def __sizeof__(self) -> int:  # the trie's memory is C++'s, which tracemalloc misses
        return object.__sizeof__(self) + len(self._trie.tobytes()) + sys.getsizeof(self._less)

    def __sub__(self, other: AbstractSet[Any]) -> Words:  # type: ignore[override]
        return Words(self._trie, self._less | frozenset(w for w in other if isinstance(w, str)))


@cache
def english_closed_words() -> frozenset[str]:
    """English's closed-class words, as spaCy lists them."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


@cache
def stop_words_of_any_language() -> Words:
    """The closed-class words of the 75 languages spaCy lists them for."""
    from pathlib import Path

    import spacy

    words: set[str] = set()
    for file in sorted((Path(spacy.__file__).parent / "lang").glob("*/stop_words.py")):
        words.update(_read_stop_words(file.parent.name))
    return Words(words)


# Hindi as it is often typed, in Latin letters: its commonest closed-class words (spaCy
# lists Hindi's in Devanagari), less those that are English words too ("the", "to")
HINDI_LATIN = "hi-Latn"
_HINDI_LATIN_CLOSED = frozenset(
    {
        *("hai", "hain", "tha", "thi", "ka", "ki", "ke", "ko", "se", "ne", "aur", "bhi"),
        *("nahi", "nahin", "kya", "kyun", "kaise", "kitna", "kitni", "hoon", "raha", "rahi"),
        *("rahe", "wala", "wali", "wale", "yeh", "woh", "ye", "wo", "mujhe", "apna", "apni"),
        *("apne", "ek", "hu", "hun", "kar", "karta", "karti", "leta", "leti", "gaya"),
    }
)


@cache
def stop_words(language: str) -> Words:
    """One language's closed-class words as spaCy lists them (ISO 639-1 code, or
    ``HINDI_LATIN``); empty if spaCy has no list for it."""
    if language == HINDI_LATIN:
        return Words(_HINDI_LATIN_CLOSED)
    return Words(_read_stop_words(language))


def _read_stop_words(language: str) -> frozenset[str]:
    """A language's list read from spaCy's file (not imported: a language's package loads
    its whole tokenizer)."""
    import importlib.util
    from pathlib import Path

    import spacy

    file = Path(spacy.__file__).parent / "lang" / language / "stop_words.py"
    spec = importlib.util.spec_from_file_location(f"_stop_words_{language}", file)
    if not file.is_file() or spec is None or spec.loader is None:
        return frozenset()
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception:  # a language whose list needs its package: left out
        return frozenset()
    return frozenset(word.casefold() for word in getattr(module, "STOP_WORDS", ()))


def reads_more_as(text: str, language: str, than: str) -> bool:
    """More of the text's words are closed-class words of ``language`` alone than of
    ``than`` alone (spaCy's lists, the words both share left out)."""
    return _more_of(_folded_words(text), language, than)


def _more_of(words: list[str], language: str, than: str) -> bool:
    """``reads_more_as`` on words already folded."""
    ours, theirs = stop_words(language), stop_words(than)
    return sum(w in ours and w not in theirs for w in words) > sum(
        w in theirs and w not in ours for w in words
    )


# Languages written in Latin letters whose closed-class words can outnumber English's in
# a sentence of theirs that English words share a few of ("a", "in", "me")
_LATIN_RIVALS = (
    *("es", "it", "pt", "fr", "de", "nl", "pl", "cs", "sk", "sl", "hr", "ro", "ca"),
    *("sv", "da", "nb", "fi", "hu", "tr", "id"),
)


def reads_as_another_language(text: str) -> bool:
    """More of the text's closed-class words are one Latin-script language's alone than
    English's alone: "Io e Giulia ci sposiamo a settembre a" is Italian, though its "a"
    twice is English's too."""
    words = _folded_words(text)
    return any(_more_of(words, language, "en") for language in _LATIN_RIVALS)


# Languages whose closed-class words a German sentence must outnumber: English, and those
# that share many of German's or are often mistaken for it.
_NEAR_GERMAN = ("en", "nl", "sv", "da", "nb", "es", "it", "pt", "fr", "pl", "cs")


def reads_as_german(text: str) -> bool:
    """More of the text's closed-class words are German's alone than English's or those
    of German's neighbours and look-alikes (each pair's shared words left out)."""
    words = _folded_words(text)  # (once, not once for each language weighed)
    return all(_more_of(words, "de", other) for other in _NEAR_GERMAN)


# Words for the writer in one language that are something else in another: French "je"
# (I) is Dutch "je" (you, your: the chatbot in nearly every Dutch question, "Kun je
# uitleggen ..."); German "mein" (my) is Hindi's "in" typed in Latin letters ("Paris mein
# record"); Polish "ja" (I) is Finnish's and Estonian's "and", German's and the Nordic
# languages' "yes". Each counts unless the text reads more as one of the others.
_WRITER_UNLESS: dict[str, tuple[str, tuple[str, ...]]] = {
    "je": ("fr", ("nl",)),
    "mein": ("de", (HINDI_LATIN,)),
    "ja": ("pl", ("fi", "de", "sv", "da", "nb", "et")),
}


def first_person_other_language(text: str) -> bool:
    """Another language's word for the writer or their people in ``text``."""
    for found in FIRST_PERSON_OTHER_LANGUAGE.finditer(text):
        language, rivals = _WRITER_UNLESS.get(found.group().casefold(), ("", ()))
        if not rivals:
            return True
        others = text[: found.start()] + " " + text[found.end() :]  # the word is in both
        if not any(reads_more_as(others, rival, than=language) for rival in rivals):
            return True
    return False


def _folded_words(text: str) -> list[str]:
    return [w.casefold() for w in regex.findall(r"\p{L}+", text)]


def english(clause: str) -> bool:
    """Whether a clause is written in English, by its closed-class words: at least two of
    them and a quarter of its words that are not names ("Мой муж Павел работает в ..." has
    none; "took me to hear Maria João Pires play in" three of six)."""
    closed = english_closed_words()
    words = [
        w.casefold()
        for w in regex.findall(r"\p{L}+", clause)
        if not w[:1].isupper() or w.casefold() in closed  # "We land in", not a name
    ]
    found = sum(word in closed for word in words)
    # (Hindi typed in Latin letters shares "me" and "the" with English: "Nagpur me ek
    # academy me coaching leta hu")
    hindi = sum(word in _HINDI_LATIN_CLOSED for word in words)
    return found >= 2 and found * 4 >= len(words) and hindi < found


# Other languages' most frequent closed-class words (articles, conjunctions, copulas, and
# the prepositions and pronouns above), less those English shares: evidence that a Latin-
# script clause is in another language.
_OTHER_CLOSED = (
    r"el|la|los|las|le|les|un|una|une|der|die|das|den|dem|des|ein|eine|einen|und|y|et|e|o|"
    r"ou|ist|est|es|que|qui|che|il|het|een|ik|je|er|nicht|pas|não|nie|się|jest|i|w|"
    r"z|na|do|od|za|ze|po|mit|für|auf|zu|von|bei|nach|aus|con|por|para|sur|dans|avec|"
    r"pour|per|della|degli|nel|nella|"
    # personal pronouns and particles: "Bitte kümmern Sie sich darum", "Il est venu"
    r"sie|sich|ihr|ihre|ihnen|wir|uns|du|dich|dir|auch|aber|oder|wenn|dass|noch|schon|"
    r"sehr|nur|wie|wer|wo|elle|elles|ils|nous|vous|lui|leur|ce|cette|mais|très|usted|"
    r"ustedes|él|ella|ellos|ellas|pero|muy|lei|loro|voi|noi|ma|molto|você|vocês|ele|ela|"
    r"eles|mas|muito|hij|zij|wij|jullie|zich|niet|ook|maar|"
    # Swahili: connectives, "and/with", "in/on", demonstratives, "their/our", "but", "too"
    r"kwa|za|cha|vya|kwenye|yao|yetu|wao|huyu|hii|hiyo|kwamba|lakini|pia|sana|bado|ni|"
    # Tagalog: markers, pronouns and particles ("ang", "ng", "mga", "po", "rin", "kasi")
    r"ang|ng|mga|ay|ko|mo|niya|sila|siya|po|pa|rin|din|lang|kasi|kaya|yung|hindi|wala|"
    r"naman|ba|nang|kay|nila|natin|"
    rf"{_WHERE_BEFORE}|{_TO_BEFORE}|{_FIRST_PERSON_CASED}"
)


@cache
def _other_closed_words() -> frozenset[str]:
    words = {word.casefold() for word in _OTHER_CLOSED.split("|")}
    return frozenset(words - english_closed_words())


def other_language(clause: str) -> bool:
    """Whether a clause shows another language: letters of another script, or more of
    other languages' closed-class words (at least two) than English's."""
    # (an ASCII clause has no such letter: one test in C, not one per character)
    if not clause.isascii() and any(
        c.isalpha() and not c.isascii() and not _LATIN_LETTER.match(c) for c in clause
    ):
        return True
    return closed_words_outnumber_english(clause, _other_closed_words())


def closed_words_outnumber_english(clause: str, other_words: AbstractSet[str]) -> bool:
    """At least two of the clause's words are in ``other_words`` (other languages'
    closed-class words) and more of them than are English's."""
    words = _folded_words(clause)
    other = sum(word in other_words for word in words)
    return other >= 2 and other > sum(word in english_closed_words() for word in words)


_LATIN_LETTER = regex.compile(r"\p{Latin}")


def closed_class(word: str) -> bool:
    """A closed-class word of English or of another language ("the", "El", "Il", "und")."""
    key = word.casefold()
    return key in english_closed_words() or key in _other_closed_words()
