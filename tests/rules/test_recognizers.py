"""Each recognizer finds its entities, with validation, and leaves look-alikes alone."""

import pytest

from tests.conftest import found
from veil.rules.registry import UnknownRecognizerError, create, registered_names


@pytest.mark.parametrize(
    ("text", "label", "value"),
    [
        (
            "write to jane.doe+work@acme-health.co.uk today",
            "EMAIL",
            "jane.doe+work@acme-health.co.uk",
        ),
        ("call me on +44 7911 123456 tonight", "PHONE", "+44 7911 123456"),
        ("my cell is (415) 867-5309", "PHONE", "(415) 867-5309"),
        ("Telefon: 030 901820", "PHONE", "030 901820"),
        ("tél. 06 12 34 56 78", "PHONE", "06 12 34 56 78"),
        ("card 4526 0181 5908 3012 exp 04/27", "CREDIT_CARD", "4526 0181 5908 3012"),
        ("amex 377954220587912", "CREDIT_CARD", "377954220587912"),
        ("IBAN DE89 3704 0044 0532 0130 00 please", "IBAN", "DE89 3704 0044 0532 0130 00"),
        ("pay GB82WEST12345698765432.", "IBAN", "GB82WEST12345698765432"),
        ("my SSN is 536-22-1384", "US_SSN", "536-22-1384"),
        ("ssn: 536221384", "US_SSN", "536221384"),
        ("login from 81.2.69.142 failed", "IP_ADDRESS", "81.2.69.142"),
        ("peer 2a02:8108:1c0:5e00::2f1 dropped", "IP_ADDRESS", "2a02:8108:1c0:5e00::2f1"),
        ("laptop MAC 3c:22:fb:91:0a:7e", "MAC_ADDRESS", "3c:22:fb:91:0a:7e"),
        (
            "see https://www.linkedin.com/in/jane-doe-8a1b2c",
            "URL",
            "https://www.linkedin.com/in/jane-doe-8a1b2c",
        ),
        ("my blog is https://janedoe.net/notes", "URL", "https://janedoe.net/notes"),
        ("ping @jdoe_dev on twitter", "USERNAME", "@jdoe_dev"),
        ("my username is wolfcat88", "USERNAME", "wolfcat88"),
        ("I was born on March 3, 1985 in Ohio", "DATE_OF_BIRTH", "March 3, 1985"),
        ("DOB: 03/04/1985", "DATE_OF_BIRTH", "03/04/1985"),
        (
            "ship to 42 Elm Street, Apt 5B, Springfield, IL 62704 please",
            "STREET_ADDRESS",
            "42 Elm Street, Apt 5B, Springfield, IL 62704",
        ),
        ("Adresse: Hauptstraße 5, 10115 Berlin", "STREET_ADDRESS", "Hauptstraße 5, 10115 Berlin"),
        ("au 12 rue de la Paix, 75002 Paris", "STREET_ADDRESS", "12 rue de la Paix, 75002 Paris"),
        (
            "Flat 2, 221B Baker Street, London NW1 6XE",
            "STREET_ADDRESS",
            "Flat 2, 221B Baker Street, London NW1 6XE",
        ),
        ("passport number X1234567", "ID_NUMBER", "X1234567"),
        ("MRN: 00482913", "ID_NUMBER", "00482913"),
        ("NI number QQ 12 34 56 C", "ID_NUMBER", "QQ 12 34 56 C"),
        ("AWS_ACCESS_KEY_ID=AKIA4QZJ7MX2WB5KLR3T", "SECRET", "AKIA4QZJ7MX2WB5KLR3T"),
        (
            "token ghp_1234567890abcdefghijABCDEFGHIJ123456",
            "SECRET",
            "ghp_1234567890abcdefghijABCDEFGHIJ123456",
        ),
        (
            "ANTHROPIC_API_KEY=sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789",
            "SECRET",
            "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789",
        ),
        ("DB_PASSWORD=hunter2!", "SECRET", "hunter2!"),
        ("postgres://app:Tr0ub4dor&3@db:5432/x", "SECRET", "Tr0ub4dor&3"),
        ('"client_secret": "Zq8vLr2XwP9sKe4TbN7m"', "SECRET", "Zq8vLr2XwP9sKe4TbN7m"),
        ("My name is Sarah Johnson and I need help.", "PERSON", "Sarah Johnson"),
        (
            "[client 2a02:d380:6338:f248:a368:d1ed:3689:918b:51443] PHP Warning",
            "IP_ADDRESS",
            "2a02:d380:6338:f248:a368:d1ed:3689:918b",
        ),
        ("define( 'DB_PASSWORD', '&HFsxkqPPcnRe7NY' );", "SECRET", "&HFsxkqPPcnRe7NY"),
        (
            "CELERY_RESULT_BACKEND=redis://:N8rTq2LzW5vXy7Kb@cache:6379/0",
            "SECRET",
            "N8rTq2LzW5vXy7Kb",
        ),
        (
            "SENTRY_DSN=https://3f9c2a1b7e4d4c58a0b6d2e8f1c7a9b3@o448812.ingest.sentry.io/42",
            "SECRET",
            "3f9c2a1b7e4d4c58a0b6d2e8f1c7a9b3",
        ),
        (
            "sshd[118441]: Accepted publickey for rvanderveen from 81.2.69.142",
            "USERNAME",
            "rvanderveen",
        ),
        ("at Connection.onMessage (/home/skowalski/app/db.js:41:9)", "USERNAME", "skowalski"),
        ("her venmo is @Chloe-Vasquez-7", "USERNAME", "@Chloe-Vasquez-7"),
        ("Draft a note to my son's teacher, Ms. Okonkwo, please", "PERSON", "Ms. Okonkwo"),
        ("La pediatra dott.ssa Conti dice di aspettare", "PERSON", "dott.ssa Conti"),
        ("Name: Sieda Batukayev\nDate: 2003-08-28", "PERSON", "Sieda Batukayev"),
        ("[user]\n\tname = Juliette Laurent\n\temail = jl@pm.me", "PERSON", "Juliette Laurent"),
        ("Hi Marcus, quick one about Friday.", "PERSON", "Marcus"),
        ("follow up with naomi ryan about it", "PERSON", "naomi ryan"),
        ("ZELLE TO MARCUS T HALE  +2,418.77", "PERSON", "MARCUS T HALE"),
        ('Heather:"I\'m late again"', "PERSON", "Heather"),
        ("sometimes people call me višeslav", "PERSON", "višeslav"),
        ("our 3 founders: Morrison, Rogers and Torres", "PERSON", "Rogers"),
        ("Megan lives on Via Tasso 129.", "PERSON", "Megan"),
        ("I moved to Portland last year.", "LOCATION", "Portland"),
    ],
)
def test_finds(analyzer, text, label, value):
    assert (label, value) in found(analyzer, text)


def test_pem_private_key_is_one_secret(analyzer):
    key = (
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\nAAAABG5vbmU=\n"
        "-----END OPENSSH PRIVATE KEY-----"
    )
    assert found(analyzer, f"my key:\n{key}\nthanks") == [("SECRET", key)]


def test_invalid_checksums_are_not_reported(analyzer):
    # (a card or an IBAN the text calls one is reported whatever its check digits:
    # test_grammar_abroad_more; here nothing names one)
    text = (
        "see 4111 1111 1111 1112, then DE89 3704 0044 0532 0130 01, SSN 666-12-3456, ip 999.1.1.1"
    )
    assert found(analyzer, text) == []


def test_only_the_value_of_a_secret_assignment_is_labelled(analyzer):
    text = "OPENAI_API_KEY=sk-proj-Xq4v9TmL2cW8bN3rZp7Kd1Fh6Js0Ay5Eu"
    assert found(analyzer, text) == [("SECRET", "sk-proj-Xq4v9TmL2cW8bN3rZp7Kd1Fh6Js0Ay5Eu")]


@pytest.mark.parametrize(
    "text",
    [
        "request 123e4567-e89b-12d3-a456-426614174000 failed",
        "fixed in commit 3f786850e387550fdab836ed7e6dc881de23001b",
        "created_at=1712345678 updated_at=1712345699123",
        "upgrade numpy from 1.26.4 to 2.0.1 and python 3.11.7",
        "listening on 0.0.0.0:8080 and 127.0.0.1:5432",
        "color: #1e90ff; background: #fff;",
        "compare gpt-4o-mini with claude-3-5-sonnet and llama-3.1-8b",
        "class UserService(BaseService):\n    def get_user(self, user_id):\n"
        "        return self.repo.find(user_id)",
        "import com.acme.billing.InvoiceService;",
        "npm install @types/node @angular/core",
        "@dataclass\nclass Point:\n    x: int",
        "@media (max-width: 600px) { .nav { display: none; } }",
        "What did Abraham Lincoln say in the Gettysburg Address?",
        "Summarize Marie Curie's research on radioactivity.",
        "PORT=8080\nNODE_ENV=production\nLOG_LEVEL=debug\nMAX_TOKENS=4096",
        "JWT_SECRET=${JWT_SECRET}\nAPI_KEY=<your-api-key>\nPASSWORD=changeme",
        "docker pull nginx@sha256:0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31",
        "send it to user@example.com (documentation address)",
        "git clone git@github.com:psf/requests.git",
        "The ISBN is 978-3-16-148410-0 and the answer is 42.",
        "Stripe test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 9995 declines.",
        "The AWS docs use AKIAIOSFODNN7EXAMPLE as the sample access key.",
        "Einstein was born on 14 March 1879.",
        "Translate this into German, then into French.",
    ],
)
def test_hard_negatives_stay_untouched(analyzer, text):
    assert found(analyzer, text) == []


def test_every_builtin_is_registered_by_versioned_name():
    names = registered_names()
    for name in [
        "regex.email.v1",
        "phonenumbers.phone.v1",
        "secrets.v1",
        "spacy.ner.v1",
        "gliner.v1",
    ]:
        assert name in names
    assert all(name.rsplit(".", 1)[-1].startswith("v") for name in names)
    recognizer = create("regex.iban.v1")
    assert recognizer.name == "regex.iban.v1" and recognizer.labels == ("IBAN",)


def test_unknown_recognizer_names_the_known_ones():
    with pytest.raises(UnknownRecognizerError, match=r"regex\.email\.v1"):
        create("regex.emial.v1")


def test_ner_is_off_inside_code_but_on_in_its_strings_and_comments(analyzer):
    text = 'def notify(user_id):\n    send(user_id, "Sarah Connor")  # reviewed by Miles Okonedo\n'
    labels = found(analyzer, text)
    assert ("PERSON", "Sarah Connor") in labels
    assert ("PERSON", "Miles Okonedo") in labels
    assert all(value != "user_id" for _, value in labels)


def test_public_figure_tied_to_the_user_is_still_redacted(analyzer):
    assert ("PERSON", "Michael Jordan") in found(
        analyzer, "My neighbour Michael Jordan fixes bikes."
    )


@pytest.mark.parametrize(
    ("text", "url", "personal"),
    [
        (
            "my github handle is kestrel_dev and the bot lives at github.com/kestrel_dev/perch",
            "github.com/kestrel_dev/perch",
            True,
        ),
        ("how do I vendor github.com/psf/requests into my app?", "github.com/psf/requests", False),
        (
            "# owner: Ana Ruiz <ana@quillfern.org>\nurl = 'https://intranet.quillfern.org/hr/v1'",
            "https://intranet.quillfern.org/hr/v1",
            True,
        ),
        (
            'ALLOWED_HOSTS = ["api.quillfern.org"]\nADMIN_EMAIL = "ops@quillfern.org"',
            "api.quillfern.org",
            False,
        ),
        (
            "ask press@bbc.co.uk, or read https://www.bbc.co.uk/news first",
            "https://www.bbc.co.uk/news",
            False,
        ),
    ],
)
def test_a_url_is_personal_when_the_text_ties_its_account_or_domain_to_someone(text, url, personal):
    """A repository under a handle the text names elsewhere, and a page on the domain of
    an e-mail address no encyclopedia knows, say whose they are; a famous domain does not."""
    spans = create("regex.url.v1").find(text)
    assert any(text[s.start : s.end] == url for s in spans) is personal


@pytest.mark.parametrize(
    "piece",
    [
        "a" * 101,
        "x " + "b" * 100 + " y",
        "x " + "b" * 101 + "\n",
        "a" + " " * 101 + "b",
        "a" + "\t " * 60 + "b",
        "a\n" + " " * 100 + "\nb",
        "a" * 60 + "\x1c" + "a" * 60,
        "Hi, I'm Dana. " * 20,
    ],
)
def test_a_piece_is_made_readable_as_the_long_run_pattern_says(piece):
    # readable skips the pattern where no run is that long: the same text either way
    from veil.rules.recognizers import ner

    blanked = ner._LONG_RUN.sub(lambda run: ner._blank(len(run.group())), piece)
    assert ner.readable(piece) == blanked
