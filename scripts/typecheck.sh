#!/usr/bin/env bash
# mypy under the import name `combatcheck`. The repository root is the package (setuptools package-dir), which
# an editable install exposes through an import hook mypy can't follow, so link the root from a temp folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ln -s "$root" "$tmp/combatcheck"
cd "$tmp"
MYPYPATH="$tmp:$root/tests:$root/bench" mypy --config-file "$root/pyproject.toml" -p combatcheck
