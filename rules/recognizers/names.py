"""PERSON from name lists and honorifics: what statistical NER misses in chat prompts.

NER reads "Fleur Bakker" as an organisation, misses "Hi Marcus" and never sees the
"Doug Farrelly" inside a log line. Two rules catch them:

- an honorific and the capitalised words after it ("Dr. Sato", "Frau Heike Brandstetter",
  "dott.ssa Conti"): the title is part of the span, since it says the person's gender;
- a known first name (Faker's lists for 80 locales) followed by a capitalised word, or
  alone where a name is expected (after "Hi", "Dear", "my sister", in a list of names).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import regex

from veil.rules import gazetteer, labels
from veil.rules.code_context import CodeMap
from veil.rules.registry import register
from veil.rules.spans import Span

# A capitalised word, "O'Neil" and "Jean-Luc" included, but not a possessive "'s".
_NAME_WORD = r"(?:\p{Lu}\p{Ll}+(?:['’\-](?!s\b)\p{L}+)*|[A-Z]\.?)"
_PARTICLE = (
    r"(?:van|von|de|der|den|da|di|del|della|du|le|la|ten|ter|bin|ibn|al|el|Ní|Nic|Mac|O['’])"
)
_HONORIFIC_WORDS = r"(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame)"
_HONORIFIC = (
    r"Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Professor|Sir|Dame|Lady|Lord|Rev|Revd|Fr|Sr|Sra|Srta|Sig|"
    r"Sig\.ra|Dott|Dott\.ssa|dott|dott\.ssa|sig|sig\.ra|Avv|Ing|Mme|Mlle|M|Herr|Frau|Hr|Fr|"
    r"Dhr|Mevr|Mw|Coach|Nurse|Officer|Judge|Rabbi|Imam|Pastor|Father|Sister|Brother|Uncle|Aunt|"
    r"Auntie|Grandma|Grandpa|Nana|Señor|Señora|Don|Doña|Monsieur|Madame|Mademoiselle"
)
_TITLED_NAME = regex.compile(
    rf"(?<![\w.])(?:{_HONORIFIC})\.?[ \t]+"
    rf"(?:{_NAME_WORD}[ \t]+(?:{_PARTICLE}[ \t]+)?){{0,2}}"
    r"\p{Lu}\p{Ll}+(?:['’\-](?!s\b)\p{L}+)*"
)
_WORD = regex.compile(
    r"(?<![\w@./#\-])([\p{Lu}\p{Ll}]\p{Ll}*(?:['’\-]\p{L}+)?|\p{Lu}{2,})(?![\w@])"
)
_SURNAME_AFTER = regex.compile(
    rf"[ \t]+(?:(?:[A-Z]\.?|{_PARTICLE})[ \t]+)?({_NAME_WORD}(?:[ \t]+{_NAME_WORD})?)(?![\w@])"
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
    r"i'm|i am|it's|this is|calls? me|shouted at|yelled at|said to|maiden name is|"
    r"(?:first|last|middle|sur|given|nick)\s?name is|starring|directed by|written by|by"
)
_STRONG_CUE = regex.compile(rf"\b(?:{_STRONG_CUES})\b[,:]?\s*$", regex.IGNORECASE)
_WEAK_CUE = regex.compile(
    r"(?:\b(?:with|ask|tell|call|cc|per|by|and|or|met|saw|told|asked|said)\s+|^\s*[-*•]\s*"
    r"|[,&]\s*)$",
    regex.IGNORECASE,
)
# Places and languages share names with people: "in Austin", "into German".
_PLACE_BEFORE = regex.compile(
    r"\b(?:in|at|near|to|into|from|via|around|outside|of|visit|visiting|across|à|au|aux|en|"
    r"em|no|na|nach|bei|im|aus|a|da|dal|vers|desde|hacia)\s+$",
    regex.I,
)
# Form fields and headers whose value is a person: "Name: Sieda Batukayev".
_NAME_FIELD = regex.compile(
    r"(?:^|\n|[;,({\"'])[ \t>]*(?i:(?:first|last|full|given|family|middle|sur|display|"
    r"contact)?[_ \-]?name|patient|client|customer|contact|attn|"
    r"attention|recipient|sender|signed|signature|author|tenant|landlord|employee|applicant|"
    r"beneficiary|account holder|holder|cardholder|guarantor|emergency contact|next of kin|"
    r"doctor|physician|provider|prescriber|referring|nurse|name on (?:the )?(?:card|account))"
    r"[\"']?[ \t]*[:=][ \t]*[\"']?"
    rf"((?:{_HONORIFIC_WORDS}\.?[ \t]+)?\p{{Lu}}[\p{{L}}'’\-]+"
    rf"(?:[ \t]+(?:\p{{Lu}}[\p{{L}}'’\-]+|\p{{Lu}}\.?(?!\p{{L}})|{_PARTICLE})){{0,3}})"
)
# A speaker in a chat transcript: "Elizabeth: \"Who are you?\"" or "tracy:\"i'm ..."
_SPEAKER = regex.compile(r"(?:^|\n)[ \t>]*(\p{L}[\p{L}'’\-]+)[ \t]*:[ \t]*([\"“]|\p{Lu})")
# What a person does right after their name: "Megan lives on ...", "Zak shouted at ...".
_PERSON_VERB = regex.compile(
    r"[ \t]+(?:lives|lived|is|was|has|had|said|says|shouted|yelled|asked|told|works|worked|"
    r"wants|wanted|went|will|would|can|could|called|wrote|sent|likes|loves|needs|thinks|"
    r"(?:and|&)[ \t]+\p{Lu})\b"
)
# Phrases after which the next word is a name, whatever its case: "call me višeslav".
_NAMING_CUE = regex.compile(
    r"\b(?:my name is|my name's|(?:his|her|their) name is|call me|calls me|called me|"
    r"named (?:him|her|them|it)|i'm called|they call me|(?:maiden|last|first|middle|sur|given)"
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
    r"(\p{Lu}\p{Ll}+(?:[\-'’]\p{Lu}?\p{Ll}+)?)(?![\w@])"
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


@cache
def _name_lists() -> tuple[frozenset[str], frozenset[str]]:
    """(first names, last names), Latin-script, from Faker's person providers."""
    import faker.providers.person as providers

    first: set[str] = set()
    last: set[str] = set()
    for module_info in pkgutil.iter_modules(providers.__path__):
        try:
            provider = importlib.import_module(f"{providers.__name__}.{module_info.name}").Provider
        except (ImportError, AttributeError):
            continue
        for attribute, target in (
            ("first_names", first),
            ("first_names_male", first),
            ("first_names_female", first),
            ("first_names_nonbinary", first),
            ("last_names", last),
        ):
            values = provider.__dict__.get(attribute)
            if isinstance(values, dict):
                values = values.keys()
            if isinstance(values, (list, tuple, set, frozenset)) or hasattr(values, "__iter__"):
                target.update(v for v in values if isinstance(v, str) and len(v) > 1 and _latin(v))
    return frozenset(first), frozenset(last)


def known_name_words() -> tuple[frozenset[str], frozenset[str]]:
    """(first names, last names) that the name rules use."""
    return _name_lists()


def _latin(name: str) -> bool:
    return name.replace("-", "").replace("'", "").isalpha() and all(ord(c) < 0x250 for c in name)


class NameRecognizer:
    name = "names.v1"
    labels = (labels.PERSON,)

    def find(self, text: str) -> list[Span]:
        first_names, last_names = _name_lists()
        common = gazetteer.load("name_common_words")
        tech = gazetteer.load("tech_terms")
        code = CodeMap(text)
        spans: list[Span] = []

        def keep(start: int, end: int, score: float, labelled: bool = False) -> None:
            value = text[start:end]
            if value.casefold() in tech or (not labelled and code.in_code(start, end)):
                return
            spans.append(Span(start, end, labels.PERSON, score, self.name))

        for match in _TITLED_NAME.finditer(text):
            keep(match.start(), match.end(), 0.9)
        for match in _NAME_FIELD.finditer(text):
            value = match.group(1)
            first_word = value.split()[0].strip(".").lower()
            if first_word in common and len(value.split()) == 1:
                continue
            keep(*match.span(1), 0.85, labelled=True)  # name = ... in config is still a name
        for match in _SPEAKER.finditer(text):
            speaker = match.group(1)
            quoted = match.group(2) in '"“'
            if speaker.title() in first_names and (quoted or speaker.lower() not in common):
                keep(*match.span(1), 0.8)
        for match in _NAMING_CUE.finditer(text):
            if match.group(1).split()[0].lower() not in _NOT_AFTER_NAMING:
                keep(*match.span(1), 0.85)
        for match in _WITH_INITIAL.finditer(text):
            first, last = match.group(1), match.group(2)
            if first.lower() in common and last.lower() in common:
                continue
            if first in first_names or last in last_names:
                keep(match.start(), match.end(), 0.85)
        for match in _NAME_LIST.finditer(text):
            items = regex.findall(r"\p{Lu}\p{Ll}+", match.group(0))
            if all(
                (item in last_names or (item in first_names and item.lower() not in common))
                and item.casefold() not in tech
                for item in items
            ):
                for item in regex.finditer(r"\p{Lu}\p{Ll}+", match.group(0)):
                    keep(match.start() + item.start(), match.start() + item.end(), 0.8)

        for match in _WORD.finditer(text):
            word = match.group(1)
            shaped = word.title() if word.isupper() or word.islower() else word
            if shaped not in first_names:
                continue
            start, end = match.span(1)
            before = text[max(0, start - 30) : start]
            surname = _SURNAME_AFTER.match(text, end)
            if word.isupper() and len(word) > 2:
                # Bank statements and forms shout: "ZELLE TO MARCUS T HALE".
                shout = _SHOUTED_SURNAME.match(text, end)
                if shout and (shout.group(1).title() in last_names or word.lower() not in common):
                    keep(start, shout.end(), 0.8)
                continue
            strong = bool(_STRONG_CUE.search(before))
            if word.islower():
                if word in common or len(word) < 3:
                    continue
                # "naomi ryan": a known first name and a known surname, typed lower-case
                lower_surname = _LOWER_SURNAME.match(text, end)
                if (
                    lower_surname
                    and lower_surname.group(1).title() in last_names
                    and (lower_surname.group(1) not in common)
                ):
                    keep(start, lower_surname.end(), 0.75)
                elif strong:  # "thanks, theo"
                    keep(start, end, 0.7)
                continue
            if surname:
                surname_word = surname.group(1).split()[0]
                known_surname = surname_word in last_names and len(surname_word) > 2
                plausible = word.lower() not in common or known_surname or strong
                if plausible and (surname_word.lower() not in common or known_surname):
                    keep(start, surname.end(), 0.9)
                    continue
            if strong:
                keep(start, end, 0.9)
            elif word.lower() in common or _PLACE_BEFORE.search(before):
                continue
            elif _WEAK_CUE.search(before) or _PERSON_VERB.match(text, end):
                keep(start, end, 0.8)
            elif not _SENTENCE_START.search(before):
                # Mid-sentence and capitalised, but nothing says it is a person: below the
                # default threshold, for policies that want every possible name.
                keep(start, end, 0.45)
        return spans


register("names.v1")(NameRecognizer)
