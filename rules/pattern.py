"""Building blocks for regex recognizers: a compiled pattern, a validator, context words."""

from __future__ import annotations

import calendar
from collections.abc import Callable, Iterable

from veil.rules import lazy_regex as regex
from veil.rules.spans import Span

# The time stamp a chat export puts before each line's speaker: "[19:02] ", "12/06/24, 19:02
# - ", "[6/12/2024 7:02 PM] ".
CHAT_STAMP = (
    r"\[?[\d/.\-]{0,10},?[ \t]*\d{1,2}[:.]\d{2}(?::\d{2})?(?:[ \t]*[AaPp]\.?[Mm]\.?)?\]?"
    r"[ \t]*(?:-[ \t]*)?"
)
# What a Korean noun takes joined after it: case particles (with the familiar "이" a name
# takes before them: "서윤이가"), "and", "with", and "is" in its forms ("꿈나무어린이집이고",
# and it is Kkumnamu Daycare), longer forms first.
KOREAN_PARTICLES = (
    r"에서는|에서도|에서|에는|에도|에게|에|이랑|이고|이며|이에요|이야|이다|이가|이는|이를|이의|"
    r"이도|이와|이한테|이하고|예요|입니다|으로|로|까지|부터|한테|하고|랑|의|은|는|와|과|이|가|을|"
    r"를|도|만|"
    # the copula's joining and past forms after a noun ("경주인데", it is Gyeongju and)
    r"인데요|인데|이라서|이라|이지만|이었어요|이었는데|이었다|였어요|였는데|였다"
)
# The names of the months and the days of the week, in lower case: words of a date, not a
# town's name ("March") or part of a firm's ("Meadowside Physio Thursday").
CALENDAR_WORDS = frozenset(
    name.casefold() for name in (*calendar.month_name, *calendar.day_name) if name
)
# Characters either side of a match that are searched for context words.
CONTEXT_WINDOW = 48
# "Since" before a year, in the languages CV lines are read in: "(seit 2019)", "desde 2020".
SINCE = r"since|seit|depuis|desde|dal|sinds|od"

# "I work", "I worked", "I study" in the languages people write to chatbots in besides
# English, as they stand before the workplace ("trabajo en X", "працюю в X").
WORK_VERBS_ABROAD = (
    r"werk|werkte|studeer|tätig|travaille|travaillais|trabajo|trabajé|trabajaba|arbeite|"
    # Spanish counts the time one has spent somewhere: "llevo dos años en el Mercadona"
    r"llevo|llevamos|"
    r"arbeitete|lavoro|lavorato|lavoravo|trabalho|trabalhei|trabalhava|працюю|працював|"
    r"працювала|працюємо|навчаюся|навчаюсь|вчуся|работаю|работал|работала|работаем|учусь|"
    r"учился|училась|pracuję|pracowałem|pracowałam|pracujemy|studiuję|"
    # Swedish, Norwegian, Danish, Finnish, Indonesian, Vietnamese
    r"jobbar|jobbade|arbetar|arbetade|jobber|jobbet|arbeider|arbejder|arbejdede|"
    r"työskentelen|työskentelee|bekerja|kerja|làm việc"
)
# Scripts written without spaces between words ("邮箱是test@test.com"): their letters are
# the neighbouring word, never part of an identifier glued to them.
UNSPACED_SCRIPTS = r"\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}"
# ``\w`` for boundary lookarounds: a word character that is not from an unspaced script.
WORD = rf"[^\W{UNSPACED_SCRIPTS}]"
# Any script's decimal digit, as ``\d`` means in a pattern: a text without one can hold no
# match of a pattern that needs one (the recognizers of numbers skip it whole).
DIGIT = regex.compile(r"\d")
# ``\b`` with the same meaning, for use next to a Latin letter (where it is an edge between
# a WORD character and anything else). Plain ``\b`` first: it is what the engine is fast at.
WORD_EDGE = rf"(?:\b|(?<=[{UNSPACED_SCRIPTS}])|(?=[{UNSPACED_SCRIPTS}]))"


# --- needles: words a pattern cannot match without ------------------------------------

# Every needle set made (as written, and whether its pattern ignores case), for the test
# that checks the folding argument for their letters.
NEEDLE_SETS: list[tuple[tuple[str, ...], bool]] = []
_last_folded: tuple[str, str] = ("", "")
_FOLDED_KEPT_CHARS = 100_000  # a longer text's fold is not kept after its use


def fold_for_needles(text: str) -> str:
    """``text`` case-folded so that a word an IGNORECASE pattern matches in it is in it
    folded: each character the regex module matches to a letter of a needle folds to that
    letter's fold (``tests`` check every needle letter over all of Unicode). U+0307 is
    dropped: "İ", which matches "i", folds to "i" and U+0307."""
    global _last_folded
    last = _last_folded
    if last[0] is text:
        return last[1]
    folded = text.casefold().replace("\u0307", "")
    if len(text) <= _FOLDED_KEPT_CHARS:
        _last_folded = (text, folded)
    return folded


def alternatives(words: str) -> tuple[str, ...]:
    """The words of an alternation of plain words ("a|b c|d"), for ``needles``."""
    found = tuple(words.split("|"))
    assert all(regex.escape(w, literal_spaces=True) == w for w in found), words
    return found


def needles(*words: str, ignore_case: bool = True) -> tuple[str, ...]:
    """Literal words one of which every match of some pattern contains as it is written
    there (ignoring case, unless ``ignore_case`` is False), folded for ``may_contain``."""
    NEEDLE_SETS.append((words, ignore_case))
    return tuple(word.casefold().replace("\u0307", "") for word in words)


def may_contain(text: str, words: tuple[str, ...]) -> bool:
    """False only where none of ``words`` (made by ``needles``) is in ``text``, whatever
    the case: then a pattern that needs one of them cannot match. Substring tests in C."""
    folded = fold_for_needles(text)
    return any(word in folded for word in words)


def context_before(text: str, start: int, window: int = CONTEXT_WINDOW) -> str:
    return text[max(0, start - window) : start].lower()


def compile_words(words: Iterable[str]) -> regex.Pattern[str]:
    """A pattern that finds any of ``words`` as whole words, case-insensitively."""
    alternatives = "|".join(sorted((regex.escape(w) for w in words), key=len, reverse=True))
    return regex.compile(rf"(?<!{WORD})(?:{alternatives})(?!{WORD})", regex.IGNORECASE)


# Where a sentence opens, as the text before a position ends: the text's start, or a
# full stop (any script's), its closing quote or bracket, and blanks.
SENTENCE_OPENS = regex.compile(r"(?:^|[.!?؟۔।\n][\"'”’)\]]*)[ \t]*$")


# A phone in other languages and scripts (Chinese, Japanese, Korean, Hindi, Bengali,
# Urdu, Arabic, Persian, Russian and Ukrainian, Greek, Turkish, Polish, Hebrew, Thai,
# Vietnamese, Indonesian, Swahili): the nouns for a telephone, a mobile and a phone's
# number, and their usual abbreviations.
PHONE_WORDS_ABROAD = (
    "电话", "手机", "手機", "聯絡", "联系", "電話", "携帯", "ケータイ", "전화", "휴대폰", "핸드폰",
    "연락처", "फ़ोन", "फोन", "मोबाइल", "ফোন", "মোবাইল", "فون", "موبائل", "هاتف", "جوال",
    "موبايل", "تلفن", "موبایل", "телефон", "тел", "моб", "мобильный", "мобільний",
    "τηλέφωνο", "τηλ", "κινητό", "cep", "komórka", "komórki", "טלפון", "נייד", "โทร",
    "เบอร์", "sđt", "điện thoại", "telp", "hp", "simu",
)  # fmt: skip


# A key as the account of a URL ("https://4f1c9e2ab7d0@o4812.ingest.sentry.io/5"): letters
# and digits mixed, eight or more, no dot; a mailbox's name is a word or a name
# ("smtp://noreply@mail.example.de").
URL_KEY = regex.compile(r"(?=[\w\-]*\d)(?=[\w\-]*[A-Za-z])[\w\-]{8,}")
# Words that mark a value as a sample, not someone's ("test card number: 4242…").
TEST_WORDS = compile_words(
    ["test", "tests", "testing", "sample", "example", "dummy", "fake", "sandbox"]
)


def named_apart(text: str, value: str, start: int) -> bool:
    """``value`` (a handle, an account) stands in the text as a word of its own besides at
    ``start``: "my github username is kestrel_dev ... github.com/kestrel_dev/tools"."""
    pattern = regex.compile(rf"(?<![\w@/.\-]){regex.escape(value)}(?![\w\-]|/)")
    return any(found.start() != start for found in pattern.finditer(text))


def labelled_as(label: regex.Pattern[str], text: str, start: int) -> bool:
    """Whether ``label`` (anchored with ``$``) ends right before ``start``, with no test
    word in or just before it. Such a label outweighs lists of published sample values."""
    before = context_before(text, start, CONTEXT_WINDOW)
    found = label.search(before)
    if not found:
        return False
    return not TEST_WORDS.search(before[max(0, found.start() - 16) :])


# Returns a score, or None to reject the match.
Validator = Callable[[regex.Match[str], str], float | None]


class PatternRecognizer:
    """One regex, one label, and a validator that scores or rejects each match."""

    def __init__(
        self,
        name: str,
        label: str,
        pattern: regex.Pattern[str],
        validate: Validator,
        group: int | str = 0,
        validator: str | None = None,
    ) -> None:
        self.name = name
        self.validator = validator  # the check that accepts a match, shown by `veil check`
        self.label = label
        self.labels = (label,)
        self._pattern = pattern
        self._validate = validate
        self._group = group

    def find(self, text: str) -> list[Span]:
        spans = []
        for match in self._pattern.finditer(text):
            score = self._validate(match, text)
            if score is None:
                continue
            start, end = match.span(self._group)
            if end > start:
                spans.append(Span(start, end, self.label, score, self.name, self.validator))
        return spans


# Titles written before a person's name, as written in running text: courtesy and
# professional ones in English and the European languages ("Sra.", "prof.ssa", "Mevr."),
# and academic ones of Central Europe and Latin America ("MUDr. Novotná", "Lic. Pérez").
TITLES = (
    r"Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Professor|Herrn|Herr|Frau|Hr|Fr|Mme|Mlle|Monsieur|Madame|"
    r"Mademoiselle|Sr|Sra|Srta|Señor|Señora|Senor|Senora|Don|Doña|Dona|Sig|Sig\.ra|Sig\.na|"
    r"Dott|Dott\.ssa|Prof\.ssa|Avv|Ing|Geom|Rag|Dhr|Mevr|Coach|Nurse|Officer|Judge|Pastor|Father|"
    r"Rabbi|Imam|MUDr|MVDr|JUDr|PhDr|RNDr|Mgr|Dra|Lic|"
    # Dutch courtesy titles and the ones children give teachers ("juf Marloes")
    r"Meneer|Mevrouw|Juf|Juffrouw|Meester"
)
# Titles other languages write before a person's name in lower case: Polish and Czech
# "pani/pana/panią" (not "pan", an English word), Vietnamese "cô", "thầy", "ông", "bà",
# "chị" ("cô Trần Thị Bích Ngọc"); the Romance languages' courtesy titles in running text
# ("la signora Ferrante", "el señor Gómez", "madame Lefèvre").
LOWER_CASE_TITLES = (
    r"pani|pana|panią|panem|panu|paní|cô|thầy|ông|bà|chị|"
    r"signora|signor|signorina|señora|señor|señorita|senhora|senhor|madame|monsieur|"
    r"mademoiselle|dottoressa|dottor|mevrouw|meneer|juf|juffrouw"
)


# Kinship words that title a name in Filipino, South Asian, Spanish, Italian, German,
# Polish, Yoruba, Swahili and Arabic families' English ("tita Marites", "akka Kavitha").
# (Not those that are English words too: "ate", "mama", "nana", "dada", "baba".)
KIN_TITLES = (
    r"tita|tito|lola|lolo|kuya|manang|manong|akka|amma|appa|thatha|paati|didi|"
    r"bhaiya|dadi|nani|chacha|chachi|mausi|tía|tío|"
    r"abuela|abuelo|nonna|nonno|zia|zio|oma|opa|tante|onkel|ciocia|wujek|babcia|dziadek|"
    r"mzee|shangazi|khala|khalto|ammo|teta|sido|jiddo|"
    # Portuguese, Spanish, French, Dutch family words and the titles Portuguese puts
    # before a neighbour's or a doorman's first name ("seu Valdir", "dona Cida")
    r"tia|tio|vó|vô|avó|avô|vovó|vovô|madrinha|padrinho|madrina|padrino|seu|dona|"
    r"tata|tatie|tonton|mamie|papi|papy|mémé|pépé|oom|tante|opa|oma"
)


# "Thanks" as a message's last words before its writer's name, in the languages veil
# reads ("Salamat po - Jessa", "Asante, Baraka", "Dziękuję, Marta").
THANKS = (
    r"thanks|thank you|thx|thnx|thanx|salamat(?:[ \t]+po)?|terima kasih|makasih|"
    r"asante(?:[ \t]+sana)?|"
    r"gracias|obrigad[oa]|merci|danke|grazie|dziękuję|dzięki|спасибо|дякую|teşekkürler|"
    r"cảm ơn|tack|kiitos|ευχαριστώ|shukran|dhanyavaad|arigato"
)


# Words for the people and things of someone's life, by their relation to them ("my
# landlord", "mummy", "our team"), in English and the languages most written beside it.
RELATIONS = (
    r"(?:(?:mother|father|sister|brother|son|daughter)[- ]in[- ]law|in-laws|"
    r"step(?:mom|mum|mother|dad|father|son|daughter|brother|sister)|"
    r"wife|husband|partner|spouse|fianc[eé]e?|girlfriend|boyfriend|ex|son|daughter|kids?|"
    r"child(?:ren)?|baby|toddler|twins?|brother|sister|siblings?|mum|mom|mummy|mommy|mother|"
    r"dad|daddy|father|parents?|grandma|grandpa|grandmother|grandfather|grandparents?|"
    r"grand(?:son|daughter|kids?|children)|granny|nan|nana|nanna|gran|grandad|granddad|"
    r"aunt(?:ie|y)?|uncle|cousin|niece|nephew|godmother|godfather|godson|goddaughter|"
    r"family|host family|relatives?|friends?|best friend|bff|mate|buddy|pal|roommate|"
    r"flatmate|housemate|neighbou?rs?|landlord|landlady|tenants?|colleagues?|co-?workers?|"
    r"boss|manager|line manager|supervisor|team ?lead|lead|director|md|ceo|cto|cfo|founder|"
    r"employees?|staff|assistant|intern|mentor|mentee|clients?|customers?|patients?|"
    r"students?|pupils?|teacher|tutor|professor|lecturer|coach|trainer|instructor|doctor|gp|"
    r"dentist|therapist|counsel+or|psychiatrist|psychologist|nurse|midwife|vet|lawyer|"
    r"solicitor|attorney|accountant|advis[eo]r|plumber|electrician|builder|contractor|"
    r"cleaner|nanny|babysitter|carer|caregiver|driver|hairdresser|barber|guests?|date|"
    r"crush|classmates?|team ?mates?|bandmates?|pastor|priest|vicar|rabbi|imam|team|class|"
    r"office|department|desk|group|squad|crew|lab|dog|cat|pet|puppy|kitten|hamster|horse|"
    r"jef[ea]|madre|padre|herman[oa]|hij[oa]|espos[oa]|amig[oa]|novi[oa]|abuel[oa]|t[ií][oa]|"
    r"prim[oa]|mutter|vater|bruder|schwester|freund(?:in)?|chef(?:in)?|m[eè]re|p[eè]re|"
    r"fr[eè]re|s[oœ]eur|ami[e]?|patron(?:ne)?|moglie|marito|figli[oa]|fratello|sorella|"
    r"capo|vizinh[oa]|vriend(?:in)?|zus|broer|baas|"
    # Portuguese, German, French and Italian words the lists above lack
    r"m[ãa]e|pai|irm[ãa]o?|av[óô]|tia|tio|filh[oa]|marido|esposa|namorad[oa]|"
    r"schwester|oma|opa|tante|onkel|sohn|tochter|frau|mann|tante|oncle|fils|fille|femme|"
    r"mari|copain|copine|grand-m[eè]re|grand-p[eè]re|nonn[oa]|zi[oa]|cugin[oa])"
)


# Turkish kin and roles with the first person's possessive suffix, "my"/"our" ("oğlum
# Emir", my son Emir; "komşumuz", our neighbour)
TURKISH_KIN_OF_MINE = (
    r"(?:oğl|kız|anne|baba|eş|koca|karı|kardeş|abla|abi|ağabey|arkadaş|komşu|hoca|"
    r"patron|müdür|torun|dede|nine|babaanne|anneanne|teyze|hala|amca|dayı|yeğen|nişanlı|"
    r"sevgili|öğretmen|doktor)(?:[ıiuü]?m(?:[ıiuü]z)?)"
)
