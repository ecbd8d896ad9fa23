"""EMAIL, PHONE and USERNAME: the ways people are reached."""

from __future__ import annotations

import phonenumbers
import regex
from veil.rules import labels
from veil.rules.pattern import PatternRecognizer, compile_words, context_before
from veil.rules.registry import register
from veil.rules.spans import Span

# --- EMAIL -------------------------------------------------------------------------

_EMAIL = regex.compile(
    r"(?<![\w.+\-@])"
    r"([A-Za-z0-9!#$%&'*+/=?^_`{|}~\-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24})"
    r"(?![\w\-@]|\.[A-Za-z0-9])"
)

# Reserved for documentation (RFC 2606 / 6761): never a real person's address.
_RESERVED_DOMAIN = regex.compile(
    r"(?:^|\.)(?:example\.(?:com|org|net)|[\w\-]+\.(?:example|test|invalid|localhost))$",
    regex.IGNORECASE,
)
# Service addresses that identify no one (git remotes, no-reply senders).
_SERVICE_LOCAL = regex.compile(r"^(?:git|noreply|no-reply|donotreply|do-not-reply)$", regex.I)


def _validate_email(match: regex.Match[str], text: str) -> float | None:
    local, _, domain = match.group(1).rpartition("@")
    if _RESERVED_DOMAIN.search(domain) or _SERVICE_LOCAL.match(local):
        return None
    return 0.95


@register("regex.email.v1")
def email_recognizer() -> PatternRecognizer:
    return PatternRecognizer("regex.email.v1", labels.EMAIL, _EMAIL, _validate_email, group=1)


# --- PHONE -------------------------------------------------------------------------

# Candidates: an optional international prefix, then digit groups joined by single
# separators. phonenumbers decides; the regex only has to be generous and cheap.
_PHONE_CANDIDATE = regex.compile(
    r"(?<![\w+\-./:#@$])"
    r"(?:\+\s?|00(?=[1-9]))?"
    r"(?:\(\+?\d{1,5}\)\s?|\d)"
    r"(?:(?:[ \-./]|\s?\(|\)\s?)?\d){5,17}"
    r"(?![\w\-/@]|\.\d|:\d)"
)
_PHONE_CONTEXT = compile_words(
    [
        "phone",
        "tel",
        "telephone",
        "mobile",
        "cell",
        "cellphone",
        "call",
        "calling",
        "text",
        "sms",
        "whatsapp",
        "signal",
        "fax",
        "reach",
        "contact",
        "number",
        "ring",
        "dial",
        "desk",
        "landline",
        "hotline",
        "voicemail",
        "office",
        "home",
        "work",
        "téléphone",
        "telefon",
        "telefono",
        "teléfono",
        "handy",
        "portable",
        "móvil",
        "cellulare",
        "telefoonnummer",
        "telemóvel",
        "nummer",
        "numéro",
        "número",
        "numero",
        "tél",
        "tlf",
        "ph",
        "mob",
        "phone#",
    ]
)
# Shapes that are something else: dates, SSNs, times, versions.
_NOT_A_PHONE = regex.compile(
    r"^(?:\d{4}[\-./]\d{1,2}[\-./]\d{1,2}|\d{1,2}[\-./]\d{1,2}[\-./]\d{2,4}|\d{3}-\d{2}-\d{4}"
    r"|\d+\.\d+\.\d+(?:\.\d+)?)$"
)
# Order matters only for speed: the commonest regions are tried first.
PHONE_REGIONS = (
    "US",
    "GB",
    "DE",
    "FR",
    "IT",
    "ES",
    "NL",
    "BE",
    "CH",
    "AT",
    "IE",
    "PT",
    "SE",
    "NO",
    "DK",
    "FI",
    "PL",
    "CZ",
    "GR",
    "CA",
    "AU",
    "NZ",
    "IN",
    "BR",
    "MX",
    "AR",
    "JP",
    "IL",
    "ZA",
    "SG",
    "UY",
    "CY",
    "IS",
    "HU",
    "RO",
    "SK",
    "SI",
    "HR",
    "LU",
    "EE",
    "LV",
    "LT",
)


def _parse_phone(candidate: str) -> phonenumbers.PhoneNumber | None:
    international = candidate.startswith(("+", "00", "(+"))
    regions = (None,) if international else PHONE_REGIONS
    probe = "+" + candidate[2:] if candidate.startswith("00") else candidate
    for region in regions:
        try:
            number = phonenumbers.parse(probe, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return number
    return None


class PhoneRecognizer:
    """Phone numbers in international and national formats, validated by phonenumbers."""

    name = "phonenumbers.phone.v1"
    labels = (labels.PHONE,)

    def find(self, text: str) -> list[Span]:
        spans = []
        for match in _PHONE_CANDIDATE.finditer(text):
            candidate = match.group(0)
            digits = sum(c.isdigit() for c in candidate)
            if not 7 <= digits <= 15 or _NOT_A_PHONE.match(candidate):
                continue
            if _parse_phone(candidate) is None:
                continue
            has_context = bool(_PHONE_CONTEXT.search(context_before(text, match.start(), 40)))
            formatted = candidate.startswith(("+", "(", "00")) or not candidate.isdigit()
            if has_context:
                score = 0.9
            elif formatted:
                score = 0.75
            else:
                # A bare digit run could be an id, an amount or a timestamp.
                score = 0.4
            spans.append(Span(match.start(), match.end(), labels.PHONE, score, self.name))
        return spans


register("phonenumbers.phone.v1")(PhoneRecognizer)


# --- USERNAME ----------------------------------------------------------------------

_HANDLE = regex.compile(
    r"(?<![\w@.+\-/])@([A-Za-z0-9_](?:[A-Za-z0-9_.]{0,38}[A-Za-z0-9_])?)(?![\w@/\-]|\.\w)"
)
_NAMED_USERNAME = regex.compile(
    r"\b(?:user\s?name|user\s?id|login|handle|screen\s?name|gamertag|account name|"
    r"benutzername|nom d'utilisateur|usuario|nome utente)"
    r"(?:\s+(?:is|was))?\s*(?:[:=]\s*|\s)[\"'`]?([A-Za-z0-9_.\-]{3,32})(?<![.\-])",
    regex.IGNORECASE,
)
# @-words that are syntax, not people: CSS at-rules, decorators and annotations.
_AT_WORDS = frozenset(
    w.lower()
    for w in [
        "media",
        "import",
        "keyframes",
        "font-face",
        "supports",
        "page",
        "charset",
        "namespace",
        "layer",
        "container",
        "apply",
        "tailwind",
        "tailwindcss",
        "property",
        "staticmethod",
        "classmethod",
        "dataclass",
        "override",
        "test",
        "before",
        "after",
        "autowired",
        "component",
        "service",
        "repository",
        "controller",
        "entity",
        "table",
        "column",
        "id",
        "bean",
        "configuration",
        "param",
        "return",
        "returns",
        "throws",
        "deprecated",
        "suppresswarnings",
        "functionalinterface",
        "nullable",
        "nonnull",
        "inject",
        "value",
        "get",
        "post",
        "put",
        "delete",
        "patch",
        "mapping",
        "requestmapping",
        "getmapping",
        "postmapping",
        "input",
        "output",
        "pytest",
        "fixture",
        "mark",
        "app",
        "router",
        "api",
        "abstractmethod",
        "cached_property",
        "lru_cache",
        "wraps",
        "everyone",
        "here",
        "channel",
        "all",
    ]
)
_GENERIC_USERNAMES = frozenset(
    [
        "admin",
        "root",
        "user",
        "guest",
        "test",
        "postgres",
        "ubuntu",
        "ec2-user",
        "default",
        "administrator",
        "none",
        "null",
    ]
)


class UsernameRecognizer:
    """@handles in prose and usernames given explicitly ("my username is ...")."""

    name = "regex.username.v1"
    labels = (labels.USERNAME,)

    def find(self, text: str) -> list[Span]:
        spans = []
        for match in _HANDLE.finditer(text):
            handle = match.group(1)
            if handle.lower() in _AT_WORDS or _is_decorator(text, match.start()):
                continue
            spans.append(Span(match.start(), match.end(), labels.USERNAME, 0.8, self.name))
        for match in _NAMED_USERNAME.finditer(text):
            value = match.group(1)
            if value.lower() in _GENERIC_USERNAMES or not regex.search(r"[A-Za-z]", value):
                continue
            start, end = match.span(1)
            spans.append(Span(start, end, labels.USERNAME, 0.75, self.name))
        return spans


def _is_decorator(text: str, at: int) -> bool:
    # "@name" opening a line of code: a decorator or annotation.
    line_start = text.rfind("\n", 0, at) + 1
    return text[line_start:at].strip() == "" and bool(
        regex.match(r"@[\w.]+(?:\(|\s*$|\s*\n)", text[at : text.find("\n", at) + 1 or None])
    )


register("regex.username.v1")(UsernameRecognizer)
