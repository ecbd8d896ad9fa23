"""The attributes a text can disclose about its writer: one table, one name each.

The name is the word for an attribute everywhere: a disclosure's ``attribute``
(rules.quasi), the operators' and the risk estimate's keys, a policy's
``quasi_identifiers.operators`` keys and ``slow_stage.attributes`` entries, and what the
slow stage's attacker model is asked about and answers with. ``aliases`` are spellings
older policy files use for the same attribute; a policy still accepts them.
"""

from __future__ import annotations

from dataclasses import dataclass

from veil.rules import labels


@dataclass(frozen=True, slots=True)
class Attribute:
    name: str
    display: str  # how a person would say it
    label: str  # the label a disclosure's span carries
    # What a policy does with a disclosure unless it says otherwise: coarser words where the
    # sentence keeps its sense, else unchanged and reported (a health question needs its
    # condition, a visa question its nationality). A QIOperator value.
    default_operator: str
    # The rules/data/population.toml table the risk estimate takes its share of people
    # from; None: a place, counted by its population (GeoNames) instead.
    share_table: str | None
    # What the slow stage's attacker model is asked; None: the slow stage does not ask.
    question: str | None = None
    # The closed set of answers the attacker chooses from (a small model guesses far
    # better choosing among labels than writing one); empty: free text.
    answers: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()


_GENERALIZE, _WARN = "generalize", "warn"

# In the order the slow stage's attacker lists the attributes it is asked about.
TABLE: tuple[Attribute, ...] = (
    Attribute(
        "age", "age", labels.AGE, _GENERALIZE, "age_bands",
        question="How old is the author, in years?",
    ),
    Attribute(
        "gender", "gender", labels.GENDER, _GENERALIZE, "gender",
        question="Is the author male or female?",
        answers=("male", "female"),
        aliases=("sex",),
    ),
    Attribute(
        "location", "where they live", labels.LOCATION, _GENERALIZE, None,
        question="In which city does the author live?",
    ),
    Attribute(
        "birthplace", "where they were born or raised", labels.LOCATION, _GENERALIZE, None,
        question="In which city was the author born or raised?",
    ),
    Attribute(
        "education", "education", labels.EDUCATION, _GENERALIZE, "education_levels",
        question="What is the author's highest degree, and in which field?",
    ),
    Attribute(
        "occupation", "occupation", labels.OCCUPATION, _GENERALIZE, "occupation_groups",
        question="What is the author's job?",
    ),
    Attribute("employer", "employer", labels.EMPLOYER, _GENERALIZE, "employer"),
    Attribute(
        "income", "income", labels.INCOME, _GENERALIZE, "income_bands",
        question="Is the author's income low, middle, high or very high?",
        answers=("low", "middle", "high", "very high"),
        aliases=("income_level",),
    ),
    Attribute(
        "family", "relationship and family", labels.FAMILY, _GENERALIZE, "relationship",
        question="Is the author single, in a relationship, engaged, married, divorced or widowed?",
        answers=("single", "in a relationship", "engaged", "married", "divorced", "widowed"),
        aliases=("relationship_status",),
    ),
    Attribute(
        "health", "health", labels.HEALTH, _WARN, "health",
        question="What health condition does the author have?",
    ),
    Attribute("ethnicity", "ethnicity", labels.ETHNICITY, _WARN, "ethnicity"),
    # Nationalities keep the PII stage's NORP label: they mean the same thing there.
    Attribute("nationality", "nationality", labels.NORP, _WARN, None),
    Attribute("religion", "religion", labels.RELIGION, _WARN, "religion"),
    Attribute("orientation", "sexual orientation", labels.ORIENTATION, _WARN, "orientation"),
)  # fmt: skip

BY_NAME: dict[str, Attribute] = {attribute.name: attribute for attribute in TABLE}
NAMES: tuple[str, ...] = tuple(BY_NAME)
# What the slow stage's attacker can be asked about (those with a question).
ASKED: tuple[str, ...] = tuple(a.name for a in TABLE if a.question is not None)
# An older spelling -> the attribute's name.
ALIASES: dict[str, str] = {alias: a.name for a in TABLE for alias in a.aliases}


def canonical(name: str) -> str:
    """The attribute's name for ``name`` or an alias of it; anything else unchanged."""
    return ALIASES.get(name, name)
