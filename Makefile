# The two commands in the README. Both set everything up first (fast when already done).
.PHONY: run test bench lint

run:
	@install/setup.sh runtime
	.venv/bin/veil start

test:
	@install/setup.sh dev
	@install/system-packages.sh
	.venv/bin/ruff check .
	.venv/bin/python -m pytest -n 2 -q

bench:
	@install/setup.sh dev
	.venv/bin/python -m bench.redaction

lint:
	.venv/bin/ruff check . && .venv/bin/ruff format --check .
