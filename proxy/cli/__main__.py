"""``python -m veil.proxy.cli``: what the service units and tests run."""

from veil.proxy.cli import main

main()
