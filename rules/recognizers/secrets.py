"""SECRET: provider keys and tokens, JWTs, private keys, and passwords in config.

Provider formats (the table in ``secret_formats``) are matched by their published prefixes
or by a service name in an assignment's key; other assignments are matched by a secret-like
key name, and then only the value is labelled, never the key. Each span's ``validator``
names the rule that accepted it.
"""

from __future__ import annotations

import math
import re
import string
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from veil.rules import labels
from veil.rules import lazy_regex as regex
from veil.rules.pattern import WORD, context_before
from veil.rules.recognizers.secret_formats import RULES, SecretFormat
from veil.rules.registry import register
from veil.rules.spans import Span

_BOUNDARY_BEFORE = r"(?<![A-Za-z0-9_\-+/.])"
_BOUNDARY_AFTER = r"(?![A-Za-z0-9_\-])"


def _trie(words: list[str]) -> str:
    """One pattern for many literals, shaped as a trie: the engine follows one branch per
    character instead of trying every literal at every position."""
    tree: dict[str, dict] = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:
        ends = "" in node
        branches = [re.escape(char) + emit(child) for char, child in node.items() if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if ends:
            return "(?:" + body + ")?"
        return body

    return emit(tree)


@dataclass(frozen=True)
class _Compiled:
    rule: SecretFormat
    pattern: regex.Pattern[str]


def _compile(rule: SecretFormat) -> _Compiled:
    if rule.keywords:  # a value, judged whole
        return _Compiled(rule, regex.compile(rule.pattern))
    # A token whose literal is inside it may follow a "/" (https://<user:key>@host); one that
    # begins with punctuation (":_authToken=", "<add key=") needs no boundary at all.
    before = _BOUNDARY_BEFORE if not rule.back else r"(?<![A-Za-z0-9_\-+])"
    if not (rule.shape[:1].isalnum() or rule.shape[:1] in "_{"):
        before = ""
    return _Compiled(rule, regex.compile(before + f"(?:{rule.pattern})" + _BOUNDARY_AFTER))


_BY_LITERAL: dict[str, list[_Compiled]] = defaultdict(list)
_BY_KEYWORD: dict[str, list[_Compiled]] = defaultdict(list)
_SCANNED: list[_Compiled] = []
for _rule in RULES:
    _compiled = _compile(_rule)
    if _rule.scan:
        _SCANNED.append(_compiled)
    for _keyword in _rule.keywords:
        _BY_KEYWORD[_keyword].append(_compiled)
    for _literal in _rule.literals:
        _BY_LITERAL[_literal].append(_compiled)
# The trie finds the longest literal at a position; the rules of the shorter literals that
# begin it ("sk-" inside "sk-proj-") are tried after its own. The two prefilters use the
# standard library's engine: on a trie of plain literals it is about four times faster.
_RULES_AT: dict[str, list[_Compiled]] = {
    literal: [
        compiled
        for shorter in sorted(_BY_LITERAL, key=len, reverse=True)
        if literal.startswith(shorter)
        for compiled in _BY_LITERAL[shorter]
    ]
    for literal in _BY_LITERAL
}
_LITERALS = re.compile(_trie(list(_BY_LITERAL)))
_KEYWORDS = re.compile(_trie(list(_BY_KEYWORD)))  # lower case, run on the lowered text
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)

# After a service keyword: the rest of the key (a few words at most), an operator of any
# common language (=, :, :=, =>, ?=, ||=, <key>value), then the value.
_KEY_REST = regex.compile(
    r"(?P<rest>[\w.\-]{0,40}(?:[ \t]{1,2}[\w.\-]{1,20}){0,2}?)[\s\"'\]]{0,3}"
    r"(?:=|>|:{1,3}=|\|\|=?|:|=>|\?=|,|<-)[\s\x60\"'=]{0,5}"
    r"(?P<value>[^\s\"'`,;}\])<>\\]{1,400})"
)
# Keys that say where or what a service is, not how to get in: HEROKU_APP_ID, SENTRY_URL.
_KEY_NOT_SECRET = regex.compile(
    r"(?:^|[_.\-\s]|(?<=[a-z])(?=[A-Z]))(?:url|uri|host|hostname|endpoint|domain|region|"
    r"path|file|dir|version|name|email|user|username|org|project|team|zone|site|env|"
    r"timeout|port|id)(?:$|[_.\-\s]|(?=[A-Z]))",
    regex.IGNORECASE,
)
_SECRET_WORD_IN_KEY = regex.compile(r"key|token|secret|pass|auth|cred|pwd", regex.IGNORECASE)
_KEY_CHAR = regex.compile(r"[\w.\-]")
_ONE_CASE_WORD = regex.compile(r"[a-z_\-]+|[A-Z_\-]+")


def _mostly_filler(value: str) -> bool:
    """A template around a placeholder: "sk-proj-xxxx…T3BlbkFJxxxx…", "pat.xxxx.xxxx".
    Half of a token's letters and digits being one filler character (x, X, 0, *, #) does
    not happen by chance; it does when the random parts are written out as filler."""
    chars = [char for char in value if char.isalnum() or char in "*#"]
    if len(chars) < 8 or value.isdigit():  # ten digits repeat often; runs are caught apart
        return False
    char, count = Counter(chars).most_common(1)[0]
    return char in "xX0*#" and count * 2 >= len(chars)


# Providers' documentation keys end in EXAMPLE (AKIAIOSFODNN7EXAMPLE): never live.
_DOCUMENTATION_KEY = regex.compile(r"EXAMPLE(?:KEY)?$")

_PEM_PRIVATE_KEY = regex.compile(
    r"-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY(?: BLOCK)?-----"
    r"[\s\S]{0,40000}?-----END \1PRIVATE KEY(?: BLOCK)?-----"  # bounded: RSA-16384 is 13k
)

# The BEGIN line and 64+ characters of key: a private key cut off before its END line (its
# line breaks may be JSON's "\n" escapes, as in a GCP service-account file).
_PEM_PRIVATE_KEY_BODY = regex.compile(
    r"-----BEGIN[ A-Z0-9_\-]{0,100}PRIVATE KEY(?: BLOCK)?-----"
    r"(?:[A-Za-z0-9+/=:,\-\s]|\\[rn]){64,20000}"
)

# KEY=value, KEY: value, "key": "value", key = 'value', --password value
_SECRET_KEY_NAME = (
    r"[A-Za-z0-9_.\-]{0,64}(?:password|passwd|passphrase|pwd|pass|secret|token|api[_\-]?key|"
    r"apikey|access[_\-]?key|private[_\-]?key|client[_\-]?secret|auth|credentials?|"
    r"signing[_\-]?key|encryption[_\-]?key|master[_\-]?key|session[_\-]?key|salt|"
    r"session|sessionid|sid|csrftoken|cookie|"
    r"passwort|kennwort|mot[_\-]?de[_\-]?passe|contraseña|senha)[A-Za-z0-9_.\-]{0,64}"
)
# A word every key name above contains (ignoring case, as they are read): a text without
# one has no assignment of a secret, and one search spares the assignment pattern's tries
# of every word's every end.
_SECRET_KEY_WORD = regex.compile(
    r"pass|pwd|secret|token|key|auth|credential|salt|session|sid|cookie|kennwort|contraseña|"
    r"senha",
    regex.IGNORECASE,
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
_TOKEN_RUN = regex.compile(r"[A-Za-z0-9+/_\-]{20}")


def _long_run(text: str) -> bool:
    """Whether ``text`` has the 20 token characters in a row that ``_HIGH_ENTROPY`` needs:
    they lie in one whitespace-free piece, and most texts have no piece that long."""
    return any(len(piece) >= 20 and _TOKEN_RUN.search(piece) for piece in text.split())


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
        """Each span's ``validator`` names the rule that accepted it: a ``secret_formats``
        rule (``slack.bot_token``) or one of the generic rules (``generic.assignment``)."""
        found: list[Span] = []
        seen: set[tuple[int, int]] = set()

        def add(start: int, end: int, score: float, rule: str) -> None:
            # The first rule to claim a range names it; the table runs before the generic
            # rules, so a Slack token is "slack.bot_token", not "generic.high_entropy".
            if end > start and (start, end) not in seen:
                seen.add((start, end))
                found.append(Span(start, end, labels.SECRET, score, self.name, rule))

        self._find_formats(text, add)
        pem_end = -1
        for match in _PEM_PRIVATE_KEY.finditer(text):
            pem_end = match.end()
            # "-----BEGIN PRIVATE KEY-----\n...\n-----END…" is a stand-in: a key has 64+
            # characters between its BEGIN line and the final "KEY-----".
            key = match.group(0)
            if len(key) - key.index("-----", 5) - len("-----") - len("KEY-----") >= 64:
                add(*match.span(), 0.99, "private_key.pem")
        for match in _PEM_PRIVATE_KEY_BODY.finditer(text):
            if match.start() >= pem_end:  # a key pasted without its END line
                add(*match.span(), 0.95, "private_key.pem_partial")
        assignments = _ASSIGNMENT.finditer(text) if _SECRET_KEY_WORD.search(text) else ()
        for match in assignments:
            key = match.group(1)
            group = 2 if match.group(2) is not None else 3
            value = match.group(group).strip()
            if self._is_secret_value(key, value, quoted=group == 2):
                start = match.start(group) + match.group(group).index(value)
                add(start, start + len(value), 0.9, "generic.assignment")
        for match in _CLI_FLAG.finditer(text):
            value = match.group(1)
            if not is_placeholder(value) and not is_code_identifier(value):
                add(*match.span(1), 0.9, "generic.cli_flag")
        for match in _CONNECTION_STRING.finditer(text):
            if not is_placeholder(match.group(1)):
                add(*match.span(1), 0.95, "generic.connection_string")
        for match in _PROSE_PASSWORD.finditer(text):
            value = match.group(1).rstrip(".,;:)]}")
            quoted = text[match.start(1) - 1] in "\"'`"
            if (
                not is_placeholder(value)
                and value.lower() not in _PROSE_NOT_PASSWORDS
                and (quoted or not _code_styled_name(value))
            ):
                add(match.start(1), match.start(1) + len(value), 0.8, "generic.prose_password")
        for match in _URL_USER_KEY.finditer(text):
            key = match.group(1)
            if _looks_random(key) or regex.fullmatch(r"[0-9a-f]{32,}", key):
                add(*match.span(1), 0.9, "generic.url_user_key")
        for match in _HIGH_ENTROPY.finditer(text) if _long_run(text) else ():
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
                    add(*match.span(1), 0.7, "generic.high_entropy")
        return found

    @staticmethod
    def _find_formats(text: str, add: Callable[[int, int, float, str], None]) -> None:
        """The rule table: one scan for all literals and one for all service keywords; a
        rule's own pattern runs only where its literal or keyword occurs."""
        tried: dict[str, int] = {}
        hit = _LITERALS.search(text)
        while hit is not None:
            pos, resume = hit.start(), hit.start() + 1  # literals may overlap: "…s.atlasv1."
            for compiled in _RULES_AT[hit.group()]:
                match = _match_at(compiled, text, pos, tried)
                if match is not None and _accept_token(compiled.rule, match, add):
                    resume = match.end()  # a literal inside a found token is no new token
                    break
            hit = _LITERALS.search(text, resume)
        for compiled in _SCANNED:
            for match in compiled.pattern.finditer(text):
                _accept_token(compiled.rule, match, add)
        lowered = text.lower()
        if len(lowered) != len(text):  # "İ" lowers to two characters: keep offsets
            lowered = text.translate(_ASCII_LOWER)
        for hit in _KEYWORDS.finditer(lowered):
            _keyword_assignment(text, hit, add)

    @staticmethod
    def _is_secret_value(key: str, value: str, quoted: bool) -> bool:
        if not value or is_placeholder(value) or (len(value) >= 12 and _mostly_filler(value)):
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


def _match_at(
    compiled: _Compiled, text: str, pos: int, tried: dict[str, int]
) -> regex.Match[str] | None:
    back = compiled.rule.back
    if not back:
        return compiled.pattern.match(text, pos)
    # The literal sits inside the token: try each start a little before it. Hits come in
    # order, so a start tried for an earlier hit needs no second try ("-us-us-us…" stays
    # linear): a match from it would have covered that hit and been taken then.
    first = max(0, pos - back, tried.get(compiled.rule.name, -1) + 1)
    tried[compiled.rule.name] = pos
    for start in range(first, pos + 1):
        match = compiled.pattern.match(text, start)
        if match is not None and match.end() >= pos:  # touching: user:key@host's "@host"
            return match
    return None


def _accept_token(
    rule: SecretFormat, match: regex.Match[str], add: Callable[[int, int, float, str], None]
) -> bool:
    group = "secret" if "secret" in match.re.groupindex else 0
    token = match.group(group)
    if _DOCUMENTATION_KEY.search(token) or is_placeholder(token):
        return False
    body = token
    for literal in rule.literals:  # the fixed part says nothing about the random part
        body = body.replace(literal, "")
    if _mostly_filler(body):
        return False
    score = 0.9 if rule.check is not None and not rule.check(token) else 0.99
    add(*match.span(group), score, rule.name)
    return True


def _keyword_assignment(
    text: str, hit: re.Match[str], add: Callable[[int, int, float, str], None]
) -> None:
    """HEROKU_API_KEY=<uuid>: the keyword's rules judge the assigned value."""
    pos, end = hit.span()
    keyword = text[pos:end]
    before = text[pos - 1] if pos else ""
    # A word of its own or a camelCase part (herokuKey, apiHeroku), not "global" for "lob".
    if before.isalpha() and not (before.islower() and keyword[0].isupper()):
        return
    rest = _KEY_REST.match(text, end)
    if rest is None:
        return
    key_start = pos
    while key_start > 0 and pos - key_start < 50 and _KEY_CHAR.match(text[key_start - 1]):
        key_start -= 1
    key = text[key_start:end] + rest.group("rest")
    value = rest.group("value").rstrip(".")
    if is_placeholder(value) or _mostly_filler(value) or _DOCUMENTATION_KEY.search(value):
        return
    # "JIRA_PROJECT_KEY: ABCDEFGHIJKLMNOPQRSTUVWX": a name, not a key (a generated value of
    # one case of letters only is too rare to matter).
    if _ONE_CASE_WORD.fullmatch(value):
        return
    not_secret = bool(_KEY_NOT_SECRET.search(key)) and not _SECRET_WORD_IN_KEY.search(key)
    for compiled in _BY_KEYWORD[hit.group()]:
        rule = compiled.rule
        # A rule's own key words (client id rules name ids) override the general judgement.
        if rule.key:
            if not regex.search(rule.key, key, regex.IGNORECASE):
                continue
        elif not_secret:
            continue
        if compiled.pattern.fullmatch(value):
            start = rest.start("value")
            add(start, start + len(value), 0.9, rule.name)
            return


register("secrets.v1")(SecretRecognizer)
