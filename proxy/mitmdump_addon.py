"""veil as a mitmproxy script: ``mitmdump -s proxy/mitmdump_addon.py``.

Uses the same config and data dirs as ``veil start`` ($VEIL_CONFIG_DIR, $VEIL_DATA_DIR or
the user dirs), so the vault and the redaction log are the same too.
Set ``allow_hosts`` yourself (``veil pac`` lists the hosts) to keep other TLS untouched.
"""

from veil.policies.paths import config_dir, data_dir
from veil.proxy.addon import VeilAddon
from veil.proxy.pac import ServePac
from veil.proxy.server import open_records
from veil.proxy.site_policies import SitePolicies

_policies = SitePolicies.load(config_dir())
addons = [VeilAddon(_policies, *open_records(data_dir())), ServePac(_policies)]
