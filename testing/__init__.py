"""What the tests and the benchmarks run veil against, in the repository only (the wheel
does not ship it, as mitmproxy keeps its own in ``mitmproxy.test``): a fake chat
service over real HTTPS, a PostgreSQL server on loopback, veil's proxy on a thread."""
