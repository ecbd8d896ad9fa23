"""Places the attacker knows: every city and country in its training labels, plus its own
short table of demonyms. A text that names one of them ("winter in Munich", "Finnish
traditions") points at that place when no explicit statement does."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

# demonym or local name -> country, as the labels spell countries
DEMONYMS = {
    "spanish": "Spain", "españa": "Spain", "french": "France", "italian": "Italy",
    "german": "Germany", "finnish": "Finland", "swedish": "Sweden", "norwegian": "Norway",
    "danish": "Denmark", "dutch": "Netherlands", "swiss": "Switzerland", "irish": "Ireland",
    "british": "United Kingdom", "scottish": "United Kingdom", "english": "United Kingdom",
    "american": "United States", "canadian": "Canada", "mexican": "Mexico",
    "brazilian": "Brazil", "argentinian": "Argentina", "argentine": "Argentina",
    "colombian": "Colombia", "japanese": "Japan", "chinese": "China", "korean": "Korea",
    "indian": "India", "australian": "Australia", "aussie": "Australia",
    "kiwi": "New Zealand", "turkish": "Turkey", "greek": "Greece", "portuguese": "Portugal",
    "austrian": "Austria", "belgian": "Belgium", "polish": "Poland", "russian": "Russia",
    "egyptian": "Egypt", "kenyan": "Kenya", "nigerian": "Nigeria", "zambian": "Zambia",
    "south african": "South Africa",
}  # fmt: skip


def _words(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.IGNORECASE)


class KnownPlaces:
    def __init__(self, labels: Iterable[str]) -> None:
        by_city: dict[str, Counter[str]] = {}
        countries: set[str] = set()
        for label in labels:
            parts = [p.strip() for p in label.split(",") if p.strip()]
            if len(parts) >= 2 and len(parts[0]) >= 3:
                by_city.setdefault(parts[0].casefold(), Counter())[label] += 1
            if parts:
                countries.add(parts[-1])
        # the most frequent spelling of each city's label; longest names first so that
        # "New York" wins over "York"
        self.cities = sorted(
            ((_words(city), labels.most_common(1)[0][0]) for city, labels in by_city.items()),
            key=lambda pair: -len(pair[0].pattern),
        )
        self.countries = [
            (_words(country), country) for country in sorted(countries, key=len, reverse=True)
        ] + [(_words(demonym), country) for demonym, country in DEMONYMS.items()]

    def find(self, text: str) -> tuple[str, str] | None:
        """(answer, evidence): a city's whole label, else a country; the earliest mention
        of the most specific kind."""
        for table in (self.cities, self.countries):
            found = [
                (m.start(), m.group(0), answer) for p, answer in table if (m := p.search(text))
            ]
            if found:
                _, evidence, answer = min(found)
                return answer, evidence
        return None
