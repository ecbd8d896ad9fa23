"""veil as a mitmproxy script: ``mitmdump -s proxy/mitmdump_addon.py``.

Uses the same config dir as ``veil start`` ($VEIL_CONFIG_DIR or the user config dir).
Set ``allow_hosts`` yourself (``veil pac`` lists the hosts) to keep other TLS untouched.
"""

from veil.policies.paths import config_dir
from veil.proxy.addon import VeilAddon
from veil.proxy.pac import ServePac
from veil.proxy.site_policies import SitePolicies

_policies = SitePolicies.load(config_dir())
addons = [VeilAddon(_policies), ServePac(_policies)]
