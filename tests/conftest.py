"""The repository root is the package `combatcheck` itself (setuptools package-dir), and it holds `__init__.py`, so
pytest would collect it as a test package and import that `__init__.py` under the name of the checkout directory.
A clone into a directory whose name is not a Python identifier (`git clone URL combatcheck-main`) then fails every
test with "attempted relative import with no known parent package". The tests import the installed package
(`pip install -e .`), so the root is collected as a plain directory instead.

A run that hangs must end with the place where it hangs: pytest-timeout (pyproject.toml) ends a test that runs too
long, and a watchdog ends the process if it is still alive long after the session (a thread or a child that never
ends), each dumping every thread's stack. CI once timed out after pytest had printed its summary, with no clue.
"""

from __future__ import annotations

import faulthandler
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from api_contract import checked_request
from browser_support import browser  # noqa: F401  (the browser tests' headless Chromium, a fixture)

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent
EXIT_WATCHDOG_SECONDS = 300
EMPTY_CACHE = pytest.StashKey[str]()
TERMINAL_SETTINGS = ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES")


class RootIsNotATestPackage:
    """A plugin (not a conftest hook, which pytest would only ask about paths under tests/)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_collect_directory(self, path: Path, parent: pytest.Collector) -> pytest.Collector | None:
        if path.resolve() == REPOSITORY_ROOT:
            return pytest.Dir.from_parent(parent, path=path)
        return None


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(RootIsNotATestPackage(), "combatcheck-root-is-not-a-test-package")
    # The tests (and the commands they start) see the bundled card database, not one that `cards import` left in
    # this machine's cache directory; a test about imported databases sets its own directory.
    config.stash[EMPTY_CACHE] = os.environ["COMBATCHECK_CACHE_DIR"] = tempfile.mkdtemp(prefix="combatcheck-tests-")
    # Output captured by the tests is not a terminal, whatever the CI's environment says: rich would otherwise draw
    # its progress bar and colours (FORCE_COLOR, TTY_COMPATIBLE) or wrap at a width (COLUMNS) set there.
    for name in TERMINAL_SETTINGS:
        os.environ.pop(name, None)


def pytest_unconfigure(config: pytest.Config) -> None:
    if EMPTY_CACHE in config.stash:
        shutil.rmtree(config.stash[EMPTY_CACHE], ignore_errors=True)
    # A C-level timer, not a Python thread: it never delays a normal exit, and fires even if every thread is stuck.
    faulthandler.dump_traceback_later(EXIT_WATCHDOG_SECONDS, exit=True, file=2)  # the real stderr


@pytest.fixture(scope="session", autouse=True)
def watch_test_clients() -> Iterator[None]:
    """Every answer a test receives from the desk through a TestClient validates against the desk's OpenAPI
    description (tests/api_contract.py), whichever test file asks."""
    from starlette.testclient import TestClient

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TestClient, "request", checked_request(TestClient.request))
        yield
