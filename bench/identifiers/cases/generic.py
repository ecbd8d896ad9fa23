"""Identifiers of no one country: payment cards, IBANs, MAC and IP addresses, e-mail,
phone numbers, US SSNs and cryptocurrency addresses, generated from their specifications.

Positives carry no context word unless the format needs one to be told from any other
number (a bare card number must be found on its own: it is Luhn-valid and in an issuer's
range). Negatives have the right shape and break the specification (a check digit, a
range, a length), or are ordinary numbers a detector must leave alone.
"""

from __future__ import annotations

import hashlib
import random

from bench.identifiers.case import Case, embed

FAMILY = "generic"

# Sentences that say nothing about what the value is.
PLAIN = (
    "{}",
    "Can you check this for me: {}",
    "The value on the form was {} and nothing else.",
    "ok so {} - what now?",
)
# Sentences that name the kind of value (for formats that need it).
NAMED = {
    "card": ("My card number is {}.", "Charge it to {} please", "Visa: {}"),
    "iban": ("Send the refund to IBAN {}.", "My account: {}", "{}"),
    "mac": ("The router's MAC address is {}", "hwaddr {} on eth0", "Whitelist {} please"),
    "ip": ("My home IP is {} if you need it", "ssh into {} from my laptop", "{}"),
    "email": ("write to {} tomorrow", "Contact: {}", "my email is {}"),
    "phone": ("Call me on {}", "my mobile: {}", "Phone {} after 6pm"),
    "ssn": ("SSN {}", "my social security number is {}", "{} is on my W-2"),
    "wallet": ("Send the BTC to {}", "my wallet address is {}", "{}"),
}

# --- payment cards (ISO/IEC 7812: issuer range, length, Luhn) -------------------------

# (network, prefixes, length) from the networks' published IIN ranges.
CARD_RANGES = (
    ("visa", ("4",), 16),
    ("visa13", ("4",), 13),
    ("mastercard", ("51", "52", "53", "54", "55", "2221", "2500", "2720"), 16),
    ("amex", ("34", "37"), 15),
    ("discover", ("6011", "644", "649", "65"), 16),
    ("jcb", ("3528", "3589"), 16),
    ("diners", ("300", "305", "36", "38"), 14),
    ("unionpay", ("62",), 16),
)


def luhn_digit(payload: str) -> str:
    total = 0
    for position, char in enumerate(reversed(payload)):
        value = int(char) * (2 if position % 2 == 0 else 1)
        total += value - 9 if value > 9 else value
    return str((10 - total % 10) % 10)


def card_number(rng: random.Random, prefix: str, length: int) -> str:
    payload = prefix + "".join(rng.choice("0123456789") for _ in range(length - 1 - len(prefix)))
    return payload + luhn_digit(payload)


def grouped(digits: str, sizes: tuple[int, ...], separator: str) -> str:
    parts, at = [], 0
    for size in sizes:
        parts.append(digits[at : at + size])
        at += size
    if at < len(digits):
        parts.append(digits[at:])
    return separator.join(p for p in parts if p)


def card_cases(rng: random.Random) -> list[Case]:
    spec = "ISO/IEC 7812 (IIN ranges of each network, Luhn check digit)"
    out = []
    for network, prefixes, length in CARD_RANGES:
        for _ in range(3):
            number = card_number(rng, rng.choice(prefixes), length)
            sizes = (4, 6, 5) if length == 15 else (4, 6, 4) if length == 14 else (4, 4, 4, 4)
            written = rng.choice([number, grouped(number, sizes, " "), grouped(number, sizes, "-")])
            template = rng.choice(PLAIN + NAMED["card"])
            out.append(embed(FAMILY, f"card.{network}", spec, template, written))
        # Luhn fails: the last digit moved by one.
        bad = number[:-1] + str((int(number[-1]) + 1) % 10)
        out.append(embed(FAMILY, f"card.{network}", spec, rng.choice(PLAIN), bad, positive=False))
    return out


# --- IBAN (ISO 13616: country, mod-97 check digits, the country's BBAN format) --------

# country -> BBAN layout: n digits, a capital letters, c alphanumerics (SWIFT IBAN registry)
BBAN_LAYOUTS = {
    "DE": "18n",
    "GB": "4a14n",
    "FR": "10n11c2n",
    "ES": "20n",
    "IT": "1a10n12c",
    "NL": "4a10n",
    "BE": "12n",
    "CH": "5n12c",
    "PL": "24n",
    "SE": "20n",
}


def bban(rng: random.Random, layout: str) -> str:
    out, count = [], ""
    for char in layout:
        if char.isdigit():
            count += char
            continue
        alphabet = {"n": "0123456789", "a": "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}.get(
            char, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        )
        out.append("".join(rng.choice(alphabet) for _ in range(int(count))))
        count = ""
    return "".join(out)


def iban(country: str, body: str) -> str:
    numeric = "".join(str(int(c, 36)) for c in body + country + "00")
    return f"{country}{98 - int(numeric) % 97:02d}{body}"


def iban_cases(rng: random.Random) -> list[Case]:
    spec = "ISO 13616 and the SWIFT IBAN registry"
    out = []
    for country, layout in BBAN_LAYOUTS.items():
        value = iban(country, bban(rng, layout))
        printed = " ".join(value[i : i + 4] for i in range(0, len(value), 4))
        for written in (value, printed):
            template = rng.choice(PLAIN + NAMED["iban"])
            out.append(embed(FAMILY, "iban", spec, template, written))
        wrong = value[:2] + f"{(int(value[2:4]) + 1) % 100:02d}" + value[4:]
        out.append(embed(FAMILY, "iban", spec, rng.choice(PLAIN), wrong, positive=False))
    return out


# --- MAC addresses (IEEE 802 EUI-48) ---------------------------------------------------


def mac_cases(rng: random.Random) -> list[Case]:
    spec = "IEEE 802 EUI-48 notation (colons, hyphens, Cisco dotted triples)"
    out = []
    for _ in range(6):
        octets = [rng.randrange(256) for _ in range(6)]
        octets[0] &= 0xFE  # unicast
        hexes = [f"{o:02x}" for o in octets]
        colon = ":".join(hexes)
        forms = (colon, colon.upper(), "-".join(hexes).upper())
        forms += (".".join("".join(hexes[i : i + 2]) for i in (0, 2, 4)),)
        template = rng.choice(PLAIN + NAMED["mac"])
        out.append(embed(FAMILY, "mac", spec, template, rng.choice(forms)))
    for value in ("12:30:45", "0a:1b:2c:3d:4e", "10-20-30"):
        out.append(embed(FAMILY, "mac", spec, "It happened at {} I think", value, positive=False))
    return out


# --- IP addresses (public unicast) -------------------------------------------------------


def ip_cases(rng: random.Random) -> list[Case]:
    spec = "RFC 791 / RFC 4291 textual forms, publicly routable ranges"
    out = []
    for _ in range(4):
        first = rng.choice([23, 45, 66, 81, 94, 109, 151, 185, 203])
        value = f"{first}.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
        out.append(embed(FAMILY, "ip.v4", spec, rng.choice(NAMED["ip"]), value))
    for _ in range(2):
        groups = ["2001", f"{rng.randrange(0x4000, 0x4FFF):x}"]
        groups += [f"{rng.randrange(65536):x}" for _ in range(6)]
        out.append(embed(FAMILY, "ip.v6", spec, rng.choice(NAMED["ip"]), ":".join(groups)))
    for value in ("256.300.1.1", "1.2.3", "3.14159"):
        out.append(embed(FAMILY, "ip.v4", spec, "version {} was released", value, positive=False))
    return out


# --- e-mail ------------------------------------------------------------------------------

FIRST = ("maria", "j.okafor", "li.wei", "sven", "aiko_t", "r.patel")
DOMAINS = ("gmail.com", "outlook.de", "proton.me", "uni-hamburg.de", "acme-corp.co.uk")


def email_cases(rng: random.Random) -> list[Case]:
    spec = "RFC 5322 addr-spec (local part @ domain)"
    out = []
    for _ in range(5):
        value = f"{rng.choice(FIRST)}{rng.randrange(100)}@{rng.choice(DOMAINS)}"
        out.append(embed(FAMILY, "email", spec, rng.choice(PLAIN + NAMED["email"]), value))
    for value in ("user@", "name at domain", "support[at]"):
        out.append(embed(FAMILY, "email", spec, "type {} in the box", value, positive=False))
    return out


# --- phone numbers -------------------------------------------------------------------------

# (region, E.164 country code, national significant numbers by the national plans)
PHONES = (
    (
        "US",
        "1",
        lambda r: f"{r.randrange(201, 990)}{r.randrange(201, 990)}{r.randrange(10**4):04d}",
    ),
    ("GB", "44", lambda r: f"7{r.choice('456789')}{r.randrange(10**7, 10**8)}"),
    ("DE", "49", lambda r: f"15{r.choice('12')}{r.randrange(10**7, 10**8)}"),
    ("FR", "33", lambda r: f"6{r.randrange(10**7, 10**8)}"),
    ("IN", "91", lambda r: f"9{r.randrange(10**8, 10**9)}"),
    ("AU", "61", lambda r: f"4{r.randrange(10**7, 10**8)}"),
)


def phone_cases(rng: random.Random) -> list[Case]:
    spec = "ITU-T E.164 and each country's national numbering plan"
    out = []
    for region, code, national in PHONES:
        significant = national(rng)
        international = f"+{code} {significant[:3]} {significant[3:6]} {significant[6:]}"
        out.append(
            embed(FAMILY, f"phone.{region}", spec, rng.choice(NAMED["phone"]), international)
        )
    for value in ("$1,250,000", "3.1415926535", "20240611"):
        out.append(
            embed(FAMILY, "phone", spec, "the total was {} in the end", value, positive=False)
        )
    return out


# --- US SSN (SSA: area 001-899 except 666, group 01-99, serial 0001-9999) --------------


def ssn_cases(rng: random.Random) -> list[Case]:
    spec = "SSA: area 001-665/667-899, group 01-99, serial 0001-9999"
    out = []
    for _ in range(4):
        area = rng.choice([a for a in range(1, 900) if a != 666])
        value = f"{area:03d}-{rng.randrange(1, 100):02d}-{rng.randrange(1, 10000):04d}"
        out.append(embed(FAMILY, "us.ssn", spec, rng.choice(NAMED["ssn"]), value))
    for value in ("000-12-3456", "666-12-3456", "123-00-4567", "912-34-5678"):
        out.append(embed(FAMILY, "us.ssn", spec, "SSN {}", value, positive=False))
    return out


# --- cryptocurrency addresses -------------------------------------------------------------

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def base58check(version: bytes, payload: bytes) -> str:
    raw = version + payload
    raw += hashlib.sha256(hashlib.sha256(raw).digest()).digest()[:4]
    number, out = int.from_bytes(raw, "big"), ""
    while number:
        number, rest = divmod(number, 58)
        out = _B58[rest] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\0"))) + out


def _bech32_polymod(values: list[int]) -> int:
    generator = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)
    check = 1
    for value in values:
        top = check >> 25
        check = (check & 0x1FFFFFF) << 5 ^ value
        for i in range(5):
            check ^= generator[i] if (top >> i) & 1 else 0
    return check


def segwit_address(program: bytes, version: int = 0) -> str:
    """BIP 173 (version 0, bech32) and BIP 350 (version 1+, bech32m) addresses."""
    data, accumulator, bits = [version], 0, 0
    for byte in program:
        accumulator, bits = accumulator << 8 | byte, bits + 8
        while bits >= 5:
            bits -= 5
            data.append(accumulator >> bits & 31)
    if bits:
        data.append(accumulator << (5 - bits) & 31)
    hrp = [ord(c) >> 5 for c in "bc"] + [0] + [ord(c) & 31 for c in "bc"]
    constant = 1 if version == 0 else 0x2BC830A3
    polymod = _bech32_polymod(hrp + data + [0] * 6) ^ constant
    checksum = [(polymod >> 5 * (5 - i)) & 31 for i in range(6)]
    return "bc1" + "".join(_BECH32[d] for d in data + checksum)


def wallet_cases(rng: random.Random) -> list[Case]:
    out = []
    for _ in range(3):
        payload = rng.randbytes(20)
        for kind, version in (("btc.p2pkh", b"\x00"), ("btc.p2sh", b"\x05")):
            value = base58check(version, payload)
            out.append(
                embed(
                    FAMILY, kind, "Bitcoin base58check (BIP 13)", rng.choice(NAMED["wallet"]), value
                )
            )
        value = segwit_address(payload)
        out.append(embed(FAMILY, "btc.bech32", "BIP 173", rng.choice(NAMED["wallet"]), value))
        value = segwit_address(rng.randbytes(32), version=1)
        out.append(embed(FAMILY, "btc.bech32m", "BIP 350", rng.choice(NAMED["wallet"]), value))
        value = "0x" + rng.randbytes(20).hex()
        out.append(
            embed(
                FAMILY,
                "eth",
                "Ethereum account address (Yellow Paper)",
                "my ETH wallet address is {}",
                value,
            )
        )
    good = base58check(b"\x00", rng.randbytes(20))
    broken = good[:-1] + ("2" if good[-1] != "2" else "3")
    out.append(
        embed(FAMILY, "btc.p2pkh", "Bitcoin base58check", rng.choice(PLAIN), broken, positive=False)
    )
    segwit = segwit_address(rng.randbytes(20))
    broken = segwit[:-1] + ("q" if segwit[-1] != "q" else "p")
    out.append(embed(FAMILY, "btc.bech32", "BIP 173", rng.choice(PLAIN), broken, positive=False))
    return out


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = []
    for source in (
        card_cases,
        iban_cases,
        mac_cases,
        ip_cases,
        email_cases,
        phone_cases,
        ssn_cases,
        wallet_cases,
    ):
        out.extend(source(rng))
    return out
