/* Baseline for pg_call_next: the PostgreSQL transactions PostgresQueueStore runs for "call next"
 * and "no-show" at a desk, written directly against libpq: the same statements in the same
 * order and the same SQL text (store lock, row locks returning the locked desk's data, settings and staff, lane heads FOR UPDATE
 * SKIP LOCKED, counter rows FOR UPDATE where a priority head waits, desk row, the guarded ticket update, event id from
 * event_log_head, event row, pg_notify, command key), prepared once per connection, with JSON
 * payloads of the same shape made by string edits instead of QueueCore's decide and Codable.
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

/* The number after `"key":` in a ticket's JSON, as text. */
static void field(const char *json, const char *key, char *out, size_t size) {
    const char *at = strstr(json, key);
    if (!at) { fprintf(stderr, "pg_call_next: no %s in %s\n", key, json); exit(1); }
    snprintf(out, size, "%lld", strtoll(at + strlen(key), NULL, 10));
}

static void finish(PGconn *c, const char *desk, const char *desk_data, const char *id, const char *ticket_data,
                   const char *expected, const char *kind, const char *key) {
    const char *desk_values[] = {desk, desk_data};
    PQclear(run(c, "upsert_desk", 2, desk_values));
    char ordering[32];
    field(ticket_data, "\"orderingKey\":", ordering, sizeof ordering);
    const char *ticket_values[] = {id, "C", expected[0] == 'w' ? "called" : "noShow", ordering, desk, ticket_data, expected};
    PGresult *u = run(c, "update_ticket", 7, ticket_values);
    if (strcmp(PQcmdTuples(u), "1") != 0) { fprintf(stderr, "pg_call_next: guard failed\n"); exit(1); }
    PQclear(u);
    const char *one[] = {"1"};
    PGresult *head = run(c, "event_id", 1, one);
    char event[64], at[32], json[512];
    snprintf(event, sizeof event, "%s", PQgetvalue(head, 0, 0));
    PQclear(head);
    snprintf(at, sizeof at, "%ld", (long)time(NULL) * 1000);
    snprintf(json, sizeof json, "{\"type\":\"%s\",\"time\":%s,\"ticket\":%s,\"desk\":%s}", kind, at, id, desk);
    const char *event_values[] = {event, kind, id, desk, NULL, at, json};
    PQclear(run(c, "insert_event", 7, event_values));
    const char *notify_values[] = {"tessera_events", event};
    PQclear(run(c, "notify", 2, notify_values));
    const char *key_values[] = {key, event, event, ticket_data, at};
    PQclear(run(c, "insert_key", 5, key_values));
    exec1(c, "COMMIT");
}

static void *desk_thread(void *argument) {
    int number = (int)(long)argument;
    PGconn *c = PQconnectdb(url);
    if (PQstatus(c) != CONNECTION_OK) { fprintf(stderr, "pg_call_next: %s", PQerrorMessage(c)); exit(1); }
    prepare(c, "share", "SELECT 1 FROM store_lock FOR SHARE");
    prepare(c, "lock_desk", "SELECT data FROM desks WHERE number = $1 FOR UPDATE");
    prepare(c, "lock_holding_desk", "SELECT number, data FROM desks WHERE number = (SELECT desk FROM tickets WHERE id = $1) FOR UPDATE");
    prepare(c, "settings", "SELECT key, value FROM settings");
    prepare(c, "staff", "SELECT data FROM staff ORDER BY id");
    prepare(c, "ticket", "SELECT data FROM tickets WHERE id = $1 FOR UPDATE");
    prepare(c, "head", "SELECT data FROM tickets WHERE service = $1 AND priority = $2 AND state = 'waiting' "
                       "ORDER BY ordering_key, id LIMIT 1 FOR UPDATE SKIP LOCKED");
    prepare(c, "counter", "SELECT next_sequence, issued, recent_priority_arrivals FROM counters "
                          "WHERE business_day = $1 AND service = $2 FOR UPDATE");
    prepare(c, "upsert_desk", "INSERT INTO desks (number, data) VALUES ($1, $2) ON CONFLICT (number) DO UPDATE SET data = excluded.data");
    prepare(c, "update_ticket", "UPDATE tickets SET service = $2, state = $3, ordering_key = $4, desk = $5, "
                                "data = $6 WHERE id = $1 AND state = $7");
    prepare(c, "event_id", "UPDATE event_log_head SET last_event = last_event + $1 RETURNING last_event");
    prepare(c, "insert_event", "INSERT INTO events (id, kind, ticket_id, desk, staff, at, data) VALUES ($1, $2, $3, $4, $5, $6, $7)");
    prepare(c, "notify", "SELECT pg_notify($1, $2)");
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
        char id[32] = "", *ticket_data = NULL;
        int priority_head[3] = {0};
        for (int s = 0; s < 3; s++) for (int p = 0; p < 2; p++) {
            const char *lane[] = {services[s], priorities[p]};
            PGresult *head = run(c, "head", 2, lane);
            if (p == 1) priority_head[s] = PQntuples(head) == 1;
            if (PQntuples(head) == 1 && !id[0]) {
                field(PQgetvalue(head, 0, 0), "\"id\":", id, sizeof id);
                ticket_data = replaced(PQgetvalue(head, 0, 0), "\"state\":\"waiting\"", "\"state\":\"called\"");
            }
            PQclear(head);
        }
        /* A service's counter only where its priority lane has a head (QueueCore's slice rule). */
        for (int s = 0; s < 3; s++) if (priority_head[s]) {
            const char *counter[] = {day, services[s]};
            PQclear(run(c, "counter", 2, counter));
        }
        if (!id[0]) { fprintf(stderr, "pg_call_next: nothing waiting\n"); exit(1); }
        char *called_desk = replaced(desk_data, "}", ",\"currentTicket\":0}");
        snprintf(key, sizeof key, "c-%d-%d-%ld", number, call, (long)now);
        finish(c, desk, called_desk, id, ticket_data, "waiting", "ticketCalled", key);
        /* No-show: shared store, the desk holding the ticket, base tables, the named ticket, writes. */
        exec1(c, "BEGIN");
        PQclear(run(c, "share", 0, NULL));
        const char *held_value[] = {id};
        PQclear(run(c, "lock_holding_desk", 1, held_value));
        read_base(c);
        const char *ticket_value[] = {id};
        PQclear(run(c, "ticket", 1, ticket_value));
        char *gone = replaced(ticket_data, "\"state\":\"called\"", "\"state\":\"noShow\"");
        snprintf(key, sizeof key, "n-%d-%d-%ld", number, call, (long)now);
        finish(c, desk, desk_data, id, gone, "called", "ticketNoShow", key);
        free(desk_data); free(ticket_data); free(called_desk); free(gone);
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
