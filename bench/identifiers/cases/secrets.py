"""Secret cases: one set per rule of ``secret_formats``, each token drawn from the rule's
documented shape (prefix, alphabet, length), never copied from another scanner's tests.

Positives put the token in a sentence, a ``KEY=value`` line, JSON and YAML. Negatives are
the shapes other scanners publish as negatives: the right prefix with too short a body, a
placeholder, the wrong alphabet, the prefix inside a longer word.
"""

from __future__ import annotations

import random

import regex

from bench.identifiers.case import Case, embed
from veil.rules.recognizers.secret_formats import ALPHABETS, RULES, SecretFormat

_SHAPE_PART = r"\{([A-Za-z])(\d+)(?:-(\d+))?\}"

# Sentences without a secret word: a negative must fail on its own shape, not on context.
_NEUTRAL = (
    "The log line read {} right before the crash.",
    "Why does the parser choke on {} in this file?",
    "I found {} in an old commit message.",
)
# Rules whose token only exists next to some text (the host after a URL's credentials).
_CONTEXT = {
    "sidekiq.url_credentials": (
        'source "https://{}@gems.contribsys.com/" do',
        "Gemfile: source 'https://{}@enterprise.contribsys.com/'",
    ),
}
# Rules that take their secret from a larger phrase (a header, a command line).
_PHRASE_TEMPLATES = (
    "I pasted {} into the config and now it fails.",
    "{}\n",
    "```\n{}\n```",
)


def _is_phrase(rule: SecretFormat) -> bool:
    return "(?P<secret>" in rule.pattern


# Characters outside each restricted alphabet, for the wrong-alphabet negatives.
_OUTSIDE = {
    "d": "abcdefghjkmnpqrstuvwxyz",
    "h": "ghijkmnopqrstuvwxyz",
    "H": "GHIJKLMNPQRSTUVWXYZ",
    "a": "ABCDEFGHJKLMNPQRSTUVWXYZ",
    "U": "abcdefghjkmnpqrstuvwxyz",
    "V": "01890189",
    "l": "0123456789",
    "B": "ilob",
}


def env_key(rule: SecretFormat) -> str:
    """The key a person would write for this rule's token or value."""
    if rule.keywords:
        keyword = rule.keywords[0].replace("-", "_")
        if "__" in keyword or keyword.endswith(("_id", "_key", "_api", "_pat", "_token")):
            return (keyword + ("_KEY" if keyword.endswith("_api") else "")).upper()
        if rule.key == r"client|app":
            return f"{keyword}_CLIENT_ID".upper()
        return f"{keyword}_{rule.name.split('.', 1)[1]}".upper()
    return rule.name.replace(".", "_").upper()


def _placeholder(rule: SecretFormat) -> str:
    return regex.sub(_SHAPE_PART, lambda m: "x" * int(m.group(2)), rule.shape)


def _too_short(rule: SecretFormat, rng: random.Random) -> str:
    # Every random run at a quarter of its documented length.
    return regex.sub(
        _SHAPE_PART,
        lambda m: "".join(rng.choices(ALPHABETS[m.group(1)], k=max(1, int(m.group(2)) // 4))),
        rule.shape,
    )


def _wrong_alphabet(rule: SecretFormat, rng: random.Random) -> str | None:
    # Runs of 4+ from a restricted alphabet; a single required digit is no alphabet.
    def outside(m: regex.Match[str]) -> str:
        return _OUTSIDE.get(m.group(1), "") if int(m.group(2)) >= 4 else ""

    if not any(outside(m) for m in regex.finditer(_SHAPE_PART, rule.shape)):
        return None
    return regex.sub(
        _SHAPE_PART,
        lambda m: "".join(rng.choices(outside(m) or ALPHABETS[m.group(1)], k=int(m.group(2)))),
        rule.shape,
    )


def _positives(rule: SecretFormat, rng: random.Random) -> list[Case]:
    def case(template: str, value: str) -> Case:
        return embed("secret", rule.name, rule.source, template, value)

    key = env_key(rule)
    if rule.name in _CONTEXT:
        return [case(template, rule.sample(rng)) for template in _CONTEXT[rule.name]]
    if _is_phrase(rule):
        return [case(template, rule.sample(rng)) for template in _PHRASE_TEMPLATES]
    if rule.keywords:
        out = [
            case(f"{key}={{}}", rule.sample(rng)),
            case(f'{{"{key.lower()}": "{{}}"}}', rule.sample(rng)),
            case(f"{key.lower()}: {{}}\n", rule.sample(rng)),
            case(f"In CI we set {key.lower()} = {{}} and it works.", rule.sample(rng)),
        ]
        if regex.fullmatch(r"[a-z]+", rule.keywords[0]):  # herokuApiKey, as code names it
            first, *rest = key.lower().split("_")
            camel = first + "".join(part.title() for part in rest)
            out.append(case(f'{camel} := "{{}}"', rule.sample(rng)))
            out.append(case(f"<{camel}>{{}}</{camel}>", rule.sample(rng)))
        return out
    return [
        case("I pasted {} into the config and now it fails.", rule.sample(rng)),
        case(f"export {key}={{}}\n", rule.sample(rng)),
        case(f'{{"{key.lower()}": "{{}}"}}', rule.sample(rng)),
        case(f"{key.lower()}: {{}}\n", rule.sample(rng)),
    ]


def _negatives(rule: SecretFormat, rng: random.Random) -> list[Case]:
    def case(template: str, value: str) -> Case:
        return embed("secret", rule.name, rule.source, template, value, positive=False)

    key = env_key(rule)
    if _is_phrase(rule):
        return [case("{}\n", _placeholder(rule))]
    out = [
        case(f"{key}={{}}", _placeholder(rule)),
        case(f"{key}={{}}", "${" + key + "}"),
        case(f'"{key.lower()}": "{{}}"', f"<your-{rule.name.replace('.', '-')}>"),
    ]
    if rule.keywords:
        # Without the service's key the value is an identifier or a hash, not a secret.
        out.append(case('{"id": "{}"}', rule.sample(rng)))
        if "PASS" not in key:  # a short password is still a password
            out.append(case(f"{key}={{}}", _too_short(rule, rng)[:6]))
        return out
    if rule.name in _CONTEXT:
        return out
    if rule.shape.split("{", 1)[0].endswith("="):  # "_gitlab_session=...": an assignment
        return out
    out.append(case(rng.choice(_NEUTRAL), _too_short(rule, rng)))
    wrong = _wrong_alphabet(rule, rng)
    if wrong is not None:
        out.append(case(rng.choice(_NEUTRAL), wrong))
    if not rule.back:
        out.append(case(rng.choice(_NEUTRAL), "my" + rule.sample(rng)))
    return out


_PEM_SPEC = "https://datatracker.ietf.org/doc/html/rfc7468#section-10"
_GCP_SPEC = "https://cloud.google.com/iam/docs/keys-create-delete#creating"


def _private_keys(rng: random.Random) -> list[Case]:
    """Private keys as people paste them: whole, cut off, inside a service-account file."""

    def body(size: int) -> str:
        chars = "".join(rng.choices(ALPHABETS["b"], k=size))
        return "\n".join(chars[i : i + 64] for i in range(0, size, 64))

    def pem(label: str, size: int) -> str:
        return f"-----BEGIN {label}-----\n{body(size)}\n-----END {label}-----"

    service_account = (
        '{{"type": "service_account", "project_id": "demo-1234", "private_key_id": "'
        + "".join(rng.choices(ALPHABETS["h"], k=40))
        + '", "private_key": "{}\\n", "client_email": "x@demo-1234.iam.gserviceaccount.com"}}'
    )
    positives = [
        ("private_key.pem", _PEM_SPEC, "my key:\n{}\nthanks", pem("PRIVATE KEY", 1216)),
        ("private_key.pem", _PEM_SPEC, "{}", pem("RSA PRIVATE KEY", 640)),
        ("private_key.pem", _PEM_SPEC, "{}", pem("OPENSSH PRIVATE KEY", 320)),
        ("private_key.pem", _PEM_SPEC, "{}", pem("EC PRIVATE KEY", 160)),
        (
            "gcp.service_account_key",
            _GCP_SPEC,
            service_account.replace("{{", "{").replace("}}", "}"),
            pem("PRIVATE KEY", 1216).replace("\n", "\\n"),
        ),
        ("private_key.pem_partial", _PEM_SPEC, "half of it:\n{}", pem("PRIVATE KEY", 512)[:300]),
    ]
    negatives = [
        ("private_key.pem", "{}", "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----"),
        (
            "private_key.pem",
            "{}",
            "-----BEGIN RSA PRIVATE KEY-----\n<key>\n-----END RSA PRIVATE KEY-----",
        ),
        (
            "private_key.pem",
            "Put the key between {} lines.",
            "-----BEGIN PRIVATE KEY----- and -----END",
        ),
    ]
    out = [
        embed("secret", kind, spec, template, value) for kind, spec, template, value in positives
    ]
    out += [
        embed("secret", kind, _PEM_SPEC, template, value, positive=False)
        for kind, template, value in negatives
    ]
    return out


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = []
    for rule in RULES:
        out.extend(_positives(rule, rng))
        out.extend(_negatives(rule, rng))
    out.extend(_private_keys(rng))
    return out
