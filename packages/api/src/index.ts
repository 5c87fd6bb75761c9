/**
 * The API contract: every endpoint declared once, imported by the server (routes, validation,
 * OpenAPI) and by the web app (the typed client). One file per feature area.
 */
export * from './endpoint.ts';
export * from './paging.ts';
export * from './users.ts';
