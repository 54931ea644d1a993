"""One import namespace: the package installs as ``verigrpo.*`` and nothing else of ours is a top-level package, so
another distribution whose import name is ``verifiers`` (PrimeIntellect's) installs beside it, in either order,
and both stay importable. Checked with real installs of a wheel into a fresh virtual environment."""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOP_LEVEL = ("verifiers", "sandboxes", "grpo_train", "benchmarks", "integrations")


def _run(*cmd: str | Path, cwd: Path | None = None) -> str:
    out = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, f"{cmd}\n{out.stdout}\n{out.stderr}"
    return out.stdout


def _other_verifiers(tmp: Path) -> Path:
    """A stand-in for PrimeIntellect's ``verifiers``: a distribution whose top-level package is ``verifiers``."""
    src = tmp / "other"
    (src / "verifiers").mkdir(parents=True)
    (src / "verifiers" / "__init__.py").write_text('WHO = "the other verifiers"\n')
    (src / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n'
        '[project]\nname = "verifiers"\nversion = "9.9"\n[tool.setuptools]\npackages = ["verifiers"]\n'
    )
    return src


def _checkout_copy(tmp: Path) -> Path:
    """The tracked files of this checkout (a build writes into its source tree; keep ours clean)."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    dst = tmp / "verigrpo_src"
    for name in filter(None, files):
        path = ROOT / name.decode()
        if path.is_file():
            (dst / name.decode()).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dst / name.decode())
    for extra in ("verigrpo", "integrations"):  # new folders may be untracked while this change is written
        if (ROOT / extra).is_dir() and not (dst / extra).exists():
            shutil.copytree(ROOT / extra, dst / extra, ignore=shutil.ignore_patterns("__pycache__"))
    return dst


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("namespace")
    venv.create(tmp / "venv", system_site_packages=True, with_pip=False, symlinks=True)
    python = tmp / "venv" / "bin" / "python"
    # build both wheels with this interpreter's setuptools (no network)
    wheels = tmp / "wheels"
    for src in (_checkout_copy(tmp), _other_verifiers(tmp)):
        _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", wheels, src)
    return {"python": python, "wheels": wheels, "tmp": tmp}


CHECK = (
    "import importlib.util, verifiers, verigrpo.verifiers as ours;"
    "from verigrpo.verifiers import get_verifier;"
    "assert verifiers.WHO == 'the other verifiers', verifiers.__file__;"
    "assert get_verifier('math')('\\\\boxed{4}', {'reference': '4'}).outcome == 1.0;"
    "assert ours.__file__.endswith('verigrpo/verifiers/__init__.py'), ours.__file__;"
    f"assert not any(importlib.util.find_spec(n) for n in {TOP_LEVEL[1:]!r}), 'a top-level package of ours';"
    "print('both importable')"
)


@pytest.mark.parametrize("order", ["ours_first", "theirs_first"])
def test_verigrpo_and_another_verifiers_package_install_side_by_side(env, order, tmp_path):
    target = tmp_path / "site"  # a fresh install target per order; the venv supplies the dependencies
    wheels = sorted(env["wheels"].glob("*.whl"), key=lambda w: w.name.startswith("verifiers-") == (order == "ours_first"))
    for wheel in wheels:
        _run(sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q", "--target", target, wheel)
    assert (target / "verifiers" / "__init__.py").read_text() == 'WHO = "the other verifiers"\n'  # not overwritten
    assert (target / "verigrpo" / "verifiers" / "math" / "verifier.py").is_file()
    assert not any((target / name).exists() for name in TOP_LEVEL[1:])
    out = _run(env["python"], "-I", "-c", f"import sys; sys.path.insert(0, {str(target)!r}); {CHECK}", cwd=env["tmp"])
    assert "both importable" in out
