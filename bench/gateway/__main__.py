"""bench/gateway: a team deployment under load, on loopback.

    .venv/bin/python -m bench.gateway [--instances 3] [--clients 50] [--conversations 20]
                                      [--turns 4] [--probe 20] [--quick]

A real PostgreSQL (Debian's package) holds the shared vault; N `veil start` processes
(their own config and data dirs, the same policies, data key file and vault) serve the
gateway behind HAProxy in round-robin; a fake chat service echoes what it receives.
Clients (official OpenAI SDK, one API key each) run multi-turn conversations with names,
e-mails and phone numbers, resending the whole history every turn, some streamed, so
consecutive turns land on different instances. The same load runs straight to the fake
service, through one instance and through all of them; a sequential probe then times
veil's own latency. Writes bench/gateway/results/gateway.{json,md}; exits 1 if any
check fails, 2 if HAProxy or PostgreSQL is missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench.gateway.harness import MissingTool, Options, run
from bench.gateway.report import render
from bench.output import publish

QUICK = Options(instances=3, clients=6, conversations=3, turns=3, probe=5)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    defaults = Options()
    parser.add_argument("--instances", type=int, default=defaults.instances)
    parser.add_argument("--clients", type=int, default=defaults.clients)
    parser.add_argument("--conversations", type=int, default=defaults.conversations)
    parser.add_argument("--turns", type=int, default=defaults.turns)
    parser.add_argument(
        "--probe", type=int, default=defaults.probe, help="sequential conversations per path"
    )
    parser.add_argument("--quick", action="store_true", help=f"a small run: {QUICK}")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results"))
    args = parser.parse_args()
    try:
        options = (
            QUICK
            if args.quick
            else Options(args.instances, args.clients, args.conversations, args.turns, args.probe)
        )
    except ValueError as error:
        parser.error(str(error))
    try:
        results = run(options)
    except MissingTool as error:
        print(f"bench.gateway: {error}", file=sys.stderr)
        sys.exit(2)
    report = render(results)
    publish(args.out, "gateway", results, report)
    sys.exit(0 if results["summary"]["all_checks_passed"] else 1)


if __name__ == "__main__":
    main()
