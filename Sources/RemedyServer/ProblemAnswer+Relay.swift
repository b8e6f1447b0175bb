#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import Remedy

/// Another service's problem in the tree of a route's error: the answer of a service the route called, as a
/// ``ProblemDetailsError`` (or a client's error built as one). Its reference becomes the answer's cause
/// (``ProblemAnswer/causeReference``); what the answer relays of the rest is decided here.
///
/// - Its title and detail, written for its client (this service), are relayed only in the answer's language:
///   the service sends its client's language on (``Remedy/Localization/answering``), so they usually are. A
///   problem in another language, or in one it didn't name (no `Content-Language`), is answered with the
///   catalog's texts for its status, in the answer's language; its field errors, in the same language as its
///   texts, are relayed or left out with them.
/// - Its link actions are left out: their requests are relative to the other service's origin (or on it), so the
///   client would send them to the wrong service, or to one it can't reach. Try Again and the wait before it stay.
/// - Its 401 and 403 are this service's own failure: the other service refused this one's credentials or
///   rights, which the person can't fix by signing in; answered as the service's problem, with the references
///   (an app that forwards the person's own token maps such a refusal with a rule of its own).
struct RelayedProblem {
    /// The first other service's problem in the tree, in pre-order.
    let error: ProblemDetailsError

    init?(_ failure: ResolvedFailure) {
        guard let error = failure.first(ProblemDetailsError.self) else { return nil }
        self.error = error
    }

    /// Whether the other service refused this one: a 401 or 403, or an offer to sign in.
    var refusesThisService: Bool {
        error.status == 401 || error.status == 403
            || error.problem.actions.contains { $0.id == ProblemDetails.Action.signInID }
    }

    /// Whether the failure's winning text is the other service's.
    func wrote(_ failure: ResolvedFailure) -> Bool {
        let interpretation = failure.interpretation
        return interpretation.message == error.message && interpretation.title == error.title
    }

    /// Whether its texts are in a language: its `Content-Language` names it, or a regional variant of it
    /// (`de-DE` for `de`); a problem without one is in no known language.
    func isIn(_ language: String) -> Bool {
        guard let contentLanguage = error.contentLanguage else { return false }
        let theirs = AcceptLanguage.normalized(contentLanguage.trimmingCharacters(in: .whitespaces))
        let ours = AcceptLanguage.normalized(language)
        if theirs == ours { return true }
        // A region, never a script: `zh-Hant` is not `zh-Hans`.
        guard let dash = theirs.firstIndex(of: "-"), theirs[dash...].count == 3 else { return false }
        return theirs[..<dash] == ours
    }

    /// The ids of its link actions, which the answer leaves out.
    var linkActionIDs: Set<String> {
        var ids: Set<String> = []
        for action in error.problem.actions where action.request != nil {
            ids.insert(action.id)
        }
        return ids
    }
}
#endif
