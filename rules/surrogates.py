"""Realistic stand-ins: fake names and places, and format-preserving numbers that still
pass their check digits, so code, forms and the model's reasoning keep working.

Every surrogate comes from the vault's own random generator (seeded from the OS), never
from a hash of the value. A label without a generator falls back to a placeholder.
"""

from __future__ import annotations

import ipaddress
import random
import string
from collections.abc import Callable

import phonenumbers

from veil.rules import labels
from veil.rules.recognizers.financial import iban_check_digits, luhn_check_digit

Generator = Callable[[str, random.Random], str | None]


def _faker(rng: random.Random):
    from faker import Faker

    fake = Faker("en_US")
    fake.seed_instance(rng.getrandbits(64))
    return fake


def _replace_digits(value: str, rng: random.Random, keep: int) -> str:
    """Random digits in place of all but the first ``keep`` digits; separators stay."""
    out, seen = [], 0
    for char in value:
        if char.isdigit():
            seen += 1
            out.append(char if seen <= keep else rng.choice(string.digits))
        else:
            out.append(char)
    return "".join(out)


def person(value: str, rng: random.Random) -> str:
    fake = _faker(rng)
    words = len(value.split())
    if words == 1:
        return fake.first_name() if value[:1].isupper() else fake.first_name().lower()
    if words == 2:
        return f"{fake.first_name()} {fake.last_name()}"
    return f"{fake.first_name()} {fake.first_name()} {fake.last_name()}"


def location(value: str, rng: random.Random) -> str:
    return _faker(rng).city()


def organization(value: str, rng: random.Random) -> str:
    return _faker(rng).company().replace(",", "")


def street_address(value: str, rng: random.Random) -> str:
    fake = _faker(rng)
    if "\n" in value or "," in value:
        return f"{fake.street_address()}, {fake.city()}"
    return fake.street_address()


def email(value: str, rng: random.Random) -> str:
    fake = _faker(rng)
    local = f"{fake.first_name()}.{fake.last_name()}".lower()
    # Reserved domains: a surrogate must never reach a real inbox.
    domain = rng.choice(["example.com", "example.org", "example.net"])
    return f"{local}{rng.randint(1, 99)}@{domain}"


def phone(value: str, rng: random.Random) -> str | None:
    # Keep the country and area digits and the formatting; the rest is random but valid.
    international = value.lstrip().startswith(("+", "00"))
    region = None if international else "US"
    keep = 4 if international else 3
    for _ in range(50):
        candidate = _replace_digits(value, rng, keep)
        try:
            number = phonenumbers.parse(candidate, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number) and candidate != value:
            return candidate
    return None


def credit_card(value: str, rng: random.Random) -> str:
    digits = [c for c in value if c.isdigit()]
    payload = digits[0] + "".join(rng.choice(string.digits) for _ in digits[1:-1])
    new_digits = iter(payload + luhn_check_digit(payload))
    return "".join(next(new_digits) if c.isdigit() else c for c in value)


def iban(value: str, rng: random.Random) -> str:
    compact = value.replace(" ", "").upper()
    country = compact[:2]
    bban = "".join(
        rng.choice(string.digits) if c.isdigit() else rng.choice(string.ascii_uppercase)
        for c in compact[4:]
    )
    new = iter(country + iban_check_digits(country, bban) + bban)
    return "".join(" " if c == " " else next(new) for c in value)


def us_ssn(value: str, rng: random.Random) -> str:
    area = rng.choice([n for n in range(1, 900) if n != 666])
    digits = iter(f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}")
    return "".join(next(digits) if c.isdigit() else c for c in value)


def ip_address(value: str, rng: random.Random) -> str:
    # Documentation ranges (RFC 5737 / 3849): routable nowhere.
    if ":" in value:
        return str(ipaddress.IPv6Address((0x20010DB8 << 96) | rng.getrandbits(64)))
    return f"{rng.choice(['192.0.2', '198.51.100', '203.0.113'])}.{rng.randint(1, 254)}"


def mac_address(value: str, rng: random.Random) -> str:
    octets = [rng.randint(0, 255) for _ in range(6)]
    octets[0] = (octets[0] | 0x02) & 0xFE  # locally administered, unicast
    separator = "-" if "-" in value else ":"
    return separator.join(f"{o:02x}" for o in octets)


def username(value: str, rng: random.Random) -> str:
    name = _faker(rng).user_name()
    return f"@{name}" if value.startswith("@") else name


def secret(value: str, rng: random.Random) -> str | None:
    # Keep a recognisable prefix (sk-proj-, ghp_, AKIA) so code still reads right.
    prefixes = (
        "sk-ant-api03-",
        "sk-proj-",
        "sk-",
        "ghp_",
        "github_pat_",
        "xoxb-",
        "xoxp-",
        "AKIA",
        "AIza",
        "sk_live_",
        "rk_live_",
        "glpat-",
        "hf_",
        "npm_",
    )
    for prefix in prefixes:
        if value.startswith(prefix):
            body = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(32))
            return prefix + body
    return None


GENERATORS: dict[str, Generator] = {
    labels.PERSON: person,
    labels.LOCATION: location,
    labels.ORGANIZATION: organization,
    labels.STREET_ADDRESS: street_address,
    labels.EMAIL: email,
    labels.PHONE: phone,
    labels.CREDIT_CARD: credit_card,
    labels.IBAN: iban,
    labels.US_SSN: us_ssn,
    labels.IP_ADDRESS: ip_address,
    labels.MAC_ADDRESS: mac_address,
    labels.USERNAME: username,
    labels.SECRET: secret,
}
