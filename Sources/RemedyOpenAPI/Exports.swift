#if OpenAPI
// The configuration, the page model and `RequestBodyError` live in the layer the server integrations share.
@_exported public import RemedyServer
#endif
