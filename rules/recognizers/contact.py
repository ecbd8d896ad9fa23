"""EMAIL, PHONE and USERNAME: the ways people are reached."""

from __future__ import annotations

import functools
from typing import NamedTuple

import phonenumbers

from veil.rules import labels, transcripts
from veil.rules import lazy_regex as regex
from veil.rules.code_context import code_map, line_bounds
from veil.rules.pattern import (
    PHONE_WORDS_ABROAD,
    URL_KEY,
    WORD,
    PatternRecognizer,
    compile_words,
    context_before,
    may_contain,
    named_apart,
    needles,
)
from veil.rules.recognizers.names import holds_a_name, known_name_words, spells_a_name
from veil.rules.recognizers.national_ids import identifier_goes_on, named_but_invalid
from veil.rules.registry import register
from veil.rules.spans import Span

# --- EMAIL -------------------------------------------------------------------------

_EMAIL = regex.compile(
    # (not a URL's password: "postgres://app:pw@db.host")
    rf"(?<!{WORD}|[.+\-@]|//[^\s/@]{{0,128}}:)"
    r"([A-Za-z0-9!#$%&'*+^_`{|}~\-]+(?:\.[A-Za-z0-9!#$%&'*+^_`{|}~\-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24})"
    rf"(?!{WORD}|[\-@]|\.[A-Za-z0-9])"
)

# Reserved for documentation (RFC 2606 / 6761): never a real person's address.
_RESERVED_DOMAIN = regex.compile(
    r"(?:^|\.)(?:example\.(?:com|org|net)|[\w\-]+\.(?:example|test|invalid|localhost))$",
    regex.IGNORECASE,
)
# git remotes (git@host:org/repo) name a service, not a mailbox.
_SERVICE_LOCAL = regex.compile(r"^git$", regex.I)  # git@github.com:org/repo


def _validate_email(match: regex.Match[str], text: str) -> float | None:
    local, _, domain = match.group(1).rpartition("@")
    if _RESERVED_DOMAIN.search(domain) or _SERVICE_LOCAL.match(local):
        return None
    if text[max(0, match.start() - 3) : match.start()].endswith("://") and (
        len(local) >= 20 or URL_KEY.fullmatch(local)
    ):
        return None  # a key in a URL's user part (scheme://key@host), not a mailbox
    return 0.95


@register("regex.email.v1")
def email_recognizer() -> PatternRecognizer:
    return PatternRecognizer("regex.email.v1", labels.EMAIL, _EMAIL, _validate_email, group=1)


# --- PHONE -------------------------------------------------------------------------

# Candidates: an optional international prefix, then digit groups joined by single
# separators. phonenumbers decides; the regex only has to be generous and cheap.
_PHONE_CANDIDATE = regex.compile(
    rf"(?<!{WORD}|[+\-./:#@$])"
    r"(?:\+\s?|00(?=[1-9]))?"
    r"(?:\(\+?\d{1,5}\)\s?|\d)"
    r"(?:(?:[ \-./]|\s?\(|\)\s?)?\d){5,17}"
    r"(?:[ \t]?(?:x|ext\.?|extension)[ \t]?\d{1,6})?"
    rf"(?!{WORD}|[/@]|-\d|\.\d|:\d)",
    regex.IGNORECASE,
)
_EXTENSION = regex.compile(r"[ \t]?(?:x|ext\.?|extension)[ \t]?\d{1,6}$", regex.IGNORECASE)
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
        *PHONE_WORDS_ABROAD,
    ]
)
# Words that say a number is dialled, whatever identifier the sentence also names ("call
# the NHS on ..."). ("number" is not one: "NHS number" names the id.)
_PHONE_CUE = compile_words(
    ["phone", "tel", "telephone", "mobile", "cell", "call", "fax", "whatsapp", "sms",
     "landline", "hotline", "helpline", "téléphone", "telefon", "telefono", "teléfono",
     "handy", "móvil", *PHONE_WORDS_ABROAD]
)  # fmt: skip
_PHONE_AFTER = regex.compile(
    r"^[\s\-:(]*(?:office|desk|fax|mobile|cell|home|work|phone|tel|direct|landline|whatsapp)\b"
)
_VERSION_BEFORE = regex.compile(r"(?:build|version|\bv|release|\bkb)[\s:=\"']*$")
# Product and publication numbers: "an ISBN-10 like 0306406152" is a book.
_CATALOGUE_NUMBER = regex.compile(r"\b(?:isbn|issn|ean|upc|gtin|asin|sku)\b")
# Batch and order ids that start with a date: "20240605-0007".
_DATED_ID = regex.compile(r"^(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\D")
# Identity numbers' written shapes that no numbering plan uses: a birth date and a serial
# (DDMMYY-NNNN in Denmark), six digits and four (a Swedish personnummer or
# organisationsnummer), 3-2-5 (a Korean business number; 3-2-4, the SSN's, is _NOT_A_PHONE's), or a
# last group of one digit after a space (an Australian Medicare card's "2123 45670 1"). A
# phone's own suffix is dashed ("030 12345-0"), not spaced.
_ID_SHAPED = regex.compile(
    r"^(?:(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])\d\d-\d{4}|[1-9]\d{5}-\d{4}|\d{3}-\d{2}-\d{5})$"
    r"|.* \d$"
)
_HEX_GROUP = regex.compile(r"\b[0-9a-f]{4}\b")


def _in_hex_dump(text: str, position: int) -> bool:
    """Lines of 4-digit hex groups (xxd, hexdump) are bytes, not phone numbers. (Such a
    line is short: only 120 characters either side are read.)"""
    line_start, line_end = line_bounds(text, position, 120)
    line = text[line_start:line_end].lower()
    groups = _HEX_GROUP.findall(line)
    return len(groups) >= 4 and any(not g.isdigit() for g in groups)


# Shapes that are something else: dates, SSNs, times, versions, and dotted quads, which
# are IP-shaped even when out of range ("256.256.256.256"); a leading trunk 0 is a phone.
_NOT_A_PHONE = regex.compile(
    r"^(?:\d{4}[\-./]\d{1,2}[\-./]\d{1,2}|\d{1,2}[\-./]\d{1,2}[\-./]\d{2,4}|\d{3}-\d{2}-\d{4}"
    r"|\d{1,2}(?:\.\d{1,3}){2,3}|[1-9]\d{0,2}(?:\.\d{1,3}){3})$"
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
    "EE",
    "LV",
    "LT",
)
# Populous numbering plans whose numbers are written nationally, with a trunk prefix
# ("0917 123 4567" in the Philippines) or without one (Chinese mobiles). Tried only for a
# number that opens with a trunk digit or has a phone cue: each region is a parse.
MORE_PHONE_REGIONS = (
    # Luxembourg's plan has no trunk prefix and numbers of 4 to 11 digits: nearly any digit
    # run (an ABN, a Steuer-ID, a BRN) is valid there, so only a phone word admits it.
    "LU",
    "PH",
    "CN",
    "ID",
    "PK",
    "BD",
    "NG",
    "EG",
    "TR",
    "RU",
    "UA",
    "KR",
    "TW",
    "TH",
    "VN",
    "MY",
    "KE",
)


def _written_nationally(number: phonenumbers.PhoneNumber, digits: str, region: str) -> bool:
    """Whether ``digits`` are how people in ``region`` write this number: its national
    format per phonenumbers' metadata (which carries the trunk prefix where one is dialled,
    "01 11 11 11 11" in France), the trunk prefix + the number, or the bare number where the
    plan makes the prefix optional (US "415 867 5309", Indian mobiles "98765 43210")."""
    significant = str(number.national_number)
    return digits in _national_forms(region, significant)


@functools.lru_cache(maxsize=4096)
def _national_forms(region: str, significant: str) -> frozenset[str]:
    # Read from the metadata directly: format_number compiles its patterns through `re`,
    # whose small cache the many regions' patterns keep evicting.
    metadata = phonenumbers.PhoneMetadata.metadata_for_region(region)
    prefix = metadata.national_prefix or ""
    forms = {prefix + significant}
    number_format = _number_format(metadata, significant)
    rule = number_format.national_prefix_formatting_rule if number_format else None
    if not rule or "\\1" not in rule:
        forms.add(significant)
        return frozenset(forms)
    head, _, tail = rule.partition("\\1")
    forms.add(_digits(head) + significant + _digits(tail))
    if number_format.national_prefix_optional_when_formatting:
        forms.add(significant)
    return frozenset(forms)


def _number_format(
    metadata: phonenumbers.PhoneMetadata, significant: str
) -> phonenumbers.NumberFormat | None:
    # The first format that applies, as phonenumbers itself picks one.
    for number_format in metadata.number_format:
        leading = number_format.leading_digits_pattern
        if leading and not _compiled(leading[-1]).match(significant):
            continue
        if _compiled(number_format.pattern).fullmatch(significant):
            return number_format
    return None


@functools.cache
def _compiled(pattern: str) -> regex.Pattern[str]:
    return regex.compile(pattern)


def _digits(value: str) -> str:
    return "".join(filter(str.isdigit, value))


class PhoneParse(NamedTuple):
    """What phonenumbers makes of a candidate: valid in some region per its metadata and
    written as that region writes it; at least of a possible length (made-up numbers in
    real formats are common in forms and tests); for a national number, whether it opens
    with the region's trunk prefix, which a bare digit run only has when it is dialled;
    and the region it is valid in."""

    valid: bool
    possible: bool
    trunk: bool = False
    region: str | None = None


_NOT_PARSED = PhoneParse(False, False)
# E.123's international notation: "+", a country code, then groups parted by spaces.
_E123_INTERNATIONAL = regex.compile(r"\(?\+\d{1,3}\)?(?:[ \u00a0]\d{2,6}){2,4}")


def _parse_phone(candidate: str, wide: bool) -> PhoneParse:
    international = candidate.startswith(("+", "00", "(+"))
    regions = (None,) if international else PHONE_REGIONS + (MORE_PHONE_REGIONS if wide else ())
    probe = "+" + candidate[2:] if candidate.startswith("00") else candidate
    digits = "".join(filter(str.isdigit, candidate))
    possible = False
    for region in regions:
        try:
            number = phonenumbers.parse(probe, region)
        except phonenumbers.NumberParseException:
            continue
        if len(set(str(number.national_number))) == 1:
            return _NOT_PARSED  # 111 111 111: nobody's number
        possible = possible or phonenumbers.is_possible_number(number)
        if not phonenumbers.is_valid_number(number):
            continue
        if region is None:
            return PhoneParse(True, True, region=phonenumbers.region_code_for_number(number))
        if _written_nationally(number, digits, region):
            prefix = phonenumbers.PhoneMetadata.metadata_for_region(region).national_prefix
            return PhoneParse(True, True, bool(prefix) and digits.startswith(prefix), region)
    return PhoneParse(False, possible)


_EMAIL_ON_LINE = regex.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")


def _on_a_contact_line(text: str, start: int, end: int) -> bool:
    """The number shares its line with an e-mail address, as a signature or a CV's header
    writes contact details ("jo@x.com | +44 7700 900412 | github.com/jo")."""
    line_start = text.rfind("\n", max(0, start - 200), start) + 1
    line_end = text.find("\n", end, end + 200)
    line = text[line_start : line_end if line_end >= 0 else min(len(text), end + 200)]
    return _EMAIL_ON_LINE.search(line) is not None


class PhoneRecognizer:
    """Phone numbers in international and national formats, validated by phonenumbers."""

    name = "phonenumbers.phone.v1"
    labels = (labels.PHONE,)

    def find(self, text: str) -> list[Span]:
        spans = []
        for match in _PHONE_CANDIDATE.finditer(text):
            candidate = match.group(0)
            number_part = _EXTENSION.sub("", candidate)
            digits = sum(c.isdigit() for c in number_part)
            if not 7 <= digits <= 15 or _NOT_A_PHONE.match(number_part):
                continue
            before = context_before(text, match.start(), 40)
            if _VERSION_BEFORE.search(before) or _in_hex_dump(text, match.start()):
                continue
            if _CATALOGUE_NUMBER.search(before):
                continue
            if regex.fullmatch(r"\d+\.\d+", number_part) or _DATED_ID.match(number_part):
                continue  # a decimal number, or an id that starts with a date
            if not _PHONE_CUE.search(before) and (
                _ID_SHAPED.match(number_part)
                # "23 020466 D183": the digits of a longer identifier
                or identifier_goes_on(text, match.start(), match.start() + len(number_part))
                # "ABN 51 824 753 557": the shape of the identifier named, failing its check
                or named_but_invalid(text, match.start(), match.start() + len(number_part))
            ):
                continue
            after = text[match.end() : match.end() + 16].lower()
            has_context = bool(
                _PHONE_CONTEXT.search(before)
                or _PHONE_AFTER.match(after)
                # an international number beside an e-mail address: a signature's line
                or (
                    candidate.startswith(("+", "00", "(+"))
                    and _on_a_contact_line(text, match.start(), match.end())
                )
            )
            wide = has_context or number_part.lstrip("(").startswith(("0", "8"))
            valid, possible, trunk, region = _parse_phone(number_part, wide)
            if not possible:
                continue
            check = f"phonenumbers: valid in {region}" if valid else "phonenumbers: possible length"
            formatted = candidate.startswith(("+", "(", "00")) or not candidate.isdigit()
            if valid and has_context:
                score = 0.9
            elif valid and (formatted or trunk):
                # A bare run that opens with a trunk prefix and is valid in that plan
                # ("09171234567") is dialled, not counted.
                score = 0.75
            elif (has_context and (formatted or valid)) or _E123_INTERNATIONAL.fullmatch(
                number_part
            ):
                # Not a number any carrier hands out, but written and labelled as one, or
                # written as E.123 writes an international number ("+44 7700 900412": a
                # plus, the country code and groups), which nothing but a phone number is
                score = 0.6
            else:
                # A bare digit run could be an id, an amount or a timestamp.
                score = 0.4
            spans.append(Span(match.start(), match.end(), labels.PHONE, score, self.name, check))
        return spans


register("phonenumbers.phone.v1")(PhoneRecognizer)


# --- USERNAME ----------------------------------------------------------------------

_HANDLE = regex.compile(
    rf"(?<!{WORD}|[@.+\-/])@([A-Za-z0-9_](?:[A-Za-z0-9_.\-]{{0,38}}[A-Za-z0-9_])?)"
    rf"(?!{WORD}|[@/\-]|\.\w)"
)
# Where logs and paths name the account: "for user jdoe", 'for user "jdoe"', "runs as user
# jdoe", "/home/jdoe/", "user=jdoe".
_LOG_CUES = (
    r"\b(?:for|of|by)\s+(?:invalid\s+)?user\s+[\"']?"
    r"|\bas\s+user\s+[\"']?"
    r"|\bAccepted\s+(?:publickey|password|keyboard-interactive\S*)\s+for\s+"
    r"|\b(?:user|username|login|owner|uid|author)\s*[=:]\s*[\"']?"
    r"|\bssh\b[^\n]{0,40}?\bas\s+"
    r"|/home/|/Users/|\\Users\\"
)
_ACCOUNT_IN_LOGS = regex.compile(
    rf"(?:{_LOG_CUES})([A-Za-z_](?:{WORD}|[.\-]){{1,31}})(?<![.\-])",
    regex.IGNORECASE,
)
# A piece of each of the cues above: "/Users/" and "username" hold "user".
_ACCOUNT_IN_LOGS_NEEDLES = needles(
    "user", "Accepted", "login", "owner", "uid", "author", "ssh", "/home/"
)  # fmt: skip
_NAMED_USERNAME = regex.compile(
    r"\b(?:(?:user\s?name|user\s?id|screen\s?name|gamertag|"
    r"benutzername|nom d'utilisateur|usuario|nome utente)"
    r"(?:\s+(?:is|was))?\s*(?:[:=]\s*|\s)"
    # "handle" and "login" are verbs too ("handle migration"): they need "is", a colon or
    # a value shaped like a handle ("login jlaurent-dev" in a .netrc); a bank's "account
    # name" is its holder's, so only a label's value with no name after it
    r"|(?:login|handle)(?:\s+(?:is|was)\s+|\s*[:=]\s*|\s+(?=[A-Za-z0-9]*[0-9_.\-]))"
    r"|account\s+name\s*[:=]\s*(?![A-Za-z0-9_.\-]+ \p{Lu}\p{Ll}+(?:[\s,.;]|$)))"
    r"[\"'`]?([A-Za-z0-9_.\-]{3,32})(?<![.\-])",
    regex.IGNORECASE,
)
# An account the writer says is theirs: "my Crunchyroll account (kitsune_88)", "our
# Steam id: x_wolf_x". The value must be shaped like a handle (a digit, an underscore or
# an inner dot or dash) unless quoted: "my Google account is locked" names no account.
_OWN_ACCOUNT = regex.compile(
    r"\b(?:my|our)\s+(?:[\w+\-]+\s+){0,2}?"
    r"(?:account|profile|user\s?name|user\s?id|id|handle|gamertag|tag|login|alias|nick(?:name)?)"
    r"(?:\s+(?:is|was|name)|\s*[:=(]|\s+-)\s*(?P<quote>[\"'`]?)"
    r"(?P<value>[A-Za-z0-9][A-Za-z0-9_.\-]{2,31})(?<![.\-])(?P=quote)",
    regex.IGNORECASE,
)
_HANDLE_SHAPE = regex.compile(r"[0-9_]|[A-Za-z0-9][.\-][A-Za-z0-9]")
# Platforms whose accounts people give by name in chat.
_PLATFORM = (
    r"(?:discord|twitch|steam|xbox|psn|playstation|nintendo|switch|insta|instagram|ig|"
    r"snap|snapchat|tiktok|twitter|x|threads|bluesky|bsky|telegram|signal|kik|skype|"
    r"reddit|github|gitlab|roblox|minecraft|fortnite|epic|battle\.?net|riot|venmo|cashapp|"
    r"paypal|strava|letterboxd|goodreads|duolingo|chess\.com|lichess|"
    # where people post, review and sell under a handle
    r"facebook|fb|linkedin|youtube|whatsapp|pinterest|tumblr|mastodon|patreon|tripadvisor|"
    r"trustpilot|yelp|google|ebay|etsy|vinted|depop)"
)
# "my discord is wolfie_22", "my IG: ana.silva92", "I'm kitsune_88 on Twitch", "add me on
# steam, x_wolf_x": a platform named with a handle-shaped value.
_PLATFORM_ACCOUNT = regex.compile(
    rf"\b(?:my|our)\s+{_PLATFORM}(?:\s+(?:name|handle|user\s?name|id|tag|account))?"
    r"(?:\s+(?:is|was)|\s*[:=]|\s+-)\s*(?P<quote>[\"'`]?)"
    r"(?P<value>[A-Za-z0-9][A-Za-z0-9_.\-]{2,31})(?<![.\-])(?P=quote)"
    r"|\b(?:i'?m|i\s+am|find\s+me\s+as|add\s+me\s*[:,]?|follow\s+me\s*[:,]?)\s+"
    rf"(?P<value2>[A-Za-z0-9][A-Za-z0-9_.\-]{{2,31}})(?<![.\-])\s+on\s+{_PLATFORM}\b",
    regex.IGNORECASE,
)
# Someone else's account named beside its platform: "someone on Discord called
# glimmerfox_77", "a player named x_wolf_x on Roblox". Only values shaped like a handle.
_NAMED_ON_PLATFORM = regex.compile(
    rf"\b{_PLATFORM}\b[^.\n!?]{{0,60}}?\b(?:called|named|goes\s+by|going\s+by)\s+"
    r"(?P<quote>[\"'`]?)(?P<value>[A-Za-z0-9][A-Za-z0-9_.\-]{2,31})(?<![.\-])(?P=quote)"
    r"|\b(?:called|named|goes\s+by|going\s+by)\s+[\"'`]?"
    rf"(?P<value2>[A-Za-z0-9][A-Za-z0-9_.\-]{{2,31}})(?<![.\-])[\"'`]?\s+on\s+{_PLATFORM}\b",
    regex.IGNORECASE,
)
_DISCORD_CONTEXT = compile_words(["discord", "tag", "battletag", "battle.net", "add me"])
# An account given beside its platform: "I stream on Twitch as lunar_moth", "me
# (grimbok) on Discord".
_ON_PLATFORM_AS = regex.compile(
    rf"\bon\s+{_PLATFORM}\s+as\s+(?P<quote>[\"'`]?)"
    r"(?P<value>[A-Za-z0-9][A-Za-z0-9_.\-]{2,31})(?<![.\-])(?P=quote)"
    r"|\((?P<value2>[A-Za-z0-9][A-Za-z0-9_.\-]{2,31})(?<![.\-])\)\s+on\s+"
    rf"{_PLATFORM}\b",
    regex.IGNORECASE,
)
# A word no language writes: joined by an underscore ("kitsune_88", "Mags_Jr", "Rook_"),
# or humps of capitals ending in digits ("RassilonRex77"). Outside code, in a text about
# life online, that is a handle. (Not SHOUTING_CASE, an environment variable, nor a word
# before "(", "=" or ":", a function, an argument or a key.)
_HANDLE_SHAPED_WORD = regex.compile(
    r"(?<![\w@#/.\-])(?![\p{Lu}\d_]+\b)"
    r"(?:[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*|[A-Z]?[a-z]+(?:[A-Z][a-z]+)+\d{1,4})"
    r"(?![\w@/\-]|\.\w|\s*[(=:])"
)
# (games and social platforms, not words of code: "server", "stream", "GitHub")
_ONLINE_LIFE = regex.compile(
    r"\b(?:discord|twitch|steam|xbox|psn|playstation|instagram|insta|snapchat|tiktok|"
    r"twitter|bluesky|telegram|reddit|subreddit|roblox|minecraft|fortnite|battle\.?net|"
    r"chess\.com|lichess|youtube|gamertag|user\s?name|guild|forum|clan|lobby|"
    r"streamer|streaming|mods?|moderators?)\b",
    regex.IGNORECASE,
)
# Reddit's u/name (3-20 of [A-Za-z0-9_-]) and Discord's legacy name#1234 tag (its
# platform named before it, or within a few words after: "Thaladriel#2291 on Battle.net").
_TAG_REACH_AFTER = 20
_FORMATTED_HANDLE = regex.compile(
    rf"(?<!{WORD}|[/.])/?u/([A-Za-z0-9_\-]{{3,20}})(?!{WORD}|/)"
    rf"|(?<!{WORD}|[@#])([A-Za-z0-9_.]{{2,32}}#\d{{4}})(?!{WORD})"
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
_SURNAME_FOLLOWS = regex.compile(r"[ \t]+[A-Z][a-z]")
_GENERIC_USERNAMES = frozenset(
    [
        "www-data",
        "nobody",
        "daemon",
        "nginx",
        "apache",
        "git",
        "jenkins",
        "runner",
        "deploy",
        "app",
        "service",
        "system",
        "shared",
        "public",
        "local",
        "bin",
        "sbin",
    ]
) | frozenset(
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


# Code comments sign work with an author's login: "TODO(rkhanna): ...", "FIXME(j.doe)"
# (the convention of Google's style guides and of most linters' TODO checks).
_TODO_OWNER = regex.compile(
    r"\b(?:TODO|FIXME|XXX|HACK|BUG|NOTE|OPTIMIZE|REVIEW)\(([A-Za-z][\w.\-]{1,38}|@[\w.\-]{2,39})\)"
)


# The account of an ssh, scp or rsync destination, by OpenSSH's "[user@]host" grammar:
# "rsync -avz ./build/ deploy_mp@$h:/srv/", "ssh ravi_k@10.0.4.17".
_REMOTE_LOGIN = regex.compile(
    r"\b(?:ssh|scp|rsync|sftp|mosh|ssh-copy-id)\b[^\n|;&]{0,120}?(?<![\w.\-@/])"
    r"([A-Za-z_][\w.\-]{0,31})(?<![.\-])@(?=[\w$\[{\"'])"
)
# The account a URL logs in as (RFC 3986's userinfo): "postgres://ravi_k:...@db:5432",
# "ftp://jdoe@files.example.org"; its password is the secrets recognizer's. A person's
# account, by the name it holds; a service's ("billing", "shopfront_app") is no one's.
_URL_USER = regex.compile(
    r"\b[A-Za-z][A-Za-z0-9+.\-]{1,15}://([A-Za-z0-9_.\-%]{2,64})(?::[^@\s/]*)?@"
)
# The owner of an image, a package or a repository, where a registry's path or an npm
# scope puts it: "ghcr.io/okoro-tunde/farmgate-api", "@lisa-simpson-dev/invoice-tool".
# An owner the encyclopedia knows, or whose project it knows ("docker.io/library/nginx",
# "@angular/core", "ghcr.io/home-assistant/home-assistant"), is a public project's.
_REGISTRY_OWNER = regex.compile(
    r"(?<![\w.\-])(?:ghcr\.io|docker\.io|index\.docker\.io|quay\.io|gcr\.io|"
    r"registry\.gitlab\.com|hub\.docker\.com/r|[a-z\-]+\.pkg\.dev/[\w\-]+)/"
    r"(?P<owner>[A-Za-z0-9][A-Za-z0-9_.\-]{1,38})/(?P<project>[A-Za-z0-9][\w.\-]*)"
    r"|(?<![\w@/.\-])@(?P<scope>[a-z0-9][a-z0-9_.\-]{1,38})/(?P<package>[a-z0-9][\w.\-]*)"
)


def _public_project(owner: str, project: str) -> bool:
    from veil.rules.knowledge import knowledge

    index = knowledge()
    words = (owner, project, project.replace("-", " "), owner.replace("-", " "))
    return owner.lower() in ("library", "_") or any(index.is_known(w) for w in words)


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
        logs = may_contain(text, _ACCOUNT_IN_LOGS_NEEDLES)
        for match in _ACCOUNT_IN_LOGS.finditer(text) if logs else ():
            value = match.group(1)
            if value.lower() in _GENERIC_USERNAMES or value.lower() in _AT_WORDS:
                continue
            if value[:1].isupper() and _SURNAME_FOLLOWS.match(text, match.end(1)):
                continue  # "User: Vilma Holm" is a person's name, not an account
            if text.startswith("(", match.end(1)):
                continue  # "user = get_user()": a call, not a value
            spans.append(Span(*match.span(1), labels.USERNAME, 0.7, self.name))
        for match in _NAMED_USERNAME.finditer(text):
            value = match.group(1)
            if value.lower() in _GENERIC_USERNAMES or not regex.search(r"[A-Za-z]", value):
                continue
            start, end = match.span(1)
            spans.append(Span(start, end, labels.USERNAME, 0.75, self.name))
        # ("u/" or a tag's "#" in every match: most texts have neither)
        handles = _FORMATTED_HANDLE.finditer(text) if "u/" in text or "#" in text else ()
        for match in handles:
            group = 1 if match.group(1) else 2
            if group == 2 and not (
                _DISCORD_CONTEXT.search(context_before(text, match.start()))
                or _DISCORD_CONTEXT.search(text, match.end(), match.end() + _TAG_REACH_AFTER)
            ):
                continue  # "ticket#1234" is a ticket: a tag needs its platform named
            start, end = match.span(group)
            if group == 1:
                start -= len("u/")  # the handle as Reddit writes it: "u/name"
            spans.append(Span(start, end, labels.USERNAME, 0.8, self.name))
        for match in _TODO_OWNER.finditer(text):
            spans.append(Span(*match.span(1), labels.USERNAME, 0.8, self.name))
        first_names = known_name_words()[0]
        for speaker in transcripts.speakers(text, first_names):
            # a chat's speaker by a handle ("[21:14] xXDarkReaperXx: raid tmrw")
            if transcripts.handle_shaped(speaker.value, first_names):
                spans.append(Span(speaker.start, speaker.end, labels.USERNAME, 0.8, self.name))
        for match in _REMOTE_LOGIN.finditer(text) if "@" in text else ():
            if match.group(1).lower() not in _GENERIC_USERNAMES:
                spans.append(Span(*match.span(1), labels.USERNAME, 0.8, self.name))
        for match in _URL_USER.finditer(text) if "://" in text else ():
            if match.group(1).lower() not in _GENERIC_USERNAMES and holds_a_name(match.group(1)):
                spans.append(Span(*match.span(1), labels.USERNAME, 0.8, self.name))
        for match in _REGISTRY_OWNER.finditer(text) if "/" in text else ():
            owner = "owner" if match.group("owner") else "scope"
            value, project = match.group(owner), match.group("project") or match.group("package")
            if _public_project(value, project):
                continue
            # (an owner is a team's or a firm's as often: a person's by the name it holds,
            # or as the text names it apart: "@lisa-simpson-dev/... lisa-simpson-dev is me")
            named = named_apart(text, value, match.start(owner))
            if not (named or (spells_a_name(value) if owner == "scope" else holds_a_name(value))):
                continue
            spans.append(Span(*match.span(owner), labels.USERNAME, 0.75, self.name))
        if _ONLINE_LIFE.search(text):
            code = code_map(text)
            for match in _HANDLE_SHAPED_WORD.finditer(text):
                if not code.in_code(match.start(), match.end()):
                    spans.append(Span(*match.span(), labels.USERNAME, 0.7, self.name))
        # Accounts the writer claims: a value shaped like a handle, or quoted.
        for pattern in (_PLATFORM_ACCOUNT, _OWN_ACCOUNT, _NAMED_ON_PLATFORM, _ON_PLATFORM_AS):
            for match in pattern.finditer(text):
                group = "value" if match.group("value") else "value2"
                value = match.group(group)
                if value.lower() in _GENERIC_USERNAMES or not regex.search(r"[A-Za-z]", value):
                    continue
                quoted = match.group("quote") if group == "value" else None
                coined = pattern is not _NAMED_ON_PLATFORM and _coined(value)
                if not (quoted or _HANDLE_SHAPE.search(value) or coined):
                    continue
                spans.append(Span(*match.span(group), labels.USERNAME, 0.75, self.name))
        return spans


def _coined(value: str) -> bool:
    """A lower-case word no encyclopedia has, long enough to be made up: a handle people
    write as one word ("my twitch is lunarmothgames"), not "my twitch is down"."""
    from veil.rules import knowledge

    return value.islower() and len(value) >= 6 and not knowledge.knowledge().is_known(value)


_DECORATOR_LINE = regex.compile(r"@[\w.]+(?:\(|\s*$)")


def _is_decorator(text: str, at: int) -> bool:
    # "@name" opening a line of code: a decorator or annotation.
    line_start, line_end = line_bounds(text, at, 200)
    return text[line_start:at].strip() == "" and bool(_DECORATOR_LINE.match(text[at:line_end]))


register("regex.username.v1")(UsernameRecognizer)
