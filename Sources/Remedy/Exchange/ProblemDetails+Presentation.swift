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
    /// a client can perform it. Its ``Presentation/fieldErrors`` become ``fieldErrors`` (the member `errors`);
    /// a server answers them with status 422.
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
            actions: Self.actions(of: presentation.options, requests: requests),
            fieldErrors: presentation.fieldErrors
        )
    }

    /// The problem ``init(_:status:type:instance:retryAfter:requests:)`` makes of the presentation these
    /// texts and options would make, without making it, and without a Cancel that performs nothing: the
    /// presentation rules add that, every client can dismiss, and sent it would read as an option of the
    /// error (a client's scope offers Try Again only to errors whose options are all Try Again). A `nil` or
    /// blank title or message is the category's.
    package init(
        title: String?,
        message: String?,
        options: [RecoveryOption],
        category: ErrorCategory,
        severity: Severity,
        status: Int,
        supportReference: SupportReference,
        retryAfter: Duration?,
        requests: [String: Action.Request],
        fieldErrors: [FieldError] = [],
        localization: Localization
    ) {
        self.init(
            type: ProblemDetails.blankType,
            title: title.nonBlank ?? category.title(in: localization),
            status: status,
            detail: message.nonBlank ?? category.message(in: localization),
            category: category,
            severity: severity,
            supportReference: supportReference,
            retryAfter: retryAfter,
            actions: Self.actions(
                of: Presentation.normalize(options, localization: localization),
                requests: requests,
                keepsCancel: false
            ),
            fieldErrors: fieldErrors
        )
    }

    /// Each option but "OK" (which only acknowledges), with its id or `optionN` (its position, from 1).
    private static func actions(
        of options: [RecoveryOption],
        requests: [String: Action.Request],
        keepsCancel: Bool = true
    ) -> [Action] {
        var actions: [Action] = []
        actions.reserveCapacity(options.count)
        for (index, option) in options.enumerated() where !option.isAcknowledgement {
            let id = option.id ?? "option\(index + 1)"
            let request = requests.isEmpty ? nil : requests[id]
            if !keepsCancel, option.role == .cancel, request == nil { continue }
            actions.append(Action(id: id, title: option.title, role: option.role, request: request))
        }
        return actions
    }
}
