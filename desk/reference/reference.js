// The desk's interactive API reference: Swagger UI from the fastapi-offline package, on the desk's own schema.
// Nothing is loaded from elsewhere: no validator badge (validatorUrl: null), no fonts, no CDN.
"use strict";
window.ui = SwaggerUIBundle({
  url: "/api/v1/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  validatorUrl: null,
  tryItOutEnabled: false,
  defaultModelsExpandDepth: 0,
});
