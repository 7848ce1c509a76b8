#!/usr/bin/env bash
# Makes queue.db, a storage-format-1 database, with the `tessera` built from commit 5dc2a3e
# (the last build that wrote format 1), and records what that build reads back from it.
# Never rerun with a later build: it would write the current format, not format 1.
#
# Each command runs under libfaketime (Debian package `faketime`) with the clock frozen (faketime -f) at a
# whole second, so every stored instant is exact and the file is the same on every run.
# Two business days (store time zone Europe/London, day start 04:00): Friday 2026-11-27 and
# Monday 2026-11-30. The first command of the second day runs the day change, which closes
# the first day's waiting and parked tickets (carry-over policy closeWaiting).
#
# snapshot.txt is not written here: it is what StoreSnapshot (Tests/QueueStoreTests/Support)
# read from queue.db with the format-1 store code, in FormatUpgradeTests run at the commit that
# added this fixture (the test writes its reading to $TMPDIR/tessera-storage-v1-snapshot.txt).
# Its two `report` lines are the exception: the report's model changed (a range of days, rows
# that sum to the total), so they are this build's reading; the figures that kept their meaning
# are still compared with what the format-1 binary printed (report-*.json, in
# FormatUpgradeCommandLineTests).
#
# Usage: make-fixture.sh path/to/tessera   (writes beside this script)
set -euo pipefail
tessera=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
db="$here/queue.db"
rm -f "$db" "$db-wal" "$db-shm"
export TZ=Europe/London

at() { # at 'YYYY-MM-DD HH:MM:SS' queue-command arguments…
    local time=$1; shift
    echo "[$time] tessera queue $*" >&2
    faketime -f "$time" "$tessera" queue "$@" --database "$db" >/dev/null
}

# Friday 2026-11-27
at '2026-11-27 09:00:00' issue C                       # C001 #1
at '2026-11-27 09:01:00' issue R                       # R001 #2
at '2026-11-27 09:02:00' issue C --priority            # C002 #3
at '2026-11-27 09:03:00' issue S                       # S001 #4
at '2026-11-27 09:04:00' issue C                       # C003 #5
at '2026-11-27 09:05:00' issue R                       # R002 #6
at '2026-11-27 09:10:00' call --desk 1                 # C002 (priority) to desk 1
at '2026-11-27 09:11:00' start --desk 1             # C002 serving
at '2026-11-27 09:15:30' complete --desk 1             # C002 completed
at '2026-11-27 09:16:00' call --desk 2 --service R     # R001 to desk 2
at '2026-11-27 09:17:00' recall --desk 2
at '2026-11-27 09:20:00' no-show --desk 2              # R001 no-show
at '2026-11-27 09:21:00' cancel S001                   # S001 cancelled
at '2026-11-27 09:22:00' transfer C003 --to S --position front   # C003 waits in S
at '2026-11-27 09:23:00' call --desk 1 --service S     # C003 to desk 1
at '2026-11-27 09:24:00' start --desk 1             # C003 serving
at '2026-11-27 09:25:00' complete --desk 1             # C003 completed after a transfer
at '2026-11-27 09:30:00' call --desk 3 --service R     # R002 to desk 3
at '2026-11-27 09:31:00' park --desk 3                 # R002 parked, closed at day end
at '2026-11-27 10:00:00' services add X 'Extra desk'
at '2026-11-27 10:01:00' services set X --cap 25 --weight 3 --colour '#AA5500'
at '2026-11-27 10:02:00' services close X
# C001 stays waiting: closed at day end.

# Monday 2026-11-30 (the first command runs the day change)
at '2026-11-30 08:30:00' issue C                       # C001 #7
at '2026-11-30 08:31:00' issue C --priority            # C002 #8
at '2026-11-30 08:32:00' issue R                       # R001 #9
at '2026-11-30 08:33:00' issue S                       # S001 #10
at '2026-11-30 08:34:00' issue R --priority            # R002 #11
at '2026-11-30 08:35:00' issue S                       # S002 #12
at '2026-11-30 08:36:00' issue C                       # C003 #13
at '2026-11-30 08:37:00' issue R                       # R003 #14
at '2026-11-30 08:38:00' issue S                       # S003 #15
at '2026-11-30 09:00:00' call --desk 1 --service C     # C002 (priority) to desk 1
at '2026-11-30 09:01:00' start --desk 1             # C002 serving
at '2026-11-30 09:09:00' complete --desk 1             # C002 completed
at '2026-11-30 09:10:00' call --desk 1 --service C     # C001 to desk 1, stays called
at '2026-11-30 09:11:00' call --desk 2 --service R     # R002 (priority) to desk 2
at '2026-11-30 09:12:00' start --desk 2             # R002 serving
at '2026-11-30 09:13:00' call --desk 3 --service S     # S001 to desk 3
at '2026-11-30 09:14:00' park --desk 3                 # S001 parked
at '2026-11-30 09:15:00' call --desk 3 --service S     # S002 to desk 3
at '2026-11-30 09:16:00' park --desk 3                 # S002 parked …
at '2026-11-30 09:17:00' resume S002 --position back   # … and back in the queue
at '2026-11-30 09:18:00' transfer R001 --to S --position arrival   # R001 transferred, waiting
at '2026-11-30 09:19:00' call --desk 3 --service S     # R001 to desk 3
at '2026-11-30 09:20:00' no-show --desk 3              # R001 no-show
at '2026-11-30 09:21:00' cancel R003                   # R003 cancelled
at '2026-11-30 09:22:00' services open X
# C003, S002, S003 stay waiting.

# What the format-1 build reads back (the upgrade test compares the upgraded file with these).
read() { faketime -f '2026-11-30 12:00:00' "$tessera" queue "$@" --database "$db"; }
read list --day all --json > "$here/list.json"
read report --day 2026-11-27 --format json > "$here/report-2026-11-27.json"
read report --day 2026-11-30 --format json > "$here/report-2026-11-30.json"
sqlite3 "$db" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
