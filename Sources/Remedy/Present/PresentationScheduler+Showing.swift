// Whose turn it is on the screen of `PresentationScheduler`, banners alongside, and how a presentation
// leaves it: answered, with every caller.

extension PresentationScheduler {
    /// Shows the next blocking presentation (the most severe, then the first handed in) when none is
    /// shown, and publishes how many wait.
    func showNext() {
        guard !isClosed, current == nil, !pending.isEmpty else {
            publishWaitingCount()
            return
        }
        // Most severe first; among equals, the first handed in (``ArrivalOrder``), held back while one
        // handed in before it is on its way.
        var best = 0
        for index in pending.indices.dropFirst()
        where pending[index].severity > pending[best].severity
            || (pending[index].severity == pending[best].severity && pending[index].order < pending[best].order)
        {
            best = index
        }
        if pending[best].isArrival, arrivals.isOnTheWay(before: pending[best].order) {
            publishWaitingCount()
            return
        }
        let entry = pending.remove(at: best)
        current = entry
        state.setCurrent(entry.snapshot())
        publishWaitingCount()
        if let deadline = ask(entry) { arm(at: deadline) }
    }

    /// Shows a banner at once, alongside whatever else is shown, for the banner duration.
    func showBanner(_ entry: Entry) {
        banners.append(entry)
        state.setBanners(banners.map(\.presentation))
        let dismissal = timeline.deadline(after: bannerDuration)
        entry.dismissal = dismissal
        arm(at: ask(entry).map { min($0, dismissal) } ?? dismissal)
    }

    /// Takes a banner away, when its time is up or an identical failure must be shown again; callers the
    /// presenter hasn't answered yet get the fallback option.
    func dismissBanner(_ entryID: UInt64) {
        guard let index = banners.firstIndex(where: { $0.id == entryID }) else { return }
        let entry = banners.remove(at: index)
        entry.dismissal = nil
        state.setBanners(banners.map(\.presentation))
        forgetOpen(entry)
        if !entry.isAnswered {
            // The presenter is still busy with a banner that is gone: answer its callers now.
            entry.cancelPresenter()
            finish(entry, option: entry.fallbackOption, resolution: .dismissed)
        }
        entry.phase = .finished
    }

    /// Answers every caller of an entry, frees the screen for the next presentation, and keeps the
    /// answer where identical callers may still get it.
    func finish(_ entry: Entry, option: RecoveryOption, resolution: Resolution) {
        guard !entry.isAnswered else { return }
        if !resolution.isChoice { entry.cancelPresenter() }
        let answer = Answer(
            option: option,
            resolution: resolution,
            isCoalesced: false,
            shown: entry.snapshot(),
            occurrences: entry.occurrences,
            group: entry.group
        )
        if entry.isBlocking {
            forgetOpen(entry)
            if current === entry {
                current = nil
                state.setCurrent(nil)
            }
            remember(entry, answer)
            showNext()
        } else {
            entry.phase = isClosed || !banners.contains(where: { $0 === entry }) ? .finished : .answered(answer)
            entry.group.openWindow()
        }
        let (first, others) = entry.waiters.removeAll()
        for (_, waiter) in others {
            var answer = answer
            answer.isCoalesced = waiter.isCoalesced
            waiter.continuation.resume(returning: answer)
        }
        if let (_, waiter) = first {
            var answer = consume answer
            answer.isCoalesced = waiter.isCoalesced
            waiter.continuation.resume(returning: answer)
        }
    }
}
