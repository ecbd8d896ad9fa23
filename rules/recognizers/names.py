"""PERSON from name lists and honorifics: what statistical NER misses in chat prompts.

NER reads "Fleur Bakker" as an organisation, misses "Hi Marcus" and never sees the
"Doug Farrelly" inside a log line. Two rules catch them:

- an honorific and the capitalised words after it ("Dr. Sato", "Frau Heike Brandstetter",
  "dott.ssa Conti"): the title is part of the span, since it says the person's gender;
- a known first name (Faker's lists for 80 locales) followed by a capitalised word, or
  alone where a name is expected (after "Hi", "Dear", "my sister", in a list of names).
"""

from __future__ import annotations

import bisect
import importlib
import itertools
import pkgutil
import unicodedata
from functools import cache

from veil.rules import (
    brahmic,
    compounds,
    gazetteer,
    given_names,
    labels,
    locatives,
    name_lists,
    notability,
    transcripts,
    truecase,
)
from veil.rules import lazy_regex as regex
from veil.rules.code_context import code_map
from veil.rules.nlp import import_spacy
from veil.rules.pattern import (
    CALENDAR_WORDS,
    CHAT_STAMP,
    DIGIT,
    KIN_TITLES,
    LOWER_CASE_TITLES,
    THANKS,
    TITLES,
    TURKISH_KIN_OF_MINE,
    alternatives,
    may_contain,
    needles,
)
from veil.rules.recognizers.institutions import institution_after_particle
from veil.rules.registry import register
from veil.rules.spans import Span

# A capitalised word, "O'Neil" and "Jean-Luc" included, but not a possessive "'s".
_NAME_WORD = r"(?:\p{Lu}\p{Ll}+(?:['’\-](?!s\b)\p{L}+)*|[A-Z]\.?)"
_PARTICLE = (
    r"(?:van|von|de|der|den|da|di|del|della|du|le|la|ten|ter|bin|ibn|al|el|Ní|Nic|Mac|O['’])"
)
_HONORIFIC_WORDS = r"(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame)"
_HONORIFIC = (
    rf"{TITLES}|Sir|Dame|Lady|Lord|Rev|Revd|M|Mw|Sister|Brother|Uncle|Aunt|Auntie|Grandma|"
    r"Grandpa|Nana|Pani|Panią|Paní|dott|dott\.ssa|sig|sig\.ra|sig\.na|prof\.ssa|geom|avv|"
    rf"{LOWER_CASE_TITLES}|"
    # given names written short, with their full stop: the Philippines' "Ma." (María),
    # and English records' "Wm.", "Thos.", "Chas.", "Geo.", "Jas.", "Jno.", "Robt."
    r"(?:Ma|Mª|Wm|Thos|Chas|Geo|Jas|Jno|Robt|Saml|Benj|Richd|Edw|Margt)(?=\.)"
)
_TITLED_NAME = regex.compile(
    # (a title may follow another: "Herrn Dr. Kowalke", "Frau Prof. Weber")
    rf"(?<![\w.])(?:{_HONORIFIC})\.?[ \t]+(?:(?:{_HONORIFIC})\.?[ \t]+)?"
    rf"(?:{_NAME_WORD}[ \t]+(?:{_PARTICLE}[ \t]+)?){{0,2}}"
    r"\p{Lu}\p{Ll}+(?:['’\-](?!s\b)\p{L}+)*"
)
# The capital after an honorific, found from the capitals back: every titled name has one.
_TITLED_NAME_NEED = regex.compile(rf"(?<=(?:{_HONORIFIC})\.?[ \t]+)\p{{Lu}}")
_WORD = regex.compile(
    r"(?<![\w@./#\-])([\p{Lu}\p{Ll}]\p{Ll}*(?:['’\-](?![sS]\b)\p{L}+)?|\p{Lu}{2,})(?![\w@])"
)
_SURNAME_AFTER = regex.compile(
    rf"[ \t]+(?:[A-Z]\.?[ \t]+|(?:{_PARTICLE}[ \t]+){{1,2}})?"
    rf"({_NAME_WORD}(?:[ \t]+{_NAME_WORD})?)(?![\w@])"
)
# What comes right before a name: a greeting, a sign-off, a relation, "name is" (strong);
# a preposition or a list separator (weak: enough only for words that are only names).
_STRONG_CUES = (
    r"hi|hello|hey|dear|dearest|thanks|thank you|cheers|regards|best|love|xo|yours|"
    r"sign(?:ed)?(?: it)?(?: off)?(?: as)?|name(?:d| is| was)?|called|"
    r"son|daughter|kid|child|baby|wife|husband|partner|fiancée?|sister|brother|mum|mom|dad|"
    r"mother|father|grandma|grandpa|aunt|uncle|cousin|niece|nephew|friend|colleague|"
    r"coworker|boss|manager|teacher|coach|tutor|neighbou?r|landlord|landlady|tenant|"
    r"roommate|flatmate|client|patient|doctor|nurse|therapist|lawyer|accountant|assistant|"
    r"hallo|liebe|lieber|bonjour|cher|chère|hola|querido|querida|ciao|caro|cara|beste|"
    r"mia figlia|mio figlio|ma fille|mon fils|mi hija|mi hijo|mijn|ik ben|je suis|soy|sono|"
    r"wij zijn|we zijn|wir sind|nous sommes|somos|siamo|jesteśmy|"
    rf"{TURKISH_KIN_OF_MINE}|"
    r"i'm|i am|it's|this is|calls? me|shouted at|yelled at|said to|maiden name is|"
    r"(?:first|last|middle|sur|given|nick)\s?name is|starring|directed by|written by|by|"
    # a letter's sign-off and "sign (it)" in other languages, a name after them
    r"підпиши|подпиши|підпис|подпись|podpisz|podpis|firma|firmado|assinado|assinatura|"
    r"signé|unterschrift|gezeichnet|ondertekend|imza|saygılarımla|с уважением|з повагою|"
    r"pozdrawiam|cordialement|atentamente|atenciosamente|distinti saluti|cordiali saluti|"
    r"mit freundlichen grüßen|met vriendelijke groet|vänliga hälsningar|ystävällisin terveisin|"
    r"terveisin|hormat saya|salam|"
    # the shorter closings and their abbreviations ("lg Florian", "groetjes, Sanne")
    r"lg|vg|mfg|liebe grüße|viele grüße|beste grüße|groetjes|saludos|un abrazo|bisous|"
    r"bises|beijos|abraços|hälsningar|mvh|hilsen|thx|thnx"
)
# The validator of a family's surname (the decision reads it: "the Adeyemis" is no title)
FAMILY = "names.family"
# A family by its surname: English's plural after "the" (not a longer name: "the Smiths
# Falls"), or the surname with the word for family before or after it
_FAMILY_BY_SURNAME = regex.compile(
    r"\b(?i:the)[ \t]+(?:(?i:whole|entire)[ \t]+)?(?P<name>\p{Lu}\p{Ll}{2,})(?=[ \t]+"
    r"(?:family|clan|household)\b)"
    r"|\b(?i:the)[ \t]+(?:(?i:whole|entire)[ \t]+)?(?P<plural>\p{Lu}\p{Ll}{2,}(?:s|es))"
    r"(?![\p{L}'’\-]|[ \t]+\p{Lu})"
    r"|(?<![\p{L}])(?i:la[ \t]+famille|die[ \t]+familie|familie|la[ \t]+familia|la[ \t]+famiglia|"
    r"de[ \t]+familie|a[ \t]+família|rodzina|rodziny|rodzinie)[ \t]+"
    r"(?P<name>\p{Lu}\p{Ll}{2,})(?![\p{L}\-])"
)
# Turkish's case suffixes on a proper noun, after an apostrophe: the accusative, dative,
# genitive, locative, ablative and instrumental, by vowel harmony and buffer consonant
_TURKISH_CASE_SUFFIX = regex.compile(
    r"['’](?:y?[ıiuü]|n?[ıiuü]n|y?[ae]|n[ae]|n?[dt][ae](?:n|ki)?|y?l[ae])$"
)
# The writer's own name in brackets after "me": "reviewed by me (Karthik)"
_ME_THEN_BRACKET = regex.compile(r"\bme[ \t]*\([ \t]*$", regex.IGNORECASE)
# "my name's jo", typed as chat types it
_MY_NAME_IS = regex.compile(r"\bmy[ \t]+name(?:['’]?s|[ \t]+is)[ \t]+$", regex.IGNORECASE)
# A verb in the third person after a subject: "-s" or a past "-ed", and the commonest
# irregular ones
_THIRD_PERSON_VERB_AFTER = regex.compile(
    r"[ \t]+(?:\p{Ll}{2,}(?<![su]s)s|\p{Ll}{2,}ed|is|was|has|had|said|says|does|did|got|"
    r"went|came|thinks|thought|wants|needs)\b"
)
_STRONG_CUE = regex.compile(rf"\b(?:{_STRONG_CUES})\b[,:?]?\s*$", regex.IGNORECASE)
_WEAK_CUE = regex.compile(
    # (and other languages' "with": "me caso con Emiliano", "avec Théo", "mit Jonas")
    r"(?:\b(?:with|ask|tell|call|cc|per|by|and|or|met|saw|told|asked|said|con|com|avec|"
    r"mit|med|insieme a|junto a|junto com)\s+|^\s*[-*•]\s*"
    r"|[,&]\s*"
    # the writer and someone, in other languages: "Io e Chiara", "Yo y Lucía", "Ich und"
    r"|(?<![\p{L}])(?:io\s+e|yo\s+y|eu\s+e|moi\s+et|ich\s+und|ik\s+en|jag\s+och|"
    r"jeg\s+og|ja\s+i|já\s+a|minä\s+ja|én\s+és)\s+)$",
    regex.IGNORECASE,
)
# Places and languages share names with people: "in Austin", "into German".
_PLACE_BEFORE = regex.compile(
    r"\b(?:in|at|near|to|into|from|via|around|outside|of|visit|visiting|across|à|au|aux|en|"
    r"em|no|na|nach|bei|im|aus|a|da|dal|vers|desde|hacia)\s+$",
    regex.I,
)
# The fields of minutes, letters, tickets and forms that name the people a document is
# between or about (rules.subject reads every name on such a line as someone's)
PARTY_FIELD_WORDS = (
    r"present|attendees|attending|participants|assignee|reporter|cc|bcc|signed|tenant|"
    r"landlord|employee|applicant|guarantor"
)
# Form fields and headers whose value is a person: "Name: Sieda Batukayev" (a field may
# follow a sentence on its line: "... a sounding board. Contact: Marloes Tuinstra, 06-...").
_NAME_FIELD = regex.compile(
    r"(?:^|\n|[;,({\"']|[.!?][ \t]+)[ \t>]*(?i:(?:first|last|full|given|family|middle|sur|display|"
    r"contact)?[_ \-]?name|patient|client|customer|contact|attn|"
    r"attention|recipient|sender|signature|author|beneficiary|account holder|holder|"
    r"cardholder|emergency contact|next of kin|invited|organi[sz]er|reviewer|owner|"
    r"doctor|physician|provider|prescriber|referring|nurse|name on (?:the )?(?:card|account)|"
    rf"{PARTY_FIELD_WORDS})"
    r"[\"']?[ \t]*[:=][ \t]*[\"']?"
    rf"((?:{_HONORIFIC_WORDS}\.?[ \t]+)?\p{{Lu}}[\p{{L}}'’\-]+"
    rf"(?:[ \t]+(?:\p{{Lu}}[\p{{L}}'’\-]+|\p{{Lu}}\.?(?!\p{{L}})|{_PARTICLE})){{0,3}})"
)
# A speaker in a chat transcript: "Elizabeth: \"Who are you?\"" or "tracy:\"i'm ..."
_SPEAKER = regex.compile(r"(?:^|\n)[ \t>]*(\p{L}[\p{L}'’\-]+)[ \t]*:[ \t]*([\"“]|\p{Lu})")
# A speaker of meeting notes, after a bullet: "- Priya: still blocked on ...".
_BULLET_SPEAKER = regex.compile(r"(?:^|\n)[ \t]*[-*•][ \t]*(\p{Lu}[\p{L}'’\-]+)[ \t]*:[ \t]*\S")
# A speaker after a chat export's time stamp: "[19:02] Mahlet: ...", "12/06/24, 19:02 - Dawit: ".
# The format says it is a name, whatever list it is on.
_STAMPED_SPEAKER = regex.compile(
    rf"(?:^|\n)[ \t>]*{CHAT_STAMP}(\p{{Lu}}[\p{{L}}'’\-]+(?:[ \t]+\p{{Lu}}[\p{{L}}'’\-]+)?)[ \t]*:"
)
# What a person does right after their name: "Megan lives on ...", "Zak shouted at ...".
_PERSON_VERB = regex.compile(
    r"[ \t]+(?:lives|lived|is|was|has|had|said|says|shouted|yelled|asked|told|works|worked|"
    r"wants|wanted|went|will|would|can|could|called|wrote|sent|likes|loves|needs|thinks|"
    # says and said in the languages of the name lists ("Iñaki dice que", "Anke sagt")
    r"dice|dijo|diz|disse|dit|sagt|sagte|zegt|zei|säger|sa|sier|siger|sagde|sanoo|sanoi|"
    r"mówi|powiedział|powiedziała|říká|řekl|řekla|говорит|сказал|сказала|каже|сказав|"
    r"diyor|dedi|λέει|είπε|"
    # and another name after "and" ("en" and "i" are "in" too, so not them)
    r"(?:and|&|y|e|et|und|og|och|ja)[ \t]+\p{Lu})\b"
)
# A name the next words take up with "she" or "he": "that was Priyanka, she's OOO today",
# "ask Dami, he was there" (a person, whatever list the name is on).
_NAME_THEN_PRONOUN = regex.compile(
    r"(?<![\p{L}\-'’])(\p{Lu}\p{Ll}{2,}),[ \t]+(?:she|he)(?:['’]s|['’]ll|['’]d|[ \t]+(?:is|was|has|"
    r"had|said|says|will|would|can|could|did|does|knows|works|lives))\b"
)
# Phrases after which the next word is a name, whatever its case: "call me višeslav".
_NAMING_CUE = regex.compile(
    r"\b(?:my name is|my name's|(?:his|her|their) name is|call me|calls me|called me|"
    r"(?:everyone |we |they )?calls? (?:him|her|them)|goes by|go by|known as|nicknamed|"
    r"named (?:him|her|them|it)|i'm called|they call me|"
    r"(?:my|his|her|their) (?:sur|last|first|middle|family|given|real|legal)[ \t]?name"
    r"(?:'s|’s| is)|"
    r"(?:maiden|last|first|middle|sur|given|real|legal)"
    r"[ \t]?name is)[ \t]+([\p{L}][\p{L}'’\-]+(?:[ \t]+\p{L}\.?(?=[ \t]))?"
    r"(?:[ \t]+\p{Lu}[\p{L}'’\-]+)?)",
    regex.IGNORECASE,
)
_NOT_AFTER_NAMING = frozenset(
    [
        "back",
        "later",
        "tomorrow",
        "today",
        "tonight",
        "now",
        "on",
        "in",
        "at",
        "not",
        "also",
        "the",
        "a",
        "an",
        "listed",
        "spelled",
        "written",
        "misspelled",
        "wrong",
        "correct",
        "there",
        "here",
        "when",
        "if",
        "so",
        "by",
    ]
)
# "Szabina J Gelencsér", "Sari J. Paavolainen": first name, middle initial, last name.
_WITH_INITIAL = regex.compile(
    r"(?<![\w@.])(\p{Lu}\p{Ll}+)[ \t]+\p{Lu}\.?[ \t]+"
    # (a surname's apostrophe, not a possessive's: "O'Neill", not "Kernighan's")
    r"(\p{Lu}\p{Ll}+(?:[\-'’](?!s(?!\p{L}))\p{Lu}?\p{Ll}+)?)(?![\w@])"
)
# Words of time before a month's or a day's name: "in May", "since June", "next Monday".
_TIME_PREPOSITION_BEFORE = regex.compile(
    r"\b(?:in|since|until|till|by|from|during|last|next|early|late|mid|this|every|on)[ \t]+$",
    regex.IGNORECASE,
)
# "our founders: Morrison, Rogers and Torres": a list of names.
_NAME_LIST = regex.compile(
    r"(?<![\w@.])\p{Lu}\p{Ll}+(?:,[ \t]+\p{Lu}\p{Ll}+)*,?[ \t]+(?:and|&)[ \t]+"
    r"\p{Lu}\p{Ll}+(?![\w@])"
)
# After a first name: an all-caps surname ("MARCUS T HALE"), a lower-case one ("naomi ryan").
_SHOUTED_SURNAME = regex.compile(r"[ \t]+(?:[A-Z]\.?[ \t]+)?([A-Z]{2,}(?:-[A-Z]+)?)(?![\w])")
_LOWER_SURNAME = regex.compile(r"[ \t]+(\p{Ll}{3,})(?![\w@])")
_SENTENCE_START = regex.compile(r"(?:^|[.!?:]\s+|\n\s*)$")

# Endings that mark a surname in many languages whatever the name list knows:
# Slavic (-ova, -ski, -ić, -enko, -ovich), Nordic (-sson, -dóttir, -sen), Finnish (-nen),
# Greek (-opoulos, -idis), Turkish (-oğlu), Romanian (-escu), Armenian (-yan), Georgian.
_SURNAME_SUFFIXES = (
    r"ov|ova|ová|ev|eva|yev|yeva|ovich|evich|ovna|evna|ski|ska|sky|skiy|skyi|"
    r"skaya|ský|ská|cki|cka|wicz|ić|ič|enko|chuk|czuk|czyk|sson|dóttir|dottir|[nlrdkt]sen|"
    r"[aeiouäö]nen|opoulos|opoulou|idis|idou|akis|oğlu|oglu|escu|eanu|yan|shvili|dze|"
    r"auskas|aitis|ienė"
)
_SURNAME_SHAPE = regex.compile(rf"\p{{Lu}}\p{{Ll}}{{2,}}(?:{_SURNAME_SUFFIXES})")


def _endings(alternatives: str) -> tuple[str, ...]:
    """The strings an alternation of words (a class of letters may open one) ends with."""
    found: list[str] = []
    for alternative in alternatives.split("|"):
        if (letters := regex.fullmatch(r"\[(\w+)\](\w+)", alternative)) is not None:
            found += [letter + letters[2] for letter in letters[1]]
        else:
            assert regex.fullmatch(r"\w+", alternative), alternative
            found.append(alternative)
    return tuple(found)


# A word the surname shape matches ends with one of these: ``str.endswith`` first spares
# the pattern for the hundred-odd other words of a text.
_SURNAME_ENDINGS = _endings(_SURNAME_SUFFIXES)


def _surname_shaped(word: str) -> bool:
    return word.endswith(_SURNAME_ENDINGS) and _SURNAME_SHAPE.fullmatch(word) is not None


# "German, French and Spanish": languages and nationalities, not a list of surnames.
_NATIONALITY_SHAPE = regex.compile(r"(?:ish|ese|ian|ic|an|i)$")
# "Dalmatinova 68", "Medvedev Islands": a street or a place named after someone.
_STREET_OR_LONGER = regex.compile(r"[ \t]+(?:\d|\p{Lu})")
_CAPITALISED_WORD = regex.compile(r"(?<![\w@./#\-])\p{Lu}\p{Ll}{2,}(?:-\p{L}+)?(?![\w@])")
# A capitalised word right after: a longer proper noun ("Shaw LLP", "Shaw Industries").
# (not an acronym of chat: "Priya OOO next week", "Sam WFH today")
_IN_FIRM_NAME = regex.compile(
    r"[ \t]+(?:\p{Lu}\p{Ll}|(?:LLP|LLC|PLC|LTD|INC|GMBH|AG|SA|SAS|BV|NV|PTY|JSC|CO)\b)"
)
# ("von der" too, German capitalising its nouns: "Post von der Porsche AG"; Dutch does
# not, so "van de" after a capitalised word is a name's: "Maika van de Noort")
_PREPOSITION_PARTICLE = regex.compile(
    r"\S+[ \t]+(?:von|vom|zu|van|von[ \t]+(?:der|den|dem))[ \t]+\p{Lu}"
)
# Dutch and German particles join a given name to a surname: "Willemine ten Pas".
_GERMANIC_PARTICLE_NAME = regex.compile(
    r"(?<![\w@.])(\p{Lu}\p{Ll}+)[ \t]+(?:van|von|ten|ter|van de|van der|van den|von der|vom|zu)"
    r"[ \t]+\p{Lu}\p{Ll}+(?![\w@])"
)
# Said of a person and hardly of a thing: "Timotea lives on ...", "Ley began writing".
# What follows a name as an item of a list or a rota, wherever it stands: its note in
# brackets, another name joined by "&", a dash and its task ("Mon + Wed: Priya (07700
# 900214)", "Volunteers: Priya (tuck shop), Gemma & Lou (face paint)")
# (not "Paris (France)", "Lincoln (2012)": a place's country, a work's year)
_LIST_ITEM_AFTER = regex.compile(r"[ \t]*(?:\((?=[\p{Ll}\d+])(?!\d{4}\))|[–—][ \t]+\p{Ll})")
# ... or another first name joined by "&" (not a firm's "& Co", "& Sons")
_AND_NAME_AFTER = regex.compile(r"[ \t]*&[ \t]*(\p{Lu}\p{Ll}+)(?![\p{L}])")
_PERSONAL_PREDICATE = regex.compile(
    r"[ \t]+(?:lives|lived|grew up|was born|is from|comes from|came from|spent a year|"
    r"spent years|(?:began|started) \p{Ll}+ing|had given|has given|married|flew|speaks)\b"
)
# Spoken to: "Danial, can I please speak to ...".
_VOCATIVE = regex.compile(
    r",[ \t]+(?:can|could|would|will|do|did|please|are|have)[ \t]+(?:i|you|we)\b", regex.I
)
# Pronouns and the like, which stand where a name would: "She grew up in Enugu".
_FUNCTION_WORDS = frozenset(
    [
        "i",
        "you",
        "he",
        "she",
        "it",
        "we",
        "they",
        "who",
        "someone",
        "somebody",
        "everyone",
        "everybody",
        "nobody",
        "anyone",
        "one",
        "this",
        "that",
        "mum",
        "mom",
        "dad",
        "mother",
        "father",
        "grandma",
        "grandpa",
    ]
)
# A relation right before a name: "my kid Tadzio", "our neighbour Ubul", "my ex jamal".
# (English kinship terms and the social roles a writer names people by.)
_RELATION_BEFORE = regex.compile(
    r"\b(?:my|our|his|her|their)[ \t]+(?:(?:step|half[ \-]?|grand|great[ \-]?)?"
    r"(?:kid|son|daughter|child|baby|sister|brother|sibling|mum|mom|dad|mother|father|"
    r"aunt|auntie|uncle|ma|pa)|grandma|grandpa|granny|cousin|niece|nephew|"
    r"wife|husband|partner|spouse|girlfriend|boyfriend|gf|bf|fianc[eé]e?|ex|"
    r"ex[ \-](?:wife|husband|partner|girlfriend|boyfriend)|"
    r"friend|bestie|best[ \t]+friend|colleague|coworker|co-worker|"
    r"boss|manager|neighbou?r|landlord|landlady|roommate|flatmate|tenant|client|patient)"
    r"[ \t]+$",
    regex.IGNORECASE,
)
# A possessed noun phrase right before a capitalised word names the person it is: "my
# piano teacher Ольга", "our new hire Tolu", "his old roommate Bea". English puts a name in
# apposition after the noun that says who the person is to the possessor; function words
# in between mean something else follows ("my trip to Rome", "my view of Anna's work").
POSSESSED_NOUN_BEFORE = regex.compile(
    r"\b(?i:my|our|his|her|their)[ \t]+(?:(?!(?:to|of|for|from|in|at|on|with|by|and|or|is|"
    r"was|are|the|a|an|this|that|about|than|as|if|when|while|but|so|name|names|favou?rite)"
    r"\b)\p{Ll}[\p{Ll}\-]+[ \t]+){1,3}$"
)
# What someone the writer deals with does to them: "before Anil calls me again".
_DOES_TO_WRITER = regex.compile(
    r"[ \t]+(?:(?:keeps|kept|still|always|never|just)[ \t]+)?(?:calls|called|texts|texted|"
    r"texting|messages|messaged|emails|emailed|rings|rang|tells|told|asks|asked|owes|owed|"
    r"pays|paid|sends|sent|invited|invites|visits|visited|picks|picked|drives|drove|"
    r"blocked|ghosted|dumped|hired|fired|helps|helped)[ \t]+(?:me|us)\b",
    regex.IGNORECASE,
)
_CONTRACTION = regex.compile(r"(?i)(?:i|you|we|they|he|she|it|that|there)['’]")
# The capital after a kin title, found from the capitals back (a text has few): where
# there is none, the pattern below has no match either.
_KIN_TITLED_NEED = regex.compile(rf"(?<=(?:{KIN_TITLES})[ \t]+)\p{{Lu}}")
_KIN_TITLED = regex.compile(
    rf"(?<![\w])(?:{KIN_TITLES})[ \t]+(\p{{Lu}}\p{{Ll}}+(?:[\-'’]\p{{L}}+)?)(?![\w@])"
)
# Russian, Ukrainian and Polish: "my" and the words for family, friends and people at
# work, and the kin words that stand before a name in any of their cases ("do cioci
# Haliny").
# Each relation noun by its stem and its case endings (the nominative, genitive, dative,
# accusative, instrumental and locative of the paradigm it follows), so that "моему брату
# Ивану" (to my brother Ivan) reads as "мой брат" does.
_RUSSIAN_MY = (
    r"мо(?:й|я|ё|е|и|его|ей|ему|им|ю|ими|их|ём|ем)|наш(?:а|е|и|его|ей|ему|им|у|ими|их|ем)?"
)
_RUSSIAN_KIN = (
    r"муж(?:а|у|ем|е)?|жен(?:а|ы|е|у|ой)|брат(?:а|у|ом|е)?|сестр(?:а|ы|е|у|ой)|"
    r"сын(?:а|у|ом|е)?|доч(?:ь|ери|ерью|ка|ки|ке|ку|кой)|мам(?:а|ы|е|у|ой)|пап(?:а|ы|е|у|ой)|"
    r"друг(?:а|у|ом|е)?|подруг(?:а|и|е|у|ой)|бабушк(?:а|и|е|у|ой)|дедушк(?:а|и|е|у|ой)|"
    r"т[её]т(?:я|и|е|ю|ей)|дяд(?:я|и|е|ю|ей)|начальни(?:к|ка|ку|ком|ке|ца|цы|це|цу|цей)|"
    r"коллег(?:а|и|е|у|ой)|сосед(?:а|у|ом|е|ка|ки|ке|ку|кой)?|парн(?:я|ю|ем|е)|парень|"
    r"девушк(?:а|и|е|у|ой)"
)
_UKRAINIAN_MY = (
    r"м(?:ій|оя|оє|ої|ого|оєї|оєму|оїй|оєю|оїм|ою|ого)|наш(?:а|е|і|ого|ої|ому|ій|им|у|ою)?"
)
_UKRAINIAN_KIN = (
    r"чолов(?:ік|іка|ікові|іку|іком)|дружин(?:а|и|і|у|ою)|брат(?:а|ові|у|ом|і)?|"
    r"сестр(?:а|и|і|у|ою)|син(?:а|ові|у|ом|і)?|дон(?:ька|ьки|ьці|ьку|ькою)|дочк(?:а|и|і|у|ою)|"
    r"мам(?:а|и|і|у|ою)|тат(?:о|а|ові|у|ом)|друг(?:а|ові|у|ом)?|подруг(?:а|и|і|у|ою)|"
    r"бабус(?:я|і|ю|ею)|дідус(?:ь|я|еві|ю|ем)|тітк(?:а|и|і|у|ою)|дядьк(?:о|а|ові|у|ом)|"
    r"начальни(?:к|ка|кові|ку|ком|ця|ці|цю|цею)|колег(?:а|и|і|у|ою)|"
    r"сусід(?:а|ові|у|ом|ка|ки|ці|ку|кою)?|хлопц(?:я|еві|ю|ем)|хлопець|дівчин(?:а|и|і|у|ою)"
)
_POLISH_MY = r"mój|mo(?:ja|je|jego|jej|jemu|im|ją|ich|imi)|nasz(?:a|e|ego|ej|emu|ym|ą)?"
_POLISH_KIN = (
    r"mąż|męż(?:a|owi|em|u)|żon(?:a|y|ie|ę|ą)|brat(?:a|u|em|ie)?|siostr(?:a|y|ze|ę|ą)|"
    r"syn(?:a|owi|em|u)?|córk(?:a|i|ę|ą)|córce|mam(?:a|y|ie|ę|ą)|tat(?:a|y|ę|ą|o|cie)|"
    r"przyjaciel(?:a|owi|em|u)?|przyjaciółk(?:a|i|ę|ą)|przyjaciółce|szef(?:a|owi|em|ie)?|"
    r"szefow(?:a|ej|ą)|koleg(?:a|i|ę|ą|ze)|koleżank(?:a|i|ę|ą)|koleżance|"
    r"sąsiad(?:a|owi|em|ka|ki|kę|ką|ce)?|chłopak(?:a|owi|iem)?|dziewczyn(?:a|y|ie|ę|ą)"
)
SLAVIC_RELATIONS = (
    rf"(?:{_RUSSIAN_MY})\s+(?:{_RUSSIAN_KIN})|"
    rf"(?:{_UKRAINIAN_MY})\s+(?:{_UKRAINIAN_KIN})|"
    rf"(?:{_POLISH_MY})\s+(?:{_POLISH_KIN})|"
    r"ciocia|cioci|ciocię|ciocią|wujek|wujka|wujkiem|babcia|babci|babcię|dziadek|dziadka|"
    r"тётя|тетя|тёти|тети|дядя|дяди|бабушка|бабушки|дедушка|дедушки|"
    # bare "mum" and "dad" are the writer's in Russian as in English ("у меня мама ...")
    r"мама|мамы|маме|папа|папы|папе"
)
# Swedish, Norwegian and Danish: "my" and the relation, or the relation in its definite
# form, which says whose as well ("min sambo Johan", "för dottern Saga").
NORDIC_RELATIONS = (
    r"(?:min|mitt|mina|vår|vårt|våra|mit|mine|vor|vort|vore)\s+(?:dotter|son|fru|man|sambo|"
    r"syster|bror|mamma|pappa|mor|far|farmor|mormor|farfar|morfar|kollega|chef|granne|vän|"
    r"väninna|pojkvän|flickvän|datter|sønn|søn|kone|mann|mand|søster|venn|ven|veninde|nabo|"
    r"sjef|kjæreste|kæreste)|"
    r"dottern|sonen|frun|mannen|sambon|systern|brodern|dattera|datteren|sønnen|kona|konen|"
    r"søsteren|broren"
)
# Greek: the relation, then "my" or "our" after it, and the name's article ("ο γιος μου ο
# Στέλιος", my son Stelios; "τη φίλη μου τη Μαρία"), in the nominative, accusative or
# genitive.
GREEK_RELATIONS = (
    r"(?:γιος|γιο|γιου|κόρη|κόρης|άντρας|άντρα|σύζυγος|σύζυγο|συζύγου|γυναίκα|γυναίκας|"
    r"μητέρα|μητέρας|μάνα|μαμά|μαμάς|πατέρας|πατέρα|μπαμπάς|μπαμπά|αδερφός|αδερφό|αδερφού|"
    r"αδελφός|αδελφό|αδελφού|αδερφή|αδερφής|αδελφή|αδελφής|φίλος|φίλο|φίλου|φίλη|φίλης|"
    r"γιαγιά|γιαγιάς|παππούς|παππού|θείος|θείο|θείου|θεία|θείας|ξάδερφος|ξάδερφο|ξαδέρφη|"
    r"ανιψιός|ανιψιό|ανιψιά|εγγονός|εγγονό|εγγονή|συνάδελφος|συνάδελφο|συναδέλφου|"
    r"συναδέλφισσα|προϊστάμενος|προϊστάμενο|προϊσταμένη|γείτονας|γείτονα|γειτόνισσα|"
    r"σπιτονοικοκύρης|σπιτονοικοκύρη|αρραβωνιαστικός|αρραβωνιαστικό|αρραβωνιαστικιά)"
    r"[ \t]+(?:μου|μας)(?:[ \t]+(?:ο|η|τον|την|τη|του|της))?"
)
OTHER_LANGUAGE_RELATIONS = (
    rf"{SLAVIC_RELATIONS}|{NORDIC_RELATIONS}|{GREEK_RELATIONS}|{locatives.FINNISH_MY_RELATIONS}"
)
# What each Polish relation above holds ("moja", "nasz", "cioci", "wujek", "babcia",
# "dziadek"); the Russian and Ukrainian ones are Cyrillic.
_POLISH_RELATION_NEEDLES = needles("moj", "mój", "moi", "nasz", "cioci", "wuj", "babci", "dziad")
# What each Nordic relation above holds ("min", "vår", "dottern", "sambon", ...)
_NORDIC_RELATION_NEEDLES = needles(
    "min",
    "mit",
    "vår",
    "vor",
    "dottern",
    "sonen",
    "frun",
    "mannen",
    "sambon",
    "systern",
    "brodern",
    "dattera",
    "datteren",
    "sønnen",
    "kona",
    "konen",
    "søsteren",
    "broren",
)
_FINNISH_RELATION_NEEDLES = needles(*alternatives(locatives.FINNISH_MY_RELATIONS))
# Tagalog's personal articles, which stand before people's names only ("bibisita kami ni
# Jomar", "kay Ate Lorna", "si Marites"), read in a text that Tagalog's markers show.
_TAGALOG_PERSONAL = regex.compile(
    r"(?<![\p{L}'’\-])(?i:si|ni|kay|sina|nina|kina)[ \t]+"
    r"((?:(?i:ate|kuya|tita|tito|lola|lolo|sir|ma'?am|mam|dr\.|engr\.|atty\.)[ \t]+)?"
    r"\p{Lu}\p{Ll}+(?:[ \t]+\p{Lu}\p{Ll}+){0,2})(?![\w@])"
)
_TAGALOG_MARKER = regex.compile(
    r"(?<![\p{L}])(?i:ang|ng|mga|po|naman|yung|kasi|kami|tayo|natin|namin|siya|sila|hindi)"
    r"(?![\p{L}])"
)
# "My" and "our" in the languages that write their nouns in lower case, then one noun:
# "mi compañera Lucía", "mon collègue Pierre", "il mio capo Marco", "mijn buurman Kees".
# A noun between the writer's possessive and a first name is what the person is to them,
# whatever the noun (not an adjective of liking: "mi favorito").
MY_NOUN = (
    r"(?<![\p{L}])(?i:mi|mis|mio|mia|mie|miei|ma|mon|mes|meu|meus|minha|minhas|mijn|onze|"
    r"nuestro|nuestra|nuestros|nuestras|notre|nos|nosso|nossa|nossos|nossas|nostro|nostra|"
    r"nostri|nostre|min|mitt|mina|vår|vårt|våra|mój|moja|moje|mojego|mojej|nasz|nasza|"
    r"můj|naše|náš|moj|naš|naša)"
    r"[ \t]+(?!(?i:favorit[oae]s?|preferid[oa]s?|préférée?s?|preferit[oaie]|favoriet[e]?|"
    r"[ií]dol[oae]s?)[ \t])\p{Ll}{3,}(?:,?[ \t]+|[ \t]*\([ \t]*)"  # ("il mio relatore (X)")
)
_MY_NOUN_NAMED = regex.compile(
    rf"{MY_NOUN}(\p{{Lu}}\p{{Ll}}+)((?:[ \t]+\p{{Lu}}\p{{Ll}}+)?)(?![\p{{L}}@])"
)
_RELATION_ABROAD_NAMED = regex.compile(
    rf"(?<![\w])(?i:{OTHER_LANGUAGE_RELATIONS})[ \t]+(\p{{Lu}}\p{{Ll}}+(?:[\-'’]\p{{L}}+)?"
    # a patronymic or a surname after the first name ("Валентина Петровна")
    r"(?:[ \t]+\p{Lu}\p{Ll}+(?:вна|вич|ична|ич|ова|ева|ина|ов|ев|ин|ая|ий|ски|ska|ski)"
    r"(?![\w]))?)(?![\w@])"
)
# Hindi typed in Latin letters: "my" and the words for family, friends and people at
# work, then the name ("mere papa Rajesh Malviya ji", "meri didi Pooja").
HINGLISH_RELATION = (
    # Hindi and Urdu, and Bengali ("amar", my), typed in Latin letters, with the English
    # words for people at work and home that they take in ("mera manager", "amar chhoto
    # bhai", my little brother)
    r"(?<![\w])(?i:mere|meri|mera|hamare|hamari|humare|amar|amader)[ \t]+"
    r"(?i:(?:chhoto|choto|boro|chhote|chote|bade|bari|badi|chhoti|choti)[ \t]+)?"
    r"(?i:papa|pappa|mummy|mumma|mammi|maa|ma|baba|bhai|bhaiya|behen|bahen|bon|didi|chacha|"
    r"chachi|kaka|kaki|khala|khalu|mama|mami|mausi|bua|nana|nani|dada|dadi|pati|patni|"
    r"husband|wife|beta|beti|chele|meye|dost|bondhu|boss|manager|landlord|colleague|"
    r"teacher|sir|madam|friend|boyfriend|girlfriend|roommate|neighbour|neighbor|padosi|"
    r"sasur|saas|jiju|bhabhi|devar|sister|brother|sis|bro|mom|mum|dad|son|daughter|cousin|"
    r"uncle|aunty|auntie|fiance|fiancee|bestie)[ \t]+"
)
_HINGLISH_RELATION_NAMED = regex.compile(
    rf"{HINGLISH_RELATION}(\p{{Lu}}\p{{Ll}}+(?:[ \t]+\p{{Lu}}\p{{Ll}}+)?)(?![\w@])"
)
# "Я Ирина Соколова", "Меня зовут ...": Russian and Ukrainian say who they are without a
# verb; a Cyrillic first name, and a surname if one follows.
_SLAVIC_SELF_NAMED = regex.compile(
    # (a dash may stand for "am": "Я — Олександра Кравчук")
    r"(?<![\w])(?:Я|я|Меня зовут|меня зовут|Мене звати|мене звати)[ \t]+(?:[—–\-][ \t]+)?"
    r"((?=\p{Cyrillic})\p{Lu}\p{Ll}+(?:[ \t]+\p{Lu}\p{Ll}+)?)(?![\w@])"
)
# East Slavic full names are read by their patronymic (the father's name with -ович,
# -евич, -овна, -евна, -ична, Ukrainian -івна/-ївна, in any case): "Лаптев Геннадий
# Борисович", "Геннадий Борисович Лаптев", "Валентину Петровну".
_PATRONYMIC = (
    r"\p{Lu}\p{Ll}+(?:(?:ович|евич|ьич)(?:а|у|ем|е|і)?"
    # a daughter's, in any case and in the vocative ("Ірино Степанівно")
    r"|(?:овн|евн|ичн|иничн|івн|ївн)(?:а|ы|е|у|ой|ою|о|і|и))"
)
_CYRILLIC_NAME_WORD = r"(?=\p{Cyrillic})\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?"
_PATRONYMIC_NAME = regex.compile(
    rf"(?<![\w])(?:{_CYRILLIC_NAME_WORD}[ \t]+)?{_CYRILLIC_NAME_WORD}[ \t]+{_PATRONYMIC}"
    rf"(?:[ \t]+(?!{_PATRONYMIC}){_CYRILLIC_NAME_WORD})?(?![\w@])"
)
# A first name alone in brackets after a capitalised word (a firm's, a pub's), or after
# "ask for" or "contact" inside them
_NAME_IN_BRACKETS_AFTER_NAME = regex.compile(
    r"(?<=\p{Lu}[\p{L}\p{M}&'’.\-]*[ \t]*\([ \t]*(?:(?i:ask[ \t]+for|contact)[ \t]+)?)"
    r"(\p{Lu}\p{Ll}+)(?=[ \t]*\))"
)
# A person's name in a record's field inside a line, quoted, as log lines, JSON and
# query rows hold it ('... customer=CU-88 name="Renee Vallo" pan=...', '"customer_name":
# "Tobias Wren"'); ``_NAME_FIELD`` reads a field that opens its line or clause.
_QUOTED_NAME_FIELD = regex.compile(
    r"(?<![\w.\-])[\"']?(?i:(?:full|first|last|display|contact|customer|client|patient|user|"
    r"account|holder|guest|passenger|employee|member|sender|recipient|author|owner|caller|"
    r"requester|assignee|reporter|applicant|tenant|driver)[_\-.]?)?(?i:name)[\"']?[ \t]*[:=]"
    r"[ \t]*[\"'](\p{Lu}[\p{L}'’\-]+(?:[ \t]+\p{Lu}[\p{L}'’\-]+){1,3})[\"']"
)
# A line that is only a name: two to four capitalised words or initials.
_HEADER_LINE = regex.compile(
    r"^[ \t]*(\p{Lu}[\p{L}'’\-]+(?:[ \t]+(?:\p{Lu}\.|\p{Lu}[\p{L}'’\-]+)){1,3})[ \t]*$",
    regex.MULTILINE,
)
# The text's last line: a name of two or three words, after a dash or alone.
_SIGN_OFF_WORD = r"\p{Lu}[\p{L}\p{M}'’\-]*[\p{L}\p{M}]"
_SIGN_OFF = regex.compile(
    r"\n[ \t]*(?P<dash>[-–—~][ \t]*)?"
    rf"(?P<name>{_SIGN_OFF_WORD}(?:[ \t]+{_SIGN_OFF_WORD}){{1,2}})"
    r"[ \t.'’\"”]*\s*$"
)
# ... or at the end of the text's last sentence, after a dash: "ring me on 07700 900871 -
# Sue" (one or two words, the first a first name)
_DASHED_SIGN_OFF = regex.compile(
    rf"[ \t][-–—~][ \t]*(?P<name>{_SIGN_OFF_WORD}(?:[ \t]+{_SIGN_OFF_WORD})?)[ \t.!'’\"”]*\s*$"
)
# A contact line under it: an e-mail address, a phone number, a birth date or its label.
_CONTACT_LINE = regex.compile(
    r"[\w.+\-]@[\w\-]+\.|\+?\d[\d \-()]{7,}\d"
    r"|\b(?i:dob|date of birth|phone|tel|mobile|e-?mail|address|adresse|telefon|geb\.)\b"
)
_MAILBOX = regex.compile(r"[\w.+\-]+(?=@[\w\-]+\.)")
# Letters of scripts that have no capitals: a run of one to four such words.
_CASELESS_LETTER = r"[[\p{L}\p{M}]--[\p{Latin}\p{Greek}\p{Cyrillic}\p{Armenian}\p{Georgian}]]"
# Two words of a caseless script side by side, each a candidate for a name's part (the
# second may carry a case ending: _known_caseless_surname reads it).
_CASELESS_PAIR = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])({_CASELESS_LETTER}+)[ \t]({_CASELESS_LETTER}+)(?![\p{{L}}\p{{M}}])",
    regex.VERSION1,
)
_CASELESS_RUN = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}]){_CASELESS_LETTER}+(?:[ \t・·]{_CASELESS_LETTER}+){{0,3}}"
    r"(?![\p{L}\p{M}])",
    regex.VERSION1,
)
# "My <relation>" in languages written without capitals, where a name follows the
# relation word ("제 친구 김서연", "أختي ليلى", "मेरे चाचा रमेश", "我妈妈陈秀英", "母の 山田"):
# the first person's possessive and the words for family, friends and people at work.
_KOREAN_RELATIONS = (
    r"친구|엄마|아빠|어머니|아버지|언니|오빠|누나|형|동생|남편|아내|아들|딸|동료|상사|선생님|"
    r"할머니|할아버지|남자친구|여자친구|남친|여친|이모|삼촌|사촌|고모|집주인|이웃"
)
_URDU_RELATIONS = (
    r"بھائی|بہن|ماں|امی|ابو|والد|والدہ|شوہر|بیوی|بیٹا|بیٹی|دوست|باس|چچا|ماموں|خالہ|"
    r"پھوپھو|دادا|دادی|نانا|نانی|کزن|پڑوسی|مینیجر"
)
_BENGALI_RELATIONS = (
    r"বোন|ভাই|মা|বাবা|স্বামী|স্ত্রী|ছেলে|মেয়ে|মেয়ে|বন্ধু|খালা|মামা|চাচা|কাকা|দাদা|দিদি|"
    r"আপা|নানা|নানি|দাদি|বস|সহকর্মী|প্রতিবেশী|ম্যানেজার"
)
_HINDI_RELATIONS = (
    r"चाचा|चाची|मामा|मामी|भाई|बहन|माँ|मां|मम्मी|पापा|पिता|पिताजी|माता|पति|पत्नी|बेटा|बेटी|"
    r"दोस्त|सहेली|दादा|दादी|नाना|नानी|बॉस|सहकर्मी|पड़ोसी|भैया|दीदी|मौसी|बुआ|फूफा|ताऊ|ताई|"
    # in-laws, grandchildren, nephews and nieces, and the people one hires
    r"भाभी|जीजा|सास|ससुर|बहू|दामाद|ननद|देवर|पोता|पोती|नाती|नातिन|भतीजा|भतीजी|भांजा|भांजी|"
    r"बेटे|ठेकेदार|मैनेजर|टीचर|शिक्षक|शिक्षिका"
)
# Hindi's "little" and "big" before a sibling ("मेरा छोटा भाई", my little brother)
_HINDI_AGE_WORD = r"(?:छोटा|छोटी|छोटे|बड़ा|बड़ी|बड़े)[ \t]+"
# Chinese roles at work and school, which a name may follow with no "my" ("组长王海涛",
# "班主任王丽娟老师")
_HAN_ROLES = (
    r"室友|邻居|医生|房东|同学|上司|经理|主管|领导|组长|总监|班主任|教练|律师|导师|教授|辅导员|"
    r"校长|院长|主任|教师|"
    # the same in traditional characters (Taiwan, Hong Kong)
    r"鄰居|醫生|房東|同學|經理|領導|組長|總監|教練|律師|導師|輔導員|校長|教師"
)
# Arabic kin and people of one's life with the first person's suffix, the standard forms
# and the spoken ones ("أخوي" and "إمي" of the Gulf and the Levant, Egypt's "جوزي" and
# "مراتي"). Informal writing often leaves the hamza off an alif ("اختي", "امي"): an
# alif that opens a word is read with or without it.
_ARABIC_MY_RELATION_WORDS = (
    "أختي", "أخي", "أخوي", "أمي", "إمي", "أبي", "أبوي", "والدتي", "والدي", "زوجي",
    "زوجتي", "جوزي", "مراتي", "مرتي", "ابني", "ابنتي", "بنتي", "صديقي", "صديقتي", "صاحبي",
    "صاحبتي", "رفيقي", "رفيقتي", "خالتي", "عمتي", "خالي", "عمي", "جدتي", "جدي", "زميلي",
    "زميلتي", "مديري", "مديرتي", "جاري", "جارتي", "حبيبي", "حبيبتي", "خطيبي", "خطيبتي", "حماتي",
)  # fmt: skip
_ARABIC_MY_RELATIONS = "|".join(
    regex.sub(r"^[أإا]", "[أإا]", word)
    for word in sorted(_ARABIC_MY_RELATION_WORDS, key=len, reverse=True)
)
_CASELESS_RELATION = (
    # Chinese: 我(的)/我们(的) + relation, or a role at one's department, firm or school
    # ("我们部门经理")
    r"(?:我[们們]?的?|咱[们們]?的?)(?:(?:部门|部門|公司|学校|學校|班|单位|單位|团队|團隊)的?)?"
    r"(?:妈妈|爸爸|妈|爸|母亲|父亲|"
    r"哥哥|姐姐|弟弟|妹妹|老公|老婆|丈夫|妻子|儿子|女儿|朋友|好朋友|同事|老板|老师|奶奶|爷爷|"
    r"外婆|外公|姥姥|姥爷|阿姨|叔叔|舅舅|姑姑|表哥|表姐|表妹|表弟|堂哥|堂姐|男朋友|女朋友|"
    # traditional characters, and the kin words of Taiwan and Hong Kong ("我阿嬤", my grandma)
    r"媽媽|媽|母親|父親|兒子|女兒|老闆|老師|爺爺|姥爺|阿嬤|阿媽|阿公|阿爸|嫲嫲|婆婆|公公|"
    rf"{_HAN_ROLES})"
    # Korean: 제/내/우리 + relation
    rf"|(?:제|내|우리|저희)[ \t]?(?:{_KOREAN_RELATIONS})"
    # Arabic: relation + the first person's suffix
    rf"|(?:{_ARABIC_MY_RELATIONS})"
    # Hindi: मेरे/मेरी/मेरा/हमारे + relation
    # (or his, her, their: "उनका ठेकेदार राजू", their contractor Raju)
    rf"|(?:मेरे|मेरी|मेरा|हमारे|हमारी|हमारा|उसका|उसकी|उसके|उनका|उनकी|उनके)[ \t]+"
    rf"(?:{_HINDI_AGE_WORD})?(?:{_HINDI_RELATIONS})(?![\p{{L}}\p{{M}}])"
    # Hebrew: relation + the first person's suffix, or + שלי
    r"|(?:אחותי|אחי|אמי|אבי|בעלי|אשתי|בני|בתי|חברי|חברתי|דודי|דודתי|סבתי|סבי)"
    # ... or a noun with its article (and "to"), then "mine": "לבעל הדירה שלי", to my
    # landlord; "השכן שלי", my neighbour
    r"|(?<![\p{L}\p{M}])(?:ל|ו|של)?ה?(?:בעל(?:ת)?[ \t]+(?:הבית|הדירה)|שכן|שכנה|חבר|חברה|מנהל|"
    # (and the plurals: "החברים שלי דניאל ומרקוס", my friends Daniel and Marcus)
    r"הורים|ילדים|אחים|אחיות|חברים|חברות|שכנים|"
    r"מנהלת|בוס|רופא|רופאה|מורה|גננת|קבלן|עורך[ \t]+הדין|עורכת[ \t]+הדין|אח|אחות|בן[ \t]+הזוג|"
    r"בת[ \t]+הזוג)[ \t]+שלי"
    # Urdu: میرا/میری/میرے/ہمارا + relation; Bengali: আমার/আমাদের + (little, big) + relation
    # (a whole word: "মা", mother, opens "মামা", uncle)
    rf"|(?:{locatives.URDU_MY})[ \t]+(?:{_URDU_RELATIONS})(?![\p{{L}}\p{{M}}])"
    rf"|(?:{locatives.BENGALI_MY})[ \t]+(?:(?:ছোট|বড়|বড়)[ \t]+)?(?:{_BENGALI_RELATIONS})"
    r"(?![\p{L}\p{M}])"
    # Persian: relation + the first person's suffix ("مادرم", my mother)
    rf"|{locatives.PERSIAN_MY_RELATION}"
)
CASELESS_RELATION_WORD = regex.compile(
    rf"{_CASELESS_RELATION}|{_KOREAN_RELATIONS}|{_HINDI_RELATIONS}|मेरे|मेरी|मेरा|हमारे|제|내|우리"
)
_CASELESS_NAMED = regex.compile(
    # (a comma may set the name apart: "مادرم، فاطمه رضایی،", my mother, Fatemeh Rezaei)
    # (or a bracket: "저희 할머니(김옥례)가", our grandmother, Kim Ok-rye)
    rf"(?:{_CASELESS_RELATION})[ \t]*(?:[،,(（][ \t]*)?"
    # a Chinese name is two or three characters (Chinese writes no spaces: three, as
    # most are, covers a two-character name and one more rather than leave a part);
    # other scripts' names are one or two words
    # (Hebrew writes a sound foreign to it with a geresh: "אברג'ל")
    r"(\p{Han}{2,3}|[\p{L}\p{M}]+(?:[ \t][\p{L}\p{M}]+(?:['׳][\p{L}\p{M}]+)?)?)",
)
# Arabic's and Hebrew's prepositions and conjunctions written on the next word: "لأخوي"
# (to my brother), "وأختي" (and my sister), "לאחותי" (to my sister). A relation word after
# one of them is still a word of its own; after the article or other letters it is part of
# another word ("العميل" holds "عمي").
_CLITICS = regex.compile(r"[وف]?[بلك]|[وف]|[וש]?[בלמכ]|[וש]|כש")
_JOINED_PART = regex.compile(r"(?:\u200c[\p{Arabic}\p{M}]+)+")
# "and" as a word of its own between two names, then the second
_AND_A_NAME = regex.compile(r"[ \t]+[وו][ \t]+([\p{L}\p{M}\u200c]+)")
# "and" on a name: Arabic "و", Hebrew "ו", then a name of two letters or more
_AND_PREFIX = regex.compile(r"[وו][\p{L}\p{M}]{2,}$")


def _after_a_clitic(text: str, position: int) -> bool:
    """Whether the letters of the word before ``position`` are only clitics."""
    start = position
    while start > 0 and position - start <= 2 and text[start - 1].isalpha():
        start -= 1
    if start > 0 and text[start - 1].isalpha():
        return False
    return _CLITICS.fullmatch(text, start, position) is not None


# (read back from the name's start: a search up to it would scan the whole text before)
_COMMA_BEFORE = regex.compile(r"(?<=[،,][ \t]*)")
_COMMA_AFTER = regex.compile(r"[ \t]*(?:[،,]|[.!?؟](?:\s|$))")
# Two letters of a spaced script (not Chinese or Japanese, which write no spaces) that
# run on: a match starting between them starts inside a word.
_INSIDE_A_WORD = regex.compile(
    r"[[\p{L}\p{M}]--[\p{Han}\p{Hiragana}\p{Katakana}]][[\p{L}\p{M}]--[\p{Han}\p{Hiragana}\p{Katakana}]]",
    regex.VERSION1,
)
# "My name is": the writer's own name after the words that give it, in languages written
# without capitals ("我叫陈思远", "제 이름은 김하늘", "मेरा नाम अमित है", "اسمي يوسف",
# "私の名前は佐藤です"), or before the Japanese "I am called" and the Hindi "speaking"
# ("佐藤と申します", "मैं अमित बोल रहा हूँ").
_CASELESS_SELF_NAMED = regex.compile(
    r"(?:我叫|我名叫|我的名字是|我的名字叫)[ \t]*(\p{Han}{2,3})"
    # "我（李晓雯，学号…）": the writer's name in brackets after "I"
    r"|我[（(][ \t]*(\p{Han}{2,3})[ \t]*[，,、）)]"
    r"|(?:제|내|저의|나의)[ \t]*이름은[ \t]*(\p{Hangul}{2,4}?)"
    r"(?:이에요|예요|입니다|이고|이야|[ \t,.]|$)"
    r"|(?:मेरा[ \t]+नाम)[ \t]+([\p{Devanagari}\p{M}]+(?:[ \t]+(?!है)[\p{Devanagari}\p{M}]+)?)"
    r"(?:[ \t]+है|[ \t]*[,।]|[ \t]*$)"
    # Urdu "my name is", Bengali "my name" / "(the groom's) name" ("বরের নাম সাজ্জাদ হোসেন")
    r"|(?:میرا[ \t]+نام)[ \t]+(\p{Arabic}+(?:[ \t]+\p{Arabic}+)?)[ \t]+ہے"
    r"|(?:আমার[ \t]+নাম|[\p{Bengali}\p{M}]+র[ \t]+নাম)[ \t]+"
    r"([\p{Bengali}\p{M}]+(?:[ \t]+[\p{Bengali}\p{M}]+)?)(?=[ \t]*[,।]|[ \t]*$)"
    r"|(?:^|[ \t\n:\"“,]|(?<=\p{P}))मैं[ \t]+([\p{Devanagari}\p{M}]+)[ \t]+बोल[ \t]+(?:रहा|रही)"
    # (and "his name", "her name": "السائق اسمه سعيد عبد الحميد", the driver's name is ...)
    r"|(?:اسمي|اسمه|اسمها)[ \t]+(\p{Arabic}+(?:[ \t]+(?!و)\p{Arabic}+){0,2})"  # not "و…"
    # Arabic "I am" before a given name and a family name, which has the article or is a
    # compound of "servant of" ("أنا منى عبد الرحمن"; not "أنا سعيد بالخبر", I am glad)
    # (with the father's name between, as a full name is written: "أنا أحمد مصطفى الشاذلي")
    r"|(?<![\p{L}])(?:أنا|انا)[ \t]+(?!اسم)"
    r"(\p{Arabic}+(?:[ \t]+(?:عبد[ \t]*\p{Arabic}+|\p{Arabic}+)){0,2}?"
    r"[ \t]+(?:عبد[ \t]*\p{Arabic}+|ال\p{Arabic}{2,})(?:[ \t]+ال\p{Arabic}{2,})?)"
    # Persian "my name is ... (is)"
    r"|(?:اسم|نام)[ \t]+(?:من|بنده)[ \t]+(\p{Arabic}+(?:[ \t]+\p{Arabic}+)?)[ \t]+(?:است|هست)"
    r"|(?:私の名前は|僕の名前は)[ \t]*([\p{Han}\p{Katakana}\p{Hiragana}]{2,6}?)"
    r"(?:です|と申します|[。、 ])"
    r"|([\p{Han}\p{Katakana}]{2,6})と申します",
    regex.MULTILINE,
)
# A form's or a letter's field for a person in Chinese, Japanese and Korean, then the
# name: "姓名：王建国", "联系人是李娜", "差出人は高槻支店の中村彩です" (after "の", the
# branch it belongs to), "담당자는 박지훈입니다".
_CJK_NAME_FIELD = regex.compile(
    r"(?:氏名|名前|差出人|送信者|担当者|担当|姓名|名字|联系人|联络人|发件人|收件人|申请人|负责人|"
    r"이름|성명|담당자|보내는[ \t]사람)[ \t]*(?:は|是|为|為|은|는|이|:|：)[ \t]*"
    r"(?:[^。\n:：]{0,12}?の)?"
    r"([\p{Han}\p{Katakana}]{2,4}|\p{Hangul}{2,4}?)"
    r"(?=です|と申します|입니다|이에요|예요|이야|이고|이라고|[。、，,.\s]|$)"
)
# What Arabic says of a relative right after naming the relation, the commonest verbs and
# predicates ("أخي يعمل في ...", "أمي مريضة"): no name.
_ARABIC_VERB = regex.compile(
    r"(?:يعمل|تعمل|يسكن|تسكن|يعيش|تعيش|يدرس|تدرس|يريد|تريد|يحب|تحب|يقول|تقول|قال|قالت|كان|"
    r"كانت|ذهب|ذهبت|سافر|سافرت|اشترى|اشترت|عنده|عندها|لديه|لديها|مريض|مريضة|صار|صارت|"
    r"أصبح|أصبحت|يشتغل|تشتغل|ساكن|ساكنة)(?![\p{L}\p{M}])"
)
# Hebrew's verbs of life in the present and the past, after the relation they tell of
# ("ההורים שלי גרים ב...", my parents live in ...): no name.
_HEBREW_VERB = regex.compile(
    r"(?:גר|גרה|גרים|גרות|עובד|עובדת|עובדים|עובדות|לומד|לומדת|לומדים|לומדות|חי|חיה|חיים|"
    r"רוצה|רוצים|אומר|אומרת|אמר|אמרה|אמרו|היה|הייתה|היו|נולד|נולדה|נולדו|עבר|עברה|עברו|"
    r"בא|באה|באים|מגיע|מגיעה|מגיעים|הולך|הולכת|הולכים|התחתן|התחתנה|התחתנו|יש|אין)"
    r"(?![\p{L}\p{M}])"
)
# A closed-class word that follows a word of its line is that word's: Hebrew's "שלי"
# (mine) after a noun, never the given name it is spelt like (Shelly).
_WORD_THEN_SPACE = regex.compile(r"[\p{L}\p{M}][ \t]+$")


def _possessive_after_a_noun(text: str, pair: regex.Match) -> bool:
    given = pair.group(1)
    return (
        given.casefold() in locatives.stop_words_of_any_language()
        and _WORD_THEN_SPACE.search(text, max(0, pair.start() - 4), pair.start()) is not None
    )


# An Arabic family name carries the article ("القحطاني"); titles go before a name, with
# the preposition "to" fused to them ("للدكتورة سلمى الحربي": to Dr Salma al-Harbi).
_ARABIC_FAMILY_NAME = regex.compile(r"ال\p{Arabic}{2,}")
_ARABIC_TITLED = regex.compile(
    # (and the Maghreb's "Si", "السي"; a given name of "servant of" is two words: "السي عبد
    # الرحيم الطاهري")
    r"(?<![\p{L}])(?:لل|ل|ب|و)?(?:ال)?(?:دكتور|دكتورة|أستاذ|أستاذة|سيد|سيدة|مهندس|مهندسة|شيخ|د\.)"
    r"[ \t]+((?:عبد[ \t]*)?\p{Arabic}+(?:[ \t]+ال\p{Arabic}{2,})?)"
    r"|(?<![\p{L}])(?:ل|و)?السي[ \t]+((?:عبد[ \t]*)?\p{Arabic}+(?:[ \t]+ال\p{Arabic}{2,})?)"
    # Persian's Mr and Mrs, doctor and engineer, before a given name and a family name
    # ("آقای حسین مرادی")
    r"|(?<![\p{L}])(?:آقای|خانم|دکتر|مهندس)[ \t]+(\p{Arabic}+(?:[ \t]+\p{Arabic}+)?)"
)
# Thai puts the title right before the name, with no space, and a particle or a space
# after it ("คุณครูสมศรีค่ะ": teacher Somsri; "น้องภูมิ": little Phum); not a kin word or a
# role after the title ("คุณแม่", mother; "คุณหมอ", the doctor).
_THAI_TITLED = regex.compile(
    r"(?:คุณครู|ครู|คุณ|น้อง|พี่|ลุง|ป้า|น้า|ยาย)"
    r"(?!แม่|พ่อ|หมอ|ครู|ค่ะ|คะ|ครับ|ๆ)(\p{Thai}{2,12}?)(?=ค่ะ|คะ|ครับ|นะ|จ้ะ|[ \t\n,.]|$)"
)
# A Sikh name: a given name and Singh or Kaur, which every Sikh man or woman carries, in
# Gurmukhi ("ਸੁਖਦੇਵ ਸਿੰਘ", "ਬਲਵਿੰਦਰ ਕੌਰ"; the lists hold no name in that script)
# (not a Guru's or a Maharaja's: "ਗੁਰੂ ਗੋਬਿੰਦ ਸਿੰਘ", the tenth Guru)
_SIKH_NAME = regex.compile(
    r"(?<![\p{L}\p{M}])(?<!(?:ਗੁਰੂ|ਮਹਾਰਾਜਾ|ਮਹਾਰਾਜ)[ \t]+)[\p{Gurmukhi}\p{M}]{2,}[ \t]+(?:ਸਿੰਘ|ਕੌਰ)"
    r"(?![\p{L}\p{M}])"
)
# Greetings that open a line before a name and its honorific ("नमस्ते सुनीता जी").
_CASELESS_GREETING = regex.compile(
    r"नमस्ते|नमस्कार|प्रणाम|你好|您好|안녕하세요|안녕|مرحبا|السلام|こんにちは|שלום"
)
# A letter's or a message's closing words in Arabic, Persian, Hebrew, Hindi and Bengali,
# then the writer's name, one to three words, at the line's end or before a dash ("مع
# التحية، ريم العتيبي – قسم المحاسبة", "תודה, מיכל")
_CASELESS_SIGN_OFF = regex.compile(
    r"(?<![\p{L}\p{M}])(?:مع[ \t]+(?:خالص[ \t]+)?(?:التحية|التحيات|التقدير|الشكر)|تحياتي|"
    r"وشكرا|شكرا|شكراً|با[ \t]+تشکر|با[ \t]+احترام|ممنون|תודה(?:[ \t]+רבה)?|בברכה|"
    r"धन्यवाद|सादर|ধন্যবাদ|শুভেচ্ছান্তে)[ \t]*[،,:\-–—]?[ \t\n]*"
    r"([\p{Arabic}\p{Hebrew}\p{Devanagari}\p{Bengali}\p{M}]+"
    r"(?:[ \t][\p{Arabic}\p{Hebrew}\p{Devanagari}\p{Bengali}\p{M}]+){0,2})"
    r"(?=[ \t]*(?:$|\n|[–—\-]|[.!'\"”»]))"
)
# The titles Hindi, Punjabi and Bengali put before a name ("डॉक्टर अनुराग मिश्रा ने",
# "श्रीमती रेखा त्रिपाठी")
_INDIC_TITLED_NAME = regex.compile(
    r"(?<![\p{L}\p{M}])(?:श्रीमती|श्रीमान|श्री|सुश्री|कुमारी|डॉक्टर|डॉ\.?|प्रोफेसर|प्रो\.|स्व\.|"
    r"ਸ਼੍ਰੀਮਤੀ|ਸ੍ਰੀਮਤੀ|ਸ਼੍ਰੀ|ਸ੍ਰੀ|ਡਾਕਟਰ|ਡਾ\.|শ্রীমতী|শ্রী|ডাক্তার|ডাঃ|ডা\.)[ \t]*"
    r"([\p{Devanagari}\p{Gurmukhi}\p{Bengali}\p{M}]+(?:[ \t][\p{Devanagari}\p{Gurmukhi}"
    r"\p{Bengali}\p{M}]+)?)(?![\p{L}\p{M}])"
)
_WORD_OF_A_RUN = regex.compile(r"[^ \t・·]+")


def _up_to_a_closed_word(text: str, start: int, end: int) -> tuple[int, int]:
    """A run of words cut before the first closed-class word of any language in it ("अनुराग
    मिश्रा ने दवा", Anurag Mishra gave medicine: the name ends before "ने")."""
    for word in _WORD_OF_A_RUN.finditer(text, start, end):
        closed = word.group().casefold() in locatives.stop_words_of_any_language()
        if closed and word.start() > start:
            return start, start + len(text[start : word.start()].rstrip(" \t・·"))
    return start, end


# Honorifics written after a name: Japanese さん/様/くん/ちゃん/先生, Korean 씨/님, Hindi जी,
# Chinese 先生/女士/小姐.
_CASELESS_HONORIFIC_AFTER = regex.compile(
    r"(?:さん|様|さま|くん|ちゃん|先生|씨|님|女士|小姐|[ \t]+जी)(?![\p{L}\p{M}])"
)
# Titles written after a surname in running Japanese and Chinese, particles and all
# ("株式会社ミナトの佐々木部長に", "请转告王老师"): the Han run right before one, up to four
# characters, after a character that is neither Han nor Katakana ("サクラ精工さん" is a firm).
_HAN_NAME_BEFORE_TITLE = regex.compile(
    r"(?<![\p{Han}々\p{Katakana}ー])([\p{Han}々]{1,4}?)(?:部長|課長|社長|係長|店長|主任|教授|先生|さん|様|"
    r"さま|くん|ちゃん|氏|先輩|老师|经理|医生|女士|小姐|阿姨|叔叔)"
)
# A Chinese name by its surname: a role right before it ("组长王海涛") or a title right
# after it ("王丽娟老师"). Titles a public figure takes as often ("先生", "教授", "主席")
# are left out. After a role the name is the surname and two characters, unless the
# second is a function word or a common verb ("经理李明说": 李明).
_HAN_ROLE_BEFORE = regex.compile(rf"(?:{_HAN_ROLES})$")
_HAN_ROLE = regex.compile(_HAN_ROLES)
_HAN_TITLE_AFTER = regex.compile(
    r"老师|女士|小姐|医生|大夫|经理|主任|阿姨|叔叔|同学|师傅|老板|"
    # a post at work said after the name, as one addresses a superior ("王海涛总监您好")
    r"总监|主管|组长|律师|"
    r"老師|醫生|經理|同學|老闆|總監|組長|律師"
)
# "is called" before a name: "孩子叫王小雨" (the child is called Wang Xiaoyu), "实习生叫王菲"
_HAN_CALLED_BEFORE = regex.compile(r"(?:叫|名叫|叫做)$")
_HAN_NOT_IN_A_NAME = frozenset("说让叫是在和的也都给要会把被对跟就还又很")
# The prefixes of familiar names: "小雨", "阿明", "老王"
_HAN_FAMILIAR = frozenset("小阿老")
_HAN_RUN = regex.compile(r"\p{Han}{2,}")


@cache
def han_surnames() -> frozenset[str]:
    """The Chinese surnames of 95% of people, simplified and traditional (Faker's zh_CN
    and zh_TW tables and their frequencies): rarer ones are ordinary characters as often."""
    from faker.providers.person.zh_CN import Provider as Simplified
    from faker.providers.person.zh_TW import Provider as Traditional

    common: set[str] = set()
    for table in (Simplified.last_names, Traditional.last_names):
        weights = sorted(dict(table).items(), key=lambda item: -item[1])
        total, running = sum(w for _, w in weights), 0.0
        for surname, weight in weights:
            if running >= 0.95 * total:
                break
            common.add(surname)
            running += weight
    return frozenset(common)


@cache
def japanese_surnames() -> frozenset[str]:
    """The commonest Japanese surnames, as Faker's ja_JP table writes them in kanji."""
    from faker.providers.person.ja_JP import Provider

    return frozenset(name for name in Provider.last_names if regex.fullmatch(r"[\p{Han}々]+", name))


# A Japanese self-introduction at a sentence's start: "佐々木美穂です。", "私は田中健と申し
# ます" (the name, then "am" or "am called"), its surname one of the commonest.
_JAPANESE_SELF_NAMED = regex.compile(
    r"(?:^|(?<=[\n。！？」\s]))(?:私は|わたしは|僕は|俺は)?([\p{Han}々]{2,5})[ \t　]*"
    r"(?:と申します|といいます|です[。、！\n])"
)


def _opens_with_surname(name: str, surnames: frozenset[str]) -> bool:
    """Whether ``name`` is one of ``surnames`` and something more (the given name)."""
    return any(name[:length] in surnames for length in range(1, len(name)))


# A Japanese parent names themselves by their child: "中2の田中悠真の母です" (I am the
# mother of Tanaka Yuma, in year 8).
_JAPANESE_CHILDS_PARENT = regex.compile(
    r"(?<![\p{Han}々])([\p{Han}々]{2,5})の(?:母|父|母親|父親|保護者)(?:です|でございます)"
)


def japanese_self_named(text: str) -> list[tuple[int, int]]:
    """Where a Japanese writer says their name, or their child's as a parent does, by
    its surname."""
    surnames = japanese_surnames()
    return [
        match.span(1)
        for pattern in (_JAPANESE_SELF_NAMED, _JAPANESE_CHILDS_PARENT)
        for match in pattern.finditer(text)
        if _opens_with_surname(match.group(1), surnames)
    ]


# Chinese "I am X" closed by punctuation ("大家好，我是许嘉怡。"), X with a common surname
# ("我是学生。", I am a student, has none)
# (or "I am <department>'s X", "我是市场部的李佳怡", in Cantonese too: "我係…嘅住戶何嘉欣")
_HAN_I_AM = regex.compile(
    r"(?:我是|我係)[ \t]*(?:[^\s。，,！!？?；;]{1,20}?[的嘅]\p{Han}{0,2}?)?"
    r"(\p{Han}{2,3})(?=[。，,！!；;、.\n]|$)"
)
# A Japanese or Chinese letter's signature: a name alone after its last sentence, before
# the end, a line break or the closing quote ("…共有しました。佐藤美咲」", "署名：小野寺 美咲")
_HAN_SIGNATURE = regex.compile(
    r"(?:(?<=[。！？!?\n])|(?:署名|签名)[：:][ \t　]*)"
    r"([\p{Han}々]{1,3}(?:[ \t　][\p{Han}々]{1,3}|[\p{Han}々]{0,3}))"
    r"(?=[ \t　]*(?:[」』”（(\n]|$))"
)
_HAN_TITLES_AT_END = regex.compile(r"(?:部長|課長|社長|係長|店長|主任|先生|様|老师|经理|总)$")


def han_self_named_and_signed(text: str) -> list[tuple[int, int]]:
    """A Chinese writer's "I am X", and a Chinese or Japanese signature, by the name's
    common surname (with no title after it: the title's rules read those)."""
    chinese, japanese = han_surnames(), japanese_surnames()
    found = []
    for pattern, surnames in ((_HAN_I_AM, chinese), (_HAN_SIGNATURE, chinese | japanese)):
        for match in pattern.finditer(text):
            name = match.group(1)
            if _HAN_TITLES_AT_END.search(name):
                continue
            labelled = match.group().startswith(("署名", "签名"))  # (a field says it is one)
            if labelled or _opens_with_surname(name, surnames):
                found.append(match.span(1))
    return found


def han_names_by_surname(text: str) -> list[tuple[int, int]]:
    """Where a Chinese name stands by its surname and a role, a title or "is called"
    beside it."""
    surnames = han_surnames()
    found = []
    for run in _HAN_RUN.finditer(text):
        value, offset = run.group(), run.start()
        for i in range(len(value) - 1):
            if value[i] in _HAN_FAMILIAR and _HAN_ROLE_BEFORE.search(value, 0, i):
                # a familiar name after the role: "室友小雨" (my flatmate Xiaoyu), "阿明"
                found.append((offset + i, offset + i + 2))
                continue
            length = 2 if value[i : i + 2] in surnames else 1 if value[i] in surnames else 0
            if not length or (length == 1 and value[i] in _HAN_NOT_IN_A_NAME):
                # (a function word that is a rare surname too: "同事也叫王菲", also called)
                continue
            end = next(
                (
                    i + length + given
                    for given in (2, 1)
                    if _HAN_TITLE_AFTER.match(value, i + length + given)
                ),
                None,
            )
            if end is None and (
                _HAN_ROLE_BEFORE.search(value, 0, i) or _HAN_CALLED_BEFORE.search(value, 0, i)
            ):
                end = min(len(value), i + length + 2)
                if end - i - length == 2 and value[end - 1] in _HAN_NOT_IN_A_NAME:
                    end -= 1
            if end is not None and end - i > length:
                found.append((offset + i, offset + end))
    return found


# A Vietnamese name is a surname of a closed class (these cover about nine in ten
# people), then a middle and a given name, every syllable capitalised: "Nguyễn Thị Thu Hà",
# "Trần Văn Nam". Written with its diacritics, which no other language's name has.
_VIETNAMESE_SURNAMES = (
    r"Nguyễn|Trần|Lê|Phạm|Hoàng|Huỳnh|Phan|Vũ|Võ|Đặng|Bùi|Đỗ|Hồ|Ngô|Dương|Lý|Đinh|Đoàn|"
    r"Lâm|Trương|Đào|Lưu|Vương|Tạ|Trịnh|Lương|Quách|Châu|Kiều|Tăng|Mai|Cao|Hà|Tô|Thái|La"
)
_VIETNAMESE_NAME = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:{_VIETNAMESE_SURNAMES})(?:[ \t]+\p{{Lu}}[\p{{Ll}}\p{{M}}]*){{1,3}}"
    r"(?![\p{L}\p{M}])"
)
_VIETNAMESE_LETTER = regex.compile(
    r"[ăâđêôơưĂÂĐÊÔƠƯàảãáạằẳẵắặầẩẫấậèẻẽéẹềểễếệìỉĩíịòỏõóọồổỗốộờởỡớợùủũúụừửữứựỳỷỹýỵ]"
)
# Korean surnames are a closed class (under 300); the commonest fifty cover most people.
_KOREAN_SURNAMES = (
    "김이박최정강조윤장임한오서신권황안송류유전홍고문양손배백허남"
    + "심노하곽성차주우구민진나지엄채원천방공현함변염"
)
# Ranks at work, which take "님" as names do ("팀장님", the team lead): no names.
_KOREAN_RANKS = (
    r"팀장|과장|부장|차장|대리|주임|사원|실장|이사|대표|원장|매니저|사장|소장|회장|교수|선생"
)
_KOREAN_RANK = regex.compile(_KOREAN_RANKS)
# A Korean name (surname and one to three syllables) before its title or honorific, any
# particle after it: "담임 선생님은 박은정 선생님이에요".
_KOREAN_NAME_BEFORE_TITLE = regex.compile(
    rf"(?<!\p{{Hangul}})([{_KOREAN_SURNAMES}]\p{{Hangul}}{{1,3}})[ \t]*"
    # a title in 님 after a space: 선생님, 교수님, 사장님, 소장님, 기사님 ...
    r"(?:선생님|교수님|사장님|부장님|과장님|팀장님|원장님|실장님|대리님|여사님|여사|씨|님"
    r"|(?<=[ \t])\p{Hangul}{1,3}님"
    # or a rank at work written bare after a space, as notes and lists do ("박지훈 팀장")
    rf"|(?<=[ \t])(?:{_KOREAN_RANKS})(?:이고|고|이|가|은|는|와|과|의|께|에게)?(?!\p{{Hangul}}))"
)
# A Korean name the syllables of given names make: a surname, then two syllables that
# open and close the given names people have (Faker's ko_KR lists), as a word of its own
# or with a particle after it. Read only where a relation, a bracket or a list of the
# other attendees puts a name ("남편(김도윤)", "동생 박서연이", "참석: 박지훈 팀장, 이수민").
_KOREAN_GIVEN_FIRST = (
    "건경광도동명미민병보상서선성수숙순승시아영예옥우유윤은재정종주준중지진채춘하현혜"
)
_KOREAN_GIVEN_LAST = (
    "경길남람름미민빈서석수숙순식아연영옥우웅원윤은일자재정주준지진철혁현혜호환후훈희"
)
_KOREAN_NAME_SHAPE = rf"[{_KOREAN_SURNAMES}][{_KOREAN_GIVEN_FIRST}][{_KOREAN_GIVEN_LAST}]"
_KOREAN_NAME_OR_GIVEN = regex.compile(
    rf"[{_KOREAN_SURNAMES}]\p{{Hangul}}{{1,3}}|[{_KOREAN_GIVEN_FIRST}][{_KOREAN_GIVEN_LAST}]"
)


def _korean_name_shaped(value: str) -> bool:
    """Not Hangul, or Hangul in a name's shape: a surname and one to three syllables, or
    a given name's two."""
    if not regex.match(r"\p{Hangul}", value):
        return True
    return _KOREAN_NAME_OR_GIVEN.fullmatch(value) is not None


_KOREAN_FULL_NAME = (
    rf"{_KOREAN_NAME_SHAPE}(?=(?:이|가|은|는|을|를|의|에게|한테|와|과|도|씨|님)?(?!\p{{Hangul}}))"
)
_KOREAN_NAME_IN_PLACE = regex.compile(
    rf"(?:{_KOREAN_RELATIONS})[ \t]*[(（][ \t]*({_KOREAN_FULL_NAME})"
    rf"|(?<!\p{{Hangul}})(?:{_KOREAN_RELATIONS})[ \t]+({_KOREAN_FULL_NAME})"
    # "I am X" as a letter opens ("세입자 김도윤입니다", the tenant Kim Do-yun here)
    rf"|(?<!\p{{Hangul}})({_KOREAN_NAME_SHAPE})(?=입니다|이에요|예요)"
    # a relation and a given name alone, in a given name's shape, with the familiar "이"
    # and a particle ("남편 민준이는", my husband Min-jun; "남자친구 준호랑", with my boyfriend)
    rf"|(?<!\p{{Hangul}})(?:{_KOREAN_RELATIONS})[ \t]+"
    rf"([{_KOREAN_GIVEN_FIRST}][{_KOREAN_GIVEN_LAST}])"
    r"(?=이?(?:가|는|은|랑|이랑|하고|와|과|를|을|한테|에게|도|의|씨)?(?!\p{Hangul}))"
    # a child's name before its parent, as parents name themselves ("서윤이 엄마예요", I'm
    # Seo-yun's mum; "고2 최민준 엄마입니다"), with the familiar "이" after a closed syllable
    rf"|(?<!\p{{Hangul}})({_KOREAN_NAME_SHAPE}|[{_KOREAN_GIVEN_FIRST}][{_KOREAN_GIVEN_LAST}])"
    r"이?[ \t]+"
    r"(?:엄마|아빠|어머니|아버지|어머님|아버님)"
)
_KOREAN_ATTENDEES = regex.compile(r"참석(?:자)?[ \t]*[:：]([^\n]{1,120})")
_KOREAN_LISTED_NAME = regex.compile(rf"(?<!\p{{Hangul}}){_KOREAN_FULL_NAME}")
_NAME_WORD_BEFORE = regex.compile(r"\bnamed?[ \t]*[:,]?[ \t]*$", regex.IGNORECASE)
# A capitalised name (and a second word), then "on"/"at", a colon, a dash, a comma or a
# bracket, then a phone number's digits or an e-mail address
_NAME_BEFORE_CONTACT = regex.compile(
    r"(?<![\p{L}\p{N}@.])(\p{Lu}\p{Ll}+)(?:[ \t]+\p{Lu}\p{Ll}+)?"
    r"(?=[ \t]*(?:[ \t](?:on|at)[ \t]|[:,(–\-][ \t]*)"
    r"(?:\+?\(?\d[\d \t\-().]{6,}\d(?![\d])|[\w.+\-]+@[\w\-]+\.))"
)
_TITLE_BEFORE = regex.compile(rf"\b(?:{_HONORIFIC})\.?[ \t]+$")
_WRITER_AND_BEFORE = regex.compile(r"\b(?:me|i)[ \t]+(?:and|&)[ \t]+$", regex.IGNORECASE)
# Listed with the writer: "Ana, Rui and I went", "present: Tom, Priya, me".
_WITH_WRITER_AFTER = regex.compile(
    r"(?:[ \t]*,[ \t]*\p{Lu}[\p{L}'’\-]*(?:[ \t]+\p{Lu}[\p{L}'’\-]*)?){0,8}[ \t]*,?[ \t]*"
    r"(?:and|&|\+)[ \t]*(?:me|myself|I)\b(?!['’])|[ \t]*,[ \t]*(?:me|myself)\b",
)
# Greetings and sign-offs put a name after them, whatever name it is: "hey Priyanka".
_GREETING_BEFORE = regex.compile(
    r"(?:^|[\s'\"“‘(])(?:hi|hello|hey|hiya|dear|dearest|cheers|bye|"
    rf"regards|love|xoxo|xo|{THANKS})[,!]?[ \t]+(?:[-–—]+[ \t]*)?$",
    regex.IGNORECASE,
)
# "What's your last name? Boyle": the answer to a question about a name.
# A name a sentence opens with and turns to, asking something of it: "Ciarán, can you
# make sure ...", "Meg, please send ...".
VOCATIVE = regex.compile(
    r"(?:^|(?<=[.!?\n]\s*))(\p{Lu}\p{Ll}+(?:[\-'’]\p{L}+)?)[ \t]*,[ \t]*"
    r"(?i:(?:can|could|would|will)[ \t]+you\b|please\b|pls\b|plz\b)"
)


def is_interjection(word: str) -> bool:
    """An interjection or a word for a group, which opens a sentence the way a name does
    ("Hey, can you ...", "Guys, please ...")."""
    return word.casefold() in gazetteer.load("interjections")


_NAME_QUESTION = regex.compile(
    r"\bname\?[ \t]+(\p{Lu}\p{Ll}+(?:[\-'’]\p{L}+)?(?:[ \t]+\p{Lu}\p{Ll}+)?)(?![\w@])"
)
# Lower-case titles: "mr. elliott", "ms. Quinzia".
_LOWER_TITLED = regex.compile(
    r"(?<![\w.])(?:mr|mrs|ms|dr|mx)\.?[ \t]+(\p{L}\p{Ll}{2,}(?:-\p{L}\p{Ll}+)*"
    r"(?:[ \t]+\p{Lu}\p{Ll}{2,}(?:-\p{L}\p{Ll}+)*)?)(?![\w@\-])"
)
# "benjamin a seiler", "hyuuma t. maida": typed lower-case, with a middle initial.
_LOWER_WITH_INITIAL = regex.compile(
    r"(?<![\w@.])(\p{Ll}{3,})[ \t]+\p{Ll}\.?[ \t]+(\p{Ll}[\p{Ll}\-]{2,})(?![\w@])"
)
# Two capitalised words, the second a surname: "Rościsław Dudek", "Cleopatra Mordvinova".
_TWO_WORDS = regex.compile(
    r"(?<![\w@./#\-])(\p{Lu}\p{Ll}+)[ \t]+(\p{Lu}\p{Ll}+(?:-\p{L}+)?)(?![\w@]|[ \t]+\p{Lu})"
)
# A comma list of lower-case words: "silvana, adam, christopher and caleb".
# What every form of the next holds: a comma, a word, "and" (its last item's comma, word
# and conjunction): found from the commas, which most texts have few of.
_LOWER_LIST_END = regex.compile(r",[ \t]+\p{Ll}{3,},?[ \t]+(?:and|&)[ \t]+")
_LOWER_LIST = regex.compile(
    r"(?<![\w@.])\p{Ll}{3,}(?:,[ \t]+\p{Ll}{3,}){2,},?[ \t]+(?:and|&)[ \t]+\p{Ll}{3,}(?![\w@])"
    # shorter where the writer is one of them: "(me, kayla and marcus)", "jo, sam and me"
    r"|(?<![\w@.])(?:me|i),[ \t]+(?:\p{Ll}{3,},[ \t]+){0,3}\p{Ll}{3,},?[ \t]+(?:and|&)[ \t]+"
    r"\p{Ll}{3,}(?![\w@])"
    r"|(?<![\w@.])(?:\p{Ll}{3,},[ \t]+){1,3}\p{Ll}{3,},?[ \t]+(?:and|&)[ \t]+(?:me|i)(?![\w@])"
)


# Faker's person providers name their lists first_names*, last_names*, middle_names*,
# male_last_names, first_romanized_names, ...: take every one of them.
_FIRST_ATTRIBUTE = regex.compile(r"^first_(?:romanized_)?names")
_LAST_ATTRIBUTE = regex.compile(
    r"^(?:(?:male|female|unisex)_)?(?:last|middle)_(?:romanized_)?names"
)
# The lists names.v1 was tuned on; the others add only names of three letters or more
# (romanized "He", "Ma", "Su" are English words and abbreviations).
_CORE_ATTRIBUTES = frozenset(
    ["first_names", "first_names_male", "first_names_female", "first_names_nonbinary", "last_names"]
)
# Cyrillic lists whose transliterations are names; bg_BG's also hold ordinary words.
_TRANSLITERATED_LOCALES = frozenset(["ru_RU", "uk_UA"])


class NameSet(frozenset):
    """A name list that also holds each of its names as written with accents it lacks:
    people add or drop a name's diacritics ("Pádraig", "Siobhán" are the lists' "Padraig",
    "Siobhan")."""

    def __contains__(self, word: object) -> bool:
        if frozenset.__contains__(self, word):
            return True
        return (
            isinstance(word, str)
            and not word.isascii()
            and frozenset.__contains__(self, _without_marks(word))
            # (not a closed-class word the marks make: Vietnamese "mình", Spanish "está")
            and word.casefold() not in locatives.stop_words_of_any_language()
        )


class GivenNameSet(NameSet):
    """First names, and two of them joined by a hyphen ("Tyler-Jay", "Anne-Sophie")."""

    def __contains__(self, word: object) -> bool:
        if NameSet.__contains__(self, word):
            return True
        if not isinstance(word, str) or "-" not in word:
            return False
        parts = word.split("-")
        return len(parts) == 2 and all(
            len(part) >= 2 and NameSet.__contains__(self, part) for part in parts
        )


def _without_marks(word: str) -> str:
    """The word without its combining marks ("Pádraig" -> "Padraig"; "Łukasz" stays)."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


@cache
def _name_lists_file() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The three lists ``_faker_name_lists`` writes, read from their file once a process."""
    return name_lists.load_all(_faker_name_lists)


@cache
def _name_lists() -> tuple[frozenset[str], frozenset[str]]:
    """(first names, last names) as ``_faker_name_lists`` reads them, kept in a file in the
    user cache (rules.name_lists), so that no process imports Faker to read them; with
    the given names the encyclopedia attests (rules.given_names: "Rohit", "Maddie")."""
    first, last, _ = _name_lists_file()
    return GivenNameSet(first | given_names.load(first, last)), NameSet(last)


def _faker_name_lists() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(first names, last names, given names of the scripts without capitals) from Faker's
    person providers: Latin-script ones as they are, those of the other scripts with
    capitals (Cyrillic, Greek, Armenian) as they are too ("Олена Бондар", "Ελένη
    Μαυρίδου"), and Russian and Ukrainian ones transliterated besides (people write
    "Vsevolod" as often as "Всеволод"); the caseless scripts' given names apart."""
    import faker.providers.person as providers

    first: set[str] = set()
    last: set[str] = set()
    caseless_given: set[str] = set()
    for module_info in pkgutil.iter_modules(providers.__path__):
        try:
            provider = importlib.import_module(f"{providers.__name__}.{module_info.name}").Provider
        except (ImportError, AttributeError):
            continue
        for attribute, values in provider.__dict__.items():
            if _FIRST_ATTRIBUTE.match(attribute):
                target = first
            elif _LAST_ATTRIBUTE.match(attribute):
                target = last  # patronymics ("Abramovich") are written as surnames too
            else:
                continue
            if isinstance(values, dict):
                values = values.keys()
            if not isinstance(values, (list, tuple, set, frozenset, type({}.keys()))):
                continue
            shortest = 2 if attribute in _CORE_ATTRIBUTES else 3
            for value in values:
                if not isinstance(value, str) or len(value) < shortest:
                    continue
                if _latin(value):
                    target.add(value.title() if value.isupper() else value)
                    continue
                if _CASED_SCRIPT_NAME.fullmatch(value) or (
                    target is last and _CASELESS_SCRIPT_NAME.fullmatch(value)
                ):
                    target.add(value)
                elif target is first and _CASELESS_SCRIPT_NAME.fullmatch(value):
                    caseless_given.add(value)
                if module_info.name in _TRANSLITERATED_LOCALES and _CYRILLIC.fullmatch(value):
                    target.update(_transliterations(value))
    return frozenset(first), frozenset(last), frozenset(caseless_given)


def _caseless_given_names() -> frozenset[str]:
    """Given names of the scripts without capitals ("अनिल", "يوسف", "עומר"), which count
    only where a listed surname follows: alone, most are words too ("अमर", immortal)."""
    return _name_lists_file()[2]


_CYRILLIC = regex.compile(r"[\p{Cyrillic}'’\-]+")
_CASED_SCRIPT_NAME = regex.compile(r"\p{Lu}[\p{Cyrillic}\p{Greek}\p{Armenian}'’\-]+")
# Surnames of scripts without capitals, one word (a given name there is any word: those
# lists would only find words)
_CASELESS_SCRIPT_NAME = regex.compile(
    r"[\p{Bengali}\p{Devanagari}\p{Arabic}\p{Gujarati}\p{Tamil}\p{Oriya}\p{Sinhala}"
    r"\p{Hebrew}\p{Georgian}\p{Thai}\p{M}\u200c\u200d]{2,}"
)
# English-style romanisation (BGN/PCGN-like), the spelling people use in Latin text;
# Ukrainian letters included. "е" is "ye" at the start or after a vowel: both kept.
_TRANSLIT = {
    "а": "a", "б": "b", "в": "v", "г": "g", "ґ": "g", "д": "d", "е": "e", "ё": "yo",
    "є": "ye", "ж": "zh", "з": "z", "и": "i", "і": "i", "ї": "yi", "й": "y", "к": "k",
    "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "",
    "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya", "'": "", "’": "", "-": "-",
}  # fmt: skip
_VOWELS = frozenset("аеёиоуыэюяієї")


def _transliterations(name: str) -> set[str]:
    plain, yotated = [], []
    previous = ""
    for char in name.lower():
        latin = _TRANSLIT.get(char)
        if latin is None:
            return set()
        plain.append(latin)
        yotated.append("ye" if char == "е" and (not previous or previous in _VOWELS) else latin)
        previous = char
    return {"".join(parts).title() for parts in (plain, yotated)}


_LEADING_WORD = regex.compile(r"(\p{L}+)\s+")


@cache
def _function_words() -> frozenset[str]:
    """English closed-class words (spaCy's stop words) that are no one's first name."""
    import_spacy()
    from spacy.lang.en.stop_words import STOP_WORDS

    first, _ = _name_lists()
    return frozenset(w for w in STOP_WORDS if w.title() not in first and w.isalpha())


# Bengali's genitive, joined to the name ("রহমানের", Rahman's)
_BENGALI_GENITIVE = regex.compile(r"(?:ের|র)$")


_CASELESS_WORD_AT = regex.compile(rf"{_CASELESS_LETTER}+(?![\p{{L}}\p{{M}}])", regex.VERSION1)
_MIDDLE_THEN_WORD = regex.compile(
    rf"{_CASELESS_LETTER}+[ \t]({_CASELESS_LETTER}+)(?![\p{{L}}\p{{M}}])", regex.VERSION1
)


def _middle_then_word(text: str, at: int) -> regex.Match | None:
    """The word after the one at ``at``, if that one is no closed-class word."""
    found = _MIDDLE_THEN_WORD.match(text, at)
    if found is None:
        return None
    middle = text[at : found.start(1)].strip()
    if middle.casefold() in locatives.stop_words_of_any_language():
        return None
    return _CASELESS_WORD_AT.match(text, found.start(1))


_INDIC_RELATION_WORD = regex.compile(rf"(?:{_HINDI_RELATIONS}|{_BENGALI_RELATIONS})")


def _read_aloud_length(word: str) -> int:
    return len(brahmic.key(brahmic.romanize(word)))


# The words for a neighbourhood's kind that Indian place names end in, which read aloud
# are surnames too ("विजय नगर" is Vijay Nagar, a colony)
_INDIC_PLACE_WORDS = frozenset(
    {"नगर", "कॉलोनी", "विहार", "पुरम", "गंज", "बाग", "चौक", "मार्ग", "रोड", "पुर", "बाजार"}
)


def _indic_name_word(word: str, names: frozenset[str]) -> bool:
    """A word of an Indian script, no closed-class word, that read aloud is one of
    ``names`` (Latin spellings)."""
    return (
        brahmic.is_brahmic(word)
        and word not in _INDIC_PLACE_WORDS
        and word.casefold() not in locatives.stop_words_of_any_language()
        # ("पापा" is Papa, and dad; "মামা", uncle, Mama)
        and not CASELESS_RELATION_WORD.fullmatch(word)
        and not _INDIC_RELATION_WORD.fullmatch(word)
        and brahmic.listed(word, names)
    )


def _known_caseless_surname(word: str, last_names: frozenset[str]) -> int:
    """How many characters of ``word`` are a surname the lists know (with a Bengali
    genitive after it, or not); 0 if none."""
    if word in last_names:
        return len(word)
    genitive = _BENGALI_GENITIVE.search(word)
    if genitive is not None and word[: genitive.start()] in last_names:
        return genitive.start()
    return 0


def known_name_words() -> tuple[frozenset[str], frozenset[str]]:
    """(first names, last names) that the name rules use."""
    return _name_lists()


def is_listed_first_name(word: str) -> bool:
    """A first name the name lists hold, as written or title-cased ("jess", "Jess")."""
    first = _name_lists()[0]
    return word in first or word.title() in first


def holds_a_name(handle: str) -> bool:
    """A handle with a person's first name or surname among its parts ("ravi_k",
    "huber", "okoro-tunde"; not "billing", "shopfront_app")."""
    first, last = _name_lists()
    return any(
        len(w) >= 3 and (w.title() in first or w.title() in last)
        for w in regex.split(r"[\-_.\d]+", handle)
    )


def spells_a_name(handle: str) -> bool:
    """A handle or a host's label made of a first name and a surname, either way round
    ("lisa-simpson-dev", "okafor.hannah", "kofi-mensah")."""
    first, last = _name_lists()
    words = [w.title() for w in regex.split(r"[\-_.]+", handle) if w]
    pairs = itertools.pairwise(words)
    return any((a in first and b in last) or (a in last and b in first) for a, b in pairs)


def _latin(name: str) -> bool:
    return name.replace("-", "").replace("'", "").isalpha() and all(ord(c) < 0x250 for c in name)


class _NameScan:
    """The name rules over one text: each pass adds the spans its rule finds, in a fixed
    order, through one gate (``keep``) that drops tech terms and code."""

    def __init__(self, text: str, source: str) -> None:
        self.text, self.source = text, source
        self.first_names, self.last_names = _name_lists()
        self.common = gazetteer.load("name_common_words")
        self.tech = gazetteer.load("tech_terms")
        self.figures = gazetteer.load("public_figures")
        self.not_surnames = gazetteer.load("surname_shape_exceptions")
        self.code = code_map(text)
        self.spans: list[Span] = []

    def run(self) -> list[Span]:
        for rule in (
            self.titles_and_fields,
            self.cues,
            self.lower_case_names,
            self.particle_names,
            self.two_unknown_words,
            self.lower_case_lists,
            self.with_initial,
            self.name_lists,
            self.caseless_script_names,
            self.kin_titled_names,
            self.header_names,
            self.name_fields,
            self.sign_off_name,
            self.before_contacts,
            self.contact_in_brackets,
            self.families,
        ):
            rule()
        for match in _WORD.finditer(self.text):
            self.word(match)
        for start, end in self.repeated():
            self.keep(start, end, 0.7)
        return self.spans

    def families(self) -> None:
        """A family named by its surname, as each language names one: "the Adeyemis",
        "the Whitfield family", "la famille Moreau", "die Familie Brandt".
        The surname is a list's or has a surname's shape; a family the encyclopedia has
        ("the Kennedys", "the Simpsons") is not read."""
        from veil.rules.knowledge import knowledge

        for match in _FAMILY_BY_SURNAME.finditer(self.text):
            plural = match.group("plural")
            word = plural or match.group("name")
            stems = [word]
            if plural:
                stems = [word[:-1]] + ([word[:-2]] if word.endswith("es") else [])
            # (a plural's stem must be a list's surname or have a surname's shape: "the
            # Kodeks cywilny" is a code's name; with the word for family, any name will do)
            if not any(
                self.surname_like(s) or (not plural and self.unlisted_surname(s)) for s in stems
            ):
                continue
            # (a surname alone has its page: the family's own name decides, "the Kennedys",
            # "Kennedy family")
            named = [f"{stems[0]} family"] + ([word] if plural else [])
            if any(knowledge().is_known(name) for name in named):
                continue
            start = match.start("plural" if plural else "name")
            self.keep(start, start + len(word), 0.8, validator=FAMILY)

    def before_contacts(self) -> None:
        """A first name the lists know, with a phone number or an address right after it
        ("RSVP to Bilal on 07700 914 382", "Dev: 07700 900123", "Meg (meg.ford@...)"):
        whom to reach, which is what the number is given for."""
        if not DIGIT.search(self.text) and "@" not in self.text:
            return
        for match in _NAME_BEFORE_CONTACT.finditer(self.text):
            if match.group(1) in self.first_names:
                self.keep(*match.span(), 0.85)

    def contact_in_brackets(self) -> None:
        """A first name the lists know, alone in brackets right after a capitalised name
        ("HeatWise Plumbing (Sunil)", "the Crown & Anchor (ask for Dev)"): whom to deal
        with there, as a list of quotes or contacts writes it."""
        if "(" not in self.text:
            return
        for match in _NAME_IN_BRACKETS_AFTER_NAME.finditer(self.text):
            if match.group(1) in self.first_names:
                self.keep(*match.span(1), 0.85)

    def name_fields(self) -> None:
        """A person's name as a record's field holds it, in code and logs too: by the
        lists, its first word a given name or its last a surname."""
        if "name" not in self.text and "Name" not in self.text and "NAME" not in self.text:
            return
        for match in _QUOTED_NAME_FIELD.finditer(self.text):
            words = match.group(1).split()
            if words[0] in self.first_names or words[-1] in self.last_names:
                self.keep(*match.span(1), 0.85, labelled=True)  # (in code: it is the field's)

    def header_names(self) -> None:
        """The name a CV, a letterhead or a signature puts on a line of its own above its
        holder's contact lines ("Ananya Raghunathan / DOB: ... / +91 ... | ...@gmail.com"):
        two to four capitalised words, none of them an ordinary word."""
        text = self.text
        for match in _HEADER_LINE.finditer(text):
            words = match.group(1).split()
            if any(self.ordinary(w.strip(".")) for w in words if len(w.strip(".")) > 1):
                continue
            below = text[match.end() : match.end() + 300].split("\n")[1:4]
            if not any(_CONTACT_LINE.search(line) for line in below):
                continue
            # a name by the lists, or one the holder's own address spells ("Ananya
            # Raghunathan" above "ananya.r94@gmail.com")
            mailboxes = " ".join(_MAILBOX.findall("\n".join(below))).casefold()
            if (
                words[0] in self.first_names
                or words[-1] in self.last_names
                or any(
                    len(part) >= 3 and part.casefold() in mailboxes
                    for part in regex.split(r"[\-'’ \t]", match.group(1))
                )
            ):
                self.keep(*match.span(1), 0.85)

    def sign_off_name(self) -> None:
        """A name alone on a text's last line, after a dash or under a line of its own
        ("salamat po\n- Jericho Manalastas"): the writer signing, in any language. Two or
        three words, no ordinary one, a first name or a surname by the lists among them."""
        match = _SIGN_OFF.search(self.text)
        if match is None:
            dashed = _DASHED_SIGN_OFF.search(self.text, max(0, len(self.text) - 60))
            words = dashed.group("name").split() if dashed else []
            # (a first name that is a word too signs as a name: "- Sue", "- Bill")
            if (
                words
                and words[0] in self.first_names
                and not (len(words) > 1 and self.ordinary(words[-1]))
            ):
                self.keep(*dashed.span("name"), 0.85)
            return
        words = match.group("name").split()
        if any(self.ordinary(word) for word in words):
            return
        # (after a dash, the sign-off's mark, a name the lists lack: "- Jericho Manalastas")
        if match.group("dash") or words[0] in self.first_names or words[-1] in self.last_names:
            self.keep(*match.span("name"), 0.85)

    def kin_titled_names(self) -> None:
        """A kinship word used as a title, as many languages do in English text: "tita
        Marites", "akka Kavitha", "nonna Pina", "bhaiya Rohit"."""
        # The Slavic and Nordic rules need a Cyrillic letter, or a Polish or Nordic relation
        # word (those in ASCII hold one of the needles): tests in C skip them in most texts.
        cyrillic_possible = not self.text.isascii()
        abroad = (
            cyrillic_possible
            or may_contain(self.text, _POLISH_RELATION_NEEDLES)
            or may_contain(self.text, _NORDIC_RELATION_NEEDLES)
            or may_contain(self.text, _FINNISH_RELATION_NEEDLES)
        )
        for pattern, possible in (
            (_KIN_TITLED, _KIN_TITLED_NEED.search(self.text) is not None),
            (_RELATION_ABROAD_NAMED, abroad),
            (_SLAVIC_SELF_NAMED, cyrillic_possible),
            (_HINGLISH_RELATION_NAMED, True),
        ):
            for match in pattern.finditer(self.text) if possible else ():
                self.keep(*match.span(1), 0.85)
        for match in _PATRONYMIC_NAME.finditer(self.text) if cyrillic_possible else ():
            self.keep(*match.span(), 0.85)
        for match in _MY_NOUN_NAMED.finditer(self.text):
            if truecase.is_given_name(match.group(1)):
                surname = match.group(2).strip() in self.last_names
                self.keep(match.start(1), match.end(2) if surname else match.end(1), 0.85)
        if _TAGALOG_MARKER.search(self.text):
            for match in _TAGALOG_PERSONAL.finditer(self.text):
                self.keep(*match.span(1), 0.85)

    def caseless_full_name(self, given: str, second: int) -> int:
        """Where a full name of a caseless script ends, whose given name is ``given`` and
        whose next word starts at ``second``: the surname's end, the lists' or read
        aloud in an Indian script; 0 if it is none."""
        text = self.text
        given_listed = given in _caseless_given_names()
        for word in (_CASELESS_WORD_AT.match(text, second), _middle_then_word(text, second)):
            if word is None:
                continue
            surname = _known_caseless_surname(word.group(), self.last_names)
            listed = bool(surname) or given_listed
            if not surname and _indic_name_word(word.group(), self.last_names):
                surname = len(word.group())
            if not surname:
                continue
            if given_listed or (
                _indic_name_word(given, self.first_names)
                # (read aloud, the given name is long enough not to be a word of the
                # language, and so is the surname unless a list has one of them)
                and _read_aloud_length(given) >= 4
                and (listed or _read_aloud_length(word.group()) >= 4)
            ):
                return word.start() + surname
        return 0

    def caseless_script_names(self) -> None:
        """Names in scripts without capitals (Arabic, Hebrew, Han, Kana, Hangul, Devanagari,
        Thai...) inside a text: nothing marks them as names but what comes before them, a
        greeting, a relation, "name", an honorific. "my colleague's name يوسف الحربي"."""
        text = self.text
        if text.isascii():
            return  # every pattern here needs a letter of those scripts (Vietnamese: a mark)
        for match in _CASELESS_RUN.finditer(text):
            before = text[max(0, match.start() - 40) : match.start()]
            if (
                _STRONG_CUE.search(before)
                or _RELATION_BEFORE.search(before)
                or POSSESSED_NOUN_BEFORE.search(before)
                or _NAME_WORD_BEFORE.search(before)
                or _TITLE_BEFORE.search(before)
            ):
                self.keep(*_up_to_a_closed_word(text, *match.span()), 0.85)
        for match in _INDIC_TITLED_NAME.finditer(text):
            # the title's one or two words, up to a postposition ("ने", "को", "की")
            self.keep(*_up_to_a_closed_word(text, *match.span(1)), 0.85)
        for match in _CASELESS_NAMED.finditer(text):
            start, end = match.span(1)
            name = text[start:end]
            if any(ch.isupper() for ch in name):
                continue  # a Latin word after the relation: the other rules read those
            if (
                match.start() > 0
                and _INSIDE_A_WORD.match(text, match.start() - 1)
                and not _after_a_clitic(text, match.start())
            ) or (start > 0 and _INSIDE_A_WORD.match(text, start - 1)):
                # "العميل" (the client) holds "عمي" (my uncle), "التأخير" holds "أخي": a
                # relation and a name are words of their own in scripts that space words
                continue
            if (
                locatives.CHINESE_COVERB_AFTER_SUBJECT.match(name)
                or _ARABIC_VERB.match(name)
                or _HEBREW_VERB.match(name)
            ):
                continue  # "我爸爸在杭州工作", "أخي يعمل": the subject's verb, not a name
            words = name.split()
            if (
                words[0].casefold() in locatives.stop_words_of_any_language()
                and words[0] not in _caseless_given_names()  # "صديقي علي", my friend Ali
            ):
                continue  # "मेरी बेटी का एडमिशन": a particle (her admission), not a name
            surname = _known_caseless_surname(words[1], self.last_names) if len(words) > 1 else 0
            if (
                not surname
                and len(words) > 1
                and _AND_PREFIX.match(words[1])
                and words[1] not in _caseless_given_names()  # not "وليد", Walid
                # (and a given name after it, not "وزوجها", and her husband)
                and words[1][1:] in _caseless_given_names()
            ):
                # two people joined by "and", which Arabic and Hebrew write on the word
                # ("החברים שלי דניאל ומרקוס", my friends Daniel and Marcus)
                second = end - len(words[1]) + 1
                self.keep(start, start + len(words[0]), 0.85)
                self.keep(second, end, 0.85)
                continue
            if surname:
                # "তানজিলা রহমানের": a surname the lists know, its case ending left out
                end = start + len(name) - len(words[1]) + surname
            elif (
                len(words) > 1
                and not _CASELESS_HONORIFIC_AFTER.match(text, end)
                and not _ARABIC_FAMILY_NAME.fullmatch(words[1])
                # (set apart by commas, an apposition is the name whole: "مادرم، فاطمه
                # رضایی، در ...", my mother, Fatemeh Rezaei, in ...)
                and not (_COMMA_BEFORE.match(text, start) and _COMMA_AFTER.match(text, end))
            ):
                # "रमेश जी": the honorific is no name ("عبدالله القحطاني" keeps its family
                # name, which Arabic writes with the article)
                end = start + len(words[0])
            self.keep(start, end, 0.85)
            also = _AND_A_NAME.match(text, end)
            if also is not None and also.group(1) in _caseless_given_names():
                # "پسرخاله‌ام امیرحسین و نازنین" (my cousin Amirhossein and Nazanin)
                self.keep(*also.span(1), 0.85)
        for match in _CASELESS_SIGN_OFF.finditer(text, max(0, len(text) - 160)):
            # (the message's last words, no closed-class word among them: "شكرا جزيلا على
            # المساعدة", thanks a lot for the help, is no signature)
            closed = locatives.stop_words_of_any_language()
            if len(text) - match.end(1) <= 40 and not any(
                word.casefold() in closed for word in match.group(1).split()
            ):
                self.keep(*match.span(1), 0.85)
        for pattern in (_ARABIC_TITLED, _THAI_TITLED):
            for match in pattern.finditer(text):
                self.keep(*match.span(match.lastindex), 0.85)  # the one alternative's name
        for match in _SIKH_NAME.finditer(text):
            self.keep(*match.span(), 0.85)
        for match in _VIETNAMESE_NAME.finditer(text):
            if _VIETNAMESE_LETTER.search(match.group()):  # not "La Liga", "Mai Tai"
                self.keep(*match.span(), 0.85)
        for match in _CASELESS_SELF_NAMED.finditer(text):
            # the one alternative's name; not a preposition's phrase ("أنا في المستشفى",
            # I am in the hospital)
            name = match.group(match.lastindex)
            words = name.split()
            if words[0].casefold() in locatives.stop_words_of_any_language():
                continue
            if (
                len(words) - words.count("عبد") >= 3  # ("عبد الرحمن" is one name)
                and match.group().startswith(("أنا", "انا"))
                and words[0] not in _caseless_given_names()
            ):
                continue  # "أنا متعب جدا اليوم" (I am very tired today): a given name opens one
            self.keep(*match.span(match.lastindex), 0.85)
        for match in _CJK_NAME_FIELD.finditer(text):
            if _korean_name_shaped(match.group(1)):  # (not "이름이 똑같아서", the same name)
                self.keep(*match.span(1), 0.85)
        if _HAN_RUN.search(text):
            for start, end in (
                han_names_by_surname(text)
                + japanese_self_named(text)
                + han_self_named_and_signed(text)
            ):
                self.keep(start, end, 0.85)
        hangul = regex.search(r"\p{Hangul}", text) is not None
        if hangul:
            for match in _KOREAN_NAME_IN_PLACE.finditer(text):
                self.keep(*match.span(match.lastindex), 0.85)
        for match in _CASELESS_PAIR.finditer(text, overlapped=True):
            # a listed given name, then a listed surname: a full name with no cue needed
            # ("अनिल अग्रवाल", "עומר לוי"), as the Latin rules read "Anil Agarwal"; a
            # middle name may stand between ("रमेश चंद्र गुप्ता")
            if _possessive_after_a_noun(text, match):
                continue  # "החברים שלי דניאל": "mine" after a noun, not the name Shelly
            end = self.caseless_full_name(match.group(1), match.start(2))
            if end and not any(s.start == match.start() and s.end == end for s in self.spans):
                self.keep(match.start(), end, 0.85)
        if hangul:
            for line in _KOREAN_ATTENDEES.finditer(text):
                for match in _KOREAN_LISTED_NAME.finditer(text, *line.span(1)):
                    self.keep(*match.span(), 0.85)
        for pattern in (_HAN_NAME_BEFORE_TITLE, _KOREAN_NAME_BEFORE_TITLE):
            for match in pattern.finditer(text):
                name = match.group(1)
                # (not a role whose last word is a title: "班主任", head teacher)
                if not CASELESS_RELATION_WORD.fullmatch(name) and not _HAN_ROLE.fullmatch(
                    match.group()
                ):
                    self.keep(*match.span(1), 0.85)
        for match in _CASELESS_RUN.finditer(text):
            # "山田 恵子さん", "김서연 씨": a name its honorific follows
            honorific = _CASELESS_HONORIFIC_AFTER.search(match.group())
            if not honorific or honorific.start() == 0:
                continue
            words = list(regex.finditer(r"[^ \t・·]+", match.group()[: honorific.start()]))
            words = [
                w
                for w in words[-2:]
                if not CASELESS_RELATION_WORD.fullmatch(w.group())
                and not _CASELESS_GREETING.fullmatch(w.group())
                and not _KOREAN_RANK.fullmatch(w.group())  # "팀장님", the team lead
            ]
            if words:
                self.keep(match.start() + words[0].start(), match.start() + words[-1].end(), 0.85)

    def another_name_joined(self, end: int) -> bool:
        """A first name joined by "&" follows ("Gemma & Lou"), not a firm's word ("& Co")."""
        joined = _AND_NAME_AFTER.match(self.text, end)
        return joined is not None and joined.group(1) in self.first_names

    def repeated(self) -> list[tuple[int, int]]:
        """Once a word is a name, it is one elsewhere in the same text: "directed by Joakim
        Westgård and starring Westgård", "Hakuba had given Hakuba his address"."""
        text, spans = self.text, self.spans
        names = {
            word
            for span in spans
            if span.score >= 0.5
            for word in _CAPITALISED_WORD.findall(text, span.start, span.end)
            if not self.ordinary(word)
        }
        found = []
        # Whether a strong span holds a match: the furthest end among the spans that start
        # at or before it (a binary search, not a pass over every span per word).
        strong = sorted((s.start, s.end) for s in spans if s.score >= 0.5)
        starts = [start for start, _ in strong]
        furthest = list(itertools.accumulate((end for _, end in strong), max))
        # A set lookup per capitalised word: no pattern built per text.
        for match in _CAPITALISED_WORD.finditer(text) if names else ():
            if match.group(0) not in names:
                continue
            before = text[max(0, match.start() - 3) : match.start()]
            if _IN_FIRM_NAME.match(text, match.end()) or before.rstrip().endswith("&"):
                continue  # "Pemberton & Shaw LLP": the name is part of a firm's
            index = bisect.bisect_right(starts, match.start()) - 1
            if index < 0 or furthest[index] < match.end():
                found.append(match.span())
        # a name written in lower case recurs in lower case: "(me, kayla and marcus) and
        # marcus says"
        lower = {
            text[span.start : span.end]
            for span in spans
            if span.score >= 0.5 and regex.fullmatch(r"\p{Ll}{3,}", text[span.start : span.end])
        }
        lower -= {word for word in lower if self.ordinary(word)}
        for word in lower:
            for match in regex.finditer(rf"(?<![\w@.]){regex.escape(word)}(?![\w@])", text):
                index = bisect.bisect_right(starts, match.start()) - 1
                if index < 0 or furthest[index] < match.end():
                    found.append(match.span())
        return found

    def ordinary(self, word: str) -> bool:
        folded = word.casefold()
        return folded in self.common or folded in self.tech or folded in self.figures

    def surname_like(self, word: str) -> bool:
        """A known surname, or a word with a surname's ending, that is no ordinary word."""
        word = word.title() if word.islower() else word
        if self.ordinary(word) or len(word) < 3:
            return False
        if word in self.last_names:
            return True
        return _surname_shaped(word) and word.casefold() not in self.not_surnames

    def unlisted_surname(self, word: str) -> bool:
        """A capitalised word no list has that is no ordinary word, place, language or
        nationality: what a family's surname not on the lists looks like."""
        return (
            not self.ordinary(word)
            and compounds.place_of(word) is None
            and not notability.is_language_or_nationality(word)
        )

    def given_like(self, word: str) -> bool:
        word = word.title() if word.islower() else word
        return word in self.first_names and not self.ordinary(word)

    def used_as_a_person(self, start: int, end: int) -> bool:
        """The dependency parse uses the word as a person (``syntax.used_as_a_person``)."""
        from veil.rules import syntax
        from veil.rules.recognizers.ner import DEFAULT_MODEL, PIECE_CHARS

        reading = syntax.parses(self.text, DEFAULT_MODEL, PIECE_CHARS)
        return syntax.used_as_a_person(reading, start, end)

    def keep(
        self,
        start: int,
        end: int,
        score: float,
        labelled: bool = False,
        validator: str | None = None,
    ) -> None:
        # A name does not begin with a function word: "Which Szymborska poem", "And Maria".
        while (lead := _LEADING_WORD.match(self.text, start, end)) and lead.group(
            1
        ).casefold() in _function_words():
            start = lead.end()
        if start >= end:
            return
        cut = institution_after_particle(self.text[start:end])
        if cut is not None:
            end = start + cut  # "minha chefe Luciana da Padaria Pão de Mel": Luciana
        # Turkish's case after an apostrophe: "Eczanesi'nden"
        cased = locatives.name_before_case_ending(self.text, start, end)
        if (
            cased < end
            and locatives.TURKISH_WHERE_CASE.match(self.text, cased)
            and " " in self.text[start:cased].strip()
        ):
            # "in" or "from" on the last word is a town's, after the name ("Kızım Zeynep
            # İzmir'de yaşıyor", my daughter Zeynep lives in İzmir)
            cased = start + self.text[start:cased].rstrip().rindex(" ")
        end = cased
        # Persian joins a word's parts with a zero-width non-joiner: "محمدی‌نژاد" is one
        joined = _JOINED_PART.match(self.text, end)
        if joined is not None:
            end = joined.end()
        value = self.text[start:end]
        if value.casefold() in self.tech or (not labelled and self.code.in_code(start, end)):
            return
        if value.casefold() in CALENDAR_WORDS and _TIME_PREPOSITION_BEFORE.search(
            self.text, max(0, start - 12), start
        ):
            return  # "moved in May and I ...": a month, though May is a name too
        self.spans.append(Span(start, end, labels.PERSON, score, self.source, validator))

    def titles_and_fields(self) -> None:
        titled = _TITLED_NAME_NEED.search(self.text) is not None
        for match in _TITLED_NAME.finditer(self.text) if titled else ():
            self.keep(match.start(), match.end(), 0.9)
        for match in _NAME_FIELD.finditer(self.text):
            value = match.group(1)
            first_word = value.split()[0].strip(".").lower()
            if first_word in self.common and len(value.split()) == 1:
                continue
            self.keep(*match.span(1), 0.85, labelled=True)  # name = ... in config is still a name

    def cues(self) -> None:
        for match in _SPEAKER.finditer(self.text):
            speaker = match.group(1)
            quoted = match.group(2) in '"“'
            if speaker.title() in self.first_names and (
                quoted or speaker.lower() not in self.common
            ):
                self.keep(*match.span(1), 0.8)
        for match in _BULLET_SPEAKER.finditer(self.text):
            speaker = match.group(1)
            if speaker.title() in self.first_names and speaker.lower() not in self.common:
                self.keep(*match.span(1), 0.8)
        for match in _STAMPED_SPEAKER.finditer(self.text):
            speaker = match.group(1)
            if speaker.lower() not in _function_words() and not transcripts.role(
                speaker, self.first_names
            ):
                self.keep(*match.span(1), 0.85)
        for speaker in transcripts.speakers(self.text, self.first_names):
            # a chat's speaker by a name, whatever the case they write in ("tom: who left
            # the heating on"); handles are the username recognizer's
            if not (
                transcripts.handle_shaped(speaker.value, self.first_names)
                or transcripts.role(speaker.value, self.first_names)
            ):
                self.keep(speaker.start, speaker.end, 0.85)
        for match in _NAME_THEN_PRONOUN.finditer(self.text) if "he" in self.text else ():
            word = match.group(1)
            # (not "Yes, he said so", "Sorry, she's out")
            if word.lower() not in _function_words() and not is_interjection(word):
                self.keep(*match.span(1), 0.8)
        for match in _NAMING_CUE.finditer(self.text):
            name = match.group(1).rstrip("'’-")  # a closing quote is no part of it
            words = name.split()
            while len(words) > 1 and words[-1].lower() in _function_words() | {"lol", "haha"}:
                words.pop()  # "my surname's Darwin so ...": the name ends before "so"
            name = name[: name.rindex(words[-1]) + len(words[-1])]
            first = words[0]
            if first.lower() in _NOT_AFTER_NAMING or first.lower() in _function_words():
                continue  # "he calls me again", "she called me back"
            self.keep(match.start(1), match.start(1) + len(name), 0.85)
        for match in _NAME_QUESTION.finditer(self.text):
            if not any(self.ordinary(word) for word in match.group(1).split()):
                self.keep(*match.span(1), 0.85)
        for match in VOCATIVE.finditer(self.text):
            # "Ciarán, can you make sure ...": the one a sentence turns to and asks
            word = match.group(1)
            if not self.ordinary(word) and not is_interjection(word):
                self.keep(*match.span(1), 0.85)

    def lower_case_names(self) -> None:
        for match in _LOWER_TITLED.finditer(self.text):
            words = match.group(1).split()
            while words and self.ordinary(words[-1]):
                words.pop()  # "mr. elliott will": the title names one or two words
            if words:
                self.keep(match.start(), match.start(1) + len(" ".join(words)), 0.85)
        for match in _LOWER_WITH_INITIAL.finditer(self.text):
            first, last = match.group(1), match.group(2)
            by_ending = _surname_shaped(last.title()) and self.surname_like(last)
            if (self.given_like(first) and not self.ordinary(last)) or by_ending:
                self.keep(match.start(), match.end(), 0.75)

    def particle_names(self) -> None:
        for match in _GERMANIC_PARTICLE_NAME.finditer(self.text):
            given = match.group(1)
            # "von", "van" and "zu" are also prepositions and a vehicle ("Mahnung von
            # Vodafone"): only after a known given name; "ten", "van der" are particles.
            preposition = _PREPOSITION_PARTICLE.match(match.group(0))
            if self.ordinary(given) or self.code.in_code(*match.span()):
                continue
            if given in self.first_names or not preposition:
                self.keep(match.start(), match.end(), 0.8)

    def two_unknown_words(self) -> None:
        text = self.text
        for match in _TWO_WORDS.finditer(text):
            first, last = match.group(1), match.group(2)
            if self.ordinary(first) or self.ordinary(last) or first in self.first_names:
                continue  # known given names are the word pass's
            if _PLACE_BEFORE.search(text, max(0, match.start() - 30), match.start()) and not (
                _SURNAME_SHAPE.fullmatch(last)
            ):
                continue
            by_ending = _surname_shaped(last) and self.surname_like(last)
            if by_ending or _PERSONAL_PREDICATE.match(text, match.end()):
                self.keep(match.start(), match.end(), 0.7)

    def lower_case_lists(self) -> None:
        lists = _LOWER_LIST.finditer(self.text) if _LOWER_LIST_END.search(self.text) else ()
        for match in lists:
            items = regex.findall(r"\p{Ll}{3,}", match.group(0))
            items = [item for item in items if item not in ("and", "me")]
            if all(
                self.given_like(item) or item.title() in self.first_names for item in items
            ) and (sum(item in self.common for item in items) <= 1):
                for item in regex.finditer(r"\p{Ll}{3,}", match.group(0)):
                    if item.group(0) not in ("and", "me"):
                        self.keep(match.start() + item.start(), match.start() + item.end(), 0.7)

    def with_initial(self) -> None:
        for match in _WITH_INITIAL.finditer(self.text):
            first, last = match.group(1), match.group(2)
            if first.lower() in self.common and last.lower() in self.common:
                continue
            if first in self.first_names or last in self.last_names or self.surname_like(last):
                self.keep(match.start(), match.end(), 0.85)
            elif (
                not self.ordinary(first)
                and not self.ordinary(last)
                and not self.code.in_code(*match.span())
            ):
                # "Ravil G Yefimov": the shape alone says person, if neither word is a thing
                self.keep(match.start(), match.end(), 0.6)

    def name_lists(self) -> None:
        for match in _NAME_LIST.finditer(self.text):
            items = regex.findall(r"\p{Lu}\p{Ll}+", match.group(0))
            known = [
                (
                    (
                        item in self.last_names
                        or (item in self.first_names and item.lower() not in self.common)
                    )
                    and item.casefold() not in self.tech
                )
                or self.surname_like(item)
                for item in items
            ]
            # Every item a name, or in a list of three or more all but one that is no
            # ordinary word: a list of surnames has a rare one ("Kónya, Becker and Vasquez").
            unknown = [item for item, ok in zip(items, known, strict=True) if not ok]
            lenient = (
                len(items) >= 3
                and len(unknown) == 1
                and not self.ordinary(unknown[0])
                and not _NATIONALITY_SHAPE.search(unknown[0])
                and not _PLACE_BEFORE.search(self.text, max(0, match.start() - 30), match.start())
            )
            if not unknown or lenient:
                for item in regex.finditer(r"\p{Lu}\p{Ll}+", match.group(0)):
                    if item.group(0).lower() in _function_words():
                        continue  # "Me, Ana and Rui": the writer is no name
                    self.keep(match.start() + item.start(), match.start() + item.end(), 0.8)

    def word(self, match: regex.Match) -> None:
        """One capitalised, shouted or lower-case word, by what surrounds it."""
        word = match.group(1)
        case = _TURKISH_CASE_SUFFIX.search(word)
        if case is not None and word[: case.start()] in self.first_names:
            # Turkish writes a name's case after an apostrophe ("oğlum Burak'a", to my son
            # Burak): the name is the word before it
            stem = _WORD.match(self.text, match.start(1), match.start(1) + case.start())
            if stem is not None:
                self.given_name(stem)
                return
        lower = word.islower()
        shaped = word.title() if lower or word.isupper() else word
        if shaped not in self.first_names:
            # most words of a text: lower case and no surname, which ``unknown_word``
            # would return on at once (tested here, without the call)
            if lower and (len(word) <= 2 or not self.lower_surname(shaped)):
                return
            self.unknown_word(match, shaped)
        elif word.isupper() and len(word) > 2:
            self.shouted_given_name(match)
        elif word.islower():
            self.lower_given_name(match)
        else:
            self.given_name(match)

    def unknown_word(self, match: regex.Match, shaped: str) -> None:
        """Not a given name Faker knows: a surname by its ending ("early Yefremova"), or
        any name that a relation or a personal predicate marks."""
        text, word = self.text, match.group(1)
        start, end = match.span(1)
        if word.isupper():
            return
        lower = word.islower()
        if lower:
            # most words of a text: no surname in lower case (checked first: cheap)
            if len(word) <= 2 or not self.lower_surname(shaped):
                return
            shape = False  # (read below only for a capitalised word)
        else:
            shape = _surname_shaped(shaped) and self.surname_like(shaped)
        before = text[max(0, start - 30) : start]
        if self.ordinary(word) or _PLACE_BEFORE.search(before):
            return
        if word.lower() in _FUNCTION_WORDS or _CONTRACTION.match(word):
            return  # "Hi, I'm ..."
        predicate = bool(_PERSONAL_PREDICATE.match(text, end) or _DOES_TO_WRITER.match(text, end))
        if lower:
            if predicate:
                self.keep(start, end, 0.6)
            return
        wide_before = text[max(0, start - 40) : start]
        # after a possessed noun only a full name or one in another script: "my team
        # beat Arsenal" has a possessed noun before a club
        named = bool(_GREETING_BEFORE.search(before) or _ME_THEN_BRACKET.search(before)) or bool(
            POSSESSED_NOUN_BEFORE.search(wide_before)
            and (not _latin(word) or _SURNAME_AFTER.match(text, end))
        )
        relation = _RELATION_BEFORE.search(before) is not None
        if (
            predicate
            and not (shape or named or relation)
            and shaped not in self.last_names
            and truecase.ordinary(word.casefold())
        ):
            return  # "Complaint is from Mr Pryce": a thing's noun, which things say too
        if (shape and not _STREET_OR_LONGER.match(text, end)) or (predicate or named or relation):
            # with the surname after it: "my aunt Siobhán Kearney" is one name
            surname = _SURNAME_AFTER.match(text, end)
            if surname and not _STREET_OR_LONGER.match(text, surname.end()):
                end = surname.end()
            self.keep(start, end, 0.6)

    def lower_surname(self, shaped: str) -> bool:
        """Whether a lower-case word, title-cased, is a surname: the list before the shape."""
        return shaped in self.last_names or (_surname_shaped(shaped) and self.surname_like(shaped))

    def shouted_given_name(self, match: regex.Match) -> None:
        """Bank statements and forms shout: "ZELLE TO MARCUS T HALE"."""
        start, end = match.span(1)
        shout = _SHOUTED_SURNAME.match(self.text, end)
        if shout and (
            shout.group(1).title() in self.last_names or match.group(1).lower() not in self.common
        ):
            self.keep(start, shout.end(), 0.8)

    def lower_given_name(self, match: regex.Match) -> None:
        text, word = self.text, match.group(1)
        start, end = match.span(1)
        if len(word) < 3:
            # "my names jo": a short name only after the words that give one
            if _MY_NAME_IS.search(text, max(0, start - 16), start):
                self.keep(start, end, 0.7)
            return
        if word in self.common:
            # a word that is a first name too, after a relation and before its verb: "my
            # kid max keeps saying" (not "my friend will come")
            if _RELATION_BEFORE.search(text[max(0, start - 40) : start]) and (
                _THIRD_PERSON_VERB_AFTER.match(text, end)
            ):
                self.keep(start, end, 0.7)
            return
        if word in locatives.stop_words_of_any_language() and not locatives.english(
            text[max(0, start - 60) : end + 60]
        ):
            return  # "Sono tre mesi di fila": a closed-class word of the clause's language
        # "naomi ryan": a known first name and a known surname, typed lower-case
        lower_surname = _LOWER_SURNAME.match(text, end)
        predicate = _PERSONAL_PREDICATE.match(text, lower_surname.end() if lower_surname else end)
        if lower_surname and (
            self.surname_like(lower_surname.group(1))
            or (predicate and not self.ordinary(lower_surname.group(1)))
        ):
            self.keep(start, lower_surname.end(), 0.75)
        elif (
            _STRONG_CUE.search(text[max(0, start - 30) : start])
            or _RELATION_BEFORE.search(text[max(0, start - 40) : start])
            or _PERSONAL_PREDICATE.match(text, end)
            or _WRITER_AND_BEFORE.search(text, max(0, start - 12), start)
            or _WITH_WRITER_AFTER.match(text, end)
        ):  # "thanks, theo", "my ex jamal", "me and jack"
            self.keep(start, end, 0.7)

    def given_name(self, match: regex.Match) -> None:
        text, word = self.text, match.group(1)
        start, end = match.span(1)
        before = text[max(0, start - 30) : start]
        wide_before = text[max(0, start - 40) : start]
        strong = bool(
            _STRONG_CUE.search(before)
            or _ME_THEN_BRACKET.search(before)
            or _RELATION_BEFORE.search(wide_before)
            or POSSESSED_NOUN_BEFORE.search(wide_before)
            or _DOES_TO_WRITER.match(text, end)
            or _WITH_WRITER_AFTER.match(text, end)
        )
        surname = _SURNAME_AFTER.match(text, end)
        if surname:
            surname_word = surname.group(1).split()[0]
            known_surname = surname_word in self.last_names and len(surname_word) > 2
            plausible = word.lower() not in self.common or known_surname or strong
            if plausible and (surname_word.lower() not in self.common or known_surname):
                self.keep(start, surname.end(), 0.9)
                return
        if strong:
            self.keep(start, end, 0.9)
        elif word.lower() in self.common or _PLACE_BEFORE.search(before):
            return
        elif (
            _WEAK_CUE.search(before)
            or _PERSON_VERB.match(text, end)
            or _PERSONAL_PREDICATE.match(text, end)
            or _VOCATIVE.match(text, end)
            or (
                (_LIST_ITEM_AFTER.match(text, end) or self.another_name_joined(end))
                and compounds.place_of(word) is None
            )
        ):
            self.keep(start, end, 0.8)
        elif not _SENTENCE_START.search(before):
            # Mid-sentence and capitalised, but no word says it is a person: the grammar
            # may ("the coordinator Bev", "marrying Caleb"); otherwise below the default
            # threshold, for policies that want every possible name.
            used = self.used_as_a_person(start, end)
            self.keep(start, end, 0.6 if used else 0.45)


class NameRecognizer:
    name = "names.v1"
    labels = (labels.PERSON,)

    def find(self, text: str) -> list[Span]:
        return _NameScan(text, self.name).run()


register("names.v1")(NameRecognizer)
