#!/usr/bin/env bash
# Builds one libFuzzer binary: the JSON, model, HTML, core, importer and media sources compiled as
# a single module (their `import Catalog…` lines dropped) with the fuzz entry point, ASan and libFuzzer.
# Usage: Tests/Fuzz/build.sh TARGET OUT   (TARGET: json, import, canonical, gif, review, diff, manifest, server)
# The manifest target adds the build reader (and the file and SQLite layers it stands on).
set -euo pipefail
target=$1; out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
extra=(); libs=()
if [ "$target" = manifest ]; then
  extra=("$root"/Sources/CatalogSQLite/*.swift "$root"/Sources/CatalogReader/*.swift "$root"/Tests/Fuzz/FuzzManifestChecks.swift)
  libs=(-I "$root/Sources/CSQLite" -lsqlite3)
fi
# The server target adds the workbench's request handling (not libmicrohttpd: HTTPServer*.swift).
if [ "$target" = server ]; then
  extra=("$root"/Sources/CatalogServer/{HTML,HTTPMessage,RequestTarget,Router,Security}.swift "$root"/Tests/Fuzz/FuzzServerChecks.swift)
fi
# CatalogFiles is in every target: the media reader reads through it (size checked before reading).
modules=$(find "$root"/Sources/CatalogJSON "$root"/Sources/CatalogModel "$root"/Sources/CatalogRecords "$root"/Sources/CatalogHTML "$root"/Sources/CatalogCore \
  "$root"/Sources/CatalogImporters "$root"/Sources/CatalogFiles "$root"/Sources/CatalogMedia -name '*.swift' | sort)
for f in $modules "$root"/Tests/Fuzz/FuzzTargets.swift "$root"/Tests/Fuzz/FuzzChecks.swift ${extra[@]+"${extra[@]}"}; do
  sed -E '/^(@_exported )?import Catalog/d' "$f" > "$work/$(basename "$(dirname "$f")")-$(basename "$f")"
done
flag=FUZZ_$(echo "$target" | tr a-z A-Z)
swiftc -sanitize=fuzzer,address -parse-as-library -O -D "$flag" -module-name Fuzz -package-name ExerciseCatalog \
  -I "$root/Sources/CLibXML2" -I "$root/Sources/CCrypto" -I "$root/Sources/CGif" -I "$root/Sources/CSystem" -Xcc -I/usr/include/libxml2 \
  ${libs[@]+"${libs[@]}"} "$work"/*.swift -lxml2 -lcrypto -lgif -o "$out"
