/* Baseline for issue_throughput: the SQLite transaction SQLiteQueueStore runs to issue a
 * ticket, written directly against the C API — same pragmas, same statements, same order,
 * the ticket's columns and an event payload of the same shape (storage format 5:
 * docs/storage-format.md; instants and events.at in Unix milliseconds) — with none of the
 * Swift layers (QueueCore's decide, Codable, the store's slice loader and diff writer).
 *
 * Like the store, it reads the small tables (settings, desks, staff) once, and each
 * service's held display numbers on its first issue, then keeps them while PRAGMA
 * data_version says no other connection has committed: the store's cache, which it checks
 * once per transaction.
 *
 * usage: store_issue DATABASE COUNT   (DATABASE prepared by `bench-store prepare`)
 * prints: tickets per second
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>

static sqlite3 *db;

static void check(int code, const char *what) {
    if (code != SQLITE_OK && code != SQLITE_ROW && code != SQLITE_DONE) {
        fprintf(stderr, "store_issue: %s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static sqlite3_stmt *prepare(const char *sql) {
    sqlite3_stmt *statement = NULL;
    check(sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL), sql);
    return statement;
}

/* Steps through every row, reading each column as the Swift store does (text or integer). */
static void drain(sqlite3_stmt *statement) {
    int code;
    while ((code = sqlite3_step(statement)) == SQLITE_ROW) {
        for (int column = 0; column < sqlite3_column_count(statement); column++) {
            if (sqlite3_column_type(statement, column) == SQLITE_INTEGER) (void)sqlite3_column_int64(statement, column);
            else (void)sqlite3_column_text(statement, column);
        }
    }
    check(code, "step");
    sqlite3_reset(statement);
}

static void run(sqlite3_stmt *statement) {
    check(sqlite3_step(statement), "step");
    sqlite3_reset(statement);
}

static int busy(void *unused, int attempts) {
    (void)unused;
    if (attempts >= 5000) return 0;
    usleep(attempts < 10 ? 100 : 1000);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: store_issue DATABASE COUNT\n"); return 2; }
    int count = atoi(argv[2]);
    check(sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, NULL), "open");
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_handler(db, busy, NULL);
    check(sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;", NULL, NULL, NULL), "pragmas");

    sqlite3_stmt *settings = prepare("SELECT key, value FROM settings");
    sqlite3_stmt *desks = prepare("SELECT data FROM desks ORDER BY number");
    sqlite3_stmt *staff = prepare("SELECT data FROM staff ORDER BY id");
    sqlite3_stmt *data_version = prepare("PRAGMA data_version");
    sqlite3_stmt *counter = prepare(
        "SELECT next_sequence, issued, recent_priority_arrivals FROM counters\n"
        "WHERE business_day = ?1 AND service = ?2");
    sqlite3_stmt *held = prepare("SELECT number FROM tickets WHERE issued_service = ?1 AND state IN ('waiting', 'called', 'serving', 'parked')");
    sqlite3_stmt *setting = prepare("INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    sqlite3_stmt *upsert_counter = prepare(
        "INSERT INTO counters (business_day, service, next_sequence, issued, recent_priority_arrivals)\n"
        "VALUES (?1, ?2, ?3, ?4, ?5)\n"
        "ON CONFLICT (business_day, service) DO UPDATE SET next_sequence = excluded.next_sequence,\n"
        "    issued = excluded.issued, recent_priority_arrivals = excluded.recent_priority_arrivals");
    sqlite3_stmt *ticket = prepare(
        "INSERT INTO tickets (id, business_day, issued_service, sequence, service, number, code, priority, state, "
        "issued_at, called_at, started_at, finished_at, desk, staff, recall_count, transfers, outcome, ordering_key, "
        "arrival_key, carry_overs, language) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22)");
    sqlite3_stmt *event = prepare("INSERT INTO events (kind, ticket_id, desk, staff, at, data) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");

    /* The day the store is in: the prepared file's current day. */
    char day[16] = "1970-01-01";
    sqlite3_stmt *current = prepare("SELECT value FROM settings WHERE key = 'current_day'");
    if (sqlite3_step(current) == SQLITE_ROW) snprintf(day, sizeof day, "%s", sqlite3_column_text(current, 0));
    sqlite3_finalize(current);

    /* The small tables, read once as the store's first command reads them into its cache,
     * keeping next_ticket_id. */
    long long id = 1;
    check(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), "begin");
    while (sqlite3_step(settings) == SQLITE_ROW) {
        const char *value = (const char *)sqlite3_column_text(settings, 1);
        if (strcmp((const char *)sqlite3_column_text(settings, 0), "next_ticket_id") == 0) id = atoll(value);
    }
    sqlite3_reset(settings);
    drain(desks); drain(staff);
    check(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), "commit");

    const char *services[] = {"C", "R", "S"};
    long long sequences[3] = {0, 0, 0};
    char json[1024], code[16], number_text[32];
    struct timespec start, end;
    struct rusage before, after;
    getrusage(RUSAGE_SELF, &before);
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int index = 0; index < count; index++) {
        const char *service = services[index % 3];
        check(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL), "begin");
        /* The cache check; nobody else writes, so the small tables stay as read. */
        drain(data_version);
        sqlite3_bind_text(counter, 1, day, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(counter, 2, service, -1, SQLITE_TRANSIENT);
        drain(counter);
        if (index < 3) {
            sqlite3_bind_text(held, 1, service, -1, SQLITE_TRANSIENT);
            drain(held);
        }
        long long sequence = ++sequences[index % 3];
        long long number = 1 + (sequence - 1) % 999;
        double now = (double)time(NULL) + index * 0.001;
        long long key = (long long)(now * 1000);
        snprintf(code, sizeof code, "%s%03lld", service, number);

        snprintf(number_text, sizeof number_text, "%lld", id + 1);
        sqlite3_bind_text(setting, 1, "next_ticket_id", -1, SQLITE_STATIC);
        sqlite3_bind_text(setting, 2, number_text, -1, SQLITE_TRANSIENT);
        run(setting);

        sqlite3_bind_text(upsert_counter, 1, day, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(upsert_counter, 2, service, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(upsert_counter, 3, sequence + 1);
        sqlite3_bind_int64(upsert_counter, 4, sequence);
        sqlite3_bind_text(upsert_counter, 5, "", -1, SQLITE_STATIC);
        run(upsert_counter);

        sqlite3_bind_int64(ticket, 1, id);
        sqlite3_bind_text(ticket, 2, day, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(ticket, 3, service, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(ticket, 4, sequence);
        sqlite3_bind_text(ticket, 5, service, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(ticket, 6, number);
        sqlite3_bind_text(ticket, 7, code, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(ticket, 8, "normal", -1, SQLITE_STATIC);
        sqlite3_bind_text(ticket, 9, "waiting", -1, SQLITE_STATIC);
        sqlite3_bind_int64(ticket, 10, key);
        for (int column = 11; column <= 15; column++) sqlite3_bind_null(ticket, column);
        sqlite3_bind_int64(ticket, 16, 0);
        sqlite3_bind_null(ticket, 17);
        sqlite3_bind_null(ticket, 18);
        sqlite3_bind_int64(ticket, 19, key);
        sqlite3_bind_int64(ticket, 20, key);
        sqlite3_bind_int64(ticket, 21, 0);
        sqlite3_bind_null(ticket, 22);
        run(ticket);

        snprintf(json, sizeof json,
            "{\"arrivalKey\":%lld,\"businessDay\":\"%s\",\"code\":\"%s\",\"number\":%lld,\"orderingKey\":%lld,"
            "\"priority\":\"normal\",\"sequence\":%lld,\"service\":\"%s\",\"ticket\":%lld,\"time\":%lld,"
            "\"type\":\"ticketIssued\"}",
            key, day, code, number, key, sequence, service, id, key);
        sqlite3_bind_text(event, 1, "ticketIssued", -1, SQLITE_STATIC);
        sqlite3_bind_int64(event, 2, id);
        sqlite3_bind_null(event, 3);
        sqlite3_bind_null(event, 4);
        sqlite3_bind_int64(event, 5, key);
        sqlite3_bind_text(event, 6, json, -1, SQLITE_TRANSIENT);
        run(event);
        check(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), "commit");
        id++;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    getrusage(RUSAGE_SELF, &after);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    if (getenv("BENCH_CPU")) {
        double user = ((after.ru_utime.tv_sec - before.ru_utime.tv_sec) * 1e6 + (after.ru_utime.tv_usec - before.ru_utime.tv_usec)) / count;
        double system = ((after.ru_stime.tv_sec - before.ru_stime.tv_sec) * 1e6 + (after.ru_stime.tv_usec - before.ru_stime.tv_usec)) / count;
        fprintf(stderr, "cpu per issue: user %.0f us, system %.0f us, wall %.0f us\n", user, system, seconds / count * 1e6);
    }
    printf("%.1f\n", count / seconds);
    sqlite3_close_v2(db);
    return 0;
}
