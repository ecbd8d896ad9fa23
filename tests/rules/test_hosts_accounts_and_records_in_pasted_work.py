"""What pasted configs, logs, scripts and tables say about a firm and its people, read by
the grammar of each format: a URL's scheme (nested, as JDBC writes it) and its account
(RFC 3986's userinfo: a bare key makes the URL a credential); the account of an ssh or
rsync destination or of a login; a row's value under its column; a service desk's record
number and a payment platform's customer id by their documented shapes. A host in a
config or a log line stays a service's (its settings' and logs' hosts are what it uses),
and so does a service's account in a setting.
"""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels


@pytest.mark.parametrize(
    ("text", "url"),
    [
        # a nested scheme, on a private network's name
        (
            "spring.datasource.url=jdbc:mysql://db-main.quorvex.lan:3306/stock\n",
            "jdbc:mysql://db-main.quorvex.lan:3306/stock",
        ),
        # a key as the account of a URL: the whole URL, whatever the host
        (
            "SENTRY_DSN=https://9ab3c0ffee12@o55120.ingest.sentry.io/880211\n",
            "https://9ab3c0ffee12@o55120.ingest.sentry.io/880211",
        ),
    ],
)
def test_a_url_is_read_by_the_grammar_of_its_scheme_and_account(analyzer, text, url):
    assert protected_labels(analyzer, text).get(url) == "URL"


def test_a_mailbox_as_a_urls_account_is_an_email_address(analyzer):
    text = "MAIL_URL=smtp://bestellungen@tischlerei-quandt.de:587\n"
    assert protected_labels(analyzer, text).get("bestellungen@tischlerei-quandt.de") == "EMAIL"


def test_an_account_and_password_in_a_url_are_no_email_address(analyzer):
    text = "DATABASE_URL=postgres://tilda_q:Brame!2291@db.quorvex-labs.io:5432/app\n"
    found = protected_labels(analyzer, text)
    assert found.get("tilda_q") == "USERNAME"
    assert not any("@" in value for value in found)  # no e-mail address made of it


@pytest.mark.parametrize(
    "text",
    [
        "API_URL=https://api.openai.com/v1\n",  # a public service's host
        "x = self.data.info\nprint(x)\n",  # an attribute chain ending in a suffix's name
        "The tutorial at https://docs.python.org/3/ explains it.",
        "import os.path\n",
        # a setting's and a log's hosts are the services the system uses
        "    server_name orders.kesterwood-dairy.pl;\n",
        '127.0.0.1 - "GET /orders HTTP/1.1" 200 "https://app.brandmoor-tills.io/orders"\n',
    ],
)
def test_public_services_and_code_are_no_firms_hosts(analyzer, text):
    assert "URL" not in protected_labels(analyzer, text).values()


@pytest.mark.parametrize(
    ("text", "account"),
    [
        ('FATAL: password authentication failed for user "qv_billing"', "qv_billing"),
        ("The worker runs as user tamsin_ops under systemd.", "tamsin_ops"),
        ('rsync -avz ./dist/ relay_kw@"$node":/srv/app/', "relay_kw"),
        ("ssh -p 2222 orlagh.b@203.0.113.9 'uptime'", "orlagh.b"),
    ],
)
def test_an_account_is_read_where_a_setting_or_a_login_names_it(analyzer, text, account):
    assert protected_labels(analyzer, text).get(account) == "USERNAME"


@pytest.mark.parametrize(
    "text",
    [
        "ssh root@203.0.113.9 'uptime'",  # every machine's account
        "CURRENT_USER = get_current_user()\n",  # a call, not a value
        "MARIADB_USER: wp\nDOCKER_USER=ci-bot\n",  # a service's account in a setting
    ],
)
def test_generic_accounts_and_calls_are_no_ones(analyzer, text):
    assert "USERNAME" not in protected_labels(analyzer, text).values()


@pytest.mark.parametrize(
    ("text", "number"),
    [
        # a digit run led by a zero is no amount or year
        ("I scan in with badge 04417 every shift.", "04417"),
        # a row's first value, under a header line that ends in another column's word
        ("case_ref | status\nKLW-00412 | open\nKLW-00977 | closed\n", "KLW-00412"),
        # a service desk's record, though it has the shape of India's voter id
        ("Please close INC0031877 for the caller, it is resolved.", "INC0031877"),
        # a payment platform's customer
        ("The webhook fails for cus_T8bQz2LmVw4Kd9 only.", "cus_T8bQz2LmVw4Kd9"),
    ],
)
def test_records_and_ids_are_read_by_their_formats(analyzer, text, number):
    assert number in protected_labels(analyzer, text)


@pytest.mark.parametrize(
    "text",
    [
        "We sold 731 units in 2023.",
        "Wear your badge 0731 at the gate.",  # four digits led by a zero: a time
    ],
)
def test_counts_and_short_codes_are_no_records(analyzer, text):
    assert not any(
        label in ("ID_NUMBER", "SECRET") for label in protected_labels(analyzer, text).values()
    )


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            'Log line:\n`12:04:55 INFO charge customer=CU-88120 name="Odile Marchetti" ok`\n',
            "Odile Marchetti",
        ),
        (
            'rows:\n[{"id": 7, "customer_name": "Tobias Wrenfield", "plan": "pro"}]\n',
            "Tobias Wrenfield",
        ),
    ],
)
def test_a_persons_name_in_a_records_name_field(analyzer, text, name):
    assert protected_labels(analyzer, text).get(name) == "PERSON"


def test_a_products_name_field_is_no_persons(analyzer):
    text = '`{"product_name": "Galaxy Tab", "sku": "GT-10"}`\n'
    assert "PERSON" not in protected_labels(analyzer, text).values()
