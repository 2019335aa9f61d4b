#!/usr/bin/env bash
#===- scripts/update-docs.sh - Refresh docs/Dialects from ODS ------------===#
#
# Regenerates the dialect reference (add_mlir_doc) and copies it into
# docs/Dialects, where the lit test docs-up-to-date.test compares them.
#
#===----------------------------------------------------------------------===#
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
strata_build strata-doc
mkdir -p "$STRATA_ROOT/docs/Dialects"
cp "$STRATA_BUILD_DIR"/docs/Dialects/*.md "$STRATA_ROOT/docs/Dialects/"
echo "== updated $(ls "$STRATA_ROOT"/docs/Dialects | wc -l) pages in docs/Dialects"
