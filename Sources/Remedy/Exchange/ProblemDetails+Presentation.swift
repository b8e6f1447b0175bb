extension ProblemDetails {
    /// The problem a server answers for a failure it resolved: the presentation's person-facing texts and
    /// options, and nothing a developer wrote.
    ///
    /// The presentation's ``Presentation/title`` becomes ``title`` and its ``Presentation/message`` becomes
    /// ``detail``; its category and severity are sent by name, and its ``Presentation/supportReference`` as
    /// `reference`, so the reference the client shows finds the server's log line. Its
    /// ``Presentation/detail`` is not sent: it can hold text the resolver didn't trust to show prominently.
    /// Each option becomes an ``Action`` with the option's ``RecoveryOption/id`` ("retry", "cancel",
    /// "signIn", or the id the app gave), or `optionN` (its position, from 1) when it has none; "OK", which
    /// only acknowledges, is not sent. An action whose id has an entry in `requests` carries that request, so
    /// a client can perform it.
    ///
    /// ```swift
    /// let problem = ProblemDetails(presentation, status: 503, retryAfter: .seconds(30))
    /// let body = problem.encoded()
    /// ```
    ///
    /// - Parameters:
    ///   - presentation: The resolved presentation, in the language of the request.
    ///   - status: The HTTP status of the response.
    ///   - type: A URI reference that names the kind of problem. Default: ``blankType``.
    ///   - instance: A URI reference that names the occurrence.
    ///   - retryAfter: How long the client should wait before retrying.
    ///   - requests: The requests that perform the app's own options, by option id.
    public init(
        _ presentation: Presentation,
        status: Int,
        type: String = ProblemDetails.blankType,
        instance: String? = nil,
        retryAfter: Duration? = nil,
        requests: [String: Action.Request] = [:]
    ) {
        var actions: [Action] = []
        for (index, option) in presentation.options.enumerated() where !option.isAcknowledgement {
            let id = option.id ?? "option\(index + 1)"
            let request = requests.isEmpty ? nil : requests[id]
            actions.append(Action(id: id, title: option.title, role: option.role, request: request))
        }
        self.init(
            type: type,
            title: presentation.title,
            status: status,
            detail: presentation.message,
            instance: instance,
            category: presentation.category,
            severity: presentation.severity,
            supportReference: presentation.supportReference,
            retryAfter: retryAfter,
            actions: actions
        )
    }
}
