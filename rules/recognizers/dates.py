"""DATE_OF_BIRTH: a date in a sentence about birth, and the same date written again.

Birth is named in many languages ("born", "geboren", "urodzony", "родился", "doğum
tarihi", "janm tithi", "出生", "생년월일"); a form's date of birth is often restated in the
very next line in another format ("born on 3 November 2016: do I type it as 03/11/2016 or
11/03/2016?"), and every reading of it is the same secret.
"""

from __future__ import annotations

import datetime

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.pattern import WORD, may_contain, needles
from veil.rules.registry import register
from veil.rules.spans import Span

# Month names by number, in the languages whose birth words are read below (Indonesian
# and Malay, Turkish, Tagalog and Swahili among them: "17 Agustus 2001", "3 Mart 1990").
_MONTH_NAMES: dict[int, str] = {
    1: r"jan(?:uary|\.)?|januar|janvier|enero|gennaio|januari|janeiro|stycznia|января|ocak",
    2: r"feb(?:ruary|\.)?|februar|février|febrero|febbraio|februari|fevereiro|lutego|февраля|"
    r"şubat|pebrero",
    3: r"mar(?:ch|\.)?|märz|mars|marzo|maart|março|marca|марта|maret|mac|mart|marso|machi",
    4: r"apr(?:il|\.)?|avril|abril|aprile|kwietnia|апреля|nisan|aprili",
    5: r"may|mai|mayo|maggio|mei|maio|maja|мая|mayıs",
    6: r"june?|juni|juin|junio|giugno|junho|czerwca|июня|haziran|hunyo",
    7: r"july?|juli|juillet|julio|luglio|julho|lipca|июля|temmuz|hulyo|julai",
    8: r"aug(?:ust|\.)?|août|agosto|augustus|sierpnia|августа|agustus|ogos|ağustos|agosti",
    9: r"sep(?:t(?:ember)?|\.)?|septembre|septiembre|settembre|setembro|września|сентября|"
    r"eylül|setyembre|septemba",
    10: r"oct(?:ober|\.)?|oktober|octobre|octubre|ottobre|outubro|października|октября|"
    r"ekim|oktubre|oktoba",
    11: r"nov(?:ember|\.)?|novembre|noviembre|novembro|listopada|ноября|kasım|nobyembre|"
    r"nopember|novemba",
    12: r"dec(?:ember|\.)?|dezember|décembre|diciembre|dicembre|dezembro|grudnia|декабря|"
    r"desember|disember|aralık|disyembre|desemba",
}
_MONTHS = "|".join(_MONTH_NAMES.values())
_MONTH_WORDS = {
    number: regex.compile(rf"^(?:{forms})$", regex.IGNORECASE)
    for number, forms in _MONTH_NAMES.items()
}
_ORDINAL = r"(?:st|nd|rd|th|er|\.)?"
# A year, month and day as Chinese, Japanese and Korean write them, up to the day's mark
_EAST_ASIAN_DATE = r"\d{4}\s*[年년]\s*\d{1,2}\s*[月월]\s*\d{1,2}\s*"
_DATE = (
    r"(?:\d{4}[\-/.]\d{1,2}[\-/.]\d{1,2}"
    r"|\d{1,2}[\-/.]\d{1,2}[\-/.](?:\d{4}|\d{2})"
    rf"|(?:{_MONTHS})\s+\d{{1,2}}{_ORDINAL},?\s+\d{{4}}"
    rf"|\d{{1,2}}{_ORDINAL}\s+(?:of\s+|de\s+)?(?:{_MONTHS})(?:\s+de)?,?\s+\d{{4}}"
    # Chinese and Japanese year-month-day, Korean 년 월 일
    rf"|{_EAST_ASIAN_DATE}[日일]?)"
)
_BIRTH_WORDS = (
    r"born|birth|birthday|b\.|DOB|D\.O\.B\.?|date of birth|birthdate|"
    r"geboren|geburtsdatum|geb\.|né|née|naissance|nacid[oa]|fecha de nacimiento|"
    r"nat[oa]|data di nascita|geboortedatum|nascid[oa]|data de nascimento|"
    r"urodzon[ya]|urodził[ao]?|data urodzenia|ur\.|narozen[aá]?|datum narození|"
    r"родил(?:ся|ась)|дата рождения|народил(?:ся|ася)|дата народження|"
    r"doğum tarihi|doğumlu|doğdu|född|födelsedatum|født|fødselsdato|született|"
    r"syntynyt|syntymäaika|synt\.|"  # Finnish
    r"născut[ăa]?|data nașterii|γεννήθηκε|ημερομηνία γέννησης|"
    r"lahir|tanggal lahir|ngày sinh|sinh ngày|ipinanganak|kapanganakan|"
    r"alizaliwa|tarehe ya kuzaliwa|janm(?:\s+tithi)?|paida|जन्म(?:\s+तिथि)?|"
    r"تاريخ الميلاد|مواليد|ولد|ولدت|出生|生日|生年月日|生まれ|생년월일|태어났"
)
# A piece of each birth word, one of which every birth date's match contains: most texts
# have none, and the substring tests skip the pattern's tries from every word.
_BIRTH_NEEDLES = needles(
    "born", "birth", "b.", "dob", "d.o.b", "geboren", "geburtsdatum", "geb.", "né",
    "naissance", "nacid", "nacimiento", "nat", "nascita", "geboortedatum", "nascid",
    "nascimento", "urodzon", "urodził", "urodzenia", "ur.", "narozen", "родил", "рождения",
    "народження", "doğum", "doğdu", "född", "födelsedatum", "født", "fødselsdato",
    "született", "născut", "nașterii", "γεννήθηκε", "γέννησης", "lahir", "ipinanganak",
    "kapanganakan", "alizaliwa", "kuzaliwa", "janm", "paida", "जन्म", "الميلاد", "مواليد",
    "ولد", "出生", "生日", "生年月日", "生まれ", "생년월일", "태어났", "ngày sinh", "sinh ngày",
    "synty", "synt.",
)  # fmt: skip
# Birth words, then up to a few words (no sentence end), then the date. Scripts without
# spaces put the date right after the word ("出生于2016年").
# A birth date's field name alone ("DOB", "Geburtsdatum"): NER takes some for firms.
BIRTH_WORD = regex.compile(rf"(?:{_BIRTH_WORDS})", regex.IGNORECASE)
BIRTH_WORD_CASED = regex.compile(rf"(?:{_BIRTH_WORDS})")
_DOB = regex.compile(
    rf"(?<!{WORD})(?:{_BIRTH_WORDS})(?:[^.\n!?。]{{0,30}}?)(?:[\s:,(：]\s*|(?<=[^\x00-\u024f]))"
    rf"({_DATE})(?!{WORD})",
    regex.IGNORECASE,
)
# Korean, Japanese and Chinese write the birth word after the date: "1958년 3월 2일생",
# "1990年5月3日生まれ", "1990年5月3日出生" (not "生效", takes effect).
_BIRTH_AFTER = regex.compile(
    rf"({_EAST_ASIAN_DATE}[日일])\s*"
    r"(?:생(?=[\s,.)）이입인]|$)|生まれ|出生|生(?=[，,。)）\s]|$))"
)
# Russian, Ukrainian and Belarusian forms write "year of birth" after the date, mostly
# abbreviated: "12.03.1987 р.н." (року народження), "1987 г.р." (года рождения).
_SLAVIC_BIRTH_AFTER = regex.compile(
    rf"(?<!{WORD})({_DATE})[ \t]*(?:р\.[ \t]?н\.|г\.[ \t]?р\.|г\.[ \t]?н\.|"
    r"(?:года|року|гады)[ \t]+(?:рождения|народження|нараджэння))",
    regex.IGNORECASE,
)
_ANY_DATE = regex.compile(rf"(?<!{WORD}|[\-/.]\d)({_DATE})(?!{WORD}|[\-/.]\d)", regex.IGNORECASE)
_NUMBERS = regex.compile(r"\d+")
_MONTH_WORD = regex.compile(rf"(?<!{WORD})(?:{_MONTHS})(?!{WORD})", regex.IGNORECASE)

_YEAR = regex.compile(r"(?<!\d)(\d{4})(?!\d)")
# Older than anyone alive: a historical figure's birth date, not a person's DOB.
OLDEST_LIVING_AGE = 125


# The writer's own forebear or elder, in the languages whose birth words are read: "my
# great-grandpa's SS-5 ... born June 2, 1899", "il mio bisnonno ..., nato a Sambuca il 9
# febbraio 1894", "mój pradziadek". A forebear's birth date is the family's: with the
# name it finds their tree, and the writer in it.
_FOREBEAR_OF_WRITER = regex.compile(
    r"(?<![\p{L}])(?:my|our|mi|mis|mio|mia|miei|nostro|nostra|mon|ma|notre|mein|meine|meiner|"
    r"unser|unsere|mój|moja|moi|moje|nasz|nasza|meu|minha|nosso|nossa|mijn|onze)[ \t]+"
    r"(?:[\p{L}\-]+[ \t]+){0,2}?"
    r"(?:(?:great-?)*(?:grand|gran)[\p{L}\-]*|ancest\w*|forebear\w*|bisnonn\w*|trisnonn\w*|"
    r"nonn[oaie]|bisabuel\w*|tatarabuel\w*|abuel\w*|arrière-grand\w*|grand-(?:père|mère)|"
    r"urgroß\w*|urur\w*|großvater|großmutter|pradziad\w*|prababci\w*|prababka|dziad\w*|"
    r"babci\w*|bisavô|bisavó|avô|avó|overgrootvader|overgrootmoeder|grootvader|grootmoeder|"
    r"bubbe|zayde)",
    regex.IGNORECASE,
)
FOREBEAR_REACH = 300  # characters before a date that its forebear may be named in


def _could_be_alive(date: str) -> bool:
    year = _YEAR.search(date)
    if not year:
        return True  # two-digit years: assume a living person
    this_year = datetime.date.today().year
    return this_year - OLDEST_LIVING_AGE <= int(year.group(1)) <= this_year


def _full_year(year: int) -> int:
    if year >= 100:
        return year
    century = datetime.date.today().year // 100 * 100
    return century + year if century + year <= datetime.date.today().year else century - 100 + year


def readings(date: str) -> frozenset[tuple[int, int, int]]:
    """Every calendar day (year, month, day) the written date can mean: "03/11/2016" is
    3 November in most of the world and 11 March in the United States."""
    numbers = [int(n) for n in _NUMBERS.findall(date)]
    month_word = _MONTH_WORD.search(date)
    candidates: list[tuple[int, int, int]] = []
    if month_word is not None:
        month = next(
            (n for n, forms in _MONTH_WORDS.items() if forms.match(month_word.group())), None
        )
        if month is not None and len(numbers) >= 2:
            year = next((n for n in numbers if n >= 100), numbers[-1])
            day = next((n for n in numbers if n < 100), 0)
            candidates.append((year, month, day))
    elif len(numbers) == 3:
        first, second, third = numbers
        if first >= 100:  # year first: ISO and East Asian order
            candidates.append((first, second, third))
        else:
            year = _full_year(third)
            candidates += [(year, second, first), (year, first, second)]
    valid = set()
    for year, month, day in candidates:
        try:
            valid.add(datetime.date(year, month, day).timetuple()[:3])
        except ValueError:
            continue
    return frozenset(valid)


# Finnish and Swedish references abbreviate "born" in brackets right before the date
# ("Anni Väisänen (s. 03.09.1994)", "(f. 1988)"); anywhere else "s." is a page.
_BRACKETED_BIRTH = regex.compile(r"\([sf]\.[ \t]*(\d{1,2}\.\d{1,2}\.\d{4}|\d{4})\)")


class DateOfBirthRecognizer:
    name = "regex.date_of_birth.v1"
    labels = (labels.DATE_OF_BIRTH,)

    def find(self, text: str) -> list[Span]:
        found = [
            Span(*match.span(1), labels.DATE_OF_BIRTH, 0.85, self.name)
            for match in (
                *(_DOB.finditer(text) if may_contain(text, _BIRTH_NEEDLES) else ()),
                *(_BRACKETED_BIRTH.finditer(text) if "(" in text else ()),
                *(_BIRTH_AFTER.finditer(text) if "생" in text or "生" in text else ()),
                *(_SLAVIC_BIRTH_AFTER.finditer(text) if "р" in text or "н" in text else ()),
            )
            if _could_be_alive(match.group(1))
            or _FOREBEAR_OF_WRITER.search(
                text, max(0, match.start() - FOREBEAR_REACH), match.start()
            )
        ]
        if not found:
            return found
        births = frozenset().union(*(readings(text[s.start : s.end]) for s in found))
        taken = {(s.start, s.end) for s in found}
        for match in _ANY_DATE.finditer(text):
            if match.span(1) not in taken and readings(match.group(1)) & births:
                found.append(Span(*match.span(1), labels.DATE_OF_BIRTH, 0.85, self.name))
        return found


register("regex.date_of_birth.v1")(DateOfBirthRecognizer)
