"""secrets.v1's rule table, tested from each service's documented token format: a token
drawn from the documented shape (prefix, alphabet, length) is found in a sentence and in a
``.env`` line and is reported under its rule's name; the shapes other scanners publish as
negatives (too short a body, a placeholder, the wrong alphabet, the prefix inside a word)
are not found. The checksum of GitHub and npm tokens is computed here independently."""

from __future__ import annotations

import binascii
import random
import time

import pytest
import regex
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from veil.rules.recognizers.secret_formats import (
    ALPHABETS,
    KEYWORD_RULES,
    PREFIX_RULES,
    RULES,
    SecretFormat,
    base62_crc32,
)
from veil.rules.recognizers.secrets import SecretRecognizer
from veil.rules.spans import Span

RECOGNIZER = SecretRecognizer()


def detailed(text: str) -> list[tuple[Span, str | None]]:
    """Each span with the rule that accepted it (``Span.validator``)."""
    return [(span, span.validator) for span in RECOGNIZER.find(text)]


SHAPE_PART = regex.compile(r"\{([A-Za-z])(\d+)(?:-(\d+))?\}")
# Sentences with no secret word: a negative must fail on its shape alone.
NEUTRAL = "The log line read {} right before the crash."
PHRASE_RULES = [rule for rule in PREFIX_RULES if "(?P<secret>" in rule.pattern]
TOKEN_RULES = [rule for rule in PREFIX_RULES if rule not in PHRASE_RULES]
# Tokens that only exist next to a host or a word (documented so, not loosened for tests).
CONTEXT = {
    "sidekiq.url_credentials": "source 'https://{}@gems.contribsys.com/'",
}
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def env_key(rule: SecretFormat) -> str:
    if rule.keywords:
        keyword = rule.keywords[0].replace("-", "_").upper()
        if "__" in keyword or keyword.endswith(("_ID", "_KEY", "_TOKEN")):
            return keyword
        return f"{keyword}_CLIENT_ID" if "client" in rule.key else f"{keyword}_API_KEY"
    return rule.name.replace(".", "_").upper()


def test_rule_table_is_well_formed() -> None:
    names = [rule.name for rule in RULES]
    assert len(names) == len(set(names)), "rule names are unique"
    assert len(RULES) >= 200
    assert len({name.split(".")[0] for name in names}) >= 140
    for rule in RULES:
        assert rule.source, rule.name
        regex.compile(rule.pattern)  # compiles
        # Every quantifier is bounded: linear time on any input.
        outside_classes = regex.sub(r"\[(?:\\.|[^\]\\])*\]", "C", rule.pattern)
        assert not regex.search(r"(?<!\\)[+*]|\{\d+,\}", outside_classes), rule.name
        if not rule.keywords and not rule.scan:
            assert all(rule.literals), rule.name


@pytest.mark.parametrize("rule", TOKEN_RULES, ids=lambda rule: rule.name)
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_prefix_token_found_in_sentence_and_env_line(rule: SecretFormat, seed: int) -> None:
    rng = random.Random(seed)
    token = rule.sample(rng)
    texts = [f"export {env_key(rule)}={token}\n"]
    if rule.name in CONTEXT:
        texts = [CONTEXT[rule.name].format(token)]
    else:
        texts.append(f"I pasted {token} into the config and now it fails.")
    for text in texts:
        spans = detailed(text)
        start = text.index(token)
        hits = [
            name for span, name in spans if span.start <= start and span.end >= start + len(token)
        ]
        assert rule.name in hits, (text, spans)


@pytest.mark.parametrize("rule", KEYWORD_RULES, ids=lambda rule: rule.name)
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_keyword_value_found_after_its_service_key(rule: SecretFormat, seed: int) -> None:
    rng = random.Random(seed)
    value = rule.sample(rng)
    # By design a value of one case of letters after a service key is read as a name (a
    # project key); a generated key nearly never is one.
    assume(not regex.fullmatch(r"[a-z_\-]+|[A-Z_\-]+", value))
    key = env_key(rule)
    for text in (
        f"{key}={value}\n",
        f'{{"{key.lower()}": "{value}"}}',
        f"set {key.lower()} = {value} in CI.",
    ):
        spans = detailed(text)
        start = text.index(value)
        assert (start, start + len(value)) in {(span.start, span.end) for span, _ in spans}, (
            text,
            spans,
        )
        # The table runs before the generic rules: the service rule names the value.
        assert (start, rule.name) in {(span.start, name) for span, name in spans}, (text, spans)


@pytest.mark.parametrize("rule", KEYWORD_RULES, ids=lambda rule: rule.name)
def test_keyword_rule_reports_its_own_name(rule: SecretFormat) -> None:
    value = rule.sample(random.Random(7))
    text = f"{env_key(rule)}={value}"
    # The table runs first: when several could claim the value, the service rule names it.
    names = [name for _, name in detailed(text)]
    assert names and names[0].split(".")[0] == rule.name.split(".")[0], (text, names)


@pytest.mark.parametrize("rule", PHRASE_RULES, ids=lambda rule: rule.name)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_phrase_rules_flag_only_the_secret(rule: SecretFormat, seed: int) -> None:
    phrase = rule.sample(random.Random(seed))
    text = f"Run this:\n{phrase}\nthen retry."
    spans = [(span, name) for span, name in detailed(text) if name == rule.name]
    assert len(spans) == 1, (text, spans)
    span = spans[0][0]
    assert span.start > text.index(phrase)  # not the header or the command, only the secret


def placeholder(rule: SecretFormat) -> str:
    return SHAPE_PART.sub(lambda part: "x" * int(part.group(2)), rule.shape)


def too_short(rule: SecretFormat, rng: random.Random) -> str:
    return SHAPE_PART.sub(
        lambda m: "".join(rng.choices(ALPHABETS[m.group(1)], k=max(1, int(m.group(2)) // 4))),
        rule.shape,
    )


@pytest.mark.parametrize("rule", TOKEN_RULES, ids=lambda rule: rule.name)
def test_placeholders_are_not_secrets(rule: SecretFormat) -> None:
    for text in (
        f"{env_key(rule)}={placeholder(rule)}",
        f"{env_key(rule)}=${{{env_key(rule)}}}",
        f'"{env_key(rule).lower()}": "<your-{rule.name.replace(".", "-")}>"',
    ):
        assert RECOGNIZER.find(text) == [], text


@pytest.mark.parametrize(
    "rule",
    [rule for rule in TOKEN_RULES if rule.name not in CONTEXT and not rule.shape.startswith("_")],
    ids=lambda rule: rule.name,
)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_too_short_body_and_prefix_inside_a_word(rule: SecretFormat, seed: int) -> None:
    rng = random.Random(seed)
    assert table_rules(NEUTRAL.format(too_short(rule, rng))) == []
    if not rule.back:
        # (A random body may hold "Key5…", which the generic context rule reads as a hint.)
        assert table_rules(NEUTRAL.format("my" + rule.sample(rng))) == []


def table_rules(text: str) -> list[str]:
    return [name for _, name in detailed(text) if not name.startswith("generic.")]


WRONG_ALPHABET = {"d": "abcdefghjk", "h": "ghijkmnopqrstuvwxyz", "H": "GHIJKLMNPQRSTUVWXYZ"}


@pytest.mark.parametrize(
    "rule",
    [
        rule
        for rule in RULES
        # a run of 4+ from a restricted alphabet (one required digit is no alphabet)
        if any(c in WRONG_ALPHABET and int(n) >= 4 for c, n, _ in SHAPE_PART.findall(rule.shape))
    ],
    ids=lambda rule: rule.name,
)
def test_wrong_alphabet_is_not_a_token(rule: SecretFormat) -> None:
    rng = random.Random(3)

    def draw(m: regex.Match[str]) -> str:
        code, size = m.group(1), int(m.group(2))
        alphabet = WRONG_ALPHABET.get(code, "") if size >= 4 else ""
        return "".join(rng.choices(alphabet or ALPHABETS[code], k=size))

    wrong = SHAPE_PART.sub(draw, rule.shape)
    text = NEUTRAL.format(wrong)
    if rule.keywords:
        text = f"{env_key(rule)}={wrong}"
        names = [name for _, name in detailed(text)]
        assert rule.name not in names, (text, names)
    else:
        assert RECOGNIZER.find(text) == [], text


def test_uuid_and_hex_need_the_service_in_the_key() -> None:
    uuid = "3f2c9a1e-7b4d-4c8a-9e2f-1a6b5c4d3e2f"
    assert [name for _, name in detailed(f"HEROKU_API_KEY={uuid}")] == ["heroku.api_key"]
    assert [name for _, name in detailed(f"herokuToken := '{uuid}'")] == ["heroku.api_key"]
    for text in (
        f"id = {uuid}",
        f'"request_id": "{uuid}"',
        f"HEROKU_APP_ID={uuid}",
        "commit = 4f0c1b2a9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a",
        "heroku_api_key = ${HEROKU_API_KEY}",
        "globalName = live_0123456789abcdef0123456789abcdef012",  # not Lob
    ):
        assert RECOGNIZER.find(text) == [], text


def _independent_checksum(body: str) -> str:
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    value, out = binascii.crc32(body.encode()) & 0xFFFFFFFF, []
    while value:
        value, rest = divmod(value, 62)
        out.append(alphabet[rest])
    return "".join(reversed(out)).rjust(6, "0")


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS)
def test_github_checksum_raises_the_score(seed: int) -> None:
    body = "".join(random.Random(seed).choices(ALPHABETS["A"], k=30))  # as GitHub draws it
    assert base62_crc32(body) == _independent_checksum(body)
    good = f"ghp_{body}{_independent_checksum(body)}"
    bad_tail = "000000" if _independent_checksum(body) != "000000" else "111111"
    bad = f"ghp_{body}{bad_tail}"
    [(good_span, _)] = detailed(f"token {good}")
    [(bad_span, _)] = detailed(f"token {bad}")
    assert good_span.score > bad_span.score >= 0.5  # an unchecked token is still a secret


def test_documentation_and_stand_in_values_stay_unflagged() -> None:
    for text in (
        "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
        "OPENAI_API_KEY=sk-your-key-here",
        "SLACK_TOKEN=xoxb-your-token-here",
        "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "Authorization: Bearer <token>",
        "PLAID_ACCESS_TOKEN=access-production-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
    ):
        assert RECOGNIZER.find(text) == [], text


def test_a_span_names_the_rule_that_accepted_it() -> None:
    token = "dapi" + "0123456789abcdef" * 2
    text = f"DATABRICKS_TOKEN={token} and password: Tr0ub4dor&3"
    rules = {text[s.start : s.end]: s.validator for s in RECOGNIZER.find(text)}
    assert rules == {token: "databricks.token", "Tr0ub4dor&3": "generic.assignment"}


@pytest.mark.parametrize(
    "unit",
    [
        "|",
        "1234567890123456|",
        "-us",
        "a" * 31 + "-us",
        ":A",
        "xoxb-1-",
        "heroku_key = ",
        "pat",
        "Q~",
    ],
)
def test_table_scan_is_linear_on_adversarial_repetition(unit: str) -> None:
    # The table's own pass (the generic rules' speed is not this file's subject).
    text = unit * (200_000 // len(unit))
    started = time.process_time()  # this process's CPU, not a busy machine's wall time
    SecretRecognizer._find_formats(text, lambda *found: None)
    assert time.process_time() - started < 3.0, unit


def pem_body(rng: random.Random, size: int = 256) -> str:
    body = "".join(rng.choices(ALPHABETS["b"], k=size))
    return "\n".join(body[i : i + 64] for i in range(0, size, 64))


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_private_keys_whole_cut_off_or_in_service_account_json(seed: int) -> None:
    rng = random.Random(seed)
    key = f"-----BEGIN PRIVATE KEY-----\n{pem_body(rng)}\n-----END PRIVATE KEY-----\n"
    as_json = '{"type": "service_account", "private_key": "' + key.replace("\n", "\\n") + '"}'
    cut_off = f"my key:\n-----BEGIN RSA PRIVATE KEY-----\n{pem_body(rng, 128)}"
    for text, rule in (
        (key, "private_key.pem"),
        (as_json, "private_key.pem"),
        (cut_off, "private_key.pem_partial"),
    ):
        begin = text.index("-----BEGIN")
        names = [name for span, name in detailed(text) if span.start == begin]
        assert names[:1] == [rule], (text, detailed(text))


def test_private_key_stand_ins_are_not_keys() -> None:
    for text in (
        "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
        "-----BEGIN RSA PRIVATE KEY-----\n<your key here>\n-----END RSA PRIVATE KEY-----",
        "Paste it between -----BEGIN PRIVATE KEY----- and -----END PRIVATE KEY----- lines.",
    ):
        assert RECOGNIZER.find(text) == [], text


def test_vault_legacy_token_needs_letters_and_digits() -> None:
    token = "s.Ab3dEfGhIjKlMnOpQrStUv12"
    assert [name for _, name in detailed(f"VAULT_TOKEN={token}")][:1] == [
        "hashicorp.vault_legacy_token"
    ]
    for text in (
        "Mrs.Abcdefghijklmnopqrstuvwx",
        "s.abcdefghijklmnopqrstuvwx",
        "os.environ['X']",
        "return s.getAccountBalanceHistory(day)",
        "see API-GATEWAYDEPLOYMENTSTAGEPROD",
    ):
        assert RECOGNIZER.find(text) == [], text


def test_names_after_a_service_key_are_not_its_keys() -> None:
    for text in (
        'JIRA_PROJECT_KEY = "ABCDEFGHIJKLMNOPQRSTUVWX"',
        "DATADOG_API_KEY=AKIAIOSFODNN7EXAMPLEAKIAIOSFODNN7EXAMPLE",
    ):
        assert table_rules(text) == [], text
