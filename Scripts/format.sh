#!/usr/bin/env bash
# Formats every Swift file of the repository in place with the toolchain's swift-format.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z -- '*.swift' | xargs -0 swift format format --in-place --parallel
