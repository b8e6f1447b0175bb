import Remedy

extension DemoSession {
    /// How many requests fail at once.
    static let stormSize = 200

    /// Hundreds of requests fail at once: one alert for all of them, every caller answered, every error
    /// logged.
    func storm() async {
        let scope = root.child("Dashboard")
        let count = Self.stormSize
        let state = root.state
        // The alert is drawn once every failure has joined it (see DemoPresenter), with the full count. Should
        // some requests fail differently, the alert is drawn after ten seconds with the count it has.
        await presenter.setHold { presentation in
            guard presentation.style.isBlocking else { return presentation }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await state.wait { ($0.current?.occurrences ?? 0) >= count } }
                group.addTask { try? await Task.sleep(for: .seconds(10)) }
                await group.next()
                group.cancelAll()
            }
            var presentation = presentation
            presentation.occurrences = max(presentation.occurrences, state.current?.occurrences ?? 0)
            return presentation
        }
        console.step(text("demo.storm.start", text.number(count), backend.baseURL.absoluteString))
        let results = await withTaskGroup(of: Bool.self, returning: [Bool].self) { group in
            for _ in 0..<count {
                group.addTask { [client] in
                    await scope.attempt("Loading a widget") {
                        _ = try await client.send("status")
                    } != nil
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        await presenter.setHold(nil)
        let loaded = results.filter { $0 }.count
        let alerts = log.handledErrors.filter { $0.outcome != "coalesced" }.count
        console.result(
            text(
                "demo.storm.answered", text.number(results.count), text.number(loaded),
                text.number(results.count - loaded)))
        let errors = log.handledErrors.count
        console.note(
            alerts == 1
                ? text("demo.storm.oneAlert", text.number(errors))
                : text("demo.storm.alerts", text.number(alerts), text.number(errors)))
    }
}
