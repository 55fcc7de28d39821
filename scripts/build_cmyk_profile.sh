#!/usr/bin/env bash
# Rebuild generator/profiles/havenprint-fogra39.icc, the CMYK output profile shop files embed.
# Needs Debian's icc-profiles-free (FOGRA39L.ti3, Fogra's characterization data for offset on
# coated paper, zlib licence) and argyll (ArgyllCMS colprof).
#   apt-get install icc-profiles-free argyll && scripts/build_cmyk_profile.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp /usr/share/color/icc/FOGRA39L.ti3 "$work/havenprint-fogra39.ti3"
# Medium quality tables; black starts at 40 % of the way to black and ends at 100 % (a medium
# GCR, close to common press separations: #2f5d62 -> about 80/40/46/37); 330 % total ink,
# FOGRA39's limit; the characterization data is not copied into the profile.
colprof -nc -qm -kp 0 0.4 1 1 0.7 -l330 -A "havenprint" \
    -D "havenprint FOGRA39 (built from FOGRA39L data with ArgyllCMS)" \
    -C "Built from FOGRA39L.ti3 (Fogra characterization data, zlib licence, Debian icc-profiles-free); no warranty" \
    "$work/havenprint-fogra39"
cp "$work/havenprint-fogra39.icc" generator/profiles/havenprint-fogra39.icc
