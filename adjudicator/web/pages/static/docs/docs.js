// Start Swagger UI on the published document. Loaded as a file (the page's
// Content-Security-Policy allows no inline script) and fetching nothing but
// our own origin: validatorUrl is off, so no badge is requested elsewhere.
"use strict";

window.addEventListener("DOMContentLoaded", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = window.SwaggerUIBundle({
    url: root.getAttribute("data-spec-url"),
    domNode: root,
    // No deep links: Swagger UI puts each one, a link, inside the button that
    // opens its operation, which keyboards and screen readers cannot use.
    deepLinking: false,
    validatorUrl: null,
    tryItOutEnabled: false,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
