"""Installing (issue 23 §3): an sdist and a wheel are built from the tracked files (`python -m build
--no-isolation`: offline, with the build tools of the test extras), the wheel is installed in a fresh virtual
environment, and the README's example runs from it: the command, the library, the card database and the desk's
files all come from the wheel, not from the source tree.

Marked `packaging`: the whole suite (CI) runs it once; `python -m pytest -m "not packaging"` leaves it out. It
takes about 15 s. The fresh environment gets the wheel alone (`--no-deps --no-index`: no registry); its
dependencies are this environment's, appended to its path after its own site-packages, so the wheel's
combatcheck is the one imported."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _setuptools_major() -> int:
    try:
        return int(importlib.metadata.version("setuptools").split(".")[0])
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return 0


pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(
        importlib.util.find_spec("build") is None or _setuptools_major() < 77,
        reason="needs the test extras' build tools (build, setuptools>=77): pip install -e '.[test]'",
    ),
]


def tracked_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False)
    if listed.returncode != 0:
        pytest.skip("needs a git checkout to know the tracked files")
    return [name for name in listed.stdout.decode().split("\0") if name and (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel of a copy of the tracked files (nothing is written into the checkout)."""
    work = tmp_path_factory.mktemp("packaging")
    source = work / "source"
    for name in tracked_files():
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    dist = work / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", str(dist), str(source)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = dist.glob("combatcheck-*.whl")
    (sdist,) = dist.glob("combatcheck-*.tar.gz")
    return {"wheel": wheel, "sdist": sdist, "work": work}


@pytest.fixture(scope="module")
def fresh(built: dict[str, Path]) -> Path:
    """A fresh virtual environment with the wheel installed; returns its bin directory."""
    env = built["work"] / "env"
    venv.EnvBuilder(with_pip=True).create(env)
    bin_dir = env / "bin"
    python = bin_dir / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(built["wheel"])],
        check=True,
        capture_output=True,
        timeout=120,
    )
    own = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    dependencies = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(own) / "_dependencies.pth").write_text("\n".join(sorted(dependencies)) + "\n")
    return bin_dir


def test_the_wheel_holds_the_package_and_its_data(built: dict[str, Path]) -> None:
    names = set(zipfile.ZipFile(built["wheel"]).namelist())
    for needed in (
        "combatcheck/__init__.py",
        "combatcheck/py.typed",
        "combatcheck/cards/data/cards.json.gz",
        "combatcheck/desk/static/index.html",
        "combatcheck/solver/rules/__init__.py",
    ):
        assert needed in names, needed
    assert not any(n.startswith(("tests/", "combatcheck/tests/", "examples/")) for n in names)
    entry = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "combatcheck = combatcheck.cli:main" in zipfile.ZipFile(built["wheel"]).read(entry).decode()


def test_the_sdist_builds_the_same_package(built: dict[str, Path]) -> None:
    with tarfile.open(built["sdist"]) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"pyproject.toml", "README.md", "__init__.py", "cards/data/cards.json.gz", "desk/static/desk.js"} <= names


def test_the_readme_example_runs_from_the_installed_wheel(fresh: Path, tmp_path: Path) -> None:
    example = tmp_path / "menace.yaml"
    shutil.copy(ROOT / "examples" / "cr-509.1c-menace.yaml", example)
    ran = subprocess.run(
        [str(fresh / "combatcheck"), "check", str(example)], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert ran.returncode == 1, ran.stderr
    assert ran.stdout.splitlines()[0] == "ILLEGAL"
    assert "Watchful Sentry (sentry) blocks each combat if able" in ran.stdout


def test_the_library_and_the_card_database_come_from_the_wheel(fresh: Path, tmp_path: Path) -> None:
    """A board written with card names needs the card database the wheel carries."""
    example = tmp_path / "lure.yaml"
    shutil.copy(ROOT / "examples" / "cards-lure.yaml", example)
    code = (
        "import json, sys, combatcheck\n"
        "report = combatcheck.check(sys.argv[1])\n"
        "print(json.dumps({'file': combatcheck.__file__, 'verdict': report.verdict,"
        " 'version': combatcheck.__version__}))\n"
    )
    ran = subprocess.run(
        [str(fresh / "python"), "-c", code, str(example)], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert ran.returncode == 0, ran.stderr
    answer = json.loads(ran.stdout)
    assert Path(answer["file"]).is_relative_to(fresh.parent), answer["file"]
    assert answer["verdict"] in ("legal", "illegal")
    import combatcheck

    assert answer["version"] == combatcheck.__version__
    assert answer["verdict"] == combatcheck.check(ROOT / "examples" / "cards-lure.yaml").verdict
