"""spaCy is imported without torch (thinc would import it whenever it is installed), and
torch still imports afterwards for GLiNER."""

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
