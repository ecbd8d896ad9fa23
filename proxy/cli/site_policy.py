"""The policy `veil check` and `veil slow` run a text through, as the proxy would."""

from __future__ import annotations

import click

from veil.policies.loader import PolicyError
from veil.policies.schema import SitePolicy


def effective(site: str) -> SitePolicy:
    """SITE's policy with the user's files laid over it; a bad site or file is a usage error."""
    from veil.policies import paths
    from veil.proxy import site_policies  # looked up per call: tests replace it

    try:
        return site_policies.effective_policy(site, paths.config_dir())
    except PolicyError as error:
        raise click.UsageError(str(error)) from None
