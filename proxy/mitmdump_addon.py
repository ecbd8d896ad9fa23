"""veil as a mitmproxy script: ``mitmdump -s proxy/mitmdump_addon.py``.

Uses the same config dir as ``veil start`` ($VEIL_CONFIG_DIR or the user config dir).
Set ``allow_hosts`` yourself (``veil pac`` lists the hosts) to keep other TLS untouched.
Edits to the policy files and the profile are picked up while it runs, as with
``veil start``, but ``allow_hosts`` stays as you set it.
"""

from veil.policies.paths import config_dir
from veil.proxy.addon import VeilAddon
from veil.proxy.site_policies import SitePolicies

addons = [VeilAddon(SitePolicies.load(config_dir()))]
