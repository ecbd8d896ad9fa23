"""A personal name in another case, back in the form an encyclopedia titles it.

Slavic languages decline names ("postava Zdeňka Svěráka", the character of Zdeněk
Svěrák; "упомянуть Капицу", mention Kapitsa; "Lalka Prusa"), and Swedish, Danish and
Norwegian write the genitive with a bare "-s" ("Selma Lagerlöfs roman"). A declined name
is the same person: the public/private decision looks up these forms wherever it looks up
the name as written. The endings are the languages' declension paradigms for masculine,
feminine and adjectival names; a form is only a candidate, which counts where the
encyclopedia has it (a private "Marka" may become "Marek", who has no entry).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from veil.rules import lazy_regex as regex

# (ending, what the dictionary form ends in instead), by the paradigm they undo; the
# first that fits is most likely. Czech, Slovak and Polish in Latin letters:
_LATIN_SLAVIC = (
    # adjectival surnames: Kowalskiego/Kowalskiemu/Kowalskim -> Kowalski, Novotného ->
    # Novotný, Jiřího -> Jiří
    ("iego", "i"),
    ("iemu", "i"),
    ("ego", "y"),
    ("emu", "y"),
    ("ého", "ý"),
    ("ému", "ý"),
    ("ým", "ý"),
    ("ího", "í"),
    ("ímu", "í"),
    # feminine: Navrátilovou/Navrátilové -> Navrátilová, Szymborską/Szymborskiej ->
    # Szymborska, Boženu/Anny/Annę -> Božena/Anna
    ("ou", "á"),
    ("é", "á"),
    ("ą", "a"),
    ("iej", "a"),
    ("ej", "a"),
    ("ę", "a"),
    # masculine: Svěráka/Svěrákovi/Svěrákem -> Svěrák, Prusa/Prusowi/Prusem/Prusie -> Prus
    ("ovi", ""),
    ("owi", ""),
    ("em", ""),
    ("om", ""),
    ("ie", ""),
    ("a", ""),
    ("u", ""),
    ("u", "a"),
    ("y", "a"),
    ("e", "a"),
    ("i", "a"),
)
# Russian and Ukrainian: Толстого -> Толстой, Достоевского -> Достоевский, Ахматовой ->
# Ахматова, Капицу/Капицы -> Капица, Пушкина/Пушкину/Пушкиным -> Пушкин, Мефистофеля ->
# Мефистофель
_CYRILLIC = (
    ("ого", "ой"),
    ("ого", "ий"),
    ("ого", "ый"),
    ("ому", "ой"),
    ("ому", "ий"),
    ("ым", ""),
    ("им", "ий"),
    ("ой", "а"),
    ("ей", "я"),
    ("ом", ""),
    ("ем", "ь"),
    ("ем", ""),
    ("ові", ""),
    ("а", ""),
    ("я", "ь"),
    ("я", "й"),
    ("у", "а"),
    ("у", ""),
    ("ю", "я"),
    ("ю", "ь"),
    ("ы", "а"),
    ("и", "а"),
    ("и", "я"),
    ("е", ""),
    ("е", "а"),
    ("і", "а"),
)
# The Scandinavian genitive, joined to the name: "Lagerlöfs", "Ibsens", "Kierkegaards".
_NORDIC = (("s", ""),)
_CYRILLIC_WORD = regex.compile(r"[\p{Cyrillic}'’\-]+")
_LATIN_WORD = regex.compile(r"[\p{Latin}'’\-]+")
# Czech, Slovak and Polish drop an "e" from a name's last syllable before an ending
# ("Zdeněk" -> "Zdeňka", "Karel" -> "Karla", "Marek" -> "Marka", "Paweł" -> "Pawła"):
# two consonants left at the stem's end get it back.
_FLEETING_E = regex.compile(r"(?<=[^aeiouyáéěíóúůý])([ňnlłrkc])$", regex.IGNORECASE)
_SOFTENED = {"ň": "n", "ď": "d", "ť": "t"}
_SHORTEST_STEM = 3
_FORMS_PER_WORD = 6


@lru_cache(maxsize=8192)
def word_forms(word: str) -> tuple[str, ...]:
    """The word and the forms a Slavic case ending undone gives it, most likely first."""
    if "-" in word.strip("-"):
        # a double name declines its parts ("Skłodowskiej-Curie" -> "Skłodowska-Curie")
        parts = [word_forms(part) if part else ("",) for part in word.split("-")]
        return tuple(dict.fromkeys("-".join(p) for p in product(*parts)))[:_FORMS_PER_WORD]
    if _CYRILLIC_WORD.fullmatch(word):
        table = _CYRILLIC
    elif _LATIN_WORD.fullmatch(word):
        table = _LATIN_SLAVIC
    else:
        return (word,)
    forms = [word]
    lowered = word.casefold()
    for ending, replacement in table:
        if not lowered.endswith(ending) or len(lowered) - len(ending) < _SHORTEST_STEM:
            continue
        stem = word[: len(word) - len(ending)]
        forms.append(stem + replacement)
        if not replacement and table is not _CYRILLIC:
            fleeting = _FLEETING_E.search(stem)
            if fleeting is not None:
                at = fleeting.start()
                # (a soft consonant before it is written plain with "ě": "Zdeňk" -> "Zdeněk")
                soft = _SOFTENED.get(stem[at - 1])
                head = stem[: at - 1] + soft + "ě" if soft else stem[:at] + "e"
                forms.append(head + stem[at:])
    return tuple(dict.fromkeys(forms))[:_FORMS_PER_WORD]


@lru_cache(maxsize=4096)
def name_forms(value: str) -> tuple[str, ...]:
    """The forms a declined name of one to three words may have in the nominative,
    ``value`` itself excluded: each word's forms, combined."""
    words = value.split()
    if not 1 <= len(words) <= 3:
        return ()
    forms = [word_forms(w) for w in words]
    last = words[-1]
    for ending, replacement in _NORDIC:  # (the genitive ends a name: its last word)
        if last.endswith(ending) and len(last) - len(ending) >= _SHORTEST_STEM:
            forms[-1] = (*forms[-1], last[: len(last) - len(ending)] + replacement)
    combined = (" ".join(parts) for parts in product(*forms))
    return tuple(form for form in dict.fromkeys(combined) if form != " ".join(words))
