"""The user's global profile (``<config dir>/profile.yaml``): who the user is, for every site.

The user's own names, family, employer and places are always redacted, whatever a
recognizer thinks of them (the deny-list of every site, with a label so pseudonyms stay
typed); the terms the user never wants redacted join every site's allow-list.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from veil.policies.schema import SitePolicy, checked_allow_list, checked_deny_list
from veil.policies.yaml_source import YamlSource
from veil.rules.labels import LOCATION, ORGANIZATION, PERSON

PROFILE_FILE = "profile.yaml"


def _as_list(value: Any) -> Any:
    # "employer: Acme" reads as naturally as a list of one
    return [value] if isinstance(value, str) else value


class Profile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    names: list[str] = Field(default_factory=list)  # the user's own names, nicknames
    family: list[str] = Field(default_factory=list)  # family and friends
    employer: list[str] = Field(default_factory=list)
    places: list[str] = Field(default_factory=list)  # home town, street, school
    other: dict[str, str] = Field(default_factory=dict)  # term -> label, anything else
    never_redact: list[str] = Field(default_factory=list)  # -> every site's allow-list

    _to_list = field_validator(
        "names", "family", "employer", "places", "never_redact", mode="before"
    )(_as_list)

    @field_validator("names", "family", "employer", "places")
    @classmethod
    def _terms(cls, value: list[str]) -> list[str]:
        checked_deny_list(dict.fromkeys(value, PERSON))
        return value

    @field_validator("never_redact")
    @classmethod
    def _allowed_terms(cls, value: list[str]) -> list[str]:
        return checked_allow_list(value)

    @field_validator("other")
    @classmethod
    def _labelled_terms(cls, value: dict[str, str]) -> dict[str, str]:
        return checked_deny_list(value)

    def deny_list(self) -> dict[str, str]:
        entries = {term: label for term, label in self.other.items()}
        for terms, label in (
            (self.places, LOCATION),
            (self.employer, ORGANIZATION),
            (self.family, PERSON),
            (self.names, PERSON),
        ):
            entries.update(dict.fromkeys(terms, label))
        return entries

    def apply(self, policy: SitePolicy) -> SitePolicy:
        """The site's own list entries win over the profile's for the same term."""
        if self == EMPTY_PROFILE:
            return policy
        allow = policy.allow_list + [t for t in self.never_redact if t not in policy.allow_list]
        return policy.model_copy(
            update={"deny_list": {**self.deny_list(), **policy.deny_list}, "allow_list": allow}
        )


EMPTY_PROFILE = Profile()


def load_profile(source: YamlSource) -> Profile:
    try:
        return Profile.model_validate(source.data)
    except ValidationError as error:
        raise source.errors(error, Profile) from None
