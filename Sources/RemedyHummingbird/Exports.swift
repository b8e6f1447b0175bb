#if Hummingbird
// The configuration, the page model and `RequestBodyError` live in the layer the server integrations share;
// an app that imports RemedyHummingbird reads them as before.
@_exported public import RemedyServer
#endif
