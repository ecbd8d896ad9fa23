"""Accounts and hosts a pasted config or log gives away by its format: a URL's user, the
owner in a registry's path or an npm scope, a host on a private network or one named for
a person; a public project's, a service account's and a cluster's default names are not."""

from __future__ import annotations

import pytest

from tests.conftest import protected_labels as protected


@pytest.mark.parametrize(
    ("text", "value", "label"),
    [
        ("DATABASE_URL=postgres://ravi_k:Tq8mLp2vX@db:5432/shop", "ravi_k", "USERNAME"),
        ('DATABASE_URL="mysql://huber:Kq7wP2xR9mZt@db:3306/app"', "huber", "USERNAME"),
        ("  repository: ghcr.io/okoro-tunde/farmgate-api", "okoro-tunde", "USERNAME"),
        ("> @lisa-simpson-dev/invoice-tool@1.4.0 test", "lisa-simpson-dev", "USERNAME"),
        ("could not translate host name db.kanthwal-home.lan", "db.kanthwal-home.lan", "URL"),
        ("ping nas.home.arpa from the laptop", "nas.home.arpa", "URL"),
        (
            "fetch('https://api.staging.kofi-mensah.dev/v1/patients')",
            "https://api.staging.kofi-mensah.dev/v1/patients",
            "URL",
        ),
    ],
)
def test_a_persons_account_or_host_in_a_config_is_protected(analyzer, text, value, label):
    assert protected(analyzer, text).get(value) == label


@pytest.mark.parametrize(
    "text",
    [
        "CELERY_BROKER_URL=amqp://billing:yAWeO07cLwt5jPXy@broker:5672",  # a service's
        "image: docker.io/library/nginx:1.27 and quay.io/prometheus/node-exporter",
        "import { Component } from '@angular/core'; npm i @types/node @tanstack/react-query",
        "host=ledger-db.payments.svc.cluster.local port=5432",  # Kubernetes' own domain
        "see https://docs.python.org/3/library/re.html and https://github.com/torvalds/linux",
    ],
)
def test_public_projects_services_and_default_names_are_left(analyzer, text):
    assert {k: v for k, v in protected(analyzer, text).items() if v in ("USERNAME", "URL")} == {}


def test_a_handle_named_again_in_prose_is_protected_there_too(analyzer):
    text = "> @lisa-simpson-dev/invoice-tool@1.4.0 test\nlisa-simpson-dev is my GitHub handle"
    spans = [s for s in analyzer.analyze(text) if text[s.start : s.end] == "lisa-simpson-dev"]
    assert len(spans) == 2
