"""Regression tests for detector defects (issue 14, item 4), each built from the format's
or the detector's own rule: the published token shapes, phonenumbers' numbering plans,
and the labels that make a published sample value someone's real one."""

import random
import string

import phonenumbers
import pytest

from tests.conftest import found
from tests.helpers import cpu_seconds
from veil.rules.registry import create

_rng = random.Random(14)


def _random(alphabet: str, length: int) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(length))


_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"

# --- identifiers glued to CJK text ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "label", "value"),
    [
        ("邮箱是test@test.com", "EMAIL", "test@test.com"),
        ("请发到jane.doe@acme.co.uk谢谢", "EMAIL", "jane.doe@acme.co.uk"),
        ("電話番号は090-1234-5678です", "PHONE", "090-1234-5678"),
        ("手机13812345678请联系", "PHONE", "13812345678"),
        ("服务器IP是81.2.69.142。", "IP_ADDRESS", "81.2.69.142"),
        ("地址2a02:8108:1c0:5e00::2f1有问题", "IP_ADDRESS", "2a02:8108:1c0:5e00::2f1"),
        ("主页https://github.com/jdoe-dev看看", "URL", "https://github.com/jdoe-dev"),
        ("MAC地址3c:22:fb:91:0a:7e", "MAC_ADDRESS", "3c:22:fb:91:0a:7e"),
        ("SSN是536-22-1384", "US_SSN", "536-22-1384"),
        ("이메일은test@test.com입니다", "EMAIL", "test@test.com"),
    ],
)
def test_identifiers_next_to_unspaced_scripts_are_found(analyzer, text, label, value):
    assert (label, value) in found(analyzer, text)


def test_latin_letters_still_extend_an_identifier(analyzer):
    # The boundary rule only lets go of unspaced scripts: "xtest@test.comx" is no email.
    assert ("EMAIL", "test@test.com") not in found(analyzer, "xtest@test.comx")


# --- secrets cover the whole token ------------------------------------------------------

_LONG_TOKEN = _random(_ALNUM, 5000)


@pytest.mark.parametrize(
    "template",
    [
        "TOKEN={}",
        'api_key: "{}"',
        "Authorization: Bearer {}",
        "curl --token {} https://api.acme.dev",
        "my password is {} ok",
    ],
)
def test_a_long_secret_is_one_span_to_its_last_character(template):
    text = template.format(_LONG_TOKEN)
    start = text.index(_LONG_TOKEN)
    spans = create("secrets.v1").find(text)
    assert any(s.start == start and s.end == start + len(_LONG_TOKEN) for s in spans)


def test_secret_scanning_stays_linear_on_huge_tokens():
    recognizer = create("secrets.v1")
    small_text = "TOKEN=" + _random(_ALNUM, 20_000)
    large_text = "TOKEN=" + _random(_ALNUM, 200_000)
    small = cpu_seconds(lambda: recognizer.find(small_text))
    large = cpu_seconds(lambda: recognizer.find(large_text))
    # Ten times the input, well under a hundred times the work (quadratic would be ~100x).
    assert large < max(0.5, small * 30)


def test_a_connection_strings_password_ends_at_the_separator(analyzer):
    text = "Server=db;User ID=svc;Password=Kp9!vR2#mQx7wL4z;Encrypt=True;"
    assert ("SECRET", "Kp9!vR2#mQx7wL4z") in found(analyzer, text)


# --- context outweighs the published-sample lists ---------------------------------------


@pytest.mark.parametrize(
    ("text", "label", "value"),
    [
        # The SSA's own published example number, labelled as someone's SSN.
        ("SSN: 078-05-1120", "US_SSN", "078-05-1120"),
        ("Social Security 123-45-6789", "US_SSN", "123-45-6789"),
        ("ssn 123456789", "US_SSN", "123456789"),
        # Card networks' published test numbers (Luhn-valid), labelled as a card.
        ("Credit Card: 4111 1111 1111 1111", "CREDIT_CARD", "4111 1111 1111 1111"),
        ("card number 4242424242424242", "CREDIT_CARD", "4242424242424242"),
    ],
)
def test_a_label_overrides_the_sample_lists(analyzer, text, label, value):
    assert (label, value) in found(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        "Stripe test cards: 4242 4242 4242 4242 succeeds.",
        "Use the test card number 4111 1111 1111 1111 in the sandbox.",
        "The wallet-insert example 078-05-1120 was used by thousands of people.",
        "Sample SSN: 078-05-1120 (printed on the demo card)",
    ],
)
def test_without_a_label_the_sample_lists_still_apply(analyzer, text):
    labels = [label for label, _ in found(analyzer, text)]
    assert "CREDIT_CARD" not in labels and "US_SSN" not in labels


# --- national phone numbers ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("sms 09171234567 when you land", "09171234567"),  # Philippines, trunk 0 + 917
        ("09171234567", "09171234567"),
        ("ruf 015123456789 an", "015123456789"),  # German mobile, trunk 0
        # Where the plan makes the trunk prefix optional, the bare form is still a phone.
        ("mobile 98765 43210", "98765 43210"),  # Indian mobile
        ("cell (415) 867-5309", "(415) 867-5309"),
    ],
)
def test_a_bare_national_number_with_its_trunk_prefix_is_a_phone(analyzer, text, number):
    assert ("PHONE", number) in found(analyzer, text)


def test_the_trunk_rule_follows_phonenumbers_validity():
    # The rule is phonenumbers' numbering plan, not a list: the PH example is valid there.
    assert phonenumbers.is_valid_number(phonenumbers.parse("09171234567", "PH"))


@pytest.mark.parametrize(
    "text",
    [
        "111 111 111",
        "256.256.256.256",
        "order 0000000000 shipped",
        "ISBN-10 0306406152",
        "run 1712345678 took 4 s",
    ],
)
def test_digit_runs_that_are_not_numbers_stay_out(analyzer, text):
    assert "PHONE" not in [label for label, _ in found(analyzer, text)]


# --- missed secret formats ------------------------------------------------------------------

_AZURE_SECRET = _random(_ALNUM, 3) + "8Q~" + _random(_ALNUM + "_~.-", 33) + "x"
_NOTION_TOKEN = "ntn_" + _random(string.digits, 11) + _random(_ALNUM, 35)
_SOURCEGRAPH_TOKENS = [
    "sgp_" + _random(_HEX, 40),
    "sgp_" + _random(_HEX, 16) + "_" + _random(_HEX, 40),
    "sgp_local_" + _random(_HEX, 40),
]


@pytest.mark.parametrize(
    "token", [_AZURE_SECRET, _NOTION_TOKEN, *_SOURCEGRAPH_TOKENS], ids=lambda t: t[:4]
)
def test_provider_token_formats_are_secrets_without_context(token):
    text = f"it is {token} — does that look right?"
    assert [text[s.start : s.end] for s in create("secrets.v1").find(text)] == [token]


@pytest.mark.parametrize(
    "text",
    [
        "ntn_" + "1234567890" + _random(_ALNUM, 35),  # 10 digits, not 11
        "sgp_" + _random(_HEX, 39),
        "abc8Q~tooshort",
    ],
)
def test_near_miss_token_shapes_are_not_provider_tokens(text):
    assert create("secrets.v1").find(f"see {text} here") == []


# --- lower-case id numbers and digit-only MAC addresses -----------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my id is ab1234567", "ab1234567"),
        ("id number: ab1234567", "ab1234567"),
        ("id: ab1234567", "ab1234567"),
        ("passport no. ab1234567", "ab1234567"),
    ],
)
def test_lower_case_ids_behind_a_label(analyzer, text, value):
    assert ("ID_NUMBER", value) in found(analyzer, text)


def test_a_bare_id_key_takes_no_plain_numbers(analyzer):
    assert "ID_NUMBER" not in [label for label, _ in found(analyzer, "id: 4821\nname: foo")]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("MAC 00:11:22:33:44:55", "00:11:22:33:44:55"),
        ("mac address 001122334455", "001122334455"),
        ("router mac 0011.2233.4455", "0011.2233.4455"),
        ("hwaddr 00-11-22-33-44-55", "00-11-22-33-44-55"),
    ],
)
def test_digit_only_mac_addresses(analyzer, text, value):
    assert ("MAC_ADDRESS", value) in found(analyzer, text)


def test_twelve_bare_hex_digits_need_a_mac_cue(analyzer):
    assert "MAC_ADDRESS" not in [label for label, _ in found(analyzer, "commit 001122334455")]


# --- placeholders and code names are not secrets ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "token: ghp_" + "x" * 36,
        "AKIA" + "X" * 16,
        "api_key=<your-key>",
        "OPENAI_API_KEY=sk-your-key-here",
        'api_key: "YOUR_API_KEY_HERE"',
        "auth_token: " + "a" * 30,
        "secret_key: " + "xX" * 10,
        "api_key=sk-" + "x" * 48,
        "token = getUserAccountSettingsById",
        "secret: SOME_LONG_CONSTANT_NAME_FOR_CONFIG",
        "api_key = getOAuth2TokenForUserV2",
        "token: get_user_account_settings_by_id",
        "password = userPasswordInput",
        "The password is getUserAccountSettingsById",
    ],
)
def test_placeholders_and_code_names_are_not_secrets(text):
    assert create("secrets.v1").find(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # A quoted passphrase and a prose one are literals, even when made of words.
        ('password = "CorrectHorseBatteryStaple"', "CorrectHorseBatteryStaple"),
        ("my password is CorrectHorseBatteryStaple", "CorrectHorseBatteryStaple"),
        ("DB_PASSWORD=correct-horse-battery", "correct-horse-battery"),
        # Real keys have variety even when a character repeats.
        ("TOKEN=aaaa" + "Zq8vLr2XwP9sKe4TbN7m", "aaaaZq8vLr2XwP9sKe4TbN7m"),
    ],
)
def test_real_secrets_that_resemble_placeholders_or_names_are_kept(text, value):
    spans = create("secrets.v1").find(text)
    assert value in [text[s.start : s.end] for s in spans]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Card on file, booking ref QX7P4N, name on the booking as printed", "QX7P4N"),
        ("my booking reference is 7GH2KL", "7GH2KL"),
        ("hotel confirmation number: HX93-2210", "HX93-2210"),
        ("the PNR is K4T9ZQ for both of us", "K4T9ZQ"),
    ],
)
def test_a_booking_reference_names_its_traveller(analyzer, text, value):
    assert ("ID_NUMBER", value) in found(analyzer, text)


@pytest.mark.parametrize(
    "text",
    ["booking for 2 people at 7pm", "my reservation is for 3 nights", "git checkout ref main"],
)
def test_a_booking_without_a_reference_is_not_an_id(analyzer, text):
    assert found(analyzer, text) == []
