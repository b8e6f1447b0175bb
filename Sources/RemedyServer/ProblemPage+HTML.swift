#if Hummingbird || Vapor || OpenAPI || GRPC
extension ProblemPage {
    /// The page as Remedy renders it by default: plain, legible, and fit for a phone.
    ///
    /// One column at most 36 em wide in the system font, the title as `<title>` and `<h1>`, the message, the
    /// field errors (each field's name and its message), the reference, and the actions as links and forms with tap targets at least 44 pixels high, the
    /// recommended one filled. Light and dark by the person's setting. No script, no image, no external
    /// resource: the one inline `<style>` carries ``styleNonce``. Every text is escaped.
    ///
    /// - Returns: The HTML document.
    public func defaultHTML() -> String {
        let title = Self.escaped(title)
        var html = """
            <!doctype html>
            <html lang="\(Self.escaped(language))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title\(langAttribute(titleLanguage))>\(title)</title>
            <style nonce="\(Self.escaped(styleNonce))">\(Self.style)</style>
            </head>
            <body>
            <main>
            <h1\(langAttribute(titleLanguage))>\(title)</h1>
            <p>\(Self.escaped(message))</p>

            """
        if !fieldErrors.isEmpty {
            html += "<ul class=\"fields\"\(langAttribute(fieldErrorsLanguage))>\n"
            for fieldError in fieldErrors {
                let name = fieldError.isPointer ? fieldError.path.joined(separator: ".") : fieldError.field
                html += "<li><strong>\(Self.escaped(name))</strong>: \(Self.escaped(fieldError.message))</li>\n"
            }
            html += "</ul>\n"
        }
        if let referenceText {
            html += "<p class=\"reference\"\(langAttribute(labelLanguage))>\(Self.escaped(referenceText))</p>\n"
        }
        if !actions.isEmpty {
            // The group's name is a label: its `lang` goes on the element, which the controls' own then override.
            html +=
                "<nav class=\"actions\"\(langAttribute(labelLanguage)) aria-label=\"\(Self.escaped(actionsLabel))\">\n"
            for action in actions {
                let language = action.language ?? language
                html += Self.control(
                    action, lang: language == labelLanguage ? "" : " lang=\"\(Self.escaped(language))\"")
            }
            html += "</nav>\n"
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    /// A link for a `GET`; a form for anything else, with the real method in a hidden field where HTML
    /// forms can't send it.
    private static func control(_ action: Action, lang: String) -> String {
        let isWayOn = action.id == Action.backID || action.id == Action.startID
        let classes =
            "button" + (action.role == .recommended ? " recommended" : "")
            + (action.role == .destructive ? " destructive" : "") + (isWayOn ? " way-on" : "")
        let title = escaped(action.title)
        let href = escaped(action.href)
        if action.isLink {
            return "<a class=\"\(classes)\" href=\"\(href)\"\(lang)>\(title)</a>\n"
        }
        var form = "<form method=\"post\" action=\"\(href)\">"
        if let method = action.overriddenMethod {
            form += "<input type=\"hidden\" name=\"\(Action.methodFieldName)\" value=\"\(escaped(method))\">"
        }
        form += "<button class=\"\(classes)\" type=\"submit\"\(lang)>\(title)</button></form>\n"
        return form
    }

    /// The page's style: one column, the system font, large tap targets, light and dark.
    private static let style = """
        body{margin:0;font:1.0625rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;\
        color:#1b1b1b;background:#fff}\
        main{max-width:36em;margin:0 auto;padding:2.5rem 1.25rem}\
        h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}\
        p{margin:0 0 1rem;overflow-wrap:anywhere}\
        .fields{margin:0 0 1rem;padding-left:1.25rem;overflow-wrap:anywhere}\
        .reference{color:#555;font-size:.9375rem}\
        .actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}\
        .actions form{margin:0}\
        .button{display:inline-block;box-sizing:border-box;min-height:44px;min-width:44px;\
        padding:.625rem 1.25rem;border:2px solid #0b57d0;border-radius:.5rem;background:transparent;\
        color:#0b57d0;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}\
        .button.recommended{background:#0b57d0;color:#fff}\
        .button.destructive{border-color:#b3261e;color:#b3261e}\
        .button:focus-visible{outline:3px solid #e37400;outline-offset:2px}\
        @media (prefers-color-scheme:dark){body{color:#e8e8e8;background:#121212}.reference{color:#b0b0b0}\
        .button{border-color:#8ab4f8;color:#8ab4f8}.button.recommended{background:#8ab4f8;color:#121212}\
        .button.destructive{border-color:#f2b8b5;color:#f2b8b5}}
        """
}
#endif
