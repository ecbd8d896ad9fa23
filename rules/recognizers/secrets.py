"""SECRET: provider keys and tokens, JWTs, private keys, and passwords in config.

Provider formats are matched by their published prefixes; assignments are matched by a
secret-like key name, and then only the value is labelled, never the key.
"""

from __future__ import annotations

import math
from collections import Counter

import regex

from veil.rules import labels
from veil.rules.pattern import WORD, context_before
from veil.rules.registry import register
from veil.rules.spans import Span

_BOUNDARY_BEFORE = r"(?<![A-Za-z0-9_\-+/])"
_BOUNDARY_AFTER = r"(?![A-Za-z0-9_\-])"

# Token formats with a fixed, documented prefix: a match is a secret by itself.
_PROVIDER_TOKENS = regex.compile(
    _BOUNDARY_BEFORE
    + r"(?:"
    + "|".join(
        [
            r"(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}",  # AWS access key id
            r"gh[pousr]_[A-Za-z0-9]{36,251}",  # GitHub tokens
            r"github_pat_[A-Za-z0-9_]{22,255}",  # GitHub fine-grained PAT
            r"glpat-[A-Za-z0-9_\-]{20,}",  # GitLab
            r"sk-ant-(?:api|admin|sid)\d{2}-[A-Za-z0-9_\-]{20,}",  # Anthropic
            r"sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_\-]{20,}",  # OpenAI project keys
            r"sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}",  # OpenAI legacy
            r"sk-[A-Za-z0-9]{32,}",  # OpenAI-style secret keys (also DeepSeek, etc.)
            r"xox[abposer]-[A-Za-z0-9\-]{10,}",  # Slack tokens
            r"xapp-\d-[A-Z0-9]+-\d+-[a-f0-9]+",  # Slack app-level token
            r"https://hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/_\-]{20,}",
            r"https://discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_\-]+",
            r"AIza[0-9A-Za-z_\-]{35}",  # Google API key
            r"ya29\.[0-9A-Za-z_\-]{20,}",  # Google OAuth access token
            r"GOCSPX-[A-Za-z0-9_\-]{20,}",  # Google OAuth client secret
            r"(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}",  # Stripe secret / restricted
            r"whsec_[A-Za-z0-9]{24,}",  # Stripe webhook secret
            r"SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}",  # SendGrid
            r"key-[0-9a-f]{32}",  # Mailgun
            r"SK[0-9a-f]{32}",  # Twilio API key
            r"npm_[A-Za-z0-9]{36}",  # npm
            r"pypi-AgE[A-Za-z0-9_\-]{50,}",  # PyPI
            r"hf_[A-Za-z0-9]{30,}",  # Hugging Face
            r"dop_v1_[a-f0-9]{64}",  # DigitalOcean
            r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}",  # Shopify
            r"sq0(?:atp|csp)-[0-9A-Za-z_\-]{22,}",  # Square
            r"EAA[A-Za-z0-9]{80,}",  # Facebook/Meta access token
            r"AC[0-9a-f]{32}(?=.{0,40}(?:auth|token))",  # Twilio SID next to its token
            r"\d{8,10}:AA[A-Za-z0-9_\-]{33}",  # Telegram bot token
            r"(?:M|N|O)[A-Za-z\d_\-]{23,25}\.[A-Za-z\d_\-]{6}\.[A-Za-z\d_\-]{27,38}",  # Discord
            r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{0,}",  # JWT
            r"AccountKey=[A-Za-z0-9+/=]{40,}",  # Azure storage
            r"(?:age1|AGE-SECRET-KEY-1)[A-Z0-9a-z]{50,}",  # age keys
            # Microsoft Entra ID (Azure AD) client secret: 3 characters, a digit, "Q~",
            # then 31-34 more from [A-Za-z0-9_~.-] (Microsoft's published secret shape).
            r"[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{30,33}[A-Za-z0-9_~\-](?![~.][A-Za-z0-9_~\-])",
            r"ntn_\d{11}[A-Za-z0-9]{35}",  # Notion integration token (since 2024)
            # Sourcegraph access token: v2 "sgp_" + 40 hex; v3 adds an instance id or "local".
            r"sgp_(?:(?:[0-9a-fA-F]{16}|local)_)?[0-9a-fA-F]{40}",
        ]
    )
    + r")"
    + _BOUNDARY_AFTER
)

# Providers' documentation keys end in EXAMPLE (AKIAIOSFODNN7EXAMPLE): never live.
_DOCUMENTATION_KEY = regex.compile(r"EXAMPLE(?:KEY)?$")

_PEM_PRIVATE_KEY = regex.compile(
    r"-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY(?: BLOCK)?-----"
    r"[\s\S]*?-----END \1PRIVATE KEY(?: BLOCK)?-----"
)

# KEY=value, KEY: value, "key": "value", key = 'value', --password value
_SECRET_KEY_NAME = (
    r"[A-Za-z0-9_.\-]{0,64}(?:password|passwd|passphrase|pwd|pass|secret|token|api[_\-]?key|"
    r"apikey|access[_\-]?key|private[_\-]?key|client[_\-]?secret|auth|credentials?|"
    r"signing[_\-]?key|encryption[_\-]?key|master[_\-]?key|session[_\-]?key|salt|"
    r"session|sessionid|sid|csrftoken|cookie|"
    r"passwort|kennwort|mot[_\-]?de[_\-]?passe|contraseña|senha)[A-Za-z0-9_.\-]{0,64}"
)
_ASSIGNMENT = regex.compile(
    rf"(?<!{WORD})[\"']?({_SECRET_KEY_NAME})[\"']?"
    r"(?:[ \t]*(?:=|:=|:|=>|->)[ \t]*|[ \t]*,?[ \t]+(?=[\"']))"
    r"(?:[\"']([^\"'\n]++)[\"']|([^\s\"',;}]++))",
    regex.IGNORECASE,
)
_CLI_FLAG = regex.compile(
    rf"(?<!{WORD})--?(?:password|passwd|pass|token|api-key|secret|client-secret)[ =]"
    r"[\"']?([^\s\"']{3,})",
    regex.IGNORECASE,
)
# scheme://user:password@host — only the password.
# (The user may be empty, "redis://:pw@host", or an email, "smtp://me@x.de:pw@host".)
_CONNECTION_STRING = regex.compile(
    r"(?<![A-Za-z0-9+.\-])[a-z][a-z0-9+.\-]{1,20}://[^\s:/]{0,64}:([^\s/]+)@[^\s/@:]+(?=[:/?\s\"']|$)",
    regex.IGNORECASE,
)
# scheme://<key>@host: a key in the user part (Sentry DSNs, some webhooks).
_URL_USER_KEY = regex.compile(
    r"(?<![A-Za-z0-9+.\-])[a-z][a-z0-9+.\-]{1,20}://([A-Za-z0-9_\-]{20,})@[\w.\-]+"
)
# "Password: hunter2" in prose, and Server=...;Password=...; in .NET connection strings.
_PROSE_PASSWORD = regex.compile(
    rf"(?<!{WORD})(?:(?:password|passwort|mot de passe|contraseña|senha|wachtwoord|pwd)"
    r"(?:\s+for\s+[\w\-]+)?(?:\s+(?:is|was|ist|est|es|è)|\s*[:=])"
    r"|(?:pin|PIN)(?:\s*(?:code|number))?(?:\s+(?:is|was)|\s*[:=]))"
    r"\s*[\"'`]?([^\s\"'`@;]{4,})",  # ";" ends Password=...; in connection strings
    regex.IGNORECASE,
)
_PROSE_NOT_PASSWORDS = frozenset(
    {"reset", "for", "manager", "policy", "change", "protected", "field", "hash", "the", "your"}
)

# Key names whose values are settings, not secrets (MAX_TOKENS=4096, TOKEN_TTL=3600).
_SETTING_KEY = regex.compile(
    r"(?:^|[_.\-])(?:max|min|limit|ttl|expiry|expires|expiration|timeout|length|len|size|"
    r"count|name|names|path|file|header|type|url|uri|endpoint|id|enabled|enable|required|"
    r"policy|prefix|format|algorithm|algo|mode|field|param|usage|budget|rounds|version|hint|"
    r"reset|strength|rotation|provider|store|env|var|label|input|placeholder)(?:$|[_.\-])",
    regex.IGNORECASE,
)
_TOKENIZER_WORDS = regex.compile(
    r"tokeni[sz]|tokens|author|oauth[_.\-]?url|passenger|bypass|"
    r"compass|passive|passage|password[_.\-]?(?:reset|hash)",
    regex.I,
)
# Values that point at a secret rather than contain one.
_PLACEHOLDER_VALUE = regex.compile(
    r"^(?:\$\{?[\w:\-]+\}?|\{\{.*\}\}|<[^>]*>|%\(?\w+\)?s?|\*+|x{3,}|\.{3}|…|"
    r"(?:os\.|process\.|env\.|ENV\[|getenv|secrets\.|settings\.|config\.|vault:|ref\+|"
    r"!Ref|!Sub|\$\().*|"
    r"null|none|nil|true|false|undefined|changeme|change[_\-]?me|your[_\-\w]*|"
    r"replace[_\-\w]*|example[_\-\w]*|dummy|redacted|hidden|secret|password|token|"
    r"required|optional|string|str|\[redacted\]|\*\*\*\*)$",
    regex.IGNORECASE,
)
# Also inside identifiers: signingKey, apiToken, db_secret.
_SECRET_CONTEXT = regex.compile(
    r"token|secret|api.?key|key\b|key[^a-z]|password|passwd|credential|bearer|authori[sz]ation|"
    r"\bauth|private|passphrase|signing|salt",
    regex.IGNORECASE,
)
_HIGH_ENTROPY = regex.compile(
    rf"(?<!{WORD}|[\-+/=])([A-Za-z0-9+/_\-]{{20,}}={{0,2}})(?!{WORD}|[\-+/=])"
)


def shannon_entropy(value: str) -> float:
    counts = Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


# Words that mark a stand-in when they are a whole piece of the value: sk-your-key-here.
_STAND_IN_PIECE = regex.compile(
    r"(?:^|[_\-.:/])(?:your|here|placeholder|redacted|insert|replace|changeme|dummy|fake|"
    r"sample|example|todo|tbd|fixme)(?:$|[_\-.:/])",
    regex.IGNORECASE,
)
_LONGEST_RUN = regex.compile(r"(.)\1*")


def is_placeholder(value: str) -> bool:
    """A stand-in written where a secret goes: ``<your-key>``, ``ghp_xxxx…``, ``AKIAXXXX…``.

    Judged by shape, not by a list of known values: template syntax, a placeholder word as
    a whole piece, or too little variety for a generated key (real keys of 16+ characters
    never repeat one character for half their length or use only a handful of symbols)."""
    if _PLACEHOLDER_VALUE.match(value) or _STAND_IN_PIECE.search(value):
        return True
    if len(value) < 16:
        return False
    longest = max(len(run.group(0)) for run in _LONGEST_RUN.finditer(value))
    return (longest >= 8 and longest * 2 >= len(value)) or len(set(value)) <= 4


# Code names: camelCase, PascalCase, snake_case, SCREAMING_SNAKE, kebab-case.
_IDENTIFIER_SHAPE = regex.compile(r"[A-Za-z][A-Za-z0-9]*(?:[_\-.][A-Za-z0-9]+)*")
_NAME_PART = regex.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_VOWEL = regex.compile(r"[aeiouy]", regex.IGNORECASE)


def is_code_identifier(value: str) -> bool:
    """A name made of words (``getUserAccountSettingsById``, ``SOME_CONSTANT_NAME``): code
    that refers to a secret, not one. Generated keys split into short, vowel-less pieces
    with digits scattered through them ("Zq8vLr2XwP9s" -> Zq, 8, v, Lr, 2, ...)."""
    if not _IDENTIFIER_SHAPE.fullmatch(value) or sum(c.isdigit() for c in value) > 2:
        return False
    words = [part for part in _NAME_PART.findall(value) if not part.isdigit()]
    if len(words) < 2:
        return False
    long_words = [word for word in words if len(word) >= 3]
    # Mostly real words (2-letter ones like "By", "Id" are fine in moderation)...
    if len(long_words) * 2 <= len(words):
        return False
    # ...that are pronounceable: a word of 5+ letters without a vowel is not a word.
    return all(_VOWEL.search(word) for word in long_words if len(word) >= 5 or word.islower())


def _code_styled_name(value: str) -> bool:
    """camelCase or snake_case: how code names a variable, unlike a passphrase that a person
    types ("CorrectHorseBatteryStaple", "correct-horse-battery-staple")."""
    return is_code_identifier(value) and bool(regex.match(r"[a-z]+[A-Z]|.*_", value))


def _looks_random(value: str) -> bool:
    # Random keys of 20+ characters nearly always hold a digit; "PasswordAuthentication"
    # and other identifiers usually do not.
    has_digit = bool(regex.search(r"\d", value))
    has_letter = bool(regex.search(r"[A-Za-z]", value))
    return has_digit and has_letter and shannon_entropy(value) >= 3.5


def _is_uuid_or_digest(value: str) -> bool:
    return bool(
        regex.fullmatch(
            r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|sha\d+:[0-9a-f]+",
            value,
            regex.IGNORECASE,
        )
    )


# Calls, attribute access and templates: code that fetches a secret, not the secret.
_CODE_EXPRESSION = regex.compile(
    r"^[\w.\[\]]+\(|\)$|^[a-z_]\w*(?:\.[a-z_]\w*)+$|^\[\]byte\(|\w\(|::|->|^\\\w"
)
# Hostnames are where a secret is used, not the secret: "authDomain: app.firebaseapp.com".
_HOSTNAME = regex.compile(r"^(?:[a-z0-9](?:[a-z0-9\-]*[a-z0-9])?\.)+[a-z]{2,24}$", regex.IGNORECASE)


def _is_code_or_hash(value: str) -> bool:
    # UUIDs, git SHAs and digests identify objects, not people, and grant nothing.
    return bool(
        regex.fullmatch(
            r"[0-9a-f]{7,40}|[0-9a-f]{64}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-"
            r"[0-9a-f]{12}|sha\d+:[0-9a-f]+",
            value,
            regex.IGNORECASE,
        )
    )


class SecretRecognizer:
    """API keys, tokens, private keys and passwords; labels values, not their keys."""

    name = "secrets.v1"
    labels = (labels.SECRET,)

    def find(self, text: str) -> list[Span]:
        spans: list[Span] = []

        def add(start: int, end: int, score: float) -> None:
            if end > start:
                spans.append(Span(start, end, labels.SECRET, score, self.name))

        for match in _PROVIDER_TOKENS.finditer(text):
            token = match.group(0)
            if not _DOCUMENTATION_KEY.search(token) and not is_placeholder(token):
                add(*match.span(), 0.99)
        for match in _PEM_PRIVATE_KEY.finditer(text):
            add(*match.span(), 0.99)
        for match in _ASSIGNMENT.finditer(text):
            key = match.group(1)
            group = 2 if match.group(2) is not None else 3
            value = match.group(group).strip()
            if self._is_secret_value(key, value, quoted=group == 2):
                start = match.start(group) + match.group(group).index(value)
                add(start, start + len(value), 0.9)
        for match in _CLI_FLAG.finditer(text):
            value = match.group(1)
            if not is_placeholder(value) and not is_code_identifier(value):
                add(*match.span(1), 0.9)
        for match in _CONNECTION_STRING.finditer(text):
            if not is_placeholder(match.group(1)):
                add(*match.span(1), 0.95)
        for match in _PROSE_PASSWORD.finditer(text):
            value = match.group(1).rstrip(".,;:)]}")
            quoted = text[match.start(1) - 1] in "\"'`"
            if (
                not is_placeholder(value)
                and value.lower() not in _PROSE_NOT_PASSWORDS
                and (quoted or not _code_styled_name(value))
            ):
                add(match.start(1), match.start(1) + len(value), 0.8)
        for match in _URL_USER_KEY.finditer(text):
            key = match.group(1)
            if _looks_random(key) or regex.fullmatch(r"[0-9a-f]{32,}", key):
                add(*match.span(1), 0.9)
        for match in _HIGH_ENTROPY.finditer(text):
            value = match.group(1)
            if "/" in value and value.lower() == value:
                continue  # a path or an import, not base64
            if (
                _looks_random(value)
                and not _is_code_or_hash(value)
                and not is_code_identifier(value)
                and not is_placeholder(value)
            ):
                near = context_before(text, match.start(), 40)
                if _SECRET_CONTEXT.search(near):
                    add(*match.span(1), 0.7)
        return spans

    @staticmethod
    def _is_secret_value(key: str, value: str, quoted: bool) -> bool:
        if not value or is_placeholder(value):
            return False
        if not quoted and _CODE_EXPRESSION.search(value):
            return False  # key = fetch_secret(...): code, not the secret
        if "://" in value or _HOSTNAME.match(value):
            return False  # URLs' passwords and keys are found by the URL rules
        key_lower = key.lower()
        if _TOKENIZER_WORDS.search(key_lower):
            return False
        is_password_key = bool(regex.search(r"pass|pwd|kennwort|contrase|senha", key_lower))
        key_id = bool(regex.search(r"(?:access|secret)[_\-]?key[_\-]?id", key_lower))
        if _SETTING_KEY.search(key) and not is_password_key and not key_id:
            return False
        if is_password_key:
            # password = userPassword: a variable; a quoted string is a literal
            return len(value) >= 3 and (quoted or not _code_styled_name(value))
        if is_code_identifier(value):
            return False  # token = userSessionToken: generated keys are not made of words
        # token/secret/key names: the value must look like a credential, not a number.
        # (Hex is fine here: `openssl rand -hex 32` is how secrets are made.)
        if value.isdigit() or len(value) < 8 or _is_uuid_or_digest(value):
            return False
        return bool(regex.search(r"\d|[^A-Za-z]", value))


register("secrets.v1")(SecretRecognizer)
