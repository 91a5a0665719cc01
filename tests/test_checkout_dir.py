"""The README's test command works in a clone whose directory name is not a Python identifier.

The repository root is the package itself (it holds `__init__.py` with relative imports); without tests/conftest.py,
pytest imports that file as a module named `__init__` when the checkout is called e.g. `combatcheck-main`, and every
test errors. This test builds a miniature of that layout, with the project's own conftest, and runs pytest in it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def run_pytest_in_a_clone_named(tmp_path: Path, name: str, *, with_conftest: bool) -> subprocess.CompletedProcess[str]:
    clone = tmp_path / name
    (clone / "tests").mkdir(parents=True)
    (clone / "__init__.py").write_text("from .part import VALUE\n")
    (clone / "part.py").write_text("VALUE = 1\n")
    (clone / "pyproject.toml").write_text('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    (clone / "tests" / "test_one.py").write_text("def test_one() -> None:\n    assert True\n")
    if with_conftest:
        # The conftest imports helper modules of tests/ (the browser fixture, the API contract): copy every module that
        # is not itself a test file, so a new helper can't break this test again.
        for helper in TESTS.glob("*.py"):
            if not helper.name.startswith("test_"):
                shutil.copy(helper, clone / "tests" / helper.name)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=clone,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_clone_named_with_a_hyphen_runs_its_tests(tmp_path: Path) -> None:
    result = run_pytest_in_a_clone_named(tmp_path, "combatcheck-main", with_conftest=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout


def test_without_the_conftest_such_a_clone_fails(tmp_path: Path) -> None:
    # Keeps the test above honest: the layout does reproduce the failure the conftest prevents.
    result = run_pytest_in_a_clone_named(tmp_path, "combatcheck-main", with_conftest=False)
    assert result.returncode != 0
    assert "relative import" in result.stdout + result.stderr
