import Localization
import QueueStore
import TesseraFeatures

/// `tessera queue migrate --from sqlite:///… --to postgresql://…`: a single-terminal store
/// moved to a server, every ticket and event with its id (QueueStore's `migrateStore`).
let migrateSubcommand = QueueSubcommand(
    name: "migrate", parameters: "", summary: localized("Move a SQLite store to an empty PostgreSQL database"),
    options: [
        OptionSpec(name: "from", kind: .string, argument: "URL", help: localized("The SQLite store (sqlite:///path/queue.db or a path)")),
        OptionSpec(name: "to", kind: .string, argument: "URL", help: localized("The empty PostgreSQL database (postgresql://user@host/db)")),
    ],
    run: { run in
        guard let from = run.options.strings["from"], let to = run.options.strings["to"] else {
            throw UsageError(localized("tessera queue migrate: --from URL and --to URL are required"))
        }
        let summary = try migrateStore(from: from, to: to)
        let target = PostgresURL(to)?.description ?? to
        run.emit(localized("Moved to %1$s. Tickets: %2$s. Events: %3$s.", target, summary.tickets, summary.events),
                 json: ["tickets": summary.tickets, "events": summary.events])
        return ExitStatus.success
    }
)
