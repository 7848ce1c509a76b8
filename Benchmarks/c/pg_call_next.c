/* Baseline for pg_call_next: the PostgreSQL transactions PostgresQueueStore runs for "call next"
 * and "no-show" at a desk, written directly against libpq: the same statements in the same
 * order and the same SQL text (the store's advisory lock, row locks returning the locked desk's data, settings and staff, lane heads FOR UPDATE
 * SKIP LOCKED, counter rows FOR UPDATE where a priority head waits, desk row, the guarded ticket update, pg_notify,
 * event ids from event_log_head with the event rows in one statement, command key), prepared once per connection, with the
 * ticket's columns copied from the row it read and JSON payloads of the same shape made by string
 * edits, instead of QueueCore's decide and Codable.
 * Checked against the store with log_statement=all (Benchmarks/README.md, pg_call_next).
 *
 * usage: pg_call_next URL DESKS CALLS   (database prepared by `bench-postgres prepare`)
 * prints: calls per second
 */
#include <libpq-fe.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *url;
static int calls;

/* A ticket's columns (format 5), in the store's order (TicketRow.swift). */
#define TICKET_COLUMNS "id, business_day, issued_service, sequence, service, number, code, priority, state, " \
    "issued_at, called_at, started_at, finished_at, desk, staff, recall_count, transfers, outcome, ordering_key, " \
    "arrival_key, carry_overs, language"
enum { T_ID = 0, T_SERVICE = 4, T_CALLED_AT = 10, T_STAFF = 14, T_ORDERING_KEY = 18, T_ARRIVAL_KEY = 19 };

/* What a command writes back of the ticket it read: the columns an update may change. */
struct ticket {
    char id[32], service[8], called_at[32], staff[32], ordering_key[32], arrival_key[32];
    int has_staff;
};

static void copy(char *out, size_t size, PGresult *r, int column) { snprintf(out, size, "%s", PQgetvalue(r, 0, column)); }

static void read_ticket(PGresult *r, struct ticket *t) {
    copy(t->id, sizeof t->id, r, T_ID);
    copy(t->service, sizeof t->service, r, T_SERVICE);
    copy(t->called_at, sizeof t->called_at, r, T_CALLED_AT);
    t->has_staff = !PQgetisnull(r, 0, T_STAFF);
    copy(t->staff, sizeof t->staff, r, T_STAFF);
    copy(t->ordering_key, sizeof t->ordering_key, r, T_ORDERING_KEY);
    copy(t->arrival_key, sizeof t->arrival_key, r, T_ARRIVAL_KEY);
}

static PGresult *run(PGconn *c, const char *name, int n, const char *const *values) {
    PGresult *r = PQexecPrepared(c, name, n, values, NULL, NULL, 0);
    ExecStatusType s = PQresultStatus(r);
    if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK) {
        fprintf(stderr, "pg_call_next: %s: %s", name, PQerrorMessage(c));
        exit(1);
    }
    return r;
}

static void exec1(PGconn *c, const char *sql) { PQclear(PQexec(c, sql)); }

static void prepare(PGconn *c, const char *name, const char *sql) {
    PGresult *r = PQprepare(c, name, sql, 0, NULL);
    if (PQresultStatus(r) != PGRES_COMMAND_OK) { fprintf(stderr, "prepare %s: %s", name, PQerrorMessage(c)); exit(1); }
    PQclear(r);
}

/* Replaces the first `from` in `text` with `to` (a new string). */
static char *replaced(const char *text, const char *from, const char *to) {
    const char *at = strstr(text, from);
    size_t head = at ? (size_t)(at - text) : strlen(text);
    char *out = malloc(strlen(text) + strlen(to) + 1);
    memcpy(out, text, head);
    strcpy(out + head, at ? to : "");
    if (at) strcat(out, at + strlen(from));
    return out;
}

/* The small tables the shared path reads besides the desk row its lock returned. */
static void read_base(PGconn *c) {
    PQclear(run(c, "settings", 0, NULL));
    PQclear(run(c, "staff", 0, NULL));
}

static void finish(PGconn *c, const char *desk, const char *desk_data, const struct ticket *t,
                   const char *expected, const char *kind, const char *key) {
    const char *desk_values[] = {desk, desk_data};
    PQclear(run(c, "upsert_desk", 2, desk_values));
    char at[32], ids[48];
    snprintf(at, sizeof at, "%ld", (long)time(NULL) * 1000);
    const char *id = t->id;
    int calling = expected[0] == 'w';
    const char *ticket_values[] = {id, t->service, calling ? "called" : "noShow", calling ? at : t->called_at, NULL,
        calling ? NULL : at, desk, t->has_staff ? t->staff : NULL, "0", NULL, NULL, t->ordering_key, t->arrival_key,
        "0", NULL, expected};
    PGresult *u = run(c, "update_ticket", 16, ticket_values);
    if (strcmp(PQcmdTuples(u), "1") != 0) { fprintf(stderr, "pg_call_next: guard failed\n"); exit(1); }
    PQclear(u);
    const char *notify_values[] = {"tessera_events"};
    PQclear(run(c, "notify", 1, notify_values));
    char event[64], json[512];
    snprintf(json, sizeof json, "{\"type\":\"%s\",\"time\":%s,\"ticket\":%s,\"desk\":%s}", kind, at, id, desk);
    const char *event_values[] = {"1", kind, id, desk, NULL, at, json};
    PGresult *head = run(c, "append_event", 7, event_values);
    snprintf(event, sizeof event, "%s", PQgetvalue(head, 0, 0));
    PQclear(head);
    snprintf(ids, sizeof ids, "[%s]", id);
    const char *key_values[] = {key, event, event, ids, at};
    PQclear(run(c, "insert_key", 5, key_values));
    exec1(c, "COMMIT");
}

static void *desk_thread(void *argument) {
    int number = (int)(long)argument;
    PGconn *c = PQconnectdb(url);
    if (PQstatus(c) != CONNECTION_OK) { fprintf(stderr, "pg_call_next: %s", PQerrorMessage(c)); exit(1); }
    prepare(c, "share", "SELECT pg_advisory_xact_lock_shared(hashtext('tessera store ' || current_schema()))");
    prepare(c, "lock_desk", "SELECT data FROM desks WHERE number = $1 FOR UPDATE");
    prepare(c, "lock_holding_desk", "SELECT number, data FROM desks WHERE number = (SELECT desk FROM tickets WHERE id = $1) FOR UPDATE");
    prepare(c, "settings", "SELECT key, value FROM settings");
    prepare(c, "staff", "SELECT data FROM staff ORDER BY id");
    prepare(c, "ticket", "SELECT " TICKET_COLUMNS " FROM tickets WHERE id = $1 FOR UPDATE");
    prepare(c, "head", "SELECT " TICKET_COLUMNS " FROM tickets WHERE service = $1 AND priority = $2 AND state = 'waiting' "
                       "ORDER BY ordering_key, id LIMIT 1 FOR UPDATE SKIP LOCKED");
    prepare(c, "counter", "SELECT next_sequence, issued, recent_priority_arrivals FROM counters "
                          "WHERE business_day = $1 AND service = $2 FOR UPDATE");
    prepare(c, "upsert_desk", "INSERT INTO desks (number, data) VALUES ($1, $2) ON CONFLICT (number) DO UPDATE SET data = excluded.data");
    prepare(c, "update_ticket", "UPDATE tickets SET service = $2, state = $3, called_at = $4, started_at = $5, "
                                "finished_at = $6, desk = $7, staff = $8, recall_count = $9, transfers = $10, outcome = $11, "
                                "ordering_key = $12, arrival_key = $13, carry_overs = $14, language = $15 "
                                "WHERE id = $1 AND state = $16");
    prepare(c, "notify", "SELECT pg_notify($1, '')");
    prepare(c, "append_event",
            "WITH head AS (UPDATE event_log_head SET last_event = last_event + $1 RETURNING last_event - $1 AS before) "
            "INSERT INTO events (id, kind, ticket_id, desk, staff, at, data) "
            "SELECT head.before + e.n, e.kind, e.ticket_id, e.desk, e.staff, e.at, e.data "
            "FROM head, (VALUES (1, $2, $3::bigint, $4::bigint, $5::bigint, $6::bigint, $7)) "
            "AS e (n, kind, ticket_id, desk, staff, at, data) RETURNING id");
    prepare(c, "insert_key", "INSERT INTO command_keys (key, first_event, last_event, tickets, at) VALUES ($1, $2, $3, $4, $5)");
    char desk[16], day[16], key[64];
    snprintf(desk, sizeof desk, "%d", number);
    time_t now = time(NULL);
    strftime(day, sizeof day, "%Y-%m-%d", gmtime(&now));
    const char *services[] = {"C", "R", "S"}, *priorities[] = {"normal", "priority"};
    for (int call = 0; call < calls; call++) {
        /* Call next: shared store, the desk's row, base tables, lane heads, counters, writes. */
        exec1(c, "BEGIN");
        PQclear(run(c, "share", 0, NULL));
        const char *desk_value[] = {desk};
        PGresult *locked = run(c, "lock_desk", 1, desk_value);
        char *desk_data = strdup(PQgetvalue(locked, 0, 0));
        PQclear(locked);
        read_base(c);
        struct ticket ticket = {0};
        int priority_head[3] = {0};
        for (int s = 0; s < 3; s++) for (int p = 0; p < 2; p++) {
            const char *lane[] = {services[s], priorities[p]};
            PGresult *head = run(c, "head", 2, lane);
            if (p == 1) priority_head[s] = PQntuples(head) == 1;
            if (PQntuples(head) == 1 && !ticket.id[0]) read_ticket(head, &ticket);
            PQclear(head);
        }
        /* A service's counter only where its priority lane has a head (QueueCore's slice rule). */
        for (int s = 0; s < 3; s++) if (priority_head[s]) {
            const char *counter[] = {day, services[s]};
            PQclear(run(c, "counter", 2, counter));
        }
        if (!ticket.id[0]) { fprintf(stderr, "pg_call_next: nothing waiting\n"); exit(1); }
        char *called_desk = replaced(desk_data, "}", ",\"currentTicket\":0}");
        snprintf(key, sizeof key, "c-%d-%d-%ld", number, call, (long)now);
        finish(c, desk, called_desk, &ticket, "waiting", "ticketCalled", key);
        /* No-show: shared store, the desk holding the ticket, base tables, the named ticket, writes. */
        exec1(c, "BEGIN");
        PQclear(run(c, "share", 0, NULL));
        const char *held_value[] = {ticket.id};
        PQclear(run(c, "lock_holding_desk", 1, held_value));
        read_base(c);
        const char *ticket_value[] = {ticket.id};
        PGresult *called = run(c, "ticket", 1, ticket_value);
        read_ticket(called, &ticket);
        PQclear(called);
        snprintf(key, sizeof key, "n-%d-%d-%ld", number, call, (long)now);
        finish(c, desk, desk_data, &ticket, "called", "ticketNoShow", key);
        free(desk_data); free(called_desk);
    }
    PQfinish(c);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: pg_call_next URL DESKS CALLS\n"); return 2; }
    url = argv[1];
    int desks = atoi(argv[2]);
    calls = atoi(argv[3]);
    pthread_t threads[64];
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long d = 0; d < desks; d++) pthread_create(&threads[d], NULL, desk_thread, (void *)(d + 1));
    for (int d = 0; d < desks; d++) pthread_join(threads[d], NULL);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%.1f\n", desks * calls / seconds);
    return 0;
}
