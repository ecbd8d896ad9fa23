# The two commands in the README. Both set everything up first (fast when already done).
.PHONY: run test unit bench lint

run:
	@install/setup.sh runtime
	.venv/bin/veil start

test:
	@install/setup.sh dev
	@install/system-packages.sh
	.venv/bin/ruff check .
	.venv/bin/python -m pytest -n 2 -q

# The fast unit tests (no e2e/, bench/, install/, nothing marked slow): under a minute.
unit:
	@install/setup.sh dev
	# bytecode cached even where the environment turns it off: imports are most of the start-up
	PYTHONDONTWRITEBYTECODE= .venv/bin/python -m pytest -n 2 -q -m unit tests/rules tests/policies tests/local_models tests/proxy tests/test_layers.py

bench:
	@install/setup.sh dev
	.venv/bin/python -m bench.redaction

lint:
	.venv/bin/ruff check . && .venv/bin/ruff format --check .
