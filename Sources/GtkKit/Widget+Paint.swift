import CGtk

extension Widget {
    /// Asks GTK to repaint the widget on its window's next frame (`gtk_widget_queue_draw`).
    public func queueDraw() {
        withWidget { gtk_widget_queue_draw($0) }
    }

    /// Queues a repaint and iterates the main loop until the widget's window has painted a
    /// frame after this call, or `timeout` passes; returns whether it painted
    /// (`gtk_widget_queue_draw`, then `after-paint` on the frame clock, see `afterNextPaint`).
    /// For tests and tools that render without `Application.run`; waits for `realize` first
    /// if the widget is not realized yet.
    @discardableResult
    public func waitForPaint(timeout: Duration = .seconds(5)) -> Bool {
        guard !isDestroyed else { return false }
        var painted = false
        afterNextPaint { _ in painted = true }
        queueDraw()
        return MainContext.iterate(until: { painted }, timeout: timeout)
    }
}
