// The one task of `PresentationScheduler` that sleeps until the earliest deadline: presenter timeouts
// and banner dismissals.

extension PresentationScheduler {
    /// The task that sleeps until the earliest deadline. `target` is the deadline it sleeps until; a
    /// deadline that comes later needs nothing, an earlier one replaces the task.
    struct Watchdog {
        let task: Task<Void, Never>
        var target: Duration
        let token: UInt64
    }

    /// Makes sure the watchdog wakes by a deadline.
    ///
    /// Presenter timeouts and banner durations are constant, so deadlines mostly come in order and the
    /// sleeping watchdog covers them: it wakes at its target and sleeps again until the next deadline.
    /// A sooner deadline (a banner after an alert) replaces it.
    func arm(at deadline: Duration) {
        if let watchdog, watchdog.target <= deadline { return }
        watchdog?.task.cancel()
        let token = makeID()
        let timeline = self.timeline
        // Weak: a watchdog sleeping until a deadline far off must not keep a released scheduler alive.
        let task = Task.detached { [weak self] in
            var target = deadline
            while true {
                do {
                    try await timeline.sleep(until: target)
                } catch {
                    return  // Cancelled: replaced by a watchdog with a sooner target, or closed.
                }
                guard let scheduler = self,
                    let next = scheduler.lock.withLock({ scheduler.watchdogWoke(token) })
                else { return }
                target = next
            }
        }
        watchdog = Watchdog(task: task, target: deadline, token: token)
    }

    /// Times out the presentations and dismisses the banners whose deadline has passed, and returns the
    /// next deadline to sleep until, or `nil` when there is none (the watchdog then ends).
    private func watchdogWoke(_ token: UInt64) -> Duration? {
        guard let watchdog, watchdog.token == token, !isClosed else { return nil }
        let now = timeline.now
        enum Due {
            case timeout(UInt64)
            case dismissal(UInt64)
        }
        var due: [(deadline: Duration, what: Due)] = []
        if let current, let deadline = current.presenterDeadline, deadline <= now {
            due.append((deadline, .timeout(current.id)))
        }
        for banner in banners {
            if let deadline = banner.presenterDeadline, deadline <= now { due.append((deadline, .timeout(banner.id))) }
            if let deadline = banner.dismissal, deadline <= now { due.append((deadline, .dismissal(banner.id))) }
        }
        // Earliest first, as the sleeping tasks of separate deadlines would have woken.
        for (_, what) in due.sorted(by: { $0.deadline < $1.deadline }) {
            switch what {
            case .timeout(let id): presenterAnswered(id, .timedOut)
            case .dismissal(let id): dismissBanner(id)
            }
        }
        var next = current?.presenterDeadline
        for banner in banners {
            if let deadline = banner.presenterDeadline { next = min(next ?? deadline, deadline) }
            if let deadline = banner.dismissal { next = min(next ?? deadline, deadline) }
        }
        guard let next else {
            self.watchdog = nil
            return nil
        }
        self.watchdog?.target = next
        return next
    }
}
