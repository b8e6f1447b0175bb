import Foundation
import HTTPTypes
import OpenAPIRuntime
import Remedy

/// The operations of `IntegrationTests/OpenAPI.yaml`, each failing as a real service's do, behind RemedyOpenAPI's
/// `ProblemDetailsMiddleware` (``OpenAPIServer``).
///
/// | operation | answers |
/// | --- | --- |
/// | `GET /items/1` | the item |
/// | `GET /items/{other}` | 404 (the runtime's `HTTPResponseConvertible`), a documented problem |
/// | `GET /items/stale` | 409 with the action Refresh, whose request is `POST /items/stale/refresh` |
/// | `GET /items/busy` | 503 with `Retry-After: 30`: an outbound call's answer |
/// | `GET /items/hostile` | a problem the handler writes itself: a `javascript:` action and one on another origin |
/// | `GET /plain/items/{id}` | 404, a problem the document doesn't declare |
/// | `POST /items/{id}/refresh` | 204, counted |
/// | `GET /items?limit=` | the items; without `limit` the runtime's own 400 |
/// | `POST /items` | 422 with an error for each invalid field |
/// | `GET /relay/items/{id}` | asks the upstream service for the item through the generated client |
struct InventoryService: APIProtocol {
    /// The request of the action Refresh, which every answer to a stale item offers.
    static let actionRequests = [
        "refresh": ProblemDetails.Action.Request(method: "POST", href: "/items/stale/refresh")
    ]

    /// How many times `POST /items/{id}/refresh` was called.
    let refreshes: RefreshCounter
    /// The service `GET /relay/items/{id}` asks, through the generated client: service B of a chain.
    var upstream: Client?

    func getItem(_ input: Operations.GetItem.Input) async throws -> Operations.GetItem.Output {
        switch input.path.id {
        case "1":
            return .ok(.init(body: .json(.init(id: "1", name: "Lamp"))))
        case "stale":
            throw StaleItem()
        case "busy":
            throw HTTPStatusError(
                status: 503, headers: ["Retry-After": "30"], url: URL(string: "http://127.0.0.1:1/stock"))
        case "hostile":
            return .default(statusCode: 409, .init(body: .applicationProblemJson(Self.hostileProblem)))
        default:
            throw ItemMissing()
        }
    }

    func getPlainItem(_ input: Operations.GetPlainItem.Input) async throws -> Operations.GetPlainItem.Output {
        throw ItemMissing()
    }

    func refreshItem(_ input: Operations.RefreshItem.Input) async throws -> Operations.RefreshItem.Output {
        await refreshes.increment()
        return .noContent(.init())
    }

    func listItems(_ input: Operations.ListItems.Input) async throws -> Operations.ListItems.Output {
        .ok(.init(body: .json(Array([Components.Schemas.Item(id: "1", name: "Lamp")].prefix(input.query.limit)))))
    }

    func createItem(_ input: Operations.CreateItem.Input) async throws -> Operations.CreateItem.Output {
        let new =
            switch input.body {
            case .json(let body): body
            }
        var problems: [FieldError] = []
        if new.name.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append(FieldError(field: "#/name", message: "Give the item a name."))
        }
        if !new.email.contains("@") {
            problems.append(FieldError(field: "#/email", message: "Enter an email address such as ada@example.com."))
        }
        if !problems.isEmpty { throw InvalidInputError(problems) }
        return .created(.init(body: .json(.init(id: "2", name: new.name))))
    }

    func getRelayedItem(_ input: Operations.GetRelayedItem.Input) async throws -> Operations.GetRelayedItem.Output {
        guard let upstream else { throw ItemMissing() }
        return .ok(.init(body: .json(try await upstream.getItem(path: .init(id: input.path.id)).ok.body.json)))
    }

    /// What a hostile or careless server writes: a `javascript:` link and a link to another origin, beside Try
    /// Again.
    static let hostileProblem = Components.Schemas.ProblemDetails(
        title: "Item Locked",
        status: 409,
        detail: "Someone else is editing the item.",
        actions: [
            .init(id: "retry", title: "Try Again", role: .recommended),
            .init(id: "steal", title: "Open", request: .init(method: "GET", href: "javascript:alert(1)")),
            .init(
                id: "elsewhere", title: "Unlock", request: .init(method: "POST", href: "https://elsewhere.example/x")),
        ]
    )
}

/// No item has the identifier: the runtime's `HTTPResponseConvertible` states the status.
struct ItemMissing: Error, HTTPResponseConvertible {
    var httpStatus: HTTPResponse.Status { .notFound }
}

/// An item changed since it was read: the app's own error, with the action Refresh; 409 as the runtime's
/// `HTTPResponseConvertible`.
struct StaleItem: PresentableError, HTTPResponseConvertible {
    var httpStatus: HTTPResponse.Status { .conflict }
    var title: String? { "Item Out of Date" }
    var message: String { "The item changed since you opened it. Refresh it, then try again." }
    var category: ErrorCategory { .externalSystemUnexpected }
    var recoveryOptions: [RecoveryOption] {
        [RecoveryOption(id: "refresh", title: "Refresh", role: .recommended) { .recovered }]
    }
}

/// Counts the calls of `POST /items/{id}/refresh`.
actor RefreshCounter {
    private(set) var count = 0

    func increment() {
        count += 1
    }
}
