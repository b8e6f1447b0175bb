// How long `PresentationScheduler` keeps an answer for identical presentations, and who may reuse it.

extension PresentationScheduler {
    /// Keeps a blocking entry's answer for identical presentations, or finishes the entry.
    func remember(_ entry: Entry, _ answer: Answer) {
        if !recent.isEmpty {
            recent = recent.filter { !$0.value.group.isWindowOver }
        }
        guard coalescingWindow > .zero, !isClosed, entry.severity < .fatal,
            answer.resolution.isReusable
        else {
            entry.phase = .finished
            if !recent.isEmpty, let index = recent.index(forKey: entry.identity), recent.values[index] === entry {
                recent.remove(at: index)
            }
            return
        }
        entry.phase = .answered(answer)
        entry.group.openWindow()
        recent[entry.identity] = entry
    }

    func recentlyAnswered(_ identity: PresentationIdentity, runningGroups: () -> Set<UInt64>) -> Entry? {
        guard !recent.isEmpty, let entry = recent[identity] else { return nil }
        if entry.group.isWindowOver {
            recent.removeValue(forKey: identity)
            entry.phase = .finished
            return nil
        }
        return runningGroups().contains(entry.group.id) ? nil : entry
    }

    /// Whether an answered entry's answer may answer an identical caller: its window is open and the
    /// caller doesn't run inside its action.
    func isReusable(_ entry: Entry, runningGroups: () -> Set<UInt64>) -> Bool {
        !entry.group.isWindowOver && !runningGroups().contains(entry.group.id)
    }
}
