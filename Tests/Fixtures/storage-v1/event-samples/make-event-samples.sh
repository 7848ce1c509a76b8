#!/usr/bin/env bash
# Writes ../events-every-type.tsv: one format-1 events row per event type, encoded by the
# format-1 code itself. Usage: make-event-samples.sh FORMAT1_SOURCES, a checkout of commit
# 5dc2a3e (e.g. `git archive 5dc2a3e | tar -x -C DIR`).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
old=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One module: QueueCore and the store's encoders, without the imports between them.
cp "$old"/Sources/QueueCore/*.swift "$work/"
for file in StreamingJSONEncoder JSONBuffer DayText TicketJSON; do
    sed '/^import QueueCore$/d' "$old/Sources/QueueStore/SQLite/$file.swift" > "$work/$file.swift"
done
cp "$here/main.swift" "$work/main.swift"
swiftc -O -module-name Samples "$work"/*.swift -o "$work/samples"
"$work/samples" > "$here/../events-every-type.tsv"
